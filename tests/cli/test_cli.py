"""`faithcompat score` and `schema`: output shapes, exit codes, and errors without tracebacks."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from compat.cli import main

CASES = [
    {"id": "refusal", "statements_output": "A.\nB.\nC.", "grader_output": "I apologize, but I cannot."},
    {"id": "minus-0.2", "statements_output": "1\n2\n3\n4\n5", "grader_output": "Verdict: No.\n" * 6},
    {"id": "nan", "statements_output": " \n", "grader_output": "Final verdict for each statement in order: Yes."},
    {"id": "inf", "statements_output": " \n", "grader_output": "Verdict: No."},
]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in CASES), encoding="utf-8")
    return path


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def records(stdout: str) -> dict[str, dict[str, object]]:
    return {r["id"]: r for r in map(json.loads, stdout.splitlines())}  # type: ignore[index]


def test_score_writes_one_json_line_per_case_with_the_documented_fields(corpus: Path) -> None:
    code, out, _ = invoke("score", "--scorer", "legacy", str(corpus))
    assert code == 0
    rows = records(out)
    assert list(rows) == ["refusal", "minus-0.2", "nan", "inf"]
    assert set(rows["refusal"]) == {
        "id",
        "scorer",
        "score",
        "passed",
        "status",
        "cause",
        "reason",
        "format",
        "warnings",
    }
    assert (rows["refusal"]["score"], rows["refusal"]["passed"]) == (1.0, True)
    assert rows["minus-0.2"]["reason"] == "Faithfulness -0.20 is < 0.5"
    assert (rows["nan"]["score"], rows["inf"]["score"]) == ("NaN", "-Infinity")


def test_score_reads_a_graded_cases_own_recording_of_the_arm(tmp_path: Path) -> None:
    # A corpus from `faithcompat grade` holds each arm's grader texts, no shared ones.
    recorded = Path(__file__).parents[2] / "fixtures" / "corpus" / "recorded.jsonl"
    case = json.loads(recorded.read_text(encoding="utf-8").splitlines()[0])
    assert case["id"] == "recorded-arms-agree" and "grader_output" not in case
    corpus = tmp_path / "graded.jsonl"
    corpus.write_text(json.dumps(case) + "\n", encoding="utf-8")

    def scored(*args: str) -> dict[str, object]:
        code, out, _ = invoke("score", *args, str(corpus))
        assert code == 0
        return json.loads(out)  # type: ignore[no-any-return]

    ragas = scored()  # the fixed scorer reads the ragas arm (JSON verdicts), as diff does
    assert (ragas["status"], ragas["score"], ragas["format"]) == ("scored", 0.5, "json")
    legacy = scored("--scorer", "legacy")  # legacy reads the legacy arm's text
    assert (legacy["status"], legacy["score"]) == ("scored", 0.5) and legacy["format"] != "json"
    across = scored("--arm", "legacy")  # the fixed scorer on the legacy arm's text
    assert across["status"] == "scored" and across["format"] != "json"
    # An arm whose call failed after its retries has nothing to score.
    failed = json.loads(recorded.read_text(encoding="utf-8").splitlines()[1])
    assert failed["id"] == "recorded-legacy-statements-rate-limited"
    corpus.write_text(json.dumps(failed) + "\n", encoding="utf-8")
    error = scored("--scorer", "legacy")
    assert (error["status"], error["cause"], error["score"]) == ("undetermined", "grader_error", None)


def test_output_is_strict_json(corpus: Path) -> None:
    _, out, _ = invoke("score", "--scorer", "legacy", str(corpus))
    for text in out.splitlines():
        json.loads(text, parse_constant=lambda name: pytest.fail(f"bare {name} in output"))


def test_ragas_is_undetermined_where_legacy_invents_numbers(corpus: Path) -> None:
    _, out, _ = invoke("score", "--scorer", "ragas", str(corpus))
    rows = records(out)
    assert (rows["refusal"]["status"], rows["refusal"]["cause"], rows["refusal"]["score"]) == (
        "undetermined",
        "refusal",
        None,
    )
    assert rows["minus-0.2"]["score"] == 0.0 and rows["minus-0.2"]["warnings"] == ["more_verdicts"]
    assert rows["nan"]["cause"] == rows["inf"]["cause"] == "no_statements"


def test_policy_changes_the_ragas_scorer(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({"id": "x", "statements": ["A", "B"], "grader_output": "Verdict: Yes"}) + "\n")
    assert records(invoke("score", str(path))[1])["x"]["score"] == 0.5
    assert records(invoke("score", "--mismatch-policy", "verdict_ratio", str(path))[1])["x"]["score"] == 1.0
    assert records(invoke("score", "--mismatch-policy", "undetermined", str(path))[1])["x"]["cause"] == "count_mismatch"


def test_policy_with_legacy_is_a_usage_error(corpus: Path) -> None:
    code, _, err = invoke("score", "--scorer", "legacy", "--mismatch-policy", "undetermined", str(corpus))
    assert code == 2 and "--mismatch-policy applies to the ragas scorer" in err


def test_table_format(corpus: Path) -> None:
    code, out, _ = invoke("score", "--scorer", "legacy", "--format", "table", str(corpus))
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["id", "score", "pass"]
    assert lines[3].split()[:3] == ["minus-0.2", "-0.2000", "no"]
    assert lines[0].split()[-1] == "reason" and "Faithfulness -0.20 is < 0.5" in lines[3]
    assert max(len(line) for line in lines) <= 120


def test_stdin(corpus: Path) -> None:
    code, out, _ = invoke("score", "-", stdin=corpus.read_text())
    assert code == 0 and len(out.splitlines()) == 4


def test_malformed_line_exits_2_with_location_and_no_traceback(corpus: Path) -> None:
    with corpus.open("a") as handle:
        handle.write('{"id": "bad", "statements": ["x"], "grader_output": 3}\n')
    code, _, err = invoke("score", str(corpus))
    assert code == 2
    assert err == f"faithcompat: error: {corpus}:5: field 'grader_output': input should be a valid string (got 3)\n"


def test_skip_invalid_scores_the_rest_and_counts_on_stderr(corpus: Path) -> None:
    with corpus.open("a") as handle:
        handle.write("not json\n")
        handle.write(json.dumps({"id": "last", "statements": ["x"], "grader_output": "Verdict: Yes"}) + "\n")
    code, out, err = invoke("score", "--skip-invalid", str(corpus))
    assert code == 0
    assert list(records(out)) == ["refusal", "minus-0.2", "nan", "inf", "last"]
    assert f"{corpus}:5: invalid JSON" in err and "skipped 1 invalid case(s)" in err


def test_oversized_case_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text(json.dumps({"id": "big", "statements": ["x"], "grader_output": "x" * 2000}) + "\n")
    code, _, err = invoke("score", "--max-case-bytes", "1000", str(path))
    assert code == 2 and f"{path}:1: case is 2,05" in err and "--max-case-bytes" in err


def test_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, err = invoke("score", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in err


def test_output_file_is_written_atomically_and_not_left_half_written(corpus: Path, tmp_path: Path) -> None:
    target = tmp_path / "out" / "scores.jsonl"
    assert invoke("score", "-o", str(target), str(corpus))[0] == 0
    assert len(target.read_text().splitlines()) == 4
    previous = target.read_text()
    with corpus.open("a") as handle:
        handle.write("broken\n")
    assert invoke("score", "-o", str(target), str(corpus))[0] == 2
    assert target.read_text() == previous
    assert sorted(p.name for p in target.parent.iterdir()) == ["scores.jsonl"]


def test_schema_command_prints_the_committed_schema() -> None:
    code, out, _ = invoke("schema", "case")
    committed = Path(__file__).resolve().parents[2] / "fixtures" / "schema" / "case.schema.json"
    assert code == 0 and out == committed.read_text(encoding="utf-8")


def test_python_dash_m_and_closed_pipe(tmp_path: Path) -> None:
    """`python -m compat` works, and `| head -1` ends quietly instead of with a traceback."""
    source = tmp_path / "many.jsonl"
    source.write_text("".join(json.dumps({**CASES[0], "id": f"c{i}"}) + "\n" for i in range(20000)))
    with source.open("rb") as stdin:
        process = subprocess.Popen(
            [sys.executable, "-m", "compat", "score", "-"], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # the reader goes away, as `head -1` does
        stderr = process.stderr.read()
        process.wait(timeout=60)
    assert json.loads(first)["id"] == "c0"
    assert b"Traceback" not in stderr
    assert process.returncode == 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("command", [["score", "--scorer", "legacy"], ["policy"], ["schema", "report"]])
def test_a_full_disk_on_stdout_is_an_error_without_a_traceback(command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        process = subprocess.run(
            [sys.executable, "-m", "compat", *command], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120
        )
    assert process.returncode == 2
    assert process.stderr == "faithcompat: error: standard output: No space left on device\n"


@pytest.mark.parametrize(
    "args",
    [["diff", "--out", "{blocker}/out"], ["rollout", "--output", "{blocker}/decision.txt"]],
)
@pytest.mark.usefixtures("properties_once")  # rollout's properties: the checks of their first run (tests/conftest.py)
def test_an_output_that_cannot_be_created_is_named(tmp_path: Path, args: list[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")  # a directory cannot be made under a file
    code, _, stderr = invoke(*[arg.format(blocker=blocker) for arg in args])
    assert code == 2 and f"faithcompat: error: {blocker}/" in stderr and "cannot write" in stderr


@pytest.mark.parametrize("tolerance", ["nan", "inf", "-1"])
def test_a_tolerance_that_is_not_a_finite_non_negative_number_is_a_usage_error(tolerance: str) -> None:
    code, _, stderr = invoke("diff", "--tolerance", tolerance)
    assert code == 2 and "Invalid value for '--tolerance'" in stderr


EVIL_ID = "evil\x1b[2J\x1b]0;owned\x07\u202edrowssap\x9b31m"


def test_printable_escapes_every_control_and_bidi_character_and_nothing_else() -> None:
    from compat._text import printable

    assert printable("plain text, accents é and emoji 😀") == "plain text, accents é and emoji 😀"
    assert printable(EVIL_ID) == "evil\\x1b[2J\\x1b]0;owned\\x07\\u202edrowssap\\x9b31m"
    for code in [*range(0x20), *range(0x7F, 0xA0), 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]:
        assert chr(code) not in printable(f"a{chr(code)}b")


def _assert_inert(text: str) -> None:
    controls = [c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) < 0xA0 or c in "\u202e\u2066"]
    assert not controls, controls
    assert "evil\\x1b[2J" in text


def test_corpus_strings_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """Ids, tags and reasons reach the terminal as escapes: no colour, no title, no reordering."""
    from compat.diff import DiffSettings, run_diff
    from compat.report import render_terminal
    from compat.rollout import Refusal, render_decision
    from compat.rollout.decision import Decision, Recommendation

    case = {"id": EVIL_ID, "tags": [EVIL_ID], "statements": ["A.", "B."], "grader_output": "Verdict: No. " * 3}
    refusal = {"id": EVIL_ID + "-r", "statements": ["A."], "grader_output": "I apologize, but I cannot help."}
    corpus = tmp_path / "evil.jsonl"
    corpus.write_text(json.dumps(case) + "\n" + json.dumps(refusal) + "\n")
    code, stdout, _ = invoke("score", "--scorer", "legacy", "--format", "table", str(corpus))
    assert code == 0
    _assert_inert(stdout)
    _assert_inert(render_terminal(run_diff([corpus], DiffSettings()), color=False))
    decision = Decision(Recommendation.HOLD, "off", "off", (), (Refusal(EVIL_ID, "both", True),), ())
    _assert_inert(render_decision(decision))
    assert "\x1b" not in render_decision(decision, markdown=True)


@given(st.text(st.sampled_from(["`", "|", "_", "*", "<", "\\", "a", " ", "\x1b", "\u202e", "\n"]), max_size=30))
@example("count_mismatch.jsonl")
@example("`a``b`")
@example("")
def test_a_code_span_shows_the_text_itself(text: str) -> None:
    """In report.md a corpus string in a code span reads as itself: escapes there would show."""
    from compat._text import printable
    from compat.report import markdown_code

    span = markdown_code(text)
    fence = span[: len(span) - len(span.lstrip("`"))]
    inner = span[len(fence) : len(span) - len(fence)]
    assert span.endswith(fence) and fence not in inner  # no run of backticks closes it early
    if inner.startswith(" ") and inner.endswith(" ") and inner.strip(" "):
        inner = inner[1:-1]  # CommonMark strips one space from each side
    shown = inner.replace("\\|", "|")  # GitHub's tables read \| before the span
    assert shown == (printable(" ".join(text.split())) or " ")  # "` `": a span cannot be empty
    assert "\n" not in span and "|" not in span.replace("\\|", "")


def test_a_failed_run_leaves_no_output_file_nor_the_directories_made_for_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(CASES[0]) + "\nnot json\n")
    target = tmp_path / "new" / "deeper" / "scores.jsonl"
    code, _, stderr = invoke("score", "--scorer", "legacy", "-o", str(target), str(bad))
    assert code == 2 and f"{bad}:2: invalid JSON" in stderr
    assert not (tmp_path / "new").exists()
    code, _, _ = invoke("score", "--scorer", "legacy", "-o", str(target), str(bad), "--skip-invalid")
    assert code == 0 and len(target.read_text().splitlines()) == 1


def test_an_output_link_stays_a_link_and_the_file_it_points_at_is_replaced(corpus: Path, tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    code, _, _ = invoke("score", "--scorer", "legacy", "-o", str(link), str(corpus))
    assert code == 0 and link.is_symlink()
    assert len(real.read_text().splitlines()) == len(CASES)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_an_output_that_is_a_device_or_a_fifo_is_written_in_place_not_replaced(corpus: Path, tmp_path: Path) -> None:
    """Renaming a temporary file over /dev/null or a FIFO (as root) would destroy it."""
    code, _, _ = invoke("score", "--scorer", "legacy", "-o", os.devnull, str(corpus))
    assert code == 0 and stat.S_ISCHR(os.stat(os.devnull).st_mode)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    code, _, _ = invoke("score", "--scorer", "legacy", "-o", str(fifo), str(corpus))
    reader.join(timeout=30)
    assert code == 0 and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert len(received[0].splitlines()) == len(CASES)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_disk_on_an_output_file_names_the_file(corpus: Path) -> None:
    code, _, stderr = invoke("score", "--scorer", "legacy", "-o", "/dev/full", str(corpus))
    assert code == 2 and stderr == "faithcompat: error: /dev/full: cannot write there: No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_an_output_file_keeps_its_mode_and_a_new_one_gets_the_umask(corpus: Path, tmp_path: Path) -> None:
    existing = tmp_path / "existing.jsonl"
    existing.write_text("")
    existing.chmod(0o640)
    assert invoke("score", "-o", str(existing), str(corpus))[0] == 0
    assert stat.S_IMODE(existing.stat().st_mode) == 0o640
    umask = os.umask(0o022)
    try:
        assert invoke("score", "-o", str(tmp_path / "new.jsonl"), str(corpus))[0] == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.jsonl").stat().st_mode) == 0o644


def test_unusable_output_names_say_what_is_wrong(corpus: Path, tmp_path: Path) -> None:
    for option in (["score", "-o"], ["gate", "--junit"], ["gate", "--summary"], ["rollout", "-o"]):
        code, _, stderr = invoke(*option, "", str(corpus))
        assert code == 2 and f"Invalid value for '{option[1]}" in stderr and "the file name is empty" in stderr
    code, _, stderr = invoke("score", "-o", str(tmp_path), str(corpus))
    assert code == 2 and "is a directory" in stderr
    plain = tmp_path / "plain"
    plain.write_text("")
    code, _, stderr = invoke("score", "-o", str(plain / "x.jsonl"), str(corpus))
    assert (
        code == 2 and stderr == f"faithcompat: error: {plain}/x.jsonl: cannot write there: {plain} is not a directory\n"
    )


def test_a_report_directory_is_replaced_whole_or_not_at_all(tmp_path: Path) -> None:
    """A directory where report.html goes: nothing is replaced, and the error names it."""
    out = tmp_path / "out"
    (out / "report.html").mkdir(parents=True)
    for name in ("report.json", "report.md", "cases.jsonl"):
        (out / name).write_text("OLD")
    code, _, stderr = invoke("diff", "--out", str(out))
    assert code == 2 and stderr == f"faithcompat: error: {out}/report.html: cannot write there: it is a directory\n"
    assert all((out / name).read_text() == "OLD" for name in ("report.json", "report.md", "cases.jsonl"))
    assert sorted(p.name for p in out.iterdir()) == ["cases.jsonl", "report.html", "report.json", "report.md"]


def test_score_lines_escape_c1_and_bidi_controls_but_keep_readable_text(tmp_path: Path) -> None:
    case_id = "a\x9b2J\u202eevil\x7f é"
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({"id": case_id, "statements": ["s"], "grader_output": ""}) + "\n", encoding="utf-8")
    code, stdout, _ = invoke("score", str(path))
    assert code == 0 and json.loads(stdout)["id"] == case_id
    assert "\\u009b" in stdout and "\\u202e" in stdout and "\\u007f" in stdout and "é" in stdout
    assert not any(0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in stdout)


@pytest.mark.parametrize("closed", [1, 2])
def test_a_closed_stdout_or_stderr_is_exit_2_without_a_traceback(corpus: Path, closed: int) -> None:
    process = subprocess.run(
        [sys.executable, "-m", "compat", "score", str(corpus)],
        capture_output=True,
        preexec_fn=lambda: os.close(closed),  # the child starts with that stream closed
        timeout=120,
    )
    assert process.returncode == 2
    if closed == 1:
        assert process.stderr == b"faithcompat: error: standard output or standard error is closed\n"


def test_reading_a_closed_stdin_is_exit_2_without_a_traceback() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "compat", "score", "-"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0),  # the child starts with stdin closed
        timeout=120,
    )
    assert process.returncode == 2 and process.stderr == b"faithcompat: error: -: standard input is closed\n"


def test_gate_with_a_candidate_that_has_no_policies_is_a_usage_error() -> None:
    code, _, stderr = invoke("gate", "--candidate", "legacy", "--examples", "5", "--no-baseline")
    assert code == 2 and "the gate's properties need a candidate with mismatch policies; 'legacy' has none" in stderr


def test_every_command_and_option_says_what_it_is_for() -> None:
    """`--help` describes every option: none is left to guess from its name."""
    import click

    undocumented = [
        f"{name} {'/'.join(parameter.opts)}"
        for name, command in main.commands.items()
        for parameter in command.params
        if isinstance(parameter, click.Option) and not parameter.help and parameter.name != "help"
    ]
    assert undocumented == []
    assert all(command.help for command in main.commands.values())
