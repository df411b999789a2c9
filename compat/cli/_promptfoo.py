"""``faithcompat promptfoo``: the flag inside promptfoo, starting with the ``assert:`` entries of a stage."""

from __future__ import annotations

import click

from compat.cases import DEFAULT_THRESHOLD
from compat.cli._common import domain_errors
from compat.rollout import assert_entries, to_yaml


@click.group("promptfoo")
def promptfoo() -> None:
    """faithcompat's faithfulness assertion inside promptfoo (a python assertion)."""


@promptfoo.command("config")
@click.option("--stage", required=True, help="off, shadow, live:N or complete.")
@click.option("--base-url", help="The grader's OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1.")
@click.option(
    "--model",
    help="The grader model (both assertions use it). Required: without it the command fails, exit 2, "
    "and prints nothing.",
)
@click.option("--threshold", type=float, default=DEFAULT_THRESHOLD, show_default=True, help="The pass threshold.")
@domain_errors
def config(stage: str, base_url: str | None, model: str | None, threshold: float) -> None:
    """Print, as YAML, the assert: entries a test needs at STAGE (paste under defaultTest or a test).

    \b
    off       promptfoo's context-faithfulness decides, alone
    shadow    it decides; faithcompat's assertion records the fixed arm at weight 0
    live:N    faithcompat's assertion: the fixed arm decides for a sticky N% of tests
    complete  faithcompat's assertion: the fixed arm decides
    """
    if base_url is not None and model is None:
        raise click.UsageError("--base-url needs --model: the grader model at that endpoint")
    # Without --model: AssertionConfigError (exit 2), after the stage is checked.
    click.echo(to_yaml(assert_entries(stage, model=model, base_url=base_url, threshold=threshold)), nl=False)
