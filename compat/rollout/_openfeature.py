"""The scorer flag read through OpenFeature: the team's own flag system decides (docs/rollout.md).

The flag is a string flag (``faithfulness-scorer`` by default) whose value, per targeting
key, is the mode for that key: ``legacy`` (the control alone), ``shadow`` (the control
decides, the candidate is computed and logged), ``live`` (the candidate decides, the
control is computed and logged), ``candidate`` (the candidate alone). A ``live:N`` stage
is a flag that says ``live`` for N% of keys and ``shadow`` for the rest.

A provider that is not ready, a missing flag, a value that is no mode, or a provider that
raises: the control decides (``legacy``), and the reason is returned to be counted and
logged, never raised (Scientist's rule). The first evaluation waits, once and bounded,
for the provider to be ready: an evaluation made before then gets the default silently.

Evaluations are kept until the provider says its flags changed (and at most
``cache_seconds``): a key seen before costs a dictionary look-up, and a value the
provider resolved ``STATIC`` (a flag without targeting: off, shadow, complete) answers
every key. Through the SDK an unseen key costs tens of µs (docs/performance.md).

``openfeature-sdk`` (and ``openfeature-provider-flagd`` for a flag file) is the
``[openfeature]`` extra, imported here only when the OpenFeature flag is asked for.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compat._errors import FlagConfigError
from compat.rollout._modes import Mode

logger = logging.getLogger("faithcompat.flag")

DEFAULT_FLAG_KEY = "faithfulness-scorer"
DEFAULT_DOMAIN = "faithcompat"  # the client's domain: the team's default provider unless one is bound to it
EXTRA = "pip install 'faithcompat[openfeature]'"
# What a fallback says when the provider answered no error code: a value that is no mode.
UNKNOWN_VARIANT = "UNKNOWN_VARIANT"
PROVIDER_EXCEPTION = "PROVIDER_EXCEPTION"

Attributes = Mapping[str, str | int | float | bool]


@dataclass(frozen=True)
class OpenFeatureSettings:
    """Which flag, through which client, and how long the first evaluation waits for readiness."""

    flag_key: str = DEFAULT_FLAG_KEY
    domain: str = DEFAULT_DOMAIN
    flag_file: Path | None = None  # a flagd flag file, evaluated in process (no daemon): bound to ``domain``
    attributes: Attributes = field(default_factory=dict)  # added to every evaluation context
    ready_timeout: float = 2.0  # seconds, once per flag: then a not-ready provider is the control
    # Evaluations kept until the provider says its flags changed, and at most cache_seconds (for a
    # provider that says nothing); 0: every evaluation asks the SDK.
    cache_size: int = 100_000
    cache_seconds: float = 5.0

    def __post_init__(self) -> None:
        if not self.flag_key.strip():
            raise FlagConfigError("the OpenFeature flag key is empty")
        if self.ready_timeout < 0:
            raise FlagConfigError(f"the readiness timeout must be 0 or more seconds, not {self.ready_timeout}")
        if self.cache_size < 0 or self.cache_seconds < 0:
            raise FlagConfigError(
                f"the evaluation cache's size and age must be 0 or more, not {self.cache_size} and {self.cache_seconds}"
            )


@dataclass(frozen=True)
class Resolved:
    """One key's mode, and why the control decided if the flag could not (``None``: the flag decided)."""

    mode: Mode
    variant: str | None
    fallback: str | None = None


def _sdk() -> Any:
    try:
        import openfeature.api as api
        from openfeature.evaluation_context import EvaluationContext
        from openfeature.event import ProviderEvent
        from openfeature.provider import ProviderStatus
    except ImportError:
        raise FlagConfigError(f"the OpenFeature flag needs the openfeature-sdk package: {EXTRA}") from None
    return api, EvaluationContext, ProviderEvent, ProviderStatus


_bound_files: dict[str, Path] = {}
_bound_lock = threading.Lock()


def use_flagd_file(path: Path, domain: str = DEFAULT_DOMAIN) -> None:
    """Bind flagd's in-process provider, reading ``path`` (no daemon, no network), to ``domain``; once per
    process and domain (the provider re-reads the file when it changes)."""
    path = path.resolve()  # the provider re-reads it from its own thread, whatever the process's directory then
    with _bound_lock:
        bound = _bound_files.get(domain)
        if bound is not None:
            if bound != path:
                raise FlagConfigError(
                    f"the OpenFeature domain {domain!r} already reads the flag file {bound}, not {path}"
                )
            return
        api, *_ = _sdk()
        try:
            from openfeature.contrib.provider.flagd import FlagdProvider
            from openfeature.contrib.provider.flagd.config import ResolverType
        except ImportError:
            raise FlagConfigError(f"a flag file is read by the openfeature-provider-flagd package: {EXTRA}") from None
        if not path.is_file():
            raise FlagConfigError(f"{path}: no such flag file")
        api.set_provider(FlagdProvider(resolver_type=ResolverType.FILE, offline_flag_source_path=str(path)), domain)
        _bound_files[domain] = path


