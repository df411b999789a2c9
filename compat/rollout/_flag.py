"""Choosing the scorer per call at runtime: the feature flag and shadow mode (docs/rollout.md).

    flag = FaithfulnessFlag(FlagConfig.from_env())        # FAITHCOMPAT_MODE, FAITHCOMPAT_PERCENT, ...
    score = flag.score(case, key=test_id)                  # the deciding arm's Score

Scientist's rule: the arm that does not decide can never break the caller. Its
exceptions, and a failing shadow log, are caught, logged and counted in ``stats``.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TextIO

from compat._errors import FlagConfigError
from compat.cases import TOOL_TAG_PREFIX, Case, case_line
from compat.scoring import Score, Scorer, get_scorer

logger = logging.getLogger("faithcompat.flag")

BUCKETS = 10_000


class Mode(str, Enum):
    LEGACY = "legacy"
    SHADOW = "shadow"
    LIVE = "live"
    CANDIDATE = "candidate"


@dataclass(frozen=True)
class FlagConfig:
    mode: Mode = Mode.LEGACY
    percent: float = 0.0  # live mode: share of keys the candidate decides for
    shadow_log: Path | None = None
    control: str = "legacy"
    candidate: str = "ragas"

    def __post_init__(self) -> None:
        if not 0.0 <= self.percent <= 100.0:
            raise FlagConfigError(f"percent must be within 0 and 100, not {self.percent}")
        # Two settings that would run without error and do nothing the user asked for.
        if self.mode is Mode.SHADOW and self.shadow_log is None:
            raise FlagConfigError(
                "shadow mode computes the fixed scorer to log it, and no shadow log is set "
                "(FAITHCOMPAT_SHADOW_LOG, or shadow_log=): nothing would be recorded"
            )
        if self.mode is Mode.LIVE and self.percent == 0.0:
            raise FlagConfigError(
                "live mode with 0% sends no key to the fixed scorer: set a percentage "
                "(FAITHCOMPAT_PERCENT, or percent=) above 0, or use shadow mode"
            )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> FlagConfig:
        """From ``FAITHCOMPAT_MODE``, ``FAITHCOMPAT_PERCENT`` and ``FAITHCOMPAT_SHADOW_LOG``."""
        env = os.environ if environ is None else environ
        raw_mode = env.get("FAITHCOMPAT_MODE", "legacy").strip().lower()
        try:
            mode = Mode(raw_mode)
        except ValueError:
            known = ", ".join(m.value for m in Mode)
            raise FlagConfigError(f"FAITHCOMPAT_MODE={raw_mode!r} is not a mode; use one of {known}") from None
        if mode is Mode.LIVE and not env.get("FAITHCOMPAT_PERCENT", "").strip():
            raise FlagConfigError(
                "FAITHCOMPAT_MODE=live needs FAITHCOMPAT_PERCENT: the share of keys the fixed scorer decides"
            )
        raw_percent = env.get("FAITHCOMPAT_PERCENT", "0").strip().rstrip("%")
        try:
            percent = float(raw_percent)
        except ValueError:
            raise FlagConfigError(f"FAITHCOMPAT_PERCENT={raw_percent!r} is not a number") from None
        log = env.get("FAITHCOMPAT_SHADOW_LOG")
        return cls(mode, percent, Path(log) if log else None)


def bucket(key: str) -> int:
    """The sticky bucket of a key, in [0, 10000)."""
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % BUCKETS


def candidate_decides(mode: Mode, percent: float, key: str) -> bool:
    """Whether the candidate decides for ``key``: always in candidate mode, for a sticky
    ``percent`` of keys in live mode, never otherwise."""
    if mode is Mode.CANDIDATE:
        return True
    if mode is Mode.LIVE:
        return bucket(key) < round(percent * BUCKETS / 100)
    return False


@dataclass
class FlagStats:
    calls: int = 0
    decided_by_candidate: int = 0
    shadow_failures: int = 0  # the non-deciding arm raised
    log_failures: int = 0  # the shadow log could not be written
    logged: int = 0


@dataclass
class FaithfulnessFlag:
    """Scores through whichever arm the flag assigns; see the module docstring."""

    config: FlagConfig
    control_scorer: Scorer | None = None
    candidate_scorer: Scorer | None = None
    stats: FlagStats = field(default_factory=FlagStats)

    def __post_init__(self) -> None:
        self._control = self.control_scorer or get_scorer(self.config.control)
        self._candidate = self.candidate_scorer or get_scorer(self.config.candidate)
        self._lock = threading.Lock()
        self._log: TextIO | None = None
        self._sequence = itertools.count()

    def uses_candidate(self, key: str) -> bool:
        return candidate_decides(self.config.mode, self.config.percent, key)

    def score(self, case: Case, key: str | None = None) -> Score:
        """The deciding arm's score of ``case``; ``key`` (default: the case id) fixes the side."""
        self.stats.calls += 1
        mode = self.config.mode
        if mode is Mode.LEGACY:
            return self._control.score(case)
        if mode is Mode.CANDIDATE:
            self.stats.decided_by_candidate += 1
            return self._candidate.score(case)
        candidate_decides = self.uses_candidate(key if key is not None else case.id)
        deciding, observing = (
            (self._candidate, self._control) if candidate_decides else (self._control, self._candidate)
        )
        decided = deciding.score(case)  # the deciding arm's errors are the caller's, as without the flag
        if candidate_decides:
            self.stats.decided_by_candidate += 1
        try:
            observing.score(case)  # computed for the record; its result is re-derived by `diff`
        except Exception:  # Scientist's rule: the observing arm never breaks the caller
            self.stats.shadow_failures += 1
            logger.exception("faithcompat: the %s arm failed on case %r", observing.name, case.id)
        self._append(case, deciding.name)
        return decided

    def _append(self, case: Case, decided_by: str) -> None:
        if self.config.shadow_log is None:
            return
        # faithcompat's own tags: kept on the logged case for slicing, never counted as cohorts.
        tags = (*case.tags, f"{TOOL_TAG_PREFIX}shadow", f"{TOOL_TAG_PREFIX}decided-by:{decided_by}")
        unique = f"{case.id}@{time.time_ns()}-{next(self._sequence)}"  # a case may be scored many times
        logged = case.model_copy(update={"id": unique, "tags": tags, "expected": {}})
        try:
            with self._lock:
                if self._log is None:
                    self.config.shadow_log.parent.mkdir(parents=True, exist_ok=True)
                    self._log = self.config.shadow_log.open("a", encoding="utf-8")
                self._log.write(case_line(logged) + "\n")
                self._log.flush()
                self.stats.logged += 1
        except Exception:  # a full disk must not fail a grading run either
            self.stats.log_failures += 1
            logger.exception("faithcompat: could not append to the shadow log %s", self.config.shadow_log)

    def close(self) -> None:
        with self._lock:
            if self._log is not None:
                self._log.close()
                self._log = None

    def __enter__(self) -> FaithfulnessFlag:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
