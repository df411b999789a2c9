"""People's labels set against the scorers' readings and the arms' judgements: report.json's "against people".

``against_people`` takes the current labels (``check_labels``: stale ones never count), the
corpus, the comparer of the run and any further scorers (compare's league), and gives
the section:

- per scorer, its **reading** against people's: per statement (what it read for each
  statement; a scorer that reads a count, as legacy does, has no per-statement figure)
  and per case (a case every statement of which people read: did the scorer give the
  score their readings give, supported statements over all, undetermined where the
  grader gave no verdict at all), each with its Wilson interval and the cases it misread;
- per arm, its grader's **judgement** against people's: the grader's verdict as people
  read it (the fixed scorer's reading where they gave none), HHEM's checks on an HHEM
  arm; Cohen's kappa over the statements both judged supported or not, the confusion
  matrix, and where they part, beside the contexts;
- with two or more labellers on one statement, their agreement with each other;
- per cause that excuses a flip or drift as legacy's bug, the share of its excused cases
  people read in full whose reading the candidate got right: legacy's misreading confirmed.

Where labellers disagree on a statement, it is left out of the scorers' and arms'
figures (counted as ``split``) and listed among their disagreements.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from compat.cases import ArmName, Case
from compat.diff import (
    AgainstPeople,
    ArmAgreement,
    CaseComparer,
    DriftReport,
    ExcusedCause,
    Misread,
    Outcome,
    PartedStatement,
    PeopleAgreement,
    ReaderAccuracy,
    legacy_bug_alone,
    score_arm,
)
from compat.labels._label import Label
from compat.labels._load import LabelSet, check_labels
from compat.labels._stats import NOT_SUPPORTED, SUPPORTED, binary_kappa, share
from compat.labels._target import ArmTexts, label_targets
from compat.scoring import RagasScorer, Score, Scorer, Status, normalise_statement

LISTED = 20  # misread cases, parted statements, disagreements: the first ones, the rest counted
STALE_REASONS = 5
NO_VERDICT = "none"
_JUDGED_BY_READING = {"yes": SUPPORTED, "no": NOT_SUPPORTED, "none": NO_VERDICT}
_READER = RagasScorer()  # what reads an arm's verdicts where people gave no reading


@dataclass(frozen=True)
class ReaderRole:
    """A scorer whose reading is checked, the role it plays and the arm it reads on cases graded per arm."""

    scorer: Scorer
    role: str
    arm: ArmName


@dataclass
class _Reader:
    role: ReaderRole
    statements: list[int] = field(default_factory=lambda: [0, 0])  # agreed, of
    by_statement: bool = False  # it gave a verdict for some statement: it reads statement by statement
    cases: list[int] = field(default_factory=lambda: [0, 0])
    misread: list[Misread] = field(default_factory=list)
    misread_count: int = 0


@dataclass
class _Arm:
    arm: str | None
    judged_by: str
    pairs: list[tuple[str, str]] = field(default_factory=list)  # (people, arm) over every judged statement
    parted: list[PartedStatement] = field(default_factory=list)
    parted_count: int = 0


def consensus(labels: Sequence[Label], answer: str) -> str | None:
    """The one ``answer`` (``reading`` or ``judgement``) the labels on a statement give, or None:
    none given, or labellers who disagree."""
    given = {getattr(label, answer) for label in labels} - {None}
    return given.pop() if len(given) == 1 else None


def people_score(readings: Sequence[str]) -> float | None:
    """The score people's readings of every statement give: yes over all; None where no statement got a verdict."""
    if not readings or all(reading == NO_VERDICT for reading in readings):
        return None
    return readings.count("yes") / len(readings)


def reads_as_people(score: Score, people: float | None, tolerance: float) -> bool:
    """The scorer's score is the one people's readings give (both undetermined where people read no verdict)."""
    if people is None:
        return score.value is None or score.status is not Status.SCORED
    value = score.value
    return value is not None and math.isfinite(value) and abs(value - people) <= tolerance


