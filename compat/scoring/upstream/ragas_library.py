"""The ragas library's ``Faithfulness`` metric (0.4.3) as a scorer: its output models, retries and NaN."""

from __future__ import annotations

import math
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from compat.cases import Case
from compat.scoring._javascript import js_number_to_string, js_trim
from compat.scoring._legacy import legacy_reason
from compat.scoring._score import Cause, Score, Verdict, VerdictFormat, passes
from compat.scoring.upstream.ragas_json import DecodeError, Raised, extract_json, parse_json_markdown

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


class _ParseFailed(Raised):
    """langchain's OutputParserException: ragas retries on it."""


def _validate(text: str, model: type[_M]) -> _M:
    """PydanticOutputParser.parse: a failure is _ParseFailed (OutputParserException)."""
    try:
        obj = parse_json_markdown(text.strip())
    except DecodeError as error:
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
        return _validate(extract_json(text), model)
    except _ParseFailed:
        pass
    try:
        fixed = _validate(extract_json(text), _FixedOutput)
    except _ParseFailed as error:
        raise Raised("RagasOutputParserException: the grader output could not be parsed") from error
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
        except Raised as error:
            return self._error(case, f"ragas raises: {error}")
        if not verdicts:
            return self._nan(case, Cause.NO_VERDICTS, "no verdicts", len(statements))
        value = sum(1 for item in verdicts if item.verdict) / len(verdicts)
        return self._ratio(case, value, len(statements))._replace(format=VerdictFormat.JSON)

    def _ratio(self, case: Case, value: float, count: int, verdicts: tuple[Verdict, ...] = ()) -> Score:
        """A score ragas returned, with the pass rule and the reason both ragas scorers give."""
        passed = passes(value, case.threshold)
        return Score.scored(
            scorer=self.name,
            value=value,
            passed=passed,
            threshold=case.threshold,
            reason=legacy_reason(value, case.threshold, passed),
            verdicts=verdicts,
            statement_count=count,
        )

    def _error(self, case: Case, reason: str) -> Score:
        """What ragas raises (or, for a recording, what it could not have run on): no value."""
        return Score.error(scorer=self.name, threshold=case.threshold, reason=reason)

    @staticmethod
    def _statements(case: Case) -> list[str]:
        """Call 1 read as ragas reads it; a ``statements`` list stands in when there is no call 1 text."""
        if case.statements_output is None:
            # No list either: a case whose texts are all in its per-arm recordings.
            return [item for item in case.statements or () if js_trim(item)]  # as legacy_statement_count
        return _parse(case.statements_output, _Statements).statements

    def _nan(self, case: Case, cause: Cause, what: str, count: int) -> Score:
        return Score.scored(
            scorer=self.name,
            value=math.nan,
            passed=False,
            threshold=case.threshold,
            reason=f"Faithfulness NaN ({what}) is < " + js_number_to_string(case.threshold),
            cause=cause,
            statement_count=count,
        )
