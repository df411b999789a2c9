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
from itertools import islice
from operator import itemgetter
from typing import Any, Literal, NamedTuple

from compat.scoring._jsonscan import first_strict_value, iter_json_values
from compat.scoring._score import ScoreWarning, VerdictFormat, ordered_warnings

# No grader judges more statements than this in one output. Reading stops here, so a
# 10 MB run of "yes. no. " costs what its first verdicts cost. Verdicts beyond the
# last statement are ignored anyway; only the verdict_ratio policy could see a difference.
MAX_VERDICTS = 10_000


class ParsedVerdicts(NamedTuple):
    """The verdicts of one grader output, in the grader's order, as parallel tuples.

    ``values[i]`` is 1, 0 or ``None`` (unreadable). ``statements`` and ``reasons`` are
    what the grader echoed with each verdict (JSON only; ``None`` for text verdicts,
    which carry neither).
    """

    format: VerdictFormat
    values: tuple[Literal[0, 1] | None, ...]
    statements: tuple[str | None, ...] | None = None
    reasons: tuple[str | None, ...] | None = None
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

_COERCIBLE: dict[str, Literal[0, 1]] = {"1": 1, "0": 0, "yes": 1, "no": 0}


def _parse_json(text: str) -> ParsedVerdicts | None:
    # Well-formed output: its first JSON value holds the verdicts. One C decode, no scan.
    first = first_strict_value(text)
    if first is not None:
        items = _verdict_items(first)
        if items is not None:
            return _read_items(items, repaired=False)
    for found in iter_json_values(text):
        items = _verdict_items(found.value)
        if items is None:
            continue
        incomplete = found.incomplete
        if incomplete:
            items = [item for item in items if id(item) not in incomplete]
        return _read_items(items, repaired=found.repaired)
    return None


_VERDICT_STATEMENT_REASON = itemgetter("verdict", "statement", "reason")


def _read_items(items: list[Any], *, repaired: bool) -> ParsedVerdicts:
    """The verdicts of a RAGAS verdict list.

    The usual list (objects with all three keys, ``verdict`` the integer 0 or 1,
    string statements and reasons) is read and checked as a whole by C-level calls;
    anything else is read item by item.
    """
    items = items[:MAX_VERDICTS]
    if items and set(map(type, items)) == {dict}:
        try:
            values, statements, reasons = zip(*map(_VERDICT_STATEMENT_REASON, items), strict=True)
        except KeyError:
            pass  # an item lacks a key
        else:
            if (
                set(map(type, values)) == {int}
                and values.count(0) + values.count(1) == len(values)
                and set(map(type, statements)) == {str}
                and set(map(type, reasons)) == {str}
            ):
                warnings = (ScoreWarning.REPAIRED_JSON,) if repaired else ()
                return ParsedVerdicts(VerdictFormat.JSON, values, statements, reasons, warnings, len(values))
    return _read_items_one_by_one(items, repaired=repaired)


def _read_items_one_by_one(items: list[Any], *, repaired: bool) -> ParsedVerdicts:
    """Any list at all: what is unreadable becomes ``None``, with a warning that says why."""
    warnings: set[ScoreWarning] = {ScoreWarning.REPAIRED_JSON} if repaired else set()
    values: list[Literal[0, 1] | None] = []
    statements: list[str | None] = []
    reasons: list[str | None] = []
    for item in items:
        is_object = type(item) is dict
        values.append(_read_verdict(item.get("verdict"), warnings) if is_object else _invalid(warnings))
        statement = item.get("statement") if is_object else None
        reason = item.get("reason") if is_object else None
        statements.append(statement if type(statement) is str else None)
        reasons.append(reason if type(reason) is str else None)
    valid = len(values) - values.count(None)
    return ParsedVerdicts(
        VerdictFormat.JSON, tuple(values), tuple(statements), tuple(reasons), ordered_warnings(warnings), valid
    )


def _read_verdict(raw: Any, warnings: set[ScoreWarning]) -> Literal[0, 1] | None:
    """One item's ``verdict`` value: 0, 1 or ``None`` (unreadable), noting what was odd."""
    if type(raw) is int and (raw == 1 or raw == 0):  # bool is not int here: type() is exact
        return 1 if raw == 1 else 0
    if isinstance(raw, bool):
        warnings.add(ScoreWarning.COERCED_VERDICT)
        return 1 if raw else 0
    coerced = _COERCIBLE.get(raw.strip().lower()) if isinstance(raw, str) else None
    if coerced is not None:
        warnings.add(ScoreWarning.COERCED_VERDICT)
        return coerced
    return _invalid(warnings)


