"""The league table: every candidate fix against one control, on one corpus, side by side.

A team leaving the legacy scorer chooses between several fixes (the seeds' plans, the
promptfoo versions it may already run, the ragas library, the fixed scorer). For each
candidate the corpus is compared with the control exactly as ``faithcompat diff``
compares it (the same comparison, causes and aggregation), the rollout criteria are
applied to that report, and a few things no report of one pair shows are counted:

* **errors**: what the upstream code raises or flags instead of a score;
* **outside [0, 1]**: negative, above one, NaN, infinite;
* **invented**: a score where there was nothing to score. "Nothing to score" is the
  reference reading (the fixed scorer, ``REFERENCE``): no statements, no grader output,
  a refusal, no verdict at all. Any number there is made up (legacy's 1.0 for a refusal,
  a plan's neutral 0.5); one that passes hides the failure from every dashboard;
* **refusals passed**: cases where the grader refused (reference reading) and the
  candidate passes the answer anyway.

Every case is read once and scored once per scorer, in this process.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from compat._errors import CaseError
from compat._text import printable
from compat.cases import DEFAULT_MAX_CASE_BYTES, CorpusDigest, iter_cases
from compat.diff import (
    CANDIDATE_ARM,
    CONTROL_ARM,
    DEFAULT_TOLERANCE,
    CaseComparer,
    CorpusInfo,
    DriftAggregator,
    DriftReport,
    ScorersInfo,
    VocabularyInfo,
    case_json_line,
    check_expected,
    score_arm,
    tally,
    tool_name,
)
from compat.report import ExtraSection, markdown_code
from compat.rollout._decision import Decision, decide
from compat.rollout._policy import RolloutPolicy
from compat.scoring import Cause, Score, Scorer, Status, Vocabulary, get_scorer, scorer_options

REFERENCE = "ragas"  # whose reading says a case is a refusal, or has nothing to score
LEAGUE_SCHEMA_VERSION = "1.1"  # 1.1 added the vocabulary (null when none was given)
_NOTHING_TO_SCORE = frozenset({Cause.EMPTY_OUTPUT, Cause.NO_STATEMENTS, Cause.REFUSAL, Cause.NO_VERDICTS})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LeagueRow(_Frozen):
    """One candidate against the control."""

    candidate: str
    cases: int
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
    rollout: str = Field(description="The rollout decision (GO, HOLD, NO-GO) from off, under the policy.")
    rollout_failing: list[str] = Field(description="The rollout criteria that do not hold.")
    safe: bool = Field(description="Never invents a score, passes a refusal, leaves [0, 1], errs or misses golden.")
    why: str = Field(description="In words: why it is or is not safe to ship.")


class LeagueTable(_Frozen):
    """Every candidate against one control on one corpus (``faithcompat compare``)."""

    schema_version: str = LEAGUE_SCHEMA_VERSION
    tool: str
    corpus: CorpusInfo
    control: str
    reference: str = Field(description="The scorer whose reading decides refusal and nothing-to-score.")
    vocabulary: VocabularyInfo | None = Field(
        default=None, description="Verdict words added (--vocabulary) for the scorers that read them; null: none."
    )
    rows: list[LeagueRow]

    @property
    def exit_code(self) -> int:
        """0 when at least one candidate is safe to ship, 1 when none is."""
        return 0 if any(row.safe for row in self.rows) else 1


class _Counts:
    """What the league counts beside the diff's own aggregate, for one candidate."""

    def __init__(self) -> None:
        self.errors = self.outside = self.invented = self.invented_passing = 0
        self.refusals = self.refusals_passed = self.golden_checked = self.golden_failed = 0

    def add(self, candidate: Score, reference: Score, golden: tuple[bool, bool]) -> None:
        value = candidate.value
        scored = candidate.status is Status.SCORED
        self.errors += candidate.status is Status.ERROR
        self.outside += value is not None and not (math.isfinite(value) and 0.0 <= value <= 1.0)
        if reference.status is Status.UNDETERMINED and reference.cause in _NOTHING_TO_SCORE and scored:
            self.invented += 1
            self.invented_passing += candidate.passed
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
) -> LeagueTable:
    """Compare every candidate with ``control`` over ``sources``; one row per candidate, in the order given.

    ``vocabulary``: verdict words added for every scorer that reads them (the reference too).
    """
    sources = list(sources)
    control_scorer = get_scorer(control)
    scorers: dict[str, Scorer] = {
        name: get_scorer(name, **_vocabulary_option(name, vocabulary))
        for name in dict.fromkeys([*candidates, REFERENCE])
    }
    comparers = {name: CaseComparer(control_scorer, scorers[name], tolerance, detail=False) for name in candidates}
    aggregators = {name: DriftAggregator() for name in candidates}
    counts = {name: _Counts() for name in candidates}
    digest = CorpusDigest()
    skipped: list[CaseError] = []

    def skip(error: CaseError) -> None:
        skipped.append(error)
        if on_error is not None:
            on_error(error)

    for loaded in iter_cases(
        sources, on_error=skip if on_error is not None else None, max_case_bytes=max_case_bytes, digest=digest
    ):
        case = loaded.case
        control_score = score_arm(control_scorer, case, CONTROL_ARM)
        scores = {name: score_arm(scorer, case, CANDIDATE_ARM) for name, scorer in scorers.items()}
        for name in candidates:
            candidate = scores[name]
            comparison = comparers[name].compare(case, control_score, candidate)
            failures = check_expected(case, {control: control_score, name: candidate}, tolerance=tolerance)
            checked = control in case.expected or name in case.expected
            aggregators[name].add(tally(comparison), case_json_line(comparison), [str(f) for f in failures], checked)
            own_failed = any(failure.scorer == name for failure in failures)
            counts[name].add(candidate, scores[REFERENCE], (name in case.expected, own_failed))
    corpus = CorpusInfo(
        sources=source_names or [str(s) for s in sources],
        sha256=digest.hexdigest(),
        cases=next(iter(aggregators.values())).cases if aggregators else 0,
        skipped_invalid=len(skipped),
    )
    rows = []
    for name in candidates:
        report = aggregators[name].report(
            tool=tool_name(),
            corpus=corpus,
            scorers=ScorersInfo(control=control, candidate=name, tolerance=tolerance),
        )
        rows.append(_row(name, report, counts[name], decide(report, policy, invariant_violations=None)))
    return LeagueTable(
        tool=tool_name(),
        corpus=corpus,
        control=control,
        reference=REFERENCE,
        vocabulary=VocabularyInfo(**vocabulary.as_dict()) if vocabulary else None,
        rows=rows,
    )


