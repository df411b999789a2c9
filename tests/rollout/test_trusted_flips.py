"""A named legacy bug excuses a flip only where the bug alone moved the case across the threshold:
where the candidate's own reading decides the flip (verdicts it had to align), the flip counts."""

from __future__ import annotations

import json

from compat.cases import Case
from compat.diff import (
    CONTROL_BUGS,
    READING_DIFFERENCES,
    CaseComparer,
    CorpusInfo,
    DriftAggregator,
    DriftCause,
    DriftReport,
    ScorersInfo,
    tally,
)
from compat.rollout import RolloutPolicy, decide
from compat.rollout.decision import Recommendation
from compat.scoring import get_scorer

HEADER = "Final verdict for each statement in order:"
# Call 1 as pretty RAGAS JSON: legacy counts its 6 lines as statements, the fixed scorer reads 2.
JSON_CALL_1 = json.dumps({"statements": ["The sky is blue.", "Grass is green."]}, indent=2)
COMPARER = CaseComparer(get_scorer("legacy"), get_scorer("ragas"))


def case(case_id: str, grader_output: str, statements_output: str = JSON_CALL_1) -> Case:
    return Case.model_validate({"id": case_id, "statements_output": statements_output, "grader_output": grader_output})


# Two "no"s for the two statements: legacy 1 - 2/6 passes, the fixed scorer 0/2 fails. Legacy's
# "no"s over the two statements fail too: its statement count alone moved the case.
COUNT_ALONE = case("count-alone", f"{HEADER} No. No.")
# Six verdicts for two statements: which two belong to them is the fixed scorer's choice (the
# lowest reading, 0/2): the flip rests on its alignment, not on legacy's count.
ALIGNED_BY_CANDIDATE = case("aligned", f"{HEADER} Yes. Yes. No. No. Yes. Yes.")
# JSON verdicts legacy cannot see and a statement count: legacy's count over two statements still
# passes (it saw no "no"), so the count does not explain the flip alone.
COUNT_NOT_ENOUGH = case(
    "count-not-enough",
    json.dumps({"statements": [{"statement": "The sky is blue.", "verdict": 0}, {"statement": "x", "verdict": 0}]}),
)
MATCH = case("match", f"{HEADER} Yes. Yes.", "The sky is blue.\nGrass is green.")


def report_of(*groups: tuple[int, Case]) -> DriftReport:
    aggregator = DriftAggregator()
    n = 0
    for count, item in groups:
        for _ in range(count):
            aggregator.add(tally(COMPARER.compare(item.model_copy(update={"id": f"case-{n:03d}"}))))
            n += 1
    return aggregator.report(
        tool="faithcompat",
        corpus=CorpusInfo(sources=["constructed"], sha256="0" * 64, cases=n, skipped_invalid=0),
        scorers=ScorersInfo(control="legacy", candidate="ragas", tolerance=1e-9),
    )


def test_a_statement_count_excuses_a_flip_only_where_it_alone_moved_the_case() -> None:
    for item, excused in ((COUNT_ALONE, True), (ALIGNED_BY_CANDIDATE, False), (COUNT_NOT_ENOUGH, False)):
        comparison = COMPARER.compare(item)
        assert comparison.cause is DriftCause.STATEMENT_COUNT_DIFFERS, item.id
        assert comparison.control.passed and not comparison.candidate.passed, item.id  # a pass->fail flip
        assert tally(comparison).legacy_bug_alone is excused, item.id


def test_flips_the_candidates_alignment_decides_count_against_the_trusted_rate() -> None:
    """The trial: raw pass->fail 6 of 30 (0.20) showed as "0 of 24 ... ok"; three of the six were the
    fixed scorer aligning verdicts, and they count."""
    report = report_of((24, MATCH), (3, COUNT_ALONE), (3, ALIGNED_BY_CANDIDATE))
    assert report.flip_matrix["pass"]["fail"] == 6
    trusted = report.trusted_agreement
    assert trusted is not None and trusted.flips is not None
    assert (trusted.cases, trusted.control_bug, trusted.flips["pass_to_fail"]) == (27, 3, 3)
    decision = decide(report, RolloutPolicy(min_cohort_size=0, invariant_examples=0), invariant_violations=0)
    flips = next(c for c in decision.criteria if c.name == "pass->fail flip rate")
    assert flips.measured == 3 / 27 and not flips.holds
    assert flips.note.startswith("3 of 27 cases legacy passed and the candidate fails")
    assert decision.verdict is Recommendation.HOLD


def test_a_reading_difference_is_never_a_named_legacy_bug() -> None:
    assert not READING_DIFFERENCES & CONTROL_BUGS
    assert {cause.value for cause in READING_DIFFERENCES} == {
        "extra_verdicts",
        "missing_verdicts",
        "final_line_disagrees",
        "multiple_final_lines",
    }
