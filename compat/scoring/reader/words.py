"""The words graders use for a verdict, shared by the JSON and the text readers.

A person reads ``Supported``, ``Nope``, ``True``, ``✓``, ``Oui`` or ``Sí`` as a verdict
without hesitation, so the fixed scorer does too. Words that say "I could not tell"
(``N/A``, ``unclear``, ``partially supported``) hold a statement's place but carry no
verdict: they count as missing, never as supported.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Literal, NamedTuple

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
    "entailed",
    "entailment",  # an NLI label: the context entails the statement
    "pass",
    "passed",
    # Words graders use unasked where the prompt offered yes and no (each seen beside "Correct").
    "accurate",
    "valid",
    "holds",
    "grounded",
    # A taxonomy's entry for a statement that holds no error ("Hallucination type: No hallucination").
    "no error",
    "no errors",
    "no hallucination",
    "no hallucinations",
    # Graders asked in Spanish, Portuguese, French or German answer in their words.
    "verdadero",
    "verdadeiro",
    "vrai",
    "wahr",
    "richtig",
    "respaldada",
    "respaldado",
    "suportada",
    "suportado",
    "apoiada",
    "apoiado",
    "étayée",
    "étayé",
    "gestützt",
    "belegt",
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
    "not entailed",
    "contradicted",
    "contradiction",  # an NLI label
    "not stated",
    "inaccurate",
    "not accurate",
    "invalid",
    "not valid",
    "does not hold",
    "doesn't hold",
    "unverified",
    "not grounded",
    "ungrounded",
    "refuted",
    "fail",
    "failed",
    # A taxonomy's entries for a statement that holds an error (RAGTruth's types, FRANK's, intrinsic
    # and extrinsic hallucination, a typed error): each says what is wrong, so not supported.
    "evident conflict",
    "subtle conflict",
    "evident baseless info",
    "subtle baseless info",
    "baseless info",
    "intrinsic hallucination",
    "extrinsic hallucination",
    "numerical error",
    "temporal error",
    "entity error",
    "predicate error",
    "circumstance error",
    "out-of-article error",
    "factual error",
    "no",
    "nope",
    "nah",
    "n",
    "false",
    "non",
    "nein",
    "nee",
    "falso",
    "faux",
    "falsch",
    "no respaldada",
    "no respaldado",
    "não suportada",
    "não suportado",
    "não apoiada",
    "não apoiado",
    "non étayée",
    "non étayé",
    "nicht gestützt",
    "nicht belegt",
    "não",
    "nao",
    "нет",
)
# Marks and CJK words: not delimited by word boundaries (是的, ✅Yes).
YES_MARKS: tuple[str, ...] = ("✓", "✔", "☑", "✅", "是", "对", "はい", "예", "네")
# Not "×": it is the multiplication sign far more often than a verdict.
NO_MARKS: tuple[str, ...] = ("✗", "✘", "❌", "☒", "✖", "否", "不是", "いいえ", "아니요", "아니오")
# A place held without a verdict: the grader said it could not tell.
NONE_WORDS: tuple[str, ...] = (
    "n/a",
    "not sure",
    "unsure",
    "maybe",
    "cannot determine",
    "cannot be determined",
    "can't determine",
    "can't be determined",
    "cannot tell",
    "can't tell",
    "cant tell",
    "cannot say",
    "can't say",
    "don't know",
    "dont know",
    "ambiguous",
    "inconclusive",
    "cannot be verified",
    "can't be verified",
    "could not be verified",
    "unverifiable",
    "insufficient information",
    "not enough information",
    "indeterminate",
    "❓",
    "indeterminado",
    "indeterminada",
    "indéterminé",
    "indéterminée",
    "unbestimmt",
    "unklar",
    "no se puede determinar",
    "não é possível determinar",
    "impossible à déterminer",
    "nicht entscheidbar",
    "无法确定",  # Chinese: cannot be determined
    "不确定",  # Chinese: not sure
    "partially supported",
    "partly supported",
    "partially",
    "partial",
    "unknown",
    "unclear",
    "uncertain",
    "undetermined",
    "undecided",
    # An NLI label: the context neither entails nor contradicts it. Not supported, but no verdict
    # said so; the mismatch policy decides (unsupported by default).
    "neutral",
    "no contradiction",  # not contradicted is not entailed: no verdict either way
)

# An adverb of degree right before a verdict word ("weakly supported", "mostly supported"): a degree
# of support, verdict-like, but no verdict said. Searched for up to where the word starts.
DEGREE_ADVERBS = ("weakly", "mostly", "largely", "somewhat", "barely", "slightly", "minimally", "poorly", "loosely")
HEDGED = re.compile(r"(?<!\w)(?:" + "|".join(DEGREE_ADVERBS) + r")[ \t*_]+$")

WORD_VALUES: dict[str, Literal[0, 1] | None] = {
    **{word: 1 for word in YES_WORDS + YES_MARKS},
    **{word: 0 for word in NO_WORDS + NO_MARKS},
    **{word: None for word in NONE_WORDS},
}
PLAIN_WORDS = frozenset({"yes", "no"})  # what the legacy parser knows; anything else is a variant


def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(_spaced(word) for word in sorted(words, key=len, reverse=True))  # longest first


def _spaced(word: str) -> str:
    """A word's pattern, a space as any run of spaces or a hyphen: "not  supported" and
    "not-supported" read as "not supported"."""
    return re.escape(word).replace(r"\ ", r"(?:[ \t]+|-)")


# Where a Latin word may start: not inside a word, nor glued to one by a hyphen ("non-supported"
# holds no "supported").
_WORD_START = r"(?<!\w)(?<![^\W_]-)"


# One verdict word: a NONE word first ("n/a" before "n"), then whole Latin words, then marks.
VERDICT_WORD = (
    r"(?:"
    + _WORD_START
    + "(?:"
    + _alternation(NONE_WORDS + YES_WORDS + NO_WORDS)
    + r")(?!\w)|"
    + _alternation(YES_MARKS + NO_MARKS)
    + ")"
)
_SPACES = re.compile(r"\s+")


def word_value(word: str, values: Mapping[str, Literal[0, 1] | None] = WORD_VALUES) -> Literal[0, 1] | None:
    """The value of a word that ``VERDICT_WORD`` (or a ``WordTable``'s pattern) matched (lower case)."""
    if word in values:
        return values[word]
    return values.get(_as_words(word))  # "not  supported", "not-supported"


STRIP = " \t\r\n.!?,;:\"'`*_()[]{}<>“”‘’«»。"
MAX_WORD_CHARS = 40  # longer is a sentence, not a verdict


def normalise_word(raw: str) -> str:
    """A word as the readers compare it: NFKC, lower case, spaces folded, punctuation around it gone."""
    return _fold(raw.strip(STRIP))


def _fold(text: str) -> str:
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    return _SPACES.sub(" ", text.lower()).strip(STRIP)


def _as_words(text: str) -> str:
    """A word joined by hyphens or underscores, or spaced widely, as words a single space apart."""
    return _SPACES.sub(" ", text.replace("_", " ").replace("-", " "))


def read_word(raw: str, values: Mapping[str, Literal[0, 1] | None] = WORD_VALUES) -> tuple[bool, Literal[0, 1] | None]:
    """A JSON string read as a verdict: (readable, value); ``"No."`` and ``"Supported"`` read."""
    text = raw.strip(STRIP)
    if len(text) > MAX_WORD_CHARS:
        return False, None
    text = _fold(text)
    if text in ("1", "0"):
        return True, 1 if text == "1" else 0
    if text not in values and ("_" in text or "-" in text):
        text = _as_words(text)  # "not_entailed", an enum's name
    if text not in values:
        return False, None
    value = values[text]
    return value is not None, value  # a place without a verdict is no verdict


class WordTable(NamedTuple):
    """The verdict words in force: the pattern that finds one, and what each is worth."""

    pattern: str
    values: Mapping[str, Literal[0, 1] | None]
    starts: str  # the first characters of the added words that are not word characters (marks)


BUILT_IN_WORDS = WordTable(VERDICT_WORD, WORD_VALUES, "")


def word_table(yes: tuple[str, ...], no: tuple[str, ...], none: tuple[str, ...]) -> WordTable:
    """The built-in words and these (normalised, as ``normalise_word`` gives them) in one table.

    One alternation, longest first: an added "no evidence" is read before the built-in
    "no", a built-in "not supported" before an added "not". A word is delimited as a
    whole word where it begins or ends with a letter or digit of a script written with
    spaces, and found anywhere otherwise (marks, CJK), as the built-in words are.
    """
    added: dict[str, Literal[0, 1] | None] = {
        **{word: 1 for word in yes},
        **{word: 0 for word in no},
        **{word: None for word in none},
    }
    return extended_table(WORD_VALUES, added)


def extended_table(values: Mapping[str, Literal[0, 1] | None], added: Mapping[str, Literal[0, 1] | None]) -> WordTable:
    """The words of ``values`` and ``added`` in one table (``added`` already normalised)."""
    every = {**values, **added}
    ordered = sorted(every, key=len, reverse=True)
    pattern = "(?:" + "|".join(map(_delimited, ordered)) + ")"
    starts = "".join(sorted({word[0] for word in added if not _spaced_word_char(word[0])}))
    return WordTable(pattern, every, starts)


def _delimited(word: str) -> str:
    body = _spaced(word)
    before = _WORD_START if _spaced_word_char(word[0]) else ""
    after = r"(?!\w)" if _spaced_word_char(word[-1]) else ""
    return before + body + after


def _spaced_word_char(char: str) -> bool:
    """A letter, digit or underscore of a script whose words are separated by spaces (not CJK)."""
    if not (char.isalnum() or char == "_"):
        return False
    return not unicodedata.name(char, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))
