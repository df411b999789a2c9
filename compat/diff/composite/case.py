"""The drift of a composite score: every case with metrics under an old and a new rule, explained by cause.

Where the rules weigh faithfulness, the old composite reads the control's faithfulness
and the new one the candidate's, and each change is split in two: the old rule on the
candidate's faithfulness is the middle, so old -> middle is the scorer's change and
middle -> new the rule's (``faithfulness_share``, ``rule_share``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, NamedTuple

from compat.cases import Case
from compat.composite import (
    FAITHFULNESS,
    RELEVANCY,
    CompositeRule,
    CompositeScore,
    composite_score,
    load_rule,
)
from compat.diff.model import (
    CompositeCaseRow,
    CompositeCause,
    CompositeOutcome,
)

EXAMPLES = 5
DIFFERING = 50
# The yardstick of 'a ground truth that says the information does not exist': the hardened rule's phrases.
YARDSTICK = "unanswerable-aware"


class Faithfulness(NamedTuple):
    """A case's faithfulness as each scorer gave it: None where there is no valid score."""

    control: float | None
    candidate: float | None


def _valid(score: object) -> float | None:
    return float(score) if isinstance(score, (int, float)) and 0.0 <= score <= 1.0 else None


def faithfulness_from(control: object, candidate: object, candidate_status: str) -> Faithfulness:
    """The two scorers' faithfulness as a composite reads it (NaN, infinite, negative or undetermined: None)."""
    return Faithfulness(_valid(control), _valid(candidate) if candidate_status == "scored" else None)


class LineComposite(NamedTuple):
    """What ``diff --composite`` takes from a cases.jsonl line as it streams past."""

    case_id: str
    faithfulness: Faithfulness
    moved: bool  # its composite is not a match: report.html holds it among the differing cases


def line_composite(line: str) -> LineComposite:
    """A cases.jsonl line's id, its two faithfulness scores and whether its composite moved."""
    fields = json.loads(line)
    scores = faithfulness_from(fields["control_score"], fields["candidate_score"], fields["candidate_status"])
    composite = fields.get("composite")
    moved = composite is not None and composite["outcome"] != CompositeOutcome.MATCH.value
    return LineComposite(fields["id"], scores, moved)


class CaseComposite(NamedTuple):
    case: Case
    old: CompositeScore
    middle: CompositeScore  # the old rule on the candidate's faithfulness
    new: CompositeScore
    outcome: CompositeOutcome
    cause: CompositeCause | None
    faithfulness: Faithfulness  # the two scorers' on this case, as the composites read them


def _outcome(old: CompositeScore, new: CompositeScore, tolerance: float) -> CompositeOutcome:
    if old.value is None or new.value is None:
        if old.value is None and new.value is None:
            return CompositeOutcome.BOTH_UNDETERMINED  # two missing numbers do not agree: counted apart
        return CompositeOutcome.OLD_UNDETERMINED if old.value is None else CompositeOutcome.NEW_UNDETERMINED
    if old.passed != new.passed:
        return CompositeOutcome.FLIP
    return CompositeOutcome.MATCH if abs(new.value - old.value) <= tolerance else CompositeOutcome.DRIFT


def _part_value(score: CompositeScore, name: str) -> tuple[float | None, bool]:
    part = score.part(name)
    return (None, True) if part is None else (part.value, part.omitted)


def _rule_cause(old: CompositeScore, new: CompositeScore, rules: tuple[CompositeRule, CompositeRule]) -> CompositeCause:
    """Why the rule change moved a case whose composites are both determined."""
    if old.adjusted != new.adjusted:
        adjusting, other, other_rule = (new, old, rules[0]) if new.adjusted else (old, new, rules[1])
        if other_rule.unanswerable is not None and not other.unanswerable:
            return CompositeCause.UNANSWERABLE_NOT_DETECTED
        relevancy = adjusting.part(RELEVANCY)
        if relevancy is not None and relevancy.before not in (0.0, None) and relevancy.value != relevancy.before:
            return CompositeCause.RELEVANCY_OVERRIDDEN
        return CompositeCause.UNANSWERABLE_ADJUSTED
    if old.adjusted:
        if _part_value(old, RELEVANCY) != _part_value(new, RELEVANCY):
            return CompositeCause.RELEVANCY_OVERRIDDEN
        if _part_value(old, FAITHFULNESS) != _part_value(new, FAITHFULNESS):
            return CompositeCause.FAITHFULNESS_ADJUSTED
    if rules[0].metrics != rules[1].metrics:
        return CompositeCause.WEIGHTS_DIFFER
    return CompositeCause.UNEXPLAINED


def _cause(
    old: CompositeScore, middle: CompositeScore, new: CompositeScore, rules: tuple[CompositeRule, CompositeRule]
) -> CompositeCause:
    for score in (old, new):
        if score.value is None:
            if score.undetermined_by == FAITHFULNESS:
                return CompositeCause.FAITHFULNESS_UNDETERMINED
            return CompositeCause.METRIC_UNDETERMINED
    if middle.value is not None and new.value is not None and middle.value == new.value:
        return CompositeCause.FAITHFULNESS_CHANGED  # the rule change moved nothing
    return _rule_cause(old, new, rules)


