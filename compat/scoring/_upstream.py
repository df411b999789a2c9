"""Published upstream versions as scorers: later promptfoo generations and the ragas library.

``promptfoo-0.120.27``, ``promptfoo-0.121.19``, ``promptfoo-0.123.1``: score, pass, reason and
grader-error flag as that npm release's ``matchesContextFaithfulness`` gives them for the same two
grader outputs. ``ragas-0.4.3``: the value the ragas library's ``Faithfulness`` metric returns (NaN
included) when its grader answers with the two outputs, and ``Status.ERROR`` where it raises.
Every detail was read from the published code and checked against it (docs/scoring-upstream.md).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from compat.cases import Case
from compat.scoring._jsnum import js_divide, js_number_to_string, js_to_fixed_2, js_trim
from compat.scoring._score import Cause, Score, Scorer, Status, VerdictFormat, passes
from compat.scoring._statements import legacy_statement_count

# ---------------------------------------------------------------------------------------------- promptfoo

_HEADER = "final verdict for each statement in order:"
# JavaScript's /\b(?:yes|no)\b/ without the u flag: \b is an ASCII word boundary.
_YES_NO_WORD = re.compile(r"\b(?:yes|no)\b", re.ASCII)
_NO_STATEMENTS = "Could not extract context-faithfulness statements"
_NO_VERDICTS = "Could not parse context-faithfulness verdicts"


class Generation(Enum):
    """The three later scoring generations; each release named is the one the port was checked against."""

    CLAMPED = "0.120.27"  # 0.120.27 - 0.121.18: 0 without statements or verdicts, else clamped
    MISSING_UNSUPPORTED = "0.121.19"  # 0.121.19 - 0.123.0: and a statement without a verdict is unsupported
    GRADER_ERROR = "0.123.1"  # 0.123.1: no statements or unparseable verdicts are grader errors


class PromptfooScorer:
    """promptfoo's context-faithfulness matcher of one published release."""

    __slots__ = ("generation", "name")

    def __init__(self, generation: Generation) -> None:
        self.generation = generation
        self.name = "promptfoo-" + generation.value

    def score(self, case: Case) -> Score:
        strict = self.generation is Generation.GRADER_ERROR
        count = legacy_statement_count(case)  # call 1 split on "\n", blank pieces dropped; None: empty
        if count is None:
            return self._fail(case, "No output", error=strict, count=0)
        if strict and count == 0:  # 0.123.1 stops before asking for verdicts
            return self._fail(case, _NO_STATEMENTS, error=True, count=0)
        if case.grader_output == "":
            return self._fail(case, "No output", error=strict, count=count)
        value, verdict_format = self._value(count, js_trim(case.grader_output.lower()))
        if value is None:
            return self._fail(case, _NO_VERDICTS, error=True, count=count, verdict_format=verdict_format)
        passed = passes(value, case.threshold)
        relation = " is >= " if passed else " is < "
        reason = "Faithfulness " + js_to_fixed_2(value) + relation + js_number_to_string(case.threshold)
        return Score(
            scorer=self.name,
            value=value,
            status=Status.SCORED,
            passed=passed,
            threshold=case.threshold,
            reason=reason,
            format=verdict_format,
            statement_count=count,
        )

    def _value(self, n: int, text: str) -> tuple[float | None, VerdictFormat | None]:
        """The clamped score, or ``None`` where 0.123.1 flags unparseable verdicts."""
        if n == 0:  # only the two older generations get here: score stays 0
            return 0.0, None
        at = text.find(_HEADER)
        if at >= 0:
            verdict_format = VerdictFormat.TEXT_FINAL_LINE
            pieces = [piece for piece in text[at + len(_HEADER) :].split(".") if js_trim(piece) != ""]
            if self.generation is Generation.GRADER_ERROR and not all(map(_YES_NO_WORD.search, pieces)):
                return None, verdict_format
            if not pieces:
                return (None if self.generation is Generation.GRADER_ERROR else 0.0), verdict_format
            bad = sum(1 for piece in pieces if "yes" not in piece)
            unsupported = bad if self.generation is Generation.CLAMPED else bad + max(0, n - len(pieces))
        else:
            verdict_format = VerdictFormat.TEXT_PER_STATEMENT
            no, yes = text.count("verdict: no"), text.count("verdict: yes")
            if no + yes == 0:
                return (None if self.generation is Generation.GRADER_ERROR else 0.0), verdict_format
            unsupported = no if self.generation is Generation.CLAMPED else no + max(0, n - no - yes)
        return min(1.0, max(0.0, 1 - js_divide(unsupported, n))), verdict_format

    def _fail(
        self, case: Case, reason: str, *, error: bool, count: int, verdict_format: VerdictFormat | None = None
    ) -> Score:
        """promptfoo's ``fail`` (an ordinary failing result) or ``graderFail`` (flagged ``graderError``)."""
        return Score(
            scorer=self.name,
            value=0.0,
            status=Status.ERROR if error else Status.SCORED,
            passed=False,
            threshold=case.threshold,
            reason=reason,
            format=verdict_format,
            statement_count=count,
        )


