"""Tables are read by their header, however their cells are delimited: the column the header
names holds the verdicts, the header's own words are none, and a row that does not line up with
the header is no number (issue 33: a CSV block read as a list scored 0 of 2 as 0.5)."""

from __future__ import annotations

import pytest

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Status

STATEMENTS = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March, 2021."]


def score(grader_output: str, statements: list[str] = STATEMENTS) -> tuple[Status, float | None, str]:
    case = parse_case({"id": "c", "statements": statements, "grader_output": grader_output})
    result = get_scorer("ragas").score(case)
    return result.status, result.value, result.reason


@pytest.mark.parametrize(
    ("grader_output", "value"),
    [
        # tab-separated, the header's "is_supported" itself a verdict word
        ("statement_id\tis_supported\n1\t0\n2\t1\n3\t1", 2 / 3),
        ("statement_id\tis_supported\n1\t0\n2\t0\n3\t0\n\nFeel free to ask for more detail.", 0.0),
        # comma-separated, a statement holding a comma quoted, in a fence
        (
            "```\nindex,statement,supported\n1,The store opens at 9 am.,0\n2,Refunds are possible for sale items.,1\n"
            '3,"The claim was filed in March, 2021.",1\n```',
            2 / 3,
        ),
        # every cell quoted, a reason after the verdict
        (
            '"#"\t"claim"\t"label"\t"reason"\n"1"\t"The store opens at 9 am."\t"Not supported"\t"Nothing backs this."\n'
            '"2"\t"Refunds are possible for sale items."\t"Supported"\t"Stated."\n'
            '"3"\t"The claim was filed in March, 2021."\t"Supported"\t"Stated."',
            2 / 3,
        ),
        # semicolons, the verdict column first
        (
            "Verdict; Statement\nno; The store opens at 9 am.\nno; Refunds are possible.\nyes; The claim",
            1 / 3,
        ),
        # an unquoted comma in a statement, the verdict column last: still the last cell
        (
            "id,statement,supported\n1,The store opens.,0\n2,Refunds are possible.,0\n3,Filed in March, 2021.,1",
            1 / 3,
        ),
        # columns aligned by spaces, in a fence
        (
            "```\n#  Statement                              Supported\n1  The store opens at 9 am.               no\n"
            "2  Refunds are possible for sale items.   yes\n3  The claim was filed in March, 2021.    yes\n```",
            2 / 3,
        ),
        # an HTML table
        (
            "<table>\n<tr><th>Claim</th><th>Verdict</th></tr>\n<tr><td>The store opens at 9 am.</td><td>No</td></tr>\n"
            "<tr><td>Refunds are possible for sale items.</td><td>No</td></tr>\n"
            "<tr><td>The claim was filed in March, 2021.</td><td>Yes</td></tr>\n</table>",
            1 / 3,
        ),
        # a Markdown table, as before
        (
            "| # | Statement | Verdict |\n|---|---|---|\n| 1 | Opens | No |\n| 2 | Refunds | Yes |\n| 3 | Filed|Yes |",
            2 / 3,
        ),
    ],
)
def test_a_table_is_read_by_its_header(grader_output: str, value: float) -> None:
    status, read, reason = score(grader_output)
    assert status is Status.SCORED, reason
    assert read == pytest.approx(value)


def test_a_cell_that_says_the_grader_could_not_tell_is_no_verdict() -> None:
    _status, value, reason = score("statement_id\tis_supported\n1\t0\n2\tUnclear\n3\t1")
    assert value == pytest.approx(1 / 3)
    assert "1 without a usable verdict" in reason


def test_a_row_that_does_not_line_up_with_its_header_is_no_number() -> None:
    # The comma in statement 3 is not quoted and the verdict is not the last column: which cell
    # holds statement 3's verdict is a guess, and a guess is not a score.
    status, value, _reason = score(
        "id,statement,supported,reason\n1,The store opens at 9 am.,1,stated\n"
        "2,Refunds are possible.,1,stated\n3,Filed in March, 2021.,0,not in the context"
    )
    assert (status, value) == (Status.UNDETERMINED, None)


def test_two_spaces_between_sentences_are_no_table() -> None:
    # "...length.  Verdict: No." is a sentence and a marker, not a header naming a Verdict column.
    _status, value, reason = score(
        "1. The store opens at 9 am.\nExplanation: The context gives no hours.  Verdict: No.\n"
        "2. Refunds are possible for sale items.\nExplanation: Not stated.  Verdict: No.\n"
        "Final verdict for each statement in order: No. No.",
        STATEMENTS[:2],
    )
    assert value == 0.0, reason


def test_a_verdict_cell_in_words_the_reader_does_not_know_is_no_missing_verdict() -> None:
    # Read before: 1/3, "Checks out" counted as a missing verdict and so as unsupported.
    result = get_scorer("ragas").score(
        parse_case(
            {
                "id": "c",
                "statements": STATEMENTS,
                "grader_output": "| # | Statement | Verdict |\n|---|---|---|\n| 1 | Opens | Yes |\n"
                "| 2 | Refunds | Checks out |\n| 3 | Filed | No |",
            }
        )
    )
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING)
    assert "the verdict cell of row 2 holds words the reader does not know" in result.reason


@pytest.mark.parametrize("cell", ["", "-", "?", "Undecided"])
def test_an_empty_or_undecided_cell_is_a_statement_without_a_verdict(cell: str) -> None:
    # Guard: these held no verdict before too; now that a cell of unknown words is no longer
    # counted as missing, each must still be read as a place without a verdict.
    _status, value, reason = score(f"| # | Verdict |\n|---|---|\n| 1 | Yes |\n| 2 | {cell} |\n| 3 | Yes |")
    assert value == pytest.approx(2 / 3), reason
    assert "1 without a usable verdict" in reason


def test_a_rule_under_a_space_aligned_header_is_no_row() -> None:
    # Guard: the rule was read as a row without a verdict before, and only the count's excess set
    # it aside; with unread cells now making a table unclear, it must be no row at all.
    _status, value, reason = score(
        "Statement                      Verdict      Reason\n"
        "=============================  ===========  ==========\n"
        "The store opens at 9 am.       SUPPORTED    Stated.\n"
        "Refunds are possible.          UNSUPPORTED  Not stated.\n"
        "The claim was filed in 2021.   SUPPORTED    Stated.\n",
        STATEMENTS,
    )
    assert value == pytest.approx(2 / 3), reason


def test_a_row_that_ends_with_its_delimiter_keeps_its_last_cell() -> None:
    # Read before: 1/3, statement 2's verdict taken from the empty "cell" after its trailing comma.
    _status, value, reason = score(
        "INSERT INTO results (statement_id, statement, verdict) VALUES\n"
        "  (1, 'The store opens at 9 am.', 'not_supported'),\n"
        "  (2, 'Refunds are possible for sale items.', 'supported'),\n"
        "  (3, 'The claim was filed in 2021.', 'supported');\n"
    )
    assert value == pytest.approx(2 / 3), reason


@pytest.mark.parametrize("newline", ["\r", "\r\n"])
def test_carriage_returns_break_lines_and_never_raise(newline: str) -> None:
    # A Lambda log's message keeps its lines apart with bare carriage returns; the table's
    # reader raised (csv: "new-line character seen in unquoted field", blind heldout28).
    lines = ["2026-03-02T10:14:03Z INFO grader reply:", "Statement, Verdict", "1, Yes", "2, No", "3, Yes", "END 42"]
    status, value, reason = score(newline.join(lines))
    assert (status, value) == (Status.SCORED, pytest.approx(2 / 3)), reason
    assert "table" in reason
