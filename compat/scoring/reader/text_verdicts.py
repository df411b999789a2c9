"""Reading verdicts out of a grader's free text (the fixed scorer's contract, rule 3).

Every source finds where the verdicts are and cuts them into items (``items``), one per
statement; the first source whose item count is the statement count is read:

1. the **final block**: the last header (``Final verdict for each statement in order:``,
   ``Final answer:``, ``Verdicts:``...) that items follow (``final_line``);
2. per-statement **markers**: ``Verdict: No``, ``Conclusion: Yes``, ``Supported? No``;
3. a Markdown **table**'s Verdict column;
4. a **list**: enumerated or bulleted lines, or an enumeration inside a line;
5. a bare **run** of items (``No. Yes. Yes.``), only where no header or marker stands;
6. **prose** about one statement a sentence, likewise;

beside them the repeated layout (``repetition``), verdicts grouped by value (``grouped``,
read first: where it names every statement, the rest of the text may only disagree) and
compact pairs (``pairs``, only where nothing else read the count). Readings of the count
must agree, or the text is unclear. The text is prepared once (``prepare``). Sources 2 to 6
are in ``text_sources``; every pattern is linear.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence

from compat.scoring.reader.collective import collective_reference, first_reference, read_collective
from compat.scoring.reader.degrees import rates_each_statement
from compat.scoring.reader.final_line import read_final_block
from compat.scoring.reader.grouped import (
    Grouped,
    may_be_grouped,
    read_grouped,
    read_grouped_sentences,
    read_ranges,
    unread_groups,
)
from compat.scoring.reader.items import GAP, MAX_ITEM_CHARS, NO_WORD, Item
from compat.scoring.reader.lines import LineStarts, line_start
from compat.scoring.reader.pairs import read_pairs
from compat.scoring.reader.prose import MAX_PROSE_MENTIONS, mentions, read_prose
from compat.scoring.reader.reading import (
    SOURCE_NAMES,
    UNREAD_SENTENCE,
    VALUE_WORDS,
    Reading,
    TextVerdicts,
    answer,
    says,
    unclear_answer,
)
from compat.scoring.reader.repetition import (
    Echoes,
    Spot,
    answered_field,
    find_echoes,
    find_verdict_words,
    keyed_values,
    repeated_runs,
)
from compat.scoring.reader.second_looks import by_units, second_thoughts
from compat.scoring.reader.second_readings import (
    CHECKED_CHARS,
    JUDGING,
    judged_together_or_in_parts,
)
from compat.scoring.reader.tables import UNALIGNED_ROW, UNREAD_CELL, read_table
from compat.scoring.reader.tally import stated_tally
from compat.scoring.reader.text_sources import (
    markers_by_number,
    read_bare_run,
    read_list,
    read_markers,
)
from compat.scoring.reader.verdict_words import BUILT_IN, UNREAD, Value, VerdictWords, remember


def read_text(lowered: str, statement_count: int | None, words: VerdictWords = BUILT_IN) -> TextVerdicts | None:
    """The verdicts of a prepared text (see ``prepare``), or ``None`` when it holds none.

    Every source gives the items it finds; the first whose count is the statement count
    wins, as a person checks a reading against the statements. Where none does, the
    first source that holds items is read (and its count reconciled by the alignment).
    """
    expected = statement_count or None
    if len(lowered) > MAX_REMEMBERED_TEXT_CHARS:
        return _read_text(lowered, expected, words)
    key = (lowered, expected)
    read = words.texts.get(key, UNREAD)
    if read is not UNREAD:
        return read  # type: ignore[return-value]  # only _read_text's results are stored
    return remember(words.texts, key, MAX_REMEMBERED_TEXTS, _read_text(lowered, expected, words))


# Texts up to this long are remembered once read, at most this many (then the memory starts over).
MAX_REMEMBERED_TEXT_CHARS = 300
MAX_REMEMBERED_TEXTS = 4_096  # at most a couple of MB


def _read_text(lowered: str, expected: int | None, words: VerdictWords) -> TextVerdicts | None:
    """The verdicts every source agrees on, checked against the count the grader states."""
    read = _read_sources(lowered, expected, words)
    if read is None or read.unclear is not None or expected is None:
        return read
    tally = stated_tally(lowered)
    supported = read.values.count(1)
    if tally is not None and tally.statements == expected and tally.supported != supported:
        return read._replace(
            unclear=f"{SOURCE_NAMES[read.source]} reads {supported} of "
            f"{expected} statements supported, but the grader counts {tally.supported} of {tally.statements}"
        )
    return read


def _read_sources(lowered: str, expected: int | None, words: VerdictWords) -> TextVerdicts | None:
    """Every source's reading, then one answer: the reading of the statement count that every
    such reading agrees with; or, where none has the count, the most trusted reading, when
    no verdict word stands outside what it read (else the text is unclear)."""
    found = find_verdict_words(lowered, words)
    # Degrees for every statement: only marked verdicts (a final block, markers, a table) are read.
    rated = expected is not None and rates_each_statement(lowered, expected, [spot.end for spot in found.spots])
    if expected is not None and not rated:
        headed = may_be_grouped(lowered, found.places, words)
        grouped = read_grouped(lowered, expected, words) if headed else None
        # Sentences about sets of statements ("all but the second", "the rest are not"), where they
        # name every statement once: as groups by value, the rest of the text may only disagree.
        grouped = (
            grouped or read_grouped_sentences(lowered, expected, words) or read_collective(lowered, expected, words)
        )
        if grouped is not None:
            return _read_grouped(lowered, grouped, expected, words)
        named = unread_groups(lowered, expected, words) if headed else None
        if named is not None:
            # "Supported: A, C, D" with names not read: a line each is no verdict each.
            why = f'it groups statements under verdicts ("{named}") by names not read'
            return TextVerdicts("grouped", (), frozenset(), unclear=why)
    readings: list[Reading] = []
    for reading in _readings(lowered, expected, words, found.places):
        if reading is _CHECKPOINT:
            settled = _settled(readings, found.spots, expected) if expected is not None else None
            if settled is not None and expected is not None:
                settled, unclear = by_units(lowered, settled, found.spots, expected, 0)
                return unclear or _second_thoughts(lowered, settled, found.places, expected, words) or answer(settled)
            if rated:
                return TextVerdicts("list", (), frozenset(), unclear=_RATED)
            continue
        readings.append(reading)
    if expected is None:
        return answer(readings[0]) if readings else None
    spots = found.spots
    # What an answer the grader set aside holds (an echoed example, a final block it revised)
    # is no second reading: only what follows the answer read counts. Only an answer of the
    # count: a final block of more verdicts than statements (one for a preamble legacy sent as a
    # statement) is no answer, and the units before it may say by their echoes whose each is.
    since = (
        readings[0].spans[0][0]
        if readings and readings[0].warnings & _SET_ASIDE and len(readings[0].items) == expected
        else 0
    )
    spots = tuple(spot for spot in spots if spot.start >= since) if since else spots
    echoes = find_echoes(lowered) if "§" in lowered else None
    final_start = next((reading.spans[0][0] for reading in readings if reading.source == "final_line"), None)
    readings += _repetitions(lowered, spots, expected, echoes, final_start)
    if echoes:
        readings += _keyed_by_echo(echoes, [*readings, _line_heads(lowered, spots)], expected)
    if not any(len(reading.items) == expected for reading in readings):
        # Runs ("1..3: no, 4: yes") and compact pairs ("S1=F S2=T") are looked for only where nothing
        # else read the count: a key per statement (or run) is the layout's own check, and most
        # texts never need the pass.
        ranges = read_ranges(lowered, expected, words) if not rated else None
        if ranges is not None:
            return _read_grouped(lowered, ranges, expected, words)
        pairs = read_pairs(lowered, expected, words)
        if pairs is not None:
            readings.append(Reading("pairs", pairs.items, frozenset(), pairs.spans))
    if not readings:
        return None
    readings += _without_places(readings, expected)
    complete = [reading for reading in readings if _reads_the_count(reading, expected)]
    final = next((reading for reading in readings if reading.source == "final_line"), None)
    if final is not None and "final_line_disagrees" in final.warnings:
        markers = next(reading for reading in readings if reading.source == "markers")
        if not _prefix_agrees(final.values, markers.values):  # the two say otherwise of the same statements
            return unclear_answer(final, f"{says(final)}, but {says(markers)}")
    if len(complete) > 1:
        # Prose is read sentence by sentence for its polarity, a weaker reading than any layout:
        # it stands in where nothing else reads the count, never against what does.
        complete = [reading for reading in complete if reading.source != "prose"] or complete
    together = judged_together_or_in_parts(lowered)
    if together is not None:
        # "Statement 4–5: TRUE (both)", "2.1: Unknown / 2.2: True": one verdict is not one statement's.
        first = _keyed_first(complete) if complete else readings[0]
        return unclear_answer(
            first,
            f"{says(first)} for {expected} statements, but the grader judged statements together or in parts "
            f'("{together}")',
        )
    if complete:
        chosen = _keyed_first(complete)
        for other in complete:
            if other.values != chosen.values and not (chosen.keyed and _same_verdicts(chosen, other)):
                return unclear_answer(chosen, f"{says(chosen)}, but {says(other)}")
        partial = next((reading for reading in readings if _says_otherwise_where_read(reading, chosen, expected)), None)
        if partial is not None:
            # A table with a cell it could not read still read the others: where one of those says
            # otherwise than the reading chosen, the two are two readings of one statement.
            return unclear_answer(chosen, f"{says(chosen)}, but {says(partial)}")
        chosen, unclear = by_units(lowered, chosen, spots, expected, since)
        return unclear or _second_thoughts(lowered, chosen, found.places, expected, words) or answer(chosen)
    chosen = readings[0]
    named_beyond = 0  # the statements the grader numbers or names beside a short reading, where more than it read
    if len(chosen.items) < expected or GAP in chosen.items:
        covered = _merged(span for reading in readings if reading.values == chosen.values for span in reading.spans)
        places = [at for at in found.places if at >= since]
        inside = sum(1 for at in places if _within(covered, at))
        # Outside what was read, or more inside it than the reading holds ("1:n 2:y 3:y" read as two).
        read = sum(1 for item in chosen.items if item is not GAP)
        unread = len(places) - inside + max(0, inside - read * _agreeing(readings, chosen))
        if unread:
            return unclear_answer(
                chosen,
                f"{says(chosen)} for {expected} statements, and {unread} more verdict word"
                f"{'s' if unread > 1 else ''} stand{'' if unread > 1 else 's'} outside it",
            )
        # Marked verdicts are looked at where they stand; others beside the whole text (a list's line
        # it could not read: "**Claims 1 to 3**: only claim 3 is supported.").
        reference = (
            collective_reference(lowered, chosen.spans)
            if chosen.source in _MARKED
            else first_reference(lowered[since : since + CHECKED_CHARS], positions=False)
        )
        if reference is not None:
            # "Supported for every statement", "both check out": one verdict said of several statements.
            return unclear_answer(
                chosen,
                f"{says(chosen)}: {read} verdict{'s' if read > 1 else ''} for {expected} statements, and the grader "
                f'speaks of several statements at once ("{reference}")',
            )
        # The grader wrote about more statements (it repeated them) than verdicts were read: the
        # layout was not understood, and the statements it judged in words not read are no missing
        # verdicts ("* [ ] The store opens at 9 am. — the context says otherwise").
        written_about = (
            len({index for at, index in zip(echoes.places, echoes.statements, strict=True) if at >= since})
            if echoes
            else 0
        )
        if written_about > read:
            return unclear_answer(
                chosen,
                f"{says(chosen)} for {expected} statements, and the grader wrote about {written_about} of them",
            )
        # A short reading is a finding about the grader only where nothing that judges is left
        # unread: "3. The context does not support this statement." holds no verdict word, but judges.
        # Where marked verdicts were read (a final block, markers, a table), the words around them
        # explain those verdicts: the grader gave fewer than it was asked, which is its finding.
        judging = (
            next(
                (
                    word
                    for word in JUDGING.finditer(lowered, since, since + CHECKED_CHARS)
                    if not _within(covered, word.start())
                ),
                None,
            )
            if chosen.source not in _MARKED
            else None
        )
        if judging is not None:
            return unclear_answer(
                chosen,
                f'{says(chosen)} for {expected} statements, and the grader judges outside it ("{judging.group()}")',
            )
        numbered = _numbered_units_after(lowered, chosen.spans[0][0] if chosen.spans else since, expected)
        if len(numbered) > read or max(numbered, default=0) > len(chosen.items):
            named_beyond = len(numbered)
    chosen, unclear = by_units(lowered, chosen, spots, expected, since)
    if unclear is None and named_beyond:
        # More units numbered than read, or one past the last item ("Verdicts:⏎1 - X⏎2 - E2": "1" read): a partial read.
        why = f"{says(chosen)} for {expected} statements, and the grader numbers or names {named_beyond}"
        return unclear_answer(chosen, why)
    extra = unclear is None and len(chosen.items) > expected and len(set(chosen.values)) > 1
    if extra and _names_each(lowered, expected):
        # The grader wrote one part per statement and more verdicts were read than statements: the
        # layout was not understood (facts judged inside each statement, a claim split in parts),
        # so which verdict is whose is not known. Extra verdicts of a grader that names no
        # statement keep the contract's policy (the lowest reading, ``ambiguous_extra_verdicts``).
        why = f"{says(chosen)}, more than the {expected} statements the grader names each of"
        return unclear_answer(chosen, why)
    return unclear or _second_thoughts(lowered, chosen, found.places, expected, words) or answer(chosen)


# A unit the grader numbers at its line's head or after a comma or a colon: "2 - X", "3. …", "Statement 4:", "(5)";
# not "s3  -1", a pandas series' row.
_NUMBERED_UNIT = re.compile(
    r"(?:^[ \t*_>#-]*|(?<=[,;:][ \t]))(?:(?:statement|claim|s)[ \t#]*)?\(?(\d{1,3})"
    r"(?:[ \t]*[-–—:](?!\d)|[.)])[ \t*_]*\S",
    re.MULTILINE,
)


def _numbered_units_after(lowered: str, start: int, expected: int) -> set[int]:
    """The statements' numbers heading a line from ``start`` on, or named there (``statement 7``)."""
    end = start + CHECKED_CHARS
    numbers = _named(lowered, start, end) | {int(unit[1]) for unit in _NUMBERED_UNIT.finditer(lowered, start, end)}
    return {number for number in numbers if 1 <= number <= expected}


