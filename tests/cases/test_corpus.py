"""Reading cases: every malformed input gets FILE:LINE and what is wrong; nothing is dropped silently."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import compat.cases.files.blocks as blocks_module
from compat import Case, CaseError, CorpusError, iter_cases, load_cases
from compat._text import printable
from compat.cases import CorpusDigest, LineBlock, iter_blocks, parse_case
from compat.cases._parse import TOO_DEEP
from compat.cases.files.corpus import iter_records
from compat.scoring import LegacyScorer, register_scorer, temporary_scorers

GOOD = {"id": "a", "statements_output": "A.\nB.", "grader_output": "Verdict: Yes"}


def write(tmp_path: Path, name: str, content: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def error_of(path: Path, **options: object) -> str:
    with pytest.raises(CaseError) as raised:
        load_cases([path], **options)  # type: ignore[arg-type]
    return str(raised.value)


def line(**fields: object) -> str:
    return json.dumps({**GOOD, **fields}) + "\n"


def test_jsonl_and_json_array_read_the_same_cases(tmp_path: Path) -> None:
    cases = [{**GOOD, "id": f"c{i}"} for i in range(3)]
    jsonl = write(tmp_path, "a.jsonl", "".join(json.dumps(c) + "\n" for c in cases))
    array = write(tmp_path, "b.json", json.dumps(cases, indent=2))
    assert load_cases([jsonl]) == load_cases([array]) == [Case.model_validate(c) for c in cases]


def test_blank_lines_and_a_bom_are_tolerated(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", b"\xef\xbb\xbf" + line().encode() + b"\n  \n")
    assert [c.id for c in load_cases([path])] == ["a"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            line() + "{not json}\n",
            "x.jsonl:2: invalid JSON: Expecting property name enclosed in double quotes at column 2",
        ),
        (line(grader_ouptut="x"), "x.jsonl:1: unknown field 'grader_ouptut' (did you mean 'grader_output'?)"),
        (json.dumps({"id": "a", "statements": ["x"]}) + "\n", "x.jsonl:1: missing required field 'grader_output'"),
        (line(threshold="0.5"), "x.jsonl:1: field 'threshold': input should be a valid number (got \"0.5\")"),
        (line(threshold=True), "x.jsonl:1: field 'threshold': input should be a valid number (got true)"),
        (line(tags="refusal"), "x.jsonl:1: field 'tags': input should be a valid tuple (got \"refusal\")"),
        (line(grader_output=None), "x.jsonl:1: field 'grader_output': input should be a valid string (got null)"),
        ('{"id": "a", "grader_output": "x"}\n', "x.jsonl:1: a case needs statements_output"),
        (line(id=""), "x.jsonl:1: field 'id': string should have at least 1 character"),
        ("[1, 2]\n".replace("[", "3 ["), "x.jsonl:1: invalid JSON: Extra data at column 3"),
        ('"just a string"\n', "x.jsonl:1: a case must be a JSON object, not a string"),
        (line() + line(), "x.jsonl:2: duplicate id 'a' (first at "),
        ('{"id": "a", "id": "b", "statements": [], "grader_output": ""}\n', "x.jsonl:1: duplicate field 'id'"),
        (line().replace('"Verdict: Yes"', "NaN"), "x.jsonl:1: invalid JSON: NaN is not a JSON number"),
        (line(expected={"ragas": {"scor": 1}}), "x.jsonl:1: unknown field 'expected.ragas.scor'"),
        (
            line().replace('"Verdict: Yes"', "[" * 100_000 + "]" * 100_000),
            "x.jsonl:1: invalid JSON: arrays or objects nested too deeply to read",
        ),
    ],
)
def test_malformed_lines_are_located_and_explained(tmp_path: Path, content: str, message: str) -> None:
    path = write(tmp_path, "x.jsonl", content)
    assert message.replace("x.jsonl", str(path)) in error_of(path)


def test_invalid_utf8_is_located(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", line().encode() + b'{"id": "\xff"}\n')
    assert error_of(path) == f"{path}:2: invalid UTF-8 at byte 9 of the line (b'\\xff\"}}')"


def test_oversized_case_is_refused_and_reading_goes_on(tmp_path: Path) -> None:
    huge = line(id="huge", grader_output="x" * 10_000_000)
    path = write(tmp_path, "x.jsonl", line() + huge + line(id="after"))
    assert error_of(path, max_case_bytes=1_000_000).startswith(f"{path}:2: case is 10,000,0")
    errors: list[CaseError] = []
    ids = [c.case.id for c in iter_cases([path], on_error=errors.append, max_case_bytes=1_000_000)]
    assert ids == ["a", "after"]
    assert [e.line for e in errors] == [2]


def test_skipping_collects_every_error_and_keeps_every_good_case(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", line(id="1") + "oops\n" + line(id="2") + line(id="2") + line(id="3"))
    errors: list[CaseError] = []
    ids = [c.case.id for c in iter_cases([path], on_error=errors.append)]
    assert ids == ["1", "2", "3"]
    assert [(e.line, e.problem.split(":")[0]) for e in errors] == [
        (2, "invalid JSON"),
        (4, "duplicate id '2' (first at " + str(path)),
    ]


def test_json_array_errors_name_the_line_of_the_case(tmp_path: Path) -> None:
    content = json.dumps([GOOD, {**GOOD, "id": "b", "treshold": 1}], indent=2)
    path = write(tmp_path, "x.json", content)
    assert error_of(path) == f"{path}:7: unknown field 'treshold' (did you mean 'threshold'?)"


def array_error_of(path: Path) -> str:
    """The error that stops reading an array, even when malformed cases are being skipped."""
    skipped: list[CaseError] = []
    with pytest.raises(CorpusError) as raised:
        load_cases([path], on_error=skipped.append)  # type: ignore[arg-type]
    return str(raised.value)


def test_a_json_array_nested_too_deeply_is_an_error_not_a_crash(tmp_path: Path) -> None:
    deep = json.dumps([GOOD]).replace('"Verdict: Yes"', "[" * 100_000 + "]" * 100_000)
    path = write(tmp_path, "x.json", deep)
    assert array_error_of(path) == f"{path}:1: {TOO_DEEP}; the rest of the array cannot be read"


def test_truncated_json_array_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "x.json", json.dumps([GOOD, GOOD])[:-20])
    message = array_error_of(path)
    assert "invalid JSON: Unterminated string starting at column" in message and "cannot be read" in message


def many(count: int) -> list[str]:
    return [json.dumps({**GOOD, "id": f"c{i}"}) for i in range(count)]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        # A syntax error mid-array: once, every case after it vanished under --skip-invalid.
        ("[\n" + ",\n".join([*many(4), many(5)[4][:-1] + ",}", *many(3)]) + "\n]\n", ":6: invalid JSON: Expecting"),
        (
            "[" + ",\n".join(many(2)) + "]\n" + many(1)[0] + "\n",
            ":3: invalid JSON: content after the array's closing ']'",
        ),
        (
            "[" + ",\n".join(many(2)) + "]\n[" + many(1)[0] + "]\n",
            ":3: invalid JSON: content after the array's closing ']'",
        ),
        ("[" + ",\n".join(many(2)) + ",\n]\n", ":3: invalid JSON: a ',' after the last case; the rest"),
        ("[" + ",\n".join(many(2)) + "\n", ":3: invalid JSON: the array is not closed with ']'"),
    ],
    ids=["syntax-error", "a-case-after", "a-second-array", "trailing-comma", "unclosed"],
)
def test_an_array_that_cannot_be_read_to_its_end_stops_the_run(tmp_path: Path, content: str, problem: str) -> None:
    path = write(tmp_path, "x.json", content)
    message = array_error_of(path)
    assert message.startswith(str(path)) and problem in message, message


def test_invalid_utf8_in_an_array_names_the_line_and_the_byte_in_it(tmp_path: Path) -> None:
    content = ("[" + ",\n".join(many(3)) + "]\n").encode().replace(b"c1", b"c\xff")
    path = write(tmp_path, "x.json", content)
    assert array_error_of(path) == (
        f"{path}:2: invalid UTF-8 at byte 10 of the line (b'\\xff\", '); the rest of the array cannot be read"
    )


def test_a_case_with_a_repeated_key_in_an_array_is_skipped_alone(tmp_path: Path) -> None:
    bad = '{"id": "c1", "id": "again", "statements_output": "A.", "grader_output": ""}'
    path = write(tmp_path, "x.json", "[" + ",\n".join([many(1)[0], bad, many(3)[2]]) + "]")
    errors: list[CaseError] = []
    assert [case.id for case in load_cases([path], on_error=errors.append)] == ["c0", "c2"]
    assert [str(error) for error in errors] == [f"{path}:2: duplicate field 'id'"]


# Each rejected by the strict decoder before it reaches the case's end.
NAN = '{"id": "c1", "threshold": NaN, "statements_output": "A.", "grader_output": ""}'
LONG_INTEGER = '{"id": "c1", "threshold": ' + "1" * 10_000 + ', "statements_output": "A.", "grader_output": ""}'
INNER_REPEAT = '{"id": "c1", "expected": {"ragas": {"passed": true, "passed": false}}'


@pytest.mark.parametrize("bad", [NAN, LONG_INTEGER], ids=["nan", "long-integer"])
def test_a_case_rejected_before_its_end_is_still_skipped_alone(tmp_path: Path, bad: str) -> None:
    """The reader finds where such a case ends without the check that rejected it."""
    path = write(tmp_path, "x.json", "[" + ",\n".join([many(1)[0], bad, many(3)[2]]) + "]")
    errors: list[CaseError] = []
    assert [case.id for case in load_cases([path], on_error=errors.append)] == ["c0", "c2"]
    assert [error.line for error in errors] == [2]


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        (NAN[:-1] + ', "note": }', ":2: invalid JSON: Expecting value at column 88; the rest of the array"),
        (INNER_REPEAT + ', "note": }', ":2: invalid JSON: Expecting value at column 80; the rest of the array"),
        (NAN[:-1] + ', "note": ' + "[" * 100_000 + "]" * 100_000 + "}", f":2: {TOO_DEEP}; the rest"),
    ],
    ids=["nan-then-syntax-error", "repeated-key-then-syntax-error", "nan-then-too-deep"],
)
def test_a_case_rejected_before_its_end_that_has_no_readable_end_stops_the_run(
    tmp_path: Path, bad: str, problem: str
) -> None:
    """Such a case once escaped as a JSONDecodeError or RecursionError traceback."""
    path = write(tmp_path, "x.json", "[" + ",\n".join([many(1)[0], bad, many(3)[2]]) + "]")
    message = array_error_of(path)
    assert message.startswith(str(path)) and problem in message, message


NEW_CASE = b', {"id": "new", "statements_output": "A.", "grader_output": ""}'
EDITS = st.sampled_from([b"", b",", b"]", b"[", b"}", b"{", b'"', b"\\", b":", b" ", b"x", b"\xff", NEW_CASE])


@given(count=st.integers(1, 5), back=st.integers(0, 500), delete=st.integers(0, 2), insert=EDITS)
@example(count=5, back=160, delete=0, insert=b",")  # `,}` in case c2: every case after it was lost
@example(count=3, back=6, delete=0, insert=b"\xff")  # bad UTF-8: every case was lost, one error reported
@example(count=2, back=1, delete=0, insert=NEW_CASE)  # a case after the closing ']' was ignored
def test_one_edit_anywhere_in_an_array_never_makes_a_case_vanish_silently(
    tmp_path_factory: pytest.TempPathFactory, count: int, back: int, delete: int, insert: bytes
) -> None:
    """Every case of an array is read or reported as an error, or the run stops saying why."""
    text = ("[\n" + ",\n".join(many(count)) + "\n]\n").encode()
    at = len(text) - back % (len(text) + 1)  # counted from the end, so that examples stay put
    path = write(tmp_path_factory.mktemp("edit"), "x.json", text[:at] + insert + text[at + delete :])
    errors: list[CaseError] = []
    try:
        read = list(iter_cases([path], on_error=errors.append))
    except CorpusError as error:
        assert str(error).startswith(f"{path}:")
        return
    assert len(read) + len(errors) >= count + (insert == NEW_CASE)


def _write_all(fd: int, data: bytes) -> None:
    with open(fd, "wb") as pipe:
        pipe.write(data)


def test_leading_whitespace_from_a_pipe_does_not_change_how_stdin_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pipe cannot seek back: whatever was read looking for the first character is kept."""
    data = b" " * 200_000 + b"\n" + ("[" + json.dumps(GOOD) + "]\n").encode()
    read_end, write_end = os.pipe()
    writer = threading.Thread(target=_write_all, args=(write_end, data))
    writer.start()
    digest = CorpusDigest()
    with open(read_end, "rb") as pipe:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(pipe))
        cases = load_cases(["-"], digest=digest)
    writer.join()
    assert [case.id for case in cases] == ["a"]
    assert digest.hexdigest() == hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("suffix", ["json", "jsonl"])
