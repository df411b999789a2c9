"""One dataset row validated, whatever names its columns go by: what every dataset format is read into.

Column names users already have are accepted: faithcompat's own (``question``,
``answer``, ``contexts``), ragas's (``user_input``, ``response``, ``retrieved_contexts``,
``reference``) and promptfoo's vars (``query``, ``context``, and the model ``output``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from compat._errors import CaseError
from compat._text import json_line, printable
from compat.cases import DATASET_COLUMNS, Observed
from compat.grading.datasets.metrics import MetricProblem, record_metrics

# First name wins; two names of one column with different values are an error. The
# names are the cases stage's, which tells a dataset given for a corpus by them.
ALIASES = DATASET_COLUMNS


@dataclass(frozen=True, slots=True)
class Row:
    """One dataset row, validated: what the grader needs, and where it came from."""

    id: str
    question: str
    answer: str
    contexts: tuple[str, ...]
    source: str
    line: int
    tags: tuple[str, ...] = ()
    threshold: float | None = None
    reference: str | None = None
    observed: Observed | None = None
    metrics: tuple[tuple[str, float | None], ...] = ()  # name, score (null: not measured)


def case_fields(row: Row) -> dict[str, Any]:
    """The case a row becomes, before the grader's outputs (``arms``) are added."""
    case: dict[str, Any] = {"id": row.id}
    if row.tags:
        case["tags"] = list(row.tags)
    case["question"] = row.question
    case["answer"] = row.answer
    case["contexts"] = list(row.contexts)
    threshold = row.threshold
    if threshold is None and row.observed is not None:
        threshold = row.observed.threshold
    if threshold is not None:
        case["threshold"] = threshold
    if row.reference is not None:
        case["reference"] = row.reference
    if row.observed is not None:
        case["observed"] = row.observed.model_dump(exclude_none=True)
    if row.metrics:
        case["metrics"] = dict(row.metrics)
    return case


def line_bytes(line: str) -> int:
    """The bytes of a corpus line as the corpus reader counts them (its newline left out)."""
    return len(line.encode("utf-8", "surrogatepass")) - line.endswith("\n")


def row_too_long(row: Row, max_case_bytes: int) -> CaseError | None:
    """A row whose case line would leave less than half of ``max_case_bytes`` for the
    grader's outputs: refused before any call, since its graded line could not be read."""
    limit = max_case_bytes // 2
    strings = [row.id, row.question, row.answer, *row.contexts, *row.tags, row.reference or ""]
    if row.observed is not None:
        strings += [row.observed.source, row.observed.reason or ""]
    # No character takes more than 6 bytes in a line (\u001f; C1 and bidi controls are
    # escaped too): a row this far below the limit needs no encoding to know it fits.
    if 6 * sum(map(len, strings)) + 8 * len(strings) + 512 <= limit:
        return None
    size = line_bytes(json_line(case_fields(row)))
    if size <= limit:
        return None
    return CaseError(
        row.source,
        row.line,
        f"the row is {size:,} bytes as a case, over the {limit:,} a row may take "
        f"(half of --max-case-bytes {max_case_bytes:,}: the rest is for the grader's outputs)",
    )


def row_from_record(record: Any, source: str, line: int, *, default_id: str) -> Row | CaseError:
    """Validate one decoded record as a row."""
    if not isinstance(record, dict):
        return CaseError(source, line, f"a row must be an object, not {type_name(record)}")
    try:
        return _row(record, source, line, default_id)
    except _Bad as bad:
        return CaseError(source, line, str(bad))


class _Bad(Exception):
    """One problem with a row; becomes a ``CaseError`` with the row's location."""


def _row(record: dict[str, Any], source: str, line: int, default_id: str) -> Row:
    question = _column(record, "question", required=True)
    answer = _column(record, "answer", required=True)
    contexts_value = _pick(record, "contexts")
    if contexts_value is None:
        raise _Bad("missing contexts (or retrieved_contexts, context)")
    name, contexts = contexts_value
    if isinstance(contexts, str):
        contexts = [contexts]
    if not isinstance(contexts, list) or not all(isinstance(item, str) for item in contexts):
        raise _Bad(f"{name!r} must be a string or a list of strings (got {_short(contexts)})")
    row_id = record.get("id")
    if row_id is None:
        row_id = default_id
    elif isinstance(row_id, int) and not isinstance(row_id, bool):
        row_id = str(row_id)
    elif not isinstance(row_id, str) or not row_id:
        raise _Bad(f"'id' must be a non-empty string (got {_short(row_id)})")
    tags = record.get("tags", [])
    if isinstance(tags, str):
        tags = [tags]
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        raise _Bad(f"'tags' must be a list of strings (got {_short(tags)})")
    threshold = record.get("threshold")
    if threshold is not None and not (is_number(threshold) and math.isfinite(threshold)):
        raise _Bad(f"'threshold' must be a finite number (got {_short(threshold)})")
    reference = _column(record, "reference", required=False)
    try:
        metrics = tuple(record_metrics(record).items())
    except MetricProblem as problem:
        raise _Bad(str(problem)) from None
    return Row(
        id=row_id,
        question=question or "",
        answer=answer or "",
        contexts=tuple(contexts),
        source=source,
        line=line,
        tags=tuple(tags),
        threshold=None if threshold is None else float(threshold),
        reference=reference,
        metrics=metrics,
    )


def _pick(record: dict[str, Any], column: str) -> tuple[str, Any] | None:
    """(name, value) of the first alias of ``column`` present (null counts as absent)."""
    found = [(name, record[name]) for name in ALIASES[column] if record.get(name) is not None]
    if not found:
        return None
    for other, value in found[1:]:
        if value != found[0][1]:
            raise _Bad(f"both {found[0][0]!r} and {other!r} are given, with different values")
    return found[0]


def _column(record: dict[str, Any], column: str, *, required: bool) -> str | None:
    picked = _pick(record, column)
    if picked is None:
        if required:
            raise _Bad(f"missing {column} (or {', '.join(ALIASES[column][1:])})")
        return None
    name, value = picked
    if not isinstance(value, str):
        raise _Bad(f"{name!r} must be a string (got {_short(value)})")
    return value


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}.get(type(value), "a number")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else type_name(value)
    if isinstance(value, list):
        text = "a list with " + ", ".join(sorted({type_name(item) for item in value})) if value else "an empty list"
    return printable(text if len(text) <= 40 else text[:37] + "...")
