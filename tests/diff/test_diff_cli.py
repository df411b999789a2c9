"""`faithcompat diff`: the verdict line, the report files (and the league), atomicity, stale reports/."""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from compat import bundled_corpus
from compat._errors import CorpusError
from compat.cli import main
from compat.cli._common import available_cores
from compat.diff import MAX_JOBS, SCHEMA_VERSION
from compat.report import LEAGUE_FILES, REPORT_FILES, report_schema, schema_text

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def bundled_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("report")
    code, stdout, _ = invoke("diff", "--out", str(out), "--league")
    assert code == 0
    return out, stdout


BUNDLED_CASES = 364


def test_jobs_defaults_to_the_cores_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    import compat.cli._diff as cli

    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 3, 5}, raising=False)
    seen: list[int] = []

    def stop_at_the_diff(_sources: object, settings: object, **_options: object) -> None:
        seen.append(settings.jobs)  # type: ignore[attr-defined]
        raise CorpusError("stopped here")

    monkeypatch.setattr(cli, "run_diff", stop_at_the_diff)
    assert invoke("diff", "--out", "unused")[0] == 2 and seen == [3]
    assert invoke("diff", "--out", "unused", "--jobs", "1")[0] == 2 and seen == [3, 1]
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(4 * MAX_JOBS)))
    assert available_cores() == MAX_JOBS
    monkeypatch.delattr(os, "sched_getaffinity")  # as on macOS
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert available_cores() == 6


@pytest.mark.parametrize("command", ["diff", "gate"])
def test_the_jobs_help_says_what_the_default_is_here(command: str) -> None:
    help_text = " ".join(invoke(command, "--help")[1].split())
    assert f"[default: (cores available, here {available_cores()})" in help_text


def test_diff_on_the_bundled_corpus_prints_the_verdict_first_and_writes_its_files(
    bundled_report: tuple[Path, str],
) -> None:
    out, stdout = bundled_report
    first = stdout.splitlines()[0]
    assert first.startswith(f"{BUNDLED_CASES} cases: ") and " match, " in first
    assert sorted(p.name for p in out.iterdir()) == sorted(REPORT_FILES + LEAGUE_FILES)
    assert max(len(line) for line in stdout.splitlines()) <= 80


