"""Lettered options: a key the grader answers with letters, applied as a person applies it.

``(Options: (A) Supported (B) Not supported (C) Cannot be determined)`` then ``1 - B; 2 - A``:
the grader chose a letter per statement from options it restated. A person reads each letter
by the key; so does the reader: each letter that stands as an answer (``1 - B;``, ``Q1: A.``,
``2. (C)``) becomes the verdict its option names (``no``, ``yes``, ``not sure``), and the key's
line, whose words judge nothing, is blanked. Only where a letter stands as an answer outside
the key: ``a) Yes b) No`` on its own is a list lettered by statement. A letter the key does not
define answers its statement with no verdict (``not sure``), in its place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from compat.scoring.reader.legend import meaning_value
from compat.scoring.reader.verdict_words import Value

# An option: "(A) Supported", "B) Not supported", "C: can't tell", "A = not supported"; two or
# more on a line make a key.
_OPTION = re.compile(
    r"(?:^|(?<=[\s(\[:;,–—-]))(?:\(?(?P<enclosed>[a-e])\)|(?P<named>[a-e])[ \t]*[:=])[ \t]*(?=[a-z])",
    re.MULTILINE,
)
# A letter standing as an answer: after a joiner or in parentheses, ending its item.
_LETTER_ANSWER = re.compile(
    r"(?:[-–—:=→]|\d[.)])[ \t]*(?P<answer>\((?P<enclosed>[a-e])\)|(?P<bare>[a-e]))"
    r"(?=[.;,]?[ \t]*(?:$|[;,|\n(]))",
    re.MULTILINE,
)
_WORDS: Mapping[Value, str] = {1: "yes", 0: "no", None: "not sure"}


def apply_options(lowered: str) -> str:
    """``lowered`` with each letter answered read by the key, and the key blanked; unchanged where
    it holds no key or no letter answered with one."""
    lines: dict[int, list[re.Match[str]]] = {}
    for option in _OPTION.finditer(lowered):
        lines.setdefault(lowered.rfind("\n", 0, option.start()) + 1, []).append(option)
    keys = {start: options for start, options in lines.items() if len(options) >= 2}
    if not keys:
        return lowered
    values: dict[str, Value] = {}
    for start, options in keys.items():
        end = _line_end(lowered, start)
        for option, following in zip(options, [*options[1:], None], strict=True):
            meaning = lowered[option.end() : following.start() if following else end]
            defined, value = meaning_value(meaning)
            if defined:
                values.setdefault(option.group("enclosed") or option.group("named"), value)
    answers = [
        answer for answer in _LETTER_ANSWER.finditer(lowered) if _line_start(lowered, answer.start()) not in keys
    ]
    if not answers:
        return lowered
    pieces: list[str] = []
    pos = 0
    for answer in answers:
        letter = answer.group("enclosed") or answer.group("bare")
        # A letter the key does not define answers its statement with no verdict: kept in its place.
        pieces += [lowered[pos : answer.start("answer")], _WORDS[values.get(letter)]]
        pos = answer.end("answer")
    pieces.append(lowered[pos:])
    return blank_keys("".join(pieces))  # the key's lines, found again: the offsets moved


def blank_keys(text: str) -> str:
    """Every line of ``text`` that holds two options or more, blanked (a key's words judge nothing)."""
    counts: dict[int, int] = {}
    for option in _OPTION.finditer(text):
        start = _line_start(text, option.start())
        counts[start] = counts.get(start, 0) + 1
    for start, count in counts.items():
        if count >= 2:
            end = _line_end(text, start)
            text = text[:start] + " " * (end - start) + text[end:]
    return text


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end
