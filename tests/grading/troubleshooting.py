"""The Troubleshooting table of docs/grading.md, read as patterns: a test that makes a failure
checks that the line it got is the one the table shows (``assert_documented``), and
tests/grading/test_troubleshooting.py checks that every row is made by some test."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "grading.md"
# What the table writes for a run's own values, and what each stands for.
_PLACEHOLDERS = {"URL": r"\S+", "FILE": r"\S+", "HOST": r"[^\s:/']+", "PORT": r"\d+", "MODEL": r"\S+", "N": r"[\d,.]+"}


def documented() -> dict[str, str]:
    """Each row's 'what happened' and the message it shows (the first code span of its second cell)."""
    section = DOC.read_text(encoding="utf-8").split("\n## Troubleshooting\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) != 4 or cells[0] in ("what happened", "---"):
            continue
        span = re.match(r"(``?)(.+?)\1(?:\s|$)", cells[1])
        assert span, f"no message in the row {cells[0]!r}"
        rows[cells[0]] = span.group(2).strip()
    return rows


def pattern(message: str) -> str:
    text = re.escape(message).replace("…", ".*")
    return re.sub(r"\b(" + "|".join(_PLACEHOLDERS) + r")\b", lambda m: _PLACEHOLDERS[m.group(1)], text)


def assert_documented(what: str, message: str) -> None:
    """``message`` is the line the table shows for the row whose 'what happened' starts with ``what``."""
    rows = [shown for row, shown in documented().items() if row.startswith(what)]
    assert len(rows) == 1, f"no single row of docs/grading.md's Troubleshooting starts with {what!r}"
    assert re.fullmatch(pattern(rows[0]), message), f"docs/grading.md shows {rows[0]!r}, the run said {message!r}"
