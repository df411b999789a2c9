"""Agentic graders' traces (heldout18, once measured): what the tools returned judges nothing; the
submission the agent's tool took, or its last message, is the answer.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import json

import pytest

from tests.scoring._reading import score

TWO = ["The antigen test came back negative.", "Remote work is allowed two days a week."]


def test_a_verdict_written_as_an_enum_s_name_is_read() -> None:
    # Read before: 0.0 with both items invalid ("not_entailed" is no word of the vocabulary) and
    # counted unsupported.
    output = json.dumps(
        {"verdicts": [{"statement": 1, "verdict": "not_entailed"}, {"statement": 2, "verdict": "ENTAILED"}]}
    )
    result = score(output, TWO)
    assert result.value == pytest.approx(0.5), result.reason
    assert [v.verdict for v in result.verdicts] == [0, 1]


def test_the_submission_the_tool_took_is_the_answer_not_the_one_it_rejected() -> None:
    # Read before: 0.0, the rejected submission (one verdict short) read and the missing one counted
    # unsupported.
    first = {"verdicts": [{"statement": 1, "verdict": "supported"}]}
    second = {"verdicts": [{"statement": 1, "verdict": "supported"}, {"statement": 2, "verdict": "supported"}]}
    output = (
        f"[tool] submit_verdicts {json.dumps(first)} -> ERROR expected 2 verdicts (one per statement), got 1\n"
        "[agent] The submission was rejected; resubmitting with a verdict for every statement.\n"
        f"[tool] submit_verdicts {json.dumps(second)} -> OK\n"
    )
    result = score(output, TWO)
    assert result.value == pytest.approx(1.0), result.reason


def test_a_field_inside_a_tool_s_json_string_is_no_marker() -> None:
    # Read before: 0.0, "RATING: FALSE." inside the tool's escaped JSON string read as a marker (the
    # escaped quotation marks were counted as opening and closing).
    statements = ["Fact-checkers rated the viral flood photo as false."]
    output = (
        '[tool_return] {"status": "OK", "message": "Showing 1 of 1 results (page 0/0): [\\"memory: RATING: FALSE. '
        'The photo was taken in 2012.\\"]"}\n'
        "[reasoning] I have checked every statement; sending the verdicts to the user.\n"
        "[assistant] Results:\n1. *SUPPORTED*\n"
    )
    result = score(output, statements)
    assert result.value == pytest.approx(1.0), result.reason


def test_a_number_a_tool_argument_holds_is_no_verdict() -> None:
    # Read before: 0.0, the '"page": 0' of each search read as a run of verdicts, one a statement.
    output = "".join(
        f"[reasoning] Now I'll look up statement {k}.\n"
        f'[tool_call] archival_memory_search({{"query": "statement {k}", "page": 0}})\n'
        f'[tool_return] {{"status": "OK", "message": "No results found."}}\n'
        for k in (1, 2)
    )
    result = score(output, TWO)
    assert result.value is None, result.reason
