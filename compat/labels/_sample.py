"""The cases worth a person's half hour, drawn from a corpus of any size in one pass.

Each case gets a priority from its id and the seed alone (``priority``), so the same
seed draws the same cases from the same corpus, whatever its order, and a case keeps its
priority when others are added or graded again. The pass keeps the ``PRESAMPLE`` cases
of lowest priority (a bottom-k sample: a heap of fixed size, so memory stays flat, the
cases in it unparsed where the corpus is JSONL) and compares them after the pass: k
cases parsed and compared for a corpus of any size, every other one only read for its
id. The sample is then drawn from that uniform presample (all of a corpus smaller than
it): first the cases whose difference rests on a reading nobody checked
(``unchecked_reading``), spread over their outcomes and causes, up to
``UNCHECKED_SHARE`` of the sample; then a stratified sample of the other cases, one
from each outcome and cause, then more by priority (a uniform draw); unchecked ones
again where the others run out. Cases already labelled are added beyond the sample, so
a page never hides a label.
"""

from __future__ import annotations

import hashlib
import heapq
import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from compat.cases import Case, LazyCase
from compat.diff import CaseComparer, Comparison, Outcome, Step, legacy_bug_alone
from compat.labels._label import Label
from compat.labels._load import LabelSet, check_labels

# One person reads a case's statements (about four) in its grader text and answers two
# keys each: about 45 seconds a case, so 40 cases is half an hour.
DEFAULT_CASES = 40
PRESAMPLE = 10_000  # the uniform presample the sample is drawn from: its rare strata are 1 case in 10,000
UNCHECKED_SHARE = 2 / 3  # of the sample, at most, to unchecked readings: the rest is stratified over all
_DIFFERING = (Outcome.FLIP, Outcome.DRIFT, Outcome.CANDIDATE_UNDETERMINED, Outcome.LEGACY_INVALID)
_ARM_STEPS = (Step.PROMPTS, Step.MODEL, Step.VERIFIER)


class SampledCase(NamedTuple):
    """A case drawn for labelling, with what the comparison found and why it was drawn."""

    case: Case
    outcome: str
    cause: str | None
    why: str
    priority: int

    @property
    def stratum(self) -> tuple[str, str]:
        return self.outcome, self.cause or ""


class LabelSample(NamedTuple):
    """The cases to label, in the page's order, and how they were drawn."""

    cases: tuple[SampledCase, ...]
    read: int  # cases in the corpus
    compared: int  # cases compared to draw it (each case that entered the presample)
    presampled: int  # the presample's size
    unchecked: int  # of the presample, cases whose difference rests on an unchecked reading
    resumed: int  # cases added beyond the sample because they hold labels already
    seed: int
    labels: LabelSet  # the labels given, set against the corpus in the same pass


def priority(seed: int, case_id: str) -> int:
    """A case's place in the draw: 64 bits of BLAKE2b over the seed and the id (not Python's salted hash)."""
    data = f"{seed}\x00{case_id}".encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def unchecked_reading(comparison: Comparison) -> str | None:
    """Why the case's difference rests on a reading no person has checked, or None.

    A flip or drift a legacy bug is said to excuse (the parser's word that legacy misread);
    the two readers reading one text differently; the LLM and HHEM judging a statement
    differently; the arms' graders judging differently.
    """
    outcome, cause = comparison.outcome, comparison.cause
    if outcome in (Outcome.FLIP, Outcome.DRIFT) and cause is not None and legacy_bug_alone(comparison):
        return f"{outcome.value} excused as legacy's bug ({cause.value}): is that the reading?"
    steps = comparison.decomposition
    if steps is not None and steps.parser_outcome is not Outcome.MATCH:
        return "the two readers read the control arm's text differently"
    pairs, _unpaired = comparison.statement_pairs
    if any(pair.control != pair.candidate for pair in pairs):
        return "the LLM and HHEM judge a statement differently"
    if steps is not None and steps.step in _ARM_STEPS:
        return f"the arms' graders judge differently ({steps.step.value})"
    if steps is None and outcome in _DIFFERING:
        return "the two readers read the grader's text differently"
    return None


