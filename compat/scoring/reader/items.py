"""Verdict items: a region of a grader's text cut into one item per statement, each read.

A person reading ``Final verdict for each statement in order: in summary, No - not in
the context. Yes (explicitly stated). N/A.`` does two things: cuts the verdicts into
items (by line, by enumeration, or by the separator the grader used) and reads each
item's verdict, whatever stands around it. This module does both, the same way for
every text source (the final block, markers, lists, tables).

* **Reading an item** (``read_item``): the verdict word at its head, past bullets, an
  enumeration, a label and decoration; else a verdict after a joiner further on (``John
  is a student. - No``). A word that says the grader could not tell (``N/A``, ``Not
  sure``) is an item without a verdict. Anything else is not an item: ``None``.
* **Cutting a region** (``read_run``): each way of cutting it (lines; an enumeration
  1, 2, 3...; each separator) gives a run of items: parts before the first item are a
  lead-in, parts after the last are trailing text, and a part between two items that
  holds no verdict keeps its place as an item without one (``1. Not sure. 2. Yes.``
  never moves statement 2's verdict up to statement 1). The first cut whose item count
  is the statement count wins; where none is, the one nearest to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from compat.scoring.reader.verdict_words import (
    ENUMERATION,
    MAX_VERDICTS,
    NAMED_PLACE,
    ORDINALS,
    OVERALL,
    UNREAD,
    Value,
    VerdictWords,
    remember,
)
from compat.scoring.reader.words import HEDGED, word_value

MAX_ITEM_CHARS = 2_000  # a longer part is a paragraph, not a verdict
MAX_LEAD_IN_PARTS = 3  # parts before the first item that may be a lead-in
# Separators a grader puts between verdicts on one line, most telling first.
SEPARATORS = (". ", "; ", ", ", " ⋅ ", " · ", " | ", " / ", " • ", "\t", " \\", ",", ";", "、", "。", ".")
_ENUMERATOR = re.compile(r"(?:^|(?<=[\s,;.|(。、]))(?P<e>" + ENUMERATION + ")")
_DIGITS = re.compile(r"\d+")
# What an enumeration's first number must hold (ENUMERATION's branches that count 1): the
# digit 1 ("1.", "(1)", "statement 01"; in other scripts any digit may be one), "a" or "i"
# before ". " or ") ", or "first". Substring tests and a search led by two letters: C scans,
# where the enumerator's own pattern tries every position of a line.
_ANY_DIGIT = re.compile(r"\d")
_LETTER_ONE = re.compile(r"[ai][.)][ \t]")
_TABLE_ROW = re.compile(r"[ \t]*\|[^\n]*\|")
_TABLE_LINES = re.compile(r"^[ \t]*\|[^\n]*\|[ \t]*$", re.MULTILINE)
_NOTHING_MORE = ("", "and", "then", "&")  # what may follow a lone "y" or "n" in a run
_ASIDE = re.compile(r"[ \t]+[(\[]|[ \t]*[-–—][ \t]")  # "N (see the context)", "Y - stated"
_PUNCTUATION = " \t.,;:!?)]}*_`\"'”’»。、·・•⋅|/-–—"  # punctuation and the separators between items
_BARE_NUMBER = re.compile(r"[\s(#*]*\d{1,4}[.):]?\s*")
_SAYS_SOMETHING = re.compile(r"[^\W_]|[✓✔☑✅✗✘❌☒✖❓]")  # a letter, a digit or a mark: not a blank piece


class Item(NamedTuple):
    """One statement's verdict as read: 1, 0, or None (the grader's item holds none)."""

    value: Value
    word: str  # the verdict word as written; "" where the item holds none


class Run(NamedTuple):
    """The items of a region, cut one way, and where they end in it."""

    items: tuple[Item, ...]
    end: int  # offset in the region after the last item
    trailing: bool  # something that is not an item follows the last one
    unreadable: int = 0  # places between items that hold no verdict word at all


# A statement a source found no verdict for where one should stand (prose that skips one, a
# table row that does not line up): a reading holding it never reads the count.
GAP = Item(None, "gap")
_OVERALL = Item(None, "overall")  # an overall verdict: ends a run, never one of its items
NO_WORD = Item(None, "")  # a place between items that holds no verdict word at all
_NUMBER_WORDS = ("1", "0", "")  # what a number read as a verdict, or a place, holds as its word
PLAIN_ITEMS = {"yes": Item(1, "yes"), "no": Item(0, "no")}  # the fast paths' items


MAX_REMEMBERED_CHARS = 80  # items up to this long are remembered once read
MAX_REMEMBERED = 20_000  # then the memory starts over: at most a few MB


def read_item(part: str, words: VerdictWords, numbers: bool | None = False) -> Item | None:
    """The verdict of one item; ``None`` when ``part`` is not an item (no verdict in it).

    ``numbers``: whether 1 and 0 are verdicts (True where the source says so: a final
    block, a marker, a table); ``None``, only after a label or a statement named in words
    (``Statement 2: 0``), never after a bare enumeration (``1. 0`` is not a reading).
    """
    if len(part) > MAX_REMEMBERED_CHARS:
        return _read_item(part, words, numbers)
    key = (part, numbers)
    item = words.read.get(key, UNREAD)
    if item is not UNREAD:
        return item  # type: ignore[return-value]  # only _read_item's results are stored
    return remember(words.read, key, MAX_REMEMBERED, _read_item(part, words, numbers))


def forget_read_items(words: VerdictWords) -> None:
    """Empty what the reader remembers (items and short texts read with ``words``, lines'
    enumerations), so the next output is read as by a fresh process: benchmarks call it
    before each round."""
    words.read.clear()
    words.texts.clear()
    _line_enumeration_starts.cache_clear()


def _read_item(part: str, words: VerdictWords, numbers: bool | None) -> Item | None:
    if numbers is None:
        numbers = NAMED_PLACE.search(part) is not None
    if len(part) > MAX_ITEM_CHARS or _TABLE_ROW.match(part) or not _SAYS_SOMETHING.search(part):
        return None  # a paragraph; a table's row (the table source reads its verdict column)
    if OVERALL.match(part):
        return _OVERALL
    head = (words.head_or_number if numbers else words.head).match(part)
    if head is None:
        head = (words.tail_or_number if numbers else words.tail).search(part)
        if head is None:
            return None
        if numbers and head.group("n") is not None and _number_of_another_key(part, head.start("n")):
            return None  # '... search({"query": "...", "page": 0})': a 0 a key other than a verdict's holds
    word = head.group("v") if head.group("v") is not None else head.group("n")
    if head.group("v") is not None and HEDGED.search(part, 0, head.start("v")):
        return None  # "Weakly supported", "mostly supported": a degree of support, no verdict said
    rest = part[head.end() :]
    field = _FIELD_NAMED.match(rest) if head.group("v") is not None else None
    if field is not None:
        # "Supported by context: No": the judging word names the field, and its value answers
        # ("supported: null": no verdict; "supported = {1, 3}": statements listed, no verdict).
        at = field.end()
        wrapped = _WRAPPED.match(rest, at)  # "supported: Some(true)"
        value = words.head_or_number.match(rest, wrapped.end() if wrapped else at)
        if value is not None:
            answer = value.group("v") if value.group("v") is not None else value.group("n")
            return Item(word_value(answer, words.values), answer)
        if _NULL.match(rest, at):
            return Item(None, "null")
        if rest[at : at + 1] in _LISTING:
            return None
    if len(word) == 1 and word.isalpha() and rest.strip(_PUNCTUATION) not in _NOTHING_MORE and not _ASIDE.match(rest):
        return None  # "y" and "n" stand alone or before an aside: "Y:A" is not a verdict
    # Where the first verdict itself follows an arrow ("“part one” → no; “part two” → yes"), the
    # arrows map parts to verdicts: none of them concludes.
    concluded = None if _arrowed(part[head.start() : head.end()]) else _conclusion(rest, words)
    if concluded is not None:
        word = concluded  # "YES ×2, NO ×3 → NO": the votes, then what they conclude
    if word in ("1", "0") and word not in words.values:
        return Item(1 if word == "1" else 0, word)
    return Item(word_value(word, words.values), word)


# An arrow after an item's first verdict, and a verdict after it: the item's conclusion (a vote's
# majority, a verdict changed from one to the other), which the item's first word is not.
_ARROWS = ("→", "=>", "->", "⇒", "⟹")
_CONCLUSION_LABEL = re.compile(
    r"[ \t*_]*(?:(?:no[ \t]+)?(?:majority|consensus)[ \t]*[:,]?[ \t]*(?:so[ \t]+)?"
    r"|(?:final|overall|so|therefore)[ \t]*:?[ \t]*)?"
)


def _arrowed(found: str) -> bool:
    return any(arrow in found for arrow in _ARROWS)


def _conclusion(rest: str, words: VerdictWords) -> str | None:
    """The verdict after the last arrow on the line of an item's first verdict (an arrow that starts
    another line starts another unit); ``None`` where none stands."""
    rest = rest.split("\n", 1)[0]
    at = max(rest.rfind(arrow) + len(arrow) if arrow in rest else -1 for arrow in _ARROWS)
    if at < 0:
        return None
    label = _CONCLUSION_LABEL.match(rest, at)
    found = words.head.match(rest, label.end() if label else at)
    return None if found is None or found.group("v") is None else found.group("v")


def _number_of_another_key(part: str, at: int) -> bool:
    """Whether the number at ``at`` is the value of a code's key that names no verdict (``"page":
    0``, ``page=0``); a lead-in's colon ("based on the above: 0, 1") is no key."""
    key = _KEY_BEFORE.search(part, max(0, at - 32), at)
    return key is not None and (key.group(1) or key.group(2)) not in _VERDICT_KEYS


