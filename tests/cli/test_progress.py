"""The progress lines of `diff` (cases, and with a known corpus size the share read and
the time left), of the Dask engine (pieces) and of `grade`; and how far the reader is."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import compat.cases.files.blocks as blocks_module
from compat import bundled_corpus
from compat.cases import ReadPosition, corpus_bytes, iter_blocks
from compat.cli._progress import grade_line, pieces_line, progress_line, time_left
from compat.diff import DiffSettings, run_diff
from compat.grading import GradeProgress


def test_without_a_known_size_the_line_is_cases_and_their_pace() -> None:
    assert progress_line(1_500, 2.0) == "1,500 cases  750 cases/s"
    assert progress_line(1_500, 2.0, read=0, total=None) == "1,500 cases  750 cases/s"


def test_with_a_known_size_the_line_shows_the_share_read_and_the_time_left() -> None:
    # A quarter read in 2 s: three quarters to go at that pace, 6 s.
    assert progress_line(1_000, 2.0, read=250_000, total=1_000_000) == (
        "1,000 cases  500 cases/s  25% of 1.0 MB  about 6 s left"
    )
    # 10% of 1.8 GB in 90 s: 810 s to go.
    assert progress_line(100_000, 90.0, read=180_000_000, total=1_800_000_000).endswith(
        "10% of 1.8 GB  about 13 min 30 s left"
    )
    # Nothing read yet: no pace to go by, so no time left is guessed.
    assert progress_line(0, 0.5, read=0, total=1_000) == "0 cases  0 cases/s  0% of 1.0 kB"
    # Read past the size (a file that grew): never more than 100%, never negative time.
    assert progress_line(10, 1.0, read=2_000, total=1_000).endswith("100% of 1.0 kB  about 0 s left")


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (0.4, "about 0 s left"),
        (59.4, "about 59 s left"),
        (59.6, "about 1 min 00 s left"),
        (3_725, "about 1 h 02 min left"),
    ],
)
def test_the_time_left_reads_as_a_person_says_it(seconds: float, shown: str) -> None:
    # Half done in `seconds`: as long again to go.
    assert time_left(seconds, 1, 2) == shown


def test_the_dask_line_shows_pieces_workers_and_the_time_left() -> None:
    assert pieces_line(3, 12, 2, 30.0, 27_000) == (
        "27,000 cases  900 cases/s  3/12 pieces  2 workers  30 s  about 1 min 30 s left"
    )
    assert pieces_line(0, 12, 2, 1.0) == "0 cases  0 cases/s  0/12 pieces  2 workers  1 s"


def _grading(total: int | None) -> GradeProgress:
    return GradeProgress(
        cases=20, total=total, elapsed=10.0, requests=40, cached=5, retries=1, errors=0, prompt_tokens=900,
        completion_tokens=100,
    )  # fmt: skip


def test_the_grade_line_shows_the_total_and_the_time_left_when_the_total_is_known() -> None:
    assert grade_line(_grading(100)) == (
        "20/100 cases  4.0 calls/s  5 cached  1 retries  0 errors  1,000 tokens  about 40 s left"
    )
    assert grade_line(_grading(None)) == "20 cases  4.0 calls/s  5 cached  1 retries  0 errors  1,000 tokens"


def _mixed_corpus(tmp_path: Path) -> list[Path]:
    """A JSONL file, the same gzip-compressed, and a JSON array: every way a file is read."""
    lines = [
        json.dumps({"id": f"c{i}", "statements": ["A.", "B."], "grader_output": "Verdict: Yes.\nVerdict: No."})
        for i in range(300)
    ]
    plain = tmp_path / "a.jsonl"
    plain.write_text("\n".join(lines) + "\n", encoding="utf-8")
    packed = tmp_path / "b.jsonl.gz"
    packed.write_bytes(gzip.compress("\n".join(line.replace('"c', '"g') for line in lines).encode()))
    array = tmp_path / "c.json"
    array.write_text("[" + ",\n".join(line.replace('"c', '"j') for line in lines) + "]", encoding="utf-8")
    return [plain, packed, array]


def test_the_reader_counts_the_files_as_stored_and_ends_at_their_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources = _mixed_corpus(tmp_path)
    total = sum(path.stat().st_size for path in sources)
    assert corpus_bytes(sources) == total
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", 2_000)  # many blocks per file
    position = ReadPosition()
    seen = []
    for _item in iter_blocks(sources, position=position):
        seen.append(position.bytes_read)
    assert seen == sorted(seen) and 0 < seen[0] < total
    assert position.bytes_read == total


def test_a_size_that_cannot_be_known_is_none(tmp_path: Path) -> None:
    plain = tmp_path / "a.jsonl"
    plain.write_text("", encoding="utf-8")
    assert corpus_bytes([plain, "-"]) is None
    assert corpus_bytes([tmp_path / "missing.jsonl"]) is None
    assert corpus_bytes([]) == 0


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_diff_reports_how_far_it_has_read_in_order_up_to_the_whole_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", 4_096)
    sources = [*bundled_corpus(), *_mixed_corpus(tmp_path)[:1]]
    read: list[int] = []
    run_diff(sources, DiffSettings(jobs=jobs), on_read=read.append)
    assert len(read) > len(sources) and read == sorted(read)
    assert read[-1] == corpus_bytes(sources)
