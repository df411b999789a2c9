"""Differential test: the Python legacy scorer against a JavaScript oracle run by node.

``tests/scoring/oracle/legacy_generation_a.js`` applies promptfoo generation A's scoring as
docs/scoring.md (``legacy``) describes it, with real JavaScript ``trim``,
``toLowerCase``, ``toFixed`` and ``String(number)``. Every case Hypothesis generates
goes through both, and score (bit for bit, NaN and sign included), pass and reason
must agree.

node is spawned once per module and kept running: each case is one JSON line in and
one JSON line out, so Hypothesis can still shrink a disagreement to a minimal input.
The settings are derandomized and use no example database, so a run is reproducible.

Lone surrogates (category Cs) are excluded from every alphabet here: UTF-8 cannot encode
them, so they could only reach node as JSON ``\\udXXX`` escapes, which strict JSON readers
may reject. The surrogate behaviour of the port is therefore not covered by this test.
"""

from __future__ import annotations

import json
import math
import shutil
import struct
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compat.cases import Case
from compat.scoring import get_scorer

NODE = shutil.which("node")
if NODE is None:
    pytest.skip("node is not installed: the JavaScript legacy oracle cannot run", allow_module_level=True)

ORACLE_SCRIPT = Path(__file__).parent / "oracle" / "legacy_generation_a.js"
EPSILON = 2.220446049250313e-16  # Number.EPSILON, written out so the test does not lean on compat


# ------------------------------------------------------------------------------ the oracle


@dataclass(frozen=True)
class Outcome:
    score: float
    passed: bool
    reason: str


