"""The decomposition: parser, prompt and noise steps recovered from corpora whose effects are known."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from compat.cases import Case
from compat.diff import (
    CaseComparer,
    CorpusInfo,
    DiffSettings,
    DriftAggregator,
    DriftReport,
    Outcome,
    ScorersInfo,
    Step,
    run_diff,
    tally,
)
from compat.report import render_terminal
from compat.rollout import RolloutPolicy, decide
from compat.rollout.gate import counted_flips
from compat.scoring import get_scorer

STATEMENTS = ["The sky is blue.", "Grass is green.", "Snow is black."]
HEADER = "Final verdict for each statement in order:"


def legacy_text(verdicts: str, *, n: int = 3) -> dict[str, str]:
    """A legacy-prompt recording: statements one per line, the final line of these verdicts."""
    words = " ".join("Yes." if v == "Y" else "No." for v in verdicts)
    return {"statements_output": "\n".join(STATEMENTS[:n]), "grader_output": f"{HEADER} {words}"}


def ragas_json(verdicts: str) -> dict[str, str]:
    """A RAGAS-prompt recording: the JSON statements and one verdict object per statement."""
    items = [
        {"statement": s, "reason": "r", "verdict": int(v == "Y")} for s, v in zip(STATEMENTS, verdicts, strict=False)
    ]
    return {
        "statements_output": json.dumps({"statements": STATEMENTS}),
        "grader_output": json.dumps({"statements": items}),
    }


def graded(case_id: str, legacy: list[dict[str, str]], ragas: list[dict[str, str]]) -> Case:
    """A case as `faithcompat grade --samples K` writes it: sample 0 in the arm, the rest in samples."""

    def recording(samples: list[dict[str, str]]) -> dict[str, Any]:
        return {**samples[0], "samples": samples[1:]}

    return Case.model_validate({"id": case_id, "arms": {"legacy": recording(legacy), "ragas": recording(ragas)}})


def report_of(cases: list[Case]) -> DriftReport:
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas"))
    aggregator = DriftAggregator()
    for case in cases:
        aggregator.add(tally(comparer.compare(case)))
    info = CorpusInfo(sources=["generated"], sha256="0" * 64, cases=aggregator.cases, skipped_invalid=0)
    return aggregator.report(
        tool="t", corpus=info, scorers=ScorersInfo(control="legacy", candidate="ragas", tolerance=1e-9)
    )


# Known effects, one kind of case each (means over 3 statements).
PARSER_ONLY = graded("parser", [legacy_text("Y")], [ragas_json("YNN")])  # legacy 1.0, fixed reads 1/3 of the text
PROMPT_ONLY = graded("prompts", [legacy_text("YYN"), legacy_text("YYN")], [ragas_json("YNN"), ragas_json("YNN")])
NOISE_ONLY = graded("noise", [legacy_text("YYN"), legacy_text("YYN")], [ragas_json("YNN"), ragas_json("YYN")])
NOTHING = graded("same", [legacy_text("YYN")], [ragas_json("YYN")])


def test_a_parser_only_change_is_all_parser() -> None:
    report = report_of([PARSER_ONLY, NOTHING])
    steps = report.decomposition
    assert steps is not None and steps.effects is not None and steps.complete == 2
    assert abs(steps.effects.parser - (-2 / 3) / 2) < 1e-12
    assert steps.effects.prompts == 0 and steps.effects.noise == 0
    assert steps.steps == {"parser": 1, "prompts": 0, "noise": 0}
    assert steps.parser_causes == {"missing_verdicts": 1}  # today's cause, on the parser step
    assert steps.flips["parser"] == 1  # 1.0 passed, 1/3 fails


def test_a_prompt_only_change_is_all_prompts_and_beyond_a_zero_noise_floor() -> None:
    report = report_of([PROMPT_ONLY, NOTHING])
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    assert abs(steps.effects.parser) < 1e-12 and steps.effects.noise == 0
    assert abs(steps.effects.prompts - (-1 / 3) / 2) < 1e-12
    assert steps.steps == {"parser": 0, "prompts": 1, "noise": 0}
    assert report.outcomes["flip"] == 1 and report.outcomes["within_noise"] == 0
    assert report.noise is not None and report.noise.floor_max == 0.0  # asked twice, said the same


def test_pure_noise_is_within_noise_not_drift() -> None:
    report = report_of([NOISE_ONLY, NOTHING])
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    assert abs(steps.effects.noise - (-1 / 3) / 2) < 1e-12 and steps.effects.prompts == 0
    assert report.outcomes["within_noise"] == 1 and report.outcomes["flip"] == 0
    assert report.causes[0].cause == "grader_noise"
    assert report.noise is not None and report.noise.within_noise_flips == {"pass_to_fail": 1, "fail_to_pass": 0}
    # One arm said 1/3 then 2/3 (SD 1/(3*sqrt(2))), the other the same twice (SD 0): a floor of
    # 2 x that, 0.471, lies in (0.4, 0.5]; the prompt step of 1/3 is within it.
    assert report.noise.histogram[5].count == 1 and report.noise.floor_max is not None
    assert abs(report.noise.floor_max - 2 / (3 * 2**0.5)) < 1e-12


def test_effects_of_a_mixed_corpus_are_the_sum_of_its_parts() -> None:
    report = report_of([PARSER_ONLY, PROMPT_ONLY, NOISE_ONLY, NOTHING])
    steps = report.decomposition
    assert steps is not None and steps.effects is not None and steps.complete == 4
    assert abs(steps.effects.parser - (-2 / 3) / 4) < 1e-12
    assert abs(steps.effects.prompts - (-1 / 3) / 4) < 1e-12
    assert abs(steps.effects.noise - (-1 / 3) / 4) < 1e-12
    assert steps.steps == {"parser": 1, "prompts": 1, "noise": 1}


def test_noise_is_left_out_of_the_policies_unless_they_ask_for_it() -> None:
    report = report_of([NOISE_ONLY, NOTHING])
    beyond = RolloutPolicy()
    counted = RolloutPolicy(drift_beyond_noise_only=False)
    flip_rate = {c.name: c.measured for c in decide(report, beyond).criteria}["pass->fail flip rate"]
    assert flip_rate == 0
    assert {c.name: c.measured for c in decide(report, counted).criteria}["pass->fail flip rate"] == 0.5
    assert counted_flips(report, beyond_noise_only=True) == 0 and counted_flips(report, beyond_noise_only=False) == 1
    # Agreement beyond noise counts the within-noise case as agreeing: both cases agree.
    assert report.agreement_beyond_noise is not None and report.agreement_beyond_noise.rate == 1.0


def test_samples_make_agreement_a_share_of_pairs_with_an_interval_between_cases_and_pairs() -> None:
    report = report_of([NOISE_ONLY, NOTHING, PROMPT_ONLY])
    agreement = report.agreement
    # NOISE_ONLY: pair 0 flips, pair 1 matches (1/2); NOTHING: 1 pair, matches; PROMPT_ONLY: 0 of 2.
    assert agreement.rate == (0.5 + 1 + 0) / 3
    assert agreement.sample_pairs == 5
    assert agreement.effective_cases is not None and 3 <= agreement.effective_cases <= 5


def test_without_samples_or_arms_the_report_has_none_of_it(tmp_path: Path) -> None:
    path = tmp_path / "plain.jsonl"
    path.write_text(
        json.dumps({"id": "x", "statements_output": "A.\nB.", "grader_output": f"{HEADER} Yes. No."}) + "\n"
    )
    report = run_diff([path], DiffSettings())
    assert report.decomposition is None and report.noise is None and report.observed is None
    assert report.agreement_beyond_noise is None and report.agreement.sample_pairs is None


VERDICTS = st.text(alphabet="YN", min_size=0, max_size=4)


@given(
    st.lists(
        st.tuples(
            st.lists(VERDICTS, min_size=1, max_size=3),
            st.lists(VERDICTS, min_size=1, max_size=3),
            st.integers(min_value=1, max_value=3),
        ),
        min_size=1,
        max_size=8,
    )
)
@example([(["Y"], ["YNN"], 3)])
@example([(["", "YYN"], ["YNN", "YYN"], 3)])
def test_the_three_steps_always_add_up_to_the_total(shapes: list[tuple[list[str], list[str], int]]) -> None:
    cases = [
        graded(f"c{i}", [legacy_text(v, n=n) for v in legacy], [ragas_json(v) for v in ragas])
        for i, (legacy, ragas, n) in enumerate(shapes)
    ]
    report = report_of(cases)
    steps = report.decomposition
    assert steps is not None and steps.cases == len(cases)
    if steps.effects is not None:
        e = steps.effects
        assert abs(e.parser + e.prompts + e.noise - e.total) < 1e-12
        means = steps.means
        assert means["control"] is not None and means["candidate"] is not None
        assert abs(means["candidate"] - means["control"] - e.total) < 1e-12
    assert steps.complete + sum(steps.incomplete.values()) == steps.cases
    # Every case that differs was made to differ by exactly one step, or had nothing to score.
    differing = steps.cases - report.outcomes["match"]
    assert sum(steps.steps.values()) + report.outcomes["grader_error"] == differing
    for case in cases:
        comparison = CaseComparer(get_scorer("legacy"), get_scorer("ragas")).compare(case)
        d = comparison.decomposition
        assert d is not None
        assert (comparison.outcome is Outcome.WITHIN_NOISE) == (d.step is Step.NOISE)
        if d.parser_delta is not None and d.prompt_delta is not None and comparison.delta is not None:
            assert abs(d.parser_delta + d.prompt_delta - comparison.delta) < 1e-12


def _floor(legacy: list[str], ragas: list[str]) -> tuple[float | None, Step | None]:
    """The noise floor and the step of one case graded with these samples of each arm."""
    case = graded("c", [legacy_text(v) for v in legacy], [ragas_json(v) for v in ragas])
    steps = CaseComparer(get_scorer("legacy"), get_scorer("ragas")).compare(case).decomposition
    assert steps is not None
    return steps.noise_floor, steps.step


def test_the_noise_floor_does_not_grow_with_the_samples() -> None:
    """A grader that reads one statement of three as supported half the time: the RAGAS arm scores
    2/3 or 1/3 at random (variance 1/36). Over every sequence of K samples, equally likely, the
    floor's square averages 4 x 1/36 whatever K, where the old floor (max - min) grew with K."""
    for k, old_mean_range in ((2, 1 / 6), (3, 1 / 4), (5, 5 / 16)):
        floors, ranges = [], []
        for draw in range(2**k):
            ragas = ["YYN" if draw >> i & 1 else "YNN" for i in range(k)]
            floor, _ = _floor(["YYN"] * k, ragas)  # the legacy arm says the same every time
            assert floor is not None
            floors.append(floor**2)
            values = [2 / 3 if v == "YYN" else 1 / 3 for v in ragas]
            ranges.append(max(values) - min(values))
        assert abs(sum(floors) / len(floors) - 4 / 36) < 1e-12, k
        assert abs(sum(ranges) / len(ranges) - old_mean_range) < 1e-12  # what the range did instead


