"""Which arm each side scores, and whether it can read it: the rules ``diff`` and ``compare`` share.

On a case graded per arm (``faithcompat grade``) the control scores the legacy arm and the
candidate the arm its contract reads (``arm_read_by``); ``score_arm`` scores a side on the
case as its arm reads it.

A scorer reads one contract's output: the fixed scorer and seed 001's port read the legacy
prompts' text and the RAGAS prompts' JSON, the ragas library only its JSON, deepeval's metric
only its own prompts' JSON (the deepeval arm), every other scorer only the legacy text
(``READABLE``). An arm holds its preset's contract: ``legacy``
and ``ragas`` by name, a declared arm by the ``preset`` its recordings carry. A side given
an arm whose output it cannot read, or an arm some cases do not record, is warned about;
an arm named on the command line that no case records is an error, naming the arms the
corpus does hold (``ArmsSeen`` per case, folded into ``ArmsTally``). So is an arm whose
server said it ran more than one model within the corpus (``served``: an alias re-pointed
to another snapshot mid-corpus), since its differences across those cases may be the
grader's, not the scorer's.
"""

from __future__ import annotations

import traceback
from collections import Counter
from pathlib import Path

from compat._errors import InputError
from compat.cases import ArmName, ArmRecording, Case, recorded_config
from compat.diff._outcomes import CANDIDATE_ARM, CONTROL_ARM
from compat.diff.compare.recorded import recorded_legacy
from compat.diff.compare.values import ArmsSeen
from compat.scoring import Cause, Score, Scorer

# The scorers whose contract reads the RAGAS prompts' JSON: on a case graded both ways they
# score the RAGAS arm's recording. Every other scorer (legacy, the plans, the promptfoo
# releases, a scorer registered elsewhere) reads the legacy prompts' free text, the legacy arm's.
JSON_READERS = frozenset({"ragas", "ragas-0.4.3"})
# Scorers that read a verifier's checks: the arm `grade --hhem` records (named in compat/grading/_settings.py).
VERIFIER_READERS = {"ragas-hhem-0.4.3": "ragas-hhem"}
# Another evaluator's metric: its scorer reads the outputs of that evaluator's own prompts, the preset arm of its name.
PEER_READERS: dict[str, ArmName] = {"deepeval-4.3.1": "deepeval"}


def arm_read_by(scorer_name: str) -> ArmName:
    """The arm whose output ``scorer_name``'s contract reads (``JSON_READERS``, ``VERIFIER_READERS``,
    ``PEER_READERS``)."""
    if scorer_name in VERIFIER_READERS:
        return VERIFIER_READERS[scorer_name]
    if scorer_name in PEER_READERS:
        return PEER_READERS[scorer_name]
    return CANDIDATE_ARM if scorer_name in JSON_READERS else CONTROL_ARM


def has_text_for(case: Case, arm: ArmName) -> bool:
    """Whether a scorer of ``arm`` has something to read in ``case``: the arm's recording, or
    (where the case records no such arm) the case's shared texts."""
    if case.arms is None or case.arms.get(arm) is not None:
        return True
    return case.statements_output is not None or case.statements is not None


def case_for_arm(case: Case, arm: ArmName, sample: int = 0) -> Case | None:
    """The case as a scorer of ``arm`` reads it: ``arm``'s own recording (its sample
    ``sample``) where the case has one, else the case's shared texts; None where the
    recording's call failed or there is neither (nothing to read)."""
    if case.arms is None or case.arms.get(arm) is None:
        return case if has_text_for(case, arm) else None
    return case.arm_case(arm, sample)


def score_arm(scorer: Scorer, case: Case, arm: ArmName, sample: int = 0) -> Score:
    """``scorer`` on the case as ``arm`` reads it (``case_for_arm``).

    A recording whose call failed after its retries has nothing to score: undetermined,
    cause ``grader_error``. An arm the case does not record (graded with ``--arms`` or
    ``--arm`` without it) and no shared texts was never asked: undetermined, cause
    ``not_recorded``, never an empty output nor a grader error. A scorer that raises fails
    its case, not the run (``scored_or_error``).
    """
    chosen = case_for_arm(case, arm, sample)
    if chosen is not None:
        return scored_or_error(scorer, chosen)
    if arm == CONTROL_ARM and case.arms is not None and case.arms.get(arm) is None:
        recorded = recorded_legacy(case, scorer.name)  # promptfoo kept the score, not the texts
        if recorded is not None:
            return recorded
    error = case.arm_error(arm, sample)
    if error is not None:
        reason = f"the {arm} arm's grader {error.call} call failed ({error.kind}): {error.message}"
    else:
        names = ", ".join(case.arms.names()) if case.arms is not None else "none"
        reason = f"the {arm} arm is not recorded on this case (it records: {names})"
    return Score.undetermined(
        scorer=scorer.name,
        threshold=case.threshold,
        reason=f"Faithfulness undetermined: {reason}",
        cause=Cause.GRADER_ERROR if error is not None else Cause.NOT_RECORDED,
    )


