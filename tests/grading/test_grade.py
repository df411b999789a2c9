"""`faithcompat grade` against a real HTTP server on 127.0.0.1: both arms, cache, faults, resume."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compat.cases import load_cases
from compat.cli import main
from compat.grading import BUILT_IN, GraderSettings, GradeSettings, OpenAIGrader, ReplyCache, bundled_dataset, grade
from compat.grading import iter_rows as read_rows
from tests.grading.server import GraderServer

KEY = "sk-test-9f8e7d6c5b4a-never-written"
ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), env={"OPENAI_API_KEY": KEY, **(env or {})})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def write_rows(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


ROWS = [
    {
        "id": "a",
        "question": "Capital?",
        "answer": "Paris is the capital of France.",
        "contexts": ["Paris is the capital of France."],
    },
    {
        "id": "b",
        "question": "Height?",
        "answer": "It is 330 metres tall. It is blue.",
        "contexts": ["The tower is 330 metres tall."],
    },
    {
        "id": "c",
        "question": "Who?",
        "answer": "Nobody knows the founder.",
        "contexts": "The company was founded in 2009.",
    },
]


def grade_at(base_url: str, tmp_path: Path, *extra: str, rows: list[dict[str, Any]] = ROWS) -> tuple[int, str, Path]:
    """`faithcompat grade` of ``rows`` against the grader at ``base_url``: (exit code, stderr, corpus)."""
    dataset = write_rows(tmp_path / "data.jsonl", rows)
    out = tmp_path / "corpus.jsonl"
    code, _, err = invoke(
        "grade",
        str(dataset),
        "--output",
        str(out),
        "--base-url",
        base_url,
        "--model",
        "m",
        "--cache",
        str(tmp_path / "cache.sqlite"),
        "--timeout",
        "2",
        *extra,
    )
    return code, err, out


def run_grade(
    server: GraderServer, tmp_path: Path, *extra: str, rows: list[dict[str, Any]] = ROWS
) -> tuple[int, str, Path]:
    return grade_at(server.base_url, tmp_path, *extra, rows=rows)


def arms_of(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line)["arms"] for line in out.read_text(encoding="utf-8").splitlines()]


def test_done_when_the_bundled_dataset_becomes_a_corpus_that_diff_reads_with_both_arms(
    server: GraderServer, tmp_path: Path
) -> None:
    out = tmp_path / "corpus.jsonl"
    code, _, err = invoke(
        "grade", "--base-url", server.base_url, "--model", "m", "-o", str(out), "--cache", str(tmp_path / "c.sqlite")
    )
    assert code == 0, err
    cases = load_cases([out])
    assert len(cases) == len(list(read_rows(bundled_dataset()))) >= 50
    for case in cases:
        assert case.arms is not None and case.arms.legacy is not None and case.arms.ragas is not None
        legacy, ragas = case.arm_case("legacy"), case.arm_case("ragas")
        assert legacy is not None and ragas is not None
        assert "Final verdict for each statement in order:" in legacy.grader_output
        assert ragas.grader_output.startswith('{"statements": [')


def test_diff_reads_a_graded_corpus_with_both_arms_own_recordings(server: GraderServer, tmp_path: Path) -> None:
    code, err, out = run_grade(server, tmp_path)
    assert code == 0, err
    code, _, err = invoke("diff", str(out), "--out", str(tmp_path / "report"))
    assert code == 0, err
    lines = [json.loads(line) for line in (tmp_path / "report" / "cases.jsonl").read_text().splitlines()]
    assert len(lines) == len(ROWS)
    # The legacy scorer read the legacy arm's text, the fixed scorer the RAGAS arm's JSON.
    assert all(line["control_reason"].startswith("Faithfulness ") for line in lines)
    assert {line["candidate_format"] for line in lines if line["candidate_status"] == "scored"} == {"json"}


def test_the_verdict_call_follows_the_statements_call_with_its_statements(server: GraderServer, tmp_path: Path) -> None:
    code, err, out = run_grade(server, tmp_path)
    assert code == 0, err
    log = list(server.script.log)
    statements = [entry for entry in log if entry["call"] == "statements"]
    verdicts = [entry for entry in log if entry["call"] == "verdicts"]
    assert len(statements) == len(verdicts) == 2 * len(ROWS)
    recorded = arms_of(out)[1]
    assert "It is 330 metres tall.\nIt is blue." in next(
        e["prompt"] for e in verdicts if e["arm"] == "legacy" and "330" in e["prompt"]
    )
    assert json.loads(recorded["ragas"]["statements_output"])["statements"] == ["It is 330 metres tall.", "It is blue."]
    assert '["It is 330 metres tall.", "It is blue."]' in next(
        e["prompt"] for e in verdicts if e["arm"] == "ragas" and "330" in e["prompt"]
    )
    assert all(entry["temperature"] == 0 for entry in log)


def test_the_ragas_arm_judges_the_statements_the_fixed_scorer_reads(server: GraderServer, tmp_path: Path) -> None:
    """A lead-in before call 1's JSON: call 2 gets the JSON's statements, not the lead-in as one (issue 23)."""
    server.script.inject("lead_in", times=len(ROWS), call="statements", arm="ragas")
    code, err, out = run_grade(server, tmp_path, "--max-retries", "0")
    assert code == 0, err
    prompt = next(
        e["prompt"]
        for e in server.script.log
        if e["call"] == "verdicts" and e["arm"] == "ragas" and "330" in e["prompt"]
    )
    assert '["It is 330 metres tall.", "It is blue."]' in prompt and "Here are the statements" not in prompt
    recorded = arms_of(out)[1]["ragas"]["statements_output"]
    assert recorded.startswith("Here are the statements:\n")  # recorded as the grader wrote it


def test_a_second_run_of_the_same_command_makes_zero_requests(server: GraderServer, tmp_path: Path) -> None:
    code, _, out = run_grade(server, tmp_path)
    first = out.read_bytes()
    made = server.script.requests
    assert code == 0 and made == 4 * len(ROWS)
    code, err, out = run_grade(server, tmp_path)
    assert code == 0 and server.script.requests == made
    assert f"{4 * len(ROWS)} replies, 0 asked this run and {4 * len(ROWS)} replayed from the cache" in err
    assert out.read_bytes() == first


def test_a_cache_of_the_earlier_layout_keeps_its_replies(server: GraderServer, tmp_path: Path) -> None:
    # Finished lines used to live in a WITHOUT ROWID table `lines` (slow for ~1 KB rows):
    # it is dropped, the lines are rebuilt from the cached replies, nothing is asked again.
    code, _, out = run_grade(server, tmp_path)
    first, made = out.read_bytes(), server.script.requests
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        db.execute("DROP TABLE row_lines")
        db.execute("CREATE TABLE lines (key TEXT PRIMARY KEY, line BLOB, replies INTEGER) WITHOUT ROWID")
        db.execute("INSERT INTO lines VALUES ('k', x'00', 4)")
    code, err, out = run_grade(server, tmp_path)
    assert code == 0 and server.script.requests == made and f"0 asked this run and {4 * len(ROWS)} replayed" in err
    assert out.read_bytes() == first
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {"replies", "row_lines"}
        assert db.execute("SELECT count(*) FROM row_lines").fetchone() == (len(ROWS),)


def test_replies_in_the_earlier_without_rowid_table_are_still_served(server: GraderServer, tmp_path: Path) -> None:
    # A new cache keeps replies in a rowid table (cheaper puts for ~1 KB rows); a cache made
    # before holds them WITHOUT ROWID, and must keep answering every request it holds.
    code, _, out = run_grade(server, tmp_path)
    first, made = out.read_bytes(), server.script.requests
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        (schema,) = db.execute("SELECT sql FROM sqlite_master WHERE name = 'replies'").fetchone()
        assert "WITHOUT ROWID" not in schema
        db.execute("CREATE TABLE old (key TEXT PRIMARY KEY, reply TEXT NOT NULL) WITHOUT ROWID")
        db.execute("INSERT INTO old SELECT key, reply FROM replies")
        db.execute("DROP TABLE replies")
        db.execute("ALTER TABLE old RENAME TO replies")
        db.execute("DELETE FROM row_lines")  # every line is rebuilt from the replies
    code, err, out = run_grade(server, tmp_path)
    assert code == 0 and server.script.requests == made and f"0 asked this run and {4 * len(ROWS)} replayed" in err
    assert out.read_bytes() == first


def test_a_run_the_cache_answers_whole_makes_no_client(server: GraderServer, tmp_path: Path) -> None:
    rows = list(read_rows([write_rows(tmp_path / "d.jsonl", ROWS)]))
    cache, settings = ReplyCache(tmp_path / "cache.sqlite"), GradeSettings(model="m")
    made: list[OpenAIGrader] = []

    def make() -> OpenAIGrader:
        made.append(OpenAIGrader(GraderSettings(server.base_url, "m", api_key=KEY)))
        return made[-1]

    first = grade(rows, tmp_path / "one.jsonl", make, cache, BUILT_IN, settings)
    assert len(made) == 1 and first.requests == 4 * len(ROWS)
    again = grade(rows, tmp_path / "two.jsonl", make, cache, BUILT_IN, settings)
    assert len(made) == 1  # nothing to ask: no client opened
    assert (again.cases, again.requests, again.cached) == (len(ROWS), 0, 4 * len(ROWS))
    assert (tmp_path / "two.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()


def test_a_re_run_serves_finished_lines_only_for_unchanged_rows_and_settings(
    server: GraderServer, tmp_path: Path
) -> None:
    """A re-run reads each row's finished line from the cache; what changed is graded again."""
    code, _, out = run_grade(server, tmp_path)
    assert code == 0
    first = out.read_text(encoding="utf-8").splitlines()
    edited = [dict(row) for row in ROWS]
    edited[1]["answer"] = "It is 330 metres tall. It is red."
    made = server.script.requests
    code, err, out = run_grade(server, tmp_path, rows=edited)
    assert code == 0, err
    assert server.script.requests - made == 4  # row b only: both calls of both arms
    lines = out.read_text(encoding="utf-8").splitlines()
    assert (lines[0], lines[2]) == (first[0], first[2])
    assert json.loads(lines[1])["answer"] == "It is 330 metres tall. It is red." and lines[1] != first[1]
    made = server.script.requests
    code, err, out = run_grade(server, tmp_path, "--samples", "2", rows=edited)
    assert code == 0, err
    assert server.script.requests - made == 4 * len(ROWS)  # sample 1 of every row; sample 0 from the cache
    assert all(len(arms["legacy"]["samples"]) == 1 for arms in arms_of(out))