def test_leading_whitespace_of_any_length_does_not_change_how_a_file_is_read(tmp_path: Path, suffix: str) -> None:
    body = "[" + json.dumps(GOOD) + "]\n" if suffix == "json" else line()
    path = write(tmp_path, f"x.{suffix}", " " * 5000 + "\n" * 3 + " " * 70_000 + body)
    cases = load_cases([path])
    assert [case.id for case in cases] == ["a"]


def test_lone_surrogates_in_cases_are_read(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", line(grader_output="\ud800 Verdict: No"))
    assert load_cases([path])[0].grader_output == "\ud800 Verdict: No"


def test_missing_file_and_directory_are_corpus_errors(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="cannot read"):
        load_cases([tmp_path / "nope.jsonl"])
    with pytest.raises(CorpusError, match="is a directory"):
        load_cases([tmp_path])


def test_digest_covers_every_byte_read(tmp_path: Path) -> None:
    a = write(tmp_path, "a.jsonl", line())
    b = write(tmp_path, "b.jsonl", line(id="b"))
    first, second = CorpusDigest(), CorpusDigest()
    load_cases([a, b], digest=first)
    load_cases([b, a], digest=second)
    assert first.hexdigest() != second.hexdigest()
    import hashlib

    assert first.hexdigest() == hashlib.sha256(a.read_bytes() + b.read_bytes()).hexdigest()


def test_parse_case_rejects_non_objects() -> None:
    with pytest.raises(CaseError, match="<case>:1: a case must be a JSON object, not an array"):
        parse_case([])


def test_duplicates_beyond_the_exact_window_are_still_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from compat.cases import DuplicateIds

    monkeypatch.setattr(DuplicateIds, "EXACT_IDS", 10)
    ids = DuplicateIds()
    assert all(ids.check_id(f"case-{i}", "a.jsonl", i) is None for i in range(5000))  # grows the table
    early, late = ids.check_id("case-3", "b.jsonl", 1), ids.check_id("case-4000", "b.jsonl", 2)
    assert early is not None and str(early) == "b.jsonl:1: duplicate id 'case-3' (first at a.jsonl:3)"
    assert late is not None and str(late) == "b.jsonl:2: duplicate id 'case-4000' (seen earlier in the corpus)"
    assert ids.check_id("case-5000", "b.jsonl", 3) is None


# ------------------------------------------------------------------ blocks (diff's reader)

MESSY = (
    b"\xef\xbb\xbf"
    + line(id="bom").encode()  # a byte-order mark on line 1
    + b"\n   \r\n"  # blank lines
    + line(id="crlf").encode().replace(b"\n", b"\r\n")
    + b'{"id": "bad-utf8", "grader_output": "\xff"}\n'
    + b'{"id": "huge", "statements_output": "A.", "grader_output": "'
    + b"x" * 300
    + b'"}\n'
    + b"not json\n"
    + line(id="last").encode().rstrip(b"\n")  # no newline at the end
)


def _described(items: object) -> list[tuple[str, str, int]]:
    """Records as comparable tuples: a RawCase by its text, an error by its message."""
    out = []
    for item in items:  # type: ignore[attr-defined]
        if isinstance(item, CaseError):
            out.append(("error", str(item), item.line))
        else:
            out.append(("case", item.text.strip(), item.line))
    return out


@pytest.mark.parametrize("block_bytes", [1, 7, 64, 250, 1 << 20])
@pytest.mark.parametrize("max_case_bytes", [120, 4096])
def test_any_block_size_reads_what_one_whole_file_block_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block_bytes: int, max_case_bytes: int
) -> None:
    """Line numbers, oversize lines (within a block or spanning several), BOM, CRLF,
    blank lines, bad UTF-8 and an unterminated last line: whatever the block size, the
    blocks yield the records the whole file read as one block yields, and the same digest."""
    path = write(tmp_path, "messy.jsonl", MESSY)
    by_line, by_block = CorpusDigest(), CorpusDigest()
    expected = _described(iter_records([path], max_case_bytes=max_case_bytes, digest=by_line))
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", block_bytes)
    blocks = list(iter_blocks([path], max_case_bytes=max_case_bytes, digest=by_block))
    assert all(isinstance(item, (LineBlock, CaseError)) for item in blocks)
    records = [r for item in blocks for r in (item.records() if isinstance(item, LineBlock) else [item])]
    assert _described(records) == expected
    assert by_block.hexdigest() == by_line.hexdigest() == hashlib.sha256(MESSY).hexdigest()
    messages = [message for kind, message, _ in expected if kind == "error"]
    assert len(expected) - len(messages) >= 4 and any("invalid UTF-8" in m for m in messages)
    assert any("over the limit" in m for m in messages) == (max_case_bytes < 300)


