"""Degrees are no verdicts, letters are read by their key (issue 33, the blind heldout2 set's
findings): a grader that rates each statement (a confidence, a probability, a score on a scale)
is read as undetermined, never as the words beside its numbers; the words of lettered options
(``(A) Supported (B) Not supported``) are no verdicts, the letters answered are read by them."""

from __future__ import annotations

import pytest

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Score, Status
from compat.scoring.reader.options import MAX_KEY_OPTIONS

STATEMENTS = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]


def score(grader_output: str, statements: list[str] = STATEMENTS) -> Score:
    return get_scorer("ragas").score(parse_case({"id": "c", "statements": statements, "grader_output": grader_output}))


@pytest.mark.parametrize(
    "grader_output",
    [
        # "supports" stands beside every number: read by words, 1.0 (a person, applying the cut: 1/3)
        "I count a statement as supported when my confidence is above 50%.\n\n"
        "Statement 1 — confidence that the context supports it: 0.92\n"
        "Statement 2 — confidence that the context supports it: 0.50 (I can't tell from the context)\n"
        "Statement 3 — confidence that the context supports it: 0.15",
        "- S1: P(supported) = 0.50 (I can't tell)\n- S2: P(supported) = 0.10 (contradicted)\n- S3: P(supported) = 0.9",
        "1. 30% (contradicted)\n2. 50% (I can't tell from the context)\n3. 95%\n\n"
        "Cut-off: 50% (above = supported, at or below = not supported).",
        "Support scores (1 = not supported at all, 5 = fully supported):\n1. 2/5\n2. 4/5\n3. 5/5",
    ],
)
def test_a_grader_that_rates_each_statement_is_undetermined(grader_output: str) -> None:
    result = score(grader_output)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), result.reason
    assert "rated each statement" in result.reason


def test_verdicts_with_a_confidence_beside_them_are_still_read() -> None:
    # Marked verdicts settle the reading; a confidence beside each is an aside.
    result = score("Verdict: Yes (confidence 0.9)\nVerdict: No (confidence 0.8)\nVerdict: Yes (confidence 0.7)")
    assert result.value == pytest.approx(2 / 3), result.reason


def test_a_percentage_in_one_explanation_is_no_rating() -> None:
    result = score("1. No - the context says 12% of stores open at 9.\n2. Yes\n3. Yes")
    assert result.value == pytest.approx(2 / 3), result.reason


@pytest.mark.parametrize(
    ("grader_output", "value"),
    [
        ("1 - B; 2 - A; 3 - A.\n\n(Options: (A) Supported (B) Not supported (C) Cannot be determined)", 2 / 3),
        (
            "Options: (A) Not supported (B) Supported (C) Cannot be determined\n\nQ1: A (not supported); Q2: B; Q3: B.",
            2 / 3,
        ),
        ("Here are my verdicts:\n\n1. (B); 2. (B); 3. (A).\n\n(Options: (A) Supported (B) Not supported)", 1 / 3),
        ("Q1: C\nQ2: A\nQ3: A\n\nOptions: A) supported, B) not supported, C) cannot be determined", 2 / 3),
    ],
)
def test_letters_are_read_by_the_options_they_answer(grader_output: str, value: float) -> None:
    # Read before: the options' own words ("supported", "not supported") as verdicts, the rest
    # counted unsupported: a confident wrong number. A person reads each letter by the key.
    result = score(grader_output)
    assert result.value == pytest.approx(value), result.reason


def test_one_letter_answered_is_no_refusal_for_the_option_that_cannot_tell() -> None:
    result = score("Q1: A.\n\n(Options: (A) Supported (B) Not supported (C) Cannot be determined)", STATEMENTS[:1])
    assert result.value == 1.0, result.reason


def test_a_letter_the_options_do_not_define_is_no_verdict_in_its_place() -> None:
    result = score("1 - D; 2 - A; 3 - B.\n\n(Options: (A) Supported (B) Not supported)")
    assert result.value == pytest.approx(1 / 3), result.reason
    assert "1 without a usable verdict" in result.reason
    assert [verdict.verdict for verdict in result.verdicts] == [None, 1, 0]


def test_a_list_lettered_by_statement_is_still_read() -> None:
    assert score("a) Yes b) No c) Yes").value == pytest.approx(2 / 3)


def test_a_key_line_longer_than_a_key_is_read_by_its_first_options_and_blanked_whole() -> None:
    # Past MAX_KEY_OPTIONS the rest of the line is not read as options (a megabyte of them is one
    # key line), yet it is still the key's line: none of its words is a verdict.
    key = "(Options: " + "(A) Supported (B) Not supported " * MAX_KEY_OPTIONS + "(C) Cannot be determined)"
    result = score("1 - B; 2 - A; 3 - C.\n\n" + key)
    assert [verdict.verdict for verdict in result.verdicts] == [0, 1, None], result.reason
