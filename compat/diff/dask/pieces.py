"""What a Dask task compares: the corpus cut into pieces, a piece compared on a worker, the corpus digest."""

from __future__ import annotations

import gzip
import hashlib
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from compat._errors import CaseError, CorpusError
from compat.cases import is_json_array, iter_file_blocks, iter_range_blocks
from compat.diff._units import ComparedBatch, DiffSettings, compare_work, composite_aggregator, make_scorers, work_units
from compat.diff.aggregate import DriftAggregator
from compat.diff.composite import CompositeAggregator
from compat.diff.dask.parts import PartWriter, PartWritten

PIECE_BYTES = 16 << 20  # a piece per 16 MiB: ~1 s of work, a result the client holds easily


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
    composite: CompositeAggregator | None  # with --composite


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


_comparers: dict[str, Any] = {}


def _comparer(settings: DiffSettings) -> Any:
    """The worker's scorers for ``settings``, made once per worker process."""
    key = repr(settings)
    if key not in _comparers:
        _comparers[key] = make_scorers(settings)
    return _comparers[key]


def compare_piece(piece: Piece, settings: DiffSettings, part: str, skip: frozenset[int] = frozenset()) -> PieceResult:
    """Read and compare one piece (leaving out its compared cases numbered in ``skip``),
    writing its ``cases.jsonl`` lines to the file ``part``."""
    comparer = _comparer(settings)
    if piece.end is None:
        blocks = iter_file_blocks(piece.where, piece.source, max_case_bytes=settings.max_case_bytes)
        units: Iterator[Any] = work_units(blocks)
        counter = None
    else:
        blocks, counter = iter_range_blocks(
            piece.where, piece.start, piece.end, max_case_bytes=settings.max_case_bytes, name=piece.source
        )
        units = work_units(blocks)
    aggregate = DriftAggregator()
    composite = composite_aggregator(settings)
    batch = ComparedBatch.empty()  # without its lines: they go to the part as they come
    line_numbers: list[int] = []
    errors: list[tuple[int, CaseError]] = []
    seen = 0  # compared cases of earlier units, the skipped ones included: how ``skip`` numbers them
    writer = PartWriter(part)
    try:
        for work in units:
            result = compare_work(work, comparer, frozenset(index - seen for index in skip if index >= seen))
            errors.extend((seen + position, error) for position, error in result.errors)
            aggregate.merge(result.aggregate)
            if composite is not None and result.composite is not None:
                composite.merge(result.composite)
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
    return PieceResult(
        batch=batch,
        part=written,
        line_numbers=line_numbers,
        errors=errors,
        aggregate=aggregate,
        lines_read=lines_read,
        whole_file=piece.end is None,
        compared=seen,
        composite=composite,
    )


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
