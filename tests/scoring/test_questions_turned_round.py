"""Questions asked the other way round, and verdict fields left unread (issue 33; the blind
heldout34 and heldout35 sets' findings).

A grader asked "Is this claim hallucinated?" answers yes for a statement that is not supported:
read as verdicts, its yes and no give the number the wrong way round (heldout34 at first sight:
14 - 15% of its outputs wrong). Where the question or the field's name stands beside the answer,
the case is undetermined, naming the question. A JSON answer read in part (one tool call of six)
with more verdict fields in it is undetermined too: the fewer-verdicts policy must not turn a
partial read into a number."""

from __future__ import annotations

import json

import pytest

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Score, Status
from compat.scoring.reader.polarity import asked_the_other_way

STATEMENTS = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]


def score(grader_output: str, statements: list[str] = STATEMENTS) -> Score:
    return get_scorer("ragas").score(parse_case({"id": "c", "statements": statements, "grader_output": grader_output}))


@pytest.mark.parametrize(
    ("grader_output", "question"),
    [
        (
            "Claim 1: The store opens at 9 am.\nHallucinated?\n**Yes**\n\n"
            "Claim 2: Refunds are possible for sale items.\nHallucinated?\n**No**\n\n"
            "Claim 3: The claim was filed in March.\nHallucinated?\n**No**",
            "hallucinated?",
        ),
        (
            "**Is statement 1 hallucinated?**\n→ *no* (the context says exactly this)\n\n"
            "**Is statement 2 hallucinated?**\n→ *yes* (not in the context)\n\n"
            "**Is statement 3 hallucinated?**\n→ *no* (the context says exactly this)",
            "hallucinated?",
        ),
        (
            "Contradiction check\n1. Contradicted? Yes\n2. Contradicted? No\n3. Contradicted? No",
            "contradicted?",
        ),
        # A field too: reader 4 read "Contradicted: no" as supported, but the context may say nothing.
        ("1. Contradicted: yes\n2. Contradicted: no\n3. Contradicted: no", "contradicted: yes"),
        (
            "Sentence 1: Needs a citation: `Yes` — the context does not say this.\n"
            "Sentence 2: Needs a citation: `No` — passage [3] states this.\n"
            "Sentence 3: Needs a citation: `No` — supported by passage [4].",
            "needs a citation",
        ),
        ("Statement 1\nMade up? YES\n\nStatement 2\nMade up? NO\n\nStatement 3\nMade up? NO", "made up?"),
        ("Claim 1: Is it false? `YES`\nClaim 2: Is it false? `NO`\nClaim 3: Is it false? `NO`", "it false?"),
        (
            "Question: Is this statement an error?\nStatement 1: A.\nError? **YES**\n\n"
            "Statement 2: B.\nError? **NO**\n\nStatement 3: C.\nError? **NO**",
            "error? yes",
        ),
        (
            "Statement 1: A\nHallucinated?\nAnswer: **Yes**. Not in the context.\n\n"
            "Statement 2: B\nHallucinated?\nAnswer: **No**. Stated.\n\nStatement 3: C\nHallucinated?\nAnswer: **No**.",
            "hallucinated? answer: yes",
        ),
        (
            '1. Does the context contradict "The store opens at 9 am."?\n*yes*. It gives 10 am.\n'
            '2. Does the context contradict "Refunds are possible for sale items."?\n*no*. It says exactly this.\n'
            '3. Does the context contradict "The claim was filed in March."?\n*no*. It says exactly this.',
            'contradict "the store opens at 9 am."? yes',
        ),
        (
            "False claim = the context contradicts the claim or does not contain it.\n"
            "| # | Claim | False claim? | Note |\n|---|---|---|---|\n"
            "| 1 | The store opens at 9 am. | *Yes* | 10 am. |\n"
            "| 2 | Refunds are possible for sale items. | *No* | Stated. |\n"
            "| 3 | The claim was filed in March. | *No* | Stated. |",
            "the column 'false claim?'",
        ),
        (
            "| # | Claim | Is it false? | Note |\n|---|---|---|---|\n"
            "| 1 | The store opens at 9 am. | **Yes** | 10 am. |\n"
            "| 2 | Refunds are possible for sale items. | **No** | Stated. |\n"
            "| 3 | The claim was filed in March. | **No** | Stated. |",
            "the column 'is it false?'",
        ),
        (
            "1) The store opens at 9 am.\nContradiction:\n`Yes`. It says 10 am.\n\n2) Refunds are possible.\n"
            "Contradiction:\n`No`. It says exactly this.\n\n3) Filed in March.\nContradiction:\n`No`. Stated.",
            "contradiction: yes",
        ),
    ],
)
def test_yes_and_no_to_a_question_asked_the_other_way_are_no_verdicts(grader_output: str, question: str) -> None:
    """Read as verdicts, every answer counts the wrong way round (1 of 3 supported where a person
    reads 2 of 3, or the reverse): no number."""
    result = score(grader_output)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), result.reason
    found = asked_the_other_way(grader_output.lower(), fields_turned=True, columns_turned=False)
    assert found is not None and question in found


