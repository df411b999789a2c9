"""A CSV dataset: rows located by the line they start on, and lists written as text read as lists.

Spreadsheets and pandas write a list column as text: JSON (``["a", "b"]``), Python's
repr (``['a', 'b']``, what ``DataFrame.to_csv`` writes for a list) or numpy's
(``['a' 'b']``, an array: no commas). Each is read as the list it is; a cell that
starts as a list of strings and is not one (cut short by a spreadsheet's cell limit)
is refused with its line, never graded as one string with the brackets in it.
"""

from __future__ import annotations

import ast
import csv
import io
import itertools
import json
import tokenize
from collections.abc import Iterator
from typing import IO, Any

from compat._errors import CaseError, CorpusError
from compat._text import printable
from compat.cases import invalid_utf8
from compat.grading.datasets.lines import LineEnd, dataset_lines, line_end
from compat.grading.datasets.rows import ALIASES, Row, row_from_record, row_too_long

_LIST_COLUMNS = {*ALIASES["contexts"], "tags"}
_REQUIRED = [ALIASES[column] for column in ("question", "answer", "contexts")]
_SKIPPED_TOKENS = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}


def iter_csv(handle: IO[bytes], source: str, stem: str, max_case_bytes: int) -> Iterator[Row | CaseError]:
    """The rows of a CSV file with a header row; an empty file, or a header alone, is an error."""
    # A cell may be as long as a case line (csv's own limit, 128 KiB, is lower): a longer
    # row is then refused by its size, with its line, as in every other format.
    csv.field_size_limit(max(csv.field_size_limit(), max_case_bytes))
    lines = _Lines(handle)
    first = next(lines, None)
    if first is None:
        raise CorpusError(f"{source}: the file is empty: a CSV dataset needs a header row and a row per case")
    # strict: a quote left open would otherwise take every row after it into one cell, silently
    reader = csv.reader(itertools.chain([first], lines), delimiter=_delimiter(first), strict=True)
    try:
        header = next(reader)
    except csv.Error as error:
        raise CorpusError(f"{source}:1: invalid CSV header: {error}") from None
    if lines.bad:
        raise CorpusError(f"{source}:1: {lines.bad[1]} (in the header)")
    header = [name.strip() for name in header]
    missing = next((names for names in _REQUIRED if not set(names) & set(header)), None)
    if missing is not None:  # every row would miss it: said once, of the header
        shown = ", ".join(printable(repr(name)) for name in header[:6]) + (", ..." if len(header) > 6 else "")
        raise CorpusError(
            f"{source}:1: the header has no column named {' or '.join(missing)} (names are case-sensitive); "
            f"it has {shown}"
        )
    rows = 0
    while True:
        line = reader.line_num + 1  # where the next row starts (a quoted field may span lines)
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            if _is_stray_break(error):  # the line is read to its end: the next row starts after it
                rows += 1
                yield CaseError(source, reader.line_num, _stray_break(lines.end))
                continue
            # the reader cannot tell where the next row starts
            problem = _too_long_cell(max_case_bytes) if _is_field_limit(error) else f"invalid CSV: {error}"
            raise CorpusError(f"{source}:{line}: {problem}; the rest of the file cannot be read") from None
        bad = [number for number in range(line, reader.line_num + 1) if number in lines.bad]
        if not bad and not any(value.strip() for value in values):
            continue
        rows += 1
        if bad:
            yield CaseError(source, bad[0], lines.bad[bad[0]])
            continue
        if len(values) != len(header):
            yield CaseError(source, line, f"{len(values)} fields where the header has {len(header)}")
            continue
        try:
            record = {name: _csv_value(name, value) for name, value in zip(header, values, strict=True) if name}
        except _BadCell as bad_cell:
            yield CaseError(source, line, str(bad_cell))
            continue
        row = row_from_record(record, source, line, default_id=f"{stem}-{line}")
        yield (row_too_long(row, max_case_bytes) or row) if isinstance(row, Row) else row
    if rows == 0:
        raise CorpusError(f"{source}: a header and no rows: nothing to grade")


def _stray_break(end: LineEnd) -> str:
    """A lone line break of the other kind than the file's lines end in, in an unquoted cell:
    a line break to Python's csv module, but not where this file's lines end, so its row is
    refused, not cut in two (csv.writer quotes only the characters of its own line ending)."""
    written = {"\n": "\\n", "\r": "\\r"}
    stray = "\r" if end == "\n" else "\n"
    name = {"\r": "a carriage return", "\n": "a line feed"}[stray]
    return (
        f"{name} ({written[stray]}) inside an unquoted cell, where this file's lines end in {written[end]}: "
        f"quote the cell, or take the {written[stray]} out"
    )


