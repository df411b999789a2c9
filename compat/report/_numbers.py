"""Number formats every rendering shares: the terminal, report.md and report.html say a rate alike."""

from __future__ import annotations


def pct(rate: float | None) -> str:
    """A rate as a percentage with one decimal; a rate that is not there as a dash."""
    return "—" if rate is None else f"{100 * rate:.1f}%"
