"""Streaming aggregation of comparisons into a ``DriftReport``.

Memory is flat in the number of cases: running counters, a histogram of deltas on a
fixed grid (1e-4 wide within [-1, 1]; outliers counted apart with exact extremes),
the first few example ids per cause, and a bounded heap of the largest drifts.
Percentiles are read off the grid, so they are exact to 1e-4.

Aggregators merge: a worker process folds the cases of one block into its own
``DriftAggregator`` and ships that, and the parent merges blocks in corpus order. The
result is the same however the corpus is split, because nothing depends on where a
block ends: counters add, lists keep their first entries in corpus order, the largest
drifts are a top-k, and sums are exact (``ExactSum``), so a mean is the true mean,
correctly rounded, not an artefact of the order of additions.
"""

from __future__ import annotations

import heapq
import itertools
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from compat._text import encode_float
from compat.cases import TOOL_TAG_PREFIX
from compat.diff._aggregate_steps import StepsAggregator
from compat.diff._compare import CAUSE_DESCRIPTIONS, CONTROL_BUGS, Comparison, DriftCause, Outcome
from compat.diff._decompose import Decomposition
from compat.diff._detail import detail_json, detail_record
from compat.diff._numbers import ExactSum
from compat.diff._observed import ObservedCheck
from compat.diff._report import (
    FLIP_COLUMNS,
    FLIP_ROWS,
    INVALID_KINDS,
    ArmMean,
    CaseLine,
    CauseRow,
    CohortRow,
    CorpusInfo,
    DeltaStats,
    DriftReport,
    ExpectationSummary,
    HistogramBin,
    ScorersInfo,
    TrustedAgreement,
)
from compat.scoring import Status

EXAMPLES_PER_CAUSE = 5
LARGEST_DRIFTS = 10
MAX_FAILURES_LISTED = 20
PERCENTILES = (1, 5, 25, 50, 75, 95, 99)
_GRID = 10_000  # delta keys: round(delta * _GRID) within [-_GRID, _GRID]
HISTOGRAM_EDGES = tuple(round(-1 + i * 0.1, 1) for i in range(21))
_MATCH = Outcome.MATCH.value
_UNEXPLAINED = DriftCause.UNEXPLAINED.value
_WITHIN_NOISE = Outcome.WITHIN_NOISE.value
_CONTROL_BUGS = frozenset(cause.value for cause in CONTROL_BUGS)
# The flip matrix's off-diagonal cells, by the name a cause's flips go by.
_FLIP_KINDS = {("pass", "fail"): "pass_to_fail", ("fail", "pass"): "fail_to_pass"}


def cohort_tags(tags: tuple[str, ...]) -> tuple[str, ...]:
    """The tags that name cohorts: all but faithcompat's own (``faithcompat:shadow``...)."""
    return (
        tags
        if not any(tag.startswith(TOOL_TAG_PREFIX) for tag in tags)
        else tuple(tag for tag in tags if not tag.startswith(TOOL_TAG_PREFIX))
    )


class Tally(NamedTuple):
    """What the aggregation needs of one comparison: primitives only."""

    case_id: str
    tags: tuple[str, ...]  # the cohorts: the case's tags but faithcompat's own
    outcome: str
    cause: str | None
    delta: float | None
    control_value: float | None
    control_passed: bool
    control_scored: bool
    candidate_value: float | None
    candidate_passed: bool
    candidate_determined: bool
    decomposition: Decomposition | None = None
    observed: ObservedCheck | None = None


def tally(comparison: Comparison) -> Tally:
    control, candidate = comparison.control, comparison.candidate
    return Tally(
        comparison.case_id,
        cohort_tags(comparison.tags),
        comparison.outcome.value,
        comparison.cause.value if comparison.cause else None,
        comparison.delta,
        control.value,
        control.passed,
        control.status is Status.SCORED,
        candidate.value,
        candidate.passed,
        candidate.status is Status.SCORED,
        comparison.decomposition,
        comparison.observed,
    )


