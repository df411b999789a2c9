"""The legacy arm: every row of the spec's table, and characterization properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, find, given
from hypothesis import strategies as st

from compat import Case, get_scorer
from compat.scoring._legacy import FINAL_VERDICT_HEADER

THREE = "Statement one.\nStatement two.\nStatement three."
FIVE = "S1.\nS2.\nS3.\nS4.\nS5."
HEADER = "Final verdict for each statement in order:"
legacy = get_scorer("legacy")


def score(statements_output: str, grader_output: str, threshold: float = 0.5) -> tuple[float, bool, str]:
    result = legacy.score(
        Case(id="c", statements_output=statements_output, grader_output=grader_output, threshold=threshold)
    )
    assert result.value is not None
    return result.value, result.passed, result.reason


def same_float(a: float, b: float) -> bool:
    """Bit-level equality, NaN equal to NaN, 0.0 distinct from -0.0."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


SPEC_TABLE = [
    pytest.param(
        THREE,
        "Statement one is supported. Verdict: Yes.\nStatement two is not. Verdict: No.\n"
        "Statement three is supported. Verdict: Yes.\n" + HEADER + " Yes. No. Yes.",
        0.6666666666666667,
        True,
        "Faithfulness 0.67 is >= 0.5",
        id="explanations-then-final-line",
    ),
    pytest.param(
        THREE,
        "I apologize, but I cannot create statements or provide an analysis based on the given context.",
        1.0,
        True,
        "Faithfulness 1.00 is >= 0.5",
        id="refusal-scores-one",
    ),
    pytest.param(
        FIVE, "Verdict: No.\n" * 6, -0.19999999999999996, False, "Faithfulness -0.20 is < 0.5", id="minus-0.2"
    ),
    pytest.param(
        THREE,
        HEADER + " No. No. No. No.",
        -0.33333333333333326,
        False,
        "Faithfulness -0.33 is < 0.5",
        id="four-nos-three-statements",
    ),
    pytest.param(
        THREE,
        HEADER + " 1. Yes. 2. Yes. 3. Yes.",
        0.0,
        False,
        "Faithfulness 0.00 is < 0.5",
        id="enumeration-counts-as-no",
    ),
    pytest.param(
        THREE,
        "Verdict: NO.\nverdict:no.\nVerdict: Yes.",
        0.6666666666666667,
        True,
        "Faithfulness 0.67 is >= 0.5",
        id="no-space-variant-missed",
    ),
    pytest.param(
        "  \n \n", "Verdict: No.", -math.inf, False, "Faithfulness -Infinity is < 0.5", id="zero-statements-inf"
    ),
    pytest.param("  \n \n", HEADER + " Yes.", math.nan, False, "Faithfulness NaN is < 0.5", id="zero-statements-nan"),
    pytest.param(
        "A.\n\nB.\n", HEADER + " Yes. No.", 0.5, True, "Faithfulness 0.50 is >= 0.5", id="blank-lines-dropped"
    ),
    pytest.param(THREE, "", 0.0, False, "No output", id="empty-output"),
]


@pytest.mark.parametrize(("statements_output", "grader_output", "value", "passed", "reason"), SPEC_TABLE)
def test_spec_table(statements_output: str, grader_output: str, value: float, passed: bool, reason: str) -> None:
    got_value, got_passed, got_reason = score(statements_output, grader_output)
    assert same_float(got_value, value), got_value
    assert got_passed is passed
    assert got_reason == reason


def test_empty_call_one_is_no_output() -> None:
    assert score("", "Verdict: Yes.") == (0.0, False, "No output")


def test_whitespace_only_grader_output_is_not_empty() -> None:
    assert score(THREE, "   ") == (1.0, True, "Faithfulness 1.00 is >= 0.5")


def test_statements_list_stands_in_for_missing_call_one() -> None:
    case = Case(id="c", statements=["A.", "  ", "B."], grader_output="Verdict: No.")
    assert legacy.score(case).value == 0.5


def test_statements_output_wins_over_list() -> None:
    case = Case(id="c", statements_output="A.", statements=["A.", "B."], grader_output="Verdict: No.")
    assert legacy.score(case).value == 0.0


@pytest.mark.parametrize(
    ("threshold", "printed"),
    [(0.0, "0"), (1.0, "1"), (0.7, "0.7"), (1e-7, "1e-7"), (1e21, "1e+21"), (0.125, "0.125"), (-0.5, "-0.5")],
)
def test_threshold_printed_as_javascript_does(threshold: float, printed: str) -> None:
    assert score(THREE, "", threshold)[2] == "No output"
    assert score(THREE, "Verdict: Yes.", threshold)[2].endswith(" " + printed)


@pytest.mark.parametrize(
    ("statements", "nos", "fixed"),
    [(8, 7, "0.13"), (8, 9, "-0.13"), (8, 3, "0.63"), (3, 1, "0.67"), (3, 2, "0.33")],
)
def test_to_fixed_rounds_ties_away_from_zero(statements: int, nos: int, fixed: str) -> None:
    output = "\n".join(f"S{i}." for i in range(statements))
    assert score(output, "Verdict: No. " * nos)[2].startswith(f"Faithfulness {fixed} ")


