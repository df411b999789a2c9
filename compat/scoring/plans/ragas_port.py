"""Seed 001's plan, ``plan-ragas-port``: RAGAS JSON or the legacy text; unparseable means every verdict 0."""

from __future__ import annotations

from typing import Any, Literal

from compat.cases import Case
from compat.scoring._javascript import js_trim
from compat.scoring._score import Score, VerdictFormat
from compat.scoring.plans.js_json import is_js_one, js_json_parse
from compat.scoring.plans.parts import (
    RAW_FINAL_HEADER,
    Parsed,
    call_one_statements,
    dot_pieces,
    plan_score,
    ratio_score,
    reason_of,
    split_into_sentences,
)
from compat.scoring.plans.reasons import (
    NO_STATEMENTS_GENERATED,
    PORT_NO_VERDICTS,
    PORT_STATEMENT_ERROR,
    PORT_UNPARSED_LOG,
    PORT_VERDICT_ERROR,
    RAGAS_PORT,
)


def _generate_statements(output: str) -> list[Any]:
    """Seed 001's ``generateStatements`` after its call: ``{"statements": [...]}`` as is, else split.

    The JSON list is returned untouched (numbers, ``null``, empty strings all count).
    """
    ok, parsed = js_json_parse(output)
    if ok and type(parsed) is dict and type(parsed.get("statements")) is list:
        statements: list[Any] = parsed["statements"]
        return statements
    return split_into_sentences(output)  # not JSON, null (a TypeError inside the try), or another shape


def _statement_text(statements: list[Any], index: int) -> str:
    """``statements[index] || `Statement ${index + 1}```, as text."""
    statement = statements[index] if index < len(statements) else None
    return statement if isinstance(statement, str) and statement else f"Statement {index + 1}"


def _evaluate_verdicts(text: str, statements: list[Any]) -> tuple[Parsed, str | None]:
    """Seed 001's ``evaluateVerdicts`` after its call; the log line when it made verdicts up."""
    ok, parsed = js_json_parse(text)
    if ok and type(parsed) is dict and type(parsed.get("statements")) is list and None not in parsed["statements"]:
        result = Parsed(VerdictFormat.JSON)
        for item in parsed["statements"]:
            is_object = type(item) is dict
            statement = item.get("statement") if is_object else None
            result.add(
                1 if is_object and is_js_one(item.get("verdict")) else 0,
                statement if isinstance(statement, str) else "",
                reason_of(item) if is_object else "No reason provided",
            )
        return result, None
    # parseLegacyVerdictFormat(text, statements)
    at = text.find(RAW_FINAL_HEADER)
    if at >= 0:
        result = Parsed(VerdictFormat.TEXT_FINAL_LINE)
        for piece in dot_pieces(text[at + len(RAW_FINAL_HEADER) :]):
            trimmed = js_trim(piece)
            if trimmed:
                index = len(result.values)
                verdict: Literal[0, 1] = 1 if trimmed.lower() == "yes" else 0
                result.add(verdict, _statement_text(statements, index), "Legacy format - parsed from text")
        return result, None
    result = Parsed(None)
    for index in range(len(statements)):
        result.add(0, _statement_text(statements, index), "Unable to determine faithfulness")
    return result, PORT_UNPARSED_LOG


def _score_ragas_port(case: Case) -> Score:
    # Step 1, generateStatements. An empty call 1 throws; calculate's catch returns 0.5.
    if case.statements_output is not None:
        if case.statements_output == "":
            return plan_score(RAGAS_PORT, case, 0.5, PORT_STATEMENT_ERROR)
        statements = _generate_statements(case.statements_output)
    else:
        statements = list(call_one_statements(case) or ())
    n = len(statements)
    if n == 0:
        return plan_score(RAGAS_PORT, case, 0.0, NO_STATEMENTS_GENERATED)
    # Step 2, evaluateVerdicts. An empty call 2 throws the same way.
    if case.grader_output == "":
        return plan_score(RAGAS_PORT, case, 0.5, PORT_VERDICT_ERROR, statement_count=n)
    parsed, log = _evaluate_verdicts(case.grader_output, statements)
    # Step 3, calculateFaithfulnessScore: faithful / verdicts returned, no reconciling with n.
    if not parsed.values:
        return plan_score(RAGAS_PORT, case, 0.0, PORT_NO_VERDICTS, verdict_format=parsed.format, statement_count=n)
    # total >= 1, so the 0.5 "Invalid score calculation" branch cannot fire; and its
    # `score >= threshold` (no epsilon) only fills an error field that calculate ignores.
    return ratio_score(
        RAGAS_PORT,
        case,
        faithful=parsed.values.count(1),
        total=len(parsed.values),
        parsed=parsed,
        verdicts=tuple(parsed.listed),
        statement_count=n,
        log=log,
    )


class PlanRagasPortScorer:
    """Seed 001: RAGAS JSON or legacy text; unparseable means every verdict 0; errors 0.5."""

    name = RAGAS_PORT

    def score(self, case: Case) -> Score:
        return _score_ragas_port(case)