# Enough of an exception's message to recognise it; a message may quote a whole 10 MB output.
ERROR_MESSAGE_CHARS = 300


def scored_or_error(scorer: Scorer, case: Case) -> Score:
    """``scorer.score(case)``, or, where it raises, the case's ``Status.ERROR`` score naming the
    exception and where it was raised (outcome ``scorer_error``).

    A scorer never raises for grader text (``Scorer``), so an exception here is a bug in it. One
    case of a million-case corpus must not stop the run: the case is kept, counted and explained
    as a scorer error, with what a bug report needs in its reason.
    """
    try:
        return scorer.score(case)
    except Exception as error:
        message = str(error)
        if len(message) > ERROR_MESSAGE_CHARS:
            message = message[:ERROR_MESSAGE_CHARS] + "…"
        frames = traceback.extract_tb(error.__traceback__)
        where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
        return Score.error(
            scorer=scorer.name,
            threshold=case.threshold,
            reason=f"the {scorer.name} scorer raised {type(error).__name__}{where} on this case: {message} "
            "(a bug in the scorer: please report it with this case)",
        )


READABLE: dict[str, frozenset[ArmName]] = {
    "ragas": frozenset({CONTROL_ARM, CANDIDATE_ARM}),
    "plan-ragas-port": frozenset({CONTROL_ARM, CANDIDATE_ARM}),
    **{name: frozenset({CANDIDATE_ARM}) for name in JSON_READERS - {"ragas"}},
    **{name: frozenset({arm}) for name, arm in PEER_READERS.items()},
}
WHAT_ARMS_HOLD = {
    CONTROL_ARM: "the legacy prompts' free text",
    CANDIDATE_ARM: "the RAGAS prompts' JSON",
    "deepeval": "deepeval's prompts' JSON (truths, claims, verdicts)",
}


def cannot_read(scorer_name: str, arm: ArmName, preset: str | None = None) -> str | None:
    """Why ``scorer_name`` cannot read ``arm``'s output at all (``cannot read the ragas arm: ...``),
    or None where it can or the arm's contract is unknown. ``preset``: the contract a declared arm
    keeps (its recordings' ``preset``), by which a scorer of a verifier's checks (``VERIFIER_READERS``)
    is not judged: it reads the checks beside the JSON."""
    held = arm if arm in WHAT_ARMS_HOLD else None if scorer_name in VERIFIER_READERS else preset
    readable = READABLE.get(scorer_name, frozenset({CONTROL_ARM}))
    if held not in WHAT_ARMS_HOLD or held in readable:
        return None
    reads = " or ".join(WHAT_ARMS_HOLD[name] for name in sorted(readable))
    return f"cannot read the {arm} arm: it holds {WHAT_ARMS_HOLD[held]}, and it reads {reads}"


def parser_left_out_warning(scorer_name: str, unread: str) -> str:
    """The candidate cannot read the control's arm: the decomposition has no parser step."""
    return (
        f"the parser step is left out: the candidate ({scorer_name}) {unread}; the arm steps (prompts, model) "
        "hold its reading together with the prompts"
    )


def nothing_recorded(arm: ArmName, missing: int, cases: int) -> str:
    """A side's arm is not recorded on ``missing`` of ``cases`` cases."""
    return f"finds nothing recorded for the {arm} arm on {missing} of {cases} cases"


def recorded_for_control(missing: int, cases: int) -> str:
    """The control reads promptfoo's recorded legacy score on ``missing`` of ``cases`` cases."""
    return (
        f"reads promptfoo's recorded score on {missing} of {cases} cases graded per arm: promptfoo keeps no "
        "grader text of its own assertion, so the legacy scorer has nothing there to re-score"
    )


def arms_seen(
    case: Case, control_arm: ArmName, candidate_arm: ArmName, control_scorer: str | None = None
) -> ArmsSeen | None:
    """``ArmsSeen`` of a case graded per arm; None for a case without per-arm recordings.
    ``control_scorer``: the control's name, by which promptfoo's recorded legacy score may stand
    for a legacy arm that holds no text (``recorded_legacy``)."""
    if case.arms is None:
        return None
    presets = []
    served: list[tuple[str, tuple[str, ...]]] = []
    for name in case.arms.names():
        recording = case.arms.get(name)
        assert recording is not None  # names() lists the recorded arms only
        presets.append((name, recorded_config(name, recording).preset))
        models = served_models(recording)
        if models:
            served.append((name, models))
    control_missing = not has_text_for(case, control_arm)
    recorded = (
        control_missing
        and control_arm == CONTROL_ARM
        and control_scorer is not None
        and recorded_legacy(case, control_scorer) is not None
    )
    return ArmsSeen(
        tuple(presets),
        control_missing and not recorded,
        not has_text_for(case, candidate_arm),
        tuple(served),
        recorded,
    )


