"""Running a corpus through two scorers: the stream behind ``faithcompat diff``.

Pure orchestration: records in, a ``DriftReport`` out. Whoever calls it decides what
to do with the compared cases (``on_comparisons``, once per block: the CLI streams
them to ``cases.jsonl``) and with each malformed case (``on_error``: raise, or collect
and go on).

The corpus is read in blocks of whole JSONL lines (``LineBlock``, 1 MiB). Each block
is decoded, parsed, scored, compared and folded into the block's own
``DriftAggregator``: in a worker process when ``jobs > 1``, a few blocks per worker in
flight at most. The parent merges the blocks in corpus order and checks ids across
them, so the report is the same whatever the number of jobs, and the parent does
almost nothing per case, which leaves the cores to the workers. A block holding a
repeated id is compared again in the parent without that case (rare; it only costs
time).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NamedTuple

from compat._errors import CaseError, WorkerError
from compat.cases import (
    DEFAULT_MAX_CASE_BYTES,
    ArmName,
    CorpusDigest,
    DuplicateIds,
    LineBlock,
    RawCase,
    ReadPosition,
    Record,
    iter_blocks,
)
from compat.composite import CompositeRule
from compat.diff._aggregate import DriftAggregator
from compat.diff._case_json import case_json_line
from compat.diff._compare import arm_read_by
from compat.diff._comparer import CaseComparer
from compat.diff._composite_fold import CompositeAggregator
from compat.diff._golden import check_expected
from compat.diff._outcomes import CONTROL_ARM, DEFAULT_TOLERANCE
from compat.diff._report import CorpusInfo, DriftReport, ScorersInfo, VocabularyInfo
from compat.diff._tally import tally
from compat.scoring import get_scorer

CHUNK_SIZE = 256  # cases per task when they come parsed (JSON arrays), not as a LineBlock
IN_FLIGHT_PER_JOB = 2  # one block being compared, one waiting: workers never idle, memory stays small
MAX_JOBS = 128  # each worker is an interpreter (~40 MB): --jobs 10000 would exhaust memory, not speed anything up


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


class _BlockResult(NamedTuple):
    """One unit of work compared, as it leaves a worker."""

    batch: ComparedBatch
    sources: list[str]
    line_numbers: list[int]
    errors: list[tuple[int, CaseError]]  # (how many compared cases come before it, the error)
    aggregate: DriftAggregator
    compared: int  # cases read without error, the skipped ones included: how ``skip`` numbers them
    composite: CompositeAggregator | None  # with --composite


Work = LineBlock | list[Record]  # what one task compares: a block of lines, or cases already read


def tool_name() -> str:
    try:
        return f"faithcompat {version('faithcompat')}"
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "faithcompat"


def run_diff(
    sources: Iterable[str | Path],
    settings: DiffSettings,
    *,
    on_comparisons: Callable[[ComparedBatch], None] | None = None,
    on_error: Callable[[CaseError], None] | None = None,
    source_names: list[str] | None = None,
    on_read: Callable[[int], None] | None = None,
) -> DriftReport:
    """Compare the two scorers of ``settings`` over ``sources`` and report.

    ``on_read``, before each unit of work is merged: the bytes of the corpus's files (as
    stored, gzip compressed; standard input counts nothing) read up to that unit's end.
    """
    sources = list(sources)
    digest = CorpusDigest()
    position = ReadPosition()
    aggregator = DriftAggregator()
    composite = composite_aggregator(settings)
    skipped = 0
    ids = DuplicateIds()
    local: list[CaseComparer] = []  # the parent's own scorers, made when a repeated id first needs them
    items = iter_blocks(sources, max_case_bytes=settings.max_case_bytes, digest=digest, position=position)
    read_to: deque[int] = deque()  # per unit in flight, in order: where reading stood when it was cut
    for work, result in _compared_stream(_noting_position(_work_units(items), position, read_to), settings):
        repeated, errors = _check_ids(result, ids)
        if repeated:
            if not local:
                local.append(_make_scorers(settings))
            result = _compare_work(work, local[0], skip=repeated)
        read = read_to.popleft()
        if on_read is not None:
            on_read(read)
        skipped += fold(aggregator, result.aggregate, result.batch, errors, on_comparisons, on_error)
        if composite is not None and result.composite is not None:
            composite.merge(result.composite)
    sources_named = source_names or [str(s) for s in sources]
    return finish_report(aggregator, settings, sources_named, digest.hexdigest(), skipped, composite)


def composite_aggregator(settings: DiffSettings) -> CompositeAggregator | None:
    """An empty composite aggregate for the rules of ``settings`` (None without --composite)."""
    return None if settings.composite is None else CompositeAggregator(*settings.composite)


def fold(
    aggregator: DriftAggregator,
    aggregate: DriftAggregator,
    batch: ComparedBatch,
    errors: list[CaseError],
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
    updates: dict[str, object] = {"warnings": warnings} if warnings else {}
    if composite is not None:
        updates["composite"] = composite.drift()
    return report.model_copy(update=updates) if updates else report


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
    )


def _check_ids(result: _BlockResult, ids: DuplicateIds) -> tuple[frozenset[int], list[CaseError]]:
    """The block's cases whose id came earlier in the corpus, and all its errors in corpus order."""
    repeated: list[tuple[int, CaseError]] = []
    check = ids.check_id
    for index, (case_id, source, number) in enumerate(
        zip(result.batch.case_ids, result.sources, result.line_numbers, strict=True)
    ):
        error = check(case_id, source, number)
        if error is not None:
            repeated.append((index, error))
    if not repeated:
        return frozenset(), [error for _, error in result.errors]
    # A read error counted before compared case i comes before the repeat that is case i.
    ordered = sorted(
        [((position, 0), error) for position, error in result.errors]
        + [((index, 1), error) for index, error in repeated],
        key=lambda item: item[0],
    )
    return frozenset(index for index, _ in repeated), [error for _, error in ordered]


