"""docs/promptfoo.md and MIGRATION.md's promptfoo section are executable, in order, as a team would run them.

Console blocks: each ``$ faithcompat ...`` runs and shows what the page shows. Bash
blocks: ``export`` sets the environment, ``faithcompat`` runs in process (``> FILE``
saves its output), ``promptfoo`` runs the npm package's binary. YAML blocks starting
``# file: NAME`` are saved as NAME. The grader at 127.0.0.1:8000 is the scripted one.
Without promptfoo only the faithcompat steps that need no results file run; the whole
walk is marked ``oracle``, as the other tests of the real promptfoo
(FAITHCOMPAT_PROMPTFOO_EVAL: ``tests/rollout/test_promptfoo_oracle.py``).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from compat.cli import main
from tests.grading.server import GraderServer
from tests.rollout.test_promptfoo_oracle import promptfoo_binary
from tests.test_docs import BLOCK, assert_shown

ROOT = Path(__file__).resolve().parents[2]
DOC_GRADER = "127.0.0.1:8000"
INSTALLS = ("python3 -m venv", "pip ", "npm ", "export PROMPTFOO_PYTHON=")  # the test's own Python is it
DECISIONS = {"rollout"}  # exit 1 is HOLD or NO-GO: a verdict, not an error


def walk(text: str, tmp: Path, grader: str, promptfoo: Path | None) -> list[str]:
    """Run the page's commands in ``tmp``; without ``promptfoo``, stop at its first promptfoo step."""
    env = {
        "PROMPTFOO_PYTHON": sys.executable,
        "PROMPTFOO_CONFIG_DIR": str(tmp / ".promptfoo"),
        "OPENAI_API_KEY": "unused",
    }
    ran = []
    for language, body in BLOCK.findall(text.replace(DOC_GRADER, grader)):
        if language == "yaml" and body.startswith("# file: "):
            name, _, rest = body.partition("\n")
            (tmp / name.removeprefix("# file: ").strip()).write_text(rest, encoding="utf-8")
        elif language == "console":
            for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
                first, *shown = chunk.splitlines()
                assert_shown(shown, faithcompat(first, tmp), first)
                ran.append(first)
        elif language == "bash":
            for line in body.splitlines():
                if not line.strip() or line.startswith(INSTALLS):
                    continue
                if line.startswith("export "):
                    env.update(word.split("=", 1) for word in shlex.split(line)[1:])  # type: ignore[misc]
                elif line.startswith("faithcompat "):
                    if "results.json" in line and promptfoo is None:
                        return ran
                    faithcompat(line, tmp)
                else:
                    assert line.startswith("promptfoo "), line
                    if promptfoo is None:
                        return ran
                    argv = [str(promptfoo), *shlex.split(line)[1:], "--no-progress-bar"]
                    done = subprocess.run(argv, cwd=tmp, env={**os.environ, **env}, capture_output=True, text=True)
                    assert (tmp / "results.json").exists(), done.stdout[-3000:] + done.stderr[-3000:]
                ran.append(line)
    return ran


def faithcompat(line: str, tmp: Path) -> str:
    words, _, redirect = line.partition(" > ")
    argv = shlex.split(words)
    cwd = os.getcwd()
    os.chdir(tmp)
    try:
        result = CliRunner().invoke(main, argv[1:])
    finally:
        os.chdir(cwd)
    allowed = {0, 1} if argv[1] in DECISIONS else {0}
    assert result.exit_code in allowed, f"{line}: exit {result.exit_code}\n{result.output}"
    if redirect:
        (tmp / redirect.strip()).write_text(result.stdout, encoding="utf-8")
    return result.stdout


def migration_section() -> str:
    text = (ROOT / "MIGRATION.md").read_text(encoding="utf-8")
    return text.split("## 4b. Inside promptfoo", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("page", ["docs/promptfoo.md", "MIGRATION.md"])
def test_the_steps_before_promptfoo_runs_run(page: str, tmp_path: Path) -> None:
    text = (ROOT / page).read_text(encoding="utf-8") if page != "MIGRATION.md" else migration_section()
    with GraderServer() as grader:
        ran = walk(text, tmp_path, f"127.0.0.1:{grader.port}", None)
    assert any(step.startswith("faithcompat promptfoo config") for step in ran)
    entries = yaml.safe_load((tmp_path / "default-test.yaml").read_text(encoding="utf-8"))["assert"]
    assert [entry["type"] for entry in entries] == ["context-faithfulness", "python"]


@pytest.mark.oracle
def test_the_promptfoo_page_runs_against_the_real_promptfoo(tmp_path: Path) -> None:
    binary = promptfoo_binary()
    with GraderServer() as grader:
        ran = walk(
            (ROOT / "docs/promptfoo.md").read_text(encoding="utf-8"), tmp_path, f"127.0.0.1:{grader.port}", binary
        )
    assert sum(step.startswith("promptfoo eval") for step in ran) == 2
    shadow = json.loads((tmp_path / "shadow-report" / "report.json").read_text(encoding="utf-8"))
    live = json.loads((tmp_path / "live-report" / "report.json").read_text(encoding="utf-8"))
    assert shadow["corpus"]["cases"] == 3 and shadow["observed"]["cases"] == 3  # both arms, from the results file
    assert shadow["outcomes"]["candidate_undetermined"] == 1 and shadow["unexplained"] == 0
    assert live["decomposition"]["cases"] == 3 and live["unexplained"] == 0


@pytest.mark.oracle
def test_the_migration_guides_promptfoo_section_runs_against_the_real_promptfoo(tmp_path: Path) -> None:
    binary = promptfoo_binary()
    with GraderServer() as grader:
        ran = walk(migration_section(), tmp_path, f"127.0.0.1:{grader.port}", binary)
    assert any(step.startswith("promptfoo eval") for step in ran)
    assert (tmp_path / "promptfoo-shadow" / "report.json").exists()
