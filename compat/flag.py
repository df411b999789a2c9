"""The runtime flag and shadow mode: pick the scorer per call, log both.

The public face of ``compat.rollout._flag``; see its docstring for the modes and rules.
"""

from compat.rollout import BUCKETS, FaithfulnessFlag, FlagConfig, FlagConfigError, FlagStats, Mode, bucket

__all__ = ["BUCKETS", "FaithfulnessFlag", "FlagConfig", "FlagConfigError", "FlagStats", "Mode", "bucket"]
