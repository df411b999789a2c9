"""One source's reading of a text, and the answer it gives: what the sources and the checks share.

A ``Reading`` is what one source read (its items, the stretches of text they came from); a
``TextVerdicts`` is the answer given from it, with the source's name and, where the text
reads two ways or holds a place the source could not read, why it is unclear. ``says``
puts a reading in words for those reasons ("the table reads yes, none, no").
"""

from __future__ import annotations

from typing import NamedTuple

from compat.scoring.reader.items import NO_WORD, Item
from compat.scoring.reader.tables import UNALIGNED_ROW, UNREAD_CELL
from compat.scoring.reader.verdict_words import Value
from compat.scoring.reader.words import PLAIN_WORDS


class TextVerdicts(NamedTuple):
    """Verdicts read from text, with the source they came from and what was odd.

    ``unclear``: where the text reads two ways (two readings of the statement count that
    disagree, or a short reading beside verdict words it left unread), what each way says;
    the values are then the most trusted reading's, and the scorer says undetermined.
    """

    source: str  # "final_line", "markers", "table", "list", "prose"
    values: tuple[Value, ...]
    warnings: frozenset[str]  # ScoreWarning values; the caller maps them
    unclear: str | None = None
    by_numbers: bool = False  # some verdict was a 1 or a 0, not a word


class Reading(NamedTuple):
    """What one source reads: its items, and the stretches of text it read them from."""

    source: str  # "final_line", "markers", "table", "list", "prose"; "repetition" and "heads" read as a list
    items: tuple[Item, ...]
    warnings: frozenset[str]
    spans: tuple[tuple[int, int], ...]
    anchors: tuple[int, ...] = ()  # where each item stands, where the source knows (markers, runs)
    keyed: bool = False  # read by the echoes of its units, not by position

    @property
    def values(self) -> tuple[Value, ...]:
        return tuple(item.value for item in self.items)


UNREAD_SENTENCE = Item(None, "unread sentence")  # a sentence about one statement, its verdict not read


SOURCE_NAMES = {
    "final_line": "the final block",
    "markers": "the Verdict: markers",
    "table": "the table",
    "list": "the list",
    "prose": "the sentences about each statement",
    "repetition": "the repeated layout",
    "heads": "the verdicts that begin their lines",
    "grouped": "the groups by verdict",
    "pairs": "the statement-verdict pairs",
}
_VERB = {
    "markers": "read",
    "prose": "read",
    "heads": "read",
    "grouped": "read",
    "pairs": "read",
}  # the rest read as one thing: "reads"
VALUE_WORDS = {1: "yes", 0: "no", None: "none"}


def says(reading: Reading) -> str:
    """The reading in words, for a reason: "the table reads yes, none, no"."""
    verb = _VERB.get(reading.source, "reads") + (" by their echoes" if reading.keyed else "")
    return f"{SOURCE_NAMES[reading.source]} {verb} {', '.join(VALUE_WORDS[value] for value in reading.values)}"


def unclear_answer(reading: Reading, why: str) -> TextVerdicts:
    """The answer ``reading`` gives, said to be unclear for ``why``."""
    return answer(reading)._replace(unclear=why)


_OUTPUT_SOURCES = {"repetition": "list", "heads": "list", "pairs": "list"}


def answer(reading: Reading) -> TextVerdicts:
    """The answer ``reading`` gives: unclear where it holds a place it could not read."""
    warnings = reading.warnings
    if {item.word for item in reading.items} - PLAIN_WORDS - {""}:  # "yes" and "no" have no spaces to fold
        warnings = warnings | {"verdict_word_variant"}
    by_numbers = any(item.word in ("1", "0") for item in reading.items)
    return TextVerdicts(
        _OUTPUT_SOURCES.get(reading.source, reading.source), reading.values, warnings, _unread(reading), by_numbers
    )


def _unread(reading: Reading) -> str | None:
    """Why a reading is no answer where it holds a place it could not read: a sentence that judged
    its statement in words not read, a table row that does not line up, an item that holds no
    verdict word ("2. The context confirms this."): each a statement judged, not left without a verdict."""
    items = reading.items
    if UNREAD_SENTENCE in items:
        unread_at = [str(at + 1) for at, item in enumerate(items) if item is UNREAD_SENTENCE]
        return f"{says(reading)}, but the sentences about statement {', '.join(unread_at)} judge it in words not read"
    if UNALIGNED_ROW in items:
        return f"{items.count(UNALIGNED_ROW)} of the table's rows do not line up with its header"
    if UNREAD_CELL in items:
        unread_at = [str(at + 1) for at, item in enumerate(items) if item is UNREAD_CELL]
        rows = ", ".join(unread_at)
        return f"{says(reading)}, but the verdict cell of row {rows} holds words the reader does not know"
    wordless = [str(at + 1) for at, item in enumerate(items) if item is NO_WORD]
    if wordless:
        many = len(wordless) > 1
        return (
            f"{says(reading)}, but the item{'s' if many else ''} of statement {', '.join(wordless)} "
            f"hold{'' if many else 's'} no verdict word the reader knows"
        )
    return None
