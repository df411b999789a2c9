"""``faithcompat grade`` (both arms recorded from a RAG dataset) and ``faithcompat prompts``."""

from __future__ import annotations

import functools
import math
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, cast

import click

from compat._errors import CaseError, GradeOptionsError
from compat.cli._common import (
    F,
    domain_errors,
    expand_patterns,
    max_case_bytes_option,
    output_file_option,
    output_path,
    renamed_option,
    report_skipped,
)
from compat.cli._progress import GradeBar
from compat.grading import (
    DEFAULT_BATCH_SIZE,
    DEFAULT_CACHE,
    DEFAULT_MAX_TOKENS,
    HUB_ID,
    GradeRun,
    GradeSummary,
    HhemOptions,
    OpenAIGrader,
    ReplyCache,
    bundled_dataset,
    grade,
    iter_rows,
    load_prompts,
    plan,
    promptfoo_prompts,
    prompts_toml,
)


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


_HHEM_OPTIONS = [
    click.option(
        "--hhem",
        is_flag=False,
        flag_value=HUB_ID,
        metavar="MODEL",
        help=f"Also record the arm ragas-hhem: the RAGAS statements call, verdicts from HHEM-2.1-Open (a hub id or a "
        f"local directory; --hhem alone: {HUB_ID}). Needs pip install 'faithcompat[hhem]'; see docs/hhem.md.",
    ),
    click.option("--device", default="cpu", show_default=True, help="Where HHEM runs: cpu, cuda, cuda:1, mps."),
    click.option(
        "--batch-size",
        type=click.IntRange(1, 4096),
        default=DEFAULT_BATCH_SIZE,
        show_default=True,
        help="Statements HHEM judges at once (as ragas's FaithfulnesswithHHEM).",
    ),
    click.option(
        "--hhem-max-tokens",
        type=click.IntRange(1),
        default=DEFAULT_MAX_TOKENS,
        show_default=True,
        help="A statement with its contexts longer than this is recorded as too_long on its case.",
    ),
    click.option(
        "--hhem-threads",
        type=click.IntRange(1),
        help="torch's CPU threads for HHEM [default: one per core]; 1 is much faster where the cores are busy.",
    ),
]


def hhem_options(command: F) -> F:
    """grade's HHEM options, added together and handed to the command as one ``HhemOptions`` (``hhem``)."""

    @functools.wraps(command)
    def with_hhem(
        *args: Any,
        hhem: str | None,
        device: str,
        batch_size: int,
        hhem_max_tokens: int,
        hhem_threads: int | None,
        **kwargs: Any,
    ) -> Any:
        options = HhemOptions(
            model=hhem, device=device, batch_size=batch_size, max_tokens=hhem_max_tokens, threads=hhem_threads
        )
        return command(*args, hhem=options, **kwargs)

    added: Callable[..., Any] = with_hhem
    for option in reversed(_HHEM_OPTIONS):  # applied last to first, as stacked decorators are
        added = option(added)
    return cast(F, added)


