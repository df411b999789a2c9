"""Streaming aggregation of comparisons into a ``DriftReport``.

Memory is flat in the number of cases: running counters, a histogram of deltas on a
fixed grid (1e-4 wide within [-1, 1]; outliers counted apart with exact extremes),
the first few example ids per cause, and a bounded heap of the largest drifts.
Percentiles are read off the grid, so they are exact to 1e-4.

Aggregators merge: a worker process folds the cases of one block into its own
``DriftAggregator`` and ships that, and the parent merges blocks in corpus order. The
result is the same however the corpus is split, because nothing depends on where a
block ends: counters add, lists keep their first entries in corpus order, the largest
drifts are a top-k, and sums are exact (``ExactSum``), so a mean is the true mean,
correctly rounded, not an artefact of the order of additions.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from compat.diff._case_json import parse_case_line
from compat.diff._outcomes import (
    CAUSE_DESCRIPTIONS,
    FLIP_OUTCOMES,
    DriftCause,
    Outcome,
    outcome_counts,
)
from compat.diff.aggregate.numbers import ExactSum
from compat.diff.aggregate.steps import StepsAggregator
from compat.diff.aggregate.tally import Tally
from compat.diff.model import (
    FLIP_COLUMNS,
    FLIP_ROWS,
    INVALID_KINDS,
    ArmMean,
    CaseLine,
    CauseRow,
    CohortRow,
    CorpusInfo,
    DeltaStats,
    DriftReport,
    ExpectationSummary,
    HistogramBin,
    ScorersInfo,
    TrustedAgreement,
)

EXAMPLES_PER_CAUSE = 5
LARGEST_DRIFTS = 10
MAX_FAILURES_LISTED = 20
PERCENTILES = (1, 5, 25, 50, 75, 95, 99)
_GRID = 10_000  # delta keys: round(delta * _GRID) within [-_GRID, _GRID]
HISTOGRAM_EDGES = tuple(round(-1 + i * 0.1, 1) for i in range(21))
_MATCH = Outcome.MATCH.value
_UNEXPLAINED = DriftCause.UNEXPLAINED.value
_WITHIN_NOISE = Outcome.WITHIN_NOISE.value
# The flip matrix's off-diagonal cells, by the name a cause's flips go by.
_FLIP_KINDS = {("pass", "fail"): "pass_to_fail", ("fail", "pass"): "fail_to_pass"}


def _example(line: str) -> CaseLine:
    """A case line as the report shows it among its examples: without the detail and the composite
    (cases.jsonl has them; report.json's composite lists the composite's own differing cases)."""
    return parse_case_line(line).model_copy(update={"detail": None, "composite": None})


def _side(determined: bool, passed: bool) -> str:
    if not determined:
        return "undetermined"
    return "pass" if passed else "fail"


# (control passed, candidate determined, candidate passed) -> its cell of the flip matrix.
_FLIP_CELLS: dict[tuple[bool, bool, bool], tuple[str, str]] = {
    (control, determined, passed): (_side(True, control), _side(determined, passed))
    for control in (False, True)
    for determined in (False, True)
    for passed in (False, True)
}


class DriftAggregator:
    """Fold tallies one at a time; ``report()`` whenever the stream ends."""

    def __init__(self) -> None:
        self.cases = 0
        self.outcomes: Counter[str] = Counter()
        self.causes: Counter[str] = Counter()
        self.cause_outcomes: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.examples: defaultdict[str, list[str]] = defaultdict(list)
        self.cohorts: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.cohort_unexplained: Counter[str] = Counter()
        self.flips: Counter[tuple[str, str]] = Counter()
        self.flip_outcomes: Counter[str] = Counter()  # the off-diagonal cases by outcome
        self.cause_flips: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.cause_trusted_flips: defaultdict[str, Counter[str]] = defaultdict(Counter)
        # where the control is trusted: cases, matches, within_noise, flips by kind (and those
        # within noise, "noise:" + kind); and why the others are not
        self.trusted: Counter[str] = Counter()
        self.valid = {"control": 0, "candidate": 0}  # cases with a valid score (scored, in [0, 1]) on each side
        self.legacy_invalid: Counter[str] = Counter()
        self.sums = {"control": ExactSum(), "candidate": ExactSum()}
        self.counts = {"control": 0, "candidate": 0}
        self.delta_grid: Counter[int] = Counter()
        self.delta_count = 0
        self.delta_sum = ExactSum()
        self.delta_min = math.inf
        self.delta_max = -math.inf
        self._largest: list[tuple[float, tuple[int, ...], str]] = []
        self.expectations_checked = 0
        self.expectation_failures: list[str] = []
        self.expectation_failure_count = 0
        self.steps = StepsAggregator()  # graded and imported cases' own sections

    def add(self, item: Tally, line: str = "", failures: Sequence[str] = (), checked: bool = False) -> None:
        """Fold one case. ``line`` is its cases.jsonl line, kept only among the largest drifts."""
        self.cases += 1
        outcome, cause = item.outcome, item.cause
        self.outcomes[outcome] += 1
        for tag in item.tags:
            self.cohorts[tag][outcome] += 1
        if cause is not None:
            self.causes[cause] += 1
            self.cause_outcomes[cause][outcome] += 1
            if len(self.examples[cause]) < EXAMPLES_PER_CAUSE:
                self.examples[cause].append(item.case_id)
            if cause == _UNEXPLAINED:
                for tag in item.tags:
                    self.cohort_unexplained[tag] += 1
        flip_kind = None
        if item.control_scored:
            cell = _FLIP_CELLS[item.control_passed, item.candidate_determined, item.candidate_passed]
            self.flips[cell] += 1
            flip_kind = _FLIP_KINDS.get(cell)
            if flip_kind is not None:
                self.flip_outcomes[outcome] += 1
                if cause is not None:
                    self.cause_flips[cause][flip_kind] += 1
        value = item.control_value
        valid = False
        if value is not None:
            if 0.0 <= value <= 1.0:
                self.sums["control"].add(value)
                self.counts["control"] += 1
                valid = item.control_scored
            elif math.isnan(value):
                self.legacy_invalid["nan"] += 1
            elif math.isinf(value):
                self.legacy_invalid["infinite"] += 1
            else:
                self.legacy_invalid["negative" if value < 0 else "above_one"] += 1
        trusted = valid and not item.legacy_bug_alone
        if trusted:
            self.trusted["cases"] += 1
            self.trusted[outcome] += 1
            if flip_kind is not None:
                self.trusted[flip_kind] += 1
                if outcome == _WITHIN_NOISE:
                    self.trusted["noise:" + flip_kind] += 1
                if cause is not None:
                    self.cause_trusted_flips[cause][flip_kind] += 1
        else:
            self.trusted["control_bug" if valid else "control_invalid"] += 1
        self.valid["control"] += valid
        if item.decomposition is not None or item.observed is not None or item.arms is not None:
            self.steps.add(item, trusted)
        self.steps.statements.add(*item.statement_pairs)
        if item.candidate_value is not None and math.isfinite(item.candidate_value):
            self.sums["candidate"].add(item.candidate_value)
            self.counts["candidate"] += 1
            self.valid["candidate"] += item.candidate_determined and 0.0 <= item.candidate_value <= 1.0
        delta = item.delta
        if delta is not None:
            self.delta_count += 1
            self.delta_sum.add(delta)
            if delta < self.delta_min:
                self.delta_min = delta
            if delta > self.delta_max:
                self.delta_max = delta
            if -1.0 <= delta <= 1.0:
                self.delta_grid[round(delta * _GRID)] += 1
            else:
                self.delta_grid[_GRID + 1 if delta > 0 else -_GRID - 1] += 1
            size = abs(delta)
            full = len(self._largest) >= LARGEST_DRIFTS
            if outcome != _MATCH and (not full or size >= self._largest[0][0]):  # most cases stop here
                self._offer_largest((size, _reverse(item.case_id), line))
        if checked:
            self.expectations_checked += 1
        if failures:
            self.expectation_failure_count += 1
            room = MAX_FAILURES_LISTED - len(self.expectation_failures)
            self.expectation_failures.extend(failures[: max(room, 0)])

    def _offer_largest(self, entry: tuple[float, tuple[int, ...], str]) -> None:
        """Keep ``entry`` if it is among the LARGEST_DRIFTS largest (|delta|, then id) so far."""
        if len(self._largest) < LARGEST_DRIFTS:
            heapq.heappush(self._largest, entry)
        elif entry[:2] > self._largest[0][:2]:
            heapq.heapreplace(self._largest, entry)

    def merge(self, other: DriftAggregator) -> None:
        """Fold in ``other``, the aggregate of the cases that follow this one's in the corpus.

        The result equals adding the other's cases here one by one (a test holds it to that).
        """
        self.cases += other.cases
        self.outcomes.update(other.outcomes)
        self.causes.update(other.causes)
        for cause, counts in other.cause_outcomes.items():
            self.cause_outcomes[cause].update(counts)
        for cause, ids in other.examples.items():
            kept = self.examples[cause]
            kept.extend(ids[: max(EXAMPLES_PER_CAUSE - len(kept), 0)])
        for tag, counts in other.cohorts.items():
            self.cohorts[tag].update(counts)
        self.cohort_unexplained.update(other.cohort_unexplained)
        self.flips.update(other.flips)
        self.flip_outcomes.update(other.flip_outcomes)
        for cause, kinds in other.cause_flips.items():
            self.cause_flips[cause].update(kinds)
        for cause, kinds in other.cause_trusted_flips.items():
            self.cause_trusted_flips[cause].update(kinds)
        self.trusted.update(other.trusted)
        for side in ("control", "candidate"):
            self.valid[side] += other.valid[side]
        self.legacy_invalid.update(other.legacy_invalid)
        for arm in ("control", "candidate"):
            self.sums[arm].merge(other.sums[arm])
            self.counts[arm] += other.counts[arm]
        self.delta_grid.update(other.delta_grid)
        self.delta_count += other.delta_count
        self.delta_sum.merge(other.delta_sum)
        self.delta_min = min(self.delta_min, other.delta_min)
        self.delta_max = max(self.delta_max, other.delta_max)
        for entry in other._largest:  # the top LARGEST_DRIFTS of the union: order does not matter
            self._offer_largest(entry)
        self.steps.merge(other.steps)
        self.expectations_checked += other.expectations_checked
        self.expectation_failure_count += other.expectation_failure_count
        room = MAX_FAILURES_LISTED - len(self.expectation_failures)
        self.expectation_failures.extend(other.expectation_failures[: max(room, 0)])

    def report(self, *, tool: str, corpus: CorpusInfo, scorers: ScorersInfo) -> DriftReport:
        unexplained = self.causes[_UNEXPLAINED]
        matches = self.outcomes[_MATCH]
        agreement, beyond_noise = self.steps.agreements(self.cases, matches, self.outcomes[_WITHIN_NOISE])
        return DriftReport(
            tool=tool,
            verdict=self.verdict_line(),
            no_decision=self.no_decision(corpus, scorers),
            corpus=corpus,
            scorers=scorers,
            outcomes={outcome.value: self.outcomes[outcome.value] for outcome in Outcome},
            explained=self.cases - matches - unexplained,
            unexplained=unexplained,
            causes=[
                CauseRow(
                    cause=cause,
                    description=CAUSE_DESCRIPTIONS[DriftCause(cause)],
                    count=count,
                    outcomes=dict(sorted(self.cause_outcomes[cause].items())),
                    examples=self.examples[cause],
                    flips={kind: self.cause_flips[cause][kind] for kind in _FLIP_KINDS.values()},
                    trusted_flips={kind: self.cause_trusted_flips[cause][kind] for kind in _FLIP_KINDS.values()},
                )
                for cause, count in sorted(self.causes.items(), key=lambda item: (-item[1], item[0]))
            ],
            cohorts=[
                CohortRow(
                    tag=tag,
                    cases=sum(counts.values()),
                    outcomes=dict(sorted(counts.items())),
                    unexplained=self.cohort_unexplained[tag],
                    agreement=counts[_MATCH] / sum(counts.values()),
                )
                for tag, counts in sorted(self.cohorts.items())
            ],
            flip_matrix={
                control: {candidate: self.flips[(control, candidate)] for candidate in FLIP_COLUMNS}
                for control in FLIP_ROWS
            },
            flip_outcomes={name: self.flip_outcomes[name] for name in FLIP_OUTCOMES},
            legacy_invalid={kind: self.legacy_invalid[kind] for kind in INVALID_KINDS},
            means={
                arm: ArmMean(
                    mean=self.sums[arm].mean(self.counts[arm]) if self.counts[arm] else None, count=self.counts[arm]
                )
                for arm in ("control", "candidate")
            },
            agreement=agreement,
            deltas=self._delta_stats(),
            largest_drifts=[_example(entry[2]) for entry in sorted(self._largest, reverse=True) if entry[2]],
            expectations=ExpectationSummary(
                checked=self.expectations_checked,
                failed=self.expectation_failure_count,
                failures=self.expectation_failures,
            ),
            agreement_beyond_noise=beyond_noise,
            decomposition=self.steps.decomposition(),
            noise=self.steps.noise(),
            observed=self.steps.observed_summary(),
            trusted_agreement=self._trusted_agreement(),
            statement_agreement=self.steps.statements.section(),
        )

    def _trusted_agreement(self) -> TrustedAgreement:
        counts = self.trusted
        agreement, beyond_noise = self.steps.agreements(
            counts["cases"], counts[_MATCH], counts[_WITHIN_NOISE], trusted=True
        )
        return TrustedAgreement(
            cases=counts["cases"],
            control_invalid=counts["control_invalid"],
            control_bug=counts["control_bug"],
            agreement=agreement,
            agreement_beyond_noise=beyond_noise,
            flips={kind: counts[kind] for kind in _FLIP_KINDS.values()},
            within_noise_flips={kind: counts["noise:" + kind] for kind in _FLIP_KINDS.values()},
        )

    def verdict_line(self) -> str:
        """The cases and every outcome (they add up to the cases), then how many differences are explained."""
        o = self.outcomes
        differing = self.cases - o[_MATCH]
        unexplained = self.causes[_UNEXPLAINED]
        return f"{self.cases} cases: {outcome_counts(o)} ({differing - unexplained} of {differing} " + (
            f"differences explained, {unexplained} unexplained)"
        )

    def no_decision(self, corpus: CorpusInfo, scorers: ScorersInfo) -> str | None:
        """Why nothing can be decided: no case, or no valid score on a side; None when something can."""
        if self.cases == 0:
            skipped = f" ({corpus.skipped_invalid} skipped as invalid)" if corpus.skipped_invalid else ""
            return f"the corpus holds no case{skipped}"
        sides = [
            f"the {side} ({name})"
            for side, name in (("control", scorers.control), ("candidate", scorers.candidate))
            if not self.valid[side]
        ]
        if not sides:
            return None
        counted = outcome_counts(self.outcomes, every=False)
        if self.outcomes[Outcome.GRADER_ERROR.value] == self.cases:
            counted += " (every case has a grader call that failed: grade again once the grader answers)"
        elif self.outcomes[Outcome.NOT_RECORDED.value] == self.cases:
            counted += (
                " (no case records the arm a side scores: grade it (--arms, --arm), or pick recorded arms "
                "with --arm and --control-arm)"
            )
        return f"none of the {self.cases} cases has a valid score from {' nor '.join(sides)}: {counted}"

    def _delta_stats(self) -> DeltaStats:
        count = self.delta_count
        keys = sorted(self.delta_grid)
        percentiles = {f"p{p}": self._percentile(keys, p) if count else None for p in PERCENTILES}
        histogram = []
        for low, high in itertools.pairwise(HISTOGRAM_EDGES):
            lo, hi = round(low * _GRID), round(high * _GRID)
            last = high == HISTOGRAM_EDGES[-1]
            n = sum(c for k, c in self.delta_grid.items() if lo <= k < hi or (last and k == hi))
            histogram.append(HistogramBin(low=low, high=high, count=n))
        below, above = self.delta_grid[-_GRID - 1], self.delta_grid[_GRID + 1]
        if below:
            histogram.insert(0, HistogramBin(low=self.delta_min, high=-1.0, count=below))
        if above:
            histogram.append(HistogramBin(low=1.0, high=self.delta_max, count=above))
        return DeltaStats(
            count=count,
            mean=self.delta_sum.mean(count) if count else None,
            min=self.delta_min if count else None,
            max=self.delta_max if count else None,
            percentiles=percentiles,
            histogram=histogram,
        )

    def _percentile(self, keys: list[int], p: int) -> float:
        """Nearest-rank percentile on the grid (outliers report the exact extremes)."""
        rank = max(1, math.ceil(p / 100 * self.delta_count))
        seen = 0
        for key in keys:
            seen += self.delta_grid[key]
            if seen >= rank:
                if key > _GRID:
                    return self.delta_max
                if key < -_GRID:
                    return self.delta_min
                return key / _GRID
        return self.delta_max


def _reverse(text: str) -> tuple[int, ...]:
    """A key that sorts ids in reverse, so that ties in |delta| keep the smaller id."""
    return tuple(-ord(c) for c in text)
