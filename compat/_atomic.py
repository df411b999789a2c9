"""Writing files so that a reader sees the old file or the complete new one, never half."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO, TypeVar

from compat._errors import OutputError

_T = TypeVar("_T")


class _Sink:
    """A text file whose write errors (a full disk, say) name the file the user asked for."""

    def __init__(self, handle: TextIO, name: Path) -> None:
        self._handle = handle
        self._name = name

    def write(self, text: str) -> int:
        try:
            return self._handle.write(text)
        except OSError as error:
            raise output_error(self._name, error) from None


def output_error(target: Path, error: OSError) -> OutputError:
    return OutputError(f"{target}: cannot write there: {error.strerror or error}")


@contextlib.contextmanager
def atomic_writer(path: str | Path) -> Iterator[TextIO]:
    """Write to a temporary file beside ``path``; replace ``path`` only on success.

    A symbolic link to a file keeps being a link: the file it points at is replaced.
    A device or a FIFO (``/dev/stdout``, ``/dev/null``, a named pipe) is written in
    place: there is nothing to replace, and renaming over it would destroy it.
    """
    target = Path(path)
    try:
        mode = os.stat(target).st_mode  # follows links
    except OSError:
        mode = 0  # nothing there yet (or unreadable: staging_place will say so)
    if stat.S_ISDIR(mode):
        raise OutputError(f"{target}: cannot write there: it is a directory")
    if mode and not stat.S_ISREG(mode):
        yield from _write_in_place(target)
        return
    if mode and target.is_symlink():
        target = Path(os.path.realpath(target))
    (descriptor, temporary), made = staging_place(
        target, target.parent, lambda place: tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=place)
    )
    try:
        os.fchmod(descriptor, _mode_for(target))  # mkstemp makes 0600; the user expects their usual mode
        # backslashreplace: a lone surrogate from a grader output must not abort a report.
        handle = os.fdopen(descriptor, "w", encoding="utf-8", errors="backslashreplace", newline="\n")
        with _sink(handle, target, durable=True) as sink:
            yield sink
        try:
            os.replace(temporary, target)
        except OSError as error:
            raise output_error(target, error) from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        remove_directories(made)
        raise


def _write_in_place(target: Path) -> Iterator[TextIO]:
    try:
        handle = target.open("w", encoding="utf-8", errors="backslashreplace", newline="\n")
    except OSError as error:
        raise output_error(target, error) from None
    with _sink(handle, target, durable=False) as sink:
        yield sink


@contextlib.contextmanager
def _sink(handle: TextIO, target: Path, *, durable: bool) -> Iterator[TextIO]:
    """``handle`` for the caller's writes; flushed (and synced, if ``durable``) on success,
    closed either way. The file's own failures become an ``OutputError`` naming ``target``;
    an ``OSError`` from the caller's other work (reading its input, say) passes through."""
    try:
        yield _Sink(handle, target)  # type: ignore[misc]
        try:
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        except OSError as error:
            raise output_error(target, error) from None
    finally:
        with contextlib.suppress(OSError):  # after a failed flush (a full disk) close fails again
            handle.close()


def _mode_for(target: Path) -> int:
    """The mode of the file being replaced, or what a new file gets under the umask."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def staging_place(target: Path, directory: Path, make_temporary: Callable[[Path], _T]) -> tuple[_T, list[Path]]:
    """A temporary in ``directory`` (made if missing) to become ``target``, and the directories made.

    An ``OutputError`` naming ``target`` where the directory or the temporary cannot be made.
    """
    made: list[Path] = []
    try:
        blocking = next((p for p in (directory, *directory.parents) if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            raise OutputError(f"{target}: cannot write there: {blocking} is not a directory")
        made = _make_directories(directory)
        return make_temporary(directory), made
    except OSError as error:
        remove_directories(made)
        raise output_error(target, error) from None


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


def discard_directory(path: Path) -> None:
    """Remove a staging directory that others may still write into (a Dask task finishing).

    Renamed first, then removed: a writer that opens a file by the old path afterwards
    finds nothing there, and what one opened before is inside what is removed, so
    nothing is left behind.
    """
    gone = path.with_name(f"{path.name}-discarded")
    try:
        os.rename(path, gone)
    except OSError:
        gone = path  # already gone, or cannot be renamed: remove it where it is
    shutil.rmtree(gone, ignore_errors=True)
