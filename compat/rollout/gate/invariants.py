"""The fixed scorer's invariants, as data: one definition for the tests and the gate.

Each ``Invariant`` pairs a Hypothesis strategy with a check. ``check(fixed, drawn)``
raises ``AssertionError`` when the scorer built by ``fixed(policy)`` breaks the
invariant on ``drawn``; ``cases(drawn)`` turns a counterexample into case lines a
user can paste into a corpus. Tests wrap each with ``@given`` (and pin every
counterexample ever found with ``@example``); ``faithcompat gate`` runs them all.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import strategies as st

from compat.cases import Case
from compat.rollout.gate import strategies as s
from compat.rollout.gate.synth import RENDERERS, Judgement
from compat.scoring import (
    NUMBER_EPSILON,
    LegacyScorer,
    MismatchPolicy,
    RagasScorer,
    Score,
    Scorer,
    Status,
    VerdictFormat,
)

FixedFactory = Callable[[MismatchPolicy], Scorer]


def default_fixed(policy: MismatchPolicy) -> Scorer:
    return RagasScorer(policy)


@dataclass(frozen=True)
class Invariant:
    name: str
    description: str
    strategy: st.SearchStrategy[Any]
    check: Callable[[FixedFactory, Any], None]
    cases: Callable[[Any], list[Case]]


def _case(statements_output: str, grader_output: str, threshold: float = 0.5, tag: str = "") -> Case:
    return Case(
        id=f"counterexample{('-' + tag) if tag else ''}",
        tags=("counterexample",),
        statements_output=statements_output,
        grader_output=grader_output,
        threshold=threshold,
    )


def _judged(j: Judgement, renderer: str, tag: str = "") -> Case:
    return _case(j.statements_output, RENDERERS[renderer](j), tag=tag)


def _value(score: Score) -> float | None:
    return score.value


# ---------------------------------------------------------------- 1. bounded


def _check_bounded(fixed: FixedFactory, drawn: tuple[str, str, MismatchPolicy, float]) -> None:
    statements_output, grader_output, policy, threshold = drawn
    score = fixed(policy).score(_case(statements_output, grader_output, threshold))
    assert isinstance(score, Score), f"returned {type(score).__name__}, not a Score"
    if score.value is None:
        assert score.status is Status.UNDETERMINED, "no value, yet not undetermined"
        assert score.cause is not None, "undetermined without a cause"
        assert not score.passed, "an undetermined score passed"
    else:
        assert not math.isnan(score.value), "score is NaN"
        assert 0.0 <= score.value <= 1.0, f"score {score.value!r} outside [0, 1]"
        assert score.status is Status.SCORED, "a value, yet not scored"


BOUNDED = Invariant(
    "bounded",
    "any two grader outputs score within [0, 1] or undetermined (with a cause), never NaN",
    st.tuples(
        st.one_of(s.case_text, s.judgements().map(lambda j: j.statements_output)),
        st.one_of(s.case_text, st.builds(lambda j, r: RENDERERS[r](j), s.judgements(), s.renderer_names)),
        s.policies,
        s.thresholds,
    ),
    _check_bounded,
    lambda d: [_case(d[0], d[1], d[3])],
)

# ---------------------------------------------------------------- 2. exact ratio


def _check_exact_ratio(fixed: FixedFactory, drawn: tuple[Judgement, str]) -> None:
    judgement, renderer = drawn
    expected = sum(judgement.verdicts) / len(judgement.verdicts)
    for policy in MismatchPolicy:
        score = fixed(policy).score(_judged(judgement, renderer))
        assert score.value == expected, f"{policy.value}: scored {score.value!r}, expected sum/n = {expected!r}"
        assert score.format is VerdictFormat.JSON, f"verdicts read from {score.format}, not JSON"


EXACT_RATIO = Invariant(
    "exact_ratio",
    "well-formed JSON with n verdicts for n statements scores exactly sum/n under every policy",
    st.tuples(s.judgements(), s.json_renderer_names),
    _check_exact_ratio,
    lambda d: [_judged(d[0], d[1])],
)

# ---------------------------------------------------------------- 3. same in every format


def _check_same_in_every_format(fixed: FixedFactory, judgement: Judgement) -> None:
    scorer = fixed(MismatchPolicy.UNSUPPORTED)
    values = {name: scorer.score(_judged(judgement, name)).value for name in RENDERERS}
    assert len(set(values.values())) == 1, f"one judgement, different scores by format: {values}"


SAME_IN_EVERY_FORMAT = Invariant(
    "same_in_every_format",
    "the same verdicts as JSON, fenced JSON, final-line text and per-statement text score the same",
    s.judgements(),
    _check_same_in_every_format,
    lambda j: [_judged(j, name, name) for name in RENDERERS],
)

# ---------------------------------------------------------------- 4. flipping 0 -> 1


def _flip(j: Judgement, index: int) -> Judgement:
    verdicts = list(j.verdicts)
    verdicts[index] = 1
    return replace(j, verdicts=tuple(verdicts))


def _check_flip_never_lowers(fixed: FixedFactory, drawn: tuple[Judgement, str, int, MismatchPolicy]) -> None:
    judgement, renderer, index, policy = drawn
    index %= len(judgement.verdicts)
    scorer = fixed(policy)
    before = scorer.score(_judged(judgement, renderer)).value
    after = scorer.score(_judged(_flip(judgement, index), renderer)).value
    assert before is not None and after is not None, "a clean judgement was undetermined"
    assert after >= before, (
        f"flipping verdict {index} from {judgement.verdicts[index]} to 1 lowered {before} to {after}"
    )


FLIP_NEVER_LOWERS = Invariant(
    "flip_never_lowers",
    "flipping a verdict from 0 to 1 never lowers the score",
    st.tuples(s.judgements(), s.renderer_names, st.integers(0, 1000), s.policies),
    _check_flip_never_lowers,
    lambda d: [_judged(d[0], d[1], "before"), _judged(_flip(d[0], d[2] % len(d[0].verdicts)), d[1], "after")],
)

# ---------------------------------------------------------------- 5. failures never raise


def _damaged(drawn: tuple[Judgement, str, str, int, MismatchPolicy]) -> tuple[Case, Case]:
    """The intact case and the case after the grader failure that ``drawn`` describes."""
    judgement, renderer, damage, position, _policy = drawn
    intact = _judged(judgement, renderer, "intact")
    output = intact.grader_output
    if damage == "truncate":
        damaged_output = output[: position % (len(output) + 1)]
    elif damage == "drop":
        index = position % len(judgement.verdicts)
        keep = [i for i in range(len(judgement.verdicts)) if i != index]
        fewer = Judgement(
            tuple(judgement.statements[i] for i in keep),
            tuple(judgement.verdicts[i] for i in keep),
            tuple(judgement.reasons[i] for i in keep),
        )
        damaged_output = RENDERERS[renderer](fewer)
    else:  # corrupt one JSON verdict into a value no reader accepts
        index = position % len(judgement.verdicts)
        items = judgement.items()
        items[index]["verdict"] = ["maybe", 0.5, None, 2][position % 4]
        damaged_output = json.dumps({"statements": items}, ensure_ascii=False)
    return intact, intact.model_copy(update={"id": "counterexample-damaged", "grader_output": damaged_output})


def _check_failure_never_raises(fixed: FixedFactory, drawn: tuple[Judgement, str, str, int, MismatchPolicy]) -> None:
    intact, damaged = _damaged(drawn)
    scorer = fixed(drawn[4])
    before = scorer.score(intact).value
    after = scorer.score(damaged).value
    assert before is not None, "the intact judgement was undetermined"
    assert after is None or after <= before, f"a grader failure ({drawn[2]}) raised the score from {before} to {after}"


FAILURE_NEVER_RAISES = Invariant(
    "failure_never_raises",
    "dropping, corrupting or truncating verdicts never raises the score (unsupported and strict policies)",
    st.one_of(
        st.tuples(
            s.judgements(),
            s.renderer_names,
            st.sampled_from(["truncate", "drop"]),
            st.integers(0, 10**6),
            s.monotone_policies,
        ),
        st.tuples(
            s.judgements(), s.json_renderer_names, st.just("corrupt"), st.integers(0, 10**6), s.monotone_policies
        ),
    ),
    _check_failure_never_raises,
    lambda d: list(_damaged(d)),
)

# ---------------------------------------------------------------- 6. no verdict, no number


def _check_no_verdict_undetermined(fixed: FixedFactory, drawn: tuple[Judgement, str, MismatchPolicy]) -> None:
    judgement, text, policy = drawn
    score = fixed(policy).score(_case(judgement.statements_output, text))
    assert score.status is Status.UNDETERMINED, f"text without any verdict scored {score.value!r}"


NO_VERDICT_UNDETERMINED = Invariant(
    "no_verdict_undetermined",
    "any grader output without a verdict is undetermined, never a number",
    st.tuples(s.judgements(), s.verdictless_text, s.policies),
    _check_no_verdict_undetermined,
    lambda d: [_case(d[0].statements_output, d[1])],
)

# ---------------------------------------------------------------- 7. total on hostile input


def _check_total(fixed: FixedFactory, drawn: tuple[str, str]) -> None:
    for policy in MismatchPolicy:
        score = fixed(policy).score(_case(drawn[0], drawn[1]))
        assert isinstance(score, Score), f"returned {type(score).__name__}, not a Score"


TOTAL = Invariant(
    "total",
    "any string at all (control characters, lone surrogates, huge, deeply nested) yields a Score",
    st.tuples(st.one_of(s.hostile_text(), s.case_text), st.one_of(s.hostile_text(), s.case_text)),
    _check_total,
    lambda d: [_case(d[0], d[1])],
)

# ---------------------------------------------------------------- 8. agreement on clean text


def _check_agrees_with_legacy(fixed: FixedFactory, drawn: tuple[Judgement, str, float]) -> None:
    judgement, renderer, threshold = drawn
    case = _judged(judgement, renderer).model_copy(update={"threshold": threshold})
    candidate = fixed(MismatchPolicy.UNSUPPORTED).score(case)
    control = LegacyScorer().score(case)
    assert candidate.value is not None and control.value is not None, "clean text was undetermined"
    assert math.isclose(candidate.value, control.value, rel_tol=0, abs_tol=1e-12), (
        f"clean legacy text: fixed {candidate.value!r} != legacy {control.value!r}"
    )
    # s/n and 1 - (n-s)/n can differ in the last bit; pass may then differ only for a
    # threshold within a hair of the score, which no real policy uses.
    if abs(threshold - NUMBER_EPSILON - control.value) > 1e-12:
        assert candidate.passed == control.passed, (
            f"clean legacy text: pass {candidate.passed} != legacy {control.passed}"
        )


AGREES_WITH_LEGACY_ON_CLEAN_TEXT = Invariant(
    "agrees_with_legacy_on_clean_text",
    "on clean legacy-format text (one yes/no per statement, nothing after the final line) both arms agree",
    st.tuples(s.judgements(), s.clean_legacy_renderer_names, s.thresholds),
    _check_agrees_with_legacy,
    lambda d: [_judged(d[0], d[1]).model_copy(update={"threshold": d[2]})],
)

# ---------------------------------------------------------------- 9. reads what graders write


def _realistic_case(drawn: tuple[Judgement, str, Any]) -> Case:
    judgement, name, style = drawn
    return _case(judgement.statements_output, s.render(judgement, name, style), tag=name)


def _check_reads_known_verdicts(fixed: FixedFactory, drawn: tuple[Judgement, str, Any]) -> None:
    judgement = drawn[0]
    score = fixed(MismatchPolicy.UNSUPPORTED).score(_realistic_case(drawn))
    read = tuple(verdict.verdict for verdict in score.verdicts)
    assert read == judgement.verdicts, f"{drawn[1]}: read {read}, the grader wrote {judgement.verdicts}"


READS_KNOWN_VERDICTS = Invariant(
    "reads_known_verdicts",
    "an output built from known verdicts, in any realistic layout and wording, reads as exactly those verdicts",
    s.realistic_outputs,
    _check_reads_known_verdicts,
    lambda d: [_realistic_case(d)],
)

INVARIANTS: tuple[Invariant, ...] = (
    BOUNDED,
    EXACT_RATIO,
    SAME_IN_EVERY_FORMAT,
    FLIP_NEVER_LOWERS,
    FAILURE_NEVER_RAISES,
    NO_VERDICT_UNDETERMINED,
    TOTAL,
    AGREES_WITH_LEGACY_ON_CLEAN_TEXT,
    READS_KNOWN_VERDICTS,
)
