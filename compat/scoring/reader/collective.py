"""Verdicts said of several statements at once (reader 11).

Graders often judge by reference instead of one verdict a statement: "Supported for every
statement.", "Yep, both check out.", "Only claim 3 is supported.", "The first statement cannot
be decided and the final one is supported.", "I could verify all but the second." Read one
verdict at a time, such a sentence gives one verdict for several statements, and the
fewer-verdicts policy counted the others as unsupported: a partial read turned into a number.

* ``read_collective`` reads such sentences as clauses, each one verdict of one set of
  statements, where together they name every statement exactly once and every sentence that
  may judge was read; else it reads nothing.
* ``collective_reference`` / ``first_reference`` find a reference to several statements (a
  quantifier before a noun for statements, the rest, an exception, a position, a list of
  numbers) beside a short reading, which is then unclear, not short.

The words are how people refer to members of a set, not any layout's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from compat.scoring.reader.final_line import FINAL_HEADER
from compat.scoring.reader.grouped import Grouped
from compat.scoring.reader.items import Item
from compat.scoring.reader.lines import line_start
from compat.scoring.reader.verdict_words import ORDINALS, Value, VerdictWords

_NOUN = r"(?:statements?|claims?|facts?|ones?|items?|points?|sentences?|assertions?)"
_NUMBER_WORDS = {word: at for at, word in enumerate(("one", "two", "three", "four", "five", "six", "seven",
                                                      "eight", "nine", "ten"), start=1)}  # fmt: skip
_ORDINAL_WORDS = {word: at for at, word in enumerate(ORDINALS, start=1)}
_N = r"(?:\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")"  # a count, or a statement's number
_ORDINAL = r"(?:" + "|".join(ORDINALS) + r"|last)"
# What may follow a position that names a statement ("the second is", "the first and third,"), not a
# thing of its own ("the first super bowl").
_AFTER_POSITION = (
    r"(?=[ \t]*(?:[.,;:!?)—–-]|$|and\b|or\b|is\b|are\b|was\b|were\b|one\b|two\b|three\b|" + _NOUN + r"\b))"
)

_COLLECTIVE = re.compile(
    # "every statement", "all of the claims", "both statements", "all three claims", "for each one" (not "I
    # checked each statement": an intro)
    r"\b(?:every|for[ \t]+each|all|both|neither|none|either)\b[ \t]+(?:of[ \t]+)?"
    r"(?:(?:the|these|those|them|your)\b[ \t]*)?(?:" + _N + r"[ \t]+)?(?:other[ \t]+)?" + _NOUN + r"\b"
    # "both check out", "none of them", "all are supported"
    r"|\b(?:both|all|neither|none)\b[ \t]+(?:of[ \t]+them|are|is|were|was|check|hold|look|seem|appear|pass|fail)\b"
    # the rest, and exceptions to a whole
    r"|\bthe[ \t]+(?:rest|others|remainder)\b|\ball[ \t]+(?:the[ \t]+)?others?\b|\bremaining\b|\beverything[ \t]+else\b"
    r"|\ball[ \t]+but\b|\bexcept\b|\bapart[ \t]+from\b|\bwith[ \t]+the[ \t]+exception[ \t]+of\b|\bsave[ \t]+for\b"
    # a position with a noun for statements: "the final claim", "first statement", "next one"
    r"|\b(?:" + _ORDINAL + r"|final|next|following)[ \t]+" + _NOUN + r"\b"
    # numbers listed or run together: "statements 1 and 3", "claims 2-4", "#1, #2", "only claim 3"
    r"|\b(?:statements|claims)[ \t]+#?(?:\d{1,3}|" + _N + r")[ \t]*(?:,|&|and\b|to\b|through\b|thru\b|-|–|—)"
    r"|#\d{1,3}[ \t]*(?:,|&|and\b|to\b|-|–)[ \t]*#?\d"
    r"|\bonly[ \t]+(?:the[ \t]+)?(?:" + _NOUN + r"[ \t]+)?(?:#?\d|" + _N + r"\b|" + _ORDINAL + r"\b)"
)
# A bare position ("the second", "the first two", "the next one"): a reference in a verdict's own line,
# but in a whole reply too often a thing of its own ("over the last decade").
_POSITION_ALONE = re.compile(
    r"\bthe[ \t]+(?:first|next|following|last|final|previous)[ \t]+" + _N + r"\b"
    r"|\bthe[ \t]+" + _ORDINAL + r"\b" + _AFTER_POSITION
)
_HEADER = re.compile(FINAL_HEADER)
# The word every reference begins with, or follows "the", "for", "all" or "with" with (the patterns
# above, word by word).
_TELLTALE = re.compile(
    r"\b(?:every|each|all|both|neither|none|either|rest|others|remaining|remainder|everything|but|except|apart"
    r"|save|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|next|following|previous"
    r"|statements|claims|only|exception)\b|#"
)
_WORD_BEFORE = re.compile(r"\b(?:the|for|all|with(?:[ \t]+the)?)[ \t]+$")
_PROCESS = r"(?:judged|checked|evaluated|assessed|reviewed|analy[sz]ed|considered|examined|compared|graded|scored|read)"
_PROCESS_AFTER = re.compile(
    r"[ \t]+(?:(?:were|was|are|is|have[ \t]+been|has[ \t]+been)[ \t]+)?(?:\w+ly[ \t]+)?" + _PROCESS
)
_PROCESS_BEFORE = re.compile(
    r"(?:" + _PROCESS + r"|went[ \t]+through|looked[ \t]+at|go[ \t]+through|check|judge)[ \t]+(?:each[ \t]+of[ \t]+)?$"
)
# A short reading's stretch is looked at this far around it at most (a megabyte on one line costs one window).
_REACH = 2_000


def collective_reference(lowered: str, spans: tuple[tuple[int, int], ...]) -> str | None:
    """The first reference to statements by quantity, position or list in the lines ``spans``
    stand on (a final block's header left out: "for each statement in order" introduces), or
    ``None``."""
    for start, end in spans:
        region_start = max(line_start(lowered, start), start - _REACH)
        newline = lowered.find("\n", end, end + _REACH)
        region_end = min(len(lowered), end + _REACH) if newline < 0 else newline
        found = first_reference(lowered[region_start:region_end])
        if found is not None:
            return found
    return None


def first_reference(text: str, *, positions: bool = True) -> str | None:
    """The first reference to statements by quantity, position or list in ``text`` (lower case),
    a final block's header left out; or ``None``. ``positions=False``: bare positions ("the
    last") are not looked for (in a whole reply, they are too often something else)."""
    headers = [header.span() for header in _HEADER.finditer(text)] if "final" in text or "verdicts" in text else []
    patterns = (_COLLECTIVE, _POSITION_ALONE) if positions else (_COLLECTIVE,)
    # Every reference begins at one of its telltale words, or at the word before it ("the second",
    # "for each", "all but"): the patterns are tried there, anchored, not at every position.
    found: dict[int, re.Match[str]] = {}
    for telltale in _TELLTALE.finditer(text):
        before = _WORD_BEFORE.search(text, max(0, telltale.start() - 12), telltale.start())
        for start in (telltale.start(),) if before is None else (before.start(), telltale.start()):
            for pattern in patterns:
                match = pattern.match(text, start)
                if match is not None:
                    found.setdefault(match.start(), match)
    for _, reference in sorted(found.items()):
        if any(start <= reference.start() < end for start, end in headers):
            continue
        reach = max(0, reference.start() - 40)
        if _PROCESS_AFTER.match(text, reference.end()) or _PROCESS_BEFORE.search(text, reach, reference.start()):
            continue  # "all statements were judged against the context", "i checked every claim": how, not what
        return reference.group().strip()
    return None


# ------------------------------------------------------------------ reading them

# Each sentence is read as clauses, each saying one verdict of one set of statements:
#   "statements 1 and 3 are supported"       a set, a copula, a verdict
#   "supported for every statement"          a verdict, "for", a set
#   "i could verify all but the first claim" the grader's check, a set
# A set is numbers ("statements 1, 2 and 4", "#3", "one through three"), positions ("the first and
# third", "the last one", "the next two"), a whole ("all of the claims", "both"), a whole but some
# ("all except the second"), only some ("only claim 3": the others the other way), or the rest.
_O = r"(?:" + "|".join(ORDINALS) + r"|last|final)"
_NOUNS = r"(?:statements?|claims?|ones?|facts?|sentences?)"
_WHOLE = re.compile(
    r"(?:all|every|each|both)(?:[ \t]+of)?(?:[ \t]+(?:the|them|these))?(?:[ \t]+" + _N + r")?(?:[ \t]+" + _NOUNS + r")?"
    r"(?:[ \t]+of[ \t]+them)?\b|everything\b"
)
_NONE_OF = re.compile(r"(?:none|neither)(?:[ \t]+of)?(?:[ \t]+(?:the|them|these))?(?:[ \t]+" + _N + r")?"
                      r"(?:[ \t]+" + _NOUNS + r")?\b")  # fmt: skip
_REST = re.compile(
    r"(?:the[ \t]+(?:rest|others|other[ \t]+" + _NOUNS + r"|remaining(?:[ \t]+" + _NOUNS + r")?|remainder)"
    r"|all[ \t]+(?:the[ \t]+)?others?(?:[ \t]+" + _NOUNS + r")?|everything[ \t]+else)\b"
)
_EXCEPT = re.compile(r",?[ \t]*(?:except(?:[ \t]+for)?|but|apart[ \t]+from|with[ \t]+the[ \t]+exception[ \t]+of"
                     r"|other[ \t]+than|save[ \t]+for|besides)[ \t]+")  # fmt: skip
_ONLY = re.compile(r"only[ \t]+")
_NOUN_LEAD = re.compile(
    r"(?:the[ \t]+)?(?:statements?|claims?)(?:[ \t]+(?:numbers?|no\.|nos?\.))?[ \t]*#?[ \t]*(?=[\d§a-z])"
)
_NUMBER_REF = re.compile(
    r"#?[ \t]*(?P<n>" + _N + r")\b(?:[ \t]*(?:-|–|—|to|through|thru)[ \t]*#?[ \t]*(?P<m>" + _N + r")\b)?"
)
_ECHO_REF = re.compile(r"§(?P<i>\d+)§")
_POSITION = re.compile(
    r"(?:the[ \t]+)?(?:(?P<span>first|last|next|following|final)[ \t]+(?P<count>" + _N + r")"
    r"|(?P<step>next|following)(?:[ \t]+" + _NOUNS + r")?|(?P<o>" + _O + r"))(?:[ \t]+" + _NOUNS + r")?\b"
)
_LIST_JOIN = re.compile(r"[ \t]*(?:,[ \t]*(?:and[ \t]+)?|and[ \t]+|&[ \t]*)")
_COPULA = re.compile(r"[ \t]+(?:is|are|was|were)(?:[ \t]+(?:all|both|each|also|likewise))?[ \t]+")
_FOR = re.compile(r"[ \t]+(?:for|on|about|to)[ \t]+")
# "the last is not": said alone where the clause ends (what it says depends on the clause before).
_ELLIPTIC_NOT = re.compile(r"[ \t]+(?:is|are|was|were)(?:[ \t]+not|n't)(?=[ \t]*(?:$|[,;:)]|and\b|but\b|while\b))")
_UNDECIDED = re.compile(
    r"(?:cannot|can't|could[ \t]+not|couldn't)[ \t]+be[ \t]+(?:decided|determined|verified|confirmed|assessed|judged)"
    r"(?:[ \t]+either[ \t]+way)?\b"
)
_WORD_GOES_ON = re.compile(r"[\w'’-]")
_ELABORATION = re.compile(r"[ \t]*[:—–-][ \t]*")
_OWN = re.compile(r"[ \t]*,?[ \t]*(?:which|that)[ \t]+(?:is|are|was|were)[ \t]+")
_HOLDS = re.compile(
    r"[ \t]+(?P<not>(?:does|do)[ \t]+not[ \t]+|(?:does|do)n't[ \t]+)?(?:checks?[ \t]+out|holds?(?:[ \t]+up)?)\b"
)
_CONTEXT_TAIL = re.compile(
    r"(?:[ \t]+(?:by|from|in|against|according[ \t]+to|with)[ \t]+the[ \t]+(?:context|source|passage)s?)?"
)
_CHECKED = re.compile(
    r"i[ \t]+(?P<modal>could[ \t]+not[ \t]+|couldn't[ \t]+|cannot[ \t]+|can't[ \t]+"
    r"|could[ \t]+|can[ \t]+|was[ \t]+able[ \t]+to[ \t]+)?"
    r"(?:verify|confirm|find[ \t]+support[ \t]+for|corroborate)[ \t]+"
)
_NED = re.compile(
    r"(?P<k>" + _N + r")[ \t]+(?:out[ \t]+)?of[ \t]+(?:the[ \t]+|these[ \t]+)?(?:" + _N + r"[ \t]+)?" + _NOUNS
)
_CONNECTOR = re.compile(r"[ \t]*(?:[,;:][ \t]*)?(?:(?:and|but|while|whereas|then|so|whilst)[ \t]+)?")
_SENTENCE_END = re.compile(r"(?<=[.!?;])[ \t]+|[ \t]*\n[ \t\n]*")
# "Verdicts:", "yep,", "checking against the context,", "and" (after a semicolon: "...; and the second is not")
_LEAD_IN = re.compile(r"[^:\n]{1,60}:[ \t]*|[a-z ]{1,40},[ \t]+|(?:and|but|while|whereas|so|then|also)[ \t]+")
_NONE_YET = "no clause yet"
_NEGATION = re.compile(r"\bnot\b|n't\b|\bno\b")
_COUNT_IN = re.compile(r"\b" + _N + r"\b")  # "all three claims": a count
_COUNT_WORD = re.compile(r"(?:" + "|".join(_NUMBER_WORDS) + r")\b")
_SET_OFF = re.compile(r"[,;:(—–]| - ")
_NAMES_ONE = re.compile(
    r"[\d§]|\b(?:" + _O + r"|rest|remaining|others?|former|latter)\b"
    r"|\b(?:statements?|claims?)(?:[ \t]+(?:numbers?|no\.?))?[ \t]+" + _N + r"\b"
)
_MARKUP = str.maketrans({"*": " ", "_": " ", "`": " ", '"': " "})


class _Set(NamedTuple):
    kind: str  # "members", "rest" ("one left": "the remaining statement"), "only", "except"
    members: frozenset[int]  # 0-based; for "except", the ones excepted
    # The statements a "members" set reached by position ("the next two"): where the next one starts.
    cursor: int


class _Clause(NamedTuple):
    target: _Set
    value: Value
    own: Value | str = "unsaid"  # what the other side of "only" / "except" is said to be, where it is


def read_collective(lowered: str, expected: int, words: VerdictWords) -> Grouped | None:
    """Each statement's verdict where sentences say verdicts of sets of statements and name every
    statement exactly once (``the rest`` and the other side of ``only`` / ``except`` included); else
    ``None``. The span is where those sentences stand."""
    if expected < 2 or len(lowered) > _MAX_CHARS:
        return None
    clauses: list[_Clause] = []
    first = last = -1
    cursor = 0
    frame = _NONE_YET
    collective = False  # one sentence at least speaks of several statements or by position
    for start, raw in _sentences(lowered):
        sentence = raw.translate(_MARKUP)  # one character for one: places stay
        read = _read_sentence(sentence, expected, words, cursor, frame)
        if read is None:
            if _may_judge(sentence, words):
                return None  # a sentence that may say a verdict of some statement, in words not read
            continue
        said, cursor, frame = read
        clauses += said
        collective = collective or first_reference(sentence) is not None
        first = start if first < 0 else first
        last = start + len(sentence)
    values = _assigned(clauses, expected) if collective else None  # one statement a sentence is prose's
    if values is None:
        return None
    return Grouped(tuple(Item(value, _SAID[value]) for value in values), (first, last))


_MAX_CHARS = 20_000
_SENTENCE_EDGES = " \t.!?;"
_SAID: dict[Value, str] = {1: "yes", 0: "no", None: "not sure"}


def _may_judge(sentence: str, words: VerdictWords) -> bool:
    """Whether a sentence not read may say what some statement is: it names one (a number, an echo,
    a position, the rest), holds a verdict word, or speaks of several at once. Only a sentence that
    does none of these ("Let me know if you need anything else.") is passed over: where any other
    is, "the rest" could not be known."""
    if "final" in sentence or "verdicts" in sentence:
        sentence = _HEADER.sub(" ", sentence + "\n")  # "Final verdict for each statement in order:" introduces
    return (
        _NAMES_ONE.search(sentence) is not None
        or any(_verdict(sentence, found.start(), words) is not None for found in words.bare.finditer(sentence))
        or first_reference(sentence) is not None
    )


def _sentences(text: str) -> Iterator[tuple[int, str]]:
    """Each sentence (cut at a line's end, or at ". ", "; ", "! ", "? ") and where it starts, one at a
    time: the reading stops at the first it cannot read, which is most often near the start."""
    start = 0
    for end in _ends(text):
        raw = text[start : len(text) if end is None else end.start()]
        sentence = raw.strip(_SENTENCE_EDGES)
        if sentence:
            yield start + len(raw) - len(raw.lstrip(_SENTENCE_EDGES)), sentence
        start = -1 if end is None else end.end()


def _ends(text: str) -> Iterator[re.Match[str] | None]:
    """Where each sentence ends, then ``None`` for the last one's end: the text's."""
    yield from _SENTENCE_END.finditer(text)
    yield None


def _read_sentence(
    sentence: str, expected: int, words: VerdictWords, cursor: int, frame: str
) -> tuple[list[_Clause], int, str] | None:
    """The clauses of a sentence read whole, or past what leads in ("Verdicts:", "**Bottom line:**",
    "Yep,"); or ``None``."""
    read = _read_clauses(sentence, 0, expected, words, cursor, frame)
    lead = _LEAD_IN.match(sentence) if read is None else None
    return read if lead is None else _read_clauses(sentence, lead.end(), expected, words, cursor, frame)


def _read_clauses(
    sentence: str, at: int, expected: int, words: VerdictWords, cursor: int, frame: str
) -> tuple[list[_Clause], int, str] | None:
    """The clauses from ``at`` to the sentence's end, where the next by position starts, and the
    frame an "is not" said alone stands in: "plain" after a yes or a "not …" (it says "not
    supported"), "turned" after a no said otherwise ("unsupported": it would say the other way)."""
    clauses: list[_Clause] = []
    joined = at
    while at < len(sentence):
        clause = _read_clause(sentence, at, expected, words, cursor, frame)
        if clause is None:
            # ", the context is too vague": an explanation after the verdicts, set off from them. Run on
            # ("every statement i could check") it would be part of what they say.
            if clauses and _SET_OFF.search(sentence, joined, at) is not None and not _may_judge(sentence[at:], words):
                break
            return None
        said, end = clause
        clauses.append(said)
        if said.value is not None:
            plain = said.value == 1 or _NEGATION.search(sentence, at, end) is not None
            frame = "plain" if plain else "turned"
        at = end
        if said.target.kind == "members":
            cursor = said.target.cursor
        joined = at
        at = _CONNECTOR.match(sentence, at).end()  # type: ignore[union-attr]  # it matches the empty string
    return (clauses, cursor, frame) if clauses else None


def _read_clause(
    sentence: str, at: int, expected: int, words: VerdictWords, cursor: int, frame: str
) -> tuple[_Clause, int] | None:
    # A verdict for a set: "supported for every statement", "yes for #1 and #3".
    verdict = _verdict(sentence, at, words)
    if verdict is not None and (joined := _FOR.match(sentence, verdict[1])) is not None:
        target = _read_set(sentence, joined.end(), expected, cursor)
        if target is not None:
            return _with_own(sentence, _Clause(target[0], verdict[0]), target[1], words)
    # The grader's check: "i could verify all but the first claim".
    checked = _CHECKED.match(sentence, at)
    if checked is not None:
        target = _read_set(sentence, checked.end(), expected, cursor)
        if target is None:
            return None
        value: Value = 0 if (checked.group("modal") or "").strip() in _NOT_ABLE else 1
        return _Clause(target[0], value), _CONTEXT_TAIL.match(sentence, target[1]).end()  # type: ignore[union-attr]
    # A set and what it is: "statements 1 and 3 are supported", "the rest are not", "both check out".
    counted = _NED.match(sentence, at)
    target = _read_set(sentence, at, expected, cursor) if counted is None else None
    subject_end = counted.end() if counted is not None else target[1] if target is not None else -1
    if subject_end < 0:
        return None
    predicate = _predicate(sentence, subject_end, words, frame)
    if predicate is None:
        return None
    value, end = predicate
    none_of = _NONE_OF.match(sentence, at)
    if none_of is not None and none_of.end() == subject_end:
        if value is None:
            return None
        value = _other_way(value)  # "none of the claims is supported": the whole, the other way
    if counted is not None:
        # "two of the three statements are supported: the first and the third": the set follows.
        listed = _ELABORATION.match(sentence, end)
        named = _read_set(sentence, listed.end(), expected, cursor) if listed is not None else None
        if named is None or named[0].kind != "members" or _count(counted.group("k")) != len(named[0].members):
            return None
        return _Clause(named[0]._replace(kind="only"), value), named[1]  # the others are the other way
    assert target is not None
    subject = target[0]
    if subject.kind == "members" and len(subject.members) == expected:
        # "every claim holds apart from #4 and #6": the exception after what the whole is.
        excepted = _EXCEPT.match(sentence, end)
        exception = (
            _read_members(sentence, excepted.end(), expected, cursor, counts=False) if excepted is not None else None
        )
        if exception is not None:
            subject, end = _Set("except", exception[0], cursor), exception[2]
    return _with_own(sentence, _Clause(subject, value), end, words)


def _predicate(sentence: str, at: int, words: VerdictWords, frame: str) -> tuple[Value, int] | None:
    """What a set is said to be, and where that ends: a verdict after a copula ("are supported"), one
    said without ("cannot be decided"), "checks out", or "is not" alone (not supported, where the
    frame is plain)."""
    holds = _HOLDS.match(sentence, at)
    if holds is not None:
        return (0 if holds.group("not") else 1), holds.end()
    elliptic = _ELLIPTIC_NOT.match(sentence, at)
    if elliptic is not None:
        # "the first is supported, the second is not", "the first is not, the second is not": not
        # supported. After "unsupported", "is not" would say the other way: not read.
        return (0, elliptic.end()) if frame in ("plain", _NONE_YET) else None
    copula = _COPULA.match(sentence, at)
    start = copula.end() if copula is not None else at + 1 if sentence[at : at + 1] == " " else -1
    if start < 0:
        return None
    undecided = _UNDECIDED.match(sentence, start)
    if undecided is not None:  # "cannot be decided from the context"
        return None, _CONTEXT_TAIL.match(sentence, undecided.end()).end()  # type: ignore[union-attr]
    return _verdict(sentence, start, words)


_NOT_ABLE = frozenset({"could not", "couldn't", "cannot", "can't"})


def _verdict(sentence: str, at: int, words: VerdictWords) -> tuple[Value, int] | None:
    found = words.bare.match(sentence, at)
    if found is None or _WORD_GOES_ON.match(sentence, found.end("v")) is not None:
        return None  # "no" of "nothing": what follows is the clause's to read, not the word's
    return words.values.get(found.group("v")), _CONTEXT_TAIL.match(sentence, found.end("v")).end()  # type: ignore[union-attr]


def _with_own(sentence: str, clause: _Clause, at: int, words: VerdictWords) -> tuple[_Clause, int]:
    """A clause, with the verdict it states of its exception ("all except statement 2, which is no")."""
    own = _OWN.match(sentence, at)
    if clause.target.kind not in ("except", "only") or own is None:
        return clause, at
    verdict = _verdict(sentence, own.end(), words)
    if verdict is None:
        return clause, at
    return clause._replace(own=verdict[0]), verdict[1]


def _read_set(sentence: str, at: int, expected: int, cursor: int) -> tuple[_Set, int] | None:
    if (rest := _REST.match(sentence, at)) is not None:
        # "the remaining statement" names one: where more are left, which is meant is not said.
        kind = "one left" if rest.group().endswith(("statement", "claim", "one", "fact", "sentence")) else "rest"
        return _Set(kind, frozenset(), cursor), rest.end()
    if (only := _ONLY.match(sentence, at)) is not None:
        named = _read_members(sentence, only.end(), expected, cursor, counts=False)
        return None if named is None else (_Set("only", named[0], named[1]), named[2])
    whole = _WHOLE.match(sentence, at) or _NONE_OF.match(sentence, at)
    if whole is not None and whole.end() > at:
        count = _COUNT_IN.search(whole.group())
        if (count is not None and _count(count.group()) != expected) or (
            whole.group().startswith("both") and expected != 2
        ):
            return None  # "all three" of four statements: not these statements
        excepted = _EXCEPT.match(sentence, whole.end())
        if excepted is not None:
            named = _read_members(sentence, excepted.end(), expected, cursor, counts=False)
            if named is not None:
                return _Set("except", named[0], cursor), named[2]
            if excepted.group().strip(", \t") in ("except", "except for", "apart from", "with the exception of"):
                return None
        return _Set("members", frozenset(range(expected)), expected), whole.end()
    named = _read_members(sentence, at, expected, cursor)
    return None if named is None else (_Set("members", named[0], named[1]), named[2])


def _read_members(
    sentence: str, at: int, expected: int, cursor: int, *, counts: bool = True
) -> tuple[frozenset[int], int, int] | None:
    """Statements named by number, echo or position, listed ("1, 2 and 4", "the first and third"):
    their indexes, where the next by position starts, and where the list ends. ``counts=False``
    where a number in words is a count ("all but one", "only two"), not a statement, unless a
    noun for statements leads it ("all but statement one")."""
    members: set[int] = set()
    end = at
    while True:
        lead = _NOUN_LEAD.match(sentence, end)
        if lead is None and not counts and _COUNT_WORD.match(sentence, end) is not None:
            break
        named = _one_reference(sentence, lead.end() if lead is not None else end, expected, cursor)
        if named is None:
            break
        indexes, cursor, after = named
        if members & indexes:
            return None  # a statement named twice in one list
        members |= indexes
        end = after
        joined = _LIST_JOIN.match(sentence, end)
        if joined is None:
            break
        lead = _NOUN_LEAD.match(sentence, joined.end())
        if _one_reference(sentence, lead.end() if lead is not None else joined.end(), expected, cursor) is None:
            break  # ", and the rest ...": the list ended before the joiner
        end = joined.end()
    return (frozenset(members), cursor, end) if members else None


def _one_reference(sentence: str, at: int, expected: int, cursor: int) -> tuple[frozenset[int], int, int] | None:
    if (echo := _ECHO_REF.match(sentence, at)) is not None:
        index = int(echo.group("i"))
        return (frozenset({index}), index + 1, echo.end()) if 0 <= index < expected else None
    if (number := _NUMBER_REF.match(sentence, at)) is not None:
        first = _count(number.group("n"))
        last = _count(number.group("m")) if number.group("m") else first
        if not 1 <= first <= last <= expected:
            return None
        return frozenset(range(first - 1, last)), last, number.end()
    position = _POSITION.match(sentence, at)
    if position is None:
        return None
    if position.group("span"):
        count = _count(position.group("count"))
        kind = position.group("span")
        start = 0 if kind == "first" else expected - count if kind in ("last", "final") else cursor
    elif position.group("step"):
        count, start = 1, cursor
    else:
        word = position.group("o")
        count, start = 1, expected - 1 if word in ("last", "final") else _ORDINAL_WORDS[word] - 1
    if start < 0 or start + count > expected:
        return None
    return frozenset(range(start, start + count)), start + count, position.end()


def _other_way(value: Value) -> Value:
    return 0 if value == 1 else 1 if value == 0 else None


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _assigned(clauses: list[_Clause], expected: int) -> list[Value] | None:
    """Each statement's verdict from the clauses: said of it by name first, then by ``the rest``
    and the other side of ``only`` / ``except``; ``None`` where one is said twice otherwise, or
    one is left without."""
    values: dict[int, Value] = {}

    def say(indexes: frozenset[int] | range, value: Value) -> bool:
        for index in indexes:
            if index in values and values[index] != value:
                return False
            values[index] = value
        return True

    for clause in clauses:
        target = clause.target
        named = frozenset(range(expected)) - target.members if target.kind == "except" else target.members
        if target.kind in ("members", "only", "except") and not say(named, clause.value):
            return None
    for clause in clauses:  # the rest, then the other side: what no clause named
        if clause.target.kind in ("rest", "one left"):
            left = frozenset(range(expected)) - values.keys()
            if not left or (clause.target.kind == "one left" and len(left) != 1) or not say(left, clause.value):
                return None
    for clause in clauses:
        target = clause.target
        if target.kind in ("only", "except"):
            other = target.members if target.kind == "except" else frozenset(range(expected)) - target.members
            if clause.own != "unsaid":
                if not say(other, clause.own):  # type: ignore[arg-type]
                    return None
            elif clause.value in (0, 1):
                say(other - values.keys(), _other_way(clause.value))
    if len(values) != expected:
        return None
    return [values[index] for index in range(expected)]


__all__ = ["collective_reference", "first_reference", "read_collective"]
