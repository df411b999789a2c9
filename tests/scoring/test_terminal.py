"""What a terminal displayed (blind heldout32, measured first): colour codes, overstrikes, NUL
padding and box-drawn tables are how a screen drew the reply; the reply is what it showed.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import pytest

from compat.scoring.reader.terminal import displayed
from tests.scoring._reading import score

THREE = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]
VERDICTS = ("Supported", "Not supported", "Supported")


@pytest.mark.parametrize(
    ("escape", "reset"),
    [("\x1b[32m", "\x1b[0m"), ("^[[1;32m", "^[[0m"), ("␛[31m", "␛[0m"), ("[32m", "[0m")],
)
def test_colour_codes_around_verdicts_are_not_read(escape: str, reset: str) -> None:
    # Read before: undetermined (99% of heldout32's coloured layout).
    output = "\n".join(
        f"{index}. {statement} {escape}{verdict}{reset}"
        for index, (statement, verdict) in enumerate(zip(THREE, VERDICTS, strict=True), 1)
    )
    assert score(output, THREE).value == pytest.approx(2 / 3)


def test_a_box_drawn_table_with_wrapped_cells_is_read_by_its_header() -> None:
    # Read before: undetermined (96% of heldout32's rich tables): the box's lines were no table's,
    # and a wrapped cell's lines are the row above's, not rows without a verdict.
    statements = ["The store opens at 9 am on weekdays and closes at 6 pm on Saturdays.", *THREE[1:]]
    output = """┏━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ # ┃ Statement                     ┃ Verdict       ┃
┡━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ 1 │ The store opens at 9 am on    │ Supported     │
│   │ weekdays and closes at 6 pm   │               │
│   │ on Saturdays.                 │               │
│ 2 │ Refunds are possible for sale │ Not supported │
│   │ items.                        │               │
│ 3 │ The claim was filed in March. │ Supported     │
└───┴───────────────────────────────┴───────────────┘"""
    result = score(output, statements)
    assert result.value == pytest.approx(2 / 3), result.reason
    assert "table" in result.reason


def test_overstruck_words_are_the_characters_drawn() -> None:
    bold = "".join(f"{character}\b{character}" for character in "Verdict")
    underlined = "".join(f"_\b{character}" for character in "Not supported")
    output = f"{bold}: Supported.\n{bold}: {underlined}.\n{bold}: Supported."
    assert score(output, THREE).value == pytest.approx(2 / 3)


def test_a_utf16_file_read_a_byte_a_character_is_its_text() -> None:
    text = "Final verdict for each statement in order: Yes. No. Yes."
    output = "ÿþ" + "".join(f"{character}\x00" for character in text)
    assert score(output, THREE).value == pytest.approx(2 / 3)


@pytest.mark.parametrize("text", ["1. Yes [1]\n2. No [2]", "Verdict: yes — see [3] and [12]", "a | b | c"])
def test_text_without_a_terminals_codes_is_left_as_it_is(text: str) -> None:
    # Guard: citations, dashes and pipes are the reply's own.
    assert displayed(text) == text
