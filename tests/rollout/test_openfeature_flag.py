"""The scorer flag through OpenFeature: the real openfeature-sdk, flagd's provider reading a flag file in
process (no daemon, no network) and the SDK's in-memory provider.

Shares over 10,000 keys are checked against the binomial interval of the configured
percentage (z = 3.89: one run in 10,000 outside it by chance; the keys are fixed, so a
run is reproducible), a key's side against a second evaluation, and every evaluation the
provider could not answer against the fallbacks counted in ``stats``.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from compat import bundled_corpus, load_cases
from compat._errors import FlagConfigError
from compat.cli import main
from compat.flag import FaithfulnessFlag, FlagConfig, Mode, OpenFeatureSettings, bucket
from compat.rollout import _openfeature, flagd_file_with_stage
from compat.rollout.promptfoo.assertion import AssertionSettings
from compat.rollout.promptfoo_assertion import get_assert
from tests.grading.server import GraderServer

openfeature_api = pytest.importorskip("openfeature.api")
pytest.importorskip("openfeature.contrib.provider.flagd")

from openfeature.evaluation_context import EvaluationContext  # noqa: E402
from openfeature.event import ProviderEventDetails  # noqa: E402
from openfeature.flag_evaluation import FlagResolutionDetails  # noqa: E402
from openfeature.provider import ProviderStatus  # noqa: E402
from openfeature.provider.in_memory_provider import InMemoryFlag, InMemoryProvider  # noqa: E402

KEYS = [f"case-{n}" for n in range(10_000)]
Z = 3.89


@pytest.fixture(autouse=True)
def fresh_openfeature(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test binds its own providers; none outlives it (flagd's file watcher stops with its provider)."""
    monkeypatch.setattr(_openfeature, "_bound_files", {})
    monkeypatch.setattr(_openfeature, "_shared", {})
    yield
    openfeature_api.clear_providers()


def within_binomial(count: int, n: int, percent: float) -> bool:
    p = percent / 100
    return abs(count - n * p) <= Z * math.sqrt(n * p * (1 - p))


def flag_file(path: Path, stage: str) -> Path:
    path.write_bytes(flagd_file_with_stage(path.read_bytes() if path.exists() else None, stage))
    return path


def flagd_flag(path: Path, domain: str, **options: Any) -> FaithfulnessFlag:
    settings = OpenFeatureSettings(flag_file=path, domain=domain, **options)
    return FaithfulnessFlag(FlagConfig(openfeature=settings, shadow_log=path.with_name(f"{domain}.jsonl")))


@pytest.mark.parametrize("percent", [25, 50])
def test_flagd_fractional_shares_are_the_percentage_and_sticky(tmp_path: Path, percent: int) -> None:
    path = flag_file(tmp_path / "flags.json", f"live:{percent}")
    # Bound a moment ago: without the wait for readiness most of these would get the default silently.
    flag = flagd_flag(path, f"shares-{percent}", cache_size=0)
    first = [flag.mode_for(key) for key in KEYS]
    assert flag.stats.flag_fallbacks == 0 and set(first) == {Mode.LIVE, Mode.SHADOW}
    assert within_binomial(first.count(Mode.LIVE), len(KEYS), percent), first.count(Mode.LIVE)
    assert [flag.mode_for(key) for key in KEYS[:2_000]] == first[:2_000]  # asked again: the same side


@pytest.mark.parametrize(
    ("stage", "mode"), [("off", Mode.LEGACY), ("shadow", Mode.SHADOW), ("complete", Mode.CANDIDATE)]
)
def test_flagd_whole_stages_give_every_key_one_mode(tmp_path: Path, stage: str, mode: Mode) -> None:
    flag = flagd_flag(flag_file(tmp_path / "flags.json", stage), f"whole-{stage}")
    assert {flag.mode_for(key) for key in KEYS[:500]} == {mode} and flag.stats.flag_fallbacks == 0


