"""The three fix plans of the seed documents as scorers, each exactly as its code reads.

``plan-minimal`` (seed 000), ``plan-parser`` (seed 002), ``plan-ragas-port`` (seed 001):
their own bugs and fallbacks included. See docs/scoring.md.
"""

from __future__ import annotations

from collections.abc import Callable

from compat.scoring._score import Scorer

# name -> factory taking no arguments; registered by compat.scoring._registry.
SCORERS: dict[str, Callable[[], Scorer]] = {}
