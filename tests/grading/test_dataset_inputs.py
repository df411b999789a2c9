"""Datasets as teams hand them over: gzip-compressed, with the line endings their tools write
(classic Mac and Excel's "CSV (Macintosh)" end lines in a lone \\r), a byte-order mark, a
blank last line, and files that are not a text dataset at all."""

from __future__ import annotations

import csv
import gzip
import io
import json
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from compat._errors import CaseError, CorpusError
from compat.cases import load_cases
from compat.grading import Row, iter_rows
from tests.grading.server import GraderServer
from tests.grading.test_datasets import PROMPTFOO
from tests.grading.test_grade import ROWS, invoke
from tests.grading.troubleshooting import assert_documented

HEADER = ["question", "answer", "contexts"]


def rows_of(*paths: Path, **options: Any) -> list[Row]:
    return list(iter_rows(paths, **options))


def problem(path: Path, **options: Any) -> str:
    with pytest.raises((CaseError, CorpusError)) as raised:
        rows_of(path, **options)
    return str(raised.value)


def gzipped(path: Path) -> Path:
    """``path`` compressed beside it, as ``gzip -k`` leaves it."""
    packed = path.with_name(path.name + ".gz")
    packed.write_bytes(gzip.compress(path.read_bytes()))
    return packed


def write_dataset(path: Path, rows: list[tuple[str, str, list[str]]], form: str, newline: str = "\n") -> Path:
    """``rows`` written as the tools that make each format write them."""
    records = [{"question": q, "answer": a, "contexts": c} for q, a, c in rows]
    if form == "csv":  # csv.writer as pandas and spreadsheets do: cells holding line breaks are quoted
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator=newline)
        writer.writerows([HEADER, *([q, a, json.dumps(c)] for q, a, c in rows)])
        path.write_text(buffer.getvalue(), encoding="utf-8", newline="")
    elif form == "jsonl":
        path.write_text("".join(json.dumps(r) + newline for r in records), encoding="utf-8", newline="")
    else:  # json.dump(indent=2), its lines ended as the platform ends them
        path.write_text(json.dumps(records, indent=2).replace("\n", newline), encoding="utf-8", newline="")
    return path


def read_back(rows: list[Row]) -> list[tuple[str, str, list[str]]]:
    return [(row.question, row.answer, list(row.contexts)) for row in rows]


# ------------------------------------------------------------------------ any format, any line ending, gzip

# Text as people write it: any character but surrogates and NUL, line breaks of every kind
# included, and the bytes a lone \r could be confused with inside UTF-8 (é, …, \x85).
_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1, max_size=25)
_CELL = _TEXT.filter(str.strip)


