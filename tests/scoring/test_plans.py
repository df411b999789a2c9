"""The three fix plans of the seed documents, as their code reads (docs/scoring-plans.md).

Each plan's own test list, every fallback, the spec's example outputs worked out by
hand from each plan's code, and totality on arbitrary text.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat import Case, Status, VerdictFormat, get_scorer
from compat.rollout.gate.strategies import case_text
from compat.scoring import NUMBER_EPSILON, Score
from compat.scoring.plans import SCORERS, Invention, invented, is_invented
from compat.scoring.plans.js_json import _JS_DECODER, BUILD_DEPTH, _parse_iteratively, js_json_parse
from compat.scoring.plans.minimal import MINIMAL_REFUSAL_PATTERNS
from compat.scoring.plans.parser import PARSER_REFUSAL_PATTERNS

MINIMAL, PARSER, PORT = "plan-minimal", "plan-parser", "plan-ragas-port"
PLANS = (MINIMAL, PARSER, PORT)
THREE = "Statement one.\nStatement two.\nStatement three."
FIVE = "S1.\nS2.\nS3.\nS4.\nS5."
HEADER = "Final verdict for each statement in order:"
APOLOGY = "I apologize, but I cannot create statements or provide an analysis based on the given context."
MINIMAL_LOG = " [logged: Faithfulness calculation: No verdicts found in LLM response]"
PORT_LOG = " [logged: Unable to parse verdict format, returning neutral verdicts]"
NEUTRAL, ZERO = Invention.NEUTRAL, Invention.ZERO


def run(
    name: str,
    grader_output: str,
    statements_output: str | None = THREE,
    threshold: float = 0.5,
    statements: list[str] | None = None,
) -> Score:
    case = Case(
        id="c",
        statements_output=statements_output,
        statements=statements,
        grader_output=grader_output,
        threshold=threshold,
    )
    return get_scorer(name).score(case)


def outcome(score: Score) -> tuple[float | None, bool, str, Invention | None]:
    return score.value, score.passed, score.reason, invented(score)


def verdicts_json(*verdicts: object, wrap: bool = True) -> str:
    items = [{"statement": f"s{i}", "reason": "r", "verdict": v} for i, v in enumerate(verdicts)]
    return json.dumps({"statements": items} if wrap else items)


# ------------------------------------------------------------------ registry


def test_every_plan_is_registered_under_its_name() -> None:
    assert set(SCORERS) == set(PLANS)
    for name in PLANS:
        scorer = get_scorer(name)
        assert scorer.name == name
        assert scorer.score(Case(id="c", statements_output="A.", grader_output=HEADER + " Yes.")).scorer == name


# ------------------------------------------------------------------ the spec's examples, by hand

# legacy-scorer.md's checked examples (3 statements unless said), through each plan's code.
EXPLAINED = (
    "Statement one is supported. Verdict: Yes.\nStatement two is not. Verdict: No.\n"
    "Statement three is supported. Verdict: Yes.\n" + HEADER + " Yes. No. Yes."
)
SPEC_EXAMPLES: list[Any] = [
    # minimal: 1 - 1/3. parser and port: 2/3 (a ratio, not one minus a ratio: one ulp apart).
    (THREE, EXPLAINED, MINIMAL, (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", None)),
    (THREE, EXPLAINED, PARSER, (0.6666666666666666, True, "Faithfulness 0.67 is >= 0.5", None)),
    (THREE, EXPLAINED, PORT, (0.6666666666666666, True, "Faithfulness 0.67 is >= 0.5", None)),
    # The refusal: minimal and parser say refused (0); port finds no header: every verdict 0.
    (THREE, APOLOGY, MINIMAL, (0.0, False, "LLM refused to provide faithfulness verdicts", ZERO)),
    (THREE, APOLOGY, PARSER, (0.0, False, "LLM refused to provide faithfulness verdicts", ZERO)),
    (THREE, APOLOGY, PORT, (0.0, False, "Faithfulness 0.00 is < 0.5" + PORT_LOG, ZERO)),
    # Six "Verdict: No." for five statements: minimal clamps 6/5 to 1 (no -0.2); parser reads
    # six markers and truncates to five; port cannot parse (no header): every verdict 0.
    (FIVE, "Verdict: No.\n" * 6, MINIMAL, (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
    (FIVE, "Verdict: No.\n" * 6, PARSER, (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
    (FIVE, "Verdict: No.\n" * 6, PORT, (0.0, False, "Faithfulness 0.00 is < 0.5" + PORT_LOG, ZERO)),
    # Four "No." for three statements: clamp (minimal), truncation to 3 (parser), 0/4 (port).
    (THREE, HEADER + " No. No. No. No.", MINIMAL, (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
    (THREE, HEADER + " No. No. No. No.", PARSER, (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
    (THREE, HEADER + " No. No. No. No.", PORT, (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
    # Enumerated: pieces 1, Yes, 2, Yes, 3, Yes. minimal: 3 "no"s of 3 -> 0. parser: the first
    # three (1, Yes, 2) -> 1/3. port: all six -> 3/6, which passes.
    (THREE, HEADER + " 1. Yes. 2. Yes. 3. Yes.", MINIMAL, (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
    (THREE, HEADER + " 1. Yes. 2. Yes. 3. Yes.", PARSER, (1 / 3, False, "Faithfulness 0.33 is < 0.5", None)),
    (THREE, HEADER + " 1. Yes. 2. Yes. 3. Yes.", PORT, (0.5, True, "Faithfulness 0.50 is >= 0.5", None)),
    # "verdict:no" is missed by all. minimal: one "verdict: no" -> 1 - 1/3. parser: markers
    # [no, yes], truncated to 2 -> 1/2. port: no header -> every verdict 0.
    (
        THREE,
        "Verdict: NO.\nverdict:no.\nVerdict: Yes.",
        MINIMAL,
        (1 - 1 / 3, True, "Faithfulness 0.67 is >= 0.5", None),
    ),
    (THREE, "Verdict: NO.\nverdict:no.\nVerdict: Yes.", PARSER, (0.5, True, "Faithfulness 0.50 is >= 0.5", None)),
    (
        THREE,
        "Verdict: NO.\nverdict:no.\nVerdict: Yes.",
        PORT,
        (0.0, False, "Faithfulness 0.00 is < 0.5" + PORT_LOG, ZERO),
    ),
    # Zero statements (legacy: -Infinity and NaN): every plan returns 0 with its own reason.
    ("  \n \n", "Verdict: No.", MINIMAL, (0.0, False, "No statements found for faithfulness calculation", ZERO)),
    ("  \n \n", "Verdict: No.", PARSER, (0.0, False, "No statements generated for faithfulness calculation", ZERO)),
    ("  \n \n", "Verdict: No.", PORT, (0.0, False, "No statements generated for faithfulness calculation", ZERO)),
    ("  \n \n", HEADER + " Yes.", MINIMAL, (0.0, False, "No statements found for faithfulness calculation", ZERO)),
    ("  \n \n", HEADER + " Yes.", PARSER, (0.0, False, "No statements generated for faithfulness calculation", ZERO)),
    ("  \n \n", HEADER + " Yes.", PORT, (0.0, False, "No statements generated for faithfulness calculation", ZERO)),
    # Blank lines dropped: two statements, one of two supported, everywhere.
    ("A.\n\nB.\n", HEADER + " Yes. No.", MINIMAL, (0.5, True, "Faithfulness 0.50 is >= 0.5", None)),
    ("A.\n\nB.\n", HEADER + " Yes. No.", PARSER, (0.5, True, "Faithfulness 0.50 is >= 0.5", None)),
    ("A.\n\nB.\n", HEADER + " Yes. No.", PORT, (0.5, True, "Faithfulness 0.50 is >= 0.5", None)),
    # Empty call 2: the existing "No output" (minimal, parser); port's evaluateVerdicts throws: 0.5.
    (THREE, "", MINIMAL, (0.0, False, "No output", ZERO)),
    (THREE, "", PARSER, (0.0, False, "No output", ZERO)),
    (THREE, "", PORT, (0.5, False, "Faithfulness calculation error: Verdict evaluation failed", NEUTRAL)),
]

# The README's case (the RAGAS docs' Super Bowl example): one supported, one contradicted.
SUPERBOWL_CALL_1 = "The first Super Bowl was held on January 15, 1967.\nThe first Super Bowl was held in Florida."
SUPERBOWL_CALL_2 = (
    "Statement 1: supported. Verdict: Yes.\nStatement 2: contradicted. Verdict: No.\n" + HEADER + " Yes. No."
)


@pytest.mark.parametrize(("call_1", "call_2", "name", "expected"), SPEC_EXAMPLES)
def test_spec_examples(call_1: str, call_2: str, name: str, expected: tuple[Any, ...]) -> None:
    assert outcome(run(name, call_2, call_1)) == expected


@pytest.mark.parametrize("name", PLANS)
def test_superbowl_example(name: str) -> None:
    assert outcome(run(name, SUPERBOWL_CALL_2, SUPERBOWL_CALL_1)) == (0.5, True, "Faithfulness 0.50 is >= 0.5", None)


@pytest.mark.parametrize("name", PLANS)
def test_a_list_stands_in_for_call_one_blank_entries_dropped(name: str) -> None:
    score = run(name, HEADER + " Yes. No.", statements_output=None, statements=["A.", "  ", "B."])
    assert (score.value, score.statement_count) == (0.5, 2)


# ------------------------------------------------------------------ plan-minimal (seed 000)


def test_minimal_no_verdicts_is_maximum_penalty() -> None:
    """Step 5: "Test case with no verdicts": neither format, not a refusal -> score 1.0 -> 0."""
    score = run(MINIMAL, "The context mentions Paris.")
    assert outcome(score) == (0.0, False, "Faithfulness 0.00 is < 0.5" + MINIMAL_LOG, ZERO)
    assert score.format is None


def test_minimal_all_yes_markers_fall_into_no_verdicts() -> None:
    """The plan only recognises "verdict: no": an output of only "Verdict: Yes" scores 0."""
    score = run(MINIMAL, "Verdict: Yes.\nVerdict: Yes.\nVerdict: Yes.")
    assert outcome(score) == (0.0, False, "Faithfulness 0.00 is < 0.5" + MINIMAL_LOG, ZERO)


@pytest.mark.parametrize("pattern", MINIMAL_REFUSAL_PATTERNS)
def test_minimal_refusal_patterns(pattern: str) -> None:
    """Step 5: "Test case with refusal response": each pattern, in any case (the text is lower-cased)."""
    assert outcome(run(MINIMAL, f"Well, {pattern.upper()} do that.")) == (
        0.0,
        False,
        "LLM refused to provide faithfulness verdicts",
        ZERO,
    )


def test_minimal_the_issue_example() -> None:
    """Manual testing with the issue's example: legacy scored the apology 1.0; the plan says refused."""
    assert get_scorer("legacy").score(Case(id="c", statements_output=THREE, grader_output=APOLOGY)).value == 1.0
    assert run(MINIMAL, APOLOGY).reason == "LLM refused to provide faithfulness verdicts"


