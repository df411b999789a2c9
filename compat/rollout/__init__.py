"""Stage 6, rollout: reports in, decisions out.

The policy (TOML), the rollout decision for the next stage of the flag (GO, HOLD,
NO-GO), the league table that compares every candidate fix with the control
(``build_league``), and the runtime flag with shadow mode (``compat.flag``). The CI gate and the
fixed scorer's invariants (``_gate``, ``_invariants``, with the grader-output
generators ``_strategies`` and ``_synth``) import Hypothesis, so they are imported
as modules where they are used, not from here. Takes from every stage before it.
"""

from compat.rollout._decision import decide, is_passed_refusal, parse_stage, passed_refusals
from compat.rollout._decisionviews import decision_dict, decision_panel, render_decision
from compat.rollout._flag import BUCKETS, FaithfulnessFlag, FlagConfig, FlagConfigError, FlagStats, Mode, bucket
from compat.rollout._league import (
    LeagueRow,
    LeagueTable,
    build_league,
    league_json,
    league_schema,
    league_section,
    render_league,
)
from compat.rollout._policy import RolloutPolicy, default_policy_toml, load_policy

__all__ = [
    "BUCKETS",
    "FaithfulnessFlag",
    "FlagConfig",
    "FlagConfigError",
    "FlagStats",
    "LeagueRow",
    "LeagueTable",
    "Mode",
    "RolloutPolicy",
    "bucket",
    "build_league",
    "decide",
    "decision_dict",
    "decision_panel",
    "default_policy_toml",
    "is_passed_refusal",
    "league_json",
    "league_schema",
    "league_section",
    "load_policy",
    "parse_stage",
    "passed_refusals",
    "render_decision",
    "render_league",
]
