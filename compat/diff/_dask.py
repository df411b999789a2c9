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

Dask and distributed are an optional extra (``pip install 'faithcompat[dask]'``),
imported only here and only when the engine is asked for.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import logging
import operator
import os
import re
import secrets
import tempfile
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from compat._atomic import discard_directory, output_error
from compat._errors import CaseError, CorpusError, InputError, OutputError, WorkerError
from compat.cases import DuplicateIds, is_json_array, iter_file_blocks, iter_range_blocks
from compat.diff._aggregate import DriftAggregator
from compat.diff._report import DriftReport
from compat.diff._run import ComparedBatch, DiffSettings, _compare_work, _make_scorers, _work_units, finish_report, fold

PIECE_BYTES = 16 << 20  # a piece per 16 MiB: ~1 s of work, a result the client holds easily
ID_BUCKETS = 16
PART = re.compile(r"part-[0-9]{6,}\.jsonl")  # a piece's cases.jsonl lines
PART_TEMPORARY = re.compile(r"\.part-[0-9]{6,}\.jsonl\.[0-9a-f]+\.tmp")  # one being written
SLICE_BYTES = 1 << 20  # how much of a part the client reads back at a time


@dataclass(frozen=True)
class DaskSettings:
    scheduler: str | None = None  # None: a LocalCluster on this machine
    workers: int = 2  # LocalCluster only
    piece_bytes: int = PIECE_BYTES
    connect_timeout: float = 10.0  # seconds to reach a scheduler


@dataclass(frozen=True)
class Piece:
    """What one task reads: bytes [start, end) of a file, or the whole file (``end`` None).

    ``source`` is the file as the user named it, in every message and report; ``path``
    is where a worker opens it. A worker's working directory is its own (on a cluster,
    wherever ``dask-worker`` was started), so a name relative to the client's is read
    at its absolute path.
    """

    index: int
    source: str
    start: int = 0
    end: int | None = None
    path: str = ""  # empty: ``source`` as it is

    @property
    def where(self) -> str:
        return self.path or self.source


class PartWritten(NamedTuple):
    """What a task wrote to its part: the client checks the file it reads against it."""

    size: int
    crc32: int


class PieceResult(NamedTuple):
    """One piece compared, held on its worker until the client merges it."""

    batch: ComparedBatch  # without its lines (``lines`` is empty): they are in the piece's part
    part: PartWritten
    line_numbers: list[int]  # of the compared cases, from 1 at the piece's first line
    errors: list[tuple[int, CaseError]]  # (compared cases before it, the error), lines from 1 likewise
    aggregate: DriftAggregator
    lines_read: int  # lines in the piece: what the next piece of the file adds to its numbers
    whole_file: bool  # numbers are the file's already
    compared: int  # cases read without error, the skipped ones included


def plan_pieces(sources: Sequence[str], piece_bytes: int = PIECE_BYTES) -> list[Piece]:
    """The pieces of every source, in corpus order; unreadable sources fail here, as locally."""
    pieces: list[Piece] = []
    for source in sources:
        if source == "-":
            raise CorpusError("-: standard input cannot be read by Dask workers; use --engine local")
        path = Path(source)
        if path.is_dir():
            raise CorpusError(f"{source}: is a directory; name the .jsonl or .json files in it")
        try:
            size = path.stat().st_size
            whole = source.endswith(".gz") or size <= piece_bytes or is_json_array(path)
        except OSError as error:
            raise CorpusError(f"{source}: cannot read: {error.strerror or error}") from None
        where = str(path.absolute())
        if whole:
            pieces.append(Piece(len(pieces), source, path=where))  # cannot be cut, or need not be
            continue
        for start in range(0, size, piece_bytes):
            pieces.append(Piece(len(pieces), source, start, min(start + piece_bytes, size), where))
    return pieces


# ------------------------------------------------------------------ on the workers

_comparers: dict[str, Any] = {}


def _comparer(settings: DiffSettings) -> Any:
    """The worker's scorers for ``settings``, made once per worker process."""
    key = repr(settings)
    if key not in _comparers:
        _comparers[key] = _make_scorers(settings)
    return _comparers[key]


def part_name(index: int, pieces: int) -> str:
    """The part of piece ``index`` of ``pieces``: zero-padded, so names sort in corpus order."""
    return f"part-{index:0{max(6, len(str(pieces - 1)))}d}.jsonl"


