"""``faithcompat diff --engine dask``: the same diff, its pieces scored on a Dask cluster.

The corpus is cut into pieces: byte ranges of plain JSONL files (``PIECE_BYTES``; a
line belongs to the range its first byte lies in), whole files where a file cannot be
cut (gzip, a JSON array). Workers read their pieces themselves, so no corpus byte passes
through the client, and compare them with the code the local engine runs
(``_compare_work``). The client merges the pieces' aggregates in corpus order, which is
why the report is the local engine's, byte for byte.

What only the whole corpus knows is done in passes over the pieces' results, which
stay on the workers:

* **line numbers**: a piece numbers its lines from 1; each reports how many lines it
  read, and the client adds the lines of the pieces before it.
* **repeated ids**: each piece hashes its ids (64-bit BLAKE2b, stable across
  processes); ``ID_BUCKETS`` tasks each find the hashes seen twice in one bucket; the
  pieces holding such a hash return those ids and positions, and the client keeps the
  true repeats (same id, later in corpus order). A piece holding one is compared again
  without it, as the local engine does.
* **the corpus digest**: SHA-256 over every byte, source after source, is one
  sequential pass; one task computes it while the others score.

The compared lines (what ``cases.jsonl`` holds) never travel through the scheduler: each
task writes its piece's lines to a **part** in a directory the client names
(``part-000042.jsonl``: the names sort in corpus order), atomically (a temporary, then a
rename), and returns only the small columns the merge needs. A piece compared again
without a repeated id rewrites its part. The client reads the parts back one at a time,
in corpus order and a slice at a time (``SLICE_BYTES``: its memory does not grow with a
part's size), hands their lines to ``on_comparisons`` and checks each part against the
size and CRC-32 its task reported; it deletes each part once read, or keeps them all
(``keep_parts``: ``faithcompat diff --cases-parts``). Workers must therefore write where
the client reads: the run starts by checking it (``shared_storage_problem``), and stops
with an ``OutputError`` when a worker cannot see the client's probe or the client
cannot see a worker's reply (a remote cluster whose workers do not share that storage).

The engine is four modules: this one connects to the cluster, schedules the tasks and
merges their results; ``_dask_pieces`` cuts the corpus and compares a piece on a worker;
``_dask_ids`` runs the repeated-ids pass; ``_dask_parts`` writes, reads back and checks
the parts, and probes the shared storage.

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
from compat.diff._aggregate import DriftAggregator
from compat.diff._dask_ids import _repeated_ids
from compat.diff._dask_parts import _Parts, shared_storage_problem
from compat.diff._dask_pieces import (
    PIECE_BYTES,
    Piece,
    PieceResult,
    compare_again,
    compare_piece,
    corpus_digest,
    plan_pieces,
)
from compat.diff._report import DriftReport
from compat.diff._run import ComparedBatch, DiffSettings, composite_aggregator, finish_report, fold


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
                where = _Parts(place, len(pieces), keep_parts)
                return _run(client, pieces, names, settings, where, on_comparisons, on_error, source_names, on_progress)
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
    names: list[str],
    settings: DiffSettings,
    parts: _Parts,
    on_comparisons: Callable[[ComparedBatch], None] | None,
    on_error: Callable[[CaseError], None] | None,
    source_names: list[str] | None,
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
    repeats = _repeated_ids(client, results, pieces, offsets, counts)
    aggregator = DriftAggregator()
    composite = composite_aggregator(settings)
    skipped = 0
    for index, piece in enumerate(pieces):
        skip = frozenset(position for position, _ in repeats.get(index, []))
        future = results[index]
        if skip:
            future = client.submit(compare_again, future, piece, settings, parts.path(index), skip, pure=False)
        results[index] = None  # release it on the worker
        result: PieceResult = future.result()
        del future  # and the first result, which a replay held
        offset = 0 if result.whole_file else offsets[index]
        # Corpus order, as the local engine reports: a read error counted before compared
        # case i comes before the repeat that is case i.
        keyed = [((position, 0), CaseError(e.source, e.line + offset, e.problem)) for position, e in result.errors]
        keyed += [((position, 1), error) for position, error in repeats.get(index, [])]
        errors = [error for _, error in sorted(keyed, key=lambda item: item[0])]
        skipped += fold(aggregator, result.aggregate, _NO_CASES, errors, None, on_error)
        if composite is not None and result.composite is not None:
            composite.merge(result.composite)
        for batch in parts.batches(index, result.part, result.batch):
            if on_comparisons is not None and batch.case_ids:
                on_comparisons(batch)
    if parts.keep:
        parts.tidy()
    return finish_report(aggregator, settings, source_names or names, digest.result(), skipped, composite)


_NO_CASES = ComparedBatch([], [], [], [], [])


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
