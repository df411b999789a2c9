"""The case model: one grading round as it is read from a corpus file.

``Case`` is a pydantic model because it is parsed from untrusted files and must
explain what is wrong with them.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictStr, model_validator

from compat._model import FrozenModel

DEFAULT_THRESHOLD = 0.5
# Tags faithcompat itself adds (the shadow log's): kept on the case, never counted as a
# cohort, so a team's cohorts are the tags the team wrote.
TOOL_TAG_PREFIX = "faithcompat:"

NonFiniteName = Literal["NaN", "Infinity", "-Infinity"]
FiniteFloat = Annotated[float, Field(strict=True, allow_inf_nan=False)]
NonEmptyStr = Annotated[str, Field(strict=True, min_length=1)]
# The two prompt contracts an arm can keep, and what judges its statements.
ArmPreset = Literal["legacy", "ragas", "deepeval"]
Verifier = Literal["llm", "hhem"]
MetricScore = Annotated[float, Field(strict=True, ge=0, le=1, allow_inf_nan=False)]


class ExpectedOutcome(FrozenModel):
    """The golden outcome of one scorer on one case. Only the fields given are checked."""

    score: FiniteFloat | NonFiniteName | None = Field(
        default=None,
        description='Expected score; "NaN", "Infinity", "-Infinity" for non-finite '
        "legacy scores; null for undetermined.",
    )
    passed: StrictBool | None = None
    # The scoring stage's Status, Cause and VerdictFormat values, spelled out here because
    # cases come before scoring (tests/cases/test_corpus.py keeps them equal).
    status: Literal["scored", "undetermined", "error"] | None = None
    cause: (
        Literal[
            "empty_output",
            "no_statements",
            "refusal",
            "no_verdicts",
            "count_mismatch",
            "unclear_reading",
            "grader_error",
            "not_recorded",
        ]
        | None
    ) = None
    reason: StrictStr | None = None
    format: (
        Literal[
            "json",
            "text_final_line",
            "text_per_statement",
            "json_list",
            "text_table",
            "text_list",
            "text_grouped",
            "text_prose",
        ]
        | None
    ) = None


class ExpectedComposite(FrozenModel):
    """The golden composite of one rule on one case. Only the fields given are checked."""

    score: FiniteFloat | None = Field(default=None, description="The composite; null for undetermined.")
    passed: StrictBool | None = None
    unanswerable: StrictBool | None = Field(default=None, description="The rule reads the ground truth so.")
    adjusted: StrictBool | None = Field(default=None, description="The rule's adjustments applied.")


# "truths": the deepeval arm's call on the contexts, asked before its claims ("statements") call.
GraderCall = Literal["truths", "statements", "verdicts"]
# What went wrong, named as what it is: the connection (refused: nothing listens there;
# dns: the host name does not resolve; reset; closed: closed without a reply; timeout;
# connection: any other), the HTTP answer (auth: 401/403; not_found: 404, no such model;
# rate_limited: 429; server_error: 5xx; bad_request: another 4xx), the reply (bad_response:
# not a completion), the URL (bad_url), or the case line the outputs would make (too_long).
# A verifier (hhem) that fails on call 2's place: the device ran out of memory
# (out_of_memory), a statement with its context is over its token limit (too_long), other.
GraderErrorKind = Literal[
    "rate_limited",
    "server_error",
    "timeout",
    "refused",
    "dns",
    "reset",
    "closed",
    "connection",
    "bad_response",
    "bad_request",
    "auth",
    "not_found",
    "bad_url",
    "too_long",
    "out_of_memory",
    "other",
]
TokenCount = Annotated[int, Field(strict=True, ge=0)]


class GraderError(FrozenModel):
    """A grader call that still failed after its retries: recorded, never replaced by a made-up output."""

    call: GraderCall = Field(
        description="Which call failed: statements (call 1), verdicts (call 2) or truths (the deepeval arm's first)."
    )
    kind: GraderErrorKind
    message: StrictStr = Field(description="What the server or the connection said (never the API key).")


class Attempt(FrozenModel):
    """An output the ragas arm rejected as unparseable and re-asked for (max_retries)."""

    call: GraderCall
    output: StrictStr
    problem: StrictStr = Field(description="Why the output was not accepted.")


class TokenUsage(FrozenModel):
    """Tokens the calls of one sample used, re-asks included (as the server counted them)."""

    prompt: TokenCount = 0
    completion: TokenCount = 0


class ServedCall(FrozenModel):
    """What the server said it ran for one reply: the ``model`` field of its completion (a
    dated snapshot where the model asked is an alias) and its ``system_fingerprint``."""

    call: GraderCall
    model: StrictStr | None = Field(default=None, description="The model the server says answered.")
    system_fingerprint: StrictStr | None = Field(default=None, description="The server's system_fingerprint.")


class StatementCheck(FrozenModel):
    """One statement as a verifier other than the grader's call 2 judged it (``verifier``:
    ``hhem``): what it read, the probability it gave that the context supports it, and
    the verdict that probability makes."""

    statement: StrictStr
    probability: Annotated[float, Field(strict=True, ge=0.0, le=1.0, allow_inf_nan=False)]
    supported: StrictBool


class ArmSample(FrozenModel):
    """One grading of a case by one arm: call 1's text, call 2's text, or the error that stopped it."""

    seed: Annotated[int, Field(strict=True)] | None = Field(default=None, description="The seed sent, if any.")
    truths_output: StrictStr | None = Field(
        default=None, description="Raw text of the deepeval arm's truths call (the contexts' truths); null elsewhere."
    )
    statements_output: StrictStr | None = Field(default=None, description="Raw text of call 1 (statements).")
    grader_output: StrictStr | None = Field(default=None, description="Raw text of call 2 (verdicts).")
    error: GraderError | None = Field(default=None, description="Set when a call failed after its retries.")
    attempts: tuple[Attempt, ...] = Field(default=(), description="Outputs rejected and re-asked, in order.")
    tokens: TokenUsage = TokenUsage()
    served: tuple[ServedCall, ...] = Field(
        default=(),
        description="Per reply, in order (re-asks included), what the server said it ran; empty where it said "
        "nothing, and in corpora written before it was recorded.",
    )
    # Filled by a verifier that is not the grader's call 2 (hhem); null on llm arms.
    checks: tuple[StatementCheck, ...] | None = Field(
        default=None, description="Each statement as the arm's verifier judged it (not llm arms), in order."
    )

    @model_validator(mode="after")
    def _outputs_match_the_error(self) -> ArmSample:
        # Exactly the texts of the calls that succeeded: a reader never has to guess.
        if self.error is not None and self.error.call == "truths":
            if self.statements_output is not None or self.grader_output is not None or self.truths_output is not None:
                raise ValueError("the truths call failed: an arm sample cannot hold any output")
        elif self.error is None:
            if self.statements_output is None or self.grader_output is None:
                raise ValueError("an arm sample without an error needs statements_output and grader_output")
        elif self.error.call == "statements":
            if self.statements_output is not None or self.grader_output is not None:
                raise ValueError("call 1 failed: an arm sample cannot hold statements_output or grader_output")
        elif self.statements_output is None or self.grader_output is not None:
            raise ValueError("call 2 failed: an arm sample holds statements_output and no grader_output")
        return self


class ArmRecording(ArmSample):
    """What one arm's grader said about a case: sample 0 in the fields, further samples in ``samples``.

    The arm's configuration is recorded beside its outputs (``prompts``, ``model`` and the
    fields after them; ``None`` where a corpus written before them does not say), so two
    arms can be told apart by what differs between them (``arm_config``).
    """

    prompts: StrictStr | None = Field(default=None, description="Which prompt set the calls used.")
    model: StrictStr | None = Field(default=None, description="The grader model.")
    preset: ArmPreset | None = Field(
        default=None,
        description="The contract the arm's prompts keep: legacy (text), ragas (JSON) or deepeval (deepeval's JSON). "
        "null in corpora written before named arms: the arm's own name (legacy, ragas or deepeval) says it.",
    )
    base_url: StrictStr | None = Field(default=None, description="The endpoint asked (null: the default one).")
    temperature: FiniteFloat | None = None
    strict_json: StrictBool | None = None
    max_retries: Annotated[int, Field(strict=True, ge=0)] | None = None
    verifier: Verifier | None = Field(
        default=None, description="What judged the statements: llm (call 2, the default) or hhem (a classifier)."
    )
    verifier_model: StrictStr | None = Field(
        default=None, description="The verifier model's identity (hub id and revision, or a hash), where not llm."
    )
    samples: tuple[ArmSample, ...] = Field(
        default=(), description="Samples 1..K-1 of --samples K (sample 0 is the recording itself)."
    )

    def sample(self, index: int = 0) -> ArmSample:
        """Sample ``index`` (0: the recording's own fields)."""
        return self if index == 0 else self.samples[index - 1]

    @property
    def sample_count(self) -> int:
        return 1 + len(self.samples)


# An arm's name: a preset's (legacy, ragas) or one a team declares (``grade --arm``).
ArmName = str
ARM_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"


class Arms(FrozenModel):
    """Per-arm recordings, by arm name: each arm graded with its own configuration (``faithcompat grade``).

    ``legacy`` and ``ragas`` are the presets' names, as corpora have always written them;
    any other name is an arm a team declared. A name is an object key, so the shape of a
    corpus written before named arms is unchanged.
    """

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={"propertyNames": {"pattern": ARM_NAME_PATTERN}},
    )
    __pydantic_extra__: dict[str, ArmRecording] = Field(init=False)

    legacy: ArmRecording | None = Field(default=None, description="Legacy prompts: text statements and verdicts.")
    ragas: ArmRecording | None = Field(default=None, description="RAGAS prompts: JSON statements and verdicts.")

    @model_validator(mode="after")
    def _names_are_names(self) -> Arms:
        for name in self.__pydantic_extra__ or {}:
            if not re.fullmatch(ARM_NAME_PATTERN, name):
                raise ValueError(f"arm name {name!r} is not a name (letters, digits, _ . -; at most 64)")
        return self

    def get(self, arm: ArmName) -> ArmRecording | None:
        """The recording of the arm named ``arm``; None where the case does not record it."""
        if arm == "legacy":
            return self.legacy
        if arm == "ragas":
            return self.ragas
        return (self.__pydantic_extra__ or {}).get(arm)

    def names(self) -> tuple[ArmName, ...]:
        """The names of the arms recorded, the presets first."""
        extra = tuple(self.__pydantic_extra__ or {})
        return tuple(name for name in ("legacy", "ragas") if self.get(name) is not None) + extra


