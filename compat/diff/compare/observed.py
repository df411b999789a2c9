"""The observed-score check: does the legacy scorer give the score promptfoo recorded?

A case imported from a promptfoo results file carries ``observed``: the score, pass and
reason the team's own promptfoo wrote. Two checks follow from what else the case holds:

* **exact**, where the case holds the very grader texts (``statements_output`` and
  ``grader_output``): the legacy scorer must give the recorded score, pass and reason.
  A mismatch is set against every promptfoo generation's scorer, and the ones that do
  reproduce it are named: the team learns which release its history came from.
* **regraded**, where the legacy arm was graded again (``faithcompat grade``): how
  many of its samples give the recorded score and pass today. A grader that drifted
  since, or never was deterministic, shows here.
"""

from __future__ import annotations

import math

from compat._text import decode_float
from compat.cases import Case, Observed
from compat.diff._outcomes import CONTROL_ARM
from compat.diff.compare.arms import score_arm
from compat.diff.compare.values import ObservedCheck
from compat.scoring import PROMPTFOO_GENERATIONS, Score, Scorer, get_scorer


class ObservedChecker:
    """Checks ``observed`` on cases; makes the generation scorers once, when first needed."""

    def __init__(self) -> None:
        self._generations: list[Scorer] = []

    def check(self, case: Case) -> ObservedCheck | None:
        observed = case.observed
        if observed is None:
            return None
        scorers = self._generation_scorers()
        exact: bool | None = None
        generations: tuple[str, ...] = ()
        if "grader_output" in case.model_fields_set:  # the case holds the texts that were scored
            generations = tuple(scorer.name for scorer in scorers if reproduces(observed, scorer.score(case)))
            exact = scorers[0].name in generations
        hits: list[bool] = []
        recording = case.arms.legacy if case.arms is not None else None
        if recording is not None:
            hits = [
                reproduces(observed, score_arm(scorers[0], case, CONTROL_ARM, index), reason=False)
                for index in range(recording.sample_count)
            ]
        return ObservedCheck(
            score=decode_float(observed.score),
            passed=observed.passed,
            exact=exact,
            generations=generations,
            regraded=len(hits),
            regraded_reproduced=sum(hits),
            first_reproduced=hits[0] if hits else None,
        )

    def _generation_scorers(self) -> list[Scorer]:
        """The legacy scorer (the oldest generation) first, then each later one."""
        if not self._generations:
            self._generations = [get_scorer(name) for name, _ in PROMPTFOO_GENERATIONS]
        return self._generations


def reproduces(observed: Observed, score: Score, *, reason: bool = True) -> bool:
    """``score`` is what was recorded: the same value, and the same pass and reason where recorded.

    promptfoo writes a NaN score as null, so null stands for any score JSON cannot hold.
    """
    recorded = decode_float(observed.score)
    value = score.value
    if recorded is None:
        same_value = value is None or not math.isfinite(value)
    elif math.isnan(recorded):
        same_value = value is not None and math.isnan(value)
    else:
        same_value = value == recorded
    if not same_value:
        return False
    if observed.passed is not None and observed.passed != score.passed:
        return False
    return not (reason and observed.reason is not None and observed.reason != score.reason)
