"""The ``faithcompat`` command line: arguments in, core calls, exit codes out.

Exit codes: 0 ok, 1 a gate or decision failed, 2 unusable input (bad arguments,
malformed cases, missing files). Nothing below this module prints or exits.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import json
import math
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from compat._atomic import atomic_writer
from compat._errors import CaseError, CorpusError, FaithcompatError
from compat._text import json_line
from compat.cases import DEFAULT_MAX_CASE_BYTES, ArmName, bundled_corpus, corpus_bytes, iter_cases
from compat.diff import (
    DEFAULT_TOLERANCE,
    MAX_JOBS,
    ComparedBatch,
    DaskSettings,
    DiffSettings,
    bundled_baseline,
    load_report,
    run_diff,
    run_diff_dask,
    score_arm,
)
from compat.grading import (
    DEFAULT_CACHE,
    GradeProgress,
    GraderSettings,
    GradeSettings,
    OpenAIGrader,
    ReplyCache,
    bundled_dataset,
    grade,
    iter_rows,
    load_prompts,
    plan,
    prompts_toml,
)
from compat.report import (
    CASES_PARTS,
    HTML_BYTES,
    HTML_CASES,
    LEAGUE_FILES,
    SCHEMAS,
    HeldCases,
    render_html_parts,
    render_markdown,
    render_terminal,
    report_files,
    report_json,
    schema_text,
    score_record,
    table_header,
    table_row,
    writing_report,
)
from compat.rollout import (
    build_league,
    decide,
    decision_dict,
    decision_panel,
    default_policy_toml,
    is_passed_refusal,
    league_json,
    league_schema,
    league_section,
    load_policy,
    parse_stage,
    passed_refusals,
    render_decision,
    render_league,
)
from compat.scoring import MismatchPolicy, Vocabulary, get_scorer, load_vocabulary, scorer_names, scorer_options

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
            # The reader left (`| head`): not an error.
            _silence_stdout()
            sys.exit(EXIT_OK)
        except OSError as error:  # a full disk, an output that vanished: say so, no traceback
            # Files are named by OutputError and CorpusError; what is left unnamed is stdout.
            where = f"{error.filename}: " if error.filename else "standard output: "
            click.echo(f"faithcompat: error: {where}{error.strerror or error}", err=True)
            try:
                sys.stdout.flush()
            except OSError:
                _silence_stdout()
            sys.exit(EXIT_UNUSABLE)

    return wrapper  # type: ignore[return-value]


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's final flush cannot raise again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _output_path(_context: click.Context, _parameter: click.Parameter, value: str | None) -> Path | None:
    if value is None:
        return None
    if not value:  # Path("") would be "." and fail later as a directory, which says nothing useful
        raise click.BadParameter("the file name is empty")
    return Path(value)


def _finite(_context: click.Context, _parameter: click.Parameter, value: float) -> float:
    if math.isnan(value) or math.isinf(value):
        raise click.BadParameter(f"{value} is not a finite number")
    return value


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform has one), at most MAX_JOBS."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_JOBS))


def _jobs_option(what: str) -> Callable[[F], F]:
    return click.option(
        "--jobs",
        type=click.IntRange(1, MAX_JOBS),
        default=available_cores,
        show_default=f"cores available, here {available_cores()}",
        help=f"{what} (at most {MAX_JOBS}); the report is the same whatever the number.",
    )


_tolerance_option = click.option(
    "--tolerance",
    type=click.FloatRange(min=0),
    default=DEFAULT_TOLERANCE,
    show_default=True,
    callback=_finite,
    help="Scores this close count as a match.",
)

_max_case_bytes_option = click.option(
    "--max-case-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_CASE_BYTES,
    show_default=True,
    help="Refuse a case line longer than this.",
)

_policy_file_option = click.option(
    "--policy",
    "policy_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Policy TOML (see `faithcompat policy`).",
)


_vocabulary_option = click.option(
    "--vocabulary",
    "vocabulary_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="TOML of verdict words your grader uses ([vocabulary] yes, no, none lists), added to the built-in "
    "ones for the scorers that read them (ragas).",
)


def _vocabulary(path: Path | None) -> Vocabulary | None:
    """The words of ``--vocabulary``; ``None`` without one, or for a file that adds none."""
    return (load_vocabulary(path) or None) if path is not None else None


def _policy_options(scorer_name: str, policy: str | None, vocabulary: Vocabulary | None = None) -> dict[str, Any]:
    """The scorer options for ``--policy`` and ``--vocabulary``; a usage error for a scorer that takes neither."""
    options: dict[str, Any] = {}
    if policy is not None:
        if "policy" not in scorer_options(scorer_name):
            raise click.UsageError(f"--policy applies to the ragas scorer, not {scorer_name!r}")
        options["policy"] = policy
    if vocabulary is not None:
        if "vocabulary" not in scorer_options(scorer_name):
            raise click.UsageError(f"--vocabulary applies to the ragas scorer, not {scorer_name!r}")
        options["vocabulary"] = vocabulary
    return options


def _report_skipped(skipped: list[CaseError]) -> None:
    """Every case --skip-invalid passed over, and their count, on stderr."""
    for error in skipped:
        click.echo(f"faithcompat: skipped: {error}", err=True)
    if skipped:
        click.echo(f"faithcompat: skipped {len(skipped)} invalid case(s)", err=True)


def _corpus_sources(corpus: tuple[str, ...]) -> tuple[list[str | Path], list[str]]:
    """The files to read and how reports name them; the bundled corpus when none are given.

    A pattern (``logs/2026-*.jsonl.gz``) names the files it matches, sorted; a file whose
    own name looks like a pattern is read as itself.
    """
    if corpus:
        files: list[str] = []
        for name in corpus:
            if glob.has_magic(name) and not Path(name).exists():
                matches = sorted(glob.glob(name, recursive=True))
                if not matches:
                    raise CorpusError(f"{name}: no file matches this pattern")
                files += matches
            else:
                files.append(name)
        return list(files), files
    bundled = bundled_corpus()
    return list(bundled), [f"bundled:{path.name}" for path in bundled]


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
    type=click.Choice(["legacy", "ragas"]),
    help="Which recording of a graded case (faithcompat grade) to read [default: legacy for the "
    "legacy scorer, ragas for every other, as diff reads them]; cases without recordings are read as they are.",
)
@_vocabulary_option
@click.option("--skip-invalid", is_flag=True, help="Score the valid cases; report invalid ones on stderr.")
@_max_case_bytes_option
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    callback=_output_path,
    help="Write to this file (atomically) instead of stdout.",
)
@click.argument("files", nargs=-1)
@_domain_errors
def score(
    scorer_name: str,
    policy: str | None,
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
    scorer = get_scorer(scorer_name, **_policy_options(scorer_name, policy, _vocabulary(vocabulary_path)))
    read_arm: ArmName = arm or ("legacy" if scorer_name == "legacy" else "ragas")
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
    _report_skipped(skipped)


@main.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--control",
    default="legacy",
    show_default=True,
    type=click.Choice(scorer_names()),
    help="The scorer in production today (the control arm).",
)
@click.option(
    "--candidate",
    default="ragas",
    show_default=True,
    type=click.Choice(scorer_names()),
    help="The scorer to switch to (the candidate arm).",
)
@click.option(
    "--policy",
    type=click.Choice([policy.value for policy in MismatchPolicy]),
    help="Mismatch policy of the candidate, if it takes one [default: unsupported].",
)
@_vocabulary_option
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("faithcompat-report"),
    show_default=True,
    help="Directory for report.json, report.md, report.html and cases.jsonl (cases/ with --cases-parts).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="What to print on stdout.",
)
@_tolerance_option
@_jobs_option("Scoring processes; with --engine dask, the workers of the LocalCluster it starts")
@click.option(
    "--engine",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Where cases are scored: processes on this machine, or a Dask cluster (pip install 'faithcompat[dask]').",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="The Dask scheduler, e.g. tcp://10.0.0.5:8786 [default: a LocalCluster of --jobs workers here].",
)
@click.option(
    "--cases-parts",
    is_flag=True,
    help="With --engine dask: keep the compared cases as the workers wrote them, one file per piece in "
    "OUT/cases/ (cat OUT/cases/part-*.jsonl is cases.jsonl), instead of joining them into cases.jsonl.",
)
@click.option("--skip-invalid", is_flag=True, help="Compare the valid cases; report invalid ones on stderr.")
@_max_case_bytes_option
@click.option(
    "--html-cases",
    type=click.IntRange(min=0),
    default=HTML_CASES,
    show_default=True,
    help="Cases report.html holds, differing ones first (cases.jsonl has all of them).",
)
@click.option(
    "--html-mb",
    type=click.IntRange(min=1),
    default=HTML_BYTES >> 20,
    show_default=True,
    help="At most this many MiB of case lines in report.html (its size, and the memory holding them takes).",
)
@click.option(
    "--detail/--no-detail",
    default=True,
    show_default=True,
    help="Keep each differing case's grader texts and verdicts as read in cases.jsonl (report.html opens them); "
    "--no-detail writes a quarter of the bytes on corpora where many cases differ.",
)
@click.option(
    "--stage",
    default="off",
    show_default=True,
    help="The flag's current stage, for report.html's GO/HOLD/NO-GO: off, shadow, live:N, complete.",
)
@click.option(
    "--rollout-policy",
    type=click.Path(dir_okay=False),
    help="The rollout policy (TOML) behind report.html's GO/HOLD/NO-GO [default: the built-in one].",
)
@click.option("--strict", is_flag=True, help="Exit 1 when a drift is unexplained or an expected outcome fails.")
@click.option(
    "--league",
    is_flag=True,
    help="Also rank every registered scorer against the control (default policy): league.json, league.md and "
    "a report.html section.",
)
@_domain_errors
def diff(
    corpus: tuple[str, ...],
    control: str,
    candidate: str,
    policy: str | None,
    vocabulary_path: Path | None,
    out: Path,
    output_format: str,
    tolerance: float,
    jobs: int,
    engine: str,
    scheduler: str | None,
    cases_parts: bool,
    skip_invalid: bool,
    max_case_bytes: int,
    html_cases: int,
    html_mb: int,
    detail: bool,
    stage: str,
    rollout_policy: str | None,
    strict: bool,
    league: bool,
) -> None:
    """Score CORPUS with both scorers and explain every difference.

    CORPUS files are JSONL or JSON arrays of cases, or shadow logs; "-" reads stdin.
    With no CORPUS, the bundled corpus is compared.
    """
    if scheduler is not None and engine != "dask":
        raise click.UsageError("--scheduler needs --engine dask")
    if cases_parts and engine != "dask":
        raise click.UsageError("--cases-parts needs --engine dask (the local engine writes cases.jsonl itself)")
    vocabulary = _vocabulary(vocabulary_path)
    options = _policy_options(candidate, policy, vocabulary)
    sources, names = _corpus_sources(corpus)
    settings = DiffSettings(control, candidate, options, tolerance, max_case_bytes, jobs, detail)
    skipped: list[CaseError] = []
    progress = _Progress(enabled=sys.stderr.isatty() and not os.environ.get("CI"))
    if progress.enabled:
        progress.total_bytes = corpus_bytes(sources)
    rollout = load_policy(rollout_policy).rollout  # read before the corpus: a bad policy fails fast
    try:
        current = parse_stage(stage, rollout)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--stage") from None
    held = HeldCases(html_cases, html_mb << 20)
    with writing_report(out, cases_parts=cases_parts) as directory:

        def keep(batch: ComparedBatch) -> None:
            if not cases_parts:  # otherwise the workers' parts are the cases, as they wrote them
                directory.add_cases(batch.lines)
            held.add(batch.lines, batch.outcomes)
            progress.advance(len(batch.lines))

        try:
            if engine == "dask":
                report = run_diff_dask(
                    [str(source) for source in sources],
                    replace(settings, jobs=1),
                    DaskSettings(scheduler=scheduler, workers=jobs),
                    on_comparisons=keep,
                    on_error=skipped.append if skip_invalid else None,
                    source_names=names,
                    on_start=_dashboard,
                    on_progress=progress.pieces if progress.enabled else None,
                    parts=directory.parts,
                    keep_parts=cases_parts,
                )
            else:
                report = run_diff(
                    sources,
                    settings,
                    on_comparisons=keep,
                    on_error=skipped.append if skip_invalid else None,
                    source_names=names,
                    on_read=progress.bytes_read if progress.enabled else None,
                )
        finally:
            progress.done()  # an error message must not be glued to the progress line
        sections = []
        if league:
            table = build_league(
                sources,
                control=control,
                candidates=[name for name in scorer_names() if name != control],
                policy=load_policy(None).rollout,
                tolerance=tolerance,
                max_case_bytes=max_case_bytes,
                on_error=(lambda _error: None) if skip_invalid else None,  # already reported by the diff
                source_names=names,
                vocabulary=vocabulary,
            )
            directory.write("league.json", league_json(table))
            directory.write("league.md", render_league(table, markdown=True))
            sections.append(league_section(table))
        directory.write("report.json", report_json(report))
        directory.write("report.md", render_markdown(report))
        panel = decision_panel(
            decide(report, rollout, current_stage=current, invariant_violations=None),
            f"policy {rollout_policy}" if rollout_policy else "the default policy",
        )
        listed = held.lines()
        page = render_html_parts(
            report, listed, cases_truncated=report.corpus.cases - len(listed), decision=panel, extra_sections=sections
        )
        directory.write("report.html", page)
    _report_skipped(skipped)
    if output_format == "json":
        click.echo(report_json(report), nl=False)
    elif output_format == "markdown":
        click.echo(render_markdown(report), nl=False)
    else:
        click.echo(render_terminal(report, color=sys.stdout.isatty() and not os.environ.get("NO_COLOR")), nl=False)
        written = [f"{name}/" if name == CASES_PARTS else name for name in report_files(cases_parts)]
        written += LEAGUE_FILES if league else ()
        click.echo(f"reports written to {out}/ ({', '.join(written)})", err=True)
    if strict and (report.unexplained or report.expectations.failed):
        sys.exit(EXIT_FAILED)


def _dashboard(link: str | None) -> None:
    if link:
        click.echo(f"faithcompat: Dask dashboard at {link}", err=True)


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


@main.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--control",
    default="legacy",
    show_default=True,
    type=click.Choice(scorer_names()),
    help="The scorer every candidate is compared with.",
)
@click.option(
    "--candidates",
    callback=_candidate_list,
    metavar="A,B,...",
    help="The scorers to rank, comma-separated [default: every registered scorer but the control].",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="What to print (or write with -o).",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), callback=_output_path, help="Write here, atomically.")
@_tolerance_option
@click.option("--skip-invalid", is_flag=True, help="Rank over the valid cases; report invalid ones on stderr.")
@_max_case_bytes_option
@_policy_file_option
@_vocabulary_option
@_domain_errors
def compare(
    corpus: tuple[str, ...],
    control: str,
    candidates: tuple[str, ...] | None,
    output_format: str,
    output: Path | None,
    tolerance: float,
    skip_invalid: bool,
    max_case_bytes: int,
    policy_path: Path | None,
    vocabulary_path: Path | None,
) -> None:
    """Rank candidate scorers against the control on CORPUS: the league table.

    Per candidate: agreement with the control, flips each way, undetermined, errors,
    scores outside [0, 1], invented scores, refusals passed, golden outcomes met, the
    rollout decision, and one line on why it is or is not safe to ship. Exit 0 when at
    least one candidate is safe to ship, 1 when none is. With no CORPUS, the bundled corpus.
    """
    sources, names = _corpus_sources(corpus)
    skipped: list[CaseError] = []
    table = build_league(
        sources,
        control=control,
        candidates=[name for name in scorer_names() if name != control] if candidates is None else list(candidates),
        policy=load_policy(policy_path).rollout,
        tolerance=tolerance,
        max_case_bytes=max_case_bytes,
        on_error=skipped.append if skip_invalid else None,
        source_names=names,
        vocabulary=_vocabulary(vocabulary_path),
    )
    _report_skipped(skipped)
    markdown = output_format == "markdown"
    text = league_json(table) if output_format == "json" else render_league(table, markdown=markdown)
    if output is None:
        click.echo(text, nl=False)
    else:
        with atomic_writer(output) as handle:
            handle.write(text)
    sys.exit(table.exit_code)


def _duration(seconds: float) -> str:
    """A time left as a person reads it: "8 s", "3 min 05 s", "2 h 07 min"."""
    whole = max(round(seconds), 0)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600:,} h {whole % 3600 // 60:02d} min"


def _size(size: int) -> str:
    value = float(size)
    for unit in ("B", "kB", "MB", "GB"):
        if value < 1000:
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1000
    return f"{value:,.1f} TB"


def time_left(elapsed: float, done: float, total: float) -> str:
    """The time left at the pace so far ("about 3 min 05 s left"); "" before there is a pace."""
    if done <= 0 or total <= 0:
        return ""
    return f"about {_duration(elapsed * max(total - done, 0) / done)} left"


def progress_line(cases: int, elapsed: float, read: int | None = None, total: int | None = None) -> str:
    """The diff's progress: cases and cases/s; with the corpus's size known, the share of
    it read and the time left at the pace so far."""
    line = f"{cases:,} cases  {cases / max(elapsed, 1e-9):,.0f} cases/s"
    if total and read is not None:
        line += f"  {min(read / total, 1.0):.0%} of {_size(total)}"
        left = time_left(elapsed, read, total)
        if left:
            line += f"  {left}"
    return line


def pieces_line(done: int, total: int, workers: int, elapsed: float, cases: int = 0) -> str:
    """The Dask engine's progress: cases compared and cases/s, pieces done of all, workers,
    time so far and time left."""
    rate = cases / max(elapsed, 1e-9)
    line = f"{cases:,} cases  {rate:,.0f} cases/s  {done:,}/{total:,} pieces  {workers} workers  {_duration(elapsed)}"
    left = time_left(elapsed, done, total)
    return f"{line}  {left}" if left else line


class _Progress:
    """Cases, cases/s and, when the corpus's size is known, how much is read and the time
    left, on stderr; redrawn at most five times a second (TTY only)."""

    def __init__(self, enabled: bool, total_bytes: int | None = None) -> None:
        self.enabled = enabled
        self.total_bytes = total_bytes
        self.read: int | None = None
        self.count = 0
        self.start = time.monotonic()
        self.drawn = self.start
        self.width = 0  # of the widest line drawn: a shorter one, and the wipe, cover it

    def bytes_read(self, read: int) -> None:
        self.read = read

    def advance(self, cases: int) -> None:
        self.count += cases
        if self.enabled:
            now = time.monotonic()
            if now - self.drawn >= 0.2:
                self.drawn = now
                self._draw(progress_line(self.count, now - self.start, self.read, self.total_bytes))

    def pieces(self, done: int, total: int, workers: int, cases: int) -> None:
        """The Dask engine's pieces as they finish (out of order), with the cases they compared."""
        if self.enabled:
            self._draw(pieces_line(done, total, workers, time.monotonic() - self.start, cases))

    def _draw(self, line: str) -> None:
        click.echo("\r" + line.ljust(self.width), err=True, nl=False)
        self.width = max(self.width, len(line))

    def done(self) -> None:
        if self.width:  # wipe the line, so the report starts on a clean one
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)


