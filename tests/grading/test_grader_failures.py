"""When the grader is never reached, or fails: each failure named as what it is, on the case
and in the one line `grade` ends with, and an exit code a CI job can act on.

Every grader here is real HTTP on 127.0.0.1 (tests/grading/server.py), or a port of it
where nothing listens; the one test that needs a host name that does not resolve makes
the resolver say so, and no request leaves the machine.
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from compat.cases import load_cases
from compat.grading import ReplyCache
from tests.grading.server import GraderServer, Script, free_port
from tests.grading.test_grade import ROWS, grade_at, invoke
from tests.grading.troubleshooting import assert_documented


def many_rows(count: int) -> list[dict[str, Any]]:
    return [{**ROWS[1], "id": f"r{i}", "answer": f"It is {i} metres tall. It is blue."} for i in range(count)]


def one_line(err: str) -> str:
    """The message `grade` ended with: one line, and nothing else on stderr."""
    assert err.count("\n") == 1 and err.startswith("faithcompat: error: "), err
    return err.removeprefix("faithcompat: error: ").rstrip("\n")


# ----------------------------------------------------------- what no retry can fix: exit 2, at once


def test_a_port_with_nothing_listening_stops_the_run_at_once(tmp_path: Path) -> None:
    port = free_port()
    start = time.monotonic()
    code, err, out = grade_at(f"http://127.0.0.1:{port}/v1", tmp_path, "--retries", "5")
    assert code == 2 and time.monotonic() - start < 10  # not 5 retries of every call
    assert one_line(err) == (
        f"cannot reach the grader at http://127.0.0.1:{port}/v1: connection refused: nothing accepts "
        f"connections at 127.0.0.1:{port} (is the server running?); no corpus written"
    )
    assert not out.exists()
    assert_documented("nothing listens", one_line(err))


def test_a_url_without_a_scheme_is_refused_before_the_dataset_is_read(server: GraderServer, tmp_path: Path) -> None:
    address = f"127.0.0.1:{server.port}/v1"
    code, err, out = grade_at(address, tmp_path)
    assert code == 2 and server.script.requests == 0 and not out.exists()
    assert one_line(err) == (
        f"the grader's base URL '{address}' is not an http:// or https:// URL (did you mean 'http://{address}'?)"
    )
    assert_documented("the URL has no scheme", one_line(err))


def test_a_host_name_that_does_not_resolve_stops_the_run_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    resolve = socket.getaddrinfo

    def resolver(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host == "grader.invalid":  # what the system resolver says of a name no DNS knows
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return resolve(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    code, err, out = grade_at("http://grader.invalid:8000/v1", tmp_path)
    assert code == 2 and not out.exists()
    assert one_line(err) == (
        "cannot reach the grader at http://grader.invalid:8000/v1: the host name 'grader.invalid' does not "
        "resolve ([Errno -2] Name or service not known); no corpus written"
    )
    assert_documented("the host name does not resolve", one_line(err))


@pytest.mark.parametrize(
    ("status", "said", "row"),
    [
        ("401", "refused the API key: HTTP 401: Incorrect API key provided: sk-wr***ng.", "the key is wrong"),
        ("403", "refused access: HTTP 403: You are not allowed to use this model.", "the key may not"),
        (
            "404",
            "has no model 'm' (or no chat completions at that URL): "
            "HTTP 404: The model `m` does not exist or you do not have access to it.",
            "no such model",
        ),
    ],
)
def test_a_key_refused_or_no_such_model_stops_the_run_instead_of_failing_every_case(
    server: GraderServer, tmp_path: Path, status: str, said: str, row: str
) -> None:
    server.script.inject(status, times=10_000)
    code, err, out = grade_at(server.base_url, tmp_path, "--concurrency", "4", rows=many_rows(50))
    assert code == 2 and not out.exists()
    assert one_line(err) == f"the grader at {server.base_url} {said}; no corpus written"
    assert server.script.requests <= 4  # the calls already open, not 200 calls and their retries
    assert_documented(row, one_line(err))


def test_a_grader_that_goes_down_is_retried_then_stops_the_run_and_the_next_run_resumes(tmp_path: Path) -> None:
    rows = many_rows(30)
    with GraderServer(Script(refuse_after=40)) as first:
        code, err, out = grade_at(first.base_url, tmp_path, "--retries", "2", "--concurrency", "2", rows=rows)
        port, url = first.port, first.base_url
    assert code == 2 and not out.exists()
    assert one_line(err) == (
        f"the grader at {url} stopped answering: connection refused: nothing accepts connections at "
        f"127.0.0.1:{port} (is the server running?) (3 tries); no corpus written "
        "(the replies received are cached: the next run asks only for the rest)"
    )
    assert_documented("the server went down", one_line(err))
    kept = len(ReplyCache(tmp_path / "cache.sqlite"))
    assert 30 <= kept <= 40  # what was answered, less the calls whose row had not finished
    with GraderServer(port=port) as second:
        code, err, out = grade_at(second.base_url, tmp_path, rows=rows)
        assert code == 0, err
        assert second.script.requests == 4 * len(rows) - kept
    assert [case.id for case in load_cases([out])] == [row["id"] for row in rows]


# ------------------------------------------------ what a retry may fix: retried, then named on the case


@pytest.mark.parametrize(
    ("fault", "kind", "message"),
    [
        ("reset", "reset", "the connection was reset during the request"),
        ("drop", "closed", "the server closed the connection without a reply"),
        ("slow", "timeout", "no reply within 0.5 s"),
        ("not_http", "bad_response", "the reply is not HTTP: "),
    ],
)
def test_a_call_that_keeps_failing_is_named_on_its_case_and_in_the_summary(
    server: GraderServer, tmp_path: Path, fault: str, kind: str, message: str
) -> None:
    server.script.slow_seconds = 1.5
    server.script.inject(fault, times=2, call="statements", arm="legacy", text="Paris")  # the try and its retry
    code, err, out = grade_at(
        server.base_url, tmp_path, "--retries", "1", "--timeout", "0.5", "--max-error-rate", "0.5"
    )
    assert code == 0, err
    assert f"1 grader errors on 1 cases: 1 {kind})" in err
    legacy = json.loads(out.read_text(encoding="utf-8").splitlines()[0])["arms"]["legacy"]
    assert legacy["error"]["call"] == "statements" and legacy["error"]["kind"] == kind
    assert legacy["error"]["message"].startswith(message) and "\n" not in legacy["error"]["message"]
    assert load_cases([out])[0].arm_error("legacy") is not None


def test_a_run_where_every_call_failed_exits_1_and_writes_no_corpus(server: GraderServer, tmp_path: Path) -> None:
    server.script.slow_seconds = 1.0
    server.script.inject("slow", times=10_000)
    code, err, out = grade_at(server.base_url, tmp_path, "--retries", "0", "--timeout", "0.3", "--max-error-rate", "1")
    assert code == 1 and not out.exists()
    assert one_line(err) == (
        "grading failed: every one of the 3 cases has a grader error "
        "(6 timeout; first: timeout: no reply within 0.3 s); no corpus written"
    )
    assert_documented("every case failed", one_line(err))


def test_more_failed_cases_than_max_error_rate_allows_exit_1_and_the_next_run_asks_only_for_those(
    server: GraderServer, tmp_path: Path
) -> None:
    server.script.slow_seconds = 1.5
    server.script.inject("slow", times=2, call="verdicts", arm="ragas", text="Paris")
    code, err, out = grade_at(server.base_url, tmp_path, "--retries", "1", "--timeout", "0.5")
    assert code == 1 and not out.exists()
    assert one_line(err) == (
        "grading failed: 1 of 3 cases have a grader error (1 timeout; first: timeout: no reply within 0.5 s), "
        "more than --max-error-rate 0.1 allows; no corpus written "
        "(the replies received are cached: the next run asks only for the rest)"
    )
    assert_documented("too many cases failed", one_line(err))
    asked = server.script.requests
    code, err, out = grade_at(server.base_url, tmp_path)
    assert code == 0, err
    assert server.script.requests - asked == 1  # the failed call alone
    assert all("error" not in arm for line in out.read_text().splitlines() for arm in json.loads(line)["arms"].values())


def test_a_run_that_can_no_longer_end_below_the_limit_stops_early(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("500", times=100_000)
    rows = many_rows(100)
    code, err, out = grade_at(server.base_url, tmp_path, "--retries", "0", "--concurrency", "2", rows=rows)
    assert code == 1 and not out.exists()
    message = one_line(err)
    assert message.startswith("grading failed: 11 of 100 cases have a grader error (")
    assert "more than --max-error-rate 0.1 allows; stopped early, as the run could no longer end below it" in message
    assert server.script.requests < 4 * 20  # 11 cases' calls and those in flight, not 400


def test_grade_help_states_the_exit_codes_and_the_error_rate_limit() -> None:
    code, stdout, _ = invoke("grade", "--help")
    assert code == 0
    help_text = " ".join(stdout.split())
    assert "--max-error-rate FLOAT RANGE" in help_text and "[default: 0.1; 0<=x<=1]" in help_text
    for line in (
        "0 graded;",
        "1 too many cases failed to grade (--max-error-rate), or every one did",
        "2 unusable input:",
    ):
        assert line in help_text
