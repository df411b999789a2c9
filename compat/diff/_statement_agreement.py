"""Per-statement agreement of two verdict sources on the same statements: Cohen's kappa and where they part.

"Can HHEM replace the verdict call?" is answered statement by statement: where an llm arm
and an hhem arm share call 1 (the same statements), the llm arm's call 2 (read by the
fixed scorer) and HHEM's checks give each statement a pair of verdicts. The pairs give a 2x2 confusion
matrix, the observed agreement, Cohen's kappa with its large-sample 95% interval
(Fleiss, Cohen and Everitt, 1969), and the statements they disagree on, each with its
case's contexts so a person can judge who is right.

The interval treats statements as independent; statements of one case share a context
and an answer, so the true interval is somewhat wider. The counter merges like the
other aggregators (counts add; the disagreements listed keep corpus order).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from pydantic import Field

from compat._model import FrozenModel
from compat.cases import Case, StatementCheck
from compat.scoring import RagasScorer, Verdict, normalise_statement

Z_95 = 1.959963984540054
DISAGREEMENTS_LISTED = 50
CONTROL_SOURCE = "llm"  # call 2's verdicts, read by the fixed scorer
CANDIDATE_SOURCE = "hhem"


class StatementPair(NamedTuple):
    """One statement judged by both sources."""

    case_id: str
    statement: str
    control: bool  # supported, as the LLM's call 2 says
    candidate: bool  # supported, as HHEM says
    probability: float | None  # HHEM's probability that the context supports it
    contexts: tuple[str, ...]


class DisagreementLine(FrozenModel):
    case_id: str
    statement: str
    control: bool = Field(description="The LLM verdict (call 2): supported or not.")
    candidate: bool = Field(description="The HHEM verdict: supported or not.")
    probability: float | None = Field(description="HHEM's probability that the contexts support the statement.")
    contexts: list[str] = Field(description="The case's contexts, which both judged the statement against.")


class StatementAgreement(FrozenModel):
    """How two verdict sources agree on the same statements (report.json ``statement_agreement``, since 1.4)."""

    control: str = Field(description="The first source: llm (call 2's verdicts, read by the fixed scorer).")
    candidate: str = Field(description="The second source: hhem (the HHEM-2.1-Open verifier).")
    cases: int = Field(description="Cases with at least one statement judged by both.")
    statements: int = Field(description="Statements judged by both.")
    unpaired: int = Field(description="Statements of those cases that one source left without a verdict.")
    matrix: dict[str, dict[str, int]] = Field(
        description="control supported/unsupported (rows) x candidate supported/unsupported (columns)."
    )
    observed: float | None = Field(description="The share of statements on which both agree.")
    expected: float | None = Field(description="The agreement two independent sources with these rates would reach.")
    kappa: float | None = Field(description="Cohen's kappa; null where it is undefined (no statements, one class).")
    kappa_low: float | None = Field(description="95% interval, large-sample standard error, clipped to [-1, 1].")
    kappa_high: float | None
    disagreements: list[DisagreementLine] = Field(description=f"The first {DISAGREEMENTS_LISTED}, in corpus order.")
    disagreement_count: int


class Kappa(NamedTuple):
    observed: float
    expected: float
    kappa: float | None
    low: float | None
    high: float | None


def cohen_kappa(both: int, control_only: int, candidate_only: int, neither: int) -> Kappa | None:
    """Kappa and its 95% interval from a 2x2 matrix (supported by both, by one, by the other, by neither).

    ``None`` without statements. ``kappa`` is ``None`` where chance agreement is 1 (both
    sources gave one and the same verdict throughout): kappa is 0/0 there.
    """
    n = both + control_only + candidate_only + neither
    if n == 0:
        return None
    p = [[both / n, control_only / n], [candidate_only / n, neither / n]]  # rows: control yes/no; cols: candidate
    rows = [p[0][0] + p[0][1], p[1][0] + p[1][1]]
    cols = [p[0][0] + p[1][0], p[0][1] + p[1][1]]
    observed = p[0][0] + p[1][1]
    expected = rows[0] * cols[0] + rows[1] * cols[1]
    if expected >= 1.0:
        return Kappa(observed, expected, None, None, None)
    kappa = (observed - expected) / (1.0 - expected)
    diagonal = sum(p[i][i] * (1.0 - (rows[i] + cols[i]) * (1.0 - kappa)) ** 2 for i in range(2))
    off = (1.0 - kappa) ** 2 * sum(p[i][j] * (cols[i] + rows[j]) ** 2 for i in range(2) for j in range(2) if i != j)
    chance = (kappa - expected * (1.0 - kappa)) ** 2
    variance = max(diagonal + off - chance, 0.0) / (n * (1.0 - expected) ** 2)
    margin = Z_95 * math.sqrt(variance)
    return Kappa(observed, expected, kappa, max(-1.0, kappa - margin), min(1.0, kappa + margin))


class AgreementCounter:
    """Pairs folded one case at a time; ``section()`` when the stream ends (``None``: no pair at all)."""

    def __init__(self) -> None:
        self.cells = [0, 0, 0, 0]  # both, control only, candidate only, neither
        self.cases = 0
        self.unpaired = 0
        self.disagreement_count = 0
        self.disagreements: list[StatementPair] = []

    def add(self, pairs: Sequence[StatementPair], unpaired: int = 0) -> None:
        if pairs:
            self.cases += 1
        self.unpaired += unpaired
        for pair in pairs:
            self.cells[(0 if pair.control else 2) + (0 if pair.candidate else 1)] += 1
            if pair.control != pair.candidate:
                self.disagreement_count += 1
                if len(self.disagreements) < DISAGREEMENTS_LISTED:
                    self.disagreements.append(pair)

    def merge(self, other: AgreementCounter) -> None:
        """Fold in the counter of the cases that follow this one's."""
        self.cells = [mine + theirs for mine, theirs in zip(self.cells, other.cells, strict=True)]
        self.cases += other.cases
        self.unpaired += other.unpaired
        self.disagreement_count += other.disagreement_count
        room = DISAGREEMENTS_LISTED - len(self.disagreements)
        self.disagreements.extend(other.disagreements[: max(room, 0)])

    def section(self) -> StatementAgreement | None:
        both, control_only, candidate_only, neither = self.cells
        kappa = cohen_kappa(both, control_only, candidate_only, neither)
        if kappa is None:
            return None
        return StatementAgreement(
            control=CONTROL_SOURCE,
            candidate=CANDIDATE_SOURCE,
            cases=self.cases,
            statements=sum(self.cells),
            unpaired=self.unpaired,
            matrix={
                "supported": {"supported": both, "unsupported": control_only},
                "unsupported": {"supported": candidate_only, "unsupported": neither},
            },
            observed=kappa.observed,
            expected=kappa.expected,
            kappa=kappa.kappa,
            kappa_low=kappa.low,
            kappa_high=kappa.high,
            disagreements=[
                DisagreementLine(
                    case_id=pair.case_id,
                    statement=pair.statement,
                    control=pair.control,
                    candidate=pair.candidate,
                    probability=pair.probability,
                    contexts=list(pair.contexts),
                )
                for pair in self.disagreements
            ],
            disagreement_count=self.disagreement_count,
        )


