"""The three fix plans of the seed documents as scorers, each exactly as its code reads.

``plan-minimal`` (seed 000), ``plan-parser`` (seed 002), ``plan-ragas-port`` (seed 001):
their own bugs and fallbacks included (neutral 0.5 scores, "unable to parse: every
verdict 0", refusal lists, truncation to the shorter list). They are not candidates
to ship; they exist so the harness can show what each plan would have done. Every
choice made where a plan is silent or not valid TypeScript is in docs/scoring-plans.md.

Where a plan builds on the existing promptfoo code it gets the legacy semantics
(``_legacy``, ``_jsnum``). Where it calls ``JSON.parse`` it gets ``JSON.parse``: the
whole text, strict, numbers as doubles, and deep nesting parsed (V8 does) without
recursion here.

A value the plan put where there was nothing to score is *invented*: ``invented(score)``
says which kind, from the reason, which names it in the plan's own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any, Literal

from compat.cases import Case
from compat.scoring._jsnum import JS_WHITESPACE, js_trim
from compat.scoring._legacy import FINAL_VERDICT_HEADER, VERDICT_NO_MARKER, legacy_reason
from compat.scoring._score import Score, Scorer, Status, Verdict, VerdictFormat, passes

MINIMAL = "plan-minimal"
PARSER = "plan-parser"
RAGAS_PORT = "plan-ragas-port"

# The reasons the plans return, verbatim.
NO_OUTPUT = "No output"  # the existing promptfoo code's early return, kept by every plan
MINIMAL_NO_STATEMENTS = "No statements found for faithfulness calculation"
REFUSED = "LLM refused to provide faithfulness verdicts"
NO_STATEMENTS_GENERATED = "No statements generated for faithfulness calculation"
PARSER_NO_VERDICTS = "No faithfulness verdicts provided"
PARSER_CALCULATION_ERROR = "Faithfulness calculation error"  # unreachable: see _score_parser
PORT_STATEMENT_ERROR = "Faithfulness calculation error: Statement generation failed"
PORT_VERDICT_ERROR = "Faithfulness calculation error: Verdict evaluation failed"
PORT_NO_VERDICTS = "No verdicts provided"
PORT_INVALID_SCORE = "Invalid score calculation"  # unreachable: see _score_ragas_port
# What two plans only log when they put a fixed number in place of verdicts. Their
# returned reason is the ordinary one, so the log line is appended to make it visible.
MINIMAL_NO_VERDICTS_LOG = "Faithfulness calculation: No verdicts found in LLM response"
PORT_UNPARSED_LOG = "Unable to parse verdict format, returning neutral verdicts"

# The plans' header test is case-sensitive on the raw output (the legacy one lower-cases first).
RAW_FINAL_HEADER = "Final verdict for each statement in order:"

MINIMAL_REFUSAL_PATTERNS = ("i cannot", "i apologize", "i am unable", "no verdicts", "cannot determine")
PARSER_REFUSAL_PATTERNS = (
    "i cannot",
    "i apologize",
    "i am unable",
    "insufficient information",
    "not enough context",
    "cannot determine",
    "no verdicts",
    "refuse to answer",
    "against my policy",
)

# Score.verdicts lists at most this many (memory on a 10 MB output); the score counts them all.
MAX_LISTED_VERDICTS = 10_000


class Invention(str, Enum):
    """How a plan made up a value where there was nothing to score."""

    NEUTRAL = "neutral"  # the plans' "neutral" 0.5: passes wherever the threshold is at most 0.5
    ZERO = "zero"  # a fixed 0, or a ratio over verdicts the plan made up (all 0)


# reason -> kind, per plan. Ordinary reasons ("Faithfulness 0.50 is >= 0.5") never equal these.
_INVENTED_REASONS: dict[str, dict[str, Invention]] = {
    MINIMAL: {NO_OUTPUT: Invention.ZERO, MINIMAL_NO_STATEMENTS: Invention.ZERO, REFUSED: Invention.ZERO},
    PARSER: {
        NO_OUTPUT: Invention.ZERO,
        NO_STATEMENTS_GENERATED: Invention.ZERO,
        REFUSED: Invention.ZERO,
        PARSER_NO_VERDICTS: Invention.NEUTRAL,
        PARSER_CALCULATION_ERROR: Invention.NEUTRAL,
    },
    RAGAS_PORT: {
        PORT_STATEMENT_ERROR: Invention.NEUTRAL,
        PORT_VERDICT_ERROR: Invention.NEUTRAL,
        NO_STATEMENTS_GENERATED: Invention.ZERO,
        PORT_NO_VERDICTS: Invention.ZERO,
        PORT_INVALID_SCORE: Invention.NEUTRAL,
    },
}
_INVENTED_LOGS: dict[str, str] = {MINIMAL: MINIMAL_NO_VERDICTS_LOG, RAGAS_PORT: PORT_UNPARSED_LOG}


def _with_log(reason: str, log: str) -> str:
    return f"{reason} [logged: {log}]"


def invented(score: Score) -> Invention | None:
    """The kind of made-up value a plan scorer returned, or ``None`` (also for other scorers)."""
    kind = _INVENTED_REASONS.get(score.scorer, {}).get(score.reason)
    if kind is not None:
        return kind
    log = _INVENTED_LOGS.get(score.scorer)
    return Invention.ZERO if log is not None and score.reason.endswith(f" [logged: {log}]") else None


def is_invented(score: Score) -> bool:
    """Whether a plan scorer put a fixed value (0.5 or 0) where there was nothing to score."""
    return invented(score) is not None


# ------------------------------------------------------------------ JSON.parse


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # Python accepts NaN and Infinity; JSON.parse does not


# Strict (no control characters in strings); every number a double, as in JavaScript.
_JS_DECODER = json.JSONDecoder(parse_int=float, parse_constant=_reject_constant)
_FAILED: tuple[bool, Any] = (False, None)


def js_json_parse(text: str) -> tuple[bool, Any]:
    """``JSON.parse(text)``: ``(True, value)``, or ``(False, None)`` where it throws.

    The C decoder reads anything not nested deeper than Python's recursion limit; V8
    parses deeper nesting too (node 20: a million levels), so that goes to
    ``_parse_iteratively``.
    """
    try:
        return True, _JS_DECODER.decode(text)
    except RecursionError:
        return _FAILED if _never_json(text) else _parse_iteratively(text)
    except ValueError:
        return _FAILED


# Containers deeper than this come back empty from the iterative parser. No plan reads
# below parsed.statements[i].verdict (depth 3); building a million levels would cost gigabytes.
BUILD_DEPTH = 8
_WS = "[ \t\n\r]*"  # JSON's whitespace, the only kind JSON.parse skips
# One token, after whitespace. Runs of "[" or "]" are one token: deep nesting costs one match.
# Each repeated part starts with a character the part before it cannot match: no backtracking.
_TOKEN = re.compile(
    _WS + r"(?:(?P<open>\[(?:" + _WS + r"\[)*|\{)"
    r"|(?P<close>\](?:" + _WS + r"\])*|\})"
    r"|(?P<punct>[,:])"
    r'|(?P<string>"[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*")'
    r"|(?P<number>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<word>true|false|null))"
)
_WORDS: dict[str, Any] = {"true": True, "false": False, "null": None}
# Parser states: what may come next.
_VALUE, _VALUE_OR_CLOSE, _KEY_OR_CLOSE, _KEY, _COLON, _AFTER, _DONE = range(7)
_ARRAY, _OBJECT = ord("["), ord("{")


# Outside strings, valid JSON never has: "{" before anything but a key or "}"; ":" or ","
# before a closer, a ":" or ","; "[" before "}", ":" or ","; unbalanced brackets. Checked
# at C speed, this turns away deep garbage ('{"a":' a million times) before the loop below.
_STRING_LITERAL = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NEVER_IN_JSON = re.compile(r'\{[ \t\n\r]*[^"} \t\n\r]|[:,][ \t\n\r]*(?:[\]},:]|\Z)|\[[ \t\n\r]*[},:]')


def _never_json(text: str) -> bool:
    """True where ``text`` cannot be JSON (never wrong the other way: it may pass garbage)."""
    bare = _STRING_LITERAL.sub('""', text)
    return (
        bare.count("[") != bare.count("]")
        or bare.count("{") != bare.count("}")
        or _NEVER_IN_JSON.search(bare) is not None
    )


def _parse_iteratively(text: str) -> tuple[bool, Any]:
    """JSON.parse's grammar with an explicit stack: linear, whatever the nesting."""
    kinds = bytearray()  # the open containers, outermost first
    built: list[Any] = []  # the first BUILD_DEPTH of them
    keys: list[str] = []  # each built container's pending key (objects)
    root: Any = None
    state = _VALUE
    pos = 0

    def attach(value: Any) -> None:
        parent = built[-1]
        if type(parent) is list:
            parent.append(value)
        else:
            parent[keys[-1]] = value

    while (token := _TOKEN.match(text, pos)) is not None:
        pos = token.end()
        kind = token.lastgroup
        piece = token.group(kind or 0)
        if state == _DONE:
            return _FAILED  # anything after the value
        if kind == "open":
            if state not in (_VALUE, _VALUE_OR_CLOSE):
                return _FAILED
            opener = _OBJECT if piece == "{" else _ARRAY
            count = 1 if opener == _OBJECT else piece.count("[")
            one_by_one = min(count, max(0, BUILD_DEPTH - len(kinds)) + 1)
            for _ in range(one_by_one):  # at most BUILD_DEPTH + 1 containers are made
                container: Any = {} if opener == _OBJECT else []
                if not kinds:
                    root = container
                elif len(built) == len(kinds):  # the parent is built
                    attach(container)
                if len(kinds) < BUILD_DEPTH:
                    built.append(container)
                    keys.append("")
                kinds.append(opener)
            kinds.extend(bytes([opener]) * (count - one_by_one))
            state = _KEY_OR_CLOSE if opener == _OBJECT else _VALUE_OR_CLOSE
        elif kind == "close":
            closer = _OBJECT if piece == "}" else _ARRAY
            count = 1 if closer == _OBJECT else piece.count("]")
            allowed = _KEY_OR_CLOSE if closer == _OBJECT else _VALUE_OR_CLOSE
            depth = len(kinds)
            if state not in (_AFTER, allowed) or depth < count or kinds.count(closer, depth - count) != count:
                return _FAILED
            del kinds[depth - count :]
            del built[len(kinds) :], keys[len(kinds) :]
            state = _AFTER if kinds else _DONE
        elif kind == "punct":
            if piece == ",":
                if state != _AFTER:
                    return _FAILED
                state = _VALUE if kinds[-1] == _ARRAY else _KEY
            elif state != _COLON:
                return _FAILED
            else:
                state = _VALUE
        elif kind == "string" and state in (_KEY, _KEY_OR_CLOSE):
            if len(built) == len(kinds):
                keys[-1] = _string(piece)
            state = _COLON
        elif state in (_VALUE, _VALUE_OR_CLOSE):
            value = _string(piece) if kind == "string" else float(piece) if kind == "number" else _WORDS[piece]
            if not kinds:
                root, state = value, _DONE
                continue
            if len(built) == len(kinds):
                attach(value)
            state = _AFTER
        else:
            return _FAILED
    if state != _DONE or text[pos:].strip(" \t\n\r"):
        return _FAILED
    return True, root


