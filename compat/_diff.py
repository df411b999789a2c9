"""Running a corpus through two scorers: the stream behind ``faithcompat diff``.

Pure orchestration: records in, comparisons folded into a ``DriftAggregator``, a
``DriftReport`` out. Whoever calls it decides what to do with each comparison
(``on_comparison``: the CLI streams them to ``cases.jsonl``) and with each malformed
case (``on_error``: raise, or collect and go on).

The corpus is read in blocks of whole JSONL lines (``LineBlock``, 1 MiB). With
``jobs > 1`` each block is decoded, parsed, scored and compared in a worker process,
a few blocks per worker in flight at most, and the results are folded back in corpus
order, so the report is the same whatever the number of jobs. The parent only reads,
checks ids and aggregates.
"""

from __future__ import annotations

import multiprocessing
import pickle
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any, NamedTuple

from compat._aggregate import DriftAggregator, Tally, case_json_line, tally
from compat._compare import DEFAULT_TOLERANCE, compare
from compat._corpus import (
    DEFAULT_MAX_CASE_BYTES,
    CorpusDigest,
    DuplicateIds,
    LineBlock,
    RawCase,
    Record,
    iter_blocks,
)
from compat._errors import CaseError
from compat._golden import ExpectationFailure, check_expected
from compat._registry import Scorer, get_scorer
from compat._report import CorpusInfo, DriftReport, ScorersInfo

CHUNK_SIZE = 256  # cases per task when they come parsed (JSON arrays), not as a LineBlock
IN_FLIGHT_PER_JOB = 2  # one block being compared, one waiting: workers never idle, memory stays small


@dataclass(frozen=True)
class DiffSettings:
    control: str = "legacy"
    candidate: str = "ragas"
    candidate_options: dict[str, Any] = field(default_factory=dict)
    tolerance: float = DEFAULT_TOLERANCE
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES
    jobs: int = 1


class Compared(NamedTuple):
    """One compared case, as it leaves a worker: small, primitive, cheap to pickle."""

    tally: Tally
    line: str  # the cases.jsonl line
    source: str
    line_number: int
    failures: tuple[str, ...]  # expected outcomes that did not hold
    checked: bool  # the case had expected outcomes for either scorer

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickled by tuple.__new__, in C: the named tuple's own __new__ is Python code.
        return (tuple.__new__, (Compared, tuple(self)))


def tool_name() -> str:
    try:
        return f"faithcompat {version('faithcompat')}"
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "faithcompat"


def run_diff(
    sources: Iterable[str | Path],
    settings: DiffSettings,
    *,
    on_comparison: Callable[[Compared], None] | None = None,
    on_error: Callable[[CaseError], None] | None = None,
    source_names: list[str] | None = None,
) -> DriftReport:
    """Compare the two scorers of ``settings`` over ``sources`` and report."""
    sources = list(sources)
    digest = CorpusDigest()
    aggregator = DriftAggregator()
    skipped = 0
    ids = DuplicateIds()
    items = iter_blocks(sources, max_case_bytes=settings.max_case_bytes, digest=digest)
    for item in _compared_stream(items, settings):
        if isinstance(item, Compared):
            duplicate = ids.check_id(item.tally.case_id, item.source, item.line_number)
            if duplicate is None:
                aggregator.add(item.tally, item.line, item.failures, item.checked)
                if on_comparison is not None:
                    on_comparison(item)
                continue
            item = duplicate
        if on_error is None:
            raise item
        on_error(item)
        skipped += 1
    candidate_policy = settings.candidate_options.get("policy")
    return aggregator.report(
        tool=tool_name(),
        corpus=CorpusInfo(
            sources=source_names or [str(s) for s in sources],
            sha256=digest.hexdigest(),
            cases=aggregator.cases,
            skipped_invalid=skipped,
        ),
        scorers=ScorersInfo(
            control=settings.control,
            candidate=settings.candidate,
            candidate_policy=str(getattr(candidate_policy, "value", candidate_policy)) if candidate_policy else None,
            tolerance=settings.tolerance,
        ),
    )


# ------------------------------------------------------------------ the stream

_worker_scorers: tuple[Scorer, Scorer, float] | None = None


def _init_worker(settings: DiffSettings) -> None:
    global _worker_scorers
    _worker_scorers = _make_scorers(settings)


def _make_scorers(settings: DiffSettings) -> tuple[Scorer, Scorer, float]:
    return (
        get_scorer(settings.control),
        get_scorer(settings.candidate, **settings.candidate_options),
        settings.tolerance,
    )


def _compare_record(record: Record, scorers: tuple[Scorer, Scorer, float]) -> Compared | CaseError:
    loaded = record.parse() if isinstance(record, RawCase) else record
    if isinstance(loaded, CaseError):
        return loaded
    control_scorer, candidate_scorer, tolerance = scorers
    case = loaded.case
    control = control_scorer.score(case)
    candidate = candidate_scorer.score(case)
    failures: list[ExpectationFailure] = []
    checked = False
    if case.expected:  # most corpora carry no golden outcomes
        failures = check_expected(case, {control_scorer.name: control, candidate_scorer.name: candidate})
        checked = control_scorer.name in case.expected or candidate_scorer.name in case.expected
    comparison = compare(case, control, candidate, tolerance=tolerance)
    return Compared(
        tally(comparison),
        case_json_line(comparison),
        loaded.source,
        loaded.line,
        tuple(str(failure) for failure in failures),
        checked,
    )


Work = LineBlock | list[Record]  # what one task compares: a block of lines, or cases already read


def _compare_work(work: Work, scorers: tuple[Scorer, Scorer, float]) -> list[Compared | CaseError]:
    records = work.records() if isinstance(work, LineBlock) else work
    return [_compare_record(record, scorers) for record in records]


def _compare_in_worker(work: Work) -> list[Compared | CaseError]:
    assert _worker_scorers is not None
    try:
        return _compare_work(work, _worker_scorers)
    except Exception as error:
        # The pool re-raises a worker's exception in the parent, but one that does not
        # unpickle there (a required argument missing, say) hangs the pool instead.
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:
            raise RuntimeError(f"in a worker process: {type(error).__name__}: {error}") from None
        raise


def _work_units(items: Iterator[LineBlock | Record]) -> Iterator[Work]:
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


def _compared_stream(items: Iterator[LineBlock | Record], settings: DiffSettings) -> Iterator[Compared | CaseError]:
    if settings.jobs <= 1:
        scorers = _make_scorers(settings)
        for work in _work_units(items):
            yield from _compare_work(work, scorers)
        return
    # The platform's default start method (fork on Linux, spawn on macOS and Windows):
    # workers rebuild their scorers in _init_worker either way. At most IN_FLIGHT_PER_JOB
    # units per worker are read ahead, so memory does not grow with the corpus.
    window = IN_FLIGHT_PER_JOB * settings.jobs
    with multiprocessing.get_context().Pool(settings.jobs, initializer=_init_worker, initargs=(settings,)) as pool:
        pending: deque[AsyncResult[list[Compared | CaseError]]] = deque()
        for work in _work_units(items):
            pending.append(pool.apply_async(_compare_in_worker, (work,)))
            if len(pending) >= window:
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()