@click.command("grade")
@click.argument("datasets", nargs=-1)
@output_file_option(
    "The corpus to write (atomically): one case per row, both arms' grader outputs.", default="corpus.jsonl"
)
@renamed_option("--out", "--output", "output", type=click.Path(dir_okay=False), callback=output_path)
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
    type=click.Choice(["both", "legacy", "ragas", "deepeval", "none"]),
    default="both",
    show_default=True,
    help="Which preset arms to grade: the legacy text prompts, the RAGAS JSON prompts, both, deepeval 4.3.1's "
    "prompts (truths, claims, verdicts: the deepeval-4.3.1 scorer's), or none (only the arms --arm declares).",
)
@click.option(
    "--arm",
    "declared",
    multiple=True,
    metavar="NAME=PRESET[,KEY=VALUE...]",
    help="Grade one more arm: a preset (legacy, ragas, deepeval) and what it changes: model, base-url, prompts, "
    "temperature, strict-json, max-retries, samples, verifier. Repeatable. E.g. "
    "--arm ragas-mini=ragas,model=gpt-4o-mini (docs/arms.md#declaring-an-arm).",
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
    callback=output_path,
    help="The reply cache (SQLite): a second run asks nothing twice; a stopped run resumes.",
)
@click.option(
    "--max-error-rate",
    type=click.FloatRange(0, 1),
    default=0.1,
    show_default=True,
    help="The share of cases with a grader error (a call that failed after its retries) above which the run "
    "fails, exit 1, and writes no corpus; a run in which every case failed fails whatever this says.",
)
@max_case_bytes_option
@click.option("--price", callback=_price, metavar="IN,OUT", help="USD per million input and output tokens.")
@click.option("--dry-run", is_flag=True, help="Say how many calls the run would make, and stop.")
@click.option("--skip-invalid", is_flag=True, help="Grade the valid rows; report invalid ones on stderr.")
@hhem_options
@domain_errors
def grade_command(
    datasets: tuple[str, ...],
    output: Path,
    base_url: str | None,
    model: str,
    api_key_env: str,
    arms: str,
    declared: tuple[str, ...],
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
    max_error_rate: float,
    max_case_bytes: int,
    price: tuple[float, float] | None,
    dry_run: bool,
    skip_invalid: bool,
    hhem: HhemOptions,
) -> None:
    """Ask a grader model for both arms' calls on a RAG dataset; write them as a corpus.

    DATASETS are JSONL, JSON-array or CSV files of question, answer and contexts
    (ragas and promptfoo column names too), or promptfoo results files; a .gz file is
    read as the file it holds, and a pattern ('runs/*.jsonl.gz') names the files it
    matches. With none, the bundled dataset. Then: faithcompat diff OUTPUT.

    \b
    Exit codes (no corpus is written unless 0):
      0  graded; the corpus is written (grader errors on a few cases are recorded on them)
      1  too many cases failed to grade (--max-error-rate), or every one did
      2  unusable input: a bad or empty dataset, a row too long (half of --max-case-bytes),
         or a grader that cannot be used (refused, a host name that does not resolve,
         a URL without http://, a key refused (401, 403), no such model (404))
    """
    sources = expand_patterns(datasets) or bundled_dataset()
    try:
        run = GradeRun.from_options(
            model=model,
            base_url=base_url,
            api_key_env=api_key_env,
            arms=arms,
            declared=declared,
            prompts=prompts_path,
            samples=samples,
            max_retries=max_retries,
            strict_json=strict_json,
            temperature=temperature,
            seed=seed,
            concurrency=concurrency,
            rpm=rpm,
            timeout=timeout,
            retries=retries,
            max_error_rate=max_error_rate,
            max_case_bytes=max_case_bytes,
            hhem=hhem,
            dry_run=dry_run,
        )
    except GradeOptionsError as error:
        raise click.UsageError(str(error)) from None
    skipped: list[CaseError] = []
    on_error = skipped.append if skip_invalid else None
    total = sum(1 for _ in iter_rows(sources, on_error=on_error, max_case_bytes=max_case_bytes))
    report_skipped(skipped)
    # Read again for the run (the count above streams too); problems were reported above.
    rows = iter_rows(sources, on_error=lambda _error: None, max_case_bytes=max_case_bytes)
    cache = ReplyCache(cache_path)
    try:
        if dry_run:
            calls = plan(rows, cache, run.prompts, run.settings)
            click.echo(
                f"{calls.cases:,} cases: {calls.calls:,} calls to make ({calls.cached:,} replies cached), "
                f"up to {calls.at_most:,} with re-asks"
            )
            return
        progress = GradeBar(enabled=sys.stderr.isatty() and not os.environ.get("CI"))
        try:
            summary = grade(
                rows,
                output,
                lambda: OpenAIGrader(run.grader),
                cache=cache,
                prompts=run.prompts,
                settings=run.settings,
                endpoints={url: partial(OpenAIGrader, other) for url, other in run.endpoints.items()},
                total=total,
                on_progress=progress.show,
            )
        finally:
            progress.done()
    finally:
        cache.close()
    for warning in summary.warnings:
        click.echo(f"faithcompat: warning: {warning}", err=True)
    for line in summary_lines(summary, output, price):
        click.echo(line, err=True)
    click.echo(f"next: faithcompat diff {output}", err=True)


def summary_lines(summary: GradeSummary, out: Path, price: tuple[float, float] | None) -> list[str]:
    """The run's summary: the replies the corpus rests on, each count saying whether it is this
    run's (asked) or replayed from the cache, the parts adding up; then this run's requests and tokens."""
    cost = f", cost ${summary.cost(*price):,.4f}" if price is not None else ""
    kinds = ", ".join(f"{count:,} {kind}" for kind, count in summary.error_kinds)
    return [
        f"graded {summary.cases:,} cases into {out}: {summary.replies:,} replies, {summary.calls_made:,} asked "
        f"this run and {summary.cached:,} replayed from the cache; {summary.reasks:,} of them re-asks, "
        f"{summary.reasks_made:,} asked this run and {summary.reasks_cached:,} replayed",
        f"this run: {summary.requests:,} requests, {summary.retried:,} retried, {summary.failed:,} failed "
        f"({summary.grader_errors:,} grader errors on {summary.failed_cases:,} cases{': ' + kinds if kinds else ''}); "
        f"tokens {summary.prompt_tokens:,} in, {summary.completion_tokens:,} out{cost}",
    ]


@click.command()
@click.option("--prompts", "prompts_path", type=click.Path(dir_okay=False), help="A prompts file to check and show.")
@click.option(
    "--from-promptfoo",
    "promptfoo_path",
    type=click.Path(),
    metavar="PATH",
    help="Your promptfoo's faithfulness prompts as the legacy arm's: PATH is its package directory "
    "(node_modules/promptfoo) or a promptfoo config with custom prompts (rubricPrompt).",
)
@domain_errors
def prompts(prompts_path: str | None, promptfoo_path: str | None) -> None:
    """Print the prompt templates in force (TOML): a starting point for --prompts files.

    With --from-promptfoo, the legacy arm's templates are those your promptfoo asks, its
    placeholders translated: save the output and grade with --prompts FILE.
    """
    if prompts_path is not None and promptfoo_path is not None:
        raise click.UsageError("give --prompts or --from-promptfoo, not both")
    sets = promptfoo_prompts(promptfoo_path) if promptfoo_path is not None else load_prompts(prompts_path)
    click.echo(prompts_toml(sets), nl=False)
