"""Turning grader call 1 into statements: the legacy line rule and the fixed scorer's rule."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import repeat

from compat.cases import Case
from compat.scoring._jsnum import JS_WHITESPACE
from compat.scoring._jsonscan import iter_json_values


def legacy_statement_count(case: Case) -> int | None:
    """How many statements promptfoo generation A counts; ``None`` when call 1 gave no output.

    Split on ``\\n`` only and count every piece whose JavaScript-trimmed value is not
    empty (so a line of U+001C counts: JavaScript's trim keeps it). A ``statements``
    list stands in for call 1 only when ``statements_output`` is absent.
    """
    if case.statements_output is not None:
        if case.statements_output == "":
            return None
        return len(_js_non_blank(case.statements_output.split("\n")))
    if case.statements is None:  # a case whose texts are all in its per-arm recordings
        return None
    return len(_js_non_blank(case.statements))


def fixed_statements(case: Case) -> list[str] | None:
    """Statements for the fixed scorer; ``None`` when there is no call 1 output at all.

    The ``statements`` list wins; else call 1's RAGAS JSON ``{"statements": [...]}`` or a
    bare JSON list of strings; else its non-blank lines. Lines end at ``\n``, ``\r``,
    U+2028, U+2029 or NEL (a grader that separates statements with any of them meant
    separate statements), and a first line that only announces them (``Statements:``)
    is a heading, not a statement. Blank means empty after JavaScript trimming (plus
    Python's whitespace), so both arms count the same statements on clean input.
    """
    if case.statements is not None:
        return _non_blank(case.statements)
    text = case.statements_output
    if not text:  # missing or empty; whitespace only goes on and yields no statements
        return None
    from_json = _statements_from_json(text) if "{" in text or "[" in text else None
    if from_json is not None:
        return from_json
    lines = _non_blank(_LINE_BREAK.split(text) if _has_other_breaks(text) else text.split("\n"))
    if lines and _is_heading(lines[0]):
        del lines[0]
    return lines


_LINE_BREAK = re.compile("\r\n|[\n\r\u2028\u2029\x85]")
_OTHER_BREAKS = ("\r", "\u2028", "\u2029", "\x85")
_BLANK = JS_WHITESPACE + "\x85"  # NEL is a line break here


def _has_other_breaks(text: str) -> bool:
    return any(brk in text for brk in _OTHER_BREAKS)


def _is_heading(line: str) -> bool:
    """``Statements:``, ``Here are the statements:``: a line that introduces the list."""
    lowered = line.lower().strip(" *#_")
    return len(lowered) <= 60 and lowered.endswith(":") and ("statement" in lowered or "claim" in lowered)


def _js_non_blank(pieces: Iterable[str]) -> list[str]:
    """The pieces, JavaScript-trimmed, without the blank ones (the legacy rule)."""
    return list(filter(None, map(str.strip, pieces, repeat(JS_WHITESPACE))))


def _non_blank(pieces: Iterable[str]) -> list[str]:
    """The pieces, trimmed, without the blank ones."""
    return list(filter(None, map(str.strip, pieces, repeat(_BLANK))))


def _statements_from_json(text: str) -> list[str] | None:
    """The list of a RAGAS statement-generation object (or a bare list of strings) in ``text``."""
    for found in iter_json_values(text):
        value = found.value
        if isinstance(value, dict):
            value = value.get("statements")
        if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            return _non_blank(value)
        if isinstance(found.value, dict) and isinstance(value, list) and not value:
            return []
        return None  # only the first JSON value in the text is considered
    return None
