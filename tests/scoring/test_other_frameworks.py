"""Judge outputs other frameworks' prompts produce (reader 8; found on the blind set ``heldout20``
once measured): a metric's name that carries a statement's number and a verdict word, a legend that
gives 1 the failing meaning, a table that read some rows otherwise than a list of the same lines.
None of these may become a confident number the page does not give."""

from __future__ import annotations

import pytest

from compat.scoring import Cause
from compat.scoring.reader.degrees import numbers_inverted
from tests.scoring._reading import assert_unclear, score

ONE = ["No refunds are given after 30 days."]
TWO = [*ONE, "The claim was filed on 3 March 2023."]


def test_a_metric_s_name_is_no_verdict() -> None:
    # LangSmith-style results: "claim_1_grounded" names the metric whatever its score; 0 here.
    text = '{"results": [{"key": "claim_1_grounded", "score": 0, "comment": "The documents do not support this."}]}'
    result = score(text, ONE)
    assert result.value != pytest.approx(1.0), result.reason


@pytest.mark.parametrize(
    ("legend", "inverted"),
    [
        ("(1.0 = hallucination detected, 0.0 = no hallucination)", True),
        ("1 means unsupported", True),
        ("0 = faithful", True),
        ("1 = supported, 0 = not supported", False),
        ("0 = no, 1 = yes", False),
    ],
)
def test_a_legend_that_turns_the_numbers_round_is_found(legend: str, inverted: bool) -> None:
    assert (numbers_inverted(legend.lower()) is not None) is inverted


def test_numbers_under_a_legend_that_turns_them_round_are_no_verdicts() -> None:
    text = (
        '{"claim_1": {"score": 1, "reason": ["The context says something different."]}}\n\n'
        "Opik hallucination scores per claim (1.0 = hallucination detected, 0.0 = no hallucination)."
    )
    assert_unclear(score(text, ONE), "the other way round")


def test_a_table_that_reads_a_row_otherwise_than_the_list_leaves_the_case_unclear() -> None:
    # The table could not read row 2's cell, but row 1 it read "not supported"; a list reading of
    # the same lines reads row 1's number as a verdict. Two readings of statement 1: no number.
    text = (
        "Faithfulness per claim, converted from trulens groundedness score out of 10 (grounded if >= 7)\n\n"
        "| # | claim | trulens value | supported |\n|---|---|---|---|\n"
        "| 1 | No refunds are given after 30 days. | 2 | ❌ not supported |\n"
        "| 2 | The claim was filed on 3 March 2023. | N/A | ➖ undecided |\n\n"
        "supported: 0/2 (1 undecided, counted as not supported)"
    )
    assert_unclear(score(text, TWO), "the table reads no")


def test_no_misstatement_is_no_no() -> None:
    # An audit schedule's conclusion: "No misstatement" says a failing is absent; read as the grader's
    # "no", it scored a supported statement 0.
    text = (
        "| Ref | Conclusion | Assertion |\n|---|---|---|\n"
        "| M-1 | No misstatement | No refunds are given after 30 days. |"
    )
    result = score(text, ONE)
    assert (result.value, result.cause) == (None, Cause.NO_VERDICTS), result.reason


def test_a_count_of_a_verdict_beside_a_count_of_another_label_is_no_verdict() -> None:
    # "0 accurate, 1 flagged" counts; its "accurate" judged no statement.
    text = "No refunds are given after 30 days.\n[FLAG — needs context]\n\nDesk summary: 0 accurate, 1 flagged."
    result = score(text, ONE)
    assert (result.value, result.cause) == (None, Cause.NO_VERDICTS), result.reason


def test_a_row_s_number_before_the_statement_is_no_verdict() -> None:
    text = "1 | No refunds are given after 30 days. | Tie-out: does not agree | the context shows otherwise"
    result = score(text, ONE)
    assert (result.value, result.cause) == (None, Cause.NO_VERDICTS), result.reason
