"""One case's composite under one rule: detection, the condition, the adjustments, the weighted mean.

The composite is a number in [0, 1] or undetermined with the metric that made it so;
never NaN and never a value made up for a metric nobody measured.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from compat.composite._rule import FAITHFULNESS, CompositeRule, Unanswerable

RELEVANCY = "context_relevancy"


def normalised(text: str) -> str:
    """``text`` with case, punctuation and runs of white space ignored (``N/A.`` and ``n/a`` read ``na``)."""
    # upper() then casefold(): a letter whose lower and upper forms fold apart (the dotless ı) folds one way.
    folded = text.upper().casefold()
    kept = "".join(" " if char.isspace() else char for char in folded if not unicodedata.category(char).startswith("P"))
    return " ".join(kept.split())


def reference_is_unanswerable(reference: str | None, detection: Unanswerable) -> bool:
    """The ground truth says the information does not exist, as the rule's phrases read it."""
    if reference is None:
        return False
    if detection.match == "exact":  # seed 004: ground_truth.lower() in [...]
        return reference.lower() in detection.phrases
    return normalised(reference) in _normalised_phrases(tuple(detection.phrases))


def answer_says_no_information(answer: str | None, detection: Unanswerable) -> bool:
    """The answer itself says the information is not there (one of the rule's answer phrases, as words)."""
    if answer is None:
        return False
    padded = f" {normalised(answer)} "
    return any(f" {phrase} " in padded for phrase in _normalised_phrases(tuple(detection.answer_phrases)))


@cache  # a rule's phrases, normalised once per run, not once a case (tens of phrases, three composites a case)
def _normalised_phrases(phrases: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(normalised(phrase) for phrase in phrases)


class MetricPart(NamedTuple):
    """One metric as the composite used it."""

    name: str
    weight: float
    value: float | None  # None: undetermined or missing
    before: float | None  # the value before an adjustment (equal to value where none applied)
    omitted: bool  # left out of the mean (an adjustment, or an undetermined metric under undetermined = "omit")


class CompositeScore(NamedTuple):
    value: float | None  # None: undetermined (``undetermined_by`` says which metric)
    passed: bool | None
    unanswerable: bool  # the rule's phrases read the ground truth as 'the information does not exist'
    adjusted: bool  # ... and the answer was correct: the adjustments applied
    answer_refusal: bool  # the answer says 'no information' (the rule's answer phrases; False without them)
    parts: tuple[MetricPart, ...]
    undetermined_by: str | None  # the metric that left the composite undetermined

    def part(self, name: str) -> MetricPart | None:
        return next((part for part in self.parts if part.name == name), None)


def _adjusted(name: str, value: float | None, detection: Unanswerable, refusal: bool) -> tuple[float | None, bool]:
    """(value, omitted) of one metric of a correct answer to an unanswerable question."""
    if name == RELEVANCY:
        if detection.context_relevancy == "one":  # seed 004: whatever it was, even unmeasured
            return 1.0, False
        if detection.context_relevancy == "zero_to_one" and value == 0:
            return 1.0, False
        return value, detection.context_relevancy == "omit"
    if name == FAITHFULNESS and (refusal or not detection.answer_refusal):
        if detection.faithfulness == "success":
            return 1.0, False
        return value, detection.faithfulness == "omit"
    return value, False


def composite_score(
    metrics: Mapping[str, float | None],
    reference: str | None,
    answer: str | None,
    rule: CompositeRule,
    faithfulness: float | None = None,
) -> CompositeScore:
    """The composite of one case: ``metrics`` as the case carries them, ``faithfulness`` as a scorer gave it.

    ``faithfulness`` is None where the scorer gave no valid score (undetermined, NaN,
    outside [0, 1]); it is read only where the rule weighs faithfulness.
    """
    detection = rule.unanswerable
    unanswerable = detection is not None and reference_is_unanswerable(reference, detection)
    refusal = detection is not None and answer_says_no_information(answer, detection)
    correctness = metrics.get(detection.correctness_metric) if detection is not None else None
    adjusted = unanswerable and correctness is not None and correctness >= detection.min_correctness  # type: ignore[union-attr]
    parts = []
    for name, weight in rule.metrics.items():
        before = faithfulness if name == FAITHFULNESS else metrics.get(name)
        value, omitted = _adjusted(name, before, detection, refusal) if adjusted and detection else (before, False)
        if value is None and not omitted and rule.undetermined == "omit":
            omitted = True
        parts.append(MetricPart(name, weight, value, before, omitted))
    used = [part for part in parts if not part.omitted]
    missing = next((part.name for part in used if part.value is None), None)
    if missing is None and not used:
        missing = next((part.name for part in parts if part.value is None), next(iter(rule.metrics)))
    if missing is not None:
        return CompositeScore(
            value=None,
            passed=None,
            unanswerable=unanswerable,
            adjusted=adjusted,
            answer_refusal=refusal,
            parts=tuple(parts),
            undetermined_by=missing,
        )
    total = sum(part.weight for part in used)
    mean = sum(part.weight * part.value for part in used if part.value is not None) / total
    value = min(1.0, max(0.0, mean))  # a weighted mean of values in [0, 1]; the clamp only absorbs rounding
    return CompositeScore(
        value=value,
        passed=value >= rule.threshold,
        unanswerable=unanswerable,
        adjusted=adjusted,
        answer_refusal=refusal,
        parts=tuple(parts),
        undetermined_by=None,
    )
