"""Limits on the way in: an empty dataset, a row too long for the pipeline, lists written as
text in a CSV cell, and every dataset format's errors at their real line, worded once."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat._errors import CaseError, CorpusError
from compat.cases import load_cases
from compat.grading import BUILT_IN, GradeSettings, ReplyCache, grade, iter_rows
from tests.grading.server import GraderServer
from tests.grading.test_datasets import PROMPTFOO, ScriptedGrader
from tests.grading.test_grade import ROWS, invoke, run_grade
from tests.grading.troubleshooting import assert_documented


def rows_of(path: Path, **options: Any) -> list[Any]:
    return list(iter_rows([path], **options))


def problem(path: Path, **options: Any) -> str:
    with pytest.raises((CaseError, CorpusError)) as raised:
        rows_of(path, **options)
    return str(raised.value)


# ------------------------------------------------------------------------------- empty


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("d.jsonl", "", "the file is empty: no rows to grade"),
        ("d.jsonl", "\n  \n", "the file is empty: no rows to grade"),
        ("d.json", "[]\n", "an empty array: no rows to grade"),
        ("d.csv", "", "the file is empty: a CSV dataset needs a header row and a row per case"),
        ("d.csv", "question,answer,contexts\n", "a header and no rows: nothing to grade"),
        ("d.csv", "question,answer,contexts\n,,\n", "a header and no rows: nothing to grade"),
        ("results.json", '{"results": {"version": 3, "results": []}}', "a promptfoo results file with no results"),
    ],
)
def test_an_empty_dataset_is_an_error_naming_the_file(tmp_path: Path, name: str, content: str, said: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert problem(path).startswith(f"{path}: {said}")


def test_grade_on_an_empty_dataset_exits_2_before_any_call(server: GraderServer, tmp_path: Path) -> None:
    code, err, out = run_grade(server, tmp_path, rows=[])
    assert code == 2 and server.script.requests == 0 and not out.exists()
    assert err == f"faithcompat: error: {tmp_path / 'data.jsonl'}: the file is empty: no rows to grade\n"
    assert_documented("the dataset is empty", err.removeprefix("faithcompat: error: ").rstrip())


def test_grade_with_every_row_skipped_has_nothing_to_grade(server: GraderServer, tmp_path: Path) -> None:
    code, err, out = run_grade(server, tmp_path, "--skip-invalid", rows=[{"id": "x", "question": "q"}])
    assert code == 2 and server.script.requests == 0 and not out.exists()
    assert "skipped: " in err and err.endswith("faithcompat: error: no rows to grade: no corpus written\n")
    assert_documented("every row was skipped", err.splitlines()[-1].removeprefix("faithcompat: error: "))


# ------------------------------------------------------------------------------- size


def test_a_row_over_half_the_case_limit_is_refused_with_its_line_before_any_call(
    server: GraderServer, tmp_path: Path
) -> None:
    big = {**ROWS[0], "id": "big", "answer": "Paris. " * 100_000}  # 700 kB: the 20 MB answer, scaled down
    code, err, out = run_grade(server, tmp_path, "--max-case-bytes", "1000000", rows=[ROWS[1], big])
    assert code == 2 and server.script.requests == 0 and not out.exists()
    assert err == (
        f"faithcompat: error: {tmp_path / 'data.jsonl'}:2: the row is 700,100 bytes as a case, over the 500,000 "
        "a row may take (half of --max-case-bytes 1,000,000: the rest is for the grader's outputs)\n"
    )
    assert_documented("a row is too long", err.removeprefix("faithcompat: error: ").rstrip())
    code, err, out = run_grade(server, tmp_path, "--max-case-bytes", "1000000", "--skip-invalid", rows=[ROWS[1], big])
    assert code == 0 and f"skipped: {tmp_path / 'data.jsonl'}:2: the row is 700,100 bytes" in err
    assert [case.id for case in load_cases([out])] == ["b"]


def test_the_row_limit_counts_bytes_as_the_corpus_reader_does(tmp_path: Path) -> None:
    # Each of these characters is 3 bytes of UTF-8, or 6 as an escape (C1 controls): not 1.
    path = tmp_path / "d.jsonl"
    for text in ("€" * 400, "\x85" * 300):
        path.write_text(json.dumps({"question": "q", "answer": text, "contexts": []}) + "\n", encoding="utf-8")
        assert "bytes as a case, over the 1,000 a row may take" in problem(path, max_case_bytes=2000)
        assert len(rows_of(path, max_case_bytes=4000)) == 1


def test_grader_outputs_that_would_overflow_the_case_line_are_refused_on_the_case(tmp_path: Path) -> None:
    """A row within its half whose outputs would make the line unreadable: the largest
    outputs give way to a ``too_long`` error, and every line written is read back."""
    path = tmp_path / "d.jsonl"
    long_answer = " ".join(f"Statement number {i} is here." for i in range(700))  # ~20 kB, statements ~2x that
    path.write_text(
        json.dumps({"id": "long", "question": "q", "answer": long_answer, "contexts": ["c"]})
        + "\n"
        + json.dumps({"id": "short", "question": "q", "answer": "Short.", "contexts": ["Short."]})
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "corpus.jsonl"
    limit = 64_000
    settings_ = GradeSettings(model="m", max_case_bytes=limit, max_error_rate=1.0)
    summary = grade(iter_rows([path], max_case_bytes=limit), out, ScriptedGrader, ReplyCache(None), BUILT_IN, settings_)
    assert summary.error_kinds and dict(summary.error_kinds)["too_long"] >= 1
    lines = out.read_bytes().splitlines()
    assert all(len(line) <= limit for line in lines)
    cases = load_cases([out], max_case_bytes=limit)
    long_case, short_case = cases
    errors = [long_case.arm_error(arm) for arm in ("legacy", "ragas")]
    assert any(e is not None and e.kind == "too_long" and f"over the limit of {limit:,}" in e.message for e in errors)
    assert short_case.arm_case("legacy") is not None and short_case.arm_case("ragas") is not None


# ------------------------------------------------------------------------ lists in CSV cells


def csv_file(path: Path, rows: list[list[str]]) -> Path:
    """A CSV as Python's csv module writes it (quoting what needs quoting), as pandas does."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows([["question", "answer", "contexts"], *rows])
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path


_CONTEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(str.strip)


@settings(max_examples=80)
@given(contexts=st.lists(_CONTEXT, min_size=1, max_size=4), form=st.sampled_from(["pandas", "numpy", "json"]))
@example(contexts=["ctx1", "ctx2"], form="pandas")
@example(contexts=["It's 330 m tall.", 'A "quoted" word.'], form="pandas")
@example(contexts=["ctx1", "ctx2"], form="numpy")
def test_a_list_written_as_text_in_a_csv_cell_is_read_as_that_list(contexts: list[str], form: str) -> None:
    # How the world writes a list column: pandas' to_csv writes str(list) (Python's repr),
    # numpy's str(array) puts no commas between items, a JSON export writes JSON.
    cell = {"pandas": str(contexts), "numpy": "[" + " ".join(map(repr, contexts)) + "]", "json": json.dumps(contexts)}
    path = Path(__import__("tempfile").mkdtemp()) / "d.csv"
    csv_file(path, [["Q?", "A.", cell[form]]])
    (row,) = rows_of(path)
    assert list(row.contexts) == contexts


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        ("['ctx1', 'ctx2", "'contexts' starts as a list of strings but cannot be read as one (cut short?)"),
        ('["ctx1", ', "'contexts' starts as a list of strings but cannot be read as one (cut short?)"),
        ("[1, 2]", "'contexts' holds a list, but not of strings"),
        ("['a', None]", "'contexts' holds a list, but not of strings"),
    ],
)
def test_a_csv_cell_that_starts_as_a_list_and_is_not_one_is_refused_with_its_line(
    tmp_path: Path, cell: str, said: str
) -> None:
    path = csv_file(tmp_path / "d.csv", [["Q?", "A.", "fine"], ["Q?", "A.", cell]])
    assert problem(path).startswith(f"{path}:3: {said}")
    if "cut short" in said:
        assert_documented("a CSV cell looks like a list", problem(path))


@pytest.mark.parametrize("cell", ["[1] Items may be returned within 30 days.", "[citation needed] Paris.", "[]x"])
def test_text_that_merely_starts_with_a_bracket_stays_text(tmp_path: Path, cell: str) -> None:
    (row,) = rows_of(csv_file(tmp_path / "d.csv", [["Q?", "A.", cell]]))
    assert row.contexts == (cell,)


# ------------------------------------------------------------- where errors are, in each format


