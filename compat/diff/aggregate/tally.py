"""What the aggregation needs of one comparison (``Tally``), below the aggregators that fold it."""

from __future__ import annotations

from typing import NamedTuple

from compat.cases import TOOL_TAG_PREFIX
from compat.diff._statement_agreement import StatementPair
from compat.diff.compare import ArmsSeen, Comparison, Decomposition, ObservedCheck, legacy_bug_alone
from compat.scoring import Status


def cohort_tags(tags: tuple[str, ...]) -> tuple[str, ...]:
    """The tags that name cohorts: all but faithcompat's own (``faithcompat:shadow``...)."""
    return (
        tags
        if not any(tag.startswith(TOOL_TAG_PREFIX) for tag in tags)
        else tuple(tag for tag in tags if not tag.startswith(TOOL_TAG_PREFIX))
    )


class Tally(NamedTuple):
    """What the aggregation needs of one comparison: primitives only."""

    case_id: str
    tags: tuple[str, ...]  # the cohorts: the case's tags but faithcompat's own
    outcome: str
    cause: str | None
    delta: float | None
    control_value: float | None
    control_passed: bool
    control_scored: bool
    candidate_value: float | None
    candidate_passed: bool
    candidate_determined: bool
    decomposition: Decomposition | None = None
    observed: ObservedCheck | None = None
    statement_pairs: tuple[tuple[StatementPair, ...], int] = ((), 0)
    arms: ArmsSeen | None = None
    legacy_bug_alone: bool = False  # a named legacy bug alone made the difference: out of the trusted set


def tally(comparison: Comparison) -> Tally:
    control, candidate = comparison.control, comparison.candidate
    return Tally(
        case_id=comparison.case_id,
        tags=cohort_tags(comparison.tags),
        outcome=comparison.outcome.value,
        cause=comparison.cause.value if comparison.cause else None,
        delta=comparison.delta,
        control_value=control.value,
        control_passed=control.passed,
        control_scored=control.status is Status.SCORED,
        candidate_value=candidate.value,
        candidate_passed=candidate.passed,
        candidate_determined=candidate.status is Status.SCORED,
        decomposition=comparison.decomposition,
        observed=comparison.observed,
        statement_pairs=comparison.statement_pairs,
        arms=comparison.arms,
        legacy_bug_alone=legacy_bug_alone(comparison),
    )
