"""The reader as repetition and agreement (issue 33): runs of one layout, echoes that name their
statement, one number only when every reading agrees, a short count that stays a question."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat import Case, Cause, Score, ScoreWarning, get_scorer
from compat.scoring.reader.repetition import find_verdict_words
from compat.scoring.reader.verdict_words import BUILT_IN
from tests.scoring.blind.measure import measure

HEADER = "Final verdict for each statement in order:"


def ragas(output: str, n: int = 3, statements: list[str] | None = None) -> Score:
    listed = statements or [f"Statement number {i + 1} holds here." for i in range(n)]
    return get_scorer("ragas").score(Case(id="c", statements_output="\n".join(listed), grader_output=output))


# ------------------------------------------------------------- the three mechanisms


@pytest.mark.parametrize(
    ("output", "n", "value"),
    [
        (HEADER + "\n\nSupported\n\nSupported\n\nSupported\n\nNot supported", 4, 0.75),
        (HEADER + " No.\n\nYes.\n\nYes.", 3, 2 / 3),
        (HEADER + " (No). (Yes). (Yes).", 3, 2 / 3),
        (HEADER + " No - Yes - Yes.", 3, 2 / 3),
        (HEADER + " [1] No. [2] Yes. [3] Yes.", 3, 2 / 3),
    ],
    ids=["blank-lines", "blank-lines-after-header", "parentheses", "dashes", "bracketed-numbers"],
)
def test_a_partial_read_never_becomes_a_number_the_repetition_reads_it_whole(output: str, n: int, value: float) -> None:
    score = ragas(output, n)
    assert score.value == pytest.approx(value) and ScoreWarning.FEWER_VERDICTS not in score.warnings


def test_units_that_echo_their_statement_are_read_by_the_echo_not_by_position() -> None:
    # Legacy sent call 1's heading as statement 1; the fixed scorer drops it. The grader judged it too.
    statements = ["Here are the statements:", "The Eiffel Tower is about 330 metres tall.", "It is located in Paris."]
    output = (
        "Here are the statements: -> No\nThe Eiffel Tower is about 330 metres tall. -> Yes\n"
        "It is located in Paris. -> No\nFinal Verdict: No. Yes. No."
    )
    score = ragas(output, statements=statements)
    assert (score.value, score.statement_count) == (0.5, 2)
    assert [verdict.verdict for verdict in score.verdicts] == [1, 0]


def test_markers_whose_units_echo_a_preamble_are_keyed_by_their_echo() -> None:
    statements = ["Sure! Here are the statements:", "Refunds take five days.", "A receipt is needed."]
    units = [
        ("Sure! Here are the statements:", "No"),
        ("Refunds take five days.", "Yes"),
        ("A receipt is needed.", "No"),
    ]
    output = "\n\n".join(f"Statement: {text}\nExplanation: as the context says.\nVerdict: {v}." for text, v in units)
    assert ragas(output, statements=statements).value == 0.5


def test_a_final_block_with_a_verdict_for_a_preamble_is_read_by_the_echoes_before_it() -> None:
    # Legacy sent the preamble as statement 1; the grader judged it too, in its units (each echoing
    # its statement) and in a final block one verdict longer than the fixed scorer's statements.
    preamble = "The answer makes the following statements:"
    statements = ["Refunds take five days.", "A receipt is needed.", "The store opens at 9 am."]
    units = [(preamble, "False"), *zip(statements, ("False", "True", "True"), strict=True)]
    output = (
        "Here are my verdicts:\n\n"
        + "\n".join(f'{i}. "{text}" — {verdict}' for i, (text, verdict) in enumerate(units, 1))
        + "\n\nFinal verdict for each statement in order: False. False. True. True."
    )
    case = Case(id="c", statements_output="\n".join([preamble, *statements]), grader_output=output)
    assert get_scorer("ragas").score(case).value == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("output", "count"),
    [("Verdicts: 1:?; 2:N; 3:?; 4:N", 4), ("Answer: (1) ? | (2) t | (3) ?", 3), ("Answer:\n1:?\n2:F", 2)],
)
def test_an_enumeration_number_is_no_verdict(output: str, count: int) -> None:
    # "1:?" is statement 1's item (the grader could not tell), not a verdict "1" (supported).
    score = ragas(output, count)
    assert score.value is None or score.value == 0.0


@pytest.mark.parametrize(
    "output",
    ["Sorry — no.", "No. I won't do that.", "**No** context was provided, so I am unable to evaluate the statements."],
)
def test_a_refusal_that_starts_with_a_verdict_word_is_a_refusal(output: str) -> None:
    assert ragas(output, 3).cause is Cause.REFUSAL


@pytest.mark.parametrize(
    ("output", "value"),
    [("Cannot determine.\nYes.", 0.5), ("Yes.\nCannot determine.\nNo.", 1 / 3), ("Not sure\nyes", 0.5)],
)
def test_a_line_a_statement_that_cannot_tell_on_one_line_is_no_refusal(output: str, value: float) -> None:
    # Each line answered its statement: "Cannot determine" is statement 1's item, not the task refused.
    lines = output.count("\n") + 1
    score = ragas(output, lines)
    assert (score.value, score.cause) == (pytest.approx(value), None)


@pytest.mark.parametrize("output", ["Sorry.\nNo.", "No.\nI won't do that."])
def test_a_refusal_on_one_line_beside_a_verdict_on_another_is_still_a_refusal(output: str) -> None:
    assert ragas(output, 2).cause is Cause.REFUSAL


def test_a_short_reply_that_refuses_is_a_refusal_even_for_one_statement() -> None:
    assert (
        ragas("Yes, I understand the task, but I can't complete it: no context was provided.", 1).cause is Cause.REFUSAL
    )


# ------------------------------------------------------------- one number only when the reading is unique


def test_two_complete_readings_that_disagree_are_unclear_and_named() -> None:
    score = ragas("Verdict: Yes.\nVerdict: Yes.\nVerdict: Yes.\n" + HEADER + " No. No. Yes.")
    assert (score.value, score.cause, score.passed) == (None, Cause.UNCLEAR_READING, False)
    assert "reads two ways" in score.reason and "no, no, yes" in score.reason and "yes, yes, yes" in score.reason


def _ragas_json(*verdicts: int) -> str:
    items = ", ".join(f'{{"statement": "s{i}", "reason": "r", "verdict": {v}}}' for i, v in enumerate(verdicts))
    return '```json\n{"statements": [' + items + "]}\n```"


@pytest.mark.parametrize(
    ("output", "value"),
    [
        ("Statement 1: Yes\nStatement 2: No\nStatement 3: Yes\n\n" + _ragas_json(1, 1, 1), None),
        (_ragas_json(1, 1, 1) + "\n\nIn short: Statement 1: Yes. Statement 2: No. Statement 3: Yes.", None),
        ("Statement 1: Yes\nStatement 2: No\nStatement 3: Yes\n\n" + _ragas_json(1, 0, 1), 2 / 3),
        ("Here are my verdicts, as asked:\n" + _ragas_json(1, 0, 1), 2 / 3),
        ("Statement 1: Yes\n\n" + _ragas_json(1, 0, 0), 1 / 3),  # a partial draft judges nothing
    ],
    ids=["text-before-disagrees", "text-after-disagrees", "agree", "preamble", "partial-draft"],
)
def test_json_and_text_that_judge_every_statement_differently_are_unclear(output: str, value: float | None) -> None:
    score = ragas(output)
    if value is None:
        assert (score.value, score.cause) == (None, Cause.UNCLEAR_READING)
        assert "the JSON reads yes, yes, yes, but the text around it reads yes, no, yes" in score.reason
    else:
        assert score.value == pytest.approx(value) and score.cause is None


def test_a_short_reading_beside_an_unread_verdict_word_is_unclear() -> None:
    score = ragas(HEADER + " Yes.\n\nSupported, as the context says: no.", 3)
    assert score.cause is Cause.UNCLEAR_READING and "stand" in score.reason


def test_a_short_reading_with_nothing_left_unread_is_a_finding_about_the_grader() -> None:
    score = ragas(HEADER + " Yes. Yes.", 3)
    assert score.value == pytest.approx(2 / 3) and ScoreWarning.FEWER_VERDICTS in score.warnings


# ------------------------------------------------------------- layout is not a verdict


def test_a_repeated_question_is_layout_its_answer_the_verdict() -> None:
    output = "\n\n".join(
        f"**Is statement {i} supported by the context?** {v}." for i, v in enumerate(["Yes", "No", "No", "Yes"], 1)
    )
    assert ragas(output, 4).value == 0.5


def test_a_restated_verdict_in_parentheses_is_the_same_verdict() -> None:
    assert ragas(HEADER + " Yes (supported). No (contradicted).", 2).value == 0.5


def test_a_field_name_is_not_its_value() -> None:
    output = "verdicts:\n" + "".join(
        f"  - claim: Statement number {i} holds here.\n    supported: {v}\n"
        for i, v in enumerate(["true", "false", '"undetermined"', "true"], 1)
    )
    score = ragas(output, 4)
    assert score.value == 0.5 and [verdict.verdict for verdict in score.verdicts] == [1, 0, None, 1]


def test_a_legend_says_what_marks_mean_it_gives_no_verdict() -> None:
    output = (
        "❌ Statement number 1 holds here. — not in the context\n"
        "❌ Statement number 2 holds here. — not in the context\n\n(✅ = supported, ❌ = not supported)"
    )
    assert ragas(output, 2).value == 0.0


# ------------------------------------------------------------- the scan finds what a pattern tried everywhere finds

_WORDS_AND_FILLER = st.lists(
    st.sampled_from(
        [
            "yes",
            "no",
            "not supported",
            "nope",
            "n/a",
            "n",
            "y",
            "supported",
            "true",
            "✅",
            "❌",
            "是",
            "nothing",
            "know",
            "cannot determine",
            "can't tell",
            "si",
            "since",
            "no.",
            "(yes)",
            ":",
            " ",
            "\n",
            ", ",
            "1.",
            "overall",
        ]
    ),
    max_size=30,
).map(" ".join)


@given(_WORDS_AND_FILLER)
@example("no.\nnot supported, y n/a ✅yes")
@example("overall: no. yes")
def test_the_scan_finds_every_verdict_word_a_pattern_tried_at_every_position_finds(text: str) -> None:
    expected = []
    for match in BUILT_IN.bare.finditer(text):  # the word's pattern (a mark before it is the same verdict)
        start = match.start("v")
        line_start = text.rfind("\n", 0, start) + 1
        if "overall" not in text[max(line_start, start - 40) : start]:
            expected.append(start)
    assert list(find_verdict_words(text, BUILT_IN).places) == expected


# ------------------------------------------------------------- the blind layouts (tests/scoring/blind), development set


def test_the_blind_development_layouts_get_a_wrong_number_at_most_once_in_a_hundred() -> None:
    # Measured on 2026-11-28: 0.5% of 5,000 (seed 1); 18.4% before the reader read by agreement.
    report = measure("dev", seed=1, count=2000)
    wrong = sum(report.classes[kind] for kind in ("scored_too_low", "scored_too_high", "refusal_scored"))
    assert wrong / report.outputs <= 0.01, report.classes


def test_a_long_text_whose_words_come_after_its_head_is_scanned_whole() -> None:
    text = "filler text " * 30_000 + "verdicts: yes. no. ✅"
    places = find_verdict_words(text, BUILT_IN).places
    expected = [match.start("v") for match in BUILT_IN.bare.finditer(text)]
    assert list(places) == expected and len(places) == 3


def test_a_long_run_is_read_as_far_as_its_bound_and_no_further() -> None:
    text = "yes. no. " * 100_000
    places = find_verdict_words(text, BUILT_IN).places
    expected = [match.start("v") for match in BUILT_IN.bare.finditer(text)]
    assert list(places) == expected[: len(places)] and len(places) >= 20_000


@pytest.mark.parametrize(
    "output",
    [
        '{"statements": [{"statement": "I don\'t know: the documents do not mention the CEO.", '
        '"reason": "not in the context", "verdict": 0}]}',
        "Statement: I don't know: the documents do not mention the CEO.\nVerdict: No.\n" + HEADER + " No.",
    ],
    ids=["json", "text"],
)
def test_a_statement_that_says_i_dont_know_judged_no_is_a_verdict_not_a_refusal(output: str) -> None:
    score = ragas(output, statements=["I don't know: the documents do not mention the CEO."])
    assert (score.value, score.cause) == (0.0, None)


# ------------------------------------------------------------- verdicts grouped by value


@pytest.mark.parametrize(
    ("output", "n", "value"),
    [
        ("Here are my verdicts:\n\ntrue: 1, 2\nfalse: 3", 3, 2 / 3),
        ("Pass: 1, 2, 4; Fail: 3", 4, 3 / 4),
        ("yes: 2 | no: — | Not enough information: 1", 2, 1 / 2),
        ("### No\n- (1) Statement number 1 holds here.\n\n### Yes\n- (none)", 1, 0.0),
        ("To summarize:\n\nEntailed:\n- Statement number 2 holds here.\n\nNot entailed:\n- statement 1", 2, 1 / 2),
        ("Statements 1 and 3 are supported by the context; statement 2 is not supported.", 3, 2 / 3),
    ],
    ids=["lines", "cells-by-semicolon", "cells-by-bar", "headings-with-echoes", "lists", "sentences"],
)
def test_verdicts_grouped_by_value_are_read_by_the_statements_each_group_names(
    output: str, n: int, value: float
) -> None:
    score = ragas(output, n)
    assert score.value == pytest.approx(value) and score.cause is None, (score.reason, output)


@pytest.mark.parametrize(
    ("output", "n"),
    [
        ("Supported: 2\nNot supported: 1", 3),  # a tally: its numbers do not name every statement once
        ("Supported: 1, 2\nNot supported: 2", 2),  # a statement in two groups
        ("Supported: 1\nNot supported: 4", 3),  # a statement that does not exist
        ("Supported: 1, 2\nNot supported: 3\n\nStatement 1: No\nStatement 2: No\nStatement 3: No", 3),
    ],
    ids=["tally", "twice", "out-of-range", "groups-against-markers"],
)
def test_groups_that_do_not_name_every_statement_once_give_no_number(output: str, n: int) -> None:
    score = ragas(output, n)
    assert score.value is None and score.cause in (Cause.NO_VERDICTS, Cause.UNCLEAR_READING), (score, output)


@given(
    values=st.lists(st.sampled_from([1, 0, None]), min_size=1, max_size=8),
    order=st.randoms(use_true_random=False),
    separator=st.sampled_from(["\n", "; ", " | "]),
)
def test_any_grouping_of_known_verdicts_reads_as_those_verdicts(
    values: list[int | None], order: random.Random, separator: str
) -> None:
    labels = {1: "Supported", 0: "Not supported", None: "Cannot determine"}
    groups = [
        f"{labels[v]}: " + (", ".join(str(i + 1) for i, x in enumerate(values) if x == v) or "none") for v in labels
    ]
    order.shuffle(groups)
    score = ragas(separator.join(groups), len(values))
    if values.count(None) == len(values):
        assert score.value is None  # no statement got a usable verdict: nothing to score
    else:
        assert [verdict.verdict for verdict in score.verdicts] == values, separator.join(groups)


# ------------------------------------------------------------- compact pairs


@pytest.mark.parametrize(
    ("output", "n", "value"),
    [
        ("S1=F\nS2=T\nS3=F", 3, 1 / 3),
        ("I checked each statement.\n\nstmt1=Unknown  stmt2=True  stmt3=False", 3, 1 / 3),
        ("Answer: [S1] T, [S2] F\n(T = supported, F = not supported)", 2, 1 / 2),
        ("Answer: C1=✓ C2=✓ C3=✗ C4=?", 4, 2 / 4),
        ("#1: t", 1, 1.0),
    ],
    ids=["lines", "one-line", "bracketed-with-legend", "marks", "hash"],
)
def test_compact_pairs_are_read_by_the_statement_each_key_names(output: str, n: int, value: float) -> None:
    score = ragas(output, n)
    assert score.value == pytest.approx(value) and score.cause is None, (score.reason, output)


@pytest.mark.parametrize(
    ("output", "n"),
    [
        ("Is statement 1 supported by the context? Is statement 2 supported by the context?", 2),  # questions
        ("S1=F\nS1=T", 2),  # a statement named twice, another never
        ("S1=F S2=maybe-ish S3=T", 3),  # a value that is no verdict
    ],
    ids=["questions", "twice", "unknown-value"],
)
def test_keys_that_do_not_pair_every_statement_with_a_verdict_give_no_number(output: str, n: int) -> None:
    assert ragas(output, n).value is None