def test_the_case_detail_names_the_question() -> None:
    result = score("1. Made up? YES\n2. Made up? NO\n3. Made up? NO")
    assert result.reason == (
        "Faithfulness undetermined: the output reads two ways: its yes and no answer a question asked the "
        'other way round ("made up? yes")'
    )


@pytest.mark.parametrize(
    "grader_output",
    [
        json.dumps(
            {"results": [{"statement_id": i, "policy_violation": v} for i, v in ((1, True), (2, False), (3, 0))]}
        ),
        "```yaml\n- text: a\n  made_up: yes\n- text: b\n  made_up: no\n- text: c\n  made_up: no\n```",
        "{'s1': {'hallucination': 1, 'verdict': 'no'}, 's2': {'hallucination': 0, 'verdict': 'yes'}, "
        "'s3': {'hallucination': 0, 'verdict': 'yes'}}",
    ],
)
def test_fields_named_by_what_is_wrong_make_their_values_no_verdicts(grader_output: str) -> None:
    result = score(grader_output)
    assert result.status is Status.UNDETERMINED, result.reason


@pytest.mark.parametrize(
    "output",
    [
        "hallucination: 0 means faithful to the context, 1 means hallucinated.\n{'s1': 1, 's2': 0, 's3': 0}",
        "{'statement_1': 1.0, 'statement_2': 0.0, 'statement_3': 0.0}\nP(hallucination) is 1.0 for a claim the "
        "context does not support and 0.0 for one it supports.",
    ],
)
def test_zeros_and_ones_of_a_json_answer_beside_a_legend_that_turns_them_round_are_no_verdicts(output: str) -> None:
    result = score(output)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), result.reason
    assert "other way round" in result.reason


def test_a_field_named_by_what_is_wrong_is_read_turned_round() -> None:
    """``"is_hallucinated": true`` is a statement not supported, and the reader says so."""
    flags = ((1, True), (2, False), (3, False))
    result = score(json.dumps([{"id": number, "is_hallucinated": flag} for number, flag in flags]))
    assert result.status is Status.SCORED and result.value == pytest.approx(2 / 3), result.reason
    assert [verdict.verdict for verdict in result.verdicts] == [0, 1, 1]


