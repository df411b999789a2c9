"""Several verdicts for one statement: votes, runs, jurors (issue 33; the blind heldout38 set's finding).

A reply that stores several judgements (samples and their majority, a panel of jurors and its
decision, runs and their aggregate) gives each statement several verdicts; read as one answer,
the first run's or juror's was taken (heldout38, held out, at first sight: 7.4 - 7.5% wrong
numbers). A JSON item's decision over its jurors' votes is read as its verdict; otherwise such a
reply is undetermined, naming where a statement was given two verdicts.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring import Cause, Status
from compat.scoring.reader.verdict_words import BUILT_IN
from compat.scoring.reader.votes import several_verdicts
from tests.scoring._reading import THREE as STATEMENTS
from tests.scoring._reading import score


@pytest.mark.parametrize(
    ("grader_output", "named"),
    [
        (
            "run 1/3 s1=no s2=yes s3=yes\nrun 2/3 s1=yes s2=yes s3=no\nrun 3/3 s1=yes s2=yes s3=no\n"
            "aggregate (majority of 3) s1=yes s2=yes s3=no",
            "s1=no … s1=yes",
        ),
        (
            "Rule: the majority of 3 runs.\nS1: Pass, Fail, Pass\nS2: Fail, Fail, Fail\nS3: Pass, Pass, Unknown",
            "s1: pass, fail, pass",
        ),
        (
            "S1: run 1: Not supported → run 2: Supported → run 3: Supported | final: Supported\n"
            "S2: run 1: Supported → run 2: Supported | final: Supported\n"
            "S3: run 1: Not supported → run 2: Not supported | final: Not supported",
            "s1: not supported, supported, supported, supported",
        ),
        (
            "| # | Run 1 | Run 2 | Run 3 |\n|---|---|---|---|\n| 1 | True | False | True |\n"
            "| 2 | True | True | True |\n| 3 | False | False | False |",
            "| 1 | true, false, true",
        ),
        (
            "Judge A: Statement 1 is supported. Statement 2 is not supported. Statement 3 is supported.\n"
            "Judge B: Statement 1 is not supported. Statement 2 is not supported. Statement 3 is supported.",
            "statement 1 is supported … statement 1 is not supported",
        ),
    ],
)
def test_a_reply_that_gives_a_statement_several_verdicts_is_undetermined(grader_output: str, named: str) -> None:
    # Undetermined, whichever check sees it first (two layouts read differently, or the votes).
    scored = score(grader_output)
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert scored.cause is Cause.UNCLEAR_READING
    assert several_verdicts(grader_output.lower(), BUILT_IN) == named


def test_votes_no_other_check_sees_are_named() -> None:
    # heldout38's adaptive sampling: each line read as one verdict (its first run's) without the guard.
    output = (
        "S1: run 1: Not supported → run 2: Supported → run 3: Supported | stopped | final: Supported\n"
        "S2: run 1: Supported → run 2: Supported | stopped | final: Supported\n"
        "S3: run 1: Not supported → run 2: Not supported | stopped | final: Not supported"
    )
    scored = score(output)
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert "several verdicts" in scored.reason


def test_json_answers_of_every_statement_that_differ_are_undetermined() -> None:
    runs = [["supported", "not supported", "supported"], ["not supported", "not supported", "supported"]]
    output = "\n".join(f"run {at}: verdicts={json.dumps(verdicts)}" for at, verdicts in enumerate(runs, 1))
    scored = score(output)
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert "2 answers of every statement that differ" in scored.reason


def test_a_jury_item_s_decision_is_its_verdict() -> None:
    item = {
        "votes": [
            {"judge": "a", "verdict": "fail"},
            {"judge": "b", "verdict": "pass"},
            {"judge": "c", "verdict": "pass"},
        ]
    }
    record = {
        "aggregation": "majority_vote",
        "statements": [
            {"id": 1, **item, "panel_verdict": "pass"},
            {"id": 2, **item, "panel_verdict": "fail"},
            {"id": 3, **item, "panel_verdict": "pass"},
        ],
    }
    scored = score(json.dumps(record))
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    "grader_output",
    [
        # One verdict a statement, explained: no votes.
        "S1: Yes - supported by the context.\nS2: No\nS3: Yes",
        # The same verdict said twice of a statement (a summary repeating the list).
        "Statement 1: Yes\nStatement 2: No\nStatement 3: Yes\n\nSummary: statement 1: yes, statement 2: no.",
    ],
)
def test_one_verdict_a_statement_is_read(grader_output: str) -> None:
    scored = score(grader_output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


def test_several_verdicts_is_none_where_none_stands_twice() -> None:
    assert several_verdicts("s1: yes\ns2: no\n1. yes, supported by the context", BUILT_IN) is None


def test_rounds_before_the_deciding_section_are_set_aside() -> None:
    output = (
        "Round 1 votes:\nS1: Pass, Fail, Fail\nS2: Pass, Pass, Fail\nS3: Fail, Fail, Fail\n"
        "Jury verdict (majority of round 1, final):\nS1: Fail\nS2: Pass\nS3: Fail"
    )
    assert several_verdicts(output.lower(), BUILT_IN) is None
    # Before the deciding section, the same votes are votes.
    assert several_verdicts(output.lower().split("jury verdict")[0], BUILT_IN) == "s1: pass, fail, fail"


def test_a_revised_section_is_the_answer() -> None:
    output = (
        "Initial assessment\nStatement 1: Fail. Not mentioned.\nStatement 2: Fail. Not mentioned.\n"
        "Statement 3: Pass.\nRevised assessment after re-reading the context\nStatement 1: Pass - revised\n"
        "Statement 2: Fail\nStatement 3: Pass"
    )
    assert several_verdicts(output.lower(), BUILT_IN) is None


def test_a_table_read_by_its_final_column_is_read() -> None:
    output = (
        "| # | judge a | judge b | judge c | Final |\n|---|---|---|---|---|\n| 1 | yes | no | yes | **yes** |\n"
        "| 2 | no | no | yes | **no** |\n| 3 | yes | yes | yes | **yes** |"
    )
    scored = score(output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


def test_tool_results_that_give_no_verdict_are_no_second_answer() -> None:
    results = "\n".join(
        f"TOOL RESULT {json.dumps({'statement_id': at, 'statement': text})}" for at, text in enumerate(STATEMENTS, 1)
    )
    answer = json.dumps(
        {"verdicts": [{"statement": at, "verdict": v} for at, v in ((1, "Yes"), (2, "No"), (3, "Yes"))]}
    )
    scored = score(f"{results}\nASSISTANT (final)\n{answer}")
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


def test_a_sheets_row_of_verdict_cells_that_differ_is_undetermined() -> None:
    # A sheet's answer column beside its checkbox columns: which cell is the verdict is not read.
    output = "#,Statement,GPT response,In context,Not in context,Unclear\n"
    output += "stmt_01,The store opens at 9 am.,entailed,TRUE,FALSE,FALSE\n"
    output += "stmt_02,Refunds are possible for sale items.,entailed,TRUE,FALSE,FALSE\n"
    output += "stmt_03,The claim was filed in March.,not entailed,FALSE,TRUE,FALSE"
    scored = score(output)
    assert scored.status is Status.UNDETERMINED, scored.reason
    assert scored.cause is Cause.UNCLEAR_READING


@pytest.mark.parametrize("grader_output", ["yes,no,yes", "Verdicts: yes, no, yes", "1,yes\n2,no\n3,yes"])
def test_an_answers_own_comma_list_is_no_row_of_votes(grader_output: str) -> None:
    scored = score(grader_output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


def test_an_answers_own_comma_list_of_four_is_no_row_of_votes() -> None:
    scored = score("yes,no,yes,no", [*STATEMENTS, "Prices include VAT."])
    assert (scored.status, scored.value) == (Status.SCORED, 0.5), scored.reason
