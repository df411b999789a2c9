"""Reading a TOML file a user wrote (policy, prompts, vocabulary): one place for its errors.

Every failure names the file and what went wrong, raised as the caller's own
``InputError`` subclass, so each file kind keeps its own error name and exit code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from compat._errors import InputError
from compat._file_kind import FileKind, toml_kinds, wrong_file, wrong_kind

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]


def read_toml(path: str | Path, error: type[InputError], expected: FileKind | None = None) -> dict[str, Any]:
    """The parsed document at ``path``; ``error("PATH: what")`` when it cannot be read or parsed.

    ``expected``: the kind of TOML file the caller reads. A file that is another kind (a
    corpus, report.json, another TOML file faithcompat reads, and none of that kind's tables)
    is refused by what it is and where it goes instead."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as problem:
        raise error(f"{path}: cannot read: {problem.strerror or problem}") from None
    except UnicodeDecodeError as problem:
        raise error(f"{path}: invalid TOML: {problem}") from None
    try:
        document = parse_toml(text, str(path), error)
    except InputError:
        other = wrong_file(path, expected) if expected is not None else None
        if other is None:
            raise
        raise error(other) from None
    kinds = toml_kinds(document)
    if expected is not None and kinds and expected not in kinds:
        raise error(wrong_kind(str(path), min(kinds), expected))
    return document


def parse_toml(text: str, source: str, error: type[InputError]) -> dict[str, Any]:
    """The parsed document ``text`` (read from ``source``); ``error("SOURCE: invalid TOML: what")`` otherwise."""
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{source}: invalid TOML: {problem}") from None
    except RecursionError:  # the parser recurses once per nested array or table
        raise error(f"{source}: invalid TOML: nested too deeply to read") from None
    return document