def is_part_file(path: Path) -> bool:
    """Whether ``path`` is a part, or one being written: what a parts directory may hold."""
    name = path.name
    return bool(PART.fullmatch(name) or PART_TEMPORARY.fullmatch(name)) and path.is_file() and not path.is_symlink()


def compare_piece(piece: Piece, settings: DiffSettings, part: str, skip: frozenset[int] = frozenset()) -> PieceResult:
    """Read and compare one piece (leaving out its compared cases numbered in ``skip``),
    writing its ``cases.jsonl`` lines to the file ``part``."""
    comparer = _comparer(settings)
    if piece.end is None:
        blocks = iter_file_blocks(piece.where, piece.source, max_case_bytes=settings.max_case_bytes)
        units: Iterator[Any] = _work_units(blocks)
        counter = None
    else:
        blocks, counter = iter_range_blocks(
            piece.where, piece.start, piece.end, max_case_bytes=settings.max_case_bytes, name=piece.source
        )
        units = _work_units(blocks)
    aggregate = DriftAggregator()
    batch = ComparedBatch([], [], [], [], [])  # without its lines: they go to the part as they come
    line_numbers: list[int] = []
    errors: list[tuple[int, CaseError]] = []
    seen = 0  # compared cases of earlier units, the skipped ones included: how ``skip`` numbers them
    writer = _PartWriter(part)
    try:
        for work in units:
            result = _compare_work(work, comparer, frozenset(index - seen for index in skip if index >= seen))
            errors.extend((seen + position, error) for position, error in result.errors)
            aggregate.merge(result.aggregate)
            # The lines are the bulk of a result (~550 bytes a case, four times that with
            # the detail): written now, a worker never holds a whole piece's.
            writer.write(result.batch.lines)
            for column, values in zip(batch, result.batch._replace(lines=[]), strict=True):
                column.extend(values)  # type: ignore[attr-defined]  # every field is a list
            line_numbers.extend(result.line_numbers)
            seen += result.compared
        written = writer.finish()
    except BaseException:
        writer.discard()
        raise
    lines_read = counter.newlines if counter is not None else 0
    return PieceResult(batch, written, line_numbers, errors, aggregate, lines_read, piece.end is None, seen)


def compare_again(
    first: PieceResult, piece: Piece, settings: DiffSettings, part: str, skip: frozenset[int]
) -> PieceResult:
    """``compare_piece`` without the cases in ``skip``, rewriting the piece's part.

    ``first`` (the piece's first result) is not used: taking it makes Dask run this task
    only once the first is in memory, so a recomputation of the first (its worker lost)
    can never finish after this one and overwrite the part with the repeat left in.
    """
    del first
    return compare_piece(piece, settings, part, skip)


def write_part(part: str, lines: list[str]) -> PartWritten:
    """Write ``lines`` to the file ``part`` at once (see ``_PartWriter``)."""
    writer = _PartWriter(part)
    try:
        writer.write(lines)
        return writer.finish()
    except BaseException:
        writer.discard()
        raise


class _PartWriter:
    """A piece's part, written as its lines come: to a temporary beside it, renamed when
    whole, so a task run twice (its worker lost) replaces a whole part and never leaves a
    torn one. Knows the size and CRC-32 of what it wrote, which the client checks."""

    def __init__(self, part: str) -> None:
        self.path = Path(part)
        self.temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.tmp")
        self.size = self.crc32 = 0
        try:
            self._handle = self.temporary.open("xb")
        except OSError as error:
            raise output_error(self.path, error) from None

    def write(self, lines: list[str]) -> None:
        data = "".join(lines).encode("utf-8")
        try:
            self._handle.write(data)
        except OSError as error:
            raise output_error(self.path, error) from None
        self.size += len(data)
        self.crc32 = zlib.crc32(data, self.crc32)

    def finish(self) -> PartWritten:
        try:
            self._handle.close()
            os.replace(self.temporary, self.path)
        except OSError as error:
            raise output_error(self.path, error) from None
        return PartWritten(self.size, self.crc32)

    def discard(self) -> None:
        """Leave nothing behind (the run failed, or this task did)."""
        self._handle.close()
        self.temporary.unlink(missing_ok=True)


def answer_probe(directory: str, probe: str, token: str) -> tuple[str | None, str]:
    """On a worker: read the client's ``probe`` in ``directory`` and write a reply beside it.

    Returns (what went wrong, or None; the reply's name). Problems are returned, not
    raised, so that the client can name the worker.
    """
    place = Path(directory)
    reply = f"{probe}.{secrets.token_hex(4)}.reply"
    try:
        seen = (place / probe).read_text(encoding="ascii")
    except (OSError, UnicodeError) as error:
        return f"cannot read {place / probe}: {getattr(error, 'strerror', None) or error}", reply
    if seen != token:
        return f"reads another file at {place / probe}", reply
    try:
        (place / reply).write_text(token, encoding="ascii")
    except OSError as error:
        return f"cannot write in {place}: {error.strerror or error}", reply
    return None, reply


