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
from compat.scoring.reader.json_answers import (
    Candidate,
    add_candidate,
    choose,
    echo_of,
    get_key,
    in_parts,
    is_whole,
    squeezed,
    squeezed_statements,
)
from compat.scoring.reader.json_items import NESTED_VERDICT_KEYS, VERDICT_KEYS, Values, verdict_items
from compat.scoring.reader.json_scan import FoundJson, first_strict_value_end, iter_json_values
from compat.scoring.reader.legend import legend_marks, partial_rule
from compat.scoring.reader.prepare import fold, prepare_folded, strip_reasoning
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
        doubt = doubt_over_the_whole(lowered, parsed.format, words, statements or ())
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


def _parse_json(text: str, statements: Sequence[str] | None, words: VerdictWords) -> ParsedVerdicts | None:
    values = words.values
    candidates: list[Candidate] = []
    spans: list[tuple[int, int]] = []  # where verdict-bearing JSON stands: the rest is text
    resume = 0
    # Well-formed output: its first JSON value holds the verdicts, nothing after it
    # could be JSON. One C decode, no scan. Otherwise the scan goes on after that value,
    # which is never decoded twice.
    first = first_strict_value_end(text)
    if first is not None:
        value, start, end = first
        found = verdict_items(value, is_whole(text, start, end), values)
        if found is not None and text.find("{", end) < 0 and text.find("[", end) < 0:
            items, values_only = found
            parsed = _read_items(items, values, repaired=False, values_only=values_only)
            return _checked_against_text(parsed, text, ((start, end),), statements, words)
        if found is not None:
            add_candidate(candidates, FoundJson(value, start, end, repaired=False), *found)
            spans.append((start, end))
        resume = end
    for json_value in islice(iter_json_values(text, resume), MAX_JSON_VALUES):
        if len(candidates) >= MAX_CANDIDATES:
            break
        found = verdict_items(json_value.value, is_whole(text, json_value.start, json_value.end), values)
        if found is not None:
            add_candidate(candidates, json_value, *found)
            spans.append((json_value.start, json_value.end))
    if not candidates:
        return None
    parts = in_parts(candidates, statements)
    chosen = parts or choose(candidates, statements)
    parsed = _read_items(chosen.items, values, repaired=chosen.repaired, values_only=chosen.values_only)
    if len(candidates) > 1 and parts is None:
        parsed = parsed._replace(warnings=ordered_warnings({*parsed.warnings, ScoreWarning.SUPERSEDED_VERDICTS}))
        other = _another_answer(candidates, chosen, parsed, values)
        if other is not None:
            return parsed._replace(
                unclear=f"it holds {other} answers of every statement that differ, none said to decide"
            )
    return _checked_against_text(parsed, text, spans, statements, words)


def _another_answer(
    candidates: list[Candidate], chosen: Candidate, parsed: ParsedVerdicts, values: Values
) -> int | None:
    """How many whole answers the JSON holds where, echoing no statement, another of the chosen one's
    length reads otherwise (runs of a judge, jurors): a first pick among them is a guess."""
    if any(echo_of(item) is not None for item in chosen.items):
        return None  # chosen by the statements it echoes
    alike = [other for other in candidates if len(other.items) == len(chosen.items)]
    read = (
        _read_items(other.items, values, repaired=other.repaired, values_only=other.values_only)
        for other in alike
        if other is not chosen
    )
    # Only answers that give verdicts: a tool's result echoing the statements gives none.
    return len(alike) if any(other.valid_count and other.values != parsed.values for other in read) else None


# Text around the JSON shorter than this holds no verdict per statement ("```json", "Here you go:").
_MIN_TEXT_AROUND = 8


def _echoes_each(parsed: ParsedVerdicts, statements: Sequence[str] | None) -> bool:
    """Whether the verdicts read echo call 1's statements, one each: then they say whose they are."""
    if not statements or parsed.statements is None or len(parsed.statements) != len(statements):
        return False
    echoed = {squeezed(echo) for echo in parsed.statements if echo is not None}
    return echoed == squeezed_statements(statements)


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
            statement = get_key(item, _STATEMENT_KEYS)
            reason = get_key(item, ("reason", "explanation"))
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
    raw = get_key(item, VERDICT_KEYS)
    if raw is None:
        nested = get_key(item, NESTED_VERDICT_KEYS)
        raw = get_key(nested, VERDICT_KEYS) if isinstance(nested, dict) else None
    if isinstance(raw, dict):
        inner = [value for value in (get_key(raw, ("value",)), get_key(raw, VERDICT_KEYS)) if value is not None]
        agree = len({_read_verdict(value, set(), words) for value in inner}) == 1
        return inner[0] if inner and agree else raw  # a dict left as it is reads as no verdict
    return raw


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
