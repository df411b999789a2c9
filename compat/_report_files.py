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

from compat._atomic import remove_directories, staging_place
from compat._report import DriftReport

REPORT_FILES = ("report.json", "report.md", "report.html", "cases.jsonl")


def report_json(report: DriftReport) -> str:
    # ASCII-escaped: lone surrogates from grader outputs survive as \\udXXX escapes.
    return json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=True) + "\n"


class ReportDirectory:
    """A report being written; see ``writing_report``."""

    def __init__(self, staging: Path) -> None:
        self.staging = staging
        self._cases: TextIO = (staging / "cases.jsonl").open("w", encoding="utf-8", newline="\n")

    def add_cases(self, lines: list[str]) -> None:
        """Append ``cases.jsonl`` lines (each with its newline): one write call for them all."""
        self._cases.write("".join(lines))

    def close(self) -> None:
        self._cases.close()

    def write(self, name: str, text: str) -> None:
        with (self.staging / name).open("w", encoding="utf-8", errors="backslashreplace", newline="\n") as handle:
            handle.write(text)


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
        directory = ReportDirectory(staging)
        try:
            yield directory
        finally:
            directory.close()
        for name in REPORT_FILES:
            if (staging / name).exists():
                os.replace(staging / name, target / name)
        succeeded = True
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if not succeeded:
            remove_directories(made)
