"""A rollout decision shown: as JSON (``decision_dict``), text or Markdown (``render_decision``), a report panel."""

from __future__ import annotations

import textwrap

from compat._text import printable
from compat.report import DecisionPanel, PanelCriterion, markdown_cell, markdown_code
from compat.rollout._decision import Decision, Verdict

_ADVICE = {
    Verdict.GO: "advance the flag to {next}; keep the shadow log on and ask `faithcompat rollout` again there",
    Verdict.HOLD: "stay at {current}: gather more cases or accept the named differences, then ask again",
    Verdict.NO_GO: "set the flag to {next}: the candidate keeps being computed and logged, but legacy decides",
}


def _value(x: float) -> str:
    return str(x) if isinstance(x, int) else f"{x:.4f}"


def decision_dict(decision: Decision) -> dict[str, object]:
    return {
        "verdict": decision.verdict.value,
        "current_stage": decision.current_stage,
        "next_stage": decision.next_stage,
        "advice": _ADVICE[decision.verdict].format(next=decision.next_stage, current=decision.current_stage),
        "criteria": [
            {
                "name": c.name,
                "measured": c.measured,
                "threshold": c.threshold,
                "comparison": c.comparison,
                "holds": c.holds,
                "blocks": c.blocks.value,
                "note": c.note,
            }
            for c in decision.criteria
        ],
        "decided_by": list(decision.decided_by),
        "accepted": [
            {"cause": a.cause, "cases": a.cases, "pass_to_fail": a.pass_to_fail, "fail_to_pass": a.fail_to_pass}
            for a in decision.accepted
        ],
        "refusals_legacy_passed_candidate_declines": list(decision.pass_to_undetermined_refusals),
        "small_cohorts": list(decision.small_cohorts),
        "why": list(decision.why),
    }


def _move(decision: Decision) -> str:
    """``shadow -> live:1``; a stage that stays put is said once (``complete, the last stage``)."""
    if decision.next_stage != decision.current_stage:
        return f"{decision.current_stage} -> {decision.next_stage}"
    last = " (the last stage)" if decision.current_stage == "complete" else ""
    return f"stay at {decision.current_stage}{last}"


# Refusals named in the text and Markdown (all of them are in the JSON and cases.jsonl):
# enough to look at, and a Markdown decision stays far under a pull-request comment's
# 65,536 characters whatever the corpus.
REFUSALS_LISTED = 20


def _more(refusals: tuple[str, ...], indent: str) -> list[str]:
    left = len(refusals) - REFUSALS_LISTED
    return [f"{indent}and {left} more (all in the JSON output and cases.jsonl)"] if left > 0 else []


def _refusals_heading(refusals: tuple[str, ...] | list[str]) -> str:
    if not refusals:
        return "No refusal that legacy passed is declined by the fixed scorer."
    return f"{len(refusals)} refusal(s) legacy passed that the fixed scorer declines to score (expected):"


def _decided_by(decision: Decision) -> str:
    """What set the verdict: the failing criteria of its kind."""
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
        lines.append(f"{bullet}{name}: {a.cases} case(s), {a.pass_to_fail} pass->fail, {a.fail_to_pass} fail->pass")
    return lines


def render_decision(decision: Decision, *, markdown: bool = False) -> str:
    advice = _ADVICE[decision.verdict].format(next=decision.next_stage, current=decision.current_stage)
    refusals = decision.pass_to_undetermined_refusals
    if markdown:
        lines = [
            f"## faithcompat rollout: **{decision.verdict.value}** ({_move(decision)})",
            "",
            f"{advice}. {_sentence(_decided_by(decision))}.",
            "",
            "| criterion | measured | threshold | holds | failing means | note |",
            "|---|--:|--:|---|---|---|",
        ]
        for c in decision.criteria:
            mark = "yes" if c.holds else "**no**"
            threshold = f"{c.comparison} {_value(c.threshold)}"
            lines.append(
                f"| {c.name} | {_value(c.measured)} | {threshold} | {mark} | {c.blocks.value} | "
                f"{markdown_cell(c.note)} |"
            )
        lines += _accepted_lines(decision, "- ")
        if decision.why:
            lines += ["", "Why the numbers move:", "", *(f"- {line}" for line in decision.why)]
        lines += ["", _refusals_heading(refusals)]
        lines += [f"- {markdown_code(case_id)}" for case_id in refusals[:REFUSALS_LISTED]]
        lines += _more(refusals, "- ")
        return "\n".join(lines) + "\n"
    lines = [f"{decision.verdict.value}: {_move(decision)}", advice, _decided_by(decision), ""]
    for c in decision.criteria:
        status = "ok  " if c.holds else ("FAIL" if c.blocks is Verdict.NO_GO else "hold")
        lines.append(f"  {status} {c.name}: {_value(c.measured)} (needs {c.comparison} {_value(c.threshold)})")
        if c.note:
            lines.append(f"         {printable(c.note)}")
    lines += _accepted_lines(decision, "  ")
    if decision.why:
        lines += ["", "Why the numbers move:"]
        lines += [
            wrapped
            for line in decision.why
            for wrapped in textwrap.wrap(line, 78, initial_indent="  ", subsequent_indent="    ")
        ]
    lines += ["", _refusals_heading(refusals)]
    lines += [f"  {printable(case_id)}" for case_id in refusals[:REFUSALS_LISTED]]
    lines += _more(refusals, "  ")
    return "\n".join(lines) + "\n"


def decision_panel(decision: Decision, policy: str = "the default policy") -> DecisionPanel:
    """The decision as report.html's first screen shows it (the report stage draws it)."""
    return DecisionPanel(
        verdict=decision.verdict.value,
        move=_move(decision),
        advice=_ADVICE[decision.verdict].format(next=decision.next_stage, current=decision.current_stage),
        criteria=tuple(
            PanelCriterion(
                name=c.name,
                measured=_value(c.measured),
                threshold=f"{c.comparison} {_value(c.threshold)}",
                holds=c.holds,
                blocks=c.blocks.value,
                note=c.note,
            )
            for c in decision.criteria
        ),
        why=decision.why,
        policy=policy,
    )
