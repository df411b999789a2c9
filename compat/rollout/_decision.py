"""Rollout decision support for the flag that switches scorers.

Stages, LaunchDarkly-style: ``off`` (legacy only) -> ``shadow`` (legacy decides, the
candidate is computed and logged) -> ``live:N`` (the candidate decides for a sticky
N% of keys) -> ``complete``. ``decide`` reads a drift report and a policy and returns
a ``Decision``: GO (advance one stage), HOLD (stay, gather evidence) or NO-GO (back
to shadow), with every criterion's measured value, threshold and verdict. It knows
its own exit code (0 GO, 1 HOLD or NO-GO). How a decision is shown (JSON, text,
Markdown, report.html's panel) is in ``_decisionviews``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from compat._errors import InputError
from compat._text import clip, format_change
from compat.diff import Agreement, DriftCause, DriftReport, load_case_lines
from compat.rollout._policy import RolloutPolicy

_REFUSAL_SCORED_AS_FAITHFUL = DriftCause.REFUSAL_SCORED_AS_FAITHFUL.value
ADVISED_SAMPLES = 3  # per case and arm, for a noise floor of more than one difference


def is_passed_refusal(cause: str | None, control_passed: bool) -> bool:
    """A refusal that the legacy scorer passed and the fixed one declines to score."""
    return cause == _REFUSAL_SCORED_AS_FAITHFUL and control_passed


def passed_refusals(cases_file: Path) -> list[str]:
    """The ids of such refusals in a ``cases.jsonl``; none if there is no such file."""
    if not cases_file.exists():
        return []
    return [line.id for line in load_case_lines(cases_file) if is_passed_refusal(line.cause, line.control_passed)]


class Verdict(str, Enum):
    GO = "GO"
    HOLD = "HOLD"
    NO_GO = "NO-GO"


@dataclass(frozen=True)
class Criterion:
    name: str
    measured: float
    threshold: float
    comparison: str  # "<=" or ">="
    holds: bool
    blocks: Verdict  # what failing it means: HOLD or NO-GO
    note: str = ""


@dataclass(frozen=True)
class Accepted:
    """A cause the policy accepts: its flips are left out of the flip rates, and said so."""

    cause: str
    cases: int
    pass_to_fail: int
    fail_to_pass: int


@dataclass(frozen=True)
class Decision:
    verdict: Verdict
    current_stage: str
    next_stage: str
    criteria: tuple[Criterion, ...]
    pass_to_undetermined_refusals: tuple[str, ...]  # legacy passed a refusal the candidate declines
    small_cohorts: tuple[str, ...]
    why: tuple[str, ...] = ()  # what moved the numbers: parser, prompts, noise, the recorded history
    accepted: tuple[Accepted, ...] = ()  # the policy's accept_causes, with what each left out

    @property
    def exit_code(self) -> int:
        return 0 if self.verdict is Verdict.GO else 1

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
    refusals_declined: Sequence[str] = (),
) -> Decision:
    cases = report.corpus.cases or 1
    flips = {row: dict(cells) for row, cells in report.flip_matrix.items()}
    noise = report.noise if policy.drift_beyond_noise_only else None
    if noise is not None:
        # A flip the grader makes on its own is not the candidate's: leave it out.
        flips["pass"]["fail"] -= noise.within_noise_flips["pass_to_fail"]
        flips["fail"]["pass"] -= noise.within_noise_flips["fail_to_pass"]
    accepted = _accepted(report, policy.accept_causes)
    for row in accepted:  # read and accepted by the team: named apart, not counted
        flips["pass"]["fail"] -= row.pass_to_fail
        flips["fail"]["pass"] -= row.fail_to_pass
    agreement, agreement_note = _agreement(report, beyond_noise=noise is not None)
    pass_to_fail = flips["pass"]["fail"] / cases
    fail_to_pass = flips["fail"]["pass"] / cases
    undetermined = report.outcomes["candidate_undetermined"] / cases
    lower = agreement.wilson_low or 0.0
    small = tuple(row.tag for row in report.cohorts if row.cases < policy.min_cohort_size)
    criteria = [
        _at_most("unexplained drift", report.unexplained, policy.max_unexplained, Verdict.NO_GO),
        _at_most(
            "expected-outcome failures", report.expectations.failed, policy.max_expectation_failures, Verdict.NO_GO
        ),
    ]
    if invariant_violations is None:
        criteria.append(
            Criterion(
                "candidate invariant violations",
                0,
                policy.max_invariant_violations,
                "<=",
                True,
                Verdict.NO_GO,
                "not measured (invariant_examples = 0)",
            )
        )
    else:
        criteria.append(
            _at_most(
                "candidate invariant violations", invariant_violations, policy.max_invariant_violations, Verdict.NO_GO
            )
        )
    criteria += [
        _at_most("candidate undetermined rate", undetermined, policy.max_undetermined_rate, Verdict.HOLD),
        _at_most(
            "pass->fail flip rate",
            pass_to_fail,
            policy.max_pass_to_fail_rate,
            Verdict.HOLD,
            f"{flips['pass']['fail']} cases legacy passed and the candidate fails"
            + _accepted_note([(row.cause, row.pass_to_fail) for row in accepted]),
        ),
        _at_most(
            "fail->pass flip rate",
            fail_to_pass,
            policy.max_fail_to_pass_rate,
            Verdict.HOLD,
            f"{flips['fail']['pass']} cases legacy failed and the candidate passes"
            + _accepted_note([(row.cause, row.fail_to_pass) for row in accepted]),
        ),
        Criterion(
            "agreement (Wilson 95% lower bound)",
            lower,
            policy.min_agreement_lower_bound,
            ">=",
            lower >= policy.min_agreement_lower_bound,
            Verdict.HOLD,
            agreement_note,
        ),
        Criterion(
            "smallest cohort",
            min((row.cases for row in report.cohorts), default=report.corpus.cases),
            policy.min_cohort_size,
            ">=",
            not small,
            Verdict.HOLD,
            _small_note(small),
        ),
    ]
    failed = {c.blocks for c in criteria if not c.holds}
    verdict = Verdict.NO_GO if Verdict.NO_GO in failed else Verdict.HOLD if failed else Verdict.GO
    order = stages(policy)
    index = order.index(current_stage)
    if verdict is Verdict.GO:
        next_stage = order[min(index + 1, len(order) - 1)]
    elif verdict is Verdict.NO_GO:
        next_stage = "shadow" if index >= 1 else "off"  # keep measuring, stop deciding
    else:
        next_stage = current_stage
    why = _why(report, policy.drift_beyond_noise_only)
    return Decision(verdict, current_stage, next_stage, tuple(criteria), tuple(refusals_declined), small, why, accepted)


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
        f"{counted}, the cases where legacy's score is valid and no named bug of it applies; left out: "
        f"{trusted.control_invalid} without a valid legacy score, {trusted.control_bug} with a named legacy bug"
    )


def _accepted(report: DriftReport, causes: Sequence[str]) -> tuple[Accepted, ...]:
    """The policy's accepted causes with their cases and flips in ``report`` (0 where absent)."""
    rows = {row.cause: row for row in report.causes}
    accepted = []
    for cause in causes:
        row = rows.get(cause)
        if row is None:
            accepted.append(Accepted(cause, 0, 0, 0))
            continue
        if row.flips is None:
            raise InputError(
                f"the report (schema {report.schema_version}) does not count each cause's flips, which "
                "accept_causes needs: run faithcompat diff again"
            )
        accepted.append(Accepted(cause, row.count, row.flips["pass_to_fail"], row.flips["fail_to_pass"]))
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
        lines.append(
            f"the mean score moves {format_change(e.total)} over the {steps.complete} cases with both arms recorded: "
            f"parser {format_change(e.parser)}, prompts {format_change(e.prompts)}, noise {format_change(e.noise)}"
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
        history = [
            f"recorded promptfoo scores: the legacy scorer reproduces {observed.exact_reproduced} of "
            f"{observed.exact_checked} exactly"
        ]
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


def _small_note(small: tuple[str, ...]) -> str:
    if not small:
        return "every cohort is large enough"
    shown = ", ".join(clip(tag, 40) for tag in small[:8]) + (f" and {len(small) - 8} more" if len(small) > 8 else "")
    return f"{len(small)} cohort(s) too small to judge: {shown}"


def _at_most(name: str, measured: float, threshold: float, blocks: Verdict, note: str = "") -> Criterion:
    return Criterion(name, measured, threshold, "<=", measured <= threshold + 1e-12, blocks, note)
