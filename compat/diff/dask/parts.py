"""The parts: a Dask task's cases.jsonl lines in a file of their own, written on a worker, read back on the client."""

from __future__ import annotations

import os
import re
import secrets
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, NamedTuple

from compat._atomic import output_error
from compat._errors import WorkerError
from compat.diff._units import ComparedBatch

PART = re.compile(r"part-[0-9]{6,}\.jsonl")  # a piece's cases.jsonl lines
PART_TEMPORARY = re.compile(r"\.part-[0-9]{6,}\.jsonl\.[0-9a-f]+\.tmp")  # one being written
SLICE_BYTES = 1 << 20  # how much of a part the client reads back at a time


class PartWritten(NamedTuple):
    """What a task wrote to its part: the client checks the file it reads against it."""

    size: int
    crc32: int


def part_name(index: int, pieces: int) -> str:
    """The part of piece ``index`` of ``pieces``: zero-padded, so names sort in corpus order."""
    return f"part-{index:0{max(6, len(str(pieces - 1)))}d}.jsonl"


def is_part_file(path: Path) -> bool:
    """Whether ``path`` is a part, or one being written: what a parts directory may hold."""
    name = path.name
    return bool(PART.fullmatch(name) or PART_TEMPORARY.fullmatch(name)) and path.is_file() and not path.is_symlink()


def write_part(part: str, lines: list[str]) -> PartWritten:
    """Write ``lines`` to the file ``part`` at once (see ``PartWriter``)."""
    writer = PartWriter(part)
    try:
        writer.write(lines)
        return writer.finish()
    except BaseException:
        writer.discard()
        raise


class PartWriter:
    """A piece's part, written as its lines come: to a temporary beside it, renamed when
    whole, so a task run twice (its worker lost) replaces a whole part and never leaves a
    torn one. Knows the size and CRC-32 of what it wrote, which the client checks."""

    def __init__(self, part: str) -> None:
        self.path = Path(part)
        self.temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.tmp")
        self.size = self.crc32 = 0
        try:
            self._handle = self.temporary.open("xb")
        except OSError as error:
            raise output_error(self.path, error) from None

    def write(self, lines: list[str]) -> None:
        data = "".join(lines).encode("utf-8")
        try:
            self._handle.write(data)
        except OSError as error:
            raise output_error(self.path, error) from None
        self.size += len(data)
        self.crc32 = zlib.crc32(data, self.crc32)

    def finish(self) -> PartWritten:
        try:
            self._handle.close()
            os.replace(self.temporary, self.path)
        except OSError as error:
            raise output_error(self.path, error) from None
        return PartWritten(self.size, self.crc32)

    def discard(self) -> None:
        """Leave nothing behind (the run failed, or this task did)."""
        self._handle.close()
        self.temporary.unlink(missing_ok=True)


def answer_probe(directory: str, probe: str, token: str) -> tuple[str | None, str]:
    """On a worker: read the client's ``probe`` in ``directory`` and write a reply beside it.

    Returns (what went wrong, or None; the reply's name). Problems are returned, not
    raised, so that the client can name the worker.
    """
    place = Path(directory)
    reply = f"{probe}.{secrets.token_hex(4)}.reply"
    try:
        seen = (place / probe).read_text(encoding="ascii")
    except (OSError, UnicodeError) as error:
        return f"cannot read {place / probe}: {getattr(error, 'strerror', None) or error}", reply
    if seen != token:
        return f"reads another file at {place / probe}", reply
    try:
        (place / reply).write_text(token, encoding="ascii")
    except OSError as error:
        return f"cannot write in {place}: {error.strerror or error}", reply
    return None, reply


