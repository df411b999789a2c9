"""Replies in several parts (blind heldout33, measured first): JSON answers that each judge some of
the statements are read together where their echoes say each statement once, in order; pages of
results are read one after the other; a range followed by a list gives one verdict each.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring import Cause, ScoreWarning, Status
from tests.scoring._reading import score

FOUR = [
    "The store opens at 9 am.",
    "Refunds are possible for sale items.",
    "The claim was filed in March.",
    "The warranty lasts two years.",
]


def ragas(statements: list[str], verdicts: list[int | None]) -> str:
    items = [{"statement": s, "reason": "r", "verdict": v} for s, v in zip(statements, verdicts, strict=True)]
    return json.dumps({"statements": items}, indent=2)


@pytest.mark.parametrize("separator", ["\n", "\n\n--- chunk 2 of 2 ---\n\n", "```\n```json\n"])
def test_json_answers_in_chunks_are_read_together(separator: str) -> None:
    # Read before: the chunk that echoed most statements, the rest counted "no" (0.25 for 0.5; 38%
    # of heldout33's chunked layout scored too low).
    output = ragas(FOUR[:2], [1, 0]) + separator + ragas(FOUR[2:], [1, 0])
    result = score(output, FOUR)
    assert result.value == 0.5, result.reason
    assert ScoreWarning.SUPERSEDED_VERDICTS not in result.warnings


def test_a_reply_cut_off_then_continued_is_read_whole() -> None:
    cut = ragas(FOUR, [1, 1, 0, 1])
    cut = cut[: cut.index(FOUR[2]) + 10]  # the token limit, in the third item before its verdict
    result = score(cut + "\n\n(continued)\n" + ragas(FOUR[2:], [0, 1]), FOUR)
    assert result.value == 0.75, result.reason


def test_a_draft_and_its_correction_are_no_parts() -> None:
    # Guard: the same statements judged twice are two answers, of which the last is read.
    output = ragas(FOUR, [0, 0, 0, 0]) + "\n\nCorrected:\n" + ragas(FOUR, [1, 1, 1, 0])
    assert score(output, FOUR).value == 0.75


def test_pages_of_results_are_read_one_after_the_other() -> None:
    # Read before: page 1's two items, the rest counted "no" (25% of heldout33's pages too low).
    pages = [
        {"page": 1, "results": [{"claim": FOUR[0], "label": "supported"}, {"claim": FOUR[1], "label": "supported"}]},
        {"page": 2, "results": [{"claim": FOUR[2], "label": "supported"}, {"claim": FOUR[3], "label": "unsupported"}]},
    ]
    assert score(json.dumps(pages, indent=2), FOUR).value == 0.75


def test_pages_stored_a_line_each_are_read_together() -> None:
    lines = [
        {"data": [{"text": FOUR[0], "supported": True}, {"text": FOUR[1], "supported": None}], "has_more": True},
        {"data": [{"text": FOUR[2], "supported": None}, {"text": FOUR[3], "supported": True}], "has_more": False},
    ]
    assert score("\n".join(json.dumps(line) for line in lines), FOUR).value == 0.5


def test_a_range_followed_by_a_list_is_no_run() -> None:
    # Read before: "3–4: YES" for both (0.5 for 0.25). Each verdict of the list is one statement's;
    # the reader does not yet read a range's list one by one, and says so.
    output = (
        "Verdicts 1–2: NO, NO\n\n(Statement 3 took a while: the context is vague.)\n\n"
        "Verdicts 3–4: YES, CANNOT BE DETERMINED"
    )
    result = score(output, FOUR)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), result.reason


def test_a_run_with_one_verdict_is_still_read_for_each_statement() -> None:
    # Guard.
    assert score("1..3: NOT SUPPORTED, 4: SUPPORTED", FOUR).value == 0.25
