"""The verdicts a grader wrote as a repetition: units of one shape, a verdict at the same place in each.

A person meeting a layout for the first time does not know its name; they see that the
grader wrote one unit per statement and that the units look alike. ``No - Yes - Yes``,
``(No). (Yes). (Yes).``, ``[1] No. [2] Yes. [3] Yes.``, ``Supported`` on every other line,
``§1§ -> Yes`` / ``§2§ -> No`` (an echoed statement, see ``text_verdicts``): between one
verdict and the next stands the same text every time (what the layout repeats: the
separator, the numbering, the label, the echo's place), so where each verdict stands is
certain even though no rule names the layout.

* **Spots** (``find_verdict_words``): every verdict word in the text that ends its phrase, as an
  item's verdict must (``No.``, ``no,``, ``supported by``; not ``No mention``). They are
  what is verdict-like in the output: a reading that leaves one of them unread is partial.
* **Runs** (``repeated_runs``): maximal sequences of spots where the text between each
  spot and the next is the same once digits and echoed statements are abstracted (the
  repeated part is layout; it holds no verdict of its own, or it would be a spot).
* **Keyed units** (``keyed_values``): where every unit of a run names one statement by its
  echo, the run is read by the echo, not by position: a unit that names no statement (a
  preamble legacy sent as a statement, ``Here are the statements: -> No``) holds no
  statement's verdict.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import NamedTuple

from compat.scoring.reader.lines import line_start_within
from compat.scoring.reader.scan import candidate_starts
from compat.scoring.reader.verdict_words import MARKS, MAX_VERDICTS, Value, VerdictWords
from compat.scoring.reader.words import HEDGED, word_value

MAX_SPOTS = 2 * MAX_VERDICTS  # twice what one output is ever read for: enough to see a run, or what is left unread
MAX_GLUE_CHARS = 64  # a longer stretch between two verdicts is text, not a separator
MAX_GLUE_LETTERS = 24  # a separator, a number, a label, an echo's token: more letters are words


class Spot(NamedTuple):
    """A verdict word standing as a verdict: where it is and what it says."""

    start: int
    end: int
    value: Value
    word: str


class Run(NamedTuple):
    """Spots whose glue repeats: one unit a spot."""

    spots: tuple[Spot, ...]
    glue: str  # the repeated text between two spots, abstracted

    @property
    def start(self) -> int:
        return self.spots[0].start

    @property
    def end(self) -> int:
        return self.spots[-1].end

    @property
    def values(self) -> tuple[Value, ...]:
        return tuple(spot.value for spot in self.spots)


class VerdictWordsFound(NamedTuple):
    """One scan's findings: the spots (verdict words that end their phrase, as a verdict must)
    and the places of every verdict word, whatever follows it (what is verdict-like)."""

    spots: tuple[Spot, ...]
    places: tuple[int, ...]


def find_verdict_words(lowered: str, words: VerdictWords) -> VerdictWordsFound:
    """Every verdict word of the prepared text, in order: one scan (``scan``) for both kinds."""
    found: list[Spot] = []
    places: list[int] = []
    last_end = 0
    whole = words.starts.whole
    overall = "overall" in lowered
    for start, token in candidate_starts(lowered, words.starts, MAX_SPOTS):
        if start < last_end:
            continue  # inside the previous word ("not" of "not supported")
        if token in whole:  # "yes", "no", "supported": the token is the word, no pattern to try
            word, last_end = token, start + len(token)
        else:
            match = words.bare.match(lowered, start)
            if match is None:
                continue
            word, last_end = match.group("v"), match.end("v")
            start = match.start("v")
        if start >= 2 and lowered[start - 1] == "-" and lowered[start - 2].isalnum():
            continue  # "non-supported": the word is part of a compound, not said on its own
        if overall and _after_overall(lowered, start):
            continue  # "Overall: No" is read as what it is, an overall verdict, never a statement's
        places.append(start)  # verdict-like even as a determiner ("no information"): a partial reading stays a question
        if len(places) >= MAX_SPOTS:
            break
        if words.ends.match(lowered, last_end) is None:
            continue  # "No mention", "Supported: false": verdict-like, not a verdict where it stands
        if HEDGED.search(lowered, max(0, start - _HEDGE_REACH), start) is not None:
            continue  # "weakly supported": a degree of support, verdict-like, no verdict
        spot = Spot(start, last_end, word_value(word, words.values), word)
        near = found and start - found[-1].end <= _NEAR
        if near and _drawn_beside(found[-1], spot, lowered):
            continue  # "Yes ✅": the mark draws the verdict its word says
        if near and _labels(found[-1], spot, lowered):
            found[-1] = spot  # "Supported: False", "Correct? Yes": the first word names the field
            continue
        found.append(spot)
    return VerdictWordsFound(tuple(found), tuple(places))


_HEDGE_REACH = 16
_NEAR = 12  # characters between two words that may be one verdict drawn twice, or a field and its value
_LABEL_GLUE = re.compile(r"[ \t*_`\"']*[:=?][ \t*_`\"']*")


# Between a field's name and its value where the name is longer: "Supported by context: No".
_NAMED_FIELD_GLUE = re.compile(r"[ \t]+(?:by|in|from|with)[ \t]+(?:the[ \t]+)?[a-z]{2,12}[ \t*_`\"']*[:=][ \t*_`\"']*")


def answered_field(spots: Sequence[Spot], index: int, lowered: str) -> Spot:
    """The spot that answers ``spots[index]`` where that one names a field ("Supported by context:
    No" answers "No"); else ``spots[index]`` itself."""
    spot = spots[index]
    if index + 1 < len(spots):
        following = spots[index + 1]
        if _NAMED_FIELD_GLUE.fullmatch(lowered, spot.end, following.start) is not None:
            return following
    return spot


def _labels(previous: Spot, spot: Spot, lowered: str) -> bool:
    """Whether ``previous`` is a field's name that ``spot`` answers, on the same line."""
    return _LABEL_GLUE.fullmatch(lowered, previous.end, spot.start) is not None


def _after_overall(lowered: str, at: int) -> bool:
    return lowered.find("overall", line_start_within(lowered, at, _OVERALL_REACH), at) >= 0


_OVERALL_REACH = 40
_MARKS = frozenset(MARKS)


def _drawn_beside(previous: Spot, spot: Spot, lowered: str) -> bool:
    """Whether ``spot`` is a check mark right after ``previous`` (or the other way round)."""
    return (spot.word in _MARKS) != (previous.word in _MARKS) and not lowered[previous.end : spot.start].strip()


ECHO_TOKEN = re.compile(r"§\d{1,4}§")  # an echoed statement, as prepare leaves it
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"[ \t]+")