def shared_storage_problem(directory: Path, on_workers: Callable[..., dict[str, tuple[str | None, str]]]) -> str | None:
    """Can the workers write where the client reads? What is wrong, or None.

    The client writes a probe file in ``directory``; ``on_workers(answer_probe, ...)``
    runs ``answer_probe`` on every worker (``Client.run``) and returns their answers by
    worker; each must have read the probe and written a reply the client can read.
    """
    token = secrets.token_hex(8)
    probe = f".probe-{token}"
    try:
        (directory / probe).write_text(token, encoding="ascii")
    except OSError as error:
        raise output_error(directory, error) from None
    answers: dict[str, tuple[str | None, str]] = {}
    try:
        answers = on_workers(answer_probe, str(directory), probe, token)
        for worker, (problem, reply) in sorted(answers.items()):
            if problem is not None:
                return f"the worker {worker} {problem}"
            try:
                seen = (directory / reply).read_text(encoding="ascii")
            except (OSError, UnicodeError):
                seen = None
            if seen != token:
                return f"the worker {worker} wrote {directory / reply}, which this machine cannot read"
        return None
    finally:
        for name in (probe, *(reply for _, reply in answers.values())):
            (directory / name).unlink(missing_ok=True)


@dataclass(frozen=True)
class Parts:
    """Where the pieces' parts are written, and whether they stay there."""

    directory: Path
    pieces: int
    keep: bool

    def path(self, index: int) -> str:
        return str(self.directory / part_name(index, self.pieces))

    def batches(self, index: int, written: PartWritten, batch: ComparedBatch) -> Iterator[ComparedBatch]:
        """``batch`` with its lines read back from the piece's part, in slices of about
        ``SLICE_BYTES``, so the client holds a slice and never a whole part (with the
        detail, four times its piece). The part is checked against what its task wrote
        once read: a torn or changed part fails the run, which then leaves no report.
        Deleted once read, unless kept."""
        path = Path(self.path(index))
        cases = len(batch.case_ids)
        size = crc = read = 0
        with self._open(path) as handle:
            while lines := self._next_lines(path, handle):
                for line in lines:
                    size += len(line)
                    crc = zlib.crc32(line, crc)
                if read + len(lines) > cases:
                    raise WorkerError(f"{path}: more lines than its {cases} cases")
                try:
                    # A part is ASCII JSON lines (every control character escaped), so
                    # only "\n" ends a line.
                    text = [line.decode("ascii") for line in lines]
                except UnicodeDecodeError:
                    raise WorkerError(f"{path}: not the part its task wrote (not ASCII)") from None
                # Outside any handler: what the caller raises here is the caller's.
                yield _slice(batch, read, text)
                read += len(lines)
        if PartWritten(size, crc) != written:
            raise WorkerError(f"{path}: not the part its task wrote (changed since, or torn)")
        if read != cases:
            raise WorkerError(f"{path}: {read} lines for {cases} cases")
        if not self.keep:
            path.unlink()

    @staticmethod
    def _open(path: Path) -> BinaryIO:
        try:
            return path.open("rb")
        except OSError as error:
            raise _unreadable(path, error) from None

    @staticmethod
    def _next_lines(path: Path, handle: BinaryIO) -> list[bytes]:
        try:
            return handle.readlines(SLICE_BYTES)
        except OSError as error:
            raise _unreadable(path, error) from None

    def tidy(self) -> None:
        """Leave only the parts: a worker lost while writing one leaves its temporary."""
        for entry in self.directory.iterdir():
            if PART_TEMPORARY.fullmatch(entry.name):
                entry.unlink(missing_ok=True)


def _unreadable(path: Path, error: OSError) -> WorkerError:
    return WorkerError(f"{path}: cannot read the part a worker wrote: {error.strerror or error}")


def _slice(batch: ComparedBatch, start: int, lines: list[str]) -> ComparedBatch:
    """The cases ``start`` … of ``batch`` that ``lines`` are the lines of."""
    end = start + len(lines)
    return ComparedBatch(
        batch.case_ids[start:end],
        lines,
        batch.outcomes[start:end],
        batch.causes[start:end],
        batch.control_passed[start:end],
    )
