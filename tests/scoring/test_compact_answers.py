"""Compact and machine-shaped answers (reader 6; docs/scoring.md, "what the prompt variants taught").

Found on the twelfth blind set (heldout12: bit strings, ranges, language reprs, YAML, index sets)
once its first-sight figure was taken: a hyphenated label, a -1 code, verdicts given for runs of
statements, a field whose value is wrapped or a set, a count of the statements alone on a line, a
JSON answer beside a count that disagrees. Each test names the behaviour; the ones marked as
guards passed before too.
"""

from __future__ import annotations

import pytest

from compat.scoring.reader.items import read_item
from compat.scoring.reader.verdict_words import BUILT_IN
from tests.scoring._reading import assert_unclear, score

STATEMENTS = [f"Statement number {index} of the answer." for index in range(1, 10)]


@pytest.mark.parametrize(
    ("item", "value"),
    [("not-supported", 0), (":not-entailed)", 0), ("NOT-SUPPORTED", 0), ("supported", 1), ("not supported", 0)],
)
def test_a_hyphenated_negation_is_read_as_one(item: str, value: int) -> None:
    # Read before: 1 for the first three ("supported" inside "not-supported"); the last two are guards.
    read = read_item(item.lower(), BUILT_IN)
    assert read is not None and read.value == value


@pytest.mark.parametrize("item", ["non-supported", "un-supported", "well-supported"])
def test_a_verdict_word_glued_to_another_by_a_hyphen_is_none(item: str) -> None:
    # Read before: 1 each time.
    assert read_item(item, BUILT_IN) is None


def test_lisp_records_with_hyphenated_labels_are_read() -> None:
    # Read before: 1.0, every ":not-supported" read as "supported".
    output = "```lisp\n(:statement 1 :verdict :not-supported)\n(:statement 2 :verdict :supported)\n```\n"
    assert score(output, STATEMENTS[:2]).value == pytest.approx(0.5)


def test_minus_one_is_no_one() -> None:
    # Read before: 2/3, "-1" (the grader's "cannot tell") read as a 1. Now no verdict, which the
    # mismatch policy counts unsupported.
    output = (
        "```\ns1     0\ns2     1\ns3    -1\nName: verdict, dtype: int64\n```\n\n"
        "1 = supported, 0 = not, -1 = cannot tell.\n"
    )
    result = score(output, STATEMENTS[:3])
    assert result.value == pytest.approx(1 / 3)
    assert "1 without a usable verdict" in result.reason


@pytest.mark.parametrize(
    ("output", "count", "value"),
    [
        ("Verdicts by range (statements 1 to 2):\n1–2 → Entailed\n", 2, 1.0),
        ("S1=N S2-S3=Y\n(Y = supported, N = not supported)\n", 3, 2 / 3),
        ("1..3: NOT SUPPORTED, 4..6: SUPPORTED, 7: NOT SUPPORTED, 8: SUPPORTED, 9: CONTRADICTED\n", 9, 4 / 9),
    ],
)
def test_verdicts_for_runs_of_statements_are_read_for_each(output: str, count: int, value: float) -> None:
    # Read before: the run read as one statement's verdict, the rest counted unsupported.
    assert score(output, STATEMENTS[:count]).value == pytest.approx(value)


def test_runs_that_do_not_name_every_statement_once_are_no_reading_of_runs() -> None:
    # Guard: statements 1 to 3 and 3 to 4 overlap: no reading by runs.
    result = score("1-3: supported\n3-4: not supported\n", STATEMENTS[:4])
    assert result.value is None or result.value != pytest.approx(0.75)


def test_a_wrapped_field_value_answers_its_field() -> None:
    # Read before: 1.0, "supported: Some(false)" and "supported: None" read as "supported".
    output = (
        "[Claim { id: 1, supported: Some(false) }, Claim { id: 2, supported: None }, "
        "Claim { id: 3, supported: Some(false) }]\n"
    )
    result = score(output, STATEMENTS[:3])
    assert result.value == pytest.approx(0.0)
    assert "1 without a usable verdict" in result.reason


def test_a_field_listing_statements_and_a_count_line_are_no_verdicts() -> None:
    # Read before: 1.0, "N = 1" read as a verdict of 1 and "Supported = ∅" as "supported".
    output = "Here are my verdicts:\nN = 1\nSupported = ∅\nAll other statements in 1..N are not supported.\n"
    assert score(output, STATEMENTS[:1]).value is None


def test_a_json_answer_whose_count_the_grader_states_otherwise_is_unclear() -> None:
    # Read before: 4/9, an unquoted "Can't tell" breaking the list, the grader's count unheeded.
    output = (
        '```yml\n{n_statements: 9, verdicts: ["False", "True", "True", "True", "True", "False", Can\'t tell, '
        '"True", Maybe]}\n```\nIn total, 5 out of 9 statements are supported.\n'
    )
    assert_unclear(score(output, STATEMENTS), "the grader counts 5 of 9")


def test_a_json_answer_whose_count_agrees_is_read() -> None:
    # Guard: the count agrees with the JSON.
    output = '```json\n{"verdicts": ["True", "False", "True"]}\n```\nIn total, 2 out of 3 statements are supported.\n'
    assert score(output, STATEMENTS[:3]).value == pytest.approx(2 / 3)


# Reader 7: a printed table's header and a statement's number in a house style (heldout10, read).


def test_a_printed_table_s_header_names_its_column_it_judges_nothing() -> None:
    # Read before: 0.33 for 0.0, the header's "supported" read as statement 1's verdict and the
    # last row's None lost. Now the header judges nothing; the None row beside the legend is read
    # as no verdict, or the reading is left undetermined (the prose reads "None" as words it does
    # not know): either way no number above the person's.
    statements = [
        "The policy covers flood damage.",
        "The library is closed on public holidays.",
        "The hotel does not allow pets.",
    ]
    output = (
        "                                   statement  supported\n"
        "0            The policy covers flood damage.      False\n"
        "1  The library is closed on public holidays.      False\n"
        "2             The hotel does not allow pets.       None\n\n"
        "(supported: True = supported by the context, False = not supported, None = cannot tell)"
    )
    result = score(output, statements)
    assert result.value is None or result.value == pytest.approx(0.0), result.reason


def test_a_number_in_brackets_before_an_echo_numbers_the_statement() -> None:
    # Read before: 1.0, the "1" of "[1 (" read as a numeric verdict beside "not backed".
    statements = ["The correct dosage for adults is 200 mg."]
    output = '[1 ("The correct dosage for adults is 200 mg")] not backed by the source'
    result = score(output, statements)
    assert result.value == pytest.approx(0.0), result.reason
