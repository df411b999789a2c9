"""The fixed scorer, rule by rule (docs/scoring.md); the properties live in test_invariants."""

from __future__ import annotations

import json

import pytest

from compat import Case, Cause, MismatchPolicy, ScoreWarning, Status, VerdictFormat, get_scorer
from compat.scoring.reader.refusal import REFUSAL_PATTERNS, REFUSAL_WINDOW, matched_refusal

THREE = ["Paris is the capital of France.", "France is in Asia.", "Paris has a river."]
HEADER = "Final verdict for each statement in order:"


def ragas(grader_output: str, statements: list[str] | None = None, policy: str = "unsupported", **kw: object):  # type: ignore[no-untyped-def]
    case = Case(id="c", statements=statements or THREE, grader_output=grader_output, **kw)  # type: ignore[arg-type]
    return get_scorer("ragas", policy=policy).score(case)


def items(*verdicts: object, texts: list[str] | None = None) -> list[dict[str, object]]:
    texts = texts or THREE
    return [{"statement": t, "reason": "r", "verdict": v} for t, v in zip(texts, verdicts, strict=False)]


# ------------------------------------------------------------------ statements


def test_statements_come_from_call_one_lines_when_no_list() -> None:
    case = Case(id="c", statements_output="A.\r\n\r\nB.\n  \n", grader_output=HEADER + " Yes. No.")
    score = get_scorer("ragas").score(case)
    assert [v.statement for v in score.verdicts] == ["A.", "B."]
    assert score.value == 0.5


def test_statements_come_from_call_one_ragas_json() -> None:
    call1 = '```json\n{"statements": ["A is true.", "B is true."]}\n```'
    case = Case(id="c", statements_output=call1, grader_output=HEADER + " Yes. Yes.")
    score = get_scorer("ragas").score(case)
    assert score.statement_count == 2 and score.value == 1.0


def test_statements_list_wins_over_call_one() -> None:
    case = Case(id="c", statements_output="A.\nB.\nC.", statements=["A."], grader_output=HEADER + " Yes.")
    assert get_scorer("ragas").score(case).statement_count == 1


# ------------------------------------------------------------------ undetermined causes


@pytest.mark.parametrize(
    ("statements_output", "statements", "grader_output", "cause"),
    [
        ("", None, "Verdict: Yes", Cause.EMPTY_OUTPUT),
        ("A.", None, "", Cause.EMPTY_OUTPUT),
        ("A.", None, " \n\t ", Cause.EMPTY_OUTPUT),
        ("  \n \n", None, "Verdict: No.", Cause.NO_STATEMENTS),
        (None, [], "Verdict: No.", Cause.NO_STATEMENTS),
        (None, ["  "], "Verdict: No.", Cause.NO_STATEMENTS),
        ("A.", None, "I apologize, but I cannot create statements or provide an analysis.", Cause.REFUSAL),
        ("A.", None, "Lo siento, no puedo evaluar estas afirmaciones.", Cause.REFUSAL),
        ("A.", None, "申し訳ありませんが、評価できません。", Cause.REFUSAL),
        ("A.", None, "The statements look plausible overall.", Cause.NO_VERDICTS),
        ("A.", None, '{"statements": ["A."]}', Cause.NO_VERDICTS),
        ("A.", None, '[{"statement": "A.", "reason": "r", "verdict": "maybe"}]', Cause.NO_VERDICTS),
    ],
)
def test_undetermined_causes(
    statements_output: str | None, statements: list[str] | None, grader_output: str, cause: Cause
) -> None:
    case = Case(id="c", statements_output=statements_output, statements=statements, grader_output=grader_output)
    score = get_scorer("ragas").score(case)
    assert (score.status, score.cause, score.value, score.passed) == (Status.UNDETERMINED, cause, None, False)
    assert score.reason.startswith("Faithfulness undetermined: ")


def test_undetermined_never_passes_even_at_threshold_zero() -> None:
    assert ragas("I cannot do that.", threshold=0.0).passed is False


def test_every_refusal_pattern_is_recognised_and_case_folded() -> None:
    for pattern, _language in REFUSAL_PATTERNS:
        assert matched_refusal("  " + pattern.upper() + " ...") is not None, pattern


def test_refusal_is_only_looked_for_at_the_start_and_the_end() -> None:
    middle = "x" * REFUSAL_WINDOW + " I cannot " + "x" * REFUSAL_WINDOW
    assert matched_refusal(middle) is None
    assert ragas(middle).cause is Cause.NO_VERDICTS
    assert ragas("x" * 3 * REFUSAL_WINDOW + " I cannot judge these.").cause is Cause.REFUSAL


