"""Verdicts as compact pairs: each statement's reference and its verdict, side by side.

``S1=F S2=T``, ``stmt1=Unknown  stmt2=True``, ``[S1] T, [S2] F``, ``#1: t``,
``C1: ✓ C2: ✗ C3: ?``: a key that names the statement (``s``, ``stmt``, ``statement``,
``claim``, ``c`` or ``#`` with its number) and a short value right after it. The reading is
keyed by statement, and given only where every statement is named exactly once and every value
is a verdict: a verdict word, ``t`` / ``f`` (true / false), or ``?`` (no verdict). A key whose
value is anything else (``Statement 1: The context says...``) makes the reading none at all;
the other sources read such text. The text is prepared (``prepare.prepare``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from compat.scoring.reader.items import Item
from compat.scoring.reader.verdict_words import Value, VerdictWords

_KEY_WORDS = r"statement|stmt|claim|s|c|#"
STATEMENT_KEY = rf"\[?(?P<key>{_KEY_WORDS})[ \t]*(?P<n>\d{{1,3}})\]?"
# The value ends its pair: the line, a comma, a bar or the next key follows it, never more words
# ("Is statement 1 supported by the context?" holds a question, not a pair).
_PAIR = re.compile(
    r"(?<![\w#\[])" + STATEMENT_KEY + r"[ \t]*(?:[=:]|->|→)?[ \t]*(?P<v>[^\s,;|\[\]()]{1,24})"
    rf"(?=[ \t]*(?:$|[,;|]|\[?(?:{_KEY_WORDS})[ \t]*\d))",
    re.MULTILINE,
)
_LETTERS: dict[str, Value] = {"t": 1, "f": 0, "?": None}
_WORD_KEYS = frozenset({"statement", "claim"})
_TRAILING = ".,;:!*_`\"'"
# Pairs are read only in outputs this long or shorter: compact by nature.
_MAX_CHARS = 20_000


class Pairs(NamedTuple):
    """Each statement's verdict (in statement order) and where the pairs stand."""

    items: tuple[Item, ...]
    spans: tuple[tuple[int, int], ...]


def read_pairs(lowered: str, expected: int, words: VerdictWords) -> Pairs | None:
    """The verdicts of compact pairs, or ``None`` unless every statement is named once with a verdict."""
    if expected < 1 or len(lowered) > _MAX_CHARS:
        return None
    found: dict[int, Item] = {}
    spans: list[tuple[int, int]] = []
    for pair in _PAIR.finditer(lowered):
        index = int(pair.group("n")) - 1
        word = pair.group("v").rstrip(_TRAILING) or pair.group("v")
        if word in words.values:
            value = words.values[word]
        elif word in _LETTERS and pair.group("key") not in _WORD_KEYS:
            value = _LETTERS[word]  # "S1=T": a compact code; "Statement 1: T" may be a word cut off
        else:
            return None  # a key whose value is no verdict: this is not a layout of pairs
        if not 0 <= index < expected or index in found:
            return None
        found[index] = Item(value, word)
        spans.append((pair.start(), pair.end()))
    if len(found) != expected:
        return None
    return Pairs(tuple(found[index] for index in range(expected)), tuple(spans))


__all__ = ["STATEMENT_KEY", "Pairs", "read_pairs"]
