"""Reading verdicts out of a grader's verdict output (call 2).

JSON first, text second (the fixed scorer's contract, rules 2 and 3). The result is
a ``ParsedVerdicts``: the verdicts in the grader's order, each with the statement
text the grader echoed (JSON only), and what was odd about them. Pairing verdicts
with statements is the scorer's job, not this module's.

Every pattern here is linear: each quantified part is followed by something it
cannot match, so a regex never retries a position it has passed.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Any, Literal

from compat._jsonscan import FoundJson, iter_json_values
from compat._models import ScoreWarning, VerdictFormat


@dataclass(frozen=True, slots=True)
class RawVerdict:
    """One verdict as the grader gave it. ``verdict`` is ``None`` when unreadable."""

    verdict: Literal[0, 1] | None
    statement: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class ParsedVerdicts:
    format: VerdictFormat
    verdicts: tuple[RawVerdict, ...]
    warnings: tuple[ScoreWarning, ...] = ()

    @property
    def valid_count(self) -> int:
        return sum(1 for v in self.verdicts if v.verdict is not None)


def parse_verdicts(text: str) -> ParsedVerdicts | None:
    """The verdicts in ``text``, or ``None`` when it holds none in any known format.

    JSON is binding: once the text holds verdict-shaped JSON, its verdicts are the
    answer even when truncation left none complete. Falling back to text there could
    read a ``Verdict: yes`` out of a reason string and raise the score.
    """
    parsed = _parse_json(text)
    if parsed is not None:
        return parsed
    return _parse_text(text)


# ------------------------------------------------------------------------- JSON

_CANONICAL = {0: 0, 1: 1}
_COERCIBLE = {"1": 1, "0": 0, "yes": 1, "no": 0}


def _parse_json(text: str) -> ParsedVerdicts | None:
    for found in iter_json_values(text):
        items = _verdict_items(found.value)
        if items is None:
            continue
        warnings: set[ScoreWarning] = set()
        if found.repaired:
            warnings.add(ScoreWarning.REPAIRED_JSON)
        verdicts = tuple(_read_item(item, warnings) for item in items if id(item) not in found.incomplete)
        return ParsedVerdicts(VerdictFormat.JSON, verdicts, _ordered(warnings))
    return None


def _verdict_items(value: Any) -> list[Any] | None:
    """The RAGAS verdict list inside ``value``, searched breadth-first.

    Accepted shapes: ``{"statements": [item, ...]}`` (any key whose list holds items),
    a bare ``[item, ...]``, or a single ``item``; an item is an object with a
    ``verdict`` or a ``statement`` key (RAGAS writes ``statement`` first, so even an
    item cut off before its verdict marks the text as JSON verdicts). The search is
    iterative: nesting cannot exhaust the stack.
    """
    queue: deque[Any] = deque([value])
    while queue:
        node = queue.popleft()
        if isinstance(node, dict):
            if _is_item(node):
                return [node]
            queue.extend(node.values())
        elif isinstance(node, list):
            if any(_is_item(element) for element in node):
                return node
            queue.extend(node)
    return None


def _is_item(node: Any) -> bool:
    return isinstance(node, dict) and ("verdict" in node or "statement" in node)


def _read_item(item: Any, warnings: set[ScoreWarning]) -> RawVerdict:
    if not isinstance(item, dict):
        warnings.add(ScoreWarning.INVALID_VERDICT)
        return RawVerdict(None)
    statement = item.get("statement")
    reason = item.get("reason")
    statement = statement if isinstance(statement, str) else None
    reason = reason if isinstance(reason, str) else None
    raw = item.get("verdict")
    verdict: Literal[0, 1] | None
    if type(raw) is int and raw in _CANONICAL:
        verdict = 1 if raw == 1 else 0
    elif isinstance(raw, bool):
        verdict = 1 if raw else 0
        warnings.add(ScoreWarning.COERCED_VERDICT)
    elif isinstance(raw, str) and raw.strip().lower() in _COERCIBLE:
        verdict = 1 if _COERCIBLE[raw.strip().lower()] == 1 else 0
        warnings.add(ScoreWarning.COERCED_VERDICT)
    else:
        verdict = None
        warnings.add(ScoreWarning.INVALID_VERDICT)
    return RawVerdict(verdict, statement, reason)


# ------------------------------------------------------------------------- text

FINAL_HEADER = re.compile(r"final\s+verdicts?\s+for\s+each\s+statement\s+in\s+order")
# One verdict word after the header: separators, an optional enumeration ("1.", "(2)",
# "statement 3:"), separators, then yes or no as a whole word. Separators contain no
# letter or digit, so each part hands over to the next without ambiguity.
_SEP = r"[\s:*_.,;()\[\]#>|/\\-]*"
_FINAL_TOKEN = re.compile(_SEP + r"(?:(?:statement|claim)?\s?\d{1,4}" + _SEP + r")?\b(yes|no)\b")
_TRAILING = re.compile(_SEP + r"\Z")
# "Verdict: No", "**Verdict:** yes", "verdict:no", "VERDICT - YES" (any case, lowered first).
_MARKER = re.compile(r"verdict[\s*_]*(?:[:=\-][\s*_]*)?(yes|no)\b")


def _parse_text(text: str) -> ParsedVerdicts | None:
    lowered = text.lower()
    final, final_warnings = _final_line(lowered)
    markers: tuple[Literal[0, 1], ...] = tuple(1 if m.group(1) == "yes" else 0 for m in _MARKER.finditer(lowered))
    if final:
        warnings = set(final_warnings)
        if markers and markers != final:
            warnings.add(ScoreWarning.FINAL_LINE_DISAGREES)
        verdicts = tuple(RawVerdict(v) for v in final)
        return ParsedVerdicts(VerdictFormat.TEXT_FINAL_LINE, verdicts, _ordered(warnings))
    if markers:
        return ParsedVerdicts(VerdictFormat.TEXT_PER_STATEMENT, tuple(RawVerdict(v) for v in markers))
    return None


def _final_line(lowered: str) -> tuple[tuple[Literal[0, 1], ...], set[ScoreWarning]]:
    """The verdicts after the last final-verdict header that has any."""
    best: tuple[Literal[0, 1], ...] = ()
    warnings: set[ScoreWarning] = set()
    lines_with_verdicts = 0
    for header in FINAL_HEADER.finditer(lowered):
        verdicts: list[Literal[0, 1]] = []
        pos = header.end()
        while True:
            token = _FINAL_TOKEN.match(lowered, pos)
            if token is None:
                break
            verdicts.append(1 if token.group(1) == "yes" else 0)
            pos = token.end()
        if verdicts:
            lines_with_verdicts += 1
            best = tuple(verdicts)
            trailing = _TRAILING.match(lowered, pos) is None
            warnings = {ScoreWarning.TRAILING_TEXT} if trailing else set()
    if lines_with_verdicts > 1:
        warnings.add(ScoreWarning.MULTIPLE_FINAL_LINES)
    return best, warnings


def _ordered(warnings: set[ScoreWarning]) -> tuple[ScoreWarning, ...]:
    order = list(ScoreWarning)
    return tuple(sorted(warnings, key=order.index))


__all__ = ["FoundJson", "ParsedVerdicts", "RawVerdict", "parse_verdicts"]