# ---------------------------------------------------------------------------------------------- ragas
#
# ragas 0.4.3 reads each grader answer as: ragas.prompt.utils.extract_json, then langchain-core's
# PydanticOutputParser (str.strip, parse_json_markdown, parse_partial_json, json.loads with
# strict=False), then pydantic validation of its output model. On a failed parse it asks the
# grader to fix the output; our scripted grader repeats its answer (it cannot fix it), so the
# retries end in an exception unless the answer is {"text": ...} holding a parseable answer.


class _Statements(BaseModel):  # ragas StatementGeneratorOutput
    statements: list[str]


class _Verdict(BaseModel):  # ragas StatementFaithfulnessAnswer
    statement: str
    reason: str
    verdict: int


class _Verdicts(BaseModel):  # ragas NLIStatementOutput
    statements: list[_Verdict]


class _FixedOutput(BaseModel):  # ragas StringIO: what the fix-the-format prompt returns
    text: str


_M = TypeVar("_M", bound=BaseModel)


class _Raised(Exception):
    """What ragas would raise: the parse failed after its retries, or json raised something else."""


class _ParseFailed(_Raised):
    """langchain's OutputParserException: ragas retries on it."""


class _DecodeError(Exception):
    """json.JSONDecodeError: parse_json_markdown and parse_partial_json catch it."""


# json.loads raises RecursionError (not JSONDecodeError) past the interpreter's recursion limit;
# ragas meets it at ~970 levels, depending on its call stack. We call json.loads only on values
# this shallow, and treat deeper nesting as the raise it is upstream (see the docs for the band).
MAX_JSON_DEPTH = 500
_MAX_INT_DIGITS = 4300  # Python's int-from-string limit: json.loads raises ValueError beyond it
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_STRING_RUN = re.compile(r'[^"\\]*')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_LITERALS = {"t": "true", "f": "false", "n": "null", "N": "NaN", "I": "Infinity"}
_JSON_WS = " \t\n\r"
_CLOSER = {"[": "]", "{": "}"}

# Scanner modes: what the JSON grammar expects next.
_VALUE, _ARRAY_FIRST, _OBJECT_FIRST, _KEY, _COLON, _AFTER = range(6)


@dataclass(frozen=True, slots=True)
class _Scan:
    best: int  # the longest prefix that ``target``'s closers complete to one JSON document (0: none)
    fatal: bool  # json.loads raises something other than JSONDecodeError before its first error


