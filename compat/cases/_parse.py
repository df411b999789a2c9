"""One case from JSON and back (strict decoding, validation, errors naming FILE:LINE): what every reader shares."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from compat._errors import CaseError
from compat._text import printable
from compat.cases._case import Case
from compat.cases._fast_case import well_formed_case

# The scorer names an ``expected`` block may use. Cases come before scoring in the
# pipeline and do not import it: the scoring stage installs its registry here when it
# is imported (``compat`` imports it first), and a misspelt name is then a case error.
_scorer_names: Callable[[], Collection[str]] | None = None


def check_expected_against(names: Callable[[], Collection[str]]) -> None:
    """Make ``parse_case`` refuse ``expected`` blocks under any name ``names()`` lacks."""
    global _scorer_names
    _scorer_names = names


@dataclass(frozen=True, slots=True)
class LoadedCase:
    case: Case
    source: str
    line: int


@dataclass(frozen=True, slots=True)
class RawCase:
    """One JSONL line, decoded but not yet parsed: cheap to ship to a worker process."""

    text: str
    source: str
    line: int

    def parse(self) -> LoadedCase | CaseError:
        return case_from_text(self.text, self.source, self.line)


Record = LoadedCase | RawCase | CaseError


def parse_case(data: Any, source: str = "<case>", line: int = 1) -> Case:
    """Validate one decoded JSON value as a case, or raise a located ``CaseError``."""
    if not isinstance(data, dict):
        raise CaseError(source, line, f"a case must be a JSON object, not {_json_type(data)}")
    try:
        case = Case.model_validate(data)
    except ValidationError as error:
        raise CaseError(source, line, describe_validation_error(error)) from None
    if case.expected and _scorer_names is not None:  # a misspelt name would go unchecked, silently
        known = sorted(_scorer_names())
        for name in case.expected:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else f" (registered: {', '.join(known)})"
                raise CaseError(source, line, f"expected: unknown scorer {printable(repr(name))}{hint}")
    return case


def case_line(case: Case) -> str:
    """One case as a JSONL line (no newline), defaults omitted.

    ASCII-escaped, so that lone surrogates (which graders do emit) survive: UTF-8
    cannot encode them, a ``\\udXXX`` escape can.
    """
    data = case.model_dump(mode="python", exclude_defaults=True)
    data["grader_output"] = case.grader_output  # required, even when it is ""
    return json.dumps(data, ensure_ascii=True)


def describe_validation_error(error: ValidationError) -> str:
    """One line naming each bad field and what is wrong with it."""
    known = list(Case.model_fields)
    problems = []
    for detail in error.errors(include_url=False):
        location = ".".join(str(part) for part in detail["loc"])
        kind = detail["type"]
        if kind == "extra_forbidden":
            field = str(detail["loc"][-1])
            guess = difflib.get_close_matches(field, known, n=1) if len(detail["loc"]) == 1 else []
            hint = f" (did you mean {guess[0]!r}?)" if guess else ""
            problems.append(f"unknown field {location!r}{hint}")
        elif kind == "missing":
            problems.append(f"missing required field {location!r}")
        elif location:
            problems.append(f"field {location!r}: {_lower_first(detail['msg'])} (got {_short(detail.get('input'))})")
        else:
            problems.append(_lower_first(detail["msg"]).removeprefix("value error, "))
    return "; ".join(problems)


def case_from_text(text: str, name: str, line: int) -> LoadedCase | CaseError:
    """A line's case: the fast path where it takes the line, the exact path otherwise (the same outcome)."""
    case = well_formed_case(text)
    if case is not None:
        return LoadedCase(case, name, line)
    return exact_case_from_text(text, name, line)


def exact_case_from_text(text: str, name: str, line: int) -> LoadedCase | CaseError:
    """The one path that judges every line, and words what is wrong with it."""
    try:
        data = _CASE_DECODER.decode(text)
    except json.JSONDecodeError as error:
        return CaseError(name, line, f"invalid JSON: {json_problem(error)}")
    except ValueError as error:  # from the hooks below
        return CaseError(name, line, str(error))
    except RecursionError:
        return CaseError(name, line, TOO_DEEP)
    try:
        return LoadedCase(parse_case(data, name, line), name, line)
    except CaseError as error:
        return error


# The C decoder recurses once per level and stops at Python's recursion limit (~1,000).
TOO_DEEP = "invalid JSON: arrays or objects nested too deeply to read (about 1,000 levels at most)"


def reject_constant(name: str) -> Any:
    raise ValueError(f"invalid JSON: {name} is not a JSON number")


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate field {key!r}")
            seen.add(key)
    return result


# One decoder for every line: json.loads would build a new one per call for the hooks.
_CASE_DECODER = json.JSONDecoder(parse_constant=reject_constant, object_pairs_hook=unique_keys)


def json_problem(error: json.JSONDecodeError) -> str:
    # Some of json's messages end in "at" ("Invalid control character at"): no "at at".
    message = error.msg[: -len(" at")] if error.msg.endswith(" at") else error.msg
    return f"{message} at column {error.colno}"


def _json_type(value: Any) -> str:
    names = {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    """A value quoted in an error message: short, and with no control character left raw,
    since the message goes to a terminal (json.dumps escapes C0 only)."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else _json_type(value)
    return printable(text if len(text) <= 40 else text[:37] + "...")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
