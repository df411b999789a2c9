"""faithcompat: move RAG faithfulness grading from the legacy scorer to the fixed one.

The public API is what this module exports; everything in ``compat._*`` is private.

    >>> from compat import Case, get_scorer
    >>> verdicts = "Final verdict for each statement in order: Yes. No."
    >>> case = Case(id="c1", statements_output="A.\\nB.", grader_output=verdicts)
    >>> get_scorer("legacy").score(case).value, get_scorer("ragas").score(case).value
    (0.5, 0.5)
"""

from compat._errors import CaseError, CorpusError, FaithcompatError, InputError, UnknownScorerError
from compat.cases import Case, ExpectedOutcome, LoadedCase, bundled_corpus, iter_cases, load_cases, parse_case
from compat.scoring import (
    Cause,
    LegacyScorer,
    MismatchPolicy,
    RagasScorer,
    Score,
    Scorer,
    ScoreWarning,
    Status,
    Verdict,
    VerdictFormat,
    get_scorer,
    register_scorer,
    scorer_names,
    temporary_scorers,
)

__all__ = [
    "Case",
    "CaseError",
    "Cause",
    "CorpusError",
    "ExpectedOutcome",
    "FaithcompatError",
    "InputError",
    "LegacyScorer",
    "LoadedCase",
    "MismatchPolicy",
    "RagasScorer",
    "Score",
    "ScoreWarning",
    "Scorer",
    "Status",
    "UnknownScorerError",
    "Verdict",
    "VerdictFormat",
    "bundled_corpus",
    "get_scorer",
    "iter_cases",
    "load_cases",
    "parse_case",
    "register_scorer",
    "scorer_names",
    "temporary_scorers",
]
