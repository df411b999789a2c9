"""Outcomes, drift causes and arm names: the words every module of the diff stage shares, so below them all."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from compat.cases import ArmName

# Scores this close are a match, wherever two are compared (the diff, the golden outcomes).
DEFAULT_TOLERANCE = 1e-9


class Outcome(str, Enum):
    MATCH = "match"  # same pass/fail, scores within tolerance
    DRIFT = "drift"  # same pass/fail, scores differ
    FLIP = "flip"  # pass/fail changed
    CANDIDATE_UNDETERMINED = "candidate_undetermined"  # the candidate declined to score
    LEGACY_INVALID = "legacy_invalid"  # the control's score is NaN, infinite or outside [0, 1]
    SCORER_ERROR = "scorer_error"  # an arm raised or flagged an error instead of scoring (upstream versions)
    GRADER_ERROR = "grader_error"  # a recorded grader call failed after its retries: an arm has no output
    WITHIN_NOISE = "within_noise"  # differs by no more than the grader differs from itself (--samples)
    NOT_RECORDED = "not_recorded"  # the case records other arms than the one a side scores: nothing to compare


# Each outcome as the headline names it; the core five always, the rarer ones where they occur.
_NAMED = {
    Outcome.MATCH.value: "match",
    Outcome.DRIFT.value: "drift",
    Outcome.FLIP.value: "flips",
    Outcome.CANDIDATE_UNDETERMINED.value: "undetermined",
    Outcome.LEGACY_INVALID.value: "legacy invalid",
    Outcome.SCORER_ERROR.value: "scorer errors",
    Outcome.GRADER_ERROR.value: "grader errors",
    Outcome.WITHIN_NOISE.value: "within noise",
    Outcome.NOT_RECORDED.value: "not recorded",
}
_ALWAYS_NAMED = frozenset(list(_NAMED)[:5])
# The outcomes a case in the flip matrix's off-diagonal cells can have (the control scored, pass/fail changed).
FLIP_OUTCOMES = (Outcome.FLIP.value, Outcome.WITHIN_NOISE.value, Outcome.LEGACY_INVALID.value)


def outcome_counts(outcomes: Mapping[str, int], *, every: bool = True) -> str:
    """``90 match, 96 drift, ...``: every outcome that occurs, adding up to the cases (and, with
    ``every``, the core five even where none occurs)."""
    named = [name for name in _NAMED if (every and name in _ALWAYS_NAMED) or outcomes.get(name)]
    return ", ".join(f"{outcomes.get(name, 0)} {_NAMED[name]}" for name in named)


class DriftCause(str, Enum):
    """Why two scores differ. Descriptions live in ``CAUSE_DESCRIPTIONS``."""

    REFUSAL_SCORED_AS_FAITHFUL = "refusal_scored_as_faithful"
    NO_VERDICTS_SCORED_AS_FAITHFUL = "no_verdicts_scored_as_faithful"
    UNCLEAR_READING = "unclear_reading"
    EMPTY_OUTPUT = "empty_output"
    ZERO_STATEMENTS = "zero_statements"
    STATEMENT_COUNT_DIFFERS = "statement_count_differs"
    JSON_VERDICTS_UNSEEN = "json_verdicts_unseen"
    NEGATIVE_LEGACY_SCORE = "negative_legacy_score"
    EXTRA_VERDICTS = "extra_verdicts"
    MISSING_VERDICTS = "missing_verdicts"
    ENUMERATION_COUNTED_AS_NO = "enumeration_counted_as_no"
    TRAILING_TEXT_COUNTED_AS_NO = "trailing_text_counted_as_no"
    VERDICT_SPELLING_VARIANT = "verdict_spelling_variant"
    FINAL_LINE_DISAGREES = "final_line_disagrees"
    MULTIPLE_FINAL_LINES = "multiple_final_lines"
    SCORER_ERROR = "scorer_error"
    VERDICT_WORD_VARIANT = "verdict_word_variant"
    REASONING_DRAFT_COUNTED = "reasoning_draft_counted"
    UNLABELLED_VERDICTS_UNSEEN = "unlabelled_verdicts_unseen"
    VERDICT_TABLE_UNSEEN = "verdict_table_unseen"
    VERDICT_PROSE_UNSEEN = "verdict_prose_unseen"
    GRADER_ERROR = "grader_error"
    ARM_NOT_RECORDED = "arm_not_recorded"
    PROMPTS_DIFFER = "prompts_differ"
    MODEL_DIFFERS = "model_differs"
    VERIFIER_DIFFERS = "verifier_differs"
    GRADER_NOISE = "grader_noise"
    UNEXPLAINED = "unexplained"


CAUSE_DESCRIPTIONS: dict[DriftCause, str] = {
    DriftCause.REFUSAL_SCORED_AS_FAITHFUL: "the grader refused; legacy counts no 'no' and scores it 1.0, "
    "the fixed scorer says undetermined",
    DriftCause.NO_VERDICTS_SCORED_AS_FAITHFUL: "the output holds no usable verdict; legacy scores it as if "
    "every statement were supported, the fixed scorer says undetermined",
    DriftCause.UNCLEAR_READING: "the grader's output reads two ways (two readings of its verdicts disagree, or "
    "a reading leaves verdict words unread); legacy scores one of them, the fixed scorer says undetermined and "
    "names both",
    DriftCause.EMPTY_OUTPUT: "a grader call returned nothing (or only whitespace); legacy says 0 ('No output') "
    "or 1.0, the fixed scorer says undetermined",
    DriftCause.ZERO_STATEMENTS: "call 1 produced no statements; legacy divides by zero (NaN or -Infinity)",
    DriftCause.STATEMENT_COUNT_DIFFERS: "the arms count different statements (e.g. call 1 as RAGAS JSON, "
    "whose lines legacy counts as statements)",
    DriftCause.JSON_VERDICTS_UNSEEN: "the verdicts are JSON, which the legacy text parser cannot read",
    DriftCause.NEGATIVE_LEGACY_SCORE: "more 'no' verdicts than statements pushed the legacy score below zero",
    DriftCause.EXTRA_VERDICTS: "more verdicts than statements, counted differently: legacy subtracts every "
    "'no', a truncating candidate reads the first ones, the fixed scorer the lowest consistent reading",
    DriftCause.MISSING_VERDICTS: "statements without a verdict: legacy counts them as supported, "
    "the fixed scorer as unsupported",
    DriftCause.ENUMERATION_COUNTED_AS_NO: "an enumerated final line ('1. Yes. 2. Yes.'): legacy counts "
    "every number as a 'no'",
    DriftCause.TRAILING_TEXT_COUNTED_AS_NO: "text after the final-verdict header that is not a verdict "
    "(prose, markdown, a stray character): legacy counts each '.'-separated piece of it as a 'no'",
    DriftCause.VERDICT_SPELLING_VARIANT: "verdicts spelled in a way legacy misses or merges "
    "('Verdict:no', '**Verdict:** No', 'Yes, No, Yes', a header without its colon)",
    DriftCause.FINAL_LINE_DISAGREES: "the final line contradicts the per-statement verdicts, and the arms "
    "read different ones",
    DriftCause.MULTIPLE_FINAL_LINES: "the final-verdict header occurs more than once (a self-correction, "
    "or the header echoed in a preamble): legacy reads everything after the first, the fixed scorer the "
    "last one followed by verdicts",
    DriftCause.SCORER_ERROR: "a scorer raised or flagged an error instead of scoring (promptfoo 0.123.1's "
    "grader error, the ragas library's failed parse), or raised on the case (a bug: the score's reason "
    "names the exception and where): the case has no score on that arm",
    DriftCause.VERDICT_WORD_VARIANT: "verdict words other than yes/no (Supported, Nope, True, Y/N, ✓, Oui, Sí): "
    "legacy counts every final-line piece without 'yes' as a 'no' and misses such Verdict: markers",
    DriftCause.REASONING_DRAFT_COUNTED: "a reasoning model's <think> draft holds verdicts: legacy counts them, "
    "the fixed scorer reads only the answer after the draft",
    DriftCause.UNLABELLED_VERDICTS_UNSEEN: "verdicts with neither the final-verdict header nor Verdict: markers "
    "('1. Yes' lines): legacy finds no 'no' and scores 1.0",
    DriftCause.VERDICT_TABLE_UNSEEN: "verdicts in a Markdown table's Verdict column: legacy finds no 'no' "
    "and scores 1.0",
    DriftCause.VERDICT_PROSE_UNSEEN: "verdicts written as sentences ('Statement 2 is not supported'): legacy finds "
    "no 'no' and scores 1.0",
    DriftCause.GRADER_ERROR: "a grader call of the recording failed after its retries (faithcompat grade): "
    "that arm has no output to score",
    DriftCause.ARM_NOT_RECORDED: "the case records other arms than the one a side scores (graded with --arms or "
    "--arm without it): nothing was asked, so there is nothing to compare",
    DriftCause.PROMPTS_DIFFER: "each side scored its own arm's recording (the legacy prompts' text, the RAGAS "
    "prompts' JSON): the grader said different things, so the difference mixes the parser and the prompts",
    DriftCause.MODEL_DIFFERS: "both parsers read the control arm's text alike; another grader model (or its "
    "endpoint or call options) judged differently (beyond its noise, where samples measured it)",
    DriftCause.VERIFIER_DIFFERS: "both parsers read the control arm's text alike; another verifier (hhem instead of "
    "the grader's verdict call) judged the statements differently (beyond noise, where samples measured it)",
    DriftCause.GRADER_NOISE: "the same text reads the same to both parsers, and the RAGAS prompts' score differs "
    "by no more than the grader differs from itself when asked again (--samples): noise, not a finding",
    DriftCause.UNEXPLAINED: "a difference no rule above accounts for: investigate",
}


# Causes where the two scorers read the same verdicts differently and the candidate's own
# choice decides the difference: which verdict goes to which statement, what a missing or
# extra verdict counts as, which of two final lines stands. Whatever legacy does with such
# an output, the candidate's number is its own reading: its flips count, until a person's
# reading says otherwise.
READING_DIFFERENCES: frozenset[DriftCause] = frozenset(
    {
        DriftCause.EXTRA_VERDICTS,
        DriftCause.MISSING_VERDICTS,
        DriftCause.FINAL_LINE_DISAGREES,
        DriftCause.MULTIPLE_FINAL_LINES,
    }
)

# The causes that name a mistake of the control (the legacy bugs the fixed scorer
# corrects): where one applies, and it alone makes the difference (``legacy_bug_alone``),
# the control's score is known to be wrong, and agreeing with it would be agreeing with
# the bug. The others name no mistake of the control: a scorer erred or a grader call
# failed (scorer_error, grader_error), the grader judged differently (prompts_differ,
# grader_noise), the candidate's reading chose (``READING_DIFFERENCES``), or nobody knows
# yet (unexplained).
CONTROL_BUGS: frozenset[DriftCause] = (
    frozenset(DriftCause)
    - {
        DriftCause.SCORER_ERROR,
        DriftCause.GRADER_ERROR,
        DriftCause.ARM_NOT_RECORDED,
        DriftCause.PROMPTS_DIFFER,
        DriftCause.MODEL_DIFFERS,
        DriftCause.VERIFIER_DIFFERS,
        DriftCause.GRADER_NOISE,
        DriftCause.UNEXPLAINED,
    }
    - READING_DIFFERENCES
)


# Which recording each side of a comparison scores when a case carries per-arm recordings
# (faithcompat grade): the control the legacy prompts' outputs, the candidate the RAGAS ones.
CONTROL_ARM: ArmName = "legacy"
CANDIDATE_ARM: ArmName = "ragas"
