"""Every summary of the decomposition names every step it has, and its parts add up to the mean's move:
diff's terminal output, report.md, report.html (its table and its "Why the numbers move"), rollout's
text and JSON; over small graded corpora with prompt, model and verifier steps built here."""

from __future__ import annotations

import html
import json
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from compat.diff import DiffSettings, DriftReport, run_diff
from compat.report import render_html, render_markdown, render_terminal
from compat.rollout import RolloutPolicy, decide, decision_dict, decision_panel, render_decision
from tests.diff.graded import ROWS, arm, graded_case, hhem_sample, legacy_sample, ragas_sample, write

CANDIDATE = "small-hhem"  # the RAGAS prompts on small-model, judged by HHEM: prompts, model and verifier steps
VERDICTS = st.text(alphabet="YN", min_size=2, max_size=2)
PROBABILITIES = st.lists(st.sampled_from([0.1, 0.3, 0.7, 0.9]), min_size=2, max_size=2)
CASE = st.fixed_dictionaries(
    {
        "legacy": st.lists(VERDICTS, min_size=1, max_size=2),
        "ragas": st.lists(VERDICTS, min_size=1, max_size=2),
        "small": VERDICTS,
        "hhem": PROBABILITIES,
        "with_ragas": st.booleans(),  # without it, the prompts and model steps are one leg
        "with_small": st.booleans(),  # without it, the model and verifier steps are one leg
    }
)


def graded(index: int, shape: dict[str, Any]) -> dict[str, Any]:
    row = ROWS[index % len(ROWS)]
    statements = row["statements"]
    case = graded_case(
        index,
        row,
        arm("legacy", [legacy_sample(statements, v, seed) for seed, v in enumerate(shape["legacy"])]),
        arm("ragas", [ragas_sample(statements, v, seed) for seed, v in enumerate(shape["ragas"])]),
    )
    case["id"] = f"row-{index + 1}"
    small = {**arm("ragas", [ragas_sample(statements, shape["small"])]), "model": "small-model", "preset": "ragas"}
    case["arms"]["ragas-small"] = {**small, "verifier": "llm"}
    case["arms"][CANDIDATE] = {
        **arm("ragas", [hhem_sample(statements, shape["hhem"])]),
        "model": "small-model",
        "preset": "ragas",
        "verifier": "hhem",
        "verifier_model": "vectara/hallucination_evaluation_model@0123abc",
    }
    if not shape["with_ragas"]:
        del case["arms"]["ragas"]
    if not shape["with_small"]:
        del case["arms"]["ragas-small"]
    return case


def diffed(shapes: list[dict[str, Any]]) -> DriftReport:
    with tempfile.TemporaryDirectory() as directory:
        corpus = write(Path(directory) / "graded.jsonl", [graded(i, shape) for i, shape in enumerate(shapes)])
        return run_diff([corpus], DiffSettings(candidate_arm=CANDIDATE))


NUMBER = r"[+-]\d+\.\d+"
SENTENCE = re.compile(rf"the mean score moves ({NUMBER}) over the \d+ cases with both arms recorded: (.*)")


def parts_of(text: str) -> list[tuple[str, float]]:
    """``parser +0.000, prompts -0.250`` as (step, change) pairs."""
    return [(step, float(change)) for step, change in re.findall(rf"(\w+) ({NUMBER})", text)]


def assert_adds_up(where: str, shown: list[tuple[str, float]], total: float, steps: list[str], places: int) -> None:
    assert [step for step, _ in shown] == steps, f"{where} names {shown}, the decomposition {steps}"
    rounding = (len(shown) + 1) * 0.5 * 10**-places + 1e-9
    assert abs(sum(change for _, change in shown) - total) <= rounding, f"{where}: {shown} do not add up to {total}"


@given(st.lists(CASE, min_size=1, max_size=6))
@example([{"legacy": ["YY"], "ragas": ["YY"], "small": "YN", "hhem": [0.9, 0.9], "with_ragas": True,
           "with_small": True}])  # fmt: skip
def test_every_summary_names_every_step_and_its_parts_add_up(shapes: list[dict[str, Any]]) -> None:
    report = diffed(shapes)
    steps = report.decomposition
    assert steps is not None
    if steps.effects is None:
        return
    effects = steps.effects
    # The steps the report holds, in the path's order: the summaries must name each of them.
    changes = {name: getattr(effects, name) for name in ("parser", "prompts", "model", "verifier", "noise")}
    names = [name for name, change in changes.items() if change is not None]
    assert {"parser", "prompts", "noise"} <= set(names)
    assert abs(sum(changes[name] for name in names) - effects.total) < 1e-9

    # diff's terminal output: the walk from the control's mean to the candidate's
    terminal = render_terminal(report)
    walk = re.search(r"  mean (\d\.\d+) -> (.*) -> (\d\.\d+)\n", terminal)
    assert walk is not None, terminal
    moved = float(walk[3]) - float(walk[1])
    assert_adds_up("terminal", parts_of(walk[2]), moved, names, 3)

    # report.md's table
    markdown = render_markdown(report)
    rows = re.findall(rf"^\| \+ (\w+) \| ({NUMBER}) \|", markdown, re.M)
    means = re.findall(r"^\| =? ?mean, [^|]*\| (\d\.\d+) \|", markdown, re.M)
    assert len(means) == 2, markdown
    assert_adds_up("report.md", [(s, float(c)) for s, c in rows], float(means[1]) - float(means[0]), names, 3)

    # rollout's decision, and report.html's panel and table that show it
    decision = decide(report, RolloutPolicy(invariant_examples=0), invariant_violations=0)
    said = {
        "rollout text": " ".join(render_decision(decision).split()),
        "rollout JSON": json.loads(json.dumps(decision_dict(decision)))["why"][0],
        "rollout markdown": render_decision(decision, markdown=True),
    }
    page = html.unescape(render_html(report, [], decision=decision_panel(decision)))
    panel = re.search(r"<summary>Why the numbers move</summary><ul><li>(.*?)</li>", page)
    assert panel is not None
    said["report.html panel"] = panel[1]
    for where, text in said.items():
        sentence = SENTENCE.search(text)
        assert sentence is not None, f"{where}: {text}"
        assert_adds_up(where, parts_of(sentence[2].split(";")[0]), float(sentence[1]), names, 3)
    table = re.findall(rf'<th scope="row">(\w+)</th><td class="num">({NUMBER})</td>', page)
    assert_adds_up("report.html table", [(s, float(c)) for s, c in table], effects.total, names, 4)


def test_a_model_step_is_named_in_the_rollout_and_the_pages_why() -> None:
    """The trial: a model swap measured alone; the sentence left the model step out, so its parts
    did not add up (-0.500 = parser +0.000, prompts +0.000, noise +0.000)."""
    shape = {"legacy": ["YY"], "ragas": ["YY"], "small": "YN", "hhem": [0.9, 0.2], "with_ragas": True}
    report = diffed([{**shape, "with_small": True}] * 3)
    decision = decide(report, RolloutPolicy(invariant_examples=0), invariant_violations=0)
    assert decision.why[0] == (
        "the mean score moves -0.500 over the 3 cases with both arms recorded: parser +0.000, prompts +0.000, "
        "model -0.500, verifier +0.000, noise +0.000"
    )
