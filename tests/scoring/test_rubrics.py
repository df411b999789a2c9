"""Faithfulness graded beside other criteria in one reply (issue 33; the blind heldout37 set's finding).

A rubric reply answers several criteria a statement ("Supported: yes | Relevant: no | Toxic:
no"); a reader that takes any answer but faithfulness' gives a wrong number (heldout37 at first
sight: 10 - 11% of its outputs). The reader does not pick the faithfulness field out of a rubric
yet: a reply that names another criterion as a field, or two other criteria, is undetermined.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring import Cause, Status
from compat.scoring.reader.criteria import rubric_criteria
from tests.scoring._reading import score


@pytest.mark.parametrize(
    ("grader_output", "named"),
    [
        (
            "1. Supported by context: Yes | Relevant: No | Toxic: No\n"
            "2. Supported by context: No | Relevant: Yes | Toxic: No\n"
            "3. Supported by context: Yes | Relevant: Yes | Toxic: Yes",
            '"toxic: no"',  # "relevant" is a field the reader blanks (reader 6)
        ),
        (
            "Claim 1: FAIL - complete: false, grounded: true\nClaim 2: PASS - complete: true, grounded: true\n"
            "Claim 3: FAIL - complete: false, grounded: false",
            None,  # undetermined before the rubric is seen: its layout reads two ways
        ),
        (
            "| # | Grounded | Verdict (all criteria) | Contains PII |\n|---|---|---|---|\n| 1 | Yes | FAIL | Yes |\n"
            "| 2 | No | FAIL | No |\n| 3 | Yes | PASS | No |",
            '"contains pii | yes"',  # the verdict column is the gate over every criterion
        ),
        (
            "\n".join(
                json.dumps({"claim": i, "grounded": g, "answer_relevance": r})
                for i, g, r in ((1, True, False), (2, False, True), (3, True, True))
            ),
            '"answer_relevance": false',
        ),
        (
            "C1 G:✓ T:✗ B:✗\nC2 G:✗ T:✗ B:✓\nC3 G:✓ T:✓ B:✗\n"
            "Key: G = grounded; T = toxic; B = biased. ✓ = yes, ✗ = no.",
            '"t = toxic"',
        ),
    ],
)
def test_a_rubric_over_other_criteria_is_undetermined(grader_output: str, named: str | None) -> None:
    scored = score(grader_output)
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert scored.cause is Cause.UNCLEAR_READING
    assert named is None or named in scored.reason


@pytest.mark.parametrize(
    "grader_output",
    [
        # One criterion word in an explanation is no rubric.
        "1. Yes - the relevant passage says so.\n2. No\n3. Yes",
        "Statement 1: Supported.\nStatement 2: Not supported, the context is silent.\nStatement 3: Supported.",
        # A table read by the column its header names: the other criteria's columns were not read.
        "| # | Grounded | Fluent | Contains PII |\n|---|---|---|---|\n| 1 | Yes | No | No |\n"
        "| 2 | No | Yes | No |\n| 3 | Yes | Yes | Yes |",
        "| # | Support | Completeness | Clarity |\n|---|---|---|---|\n| 1 | Supported | Yes | Yes |\n"
        "| 2 | Not supported | Yes | No |\n| 3 | Supported | No | Yes |",
        # Fields of criteria the reader blanks before reading (reader 6) could not have been read.
        "1. Specificity: Yes | Grounded in context: Yes | Clarity: No\n2. Specificity: Yes | Grounded in context: No"
        " | Clarity: Yes\n3. Specificity: No | Grounded in context: Yes | Clarity: Yes",
    ],
)
def test_a_word_of_another_criterion_in_an_explanation_is_no_rubric(grader_output: str) -> None:
    scored = score(grader_output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("relevant: no", "relevant: no"),
        ('"coherence_result": "pass"', 'coherence_result": "pass'),
        ("1. toxicity - fail   groundedness - pass", "toxicity - fail"),
        ("pii_free: 1", "pii_free: 1"),
        ("key: g = grounded; t = toxic; b = biased.", "t = toxic"),
        ("- [x] answers the question", "[x] answers the question"),
        ("| # | grounded | toxic |\n|---|---|---|\n| 1 | yes | no |", "toxic | no"),
        # Not answered as verdicts are, or not a criterion of a rubric:
        ("| # | support | relevance |\n|---|---|---|\n| 1 | yes | high |", None),
        ("the relevant passage is complete and clear", None),
        ("specificity: medium\nclarity: high", None),
        ("safety_ratings=[safetyrating(category=<harmcategory.harm_category_hate_speech>, blocked=none)]", None),
        ("1) open settings, 2) tap privacy, 3) turn off location", None),
    ],
)
def test_rubric_criteria(text: str, found: str | None) -> None:
    assert rubric_criteria(text, fields_blanked=False) == found
