"""Writing files so that a reader sees the old file or the complete new one, never half."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from compat._errors import OutputError


@contextlib.contextmanager
def atomic_writer(path: str | Path) -> Iterator[TextIO]:
    """Write to a temporary file beside ``path``; replace ``path`` only on success."""
    target = Path(path)
    made: list[Path] = []
    try:
        made = make_directories(target.parent)
        descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        remove_directories(made)
        raise OutputError(f"{target}: cannot write there: {error.strerror or error}") from None
    try:
        # backslashreplace: a lone surrogate from a grader output must not abort a report.
        with os.fdopen(descriptor, "w", encoding="utf-8", errors="backslashreplace", newline="\n") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        remove_directories(made)
        raise


def make_directories(path: Path) -> list[Path]:
    """Make ``path`` and its missing parents; the ones this made, innermost first."""
    made = [directory for directory in (path, *path.parents) if not directory.exists()]
    path.mkdir(parents=True, exist_ok=True)
    return made


def remove_directories(made: list[Path]) -> None:
    """Undo ``make_directories`` after a failure: a failed run leaves no empty directories."""
    with contextlib.suppress(OSError):  # not empty: something else was written there meanwhile
        for directory in made:
            directory.rmdir()
