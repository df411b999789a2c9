"""The rollout decision for the flag that switches scorers: the criteria, and the next stage.

``decide`` reads a drift report and a policy and returns a ``Decision``: GO (advance one
stage), HOLD (stay), NO-GO (back to shadow), each criterion with its measure, threshold
and outcome; or NO-DECISION where the report has nothing to decide on, which measures
no criterion. It knows its own exit code (0 GO, 1 HOLD or NO-GO, 2 NO-DECISION). The
stages and the criteria: docs/rollout.md.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal

from compat._errors import InputError
from compat._text import clip, format_change
from compat.diff import USABLE_SAMPLES, Agreement, DriftReport
from compat.rollout._policy import RolloutPolicy
from compat.rollout._refusals import Refusal
from compat.rollout.decision.people import check_excuses, holds_for_people, people_comparisons

ADVISED_SAMPLES = USABLE_SAMPLES  # per case and arm, for a noise floor of more than one difference
EXIT_NO_DECISION = 2  # as unusable input: a CI job stops, and the message says why


class Recommendation(str, Enum):
    GO = "GO"
    HOLD = "HOLD"
    NO_GO = "NO-GO"
    NO_DECISION = "NO-DECISION"  # nothing to decide on: no criterion is measured


# A measure this close to its threshold is on it: the rates are quotients, and 0.1 * 3 / 3 is not 0.1.
ROUNDING = 1e-12


@dataclass(frozen=True)
class Criterion:
    """One measure against its threshold. Whether it holds is computed here, from the value,
    the threshold and the comparison, and nowhere else: no criterion can say ``ok`` while its
    value is on the wrong side of its threshold."""

    name: str
    measured: float
    threshold: float
    comparison: Literal["<=", ">="]
    blocks: Recommendation  # what failing it means: HOLD or NO-GO
    note: str = ""
    raw: float | None = None  # the same measure over every case, where the criterion's is over fewer
    over: str = ""  # the cases it is measured over, where not all of them (said beside it on the page)

    @property
    def holds(self) -> bool:
        if self.comparison == "<=":
            return self.measured <= self.threshold + ROUNDING
        return self.measured >= self.threshold - ROUNDING

    @classmethod
    def at_most(cls, name: str, measured: float, threshold: float, blocks: Recommendation, note: str = "") -> Criterion:
        """Holds while ``measured`` stays at or under ``threshold`` (rounding forgiven)."""
        return cls(name=name, measured=measured, threshold=threshold, comparison="<=", blocks=blocks, note=note)

    @classmethod
    def at_least(
        cls, name: str, measured: float, threshold: float, blocks: Recommendation, note: str = ""
    ) -> Criterion:
        """Holds while ``measured`` reaches ``threshold`` (rounding forgiven)."""
        return cls(name=name, measured=measured, threshold=threshold, comparison=">=", blocks=blocks, note=note)


@dataclass(frozen=True)
class Accepted:
    """A cause the policy accepts: its flips are left out of the flip rates, and said so.

    ``pass_to_fail`` and ``fail_to_pass`` count its flips (left out of the raw rates);
    the ``trusted_`` ones, those where legacy is trusted (left out of the criteria's rates:
    none for a named legacy bug, whose cases are not among them anyway)."""

    cause: str
    cases: int
    pass_to_fail: int
    fail_to_pass: int
    trusted_pass_to_fail: int = 0
    trusted_fail_to_pass: int = 0


@dataclass(frozen=True)
class Decision:
    verdict: Recommendation
    current_stage: str
    next_stage: str
    criteria: tuple[Criterion, ...]
    refusals: tuple[Refusal, ...]  # refusals legacy passed, or the candidate's arm made: which arm refused
    small_cohorts: tuple[str, ...]
    why: tuple[str, ...] = ()  # what moved the numbers: parser, prompts, noise, the recorded history
    accepted: tuple[Accepted, ...] = ()  # the policy's accept_causes, with what each left out
    no_decision: str | None = None  # with NO-DECISION: why nothing could be decided

    @property
    def exit_code(self) -> int:
        if self.verdict is Recommendation.NO_DECISION:
            return EXIT_NO_DECISION
        return 0 if self.verdict is Recommendation.GO else 1

    @property
    def decided_by(self) -> tuple[str, ...]:
        """The failing criteria that set the verdict (none on GO)."""
        return tuple(c.name for c in self.criteria if not c.holds and c.blocks is self.verdict)


def stages(policy: RolloutPolicy) -> list[str]:
    return ["off", "shadow", *(f"live:{_pct(p)}" for p in policy.live_percentages), "complete"]


def _pct(p: float) -> str:
    return f"{p:g}"


def parse_stage(text: str, policy: RolloutPolicy) -> str:
    known = stages(policy)
    normalised = text.strip().lower().replace(" ", "").rstrip("%")
    if normalised.startswith("live:"):
        with contextlib.suppress(ValueError):  # not a number: reported as unknown below
            normalised = "live:" + _pct(float(normalised[5:]))
    if normalised not in known:
        raise ValueError(f"unknown stage {text!r}; stages are: {', '.join(known)}")
    return normalised


def decide(
    report: DriftReport,
    policy: RolloutPolicy,
    *,
    current_stage: str = "off",
    invariant_violations: int | None = 0,
    refusals: Sequence[Refusal] = (),
) -> Decision:
    """The decision on ``report``; ``refusals``: the refusals its cases hold (``refusals_in``), to name them."""
    cases = report.corpus.cases or 1
    reason = no_decision(report)
    why = _why(report, policy.drift_beyond_noise_only)
    if reason is not None:
        return Decision(
            verdict=Recommendation.NO_DECISION,
            current_stage=current_stage,
            next_stage=current_stage,
            criteria=(),
            refusals=tuple(refusals),
            small_cohorts=(),
            why=why,
            no_decision=reason,
        )
    beyond_noise = policy.drift_beyond_noise_only and report.noise is not None
    accepted = _accepted(report, policy.accept_causes)
    agreement, agreement_note = _agreement(report, beyond_noise=beyond_noise)
    undetermined = report.outcomes["candidate_undetermined"] / cases
    grader_errors = report.outcomes.get("grader_error", 0)
    lower = agreement.wilson_low or 0.0
    small = tuple(row.tag for row in report.cohorts if row.cases < policy.min_cohort_size)
    criteria = [
        Criterion.at_most("unexplained drift", report.unexplained, policy.max_unexplained, Recommendation.NO_GO),
        Criterion.at_most(
            "expected-outcome failures",
            report.expectations.failed,
            policy.max_expectation_failures,
            Recommendation.NO_GO,
        ),
    ]
    # Not measured (invariant_examples = 0): no violation was seen, and the note says why.
    criteria.append(
        Criterion.at_most(
            "candidate invariant violations",
            invariant_violations or 0,
            policy.max_invariant_violations,
            Recommendation.NO_GO,
            "not measured (invariant_examples = 0)" if invariant_violations is None else "",
        )
    )
    criteria += [
        Criterion.at_most(
            "candidate undetermined rate", undetermined, policy.max_undetermined_rate, Recommendation.HOLD
        ),
        Criterion.at_most(  # a grader call that failed leaves a case unjudged on both sides: its own measure
            "grader error rate",
            grader_errors / cases,
            policy.max_grader_error_rate,
            Recommendation.HOLD,
            f"{grader_errors} of {report.corpus.cases} cases have a grader call that failed after its retries "
            "(nothing to score on an arm)",
        ),
    ]
    excuses = check_excuses(report, policy)
    criteria += flip_criteria(report, policy, accepted, beyond_noise=beyond_noise, refuted=excuses.refuted)
    if excuses.excused:  # unverified excused flips are allowed until the stage the policy names
        allowed = 0 if holds_for_people(current_stage, policy) else excuses.excused
        until = f"; allowed until live:{_pct(policy.unverified_excuses_until)}" if allowed else ""
        criteria.append(
            Criterion.at_most(
                "excused flips unverified by people",
                excuses.unverified,
                allowed,
                Recommendation.HOLD,
                excuses.note + until,
            )
        )
    criteria += [
        Criterion.at_least(compared.name, compared.candidate, compared.control, Recommendation.NO_GO, compared.note)
        for compared in people_comparisons(report)
    ]
    criteria += [
        replace(
            Criterion.at_least(
                "agreement (Wilson 95% lower bound)",
                lower,
                policy.min_agreement_lower_bound,
                Recommendation.HOLD,
                agreement_note,
            ),
            over=_trusted_over(report),
        ),
        Criterion.at_least(  # the smallest cohort; a corpus without cohort tags is one cohort
            "smallest cohort",
            min((row.cases for row in report.cohorts), default=report.corpus.cases),
            policy.min_cohort_size,
            Recommendation.HOLD,
            _small_note(small, report.corpus.cases if not report.cohorts else None, policy.min_cohort_size),
        ),
    ]
    composite = report.composite
    if composite is not None:  # diff --composite: the second rule change is judged with the first
        new_undetermined = (composite.cases - composite.determined["new"]) / (composite.cases or 1)
        criteria += [
            Criterion.at_most(
                "unexplained composite change",
                composite.unexplained,
                policy.max_composite_unexplained,
                Recommendation.NO_GO,
            ),
            Criterion.at_most(
                "composite expected-outcome failures",
                composite.expectations.failed,
                policy.max_expectation_failures,
                Recommendation.NO_GO,
            ),
            Criterion.at_most(
                "composite undetermined rate",
                new_undetermined,
                policy.max_composite_undetermined_rate,
                Recommendation.HOLD,
                f"{composite.cases - composite.determined['new']} of {composite.cases} cases with metrics have no "
                f"new composite: {composite.outcomes.get('new_undetermined', 0)} new undetermined, "
                f"{composite.outcomes.get('both_undetermined', 0)} undetermined under both rules",
            ),
        ]
    failed = {c.blocks for c in criteria if not c.holds}
    verdict = (
        Recommendation.NO_GO if Recommendation.NO_GO in failed else Recommendation.HOLD if failed else Recommendation.GO
    )
    order = stages(policy)
    index = order.index(current_stage)
    if verdict is Recommendation.GO:
        next_stage = order[min(index + 1, len(order) - 1)]
    elif verdict is Recommendation.NO_GO:
        next_stage = "shadow" if index >= 1 else "off"  # keep measuring, stop deciding
    else:
        next_stage = current_stage
    return Decision(
        verdict=verdict,
        current_stage=current_stage,
        next_stage=next_stage,
        criteria=tuple(criteria),
        refusals=tuple(refusals),
        small_cohorts=small,
        why=why,
        accepted=accepted,
    )


def no_decision(report: DriftReport) -> str | None:
    """Why nothing can be decided on ``report``, or None.

    A report of 1.3 or later says it; an older one is read from its counts: no case, or
    no valid score on a side (its means count the valid scores)."""
    if report.no_decision is not None or report.schema_version not in _BEFORE_NO_DECISION:
        return report.no_decision
    if report.corpus.cases == 0:
        return "the corpus holds no case"
    sides = [
        f"the {side} ({name})"
        for side, name in (("control", report.scorers.control), ("candidate", report.scorers.candidate))
        if report.means[side].count == 0
    ]
    if not sides:
        return None
    return f"none of the {report.corpus.cases} cases has a valid score from {' nor '.join(sides)}"


_BEFORE_NO_DECISION = ("1.0", "1.1", "1.2")


def flip_criteria(
    report: DriftReport,
    policy: RolloutPolicy,
    accepted: Sequence[Accepted],
    *,
    beyond_noise: bool,
    refuted: dict[str, int] | None = None,
) -> list[Criterion]:
    """The pass->fail and fail->pass rates where legacy is trusted, the raw rates (every case) beside them.

    Legacy's flips where it is known to be broken (no valid score, a named bug of it)
    are the fix, not a risk, as for agreement. Flips within the grader's own noise are
    left out where the policy says so, and an accepted cause's flips where the team
    read them. A report written before 1.3 does not count the trusted flips: its raw
    rates decide, and the note says so.
    """
    raw = {
        "pass_to_fail": report.flip_matrix["pass"]["fail"],
        "fail_to_pass": report.flip_matrix["fail"]["pass"],
    }
    noise = report.noise
    if beyond_noise and noise is not None:  # a flip the grader makes on its own is not the candidate's
        for kind in raw:
            raw[kind] -= noise.within_noise_flips[kind]
    for row in accepted:  # read and accepted by the team: named apart, not counted
        raw["pass_to_fail"] -= row.pass_to_fail
        raw["fail_to_pass"] -= row.fail_to_pass
    cases = report.corpus.cases or 1
    trusted = report.trusted_agreement
    if trusted is None or trusted.flips is None or trusted.within_noise_flips is None:
        counted, base, where = (
            raw,
            cases,
            "every case (a report older than 1.3 does not count them where legacy is trusted)",
        )
    else:
        counted = dict(trusted.flips)
        if beyond_noise:
            for kind in counted:
                counted[kind] -= trusted.within_noise_flips[kind]
        for row in accepted:
            counted["pass_to_fail"] -= row.trusted_pass_to_fail
            counted["fail_to_pass"] -= row.trusted_fail_to_pass
        base, where = trusted.cases, "the cases where legacy is trusted"
        if refuted and any(refuted.values()):  # people say these causes do not excuse: counted, over more cases
            for kind in counted:
                counted[kind] += refuted.get(kind, 0)
            base += sum(refuted.values())
            where += f" and the {sum(refuted.values())} flip(s) of causes people refuted"
    over = "" if where.startswith("every case") else _trusted_over(report)
    criteria = []
    for kind, name, threshold, said in (
        ("pass_to_fail", "pass->fail flip rate", policy.max_pass_to_fail_rate, "legacy passed and the candidate fails"),
        (
            "fail_to_pass",
            "fail->pass flip rate",
            policy.max_fail_to_pass_rate,
            "legacy failed and the candidate passes",
        ),
    ):
        rate, raw_rate = counted[kind] / (base or 1), raw[kind] / cases
        note = (
            f"{counted[kind]} of {base} cases {said}, over {where}; raw, over all {report.corpus.cases}: "
            f"{raw[kind]} ({raw_rate:.4f})" + _accepted_note([(row.cause, getattr(row, kind)) for row in accepted])
        )
        criterion = Criterion.at_most(name, rate, threshold, Recommendation.HOLD, note)
        criteria.append(replace(criterion, raw=raw_rate, over=over))
    return criteria


def _trusted_over(report: DriftReport) -> str:
    """What a criterion over the trusted cases is measured over, said beside it (none for an older report)."""
    trusted = report.trusted_agreement
    return "" if trusted is None else f"over the {trusted.cases:,} cases where legacy is trusted"


def _agreement(report: DriftReport, *, beyond_noise: bool) -> tuple[Agreement, str]:
    """The agreement the criterion reads, and the note that says over what.

    Over the cases where the control can be trusted: where legacy is known to be wrong
    (a named bug) or has no valid score, disagreeing with it is the fix, not a risk.
    A report written before 1.2 lacks those counts: all its cases, said so.
    """
    trusted = report.trusted_agreement
    agreement = report.agreement if trusted is None else trusted.agreement
    noisy = report.agreement_beyond_noise if trusted is None else trusted.agreement_beyond_noise
    agreeing = "match"
    if beyond_noise and noisy is not None:
        agreement, agreeing = noisy, "match or differ within noise"
    pairs = f" ({agreement.sample_pairs} sample pairs)" if agreement.sample_pairs else ""
    counted = f"{agreement.matches} of {agreement.cases} cases {agreeing}{pairs}"
    if trusted is None:
        return agreement, f"{counted}: all cases (a report older than 1.2 does not say where legacy is trusted)"
    return agreement, (
        f"{counted}, the cases where legacy's score is valid and no named bug of it alone made the difference; "
        f"left out: {trusted.control_invalid} without a valid legacy score, {trusted.control_bug} where a named "
        "legacy bug alone made it"
    )


def _accepted(report: DriftReport, causes: Sequence[str]) -> tuple[Accepted, ...]:
    """The policy's accepted causes with their cases and flips in ``report`` (0 where absent)."""
    rows = {row.cause: row for row in report.causes}
    accepted = []
    for cause in causes:
        row = rows.get(cause)
        if row is None:
            accepted.append(Accepted(cause=cause, cases=0, pass_to_fail=0, fail_to_pass=0))
            continue
        if row.flips is None:
            raise InputError(
                f"the report (schema {report.schema_version}) does not count each cause's flips, which "
                "accept_causes needs: run faithcompat diff again"
            )
        trusted = row.trusted_flips or {}
        accepted.append(
            Accepted(
                cause=cause,
                cases=row.count,
                pass_to_fail=row.flips["pass_to_fail"],
                fail_to_pass=row.flips["fail_to_pass"],
                trusted_pass_to_fail=trusted.get("pass_to_fail", 0),
                trusted_fail_to_pass=trusted.get("fail_to_pass", 0),
            )
        )
    return tuple(accepted)