def _second_thoughts(
    lowered: str, chosen: Reading, places: Sequence[int], expected: int, words: VerdictWords
) -> TextVerdicts | None:
    """``second_looks.second_thoughts``, a revision's own verdicts read by this reader."""

    def read_from(at: int) -> tuple[Value, ...] | None:
        read = _read_text(lowered[at:], expected, words)
        return read.values if read is not None and read.unclear is None else None

    return second_thoughts(lowered, chosen, places, words, read_from)


_NAMED = re.compile(r"(?:statement|claim)[ \t]*#?[ \t]*(\d{1,4})(?!\d)|§(\d{1,4})§")


def _names_each(lowered: str, expected: int) -> bool:
    """Whether the text names every statement, by its number (``statement 3``) or its echo."""
    if "statement" not in lowered and "claim" not in lowered and "§" not in lowered:
        return False
    return _named(lowered, 0, len(lowered)).issuperset(range(1, expected + 1))


def _named(lowered: str, start: int, end: int) -> set[int]:
    """The statements ``lowered[start:end]`` names by number (``statement 3``) or by echo (``§2§``), from 1."""
    return {int(number) if number else int(echo) + 1 for number, echo in _NAMED.findall(lowered, start, end)}


def _read_grouped(lowered: str, grouped: Grouped, expected: int, words: VerdictWords) -> TextVerdicts:
    """Groups by value, unless the rest of the text judges every statement otherwise."""
    reading = Reading("grouped", grouped.items, frozenset(), (grouped.span,))
    start, end = grouped.span
    rest = _read_text(lowered[:start] + " " * (end - start) + lowered[end:], expected, words)
    if rest is not None and rest.unclear is None and len(rest.values) == expected and rest.values != reading.values:
        words_of = ", ".join(VALUE_WORDS[value] for value in rest.values)
        return unclear_answer(reading, f"{says(reading)}, but the text beside them reads {words_of}")
    return answer(reading)


