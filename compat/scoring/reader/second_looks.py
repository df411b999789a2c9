"""Second looks at a reading chosen: the units under its lines' head, and what the grader says after it.

A reading of the statement count is checked once more before it is given: against the units
its lines belong to (``units``: a unit whose verdict was not read, a statement whose units say
two things, the answer given again), and against what the grader writes after the verdicts (a
sentence that says otherwise of one, a revision, a label standing in every item).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from compat.scoring.reader.items import Item
from compat.scoring.reader.lines import clipped
from compat.scoring.reader.prose import read_prose
from compat.scoring.reader.reading import VALUE_WORDS, Reading, TextVerdicts, answer, says, unclear_answer
from compat.scoring.reader.repetition import Spot
from compat.scoring.reader.second_readings import (
    CHECKED_CHARS,
    label_in_every_item,
    revised_before,
    revision_after,
    revision_within,
)
from compat.scoring.reader.units import read_units
from compat.scoring.reader.verdict_words import Value, VerdictWords


def by_units(
    lowered: str, chosen: Reading, spots: Sequence[Spot], expected: int, since: int
) -> tuple[Reading, TextVerdicts | None]:
    """The reading as the units under the head of its lines read it: unclear where a unit holds a
    verdict not read, or a statement's units say two things (a draft and its final, numbered
    alike); each statement's verdict by its number where the reading holds the answer again
    (a decoding loop, a retry after an attempt cut off)."""
    start = min((span_start for span_start, _end in chosen.spans), default=since)
    if start > since and revised_before(lowered, start):
        since = start  # the units before a revision or a final answer are its draft
    units = read_units(lowered, chosen.spans, spots, expected, read_count=len(chosen.items), since=since)
    if units is None:
        return chosen, None
    numbered = units.by_number(chosen.values, expected)
    if numbered is not None:
        if numbered == chosen.values[:expected]:
            return chosen._replace(items=chosen.items[:expected], anchors=chosen.anchors[:expected]), None
        return chosen._replace(items=tuple(Item(value, "") for value in numbered), anchors=()), None
    finding = units.finding
    if finding is None:
        return chosen, None
    line = clipped(finding.line, _QUOTED_CHARS)
    if not finding.values:
        return chosen, unclear_answer(
            chosen, f'{says(chosen)}, but the unit "{line}" holds no verdict word the reader knows'
        )
    both = " and ".join(VALUE_WORDS[value] for value in finding.values)
    return chosen, unclear_answer(
        chosen, f'{says(chosen)}, but the units of statement {finding.statement} say {both} ("{line}")'
    )


_QUOTED_CHARS = 80


def second_thoughts(
    lowered: str,
    chosen: Reading,
    places: Sequence[int],
    words: VerdictWords,
    read_from: Callable[[int], tuple[Value, ...] | None],
) -> TextVerdicts | None:
    """Where the grader says otherwise of a statement than the reading (a sentence about it), or
    revises its verdicts after giving them ("Correction: statement 1 is actually true", "On second
    thought, ...") or among them ("4: false. no wait, true"), the reading is not its last word:
    unclear, whatever the revision says, unless the text from the revision on reads the very same
    verdicts ("Final answer (after re-checking):" and the list again). So too where the word read
    stands in every item and another verdict follows it ("[Supported] false"): the word is the
    layout's label. ``read_from(at)``: the verdicts the text from ``at`` on reads, where it reads
    them clearly."""
    label = label_in_every_item(lowered, chosen.items, chosen.spans, places, words)
    if label is not None:
        word, values = label
        if values is not None:  # each item's value, read after the label: the repetition read as a person does
            return answer(Reading(chosen.source, values, chosen.warnings, chosen.spans, keyed=chosen.keyed))
        return unclear_answer(chosen, f'{says(chosen)}, but "{word}" stands in every item, another verdict after it')
    ends = [end for _start, end in chosen.spans]
    after = max(ends) if ends else len(lowered)
    if chosen.source != "prose" and ("statement" in lowered or "claim" in lowered):
        # A sentence after the verdicts that says otherwise of one ("Statement 2 is actually supported").
        later = read_prose(lowered[after : after + CHECKED_CHARS]).by_index
        for index, said in sorted(later.items()):
            read = chosen.values[index - 1] if index <= len(chosen.values) else None
            if said is not None and read is not None and said != read:
                word = VALUE_WORDS[said]
                return unclear_answer(
                    chosen, f"{says(chosen)}, but a sentence after them says {word} of statement {index}"
                )
    return _revised(lowered, chosen, after, places, read_from)


def _revised(
    lowered: str,
    chosen: Reading,
    after: int,
    places: Sequence[int],
    read_from: Callable[[int], tuple[Value, ...] | None],
) -> TextVerdicts | None:
    """The reading unclear where the grader revises its verdicts after them (from ``after``) or
    among them."""
    revision = revision_after(lowered, after)
    if revision is not None and read_from(revision.at) != chosen.values:
        why = f'{says(chosen)}, but the grader revises its verdicts after them ("{revision.words}")'
        return unclear_answer(chosen, why)
    if chosen.spans and chosen.source != "prose":  # prose reads its own "but wait"
        first = min(start for start, _end in chosen.spans)
        taken_back = revision_within(lowered, first, after, places, frozenset(chosen.anchors))
        if taken_back is not None:
            return unclear_answer(chosen, f'{says(chosen)}, but the grader revises them among them ("{taken_back}")')
    return None