def test_keys_change_side_between_the_two_bucketings_and_only_move_up_within_one(tmp_path: Path) -> None:
    """faithcompat's SHA-256 buckets and flagd's murmur3 fractional are independent: the same percentage is a
    re-assignment (about 2p(1-p) of the keys change side), while raising it within one only adds keys."""
    path = tmp_path / "flags.json"
    live: dict[tuple[str, int], set[str]] = {}
    for percent in (25, 50):
        flag_file(path, f"live:{percent}")
        flag = flagd_flag(path, f"sides-{percent}", cache_size=0)
        live["flagd", percent] = {key for key in KEYS if flag.mode_for(key) is Mode.LIVE}
        live["faithcompat", percent] = {key for key in KEYS if bucket(key) < percent * 100}
        openfeature_api.clear_providers()
        _openfeature._bound_files.clear()
        changed = len(live["flagd", percent] ^ live["faithcompat", percent])
        p = percent / 100
        expected = 2 * p * (1 - p)  # each key's two sides are independent draws
        assert within_binomial(changed, len(KEYS), 100 * expected), (percent, changed)
        print(f"live:{percent}: {changed} of {len(KEYS)} keys change side from faithcompat's buckets to flagd's")
    for provider in ("flagd", "faithcompat"):
        assert live[provider, 25] < live[provider, 50]  # from control to candidate only


def test_a_provider_not_ready_is_the_control_counted_and_logged_and_the_wait_is_bounded(
    caplog: pytest.LogCaptureFixture,
) -> None:
    release = threading.Event()

    class SlowProvider(InMemoryProvider):
        def initialize(self, evaluation_context: EvaluationContext) -> None:
            release.wait(10)

    flags = {"faithfulness-scorer": InMemoryFlag("live", {"live": "live", "shadow": "shadow"})}
    openfeature_api.set_provider(SlowProvider(flags), "slow")  # initialises in the SDK's thread
    flag = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(domain="slow", ready_timeout=0.05)))
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="faithcompat.flag"):
        modes = [flag.mode_for(key) for key in KEYS[:200]]
    assert time.monotonic() - started < 2  # waited once, not 200 times
    assert set(modes) == {Mode.LEGACY}
    assert flag.stats.flag_fallbacks == 200 and flag.stats.fallback_reasons == {"PROVIDER_NOT_READY": 200}
    assert sum("PROVIDER_NOT_READY" in record.getMessage() for record in caplog.records) == 200
    release.set()
    client = openfeature_api.get_client("slow")
    deadline = time.monotonic() + 5
    while client.get_provider_status() is not ProviderStatus.READY and time.monotonic() < deadline:
        time.sleep(0.01)
    assert flag.mode_for("case-1") is Mode.LIVE and flag.stats.flag_fallbacks == 200


class RaisingProvider(InMemoryProvider):
    def resolve_string_details(
        self, flag_key: str, default_value: str, evaluation_context: EvaluationContext | None = None
    ) -> FlagResolutionDetails[str]:
        raise RuntimeError("the flag service is down")


@pytest.mark.parametrize(
    ("provider", "reason"),
    [
        (RaisingProvider({}), "GENERAL"),
        (InMemoryProvider({}), "FLAG_NOT_FOUND"),
        (InMemoryProvider({"faithfulness-scorer": InMemoryFlag("x", {"x": "ragas-please"})}), "UNKNOWN_VARIANT"),
    ],
)
def test_a_provider_that_cannot_say_is_the_control_never_an_exception(provider: InMemoryProvider, reason: str) -> None:
    openfeature_api.set_provider_and_wait(provider, "broken")
    case = load_cases(bundled_corpus())[0]
    flag = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(domain="broken")))
    score = flag.score(case)
    assert score.scorer == "legacy" and flag.stats.decided_by_candidate == 0
    assert flag.stats.flag_fallbacks == 1 and flag.stats.fallback_reasons == {reason: 1}