_KEY_BEFORE = re.compile(r"[\"']([a-z][a-z_ ]{0,24})[\"'][ \t]*:[ \t]*$|(?<![\w.])([a-z][a-z_]{0,24})=[ \t]*$")
_VERDICT_KEYS = frozenset(("verdict", "label", "score", "result", "supported", "entailed", "answer", "value"))
_NULL = re.compile(r"(?:null|none|nil|na)(?!\w)")
_WRAPPED = re.compile(r"(?:some|just|ok)\(")
_LISTING = frozenset("∅{[")
# After a judging word, what makes it a field's name: "supported by context:", "grounded =".
_FIELD_NAMED = re.compile(r"(?:[ \t]+(?:by|in|from|with)[ \t]+(?:the[ \t]+)?[a-z]{2,12})?[ \t*_]*[:=][ \t*_]*")


def _cut_lines(region: str) -> Iterator[tuple[str, int]]:
    """Each non-blank line of ``region`` and the offset after it."""
    pos = 0
    while pos < len(region):
        end = region.find("\n", pos)
        end = len(region) if end < 0 else end
        if region[pos:end].strip():
            yield region[pos:end], end
        pos = end + 1


def _cut_by(separator: str) -> Callable[[str], Iterator[tuple[str, int]]]:
    def cut(region: str) -> Iterator[tuple[str, int]]:
        for line, line_end in _cut_lines(region):
            start = line_end - len(line)
            pos = 0
            while pos <= len(line):
                end = line.find(separator, pos)
                end = len(line) if end < 0 else end
                if line[pos:end].strip():
                    yield line[pos:end], start + end
                pos = end + len(separator)

    return cut