def test_minimal_refusal_is_only_checked_without_verdicts() -> None:
    score = run(MINIMAL, "I apologize for the length.\n" + HEADER + " Yes. Yes. Yes.")
    assert outcome(score) == (1.0, True, "Faithfulness 1.00 is >= 0.5", None)


def test_minimal_empty_statements() -> None:
    """Step 5: "Test case with empty statements": checked right after splitting, before call 2."""
    assert outcome(run(MINIMAL, "", statements_output=" \n\t")) == (
        0.0,
        False,
        "No statements found for faithfulness calculation",
        ZERO,
    )
    assert run(MINIMAL, "x", statements_output="").reason == "No output"


@pytest.mark.parametrize(
    ("statements_output", "grader_output"),
    [
        (FIVE, "Verdict: No.\n" * 6),  # the reported -0.2
        (THREE, HEADER + " No. No. No. No."),
        (THREE, HEADER + " No. No. No. No. That is all."),
        ("A.", "verdict: no " * 50),
    ],
)
def test_minimal_negative_scores_are_clamped(statements_output: str, grader_output: str) -> None:
    """Step 5: "edge cases that could produce negative scores": the clamp makes them 0."""
    legacy = get_scorer("legacy").score(Case(id="c", statements_output=statements_output, grader_output=grader_output))
    assert legacy.value is not None and legacy.value < 0
    assert run(MINIMAL, grader_output, statements_output).value == 0.0


