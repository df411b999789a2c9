"""The league table: every candidate fix against one control, on one corpus, side by side.

Each candidate is compared with the control exactly as ``faithcompat diff`` compares it,
the rollout criteria are applied to that report, and what no report of one pair shows
is counted beside it (errors, scores outside [0, 1], invented scores, refusals passed;
"nothing to score" as the reference reading, ``REFERENCE``, says). What each column
means, and which arm each candidate reads: docs/compare.md. Every case is read once
and scored once per scorer and arm, in this process. With people's labels, each
candidate's decision uses them as ``rollout``'s does, and the table carries the section
"against people" with every scorer's reading (docs/labels.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path

from pydantic import Field

from compat._errors import CaseError
from compat._model import FrozenModel
from compat.cases import DEFAULT_MAX_CASE_BYTES, ArmName, Case, CorpusDigest, iter_cases
from compat.diff import (
    CONTROL_ARM,
    DEFAULT_TOLERANCE,
    AgainstPeople,
    CaseComparer,
    CorpusInfo,
    DriftAggregator,
    DriftReport,
    ScorersInfo,
    VocabularyInfo,
    WhereItOccurs,
    arm_read_by,
    cannot_read,
    case_json_line,
    check_expected,
    has_text_for,
    nothing_recorded,
    score_arm,
    tally,
    tool_name,
)
from compat.labels import Label, LabelSet, ReaderRole, against_people, check_labels
from compat.rollout._policy import RolloutPolicy
from compat.rollout.decision import Decision, Recommendation, decide, people_comparisons
from compat.scoring import Cause, Score, Scorer, Status, Vocabulary, get_scorer, scorer_options

REFERENCE = "ragas"  # whose reading says a case is a refusal, or has nothing to score
# Each version's additions: CHANGELOG.md.
LEAGUE_SCHEMA_VERSION = "1.4"
_NOTHING_TO_SCORE = frozenset({Cause.EMPTY_OUTPUT, Cause.NO_STATEMENTS, Cause.REFUSAL, Cause.NO_VERDICTS})


class LeagueRow(FrozenModel):
    """One candidate against the control."""

    candidate: str
    arm: ArmName = Field(
        description="The recording it scored on cases graded both ways: legacy (the legacy prompts' text, the "
        "control's too) or ragas (the RAGAS prompts' JSON)."
    )
    cases: int
    unreadable: int = Field(
        description="Cases with nothing it could read: its arm not recorded (graded with --arms the other) and no "
        "shared texts, or an arm whose output it cannot read at all (every case)."
    )
    scored: int = Field(description="Cases it gave a valid score (scored, in [0, 1]) that is not invented.")
    matches: int = Field(description="Cases where candidate and control agree (pass/fail and score).")
    agreement: float | None
    agreement_wilson_low: float | None
    pass_to_fail: int = Field(description="Cases the control passed and the candidate fails.")
    fail_to_pass: int = Field(description="Cases the control failed and the candidate passes.")
    undetermined: int = Field(description="Cases the candidate declined to score (no number, never a pass).")
    errors: int = Field(description="Cases where the candidate raised or flagged an error instead of scoring.")
    outside_unit_interval: int = Field(description="Scores below 0, above 1, NaN or infinite.")
    invented: int = Field(description="Scores given where the reference reading finds nothing to score.")
    invented_passing: int = Field(description="Invented scores that pass: failures hidden as passes.")
    refusals: int = Field(description="Cases the reference reads as a refusal by the grader.")
    refusals_passed: int = Field(description="Refusals the candidate passes.")
    golden_checked: int = Field(description="Cases with an expected outcome for this candidate.")
    golden_failed: int
    unexplained: int = Field(description="Differences from the control that no drift cause explains.")
    mean: float | None = Field(description="The candidate's mean over its finite scores.")
    rollout: str = Field(description="The rollout decision (GO, HOLD, NO-GO, NO-DECISION) from off, under the policy.")
    no_decision: str | None = Field(description="Why nothing could be decided on it (null: something could).")
    rollout_failing: list[str] = Field(description="The rollout criteria that do not hold.")
    safe: bool = Field(
        description="Scores cases it can read, and never invents a score, passes a refusal, leaves [0, 1], errs, "
        "misses golden or (with labels) does worse than the control against people."
    )
    why: str = Field(description="In words: why it is or is not safe to ship.")


class LeagueTable(WhereItOccurs):
    """Every candidate against one control on one corpus (``faithcompat compare``)."""

    _OCCASIONAL = frozenset({"against_people"})

    schema_version: str = LEAGUE_SCHEMA_VERSION
    tool: str
    corpus: CorpusInfo
    control: str
    reference: str = Field(description="The scorer whose reading decides refusal and nothing-to-score.")
    vocabulary: VocabularyInfo | None = Field(
        default=None, description="Verdict words added (--vocabulary) for the scorers that read them; null: none."
    )
    rows: list[LeagueRow]
    no_decision: str | None = Field(
        default=None,
        description="Why no candidate can be judged at all: no case, or no valid score from the control (null: "
        "they can be; since 1.2).",
    )
    against_people: AgainstPeople | None = Field(
        default=None,
        description="Every scorer's reading (the control, the first candidate, then the league) and the arms' "
        "judgements set against people's labels (--labels; since 1.4; only where labels were given). Each row's "
        "rollout decision uses its own candidate's.",
    )

    @property
    def exit_code(self) -> int:
        """0 when at least one candidate is safe to ship, 1 when none is, 2 when none can be judged
        (``no_decision``: an empty corpus, no valid control score: every grader call failed)."""
        if self.no_decision is not None:
            return 2
        return 0 if any(row.safe for row in self.rows) else 1


class _Counts:
    """What the league counts beside the diff's own aggregate, for one candidate."""

    def __init__(self) -> None:
        self.errors = self.outside = self.invented = self.invented_passing = self.unreadable = self.scored = 0
        self.refusals = self.refusals_passed = self.golden_checked = self.golden_failed = 0

    def add(self, candidate: Score, reference: Score, golden: tuple[bool, bool]) -> None:
        value = candidate.value
        scored = candidate.status is Status.SCORED
        valid = _valid(value)
        self.errors += candidate.status is Status.ERROR
        self.outside += value is not None and not valid
        if reference.status is Status.UNDETERMINED and reference.cause in _NOTHING_TO_SCORE and scored:
            self.invented += 1
            self.invented_passing += candidate.passed
        else:
            self.scored += scored and valid
        if reference.cause is Cause.REFUSAL:
            self.refusals += 1
            self.refusals_passed += candidate.passed
        checked, failed = golden
        self.golden_checked += checked
        self.golden_failed += failed


