"""A graded case line over the case byte limit: the sample whose outputs make it so, kept
readable without them (the run's other samples and the case stay as they are)."""

from __future__ import annotations

from typing import Any

from compat.cases import GraderCall

# Each call's output in a sample's record, in the order the calls are asked (truths: the deepeval arm's).
_OUTPUTS: tuple[tuple[str, GraderCall], ...] = (
    ("truths_output", "truths"),
    ("statements_output", "statements"),
    ("grader_output", "verdicts"),
)


def output_size(record: dict[str, Any]) -> int:
    """Characters of the grader's text a sample's record holds."""
    texts = [record.get(key) or "" for key, _ in _OUTPUTS]
    texts += [attempt["output"] for attempt in record.get("attempts", ())]
    return sum(map(len, texts))


def too_long_record(record: dict[str, Any], size: int, limit: int) -> dict[str, Any]:
    """The record without its last call's output (call 2's; when that is gone, call 1's; then
    the deepeval arm's truths), with an error saying why: what is left of the sample stays readable."""
    fitted = {key: record[key] for key in ("seed",) if key in record}
    held = [(key, call) for key, call in _OUTPUTS if key in record]
    call: GraderCall = held[-1][1] if held else "statements"
    fitted.update((key, record[key]) for key, _ in held[:-1])
    message = f"the grader's outputs would make the case line {size:,} bytes, over the limit of {limit:,}"
    fitted["error"] = {"call": call, "kind": "too_long", "message": message}
    fitted["tokens"] = record["tokens"]
    return fitted