@pytest.mark.parametrize(
    "grader_output",
    [EXPLAINED, HEADER + " Yes. No. Yes.", "Verdict: No.\nVerdict: Yes.\nVerdict: Yes.", HEADER + " yes. yes. yes."],
)
def test_minimal_keeps_legacy_results_within_range(grader_output: str) -> None:
    """Regression: where legacy finds verdicts and scores in [0, 1], the plan gives the same result."""
    legacy = get_scorer("legacy").score(Case(id="c", statements_output=THREE, grader_output=grader_output))
    assert outcome(run(MINIMAL, grader_output)) == (legacy.value, legacy.passed, legacy.reason, None)


def test_minimal_legacy_header_is_case_insensitive() -> None:
    """The plan keeps the existing lower-casing: a lower-case header is still read (unlike the other plans)."""
    assert run(MINIMAL, HEADER.lower() + " YES. NO. YES.").value == 1 - 1 / 3


# ------------------------------------------------------------------ plan-parser (seed 002)


def test_parser_perfect_ragas_json_array() -> None:
    """Test Cases 1: perfect RAGAS JSON (as a bare array, the only JSON shape parseVerdicts reads)."""
    score = run(PARSER, verdicts_json(1, 0, 1, wrap=False))
    assert outcome(score) == (2 / 3, True, "Faithfulness 0.67 is >= 0.5", None)
    assert score.format is VerdictFormat.JSON
    assert [v.verdict for v in score.verdicts] == [1, 0, 1]
    assert [v.statement for v in score.verdicts] == ["Statement one.", "Statement two.", "Statement three."]


