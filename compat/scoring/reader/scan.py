"""Where a text's verdict words stand, found with C-level string operations.

The reader needs every verdict word that ends its phrase (``No.``, ``not supported,``;
not ``No mention``): its spots (``repetition``). A regular expression of every word,
tried at every position, costs about 80 steps a character in CPython, and even one
simple pattern run over the whole text costs twenty times ``str.find``. So the text is
cut into word tokens once (``str.translate`` and ``str.split``; a token that still holds a
character that is no letter is cut by a pattern, a few per text), the
tokens that can begin a verdict word are found by a set intersection, and only their
occurrences are sought (``str.find``) and confirmed by the exact pattern at their place.
Marks and words that are not letters (``✅``, ``是``) are sought by ``str.find`` where the
text is not ASCII.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from itertools import islice
from typing import NamedTuple

# Every ASCII character that is not a letter or a digit becomes a space: split() then gives
# the text's word tokens as the pattern's (?<!\w)/(?!\w) delimit them ("_" is a space after
# ``prepare``).
_ASCII_TOKENS = str.maketrans({chr(code): " " for code in range(128) if not chr(code).isalnum()})
_COMMON_PUNCTUATION = ("§", "—", "–", "’", "‘", "“", "”", "«", "»", "…", "•", "·", "→", "\u00a0")
_ASCII_TOKEN_BYTES = bytes(code if code >= 128 or chr(code).isalnum() else 32 for code in range(256))
_WORD = re.compile(r"[^\W_]+")


class WordStarts(NamedTuple):
    """What to look for: the first token of each word made of letters and digits, and the
    words that are not (marks, or beginning with a mark)."""

    tokens: frozenset[str]
    others: tuple[str, ...]
    whole: frozenset[str]  # tokens that are a word themselves and begin no longer one: no pattern needed


def word_starts(words: Iterable[str]) -> WordStarts:
    tokens: set[str] = set()
    others: list[str] = []
    longer: set[str] = set()  # tokens that begin a word of several ("not" of "not supported", "n" of "n/a")
    listed = set(words)
    for word in listed:
        first = _WORD.match(word)
        if first is not None and first.start() == 0:
            tokens.add(first.group())
            if first.end() < len(word):
                longer.add(first.group())
        else:
            others.append(word)
    whole = frozenset(token for token in tokens if token in listed and token not in longer)
    return WordStarts(frozenset(tokens), tuple(others), whole)


def candidate_starts(text: str, starts: WordStarts, most: int = 40_000) -> list[tuple[int, str]]:
    """Where a verdict word may begin, in order, with the token found there: each occurrence
    of a first token that stands as a whole token, and each occurrence of a mark.

    At most ``most`` places a token: where one token hits the bound, the places after its last
    one are not known for every token, so the answer ends there (a 10 MB run of "yes. no."
    costs what its first verdicts cost). Which tokens a long text holds is first asked of its
    head; only where the answer reaches past the head is the whole text cut into tokens.
    """
    head = text if len(text) <= _HEAD_CHARS else text[:_HEAD_CHARS]
    found, horizon = _starts_of(text, _present(head), starts, most)
    if head is not text and horizon >= _HEAD_CHARS - _LONGEST_TOKEN:
        found, horizon = _starts_of(text, _present(text), starts, most)
    found.sort()
    if horizon < len(text):
        found = [place for place in found if place[0] <= horizon]
    return found


_HEAD_CHARS = 1 << 18
_LONGEST_TOKEN = 64  # a token cut by the head's end starts at most this far before it


def _present(text: str) -> tuple[set[str], bool]:
    """The word tokens of ``text``, and whether it may hold a mark or a word outside ASCII."""
    tokens_of = text
    if not text.isascii():
        # The usual characters outside ASCII are the echo tokens' "§" and punctuation ("—", "’"): a
        # C-level replace of each often leaves ASCII, which str.translate reads fast.
        for mark in _COMMON_PUNCTUATION:
            if mark in tokens_of:
                tokens_of = tokens_of.replace(mark, " ")
    if tokens_of.isascii():  # then the text holds no mark and no word outside ASCII either
        return set(tokens_of.translate(_ASCII_TOKENS).split()), False
    # str.translate looks up every character outside ASCII in a dict; bytes.translate does not
    tokens = set(tokens_of.encode("utf-8", "surrogatepass").translate(_ASCII_TOKEN_BYTES).split())
    present = {token.decode("utf-8", "surrogatepass") for token in tokens}
    for token in [token for token in present if not token.isalnum()]:  # "«sí»", "✅yes"
        present.update(_WORD.findall(token))
    return present, True


def _starts_of(
    text: str, present: tuple[set[str], bool], starts: WordStarts, most: int
) -> tuple[list[tuple[int, str]], int]:
    tokens, marks_possible = present
    found: list[tuple[int, str]] = []
    horizon = len(text)
    for token in tokens & starts.tokens:
        places = [(match.start(), token) for match in islice(_whole(token).finditer(text), most)]
        if len(places) == most:
            horizon = min(horizon, places[-1][0])
        found.extend(places)
    for other in starts.others:
        if not marks_possible and not other.isascii():
            continue  # a mark or a CJK word cannot stand in ASCII text
        at = text.find(other)
        taken = 0
        while at >= 0 and taken < most:
            found.append((at, other))
            taken += 1
            at = text.find(other, at + len(other))
        if taken == most:
            horizon = min(horizon, found[-1][0])
    return found, horizon


@lru_cache(maxsize=1024)
def _whole(token: str) -> re.Pattern[str]:
    """A token standing as a whole token. The token leads the pattern, so the engine finds each
    occurrence with its fast literal search; what stands around it is checked after."""
    escaped = re.escape(token)
    return re.compile(escaped + r"(?<![^\W_]" + escaped + r")(?![^\W_])")
