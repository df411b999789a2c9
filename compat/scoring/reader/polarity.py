"""A question asked the other way round: the yes a grader gives may say "not supported".

Many teams ask the opposite of faithfulness: "Is this claim hallucinated?", "Does the context
contradict it?", "Needs a citation?", ``"is_hallucinated": true``, ``policy_violation: false``.
A grader that writes the question (or the field's name) beside its answer has said which way its
yes points, and a person reads it: ``Hallucinated? **Yes**`` is a statement not supported.

Two rules, in this order:

- ``turn_fields_round``: a field named by what is wrong (``Hallucination: yes``, ``unsupported:
  true``) is read turned round, as ``verdict: no``.
- ``asked_the_other_way``: any other answer word right after such a question or field (``Is
  statement 2 hallucinated?\n→ *no*``, ``Made up? YES``, ``needs a citation: yes``) makes the
  output unclear (``unclear_reading``, naming the question): read as written, every verdict
  would be the wrong way round, and "not contradicted" is not "supported" (the context may say
  nothing), so turning such answers over would be no reading either.

Only a bare answer counts (yes, no, true, false; a quoted key's 0 or 1): ``Unsupported: 2, 4``
lists statements, ``Hallucination: none found`` gives no answer word, ``contradicts the context.
Verdict: No`` is a verdict after a sentence, and a sub-question answered before the statement's
own ``Verdict:`` line is a step of its reasoning.
"""

from __future__ import annotations

import re

from compat.scoring.reader.lines import line_end, line_start
from compat.scoring.reader.tables import INVERTED_COLUMNS
from compat.scoring.reader.verdict_words import MAX_VERDICTS

# A field that asks the question the other way round ("Hallucination: yes", "unsupported: true"):
# its yes is a no. Read after the legends are blanked ("Hallucinated: yes means ..." defines).
# Each name is found by substring search, then its field matched where it stands: one pattern
# of five alternatives tried at every position cost more than the rest of the preparation.
MAX_INVERTED_FIELDS = 4 * MAX_VERDICTS  # a field a statement, and more: past them, a megabyte of fields is not read
_INVERTED_NAMES = ("hallucinat", "unsupported", "not supported", "fabricat")
# Looked for only where one of these stands ("not supported" alone is too common to gate on: a
# "Not supported: yes" field is read inverted only beside one of them).
_INVERTED_TELLTALES = ("hallucinat", "unsupported", "fabricat")
_INVERTED_FIELD = re.compile(r"\w*[ \t*_\"'`]*(?:\?[ \t*_]*)?[:=][ \t*_\"'`]*(?P<v>yes|no|true|false)(?!\w)")


def turn_fields_round(lowered: str) -> str:
    """``lowered`` with each field named by what is wrong read turned round (``verdict: no``)."""
    if not any(telltale in lowered for telltale in _INVERTED_TELLTALES):
        return lowered
    fields: list[tuple[int, int, str]] = []
    for name in _INVERTED_NAMES:
        at = lowered.find(name)
        while at >= 0 and len(fields) < MAX_INVERTED_FIELDS:
            field = _inverted_field(lowered, at, name)
            if field is not None:
                fields.append(
                    (at, field.end(), " verdict: " + ("no" if field.group("v") in ("yes", "true") else "yes"))
                )
            at = lowered.find(name, at + len(name))
    if not fields:
        return lowered
    pieces: list[str] = []
    pos = 0
    for start, end, verdict in sorted(fields):
        if start >= pos:  # one field a place ("not supported" holds no other name)
            pieces += (lowered[pos:start], verdict)
            pos = end
    pieces.append(lowered[pos:])
    return "".join(pieces)


def _inverted_field(lowered: str, at: int, name: str) -> re.Match[str] | None:
    """The field named ``name`` at ``at`` and its answer, where it is one to read turned round."""
    if lowered[at - 1 : at].isalnum():
        return None  # a longer word's inside
    return _INVERTED_FIELD.match(lowered, at + len(name))


def _turned_round(lowered: str, at: int) -> bool:
    """Whether the field whose name starts at ``at`` is one ``turn_fields_round`` reads."""
    return any(
        lowered.startswith(name, at) and _inverted_field(lowered, at, name) is not None for name in _INVERTED_NAMES
    )