_SET_ASIDE = frozenset({"superseded_verdicts", "multiple_final_lines"})


def _reads_the_count(reading: Reading, expected: int) -> bool:
    """A verdict (or the grader's "can't tell") for every statement, none a place it could not read."""
    return len(reading.items) == expected and not _UNREAD_PLACES & set(reading.items)


def _says_otherwise_where_read(reading: Reading, chosen: Reading, expected: int) -> bool:
    """Whether a layout's reading of every statement but some it could not read (an unread cell)
    gives a statement it did read another verdict than ``chosen`` does (by position: neither is
    keyed)."""
    if len(reading.items) != expected or _reads_the_count(reading, expected) or reading.keyed or chosen.keyed:
        return False
    if reading.source == "prose":
        return False  # a sentence's polarity is a weaker reading than any layout's: never against one
    return any(
        item not in _UNREAD_PLACES and item.value is not None and value is not None and item.value != value
        for item, value in zip(reading.items, chosen.values, strict=False)
    )


def _prefix_agrees(first: tuple[Value, ...], second: tuple[Value, ...]) -> bool:
    shared = min(len(first), len(second))
    return first[:shared] == second[:shared]


def _without_places(readings: list[Reading], expected: int) -> list[Reading]:
    """Readings of more items than statements, read without the places that hold no verdict
    word at all, where that leaves one a statement: those places were lines of the grader's
    units (an echo, an explanation), not statements it gave no verdict."""
    found: list[Reading] = []
    for reading in readings:
        if len(reading.items) > expected and NO_WORD in reading.items:
            kept = tuple(item for item in reading.items if item != NO_WORD)
            if len(kept) == expected:
                found.append(reading._replace(items=kept, anchors=()))
    return found