def test_report_json_validates_against_the_committed_schema(bundled_report: tuple[Path, str]) -> None:
    out, _ = bundled_report
    committed = json.loads((ROOT / "fixtures" / "schema" / "report.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads((out / "report.json").read_text(encoding="utf-8")), committed)


def test_committed_report_schema_is_current() -> None:
    path = ROOT / "fixtures" / "schema" / "report.schema.json"
    assert path.read_text(encoding="utf-8") == schema_text(report_schema()), (
        "stale: run `faithcompat schema report > fixtures/schema/report.schema.json`"
    )


def test_cases_jsonl_has_every_case(bundled_report: tuple[Path, str]) -> None:
    out, _ = bundled_report
    lines = (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert len(lines) == report["corpus"]["cases"] == BUNDLED_CASES
    assert sum(report["outcomes"].values()) == BUNDLED_CASES


@pytest.mark.parametrize("name", REPORT_FILES + LEAGUE_FILES)
def test_committed_reports_are_current(bundled_report: tuple[Path, str], name: str) -> None:
    out, _ = bundled_report
    committed = ROOT / "reports" / name
    assert committed.read_bytes() == (out / name).read_bytes(), (
        f"reports/{name} is stale: regenerate with `faithcompat diff --out reports --league`"
    )


def test_report_snapshots(bundled_report: tuple[Path, str], snapshot: SnapshotAssertion) -> None:
    out, _ = bundled_report
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    report["tool"] = "faithcompat"  # the version is not the behaviour under test
    assert _rounded(report) == snapshot(name="report.json", extension_class=JSONSnapshotExtension)
    assert (out / "report.md").read_text(encoding="utf-8") == snapshot(name="report.md")


def _rounded(value: object) -> object:
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def test_formats_on_stdout(tmp_path: Path) -> None:
    code, stdout, _ = invoke("diff", "--out", str(tmp_path), "--format", "json")
    assert code == 0 and json.loads(stdout)["schema_version"] == SCHEMA_VERSION == "1.8"
    code, stdout, _ = invoke("diff", "--out", str(tmp_path), "--format", "markdown")
    assert code == 0 and stdout.startswith("## faithcompat: `legacy` vs `ragas`")


@pytest.mark.parametrize(
    ("candidate", "reader"),
    [("ragas", "faithcompat reader "), ("promptfoo-0.123.1", "exact port of promptfoo 0.123.1")],
)
def test_report_json_names_the_faithcompat_release_and_each_scorers_reader(
    tmp_path: Path, candidate: str, reader: str
) -> None:
    """Issue 34 (12): a report did not say which release wrote it, nor which reading of grader text each scorer is."""
    from importlib.metadata import version

    from compat.scoring import READER_VERSION

    code, stdout, _ = invoke("diff", "--out", str(tmp_path), "--candidate", candidate, "--format", "json")
    report = json.loads(stdout)
    assert code in (0, 1) and report["faithcompat_version"] == version("faithcompat")
    assert report["scorers"]["control_reader"] == "exact port of promptfoo 0.114.2 - 0.120.26"
    expected = reader + READER_VERSION if candidate == "ragas" else reader
    assert report["scorers"]["candidate_reader"] == expected


def test_the_page_decides_with_the_rollout_policy_given(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "a", "statements": ["A."], "grader_output": "Verdict: No."}) + "\n")
    assert invoke("diff", "--out", str(tmp_path / "default"), str(corpus))[0] == 0
    page = (tmp_path / "default" / "report.html").read_text()
    assert '<div class="badge hold">HOLD</div>' in page  # one case: too small a cohort to judge by
    assert "rollout, the default policy" in page
    policy = tmp_path / "lenient.toml"
    policy.write_text("[rollout]\nmin_cohort_size = 0\nmin_agreement_lower_bound = 0.0\n")
    assert invoke("diff", "--out", str(tmp_path / "lenient"), "--rollout-policy", str(policy), str(corpus))[0] == 0
    page = (tmp_path / "lenient" / "report.html").read_text()
    assert '<div class="badge go">GO</div>' in page and f"rollout, policy {policy}" in page
    code, _, _ = invoke(
        "diff", "--out", str(tmp_path / "live"), "--rollout-policy", str(policy), "--stage", "live:5", str(corpus)
    )
    page = (tmp_path / "live" / "report.html").read_text()
    assert code == 0 and '<div class="move">live:5 -&gt; live:25</div>' in page
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "nowhere"), "--stage", "halfway", str(corpus))
    assert code == 2 and "unknown stage 'halfway'" in stderr and not (tmp_path / "nowhere").exists()
    policy.write_text("[rollout]\nmin_cohort_sise = 0\n")
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "bad"), "--rollout-policy", str(policy), str(corpus))
    assert code == 2 and "min_cohort_sise" in stderr and "Traceback" not in stderr
    assert not (tmp_path / "bad").exists()  # refused before any report was staged