class Observed(FrozenModel):
    """A score recorded elsewhere (a promptfoo results file): what the user's own legacy scorer said."""

    source: StrictStr = Field(description='Where it was recorded, e.g. "promptfoo".')
    score: FiniteFloat | NonFiniteName | None = Field(default=None, description="null where none was recorded.")
    passed: StrictBool | None = None
    reason: StrictStr | None = None
    threshold: FiniteFloat | None = None


class Case(FrozenModel):
    """One grading round: the two grader outputs (shared, or per arm) and what to grade them against."""

    model_config = ConfigDict(
        # The shared texts may be left out only where the arms carry the grader's outputs.
        json_schema_extra={"anyOf": [{"required": ["grader_output"]}, {"required": ["arms"]}]},
    )

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
    truths_output: StrictStr | None = Field(
        default=None, description="Raw text of deepeval's truths call (the deepeval-4.3.1 scorer reads it)."
    )
    grader_output: StrictStr = Field(
        default="",
        description="Raw text of grader call 2 (verdicts); may be empty. Required unless the case has arms.",
    )
    threshold: FiniteFloat = DEFAULT_THRESHOLD
    expected: dict[StrictStr, ExpectedOutcome] = Field(
        default_factory=dict, description="Golden outcome per scorer name."
    )
    note: StrictStr | None = Field(default=None, description="What this case exercises.")
    reference: StrictStr | None = Field(
        default=None, description="A reference answer (the ground truth), as datasets carry it."
    )
    metrics: dict[NonEmptyStr, MetricScore | None] = Field(
        default_factory=dict,
        description="Other metrics of the round, name -> score in [0, 1] or null (not measured): "
        "answer_correctness, context_relevancy, context_recall, any name. Composite rules read them.",
    )
    expected_composite: dict[StrictStr, ExpectedComposite] = Field(
        default_factory=dict, description="Golden composite per composite rule name (mean-3, seed-004, ...)."
    )
    arms: Arms | None = Field(
        default=None, description="Each arm's own grader calls; scored instead of the shared grader text."
    )
    observed: Observed | None = Field(default=None, description="A legacy score recorded by promptfoo itself.")
    checks: tuple[StatementCheck, ...] | None = Field(
        default=None, description="A verifier's per-statement judgement (hhem arms), as the arm recorded it."
    )

    @model_validator(mode="after")
    def _has_statements(self) -> Case:
        if self.arms is not None:
            return self
        if "grader_output" not in self.model_fields_set:
            raise ValueError("missing required field 'grader_output'")
        if self.statements_output is None and self.statements is None:
            raise ValueError("a case needs statements_output (grader call 1's text) or statements (a list)")
        return self

    def arm_case(self, arm: ArmName, sample: int = 0) -> Case | None:
        """The case as one arm's recording gives it, ready for a scorer.

        The arm's own statements and verdict texts replace the shared ones; ``None`` when
        the case has no recording for ``arm`` or that sample's call failed (``arm_error``).
        """
        recording = self.arms.get(arm) if self.arms is not None else None
        if recording is None:
            return None
        chosen = recording.sample(sample)
        if chosen.error is not None or chosen.statements_output is None or chosen.grader_output is None:
            return None
        return self.model_copy(
            update={
                "statements_output": chosen.statements_output,
                "truths_output": chosen.truths_output,
                "statements": None,
                "grader_output": chosen.grader_output,
                "arms": None,
                "checks": chosen.checks,
            }
        )

    def arm_error(self, arm: ArmName, sample: int = 0) -> GraderError | None:
        """The grader error of ``arm``'s sample, if its call failed after its retries."""
        recording = self.arms.get(arm) if self.arms is not None else None
        return None if recording is None else recording.sample(sample).error
