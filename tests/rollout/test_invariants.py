"""The fixed scorer's contract, as Hypothesis properties (shared with `faithcompat gate`)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat.cases import case_line, parse_case
from compat.rollout.gate import invariants as inv
from compat.rollout.gate import strategies
from compat.rollout.gate.synth import Judgement, Style
from compat.scoring import MismatchPolicy


def run(invariant: inv.Invariant, drawn: Any) -> None:
    invariant.check(inv.default_fixed, drawn)


ONE = Judgement(("The capital of France is Paris.",), (1,), ("The context says so.",))
TWO = Judgement(("A river.", "A tower."), (1, 0), ("Stated.", "Not stated."))
RISKY = Judgement(("The jury's verdict: no appeal on the bridge.", "A tower."), (1, 0), ("Stated.", "Not stated."))
ONE_NO = Judgement(("The the.",), (0,), ("The context .",))
ELEVEN = Judgement(tuple(f"Statement number {k}." for k in range(11)), (0,) * 11, ("The context .",) * 11)


@given(inv.BOUNDED.strategy)
@example(("A.\nB.", "Final verdict for each statement in order: No. No. No. No.", MismatchPolicy.UNSUPPORTED, 0.5))
@example(("  \n \n", "Verdict: No.", MismatchPolicy.UNSUPPORTED, 0.5))
@example(("A.", '[{"verdict": 2}, {"verdict": -1}]', MismatchPolicy.VERDICT_RATIO, 0.5))
def test_bounded(drawn: Any) -> None:
    run(inv.BOUNDED, drawn)


@given(inv.EXACT_RATIO.strategy)
@example((TWO, "json_bare_list"))
def test_exact_ratio(drawn: Any) -> None:
    run(inv.EXACT_RATIO, drawn)


@given(inv.SAME_IN_EVERY_FORMAT.strategy)
@example(TWO)
def test_same_in_every_format(drawn: Any) -> None:
    run(inv.SAME_IN_EVERY_FORMAT, drawn)


@given(inv.FLIP_NEVER_LOWERS.strategy)
@example((TWO, "text_per_statement", 1, MismatchPolicy.VERDICT_RATIO))
def test_flip_never_lowers(drawn: Any) -> None:
    run(inv.FLIP_NEVER_LOWERS, drawn)


@given(inv.FAILURE_NEVER_RAISES.strategy)
@example((TWO, "json_pretty", "truncate", 60, MismatchPolicy.UNSUPPORTED))
@example((TWO, "text_legacy", "drop", 1, MismatchPolicy.UNSUPPORTED))
@example((TWO, "json_plain", "corrupt", 1, MismatchPolicy.UNDETERMINED))
@example((ONE, "think_then_final_line", "drop", 0, MismatchPolicy.UNSUPPORTED))  # an empty judgement renders
@example(  # an overall verdict beside an emptied detail list is not a statement's verdict
    (Judgement(("The the.",), (0,), ("r",)), "json_with_overall_verdict", "drop", 0, MismatchPolicy.UNSUPPORTED)
)
@example(  # JSON cut inside a statement that reads like a verdict: the text reader must not take it
    (Judgement(("Verdict: Yes, the the.",), (0,), ("r",)), "json_bare_list", "truncate", 26, MismatchPolicy.UNSUPPORTED)
)
@example(  # Found by the ci profile: "Statement 1: T" cut from "...: The context" is no compact pair "S1=T"
    (Judgement(("The the.",), (0,), ("The context .",)), "text_final_line", "truncate", 464, MismatchPolicy.UNSUPPORTED)
)
@example(  # Found by the ci profile: an output cut inside statement 3's echo, "3. Verdict: Y", is no verdict
    (
        Judgement(
            ("The the capital.", "The jury's verdict: no appeal.", "Verdict: Yes, the the."), (0, 0, 0), ("r",) * 3
        ),
        "text_per_statement",
        "truncate",
        123,
        MismatchPolicy.UNSUPPORTED,
    )
)
def test_failure_never_raises(drawn: Any) -> None:
    run(inv.FAILURE_NEVER_RAISES, drawn)


@given(inv.NO_VERDICT_UNDETERMINED.strategy)
@example((ONE, "I apologize, but I cannot create statements or provide an analysis.", MismatchPolicy.UNSUPPORTED))
@example((ONE, "[1, 2, 3] {}", MismatchPolicy.VERDICT_RATIO))
@example((ONE, "Y:A", MismatchPolicy.UNSUPPORTED))  # a verdict word then prose is not a list line
@example((Judgement(("The the.",), (0,), ("r",)), "\u00d7", MismatchPolicy.UNSUPPORTED))  # "×" multiplies
@example((ONE, "0", MismatchPolicy.UNSUPPORTED))  # a lone 0 is not a run of verdicts
@example((ONE_NO, "Y(A", MismatchPolicy.UNSUPPORTED))  # a lone letter glued to more text is not a verdict
@example((ONE_NO, "YES:A", MismatchPolicy.UNSUPPORTED))  # nor is a word glued to the next by punctuation
@example((ONE_NO, "YES:0A", MismatchPolicy.UNSUPPORTED))
@example((ONE_NO, "YES::A", MismatchPolicy.UNSUPPORTED))
@example((Judgement(("The the.", "Treaty opened."), (0, 0), ("r", "r")), ":0.:0", MismatchPolicy.UNSUPPORTED))
def test_no_verdict_undetermined(drawn: Any) -> None:
    run(inv.NO_VERDICT_UNDETERMINED, drawn)


def test_a_json_list_cut_off_after_a_verdict_is_not_verdictless_text() -> None:
    """Hypothesis drew "[0", "[00" and "[:0": truncated JSON lists whose 0 the scorer reads (as it should)."""
    assert not any(strategies._is_verdictless(text) for text in ("[0", "[00", "[:0", "[true"))
    assert strategies._is_verdictless("[citation needed] the context is silent")


def test_a_label_with_digits_before_a_verdict_word_is_a_verdict_not_verdictless_text() -> None:
    """Hypothesis drew "A0A:YES", "A00000000A:YES", "A:A:YES" and "À:YES" as text without a verdict:
    a field (of any length, letters, nesting) whose value is YES."""
    assert not any(
        strategies._is_verdictless(text)
        for text in ("A0A:YES", "A00000000A:YES", "A:A:YES", "À:YES", "s1: no", "Q2 - Yes")
    )


@given(inv.TOTAL.strategy)
@example(("[" * 100_000 + "]" * 100_000, "[" * 100_000 + "]" * 100_000))
@example(("A.", '{"statements": [' * 50_000))
@example(("A.", "\ud800\udfff\x00\ufeff" * 1000))
def test_total(drawn: Any) -> None:
    run(inv.TOTAL, drawn)


@given(inv.READS_KNOWN_VERDICTS.strategy)
@settings(max_examples=300)
@example((TWO, "styled_list", Style(vocabulary="exclaim", enumeration="paren", wrapper="aside")))
@example((TWO, "styled_list", Style(vocabulary="exclaim", enumeration="circled", wrapper="boxed")))
@example((TWO, "styled_final_line", Style(vocabulary="exclaim", enumeration="circled", wrapper="aside")))
@example((RISKY, "text_per_statement", None))
# Found by Hypothesis while the reader became one of items (issue 23): letters past h, roman
# numerals past x, a lone "n" before an aside.
@example((ELEVEN, "styled_final_line", Style(vocabulary="exclaim", enumeration="letter", wrapper="aside")))
@example((ELEVEN, "styled_final_line", Style(vocabulary="exclaim", enumeration="roman", wrapper="aside")))
@example((ONE_NO, "styled_final_line", Style(vocabulary="y_n", enumeration="circled", wrapper="aside")))
@example(
    (
        Judgement(("The the.", "Trial größer."), (0, 0), ("r", "r")),
        "styled_final_line",
        Style(vocabulary="y_n", separator=", and ", enumeration="circled", wrapper="backticks"),
    )
)
@example(
    (
        Judgement(tuple(f"Statement number {k}." for k in range(11)), (0,) * 11, ("r",) * 11),
        "styled_final_line",
        Style(vocabulary="y_n", separator=" · ", enumeration="circled", wrapper="backticks"),
    )
)
@example(
    (
        Judgement(("The the.", "River holds."), (0, 0), ("r", "r")),
        "styled_final_line",
        Style(vocabulary="y_n", separator="。", enumeration="circled", wrapper="backticks"),
    )
)
@example(
    (
        Judgement(tuple("The" + " the" * k + "." for k in range(1, 7)), (0,) * 6, ("r",) * 6),
        "styled_final_line",
        Style(vocabulary="y_n", separator=", and ", enumeration="circled", wrapper="backticks"),
    )
)
@example(  # found by a stored example: ordinals past the tenth ("Eleventh: ...") enumerate too
    (
        Judgement(
            (
                "The the the the.", "The the the the the the.", "The capital.", "The fruits (approx.)",
                "Verdict: Yes, river founded.", "Verdict: Yes, city vegetables.", "Verdict: Yes, city revenue.",
                "The the the.", "The the the the the the the.", "The jury's verdict: no appeal on the the.",
                "The the.", "The the the the the.",
            ),
            (0,) * 12,
            ("The context .",) * 12,
        ),
        "styled_list",
        Style(vocabulary="exclaim", separator=". ", enumeration="ordinal", wrapper="boxed", marker="Verdict: {}."),
    )
)  # fmt: skip
def test_reads_known_verdicts(drawn: Any) -> None:
    run(inv.READS_KNOWN_VERDICTS, drawn)


@given(inv.AGREES_WITH_LEGACY_ON_CLEAN_TEXT.strategy)
@example((TWO, "text_legacy", 0.5))
def test_agrees_with_legacy_on_clean_text(drawn: Any) -> None:
    run(inv.AGREES_WITH_LEGACY_ON_CLEAN_TEXT, drawn)


def test_every_invariant_has_a_test() -> None:
    tested = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert {invariant.name for invariant in inv.INVARIANTS} <= tested


@given(strategies.any_text)
@example("\ud800\udc00")  # a split pair: found by the test below before the gate drew case_text
@example("\udc00\ud800\ud800")
def test_case_text_reads_back_from_a_case_line_unchanged(text: str) -> None:
    as_read = strategies.as_json_reads_it(text)
    assert json.loads(json.dumps(as_read)) == as_read
    assert strategies.as_json_reads_it(as_read) == as_read


@settings(max_examples=200)
@given(st.sampled_from(inv.INVARIANTS).flatmap(lambda i: st.tuples(st.just(i), i.strategy)))
@example((inv.BOUNDED, ("", "\ud800", MismatchPolicy.UNSUPPORTED, 0.0)))
@example((inv.BOUNDED, (strategies.as_json_reads_it("\ud800\udc00"), "", MismatchPolicy.UNSUPPORTED, 0.0)))
def test_counterexamples_become_pasteable_case_lines(drawn: tuple[inv.Invariant, Any]) -> None:
    """What the gate prints for a counterexample parses back into the same cases."""
    invariant, value = drawn
    cases = invariant.cases(value)
    assert cases
    for case in cases:
        assert parse_case(json.loads(case_line(case))) == case


def test_a_verdict_word_of_any_language_alone_is_not_verdictless_text() -> None:
    # Found by a stored example: "JA" (German yes) was drawn as text without a verdict.
    assert not strategies._is_verdictless("JA")
    assert not strategies._is_verdictless("Sí.")
    assert not strategies._is_verdictless("YES: A")  # a verdict, then a note
    assert strategies._is_verdictless("YES:A")  # glued: not a verdict (pinned above)
    assert strategies._is_verdictless("The museum opens at nine.")
    # Found by Hypothesis (drawn as verdictless, read as a verdict): a superscript one is a one.
    assert not strategies._is_verdictless("\u00b9:YES")
    assert not strategies._is_verdictless("\u2460 No")  # a circled one
