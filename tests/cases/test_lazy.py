"""A corpus read for its ids first (``iter_lazy_cases``): the id read from a line's text is the id its case holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat._errors import CaseError
from compat.cases import Case, LazyCase, case_line, iter_lazy_cases, line_id

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted((ROOT / "fixtures" / "corpus").glob("*.jsonl"))


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.name)
def test_the_id_read_from_every_fixture_line_is_its_case_id(path: Path) -> None:
    for text in path.read_text(encoding="utf-8").splitlines():
        if text.strip():
            assert line_id(text) == json.loads(text)["id"]


@settings(max_examples=200)  # CI's 1,000 took 5 s a test here; the property is simple
@given(
    st.text(min_size=1),
    st.text(),
    st.dictionaries(st.text(min_size=1), st.none() | st.floats(0, 1), max_size=3),
    st.booleans(),
)
@example('a"b\\c', '"id": "not this one"', {"id": 0.5}, False)
@example("\udc80", "\\", {}, True)  # a lone surrogate, as graders emit, written as its escape
def test_the_id_read_is_the_case_id_whatever_the_strings_around_it(
    case_id: str, note: str, metrics: dict[str, float | None], ascii_only: bool
) -> None:
    fields = {"note": note, "metrics": metrics, "tags": [f'"id": "{note}"'], "grader_output": f'{{"id": "{note}"}}'}
    for data in ({"id": case_id, **fields}, {**fields, "id": case_id}):  # the id first, and last
        text = json.dumps(data, ensure_ascii=ascii_only)
        assert line_id(text) == json.loads(text)["id"] == case_id


def test_a_case_line_s_id_is_read() -> None:
    case = Case(id='q"\\é', statements=["x"], grader_output='"id": "no"')
    assert line_id(case_line(case)) == case.id


def test_lines_are_parsed_only_when_asked_and_their_errors_raised_then(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    good = {"id": "a", "statements": ["x"], "grader_output": ""}
    bad = {"id": "b", "statements": "not a list", "grader_output": ""}
    corpus.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    first, second = iter_lazy_cases([corpus])
    assert isinstance(second, LazyCase) and second.id == "b"  # read, not parsed
    assert isinstance(first, LazyCase) and first.load().id == "a"
    with pytest.raises(CaseError, match=r"corpus.jsonl:2: field 'statements'"):
        second.load()


def test_a_repeated_id_is_found_by_the_id_read(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    line = json.dumps({"id": "a", "statements": ["x"], "grader_output": ""})
    corpus.write_text(f"{line}\n{line}\n", encoding="utf-8")
    with pytest.raises(CaseError, match=r"corpus.jsonl:2: duplicate id 'a'"):
        list(iter_lazy_cases([corpus]))


def test_a_line_without_a_plain_id_is_parsed_at_once(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"statements": ["x"], "grader_output": ""}\n', encoding="utf-8")
    with pytest.raises(CaseError, match=r"corpus.jsonl:1: missing required field 'id'"):
        list(iter_lazy_cases([corpus]))
