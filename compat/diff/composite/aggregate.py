"""The composite's drift folded case by case, as the diff compares them (``CompositeAggregator``).

Each unit of work (a block locally, a piece on a Dask worker) folds its own cases; the
parent merges the units in corpus order, as it merges ``DriftAggregator``. Every part of
the result is the same whatever the cut: counts add, first examples and failures are kept
in corpus order, the largest changes are a top-N of a total order, and the scores whose
means the report gives are kept in order, so the float sums are those of one pass.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import TypeVar

from compat.cases import TOOL_TAG_PREFIX, Case
from compat.composite import CompositeRule, reference_is_unanswerable
from compat.diff._outcomes import DEFAULT_TOLERANCE
from compat.diff.composite.case import (
    DIFFERING,
    EXAMPLES,
    CaseComposite,
    Faithfulness,
    by_change,
    case_row,
    compose_case,
    expectation_failures,
    flip_cell,
    mean_of,
    yardstick,
)
from compat.diff.model import (
    COMPOSITE_CAUSES,
    CohortRow,
    CompositeCaseRow,
    CompositeCause,
    CompositeCauseRow,
    CompositeDrift,
    CompositeExpectations,
    CompositeOutcome,
    CompositeSplit,
)

FAILURES = 20  # golden composites that fail, listed
Key = TypeVar("Key")
_SIDES = ("pass", "fail", "undetermined")


class CompositeAggregator:
    """The composite's drift between two rules, folded one case at a time and merged in corpus order."""

    def __init__(self, old: CompositeRule, new: CompositeRule) -> None:
        self.rules = (old, new)
        self.without = 0
        self.outcomes: Counter[str] = Counter()
        self.causes: Counter[CompositeCause] = Counter()
        self.values: dict[str, list[float]] = {"old": [], "new": []}  # the determined composites, in corpus order
        self.cause_outcomes: defaultdict[CompositeCause, Counter[str]] = defaultdict(Counter)
        self.examples: defaultdict[CompositeCause, list[str]] = defaultdict(list)
        self.steps: list[tuple[float, float, float]] = []  # (old, middle, new) where all three are determined
        self.cohorts: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.cohort_unexplained: Counter[str] = Counter()
        self.checked = self.failed = 0
        self.flips: Counter[tuple[str, str]] = Counter()
        self.unanswerable: Counter[str] = Counter()
        self.differing: list[CompositeCaseRow] = []  # the largest changes (a top-N kept bounded)
        self.missed = 0
        self.missed_examples: list[str] = []
        self.failures: list[str] = []

    def add_without_metrics(self) -> None:
        self.without += 1

    def add(self, item: CaseComposite) -> None:
        """One case with metrics, as ``compose_case`` scored it."""
        old, new = self.rules
        case, outcome = item.case, item.outcome.value
        self.outcomes[outcome] += 1
        tags = [tag for tag in case.tags if not tag.startswith(TOOL_TAG_PREFIX)]
        for tag in tags:
            self.cohorts[tag][outcome] += 1
        if item.cause is not None:
            self.causes[item.cause] += 1
            self.cause_outcomes[item.cause][outcome] += 1
            if len(self.examples[item.cause]) < EXAMPLES:
                self.examples[item.cause].append(case.id)
            if item.cause is CompositeCause.UNEXPLAINED:
                self.cohort_unexplained.update(tags)
            self._keep_differing([case_row(item)])
        if {old.name, new.name} & case.expected_composite.keys():
            found = expectation_failures(case, old, item.old)
            found += expectation_failures(case, new, item.new) if new.name != old.name else []
            self.checked, self.failed = self.checked + 1, self.failed + bool(found)
            self.failures = (self.failures + found)[:FAILURES]
        self.flips[flip_cell(item.old), flip_cell(item.new)] += 1
        for side, score in (("old", item.old), ("new", item.new)):
            if score.value is not None:
                self.values[side].append(score.value)
            self.unanswerable[side] += score.unanswerable
            self.unanswerable[f"{side}_adjusted"] += score.adjusted
        if item.old.value is not None and item.middle.value is not None and item.new.value is not None:
            self.steps.append((item.old.value, item.middle.value, item.new.value))
        hardened = yardstick().unanswerable
        if hardened is not None and reference_is_unanswerable(case.reference, hardened) and not item.new.unanswerable:
            self._miss([case.id], 1)

    def _keep_differing(self, rows: list[CompositeCaseRow]) -> None:
        self.differing.extend(rows)
        if len(self.differing) > 2 * DIFFERING:  # keep memory bounded on a large corpus
            self.differing = sorted(self.differing, key=by_change)[:DIFFERING]

    def _miss(self, examples: list[str], count: int) -> None:
        self.missed += count
        self.missed_examples = (self.missed_examples + examples)[:EXAMPLES]

    def merge(self, other: CompositeAggregator) -> None:
        """Fold in ``other``, the cases that come after this one's in the corpus."""
        self.without += other.without
        for mine, theirs in (
            (self.outcomes, other.outcomes),
            (self.cohort_unexplained, other.cohort_unexplained),
            (self.unanswerable, other.unanswerable),
        ):
            mine.update(theirs)
        self.causes.update(other.causes)
        self.flips.update(other.flips)
        _add_nested(self.cause_outcomes, other.cause_outcomes)
        _add_nested(self.cohorts, other.cohorts)
        for cause, found in other.examples.items():
            self.examples[cause] = (self.examples[cause] + found)[:EXAMPLES]
        for side, scores in other.values.items():
            self.values[side].extend(scores)
        self.steps.extend(other.steps)
        self._keep_differing(other.differing)
        self._miss(other.missed_examples, other.missed)
        self.checked, self.failed = self.checked + other.checked, self.failed + other.failed
        self.failures = (self.failures + other.failures)[:FAILURES]

    def drift(self) -> CompositeDrift:
        old, new = self.rules
        outcomes, causes = self.outcomes, self.causes
        cases = sum(outcomes.values())
        explained = sum(count for cause, count in causes.items() if cause is not CompositeCause.UNEXPLAINED)
        named = ", ".join(f"{outcomes.get(item.value, 0)} {item.value.replace('_', ' ')}" for item in CompositeOutcome)
        steps = self.steps
        return CompositeDrift(
            old_rule=old.name,
            new_rule=new.name,
            old_threshold=old.threshold,
            new_threshold=new.threshold,
            faithfulness="old: the control, new: the candidate"
            if old.weighs_faithfulness or new.weighs_faithfulness
            else "not weighed",
            cases=cases,
            without_metrics=self.without,
            verdict=f"composite {old.name} → {new.name}: {cases} cases with metrics: {named}",
            outcomes={outcome.value: outcomes.get(outcome.value, 0) for outcome in CompositeOutcome},
            explained=explained,
            unexplained=causes.get(CompositeCause.UNEXPLAINED, 0),
            causes=[
                CompositeCauseRow(
                    cause=cause.value,
                    description=COMPOSITE_CAUSES[cause],
                    count=count,
                    outcomes=dict(self.cause_outcomes[cause]),
                    examples=self.examples[cause],
                )
                for cause, count in sorted(causes.items(), key=lambda entry: (-entry[1], entry[0].value))
            ],
            cohorts=[
                CohortRow(
                    tag=tag,
                    cases=sum(counts.values()),
                    outcomes=dict(counts),
                    unexplained=self.cohort_unexplained.get(tag, 0),
                    agreement=counts.get(CompositeOutcome.MATCH.value, 0) / sum(counts.values()),
                )
                for tag, counts in sorted(self.cohorts.items())
            ],
            flip_matrix={row: {column: self.flips.get((row, column), 0) for column in _SIDES} for row in _SIDES},
            means={side: mean_of(found) for side, found in self.values.items()},
            determined={side: len(found) for side, found in self.values.items()},
            split=CompositeSplit(
                cases=len(steps),
                faithfulness=mean_of([middle - before for before, middle, _ in steps]),
                rule=mean_of([after - middle for _, middle, after in steps]),
                total=mean_of([after - before for before, _, after in steps]),
            ),
            unanswerable={key: self.unanswerable.get(key, 0) for key in ("old", "new", "old_adjusted", "new_adjusted")},
            missed=self.missed,
            missed_examples=self.missed_examples,
            differing=sorted(self.differing, key=by_change)[:DIFFERING],
            expectations=CompositeExpectations(checked=self.checked, failed=self.failed, failures=self.failures),
        )


def _add_nested(into: defaultdict[Key, Counter[str]], more: Mapping[Key, Counter[str]]) -> None:
    for key, counts in more.items():
        into[key].update(counts)


def composite_drift(
    cases: Iterable[Case],
    faithfulness: Mapping[str, Faithfulness],
    old: CompositeRule,
    new: CompositeRule,
    tolerance: float = DEFAULT_TOLERANCE,
) -> CompositeDrift:
    """The composite's drift over ``cases`` (those with metrics), ``faithfulness`` by case id."""
    aggregator = CompositeAggregator(old, new)
    for case in cases:
        if not case.metrics:
            aggregator.add_without_metrics()
            continue
        scores = faithfulness.get(case.id, Faithfulness(None, None))
        aggregator.add(compose_case(case, scores, old, new, tolerance))
    return aggregator.drift()
