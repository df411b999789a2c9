"""The compared cases folded into the report, one case at a time, merged in corpus order.

``tally`` takes what the aggregation needs of one comparison (``Tally``); ``drift`` folds
the tallies into ``DriftAggregator``, whose ``report()`` is the ``DriftReport``; ``steps``
folds the rare per-arm and recorded-score sections beside it; ``numbers`` holds the exact
sums and intervals they share. Every aggregate merges into the same result however the
corpus is cut, which is why both engines and any number of jobs give one report.
"""

from compat.diff.aggregate.drift import DriftAggregator
from compat.diff.aggregate.tally import Tally, tally

__all__ = ["DriftAggregator", "Tally", "tally"]
