"""Text verdict sources 2 to 6, after the final block: markers, a table, a list, a bare run (prose is ``prose``'s).

Each finds where the verdicts are and hands the items to ``items`` to read:

2. **markers**: each label (``Verdict:``, ``Conclusion:``, ``Answer:``, ``Judgement:``,
   ``Supported?``, ``The verdict is``) and the rest of its line is an item;
3. **table**, read in ``tables``: the verdict column of a table whose header names one
   (Markdown; tab-, comma- or semicolon-separated);
4. **list**: lines that begin with an enumeration or a bullet and hold a verdict, or an
   enumeration 1, 2, 3... inside one line;
5. **prose** (in ``prose``): sentences about a statement by number (``Statement 2``, ``the
   second statement``) or by its echoed text, read for their polarity;
6. **a bare run**: the whole text as one run of items (``No. Yes. Yes.``).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
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
from compat.scoring.reader.lines import line_start_within
from compat.scoring.reader.verdict_words import (
    BUILT_IN,
    ENUMERATION,
    MAX_VERDICTS,
    OVERALL,
    VerdictWords,
)

# Keywords first, so the engine skips ahead to them; what stands before one is checked after.
# A field a grader names its verdict with, where a delimiter says a value follows ("Label: true").
_FIELD_NAMES = ("label", "result", "assessment", "determination", "decision", "rating", "classification")
_MARKER = re.compile(
    r"(?:verdict|conclusion|answer|judge?ment)(?:[ \t]+is)?(?!\w)|supported[ \t]*\?"
    r"|(?:" + "|".join(_FIELD_NAMES) + r")[ \t*_`]*(?=[:=\-–—→])"
    # Prometheus' "[RESULT] PASS"; its "[RESULT] 4" is a point of a 1-5 scale, no verdict.
    r"|result\](?=[ \t]*[a-z])"
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


def _asks_whether(lowered: str, at: int) -> bool:
    """Whether the sentence of a keyword asks rather than answers: "records whether each claim in
    the answer is supported" holds "answer is", and gives no verdict."""
    reach = max(0, at - _WHETHER_REACH)
    start = max(lowered.rfind("\n", reach, at), lowered.rfind(". ", reach, at), reach)
    return lowered.find("whether", start, at) >= 0


def _quoted(lowered: str, at: int, keyword: str) -> bool:
    """Whether a keyword stands in a quotation: a field's name on a blockquote's line (``> Rating:
    TRUE.``; a grader draws its own verdicts in blockquotes too, ``> ✅ **Verdict: YES**``), or any
    keyword after an opening quotation mark on its line (``Evidence: "Rating: TRUE. ..."``)."""
    start = line_start_within(lowered, at, _SENTENCE_REACH)
    before = lowered[start:at]
    if before.lstrip(" \t").startswith(">"):
        return keyword.startswith(_FIELD_NAMES) and not _in_a_callout(lowered, start)
    if before[-1:] in ('"', "“", "'") and lowered[at + len(keyword) : at + len(keyword) + 1] in _CLOSING:
        return False  # '"verdict": ...' (or escaped, '\\"verdict\\": ...'): the keyword is a key, quoted itself
    # An escaped quotation mark (\\" in a JSON string shown raw) opens and closes nothing.
    return (before.count('"') - before.count('\\"') + before.count("“") - before.count("”")) % 2 == 1


_CLOSING = ('"', "”", "'", "\\")


def _in_a_callout(lowered: str, start: int) -> bool:
    """Whether the blockquote holding the line at ``start`` is a callout the grader drew (``> [!TIP]``)."""
    for _ in range(_CALLOUT_LINES):
        if lowered[start : start + _SENTENCE_REACH].lstrip(" \t>*_").startswith("[!"):
            return True
        if start == 0:
            return False
        start = line_start_within(lowered, start - 1, _SENTENCE_REACH)
        if not lowered[start : start + _SENTENCE_REACH].lstrip(" \t").startswith(">"):
            return False
    return False


_SENTENCE_REACH = 400
_WHETHER_REACH = 120  # "whether" is looked for this far back in the keyword's sentence
_CALLOUT_LINES = 8  # a callout's header is looked for this many lines up its blockquote


