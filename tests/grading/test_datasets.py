"""Datasets in: JSONL, JSON arrays, CSV and promptfoo results, with ragas and promptfoo names."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from compat._errors import CaseError, CorpusError
from compat.cases import load_cases
from compat.grading import (
    BUILT_IN,
    Counters,
    GradeSettings,
    Reply,
    ReplyCache,
    Request,
    bundled_dataset,
    grade,
    iter_rows,
)
from tests.grading.server import answer_for


def rows_of(path: Path, **options: Any) -> list[Any]:
    return list(iter_rows([path], **options))


def test_the_bundled_dataset_has_about_fifty_varied_rows() -> None:
    rows = list(iter_rows(bundled_dataset()))
    assert 45 <= len(rows) <= 60
    tags = {tag for row in rows for tag in row.tags}
    assert {"supported", "unsupported", "partial", "unanswerable"} <= tags


def test_jsonl_json_and_csv_give_the_same_rows(tmp_path: Path) -> None:
    records = [
        {"id": "a", "question": "Q1", "answer": "A1.", "contexts": ["C1", "C2"], "tags": ["x"], "threshold": 0.7},
        {"id": "b", "question": "Q2", "answer": "A2.", "contexts": "C3"},
    ]
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in records))
    array = tmp_path / "d.json"
    array.write_text(json.dumps(records, indent=2))
    table = tmp_path / "d.csv"
    table.write_text('id,question,answer,contexts,tags,threshold\na,Q1,A1.,"[""C1"", ""C2""]",x,0.7\nb,Q2,A2.,C3,,\n')
    expected = [(r.id, r.question, r.answer, r.contexts, r.tags, r.threshold) for r in rows_of(jsonl)]
    assert expected == [("a", "Q1", "A1.", ("C1", "C2"), ("x",), 0.7), ("b", "Q2", "A2.", ("C3",), (), None)]
    for other in (array, table):
        assert [(r.id, r.question, r.answer, r.contexts, r.tags, r.threshold) for r in rows_of(other)] == expected


def test_ragas_and_promptfoo_column_names_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(
        json.dumps({"user_input": "Q", "response": "A", "retrieved_contexts": ["C"], "reference": "R", "extra": 1})
        + "\n"
        + json.dumps({"query": "Q", "output": "A", "context": "C"})
        + "\n"
    )
    first, second = rows_of(path)
    assert (first.id, first.question, first.answer, first.contexts, first.reference) == ("d-1", "Q", "A", ("C",), "R")
    assert (second.id, second.question, second.answer, second.contexts) == ("d-2", "Q", "A", ("C",))


PROMPTFOO = {
    "evalId": "eval-1",
    "results": {
        "version": 3,
        "results": [
            {
                "vars": {"query": "Capital?", "context": "Paris is the capital."},
                "response": {"output": "Paris."},
                "gradingResult": {
                    "pass": True,
                    "score": 1,
                    "reason": "All assertions passed",
                    "componentResults": [
                        {
                            "pass": True,
                            "score": 1,
                            "reason": "Faithfulness 1.00 is >= 0.7",
                            "assertion": {"type": "context-faithfulness", "threshold": 0.7},
                        }
                    ],
                },
            },
            {
                "vars": {"query": "Height?", "context": ["330 m."]},
                "response": {"output": "It is 330 m."},
                "gradingResult": {"pass": True, "score": 1, "reason": "ok", "componentResults": []},
            },
        ],
    },
}


def test_a_promptfoo_results_file_keeps_the_recorded_faithfulness_as_observed(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(PROMPTFOO, indent=2))
    first, second = rows_of(path)
    assert (first.question, first.answer, first.contexts, first.threshold) == (
        "Capital?",
        "Paris.",
        ("Paris is the capital.",),
        0.7,
    )
    assert first.observed is not None and first.observed.score == 1.0 and first.observed.passed is True
    assert first.observed.reason == "Faithfulness 1.00 is >= 0.7"
    assert second.observed is None and second.contexts == ("330 m.",)
    assert first.line == 6  # the line its result object starts on


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"question": "q", "answer": "a"}\n', "d.jsonl:1: missing contexts (or retrieved_contexts, context)"),
        ('{"answer": "a", "contexts": []}\n', "d.jsonl:1: missing question (or user_input, query)"),
        ('{"question": "q", "answer": 3, "contexts": []}\n', "d.jsonl:1: 'answer' must be a string (got 3)"),
        (
            '\n{"question": "q", "answer": "a", "contexts": [1]}\n',
            "d.jsonl:2: 'contexts' must be a string or a list of strings (got a list with a number)",
        ),
        (
            '{"question": "q", "query": "r", "answer": "a", "contexts": []}\n',
            "d.jsonl:1: both 'question' and 'query' are given, with different values",
        ),
        (
            '{"question": "q", "answer": "a", "contexts": [], "threshold": "high"}\n',
            "d.jsonl:1: 'threshold' must be a finite number (got \"high\")",
        ),
        ("{oops\n", "d.jsonl:1: invalid JSON: Expecting property name enclosed in double quotes at column 2"),
        ("[1]\n", "d.jsonl:1: a row must be an object, not a number"),
    ],
)
def test_bad_rows_are_named_by_file_and_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(content)
    with pytest.raises(CaseError) as raised:
        rows_of(path)
    assert str(raised.value) == str(path.parent / message)


def test_skip_invalid_collects_errors_and_keeps_the_rest_duplicates_included(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    good = {"id": "a", "question": "q", "answer": "a", "contexts": []}
    path.write_text(json.dumps(good) + "\n{}\n" + json.dumps(good) + "\n")
    errors: list[CaseError] = []
    assert [row.id for row in rows_of(path, on_error=errors.append)] == ["a"]
    assert [(error.line, error.problem.split(" (")[0]) for error in errors] == [
        (2, "missing question"),
        (3, "duplicate id 'a'"),
    ]


def test_a_missing_file_is_a_corpus_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="cannot read"):
        rows_of(tmp_path / "nope.jsonl")


class ScriptedGrader:
    """The server's script without the HTTP, for properties run hundreds of times."""

    def __init__(self) -> None:
        self.counters = Counters()

    async def complete(self, request: Request) -> Reply:
        self.counters.requests += 1
        await asyncio.sleep(0)
        return Reply(answer_for(request.messages[0]["content"]), 1, 1)

    async def aclose(self) -> None:
        pass


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_ROW = st.fixed_dictionaries(
    {"question": _TEXT, "answer": _TEXT, "contexts": st.one_of(_TEXT, st.lists(_TEXT, max_size=3))},
    optional={"tags": st.lists(_TEXT, max_size=2), "threshold": st.floats(0, 1), "reference": _TEXT},
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(_ROW, min_size=1, max_size=6), concurrency_window=st.integers(1, 4))
@example(rows=[{"question": "", "answer": "", "contexts": []}], concurrency_window=1)
@example(rows=[{"question": "", "answer": "", "contexts": "JSON"}], concurrency_window=1)  # the word, in a row
def test_every_valid_row_comes_out_as_exactly_one_case_in_input_order(
    tmp_path_factory: pytest.TempPathFactory, rows: list[dict[str, Any]], concurrency_window: int
) -> None:
    directory = tmp_path_factory.mktemp("property")
    path = directory / "d.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    out = directory / "corpus.jsonl"
    settings_ = GradeSettings(model="m", window=concurrency_window)
    summary = grade(iter_rows([path]), out, ScriptedGrader, ReplyCache(None), BUILT_IN, settings_)
    cases = load_cases([out])
    assert summary.cases == len(cases) == len(rows)
    assert [case.id for case in cases] == [f"d-{line}" for line in range(1, len(rows) + 1)]
    for case, row in zip(cases, rows, strict=True):
        assert case.answer == row["answer"] and case.question == row["question"]
        assert case.arm_case("legacy") is not None and case.arm_case("ragas") is not None
