"""Fixed examples for the upstream scorers, and their totality.

Every expected value here was produced by the published package (promptfoo 0.120.27, 0.121.19,
0.123.1 from npm; ragas 0.4.3 from PyPI) through the oracle drivers in ``oracle/``, so CI checks
the ports against upstream without installing it. ``test_upstream_oracle.py`` compares thousands
of generated cases live.
"""

from __future__ import annotations

import json
import math
import struct
import time

import pytest
from hypothesis import example, given

from compat.cases import Case
from compat.rollout.gate.strategies import case_text, thresholds
from compat.scoring import Cause, Status, get_scorer

UPSTREAM = ["promptfoo-0.120.27", "promptfoo-0.121.19", "promptfoo-0.123.1", "ragas-0.4.3"]


def bits(x: float) -> bytes:
    return struct.pack("<d", x)


# ------------------------------------------------------------------------------ promptfoo

THREE = "Statement one.\nStatement two.\nStatement three."
FIVE = "Statement one.\nStatement two.\nStatement three.\nStatement four.\nStatement five."
H = "Final verdict for each statement in order:"
EXPLAINED = (
    "1. Statement one.\nExplanation: The context says so directly.\nVerdict: Yes.\n"
    "2. Statement two.\nExplanation: The context does not mention it.\nVerdict: No.\n"
    "3. Statement three.\nExplanation: Stated in the second paragraph.\nVerdict: Yes.\n\n"
    "Final verdict for each statement in order: Yes. No. Yes."
)
CASES = [
    ("explained", THREE, EXPLAINED, 0.5),
    (
        "refusal",
        THREE,
        "I apologize, but I cannot create statements or provide an analysis based on the given context.",
        0.5,
    ),
    ("six-no-five", FIVE, "\n".join(["Verdict: No."] * 6), 0.5),
    ("four-no-three", THREE, H + " No. No. No. No.", 0.5),
    ("enumerated", THREE, H + " 1. Yes. 2. Yes. 3. Yes.", 0.5),
    ("marker-near-miss", THREE, "Verdict: NO.\nverdict:no.\nVerdict: Yes.", 0.5),
    ("zero-statements-no", "  \n \n", "Verdict: No.", 0.5),
    ("zero-statements-yes", "  \n \n", H + " Yes.", 0.5),
    ("blank-lines", "A.\n\nB.\n", H + " Yes. No.", 0.5),
    ("empty-call-2", THREE, "", 0.5),
    ("empty-call-1", "", "Verdict: Yes.", 0.5),
    ("zero-statements-empty-call-2", " ", "", 0.5),
    ("trailing-prose", THREE, H + " Yes. Yes. Yes.\nI hope this helps", 0.5),
    ("fewer-final", THREE, H + " Yes. Yes.", 0.5),
    ("fewer-markers", THREE, "Verdict: Yes.\nVerdict: No.", 0.5),
    ("more-final", THREE, H + " Yes. Yes. Yes. No. No.", 0.5),
    ("header-only", THREE, H + "  ", 0.5),
    ("commas", THREE, H + " Yes, No, Yes", 0.7),
    ("tie-rounding", "A\nB\nC\nD\nE\nF\nG\nH", H + " No. Yes. Yes. Yes. Yes. Yes. Yes. Yes.", 1e-7),
    (
        "json-verdicts",
        "A.\nB.",
        '{"statements": [{"statement": "A.", "reason": "r", "verdict": 1}, '
        '{"statement": "B.", "reason": "r", "verdict": 0}]}',
        0.5,
    ),
    ("threshold-zero", THREE, H + " No. No. No.", 0.0),
]

INPUTS = {name: (call_1, call_2) for name, call_1, call_2, _ in CASES}

