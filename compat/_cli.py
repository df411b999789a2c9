"""The ``faithcompat`` command line: arguments in, core calls, exit codes out.

Exit codes: 0 ok, 1 a gate or decision failed, 2 unusable input (bad arguments,
malformed cases, missing files). Nothing below this module prints or exits.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from compat._atomic import atomic_writer
from compat._corpus import DEFAULT_MAX_CASE_BYTES, bundled_corpus, iter_cases
from compat._errors import CaseError, FaithcompatError
from compat._models import MismatchPolicy
from compat._registry import get_scorer, scorer_names, scorer_options
from compat._render import json_line, score_record, table_header, table_row
from compat._schema import SCHEMAS, schema_text

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2

F = TypeVar("F", bound=Callable[..., Any])


def _domain_errors(command: F) -> F:
    """Map faithcompat's errors to a one-line message and exit code 2: no tracebacks."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except FaithcompatError as error:
            click.echo(f"faithcompat: error: {error}", err=True)
            sys.exit(EXIT_UNUSABLE)
        except BrokenPipeError:
            # The reader left (`| head`): not an error. Point stdout at /dev/null so the
            # interpreter's final flush does not raise again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_OK)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="faithcompat")
def main() -> None:
    """Compare the legacy faithfulness scorer with the fixed one, case by case."""


@main.command()
@click.option(
    "--scorer",
    "scorer_name",
    type=click.Choice(scorer_names()),
    default="ragas",
    show_default=True,
    help="Which scorer to run.",
)
@click.option(
    "--policy",
    type=click.Choice([policy.value for policy in MismatchPolicy]),
    help="Mismatch policy of the ragas scorer [default: unsupported].",
)
@click.option("--format", "output_format", type=click.Choice(["jsonl", "table"]), default="jsonl", show_default=True)
@click.option("--skip-invalid", is_flag=True, help="Score the valid cases; report invalid ones on stderr.")
@click.option(
    "--max-case-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_CASE_BYTES,
    show_default=True,
    help="Refuse a case line longer than this.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file (atomically) instead of stdout.",
)
@click.argument("files", nargs=-1)
@_domain_errors
def score(
    scorer_name: str,
    policy: str | None,
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
    options: dict[str, Any] = {}
    if policy is not None:
        if "policy" not in scorer_options(scorer_name):
            raise click.UsageError(f"--policy applies to the ragas scorer, not {scorer_name!r}")
        options["policy"] = policy
    scorer = get_scorer(scorer_name, **options)
    skipped: list[CaseError] = []
    sources = list(files) or bundled_corpus()
    cases = iter_cases(sources, on_error=skipped.append if skip_invalid else None, max_case_bytes=max_case_bytes)

    def write_all(sink: TextIO) -> None:
        if output_format == "table":
            sink.write(table_header())
        for loaded in cases:
            result = scorer.score(loaded.case)
            if output_format == "table":
                sink.write(table_row(loaded.case.id, result))
            else:
                sink.write(json_line(score_record(loaded.case.id, result)))

    if output is None:
        write_all(sys.stdout)
    else:
        with atomic_writer(output) as handle:
            write_all(handle)
    for error in skipped:
        click.echo(f"faithcompat: skipped: {error}", err=True)
    if skipped:
        click.echo(f"faithcompat: skipped {len(skipped)} invalid case(s)", err=True)


@main.command()
@click.argument("name", type=click.Choice(sorted(SCHEMAS)), default="case")
def schema(name: str) -> None:
    """Print the JSON Schema of a case (validate your own corpus with it)."""
    click.echo(schema_text(SCHEMAS[name]()), nl=False)


def run() -> None:
    main()
