"""Reading verdicts out of a grader's verdict output (call 2).

JSON first, text second (the fixed scorer's contract, rules 2 and 3). The result is
a ``ParsedVerdicts``: the verdicts in the grader's order, each with the statement
text the grader echoed (JSON only), and what was odd about them. Pairing verdicts
with statements is the scorer's job, not this module's. Where a JSON value holds its
verdicts is found by ``json_items``; text is read by ``text_verdicts``.

Every pattern here is linear: each quantified part is followed by something it
cannot match, so a regex never retries a position it has passed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice
from operator import itemgetter
from typing import Any, Literal, NamedTuple

from compat.scoring._score import ScoreWarning, VerdictFormat, ordered_warnings
from compat.scoring.reader.batches import batch_reply
from compat.scoring.reader.collective import first_reference
from compat.scoring.reader.degrees import numbers_inverted, numbers_rate
from compat.scoring.reader.doubts import doubt_over_the_whole
from compat.scoring.reader.envelope import message_answer
from compat.scoring.reader.json_items import NESTED_VERDICT_KEYS, VERDICT_KEYS, Values, verdict_items
from compat.scoring.reader.json_scan import FoundJson, first_strict_value_end, iter_json_values
from compat.scoring.reader.legend import legend_marks, partial_rule
from compat.scoring.reader.prepare import fold, prepare_folded, strip_reasoning, without_list_mark
from compat.scoring.reader.scan import candidate_starts
from compat.scoring.reader.second_readings import CHECKED_CHARS
from compat.scoring.reader.shown import shown_string
from compat.scoring.reader.streams import streamed_reply
from compat.scoring.reader.tally import stated_tally
from compat.scoring.reader.text_verdicts import read_text
from compat.scoring.reader.verdict_words import BUILT_IN, MAX_VERDICTS, VerdictWords, with_marks
from compat.scoring.reader.words import WORD_VALUES, read_word

__all__ = ["MAX_VERDICTS", "ParsedVerdicts", "parse_verdicts"]


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
    unclear: str | None = None  # the text reads two ways: what each says (the scorer says undetermined)

    @classmethod
    def build(
        cls,
        *,
        format: VerdictFormat,  # noqa: A002 - the field's name
        values: tuple[Literal[0, 1] | None, ...],
        statements: tuple[str | None, ...] | None = None,
        reasons: tuple[str | None, ...] | None = None,
        warnings: tuple[ScoreWarning, ...] = (),
        valid_count: int = 0,
        unclear: str | None = None,
    ) -> ParsedVerdicts:
        """Built by keyword at a positional call's cost: calling the class with keywords packs
        them into a dict (twice the instructions, once a case on the hot path)."""
        return tuple.__new__(cls, (format, values, statements, reasons, warnings, valid_count, unclear))


def parse_verdicts(
    text: str, statements: Sequence[str] | None = None, words: VerdictWords = BUILT_IN
) -> ParsedVerdicts | None:
    """The verdicts in ``text``, or ``None`` when it holds none in any known format.

    ``statements`` (call 1's, when known) help choose between several answers (an
    echoed few-shot example and the real one) and keep a statement's own text from
    being read as a verdict. Reasoning drafts (``<think>…</think>``) are never read.
    ``words``: the verdict words in force (``verdict_words``: the built-in ones and a
    vocabulary's).

    JSON is binding: once the text holds verdict-shaped JSON, its verdicts are the
    answer even when truncation left none complete. Falling back to text there could
    read a ``Verdict: yes`` out of a reason string and raise the score.
    """
    streamed = streamed_reply(text)  # "data: {...delta...}" lines: the reply they carry, joined
    text = text if streamed is None else streamed
    shown = shown_string(text)  # "'1. No\\n2. Yes'": the string a notebook or a log displays
    text = text if shown is None else shown
    message = message_answer(text)  # a stored reply: its answer, its reasoning set aside
    text, reasoning = strip_reasoning(text if message is None else message.answer)
    reasoning = reasoning or (message is not None and message.reasoning_set_aside)
    if text[:1].isspace() or text[-1:].isspace():
        text = text.strip()  # a megabyte of padding should cost one pass, not one per reader
    batch = batch_reply(text)
    if batch is not None and batch.part is not None:
        text = batch.part  # the part the reply keys by this case's name, as the pipeline's note names it
    parsed = _parse_json(text, statements, words) if "{" in text or "[" in text else None
    if parsed is None:
        parsed = _parse_text(text, statements, words)
    if (
        parsed is not None
        and batch is not None
        and batch.part is None
        and parsed.unclear is None
        and not _echoes_each(parsed, statements)
    ):
        # Other cases' verdicts stand beside this case's, and which are whose is not said.
        parsed = parsed._replace(
            unclear=f'it answers several cases at once ("{batch.evidence}"), and which part is this case\'s is not said'
        )
    lowered = text.lower() if parsed is not None and parsed.unclear is None and parsed.valid_count else ""
    if lowered and parsed is not None:
        doubt = doubt_over_the_whole(lowered, parsed.format)
        parsed = parsed if doubt is None else parsed._replace(unclear=doubt)
    if parsed is not None and reasoning:
        warnings = set(parsed.warnings) | {ScoreWarning.REASONING_IGNORED}
        parsed = parsed._replace(warnings=ordered_warnings(warnings))
    return parsed


# ------------------------------------------------------------------------- JSON

# At most this many separate verdict-bearing JSON values are compared (an echoed
# few-shot example, drafts, the answer); one object per line merges into one.
MAX_CANDIDATES = 64
# At most this many JSON values are read from one output: verdicts come in one value, or
# one per line (at most MAX_VERDICTS). Past them, a run of citations is not worth a look.
MAX_JSON_VALUES = MAX_VERDICTS + 256


class _Candidate(NamedTuple):
    items: list[Any]
    repaired: bool
    single: bool  # one item object on its own (JSON lines merge these)
    values_only: bool  # words or numbers, not item objects


def _parse_json(text: str, statements: Sequence[str] | None, words: VerdictWords) -> ParsedVerdicts | None:
    values = words.values
    candidates: list[_Candidate] = []
    spans: list[tuple[int, int]] = []  # where verdict-bearing JSON stands: the rest is text
    resume = 0
    # Well-formed output: its first JSON value holds the verdicts, nothing after it
    # could be JSON. One C decode, no scan. Otherwise the scan goes on after that value,
    # which is never decoded twice.
    first = first_strict_value_end(text)
    if first is not None:
        value, start, end = first
        found = verdict_items(value, _is_whole(text, start, end), values)
        if found is not None and text.find("{", end) < 0 and text.find("[", end) < 0:
            items, values_only = found
            parsed = _read_items(items, values, repaired=False, values_only=values_only)
            return _checked_against_text(parsed, text, ((start, end),), statements, words)
        if found is not None:
            _add_candidate(candidates, FoundJson(value, start, end, repaired=False), *found)
            spans.append((start, end))
        resume = end
    for json_value in islice(iter_json_values(text, resume), MAX_JSON_VALUES):
        if len(candidates) >= MAX_CANDIDATES:
            break
        found = verdict_items(json_value.value, _is_whole(text, json_value.start, json_value.end), values)
        if found is not None:
            _add_candidate(candidates, json_value, *found)
            spans.append((json_value.start, json_value.end))
    if not candidates:
        return None
    in_parts = _in_parts(candidates, statements)
    chosen = in_parts or _choose(candidates, statements)
    parsed = _read_items(chosen.items, values, repaired=chosen.repaired, values_only=chosen.values_only)
    if len(candidates) > 1 and in_parts is None:
        parsed = parsed._replace(warnings=ordered_warnings({*parsed.warnings, ScoreWarning.SUPERSEDED_VERDICTS}))
    return _checked_against_text(parsed, text, spans, statements, words)


# Text around the JSON shorter than this holds no verdict per statement ("```json", "Here you go:").
_MIN_TEXT_AROUND = 8


def _echoes_each(parsed: ParsedVerdicts, statements: Sequence[str] | None) -> bool:
    """Whether the verdicts read echo call 1's statements, one each: then they say whose they are."""
    if not statements or parsed.statements is None or len(parsed.statements) != len(statements):
        return False
    echoed = {_squeezed(echo) for echo in parsed.statements if echo is not None}
    return echoed == _wanted(statements)


def _checked_against_text(
    parsed: ParsedVerdicts,
    text: str,
    spans: Sequence[tuple[int, int]],
    statements: Sequence[str] | None,
    words: VerdictWords,
) -> ParsedVerdicts:
    """The JSON's verdicts, unclear where the text around them judges every statement otherwise,
    or counts the supported ones otherwise ("In total, 5 out of 9 statements are supported")."""
    disagreement = (
        _read_in_part(text, parsed, statements)
        or _text_disagrees(text, spans, parsed, statements, words)
        or _count_disagrees(text, spans, parsed, statements)
    )
    return parsed if disagreement is None else parsed._replace(unclear=disagreement)


# A verdict field as JSON or a Python repr writes it: "supported": 1, 'verdict': 'no', "Label" :
# (inside an escaped JSON string too: a tool call's arguments, \"supported\": true).
_VERDICT_FIELD = re.compile(r"[\"'](?:" + "|".join(map(re.escape, VERDICT_KEYS)) + r")\\?[\"'][ \t]*:", re.IGNORECASE)


def _read_in_part(text: str, parsed: ParsedVerdicts, statements: Sequence[str] | None) -> str | None:
    """Where fewer verdicts were read than there are statements while more verdict fields stand in
    the output (one tool call per statement, of which one was read), or the grader speaks of several
    statements at once ("support for every claim"), what is unclear: a partial read, which the
    fewer-verdicts policy must not turn into a number."""
    if not statements or len(parsed.values) >= len(statements):
        return None
    fields = sum(1 for _ in islice(_VERDICT_FIELD.finditer(text), len(parsed.values) + 1))
    read = f"only {len(parsed.values)} verdicts were read for {len(statements)} statements"
    if fields > len(parsed.values):
        return f"{read}, and more verdict fields stand in it unread"
    together = first_reference(
        text[:CHECKED_CHARS].lower(), positions=False
    )  # "support for every claim": one verdict for all
    return None if together is None else f'{read}, and the grader speaks of several statements at once ("{together}")'


def _count_disagrees(
    text: str, spans: Sequence[tuple[int, int]], parsed: ParsedVerdicts, statements: Sequence[str] | None
) -> str | None:
    if len(text) - sum(end - start for start, end in spans) < _MIN_TEXT_AROUND or not any(
        telltale in text for telltale in (" of ", "/")
    ):
        return None  # no room for a count beside the JSON, or no count's telltale
    around = fold("\n".join(text[start:end] for start, end in _between(spans, len(text))))
    tally = stated_tally(around)
    expected = len(statements) if statements else len(parsed.values)
    supported = parsed.values.count(1)
    if tally is None or tally.statements != expected or tally.supported == supported:
        return None
    return (
        f"the JSON reads {supported} of {expected} statements supported, "
        f"but the grader counts {tally.supported} of {tally.statements}"
    )


def _between(spans: Sequence[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    """The stretches of a text of ``length`` outside ``spans`` (sorted, possibly nested)."""
    outside: list[tuple[int, int]] = []
    last = 0
    for start, end in spans:
        if start >= last:
            outside.append((last, start))
            last = end
    outside.append((last, length))
    return outside


def _text_disagrees(
    text: str,
    spans: Sequence[tuple[int, int]],
    parsed: ParsedVerdicts,
    statements: Sequence[str] | None,
    words: VerdictWords,
) -> str | None:
    """What the text around the JSON says, where it judges every statement otherwise.

    A grader that writes its verdicts twice, once per statement in prose or markers and once as
    JSON, and writes them differently, has not said which it means: reading the JSON alone would
    be a confident number over a coin toss. Only a complete text reading counts: a preamble, a
    reason or a partial draft judges nothing.
    """
    if not parsed.values or None in parsed.values:
        return None  # nothing complete to disagree with
    if len(text) - sum(end - start for start, end in spans) < _MIN_TEXT_AROUND:
        return None  # the JSON is the whole answer (a code fence at most around it): one pass saved
    around = "\n".join(text[start:end] for start, end in _between(spans, len(text)))
    if len(around.strip()) < _MIN_TEXT_AROUND:
        return None
    if len(candidate_starts(around.lower(), words.starts, len(parsed.values))) < len(parsed.values):
        return None  # fewer places a verdict word may stand than statements: no complete reading
    read = _parse_text(around, statements, words)
    if read is None or read.unclear is not None or None in read.values:
        return None
    if len(read.values) != len(parsed.values) or read.values == parsed.values:
        return None
    return f"the JSON reads {_listed(parsed.values)}, but the text around it reads {_listed(read.values)}"


def _listed(values: Sequence[Literal[0, 1] | None]) -> str:
    return ", ".join("yes" if value == 1 else "no" for value in values)


def _add_candidate(candidates: list[_Candidate], found: FoundJson, items: list[Any], values_only: bool) -> None:
    candidate = _candidate(found, items, values_only)
    last = candidates[-1] if candidates else None
    if candidate.single and last is not None and last.single and not _judged_again(last.items, candidate.items[0]):
        last.items.extend(candidate.items)  # JSON lines: one item object a line (prose may stand between)
        candidates[-1] = last._replace(repaired=last.repaired or candidate.repaired)
    else:
        candidates.append(candidate)


def _candidate(found: FoundJson, items: list[Any], values_only: bool) -> _Candidate:
    if found.incomplete:
        # An item cut off after its verdict keeps it: the grader gave that verdict, and a token limit
        # stopped it in the reason that follows. One cut off before its verdict is dropped.
        items = [item for item in items if id(item) not in found.incomplete or _verdict_given(item, found.cut)]
    # One item, on its own or as the one item of its value (a tool call's arguments): JSON lines merge these.
    single = type(found.value) is dict and len(items) == 1 and type(items[0]) is dict
    return _Candidate(items, found.repaired, single, values_only)


def _verdict_given(item: Any, cut: tuple[int, str] | None) -> bool:
    """Whether a half-written item holds a whole verdict (a value the text did not end on)."""
    return type(item) is dict and any(
        isinstance(key, str) and key.lower() in VERDICT_KEYS and value is not None and (id(item), key) != cut
        for key, value in item.items()
    )


def _judged_again(items: list[Any], item: Any) -> bool:
    """Whether ``item`` echoes a statement one of ``items`` already judged: a second answer (a
    draft corrected), not the next line of one."""
    echo = _echo(item)
    return echo is not None and any(_echo(earlier) == echo for earlier in items)


def _is_whole(text: str, start: int, end: int) -> bool:
    """Whether the JSON value is all the text holds, but for a code fence around it."""
    before = text[max(0, start - 16) : start].strip()
    if start > 16 or before not in ("", "```", "```json"):
        return False
    return len(text) - end <= 8 and text[end:].strip() in ("", "```")


_SQUEEZE = re.compile(r"[\W_]+")


def _wanted(statements: Sequence[str]) -> set[str]:
    """Call 1's statements as an echo of them is compared: its lines may keep their list marks
    ("1. The store opens at 9."); an echo does not."""
    return {_squeezed(without_list_mark(statement)) for statement in statements}


def _squeezed(text: str) -> str:
    return _SQUEEZE.sub("", text.casefold())


def _in_parts(candidates: list[_Candidate], statements: Sequence[str] | None) -> _Candidate | None:
    """The answer given in parts (the statements sent in chunks, one reply each; a reply cut off and
    continued; pages of results): where the values that judge call 1's statements echo them, item by
    item, each statement once across them all and in call 1's order, their items joined. A draft
    and its correction judge the same statements twice, and are chosen between (``_choose``)."""
    if not statements or len(candidates) < 2:
        return None
    order = [_squeezed(without_list_mark(statement)) for statement in statements]
    wanted = set(order)
    parts = [
        candidate
        for candidate in candidates
        if _judges(candidate)
        and any(echo is not None and _squeezed(echo) in wanted for echo in map(_part_echo, candidate.items))
    ]
    items = [item for part in parts for item in part.items]
    echoes = [_part_echo(item) for item in items]
    if len(parts) < 2 or len(wanted) != len(order) or any(echo is None for echo in echoes):
        return None
    if [_squeezed(echo) for echo in echoes if echo is not None] != order:
        return None
    return _Candidate(items, any(part.repaired for part in parts), False, False)


def _judges(candidate: _Candidate) -> bool:
    """Whether ``candidate``'s items stand under a verdict's name, given or left null (a part whose
    statements were all undecided is a part)."""
    return any(type(item) is dict and any(str(key).lower() in VERDICT_KEYS for key in item) for item in candidate.items)


def _part_echo(item: Any) -> str | None:
    """The statement an item of a part echoes: under ``statement`` or ``claim``, or its ``text`` (a
    results page's rows)."""
    echo = _echo(item)
    if echo is None and type(item) is dict and type(item.get("text")) is str:
        return str(item["text"])
    return echo


def _choose(candidates: list[_Candidate], statements: Sequence[str] | None) -> _Candidate:
    """The answer among several verdict values.

    The one whose echoed statements match call 1's most (the last on a tie: a grader's
    final answer follows its drafts); else, of those that echo no foreign statement (an
    echoed few-shot example judges statements that are not the case's), the one with a
    verdict for each statement where only one has, else the first.
    """
    if len(candidates) == 1:
        return candidates[0]
    wanted = _wanted(statements or ())
    best: _Candidate | None = None
    best_hits = 0
    neutral: list[_Candidate] = []
    for candidate in candidates:
        echoes = [_echo(item) for item in candidate.items]
        echoed = [echo for echo in echoes if echo is not None]
        hits = sum(_squeezed(echo) in wanted for echo in echoed)
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


def _gives_verdicts(candidate: _Candidate) -> bool:
    """Whether any item of ``candidate`` holds a verdict (a tool's result echoes statements, and judges none)."""
    return candidate.values_only or any(
        type(item) is dict and (_get(item, VERDICT_KEYS) is not None or _get(item, NESTED_VERDICT_KEYS) is not None)
        for item in candidate.items
    )


def _echo(item: Any) -> str | None:
    if type(item) is not dict:
        return None
    statement = _get(item, ("statement", "claim"))
    return statement if type(statement) is str else None


_VERDICT_STATEMENT_REASON = itemgetter("verdict", "statement", "reason")


def _read_items(
    items: list[Any], words: Values = WORD_VALUES, *, repaired: bool, values_only: bool = False
) -> ParsedVerdicts:
    """The verdicts of a verdict list.

    The usual RAGAS list (objects with all three keys, ``verdict`` the integer 0 or 1,
    string statements and reasons) is read and checked as a whole by C-level calls;
    anything else is read item by item.
    """
    items = items[:MAX_VERDICTS]
    if items and not values_only and set(map(type, items)) == {dict}:
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
                return ParsedVerdicts.build(
                    format=VerdictFormat.JSON,
                    values=values,
                    statements=statements,
                    reasons=reasons,
                    warnings=warnings,
                    valid_count=len(values),
                )
    return _read_items_one_by_one(items, words, repaired=repaired, values_only=values_only)


def _read_items_one_by_one(
    items: list[Any], words: Values = WORD_VALUES, *, repaired: bool, values_only: bool = False
) -> ParsedVerdicts:
    """Any list at all: what is unreadable becomes ``None``, with a warning that says why."""
    warnings: set[ScoreWarning] = {ScoreWarning.REPAIRED_JSON} if repaired else set()
    values: list[Literal[0, 1] | None] = []
    statements: list[str | None] = []
    reasons: list[str | None] = []
    for item in items:
        if type(item) is dict:
            values.append(_read_verdict(_verdict_of(item, words), warnings, words))
            statement = _get(item, _STATEMENT_KEYS)
            reason = _get(item, ("reason", "explanation"))
        else:
            values.append(_read_verdict(item, warnings, words) if values_only else _invalid(warnings))
            statement = reason = None
        statements.append(statement if type(statement) is str else None)
        reasons.append(reason if type(reason) is str else None)
    valid = len(values) - values.count(None)
    verdict_format = VerdictFormat.JSON_LIST if values_only else VerdictFormat.JSON
    return ParsedVerdicts.build(
        format=verdict_format,
        values=tuple(values),
        statements=tuple(statements),
        reasons=tuple(reasons),
        warnings=ordered_warnings(warnings),
        valid_count=valid,
    )


_STATEMENT_KEYS = ("statement", "claim", "afirmación", "afirmacion", "afirmação", "afirmacao", "aussage", "affirmation")


def _verdict_of(item: dict[Any, Any], words: Values) -> Any:
    """The item's verdict: under a verdict key, or one level down in an object that holds one
    (``"result": {"supported": true}``; ``"verdict": {"value": 1, "label": "supported"}``, whose
    value and label must say the same, or it is no verdict)."""
    raw = _get(item, VERDICT_KEYS)
    if raw is None:
        nested = _get(item, NESTED_VERDICT_KEYS)
        raw = _get(nested, VERDICT_KEYS) if isinstance(nested, dict) else None
    if isinstance(raw, dict):
        inner = [value for value in (_get(raw, ("value",)), _get(raw, VERDICT_KEYS)) if value is not None]
        agree = len({_read_verdict(value, set(), words) for value in inner}) == 1
        return inner[0] if inner and agree else raw  # a dict left as it is reads as no verdict
    return raw


def _get(item: dict[Any, Any], keys: tuple[str, ...]) -> Any:
    """The value of the first of ``keys`` in ``item``, keys compared case-insensitively."""
    for key in keys:
        if key in item:
            return item[key]
    lowered = {key.strip().lower(): value for key, value in item.items() if isinstance(key, str)}
    for key in keys:
        if key in lowered:
            return lowered[key]
    return None


def _read_verdict(raw: Any, warnings: set[ScoreWarning], words: Values) -> Literal[0, 1] | None:
    """One verdict value: 0, 1 or ``None`` (unreadable), noting what was odd."""
    if type(raw) is int and (raw == 1 or raw == 0):  # bool is not int here: type() is exact
        return 1 if raw == 1 else 0
    if isinstance(raw, bool):
        warnings.add(ScoreWarning.COERCED_VERDICT)
        return 1 if raw else 0
    if type(raw) is float and (raw == 1.0 or raw == 0.0):
        warnings.add(ScoreWarning.COERCED_VERDICT)
        return 1 if raw == 1.0 else 0
    if isinstance(raw, str):
        readable, value = read_word(raw, words)
        if readable:
            warnings.add(ScoreWarning.COERCED_VERDICT)
            return value
    return _invalid(warnings)


def _invalid(warnings: set[ScoreWarning]) -> Literal[0, 1] | None:
    warnings.add(ScoreWarning.INVALID_VERDICT)
    return None


# ------------------------------------------------------------------------- text

_TEXT_FORMATS = {
    "final_line": VerdictFormat.TEXT_FINAL_LINE,
    "markers": VerdictFormat.TEXT_PER_STATEMENT,
    "table": VerdictFormat.TEXT_TABLE,
    "list": VerdictFormat.TEXT_LIST,
    "grouped": VerdictFormat.TEXT_GROUPED,
    "prose": VerdictFormat.TEXT_PROSE,
}


def _parse_text(text: str, statements: Sequence[str] | None, words: VerdictWords = BUILT_IN) -> ParsedVerdicts | None:
    lowered = fold(text)  # once, for the legend and the readers
    marks = {**legend_marks(lowered), **partial_rule(lowered)}
    if marks:
        words = with_marks(words, marks)
    read = read_text(prepare_folded(lowered, statements, words), len(statements) if statements else None, words)
    if read is None:
        return None
    if read.by_numbers and read.unclear is None and (rating := numbers_rate(lowered)) is not None:
        # Read before the legends are blanked: "Scale: 1 = not supported at all, ..., 5 = fully supported".
        read = read._replace(unclear=f"its 1s and 0s are points of the grader's scale ({rating}), not verdicts")
    if read.by_numbers and read.unclear is None and (inverted := numbers_inverted(lowered)) is not None:
        read = read._replace(unclear=f"its 1s and 0s say the other way round from verdicts ({inverted})")
    values = read.values
    warnings = ordered_warnings({ScoreWarning(warning) for warning in read.warnings})
    valid = len(values) - values.count(None)
    return ParsedVerdicts.build(
        format=_TEXT_FORMATS[read.source], values=values, warnings=warnings, valid_count=valid, unclear=read.unclear
    )