# The question's words: each names what is wrong with a statement, so its "yes" is a failing verdict.
_NEGATIVE = (
    r"hallucinat\w*|contradict\w*|unsupported|not[ _-]supported|ungrounded|not[ _-]grounded|unfaithful"
    r"|fabricat\w*|made[ _-]?up|invented|false[ _-](?:claim|statement)|(?:is|it|this)[ _-]false"
    r"|needs?[ _-](?:a[ _-])?citation|citation[ _-]needed|violat\w*|flag(?:ged)?|incorrect|inaccurate"
    r"|unverifi\w*|unsubstantiated"
)
# Asked as a question (``Error? YES``), these name what is wrong too; as a field's name they are a
# tool's (``is_error=False`` in a tool result's repr).
_ASKED_ONLY = ("error", "wrong")
_NEGATIVE_WORD = re.compile(rf"(?<![a-z])(?:{_NEGATIVE}|error|wrong)")
# Where a question's word may stand, found by substring search and the word then matched around
# it: one pattern of these alternatives tried at every position cost 200 us a typical reply.
# "supported" and "grounded" count only where negated ("unsupported", "not grounded").
_ANCHORS = (
    "hallucinat", "contradict", "supported", "grounded", "unfaithful", "fabricat", "made", "invented",
    "false", "citation", "violat", "flag", "incorrect", "inaccurate", "unverifi", "unsubstantiated", "error",
    "wrong",
)  # fmt: skip
_NEGATED = ("un", "not ", "not_", "not-")
# How far before its anchor a question's word may start ("needs a citation"), and after it end.
_WORD_BEFORE, _WORD_AFTER = 9, 24
# What may stand between a question or field and its answer: markup, arrows, quotes, dashes.
_DECORATION = r"[ \t*_`\"'>)→\-–—:]*"
# A statement quoted whole in the question ("Does the context contradict "…"?"): its words are not
# the question's, and a question word inside it ("… is false"?) asks nothing.
_QUOTED = r'"[^"\n]{0,400}"|“[^”\n]{0,400}”'
# The answer, alone: followed by the end of its line, its sentence, its field or its note.
_ANSWER = (
    r"(?:yes|no|true|false|y|n)(?=[ \t]*(?:$|[\n*_`\"'.,;:)\]}|(—–-])|[ \t]+[a-z_]{1,30}=)"  # or a record's next key
)
# After the question's word: "Is statement 2 hallucinated? **Yes**", "Does the context contradict
# "…"?\n*no* — ...": a question of a few words ending in "?", its answer next (``Answer: **Yes**``).
_QUESTION = re.compile(
    rf"(?:[^\n.,;:!?\"“”]|{_QUOTED}){{0,60}}\?{_DECORATION}[ \t\n]{{0,2}}{_DECORATION}"
    rf"(?:(?:answer|response)[ \t]*[:=]{_DECORATION})?{_ANSWER}"
)
# A field named by the question: "Hallucinated: yes", "made_up: no", "is_hallucinated": true,
# "contradicted=False", "Contradiction:⏎`No`"; its name starts its line or follows a separator (``Sentence 1: needs a
# citation: yes``); a quoted key's 0 or 1 too ("hallucination": 1).
_FIELD = re.compile(rf"[a-z_]*[\"'*_` \t]*[:=][ \t\"'*_`]*(?:\n[ \t\"'*_`>→-]*)?{_ANSWER}")
# What may stand before a field's name on its line: a separator, markup, a list's number ("1. Contradicted:").
# A record's fields follow a quoted value too ('policy="grounded" violated=true'), and a statement's
# name may lead its field ("statement 1 violated: true").
_FIELD_HEAD = re.compile(
    r"(?:^|[\n{,|(\[:;]|[\"'][ \t])[ \t\"'*_`-]*(?:\(?\d{1,3}[.)][ \t]*)?"
    r"(?:(?:statement|claim|s)[ \t#]*\d{1,3}[ \t.:)-]*)?[a-z_ ]{0,24}$"
)
_KEY = re.compile(r"[a-z_]*[\"'][ \t]*:[ \t]*[01](?=[ \t]*[,}\n])")
_KEY_HEAD = re.compile(r"[\"'][a-z_ ]{0,24}$")
# A table's column named by the question (``| False claim? |``, ``| Hallucinated |``): its cells
# answer it. A name that is also a verdict (``| Not supported |``) heads a group's column, or is a cell.
_COLUMN = re.compile(r"[a-z ]{0,16}\??[ \t*_`]*(?=[|\t])")
_COLUMN_HEAD = re.compile(r"(?:^|[|\t])[ \t*_`]*[a-z ]{0,20}$")  # "| Is it false? |"
_QUESTION_ONLY = re.compile(r"hallucinat|fabricat|made[ _-]?up|false[ _-]claim|citation|violat|error|wrong")
_RULE = re.compile(r"[ \t|:+=-]*-[ \t|:+=-]*")
# The statement's own verdict, given after its sub-questions: "- Does anything contradict it? no.\nVerdict: entailed".
_OWN_VERDICT = re.compile(r"\n[ \t*_>→-]*(?:final[ \t]+)?verdict(?P<label>[^\n:=]{0,24})[:=]")
# How far after a sub-question's answer the statement's own verdict may stand, within its block.
_OWN_VERDICT_REACH = 200
_MARKUP = str.maketrans("", "", "*_`")


