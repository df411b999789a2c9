"""The scorer flag's modes, shared by the flag read from the environment and through OpenFeature."""

from __future__ import annotations

from enum import Enum


class Mode(str, Enum):
    LEGACY = "legacy"  # the control alone
    SHADOW = "shadow"  # the control decides; the candidate is computed and logged
    LIVE = "live"  # the candidate decides for a sticky share of keys (per key, through OpenFeature)
    CANDIDATE = "candidate"  # the candidate alone
