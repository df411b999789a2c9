"""Seed 002's plan, ``plan-parser``: a bare JSON array or the legacy text, refusals 0, no verdicts 0.5."""

from __future__ import annotations

import re

from compat.cases import Case
from compat.scoring._javascript import js_trim
from compat.scoring._score import Score, Verdict, VerdictFormat
from compat.scoring.plans.js_json import is_js_one, js_json_parse
from compat.scoring.plans.parts import (
    RAW_FINAL_HEADER,
    Parsed,
    call_one_statements,
    dot_pieces,
    plan_score,
    ratio_score,
    reason_of,
)
from compat.scoring.plans.reasons import NO_OUTPUT, NO_STATEMENTS_GENERATED, PARSER, PARSER_NO_VERDICTS, REFUSED

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


def _parse_verdicts_parser(text: str, limit: int) -> Parsed:
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
        result = Parsed(VerdictFormat.JSON)
        for item in parsed[:limit]:
            is_object = type(item) is dict
            statement = item.get("statement") if is_object else None
            result.add(
                1 if is_object and is_js_one(item.get("verdict")) else 0,
                statement if isinstance(statement, str) else "",
                reason_of(item) if is_object else "No reason provided",
            )
        return result
    return _parse_legacy_parser(text, limit)


def _parse_legacy_parser(text: str, limit: int) -> Parsed:
    """Seed 002's ``parseLegacyVerdictFormat``: the raw (case-sensitive) header, refusals, then markers."""
    at = text.find(RAW_FINAL_HEADER)
    if at >= 0:
        result = Parsed(VerdictFormat.TEXT_FINAL_LINE)
        for piece in dot_pieces(text[at + len(RAW_FINAL_HEADER) :]):
            trimmed = js_trim(piece)
            if trimmed:
                result.add(1 if trimmed.lower() == "yes" else 0, f"Statement {len(result.values) + 1}", _LEGACY_REASON)
                if len(result.values) >= limit:
                    break
        return result
    if _is_refusal_parser(text):
        return Parsed(None)
    return _parse_individual_verdict_patterns(text, limit)


_LEGACY_REASON = "Legacy format - no detailed reason"
# The per-statement marker the existing code counts ("verdict: no"), and its "yes" twin.
_INDIVIDUAL_VERDICT = re.compile(r"verdict: (yes|no)")


def _parse_individual_verdict_patterns(text: str, limit: int) -> Parsed:
    """Seed 002 names ``parseIndividualVerdictPatterns`` and leaves it unwritten.

    Read literally: each ``verdict: yes`` / ``verdict: no`` in the lower-cased text, in
    order, as substrings (the existing code's ``verdict: no`` count, with its ``yes``
    counterpart); statements and reasons as its sibling ``parseLegacyVerdictFormat`` names them.
    """
    result = Parsed(VerdictFormat.TEXT_PER_STATEMENT)
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
    statements = call_one_statements(case)  # "Keep existing statement generation (splitIntoSentences)"
    if statements is None or case.grader_output == "":
        return plan_score(PARSER, case, 0.0, NO_OUTPUT, statement_count=len(statements or ()))
    n = len(statements)
    if n == 0:  # checked inside calculateFaithfulness, after call 2
        return plan_score(PARSER, case, 0.0, NO_STATEMENTS_GENERATED)
    parsed = _parse_verdicts_parser(case.grader_output, n)
    if not parsed.values:
        if _is_refusal_parser(case.grader_output):
            return plan_score(PARSER, case, 0.0, REFUSED, statement_count=n)
        # pass: false even though 0.5 >= 0.5: the plan hard-codes it
        return plan_score(PARSER, case, 0.5, PARSER_NO_VERDICTS, statement_count=n)
    # "Use minimum count": parsing already stopped at n, so the list is the truncated one.
    # Both counts are >= 1 here, so the ratio is in [0, 1] and the plan's final
    # validation (0.5, PARSER_CALCULATION_ERROR) can never fire.
    listed = tuple(
        Verdict(statement, verdict.verdict, verdict.reason)
        for statement, verdict in zip(statements, parsed.listed, strict=False)
    )
    return ratio_score(
        PARSER,
        case,
        faithful=parsed.values.count(1),
        total=len(parsed.values),
        parsed=parsed,
        verdicts=listed,
        statement_count=n,
    )


class PlanParserScorer:
    """Seed 002: a bare JSON array or legacy text, refusals 0, no verdicts 0.5, truncation to the shorter list."""

    name = PARSER

    def score(self, case: Case) -> Score:
        return _score_parser(case)
