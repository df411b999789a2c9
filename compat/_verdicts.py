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
from typing import Any, Literal, NamedTuple

from compat._jsonscan import iter_json_values
from compat._models import ScoreWarning, VerdictFormat, ordered_warnings

# No grader judges more statements than this in one output. Reading stops here, so a
# 10 MB run of "yes. no. " costs what its first verdicts cost. Verdicts beyond the
# last statement are ignored anyway; only the verdict_ratio policy could see a difference.
MAX_VERDICTS = 10_000


class RawVerdict(NamedTuple):
    """One verdict as the grader gave it. ``verdict`` is ``None`` when unreadable."""

    verdict: Literal[0, 1] | None
    statement: str | None = None
    reason: str | None = None


class ParsedVerdicts(NamedTuple):
    format: VerdictFormat
    verdicts: tuple[RawVerdict, ...]
    warnings: tuple[ScoreWarning, ...] = ()
    valid_count: int = 0  # verdicts that are readable (not None)


def parse_verdicts(text: str) -> ParsedVerdicts | None:
    """The verdicts in ``text``, or ``None`` when it holds none in any known format.

    JSON is binding: once the text holds verdict-shaped JSON, its verdicts are the
    answer even when truncation left none complete. Falling back to text there could
    read a ``Verdict: yes`` out of a reason string and raise the score.
    """
    if text[:1].isspace() or text[-1:].isspace():
        text = text.strip()  # a megabyte of padding should cost one pass, not one per reader
    parsed = _parse_json(text) if "{" in text or "[" in text else None
    if parsed is not None:
        return parsed
    return _parse_text(text)


# ------------------------------------------------------------------------- JSON

_COERCIBLE = {"1": 1, "0": 0, "yes": 1, "no": 0}


def _parse_json(text: str) -> ParsedVerdicts | None:
    for found in iter_json_values(text):
        items = _verdict_items(found.value)
        if items is None:
            continue
        warnings: set[ScoreWarning] = set()
        if found.repaired:
            warnings.add(ScoreWarning.REPAIRED_JSON)
        incomplete = found.incomplete
        if incomplete:
            items = [item for item in items if id(item) not in incomplete]
        items = items[:MAX_VERDICTS]
        verdicts = tuple([_read_item(item, warnings) for item in items])
        valid = len(verdicts) if ScoreWarning.INVALID_VERDICT not in warnings else _count_valid(verdicts)
        return ParsedVerdicts(VerdictFormat.JSON, verdicts, ordered_warnings(warnings), valid)
    return None


def _count_valid(verdicts: tuple[RawVerdict, ...]) -> int:
    return sum(1 for raw in verdicts if raw.verdict is not None)


def _verdict_items(value: Any) -> list[Any] | None:
    """The RAGAS verdict list inside ``value``, searched breadth-first.

    Accepted shapes: ``{"statements": [item, ...]}`` (any key whose list holds items),
    a bare ``[item, ...]``, or a single ``item``; an item is an object with a
    ``verdict`` or a ``statement`` key (RAGAS writes ``statement`` first, so even an
    item cut off before its verdict marks the text as JSON verdicts). The search is
    iterative: nesting cannot exhaust the stack.
    """
    if isinstance(value, dict):  # fast path: the RAGAS shape itself
        listed = value.get("statements")
        if isinstance(listed, list) and listed and _is_item(listed[0]):
            return listed
    elif isinstance(value, list) and value and _is_item(value[0]):
        return value
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
    if type(item) is not dict:
        warnings.add(ScoreWarning.INVALID_VERDICT)
        return RawVerdict(None)
    statement = item.get("statement")
    reason = item.get("reason")
    if type(statement) is not str:
        statement = None
    if type(reason) is not str:
        reason = None
    raw = item.get("verdict")
    verdict: Literal[0, 1] | None
    if type(raw) is int and (raw == 1 or raw == 0):  # bool is not int here: type() is exact
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

