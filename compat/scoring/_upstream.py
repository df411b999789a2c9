"""Published upstream versions as scorers: later promptfoo generations and the ragas library.

``promptfoo-0.120.27``, ``promptfoo-0.121.19``, ``promptfoo-0.123.1`` and ``ragas-0.4.3``:
score, pass, reason and error flag as the published code gives them. See docs/scoring.md.
"""

from __future__ import annotations

from collections.abc import Callable

from compat.scoring._score import Scorer

# name -> factory taking no arguments; registered by compat.scoring._registry.
SCORERS: dict[str, Callable[[], Scorer]] = {}