def _agreeing(readings: list[Reading], chosen: Reading) -> int:
    """How many readings read what ``chosen`` reads (each read its verdicts in its own place)."""
    return sum(1 for reading in readings if reading.values == chosen.values)


def _keyed_first(complete: list[Reading]) -> Reading:
    """A reading by the echoes the grader wrote comes before one by position where the two
    differ; where they agree, the most trusted source names the format."""
    keyed = next((reading for reading in complete if reading.keyed), None)
    return keyed if keyed is not None and keyed.values != complete[0].values else complete[0]


def _same_verdicts(first: Reading, second: Reading) -> bool:
    """Whether two readings hold the same verdicts in another order (by echo, by position)."""
    return sorted(first.values, key=repr) == sorted(second.values, key=repr)


def _repetitions(
    lowered: str, spots: tuple[Spot, ...], expected: int, echoes: Echoes | None, final_start: int | None
) -> Iterator[Reading]:
    """Readings of the runs of verdicts whose layout repeats, one verdict a statement (a run in
    the final block's paragraph is the final block read whole: ``...in order: Yes! Nope.``)."""
    for run in repeated_runs(lowered, spots):
        if len(run.spots) >= expected:
            items = tuple(Item(spot.value, spot.word) for spot in run.spots)
            anchors = tuple(spot.start for spot in run.spots)
            in_final = (
                final_start is not None and final_start <= run.start and "\n\n" not in lowered[final_start : run.start]
            )
            source = "final_line" if in_final else "repetition"
            reading = Reading(source, items, frozenset(), ((run.start, run.end),), anchors)
            if len(run.spots) == expected:
                yield reading
            elif echoes:  # more units than statements: read only by their echoes (a preamble's unit)
                first = line_start(lowered, run.start)
                yield from _keyed_by_echo(echoes, [reading], expected, first_unit_start=first)


