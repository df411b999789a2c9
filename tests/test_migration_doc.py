"""MIGRATION.md is executable: every command in it runs, in order, as a user would run it.

Console blocks: ``$ export K=V`` sets the environment for what follows (``$ unset K ...``
removes it); ``$ faithcompat
...`` runs the CLI (``> FILE`` redirects its output), and the lines shown after it must
appear in its output (as in tests/test_docs.py); ``$ python FILE`` runs a script. HHEM (the
section on dropping the verdict call) is the tiny checkpoint the tests build, under the real
hub id in the offline cache; without the [hhem] extra that section's commands are left out,
and without the [openfeature] extra those of the flag in your own flag system (4c).
Python and TOML blocks starting with ``# file: NAME`` are saved as NAME; other python blocks run.
The worked-examples table is checked against the scorers too.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat import Score, bundled_corpus, get_scorer, load_cases
from compat._text import format_score
from compat.cli import main
from compat.diff import CANDIDATE_ARM, CONTROL_ARM, compare, score_arm
from compat.grading import BUILT_IN
from compat.rollout import stage_in_flagd_file
from tests.grading.server import GraderServer
from tests.grading.test_promptfoo_prompts import fake_promptfoo
from tests.test_docs import assert_shown

DOC = Path(__file__).resolve().parent.parent / "MIGRATION.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)
DECISIONS = {"gate", "rollout", "compare"}  # exit 1 is a verdict (HOLD, a failed check, none safe), not an error
REPORTS = ("flag-report", "flag-live-report")  # section 4c's diffs of the shadow log, before and after live:50
DOC_GRADER = "127.0.0.1:8000"  # the guide's grader endpoint; the test serves a scripted grader there instead


@pytest.mark.usefixtures("properties_once")  # its gate and rollout runs share their properties' checks
def test_every_command_in_the_guide_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    hhem = all(importlib.util.find_spec(name) for name in ("torch", "transformers"))
    openfeature = all(importlib.util.find_spec(name) for name in ("openfeature", "openfeature.contrib.provider.flagd"))
    if hhem:
        request.getfixturevalue("hhem_hub")
    with GraderServer() as grader:
        _run_the_guide(tmp_path, monkeypatch, f"127.0.0.1:{grader.port}", hhem=hhem, openfeature=openfeature)
        # both arms, both calls: the bundled dataset once, the results file's 2 tests 3 times
        # (the HHEM arm's statements call is the ragas arm's, from the cache: nothing more)
        assert grader.script.requests == 4 * 51 + 4 * 2 * 3
    if openfeature:  # section 4c: the loop through the flag file ends at complete, each run logged on the way
        assert stage_in_flagd_file((tmp_path / "flags.json").read_bytes()) == "complete"
        logged = [json.loads((tmp_path / name / "report.json").read_text())["corpus"]["cases"] for name in REPORTS]
        assert logged[0] < logged[1]
    if hhem:  # the HHEM section: its diff walks to a verifier step and has the agreement
        verified = json.loads((tmp_path / "hhem-report" / "report.json").read_text(encoding="utf-8"))
        assert verified["scorers"]["candidate_arm"] == "ragas-hhem" and "verifier" in verified["decomposition"]["steps"]
        assert verified["statement_agreement"]["statements"] > 0
    # Section 3d's report says why: steps, noise from the samples, the history checked.
    history = json.loads((tmp_path / "history-report" / "report.json").read_text(encoding="utf-8"))
    assert history["decomposition"]["cases"] == 2 and history["noise"]["samples"] == 3
    assert history["observed"]["regraded_cases"] == 2 and history["observed"]["regraded_samples"] == 6
    # Section 3e: the hardened rule differs from the seed's exactly where the seed's phrases miss.
    aware = json.loads((tmp_path / "aware-report" / "report.json").read_text(encoding="utf-8"))["composite"]
    causes = {row["cause"]: row["count"] for row in aware["causes"]}
    assert causes == {"unanswerable_not_detected": 5, "metric_undetermined": 1}
    assert aware["outcomes"]["both_undetermined"] == 1  # answer correctness not measured: neither rule determines it
    seed = json.loads((tmp_path / "seed-report" / "report.json").read_text(encoding="utf-8"))["composite"]
    assert seed["outcomes"]["flip"] == 4 and seed["missed"] == 5
    # Section 4's accept list: the accepted causes' flips are listed, the fail->pass rate holds, cohorts decide.
    decision = (tmp_path / "decision.md").read_text(encoding="utf-8")
    assert "- `verdict_word_variant`: 11 case(s), 0 pass->fail, 10 fail->pass" in decision
    assert "raw, over all 364: 11 (0.0302); 16 more accepted by the policy" in decision
    assert "(a named legacy bug: out of the rates where legacy is trusted already)" in decision
    assert "Decided by: smallest cohort." in decision and len(decision) < 65_536


def _run_the_guide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, grader: str, *, hhem: bool, openfeature: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    # People's labels (section 4, before the first live stage): the ones shipped for the bundled corpus.
    shutil.copyfile(Path(__file__).resolve().parent.parent / "fixtures" / "labels" / "bundled.jsonl", "labels.jsonl")
    # The team's installed promptfoo (section 3d): a stand-in whose prompts the scripted grader answers.
    nli = BUILT_IN.legacy.verdicts.replace("{{statements}}", '{{statements|join("\\n")}}')
    fake_promptfoo(tmp_path, longform=BUILT_IN.legacy.statements, nli=nli)
    for name in [n for n in os.environ if n.startswith("FAITHCOMPAT_")]:
        monkeypatch.delenv(name)
    env: dict[str, str] = {}
    ran = 0
    for language, body in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        if language in ("python", "toml"):
            first, _, rest = body.partition("\n")
            if first.startswith("# file: "):
                Path(first.removeprefix("# file: ").strip()).write_text(rest, encoding="utf-8")
            elif language == "toml":
                raise AssertionError(f"a TOML block names the file it is saved as: {first}")
            else:
                exec(compile(body, "MIGRATION.md", "exec"), {})
            continue
        if language != "console":
            continue
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, *output = chunk.splitlines()
            shown = [line for line in output if line.strip()]
            if not hhem and "hhem" in command:
                continue
            if not openfeature and (_reads_the_flag_file(command) or "FAITHCOMPAT_FLAG_FILE" in env):
                continue
            ran += 1
            if command.startswith("unset "):
                for key in command.split()[1:]:
                    env.pop(key, None)
                    monkeypatch.delenv(key, raising=False)
            elif command.startswith("export "):
                key, _, value = command.removeprefix("export ").partition("=")
                env[key] = value
                monkeypatch.setenv(key, value)
            elif command.startswith("python "):
                result = subprocess.run(
                    [sys.executable, *shlex.split(command)[1:]],
                    env={**os.environ, **env},
                    capture_output=True,
                    text=True,
                )
                assert result.returncode == 0, f"{command}\n{result.stderr}"
            else:
                assert_shown(shown, _run_cli(command.replace(DOC_GRADER, grader)), command)
                continue
            assert not shown, f"output shown for `{command}` is not checked: show it for faithcompat's commands only"
    assert ran >= 15
    assert Path("shadow.jsonl").stat().st_size > 0


def _reads_the_flag_file(command: str) -> bool:
    """Section 4c's commands: they need the [openfeature] extra (its ``unset`` too: the env's flag stays on)."""
    # flag-live-report too: its rollout reads the stage the skipped live:50 step would have written.
    return (
        command.startswith("unset ")
        or "FAITHCOMPAT_FLAG_FILE" in command
        or "flag-report" in command
        or "flag-live-report" in command
    )


def _run_cli(command: str) -> str:
    words, _, redirect = command.partition(" > ")
    argv = shlex.split(words)
    assert argv[0] == "faithcompat", command
    result = CliRunner().invoke(main, argv[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
    allowed = {0, 1} if argv[1] in DECISIONS else {0}
    assert result.exit_code in allowed, f"{command}: exit {result.exit_code}\n{result.stdout}\n{result.stderr}"
    if redirect:
        Path(redirect.strip()).write_text(result.stdout, encoding="utf-8")
        return ""
    return result.stdout


def test_worked_examples_match_the_scorers() -> None:
    rows = re.findall(r"^\| `(\w+)` \| `([\w.-]+)` \| (.+?) \| (.+?) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) >= 14
    cases = {case.id: case for case in load_cases(bundled_corpus())}
    legacy, ragas = get_scorer("legacy"), get_scorer("ragas")

    def shown(score: Score) -> str:
        if score.value is None and score.cause is not None:
            return f"undetermined: {score.cause.value}"
        return f"{format_score(score.value)} ({'pass' if score.passed else 'fail'})"

    for cause, case_id, before, after in rows:
        case = cases[case_id]
        result = compare(case, score_arm(legacy, case, CONTROL_ARM), score_arm(ragas, case, CANDIDATE_ARM))
        assert result.cause is not None and result.cause.value == cause, case_id
        assert (before, after) == (shown(result.control), shown(result.candidate)), case_id
