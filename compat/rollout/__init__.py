"""Stage 6, rollout: reports in, decisions out.

The policy (TOML), the rollout decision for the next stage of the flag (GO, HOLD,
NO-GO, or NO-DECISION where nothing was scored on a side), the league table that
compares every candidate fix with the control (``build_league``), and the runtime flag
with shadow mode (``compat.flag``), and the same flag inside promptfoo (a python
assertion, ``promptfoo_assertion``, and the ``assert:`` entries of each stage). The CI
gate and the fixed scorer's invariants (``_gate``, ``_invariants``, with the
grader-output generators ``_strategies`` and ``_synth``) import Hypothesis, so they
are imported as modules where they are used, not from here. Takes from every stage before it.
"""

from compat._errors import AssertionConfigError, FlagConfigError
from compat.rollout._assertion import AssertionSettings
from compat.rollout._assertion_config import assert_entries, to_yaml
from compat.rollout._decision import Verdict, decide, no_decision, parse_stage
from compat.rollout._decisionviews import decision_dict, decision_panel, render_decision
from compat.rollout._flag import BUCKETS, FaithfulnessFlag, FlagConfig, FlagStats, Mode, bucket
from compat.rollout._league import LeagueRow, LeagueTable, build_league
from compat.rollout._leagueviews import league_json, league_schema, league_section, render_league
from compat.rollout._policy import RolloutPolicy, default_policy_toml, load_policy
from compat.rollout._refusals import Refusal, refusals_file, refusals_in

__all__ = [
    "BUCKETS",
    "AssertionConfigError",
    "AssertionSettings",
    "FaithfulnessFlag",
    "FlagConfig",
    "FlagConfigError",
    "FlagStats",
    "LeagueRow",
    "LeagueTable",
    "Mode",
    "Refusal",
    "RolloutPolicy",
    "Verdict",
    "assert_entries",
    "bucket",
    "build_league",
    "decide",
    "decision_dict",
    "decision_panel",
    "default_policy_toml",
    "league_json",
    "league_schema",
    "league_section",
    "load_policy",
    "no_decision",
    "parse_stage",
    "refusals_file",
    "refusals_in",
    "render_decision",
    "render_league",
    "to_yaml",
]
