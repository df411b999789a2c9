"""``faithcompat label``: the cases worth a person's half hour drawn from a corpus, and the page to label them on."""

from __future__ import annotations

from pathlib import Path

import click

from compat._atomic import atomic_writer
from compat._text import printable
from compat.cases import iter_lazy_cases
from compat.cli._common import corpus_sources, domain_errors, expand_patterns, max_case_bytes_option
from compat.diff import CaseComparer
from compat.labels import DEFAULT_CASES, draw_sample, read_labels
from compat.report import render_label_page
from compat.scoring import get_scorer

PAGE = "label.html"
STALE_SHOWN = 5  # stale labels named one by one; the rest counted


@click.command()
@click.argument("corpus", nargs=-1)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("faithcompat-labels"),
    show_default=True,
    help=f"Directory for {PAGE} (nothing else in it is touched: labels files you keep there stay as they are).",
)
@click.option(
    "--cases",
    "size",
    type=click.IntRange(min=1),
    default=DEFAULT_CASES,
    show_default=True,
    help="Cases to draw: 40 is what one person labels in about half an hour (about four statements a case, "
    "two keys each: some 45 seconds a case).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The draw's seed: the same seed, the same cases.")
@click.option(
    "--labels",
    "label_files",
    multiple=True,
    metavar="FILE",
    help="A labels file made so far (the page's labels.jsonl; repeat for several, or a pattern): the page "
    "shows them, and adds the cases they label to the draw. Stale ones are named and left out.",
)
@max_case_bytes_option
@domain_errors
def label(
    corpus: tuple[str, ...], out: Path, size: int, seed: int, label_files: tuple[str, ...], max_case_bytes: int
) -> None:
    """Draw cases of CORPUS for people to label, and write OUT/label.html to label them on.

    First the cases whose difference rests on a reading nobody checked (a flip or drift
    excused as legacy's bug, the two readers or the arms disagreeing), up to two thirds
    of --cases; then one case of each other outcome and cause, then more at random.
    Deterministic given --seed. The page is one offline file: answer by keyboard, reload
    without losing anything (the browser keeps the labels), save labels.jsonl, and give
    it back with --labels to carry on. With no CORPUS, the bundled corpus.
    """
    given = read_labels(expand_patterns(label_files)) if label_files else ()
    sources, names = corpus_sources(corpus)
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas"), detail=False)
    cases = iter_lazy_cases(sources, max_case_bytes=max_case_bytes)
    sample = draw_sample(cases, comparer, size=size, seed=seed, labels=given)
    checked = sample.labels
    name = ", ".join(names) if corpus else "the bundled corpus"
    page = render_label_page(sample, checked.current, corpus=name, stale=len(checked.stale))
    with atomic_writer(out / PAGE) as handle:
        handle.write(page)
    drawn = len(sample.cases) - sample.resumed
    unchecked = sum(1 for item in sample.cases[:drawn] if item.why.startswith("unchecked: "))
    click.echo(
        f"{out / PAGE}: {drawn:,} case(s) to label ({unchecked:,} with a reading nobody checked, "
        f"{drawn - unchecked:,} by outcome and cause), drawn with seed {seed} from {sample.read:,} case(s) "
        f"({sample.compared:,} compared)"
    )
    if given:
        labelled = len({label.case_id for label in checked.current})
        click.echo(
            f"labels: {len(checked.current):,} current on {labelled:,} case(s), {len(checked.stale):,} stale, "
            f"{checked.replaced:,} replaced by a later one"
        )
    for stale in checked.stale[:STALE_SHOWN]:
        click.echo(f"faithcompat: stale label (not shown, never counted): {printable(stale.why)}", err=True)
    if len(checked.stale) > STALE_SHOWN:
        click.echo(f"faithcompat: … and {len(checked.stale) - STALE_SHOWN:,} more stale label(s)", err=True)
    click.echo(f"open {out / PAGE} in a browser; press Ctrl+S there to save labels.jsonl")