def _vocabulary_option(name: str, vocabulary: Vocabulary | None) -> dict[str, Vocabulary]:
    return {"vocabulary": vocabulary} if vocabulary and "vocabulary" in scorer_options(name) else {}


def _row(name: str, report: DriftReport, counts: _Counts, decision: Decision) -> LeagueRow:
    flips = report.flip_matrix
    fields = {
        "candidate": name,
        "cases": report.corpus.cases,
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
        "rollout_failing": [c.name for c in decision.criteria if not c.holds],
    }
    problems = _problems(counts)
    return LeagueRow(**fields, safe=not problems, why=_why(name, report, counts, problems, decision))


def _problems(counts: _Counts) -> list[str]:
    """What makes a candidate unsafe to ship, worst first, in words."""
    problems = []
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
    return problems


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
    if not failing:
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


# ------------------------------------------------------------------ rendering


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def _mean(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


_COLUMNS = (
    "candidate",
    "agree",
    "p→f",
    "f→p",
    "undet",
    "errors",
    "outside",
    "invented",
    "refusals passed",
    "golden",
    "mean",
    "rollout",
    "safe",
)


def _cells(row: LeagueRow) -> list[str]:
    golden = f"{row.golden_checked - row.golden_failed}/{row.golden_checked}" if row.golden_checked else "—"
    invented = f"{row.invented} ({row.invented_passing} pass)" if row.invented else "0"
    refusals = f"{row.refusals_passed}/{row.refusals}"
    return [
        row.candidate,
        _rate(row.agreement),
        str(row.pass_to_fail),
        str(row.fail_to_pass),
        str(row.undetermined),
        str(row.errors),
        str(row.outside_unit_interval),
        invented,
        refusals,
        golden,
        _mean(row.mean),
        row.rollout,
        "yes" if row.safe else "no",
    ]


def render_league(table: LeagueTable, *, markdown: bool = False) -> str:
    """The table for a terminal or as GitHub Markdown, then one line per candidate saying why."""
    rows = [_cells(row) for row in table.rows]
    title = (
        f"{table.corpus.cases} cases, control {table.control}; refusals and nothing-to-score as "
        f"{table.reference} reads them"
    )
    if table.vocabulary is not None:  # words from a file: code spans in Markdown, control characters escaped
        words = table.vocabulary
        shown = markdown_code if markdown else printable
        added = ", ".join(shown(word) for word in (*words.yes, *words.no, *words.none))
        title += f"; verdict words added (--vocabulary): {added}"
    if markdown:
        lines = [f"## faithcompat compare: {len(table.rows)} candidates", "", title, ""]
        lines.append("| " + " | ".join(_COLUMNS) + " |")
        lines.append("|---|" + "--:|" * (len(_COLUMNS) - 3) + "---|---|")
        lines += ["| " + " | ".join(f"`{c}`" if i == 0 else c for i, c in enumerate(cells)) + " |" for cells in rows]
        lines += [""] + [f"- {row.why}" for row in table.rows]
        return "\n".join(lines) + "\n"
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(_COLUMNS)]

    def line(cells: Sequence[str]) -> str:  # names flush left, numbers flush right
        pairs = enumerate(zip(cells, widths, strict=True))
        return "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in pairs)

    lines = [title, "", line(_COLUMNS), *(line(cells) for cells in rows)]
    lines += [""] + [row.why for row in table.rows]
    return "\n".join(lines) + "\n"


def league_section(table: LeagueTable) -> ExtraSection:
    """The table as a section of ``report.html``."""
    return ExtraSection(
        key="league",
        title="Every candidate",
        caption=f"Each candidate against {table.control}, {table.corpus.cases} cases; refusals and "
        f"nothing-to-score as {table.reference} reads them",
        header=_COLUMNS,
        rows=tuple(tuple(_cells(row)) for row in table.rows),
        notes=tuple(row.why for row in table.rows),
    )


def league_json(table: LeagueTable) -> str:
    return table.model_dump_json(indent=2) + "\n"


def league_schema() -> dict[str, object]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "faithcompat/league.schema.json",
        **LeagueTable.model_json_schema(),
    }