def _begins_its_line(lowered: str, start: int, at: int) -> bool:
    """Whether only decoration stands between the line's ``start`` and ``at`` (looked at within a
    short reach: a long run before the word is more than decoration)."""
    return at - start <= _HEAD_REACH and not lowered[start:at].strip(_DECORATION)


_HEAD_REACH = 64


def _line_heads(lowered: str, spots: tuple[Spot, ...]) -> Reading:
    """The verdict words that begin their line, past decoration (``supported — as stated``):
    read only by the echoes their units hold, never by position."""
    starts = LineStarts(lowered)
    heads = [
        answered_field(spots, index, lowered)  # "- Supported by context: No"
        for index, spot in enumerate(spots)
        if _begins_its_line(lowered, starts(spot.start), spot.start)
    ]
    items = tuple(Item(spot.value, spot.word) for spot in heads)
    return Reading(
        "heads",
        items,
        frozenset(),
        tuple((spot.start, spot.end) for spot in heads),
        tuple(spot.start for spot in heads),
    )


_DECORATION = " \t*_`#>-•·+[](){}:.|\"'“”‘’«»→⇒➔➜–—"


def _keyed_by_echo(
    echoes: Echoes, readings: list[Reading], expected: int, *, first_unit_start: int = 0
) -> Iterator[Reading]:
    """Each reading whose units name their statements by echo, read by the echo: the first
    such reading only (they say the same where they agree; the check of every reading against
    the others says where they do not). A unit is the text from the previous item to this one."""
    for reading in readings:
        if len(reading.anchors) != len(reading.items) or len(reading.items) < expected:
            continue
        values = [item.value for item in reading.items]
        keyed = keyed_values(echoes, reading.anchors, values, expected, first_unit_start)
        if keyed is not None:
            items = tuple(Item(value, "") for value in keyed)
            yield Reading(reading.source, items, reading.warnings, reading.spans, (), keyed=True)
            return


