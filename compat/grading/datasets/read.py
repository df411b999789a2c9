"""Reading RAG datasets: rows of question, answer and contexts from JSONL, JSON, CSV or promptfoo.

A promptfoo eval results file (``promptfoo eval -o results.json``) gives a row per
result, with the score its context-faithfulness assertion recorded as ``observed``.
Every problem is a ``CaseError`` reading ``FILE:LINE: what``; columns the grader does
not use are ignored. JSONL and CSV stream: memory does not grow with the file.

Limits are stated on the way in: a file with no row is an error (``CorpusError``), and
so is a row too long for its graded case line to be read back (``row_too_long``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import IO, Any

from compat._errors import CaseError, CorpusError
from compat._file_kind import FileKind, wrong_file
from compat.cases import (
    DEFAULT_MAX_CASE_BYTES,
    DuplicateIds,
    array_elements,
    invalid_utf8,
    json_problem,
    open_stored,
    recorded_faithfulness,
    reject_bare_constant,
    results_array_start,
    uncompressed_name,
)
from compat.grading.datasets.csv_rows import iter_csv
from compat.grading.datasets.lines import dataset_lines, line_end, with_newlines
from compat.grading.datasets.metrics import MetricProblem, promptfoo_metrics
from compat.grading.datasets.rows import ALIASES, Row, row_from_record, row_too_long, type_name

ErrorHandler = Callable[[CaseError], None]


def bundled_dataset() -> list[Path]:
    """The dataset shipped with faithcompat (about 50 RAG rows)."""
    packaged = Path(str(resources.files("compat"))) / "fixtures" / "datasets"
    root = packaged if packaged.is_dir() else Path(__file__).resolve().parents[3] / "fixtures" / "datasets"
    files = sorted(root.glob("*.jsonl"))
    if not files:
        raise CorpusError(f"the bundled dataset is missing: no *.jsonl under {root}")
    return files


def iter_rows(
    sources: Iterable[str | Path],
    *,
    on_error: ErrorHandler | None = None,
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES,
) -> Iterator[Row]:
    """Every valid row of every source, in order; bad rows raised, or handed to ``on_error``.

    ``max_case_bytes`` is the longest case line the corpus reader accepts: a row that
    takes more than half of it is refused (the grader's outputs need the rest).
    """
    ids = DuplicateIds()
    for source in sources:
        for item in _iter_source(str(source), max_case_bytes):
            if isinstance(item, Row):
                item = ids.check_id(item.id, item.source, item.line) or row_too_long(item, max_case_bytes) or item
            if isinstance(item, CaseError):
                if on_error is None:
                    raise item
                on_error(item)
                continue
            yield item


# ------------------------------------------------------------------- internals


def _iter_source(source: str, max_case_bytes: int) -> Iterator[Row | CaseError]:
    """The rows of one file; a file that fails at its first row as a dataset and is another kind
    (a corpus with no question, report.json, cases.jsonl, a TOML file) is one error saying which."""
    rows = _iter_file(source, max_case_bytes)
    try:
        first = next(rows, None)
    except CorpusError as error:
        raise (_other_kind(source) or error) from None
    if isinstance(first, CaseError):
        other = _other_kind(source)
        if other is not None:
            raise other
    if first is not None:
        yield first
        yield from rows


def _other_kind(source: str) -> CorpusError | None:
    problem = wrong_file(source, FileKind.DATASET)
    return CorpusError(problem) if problem is not None else None


def _iter_file(source: str, max_case_bytes: int) -> Iterator[Row | CaseError]:
    path = Path(source)
    if path.is_dir():
        raise CorpusError(f"{source}: is a directory; name the dataset files in it")
    # A .gz file is read as the file it holds: its format and its rows' ids are that file's.
    plain = uncompressed_name(path)
    stem = plain.stem
    with open_stored(path, source) as (_file, handle):
        not_text = _not_text(handle.read(4), source)
        handle.seek(0)
        if not_text:
            raise CorpusError(not_text)
        if plain.suffix.lower() in (".csv", ".tsv"):
            yield from iter_csv(handle, source, stem, max_case_bytes)
            return
        head = handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
        handle.seek(0)
        if head.startswith(b"["):
            yield from _iter_json_array(_read_text(handle, source), source, stem)
        elif head.startswith(b"{") and _is_promptfoo(handle, plain.suffix.lower() == ".json"):
            yield from _iter_promptfoo(_read_text(handle, source), source, stem)
        else:
            yield from _iter_jsonl(handle, source, stem)


# What a team may hand over as its dataset that is not text faithcompat reads, by its first bytes.
_NOT_TEXT = (
    (b"\x1f\x8b", "gzip-compressed, but its name does not end in .gz: name it so, or gunzip it"),
    (b"PK\x03\x04", "a zip archive (an Excel workbook?): save the sheet as CSV UTF-8"),
    (b"PAR1", "a Parquet file: write it as JSONL (pandas: to_json(PATH, orient='records', lines=True))"),
    (b"\xff\xfe", "UTF-16 text (Excel's Unicode Text?): save it as UTF-8 (CSV UTF-8)"),
    (b"\xfe\xff", "UTF-16 text: save it as UTF-8"),
)


def _not_text(head: bytes, source: str) -> str | None:
    """The message for a file that is not a text dataset (read whole, it would fail at line 1, unnamed)."""
    for magic, what in _NOT_TEXT:
        if head.startswith(magic):
            return f"{source}: {what}"
    return None


def _read_text(handle: IO[bytes], source: str) -> str:
    data = with_newlines(handle.read())
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = 1 + data.count(b"\n", 0, error.start)
        shifted = UnicodeDecodeError("utf-8", data, error.start - line_start, error.end - line_start, error.reason)
        line_end = data.find(b"\n", error.start)
        text = data[line_start : line_end if line_end >= 0 else len(data)]
        raise CorpusError(f"{source}:{line}: {invalid_utf8(text, shifted)}") from None


def _is_promptfoo(handle: IO[bytes], named_json: bool) -> bool:
    """A file starting with ``{`` is a promptfoo results document, not JSONL: its first line is
    one (``-o`` without indent), or it is named ``.json`` and its first line is not a whole row
    (JSONL is often named ``.json``)."""
    first = handle.readline()
    handle.seek(0)
    try:
        value = json.loads(first.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return named_json
    if not isinstance(value, dict):
        return named_json
    return "results" in value and not any(key in value for key in _ROW_KEYS)


_ROW_KEYS = {name for names in ALIASES.values() for name in names}


def _iter_jsonl(handle: IO[bytes], source: str, stem: str) -> Iterator[Row | CaseError]:
    rows = 0
    for number, raw in enumerate(dataset_lines(handle, line_end(handle)), 1):
        if not raw.strip():
            continue
        rows += 1
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield CaseError(source, number, invalid_utf8(raw, error))
            continue
        try:  # without its line break: a row cut inside a string then reads "Unterminated string"
            record = json.loads(text.rstrip("\r\n"), parse_constant=reject_bare_constant)
        except json.JSONDecodeError as error:
            if rows == 1 and _is_csv_header(text):  # one error, not one a row
                raise CorpusError(f"{source}:{number}: a CSV header, not JSON: name the file .csv") from None
            yield CaseError(source, number, f"invalid JSON: {json_problem(error)}")
            continue
        except (ValueError, RecursionError) as error:
            yield CaseError(source, number, f"invalid JSON: {error}")
            continue
        yield row_from_record(record, source, number, default_id=f"{stem}-{number}")
    if rows == 0:
        raise CorpusError(f"{source}: the file is empty: no rows to grade")


def _is_csv_header(line: str) -> bool:
    """The line names columns a row has, separated by commas, semicolons or tabs."""
    names = {name.strip().strip('"').strip() for name in re.split(r"[,;\t]", line)}
    return len(names) > 1 and bool(names & _ROW_KEYS)


def _iter_json_array(text: str, source: str, stem: str) -> Iterator[Row | CaseError]:
    """A JSON array of rows; each located by the line its object starts on."""
    rows = 0
    for line, record in array_elements(text, text.index("[") + 1, source):
        rows += 1
        yield row_from_record(record, source, line, default_id=f"{stem}-{line}")
    if rows == 0:
        raise CorpusError(f"{source}: an empty array: no rows to grade")


def _iter_promptfoo(text: str, source: str, stem: str) -> Iterator[Row | CaseError]:
    """A promptfoo results file: ``results`` (or ``results.results``, version 3 on) holds the tests."""
    start = results_array_start(text, source)
    index = 0
    for index, (line, result) in enumerate(array_elements(text, start, source), 1):
        yield _promptfoo_row(result, source, line, default_id=f"{stem}-{index}")
    if index == 0:
        raise CorpusError(f"{source}: a promptfoo results file with no results: no rows to grade")


def _promptfoo_row(result: Any, source: str, line: int, default_id: str) -> Row | CaseError:
    if not isinstance(result, dict):
        return CaseError(source, line, f"a promptfoo result must be an object, not {type_name(result)}")
    variables = result.get("vars")
    if not isinstance(variables, dict):
        test_case = result.get("testCase")
        variables = test_case.get("vars") if isinstance(test_case, dict) else None
    if not isinstance(variables, dict):
        return CaseError(source, line, "a promptfoo result without vars")
    record: dict[str, Any] = dict(variables)
    response = result.get("response")
    has_answer = any(name in record for name in ALIASES["answer"])
    if not has_answer and isinstance(response, dict) and isinstance(response.get("output"), str):
        record["answer"] = response["output"]  # the model's output is the answer under test
    observed = recorded_faithfulness(result.get("gradingResult"))
    if observed is not None and "threshold" not in record and observed.threshold is not None:
        record["threshold"] = observed.threshold
    row = row_from_record(record, source, line, default_id=default_id)
    if isinstance(row, Row) and observed is not None:
        row = replace(row, observed=observed)
    if isinstance(row, Row):
        try:
            named = promptfoo_metrics(result.get("gradingResult"))
        except MetricProblem as problem:
            return CaseError(source, line, str(problem))
        if named:  # the vars' own metrics first, then each named assertion's score
            row = replace(row, metrics=tuple({**named, **dict(row.metrics)}.items()))
    return row