def case_record(comparison: Comparison) -> dict[str, Any]:
    """One compared case in the shape of ``CaseLine`` (cases.jsonl), built without validation."""
    control, candidate = comparison.control, comparison.candidate
    return {
        "id": comparison.case_id,
        "tags": list(comparison.tags),
        "outcome": comparison.outcome.value,
        "cause": comparison.cause.value if comparison.cause else None,
        "delta": comparison.delta,
        "control_score": encode_float(control.value),
        "control_passed": control.passed,
        "control_reason": control.reason,
        "candidate_score": encode_float(candidate.value),
        "candidate_passed": candidate.passed,
        "candidate_status": candidate.status.value,
        "candidate_cause": candidate.cause.value if candidate.cause else None,
        "candidate_format": candidate.format.value if candidate.format else None,
        "candidate_warnings": [w.value for w in candidate.warnings],
        "candidate_reason": candidate.reason,
        **_rare_fields(comparison),
    }


def _rare_fields(comparison: Comparison) -> dict[str, Any]:
    """The per-case sections only some cases have (both arms recorded, a recorded score, a difference)."""
    fields = _sections(comparison)
    if comparison.detail is not None:
        fields["detail"] = detail_record(comparison.detail)
    return fields


def _sections(comparison: Comparison) -> dict[str, Any]:
    """The decomposition and the recorded-score check, where the case has them."""
    fields: dict[str, Any] = {}
    steps = comparison.decomposition
    if steps is not None:
        fields["decomposition"] = {
            "middle_score": encode_float(steps.middle.value),
            "middle_passed": steps.middle.passed,
            "parser_outcome": steps.parser_outcome.value,
            "parser_cause": steps.parser_cause.value if steps.parser_cause else None,
            "parser_delta": steps.parser_delta,
            "prompt_delta": steps.prompt_delta,
            "step": steps.step.value if steps.step else None,
            "samples": steps.samples,
            "control_spread": steps.control_spread,
            "candidate_spread": steps.candidate_spread,
            "noise_floor": steps.noise_floor,
            "pairs_matched": steps.pairs_matched,
            "pairs_within_noise": steps.pairs_within_noise,
        }
    observed = comparison.observed
    if observed is not None:
        fields["observed"] = {
            "score": encode_float(observed.score),
            "passed": observed.passed,
            "exact": observed.exact,
            "generations": list(observed.generations),
            "regraded": observed.regraded,
            "regraded_reproduced": observed.regraded_reproduced,
            "first_reproduced": observed.first_reproduced,
        }
    return fields


def case_json_line(comparison: Comparison) -> str:
    """The cases.jsonl line of a comparison; ASCII-escaped so lone surrogates survive.

    Exactly ``json.dumps(case_record(comparison), ensure_ascii=True) + "\\n"`` (a test
    holds it to that), built from a template: the dict and the generic encoder cost
    more than scoring the case.
    """
    control, candidate = comparison.control, comparison.candidate
    cause, candidate_cause, candidate_format = comparison.cause, candidate.cause, candidate.format
    return (
        f'{{"id": {_quote(comparison.case_id)}, "tags": [{", ".join(map(_quote, comparison.tags))}], '
        f'"outcome": {_quote(comparison.outcome)}, '
        f'"cause": {"null" if cause is None else _quote(cause)}, '
        f'"delta": {_json_scalar(comparison.delta)}, '
        f'"control_score": {_json_scalar(encode_float(control.value))}, '
        f'"control_passed": {"true" if control.passed else "false"}, '
        f'"control_reason": {_quote(control.reason)}, '
        f'"candidate_score": {_json_scalar(encode_float(candidate.value))}, '
        f'"candidate_passed": {"true" if candidate.passed else "false"}, '
        f'"candidate_status": {_quote(candidate.status)}, '
        f'"candidate_cause": {"null" if candidate_cause is None else _quote(candidate_cause)}, '
        f'"candidate_format": {"null" if candidate_format is None else _quote(candidate_format)}, '
        f'"candidate_warnings": [{", ".join(map(_quote, candidate.warnings))}], '
        f'"candidate_reason": {_quote(candidate.reason)}'
        + (
            ""
            if comparison.decomposition is None and comparison.observed is None and comparison.detail is None
            else _rare_json(comparison)
        )
        + "}\n"
    )


def _rare_json(comparison: Comparison) -> str:
    """The rare sections as json.dumps writes them after the other keys (", " and each key)."""
    parts = [f", {_quote(key)}: {json.dumps(value, ensure_ascii=True)}" for key, value in _sections(comparison).items()]
    if comparison.detail is not None:
        parts.append(f', "detail": {detail_json(comparison.detail)}')
    return "".join(parts)


# The C string encoder behind json.dumps(..., ensure_ascii=True). The enums here are str
# enums: it writes a member's value without the (slow, on 3.11) ``.value`` lookup.
_quote: Callable[[str], str] = json.encoder.encode_basestring_ascii


