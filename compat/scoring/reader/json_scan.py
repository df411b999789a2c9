"""Finding JSON values inside free text, tolerantly and in linear time.

Graders wrap JSON in prose and code fences, cut it off at a token limit, print
Python reprs with single quotes, and occasionally emit pathological nesting. This
module finds the JSON values in such text without ever raising and without
recursion:

1. The first candidate (``[`` or ``{``) is handed to the C decoder
   (``json.JSONDecoder.raw_decode``): the fast path for well-formed output.
2. Where that fails, a tolerant tokenizer with an explicit stack takes over. It
   accepts single-quoted strings, Python's ``True``/``False``/``None``, trailing
   commas and comments (``// ...``, ``/* ... */``: JSONC, JSON5), and when the text
   ends or breaks mid-value it closes every open container, recording it in
   ``FoundJson.incomplete`` so callers can drop half-written items.
3. Containers deeper than ``MAX_BUILD_DEPTH`` are skipped (their brackets are
   counted in bulk, not built), so 100,000 nested brackets cost a few ``str.count``.
4. A long truncated document is first repaired by cutting it after its last complete
   item (``_repair_truncated``), which the C decoder then reads.

Scanning resumes after the end of each value, never inside it, so every character
is visited a bounded number of times; a budget of failed starts (256 plus one per
256 characters) bounds the work in text such as ``{a{a{a...``. Clean JSON values do
not count against it: 300 ``[1]``-style citations before the verdicts are fine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

MAX_BUILD_DEPTH = 32
MAX_FAILED_STARTS = 256
MAX_REPAIRS = 2
REPAIR_FROM = 64 * 1024  # below this, the tolerant tokenizer is as fast as a repair

_DECODER = json.JSONDecoder(strict=False)
# raw_decode minus its Python frame; raises StopIteration where no value starts.
_SCAN_ONCE: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]

# One token at a fixed position. Every quantified part is followed by something it
# cannot match, so no position is ever retried: matching is linear in the token.
_TOKEN = re.compile(
    r"""[\s]*(?:
        (?P<comment>//[^\n]{0,512}|/\*[^\n]{0,512}?\*/)
      | (?P<open>[\[{])
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
_BRACKET = re.compile(r"[\[\]{}]")
_SKIP_CHUNK = 1 << 16
_WORDS: dict[str, Any] = {
    "true": True,
    "false": False,
    "null": None,
    "True": True,
    "False": False,
    "None": None,
}
_NO_KEY = object()


class FoundJson(NamedTuple):
    """One JSON value found in a text."""

    value: Any
    start: int
    end: int
    repaired: bool  # not strict JSON: truncated, single-quoted, trailing commas...
    incomplete: frozenset[int] = frozenset()  # id()s of auto-closed containers
    # The object and key whose number the text ended on: that number may itself be cut ("verdict": 1
    # may be the start of "verdict": 10), where one a comma followed is whole.
    cut: tuple[int, str] | None = None


def iter_json_values(text: str, pos: int = 0) -> Iterator[FoundJson]:
    """Every JSON object or array in ``text`` from ``pos`` on, in order, as far as it can be read."""
    failures_left = MAX_FAILED_STARTS + len(text) // 256
    # A repair decodes the rest of the text: allowed a bounded number of times, or many
    # unclosed starts before one final brace would each decode the rest (quadratic).
    repairs_left = MAX_REPAIRS
    openers = _Openers(text)
    while failures_left > 0:
        start = openers.next(pos)
        if start < 0:
            return
        found = _decode_strict(text, start)
        if found is None:
            failures_left -= 1  # only starts that are not clean JSON count: those are cheap to fake
            if repairs_left > 0 and len(text) - start >= REPAIR_FROM:
                repairs_left -= 1
                found = _repair_truncated(text, start)
            if found is None:
                found = _decode_tolerant(text, start)
        if found is None:
            pos = start + 1
            continue
        yield found
        pos = max(found.end, start + 1)


class _Openers:
    """The next ``[`` or ``{`` at or after a position that only ever grows.

    Each kind's next position is remembered until the scan passes it: a text with
    many ``[1]`` and no ``{`` must not search to its end for a ``{`` once per value.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._brace = self._bracket = -2  # -2: not searched yet; -1: none left

    def next(self, pos: int) -> int:
        if self._brace == -2 or 0 <= self._brace < pos:
            self._brace = self._text.find("{", pos)
        if self._bracket == -2 or 0 <= self._bracket < pos:
            self._bracket = self._text.find("[", pos)
        if self._brace < 0 or 0 <= self._bracket < self._brace:
            return self._bracket
        return self._brace


def first_strict_value_end(text: str) -> tuple[Any, int, int] | None:
    """The first JSON object or array in ``text`` if it is strict JSON, with where it starts and ends.

    The fast path for well-formed grader output: the first value ``iter_json_values``
    would yield, without the tolerant machinery (and ``None`` wherever that would
    need it, or where a repair could read further than the strict decoder).
    """
    start = _next_opener(text, 0)
    if start < 0:
        return None
    try:
        value, end = _SCAN_ONCE(text, start)
    except (StopIteration, ValueError, RecursionError):
        return None
    return value, start, end


def _next_opener(text: str, pos: int) -> int:
    """Where the next ``[`` or ``{`` is, or -1; two ``str.find`` beat a regex class search."""
    brace = text.find("{", pos)
    bracket = text.find("[", pos, brace if brace >= 0 else len(text))
    return bracket if bracket >= 0 else brace


_FIRST_WINDOW = 1024


def _decode_strict(text: str, start: int) -> FoundJson | None:
    """The strict JSON value at ``start``, decoded in growing windows.

    A failed decode builds a ``JSONDecodeError``, which counts the newlines from the
    start of the document to the error: on the whole text, each failed start would cost
    the text's length. In a window, it costs the window, which grows (x8) only while
    the value may run past it.
    """
    window = _FIRST_WINDOW
    while True:
        end_of_window = start + window
        piece = text[start:end_of_window] if end_of_window < len(text) else text[start:] if start else text
        try:
            value, end = _DECODER.raw_decode(piece)
        except RecursionError:
            return None
        except json.JSONDecodeError as error:
            if end_of_window >= len(text) or (error.pos < len(piece) - 64 and not error.msg.startswith("Unterm")):
                return None  # a real error, not the window's edge
            window *= 8
            continue
        return FoundJson(value, start, start + end, repaired=False)


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


def _repair_truncated(text: str, start: int) -> FoundJson | None:
    """A long RAGAS verdict list cut off mid-item, repaired at C speed.

    Cuts the text after one of the last two ``}`` and closes the list (``]``) or the
    list and its object (``]}``). Only these closers: any other would close a
    half-written item and keep it. When the result is valid JSON it holds exactly the
    complete items, as the tolerant tokenizer would find them, only faster. Where the
    half-written item got as far as a value and a comma after it (its verdict may be
    whole), the tokenizer reads it instead: it keeps what the item gave.
    """
    if len(text) - start < REPAIR_FROM:
        return None
    tail = text[text.rfind("}", start) + 1 :]
    if ":" in tail and "," in tail[tail.find(":") :]:
        return None
    end = len(text)
    for _ in range(2):
        end = text.rfind("}", start, end)
        if end < 0:
            return None
        for closer in ("]", "]}"):
            try:
                value, _consumed = _DECODER.raw_decode(text[start : end + 1] + closer)
            except (ValueError, RecursionError):
                continue
            if _consumed == end + 1 - start + len(closer):
                return FoundJson(value, start, end + 1, repaired=True)
    return None


def _decode_tolerant(text: str, start: int) -> FoundJson | None:
    """Parse from ``start`` as far as the text allows; close whatever is left open."""
    root: Any = None
    stack: list[list[Any]] = []  # frames: [container, pending dict key or _NO_KEY]
    pos = start
    broken = False  # stopped at something that is not JSON (or at the end of text)
    length = len(text)
    last_value: tuple[int, str] | None = None  # the object and key the last token was the value of
    previous: str | None = None  # the kind of the token before this one

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
        last_value = None
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
        elif kind == "comment":
            continue  # JSON5 / JSONC: "verdict": 0,  // not supported
        elif kind in ("comma", "colon"):
            if not stack:
                broken = True
                break
        else:
            if not stack:  # a scalar before any container: not a value we look for
                return None
            value = _scalar(token, kind)
            frame = stack[-1]
            if kind in ("dq", "sq") and previous in ("dq", "sq"):
                # Python's implicit concatenation ('… coffee and ' 'heart disease.', as pprint
                # splits a long string): one string, never a key and its value.
                _extend_last_string(frame, value)
                previous = kind
                continue
            if kind == "num" and isinstance(frame[0], dict) and frame[1] is not _NO_KEY:
                last_value = (id(frame[0]), frame[1])  # a string ends at its quote; a number, anywhere
            if not attach(value):
                broken = True
                break
        previous = kind
        if pos >= length and stack:
            broken = True
            break
    if root is None:
        return None
    if broken and stack:
        container, key = stack[-1]
        if isinstance(container, dict) and key is not _NO_KEY:
            container[key] = None  # the key was written, its value cut off: the key still says what the object is
    incomplete = frozenset(id(frame[0]) for frame in stack)
    if not broken:
        return FoundJson(root, start, pos, repaired=True)
    return FoundJson(root, start, pos, repaired=True, incomplete=incomplete, cut=last_value if pos >= length else None)


def _extend_last_string(frame: list[Any], more: str) -> None:
    """Join ``more`` to the string the innermost container got last: a pending key, a key's value,
    or a list's last item."""
    container, key = frame
    if isinstance(container, list):
        if container and isinstance(container[-1], str):
            container[-1] += more
    elif key is not _NO_KEY:
        frame[1] = key + more  # the key is still pending: its value has not come
    elif container:
        last_key = next(reversed(container))
        if isinstance(container[last_key], str):
            container[last_key] += more


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
    """Skip past the container whose opener ends at ``pos``; True if it was closed.

    Only depth is tracked, in bulk: a chunk whose closers cannot bring the depth to
    zero is passed with four ``str.count`` calls. Brackets inside strings are counted
    too, a simplification that only touches content nested deeper than
    ``MAX_BUILD_DEPTH`` in text that is not valid JSON (valid JSON is read by the
    C decoder before this module's tokenizer ever runs).
    """
    depth = 1
    length = len(text)
    while pos < length:
        chunk_end = min(pos + _SKIP_CHUNK, length)
        closers = text.count("]", pos, chunk_end) + text.count("}", pos, chunk_end)
        if closers < depth:
            depth += text.count("[", pos, chunk_end) + text.count("{", pos, chunk_end) - closers
            pos = chunk_end
            continue
        for bracket in _BRACKET.finditer(text, pos, chunk_end):
            depth += 1 if bracket.group() in "[{" else -1
            if depth == 0:
                return bracket.end(), True
        pos = chunk_end
    return length, False
