"""Text verdict sources 2 to 6, after the final block: markers, a table, a list, prose, a bare run.

Each finds where the verdicts are and hands the items to ``items`` to read:

2. **markers**: each label (``Verdict:``, ``Conclusion:``, ``Answer:``, ``Judgement:``,
   ``Supported?``, ``The verdict is``) and the rest of its line is an item;
3. **table**, read in ``tables``: the verdict column of a table whose header names one
   (Markdown; tab-, comma- or semicolon-separated);
4. **list**: lines that begin with an enumeration or a bullet and hold a verdict, or an
   enumeration 1, 2, 3... inside one line;
5. **prose**: sentences about a statement by number (``Statement 2``, ``the second
   statement``) or by its echoed text, read for their polarity;
6. **a bare run**: the whole text as one run of items (``No. Yes. Yes.``).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import NamedTuple

from compat.scoring.reader.items import (
    MAX_ITEM_CHARS,
    PLAIN_ITEMS,
    Item,
    cut_by_enumeration,
    enumeration_starts,
    follows_items,
    read_item,
    read_run,
    run_of,
)
from compat.scoring.reader.verdict_words import (
    BUILT_IN,
    ENUMERATION,
    MAX_VERDICTS,
    ORDINALS,
    OVERALL,
    Value,
    VerdictWords,
)

# Keywords first, so the engine skips ahead to them; what stands before one is checked after.
_MARKER = re.compile(
    r"(?:verdict|conclusion|answer|judge?ment)(?:[ \t]+is)?(?!\w)|supported[ \t]*\?"
    # A field a grader names its verdict with, where a delimiter says a value follows ("Label: true").
    r"|(?:label|result|assessment|determination|decision|rating|classification)[ \t*_`]*(?=[:=\-–—→])"
)
_NOT_BEFORE_A_MARKER = ("overall", "final", "in")


def _follows_a_non_marker(before: str) -> bool:
    """Whether what stands before a keyword makes it no marker: a letter, a digit or a hyphen
    ("non-verdict"), or "Overall verdict", "Final answer" (a header), "In conclusion", with
    spaces and bold between. String methods, not a regex: it is checked at every keyword."""
    if not before:
        return False
    if before[-1].isalnum() or before[-1] in "_-":  # \w is a letter, a digit or "_"
        return True
    rest = before.rstrip(" \t")
    if rest.endswith("**"):
        rest = rest[:-2].rstrip(" \t")
    return rest.endswith(_NOT_BEFORE_A_MARKER)


_LIST_LINE = re.compile(r"[ \t>*]*(?:[-*•+][ \t]|(?:" + ENUMERATION + "))")
_LINE = re.compile(r"[^\n]+")


def read_markers(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Item, int]]:
    """Each marker's item, with where the marker stands."""
    found: list[tuple[Item, int]] = []
    markers = [
        marker
        for at in _keyword_positions(lowered)[: 4 * MAX_VERDICTS]
        if (marker := _MARKER.match(lowered, at)) and not _follows_a_non_marker(lowered[max(0, at - 12) : at])
    ]
    for index, marker in enumerate(markers):
        plain = _PLAIN_MARKER_ITEM.match(lowered, marker.end()) if words.plain_run else None
        if plain is not None:  # "Verdict: Yes." as the legacy prompt asks: read as the item reader would
            found.append((PLAIN_ITEMS[plain.group(1)], marker.start()))
            if len(found) >= MAX_VERDICTS:
                break
            continue
        # An item runs to the end of its line, never into the next marker, and is read from
        # its head: "verdict: " a million times costs one short item each.
        following = markers[index + 1].start() if index + 1 < len(markers) else len(lowered)
        bound = min(marker.start() + MAX_ITEM_CHARS, max(following, marker.end()))
        line_end = lowered.find("\n", marker.start(), bound)
        item = read_item(lowered[marker.start() : line_end if line_end >= 0 else bound], words, numbers=True)
        if item is not None and item.word != "overall":
            found.append((item, marker.start()))
            if len(found) >= MAX_VERDICTS:
                break
    return found


# The rest of a marker's line when it is a plain yes or no (tests hold it equal to the item reader's).
_PLAIN_MARKER_ITEM = re.compile(r"[ \t]*:[ \t]*(yes|no)[ \t]*\.?[ \t]*(?:\n|\Z)")
_KEYWORDS = (
    "verdict",
    "conclusion",
    "answer",
    "judg",
    "supported",
    "label",
    "result",
    "assessment",
    "determination",
    "decision",
    "rating",
    "classification",
)