def _keyed_by_number(items: Sequence[Item], numbers: Sequence[int | None], expected: int) -> tuple[Item, ...] | None:
    """A list that judges some statements twice ("3) true", then "Statement 3 is compound: ...
    As a whole: true"), read by the number each line names: where every item names a statement,
    each statement is named, and a statement's items agree; else ``None`` (a list given twice
    that says otherwise the second time, a draft and its answer, is read as before).
    """
    by_statement: dict[int, Item] = {}
    for item, number in zip(items, numbers, strict=True):
        if number is None or not 1 <= number <= expected:
            return None
        if by_statement.setdefault(number, item).value != item.value:
            return None
    if len(by_statement) != expected:
        return None
    return tuple(by_statement[number] for number in range(1, expected + 1))


def _readings(
    lowered: str, expected: int | None, words: VerdictWords, places: Sequence[int] | None = None
) -> Iterator[Reading]:
    """What each source reads, most trusted first."""
    final = read_final_block(lowered, expected, words) if "final" in lowered or "verdicts" in lowered else None
    markers = read_markers(lowered, words)
    marker_spans = tuple((at, _line_end(lowered, at)) for _item, at in markers)
    if final is not None:
        wanted = expected or len(final.items)
        after = [(item, at) for item, at in markers if at >= final.start]
        if after and len(after) >= wanted:
            # Markers after the header, for every statement: the header introduced them ("Here are
            # my verdicts:"), or, where the block read ended before them, it was an echoed example.
            spans = tuple((at, _line_end(lowered, at)) for _item, at in after)
            anchors = tuple(at for _item, at in after)
            superseded = after[0][1] >= final.end
            source = "markers" if superseded else "final_line"  # the header's block is its markers
            warnings = final.warnings | {"superseded_verdicts"} if superseded else final.warnings
            yield Reading(source, tuple(item for item, _at in after), warnings, spans, anchors)
            return
        warnings = final.warnings
        if markers and tuple(item.value for item, _at in markers) != tuple(item.value for item in final.items):
            warnings = warnings | {"final_line_disagrees"}
        yield Reading("final_line", final.items, warnings, ((final.start, final.end),))
    if markers:
        anchors = tuple(at for _item, at in markers)
        yield Reading("markers", tuple(item for item, _at in markers), frozenset(), marker_spans, anchors)
        by_number = markers_by_number(lowered, markers, expected) if expected is not None else None
        if by_number is not None:
            yield Reading("markers", by_number, frozenset(), marker_spans, keyed=True)
    # A header naming the verdict column marks its cells as the markers do theirs.
    table = read_table(lowered, words)
    if table is not None:
        yield Reading("table", table.items, frozenset(), (table.span,))
    yield _CHECKPOINT  # the marked readings may settle it; the rest are read only if not
    listed = read_list(lowered, words, places)
    if listed.items:
        yield Reading("list", tuple(listed.items), frozenset(), tuple(listed.spans))
        if expected is not None and len(listed.items) > expected:
            by_number = _keyed_by_number(listed.items, listed.numbers, expected)
            if by_number is not None:
                yield Reading("list", by_number, frozenset(), tuple(listed.spans), keyed=True)
    if final is not None or markers:
        return  # a run without a header and prose are sought only where the grader wrote neither
    bare, bare_span = read_bare_run(lowered, words, expected)
    if bare:
        yield Reading("list", tuple(bare), frozenset(), (bare_span,))
    if ("statement" in lowered or "claim" in lowered or "§" in lowered) and mentions(lowered) <= MAX_PROSE_MENTIONS:
        prose = read_prose(lowered)
        if prose.by_index or prose.templated:
            # A statement no sentence judged is a gap: the reading is short there, not a "no"; one
            # a sentence judged in words not read is no reading at all.
            last = max(prose.by_index.keys() | prose.unread)
            items = tuple(
                Item(prose.by_index[i], "") if i in prose.by_index else UNREAD_SENTENCE if i in prose.unread else GAP
                for i in range(1, last + 1)
            )
            yield Reading("prose", items, frozenset(), tuple(prose.spans))


