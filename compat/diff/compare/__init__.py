"""One case through two scorers: the comparison, its outcome and the named cause of any drift.

``comparer`` is what the engines run per case (``CaseComparer``); it scores each side on its
arm (``arms``: which arm a side scores and whether it can read it; ``recorded``: the legacy
score promptfoo kept where no text of it was), compares (``causes``: the outcome and its
cause), splits a per-arm case's difference into its steps (``decompose``), checks a score
promptfoo recorded (``observed``) and keeps what each side read where they differ
(``detail``). ``values`` holds the compared case as a value (``Comparison``) and its sections.
"""

from compat.diff.compare.arms import (
    ArmsTally,
    arm_read_by,
    cannot_read,
    has_text_for,
    nothing_recorded,
    score_arm,
)
from compat.diff.compare.causes import compare, legacy_bug_alone
from compat.diff.compare.comparer import CaseComparer
from compat.diff.compare.decompose import FLOOR_MULTIPLE, USABLE_SAMPLES
from compat.diff.compare.detail import detail_json, detail_record
from compat.diff.compare.observed import reproduces
from compat.diff.compare.values import ArmsSeen, CaseDetail, Comparison, Decomposition, ObservedCheck, Step

__all__ = [
    "FLOOR_MULTIPLE",
    "USABLE_SAMPLES",
    "ArmsSeen",
    "ArmsTally",
    "CaseComparer",
    "CaseDetail",
    "Comparison",
    "Decomposition",
    "ObservedCheck",
    "Step",
    "arm_read_by",
    "cannot_read",
    "compare",
    "detail_json",
    "detail_record",
    "has_text_for",
    "legacy_bug_alone",
    "nothing_recorded",
    "reproduces",
    "score_arm",
]
