"""``faithcompat diff --engine dask``: connect to the cluster, schedule the pieces' tasks, merge their results.

How the engine works (the pieces, the passes over their results, the parts, shared
storage) is in docs/dask.md; which module does what, in this package's ``__init__``.
Dask and distributed are an optional extra (``pip install 'faithcompat[dask]'``),
imported only here and only when the engine is asked for.
"""

from __future__ import annotations

import importlib
import logging
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compat._atomic import discard_directory, output_error
from compat._errors import CaseError, CorpusError, InputError, OutputError, WorkerError
from compat.diff._units import ComparedBatch, DiffSettings, composite_aggregator, finish_report, fold
from compat.diff.aggregate import DriftAggregator
from compat.diff.dask.ids import repeated_ids
from compat.diff.dask.parts import Parts, shared_storage_problem
from compat.diff.dask.pieces import (
    PIECE_BYTES,
    Piece,
    PieceResult,
    compare_again,
    compare_piece,
    corpus_digest,
    plan_pieces,
)
from compat.diff.model import DriftReport


@dataclass(frozen=True)
class DaskSettings:
    scheduler: str | None = None  # None: a LocalCluster on this machine
    workers: int = 2  # LocalCluster only
    piece_bytes: int = PIECE_BYTES
    connect_timeout: float = 10.0  # seconds to reach a scheduler


def _distributed() -> Any:
    """The ``distributed`` module, imported on first use (it has no type hints)."""
    return importlib.import_module("distributed")


def run_diff_dask(
    sources: Sequence[str | Path],
    settings: DiffSettings,
    cluster: DaskSettings,
    *,
    on_comparisons: Callable[[ComparedBatch], None] | None = None,
    on_error: Callable[[CaseError], None] | None = None,
    source_names: list[str] | None = None,
    on_start: Callable[[str | None], None] | None = None,
    on_progress: Callable[[int, int, int, int], None] | None = None,
    parts: Path | None = None,
    keep_parts: bool = False,
) -> DriftReport:
    """``run_diff`` on a Dask cluster: the same report, byte for byte.

    ``on_start`` receives the dashboard link, if there is one; ``on_progress`` (pieces
    done, pieces, workers, cases compared so far) as pieces finish. The workers write the pieces' lines to
    parts in the directory ``parts`` (made if missing; it must be on storage they
    share with this machine), a temporary directory here if None. Each part is deleted
    once read, unless ``keep_parts``: then ``parts`` holds exactly the pieces' parts,
    which joined in name order are ``cases.jsonl``.
    """
    if keep_parts and parts is None:
        raise ValueError("keep_parts needs parts: the directory to keep them in")
    names = [str(source) for source in sources]
    pieces = plan_pieces(names, cluster.piece_bytes)
    place = Path(tempfile.mkdtemp(prefix="faithcompat-parts-")) if parts is None else parts.absolute()
    try:
        place.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise output_error(place, error) from None
    try:
        with _connect(cluster) as client:
            if on_start is not None:
                on_start(getattr(client, "dashboard_link", None))
            try:
                where = Parts(place, len(pieces), keep_parts)
                return _run(
                    client,
                    pieces,
                    settings,
                    where,
                    sources=source_names or names,
                    on_comparisons=on_comparisons,
                    on_error=on_error,
                    on_progress=on_progress,
                )
            except (InputError, OutputError):
                raise
            except Exception as error:  # a worker lost for good, the scheduler gone, a task that cannot run
                raise WorkerError(f"the Dask run could not finish: {type(error).__name__}: {error}") from None
    finally:
        if parts is None:
            discard_directory(place)


