"""Prose about the statements, read for its polarity (text verdict source 5, after ``text_sources``).

A sentence that names one statement (``Statement 2``, ``the second statement``, its echo
``§1§``) and says whether the context supports it is that statement's verdict. A grader that
writes a paragraph per statement names it once and judges it in a later sentence ("Looking at
statement 4: the context says something different. This one is not supported."): a sentence
that names no statement speaks of its paragraph's one statement. Where the sentences about
one statement disagree, it is read as unread (``unread``), never as the lower or the higher.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import NamedTuple

from compat.scoring.reader.items import MAX_ITEM_CHARS
from compat.scoring.reader.verdict_words import MAX_VERDICTS, ORDINALS, Value
from compat.scoring.reader.words import DEGREE_ADVERBS

# Prose is read only from texts that name statements at most this often.
MAX_PROSE_MENTIONS = 4 * MAX_VERDICTS
_SENTENCE_END = re.compile(r"(?<=[.!?;])[ \t]+|\n+")  # a clause after a semicolon is a sentence of its own
_MENTION = re.compile(
    r"(?:statement|claim)[ \t]*#?[ \t]*(?P<i>\d{1,4})(?!\d)(?![ \t]*:)"
    r"|(?P<o>" + "|".join(ORDINALS) + r")[ \t]+(?:statement|claim)"
    r"|(?<!\w)the[ \t]+(?P<o2>" + "|".join(ORDINALS) + r")(?=[ \t]+(?:one[ \t]+)?(?:is|was)(?!\w))"
    r"|§(?P<e>\d{1,4})§"
)
_NUMBERED = re.compile(r"(?:statement|claim)[ \t]*#?[ \t]*(\d{1,4})(?!\d)")
_LABELLED = re.compile(r"[ \t*#>-]*(?:statement|claim)[ \t]*#?[ \t]*\d{1,4}[ \t*]*:")
_UNKNOWN = re.compile(
    r"(?<!\w)(?:unclear|uncertain|ambiguous|either way|(?:cannot|can't) be (?:verified|determined)"
    r"|not (?:sure|certain|clear)|undetermined|indeterminate|null)(?!\w)"
)
_POSITIVE = re.compile(
    r"(?<![\w-])(?:supported|supports|entails?|entailed|holds|correct|accurate|true|faithful|consistent|grounded"
    r"|verified|confirmed|confirms|backed|yes)(?!\w)"
)
_NEGATIVE_WORDS = (
    "unsupported|contradicted|contradicts|incorrect|inaccurate|false|unfaithful|inconsistent|ungrounded|unverified"
)
_NEGATIVE = re.compile(r"(?<!\w)(?:" + _NEGATIVE_WORDS + r"|no)(?!\w)")
_OPPOSITE = re.compile(r"(?<!\w)(?:" + _NEGATIVE_WORDS + r")(?!\w)")  # a negative word that is no mere "no"
# "All statements apart from statement 3 are supported", "statement 2 is not; the others are":
# the sentence judges other statements too, so the one it names is not all it says.
_ABOUT_OTHERS = re.compile(
    r"(?<!\w)(?:except|apart from|other than|aside from|excluding|save for|but for|with the exception of"
    r"|(?:all|every|both|none|neither|the rest|the remaining|remaining|the other|other|any)"
    r"(?:[ \t]+of)?(?:[ \t]+the)?[ \t]+(?:statements?|claims?|ones?|others?)"
    r"|all (?:others|the others|the rest)|the others|the rest|statements|claims)(?!\w)"
)
# A sentence that says something of what it names, not a heading over them.
_SAYS = re.compile(r"(?<!\w)(?:is|are|was|were|holds?|checks?|appears?|seems?)(?!\w)")
# A value given: "..., 'no')", "= false", a cell "| no |".
_GIVEN_NO = re.compile(r"[\"'(,=:|][ \t]*(?:no|false)[\"')]?(?!\w)")
# "the first statement is not;": the verdict word said once for all, left out of the clause that negates it.
_ELLIPTIC_NO = re.compile(r"(?<!\w)(?:is|was|are)(?:[ \t]+not|n't)[ \t]*[.;!,]?[ \t]*$")
# A contrast, then a negation, after the last judging word: the sentence takes that word back.
_TAKEN_BACK = re.compile(r"(?<!\w)(?:but|however|yet|though|although)(?!\w)[^.!?;]*?(?:(?<!\w)(?:not|never)|n't)(?!\w)")
_HEDGE = re.compile(r"(?<!\w)(?:" + "|".join(("partially", "partly", "indirectly", *DEGREE_ADVERBS)) + r")(?!\w)")
# A negated negative of the same judgement ("not unsupported", "isn't incorrect"). "Not
# contradicted" is not among them: a statement the context does not contradict may still be
# one it does not support.
_LITOTES = re.compile(
    r"(?:(?:(?<!\w)not|n't|(?<!\w)never)[ \t]+(?:(?:at[ \t]+all|really|entirely|actually)[ \t]+)?"
    r"|(?:(?<!\w)cannot|can't|couldn't|wouldn't|(?<!\w)would[ \t]+not)[ \t]+(?:call|consider|deem|label|mark|rate)"
    r"[ \t][^.;:\n]{0,40}?)"
    r"(?:unsupported|incorrect|inaccurate|false|untrue|unfounded|unverified|ungrounded|unfaithful)(?!\w)"
)
_NEGATION = re.compile(r"(?<!\w)(?:not|n't|never|neither|nor|cannot|no longer)(?!\w)|n't(?!\w)")
# A subject that is nobody's, before a verb that judges: "Nothing in the reference text supports
# this", "no passage confirms it" deny what the verb says.
_NO_SUBJECT = re.compile(
    r"(?<!\w)(?:nothing|none|nowhere|nobody|no[ \t]+(?:[a-z]+[ \t]+)?(?:passage|evidence|part|sentence|document"
    r"|source|information|text|context|line|mention|section|fact|detail|data|reference|snippet|chunk)s?)(?!\w)"
)
# "No" before a failing's name ("no misstatement", "no discrepancy", "no contradiction found") says the
# failing is absent, which is neither the statement's "no" nor, by itself, its support.
_NO_FAILING = re.compile(
    r"(?<!\w)no[ \t]+(?:misstatements?|discrepanc(?:y|ies)|contradictions?|conflicts?|errors?|issues?|exceptions?"
    r"|problems?|hallucinations?|inconsistenc(?:y|ies)|mismatch(?:es)?|deviations?|concerns?)(?!\w)"
)
_JUDGING_VERBS = frozenset(("supports", "entails", "entail", "confirms", "backs"))


def mentions(lowered: str) -> int:
    return lowered.count("statement") + lowered.count("claim") + lowered.count("§")


class ProseReading(NamedTuple):
    """Verdicts by statement number (from 1) and the sentences they were read from."""

    by_index: dict[int, Value]
    spans: list[tuple[int, int]]
    unread: frozenset[int] = frozenset()  # named alone by a sentence whose verdict was not read
    templated: frozenset[int] = frozenset()  # named by sentences of one template that hold its value


def read_prose(lowered: str) -> ProseReading:
    """Verdicts by statement from sentences about one statement each (said twice, the lower), and
    from the sentences of a paragraph that names one statement only (said otherwise, unread)."""
    by_index: dict[int, Value] = {}
    spans: list[tuple[int, int]] = []
    unread: set[int] = set()
    paragraph = _Paragraph()
    templates = _Templates()
    pos = 0
    for sentence in islice(_sentences(lowered), 4 * MAX_VERDICTS):
        at = lowered.find(sentence, pos) if sentence else pos
        if lowered.count("\n", pos, at) >= 2:
            paragraph.close(by_index, spans, unread)
            paragraph = _Paragraph()
        pos = at + len(sentence)
        if len(sentence) > MAX_ITEM_CHARS:
            continue
        named = list(_MENTION.finditer(sentence))
        mentioned = {_index(match) for match in named} - {None}
        paragraph.named.update(index for index in mentioned if index is not None)
        if _LABELLED.match(sentence) or "statement" in sentence or "claim" in sentence:
            # "Looking at statement 4: ...": a label names its paragraph's statement as well
            paragraph.named.update(int(label.group(1)) for label in _NUMBERED.finditer(sentence))
        if _LABELLED.match(sentence):
            continue  # "Statement 1: ..." introduces an echo or an explanation, not a judgement
        if "?" in sentence:  # a question judges nothing: only its answer does ("...context? No.")
            sentence = sentence[sentence.rfind("?") + 1 :]
        if not mentioned:
            if _ABOUT_OTHERS.search(sentence) and _SAYS.search(sentence):
                # "Statements 1, 3 and 4 are supported", "All the other statements are": about
                # statements besides the paragraph's one, so the paragraph speaks of several (a
                # heading, "**Unsupported statements**", says nothing of them yet).
                paragraph.about_others = True
                continue
            if not _STRUCTURE.search(sentence) and _WORD.search(sentence) and not _A_RULE.search(sentence):
                value = _polarity(sentence)
                if value is not _NOT_A_VERDICT:  # "This one is not supported.": the paragraph's statement
                    paragraph.said.append((1 if value == 1 else 0 if value == 0 else None, (at, pos)))
            continue
        if len(mentioned) != 1:
            continue  # about several statements: not one statement's verdict
        if _ABOUT_OTHERS.search(sentence, sentence.rfind(":", 0, named[0].start()) + 1):
            continue  # ... or about others besides it (a lead-in before a colon is not the sentence)
        index = mentioned.pop()
        assert index is not None
        value = _polarity(sentence)
        if not 1 <= index <= MAX_VERDICTS:
            continue
        if value is _NOT_A_VERDICT:
            unread.add(index)  # "Statement 7 checks out against the context": judged, in words not known
            continue
        previous = by_index.get(index, value)
        by_index[index] = _lower(previous, value)
        spans.append((at, pos))
        templates.add(index, sentence, (at, pos))
    paragraph.close(by_index, spans, unread)
    templated: set[int] = set()
    for index, span in templates.layout():
        by_index.pop(index, None)
        templated.add(index)
        if span in spans:
            spans.remove(span)
    return ProseReading(by_index, spans, frozenset((unread | templated) - by_index.keys()), frozenset(templated))


# A sentence of words, not of structure: no field given a value ("supported = false"), cell,
# bracket or comment. Every such sentence of a paragraph counts, the reasoning's words too
# ("The statement sounds true, but..."): where they say two things, the statement is unread.
_STRUCTURE = re.compile(r"[=|{}\[\]<>#]")
# A rule or a condition is no verdict: "A split statement counts as supported only if both parts are."
_A_RULE = re.compile(r"(?<!\w)(?:if|unless|whether|counts?[ \t]+as|means)(?!\w)")
_WORD = re.compile(r"[a-z]{2}")


@dataclass(slots=True)
class _Paragraph:
    """What one paragraph says: the statements it names, and the verdicts of its sentences that name none."""

    named: set[int] = field(default_factory=set)
    said: list[tuple[Value, tuple[int, int]]] = field(default_factory=list)
    about_others: bool = False  # a sentence of it speaks of other statements than the one it names

    def close(self, by_index: dict[int, Value], spans: list[tuple[int, int]], unread: set[int]) -> None:
        """The verdict its unnamed sentences give its one statement, where they agree with each
        other and with what its named sentences say; the statement unread where they do not."""
        if len(self.named) != 1 or not self.said or self.about_others:
            return
        index = next(iter(self.named))
        if not 1 <= index <= MAX_VERDICTS:
            return
        values = {value for value, _span in self.said}
        if len(values) > 1 or (index in by_index and by_index[index] not in values):
            by_index.pop(index, None)
            unread.add(index)
            return
        by_index[index] = values.pop()
        spans.extend(span for _value, span in self.said)


# What changes between the sentences of one template: numbers, echoes and the values a field takes.
_VALUE_TOKEN = re.compile(r"§\d{1,4}§|\d{1,9}|(?<!\w)(?:yes|no|true|false|null|none)(?!\w)")
_VERDICT_VALUES = frozenset(("0", "1", "yes", "no", "true", "false", "null", "none"))
_CODES = frozenset(("0", "1", "null"))


@dataclass(slots=True)
class _Templates:
    """Sentences about different statements written from one template, by their shape.

    ``INSERT INTO verdicts (statement_id, supported) VALUES (2, 0);`` names statement 2 and holds
    "supported" whatever its value: where one template's sentences also give a value of their own
    (a 0 or 1, yes, null), the judging word is the template's, and the verdict is that value, which
    prose does not read."""

    by_shape: dict[str, list[tuple[int, list[str], tuple[int, int]]]] = field(default_factory=dict)

    def add(self, index: int, sentence: str, span: tuple[int, int]) -> None:
        if _LABEL_THEN_VALUE.search(sentence) is None:  # "Supported: no" is read by its value already
            shape = _VALUE_TOKEN.sub("#", sentence)
            if not (_POSITIVE.search(shape) or _NEGATIVE.search(shape)):
                return  # "2. The claim. (✘ false)": the value itself is the judging word
            self.by_shape.setdefault(shape, []).append((index, _VALUE_TOKEN.findall(sentence), span))

    def layout(self) -> Iterator[tuple[int, tuple[int, int]]]:
        """The statements and sentences whose judging word is the template's."""
        for members in self.by_shape.values():
            if len({index for index, _tokens, _span in members}) < 2:
                continue
            columns = zip(*(tokens for _index, tokens, _span in members), strict=True)
            if any(_gives_a_value(column, members) for column in columns):
                yield from ((index, span) for index, _tokens, span in members)


