"""The words graders use for a verdict, shared by the JSON and the text readers.

A person reads ``Supported``, ``Nope``, ``True``, ``✓``, ``Oui`` or ``Sí`` as a verdict
without hesitation, so the fixed scorer does too. Words that say "I could not tell"
(``N/A``, ``unclear``, ``partially supported``) hold a statement's place but carry no
verdict: they count as missing, never as supported.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

# Latin-script words, read as whole words (lower case; after NFKC, so full-width letters
# arrive as ASCII). Longer phrases first: the regex alternation tries them in order.
YES_WORDS: tuple[str, ...] = (
    "yes",
    "yep",
    "yeah",
    "y",
    "true",
    "supported",
    "fully supported",
    "faithful",
    "correct",
    "oui",
    "sí",
    "si",
    "sì",
    "ja",
    "sim",
    "да",
)
NO_WORDS: tuple[str, ...] = (
    "not supported",
    "unsupported",
    "not faithful",
    "unfaithful",
    "incorrect",
    "not correct",
    "no",
    "nope",
    "nah",
    "n",
    "false",
    "non",
    "nein",
    "não",
    "nao",
    "нет",
)
# Marks and CJK words: not delimited by word boundaries (是的, ✅Yes).
YES_MARKS: tuple[str, ...] = ("✓", "✔", "☑", "✅", "是", "对", "はい", "예", "네")
# Not "×": it is the multiplication sign far more often than a verdict.
NO_MARKS: tuple[str, ...] = ("✗", "✘", "❌", "☒", "✖", "否", "不是", "いいえ", "아니요", "아니오")
# A place held without a verdict.
NONE_WORDS: tuple[str, ...] = (
    "n/a",
    "partially supported",
    "partly supported",
    "partially",
    "partial",
    "unknown",
    "unclear",
    "uncertain",
    "undetermined",
)

WORD_VALUES: dict[str, Literal[0, 1] | None] = {
    **{word: 1 for word in YES_WORDS + YES_MARKS},
    **{word: 0 for word in NO_WORDS + NO_MARKS},
    **{word: None for word in NONE_WORDS},
}
PLAIN_WORDS = frozenset({"yes", "no"})  # what the legacy parser knows; anything else is a variant


def _alternation(words: tuple[str, ...]) -> str:
    # Longest first, spaces as any run of spaces: "not  supported" reads like "not supported".
    return "|".join(re.escape(word).replace(r"\ ", r"[ \t]+") for word in sorted(words, key=len, reverse=True))


# One verdict word: a NONE word first ("n/a" before "n"), then whole Latin words, then marks.
VERDICT_WORD = (
    r"(?:(?<!\w)(?:"
    + _alternation(NONE_WORDS + YES_WORDS + NO_WORDS)
    + r")(?!\w)|"
    + _alternation(YES_MARKS + NO_MARKS)
    + ")"
)
_SPACES = re.compile(r"\s+")


def word_value(word: str) -> Literal[0, 1] | None:
    """The value of a word that ``VERDICT_WORD`` matched (lower case)."""
    if word in WORD_VALUES:
        return WORD_VALUES[word]
    return WORD_VALUES.get(_SPACES.sub(" ", word))  # "not  supported"


_STRIP = " \t\r\n.!?,;:\"'`*_()[]{}<>“”‘’«»。"


def read_word(raw: str) -> tuple[bool, Literal[0, 1] | None]:
    """A JSON string read as a verdict: (readable, value); ``"No."`` and ``"Supported"`` read."""
    text = raw.strip(_STRIP)
    if len(text) > 40:  # a sentence, not a verdict
        return False, None
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    text = _SPACES.sub(" ", text.lower()).strip(_STRIP)
    if text in ("1", "0"):
        return True, 1 if text == "1" else 0
    if text in WORD_VALUES and text not in NONE_WORDS:
        return True, WORD_VALUES[text]
    return False, None
