"""The verdict words in force (``VerdictWords``) and the text patterns built from them, for every reader."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, NamedTuple

from compat.scoring._vocabulary import Vocabulary
from compat.scoring._words import BUILT_IN_WORDS, WordTable, word_table

MAX_VERDICTS = 10_000
Value = Literal[0, 1] | None

# Separators between verdicts: punctuation, quotes, brackets, markdown, CJK stops. No letter
# and no digit, so each part of a token hands over to the next without ambiguity.
_SEP_CHARS = r"""\s:*.,;!?()\[\]{}#>|/\\"'“”‘’`«»「」。、·・•=~+\-–—"""
_SEP = "[" + _SEP_CHARS + "]*"
_LINE_SEP = "[" + _SEP_CHARS.replace(r"\s", r" \t") + "]*"
# "1.", "(2)", "statement 3:", "S4", "claim #5", "a)", "iv.", "First:" (circled and roman
# numeral characters arrive as digits and letters after NFKC).
_ENUM = (
    r"(?:(?:statement|claim|item|s|c)[ \t]*#?[ \t]*\d{1,4}|#?\d{1,4}"
    r"|(?:[a-l]|i{1,3}|iv|vi{0,3}|ix|xi{0,3})(?=[.):])"
    r"|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|last|finally)(?!\w)"
)
# A word that labels a verdict rather than being one: "Verdict: Yes", "\boxed{Yes}", "Answer - No".
_LABEL = r"(?:verdict|answer|label|result|boxed|text)(?!\w)"
_CONNECTOR = r"(?:and|then|&)(?!\w)"
# An aside right after a verdict: "No (not in the context).", "Yes [see passage 2]".
_ASIDE = r"(?:[ \t!]*[(\[][^()\[\]\n]{0,200}[)\]])?"
TRAILING = re.compile(_SEP + r"\Z")
_PAREN = r"(?:[ \t]*\([^()\n]{0,24}\))?"
# Every branch starts with a literal word, so the regex engine skips ahead to it.
FINAL_HEADER = (
    r"(?:final\s+verdicts?"
    + _PAREN
    + r"\s+(?:for|on)\s+(?:each|every|all|the)(?:\s+(?:of\s+the\s+)?(?:statements?|claims?))?(?:\s*,?\s*in\s+order)?"
    + _PAREN
    + r"[ \t]*[:=\-–—]?|final\s+verdicts"
    + _PAREN
    + r"[ \t]*:|verdicts"
    + _PAREN
    + r"[ \t]*:)"
)
# Not a verdict word but a determiner: "Verdict: No context was provided".
_NON_ANSWER = (
    r"(?![ \t]+(?:context|idea|information|info|data|access|answer|comment|opinion|clue|way|decision"
    r"|judge?ment|verdict|statements?|relevant|sufficient|enough|basis)(?!\w))"
)


class VerdictWords(NamedTuple):
    """The verdict words in force, and every text pattern that holds one."""

    values: Mapping[str, Value]  # what each word is worth
    token: re.Pattern[str]  # one verdict of a run: connector, enumeration, label, word, aside
    header_with_verdict: re.Pattern[str]
    marker: re.Pattern[str]
    list_line: re.Pattern[str]
    cell: re.Pattern[str]
    plain_run: bool  # whether _plain_run reads what _token_run would (no added word could say yes/no)


def _compile(table: WordTable) -> VerdictWords:
    word = table.pattern
    token = re.compile(
        _SEP
        + "(?:(?P<c>"
        + _CONNECTOR
        + ")"
        + _SEP
        + ")?(?:(?P<e>"
        + _ENUM
        + ")"
        + _SEP
        + ")?(?:(?P<l>"
        + _LABEL
        + ")"
        + _SEP
        + ")?(?P<v>"
        + word
        + ")"
        + _ASIDE
    )
    # "Verdict: No", "**Verdict:** yes", "verdict:no", "Verdict — Supported", "Verdict: [No]",
    # "Verdict (Yes/No): No", "The verdict is yes".
    marker = re.compile(
        r"verdict(?<!\wverdict)(?<!overall verdict)(?!\w)[ \t*\"'“”\[\]`]*(?:\([^()\n]{0,24}\)[ \t*]*)?"
        r"(?:[:=\-–—][ \t*\"'“”\[\]`(]*|[ \t]+is[ \t*\"'“”\[\]`(]+)?"
        r"(?P<v>" + word + ")" + _NON_ANSWER
    )
    # A line with a verdict and nothing else but an enumeration, a label and an explanation
    # after a dash or colon (the explanation only after an enumeration: "No, I cannot" is prose).
    # The lookahead turns away, at one character's cost, the lines that cannot start a verdict.
    list_line = re.compile(
        r"^(?=[ \t>*•+(\-#\w✓✔☑✅✗✘❌☒✖"
        + re.escape(table.starts)
        + r"])[ \t>*•+(-]*(?:(?P<e>"
        + _ENUM
        + ")"
        + _LINE_SEP
        + ")?(?:"
        + _LABEL
        + _LINE_SEP
        + ")?(?P<v>"
        + word
        + ")"
        + _ASIDE
        + r"(?P<rest>[ \t]*[:\-–—][^\n]*)?"
        + _LINE_SEP
        + "$",
        re.MULTILINE,
    )
    cell = re.compile(_LINE_SEP + "(?:" + _LABEL + _LINE_SEP + ")?(?P<v>" + word + ")" + _ASIDE + _LINE_SEP)
    header_with_verdict = re.compile(FINAL_HEADER + "(?=" + token.pattern + ")")  # for short texts only
    # A run of plain yes/no words is read in one call unless an added word is made of
    # nothing but those letters and punctuation: it could then read that run otherwise.
    added = set(table.values) - set(BUILT_IN_WORDS.values)
    plain_run = not any(all(not char.isalnum() or char in "yesno" for char in word) for word in added)
    return VerdictWords(table.values, token, header_with_verdict, marker, list_line, cell, plain_run)


BUILT_IN = _compile(BUILT_IN_WORDS)
_TOKEN, _MARKER = BUILT_IN.token, BUILT_IN.marker


def verdict_words(vocabulary: Vocabulary | None) -> VerdictWords:
    """The built-in words with ``vocabulary``'s added: compiled once per scorer, not per case."""
    if not vocabulary:
        return BUILT_IN
    return _compile(word_table(vocabulary.yes, vocabulary.no, vocabulary.none))
