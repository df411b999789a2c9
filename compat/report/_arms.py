"""How every format names the arms: the arm a side read where it is not that side's default,
and what each step of the path through arms (parser -> prompts -> model -> verifier -> noise) means.

One spelling for the terminal, report.md and report.html: each passes its own quoting
(``printable``, ``markdown_code``, ``esc`` in ``<code>``), the words are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from compat._text import printable
from compat.diff import CONTROL_ARM, DriftReport, ScorersInfo, arm_read_by

Side = Literal["control", "candidate"]
SIDES: tuple[Side, Side] = ("control", "candidate")


def arm_off_default(scorers: ScorersInfo, side: Side) -> str | None:
    """The arm ``side`` read, where it is not the one it reads by default (the candidate: the arm its
    contract reads, ``arm_read_by``; the control: ``legacy``); None where it is (or the report predates arms)."""
    if side == "candidate":
        arm, default = scorers.candidate_arm, arm_read_by(scorers.candidate)
    else:
        arm, default = scorers.control_arm, CONTROL_ARM
    return None if arm is None or arm == default else arm


def scorer_label(
    scorers: ScorersInfo, side: Side, quote: Callable[[str], str] = printable, *, aside: bool = False
) -> str:
    """The scorer of ``side`` as a header names it, with the arm it read where that is not its default:
    ``ragas on arm hhem`` (``aside``: ``ragas (arm hhem)``, as in "mean ragas (arm hhem)"); the scorer
    alone on a default run, so such a report reads exactly as before."""
    name = quote(scorers.control if side == "control" else scorers.candidate)
    arm = arm_off_default(scorers, side)
    if arm is None:
        return name
    return f"{name} (arm {quote(arm)})" if aside else f"{name} on arm {quote(arm)}"


def scorers_title(scorers: ScorersInfo, quote: Callable[[str], str] = printable, joiner: str = " vs ") -> str:
    """Both scorers, each with its arm where not the default: ``legacy vs ragas on arm hhem``."""
    return scorer_label(scorers, "control", quote) + joiner + scorer_label(scorers, "candidate", quote)


# What each step that only some paths walk changes between its two arms, and what its effect means.
_ARM_STEP_MEANINGS = {
    "model": "the grader model changed (with its endpoint and call options), on the same prompts and verifier, "
    "so its change is what swapping the model alone does to the scores",
    "verifier": "the verdicts on the same statements came from the other verifier (HHEM in place of the LLM's "
    "verdict call, or back), so its change is what replacing the verdict call alone does to the scores",
}


def model_snapshots(report: DriftReport, quote: Callable[[str], str] = printable) -> str | None:
    """The models the servers said they ran, from the control's arm to the candidate's, as the model
    step names them (``m-2024-08-06 -> m-mini-2024-07-18``; an arm that served several lists them,
    most cases first); None where the report does not say for both arms."""
    steps = report.decomposition
    if steps is None or not steps.served_models:
        return None
    scorers = report.scorers
    control = scorers.control_arm or CONTROL_ARM
    candidate = scorers.candidate_arm or arm_read_by(scorers.candidate)
    before, after = steps.served_models.get(control), steps.served_models.get(candidate)
    if not before or not after:
        return None
    return f"{', '.join(map(quote, before))} -> {', '.join(map(quote, after))}"


def arm_step_sentences(report: DriftReport) -> list[str]:
    """One plain sentence for each model or verifier step the path holds (none on a path without them):
    what changed and what its effect means, and where it was left out, on how many cases and why."""
    steps = report.decomposition
    if steps is None:
        return []
    sentences = []
    walked = [step for step in steps.steps if step != "parser"]
    for index, step in enumerate(walked):
        if step not in _ARM_STEP_MEANINGS:
            continue
        left_out = (steps.left_out or {}).get(step, 0)
        before = walked[index - 1]
        if left_out >= steps.cases:
            sentences.append(
                f"{step.capitalize()}: left out on every case: no arm between was recorded, so its change is "
                f"counted in the {before} step."
            )
            continue
        note = (
            f" (left out on {left_out} of {steps.cases} cases, where the arm between was not recorded: there its "
            f"change is counted in the {before} step)"
            if left_out
            else ""
        )
        snapshots = model_snapshots(report) if step == "model" else None
        served = f" The servers said they ran {snapshots}." if snapshots else ""
        sentences.append(f"{step.capitalize()}: {_ARM_STEP_MEANINGS[step]}{note}.{served}")
    return sentences