def against_people(
    labels: LabelSet,
    cases: Iterable[Case],
    comparer: CaseComparer,
    *,
    files: Sequence[str],
    league: Sequence[ReaderRole] = (),
    report: DriftReport | None = None,
) -> AgainstPeople:
    """The section "against people" (the module says what it holds). ``labels``: ``check_labels``'s
    answer for ``cases``; one pass over ``cases``, only the labelled ones looked at. ``report``:
    the run's report, whose causes give each excusing cause's flips and drifts in the corpus."""
    by_case: dict[str, dict[tuple[str | None, int], list[Label]]] = defaultdict(lambda: defaultdict(list))
    for label in labels.current:
        by_case[label.case_id][(label.arm, label.statement)].append(label)
    roles = [
        ReaderRole(comparer.control, "control", comparer.control_arm),
        ReaderRole(comparer.candidate, "candidate", comparer.candidate_arm),
        *league,
    ]
    readers = [_Reader(role) for role in roles]
    arms: dict[tuple[str | None, str], _Arm] = {}
    split = 0
    excused: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # cause: confirmed, labelled in full
    for case in cases:
        statements = by_case.get(case.id)
        if statements is None:
            continue
        targets = {target.arm: target for target in label_targets(case)}
        readings: dict[tuple[str | None, int], str] = {}
        judgements: dict[tuple[str | None, int], str] = {}
        for key, given in statements.items():
            reading, judgement = consensus(given, "reading"), consensus(given, "judgement")
            if reading is not None:
                readings[key] = reading
            if judgement is not None:
                judgements[key] = judgement
            if _split(given):
                split += 1
        for reader in readers:
            _read(reader, case, targets, readings, comparer.tolerance)
        _judge(arms, case, targets, readings, judgements)
        _excuse(excused, case, comparer, targets, readings)
    return AgainstPeople(
        files=list(files),
        labels=len(labels.current),
        stale=len(labels.stale),
        stale_reasons=[stale.why for stale in labels.stale[:STALE_REASONS]],
        replaced=labels.replaced,
        labellers=sorted({label.labeller for label in labels.current}),
        cases=len(by_case),
        split=split,
        readers=[_reader_row(reader) for reader in readers],
        arms=[_arm_row(arm) for arm in arms.values()],
        people=_people(by_case),
        excused=_excused_rows(excused, report),
    )


def people_section(
    labels: Sequence[Label],
    cases: Iterable[Case],
    comparer: CaseComparer,
    *,
    files: Sequence[str],
    league: Sequence[ReaderRole] = (),
    report: DriftReport | None = None,
) -> AgainstPeople:
    """``labels`` as read from their files, set against the corpus ``cases`` (``check_labels``: the
    latest per statement and person, stale ones left out) and then against the scorers
    (``against_people``): one pass over ``cases``, only the cases some label names kept."""
    named = {label.case_id for label in labels}
    held = [case for case in cases if case.id in named]
    checked = check_labels(labels, held)
    return against_people(checked, held, comparer, files=files, league=league, report=report)


def _split(given: Sequence[Label]) -> bool:
    return any(len({getattr(label, answer) for label in given} - {None}) > 1 for answer in ("reading", "judgement"))


def _text_arm(case: Case, arm: ArmName) -> str | None:
    return None if case.arms is None else arm


def _read(
    reader: _Reader,
    case: Case,
    targets: dict[str | None, ArmTexts],
    readings: dict[tuple[str | None, int], str],
    tolerance: float,
) -> None:
    arm = _text_arm(case, reader.role.arm)
    target = targets.get(arm)
    if target is None or not any(key[0] == arm for key in readings):
        return
    score = score_arm(reader.role.scorer, case, reader.role.arm)
    verdicts = score.verdicts
    reader.by_statement = reader.by_statement or bool(verdicts)
    differing = []
    for index, statement in enumerate(target.statements):
        people = readings.get((arm, index))
        if people is None:
            continue
        verdict = verdicts[index] if index < len(verdicts) else None
        if verdict is not None and normalise_statement(verdict.statement) != normalise_statement(statement):
            continue  # the scorer listed other statements: its verdict is not this statement's
        read = NO_VERDICT if verdict is None or verdict.verdict is None else ("yes" if verdict.verdict else "no")
        reader.statements[1] += 1
        if read == people:
            reader.statements[0] += 1
        else:
            differing.append(index)
    full = [readings.get((arm, index)) for index in range(len(target.statements))]
    if not full or any(reading is None for reading in full):
        return  # a case counts where people read every statement
    expected = people_score([reading for reading in full if reading is not None])
    reader.cases[1] += 1
    if reads_as_people(score, expected, tolerance):
        reader.cases[0] += 1
        return
    reader.misread_count += 1
    if len(reader.misread) < LISTED:
        value = score.value
        shown: float | str | None = (
            value
            if value is None or math.isfinite(value)
            else str(value).replace("inf", "Infinity").replace("nan", "NaN")
        )
        reader.misread.append(
            Misread(case_id=case.id, arm=arm, scorer_score=shown, people_score=expected, statements=differing)
        )


