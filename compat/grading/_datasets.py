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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import IO, Any

from compat._errors import CaseError, CorpusError
from compat.cases import (
    DEFAULT_MAX_CASE_BYTES,
    DuplicateIds,
    array_elements,
    invalid_utf8,
    json_problem,
    recorded_faithfulness,
    reject_bare_constant,
    results_array_start,
)
from compat.grading._csv import iter_csv
from compat.grading._metrics import MetricProblem, promptfoo_metrics
from compat.grading._rows import ALIASES, Row, row_from_record, row_too_long, type_name

ErrorHandler = Callable[[CaseError], None]


def bundled_dataset() -> list[Path]:
    """The dataset shipped with faithcompat (about 50 RAG rows)."""
    packaged = Path(str(resources.files("compat"))) / "fixtures" / "datasets"
    root = packaged if packaged.is_dir() else Path(__file__).resolve().parents[2] / "fixtures" / "datasets"
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
    path = Path(source)
    if path.is_dir():
        raise CorpusError(f"{source}: is a directory; name the dataset files in it")
    try:
        handle = path.open("rb")
    except OSError as error:
        raise CorpusError(f"{source}: cannot read: {error.strerror or error}") from None
    stem = path.stem
    with handle:
        if path.suffix.lower() == ".csv":
            yield from iter_csv(handle, source, stem, max_case_bytes)
            return
        head = handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
        handle.seek(0)
        if head.startswith(b"["):
            yield from _iter_json_array(_read_text(handle, source), source, stem)
        elif head.startswith(b"{") and (path.suffix.lower() == ".json" or _is_promptfoo_line(handle)):
            yield from _iter_promptfoo(_read_text(handle, source), source, stem)
        else:
            yield from _iter_jsonl(handle, source, stem)


def _read_text(handle: IO[bytes], source: str) -> str:
    data = handle.read()
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = 1 + data.count(b"\n", 0, error.start)
        shifted = UnicodeDecodeError("utf-8", data, error.start - line_start, error.end - line_start, error.reason)
        line_end = data.find(b"\n", error.start)
        text = data[line_start : line_end if line_end >= 0 else len(data)]
        raise CorpusError(f"{source}:{line}: {invalid_utf8(text, shifted)}") from None


def _is_promptfoo_line(handle: IO[bytes]) -> bool:
    """A ``.jsonl`` file whose first line is a whole promptfoo results document (``-o`` without indent)."""
    first = handle.readline()
    handle.seek(0)
    try:
        value = json.loads(first.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(value, dict) and "results" in value and not any(key in value for key in _ROW_KEYS)


_ROW_KEYS = {name for names in ALIASES.values() for name in names}


def _iter_jsonl(handle: IO[bytes], source: str, stem: str) -> Iterator[Row | CaseError]:
    rows = 0
    for number, raw in enumerate(handle, 1):
        if number == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
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
            yield CaseError(source, number, f"invalid JSON: {json_problem(error)}")
            continue
        except (ValueError, RecursionError) as error:
            yield CaseError(source, number, f"invalid JSON: {error}")
            continue
        yield row_from_record(record, source, number, default_id=f"{stem}-{number}")
    if rows == 0:
        raise CorpusError(f"{source}: the file is empty: no rows to grade")


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
