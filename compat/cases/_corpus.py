"""Reading cases from JSONL or JSON-array files, with errors that name file and line.

Cases stream: a JSONL corpus of any length is read one line at a time. Every problem
(invalid UTF-8, malformed JSON, an unknown or mistyped field, an oversized case, a
duplicate id) becomes a ``CaseError`` reading ``FILE:LINE: what is wrong``. The
caller decides whether an error stops the run (``on_error=None``: it is raised) or
is collected while the rest is read (``on_error=callback``); nothing is dropped
without the callback hearing of it.
"""

from __future__ import annotations

import difflib
import gzip
import hashlib
import json
import stat
import sys
import zlib
from array import array
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import IO, Any, cast

from pydantic import ValidationError

from compat._errors import CaseError, CorpusError
from compat._text import printable
from compat.cases._case import Case

DEFAULT_MAX_CASE_BYTES = 4 * 1024 * 1024
STDIN = "-"

ErrorHandler = Callable[[CaseError], None]

# The scorer names an ``expected`` block may use. Cases come before scoring in the
# pipeline and do not import it: the scoring stage installs its registry here when it
# is imported (``compat`` imports it first), and a misspelt name is then a case error.
_scorer_names: Callable[[], Collection[str]] | None = None


def check_expected_against(names: Callable[[], Collection[str]]) -> None:
    """Make ``parse_case`` refuse ``expected`` blocks under any name ``names()`` lacks."""
    global _scorer_names
    _scorer_names = names


@dataclass(frozen=True, slots=True)
class LoadedCase:
    case: Case
    source: str
    line: int


@dataclass(frozen=True, slots=True)
class RawCase:
    """One JSONL line, decoded but not yet parsed: cheap to ship to a worker process."""

    text: str
    source: str
    line: int

    def parse(self) -> LoadedCase | CaseError:
        return _case_from_text(self.text, self.source, self.line)


Record = LoadedCase | RawCase | CaseError

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