def test_in_memory_provider_shares_and_the_score_follows_each_keys_side(tmp_path: Path) -> None:
    def half_live(flag: InMemoryFlag[str], context: EvaluationContext) -> FlagResolutionDetails[str]:
        variant = "live" if bucket(context.targeting_key or "") < 5_000 else "shadow"
        return FlagResolutionDetails(value=flag.variants[variant], variant=variant)

    variants = {"legacy": "legacy", "shadow": "shadow", "live": "live", "candidate": "candidate"}
    flags = {"scorer": InMemoryFlag("shadow", variants, context_evaluator=half_live)}
    openfeature_api.set_provider_and_wait(InMemoryProvider(flags), "memory")
    log = tmp_path / "shadow.jsonl"
    settings = OpenFeatureSettings(flag_key="scorer", domain="memory", cache_size=0)
    flag = FaithfulnessFlag(FlagConfig(openfeature=settings, shadow_log=log))
    modes = Counter(flag.mode_for(key) for key in KEYS)
    assert set(modes) == {Mode.LIVE, Mode.SHADOW} and within_binomial(modes[Mode.LIVE], len(KEYS), 50)
    cases = load_cases(bundled_corpus())[:40]
    with flag:
        scores = [flag.score(case) for case in cases]
    live = [case.id for case in cases if bucket(case.id) < 5_000]
    assert 0 < len(live) < len(cases) and flag.stats.decided_by_candidate == len(live)
    assert [s.scorer for s in scores] == ["ragas" if c.id in live else "legacy" for c in cases]
    logged = load_cases([log])  # both modes log: the candidate observed in shadow, the control in live
    assert len(logged) == len(cases) and flag.stats.flag_fallbacks == 0
    for case in logged:  # logged as "<id>@<when>": a case may be scored many times
        decided = "ragas" if case.id.rsplit("@", 1)[0] in live else "legacy"
        assert f"faithcompat:decided-by:{decided}" in case.tags, case.id


def test_one_flag_change_moves_the_library_and_the_promptfoo_assertion(tmp_path: Path) -> None:
    path = flag_file(tmp_path / "flags.json", "shadow")
    library = flagd_flag(path, "faithcompat")
    assert library.mode_for("refunds") is Mode.SHADOW
    flag_file(path, "complete")  # the team changes the flag; flagd's provider sees the new file
    deadline = time.monotonic() + 5
    while library.mode_for("refunds") is not Mode.CANDIDATE and time.monotonic() < deadline:
        # A newer mtime each round: flagd 0.6.1 says ready before it records the file's first mtime, so a
        # change within that instant (as here, at once) is seen only at the next one.
        later = time.time() + 2
        os.utime(path, (later, later))
        time.sleep(0.1)
    assert library.mode_for("refunds") is Mode.CANDIDATE
    with GraderServer() as server:
        config = {"model": "grader", "base_url": server.base_url, "cache": str(tmp_path / "c.sqlite")}
        context = {"vars": {"query": "How long do refunds take?", "context": "Refunds take five days."}}
        context |= {"test": {"description": "refunds"}, "config": {**config, "flag_file": str(path)}}
        result = get_assert("Refunds take five days.", context)
        assert [entry["arm"] for entry in server.script.log] == ["ragas", "ragas"]  # candidate: its arm alone
    record = result["metadata"]["faithcompat"]
    assert record["mode"] == "candidate" and record["decided_by"] == "ragas"
    assert record["flag"] == {
        "source": "openfeature",
        "key": "faithfulness-scorer",
        "variant": "candidate",
        "fallback": None,
    }
    assert result["reason"].startswith("faithcompat candidate (OpenFeature flag faithfulness-scorer), ragas arm")
    settings = AssertionSettings.from_config({**config, "flag_file": str(path)}, {})
    assert settings.openfeature == library.config.openfeature  # the same settings: one shared reader


