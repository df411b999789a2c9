"""Stage 2b, composite: a case's metrics in, its composite score under a rule out.

Takes the metrics a case carries (``answer_correctness``, ``context_relevancy``,
``context_recall``, any name) and its ground truth, and a rule read from TOML (the
built-in ``mean-3``, ``seed-004``, ``unanswerable-aware``, or a file); gives the weighted
mean after the rule's unanswerable-question adjustments, or undetermined with the metric
that left it so. Takes from ``compat.cases`` only by what a case holds.
"""

from compat._errors import CompositeRuleError
from compat.composite._compute import (
    RELEVANCY,
    CompositeScore,
    composite_score,
    reference_is_unanswerable,
)
from compat.composite._rule import (
    BUILTIN_RULES,
    FAITHFULNESS,
    CompositeRule,
    load_rule,
)

__all__ = [
    "BUILTIN_RULES",
    "FAITHFULNESS",
    "RELEVANCY",
    "CompositeRule",
    "CompositeRuleError",
    "CompositeScore",
    "composite_score",
    "load_rule",
    "reference_is_unanswerable",
]