def test_concurrency_bounds_the_requests_open_at_once(server: GraderServer, tmp_path: Path) -> None:
    server.script.latency = 0.02
    rows = [{**ROWS[0], "id": f"r{i}", "answer": f"Paris is the capital number {i}."} for i in range(40)]
    code, err, _ = run_grade(server, tmp_path, "--concurrency", "4", rows=rows)
    assert code == 0, err
    assert 2 <= server.script.max_open <= 4


def test_the_api_key_is_in_no_output_file_nor_message(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("echo_key", times=1, call="statements", arm="legacy")
    code, err, out = run_grade(server, tmp_path, "--retries", "0")
    assert code == 2 and "refused the API key: HTTP 401: bad key Bearer [redacted]" in err  # a 401 stops the run
    assert any(entry["authorization"] == f"Bearer {KEY}" for entry in server.script.log)  # it was sent
    assert not out.exists()
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in err


def test_429_with_retry_after_is_honoured_and_retried(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("429", times=1, retry_after="1")
    start = time.monotonic()
    code, err, out = run_grade(server, tmp_path)
    assert code == 0 and "1 retried" in err and "0 failed" in err
    assert time.monotonic() - start >= 1.0
    assert all("error" not in arm for arms in arms_of(out) for arm in arms.values())


@pytest.mark.parametrize("fault", ["500", "slow", "drop", "not_json"])
def test_transient_faults_are_retried_and_leave_no_trace_on_the_cases(
    server: GraderServer, tmp_path: Path, fault: str
) -> None:
    server.script.slow_seconds = 2.5
    server.script.inject(fault, times=1)
    code, err, out = run_grade(server, tmp_path, "--timeout", "0.5")
    assert code == 0, err
    assert "1 retried" in err and "0 failed" in err
    assert all("error" not in arm for arms in arms_of(out) for arm in arms.values())


def test_a_call_failing_after_its_retries_is_a_grader_error_on_the_case(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("500", times=3, call="verdicts", arm="legacy", text="Paris")  # the try and 2 retries
    code, err, out = run_grade(server, tmp_path, "--retries", "2", "--max-error-rate", "0.5")
    assert code == 0, err
    assert "1 failed (1 grader errors on 1 cases: 1 server_error)" in err
    legacy = arms_of(out)[0]["legacy"]
    assert legacy["error"] == {"call": "verdicts", "kind": "server_error", "message": "HTTP 500: internal error"}
    assert "statements_output" in legacy and "grader_output" not in legacy
    case = load_cases([out])[0]
    assert case.arm_case("legacy") is None and case.arm_error("legacy") is not None
    assert case.arm_case("ragas") is not None
    # the failure was not cached: the next run asks again, and succeeds
    code, err, out = run_grade(server, tmp_path)
    assert code == 0 and "1 asked this run" in err and "error" not in arms_of(out)[0]["legacy"]


def test_a_refusal_is_recorded_as_the_graders_output(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("refusal", times=1, call="verdicts", arm="legacy")
    code, err, out = run_grade(server, tmp_path, rows=ROWS[:1])
    assert code == 0, err
    assert arms_of(out)[0]["legacy"]["grader_output"] == "I'm sorry, but I can't help with that."


def test_a_truncated_json_verdict_list_is_re_asked_and_every_attempt_recorded(
    server: GraderServer, tmp_path: Path
) -> None:
    server.script.inject("truncated", times=1, call="verdicts", arm="ragas")
    code, err, out = run_grade(server, tmp_path, rows=ROWS[:1])
    assert code == 0, err
    ragas = arms_of(out)[0]["ragas"]
    assert [attempt["call"] for attempt in ragas["attempts"]] == ["verdicts"]
    assert json.loads(ragas["grader_output"])["statements"][0]["verdict"] == 1
    reask = [entry for entry in server.script.log if entry["messages"] == 3]
    assert len(reask) == 1 and reask[0]["arm"] == "ragas"


def test_re_asks_stop_at_max_retries_and_the_last_output_is_kept(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("garbage", times=5, call="statements", arm="ragas")
    code, err, out = run_grade(server, tmp_path, "--max-retries", "2", rows=ROWS[:1])
    assert code == 0, err
    ragas = arms_of(out)[0]["ragas"]
    assert len(ragas["attempts"]) == 2
    assert ragas["statements_output"] == "Sure! Here are the verdicts: all good."
    assert "grader_output" in ragas  # call 2 is still made, with the lines the fixed scorer would read


def test_strict_json_falls_back_with_a_warning_when_the_server_rejects_response_format(
    server: GraderServer, tmp_path: Path
) -> None:
    server.script.reject_formats = {"json_schema"}
    code, err, out = run_grade(server, tmp_path, "--strict-json", rows=ROWS[:1])
    assert code == 0, err
    assert "warning: the server rejected response_format json_schema" in err and "json_object" in err
    formats = {(entry["arm"], entry["response_format"]) for entry in server.script.log}
    assert ("legacy", None) in formats and ("ragas", "json_object") in formats
    assert all("error" not in arm for arm in arms_of(out)[0].values())


def test_samples_send_distinct_seeds_and_are_recorded_in_order(server: GraderServer, tmp_path: Path) -> None:
    code, err, out = run_grade(server, tmp_path, "--samples", "3", "--seed", "7", rows=ROWS[:1])
    assert code == 0, err
    legacy = arms_of(out)[0]["legacy"]
    assert legacy["seed"] == 7 and [sample["seed"] for sample in legacy["samples"]] == [8, 9]
    assert sorted({entry["seed"] for entry in server.script.log}) == [7, 8, 9]
    assert load_cases([out])[0].arms.ragas.sample_count == 3  # type: ignore[union-attr]


def test_dry_run_counts_calls_and_makes_none(server: GraderServer, tmp_path: Path) -> None:
    code, _, out = run_grade(server, tmp_path, "--dry-run")
    assert code == 0 and server.script.requests == 0 and not out.exists()
    run_grade(server, tmp_path)
    dataset = tmp_path / "data.jsonl"
    cache = str(tmp_path / "cache.sqlite")
    code, stdout, _ = invoke(
        "grade", str(dataset), "--base-url", server.base_url, "--model", "m", "--cache", cache, "--dry-run"
    )
    assert stdout == "3 cases: 0 calls to make (12 replies cached), up to 0 with re-asks\n"


def test_a_missing_key_for_openai_itself_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = invoke("grade", "--model", "m", "--cache", str(tmp_path / "c.sqlite"), env={"OPENAI_API_KEY": ""})
    assert code == 2 and "export OPENAI_API_KEY" in err


def test_a_bad_row_stops_the_run_with_file_and_line(server: GraderServer, tmp_path: Path) -> None:
    dataset = tmp_path / "data.jsonl"
    dataset.write_text(json.dumps(ROWS[0]) + "\n" + json.dumps({"id": "x", "question": "q"}) + "\n")
    code, _, err = invoke(
        "grade",
        str(dataset),
        "--base-url",
        server.base_url,
        "--model",
        "m",
        "--cache",
        str(tmp_path / "c.sqlite"),
        "--output",
        str(tmp_path / "o.jsonl"),
    )
    assert code == 2 and err == f"faithcompat: error: {dataset}:2: missing answer (or response, output)\n"
    assert server.script.requests == 0 and not (tmp_path / "o.jsonl").exists()
    code, _, err = invoke(
        "grade",
        str(dataset),
        "--base-url",
        server.base_url,
        "--model",
        "m",
        "--skip-invalid",
        "--cache",
        str(tmp_path / "c.sqlite"),
        "--output",
        str(tmp_path / "o.jsonl"),
    )
    assert code == 0 and f"skipped: {dataset}:2:" in err and len(load_cases([tmp_path / "o.jsonl"])) == 1


def test_a_run_killed_half_way_resumes_and_ends_with_every_case_exactly_once(
    server: GraderServer, tmp_path: Path
) -> None:
    server.script.latency = 0.02
    rows = [{**ROWS[1], "id": f"k{i}", "answer": f"It is {i} metres tall. It is blue."} for i in range(60)]
    dataset = write_rows(tmp_path / "data.jsonl", rows)
    out, cache = tmp_path / "corpus.jsonl", tmp_path / "cache.sqlite"
    command = [
        sys.executable,
        "-m",
        "compat",
        "grade",
        str(dataset),
        "--output",
        str(out),
        "--cache",
        str(cache),
        "--base-url",
        server.base_url,
        "--model",
        "m",
        "--concurrency",
        "4",
    ]
    process = subprocess.Popen(
        command,
        env={**os.environ, "OPENAI_API_KEY": KEY},
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while server.script.requests < 100 and time.monotonic() < deadline:  # bounded wait
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    killed_at = server.script.requests
    assert 100 <= killed_at < 4 * len(rows) and not out.exists()
    kept = len(ReplyCache(cache))
    assert killed_at - kept <= 4  # at most the calls in flight were lost
    resumed = subprocess.run(
        command, env={**os.environ, "OPENAI_API_KEY": KEY}, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert resumed.returncode == 0, resumed.stderr
    assert server.script.requests - killed_at == 4 * len(rows) - kept
    assert [case.id for case in load_cases([out])] == [row["id"] for row in rows]


def test_the_core_runs_without_the_cli(server: GraderServer, tmp_path: Path) -> None:
    rows = list(read_rows([write_rows(tmp_path / "d.jsonl", ROWS)]))
    settings = GraderSettings(server.base_url, "m", api_key=KEY)
    summary = grade(
        rows,
        tmp_path / "o.jsonl",
        lambda: OpenAIGrader(settings),
        ReplyCache(None),
        BUILT_IN,
        GradeSettings(model="m", arms=("ragas",)),
    )
    assert summary.cases == 3 and summary.calls_made == summary.requests == 6
    assert summary.prompt_tokens > 0 and summary.cost(1.0, 2.0) > 0
    assert all(set(arms) == {"ragas"} for arms in arms_of(tmp_path / "o.jsonl"))


def test_a_partly_cached_run_counts_each_reply_once_as_asked_or_replayed(server: GraderServer, tmp_path: Path) -> None:
    """Issue 34 (6): a partly cached run said "63 re-asks" where 21 were new and the corpus held 42.
    Every count says whether it is this run's or replayed from the cache, and they add up."""
    rows = [{**ROWS[0], "id": f"r{i}", "answer": f"Paris is the capital, fact {i}."} for i in range(6)]
    # Run 1, rows 0-2: rows 0 and 1 re-ask call 1 once; row 2 re-asks and then its call 2 fails
    # (no line stored, its replies cached: the next run replays them on the way to the rest).
    for i in (0, 1, 2):
        server.script.inject("garbage", call="statements", arm="ragas", text=f"fact {i}.")
    server.script.inject("500", call="verdicts", arm="ragas", text="fact 2.")
    code, err, _ = run_grade(server, tmp_path, "--retries", "0", "--max-error-rate", "0.5", rows=rows[:3])
    assert code == 0, err
    # Run 2, rows 0-5: rows 3 and 4 re-ask for the first time.
    for i in (3, 4):
        server.script.inject("garbage", call="statements", arm="ragas", text=f"fact {i}.")
    asked_before, log_before = server.script.requests, len(server.script.log)
    code, err, out = run_grade(server, tmp_path, "--retries", "0", rows=rows)
    assert code == 0, err
    made = server.script.requests - asked_before
    reasks_made = sum(entry["messages"] > 1 for entry in list(server.script.log)[log_before:])
    attempts = sum(len(arm.get("attempts", ())) for arms in arms_of(out) for arm in arms.values())
    replies = 4 * len(rows) + attempts  # two calls per arm and case, and each re-ask
    assert (made, reasks_made, attempts) == (15, 2, 5)  # the scenario above, as the server saw it
    assert (
        f"{replies} replies, {made} asked this run and {replies - made} replayed from the cache; "
        f"{attempts} of them re-asks, {reasks_made} asked this run and {attempts - reasks_made} replayed"
    ) in err
    assert f"this run: {made} requests, 0 retried, 0 failed" in err


def test_the_same_model_name_at_another_endpoint_is_asked_not_replayed(server: GraderServer, tmp_path: Path) -> None:
    """Issue 34 (12): the cache key had no endpoint: a local vLLM serving the same model name
    replayed the first endpoint's replies."""
    code, err, _ = run_grade(server, tmp_path)
    assert code == 0 and server.script.requests == 4 * len(ROWS), err
    with GraderServer() as other:
        other.script.served = {"m": "m-other-build"}
        code, err, out = grade_at(other.base_url, tmp_path)
        assert code == 0 and other.script.requests == 4 * len(ROWS), err
    assert {entry["model"] for arms in arms_of(out) for arm in arms.values() for entry in arm["served"]} == {
        "m-other-build"
    }
    code, err, _ = run_grade(server, tmp_path)  # the first endpoint's replies are still its own
    assert code == 0 and server.script.requests == 4 * len(ROWS) and "0 asked this run" in err


def test_each_reply_records_the_model_and_fingerprint_the_server_says_it_ran(
    server: GraderServer, tmp_path: Path
) -> None:
    """Issue 34 (12): the corpus kept what was asked ("m"), not what the server ran (a dated snapshot)."""
    server.script.served = {"m": "m-2026-01-15"}
    server.script.fingerprint = "fp_44709d6fcb"
    server.script.inject("garbage", call="statements", arm="ragas", text="Paris")  # a re-ask: three replies
    code, err, out = run_grade(server, tmp_path)
    assert code == 0, err
    ragas = arms_of(out)[0]["ragas"]
    snapshot = {"model": "m-2026-01-15", "system_fingerprint": "fp_44709d6fcb"}
    assert ragas["served"] == [{"call": call, **snapshot} for call in ("statements", "statements", "verdicts")]
    cases = load_cases([out])
    served = cases[0].arms.ragas.served  # type: ignore[union-attr]
    assert [(entry.call, entry.model, entry.system_fingerprint) for entry in served][-1] == (
        "verdicts",
        "m-2026-01-15",
        "fp_44709d6fcb",
    )
    # replayed from the cache, the same provenance: a re-run writes the same corpus
    first = out.read_bytes()
    code, err, out = run_grade(server, tmp_path)
    assert code == 0 and out.read_bytes() == first


def test_replies_cached_before_the_endpoint_was_in_the_key_are_not_replayed(
    server: GraderServer, tmp_path: Path
) -> None:
    """A cache written before keys held the endpoint does not say which endpoint answered:
    its replies are not replayed for any (docs/grading.md), the run asks again."""
    import hashlib

    from compat.grading.grader import endpoint_key, request_key

    code, err, _ = run_grade(server, tmp_path)
    assert code == 0, err
    parameters = {"temperature": 0.0, "seed": 0, "strict_json": False}
    old = sqlite3.connect(tmp_path / "old.sqlite")
    old.execute("CREATE TABLE replies (key TEXT PRIMARY KEY, reply TEXT NOT NULL)")
    with sqlite3.connect(tmp_path / "cache.sqlite") as new:
        for entry in server.script.log:
            messages = [{"role": "user", "content": entry["prompt"]}]
            (reply,) = new.execute(
                "SELECT reply FROM replies WHERE key = ?",
                (request_key(endpoint_key(server.base_url), "m", messages, parameters, 0),),
            ).fetchone()
            was = json.dumps(["m", messages, parameters, 0], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            content, prompt_tokens, completion_tokens, *_ = json.loads(reply)
            old.execute(
                "INSERT INTO replies VALUES (?, ?)",
                (hashlib.sha256(was.encode()).hexdigest(), json.dumps([content, prompt_tokens, completion_tokens])),
            )
    old.commit()
    old.close()
    (tmp_path / "cache.sqlite").unlink()
    (tmp_path / "old.sqlite").rename(tmp_path / "cache.sqlite")
    made = server.script.requests
    code, err, _ = run_grade(server, tmp_path)
    assert code == 0 and server.script.requests - made == 4 * len(ROWS), err


def test_validate_reads_what_the_server_ran_and_names_a_bad_entry(server: GraderServer, tmp_path: Path) -> None:
    server.script.served, server.script.fingerprint = {"m": "m-2026-01-15"}, "fp_1"
    code, err, out = run_grade(server, tmp_path)
    assert code == 0, err
    assert invoke("validate", str(out))[0] == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    case = json.loads(lines[1])
    case["arms"]["legacy"]["served"][0]["model"] = 5
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], json.dumps(case), lines[2]]) + "\n", encoding="utf-8")
    code, _, err = invoke("validate", str(bad))
    assert code == 2 and f"{bad}:2:" in err and "served" in err
