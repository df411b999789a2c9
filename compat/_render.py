"""Turning scores into text: JSON lines for machines, a table for people.

Scores can be NaN or infinite (the legacy arm), which strict JSON cannot hold; they
are written as the strings JavaScript prints, ``"NaN"``, ``"Infinity"``,
``"-Infinity"``, never as bare tokens.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from compat._models import Score


def encode_float(value: float | None) -> float | str | None:
    """A float as strict JSON can carry it."""
    if value is None or math.isfinite(value):
        return value
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def decode_float(value: float | int | str | None) -> float | None:
    """The inverse of ``encode_float``."""
    if value is None or isinstance(value, (int, float)):
        return None if value is None else float(value)
    return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[value]


def score_record(case_id: str, score: Score) -> dict[str, Any]:
    """The public JSON shape of one scored case (``faithcompat score`` output)."""
    return {
        "id": case_id,
        "scorer": score.scorer,
        "score": encode_float(score.value),
        "passed": score.passed,
        "status": score.status.value,
        "cause": score.cause.value if score.cause else None,
        "reason": score.reason,
        "format": score.format.value if score.format else None,
        "warnings": [warning.value for warning in score.warnings],
    }


def json_line(record: dict[str, Any]) -> str:
    """One JSON line, readable text kept as is; DEL, C1 and bidi controls as ``\\uXXXX``.

    ``json.dumps`` escapes C0 already. The rest would reach a terminal raw (a C1 CSI
    acts as ESC [), and JSON lets any character be escaped, so nothing changes for a reader.
    """
    return _JSON_UNSAFE.sub(_json_escape, json.dumps(record, ensure_ascii=False, allow_nan=False)) + "\n"


# DEL, C1 controls and the bidirectional controls: what json.dumps leaves raw but a
# terminal acts on (C0 is the rest of what ``printable`` escapes).
_C1_AND_BIDI = "\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
_JSON_UNSAFE = re.compile(f"[{_C1_AND_BIDI}]")


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def format_score(value: float | None) -> str:
    """A score for people: four decimals, JavaScript's words for non-finite values."""
    encoded = encode_float(value)
    if encoded is None:
        return "—"
    if isinstance(encoded, str):
        return encoded
    return f"{encoded:.4f}"


_TABLE_COLUMNS = (("id", 28), ("score", 10), ("pass", 4), ("status", 24), ("format", 18))


def table_header() -> str:
    head = "  ".join(name.ljust(width) for name, width in _TABLE_COLUMNS) + "  warnings"
    return head + "\n" + "-" * len(head) + "\n"


def table_row(case_id: str, score: Score) -> str:
    status = score.status.value if score.cause is None else f"{score.status.value}:{score.cause.value}"
    cells = (
        clip(case_id, 28),
        format_score(score.value),
        "yes" if score.passed else "no",
        status,
        score.format.value if score.format else "—",
    )
    row = "  ".join(cell.ljust(width) for cell, (_, width) in zip(cells, _TABLE_COLUMNS, strict=True))
    return row + "  " + ",".join(w.value for w in score.warnings) + "\n"


# C0 and C1 controls, DEL, and the bidirectional overrides and isolates: a corpus string
# printed with these could move the cursor, recolour the terminal or reorder the text.
_UNPRINTABLE = re.compile(f"[\x00-\x1f{_C1_AND_BIDI}]")


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\u202e``)."""
    return _UNPRINTABLE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clip(text: str, width: int) -> str:
    """``text`` on one line, printable, at most ``width`` characters (an ellipsis marks a cut)."""
    text = printable(" ".join(text.split()))
    return text if len(text) <= width else text[: width - 1] + "…"
