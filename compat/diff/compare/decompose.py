"""Why a per-arm case moved: the parser step, the arm steps (prompts, model, verifier), and the grader's noise.

A case recorded by ``faithcompat grade`` holds each arm's grader calls. Its difference
(the legacy scorer on the legacy arm's text -> the candidate scorer on the RAGAS arm's
text) is walked in two steps through a middle score, the candidate scorer on the
*legacy* arm's text:

    control  --parser step-->  middle  --prompt step-->  candidate

The parser step reads one text two ways: it is exact, no noise can enter it, and
today's drift causes name it. The prompt step compares two gradings: with
``--samples`` the grader was asked again with the same prompts, and a prompt step no
larger than the spread it showed then (the case's noise floor) is noise, not a
finding. So a case's difference is ``parser + prompts + noise``, exactly one of the
last two non-zero.

Arms are configurations (``ArmConfig``), so the arm step is a path: from the control's
arm to the candidate's, one dimension at a time in ``DIMENSIONS`` order (prompts, model,
verifier), through the arms the case records between them (the RAGAS prompts on the
control's model, then the candidate's model...). Each leg is the candidate scorer on the
arm it reaches minus the one before. Where the arm between two dimensions is not
recorded, that step is left out: its change stays in the leg that reaches the next
recorded arm, which names both dimensions. Noise is judged on the arm steps together.

A candidate that cannot read the control arm's output at all (``cannot_read``: deepeval's
metric and the ragas library read only their own prompts' JSON) has no middle: its parser
step is left out (0, the middle taken as the control's score) and the arm steps carry its
reading together with the prompts; ``diff`` says so in a warning.

Noise is measured with the candidate scorer on every sample of both arms. An arm's
spread is the sample standard deviation of its determined scores (n - 1 in the
denominator: its square estimates the arm's variance without bias, however many
samples). The prompt step compares one grading of each arm, so its noise is that of
a difference of two draws: the combined spread is sqrt(sd_control^2 + sd_candidate^2)
(an arm with fewer than two determined samples adds nothing), and the noise floor is
``FLOOR_MULTIPLE`` times it: a step within about two standard deviations of the
difference is what the grader does on its own. Unlike a range (max - min), which grows
with every sample drawn, this floor estimates the same thing at 2 samples as at 10;
it is rough below ``USABLE_SAMPLES`` (one difference a case at 2). The legacy scorer
is left out on purpose: its misreadings would count as noise.
"""

from __future__ import annotations

import math

from compat.cases import DIMENSIONS, ArmConfig, ArmName, Arms, Case, recorded_config
from compat.diff._outcomes import CANDIDATE_ARM, CONTROL_ARM, DriftCause, Outcome
from compat.diff.compare.arms import cannot_read, score_arm
from compat.diff.compare.causes import explain, outcome_of, verdict_words_of
from compat.diff.compare.values import Comparison, Decomposition, Leg, Step
from compat.scoring import Cause, Score, Scorer

FLOOR_MULTIPLE = 2.0  # a prompt step within this many combined standard deviations is noise
USABLE_SAMPLES = 3  # samples of each arm from which a spread is worth leaning on (2 give one difference)


ArmPair = tuple[ArmName, ArmName]  # (the control's arm, the candidate's)
_CAUSES = {Step.PROMPTS: DriftCause.PROMPTS_DIFFER, Step.MODEL: DriftCause.MODEL_DIFFERS}
_CAUSES[Step.VERIFIER] = DriftCause.VERIFIER_DIFFERS


def has_both_arms(case: Case, arms: ArmPair = (CONTROL_ARM, CANDIDATE_ARM)) -> bool:
    recorded = case.arms
    return recorded is not None and all(recorded.get(arm) is not None for arm in arms) and arms[0] != arms[1]


def arm_path(arms: Arms, control: ArmName, candidate: ArmName) -> list[tuple[tuple[str, ...], ArmName]]:
    """The legs from ``control``'s arm to ``candidate``'s: per leg, the dimensions it changes
    and the arm it reaches (the last one ``candidate``). A dimension whose arm is not
    recorded joins the next leg."""
    start = _config(arms, control)
    end = _config(arms, candidate)
    changed = start.differs_in(end)
    if not changed:
        return [((), candidate)]
    others = [(name, _config(arms, name)) for name in arms.names() if name not in (control, candidate)]
    legs: list[tuple[tuple[str, ...], ArmName]] = []
    pending: list[str] = []
    current = start
    for dimension in changed[:-1]:
        current = current.with_dimension(dimension, end)
        pending.append(dimension)
        reached = next((name for name, config in others if _same(config, current)), None)
        if reached is not None:
            legs.append((tuple(pending), reached))
            pending = []
    legs.append(((*pending, changed[-1]), candidate))
    return legs


