"""A rollout decision shown: as JSON (``decision_dict``), text or Markdown (``render_decision``), a report panel."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from compat._text import printable
from compat.diff import CONTROL_BUGS
from compat.report import DecisionPanel, PanelCriterion, markdown_cell, markdown_code
from compat.rollout._refusals import Refusal
from compat.rollout.decision.rules import Criterion, Decision, Recommendation

_ADVICE = {
    Recommendation.GO: "advance the flag to {next}; keep the shadow log on and ask `faithcompat rollout` again there",
    Recommendation.HOLD: "stay at {current}: gather more cases or accept the named differences, then ask again",
    Recommendation.NO_GO: "set the flag to {next}: the candidate keeps being computed and logged, but legacy decides",
    Recommendation.NO_DECISION: "leave the flag at {current}: nothing was measured, so nothing is decided",
}


def advice(decision: Decision) -> str:
    return _ADVICE[decision.verdict].format(next=decision.next_stage, current=decision.current_stage)


def _value(x: float, places: int = 4) -> str:
    return str(x) if isinstance(x, int) else f"{x:.{places}f}"


def shown(criterion: Criterion) -> tuple[str, str]:
    """The measure and the threshold as printed: with the places it takes to tell them apart,
    so that a value printed beside its threshold is on the side its mark says."""
    measured, threshold = criterion.measured, criterion.threshold
    places = 4
    while places < 10 and measured != threshold and _value(measured, places) == _value(threshold, places):
        places += 2
    return _value(measured, places), _value(threshold, places)


def decision_dict(decision: Decision) -> dict[str, object]:
    refusals = decision.refusals
    return {
        "verdict": decision.verdict.value,
        "no_decision": decision.no_decision,
        "current_stage": decision.current_stage,
        "next_stage": decision.next_stage,
        "advice": advice(decision),
        "criteria": [
            {
                "name": c.name,
                "measured": c.measured,
                "threshold": c.threshold,
                "comparison": c.comparison,
                "holds": c.holds,
                "blocks": c.blocks.value,
                "note": c.note,
                "raw": c.raw,
            }
            for c in decision.criteria
        ],
        "decided_by": list(decision.decided_by),
        "accepted": [
            {
                "cause": a.cause,
                "cases": a.cases,
                "pass_to_fail": a.pass_to_fail,
                "fail_to_pass": a.fail_to_pass,
                "trusted_pass_to_fail": a.trusted_pass_to_fail,
                "trusted_fail_to_pass": a.trusted_fail_to_pass,
            }
            for a in decision.accepted
        ],
        "refusals_legacy_passed_candidate_declines": [r.case_id for r in refusals if r.refused_by == "both"],
        "refusals": [{"id": r.case_id, "refused_by": r.refused_by, "legacy_passed": r.legacy_passed} for r in refusals],
        "small_cohorts": list(decision.small_cohorts),
        "why": list(decision.why),
    }


def _move(decision: Decision) -> str:
    """``shadow -> live:1``; a stage that stays put is said once (``complete, the last stage``)."""
    if decision.next_stage != decision.current_stage:
        return f"{decision.current_stage} -> {decision.next_stage}"
    last = " (the last stage)" if decision.current_stage == "complete" else ""
    return f"stay at {decision.current_stage}{last}"


_CONTROL_BUGS = frozenset(cause.value for cause in CONTROL_BUGS)
# Refusals named in the text and Markdown (all of them are in the JSON and cases.jsonl):
# enough to look at, and a Markdown decision stays far under a pull-request comment's
# 65,536 characters whatever the corpus.
REFUSALS_LISTED = 20


def _more(refusals: Sequence[Refusal], indent: str) -> list[str]:
    left = len(refusals) - REFUSALS_LISTED
    return [f"{indent}and {left} more (all in the JSON output and cases.jsonl)"] if left > 0 else []


# The refusals by the arm whose grader refused: what each means, in the order shown.
_REFUSAL_HEADINGS = {
    "both": "refusal(s) legacy passed that the fixed scorer declines to score (expected)",
    "legacy": "refusal(s) by the legacy arm's grader alone: legacy passed the refusal; the RAGAS arm's grader "
    "answered, and the fixed scorer scored that answer",
    "ragas": "refusal(s) by the RAGAS arm's grader alone: the fixed scorer declines; legacy scored the legacy "
    "arm's answer",
}


def _refusal_lists(decision: Decision, bullet: str, code: Callable[[str], str]) -> list[str]:
    """The refusals, a heading and a list per arm that refused (all of them in the JSON)."""
    refusals = decision.refusals
    if decision.no_decision is not None and not refusals:
        lines = []
    elif not any(r.refused_by == "both" for r in refusals):
        lines = ["", "No refusal that legacy passed is declined by the fixed scorer."]
    else:
        lines = []
    for arm, heading in _REFUSAL_HEADINGS.items():
        listed = [r for r in refusals if r.refused_by == arm]
        if listed:
            lines += ["", f"{len(listed)} {heading}:"]
            lines += [f"{bullet}{code(r.case_id)}" for r in listed[:REFUSALS_LISTED]]
            lines += _more(listed, bullet)
    return lines


def _decided_by(decision: Decision) -> str:
    """What set the verdict: the failing criteria of its kind."""
    if decision.no_decision is not None:
        return f"no decision: {decision.no_decision}"
    if not decision.decided_by:
        return "every criterion holds"
    return f"decided by: {', '.join(decision.decided_by)}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _accepted_lines(decision: Decision, bullet: str) -> list[str]:
    """The accepted causes, each with what it left out of the flip rates: never silently."""
    if not decision.accepted:
        return []
    lines = ["", "Accepted by the policy (accept_causes): flips left out of the flip rates:"]
    for a in decision.accepted:
        name = f"`{a.cause}`" if bullet == "- " else a.cause
        trusted = (a.trusted_pass_to_fail, a.trusted_fail_to_pass)
        if a.cause in _CONTROL_BUGS and trusted == (0, 0):
            where = " (a named legacy bug: out of the rates where legacy is trusted already)"
        elif trusted != (a.pass_to_fail, a.fail_to_pass):
            where = f" ({trusted[0]} and {trusted[1]} of them where legacy is trusted)"
        else:
            where = ""
        lines.append(
            f"{bullet}{name}: {a.cases} case(s), {a.pass_to_fail} pass->fail, {a.fail_to_pass} fail->pass{where}"
        )
    return lines


def render_decision(decision: Decision, *, markdown: bool = False) -> str:
    said = advice(decision)
    if markdown:
        lines = [
            f"## faithcompat rollout: **{decision.verdict.value}** ({_move(decision)})",
            "",
            f"{said}. "
            + (
                f"No decision: {markdown_cell(decision.no_decision)}."
                if decision.no_decision is not None
                else f"{_sentence(_decided_by(decision))}."
            ),
        ]
        if decision.criteria:
            lines += [
                "",
                "| criterion | measured | threshold | holds | failing means | note |",
                "|---|--:|--:|---|---|---|",
            ]
        for c in decision.criteria:
            mark = "yes" if c.holds else "**no**"
            measured, limit = shown(c)
            lines.append(
                f"| {c.name} | {measured} | {c.comparison} {limit} | {mark} | {c.blocks.value} | "
                f"{markdown_cell(c.note)} |"
            )
        lines += _accepted_lines(decision, "- ")
        if decision.why:
            lines += ["", "Why the numbers move:", "", *(f"- {line}" for line in decision.why)]
        lines += _refusal_lists(decision, "- ", markdown_code)
        return "\n".join(lines) + "\n"
    lines = [f"{decision.verdict.value}: {_move(decision)}", said]
    decided = printable(_decided_by(decision))  # a reason for no decision is long: wrapped
    lines += [*(textwrap.wrap(decided, 78, subsequent_indent="  ") if decision.no_decision else [decided]), ""]
    for c in decision.criteria:
        status = "ok  " if c.holds else ("FAIL" if c.blocks is Recommendation.NO_GO else "hold")
        measured, limit = shown(c)
        lines.append(f"  {status} {c.name}: {measured} (needs {c.comparison} {limit})")
        if c.note:
            lines.append(f"         {printable(c.note)}")
    if not decision.criteria:
        lines.append("  no criterion measured")
    lines += _accepted_lines(decision, "  ")
    if decision.why:
        lines += ["", "Why the numbers move:"]
        lines += [
            wrapped
            for line in decision.why
            for wrapped in textwrap.wrap(line, 78, initial_indent="  ", subsequent_indent="    ")
        ]
    lines += _refusal_lists(decision, "  ", printable)
    return "\n".join(lines) + "\n"


def decision_panel(decision: Decision, policy: str = "the default policy") -> DecisionPanel:
    """The decision as report.html's first screen shows it (the report stage draws it)."""
    return DecisionPanel(
        verdict=decision.verdict.value,
        move=_move(decision),
        advice=advice(decision),
        criteria=tuple(_panel_criterion(c) for c in decision.criteria),
        why=decision.why,
        policy=policy,
    )


def _panel_criterion(criterion: Criterion) -> PanelCriterion:
    measured, threshold = shown(criterion)
    return PanelCriterion(
        name=criterion.name,
        measured=measured,
        threshold=f"{criterion.comparison} {threshold}",
        holds=criterion.holds,
        blocks=criterion.blocks.value,
        note=criterion.note,
        over=criterion.over,
    )
