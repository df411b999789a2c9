"""``faithcompat validate`` (a corpus checked as every command reads it) and
``faithcompat schema`` (the JSON Schemas)."""

from __future__ import annotations

import sys

import click

from compat._errors import CaseError, LabelError
from compat.cases import iter_cases
from compat.cli._common import EXIT_UNUSABLE, domain_errors, max_case_bytes_option
from compat.labels import is_labels_file, read_labels
from compat.report import SCHEMAS, schema_text
from compat.rollout import league_schema


@click.command()
@click.argument("files", nargs=-1, required=True)
@max_case_bytes_option
@domain_errors
def validate(files: tuple[str, ...], max_case_bytes: int) -> None:
    """Check corpus FILES, and labels files, against their schemas: every problem as FILE:LINE, then a count.

    Exit 0 when every case and label is valid, 2 when any is not. Reads exactly as score, diff and
    gate read (unknown fields, wrong types, repeated ids, invalid UTF-8, oversize lines); a file
    whose first line is a label is read as labels (as `label --labels` reads it).
    """
    label_files = [name for name in files if name != "-" and is_labels_file(name)]
    corpus_files = [name for name in files if name not in label_files]
    problems: list[CaseError | LabelError] = []
    said = []
    if corpus_files:
        valid = sum(1 for _ in iter_cases(corpus_files, on_error=problems.append, max_case_bytes=max_case_bytes))
        said.append(f"{valid} valid case(s)")
    if label_files:
        said.append(f"{len(read_labels(label_files, on_error=problems.append))} valid label(s)")
    for problem in problems:
        click.echo(f"faithcompat: {problem}", err=True)
    if problems:
        click.echo(f"{', '.join(said)}, {len(problems)} invalid", err=True)
        sys.exit(EXIT_UNUSABLE)
    click.echo(", ".join(said))


@click.command()
@click.argument("name", type=click.Choice(sorted([*SCHEMAS, "league"])), default="case")
@domain_errors
def schema(name: str) -> None:
    """Print a JSON Schema: of a case (validate your own corpus), a label, report.json or league.json."""
    click.echo(schema_text(league_schema() if name == "league" else SCHEMAS[name]()), nl=False)