def test_refusal_with_some_verdicts_is_scored_not_refused() -> None:
    score = ragas("I cannot judge statement 3. Verdict: Yes. Verdict: No.")
    assert score.status is Status.SCORED and score.value == pytest.approx(1 / 3)
    assert ScoreWarning.FEWER_VERDICTS in score.warnings


# ------------------------------------------------------------------ JSON verdicts


@pytest.mark.parametrize(
    "wrap",
    [
        lambda body: body,
        lambda body: "```json\n" + body + "\n```",
        lambda body: "Sure! Here is the analysis:\n" + body + "\nLet me know if you need more.",
        lambda body: "```\n" + body + "\n```",
    ],
    ids=["plain", "fenced", "prose", "bare-fence"],
)
def test_json_verdicts_are_found_wherever_they_are(wrap) -> None:  # type: ignore[no-untyped-def]
    score = ragas(wrap(json.dumps({"statements": items(1, 0, 1)}, indent=2)))
    assert (score.value, score.format, score.warnings) == (2 / 3, VerdictFormat.JSON, ())


def test_bare_list_and_single_item() -> None:
    assert ragas(json.dumps(items(1, 1, 0))).value == 2 / 3
    assert ragas(json.dumps(items(1)[0]), statements=THREE[:1]).value == 1.0


@pytest.mark.parametrize(
    ("raw", "verdict"),
    [
        *[(True, 1), (False, 0), ("1", 1), ("0", 0), ("YES", 1), (" no ", 0), (1.0, 1), (0.0, 0), ("true", 1)],
        *[("No.", 0), ("supported", 1), ("Not supported", 0), ("Nope", 0), ("Oui", 1)],
    ],
)
def test_coerced_verdicts(raw: object, verdict: int) -> None:
    score = ragas(json.dumps(items(raw)), statements=THREE[:1])
    assert score.verdicts[0].verdict == verdict
    assert ScoreWarning.COERCED_VERDICT in score.warnings


@pytest.mark.parametrize("raw", [0.5, None, "maybe", 2, -1, 1.5, [], {}, "n/a", "partially supported"])
def test_invalid_verdicts_count_as_missing(raw: object) -> None:
    score = ragas(json.dumps(items(1, raw, 1)))
    assert score.value == 2 / 3
    assert score.verdicts[1].verdict is None
    assert {ScoreWarning.INVALID_VERDICT, ScoreWarning.FEWER_VERDICTS} <= set(score.warnings)


def test_missing_verdict_key_is_invalid() -> None:
    body = [{"statement": THREE[0], "reason": "r"}, *items(1, 1, texts=THREE[1:])]
    score = ragas(json.dumps(body))
    assert score.value == 2 / 3 and ScoreWarning.INVALID_VERDICT in score.warnings


def test_truncated_json_keeps_complete_items() -> None:
    full = json.dumps({"statements": items(1, 1, 1)})
    cut = full[: full.index(THREE[2]) + 5]
    score = ragas(cut)
    assert score.value == 2 / 3
    assert {ScoreWarning.REPAIRED_JSON, ScoreWarning.FEWER_VERDICTS} <= set(score.warnings)


@pytest.mark.parametrize("padding", [0, 70_000])  # short: the tokenizer; over 64 KB: the fast repair first
def test_an_item_cut_after_its_verdict_keeps_it(padding: int) -> None:
    # A token limit that stops the grader in the last reason (finish_reason "length") leaves its
    # verdict whole: read before, it was dropped and counted unsupported, 1/3 for a person's 2/3
    # (blind heldout28).
    body = [
        {"statement": text, "verdict": verdict, "reason": "The context says so."}
        for text, verdict in zip(THREE, (1, 0, 1), strict=True)
    ]
    body[0]["reason"] += " x" * padding
    full = json.dumps({"statements": body})
    cut = full[: full.rindex('"reason"') + len('"reason": "The con')]
    score = ragas(cut)
    assert score.value == pytest.approx(2 / 3), score.reason
    assert ScoreWarning.FEWER_VERDICTS not in score.warnings


@pytest.mark.parametrize("ending", ['"verdict": 1', '"verdict": "sup'])
def test_a_verdict_the_text_ends_on_may_be_cut_and_makes_the_case_undetermined(ending: str) -> None:
    # "verdict": 1 at the very end may be the start of "verdict": 10; a string without its quote is
    # cut. The verdict is not read, and its field stands unread: counting that statement "no" by
    # the fewer-verdicts policy (1/3) would make a partial read a number (reader 10).
    full = json.dumps({"statements": items(1, 0, texts=THREE[:2])})
    cut = full[:-2] + f', {{"statement": "{THREE[2]}", {ending}'
    score = ragas(cut)
    assert (score.status, score.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), score.reason
    assert "verdict fields stand in it unread" in score.reason