class _connect:
    """A client of ``cluster.scheduler``, or of a LocalCluster started here and stopped after."""

    def __init__(self, cluster: DaskSettings) -> None:
        self.settings = cluster
        self.local: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        try:
            distributed = _distributed()
        except ImportError:
            raise CorpusError(
                "--engine dask needs Dask: pip install 'faithcompat[dask]' (or dask[distributed])"
            ) from None
        logging.getLogger("distributed").setLevel(logging.ERROR)
        try:
            if self.settings.scheduler is None:
                self.local = distributed.LocalCluster(
                    n_workers=self.settings.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                )
                self.client = distributed.Client(self.local)
            else:
                self.client = distributed.Client(self.settings.scheduler, timeout=self.settings.connect_timeout)
        except Exception as error:
            self.__exit__()
            if self.settings.scheduler is None:
                raise WorkerError(f"cannot start a Dask LocalCluster: {type(error).__name__}: {error}") from None
            raise WorkerError(f"cannot reach the Dask scheduler {self.settings.scheduler}: {error}") from None
        return self.client

    def __exit__(self, *_: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.local is not None:
            self.local.close()


def _run(
    client: Any,  # distributed.Client: the library has no type hints
    pieces: list[Piece],
    settings: DiffSettings,
    parts: Parts,
    *,
    sources: list[str],
    on_comparisons: Callable[[ComparedBatch], None] | None,
    on_error: Callable[[CaseError], None] | None,
    on_progress: Callable[[int, int, int, int], None] | None,
) -> DriftReport:
    as_completed = _distributed().as_completed
    problem = shared_storage_problem(parts.directory, client.run)
    if problem is not None:
        raise OutputError(f"the output directory must be on storage the Dask workers share: {problem}")
    digest = client.submit(corpus_digest, _paths(pieces), pure=False)
    results: list[Any] = [
        client.submit(compare_piece, piece, settings, parts.path(piece.index), pure=False) for piece in pieces
    ]
    summaries = [client.submit(_summary, result, pure=False) for result in results]
    if on_progress is not None:
        compared = 0
        for done, (_, (_, cases, _)) in enumerate(as_completed(summaries, with_results=True), start=1):
            compared += cases
            on_progress(done, len(results), len(client.scheduler_info()["workers"]), compared)
    # Line numbers: the lines of the pieces of the same file before each piece.
    counts = client.gather(summaries)
    offsets = _line_offsets(pieces, [lines for lines, _, _ in counts])
    repeats = repeated_ids(client, results, pieces, offsets, counts)
    aggregator = DriftAggregator()
    composite = composite_aggregator(settings)
    skipped = 0
    for index, piece in enumerate(pieces):
        skip = frozenset(position for position, _ in repeats.get(index, []))
        future = results[index]
        if skip:
            future = client.submit(
                compare_again, future, piece, settings, part=parts.path(index), skip=skip, pure=False
            )
        results[index] = None  # release it on the worker
        result: PieceResult = future.result()
        del future  # and the first result, which a replay held
        offset = 0 if result.whole_file else offsets[index]
        # Corpus order, as the local engine reports: a read error counted before compared
        # case i comes before the repeat that is case i.
        keyed = [((position, 0), CaseError(e.source, e.line + offset, e.problem)) for position, e in result.errors]
        keyed += [((position, 1), error) for position, error in repeats.get(index, [])]
        errors = [error for _, error in sorted(keyed, key=lambda item: item[0])]
        skipped += fold(aggregator, result.aggregate, _NO_CASES, errors, on_comparisons=None, on_error=on_error)
        if composite is not None and result.composite is not None:
            composite.merge(result.composite)
        for batch in parts.batches(index, result.part, result.batch):
            if on_comparisons is not None and batch.case_ids:
                on_comparisons(batch)
    if parts.keep:
        parts.tidy()
    return finish_report(
        aggregator, settings, sources=sources, sha256=digest.result(), skipped=skipped, composite=composite
    )


_NO_CASES = ComparedBatch.empty()


def _paths(pieces: list[Piece]) -> list[str]:
    """Where the workers open each source, in corpus order (a file named twice, twice):
    every source begins with one piece at byte 0."""
    return [piece.where for piece in pieces if piece.start == 0]


def _summary(result: PieceResult) -> tuple[int, int, bool]:
    """(lines read, compared cases, numbers already absolute): what the client plans with."""
    return result.lines_read, result.compared, result.whole_file


def _line_offsets(pieces: list[Piece], lines_read: list[int]) -> list[int]:
    """For each piece, the lines of its file that come before it."""
    offsets, before, source = [], 0, None
    for piece, lines in zip(pieces, lines_read, strict=True):
        if piece.source != source:
            before, source = 0, piece.source
        offsets.append(before)
        before += lines
    return offsets
