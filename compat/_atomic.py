"""Writing files so that a reader sees the old file or the complete new one, never half."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO, TypeVar

from compat._errors import OutputError

_T = TypeVar("_T")


@contextlib.contextmanager
def atomic_writer(path: str | Path) -> Iterator[TextIO]:
    """Write to a temporary file beside ``path``; replace ``path`` only on success."""
    target = Path(path)
    (descriptor, temporary), made = staging_place(
        target, target.parent, lambda place: tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=place)
    )
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


def staging_place(target: Path, directory: Path, make_temporary: Callable[[Path], _T]) -> tuple[_T, list[Path]]:
    """A temporary in ``directory`` (made if missing) to become ``target``, and the directories made.

    An ``OutputError`` naming ``target`` where the directory or the temporary cannot be made.
    """
    made: list[Path] = []
    try:
        made = _make_directories(directory)
        return make_temporary(directory), made
    except OSError as error:
        remove_directories(made)
        raise OutputError(f"{target}: cannot write there: {error.strerror or error}") from None


def _make_directories(path: Path) -> list[Path]:
    """Make ``path`` and its missing parents; the ones this made, innermost first."""
    made = [directory for directory in (path, *path.parents) if not directory.exists()]
    path.mkdir(parents=True, exist_ok=True)
    return made


def remove_directories(made: list[Path]) -> None:
    """Undo ``_make_directories`` after a failure: a failed run leaves no empty directories."""
    with contextlib.suppress(OSError):  # not empty: something else was written there meanwhile
        for directory in made:
            directory.rmdir()
