"""A second reading the grader wrote checks the first (issue 33, points 2 and 3; found on the
held-out sets once they were read as development sets): the grader's own count of supported
statements, the scale its numbers are points of, the legend that defines its marks, the
sentence that judges other statements too. Where the check disagrees the case is undetermined
(``unclear_reading``), never the number one reading alone would give; where the legend is
read, the marks are read by it."""

from __future__ import annotations

import pytest

from compat.scoring import Cause, Status
from compat.scoring.reader.prose import read_prose
from compat.scoring.reader.tally import Tally, stated_tally
from tests.scoring._reading import assert_unclear, score

TWO = ["The hotel does not allow pets.", "The store opens at 9 am on weekdays."]
FOUR = [
    "The store opens at 9 am on weekdays.",
    "The library is closed on public holidays.",
    "Albert Einstein was born in Germany.",
    "Refunds are not possible for sale items.",
]


# ------------------------------------------------------------------ the grader's count


@pytest.mark.parametrize(
    ("text", "tally"),
    [
        ("In total, 0 out of 2 statements are supported.", Tally(0, 2)),
        ("Summary: 3/4 supported.", Tally(3, 4)),
        ("Overall, 1 of the 3 statements can be verified from the context.", Tally(1, 3)),
        ("All 5 claims are supported.", Tally(5, 5)),
        ("None of the 3 statements are supported.", Tally(0, 3)),
        ("1 of 3 statements is not supported.", Tally(2, 3)),
        ("Two of four statements are unsupported.", Tally(2, 4)),
        ("Statement 2 of 4 is supported.", None),  # an index, not a count
        ("2 of 3 supported at first; on reflection 1 of 3 supported.", None),  # two counts: no check
        ("The context supports it.", None),
    ],
)
def test_the_grader_s_count_is_read(text: str, tally: Tally | None) -> None:
    assert stated_tally(text.lower()) == tally


def test_a_reading_the_grader_s_count_contradicts_is_undetermined() -> None:
    # The grader wrote two yeses and counts one: a person trusts neither, and neither does the reader.
    result = score("1. Yes\n2. Yes\n\nIn total, 1 out of 2 statements are supported.", TWO)
    assert_unclear(result, "the grader counts 1 of 2")


def test_a_reading_the_grader_s_count_confirms_stands() -> None:
    result = score("1. Yes\n2. No\n\nIn total, 1 out of 2 statements are supported.", TWO)
    assert result.value == pytest.approx(0.5), result.reason


# ------------------------------------------------------------------ numbers on a scale


def test_ones_and_zeros_on_a_scale_are_no_verdicts() -> None:
    grader_output = (
        "Statement 1: 1\nStatement 2: 0\nStatement 3: 1\nStatement 4: 1\n\n"
        "Scale: 1 = not supported at all, 2 = mostly not supported, 3 = cannot tell, 4 = mostly supported, "
        "5 = fully supported."
    )
    assert_unclear(score(grader_output, FOUR), "scale")


def test_ones_and_zeros_beside_points_of_a_scale_are_no_verdicts() -> None:
    # Statements 3 and 4 are rated 4 and 5: the 1s of statements 1 and 2 are points too, and the units
    # the grader numbers were read two of four (reader 13 names that first).
    assert_unclear(score("Statement 1: 1\nStatement 2: 1\nStatement 3: 4\nStatement 4: 5", FOUR), "numbers or names 4")


def test_ones_and_zeros_without_a_scale_are_verdicts() -> None:
    result = score("Statement 1: 1\nStatement 2: 0\nStatement 3: 1\nStatement 4: 1", FOUR)
    assert result.value == pytest.approx(0.75), result.reason


def test_a_row_s_number_before_its_statement_is_no_verdict() -> None:
    table = (
        "<table>\n  <thead>\n    <tr><th>No.</th><th>Statement</th><th>Result</th></tr>\n  </thead>\n  <tbody>\n"
        f"    <tr><td>1</td><td>{TWO[0]}</td><td>Incorrect</td></tr>\n  </tbody>\n</table>"
    )
    result = score(table, TWO[:1])
    assert result.value in (0.0, None), result.reason  # the row's number 1 is no yes


# ------------------------------------------------------------------ legends