def cut_by_enumeration(region: str) -> Iterator[tuple[str, int]]:
    """Parts that each begin at the next number of an enumeration 1, 2, 3... (inline or by line)."""
    starts = enumeration_starts(region)
    if len(starts) < 2:
        return
    if region[: starts[0]].strip():
        yield region[: starts[0]], starts[0]  # a lead-in
    for here, after in zip(starts, [*starts[1:], len(region)], strict=True):
        yield region[here:after].rstrip(" \t\n,;|"), after


def enumeration_starts(region: str) -> tuple[int, ...]:
    """Where the numbers 1, 2, 3... of an enumeration begin, in order (gaps of prose allowed)."""
    if len(region) > MAX_ITEM_CHARS:
        return _enumeration_starts(region)
    return _line_enumeration_starts(region)


@lru_cache(maxsize=1024)  # the list source and the cuts look at the same lines
def _line_enumeration_starts(line: str) -> tuple[int, ...]:
    return _enumeration_starts(line)


def _enumeration_starts(region: str) -> tuple[int, ...]:
    if not _may_count_one(region):
        return ()  # nothing could stand for 1: no digit one, no "a." or "i)", no "first"
    starts: list[int] = []
    expected = 1
    for match in _ENUMERATOR.finditer(region):
        if match.start() - (starts[-1] if starts else 0) > MAX_ITEM_CHARS:
            break  # the enumeration ended (or never began): the rest of a long text is not read
        if expected in _numbers(match.group("e")):
            starts.append(match.start())
            expected += 1
            if expected > MAX_VERDICTS:
                break
    return tuple(starts)


