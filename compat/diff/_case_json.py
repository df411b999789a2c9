"""A comparison as its cases.jsonl line: the record, the same JSON built fast, and a line read back."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from compat._text import encode_float
from compat.diff.compare import Comparison, detail_json, detail_record
from compat.diff.composite import composite_record
from compat.diff.model import CaseLine


def case_record(comparison: Comparison) -> dict[str, Any]:
    """One compared case in the shape of ``CaseLine`` (cases.jsonl), built without validation."""
    control, candidate = comparison.control, comparison.candidate
    return {
        "id": comparison.case_id,
        "tags": list(comparison.tags),
        "outcome": comparison.outcome.value,
        "cause": comparison.cause.value if comparison.cause else None,
        "delta": comparison.delta,
        "control_score": encode_float(control.value),
        "control_passed": control.passed,
        "control_reason": control.reason,
        "candidate_score": encode_float(candidate.value),
        "candidate_passed": candidate.passed,
        "candidate_status": candidate.status.value,
        "candidate_cause": candidate.cause.value if candidate.cause else None,
        "candidate_format": candidate.format.value if candidate.format else None,
        "candidate_warnings": [w.value for w in candidate.warnings],
        "candidate_reason": candidate.reason,
        **_rare_fields(comparison),
    }


def _rare_fields(comparison: Comparison) -> dict[str, Any]:
    """The per-case sections only some cases have (both arms recorded, a recorded score, a difference)."""
    fields = _sections(comparison)
    if comparison.detail is not None:
        fields["detail"] = detail_record(comparison.detail)
    if comparison.composite is not None:
        fields["composite"] = composite_record(comparison.composite)
    return fields


def _sections(comparison: Comparison) -> dict[str, Any]:
    """The decomposition and the recorded-score check, where the case has them."""
    fields: dict[str, Any] = {}
    steps = comparison.decomposition
    if steps is not None:
        fields["decomposition"] = {
            "middle_score": encode_float(steps.middle.value),
            "middle_passed": steps.middle.passed,
            "parser_outcome": steps.parser_outcome.value,
            "parser_cause": steps.parser_cause.value if steps.parser_cause else None,
            "parser_delta": steps.parser_delta,
            "prompt_delta": steps.prompt_delta,
            "step": steps.step.value if steps.step else None,
            "samples": steps.samples,
            "control_spread": steps.control_spread,
            "candidate_spread": steps.candidate_spread,
            "noise_floor": steps.noise_floor,
            "pairs_matched": steps.pairs_matched,
            "pairs_within_noise": steps.pairs_within_noise,
        }
        if [leg.dimensions for leg in steps.legs] != [("prompts",)]:  # more than legacy -> ragas: each step
            fields["decomposition"]["legs"] = [
                {
                    "dimensions": list(leg.dimensions),
                    "arm": leg.arm,
                    "score": encode_float(leg.score.value),
                    "delta": leg.delta,
                }
                for leg in steps.legs
            ]
    observed = comparison.observed
    if observed is not None:
        fields["observed"] = {
            "score": encode_float(observed.score),
            "passed": observed.passed,
            "exact": observed.exact,
            "generations": list(observed.generations),
            "regraded": observed.regraded,
            "regraded_reproduced": observed.regraded_reproduced,
            "first_reproduced": observed.first_reproduced,
        }
    return fields


def case_json_line(comparison: Comparison) -> str:
    """The cases.jsonl line of a comparison; ASCII-escaped so lone surrogates survive.

    Exactly ``json.dumps(case_record(comparison), ensure_ascii=True) + "\\n"`` (a test
    holds it to that), built from a template: the dict and the generic encoder cost
    more than scoring the case.
    """
    control, candidate = comparison.control, comparison.candidate
    cause, candidate_cause, candidate_format = comparison.cause, candidate.cause, candidate.format
    return (
        f'{{"id": {_quote(comparison.case_id)}, "tags": [{", ".join(map(_quote, comparison.tags))}], '
        f'"outcome": {_quote(comparison.outcome)}, '
        f'"cause": {"null" if cause is None else _quote(cause)}, '
        f'"delta": {_json_scalar(comparison.delta)}, '
        f'"control_score": {_json_scalar(encode_float(control.value))}, '
        f'"control_passed": {"true" if control.passed else "false"}, '
        f'"control_reason": {_quote(control.reason)}, '
        f'"candidate_score": {_json_scalar(encode_float(candidate.value))}, '
        f'"candidate_passed": {"true" if candidate.passed else "false"}, '
        f'"candidate_status": {_quote(candidate.status)}, '
        f'"candidate_cause": {"null" if candidate_cause is None else _quote(candidate_cause)}, '
        f'"candidate_format": {"null" if candidate_format is None else _quote(candidate_format)}, '
        f'"candidate_warnings": [{", ".join(map(_quote, candidate.warnings))}], '
        f'"candidate_reason": {_quote(candidate.reason)}'
        + (
            ""
            if comparison.decomposition is None
            and comparison.observed is None
            and comparison.detail is None
            and comparison.composite is None
            else _rare_json(comparison)
        )
        + "}\n"
    )


def _rare_json(comparison: Comparison) -> str:
    """The rare sections as json.dumps writes them after the other keys (", " and each key)."""
    parts = [f", {_quote(key)}: {json.dumps(value, ensure_ascii=True)}" for key, value in _sections(comparison).items()]
    if comparison.detail is not None:
        parts.append(f', "detail": {detail_json(comparison.detail)}')
    if comparison.composite is not None:
        parts.append(f', "composite": {json.dumps(composite_record(comparison.composite), ensure_ascii=True)}')
    return "".join(parts)


# The C string encoder behind json.dumps(..., ensure_ascii=True). The enums here are str
# enums: it writes a member's value without the (slow, on 3.11) ``.value`` lookup.
_quote: Callable[[str], str] = json.encoder.encode_basestring_ascii


def _json_scalar(value: float | str | None) -> str:
    """A scalar as json.dumps writes it."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return _quote(value)
    if type(value) is float and math.isfinite(value):
        return float.__repr__(value)
    return json.dumps(value)  # ints, and what json.dumps writes for NaN and infinities


def parse_case_line(line: str) -> CaseLine:
    return CaseLine.model_validate(json.loads(line))
