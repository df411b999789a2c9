"""A dataset file's lines as bytes, where a person sees them end: what JSONL and CSV rows are read from.

Lines are cut from bytes, not from decoded text, so that invalid UTF-8 is blamed on its
own line (a decoder reading ahead in chunks blames the line the reader is on).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import IO, Literal

LineEnd = Literal["\n", "\r"]

_BOM = b"\xef\xbb\xbf"
_BREAK = re.compile(rb"[\r\n]")
_PROBE_BYTES = 1 << 16


def line_end(handle: IO[bytes]) -> LineEnd:
    r"""How the file's lines end, as its first line does: ``\r`` for a lone ``\r`` (classic
    Mac OS, Excel's "CSV (Macintosh)"), else ``\n`` (``\r\n`` too). Read from the start, and
    back to it."""
    try:
        while chunk := handle.read(_PROBE_BYTES):
            found = _BREAK.search(chunk)
            if found is None:
                continue
            if found.group() == b"\n":
                return "\n"
            after = chunk[found.end() : found.end() + 1] or handle.read(1)
            return "\n" if after == b"\n" else "\r"
        return "\n"
    finally:
        handle.seek(0)


def dataset_lines(handle: IO[bytes], end: LineEnd) -> Iterator[bytes]:
    r"""The lines of ``handle``, each with its line break, the first without a BOM.

    A line ends at ``end``, or at ``\r\n``. A lone line break of the other kind stays inside
    its line, for the format to judge (a CSV cell that holds one unquoted is refused).
    """
    lines = _cr_lines(handle) if end == "\r" else iter(handle)
    first = next(lines, None)
    if first is None:
        return
    yield first.removeprefix(_BOM)
    yield from lines


def with_newlines(data: bytes) -> bytes:
    r"""A whole file's bytes with its line breaks ``\n`` where its lines end in ``\r``; as they
    are otherwise. (In JSON a raw ``\r`` is whitespace or an error: the values are the same,
    and lines are counted where a person sees them.)"""
    found = _BREAK.search(data)
    if found is None or found.group() == b"\n" or data.startswith(b"\n", found.end()):
        return data
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def _cr_lines(handle: IO[bytes]) -> Iterator[bytes]:
    # Latin-1 maps every byte to one character and back: the lines come back as the bytes
    # they were. Universal newlines cut at \r, \r\n and \n; a piece ending in a lone \n is
    # joined to the next, since \n does not end this file's lines.
    text = io.TextIOWrapper(handle, encoding="latin-1", newline="")
    pieces: list[str] = []
    try:
        for piece in text:
            pieces.append(piece)
            if piece.endswith("\r") or piece.endswith("\r\n"):
                yield "".join(pieces).encode("latin-1")
                pieces.clear()
        if pieces:
            yield "".join(pieces).encode("latin-1")
    finally:
        text.detach()  # the handle is its opener's to close
