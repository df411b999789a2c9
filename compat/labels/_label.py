"""A person's label on one graded statement, as one line of a labels file (labels.jsonl).

``Label`` is a pydantic model because it is read from files people edit, merge and
pass around: a bad line must be named, never guessed at. Its key says what it is about
(the case, the arm whose grader text was read, the statement's place in that arm's
list); ``text_hash`` says what it was given against, so a label whose case was graded
again is found stale instead of being counted against text nobody read.
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple

from pydantic import AwareDatetime, ConfigDict, Field, StrictStr, model_validator

from compat._model import FrozenModel
from compat.cases import ARM_NAME_PATTERN

# The reading: what the grader said about the statement, read by a person.
# "none": the grader's text holds no verdict for it.
Reading = Literal["yes", "no", "none"]
# The judgement: whether the contexts support the statement, judged by a person.
Judgement = Literal["supported", "not_supported", "cant_tell"]
READINGS: tuple[Reading, ...] = ("yes", "no", "none")
JUDGEMENTS: tuple[Judgement, ...] = ("supported", "not_supported", "cant_tell")
TEXT_HASH_PATTERN = r"^sha256:[0-9a-f]{64}$"


class LabelKey(NamedTuple):
    """What a label is about: one statement of one arm's grader text of one case."""

    case_id: str
    arm: str | None
    statement: int


class Label(FrozenModel):
    """One statement as one person read and judged it, with what it was given against and when."""

    model_config = ConfigDict(
        # At least one of the two answers (the model's validator says the same to a reader).
        json_schema_extra={
            "anyOf": [
                {"properties": {"reading": {"type": "string"}}, "required": ["reading"]},
                {"properties": {"judgement": {"type": "string"}}, "required": ["judgement"]},
            ]
        },
    )

    case_id: Annotated[str, Field(strict=True, min_length=1)] = Field(description="The case's id in the corpus.")
    arm: Annotated[str, Field(strict=True, pattern=ARM_NAME_PATTERN)] | None = Field(
        description="The arm whose grader text was read (legacy, ragas, or an arm a team declared); "
        "null: the case's shared grader texts (a case without arms)."
    )
    statement: Annotated[int, Field(strict=True, ge=0)] = Field(
        description="The statement's place in the arm's statements, from 0 (as the labelling page listed them)."
    )
    text_hash: Annotated[str, Field(strict=True, pattern=TEXT_HASH_PATTERN)] = Field(
        description="SHA-256 of the arm's statements and grader text the label was given against: "
        "a label whose hash no longer matches the corpus's case is stale and never counted."
    )
    reading: Reading | None = Field(
        default=None, description="What the grader said about the statement: yes, no, or none (no verdict for it)."
    )
    judgement: Judgement | None = Field(
        default=None, description="Whether the contexts support the statement: supported, not_supported, cant_tell."
    )
    labeller: Annotated[StrictStr, Field(min_length=1, max_length=200)] = Field(
        description="Who labelled it: the name the person typed."
    )
    labelled_at: AwareDatetime = Field(description="When, with its time zone (the page writes UTC).")

    @model_validator(mode="after")
    def _answers_something(self) -> Label:
        if self.reading is None and self.judgement is None:
            raise ValueError("a label answers the reading, the judgement or both (both are null)")
        if not self.labeller.strip():
            raise ValueError("labeller is blank: a label says who made it")
        return self

    @property
    def key(self) -> LabelKey:
        return LabelKey(self.case_id, self.arm, self.statement)
