"""Reading a TOML file a user wrote (policy, prompts, vocabulary): one place for its errors.

Every failure names the file and what went wrong, raised as the caller's own
``InputError`` subclass, so each file kind keeps its own error name and exit code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from compat._errors import InputError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]


def read_toml(path: str | Path, error: type[InputError]) -> dict[str, Any]:
    """The parsed document at ``path``; ``error("PATH: what")`` when it cannot be read or parsed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as problem:
        raise error(f"{path}: cannot read: {problem.strerror or problem}") from None
    except UnicodeDecodeError as problem:
        raise error(f"{path}: invalid TOML: {problem}") from None
    return parse_toml(text, str(path), error)


def parse_toml(text: str, source: str, error: type[InputError]) -> dict[str, Any]:
    """The parsed document ``text`` (read from ``source``); ``error("SOURCE: invalid TOML: what")`` otherwise."""
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{source}: invalid TOML: {problem}") from None
    except RecursionError:  # the parser recurses once per nested array or table
        raise error(f"{source}: invalid TOML: nested too deeply to read") from None
    return document
