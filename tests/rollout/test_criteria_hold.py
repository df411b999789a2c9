"""A criterion holds exactly when its value is on the right side of its threshold, in every form
the decision takes (text, JSON, the page's panel); and grader errors are a criterion of their own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from compat.cli import main
from compat.diff import CONTROL_BUGS, CorpusInfo, DriftAggregator, DriftCause, DriftReport, ScorersInfo, Tally
from compat.rollout import RolloutPolicy, decide, decision_dict, decision_panel, render_decision
from compat.rollout.decision import Criterion, Recommendation
from tests.diff.graded import REFUSED, ROWS, arm, failed_arm, graded_case, legacy_sample, ragas_sample, write


def tally(n: int, outcome: str, cause: str | None, control: float | None, candidate: float | None, tag: str) -> Tally:
    """One compared case at threshold 0.5 (``candidate`` None: declined, or a grader error)."""
    return Tally(
        case_id=f"case-{n:04d}",
        tags=(tag,) if tag else (),
        outcome=outcome,
        cause=cause,
        delta=None if candidate is None or control is None else candidate - control,
        control_value=control,
        control_passed=control is not None and control >= 0.5,
        control_scored=control is not None,
        candidate_value=candidate,
        candidate_passed=candidate is not None and candidate >= 0.5,
        candidate_determined=candidate is not None,
        legacy_bug_alone=cause is not None and DriftCause(cause) in CONTROL_BUGS,
    )


KINDS = {
    "match": ("match", None, 0.8, 0.8),
    "drift": ("drift", DriftCause.PROMPTS_DIFFER.value, 0.8, 0.6),
    "pass_to_fail": ("flip", DriftCause.PROMPTS_DIFFER.value, 0.8, 0.3),
    "fail_to_pass": ("flip", DriftCause.PROMPTS_DIFFER.value, 0.3, 0.8),
    "bug_flip": ("flip", DriftCause.JSON_VERDICTS_UNSEEN.value, 1.0, 0.3),
    "undetermined": ("candidate_undetermined", DriftCause.REFUSAL_SCORED_AS_FAITHFUL.value, 1.0, None),
    "grader_error": ("grader_error", DriftCause.GRADER_ERROR.value, None, None),
    "unexplained": ("drift", DriftCause.UNEXPLAINED.value, 0.8, 0.7),
}


def report_of(kinds: list[tuple[str, str]]) -> DriftReport:
    """A report of one case per (kind, cohort tag; "" for none)."""
    aggregator = DriftAggregator()
    for n, (kind, tag) in enumerate(kinds):
        aggregator.add(tally(n, *KINDS[kind], tag))
    return aggregator.report(
        tool="faithcompat",
        corpus=CorpusInfo(sources=["constructed"], sha256="0" * 64, cases=len(kinds), skipped_invalid=0),
        scorers=ScorersInfo(control="legacy", candidate="ragas", tolerance=1e-9),
    )


RATE = st.floats(min_value=0, max_value=1, allow_nan=False)
POLICIES = st.builds(
    RolloutPolicy,
    max_unexplained=st.integers(0, 3),
    max_expectation_failures=st.integers(0, 3),
    max_undetermined_rate=RATE,
    max_grader_error_rate=RATE,
    max_pass_to_fail_rate=RATE,
    max_fail_to_pass_rate=RATE,
    min_agreement_lower_bound=RATE,
    min_cohort_size=st.integers(0, 12),
    invariant_examples=st.just(0),
    drift_beyond_noise_only=st.booleans(),
)
CORPORA = st.lists(st.tuples(st.sampled_from(sorted(KINDS)), st.sampled_from(["", "", "a", "b"])), max_size=30)
LINE = re.compile(r"^  (ok  |hold|FAIL) (.+): (\S+) \(needs (<=|>=) (\S+)\)$", re.M)


def on_the_right_side(measured: float, comparison: str, threshold: float) -> bool:
    return measured <= threshold if comparison == "<=" else measured >= threshold


@given(POLICIES, CORPORA, st.sampled_from([None, 0, 2]))
@example(RolloutPolicy(invariant_examples=0), [("match", "")] * 8, None)  # untagged: one cohort of 8 < 10
@example(RolloutPolicy(invariant_examples=0, max_grader_error_rate=0.0), [("grader_error", "a")] * 10, 0)
@example(RolloutPolicy(invariant_examples=0, min_agreement_lower_bound=1.192092896e-07), [("bug_flip", "")], None)
def test_no_criterion_says_ok_while_its_value_is_on_the_wrong_side(
    policy: RolloutPolicy, kinds: list[tuple[str, str]], violations: int | None
) -> None:
    report = report_of(kinds)
    decision = decide(report, policy, current_stage="shadow", invariant_violations=violations)
    if decision.verdict is Recommendation.NO_DECISION:
        return
    # The text: each criterion line's mark agrees with its printed value and threshold.
    text = render_decision(decision)
    lines = LINE.findall(text)
    assert len(lines) == len(decision.criteria)
    for status, name, measured, comparison, threshold in lines:
        right_side = on_the_right_side(float(measured), comparison, float(threshold))
        if status == "ok  ":
            assert right_side, (name, text)
        else:  # on the wrong side, or equal as far as the places printed show
            assert not right_side or measured == threshold, (name, text)
    # The JSON and the page's panel say the same as the values they carry.
    for row in decision_dict(decision)["criteria"]:  # type: ignore[attr-defined]
        exact = on_the_right_side(row["measured"], row["comparison"], row["threshold"])
        near = abs(row["measured"] - row["threshold"]) <= 1e-9
        assert row["holds"] == exact or near, row
    for shown, criterion in zip(decision_panel(decision).criteria, decision.criteria, strict=True):
        assert shown.holds == criterion.holds
    # The verdict follows from the criteria alone.
    failing = {c.blocks for c in decision.criteria if not c.holds}
    expected = (
        Recommendation.NO_GO
        if Recommendation.NO_GO in failing
        else (Recommendation.HOLD if failing else Recommendation.GO)
    )
    assert decision.verdict is expected


def test_whether_a_criterion_holds_is_not_something_a_caller_can_say() -> None:
    criterion = Criterion.at_least("smallest cohort", 8, 10, Recommendation.HOLD, "every cohort is large enough")
    assert not criterion.holds
    assert "holds" not in Criterion.__dataclass_fields__  # computed from the value and threshold, never given


def test_an_untagged_corpus_under_the_cohort_size_holds_the_rollout(tmp_path: Path) -> None:
    """The trial's promptfoo results file: 8 cases, no tags; its one cohort of 8 is too small to judge."""
    decision = decide(report_of([("match", "")] * 8), RolloutPolicy(invariant_examples=0), invariant_violations=0)
    cohort = next(c for c in decision.criteria if c.name == "smallest cohort")
    assert (cohort.measured, cohort.holds) == (8, False)
    assert cohort.note == "no cohort tags: the corpus is one cohort of 8 case(s), too small to judge"
    assert decision.verdict is Recommendation.HOLD and decision.decided_by == ("smallest cohort",)
    assert "  hold smallest cohort: 8 (needs >= 10)" in render_decision(decision)
    row = next(c for c in decision_dict(decision)["criteria"] if c["name"] == "smallest cohort")  # type: ignore[attr-defined]
    assert row["holds"] is False