_shared: dict[tuple[Any, ...], OpenFeatureModes] = {}
_shared_lock = threading.Lock()


def modes_for(settings: OpenFeatureSettings) -> OpenFeatureModes:
    """One ``OpenFeatureModes`` a process and settings, shared by the library's flag and the promptfoo
    assertion: one readiness wait, one cache, and the same answer for the same key."""
    identity = (
        settings.flag_key,
        settings.domain,
        settings.flag_file,
        settings.ready_timeout,
        settings.cache_size,
        settings.cache_seconds,
        tuple(sorted(settings.attributes.items())),
    )
    with _shared_lock:
        modes = _shared.get(identity)
        if modes is None:
            modes = _shared[identity] = OpenFeatureModes(settings)
        return modes


class OpenFeatureModes:
    """The mode of each key, as the OpenFeature flag says; see the module docstring."""

    def __init__(self, settings: OpenFeatureSettings) -> None:
        api, self._context_type, events, self._statuses = _sdk()
        if settings.flag_file is not None:
            use_flagd_file(settings.flag_file, settings.domain)
        self.settings = settings
        self._client = api.get_client(settings.domain)
        self._ready = threading.Event()
        self._deadline: float | None = None
        self._cache: dict[tuple[str, tuple[tuple[str, Any], ...]], tuple[Resolved, float]] = {}
        self._cache_lock = threading.Lock()
        self._generation = 0  # bumped by every change: an evaluation begun before one is not kept
        # A value the provider resolved as STATIC (no targeting: off, shadow, complete) is every key's.
        self._static: tuple[Resolved, float] | None = None
        # The handler is run at once when the provider is ready already; both events are sent
        # from the SDK's own threads.
        self._client.add_handler(events.PROVIDER_READY, self._on_ready)
        for event in (events.PROVIDER_CONFIGURATION_CHANGED, events.PROVIDER_ERROR, events.PROVIDER_STALE):
            self._client.add_handler(event, self._on_change)

    def _on_ready(self, _details: object) -> None:
        self._ready.set()
        self._on_change(_details)

    def _on_change(self, _details: object) -> None:
        with self._cache_lock:
            self._cache.clear()
            self._static = None
            self._generation += 1

    def _wait_for_readiness(self) -> None:
        if self._ready.is_set():
            return
        if self._deadline is None:  # the bound counts from the first evaluation, once
            self._deadline = time.monotonic() + self.settings.ready_timeout
        self._ready.wait(max(0.0, self._deadline - time.monotonic()))

    def resolve(self, key: str, attributes: Attributes | None = None) -> Resolved:
        """The mode for ``key`` (the targeting key) with the settings' attributes and ``attributes``."""
        static = self._static
        if static is not None and static[1] > time.monotonic():
            return static[0]
        merged = {**self.settings.attributes, **(attributes or {})}
        cache_key = (key, tuple(sorted(merged.items())))
        cached = self._cache.get(cache_key)
        if cached is not None and cached[1] > time.monotonic():
            return cached[0]
        self._wait_for_readiness()
        generation = self._generation
        try:
            details = self._client.get_string_details(
                self.settings.flag_key, Mode.LEGACY.value, self._context_type(key, merged)
            )
        except Exception:  # Scientist's rule: the flag never breaks the caller
            logger.exception("faithcompat: the OpenFeature flag %r raised; the control decides", self.settings.flag_key)
            return Resolved(Mode.LEGACY, None, PROVIDER_EXCEPTION)
        if details.error_code is not None:
            reason = getattr(details.error_code, "value", str(details.error_code))
            logger.warning(
                "faithcompat: the OpenFeature flag %r gave no value for %r (%s%s); the control decides",
                self.settings.flag_key,
                key,
                reason,
                f": {details.error_message}" if details.error_message else "",
            )
            return Resolved(Mode.LEGACY, None, reason)
        try:
            resolved = Resolved(Mode(details.value), details.variant)
        except ValueError:
            names = ", ".join(m.value for m in Mode)
            logger.warning(
                "faithcompat: the OpenFeature flag %r says %r for %r, not a mode (%s); the control decides",
                self.settings.flag_key,
                details.value,
                key,
                names,
            )
            return Resolved(Mode.LEGACY, details.variant, UNKNOWN_VARIANT)
        if self.settings.cache_size and self.settings.cache_seconds:
            with self._cache_lock:
                if generation == self._generation:
                    expires = time.monotonic() + self.settings.cache_seconds
                    if details.reason == "STATIC":  # the spec's "no dynamic evaluation": no key changes it
                        self._static = (resolved, expires)
                    if len(self._cache) >= self.settings.cache_size:
                        self._cache.clear()
                    self._cache[cache_key] = (resolved, expires)
        return resolved
