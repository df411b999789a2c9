"""The model of a cases.jsonl line (``CaseLine``), with the frozen base and score type the report's models share."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from compat._model import FrozenModel

JsonScore = float | Literal["NaN", "Infinity", "-Infinity"] | None


class WhereItOccurs(FrozenModel):
    """A model whose ``_OCCASIONAL`` fields are left out of report.json while ``None``: a report
    of a corpus without them reads exactly as before they existed."""

    _OCCASIONAL: ClassVar[frozenset[str]] = frozenset()

    @model_serializer(mode="wrap")
    def _leave_out_what_does_not_occur(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        for name in self._OCCASIONAL:
            if isinstance(data, dict) and data.get(name) is None:
                data.pop(name, None)
        return data


class CohortRow(FrozenModel):
    """One tag's cases by outcome (the faithfulness drift's cohorts and the composite's)."""

    tag: str
    cases: int
    outcomes: dict[str, int]
    unexplained: int
    agreement: float | None


class CaseSteps(WhereItOccurs):
    """A per-arm case's difference in steps: control -> middle (parser) -> candidate (prompts or noise)."""

    _OCCASIONAL = frozenset({"legs"})

    middle_score: JsonScore = Field(description="The candidate scorer on the control arm's text.")
    middle_passed: bool
    parser_outcome: str = Field(description="control vs middle: one text read by the two parsers.")
    parser_cause: str | None
    parser_delta: float | None = Field(description="middle - control, where both are finite.")
    prompt_delta: float | None = Field(description="candidate - middle, where both are finite.")
    step: Literal["parser", "prompts", "model", "verifier", "noise"] | None = Field(
        description="The step that made the case differ (model and verifier since 1.4)."
    )
    samples: int = Field(description="Sample pairs graded (1 without --samples).")
    control_spread: float | None = Field(
        description="The sample standard deviation of the candidate scorer's scores over the control arm's samples "
        "(max - min before 1.3)."
    )
    candidate_spread: float | None = Field(description="... over the candidate arm's samples.")
    noise_floor: float | None = Field(
        description="A fixed multiple of the combined spread (the report's noise.floor_multiple): a prompt step "
        "within it is noise."
    )
    pairs_matched: int
    pairs_within_noise: int
    legs: list[CaseLeg] | None = Field(
        default=None,
        description="The arm steps from the control's arm to the candidate's, where they are more than the one "
        "prompt step of legacy -> ragas (since 1.4).",
    )


class CaseLeg(FrozenModel):
    """One arm step of a case: the dimensions it changes, the arm it reaches, the candidate scorer there."""

    dimensions: list[str] = Field(description="prompts, model, verifier; several where an arm between is not recorded.")
    arm: str
    score: JsonScore
    delta: float | None = Field(description="This score - the previous step's, where both are finite.")


class CaseObserved(FrozenModel):
    """A score promptfoo recorded for the case, set against today's scorers."""

    score: JsonScore
    passed: bool | None
    exact: bool | None = Field(description="The legacy scorer reproduces it from the case's texts (null: no texts).")
    generations: list[str] = Field(description="The promptfoo generations' scorers that reproduce it.")
    regraded: int = Field(description="Legacy-arm samples graded again (0: none).")
    regraded_reproduced: int
    first_reproduced: bool | None = Field(description="Sample 0, the one compared, reproduces it.")


class GraderTextsLine(FrozenModel):
    statements_output: str | None = Field(description="Grader call 1's text (statement generation).")
    statements: list[str] | None = Field(description="Statements given as a list instead of call 1's text.")
    grader_output: str = Field(description="Grader call 2's text (the verdicts).")


class ReadVerdictLine(FrozenModel):
    text: str = Field(description="The statement; for the legacy scorer, the piece of the final line it read.")
    verdict: Literal[0, 1] | None = Field(description="1 supported, 0 not, null: no usable verdict.")
    reason: str | None


