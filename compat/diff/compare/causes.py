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

from compat.cases import ArmName, Case
from compat.diff._outcomes import (
    CANDIDATE_ARM,
    CONTROL_ARM,
    CONTROL_BUGS,
    DEFAULT_TOLERANCE,
    DriftCause,
    Outcome,
)
from compat.diff.compare.recorded import recorded_legacy
from compat.diff.compare.values import Comparison
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
    passes,
    verdict_words,
)


def compare(
    case: Case,
    control: Score,
    candidate: Score,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    words: VerdictWords | None = None,
    arms: tuple[ArmName, ArmName] = (CONTROL_ARM, CANDIDATE_ARM),
) -> Comparison:
    """The comparison of two scores of ``case``; pure, and total like the scorers.

    ``words``: the verdict words the candidate read with (``verdict_words_of``), default the built-in ones;
    ``arms``: the arm each side scored.
    """
    delta = None
    if control.is_finite and candidate.is_finite:
        delta = candidate.value - control.value  # type: ignore[operator]
    outcome = _outcome(control, candidate, delta, tolerance)
    cause = None if outcome is Outcome.MATCH else explain(case, control, candidate, words, arms)
    return Comparison(
        case_id=case.id,
        tags=case.tags,
        control=control,
        candidate=candidate,
        delta=delta,
        outcome=outcome,
        cause=cause,
    )


def is_legacy_invalid(score: Score) -> bool:
    return score.value is None or not math.isfinite(score.value) or not 0.0 <= score.value <= 1.0


def outcome_of(control: Score, candidate: Score, tolerance: float = DEFAULT_TOLERANCE) -> Outcome:
    """The outcome of two scores, without looking for a cause."""
    delta = candidate.value - control.value if control.is_finite and candidate.is_finite else None  # type: ignore[operator]
    return _outcome(control, candidate, delta, tolerance)


def _outcome(control: Score, candidate: Score, delta: float | None, tolerance: float) -> Outcome:
    if Cause.NOT_RECORDED in (control.cause, candidate.cause):
        return Outcome.NOT_RECORDED
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
    Cause.UNCLEAR_READING: DriftCause.UNCLEAR_READING,
    Cause.EMPTY_OUTPUT: DriftCause.EMPTY_OUTPUT,
    Cause.NO_STATEMENTS: DriftCause.ZERO_STATEMENTS,
}
_ENUMERATION_PIECE = re.compile(r"\s*(?:\(?\d{1,4}\)?|(?:statement|claim)\s*\d{1,4}\s*:?)\s*")
_NO_WORD = re.compile(r"\bno\b")


def verdict_words_of(scorer: Scorer) -> VerdictWords:
    """The verdict words ``scorer`` reads: the fixed scorer's include its vocabulary."""
    return scorer.words if isinstance(scorer, RagasScorer) else verdict_words(None)


def explain(
    case: Case,
    control: Score,
    candidate: Score,
    words: VerdictWords | None = None,
    arms: tuple[ArmName, ArmName] = (CONTROL_ARM, CANDIDATE_ARM),
) -> DriftCause:
    """The named cause of the difference between ``control`` and ``candidate``.

    ``words``: the verdict words the candidate read with, to re-read the output as it did;
    ``arms``: the arm each side scored (two recorded arms: the decomposition names the step).
    """
    if Cause.NOT_RECORDED in (control.cause, candidate.cause):
        return DriftCause.ARM_NOT_RECORDED
    if Cause.GRADER_ERROR in (control.cause, candidate.cause):
        return DriftCause.GRADER_ERROR
    # Two gradings, each with its own prompts: the control's own recording, or the score
    # promptfoo recorded from its own prompts where no text of them was kept.
    control_arm, candidate_arm = arms
    if (
        case.arms is not None
        and control_arm != candidate_arm
        and case.arms.get(candidate_arm) is not None
        and (case.arms.get(control_arm) is not None or recorded_legacy(case, control.scorer) is not None)
    ):
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
    VerdictFormat.TEXT_GROUPED: DriftCause.UNLABELLED_VERDICTS_UNSEEN,
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


# The candidate's warnings that say its reading chose: which verdict goes to which statement
# (fewer, more, ambiguous extra, duplicate, unreadable verdicts), which answer stands (two
# final lines, a final line against the markers, an earlier answer set aside).
READING_CHOICES = frozenset(
    {
        ScoreWarning.FEWER_VERDICTS,
        ScoreWarning.MORE_VERDICTS,
        ScoreWarning.AMBIGUOUS_EXTRA_VERDICTS,
        ScoreWarning.DUPLICATE_VERDICT,
        ScoreWarning.INVALID_VERDICT,
        ScoreWarning.FINAL_LINE_DISAGREES,
        ScoreWarning.MULTIPLE_FINAL_LINES,
        ScoreWarning.SUPERSEDED_VERDICTS,
    }
)


def legacy_bug_alone(comparison: Comparison) -> bool:
    """The difference is a named legacy bug's doing alone, so it excuses the case.

    The cause must be a legacy bug (``CONTROL_BUGS``), and the candidate's side must not
    rest on a choice of its own reading (``READING_CHOICES``): where it does, the flip
    may be the candidate misaligning verdicts, and it counts. Where legacy counted other
    statements (``statement_count_differs``), legacy's score is made again without that
    bug, its "no"s over the candidate's statements: only where that lands on the
    candidate's side of the threshold did the count alone move the case.
    """
    cause, control, candidate = comparison.cause, comparison.control, comparison.candidate
    if cause is None or cause not in CONTROL_BUGS:
        return False
    if any(warning in READING_CHOICES for warning in candidate.warnings):
        return False
    if cause is DriftCause.STATEMENT_COUNT_DIFFERS and candidate.status is Status.SCORED:
        return _counted_alike(control, candidate)
    return True


def _counted_alike(control: Score, candidate: Score) -> bool:
    """Legacy's "no"s over the candidate's statements pass or fail as the candidate does."""
    if not control.is_finite or control.statement_count <= 0 or candidate.statement_count <= 0:
        return False
    noes = round((1 - control.value) * control.statement_count)  # type: ignore[operator]
    without_the_bug = 1 - noes / candidate.statement_count
    return passes(without_the_bug, control.threshold) == candidate.passed