def build_league(
    sources: Iterable[str | Path],
    *,
    control: str,
    candidates: Sequence[str],
    policy: RolloutPolicy,
    tolerance: float = DEFAULT_TOLERANCE,
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES,
    on_error: Callable[[CaseError], None] | None = None,
    source_names: list[str] | None = None,
    vocabulary: Vocabulary | None = None,
    arm: ArmName | None = None,
    control_arm: ArmName = CONTROL_ARM,
    labels: Sequence[Label] | None = None,
    label_files: Sequence[str] = (),
) -> LeagueTable:
    """Compare every candidate with ``control`` over ``sources``; one row per candidate, in the order given.

    ``vocabulary``: verdict words added for every scorer that reads them (the reference too).
    ``arm``, ``control_arm``: the recording every candidate (None: each its contract's), the control scores.
    ``labels`` (read from ``label_files``): people's, set against every scorer (the table's
    ``against_people``) and used by each candidate's decision as ``rollout`` uses them; None: no labels.
    """
    sources = list(sources)
    control_scorer = get_scorer(control)
    scorers: dict[str, Scorer] = {
        name: get_scorer(name, **_vocabulary_option(name, vocabulary))
        for name in dict.fromkeys([*candidates, REFERENCE])
    }
    arms: dict[str, ArmName] = {name: arm_read_by(name) if arm is None else arm for name in candidates}
    comparer = partial(CaseComparer, control_scorer, tolerance=tolerance, detail=False, control_arm=control_arm)
    comparers = {name: comparer(scorers[name], candidate_arm=arms[name]) for name in candidates}
    aggregators = {name: DriftAggregator() for name in candidates}
    counts = {name: _Counts() for name in candidates}
    digest = CorpusDigest()
    skipped: list[CaseError] = []
    control_valid = 0
    named = {label.case_id for label in labels} if labels is not None else set()
    labelled: list[Case] = []  # the cases some label names: few, kept to set the labels against

    def skip(error: CaseError) -> None:
        skipped.append(error)
        if on_error is not None:
            on_error(error)

    for loaded in iter_cases(
        sources, on_error=skip if on_error is not None else None, max_case_bytes=max_case_bytes, digest=digest
    ):
        case = loaded.case
        if case.id in named:
            labelled.append(case)
        control_score = score_arm(control_scorer, case, control_arm)
        control_valid += control_score.status is Status.SCORED and _valid(control_score.value)
        scores = _Scores(case, scorers)
        for name in candidates:
            candidate = scores.of(name, arms[name])
            comparison = comparers[name].compare(case, control_score, candidate)
            failures = check_expected(case, {control: control_score, name: candidate}, tolerance=tolerance)
            checked = control in case.expected or name in case.expected
            aggregators[name].add(tally(comparison), case_json_line(comparison), [str(f) for f in failures], checked)
            own_failed = any(failure.scorer == name for failure in failures)
            counts[name].add(candidate, scores.of(REFERENCE, arms[name]), (name in case.expected, own_failed))
            counts[name].unreadable += not has_text_for(case, arms[name])
    corpus = CorpusInfo(
        sources=source_names or [str(s) for s in sources],
        sha256=digest.hexdigest(),
        cases=next(iter(aggregators.values())).cases if aggregators else 0,
        skipped_invalid=len(skipped),
    )
    current = check_labels(labels, labelled) if labels is not None else None
    people = partial(_people, current, labelled, files=label_files)
    rows = []
    info = partial(ScorersInfo, control=control, tolerance=tolerance, control_arm=control_arm)
    for name in candidates:
        report = aggregators[name].report(
            tool=tool_name(),
            corpus=corpus,
            scorers=info(candidate=name, candidate_arm=arms[name]),
        )
        # the candidate's decision uses people's labels as rollout's does: its excuses, its reading
        report = report.model_copy(update={"against_people": people(comparers[name], report=report)})
        if cannot_read(name, arms[name]) is not None:
            counts[name].unreadable = corpus.cases  # it cannot read that arm's output at all
        rows.append(_row(name, arms[name], report, counts[name], decide(report, policy, invariant_violations=None)))
    nothing = (
        "the corpus holds no case"
        if not corpus.cases
        else f"none of the {corpus.cases} cases has a valid score from the control ({control})"
        if not control_valid
        else None
    )
    return LeagueTable(
        tool=tool_name(),
        corpus=corpus,
        control=control,
        reference=REFERENCE,
        vocabulary=VocabularyInfo(**vocabulary.as_dict()) if vocabulary else None,
        rows=rows,
        no_decision=nothing,
        against_people=people(
            comparers[candidates[0]],
            league=[ReaderRole(scorers[name], "league", arms[name]) for name in candidates[1:]],
        )
        if candidates
        else None,
    )


