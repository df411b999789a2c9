"""Statements judged in parts (heldout19, once measured): the verdict a grader gives a statement as
a whole is its verdict; the parts' verdicts are not, and where the reader cannot tell which is
which it says so.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import pytest

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Status
from tests.scoring._reading import assert_unclear, score

THREE = [
    "The Eiffel Tower was completed in 1889.",
    "Standard shipping is handled by DHL and takes three to five business days.",
    "Ibuprofen should be taken with food.",
]


@pytest.mark.parametrize("bullet", ["◦", "•", "▪"])
def test_an_overall_line_under_each_statement_is_its_verdict_under_any_bullet(bullet: str) -> None:
    # Read before: 1.0, "statement 1:" read as a numeric "1" and the parts' marks as the verdicts.
    output = (
        f"- **Statement 1:** {THREE[0]}\n  {bullet} single claim: ❌\n  {bullet} **Overall:** Not Entailed\n"
        f"- **Statement 2:** {THREE[1]}\n  {bullet} handled by DHL: ✅\n  {bullet} three to five days: ❓\n"
        f"  {bullet} **Overall:** Undetermined\n"
        f"- **Statement 3:** {THREE[2]}\n  {bullet} single claim: ✅\n  {bullet} **Overall:** Entailed\n"
    )
    result = score(output, THREE)
    assert result.value == pytest.approx(1 / 3), result.reason
    assert [v.verdict for v in result.verdicts] == [0, None, 1]


def test_an_overall_verdict_line_is_the_statement_s_verdict() -> None:
    # Read before: 0.67, the first part's ✓ read for statement 1.
    output = (
        f"1. {THREE[0]}\n   - *completed*: ✓\n   - *in 1889*: ✗\n   - **Overall verdict: NOT ENTAILED**\n"
        f"2. {THREE[1]}\n   - *by DHL*: ✓\n   - *three to five days*: ✓\n   - **Overall verdict: ENTAILED**\n"
        f"3. {THREE[2]}\n   - *with food*: ✓\n   - **Overall verdict: ENTAILED**\n"
    )
    result = score(output, THREE)
    assert result.value == pytest.approx(2 / 3), result.reason
    assert [v.verdict for v in result.verdicts] == [0, 1, 1]


def test_parts_under_a_statement_s_echo_that_disagree_leave_the_echo_no_guide() -> None:
    # Read before: 0.67, the first part's "SUPPORTED." under each echo read as the statement's.
    output = "".join(
        f"**Statement {k}**\n> {statement}\n#### part one\n{first}. The context gives this.\n"
        f"#### part two\n{second}. The context says otherwise.\n#### Verdict for statement {k}\n`{whole}`\n"
        for k, (statement, first, second, whole) in enumerate(
            zip(
                THREE,
                ["SUPPORTED", "SUPPORTED", "SUPPORTED"],
                ["NOT SUPPORTED", "NOT SUPPORTED", "SUPPORTED"],
                ["Not entailed", "Not entailed", "Entailed"],
                strict=True,
            ),
            1,
        )
    )
    result = score(output, THREE)
    assert result.value is None or result.value == pytest.approx(1 / 3), result.reason


NINE = [
    "The study found no link between coffee and heart disease.",
    "The company was founded in 1998 in Seattle.",
    "Ibuprofen is an anti-inflammatory drug that should be taken with food.",
    "Marie Curie won two Nobel Prizes.",
    "Acme's revenue grew 8% in 2022 because of its cloud division.",
    "John is a dedicated student.",
    "There is no entrance fee for children under 12.",
    "Marie Curie won two Nobel Prizes, in physics and in chemistry.",
    "The Carnegie library in Dunmore opened in 1902 and holds 40,000 books.",
]


def test_a_list_that_judges_some_statements_again_is_read_by_their_numbers() -> None:
    # Read before: 0.0 for 0.33, the notes' "As a whole" items read as more verdicts than
    # statements and the lowest reading taken.
    output = (
        "In conclusion:\n\nNote: statements 2, 3, 5, 8 and 9 are compound. For those I judged each claim "
        "separately before giving the statement its verdict.\n\n"
        "1) undetermined ❓\n2) false ❌\n3) true ✅\n4) true ✅\n5) false ❌\n6) true ✅\n7) false ❌\n"
        "8) can't tell ❓\n9) false ❌\n\nNotes on the compound statements:\n"
        "Statement 2 is compound: ‘founded in 1998’ not supported; ‘in Seattle’ supported. As a whole: false.\n"
        "Statement 3 is compound: ‘an anti-inflammatory drug’ supported; ‘taken with food’ supported. "
        "As a whole: true.\n"
        "Statement 5 is compound: ‘grew 8%’ not supported; ‘in 2022’ not supported; ‘because of the cloud "
        "division’ not supported. As a whole: false.\n"
        "Statement 8 is compound: ‘two Nobel Prizes’ supported; ‘in physics and in chemistry’ unclear. "
        "As a whole: can't tell.\n"
        "Statement 9 is compound: ‘opened in 1902’ not supported; ‘40,000 books’ supported. As a whole: false.\n\n"
        "Feel free to ask if you want more detail on any of these."
    )
    result = score(output, NINE)
    assert result.value == pytest.approx(3 / 9), result.reason
    assert [v.verdict for v in result.verdicts] == [None, 0, 1, 1, 0, 1, 0, None, 0]


def test_parts_keyed_by_roman_numerals_give_the_statement_no_number() -> None:
    # Read before: 1.0 for 0.0, "1-ii. TRUE" read as the statement's verdict beside "1-i. FALSE".
    output = (
        "Note: statement 1 contains two separate facts; I split it into 1-i and 1-ii. Statement 1 as a "
        "whole is supported only when 1-i and 1-ii both are. That makes 2 verdicts for 1 statement.\n\n"
        "1-i. FALSE\n1-ii. TRUE"
    )
    case = parse_case(
        {
            "id": "c",
            "statements_output": '{"statements": ["Marie Curie won two Nobel Prizes."]}',
            "grader_output": output,
        }
    )
    result = get_scorer("ragas").score(case)
    assert_unclear(result, "in parts")


def test_a_refusal_that_names_a_statement_s_parts_is_a_refusal() -> None:
    # Read before: 0.0, the parts "(a) … (b) …" taken for an option key and the whole line, its
    # "I'm sorry" with it, set aside before the refusal was looked for.
    output = (
        "I'm sorry. I can split statement 1 into its parts ((a) opened in 1937, (b) designed by Joseph "
        "Strauss), but there is no context to check any of them against, so I cannot give a verdict for it."
    )
    result = score(output, ["The Golden Gate Bridge opened in 1937 and was designed by Joseph Strauss."])
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.REFUSAL), result.reason
