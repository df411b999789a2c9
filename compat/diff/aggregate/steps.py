"""Folding the rare per-case sections: steps, noise, sample-aware agreement, recorded scores.

Only graded corpora (both arms recorded, ``--samples``) and promptfoo imports have
them, so this lives beside ``DriftAggregator`` and costs nothing on other corpora.
Like it, it merges exactly in corpus order: counters add, sums are exact
(``ExactSum`` for scores, ``Fraction`` for the shares of sample pairs).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from compat.diff._outcomes import Outcome
from compat.diff._statement_agreement import AgreementCounter
from compat.diff.aggregate.numbers import ExactSum, wilson_bounds
from compat.diff.aggregate.tally import Tally
from compat.diff.compare import FLOOR_MULTIPLE, USABLE_SAMPLES, ArmsTally, Decomposition, ObservedCheck, Step
from compat.diff.model import (
    Agreement,
    DecompositionSummary,
    HistogramBin,
    NoiseSummary,
    ObservedSummary,
    StepEffects,
)
from compat.scoring import PROMPTFOO_GENERATIONS, Status

MAX_MISMATCHES_LISTED = 20
NOISE_BINS = 10  # noise floors: exactly 0, then (0, 0.1], (0.1, 0.2], ... (0.9, 1 or above]
_FLIP, _WITHIN, _GRADER_ERROR = Outcome.FLIP.value, Outcome.WITHIN_NOISE.value, Outcome.GRADER_ERROR.value
_STEPS = tuple(step.value for step in Step)
_ALWAYS = frozenset({Step.PARSER.value, Step.PROMPTS.value, Step.NOISE.value})  # the others where they occur
_ARM_STEPS = (Step.PROMPTS.value, Step.MODEL.value, Step.VERIFIER.value)


class StepsAggregator:
    """The sections of a report that only per-arm and observed cases feed."""

    def __init__(self) -> None:
        self.cases = 0
        self.complete = 0
        self.statements = AgreementCounter()  # LLM and HHEM verdicts of the same statements (any case)
        self.arms = ArmsTally()  # the arms per-arm cases record, for the check of each side's
        self.sums = {name: ExactSum() for name in ("control", "middle", "candidate", "noise", *_ARM_STEPS)}
        self.seen: set[str] = set()  # the arm steps some case's path walks
        self.left_out: Counter[str] = Counter()
        self.steps: Counter[str] = Counter()
        self.flips: Counter[str] = Counter()
        self.parser_causes: Counter[str] = Counter()
        self.incomplete: Counter[str] = Counter()
        # noise
        self.noise_cases = 0
        self.usable_cases = 0  # of them, those whose arms both have USABLE_SAMPLES samples
        self.max_samples = 0
        self.floor_sum = ExactSum()
        self.floor_max = 0.0
        self.spread_sums = {"control": ExactSum(), "candidate": ExactSum()}
        self.spread_counts = {"control": 0, "candidate": 0}
        self.floor_bins: Counter[int] = Counter()
        self.within_noise: Counter[str] = Counter()
        self.within_noise_flips: Counter[str] = Counter()
        # agreement over sample pairs: of every case folded here, and of those where the control is trusted
        self.sampled = False
        self.shares = PairShares()
        self.trusted_shares = PairShares()
        # recorded scores
        self.observed = Counter[str]()
        self.generations: Counter[str] = Counter()
        self.mismatches: list[str] = []

    # ---------------------------------------------------------------- folding

    def add(self, item: Tally, trusted: bool) -> None:
        """Fold one case; ``trusted``: its control is valid and no named bug of it applies."""
        if item.arms is not None:
            self.arms.add(item.arms)
        if item.decomposition is not None:
            self._add_steps(item, item.decomposition, trusted)
        if item.observed is not None:
            self._add_observed(item.case_id, item.observed)

    def _add_steps(self, item: Tally, steps: Decomposition, trusted: bool) -> None:
        self.cases += 1
        outcome = item.outcome
        step = steps.step.value if steps.step is not None else None
        flipped = item.control_passed != item.candidate_passed
        if step is not None:
            self.steps[step] += 1
            if steps.parser_cause is not None and steps.step is Step.PARSER:
                self.parser_causes[steps.parser_cause.value] += 1
            if outcome == _FLIP or (outcome == _WITHIN and flipped):
                self.flips[step] += 1
        if outcome == _WITHIN:
            self.within_noise["flip" if flipped else "drift"] += 1
            if flipped:
                self.within_noise_flips["pass_to_fail" if item.control_passed else "fail_to_pass"] += 1
        for leg in steps.legs:
            self.seen.update(leg.dimensions)
            self.left_out.update(leg.dimensions[1:])
        self._add_means(item, steps)
        self._add_noise(steps)
        if steps.samples > 1 or steps.noise_floor is not None:
            self.sampled = True
        self.shares.add(outcome, steps)
        if trusted:
            self.trusted_shares.add(outcome, steps)

    def _add_means(self, item: Tally, steps: Decomposition) -> None:
        control, middle, candidate = item.control_value, steps.middle.value, item.candidate_value
        if item.outcome == _GRADER_ERROR:
            self.incomplete["grader_error"] += 1
            return
        if control is None or not (math.isfinite(control) and 0.0 <= control <= 1.0) or not item.control_scored:
            self.incomplete["control_invalid"] += 1
            return
        if middle is None or steps.middle.status is not Status.SCORED:
            self.incomplete["middle_undetermined"] += 1
            return
        if candidate is None or not item.candidate_determined:
            self.incomplete["candidate_undetermined"] += 1
            return
        self.complete += 1
        self.sums["control"].add(control)
        self.sums["middle"].add(middle)
        self.sums["candidate"].add(candidate)
        if steps.prompt_within_noise:
            self.sums["noise"].add(candidate)
            self.sums["noise"].add(-middle)
        else:
            self._add_legs(middle, steps)

    def _add_legs(self, middle: float, steps: Decomposition) -> None:
        """Each arm step's change; a leg whose arm has no score hands its change to the next."""
        before = middle
        for leg in steps.legs:
            name = leg.dimensions[0] if leg.dimensions else Step.NOISE.value
            after = leg.score.value
            if after is None or not math.isfinite(after) or leg.score.status is not Status.SCORED:
                continue
            self.sums[name].add(after)
            self.sums[name].add(-before)
            before = after

    def _add_noise(self, steps: Decomposition) -> None:
        for arm, spread in (("control", steps.control_spread), ("candidate", steps.candidate_spread)):
            if spread is not None:
                self.spread_sums[arm].add(spread)
                self.spread_counts[arm] += 1
        floor = steps.noise_floor
        if floor is None:
            return
        self.noise_cases += 1
        self.usable_cases += steps.samples >= USABLE_SAMPLES
        self.max_samples = max(self.max_samples, steps.samples)
        self.floor_sum.add(floor)
        self.floor_max = max(self.floor_max, floor)
        self.floor_bins[0 if floor <= 0 else min(NOISE_BINS, math.ceil(round(floor * NOISE_BINS, 9)))] += 1

    def _add_observed(self, case_id: str, check: ObservedCheck) -> None:
        counts = self.observed
        counts["cases"] += 1
        if check.exact is not None:
            counts["exact_checked"] += 1
            counts["exact_reproduced"] += check.exact
            self.generations.update(check.generations)
            counts["unmatched"] += not check.generations
            if not check.exact:
                counts["mismatched"] += 1
                if len(self.mismatches) < MAX_MISMATCHES_LISTED:
                    named = ", ".join(check.generations) or "no known generation"
                    self.mismatches.append(f"{case_id}: reproduced by {named}")
        if check.regraded:
            counts["regraded_cases"] += 1
            counts["regraded_reproduced"] += bool(check.first_reproduced)
            counts["regraded_samples"] += check.regraded
            counts["regraded_samples_reproduced"] += check.regraded_reproduced

    def merge(self, other: StepsAggregator) -> None:
        """Fold in ``other``, the aggregate of the cases that follow this one's."""
        self.statements.merge(other.statements)
        self.arms.merge(other.arms)
        self.cases += other.cases
        self.complete += other.complete
        for name, total in other.sums.items():
            self.sums[name].merge(total)
        for mine, theirs in (
            (self.steps, other.steps),
            (self.flips, other.flips),
            (self.parser_causes, other.parser_causes),
            (self.left_out, other.left_out),
            (self.incomplete, other.incomplete),
            (self.within_noise, other.within_noise),
            (self.within_noise_flips, other.within_noise_flips),
            (self.observed, other.observed),
            (self.generations, other.generations),
        ):
            mine.update(theirs)
        self.seen.update(other.seen)
        self.floor_bins.update(other.floor_bins)
        self.noise_cases += other.noise_cases
        self.usable_cases += other.usable_cases
        self.max_samples = max(self.max_samples, other.max_samples)
        self.floor_sum.merge(other.floor_sum)
        self.floor_max = max(self.floor_max, other.floor_max)
        for arm in ("control", "candidate"):
            self.spread_sums[arm].merge(other.spread_sums[arm])
            self.spread_counts[arm] += other.spread_counts[arm]
        self.sampled = self.sampled or other.sampled
        self.shares.merge(other.shares)
        self.trusted_shares.merge(other.trusted_shares)
        room = MAX_MISMATCHES_LISTED - len(self.mismatches)
        self.mismatches.extend(other.mismatches[: max(room, 0)])

    # ---------------------------------------------------------------- the report's sections

    def decomposition(self) -> DecompositionSummary | None:
        if not self.cases:
            return None
        n = self.complete
        control, middle, candidate, noise = (self.sums[k] for k in ("control", "middle", "candidate", "noise"))
        effects = None
        shown = [step for step in _STEPS if step in _ALWAYS or step in self.seen]
        if n:
            arm_steps = {
                step: self.sums[step].mean(n) for step in (Step.MODEL.value, Step.VERIFIER.value) if step in shown
            }
            effects = StepEffects(
                parser=middle.minus(control).mean(n),
                prompts=self.sums[Step.PROMPTS.value].mean(n),
                noise=noise.mean(n),
                total=candidate.minus(control).mean(n),
                **arm_steps,
            )
        return DecompositionSummary(
            cases=self.cases,
            complete=n,
            means={k: (self.sums[k].mean(n) if n else None) for k in ("control", "middle", "candidate")},
            effects=effects,
            steps={step: self.steps[step] for step in shown},
            flips={step: self.flips[step] for step in shown},
            parser_causes=dict(sorted(self.parser_causes.items(), key=lambda item: (-item[1], item[0]))),
            incomplete=dict(sorted(self.incomplete.items())),
            left_out={step: self.left_out[step] for step in _STEPS if self.left_out[step]} or None,
            served_models=self.arms.served_by_arm() or None,
        )

    def noise(self) -> NoiseSummary | None:
        if not self.sampled:
            return None
        n = self.noise_cases
        top = max(1.0, self.floor_max)  # floors above 1 (a noisy grader) fall in the last bin
        histogram = [HistogramBin(low=0.0, high=0.0, count=self.floor_bins[0])] + [
            HistogramBin(
                low=(i - 1) / NOISE_BINS, high=i / NOISE_BINS if i < NOISE_BINS else top, count=self.floor_bins[i]
            )
            for i in range(1, NOISE_BINS + 1)
        ]
        spreads = {
            arm: self.spread_sums[arm].mean(self.spread_counts[arm]) if self.spread_counts[arm] else None
            for arm in ("control", "candidate")
        }
        return NoiseSummary(
            cases=n,
            samples=self.max_samples,
            floor_multiple=FLOOR_MULTIPLE,
            usable_samples=USABLE_SAMPLES,
            usable_cases=self.usable_cases,
            floor_mean=self.floor_sum.mean(n) if n else None,
            floor_max=self.floor_max if n else None,
            control_spread_mean=spreads["control"],
            candidate_spread_mean=spreads["candidate"],
            noisy=n - self.floor_bins[0],
            histogram=histogram,
            within_noise={kind: self.within_noise[kind] for kind in ("drift", "flip")},
            within_noise_flips={kind: self.within_noise_flips[kind] for kind in ("pass_to_fail", "fail_to_pass")},
        )

    def agreements(
        self, cases: int, matches: int, within_noise: int, *, trusted: bool = False
    ) -> tuple[Agreement, Agreement | None]:
        """The agreement of ``cases`` cases, and beyond noise where samples exist.

        ``matches`` and ``within_noise`` count those cases' outcomes: a case folded here
        agrees by the share of its sample pairs; any other case is one pair, agreeing
        when it matches. ``trusted``: the cases are those where the control is trusted,
        and the shares folded here are theirs.
        """
        if not self.sampled:
            return _agreement(matches, cases, Fraction(matches), Fraction(matches), cases), None
        shares = self.trusted_shares if trusted else self.shares
        plain = matches - shares.first_matches  # cases not folded here: their share is 0 or 1
        plain_cases = cases - shares.cases
        pairs = shares.pairs + plain_cases
        strict = _agreement(matches, cases, shares.agree[0] + plain, shares.agree[1] + plain, pairs)
        beyond = _agreement(
            matches + within_noise, cases, shares.agree_noise[0] + plain, shares.agree_noise[1] + plain, pairs
        )
        return strict, beyond

    def observed_summary(self) -> ObservedSummary | None:
        counts = self.observed
        if not counts["cases"]:
            return None
        return ObservedSummary(
            cases=counts["cases"],
            exact_checked=counts["exact_checked"],
            exact_reproduced=counts["exact_reproduced"],
            generations={name: self.generations[name] for name, _ in PROMPTFOO_GENERATIONS},
            unmatched=counts["unmatched"],
            mismatches=self.mismatches,
            regraded_cases=counts["regraded_cases"],
            regraded_reproduced=counts["regraded_reproduced"],
            regraded_samples=counts["regraded_samples"],
            regraded_samples_reproduced=counts["regraded_samples_reproduced"],
        )


