"""One case through both scorers: what every caller of the diff stage does per case.

``CaseComparer.compare`` scores each side on its arm (``score_arm``), compares
(``compare``), splits a per-arm case's difference into its steps (``decompose``,
``refine``), checks a score promptfoo recorded (``ObservedChecker``) and, where the
sides differ, keeps what each read for a person to judge (``case_detail``).
"""

from __future__ import annotations

from compat.cases import Case
from compat.diff._compare import compare, score_arm, verdict_words_of
from compat.diff._comparison import Comparison
from compat.diff._decompose import decompose, refine
from compat.diff._detail import case_detail
from compat.diff._observed import ObservedChecker
from compat.diff._outcomes import CANDIDATE_ARM, CONTROL_ARM, DEFAULT_TOLERANCE, Outcome
from compat.scoring import Score, Scorer


class CaseComparer:
    """A control and a candidate scorer, compared case by case."""

    def __init__(
        self, control: Scorer, candidate: Scorer, tolerance: float = DEFAULT_TOLERANCE, *, detail: bool = True
    ) -> None:
        self.control = control
        self.candidate = candidate
        self.tolerance = tolerance
        self.detail = detail  # the league compares for counts only: no detail to keep
        self._words = verdict_words_of(candidate)  # causes re-read an output as the candidate read it
        self._observed = ObservedChecker()

    def compare(self, case: Case, control: Score | None = None, candidate: Score | None = None) -> Comparison:
        """The comparison of ``case``; ``control`` and ``candidate``: its scores, where already known."""
        if control is None:
            control = score_arm(self.control, case, CONTROL_ARM)
        if candidate is None:
            candidate = score_arm(self.candidate, case, CANDIDATE_ARM)
        comparison = compare(case, control, candidate, tolerance=self.tolerance, words=self._words)
        if case.arms is not None:
            steps = decompose(
                case, control, candidate, self.control, self.candidate, comparison.outcome, self.tolerance
            )
            comparison = refine(comparison, steps)
        if case.observed is not None:
            comparison = comparison._replace(observed=self._observed.check(case))
        if self.detail and comparison.outcome is not Outcome.MATCH:
            detail = case_detail(case, control, candidate, self.control, self.candidate)
            comparison = comparison._replace(detail=detail)
        return comparison