def _gives_a_value(column: tuple[str, ...], members: list[tuple[int, list[str], tuple[int, int]]]) -> bool:
    """Every sentence has a value here, and it is not the number or echo that names its statement."""
    indexes = (index for index, _tokens, _span in members)
    naming = all(token in (str(index), f"§{index - 1}§") for token, index in zip(column, indexes, strict=True))
    if naming or not all(token in _VERDICT_VALUES for token in column):
        return False
    # One value throughout is the template's only where it is a code: "finds no support" is a phrase.
    return len(set(column)) > 1 or all(token in _CODES for token in column)


def _sentences(lowered: str) -> Iterator[str]:
    """``_SENTENCE_END.split(lowered)``, one at a time: a megabyte is not cut whole for a few sentences."""
    pos = 0
    for end in _SENTENCE_END.finditer(lowered):
        yield lowered[pos : end.start()]
        pos = end.end()
    yield lowered[pos:]


def _index(match: re.Match[str]) -> int | None:
    if match.group("i"):
        return int(match.group("i"))
    if match.group("o") or match.group("o2"):
        return ORDINALS.index(match.group("o") or match.group("o2")) + 1
    return int(match.group("e")) + 1  # echoes are numbered from 0


_NOT_A_VERDICT = -1
# A judging word that names a field, then the field's value: "[Backed by the context] NO",
# "Entailed by context → No", "Supported: false".
_LABEL_THEN_VALUE = re.compile(
    r"(?<!\w)(?:supported|backed|entailed|grounded|faithful|verified|confirmed)(?!\w)[^\n.!?;]{0,24}?"
    r"(?P<j>\]|:|=|→|->|—|–|[ \t]-)[ \t*_\"'\[(]*(?:(?P<v>yes|no|true|false|unclear|unknown|n/a|maybe)(?!\w))?"
)
_FIELD_JOINERS = frozenset(("]", "=", "→", "->"))
_FIELD_VALUE = re.compile(r"[a-z'/-]{1,20}(?:[ \t][a-z'/-]{1,20})?[ \t*_.!]*")  # "grounded in context: unsure"
_ANSWERS: dict[str, Value] = {"yes": 1, "true": 1, "no": 0, "false": 0}  # the rest say it could not tell