def _scan(text: str, target: Sequence[str]) -> _Scan:
    """One linear pass of a JSON recogniser (Python's json, strict=False) with an explicit stack.

    For every prefix it knows whether appending the closers of ``target`` (a stack of ``]``/``}``,
    outermost first) yields valid JSON: the prefix must end after a value or just inside an
    empty container, with exactly ``target`` open. It stops at the first syntax error, which is
    where json.loads stops too, so a too-deep container or a too-long integer before that point is
    what json.loads would raise on.
    """
    stack: list[str] = []
    matched = 0  # length of the common prefix of stack and target
    want = len(target)
    mode = _VALUE
    best = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in _JSON_WS and mode != _AFTER:
            i += 1  # whitespace: the mode stays, and so does closability
        elif mode == _AFTER:
            if c in _JSON_WS:
                i += 1
            elif c == "," and stack:
                mode = _KEY if stack[-1] == "}" else _VALUE
                i += 1
            elif stack and c == stack[-1]:
                stack.pop()
                matched = min(matched, len(stack))
                i += 1
            else:
                break  # extra data, or a wrong delimiter
        elif mode == _COLON:
            if c != ":":
                break
            mode, i = _VALUE, i + 1
            continue  # a value must follow: never closable here
        elif c == '"' and mode in (_KEY, _OBJECT_FIRST):
            end = _string_end(text, i)
            if end is None:
                return _Scan(best, False)
            mode, i = _COLON, end
            continue
        elif (c == "]" and mode == _ARRAY_FIRST) or (c == "}" and mode == _OBJECT_FIRST):
            stack.pop()
            matched = min(matched, len(stack))
            mode, i = _AFTER, i + 1
        elif mode in (_KEY, _OBJECT_FIRST):
            break
        elif c in _CLOSER:
            if len(stack) >= MAX_JSON_DEPTH:
                return _Scan(best, True)  # RecursionError
            if matched == len(stack) and matched < want and target[matched] == _CLOSER[c]:
                matched += 1
            stack.append(_CLOSER[c])
            mode, i = (_ARRAY_FIRST if c == "[" else _OBJECT_FIRST), i + 1
        elif c == '"':
            end = _string_end(text, i)
            if end is None:
                return _Scan(best, False)
            mode, i = _AFTER, end
        elif c == "-" or "0" <= c <= "9":
            if text.startswith("-Infinity", i):
                mode, i = _AFTER, i + 9
            else:
                number = _NUMBER.match(text, i)
                if number is None:
                    break
                digits = number.end() - i - (c == "-")
                if number.group(1) is None and number.group(2) is None and digits > _MAX_INT_DIGITS:
                    return _Scan(best, True)  # ValueError: int string conversion limit
                mode, i = _AFTER, number.end()
        elif c in _LITERALS:
            word = _LITERALS[c]
            if not text.startswith(word, i):
                break
            mode, i = _AFTER, i + len(word)
        else:
            break
        if mode in (_AFTER, _ARRAY_FIRST, _OBJECT_FIRST) and len(stack) == matched == want:
            best = i
    return _Scan(best, False)


def _string_end(text: str, start: int) -> int | None:
    """The index after the string starting at ``start``; ``None`` if it is cut off or malformed."""
    i = start + 1
    n = len(text)
    while True:
        i = _STRING_RUN.match(text, i).end()  # type: ignore[union-attr]  # [^"\\]* always matches
        if i >= n:
            return None
        if text[i] == '"':
            return i + 1
        escape = text[i + 1 : i + 2]
        if escape == "u":
            if _HEX4.fullmatch(text, i + 2, i + 6) is None:
                return None
            i += 6
        elif escape and escape in '"\\/bfnrt':
            i += 2
        else:
            return None


def _loads(text: str) -> Any:
    """``json.loads(text, strict=False)`` on a text ``_scan`` found valid and shallow."""
    try:
        return json.loads(text, strict=False)
    except RecursionError as error:  # only if the caller's own stack is already deep
        raise _Raised("RecursionError") from error


_STRING_SPECIAL = re.compile(r'["\n\\]')
_OUTSIDE_SPECIAL = re.compile(r'["{}\[\]]')