def _is_stray_break(error: csv.Error) -> bool:
    return str(error).startswith("new-line character seen in unquoted field")


def _delimiter(header: str) -> str:
    """What separates the header's names: a comma, or else a semicolon (Excel's CSV where the
    decimal separator is a comma) or a tab (a .tsv), whichever the header holds most of."""
    counts = {delimiter: header.count(delimiter) for delimiter in ",;\t"}
    return max(counts, key=lambda delimiter: counts[delimiter])  # a tie: the first, a comma


def _is_field_limit(error: csv.Error) -> bool:
    return str(error).startswith("field larger than field limit")


def _too_long_cell(max_case_bytes: int) -> str:
    # Where the over-long cell ends is not known (a quote left open reads the same), so no
    # row after it can be found: unlike a row too long in JSONL, it cannot be skipped.
    return (
        f"a cell over {csv.field_size_limit():,} characters, more than a row may take "
        f"(half of --max-case-bytes {max_case_bytes:,}), or a quote left open before it"
    )


class _Lines:
    """The file's lines decoded one at a time, so that invalid UTF-8 is found on its own
    line (a decoder reading ahead in chunks blames the line the CSV reader is on). A bad
    line is read with replacement characters and remembered in ``bad``: its row is refused."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.end = line_end(handle)
        self._lines = enumerate(dataset_lines(handle, self.end), 1)
        self.bad: dict[int, str] = {}

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        number, raw = next(self._lines)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as error:
            self.bad[number] = invalid_utf8(raw, error)
            return raw.decode("utf-8", "replace")


class _BadCell(Exception):
    """A cell that cannot be read as its column says; becomes the row's ``CaseError``."""


def _csv_value(name: str, value: str) -> Any:
    """A CSV cell: lists (contexts, tags) may be written as lists, thresholds are numbers."""
    stripped = value.strip()
    if name in _LIST_COLUMNS and stripped.startswith("["):
        return _list_cell(name, stripped, value)
    if name == "tags":
        return [tag.strip() for tag in stripped.replace(";", ",").split(",") if tag.strip()]
    if name == "threshold" and stripped:
        try:
            return float(stripped)
        except ValueError:
            return value
    if name in {"threshold", "id", *ALIASES["reference"]} and not stripped:
        return None
    return value


def _list_cell(name: str, stripped: str, value: str) -> Any:
    """A cell starting with ``[``: a list written as JSON, Python or numpy text, or plain
    text that happens to start so (``[1] Returns are accepted...``)."""
    try:
        parsed = json.loads(stripped)
    except ValueError:
        parsed = _python_strings(stripped) or _python_value(stripped)
    if isinstance(parsed, list):
        if all(isinstance(item, str) for item in parsed):
            return parsed
        raise _BadCell(f"{name!r} holds a list, but not of strings: write each item as a quoted string")
    if stripped[1:].lstrip()[:1] in ("'", '"'):  # it starts as a list of strings, and is not one
        raise _BadCell(
            f"{name!r} starts as a list of strings but cannot be read as one (cut short?): "
            f'write it as a JSON list, e.g. ["first context", "second context"]'
        )
    return value


def _python_value(text: str) -> Any:
    """Any Python literal the text is (``[1, None]``), to say what it is; ``None`` otherwise."""
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _python_strings(text: str) -> list[Any] | None:
    """The items of ``['a', 'b']`` (Python's repr) or ``['a' 'b']`` (numpy's), one per
    string literal; ``None`` for anything else. Read token by token: ``ast.literal_eval``
    would join numpy's adjacent literals into one string, silently."""
    try:
        tokens = [
            token for token in tokenize.generate_tokens(io.StringIO(text).readline) if token.type not in _SKIPPED_TOKENS
        ]
    except (tokenize.TokenError, SyntaxError):
        return None
    if len(tokens) < 2 or tokens[0].string != "[" or tokens[-1].string != "]":
        return None
    items: list[Any] = []
    after_item = False
    for token in tokens[1:-1]:
        if token.type == tokenize.STRING:
            try:
                items.append(ast.literal_eval(token.string))  # bytes (b'...') stay bytes: refused as not strings
            except (ValueError, SyntaxError):
                return None
            after_item = True
        elif token.string == "," and after_item:
            after_item = False
        else:
            return None
    return items
