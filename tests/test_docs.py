"""README.md is executable: every command it shows runs as written, and its shown output is real.

* ``console`` blocks: each ``$ faithcompat ...`` runs; the lines shown after it must
  appear in its output in order (``...`` skips lines; a line cut with ``…`` or ``...``
  matches by its beginning).
* ``bash`` blocks: each line runs, ``faithcompat`` in process and anything else (``cat``)
  in bash (a leading ``VAR=value`` sets the environment, a trailing ``# comment`` is
  dropped); install lines (``pip``, ``python3 -m
  venv``, ``npm``) are what CI itself runs first, so they are not repeated here.
* ``yaml`` blocks (the CI job and the pre-commit hook): their ``run:`` and ``entry:``
  commands run.
* ``python`` blocks run; the flag snippet gets a ``case`` and a ``test_id``.
* the ``json`` block is a valid case scoring as its ``expected`` block says.

Addresses in the README are stood in for by real ones started here: the grader at
``127.0.0.1:8000`` and OpenAI by the scripted grader (``tests/grading/server.py``) on a
free port of 127.0.0.1; the Dask scheduler ``tcp://10.0.0.5:8786`` by a LocalCluster's, and
its shared storage ``/shared`` by a directory of the test's.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat import Case, bundled_corpus, get_scorer
from compat._cli import main
from compat.grading import bundled_dataset
from tests.grading.server import GraderServer

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^ *```(\w*)\n(.*?)^ *```", re.DOTALL | re.M)
DECISIONS = {"gate", "rollout", "compare"}  # exit 1 is a verdict, not an error
README_GRADER = "127.0.0.1:8000"
README_SCHEDULER = "tcp://10.0.0.5:8786"
README_SHARED = "/shared"  # storage the cluster's workers share: a directory here
INSTALLS = ("pip ", "python3 -m venv", "npm ", "mkdir ", "for ", "done", "FAITHCOMPAT_PROMPTFOO_DIR", "pytest")


def blocks() -> list[tuple[str, str]]:
    return [(language, body) for language, body in BLOCK.findall(README.read_text(encoding="utf-8"))]


def _command(line: str) -> str:
    """A shell line without its trailing comment (none of the README's commands quotes a #)."""
    return re.sub(r"\s+#.*$", "", line).strip()


def _run(command: str, env: dict[str, str], substitutions: dict[str, str]) -> str:
    for old, new in substitutions.items():
        command = command.replace(old, new)
    words = shlex.split(command)
    overrides = {}
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        key, _, value = words.pop(0).partition("=")
        overrides[key] = value
    assert words[0] == "faithcompat", command
    result = CliRunner().invoke(main, words[1:], env={**env, **overrides})
    assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
    allowed = {0, 1} if words[1] in DECISIONS else {0}
    assert result.exit_code in allowed, f"{command}: exit {result.exit_code}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def _shell(command: str, env: dict[str, str], substitutions: dict[str, str]) -> None:
    """A shell line that is not faithcompat's (``cat`` of a report's parts): it must succeed."""
    for old, new in substitutions.items():
        command = command.replace(old, new)
    result = subprocess.run(["bash", "-c", command], env={**os.environ, **env}, capture_output=True, check=False)
    assert result.returncode == 0 and result.stdout, (command, result.stderr)


def assert_shown(shown: list[str], output: str, command: str) -> None:
    """The shown lines occur in the output in order; a line of "..." skips lines, "..." or "…"
    within a line stands for whatever the output has there."""
    lines = [line.rstrip() for line in output.splitlines()]
    at = 0
    for want in shown:
        if want.strip() in ("...", "…"):
            continue
        pattern = ".*".join(re.escape(piece) for piece in re.split(r"\.\.\.|…", want.rstrip()))
        for index in range(at, len(lines)):
            if re.fullmatch(pattern, lines[index]) or re.fullmatch(pattern, lines[index].rstrip("…") + "…"):
                at = index + 1
                break
        else:
            raise AssertionError(f"README shows {want!r} for `{command}`, but the output is:\n{output}")


@contextlib.contextmanager
def dask_scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
    ) as cluster:
        yield cluster.scheduler_address