def _string(literal: str) -> str:
    """A JSON string literal's value; only escapes need the decoder (they may be lone surrogates)."""
    return literal[1:-1] if "\\" not in literal else str(json.loads(literal))


def _is_js_one(value: Any) -> bool:
    """``value === 1``: the number 1 (``1``, ``1.0``, ``1e0``), never ``true`` or ``"1"``."""
    return type(value) is float and value == 1.0


def _reason_of(item: dict[str, Any]) -> str:
    """``v.reason || 'No reason provided'``, as text (a non-text reason is shown as the default)."""
    reason = item.get("reason")
    return reason if isinstance(reason, str) and reason else "No reason provided"


# ------------------------------------------------------------------ shared pieces


def _split_into_sentences(text: str) -> list[str]:
    """promptfoo's ``splitIntoSentences``: pieces of ``split('\\n')`` that are not blank, untrimmed."""
    return [piece for piece in text.split("\n") if piece.strip(JS_WHITESPACE)]


def _call_one_statements(case: Case) -> list[str] | None:
    """The existing code's statements; ``None`` where call 1 returned nothing (``No output``).

    A ``statements`` list stands in for call 1 only without ``statements_output``, blank
    entries dropped, as for the legacy arm.
    """
    if case.statements_output is not None:
        return _split_into_sentences(case.statements_output) if case.statements_output else None
    if case.statements is None:  # a case whose texts are all in its per-arm recordings
        return None
    return [statement for statement in case.statements if statement.strip(JS_WHITESPACE)]


