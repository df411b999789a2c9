"""A corpus file as stored: a ``.gz`` read as its text, and one cut short or not gzip named
in one line, by every command that reads a corpus (the opening grade shares)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat._errors import CorpusError
from compat.cases import bundled_corpus, iter_blocks, load_cases
from compat.cli import main


def _corpus(tmp_path: Path) -> tuple[Path, bytes]:
    text = b"".join(path.read_bytes() for path in bundled_corpus())
    return tmp_path / "shadow.jsonl.gz", gzip.compress(text)


def test_a_gzipped_corpus_reads_as_its_text(tmp_path: Path) -> None:
    path, data = _corpus(tmp_path)
    path.write_bytes(data)
    assert [case.id for case in load_cases([path])] == [case.id for case in load_cases(bundled_corpus())]


@pytest.mark.parametrize("cut", ["truncated", "not gzip"])
@pytest.mark.parametrize("command", [["validate"], ["diff", "--out", "report"], ["score", "--scorer", "ragas"]])
def test_a_gzip_corpus_cut_short_or_not_gzip_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: str, command: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    path, data = _corpus(tmp_path)
    path.write_bytes(data[: len(data) // 2] if cut == "truncated" else gzip.decompress(data))
    said = "Compressed file ended before the end-of-stream marker was reached" if cut == "truncated" else "Not a gzip"
    with pytest.raises(CorpusError) as raised:
        list(iter_blocks([path]))
    assert str(raised.value).startswith(f"{path}: not a readable gzip file: {said}")
    result = CliRunner().invoke(main, [*command, str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.stderr == f"faithcompat: error: {raised.value}\n"
    assert not (tmp_path / "report").exists()