def test_a_failed_run_leaves_the_previous_report_untouched(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "a", "statements": ["A."], "grader_output": "Verdict: No."}) + "\n")
    out = tmp_path / "out"
    assert invoke("diff", "--out", str(out), str(corpus))[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with corpus.open("a") as handle:
        handle.write('{"id": "b", "statements": ["A."]}\n')
    code, _, stderr = invoke("diff", "--out", str(out), str(corpus))
    assert code == 2 and f"{corpus}:2: missing required field 'grader_output'" in stderr
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # no temp dir, no half file


def test_skip_invalid_counts_in_the_report(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    good = json.dumps({"id": "a", "statements": ["A."], "grader_output": "Verdict: No."})
    corpus.write_text(good + "\nnot json\n")
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "o"), "--skip-invalid", str(corpus))
    assert code == 0 and "skipped 1 invalid case(s)" in stderr
    report = json.loads((tmp_path / "o" / "report.json").read_text())
    assert (report["corpus"]["cases"], report["corpus"]["skipped_invalid"]) == (1, 1)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_line_nested_too_deeply_is_skipped_with_its_location(tmp_path: Path, jobs: str) -> None:
    corpus = tmp_path / "c.jsonl"
    good = json.dumps({"id": "a", "statements": ["A."], "grader_output": "Verdict: No."})
    deep = '{"id": "b", "statements": ["A."], "grader_output": ' + "[" * 50_000 + "]" * 50_000 + "}"
    corpus.write_text(good + "\n" + deep + "\n")
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "o"), "--skip-invalid", "--jobs", jobs, str(corpus))
    assert code == 0 and f"{corpus}:2: invalid JSON: arrays or objects nested too deeply" in stderr
    assert "Traceback" not in stderr
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "o2" / "deeper"), "--jobs", jobs, str(corpus))
    assert code == 2 and f"{corpus}:2: invalid JSON: arrays or objects nested too deeply" in stderr
    assert not (tmp_path / "o2").exists()  # no report, not even the directories it made


def test_strict_fails_on_unexplained_drift(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "a", "statements": ["A.", "B."], "grader_output": "Verdict: Yes."}) + "\n")
    assert invoke("diff", "--out", str(tmp_path / "o"), "--strict", str(corpus))[0] == 0  # explained
    code, _, _ = invoke(
        "diff",
        "--out",
        str(tmp_path / "o"),
        "--strict",
        "--tolerance",
        "0",
        "--control",
        "ragas",
        "--candidate",
        "ragas",
        "--mismatch-policy",
        "verdict_ratio",
        str(corpus),
    )
    assert code == 0  # ragas vs its verdict_ratio variant differ by a named cause (missing verdicts)


def test_policy_for_a_candidate_without_policies_is_a_usage_error(tmp_path: Path) -> None:
    code, _, stderr = invoke(
        "diff", "--out", str(tmp_path), "--candidate", "legacy", "--mismatch-policy", "undetermined"
    )
    assert code == 2 and "--mismatch-policy applies to the ragas scorer" in stderr


def _copies_of_the_bundled_corpus(tmp_path: Path, copies: int) -> Path:
    lines = [json.loads(line) for path in bundled_corpus() for line in path.read_text("utf-8").splitlines()]
    corpus = tmp_path / "big.jsonl"
    with corpus.open("w", encoding="utf-8") as handle:
        for copy in range(copies):
            for case in lines:
                handle.write(json.dumps({**case, "id": f"{case['id']}-{copy}"}) + "\n")
    return corpus


def _long_diff(tmp_path: Path, *, terminal: bool, env: dict[str, str], stdin: bool = False) -> str:
    """Run `faithcompat diff` on ~5,000 cases (long enough to draw progress); its stderr.

    With ``stdin``, the corpus comes through standard input, whose size is not known.
    """
    corpus = _copies_of_the_bundled_corpus(tmp_path, 20)
    source = "-" if stdin else str(corpus)
    command = [sys.executable, "-m", "compat", "diff", source, "--jobs", "2", "--out", str(tmp_path / "out")]
    environment = {k: v for k, v in os.environ.items() if k != "CI"} | env
    if not terminal:
        done = subprocess.run(command, capture_output=True, env=environment, timeout=300, check=True)
        return done.stderr.decode("utf-8")
    master, slave = pty.openpty()
    with corpus.open("rb") as feed:
        process = subprocess.Popen(
            command, stdin=feed if stdin else None, stdout=subprocess.PIPE, stderr=slave, env=environment
        )
    os.close(slave)
    process.communicate(timeout=300)
    assert process.returncode == 0
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other end is closed and everything was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_long_run_shows_progress_with_the_share_read_and_the_time_left_and_wipes_it(tmp_path: Path) -> None:
    shown = _long_diff(tmp_path, terminal=True, env={})
    size = (tmp_path / "big.jsonl").stat().st_size
    drawn = re.findall(r"\r([\d,]+ cases  [\d,]+ cases/s  (\d+)% of ([\d.]+) MB  about [\w ]+ left) *", shown)
    assert drawn, shown
    assert all(float(total) == round(size / 1e6, 1) for _line, _share, total in drawn)
    shares = [int(share) for _line, share, _total in drawn]
    assert shares == sorted(shares) and shares[-1] <= 100
    widest = max(len(line) for line, _share, _total in drawn)
    assert "\r" + " " * widest + "\r" in shown  # wiped before the closing line, all of it
    assert shown.rstrip().endswith("cases.jsonl)")