def _judge(
    arms: dict[tuple[str | None, str], _Arm],
    case: Case,
    targets: dict[str | None, ArmTexts],
    readings: dict[tuple[str | None, int], str],
    judgements: dict[tuple[str | None, int], str],
) -> None:
    for arm, target in targets.items():
        keys = [(arm, index) for index in range(len(target.statements)) if (arm, index) in judgements]
        if not keys:
            continue
        read_case = case if arm is None else case.arm_case(arm)
        verdicts = _READER.score(read_case).verdicts if read_case is not None else ()
        slot = arms.setdefault((arm, "grader"), _Arm(arm, "grader"))
        for key in keys:
            index = key[1]
            reading = readings.get(key)
            if reading is None:
                verdict = verdicts[index].verdict if index < len(verdicts) else None
                reading = NO_VERDICT if verdict is None else ("yes" if verdict else "no")
            _pair(slot, case, target.statements[index], judgements[key], _JUDGED_BY_READING[reading])
        for name, checks in _hhem_checks(case, target):  # HHEM judged these same statements
            hhem = arms.setdefault((name, "hhem"), _Arm(name, "hhem"))
            for key in keys:
                index = key[1]
                check = checks[index] if index < len(checks) else None
                judged = NO_VERDICT if check is None else (SUPPORTED if check else NOT_SUPPORTED)
                _pair(hhem, case, target.statements[index], judgements[key], judged)


def _hhem_checks(case: Case, target: ArmTexts) -> list[tuple[str, list[bool]]]:
    """The HHEM arms of ``case`` that checked the statements of ``target``'s arm (the same call 1)."""
    if case.arms is None or target.arm is None:
        return []
    own = case.arms.get(target.arm)
    found = []
    for name in case.arms.names():
        recording = case.arms.get(name)
        if recording is None or recording.checks is None or recording.error is not None or own is None:
            continue
        if recording.statements_output == own.statements_output:
            found.append((name, [check.supported for check in recording.checks]))
    return found


def _pair(slot: _Arm, case: Case, statement: str, people: str, judged: str) -> None:
    slot.pairs.append((people, judged))
    both = people in (SUPPORTED, NOT_SUPPORTED) and judged in (SUPPORTED, NOT_SUPPORTED)
    if both and people != judged:
        slot.parted_count += 1
        if len(slot.parted) < LISTED:
            slot.parted.append(
                PartedStatement(
                    case_id=case.id, statement=statement, people=people, grader=judged, contexts=list(case.contexts)
                )
            )


def _excuse(
    excused: dict[str, list[int]],
    case: Case,
    comparer: CaseComparer,
    targets: dict[str | None, ArmTexts],
    readings: dict[tuple[str | None, int], str],
) -> None:
    """Count the case under its cause if its flip or drift is excused and people read the candidate's text in full."""
    comparison = comparer.compare(case)
    if comparison.outcome not in (Outcome.FLIP, Outcome.DRIFT) or comparison.cause is None:
        return
    if not excused_case(comparison.control, legacy_bug_alone(comparison)):
        return
    arm = _text_arm(case, comparer.candidate_arm)
    target = targets.get(arm)
    full = [readings.get((arm, index)) for index in range(len(target.statements))] if target else []
    if not full or any(reading is None for reading in full):
        return
    counted = excused[comparison.cause.value]
    counted[1] += 1
    expected = people_score([reading for reading in full if reading is not None])
    if reads_as_people(comparison.candidate, expected, comparer.tolerance):
        counted[0] += 1


def excused_case(control: Score, bug_alone: bool) -> bool:
    """Left out of the cases where legacy is trusted (as the report's trusted agreement): legacy's score
    is not valid, or a named legacy bug alone made the difference."""
    value = control.value
    valid = value is not None and 0.0 <= value <= 1.0 and control.status is Status.SCORED
    return not valid or bug_alone


