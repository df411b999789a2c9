"""Case lines as cases.jsonl holds them, from ``CaseLine`` models built by a test."""

from __future__ import annotations

import json
from collections.abc import Sequence

from compat.diff import CaseLine


def as_lines(cases: Sequence[CaseLine]) -> list[str]:
    """The cases.jsonl line of each case (ASCII JSON with its newline), as report.html receives them."""
    return [json.dumps(case.model_dump(mode="json"), ensure_ascii=True) + "\n" for case in cases]