def test_markdown_emphasis_around_a_tag_is_no_mark_of_its_own() -> None:
    result = score(
        f"1. {TWO[0]} **[Supported]**\n2. {TWO[1]} **[Supported]**\n\n"
        "Tags: **[Supported]** = supported by the context, **[Not supported]** = not supported.",
        TWO,
    )
    assert result.value == 1.0, result.reason


def test_a_legend_of_long_tags_is_no_verdict() -> None:
    result = score(
        f"Annotated answer:\n\n{TWO[0]} 【unsupported】\n\n"
        "Tags: 【supported】 = supported by the context, 【unsupported】 = not supported.",
        TWO[:1],
    )
    assert result.value == 0.0, result.reason


def test_marks_defined_in_parentheses_are_read_by_their_legend() -> None:
    result = score(f"(+ supported, - not supported)\n\n```\n+ {TWO[0]}\n+ {TWO[1]}\n```", TWO)
    assert result.value == 1.0, result.reason


def test_a_legend_headed_by_a_dash_defines_every_mark() -> None:
    result = score("In order: 🔴, 🟢\n\nKey — 🟢 = supported by the context, 🔴 = not supported.", TWO)
    assert result.value == 0.5, result.reason


def test_a_mark_s_meaning_holds_no_other_definition() -> None:
    # "🔴🟡" is two marks drawn together, not a third the legend defines as "(🟢 = supported".
    result = score("In order: 🔴🟡  (🟢 = supported by the context, 🔴 = not supported, 🟡 = cannot tell)", TWO)
    assert result.value in (0.0, None), result.reason  # a person: not supported, cannot tell


def test_a_field_s_name_before_a_bracketed_value_is_no_verdict() -> None:
    result = score("```py\nsupported = (False, None)\n```", TWO)
    assert result.value != 0.5, result.reason  # "supported" names the tuple; it says nothing of statement 1


# ------------------------------------------------------------------ sentences about several statements


@pytest.mark.parametrize(
    ("grader_output", "value"),
    [
        # Every statement named (reader 11): read of each of them, as a person reads it.
        ("All statements apart from statement 3 are supported by the context.", 0.75),
        ("All statements are supported by the context except statement 3.", 0.75),
        # Two of four named: no verdict of one, nor of the others.
        ("The first and second statements are supported by the context.", None),
    ],
)
def test_a_sentence_about_several_statements_is_no_verdict_of_one(grader_output: str, value: float | None) -> None:
    result = score(grader_output, FOUR)
    assert result.value == value, result.reason
    assert (result.status is Status.UNDETERMINED) is (value is None), result.reason


def test_a_sentence_that_says_supported_and_unsupported_is_no_verdict() -> None:
    result = score(f'{{"supported_statements": [], "unsupported_statements": ["{FOUR[3]}"]}}', FOUR[3:])
    assert result.value != 1.0, result.reason
    assert result.value in (0.0, None), result.reason


def test_a_lead_in_about_each_statement_does_not_hide_the_sentence_after_it() -> None:
    result = score("Taking each statement in turn: Statement 1 is supported by the context.", TWO[:1])
    assert result.value == 1.0, result.reason


# ------------------------------------------------------------------ a short reading is a question


def test_a_sentence_about_one_statement_in_words_not_read_leaves_no_gap_to_count_as_no() -> None:
    result = score(
        "Statement 2 is not supported by the context.\nStatement 3 is supported.\n"
        "Statement 1 checks out against the context.",
        FOUR[:3],
    )
    assert_unclear(result, "statement 1", "words not read")


def test_items_that_judge_in_words_not_read_are_no_missing_verdicts() -> None:
    result = score(
        "Here is my assessment, statement by statement:\n1. No, the context does not say this.\n"
        "2. The context does not support this statement.\n3. The context confirms this.\n"
        "4. This statement is directly backed by the context.",
        FOUR,
    )
    assert_unclear(result, "judges outside it")


def test_a_short_reading_with_nothing_left_unread_is_a_finding_about_the_grader() -> None:
    result = score("1. No\n2. Yes\n\nThat is all I can say.", FOUR[:3])
    assert result.value == pytest.approx(1 / 3), result.reason  # statement 3: no verdict, counted unsupported


# ------------------------------------------------------------------ fields, questions and hedges


def test_json_lines_with_an_id_and_a_verdict_field_are_read_by_the_field() -> None:
    result = score(
        f'{{"statement_id": 1, "text": "{TWO[0]}", "entailment": "not_entailed"}}\n'
        f'{{"statement_id": 2, "text": "{TWO[1]}", "entailment": "entailed"}}',
        TWO,
    )
    assert result.value == 0.5, result.reason  # the id 1 is no yes, the key "entailment" no verdict


