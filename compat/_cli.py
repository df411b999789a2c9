"""The ``faithcompat`` command line: arguments in, core calls, exit codes out.

Exit codes: 0 ok, 1 a gate or decision failed, 2 unusable input (bad arguments,
malformed cases, missing files). Nothing below this module prints or exits.
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from compat._aggregate import parse_case_line
from compat._atomic import atomic_writer
from compat._compare import DEFAULT_TOLERANCE, Outcome
from compat._corpus import DEFAULT_MAX_CASE_BYTES, bundled_corpus, iter_cases
from compat._diff import Compared, DiffSettings, run_diff
from compat._errors import CaseError, FaithcompatError
from compat._html import render_html
from compat._models import MismatchPolicy
from compat._registry import get_scorer, scorer_names, scorer_options
from compat._render import json_line, score_record, table_header, table_row
from compat._report import CaseLine
from compat._report_files import REPORT_FILES, report_json, writing_report
from compat._report_text import render_markdown, render_terminal
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
@click.argument("corpus", nargs=-1)
@click.option("--control", default="legacy", show_default=True, type=click.Choice(scorer_names()))
@click.option("--candidate", default="ragas", show_default=True, type=click.Choice(scorer_names()))
@click.option(
    "--policy",
    type=click.Choice([policy.value for policy in MismatchPolicy]),
    help="Mismatch policy of the candidate, if it takes one [default: unsupported].",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("faithcompat-report"),
    show_default=True,
    help="Directory for report.json, report.md, report.html and cases.jsonl.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="What to print on stdout.",
)
@click.option("--tolerance", type=click.FloatRange(min=0), default=DEFAULT_TOLERANCE, show_default=True)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Scoring processes.")
@click.option("--skip-invalid", is_flag=True, help="Compare the valid cases; report invalid ones on stderr.")
@click.option("--max-case-bytes", type=click.IntRange(min=1), default=DEFAULT_MAX_CASE_BYTES, show_default=True)
@click.option(
    "--html-cases",
    type=click.IntRange(min=0),
    default=5000,
    show_default=True,
    help="Differing cases listed in report.html (all of them are in cases.jsonl).",
)
@click.option("--strict", is_flag=True, help="Exit 1 when a drift is unexplained or an expected outcome fails.")
@_domain_errors
def diff(
    corpus: tuple[str, ...],
    control: str,
    candidate: str,
    policy: str | None,
    out: Path,
    output_format: str,
    tolerance: float,
    jobs: int,
    skip_invalid: bool,
    max_case_bytes: int,
    html_cases: int,
    strict: bool,
) -> None:
    """Score CORPUS with both scorers and explain every difference.

    CORPUS files are JSONL or JSON arrays of cases, or shadow logs; "-" reads stdin.
    With no CORPUS, the bundled corpus is compared.
    """
    options: dict[str, Any] = {}
    if policy is not None:
        if "policy" not in scorer_options(candidate):
            raise click.UsageError(f"--policy applies to the candidate ragas scorer, not {candidate!r}")
        options["policy"] = policy
    sources: list[str | Path] = list(corpus) or list(bundled_corpus())
    names = list(corpus) or [f"bundled:{Path(p).name}" for p in sources]
    settings = DiffSettings(control, candidate, options, tolerance, max_case_bytes, jobs)
    skipped: list[CaseError] = []
    progress = _Progress(enabled=sys.stderr.isatty() and not os.environ.get("CI"))
    listed: list[CaseLine] = []
    unlisted = 0
    with writing_report(out) as directory:

        def keep(compared: Compared) -> None:
            nonlocal unlisted
            directory.cases.write(compared.line)
            if compared.tally.outcome != Outcome.MATCH.value:
                if len(listed) < html_cases:
                    listed.append(parse_case_line(compared.line))
                else:
                    unlisted += 1
            progress.tick()

        report = run_diff(
            sources,
            settings,
            on_comparison=keep,
            on_error=skipped.append if skip_invalid else None,
            source_names=names,
        )
        progress.done()
        directory.write("report.json", report_json(report))
        directory.write("report.md", render_markdown(report))
        directory.write("report.html", render_html(report, listed, cases_truncated=unlisted))
    for error in skipped:
        click.echo(f"faithcompat: skipped: {error}", err=True)
    if skipped:
        click.echo(f"faithcompat: skipped {len(skipped)} invalid case(s)", err=True)
    if output_format == "json":
        click.echo(report_json(report), nl=False)
    elif output_format == "markdown":
        click.echo(render_markdown(report), nl=False)
    else:
        click.echo(render_terminal(report, color=sys.stdout.isatty() and not os.environ.get("NO_COLOR")), nl=False)
        click.echo(f"reports written to {out}/ ({', '.join(REPORT_FILES)})", err=True)
    if strict and (report.unexplained or report.expectations.failed):
        sys.exit(EXIT_FAILED)


class _Progress:
    """Cases done and cases/s on stderr, redrawn at most five times a second (TTY only)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.count = 0
        self.start = time.monotonic()
        self.drawn = self.start

    def tick(self) -> None:
        self.count += 1
        if self.enabled and self.count % 256 == 0:
            now = time.monotonic()
            if now - self.drawn >= 0.2:
                self.drawn = now
                rate = self.count / max(now - self.start, 1e-9)
                click.echo(f"\r{self.count:,} cases  {rate:,.0f} cases/s", err=True, nl=False)

    def done(self) -> None:
        if self.enabled and self.count >= 256:
            click.echo("\r" + " " * 40 + "\r", err=True, nl=False)


@main.command()
@click.argument("name", type=click.Choice(sorted(SCHEMAS)), default="case")
def schema(name: str) -> None:
    """Print a JSON Schema: of a case (validate your own corpus) or of report.json."""
    click.echo(schema_text(SCHEMAS[name]()), nl=False)


def run() -> None:
    main()
