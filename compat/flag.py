"""The runtime flag and shadow mode: pick the scorer per call, log both.

The public face of ``compat.rollout._flag``; see its docstring for the modes and rules.
The mode comes from the environment, or from the team's flag system through OpenFeature
(``OpenFeatureSettings``; ``use_flagd_file`` binds flagd's in-process provider to a file).
"""

from compat.rollout import (
    BUCKETS,
    DEFAULT_FLAG_KEY,
    FaithfulnessFlag,
    FlagConfig,
    FlagConfigError,
    FlagStats,
    Mode,
    OpenFeatureSettings,
    bucket,
    use_flagd_file,
)

__all__ = [
    "BUCKETS",
    "DEFAULT_FLAG_KEY",
    "FaithfulnessFlag",
    "FlagConfig",
    "FlagConfigError",
    "FlagStats",
    "Mode",
    "OpenFeatureSettings",
    "bucket",
    "use_flagd_file",
]
