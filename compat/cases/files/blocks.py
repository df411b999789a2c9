"""Corpus bytes read a block at a time and cut into ``LineBlock``s of whole lines: what workers are sent."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from compat._errors import CaseError, CorpusError
from compat.cases._parse import RawCase
from compat.cases.files.dataset_hint import not_a_corpus_in_head
from compat.cases.files.measures import CorpusDigest

DEFAULT_MAX_CASE_BYTES = 4 * 1024 * 1024
BLOCK_BYTES = 1 << 20
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class LineBlock:
    """Whole JSONL lines of one source, undecoded: the unit of work of a worker process.

    Shipping a megabyte of bytes costs one copy; shipping its lines one by one cost a
    pickle each. Everything a line can be wrong about (size, UTF-8, JSON, fields) is
    found by ``records()``, wherever it runs, with the line's number in the source.
    """

    data: bytes
    source: str
    first_line: int
    max_case_bytes: int
    bom_line: int = 1  # the line whose leading byte-order mark is skipped (0: none; a block read mid-file)

    def records(self) -> Iterator[RawCase | CaseError]:
        pieces = self.data.split(b"\n")
        last = len(pieces) - 1  # the piece after the final newline: b"" or an unterminated last line
        for index, raw in enumerate(pieces):
            number = self.first_line + index
            if len(raw) > self.max_case_bytes:
                size = len(raw) + (index < last)
                yield CaseError(self.source, number, _oversize(size, self.max_case_bytes))
                continue
            if number == self.bom_line and raw.startswith(_BOM):
                raw = raw[3:]  # a UTF-8 byte-order mark, as Windows editors write
            if not raw.strip():
                continue
            text = _decode(raw, self.source, number)
            yield text if isinstance(text, CaseError) else RawCase(text, self.source, number)


def _oversize(size: int, limit: int) -> str:
    return f"case is {size:,} bytes, over the limit of {limit:,} (raise it with --max-case-bytes)"


def _decode(raw: bytes, name: str, line: int) -> str | CaseError:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return CaseError(name, line, invalid_utf8(raw, error))


def invalid_utf8(line: bytes, error: UnicodeDecodeError) -> str:
    """What is wrong with a line that is not UTF-8, and where in it."""
    return f"invalid UTF-8 at byte {error.start + 1} of the line ({line[error.start : error.start + 4]!r})"


_LEADING_SPACE = b"\xef\xbb\xbf \t\r\n"


def first_byte(stream: IO[bytes]) -> tuple[bytes, Prefixed]:
    """The first byte that is not whitespace (or a BOM), and a stream that still holds everything.

    Reads ahead as far as the whitespace goes (a peek of a few KiB could end inside it),
    then hands back what it read in front of the rest of the stream.
    """
    read = getattr(stream, "read1", stream.read)
    consumed: list[bytes] = []
    while chunk := read(BLOCK_BYTES):
        consumed.append(chunk)
        rest = chunk.lstrip(_LEADING_SPACE)
        if rest:
            return rest[:1], Prefixed(b"".join(consumed), stream)
    return b"", Prefixed(b"".join(consumed), stream)


class Prefixed:
    """``prefix`` and then ``stream``: the reads the corpus reader makes (``read``, ``read1``)."""

    def __init__(self, prefix: bytes, stream: IO[bytes]) -> None:
        self._prefix = prefix
        self._stream = stream

    def peek(self) -> bytes:
        """What was read ahead (at least the first block), still to be read."""
        return self._prefix

    def read(self, size: int = -1) -> bytes:
        if self._prefix:
            if size is None or size < 0:
                data, self._prefix = self._prefix + self._stream.read(), b""
                return data
            data, self._prefix = self._prefix[:size], self._prefix[size:]
            return data
        return self._stream.read(size)

    def readline(self, limit: int = -1) -> bytes:
        if not self._prefix:
            return self._stream.readline(limit)
        end = self._prefix.find(b"\n") + 1 or len(self._prefix)
        if limit >= 0:
            end = min(end, limit)
        line, self._prefix = self._prefix[:end], self._prefix[end:]
        if line.endswith(b"\n") or len(line) == limit or self._prefix:
            return line
        return line + self._stream.readline(limit - len(line) if limit >= 0 else -1)

    def read1(self, size: int = -1) -> bytes:
        if self._prefix:
            return self.read(size)
        read = getattr(self._stream, "read1", self._stream.read)
        data: bytes = read(size)
        return data


def iter_jsonl_blocks(
    stream: Prefixed | ByteRange,
    name: str,
    max_case_bytes: int,
    digest: CorpusDigest | None,
    *,
    bom_line: int = 1,
) -> Iterator[LineBlock | CaseError]:
    """JSONL in blocks of whole lines; a line is never split between blocks.

    ``read1`` returns what is there (a pipe's few kilobytes, or up to ``BLOCK_BYTES``
    of a file) without waiting for more, so cases stream from a slow producer too.
    Line numbers count from 1 in ``stream`` (a ``ByteRange`` numbers its own lines).
    A file that starts as a dataset, not a corpus, is one ``CorpusError`` saying so.
    """
    line_number = 1  # of the first line not yet yielded
    pending: list[bytes] = []  # the start of a line whose end is not read yet
    pending_size = 0
    read = getattr(stream, "read1", stream.read)
    while True:
        data = read(BLOCK_BYTES)
        if digest is not None:
            digest.update(data)
        if not data:
            if pending:
                yield _first_checked(LineBlock(b"".join(pending), name, line_number, max_case_bytes, bom_line))
            return
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            pending.append(data)
            pending_size += len(data)
            if pending_size > max_case_bytes:  # memory stays bounded by the limit, whatever the line
                skipped = pending_size + _discard_rest_of_line(stream, digest)
                yield CaseError(name, line_number, _oversize(skipped, max_case_bytes))
                line_number += 1
                pending, pending_size = [], 0
            continue
        block = b"".join([*pending, data[:cut]]) if pending else data[:cut]
        pending, pending_size = ([data[cut:]] if cut < len(data) else []), len(data) - cut
        yield _first_checked(LineBlock(block, name, line_number, max_case_bytes, bom_line))
        line_number += block.count(b"\n")


def _first_checked(block: LineBlock) -> LineBlock:
    """The block, unless it starts the file and the file is a dataset rather than a corpus."""
    if block.first_line == 1 and block.bom_line == 1:
        problem = not_a_corpus_in_head(block.data, block.source)
        if problem is not None:
            raise CorpusError(problem)
    return block


def iter_range_blocks(
    path: str, start: int, end: int, *, max_case_bytes: int = DEFAULT_MAX_CASE_BYTES, name: str | None = None
) -> tuple[Iterator[LineBlock | CaseError], ByteRange]:
    """The lines of ``path`` that begin in bytes [start, end), as the whole-file reader gives them.

    A line belongs to the range its first byte lies in: a range skips the end of a line
    begun before it and reads past ``end`` to finish its own last line, so ranges that
    tile a file read every line exactly once. Line numbers count from 1 at the range's
    first line: the caller adds the lines before it (``ByteRange.newlines`` of the
    ranges before). Errors name ``path`` (or ``name``) like the whole-file reader.
    """
    name = path if name is None else name
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed by the ByteRange when read to its end
    except OSError as error:
        raise CorpusError(f"{name}: cannot read: {error.strerror or error}") from None
    reader = ByteRange(handle, start, end)
    return iter_jsonl_blocks(reader, name, max_case_bytes, None, bom_line=1 if start == 0 else 0), reader


class ByteRange:
    """A file read from the first line that begins at or after ``start`` to the end of the
    line holding byte ``end - 1``; counts the newlines it hands out."""

    def __init__(self, handle: IO[bytes], start: int, end: int) -> None:
        self._handle = handle
        self.newlines = 0
        if start > 0:
            handle.seek(start - 1)
            if handle.read(1) != b"\n":  # the line in progress belongs to the range before
                while (chunk := handle.readline(BLOCK_BYTES)) and not chunk.endswith(b"\n"):
                    pass
        self._position = handle.tell()
        self._end = end
        self._done = self._position >= end  # no line begins in the range
        if self._done:
            handle.close()

    def read1(self, size: int = BLOCK_BYTES) -> bytes:
        if self._done:
            return b""
        if self._position < self._end:
            data = self._handle.read(min(size, self._end - self._position))
        else:  # past the range: only the rest of the line in progress is ours
            data = self._handle.readline(size)
            if not data or data.endswith(b"\n"):
                self._done = True
        if not data or (self._position + len(data) >= self._end and data.endswith(b"\n")):
            self._done = True
        self._position += len(data)
        self.newlines += data.count(b"\n")
        if self._done:
            self._handle.close()
        return data

    read = read1

    def readline(self, limit: int = -1) -> bytes:
        if self._done:
            return b""
        data = self._handle.readline(limit)
        self._position += len(data)
        self.newlines += data.count(b"\n")
        if not data or (self._position >= self._end and data.endswith(b"\n")):
            self._done = True
            self._handle.close()
        return data


def _discard_rest_of_line(stream: Prefixed | ByteRange, digest: CorpusDigest | None) -> int:
    count = 0
    while True:
        chunk = stream.readline(1 << 20)
        if digest is not None:
            digest.update(chunk)
        count += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return count
