"""``faithcompat gate``: the regression gate for CI."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from compat._atomic import atomic_writer
from compat.cli._common import (
    arm_option,
    chosen_arm,
    corpus_sources,
    domain_errors,
    jobs_option,
    output_path,
    policy_options,
    rollout_policy_option,
    scorer_option,
    tolerance_option,
    vocabulary_option,
    vocabulary_words,
)
from compat.diff import DiffSettings, bundled_baseline, load_report
from compat.rollout import load_policy
from compat.scoring import scorer_options


@click.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--baseline",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A report.json of the same corpus to compare drift with "
    "[default: with no CORPUS, the committed reports/report.json; with one, none: the budget is skipped].",
)
@click.option("--no-baseline", is_flag=True, help="Skip the drift budget.")
@rollout_policy_option("The rollout policy whose [gate] budget the drift is held to")
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
@scorer_option("--candidate", "ragas", "The scorer the gate keeps fixed.")
@arm_option
@vocabulary_option
@tolerance_option
@jobs_option("Scoring processes for the corpus checks")
@click.option("--junit", type=click.Path(dir_okay=False), callback=output_path, help="Write a JUnit XML report here.")
@click.option(
    "--summary",
    type=click.Path(dir_okay=False),
    callback=output_path,
    help="Write a Markdown summary here (e.g. $GITHUB_STEP_SUMMARY).",
)
@domain_errors
def gate(
    corpus: tuple[str, ...],
    baseline: Path | None,
    no_baseline: bool,
    rollout_policy: Path | None,
    examples: int,
    seed: int,
    candidate: str,
    arm: str,
    control_arm: str,
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
    from compat.rollout.gate import GateSettings, render_junit, render_summary, render_terminal, run_gate

    if examples > 0 and "policy" not in scorer_options(candidate):
        # The properties exercise every mismatch policy: a scorer without them fails each
        # one for a reason that is the caller's, not the scorer's.
        raise click.UsageError(
            f"the gate's properties need a candidate with mismatch policies; {candidate!r} has none "
            "(use --examples 0 to run only the corpus checks)"
        )
    policy = load_policy(rollout_policy)
    vocabulary = vocabulary_words(vocabulary_path)
    sources, names = corpus_sources(corpus)
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
    settings = GateSettings(
        examples=examples,
        seed=seed,
        candidate=candidate,
        # The properties hold the built-in reading; the corpus is read with the team's words too.
        diff=DiffSettings(
            candidate=candidate,
            candidate_options=policy_options(candidate, None, vocabulary),
            tolerance=tolerance,
            jobs=jobs,
            candidate_arm=chosen_arm(arm),
            control_arm=control_arm,
        ),
        skip_properties=examples == 0,
    )
    result = run_gate(sources, settings, policy.gate, base, source_names=names, no_baseline_because=why)
    if junit is not None:
        with atomic_writer(junit) as handle:
            handle.write(render_junit(result))
    if summary is not None:
        with atomic_writer(summary) as handle:
            handle.write(render_summary(result))
    click.echo(render_terminal(result), nl=False)
    sys.exit(result.exit_code)