@pytest.mark.parametrize(
    ("separator", "counts"),
    [("\ufeff", False), ("\u00a0", False), ("\u2028", False), ("\u0085", True), ("\u001c", True), ("\r", False)],
)
def test_statement_blankness_uses_javascript_trim(separator: str, counts: bool) -> None:
    """A line of only U+0085 or U+001C is a statement to JavaScript (Python's strip would drop it)."""
    value, _, _ = score("A.\n" + separator + "\nB.", "Verdict: No.")
    assert value == (1 - 1 / 3 if counts else 0.5)


def test_bom_before_header_is_trimmed() -> None:
    value, _, _ = score(THREE, "\ufeff" + HEADER + " Yes. Yes. Yes.\ufeff")
    assert value == 1.0


def test_first_header_occurrence_is_used() -> None:
    value, _, _ = score(THREE, HEADER + " Yes. Yes. Yes. " + HEADER + " No. No. No.")
    # Everything after the first header is split on ".": the second header and its first
    # "No" form one piece, then " no", " no": three pieces without "yes" over three statements.
    assert value == 0.0


# ----------------------------------------------------------- characterization

markers = st.sampled_from(["Verdict: No", "verdict: no", "VERDICT: NO", "Verdict: no."])
near_misses = st.sampled_from(["Verdict:no", "Verdict:  No", "Verdict: Yes", "verdict - no", "no verdict"])


@given(
    n=st.integers(0, 30),
    nos=st.lists(markers, max_size=30),
    misses=st.lists(near_misses, max_size=10),
    seed=st.randoms(use_true_random=False),
)
@example(n=5, nos=["Verdict: No."] * 6, misses=[], seed=None)
@example(n=0, nos=["Verdict: No"], misses=[], seed=None)
@example(n=0, nos=[], misses=[], seed=None)
def test_marker_branch_is_one_minus_nos_over_n(n: int, nos: list[str], misses: list[str], seed: object) -> None:
    """Without the header: 1 - (count of "verdict: no") / n, unclamped, JavaScript division."""
    parts = nos + misses
    if seed is not None:
        seed.shuffle(parts)  # type: ignore[attr-defined]
    statements = "\n".join(f"Claim {i}." for i in range(n)) or " \n "
    value, passed, _ = score(statements, "Explanation.\n" + "\n".join(parts))
    k = len(nos)
    expected = (math.nan if k == 0 else -math.inf) if n == 0 else 1 - k / n
    assert same_float(value, expected)
    assert passed is (not math.isnan(expected) and expected >= 0.5 - 2.220446049250313e-16)


pieces = st.sampled_from([" Yes", " No", " yes", " 1", " Supported", " The context agrees", " nope", " yes indeed"])


@given(n=st.integers(1, 20), tail=st.lists(pieces, max_size=25))
@example(n=3, tail=[" 1", " Yes", " 2", " Yes", " 3", " Yes"])
def test_final_line_branch_counts_every_piece_without_yes(n: int, tail: list[str]) -> None:
    """After the header, every non-blank '.'-piece lacking "yes" is a "no", prose included."""
    statements = "\n".join(f"Claim {i}." for i in range(n))
    value, _, _ = score(statements, "Reasoning first.\n" + HEADER + ".".join(tail) + ".")
    bad = sum(1 for piece in tail if "yes" not in piece.lower())
    assert same_float(value, 1 - bad / n)


refusals = st.sampled_from(
    [
        "I apologize, but I cannot create statements or provide an analysis based on the given context.",
        "I'm sorry, I can't help with that.",
        "As an AI, I am unable to assess these statements.",
        "Lo siento, no puedo evaluar estas afirmaciones.",
    ]
)


@given(n=st.integers(1, 20), refusal=refusals)
@example(n=3, refusal="I apologize, but I cannot create statements or provide an analysis based on the given context.")
def test_a_refusal_scores_one_and_passes(n: int, refusal: str) -> None:
    statements = "\n".join(f"Claim {i}." for i in range(n))
    assert score(statements, refusal)[:2] == (1.0, True)


def test_hypothesis_finds_a_negative_legacy_score() -> None:
    found = find(
        st.tuples(st.integers(1, 10), st.integers(0, 12)),
        lambda nk: (
            legacy.score(
                Case(
                    id="c",
                    statements_output="\n".join("S." for _ in range(nk[0])),
                    grader_output="Verdict: No. " * nk[1],
                )
            ).value
            < 0
        ),  # type: ignore[operator]
    )
    assert found == (1, 2)  # the minimal case: one statement, two "no"s


def test_hypothesis_finds_a_verdictless_output_scoring_one() -> None:
    found = find(
        st.text(st.sampled_from("Iapologize, cnt."), min_size=1),
        lambda text: (
            text.strip() != "" and legacy.score(Case(id="c", statements_output="S.", grader_output=text)).value == 1.0
        ),
    )
    assert FINAL_VERDICT_HEADER not in found.lower() and "verdict: no" not in found.lower()