# name, threshold, release -> (score, pass, reason, graderError), as the published package gives them.
EXPECTED: list[tuple[str, float, dict[str, tuple[float, bool, str, bool]]]] = [
    (
        "explained",
        0.5,
        {
            "0.120.27": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.121.19": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.123.1": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
        },
    ),
    (
        "refusal",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Could not parse context-faithfulness verdicts", True),
        },
    ),
    (
        "six-no-five",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
        },
    ),
    (
        "four-no-three",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
        },
    ),
    (
        "enumerated",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Could not parse context-faithfulness verdicts", True),
        },
    ),
    (
        "marker-near-miss",
        0.5,
        {
            "0.120.27": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.121.19": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
            "0.123.1": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
        },
    ),
    (
        "zero-statements-no",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Could not extract context-faithfulness statements", True),
        },
    ),
    (
        "zero-statements-yes",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Could not extract context-faithfulness statements", True),
        },
    ),
    (
        "blank-lines",
        0.5,
        {
            "0.120.27": (0.5, True, "Faithfulness 0.50 is >= 0.5", False),
            "0.121.19": (0.5, True, "Faithfulness 0.50 is >= 0.5", False),
            "0.123.1": (0.5, True, "Faithfulness 0.50 is >= 0.5", False),
        },
    ),
    (
        "empty-call-2",
        0.5,
        {
            "0.120.27": (0.0, False, "No output", False),
            "0.121.19": (0.0, False, "No output", False),
            "0.123.1": (0.0, False, "No output", True),
        },
    ),
    (
        "empty-call-1",
        0.5,
        {
            "0.120.27": (0.0, False, "No output", False),
            "0.121.19": (0.0, False, "No output", False),
            "0.123.1": (0.0, False, "No output", True),
        },
    ),
    (
        "zero-statements-empty-call-2",
        0.5,
        {
            "0.120.27": (0.0, False, "No output", False),
            "0.121.19": (0.0, False, "No output", False),
            "0.123.1": (0.0, False, "Could not extract context-faithfulness statements", True),
        },
    ),
    (
        "trailing-prose",
        0.5,
        {
            "0.120.27": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.121.19": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.123.1": (0.0, False, "Could not parse context-faithfulness verdicts", True),
        },
    ),
    (
        "fewer-final",
        0.5,
        {
            "0.120.27": (1.0, True, "Faithfulness 1.00 is >= 0.5", False),
            "0.121.19": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.123.1": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
        },
    ),
    (
        "fewer-markers",
        0.5,
        {
            "0.120.27": (0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5", False),
            "0.121.19": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
            "0.123.1": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
        },
    ),
    (
        "more-final",
        0.5,
        {
            "0.120.27": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
            "0.121.19": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
            "0.123.1": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.5", False),
        },
    ),
    (
        "header-only",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Could not parse context-faithfulness verdicts", True),
        },
    ),
    (
        "commas",
        0.7,
        {
            "0.120.27": (1.0, True, "Faithfulness 1.00 is >= 0.7", False),
            "0.121.19": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.7", False),
            "0.123.1": (0.33333333333333337, False, "Faithfulness 0.33 is < 0.7", False),
        },
    ),
    (
        "tie-rounding",
        1e-07,
        {
            "0.120.27": (0.875, True, "Faithfulness 0.88 is >= 1e-7", False),
            "0.121.19": (0.875, True, "Faithfulness 0.88 is >= 1e-7", False),
            "0.123.1": (0.875, True, "Faithfulness 0.88 is >= 1e-7", False),
        },
    ),
    (
        "json-verdicts",
        0.5,
        {
            "0.120.27": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.121.19": (0.0, False, "Faithfulness 0.00 is < 0.5", False),
            "0.123.1": (0.0, False, "Could not parse context-faithfulness verdicts", True),
        },
    ),
    (
        "threshold-zero",
        0.0,
        {
            "0.120.27": (0.0, True, "Faithfulness 0.00 is >= 0", False),
            "0.121.19": (0.0, True, "Faithfulness 0.00 is >= 0", False),
            "0.123.1": (0.0, True, "Faithfulness 0.00 is >= 0", False),
        },
    ),
]
PROMPTFOO_ROWS = [
    pytest.param(name, threshold, version, *outcome, id=f"{version}-{name}")
    for name, threshold, by_version in EXPECTED
    for version, outcome in by_version.items()
]


@pytest.mark.parametrize(("name", "threshold", "version", "score", "passed", "reason", "error"), PROMPTFOO_ROWS)
def test_promptfoo_matches_the_published_package(
    name: str, threshold: float, version: str, score: float, passed: bool, reason: str, error: bool
) -> None:
    call_1, call_2 = INPUTS[name]
    result = get_scorer("promptfoo-" + version).score(
        Case(id=name, statements_output=call_1, grader_output=call_2, threshold=threshold)
    )
    assert result.value is not None and bits(result.value) == bits(score)
    assert result.passed is passed
    assert result.reason == reason
    assert (result.status is Status.ERROR) is error