def _price(_context: click.Context, _parameter: click.Parameter, value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        prices = tuple(float(part) for part in value.split(","))
    except ValueError:
        prices = ()
    if len(prices) != 2 or not all(math.isfinite(price) and price >= 0 for price in prices):
        raise click.BadParameter("give IN,OUT: the prices of a million input and output tokens, e.g. 0.15,0.60")
    return prices[0], prices[1]


@main.command("grade")
@click.argument("datasets", nargs=-1)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default="corpus.jsonl",
    show_default=True,
    callback=_output_path,
    help="The corpus to write (atomically): one case per row, both arms' grader outputs.",
)
@click.option("--base-url", help="An OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 [default: OpenAI].")
@click.option("--model", required=True, help="The grader model.")
@click.option(
    "--api-key-env",
    default="OPENAI_API_KEY",
    show_default=True,
    help="The environment variable holding the API key (the key itself is never written anywhere).",
)
@click.option(
    "--arms",
    type=click.Choice(["both", "legacy", "ragas"]),
    default="both",
    show_default=True,
    help="Which prompt sets to grade with: the legacy text prompts, the RAGAS JSON prompts, or both.",
)
@click.option("--prompts", "prompts_path", type=click.Path(dir_okay=False), help="Prompt templates (TOML).")
@click.option("--samples", type=click.IntRange(1, 100), default=1, show_default=True, help="Gradings per case and arm.")
@click.option(
    "--max-retries",
    type=click.IntRange(0, 10),
    default=1,
    show_default=True,
    help="Re-asks of a ragas-arm output that is not its JSON.",
)
@click.option("--strict-json/--no-strict-json", default=False, show_default=True, help="Ask for JSON output (ragas).")
@click.option(
    "--temperature",
    type=click.FloatRange(0, 2),
    default=0.0,
    show_default=True,
    help="The grader's sampling temperature.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of sample 0; sample k sends seed + k.")