def _people(
    current: LabelSet | None,
    labelled: Sequence[Case],
    comparer: CaseComparer,
    *,
    files: Sequence[str],
    league: Sequence[ReaderRole] = (),
    report: DriftReport | None = None,
) -> AgainstPeople | None:
    """The section "against people" of ``comparer``'s pair (and ``league``) over the ``current`` labels; None: none."""
    if current is None:
        return None
    return against_people(current, labelled, comparer, files=files, league=league, report=report)


def _valid(value: float | None) -> bool:
    return value is not None and math.isfinite(value) and 0.0 <= value <= 1.0


class _Scores:
    """Each scorer's score of one case on an arm, made once however many candidates ask."""

    def __init__(self, case: Case, scorers: dict[str, Scorer]) -> None:
        self.case = case
        self.scorers = scorers
        self.made: dict[tuple[str, ArmName], Score] = {}

    def of(self, name: str, arm: ArmName) -> Score:
        key = (name, arm)
        if key not in self.made:
            self.made[key] = score_arm(self.scorers[name], self.case, arm)
        return self.made[key]


def _vocabulary_option(name: str, vocabulary: Vocabulary | None) -> dict[str, Vocabulary]:
    return {"vocabulary": vocabulary} if vocabulary and "vocabulary" in scorer_options(name) else {}


def _row(name: str, arm: ArmName, report: DriftReport, counts: _Counts, decision: Decision) -> LeagueRow:
    flips = report.flip_matrix
    fields = {
        "candidate": name,
        "arm": arm,
        "cases": report.corpus.cases,
        "unreadable": counts.unreadable,
        "scored": counts.scored,
        "matches": report.agreement.matches,
        "agreement": report.agreement.rate,
        "agreement_wilson_low": report.agreement.wilson_low,
        "pass_to_fail": flips["pass"]["fail"],
        "fail_to_pass": flips["fail"]["pass"],
        "undetermined": report.outcomes["candidate_undetermined"],
        "errors": counts.errors,
        "outside_unit_interval": counts.outside,
        "invented": counts.invented,
        "invented_passing": counts.invented_passing,
        "refusals": counts.refusals,
        "refusals_passed": counts.refusals_passed,
        "golden_checked": counts.golden_checked,
        "golden_failed": counts.golden_failed,
        "unexplained": report.unexplained,
        "mean": report.means["candidate"].mean,
        "rollout": decision.verdict.value,
        "no_decision": decision.no_decision,
        "rollout_failing": [c.name for c in decision.criteria if not c.holds],
    }
    problems = _problems(name, arm, report, counts)
    return LeagueRow(**fields, safe=not problems, why=_why(name, report, counts, problems, decision))


