"""One case, two scorers: the comparison, its outcome, and the named cause of any drift.

Scientist's idea for scorers: the control (``legacy``) and the candidate (``ragas``)
score the same case; the result is a frozen ``Comparison`` whose ``outcome`` says
whether they agree and whose ``cause`` names why not. A drift no rule can name is
``unexplained``: the number a migration team must drive to zero.

How a cause is found (legacy control): both arms' arithmetic is reconciled. If the
legacy parser counted exactly the "no" verdicts the fixed parser read, the drift
comes from counting (missing verdicts count as supported in legacy, extra "no"s are
subtracted); otherwise the legacy parser misread the text, and the misreading is
identified from the pieces it counted.
"""

from __future__ import annotations

import math
import re
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from compat.cases import ArmName, Case
from compat.scoring import (
    Cause,
    LegacyBreakdown,
    RagasScorer,
    Score,
    Scorer,
    ScoreWarning,
    Status,
    VerdictFormat,
    VerdictWords,
    legacy_breakdown,
    parse_verdicts,
    verdict_words,
)

if TYPE_CHECKING:  # the modules that build these import this one
    from compat.diff._decompose import Decomposition
    from compat.diff._detail import CaseDetail
    from compat.diff._observed import ObservedCheck

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


class DriftCause(str, Enum):
    """Why two scores differ. Descriptions live in ``CAUSE_DESCRIPTIONS``."""

    REFUSAL_SCORED_AS_FAITHFUL = "refusal_scored_as_faithful"
    NO_VERDICTS_SCORED_AS_FAITHFUL = "no_verdicts_scored_as_faithful"
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
    PROMPTS_DIFFER = "prompts_differ"
    GRADER_NOISE = "grader_noise"
    UNEXPLAINED = "unexplained"


CAUSE_DESCRIPTIONS: dict[DriftCause, str] = {
    DriftCause.REFUSAL_SCORED_AS_FAITHFUL: "the grader refused; legacy counts no 'no' and scores it 1.0, "
    "the fixed scorer says undetermined",
    DriftCause.NO_VERDICTS_SCORED_AS_FAITHFUL: "the output holds no usable verdict; legacy scores it as if "
    "every statement were supported, the fixed scorer says undetermined",
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
    "grader error, the ragas library's failed parse): the case has no score on that arm",
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
    DriftCause.PROMPTS_DIFFER: "each side scored its own arm's recording (the legacy prompts' text, the RAGAS "
    "prompts' JSON): the grader said different things, so the difference mixes the parser and the prompts",
    DriftCause.GRADER_NOISE: "the same text reads the same to both parsers, and the RAGAS prompts' score differs "
    "by no more than the grader differs from itself when asked again (--samples): noise, not a finding",
    DriftCause.UNEXPLAINED: "a difference no rule above accounts for: investigate",
}


# The causes that name a mistake of the control (the legacy bugs the fixed scorer
# corrects): where one applies, the control's score is known to be wrong, and agreeing
# with it would be agreeing with the bug. The others name no mistake of the control:
# a scorer erred or a grader call failed (scorer_error, grader_error), the grader judged
# differently (prompts_differ, grader_noise), or nobody knows yet (unexplained).
CONTROL_BUGS: frozenset[DriftCause] = frozenset(DriftCause) - {
    DriftCause.SCORER_ERROR,
    DriftCause.GRADER_ERROR,
    DriftCause.PROMPTS_DIFFER,
    DriftCause.GRADER_NOISE,
    DriftCause.UNEXPLAINED,
}


class Comparison(NamedTuple):
    """Both arms on one case, with the outcome and the named cause of any difference."""

    case_id: str
    tags: tuple[str, ...]
    control: Score
    candidate: Score
    delta: float | None  # candidate - control, where both are finite
    outcome: Outcome
    cause: DriftCause | None  # None exactly when the outcome is a match
    decomposition: Decomposition | None = None  # per-arm cases: the parser and prompt steps
    observed: ObservedCheck | None = None  # cases with a score promptfoo recorded
    detail: CaseDetail | None = None  # differing cases: what each side read, for a person to judge

    @property
    def explained(self) -> bool:
        return self.cause is not None and self.cause is not DriftCause.UNEXPLAINED


# Which recording each side of a comparison scores when a case carries per-arm recordings
# (faithcompat grade): the control the legacy prompts' outputs, the candidate the RAGAS ones.
CONTROL_ARM: ArmName = "legacy"
CANDIDATE_ARM: ArmName = "ragas"