# "Verdict 2: Supported", "verdict_0: no": a marker that names its statement by number.
_MARKER_NUMBER = re.compile(
    r"(?:verdict|conclusion|answer|judge?ment|label|result|assessment|decision|rating)[ \t]*"
    r"(?:for[ \t]+)?(?:(?:statement|claim)[ \t]*|s)?#?(\d{1,3})[ \t*_]*(?::|\)|=|\.(?=[ \t]))"
)


def markers_by_number(lowered: str, markers: list[tuple[Item, int]], expected: int) -> tuple[Item, ...] | None:
    """Markers that each name their statement by number, out of order ("Verdict 2: yes⏎Verdict 1:
    no"), read by the numbers: every statement named once, from 1 (or from 0, where a 0 is named).
    ``None`` where the markers are in order (position reads them) or not all name one."""
    if len(markers) != expected or expected < 2:
        return None
    numbers: list[int] = []
    for _item, at in markers:
        named = _MARKER_NUMBER.match(lowered, at)
        if named is None:
            return None
        numbers.append(int(named.group(1)))
    start = min(numbers)
    if start not in (0, 1) or sorted(numbers) != list(range(start, start + expected)) or numbers == sorted(numbers):
        return None
    by_number = dict(zip(numbers, (item for item, _at in markers), strict=True))
    return tuple(by_number[number] for number in range(start, start + expected))


_LIST_LINE = re.compile(r"[ \t>*]*(?:[-*•+][ \t]|(?:" + ENUMERATION + "))")
_LINE = re.compile(r"[^\n]+")


def read_markers(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Item, int]]:
    """Each marker's item, with where the marker stands."""
    found: list[tuple[Item, int]] = []
    # Most outputs hold no "whether" and no quotation: those checks cost one substring search then.
    asks = "whether" in lowered
    quotes = '"' in lowered or "“" in lowered or ">" in lowered
    markers = [
        marker
        for at in _keyword_positions(lowered)[: 4 * MAX_VERDICTS]
        if (marker := _MARKER.match(lowered, at))
        and not _follows_a_non_marker(lowered[max(0, at - 12) : at])
        and not (asks and _asks_whether(lowered, at))
        and not (quotes and _quoted(lowered, at, marker.group()))
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


class ListRead(NamedTuple):
    """A list's items, the lines they were read from, and each item's statement number where its
    line names one at its head (``3)``, ``Statement 3 is ...``; ``None`` where it names none, or
    where the line holds several items)."""

    items: list[Item]
    spans: list[tuple[int, int]]
    numbers: list[int | None]


def read_list(lowered: str, words: VerdictWords = BUILT_IN, places: Sequence[int] | None = None) -> ListRead:
    """Enumerated or bulleted lines that hold a verdict (``1. Yes``, ``- No: not stated``,
    ``2. John is a student. - No``), and enumerations inside one line (``1. No, 2. Yes``,
    ``In conclusion: S1: 0 | S2: 1``), with the lines read. Lines without a verdict
    (explanations) are passed over: given ``places`` (where the text's verdict words stand,
    in order), a line with none of them and no 0 or 1 is not looked at."""
    read: list[Item] = []
    spans: list[tuple[int, int]] = []
    numbers: list[int | None] = []
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
                numbers.extend([None] * len(items))
        elif _LIST_LINE.match(text) or _drawn_with_a_mark(text, words):
            item = read_item(text, words, None)
            if item is not None and item.word != "overall":
                read.append(item)
                spans.append(line.span())
                head = _HEAD_NUMBER.match(text)
                numbers.append(int(head.group(1)) if head is not None else None)
        if len(read) >= MAX_VERDICTS:
            break
    return ListRead(read[:MAX_VERDICTS], spans, numbers[:MAX_VERDICTS])


# A statement's number at a line's head: "3)", "3.", "Statement 3 is ...", "S3:"; not "2.1" (a part).
_HEAD_NUMBER = re.compile(
    r"[ \t>*#_-]*(?:(?:statement|claim|item|s)[ \t]*#?[ \t]*)?\(?(\d{1,3})(?:[):]|\.(?!\d)|[ \t])"
)


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
