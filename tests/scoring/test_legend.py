"""Marks a grader defines in a legend are read as it defines them, in that output only; and a
grader that wrote about more statements than the verdicts read is no partial score (issue 33)."""

from __future__ import annotations

import pytest

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Status
from compat.scoring.reader.legend import legend_marks
from compat.scoring.reader.prepare import fold

STATEMENTS = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]


def score(grader_output: str, statements: list[str] = STATEMENTS) -> tuple[float | None, Cause | None]:
    case = parse_case({"id": "c", "statements": statements, "grader_output": grader_output})
    result = get_scorer("ragas").score(case)
    return result.value, result.cause


@pytest.mark.parametrize(
    ("legend", "marks"),
    [
        ("Key: ☑ = the context supports it; ☐ = it does not; ❓ = cannot tell.", {"☑": 1, "☐": 0, "❓": None}),
        ("([x] = supported, [ ] = not supported, [?] cannot tell)", {"[x]": 1, "[ ]": 0, "[?]": None}),
        ("Legend: + supported by the context, - not supported", {"+": 1, "-": 0}),
        ("Checked = supported by the context; unchecked = not supported.", {"[x]": 1, "[ ]": 0, "☐": 0}),
        ("(★ = yes, ✩ = no)", {"★": 1, "✩": 0}),
    ],
)
def test_a_legend_defines_its_marks(legend: str, marks: dict[str, int | None]) -> None:
    found = legend_marks(fold(f"Here is my check.\n\n{legend}\n"))
    assert {mark: found.get(mark, "undefined") for mark in marks} == marks


@pytest.mark.parametrize(
    "text",
    [
        "No legend here: [x] The store opens at 9 am.",
        "The key: the context is silent.",  # "key" names no mark
        "(x = 3, y = 4)",  # a definition whose meaning names no verdict
    ],
)
def test_text_without_a_legend_defines_nothing(text: str) -> None:
    assert legend_marks(fold(text)) == {}


@pytest.mark.parametrize(
    "grader_output",
    [
        "Key: ☑ = the context supports it; ☐ = it does not.\n\n"
        "☐ The store opens at 9 am. — the context says otherwise\n"
        "☑ Refunds are possible for sale items. — directly stated\n"
        "☑ The claim was filed in March. — the context says so\n\n"
        "Let me know if you need anything else.",
        "1. [ ] The store opens at 9 am.\n2. [x] Refunds are possible for sale items.\n"
        "3. [x] The claim was filed in March.\n\nChecked = supported by the context; unchecked = not supported.",
        "* [ ] The store opens at 9 am. — not in the context\n* [x] Refunds are possible for sale items.\n"
        "* [x] The claim was filed in March.\n\n([x] = supported, [ ] = not supported, [?] cannot tell)",
    ],
    ids=["boxes-keyed-then-a-closing-line", "checkboxes-named-checked", "checkboxes-in-a-parenthesis"],
)
def test_a_list_drawn_with_the_legends_marks_reads_as_a_person_reads_it(grader_output: str) -> None:
    assert score(grader_output) == (pytest.approx(2 / 3), None)


def test_marks_defined_in_one_output_are_not_read_in_the_next() -> None:
    with_legend = "(✩ = supported, ✪ = not supported)\n\n- ✩ The store opens at 9 am.\n- ✪ Refunds.\n- ✩ The claim."
    assert score(with_legend)[0] == pytest.approx(2 / 3)
    value, cause = score("- ✩ The store opens at 9 am.\n- ✪ Refunds are possible.\n- ✩ The claim was filed.")
    assert value is None and cause is not None


def test_statements_written_about_without_a_verdict_read_are_undetermined_not_unsupported() -> None:
    """Found on the dev layouts: boxes of no known meaning, the reasons read as prose for one
    statement, the other two counted unsupported (0.33 where a person reads 0.67). The grader
    wrote about all three: what was not read is not missing."""
    output = (
        "* ⊠ The store opens at 9 am. — the context says otherwise\n"
        "* ⊡ Refunds are possible for sale items. — nothing about this\n"
        "* ⊡ The claim was filed in March. — confirmed by the context"
    )
    value, cause = score(output)
    assert value is None and cause is Cause.UNCLEAR_READING