def test_grader_errors_are_their_own_criterion(tmp_path: Path) -> None:
    """26 of 30 cases failed at the grader: the undetermined rate is 0, the grader error rate holds it back."""
    rows = [{**ROWS[i % 3], "question": f"{ROWS[i % 3]['question']} ({i})"} for i in range(30)]
    lines = [
        graded_case(i, row, failed_arm("legacy", REFUSED), failed_arm("ragas", REFUSED))
        if i < 26
        else graded_case(
            i,
            row,
            arm("legacy", [legacy_sample(row["statements"], "YY")]),
            arm("ragas", [ragas_sample(row["statements"], "YY")]),
        )
        for i, row in enumerate(rows)
    ]
    corpus = write(tmp_path / "mostly-failed.jsonl", lines)
    policy = tmp_path / "policy.toml"
    policy.write_text("[rollout]\nmin_cohort_size = 0\ninvariant_examples = 0\nmin_agreement_lower_bound = 0.0\n")
    result = CliRunner().invoke(main, ["rollout", str(corpus), "--policy", str(policy), "--format", "json"])
    assert result.exit_code == 1, result.output
    decision = json.loads(result.stdout)
    rows_by_name = {c["name"]: c for c in decision["criteria"]}
    assert rows_by_name["candidate undetermined rate"]["measured"] == 0
    errors = rows_by_name["grader error rate"]
    assert errors["measured"] == 26 / 30 and errors["threshold"] == 0.05 and errors["holds"] is False
    assert errors["note"].startswith("26 of 30 cases have a grader call that failed")
    assert decision["verdict"] == "HOLD" and decision["decided_by"] == ["grader error rate"]
    text = CliRunner().invoke(main, ["rollout", str(corpus), "--policy", str(policy)]).stdout
    assert "  hold grader error rate: 0.8667 (needs <= 0.0500)" in text


def test_the_default_policy_names_the_grader_error_threshold() -> None:
    result = CliRunner().invoke(main, ["policy"])
    assert "max_grader_error_rate = 0.05" in result.stdout