def test_parser_ragas_object_shape_is_not_read() -> None:
    """{"statements": [...]} is not an array: text parsing finds nothing, so the neutral 0.5."""
    assert outcome(run(PARSER, verdicts_json(1, 1, 1))) == (0.5, False, "No faithfulness verdicts provided", NEUTRAL)


def test_parser_ragas_json_missing_fields() -> None:
    """Test Cases 1: missing statement and reason are defaulted; a missing verdict in item 0 rejects the array."""
    assert run(PARSER, '[{"verdict": 1}, {"verdict": 1}, {}]').value == 2 / 3
    assert outcome(run(PARSER, '[{"statement": "a", "reason": "r"}]')) == (
        0.5,
        False,
        "No faithfulness verdicts provided",
        NEUTRAL,
    )


def test_parser_ragas_json_extra_fields_are_ignored() -> None:
    assert run(PARSER, '[{"verdict": 1, "confidence": 0.2, "x": [1]}, {"verdict": 0, "y": null}]').value == 0.5


@pytest.mark.parametrize(
    ("verdict", "value"), [("1", 1.0), ("1.0", 1.0), ("1e0", 1.0), ('"1"', 0.0), ("true", 0.0), ("2", 0.0)]
)
def test_parser_verdict_is_strictly_equal_to_one(verdict: str, value: float) -> None:
    """``v.verdict === 1``: the number 1 however written; "1" and true are 0."""
    assert run(PARSER, f'[{{"verdict": {verdict}}}]', statements_output="A.").value == value


def test_parser_perfect_legacy_text() -> None:
    """Test Cases 2: perfect text format: the pieces after the header, "yes" -> 1."""
    score = run(PARSER, HEADER + " Yes. No. Yes.")
    assert outcome(score) == (2 / 3, True, "Faithfulness 0.67 is >= 0.5", None)
    assert score.format is VerdictFormat.TEXT_FINAL_LINE


