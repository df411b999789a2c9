"""Policies for the gate and the rollout decision, read from TOML.

Every threshold has a default (``faithcompat policy`` prints them as TOML); a policy
file overrides any of them. Unknown keys are an error: a typo must not silently leave
a threshold at its default.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from pydantic import ConfigDict, Field, ValidationError, field_validator

from compat._errors import PolicyError
from compat._file_kind import FileKind
from compat._model import FrozenModel
from compat._toml import read_toml
from compat.diff import DriftCause

# Causes a policy may not accept, and why: a difference nobody can explain is what the
# migration must drive to zero, and grader noise has its own switch.
_NOT_ACCEPTABLE = {
    DriftCause.UNEXPLAINED.value: "nobody knows why these cases differ (max_unexplained governs them)",
    DriftCause.GRADER_NOISE.value: "drift_beyond_noise_only decides whether grader noise counts",
}
_CAUSES = frozenset(cause.value for cause in DriftCause) - _NOT_ACCEPTABLE.keys()


class _Section(FrozenModel):
    # strict: "3" or true is not a count and 1.5 is not an integer; a policy decides
    # rollouts, so a value is either what it says or an error naming its key.
    model_config = ConfigDict(strict=True, allow_inf_nan=False)


class GatePolicy(_Section):
    """How much the candidate's drift may grow against the baseline report."""

    max_unexplained_increase: int = Field(0, ge=0, description="Unexplained drifts may not grow at all.")
    max_flip_increase: int = Field(0, ge=0, description="Pass/fail flips (count).")
    max_undetermined_rate_increase: float = Field(0.0, ge=0, le=1, description="Undetermined share of cases.")
    drift_beyond_noise_only: bool = Field(
        True,
        description="Count only differences beyond the grader's own noise (where --samples measured it); "
        "false: a within_noise difference counts as the drift or flip it would be.",
    )


class RolloutPolicy(_Section):
    """When the next rollout stage is a GO."""

    max_unexplained: int = Field(0, ge=0, description="NO-GO above this: a drift nobody can explain.")
    max_invariant_violations: int = Field(0, ge=0, description="NO-GO above this: the candidate is broken.")
    max_expectation_failures: int = Field(0, ge=0, description="NO-GO above this: golden outcomes regressed.")
    max_undetermined_rate: float = Field(0.25, ge=0, le=1, description="HOLD above this share of cases.")
    max_grader_error_rate: float = Field(
        0.05, ge=0, le=1, description="HOLD above this share of cases with a grader call that failed."
    )
    max_pass_to_fail_rate: float = Field(0.10, ge=0, le=1, description="HOLD above: legacy pass, candidate fail.")
    max_fail_to_pass_rate: float = Field(0.05, ge=0, le=1, description="HOLD above: legacy fail, candidate pass.")
    min_agreement_lower_bound: float = Field(
        0.5, ge=0, le=1, description="HOLD below: Wilson 95% lower bound of the match share."
    )
    min_cohort_size: int = Field(10, ge=0, description="HOLD while a cohort (tag) has fewer cases to judge by.")
    max_composite_unexplained: int = Field(
        0, ge=0, description="NO-GO above this (with diff --composite): a composite change nobody can explain."
    )
    max_composite_undetermined_rate: float = Field(
        0.25,
        ge=0,
        le=1,
        description="HOLD above this share of the cases with metrics whose new composite is undetermined.",
    )
    invariant_examples: int = Field(50, ge=0, description="Hypothesis examples per invariant (0: skip).")
    drift_beyond_noise_only: bool = Field(
        True,
        description="Count only differences beyond the grader's own noise (where --samples measured it); "
        "false: a within_noise difference counts as the drift or flip it would be.",
    )
    accept_causes: list[str] = Field(
        default_factory=list,
        description="Named causes whose pass/fail flips do not count against the flip rates "
        'once read and accepted (listed as accepted in the decision), e.g. ["json_verdicts_unseen"]; '
        "not unexplained, nor grader_noise (drift_beyond_noise_only decides that one).",
    )
    min_excuse_confirmed: float = Field(
        0.7,
        ge=0,
        le=1,
        description="An excusing cause's flips stay excused where people confirmed it: the Wilson 95% lower bound "
        "of the share of its labelled cases the candidate read as people did (n of n reaches n/(n+3.84): 9 of 9 "
        "gives 0.70); where even the upper bound is below, its flips count in the flip rates (diff --labels).",
    )
    unverified_excuses_until: float = Field(
        1.0,
        ge=0,
        le=100,
        description="HOLD at this live stage (a percentage) and past it while excused flips are unverified by "
        "people (0: from the first live stage; 100: never).",
    )
    live_percentages: list[float] = Field(
        default_factory=lambda: [1.0, 5.0, 25.0, 50.0], description="The live stages, in order, before complete."
    )

    @field_validator("accept_causes")
    @classmethod
    def _known_causes(cls, causes: list[str]) -> list[str]:
        for cause in causes:
            if cause in _NOT_ACCEPTABLE:
                raise ValueError(f"{cause!r} cannot be accepted: {_NOT_ACCEPTABLE[cause]}")
            if cause not in _CAUSES:
                raise ValueError(f"unknown cause {cause!r}; causes are: {', '.join(sorted(_CAUSES))}")
        repeated = sorted({cause for cause in causes if causes.count(cause) > 1})
        if repeated:
            raise ValueError(f"{', '.join(map(repr, repeated))} listed more than once")
        return causes

    @field_validator("live_percentages")
    @classmethod
    def _stages_in_order(cls, stages: list[float]) -> list[float]:
        if not stages:
            raise ValueError("at least one live stage is needed")
        if any(not 0 < stage <= 100 for stage in stages):
            raise ValueError("each live stage is a percentage of traffic, above 0 and at most 100")
        if any(later <= earlier for earlier, later in itertools.pairwise(stages)):
            raise ValueError("live stages must increase strictly")
        return stages


class Policy(_Section):
    gate: GatePolicy = Field(default_factory=GatePolicy)
    rollout: RolloutPolicy = Field(default_factory=RolloutPolicy)


def load_policy(path: str | Path | None) -> Policy:
    """The policy in ``path`` (TOML), or the defaults."""
    if path is None:
        return Policy()
    data = read_toml(path, PolicyError, FileKind.POLICY)
    try:
        return Policy.model_validate(data)
    except ValidationError as error:
        problems = []
        for detail in error.errors(include_url=False):
            where = ".".join(str(part) for part in detail["loc"])
            if detail["type"] == "extra_forbidden":
                problems.append(f"unknown key {where!r}")
            else:
                message = detail["msg"].removeprefix("Value error, ")
                problems.append(f"{where}: {message[:1].lower()}{message[1:]}")
        raise PolicyError(f"{path}: " + "; ".join(problems)) from None


def default_policy_toml() -> str:
    """The default policy as a TOML file to start from."""
    policy = Policy()
    lines = ["# faithcompat policy: every key is optional; these are the defaults.", ""]
    for section_name, section in (("gate", policy.gate), ("rollout", policy.rollout)):
        lines.append(f"[{section_name}]")
        for name, info in type(section).model_fields.items():
            value = getattr(section, name)
            lines.append(f"# {info.description}")
            lines.append(f"{name} = {_toml_value(value)}")
        lines.append("")
    return "\n".join(lines)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)