def asked_the_other_way(lowered: str, *, fields_turned: bool, columns_turned: bool) -> str | None:
    """The question or field, as written, where a verdict word answers one asked the other way
    round (``hallucinated? yes``), or None. ``lowered``: the output, lower-cased;
    ``fields_turned``: the text was read, so the fields ``turn_fields_round`` reads were read the
    right way round (JSON is not turned); ``columns_turned``: a table was read, whose columns of
    ``INVERTED_COLUMNS`` are read turned round (``tables``)."""
    for start, end in _question_words(lowered):
        answered = _answered(lowered, start, end, fields_turned=fields_turned, columns_turned=columns_turned)
        if answered is not None:
            return answered
    return None


def _question_words(lowered: str) -> list[tuple[int, int]]:
    """Where the words of a question asked the other way round stand, in order."""
    found: set[tuple[int, int]] = set()
    for anchor in _ANCHORS:
        at = lowered.find(anchor)
        while at >= 0:
            if anchor not in ("supported", "grounded") or lowered[at - 4 : at].endswith(_NEGATED):
                for word in _NEGATIVE_WORD.finditer(lowered, max(0, at - _WORD_BEFORE), at + _WORD_AFTER):
                    if word.start() <= at < word.end():
                        found.add(word.span())
            at = lowered.find(anchor, at + len(anchor))
    return sorted(found)


def _answered(lowered: str, start: int, end: int, *, fields_turned: bool, columns_turned: bool) -> str | None:
    """The question whose word stands at ``start:end``, as written, where an answer word answers it."""
    word = lowered[start:end]
    start_of_line = line_start(lowered, start)
    head = lowered[max(start_of_line, start - 40) : start]
    whole_head = start - 40 <= start_of_line  # the head reaches the line's start: "^" may stand there
    asked = _QUESTION.match(lowered, end)
    if asked is None and not word.startswith(_ASKED_ONLY):
        asked = _FIELD.match(lowered, end) if _starts_field(_FIELD_HEAD, head, whole_head) else None
        if asked is not None and fields_turned and _turned_round(lowered, start):
            asked = None  # read the right way round already
        if asked is None and _KEY_HEAD.search(head):
            asked = _KEY.match(lowered, end)
    if asked is not None and not _followed_by_own_verdict(lowered, asked.end()):
        return " ".join(lowered[start : asked.end()].translate(_MARKUP).split())
    column = _COLUMN.match(lowered, end) if "|" in head or "\t" in head or whole_head else None
    if column is None or not _starts_field(_COLUMN_HEAD, head, whole_head):
        return None
    leading = head[max(head.rfind("|"), head.rfind("\t")) + 1 :]  # "is " of "| Is it false? |"
    name = (leading + word + column.group()).strip(" \t*_`")
    if not (name.endswith("?") or _QUESTION_ONLY.search(name)) or not _a_header(lowered, column.end(), name):
        return None
    if columns_turned and name.rstrip(" ?").split()[-1] in INVERTED_COLUMNS:
        return None
    return f"the column {name!r}"


_SEPARATORS = frozenset("\n{,|([:;\t\"'")  # what a field's name may follow on its line


def _starts_field(head_pattern: re.Pattern[str], head: str, whole_head: bool) -> bool:
    """Whether ``head`` (the text before a word on its line, 40 characters at most) lets a field's
    or a column's name start there: after a separator, or at the line's start where the head
    reaches it."""
    found = head_pattern.search(head)
    if found is None:
        return False
    return found.group()[:1] in _SEPARATORS or whole_head


def _a_header(lowered: str, at: int, name: str) -> bool:
    """Whether the line holding ``at`` is a table's header: a rule under it (``|---|---|``), or,
    for a question's column, a row."""
    end = lowered.find("\n", at)
    if end < 0:
        return False
    following = lowered[end + 1 : line_end(lowered, end + 1)]
    return _RULE.fullmatch(following) is not None or (
        name.endswith("?") and (following.count("|") >= 2 or "\t" in following)
    )


def _followed_by_own_verdict(lowered: str, at: int) -> bool:
    """Whether the statement's own ``Verdict:`` line follows, within the block: then the answer at
    ``at`` was a sub-question's, a step of the grader's reasoning."""
    block_end = lowered.find("\n\n", at)
    reach = at + _OWN_VERDICT_REACH if block_end < 0 else min(block_end, at + _OWN_VERDICT_REACH)
    verdict = _OWN_VERDICT.search(lowered, at, reach)
    return verdict is not None and _NEGATIVE_WORD.search(verdict.group("label")) is None
