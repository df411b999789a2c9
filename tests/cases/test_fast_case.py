"""The fast path of a JSONL line (``well_formed_case``) against the exact path.

The fast path lets pydantic read and validate the JSON in one pass, which cannot see
a repeated key. It must accept no line the exact path rejects, and build the same
case for every line it accepts; anything else it hands to the exact path.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat import Case
from compat.cases import LoadedCase, bundled_corpus, case_line, iter_cases
from compat.cases._fast_case import well_formed_case
from compat.cases._parse import case_from_text, exact_case_from_text

FIELDS = list(Case.model_fields)

# Characters that matter to JSON string tokens: quotes, backslashes, escapes, surrogates.
_COMMON = ['"', "\\", "a", " ", "é", "\n", "😀", "/", "{", ":"]
_TRICKY = st.sampled_from(_COMMON * 4 + ["\ud800", "\udc00", "\x00", "\u2028"])
_TEXT = st.text(_TRICKY, max_size=8)
_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    _TEXT,
)
_ANY = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["score", "passed", "status", "legacy", "ragas", "id"]), inner, max_size=3),
    ),
    max_leaves=6,
)
_OUTCOME = st.fixed_dictionaries(
    {},
    optional={
        "score": st.one_of(st.none(), st.floats(0, 1)),
        "passed": st.booleans(),
        "status": st.sampled_from(["scored", "undetermined"]),
    },
)
_TYPED: dict[str, st.SearchStrategy[Any]] = {
    "id": st.text(st.sampled_from(_COMMON), min_size=1, max_size=8),
    "tags": st.lists(_TEXT, max_size=3),
    "contexts": st.lists(_TEXT, max_size=3),
    "statements": st.lists(_TEXT, max_size=3) | st.lists(_TEXT, max_size=3) | st.none(),
    "threshold": st.one_of(st.floats(allow_nan=False), st.integers(-5, 5)),
    "expected": st.dictionaries(st.sampled_from(["legacy", "ragas"]), _OUTCOME, max_size=2),
}


@st.composite
def case_texts(draw: st.DrawFn) -> str:
    """A JSON object text, most often a valid case, keys sometimes repeated or unknown."""
    keys = ["id", "statements", "grader_output"]
    if draw(st.booleans()):  # each key once
        keys += draw(st.lists(st.sampled_from([f for f in FIELDS if f not in keys]), max_size=5, unique=True))
    else:
        keys += draw(st.lists(st.sampled_from([*FIELDS, "grader_ouptut"]), max_size=5))
    keys = draw(st.permutations(keys))
    ascii_only = draw(st.booleans())
    separator, colon = draw(st.sampled_from([(", ", ": "), (",", ":"), (" ,\n", " :\t")]))
    members = []
    for key in keys:
        typed = _TYPED.get(key, st.one_of(st.none(), _TEXT) if key != "grader_output" else _TEXT)
        value = draw(st.one_of(typed, _ANY) if draw(st.integers(0, 9)) == 0 else typed)
        members.append(f"{json.dumps(key)}{colon}{json.dumps(value, ensure_ascii=ascii_only)}")
    text = "{" + separator.join(members) + "}"
    if draw(st.integers(0, 3)) == 0:  # other spellings of the same characters, and broken ones
        text = text.replace('\\"', draw(st.sampled_from(["\\u0022", '\\\\"', '"'])))
    return text


def _outcome(result: LoadedCase | Any) -> tuple[str, Any]:
    if isinstance(result, LoadedCase):
        return ("case", (result.case, result.case.model_fields_set))
    return ("error", str(result))


@given(case_texts())
@example('{"id": "a", "statements": [], "grader_output": "", "id": "b"}')
@example('{"id": "a", "statements": [], "grader_output": "", "threshold": 1, "threshold": 0.5}')
@example('{"id": "a", "statements": [], "grader_output": "", "note": null, "note": "\\u0022\\u0022"}')
@example('{"id": "a", "statements": [], "grader_output": "\\\\", "note": "x", "note": "y"}')
@example('{"id": "a\\"", "statements": ["\\\\\\""], "grader_output": "", "tags": [], "tags": []}')
@example('{"id": "a", "statements": [], "grader_output": "", "expected": {"ragas": {}, "ragas": {"passed": true}}}')
def test_the_fast_path_accepts_nothing_the_exact_path_rejects_and_builds_the_same_case(text: str) -> None:
    fast = well_formed_case(text)
    exact = exact_case_from_text(text, "x.jsonl", 3)
    if fast is not None:
        assert isinstance(exact, LoadedCase), exact
        assert exact.case == fast
        assert exact.case.model_fields_set == fast.model_fields_set
    assert _outcome(case_from_text(text, "x.jsonl", 3)) == _outcome(exact)


@pytest.mark.parametrize("field", [name for name in FIELDS if name != "expected"])
@pytest.mark.parametrize("quoted", ["plain", 'a "quoted" word', "a backslash \\"])
def test_a_repeated_field_is_named_whatever_the_quotes_in_the_values(field: str, quoted: str) -> None:
    values: dict[str, Any] = {
        "id": quoted,
        "tags": [quoted],
        "contexts": [quoted],
        "statements": [quoted],
        "threshold": 0.5,
        "note": quoted,
    }
    base = {"id": "a", "statements": [quoted], "grader_output": quoted}
    members = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in base.items()]
    members.append(f"{json.dumps(field)}: {json.dumps(values.get(field, quoted))}")
    if field not in base:
        members.append(members[-1])
    text = "{" + ", ".join(members) + "}"
    assert well_formed_case(text) is None
    result = case_from_text(text, "x.jsonl", 1)
    assert str(result) == f"x.jsonl:1: duplicate field {field!r}"


def test_plain_cases_take_the_fast_path() -> None:
    """The fast path is the common path: every bundled case without recordings, golden outcomes left out."""
    cases = [loaded.case for loaded in iter_cases(bundled_corpus())]
    assert len(cases) >= 150
    for case in cases:
        text = case_line(case.model_copy(update={"expected": {}}))
        fast = well_formed_case(text)
        nested = case.arms is not None or case.observed is not None or case.metrics or case.expected_composite
        if nested:  # nested objects (recordings, metrics) take the exact path
            assert fast is None, case.id
        elif any(ord(char) in range(0xD800, 0xE000) for char in case.grader_output + (case.statements_output or "")):
            assert fast is None  # written as \\udXXX escapes, which pydantic does not read
        else:
            assert fast == case.model_copy(update={"expected": {}}), case.id


def test_json_verdicts_echoing_quotes_and_backslashes_take_the_fast_path() -> None:
    """Quotes inside the grader's JSON strings arrive escaped twice (\\\\\\"): still counted."""
    rng = random.Random(7)
    verdicts = [{"statement": f'Claim "{i}" \\ here', "reason": "r", "verdict": rng.choice([0, 1])} for i in range(4)]
    record = {
        "id": "typical-1",
        "tags": ["json", "prod"],
        "statements_output": "\n".join(v["statement"] for v in verdicts),
        "grader_output": "```json\n" + json.dumps(verdicts, indent=2) + "\n```",
        "threshold": 0.7,
    }
    text = json.dumps(record)
    assert '\\\\\\"' in text and "\\\\\\\\" in text
    fast = well_formed_case(text)
    assert fast is not None and fast == Case.model_validate(record)
