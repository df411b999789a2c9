"""The blind generator itself: deterministic for a seed, every layout drawn, truths consistent, no placeholder left.

Nothing here asks how the fixed scorer reads these outputs (the reader is being rewritten;
``python -m tests.scoring.blind.measure`` prints that).
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, LayoutSet
from tests.scoring.blind.heldout import HELDOUT, heldout_outputs
from tests.scoring.blind.heldout2 import HELDOUT2
from tests.scoring.blind.heldout3 import HELDOUT3, MAX_N
from tests.scoring.blind.heldout4 import HELDOUT4
from tests.scoring.blind.heldout5 import HELDOUT5
from tests.scoring.blind.heldout6 import HELDOUT6
from tests.scoring.blind.heldout7 import HELDOUT7
from tests.scoring.blind.heldout8 import HELDOUT8
from tests.scoring.blind.heldout9 import HELDOUT9
from tests.scoring.blind.heldout10 import HELDOUT10
from tests.scoring.blind.heldout11 import HELDOUT11
from tests.scoring.blind.heldout12 import HELDOUT12
from tests.scoring.blind.heldout13 import HELDOUT13
from tests.scoring.blind.heldout14 import HELDOUT14
from tests.scoring.blind.heldout15 import HELDOUT15
from tests.scoring.blind.heldout16 import HELDOUT16
from tests.scoring.blind.heldout17 import HELDOUT17
from tests.scoring.blind.heldout18 import HELDOUT18
from tests.scoring.blind.heldout19 import HELDOUT19
from tests.scoring.blind.heldout20 import HELDOUT20
from tests.scoring.blind.heldout21 import HELDOUT21
from tests.scoring.blind.heldout22 import HELDOUT22
from tests.scoring.blind.heldout23 import HELDOUT23
from tests.scoring.blind.heldout24 import HELDOUT24
from tests.scoring.blind.heldout25 import HELDOUT25
from tests.scoring.blind.heldout26 import HELDOUT26
from tests.scoring.blind.heldout27 import HELDOUT27
from tests.scoring.blind.heldout28 import HELDOUT28
from tests.scoring.blind.heldout29 import HELDOUT29
from tests.scoring.blind.heldout30 import HELDOUT30
from tests.scoring.blind.heldout31 import HELDOUT31
from tests.scoring.blind.heldout32 import HELDOUT32
from tests.scoring.blind.heldout33 import HELDOUT33
from tests.scoring.blind.heldout34 import HELDOUT34
from tests.scoring.blind.heldout35 import HELDOUT35
from tests.scoring.blind.heldout36 import HELDOUT36
from tests.scoring.blind.heldout37 import HELDOUT37
from tests.scoring.blind.heldout38 import HELDOUT38
from tests.scoring.blind.heldout39 import HELDOUT39
from tests.scoring.blind.heldout40 import HELDOUT40
from tests.scoring.blind.heldout41 import HELDOUT41
from tests.scoring.blind.heldout42 import HELDOUT42
from tests.scoring.blind.heldout43 import HELDOUT43
from tests.scoring.blind.layouts import DEV, dev_outputs
from tests.scoring.blind.measure import main, measure
from tests.scoring.graders import SHAPES, RandomChooser

SETS = {"dev": DEV, "heldout": HELDOUT}
PLACEHOLDER = re.compile(r"\{(?:k|s|v|n|o|y|u|L|pl|are|a)\}")


def drawn(layout_set: LayoutSet, seed: int, count: int) -> list[BlindOutput]:
    chooser = RandomChooser(random.Random(seed))
    return [layout_set.draw(chooser) for _ in range(count)]


def check(output: BlindOutput) -> None:
    """What every output must hold, whatever its layout."""
    assert output.grader_output.strip(), output.layout
    assert output.statements_output.strip(), output.layout
    assert output.statements, output.layout
    for text in (output.grader_output, output.statements_output):
        assert not PLACEHOLDER.search(text), (output.layout, text)
    for statement in output.statements:
        assert statement in output.statements_output, (output.layout, statement)
    if output.refusal:
        assert output.truth is None
        assert output.expected is None
        return
    assert output.truth is not None
    assert len(output.truth) == len(output.statements)
    assert any(t is not None for t in output.truth), "a person reads a score only where something was judged"
    supported = sum(1 for t in output.truth if t is True)
    assert output.expected == supported / len(output.statements)
    assert output.expected == output.expected_score
    assert str(len(output.statements)) == output.dimensions["n"]


def test_sets_are_large_enough_and_apart() -> None:
    assert len(DEV.names) >= 10
    assert len(HELDOUT.names) >= 5
    assert not set(DEV.names) & set(HELDOUT.names)
    assert not (set(DEV.names) | set(HELDOUT.names)) & set(SHAPES)


@pytest.mark.parametrize("name", sorted(SETS))
def test_deterministic_for_a_seed(name: str) -> None:
    first = drawn(SETS[name], 11, 200)
    again = drawn(SETS[name], 11, 200)
    assert [(o.layout, o.statements_output, o.grader_output, o.truth) for o in first] == [
        (o.layout, o.statements_output, o.grader_output, o.truth) for o in again
    ]
    other = drawn(SETS[name], 12, 200)
    assert [o.grader_output for o in first] != [o.grader_output for o in other]


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_layout_is_drawn_and_consistent(name: str) -> None:
    outputs = drawn(SETS[name], 3, 1500)
    assert {o.layout for o in outputs} == set(SETS[name].names)
    for output in outputs:
        check(output)


@pytest.mark.parametrize(("name", "layout"), [(n, layout) for n, s in sorted(SETS.items()) for layout in s.names])
def test_each_layout_on_its_own(name: str, layout: str) -> None:
    chooser = RandomChooser(random.Random(layout))
    outputs = [SETS[name].draw(chooser, layout) for _ in range(150)]
    for output in outputs:
        assert output.layout == layout
        check(output)
    refusals = {o.refusal for o in outputs}
    variety = len({o.grader_output for o in outputs})
    assert variety > (8 if refusals == {True} else 100), "the layout barely varies"
    assert len(refusals) == 1, "a layout is either a refusal layout or a verdict layout"
    if refusals == {False}:
        assert {len(o.statements) for o in outputs} >= {2, 3, 4}
        assert any(o.truth is not None and None in o.truth for o in outputs) or layout == "foreign_words"


@settings(max_examples=60, deadline=None)
@given(dev_outputs())
def test_dev_strategy(output: BlindOutput) -> None:
    assert output.layout in DEV.names
    check(output)


@settings(max_examples=60, deadline=None)
@given(heldout_outputs())
def test_heldout_strategy(output: BlindOutput) -> None:
    assert output.layout in HELDOUT.names
    check(output)


def test_measure_runs_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    report = measure("dev", 5, 60)
    assert report.outputs == 60
    assert sum(t.outputs for t in report.layouts.values()) == 60
    assert report.wrong <= report.misreads <= report.outputs
    assert main(["--set", "heldout", "--seed", "5", "--n", "30"]) == 0
    printed = capsys.readouterr().out
    assert "set heldout, seed 5: 30 outputs" in printed
    assert "examples of misreads" not in printed


def test_heldout2_draws_valid_outputs() -> None:
    """The second held-out set: apart from the others, deterministic, every layout drawn and consistent."""
    assert len(HELDOUT2.names) >= 8
    assert not set(HELDOUT2.names) & (set(DEV.names) | set(HELDOUT.names) | set(SHAPES))
    outputs = drawn(HELDOUT2, 3, 400)
    assert [o.grader_output for o in outputs[:50]] == [o.grader_output for o in drawn(HELDOUT2, 3, 50)]
    assert {o.layout for o in outputs} == set(HELDOUT2.names)
    for output in outputs:
        check(output)
    for layout in HELDOUT2.names:
        chooser = RandomChooser(random.Random(layout))
        own = [HELDOUT2.draw(chooser, layout) for _ in range(40)]
        for output in own:
            check(output)
        assert len({o.refusal for o in own}) == 1, "a layout is either a refusal layout or a verdict layout"
        assert len({o.grader_output for o in own}) > (8 if own[0].refusal else 30), layout
        if not own[0].refusal:
            assert any(o.truth is not None and None in o.truth for o in own), layout


# The sets written one a round after the second (each apart from every set before it).
LATER_SETS = (
    HELDOUT3,
    HELDOUT4,
    HELDOUT5,
    HELDOUT6,
    HELDOUT7,
    HELDOUT8,
    HELDOUT9,
    HELDOUT10,
    HELDOUT11,
    HELDOUT12,
    HELDOUT13,
    HELDOUT14,
    HELDOUT15,
    HELDOUT16,
    HELDOUT17,
    HELDOUT18,
    HELDOUT19,
    HELDOUT20,
    HELDOUT21,
    HELDOUT22,
    HELDOUT23,
    HELDOUT24,
    HELDOUT25,
    HELDOUT26,
    HELDOUT27,
    HELDOUT28,
    HELDOUT29,
    HELDOUT30,
    HELDOUT31,
    HELDOUT32,
    HELDOUT33,
    HELDOUT34,
    HELDOUT35,
    HELDOUT36,
    HELDOUT37,
    HELDOUT38,
    HELDOUT39,
    HELDOUT40,
    HELDOUT41,
    HELDOUT42,
    HELDOUT43,
)


@pytest.mark.parametrize("layout_set", LATER_SETS, ids=lambda layout_set: layout_set.name)
def test_a_later_held_out_set_draws_valid_outputs(layout_set: LayoutSet) -> None:
    """Apart from every earlier set, deterministic and seed-dependent, every layout drawn and
    consistent, up to 10 statements; each layout varied, of one kind (refusals or verdicts),
    with 2, 3 and 4 statements and an undecided item among its verdict outputs."""
    assert len(layout_set.names) >= 12
    earlier = (DEV, HELDOUT, HELDOUT2, *LATER_SETS[: LATER_SETS.index(layout_set)])
    assert not set(layout_set.names) & ({name for other in earlier for name in other.names} | set(SHAPES))
    outputs = drawn(layout_set, 3, 700)
    assert [o.grader_output for o in outputs[:50]] == [o.grader_output for o in drawn(layout_set, 3, 50)]
    assert [o.grader_output for o in outputs[:50]] != [o.grader_output for o in drawn(layout_set, 4, 50)]
    assert {o.layout for o in outputs} == set(layout_set.names)
    for output in outputs:
        check(output)
    assert max(len(o.statements) for o in outputs) == MAX_N
    for layout in layout_set.names:
        chooser = RandomChooser(random.Random(layout))
        own = [layout_set.draw(chooser, layout) for _ in range(60)]
        for output in own:
            check(output)
        assert len({o.refusal for o in own}) == 1, "a layout is either a refusal layout or a verdict layout"
        assert len({o.grader_output for o in own}) > (8 if own[0].refusal else 45), layout
        if not own[0].refusal:
            assert {len(o.statements) for o in own} >= {2, 3, 4}, layout
            assert any(o.truth is not None and None in o.truth for o in own), layout


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LATER_SETS).flatmap(lambda layout_set: layout_set.strategy()))
def test_the_later_sets_strategies(output: BlindOutput) -> None:
    assert any(output.layout in layout_set.names for layout_set in LATER_SETS)
    check(output)
