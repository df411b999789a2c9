"""The drift of a composite score between two rules, as ``report.json`` holds it (``composite``, since 1.4)."""

from __future__ import annotations

from enum import Enum

from pydantic import Field

from compat._model import FrozenModel
from compat.diff.model.case_line import CohortRow


class CompositeOutcome(str, Enum):
    MATCH = "match"  # both composites determined and equal within tolerance
    DRIFT = "drift"  # same pass/fail at each rule's threshold, composites differ
    FLIP = "flip"  # pass/fail changed
    OLD_UNDETERMINED = "old_undetermined"  # only the old rule's composite is undetermined
    NEW_UNDETERMINED = "new_undetermined"  # only the new rule's composite is undetermined
    BOTH_UNDETERMINED = "both_undetermined"  # neither rule's composite is determined: nothing agrees


class CompositeCause(str, Enum):
    """Why a case's composite moved. Descriptions live in ``COMPOSITE_CAUSES``."""

    UNANSWERABLE_ADJUSTED = "unanswerable_adjusted"
    UNANSWERABLE_NOT_DETECTED = "unanswerable_not_detected"
    RELEVANCY_OVERRIDDEN = "relevancy_overridden"
    FAITHFULNESS_ADJUSTED = "faithfulness_adjusted"
    FAITHFULNESS_CHANGED = "faithfulness_changed"
    FAITHFULNESS_UNDETERMINED = "faithfulness_undetermined"
    METRIC_UNDETERMINED = "metric_undetermined"
    WEIGHTS_DIFFER = "weights_differ"
    UNEXPLAINED = "unexplained"


COMPOSITE_CAUSES: dict[CompositeCause, str] = {
    CompositeCause.UNANSWERABLE_ADJUSTED: "an unanswerable question answered correctly: one rule adjusts its "
    "metrics (a context relevancy of 0 counted as 1), the other does not",
    CompositeCause.UNANSWERABLE_NOT_DETECTED: "a ground truth that says the information does not exist, which "
    "one rule's phrases miss ('No information available.' with its full stop, 'Not in the document')",
    CompositeCause.RELEVANCY_OVERRIDDEN: "a context relevancy that was not 0 set to 1: the rule sets it "
    "whatever it was, not only when it was 0",
    CompositeCause.FAITHFULNESS_ADJUSTED: "a correct 'no information' answer has no claims: one rule counts its "
    "faithfulness as a success or leaves it out of the mean",
    CompositeCause.FAITHFULNESS_CHANGED: "the faithfulness scorer changed (control to candidate) and the rules "
    "weigh faithfulness: the composite moved with it, the rule change moved nothing",
    CompositeCause.FAITHFULNESS_UNDETERMINED: "faithfulness has no valid score on one side (a refusal, no "
    "statements, NaN): that rule's composite is undetermined",
    CompositeCause.METRIC_UNDETERMINED: "a metric the rule weighs is null or missing on the case: that rule's "
    "composite is undetermined",
    CompositeCause.WEIGHTS_DIFFER: "the rules weigh the metrics differently",
    CompositeCause.UNEXPLAINED: "no named cause applies",
}


class CompositeCaseRow(FrozenModel):
    """One case's two composites, as the report lists the differing ones."""

    id: str
    tags: list[str]
    outcome: str
    cause: str | None = Field(description="Null exactly when the outcome is a match.")
    old_score: float | None = Field(description="The old rule's composite (null: undetermined).")
    new_score: float | None
    old_passed: bool | None
    new_passed: bool | None
    delta: float | None = Field(description="new - old, where both are determined.")
    faithfulness_share: float | None = Field(
        description="Of delta, what the faithfulness scorer's change made (the old rule on both scorers' "
        "faithfulness); 0 where the rules weigh no faithfulness; null where the split is undetermined."
    )
    rule_share: float | None = Field(description="Of delta, what the rule change made: delta - faithfulness_share.")
    reference: str | None = Field(description="The ground truth the rules read.")
    unanswerable: dict[str, bool] = Field(
        description="old, new: the rule's phrases read the ground truth as unanswerable."
    )
    adjusted: dict[str, bool] = Field(description="old, new: the adjustments applied (unanswerable, answer correct).")
    answer_refusal: bool = Field(description="The answer says 'no information' (the new rule's answer phrases).")
    metrics: dict[str, float | None] = Field(description="The case's metrics; faithfulness as each side scored it.")
    undetermined_by: dict[str, str | None] = Field(description="old, new: the metric that left it undetermined.")


class CompositeCauseRow(FrozenModel):
    cause: str
    description: str
    count: int
    outcomes: dict[str, int]
    examples: list[str] = Field(description="The first case ids with this cause (at most 5).")


class CompositeSplit(FrozenModel):
    """The mean change of the composite split between the two rule changes (complete cases only)."""

    cases: int = Field(description="Cases with the old, the middle and the new composite determined.")
    faithfulness: float | None = Field(description="Mean change the faithfulness scorer's change made.")
    rule: float | None = Field(description="Mean change the composite rule's change made.")
    total: float | None


class CompositeExpectations(FrozenModel):
    checked: int = Field(description="Cases with an expected composite (expected_composite) for either rule.")
    failed: int
    failures: list[str] = Field(description="The first failures (at most 20).")


class CompositeDrift(FrozenModel):
    """Every case with metrics scored by two composite rules, compared as the faithfulness scores are."""

    old_rule: str
    new_rule: str
    old_threshold: float
    new_threshold: float
    faithfulness: str = Field(
        description="Where the rules weigh faithfulness: which scorer each side's is (old: the control, new: the "
        "candidate); 'not weighed' otherwise."
    )
    cases: int = Field(description="Cases with a metrics object.")
    without_metrics: int = Field(description="Cases left out: no metrics object.")
    verdict: str = Field(description="One line: the cases, every outcome counted.")
    outcomes: dict[str, int]
    explained: int
    unexplained: int
    causes: list[CompositeCauseRow]
    cohorts: list[CohortRow]
    flip_matrix: dict[str, dict[str, int]] = Field(
        description="old pass/fail/undetermined (rows) x new pass/fail/undetermined (columns)."
    )
    means: dict[str, float | None] = Field(description="old, new: the mean composite over the determined cases.")
    determined: dict[str, int] = Field(description="old, new: the cases whose composite is determined.")
    split: CompositeSplit
    unanswerable: dict[str, int] = Field(
        description="old, new: ground truths each rule reads as unanswerable; old_adjusted, new_adjusted: of them, "
        "answered correctly (the adjustments applied)."
    )
    missed: int = Field(
        description="Ground truths the hardened phrases (unanswerable-aware) read as unanswerable that the new "
        "rule's phrases miss."
    )
    missed_examples: list[str] = Field(description="The first of them (at most 5).")
    differing: list[CompositeCaseRow] = Field(description="The differing cases, largest change first (at most 50).")
    expectations: CompositeExpectations = Field(description="The golden composites the cases give for the two rules.")