@pytest.mark.parametrize("version", ["0.120.27", "0.121.19", "0.123.1"])
def test_promptfoo_reads_a_statements_list_as_legacy_does(version: str) -> None:
    """Without call 1 text the list's non-blank entries are the statements (legacy_statement_count)."""
    scorer = get_scorer("promptfoo-" + version)
    listed = scorer.score(Case(id="l", statements=("A.", " ", "B."), grader_output=HEADER_LINE))
    text = scorer.score(Case(id="t", statements_output="A.\n \nB.", grader_output=HEADER_LINE))
    assert listed.value == text.value == 0.5 and listed.reason == text.reason == "Faithfulness 0.50 is >= 0.5"
    empty = scorer.score(Case(id="e", statements=(), grader_output=HEADER_LINE))
    if version == "0.123.1":
        assert empty.status is Status.ERROR and empty.reason == "Could not extract context-faithfulness statements"
    else:
        assert empty.status is Status.SCORED and empty.value == 0.0


HEADER_LINE = "Final verdict for each statement in order: Yes. No."


# ------------------------------------------------------------------------------ ragas

ITEMS = [{"statement": "A.", "reason": "r", "verdict": 1}, {"statement": "B.", "reason": "r", "verdict": 0}]
J = json.dumps({"statements": ITEMS})
S = json.dumps({"statements": ["A.", "B."]})
RCASES = [
    ("json", S, J),
    ("fenced-in-prose", S, "Here you go:\n```json\n" + J + "\n```\nDone."),
    ("bare-list", S, json.dumps(ITEMS)),
    ("truncated", S, J[:-8]),
    ("truncated-mid-item", S, J[: J.index('"B."')]),
    ("coerced-string-one", S, J.replace('"verdict": 0', '"verdict": "1"')),
    ("coerced-true", S, J.replace('"verdict": 0', '"verdict": true')),
    ("coerced-float", S, J.replace('"verdict": 0', '"verdict": 1.0')),
    ("yes-fails", S, J.replace('"verdict": 0', '"verdict": "yes"')),
    ("half-fails", S, J.replace('"verdict": 0', '"verdict": 0.5')),
    ("null-fails", S, J.replace('"verdict": 0', '"verdict": null')),
    ("missing-reason-fails", S, J.replace('"reason": "r", "verdict": 0', '"verdict": 0')),
    ("truthy-two", S, J.replace('"verdict": 0', '"verdict": 2')),
    ("truthy-minus-one", S, J.replace('"verdict": 0', '"verdict": -1')),
    ("more-verdicts", S, json.dumps({"statements": [*ITEMS, {"statement": "C.", "reason": "r", "verdict": 1}]})),
    ("fewer-verdicts", S, json.dumps({"statements": ITEMS[:1]})),
    ("zero-verdicts", S, '{"statements": []}'),
    ("zero-statements", '{"statements": []}', "anything"),
    ("blank-statements", '{"statements": [""]}', J),
    ("text-statements", "A.\nB.", J),
    ("text-verdicts", S, "Final verdict for each statement in order: Yes. No."),
    ("refusal", S, "I apologize, but I cannot help with that."),
    ("empty-call-2", S, ""),
    ("citation-first", S, "As [1] says, " + J),
    ("single-quotes", S, J.replace('"', "'")),
    ("fix-format-text", S, json.dumps({"text": J})),
    ("trailing-comma", S, J[:-2] + ",]}"),
    ("deep", S, "[" * 100000),
    ("big-int", S, J.replace('"verdict": 0', '"verdict": ' + "1" * 5000)),
    ("infinity", S, J.replace('"verdict": 0', '"verdict": 1e400')),
]

J = json.dumps({"statements": ITEMS})

# name -> what ragas 0.4.3 gives: a score (NaN included) or "raises".
RAGAS_EXPECTED: dict[str, float | str] = {
    "json": 0.5,
    "fenced-in-prose": 0.5,
    "bare-list": "raises",  # extract_json takes the list; NLIStatementOutput needs an object
    "truncated": "raises",
    "truncated-mid-item": "raises",
    "coerced-string-one": 1.0,
    "coerced-true": 1.0,
    "coerced-float": 1.0,
    "yes-fails": "raises",
    "half-fails": "raises",
    "null-fails": "raises",
    "missing-reason-fails": "raises",
    "truthy-two": 1.0,
    "truthy-minus-one": 1.0,
    "more-verdicts": 0.6666666666666666,  # over verdicts returned, not statements
    "fewer-verdicts": 1.0,
    "zero-verdicts": math.nan,
    "zero-statements": math.nan,
    "blank-statements": 0.5,  # [""] is not [], so the verdicts are asked for
    "text-statements": "raises",
    "text-verdicts": "raises",
    "refusal": "raises",
    "empty-call-2": "raises",
    "citation-first": "raises",  # extract_json takes "[1]"
    "single-quotes": "raises",
    "fix-format-text": 0.5,  # the fix-the-format retry reads {"text": ...}
    "trailing-comma": "raises",
    "deep": "raises",  # RecursionError
    "big-int": "raises",  # ValueError: int string conversion limit
    "infinity": "raises",  # 1e400 is inf: not an int
}


