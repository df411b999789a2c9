"""Reading cases from JSONL or JSON-array files, with errors that name file and line.

Cases stream: a JSONL corpus of any length is read one line at a time. Every problem
(invalid UTF-8, malformed JSON, an unknown or mistyped field, an oversized case, a
duplicate id) becomes a ``CaseError`` reading ``FILE:LINE: what is wrong``. The
caller decides whether an error stops the run (``on_error=None``: it is raised) or
is collected while the rest is read (``on_error=callback``); nothing is dropped
without the callback hearing of it.
"""

from __future__ import annotations

import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from compat._errors import CaseError, CorpusError
from compat.cases._case import Case
from compat.cases._parse import LoadedCase, RawCase, Record
from compat.cases.files.blocks import DEFAULT_MAX_CASE_BYTES, LineBlock, first_byte, iter_jsonl_blocks
from compat.cases.files.duplicate_ids import DuplicateIds
from compat.cases.files.json_array import iter_json_array
from compat.cases.files.measures import CorpusDigest, ReadPosition
from compat.cases.files.promptfoo import is_promptfoo_head, promptfoo_corpus
from compat.cases.files.stored import open_stored

STDIN = "-"

ErrorHandler = Callable[[CaseError], None]


def corpus_bytes(sources: Iterable[str | Path]) -> int | None:
    """The corpus's size as stored (gzip files compressed), or ``None`` when it cannot be
    known beforehand: standard input, a named pipe, a file that is not there."""
    total = 0
    for source in sources:
        if str(source) == STDIN:
            return None
        try:
            status = Path(source).stat()
        except OSError:
            return None
        if not stat.S_ISREG(status.st_mode):
            return None
        total += status.st_size
    return total


def iter_cases(
    sources: Iterable[str | Path],
    *,
    on_error: ErrorHandler | None = None,
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES,
    digest: CorpusDigest | None = None,
) -> Iterator[LoadedCase]:
    """Every case of every source, in order. ``"-"`` reads standard input."""
    ids = DuplicateIds()
    for record in iter_records(sources, max_case_bytes=max_case_bytes, digest=digest):
        item = record.parse() if isinstance(record, RawCase) else record
        if isinstance(item, LoadedCase):
            item = ids.check(item)
        if isinstance(item, CaseError):
            _report(item, on_error)
            continue
        yield item


def iter_records(
    sources: Iterable[str | Path], *, max_case_bytes: int = DEFAULT_MAX_CASE_BYTES, digest: CorpusDigest | None = None
) -> Iterator[Record]:
    """The raw stream: JSONL lines unparsed (``RawCase``), JSON-array cases parsed, errors as values."""
    for item in iter_blocks(sources, max_case_bytes=max_case_bytes, digest=digest):
        if isinstance(item, LineBlock):
            yield from item.records()
        else:
            yield item


def iter_blocks(
    sources: Iterable[str | Path],
    *,
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES,
    digest: CorpusDigest | None = None,
    position: ReadPosition | None = None,
) -> Iterator[LineBlock | Record]:
    """The stream for bulk work: JSONL as ``LineBlock``s, JSON-array cases parsed, errors as values.

    ``position``, if given, follows how far the files have been read (for progress).
    """
    for source in sources:
        yield from _iter_source(str(source), max_case_bytes, digest, position)


def load_cases(sources: Iterable[str | Path], **options: Any) -> list[Case]:
    """All cases of ``sources`` as a list; the first error is raised."""
    return [loaded.case for loaded in iter_cases(sources, **options)]


# ------------------------------------------------------------------- internals


def _report(error: CaseError, on_error: ErrorHandler | None) -> None:
    if on_error is None:
        raise error
    on_error(error)


def iter_file_blocks(
    path: str, name: str, *, max_case_bytes: int = DEFAULT_MAX_CASE_BYTES
) -> Iterator[LineBlock | Record]:
    """``iter_blocks`` of one file read at ``path``, its errors naming it ``name``: how a
    Dask worker, whose working directory is its own, reads a file the user named."""
    return _iter_source(path, max_case_bytes, None, name=name)


def _iter_source(
    source: str,
    max_case_bytes: int,
    digest: CorpusDigest | None,
    position: ReadPosition | None = None,
    *,
    name: str | None = None,
) -> Iterator[LineBlock | Record]:
    if source == STDIN:
        if sys.stdin is None:  # started with `<&-`
            raise CorpusError("-: standard input is closed")
        yield from _iter_stream(sys.stdin.buffer, "<stdin>", max_case_bytes, digest)
        return
    name = source if name is None else name
    path = Path(source)
    if path.is_dir():
        raise CorpusError(f"{name}: is a directory; name the .jsonl or .json files in it")
    # gzip-compressed corpora (shadow logs rotated with gzip) are read as their text
    with open_stored(path, name) as (file, stream):
        if position is not None:
            position._start(file)
        try:
            yield from _iter_stream(stream, name, max_case_bytes, digest)
        finally:
            if position is not None:
                position._finish()


def _iter_stream(
    stream: IO[bytes], name: str, max_case_bytes: int, digest: CorpusDigest | None
) -> Iterator[LineBlock | Record]:
    first, reader = first_byte(stream)
    if first == b"[":
        yield from iter_json_array(reader, name, max_case_bytes, digest)
    elif first == b"{" and is_promptfoo_head(reader.peek()):
        yield from promptfoo_corpus(reader, name, digest)
    else:
        yield from iter_jsonl_blocks(reader, name, max_case_bytes, digest)


def is_json_array(path: str | Path) -> bool:
    """The file is a JSON array of cases, not JSONL: the test the reader itself makes."""
    with Path(path).open("rb") as handle:
        return first_byte(handle)[0] == b"["
