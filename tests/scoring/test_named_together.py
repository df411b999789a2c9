"""Verdicts said of several statements at once (issue 33 item 2; the blind heldout36 set's finding).

"Supported for every statement." read one verdict at a time is one verdict, and the
fewer-verdicts policy counted the other statements unsupported: 1.3 - 1.7% of heldout36's
outputs were given a number too low that way. Where a short reading stands beside a reference
to statements by quantity, position or list, the case is undetermined, naming the reference.
A short reading with no such reference keeps the contract's policy: the grader gave fewer.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring import Cause, Status
from compat.scoring.reader.collective import first_reference
from tests.scoring._reading import THREE as STATEMENTS
from tests.scoring._reading import score


@pytest.mark.parametrize(
    ("grader_output", "reference"),
    [
        # Each names some statements together and leaves one unnamed, or qualifies the set: no reading of all.
        ("Final verdict for each statement in order:\nSupported for every statement I could check.", "every statement"),
        ("Verdicts: Yes for all three statements but one.", "all three statements"),
        ("Final answer: yes for #1 and #3.", "#1 and #3"),
        ("### Final verdicts\nentailed for statements 1 and 2.", "statements 1 and"),
        ("Final verdict: Correct for the first and the third.", "the first"),
        ("Final answer: yes, all except the second.", "except"),  # read as a collective, not a count
        ("Result: Faithful. I could verify every claim from the context.", "every claim"),
        ("Yes - all of them check out.", "all of them"),
        ("- **Claims 1 to 2**: only claim 2 is supported.\n- **Claim 3**: not supported.", "claims 1 to"),
    ],
)
def test_a_short_reading_beside_statements_named_together_is_undetermined(grader_output: str, reference: str) -> None:
    scored = score(grader_output)
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert scored.cause is Cause.UNCLEAR_READING
    assert reference in scored.reason


def test_statements_named_by_position_are_read_by_position() -> None:
    output = "The first statement cannot be decided from the context and the final statement is supported."
    scored = score(output, STATEMENTS[:2])
    assert scored.status is Status.SCORED, scored.reason
    assert [verdict.verdict for verdict in scored.verdicts] == [None, 1]


def test_a_list_read_short_beside_a_reference_in_words_is_undetermined() -> None:
    # Not a marked verdict: the whole reply is looked at, for references in words (not bare positions).
    scored = score("1. Yes\n2. No\n\nI could not judge the remaining claims.")
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert '"remaining"' in scored.reason


def test_a_json_verdict_given_once_for_every_statement_is_undetermined() -> None:
    output = json.dumps({"explanation": "Every claim is stated in the context.", "verdict": "supported"})
    scored = score(output, STATEMENTS[:2])
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert "every claim" in scored.reason


@pytest.mark.parametrize(
    ("grader_output", "value"),
    [
        # The legacy prompt's own header says "each statement": it introduces, it names none together.
        ("Final verdict for each statement in order: Yes. No.", 1 / 3),
        # A statement's own words ("the first") in a marked verdict's line are the statement's.
        ("Statement: The first Super Bowl was played in LA. Verdict: Yes\nStatement: B. Verdict: No", 1 / 3),
        ("1. Yes\n2. No", 1 / 3),
    ],
)
def test_a_short_reading_with_nothing_named_together_keeps_the_fewer_verdicts_policy(
    grader_output: str, value: float
) -> None:
    scored = score(grader_output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(value)


@pytest.mark.parametrize(
    "text",
    [
        "final verdict for each statement in order: yes. no.",
        "the first super bowl was played in los angeles.",
        "each statement was checked against the context only",
        "all statements were judged strictly against the given context.",
        "i checked every claim against the context",
        "statement 2: no",
        "for statement 1 the answer is incorrect",  # one statement named: no set
    ],
)
def test_what_names_no_statement_together_is_no_reference(text: str) -> None:
    assert first_reference(text) is None, first_reference(text)


# ----------------------------------------------------------------- read where every statement is named


@pytest.mark.parametrize(
    ("grader_output", "value"),
    [
        ("Final verdict for each statement in order:\nSupported for every statement.", 1.0),
        ("Verdicts: Yes for all three statements.", 1.0),
        ("Final answer: yes for #1 and #3; no for #2.", 2 / 3),
        ("### Final verdicts\nentailed for statements 1 and 2; not entailed for statement 3.", 2 / 3),
        ("Final verdict: Correct for the first and the third; Incorrect for the second.", 2 / 3),
        ("Statements 1 and 3 are supported; statement 2 is not supported.", 2 / 3),
        ("All of the statements are supported except the second.", 2 / 3),
        ("**Verdicts:** yes for the first and third; no for the second.", 2 / 3),
        ("Only claim 2 is supported by the context.", 1 / 3),
        ("None of the three claims is supported.", 0.0),
        ("The first two are supported by the context, the last one is not.", 2 / 3),
        ("Statement 1 is supported; the rest cannot be determined from the context.", 1 / 3),
        ("I could verify all but the final claim against the context.", 2 / 3),
        ("Two of the three statements are supported: the first and the third.", 2 / 3),
        ("Statements one through two are supported, three is not.", 2 / 3),
        ("Every claim holds apart from #3.", 2 / 3),
        ("The first is not supported, the second is not, the third is supported.", 1 / 3),
        ("In order: the first statement is not; the second is not; the third cannot be decided from the context.", 0.0),
        ("Final answer: no for all except statement 2, which is yes.", 1 / 3),
        # Several sentences, one said of a single statement: still every statement named once.
        ("Only statement 1 is supported. Statement 3 cannot be decided from the context.", 1 / 3),
    ],
)
def test_verdicts_said_of_sets_of_statements_are_read(grader_output: str, value: float) -> None:
    scored = score(grader_output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(value)


def test_the_other_side_of_only_keeps_a_verdict_said_of_it() -> None:
    # "Only 1 is supported" makes 2 and 3 unsupported, unless the grader says otherwise of one:
    # then that one is what the grader said (undecided), which counts unsupported too, and is shown so.
    scored = score("Only statement 1 is supported. Statement 3 cannot be decided from the context.")
    assert [verdict.verdict for verdict in scored.verdicts] == [1, 0, None]


@pytest.mark.parametrize(
    "grader_output",
    [
        "Statements 1 and 2 are supported.",  # statement 3 named by nobody
        "Statement 2 cannot be decided; the remaining statement is supported.",  # two remain, "statement" names one
        "All statements are supported. Statement 2 is not supported.",  # said two ways
        "Statement 1 is not supported; the context does not support claim number two. The rest are supported.",
        "Statements 1 and 2 are supported. I am not sure about the other one, it may hold.",
        "The first is unsupported, the second is not.",  # "is not" after "unsupported": the other way?
    ],
)
def test_sets_that_leave_a_statement_unsaid_or_said_twice_are_not_read(grader_output: str) -> None:
    scored = score(grader_output)
    assert scored.status is Status.UNDETERMINED, scored.reason
