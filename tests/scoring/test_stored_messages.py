"""Reasoning models' replies stored whole (heldout16, once measured): the answer is read, the
reasoning set aside as a ``<think>`` draft is.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring import ScoreWarning
from tests.scoring._reading import score

FOUR = [
    "Refunds are not possible for sale items.",
    "The warranty lasts 2 years from the date of purchase.",
    "The store opens at 9 am on weekdays.",
    "The claim was filed on 3 March 2023.",
]
REASONING = (
    "Statement 1: at first I'd say yes. Wait, actually the figure differs. So no.\n\n"
    "Statement 2: the context says this directly. Supported.\n\n"
    "Statement 3: supported... no wait, not supported.\n\n"
    "Statement 4: I don't see this anywhere. Not supported."
)
TABLE = "| # | Statement | Verdict |\n|---|---|---|\n" + "".join(
    f"| {i} | {s} | {v} |\n" for i, (s, v) in enumerate(zip(FOUR, ["false", "true", "false", "true"], strict=True), 1)
)


def test_a_message_with_reasoning_content_is_read_by_its_content() -> None:
    # Read before: 0.5 by chance, the reasoning's revised words read beside the table's and no
    # word that a reasoning was set aside (on heldout16 such outputs read 0.57 for 0.43).
    output = json.dumps({"role": "assistant", "reasoning_content": REASONING, "content": TABLE}, indent=2)
    result = score(output, FOUR)
    assert result.value == pytest.approx(0.5), result.reason
    assert ScoreWarning.REASONING_IGNORED in result.warnings


def test_a_choice_of_a_chat_completion_is_read_by_its_message() -> None:
    # Read before: 0.5, with no word that the reasoning was set aside.
    choice = {"index": 0, "message": {"role": "assistant", "reasoning": REASONING, "content": TABLE}}
    result = score(json.dumps({"choices": [choice]}), FOUR)
    assert result.value == pytest.approx(0.5), result.reason
    assert ScoreWarning.REASONING_IGNORED in result.warnings


def test_content_blocks_shown_as_a_python_repr_are_read_by_their_text_block() -> None:
    # Read before: 0.5, the thinking read beside the text block and no word that it was set aside
    # (on heldout16 such outputs read undetermined, or 0.5 for 0.25).
    blocks = [
        {"signature": "Er2x==", "thinking": REASONING, "type": "thinking"},
        {"citations": None, "text": "Verdicts:\n1. NO\n2. YES\n3. NO\n4. YES", "type": "text"},
    ]
    result = score(repr(blocks), FOUR)
    assert result.value == pytest.approx(0.5), result.reason
    assert ScoreWarning.REASONING_IGNORED in result.warnings


FIVE = [
    "Ibuprofen is a nonsteroidal anti-inflammatory drug.",
    "The company was founded in 1998 in Seattle.",
    "The Eiffel Tower is 330 metres tall.",
    "Marie Curie won two Nobel Prizes.",
    "The first Super Bowl was held on January 15, 1967.",
]
ANALYSIS = (
    "The user wants verdicts for 5 statements based on the context. Let's check each. "
    + "".join(
        f"Next, statement {i}: {s} {said}. "
        for i, (s, said) in enumerate(
            zip(
                FIVE,
                [
                    "The context says this directly. So statement 1 is supported",
                    "Nothing in the context covers this. So statement 2 is not supported",
                    "The context says something different here. So statement 3 is not supported",
                    "Hmm, I was about to say no, but hold on. The context does say this further down. So it's yes",
                    "It is not enough to decide. So I can't determine statement 5 either way",
                ],
                strict=True,
            ),
            1,
        )
    )
    + "Alright, I think I'm confident now. Time to write it up."
)
FINAL = (
    "2 of 5 statements are supported by the context.\n\nStatement 1: correct\nStatement 2: incorrect\n"
    "Statement 3: incorrect\nStatement 4: correct\nStatement 5: not sure"
)


@pytest.mark.parametrize(
    ("opening", "closing", "end"),
    [
        ("<|channel|>analysis<|message|>", "<|end|><|start|>assistant<|channel|>final<|message|>", "<|end|>"),
        ("analysis", "assistantfinal", ""),
    ],
    ids=["raw", "tokens_stripped"],
)
def test_harmony_s_final_channel_is_the_answer(opening: str, closing: str, end: str) -> None:
    # Read before: 0.2 (raw), the analysis channel's "Hmm, I was about to say no" read as
    # statement 4's sentence, the lower of its two readings; 0.4 (stripped) by a partial reading.
    result = score(f"{opening}{ANALYSIS}{closing}{FINAL}{end}", FIVE)
    assert result.value == pytest.approx(0.4), result.reason
    assert ScoreWarning.REASONING_IGNORED in result.warnings


def test_a_verdict_document_with_a_reasoning_field_is_read_as_verdicts() -> None:
    # Guard: a mapping with no message in it is the grader's verdict document.
    items = [{"statement": s, "reasoning": "r", "verdict": v} for s, v in zip(FOUR, [0, 1, 0, 1], strict=True)]
    result = score(json.dumps({"reasoning": "checked each", "statements": items}), FOUR)
    assert result.value == pytest.approx(0.5), result.reason
