"""JavaScript semantics, checked against values node prints."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compat.scoring._javascript import JS_WHITESPACE, js_number_to_string, js_to_fixed_2, js_trim


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (0.5, "0.5"),
        (1.0, "1"),
        (0.0, "0"),
        (-0.0, "0"),
        (0.7, "0.7"),
        (1e-7, "1e-7"),
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (123.456, "123.456"),
        (1e-6, "0.000001"),
        (1.5e-6, "0.0000015"),
        (-0.5, "-0.5"),
        (2.0**53, "9007199254740992"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (5e-324, "5e-324"),
        (math.nan, "NaN"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
    ],
)
def test_number_to_string(x: float, text: str) -> None:
    assert js_number_to_string(x) == text


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (0.125, "0.13"),
        (-0.125, "-0.13"),
        (0.625, "0.63"),
        (0.6666666666666667, "0.67"),
        (-0.19999999999999996, "-0.20"),
        (-0.33333333333333326, "-0.33"),
        (0.005, "0.01"),
        (-0.001, "-0.00"),
        (1.005, "1.00"),
        (-0.0, "0.00"),
        (math.nan, "NaN"),
        (-math.inf, "-Infinity"),
        (1e21, "1e+21"),
    ],
)
def test_to_fixed_2(x: float, text: str) -> None:
    assert js_to_fixed_2(x) == text


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_number_to_string_round_trips(x: float) -> None:
    assert float(js_number_to_string(x)) == x


def test_trim_is_javascripts_not_pythons() -> None:
    assert js_trim("\ufeff x \u3000") == "x"
    assert js_trim("\x1c\x85") == "\x1c\x85"
    assert set(JS_WHITESPACE) - set(" \t\n\r\x0b\x0c") >= {"\ufeff", "\u00a0", "\u2028", "\u2029", "\u202f"}
