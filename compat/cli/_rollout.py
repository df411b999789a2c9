"""``faithcompat rollout`` (the flag's next stage, decided) and ``faithcompat policy``."""

from __future__ import annotations

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
    Refusal,
    decide,
    decision_dict,
    default_policy_toml,
    load_policy,
    no_decision,
    refusals_file,
    refusals_in,
    render_decision,
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
@click.option(
    "--stage", default="off", show_default=True, help="The flag's current stage: off, shadow, live:N, complete."
)
@report_format_option("What to print (or write with -o).")
@output_file_option("Also write the decision (in --format) to this file.")
@labels_option("people's labels checked against the corpus's readings, and the decision uses them")
@domain_errors
def rollout(
    corpus: tuple[str, ...],
    report_path: Path | None,
    rollout_policy: Path | None,
    vocabulary_path: Path | None,
    stage: str,
    output_format: str,
    output: Path | None,
    label_files: tuple[str, ...],
) -> None:
    """Recommend the next stage of the scorer flag: GO, HOLD or NO-GO.

    NO-DECISION where the report has nothing to decide on (no case with a valid score on
    a side: every grader call failed, an empty corpus). Exit 0 on GO, 1 on HOLD or NO-GO,
    2 on NO-DECISION and on unusable input. With no CORPUS and no --report, the bundled
    corpus is diffed.
    """
    policy = load_policy(rollout_policy).rollout
    current = current_stage(stage, policy)
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
    sys.exit(decision.exit_code)


@click.command()
@domain_errors
def policy() -> None:
    """Print the default policy as TOML: a starting point for --rollout-policy files."""
    click.echo(default_policy_toml(), nl=False)