_CHUNK = 1 << 16


def _dot_pieces(text: str) -> Iterator[str]:
    """``text.split('.')``, lazily: a 10 MB verdict tail never holds millions of pieces at once."""
    start = 0
    while (end := text.find(".", start + _CHUNK)) >= 0:
        yield from text[start:end].split(".")
        start = end + 1
    yield from text[start:].split(".")


class _Parsed:
    """Verdicts as a plan parsed them: 1/0 values, listed ``Verdict``s (capped), format."""

    __slots__ = ("format", "listed", "values")

    def __init__(self, verdict_format: VerdictFormat | None) -> None:
        self.values: list[Literal[0, 1]] = []
        self.listed: list[Verdict] = []
        self.format = verdict_format

    def add(self, verdict: Literal[0, 1], statement: str, reason: str) -> None:
        self.values.append(verdict)
        if len(self.listed) < MAX_LISTED_VERDICTS:
            self.listed.append(Verdict(statement, verdict, reason))


def _plan_score(
    name: str,
    case: Case,
    value: float,
    reason: str,
    *,
    passed: bool = False,
    verdict_format: VerdictFormat | None = None,
    verdicts: tuple[Verdict, ...] = (),
    statement_count: int = 0,
) -> Score:
    return Score(
        name, value, Status.SCORED, passed, case.threshold, reason, None, verdict_format, verdicts, (), statement_count
    )


