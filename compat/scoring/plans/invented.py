"""Which plan scores are invented: a value a plan put where there was nothing to score.

``invented(score)`` says which kind, from the reason, which names it in the plan's own words
(docs/scoring-plans.md).
"""

from __future__ import annotations

from enum import Enum

from compat.scoring._score import Score
from compat.scoring.plans.reasons import (
    MINIMAL,
    MINIMAL_NO_STATEMENTS,
    MINIMAL_NO_VERDICTS_LOG,
    NO_OUTPUT,
    NO_STATEMENTS_GENERATED,
    PARSER,
    PARSER_CALCULATION_ERROR,
    PARSER_NO_VERDICTS,
    PORT_INVALID_SCORE,
    PORT_NO_VERDICTS,
    PORT_STATEMENT_ERROR,
    PORT_UNPARSED_LOG,
    PORT_VERDICT_ERROR,
    RAGAS_PORT,
    REFUSED,
)


class Invention(str, Enum):
    """How a plan made up a value where there was nothing to score."""

    NEUTRAL = "neutral"  # the plans' "neutral" 0.5: passes wherever the threshold is at most 0.5
    ZERO = "zero"  # a fixed 0, or a ratio over verdicts the plan made up (all 0)


# reason -> kind, per plan. Ordinary reasons ("Faithfulness 0.50 is >= 0.5") never equal these.
_INVENTED_REASONS: dict[str, dict[str, Invention]] = {
    MINIMAL: {NO_OUTPUT: Invention.ZERO, MINIMAL_NO_STATEMENTS: Invention.ZERO, REFUSED: Invention.ZERO},
    PARSER: {
        NO_OUTPUT: Invention.ZERO,
        NO_STATEMENTS_GENERATED: Invention.ZERO,
        REFUSED: Invention.ZERO,
        PARSER_NO_VERDICTS: Invention.NEUTRAL,
        PARSER_CALCULATION_ERROR: Invention.NEUTRAL,
    },
    RAGAS_PORT: {
        PORT_STATEMENT_ERROR: Invention.NEUTRAL,
        PORT_VERDICT_ERROR: Invention.NEUTRAL,
        NO_STATEMENTS_GENERATED: Invention.ZERO,
        PORT_NO_VERDICTS: Invention.ZERO,
        PORT_INVALID_SCORE: Invention.NEUTRAL,
    },
}
_INVENTED_LOGS: dict[str, str] = {MINIMAL: MINIMAL_NO_VERDICTS_LOG, RAGAS_PORT: PORT_UNPARSED_LOG}


def invented(score: Score) -> Invention | None:
    """The kind of made-up value a plan scorer returned, or ``None`` (also for other scorers)."""
    kind = _INVENTED_REASONS.get(score.scorer, {}).get(score.reason)
    if kind is not None:
        return kind
    log = _INVENTED_LOGS.get(score.scorer)
    return Invention.ZERO if log is not None and score.reason.endswith(f" [logged: {log}]") else None


def is_invented(score: Score) -> bool:
    """Whether a plan scorer put a fixed value (0.5 or 0) where there was nothing to score."""
    return invented(score) is not None
