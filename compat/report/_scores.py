"""One scored case as text: a JSON line for machines, a table row for people (``faithcompat score``)."""

from __future__ import annotations

from typing import Any

from compat._text import clip, encode_float, format_score
from compat.scoring import Score


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


# Every column fits its longest value ("-Infinity", "undetermined:count_mismatch"); the
# reason (which names the verdicts' format) takes the rest of a 120-character line. The
# whole reason, the format and the warnings are in the JSON lines.
_TABLE_COLUMNS = (("id", 24), ("score", 9), ("pass", 4), ("status", 27))
TABLE_WIDTH = 120
_REASON_WIDTH = TABLE_WIDTH - sum(width + 2 for _name, width in _TABLE_COLUMNS)


def table_header() -> str:
    head = "  ".join(name.ljust(width) for name, width in _TABLE_COLUMNS) + "  reason"
    return head + "\n" + "-" * TABLE_WIDTH + "\n"


def table_row(case_id: str, score: Score) -> str:
    status = score.status.value if score.cause is None else f"{score.status.value}:{score.cause.value}"
    cells = (
        clip(case_id, 24),
        format_score(score.value),
        "yes" if score.passed else "no",
        status,
    )
    row = "  ".join(clip(cell, width).ljust(width) for cell, (_, width) in zip(cells, _TABLE_COLUMNS, strict=True))
    return row + "  " + clip(score.reason, _REASON_WIDTH) + "\n"