def _problems(name: str, arm: ArmName, report: DriftReport, counts: _Counts) -> list[str]:
    """What makes a candidate unsafe to ship, worst first, in words."""
    problems = []
    unreadable = cannot_read(name, arm)
    if unreadable is not None:
        problems.append(unreadable)
    elif counts.unreadable:
        problems.append(nothing_recorded(arm, counts.unreadable, report.corpus.cases))
    if not counts.scored:
        problems.append(f"scores no case ({_none_scored(report, counts)})")
    if counts.refusals_passed:
        problems.append(f"passes {counts.refusals_passed} of {counts.refusals} refusals")
    if counts.invented:
        passing = f", {counts.invented_passing} of them passing" if counts.invented_passing else ""
        problems.append(f"invents a score on {counts.invented} cases with nothing to score{passing}")
    if counts.outside:
        problems.append(f"scores {counts.outside} cases outside [0, 1]")
    if counts.errors:
        problems.append(f"errs on {counts.errors} cases instead of scoring them")
    if counts.golden_failed:
        problems.append(f"misses {counts.golden_failed} of {counts.golden_checked} golden outcomes")
    for measure in people_comparisons(report):  # people's labels, where given: worse than the control
        if measure.candidate < measure.control:
            problems.append(f"does worse than the control against people ({measure.note})")
    return problems


def _none_scored(report: DriftReport, counts: _Counts) -> str:
    """Why a candidate has no valid score of its own: what it gave instead."""
    gave = [
        (report.outcomes["candidate_undetermined"], "undetermined"),
        (counts.errors, "errors"),
        (counts.invented, "invented"),
        (counts.outside, "outside [0, 1]"),
        (report.outcomes["grader_error"], "grader errors"),
        (report.outcomes.get("not_recorded", 0), "not recorded"),  # its arm was never graded (deepeval's)
    ]
    said = ", ".join(f"{n} {what}" for n, what in gave if n)
    return said or "the corpus holds no case"


def _why(name: str, report: DriftReport, counts: _Counts, problems: list[str], decision: Decision) -> str:
    differing = report.corpus.cases - report.agreement.matches
    explained = (
        "every one explained"
        if not report.unexplained
        else f"{report.unexplained} of them for no named cause (the causes are written for the fixed scorer)"
    )
    if problems:
        return f"{name}: not safe to ship: it " + "; ".join(problems) + f"; it differs on {differing} cases."
    golden = f"meets all {counts.golden_checked} golden outcomes; " if counts.golden_checked else ""
    declined = f"declines {report.outcomes['candidate_undetermined']} cases with nothing to score; "
    failing = [c.name for c in decision.criteria if not c.holds]
    if decision.verdict is Recommendation.NO_DECISION:
        rollout = f"rollout decides nothing ({decision.no_decision})"
    elif not failing:
        rollout = "the rollout criteria hold"
    elif set(failing) <= _NOT_ABOUT_THE_CANDIDATE:
        held_by = ", ".join(failing)
        rollout = (
            f"only disagreeing with a control known to be broken (flips, agreement), or the corpus's size, holds "
            f"rollout back ({held_by})"
        )
    else:
        rollout = f"rollout says {decision.verdict.value} ({', '.join(failing)})"
    return (
        f"{name}: safe to ship: it never passes a refusal, never invents a score, never errs and stays in "
        f"[0, 1]; {golden}{declined}it differs from the control on {differing} cases, {explained}; {rollout}."
    )


# Rollout criteria that measure agreement with the control, or the corpus: a fix of a control
# that is known to be broken cannot meet the first kind, and no scorer can meet the second.
_NOT_ABOUT_THE_CANDIDATE = frozenset(
    {
        "agreement (Wilson 95% lower bound)",
        "pass->fail flip rate",
        "fail->pass flip rate",
        "candidate undetermined rate",
        "smallest cohort",
    }
)
