"""What reading a corpus measures as the bytes go by: their SHA-256 (the run's identity) and how far it is."""

from __future__ import annotations

import hashlib
from typing import IO


class CorpusDigest:
    """SHA-256 over every byte read, source after source: identifies a corpus run."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def update(self, data: bytes) -> None:
        self._hash.update(data)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


class ReadPosition:
    """How far the reader is into the corpus, in bytes of its files as stored (a gzip
    file's compressed bytes): what ``corpus_bytes`` adds up. Standard input counts nothing."""

    def __init__(self) -> None:
        self._finished = 0  # the sizes of the sources read to their end
        self._handle: IO[bytes] | None = None  # the file being read

    @property
    def bytes_read(self) -> int:
        return self._finished + (_tell(self._handle) if self._handle is not None else 0)

    def _start(self, handle: IO[bytes]) -> None:
        self._handle = handle

    def _finish(self) -> None:
        if self._handle is not None:
            self._finished += _tell(self._handle)
            self._handle = None


def _tell(handle: IO[bytes]) -> int:
    try:
        return handle.tell()
    except (OSError, ValueError):  # a named pipe cannot tell; a closed file neither
        return 0