@pytest.mark.parametrize(
    ("grader_output", "expected"),
    [
        # The header test is case-sensitive on the raw text: a lower-case header is not found,
        # and no "verdict: yes/no" marker follows it either: nothing, neutral 0.5.
        (HEADER.lower() + " yes. no. yes.", (0.5, False, "No faithfulness verdicts provided", NEUTRAL)),
        # Commas: one piece "Yes, No, Yes" -> 0; truncated to one verdict -> 0/1.
        (HEADER + " Yes, No, Yes", (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
        # "Yes!" is not "yes": one piece "Yes! Yes! Yes!" -> 0.
        (HEADER + " Yes! Yes! Yes!", (0.0, False, "Faithfulness 0.00 is < 0.5", None)),
        # Each piece is trimmed and lower-cased before the comparison.
        (HEADER + " YES. yes. Yes.", (1.0, True, "Faithfulness 1.00 is >= 0.5", None)),
        # Per-statement markers: parseIndividualVerdictPatterns.
        ("Verdict: Yes.\nVerdict: No.\nVerdict: Yes.", (2 / 3, True, "Faithfulness 0.67 is >= 0.5", None)),
        # Trailing prose after the final line is one more (0) verdict, cut by truncation here.
        (HEADER + " Yes. Yes. Yes.\n\nThat is all.", (1.0, True, "Faithfulness 1.00 is >= 0.5", None)),
        (HEADER + " Yes. Yes.\n\nThat is all.", (2 / 3, True, "Faithfulness 0.67 is >= 0.5", None)),
    ],
)
def test_parser_legacy_text_variations(grader_output: str, expected: tuple[Any, ...]) -> None:
    """Test Cases 2: variations and malformed text."""
    assert outcome(run(PARSER, grader_output)) == expected


def test_parser_header_with_nothing_after_it() -> None:
    """parseLegacyVerdictFormat returns [] (no refusal check there); calculateFaithfulness checks again."""
    assert run(PARSER, HEADER).reason == "No faithfulness verdicts provided"
    assert run(PARSER, "I cannot say. " + HEADER).reason == "LLM refused to provide faithfulness verdicts"


@pytest.mark.parametrize("pattern", PARSER_REFUSAL_PATTERNS)
def test_parser_refusal_patterns(pattern: str) -> None:
    """Test Cases 3: various refusal patterns, anywhere in the text, any case."""
    assert outcome(run(PARSER, "x" * 5000 + pattern.title())) == (
        0.0,
        False,
        "LLM refused to provide faithfulness verdicts",
        ZERO,
    )


def test_parser_refusal_loses_to_individual_verdicts_only_when_it_is_one() -> None:
    # A refusal pattern is checked before the per-statement markers: they are never read.
    assert run(PARSER, "I cannot be sure. Verdict: Yes. Verdict: Yes. Verdict: Yes.").value == 0.0
    assert run(PARSER, "Unsure. Verdict: Yes. Verdict: Yes. Verdict: Yes.").value == 1.0


def test_parser_empty_and_unrelated_responses() -> None:
    """Test Cases 3: empty is the existing "No output"; unrelated text is the neutral 0.5, failing."""
    assert outcome(run(PARSER, "")) == (0.0, False, "No output", ZERO)
    assert outcome(run(PARSER, "The weather is nice.")) == (0.5, False, "No faithfulness verdicts provided", NEUTRAL)


@pytest.mark.parametrize("threshold", [0.0, 0.5])
def test_parser_neutral_score_never_passes(threshold: float) -> None:
    """pass: false is hard-coded, even where 0.5 >= threshold."""
    assert run(PARSER, "The weather is nice.", threshold=threshold).passed is False


@pytest.mark.parametrize(
    ("statements_output", "grader_output", "value"),
    [
        ("A.\nB.", HEADER + " Yes. Yes. No. No.", 1.0),  # more verdicts: the extra "No"s are cut
        (THREE, HEADER + " No. Yes.", 0.5),  # fewer verdicts: divide by the two given
        (THREE, "Verdict: No.", 0.0),
        ("A.\nB.", '[{"verdict": 1}, {"verdict": 1}, {"verdict": 0}]', 1.0),
        (FIVE, '[{"verdict": 1}]', 1.0),  # one verdict for five statements: 1/1
    ],
)
def test_parser_truncates_to_the_shorter_list(statements_output: str, grader_output: str, value: float) -> None:
    """Test Cases 4: more and fewer verdicts than statements: "Use minimum count"."""
    score = run(PARSER, grader_output, statements_output)
    assert score.value == value
    assert len(score.verdicts) == min(len(score.verdicts), score.statement_count)


@pytest.mark.parametrize(
    "grader_output",
    [
        '[{"verdict": 1},]',  # trailing comma
        '[{"verdict": NaN}]',  # not JSON to JSON.parse (Python would accept it)
        "[{'verdict': 1}]",  # single quotes
        '```json\n[{"verdict": 1}]\n```',  # a fence
        'Here: [{"verdict": 1}]',  # prose around it
        '\ufeff[{"verdict": 1}]',  # a BOM is not JSON whitespace
        '[{"verdict": 1}, null]',  # null.statement throws inside the try
    ],
)
def test_parser_invalid_json_goes_to_text_parsing(grader_output: str) -> None:
    """Test Cases 4: invalid JSON and non-JSON text; JSON.parse reads the whole text strictly or not at all."""
    assert outcome(run(PARSER, grader_output)) == (0.5, False, "No faithfulness verdicts provided", NEUTRAL)


def test_parser_json_whitespace_around_is_fine() -> None:
    assert run(PARSER, ' \n\t[{"verdict": 1}]\r\n ', statements_output="A.").value == 1.0


def test_parser_division_by_zero_is_prevented() -> None:
    """Test Cases 5: no statements -> 0 with a reason, after call 2 (an empty call 2 says "No output" first)."""
    assert run(PARSER, "Verdict: Yes.", statements_output=" ").reason == (
        "No statements generated for faithfulness calculation"
    )
    assert run(PARSER, "", statements_output=" ").reason == "No output"


def test_parser_json_path_has_no_refusal_check() -> None:
    assert run(PARSER, '[{"verdict": 0, "reason": "I cannot determine this"}]').value == 0.0


# ------------------------------------------------------------------ plan-ragas-port (seed 001)


def test_port_generates_statements_from_text_and_json() -> None:
    """Phase 9 "should generate statements from answer": splitIntoSentences, or RAGAS JSON."""
    assert (
        run(PORT, HEADER + " Yes.", "AI is artificial intelligence.\nIt mimics human cognition.").statement_count == 2
    )
    call_1 = json.dumps({"statements": ["AI is artificial intelligence.", "It mimics human cognition."]})
    assert run(PORT, HEADER + " Yes. No.", call_1).statement_count == 2


def test_port_json_statements_are_kept_as_they_are() -> None:
    """parsed.statements is returned untouched: blanks, numbers and null all count."""
    score = run(PORT, HEADER + " Yes. Yes. Yes. Yes.", '{"statements": ["", 7, null, "A"]}')
    assert score.statement_count == 4 and score.value == 1.0
    assert [v.statement for v in score.verdicts] == ["Statement 1", "Statement 2", "Statement 3", "A"]
    # Other shapes are split into lines: the JSON text is one statement.
    assert run(PORT, HEADER + " Yes.", '{"statements": "A. B."}').statement_count == 1
    assert run(PORT, HEADER + " Yes.", "null").statement_count == 1  # null.statements throws: split


def test_port_empty_answers() -> None:
    """Phase 9 "should handle empty answers": no statements -> 0; an empty call 1 throws -> 0.5."""
    assert outcome(run(PORT, HEADER + " Yes.", '{"statements": []}')) == (
        0.0,
        False,
        "No statements generated for faithfulness calculation",
        ZERO,
    )
    assert outcome(run(PORT, HEADER + " Yes.", "")) == (
        0.5,
        False,
        "Faithfulness calculation error: Statement generation failed",
        NEUTRAL,
    )


def test_port_evaluates_one_verdict_per_statement() -> None:
    """Phase 9 "should evaluate statements against context" and "should handle JSON output format"."""
    two = "AI is artificial intelligence.\nIt mimics human cognition."
    text = run(PORT, HEADER + " Yes. No.", two)
    assert len(text.verdicts) == 2 and [v.statement for v in text.verdicts] == two.split("\n")
    assert all(v.verdict is not None for v in run(PORT, verdicts_json(1, 0), two).verdicts)


def test_port_score_calculation() -> None:
    """Phase 9 "should calculate score correctly" ([1, 0] -> 0.5) and "should handle empty verdicts"."""
    assert run(PORT, verdicts_json(1, 0), "Test\nTest").value == 0.5
    assert outcome(run(PORT, '{"statements": []}')) == (0.0, False, "No verdicts provided", ZERO)
    assert outcome(run(PORT, HEADER)) == (0.0, False, "No verdicts provided", ZERO)


@pytest.mark.parametrize(
    "grader_output", [HEADER + " Yes.", verdicts_json(1), APOLOGY, "", "garbage", '{"statements": [{}]}']
)
def test_port_end_to_end_is_within_range(grader_output: str) -> None:
    """Phase 9 "should work end-to-end": pass defined, score in [0, 1]."""
    score = run(PORT, grader_output, "AI is artificial intelligence.")
    assert isinstance(score.passed, bool) and score.value is not None and 0 <= score.value <= 1


def test_port_falls_back_to_neutral_on_error() -> None:
    """Phase 9 "should fallback gracefully on error": 0.5. The only errors are the empty calls."""
    assert run(PORT, "").value == 0.5
    assert run(PORT, "x", statements_output="").value == 0.5


@pytest.mark.parametrize(
    "grader_output",
    [
        APOLOGY,
        "Verdict: Yes.\nVerdict: Yes.\nVerdict: Yes.",
        HEADER.lower() + " yes. yes. yes.",
        "```json\n" + verdicts_json(1, 1, 1) + "\n```",
        verdicts_json(1, 1, 1, wrap=False),  # a bare array has no .statements
        "{'statements': [{'verdict': 1}]}",
    ],
)
def test_port_unable_to_parse_makes_every_verdict_zero(grader_output: str) -> None:
    score = run(PORT, grader_output)
    assert outcome(score) == (0.0, False, "Faithfulness 0.00 is < 0.5" + PORT_LOG, ZERO)
    assert [(v.verdict, v.reason) for v in score.verdicts] == [(0, "Unable to determine faithfulness")] * 3


def test_port_made_up_zeros_pass_a_zero_threshold() -> None:
    assert outcome(run(PORT, APOLOGY, threshold=0.0)) == (0.0, True, "Faithfulness 0.00 is >= 0" + PORT_LOG, ZERO)


def test_port_divides_by_the_verdicts_returned() -> None:
    """No truncation: five "yes" for three statements is 1; one "yes" and one "no" for three is 0.5."""
    assert run(PORT, verdicts_json(1, 1, 1, 1, 1)).value == 1.0
    assert run(PORT, HEADER + " Yes. No.").value == 0.5
    assert run(PORT, HEADER + " Yes. Yes. Yes. No. No. No. No. No.").value == 3 / 8


@pytest.mark.parametrize(("verdict", "value"), [("1", 1.0), ("1.0", 1.0), ('"1"', 0.0), ("true", 0.0), ('"yes"', 0.0)])
def test_port_verdict_is_strictly_equal_to_one(verdict: str, value: float) -> None:
    assert run(PORT, f'{{"statements": [{{"verdict": {verdict}}}]}}', "A.").value == value


def test_port_null_item_goes_to_text_parsing() -> None:
    """s.statement on null throws inside the try; the catch parses the text: no header, every verdict 0."""
    assert run(PORT, '{"statements": [{"verdict": 1}, null]}').reason.endswith(PORT_LOG)


# ------------------------------------------------------------------ JavaScript numerics


@pytest.mark.parametrize("name", [PARSER, PORT])
def test_pass_rule_has_number_epsilon_and_threshold_prints_like_javascript(name: str) -> None:
    """3/10 = 0.3 passes 0.1 + 0.2 = 0.30000000000000004 only thanks to Number.EPSILON."""
    ten = "\n".join(f"S{i}." for i in range(10))
    score = run(name, HEADER + " Yes. Yes. Yes." + " No." * 7, ten, threshold=0.1 + 0.2)
    assert score.value == 0.3 and 0.3 < 0.1 + 0.2 and 0.1 + 0.2 - NUMBER_EPSILON <= 0.3
    assert (score.passed, score.reason) == (True, "Faithfulness 0.30 is >= 0.30000000000000004")


@pytest.mark.parametrize("name", PLANS)
def test_reason_rounds_like_to_fixed(name: str) -> None:
    """toFixed(2) on the exact double: 1/8 = 0.125 -> "0.13" (Python's format says 0.12)."""
    eight = "\n".join(f"S{i}." for i in range(8))
    verdicts = " Yes." + " No." * 7 if name != MINIMAL else " No." * 7 + " Yes."
    score = run(name, HEADER + verdicts, eight, threshold=1)
    assert score.reason == "Faithfulness 0.13 is < 1" and score.value == 0.125


# ------------------------------------------------------------------ invented values


def test_invented_kinds() -> None:
    assert invented(run(PARSER, "nothing here")) is NEUTRAL
    assert invented(run(PORT, "")) is NEUTRAL
    assert invented(run(MINIMAL, "nothing here")) is ZERO
    assert invented(run(PORT, "nothing here")) is ZERO
    assert not is_invented(run(PORT, HEADER + " No. No. No."))  # a real 0
    assert not is_invented(get_scorer("legacy").score(Case(id="c", statements_output="A.", grader_output="")))


# ------------------------------------------------------------------ JSON.parse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[1, 2.5, -0]", (True, [1.0, 2.5, 0.0])),
        (" {} ", (True, {})),
        ('"a"', (True, "a")),
        ("NaN", (False, None)),
        ("[Infinity]", (False, None)),
        ("[1,]", (False, None)),
        ("01", (False, None)),
        ('"\x01"', (False, None)),
        ("\u00a0[]", (False, None)),
        ("", (False, None)),
        ('{"a": 1, "a": 2}', (True, {"a": 2.0})),
        ("[" + "9" * 5000 + "]", (True, [math.inf])),
        ('["\\ud800"]', (True, ["\ud800"])),
    ],
)
def test_json_parse_like_javascript(text: str, expected: tuple[bool, Any]) -> None:
    assert js_json_parse(text) == expected


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("[" * 200_000 + "]" * 200_000, True),
        ("[" * 200_000 + "]" * 199_999, False),
        ('{"a":' * 50_000 + "1" + "}" * 50_000, True),
        ('{"a":' * 50_000 + "}" * 50_000, False),
        ("[{" * 50_000 + "}]" * 50_000, False),
        ('["x",' * 50_000 + "1" + "]" * 50_000, True),
    ],
)
def test_json_parse_deep_nesting_without_recursion(text: str, ok: bool) -> None:
    assert js_json_parse(text)[0] is ok