def test_invalid_utf8_in_a_csv_is_reported_on_its_own_line_and_skippable(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    filler = "".join(f"Q{i},A{i},C{i}\n" for i in range(3000)).encode()  # past any decoder's read-ahead
    path.write_bytes(b"question,answer,contexts\nQ,A,C\nQ2,A\xff2,C2\n" + filler)
    assert problem(path) == f"{path}:3: invalid UTF-8 at byte 5 of the line (b'\\xff2,C')"
    errors: list[CaseError] = []
    assert len(rows_of(path, on_error=errors.append)) == 3001 and [e.line for e in errors] == [3]


def test_a_csv_quote_left_open_stops_the_file_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text('question,answer,contexts\nQ,A,C\nQ,"A,C\nQ3,A3,C3\n', encoding="utf-8")
    with pytest.raises(CorpusError) as raised:
        rows_of(path, on_error=lambda error: None)  # not skippable: the rest of the file is lost with it
    assert str(raised.value).startswith(f"{path}:3: invalid CSV: unexpected end of data")
    assert str(raised.value).endswith("; the rest of the file cannot be read")


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        # a row cut short in the middle of a string: json's message ends in "at", said once
        (
            "d.jsonl",
            '{"question": "q", "answer": "a", "contexts": []}\n{"question": "q", "answer": "cut\n',
            ":2: invalid JSON: Unterminated string starting at column 29",
        ),
        (
            "d.jsonl",
            '{"question": "q", "answer": "a", "contexts": []}\n{"question": "q\tx", "answer": "a"}\n',
            ":2: invalid JSON: Invalid control character at column 16",
        ),
        (
            "d.jsonl",
            b'{"question": "q", "answer": "a", "contexts": []}\n{"question": "\xff"}\n',
            ":2: invalid UTF-8 at byte 15 of the line (b'\\xff\"}\\n')",
        ),
        (
            "d.json",
            '[\n  {"question": "q", "answer": "a", "contexts": []},\n  {"question": "q\tx"}\n]\n',
            ":3: invalid JSON: Invalid control character at column 18",
        ),
        ("d.json", b'[\n  {"question": "q"},\n  {"question": "\xff"}\n]\n', ":3: invalid UTF-8 at byte 17 of the line"),
    ],
)
def test_errors_name_the_real_line_and_column_and_say_at_once(
    tmp_path: Path, name: str, content: str | bytes, said: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    message = problem(path)
    assert message.startswith(f"{path}{said}") and " at at " not in message
    if "Unterminated" in said:
        assert_documented("a row is not JSON", message)


def test_promptfoo_results_errors_name_the_line_of_the_result(tmp_path: Path) -> None:
    text = json.dumps(PROMPTFOO, indent=2)
    broken = text.replace('"query": "Height?"', '"query": "Hei\tght?"')
    path = tmp_path / "results.json"
    path.write_text(broken, encoding="utf-8")
    line = 1 + broken[: broken.index("Hei\tght")].count("\n")
    assert problem(path) == f"{path}:{line}: invalid JSON: Invalid control character at column 24"


def test_grade_reports_a_dataset_error_as_one_line_with_exit_2(server: GraderServer, tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b"question,answer,contexts\nQ,A,C\nQ2,A\xff2,C2\n")
    code, _, err = invoke(
        "grade", str(path), "--base-url", server.base_url, "--model", "m", "--cache", str(tmp_path / "c")
    )
    assert code == 2 and server.script.requests == 0
    assert err == f"faithcompat: error: {path}:3: invalid UTF-8 at byte 5 of the line (b'\\xff2,C')\n"
    assert_documented("a file is not UTF-8", err.removeprefix("faithcompat: error: ").rstrip())


def test_a_deepeval_arm_over_the_limit_drops_its_last_output_and_keeps_the_calls_before(tmp_path: Path) -> None:
    """Three calls: the last output gives way first (verdicts, then claims), the truths stay readable."""
    path = tmp_path / "d.jsonl"
    long_answer = " ".join(f"Statement number {i} is here." for i in range(700))
    rows = [
        {"id": "long", "question": "q", "answer": long_answer, "contexts": ["c"]},
        {
            "id": "short",
            "question": "q",
            "answer": "Short.",
            "contexts": ["Short."],
        },  # a run with every case failed fails
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    out = tmp_path / "corpus.jsonl"
    limit = 64_000
    settings_ = GradeSettings(model="m", arms=("deepeval",), max_case_bytes=limit, max_error_rate=1.0)
    grade(iter_rows([path], max_case_bytes=limit), out, ScriptedGrader, ReplyCache(None), BUILT_IN, settings_)
    case, short = load_cases([out], max_case_bytes=limit)
    assert short.arm_case("deepeval") is not None
    error = case.arm_error("deepeval")
    assert error is not None and error.kind == "too_long" and error.call in ("verdicts", "statements")
    recording = case.arms.get("deepeval")  # type: ignore[union-attr]
    assert recording is not None and recording.truths_output is not None and recording.grader_output is None
    assert (recording.statements_output is None) is (error.call == "statements")