_LETTER = re.compile(r"[^\W\d_]")
# Deleted, the glue's letters are counted in C (the text is lower case).
_LETTERS = b"abcdefghijklmnopqrstuvwxyz"


def _abstract(glue: str) -> str | None:
    """The glue's shape (echoes and numbers abstracted, runs of spaces as one), or ``None``
    where it is too long or holds too many letters to be layout."""
    if len(glue) > MAX_GLUE_CHARS:
        return None
    encoded = glue.encode("utf-8", "surrogatepass")
    if len(encoded) - len(encoded.translate(None, _LETTERS)) > MAX_GLUE_LETTERS:
        return None
    if "§" in glue:
        glue = ECHO_TOKEN.sub("§", glue)
    if not glue.isalpha():  # digits, spaces and emphasis to fold (one C check first: most glues are short words)
        glue = _SPACES.sub(" ", _DIGITS.sub("#", glue.translate(_EMPHASIS)))
    return glue


# Quotes and emphasis around one value and not another ("undetermined" among bare words) are
# decoration of that value, not a change of layout.
_EMPHASIS = str.maketrans("", "", "\"'`*_“”‘’")


def repeated_runs(lowered: str, spots: Sequence[Spot]) -> list[Run]:
    """The runs of spots whose layout repeats: one spot a unit (the same glue between each
    pair), or two (two glues in turn: ``Yes (supported). No (contradicted).``, ``Is statement 1
    supported by the context? No.``), read as ``paired_readings`` says."""
    shapes: dict[str, str | None] = {}  # a layout repeats its glue verbatim: each is abstracted once
    glues: list[str | None] = []
    for before, after in pairwise(spots):
        if after.start - before.end > MAX_GLUE_CHARS:
            glues.append(None)
            continue
        raw = lowered[before.end : after.start]
        if raw not in shapes:
            shapes[raw] = _abstract(raw)
        glues.append(shapes[raw])
    return [*_single_runs(spots, glues), *_paired_runs(spots, glues)]


