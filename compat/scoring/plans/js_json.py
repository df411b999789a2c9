"""JavaScript's ``JSON.parse`` for the plans: the whole text, strict, numbers as doubles, any nesting."""

from __future__ import annotations

import json
import re
from typing import Any


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # Python accepts NaN and Infinity; JSON.parse does not


# Strict (no control characters in strings); every number a double, as in JavaScript.
_JS_DECODER = json.JSONDecoder(parse_int=float, parse_constant=_reject_constant)
_FAILED: tuple[bool, Any] = (False, None)


def js_json_parse(text: str) -> tuple[bool, Any]:
    """``JSON.parse(text)``: ``(True, value)``, or ``(False, None)`` where it throws.

    The C decoder reads anything not nested deeper than Python's recursion limit; V8
    parses deeper nesting too (node 20: a million levels), so that goes to
    ``_parse_iteratively``.
    """
    try:
        return True, _JS_DECODER.decode(text)
    except RecursionError:
        return _FAILED if _never_json(text) else _parse_iteratively(text)
    except ValueError:
        return _FAILED


# Containers deeper than this come back empty from the iterative parser. No plan reads
# below parsed.statements[i].verdict (depth 3); building a million levels would cost gigabytes.
BUILD_DEPTH = 8
_WS = "[ \t\n\r]*"  # JSON's whitespace, the only kind JSON.parse skips
# One token, after whitespace. Runs of "[" or "]" are one token: deep nesting costs one match.
# Each repeated part starts with a character the part before it cannot match: no backtracking.
_TOKEN = re.compile(
    _WS + r"(?:(?P<open>\[(?:" + _WS + r"\[)*|\{)"
    r"|(?P<close>\](?:" + _WS + r"\])*|\})"
    r"|(?P<punct>[,:])"
    r'|(?P<string>"[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*")'
    r"|(?P<number>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<word>true|false|null))"
)
_WORDS: dict[str, Any] = {"true": True, "false": False, "null": None}
# Parser states: what may come next.
_VALUE, _VALUE_OR_CLOSE, _KEY_OR_CLOSE, _KEY, _COLON, _AFTER, _DONE = range(7)
_ARRAY, _OBJECT = ord("["), ord("{")


# Outside strings, valid JSON never has: "{" before anything but a key or "}"; ":" or ","
# before a closer, a ":" or ","; "[" before "}", ":" or ","; unbalanced brackets. Checked
# at C speed, this turns away deep garbage ('{"a":' a million times) before the loop below.
_STRING_LITERAL = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NEVER_IN_JSON = re.compile(r'\{[ \t\n\r]*[^"} \t\n\r]|[:,][ \t\n\r]*(?:[\]},:]|\Z)|\[[ \t\n\r]*[},:]')


def _never_json(text: str) -> bool:
    """True where ``text`` cannot be JSON (never wrong the other way: it may pass garbage)."""
    bare = _STRING_LITERAL.sub('""', text)
    return (
        bare.count("[") != bare.count("]")
        or bare.count("{") != bare.count("}")
        or _NEVER_IN_JSON.search(bare) is not None
    )


def _parse_iteratively(text: str) -> tuple[bool, Any]:
    """JSON.parse's grammar with an explicit stack: linear, whatever the nesting."""
    kinds = bytearray()  # the open containers, outermost first
    built: list[Any] = []  # the first BUILD_DEPTH of them
    keys: list[str] = []  # each built container's pending key (objects)
    root: Any = None
    state = _VALUE
    pos = 0

    def attach(value: Any) -> None:
        parent = built[-1]
        if type(parent) is list:
            parent.append(value)
        else:
            parent[keys[-1]] = value

    while (token := _TOKEN.match(text, pos)) is not None:
        pos = token.end()
        kind = token.lastgroup
        piece = token.group(kind or 0)
        if state == _DONE:
            return _FAILED  # anything after the value
        if kind == "open":
            if state not in (_VALUE, _VALUE_OR_CLOSE):
                return _FAILED
            opener = _OBJECT if piece == "{" else _ARRAY
            count = 1 if opener == _OBJECT else piece.count("[")
            one_by_one = min(count, max(0, BUILD_DEPTH - len(kinds)) + 1)
            for _ in range(one_by_one):  # at most BUILD_DEPTH + 1 containers are made
                container: Any = {} if opener == _OBJECT else []
                if not kinds:
                    root = container
                elif len(built) == len(kinds):  # the parent is built
                    attach(container)
                if len(kinds) < BUILD_DEPTH:
                    built.append(container)
                    keys.append("")
                kinds.append(opener)
            kinds.extend(bytes([opener]) * (count - one_by_one))
            state = _KEY_OR_CLOSE if opener == _OBJECT else _VALUE_OR_CLOSE
        elif kind == "close":
            closer = _OBJECT if piece == "}" else _ARRAY
            count = 1 if closer == _OBJECT else piece.count("]")
            allowed = _KEY_OR_CLOSE if closer == _OBJECT else _VALUE_OR_CLOSE
            depth = len(kinds)
            if state not in (_AFTER, allowed) or depth < count or kinds.count(closer, depth - count) != count:
                return _FAILED
            del kinds[depth - count :]
            del built[len(kinds) :], keys[len(kinds) :]
            state = _AFTER if kinds else _DONE
        elif kind == "punct":
            if piece == ",":
                if state != _AFTER:
                    return _FAILED
                state = _VALUE if kinds[-1] == _ARRAY else _KEY
            elif state != _COLON:
                return _FAILED
            else:
                state = _VALUE
        elif kind == "string" and state in (_KEY, _KEY_OR_CLOSE):
            if len(built) == len(kinds):
                keys[-1] = _string(piece)
            state = _COLON
        elif state in (_VALUE, _VALUE_OR_CLOSE):
            value = _string(piece) if kind == "string" else float(piece) if kind == "number" else _WORDS[piece]
            if not kinds:
                root, state = value, _DONE
                continue
            if len(built) == len(kinds):
                attach(value)
            state = _AFTER
        else:
            return _FAILED
    if state != _DONE or text[pos:].strip(" \t\n\r"):
        return _FAILED
    return True, root


def _string(literal: str) -> str:
    """A JSON string literal's value; only escapes need the decoder (they may be lone surrogates)."""
    return literal[1:-1] if "\\" not in literal else str(json.loads(literal))


def is_js_one(value: Any) -> bool:
    """``value === 1``: the number 1 (``1``, ``1.0``, ``1e0``), never ``true`` or ``"1"``."""
    return type(value) is float and value == 1.0