def _invalid(warnings: set[ScoreWarning]) -> Literal[0, 1] | None:
    warnings.add(ScoreWarning.INVALID_VERDICT)
    return None


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
# Up to 256 tokens per match: one regex call per run instead of one per verdict, with
# backtracking state bounded by the repeat count.
_RUN_LENGTH = 256
_RUN = r"(?:" + _TOKEN + r"){1," + str(_RUN_LENGTH) + "}"
_TOKEN_RUN = re.compile(_RUN)
# A header and the run of verdicts after it, in one match. Only headers that a verdict
# follows match: a header repeated a million times costs one scan. The lookahead turns
# such a header away before the bounded repeat is set up, which is most of its cost.
_HEADER_AND_RUN = re.compile(FINAL_HEADER + "(?=" + _TOKEN + ")(" + _RUN + ")")
# Inside a matched run, "yes" and "no" occur only as the verdict words (separators hold no
# letters; "statement" and "claim" contain neither), so a plain alternation reads them,
# twice as fast as the bounded word pattern.
_VERDICT_WORD = re.compile(r"yes|no")
_TRAILING = re.compile(_SEP + r"\Z")
# "Verdict: No", "**Verdict:** yes", "verdict:no", "VERDICT - YES" (any case, lowered first).
_MARKER = re.compile(r"verdict[\s*]*(?:[:=\-][\s*]*)?(yes|no)\b")
_WORD_VALUE: dict[str, Literal[0, 1]] = {"yes": 1, "no": 0}


_SCAN_PIECE = 1 << 18  # characters: a lowered piece stays in the CPU's caches while it is searched


def _mentions_a_verdict(text: str) -> bool:
    """Whether the lowered text holds "final" or "verdict", without lowering it whole.

    For a text of megabytes, lowering and searching it piece by piece keeps every pass
    in the caches: one read of the text from memory instead of five. Pieces overlap by
    more than a word's length; lowering a piece gives the same letters as lowering the
    whole (only Greek final sigma depends on context, and no word here holds one).
    """
    overlap = len("verdict")
    for start in range(0, len(text), _SCAN_PIECE):
        piece = text[start : start + _SCAN_PIECE + overlap].lower()
        if "verdict" in piece or "final" in piece:
            return True
    return False


def _parse_text(text: str) -> ParsedVerdicts | None:
    if len(text) > _SCAN_PIECE and not _mentions_a_verdict(text):
        return None  # megabytes with no verdict in them: the common adversarial case
    # "_" is markdown emphasis in a verdict line, never part of a word we look for.
    lowered = text.lower()
    if "_" in lowered:
        lowered = lowered.replace("_", " ")
    # The substring tests are C-speed and spare a regex pass over most outputs.
    final, warnings = _final_line(lowered) if "final" in lowered else ((), set())
    found = _markers(lowered) if "verdict" in lowered else ()
    markers = tuple(map(_WORD_VALUE.__getitem__, found))
    if final:
        if markers and markers != final:
            warnings.add(ScoreWarning.FINAL_LINE_DISAGREES)
        return ParsedVerdicts(VerdictFormat.TEXT_FINAL_LINE, final, None, None, ordered_warnings(warnings), len(final))
    if markers:
        return ParsedVerdicts(VerdictFormat.TEXT_PER_STATEMENT, markers, None, None, (), len(markers))
    return None


_FINDALL_UP_TO = 64 * 1024  # below this, findall's C loop beats stopping early


def _markers(lowered: str) -> list[str]:
    """The words of the first ``MAX_VERDICTS`` ``Verdict:`` markers."""
    if len(lowered) <= _FINDALL_UP_TO:
        return _MARKER.findall(lowered)[:MAX_VERDICTS]
    # A megabyte of "Verdict: No." holds ~80,000 markers: stop reading at the cap.
    return [marker.group(1) for marker in islice(_MARKER.finditer(lowered), MAX_VERDICTS)]


def _final_line(lowered: str) -> tuple[tuple[Literal[0, 1], ...], set[ScoreWarning]]:
    """The verdicts after the last final-verdict header that has any."""
    best: tuple[Literal[0, 1], ...] = ()
    trailing = False
    lines_with_verdicts = 0
    for header in _HEADER_AND_RUN.finditer(lowered):
        pos = header.end()
        words = _VERDICT_WORD.findall(lowered, header.start(1), pos)  # one word per token
        # A run as long as the regex allows may go on: read it run by run.
        while len(words) % _RUN_LENGTH == 0 and len(words) < MAX_VERDICTS:
            run = _TOKEN_RUN.match(lowered, pos)
            if run is None:
                break
            words.extend(_VERDICT_WORD.findall(lowered, pos, run.end()))
            pos = run.end()
        del words[MAX_VERDICTS:]
        lines_with_verdicts += 1
        best = tuple(map(_WORD_VALUE.__getitem__, words))
        trailing = len(words) < MAX_VERDICTS and _TRAILING.match(lowered, pos) is None
    warnings = {ScoreWarning.TRAILING_TEXT} if trailing else set()
    if lines_with_verdicts > 1:
        warnings.add(ScoreWarning.MULTIPLE_FINAL_LINES)
    return best, warnings