def test_item_cut_before_its_verdict_is_dropped_and_text_is_not_consulted() -> None:
    """A reason saying "Verdict: Yes" must not stand in for a verdict lost to truncation."""
    output = '[{"statement": "Paris is the capital of France.", "reason": "Verdict: Yes, clearly", "verd'
    score = ragas(output)
    assert score.format is VerdictFormat.JSON and score.cause is Cause.NO_VERDICTS


def test_single_quoted_python_repr() -> None:
    body = repr(
        {
            "statements": [
                {"statement": s, "reason": "it's fine", "verdict": v} for s, v in zip(THREE, (1, 0, True), strict=True)
            ]
        }
    )
    score = ragas(body)
    assert score.value == 2 / 3
    assert {ScoreWarning.REPAIRED_JSON, ScoreWarning.COERCED_VERDICT} <= set(score.warnings)


def test_json_items_are_aligned_by_statement_text_not_position() -> None:
    shuffled = [items(0, 1, 1)[i] for i in (2, 0, 1)]  # grader answered in another order
    score = ragas(json.dumps(shuffled))
    assert [v.verdict for v in score.verdicts] == [0, 1, 1]


def test_alignment_ignores_case_punctuation_and_enumeration() -> None:
    echoed = ["1. paris is the capital of france", "FRANCE IS IN ASIA", "- Paris has a river!"]
    score = ragas(json.dumps(items(1, 0, 1, texts=echoed)))
    assert [v.verdict for v in score.verdicts] == [1, 0, 1]


def test_duplicate_item_does_not_lend_its_verdict_to_a_skipped_statement() -> None:
    score = ragas(json.dumps(items(1, 1, texts=[THREE[0], THREE[0]])), statements=THREE[:2])
    assert [v.verdict for v in score.verdicts] == [1, None]
    assert score.value == 0.5
    assert {ScoreWarning.DUPLICATE_VERDICT, ScoreWarning.FEWER_VERDICTS} <= set(score.warnings)


def test_paraphrased_statements_fall_back_to_position() -> None:
    score = ragas(json.dumps(items(1, 0, 0, texts=["Capital: Paris", "Asia", "River"])))
    assert [v.verdict for v in score.verdicts] == [1, 0, 0]


# ------------------------------------------------------------------ text verdicts


@pytest.mark.parametrize(
    "tail",
    [
        " Yes. No. Yes.",
        " 1. Yes. 2. No. 3. Yes.",
        " Yes, No, Yes",
        "\nYes\nNo\nYes\n",
        " (1) yes (2) no (3) yes",
        " **Yes**, **No**, **Yes**",
        " Statement 1: Yes; Statement 2: No; Statement 3: Yes",
        " YES. NO. YES.",
        "\n- Yes\n- No\n- Yes",
    ],
)
def test_final_line_variants(tail: str) -> None:
    score = ragas("Some reasoning.\n" + HEADER + tail)
    assert (score.value, score.format) == (2 / 3, VerdictFormat.TEXT_FINAL_LINE)
    assert ScoreWarning.TRAILING_TEXT not in score.warnings


def test_final_line_stops_at_trailing_prose() -> None:
    score = ragas(HEADER + " Yes. No. Yes. Note that no statement was fully verified, no doubt.")
    assert score.value == 2 / 3 and ScoreWarning.TRAILING_TEXT in score.warnings


@pytest.mark.parametrize("marker", ["Verdict: No", "verdict:no", "VERDICT: NO", "**Verdict:** No", "Verdict - No"])
def test_per_statement_marker_variants(marker: str) -> None:
    score = ragas(f"Verdict: Yes.\n{marker}.\nVerdict: Yes.")
    assert (score.value, score.format) == (2 / 3, VerdictFormat.TEXT_PER_STATEMENT)


def test_a_final_line_and_markers_that_disagree_are_an_unclear_reading() -> None:
    score = ragas("Verdict: Yes.\nVerdict: Yes.\nVerdict: Yes.\n" + HEADER + " No. No. Yes.")
    assert (score.value, score.cause) == (None, Cause.UNCLEAR_READING)
    assert "the final block reads no, no, yes, but the Verdict: markers read yes, yes, yes" in score.reason


def test_markers_that_contradict_the_final_line_where_both_judge_are_an_unclear_reading() -> None:
    score = ragas("Verdict: Yes.\nVerdict: No.\n" + HEADER + " No. Yes. Yes.")
    assert (score.value, score.cause) == (None, Cause.UNCLEAR_READING)
    assert ScoreWarning.FINAL_LINE_DISAGREES in score.warnings


def test_short_markers_that_agree_with_the_final_line_as_far_as_they_go_are_read() -> None:
    score = ragas("Verdict: No.\nVerdict: Yes.\n" + HEADER + " No. Yes. Yes.")
    assert score.value == 2 / 3