def test_deep_verdict_array_is_read_like_node() -> None:
    """node 20 parses a million levels; an item nested deep is an array, not a verdict: 0."""
    deep = '[{"verdict": 1}, ' + "[" * 100_000 + "]" * 100_000 + "]"
    assert run(PARSER, deep, "A.\nB.").value == 0.5
    deep_object = '{"statements": [{"verdict": 1, "x": ' + '{"a": [' * 2_000 + "]}" * 2_000 + "}]}"
    assert run(PORT, deep_object, "A.").value == 1.0


def _c_decode(text: str) -> tuple[bool, Any]:
    try:
        return True, _JS_DECODER.decode(text)
    except ValueError:
        return False, None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)


@given(json_values, st.integers(0, 200), st.sampled_from(["", "[", "]", "{", "}", ",", ":", '"', "\\", " ", "0", "e"]))
@example(None, 0, "")
@example([1], 1, "]")
@example({"": [{}]}, 3, ",")
def test_iterative_parser_agrees_with_the_decoder(value: Any, at: int, edit: str) -> None:
    """Valid or broken by one edit, the iterative parser and the C decoder say the same."""
    text = json.dumps(value, allow_nan=True)
    at = min(at, len(text))
    text = text[:at] + edit + text[at + (1 if edit == "" else 0) :]
    assert _parse_iteratively(text) == _c_decode(text)


