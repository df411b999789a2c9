"""The grader's refusals a rollout decision names, each with the arm whose grader refused.

On a corpus of shared texts, both scorers read the one output: a refusal legacy passed
(it scores one 1.0) is a refusal the fixed scorer declines, as expected. On a corpus
graded both ways each arm has its own grader: the legacy arm's may refuse while the
RAGAS arm's answers (legacy passes the refusal; the fixed scorer scores the answer),
or the other way round (the fixed scorer declines; legacy scored an answer). Which arm
refused is read from a case's cases.jsonl line: the legacy arm's text is a refusal when
the parser step (the fixed scorer on that text) names one, the candidate's when it
declined for a refusal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from compat.diff import CaseLine, DriftCause, load_case_lines, parse_case_line

_REFUSAL_SCORED_AS_FAITHFUL = DriftCause.REFUSAL_SCORED_AS_FAITHFUL.value
_REFUSAL = "refusal"  # the candidate's own cause, declining a refusal

RefusedBy = Literal["both", "legacy", "ragas"]


@dataclass(frozen=True)
class Refusal:
    """A case whose grader refused: on the one text both read (or on both arms), or on one arm only."""

    case_id: str
    refused_by: RefusedBy  # both: the text both scorers read; legacy, ragas: that arm's grader only
    legacy_passed: bool


def refusal_of(line: CaseLine) -> Refusal | None:
    """The refusal a compared case holds worth naming (see ``named``), or None."""
    candidate_refused = line.candidate_cause == _REFUSAL
    if line.decomposition is None:  # one text for both: the grader refused it, or not
        legacy_refused = line.cause == _REFUSAL_SCORED_AS_FAITHFUL
    else:
        legacy_refused = line.decomposition.parser_cause == _REFUSAL_SCORED_AS_FAITHFUL
    if not (legacy_refused or candidate_refused):
        return None
    refused_by: RefusedBy = "both" if legacy_refused and candidate_refused else "legacy" if legacy_refused else "ragas"
    refusal = Refusal(line.id, refused_by, line.control_passed)
    return refusal if named(refusal) else None


def named(refusal: Refusal) -> bool:
    """Worth naming in a decision: a refusal legacy passed, or one the RAGAS arm's grader made alone."""
    return refusal.legacy_passed if refusal.refused_by != "ragas" else True


def refusals_in(lines: Iterable[str]) -> list[Refusal]:
    """The refusals among cases.jsonl lines; only the lines that mention one are read."""
    found = []
    for line in lines:
        if '"refusal' in line:  # a cause or the candidate's cause: anything else cannot hold one
            refusal = refusal_of(parse_case_line(line))
            if refusal is not None:
                found.append(refusal)
    return found


def refusals_file(cases_file: Path) -> list[Refusal]:
    """The refusals in a ``cases.jsonl``; none if there is no such file."""
    if not cases_file.exists():
        return []
    return [refusal for line in load_case_lines(cases_file) if (refusal := refusal_of(line)) is not None]