def test_a_line_longer_than_the_limit_never_sits_whole_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "long.jsonl", line(id="a") + "x" * 10_000 + "\n" + line(id="b"))
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", 256)
    items = list(iter_blocks([path], max_case_bytes=1000))
    assert max(len(item.data) for item in items if isinstance(item, LineBlock)) <= 1000 + 256
    errors = [item for item in items if isinstance(item, CaseError)]
    assert len(errors) == 1 and errors[0].line == 2 and "10,001 bytes" in str(errors[0])


def test_values_quoted_in_errors_have_control_and_bidi_characters_escaped(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", line(threshold="\u202eevil\x9b2J\x85"))
    assert error_of(path) == (
        f"{path}:1: field 'threshold': input should be a valid number (got \"\\u202eevil\\x9b2J\\x85\")"
    )


def test_json_messages_ending_in_at_do_not_say_at_twice(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", '{"id": "a\x00"}\n')
    assert error_of(path) == f"{path}:1: invalid JSON: Invalid control character at column 10"


def test_expectations_for_a_scorer_that_is_not_registered_are_an_error(tmp_path: Path) -> None:
    """A misspelt scorer name once left its expectations unchecked and the gate green."""
    path = write(tmp_path, "x.jsonl", line(expected={"ragsa": {"score": 0.0}}))
    assert error_of(path) == f"{path}:1: expected: unknown scorer 'ragsa' (did you mean 'ragas'?)"
    path = write(tmp_path, "y.json", json.dumps([{**GOOD, "expected": {"zzz": {"passed": True}}}]))
    message = error_of(path)  # other tests may have registered more scorers
    assert message.startswith(f"{path}:1: expected: unknown scorer 'zzz' (registered: ") and "legacy" in message


def test_expected_scorer_names_are_checked_against_the_registry_as_it_is_when_read(tmp_path: Path) -> None:
    """A scorer registered at run time may carry expectations from then on."""
    path = write(tmp_path, "x.jsonl", line(expected={"legacy-next": {"passed": True}}))
    assert error_of(path) == f"{path}:1: expected: unknown scorer 'legacy-next' (did you mean 'legacy'?)"
    with temporary_scorers():
        register_scorer("legacy-next", LegacyScorer)
        assert [list(case.expected) for case in load_cases([path])] == [["legacy-next"]]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (line(**{"thr\u202eeshold": 1}), ":1: unknown field 'thr\\u202eeshold' (did you mean 'threshold'?)"),
        (line(id="\x9b2J") + line(id="\x9b2J"), ":2: duplicate id '\\x9b2J' (first at "),
        ('{"id": "a", "\x7f\u2066": 1, "\x7f\u2066": 2}\n', ":1: duplicate field '\\x7f\\u2066'"),
        (line(expected={"rag\u2067as\x85": {}}), ":1: expected: unknown scorer 'rag\\u2067as\\x85' (did you mean"),
        (line(tags=["\u200f\x7f", 7]), ":1: field 'tags.1': input should be a valid string (got 7)"),
    ],
    ids=["field-name", "id", "repeated-key", "expected-key", "list-item"],
)
def test_every_piece_of_corpus_text_in_an_error_has_control_and_bidi_characters_escaped(
    tmp_path: Path, content: str, message: str
) -> None:
    raw = write(tmp_path, "x.jsonl", content.encode("utf-8", "surrogatepass"))
    errors: list[CaseError] = []
    list(iter_cases([raw], on_error=errors.append))
    text = "\n".join(str(error) for error in errors)
    assert message in text and printable(text) == text, text


def test_expected_outcomes_accept_exactly_the_scoring_stage_words() -> None:
    """The case model spells out Status, Cause and VerdictFormat (cases come before scoring)."""
    from typing import get_args

    from compat.cases import ExpectedOutcome
    from compat.scoring import Cause, Status, VerdictFormat

    def allowed(field: str) -> set[str]:
        annotation = ExpectedOutcome.model_fields[field].annotation
        literal = next(arg for arg in get_args(annotation) if arg is not type(None))
        return set(get_args(literal))

    assert allowed("status") == {status.value for status in Status}
    assert allowed("cause") == {cause.value for cause in Cause}
    assert allowed("format") == {fmt.value for fmt in VerdictFormat}
