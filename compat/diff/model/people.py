"""report.json's "against people" (``AgainstPeople``, since 1.8): readings and judgements set against people's labels.

Only the model lives here, with the report's other sections; the labels stage computes it
(``compat.labels.against_people``) and ``diff --labels`` puts it in the report. What each
figure means: docs/labels.md.
"""

from __future__ import annotations

from pydantic import Field

from compat._model import FrozenModel

KAPPA_INTERVAL = "analytic: large-sample standard error (Fleiss, Cohen and Everitt, 1969), clipped to [-1, 1]"


class Share(FrozenModel):
    """``agreed`` of ``of``, with its Wilson 95% score interval (null where ``of`` is 0)."""

    agreed: int
    of: int
    rate: float | None
    wilson_low: float | None
    wilson_high: float | None


class Misread(FrozenModel):
    """A case a scorer read otherwise than people: its score, and the score people's readings give."""

    case_id: str
    arm: str | None = Field(description="The arm whose text was read (null: the case's shared texts).")
    scorer_score: float | str | None = Field(description="The scorer's score (NaN and infinities as strings).")
    people_score: float | None = Field(description="Statements people read yes over all statements; null: none read.")
    statements: list[int] = Field(description="The statements whose reading differs, from 0 (empty: the count does).")


class ReaderAccuracy(FrozenModel):
    """How one scorer read the grader's text, against people's readings of the same text."""

    scorer: str
    role: str = Field(description="control, candidate, or league (a scorer of compare's league).")
    statements: Share | None = Field(
        description="Statements whose verdict it read as people did (yes, no, no verdict); null: the scorer reads a "
        "count, not statement by statement (legacy)."
    )
    cases: Share = Field(
        description="Cases every statement of which people read, whose score it gave as their readings give it "
        "(supported statements over all of them; no verdict at all: undetermined)."
    )
    misread: list[Misread] = Field(description="The first cases it misread (at most 20), in corpus order.")
    misread_count: int


class PartedStatement(FrozenModel):
    """A statement on which an arm's grader and people judge otherwise, beside the contexts it was judged against."""

    case_id: str
    statement: str
    people: str = Field(description="supported or not_supported, as people judged it.")
    grader: str = Field(description="supported or not_supported, as the arm's grader (or HHEM) judged it.")
    contexts: list[str]


class ArmAgreement(FrozenModel):
    """One arm's judgement (its grader's verdicts; HHEM's checks on an HHEM arm) against people's judgements."""

    arm: str | None = Field(description="The arm (null: the case's shared grader text).")
    judged_by: str = Field(description="grader (call 2's verdicts, as people read them) or hhem (the checks).")
    statements: int = Field(description="Statements both judged supported or not (the kappa's).")
    matrix: dict[str, dict[str, int]] = Field(
        description="people supported/not_supported/cant_tell (rows) x the arm supported/not_supported/none "
        "(columns): every statement people judged on the arm."
    )
    observed: float | None
    kappa: float | None = Field(description="Cohen's kappa over the 2x2 core; null where undefined (one class).")
    kappa_low: float | None
    kappa_high: float | None
    parted: list[PartedStatement] = Field(description="The first statements where they part (at most 20).")
    parted_count: int


class PeopleAgreement(FrozenModel):
    """Two or more labellers on the same statements: their agreement with each other, the ceiling for any judge."""

    labellers: list[str]
    statements: int = Field(description="Statements two or more labellers labelled.")
    pairs: int = Field(description="Pairs of labels on one statement compared (each pair of labellers).")
    readings: Share | None = Field(description="Pairs that read the statement alike.")
    judgements: Share | None = Field(description="Pairs that judged it alike (can't tell included).")
    kappa: float | None = Field(description="Cohen's kappa of the pairs' judgements, supported or not (both gave one).")
    kappa_low: float | None
    kappa_high: float | None
    disagreements: list[str] = Field(
        description="The first statements they disagree on (at most 20): case, arm, index."
    )
    disagreement_count: int


class ExcusedCause(FrozenModel):
    """A cause that excuses its flips and drifts as legacy's bug, and how far people confirmed it."""

    cause: str
    flips: int = Field(description="Excused flips of this cause in the corpus.")
    drifts: int = Field(description="Drifts of this cause in the corpus (not flips).")
    confirmed: Share = Field(
        description="Of its excused cases people read in full, those the candidate read as people did: legacy's "
        "misreading confirmed."
    )


class AgainstPeople(FrozenModel):
    """The readings and judgements of the report's scorers and arms, set against people's labels (``--labels``)."""

    files: list[str] = Field(description="The labels files, as given.")
    labels: int = Field(description="Labels counted: the latest per statement and person, given against today's texts.")
    stale: int = Field(description="Labels that no longer apply (the case graded again, gone): never counted.")
    stale_reasons: list[str] = Field(description="Why, for the first few.")
    replaced: int = Field(description="Labels a later one of the same person on the same statement replaced.")
    labellers: list[str]
    cases: int = Field(description="Cases with a current label.")
    split: int = Field(description="Statements whose labellers disagree: left out of the scorers' and arms' figures.")
    readers: list[ReaderAccuracy]
    arms: list[ArmAgreement]
    people: PeopleAgreement | None = Field(description="Null: no statement has two labellers.")
    excused: list[ExcusedCause]
    kappa_interval: str = Field(default=KAPPA_INTERVAL, description="How each kappa's 95% interval is computed.")
