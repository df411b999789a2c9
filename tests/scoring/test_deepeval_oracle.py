"""Differential test: ``deepeval-4.3.1`` against the published deepeval package's ``FaithfulnessMetric``.

``FAITHCOMPAT_DEEPEVAL_PYTHON`` names a Python with ``deepeval==4.3.1`` installed (default: this
interpreter). ``oracle/deepeval_upstream.py`` runs the metric's ``measure`` with a canned model
(its ``DeepEvalBaseLLM`` answers the truths, claims and verdicts prompts with recorded outputs,
no network). Score bits (NaN included), success and the raise must agree on every case of a
held-out set drawn from the grammar of how graders answer; the ``deepeval`` arm's three prompts
must be what the package renders. Without the package every test here is skipped with the
commands that install it; see docs/scoring-upstream.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat.cases import Case
from compat.grading.prompts import BUILT_IN, deepeval_values, render
from compat.scoring import Status, get_scorer
from tests.scoring.test_upstream_oracle import DETERMINISTIC, ORACLE_DIR, LineOracle, decode, same_double

pytestmark = pytest.mark.oracle

DEEPEVAL_VERSION = "4.3.1"
DEEPEVAL_HELP = (
    "set FAITHCOMPAT_DEEPEVAL_PYTHON to a Python with deepeval 4.3.1: python3 -m venv /tmp/deepeval-venv && "
    "/tmp/deepeval-venv/bin/pip install deepeval==4.3.1"
)


@pytest.fixture(scope="module")
def deepeval() -> Iterator[LineOracle]:
    python = os.environ.get("FAITHCOMPAT_DEEPEVAL_PYTHON", sys.executable)
    probe_code = "from importlib.metadata import version; print(version('deepeval'))"
    try:
        probe = subprocess.run([python, "-c", probe_code], capture_output=True, text=True, check=False)
    except OSError:
        pytest.skip(f"{python} cannot run: {DEEPEVAL_HELP}")
    if probe.returncode != 0 or probe.stdout.strip() != DEEPEVAL_VERSION:
        pytest.skip(f"deepeval {DEEPEVAL_VERSION} is not importable by {python}: {DEEPEVAL_HELP}")
    oracle = LineOracle([python, str(ORACLE_DIR / "deepeval_upstream.py")])
    yield oracle
    oracle.close()


# ------------------------------------------------------------------------------ how graders answer
# Written from how graders answer deepeval's three prompts, before the scorer's reading was.

statement_words = st.sampled_from(
    ["The refund window is 30 days.", "Shipping is free over $50.", "It ships in 2 days", "", " ", "Él dijo «sí»."]
)
claims_lists = st.lists(st.one_of(statement_words, st.text(max_size=12)), max_size=5)
verdict_words = st.sampled_from(
    [
        "yes", "no", "idk", "borderline", "Yes", "YES", "No", "NO", "Idk", "IDK", "Borderline",
        "yes.", "No.", " yes ", "\nno", "No, it contradicts the context", "Yes - supported",
        "yes_", "yesno", "y", "n", "maybe", "unsure", "unknown", "partially", "supported",
        "not supported", "true", "false", "", "n/a", "1", "0", "ye s", "İdk", "ｙｅｓ", "no\u00a0",
    ]
)  # fmt: skip
verdict_values = st.one_of(verdict_words, st.sampled_from([True, False, 1, 0, None, 0.5, ["yes"], {"v": "yes"}]))
reasons = st.one_of(st.text(max_size=20), st.sampled_from(["The context says 14 days.", "}{", "a } b", 'say "no"']))


@st.composite
def verdict_item(draw: st.DrawFn) -> Any:
    kind = draw(st.integers(0, 19))
    if kind == 0:
        return draw(st.sampled_from(["yes", 1, None, []]))  # not an object
    item: dict[str, Any] = {}
    if draw(st.integers(0, 9)):
        item["verdict"] = draw(verdict_values)
    if draw(st.booleans()):
        item["reason"] = draw(st.one_of(reasons, st.sampled_from([None, None, 3, True, ["r"]])))
    if draw(st.integers(0, 4)) == 0:  # extra keys graders add
        key = draw(st.sampled_from(["claim", "statement", "score", "confidence", "Verdict"]))
        item[key] = draw(st.one_of(statement_words, st.integers(0, 1), st.just("no")))
    keys = list(item)
    if draw(st.booleans()):
        keys.reverse()
    return {key: item[key] for key in keys}


@st.composite
def json_answer(draw: st.DrawFn, value: Any) -> str:
    """``value`` as a grader writes JSON: indented or not, fenced, with prose, a trailing comma, cut."""
    text = json.dumps(value, indent=draw(st.sampled_from([None, 2, 4])), ensure_ascii=draw(st.booleans()))
    style = draw(st.integers(0, 11))
    if style == 1:
        text = "```json\n" + text + "\n```"
    elif style == 2:
        text = "Here is the JSON:\n" + text + "\nI hope this helps."
    elif style == 3 and text.endswith("]}"):
        text = text[:-2] + ",]}"  # a trailing comma
    elif style == 4 and text.endswith("}"):
        text = text[:-1] + ",}"
    elif style == 5:
        text = text[: draw(st.integers(0, len(text)))]  # cut at the token limit
    elif style == 6:
        text = text.replace('"', "'")  # Python's quotes
    elif style == 7:
        text = text + "\n{}"  # a second object after the first
    elif style == 8:
        text = "{" + text  # an extra opener
    return text


@st.composite
def truths_output(draw: st.DrawFn) -> str:
    value = draw(
        st.one_of(
            st.builds(lambda items: {"truths": items}, claims_lists),
            st.sampled_from([{"truths": None}, {"truths": "one truth"}, {"truths": [1, 2]}, {"facts": ["x"]}, {}]),
            st.builds(lambda items: {"truths": items, "claims": items}, claims_lists),
        )
    )
    return draw(st.one_of(json_answer(value), st.sampled_from(["", "I cannot help with that.", "[]", "{", "}"])))


@st.composite
def claims_output(draw: st.DrawFn) -> str:
    value = draw(
        st.one_of(
            st.builds(lambda items: {"claims": items}, claims_lists),
            st.builds(lambda items: {"claims": items}, claims_lists),
            st.sampled_from(
                [
                    {"claims": []},
                    {"claims": None},
                    {"claims": ""},
                    {"claims": "a claim"},
                    {"claims": {}},
                    {"claims": 3},
                    {"claims": {"a": 1}},
                    {"statements": ["x"]},
                    {},
                ]
            ),
        )
    )
    return draw(st.one_of(json_answer(value), st.sampled_from(["", "I'm sorry, I can't help with that.", "null"])))


@st.composite
def verdicts_output(draw: st.DrawFn) -> str:
    items = draw(st.lists(verdict_item(), max_size=6))
    value = draw(
        st.one_of(
            st.just({"verdicts": items}),
            st.just({"verdicts": items}),
            st.just({"verdicts": items, "score": 1}),
            st.just({"Verdicts": items}),
            st.just(items),  # a bare list
            st.sampled_from([{"verdicts": None}, {"verdicts": []}, {"verdicts": "yes"}, {"verdicts": {}}, {}]),
            st.sampled_from([{"verdicts": 0}, {"verdicts": {"a": "yes"}}, {"verdicts": [{"verdict": float("nan")}]}]),
        )
    )
    return draw(
        st.one_of(json_answer(value), st.sampled_from(["", "Yes. No. Yes.", "Verdict: yes", "{}", "NaN", "{nan}"]))
    )


thresholds = st.sampled_from([0.0, 0.5, 0.7, 1.0, 2 / 3, 1 / 3, 0.25, 1e-9, 0.9999999999999999])


def assert_deepeval_agrees(
    oracle: LineOracle, truths: str, claims: str, verdicts: str, threshold: float, penalize: bool
) -> None:
    request = {
        "truths_output": truths,
        "claims_output": claims,
        "verdicts_output": verdicts,
        "threshold": threshold,
        "penalize_ambiguous_claims": penalize,
    }
    expected = oracle.ask(request)
    case = Case(id="x", truths_output=truths, statements_output=claims, grader_output=verdicts, threshold=threshold)
    actual = get_scorer("deepeval-" + DEEPEVAL_VERSION, penalize_ambiguous_claims=penalize).score(case)
    detail = f"\n{request!r}\ndeepeval: {expected}\nours: {actual}"
    if "error" in expected:
        assert actual.status is Status.ERROR, "deepeval raises" + detail
        assert actual.value is None and actual.passed is False, detail
        return
    assert actual.status is Status.SCORED and actual.value is not None, "deepeval scores" + detail
    assert same_double(actual.value, decode(expected["score"])), "score differs" + detail
    assert actual.passed is expected["success"], "success differs" + detail
    asked_verdicts = "verdicts" in expected["asked"]
    assert actual.statement_count == 0 or asked_verdicts, "deepeval asks for verdicts when there are claims" + detail


@settings(DETERMINISTIC, max_examples=1500)
# Found by this test: truths without a length fail the metric's verbose log, even with no claims.
@example(truths='{"truths": null}', claims='{"claims": []}', verdicts="", threshold=0.0, penalize=False)
@given(
    truths=truths_output(),
    claims=claims_output(),
    verdicts=verdicts_output(),
    threshold=thresholds,
    penalize=st.booleans(),
)
def test_deepeval_port_agrees_with_the_published_package(
    truths: str, claims: str, verdicts: str, threshold: float, penalize: bool, deepeval: LineOracle
) -> None:
    assert_deepeval_agrees(deepeval, truths, claims, verdicts, threshold, penalize)


@settings(DETERMINISTIC, max_examples=100)
@given(
    contexts=st.lists(st.text(max_size=30), max_size=3),
    answer=st.text(max_size=40),
    claims=st.one_of(claims_lists, st.sampled_from(["a claim", {"a": 1}, 3])),
    truths=st.one_of(claims_lists, st.just("xy")),
)
def test_the_deepeval_arm_asks_what_the_package_asks(
    contexts: list[str], answer: str, claims: Any, truths: Any, deepeval: LineOracle
) -> None:
    expected = deepeval.ask({"render": {"contexts": contexts, "answer": answer, "claims": claims, "truths": truths}})
    values = deepeval_values(contexts, answer, claims, truths)
    prompts = BUILT_IN.deepeval
    ours = {kind: render(getattr(prompts, kind), values) for kind in ("truths", "claims", "verdicts")}
    assert ours == expected["prompts"]