def case_for_arm(case: Case, arm: ArmName, sample: int = 0) -> Case | None:
    """The case as a scorer of ``arm`` reads it: ``arm``'s own recording (its sample
    ``sample``) where the case has one, else the case's shared texts; None where the
    recording's call failed (nothing to read)."""
    if case.arms is None or case.arms.get(arm) is None:
        return case
    return case.arm_case(arm, sample)


def score_arm(scorer: Scorer, case: Case, arm: ArmName, sample: int = 0) -> Score:
    """``scorer`` on the case as ``arm`` reads it (``case_for_arm``).

    A recording whose call failed after its retries has nothing to score: the result is
    undetermined with the cause ``grader_error`` and the grader's message, never a score.
    """
    chosen = case_for_arm(case, arm, sample)
    if chosen is not None:
        return scorer.score(chosen)
    error = case.arm_error(arm, sample)
    what = f"{error.call} call failed ({error.kind}): {error.message}" if error else "no output recorded"
    return Score(
        scorer=scorer.name,
        value=None,
        status=Status.UNDETERMINED,
        passed=False,
        threshold=case.threshold,
        reason=f"Faithfulness undetermined: the {arm} arm's grader {what}",
        cause=Cause.GRADER_ERROR,
    )


def compare(
    case: Case,
    control: Score,
    candidate: Score,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    words: VerdictWords | None = None,
) -> Comparison:
    """The comparison of two scores of ``case``; pure, and total like the scorers.

    ``words``: the verdict words the candidate read with (``verdict_words_of``), default the built-in ones.
    """
    delta = None
    if control.is_finite and candidate.is_finite:
        delta = candidate.value - control.value  # type: ignore[operator]
    outcome = _outcome(control, candidate, delta, tolerance)
    cause = None if outcome is Outcome.MATCH else explain(case, control, candidate, words)
    return Comparison(case.id, case.tags, control, candidate, delta, outcome, cause)


def is_legacy_invalid(score: Score) -> bool:
    return score.value is None or not math.isfinite(score.value) or not 0.0 <= score.value <= 1.0


def outcome_of(control: Score, candidate: Score, tolerance: float = DEFAULT_TOLERANCE) -> Outcome:
    """The outcome of two scores, without looking for a cause."""
    delta = candidate.value - control.value if control.is_finite and candidate.is_finite else None  # type: ignore[operator]
    return _outcome(control, candidate, delta, tolerance)


def _outcome(control: Score, candidate: Score, delta: float | None, tolerance: float) -> Outcome:
    if Cause.GRADER_ERROR in (control.cause, candidate.cause):
        return Outcome.GRADER_ERROR
    if control.status is Status.ERROR or candidate.status is Status.ERROR:
        return Outcome.SCORER_ERROR
    if control.status is Status.SCORED and is_legacy_invalid(control):
        return Outcome.LEGACY_INVALID
    if candidate.status is Status.UNDETERMINED:
        return Outcome.CANDIDATE_UNDETERMINED
    if control.status is Status.UNDETERMINED:  # a non-legacy control may decline too
        return Outcome.FLIP if control.passed != candidate.passed else Outcome.DRIFT
    if control.passed != candidate.passed:
        return Outcome.FLIP
    if delta is None or abs(delta) > tolerance:
        return Outcome.DRIFT
    return Outcome.MATCH


_UNDETERMINED_CAUSES = {
    Cause.REFUSAL: DriftCause.REFUSAL_SCORED_AS_FAITHFUL,
    Cause.NO_VERDICTS: DriftCause.NO_VERDICTS_SCORED_AS_FAITHFUL,
    Cause.EMPTY_OUTPUT: DriftCause.EMPTY_OUTPUT,
    Cause.NO_STATEMENTS: DriftCause.ZERO_STATEMENTS,
}
_ENUMERATION_PIECE = re.compile(r"\s*(?:\(?\d{1,4}\)?|(?:statement|claim)\s*\d{1,4}\s*:?)\s*")
_NO_WORD = re.compile(r"\bno\b")


def verdict_words_of(scorer: Scorer) -> VerdictWords:
    """The verdict words ``scorer`` reads: the fixed scorer's include its vocabulary."""
    return scorer.words if isinstance(scorer, RagasScorer) else verdict_words(None)


