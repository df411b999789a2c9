"""``faithcompat score``: one scorer's reading of each case."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

import click

from compat._atomic import atomic_writer
from compat._errors import CaseError
from compat._text import json_line
from compat.cases import ArmName, bundled_corpus, iter_cases
from compat.cli._common import (
    arm_name,
    domain_errors,
    max_case_bytes_option,
    mismatch_policy_option,
    output_file_option,
    policy_options,
    report_skipped,
    vocabulary_option,
    vocabulary_words,
)
from compat.diff import score_arm
from compat.report import score_record, table_header, table_row
from compat.scoring import get_scorer, scorer_names


@click.command()
@click.option(
    "--scorer",
    "scorer_name",
    type=click.Choice(scorer_names()),
    default="ragas",
    show_default=True,
    help="Which scorer to run.",
)
@mismatch_policy_option("Mismatch policy of the ragas scorer [default: unsupported].")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["jsonl", "table"]),
    default="jsonl",
    show_default=True,
    help="One JSON line per case, or a table for people.",
)
@click.option(
    "--arm",
    callback=arm_name,
    metavar="auto|NAME",
    help="Which recording of a graded case (faithcompat grade) to read: an arm's name (legacy, ragas, or one "
    "declared with grade --arm), or auto: legacy for the legacy scorer, ragas for every other [default: auto]; "
    "cases without recordings are read as they are.",
)
@vocabulary_option
@click.option("--skip-invalid", is_flag=True, help="Score the valid cases; report invalid ones on stderr.")
@max_case_bytes_option
@output_file_option("Write to this file (atomically) instead of stdout.")
@click.argument("files", nargs=-1)
@domain_errors
def score(
    scorer_name: str,
    mismatch_policy: str | None,
    arm: ArmName | None,
    vocabulary_path: Path | None,
    output_format: str,
    skip_invalid: bool,
    max_case_bytes: int,
    output: Path | None,
    files: tuple[str, ...],
) -> None:
    """Score cases with one scorer; one JSON line per case.

    FILES are JSONL (one case per line) or JSON-array files; "-" reads stdin. With
    no FILES, the bundled corpus is scored.
    """
    scorer = get_scorer(scorer_name, **policy_options(scorer_name, mismatch_policy, vocabulary_words(vocabulary_path)))
    default_arm = "legacy" if scorer_name == "legacy" else "ragas"
    read_arm: ArmName = default_arm if arm in (None, "auto") else arm  # auto: as diff's --arm, the default
    skipped: list[CaseError] = []
    sources = list(files) or bundled_corpus()
    cases = iter_cases(sources, on_error=skipped.append if skip_invalid else None, max_case_bytes=max_case_bytes)

    def write_all(sink: TextIO) -> None:
        if output_format == "table":
            sink.write(table_header())
        for loaded in cases:
            result = score_arm(scorer, loaded.case, read_arm)
            if output_format == "table":
                sink.write(table_row(loaded.case.id, result))
            else:
                sink.write(json_line(score_record(loaded.case.id, result)))

    if output is None:
        write_all(sys.stdout)
    else:
        with atomic_writer(output) as handle:
            write_all(handle)
    report_skipped(skipped)
