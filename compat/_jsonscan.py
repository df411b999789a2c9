"""Finding JSON values inside free text, tolerantly and in linear time.

Graders wrap JSON in prose and code fences, cut it off at a token limit, print
Python reprs with single quotes, and occasionally emit pathological nesting. This
module finds the JSON values in such text without ever raising and without
recursion:

1. The first candidate (``[`` or ``{``) is handed to the C decoder
   (``json.JSONDecoder.raw_decode``): the fast path for well-formed output.
2. Where that fails, a tolerant tokenizer with an explicit stack takes over. It
   accepts single-quoted strings, Python's ``True``/``False``/``None`` and trailing
   commas, and when the text ends or breaks mid-value it closes every open
   container, recording it in ``FoundJson.incomplete`` so callers can drop
   half-written items.
3. Containers deeper than ``MAX_BUILD_DEPTH`` are skipped (scanned by runs of
   brackets, not built), so 100,000 nested brackets cost two regex matches.

Scanning resumes after the end of each value, never inside it, so every character
is visited a bounded number of times; ``MAX_CANDIDATES`` bounds the number of
failed starts in text such as ``{a{a{a...``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

MAX_BUILD_DEPTH = 32
MAX_CANDIDATES = 256

_DECODER = json.JSONDecoder(strict=False)
_START = re.compile(r"[\[{]")

# One token at a fixed position. Every quantified part is followed by something it
# cannot match, so no position is ever retried: matching is linear in the token.
_TOKEN = re.compile(
    r"""[\s]*(?:
        (?P<open>[\[{])
      | (?P<close>[\]}])
      | (?P<comma>,)
      | (?P<colon>:)
      | "(?P<dq>[^"\\]*(?:\\.[^"\\]*)*)"
      | '(?P<sq>[^'\\]*(?:\\.[^'\\]*)*)'
      | (?P<num>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w.])
      | (?P<word>true|false|null|True|False|None)\b
    )""",
    re.VERBOSE,
)
# Skipping a too-deep container: runs of openers, runs of closers, strings, other text.
_SKIP = re.compile(
    r"""(?P<open>[\[{]+)|(?P<close>[\]}]+)|"[^"\\]*(?:\\.[^"\\]*)*"|'[^'\\]*(?:\\.[^'\\]*)*'|[^\[\]{}"']+"""
)
_WORDS: dict[str, Any] = {
    "true": True,
    "false": False,
    "null": None,
    "True": True,
    "False": False,
    "None": None,
}
_NO_KEY = object()


@dataclass(frozen=True, slots=True)
class FoundJson:
    """One JSON value found in a text."""

    value: Any
    start: int
    end: int
    repaired: bool  # not strict JSON: truncated, single-quoted, trailing commas...
    incomplete: frozenset[int] = field(default_factory=frozenset)  # id()s of auto-closed containers


def iter_json_values(text: str) -> Iterator[FoundJson]:
    """Every JSON object or array in ``text``, in order, as far as it can be read."""
    pos = 0
    for _ in range(MAX_CANDIDATES):
        match = _START.search(text, pos)
        if match is None:
            return
        start = match.start()
        found = _decode_strict(text, start)
        if found is None:
            found = _decode_tolerant(text, start)
        if found is None:
            pos = start + 1
            continue
        yield found
        pos = max(found.end, start + 1)


def _decode_strict(text: str, start: int) -> FoundJson | None:
    try:
        value, end = _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return None
    return FoundJson(value, start, end, repaired=False)


def _unescape(body: str, quote: str) -> str:
    if "\\" not in body:
        return body
    if quote == "'":  # a Python repr: \' is a quote, a bare " is a plain character
        body = body.replace("\\'", "'").replace('"', '\\"')
    try:
        result = json.loads('"' + body + '"', strict=False)
    except ValueError:
        return body  # an escape JSON does not know: keep the raw text
    return result if isinstance(result, str) else body


def _decode_tolerant(text: str, start: int) -> FoundJson | None:
    """Parse from ``start`` as far as the text allows; close whatever is left open."""
    root: Any = None
    stack: list[list[Any]] = []  # frames: [container, pending dict key or _NO_KEY]
    pos = start
    broken = False  # stopped at something that is not JSON (or at the end of text)
    length = len(text)

    def attach(value: Any) -> bool:
        """Put a finished value into the innermost container. False: nowhere to put it."""
        frame = stack[-1]
        container = frame[0]
        if isinstance(container, list):
            container.append(value)
            return True
        if frame[1] is _NO_KEY:
            if isinstance(value, str):
                frame[1] = value  # a key; its value comes next
                return True
            return False
        container[frame[1]] = value
        frame[1] = _NO_KEY
        return True

    while stack or root is None:
        token = _TOKEN.match(text, pos)
        if token is None:
            broken = True
            break
        pos = token.end()
        kind = token.lastgroup
        if kind == "open":
            if len(stack) >= MAX_BUILD_DEPTH:
                pos, closed = _skip_container(text, pos)
                if not closed or not attach(None):
                    broken = True
                    break
                continue
            container: Any = [] if token.group("open") == "[" else {}
            if root is None:
                root = container
            elif not attach(container):
                broken = True
                break
            stack.append([container, _NO_KEY])
        elif kind == "close":
            if not stack:
                broken = True
                break
            stack.pop()
        elif kind in ("comma", "colon"):
            if not stack:
                broken = True
                break
        else:
            if not stack:  # a scalar before any container: not a value we look for
                return None
            value = _scalar(token, kind)
            if not attach(value):
                broken = True
                break
        if pos >= length and stack:
            broken = True
            break
    if root is None:
        return None
    incomplete = frozenset(id(frame[0]) for frame in stack)
    return FoundJson(root, start, pos, repaired=True, incomplete=incomplete if broken else frozenset())


def _scalar(token: re.Match[str], kind: str | None) -> Any:
    if kind == "dq":
        return _unescape(token.group("dq"), '"')
    if kind == "sq":
        return _unescape(token.group("sq"), "'")
    if kind == "num":
        literal = token.group("num")
        try:
            return int(literal) if literal.lstrip("-").isdigit() and len(literal) < 40 else float(literal)
        except ValueError:
            return float("nan")
    return _WORDS[token.group("word")]


def _skip_container(text: str, pos: int) -> tuple[int, bool]:
    """Skip past the container whose opener ends at ``pos``; True if it was closed."""
    depth = 1
    length = len(text)
    while pos < length:
        match = _SKIP.match(text, pos)
        if match is None:  # an unterminated string: the rest of the text is inside it
            return length, False
        pos = match.end()
        if match.lastgroup == "open":
            depth += len(match.group("open"))
        elif match.lastgroup == "close":
            run = len(match.group("close"))
            if run >= depth:
                return match.start() + depth, True
            depth -= run
    return length, False