def served_models(recording: ArmRecording) -> tuple[str, ...]:
    """The models the server said it ran for a recording's replies, every sample's, each once."""
    seen: dict[str, None] = {}
    for index in range(recording.sample_count):
        for entry in recording.sample(index).served:
            if entry.model is not None:
                seen.setdefault(entry.model)
    return tuple(seen)


def served_changed(arm: ArmName, models: Counter[str]) -> str:
    """An arm's server ran more than one model within the corpus (``models``: cases per model)."""
    listed = ", ".join(f"{model} on {cases} cases" for model, cases in models.most_common())
    return (
        f"the {arm} arm's grader served {len(models)} models within the corpus ({listed}): the model it "
        f"asked for was re-pointed mid-corpus (an alias moved to another snapshot?), so the {arm} arm's "
        "differences across those cases may be the grader's, not the scorer's"
    )


class ArmsTally:
    """The arms of a corpus's per-arm cases, folded case by case and merged in any order."""

    def __init__(self) -> None:
        self.cases = 0  # cases graded per arm
        self.held: Counter[ArmName] = Counter()  # per arm, the cases that record it
        self.presets: dict[ArmName, str] = {}  # per arm, its preset (the first recording's)
        self.missing: Counter[str] = Counter()  # per side, the cases with nothing of its arm to read
        self.served: dict[ArmName, Counter[str]] = {}  # per arm, the cases on which its server ran each model
        self.recorded = 0  # cases whose control reads promptfoo's recorded legacy score

    def add(self, seen: ArmsSeen) -> None:
        self.cases += 1
        for name, preset in seen.presets:
            self.held[name] += 1
            self.presets.setdefault(name, preset)
        for name, models in seen.served:
            self.served.setdefault(name, Counter()).update(models)
        self.missing["control"] += seen.control_missing
        self.missing["candidate"] += seen.candidate_missing
        self.recorded += seen.control_recorded

    def merge(self, other: ArmsTally) -> None:
        self.cases += other.cases
        self.held.update(other.held)
        for name, preset in other.presets.items():
            self.presets.setdefault(name, preset)
        self.missing.update(other.missing)
        for name, models in other.served.items():
            self.served.setdefault(name, Counter()).update(models)
        self.recorded += other.recorded

    def served_by_arm(self) -> dict[ArmName, list[str]]:
        """Per arm, the models its server said it ran, on the most cases first (ties by name)."""
        return {
            name: [model for model, _ in sorted(models.items(), key=lambda item: (-item[1], item[0]))]
            for name, models in sorted(self.served.items())
        }

    def check(self, sides: dict[str, tuple[str, ArmName, bool]]) -> list[str]:
        """The warnings on how each side reads its arm; ``sides``: per side (control, candidate) its
        scorer, its arm and whether the arm was named on the command line.

        Raises ``InputError`` for a named arm that no case records, naming the arms the corpus holds."""
        for side, (_, arm, named) in sides.items():
            # Without per-arm cases a preset's name reads the cases' one grading, as it always did.
            if named and not self.held[arm] and (self.cases or arm not in (CONTROL_ARM, CANDIDATE_ARM)):
                option = "--arm" if side == "candidate" else "--control-arm"
                holds = (
                    f"its cases record: {', '.join(sorted(self.held))}"
                    if self.cases
                    else "it records no arms (each case holds one grading, which every side reads: name no arm)"
                )
                raise InputError(f"{option} {arm}: no case of the corpus records the arm {arm}; {holds}")
        warnings: list[str] = []
        if not self.cases:  # every side reads the cases' one grading, whatever arm it names
            return warnings
        for side, (scorer, arm, _) in sides.items():
            problem = cannot_read(scorer, arm, self.presets.get(arm))
            if problem is None and self.missing[side]:
                problem = nothing_recorded(arm, self.missing[side], self.cases) + " graded per arm"
            if problem is not None:
                warnings.append(f"the {side} ({scorer}) {problem}")
            if side == "candidate" and problem is None and arm != sides["control"][1]:
                unread = cannot_read(scorer, sides["control"][1], self.presets.get(sides["control"][1]))
                if unread is not None:
                    warnings.append(parser_left_out_warning(scorer, unread))
            if side == "control" and self.recorded:
                warnings.append(f"the {side} ({scorer}) {recorded_for_control(self.recorded, self.cases)}")
        warnings += [served_changed(name, models) for name, models in sorted(self.served.items()) if len(models) > 1]
        return warnings