def _parse_partial_json(s: str) -> Any:
    """langchain-core's ``parse_partial_json(s)``: may return None; raises _DecodeError or _Raised.

    Upstream retries json.loads on ever shorter prefixes (quadratic); ``_scan`` finds the prefix
    that loop stops at in one pass.
    """
    whole = _scan(s, ())
    if whole.fatal:
        raise _Raised("json.loads raised")
    if whole.best == len(s) and s:
        return _loads(s)
    chars, closers = _close_partial(s)
    if chars is None:
        return None  # a mismatched closing bracket
    found = _scan(chars, closers)
    if found.fatal:
        raise _Raised("json.loads raised")
    if found.best == 0:
        raise _DecodeError
    return _loads(chars[: found.best] + "".join(reversed(closers)))


def _close_partial(s: str) -> tuple[str | None, list[str]]:
    """parse_partial_json's repair pass: raw newlines in strings escaped, a cut string closed, the open stack."""
    out: list[str] = []
    stack: list[str] = []
    i, n = 0, len(s)
    while i < n:
        special = _OUTSIDE_SPECIAL.search(s, i)
        if special is None:
            out.append(s[i:])
            break
        out.append(s[i : special.end()])
        c = special.group()
        i = special.end()
        if c in "[{":
            stack.append(_CLOSER[c])
        elif c in "]}":
            if not stack or stack[-1] != c:
                return None, stack
            stack.pop()
        else:  # a string: a backslash toggles "escaped", any other character clears it
            escaped = False
            while True:
                special = _STRING_SPECIAL.search(s, i)
                if special is None:
                    if i < n:
                        escaped = False
                    out.append(s[i:])
                    repaired = "".join(out)
                    # a cut-off escape loses its backslash; then the string is closed
                    return (repaired[:-1] if escaped else repaired) + '"', stack
                if special.start() > i:
                    escaped = False
                    out.append(s[i : special.start()])
                c = special.group()
                i = special.end()
                if c == '"' and not escaped:
                    out.append(c)
                    break
                if c == "\n" and not escaped:
                    out.append("\\n")
                elif c == "\\":
                    escaped = not escaped
                    out.append(c)
                else:
                    escaped = False
                    out.append(c)
            continue
    return "".join(out), stack


# ragas's own escape_newlines cousin in langchain: `"action_input": "...` values get \n, \r, \t escaped.
_ACTION_INPUT = re.compile(r'("action_input"\:\s*")(.*?)(")', re.DOTALL)


def _escape_action_input(match: re.Match[str]) -> str:
    value = match.group(2).replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return match.group(1) + value + match.group(3)


def _parse_json_text(text: str) -> Any:
    """langchain-core's ``_parse_json``: strip whitespace and backticks, escape action_input, partial parse."""
    return _parse_partial_json(_ACTION_INPUT.sub(_escape_action_input, text.strip(" \n\r\t`")))


def _parse_json_markdown(text: str) -> Any:
    """langchain-core's ``parse_json_markdown``: the text, else what follows the first fence."""
    try:
        return _parse_json_text(text)
    except _DecodeError:
        fence = text.find("```")
        if fence >= 0:
            text = text[fence + 3 :]
            if text.startswith("json"):
                text = text[4:]
    return _parse_json_text(text)


def _extract_json(text: str) -> str:
    """ragas ``extract_json``: from a ```json fence on, the first bracket's balanced span (strings not skipped)."""
    fence = text.find("```json")
    if fence != -1:
        text = text[fence:]
    starts = [at for at in (text.find("["), text.find("{")) if at != -1]
    if not starts:
        return text
    start = min(starts)
    opener = text[start]
    closer = _CLOSER[opener]
    depth = 0
    for match in re.finditer(re.escape(opener) + "|" + re.escape(closer), text[start:]):
        depth += 1 if match.group() == opener else -1
        if depth == 0:
            return text[start : start + match.end()]
    return text


def _validate(text: str, model: type[_M]) -> _M:
    """PydanticOutputParser.parse: a failure is _ParseFailed (OutputParserException)."""
    try:
        obj = _parse_json_markdown(text.strip())
    except _DecodeError as error:
        raise _ParseFailed("invalid JSON") from error
    try:
        return model.model_validate(obj)
    except ValidationError as error:
        raise _ParseFailed(f"not a {model.__name__}") from error