def test_a_prompt_step_is_noise_within_two_combined_standard_deviations() -> None:
    # Both arms disagree with themselves by one verdict in three: each SD 1/(3 sqrt 2), combined 1/3.
    floor, step = _floor(["YYN", "YNN"], ["YNN", "YYN"])
    assert floor is not None and abs(floor - 2 / 3) < 1e-12
    assert step is Step.NOISE  # 2/3 (the fixed scorer on the legacy text) -> 1/3: within 2/3
    # Only the RAGAS arm disagrees with itself, and the step is three times its spread: the prompts.
    floor, step = _floor(["YYY", "YYY"], ["NNN", "NNY"])
    assert floor is not None and abs(floor - 2 / (3 * 2**0.5)) < 1e-12
    assert step is Step.PROMPTS  # 1.0 -> 0.0: far beyond 0.47
    # Asked three times, said the same three times: a floor of exactly zero.
    assert _floor(["YYN"] * 3, ["YNN"] * 3) == (0.0, Step.PROMPTS)


def test_the_report_says_how_the_floor_is_drawn_and_when_it_is_usable() -> None:
    two = report_of([NOISE_ONLY, NOTHING])
    assert two.noise is not None
    assert (two.noise.floor_multiple, two.noise.usable_samples, two.noise.usable_cases) == (2.0, 3, 0)
    text = render_terminal(two)
    assert "usable from 3 samples an arm (0 of 1 cases have them: grade with --samples 3 or more)" in (
        " ".join(text.split())
    )
    three = graded("three", [legacy_text("YYN")] * 3, [ragas_json("YNN"), ragas_json("YYN"), ragas_json("YNN")])
    report = report_of([three])
    assert report.noise is not None and report.noise.usable_cases == 1
    assert "usable from 3 samples an arm (every case has them)" in " ".join(render_terminal(report).split())
