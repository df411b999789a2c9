"""Answers full of verdict-like words that are not verdicts (reader 6; heldout14, once measured).

Questions a grader asks itself about other things than support, and the context's words quoted as
evidence, hold "Yes", "No" and "Rating: TRUE" that judge no statement. Each test names the
behaviour; the ones marked as guards passed before too.
"""

from __future__ import annotations

import pytest

from compat.scoring import Cause, Status
from tests.scoring._reading import score

TWO = ["True North Airways was founded in 2003.", "The helpline is not open on Sundays."]


def test_answers_to_questions_about_other_things_are_no_verdicts() -> None:
    # Read before: 1.0, each "? Yes." and "? No." read as a "Verdict:" marker.
    output = (
        f"Statement 1: {TWO[0]}\n- Is the topic covered in the context? Yes.\n"
        "- Does the context give the same details (names, numbers, dates)? No.\n"
        "- Does anything in the context contradict it? No.\nVerdict: `Entailed`\n"
        f"Statement 2: {TWO[1]}\n- Is the topic covered in the context? Yes.\n"
        "- Does the context give the same details (names, numbers, dates)? No.\n"
        "- Does anything in the context contradict it? Yes.\nVerdict: `Not entailed`\n"
    )
    assert score(output, TWO).value == pytest.approx(0.5)


@pytest.mark.parametrize(
    "question", ["Is statement 1 supported by the context?", "Can it be inferred from the context?"]
)
def test_an_answered_question_about_support_is_still_a_verdict(question: str) -> None:
    # Guard: the question labels its answer, as "Verdict:" does.
    output = f"1. {TWO[0]}\n{question} No.\n2. {TWO[1]}\nIs statement 2 supported by the context? Yes.\n"
    assert score(output, TWO).value == pytest.approx(0.5)


def test_a_field_quoted_from_the_context_is_no_marker() -> None:
    # Read before: 0.5, the quoted "Rating: TRUE." read as statement 1's marker.
    output = (
        f'1. "{TWO[0]}"\nRelevant passage:\n> Rating: TRUE. The founding year is not given.\nVerdict: *can\'t tell*\n'
        f'2. "{TWO[1]}"\nEvidence: "Rating: TRUE. Closed on Sundays."\nConclusion: *Supported*\n'
    )
    result = score(output, TWO)
    assert result.value == pytest.approx(0.5), result.reason
    assert "1 without a usable verdict" in result.reason


def test_a_verdict_the_grader_draws_in_a_blockquote_is_read() -> None:
    # Guard: "> ✅ **Verdict: YES**" is the grader's callout, not a quotation.
    output = (
        f"#### 1. {TWO[0]}\n\n> ⚠️ **Verdict: NO** The context says something different.\n\n"
        f"#### 2. {TWO[1]}\n\n> ✅ **Verdict: YES** The context confirms this.\n"
    )
    assert score(output, TWO).value == pytest.approx(0.5)


def test_a_json_line_s_quoted_key_is_still_a_marker() -> None:
    # Guard: '"verdict": "no"' stands after a quotation mark, and is the grader's key.
    output = '{"claim": "first", "verdict": "no"}\n{"claim": "second", "verdict": "yes"}\n'
    assert score(output, TWO).value == pytest.approx(0.5)


# Reader 7: double negatives and a negation that belongs to another clause (heldout14, read).


@pytest.mark.parametrize(
    "sentence",
    [
        "Statement {k} is not unsupported: the context states it outright.",
        "Statement {k} isn't incorrect; the context says so.",
        "I cannot call statement {k} unsupported; the context says it word for word.",
    ],
)
def test_a_negated_negative_is_the_positive(sentence: str) -> None:
    # Read before: 0.0, "not" and "unsupported" each read as a no.
    output = "\n".join(sentence.format(k=k) for k in (1, 2))
    result = score(output, TWO)
    assert result.value == pytest.approx(1.0), result.reason


def test_not_contradicted_is_no_verdict_of_support() -> None:
    # Guard: a statement the context does not contradict may still be one it does not support.
    output = "Statement 1 is not contradicted by the context.\nStatement 2 is supported by the context."
    result = score(output, TWO)
    assert result.value != pytest.approx(1.0), result.reason


def test_a_negation_in_another_clause_does_not_turn_the_verdict() -> None:
    # Read before: 0.0 for statement 1, the "cannot" of the first clause read before "supported".
    output = (
        "Statement 1 cannot be faulted against the context, so it is supported.\n"
        "Statement 2 is not supported: nothing in the context backs it."
    )
    result = score(output, TWO)
    assert result.value == pytest.approx(0.5), result.reason


def test_a_grader_that_says_no_context_was_included_refuses() -> None:
    # Read before: 0.0, "No context was included" read as the one statement's "No".
    output = (
        "No context was included, so it is not possible to say whether the statement is true, false, "
        "supported or unsupported."
    )
    result = score(output, TWO[:1])
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.REFUSAL), result.reason