def test_standard_input_has_no_size_so_progress_shows_cases_alone(tmp_path: Path) -> None:
    shown = _long_diff(tmp_path, terminal=True, env={}, stdin=True)
    assert re.search(r"\r[\d,]+ cases  [\d,]+ cases/s *\r", shown), shown
    assert "% of" not in shown and " left" not in shown


@pytest.mark.parametrize(("terminal", "env"), [(True, {"CI": "true"}), (False, {})], ids=["ci", "piped"])
def test_no_progress_in_ci_or_when_stderr_is_piped(tmp_path: Path, terminal: bool, env: dict[str, str]) -> None:
    shown = _long_diff(tmp_path, terminal=terminal, env=env)
    assert "cases/s" not in shown and "\r" not in shown.replace("\r\n", "\n")
    assert "reports written to" in shown


def _diff_writing_its_report(tmp_path: Path) -> tuple[subprocess.Popen[bytes], Path]:
    """`diff --jobs 2` on ~15,000 cases in its own process group (as a shell starts a
    foreground job), returned once it is writing its report, and its --out directory."""
    corpus = _copies_of_the_bundled_corpus(tmp_path, 60)
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "compat", "diff", str(corpus), "--jobs", "2", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "CI"},
    )
    deadline = time.monotonic() + 60
    while not list(out.glob(".faithcompat-*/cases.jsonl")) and time.monotonic() < deadline:
        time.sleep(0.02)
    return process, out


@pytest.mark.parametrize(
    ("signal_number", "whole_group"),
    [(signal.SIGINT, True), (signal.SIGTERM, True), (signal.SIGTERM, False)],
    ids=["ctrl-c", "sigterm-to-the-group", "sigterm-to-the-parent"],
)
def test_a_signal_mid_run_stops_promptly_and_leaves_nothing(
    tmp_path: Path, signal_number: int, whole_group: bool
) -> None:
    """Ctrl-C (SIGINT to the whole process group) or SIGTERM during `diff --jobs 2`:
    exit 128 + the signal's number, one line and no traceback, workers wound down,
    no report directory or staging files left behind. Once, Ctrl-C could hang the
    pool in about one run in four."""
    process, out = _diff_writing_its_report(tmp_path)
    time.sleep(0.3)
    assert process.poll() is None, "the run ended before it could be interrupted"
    if whole_group:
        os.killpg(process.pid, signal_number)
    else:
        os.kill(process.pid, signal_number)
    try:
        _, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError("the interrupted run hung") from None
    name = signal.Signals(signal_number).name
    assert process.returncode == 128 + signal_number
    assert stderr.decode().strip() == f"faithcompat: stopped by {name} (files being written were removed)"
    assert not out.exists()


