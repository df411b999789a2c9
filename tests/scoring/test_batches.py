"""Batched replies (reader 8; found on the blind set ``heldout24``, 11.6% wrong numbers at first sight):
one grader call judged several cases, and the pipeline stored the whole reply with each. Other cases'
verdicts stand beside this case's; the reader reads this case's part where the reply keys it by the
name the pipeline's note gives the case, or where its verdicts echo this case's statements, and says
``unclear_reading`` anywhere else, never a number from the wrong case's verdicts."""

from __future__ import annotations

import json

import pytest

from compat.scoring.reader.batches import batch_reply
from tests.scoring._reading import assert_unclear, score

TWO = ["The hotel does not allow pets.", "The store opens at 9 am on weekdays."]


def _items(*verdicts: int | None) -> list[dict[str, int | None]]:
    return [{"verdict": verdict} for verdict in verdicts]


def test_this_case_s_part_is_read_where_the_reply_keys_it_by_the_note_s_name() -> None:
    reply = {"q17": _items(0, 0, 0, 0), "q18": _items(1, 0), "q19": _items(1, 1)}
    result = score(f"record: q18\nbatch: b-0193\n---\n\n{json.dumps(reply, indent=2)}", TWO)
    assert result.value == pytest.approx(0.5), result.reason


def test_this_case_s_part_is_found_inside_the_pipeline_s_record() -> None:
    record = {
        "case_id": "item_307",
        "batch_id": "run-04026",
        "grader_reply": {"item_306": _items(0, 0, 0), "item_307": _items(1, 1), "item_308": _items(0)},
    }
    result = score(json.dumps(record), TWO)
    assert result.value == pytest.approx(1.0), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "# Stored for item_402. The grader judged 3 cases in one call.\n\n"
        "item_401 -> 1. NO | 2. NO\nitem_402 -> 1. YES | 2. NO\nitem_403 -> 1. YES | 2. YES",
        "this case: case-0396\n\nFinal verdicts:\ncase-0396: Pass. Fail.\ncase-0397: Fail. Fail.",
        "Case A: No. No.\nCase B: Yes. Yes.\n\n(whole batch reply, 2 cases graded in one call)",
    ],
)
def test_other_cases_verdicts_beside_this_case_s_make_no_number(text: str) -> None:
    assert_unclear(score(text, TWO), "several cases")


def test_a_batch_of_one_case_s_statements_is_no_batch_of_cases() -> None:
    text = (
        "Batch 1 — statements 1-1\n1. The hotel does not allow pets.\n   Verdict: Yes\n\n"
        "Batch 2 — statements 2-2\n1. The store opens at 9 am on weekdays.\n   Verdict: No"
    )
    assert batch_reply(text) is None
    assert batch_reply("Statement 1: cannot judge: the context for this case is empty.") is None


def test_verdicts_that_echo_this_case_s_statements_say_whose_they_are() -> None:
    # A batch reply of fenced JSON per case: the one whose items echo call 1 is this case's.
    other = {"statements": [{"statement": "The train leaves at 10:45.", "verdict": 0}]}
    own = {"statements": [{"statement": TWO[0], "verdict": 1}, {"statement": TWO[1], "verdict": 0}]}
    text = f"The grader judged 2 cases in one call.\n\n## q17\n{json.dumps(other)}\n\n## q18\n{json.dumps(own)}"
    result = score(text, TWO)
    assert result.value == pytest.approx(0.5), result.reason
