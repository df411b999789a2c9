"""Differential tests: the upstream scorers against the published packages themselves.

* promptfoo: ``FAITHCOMPAT_PROMPTFOO_DIR`` names a directory with one subdirectory per release
  (``0.120.27``, ``0.121.19``, ``0.123.1``), in each of which ``npm install promptfoo@VERSION`` was
  run. ``oracle/promptfoo_upstream.js`` drives the package's ``matchesContextFaithfulness`` with a
  scripted grader; one node process per release serves every case.
* ragas: ``FAITHCOMPAT_RAGAS_PYTHON`` names a Python with ``ragas==0.4.3`` installed (default: this
  interpreter). ``oracle/ragas_upstream.py`` runs its ``Faithfulness`` metric with a scripted grader.

Score bits (NaN and infinities included), pass, reason and the error flag must agree on every
case. Without the packages every test here is skipped with the commands that install them; see
docs/scoring-upstream.md. Settings are derandomized without a database, so a run is reproducible.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compat.cases import Case
from compat.rollout.gate.strategies import (
    any_character,
    as_json_reads_it,
    case_text,
    fragment_soup,
    judgements,
    renderer_names,
    sentence,
)
from compat.rollout.gate.synth import RENDERERS, Judgement
from compat.scoring import Status, get_scorer

pytestmark = pytest.mark.oracle

ORACLE_DIR = Path(__file__).parent / "oracle"
PROMPTFOO_VERSIONS = ["0.120.27", "0.121.19", "0.123.1"]
RAGAS_VERSION = "0.4.3"
EPSILON = 2.220446049250313e-16
HEADER = "Final verdict for each statement in order:"

PROMPTFOO_HELP = (
    "set FAITHCOMPAT_PROMPTFOO_DIR to a directory holding one npm install per release: "
    "for v in 0.120.27 0.121.19 0.123.1; do mkdir -p $DIR/$v && (cd $DIR/$v && "
    "npm install promptfoo@$v --ignore-scripts --omit=optional); done"
)
RAGAS_HELP = (
    "set FAITHCOMPAT_RAGAS_PYTHON to a Python with ragas 0.4.3: python3 -m venv /tmp/ragas-venv && "
    "/tmp/ragas-venv/bin/pip install ragas==0.4.3 'langchain-community<0.4'"
)

DETERMINISTIC = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


# ------------------------------------------------------------------------------ the oracles


class LineOracle:
    """A long-lived process answering one JSON line per JSON line; its first line names its version."""

    def __init__(self, argv: list[str]) -> None:
        self._proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, encoding="utf-8"
        )
        self.version = str(self._read()["version"])

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the oracle exited (code {self._proc.poll()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._proc.stdin is not None
        # ensure_ascii: every non-ASCII character (lone surrogates included) travels as a \u escape.
        self._proc.stdin.write(json.dumps(request, ensure_ascii=True, allow_nan=False) + "\n")
        self._proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=30)
        if self._proc.stdout is not None:
            self._proc.stdout.close()


@pytest.fixture(scope="module", params=PROMPTFOO_VERSIONS)
def promptfoo(request: pytest.FixtureRequest) -> Iterator[LineOracle]:
    version: str = request.param
    root = os.environ.get("FAITHCOMPAT_PROMPTFOO_DIR")
    node = shutil.which("node")
    if not root or node is None:
        pytest.skip(f"promptfoo {version} is not installed: {PROMPTFOO_HELP}")
    if not (Path(root) / version / "node_modules" / "promptfoo" / "package.json").is_file():
        pytest.skip(f"no promptfoo under {root}/{version}: {PROMPTFOO_HELP}")
    oracle = LineOracle([node, str(ORACLE_DIR / "promptfoo_upstream.js"), str(Path(root) / version)])
    assert oracle.version == version
    yield oracle
    oracle.close()


@pytest.fixture(scope="module")
def ragas() -> Iterator[LineOracle]:
    python = os.environ.get("FAITHCOMPAT_RAGAS_PYTHON", sys.executable)
    try:
        probe = subprocess.run(
            [python, "-c", "import ragas; print(ragas.__version__)"], capture_output=True, text=True, check=False
        )
    except OSError:  # no such interpreter
        pytest.skip(f"{python} cannot run: {RAGAS_HELP}")
    if probe.returncode != 0 or probe.stdout.strip() != RAGAS_VERSION:
        pytest.skip(f"ragas {RAGAS_VERSION} is not importable by {python}: {RAGAS_HELP}")
    oracle = LineOracle([python, str(ORACLE_DIR / "ragas_upstream.py")])
    yield oracle
    oracle.close()


def decode(value: float | str) -> float:
    return float(value)  # also reads "NaN", "Infinity", "-Infinity", "-0"


def same_double(a: float, b: float) -> bool:
    """Bit-exact equality, except that any NaN equals any NaN."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return struct.pack("<d", a) == struct.pack("<d", b)


