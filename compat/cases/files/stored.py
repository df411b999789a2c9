"""A file as stored: opened for its bytes, a ``.gz`` one decompressed on the way, its errors named.

Shadow logs are rotated with gzip, and datasets are shipped so: the corpus reader
(``diff``) and the dataset reader (``grade``) read a ``.gz`` file as the text it holds,
through this one opening.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, cast

from compat._errors import CorpusError

GZIP_SUFFIX = ".gz"


def is_gzip_name(name: str | Path) -> bool:
    """The file is read as gzip-compressed: its name ends in ``.gz``."""
    return str(name).endswith(GZIP_SUFFIX)


def uncompressed_name(name: str | Path) -> Path:
    """The name the file's text would have uncompressed (``data.csv.gz`` -> ``data.csv``):
    what tells its format and names its rows."""
    path = Path(name)
    return path.with_suffix("") if is_gzip_name(path) else path


@contextmanager
def open_stored(path: Path, name: str) -> Iterator[tuple[IO[bytes], IO[bytes]]]:
    """(the file as stored, its bytes as text): the two are one file unless it is a ``.gz``.

    A file that cannot be opened, and a ``.gz`` that is not gzip or is cut short (found
    whenever the reading inside the ``with`` gets there), are one ``CorpusError`` naming
    it as ``name``; both are closed at the end.
    """
    try:
        file = path.open("rb")
    except OSError as error:
        raise CorpusError(f"{name}: cannot read: {error.strerror or error}") from None
    stream = cast(IO[bytes], gzip.GzipFile(fileobj=file, mode="rb")) if is_gzip_name(path) else file
    try:
        yield file, stream
    except (gzip.BadGzipFile, EOFError, zlib.error) as error:
        if stream is file:
            raise
        raise CorpusError(f"{name}: not a readable gzip file: {error}") from None
    finally:
        stream.close()
        file.close()  # a GzipFile leaves the file it was given open