@click.option(
    "--concurrency", type=click.IntRange(1, 1024), default=8, show_default=True, help="Requests open at once."
)
@click.option("--rpm", type=click.FloatRange(min=0, min_open=True), help="Requests started per minute, at most.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=60.0,
    show_default=True,
    help="Seconds to wait for one reply before retrying.",
)
@click.option(
    "--retries", type=click.IntRange(0, 20), default=5, show_default=True, help="Retries of a failed request."
)
@click.option(
    "--cache",
    "cache_path",
    type=click.Path(dir_okay=False),
    default=str(DEFAULT_CACHE),
    show_default=True,
    callback=_output_path,
    help="The reply cache (SQLite): a second run asks nothing twice; a stopped run resumes.",
)
@click.option("--price", callback=_price, metavar="IN,OUT", help="USD per million input and output tokens.")
@click.option("--dry-run", is_flag=True, help="Say how many calls the run would make, and stop.")
@click.option("--skip-invalid", is_flag=True, help="Grade the valid rows; report invalid ones on stderr.")
@_domain_errors
def grade_command(
    datasets: tuple[str, ...],
    out: Path,
    base_url: str | None,
    model: str,
    api_key_env: str,
    arms: str,
    prompts_path: str | None,
    samples: int,
    max_retries: int,
    strict_json: bool,
    temperature: float,
    seed: int,
    concurrency: int,
    rpm: float | None,
    timeout: float,
    retries: int,
    cache_path: Path,
    price: tuple[float, float] | None,
    dry_run: bool,
    skip_invalid: bool,
) -> None:
    """Ask a grader model for both arms' calls on a RAG dataset; write them as a corpus.

    DATASETS are JSONL, JSON-array or CSV files of question, answer and contexts
    (ragas and promptfoo column names too), or promptfoo results files. With none,
    the bundled dataset. Then: faithcompat diff OUT.
    """
    sources = list(datasets) or bundled_dataset()
    prompts = load_prompts(prompts_path)
    settings = GradeSettings(
        model=model,
        arms=("legacy", "ragas") if arms == "both" else (arms,),  # type: ignore[arg-type]
        samples=samples,
        max_retries=max_retries,
        strict_json=strict_json,
        temperature=temperature,
        seed=seed,
    )
    skipped: list[CaseError] = []
    total = sum(1 for _ in iter_rows(sources, on_error=skipped.append if skip_invalid else None))
    rows = iter_rows(sources, on_error=lambda _error: None)  # reported once, from the pass above
    cache = ReplyCache(cache_path)
    try:
        if dry_run:
            calls = plan(rows, cache, prompts, settings)
            _report_skipped(skipped)
            click.echo(
                f"{calls.cases:,} cases: {calls.calls:,} calls to make ({calls.cached:,} replies cached), "
                f"up to {calls.at_most:,} with re-asks"
            )
            return
        api_key = os.environ.get(api_key_env, "")
        if not api_key and base_url is None:
            raise click.UsageError(f"the API key is not set: export {api_key_env}=... (or name another: --api-key-env)")
        grader_settings = GraderSettings(
            base_url=base_url,
            model=model,
            api_key=api_key,
            timeout=timeout,
            retries=retries,
            concurrency=concurrency,
            rpm=rpm,
        )
        progress = _GradeBar(enabled=sys.stderr.isatty() and not os.environ.get("CI"))
        try:
            summary = grade(
                rows,
                out,
                lambda: OpenAIGrader(grader_settings),
                cache,
                prompts,
                settings,
                total=total,
                on_progress=progress.show,
            )
        finally:
            progress.done()
    finally:
        cache.close()
    _report_skipped(skipped)
    for warning in summary.warnings:
        click.echo(f"faithcompat: warning: {warning}", err=True)
    cost = f", cost ${summary.cost(*price):,.4f}" if price is not None else ""
    click.echo(
        f"graded {summary.cases:,} cases into {out}: {summary.calls_made:,} calls made, {summary.cached:,} cached, "
        f"{summary.retried:,} retried, {summary.failed:,} failed ({summary.grader_errors:,} grader errors on cases, "
        f"{summary.reasked:,} re-asks); tokens {summary.prompt_tokens:,} in, {summary.completion_tokens:,} out{cost}",
        err=True,
    )
    click.echo(f"next: faithcompat diff {out}", err=True)