def compose_case(
    case: Case, faithfulness: Faithfulness, old: CompositeRule, new: CompositeRule, tolerance: float
) -> CaseComposite:
    """One case under both rules: the two composites, the middle, the outcome and its cause."""
    old_score = composite_score(case.metrics, case.reference, case.answer, old, faithfulness.control)
    middle = composite_score(case.metrics, case.reference, case.answer, old, faithfulness.candidate)
    new_score = composite_score(case.metrics, case.reference, case.answer, new, faithfulness.candidate)
    outcome = _outcome(old_score, new_score, tolerance)
    cause = None if outcome is CompositeOutcome.MATCH else _cause(old_score, middle, new_score, (old, new))
    return CaseComposite(
        case=case,
        old=old_score,
        middle=middle,
        new=new_score,
        outcome=outcome,
        cause=cause,
        faithfulness=faithfulness,
    )


@cache
def yardstick() -> CompositeRule:
    return load_rule(YARDSTICK)


def flip_cell(score: CompositeScore) -> str:
    return "undetermined" if score.passed is None else "pass" if score.passed else "fail"


def mean_of(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _shares(item: CaseComposite) -> tuple[float | None, float | None, float | None]:
    """(delta, faithfulness_share, rule_share) of a case: new - old, split at the middle."""
    old, middle, new = item.old.value, item.middle.value, item.new.value
    delta = None if old is None or new is None else new - old
    share = None if delta is None or middle is None else middle - old  # type: ignore[operator]
    return delta, share, None if share is None or delta is None else delta - share


def _side_record(score: CompositeScore) -> dict[str, Any]:
    return {
        "score": score.value,
        "passed": score.passed,
        "unanswerable": score.unanswerable,
        "adjusted": score.adjusted,
        "undetermined_by": score.undetermined_by,
        "parts": [
            {"metric": p.name, "weight": p.weight, "before": p.before, "value": p.value, "omitted": p.omitted}
            for p in score.parts
        ],
    }


def composite_record(item: CaseComposite) -> dict[str, Any]:
    """A case's composites in the shape of ``CompositeLine``: its cases.jsonl line's ``composite``."""
    delta, share, rule_share = _shares(item)
    return {
        "outcome": item.outcome.value,
        "cause": None if item.cause is None else item.cause.value,
        "delta": delta,
        "faithfulness_share": share,
        "rule_share": rule_share,
        "reference": item.case.reference,
        "answer_refusal": item.new.answer_refusal,
        "old": _side_record(item.old),
        "new": _side_record(item.new),
    }


def case_row(item: CaseComposite) -> CompositeCaseRow:
    """A differing case as report.json's composite lists it."""
    old, new, faithfulness = item.old.value, item.new.value, item.faithfulness
    delta, share, rule_share = _shares(item)
    metrics = dict(item.case.metrics)
    if item.old.part(FAITHFULNESS) is not None or item.new.part(FAITHFULNESS) is not None:
        metrics[f"{FAITHFULNESS} (control)"] = faithfulness.control
        metrics[f"{FAITHFULNESS} (candidate)"] = faithfulness.candidate
    return CompositeCaseRow(
        id=item.case.id,
        tags=list(item.case.tags),
        outcome=item.outcome.value,
        cause=None if item.cause is None else item.cause.value,
        old_score=old,
        new_score=new,
        old_passed=item.old.passed,
        new_passed=item.new.passed,
        delta=delta,
        faithfulness_share=share,
        rule_share=rule_share,
        reference=item.case.reference,
        unanswerable={"old": item.old.unanswerable, "new": item.new.unanswerable},
        adjusted={"old": item.old.adjusted, "new": item.new.adjusted},
        answer_refusal=item.new.answer_refusal,
        metrics=metrics,
        undetermined_by={"old": item.old.undetermined_by, "new": item.new.undetermined_by},
    )


def by_change(row: CompositeCaseRow) -> tuple[float, str]:
    return (-(abs(row.delta) if row.delta is not None else 2.0), row.id)  # undetermined ones first


def expectation_failures(case: Case, rule: CompositeRule, score: CompositeScore) -> list[str]:
    """Where the case's expected composite under ``rule`` (by its name) does not hold."""
    expected = case.expected_composite.get(rule.name)
    if expected is None:
        return []
    actual = {"passed": score.passed, "unanswerable": score.unanswerable, "adjusted": score.adjusted}
    failures = [
        f"{case.id}: {rule.name}.{name} expected {getattr(expected, name)!r}, got {value!r}"
        for name, value in actual.items()
        if name in expected.model_fields_set and getattr(expected, name) != value
    ]
    wanted, got = expected.score, score.value
    same = (wanted is None and got is None) or (wanted is not None and got is not None and abs(wanted - got) <= 1e-9)
    if "score" in expected.model_fields_set and not same:
        failures.insert(0, f"{case.id}: {rule.name}.score expected {wanted!r}, got {got!r}")
    return failures
