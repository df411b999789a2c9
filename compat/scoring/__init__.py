"""Stage 2, scoring: a ``Case`` in, a ``Score`` out, by a scorer found by name.

Holds the legacy scorer (a bit-exact port, JavaScript numerics included), the fixed
scorer (statements and alignment here, verdict reading in ``reader/``), the seed
documents' fix plans (``plans/``), the published upstream releases (``upstream/``) and
the registry every caller goes through (docs/scoring.md). Scorers are total: anything a
grader can emit gives a ``Score``, never an exception. Takes from ``compat.cases`` only.
"""

from compat._errors import VocabularyError
from compat.scoring._javascript import NUMBER_EPSILON
from compat.scoring._legacy import LegacyBreakdown, LegacyScorer, legacy_breakdown
from compat.scoring._ragas import RagasScorer, normalise_statement
from compat.scoring._registry import (
    get_scorer,
    league_candidates,
    register_scorer,
    scorer_names,
    scorer_options,
    scorer_reader,
    temporary_scorers,
)
from compat.scoring._score import (
    Cause,
    MismatchPolicy,
    Score,
    Scorer,
    ScoreWarning,
    Status,
    Verdict,
    VerdictFormat,
    passes,
)
from compat.scoring._statements import sent_statements, statements_from_text
from compat.scoring.reader import (
    READER_VERSION,
    VerdictWords,
    Vocabulary,
    forget_read_items,
    load_vocabulary,
    parse_verdicts,
    verdict_words,
)
from compat.scoring.upstream import PROMPTFOO_GENERATIONS, deepeval_field, hhem_verdict

__all__ = [
    "NUMBER_EPSILON",
    "PROMPTFOO_GENERATIONS",
    "READER_VERSION",
    "Cause",
    "LegacyBreakdown",
    "LegacyScorer",
    "MismatchPolicy",
    "RagasScorer",
    "Score",
    "ScoreWarning",
    "Scorer",
    "Status",
    "Verdict",
    "VerdictFormat",
    "VerdictWords",
    "Vocabulary",
    "VocabularyError",
    "deepeval_field",
    "forget_read_items",
    "get_scorer",
    "hhem_verdict",
    "league_candidates",
    "legacy_breakdown",
    "load_vocabulary",
    "normalise_statement",
    "parse_verdicts",
    "passes",
    "register_scorer",
    "scorer_names",
    "scorer_options",
    "scorer_reader",
    "sent_statements",
    "statements_from_text",
    "temporary_scorers",
    "verdict_words",
]