class PairShares:
    """Agreement over sample pairs of the cases folded here: per case, the sums of its
    share of matching pairs and of that share squared (exact fractions, so they merge
    exactly), strictly and counting pairs within noise as agreeing."""

    def __init__(self) -> None:
        self.cases = 0
        self.pairs = 0
        self.first_matches = 0  # cases whose sample 0 matches
        self.agree = [Fraction(0), Fraction(0)]
        self.agree_noise = [Fraction(0), Fraction(0)]

    def add(self, outcome: str, steps: Decomposition) -> None:
        self.cases += 1
        self.pairs += steps.samples
        self.first_matches += outcome == Outcome.MATCH.value
        for sums, hits in ((self.agree, steps.pairs_matched), (self.agree_noise, steps.pairs_within_noise)):
            share = Fraction(hits, steps.samples)
            sums[0] += share
            sums[1] += share * share

    def merge(self, other: PairShares) -> None:
        self.cases += other.cases
        self.pairs += other.pairs
        self.first_matches += other.first_matches
        for mine, theirs in ((self.agree, other.agree), (self.agree_noise, other.agree_noise)):
            mine[0] += theirs[0]
            mine[1] += theirs[1]


def _agreement(matches: int, cases: int, share_sum: Fraction, square_sum: Fraction, pairs: int) -> Agreement:
    """Wilson's interval at the effective number of cases the sample pairs are worth.

    With one pair per case this is the plain Wilson interval over the cases. Otherwise
    the variance of the mean share across cases gives the effective size
    p(1-p)/var (Kish's), kept between the cases and the pairs.
    """
    if cases == 0:
        return Agreement(matches=matches, cases=0, rate=None, wilson_low=None, wilson_high=None)
    rate = share_sum / cases
    effective = float(cases)
    if pairs > cases and cases > 1 and 0 < rate < 1:
        variance = (square_sum - cases * rate * rate) / (cases - 1) / cases
        if variance > 0:
            effective = min(max(float(rate * (1 - rate) / variance), cases), pairs)
    low, high = wilson_bounds(float(rate), effective)
    sampled = pairs > cases
    return Agreement(
        matches=matches,
        cases=cases,
        rate=float(rate),
        wilson_low=low,
        wilson_high=high,
        sample_pairs=pairs if sampled else None,
        effective_cases=effective if sampled else None,
    )