def grade_line(state: GradeProgress) -> str:
    """The grading progress: cases (of all, when known), calls/s, cache hits, retries,
    errors, tokens, and the time left at the pace so far when the total is known."""
    of = f"/{state.total:,}" if state.total is not None else ""
    rate = state.requests / max(state.elapsed, 1e-9)
    line = (
        f"{state.cases:,}{of} cases  {rate:,.1f} calls/s  {state.cached:,} cached  {state.retries:,} retries  "
        f"{state.errors:,} errors  {state.prompt_tokens + state.completion_tokens:,} tokens"
    )
    left = time_left(state.elapsed, state.cases, state.total) if state.total is not None else ""
    return f"{line}  {left}" if left else line


class _GradeBar:
    """``grade_line`` on stderr (TTY only)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.width = 0  # of the widest line drawn: a shorter one, and the wipe, cover it

    def show(self, state: GradeProgress) -> None:
        if not self.enabled:
            return
        line = grade_line(state)
        click.echo("\r" + line.ljust(self.width), err=True, nl=False)
        self.width = max(self.width, len(line))

    def done(self) -> None:
        if self.width:
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)


@main.command()
@click.option("--prompts", "prompts_path", type=click.Path(dir_okay=False), help="A prompts file to check and show.")
@_domain_errors
def prompts(prompts_path: str | None) -> None:
    """Print the prompt templates in force (TOML): a starting point for --prompts files."""
    click.echo(prompts_toml(load_prompts(prompts_path)), nl=False)


@main.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--baseline",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A report.json of the same corpus to compare drift with "
    "[default: with no CORPUS, the committed reports/report.json; with one, none: the budget is skipped].",
)
@click.option("--no-baseline", is_flag=True, help="Skip the drift budget.")
@_policy_file_option
@click.option(
    "--examples",
    type=click.IntRange(min=0),
    default=60,
    show_default=True,
    # Generating an example costs Hypothesis ~6 ms, the scorer microseconds: 60 keeps the
    # default gate near 5 s; the test suite's own run of these properties takes 1,000 each.
    help="Hypothesis examples per property (0: skip properties); about 60 per 5 s of gate.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Hypothesis seed (same seed, same examples).")
@click.option(
    "--candidate",
    default="ragas",
    show_default=True,
    type=click.Choice(scorer_names()),
    help="The scorer the gate keeps fixed.",
)
@_vocabulary_option
@_tolerance_option
@_jobs_option("Scoring processes for the corpus checks")
@click.option("--junit", type=click.Path(dir_okay=False), callback=_output_path, help="Write a JUnit XML report here.")
@click.option(
    "--summary",
    type=click.Path(dir_okay=False),
    callback=_output_path,
    help="Write a Markdown summary here (e.g. $GITHUB_STEP_SUMMARY).",
)
@_domain_errors
def gate(
    corpus: tuple[str, ...],
    baseline: Path | None,
    no_baseline: bool,
    policy_path: Path | None,
    examples: int,
    seed: int,
    candidate: str,
    vocabulary_path: Path | None,
    tolerance: float,
    jobs: int,
    junit: Path | None,
    summary: Path | None,
) -> None:
    """The regression gate for CI: properties, golden outcomes and a drift budget.

    Exit 0 when everything holds, 1 when anything regressed, 2 on unusable input.
    With no CORPUS: the bundled corpus against the committed baseline. With a CORPUS, the
    drift budget needs --baseline: a report.json of that corpus (faithcompat diff CORPUS
    --out baseline, committed once); without one the budget is skipped, and says so.
    """
    from compat.rollout import _gate

    if examples > 0 and "policy" not in scorer_options(candidate):
        # The properties exercise every mismatch policy: a scorer without them fails each
        # one for a reason that is the caller's, not the scorer's.
        raise click.UsageError(
            f"the gate's properties need a candidate with mismatch policies; {candidate!r} has none "
            "(use --examples 0 to run only the corpus checks)"
        )
    policy = load_policy(policy_path)
    vocabulary = _vocabulary(vocabulary_path)
    sources, names = _corpus_sources(corpus)
    base, why = None, None
    if no_baseline:
        why = "--no-baseline"
    elif baseline is not None:
        base = load_report(baseline)
    elif corpus:
        # The bundled baseline describes the bundled corpus: against any other, its budget means nothing.
        why = (
            "no baseline for this corpus; make one once (faithcompat diff CORPUS --out baseline), "
            "commit it and pass --baseline baseline/report.json"
        )
    else:
        base = load_report(bundled_baseline())
    settings = _gate.GateSettings(
        examples=examples,
        seed=seed,
        candidate=candidate,
        # The properties hold the built-in reading; the corpus is read with the team's words too.
        diff=DiffSettings(
            candidate=candidate,
            candidate_options=_policy_options(candidate, None, vocabulary),
            tolerance=tolerance,
            jobs=jobs,
        ),
        skip_properties=examples == 0,
    )
    result = _gate.run_gate(sources, settings, policy.gate, base, source_names=names, no_baseline_because=why)
    if junit is not None:
        with atomic_writer(junit) as handle:
            handle.write(_gate.render_junit(result))
    if summary is not None:
        with atomic_writer(summary) as handle:
            handle.write(_gate.render_summary(result))
    click.echo(_gate.render_terminal(result), nl=False)
    sys.exit(result.exit_code)


@main.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Decide from this report.json instead of running the diff (cases.jsonl beside it lists the refusals).",
)
@_policy_file_option
@_vocabulary_option
@click.option(
    "--stage", default="off", show_default=True, help="The flag's current stage: off, shadow, live:N, complete."
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="What to print (or write with -o).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    callback=_output_path,
    help="Also write the decision (in --format) to this file.",
)
@_domain_errors
def rollout(
    corpus: tuple[str, ...],
    report_path: Path | None,
    policy_path: Path | None,
    vocabulary_path: Path | None,
    stage: str,
    output_format: str,
    output: Path | None,
) -> None:
    """Recommend the next stage of the scorer flag: GO, HOLD or NO-GO.

    Exit 0 on GO, 1 on HOLD or NO-GO, 2 on unusable input. With no CORPUS and no
    --report, the bundled corpus is diffed.
    """
    policy = load_policy(policy_path).rollout
    try:
        current = parse_stage(stage, policy)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--stage") from None
    if report_path is not None:
        if corpus or vocabulary_path is not None:
            raise click.UsageError("give either --report or CORPUS (and --vocabulary), not both")
        report = load_report(report_path)
        refusals = passed_refusals(report_path.with_name("cases.jsonl"))
    else:
        refusals = []

        def note_refusals(batch: ComparedBatch) -> None:
            for case_id, cause, passed in zip(batch.case_ids, batch.causes, batch.control_passed, strict=True):
                if is_passed_refusal(cause, passed):
                    refusals.append(case_id)

        sources, names = _corpus_sources(corpus)
        options = _policy_options(DiffSettings().candidate, None, _vocabulary(vocabulary_path))
        report = run_diff(
            sources, DiffSettings(candidate_options=options), on_comparisons=note_refusals, source_names=names
        )
    violations = None
    if policy.invariant_examples:
        from compat.rollout import _gate

        checks = _gate.check_properties(policy.invariant_examples, seed=0)
        violations = sum(not check.passed for check in checks)
    decision = decide(
        report, policy, current_stage=current, invariant_violations=violations, refusals_declined=refusals
    )
    if output_format == "json":
        text = json.dumps(decision_dict(decision), indent=2) + "\n"
    else:
        text = render_decision(decision, markdown=output_format == "markdown")
    if output is not None:
        with atomic_writer(output) as handle:
            handle.write(text)
    click.echo(text, nl=False)
    sys.exit(decision.exit_code)


@main.command()
@click.argument("files", nargs=-1, required=True)
@_max_case_bytes_option
@_domain_errors
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
        sys.exit(2)
    click.echo(f"{valid} valid case(s)")


@main.command()
@_domain_errors
def policy() -> None:
    """Print the default policy as TOML: a starting point for --policy files."""
    click.echo(default_policy_toml(), nl=False)


@main.command()
@click.argument("name", type=click.Choice(sorted([*SCHEMAS, "league"])), default="case")
@_domain_errors
def schema(name: str) -> None:
    """Print a JSON Schema: of a case (validate your own corpus), of report.json or of league.json."""
    click.echo(schema_text(league_schema() if name == "league" else SCHEMAS[name]()), nl=False)


class _Stopped(BaseException):
    """A signal asked the run to stop. Not a KeyboardInterrupt, which click would turn
    into "Aborted!" and exit 1: this unwinds every ``finally`` (partial outputs are
    removed, worker processes wound down) and ``run`` exits 128 + the signal's number."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