def _may_count_one(region: str) -> bool:
    if "first" in region or _LETTER_ONE.search(region) is not None:
        return True
    if not region.isascii():
        return _ANY_DIGIT.search(region) is not None  # another script's digit one
    # A 1 that may be a number of its own ("1.", "01"), not the last digit of "1991" or "21";
    # past a few dozen such digits the enumerator's pattern is cheaper than this loop.
    for tried, one in enumerate(_LAST_DIGIT_ONE.finditer(region)):
        before = region[one.start() - 1 : one.start()]
        if tried >= 64 or not before.isdigit() or before == "0":
            return True
    return False


_LAST_DIGIT_ONE = re.compile(r"1(?!\d)")


_UNITS = ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")
_ROMAN = {tens + unit: 10 * len(tens) + k for tens in ("", "x", "xx") for k, unit in enumerate(_UNITS) if tens + unit}


def _numbers(enumeration: str) -> set[int]:
    """What an enumeration may count: 1 for "1.", "(1)", "statement 1", "a)", "first";
    "i" is 1 as a roman numeral and 9 as a letter (the sequence it stands in decides)."""
    digits = _DIGITS.search(enumeration)
    if digits is not None:
        return {int(digits.group())}
    found = {_ROMAN[enumeration]} if enumeration in _ROMAN else set()
    if len(enumeration) == 1:
        found.add(ord(enumeration) - ord("a") + 1)
    if enumeration in ORDINALS:
        found.add(ORDINALS.index(enumeration) + 1)
    return found


Cut = Callable[[str], Iterator[tuple[str, int]]]
CUTS: tuple[tuple[str, Cut], ...] = (
    ("enumeration", cut_by_enumeration),
    *((separator, _cut_by(separator)) for separator in SEPARATORS),
)
INLINE_SEPARATORS = SEPARATORS[:10]


def _cut_each_line(region: str, words: VerdictWords, numbers: bool | None) -> Iterator[tuple[str, int]]:
    """Line by line, each line cut as it is written: one item, an enumeration (``1. No 2. Yes``)
    or a run (``No. Yes. Yes.``) where every piece after the first is an item."""
    for line, line_end in _cut_lines(region):
        start = line_end - len(line)
        pieces: list[tuple[str, int]] = []
        if len(line) <= MAX_ITEM_CHARS:
            if len(enumeration_starts(line)) >= 2:
                pieces = [(part, start + end) for part, end in cut_by_enumeration(line)]
            else:
                for separator in INLINE_SEPARATORS:
                    if separator not in line:
                        continue
                    parts = [(part, start + end) for part, end in _cut_by(separator)(line)]
                    if len(parts) < 2 or _BARE_NUMBER.fullmatch(parts[0][0]):
                        continue  # "1. Not sure." is one enumerated item, not the verdicts "1" and "Not sure"
                    if all(read_item(part, words, numbers) for part, _end in parts[1:]):
                        pieces = parts
                        break
        yield from pieces or [(line, line_end)]


