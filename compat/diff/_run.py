"""Running a corpus through two scorers: the stream behind ``faithcompat diff``.

Pure orchestration: records in, a ``DriftReport`` out. Whoever calls it decides what
to do with the compared cases (``on_comparisons``, once per block: the CLI streams
them to ``cases.jsonl``) and with each malformed case (``on_error``: raise, or collect
and go on).

The local engine. The corpus is read in blocks of whole JSONL lines (``LineBlock``,
1 MiB). Each block is decoded, parsed, scored, compared and folded into the block's own
``DriftAggregator`` (``compare_work`` in ``_units``, which the Dask engine runs too): in
a worker process when ``jobs > 1``, a few blocks per worker in flight at most. The
parent merges the blocks in corpus order and checks ids across them, so the report is
the same whatever the number of jobs, and the parent does almost nothing per case,
which leaves the cores to the workers. A block holding a repeated id is compared again
in the parent without that case (rare; it only costs time).
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
from pathlib import Path

from compat._errors import CaseError, WorkerError
from compat.cases import CorpusDigest, DuplicateIds, ReadPosition, iter_blocks
from compat.diff._units import (
    ComparedBatch,
    DiffSettings,
    UnitResult,
    Work,
    compare_work,
    composite_aggregator,
    finish_report,
    fold,
    make_scorers,
    work_units,
)
from compat.diff.aggregate import DriftAggregator
from compat.diff.compare import CaseComparer
from compat.diff.model import DriftReport

IN_FLIGHT_PER_JOB = 2  # one block being compared, one waiting: workers never idle, memory stays small
MAX_JOBS = 128  # each worker is an interpreter (~40 MB): --jobs 10000 would exhaust memory, not speed anything up


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
    for work, result in _compared_stream(_noting_position(work_units(items), position, read_to), settings):
        repeated, errors = _check_ids(result, ids)
        if repeated:
            if not local:
                local.append(make_scorers(settings))
            result = compare_work(work, local[0], skip=repeated)
        read = read_to.popleft()
        if on_read is not None:
            on_read(read)
        skipped += fold(
            aggregator, result.aggregate, result.batch, errors, on_comparisons=on_comparisons, on_error=on_error
        )
        if composite is not None and result.composite is not None:
            composite.merge(result.composite)
    return finish_report(
        aggregator,
        settings,
        sources=source_names or [str(s) for s in sources],
        sha256=digest.hexdigest(),
        skipped=skipped,
        composite=composite,
    )


def _check_ids(result: UnitResult, ids: DuplicateIds) -> tuple[frozenset[int], list[CaseError]]:
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
    _worker_scorers = make_scorers(settings)


def _end_soon(signal_number: int, _frame: object) -> None:
    """A worker's SIGTERM: exit after ``WORKER_GRACE_SECONDS``, time to finish sending a
    result; the parent's wind-down usually ends it cleanly before then."""
    timer = threading.Timer(WORKER_GRACE_SECONDS, os._exit, (128 + signal_number,))
    timer.daemon = True
    timer.start()


def _compare_in_worker(work: Work) -> UnitResult:
    assert _worker_scorers is not None
    try:
        return compare_work(work, _worker_scorers)
    except Exception as error:
        # The pool re-raises a worker's exception in the parent, but one that does not
        # unpickle there (a required argument missing, say) hangs the pool instead.
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:
            raise RuntimeError(f"in a worker process: {type(error).__name__}: {error}") from None
        raise


def _noting_position(units: Iterator[Work], position: ReadPosition, read_to: deque[int]) -> Iterator[Work]:
    """``units`` as they are cut, noting in ``read_to`` how far the corpus was read for each."""
    for work in units:
        read_to.append(position.bytes_read)
        yield work


def _compared_stream(units: Iterator[Work], settings: DiffSettings) -> Iterator[tuple[Work, UnitResult]]:
    if settings.jobs <= 1:
        scorers = make_scorers(settings)
        for work in units:
            yield work, compare_work(work, scorers)
        return
    # The platform's default start method (fork on Linux, spawn on macOS and Windows):
    # workers rebuild their scorers in _init_worker either way. At most IN_FLIGHT_PER_JOB
    # units per worker are read ahead, so memory does not grow with the corpus.
    window = IN_FLIGHT_PER_JOB * settings.jobs
    executor = ProcessPoolExecutor(
        settings.jobs, mp_context=multiprocessing.get_context(), initializer=_init_worker, initargs=(settings,)
    )
    pending: deque[tuple[Work, Future[UnitResult]]] = deque()
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