def _accepted_note(flipped: list[tuple[str, int]]) -> str:
    named = [(cause, n) for cause, n in flipped if n]
    if not named:
        return ""
    total = sum(n for _, n in named)
    return f"; {total} more accepted by the policy ({', '.join(f'{cause} {n}' for cause, n in named)})"


def _why(report: DriftReport, beyond_noise_only: bool) -> tuple[str, ...]:
    """Sentences on what moved the numbers, where the corpus carries what it takes to say."""
    lines = []
    steps = report.decomposition
    if steps is not None and steps.effects is not None:
        e = steps.effects
        parts = ", ".join(f"{step} {format_change(change)}" for step, change in e.parts())
        lines.append(
            f"the mean score moves {format_change(e.total)} over the {steps.complete} cases with both arms recorded: "
            + parts
        )
        lines.append("cases each step made differ: " + ", ".join(f"{step} {n}" for step, n in steps.steps.items()))
    noise = report.noise
    if noise is not None:
        within = report.outcomes.get("within_noise", 0)
        counted = "left out of the criteria" if beyond_noise_only else "counted as drift and flips"
        floor = "—" if noise.floor_mean is None else f"{noise.floor_mean:.3f}"
        lines.append(f"{within} difference(s) within the grader's own noise (mean floor {floor}): {counted}")
    moved = steps.steps.get("prompts", 0) if steps is not None else 0
    if moved and (noise is None or noise.samples < ADVISED_SAMPLES):
        # A prompt step is told from noise by grading again; two samples give one
        # difference a case, a floor too crude to lean on.
        had = "no case was graded twice" if noise is None else f"at most {noise.samples} samples a case"
        lines.append(
            f"{moved} case(s) moved at the prompt step and {had}: grade again with --samples "
            f"{ADVISED_SAMPLES} (or more) to tell the prompts' effect from the grader's own noise"
        )
    observed = report.observed
    if observed is not None:
        history = [f"recorded promptfoo scores: {observed.reproduction()}"]
        if observed.regraded_samples:
            history.append(
                f"{observed.regraded_samples_reproduced} of {observed.regraded_samples} samples graded again "
                "give the recorded score"
            )
        later = {name: n for name, n in observed.generations.items() if name != "legacy" and n}
        if observed.exact_reproduced < observed.exact_checked and later:
            history.append("later generations reproduce: " + ", ".join(f"{k} {n}" for k, n in later.items()))
        lines.append("; ".join(history))
    return tuple(lines)


def _small_note(small: tuple[str, ...], untagged: int | None, size: int) -> str:
    """The cohorts too small to judge; ``untagged``: the corpus's cases where no case has a cohort tag."""
    if untagged is not None:
        enough = "large enough" if untagged >= size else "too small to judge"
        return f"no cohort tags: the corpus is one cohort of {untagged} case(s), {enough}"
    if not small:
        return "every cohort is large enough"
    shown = ", ".join(clip(tag, 40) for tag in small[:8]) + (f" and {len(small) - 8} more" if len(small) > 8 else "")
    return f"{len(small)} cohort(s) too small to judge: {shown}"