def _keyword_positions(lowered: str) -> list[int]:
    """Where a marker's keyword begins, in order: found by ``str.find`` (a regex scan for five
    words tries every position of the text), at most ``4 * MAX_VERDICTS`` of each."""
    found: list[int] = []
    for keyword in _KEYWORDS:
        at = lowered.find(keyword)
        for _ in range(4 * MAX_VERDICTS):
            if at < 0:
                break
            found.append(at)
            at = lowered.find(keyword, at + len(keyword))
    return sorted(found)


def read_list(
    lowered: str, words: VerdictWords = BUILT_IN, places: Sequence[int] | None = None
) -> tuple[list[Item], list[tuple[int, int]]]:
    """Enumerated or bulleted lines that hold a verdict (``1. Yes``, ``- No: not stated``,
    ``2. John is a student. - No``), and enumerations inside one line (``1. No, 2. Yes``,
    ``In conclusion: S1: 0 | S2: 1``), with the lines read. Lines without a verdict
    (explanations) are passed over: given ``places`` (where the text's verdict words stand,
    in order), a line with none of them and no 0 or 1 is not looked at."""
    read: list[Item] = []
    spans: list[tuple[int, int]] = []
    for line in islice(_LINE.finditer(lowered), 4 * MAX_VERDICTS):
        text = line.group()
        if len(text) > MAX_ITEM_CHARS:
            continue
        if places is not None and "0" not in text and "1" not in text:
            first = bisect_left(places, line.start())
            if first == len(places) or places[first] >= line.end():
                continue  # no verdict word and no number that could be one
        if len(enumeration_starts(text)) >= 2:
            items = run_of(cut_by_enumeration(text), words, None).items
            if items:
                read.extend(items)
                spans.append(line.span())
        elif _LIST_LINE.match(text) or _drawn_with_a_mark(text, words):
            item = read_item(text, words, None)
            if item is not None and item.word != "overall":
                read.append(item)
                spans.append(line.span())
        if len(read) >= MAX_VERDICTS:
            break
    return read[:MAX_VERDICTS], spans


def _drawn_with_a_mark(line: str, words: VerdictWords) -> bool:
    """A line that begins with a mark standing for a verdict ("✅ The river is long. - stated",
    "☐ ...", a legend's "[x]"): the mark is the line's bullet and its verdict at once."""
    head = line.lstrip(" \t>")
    return head[:1] != "" and not head[0].isalnum() and any(head.startswith(mark) for mark in words.starts.others)


def read_bare_run(lowered: str, words: VerdictWords, expected: int | None) -> tuple[list[Item], tuple[int, int]]:
    """The last paragraph of items (``No. Yes. Yes.``, ``No ⋅ Yes ⋅ Yes``, a verdict a line),
    after any explanations, only where nothing but a lead-in or an overall verdict stands
    beside them (a verdict word in prose is not a run), with where that paragraph stands."""
    stripped = lowered.strip()
    paragraphs = _PARAGRAPH.split(stripped)
    for paragraph in reversed(paragraphs[-MAX_PARAGRAPHS:]):
        if OVERALL.match(paragraph) and "\n" not in paragraph.strip():
            continue  # an overall verdict after the items
        run = _whole_run(paragraph, words, expected, numbers=None)
        if run is None:
            return [], (0, 0)
        if expected is not None and len(run) != expected and read_item(paragraph, words) is None:
            return [], (0, 0)  # a count that does not fit is read only from a paragraph of nothing but verdicts
        at = lowered.rfind(paragraph)
        return run, (at, at + len(paragraph))
    return [], (0, 0)


def _whole_run(paragraph: str, words: VerdictWords, expected: int | None, numbers: bool | None) -> list[Item] | None:
    """The paragraph's items when nothing but a lead-in or an overall verdict stands beside them."""
    if not follows_items(paragraph, words):
        return None  # no item begins it: prose, not a run (and not worth cutting every way)
    run = read_run(paragraph, words, expected, numbers)
    rest = paragraph[run.end :].strip()
    if not run.items or run.trailing or run.unreadable or (rest.strip(" \t\n.!") and not OVERALL.match(rest)):
        return None
    return list(run.items)


_PARAGRAPH = re.compile(r"\n[ \t]*\n")
MAX_PARAGRAPHS = 4


# ----------------------------------------------------------------------------- prose

