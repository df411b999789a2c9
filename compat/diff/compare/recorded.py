"""The legacy score promptfoo recorded, standing for the legacy arm where no grader text of it was kept.

A promptfoo results file from a shadow run holds the fixed arm's grader texts (faithcompat's
assertion records them) but only the score, pass and reason of promptfoo's own
``context-faithfulness`` assertion: promptfoo keeps no grader text of it. That recorded
result is the legacy scorer's own, so the legacy scorer's reading of such a case is it.
"""

from __future__ import annotations

import math

from compat._text import decode_float
from compat.cases import Case
from compat.scoring import Score

LEGACY_SCORER = "legacy"


def recorded_legacy(case: Case, scorer_name: str) -> Score | None:
    """The recorded legacy score of ``case``, when ``scorer_name`` is the legacy scorer and the case
    has a recorded score but no legacy text; ``None`` otherwise."""
    observed = case.observed
    if scorer_name != LEGACY_SCORER or observed is None or observed.passed is None:
        return None
    value = decode_float(observed.score)
    if value is None:  # promptfoo writes a score JSON cannot hold as null; its reason prints it
        reason = observed.reason or ""
        value = -math.inf if "-Infinity" in reason else math.inf if "Infinity" in reason else math.nan
    return Score.scored(
        scorer=scorer_name,
        value=value,
        passed=observed.passed,
        threshold=observed.threshold if observed.threshold is not None else case.threshold,
        reason=observed.reason or f"recorded by {observed.source}",
    )
