"""Text that every stage writes or reads: strict-JSON floats, JSON lines, escaped corpus strings, true/false.

Scores can be NaN or infinite (the legacy arm), which strict JSON cannot hold; they
are written as the strings JavaScript prints, ``"NaN"``, ``"Infinity"``,
``"-Infinity"``, never as bare tokens. Corpus strings reach terminals and Markdown:
``printable`` escapes every control and bidirectional character first. A true/false
option, wherever it is written (``--arm ...,strict-json=``, a promptfoo config), is read
by ``parse_flag``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any


def encode_float(value: float | None) -> float | str | None:
    """A float as strict JSON can carry it."""
    if value is None or math.isfinite(value):
        return value
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def decode_float(value: float | int | str | None) -> float | None:
    """The inverse of ``encode_float``."""
    if value is None or isinstance(value, (int, float)):
        return None if value is None else float(value)
    return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[value]


def json_line(record: dict[str, Any]) -> str:
    """One JSON line, readable text kept as is; DEL, C1 and bidi controls as ``\\uXXXX``.

    ``json.dumps`` escapes C0 already. The rest would reach a terminal raw (a C1 CSI
    acts as ESC [), and JSON lets any character be escaped, so nothing changes for a reader.
    """
    return _JSON_UNSAFE.sub(_json_escape, json.dumps(record, ensure_ascii=False, allow_nan=False)) + "\n"


# DEL, C1 controls and the bidirectional controls: what json.dumps leaves raw but a
# terminal acts on (C0 is the rest of what ``printable`` escapes).
_C1_AND_BIDI = "\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
_JSON_UNSAFE = re.compile(f"[{_C1_AND_BIDI}]")


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


ROUNDING_NOISE = 5e-10  # below this a difference of two scores is float rounding (1 - 1/3 against 2/3)


def format_change(value: float | None, digits: int = 3) -> str:
    """A signed change for people; rounding noise shows as +0, never as -0.000."""
    if value is None:
        return "—"
    return f"{0.0 if abs(value) < ROUNDING_NOISE else value:+.{digits}f}"


def format_score(value: float | None) -> str:
    """A score for people: four decimals, JavaScript's words for non-finite values."""
    encoded = encode_float(value)
    if encoded is None:
        return "—"
    if isinstance(encoded, str):
        return encoded
    return f"{encoded:.4f}"


# C0 and C1 controls, DEL, and the bidirectional overrides and isolates: a corpus string
# printed with these could move the cursor, recolour the terminal or reorder the text.
_UNPRINTABLE = re.compile(f"[\x00-\x1f{_C1_AND_BIDI}]")


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\u202e``)."""
    return _UNPRINTABLE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clip(text: str, width: int) -> str:
    """``text`` on one line, printable, at most ``width`` characters (an ellipsis marks a cut)."""
    text = printable(" ".join(text.split()))
    return text if len(text) <= width else text[: width - 1] + "…"


# The spellings of a true/false option, read in any case with the spaces around stripped.
FLAG_SPELLINGS = {True: ("true", "yes", "on", "1"), False: ("false", "no", "off", "0")}
_FLAGS = {spelling: meaning for meaning, spellings in FLAG_SPELLINGS.items() for spelling in spellings}


def parse_flag(value: object) -> bool:
    """A true/false option as written: a boolean, or one of ``FLAG_SPELLINGS`` in any case.

    Raises ``ValueError`` naming the value and the spellings accepted; the caller says where.
    """
    if isinstance(value, bool):
        return value
    meaning = _FLAGS.get(str(value).strip().lower())
    if meaning is None:
        accepted = "; ".join(", ".join(spellings) for spellings in FLAG_SPELLINGS.values())
        raise ValueError(f"{value!r} is not true or false (write, in any case: {accepted})")
    return meaning
