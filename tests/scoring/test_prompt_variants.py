"""Answers to the prompts teams write (reader 6; docs/scoring.md, "what the prompt variants taught").

Found on the eleventh blind set (heldout11, graders answering teams' own prompt variants) once
its first-sight figure was taken: statements grouped in a table's rows, a partial verdict whose
count the grader states, criteria graded beside support, a judging word naming its field, a
degree of support said instead of a verdict. Each test names the behaviour; the ones marked as
guards passed before too and keep a layout that was read right from being lost.
"""

from __future__ import annotations

import pytest

from tests.scoring._reading import assert_unclear, score

FIVE = [
    "The Eiffel Tower was completed in 1889.",
    "The theory of plate tectonics is supported by seismic data.",
    "The hotel does not allow pets.",
    "Ibuprofen should be taken with food.",
    "Mount Everest is 8,849 metres high.",
]


# ----------------------------------------------------------------- groups in a table's rows


@pytest.mark.parametrize(
    ("table", "value"),
    [
        ("| Verdict | Statements |\n|---|---|\n| Supported | 1, 3 and 4 |\n| Not supported | 2, 5 |\n", 0.6),
        (
            "| Verdict | Count | Statements |\n|---|---|---|\n| ✅ Supported | 2 | S2, S5 |\n"
            "| ❌ Not supported | 3 | S1, S3, S4 |\n",
            0.4,
        ),
        (
            "| Verdict | Statements | Count |\n|---|---|---|\n| Yes (supported) | #1, #2, #3, #4, #5 | 5 |\n"
            "| No (not supported) | — | 0 |\n",
            1.0,
        ),
        # one group naming every statement is enough in a table whose header says what it lists
        ("| Verdict | Count | Statements |\n|---|---|---|\n| Supported | 5 | 1, 2, 3, 4, 5 |\n", 1.0),
    ],
)
def test_statements_grouped_in_a_table_s_rows_are_read_by_group(table: str, value: float) -> None:
    # Read before: each row as one statement's verdict (0.2 for 0.6, 0.4 and 1.0; 0.0 for 1.0).
    assert score("Statements grouped by verdict:\n\n" + table, FIVE).value == pytest.approx(value)


def test_a_grouped_table_that_does_not_name_every_statement_is_no_per_row_reading() -> None:
    # Read before: 0.2, the rows read as the verdicts of statements 1 and 2.
    result = score("| Verdict | Statements |\n|---|---|\n| Supported | 1, 3 |\n| Not supported | 2, 5 |\n", FIVE)
    assert result.value is None, result.reason


# ----------------------------------------------------------------- a partial verdict, counted as the grader says


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ("Scoring rule from the prompt: Partially supported counts as supported.", 0.6),
        ("Note: per your rubric, statements rated PARTIALLY_SUPPORTED are counted as supported.", 0.6),
        ("As instructed, partial support is treated as not supported.", 0.4),
    ],
)
def test_a_partial_verdict_counts_as_the_grader_s_stated_rule_says(rule: str, value: float) -> None:
    # Read before: 0.4 each time, the partial verdict counted unsupported whatever the rule said (the
    # last, where the rule says so, is a guard).
    output = (
        f"{rule}\n\nStatement 1: Supported\nStatement 2: Partially supported\nStatement 3: Not supported\n"
        "Statement 4: Supported\nStatement 5: Not supported\n"
    )
    assert score(output, FIVE).value == pytest.approx(value)


def test_rules_that_disagree_leave_the_partial_verdict_without_one() -> None:
    # Guard: two rules, two counts: the partial verdict stays no verdict (counted unsupported).
    output = (
        "Partially supported counts as supported. Partially supported counts as not supported.\n\n"
        "Statement 1: Supported\nStatement 2: Partially supported\nStatement 3: Not supported\n"
        "Statement 4: Supported\nStatement 5: Not supported\n"
    )
    assert score(output, FIVE).value == pytest.approx(0.4)


# ----------------------------------------------------------------- other criteria beside support


def test_criteria_graded_beside_support_are_not_its_verdict() -> None:
    # Read before: 1.0, each line's first "Yes" (specificity) read as the verdict.
    lines = [
        f"{n}. Specificity: Yes | Grounded in context: {v} | Clarity: Yes"
        for n, v in enumerate(["Yes", "No", "No", "Yes", "No"], 1)
    ]
    assert score("\n".join(lines) + "\n", FIVE).value == pytest.approx(0.4)


def test_a_support_field_named_with_its_source_is_answered_by_its_value() -> None:
    # Guard: with the other criteria blanked, "Supported by context" stands at every line's head,
    # and must be read as the field its value answers, not as "supported".
    blocks = [
        f"**Statement {n}:** {statement}\n- Completeness: High\n- Supported by context: {v}\n- Clarity: Medium\n"
        for n, (statement, v) in enumerate(zip(FIVE, ["Yes", "No", "No", "No", "Yes"], strict=True), 1)
    ]
    assert score("\n".join(blocks), FIVE).value == pytest.approx(0.4)


def test_a_field_s_unknown_value_is_no_verdict_in_prose() -> None:
    # Read before: 1.0 for statement 1, "Grounded in context: UNSURE" read as "grounded".
    output = "\n\n".join(
        f"**Statement {n}:** {statement}\n- Grounded in context: {v}"
        for n, (statement, v) in enumerate(zip(FIVE[:2], ["UNSURE", "NO"], strict=True), 1)
    )
    result = score(output, FIVE[:2])
    assert result.value == pytest.approx(0.0), result.reason
    assert "1 without a usable verdict" in result.reason