def _config(arms: Arms, name: ArmName) -> ArmConfig:
    recording = arms.get(name)
    assert recording is not None
    return recorded_config(name, recording)


def _same(config: ArmConfig, target: ArmConfig) -> bool:
    return all(config.same_in(target, dimension) for dimension in DIMENSIONS)


def parser_left_out(case: Case, scorer_name: str, control_arm: ArmName) -> bool:
    """Whether the parser step cannot be measured on ``case``: ``scorer_name`` cannot read the
    output the control's arm holds (``cannot_read``)."""
    recording = case.arms.get(control_arm) if case.arms is not None else None
    if recording is None:
        return False
    return cannot_read(scorer_name, control_arm, recorded_config(control_arm, recording).preset) is not None


def decompose(
    case: Case,
    control: Score,
    candidate: Score,
    *,
    control_scorer: Scorer,
    candidate_scorer: Scorer,
    outcome: Outcome,
    tolerance: float,
    arms: ArmPair = (CONTROL_ARM, CANDIDATE_ARM),
) -> Decomposition | None:
    """The steps of a case with both arms recorded (``None`` for any other case).

    ``control`` and ``candidate`` are the scores of sample 0 (``score_arm``), ``outcome``
    their comparison's; ``arms``: the arm each side scores.
    """
    if not has_both_arms(case, arms):
        return None
    control_arm, candidate_arm = arms
    middle = score_arm(candidate_scorer, case, control_arm)
    if parser_left_out(case, candidate_scorer.name, control_arm):
        # The candidate cannot read the control arm's text at all (deepeval's metric, the ragas library
        # on the legacy prompts' output): no parser step can be measured, so it is left out (0) and
        # the arm steps carry the candidate's reading with them.
        middle = control
    parser_outcome = outcome_of(control, middle, tolerance)
    legacy_text = case.arm_case(control_arm)
    parser_cause = None
    if parser_outcome is not Outcome.MATCH:
        parser_cause = explain(legacy_text or case, control, middle, verdict_words_of(candidate_scorer))

    # The candidate scorer on every sample of each arm: the spreads, and the pairs below.
    middles = _sample_scores(candidate_scorer, case, control_arm, middle)
    candidates = _sample_scores(candidate_scorer, case, candidate_arm, candidate)
    control_spread, candidate_spread = _spread(middles), _spread(candidates)
    floor = noise_floor(control_spread, candidate_spread)

    prompt_within_noise = _within(middle, candidate, floor, tolerance)
    assert case.arms is not None
    legs = _legs(case, candidate_scorer, arm_path(case.arms, control_arm, candidate_arm), middle, candidate)
    step = None
    if outcome is Outcome.MATCH or Cause.GRADER_ERROR in (control.cause, candidate.cause):
        pass  # nothing moved, or an arm has no output: no step to blame
    elif parser_outcome is not Outcome.MATCH:
        step = Step.PARSER
    elif prompt_within_noise or not legs[0].dimensions:
        step = Step.NOISE  # within the grader's spread, or arms that differ in nothing recorded
    else:
        step = _largest(legs, tolerance)
    pairs, matched, within = _pairs(
        case,
        control_scorer,
        middles=middles,
        candidates=candidates,
        floor=floor,
        tolerance=tolerance,
        outcome=outcome,
        step=step,
        control_arm=control_arm,
    )
    return Decomposition(
        middle=middle,
        parser_outcome=parser_outcome,
        parser_cause=parser_cause,
        parser_delta=_delta(control, middle),
        prompt_delta=_delta(middle, candidate),
        step=step,
        samples=pairs,
        control_spread=control_spread,
        candidate_spread=candidate_spread,
        noise_floor=floor,
        pairs_matched=matched,
        pairs_within_noise=within,
        prompt_within_noise=prompt_within_noise,
        legs=legs,
    )


def _legs(
    case: Case, scorer: Scorer, path: list[tuple[tuple[str, ...], ArmName]], middle: Score, candidate: Score
) -> tuple[Leg, ...]:
    legs = []
    before = middle
    for dimensions, arm in path:
        after = candidate if arm == path[-1][1] else score_arm(scorer, case, arm)
        legs.append(Leg(dimensions, arm, after, _delta(before, after)))
        before = after
    return tuple(legs)