def test_a_missing_verdict_the_grader_did_not_write_about_still_counts_unsupported() -> None:
    case = parse_case({"id": "c", "statements": STATEMENTS, "grader_output": "1. Yes\n2. Yes"})
    result = get_scorer("ragas").score(case)
    assert result.status is Status.SCORED and result.value == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("grader_output", "expected"),
    [
        ("1. ENTAILMENT\n2. CONTRADICTION\n3. ENTAILMENT", 2 / 3),
        ("Statement 1: entailment\nStatement 2: neutral\nStatement 3: contradiction", 1 / 3),
        ("Labels: entailment, neutral, entailment", 2 / 3),
    ],
)
def test_nli_labels_read_as_an_nli_grader_means_them(grader_output: str, expected: float) -> None:
    """Entailment is supported, contradiction is not; neutral holds a place without a verdict
    (the default policy counts it unsupported, as the context does not support it)."""
    assert score(grader_output)[0] == pytest.approx(expected)


def test_neutral_is_no_verdict_so_the_undetermined_policy_leaves_the_case_undetermined() -> None:
    case = parse_case(
        {"id": "c", "statements": STATEMENTS, "grader_output": "1. entailment\n2. neutral\n3. entailment"}
    )
    result = get_scorer("ragas", policy="undetermined").score(case)
    assert result.value is None and result.status is Status.UNDETERMINED


def test_no_contradiction_is_not_a_contradiction() -> None:
    """ "No contradiction" is no "no" and no contradiction: it holds its place without a verdict,
    so a policy that will not count a missing verdict leaves the case undetermined."""
    strict = get_scorer("ragas", policy="undetermined")

    def value(second: str) -> float | None:
        output = f"1. Entailment\n2. {second}\n3. Entailment"
        return strict.score(parse_case({"id": "c", "statements": STATEMENTS, "grader_output": output})).value

    assert value("Contradiction") == pytest.approx(2 / 3)
    assert value("No contradiction") is None


@pytest.mark.parametrize(
    "grader_output",
    [
        'Sure!\n<verdicts>\n<verdict statement="1">No</verdict>\n<verdict statement="2">Yes</verdict>\n'
        '<verdict statement="3">Yes</verdict>\n</verdicts>',
        '<answer id="s1">Fail</answer> <answer id="s2">Pass</answer> <answer id="s3">Pass</answer>',
        "<result n='1'>unsupported</result>\n<result n='2'>supported</result>\n<result n='3'>supported</result>",
    ],
    ids=["verdict-elements", "answers-on-one-line", "single-quoted-attributes"],
)
def test_verdicts_wrapped_in_elements_read_by_the_statement_each_names(grader_output: str) -> None:
    """The dev layouts' `xml_tags`: no verdict was read from `<verdict statement="2">Yes</verdict>`
    (only HTML's own tags were dropped); each element names its statement."""
    assert score(grader_output) == (pytest.approx(2 / 3), None)


def test_a_question_answered_on_the_same_line_labels_the_answer() -> None:
    """The dev layouts' `question_repeat`: "Can it be inferred from the context? NO." read nothing."""
    output = "\n".join(
        f"Statement {i}: {statement}\nCan it be inferred from the context? {answer}. The context says so."
        for i, (statement, answer) in enumerate(zip(STATEMENTS, ("NO", "YES", "YES"), strict=True), start=1)
    )
    assert score(output) == (pytest.approx(2 / 3), None)


def test_an_unanswered_question_still_judges_nothing() -> None:
    output = "Is statement 1 supported by the context?\nIs statement 2 supported by the context?"
    value, cause = score(output)
    assert value is None and cause is not None
