"""JSON read from a grader answer as ragas 0.4.3 reads it: its extract_json, langchain-core's parsers."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class Raised(Exception):
    """What ragas would raise: the parse failed after its retries, or json raised something else."""


class DecodeError(Exception):
    """json.JSONDecodeError: parse_json_markdown and parse_partial_json catch it."""


# json.loads raises RecursionError (not JSONDecodeError) past the interpreter's recursion limit;
# ragas meets it at ~970 levels, depending on its call stack. We call json.loads only on values
# this shallow, and treat deeper nesting as the raise it is upstream (see the docs for the band).
MAX_JSON_DEPTH = 500
_MAX_INT_DIGITS = 4300  # Python's int-from-string limit: json.loads raises ValueError beyond it
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_STRING_RUN = re.compile(r'[^"\\]*')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_LITERALS = {"t": "true", "f": "false", "n": "null", "N": "NaN", "I": "Infinity"}
_JSON_WS = " \t\n\r"
_CLOSER = {"[": "]", "{": "}"}

# Scanner modes: what the JSON grammar expects next.
_VALUE, _ARRAY_FIRST, _OBJECT_FIRST, _KEY, _COLON, _AFTER = range(6)


@dataclass(frozen=True, slots=True)
class _Scan:
    best: int  # the longest prefix that ``target``'s closers complete to one JSON document (0: none)
    fatal: bool  # json.loads raises something other than JSONDecodeError before its first error


def _scan(text: str, target: Sequence[str]) -> _Scan:
    """One linear pass of a JSON recogniser (Python's json, strict=False) with an explicit stack.

    For every prefix it knows whether appending the closers of ``target`` (a stack of ``]``/``}``,
    outermost first) yields valid JSON: the prefix must end after a value or just inside an
    empty container, with exactly ``target`` open. It stops at the first syntax error, which is
    where json.loads stops too, so a too-deep container or a too-long integer before that point is
    what json.loads would raise on.
    """
    stack: list[str] = []
    matched = 0  # length of the common prefix of stack and target
    want = len(target)
    mode = _VALUE
    best = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in _JSON_WS and mode != _AFTER:
            i += 1  # whitespace: the mode stays, and so does closability
        elif mode == _AFTER:
            if c in _JSON_WS:
                i += 1
            elif c == "," and stack:
                mode = _KEY if stack[-1] == "}" else _VALUE
                i += 1
            elif stack and c == stack[-1]:
                stack.pop()
                matched = min(matched, len(stack))
                i += 1
            else:
                break  # extra data, or a wrong delimiter
        elif mode == _COLON:
            if c != ":":
                break
            mode, i = _VALUE, i + 1
            continue  # a value must follow: never closable here
        elif c == '"' and mode in (_KEY, _OBJECT_FIRST):
            end = _string_end(text, i)
            if end is None:
                return _Scan(best, False)
            mode, i = _COLON, end
            continue
        elif (c == "]" and mode == _ARRAY_FIRST) or (c == "}" and mode == _OBJECT_FIRST):
            stack.pop()
            matched = min(matched, len(stack))
            mode, i = _AFTER, i + 1
        elif mode in (_KEY, _OBJECT_FIRST):
            break
        elif c in _CLOSER:
            if len(stack) >= MAX_JSON_DEPTH:
                return _Scan(best, True)  # RecursionError
            if matched == len(stack) and matched < want and target[matched] == _CLOSER[c]:
                matched += 1
            stack.append(_CLOSER[c])
            mode, i = (_ARRAY_FIRST if c == "[" else _OBJECT_FIRST), i + 1
        elif c == '"':
            end = _string_end(text, i)
            if end is None:
                return _Scan(best, False)
            mode, i = _AFTER, end
        elif c == "-" or "0" <= c <= "9":
            if text.startswith("-Infinity", i):
                mode, i = _AFTER, i + 9
            else:
                number = _NUMBER.match(text, i)
                if number is None:
                    break
                digits = number.end() - i - (c == "-")
                if number.group(1) is None and number.group(2) is None and digits > _MAX_INT_DIGITS:
                    return _Scan(best, True)  # ValueError: int string conversion limit
                mode, i = _AFTER, number.end()
        elif c in _LITERALS:
            word = _LITERALS[c]
            if not text.startswith(word, i):
                break
            mode, i = _AFTER, i + len(word)
        else:
            break
        if mode in (_AFTER, _ARRAY_FIRST, _OBJECT_FIRST) and len(stack) == matched == want:
            best = i
    return _Scan(best, False)


def _string_end(text: str, start: int) -> int | None:
    """The index after the string starting at ``start``; ``None`` if it is cut off or malformed."""
    i = start + 1
    n = len(text)
    while True:
        i = _STRING_RUN.match(text, i).end()  # type: ignore[union-attr]  # [^"\\]* always matches
        if i >= n:
            return None
        if text[i] == '"':
            return i + 1
        escape = text[i + 1 : i + 2]
        if escape == "u":
            if _HEX4.fullmatch(text, i + 2, i + 6) is None:
                return None
            i += 6
        elif escape and escape in '"\\/bfnrt':
            i += 2
        else:
            return None


def _loads(text: str) -> Any:
    """``json.loads(text, strict=False)`` on a text ``_scan`` found valid and shallow."""
    try:
        return json.loads(text, strict=False)
    except RecursionError as error:  # only if the caller's own stack is already deep
        raise Raised("RecursionError") from error


_STRING_SPECIAL = re.compile(r'["\n\\]')
_OUTSIDE_SPECIAL = re.compile(r'["{}\[\]]')


def _parse_partial_json(s: str) -> Any:
    """langchain-core's ``parse_partial_json(s)``: may return None; raises DecodeError or Raised.

    Upstream retries json.loads on ever shorter prefixes (quadratic); ``_scan`` finds the prefix
    that loop stops at in one pass.
    """
    whole = _scan(s, ())
    if whole.fatal:
        raise Raised("json.loads raised")
    if whole.best == len(s) and s:
        return _loads(s)
    chars, closers = _close_partial(s)
    if chars is None:
        return None  # a mismatched closing bracket
    found = _scan(chars, closers)
    if found.fatal:
        raise Raised("json.loads raised")
    if found.best == 0:
        raise DecodeError
    return _loads(chars[: found.best] + "".join(reversed(closers)))


def _close_partial(s: str) -> tuple[str | None, list[str]]:
    """parse_partial_json's repair pass: raw newlines in strings escaped, a cut string closed, the open stack."""
    out: list[str] = []
    stack: list[str] = []
    i, n = 0, len(s)
    while i < n:
        special = _OUTSIDE_SPECIAL.search(s, i)
        if special is None:
            out.append(s[i:])
            break
        out.append(s[i : special.end()])
        c = special.group()
        i = special.end()
        if c in "[{":
            stack.append(_CLOSER[c])
        elif c in "]}":
            if not stack or stack[-1] != c:
                return None, stack
            stack.pop()
        else:  # a string: a backslash toggles "escaped", any other character clears it
            escaped = False
            while True:
                special = _STRING_SPECIAL.search(s, i)
                if special is None:
                    if i < n:
                        escaped = False
                    out.append(s[i:])
                    repaired = "".join(out)
                    # a cut-off escape loses its backslash; then the string is closed
                    return (repaired[:-1] if escaped else repaired) + '"', stack
                if special.start() > i:
                    escaped = False
                    out.append(s[i : special.start()])
                c = special.group()
                i = special.end()
                if c == '"' and not escaped:
                    out.append(c)
                    break
                if c == "\n" and not escaped:
                    out.append("\\n")
                elif c == "\\":
                    escaped = not escaped
                    out.append(c)
                else:
                    escaped = False
                    out.append(c)
            continue
    return "".join(out), stack