class CaseDetailLine(FrozenModel):
    """What each side read, kept on the lines of cases that differ (not on matches)."""

    question: str | None = Field(default=None, description="The question the answer answers (since 1.3).")
    answer: str | None = Field(default=None, description="The answer whose faithfulness was graded (since 1.3).")
    contexts: list[str] = Field(default_factory=list, description="The contexts it was graded against (since 1.3).")
    control_texts: GraderTextsLine | None = Field(description="null: the control's grader call failed.")
    candidate_texts: GraderTextsLine | None = Field(description="null: the same texts as the control, or failed.")
    same_texts: bool = Field(description="Both sides read the same grader texts.")
    control_read: list[ReadVerdictLine]
    candidate_read: list[ReadVerdictLine]
    control_note: str = Field(description="How the control's reading is to be taken (the legacy arithmetic).")
    control_sent: list[str] | None = Field(
        default=None,
        description="The statements the control's verdict call (call 2) was sent: an arm graded by faithcompat "
        "grade (its preset's rule on call 1), or the statements list given; null where the corpus does not say.",
    )
    candidate_sent: list[str] | None = Field(
        default=None, description="The statements the candidate's verdict call was sent (as control_sent)."
    )


class CompositePartLine(FrozenModel):
    """One metric as a composite rule used it."""

    metric: str
    weight: float
    before: float | None = Field(description="The case's value (faithfulness: that side's scorer's), null: unmeasured.")
    value: float | None = Field(description="The value the mean used, after the rule's adjustments.")
    omitted: bool = Field(description='Left out of the mean (an adjustment, or undetermined = "omit").')


class CompositeSideLine(FrozenModel):
    """A case's composite under one rule, with what it was made of."""

    score: float | None = Field(description="The composite (null: undetermined).")
    passed: bool | None = Field(description="At or above the rule's threshold (null: undetermined).")
    unanswerable: bool = Field(description="The rule's phrases read the ground truth as unanswerable.")
    adjusted: bool = Field(description="... and the answer was correct: the rule's adjustments applied.")
    undetermined_by: str | None = Field(description="The metric that left the composite undetermined.")
    parts: list[CompositePartLine] = Field(description="The metrics the rule weighs, in its order.")


class CompositeLine(FrozenModel):
    """A case's composite under the old and the new rule (``--composite OLD,NEW``; cases with metrics)."""

    old: CompositeSideLine
    new: CompositeSideLine
    outcome: str = Field(
        description="match, drift, flip, old_undetermined, new_undetermined, both_undetermined (a report "
        "written before it counts such a case as a match)."
    )
    cause: str | None = Field(description="Why it moved (report.json's composite.causes); null on a match.")
    delta: float | None = Field(description="new - old, where both are determined.")
    faithfulness_share: float | None = Field(description="Of delta, what the faithfulness scorer's change made.")
    rule_share: float | None = Field(description="Of delta, what the rule change made.")
    reference: str | None = Field(description="The ground truth the rules read.")
    answer_refusal: bool = Field(description="The answer says 'no information' (the new rule's answer phrases).")


class CaseLine(WhereItOccurs):
    """One compared case, as in cases.jsonl and the report's example tables."""

    _OCCASIONAL = frozenset({"composite"})

    id: str
    tags: list[str]
    outcome: str
    cause: str | None
    delta: float | None
    control_score: JsonScore
    control_passed: bool
    control_reason: str
    candidate_score: JsonScore
    candidate_passed: bool
    candidate_status: str
    candidate_cause: str | None
    candidate_format: str | None
    candidate_warnings: list[str]
    candidate_reason: str
    decomposition: CaseSteps | None = None
    observed: CaseObserved | None = None
    detail: CaseDetailLine | None = None
    composite: CompositeLine | None = Field(
        default=None, description="With --composite, on cases with metrics: the case's composites (since 1.6)."
    )