@pytest.mark.parametrize(("name", "call_1", "call_2"), [pytest.param(*row, id=row[0]) for row in RCASES])
def test_ragas_matches_the_published_library(name: str, call_1: str, call_2: str) -> None:
    result = get_scorer("ragas-0.4.3").score(Case(id=name, statements_output=call_1, grader_output=call_2))
    expected = RAGAS_EXPECTED[name]
    if expected == "raises":
        assert result.status is Status.ERROR and result.value is None and not result.passed
    elif isinstance(expected, float) and math.isnan(expected):
        assert result.status is Status.SCORED and result.value is not None and math.isnan(result.value)
        assert not result.passed
        assert result.cause is (Cause.NO_STATEMENTS if name == "zero-statements" else Cause.NO_VERDICTS)
    else:
        assert isinstance(expected, float)
        assert result.status is Status.SCORED and result.value is not None and bits(result.value) == bits(expected)
        assert result.passed is (expected >= 0.5 - 2.220446049250313e-16)


def test_ragas_reason_names_the_score_and_threshold() -> None:
    result = get_scorer("ragas-0.4.3").score(Case(id="r", statements_output=S, grader_output=J, threshold=0.7))
    assert result.reason == "Faithfulness 0.50 is < 0.7"
    nan = get_scorer("ragas-0.4.3").score(Case(id="n", statements_output=S, grader_output='{"statements": []}'))
    assert nan.reason == "Faithfulness NaN (no verdicts) is < 0.5"


def test_ragas_reads_a_statements_list_as_legacy_does() -> None:
    scorer = get_scorer("ragas-0.4.3")
    assert scorer.score(Case(id="l", statements=("A.", "B."), grader_output=J)).value == 0.5
    blank = scorer.score(Case(id="b", statements=(" ",), grader_output=J))
    assert blank.value is not None and math.isnan(blank.value) and blank.cause is Cause.NO_STATEMENTS


# ------------------------------------------------------------------------------ totality


@pytest.mark.parametrize("name", UPSTREAM)
@given(call_1=case_text, call_2=case_text, threshold=thresholds)
@example(call_1="[" * 100_000, call_2="{" * 100_000, threshold=0.5)
@example(call_1='{"statements": ["a"]}', call_2='"' + "\\" * 1000, threshold=0.5)
@example(call_1="\ud800", call_2="\udfff[", threshold=0.5)
def test_every_upstream_scorer_is_total(name: str, call_1: str, call_2: str, threshold: float) -> None:
    result = get_scorer(name).score(Case(id="t", statements_output=call_1, grader_output=call_2, threshold=threshold))
    assert result.scorer == name
    assert result.status in (Status.SCORED, Status.ERROR)
    if result.value is not None and math.isnan(result.value):
        assert not result.passed


@pytest.mark.slow
@pytest.mark.parametrize("name", UPSTREAM)
@pytest.mark.parametrize(
    "unit", ["[", "{", '{"a":', "verdict: no ", "yes. ", '"', "\\", "{'", "1", "[1,", '"\\n', "```json\n"]
)
def test_upstream_scorers_are_linear(name: str, unit: str) -> None:
    """10x the input costs about 10x the time, never 100x (quadratic)."""
    scorer = get_scorer(name)

    def cost(size: int) -> float:
        text = unit * (size // len(unit))
        case = Case(id="big", statements_output='{"statements": ["a"]}\n' + text, grader_output=text)
        timings = []
        # CPU time of this process, the best of three: neighbours on a busy machine take turns on
        # the cores (which wall time would count) and slow one run more than all three.
        for _ in range(3):
            start = time.process_time()
            scorer.score(case)
            timings.append(time.process_time() - start)
        return min(timings)

    small, large = cost(50_000), cost(500_000)
    assert large < 40 * max(small, 1e-3)
