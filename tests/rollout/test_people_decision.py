"""The decision with people's labels: excused flips confirmed, refuted or unverified; reading worse is NO-GO."""

from __future__ import annotations

from compat.cases import Case
from compat.diff import CaseComparer, CorpusInfo, DriftAggregator, DriftReport, ScorersInfo, tally
from compat.labels import Label, label_targets, people_section, share
from compat.rollout import RolloutPolicy, decide
from compat.rollout.decision import Recommendation
from compat.scoring import get_scorer
from tests.labels.test_labels import T0

COMPARER = CaseComparer(get_scorer("legacy"), get_scorer("ragas"))
STATEMENTS = "The sky is blue.\nGrass is red."
# "Verdict:No." (no space) is a verdict legacy misses: 1.0 passes, the fixed scorer's 0.0 fails (an excused flip).
MISSPELT = "1. The sky is blue.  Verdict:No.\n2. Grass is red.  Verdict:No."
CLEAN = "Final verdict for each statement in order: Yes. Yes."
UNVERIFIED = "excused flips unverified by people"
# Cohorts, agreement, unexplained: let the people's criteria alone decide.
POLICY = RolloutPolicy(min_cohort_size=0, min_agreement_lower_bound=0.0, max_pass_to_fail_rate=1.0)


def case(case_id: str, output: str) -> Case:
    return Case.model_validate({"id": case_id, "statements_output": STATEMENTS, "grader_output": output})


CASES = [case("flip", MISSPELT)] + [case(f"match-{n}", CLEAN) for n in range(9)]


def report_of(cases: list[Case], labels: list[Label] | None = None) -> DriftReport:
    aggregator = DriftAggregator()
    for item in cases:
        aggregator.add(tally(COMPARER.compare(item)))
    report = aggregator.report(
        tool="faithcompat",
        corpus=CorpusInfo(sources=["constructed"], sha256="0" * 64, cases=len(cases), skipped_invalid=0),
        scorers=ScorersInfo(control="legacy", candidate="ragas", tolerance=1e-9),
    )
    if labels is None:
        return report
    people = people_section(labels, cases, COMPARER, files=["labels.jsonl"], report=report)
    return report.model_copy(update={"against_people": people})


def read_as(item: Case, *readings: str) -> list[Label]:
    target = label_targets(item)[0]
    return [
        Label(
            case_id=item.id,
            arm=None,
            statement=index,
            text_hash=target.text_hash,
            reading=reading,  # type: ignore[arg-type]
            labeller="alice",
            labelled_at=T0,
        )
        for index, reading in enumerate(readings)
    ]


def criterion(report: DriftReport, stage: str, policy: RolloutPolicy = POLICY) -> tuple[Recommendation, float, str]:
    decision = decide(report, policy, current_stage=stage)
    found = next(c for c in decision.criteria if c.name == UNVERIFIED)
    return decision.verdict, found.measured, found.note


def test_unverified_excused_flips_are_counted_and_hold_only_from_the_early_live_stage() -> None:
    report = report_of(CASES)
    verdict, measured, note = criterion(report, "shadow")
    assert verdict is Recommendation.GO and measured == 1  # shown, not holding: today's decision
    assert "1 of 1 excused flip(s) unverified" in note and "verdict_spelling_variant 1 (not labelled)" in note
    verdict, measured, _note = criterion(report, "live:1")
    assert verdict is Recommendation.HOLD and measured == 1
    assert decide(report, POLICY, current_stage="live:1").decided_by == (UNVERIFIED,)
    later = RolloutPolicy(**{**POLICY.model_dump(), "unverified_excuses_until": 5.0})
    assert criterion(report, "live:1", later)[0] is Recommendation.GO


def test_a_cause_people_confirmed_stays_excused() -> None:
    labels = read_as(CASES[0], "no", "no")  # people read both "Verdict:No.": the fixed scorer read it right
    confirmed = RolloutPolicy(**{**POLICY.model_dump(), "min_excuse_confirmed": 0.2})  # 1 of 1: lower bound 0.21
    verdict, measured, note = criterion(report_of(CASES, labels), "live:1", confirmed)
    assert verdict is Recommendation.GO and measured == 0 and "confirmed: verdict_spelling_variant" in note


def test_a_cause_people_refuted_counts_in_the_flip_rates() -> None:
    labels = read_as(CASES[0], "yes", "yes")  # people say the grader said yes: the excuse is wrong
    strict = RolloutPolicy(**{**POLICY.model_dump(), "min_excuse_confirmed": 0.9, "max_pass_to_fail_rate": 0.05})
    report = report_of(CASES, labels)
    decision = decide(report, strict, current_stage="shadow")
    rate = next(c for c in decision.criteria if c.name == "pass->fail flip rate")
    assert rate.measured > 0 and "causes people refuted" in rate.note
    assert not rate.holds  # and here the candidate misread the case people read: NO-GO, named
    assert decision.verdict is Recommendation.NO_GO and decision.decided_by[0].startswith("reading accuracy")
    without = decide(report_of(CASES), strict, current_stage="shadow")
    assert next(c for c in without.criteria if c.name == "pass->fail flip rate").measured == 0


def test_a_candidate_reading_worse_than_the_control_against_people_is_no_go() -> None:
    report = report_of(CASES, read_as(CASES[1], "yes", "yes"))
    people = report.against_people
    assert people is not None
    control, candidate = people.readers
    worse = people.model_copy(
        update={
            "readers": [
                control.model_copy(update={"cases": share(20, 20)}),
                candidate.model_copy(update={"cases": share(5, 20)}),
            ]
        }
    )
    decision = decide(report.model_copy(update={"against_people": worse}), POLICY, current_stage="shadow")
    assert decision.verdict is Recommendation.NO_GO
    assert decision.decided_by == ("reading accuracy against people (candidate's upper bound vs control)",)
    same = decide(report, POLICY, current_stage="shadow")  # both read the labelled case right: no NO-GO
    assert same.verdict is Recommendation.GO