def _ratio_score(
    name: str,
    case: Case,
    faithful: int,
    total: int,
    parsed: _Parsed,
    verdicts: tuple[Verdict, ...],
    statement_count: int,
    log: str | None = None,
) -> Score:
    """``score = faithful / total`` with the existing pass rule and reason (``Number.EPSILON``, ``toFixed(2)``)."""
    value = faithful / total
    passed = passes(value, case.threshold)
    reason = legacy_reason(value, case.threshold, passed)
    return _plan_score(
        name,
        case,
        value,
        _with_log(reason, log) if log else reason,
        passed=passed,
        verdict_format=parsed.format,
        verdicts=verdicts,
        statement_count=statement_count,
    )


# ------------------------------------------------------------------ plan-minimal (seed 000)


def _score_minimal(case: Case) -> Score:
    statements = _call_one_statements(case)
    if statements is None:
        return _plan_score(MINIMAL, case, 0.0, NO_OUTPUT)
    n = len(statements)
    if n == 0:  # "Validate we have statements to work with", right after they are split
        return _plan_score(MINIMAL, case, 0.0, MINIMAL_NO_STATEMENTS)
    if case.grader_output == "":
        return _plan_score(MINIMAL, case, 0.0, NO_OUTPUT, statement_count=n)
    verdicts = js_trim(case.grader_output.lower())
    log = None
    at = verdicts.find(FINAL_VERDICT_HEADER)
    if at >= 0:
        tail = verdicts[at + len(FINAL_VERDICT_HEADER) :]
        no_count = sum(1 for answer in _dot_pieces(tail) if "yes" not in answer and js_trim(answer))
        score = no_count / n
        verdict_format: VerdictFormat | None = VerdictFormat.TEXT_FINAL_LINE
    elif VERDICT_NO_MARKER in verdicts:
        score = verdicts.count(VERDICT_NO_MARKER) / n
        verdict_format = VerdictFormat.TEXT_PER_STATEMENT
    else:
        if any(pattern in verdicts for pattern in MINIMAL_REFUSAL_PATTERNS):
            return _plan_score(MINIMAL, case, 0.0, REFUSED, statement_count=n)
        score = 1.0  # "Maximum penalty for no verdicts": every "Verdict: Yes" output lands here too
        verdict_format = None
        log = MINIMAL_NO_VERDICTS_LOG
    score = max(0.0, min(1.0, score))  # the clamp before inversion; the one after never fires
    value = 1 - score
    passed = passes(value, case.threshold)
    reason = legacy_reason(value, case.threshold, passed)
    return _plan_score(
        MINIMAL,
        case,
        value,
        _with_log(reason, log) if log else reason,
        passed=passed,
        verdict_format=verdict_format,
        statement_count=n,
    )


# ------------------------------------------------------------------ plan-parser (seed 002)


def _parse_verdicts_parser(text: str, limit: int) -> _Parsed:
    """Seed 002's ``parseVerdicts``: a bare JSON array first, then ``parseLegacyVerdictFormat``.

    Only the first ``limit`` verdicts are kept: ``calculateFaithfulness`` truncates to
    the shorter list, so later ones cannot matter (and nothing else reads their count
    beyond "none at all").
    """
    ok, parsed = js_json_parse(text)
    if (
        ok
        and type(parsed) is list
        and parsed
        and type(parsed[0]) is dict
        and "verdict" in parsed[0]  # parsed[0].verdict !== undefined
        and None not in parsed  # v.statement on null throws inside the try: text parsing takes over
    ):
        result = _Parsed(VerdictFormat.JSON)
        for item in parsed[:limit]:
            is_object = type(item) is dict
            statement = item.get("statement") if is_object else None
            result.add(
                1 if is_object and _is_js_one(item.get("verdict")) else 0,
                statement if isinstance(statement, str) else "",
                _reason_of(item) if is_object else "No reason provided",
            )
        return result
    return _parse_legacy_parser(text, limit)


