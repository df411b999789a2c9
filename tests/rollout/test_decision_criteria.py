"""The rollout criteria on small constructed reports: agreement where legacy can be
trusted, the policy's accepted causes, what decided the verdict, and Markdown that
fits a pull-request comment whatever the corpus."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat._errors import InputError, PolicyError
from compat.cli import main
from compat.diff import (
    CONTROL_BUGS,
    READING_DIFFERENCES,
    CorpusInfo,
    DriftAggregator,
    DriftCause,
    DriftReport,
    ScorersInfo,
    Tally,
    bundled_baseline,
    load_report,
)
from compat.report import COMMENT_LIMIT
from compat.rollout import Refusal, RolloutPolicy, decide, decision_dict, load_policy, render_decision
from compat.rollout.decision import Accepted, Criterion, Decision, Recommendation

ROOT = Path(__file__).resolve().parents[2]
JSON_UNSEEN = DriftCause.JSON_VERDICTS_UNSEEN.value
# Judged on the report alone: no Hypothesis run, every cohort large enough.
POLICY = RolloutPolicy(min_cohort_size=1, invariant_examples=0)


def case(
    n: int,
    outcome: str,
    cause: str | None,
    control: float | None,
    candidate: float | None,
    *,
    scored: bool = True,
) -> Tally:
    """One compared case at threshold 0.5; ``candidate`` None: the candidate declined."""
    passes = control is not None and control >= 0.5  # NaN fails, as legacy's pass rule does
    delta = candidate - control if candidate is not None and control is not None and math.isfinite(control) else None
    return Tally(
        case_id=f"case-{n:04d}",
        tags=("all",),
        outcome=outcome,
        cause=cause,
        delta=delta,
        control_value=control,
        control_passed=passes,
        control_scored=scored,
        candidate_value=candidate,
        candidate_passed=candidate is not None and candidate >= 0.5,
        candidate_determined=candidate is not None,
        legacy_bug_alone=cause is not None and DriftCause(cause) in CONTROL_BUGS,  # as no reading chose
    )


def report_of(*groups: tuple[int, Tally]) -> DriftReport:
    """The report of ``count`` copies of each tally (ids made unique)."""
    aggregator = DriftAggregator()
    n = 0
    for count, item in groups:
        for _ in range(count):
            aggregator.add(item._replace(case_id=f"case-{n:04d}"))
            n += 1
    return aggregator.report(
        tool="faithcompat",
        corpus=CorpusInfo(sources=["constructed"], sha256="0" * 64, cases=n, skipped_invalid=0),
        scorers=ScorersInfo(control="legacy", candidate="ragas", tolerance=1e-9),
    )


MATCH = case(0, "match", None, 0.8, 0.8)
# legacy cannot read JSON verdicts: it passes at 1.0 what the fixed scorer reads as 0.6 (a drift) or 0.4 (a flip)
JSON_DRIFT = case(0, "drift", JSON_UNSEEN, 1.0, 0.6)
JSON_FLIP = case(0, "flip", JSON_UNSEEN, 1.0, 0.4)
PROMPTS_DRIFT = case(0, "drift", DriftCause.PROMPTS_DIFFER.value, 0.8, 0.6)  # no bug of legacy's: it counts
PROMPTS = DriftCause.PROMPTS_DIFFER.value
PROMPTS_FLIP = case(0, "flip", PROMPTS, 0.8, 0.4)  # the RAGAS prompts judged it otherwise: a flip that counts
NAN = case(0, "legacy_invalid", DriftCause.ZERO_STATEMENTS.value, math.nan, None)
REFUSAL = case(0, "candidate_undetermined", DriftCause.REFUSAL_SCORED_AS_FAITHFUL.value, 1.0, None)


def criterion(decision: Decision, name: str) -> Criterion:
    return next(c for c in decision.criteria if c.name.startswith(name))


def test_agreement_is_measured_where_legacy_is_valid_and_no_named_bug_applies() -> None:
    report = report_of((30, MATCH), (10, PROMPTS_DRIFT), (55, JSON_DRIFT), (5, NAN))
    trusted = report.trusted_agreement
    assert trusted is not None
    assert (trusted.cases, trusted.control_invalid, trusted.control_bug) == (40, 5, 55)
    assert (trusted.agreement.matches, trusted.agreement.cases) == (30, 40)
    assert (report.agreement.matches, report.agreement.cases) == (30, 100)  # the whole corpus: 30%
    decision = decide(report, POLICY, current_stage="shadow", invariant_violations=0)
    agreement = criterion(decision, "agreement")
    assert agreement.measured == trusted.agreement.wilson_low and agreement.holds  # 30 of 40: about 0.59
    assert report.agreement.wilson_low is not None and report.agreement.wilson_low < POLICY.min_agreement_lower_bound
    assert "30 of 40 cases match" in agreement.note and "5 without a valid legacy score" in agreement.note
    assert "55 where a named legacy bug alone made it" in agreement.note
    assert decision.verdict is Recommendation.GO


def test_a_report_older_than_1_2_is_judged_on_all_its_cases_and_says_so() -> None:
    report = report_of((30, MATCH), (10, PROMPTS_DRIFT), (55, JSON_DRIFT), (5, NAN))
    old = report.model_copy(update={"trusted_agreement": None, "schema_version": "1.1"})
    agreement = criterion(decide(old, POLICY, invariant_violations=0), "agreement")
    assert agreement.measured == report.agreement.wilson_low and not agreement.holds
    assert "all cases (a report older than 1.2" in agreement.note


def test_the_named_causes_that_leave_a_case_out_are_legacy_bugs_only() -> None:
    not_bugs = {"scorer_error", "grader_error", "prompts_differ", "grader_noise", "unexplained"}
    not_bugs |= {"arm_not_recorded", "model_differs", "verifier_differs"}  # what arms differ in, not bugs
    not_bugs |= {cause.value for cause in READING_DIFFERENCES}  # the candidate's reading chose
    assert {cause.value for cause in DriftCause} - {cause.value for cause in CONTROL_BUGS} == not_bugs
    # an unexplained flip of a valid legacy score stays in: it may be the candidate's fault
    report = report_of((40, MATCH), (1, case(0, "flip", "unexplained", 0.8, 0.2)))
    assert report.trusted_agreement is not None and report.trusted_agreement.cases == 41


def test_flip_rates_are_measured_where_legacy_is_trusted_and_the_raw_rates_stay_beside_them() -> None:
    # 20 flips of legacy's JSON blindness (a named bug of legacy's), 10 of the prompts (none of its).
    report = report_of((70, MATCH), (20, JSON_FLIP), (10, PROMPTS_FLIP))
    trusted = report.trusted_agreement
    assert trusted is not None and trusted.flips == {"pass_to_fail": 10, "fail_to_pass": 0}
    assert trusted.cases == 80 and report.flip_matrix["pass"]["fail"] == 30
    decision = decide(report, POLICY, current_stage="shadow", invariant_violations=0)
    flips = criterion(decision, "pass->fail")
    assert flips.measured == pytest.approx(10 / 80) and flips.raw == pytest.approx(30 / 100)
    assert flips.note.startswith("10 of 80 cases legacy passed and the candidate fails, over the cases where legacy")
    assert "raw, over all 100: 30 (0.3000)" in flips.note
    by_name = {c["name"]: c for c in decision_dict(decision)["criteria"]}  # type: ignore[attr-defined]
    assert by_name["pass->fail flip rate"]["raw"] == pytest.approx(0.3)
    # Legacy's own bugs alone never hold the rollout back: disagreeing with them is the fix.
    bugs_only = decide(report_of((80, MATCH), (20, JSON_FLIP)), POLICY, invariant_violations=0)
    assert criterion(bugs_only, "pass->fail").measured == 0 and bugs_only.verdict is Recommendation.GO
    # A report older than 1.3 counts no flips where legacy is trusted: its raw rates decide, and say so.
    old = report.model_copy(
        update={"schema_version": "1.2", "trusted_agreement": trusted.model_copy(update={"flips": None})}
    )
    raw = criterion(decide(old, POLICY, invariant_violations=0), "pass->fail")
    assert raw.measured == pytest.approx(0.3) and "a report older than 1.3" in raw.note


def test_accepting_the_only_cause_that_flipped_turns_hold_into_go() -> None:
    report = report_of((80, MATCH), (20, PROMPTS_FLIP))
    held = decide(report, POLICY, current_stage="shadow", invariant_violations=0)
    assert held.verdict is Recommendation.HOLD and held.decided_by == ("pass->fail flip rate",)
    accepting = POLICY.model_copy(update={"accept_causes": [PROMPTS, JSON_UNSEEN]})
    decision = decide(report, accepting, current_stage="shadow", invariant_violations=0)
    assert (decision.verdict, decision.next_stage, decision.decided_by) == (Recommendation.GO, "live:1", ())
    flips = criterion(decision, "pass->fail")
    assert flips.measured == 0 and "20 more accepted by the policy (prompts_differ 20)" in flips.note
    # never silently hidden: each accepted cause with its cases and flips, also one that did not occur
    assert decision.accepted == (
        Accepted(
            cause=PROMPTS, cases=20, pass_to_fail=20, fail_to_pass=0, trusted_pass_to_fail=20, trusted_fail_to_pass=0
        ),
        Accepted(cause=JSON_UNSEEN, cases=0, pass_to_fail=0, fail_to_pass=0),
    )
    text = render_decision(decision)
    assert "  prompts_differ: 20 case(s), 20 pass->fail, 0 fail->pass\n" in text
    assert "- `json_verdicts_unseen`: 0 case(s), 0 pass->fail, 0 fail->pass (a named legacy bug: out of the rates" in (
        render_decision(decision, markdown=True)
    )
    assert decision_dict(decision)["accepted"][0] == {
        "cause": PROMPTS,
        "cases": 20,
        "pass_to_fail": 20,
        "fail_to_pass": 0,
        "trusted_pass_to_fail": 20,
        "trusted_fail_to_pass": 0,
    }


def test_an_accepted_cause_leaves_other_causes_flips_counted() -> None:
    other = case(0, "flip", DriftCause.UNEXPLAINED.value, 0.67, 0.33)
    report = report_of((80, MATCH), (10, PROMPTS_FLIP), (10, other))
    accepting = POLICY.model_copy(update={"accept_causes": [PROMPTS]})
    decision = decide(report, accepting, invariant_violations=0)
    assert criterion(decision, "pass->fail").measured == pytest.approx(0.10)  # 10 of 100, at the threshold
    assert criterion(decision, "pass->fail").holds
    accepting_none = decide(report, POLICY, invariant_violations=0)
    assert criterion(accepting_none, "pass->fail").measured == pytest.approx(0.20)


def test_the_undetermined_rate_is_not_something_a_policy_accepts() -> None:
    report = report_of((60, MATCH), (40, REFUSAL))
    accepting = POLICY.model_copy(update={"accept_causes": [DriftCause.REFUSAL_SCORED_AS_FAITHFUL.value]})
    decision = decide(report, accepting, invariant_violations=0)
    assert decision.verdict is Recommendation.HOLD and decision.decided_by == ("candidate undetermined rate",)
    assert decision.accepted == (Accepted("refusal_scored_as_faithful", 40, 0, 0),)


def test_accepting_a_cause_needs_a_report_that_counts_each_causes_flips() -> None:
    report = report_of((80, MATCH), (20, JSON_FLIP))
    old = report.model_copy(update={"causes": [row.model_copy(update={"flips": None}) for row in report.causes]})
    with pytest.raises(InputError, match=r"does not count each cause's flips.*run faithcompat diff again"):
        decide(old, POLICY.model_copy(update={"accept_causes": [JSON_UNSEEN]}))


def test_each_causes_flips_add_up_to_the_flip_matrix() -> None:
    report = load_report(ROOT / "reports" / "report.json")
    flips = [row.flips for row in report.causes]
    assert all(f is not None for f in flips)
    assert sum(f["pass_to_fail"] for f in flips if f) == report.flip_matrix["pass"]["fail"]
    assert sum(f["fail_to_pass"] for f in flips if f) == report.flip_matrix["fail"]["pass"]
    trusted = report.trusted_agreement
    assert trusted is not None and trusted.agreement.matches == report.outcomes["match"]
    assert trusted.cases + trusted.control_invalid + trusted.control_bug == report.corpus.cases


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ('["refusal_scored_as_pass"]', "rollout.accept_causes: unknown cause 'refusal_scored_as_pass'; causes are: "),
        ('["unexplained"]', "rollout.accept_causes: 'unexplained' cannot be accepted: nobody knows why"),
        ('["grader_noise"]', "rollout.accept_causes: 'grader_noise' cannot be accepted: drift_beyond_noise_only"),
        ('["extra_verdicts", "extra_verdicts"]', "rollout.accept_causes: 'extra_verdicts' listed more than once"),
        ('"extra_verdicts"', "rollout.accept_causes: input should be a valid list"),
    ],
)
def test_a_cause_that_cannot_be_accepted_is_a_policy_error_naming_key_and_value(
    tmp_path: Path, value: str, problem: str
) -> None:
    path = tmp_path / "policy.toml"
    path.write_text(f"[rollout]\naccept_causes = {value}\n", encoding="utf-8")
    with pytest.raises(PolicyError) as raised:
        load_policy(path)
    assert str(raised.value).startswith(f"{path}: {problem}")
    result = CliRunner().invoke(
        main, ["rollout", "--report", str(ROOT / "reports" / "report.json"), "--rollout-policy", str(path)]
    )
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"faithcompat: error: {path}: {problem}") and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_the_cli_applies_the_accept_list_and_the_json_says_what_decided(tmp_path: Path) -> None:
    path = tmp_path / "policy.toml"
    path.write_text(
        '[rollout]\ninvariant_examples = 0\nmin_cohort_size = 1\naccept_causes = ["verdict_word_variant"]\n',
        encoding="utf-8",
    )
    args = [
        "rollout",
        "--report",
        str(ROOT / "reports" / "report.json"),
        "--rollout-policy",
        str(path),
        "--format",
        "json",
    ]
    result = CliRunner().invoke(main, args)
    decision = json.loads(result.stdout)
    assert decision["accepted"] == [
        {
            "cause": "verdict_word_variant",
            "cases": 11,
            "pass_to_fail": 0,
            "fail_to_pass": 10,
            "trusted_pass_to_fail": 0,  # a named legacy bug: none of its cases is trusted
            "trusted_fail_to_pass": 0,
        }
    ]
    failing = [c["name"] for c in decision["criteria"] if not c["holds"]]
    assert decision["decided_by"] == failing and result.exit_code == (0 if not failing else 1)


def test_the_decision_says_what_decided_it() -> None:
    held = decide(report_of((80, MATCH), (20, PROMPTS_FLIP)), POLICY, current_stage="shadow", invariant_violations=0)
    assert render_decision(held).splitlines()[:3] == [
        "HOLD: stay at shadow",
        "stay at shadow: gather more cases or accept the named differences, then ask again",
        "decided by: pass->fail flip rate",
    ]
    assert "then ask again. Decided by: pass->fail flip rate." in render_decision(held, markdown=True)
    go = decide(report_of((100, MATCH)), POLICY, current_stage="complete", invariant_violations=0)
    lines = render_decision(go).splitlines()
    assert lines[0] == "GO: stay at complete (the last stage)" and lines[2] == "every criterion holds"
    assert "complete -> complete" not in render_decision(go, markdown=True)


def test_no_refusal_heading_is_left_without_its_list() -> None:
    decision = decide(report_of((100, MATCH)), POLICY, invariant_violations=0)
    for markdown in (False, True):
        text = render_decision(decision, markdown=markdown)
        assert "No refusal that legacy passed is declined by the fixed scorer." in text
        assert "declines to score (expected):" not in text
    with_refusals = Decision(
        verdict=Recommendation.HOLD,
        current_stage="shadow",
        next_stage="shadow",
        criteria=(),
        refusals=(Refusal("r1", "both", True),),
        small_cohorts=(),
    )
    text = render_decision(with_refusals, markdown=True)
    assert "1 refusal(s) legacy passed that the fixed scorer declines to score (expected):\n- `r1`" in text


def test_decision_markdown_fits_a_pull_request_comment_whatever_the_corpus() -> None:
    long = "x" * 10_000  # ids and tags are whatever the corpus says, up to --max-case-bytes
    cohorts = [(1, MATCH._replace(tags=(f"|`*{i:05d}{long}",))) for i in range(500)]
    report = report_of(*cohorts, (20, JSON_FLIP))
    acceptable = [cause.value for cause in DriftCause if cause.value not in ("unexplained", "grader_noise")]
    policy = POLICY.model_copy(update={"min_cohort_size": 10**6, "accept_causes": acceptable})
    refusals = [Refusal(f"{i:05d}{long}", "both", True) for i in range(2_000)]
    decision = decide(report, policy, invariant_violations=0, refusals=refusals)
    markdown = render_decision(decision, markdown=True)
    assert len(markdown) < COMMENT_LIMIT
    assert (
        "501 cohort(s) too small to judge: all, \\|\\`\\*00000xxx" in markdown
        and "- and 1980 more (all in the JSON output" in markdown
    )
    assert len(decision_dict(decision)["refusals_legacy_passed_candidate_declines"]) == 2_000  # all of them there


def test_a_prompt_step_without_enough_samples_asks_for_more() -> None:
    """Two samples give one difference a case: the decision says to grade again with three."""
    report = load_report(bundled_baseline())
    assert report.decomposition is not None and report.noise is not None
    assert report.decomposition.steps["prompts"] > 0 and report.noise.samples == 2

    def advice(of: DriftReport) -> list[str]:
        why = decide(of, POLICY, invariant_violations=0).why
        return [line for line in why if "--samples 3" in line]

    moved = report.decomposition.steps["prompts"]
    assert advice(report) == [
        f"{moved} case(s) moved at the prompt step and at most 2 samples a case: grade again with "
        "--samples 3 (or more) to tell the prompts' effect from the grader's own noise"
    ]
    unsampled = report.model_copy(update={"noise": None})
    assert "and no case was graded twice: grade again" in advice(unsampled)[0]
    enough = report.model_copy(update={"noise": report.noise.model_copy(update={"samples": 3})})
    assert advice(enough) == []
    steps = {**report.decomposition.steps, "prompts": 0}
    still = report.model_copy(update={"decomposition": report.decomposition.model_copy(update={"steps": steps})})
    assert advice(still) == []