def statement_agreement(pairs: Iterable[StatementPair]) -> StatementAgreement | None:
    """The agreement of two sources over their per-statement verdicts of the same statements."""
    counter = AgreementCounter()
    by_case: dict[str, list[StatementPair]] = {}
    for pair in pairs:
        by_case.setdefault(pair.case_id, []).append(pair)
    for case_pairs in by_case.values():
        counter.add(case_pairs)
    return counter.section()


_READER = RagasScorer()


def verified_pairs(case: Case) -> tuple[tuple[StatementPair, ...], int]:
    """The pairs of a case where an llm arm and an hhem arm judged the same statements (the same call 1).

    The LLM's verdicts are the fixed scorer's reading of the llm arm's call 2, one per
    statement; HHEM's are the hhem arm's checks of those statements. A statement the LLM
    left without a verdict, or one the checks do not hold at the same place, is unpaired
    (counted, not guessed). Sample 0 of the first such pair of arms. Returns (pairs, unpaired).
    """
    if case.arms is None:
        return (), 0
    recordings = [(name, case.arms.get(name)) for name in case.arms.names()]
    for _, hhem in recordings:
        if hhem is None or hhem.checks is None or hhem.error is not None:
            continue
        for llm_name, llm in recordings:
            if llm is None or llm.checks is not None or llm.statements_output != hhem.statements_output:
                continue
            read = case.arm_case(llm_name)
            if read is not None:
                return _pairs(case, _READER.score(read).verdicts, hhem.checks)
    return (), 0


def _pairs(
    case: Case, read: Sequence[Verdict], checks: Sequence[StatementCheck]
) -> tuple[tuple[StatementPair, ...], int]:
    pairs: list[StatementPair] = []
    for index, verdict in enumerate(read):
        check = checks[index] if index < len(checks) else None
        if check is None or verdict.verdict is None:
            continue
        if normalise_statement(check.statement) != normalise_statement(verdict.statement):
            continue
        pairs.append(
            StatementPair(
                case_id=case.id,
                statement=check.statement,
                control=verdict.verdict == 1,
                candidate=check.supported,
                probability=check.probability,
                contexts=case.contexts,
            )
        )
    return tuple(pairs), max(len(read), len(checks)) - len(pairs)
