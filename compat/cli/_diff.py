"""``faithcompat diff``: both scorers over a corpus, the report directory written."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

import click
from click.core import ParameterSource

from compat._errors import CaseError
from compat._text import printable
from compat.cases import corpus_bytes
from compat.cli._common import (
    EXIT_FAILED,
    EXIT_UNUSABLE,
    arm_option,
    chosen_arm,
    corpus_sources,
    current_stage,
    domain_errors,
    jobs_option,
    max_case_bytes_option,
    mismatch_policy_option,
    policy_options,
    report_format_option,
    report_skipped,
    rollout_policy_option,
    scorer_option,
    tolerance_option,
    vocabulary_option,
    vocabulary_words,
)
from compat.cli._composite import composite_option, composite_rules
from compat.cli._labels_option import given_labels, labels_option, people_of
from compat.cli._progress import Progress
from compat.diff import (
    ComparedBatch,
    DaskSettings,
    DiffSettings,
    DriftReport,
    make_scorers,
    run_diff,
    run_diff_dask,
)
from compat.report import (
    CASES_PARTS,
    HTML_BYTES,
    HTML_CASES,
    LEAGUE_FILES,
    DecisionPanel,
    LeaguePages,
    ReportCases,
    render_markdown,
    render_terminal,
    report_files,
    report_json,
    write_report_directory,
)
from compat.rollout import build_league, decide, decision_panel, league_pages, load_policy
from compat.scoring import league_candidates


@click.command()
@click.argument("corpus", nargs=-1)
@scorer_option("--control", "legacy", "The scorer in production today (the control arm).")
@scorer_option("--candidate", "ragas", "The scorer to switch to (the candidate arm).")
@arm_option
@mismatch_policy_option("Mismatch policy of the candidate, if it takes one [default: unsupported].")
@vocabulary_option
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("faithcompat-report"),
    show_default=True,
    help="Directory for report.json, report.md, report.html and cases.jsonl (cases/ with --cases-parts).",
)
@report_format_option("What to print on stdout.")
@tolerance_option
@jobs_option("Scoring processes; with --engine dask, the workers of the LocalCluster it starts")
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
@max_case_bytes_option
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
@rollout_policy_option("The rollout policy behind report.html's GO/HOLD/NO-GO", old_spelling=False)
@click.option("--strict", is_flag=True, help="Exit 1 when a drift is unexplained or an expected outcome fails.")
@click.option(
    "--league",
    is_flag=True,
    help="Also rank every registered scorer against the control (default policy): league.json, league.md and "
    "a report.html section.",
)
@composite_option
@labels_option("report.json, report.md and report.html gain a section against people")
@domain_errors
def diff(
    corpus: tuple[str, ...],
    control: str,
    candidate: str,
    arm: str,
    control_arm: str,
    mismatch_policy: str | None,
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
    rollout_policy: Path | None,
    strict: bool,
    league: bool,
    composite: str | None,
    label_files: tuple[str, ...],
) -> None:
    """Score CORPUS with both scorers and explain every difference.

    CORPUS files are JSONL or JSON arrays of cases, or shadow logs; "-" reads stdin.
    With no CORPUS, the bundled corpus is compared. Exit 2 when nothing can be decided
    (no case with a valid score on a side: every grader call failed, an empty corpus),
    after writing the report that says so.
    """
    if scheduler is not None and engine != "dask":
        raise click.UsageError("--scheduler needs --engine dask")
    if cases_parts and engine != "dask":
        raise click.UsageError("--cases-parts needs --engine dask (the local engine writes cases.jsonl itself)")
    vocabulary = vocabulary_words(vocabulary_path)
    rules = composite_rules(composite)  # read before the corpus: a bad rule fails fast
    labels, label_names = given_labels(label_files, corpus)
    options = policy_options(candidate, mismatch_policy, vocabulary)
    sources, names = corpus_sources(corpus)
    settings = DiffSettings(
        control=control,
        candidate=candidate,
        candidate_options=options,
        tolerance=tolerance,
        max_case_bytes=max_case_bytes,
        jobs=jobs,
        detail=detail,
        candidate_arm=chosen_arm(arm),
        control_arm=control_arm,
        composite=rules,
    )
    skipped: list[CaseError] = []
    progress = Progress(enabled=sys.stderr.isatty() and not os.environ.get("CI"))
    if progress.enabled:
        progress.total_bytes = corpus_bytes(sources)
    rollout = load_policy(rollout_policy).rollout  # read before the corpus: a bad policy fails fast
    current = current_stage(stage, rollout)

    def run(cases: ReportCases) -> DriftReport:
        report = compared(cases)
        if not label_files:
            return report
        people = people_of(
            labels,
            label_names,
            sources,
            make_scorers(settings),
            max_case_bytes=max_case_bytes,
            skip_invalid=skip_invalid,
            report=report,
        )
        return report.model_copy(update={"against_people": people})

    def compared(cases: ReportCases) -> DriftReport:
        def keep(batch: ComparedBatch) -> None:
            cases.keep(batch)
            progress.advance(len(batch.lines))

        try:
            if engine == "dask":
                return run_diff_dask(
                    [str(source) for source in sources],
                    replace(settings, jobs=1),
                    DaskSettings(scheduler=scheduler, workers=jobs),
                    on_comparisons=keep,
                    on_error=skipped.append if skip_invalid else None,
                    source_names=names,
                    on_start=_dashboard,
                    on_progress=progress.pieces if progress.enabled else None,
                    parts=cases.parts,
                    keep_parts=cases_parts,
                )
            return run_diff(
                sources,
                settings,
                on_comparisons=keep,
                on_error=skipped.append if skip_invalid else None,
                source_names=names,
                on_read=progress.bytes_read if progress.enabled else None,
            )
        finally:
            progress.done()  # an error message must not be glued to the progress line

    decided: list[DecisionPanel] = []  # the page's decision, for the terminal too when a stage is given

    def panel(report: DriftReport) -> DecisionPanel:
        decision = decide(report, rollout, current_stage=current, invariant_violations=None)
        decided.append(decision_panel(decision, f"policy {rollout_policy}" if rollout_policy else "the default policy"))
        return decided[-1]

    def ranked() -> LeaguePages:
        table = build_league(
            sources,
            control=control,
            candidates=league_candidates(control),
            policy=load_policy(None).rollout,
            tolerance=tolerance,
            max_case_bytes=max_case_bytes,
            on_error=(lambda _error: None) if skip_invalid else None,  # already reported by the diff
            source_names=names,
            vocabulary=vocabulary,
        )
        return league_pages(table)

    report = write_report_directory(
        out,
        run,
        cases_parts=cases_parts,
        composite=rules is not None,
        html_cases=html_cases,
        html_bytes=html_mb << 20,
        decision=panel,
        league=ranked if league else None,
    )
    report_skipped(skipped)
    if output_format != "text":  # the terminal summary says them itself
        for warning in report.warnings or ():
            click.echo(f"faithcompat: warning: {printable(warning)}", err=True)
    if output_format == "json":
        click.echo(report_json(report), nl=False)
    elif output_format == "markdown":
        click.echo(render_markdown(report), nl=False)
    else:
        click.echo(render_terminal(report, color=sys.stdout.isatty() and not os.environ.get("NO_COLOR")), nl=False)
        stage_given = click.get_current_context().get_parameter_source("stage") is not ParameterSource.DEFAULT
        if stage_given and decided:
            shown = decided[-1]
            click.echo(f"\ndecision at stage {stage} ({shown.policy}): {shown.verdict}: {printable(shown.advice)}")
        written = [f"{name}/" if name == CASES_PARTS else name for name in report_files(cases_parts)]
        written += LEAGUE_FILES if league else ()
        click.echo(f"reports written to {out}/ ({', '.join(written)})", err=True)
    if report.no_decision is not None:  # the report says it; a CI job must not go on as if it decided
        click.echo(f"faithcompat: no decision: {printable(report.no_decision)}", err=True)
        sys.exit(EXIT_UNUSABLE)
    if strict and (report.unexplained or report.expectations.failed):
        sys.exit(EXIT_FAILED)


def _dashboard(link: str | None) -> None:
    if link:
        click.echo(f"faithcompat: Dask dashboard at {link}", err=True)