def test_a_question_used_as_a_label_is_no_verdict() -> None:
    result = score(
        f"1. {TWO[0]}\n   - Evidence: The context contradicts this.\n   - **Supported by context?:** No\n"
        f"2. {TWO[1]}\n   - Evidence: The context says exactly this.\n   - **Supported by context?:** Yes",
        TWO,
    )
    assert result.value == 0.5, result.reason


def test_a_field_s_name_in_a_cell_is_no_verdict() -> None:
    result = score(
        "**Statement 1** | Supported: **no** | Evidence: no mention of this.\n"
        "**Statement 2** | Supported: **yes** | Evidence: stated directly.",
        TWO,
    )
    assert result.value == 0.5, result.reason


@pytest.mark.parametrize(
    "cell", ["Partially supported (counts as not supported)", "Partially supported", "PARTLY SUPPORTED"]
)
def test_a_hedged_or_two_way_judgement_is_no_yes(cell: str) -> None:
    result = score(f"| # | Statement | Support |\n|---|---|---|\n| 1 | {TWO[0]} | {cell} |", TWO[:1])
    assert result.value != 1.0, result.reason


# ------------------------------------------------------------------ second thoughts, inverted questions, labels


@pytest.mark.parametrize(
    "revision",
    [
        "Correction: statement 1 is actually supported.",
        "On second thought, statement 2 is supported too.",
        "Actually, let me fix 2: yes.",
        "Wait — I got #2 wrong. Re-reading the context, it is true.",
    ],
)
def test_verdicts_the_grader_revises_after_giving_them_are_not_its_last_word(revision: str) -> None:
    assert_unclear(score(f"1. No\n2. No\n\n{revision}", TWO))


def test_a_sentence_after_the_verdicts_that_agrees_with_them_is_no_revision() -> None:
    result = score("1. No\n2. Yes\n\nStatement 2 is supported by the context; statement 1 is not.", TWO)
    assert result.value == 0.5, result.reason


@pytest.mark.parametrize(
    "grader_output",
    [
        f"- {TWO[0]}\n  Hallucination: Yes\n- {TWO[1]}\n  Hallucination: No",
        f"1. {TWO[0]}\n   unsupported: true\n2. {TWO[1]}\n   unsupported: false",
        f"| # | Statement | Hallucination |\n|---|---|---|\n| 1 | {TWO[0]} | Yes |\n| 2 | {TWO[1]} | No |",
    ],
)
def test_a_question_asked_the_other_way_round_is_read_the_other_way_round(grader_output: str) -> None:
    result = score(grader_output, TWO)
    assert (result.value, [verdict.verdict for verdict in result.verdicts]) == (0.5, [0, 1]), result.reason


def test_a_label_in_every_item_is_layout_and_the_value_after_it_the_verdict() -> None:
    result = score(
        f"Statement 1: {FOUR[0]}\n    [supported] false\n\nStatement 2: {FOUR[1]}\n    [supported] true\n\n"
        f"Statement 3: {FOUR[2]}\n    [supported] null (cannot tell)",
        FOUR[:3],
    )
    assert [verdict.verdict for verdict in result.verdicts] == [0, 1, None], result.reason


@pytest.mark.parametrize(
    "grader_output",
    [
        "Going through them: the first statement is not; the second is supported; the third is not.",
        "In order: the first statement is not supported; the second is supported; and the third is not.",
    ],
)
def test_one_sentence_of_clauses_is_read_clause_by_clause(grader_output: str) -> None:
    result = score(grader_output, FOUR[:3])
    assert result.value == pytest.approx(1 / 3), result.reason


@pytest.mark.parametrize(
    ("sentence", "by_index", "unread"),
    [
        ("insert into t (statement id, statement, supported) values (1, '§0§', 'yes');", {1: 1}, set()),
        ("insert into t (statement id, statement, supported) values (1, '§0§', 'no');", {}, {1}),
        ("insert into t (statement id, statement, supported) values (1, '§0§', null);", {1: None}, set()),
    ],
)
def test_a_value_given_beside_a_column_name_is_read_with_it(
    sentence: str, by_index: dict[int, int | None], unread: set[int]
) -> None:
    prose = read_prose(sentence)
    assert (prose.by_index, set(prose.unread)) == (by_index, unread)


