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

from compat.scoring.reader.legend import meaning_value
from compat.scoring.reader.lines import LineStarts, blanked_spans, line_end
from compat.scoring.reader.verdict_words import SAID, Value

# An option: "(A) Supported", "B) Not supported", "C: can't tell", "A = not supported"; two or
# more on a line make a key.
_OPTION = re.compile(
    r"(?:^|(?<=[\s(\[:;,–—-]))(?:\(?(?P<enclosed>[a-e])\)|(?P<named>[a-e])[ \t]*[:=])[ \t]*(?=[a-z])",
    re.MULTILINE,
)
# A letter standing as an answer: after a joiner or in parentheses, ending its item.
# (Its lead is one class, a digit then asked for its "." or ")": a search then skips from one
# candidate to the next instead of trying an alternation at every position, twice as fast.)
_LETTER_ANSWER = re.compile(
    r"[-–—:=→\d](?:(?<=\d)[.)]|(?<!\d))[ \t]*(?P<answer>\((?P<enclosed>[a-e])\)|(?P<bare>[a-e]))"
    r"(?=[.;,]?[ \t]*(?:$|[;,|\n(]))",
    re.MULTILINE,
)


def apply_options(lowered: str) -> str:
    """``lowered`` with each letter answered read by the key, and the key blanked; unchanged where
    it holds no key or no letter answered with one."""
    keys = _key_lines(lowered)
    if not keys:
        return lowered
    values: dict[str, Value] = {}
    for start, options in keys.items():
        end = line_end(lowered, start)
        # A line cut at MAX_KEY_OPTIONS: its last option read only marks where the one before it ends.
        followers = [*options[1:], None] if len(options) < MAX_KEY_OPTIONS else options[1:]
        for option, following in zip(options, followers, strict=False):
            defined, value = meaning_value(lowered[option.end() : following.start() if following else end])
            if defined:
                values.setdefault(option.group("enclosed") or option.group("named"), value)
    starts = LineStarts(lowered)
    answers = [answer for answer in _LETTER_ANSWER.finditer(lowered) if starts(answer.start()) not in keys]
    if not answers:
        return lowered
    # Each answer read (a letter the key does not define is no verdict, in its place) and each
    # key line blanked, in one pass over the text: the answers stand outside the key's lines.
    edits: list[tuple[int, int, str | None]] = [
        (answer.start("answer"), answer.end("answer"), SAID[values.get(_letter(answer))]) for answer in answers
    ]
    edits += [(start, line_end(lowered, start), None) for start in keys]
    pieces: list[str] = []
    pos = 0
    for start, end, replacement in sorted(edits, key=lambda edit: edit[0]):
        pieces += [lowered[pos:start], " " * (end - start) if replacement is None else replacement]
        pos = end
    pieces.append(lowered[pos:])
    return "".join(pieces)


def blank_keys(text: str) -> str:
    """Every line of ``text`` that holds two options or more, blanked from its first option on (a
    key's words judge nothing; what the line says before them, "I'm sorry, I can split it into (a)
    ... (b) ...", stays)."""
    return blanked_spans(
        text, [(options[0].start(), line_end(text, start)) for start, options in _key_lines(text).items()]
    )


def _letter(answer: re.Match[str]) -> str:
    return answer.group("enclosed") or answer.group("bare")


# A key restates a handful of options (five letters); a line of more is read for its first ones
# only, and the rest of it skipped: a megabyte of "a) yes b) no" is one key line, not 150,000 options.
MAX_KEY_OPTIONS = 16


def _key_lines(text: str) -> dict[int, list[re.Match[str]]]:
    """The options of each line that holds two or more (a key), by where the line starts (its
    first ``MAX_KEY_OPTIONS``)."""
    lines: dict[int, list[re.Match[str]]] = {}
    starts = LineStarts(text)
    option = _OPTION.search(text)
    while option is not None:
        options = lines.setdefault(starts(option.start()), [])
        options.append(option)
        at = line_end(text, option.end()) if len(options) == MAX_KEY_OPTIONS else option.end()
        option = _OPTION.search(text, at)
    return {start: options for start, options in lines.items() if len(options) >= 2}