def id_hashes(result: PieceResult) -> list[array[int]]:
    """The piece's id hashes, one array per bucket."""
    buckets: list[array[int]] = [array("Q") for _ in range(ID_BUCKETS)]
    for case_id in result.batch.case_ids:
        key = _hash(case_id)
        buckets[key % ID_BUCKETS].append(key)
    return buckets


def repeated_hashes(*buckets: array[int]) -> set[int]:
    """The hashes that occur more than once across one bucket of every piece."""
    counts = Counter(key for bucket in buckets for key in bucket)
    return {key for key, count in counts.items() if count > 1}


def ids_with_hashes(result: PieceResult, candidates: set[int]) -> list[tuple[int, str, int]]:
    """(position, id, line from 1) of the piece's cases whose id hash is a candidate.

    The first pass skips nothing, so a case's position among the compared cases is its
    index in the batch.
    """
    return [
        (position, case_id, result.line_numbers[position])
        for position, case_id in enumerate(result.batch.case_ids)
        if _hash(case_id) in candidates
    ]


def corpus_digest(sources: Sequence[str]) -> str:
    """SHA-256 of every byte the local engine reads, source after source (gzip: its text)."""
    digest = hashlib.sha256()
    for source in sources:
        opener: Callable[..., Any] = gzip.open if source.endswith(".gz") else open
        try:
            with opener(source, "rb") as handle:
                while chunk := handle.read(1 << 20):
                    digest.update(chunk)
        except (OSError, EOFError, zlib.error):
            pass  # the piece that reads it reports the problem, as the local engine would
    return digest.hexdigest()


def shared_storage_problem(directory: Path, on_workers: Callable[..., dict[str, tuple[str | None, str]]]) -> str | None:
    """Can the workers write where the client reads? What is wrong, or None.

    The client writes a probe file in ``directory``; ``on_workers(answer_probe, ...)``
    runs ``answer_probe`` on every worker (``Client.run``) and returns their answers by
    worker; each must have read the probe and written a reply the client can read.
    """
    token = secrets.token_hex(8)
    probe = f".probe-{token}"
    try:
        (directory / probe).write_text(token, encoding="ascii")
    except OSError as error:
        raise output_error(directory, error) from None
    answers: dict[str, tuple[str | None, str]] = {}
    try:
        answers = on_workers(answer_probe, str(directory), probe, token)
        for worker, (problem, reply) in sorted(answers.items()):
            if problem is not None:
                return f"the worker {worker} {problem}"
            try:
                seen = (directory / reply).read_text(encoding="ascii")
            except (OSError, UnicodeError):
                seen = None
            if seen != token:
                return f"the worker {worker} wrote {directory / reply}, which this machine cannot read"
        return None
    finally:
        for name in (probe, *(reply for _, reply in answers.values())):
            (directory / name).unlink(missing_ok=True)


def _distributed() -> Any:
    """The ``distributed`` module, imported on first use (it has no type hints)."""
    return importlib.import_module("distributed")