def assert_promptfoo_agrees(oracle: LineOracle, call_1: str, call_2: str, threshold: float) -> None:
    expected = oracle.ask({"statements_output": call_1, "grader_output": call_2, "threshold": threshold})
    case = Case(id="x", statements_output=call_1, grader_output=call_2, threshold=threshold)
    actual = get_scorer("promptfoo-" + oracle.version).score(case)
    detail = f"\ncall 1: {call_1!r}\ncall 2: {call_2!r}\nthreshold: {threshold!r}\nnode: {expected}\nours: {actual}"
    assert actual.value is not None, detail
    assert same_double(actual.value, decode(expected["score"])), "score differs" + detail
    assert actual.passed is expected["pass"], "pass differs" + detail
    assert actual.reason == expected["reason"], "reason differs" + detail
    assert (actual.status is Status.ERROR) is expected["graderError"], "graderError differs" + detail


def assert_ragas_agrees(oracle: LineOracle, call_1: str, call_2: str, threshold: float) -> None:
    expected = oracle.ask({"statements_output": call_1, "grader_output": call_2})
    case = Case(id="x", statements_output=call_1, grader_output=call_2, threshold=threshold)
    actual = get_scorer("ragas-" + RAGAS_VERSION).score(case)
    detail = f"\ncall 1: {call_1!r}\ncall 2: {call_2!r}\nragas: {expected}\nours: {actual}"
    if "error" in expected:
        assert actual.status is Status.ERROR, "ragas raises" + detail
        return
    assert actual.status is Status.SCORED and actual.value is not None, "ragas scores" + detail
    score = decode(expected["score"])
    assert same_double(actual.value, score), "score differs" + detail
    assert actual.passed is (score >= threshold - EPSILON), "pass differs" + detail


# ------------------------------------------------------------------------------ strategies

thresholds = st.one_of(
    st.sampled_from([0.0, 0.5, 0.7, 1.0, 2 / 3, 1 / 3, 0.125, 1e-7, 1e21, -0.5]),
    st.floats(-1, 2, allow_nan=False),
)
whitespace = st.text(alphabet=" \t\n\r\u00a0\ufeff\u2028\u0085\u001c", max_size=4)
refusals = st.sampled_from(
    [
        "I apologize, but I cannot create statements or provide an analysis based on the given context.",
        "I'm sorry, I can't help with that.",
        "Lo siento, no puedo ayudar con eso.",
        "",
    ]
)
prose = st.sampled_from(["", "\nI hope this helps.", "\n\nNote: statement 2 is partly supported.", " Thanks!", "\n"])


@st.composite
def cut(draw: st.DrawFn, text: str) -> str:
    """``text`` truncated at a random point (a token limit)."""
    return text[: draw(st.integers(0, len(text)))]


@st.composite
def final_line(draw: st.DrawFn, j: Judgement) -> str:
    """A final verdict line as graders write it: enumerated, comma-separated, cased, short or long."""
    words = ["Yes" if v else "No" for v in j.verdicts]
    words = draw(st.sampled_from([words, words[:-1], [*words, "No"], [*words, "Yes"], [w.upper() for w in words]]))
    style = draw(st.sampled_from(["plain", "enumerated", "commas", "lines", "bare"]))
    if style == "enumerated":
        body = " ".join(f"{i}. {w}." for i, w in enumerate(words, 1))
    elif style == "commas":
        body = ", ".join(words) + "."
    elif style == "lines":
        body = "\n" + "\n".join(w + "." for w in words)
    elif style == "bare":
        body = " ".join(words)
    else:
        body = " ".join(w + "." for w in words)
    header = draw(st.sampled_from([HEADER, HEADER.lower(), HEADER.upper(), "**" + HEADER + "**", HEADER[:-1]]))
    return header + draw(st.sampled_from([" ", "", "\n"])) + body


@st.composite
def markers(draw: st.DrawFn, j: Judgement) -> str:
    spelling = draw(st.sampled_from(["Verdict: {}.", "verdict:{}", "**Verdict:** {}", "VERDICT: {}", "Verdict - {}"]))
    verdicts = list(j.verdicts) + draw(st.lists(st.integers(0, 1), max_size=2))
    verdicts = verdicts[: draw(st.integers(0, len(verdicts)))] if draw(st.booleans()) else verdicts
    return "\n".join(f"{i}. {spelling.format('Yes' if v else 'No')}" for i, v in enumerate(verdicts, 1))