@settings(deadline=None)
@given(
    rows=st.lists(st.tuples(_CELL, _CELL, st.lists(_CELL, min_size=1, max_size=3)), min_size=1, max_size=5),
    form=st.sampled_from(["csv", "jsonl", "json"]),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
)
@example(rows=[("Q?", "Line one\rline two", ["a\r\nb", "c\nd"])], form="csv", newline="\r")
@example(rows=[("Q?", "…é\x85", ["Å"])], form="csv", newline="\r")
@example(rows=[("Q?", "A.", ["C."])], form="jsonl", newline="\r")
@example(rows=[("0", "0", ["0"]), ("0", "0\r", ["0"])], form="csv", newline="\n")
@example(rows=[("Q1", "A", ["C"]), ("Q2", "A", ["C"])], form="json", newline="\r")
@example(rows=[("0", "0", ["0"]), ("0", "0\n", ["0"])], form="csv", newline="\r")
def test_a_dataset_reads_back_as_written_whatever_its_line_endings_and_gzipped_the_same(
    rows: list[tuple[str, str, list[str]]], form: str, newline: str
) -> None:
    # csv.writer ending lines in \r leaves a first cell's leading \n bare: "\r" + "\n..." is then
    # "\r\n" + "...", to any reader (Python's csv with newline="" too). Not a file to expect back.
    assume(not (form == "csv" and newline == "\r" and any(q.startswith("\n") for q, _, _ in rows)))
    plain = write_dataset(Path(tempfile.mkdtemp()) / f"d.{form}", rows, form, newline)
    # csv.writer quotes a cell holding its line terminator's characters, a comma or a quote: a
    # cell's lone line break of the other kind is left bare, and that row is refused (not cut in two).
    other = {"\n": "\r", "\r": "\n"}.get(newline) if form == "csv" else None
    quoted = set(newline) | {",", '"'}
    bare_cr = [
        i
        for i, (question, answer, _) in enumerate(rows)
        if other is not None and any(other in cell and not set(cell) & quoted for cell in (question, answer))
    ]
    errors: list[CaseError] = []
    read = rows_of(plain, on_error=errors.append)
    assert read_back(read) == [row for i, row in enumerate(rows) if i not in bare_cr]
    assert len(errors) == len(bare_cr)
    assert all("inside an unquoted cell, where this file's lines end in" in str(error) for error in errors)
    packed = gzipped(plain)
    from_gzip = rows_of(packed, on_error=lambda error: None)
    assert all(row.source == str(packed) for row in from_gzip)
    # the same rows, ids (FILE-STEM-LINE of the uncompressed name) and lines: only the file's name differs
    assert [replace(row, source=str(plain)) for row in from_gzip] == read


# ------------------------------------------------------------------------------- gzip: errors and limits


def _bad_files(tmp_path: Path) -> list[Path]:
    """One file a dataset error of each kind, and one over each limit."""
    good = json.dumps(ROWS[0])
    files = {
        "bad-json.jsonl": f'{good}\n{{"question": "cut\n',
        "bad-utf8.csv": b"question,answer,contexts\nQ,A,C\nQ2,A\xff2,C2\n",
        "long-row.jsonl": f"{good}\n" + json.dumps({**ROWS[1], "answer": "Paris. " * 400_000}) + "\n",
        "long-cell.csv": "question,answer,contexts\nQ,A,C\nQ2,A2," + "x" * 10_000_000 + "\nQ3,A3,C3\n",
        "open-quote.csv": 'question,answer,contexts\nQ,A,C\nQ,"A,C\nQ3,A3,C3\n',
        "missing.json": '[\n  {"question": "q", "answer": "a"}\n]\n',
        "empty.jsonl": "\n\n",
        "header-only.csv": "question,answer,contexts\r\n",
    }
    paths = []
    for name, content in files.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        paths.append(path)
    return paths


def test_a_gzipped_dataset_has_the_errors_and_limits_of_the_file_it_holds_under_its_own_name(tmp_path: Path) -> None:
    for plain in _bad_files(tmp_path):
        packed = gzipped(plain)
        said = problem(plain)
        assert said.startswith(f"{plain}:") or said.startswith(f"{plain}: "), said
        assert problem(packed) == said.replace(str(plain), str(packed), 1)
        if plain.name == "long-cell.csv":  # not skippable: where the cell ends is not known
            assert_documented("a CSV cell is longer", said)
            with pytest.raises(CorpusError):
                rows_of(packed, on_error=lambda error: None)


def test_the_limits_are_those_of_the_uncompressed_row(tmp_path: Path) -> None:
    plain = _bad_files(tmp_path)[2]
    packed = gzipped(plain)  # a row of 2.8 MB compresses to a few kB: what counts is the row
    assert packed.stat().st_size < 100_000
    assert "the row is 2,800,095 bytes as a case, over the 2,097,152 a row may take" in problem(packed)
    skipped: list[CaseError] = []
    assert [row.id for row in rows_of(packed, on_error=skipped.append)] == ["a"]
    assert [(e.source, e.line) for e in skipped] == [(str(packed), 2)]