def _parse_legacy_parser(text: str, limit: int) -> _Parsed:
    """Seed 002's ``parseLegacyVerdictFormat``: the raw (case-sensitive) header, refusals, then markers."""
    at = text.find(RAW_FINAL_HEADER)
    if at >= 0:
        result = _Parsed(VerdictFormat.TEXT_FINAL_LINE)
        for piece in _dot_pieces(text[at + len(RAW_FINAL_HEADER) :]):
            trimmed = js_trim(piece)
            if trimmed:
                result.add(1 if trimmed.lower() == "yes" else 0, f"Statement {len(result.values) + 1}", _LEGACY_REASON)
                if len(result.values) >= limit:
                    break
        return result
    if _is_refusal_parser(text):
        return _Parsed(None)
    return _parse_individual_verdict_patterns(text, limit)


_LEGACY_REASON = "Legacy format - no detailed reason"
# The per-statement marker the existing code counts ("verdict: no"), and its "yes" twin.
_INDIVIDUAL_VERDICT = re.compile(r"verdict: (yes|no)")


def _parse_individual_verdict_patterns(text: str, limit: int) -> _Parsed:
    """Seed 002 names ``parseIndividualVerdictPatterns`` and leaves it unwritten.

    Read literally: each ``verdict: yes`` / ``verdict: no`` in the lower-cased text, in
    order, as substrings (the existing code's ``verdict: no`` count, with its ``yes``
    counterpart); statements and reasons as its sibling ``parseLegacyVerdictFormat`` names them.
    """
    result = _Parsed(VerdictFormat.TEXT_PER_STATEMENT)
    for match in _INDIVIDUAL_VERDICT.finditer(text.lower()):
        if len(result.values) >= limit:
            break
        result.add(1 if match.group(1) == "yes" else 0, f"Statement {len(result.values) + 1}", _LEGACY_REASON)
    return result


def _is_refusal_parser(text: str) -> bool:
    """Seed 002's ``isRefusalResponse``: any pattern in the whole lower-cased text."""
    lowered = text.lower()
    return any(pattern in lowered for pattern in PARSER_REFUSAL_PATTERNS)


def _score_parser(case: Case) -> Score:
    statements = _call_one_statements(case)  # "Keep existing statement generation (splitIntoSentences)"
    if statements is None or case.grader_output == "":
        return _plan_score(PARSER, case, 0.0, NO_OUTPUT, statement_count=len(statements or ()))
    n = len(statements)
    if n == 0:  # checked inside calculateFaithfulness, after call 2
        return _plan_score(PARSER, case, 0.0, NO_STATEMENTS_GENERATED)
    parsed = _parse_verdicts_parser(case.grader_output, n)
    if not parsed.values:
        if _is_refusal_parser(case.grader_output):
            return _plan_score(PARSER, case, 0.0, REFUSED, statement_count=n)
        # pass: false even though 0.5 >= 0.5: the plan hard-codes it
        return _plan_score(PARSER, case, 0.5, PARSER_NO_VERDICTS, statement_count=n)
    # "Use minimum count": parsing already stopped at n, so the list is the truncated one.
    # Both counts are >= 1 here, so the ratio is in [0, 1] and the plan's final
    # validation (0.5, PARSER_CALCULATION_ERROR) can never fire.
    listed = tuple(
        Verdict(statement, verdict.verdict, verdict.reason)
        for statement, verdict in zip(statements, parsed.listed, strict=False)
    )
    return _ratio_score(PARSER, case, parsed.values.count(1), len(parsed.values), parsed, listed, n)


# ------------------------------------------------------------------ plan-ragas-port (seed 001)


def _generate_statements(output: str) -> list[Any]:
    """Seed 001's ``generateStatements`` after its call: ``{"statements": [...]}`` as is, else split.

    The JSON list is returned untouched (numbers, ``null``, empty strings all count).
    """
    ok, parsed = js_json_parse(output)
    if ok and type(parsed) is dict and type(parsed.get("statements")) is list:
        statements: list[Any] = parsed["statements"]
        return statements
    return _split_into_sentences(output)  # not JSON, null (a TypeError inside the try), or another shape


