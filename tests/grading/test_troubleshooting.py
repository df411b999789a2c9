"""Every row of docs/grading.md's Troubleshooting table is a failure some test makes and
checks the message of (``assert_documented``): the table cannot show a line no run says."""

from __future__ import annotations

import re
from pathlib import Path

from tests.grading.troubleshooting import documented

TESTS = Path(__file__).resolve().parents[1]


def test_every_row_of_the_troubleshooting_table_is_checked_by_a_test() -> None:
    # the row's words as a string in a test that checks messages against the table (passed
    # to assert_documented directly or through a parameter)
    sources = [path.read_text(encoding="utf-8") for path in TESTS.rglob("test_*.py")]
    claimed = [
        text for source in sources if "assert_documented(" in source for text in re.findall(r'"([^"\n]+)"', source)
    ]
    rows = documented()
    assert len(rows) >= 15
    unclaimed = [row for row in rows if not any(row.startswith(what) for what in claimed)]
    assert not unclaimed, f"rows no test checks: {unclaimed}"
