"""`faithcompat validate`: every problem of a corpus as FILE:LINE, a count, and the exit code."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from compat import bundled_corpus
from compat.cli import main


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_a_valid_corpus_is_counted_and_exits_0() -> None:
    code, stdout, _ = invoke("validate", *map(str, bundled_corpus()))
    assert code == 0 and stdout.strip().endswith("valid case(s)") and int(stdout.split()[0]) >= 300


def test_every_problem_is_named_with_file_and_line_and_the_exit_is_2(tmp_path: Path) -> None:
    corpus = tmp_path / "mine.jsonl"
    corpus.write_bytes(
        b'{"id": "a", "statements": ["A."], "grader_output": "Verdict: Yes"}\n'
        b'{"id": "b", "grader_ouptut": "x", "statements": ["A."]}\n'
        b"not json\n"
        b'{"id": "a", "statements": ["A."], "grader_output": ""}\n'
        b'{"id": "c", "statements": ["A."], "grader_output": "\xff"}\n'
    )
    code, stdout, stderr = invoke("validate", str(corpus))
    assert code == 2 and stdout == ""
    assert f"{corpus}:2: unknown field 'grader_ouptut' (did you mean 'grader_output'?)" in stderr
    assert f"{corpus}:3: invalid JSON" in stderr
    assert f"{corpus}:4: duplicate id 'a'" in stderr
    assert f"{corpus}:5: " in stderr and "UTF-8" in stderr
    assert stderr.strip().endswith("1 valid case(s), 4 invalid")


def test_a_missing_file_is_unusable_input() -> None:
    code, _, stderr = invoke("validate", "/nonexistent/cases.jsonl")
    assert code == 2 and "/nonexistent/cases.jsonl: cannot read" in stderr
