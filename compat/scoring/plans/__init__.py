"""The three fix plans of the seed documents as scorers, each exactly as its code reads.

``plan-minimal`` (seed 000, ``minimal``), ``plan-parser`` (seed 002, ``parser``),
``plan-ragas-port`` (seed 001, ``ragas_port``): their own bugs and fallbacks included (neutral
0.5 scores, "unable to parse: every verdict 0", refusal lists, truncation to the shorter list).
They are not candidates to ship; they exist so the harness can show what each plan would have
done. Every choice made where a plan is silent or not valid TypeScript is in
docs/scoring-plans.md.

Where a plan builds on the existing promptfoo code it gets the legacy semantics (``_legacy``,
``_javascript``). Where it calls ``JSON.parse`` it gets ``JSON.parse``: the whole text, strict,
numbers as doubles, and deep nesting parsed (V8 does) without recursion (``js_json``). The
plans' names and reasons are in ``reasons``, what else they share in ``parts``; ``invented``
says which of their values were made up. ``SCORERS`` names the three for the registry.
"""

from __future__ import annotations

from collections.abc import Callable

from compat.scoring._score import Scorer
from compat.scoring.plans.invented import Invention, invented, is_invented
from compat.scoring.plans.minimal import PlanMinimalScorer
from compat.scoring.plans.parser import PlanParserScorer
from compat.scoring.plans.ragas_port import PlanRagasPortScorer
from compat.scoring.plans.reasons import MINIMAL, PARSER, RAGAS_PORT

__all__ = ["SCORERS", "Invention", "invented", "is_invented"]

# name -> factory taking no arguments; registered by compat.scoring._registry.
SCORERS: dict[str, Callable[[], Scorer]] = {
    MINIMAL: PlanMinimalScorer,
    PARSER: PlanParserScorer,
    RAGAS_PORT: PlanRagasPortScorer,
}