def test_last_final_line_with_verdicts_wins() -> None:
    score = ragas(HEADER + " Yes. Yes. Yes.\nOn reflection:\n" + HEADER + " Yes. No. No.")
    assert score.value == 1 / 3 and ScoreWarning.MULTIPLE_FINAL_LINES in score.warnings


def test_words_containing_yes_or_no_are_not_verdicts() -> None:
    assert ragas(HEADER + " Yesterday. Nothing. Notes.").cause is Cause.NO_VERDICTS
    assert ragas(HEADER + " Nope. Yesterday.").verdicts[0].verdict == 0  # "Nope" is a verdict word


# ------------------------------------------------------------------ counts and policies


def test_fewer_verdicts_count_unsupported_by_default() -> None:
    score = ragas(HEADER + " Yes. Yes.")
    assert score.value == 2 / 3 and score.verdicts[2].verdict is None
    assert score.warnings == (ScoreWarning.FEWER_VERDICTS,)
    assert "1 without a usable verdict" in score.reason


def test_more_verdicts_are_ignored() -> None:
    score = ragas(HEADER + " Yes. Yes. Yes. Yes. Yes.")
    assert score.value == 1.0 and score.warnings == (ScoreWarning.MORE_VERDICTS,)


def test_disagreeing_extra_verdicts_get_the_lowest_consistent_reading() -> None:
    """Which three of five verdicts are meant cannot be known: the two "no"s are kept."""
    score = ragas(HEADER + " Yes. Yes. Yes. No. No.")
    assert score.value == 1 / 3
    assert score.warnings == (ScoreWarning.MORE_VERDICTS, ScoreWarning.AMBIGUOUS_EXTRA_VERDICTS)


def test_strict_policy_is_undetermined_on_any_mismatch() -> None:
    for output in (HEADER + " Yes. Yes.", HEADER + " Yes. Yes. Yes. No."):
        score = ragas(output, policy="undetermined")
        assert (score.status, score.cause) == (Status.UNDETERMINED, Cause.COUNT_MISMATCH)
    assert ragas(HEADER + " Yes. No. Yes.", policy="undetermined").value == 2 / 3


@pytest.mark.parametrize("policy", ["unsupported", "undetermined", "verdict_ratio"])
def test_more_statements_than_verdicts_are_ever_read_is_undetermined(policy: str) -> None:
    """At most 10,000 verdicts are read, so 10,001 statements cannot all be judged."""
    yes = HEADER + " Yes." * 10_000
    at_the_cap = ragas(yes, [f"S{i}." for i in range(10_000)], policy=policy)
    assert (at_the_cap.status, at_the_cap.value) == (Status.SCORED, 1.0)
    over = ragas(yes, [f"S{i}." for i in range(10_001)], policy=policy)
    assert (over.status, over.cause, over.value) == (Status.UNDETERMINED, Cause.COUNT_MISMATCH, None)
    assert over.statement_count == 10_001 and over.warnings == (ScoreWarning.FEWER_VERDICTS,)
    assert over.verdicts == ()  # not 10,001 pairs: the reason says why
    assert "10,001 statements, more than the 10,000 verdicts read" in over.reason
    # Call 1 as text, every line break counted: the same.
    case = Case(id="c", statements_output="A statement.\u2028" * 10_001, grader_output=HEADER + " Yes.")
    assert get_scorer("ragas").score(case).cause is Cause.COUNT_MISMATCH


def test_verdict_ratio_divides_by_verdicts_returned() -> None:
    assert ragas(HEADER + " Yes. Yes.", policy="verdict_ratio").value == 1.0
    assert ragas(HEADER + " Yes. No. Yes. No.", policy="verdict_ratio").value == 0.5


def test_pass_uses_javascript_epsilon() -> None:
    assert ragas(HEADER + " Yes. No. Yes.", threshold=2 / 3 + 1e-16).passed is True
    assert ragas(HEADER + " Yes. No. Yes.", threshold=0.67).passed is False


def test_reason_is_one_sentence_with_the_numbers() -> None:
    score = ragas(HEADER + " Yes. No. Yes.", threshold=0.7)
    assert score.reason == (
        "Faithfulness 0.67 < 0.7: 2 of 3 statements supported; verdicts from the final verdict line"
    )


def test_unknown_policy_is_rejected() -> None:
    with pytest.raises(ValueError):
        get_scorer("ragas", policy="lenient")


def test_verdicts_carry_statement_and_reason() -> None:
    score = ragas(json.dumps(items(1, 0, 1)))
    assert score.verdicts[1].statement == THREE[1] and score.verdicts[1].reason == "r"
    assert MismatchPolicy("unsupported") is MismatchPolicy.UNSUPPORTED