_MAIN_PID = os.getpid()


def _stop(signal_number: int, _frame: object) -> None:
    if os.getpid() != _MAIN_PID:
        # A forked worker, signalled before its initializer replaced this handler: Ctrl-C is
        # the parent's to act on; SIGTERM (how the pool ends a broken run) ends it silently.
        if signal_number == signal.SIGINT:
            signal.signal(signal_number, signal.SIG_IGN)
            return
        signal.signal(signal_number, signal.SIG_DFL)
        os.kill(os.getpid(), signal_number)
        return
    raise _Stopped(signal_number)


def run() -> None:
    """The console script: ``main`` with Ctrl-C, SIGTERM and closed standard streams handled."""
    if sys.stdout is None or sys.stderr is None:  # started with `>&-` or `2>&-`
        message = "faithcompat: error: standard output or standard error is closed\n"
        with contextlib.suppress(OSError):
            os.write(2, message.encode())
        sys.exit(EXIT_UNUSABLE)
    global _MAIN_PID
    _MAIN_PID = os.getpid()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signal_number, _stop)
    try:
        main()
    except _Stopped as stopped:
        name = signal.Signals(stopped.signal_number).name
        click.echo(f"\nfaithcompat: stopped by {name} (files being written were removed)", err=True)
        sys.exit(128 + stopped.signal_number)