def test_a_null_field_value_is_no_verdict() -> None:
    # Read before: 0.75, "supported: null" read as "supported".
    output = "\n".join(
        f"**{n}.** {statement} | supported: {v}"
        for n, (statement, v) in enumerate(zip(FIVE[:4], ["false", "true", "null", "null"], strict=True), 1)
    )
    result = score(output + "\n\n1 of 4 statements are supported by the context.\n", FIVE[:4])
    assert result.value == pytest.approx(0.25), result.reason


# ----------------------------------------------------------------- a degree of support is no verdict


@pytest.mark.parametrize(
    "output",
    [
        "1. Weakly supported\n2. Supported\n3. Not supported\n",
        "1. Supported\n2. Mostly supported\n3. Not supported\n",
        "Statement 1: weakly supported.\nStatement 2: supported.\nStatement 3: not supported.\n",
        "**Statement 1** — Score 2/5 · Weakly supported\n**Statement 2** — Score 5/5 · Fully supported\n"
        "**Statement 3** — Score 1/5 · Not supported\n",
    ],
)
def test_a_degree_of_support_said_instead_of_a_verdict_is_unclear(output: str) -> None:
    # Read before: 2/3 for the first and the third, "weakly supported" read as supported (the
    # second and the fourth are guards).
    assert_unclear(score(output, FIVE[:3]))


# ----------------------------------------------------------------- facts judged inside each statement


def test_an_overall_line_under_each_statement_s_facts_is_that_statement_s_verdict() -> None:
    # Read before: 0.67, the facts' marks read as six verdicts and the lowest reading taken.
    output = (
        "(✓ = stated in the context, ✗ = not stated, ? = unclear)\n\n"
        "1. The Eiffel Tower was completed in 1889.\n- ✓ The Eiffel Tower …\n- ✗ … was completed in 1889\n"
        "**Overall: *Contradicted***\n\n"
        "2. The theory of plate tectonics is supported by seismic data.\n- ? The theory …\n- ✓ … seismic data\n"
        "**Overall: *Unknown***\n\n"
        "3. The hotel does not allow pets.\n- ✓ The hotel …\n- ✓ … does not allow pets\n**Overall: *Supported***\n"
    )
    assert score(output, FIVE[:3]).value == pytest.approx(1 / 3)


def test_an_overall_verdict_for_the_whole_answer_is_still_no_statement_s() -> None:
    # Guard: one "Overall:" line for three statements is the answer's, not a statement's.
    output = "1. Yes\n2. No\n3. Yes\n\nOverall: No\n"
    assert score(output, FIVE[:3]).value == pytest.approx(2 / 3)


def test_more_verdicts_than_the_statements_the_grader_names_each_of_is_unclear() -> None:
    # Read before: 2/3, the lowest reading of four verdicts for three statements, each one named.
    output = (
        "### Statement 1\n- ✓ The Eiffel Tower …\n- ✗ … was completed in 1889\n\n"
        "### Statement 2\n- ✓ The theory …\n\n### Statement 3\n- ✓ The hotel …\n"
    )
    result = score(output, FIVE[:3])
    assert_unclear(result, "more than the 3 statements the grader names each of")


# ----------------------------------------------------------------- definitions around the verdicts


def test_labels_defined_in_a_parenthesis_are_no_verdicts() -> None:
    # Read before: 0.5, "supported" of the definitions read as statement 1's verdict.
    output = (
        "Here are my verdicts:\n\n(none: supported. minor or major: not supported — minor when only a detail is "
        "missing.)\n\nStatement 1 — major\nStatement 2 — minor\n"
    )
    assert score(output, FIVE[:2]).value is None


def test_a_stated_threshold_and_a_rubric_are_no_verdicts() -> None:
    # Read before: 0.5, the rubric's "4 = Supported with minor gaps" read as statement 2's verdict.
    output = (
        "1. 1/5 (Not supported) — The context says something different.\n"
        "2. — (context ambiguous, cannot score)\n\n"
        "Rubric:\n5 = Fully supported\n4 = Supported with minor gaps\n3 = Mostly supported\n2 = Weakly supported\n"
        "1 = Not supported\n\n(Per the rubric, 3 and above = supported.)\n"
    )
    assert score(output, FIVE[:2]).value is None


def test_verdicts_given_as_number_equals_word_are_still_read() -> None:
    # Guard: "1 = supported" a line each, counting up and under no rubric heading, are the verdicts.
    output = "Verdicts:\n1 = supported\n2 = not supported\n3 = supported\n"
    assert score(output, FIVE[:3]).value == pytest.approx(2 / 3)


# ----------------------------------------------------------------- documents written for people


def test_a_sentence_that_says_what_is_checked_is_no_marker() -> None:
    # Read before: 1.0, "records whether each claim in the answer is supported" read as "Answer is: supported".
    output = (
        "MEMORANDUM\nRE: Support for the claims in the generated answer\n**Purpose**\n"
        "This memo records whether each claim in the answer is supported by the retrieved context.\n"
        '**Findings**\n2.1 The claim that "The Eiffel Tower was completed in 1889" is not backed by the retrieved '
        "passage.\n"
    )
    assert score(output, FIVE[:1]).value == pytest.approx(0.0)


def test_counts_by_verdict_are_no_verdicts() -> None:
    # Read before: 1.0, "0 supported, 1 not supported" read as the verdicts.
    output = (
        "### Slide 1 — Overview\n- 1 claim reviewed\n- 0 supported, 1 not supported\n"
        '### Slide 2 — Not supported by the context\n- Claim 1: "The Eiffel Tower was completed in 1889."\n'
    )
    assert score(output, FIVE[:1]).value is None
