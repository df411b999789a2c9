"""The decided stage as a flagd flag definition: written into the team's flag file (only the scorer flag
changes, byte for byte elsewhere), read back by ``rollout --stage-from``, and loaded by flagd's provider."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat._errors import FlagConfigError
from compat.cli import main
from compat.flag import FlagConfig, OpenFeatureSettings
from compat.rollout import (
    FlagFileError,
    RolloutPolicy,
    flagd_file_with_stage,
    flagd_flag,
    stage_in_flagd_file,
)
from compat.rollout.decision.rules import stages

ROOT = Path(__file__).resolve().parents[2]

# A team's file: CRLF, tabs and odd indents, keys in no order, a flag-set "metadata", a non-ASCII value,
# another fractional flag, and the scorer flag in the middle with a key of its own ("metadata").
PREFIX = (
    "{\r\n"
    '   "$schema": "https://flagd.dev/schema/v0/flags.json",\r\n'
    '   "metadata": {"flagSetId": "evals", "version": "7"},\r\n'
    '   "flags": {\r\n'
    '\t"new-checkout":{"variants":{"on":true,"off":false},"state":"ENABLED","defaultVariant":"off"},\r\n'
    '      "faithfulness-scorer" :  '
)
SCORER = (
    "{\r\n"
    '          "defaultVariant": "legacy",\r\n'
    '          "metadata": {"owner": "évals"},\r\n'
    '          "state": "ENABLED",\r\n'
    '          "variants": {"legacy": "legacy", "shadow": "shadow", "live": "live", "candidate": "candidate"}\r\n'
    "      }"
)
SUFFIX = (
    ",\r\n"
    '  "banner-color": {"state": "ENABLED", "variants": {"red": "#f00", "blue": "#00f"}, "defaultVariant": "red",\r\n'
    '      "targeting": {"fractional": [["red", 50], ["blue", 50]]}}\r\n'
    "   }\r\n"
    "}\r\n"
)
TEAM_FILE = (PREFIX + SCORER + SUFFIX).encode("utf-8")


@pytest.mark.parametrize("stage", ["off", "shadow", "live:25", "complete"])
def test_only_the_scorer_flag_changes_the_rest_byte_for_byte(stage: str) -> None:
    new = flagd_file_with_stage(TEAM_FILE, stage)
    prefix, suffix = PREFIX.encode("utf-8"), SUFFIX.encode("utf-8")
    assert new.startswith(prefix) and new.endswith(suffix)
    written = new[len(prefix) : len(new) - len(suffix)].decode("utf-8")
    assert "\r\n" in written and "\n" not in written.replace("\r\n", "")  # the file's line ending
    flag = json.loads(written)
    assert flag == {**flagd_flag(stage), "metadata": {"owner": "évals"}}  # its own keys kept
    assert list(flag)[:4] == ["defaultVariant", "metadata", "state", "variants"]  # in their order
    assert stage_in_flagd_file(new) == stage
    document = json.loads(new)
    assert list(document["flags"]) == ["new-checkout", "faithfulness-scorer", "banner-color"]


def test_a_file_without_the_flag_gets_it_after_its_last_flag() -> None:
    without = (PREFIX.removesuffix('      "faithfulness-scorer" :  ') + SUFFIX.removeprefix(",\r\n")).encode("utf-8")
    new = flagd_file_with_stage(without, "live:5")
    last_flag_end = without.index(b"}}\r\n   }") + 2
    assert new.startswith(without[:last_flag_end]) and new.endswith(without[last_flag_end:])
    assert new[last_flag_end:].startswith(b',\r\n  "faithfulness-scorer": {\r\n')  # the last flag's indent
    assert json.loads(new)["flags"]["faithfulness-scorer"] == flagd_flag("live:5")
    assert stage_in_flagd_file(new) == "live:5"
    empty = flagd_file_with_stage(b'{"flags": {}, "metadata": {}}', "complete")
    assert json.loads(empty) == {"flags": {"faithfulness-scorer": flagd_flag("complete")}, "metadata": {}}


@pytest.mark.parametrize("stage", [*stages(RolloutPolicy()), "live:0.5", "live:12.25"])
def test_every_stage_is_read_back_as_written(stage: str) -> None:
    assert stage_in_flagd_file(flagd_file_with_stage(None, stage)) == stage
    assert stage_in_flagd_file(flagd_file_with_stage(TEAM_FILE, stage)) == stage


def test_live_stages_are_a_fractional_split_of_integer_weights() -> None:
    assert flagd_flag("live:25")["targeting"] == {"fractional": [["live", 25], ["shadow", 75]]}
    assert flagd_flag("live:0.5")["targeting"] == {"fractional": [["live", 5], ["shadow", 995]]}
    assert flagd_flag("shadow") == {
        "state": "ENABLED",
        "variants": {"legacy": "legacy", "shadow": "shadow", "live": "live", "candidate": "candidate"},
        "defaultVariant": "shadow",
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"flags": {"faithfulness-scorer": {}, "faithfulness-scorer": {}}}', "is defined 2 times"),
        (b'{"flags": ', "not a flagd flag file"),
        (b'{"flag": {}}', 'no "flags" object'),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_a_file_that_cannot_be_spliced_is_refused_by_name(data: bytes, message: str) -> None:
    with pytest.raises(FlagFileError, match=message) as raised:
        flagd_file_with_stage(data, "shadow", name="team/flags.json")
    assert str(raised.value).startswith("team/flags.json")


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        ({"state": "ENABLED", "variants": {"on": "x"}, "defaultVariant": "on"}, "variant 'on' is 'x', not a mode"),
        (
            {"variants": {"shadow": "shadow"}, "defaultVariant": "shadow", "targeting": {"if": [True, "shadow"]}},
            "not a fractional split between live and shadow",
        ),
        ({"variants": {"live": "live"}, "defaultVariant": "live"}, "live for every key is no stage"),
        (None, "no flag 'faithfulness-scorer'"),
    ],
)
def test_a_stage_faithcompat_would_not_write_is_not_guessed(flag: object, message: str) -> None:
    flags = {"other": {}} if flag is None else {"faithfulness-scorer": flag}
    with pytest.raises(FlagFileError, match=message):
        stage_in_flagd_file(json.dumps({"flags": flags}).encode())


def test_the_provider_loads_the_written_file_and_the_other_flags_evaluate_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = pytest.importorskip("openfeature.api")
    pytest.importorskip("openfeature.contrib.provider.flagd")
    from openfeature.evaluation_context import EvaluationContext

    from compat.rollout import _openfeature, use_flagd_file

    monkeypatch.setattr(_openfeature, "_bound_files", {})
    path = tmp_path / "flags.json"
    path.write_bytes(flagd_file_with_stage(TEAM_FILE, "live:25"))
    try:
        use_flagd_file(path, "written")
        client = api.get_client("written")
        deadline = __import__("time").monotonic() + 5
        while client.get_provider_status().value != "READY" and __import__("time").monotonic() < deadline:
            __import__("time").sleep(0.01)
        context = EvaluationContext("case-7")
        scorer = client.get_string_details("faithfulness-scorer", "legacy", context)
        assert scorer.error_code is None and scorer.value in ("live", "shadow") and scorer.reason == "TARGETING_MATCH"
        checkout = client.get_boolean_details("new-checkout", True, context)
        assert (checkout.value, checkout.error_code) == (False, None)
        banner = client.get_string_details("banner-color", "", context)
        assert banner.value in ("#f00", "#00f") and banner.error_code is None
    finally:
        api.clear_providers()


# ------------------------------------------------------------------ rollout --flag-file


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A report every criterion passes (clean cases, cohorts of one allowed), and one with an unexplained drift."""
    folder = tmp_path_factory.mktemp("reports")
    result = CliRunner().invoke(main, ["diff", str(ROOT / "fixtures" / "corpus" / "clean.jsonl"), "--out", str(folder)])
    assert result.exit_code == 0, result.output
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    (folder / "nogo.json").write_text(json.dumps({**report, "unexplained": 1}), encoding="utf-8")
    policy = folder / "quick.toml"
    policy.write_text("[rollout]\ninvariant_examples = 0\nmin_cohort_size = 1\n", encoding="utf-8")
    strict = folder / "strict.toml"
    strict.write_text("[rollout]\ninvariant_examples = 0\nmin_cohort_size = 1000\n", encoding="utf-8")
    yield {"go": str(folder / "report.json"), "nogo": str(folder / "nogo.json"), "policy": str(policy)} | {
        "strict": str(strict)
    }


