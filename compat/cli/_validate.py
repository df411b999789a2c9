"""``faithcompat validate`` (a corpus checked as every command reads it) and
``faithcompat schema`` (the JSON Schemas)."""

from __future__ import annotations

import sys

import click

from compat._errors import CaseError
from compat.cases import iter_cases
from compat.cli._common import EXIT_UNUSABLE, domain_errors, max_case_bytes_option
from compat.report import SCHEMAS, schema_text
from compat.rollout import league_schema


@click.command()
@click.argument("files", nargs=-1, required=True)
@max_case_bytes_option
@domain_errors
def validate(files: tuple[str, ...], max_case_bytes: int) -> None:
    """Check corpus FILES against the case schema: every problem as FILE:LINE, then a count.

    Exit 0 when every case is valid, 2 when any is not. Reads exactly as score, diff and
    gate read (unknown fields, wrong types, repeated ids, invalid UTF-8, oversize lines).
    """
    problems: list[CaseError] = []
    valid = sum(1 for _ in iter_cases(files, on_error=problems.append, max_case_bytes=max_case_bytes))
    for problem in problems:
        click.echo(f"faithcompat: {problem}", err=True)
    if problems:
        click.echo(f"{valid} valid case(s), {len(problems)} invalid", err=True)
        sys.exit(EXIT_UNUSABLE)
    click.echo(f"{valid} valid case(s)")


@click.command()
@click.argument("name", type=click.Choice(sorted([*SCHEMAS, "league"])), default="case")
@domain_errors
def schema(name: str) -> None:
    """Print a JSON Schema: of a case (validate your own corpus), of report.json or of league.json."""
    click.echo(schema_text(league_schema() if name == "league" else SCHEMAS[name]()), nl=False)
