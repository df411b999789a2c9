"""The rollout decision: a drift report and a policy in, GO, HOLD, NO-GO or NO-DECISION out.

``rules`` decides (the criteria, the flag's stages, the next one); ``views`` shows a
decision as JSON, text, Markdown and report.html's panel. See docs/rollout.md.
"""

from compat.rollout.decision.rules import (
    Accepted,
    Criterion,
    Decision,
    Recommendation,
    decide,
    no_decision,
    parse_stage,
)
from compat.rollout.decision.views import decision_dict, decision_panel, render_decision

__all__ = [
    "Accepted",
    "Criterion",
    "Decision",
    "Recommendation",
    "decide",
    "decision_dict",
    "decision_panel",
    "no_decision",
    "parse_stage",
    "render_decision",
]
