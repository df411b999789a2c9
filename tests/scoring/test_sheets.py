"""Verdicts that passed through spreadsheets and no-code tools (blind heldout25, held out for a
session, then read): a sheet's formulas are code, not verdicts; a checkbox property answers the
verdict word it names.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import pytest

from compat.scoring import Cause, Status
from compat.scoring.reader.formulas import blank_formulas
from tests.scoring._reading import score

THREE = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]
ONE = THREE[:1]


def test_a_sheets_formulas_are_no_verdicts() -> None:
    # Read before: each row's formula `"PASS",1,0` read beside its verdict (0.33 for 0.0; 11% of
    # the blind layout scored too high).
    rows = [(THREE[0], "fail"), (THREE[1], "fail"), (THREE[2], "insufficient information")]
    output = "Fact\tVerdict\tCheck\n" + "".join(
        f'{fact}\t{verdict}\t=IF(UPPER(TRIM(B{row}))="PASS",1,0)\n' for row, (fact, verdict) in enumerate(rows, 2)
    )
    output += '\t\t\nCount\t\t=COUNTIF(B2:B4,"pass")'
    result = score(output, THREE)
    assert result.value == 0.0, result.reason


@pytest.mark.parametrize(
    "text",
    ["yes = supported (the context states it)", "Verdict: yes (=1)", "1. supported =>(see above)"],
)
def test_a_definition_is_no_formula(text: str) -> None:
    # Guard: a formula starts a cell with "=" and a function's name right before its "(".
    assert blank_formulas(text.lower()) == text.lower()


@pytest.mark.parametrize(
    ("properties", "value"),
    [
        ("Supported: ☐\nUnclear: ☐", 0.0),  # read before: 1.0, the field's name read as its verdict
        ("Supported: [ ]", 0.0),
        ("Supported: ☑\nUnclear: ☐", 1.0),
    ],
)
def test_a_checkbox_property_answers_the_word_it_names(properties: str, value: float) -> None:
    output = f"Name: {ONE[0]}\n{properties}\nCreated time: September 15, 2024 7:40 PM\nTags: eval"
    assert score(output, ONE).value == value


def test_an_undecided_box_ticked_is_no_verdict() -> None:
    result = score(f"Name: {ONE[0]}\nSupported: ☐\nUnclear: ☑", ONE)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.NO_VERDICTS), result.reason


def test_a_box_under_another_name_is_not_this_statements_verdict() -> None:
    # Guard: "Tags: ☐" names no verdict; the verdict stands beside it.
    assert score(f"Name: {ONE[0]}\nReviewed: ☐\nSupported: yes", ONE).value == 1.0
