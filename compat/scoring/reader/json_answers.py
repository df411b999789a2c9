"""JSON answers: the verdict-bearing JSON values of a reply, and which of several is the answer.

A reply may hold more than one JSON value with verdicts: an echoed few-shot example and the
real answer, a draft and its correction, chunks of one answer, one item object a line (JSON
lines). ``add_candidate`` gathers them (joining JSON lines), ``in_parts`` reads an answer in
parts whole, and ``choose`` picks the answer: by the statements its items echo, else the one
with a verdict for each statement, else the first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from compat.scoring.reader.json_items import NESTED_VERDICT_KEYS, VERDICT_KEYS
from compat.scoring.reader.json_scan import FoundJson
from compat.scoring.reader.prepare import without_list_mark


class Candidate(NamedTuple):
    items: list[Any]
    repaired: bool
    single: bool  # one item object on its own (JSON lines merge these)
    values_only: bool  # words or numbers, not item objects


def add_candidate(candidates: list[Candidate], found: FoundJson, items: list[Any], values_only: bool) -> None:
    candidate = _candidate(found, items, values_only)
    last = candidates[-1] if candidates else None
    if candidate.single and last is not None and last.single and not _judged_again(last.items, candidate.items[0]):
        last.items.extend(candidate.items)  # JSON lines: one item object a line (prose may stand between)
        candidates[-1] = last._replace(repaired=last.repaired or candidate.repaired)
    else:
        candidates.append(candidate)


def _candidate(found: FoundJson, items: list[Any], values_only: bool) -> Candidate:
    if found.incomplete:
        # An item cut off after its verdict keeps it: the grader gave that verdict, and a token limit
        # stopped it in the reason that follows. One cut off before its verdict is dropped.
        items = [item for item in items if id(item) not in found.incomplete or _verdict_given(item, found.cut)]
    # One item, on its own or as the one item of its value (a tool call's arguments): JSON lines merge these.
    single = type(found.value) is dict and len(items) == 1 and type(items[0]) is dict
    return Candidate(items, found.repaired, single, values_only)


def _verdict_given(item: Any, cut: tuple[int, str] | None) -> bool:
    """Whether a half-written item holds a whole verdict (a value the text did not end on)."""
    return type(item) is dict and any(
        isinstance(key, str) and key.lower() in VERDICT_KEYS and value is not None and (id(item), key) != cut
        for key, value in item.items()
    )


def _judged_again(items: list[Any], item: Any) -> bool:
    """Whether ``item`` echoes a statement one of ``items`` already judged: a second answer (a
    draft corrected), not the next line of one."""
    echo = echo_of(item)
    return echo is not None and any(echo_of(earlier) == echo for earlier in items)


def is_whole(text: str, start: int, end: int) -> bool:
    """Whether the JSON value is all the text holds, but for a code fence around it."""
    before = text[max(0, start - 16) : start].strip()
    if start > 16 or before not in ("", "```", "```json"):
        return False
    return len(text) - end <= 8 and text[end:].strip() in ("", "```")


_SQUEEZE = re.compile(r"[\W_]+")


def squeezed_statements(statements: Sequence[str]) -> set[str]:
    """Call 1's statements as an echo of them is compared: its lines may keep their list marks
    ("1. The store opens at 9."); an echo does not."""
    return {squeezed(without_list_mark(statement)) for statement in statements}


def squeezed(text: str) -> str:
    return _SQUEEZE.sub("", text.casefold())


def in_parts(candidates: list[Candidate], statements: Sequence[str] | None) -> Candidate | None:
    """The answer given in parts (the statements sent in chunks, one reply each; a reply cut off and
    continued; pages of results): where the values that judge call 1's statements echo them, item by
    item, each statement once across them all and in call 1's order, their items joined. A draft
    and its correction judge the same statements twice, and are chosen between (``choose``)."""
    if not statements or len(candidates) < 2:
        return None
    order = [squeezed(without_list_mark(statement)) for statement in statements]
    wanted = set(order)
    parts = [
        candidate
        for candidate in candidates
        if _judges(candidate)
        and any(echo is not None and squeezed(echo) in wanted for echo in map(_part_echo, candidate.items))
    ]
    items = [item for part in parts for item in part.items]
    echoes = [_part_echo(item) for item in items]
    if len(parts) < 2 or len(wanted) != len(order) or any(echo is None for echo in echoes):
        return None
    if [squeezed(echo) for echo in echoes if echo is not None] != order:
        return None
    return Candidate(items, any(part.repaired for part in parts), False, False)


def _judges(candidate: Candidate) -> bool:
    """Whether ``candidate``'s items stand under a verdict's name, given or left null (a part whose
    statements were all undecided is a part)."""
    return any(type(item) is dict and any(str(key).lower() in VERDICT_KEYS for key in item) for item in candidate.items)


def _part_echo(item: Any) -> str | None:
    """The statement an item of a part echoes: under ``statement`` or ``claim``, or its ``text`` (a
    results page's rows)."""
    echo = echo_of(item)
    if echo is None and type(item) is dict and type(item.get("text")) is str:
        return str(item["text"])
    return echo


def choose(candidates: list[Candidate], statements: Sequence[str] | None) -> Candidate:
    """The answer among several verdict values.

    The one whose echoed statements match call 1's most (the last on a tie: a grader's
    final answer follows its drafts); else, of those that echo no foreign statement (an
    echoed few-shot example judges statements that are not the case's), the one with a
    verdict for each statement where only one has, else the first.
    """
    if len(candidates) == 1:
        return candidates[0]
    wanted = squeezed_statements(statements or ())
    best: Candidate | None = None
    best_hits = 0
    neutral: list[Candidate] = []
    for candidate in candidates:
        echoes = [echo_of(item) for item in candidate.items]
        echoed = [echo for echo in echoes if echo is not None]
        hits = sum(squeezed(echo) in wanted for echo in echoed)
        if hits and hits >= best_hits and _gives_verdicts(candidate):
            best, best_hits = candidate, hits
        if not echoed:
            neutral.append(candidate)
    if best is not None:
        return best
    if neutral and wanted:
        # One of them gives each statement a verdict, the others fewer or more (a submission the
        # tool rejected, then the one it took): that one.
        whole = [candidate for candidate in neutral if len(candidate.items) == len(statements or ())]
        return whole[0] if len(whole) == 1 else neutral[0]
    return candidates[0]


def _gives_verdicts(candidate: Candidate) -> bool:
    """Whether any item of ``candidate`` holds a verdict (a tool's result echoes statements, and judges none)."""
    return candidate.values_only or any(
        type(item) is dict
        and (get_key(item, VERDICT_KEYS) is not None or get_key(item, NESTED_VERDICT_KEYS) is not None)
        for item in candidate.items
    )


def echo_of(item: Any) -> str | None:
    if type(item) is not dict:
        return None
    statement = get_key(item, ("statement", "claim"))
    return statement if type(statement) is str else None


def get_key(item: dict[Any, Any], keys: tuple[str, ...]) -> Any:
    """The value of the first of ``keys`` in ``item``, keys compared case-insensitively."""
    for key in keys:
        if key in item:
            return item[key]
    lowered = {key.strip().lower(): value for key, value in item.items() if isinstance(key, str)}
    for key in keys:
        if key in lowered:
            return lowered[key]
    return None


__all__ = [
    "Candidate",
    "add_candidate",
    "choose",
    "echo_of",
    "get_key",
    "in_parts",
    "is_whole",
    "squeezed",
    "squeezed_statements",
]
