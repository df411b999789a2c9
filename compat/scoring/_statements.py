"""Turning grader call 1 into statements: the legacy line rule and the fixed scorer's rule."""

from __future__ import annotations

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
        return len(_non_blank(case.statements_output.split("\n")))
    assert case.statements is not None  # the Case model guarantees one of the two
    return len(_non_blank(case.statements))


def fixed_statements(case: Case) -> list[str] | None:
    """Statements for the fixed scorer; ``None`` when there is no call 1 output at all.

    The ``statements`` list wins; else call 1's RAGAS JSON ``{"statements": [...]}``;
    else its non-blank lines. Blank means empty after JavaScript trimming, the same
    rule as the legacy arm, so that both arms count the same statements on clean input.
    """
    if case.statements is not None:
        return _non_blank(case.statements)
    text = case.statements_output
    if not text:  # missing or empty; whitespace only goes on and yields no statements
        return None
    from_json = _statements_from_json(text) if "{" in text else None
    if from_json is not None:
        return from_json
    return _non_blank(text.split("\n"))


def _non_blank(pieces: Iterable[str]) -> list[str]:
    """The pieces, JavaScript-trimmed, without the blank ones."""
    return list(filter(None, map(str.strip, pieces, repeat(JS_WHITESPACE))))


def _statements_from_json(text: str) -> list[str] | None:
    """The list of a RAGAS statement-generation object in ``text``, if it holds one."""
    for found in iter_json_values(text):
        value = found.value
        if isinstance(value, dict):
            items = value.get("statements")
            if isinstance(items, list) and all(isinstance(item, str) for item in items):
                return _non_blank(items)
        return None  # only the first JSON value in the text is considered
    return None
