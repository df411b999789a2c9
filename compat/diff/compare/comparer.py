"""One case through both scorers: what every caller of the diff stage does per case.

``CaseComparer.compare`` scores each side on its arm (``score_arm``: the control the
legacy arm, the candidate the arm its contract reads, ``arm_read_by``), compares
(``compare``), splits a per-arm case's difference into its steps (``decompose``,
``refine``), checks a score promptfoo recorded (``ObservedChecker``) and, where the
sides differ, keeps what each read for a person to judge (``case_detail``).
"""

from __future__ import annotations

from compat.cases import ArmName, Case
from compat.composite import CompositeRule
from compat.diff._outcomes import CONTROL_ARM, DEFAULT_TOLERANCE, Outcome
from compat.diff._statement_agreement import verified_pairs
from compat.diff.compare.arms import arm_read_by, arms_seen, score_arm
from compat.diff.compare.causes import compare, verdict_words_of
from compat.diff.compare.decompose import decompose, refine
from compat.diff.compare.detail import case_detail
from compat.diff.compare.observed import ObservedChecker
from compat.diff.compare.values import Comparison
from compat.diff.composite import compose_case, faithfulness_from
from compat.scoring import Score, Scorer


class CaseComparer:
    """A control and a candidate scorer, compared case by case."""

    def __init__(
        self,
        control: Scorer,
        candidate: Scorer,
        tolerance: float = DEFAULT_TOLERANCE,
        *,
        detail: bool = True,
        candidate_arm: ArmName | None = None,
        control_arm: ArmName = CONTROL_ARM,
        composite: tuple[CompositeRule, CompositeRule] | None = None,
    ) -> None:
        """``candidate_arm``: the arm the candidate scores on cases graded both ways (default: its
        contract's); ``control_arm``: the arm the control scores (default the legacy prompts');
        ``composite``: the old and the new composite rule, for the cases that carry metrics."""
        self.control = control
        self.candidate = candidate
        self.tolerance = tolerance
        self.detail = detail  # the league compares for counts only: no detail to keep
        self.candidate_arm: ArmName = arm_read_by(candidate.name) if candidate_arm is None else candidate_arm
        self.control_arm = control_arm
        self.composite = composite
        self._words = verdict_words_of(candidate)  # causes re-read an output as the candidate read it
        self._observed = ObservedChecker()

    def read(self, case: Case) -> Case:
        """``case`` as both sides read it: where the candidate reads the control's arm too, that
        arm's text as an ordinary case (one text, two parsers: no prompt step to walk)."""
        if case.arms is None or self.candidate_arm != self.control_arm:
            return case
        return case.arm_case(self.control_arm) or case  # a failed or absent arm: score_arm says so

    def compare(self, case: Case, control: Score | None = None, candidate: Score | None = None) -> Comparison:
        """The comparison of ``case``; ``control`` and ``candidate``: its scores (of ``read(case)``), where known."""
        read = self.read(case)
        if control is None:
            control = score_arm(self.control, read, self.control_arm)
        if candidate is None:
            candidate = score_arm(self.candidate, read, self.candidate_arm)
        arms = (self.control_arm, self.candidate_arm)
        comparison = compare(read, control, candidate, tolerance=self.tolerance, words=self._words, arms=arms)
        if read.arms is not None and self.candidate_arm != self.control_arm:
            steps = decompose(
                read,
                control,
                candidate,
                control_scorer=self.control,
                candidate_scorer=self.candidate,
                outcome=comparison.outcome,
                tolerance=self.tolerance,
                arms=arms,
            )
            comparison = refine(comparison, steps)
        if case.observed is not None:
            comparison = comparison._replace(observed=self._observed.check(case))
        if case.arms is not None:
            seen = arms_seen(case, self.control_arm, self.candidate_arm, self.control.name)
            comparison = comparison._replace(statement_pairs=verified_pairs(case), arms=seen)
        if self.detail and comparison.outcome is not Outcome.MATCH:
            detail = case_detail(
                read,
                control,
                candidate,
                control_scorer=self.control,
                candidate_scorer=self.candidate,
                candidate_arm=self.candidate_arm,
                control_arm=self.control_arm,
                graded=case,
            )
            comparison = comparison._replace(detail=detail)
        if self.composite is not None and case.metrics:
            faithfulness = faithfulness_from(control.value, candidate.value, candidate.status.value)
            item = compose_case(case, faithfulness, *self.composite, self.tolerance)
            comparison = comparison._replace(composite=item)
        return comparison
