"""Where a JSON value holds its verdicts: an item list, a value list or a numbered object, found breadth-first."""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Mapping
from itertools import islice
from operator import itemgetter
from typing import Any, Literal

from compat.scoring.reader.verdict_words import MAX_VERDICTS
from compat.scoring.reader.words import normalise_word, read_word

# At most this many JSON nodes are searched for verdicts in one value. The search is
# breadth-first and verdicts sit in the top levels of any real output; each node visited
# costs Python time, so a huge value must not be walked to its end.
MAX_VISITED = 4_096
# The keys an item's verdict stands under, most telling first: RAGAS's own, then the names graders
# give it when they rename it (each seen in the wild), and the words of four other languages.
VERDICT_KEYS = (
    # A decision over votes first: a jury's item may hold each juror's "verdict" below its own.
    "final_verdict",
    "panel_verdict",
    "majority_verdict",
    "consensus_verdict",
    "aggregate_verdict",
    "final_decision",
    "final_label",
    "majority",
    "consensus",
    "verdict",
    "supported",
    "is_supported",
    "faithful",
    "is_faithful",
    "label",
    "supported_by_context",
    "is_supported_by_context",
    "entailed",
    "entailed_by_context",
    "entailment",
    "can_be_inferred",
    "inferred",
    "grounded",
    "is_grounded",
    "judgement",
    "judgment",
    "classification",
    "decision",
    "veredicto",
    "veredito",
    "urteil",
)
# An object under one of these names may hold the verdict one level down ("result": {"supported": true}).
NESTED_VERDICT_KEYS = ("result", "assessment", "evaluation", "verdict", "judgement", "judgment", "analysis")
_ITEM_KEYS = frozenset(("statement", *VERDICT_KEYS))
_LIST_KEYS = frozenset(("verdicts", "verdict", "results", "labels", "answers", "supported", "judgements", "judgments"))
_INDEXED_KEY = re.compile(r"[a-z _#.-]{0,24}?(\d{1,4})")

Values = Mapping[str, Literal[0, 1] | None]  # what each verdict word is worth


def verdict_items(value: Any, whole: bool, words: Values) -> tuple[list[Any], bool] | None:
    """The verdict list inside ``value``, searched breadth-first, and whether it is values only.

    Item lists: ``{"statements": [item, ...]}`` (any key), a bare ``[item, ...]``, or a
    single ``item``; an item is an object with a ``verdict`` (any case), ``statement``
    or ``supported`` key (RAGAS writes ``statement`` first, so even an item cut off
    before its verdict marks the text as JSON verdicts). An object that holds an item
    list beside its own ``verdict`` (an overall verdict) stands for its list.

    Value lists: a list of verdict words (``["No", "Yes"]``); a list of 0/1 or booleans
    when it sits under a verdict key (``{"verdicts": [0, 1]}``) or is the whole output
    (a citation ``[1]`` in prose is not a verdict); an object keyed by statement number
    (``{"1": "yes", "statement_2": "no"}``). The search is iterative and bounded.
    """
    if isinstance(value, dict):  # fast path: the RAGAS shape itself
        listed = value.get("statements")
        if isinstance(listed, list) and listed and _is_item(listed[0]):
            return listed, False
    elif isinstance(value, list) and value and _is_item(value[0]):
        return value, False
    queue: deque[tuple[Any, bool]] = deque([(value, whole)])
    visited = 0
    while queue and visited < MAX_VISITED:
        node, numbers_ok = queue.popleft()
        visited += 1
        if isinstance(node, dict):
            grouped = _grouped_by_value(node, words)
            if grouped is not None:
                return grouped, True
            if _is_item(node):
                # An overall verdict beside the per-statement list stands for that list, even
                # an empty one: its verdict is about the answer, not about any one statement.
                overall = "statement" not in node
                lists = (v for v in node.values() if isinstance(v, list))
                inner = next((v for v in lists if any(map(_is_item, v)) or (overall and not v)), None)
                return (inner, False) if inner is not None else ([node], False)
            keyed = _indexed(node, words)
            if keyed is not None:
                return keyed, not any(map(_is_item, keyed))
            # Per-statement items beat an overall verdict beside them, wherever it stands.
            listed = next((v for v in node.values() if isinstance(v, list) and any(map(_is_item, v))), None)
            if listed is not None:
                return listed, False
            queue.extend(
                (_decoded(child), isinstance(key, str) and key.strip().lower() in _LIST_KEYS)
                for key, child in islice(node.items(), MAX_VISITED)
            )
        elif isinstance(node, list):
            if any(map(_is_item, node)):
                return node, False
            if _is_value_list(node, numbers_ok, words):
                return node, True
            repeated = _items_in_every_unit(node) or _pages(node)
            if repeated is not None:
                return repeated, False
            queue.extend((child, False) for child in islice(node, MAX_VISITED))
    return None


def _decoded(child: Any) -> Any:
    """A string that holds a JSON document (``"output": "{\\"statements\\": [...]}"``, a tool's
    wrapper around the grader's answer), decoded; anything else as it is."""
    if not isinstance(child, str) or len(child) > MAX_ENCODED_CHARS or child.lstrip()[:1] not in ("{", "["):
        return child
    try:
        return json.loads(child)
    except ValueError:
        return child


MAX_ENCODED_CHARS = 1 << 20  # an answer encoded in a string is read up to a megabyte