def test_build_depth_covers_what_the_plans_read() -> None:
    assert BUILD_DEPTH >= 3  # parsed.statements[i].verdict


# ------------------------------------------------------------------ totality


@pytest.mark.parametrize("name", PLANS)
@given(call_1=case_text, call_2=case_text, threshold=st.sampled_from([0.0, 0.5, 0.7, 1.0]))
@example(call_1="A.", call_2="\ud800", threshold=0.5)
@example(call_1="[" * 5000 + "]" * 5000, call_2="{" * 5000, threshold=0.5)
@example(call_1='{"statements": [null]}', call_2='{"statements": [1, "x", [], {"verdict": 1}]}', threshold=0.5)
def test_every_plan_is_total_and_within_range(name: str, call_1: str, call_2: str, threshold: float) -> None:
    """Any text gives a scored value in [0, 1]; an invented value is exactly 0.5 or 0."""
    score = get_scorer(name).score(Case(id="c", statements_output=call_1, grader_output=call_2, threshold=threshold))
    assert score.status is Status.SCORED and score.value is not None
    assert 0.0 <= score.value <= 1.0
    assert score.passed == (score.passed and score.value >= threshold - NUMBER_EPSILON)
    kind = invented(score)
    if kind is NEUTRAL:
        assert score.value == 0.5 and not score.passed
    elif kind is ZERO:
        assert score.value == 0.0


BIG = 10 * 1024 * 1024


@pytest.mark.slow
@pytest.mark.parametrize("name", PLANS)
@pytest.mark.parametrize(
    "grader_output",
    [
        HEADER + " Yes." * (BIG // 5),
        "verdict: no " * (BIG // 12),
        "[" * (BIG // 2) + "]" * (BIG // 2),
        '{"a":' * (BIG // 5),
        "\ud800" * BIG,
    ],
    ids=["final-line", "markers", "deep-valid", "deep-garbage", "surrogates"],
)
def test_ten_megabytes(name: str, grader_output: str) -> None:
    score = run(name, grader_output)
    assert score.value is not None and 0 <= score.value <= 1
