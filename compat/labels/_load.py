"""Labels files read back, one label per statement and person kept, each checked against a corpus.

``read_labels`` reads labels.jsonl files (the page's download) and names a bad line
``FILE:LINE: what``. ``latest_labels`` keeps, per statement and labeller, the label made
last: relabelling replaces. ``check_labels`` sets them against the corpus's cases: a
label whose case, arm or statement is gone, or whose text hash no longer matches (the
case was graded again), is stale, said why, and never among the current ones. Pure
functions of their inputs; what to do with stale labels is the caller's to say.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from compat._errors import LabelError
from compat._file_kind import FileKind, file_kind, read_head, wrong_file
from compat._text import printable
from compat.cases import Case
from compat.labels._label import Label, LabelKey
from compat.labels._target import ArmTexts, label_targets

MAX_LABEL_BYTES = 64 * 1024  # a label is a few hundred bytes: a longer line is not one


class StaleLabel(NamedTuple):
    """A label that no longer applies to the corpus, and why."""

    label: Label
    why: str


class LabelSet(NamedTuple):
    """Labels set against a corpus: those that count, those that no longer apply, and how many
    a later label of the same person on the same statement replaced."""

    current: tuple[Label, ...]
    stale: tuple[StaleLabel, ...]
    replaced: int


def parse_label(text: str, source: str = "<label>", line: int = 1) -> Label:
    """One line of a labels file as a ``Label``, or a ``LabelError`` naming what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LabelError(source, line, f"invalid JSON: {error.msg} (column {error.colno})") from None
    except RecursionError:
        raise LabelError(source, line, "invalid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise LabelError(source, line, f"a label is a JSON object, not {type(data).__name__}")
    try:
        return Label.model_validate(data)
    except ValidationError as error:
        raise LabelError(source, line, _problems(error)) from None


def _problems(error: ValidationError) -> str:
    said = []
    for detail in error.errors(include_url=False):
        where = ".".join(str(part) for part in detail["loc"])
        message = str(detail["msg"]).removeprefix("Value error, ")
        if detail["type"] == "extra_forbidden":
            said.append(f"unknown field {where!r}")
        elif detail["type"] == "missing":
            said.append(f"missing required field {where!r}")
        else:
            said.append(f"field {where!r}: {message}" if where else message)
    return printable("; ".join(said))


def iter_labels(source: str | Path, on_error: Callable[[LabelError], None] | None = None) -> Iterator[Label]:
    """The labels of one labels.jsonl file, in order (blank lines skipped). A bad line raises
    its ``LabelError``, or, with ``on_error``, goes to it and the reading goes on."""
    name = str(source)
    try:
        handle = open(source, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as error:
        raise LabelError(name, None, f"cannot read it: {error.strerror or error}") from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                label = _line_label(raw, name, number)
            except LabelError as error:
                told = wrong_file(source, FileKind.LABELS, name) if number == 1 else None
                if told is not None:  # a corpus or a report given for labels: say so, not its line 1
                    raise LabelError(name, None, told.removeprefix(f"{name}: ")) from None
                if on_error is None:
                    raise
                on_error(error)
                continue
            if label is not None:
                yield label


def _line_label(raw: bytes, name: str, number: int) -> Label | None:
    if len(raw) > MAX_LABEL_BYTES:
        raise LabelError(name, number, f"a line of {len(raw):,} bytes is no label (at most {MAX_LABEL_BYTES:,})")
    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]  # a byte-order mark, as Windows editors write
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LabelError(name, number, f"invalid UTF-8 at byte {error.start + 1}") from None
    return parse_label(text, name, number) if text.strip() else None


def is_labels_file(path: str | Path) -> bool:
    """The file's first record has a label's own keys (``validate`` reads it as labels, not as a corpus)."""
    return file_kind(read_head(path)) is FileKind.LABELS


def read_labels(
    sources: Iterable[str | Path], on_error: Callable[[LabelError], None] | None = None
) -> tuple[Label, ...]:
    """Every label of every file, in order: the files as given, each line by line."""
    return tuple(label for source in sources for label in iter_labels(source, on_error))


def latest_labels(labels: Iterable[Label]) -> tuple[tuple[Label, ...], int]:
    """One label per statement and labeller, the last made (a tie: the later given), in the order
    first given; and how many were replaced. Two people's labels on one statement both stay."""
    kept: dict[tuple[LabelKey, str], Label] = {}
    replaced = 0
    for label in labels:
        slot = (label.key, label.labeller)
        before = kept.get(slot)
        if before is not None:
            replaced += 1
            if before.labelled_at > label.labelled_at:
                continue
        kept[slot] = label  # a dict keeps the place of its first insertion
    return tuple(kept.values()), replaced


def check_labels(labels: Iterable[Label], cases: Iterable[Case]) -> LabelSet:
    """``labels`` set against the corpus ``cases``: the latest per statement and person
    (``latest_labels``), split into those given against the texts the corpus holds today
    and the stale ones, each with why. One pass over ``cases``; only the cases some label
    names are looked at (a corpus of millions costs a read, not its texts held)."""
    latest, replaced = latest_labels(labels)
    named = {label.case_id for label in latest}
    targets: dict[str, dict[str | None, ArmTexts]] = {}
    for case in cases:
        if case.id in named:
            targets[case.id] = {target.arm: target for target in label_targets(case)}
    current: list[Label] = []
    stale: list[StaleLabel] = []
    for label in latest:
        why = stale_because(label, targets.get(label.case_id))
        if why is None:
            current.append(label)
        else:
            stale.append(StaleLabel(label, why))
    return LabelSet(tuple(current), tuple(stale), replaced)


def stale_because(label: Label, arms: dict[str | None, ArmTexts] | None) -> str | None:
    """Why ``label`` no longer applies to its case (whose arms are ``arms``; None: no such case), or None."""
    if arms is None:
        return f"no case {label.case_id!r} in the corpus"
    target = arms.get(label.arm)
    arm = "its shared texts" if label.arm is None else f"arm {label.arm!r}"
    if target is None:
        return f"case {label.case_id!r} has no text of {arm} (not recorded, or its call failed)"
    if label.statement >= len(target.statements):
        count = len(target.statements)
        return f"{arm} of case {label.case_id!r} has {count} statement(s): no statement {label.statement}"
    if label.text_hash != target.text_hash:
        return f"case {label.case_id!r} was graded again: {arm}'s statements or grader text changed since the label"
    return None