def explain(case: Case, control: Score, candidate: Score, words: VerdictWords | None = None) -> DriftCause:
    """The named cause of the difference between ``control`` and ``candidate``.

    ``words``: the verdict words the candidate read with, to re-read the output as it did.
    """
    if Cause.GRADER_ERROR in (control.cause, candidate.cause):
        return DriftCause.GRADER_ERROR
    if case.arms is not None and case.arms.get(CONTROL_ARM) is not None and case.arms.get(CANDIDATE_ARM) is not None:
        return DriftCause.PROMPTS_DIFFER
    if control.status is Status.ERROR or candidate.status is Status.ERROR:
        return DriftCause.SCORER_ERROR
    if candidate.status is Status.UNDETERMINED and candidate.cause is not None:
        if candidate.cause is Cause.COUNT_MISMATCH:
            return _counting_cause(control, candidate)
        return _UNDETERMINED_CAUSES[candidate.cause]
    breakdown = legacy_breakdown(case) if control.scorer == "legacy" else None
    if breakdown is None:
        if control.scorer == "legacy":  # legacy stopped at "No output"
            return DriftCause.EMPTY_OUTPUT
        return _counting_cause(control, candidate, default=DriftCause.UNEXPLAINED)
    if breakdown.statement_count == 0:
        return DriftCause.ZERO_STATEMENTS
    if breakdown.statement_count != candidate.statement_count:
        return DriftCause.STATEMENT_COUNT_DIFFERS
    if candidate.format in (VerdictFormat.JSON, VerdictFormat.JSON_LIST):
        return DriftCause.JSON_VERDICTS_UNSEEN
    if candidate.format in _UNLABELLED_FORMATS:
        return _UNLABELLED_FORMATS[candidate.format]
    statements = [verdict.statement for verdict in candidate.verdicts] or None
    parsed = parse_verdicts(case.grader_output, statements, words or verdict_words(None))
    read_noes = parsed.values.count(0) if parsed else 0
    if breakdown.bad_count == read_noes:
        return _counting_cause(control, candidate, default=DriftCause.UNEXPLAINED)
    return _misreading(breakdown, candidate)


_UNLABELLED_FORMATS = {
    VerdictFormat.TEXT_LIST: DriftCause.UNLABELLED_VERDICTS_UNSEEN,
    VerdictFormat.TEXT_TABLE: DriftCause.VERDICT_TABLE_UNSEEN,
    VerdictFormat.TEXT_PROSE: DriftCause.VERDICT_PROSE_UNSEEN,
}


def _counting_cause(control: Score, candidate: Score, default: DriftCause = DriftCause.UNEXPLAINED) -> DriftCause:
    """Same verdicts read, different arithmetic: which counting rule made the difference."""
    if control.value is not None and control.value < 0:
        return DriftCause.NEGATIVE_LEGACY_SCORE
    if ScoreWarning.MORE_VERDICTS in candidate.warnings:
        return DriftCause.EXTRA_VERDICTS
    if ScoreWarning.FEWER_VERDICTS in candidate.warnings:
        return DriftCause.MISSING_VERDICTS
    return default


def _misreading(breakdown: LegacyBreakdown, candidate: Score) -> DriftCause:
    """The legacy parser counted other "no"s than the fixed one read: how it misread."""
    warnings = candidate.warnings
    if ScoreWarning.REASONING_IGNORED in warnings:
        return DriftCause.REASONING_DRAFT_COUNTED
    if ScoreWarning.VERDICT_WORD_VARIANT in warnings:
        return DriftCause.VERDICT_WORD_VARIANT
    if breakdown.format is VerdictFormat.TEXT_PER_STATEMENT:
        # Legacy found no exact header and counted "verdict: no" markers.
        if candidate.format is VerdictFormat.TEXT_FINAL_LINE and ScoreWarning.FINAL_LINE_DISAGREES in warnings:
            return DriftCause.FINAL_LINE_DISAGREES
        return DriftCause.VERDICT_SPELLING_VARIANT
    if ScoreWarning.MULTIPLE_FINAL_LINES in warnings or breakdown.header_count > 1:
        return DriftCause.MULTIPLE_FINAL_LINES
    if any(_ENUMERATION_PIECE.fullmatch(piece) for piece in breakdown.pieces):
        return DriftCause.ENUMERATION_COUNTED_AS_NO
    if any(len(_NO_WORD.findall(piece)) + piece.count("yes") > 1 for piece in breakdown.pieces):
        return DriftCause.VERDICT_SPELLING_VARIANT  # several verdicts merged into one "."-piece
    if any("yes" not in piece and not _NO_WORD.search(piece) for piece in breakdown.pieces):
        return DriftCause.TRAILING_TEXT_COUNTED_AS_NO  # prose, markdown or a stray character
    if ScoreWarning.FINAL_LINE_DISAGREES in warnings:
        return DriftCause.FINAL_LINE_DISAGREES
    return DriftCause.UNEXPLAINED