FINAL_HEADER = r"final\s+verdicts?\s+for\s+each\s+statement\s+in\s+order"
# One verdict word after the header: separators, an optional enumeration ("1.", "(2)",
# "statement 3:"), separators, then yes or no as a whole word. Separators contain no
# letter or digit, so each part hands over to the next without ambiguity.
_SEP = r"""[\s:*_.,;!?()\[\]#>|/\\"'“”‘’-]*"""
# yes/no as a whole word. The text's "_" are spaces by now (see _parse_text), so
# markdown's _Yes_ and __No__ read with a plain \b.
_YES_NO = r"\b(?:yes|no)\b"
_TOKEN = _SEP + r"(?:(?:statement|claim)?\s?\d{1,4}" + _SEP + r")?" + _YES_NO
# Only headers that a verdict follows: a header repeated a million times costs one scan.
_HEADER_WITH_VERDICT = re.compile(FINAL_HEADER + r"(?=" + _TOKEN + r")")
# Up to 256 tokens per match: one regex call per run instead of one per verdict, with
# backtracking state bounded by the repeat count.
_RUN_LENGTH = 256
_TOKEN_RUN = re.compile(r"(?:" + _TOKEN + r"){1," + str(_RUN_LENGTH) + "}")
_VERDICT_WORD = re.compile(_YES_NO)
_TRAILING = re.compile(_SEP + r"\Z")
# "Verdict: No", "**Verdict:** yes", "verdict:no", "VERDICT - YES" (any case, lowered first).
_MARKER = re.compile(r"verdict[\s*]*(?:[:=\-][\s*]*)?(yes|no)\b")
_WORD_VALUE: dict[str, Literal[0, 1]] = {"yes": 1, "no": 0}
# Text verdicts carry no statement or reason: two shared instances serve them all.
_TEXT_VERDICT = (RawVerdict(0), RawVerdict(1))


def _parse_text(text: str) -> ParsedVerdicts | None:
    # "_" is markdown emphasis in a verdict line, never part of a word we look for.
    lowered = text.lower()
    if "_" in lowered:
        lowered = lowered.replace("_", " ")
    final, final_warnings = _final_line(lowered)
    markers = tuple(map(_WORD_VALUE.__getitem__, _MARKER.findall(lowered)[:MAX_VERDICTS]))
    if final:
        warnings = set(final_warnings)
        if markers and markers != final:
            warnings.add(ScoreWarning.FINAL_LINE_DISAGREES)
        verdicts = tuple(map(_TEXT_VERDICT.__getitem__, final))
        return ParsedVerdicts(VerdictFormat.TEXT_FINAL_LINE, verdicts, ordered_warnings(warnings), len(verdicts))
    if markers:
        verdicts = tuple(map(_TEXT_VERDICT.__getitem__, markers))
        return ParsedVerdicts(VerdictFormat.TEXT_PER_STATEMENT, verdicts, (), len(verdicts))
    return None


def _final_line(lowered: str) -> tuple[tuple[Literal[0, 1], ...], set[ScoreWarning]]:
    """The verdicts after the last final-verdict header that has any."""
    best: tuple[Literal[0, 1], ...] = ()
    warnings: set[ScoreWarning] = set()
    lines_with_verdicts = 0
    for header in _HEADER_WITH_VERDICT.finditer(lowered):
        words: list[str] = []
        pos = header.end()
        while len(words) < MAX_VERDICTS and (run := _TOKEN_RUN.match(lowered, pos)) is not None:
            found = _VERDICT_WORD.findall(lowered, pos, run.end())
            words.extend(found)
            pos = run.end()
            if len(found) < _RUN_LENGTH:  # the run stopped short: nothing more follows
                break
        del words[MAX_VERDICTS:]
        lines_with_verdicts += 1
        best = tuple(map(_WORD_VALUE.__getitem__, words))
        at_rest = len(words) >= MAX_VERDICTS or _TRAILING.match(lowered, pos)
        warnings = set() if at_rest else {ScoreWarning.TRAILING_TEXT}
    if lines_with_verdicts > 1:
        warnings.add(ScoreWarning.MULTIPLE_FINAL_LINES)
    return best, warnings
