"""Text verdict sources 2 to 5, after the final line: per-statement markers, a table, a list, prose."""

from __future__ import annotations

import re
from itertools import islice
from typing import Literal

from compat.scoring._verdictwords import BUILT_IN, MAX_VERDICTS, Value, VerdictWords
from compat.scoring._words import word_value

_TABLE_ROW = re.compile(r"^[ \t]*\|[^\n]*", re.MULTILINE)
_TABLE_COLUMNS = ("verdict", "supported", "supported?", "faithful", "label", "judgement", "judgment", "result")
MAX_TABLE_ROWS = 2 * MAX_VERDICTS
_PROSE_WORDS: dict[str, Literal[0, 1]] = {
    "supported": 1,
    "faithful": 1,
    "correct": 1,
    "accurate": 1,
    "true": 1,
    "consistent": 1,
    "grounded": 1,
    "verified": 1,
    "entailed": 1,
    "unsupported": 0,
    "unfaithful": 0,
    "incorrect": 0,
    "inaccurate": 0,
    "false": 0,
    "inconsistent": 0,
    "ungrounded": 0,
    "unverified": 0,
    "contradicted": 0,
}
_PROSE = re.compile(
    r"(?:statement(?<!\wstatement)|claim(?<!\wclaim))[ \t]*#?[ \t]*(?P<i>\d{1,4})[ \t]*(?:\([^()\n]{0,40}\)[ \t]*)?"
    r"(?:is|was|:|-|–|—)?[ \t]*(?P<neg>not[ \t]+|n't[ \t]+)?(?:(?:fully|directly|clearly|explicitly)[ \t]+)?"
    r"(?P<w>" + "|".join(sorted(_PROSE_WORDS, key=len, reverse=True)) + r")(?!\w)"
)


def read_markers(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Value, str, int]]:
    worth = words.values
    return [
        (word_value(m.group("v"), worth), m.group("v"), m.start())
        for m in islice(words.marker.finditer(lowered), MAX_VERDICTS)
    ]


def read_table(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Value, str]]:
    """The Verdict column of the first Markdown table that has one."""
    column: int | None = None
    read: list[tuple[Value, str]] = []
    previous_end = -2
    for row in islice(_TABLE_ROW.finditer(lowered), MAX_TABLE_ROWS):
        cells = [cell.strip(" \t*`") for cell in row.group().strip(" \t").strip("|").split("|")]
        if column is not None and row.start() != previous_end + 1:
            break  # the table ended
        previous_end = row.end()
        if column is None:
            column = next((i for i, cell in enumerate(cells) if cell.rstrip(" ?:") in _TABLE_COLUMNS), None)
            if column is None and any("verdict" in cell for cell in cells):
                column = next(i for i, cell in enumerate(cells) if "verdict" in cell)
            continue
        if column >= len(cells) or set(cells[column]) <= set("-: "):
            continue  # the header's underline, or a short row
        cell = words.cell.fullmatch(cells[column])
        read.append((word_value(cell.group("v"), words.values), cell.group("v")) if cell else (None, "?"))
        if len(read) >= MAX_VERDICTS:
            break
    return read if any(value is not None for value, _word in read) else []


def read_list(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Value, str]]:
    """Lines holding nothing but an optional enumeration and a verdict (``1. Yes``)."""
    worth = words.values
    return [
        (word_value(m.group("v"), worth), m.group("v"))
        for m in islice(words.list_line.finditer(lowered), MAX_VERDICTS)
        if m.group("e") or not m.group("rest")  # "No: I cannot..." is prose; "1. No: not stated" a verdict
    ]


# Prose is read only from texts that name statements at most this often: each mention
# costs a regex attempt, and forty thousand of them are not sentences a person reads.
MAX_PROSE_MENTIONS = 4 * MAX_VERDICTS


def mentions(lowered: str) -> int:
    return lowered.count("statement") + lowered.count("claim")


def read_prose(lowered: str) -> tuple[Value, ...]:
    """Verdicts by statement number from sentences; a statement said twice gets the lower."""
    by_index: dict[int, Literal[0, 1]] = {}
    for m in islice(_PROSE.finditer(lowered), MAX_VERDICTS):
        index = int(m.group("i"))
        if not 1 <= index <= MAX_VERDICTS:
            continue
        value = _PROSE_WORDS[m.group("w")]
        if m.group("neg"):
            value = 1 - value  # type: ignore[assignment]
        by_index[index] = min(by_index.get(index, value), value)
    if not by_index:
        return ()
    return tuple(by_index.get(i) for i in range(1, max(by_index) + 1))