def _largest(legs: tuple[Leg, ...], tolerance: float) -> Step:
    """The step of the leg that moved the score most (the first, where none is measured)."""
    moved = [leg for leg in legs if leg.delta is not None and abs(leg.delta) > tolerance]
    chosen = max(moved, key=lambda leg: abs(leg.delta or 0.0)) if moved else legs[0]
    return Step(chosen.dimensions[0])


def refine(comparison: Comparison, decomposition: Decomposition | None) -> Comparison:
    """The comparison with its outcome and cause told by the step that made it.

    A drift or flip made by the noise step is ``within_noise`` (cause ``grader_noise``);
    otherwise the parser step's own cause, or ``prompts_differ`` for the prompt step.
    A grader error stays what it is: there is no step to blame.
    """
    if decomposition is None:
        return comparison
    outcome, cause = comparison.outcome, comparison.cause
    step = decomposition.step
    if cause is not DriftCause.GRADER_ERROR and step is not None:
        if step is Step.PARSER:
            cause = decomposition.parser_cause
        elif step in _CAUSES:
            cause = _CAUSES[step]
        else:
            cause = DriftCause.GRADER_NOISE
            if outcome in (Outcome.DRIFT, Outcome.FLIP):
                outcome = Outcome.WITHIN_NOISE
    return comparison._replace(outcome=outcome, cause=cause, decomposition=decomposition)


def _delta(before: Score, after: Score) -> float | None:
    if before.is_finite and after.is_finite:
        return after.value - before.value  # type: ignore[operator]
    return None


def _within(before: Score, after: Score, floor: float | None, tolerance: float) -> bool:
    """``after`` differs from ``before`` by no more than the noise floor."""
    delta = _delta(before, after)
    return floor is not None and delta is not None and abs(delta) <= floor + tolerance


def _sample_scores(scorer: Scorer, case: Case, arm: ArmName, first: Score) -> list[Score]:
    """``scorer`` on every sample of ``arm`` (``first``: sample 0's score, already made)."""
    recording = case.arms.get(arm) if case.arms is not None else None
    count = recording.sample_count if recording is not None else 1
    return [first] + [score_arm(scorer, case, arm, index) for index in range(1, count)]


def _spread(scores: list[Score]) -> float | None:
    """The sample standard deviation of the determined values; None with fewer than two of them."""
    known = [score.value for score in scores if score.is_finite and score.value is not None]
    if len(known) < 2:
        return None
    if max(known) == min(known):
        return 0.0  # exactly: the grader said the same every time
    mean = math.fsum(known) / len(known)
    return math.sqrt(math.fsum((value - mean) ** 2 for value in known) / (len(known) - 1))


def noise_floor(control_spread: float | None, candidate_spread: float | None) -> float | None:
    """``FLOOR_MULTIPLE`` times the combined spread of the two arms; None where neither has one."""
    spreads = [spread for spread in (control_spread, candidate_spread) if spread is not None]
    if not spreads:
        return None
    return FLOOR_MULTIPLE * math.sqrt(math.fsum(spread * spread for spread in spreads))


def _pairs(
    case: Case,
    control_scorer: Scorer,
    *,
    middles: list[Score],
    candidates: list[Score],
    floor: float | None,
    tolerance: float,
    outcome: Outcome,
    step: Step | None,
    control_arm: ArmName,
) -> tuple[int, int, int]:
    """(pairs, matching, matching or within noise) over sample pairs (control arm k, candidate arm k).

    Pair 0 is the case's own comparison. The others are compared the same way: the
    candidate scorer's scores of both arms' samples are ``middles`` and ``candidates``,
    the control scorer's are made here (one scoring a pair; only ``--samples`` pays it).
    """
    count = min(len(middles), len(candidates))
    matched = int(outcome is Outcome.MATCH)
    within = int(outcome is Outcome.MATCH or step is Step.NOISE)
    for index in range(1, count):
        control = score_arm(control_scorer, case, control_arm, index)
        middle, candidate = middles[index], candidates[index]
        if outcome_of(control, candidate, tolerance) is Outcome.MATCH:
            matched += 1
            within += 1
            continue
        if outcome_of(control, middle, tolerance) is Outcome.MATCH and _within(middle, candidate, floor, tolerance):
            within += 1
    return count, matched, within
