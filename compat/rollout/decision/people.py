"""What people's labels (the report's "against people") change in the rollout decision.

An excused flip (a cause says legacy misread, or the policy accepts it) is excused only as
far as people confirmed the cause on a labelled sample: each excusing cause is

- **confirmed** where the Wilson 95% lower bound of the share of its labelled cases the
  candidate read as people did reaches ``min_excuse_confirmed``: its flips stay excused;
- **refuted** where even the interval's upper bound stays under it: people say the
  excuse is wrong, and its flips count in the flip rates again;
- **unverified** otherwise (no labels, or too few to tell): its flips stay out of the
  rates, counted as unverified, and the rollout holds from the live stage
  ``unverified_excuses_until`` on until people confirm them.

And a candidate that reads the grader's text, or whose arm judges, worse than the control
against people is a NO-GO: worse beyond the labels' own noise, its 95% interval's upper
bound under the control's figure (a handful of labels must not stop a rollout by
chance). Pure functions of the report and the policy; ``rules`` makes the criteria of
them. See docs/labels.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from compat.diff import ArmAgreement, DriftReport
from compat.rollout._policy import RolloutPolicy

FLIP_KINDS = ("pass_to_fail", "fail_to_pass")


class ExcuseCheck(NamedTuple):
    """The excused flips of a report, by what people said of their causes."""

    excused: int  # every excused flip
    unverified: int  # of them, of causes people did not confirm nor refute
    refuted: dict[str, int]  # per flip kind, the flips of causes people refuted: counted again
    note: str


class PeopleComparison(NamedTuple):
    """The candidate against the control on one measure against people."""

    name: str
    candidate: float
    control: float
    note: str


def excused_flips(report: DriftReport, accepted: Sequence[str]) -> dict[str, dict[str, int]]:
    """Per cause, per flip kind, its excused flips: those left out of the rates where legacy is
    trusted (a legacy bug's, or legacy's score invalid), and an accepted cause's trusted ones."""
    found: dict[str, dict[str, int]] = {}
    for row in report.causes:
        if row.flips is None:
            continue
        trusted = row.trusted_flips or {}
        left_out = {kind: row.flips.get(kind, 0) - trusted.get(kind, 0) for kind in FLIP_KINDS}
        if row.cause in accepted:  # read and accepted by the team: excused where legacy is trusted too
            left_out = {kind: row.flips.get(kind, 0) for kind in FLIP_KINDS}
        if any(left_out.values()):
            found[row.cause] = left_out
    return found


def check_excuses(report: DriftReport, policy: RolloutPolicy) -> ExcuseCheck:
    """The excused flips of ``report``, each cause confirmed, refuted or unverified by people's labels."""
    flips = excused_flips(report, policy.accept_causes)
    people = {row.cause: row.confirmed for row in report.against_people.excused} if report.against_people else {}
    threshold = policy.min_excuse_confirmed
    unverified: list[str] = []
    refuted: dict[str, int] = dict.fromkeys(FLIP_KINDS, 0)
    refuted_causes: list[str] = []
    confirmed: list[str] = []
    unverified_count = 0
    for cause, kinds in sorted(flips.items()):
        count = sum(kinds.values())
        share = people.get(cause)
        low = share.wilson_low if share is not None else None
        high = share.wilson_high if share is not None else None
        if share is None or not share.of:
            unverified_count += count
            unverified.append(f"{cause} {count} (not labelled)")
        elif low is not None and low >= threshold:
            confirmed.append(f"{cause} ({share.agreed} of {share.of}, lower bound {low:.2f})")
        elif high is not None and high < threshold:
            for kind in FLIP_KINDS:
                refuted[kind] += kinds[kind]
            refuted_causes.append(f"{cause} {count} ({share.agreed} of {share.of}, upper bound {high:.2f})")
        else:
            unverified_count += count
            unverified.append(f"{cause} {count} ({share.agreed} of {share.of} confirmed, lower bound {low or 0:.2f})")
    total = sum(sum(kinds.values()) for kinds in flips.values())
    said = [f"{unverified_count} of {total} excused flip(s) unverified by people"]
    if unverified:
        said.append("unverified: " + ", ".join(unverified))
    if confirmed:
        said.append("confirmed: " + ", ".join(confirmed))
    if refuted_causes:
        said.append("refuted, counted in the flip rates: " + ", ".join(refuted_causes))
    said.append(f"a cause is confirmed at a Wilson 95% lower bound of {threshold:g}")
    return ExcuseCheck(total, unverified_count, refuted, "; ".join(said))


def holds_for_people(current_stage: str, policy: RolloutPolicy) -> bool:
    """From this stage on, unverified excused flips hold the rollout (``unverified_excuses_until``)."""
    if current_stage == "complete":
        return True
    if not current_stage.startswith("live:"):
        return False
    return float(current_stage.removeprefix("live:")) >= policy.unverified_excuses_until


def people_comparisons(report: DriftReport) -> list[PeopleComparison]:
    """The candidate's reading accuracy per case and its arm's judgement kappa, each beside the
    control's, where people's labels measure both."""
    people = report.against_people
    if people is None:
        return []
    found = []
    roles = {reader.role: reader for reader in people.readers}
    control, candidate = roles.get("control"), roles.get("candidate")
    if control is not None and candidate is not None and control.cases.of and candidate.cases.of:
        found.append(
            PeopleComparison(
                "reading accuracy against people (candidate's upper bound vs control)",
                candidate.cases.wilson_high or 0.0,
                control.cases.rate or 0.0,
                f"cases read as people read them: {candidate.scorer} {candidate.cases.agreed} of "
                f"{candidate.cases.of} (Wilson 95% upper bound {candidate.cases.wilson_high or 0:.2f}), "
                f"{control.scorer} {control.cases.agreed} of {control.cases.of} ({control.cases.rate or 0:.2f})",
            )
        )
    arms = {row.arm: row for row in people.arms}
    control_arm, candidate_arm = report.scorers.control_arm, report.scorers.candidate_arm
    if control_arm is not None and candidate_arm is not None and control_arm != candidate_arm:
        ours, theirs = arms.get(candidate_arm), arms.get(control_arm)
        if _measured(ours) and _measured(theirs):
            assert ours is not None and theirs is not None and ours.kappa_high is not None and theirs.kappa is not None
            found.append(
                PeopleComparison(
                    "judgement agreement with people (candidate's arm, kappa's upper bound, vs control's)",
                    ours.kappa_high,
                    theirs.kappa,
                    f"Cohen's kappa over the statements people judged: arm {candidate_arm} {ours.kappa:.2f} "
                    f"(95% up to {ours.kappa_high:.2f}; {ours.statements} statements), arm {control_arm} "
                    f"{theirs.kappa:.2f} ({theirs.statements})",
                )
            )
    return found


def _measured(row: ArmAgreement | None) -> bool:
    return row is not None and row.kappa is not None