# ------------------------------------------------------------------ JSON units, non-answers


def test_a_list_of_tool_calls_is_read_one_verdict_a_call() -> None:
    calls = ", ".join(
        f'{{"name": "submit_verdict", "arguments": {{"statement_id": {i}, "supported": {value}}}}}'
        for i, value in ((1, "false"), (2, "true"), (3, "true"))
    )
    result = score(f"I'll record a verdict for each statement.\n\n[TOOL_CALLS] [{calls}]", FOUR[:3])
    assert [verdict.verdict for verdict in result.verdicts] == [0, 1, 1], result.reason


def test_tool_calls_in_separate_blocks_are_read_together() -> None:
    blocks = "\n".join(
        f'<tool_call>\n{{"name": "grade_statement", "arguments": {{"statement_id": {i}, "supported": {value}}}}}\n'
        "</tool_call>"
        for i, value in ((1, "false"), (2, "true"))
    )
    result = score(f"Calling the grading tool:\n\n{blocks}", TWO)
    assert [verdict.verdict for verdict in result.verdicts] == [0, 1], result.reason


@pytest.mark.parametrize(
    "grader_output",
    [
        "Before I answer: the context seems to be cut off after its first line. Could you paste the full passage?",
        "To evaluate these statements I need the retrieved passages, which are missing from your message.",
        '{"error": "The context is empty, so the statements cannot be evaluated."}',
        "Przepraszam, ale nie mogę ocenić tych stwierdzeń bez kontekstu.",
    ],
)
def test_a_question_back_or_a_missing_input_is_a_refusal(grader_output: str) -> None:
    result = score(grader_output, TWO)
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.REFUSAL), result.reason


def test_a_verdict_beside_a_question_back_stays_a_verdict() -> None:
    result = score("1. Yes\n2. No\n\nCould you send the full passage next time?", TWO)
    assert result.value == 0.5, result.reason


@pytest.mark.parametrize(
    "grader_output",
    [
        "- 1 & 2: supported (both)\n- 3: contradicted\n- 4: supported",
        "Statement 1: False\nStatement 2.1: Unknown\nStatement 2.2: True\nStatement 3: True\nStatement 4: True",
    ],
)
def test_statements_judged_together_or_in_parts_are_no_count_to_align(grader_output: str) -> None:
    assert_unclear(score(grader_output, FOUR), "together or in parts")


def test_a_run_of_statements_given_one_verdict_is_read_for_each() -> None:
    # Reader 6: "3–4: TRUE (both)" is a run, as "1..3: no" is (tests/scoring/test_compact_answers.py):
    # read for each of its statements. Reader 4 read it as statements judged together, unclear.
    assert score("Statement 1: TRUE\nStatement 2: FALSE\nStatement 3–4: TRUE (both)", FOUR).value == 0.75


def test_a_verdict_of_0_or_1_after_a_dash_is_no_range_of_statements() -> None:
    result = score("Statement 1 - 0.\nStatement 2 - 1.", TWO)
    assert result.value == 0.5, result.reason


def test_fewer_marked_verdicts_beside_their_explanations_are_the_grader_s_finding() -> None:
    # Two statements judged and explained, the third left out: the final block is short, and the
    # explanations' words ("confirms") are the two verdicts' reasons, nothing left unread.
    result = score(
        f"1. {FOUR[0]}\nExplanation: The context explicitly states this.\nVerdict: Yes.\n\n"
        f"2. {FOUR[1]}\nExplanation: The passage confirms this.  Verdict: Yes.\n\n"
        "Final verdict for each statement in order: Yes. Yes.",
        FOUR[:3],
    )
    assert result.value == pytest.approx(2 / 3), result.reason


def test_a_short_reading_beside_everything_else_checks_out_is_unclear() -> None:
    # Read before (reader 6): 0.0 for 0.5, statement 2's sentence read and statement 1 counted
    # unsupported, though "Everything else checks out" judges it.
    statements = [
        "The recipe calls for 3 eggs and 200 g of flour.",
        "The study found no link between coffee and heart disease.",
    ]
    output = (
        "Let's go through the statements one by one.\n**Unsupported statements**\n"
        "- Statement 2 — Nothing in the context backs this up.\nEverything else checks out against the context."
    )
    result = score(output, statements)
    assert_unclear(result, "everything else")  # reader 11 names the reference; reader 7 named "checks out"