def _statement_text(statements: list[Any], index: int) -> str:
    """``statements[index] || `Statement ${index + 1}```, as text."""
    statement = statements[index] if index < len(statements) else None
    return statement if isinstance(statement, str) and statement else f"Statement {index + 1}"


def _evaluate_verdicts(text: str, statements: list[Any]) -> tuple[_Parsed, str | None]:
    """Seed 001's ``evaluateVerdicts`` after its call; the log line when it made verdicts up."""
    ok, parsed = js_json_parse(text)
    if ok and type(parsed) is dict and type(parsed.get("statements")) is list and None not in parsed["statements"]:
        result = _Parsed(VerdictFormat.JSON)
        for item in parsed["statements"]:
            is_object = type(item) is dict
            statement = item.get("statement") if is_object else None
            result.add(
                1 if is_object and _is_js_one(item.get("verdict")) else 0,
                statement if isinstance(statement, str) else "",
                _reason_of(item) if is_object else "No reason provided",
            )
        return result, None
    # parseLegacyVerdictFormat(text, statements)
    at = text.find(RAW_FINAL_HEADER)
    if at >= 0:
        result = _Parsed(VerdictFormat.TEXT_FINAL_LINE)
        for piece in _dot_pieces(text[at + len(RAW_FINAL_HEADER) :]):
            trimmed = js_trim(piece)
            if trimmed:
                index = len(result.values)
                verdict: Literal[0, 1] = 1 if trimmed.lower() == "yes" else 0
                result.add(verdict, _statement_text(statements, index), "Legacy format - parsed from text")
        return result, None
    result = _Parsed(None)
    for index in range(len(statements)):
        result.add(0, _statement_text(statements, index), "Unable to determine faithfulness")
    return result, PORT_UNPARSED_LOG


def _score_ragas_port(case: Case) -> Score:
    # Step 1, generateStatements. An empty call 1 throws; calculate's catch returns 0.5.
    if case.statements_output is not None:
        if case.statements_output == "":
            return _plan_score(RAGAS_PORT, case, 0.5, PORT_STATEMENT_ERROR)
        statements = _generate_statements(case.statements_output)
    else:
        statements = list(_call_one_statements(case) or ())
    n = len(statements)
    if n == 0:
        return _plan_score(RAGAS_PORT, case, 0.0, NO_STATEMENTS_GENERATED)
    # Step 2, evaluateVerdicts. An empty call 2 throws the same way.
    if case.grader_output == "":
        return _plan_score(RAGAS_PORT, case, 0.5, PORT_VERDICT_ERROR, statement_count=n)
    parsed, log = _evaluate_verdicts(case.grader_output, statements)
    # Step 3, calculateFaithfulnessScore: faithful / verdicts returned, no reconciling with n.
    if not parsed.values:
        return _plan_score(RAGAS_PORT, case, 0.0, PORT_NO_VERDICTS, verdict_format=parsed.format, statement_count=n)
    # total >= 1, so the 0.5 "Invalid score calculation" branch cannot fire; and its
    # `score >= threshold` (no epsilon) only fills an error field that calculate ignores.
    return _ratio_score(
        RAGAS_PORT, case, parsed.values.count(1), len(parsed.values), parsed, tuple(parsed.listed), n, log
    )


# ------------------------------------------------------------------ scorers


class PlanMinimalScorer:
    """Seed 000: legacy counting with validation, a refusal list, a clamp, worst case for no verdicts."""

    name = MINIMAL

    def score(self, case: Case) -> Score:
        return _score_minimal(case)


class PlanParserScorer:
    """Seed 002: a bare JSON array or legacy text, refusals 0, no verdicts 0.5, truncation to the shorter list."""

    name = PARSER

    def score(self, case: Case) -> Score:
        return _score_parser(case)


class PlanRagasPortScorer:
    """Seed 001: RAGAS JSON or legacy text; unparseable means every verdict 0; errors 0.5."""

    name = RAGAS_PORT

    def score(self, case: Case) -> Score:
        return _score_ragas_port(case)


# name -> factory taking no arguments; registered by compat.scoring._registry.
SCORERS: dict[str, Callable[[], Scorer]] = {
    MINIMAL: PlanMinimalScorer,
    PARSER: PlanParserScorer,
    RAGAS_PORT: PlanRagasPortScorer,
}
