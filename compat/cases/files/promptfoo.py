"""A promptfoo results file (``promptfoo eval -o results.json``): its results located by line,
the ``context-faithfulness`` score promptfoo recorded, and the cases faithcompat's own
assertion recorded in it (``metadata.faithcompat``), both arms read straight from it.

A results file whose tests ran faithcompat's assertion (``faithcompat promptfoo config``)
is a corpus: each result becomes a case whose ``ragas`` arm (and, in live mode, whose
``legacy`` arm) holds the grader texts the assertion recorded, and whose ``observed``
holds the score, pass and reason promptfoo's own ``context-faithfulness`` recorded (in
shadow mode, the legacy arm: promptfoo keeps no grader text of it). A results file
without that assertion anywhere is a dataset, named as one (``faithcompat grade`` it).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

from compat._errors import CaseError, CorpusError
from compat.cases._case import TOOL_TAG_PREFIX, Observed
from compat.cases._parse import LoadedCase, json_problem, parse_case
from compat.cases.files.blocks import Prefixed
from compat.cases.files.dataset_hint import PROMPTFOO_KEY, dataset_problem
from compat.cases.files.measures import CorpusDigest

FAITHFULNESS_ASSERTIONS = {"context-faithfulness"}
RECORD_KEY = "faithcompat"  # the assertion's metadata key (compat.rollout's METADATA_KEY)


def is_promptfoo_head(head: bytes) -> bool:
    """The file that starts with ``head`` (starting with ``{``) is a promptfoo results document."""
    first = head.split(b"\n", 1)[0].strip().removeprefix(b"\xef\xbb\xbf")
    if first == b"{":
        return PROMPTFOO_KEY.search(head) is not None
    try:
        value = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict) and "results" in value and dataset_problem(value, "") is not None


def promptfoo_corpus(stream: Prefixed, name: str, digest: CorpusDigest | None) -> Iterator[LoadedCase | CaseError]:
    """``promptfoo_cases`` of a whole results document read from ``stream``."""
    raw = stream.read()
    if digest is not None:
        digest.update(raw)
    try:
        text = raw.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as error:
        line = 1 + raw.count(b"\n", 0, error.start)
        raise CorpusError(f"{name}:{line}: invalid UTF-8 ({raw[error.start : error.start + 4]!r})") from None
    yield from promptfoo_cases(text, name)


def promptfoo_cases(text: str, name: str) -> Iterator[LoadedCase | CaseError]:
    """The cases faithcompat's assertion recorded in a promptfoo results document."""
    start = results_array_start(text, name)
    items = list(array_elements(text, start, name))
    if not any(_record(result) is not None for _line, result in items):
        raise CorpusError(dataset_problem({"results": []}, name) or f"{name}: no faithcompat assertion result")
    seen: dict[str, int] = {}
    for index, (line, result) in enumerate(items, 1):
        yield _case(result, name, line, index, seen)


def _record(result: Any) -> dict[str, Any] | None:
    """The faithcompat record of a result: the metadata of its faithcompat component."""
    if not isinstance(result, dict):
        return None
    grading = result.get("gradingResult")
    if not isinstance(grading, dict):
        return None
    components = grading.get("componentResults")
    for component in [*(components if isinstance(components, list) else []), grading]:
        metadata = component.get("metadata") if isinstance(component, dict) else None
        found = metadata.get(RECORD_KEY) if isinstance(metadata, dict) else None
        if isinstance(found, dict):
            return found
    return None


def _case(result: Any, name: str, line: int, index: int, seen: dict[str, int]) -> LoadedCase | CaseError:
    record = _record(result)
    if record is None:
        return CaseError(name, line, "a result without faithcompat's assertion (no metadata.faithcompat)")
    assert isinstance(result, dict)  # _record found one
    variables = result.get("vars")
    if not isinstance(variables, dict):
        test = result.get("testCase")
        variables = test.get("vars") if isinstance(test, dict) else {}
    variables = variables if isinstance(variables, dict) else {}
    response = result.get("response")
    output = response.get("output") if isinstance(response, dict) else None
    contexts = variables.get("context")
    key = str(record.get("key") or f"result-{index}")
    seen[key] = seen.get(key, 0) + 1  # a test run for several prompts or providers, or repeated
    data: dict[str, Any] = {
        "id": key if seen[key] == 1 else f"{key}#{seen[key]}",
        "tags": [f"{TOOL_TAG_PREFIX}promptfoo:{record.get('mode')}"],
        "question": variables.get("query"),
        "answer": output if isinstance(output, str) else None,
        "contexts": [contexts] if isinstance(contexts, str) else contexts if isinstance(contexts, list) else [],
        "threshold": record.get("threshold", 0.5),
        "arms": record.get("arms"),
    }
    observed = recorded_faithfulness(result.get("gradingResult"))
    if observed is not None:
        data["observed"] = observed.model_dump(exclude_none=True)
    try:
        return LoadedCase(parse_case(data, name, line), name, line)
    except CaseError as error:
        return error


def array_elements(text: str, pos: int, source: str) -> Iterator[tuple[int, Any]]:
    """(line, value) of every element of the array whose ``[`` ends just before ``pos``."""
    decoder = json.JSONDecoder(parse_constant=reject_bare_constant)
    counted, line = 0, 1
    while True:
        pos = _skip_space(text, pos)
        if pos < len(text) and text[pos] == "]":
            return
        line += text.count("\n", counted, pos)
        counted = pos
        try:
            value, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as error:
            raise CorpusError(f"{source}:{error.lineno}: invalid JSON: {json_problem(error)}") from None
        except (ValueError, RecursionError) as error:
            raise CorpusError(f"{source}:{line}: invalid JSON: {error}") from None
        yield line, value
        pos = _skip_space(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos += 1
        elif not (pos < len(text) and text[pos] == "]"):
            where = 1 + text.count("\n", 0, min(pos, len(text)))
            raise CorpusError(f"{source}:{where}: invalid JSON: expected ',' or ']' after a row")


def results_array_start(text: str, source: str) -> int:
    """Where the results array's items begin, found by walking the top-level object's keys
    (so that every row keeps the line it is on)."""
    decoder = json.JSONDecoder()
    pos = _skip_space(text, 0)
    for _depth in range(2):  # {"results": [...]} or {"results": {"results": [...]}}
        if pos >= len(text) or text[pos] != "{":
            break
        pos += 1
        while True:
            pos = _skip_space(text, pos)
            if pos >= len(text) or text[pos] != '"':
                raise CorpusError(f"{source}: not a promptfoo results file (no results array)")
            try:
                key, pos = decoder.raw_decode(text, pos)
                pos = _skip_space(text, pos)
                if text[pos : pos + 1] != ":":
                    raise CorpusError(f"{source}: invalid JSON: expected ':' after a key")
                pos = _skip_space(text, pos + 1)
                if key == "results":
                    break
                _, pos = decoder.raw_decode(text, pos)
            except json.JSONDecodeError as error:
                raise CorpusError(f"{source}:{error.lineno}: invalid JSON: {json_problem(error)}") from None
            pos = _skip_space(text, pos)
            if text[pos : pos + 1] == ",":
                pos += 1
        if text[pos : pos + 1] == "[":
            return pos + 1
    raise CorpusError(f"{source}: not a promptfoo results file (no results array)")


def recorded_faithfulness(grading: Any) -> Observed | None:
    """The context-faithfulness component of a promptfoo grading result, if one was graded."""
    if not isinstance(grading, dict):
        return None
    components = grading.get("componentResults")
    candidates = [*components] if isinstance(components, list) else []
    candidates.append(grading)
    for component in candidates:
        if not isinstance(component, dict):
            continue
        assertion = component.get("assertion")
        if not isinstance(assertion, dict) or assertion.get("type") not in FAITHFULNESS_ASSERTIONS:
            continue
        score = component.get("score")
        threshold = assertion.get("threshold")
        return Observed(
            source="promptfoo",
            # promptfoo writes NaN as null: there was a score, JSON could not hold it.
            score=_finite(score),
            passed=component.get("pass") if isinstance(component.get("pass"), bool) else None,
            reason=component.get("reason") if isinstance(component.get("reason"), str) else None,
            threshold=_finite(threshold),
        )
    return None


def _finite(value: Any) -> float | None:
    return (
        float(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        else None
    )


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def reject_bare_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
