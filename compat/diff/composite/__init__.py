"""The drift of a composite score between two rules (``diff --composite OLD,NEW``).

``case`` scores one case with metrics under both rules and names why its composite moved
(``compose_case``); ``aggregate`` folds those cases into the report's composite section,
merged in corpus order like the faithfulness aggregate (``CompositeAggregator``). The
section's model is ``compat.diff.model``'s.
"""

from compat.diff.composite.aggregate import CompositeAggregator, composite_drift
from compat.diff.composite.case import (
    CaseComposite,
    Faithfulness,
    LineComposite,
    compose_case,
    composite_record,
    faithfulness_from,
    line_composite,
)

__all__ = [
    "CaseComposite",
    "CompositeAggregator",
    "Faithfulness",
    "LineComposite",
    "compose_case",
    "composite_drift",
    "composite_record",
    "faithfulness_from",
    "line_composite",
]
