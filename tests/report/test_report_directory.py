"""``writing_report``: a report directory all or nothing, its cases as ``cases.jsonl`` or as ``cases/`` parts."""

from __future__ import annotations

from pathlib import Path

import pytest

from compat._errors import OutputError
from compat.report import writing_report


def files(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def write(target: Path, *, cases_parts: bool, cases: str = "one\n") -> None:
    with writing_report(target, cases_parts=cases_parts) as directory:
        if cases_parts:
            (directory.parts / "part-000000.jsonl").write_text(cases)
        else:
            directory.add_cases([cases])
        directory.write("report.json", "{}\n")


def test_each_form_of_the_cases_replaces_the_other_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "out"
    write(target, cases_parts=True)
    assert files(target) == {"cases/part-000000.jsonl": b"one\n", "report.json": b"{}\n"}
    (target / "notes.txt").write_text("mine")
    write(target, cases_parts=False, cases="two\n")
    assert files(target) == {"cases.jsonl": b"two\n", "notes.txt": b"mine", "report.json": b"{}\n"}
    write(target, cases_parts=True, cases="three\n")
    assert files(target) == {"cases/part-000000.jsonl": b"three\n", "notes.txt": b"mine", "report.json": b"{}\n"}
    assert sorted(p.name for p in target.iterdir()) == ["cases", "notes.txt", "report.json"]  # no staging left


def test_a_cases_directory_of_other_files_is_kept_or_refused_never_replaced(tmp_path: Path) -> None:
    target = tmp_path / "out"
    (target / "cases").mkdir(parents=True)
    (target / "cases" / "corpus.jsonl").write_text("the user's")
    write(target, cases_parts=False)  # not a report's parts: left alone
    assert (target / "cases" / "corpus.jsonl").read_text() == "the user's"
    before = files(target)
    with pytest.raises(OutputError, match=r"/cases: cannot write there: it is not a directory of report parts"):
        write(target, cases_parts=True)
    assert files(target) == before and not list(target.glob(".faithcompat-*"))


def test_a_failed_run_leaves_the_old_report_and_no_parts(tmp_path: Path) -> None:
    target = tmp_path / "out"
    write(target, cases_parts=False)
    before = files(target)
    with pytest.raises(RuntimeError), writing_report(target, cases_parts=True) as directory:
        (directory.parts / "part-000000.jsonl").write_text("new\n")
        raise RuntimeError("the run failed")
    assert files(target) == before and sorted(p.name for p in target.iterdir()) == ["cases.jsonl", "report.json"]
    with pytest.raises(RuntimeError), writing_report(tmp_path / "fresh", cases_parts=True) as directory:
        raise RuntimeError("the run failed")
    assert not (tmp_path / "fresh").exists()
