"""Turning grader call 1 into statements: the legacy line rule and the fixed scorer's rule."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import repeat

from compat.cases import Case
from compat.scoring._javascript import JS_WHITESPACE
from compat.scoring.reader import iter_json_values, matched_refusal


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
    return statements_from_text(text)


def statements_from_text(text: str) -> list[str]:
    """The statements a person reads in call 1's text: its RAGAS JSON list, else its lines
    without a heading (what the fixed scorer divides by, and what ``grade`` sends call 2)."""
    from_json = _statements_from_json(text) if "{" in text or "[" in text else None
    if from_json is not None:
        return from_json
    lines = _non_blank(_LINE_BREAK.split(text) if _has_other_breaks(text) else text.split("\n"))
    if lines and _is_heading(lines[0]):
        del lines[0]
    return lines


def wrapped_statements(case: Case) -> list[str] | None:
    """Call 1's statements read as a list whose items wrap onto indented lines, where it is one.

    ``1. The warranty covers parts for 24 months⏎   from the date of delivery.`` is one statement
    to a person and two lines to the line rule. Only a list is read so: every line that is not
    indented opens an item (``1.``, ``-``, ``(2)``), and an indented line that opens none goes on
    the item before it. ``None`` where call 1 is no such list (its lines are its statements);
    the scorer reads the verdicts against both and keeps the reading that fits (``RagasScorer``).
    """
    text = case.statements_output
    if case.statements is not None or not text or _INDENTED_LINE.search(text) is None or _has_other_breaks(text):
        return None
    lines = [line for line in text.split("\n") if line.strip(_BLANK)]
    if lines and _is_heading(lines[0].strip(_BLANK)):
        del lines[0]
    items: list[str] = []
    wrapped = False
    for line in lines:
        opens = _LIST_ITEM.match(line) is not None
        if line[:1] in (" ", "\t") and not opens:
            if not items:
                return None
            items[-1] += " " + line.strip(_BLANK)
            wrapped = True
        elif opens:
            items.append(line.strip(_BLANK))
        else:
            return None  # a line that opens no item and is not indented: not such a list
    return items if wrapped else None


_INDENTED_LINE = re.compile(r"\n[ \t]+\S")
_LIST_ITEM = re.compile(r"[ \t]*(?:\d{1,3}[.)]|\(\d{1,3}\)|[-*•+])[ \t]+\S")


def sent_statements(call1: str, *, structured: bool) -> list[str]:
    """The statements ``grade`` sends the verdict call (call 2) from call 1's text.

    ``structured`` (an arm keeping the RAGAS contract, or judged by HHEM): the statements
    a person reads in it (``statements_from_text``), the list the fixed scorer divides
    by. Otherwise legacy's line rule, on purpose: the non-blank lines, stripped, which
    the fixed scorer may count otherwise (a heading, a JSON list, another line break).
    """
    if structured:
        return statements_from_text(call1)
    return [line.strip() for line in call1.split("\n") if line.strip()]


_LINE_BREAK = re.compile("\r\n|[\n\r\u2028\u2029\x85]")
_OTHER_BREAKS = ("\r", "\u2028", "\u2029", "\x85")
_BLANK = JS_WHITESPACE + "\x85"  # NEL is a line break here


def _has_other_breaks(text: str) -> bool:
    return any(brk in text for brk in _OTHER_BREAKS)


# A call 1 that refuses names the task it refuses; a statement of an answer seldom does both.
_TASK_WORDS = ("statement", "answer", "break", "extract", "request", "task", "help", "assist", "comply", "text")
MAX_REFUSAL_LINES = 2


def refused_statements(statements: list[str]) -> str | None:
    """The refusal pattern when call 1 is a refusal to list statements, not a list of them.

    ``I'm sorry, but I can't help with breaking down this answer.`` read as a statement
    would be judged "No" and score 0.0. A refusal is short (at most two lines), says a
    refusal pattern and names the task; a one-line answer that merely contains "sorry"
    does not name the task of listing statements.
    """
    if not statements or len(statements) > MAX_REFUSAL_LINES:
        return None
    text = " ".join(statements)
    lowered = text.casefold()
    if not any(word in lowered for word in _TASK_WORDS):
        return None
    return matched_refusal(text)


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