# Prose is read only from texts that name statements at most this often.
MAX_PROSE_MENTIONS = 4 * MAX_VERDICTS
_SENTENCE_END = re.compile(r"(?<=[.!?;])[ \t]+|\n+")  # a clause after a semicolon is a sentence of its own
_MENTION = re.compile(
    r"(?:statement|claim)[ \t]*#?[ \t]*(?P<i>\d{1,4})(?!\d)(?![ \t]*:)"
    r"|(?P<o>" + "|".join(ORDINALS) + r")[ \t]+(?:statement|claim)"
    r"|(?<!\w)the[ \t]+(?P<o2>" + "|".join(ORDINALS) + r")(?=[ \t]+(?:one[ \t]+)?(?:is|was)(?!\w))"
    r"|§(?P<e>\d{1,4})§"
)
_LABELLED = re.compile(r"[ \t*#>-]*(?:statement|claim)[ \t]*#?[ \t]*\d{1,4}[ \t*]*:")
_UNKNOWN = re.compile(
    r"(?<!\w)(?:unclear|uncertain|ambiguous|either way|(?:cannot|can't) be (?:verified|determined)"
    r"|not (?:sure|certain|clear)|undetermined|indeterminate|null)(?!\w)"
)
_POSITIVE = re.compile(
    r"(?<!\w)(?:supported|supports|entails?|entailed|holds|correct|accurate|true|faithful|consistent|grounded"
    r"|verified|confirmed|confirms|yes)(?!\w)"
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
_GIVEN_NO = re.compile(r"[\"'(,=:][ \t]*(?:no|false)[\"')]?(?!\w)")  # a value given: "..., 'no')", "= false"
# "the first statement is not;": the verdict word said once for all, left out of the clause that negates it.
_ELLIPTIC_NO = re.compile(r"(?<!\w)(?:is|was|are)(?:[ \t]+not|n't)[ \t]*[.;!,]?[ \t]*$")
_HEDGE = re.compile(r"(?<!\w)(?:partially|partly|mostly|largely|somewhat|loosely|indirectly)(?!\w)")
_NEGATION = re.compile(r"(?<!\w)(?:not|n't|never|neither|nor|cannot|no longer)(?!\w)|n't(?!\w)")


def mentions(lowered: str) -> int:
    return lowered.count("statement") + lowered.count("claim") + lowered.count("§")


class ProseReading(NamedTuple):
    """Verdicts by statement number (from 1) and the sentences they were read from."""

    by_index: dict[int, Value]
    spans: list[tuple[int, int]]
    unread: frozenset[int] = frozenset()  # named alone by a sentence whose verdict was not read


def read_prose(lowered: str) -> ProseReading:
    """Verdicts by statement from sentences about one statement each; said twice, the lower."""
    by_index: dict[int, Value] = {}
    spans: list[tuple[int, int]] = []
    unread: set[int] = set()
    pos = 0
    for sentence in islice(_sentences(lowered), 4 * MAX_VERDICTS):
        at = lowered.find(sentence, pos) if sentence else pos
        pos = at + len(sentence)
        if len(sentence) > MAX_ITEM_CHARS:
            continue
        if _LABELLED.match(sentence):
            continue  # "Statement 1: ..." introduces an echo or an explanation, not a judgement
        named = list(_MENTION.finditer(sentence))
        mentioned = {_index(match) for match in named} - {None}
        if len(mentioned) != 1:
            continue  # about no statement, or about several: not one statement's verdict
        if _ABOUT_OTHERS.search(sentence, sentence.rfind(":", 0, named[0].start()) + 1):
            continue  # ... or about others besides it (a lead-in before a colon is not the sentence)
        index = mentioned.pop()
        assert index is not None
        if "?" in sentence:  # a question judges nothing: only its answer does ("...context? No.")
            sentence = sentence[sentence.rfind("?") + 1 :]
        value = _polarity(sentence)
        if not 1 <= index <= MAX_VERDICTS:
            continue
        if value is _NOT_A_VERDICT:
            unread.add(index)  # "Statement 7 is backed up by the context": judged, in words not known
            continue
        previous = by_index.get(index, value)
        by_index[index] = _lower(previous, value)
        spans.append((at, pos))
    return ProseReading(by_index, spans, frozenset(unread - by_index.keys()))


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


def _lower(first: Value | int, second: Value | int) -> Value:
    """The lower of two readings of one statement: no verdict, then not supported, then supported."""
    if first is None or second is None:
        return None
    return 0 if 0 in (first, second) else 1


def _polarity(sentence: str) -> Value | int:
    """1 supported, 0 not, None unclear, ``_NOT_A_VERDICT`` where the sentence judges nothing."""
    if _UNKNOWN.search(sentence):
        return None
    values: set[int] = set()
    since = 0
    for positive in _POSITIVE.finditer(sentence):
        values.add(0 if _NEGATION.search(sentence, since, positive.start()) else 1)
        since = positive.end()
    if values:
        if 1 in values and (_OPPOSITE.search(sentence) or _HEDGE.search(sentence) or _GIVEN_NO.search(sentence)):
            values.add(0)  # "unsupported statements: [], supported statements: [§0§]"; "partially supported"
        # Both ways ("partially supported (counts as not supported)"): neither is the sentence's verdict.
        return values.pop() if len(values) == 1 else _NOT_A_VERDICT
    if _NEGATIVE.search(sentence) or _ELLIPTIC_NO.search(sentence):
        return 0
    return _NOT_A_VERDICT