class Oracle:
    """A long-lived node process running the oracle script, one JSON line per case."""

    def __init__(self, node: str) -> None:
        self._proc = subprocess.Popen(
            [node, str(ORACLE_SCRIPT)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            encoding="utf-8",
            bufsize=1,
        )

    def grade(self, statements_output: str, grader_output: str, threshold: float) -> Outcome:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        request = {"statements_output": statements_output, "grader_output": grader_output, "threshold": threshold}
        # ensure_ascii: every non-ASCII character (U+2028 included) travels as a \u escape.
        self._proc.stdin.write(json.dumps(request, ensure_ascii=True, allow_nan=False) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the node oracle exited (code {self._proc.poll()})")
        answer: dict[str, Any] = json.loads(line)
        # float() reads the oracle's "NaN", "Infinity", "-Infinity" and "-0" as well as numbers.
        return Outcome(float(answer["score"]), bool(answer["pass"]), str(answer["reason"]))

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=10)
        if self._proc.stdout is not None:
            self._proc.stdout.close()


@pytest.fixture(scope="module")
def oracle() -> Iterator[Oracle]:
    assert NODE is not None
    running = Oracle(NODE)
    yield running
    running.close()


def python_outcome(statements_output: str, grader_output: str, threshold: float) -> Outcome:
    case = Case(id="x", statements_output=statements_output, grader_output=grader_output, threshold=threshold)
    score = get_scorer("legacy").score(case)
    assert score.value is not None
    return Outcome(score.value, score.passed, score.reason)


def same_double(a: float, b: float) -> bool:
    """Bit-exact equality of two doubles, except that any NaN equals any NaN."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return struct.pack("<d", a) == struct.pack("<d", b)


def assert_agree(statements_output: str, grader_output: str, threshold: float, oracle: Oracle) -> None:
    expected = oracle.grade(statements_output, grader_output, threshold)
    actual = python_outcome(statements_output, grader_output, threshold)
    detail = (
        f"\ncall 1: {statements_output!r}\ncall 2: {grader_output!r}\nthreshold: {threshold!r}"
        f"\nnode:   {expected}\npython: {actual}"
    )
    assert same_double(actual.score, expected.score), "score differs" + detail
    assert actual.passed is expected.passed, "pass differs" + detail
    assert actual.reason == expected.reason, "reason differs" + detail


# ------------------------------------------------------------------------------ strategies

# Where JavaScript's trim and Python's str.strip disagree, plus ones on which they agree.
JS_ONLY_WHITESPACE = "\ufeff"  # trimmed by JavaScript, kept by str.strip
PYTHON_ONLY_WHITESPACE = "\u0085\u001c\u001d\u001e\u001f"  # stripped by str.strip, kept by trim
SHARED_WHITESPACE = " \t\u000b\u000c\r\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000"
NEITHER_WHITESPACE = "\u180e\u200b"  # format characters: neither side removes them
TRICKY_WHITESPACE = JS_ONLY_WHITESPACE + PYTHON_ONLY_WHITESPACE + SHARED_WHITESPACE + NEITHER_WHITESPACE

HEADER = "Final verdict for each statement in order:"
NO_MARKER = "verdict: no"

# Characters whose lower-casing is special (Kelvin sign, dotted capital I, sharp s, final sigma).
CASE_ODDITIES = "\u212a\u0130\u1e9e\u03a3\u00c5"

any_char = st.characters(exclude_categories=["Cs"])  # no lone surrogates: see the module docstring
whitespace_run = st.text(alphabet=TRICKY_WHITESPACE, max_size=4)
noise = st.one_of(
    st.text(alphabet=any_char, max_size=10),
    st.text(alphabet="verdictyesnoVNYF:. \n\r" + TRICKY_WHITESPACE + CASE_ODDITIES, max_size=24),
)


@st.composite
def random_case(draw: st.DrawFn, text: str) -> str:
    """``text`` with each letter upper- or lower-cased at random."""
    flips = draw(st.integers(min_value=0, max_value=2 ** len(text) - 1))  # one bit per character
    return "".join(c.upper() if flips >> i & 1 else c.lower() for i, c in enumerate(text))


@st.composite
def padded(draw: st.DrawFn, inner: st.SearchStrategy[str]) -> str:
    return draw(whitespace_run) + draw(inner) + draw(whitespace_run)


@st.composite
def joined(draw: st.DrawFn, items: st.SearchStrategy[list[str]], separators: st.SearchStrategy[str]) -> str:
    """The items of a drawn list, each pair separated by its own drawn separator."""
    parts = draw(items)
    out = parts[:1]
    for part in parts[1:]:
        out.append(draw(separators))
        out.append(part)
    return "".join(out)


# --- call 1: statement generation

statement_line = padded(
    st.one_of(
        st.sampled_from(["Statement one.", "The sky is blue.", "A.", "x", "-", "1. Paris is in France."]),
        st.text(alphabet=TRICKY_WHITESPACE + "ab.", min_size=1, max_size=6),
        st.text(alphabet=any_char, min_size=1, max_size=8),
    )
)
line_separators = st.sampled_from(
    ["\n", "\n", "\n", "\r\n", "\n\n", "\n \n", "\n\ufeff\n", "\n\u0085\n", "\n\u001c\n", "\n\u00a0\n", "\u2028", "\r"]
)
statement_lines = joined(st.lists(statement_line, min_size=1, max_size=12), line_separators)
# one_of favours its first branches and picks the others about equally often: the empty
# string goes last, and repeating a branch makes it more frequent.
call1 = st.one_of(
    statement_lines,
    statement_lines,
    st.integers(min_value=1, max_value=260).map(lambda n: "\n".join(f"S{i}." for i in range(n))),
    statement_lines,
    joined(  # whitespace only: no statements
        st.lists(st.text(alphabet=TRICKY_WHITESPACE, min_size=1, max_size=4), min_size=1, max_size=5),
        st.sampled_from(["\n", "\r\n", "\n\n"]),
    ),
    st.just(""),
)

# --- call 2: verdicts

header = st.one_of(
    st.sampled_from([HEADER, HEADER.upper(), HEADER.lower(), HEADER.title()]),
    random_case(HEADER),
    st.sampled_from(  # near misses: none of these is the header
        [
            HEADER[:-1],
            HEADER[:-1] + " :",
            HEADER.replace(" ", "  ", 1),
            HEADER.replace("statement", "statement,"),
            HEADER.replace(" ", "\u00a0", 1),
            HEADER[:-1] + "\uff1a",
            HEADER.replace("Final", "F\u0130nal"),
        ]
    ),
)
verdict_word = st.one_of(
    st.sampled_from(
        [
            "Yes",
            "No",
            "yes",
            "NO",
            "YES",
            "nO",
            "yEs",
            "Yes!",
            "No, not supported",
            "1",
            "2",
            "1) Yes",
            "Yesterday",
            "eyes",
            "ye s",
            "y",
            "",
            " ",
            "\n",
            "\ufeff",
            "\u0085",
            "\u001c",
            "\u00a0",
            "\u2028",
            "\r\n",
            "N/A",
            "Unclear",
            "yes \u2014 because",
            "\u212aes",
        ]
    ),
    padded(st.sampled_from(["Yes", "No"])),
    noise,
)
verdict_separator = st.sampled_from([".", ". ", ".", ". ", ".\n", "..", " . ", ".\r\n", ".\ufeff", ".\u0085", " "])
verdict_list = joined(st.lists(verdict_word, max_size=10), verdict_separator)

marker = st.one_of(
    random_case(NO_MARKER),
    st.sampled_from(
        [
            "Verdict: No.",
            "VERDICT: NO",
            "verdict: no",
            "Verdict:no",
            "Verdict:  No",
            "Verdict : No",
            "verdict:\tno",
            "Verdict: Nope",
            "Verdict: N o",
            "verdict: nverdict: no",
            "Verdict: Yes.",
            "verdict: no verdict: no",
            "Verdict:\u00a0No",
            "VERD\u0130CT: NO",
            "verdict: nO",
            "Verdict:\nNo",
        ]
    ),
)
marker_separator = st.sampled_from(["\n", "\n", "\r\n", " ", "", ".\n", "\n\n"])
marker_text = joined(st.lists(st.one_of(marker, marker, noise), max_size=12), marker_separator)


@st.composite
def final_line_output(draw: st.DrawFn) -> str:
    before = draw(st.one_of(st.just(""), marker_text, noise))
    glue = draw(st.sampled_from(["", "\n", "\n\n", " ", "\r\n"]))
    after = draw(st.one_of(st.just(""), noise, st.builds(lambda h, v: "\n" + h + " " + v, header, verdict_list)))
    return before + glue + draw(header) + draw(st.sampled_from(["", " ", "\n", "\u00a0"])) + draw(verdict_list) + after


call2 = st.one_of(
    padded(final_line_output()),
    padded(marker_text),
    padded(final_line_output()),
    padded(marker_text),
    padded(final_line_output()),
    noise,
    st.text(alphabet=TRICKY_WHITESPACE, min_size=1, max_size=4),
    st.just(""),
)

# --- thresholds

SPECIAL_THRESHOLDS = [
    0.0,
    -0.0,
    0.5,
    0.7,
    1.0,
    1e-7,
    1e-6,
    1e21,
    1e20,
    0.125,
    2 / 3,
    1 / 3,
    -0.5,
    -1.0,
    -0.2,
    0.1 + 0.2,
    1 - 2**-53,
    1 + 2**-52,
    5e-324,
    1e-300,
    123456789012345680000.0,
    0.005,
    0.015,
    1e300,
    -1e21,
    100.0,
]
threshold = st.one_of(
    st.sampled_from(SPECIAL_THRESHOLDS),
    st.floats(min_value=-2, max_value=2),
    st.floats(allow_nan=False, allow_infinity=False),
)

DETERMINISTIC = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ------------------------------------------------------------------------------ property tests


@settings(DETERMINISTIC, max_examples=1600)
@given(statements_output=call1, grader_output=call2, threshold=threshold)
def test_python_port_agrees_with_javascript_oracle(
    statements_output: str, grader_output: str, threshold: float, oracle: Oracle
) -> None:
    assert_agree(statements_output, grader_output, threshold, oracle)


@st.composite
def boundary_case(draw: st.DrawFn) -> tuple[str, str, float]:
    """Counts whose score lands on a toFixed tie or near zero, with thresholds an ulp either side."""
    n = draw(st.integers(min_value=0, max_value=260))
    bad = draw(st.one_of(st.integers(min_value=0, max_value=n + 3), st.integers(min_value=n, max_value=n + 3)))
    statements_output = "\n".join(f"Statement {i}." for i in range(n)) or draw(st.sampled_from([" ", "\n", "\ufeff"]))
    if draw(st.booleans()):
        grader_output = draw(marker_separator).join(["Verdict: No."] * bad + ["Verdict: Yes."] * max(n - bad, 0))
    else:
        grader_output = HEADER + " " + ". ".join(["No"] * bad + ["Yes"] * max(n - bad, 0)) + "."
    score = 1 - bad / n if n else (math.nan if bad == 0 else -math.inf)
    if not math.isfinite(score):
        return statements_output, grader_output or "Verdict: Yes.", draw(st.sampled_from(SPECIAL_THRESHOLDS))
    near = [
        score,
        math.nextafter(score, math.inf),
        math.nextafter(score, -math.inf),
        score + EPSILON,
        score - EPSILON,
        math.nextafter(score + EPSILON, math.inf),
        math.nextafter(score + EPSILON, -math.inf),
        round(score, 2),
        round(score, 2) + 0.005,
    ]
    return statements_output, grader_output or "Verdict: Yes.", draw(st.sampled_from(near))


@settings(DETERMINISTIC, max_examples=600)
@given(case=boundary_case())
def test_score_rounding_and_pass_boundary_agree(case: tuple[str, str, float], oracle: Oracle) -> None:
    assert_agree(*case, oracle)


# ------------------------------------------------------------------------------ the spec's table

THREE = "Statement one.\nStatement two.\nStatement three."
FIVE = "Statement one.\nStatement two.\nStatement three.\nStatement four.\nStatement five."
EXPLAINED = (
    "1. Statement one.\nExplanation: The context says so directly.\nVerdict: Yes.\n"
    "2. Statement two.\nExplanation: The context does not mention it.\nVerdict: No.\n"
    "3. Statement three.\nExplanation: Stated in the second paragraph.\nVerdict: Yes.\n\n"
    "Final verdict for each statement in order: Yes. No. Yes."
)

# (call 1, call 2, threshold, score, pass, reason): the "Checked examples" of legacy-scorer.md.
SPEC_TABLE: list[tuple[str, str, float, float, bool, str]] = [
    (THREE, EXPLAINED, 0.5, 0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5"),
    (
        THREE,
        "I apologize, but I cannot create statements or provide an analysis based on the given context.",
        0.5,
        1.0,
        True,
        "Faithfulness 1.00 is >= 0.5",
    ),
    (FIVE, "\n".join(["Verdict: No."] * 6), 0.5, -0.19999999999999996, False, "Faithfulness -0.20 is < 0.5"),
    (
        THREE,
        "Final verdict for each statement in order: No. No. No. No.",
        0.5,
        -0.33333333333333326,
        False,
        "Faithfulness -0.33 is < 0.5",
    ),
    (
        THREE,
        "Final verdict for each statement in order: 1. Yes. 2. Yes. 3. Yes.",
        0.5,
        0.0,
        False,
        "Faithfulness 0.00 is < 0.5",
    ),
    (THREE, "Verdict: NO.\nverdict:no.\nVerdict: Yes.", 0.5, 0.6666666666666667, True, "Faithfulness 0.67 is >= 0.5"),
    ("  \n \n", "Verdict: No.", 0.5, -math.inf, False, "Faithfulness -Infinity is < 0.5"),
    ("  \n \n", "Final verdict for each statement in order: Yes.", 0.5, math.nan, False, "Faithfulness NaN is < 0.5"),
    ("A.\n\nB.\n", HEADER + " Yes. No.", 0.5, 0.5, True, "Faithfulness 0.50 is >= 0.5"),
    (THREE, "", 0.5, 0.0, False, "No output"),
]
ROW_IDS = [
    "explained-final-line",
    "refusal",
    "six-no-five-statements",
    "four-no-three-statements",
    "enumerated-final-line",
    "marker-near-miss",
    "no-statements-minus-infinity",
    "no-statements-nan",
    "blank-lines-dropped",
    "empty-call-2",
]


@pytest.mark.parametrize(("call_1", "call_2", "threshold_", "score", "passed", "reason"), SPEC_TABLE, ids=ROW_IDS)
def test_oracle_matches_spec_table(
    call_1: str, call_2: str, threshold_: float, score: float, passed: bool, reason: str, oracle: Oracle
) -> None:
    outcome = oracle.grade(call_1, call_2, threshold_)
    assert same_double(outcome.score, score), outcome
    assert outcome.passed is passed
    assert outcome.reason == reason


@pytest.mark.parametrize(("call_1", "call_2", "threshold_", "score", "passed", "reason"), SPEC_TABLE, ids=ROW_IDS)
def test_python_port_matches_spec_table(
    call_1: str, call_2: str, threshold_: float, score: float, passed: bool, reason: str
) -> None:
    outcome = python_outcome(call_1, call_2, threshold_)
    assert same_double(outcome.score, score), outcome
    assert outcome.passed is passed
    assert outcome.reason == reason


EIGHT = "A\nB\nC\nD\nE\nF\nG\nH"


@pytest.mark.parametrize(
    ("call_1", "call_2", "threshold_", "reason"),
    [
        # The JavaScript facts the spec singles out, pinned so that a broken oracle shows up here.
        (EIGHT, HEADER + " No. Yes. Yes. Yes. Yes. Yes. Yes. Yes.", 1e-7, "Faithfulness 0.88 is >= 1e-7"),
        (EIGHT, HEADER + " No. No. No. No. No. No. No. Yes.", 1e21, "Faithfulness 0.13 is < 1e+21"),
        (EIGHT, HEADER + " No. No. No. Yes. Yes. Yes. Yes. Yes.", 0.0, "Faithfulness 0.63 is >= 0"),
        ("A\nB", HEADER + " Yes. \ufeff", 1.0, "Faithfulness 1.00 is >= 1"),  # U+FEFF piece is blank
        ("A\nB", HEADER + " Yes. \u0085", 1.0, "Faithfulness 0.50 is < 1"),  # U+0085 piece is not
        ("A\n\u001c", "Verdict: No", 0.7, "Faithfulness 0.50 is < 0.7"),  # a U+001C line is a statement
        ("A\n\ufeff", "Verdict: No", 0.7, "Faithfulness 0.00 is < 0.7"),  # a U+FEFF line is not
        ("\n".join("S" * 201), "verdict: no " * 202, -0.0, "Faithfulness -0.00 is < 0"),
    ],
)
def test_oracle_javascript_semantics(call_1: str, call_2: str, threshold_: float, reason: str, oracle: Oracle) -> None:
    assert oracle.grade(call_1, call_2, threshold_).reason == reason