def _truncated(tmp_path: Path) -> Path:
    rows = [{**ROWS[0], "id": f"r{i}", "answer": f"Answer number {i}."} for i in range(2000)]
    data = gzip.compress("".join(json.dumps(row) + "\n" for row in rows).encode())
    path = tmp_path / "data.jsonl.gz"
    path.write_bytes(data[: len(data) * 4 // 5])  # a copy cut short: most rows are readable
    return path


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("truncated", "not a readable gzip file: Compressed file ended before the end-of-stream marker was reached"),
        ("not gzip", "not a readable gzip file: Not a gzipped file (b'{\"')"),
        ("corrupt", "not a readable gzip file: "),
    ],
)
def test_a_gzip_file_cut_short_or_not_gzip_is_one_error_never_skipped(tmp_path: Path, kind: str, said: str) -> None:
    if kind == "truncated":
        path = _truncated(tmp_path)
    else:
        path = tmp_path / "data.jsonl.gz"
        text = (json.dumps(ROWS[0]) + "\n").encode()
        data = gzip.compress(text * 50)
        # a byte changed in the compressed data: a bad deflate stream or a CRC that does not match
        path.write_bytes(text if kind == "not gzip" else data[:30] + b"\xff" + data[31:])
    with pytest.raises(CorpusError) as raised:
        rows_of(path, on_error=lambda error: None)  # not a row's problem: --skip-invalid cannot pass over it
    assert str(raised.value).startswith(f"{path}: {said}")


def test_grade_on_a_gzip_file_cut_short_exits_2_before_any_call_and_writes_nothing(
    server: GraderServer, tmp_path: Path
) -> None:
    path = _truncated(tmp_path)
    out = tmp_path / "corpus.jsonl"
    for extra in ((), ("--skip-invalid",), ("--dry-run",)):
        code, stdout, err = invoke(
            "grade", str(path), "--output", str(out), "--base-url", server.base_url, "--model", "m",
            "--cache", str(tmp_path / "cache.sqlite"), *extra,
        )  # fmt: skip
        assert code == 2 and server.script.requests == 0 and not out.exists() and stdout == ""
        message = err.removeprefix("faithcompat: error: ").rstrip()
        assert err.count("\n") == 1 and "Traceback" not in err
        assert message == (
            f"{path}: not a readable gzip file: Compressed file ended before the end-of-stream marker was reached"
        )
    assert_documented("a `.gz` file is cut short", message)
    assert list(tmp_path.glob("*.tmp")) == []


def _grade(
    server: GraderServer, tmp_path: Path, *datasets: str, extra: tuple[str, ...] = (), cache: str = "cache.sqlite"
) -> tuple[int, str, str]:
    return invoke(
        "grade", *datasets, "--output", str(tmp_path / "corpus.jsonl"), "--base-url", server.base_url,
        "--model", "m", "--cache", str(tmp_path / cache), *extra,
    )  # fmt: skip


def test_grade_reads_each_gzipped_format_as_the_file_it_holds(server: GraderServer, tmp_path: Path) -> None:
    rows = [(row["question"], row["answer"], [row["contexts"]] if isinstance(row["contexts"], str) else row["contexts"])
            for row in ROWS]  # fmt: skip
    for form in ("jsonl", "csv", "json"):
        plain = write_dataset(tmp_path / f"data.{form}", rows, form)
        packed = gzipped(plain)
        cache = f"cache-{form}.sqlite"
        asked = server.script.requests
        code, stdout, err = _grade(server, tmp_path, str(packed), extra=("--dry-run",), cache=cache)
        assert code == 0 and stdout == "3 cases: 12 calls to make (0 replies cached), up to 18 with re-asks\n", err
        assert server.script.requests == asked
        code, _, err = _grade(server, tmp_path, str(packed), cache=cache)
        assert code == 0, err
        graded = (tmp_path / "corpus.jsonl").read_text(encoding="utf-8")
        assert [case.question for case in load_cases([tmp_path / "corpus.jsonl"])] == [q for q, _, _ in rows]
        # The uncompressed file is the same rows with the same ids: every reply is in the cache.
        asked = server.script.requests
        code, stdout, err = _grade(server, tmp_path, str(plain), cache=cache)
        assert code == 0 and server.script.requests == asked, err
        assert (tmp_path / "corpus.jsonl").read_text(encoding="utf-8") == graded


