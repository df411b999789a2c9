"""A dataset given where a corpus is expected: one message naming the file and the command
to run, from every command that reads a corpus and for every form a dataset comes in;
and the corpus reader's errors at their real line, worded once, in every input format."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat._errors import CaseError, CorpusError
from compat.cases import RawCase, iter_blocks, iter_cases, iter_range_blocks
from compat.cli import main
from compat.grading import bundled_dataset
from tests.grading.test_datasets import PROMPTFOO
from tests.grading.troubleshooting import assert_documented

ROW = {"question": "How long?", "answer": "30 days.", "contexts": ["Returns within 30 days."]}
RAGAS_ROW = {"user_input": "How long?", "response": "30 days.", "retrieved_contexts": ["Returns within 30 days."]}
DATASET = "a dataset (question, answer and contexts, and no grader outputs)"
RESULTS = "a promptfoo results file, a dataset (it holds no grader outputs)"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def dataset_files(tmp_path: Path) -> list[tuple[Path, str]]:
    """A dataset in each form a team has one: (file, what the message calls it)."""
    jsonl = tmp_path / "rows.jsonl"
    jsonl.write_text("".join(json.dumps({**ROW, "id": f"r{i}"}) + "\n" for i in range(41)), encoding="utf-8")
    ragas = tmp_path / "ragas.jsonl"
    ragas.write_text("".join(json.dumps(RAGAS_ROW) + "\n" for _ in range(41)), encoding="utf-8")
    array = tmp_path / "rows.json"
    array.write_text(json.dumps([ROW] * 41, indent=2), encoding="utf-8")
    results = tmp_path / "results.json"
    results.write_text(json.dumps(PROMPTFOO, indent=2), encoding="utf-8")
    one_line = tmp_path / "results-line.jsonl"
    one_line.write_text(json.dumps(PROMPTFOO) + "\n", encoding="utf-8")
    compressed = tmp_path / "rows.jsonl.gz"
    compressed.write_bytes(gzip.compress(jsonl.read_bytes()))
    return [
        (jsonl, DATASET),
        (ragas, DATASET),
        (array, DATASET),
        (results, RESULTS),
        (one_line, RESULTS),
        (compressed, DATASET),
        (bundled_dataset()[0], DATASET),
    ]


@pytest.mark.parametrize("command", [["validate"], ["diff", "--out", "report"], ["score", "--scorer", "ragas"]])
def test_a_dataset_given_for_a_corpus_is_one_message_with_the_command_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for path, what in dataset_files(tmp_path):
        code, stdout, stderr = invoke(*command, str(path))
        assert code == 2 and stdout == "", (path, stderr)
        assert stderr == (
            f"faithcompat: error: {path}: this is {what}, not a corpus: "
            f"run `faithcompat grade {path}` first, and give its output here\n"
        )
        if what == DATASET:
            assert_documented("a dataset given to", stderr.removeprefix("faithcompat: error: ").rstrip())
    assert not (tmp_path / "report").exists()  # no report of nothing


def test_a_dataset_on_standard_input_is_named_too() -> None:
    result = CliRunner().invoke(main, ["validate", "-"], input=json.dumps(ROW) + "\n")
    assert result.exit_code == 2
    assert result.stderr == (
        f"faithcompat: error: <stdin>: this is {DATASET}, not a corpus: "
        "run `faithcompat grade FILE` first, and give its output here\n"
    )


def test_a_dataset_read_by_byte_ranges_is_named_from_its_first_range_only(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(ROW) + "\n" for _ in range(100)), encoding="utf-8")
    blocks, _ = iter_range_blocks(str(path), 0, 1000)
    with pytest.raises(CorpusError, match="this is a dataset"):
        list(blocks)
    later, _ = iter_range_blocks(str(path), 1000, path.stat().st_size)
    records = [record for block in later for record in block.records()]  # type: ignore[union-attr]
    parsed = [record.parse() if isinstance(record, RawCase) else record for record in records]
    assert parsed and all(isinstance(item, CaseError) for item in parsed)  # each row its own error, as before


@pytest.mark.parametrize(
    "first",
    [
        {"id": "a", "question": "q", "answer": "a", "contexts": ["c"], "grader_output": "Verdict: Yes."},
        {"id": "a", "answer": "a", "contexts": ["c"], "statements": ["A."]},  # a case missing its grader_output
        {"id": "a", "question": "q", "arms": {}},
        {"id": "a", "answer": "only an answer"},
        {"results": [], "grader_output": "x"},
    ],
)
def test_a_corpus_even_a_malformed_one_is_never_called_a_dataset(tmp_path: Path, first: dict[str, object]) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_text(json.dumps(first) + "\n", encoding="utf-8")
    errors: list[CaseError] = []
    list(iter_cases([path], on_error=errors.append))
    assert all("dataset" not in error.problem for error in errors)


def test_the_check_reads_only_the_start_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    case = {"id": "a", "statements": ["A."], "grader_output": "Verdict: Yes."}
    path.write_text(json.dumps(case) + "\n" + json.dumps(ROW) + "\n", encoding="utf-8")
    errors: list[CaseError] = []
    assert len(list(iter_cases([path], on_error=errors.append))) == 1
    assert [error.line for error in errors] == [2]  # a stray row in a corpus is that line's error


# ------------------------------------------------------------ the corpus reader's errors, per format


def corpus_error(path: Path) -> str:
    errors: list[CaseError] = []
    try:
        list(iter_cases([path], on_error=errors.append))
    except CorpusError as error:
        return str(error)
    assert errors
    return str(errors[0])


GOOD = '{"id": "a", "statements": ["A."], "grader_output": "Verdict: Yes."}'


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        (
            "c.jsonl",
            f'{GOOD}\n{{"id": "b", "grader_output": "cut',
            ":2: invalid JSON: Unterminated string starting at column 30",
        ),
        ("c.jsonl", f'{GOOD}\n{{"id": "b\tc"}}\n', ":2: invalid JSON: Invalid control character at column 10"),
        ("c.jsonl", f'{GOOD}\n{{"id": "\xff"}}\n'.encode("latin-1"), ":2: invalid UTF-8 at byte 9 of the line"),
        (
            "c.json",
            f'[\n  {GOOD},\n  {{"id": "b\tc"}}\n]\n',
            ":3: invalid JSON: Invalid control character at column 12",
        ),
        (
            "c.json",
            f'[\n  {GOOD},\n  {{"id": "\xff"}}\n]\n'.encode("latin-1"),
            ":3: invalid UTF-8 at byte 11 of the line",
        ),
        (
            "c.jsonl.gz",
            f'{GOOD}\n{GOOD.replace("a", "b", 1)}\n{{"id": "c\tc"}}\n',
            ":3: invalid JSON: Invalid control character at column 10",
        ),
    ],
)
def test_corpus_errors_name_the_real_line_and_column_and_say_at_once(
    tmp_path: Path, name: str, content: str | bytes, said: str
) -> None:
    data = content if isinstance(content, bytes) else content.encode()
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    message = corpus_error(path)
    assert message.startswith(f"{path}{said}") and " at at " not in message


def test_the_blocks_a_diff_reads_say_the_same_as_the_cases(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(ROW) + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"rows\.jsonl: this is a dataset"):
        list(iter_blocks([path]))
