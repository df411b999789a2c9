"""Statements that look like layout (heldout17, once measured): call 1 wrapped over lines, statements
holding a definition, a quotation opening with a field.

Each test names the behaviour and says what the case read before; the ones marked as guards
passed before too.
"""

from __future__ import annotations

import pytest

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Score, Status
from tests.scoring._reading import score

WRAPPED_CALL1 = (
    "Statements:\n"
    "1. The warranty covers parts and labour for 24 months\n"
    "   from the date of delivery.\n"
    "2. Step 1 is to unplug the unit;\n"
    "   step 2 is to remove the back panel.\n"
    "3. The server returns a 404 page when the page is missing.\n"
)
JOINED = [
    "1. The warranty covers parts and labour for 24 months from the date of delivery.",
    "2. Step 1 is to unplug the unit; step 2 is to remove the back panel.",
    "3. The server returns a 404 page when the page is missing.",
]


def score_call1(call1: str, grader_output: str) -> Score:
    case = parse_case({"id": "c", "statements_output": call1, "grader_output": grader_output})
    return get_scorer("ragas").score(case)


def ragas_json(statements: list[str], verdicts: list[int]) -> str:
    items = ", ".join(
        f'{{"statement": "{text.split(". ", 1)[1]}", "reason": "r", "verdict": {verdict}}}'
        for text, verdict in zip(statements, verdicts, strict=True)
    )
    return f'{{"statements": [{items}]}}'


def test_statements_wrapped_over_indented_lines_are_read_whole_where_the_verdicts_answer_them() -> None:
    # Read before: 0.4 (2 of 5 "statements" supported): each wrapped line counted as a statement,
    # the two the three verdicts did not reach counted unsupported.
    result = score_call1(WRAPPED_CALL1, ragas_json(JOINED, [0, 1, 1]))
    assert result.value == pytest.approx(2 / 3), result.reason
    assert [v.statement for v in result.verdicts] == JOINED


def test_wrapped_statements_judged_line_by_line_keep_their_lines() -> None:
    # Guard: a grader that judged each line (five verdicts for five lines) is read by the lines.
    output = "Final verdict for each statement in order: Yes. No. Yes. Yes. No."
    result = score_call1(WRAPPED_CALL1, output)
    assert result.value == pytest.approx(3 / 5), result.reason
    assert result.statement_count == 5


def test_wrapped_statements_answered_by_neither_count_are_undetermined() -> None:
    # Read before: 0.2 (1 of 5): four verdicts for three items or five lines, the rest counted
    # unsupported. A partial reading against either count is no number.
    output = "Final verdict for each statement in order: Yes. No. No. No."
    result = score_call1(WRAPPED_CALL1, output)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), result.reason
    assert "5 lines or as 3 statements wrapped over lines" in result.reason


def test_a_list_whose_lines_are_not_indented_is_read_line_by_line() -> None:
    # Guard: no indented line, no wrapping: every line is a statement, as the contract says.
    call1 = "1. The tower is 330 metres tall.\n2. It is in Paris.\n3. It opened in 1889."
    result = score_call1(call1, "Final verdict for each statement in order: Yes. No. Yes.")
    assert result.value == pytest.approx(2 / 3)


def test_a_definition_inside_an_echoed_statement_is_the_statement_s() -> None:
    # Read before: 0.33 with the second verdict lost and the rest shifted: "DEBUG=False" in the
    # echo was read as a legend's definition before the echo was blanked.
    statements = [
        "• `npm test -- --verbose` runs the tests with full output.",
        "• Set `DEBUG=False` in production.",
        "• The config file is at `/etc/nginx/nginx.conf`.",
    ]
    output = (
        "• `npm test -- --verbose` runs the tests with full output. => **yes**\n"
        "• Set `DEBUG=False` in production. => **yes**\n"
        "• The config file is at `/etc/nginx/nginx.conf`. => **no**"
    )
    result = score(output, statements)
    assert [v.verdict for v in result.verdicts] == [1, 1, 0], result.reason


def test_a_field_opening_a_quotation_is_no_marker() -> None:
    # Read before: 0.5, "Rating: FALSE." right after the opening quotation mark read as statement
    # 2's marker (only a key quoted itself, '"verdict":', stands right after one).
    statements = ["The exam is graded pass or fail.", "The fact-checkers rated the claim as false."]
    output = (
        f"**1. {statements[0]}**\n"
        'From the context: "The exam is graded Pass/Fail; no marks are given."\n'
        "Conclusion: ✓ SUPPORTED\n\n"
        f"**2. {statements[1]}**\n"
        'From the context: "Rating: FALSE. The claim does not match the record."\n'
        "Conclusion: ✓ SUPPORTED\n"
    )
    result = score(output, statements)
    assert result.value == pytest.approx(1.0), result.reason


def test_an_escaped_json_key_is_still_a_marker() -> None:
    # Guard (kept by the change above): '\"verdict\": 1' in a JSON string shown escaped.
    statements = ["The tower is 330 metres tall.", "It is in Paris."]
    output = (
        '"[{\\"statement\\": \\"The tower is 330 metres tall.\\", \\"verdict\\": 1}, '
        '{\\"statement\\": \\"It is in Paris.\\", \\"verdict\\": 0}]"'
    )
    result = score(output, statements)
    assert result.value == pytest.approx(0.5), result.reason