@st.composite
def promptfoo_case(draw: st.DrawFn) -> tuple[str, str, float]:
    j = draw(judgements(max_size=8))
    call_1 = draw(
        st.one_of(
            st.just(j.statements_output),
            st.builds(lambda ws: ws.join(j.statements) + ws, st.sampled_from(["\n\n", "\n \n", "\r\n", "\n\ufeff\n"])),
            whitespace,
            case_text,
        )
    )
    body = draw(
        st.one_of(
            st.builds(lambda name: RENDERERS[name](j), renderer_names),
            final_line(j),
            markers(j),
            st.builds(lambda a, b: a + "\n\n" + b, markers(j), final_line(j)),
            refusals,
            fragment_soup,
            case_text,
        )
    )
    call_2 = draw(whitespace) + body + draw(prose)
    if draw(st.integers(0, 9)) == 0:
        call_2 = draw(cut(call_2))
    return call_1, call_2, draw(thresholds)


# ragas's parse_partial_json retries json.loads on every shorter prefix: quadratic upstream, so
# its cases stay small (the port's linearity is tested in test_upstream.py).
small_text = st.one_of(
    st.text(any_character, max_size=300),
    fragment_soup,
    st.builds(lambda unit, n: unit * n, st.sampled_from(["[", "{", '{"a":', "[{", '"', "\\"]), st.integers(1, 1200)),
).map(as_json_reads_it)

VERDICT_VALUES = [1, 0, "1", "0", True, False, 1.0, 0.0, 0.5, None, 2, -1, "yes", "no", " 1", "1.0", 1e400, "x"]


@st.composite
def ragas_item(draw: st.DrawFn, statement: str, verdict: int) -> dict[str, Any]:
    item: dict[str, Any] = {"statement": statement, "reason": draw(sentence), "verdict": verdict}
    mutation = draw(st.integers(0, 11))
    if mutation == 0:
        item["verdict"] = draw(st.sampled_from(VERDICT_VALUES))
    elif mutation == 1:
        del item[draw(st.sampled_from(["statement", "reason", "verdict"]))]
    elif mutation == 2:
        item["extra"] = draw(st.sampled_from([[1, [2]], {"a": None}, "s"]))
    elif mutation == 3:
        item["reason"] = draw(st.sampled_from([None, 3, ["r"]]))
    return item


def dump(value: Any, style: str) -> str:
    text = json.dumps(value, ensure_ascii=style != "unicode", indent=2 if style == "pretty" else None)
    if style == "single":
        text = text.replace('"', "'")
    return text


@st.composite
def ragas_json(draw: st.DrawFn, value: Any) -> str:
    text = dump(value, draw(st.sampled_from(["plain", "pretty", "unicode", "plain", "single"])))
    wrap = draw(st.sampled_from(["none", "fence", "bare_fence", "prose", "prose_fence", "two_fences", "citation"]))
    if wrap == "fence":
        text = "```json\n" + text + "\n```"
    elif wrap == "bare_fence":
        text = "```\n" + text + "\n```"
    elif wrap == "prose":
        text = "Here is the result:\n" + text + "\nDone."
    elif wrap == "prose_fence":
        text = "Sure! [see below]\n```json\n" + text + "\n```\nAnything else?"
    elif wrap == "two_fences":
        text = "```json\n" + text + "\n```\n```json\n{}\n```"
    elif wrap == "citation":
        text = "As stated in [1], " + text
    if draw(st.integers(0, 5)) == 0:
        text = draw(cut(text))
    return text


@st.composite
def ragas_case(draw: st.DrawFn) -> tuple[str, str, float]:
    j = draw(judgements(max_size=6))
    statements: Any = draw(
        st.sampled_from([list(j.statements), [], [*j.statements[:1], 3], {"x": 1}, ["", " "], list(j.statements)])
    )
    call_1 = draw(
        st.one_of(
            ragas_json({"statements": statements}),
            ragas_json({"statements": list(j.statements)}),
            st.just(j.statements_output),
            fragment_soup,
            small_text,
        )
    )
    items = [draw(ragas_item(s, v)) for s, v in zip(j.statements, j.verdicts, strict=True)]
    items = items[: draw(st.integers(0, len(items)))] if draw(st.integers(0, 3)) == 0 else items
    call_2 = draw(
        st.one_of(
            ragas_json({"statements": items}),
            ragas_json({"statements": items}),
            ragas_json(items),
            ragas_json({"text": json.dumps({"statements": items})}),
            st.builds(lambda name: RENDERERS[name](j), renderer_names),
            fragment_soup,
            small_text,
        )
    )
    return call_1, call_2, draw(thresholds)


# ------------------------------------------------------------------------------ the properties


@settings(DETERMINISTIC, max_examples=2000)
@given(case=promptfoo_case())
def test_promptfoo_port_agrees_with_the_published_package(case: tuple[str, str, float], promptfoo: LineOracle) -> None:
    assert_promptfoo_agrees(promptfoo, *case)


@settings(DETERMINISTIC, max_examples=3000)
@given(case=ragas_case())
def test_ragas_port_agrees_with_the_published_library(case: tuple[str, str, float], ragas: LineOracle) -> None:
    assert_ragas_agrees(ragas, *case)
