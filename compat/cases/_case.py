"""The case model: one grading round as it is read from a corpus file.

``Case`` is a pydantic model because it is parsed from untrusted files and must
explain what is wrong with them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, model_validator

DEFAULT_THRESHOLD = 0.5

NonFiniteName = Literal["NaN", "Infinity", "-Infinity"]
FiniteFloat = Annotated[float, Field(strict=True, allow_inf_nan=False)]
NonEmptyStr = Annotated[str, Field(strict=True, min_length=1)]


class ExpectedOutcome(BaseModel):
    """The golden outcome of one scorer on one case. Only the fields given are checked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    score: FiniteFloat | NonFiniteName | None = Field(
        default=None,
        description='Expected score; "NaN", "Infinity", "-Infinity" for non-finite '
        "legacy scores; null for undetermined.",
    )
    passed: StrictBool | None = None
    status: Literal["scored", "undetermined"] | None = None
    cause: Literal["empty_output", "no_statements", "refusal", "no_verdicts", "count_mismatch"] | None = None
    reason: StrictStr | None = None
    format: Literal["json", "text_final_line", "text_per_statement"] | None = None


class Case(BaseModel):
    """One grading round: the two grader outputs and what to grade them against."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: NonEmptyStr = Field(description="Unique within a corpus.")
    tags: tuple[StrictStr, ...] = Field(default=(), description="Cohorts, e.g. refusal, json.")
    question: StrictStr | None = None
    answer: StrictStr | None = None
    contexts: tuple[StrictStr, ...] = ()
    statements_output: StrictStr | None = Field(
        default=None, description="Raw text of grader call 1 (statement generation)."
    )
    statements: tuple[StrictStr, ...] | None = Field(
        default=None, description="Statements already split; used when call 1's text is absent."
    )
    grader_output: StrictStr = Field(description="Raw text of grader call 2 (verdicts); may be empty.")
    threshold: FiniteFloat = DEFAULT_THRESHOLD
    expected: dict[StrictStr, ExpectedOutcome] = Field(
        default_factory=dict, description="Golden outcome per scorer name."
    )
    note: StrictStr | None = Field(default=None, description="What this case exercises.")

    @model_validator(mode="after")
    def _has_statements(self) -> Case:
        if self.statements_output is None and self.statements is None:
            raise ValueError("a case needs statements_output (grader call 1's text) or statements (a list)")
        return self
