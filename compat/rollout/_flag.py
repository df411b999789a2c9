"""Choosing the scorer per call at runtime: the feature flag and shadow mode (docs/rollout.md).

    flag = FaithfulnessFlag(FlagConfig.from_env())        # FAITHCOMPAT_MODE, FAITHCOMPAT_PERCENT, ...
    score = flag.score(case, key=test_id)                  # the deciding arm's Score

The mode comes from the environment (the default), or, per key, from the team's flag
system through OpenFeature (``FlagConfig(openfeature=OpenFeatureSettings())``,
``FAITHCOMPAT_FLAG=openfeature``; ``compat.rollout._openfeature``).

Scientist's rule: the arm that does not decide can never break the caller. Its
exceptions, and a failing shadow log, are caught, logged and counted in ``stats``; so is
an OpenFeature flag that cannot say (the control decides).
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from compat._errors import FlagConfigError
from compat.cases import TOOL_TAG_PREFIX, Case, case_line
from compat.rollout._modes import Mode
from compat.rollout._openfeature import DEFAULT_FLAG_KEY, Attributes, OpenFeatureSettings, modes_for
from compat.scoring import Score, Scorer, get_scorer

logger = logging.getLogger("faithcompat.flag")

BUCKETS = 10_000


@dataclass(frozen=True)
class FlagConfig:
    mode: Mode = Mode.LEGACY
    percent: float = 0.0  # live mode: share of keys the candidate decides for
    shadow_log: Path | None = None
    control: str = "legacy"
    candidate: str = "ragas"
    openfeature: OpenFeatureSettings | None = None  # the mode of each key from the team's flag system

    def __post_init__(self) -> None:
        if self.openfeature is not None and (self.mode is not Mode.LEGACY or self.percent):
            raise FlagConfigError(
                "the mode comes from the OpenFeature flag: set no mode or percent beside it "
                "(FAITHCOMPAT_MODE, FAITHCOMPAT_PERCENT)"
            )
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
        """From ``FAITHCOMPAT_MODE``, ``FAITHCOMPAT_PERCENT`` and ``FAITHCOMPAT_SHADOW_LOG``; with
        ``FAITHCOMPAT_FLAG=openfeature`` (or a ``FAITHCOMPAT_FLAG_FILE``), the mode from the OpenFeature flag
        ``FAITHCOMPAT_FLAG_KEY`` instead."""
        env = os.environ if environ is None else environ
        log = env.get("FAITHCOMPAT_SHADOW_LOG")
        openfeature = openfeature_from_env(env)
        if openfeature is not None:
            given = [name for name in ("FAITHCOMPAT_MODE", "FAITHCOMPAT_PERCENT") if env.get(name, "").strip()]
            if given:
                raise FlagConfigError(
                    f"{' and '.join(given)} set with the OpenFeature flag, which says the mode: unset "
                    f"{'them' if len(given) > 1 else 'it'}, or set FAITHCOMPAT_FLAG=env"
                )
            return cls(shadow_log=Path(log) if log else None, openfeature=openfeature)
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
        return cls(mode, percent, Path(log) if log else None)


def openfeature_from_env(env: Mapping[str, str]) -> OpenFeatureSettings | None:
    """``FAITHCOMPAT_FLAG`` (``env``, the default, or ``openfeature``), ``FAITHCOMPAT_FLAG_KEY``,
    ``FAITHCOMPAT_FLAG_FILE`` (a flagd file: implies ``openfeature``), ``FAITHCOMPAT_FLAG_READY_TIMEOUT``."""
    flag_file = env.get("FAITHCOMPAT_FLAG_FILE", "").strip()
    source = env.get("FAITHCOMPAT_FLAG", "").strip().lower() or ("openfeature" if flag_file else "env")
    if source not in ("env", "openfeature"):
        raise FlagConfigError(f"FAITHCOMPAT_FLAG={source!r}: use env (the default) or openfeature")
    if source == "env":
        if flag_file:
            raise FlagConfigError("FAITHCOMPAT_FLAG_FILE is read by the OpenFeature flag, and FAITHCOMPAT_FLAG=env")
        return None
    raw_timeout = env.get("FAITHCOMPAT_FLAG_READY_TIMEOUT", "2").strip()
    try:
        timeout = float(raw_timeout)
    except ValueError:
        raise FlagConfigError(f"FAITHCOMPAT_FLAG_READY_TIMEOUT={raw_timeout!r} is not a number of seconds") from None
    return OpenFeatureSettings(
        flag_key=env.get("FAITHCOMPAT_FLAG_KEY", "").strip() or DEFAULT_FLAG_KEY,
        flag_file=Path(flag_file) if flag_file else None,
        ready_timeout=timeout,
    )


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
    flag_fallbacks: int = 0  # the OpenFeature flag could not say: the control decided
    fallback_reasons: Counter[str] = field(default_factory=Counter)  # by the provider's error code


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
        settings = self.config.openfeature
        self._modes = modes_for(settings) if settings is not None else None

    def mode_for(self, key: str, attributes: Attributes | None = None) -> Mode:
        """The mode for ``key``: the configured one, or the OpenFeature flag's for this key (a fallback to
        the control counted in ``stats``)."""
        if self._modes is None:
            return self.config.mode
        resolved = self._modes.resolve(key, attributes)
        if resolved.fallback is not None:
            self.stats.flag_fallbacks += 1
            self.stats.fallback_reasons[resolved.fallback] += 1
        return resolved.mode

    def uses_candidate(self, key: str, attributes: Attributes | None = None) -> bool:
        if self._modes is None:
            return candidate_decides(self.config.mode, self.config.percent, key)
        return self.mode_for(key, attributes) in (Mode.LIVE, Mode.CANDIDATE)

    def score(self, case: Case, key: str | None = None, attributes: Attributes | None = None) -> Score:
        """The deciding arm's score of ``case``; ``key`` (default: the case id) fixes the side, and is the
        OpenFeature targeting key, with ``attributes`` in its evaluation context."""
        self.stats.calls += 1
        key = key if key is not None else case.id
        mode = self.mode_for(key, attributes)
        if mode is Mode.LEGACY:
            return self._control.score(case)
        if mode is Mode.CANDIDATE:
            self.stats.decided_by_candidate += 1
            return self._candidate.score(case)
        # Through OpenFeature the flag has chosen this key's side: live, the candidate decides; shadow, the control.
        candidate_decides = self.uses_candidate(key) if self._modes is None else mode is Mode.LIVE
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
