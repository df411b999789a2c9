"""Every unit of one head read, and read once (reader 5; docs/scoring.md, "every unit of a layout").

A grader that numbers its units gives each the same head: ``Statement 2:``, ``- 2:``, ``2)``,
``**2.**``, ``| 2 |``. A person who has read the units under one head reads every line that
begins with it, not only those whose verdict word they know, and notices when a number comes
twice (a draft and its final, a recap). So, for the lines of a reading that begin with a
numbered head, every line of the text under the same head is one statement's unit, and:

* a unit left unread whose few words are no verdict word the reader knows (``Statement 3:
  HOLDS``, ``2) absent from the context``) is a verdict not read: the reading is partial;
* two units of one statement that say otherwise (``1. Yes`` in a first list, ``1. No`` in a
  second) are two readings: the grader's last word is not known from the layout.

Either way the reading is unclear (``text_verdicts`` says why). Units whose words are a
sentence (``1. The context says the tower is 330 m tall.``) explain; they are not verdicts.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from compat.scoring.reader.lines import line_end, line_start
from compat.scoring.reader.repetition import ECHO_TOKEN, Spot
from compat.scoring.reader.verdict_words import Value

# A unit's head: decoration, at most one label word, the statement's number, its punctuation.
# (Its punctuation is ASCII and dashes: a mark after it, "1. ✓", is the unit's verdict, not its head.)
_HEAD = re.compile(r"[ \t*_#>|\[(•·-]{0,8}(?:[a-z]{1,12}[ \t]?)?(\d{1,3})(?!\d)(?![.,]\d)[ \t.:)\]*_|>–—-]{0,6}")
_NUMBER = re.compile(r"\d{1,3}")
_LOOKED_CHARS = 65_536  # units stand near the reading; a megabyte is not searched for them
_MAX_VERDICT_WORDS = 4  # more words under a head are a sentence that explains, not a verdict
_EXPLANATION_STARTS = re.compile(r"\(|[ \t][-–—][ \t]|[:;,]|\.(?:[ \t]|$)")
_DECORATION = " \t*_`#>|[](){}\"'“”‘’.:!-–—→⇒"


class UnitFinding(NamedTuple):
    """Why the units under a reading's head say it is not the grader's only word."""

    statement: int  # the number the grader gave the unit
    line: str  # the unit, as it stands (stripped)
    values: tuple[Value, ...]  # what its units say, where they say something; empty where no word is known


class Units(NamedTuple):
    """What the units under a reading's numbered head say: a finding that makes the reading
    unclear, or else each numbered statement's one verdict (where its units say one)."""

    finding: UnitFinding | None
    said: dict[int, Value]

    def by_number(self, values: Sequence[Value], expected: int) -> tuple[Value, ...] | None:
        """Each statement's verdict by the number its units carry, where a reading of more than
        ``expected`` verdicts holds the answer again (a decoding loop, a retry after an attempt
        cut off): every statement numbered, and its units agreeing. ``None`` otherwise."""
        if self.finding is not None or len(values) <= expected or set(self.said) != set(range(1, expected + 1)):
            return None
        return tuple(self.said[number] for number in range(1, expected + 1))


def read_units(
    lowered: str,
    spans: Sequence[tuple[int, int]],
    spots: Sequence[Spot],
    expected: int,
    *,
    read_count: int,
    since: int = 0,
) -> Units | None:
    """The units under the head of the reading's lines (read from ``spans``): the first that holds
    an unknown verdict, or whose statement's units say two things, is the finding. ``None`` where
    the reading's lines have no numbered head. ``spots``: the text's verdict words standing as
    verdicts, in order (``repetition.find_verdict_words``); ``read_count``: the verdicts the
    reading holds, for ``expected`` statements."""
    short = read_count < expected
    read = _read_heads(lowered, spans)
    if read is None:
        return None
    starts = [spot.start for spot in spots]
    seen = sum(1 for at in read.starts if _values_between(spots, starts, at, line_end(lowered, at)))
    if seen < read_count:
        # The reading read verdicts no spot shows (a legend's "F", a "1" for supported): a unit
        # without a spot is then like the units read, and the spots cannot tell them apart.
        return None
    said: dict[int, set[Value]] = {}
    first_line: dict[int, str] = {}
    for head in _head_pattern(read.shape).finditer(lowered, since, since + _LOOKED_CHARS):
        number = int(head.group(1))
        end = line_end(lowered, head.end())
        values = _values_between(spots, starts, head.end(), end)
        line = lowered[head.start() : end].strip()
        if not values:
            # A short reading leaves this statement's unit unread, whatever it says ("Statement 1
            # is **backed by the context**."): partial. Otherwise only a unit among the read ones
            # is a statement's (a complete reading's numbers may be steps, and the steps before
            # and after the verdicts are none: "1. Read the context carefully."), and only a
            # verdict's few words are one the reader does not know.
            if short and 1 <= number <= expected and not _only_an_echo(lowered[head.end() : end]):
                return Units(UnitFinding(number, line, ()), {})
            if read.first <= number <= read.last and _few_words(lowered[head.end() : end]):
                return Units(UnitFinding(number, line, ()), {})
            continue
        if len(values) > 1 or _inline_heads(read.shape).search(lowered, head.end(), end) is not None:
            continue  # a line of several units ("1. no, 2. yes") or a reason that weighs both: no one unit's
        said.setdefault(number, set()).update(values)
        first_line.setdefault(number, line)
        if len(said[number]) > 1:
            return Units(UnitFinding(number, first_line[number], tuple(sorted(said[number], key=repr))), {})
    return Units(None, {number: values.pop() for number, values in said.items()})