# ------------------------------------------------------------------ the stream

_worker_scorers: CaseComparer | None = None


# How long a worker lives on after a SIGTERM: sending a result takes milliseconds.
WORKER_GRACE_SECONDS = 0.5


def _init_worker(settings: DiffSettings) -> None:
    global _worker_scorers
    # Ctrl-C reaches the whole process group. Only the parent acts on it: it cancels what
    # is queued and waits for the blocks in hand, so no worker dies halfway through
    # sending a result (which hangs the pool's reader in the parent for good: CPython's
    # pool waits for the rest of a message that never comes) or prints a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM ends a worker, but not at once, for the same reason: it may reach the whole
    # group too (`kill -TERM -PGID`, systemd stopping a unit), and the pool ends a broken
    # run by sending it to the workers left, which must then go.
    signal.signal(signal.SIGTERM, _end_soon)
    _worker_scorers = _make_scorers(settings)


def _end_soon(signal_number: int, _frame: object) -> None:
    """A worker's SIGTERM: exit after ``WORKER_GRACE_SECONDS``, time to finish sending a
    result; the parent's wind-down usually ends it cleanly before then."""
    timer = threading.Timer(WORKER_GRACE_SECONDS, os._exit, (128 + signal_number,))
    timer.daemon = True
    timer.start()


def _make_scorers(settings: DiffSettings) -> CaseComparer:
    return CaseComparer(
        get_scorer(settings.control),
        get_scorer(settings.candidate, **settings.candidate_options),
        settings.tolerance,
        detail=settings.detail,
        candidate_arm=settings.arm,
        control_arm=settings.control_arm,
        composite=settings.composite,
    )


def _compare_work(work: Work, comparer: CaseComparer, skip: frozenset[int] = frozenset()) -> _BlockResult:
    """Compare every case of ``work`` but the compared cases numbered in ``skip`` (from 0)."""
    names = (comparer.control.name, comparer.candidate.name)
    aggregator = DriftAggregator()
    composite = None if comparer.composite is None else CompositeAggregator(*comparer.composite)
    batch = ComparedBatch([], [], [], [], [])
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
    return _BlockResult(batch, sources, line_numbers, errors, aggregator, compared, composite)


def _compare_in_worker(work: Work) -> _BlockResult:
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


def _noting_position(units: Iterator[Work], position: ReadPosition, read_to: deque[int]) -> Iterator[Work]:
    """``units`` as they are cut, noting in ``read_to`` how far the corpus was read for each."""
    for work in units:
        read_to.append(position.bytes_read)
        yield work


def _compared_stream(units: Iterator[Work], settings: DiffSettings) -> Iterator[tuple[Work, _BlockResult]]:
    if settings.jobs <= 1:
        scorers = _make_scorers(settings)
        for work in units:
            yield work, _compare_work(work, scorers)
        return
    # The platform's default start method (fork on Linux, spawn on macOS and Windows):
    # workers rebuild their scorers in _init_worker either way. At most IN_FLIGHT_PER_JOB
    # units per worker are read ahead, so memory does not grow with the corpus.
    window = IN_FLIGHT_PER_JOB * settings.jobs
    executor = ProcessPoolExecutor(
        settings.jobs, mp_context=multiprocessing.get_context(), initializer=_init_worker, initargs=(settings,)
    )
    pending: deque[tuple[Work, Future[_BlockResult]]] = deque()
    try:
        for work in units:
            pending.append((work, executor.submit(_compare_in_worker, work)))
            if len(pending) >= window:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
    except BrokenProcessPool as error:  # a worker killed from outside (out of memory, say)
        raise WorkerError(f"a worker process ended abruptly: {error}") from None
    finally:  # also when the caller stops early: an error raised, an interrupt
        executor.shutdown(wait=True, cancel_futures=True)