def _reader_row(reader: _Reader) -> ReaderAccuracy:
    statements = share(*reader.statements) if reader.by_statement else None
    return ReaderAccuracy(
        scorer=reader.role.scorer.name,
        role=reader.role.role,
        statements=statements,
        cases=share(*reader.cases),
        misread=reader.misread,
        misread_count=reader.misread_count,
    )


_PEOPLE_ROWS = (SUPPORTED, NOT_SUPPORTED, "cant_tell")
_ARM_COLUMNS = (SUPPORTED, NOT_SUPPORTED, NO_VERDICT)


def _arm_row(arm: _Arm) -> ArmAgreement:
    matrix = {row: dict.fromkeys(_ARM_COLUMNS, 0) for row in _PEOPLE_ROWS}
    for people, judged in arm.pairs:
        matrix[people][judged] += 1
    observed, kappa, low, high = binary_kappa(arm.pairs)
    core = sum(matrix[row][column] for row in (SUPPORTED, NOT_SUPPORTED) for column in (SUPPORTED, NOT_SUPPORTED))
    return ArmAgreement(
        arm=arm.arm,
        judged_by=arm.judged_by,
        statements=core,
        matrix=matrix,
        observed=observed,
        kappa=kappa,
        kappa_low=low,
        kappa_high=high,
        parted=arm.parted,
        parted_count=arm.parted_count,
    )


def _people(by_case: dict[str, dict[tuple[str | None, int], list[Label]]]) -> PeopleAgreement | None:
    readings = [0, 0]
    judged = [0, 0]
    pairs: list[tuple[str, str]] = []
    statements = 0
    disagreements: list[str] = []
    count = 0
    for case_id, keyed in by_case.items():
        for (arm, index), given in keyed.items():
            if len({label.labeller for label in given}) < 2:
                continue
            statements += 1
            for first, second in itertools.combinations(sorted(given, key=lambda label: label.labeller), 2):
                if first.reading is not None and second.reading is not None:
                    readings[1] += 1
                    readings[0] += first.reading == second.reading
                if first.judgement is not None and second.judgement is not None:
                    judged[1] += 1
                    judged[0] += first.judgement == second.judgement
                    pairs.append((first.judgement, second.judgement))
            if _split(given):
                count += 1
                if len(disagreements) < LISTED:
                    said = ", ".join(
                        f"{label.labeller}: {label.reading or '-'}/{label.judgement or '-'}" for label in given
                    )
                    where = "shared texts" if arm is None else f"arm {arm}"
                    disagreements.append(f"{case_id} ({where}), statement {index}: {said}")
    if not statements:
        return None
    _observed, kappa, low, high = binary_kappa(pairs)
    return PeopleAgreement(
        labellers=sorted({label.labeller for keyed in by_case.values() for given in keyed.values() for label in given}),
        statements=statements,
        pairs=max(readings[1], judged[1]),
        readings=share(*readings) if readings[1] else None,
        judgements=share(*judged) if judged[1] else None,
        kappa=kappa,
        kappa_low=low,
        kappa_high=high,
        disagreements=disagreements,
        disagreement_count=count,
    )


def _excused_rows(excused: dict[str, list[int]], report: DriftReport | None) -> list[ExcusedCause]:
    rows = {row.cause: row for row in report.causes} if report is not None else {}
    causes = list(excused)
    for cause, row in rows.items():  # every cause the report excuses flips of, labelled or not
        known = row.flips is not None and row.trusted_flips is not None and cause not in excused
        if known and sum((row.flips or {}).values()) > sum((row.trusted_flips or {}).values()):
            causes.append(cause)
    found = []
    for cause in causes:
        found_row = rows.get(cause)
        flips = 0
        if found_row is not None and found_row.flips is not None:
            trusted = found_row.trusted_flips or {}
            flips = sum(found_row.flips.values()) - sum(trusted.get(kind, 0) for kind in found_row.flips)
        drifts = found_row.outcomes.get(Outcome.DRIFT.value, 0) if found_row is not None else 0
        confirmed, labelled = excused.get(cause, [0, 0])
        found.append(ExcusedCause(cause=cause, flips=flips, drifts=drifts, confirmed=share(confirmed, labelled)))
    return sorted(found, key=lambda row: row.cause)
