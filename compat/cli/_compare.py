"""``faithcompat compare``: every candidate scorer ranked against the control (the league)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compat._atomic import atomic_writer
from compat._errors import CaseError
from compat.cli._common import (
    arm_option,
    chosen_arm,
    corpus_sources,
    domain_errors,
    max_case_bytes_option,
    output_file_option,
    report_format_option,
    report_skipped,
    rollout_policy_option,
    scorer_option,
    tolerance_option,
    vocabulary_option,
    vocabulary_words,
)
from compat.cli._labels_option import given_labels, labels_option
from compat.rollout import build_league, league_json, load_policy, render_league
from compat.scoring import league_candidates, scorer_names


def _candidate_list(_context: click.Context, _parameter: click.Parameter, value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = tuple(dict.fromkeys(name.strip() for name in value.split(",") if name.strip()))
    unknown = [name for name in names if name not in scorer_names()]
    if unknown or not names:
        known = ", ".join(scorer_names())
        raise click.BadParameter(
            f"unknown scorer {', '.join(map(repr, unknown))}; registered: {known}"
            if unknown
            else f"name at least one scorer; registered: {known}"
        )
    return names


@click.command()
@click.argument("corpus", nargs=-1)
@scorer_option("--control", "legacy", "The scorer every candidate is compared with.")
@click.option(
    "--candidates",
    callback=_candidate_list,
    metavar="A,B,...",
    help="The scorers to rank, comma-separated [default: every registered scorer but the control and those "
    "that read a verifier's checks: " + ", ".join(league_candidates("")) + "; the peers' metrics, deepeval-4.3.1, "
    "read their own arm (grade --arms deepeval)].",
)
@arm_option
@report_format_option("What to print (or write with -o).")
@output_file_option("Write here, atomically, instead of stdout.")
@tolerance_option
@click.option("--skip-invalid", is_flag=True, help="Rank over the valid cases; report invalid ones on stderr.")
@max_case_bytes_option
@rollout_policy_option("The rollout policy each candidate is decided by")
@vocabulary_option
@labels_option("every scorer's reading set against people's (a section after the table); each decision uses them")
@domain_errors
def compare(
    corpus: tuple[str, ...],
    control: str,
    candidates: tuple[str, ...] | None,
    arm: str,
    control_arm: str,
    output_format: str,
    output: Path | None,
    tolerance: float,
    skip_invalid: bool,
    max_case_bytes: int,
    rollout_policy: Path | None,
    vocabulary_path: Path | None,
    label_files: tuple[str, ...],
) -> None:
    """Rank candidate scorers against the control on CORPUS: the league table.

    Per candidate: agreement with the control, flips each way, undetermined, errors,
    scores outside [0, 1], invented scores, refusals passed, golden outcomes met, the
    rollout decision, and one line on why it is or is not safe to ship. On cases graded
    both ways, each candidate reads the arm its contract reads (--arm). Exit 0 when at
    least one candidate is safe to ship, 1 when none is, 2 when nothing can be decided on
    any (the control scored no case) or on unusable input. With no CORPUS, the bundled corpus.
    """
    labels, label_names = given_labels(label_files, corpus)
    sources, names = corpus_sources(corpus)
    skipped: list[CaseError] = []
    ranked = league_candidates(control) if candidates is None else list(candidates)
    table = build_league(
        sources,
        control=control,
        candidates=ranked,
        policy=load_policy(rollout_policy).rollout,
        tolerance=tolerance,
        max_case_bytes=max_case_bytes,
        on_error=skipped.append if skip_invalid else None,
        source_names=names,
        vocabulary=vocabulary_words(vocabulary_path),
        arm=chosen_arm(arm),
        control_arm=control_arm,
        labels=labels if label_files else None,
        label_files=label_names,
    )
    report_skipped(skipped)
    text = league_json(table) if output_format == "json" else render_league(table, markdown=output_format == "markdown")
    if output is None:
        click.echo(text, nl=False)
    else:
        with atomic_writer(output) as handle:
            handle.write(text)
    sys.exit(table.exit_code)
