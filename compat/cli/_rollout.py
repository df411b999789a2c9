"""``faithcompat rollout`` (the flag's next stage, decided) and ``faithcompat policy``."""

from __future__ import annotations

import contextlib
import difflib
import json
import sys
from pathlib import Path

import click

from compat._atomic import atomic_writer
from compat.cli._common import (
    corpus_sources,
    current_stage,
    domain_errors,
    output_file_option,
    policy_options,
    report_format_option,
    rollout_policy_option,
    vocabulary_option,
    vocabulary_words,
)
from compat.cli._labels_option import given_labels, labels_option, people_of
from compat.diff import ComparedBatch, DiffSettings, load_report, make_scorers, run_diff
from compat.rollout import (
    DEFAULT_FLAG_KEY,
    FlagFileError,
    Recommendation,
    Refusal,
    decide,
    decision_dict,
    default_policy_toml,
    flagd_file_with_stage,
    load_policy,
    no_decision,
    parse_stage,
    refusals_file,
    refusals_in,
    render_decision,
    stage_in_flagd_file,
)


@click.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Decide from this report.json instead of running the diff (cases.jsonl beside it lists the refusals).",
)
@rollout_policy_option("The rollout policy that decides")
@vocabulary_option
@click.option("--stage", default=None, help="The flag's current stage: off, shadow, live:N, complete.  [default: off]")
@click.option(
    "--stage-from",
    "stage_from",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Read the current stage from this flag file's scorer flag (--flag-format), instead of --stage.",
)
@click.option(
    "--flag-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the decided stage into this flag file (created if absent): only the scorer flag changes.",
)
@click.option(
    "--flag-format",
    type=click.Choice(["flagd"]),
    default="flagd",
    show_default=True,
    help="The flag file's format: flagd's flag definitions (JSON).",
)
@click.option("--flag-key", default=DEFAULT_FLAG_KEY, show_default=True, help="The scorer flag's key in the flag file.")
@click.option("--dry-run", is_flag=True, help="Print the flag file's change as a unified diff; write nothing.")
@report_format_option("What to print (or write with -o).")
@output_file_option("Also write the decision (in --format) to this file.")
@labels_option("people's labels checked against the corpus's readings, and the decision uses them")
@domain_errors
def rollout(
    corpus: tuple[str, ...],
    report_path: Path | None,
    rollout_policy: Path | None,
    vocabulary_path: Path | None,
    stage: str | None,
    stage_from: Path | None,
    flag_file: Path | None,
    flag_format: str,
    flag_key: str,
    dry_run: bool,
    output_format: str,
    output: Path | None,
    label_files: tuple[str, ...],
) -> None:
    """Recommend the next stage of the scorer flag: GO, HOLD or NO-GO.

    NO-DECISION where the report has nothing to decide on (no case with a valid score on
    a side: every grader call failed, an empty corpus). Exit 0 on GO, 1 on HOLD or NO-GO,
    2 on NO-DECISION and on unusable input. With no CORPUS and no --report, the bundled
    corpus is diffed. With --flag-file, the decided stage is written into the team's flag
    file (NO-GO: back to shadow; NO-DECISION: left as it is).
    """
    policy = load_policy(rollout_policy).rollout
    if stage is not None and stage_from is not None:
        raise click.UsageError("give either --stage or --stage-from, not both")
    if dry_run and flag_file is None:
        raise click.UsageError("--dry-run shows the change --flag-file would make: give --flag-file")
    if stage_from is not None:
        held = stage_in_flagd_file(_read_flag_file(stage_from), flag_key, str(stage_from))
        try:
            current = parse_stage(held, policy)
        except ValueError as error:
            raise FlagFileError(f"{stage_from}: flag {flag_key!r}: {error} (the rollout policy's stages)") from None
    else:
        current = current_stage(stage or "off", policy)
    refusals: list[Refusal]
    if report_path is not None:
        if corpus or vocabulary_path is not None:
            raise click.UsageError("give either --report or CORPUS (and --vocabulary), not both")
        if label_files:
            raise click.UsageError("--labels needs the CORPUS; a report made by diff --labels has them already")
        report = load_report(report_path)
        refusals = refusals_file(report_path.with_name("cases.jsonl"))
    else:
        refusals = []

        def note_refusals(batch: ComparedBatch) -> None:
            refusals.extend(refusals_in(batch.lines))

        labels, label_names = given_labels(label_files, corpus)
        sources, names = corpus_sources(corpus)
        options = policy_options(DiffSettings().candidate, None, vocabulary_words(vocabulary_path))
        settings = DiffSettings(candidate_options=options)
        report = run_diff(sources, settings, on_comparisons=note_refusals, source_names=names)
        if label_files:
            people = people_of(
                labels,
                label_names,
                sources,
                make_scorers(settings),
                max_case_bytes=settings.max_case_bytes,
                report=report,
            )
            report = report.model_copy(update={"against_people": people})
    violations = None
    if policy.invariant_examples and no_decision(report) is None:  # nothing to decide: no time spent on them
        from compat.rollout.gate import check_properties

        checks = check_properties(policy.invariant_examples, seed=0)
        violations = sum(not check.passed for check in checks)
    decision = decide(report, policy, current_stage=current, invariant_violations=violations, refusals=refusals)
    if output_format == "json":
        text = json.dumps(decision_dict(decision), indent=2) + "\n"
    else:
        text = render_decision(decision, markdown=output_format == "markdown")
    if output is not None:
        with atomic_writer(output) as handle:
            handle.write(text)
    click.echo(text, nl=False)
    if flag_file is not None and decision.verdict is not Recommendation.NO_DECISION:
        _write_stage(flag_file, flag_key, decision.next_stage, dry_run=dry_run)
    sys.exit(decision.exit_code)


def _read_flag_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise FlagFileError(f"{path}: cannot read: {error.strerror or error}") from None


def _write_stage(path: Path, flag_key: str, stage: str, *, dry_run: bool) -> None:
    """The decided ``stage`` into the flag file (a unified diff with ``dry_run``); a file already at it is
    left untouched."""
    old = _read_flag_file(path) if path.exists() else None
    if old is not None and old.strip():
        with contextlib.suppress(FlagFileError):  # a flag faithcompat would not write: rewritten below
            if stage_in_flagd_file(old, flag_key, str(path)) == stage:
                click.echo(f"faithcompat: {path}: flag {flag_key!r} is at {stage} already: unchanged", err=True)
                return
    new = flagd_file_with_stage(old, stage, flag_key, str(path))
    if dry_run:
        before = (old or b"").decode("utf-8").splitlines(keepends=True)
        after = new.decode("utf-8").splitlines(keepends=True)
        click.echo("".join(difflib.unified_diff(before, after, f"{path} (now)", f"{path} (--dry-run)")), nl=False)
        click.echo(f"faithcompat: {path}: flag {flag_key!r} would be set to {stage} (--dry-run: not written)", err=True)
        return
    with atomic_writer(path) as handle:
        handle.write(new.decode("utf-8"))
    click.echo(f"faithcompat: {path}: flag {flag_key!r} set to {stage}", err=True)


@click.command()
@domain_errors
def policy() -> None:
    """Print the default policy as TOML: a starting point for --rollout-policy files."""
    click.echo(default_policy_toml(), nl=False)
