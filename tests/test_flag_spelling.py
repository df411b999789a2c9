"""One reading of a true/false option (``compat._text.parse_flag``), used by both places that take one:
``grade --arm ...,strict-json=`` and the promptfoo assertion's ``strict_json``. Each accepts every
spelling either accepted before (so nothing that worked stops working), in any case."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compat._text import FLAG_SPELLINGS, parse_flag
from compat.grading import ArmError, parse_arm
from compat.rollout import AssertionConfigError, AssertionSettings

# What each caller accepted before the one function: the assertion true/false (and booleans), --arm these.
ASSERTION_BEFORE = {"true": True, "false": False}
ARM_BEFORE = {"true": True, "yes": True, "1": True, "on": True, "false": False, "no": False, "0": False, "off": False}


def _spelled(word: str, cases: list[bool]) -> str:
    """``word`` as a person might type it: each letter upper or lower case."""
    return "".join(c.upper() if upper else c for c, upper in zip(word, cases + [False] * len(word), strict=False))


@given(st.sampled_from(sorted({**ASSERTION_BEFORE, **ARM_BEFORE}.items())), st.lists(st.booleans(), max_size=5))
def test_every_spelling_either_caller_took_reads_alike_in_any_case(item: tuple[str, bool], cases: list[bool]) -> None:
    word, meaning = item
    written = _spelled(word, cases)
    assert parse_flag(written) is meaning
    assert parse_flag(f" {written}\t") is meaning
    assert strict_json_of_arm(written) is meaning
    assert AssertionSettings.from_config({"model": "m", "strict_json": written}).strict_json is meaning


def test_booleans_and_yaml_numbers_read_as_themselves() -> None:
    assert parse_flag(True) is True and parse_flag(False) is False
    assert AssertionSettings.from_config({"model": "m", "strict_json": True}).strict_json is True
    assert AssertionSettings.from_config({"model": "m", "strict_json": 0}).strict_json is False  # YAML's 0


@pytest.mark.parametrize("value", ["maybe", "", "tru", "2", "1.0", "y", "truefalse"])
def test_anything_else_is_refused_naming_the_value_and_the_spellings(value: str) -> None:
    accepted = "true, yes, on, 1; false, no, off, 0"
    with pytest.raises(ValueError, match="is not true or false") as raised:
        parse_flag(value)
    assert repr(value) in str(raised.value) and accepted in str(raised.value)
    with pytest.raises(ArmError) as arm_error:
        strict_json_of_arm(value)
    assert f"--arm 'mini=ragas,strict-json={value}': strict-json: {value!r} is not true or false" in str(
        arm_error.value
    )
    assert accepted in str(arm_error.value)
    with pytest.raises(AssertionConfigError) as config_error:
        AssertionSettings.from_config({"model": "m", "strict_json": value})
    assert str(config_error.value).startswith(f"config: strict_json: {value!r} is not true or false")
    assert accepted in str(config_error.value)


def test_the_spellings_are_the_union_of_what_each_caller_took() -> None:
    every = {spelling: meaning for meaning, spellings in FLAG_SPELLINGS.items() for spelling in spellings}
    assert every == {**ASSERTION_BEFORE, **ARM_BEFORE}


def strict_json_of_arm(value: str) -> bool:
    arm = parse_arm(f"mini=ragas,strict-json={value}", model="m", base_url=None, options={})
    return arm.strict_json