def _prepare(tmp: Path) -> None:
    """The files the README's commands name, made from the bundled corpus and dataset."""
    corpus = b"".join(path.read_bytes() for path in bundled_corpus())
    (tmp / "my-corpus.jsonl").write_bytes(corpus)
    shutil.copy(bundled_dataset()[0], tmp / "my-dataset.jsonl")
    logs = tmp / "logs"
    logs.mkdir()
    for n, path in enumerate(bundled_corpus()[:3]):
        (logs / f"2026-0{n + 1}.jsonl").write_bytes(path.read_bytes())
        (logs / f"2026-0{n + 1}.jsonl.gz").write_bytes(gzip.compress(path.read_bytes()))
    refusal = {
        "id": "refusal-1",
        "statements_output": "A.\nB.",
        "grader_output": "I'm sorry, but I cannot evaluate these statements.",
    }
    (tmp / "cases.jsonl").write_text(json.dumps(refusal) + "\n", encoding="utf-8")


def test_every_command_in_the_readme_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith(("FAITHCOMPAT_", "OPENAI_"))]:
        monkeypatch.delenv(name)
    _prepare(tmp_path)
    summary = tmp_path / "step-summary.md"
    ran: list[str] = []
    with GraderServer() as grader, dask_scheduler() as scheduler:
        address = f"127.0.0.1:{grader.port}"
        env = {"OPENAI_BASE_URL": f"http://{address}/v1", "GITHUB_STEP_SUMMARY": str(summary), "NO_COLOR": "1"}
        substitutions = {
            README_GRADER: address,
            README_SCHEDULER: scheduler,
            '"$GITHUB_STEP_SUMMARY"': str(summary),
            README_SHARED: str(tmp_path / "shared"),
        }
        # The CI job's comment: the baseline is made once from the team's corpus, then committed.
        _run("faithcompat diff my-corpus.jsonl --out baseline", env, substitutions)
        # The rollout example reads a shadow run's report.
        _run("faithcompat diff --out shadow-report", env, substitutions)
        for language, body in blocks():
            if language == "console":
                commands = re.split(r"^\$ ", body, flags=re.M)[1:]
                for chunk in commands:
                    first, *shown = chunk.splitlines()
                    command = _command(first)
                    output = _run(command, env, substitutions)
                    assert_shown(shown, output, command)
                    ran.append(command)
            elif language == "bash":
                for line in body.replace("\\\n", " ").splitlines():  # a continued line is one command
                    command = _command(line)
                    if not command or command.startswith(INSTALLS) or command.startswith("#"):
                        continue
                    if re.sub(r"^(?:[A-Z_]+=\S*\s+)*", "", command).startswith("faithcompat"):
                        _run(command, env, substitutions)
                    else:
                        _shell(command, env, substitutions)
                    ran.append(command)
            elif language == "yaml":
                for match in re.finditer(r"(?:run|entry): (faithcompat .*)", body):
                    command = _command(match.group(1))
                    _run(command, env, substitutions)
                    ran.append(command)
            elif language == "python":
                _exec_python(body, tmp_path, monkeypatch)
                ran.append(body.splitlines()[0])
            elif language == "json":
                _check_case(body)
    assert len(ran) >= 16, ran
    assert summary.read_text(encoding="utf-8").strip()  # the gate wrote the job summary
    assert any("--engine dask --scheduler" in command for command in ran)
    assert sorted(p.name for p in (tmp_path / "shared" / "faithcompat-report" / "cases").iterdir())  # the parts
    assert (tmp_path / "graded.jsonl").stat().st_size > 0


def _exec_python(body: str, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scope: dict[str, object] = {}
    if "FaithfulnessFlag" in body:  # the snippet scores a caller's case; give it one and a shadow log
        monkeypatch.setenv("FAITHCOMPAT_MODE", "shadow")
        monkeypatch.setenv("FAITHCOMPAT_SHADOW_LOG", str(tmp / "shadow.jsonl"))
        scope = {
            "case": Case(id="c1", statements_output="A.\nB.", grader_output="Verdict: Yes. Verdict: No."),
            "test_id": "c1",
        }
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(body, "README.md", "exec"), scope)
    for expected in re.findall(r"print\(.*\)\s+# (.+)$", body, flags=re.M):
        assert printed.getvalue().split() == expected.split(), (body, printed.getvalue())
    if "FaithfulnessFlag" in body:
        assert (tmp / "shadow.jsonl").stat().st_size > 0


def _check_case(body: str) -> None:
    case = Case.model_validate_json(body)
    for name, expected in case.expected.items():
        score = get_scorer(name).score(case)
        assert (score.value, score.passed) == (expected.score, expected.passed), name
