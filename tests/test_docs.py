"""The README and the docs are executable: every command they show runs as written, and
the output they show is real.

Each page of ``PAGES`` runs on its own, in a fresh directory:

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
* ``json`` blocks are valid cases scoring as their ``expected`` blocks say.

Addresses in the pages are stood in for by real ones started here: the grader at
``127.0.0.1:8000`` and OpenAI by the scripted grader (``tests/grading/server.py``) on a
free port of 127.0.0.1; the Dask scheduler ``tcp://10.0.0.5:8786`` by a LocalCluster's, and
its shared storage ``/shared`` by a directory of the test's. The ``gate`` and ``rollout``
commands run the fixed scorer's properties (seeded) once for each number of examples, and
hand the later runs those checks (``properties_once``, tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import gzip
import importlib.util
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
from compat.cli import main
from compat.grading import bundled_dataset
from tests.grading.server import GraderServer
from tests.grading.test_promptfoo_prompts import fake_promptfoo

ROOT = Path(__file__).resolve().parent.parent
# The pages whose commands run here (MIGRATION.md has a test of its own); each with the
# least number of commands it runs, so that a block the runner stops seeing fails the test.
PAGES = {
    "README.md": 9,
    "docs/diff.md": 2,
    "docs/dask.md": 3,
    "docs/compare.md": 1,
    "docs/gate.md": 3,
    "docs/rollout.md": 2,
    "docs/cases.md": 3,
    "docs/library.md": 1,
    "docs/hhem.md": 3,
    "docs/arms.md": 6,
    "docs/composite.md": 2,
    "docs/labels.md": 2,
}
BLOCK = re.compile(r"^ *```(\w*)\n(.*?)^ *```", re.DOTALL | re.M)
DECISIONS = {"gate", "rollout", "compare"}  # exit 1 is a verdict, not an error
DOC_GRADER = "127.0.0.1:8000"
DOC_SCHEDULER = "tcp://10.0.0.5:8786"
DOC_SHARED = "/shared"  # storage the cluster's workers share: a directory here
INSTALLS = ("pip ", "python3 -m venv", "npm ", "mkdir ", "for ", "done", "FAITHCOMPAT_PROMPTFOO_DIR", "pytest")


def blocks(page: str) -> list[tuple[str, str]]:
    return [(language, body) for language, body in BLOCK.findall((ROOT / page).read_text(encoding="utf-8"))]


def _command(line: str) -> str:
    """A shell line without its trailing comment (none of the pages' commands quotes a #)."""
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
            raise AssertionError(f"the page shows {want!r} for `{command}`, but the output is:\n{output}")


@contextlib.contextmanager
def dask_scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
    ) as cluster:
        yield cluster.scheduler_address


def _prepare(tmp: Path) -> None:
    """The files the pages' commands name, made from the bundled corpus and dataset."""
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
    shutil.copy(ROOT / "fixtures" / "labels" / "bundled.jsonl", tmp / "labels.jsonl")  # docs/labels.md's labels
    fake_promptfoo(tmp)  # node_modules/promptfoo: an installed promptfoo's prompts (docs/arms.md)


