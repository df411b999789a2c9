"""The JSON scanner's shortcuts give the same answers as its slow paths."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import compat.scoring.reader.verdicts as verdicts_module
from compat import Case, get_scorer
from compat.scoring._javascript import JS_WHITESPACE
from compat.scoring._ragas import _is_blank, letters_and_digits, normalise_statement
from compat.scoring.reader.json_scan import (
    MAX_FAILED_STARTS,
    REPAIR_FROM,
    _decode_tolerant,
    _repair_truncated,
    iter_json_values,
)
from compat.scoring.reader.text_sources import read_markers
from compat.scoring.reader.verdicts import (
    MAX_VERDICTS,
    _read_items,
    _read_items_one_by_one,
    parse_verdicts,
)

ITEMS = [
    {"statement": f"Statement number {i}.", "reason": "The context says so. }]", "verdict": i % 2} for i in range(900)
]


def complete_items(found_value: object, incomplete: frozenset[int]) -> list[object]:
    assert isinstance(found_value, dict)
    return [item for item in found_value["statements"] if id(item) not in incomplete]


@settings(max_examples=200)  # each example builds and scans a 64 KB document
@given(cut=st.integers(REPAIR_FROM, len(json.dumps({"statements": ITEMS})) - 1))
@example(cut=REPAIR_FROM)
def test_repair_keeps_exactly_the_items_the_tolerant_tokenizer_keeps(cut: int) -> None:
    text = "Here you go:\n" + json.dumps({"statements": ITEMS})[:cut]
    start = text.index("{")
    tolerant = _decode_tolerant(text, start)
    assert tolerant is not None
    expected = complete_items(tolerant.value, tolerant.incomplete)
    repaired = _repair_truncated(text, start)
    if repaired is not None:  # a cut inside a reason's "}" can defeat the repair: then the tokenizer answers
        assert repaired.repaired and complete_items(repaired.value, frozenset()) == expected


def test_repair_does_not_apply_to_short_text() -> None:
    assert _repair_truncated(json.dumps(ITEMS[:3])[:-10], 0) is None


def test_deep_nesting_is_skipped_in_bulk_and_found_closed() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    found = list(iter_json_values(deep + ' {"statements": [{"verdict": 1}]}'))
    assert [f.end for f in found] == [200_000, len(deep) + 33]


def test_clean_json_values_do_not_use_up_the_failure_budget() -> None:
    citations = "".join(f"[{i}] " for i in range(1000))
    output = citations + json.dumps({"statements": ITEMS[:2]})
    parsed = parse_verdicts(output)
    assert parsed is not None and parsed.values == (0, 1)


def test_failed_starts_are_bounded_but_scale_with_the_text() -> None:
    text = "{a" * 1_000_000  # every "{" is a start that fails after one character
    assert len(list(iter_json_values(text))) == MAX_FAILED_STARTS + len(text) // 256


@pytest.mark.parametrize(
    "output", ["Final verdict for each statement in order:" + " yes." * 50_000, "Verdict: no. " * 50_000]
)
def test_reading_stops_at_max_verdicts(output: str) -> None:
    parsed = parse_verdicts(output)
    assert parsed is not None and len(parsed.values) == MAX_VERDICTS
    score = get_scorer("ragas").score(Case(id="c", statements=["A.", "B."], grader_output=output))
    assert [w.value for w in score.warnings] == ["more_verdicts"]


_JSON_SCALARS = st.none() | st.booleans() | st.integers(-2, 3) | st.floats(allow_nan=False) | st.text(max_size=5)
_ITEM = st.fixed_dictionaries(
    {},
    optional={
        "verdict": st.sampled_from([0, 1]) | _JSON_SCALARS | st.sampled_from(["yes", " No ", "1", "0"]),
        "statement": st.text(max_size=8) | _JSON_SCALARS,
        "reason": st.text(max_size=8) | _JSON_SCALARS,
        "extra": _JSON_SCALARS,
    },
)


@given(items=st.lists(_ITEM | _JSON_SCALARS | st.lists(_JSON_SCALARS, max_size=2), max_size=6), repaired=st.booleans())
@example(items=[{"verdict": 1, "statement": "A.", "reason": "r"}], repaired=False)  # the fast path itself
@example(items=[{"verdict": True, "statement": "A.", "reason": "r"}], repaired=True)  # bool is not int
@example(items=[{"verdict": 1, "statement": "A."}], repaired=False)  # a key missing
@example(items=[], repaired=False)
def test_the_whole_list_fast_path_reads_what_item_by_item_reads(items: list[object], repaired: bool) -> None:
    assert _read_items(items, repaired=repaired) == _read_items_one_by_one(items, repaired=repaired)


@pytest.mark.parametrize("count", [3, 5_000, 9_999, 10_000, 12_000])
def test_markers_past_the_limit_are_the_first_ones_in_order(count: int) -> None:
    words = ["yes" if i % 3 else "no" for i in range(count)]
    text = " ".join(f"verdict: {word}. some reasoning here." for word in words)
    read = [item.word for item, _at in read_markers(text)]
    assert read == words[:MAX_VERDICTS]


_SPACES = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u180e"


@given(text=st.text(alphabet=st.sampled_from(_SPACES + "x")) | st.text())
@example(text="\ufeff")  # JavaScript whitespace that str.isspace() does not know
@example(text=" \x1c ")  # str.isspace() whitespace that JavaScript keeps
@example(text="\x85")
def test_blank_check_is_javascript_trim(text: str) -> None:
    assert _is_blank(text) == (text.strip(JS_WHITESPACE) == "")


@given(text=st.text())
@example(text="1. The World’s Fair — 1889")  # non-ASCII separators fold like ASCII ones
@example(text="(2) snake_case and ÉCOLE")
def test_letters_and_digits_are_the_normalised_form_without_spaces(text: str) -> None:
    """The cheap key alignment compares first can never miss a normalised match."""
    assert letters_and_digits(text) == normalise_statement(text).replace(" ", "")


def test_a_megabyte_with_a_verdict_only_at_its_end_is_still_read() -> None:
    text = "x" * (3 * 2**18 + 5) + " Verdict: No."
    assert verdicts_module._parse_text(text, None) is not None
    parsed = parse_verdicts(text)
    assert parsed is not None and parsed.values == (0,)


def test_strings_pprint_split_are_one_string_as_python_reads_them() -> None:
    """pprint cuts a long string into adjacent literals; Python joins them. Read as a key and its
    value, they shifted every field after them and lost the item's verdict (heldout31, heldout35)."""
    import ast
    import pprint

    statements = [f"Statement number {n} is a sentence long enough for pprint to split it in two." for n in (1, 2)]
    value = {
        "verdicts": [{"statement": text, "verdict": verdict} for text, verdict in zip(statements, (1, 0), strict=True)]
    }
    printed = pprint.pformat(value, width=60)
    assert "' '" in printed or "'\n" in printed  # the strings really are split
    (found,) = list(iter_json_values(printed))
    assert found.value == ast.literal_eval(printed) == value
    result = get_scorer("ragas").score(Case(id="c", statements=statements, grader_output=printed))
    assert result.value == 0.5, result.reason