class CorpusDigest:
    """SHA-256 over every byte read, source after source: identifies a corpus run."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def update(self, data: bytes) -> None:
        self._hash.update(data)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


class ReadPosition:
    """How far the reader is into the corpus, in bytes of its files as stored (a gzip
    file's compressed bytes): what ``corpus_bytes`` adds up. Standard input counts nothing."""

    def __init__(self) -> None:
        self._finished = 0  # the sizes of the sources read to their end
        self._handle: IO[bytes] | None = None  # the file being read

    @property
    def bytes_read(self) -> int:
        return self._finished + (_tell(self._handle) if self._handle is not None else 0)

    def _start(self, handle: IO[bytes]) -> None:
        self._handle = handle

    def _finish(self) -> None:
        if self._handle is not None:
            self._finished += _tell(self._handle)
            self._handle = None


def _tell(handle: IO[bytes]) -> int:
    try:
        return handle.tell()
    except (OSError, ValueError):  # a named pipe cannot tell; a closed file neither
        return 0


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


def bundled_corpus() -> list[Path]:
    """The corpus files shipped with faithcompat, in a stable order."""
    root = bundled_fixtures_dir() / "corpus"
    files = sorted(root.glob("*.jsonl"))
    if not files:
        raise CorpusError(f"the bundled corpus is missing: no *.jsonl under {root}")
    return files


def bundled_fixtures_dir() -> Path:
    """``fixtures/`` inside the installed wheel, or the repository's in a source checkout."""
    packaged = Path(str(resources.files("compat"))) / "fixtures"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "fixtures"


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


class DuplicateIds:
    """Remembers every id seen and turns a repeat into a ``CaseError``; flat in memory.

    The first ``EXACT_IDS`` ids keep their location, so the error can say where the
    first one was. Beyond that only a 64-bit hash of each id is kept, in an
    open-addressing table (16 bytes a case at a million cases, against ~190 for a
    dict of strings); two distinct ids collide with probability about n^2 / 2^65,
    i.e. 3e-8 at a million cases.
    """

    EXACT_IDS = 100_000

    def __init__(self) -> None:
        self._first: dict[str, tuple[str, int]] = {}
        self._hashes = _HashTable()

    def check(self, loaded: LoadedCase) -> LoadedCase | CaseError:
        return self.check_id(loaded.case.id, loaded.source, loaded.line) or loaded

    def check_id(self, case_id: str, source: str, line: int) -> CaseError | None:
        first = self._first.get(case_id)
        if first is not None:
            return CaseError(source, line, f"duplicate id {case_id!r} (first at {first[0]}:{first[1]})")
        if not self._hashes.add(case_id):
            return CaseError(source, line, f"duplicate id {case_id!r} (seen earlier in the corpus)")
        if len(self._first) < self.EXACT_IDS:
            self._first[case_id] = (source, line)
        return None


class _HashTable:
    """A set of 64-bit string hashes in one array: linear probing, doubled at half full."""

    def __init__(self) -> None:
        self._slots = array("Q", bytes(8 * 1024))
        self._mask = 1023
        self._count = 0

    def add(self, text: str) -> bool:
        """Add ``text``'s hash; False when it was there already."""
        key = (hash(text) & 0xFFFF_FFFF_FFFF_FFFF) or 1  # 0 marks an empty slot
        if self._insert(key):
            self._count += 1
            if 2 * self._count > self._mask:
                self._grow()
            return True
        return False

    def _insert(self, key: int) -> bool:
        slots, mask = self._slots, self._mask
        index = key & mask
        while True:
            found = slots[index]
            if found == 0:
                slots[index] = key
                return True
            if found == key:
                return False
            index = (index + 1) & mask

    def _grow(self) -> None:
        old = self._slots
        self._mask = 2 * len(old) - 1
        self._slots = array("Q", bytes(16 * len(old)))
        for key in old:
            if key:
                self._insert(key)


def load_cases(sources: Iterable[str | Path], **options: Any) -> list[Case]:
    """All cases of ``sources`` as a list; the first error is raised."""
    return [loaded.case for loaded in iter_cases(sources, **options)]


def parse_case(data: Any, source: str = "<case>", line: int = 1) -> Case:
    """Validate one decoded JSON value as a case, or raise a located ``CaseError``."""
    if not isinstance(data, dict):
        raise CaseError(source, line, f"a case must be a JSON object, not {_json_type(data)}")
    try:
        case = Case.model_validate(data)
    except ValidationError as error:
        raise CaseError(source, line, describe_validation_error(error)) from None
    if case.expected and _scorer_names is not None:  # a misspelt name would go unchecked, silently
        known = sorted(_scorer_names())
        for name in case.expected:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else f" (registered: {', '.join(known)})"
                raise CaseError(source, line, f"expected: unknown scorer {printable(repr(name))}{hint}")
    return case


def case_line(case: Case) -> str:
    """One case as a JSONL line (no newline), defaults omitted.

    ASCII-escaped, so that lone surrogates (which graders do emit) survive: UTF-8
    cannot encode them, a ``\\udXXX`` escape can.
    """
    data = case.model_dump(mode="python", exclude_defaults=True)
    data["grader_output"] = case.grader_output  # required, even when it is ""
    return json.dumps(data, ensure_ascii=True)


def describe_validation_error(error: ValidationError) -> str:
    """One line naming each bad field and what is wrong with it."""
    known = list(Case.model_fields)
    problems = []
    for detail in error.errors(include_url=False):
        location = ".".join(str(part) for part in detail["loc"])
        kind = detail["type"]
        if kind == "extra_forbidden":
            field = str(detail["loc"][-1])
            guess = difflib.get_close_matches(field, known, n=1) if len(detail["loc"]) == 1 else []
            hint = f" (did you mean {guess[0]!r}?)" if guess else ""
            problems.append(f"unknown field {location!r}{hint}")
        elif kind == "missing":
            problems.append(f"missing required field {location!r}")
        elif location:
            problems.append(f"field {location!r}: {_lower_first(detail['msg'])} (got {_short(detail.get('input'))})")
        else:
            problems.append(_lower_first(detail["msg"]).removeprefix("value error, "))
    return "; ".join(problems)


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
    stream: IO[bytes]
    file: IO[bytes] | None = None  # the file as stored, under any decompression
    if source == STDIN:
        if sys.stdin is None:  # started with `<&-`
            raise CorpusError("-: standard input is closed")
        stream = sys.stdin.buffer
        name = "<stdin>"
    else:
        name = source if name is None else name
        path = Path(source)
        if path.is_dir():
            raise CorpusError(f"{name}: is a directory; name the .jsonl or .json files in it")
        try:
            file = path.open("rb")
        except OSError as error:
            raise CorpusError(f"{name}: cannot read: {error.strerror or error}") from None
        # gzip-compressed corpora (shadow logs rotated with gzip) are read as their text
        stream = cast(IO[bytes], gzip.GzipFile(fileobj=file, mode="rb")) if source.endswith(".gz") else file
        if position is not None:
            position._start(file)
    try:
        first, reader = _first_byte(stream)
        if first == b"[":
            yield from _iter_json_array(reader, name, max_case_bytes, digest)
        else:
            yield from _iter_jsonl_blocks(reader, name, max_case_bytes, digest)
    except (gzip.BadGzipFile, EOFError, zlib.error) as error:  # a .gz that is not, or is cut short
        raise CorpusError(f"{name}: not a readable gzip file: {error}") from None
    finally:
        if file is not None:
            if position is not None:
                position._finish()
            stream.close()
            file.close()  # a GzipFile leaves the file it was given open


_LEADING_SPACE = b"\xef\xbb\xbf \t\r\n"


def is_json_array(path: str | Path) -> bool:
    """The file is a JSON array of cases, not JSONL: the test the reader itself makes."""
    with Path(path).open("rb") as handle:
        return _first_byte(handle)[0] == b"["


def _first_byte(stream: IO[bytes]) -> tuple[bytes, _Prefixed]:
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
            return rest[:1], _Prefixed(b"".join(consumed), stream)
    return b"", _Prefixed(b"".join(consumed), stream)


class _Prefixed:
    """``prefix`` and then ``stream``: the reads this module makes (``read``, ``read1``)."""

    def __init__(self, prefix: bytes, stream: IO[bytes]) -> None:
        self._prefix = prefix
        self._stream = stream

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


def _decode(raw: bytes, name: str, line: int) -> str | CaseError:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return CaseError(
            name, line, f"invalid UTF-8 at byte {error.start + 1} of the line ({raw[error.start : error.start + 4]!r})"
        )


def _iter_jsonl_blocks(
    stream: _Prefixed | ByteRange,
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
                yield LineBlock(b"".join(pending), name, line_number, max_case_bytes, bom_line)
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
        yield LineBlock(block, name, line_number, max_case_bytes, bom_line)
        line_number += block.count(b"\n")


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
    return _iter_jsonl_blocks(reader, name, max_case_bytes, None, bom_line=1 if start == 0 else 0), reader


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


def _discard_rest_of_line(stream: _Prefixed | ByteRange, digest: CorpusDigest | None) -> int:
    count = 0
    while True:
        chunk = stream.readline(1 << 20)
        if digest is not None:
            digest.update(chunk)
        count += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return count


def _case_from_text(text: str, name: str, line: int) -> LoadedCase | CaseError:
    case = well_formed_case(text)
    if case is not None:
        return LoadedCase(case, name, line)
    return exact_case_from_text(text, name, line)


def exact_case_from_text(text: str, name: str, line: int) -> LoadedCase | CaseError:
    """The one path that judges every line, and words what is wrong with it."""
    try:
        data = _CASE_DECODER.decode(text)
    except json.JSONDecodeError as error:
        return CaseError(name, line, f"invalid JSON: {_json_problem(error)}")
    except ValueError as error:  # from the hooks below
        return CaseError(name, line, str(error))
    except RecursionError:
        return CaseError(name, line, TOO_DEEP)
    try:
        return LoadedCase(parse_case(data, name, line), name, line)
    except CaseError as error:
        return error


def _iter_json_array(
    stream: _Prefixed, name: str, max_case_bytes: int, digest: CorpusDigest | None
) -> Iterator[LoadedCase | CaseError]:
    """A JSON array of cases; each case is located by the line its object starts on."""
    raw = stream.read()
    if digest is not None:
        digest.update(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = raw.rfind(b"\n", 0, error.start) + 1
        bad = raw[error.start : error.start + 4]
        line_number = 1 + raw.count(b"\n", 0, error.start)
        raise CorpusError(
            f"{name}:{line_number}: invalid UTF-8 at byte {error.start - line_start + 1} "
            f"of the line ({bad!r}); {_REST_UNREAD}"
        ) from None
    text = text.lstrip("\ufeff")
    decoder = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    pos = text.index("[") + 1
    line, counted = 1, 0  # line numbers are counted incrementally: linear in the file

    def line_at(offset: int) -> int:
        nonlocal line, counted
        line += text.count("\n", counted, offset)
        counted = offset
        return line

    # An error inside a case is that case's (skippable); an error that hides where the
    # next case starts leaves the rest of the array unread, so it stops the run whatever
    # --skip-invalid says: no case may vanish silently.
    pos = _skip_space(text, pos)
    if pos < len(text) and text[pos] == "]":
        return _after_array(text, pos + 1, name, line_at)
    while True:
        element_line = line_at(pos)
        try:
            data, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as error:
            raise _unreadable(name, error) from None
        except ValueError as error:  # a repeated key, NaN, a too long integer: the case alone is bad
            end = _plain_end(text, pos, name, element_line)
            yield CaseError(name, element_line, str(error))
        except RecursionError:
            raise _too_deep(name, element_line) from None
        else:
            if len(text[pos:end].encode("utf-8", "surrogatepass")) > max_case_bytes:
                yield CaseError(name, element_line, f"case is over the limit of {max_case_bytes:,} bytes")
            else:
                try:
                    yield LoadedCase(parse_case(data, name, element_line), name, element_line)
                except CaseError as error:
                    yield error
        pos = _skip_space(text, end)
        if pos < len(text) and text[pos] == "]":
            return _after_array(text, pos + 1, name, line_at)
        if pos < len(text) and text[pos] == ",":
            pos = _skip_space(text, pos + 1)
            if pos < len(text) and text[pos] != "]":
                continue
            problem = "a ',' after the last case" if pos < len(text) else "the array is not closed with ']'"
        else:
            problem = "expected ',' or ']' after a case" if pos < len(text) else "the array is not closed with ']'"
        raise CorpusError(f"{name}:{line_at(min(pos, len(text)))}: invalid JSON: {problem}; {_REST_UNREAD}")


_REST_UNREAD = "the rest of the array cannot be read"


def _json_problem(error: json.JSONDecodeError) -> str:
    # Some of json's messages end in "at" ("Invalid control character at"): no "at at".
    message = error.msg[: -len(" at")] if error.msg.endswith(" at") else error.msg
    return f"{message} at column {error.colno}"


def _after_array(text: str, pos: int, name: str, line_at: Callable[[int], int]) -> None:
    """Only whitespace may follow the array: a second array or a stray case would be lost."""
    rest = _skip_space(text, pos)
    if rest < len(text):
        raise CorpusError(f"{name}:{line_at(rest)}: invalid JSON: content after the array's closing ']'")


def _unreadable(name: str, error: json.JSONDecodeError) -> CorpusError:
    return CorpusError(f"{name}:{error.lineno}: invalid JSON: {_json_problem(error)}; {_REST_UNREAD}")


def _too_deep(name: str, line: int) -> CorpusError:
    return CorpusError(f"{name}:{line}: {TOO_DEEP}; {_REST_UNREAD}")


def _plain_end(text: str, pos: int, name: str, line: int) -> int:
    """Where the value at ``pos`` ends, read without the checks that rejected it.

    The first check to fail stops the strict decoder early, so the rest of the value
    is unread: it may still hold a syntax error or nest too deeply, and then the next
    case cannot be found either.
    """
    try:
        return int(_SPAN_DECODER.raw_decode(text, pos)[1])
    except json.JSONDecodeError as error:
        raise _unreadable(name, error) from None
    except RecursionError:
        raise _too_deep(name, line) from None


# Reads any JSON value to its end: repeated keys and NaN are kept, integers stay strings
# (int() refuses more than 4,300 digits, and that refusal is what sent us here).
_SPAN_DECODER = json.JSONDecoder(parse_int=str)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


# The C decoder recurses once per level and stops at Python's recursion limit (~1,000).
TOO_DEEP = "invalid JSON: arrays or objects nested too deeply to read (about 1,000 levels at most)"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"invalid JSON: {name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate field {key!r}")
            seen.add(key)
    return result


def well_formed_case(text: str) -> Case | None:
    """The case of a line that is a plain, valid case; ``None`` for anything else.

    The fast path of a line: pydantic reads the JSON and validates in one pass, at a
    third of the cost of ``json`` plus validation. It accepts less than the exact path
    (``_CASE_DECODER`` then ``parse_case``), never more, and where both accept they
    build the same case; a test holds it to that. What it cannot see is a duplicate
    key: pydantic keeps the last one silently. It counts string tokens instead.
    Without ``expected`` a valid case has no nested object, so its text holds one
    string token per key and one per string value: two quotes each, plus the quotes
    escaped inside strings, and a repeated key is one token too many. Lines with
    ``expected`` (nested objects) take the exact path.
    """
    try:
        case = _validate_json(text)
    except ValueError:  # pydantic's ValidationError among them
        return None
    fields = case.model_fields_set
    if "expected" in fields:
        return None
    strings = (
        2  # id and grader_output
        + len(case.tags)
        + len(case.contexts)
        + (case.statements is not None and len(case.statements))
        + (case.statements_output is not None)
        + (case.question is not None)
        + (case.answer is not None)
        + (case.note is not None)
    )
    tokens = len(fields) + strings  # keys and string values, when no key repeats
    quotes = text.count('"')  # two per token, plus one per quote escaped inside a string
    if quotes != 2 * tokens:
        escaped = _escaped_quotes(text)
        if escaped is None or quotes - escaped != 2 * tokens:
            return None  # a repeated key: the exact path names it
    return case


_LONGEST_BACKSLASH_RUN = 16  # counted before a quote; longer runs (never seen) take the exact path


def _escaped_quotes(text: str) -> int | None:
    """The quotes after an odd number of backslashes (those inside strings).

    A quote after ``r`` backslashes is counted once by each of the patterns ``\\"``,
    ``\\\\"``, ... up to ``r`` backslashes; alternating their signs adds 1 for odd
    ``r``, 0 for even ``r``. ``None`` past ``_LONGEST_BACKSLASH_RUN`` backslashes.
    """
    count, sign, pattern = 0, 1, '\\"'
    while found := text.count(pattern):
        if len(pattern) > _LONGEST_BACKSLASH_RUN:
            return None
        count += sign * found
        sign, pattern = -sign, "\\" + pattern
    return count


_validate_json = Case.model_validate_json


# One decoder for every line: json.loads would build a new one per call for the hooks.
_CASE_DECODER = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_unique_keys)


def _json_type(value: Any) -> str:
    names = {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    """A value quoted in an error message: short, and with no control character left raw,
    since the message goes to a terminal (json.dumps escapes C0 only)."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else _json_type(value)
    return printable(text if len(text) <= 40 else text[:37] + "...")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