def test_a_worker_killed_from_outside_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """The out-of-memory killer taking a worker must not hang the run or print a traceback."""
    process, out = _diff_writing_its_report(tmp_path)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    workers: list[int] = []
    deadline = time.monotonic() + 30
    while not workers and process.poll() is None and time.monotonic() < deadline:
        workers = [int(pid) for pid in children.read_text().split()]
    assert workers and process.poll() is None
    os.kill(workers[0], signal.SIGKILL)
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError("the run hung after losing a worker") from None
    assert process.returncode == 2
    assert stderr.decode().startswith("faithcompat: error: a worker process ended abruptly")
    assert "Traceback" not in stderr.decode() and not out.exists()


def test_a_worker_signalled_before_its_initializer_ends_without_a_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    """Forked workers inherit the parent's handler until their initializer runs: it must not raise there."""
    import multiprocessing

    from compat.cli import _app

    previous = signal.signal(signal.SIGTERM, _app._stop)
    try:
        child = multiprocessing.get_context("fork").Process(target=_signal_self, args=(signal.SIGTERM,))
        child.start()
        child.join(10)
        assert child.exitcode == -signal.SIGTERM
        ignoring = multiprocessing.get_context("fork").Process(target=_signal_self, args=(signal.SIGINT,))
        signal.signal(signal.SIGINT, _app._stop)
        ignoring.start()
        ignoring.join(10)
        assert ignoring.exitcode == 0  # Ctrl-C is the parent's to act on
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, signal.default_int_handler)
    assert "Traceback" not in capfd.readouterr().err


def _signal_self(signal_number: int) -> None:
    os.kill(os.getpid(), signal_number)
    time.sleep(0.2)  # the handler runs at the next bytecode; a SIGTERM ends the process here


TEAM_WORDS = '[vocabulary]\nyes = ["Checks out"]\nno = ["debunked"]\nnone = ["undecidable"]\n'


def _team_corpus(tmp_path: Path, cases: int = 40) -> tuple[Path, Path]:
    """Cases whose grader speaks only the team's words, and the vocabulary file for them."""
    words = tmp_path / "words.toml"
    words.write_text(TEAM_WORDS, encoding="utf-8")
    corpus = tmp_path / "team.jsonl"
    outputs = [
        "Checks out. Debunked. Undecidable.",
        "Checks out. Checks out. Checks out.",
        "Debunked. Checks out. Debunked.",
    ]
    with corpus.open("w", encoding="utf-8") as handle:
        for i in range(cases):
            output = f"Final verdict for each statement in order: {outputs[i % 3]}"
            handle.write(json.dumps({"id": f"t{i}", "statements": ["A.", "B.", "C."], "grader_output": output}) + "\n")
    return corpus, words


def test_a_vocabulary_reads_the_same_through_any_jobs_and_the_report_records_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import compat.cases.files.blocks as blocks_module

    corpus, words = _team_corpus(tmp_path)
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", 1024)  # many blocks, spread over the workers
    files = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}"
        assert invoke("diff", str(corpus), "--vocabulary", str(words), "--jobs", jobs, "--out", str(out))[0] == 0
        files[jobs] = [(out / name).read_text(encoding="utf-8") for name in ("report.json", "cases.jsonl")]
    assert files["1"] == files["2"]
    report = json.loads(files["1"][0])
    assert report["scorers"]["candidate_vocabulary"] == {
        "yes": ["checks out"],
        "no": ["debunked"],
        "none": ["undecidable"],
    }
    assert report["outcomes"]["candidate_undetermined"] == 0
    assert "verdict words added (--vocabulary)" in (tmp_path / "jobs1" / "report.md").read_text(encoding="utf-8")
    # Without it the same outputs hold no verdict, and the report says none was added: with no
    # case the candidate scored, there is nothing to decide on (exit 2, the report says why).
    code, _, err = invoke("diff", str(corpus), "--out", str(tmp_path / "plain"))
    assert code == 2 and "no decision: none of the" in err and "from the candidate (ragas)" in err
    plain = json.loads((tmp_path / "plain" / "report.json").read_text(encoding="utf-8"))
    assert plain["scorers"]["candidate_vocabulary"] is None
    assert plain["outcomes"]["candidate_undetermined"] == plain["corpus"]["cases"]
    assert plain["no_decision"].endswith(f"{plain['corpus']['cases']} undetermined")


