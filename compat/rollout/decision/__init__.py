"""The rollout decision: a drift report and a policy in, GO, HOLD, NO-GO or NO-DECISION out.

``rules`` decides (the criteria, the flag's stages, the next one); ``people`` says what
people's labels confirm (excused flips, the candidate against the control); ``views`` shows
a decision as JSON, text, Markdown and report.html's panel. See docs/rollout.md.
"""

from compat.rollout.decision.people import PeopleComparison, people_comparisons
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
    "PeopleComparison",
    "Recommendation",
    "decide",
    "decision_dict",
    "decision_panel",
    "no_decision",
    "parse_stage",
    "people_comparisons",
    "render_decision",
]
