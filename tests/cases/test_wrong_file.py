"""A file given to the wrong command or option is named for what it is, with what to run,
by every command and option that reads a file: not a parser's complaint about line 1
(``small.csv:1: invalid JSON``, ``report.json:1: invalid JSON``, ``invalid TOML``)."""

from __future__ import annotations

import gzip
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat._file_kind import ALSO_READ_AS, EXPECTED, WHAT_IT_IS, FileKind, file_kind, read_head
from compat.cli import main
from compat.diff import bundled_baseline
from compat.grading import load_prompts, prompts_toml
from compat.rollout import default_policy_toml
from tests.grading.test_datasets import PROMPTFOO

ROOT = Path(__file__).resolve().parents[2]
CASE = {"id": "a", "statements": ["A."], "grader_output": "Final verdict for each statement in order: Yes."}


def _write(text: str) -> Callable[[Path], Path]:
    def make(path: Path) -> Path:
        path.write_text(text, encoding="utf-8")
        return path

    return make


def _copy(source: Path, lines: int | None = None) -> Callable[[Path], Path]:
    def make(path: Path) -> Path:
        if lines is None:
            shutil.copyfile(source, path)
        else:
            path.write_text("".join(source.open(encoding="utf-8").readlines()[:lines]), encoding="utf-8")
        return path

    return make


# Each kind of file a team may hand over by mistake: its name and how it is made.
FILES: dict[FileKind, tuple[str, Callable[[Path], Path]]] = {
    FileKind.DATASET: ("small.csv", _write("question,answer,contexts\nHow long?,30 days.,Returns within 30 days.\n")),
    FileKind.CORPUS: ("corpus.jsonl", _write(json.dumps(CASE) + "\n")),  # no question: not a dataset either
    FileKind.PROMPTFOO_RESULTS: ("results.json", _write(json.dumps(PROMPTFOO, indent=2))),
    FileKind.REPORT: ("report.json", _copy(bundled_baseline())),
    FileKind.CASES: ("cases.jsonl", _copy(ROOT / "reports" / "cases.jsonl", lines=3)),
    FileKind.LEAGUE: ("league.json", _copy(ROOT / "reports" / "league.json")),
    FileKind.POLICY: ("policy.toml", _write(default_policy_toml())),
    FileKind.PROMPTS: ("prompts.toml", _write(prompts_toml(load_prompts(None)))),
    FileKind.VOCABULARY: ("words.toml", _write('[vocabulary]\nyes = ["aye"]\n')),
    FileKind.COMPOSITE_RULE: ("rule.toml", _copy(ROOT / "compat" / "composite" / "rules" / "mean-3.toml")),
}

# Each place a file is read, the kind it expects, and the arguments around it (FILE stands for it).
READERS: list[tuple[str, FileKind, list[str]]] = [
    ("validate", FileKind.CORPUS, ["validate", "FILE"]),
    ("diff", FileKind.CORPUS, ["diff", "--out", "out", "FILE"]),
    ("score", FileKind.CORPUS, ["score", "FILE"]),
    ("compare", FileKind.CORPUS, ["compare", "FILE"]),
    ("rollout", FileKind.CORPUS, ["rollout", "FILE"]),
    ("gate", FileKind.CORPUS, ["gate", "--examples", "0", "FILE"]),
    ("grade", FileKind.DATASET, ["grade", "--model", "m", "--dry-run", "--cache", "cache.sqlite", "FILE"]),
    ("rollout --report", FileKind.REPORT, ["rollout", "--report", "FILE"]),
    ("gate --baseline", FileKind.REPORT, ["gate", "--examples", "0", "--baseline", "FILE", "good.jsonl"]),
    ("diff --rollout-policy", FileKind.POLICY, ["diff", "--out", "out", "--rollout-policy", "FILE", "good.jsonl"]),
    ("score --vocabulary", FileKind.VOCABULARY, ["score", "--vocabulary", "FILE", "good.jsonl"]),
    ("prompts --prompts", FileKind.PROMPTS, ["prompts", "--prompts", "FILE"]),
    ("diff --composite", FileKind.COMPOSITE_RULE, ["diff", "--out", "out", "--composite", "mean-3,FILE", "good.jsonl"]),
]

# What a reader takes as its own: a shadow run's results are a corpus (or named a dataset), any are a dataset.
READ_AS_ITS_OWN = {(expected, kind) for expected, kinds in ALSO_READ_AS.items() for kind in kinds}


def cases() -> list[tuple[str, FileKind, list[str], FileKind]]:
    return [
        (where, expected, argv, kind)
        for where, expected, argv in READERS
        for kind in FILES
        if kind is not expected and (expected, kind) not in READ_AS_ITS_OWN
    ]


@pytest.mark.parametrize(
    ("where", "expected", "argv", "kind"), cases(), ids=lambda value: value if isinstance(value, str) else None
)
def test_a_file_of_another_kind_is_named_with_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, expected: FileKind, argv: list[str], kind: FileKind
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.jsonl").write_text(json.dumps(CASE) + "\n", encoding="utf-8")
    name, make = FILES[kind]
    make(tmp_path / name)
    result = CliRunner().invoke(main, [name if arg == "FILE" else arg.replace("FILE", name) for arg in argv])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    said = f"faithcompat: error: {name}: this is {WHAT_IT_IS[kind]}, not {EXPECTED[expected]}: "
    assert result.exit_code == 2 and result.stderr.startswith(said), (where, result.stderr)
    assert result.stderr.count("\n") == 1  # one line, no traceback
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("kind", list(FILES))
def test_each_file_is_told_from_its_start_gzip_compressed_too(tmp_path: Path, kind: FileKind) -> None:
    name, make = FILES[kind]
    data = make(tmp_path / name).read_bytes()
    assert file_kind(data[:4096] if kind is not FileKind.REPORT else data[:600]) is kind
    compressed = tmp_path / f"{name}.gz"
    compressed.write_bytes(gzip.compress(data))
    assert file_kind(read_head(compressed)) is kind


@pytest.mark.parametrize(
    "text",
    [
        '{"id": "a", "note": "cut',  # a record cut short that names nothing of any kind
        "id,score\n1,0.5\n",  # a CSV that is no dataset
        "[tool]\nname = 1\n",  # a TOML file faithcompat does not read
        "",
        "not anything",
    ],
)
def test_what_is_not_recognised_is_left_to_the_reader(text: str) -> None:
    assert file_kind(text.encode()) is None
