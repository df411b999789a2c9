"""One compared case as a value (``Comparison``) and the sections it carries, below the modules that make them."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from compat.diff._outcomes import DriftCause, Outcome
from compat.diff._statement_agreement import StatementPair
from compat.diff.composite import CaseComposite
from compat.scoring import Score, Verdict


class ArmsSeen(NamedTuple):
    """What a per-arm case records, as the arm check needs it (``arms``): each arm with
    its preset, and whether each side finds nothing of its arm (nor shared texts) to read."""

    presets: tuple[tuple[str, str], ...]
    control_missing: bool
    candidate_missing: bool
    # Per arm whose server said what it ran, the models it served on the case, in order of first reply.
    served: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # The control's arm holds no text, and promptfoo's recorded legacy score stands for it (not missing).
    control_recorded: bool = False


class Comparison(NamedTuple):
    """Both arms on one case, with the outcome and the named cause of any difference."""

    case_id: str
    tags: tuple[str, ...]
    control: Score
    candidate: Score
    delta: float | None  # candidate - control, where both are finite
    outcome: Outcome
    cause: DriftCause | None  # None exactly when the outcome is a match
    decomposition: Decomposition | None = None  # per-arm cases: the parser and prompt steps
    observed: ObservedCheck | None = None  # cases with a score promptfoo recorded
    detail: CaseDetail | None = None  # differing cases: what each side read, for a person to judge
    statement_pairs: tuple[tuple[StatementPair, ...], int] = ((), 0)  # LLM and HHEM verdicts, and unpaired ones
    composite: CaseComposite | None = None  # with --composite, cases with metrics: both rules' composites
    arms: ArmsSeen | None = None  # per-arm cases: the arms recorded, and whether each side's is among them

    @property
    def explained(self) -> bool:
        return self.cause is not None and self.cause is not DriftCause.UNEXPLAINED


# The sections a comparison may carry, each made by its own module: the steps by
# ``decompose`` (decompose.py), the detail by ``case_detail`` (detail.py), the
# recorded-score check by ``ObservedChecker`` (observed.py).


class Step(str, Enum):
    """Which step made a case differ (the first that did)."""

    PARSER = "parser"  # the same text read by the two parsers
    PROMPTS = "prompts"  # the RAGAS prompts made the grader judge differently
    MODEL = "model"  # another grader model (or endpoint, or call options) judged differently
    VERIFIER = "verifier"  # another verifier (hhem) judged the statements differently
    NOISE = "noise"  # the arm steps, but no larger than the grader's own disagreement


class Leg(NamedTuple):
    """One step of the walk from the control's arm to the candidate's: the dimensions it
    changes (``DIMENSIONS``; several where the arm between them is not recorded, none where
    the arms differ in nothing recorded), the arm it reaches, the candidate scorer there."""

    dimensions: tuple[str, ...]
    arm: str
    score: Score
    delta: float | None  # this score - the previous one's (the middle's first), where both are finite


class Decomposition(NamedTuple):
    """A per-arm case's difference split into the parser step and the prompt step."""

    middle: Score  # the candidate scorer on the control arm's text
    parser_outcome: Outcome  # control vs middle: one text, two parsers
    parser_cause: DriftCause | None  # today's named cause of the parser step (None: it matches)
    parser_delta: float | None  # middle - control, where both are finite
    prompt_delta: float | None  # candidate - middle, where both are finite
    step: Step | None  # the step that made the case differ (None: it matches)
    samples: int  # sample pairs graded (1 without --samples)
    control_spread: float | None  # the candidate scorer's spread over the control arm's samples
    candidate_spread: float | None  # ... over the candidate arm's samples
    noise_floor: float | None  # the larger spread; None without samples
    pairs_matched: int  # sample pairs (control arm k, candidate arm k) that match
    pairs_within_noise: int  # sample pairs that match or differ by noise only
    prompt_within_noise: bool  # the arm steps together are no larger than the noise floor (whatever the parser did)
    legs: tuple[Leg, ...] = ()  # the arm steps, middle -> candidate (one: the prompt step of legacy -> ragas)


class GraderTexts(NamedTuple):
    """The two grader outputs one side scored (``statements``: a list given instead of call 1's text)."""

    statements_output: str | None
    statements: tuple[str, ...] | None
    grader_output: str


class CaseDetail(NamedTuple):
    # What was graded, for a person to judge which grader was right (the case's own fields).
    question: str | None
    answer: str | None
    contexts: tuple[str, ...]
    control_texts: GraderTexts | None  # None: the side's grader call failed, nothing was read
    candidate_texts: GraderTexts | None
    # Each verdict as a scorer read it: its statement (for legacy, the piece of the final
    # line it read), 1, 0 or None, and the reason.
    control_read: tuple[Verdict, ...]
    candidate_read: tuple[Verdict, ...]
    control_note: str  # how the control's reading is to be taken (the legacy arithmetic's branch)
    # The statements each side's verdict call (call 2) was sent, where the corpus says: an arm
    # graded by `grade` (its preset's rule), or a list given; None for texts graded elsewhere.
    control_sent: tuple[str, ...] | None = None
    candidate_sent: tuple[str, ...] | None = None

    @property
    def same_texts(self) -> bool:
        """Both sides read the same texts: cases.jsonl keeps one copy."""
        return self.candidate_texts == self.control_texts


class ObservedCheck(NamedTuple):
    """A recorded score set against what the scorers give for the same case."""

    score: float | None  # as recorded (None: promptfoo wrote null, which is what it writes for NaN)
    passed: bool | None
    exact: bool | None  # the legacy scorer reproduces it from the case's own texts (None: no texts)
    generations: tuple[str, ...]  # the generations' scorers that reproduce it, oldest first
    regraded: int  # samples of the legacy arm graded again (0: none)
    regraded_reproduced: int  # of them, the ones whose legacy score and pass are the recorded ones
    first_reproduced: bool | None  # sample 0 (the comparison's own) is one of them (None: not regraded)