def test_every_scoring_command_takes_the_vocabulary(tmp_path: Path) -> None:
    corpus, words = _team_corpus(tmp_path, cases=6)
    code, out, _ = invoke("score", str(corpus), "--vocabulary", str(words))
    assert code == 0 and all(json.loads(line)["status"] == "scored" for line in out.splitlines())
    code, out, _ = invoke(
        "compare", str(corpus), "--candidates", "ragas", "--vocabulary", str(words), "--format", "json"
    )
    league = json.loads(out)
    assert league["vocabulary"]["yes"] == ["checks out"] and league["rows"][0]["undetermined"] == 0
    code, out, _ = invoke("gate", str(corpus), "--vocabulary", str(words), "--examples", "0")
    assert code == 0 and "gate passed" in out
    policy = tmp_path / "no-invariants.toml"  # the invariants are the gate's to run; here only the rate counts
    policy.write_text("[rollout]\ninvariant_examples = 0\n", encoding="utf-8")
    code, out, _ = invoke(
        "rollout", str(corpus), "--vocabulary", str(words), "--rollout-policy", str(policy), "--format", "json"
    )
    criteria = {criterion["name"]: criterion for criterion in json.loads(out)["criteria"]}
    assert criteria["candidate undetermined rate"]["measured"] == 0
    # Without the words the candidate scores no case: nothing to decide on, no criterion measured.
    code, out, _ = invoke("rollout", str(corpus), "--rollout-policy", str(policy), "--format", "json")
    decision = json.loads(out)
    assert code == 2 and decision["verdict"] == "NO-DECISION" and decision["criteria"] == []
    assert "undetermined" in decision["no_decision"]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (
            ["diff", "--candidate", "legacy", "--out", "unused"],
            "--vocabulary applies to the ragas scorer, not 'legacy'",
        ),
        (["score", "--scorer", "promptfoo-0.121.19"], "--vocabulary applies to the ragas scorer"),
        (["rollout", "--report", "reports/report.json"], "give either --report or CORPUS (and --vocabulary)"),
    ],
)
def test_a_vocabulary_where_nothing_reads_it_is_a_usage_error(tmp_path: Path, command: list[str], message: str) -> None:
    _corpus, words = _team_corpus(tmp_path, cases=1)
    code, _, stderr = invoke(*command, "--vocabulary", str(words))
    assert code == 2 and message in stderr
    assert not Path("unused").exists()


def test_a_bad_vocabulary_file_is_exit_2_naming_the_file_and_key(tmp_path: Path) -> None:
    words = tmp_path / "words.toml"
    words.write_text('[vocabulary]\nyes = ["checks"]\nno = ["checks"]\n', encoding="utf-8")
    code, _, stderr = invoke("diff", "--vocabulary", str(words), "--out", str(tmp_path / "o"))
    assert code == 2
    assert (
        stderr
        == f"faithcompat: error: {words}: vocabulary.no[0]: 'checks' is in both vocabulary.yes and vocabulary.no\n"
    )
    assert not (tmp_path / "o").exists()


def test_the_decision_is_printed_in_the_terminal_when_a_stage_is_given(tmp_path: Path) -> None:
    code, stdout, _ = invoke("diff", "--out", str(tmp_path / "a"), "--stage", "shadow")
    page = (tmp_path / "a" / "report.html").read_text(encoding="utf-8")
    verdict = re.search(r"decision at stage shadow \(the default policy\): (GO|HOLD|NO-GO|NO-DECISION): ", stdout)
    assert code == 0 and verdict is not None, stdout[-500:]
    assert verdict.group(1) in page  # the same decision the page shows
    _, unstaged, _ = invoke("diff", "--out", str(tmp_path / "b"))
    assert "decision at stage" not in unstaged  # no stage given: the summary as before
