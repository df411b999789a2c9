"""Other metrics a dataset row carries, read into the case's ``metrics``: what composite rules read.

A ragas result file (``result.to_pandas()`` written as JSON, JSONL or CSV) holds each
metric as a column named after it; a dataset may hold a ``metrics`` object instead; a
promptfoo results file holds each named assertion's score (``assertion.metric``). A
metric is a score in [0, 1] or null (not measured: ragas writes NaN, promptfoo null).
"""

from __future__ import annotations

import math
from typing import Any

# The metric columns of ragas results read as metrics (any name goes in a ``metrics`` object).
METRIC_COLUMNS = (
    "answer_correctness",
    "answer_relevancy",
    "answer_similarity",
    "context_relevancy",
    "context_recall",
    "context_precision",
    "context_entity_recall",
    "faithfulness",
    "factual_correctness",
    "semantic_similarity",
)


class MetricProblem(ValueError):
    """A metric value that is not a score: names the column."""


def _score(name: str, value: Any) -> float | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None  # not measured
    if isinstance(value, str) and value.strip().lower() in {"", "nan", "null"}:
        return None  # a CSV's empty cell or pandas' NaN written out
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise MetricProblem(f"metric {name!r} must be a number in [0, 1] or null (got {value!r})") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise MetricProblem(f"metric {name!r} must be a number in [0, 1] or null (got {value!r})")
    return float(value)


def record_metrics(record: dict[str, Any]) -> dict[str, float | None]:
    """The metrics of a dataset record: its ``metrics`` object, then the ragas metric columns."""
    found: dict[str, float | None] = {}
    given = record.get("metrics")
    if given is not None:
        if not isinstance(given, dict):
            raise MetricProblem("'metrics' must be an object of metric name -> score")
        found.update({str(name): _score(str(name), value) for name, value in given.items()})
    for name in METRIC_COLUMNS:
        if name in record and name not in found:
            found[name] = _score(name, record[name])
    return found


def promptfoo_metrics(grading: Any) -> dict[str, float | None]:
    """Each named assertion's score in a promptfoo grading result (``assertion.metric``)."""
    found: dict[str, float | None] = {}
    components = grading.get("componentResults") if isinstance(grading, dict) else None
    for component in components if isinstance(components, list) else []:
        assertion = component.get("assertion") if isinstance(component, dict) else None
        name = assertion.get("metric") if isinstance(assertion, dict) else None
        if isinstance(name, str) and name and name not in found:
            found[name] = _score(name, component.get("score"))
    return found