@pytest.mark.parametrize("page", sorted(PAGES))
@pytest.mark.usefixtures("properties_once")  # the pages' gate and rollout runs share their properties' checks
def test_every_command_on_the_page_runs(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    if "--hhem" in text:  # HHEM from the offline hub cache, a tiny checkpoint under the real id (skips without [hhem])
        request.getfixturevalue("hhem_hub")
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith(("FAITHCOMPAT_", "OPENAI_"))]:
        monkeypatch.delenv(name)
    _prepare(tmp_path)
    summary = tmp_path / "step-summary.md"
    ran: list[str] = []
    cluster = dask_scheduler() if DOC_SCHEDULER in text else contextlib.nullcontext(DOC_SCHEDULER)
    with GraderServer() as grader, cluster as scheduler:
        grader.script.model_overlap["small-model"] = 1.0  # docs/arms.md's model swap: a stricter model
        address = f"127.0.0.1:{grader.port}"
        env = {"OPENAI_BASE_URL": f"http://{address}/v1", "GITHUB_STEP_SUMMARY": str(summary), "NO_COLOR": "1"}
        substitutions = {
            DOC_GRADER: address,
            DOC_SCHEDULER: scheduler,
            '"$GITHUB_STEP_SUMMARY"': str(summary),
            DOC_SHARED: str(tmp_path / "shared"),
        }
        if "baseline/report.json" in text:  # the CI job's comment: made once from the team's corpus, committed
            _run("faithcompat diff my-corpus.jsonl --out baseline", env, substitutions)
        if "shadow-report/" in text:  # the rollout example reads a shadow run's report
            _run("faithcompat diff --out shadow-report", env, substitutions)
        for language, body in blocks(page):
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
                _exec_python(body, tmp_path, monkeypatch, page)
                ran.append(body.splitlines()[0])
            elif language == "json":
                _check_case(body)
                ran.append(body.splitlines()[0])
    assert len(ran) >= PAGES[page], ran
    # What the pages' commands must have made, where a page shows them.
    if '--summary "$GITHUB_STEP_SUMMARY"' in text:
        assert summary.read_text(encoding="utf-8").strip()  # the gate wrote the job summary
    if DOC_SCHEDULER in text:
        assert any("--engine dask --scheduler" in command for command in ran)
        assert sorted(p.name for p in (tmp_path / "shared" / "faithcompat-report" / "cases").iterdir())  # the parts
    if "--output graded.jsonl" in text:
        assert (tmp_path / "graded.jsonl").stat().st_size > 0


def test_every_page_with_commands_is_run() -> None:
    """A docs page that shows a command is in PAGES (or is a page whose commands need a key or an install)."""
    # a real API key and the team's own files; the oracle installs (run by hand, as the pages say)
    not_run = {"docs/grading.md", "docs/scoring-upstream.md", "docs/testing.md"}
    not_run.add("docs/promptfoo.md")  # run by tests/rollout/test_promptfoo_doc.py (its promptfoo steps: oracle)
    shown = {
        str(path.relative_to(ROOT))
        for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
        if re.search(r"^ *```(console|bash|python|yaml|json)$", path.read_text(encoding="utf-8"), flags=re.M)
    }
    assert shown - not_run <= set(PAGES), sorted(shown - not_run - set(PAGES))


def _exec_python(body: str, tmp: Path, monkeypatch: pytest.MonkeyPatch, page: str) -> None:
    scope: dict[str, object] = {}
    if "OpenFeatureSettings" in body and not importlib.util.find_spec("openfeature"):
        return  # the [openfeature] extra's snippet: CI installs it
    if "FaithfulnessFlag" in body:  # the snippet scores a caller's case; give it one and a shadow log
        monkeypatch.setenv("FAITHCOMPAT_MODE", "shadow")
        monkeypatch.setenv("FAITHCOMPAT_SHADOW_LOG", str(tmp / "shadow.jsonl"))
        scope = {
            "case": Case(id="c1", statements_output="A.\nB.", grader_output="Verdict: Yes. Verdict: No."),
            "test_id": "c1",
        }
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(body, page, "exec"), scope)
    for expected in re.findall(r"print\(.*\)\s+# (.+)$", body, flags=re.M):
        assert printed.getvalue().split() == expected.split(), (body, printed.getvalue())
    if "FaithfulnessFlag" in body:
        assert (tmp / "shadow.jsonl").stat().st_size > 0
    if "OpenFeatureSettings" in body:  # no provider, nor its file watcher, outlives the page
        import openfeature.api

        from compat.rollout import _openfeature

        openfeature.api.clear_providers()
        _openfeature._bound_files.clear()
        _openfeature._shared.clear()


def _check_case(body: str) -> None:
    case = Case.model_validate_json(body)
    for name, expected in case.expected.items():
        score = get_scorer(name).score(case)
        assert (score.value, score.passed) == (expected.score, expected.passed), name


def _anchors(path: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces to dashes."""
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


LINKED_PAGES = ["README.md", "MIGRATION.md", *sorted(f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", LINKED_PAGES)
def test_every_link_between_the_pages_resolves(page: str) -> None:
    """A section moved from the README to docs/ leaves no link pointing at where it was."""
    source = ROOT / page
    for target in re.findall(r"\]\(([^)\s]+)\)", source.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # an address on the web
        file, _, anchor = target.partition("#")
        linked = (source.parent / file).resolve() if file else source
        assert linked.exists(), f"{page}: the link {target} names no file"
        if anchor:
            assert anchor in _anchors(linked), f"{page}: the link {target} names no heading of {file or page}"