def _hash(case_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(case_id.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


# ------------------------------------------------------------------ on the client


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


@dataclass(frozen=True)
class _Parts:
    """Where the pieces' parts are written, and whether they stay there."""

    directory: Path
    pieces: int
    keep: bool

    def path(self, index: int) -> str:
        return str(self.directory / part_name(index, self.pieces))

    def batches(self, index: int, written: PartWritten, batch: ComparedBatch) -> Iterator[ComparedBatch]:
        """``batch`` with its lines read back from the piece's part, in slices of about
        ``SLICE_BYTES``, so the client holds a slice and never a whole part (with the
        detail, four times its piece). The part is checked against what its task wrote
        once read: a torn or changed part fails the run, which then leaves no report.
        Deleted once read, unless kept."""
        path = Path(self.path(index))
        cases = len(batch.case_ids)
        size = crc = read = 0
        with self._open(path) as handle:
            while lines := self._next_lines(path, handle):
                for line in lines:
                    size += len(line)
                    crc = zlib.crc32(line, crc)
                if read + len(lines) > cases:
                    raise WorkerError(f"{path}: more lines than its {cases} cases")
                try:
                    # A part is ASCII JSON lines (every control character escaped), so
                    # only "\n" ends a line.
                    text = [line.decode("ascii") for line in lines]
                except UnicodeDecodeError:
                    raise WorkerError(f"{path}: not the part its task wrote (not ASCII)") from None
                # Outside any handler: what the caller raises here is the caller's.
                yield _slice(batch, read, text)
                read += len(lines)
        if PartWritten(size, crc) != written:
            raise WorkerError(f"{path}: not the part its task wrote (changed since, or torn)")
        if read != cases:
            raise WorkerError(f"{path}: {read} lines for {cases} cases")
        if not self.keep:
            path.unlink()

    @staticmethod
    def _open(path: Path) -> BinaryIO:
        try:
            return path.open("rb")
        except OSError as error:
            raise _unreadable(path, error) from None

    @staticmethod
    def _next_lines(path: Path, handle: BinaryIO) -> list[bytes]:
        try:
            return handle.readlines(SLICE_BYTES)
        except OSError as error:
            raise _unreadable(path, error) from None

    def tidy(self) -> None:
        """Leave only the parts: a worker lost while writing one leaves its temporary."""
        for entry in self.directory.iterdir():
            if PART_TEMPORARY.fullmatch(entry.name):
                entry.unlink(missing_ok=True)


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
        for batch in parts.batches(index, result.part, result.batch):
            if on_comparisons is not None and batch.case_ids:
                on_comparisons(batch)
    if parts.keep:
        parts.tidy()
    return finish_report(aggregator, settings, source_names or names, digest.result(), skipped)


_NO_CASES = ComparedBatch([], [], [], [], [])


def _paths(pieces: list[Piece]) -> list[str]:
    """Where the workers open each source, in corpus order (a file named twice, twice):
    every source begins with one piece at byte 0."""
    return [piece.where for piece in pieces if piece.start == 0]


def _unreadable(path: Path, error: OSError) -> WorkerError:
    return WorkerError(f"{path}: cannot read the part a worker wrote: {error.strerror or error}")


def _slice(batch: ComparedBatch, start: int, lines: list[str]) -> ComparedBatch:
    """The cases ``start`` … of ``batch`` that ``lines`` are the lines of."""
    end = start + len(lines)
    return ComparedBatch(
        batch.case_ids[start:end],
        lines,
        batch.outcomes[start:end],
        batch.causes[start:end],
        batch.control_passed[start:end],
    )


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


def _repeated_ids(
    client: Any,  # distributed.Client: the library has no type hints
    results: list[Any],
    pieces: list[Piece],
    offsets: list[int],
    counts: list[tuple[int, int, bool]],
) -> dict[int, list[tuple[int, CaseError]]]:
    """Per piece, its cases whose id came earlier in the corpus: (position, the error)."""
    hashes = [client.submit(id_hashes, result, pure=False) for result in results]
    parts = [[client.submit(operator.getitem, h, b, pure=False) for h in hashes] for b in range(ID_BUCKETS)]
    repeated = client.gather([client.submit(repeated_hashes, *bucket, pure=False) for bucket in parts])
    candidates = set().union(*repeated)
    if not candidates:
        return {}
    found = client.gather([client.submit(ids_with_hashes, result, candidates, pure=False) for result in results])
    # Replay the local engine's check (DuplicateIds) in corpus order, over the candidates
    # only: the same errors and messages. It keeps the place of the first EXACT_IDS
    # distinct ids; a repeat of a later one is "seen earlier in the corpus".
    located = sorted(
        (index, position, case_id, line + (0 if counts[index][2] else offsets[index]))
        for index, hits in enumerate(found)
        for position, case_id, line in hits
    )
    before = [0]
    for _, compared, _ in counts:
        before.append(before[-1] + compared)
    first: dict[str, tuple[str, int, int]] = {}
    repeats: dict[int, list[tuple[int, CaseError]]] = {}
    repeated_so_far = 0
    for index, position, case_id, line in located:
        source = pieces[index].source
        if case_id not in first:
            distinct_before = before[index] + position - repeated_so_far
            first[case_id] = (source, line, distinct_before)
            continue
        where, first_line, ordinal = first[case_id]
        place = f"first at {where}:{first_line}" if ordinal < DuplicateIds.EXACT_IDS else "seen earlier in the corpus"
        repeats.setdefault(index, []).append((position, CaseError(source, line, f"duplicate id {case_id!r} ({place})")))
        repeated_so_far += 1
    return repeats