# An item has a handful of keys; an object with more is a map of items or values, not one.
MAX_ITEM_KEYS = 64


def _is_item(node: Any) -> bool:
    if not isinstance(node, dict):
        return False
    if "verdict" in node or "statement" in node:
        return True
    return len(node) <= MAX_ITEM_KEYS and any(
        isinstance(key, str) and key.strip().lower() in _ITEM_KEYS for key in node
    )


def _is_value_list(node: list[Any], numbers_ok: bool, words: Values) -> bool:
    """Every element a verdict word (or, where numbers are allowed, 0/1 or a boolean), or a
    place without one (``null``, ``"N/A"``, ``"Maybe"``); at least one a verdict."""
    if not node:
        return False
    strings = verdicts = 0
    for element in node[:MAX_VERDICTS]:
        if element is None or _is_slot_word(element, words):
            continue
        if isinstance(element, str):
            if not read_word(element, words)[0]:
                return False
            strings += 1
        elif not (numbers_ok and (isinstance(element, bool) or (type(element) in (int, float) and element in (0, 1)))):
            return False
        verdicts += 1
    return verdicts > 0 and (strings > 0 or numbers_ok)


def _is_slot_word(element: Any, words: Values) -> bool:
    """A string that holds a statement's place without a verdict ("N/A", "Not sure")."""
    return isinstance(element, str) and not read_word(element, words)[0] and normalise_word(element) in words


def _is_indexed_value(child: Any, words: Values) -> bool:
    if _is_item(child) or isinstance(child, bool):
        return True
    if isinstance(child, str):
        return read_word(child, words)[0]
    return type(child) in (int, float) and child in (0, 1)


def _indexed(node: dict[Any, Any], words: Values) -> list[Any] | None:
    """The values of an object keyed by statement number, in number order."""
    if not node or len(node) > MAX_VERDICTS:
        return None
    numbered: list[tuple[int, Any]] = []
    for key, child in node.items():
        match = _INDEXED_KEY.fullmatch(key.strip().lower()) if isinstance(key, str) else None
        if match is None:
            return None
        if not (child is None or _is_slot_word(child, words) or _is_indexed_value(child, words)):
            return None
        numbered.append((int(match.group(1)), child))
    if all(child is None or _is_slot_word(child, words) for _number, child in numbered):
        return None  # places without a single verdict: not a verdict object
    numbered.sort(key=itemgetter(0))
    return [child for _number, child in numbered]


def _grouped_by_value(node: dict[Any, Any], words: Values) -> list[Any] | None:
    """Statement numbers grouped under verdict words (``{"entailed": [2], "not_entailed": [1],
    "unknown": [3]}``): each statement's word, in number order, where at least two groups name
    every statement from 1 (or from 0) up exactly once; other keys (a total, notes) are left."""
    by_number: dict[int, str] = {}
    groups = 0
    for key, child in node.items():
        if not isinstance(key, str) or not isinstance(child, list):
            continue
        word = normalise_word(key.replace("_", " "))
        if word not in words:
            continue
        if not all(type(number) is int for number in child) or len(child) > MAX_VERDICTS:
            return None  # a verdict word over something else: not groups of statement numbers
        groups += 1
        for number in child:
            if number in by_number:
                return None  # a statement in two groups
            by_number[number] = word
    if groups < 2 or not by_number:
        return None
    first = min(by_number)
    if first not in (0, 1) or sorted(by_number) != list(range(first, first + len(by_number))):
        return None
    return [by_number[number] for number in sorted(by_number)]


def _items_in_every_unit(node: list[Any]) -> list[Any] | None:
    """Where a list's elements are units of one shape, each holding one item at the same place
    (``[{"name": "grade", "arguments": {"statement_id": 1, "supported": false}}, ...]``, a list of
    tool calls): those items, in order. The shape repeats; the item is read where it stands in each."""
    if len(node) < 2 or len(node) > MAX_VERDICTS or not all(isinstance(unit, dict) for unit in node):
        return None
    path = _item_path(node[0])
    if path is None:
        return None
    items = []
    for unit in node:
        for key in path:
            unit = unit.get(key) if isinstance(unit, dict) else None
        if not _is_item(unit):
            return None
        items.append(unit)
    return items


def _pages(node: list[Any]) -> list[Any] | None:
    """Where a list's elements are pages of one shape, each listing items under the same key
    (``[{"page": 1, "results": [item, item]}, {"page": 2, "results": [item]}]``): their items, in
    order. A person reads the pages one after the other."""
    if len(node) < 2 or not all(isinstance(page, dict) for page in node):
        return None
    key = next((key for key, child in node[0].items() if isinstance(child, list) and any(map(_is_item, child))), None)
    if key is None or not all(isinstance(page.get(key), list) for page in node):
        return None
    items = [item for page in node for item in page[key]]
    return items if len(items) <= MAX_VERDICTS and all(map(_is_item, items)) else None


def _item_path(unit: dict[Any, Any], depth: int = 3) -> tuple[Any, ...] | None:
    """The keys that lead from ``unit`` to the one item object inside it (a few levels at most)."""
    for key, child in unit.items():
        if _is_item(child):
            return (key,)
        if isinstance(child, dict) and depth > 1:
            inner = _item_path(child, depth - 1)
            if inner is not None:
                return (key, *inner)
    return None