def _single_runs(spots: Sequence[Spot], glues: list[str | None]) -> Iterator[Run]:
    """Maximal runs of at least two spots with the same glue between each pair. Two spots show
    their glue once, which proves nothing repeats: they count only alone (no layout glue joins
    them to a third) and joined by punctuation, never by words."""
    start = 0
    for index in range(1, len(glues) + 1):
        if index < len(glues) and glues[index] is not None and glues[index] == glues[start]:
            continue
        glue = glues[start] if start < len(glues) else None
        count = index - start + 1
        if glue is not None and count >= 3 and "\n\n\n" not in glue:
            yield Run(tuple(spots[start : start + count][:MAX_VERDICTS]), glue)
        elif glue is not None and count == 2 and _LETTER.search(glue) is None:
            alone = (start == 0 or glues[start - 1] is None) and (index >= len(glues) or glues[index] is None)
            # Two words of one value on one line may be one verdict said twice ("yes  # supported").
            twice = "\n" not in glue and spots[start].value == spots[start + 1].value
            if alone and not twice:
                yield Run(tuple(spots[start : start + 2]), glue)
        start = index


def _paired_runs(spots: Sequence[Spot], glues: list[str | None]) -> Iterator[Run]:
    """Runs of units of two spots: glues ``inner, outer, inner, ...`` (at least two units)."""
    index = 0
    while index + 2 < len(glues):
        inner, outer = glues[index], glues[index + 1]
        # A number between two spots enumerates: each is its own unit ("1. No\n2. Yes\n\nAnswer:\n1. No").
        if inner is None or outer is None or inner == outer or "#" in inner or glues[index + 2] != inner:
            index += 1
            continue
        end = index + 2  # glues[index .. end] alternate inner, outer, inner
        while end + 1 < len(glues) and glues[end + 1] == (outer if (end + 1 - index) % 2 else inner):
            end += 1
        if (end - index) % 2:
            end -= 1  # the run ends on an outer glue: the last unit is whole without it
        units = [(spots[at], spots[at + 1]) for at in range(index, end + 2, 2)]
        for chosen in paired_readings(units):
            yield Run(chosen[:MAX_VERDICTS], f"{inner}|{outer}")
        index = end + 1


def paired_readings(units: Sequence[tuple[Spot, Spot]]) -> list[tuple[Spot, ...]]:
    """What units of two verdict words say, one verdict a unit. Where the two agree in every
    unit (``Yes (supported)``), that; where one of them is the same in every unit whatever the
    other says, it is layout (the repeated question's ``supported``), the other the verdict;
    where both are the same throughout but differ, the second answers the first. Otherwise
    both readings, which disagree, and the text is unclear."""
    first = tuple(unit[0] for unit in units)
    second = tuple(unit[1] for unit in units)
    if all(a.value == b.value for a, b in units):
        return [first]
    if len({spot.value for spot in first}) == 1:
        return [second]
    if len({spot.value for spot in second}) == 1:
        return [first]
    return [first, second]


class Echoes(NamedTuple):
    """Where the text names a statement by its echo (``§i§``, see ``text_verdicts``), in order."""

    places: list[int]
    statements: list[int]


def find_echoes(lowered: str) -> Echoes:
    found = Echoes([], [])
    for token in ECHO_TOKEN.finditer(lowered):
        found.places.append(token.start())
        found.statements.append(int(token.group()[1:-1]))
    return found


def keyed_values(
    echoes: Echoes, anchors: Sequence[int], values: Sequence[Value], statement_count: int, first_unit_start: int = 0
) -> tuple[Value, ...] | None:
    """Verdicts read by the echoes of their units, where each unit names one statement and
    together they name each statement once; ``None`` where the units do not name their
    statements that way.

    The unit of an item is the text from the previous item's place (``first_unit_start`` for
    the first) to its own. Units before the first echo hold no statement's verdict (a
    preamble legacy sent as a statement); a unit after an echo that names none holds a
    second verdict under that statement, and where it says otherwise (a part's verdict, a
    revision) before another statement's echo, the echoes are no guide (after the last one,
    it is a verdict beyond the statements). A unit naming two, or a statement named twice,
    leaves the echo no guide either (the reading by position decides).
    """
    by_statement: dict[int, Value] = {}
    previous = first_unit_start
    last: int | None = None
    differs = False
    for at, value in zip(anchors, values, strict=True):
        named = set(echoes.statements[bisect_left(echoes.places, previous) : bisect_left(echoes.places, at)])
        previous = at
        if not named:
            # A second verdict under a statement's echo that says otherwise: a part's, or a revision.
            # Past the last statement's it is an extra verdict (the contract's ``more_verdicts``).
            differs = differs or (last is not None and by_statement[last] != value)
            continue
        if differs or len(named) > 1:
            return None
        index = named.pop()
        if index in by_statement or index >= statement_count:
            return None
        by_statement[index] = value
        last = index
    if len(by_statement) != statement_count:
        return None
    return tuple(by_statement[index] for index in range(statement_count))