def _lower(first: Value | int, second: Value | int) -> Value:
    """The lower of two readings of one statement: no verdict, then not supported, then supported."""
    if first is None or second is None:
        return None
    return 0 if 0 in (first, second) else 1


def _clause_start(sentence: str, at: int) -> int:
    """Where the clause holding ``at`` starts: a negation before a semicolon or a "so" is another
    clause's ("I cannot call statement 1 unsupported; ... so it is supported")."""
    start = sentence.rfind(";", 0, at) + 1
    for joint in _CLAUSE_JOINTS:
        found = sentence.rfind(joint, 0, at)
        if found >= 0:
            start = max(start, found + len(joint) - 1)
    return start


_CLAUSE_JOINTS = (" so ", " hence ", " therefore ", " thus ")


def _polarity(sentence: str) -> Value | int:
    """1 supported, 0 not, None unclear, ``_NOT_A_VERDICT`` where the sentence judges nothing."""
    labelled = _LABEL_THEN_VALUE.search(sentence)
    if labelled is not None:  # "[Backed by the context] NO": the judging word names the field, its value answers
        if labelled.group("v"):
            return _ANSWERS.get(labelled.group("v"))
        joiner = labelled.group("j")
        if joiner in _FIELD_JOINERS or (joiner == ":" and _FIELD_VALUE.fullmatch(sentence, labelled.end())):
            return _NOT_A_VERDICT  # "Entailed by context = Can't tell": a field's value prose does not read
    if _UNKNOWN.search(sentence):
        return None
    if "not " in sentence or "n't " in sentence or "never " in sentence or "cannot " in sentence:
        litotes = _LITOTES.search(sentence)
        if litotes is not None:
            # "Statement 1 is not unsupported": two negatives of one judgement, its positive. Beside
            # any other judging word the sentence says two things, and neither is read.
            rest = sentence[: litotes.start()] + " " + sentence[litotes.end() :]
            return _NOT_A_VERDICT if _POSITIVE.search(rest) or _NEGATIVE.search(rest) else 1
    values: set[int] = set()
    since = 0
    for positive in _POSITIVE.finditer(sentence):
        clause = max(since, _clause_start(sentence, positive.start()))
        negated = _NEGATION.search(sentence, clause, positive.start()) or (
            positive.group() in _JUDGING_VERBS and _NO_SUBJECT.search(sentence, clause, positive.start())
        )
        values.add(0 if negated else 1)
        since = positive.end()
    if values:
        if values == {1} and _TAKEN_BACK.search(sentence, since):
            values.add(0)  # "at first this looks supported, but wait, the context never says it"
        if 1 in values and (_OPPOSITE.search(sentence) or _HEDGE.search(sentence) or _GIVEN_NO.search(sentence)):
            values.add(0)  # "unsupported statements: [], supported statements: [§0§]"; "partially supported"
        # Both ways ("partially supported (counts as not supported)"): neither is the sentence's verdict.
        return values.pop() if len(values) == 1 else _NOT_A_VERDICT
    if "no " in sentence:
        sentence = _NO_FAILING.sub(" ", sentence)  # "no misstatement" denies a failing: it is no "no"
    if _NEGATIVE.search(sentence) or _ELLIPTIC_NO.search(sentence):
        return 0
    return _NOT_A_VERDICT
