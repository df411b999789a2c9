"""A graded case line over the case byte limit: the sample whose outputs make it so, kept
readable without them (the run's other samples and the case stay as they are)."""

from __future__ import annotations

from typing import Any

from compat.cases import GraderCall


def output_size(record: dict[str, Any]) -> int:
    """Characters of the grader's text a sample's record holds."""
    texts = [record.get("statements_output") or "", record.get("grader_output") or ""]
    texts += [attempt["output"] for attempt in record.get("attempts", ())]
    return sum(map(len, texts))


def too_long_record(record: dict[str, Any], size: int, limit: int) -> dict[str, Any]:
    """The record without its call 2 output (or, when that is gone, its call 1 output),
    with an error saying why: what is left of the sample stays readable."""
    fitted = {key: record[key] for key in ("seed",) if key in record}
    call: GraderCall = "statements"
    if "grader_output" in record:
        fitted["statements_output"] = record["statements_output"]
        call = "verdicts"
    message = f"the grader's outputs would make the case line {size:,} bytes, over the limit of {limit:,}"
    fitted["error"] = {"call": call, "kind": "too_long", "message": message}
    fitted["tokens"] = record["tokens"]
    return fitted
