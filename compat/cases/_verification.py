"""What a verifier model (HHEM) said about each statement of an arm: recorded, like a grader's text.

An arm whose verifier is a classifier rather than call 2 records, per statement, the
classifier's probability that the context supports it and the verdict it gives, with
the identity of the model that said so. A verifier that failed on a case records the
error instead, never a made-up verdict.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, model_validator

Probability = Annotated[float, Field(strict=True, ge=0.0, le=1.0, allow_inf_nan=False)]
# What stopped the verifier on a case: the model could not be loaded (no_model), the
# device ran out of memory (out_of_memory), a statement and its context are longer than
# the limit in tokens (too_long), or anything else the library raised (other).
VerifierErrorKind = Literal["no_model", "out_of_memory", "too_long", "other"]


class StatementCheck(BaseModel):
    """One statement as the verifier judged it against the case's contexts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    statement: StrictStr
    probability: Probability = Field(description="The model's probability that the context supports the statement.")
    verdict: StrictBool = Field(description="Supported: the probability rounded as ragas rounds it (above 0.5).")


class VerifierError(BaseModel):
    """A verifier that failed on a case: what it was and what the library said."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: VerifierErrorKind
    message: StrictStr


class Verification(BaseModel):
    """A verifier's judgement of every statement of one arm's sample, or the error that stopped it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    verifier: Literal["hhem"] = "hhem"
    model: StrictStr = Field(description="The model's identity: its hub revision or a hash of its weights.")
    checks: tuple[StatementCheck, ...] = Field(default=(), description="One per statement, in order.")
    error: VerifierError | None = None

    @model_validator(mode="after")
    def _checks_or_error(self) -> Verification:
        if self.error is not None and self.checks:
            raise ValueError("a verification that failed holds no checks")
        return self
