"""``faithcompat promptfoo``: the flag inside promptfoo, starting with the ``assert:`` entries of a stage."""

from __future__ import annotations

from pathlib import Path

import click

from compat.cases import DEFAULT_THRESHOLD
from compat.cli._common import domain_errors
from compat.rollout import DEFAULT_FLAG_KEY, assert_entries, flag_entries, to_yaml


@click.group("promptfoo")
def promptfoo() -> None:
    """faithcompat's faithfulness assertion inside promptfoo (a python assertion)."""


@promptfoo.command("config")
@click.option("--stage", help="off, shadow, live:N or complete.")
@click.option(
    "--flag-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Instead of --stage: the flagd flag file whose scorer flag says each test's mode (OpenFeature).",
)
@click.option(
    "--flag-key", default=DEFAULT_FLAG_KEY, show_default=True, help="With --flag-file: the scorer flag's key."
)
@click.option("--base-url", help="The grader's OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1.")
@click.option(
    "--model",
    help="The grader model (both assertions use it). Required: without it the command fails, exit 2, "
    "and prints nothing.",
)
@click.option("--threshold", type=float, default=DEFAULT_THRESHOLD, show_default=True, help="The pass threshold.")
@domain_errors
def config(
    stage: str | None, flag_file: Path | None, flag_key: str, base_url: str | None, model: str | None, threshold: float
) -> None:
    """Print, as YAML, the assert: entries a test needs at STAGE (paste under defaultTest or a test).

    \b
    off       promptfoo's context-faithfulness decides, alone
    shadow    it decides; faithcompat's assertion records the fixed arm at weight 0
    live:N    faithcompat's assertion: the fixed arm decides for a sticky N% of tests
    complete  faithcompat's assertion: the fixed arm decides

    With --flag-file instead of --stage, one entry for every stage: faithcompat's assertion
    alone, each test's mode read from the team's flag (the [openfeature] extra, where promptfoo
    runs its python), so that `faithcompat rollout --flag-file` moves promptfoo too.
    """
    if (stage is None) == (flag_file is None):
        raise click.UsageError("give either --stage or --flag-file")
    if base_url is not None and model is None:
        raise click.UsageError("--base-url needs --model: the grader model at that endpoint")
    if flag_file is not None:  # the path as promptfoo's python will read it, wherever promptfoo runs
        entries = flag_entries(
            flag_file.resolve(), flag_key=flag_key, model=model, base_url=base_url, threshold=threshold
        )
    else:  # without --model: AssertionConfigError (exit 2), after the stage is checked
        entries = assert_entries(stage or "", model=model, base_url=base_url, threshold=threshold)
    click.echo(to_yaml(entries), nl=False)
