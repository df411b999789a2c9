"""Stage 6, rollout: reports in, decisions out.

The policy (TOML); the rollout decision for the next stage of the flag (``decision/``:
GO, HOLD, NO-GO, or NO-DECISION where nothing was scored on a side); the league table
that compares every candidate fix with the control (``league/``); the runtime flag with
shadow mode (``compat.flag``), and the same flag inside promptfoo (``promptfoo/``, and
the assertion file promptfoo loads, ``promptfoo_assertion.py``). The CI gate and the
fixed scorer's invariants (``gate/``) import Hypothesis, so that family is imported where
it is used, never from here. Takes from every stage before it.
"""

from compat._errors import AssertionConfigError, FlagConfigError
from compat.rollout._flag import BUCKETS, FaithfulnessFlag, FlagConfig, FlagStats, bucket
from compat.rollout._flagfile import FlagFileError, flagd_file_with_stage, flagd_flag, stage_in_flagd_file
from compat.rollout._modes import Mode
from compat.rollout._openfeature import DEFAULT_FLAG_KEY, OpenFeatureSettings, use_flagd_file
from compat.rollout._policy import RolloutPolicy, default_policy_toml, load_policy
from compat.rollout._refusals import Refusal, refusals_file, refusals_in
from compat.rollout.decision import (
    Recommendation,
    decide,
    decision_dict,
    decision_panel,
    no_decision,
    parse_stage,
    render_decision,
)
from compat.rollout.league import build_league, league_json, league_pages, league_schema, league_section, render_league
from compat.rollout.promptfoo import AssertionSettings, assert_entries, flag_entries, to_yaml

__all__ = [
    "BUCKETS",
    "DEFAULT_FLAG_KEY",
    "AssertionConfigError",
    "AssertionSettings",
    "FaithfulnessFlag",
    "FlagConfig",
    "FlagConfigError",
    "FlagFileError",
    "FlagStats",
    "Mode",
    "OpenFeatureSettings",
    "Recommendation",
    "Refusal",
    "RolloutPolicy",
    "assert_entries",
    "bucket",
    "build_league",
    "decide",
    "decision_dict",
    "decision_panel",
    "default_policy_toml",
    "flag_entries",
    "flagd_file_with_stage",
    "flagd_flag",
    "league_json",
    "league_pages",
    "league_schema",
    "league_section",
    "load_policy",
    "no_decision",
    "parse_stage",
    "refusals_file",
    "refusals_in",
    "render_decision",
    "render_league",
    "stage_in_flagd_file",
    "to_yaml",
    "use_flagd_file",
]
