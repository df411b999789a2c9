"""What the three plans share: call 1's statements, the pieces of a verdict line, the Score they build."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from compat.cases import Case
from compat.scoring._javascript import JS_WHITESPACE
from compat.scoring._legacy import legacy_reason
from compat.scoring._score import Score, Verdict, VerdictFormat, passes
from compat.scoring.plans.reasons import with_log

# The plans' header test is case-sensitive on the raw output (the legacy one lower-cases first).
RAW_FINAL_HEADER = "Final verdict for each statement in order:"

# Score.verdicts lists at most this many (memory on a 10 MB output); the score counts them all.
MAX_LISTED_VERDICTS = 10_000


def reason_of(item: dict[str, Any]) -> str:
    """``v.reason || 'No reason provided'``, as text (a non-text reason is shown as the default)."""
    reason = item.get("reason")
    return reason if isinstance(reason, str) and reason else "No reason provided"


def split_into_sentences(text: str) -> list[str]:
    """promptfoo's ``splitIntoSentences``: pieces of ``split('\\n')`` that are not blank, untrimmed."""
    return [piece for piece in text.split("\n") if piece.strip(JS_WHITESPACE)]


def call_one_statements(case: Case) -> list[str] | None:
    """The existing code's statements; ``None`` where call 1 returned nothing (``No output``).

    A ``statements`` list stands in for call 1 only without ``statements_output``, blank
    entries dropped, as for the legacy arm.
    """
    if case.statements_output is not None:
        return split_into_sentences(case.statements_output) if case.statements_output else None
    if case.statements is None:  # a case whose texts are all in its per-arm recordings
        return None
    return [statement for statement in case.statements if statement.strip(JS_WHITESPACE)]


_CHUNK = 1 << 16


def dot_pieces(text: str) -> Iterator[str]:
    """``text.split('.')``, lazily: a 10 MB verdict tail never holds millions of pieces at once."""
    start = 0
    while (end := text.find(".", start + _CHUNK)) >= 0:
        yield from text[start:end].split(".")
        start = end + 1
    yield from text[start:].split(".")


class Parsed:
    """Verdicts as a plan parsed them: 1/0 values, listed ``Verdict``s (capped), format."""

    __slots__ = ("format", "listed", "values")

    def __init__(self, verdict_format: VerdictFormat | None) -> None:
        self.values: list[Literal[0, 1]] = []
        self.listed: list[Verdict] = []
        self.format = verdict_format

    def add(self, verdict: Literal[0, 1], statement: str, reason: str) -> None:
        self.values.append(verdict)
        if len(self.listed) < MAX_LISTED_VERDICTS:
            self.listed.append(Verdict(statement, verdict, reason))


def plan_score(
    name: str,
    case: Case,
    value: float,
    reason: str,
    *,
    passed: bool = False,
    verdict_format: VerdictFormat | None = None,
    verdicts: tuple[Verdict, ...] = (),
    statement_count: int = 0,
) -> Score:
    return Score.scored(
        scorer=name,
        value=value,
        passed=passed,
        threshold=case.threshold,
        reason=reason,
        format=verdict_format,
        verdicts=verdicts,
        statement_count=statement_count,
    )


def ratio_score(
    name: str,
    case: Case,
    *,
    faithful: int,
    total: int,
    parsed: Parsed,
    verdicts: tuple[Verdict, ...],
    statement_count: int,
    log: str | None = None,
) -> Score:
    """``score = faithful / total`` with the existing pass rule and reason (``Number.EPSILON``, ``toFixed(2)``)."""
    value = faithful / total
    passed = passes(value, case.threshold)
    reason = legacy_reason(value, case.threshold, passed)
    return plan_score(
        name,
        case,
        value,
        with_log(reason, log) if log else reason,
        passed=passed,
        verdict_format=parsed.format,
        verdicts=verdicts,
        statement_count=statement_count,
    )
