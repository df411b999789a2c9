"""Writing a report directory as a whole: all of it, or none of it.

``cases.jsonl`` streams while the corpus is read; the summary files are written at
the end. Everything goes to a temporary directory beside the target and is moved
into place only when the run succeeded, so a failed run leaves the previous report
untouched and no half-written file behind.

With ``--cases-parts`` (the Dask engine) the compared cases are the directory
``cases/`` of parts the workers wrote (``cases_parts``) instead of ``cases.jsonl``.
A report holds one of the two: moving the new one in removes the other, if the
target has one from an earlier run, so the cases never disagree with the report.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from compat._atomic import discard_directory, output_error, remove_directories, staging_place
from compat._errors import OutputError
from compat.diff import DriftReport, is_part_file

REPORT_FILES = ("report.json", "report.md", "report.html", "cases.jsonl")
LEAGUE_FILES = ("league.json", "league.md")  # with ``faithcompat diff --league``
CASES_JSONL = "cases.jsonl"
CASES_PARTS = "cases"  # with ``faithcompat diff --cases-parts``: a directory of parts


def report_files(cases_parts: bool = False) -> tuple[str, ...]:
    """The files of a report: ``REPORT_FILES``, with the ``cases`` directory for ``cases.jsonl`` if ``cases_parts``."""
    return tuple(CASES_PARTS if cases_parts and name == CASES_JSONL else name for name in REPORT_FILES)


def is_parts_directory(path: Path) -> bool:
    """Whether ``path`` is a directory of report parts (and nothing else): one this tool may replace."""
    try:
        return path.is_dir() and not path.is_symlink() and all(is_part_file(entry) for entry in path.iterdir())
    except OSError:
        return False


def report_json(report: DriftReport) -> str:
    # ASCII-escaped: lone surrogates from grader outputs survive as \\udXXX escapes.
    return json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=True) + "\n"


class ReportDirectory:
    """A report being written; see ``writing_report``."""

    def __init__(self, staging: Path, target: Path, cases_parts: bool) -> None:
        self.staging = staging
        self.target = target  # errors name the file the user will look for, not the staging copy
        self.cases_parts = cases_parts
        self._cases: TextIO | None = None
        try:
            if cases_parts:
                self.parts.mkdir()
            else:
                self._cases = (staging / CASES_JSONL).open("w", encoding="utf-8", newline="\n")
        except OSError as error:
            raise output_error(target / (CASES_PARTS if cases_parts else CASES_JSONL), error) from None

    @property
    def parts(self) -> Path:
        """Where the Dask workers write their parts: ``cases/`` of the report with ``cases_parts``,
        otherwise a directory staged for them and removed with the staging."""
        return self.staging / CASES_PARTS

    def add_cases(self, lines: list[str]) -> None:
        """Append ``cases.jsonl`` lines (each with its newline): one write call for them all."""
        if self._cases is None:
            raise ValueError("this report keeps its cases as parts: it has no cases.jsonl to add to")
        try:
            self._cases.write("".join(lines))
        except OSError as error:
            raise output_error(self.target / CASES_JSONL, error) from None

    def close(self) -> None:
        try:
            if self._cases is not None:
                self._cases.close()
        except OSError as error:
            raise output_error(self.target / CASES_JSONL, error) from None

    def write(self, name: str, text: str | Iterable[str]) -> None:
        """Write ``name`` from a text or from its pieces in order (a large page is never held whole)."""
        pieces = [text] if isinstance(text, str) else text
        try:
            with (self.staging / name).open("w", encoding="utf-8", errors="backslashreplace", newline="\n") as handle:
                for piece in pieces:
                    handle.write(piece)
        except OSError as error:
            raise output_error(self.target / name, error) from None


@contextmanager
def writing_report(target: str | Path, *, cases_parts: bool = False) -> Iterator[ReportDirectory]:
    """Stage a report directory; on success move its files into ``target``.

    A failed run leaves ``target`` as it found it: its old files untouched, and no
    directories at all if it made them. With ``cases_parts`` the report's cases are the
    directory ``cases/`` (``ReportDirectory.parts``), not ``cases.jsonl``.
    """
    target = Path(target)
    staging, made = staging_place(
        target, target, lambda place: Path(tempfile.mkdtemp(prefix=".faithcompat-", dir=place))
    )
    succeeded = False
    try:
        _check_places(target, report_files(cases_parts))  # now, not after a long run; and again at the end
        directory = ReportDirectory(staging, target, cases_parts)
        try:
            yield directory
        finally:
            directory.close()
        names = (*report_files(cases_parts), *LEAGUE_FILES)
        _move_into_place(staging, target, [name for name in names if (staging / name).exists()], cases_parts)
        succeeded = True
    finally:
        # Renamed before removal: a Dask task still finishing cannot leave a part behind.
        discard_directory(staging)
        if not succeeded:
            remove_directories(made)


def _check_places(target: Path, names: Sequence[str]) -> None:
    """What would make a rename fail: a directory in a file's place, anything but an
    earlier report's parts in the place of ``cases/``."""
    for name in names:
        place = target / name
        if name == CASES_PARTS:
            if (place.exists() or place.is_symlink()) and not is_parts_directory(place):
                raise OutputError(f"{place}: cannot write there: it is not a directory of report parts")
        elif place.is_dir():
            raise OutputError(f"{place}: cannot write there: it is a directory")


def _move_into_place(staging: Path, target: Path, written: list[str], cases_parts: bool) -> None:
    """Replace the target's files with the staged ones, and remove the other form of the cases.

    Renames cannot be made atomic as a group; what would make one fail is checked before
    the first, so none or all are replaced.
    """
    _check_places(target, written)
    # The cases of an earlier report, in either form, are moved into the staging directory,
    # which is removed after (a rename replaces a directory only if it is empty).
    stale = [target / CASES_PARTS] if is_parts_directory(target / CASES_PARTS) else []
    jsonl = target / CASES_JSONL
    if cases_parts and (jsonl.is_file() or jsonl.is_symlink()):
        stale.append(jsonl)
    for number, path in enumerate(stale):
        try:
            os.replace(path, staging / f"replaced-{number}")
        except OSError as error:
            raise output_error(path, error) from None
    for name in written:
        try:
            os.replace(staging / name, target / name)
        except OSError as error:
            raise output_error(target / name, error) from None