def test_the_entry_promptfoo_config_prints_for_the_flag_follows_it(tmp_path: Path) -> None:
    """One entry for every stage: in shadow it grades both arms and legacy decides, as the library's flag."""
    path = flag_file(tmp_path / "flags.json", "shadow")
    with GraderServer() as server:
        printed = CliRunner().invoke(
            main, ["promptfoo", "config", "--flag-file", str(path), "--model", "grader", "--base-url", server.base_url]
        )
        assert printed.exit_code == 0, printed.output
        [entry] = yaml.safe_load(printed.stdout)["assert"]
        assert entry["weight"] == 1 and entry["config"]["flag_file"] == str(path.resolve())
        config = {**entry["config"], "cache": str(tmp_path / "c.sqlite")}
        context = {"vars": {"query": "How long do refunds take?", "context": "Refunds take five days."}}
        result = get_assert("Refunds take five days.", {**context, "test": {"description": "t"}, "config": config})
        assert sorted(entry["arm"] for entry in server.script.log) == ["legacy", "legacy", "ragas", "ragas"]
    assert result["metadata"]["faithcompat"]["decided_by"] == "legacy"
    assert result["metadata"]["faithcompat"]["mode"] == "shadow"


def test_mode_and_percent_beside_the_flag_are_refused_in_the_assertion(tmp_path: Path) -> None:
    context = {"vars": {"query": "q", "context": "c"}, "config": {"model": "m", "flag": "openfeature", "mode": "live"}}
    result = get_assert("a", context)
    assert result["pass"] is False
    assert result["reason"] == (
        "faithcompat: config: mode given with the OpenFeature flag, which says each test's mode"
    )


def test_without_the_sdk_the_openfeature_flag_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openfeature.api", None)  # as if openfeature-sdk were not installed
    with pytest.raises(FlagConfigError, match=r"pip install 'faithcompat\[openfeature\]'") as raised:
        FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings()))
    assert raised.value.exit_code == 2
    FaithfulnessFlag(FlagConfig())  # the environment's flag needs none of it


def test_kept_evaluations_go_when_the_provider_says_its_flags_changed_or_after_their_age() -> None:
    """A STATIC value answers every key and a seen key is answered from memory: both until the provider's
    change event, or ``cache_seconds`` for a provider that sends none."""
    variants = {mode.value: mode.value for mode in Mode}

    def half_live(flag: InMemoryFlag[str], context: EvaluationContext) -> FlagResolutionDetails[str]:
        variant = "live" if bucket(context.targeting_key or "") < 5_000 else "shadow"
        return FlagResolutionDetails(value=variant, variant=variant, reason="TARGETING_MATCH")

    provider = InMemoryProvider({"faithfulness-scorer": InMemoryFlag("shadow", variants)})  # STATIC
    openfeature_api.set_provider_and_wait(provider, "changing")
    flag = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(domain="changing", cache_seconds=60)))
    assert {flag.mode_for(key) for key in KEYS[:100]} == {Mode.SHADOW}
    provider._flags["faithfulness-scorer"] = InMemoryFlag("shadow", variants, context_evaluator=half_live)
    assert {flag.mode_for(key) for key in KEYS[:100]} == {Mode.SHADOW}  # nothing said yet: kept
    provider.emit_provider_configuration_changed(ProviderEventDetails(flags_changed=["faithfulness-scorer"]))
    expected = {key: Mode.LIVE if bucket(key) < 5_000 else Mode.SHADOW for key in KEYS[:100]}
    deadline = time.monotonic() + 5  # the SDK runs handlers in its own threads
    while {key: flag.mode_for(key) for key in KEYS[:100]} != expected and time.monotonic() < deadline:
        time.sleep(0.01)
    assert {key: flag.mode_for(key) for key in KEYS[:100]} == expected

    silent = InMemoryProvider({"faithfulness-scorer": InMemoryFlag("shadow", variants)})
    openfeature_api.set_provider_and_wait(silent, "silent")
    aged = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(domain="silent", cache_seconds=0.2)))
    assert aged.mode_for("case-1") is Mode.SHADOW
    silent._flags["faithfulness-scorer"] = InMemoryFlag("candidate", variants)  # and no event
    time.sleep(0.3)
    assert aged.mode_for("case-1") is Mode.CANDIDATE