def run_of(parts: Iterator[tuple[str, int]], words: VerdictWords, numbers: bool | None) -> Run:
    """The items of ``parts``: a lead-in skipped, trailing text left, places without a verdict kept."""
    items: list[Item] = []
    pending: list[Item] = []  # parts without a verdict since the last item: places, if an item follows
    end = 0
    lead_in = unreadable = 0
    bare: list[int] = []  # items read from a part that is a number alone
    for part, part_end in parts:
        if not _SAYS_SOMETHING.search(part):
            continue  # a blank piece (punctuation, an invisible character): no place of its own
        item = read_item(part, words, numbers)
        if item is _OVERALL:
            if items:
                break  # an overall verdict after the items ends them
            continue  # one before them is passed over, as a lead-in is
        if item is None:
            if not items:
                lead_in += 1
                if lead_in > MAX_LEAD_IN_PARTS:
                    break
                continue
            pending.append(NO_WORD)
            if len(pending) > MAX_LEAD_IN_PARTS:
                break
            continue
        items.extend(pending)
        unreadable += len(pending)
        pending.clear()
        items.append(item)
        if _BARE_NUMBER.fullmatch(part):
            bare.append(len(items) - 1)
        end = part_end
        if len(items) >= MAX_VERDICTS:
            break
    if bare and len(bare) < len(items) and any(item.word not in _NUMBER_WORDS for item in items):
        # "Yes. 1. Yes.": among verdict words, a number alone is the next item's enumeration;
        # among numbers read as verdicts ("above: 1, 0, 1") it is a verdict like them.
        enumerations = set(bare)
        items = [item for index, item in enumerate(items) if index not in enumerations]
        while items and items[0] == NO_WORD:  # what followed a leading enumeration is a lead-in, not a place
            del items[0]
            unreadable -= 1
    trailing = bool(pending) or lead_in > MAX_LEAD_IN_PARTS
    return Run(tuple(items[:MAX_VERDICTS]), end, trailing and len(items) < MAX_VERDICTS, unreadable)


def follows_items(window: str, words: VerdictWords) -> bool:
    """Whether an item begins ``window`` (the text after a header), past a lead-in at most."""
    if words.plain_run and _PLAIN_START.match(window):
        return True
    for tried, (part, _end) in enumerate(_cut_each_line(window, words, True)):
        if tried > MAX_LEAD_IN_PARTS:
            return False
        item = read_item(part, words, True)
        if item is not None and item is not _OVERALL:
            return True
    return False


# The common final block, "Yes. No. Yes." and nothing after it: read in one regex call.
# Plain yes/no words are never enumerations, labels or asides, so this reads what the cuts
# would where punctuation parts the words (tests hold them equal), and also words that white
# space alone parts ("No No Yes"), which a person reads and the cuts never cut.
_PLAIN_RUN = re.compile(r"[ \t\n]*(?:(?:yes|no)(?=[ \t\n.,;]|\Z)[ \t.,;]*){1,64}[ \t\n.!]*\Z")
_PLAIN_WORD = re.compile(r"yes|no")
_PLAIN_START = re.compile(r"[ \t\n]*(?:yes|no)(?=[ \t\n.,;]|\Z)")


def _plain_run(region: str) -> Run | None:
    if _PLAIN_RUN.match(region) is None:
        return None
    found = _PLAIN_WORD.findall(region)
    return Run(tuple(map(PLAIN_ITEMS.__getitem__, found)), len(region.rstrip(" \t\n.!")), False)


def read_run(region: str, words: VerdictWords, expected: int | None, numbers: bool | None = False) -> Run:
    """The items of ``region``, cut the way a person checks against the statement count.

    The first cut that gives ``expected`` items, each holding a verdict word, wins; else
    the first that gives ``expected`` with places that hold none between them; else the
    region read line by line as written; else the cut nearest to ``expected``. Without a
    count, the cut that reads the most.
    """
    plain = _plain_run(region) if words.plain_run and len(region) < 1_000 else None
    if plain is not None:
        return plain
    if "|" in region:  # a table's rows are the table source's to read, in its verdict column
        region = _TABLE_LINES.sub(lambda row: " " * len(row.group()), region)
    natural = run_of(_cut_each_line(region, words, numbers), words, numbers)
    if expected is not None and len(natural.items) == expected and not natural.unreadable:
        return natural
    best: Run | None = None
    with_places: Run | None = None
    for name, cut in CUTS:
        if name != "enumeration" and name not in region:
            continue  # a separator the region does not hold cuts nothing
        run = run_of(cut(region), words, numbers)
        if not run.items:
            continue
        if expected is None:
            if len(run.items) > len(best.items if best else natural.items):
                best = run
            continue
        if len(run.items) == expected:
            if not run.unreadable:
                return run
            with_places = with_places or run
        if best is None or abs(len(run.items) - expected) < abs(len(best.items) - expected):
            best = run
    if with_places is not None:
        return with_places
    if natural.items and expected is not None:
        return natural
    return best or natural