def rollout(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["rollout", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_rollout_closes_the_loop_through_the_flag_file(tmp_path: Path, reports: dict[str, str]) -> None:
    flags = tmp_path / "flags.json"
    flags.write_bytes(flagd_file_with_stage(TEAM_FILE, "shadow"))
    loop = ["--stage-from", str(flags), "--flag-file", str(flags), "--rollout-policy", reports["policy"]]
    code, stdout, stderr = rollout("--report", reports["go"], *loop)
    assert code == 0 and stdout.startswith("GO: shadow -> live:1")
    assert stderr == f"faithcompat: {flags}: flag 'faithfulness-scorer' set to live:1\n"
    assert stage_in_flagd_file(flags.read_bytes()) == "live:1"
    code, stdout, _ = rollout("--report", reports["go"], *loop)  # read back: the next stage from there
    assert code == 0 and stdout.startswith("GO: live:1 -> live:5")
    written = flags.read_bytes()
    assert written.startswith(PREFIX.encode()) and written.endswith(SUFFIX.encode())

    code, stdout, stderr = rollout("--report", reports["go"], *loop[:-2], "--rollout-policy", reports["strict"])
    assert code == 1 and stdout.startswith("HOLD: stay at live:5")
    assert flags.read_bytes() == written and "is at live:5 already: unchanged" in stderr

    code, stdout, stderr = rollout("--report", reports["nogo"], *loop)
    assert code == 1 and stdout.startswith("NO-GO: live:5 -> shadow")
    assert stage_in_flagd_file(flags.read_bytes()) == "shadow"


def test_dry_run_prints_the_diff_and_writes_nothing(tmp_path: Path, reports: dict[str, str]) -> None:
    flags = tmp_path / "flags.json"
    flags.write_bytes(TEAM_FILE)  # the scorer flag at legacy: off
    before = flags.read_bytes()
    code, stdout, stderr = rollout(
        "--report", reports["go"], "--rollout-policy", reports["policy"], "--stage-from", str(flags)
    )
    assert code == 0 and stdout.startswith("GO: off -> shadow")
    code, stdout, stderr = rollout(
        "--report",
        reports["go"],
        "--rollout-policy",
        reports["policy"],
        "--stage-from",
        str(flags),
        "--flag-file",
        str(flags),
        "--dry-run",
    )
    assert code == 0 and flags.read_bytes() == before
    diff = stdout.split(f"--- {flags} (now)\n", 1)[1].replace("\r\n", "\n")
    assert diff.startswith(f"+++ {flags} (--dry-run)\n@@ ")
    assert '\n-          "defaultVariant": "legacy",\n' in diff and '\n+          "defaultVariant": "shadow",\n' in diff
    changed = [line for line in diff.splitlines()[2:] if line.startswith(("-", "+"))]
    assert changed and not any("checkout" in line or "banner" in line for line in changed)
    assert "(--dry-run: not written)" in stderr


def test_a_new_flag_file_is_written_whole(tmp_path: Path, reports: dict[str, str]) -> None:
    flags = tmp_path / "new" / "flags.json"
    flags.parent.mkdir()
    code, _, _ = rollout(
        "--report",
        reports["nogo"],
        "--rollout-policy",
        reports["policy"],
        "--stage",
        "live:50",
        "--flag-file",
        str(flags),
    )
    assert code == 1 and json.loads(flags.read_bytes())["$schema"] == "https://flagd.dev/schema/v0/flags.json"
    assert stage_in_flagd_file(flags.read_bytes()) == "shadow"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stage", "shadow", "--stage-from", "flags.json"], "give either --stage or --stage-from, not both"),
        (["--dry-run"], "--dry-run shows the change --flag-file would make"),
        (["--stage-from", "missing.json"], "missing.json: cannot read"),
        (["--stage-from", "hand.json"], "hand.json: flag 'faithfulness-scorer': unknown stage 'live:33'"),
    ],
)
def test_unusable_flag_options_exit_2_naming_what(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reports: dict[str, str], args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hand.json").write_bytes(flagd_file_with_stage(None, "live:33"))
    code, stdout, stderr = rollout("--report", reports["go"], "--rollout-policy", reports["policy"], *args)
    assert code == 2 and stdout == "" and message in stderr


# ------------------------------------------------------------------ the OpenFeature flag's settings (no SDK needed)


def test_import_compat_loads_no_openfeature() -> None:
    code = (
        "import sys, compat, compat.flag, compat.cli; sys.exit(any(m.startswith('openfeature') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


def test_the_environment_asks_for_the_openfeature_flag() -> None:
    assert FlagConfig.from_env({}).openfeature is None  # today's flag, unchanged
    settings = FlagConfig.from_env({"FAITHCOMPAT_FLAG": "openfeature", "FAITHCOMPAT_SHADOW_LOG": "s.jsonl"})
    assert settings.openfeature == OpenFeatureSettings() and settings.shadow_log == Path("s.jsonl")
    from_file = FlagConfig.from_env({"FAITHCOMPAT_FLAG_FILE": "flags.json", "FAITHCOMPAT_FLAG_KEY": "scorer"})
    assert from_file.openfeature == OpenFeatureSettings(flag_key="scorer", flag_file=Path("flags.json"))


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"FAITHCOMPAT_FLAG": "launchdarkly"}, "FAITHCOMPAT_FLAG='launchdarkly': use env (the default) or openfeature"),
        (
            {"FAITHCOMPAT_FLAG": "openfeature", "FAITHCOMPAT_MODE": "live", "FAITHCOMPAT_PERCENT": "5"},
            "FAITHCOMPAT_MODE and FAITHCOMPAT_PERCENT set with the OpenFeature flag, which says the mode",
        ),
        ({"FAITHCOMPAT_FLAG": "env", "FAITHCOMPAT_FLAG_FILE": "f.json"}, "FAITHCOMPAT_FLAG_FILE is read by the Open"),
        ({"FAITHCOMPAT_FLAG_FILE": "f.json", "FAITHCOMPAT_FLAG_READY_TIMEOUT": "soon"}, "is not a number of seconds"),
        ({"FAITHCOMPAT_FLAG": "openfeature", "FAITHCOMPAT_FLAG_READY_TIMEOUT": "-1"}, "0 or more seconds, not -1"),
    ],
)
def test_unusable_flag_settings_are_refused_by_name(environ: dict[str, str], message: str) -> None:
    with pytest.raises(FlagConfigError, match=re.escape(message)):
        FlagConfig.from_env(environ)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--model", "m"], "give either --stage or --flag-file"),
        (["--stage", "shadow", "--flag-file", "flags.json", "--model", "m"], "give either --stage or --flag-file"),
        (["--flag-file", "flags.json"], "--model is required"),
    ],
)
def test_promptfoo_config_takes_a_stage_or_the_flag_file(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["promptfoo", "config", *args])
    assert result.exit_code == 2 and result.stdout == "" and message in result.stderr