def _parse(text: str, model: type[_M]) -> _M:
    """One ragas prompt's answer read as ``model``, with the fix-the-format retries.

    The retries ask the grader again; a scripted grader repeats ``text``, so each retry reads the
    same answer as ragas's StringIO ``{"text": ...}`` (three tries, one outcome) and, if that
    works, reads its ``text`` as ``model`` once more, without extract_json. Anything else raises.
    """
    try:
        return _validate(_extract_json(text), model)
    except _ParseFailed:
        pass
    try:
        fixed = _validate(_extract_json(text), _FixedOutput)
    except _ParseFailed as error:
        raise _Raised("RagasOutputParserException: the grader output could not be parsed") from error
    return _validate(fixed.text, model)


class RagasLibraryScorer:
    """The ragas 0.4.3 ``Faithfulness`` metric with a grader that answers with the case's two outputs.

    A NaN from ragas is value NaN, status ``scored``, with the cause named (``no_statements``,
    ``no_verdicts``): it is what the library returns, and never passes. What ragas raises is
    status ``error``, value ``None``.
    """

    name = "ragas-0.4.3"

    def score(self, case: Case) -> Score:
        try:
            statements = self._statements(case)
            if not statements:
                return self._nan(case, Cause.NO_STATEMENTS, "no statements", 0)
            verdicts = _parse(case.grader_output, _Verdicts).statements
        except _Raised as error:
            return Score(
                scorer=self.name,
                value=None,
                status=Status.ERROR,
                passed=False,
                threshold=case.threshold,
                reason=f"ragas raises: {error}",
                statement_count=0,
            )
        if not verdicts:
            return self._nan(case, Cause.NO_VERDICTS, "no verdicts", len(statements))
        value = sum(1 for item in verdicts if item.verdict) / len(verdicts)
        passed = passes(value, case.threshold)
        relation = " is >= " if passed else " is < "
        return Score(
            scorer=self.name,
            value=value,
            status=Status.SCORED,
            passed=passed,
            threshold=case.threshold,
            reason="Faithfulness " + js_to_fixed_2(value) + relation + js_number_to_string(case.threshold),
            format=VerdictFormat.JSON,
            statement_count=len(statements),
        )

    @staticmethod
    def _statements(case: Case) -> list[str]:
        """Call 1 read as ragas reads it; a ``statements`` list stands in when there is no call 1 text."""
        if case.statements_output is None:
            # No list either: a case whose texts are all in its per-arm recordings.
            return [item for item in case.statements or () if js_trim(item)]  # as legacy_statement_count
        return _parse(case.statements_output, _Statements).statements

    def _nan(self, case: Case, cause: Cause, what: str, count: int) -> Score:
        return Score(
            scorer=self.name,
            value=math.nan,
            status=Status.SCORED,
            passed=False,
            threshold=case.threshold,
            reason=f"Faithfulness NaN ({what}) is < " + js_number_to_string(case.threshold),
            cause=cause,
            statement_count=count,
        )


def _promptfoo(generation: Generation) -> Callable[[], Scorer]:
    return lambda: PromptfooScorer(generation)


# Every promptfoo generation of this scorer, oldest first: (scorer name, the releases it scored).
PROMPTFOO_GENERATIONS: tuple[tuple[str, str], ...] = (
    ("legacy", "promptfoo 0.114.2 - 0.120.26"),
    ("promptfoo-" + Generation.CLAMPED.value, "promptfoo 0.120.27 - 0.121.18"),
    ("promptfoo-" + Generation.MISSING_UNSUPPORTED.value, "promptfoo 0.121.19 - 0.123.0"),
    ("promptfoo-" + Generation.GRADER_ERROR.value, "promptfoo 0.123.1"),
)

# name -> factory taking no arguments; registered by compat.scoring._registry.
SCORERS: dict[str, Callable[[], Scorer]] = {
    **{"promptfoo-" + generation.value: _promptfoo(generation) for generation in Generation},
    "ragas-0.4.3": RagasLibraryScorer,
}
