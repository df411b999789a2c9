"""Writing a report directory as a whole: all of it, or none of it.

``cases.jsonl`` streams while the corpus is read; the summary files are written at
the end. Everything goes to a temporary directory beside the target and is moved
into place only when the run succeeded, so a failed run leaves the previous report
untouched and no half-written file behind.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from compat._atomic import output_error, remove_directories, staging_place
from compat._errors import OutputError
from compat.diff import DriftReport

REPORT_FILES = ("report.json", "report.md", "report.html", "cases.jsonl")
LEAGUE_FILES = ("league.json", "league.md")  # with ``faithcompat diff --league``


def report_json(report: DriftReport) -> str:
    # ASCII-escaped: lone surrogates from grader outputs survive as \\udXXX escapes.
    return json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=True) + "\n"


class ReportDirectory:
    """A report being written; see ``writing_report``."""

    def __init__(self, staging: Path, target: Path) -> None:
        self.staging = staging
        self.target = target  # errors name the file the user will look for, not the staging copy
        try:
            self._cases: TextIO = (staging / "cases.jsonl").open("w", encoding="utf-8", newline="\n")
        except OSError as error:
            raise output_error(target / "cases.jsonl", error) from None

    def add_cases(self, lines: list[str]) -> None:
        """Append ``cases.jsonl`` lines (each with its newline): one write call for them all."""
        try:
            self._cases.write("".join(lines))
        except OSError as error:
            raise output_error(self.target / "cases.jsonl", error) from None

    def close(self) -> None:
        try:
            self._cases.close()
        except OSError as error:
            raise output_error(self.target / "cases.jsonl", error) from None

    def write(self, name: str, text: str) -> None:
        try:
            with (self.staging / name).open("w", encoding="utf-8", errors="backslashreplace", newline="\n") as handle:
                handle.write(text)
        except OSError as error:
            raise output_error(self.target / name, error) from None


@contextmanager
def writing_report(target: str | Path) -> Iterator[ReportDirectory]:
    """Stage a report directory; on success move its files into ``target``.

    A failed run leaves ``target`` as it found it: its old files untouched, and no
    directories at all if it made them.
    """
    target = Path(target)
    staging, made = staging_place(
        target, target, lambda place: Path(tempfile.mkdtemp(prefix=".faithcompat-", dir=place))
    )
    succeeded = False
    try:
        directory = ReportDirectory(staging, target)
        try:
            yield directory
        finally:
            directory.close()
        written = [name for name in (*REPORT_FILES, *LEAGUE_FILES) if (staging / name).exists()]
        # Renames cannot be made atomic as a group; what would make one fail (a directory
        # in a file's place) is checked before the first, so none or all are replaced.
        for name in written:
            if (target / name).is_dir():
                raise OutputError(f"{target / name}: cannot write there: it is a directory")
        for name in written:
            try:
                os.replace(staging / name, target / name)
            except OSError as error:
                raise output_error(target / name, error) from None
        succeeded = True
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if not succeeded:
            remove_directories(made)
