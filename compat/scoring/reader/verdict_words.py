"""The verdict words in force (``VerdictWords``) and the patterns that find one in an item.

An item is the text a grader gave for one statement (``1. No - not in the context.``,
``Statement 2 → Yes``, ``John is a student. - No``, ``Verdict: **Supported**``). Two
patterns read it, both built from the word table, so a team's added words are read
wherever the built-in ones are:

* ``head``: the verdict at the item's start, past bullets, markdown, an enumeration, a
  label (``Verdict:``, ``Answer:``, ``Conclusion:``, ``Supported?``) and decoration;
* ``tail``: a verdict after a joiner further on (``- No``, ``: No``, ``→ No``), where the
  item begins with something else (an echoed statement).

A verdict word must end its phrase: followed by punctuation, a bracket, the end, or a
word that carries on a verdict (``Supported by the context``). Followed by any other
word it is a determiner (``No context was provided``, ``No refunds are given``), not a
verdict. Every part is bounded or followed by something it cannot match: linear.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal, NamedTuple, TypeVar

from compat.scoring.reader.scan import WordStarts, word_starts
from compat.scoring.reader.vocabulary import Vocabulary
from compat.scoring.reader.words import BUILT_IN_WORDS, WordTable, extended_table, word_table

MAX_VERDICTS = 10_000
Value = Literal[0, 1] | None
# The word that says each value, where a reader writes a verdict back into the text it reads.
SAID: Mapping[Value, str] = {1: "yes", 0: "no", None: "not sure"}
Read = TypeVar("Read")

# What may stand before an item's content: white space, bullets, markdown, quotes, arrows.
_LEAD = r"[\s>*•·+\-–—=_~`\"'“”‘’«»\[\]{}<|→⇒➔➜\\]*"
# Ordinals as graders enumerate with them ("First: No", "Eleventh: Yes").
ORDINALS = (
    "first", "second", "third", "fourth", "fifth", "sixth",
    "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
)  # fmt: skip
# "1.", "1)", "(1)", "#1", "statement 3", "S4", "claim 5", "a)", "iv.", "first" (circled and
# roman numeral characters arrive as digits and letters after NFKC). A bare number counts only
# when a delimiter and more text follow it: "1." alone is a verdict where numbers are verdicts.
ENUMERATION = (
    r"(?:(?:statement|claim|item|s|c)[ \t]*#?[ \t]*\d{1,4}(?!\d)"
    r"|\([ \t]*\d{1,4}[ \t]*\)|#[ \t]*\d{1,4}(?!\d)"
    r"|\d{1,4}(?:[.):](?=[ \t]*[^\s.):])|(?=[ \t]*(?:→|->|=>|[-–—][ \t]))|(?=[ \t]+[^\s\d.,]))"
    r"|(?:x{0,1}(?:i{1,3}|iv|vi{0,3}|ix)|xx?|[a-mo-xz])(?=[.)][ \t])"  # roman to xx; letters but y and n
    r"|" + "|".join(ORDINALS) + r")(?!\w)"
)
# A word that labels a verdict rather than being one.
_LABEL = (
    r"(?:(?:the[ \t]+)?(?:verdict|answer|label|result|decision|assessment|judge?ment|conclusion|rating)"
    r"(?:[ \t]+is)?(?!\w)|supported[ \t]*\?|boxed(?!\w))"
)
# The check marks a grader draws a verdict with ("✅ Yes", "❌", "❓"): one set, every reader's.
MARKS = "✓✔☑✅✗✘❌☒✖❓"
# Between an enumeration, a label and the word: punctuation, markdown, quotes, brackets, arrows.
_JOIN = r"[ \t:.)\]}*_`\"'“”‘’«»=~+\-–—→⇒➔➜>(\[{<|\\]*"
# The end of a verdict phrase: punctuation, a bracket, an emoji, the end; or a word that
# carries a verdict on ("Supported by the context", "No, it is not", "Yes because ...").
_ENDS = (
    r"(?![ \t]*\?)"  # "Supported?" asks (a column, a label), it does not answer
    r"(?![^\w\s。、]+\w)"  # glued to a word by punctuation ("Yes:a") it is part of something else
    r"(?=[ \t]*(?:$|[^\w \t])|[ \t]+(?:by|because|as|since|based|according|given|per|it|this|that|for)(?!\w)"
    rf"|[ \t]+[{MARKS}])"
)
# 1 and 0 as verdicts, where numbers stand for verdicts (a final block, a marker, a table).
# After a label ("Verdict: 1. Explanation...") a 1 or 0 is the verdict; elsewhere not "1." or "1)"
# before more text, nor "1 →": those enumerate. Nor, anywhere, "1:" or "(1)" before a lone "?" or
# letter: "Verdicts: 1:?; 2:N" numbers its items ("→ 1: explicitly stated" is a 1 explained); nor
# before the statement it numbers ("1   §0§   incorrect", "1 | §0§ | …", "1. Statement: ...").
# Never "[1, 2, 3]", nor the 1 of "-1" (a code of its own: "-1 = cannot tell").
_NUMBER = (
    r"(?<![-−])(?P<n>[01])(?![^\n]{0,3}\d)(?![):][ \t]*(?:\?|[a-z](?!\w)))(?![ \t]+(?:§|statement|claim))"
    r"(?![):][ \t]*[a-z][a-z \t]{0,30}:)"  # "1: Incorrect: not supported": the 1 numbers a line of fields
    r"(?![ \t]*[|&][ \t]*(?:§|statement|claim))"  # "1 | §0§ | ...", LaTeX's "1 & §0§ &": a row's number
    r"(?!\][ \t]*[a-z])"  # "[1] UNSUPPORTED p=0.17": a bracket that numbers the line
    r"(?(l)(?!\w)|(?!\w|[.)][ \t]*\S|[ \t]*(?:→|->|=>)))"
)
_TAIL_JOINER = r"(?:[ \t]*(?:[-–—:=|→⇒➔➜,]|->|=>)[ \t*_`\"'“”‘’«»<\[(]*)"
OVERALL = re.compile(_LEAD + r"overall(?!\w)")
# Where 1 and 0 can only be verdicts: after a label, or after a statement named in words.
# An echoed statement (``§2§``, see ``text_verdicts``) names its statement as well as its number does.
NAMED_PLACE = re.compile(r"(?<!\w)(?:(?:statement|claim|item|s|c)[ \t]*#?[ \t]*\d|§\d{1,4}§|" + _LABEL + ")")


class VerdictWords(NamedTuple):
    """The verdict words in force, and the item patterns built from them."""

    values: Mapping[str, Value]  # what each word is worth
    head: re.Pattern[str]  # a verdict at an item's head
    head_or_number: re.Pattern[str]  # the same, 1 and 0 read as verdicts too
    tail: re.Pattern[str]  # a verdict after a joiner, further on in an item
    tail_or_number: re.Pattern[str]  # the same, 1 and 0 read as verdicts too
    bare: re.Pattern[str]  # a verdict word, matched where ``starts`` says one may begin
    ends: re.Pattern[str]  # what must follow a verdict word for it to end its phrase
    starts: WordStarts  # what ``scan`` looks for to find where a verdict word may begin
    plain_run: bool  # whether the plain yes/no fast path reads what the item reader would
    # Items already read, by (text, numbers): graders repeat the same few ("verdict: yes.",
    # "no") in every output, and reading one costs a handful of regex calls.
    read: dict[tuple[str, bool | None], object]
    # Whole texts already read, by (prepared text, statement count), up to a few hundred
    # characters: a grader answering in its prompt's format repeats the same short outputs
    # ("Final verdict ...: Yes. No. Yes.", a refusal) case after case.
    texts: dict[tuple[str, int | None], object]


def remember(memory: dict[Any, object], key: object, most: int, value: Read) -> Read:
    """``value``, stored in ``memory`` under ``key``; a memory of ``most`` entries starts over."""
    if len(memory) >= most:
        memory.clear()
    memory[key] = value
    return value


UNREAD = object()  # what a memory's .get gives for a key not read yet


# A check mark before a verdict word is the same verdict drawn: "✅ Yes", "❌ No", "✔️ Supported".
_MARK = rf"(?:[{MARKS}]\ufe0f?[ \t]*(?=\w))?"


# "Supported: false", "correct = 1": a field's name, whose value (a verdict word, 0 or 1, alone on
# the rest of its line or its cell but for punctuation) follows it. Checked before the end of a phrase.
_FIELD = r"(?![\"'`]?[ \t*]*[:=][ \t]*[\"'`*(\[{{]*(?:{words}|[01]|t|f)(?![\w\"'`*]*[ \t]*[^\s\"'`*.,;!)\]}}|]))"


def _compile(table: WordTable) -> VerdictWords:
    ends = _FIELD.format(words=table.pattern) + _ENDS
    # A mark ends where a space follows it, whatever comes next: "☐ The store opens at 9." is a
    # box drawn before a statement; a word must end its phrase ("No refunds are given" is no verdict).
    word = _MARK + "(?P<v>" + table.pattern + ")(?:(?<=[^\\w\\s])(?=[ \\t]+\\S)|" + ends + ")"
    start = (
        _LEAD
        + "(?:(?:and|then|&)(?!\\w)" + _JOIN + ")?"  # "Yes, and No": a connector before the next item
        + "(?:(?P<e>" + ENUMERATION + ")" + _JOIN + ")?(?:(?P<l>" + _LABEL + ")" + _JOIN
        + "(?:(?P<e2>" + ENUMERATION + ")" + _JOIN + ")?)?"
    )  # fmt: skip
    head = re.compile(start + word)
    head_or_number = re.compile(start + "(?:" + word + "|" + _NUMBER + ends + ")")
    # After a joiner, an enumeration or a label may still stand before the word: "To summarize: (1) Pass".
    after = _TAIL_JOINER + "(?:" + ENUMERATION + _JOIN + ")?(?:(?P<l>" + _LABEL + ")" + _JOIN + ")?"
    tail = re.compile(after + word)
    tail_or_number = re.compile(after + "(?:" + word + "|" + _NUMBER + ends + ")")
    # A run of plain yes/no words is read in one call unless an added word is made of
    # nothing but those letters and punctuation: it could then read that run otherwise.
    added = set(table.values) - set(BUILT_IN_WORDS.values)
    plain_run = not any(all(not char.isalnum() or char in "yesno" for char in word) for word in added)
    return VerdictWords(
        values=table.values,
        head=head,
        head_or_number=head_or_number,
        tail=tail,
        tail_or_number=tail_or_number,
        bare=re.compile(_MARK + "(?P<v>" + table.pattern + ")"),
        ends=re.compile(ends),
        starts=word_starts(table.values),
        plain_run=plain_run,
        read={},
        texts={},
    )


BUILT_IN = _compile(BUILT_IN_WORDS)


def with_marks(words: VerdictWords, marks: Mapping[str, Value]) -> VerdictWords:
    """``words`` and the marks a text's legend defines (``legend``), compiled once per set of them."""
    key = (words.head.pattern, frozenset(marks.items()))
    known = _WITH_MARKS.get(key)
    return (
        known
        if isinstance(known, VerdictWords)
        else remember(_WITH_MARKS, key, 64, _compile(extended_table(words.values, marks)))
    )


_WITH_MARKS: dict[object, object] = {}  # a few legends recur across a corpus: each compiled once


def verdict_words(vocabulary: Vocabulary | None) -> VerdictWords:
    """The built-in words with ``vocabulary``'s added: compiled once per scorer, not per case."""
    if not vocabulary:
        return BUILT_IN
    return _compile(word_table(vocabulary.yes, vocabulary.no, vocabulary.none))
