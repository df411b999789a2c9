"""The statistics people's labels are read with: a share and its Wilson interval, Cohen's kappa with its interval.

Pure functions over counts. A share is Wilson's score interval (it stays in [0, 1] and is
not degenerate at 0 or n successes, as the normal interval is); kappa is over a 2x2 table
with its analytic large-sample 95% interval (``compat.diff.cohen_kappa``: Fleiss, Cohen and
Everitt, 1969), the same the HHEM agreement uses, so the two read alike.
"""

from __future__ import annotations

from collections.abc import Iterable

from compat.diff import Share, cohen_kappa, wilson_interval

SUPPORTED, NOT_SUPPORTED = "supported", "not_supported"


def share(agreed: int, of: int) -> Share:
    """``agreed`` of ``of`` with its Wilson 95% interval (nulls where ``of`` is 0)."""
    if not 0 <= agreed <= of:
        raise ValueError(f"agreed ({agreed}) must be between 0 and of ({of})")
    low, high = wilson_interval(agreed, of)
    if of and agreed == of:
        high = 1.0  # exactly: the interval's upper end at n of n is 1, whatever the rounding
    if of and agreed == 0:
        low = 0.0
    return Share(agreed=agreed, of=of, rate=agreed / of if of else None, wilson_low=low, wilson_high=high)


def binary_kappa(pairs: Iterable[tuple[str, str]]) -> tuple[float | None, float | None, float | None, float | None]:
    """(observed, kappa, low, high) of two raters' judgements, each ``supported`` or ``not_supported``;
    a pair where either gave another answer is left out. All null without a pair; kappa null
    where it is undefined (both gave one class throughout)."""
    cells = [0, 0, 0, 0]  # both supported, first only, second only, neither
    for first, second in pairs:
        if first in (SUPPORTED, NOT_SUPPORTED) and second in (SUPPORTED, NOT_SUPPORTED):
            cells[(0 if first == SUPPORTED else 2) + (0 if second == SUPPORTED else 1)] += 1
    kappa = cohen_kappa(*cells)
    if kappa is None:
        return None, None, None, None
    return kappa.observed, kappa.kappa, kappa.low, kappa.high
