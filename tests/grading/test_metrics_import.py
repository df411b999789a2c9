"""grade's importers read the other metrics a dataset carries into the case's ``metrics``:
ragas result columns, a ``metrics`` object, promptfoo's named assertion scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compat._errors import CaseError
from compat.cases import Case
from compat.grading import iter_rows
from compat.grading.datasets import case_fields


def rows_of(path: Path) -> list[Any]:
    return list(iter_rows([path]))


def test_ragas_result_columns_become_metrics(tmp_path: Path) -> None:
    # As ragas's result.to_pandas().to_json(orient="records", lines=True) writes it: null where a metric failed.
    path = tmp_path / "ragas.jsonl"
    path.write_text(
        '{"user_input": "Blood type?", "retrieved_contexts": ["Claim #1 ..."], "response": "No information available.",'
        ' "reference": "No information available", "answer_correctness": 1.0, "context_recall": 1,'
        ' "context_relevancy": null}\n',
        encoding="utf-8",
    )
    (row,) = rows_of(path)
    case = Case.model_validate({**case_fields(row), "statements": [], "grader_output": ""})
    assert case.reference == "No information available"
    assert case.metrics == {"answer_correctness": 1.0, "context_recall": 1.0, "context_relevancy": None}


def test_a_metrics_object_and_csv_columns(tmp_path: Path) -> None:
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text(json.dumps({"question": "Q", "answer": "A", "contexts": ["C"], "metrics": {"tone": 0.5}}) + "\n")
    assert dict(rows_of(jsonl)[0].metrics) == {"tone": 0.5}
    table = tmp_path / "d.csv"
    table.write_text("question,answer,contexts,ground_truth,answer_correctness,context_relevancy\nQ,A,C,N/A,0.9,\n")
    (row,) = rows_of(table)
    assert row.reference == "N/A" and dict(row.metrics) == {"answer_correctness": 0.9, "context_relevancy": None}


def test_promptfoo_named_assertions_become_metrics(tmp_path: Path) -> None:
    results = {
        "results": {
            "results": [
                {
                    "vars": {"query": "Q", "context": "C", "reference": "unknown"},
                    "response": {"output": "I do not know."},
                    "gradingResult": {
                        "componentResults": [
                            {"score": 0.9, "assertion": {"type": "llm-rubric", "metric": "answer_correctness"}},
                            {"score": 0, "assertion": {"type": "context-relevance", "metric": "context_relevancy"}},
                            {"score": 1, "assertion": {"type": "context-recall", "metric": "context_recall"}},
                            {"score": 1, "assertion": {"type": "contains"}},  # unnamed: not a metric
                        ]
                    },
                }
            ]
        }
    }
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results, indent=2))
    (row,) = rows_of(path)
    assert row.reference == "unknown"
    assert dict(row.metrics) == {"answer_correctness": 0.9, "context_relevancy": 0.0, "context_recall": 1.0}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1.5", "metric 'answer_correctness' must be a number in [0, 1] or null (got 1.5)"),
        ('"high"', "metric 'answer_correctness' must be a number in [0, 1] or null (got 'high')"),
    ],
)
def test_a_metric_that_is_no_score_names_the_line_and_the_metric(tmp_path: Path, value: str, message: str) -> None:
    path = tmp_path / "d.jsonl"
    good = '{"question": "Q", "answer": "A", "contexts": ["C"]'
    path.write_text(f'{good}}}\n{good}, "answer_correctness": {value}}}\n')
    errors: list[CaseError] = []
    rows = list(iter_rows([path], on_error=errors.append))
    assert len(rows) == 1 and [str(error) for error in errors] == [f"{path}:2: {message}"]