# ragas's own escape_newlines cousin in langchain: `"action_input": "...` values get \n, \r, \t escaped.
_ACTION_INPUT = re.compile(r'("action_input"\:\s*")(.*?)(")', re.DOTALL)


def _escape_action_input(match: re.Match[str]) -> str:
    value = match.group(2).replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return match.group(1) + value + match.group(3)


def _parse_json_text(text: str) -> Any:
    """langchain-core's ``_parse_json``: strip whitespace and backticks, escape action_input, partial parse."""
    return _parse_partial_json(_ACTION_INPUT.sub(_escape_action_input, text.strip(" \n\r\t`")))


def parse_json_markdown(text: str) -> Any:
    """langchain-core's ``parse_json_markdown``: the text, else what follows the first fence."""
    try:
        return _parse_json_text(text)
    except DecodeError:
        fence = text.find("```")
        if fence >= 0:
            text = text[fence + 3 :]
            if text.startswith("json"):
                text = text[4:]
    return _parse_json_text(text)


def extract_json(text: str) -> str:
    """ragas ``extract_json``: from a ```json fence on, the first bracket's balanced span (strings not skipped)."""
    fence = text.find("```json")
    if fence != -1:
        text = text[fence:]
    starts = [at for at in (text.find("["), text.find("{")) if at != -1]
    if not starts:
        return text
    start = min(starts)
    opener = text[start]
    closer = _CLOSER[opener]
    depth = 0
    for match in re.finditer(re.escape(opener) + "|" + re.escape(closer), text[start:]):
        depth += 1 if match.group() == opener else -1
        if depth == 0:
            return text[start : start + match.end()]
    return text