def test_grade_takes_a_pattern_of_gzipped_files_as_diff_does(server: GraderServer, tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    for day, row in zip(("2026-11-02", "2026-11-01", "2026-11-03"), ROWS, strict=True):
        (runs / f"{day}.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
        gzipped(runs / f"{day}.jsonl").rename(runs / f"{day}.jsonl.gz")
        (runs / f"{day}.jsonl").unlink()
    code, _, err = _grade(server, tmp_path, str(runs / "2026-11-*.jsonl.gz"))
    assert code == 0, err
    assert [case.id for case in load_cases([tmp_path / "corpus.jsonl"])] == ["b", "a", "c"]  # the files sorted
    code, _, err = _grade(server, tmp_path, str(runs / "2025-*.jsonl.gz"))
    assert code == 2 and err == f"faithcompat: error: {runs / '2025-*.jsonl.gz'}: no file matches this pattern\n"


# ------------------------------------------------------------------------------ line endings


def test_a_csv_whose_lines_end_in_a_lone_cr_is_read_line_by_line(tmp_path: Path) -> None:
    # Excel's "CSV (Macintosh)": \r after each row, a cell with a line break quoted, a BOM
    path = tmp_path / "mac.csv"
    path.write_bytes(b'\xef\xbb\xbfquestion,answer,contexts\rQ1,A1,C1\rQ2,"A2\rcontinued",C2\rQ3,A3,C3\r')
    rows = rows_of(path)
    assert read_back(rows) == [("Q1", "A1", ["C1"]), ("Q2", "A2\rcontinued", ["C2"]), ("Q3", "A3", ["C3"])]
    assert [row.id for row in rows] == ["mac-2", "mac-3", "mac-5"]  # the lines an editor shows them on


def test_invalid_utf8_in_a_cr_csv_names_its_own_line(tmp_path: Path) -> None:
    path = tmp_path / "mac.csv"
    filler = "".join(f"Q{i},A{i},C{i}\r" for i in range(3000)).encode()  # past any read-ahead
    path.write_bytes(b"question,answer,contexts\rQ,A,C\r" + filler + b"Q2,A\xff2,C2\rQ4,A4,C4\r")
    assert problem(path) == f"{path}:3003: invalid UTF-8 at byte 5 of the line (b'\\xff2,C')"
    errors: list[CaseError] = []
    assert len(rows_of(path, on_error=errors.append)) == 3002 and [e.line for e in errors] == [3003]


@pytest.mark.parametrize(
    ("content", "read", "refused"),
    [
        # \r\n and \n mixed, as files pasted together end up: each ends a line
        (b"question,answer,contexts\r\nQ1,A1,C1\nQ2,A2,C2\r\n", ["Q1", "Q2"], []),
        # lines ending in \r, with \r\n among them: each ends a line
        (b"question,answer,contexts\rQ1,A1,C1\r\nQ2,A2,C2\r", ["Q1", "Q2"], []),
        # lines ending in \r, and a lone \n: not where this file's lines end, so that row is refused
        (b"question,answer,contexts\rQ1,A1,C1\rQ2,A2,C2\nQ3,A3,C3\rQ4,A4,C4\r", ["Q1", "Q4"], [3]),
        # a quoted cell keeps its line breaks whatever the file's
        (b'question,answer,contexts\r\nQ1,"A\rB\nC",C1\r\n', ["Q1"], []),
        (b'question,answer,contexts\rQ1,"A\rB\nC",C1\r', ["Q1"], []),
    ],
)
def test_mixed_line_endings(tmp_path: Path, content: bytes, read: list[str], refused: list[int]) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(content)
    errors: list[CaseError] = []
    assert [row.question for row in rows_of(path, on_error=errors.append)] == read
    assert [error.line for error in errors] == refused
    if refused:
        assert str(errors[0]).endswith(
            "a line feed (\\n) inside an unquoted cell, where this file's lines end in \\r: quote the cell, "
            "or take the \\n out"
        )


def test_a_stray_cr_in_an_unquoted_cell_is_refused_with_its_line_and_skippable(tmp_path: Path) -> None:
    # lines end in \n: a lone \r in a cell is not where a row ends; cutting the row there
    # would grade its first half and lose the rest
    path = tmp_path / "d.csv"
    path.write_bytes(b"question,answer,contexts\nQ1,A1,C1\nQ2,A2,part one\rpart two\nQ3,A3,C3\n")
    said = f"{path}:3: a carriage return (\\r) inside an unquoted cell, where this file's lines end in \\n: "
    assert problem(path) == said + "quote the cell, or take the \\r out"
    assert_documented("a CSV cell holds a stray", problem(path))
    errors: list[CaseError] = []
    assert [row.question for row in rows_of(path, on_error=errors.append)] == ["Q1", "Q3"]
    assert [e.line for e in errors] == [3]
    # the cure the message gives: the writer quoting the cell
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL).writerows([HEADER, ["Q2", "A2", "one\rtwo"]])
    path.write_text(buffer.getvalue(), encoding="utf-8", newline="")
    assert read_back(rows_of(path)) == [("Q2", "A2", ["one\rtwo"])]


def test_a_jsonl_whose_lines_end_in_a_lone_cr_is_read_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"".join(json.dumps(row).encode() + b"\r" for row in ROWS) + b"\r")
    assert [row.id for row in rows_of(path)] == ["a", "b", "c"]
    path.write_bytes(b"".join(json.dumps(row).encode() + b"\r" for row in ROWS).replace(b'"Who?"', b'"Who?'))
    assert problem(path).startswith(f"{path}:3: invalid JSON: ")


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("bom.json", b"\xef\xbb\xbf" + json.dumps(ROWS, indent=2).encode()),
        ("crlf.json", json.dumps(ROWS, indent=2).replace("\n", "\r\n").encode()),
        ("crlf.jsonl", b"".join(json.dumps(row).encode() + b"\r\n" for row in ROWS)),
        ("trailing-blank.jsonl", b"".join(json.dumps(row).encode() + b"\n" for row in ROWS) + b"\n\n"),
        ("no-final-newline.jsonl", b"\n".join(json.dumps(row).encode() for row in ROWS)),
        ("bom-crlf.jsonl", b"\xef\xbb\xbf" + b"".join(json.dumps(row).encode() + b"\r\n" for row in ROWS)),
    ],
)
def test_what_editors_and_exports_leave_in_json_files_is_read(tmp_path: Path, name: str, content: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert [row.id for row in rows_of(path)] == ["a", "b", "c"]


# ------------------------------------------------------------------------------ not a text dataset


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("data.jsonl", gzip.compress(b'{"question": "q"}\n'), "gzip-compressed, but its name does not end in .gz"),
        ("data.xlsx", b"PK\x03\x04\x14\x00\x06\x00", "a zip archive (an Excel workbook?): save the sheet as CSV UTF-8"),
        ("data.parquet", b"PAR1\x15\x04\x15", "a Parquet file: write it as JSONL"),
        ("data.csv", "question,answer,contexts\nQ,A,C\n".encode("utf-16"), "UTF-16 text (Excel's Unicode Text?)"),
    ],
    ids=["gzip-unnamed", "xlsx", "parquet", "utf-16"],
)
def test_a_file_that_is_not_a_text_dataset_is_named_for_what_it_is(
    tmp_path: Path, name: str, content: bytes, said: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert problem(path).startswith(f"{path}: {said}")
    if name == "data.xlsx":
        assert_documented("a spreadsheet, Parquet", problem(path))


# ------------------------------------------------------------------------------ what exports are named and split by


@pytest.mark.parametrize(
    ("name", "delimiter"),
    [
        ("excel-de.csv", ";"),  # Excel's CSV where the decimal separator is a comma
        ("export.tsv", "\t"),
        ("export.csv", "\t"),
        ("export.tsv.gz", "\t"),
    ],
)
def test_a_csv_split_by_semicolons_or_tabs_is_read_by_its_header(tmp_path: Path, name: str, delimiter: str) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerows([HEADER, ["Q1", "A, with a comma", "['c1', 'c2']"], ["Q2", "A; with a semicolon", "C2"]])
    path = tmp_path / name.removesuffix(".gz")
    path.write_text(buffer.getvalue(), encoding="utf-8", newline="")
    if name.endswith(".gz"):
        path = gzipped(path)
    assert read_back(rows_of(path)) == [("Q1", "A, with a comma", ["c1", "c2"]), ("Q2", "A; with a semicolon", ["C2"])]


def test_a_csv_header_without_a_needed_column_is_one_error_on_line_1(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    for header, named in [("Question,Answer,Contexts", "question or user_input or query"),
                          ("question,answer,passages", "contexts or retrieved_contexts or context")]:  # fmt: skip
        path.write_text(f"{header}\nQ1,A1,C1\nQ2,A2,C2\n", encoding="utf-8")
        message = problem(path, on_error=lambda error: None)  # not a row's problem: every row would have it
        shown = ", ".join(repr(name) for name in header.split(","))
        assert message == f"{path}:1: the header has no column named {named} (names are case-sensitive); it has {shown}"
        assert_documented("a CSV header has no", message)


def test_jsonl_named_json_is_read_as_jsonl_and_promptfoo_results_still_as_such(tmp_path: Path) -> None:
    path = tmp_path / "rows.json"
    path.write_text("".join(json.dumps(row) + "\n" for row in ROWS), encoding="utf-8")
    assert [row.id for row in rows_of(path)] == ["a", "b", "c"]
    for text in (json.dumps(PROMPTFOO), json.dumps(PROMPTFOO, indent=2)):
        path.write_text(text, encoding="utf-8")
        assert [row.question for row in rows_of(path)] == ["Capital?", "Height?"]
        assert [row.question for row in rows_of(gzipped(path))] == ["Capital?", "Height?"]  # results.json.gz


def test_errors_in_a_json_array_whose_lines_end_in_cr_name_the_line_a_person_sees(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_bytes(b'[\r  {"question": "q", "answer": "a", "contexts": []},\r  {"question": "\xff"}\r]\r')
    assert problem(path) == f"{path}:3: invalid UTF-8 at byte 17 of the line (b'\\xff\"}}')"
    path.write_bytes(b'[\r  {"question": "q", "answer": "a", "contexts": []},\r  {"question": "q",}\r]\r')
    assert problem(path).startswith(f"{path}:3: invalid JSON: ")


@pytest.mark.parametrize("name", ["data.txt", "data.jsonl", "data.txt.gz"])
def test_a_csv_under_another_name_is_named_a_csv(tmp_path: Path, name: str) -> None:
    path = tmp_path / name.removesuffix(".gz")
    path.write_text("question,answer,contexts\nQ1,A1,C1\nQ2,A2,C2\n", encoding="utf-8")
    if name.endswith(".gz"):
        path = gzipped(path)
    message = problem(path, on_error=lambda error: None)
    assert message == f"{path}:1: a CSV header, not JSON: name the file .csv"
    assert_documented("a CSV named otherwise", message)
