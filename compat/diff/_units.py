"""What both engines run: a corpus cut into units of work, each compared case by case.

The local engine (``run_diff``) compares the units in worker processes, the Dask engine
(``compat.diff.dask``) in pieces on a cluster; both with ``compare_work`` and the scorers
of ``make_scorers``, and both merge the units in corpus order with ``fold`` and end with
``finish_report``: which is why their reports are the same, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from typing import Any, NamedTuple

from compat._errors import CaseError
from compat.cases import DEFAULT_MAX_CASE_BYTES, ArmName, LineBlock, RawCase, Record
from compat.composite import CompositeRule
from compat.diff._case_json import case_json_line
from compat.diff._golden import check_expected
from compat.diff._outcomes import CONTROL_ARM, DEFAULT_TOLERANCE
from compat.diff.aggregate import DriftAggregator, tally
from compat.diff.compare import CaseComparer, arm_read_by
from compat.diff.composite import CompositeAggregator
from compat.diff.model import CorpusInfo, DriftReport, ScorersInfo, VocabularyInfo
from compat.scoring import get_scorer, scorer_reader

CHUNK_SIZE = 256  # cases per task when they come parsed (JSON arrays), not as a LineBlock


@dataclass(frozen=True)
class DiffSettings:
    control: str = "legacy"
    candidate: str = "ragas"
    candidate_options: dict[str, Any] = field(default_factory=dict)
    tolerance: float = DEFAULT_TOLERANCE
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES
    jobs: int = 1
    detail: bool = True  # a differing case's cases.jsonl line keeps what each side read
    candidate_arm: ArmName | None = None  # what the candidate scores on cases graded both ways; None: its contract's
    control_arm: ArmName = CONTROL_ARM  # what the control scores on cases with per-arm recordings
    composite: tuple[CompositeRule, CompositeRule] | None = None  # --composite OLD,NEW: each case's line carries both

    @property
    def arm(self) -> ArmName:
        """The arm the candidate scores on cases graded both ways."""
        return arm_read_by(self.candidate) if self.candidate_arm is None else self.candidate_arm


class ComparedBatch(NamedTuple):
    """The compared cases of one block, in corpus order: what ``on_comparisons`` sees.

    Columns rather than an object per case: a worker ships them as a few lists.
    """

    case_ids: list[str]
    lines: list[str]  # the cases.jsonl lines
    outcomes: list[str]
    causes: list[str | None]
    control_passed: list[bool]

    @classmethod
    def empty(cls) -> ComparedBatch:
        """No case yet: the columns a unit's cases are appended to."""
        return cls([], [], [], [], [])


class UnitResult(NamedTuple):
    """One unit of work compared, as it leaves a worker."""

    batch: ComparedBatch
    sources: list[str]
    line_numbers: list[int]
    errors: list[tuple[int, CaseError]]  # (how many compared cases come before it, the error)
    aggregate: DriftAggregator
    compared: int  # cases read without error, the skipped ones included: how ``skip`` numbers them
    composite: CompositeAggregator | None  # with --composite


Work = LineBlock | list[Record]  # what one task compares: a block of lines, or cases already read


def faithcompat_version() -> str | None:
    """The installed faithcompat's version; ``None`` from a source tree that is not installed."""
    try:
        return version("faithcompat")
    except PackageNotFoundError:
        return None


def tool_name() -> str:
    release = faithcompat_version()
    return "faithcompat" if release is None else f"faithcompat {release}"


def composite_aggregator(settings: DiffSettings) -> CompositeAggregator | None:
    """An empty composite aggregate for the rules of ``settings`` (None without --composite)."""
    return None if settings.composite is None else CompositeAggregator(*settings.composite)


def fold(
    aggregator: DriftAggregator,
    aggregate: DriftAggregator,
    batch: ComparedBatch,
    errors: list[CaseError],
    *,
    on_comparisons: Callable[[ComparedBatch], None] | None,
    on_error: Callable[[CaseError], None] | None,
) -> int:
    """Merge the next unit of the corpus, in order: its errors first (raised without
    ``on_error``), then its aggregate and compared cases. Returns the errors skipped."""
    if errors:
        if on_error is None:
            raise errors[0]
        for error in errors:
            on_error(error)
    aggregator.merge(aggregate)
    if on_comparisons is not None and batch.case_ids:
        on_comparisons(batch)
    return len(errors)


