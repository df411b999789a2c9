"""Reasoning drafts (<think>...</think>) are removed before any verdict is read."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from compat.scoring.reader.prepare import strip_reasoning

_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)


def reference(text: str) -> tuple[str, bool]:
    """The rule in its plainest form: one tag at a time, left to right."""
    kept: list[str] = []
    pos = 0
    inside = removed = False
    for tag in _TAG.finditer(text):
        closing = bool(tag.group(1))
        if not closing and not inside:
            kept.append(text[pos : tag.start()])
            inside = removed = True
        elif closing and inside:
            inside = False
            pos = tag.end()
        elif closing:
            kept.clear()  # a closing tag alone: everything before it was the draft
            pos = tag.end()
            removed = True
    if not removed:
        return text, False
    if not inside:
        kept.append(text[pos:])
    return "".join(kept), True


PIECES = st.sampled_from(
    [
        "<think>",
        "</think>",
        "<THINK>",
        "</Thinking>",
        "<reasoning>",
        "</reasoning>",
        "<thinking>",
        "Yes. ",
        "No. ",
        "<",
        "x",
    ]
)


@given(st.lists(PIECES, max_size=12).map("".join))
@example("<think><think>a</think>b</think>c")
@example("x<think>a</reasoning>b")
@example("a</think>b<think>c")
@example("<THINK>draft</think>answer</think>final")
def test_strip_reasoning_follows_the_one_tag_at_a_time_rule(text: str) -> None:
    assert strip_reasoning(text) == reference(text)


def test_an_unclosed_draft_runs_to_the_end() -> None:
    assert strip_reasoning("Verdict: No <think> Verdict: Yes") == ("Verdict: No ", True)


def test_a_lone_closing_tag_ends_a_draft_that_began_with_the_text() -> None:
    assert strip_reasoning("Verdict: Yes </think> Verdict: No") == (" Verdict: No", True)


def test_text_without_tags_is_returned_as_is() -> None:
    assert strip_reasoning("a < b, Verdict: Yes") == ("a < b, Verdict: Yes", False)