_CHECKPOINT = Reading("checkpoint", (), frozenset(), ())
_UNREAD_PLACES = frozenset({GAP, UNALIGNED_ROW, UNREAD_CELL, UNREAD_SENTENCE})
_RATED = "the grader rated each statement (a confidence, a score): a degree is no verdict"


def _settled(readings: list[Reading], spots: Sequence[Spot], expected: int) -> Reading | None:
    """The reading when the final block and the markers settle it: one of them reads the count,
    none disagrees, and every spot of the text (a verdict word that ends its phrase, as every
    source's verdict must) stands where one that agrees read it; then no other source could
    read another thing, and none is asked (a text costs two readings, not six). ``None`` where
    the other sources must be heard."""
    complete = [reading for reading in readings if _reads_the_count(reading, expected)]
    if not complete or any(reading.values != complete[0].values for reading in complete):
        return None
    chosen = complete[0]
    if "final_line_disagrees" in chosen.warnings or chosen.warnings & _SET_ASIDE:
        return None
    covered = _merged(span for reading in readings if reading.values == chosen.values for span in reading.spans)
    if any(not _within(covered, spot.start) for spot in spots):
        return None
    return chosen


def _merged(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans sorted and joined where they overlap: a place is then looked up by bisection."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _within(merged: list[tuple[int, int]], at: int) -> bool:
    index = bisect_right(merged, (at, _AFTER_ANY_END)) - 1
    return index >= 0 and merged[index][0] <= at < merged[index][1]


_AFTER_ANY_END = 1 << 62


def _line_end(lowered: str, at: int) -> int:
    """Where the line that ``at`` stands in ends, looked for no further than an item reaches
    (a megabyte without a newline must not be searched once per marker)."""
    bound = min(len(lowered), at + MAX_ITEM_CHARS)
    end = lowered.find("\n", at, bound)
    return bound if end < 0 else end


_MARKED = frozenset({"final_line", "markers", "table"})  # sources whose verdicts the grader marked as such
