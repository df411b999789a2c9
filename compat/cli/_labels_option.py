"""``--labels FILE`` on diff, compare and rollout: people's labels read, set against the corpus and the scorers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from compat.cases import iter_cases
from compat.cli._common import expand_patterns
from compat.diff import AgainstPeople, CaseComparer, DriftReport
from compat.labels import Label, ReaderRole, people_section, read_labels

F = TypeVar("F", bound=Callable[..., Any])


def labels_option(what: str) -> Callable[[F], F]:
    """The repeatable ``--labels FILE`` option (a pattern matches files), into ``label_files``."""
    return click.option(
        "--labels",
        "label_files",
        multiple=True,
        metavar="FILE",
        help=f"A labels file (label.html's labels.jsonl; repeat, or a pattern): {what}. Stale labels never count.",
    )


def given_labels(label_files: tuple[str, ...], corpus: tuple[str, ...]) -> tuple[tuple[Label, ...], list[str]]:
    """The labels of ``label_files`` and the files, read before the corpus so a bad line fails fast."""
    if not label_files:
        return (), []
    if "-" in corpus:
        raise click.UsageError("--labels reads the corpus a second time: give it as a file, not on stdin")
    files = expand_patterns(label_files)
    return read_labels(files), files


def people_of(
    labels: Sequence[Label],
    files: Sequence[str],
    sources: Sequence[str | Path],
    comparer: CaseComparer,
    *,
    max_case_bytes: int,
    skip_invalid: bool = False,
    report: DriftReport | None = None,
    league: Sequence[ReaderRole] = (),
) -> AgainstPeople:
    """The section "against people" over ``sources`` (an invalid case skipped where the run skipped it)."""
    on_error = (lambda _error: None) if skip_invalid else None  # the run has reported it already
    cases = (loaded.case for loaded in iter_cases(sources, on_error=on_error, max_case_bytes=max_case_bytes))
    return people_section(labels, cases, comparer, files=files, league=league, report=report)
