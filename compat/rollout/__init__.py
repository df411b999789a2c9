"""Stage 5, rollout: reports in, decisions out.

The policy (TOML), the rollout decision for the next stage of the flag (GO, HOLD,
NO-GO), and the runtime flag with shadow mode (``compat.flag``). The CI gate and the
fixed scorer's invariants (``_gate``, ``_invariants``, with the grader-output
generators ``_strategies`` and ``_synth``) import Hypothesis, so they are imported
as modules where they are used, not from here. Takes from every stage before it.
"""

from compat.rollout._decision import (
    decide,
    decision_dict,
    is_passed_refusal,
    parse_stage,
    passed_refusals,
    render_decision,
)
from compat.rollout._flag import BUCKETS, FaithfulnessFlag, FlagConfig, FlagConfigError, FlagStats, Mode, bucket
from compat.rollout._policy import default_policy_toml, load_policy

__all__ = [
    "BUCKETS",
    "FaithfulnessFlag",
    "FlagConfig",
    "FlagConfigError",
    "FlagStats",
    "Mode",
    "bucket",
    "decide",
    "decision_dict",
    "default_policy_toml",
    "is_passed_refusal",
    "load_policy",
    "parse_stage",
    "passed_refusals",
    "render_decision",
]