def draw_sample(
    cases: Iterable[Case | LazyCase],
    comparer: CaseComparer,
    *,
    size: int = DEFAULT_CASES,
    seed: int = 0,
    labels: Sequence[Label] = (),
    presample: int = PRESAMPLE,
) -> LabelSample:
    """``size`` cases of ``cases`` to label, drawn as the module says (a ``LazyCase`` is parsed
    only if it ends in the presample or holds a label). ``labels``, the labels made so far,
    are set against the corpus in the same pass (``check_labels``): the cases holding
    current ones are added beyond the draw where it leaves them out."""
    labelled = {label.case_id for label in labels}
    heap: list[tuple[int, str, Case | LazyCase]] = []  # (-priority, id, case): the largest priority on top
    held: dict[str, Case | LazyCase] = {}  # the cases some label names, wherever their priority
    read = 0
    for item in cases:
        read += 1
        key = priority(seed, item.id)
        if item.id in labelled:
            held[item.id] = item
        if len(heap) < presample:
            heapq.heappush(heap, (-key, item.id, item))
        elif -heap[0][0] > key:
            heapq.heapreplace(heap, (-key, item.id, item))
        # else: most cases of a large corpus, never parsed, never compared
    loaded: dict[str, Case] = {}

    def load(item: Case | LazyCase) -> Case:
        if item.id not in loaded:
            loaded[item.id] = item.load() if isinstance(item, LazyCase) else item
        return loaded[item.id]

    compared: dict[str, SampledCase] = {}

    def compare(item: Case | LazyCase) -> SampledCase:
        if item.id not in compared:
            case = load(item)
            compared[item.id] = _sampled(case, comparer.compare(case), priority(seed, case.id))
        return compared[item.id]

    pool = sorted((compare(item) for _key, _id, item in heap), key=lambda sampled: sampled.priority)
    checked_labels = check_labels(labels, [load(item) for item in held.values()])
    unchecked = [item for item in pool if item.why.startswith("unchecked: ")]
    chosen = _spread(unchecked, min(len(unchecked), math.ceil(size * UNCHECKED_SHARE)))
    checked = [item for item in pool if not item.why.startswith("unchecked: ")]
    chosen += _spread(checked, size - len(chosen))
    ids = {item.case.id for item in chosen}
    chosen += _spread([item for item in unchecked if item.case.id not in ids], size - len(chosen))  # too few checked
    current = {label.case_id for label in checked_labels.current}
    ids = {item.case.id for item in chosen}
    resumed = [
        compare(item)._replace(why=f"labelled already; {compare(item).why}")
        for item in held.values()
        if item.id not in ids and item.id in current
    ]
    return LabelSample(
        cases=tuple(chosen + sorted(resumed, key=lambda item: item.priority)),
        read=read,
        compared=len(compared),
        presampled=len(pool),
        unchecked=len(unchecked),
        resumed=len(resumed),
        seed=seed,
        labels=checked_labels,
    )


def _sampled(case: Case, comparison: Comparison, key: int) -> SampledCase:
    outcome, cause = comparison.outcome.value, None if comparison.cause is None else comparison.cause.value
    reason = unchecked_reading(comparison)
    why = f"unchecked: {reason}" if reason else f"stratum: {outcome}" + (f" / {cause}" if cause else "")
    return SampledCase(case, outcome, cause, why, key)


def _spread(items: Sequence[SampledCase], quota: int) -> list[SampledCase]:
    """Up to ``quota`` of ``items`` (in priority order): first one from each outcome and cause,
    the strata taken in the order of their first item (so which ones a small quota reaches is
    the seed's draw, not the alphabet's), then the rest in priority order: a uniform draw, so
    a common stratum gets its share once each rare one has its case."""
    firsts: dict[tuple[str, str], SampledCase] = {}
    for item in items:
        firsts.setdefault(item.stratum, item)
    chosen = list(firsts.values())[: max(quota, 0)]
    taken = {item.case.id for item in chosen}
    for item in items:
        if len(chosen) >= quota:
            break
        if item.case.id not in taken:
            chosen.append(item)
    return chosen