def _json_scalar(value: float | str | None) -> str:
    """A scalar as json.dumps writes it."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return _quote(value)
    if type(value) is float and math.isfinite(value):
        return float.__repr__(value)
    return json.dumps(value)  # ints, and what json.dumps writes for NaN and infinities


def parse_case_line(line: str) -> CaseLine:
    return CaseLine.model_validate(json.loads(line))


def _example(line: str) -> CaseLine:
    """A case line as the report shows it among its examples: without the detail (cases.jsonl has it)."""
    return parse_case_line(line).model_copy(update={"detail": None})


def _side(determined: bool, passed: bool) -> str:
    if not determined:
        return "undetermined"
    return "pass" if passed else "fail"


# (control passed, candidate determined, candidate passed) -> its cell of the flip matrix.
_FLIP_CELLS: dict[tuple[bool, bool, bool], tuple[str, str]] = {
    (control, determined, passed): (_side(True, control), _side(determined, passed))
    for control in (False, True)
    for determined in (False, True)
    for passed in (False, True)
}


class DriftAggregator:
    """Fold tallies one at a time; ``report()`` whenever the stream ends."""

    def __init__(self) -> None:
        self.cases = 0
        self.outcomes: Counter[str] = Counter()
        self.causes: Counter[str] = Counter()
        self.cause_outcomes: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.examples: defaultdict[str, list[str]] = defaultdict(list)
        self.cohorts: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.cohort_unexplained: Counter[str] = Counter()
        self.flips: Counter[tuple[str, str]] = Counter()
        self.cause_flips: defaultdict[str, Counter[str]] = defaultdict(Counter)
        # where the control is trusted: cases, matches, within_noise; and why the others are not
        self.trusted: Counter[str] = Counter()
        self.legacy_invalid: Counter[str] = Counter()
        self.sums = {"control": ExactSum(), "candidate": ExactSum()}
        self.counts = {"control": 0, "candidate": 0}
        self.delta_grid: Counter[int] = Counter()
        self.delta_count = 0
        self.delta_sum = ExactSum()
        self.delta_min = math.inf
        self.delta_max = -math.inf
        self._largest: list[tuple[float, tuple[int, ...], str]] = []
        self.expectations_checked = 0
        self.expectation_failures: list[str] = []
        self.expectation_failure_count = 0
        self.steps = StepsAggregator()  # graded and imported cases' own sections

    def add(self, item: Tally, line: str = "", failures: Sequence[str] = (), checked: bool = False) -> None:
        """Fold one case. ``line`` is its cases.jsonl line, kept only among the largest drifts."""
        self.cases += 1
        outcome, cause = item.outcome, item.cause
        self.outcomes[outcome] += 1
        for tag in item.tags:
            self.cohorts[tag][outcome] += 1
        if cause is not None:
            self.causes[cause] += 1
            self.cause_outcomes[cause][outcome] += 1
            if len(self.examples[cause]) < EXAMPLES_PER_CAUSE:
                self.examples[cause].append(item.case_id)
            if cause == _UNEXPLAINED:
                for tag in item.tags:
                    self.cohort_unexplained[tag] += 1
        if item.control_scored:
            cell = _FLIP_CELLS[item.control_passed, item.candidate_determined, item.candidate_passed]
            self.flips[cell] += 1
            if cause is not None and cell in _FLIP_KINDS:
                self.cause_flips[cause][_FLIP_KINDS[cell]] += 1
        value = item.control_value
        valid = False
        if value is not None:
            if 0.0 <= value <= 1.0:
                self.sums["control"].add(value)
                self.counts["control"] += 1
                valid = item.control_scored
            elif math.isnan(value):
                self.legacy_invalid["nan"] += 1
            elif math.isinf(value):
                self.legacy_invalid["infinite"] += 1
            else:
                self.legacy_invalid["negative" if value < 0 else "above_one"] += 1
        trusted = valid and cause not in _CONTROL_BUGS
        if trusted:
            self.trusted["cases"] += 1
            self.trusted[outcome] += 1
        else:
            self.trusted["control_bug" if valid else "control_invalid"] += 1
        if item.decomposition is not None or item.observed is not None:
            self.steps.add(item, trusted)
        if item.candidate_value is not None and math.isfinite(item.candidate_value):
            self.sums["candidate"].add(item.candidate_value)
            self.counts["candidate"] += 1
        delta = item.delta
        if delta is not None:
            self.delta_count += 1
            self.delta_sum.add(delta)
            if delta < self.delta_min:
                self.delta_min = delta
            if delta > self.delta_max:
                self.delta_max = delta
            if -1.0 <= delta <= 1.0:
                self.delta_grid[round(delta * _GRID)] += 1
            else:
                self.delta_grid[_GRID + 1 if delta > 0 else -_GRID - 1] += 1
            size = abs(delta)
            full = len(self._largest) >= LARGEST_DRIFTS
            if outcome != _MATCH and (not full or size >= self._largest[0][0]):  # most cases stop here
                self._offer_largest((size, _reverse(item.case_id), line))
        if checked:
            self.expectations_checked += 1
        if failures:
            self.expectation_failure_count += 1
            room = MAX_FAILURES_LISTED - len(self.expectation_failures)
            self.expectation_failures.extend(failures[: max(room, 0)])

    def _offer_largest(self, entry: tuple[float, tuple[int, ...], str]) -> None:
        """Keep ``entry`` if it is among the LARGEST_DRIFTS largest (|delta|, then id) so far."""
        if len(self._largest) < LARGEST_DRIFTS:
            heapq.heappush(self._largest, entry)
        elif entry[:2] > self._largest[0][:2]:
            heapq.heapreplace(self._largest, entry)

    def merge(self, other: DriftAggregator) -> None:
        """Fold in ``other``, the aggregate of the cases that follow this one's in the corpus.

        The result equals adding the other's cases here one by one (a test holds it to that).
        """
        self.cases += other.cases
        self.outcomes.update(other.outcomes)
        self.causes.update(other.causes)
        for cause, counts in other.cause_outcomes.items():
            self.cause_outcomes[cause].update(counts)
        for cause, ids in other.examples.items():
            kept = self.examples[cause]
            kept.extend(ids[: max(EXAMPLES_PER_CAUSE - len(kept), 0)])
        for tag, counts in other.cohorts.items():
            self.cohorts[tag].update(counts)
        self.cohort_unexplained.update(other.cohort_unexplained)
        self.flips.update(other.flips)
        for cause, kinds in other.cause_flips.items():
            self.cause_flips[cause].update(kinds)
        self.trusted.update(other.trusted)
        self.legacy_invalid.update(other.legacy_invalid)
        for arm in ("control", "candidate"):
            self.sums[arm].merge(other.sums[arm])
            self.counts[arm] += other.counts[arm]
        self.delta_grid.update(other.delta_grid)
        self.delta_count += other.delta_count
        self.delta_sum.merge(other.delta_sum)
        self.delta_min = min(self.delta_min, other.delta_min)
        self.delta_max = max(self.delta_max, other.delta_max)
        for entry in other._largest:  # the top LARGEST_DRIFTS of the union: order does not matter
            self._offer_largest(entry)
        self.steps.merge(other.steps)
        self.expectations_checked += other.expectations_checked
        self.expectation_failure_count += other.expectation_failure_count
        room = MAX_FAILURES_LISTED - len(self.expectation_failures)
        self.expectation_failures.extend(other.expectation_failures[: max(room, 0)])

    def report(self, *, tool: str, corpus: CorpusInfo, scorers: ScorersInfo) -> DriftReport:
        unexplained = self.causes[_UNEXPLAINED]
        matches = self.outcomes[_MATCH]
        agreement, beyond_noise = self.steps.agreements(self.cases, matches, self.outcomes[_WITHIN_NOISE])
        return DriftReport(
            tool=tool,
            verdict=self.verdict_line(),
            corpus=corpus,
            scorers=scorers,
            outcomes={outcome.value: self.outcomes[outcome.value] for outcome in Outcome},
            explained=self.cases - matches - unexplained,
            unexplained=unexplained,
            causes=[
                CauseRow(
                    cause=cause,
                    description=CAUSE_DESCRIPTIONS[DriftCause(cause)],
                    count=count,
                    outcomes=dict(sorted(self.cause_outcomes[cause].items())),
                    examples=self.examples[cause],
                    flips={kind: self.cause_flips[cause][kind] for kind in _FLIP_KINDS.values()},
                )
                for cause, count in sorted(self.causes.items(), key=lambda item: (-item[1], item[0]))
            ],
            cohorts=[
                CohortRow(
                    tag=tag,
                    cases=sum(counts.values()),
                    outcomes=dict(sorted(counts.items())),
                    unexplained=self.cohort_unexplained[tag],
                    agreement=counts[_MATCH] / sum(counts.values()),
                )
                for tag, counts in sorted(self.cohorts.items())
            ],
            flip_matrix={
                control: {candidate: self.flips[(control, candidate)] for candidate in FLIP_COLUMNS}
                for control in FLIP_ROWS
            },
            legacy_invalid={kind: self.legacy_invalid[kind] for kind in INVALID_KINDS},
            means={
                arm: ArmMean(
                    mean=self.sums[arm].mean(self.counts[arm]) if self.counts[arm] else None, count=self.counts[arm]
                )
                for arm in ("control", "candidate")
            },
            agreement=agreement,
            deltas=self._delta_stats(),
            largest_drifts=[_example(entry[2]) for entry in sorted(self._largest, reverse=True) if entry[2]],
            expectations=ExpectationSummary(
                checked=self.expectations_checked,
                failed=self.expectation_failure_count,
                failures=self.expectation_failures,
            ),
            agreement_beyond_noise=beyond_noise,
            decomposition=self.steps.decomposition(),
            noise=self.steps.noise(),
            observed=self.steps.observed_summary(),
            trusted_agreement=self._trusted_agreement(),
        )

    def _trusted_agreement(self) -> TrustedAgreement:
        counts = self.trusted
        agreement, beyond_noise = self.steps.agreements(
            counts["cases"], counts[_MATCH], counts[_WITHIN_NOISE], trusted=True
        )
        return TrustedAgreement(
            cases=counts["cases"],
            control_invalid=counts["control_invalid"],
            control_bug=counts["control_bug"],
            agreement=agreement,
            agreement_beyond_noise=beyond_noise,
        )

    def verdict_line(self) -> str:
        o = self.outcomes
        differing = self.cases - o[_MATCH]
        unexplained = self.causes[_UNEXPLAINED]
        return (
            f"{self.cases} cases: {o[_MATCH]} match, {o[Outcome.DRIFT.value]} drift, "
            f"{o[Outcome.FLIP.value]} flips, {o[Outcome.CANDIDATE_UNDETERMINED.value]} undetermined, "
            f"{o[Outcome.LEGACY_INVALID.value]} legacy invalid"
            + (f", {o[Outcome.SCORER_ERROR.value]} scorer errors" if o[Outcome.SCORER_ERROR.value] else "")
            + (f", {o[_WITHIN_NOISE]} within noise" if o[_WITHIN_NOISE] else "")
            + f" ({differing - unexplained} of {differing} "
            f"differences explained, {unexplained} unexplained)"
        )

    def _delta_stats(self) -> DeltaStats:
        count = self.delta_count
        keys = sorted(self.delta_grid)
        percentiles = {f"p{p}": self._percentile(keys, p) if count else None for p in PERCENTILES}
        histogram = []
        for low, high in itertools.pairwise(HISTOGRAM_EDGES):
            lo, hi = round(low * _GRID), round(high * _GRID)
            last = high == HISTOGRAM_EDGES[-1]
            n = sum(c for k, c in self.delta_grid.items() if lo <= k < hi or (last and k == hi))
            histogram.append(HistogramBin(low=low, high=high, count=n))
        below, above = self.delta_grid[-_GRID - 1], self.delta_grid[_GRID + 1]
        if below:
            histogram.insert(0, HistogramBin(low=self.delta_min, high=-1.0, count=below))
        if above:
            histogram.append(HistogramBin(low=1.0, high=self.delta_max, count=above))
        return DeltaStats(
            count=count,
            mean=self.delta_sum.mean(count) if count else None,
            min=self.delta_min if count else None,
            max=self.delta_max if count else None,
            percentiles=percentiles,
            histogram=histogram,
        )

    def _percentile(self, keys: list[int], p: int) -> float:
        """Nearest-rank percentile on the grid (outliers report the exact extremes)."""
        rank = max(1, math.ceil(p / 100 * self.delta_count))
        seen = 0
        for key in keys:
            seen += self.delta_grid[key]
            if seen >= rank:
                if key > _GRID:
                    return self.delta_max
                if key < -_GRID:
                    return self.delta_min
                return key / _GRID
        return self.delta_max


def _reverse(text: str) -> tuple[int, ...]:
    """A key that sorts ids in reverse, so that ties in |delta| keep the smaller id."""
    return tuple(-ord(c) for c in text)