@pytest.mark.parametrize(
    ("grader_output", "value"),
    [
        # The words stand, but as a sentence's, a list's or a verdict's after a sentence.
        ("1. The statement contradicts the context. Verdict: No\n2. Verdict: Yes\n3. Verdict: Yes", 2 / 3),
        ("Supported: 1, 3\nUnsupported: 2\nHallucination: none found", 2 / 3),
        ("Unsupported: no statements.\nFinal verdict for each statement in order: Yes. Yes. Yes.", 1.0),
        ("True or false? Statement 1: True. Statement 2: False. Statement 3: True.", 2 / 3),
        ("Statement 1: Not supported: the context gives 10 am.\nStatement 2: Yes\nStatement 3: Yes", 2 / 3),
        ("Statement 1: No hallucination, it is stated. Verdict: Yes\n2. Verdict: No\n3. Verdict: Yes", 2 / 3),
        # A sub-question's answer before the statement's own verdict is a step of its reasoning.
        (
            "\n\n".join(
                f"Statement {number}: {statement}\n- Is the topic covered in the context? Yes.\n"
                f"- Does anything in the context contradict it? {answer}.\nVerdict: {verdict}"
                for number, statement, answer, verdict in (
                    (1, "A", "No", "Entailed"),
                    (2, "B", "Yes", "Not entailed"),
                    (3, "C", "No", "Entailed"),
                )
            ),
            2 / 3,
        ),
        # A tool's result beside the answer: its error field is the tool's.
        (
            "[FunctionExecutionResult(content='Opening hours: 9 am.', name='search', is_error=False)]\n"
            "1. Yes\n2. No\n3. Yes",
            2 / 3,
        ),
        # A question word inside a quoted statement asks nothing.
        (
            'Q1. Does the context support "The claim that the store opens late is false"?\n**yes**\n'
            'Q2. Does the context support "Refunds are possible"?\n**no**\n'
            'Q3. Does the context support "Filed in March"?\n**yes**',
            None,  # the gate's finding only: the reader reads no such answers
        ),
    ],
)
def test_negative_words_that_ask_nothing_leave_the_reading_alone(grader_output: str, value: float | None) -> None:
    assert asked_the_other_way(grader_output.lower(), fields_turned=True, columns_turned=False) is None
    if value is None:
        return
    result = score(grader_output)
    assert result.status is Status.SCORED and result.value == pytest.approx(value), result.reason


def _tool_use(number: int, supported: int) -> dict[str, object]:
    statement = STATEMENTS[number - 1]
    return {"id": f"toolu_{number}", "input": {"statement_number": number, "claim": statement, "supported": supported}}


def _anthropic_tool_uses() -> str:
    blocks: list[dict[str, object]] = [{"type": "text", "text": "I'll record a verdict for each statement."}]
    blocks += [{**_tool_use(n, s), "type": "tool_use", "name": "record_verdict"} for n, s in ((1, 0), (2, 1), (3, 1))]
    return json.dumps(blocks, indent=2)


def _openai_tool_calls() -> str:
    calls = [
        {"id": f"call_{n}", "type": "function", "function": {"name": "record_verdict", "arguments": json.dumps(
            {"statement_index": n, "is_supported": s}
        )}}
        for n, s in ((1, False), (2, True), (3, True))
    ]  # fmt: skip
    return json.dumps({"content": None, "role": "assistant", "tool_calls": calls}, indent=2)


@pytest.mark.parametrize("grader_output", [_anthropic_tool_uses(), _openai_tool_calls()])
def test_a_json_answer_read_in_part_is_no_number_while_verdict_fields_stand_unread(grader_output: str) -> None:
    """One tool call a statement: a reading of only the first, with the rest counted "no" by the
    fewer-verdicts policy, was 0.0 for a person's 0.67 (the arguments escaped in a string too)."""
    result = score(grader_output)
    assert result.status is Status.UNDETERMINED, result.reason
    assert "verdict fields stand in it unread" in result.reason


def test_a_json_answer_short_of_verdicts_with_none_left_unread_keeps_the_policy() -> None:
    """The grader judged two of three and said nothing of the third: that is its answer."""
    result = score(json.dumps({"statements": [{"statement": "a", "verdict": 1}, {"statement": "b", "verdict": 0}]}))
    assert result.status is Status.SCORED and result.value == pytest.approx(1 / 3), result.reason
