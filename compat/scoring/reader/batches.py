"""Batched replies: one grader call that judged several cases, stored for each of them.

Teams save calls by sending the grader several answers at once, and store the whole reply (or a
slice of it) with every case. Such a reply holds other cases' verdicts beside this case's: read as
one case's answer, it gives a confident number from the wrong verdicts. A person looks for which
part is this case's: the pipeline's note names it ("this case: q18", "stored for item_402"), and
the reply keys or heads each case's part by that name.

The reader does the same, and no more: where the reply says it covers several cases (``batch``,
``3 cases graded in one call``), this case's part is read where the note names the case and a JSON
object of the reply holds that name as a key; anywhere else the case is ``unclear_reading``
(which part is this case's is not something the reader guesses).
"""

from __future__ import annotations

import json
import re
from itertools import islice
from typing import NamedTuple

from compat.scoring.reader.json_scan import iter_json_values


class Batch(NamedTuple):
    """A reply that covers several cases: the words that say so, and this case's part where found."""

    evidence: str
    part: str | None  # this case's part, as JSON text, where the reply keys it by the case's name


def batch_reply(text: str) -> Batch | None:
    """The batch ``text`` is a reply to, where it says it covers several cases; else ``None``."""
    lowered = text.lower()
    if "case" not in lowered and "batch" not in lowered:
        return None  # most replies: one case's
    # Each pattern runs only where one of its telltales stands: most replies that say "case" say
    # "in this case", and a pattern tried at every position costs ten times a substring search.
    names = _names(lowered) if any(telltale in lowered for telltale in _NOTE_TELLTALES) else set()
    name = next(iter(names)) if len(names) == 1 else None  # notes that name two cases: no guess
    evidence = _SEVERAL_CASES.search(lowered) if any(telltale in lowered for telltale in _SEVERAL_TELLTALES) else None
    if evidence is not None:
        return Batch(evidence.group().strip(), _keyed_part(text, name))
    # A note naming this case beside another case's name of the same kind ("this case: q18" and "q17").
    if name is not None:
        other = next((found for found in _kind_of(name).finditer(lowered) if found.group() != name), None)
        if other is not None:
            return Batch(f"{name} beside {other.group()}", _keyed_part(text, name))
    return None


def _names(lowered: str) -> set[str]:
    """The names the pipeline's notes give this case: ids hold a digit ("q18", "case-0282", "a1b2c3");
    "this case is empty" names none."""
    return {
        found.group("name") for found in _THIS_CASE.finditer(lowered) if any(c.isdigit() for c in found.group("name"))
    }


def _kind_of(name: str) -> re.Pattern[str]:
    """Names of the kind ``name`` is: its digits any digits ("case-0124": "case-0122"), a hash any hash."""
    if re.fullmatch(r"[0-9a-f]{6,}", name) and any(char.isdigit() for char in name):
        return re.compile(rf"(?<![\w-])[0-9a-f]{{{len(name)}}}(?![\w-])")
    kind = re.sub(r"\d+", lambda digits: rf"\d{{{len(digits.group())}}}", re.escape(name))
    if kind == re.escape(name):
        return re.compile(r"(?!x)x")  # no digits: "case a" and "case b" are not told apart by kind
    return re.compile(rf"(?<![\w-]){kind}(?![\w-])")


# Words that say the reply covers several cases: a batch of cases (not "Batch 1 — statements 1-2", a
# batch of one case's statements), a count of cases, each case's part.
_SEVERAL_CASES = re.compile(
    r"(?<![\w-])(?:batched|batch[ _]id|(?:whole|entire|full) batch|batch (?:reply|call|request|results?|output)"
    r"|(?:[2-9]|\d{2,3}|two|three|four|five|six|several|multiple) cases"
    r"|cases (?:graded|judged|evaluated|scored)|(?:per|each) case(?![\w-]))"
)
_SEVERAL_TELLTALES = ("batch", "cases", "per case", "each case")
# The pipeline's note naming the case a stored reply is for.
_THIS_CASE = re.compile(
    r"(?<![\w-])(?:this case(?: is)?|this record(?: is)?|stored for|record|case[ _]id\"?)[ \t]*[:=]?[ \t]*\"?"
    r"(?:case[ \t]+)?"
    r"\[?(?P<name>[a-z0-9][\w.-]{0,39}?)\]?(?=[\s.,;:)\]\"]|$)"
)
_NOTE_TELLTALES = ("this case", "this record", "stored for", "record", "case_id", "case id")
_MAX_PART_CHARS = 1_000_000
_MAX_JSON_VALUES = 64  # a batch reply is one object, or a few: past these no key is looked for


def _keyed_part(text: str, name: str | None) -> str | None:
    """This case's value, as JSON text, where the note names the case (``name``) and a JSON object
    of the reply holds that name as a key ("{"q17": {...}, "q18": {...}}"); else ``None``."""
    if name is None:
        return None
    for found in islice(iter_json_values(text, 0), _MAX_JSON_VALUES):
        part = _value_under(found.value, name, _MAX_DEPTH)
        if part is not None:
            text_of = json.dumps(part, ensure_ascii=False)
            return text_of if len(text_of) <= _MAX_PART_CHARS else None
    return None


_MAX_DEPTH = 3  # the reply, or the record a pipeline wrapped it in ({"grader_reply": {...}})


def _value_under(value: object, name: str, depth: int) -> object | None:
    """The value under key ``name`` in an object of several cases' parts, looked for ``depth`` levels down."""
    if not isinstance(value, dict) or depth == 0:
        return None
    keyed = {key.lower(): part for key, part in value.items() if isinstance(key, str)}
    part: object = keyed.get(name)
    if isinstance(part, dict | list) and len(keyed) > 1:
        return part
    for part in keyed.values():
        found = _value_under(part, name, depth - 1)
        if found is not None:
            return found
    return None