class _ReadHeads(NamedTuple):
    starts: frozenset[int]  # where the reading's numbered lines start
    shape: str  # their one head, digits as "#"
    first: int  # the lowest number they carry
    last: int  # the highest


def _read_heads(lowered: str, spans: Sequence[tuple[int, int]]) -> _ReadHeads | None:
    """The reading's numbered lines and their one head; ``None`` where no line has a numbered
    head or two heads are read."""
    starts: set[int] = set()
    shapes: set[str] = set()
    numbers: set[int] = set()
    looked = 0
    for span_start, span_end in spans:
        at = line_start(lowered, span_start)
        while at < span_end and looked < _MAX_LINES:
            looked += 1
            head = _HEAD.match(lowered, at)
            if head is not None:  # a line without one (a header, an explanation) is no unit
                starts.add(at)
                shapes.add(_NUMBER.sub("#", head.group()).rstrip(" \t"))
                numbers.add(int(head.group(1)))
            at = line_end(lowered, at) + 1
    if len(shapes) != 1:
        return None
    shape = shapes.pop()
    if not shape.strip(" \t#"):
        return None  # a bare number begins many a line ("4 of 7 are supported"): no head to know units by
    return _ReadHeads(frozenset(starts), shape, min(numbers), max(numbers))


_MAX_LINES = 512  # lines of a reading looked at for their heads: a unit a line, a few lines a unit


@lru_cache(maxsize=256)
def _head_pattern(shape: str) -> re.Pattern[str]:
    """The lines that begin with the head of ``shape``, with any number, spaces as they fall."""
    parts = [re.escape(part) for part in shape.split("#")]
    number = r"(\d{1,3})(?!\d)(?![.,]\d)"
    pattern = number.join(parts).replace(r"\ ", r"[ \t]*")
    return re.compile(r"(?m)^[ \t]*" + pattern + r"[ \t]*")


@lru_cache(maxsize=256)
def _inline_heads(shape: str) -> re.Pattern[str]:
    """The head of ``shape`` anywhere in a line ("statement 1: ✓ true statement 2: ✗ false")."""
    return re.compile(r"(?<!\w)" + _head_pattern(shape).pattern.removeprefix(r"(?m)^[ \t]*"))


def _values_between(spots: Sequence[Spot], starts: list[int], start: int, end: int) -> set[Value]:
    index = bisect_left(starts, start)
    values: set[Value] = set()
    while index < len(spots) and spots[index].start < end:
        values.add(spots[index].value)
        index += 1
    return values


def _only_an_echo(rest: str) -> bool:
    """Whether a unit holds nothing but its statement (``1. §1§``): its verdict stands elsewhere."""
    return not ECHO_TOKEN.sub(" ", rest).strip(_DECORATION)


def _few_words(rest: str) -> bool:
    """Whether what follows a head is a verdict's few words (``HOLDS``, ``absent from the context``),
    not a sentence or only the statement's echo: the part before any explanation."""
    cut = _EXPLANATION_STARTS.search(rest)
    if cut is not None and cut.group() == ":":
        return False  # a field's name ("§1§ explanation: ..."): what it names follows
    verdict = ECHO_TOKEN.sub(" ", rest[: cut.start()] if cut is not None else rest).strip(_DECORATION)
    return bool(verdict) and len(verdict.split()) <= _MAX_VERDICT_WORDS
