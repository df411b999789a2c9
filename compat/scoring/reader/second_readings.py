"""Second readings that check the first (reader 4; docs/scoring.md, "a second reading checks the first").

A person who has read a grader's verdicts still reads the rest of the page, and trusts neither
reading where the page says otherwise. These are the things that page may say, each found
where it stands and within ``CHECKED_CHARS``: a revision after the verdicts, a key naming two
statements or part of one, a label every item repeats, words that judge outside a short
reading. ``text_verdicts`` asks them once it has a reading, and says undetermined where one
disagrees; the grader's own count is ``tally``'s.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from compat.scoring.reader.items import Item
from compat.scoring.reader.verdict_words import VerdictWords
from compat.scoring.reader.words import word_value

# The second readings look this far (from the text's start, or past what was read): a grader's
# count, revision or split key stands near its verdicts, and a megabyte is not searched by them.
CHECKED_CHARS = 65_536


class Revision(NamedTuple):
    """Words that take a verdict back, and where they stand."""

    words: str
    at: int


def revision_after(lowered: str, after: int) -> Revision | None:
    """What the grader writes after its verdicts (from ``after``) to take one back, if anything."""
    revision = _REVISION.search(lowered, after, after + CHECKED_CHARS)
    return Revision(revision.group().strip(), revision.start()) if revision is not None else None


def revision_within(lowered: str, start: int, end: int, places: Sequence[int], read: AbstractSet[int]) -> str | None:
    """What the grader writes among its verdicts (from ``start`` to ``end``) to take one back, where
    a verdict word the reading did not read follows it on its line: "4: false. no wait, true",
    "6: unsure⏎scratch that last one, 6 is supported". ``places``: where verdict words stand;
    ``read``: those the reading read. A note that looks back ("yes (changed from no)") names
    the verdict it replaced, and is no such revision."""
    end = min(end, start + CHECKED_CHARS)
    if not any(telltale in lowered[start:end] for telltale in _TAKEN_BACK_TELLTALES):
        return None
    for cue in _TAKEN_BACK.finditer(lowered, start, end):
        following = bisect_right(places, cue.end() - 1)
        if following == len(places) or places[following] in read:
            continue  # no verdict after it, or the reading's own: a note on the verdict it read
        line_end = lowered.find("\n", cue.end(), places[following])
        if line_end < 0 and places[following] - cue.end() <= _TAKEN_BACK_REACH:
            return cue.group().strip()  # a verdict the reading did not read, on the revision's line
    return None


# A revision in passing, looking forward: the verdict after it is the grader's new one.
_TAKEN_BACK = re.compile(
    r"(?<!\w)(?:(?:no[ \t,]+)?wait(?=[ \t]*[,.!:;—–-])|scratch (?:that|this)|make (?:that|it)|oops"
    r"|i take (?:that|it) back|strike that|never ?mind|hold on|correcting (?:that|this|it)|on re-?reading"
    r"|(?:re-?check|second look)[ \t]*:|after re-?check(?:ing)?|on second thought"
    r"|(?:revised|updated|corrected|new) (?:verdict|answer|label)"
    r"|chang(?:e|ed|ing) (?:it |this |that |my verdict |the verdict )?to"
    r"|(?:^|(?<=[\n.!?]))[ \t]*actually,)(?!\w)"
)
_TAKEN_BACK_TELLTALES = (
    "wait",
    "scratch",
    "make ",
    "oops",
    "take",
    "second",
    "chang",
    "actually",
    "strike",
    "mind",
    "hold on",
    "correcting",
    "reading",
    "check",
    "revised",
    "updated",
    "corrected",
    "new ",
)
_TAKEN_BACK_REACH = 160


def revised_before(lowered: str, start: int) -> bool:
    """Whether the grader announces a revision or its final word just before ``start`` (or on its
    line): "Corrected verdicts:", "Final answer:", "I made a mistake above." What it gave before is a draft."""
    line_end = lowered.find("\n", start, start + _ANNOUNCED_CHARS)
    end = start + _ANNOUNCED_CHARS if line_end < 0 else line_end
    begin = max(0, start - _ANNOUNCED_CHARS)
    window = lowered[begin:end]
    if not any(telltale in window for telltale in _REVISION_TELLTALES):
        return False  # most readings: no word of a revision near them (found in C, not by the pattern)
    return "final" in window or _REVISION.search(window) is not None


_ANNOUNCED_CHARS = 200
# A substring of every revision _REVISION finds, and "final".
_REVISION_TELLTALES = (
    "correct",
    "second thought",
    "reflection",
    "closer",
    "wrong",
    "misread",
    "mistake",
    "error",
    "scratch",
    "revis",
    "should",
    "actually",
    "edit",
    "update",
    "erratum",
    "fix",
    "wait",
    "chang",
    "reading",
    "stand",
    "check",
    "start over",
    "disregard",
    "final",
)


def judged_together_or_in_parts(lowered: str) -> str | None:
    """A key naming two statements or part of one ("4–5:", "1 & 2:", "2.1:"), where one stands."""
    found = next(
        (
            key
            for key in _JUDGED_TOGETHER_OR_IN_PARTS.finditer(lowered, 0, CHECKED_CHARS)
            if not _CITED_BEFORE.search(lowered, max(0, key.start() - 12), key.start())
        ),
        None,
    )
    if found is None and ("together" in lowered or "as one" in lowered or "both" in lowered):
        found = _JUDGED_TOGETHER.search(lowered, 0, CHECKED_CHARS)
    return found.group().strip() if found is not None else None


def label_in_every_item(
    lowered: str,
    items: Sequence[Item],
    spans: Sequence[tuple[int, int]],
    places: Sequence[int],
    words: VerdictWords,
) -> tuple[str, tuple[Item, ...] | None] | None:
    """The word every item of a reading (``items``, read from ``spans``) was read by, where another
    verdict word of another value follows it closely in some item: a label the layout repeats,
    not the verdicts. With it, the items read after the label, where every item holds one there
    (else ``None``: unclear). ``places``: where every verdict word of ``lowered`` stands."""
    if len(items) < 2 or len(spans) != len(items):
        return None
    # The word as read, or where a source keeps none, the stretch it read (a line's head).
    read_as = {
        item.word or lowered[start:end].strip(_LABEL_DECORATION)
        for item, (start, end) in zip(items, spans, strict=True)
    }
    word = read_as.pop()
    if read_as or not word:
        return None
    after: list[Item | None] = []
    for start, end in spans:
        first = lowered.find(word, start, end)
        value = None
        if first >= 0:
            # The value stands within a few characters of its label, on its line.
            end_of_line = lowered.find("\n", first, first + _NEAR)
            end_of_line = first + _NEAR if end_of_line < 0 else end_of_line
            index = bisect_right(places, first)
            while index < len(places) and places[index] < end_of_line:
                at = places[index]
                following = words.bare.match(lowered, at)
                if following is not None and _BETWEEN.fullmatch(lowered, first + len(word), at) is not None:
                    value = Item(word_value(following.group("v"), words.values), following.group("v"))
                    break
                index += 1
        after.append(value)
    if all(value is None or value.value == item.value for value, item in zip(after, items, strict=True)):
        return None  # nothing else follows the word, or only what it says itself ("Yes, supported")
    read = tuple(value for value in after if value is not None)
    return word, read if len(read) == len(items) else None


_NEAR = 64  # characters after a label's start where its value may stand (the label, then _BETWEEN)
_LABEL_DECORATION = " \t[](){}*_:=`\"'"
_BETWEEN = re.compile(r"[^\n.;!?]{0,20}")  # a label and its value: on one line, no sentence between


# A key naming two statements ("4–5:", "1 & 2:", "statements 2 and 3 ... together") or part of one
# ("2.1:", "3a)"); a key, so a colon or a parenthesis follows it ("1 - 0." is a statement's verdict).
# "0.9)" is a confidence ("(conf=0.9)"), no part of a statement 0.
_JUDGED_TOGETHER_OR_IN_PARTS = re.compile(
    r"(?<![\w.,=])(?:\d{1,2}(?:[ \t]*(?:&|and|–|—|\+)[ \t]*\d{1,2}|-\d{1,2}|[a-c])|[1-9]\d?\.\d)[ \t*]*[:)]"
    r"|(?<![\w.,=])\d{1,2}-(?:i{1,3}|iv|[a-c])(?!\w)[ \t*]*[:.)]"  # "3-i: PASS", "1-ii. TRUE": a part's key
)
# The context's lines, pages or sources cited by a range ("(lines 7-8)", "pp. 3-4)"): no statements' key.
_CITED_BEFORE = re.compile(r"(?:lines?|l|pp?\.|pages?|paras?|¶|sections?|docs?|sources?|chunks?)[ \t]*$")
_JUDGED_TOGETHER = re.compile(
    r"(?:statements|claims)[ \t]+\d{1,2}[ \t]+and[ \t]+\d{1,2}(?![\d.])[^\n.]{0,60}(?:together|as one|both)"
)

# What a grader writes when it takes back a verdict it gave.
_REVISION = re.compile(
    r"(?<!\w)(?:correction|corrected|on second thought|on reflection|on closer (?:look|reading|inspection)"
    r"|i (?:got|had) [^\n.]{0,30}wrong|i misread|i made (?:a|an) (?:mistake|error)|scratch (?:that|everything|all)"
    r"|let me (?:correct|revise|start over|redo)"
    r"|should (?:be|read|have been)|is actually|are actually|revised"
    r"|(?<!no )(?:revision|edit|update|erratum|change)s?(?:[ \t]*#?\d{1,2})?[ \t]*:"  # not "No changes:"
    r"|let me fix|i need to fix|(?:^|(?<=[\n.!?]))[ \t]*actually,"
    # After the verdicts: "wait — on re-reading ...", "statement 2 changes from unsure to yes",
    # "disregard the verdicts above", "let me start over".
    r"|(?:no[ \t,]+)?wait(?=[ \t]*[,.!:;—–-])|(?:on|upon) re-?reading|on re-?check"
    r"|revisions?[ \t]+(?:after|on|following)|revisions[ \t]*:|other verdicts (?:stand|are unchanged)"
    r"|everything else (?:stands|is unchanged)|the others? (?:stands?|are unchanged)"
    r"|chang(?:es|ed|ing)? (?:it |this |that |my verdict |the verdict )?(?:from|to)|disregard|start over)(?!\w)"
)


# Words that judge a statement without being a verdict word of their own ("the context supports this").
JUDGING = re.compile(
    r"(?<!\w)(?:supports?|supported|supporting|unsupported|confirm(?:s|ed)?|contradict(?:s|ed)?|backed|entail(?:s|ed)?"
    r"|verif(?:y|ied|iable)|unverifiable|stated|mentioned|true|false|correct|incorrect|accurate|inaccurate"
    r"|checks?[ \t]+out|holds?[ \t]+up)(?!\w)"  # "Everything else checks out against the context"
)
