"""The ragas arm's JSON contract: the schemas ``strict_json`` asks for, and the check whose failure re-asks."""

from __future__ import annotations

import json
from typing import Any

from compat.cases import GraderCall
from compat.scoring import ScoreWarning, VerdictFormat, parse_verdicts

_UNREADABLE = {ScoreWarning.REPAIRED_JSON, ScoreWarning.INVALID_VERDICT}

STATEMENTS_SCHEMA: dict[str, Any] = {
    "name": "statements",
    "strict": True,
    "schema": {
        "type": "object",
        "properties": {"statements": {"type": "array", "items": {"type": "string"}}},
        "required": ["statements"],
        "additionalProperties": False,
    },
}
VERDICTS_SCHEMA: dict[str, Any] = {
    "name": "verdicts",
    "strict": True,
    "schema": {
        "type": "object",
        "properties": {
            "statements": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "statement": {"type": "string"},
                        "reason": {"type": "string"},
                        "verdict": {"type": "integer", "enum": [0, 1]},
                    },
                    "required": ["statement", "reason", "verdict"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["statements"],
        "additionalProperties": False,
    },
}


def ragas_statements(text: str) -> list[str] | None:
    """The statements of a RAGAS call-1 output, or ``None`` when it is not that JSON."""
    value = _first_json_object(text)
    if isinstance(value, dict):
        items = value.get("statements")
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            return [item.strip() for item in items if item.strip()]
    return None


def _first_json_object(text: str) -> Any:
    """The JSON object the text starts with (after whitespace and a markdown fence), or ``None``."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rstrip().removesuffix("```")
    start = stripped.find("{")
    if start < 0 or stripped[:start].strip():
        return None
    try:
        value, end = json.JSONDecoder().raw_decode(stripped, start)
    except (ValueError, RecursionError):
        return None
    return value if not stripped[end:].strip() else None


def contract_problem(call: GraderCall, text: str, statement_count: int) -> str | None:
    """Why a ragas-arm output breaks its JSON contract, or ``None`` when it keeps it."""
    if call == "statements":
        return None if ragas_statements(text) is not None else 'not the JSON object {"statements": [...]}'
    if statement_count == 0:  # nothing to judge: an empty list is the whole answer
        value = _first_json_object(text)
        if isinstance(value, dict) and isinstance(value.get("statements"), list):
            return None
    parsed = parse_verdicts(text)
    if parsed is None or parsed.format is not VerdictFormat.JSON:
        return "no JSON verdict list"
    if _UNREADABLE.intersection(parsed.warnings):
        return "the JSON verdict list is truncated or malformed"
    if parsed.valid_count == 0 and statement_count > 0:
        return "the JSON verdict list holds no usable verdict"
    return None