def finish_report(
    aggregator: DriftAggregator,
    settings: DiffSettings,
    *,
    sources: list[str],
    sha256: str,
    skipped: int,
    composite: CompositeAggregator | None = None,
) -> DriftReport:
    """The report of a whole run: the merged aggregate (and composite), what was read, and which scorers.

    Raises ``InputError`` where an arm named on the command line is recorded on no case."""
    warnings = aggregator.steps.arms.check(
        {
            "control": (settings.control, settings.control_arm, settings.control_arm != CONTROL_ARM),
            "candidate": (settings.candidate, settings.arm, settings.candidate_arm is not None),
        }
    )
    report = aggregator.report(
        tool=tool_name(),
        corpus=CorpusInfo(sources=sources, sha256=sha256, cases=aggregator.cases, skipped_invalid=skipped),
        scorers=scorers_info(settings),
    )
    updates: dict[str, object] = {"faithcompat_version": faithcompat_version()}
    if warnings:
        updates["warnings"] = warnings
    if composite is not None:
        updates["composite"] = composite.drift()
    return report.model_copy(update=updates)


def scorers_info(settings: DiffSettings) -> ScorersInfo:
    """How a run with ``settings`` reads its corpus, as its report records it."""
    candidate_policy = settings.candidate_options.get("policy")
    vocabulary = settings.candidate_options.get("vocabulary")
    return ScorersInfo(
        control=settings.control,
        candidate=settings.candidate,
        candidate_policy=str(getattr(candidate_policy, "value", candidate_policy)) if candidate_policy else None,
        candidate_vocabulary=VocabularyInfo(**vocabulary.as_dict()) if vocabulary else None,
        tolerance=settings.tolerance,
        candidate_arm=settings.arm,
        control_arm=settings.control_arm,
        control_reader=scorer_reader(settings.control),
        candidate_reader=scorer_reader(settings.candidate),
    )


def make_scorers(settings: DiffSettings) -> CaseComparer:
    """The control and candidate scorers of ``settings``, compared case by case."""
    return CaseComparer(
        get_scorer(settings.control),
        get_scorer(settings.candidate, **settings.candidate_options),
        settings.tolerance,
        detail=settings.detail,
        candidate_arm=settings.arm,
        control_arm=settings.control_arm,
        composite=settings.composite,
    )


def compare_work(work: Work, comparer: CaseComparer, skip: frozenset[int] = frozenset()) -> UnitResult:
    """Compare every case of ``work`` but the compared cases numbered in ``skip`` (from 0)."""
    names = (comparer.control.name, comparer.candidate.name)
    aggregator = DriftAggregator()
    composite = None if comparer.composite is None else CompositeAggregator(*comparer.composite)
    batch = ComparedBatch.empty()
    sources: list[str] = []
    line_numbers: list[int] = []
    errors: list[tuple[int, CaseError]] = []
    compared = 0  # cases read without error so far, skipped ones included: the numbering of ``skip``
    for record in work.records() if isinstance(work, LineBlock) else work:
        loaded = record.parse() if isinstance(record, RawCase) else record
        if isinstance(loaded, CaseError):
            errors.append((compared, loaded))
            continue
        compared += 1
        if skip and compared - 1 in skip:
            continue
        case = loaded.case
        comparison = comparer.compare(case)
        failures: list[str] = []
        checked = False
        if case.expected:  # most corpora carry no golden outcomes
            scores = {names[0]: comparison.control, names[1]: comparison.candidate}
            failures = [str(f) for f in check_expected(case, scores)]
            checked = names[0] in case.expected or names[1] in case.expected
        item = tally(comparison)
        line = case_json_line(comparison)
        aggregator.add(item, line, failures, checked)
        if composite is not None:
            if comparison.composite is None:
                composite.add_without_metrics()
            else:
                composite.add(comparison.composite)
        batch.case_ids.append(item.case_id)
        batch.lines.append(line)
        batch.outcomes.append(item.outcome)
        batch.causes.append(item.cause)
        batch.control_passed.append(item.control_passed)
        sources.append(loaded.source)
        line_numbers.append(loaded.line)
    return UnitResult(
        batch=batch,
        sources=sources,
        line_numbers=line_numbers,
        errors=errors,
        aggregate=aggregator,
        compared=compared,
        composite=composite,
    )


def work_units(items: Iterator[LineBlock | Record]) -> Iterator[Work]:
    """Blocks as they come; other records (JSON-array cases, read errors) in batches."""
    batch: list[Record] = []
    for item in items:
        if isinstance(item, LineBlock):
            if batch:
                yield batch
                batch = []
            yield item
        else:
            batch.append(item)
            if len(batch) >= CHUNK_SIZE:
                yield batch
                batch = []
    if batch:
        yield batch
