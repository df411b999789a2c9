"""The regression gate for CI (``faithcompat gate``): properties, golden outcomes, a drift budget.

``checks`` runs them into a ``GateResult``; ``views`` shows it (JUnit XML, Markdown, a
terminal). The properties are the fixed scorer's invariants (``invariants``), drawn from
the grader-output generators (``strategies``, over ``synth``'s renderers of one
judgement in every format); the test suite runs the same invariants. All of it imports
Hypothesis, so the stage's ``__init__`` never imports this family: import it where it is
used (``from compat.rollout import gate``). See docs/gate.md.
"""

from compat.rollout.gate.checks import (
    Check,
    GateResult,
    GateSettings,
    check_budget,
    check_properties,
    check_same_scorers,
    counted_flips,
    run_gate,
)
from compat.rollout.gate.views import render_junit, render_summary, render_terminal

__all__ = [
    "Check",
    "GateResult",
    "GateSettings",
    "check_budget",
    "check_properties",
    "check_same_scorers",
    "counted_flips",
    "render_junit",
    "render_summary",
    "render_terminal",
    "run_gate",
]
