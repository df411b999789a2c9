"""The regression gate's checks: properties, golden outcomes, a corpus with something scored, a drift budget.

``run_gate`` returns a ``GateResult`` (each check passed or failed, with a message) that
knows its own exit code; it never prints (``views`` shows it). What each check holds:
docs/gate.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from compat._errors import InputError
from compat.cases import case_line
from compat.diff import DiffSettings, DriftReport, ScorersInfo, VocabularyInfo, run_diff, scorers_info
from compat.rollout._policy import GatePolicy
from compat.rollout.gate.invariants import INVARIANTS, FixedFactory, Invariant
from compat.scoring import MismatchPolicy, Scorer, get_scorer

EXIT_OK, EXIT_FAILED = 0, 1


@dataclass(frozen=True)
class Check:
    kind: str  # "corpus" (it has nothing scored), "property", "golden" or "budget"
    name: str
    passed: bool
    message: str = ""
    details: tuple[str, ...] = ()  # counterexample case lines, failed expectations...


@dataclass(frozen=True)
class GateResult:
    checks: tuple[Check, ...]
    report: DriftReport | None = None

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks)

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.passed else EXIT_FAILED

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if not check.passed]


@dataclass(frozen=True)
class GateSettings:
    examples: int = 200
    seed: int | None = 0
    candidate: str = "ragas"
    diff: DiffSettings = field(default_factory=DiffSettings)
    skip_properties: bool = False


def check_properties(examples: int, seed: int | None, candidate: str = "ragas") -> list[Check]:
    """Run every invariant of the candidate scorer; one ``Check`` each."""

    def fixed(policy: MismatchPolicy) -> Scorer:
        return get_scorer(candidate, policy=policy)

    return [_run_invariant(invariant, fixed, examples, seed) for invariant in INVARIANTS]


def _run_invariant(invariant: Invariant, fixed: FixedFactory, examples: int, seed: int | None) -> Check:
    failing: list[Any] = []

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=seed is None,
        phases=(Phase.explicit, Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(invariant.strategy)
    def run(drawn: Any) -> None:
        try:
            invariant.check(fixed, drawn)
        except Exception:
            failing.append(drawn)  # Hypothesis replays the shrunk example last
            raise

    if seed is not None:
        run = hypothesis_seed(seed)(run)
    try:
        run()
    except Exception as error:  # the property failed: report, never raise
        if not failing:
            return Check("property", invariant.name, False, f"{type(error).__name__}: {error}")
        cases = invariant.cases(failing[-1])
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Check("property", invariant.name, False, message, tuple(case_line(case) for case in cases))
    return Check("property", invariant.name, True, invariant.description)


def check_budget(report: DriftReport, baseline: DriftReport, policy: GatePolicy) -> list[Check]:
    """The candidate's drift may not grow beyond the budget relative to the baseline."""
    flips_now = counted_flips(report, policy.drift_beyond_noise_only)
    flips_then = counted_flips(baseline, policy.drift_beyond_noise_only)
    undetermined_now = _rate(report.outcomes["candidate_undetermined"], report.corpus.cases)
    undetermined_then = _rate(baseline.outcomes["candidate_undetermined"], baseline.corpus.cases)
    rows = [
        ("unexplained drift", report.unexplained, baseline.unexplained, policy.max_unexplained_increase),
        ("flips", flips_now, flips_then, policy.max_flip_increase),
        ("undetermined rate", undetermined_now, undetermined_then, policy.max_undetermined_rate_increase),
    ]
    checks = []
    for name, now, then, budget in rows:
        growth = now - then
        ok = growth <= budget + 1e-12
        message = f"{_fmt(now)} now vs {_fmt(then)} in the baseline (growth {_fmt(growth)}, budget {_fmt(budget)})"
        checks.append(Check("budget", name, ok, message))
    if report.corpus.sha256 != baseline.corpus.sha256:
        checks.append(
            Check("budget", "same corpus", True, "note: the corpus differs from the baseline's; compare with care")
        )
    return checks


def check_same_scorers(now: ScorersInfo, made: ScorersInfo) -> None:
    """Raise ``InputError`` when the baseline was made (``made``) with other scorers than this run."""
    fields = ("control", "candidate", "candidate_policy", "candidate_vocabulary", "tolerance")
    differ = [name for name in fields if getattr(made, name) != getattr(now, name)]
    # The arms each side scored (--arm, --control-arm), where the baseline says them (reports since 1.3, 1.4).
    differ += [
        name for name in ("candidate_arm", "control_arm") if getattr(made, name) not in (None, getattr(now, name))
    ]
    if differ:
        said = "; ".join(
            f"{name}: {_said(name, getattr(made, name))} in the baseline, {_said(name, getattr(now, name))} now"
            for name in differ
        )
        raise InputError(
            f"the baseline was made with other scorers ({said}), so its drift budget describes another "
            "reading; give the gate the baseline's --candidate, --arm, --control-arm, --vocabulary and --tolerance, "
            "make the baseline again with the gate's (faithcompat diff CORPUS --out baseline), or skip the budget "
            "with --no-baseline"
        )


def _said(name: str, value: str | float | VocabularyInfo | None) -> str:
    """A scorer setting of the report's ``scorers`` in words: a vocabulary as its added words."""
    if value is None:
        return "the built-in words only" if name == "candidate_vocabulary" else "the default"
    if isinstance(value, str | float):
        return str(value)
    added = [
        f"{kind} {', '.join(words[:8])}{', ...' if len(words) > 8 else ''}"
        for kind, words in (("yes", value.yes), ("no", value.no), ("none", value.none))
        if words
    ]
    return "added words (" + "; ".join(added) + ")" if added else "no added words"


def check_golden(report: DriftReport) -> list[Check]:
    failed = report.expectations.failed
    message = f"{report.expectations.checked} cases with expected outcomes, {failed} failed"
    return [Check("golden", "expected outcomes", failed == 0, message, tuple(report.expectations.failures))]


def run_gate(
    sources: Iterable[str | Path],
    settings_: GateSettings,
    policy: GatePolicy,
    baseline: DriftReport | None,
    source_names: list[str] | None = None,
    *,
    no_baseline_because: str | None = None,
) -> GateResult:
    """Every check; without a baseline the drift budget is skipped, and the result says why."""
    if baseline is not None:  # before any work: a baseline of another reading is unusable input
        check_same_scorers(scorers_info(settings_.diff), baseline.scorers)
    # The corpus first: a file that is no corpus is named at once, not after a minute of properties.
    report = run_diff(sources, settings_.diff, source_names=source_names)
    checks: list[Check] = []
    if not settings_.skip_properties:
        checks += check_properties(settings_.examples, settings_.seed, settings_.candidate)
    if report.no_decision is not None:  # nothing scored on a side: no budget or golden check can pass for it
        checks.append(Check("corpus", "something scored", False, f"no decision: {report.no_decision}"))
    checks += check_golden(report)
    if baseline is not None:
        checks += check_budget(report, baseline, policy)
    elif no_baseline_because is not None:
        checks.append(Check("budget", "drift budget", True, f"skipped: {no_baseline_because}"))
    return GateResult(tuple(checks), report)


def counted_flips(report: DriftReport, beyond_noise_only: bool) -> int:
    """Flips; within-noise ones too unless the policy counts drift beyond noise only."""
    noise = report.noise
    return report.outcomes["flip"] + (0 if beyond_noise_only or noise is None else noise.within_noise["flip"])


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _fmt(x: float) -> str:
    return str(x) if isinstance(x, int) else f"{x:.4f}"
