"""report.html's tables below the first screen: largest drifts, causes, cohorts, deltas, the corpus, added sections."""

from __future__ import annotations

from urllib.parse import quote

from compat.diff import DriftReport, JsonScore
from compat.report._extra_section import ExtraSection
from compat.report.html.charts import edge, histogram_svg
from compat.report.html.markup import esc, no_differences, num, pct, signed, tally


def _score(value: JsonScore) -> str:
    """A score as the report encodes it: a float, a JavaScript word for non-finite, or none."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return esc(value)
    return f"{value:.4f}"


def _cause(cause: str) -> str:
    """A cause name that may wrap only after its underscores."""
    return f'<code class="cause">{esc(cause).replace("_", "_<wbr>")}</code>'


def _case_link(case_id: str) -> str:
    return f'<a href="#case={esc(quote(case_id, safe=""))}"><code>{esc(case_id)}</code></a>'


def largest_table(report: DriftReport) -> str:
    if not report.largest_drifts:
        return '<p class="muted">No case has two finite scores that differ.</p>'
    control, candidate = esc(report.scorers.control), esc(report.scorers.candidate)
    rows = "\n".join(
        f'<tr><th scope="row" class="id">{_case_link(case.id)}</th><td class="num">{_score(case.control_score)}</td>'
        f'<td class="num">{_score(case.candidate_score)}</td><td class="num">{signed(case.delta)}</td>'
        f"<td>{_cause(case.cause) if case.cause else '—'}</td></tr>"
        for case in report.largest_drifts
    )
    return (
        '<div class="scroll"><table class="largest">\n'
        "<caption>The largest score changes (open one to read it)</caption>\n"
        f'<thead><tr><th scope="col">case</th><th scope="col" class="num">{control}</th>'
        f'<th scope="col" class="num">{candidate}</th><th scope="col" class="num">delta</th>'
        f'<th scope="col">cause</th></tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table></div>'
    )


def _sort_head(label: str, col: int, numeric: bool = False) -> str:
    css = ' class="num"' if numeric else ""
    return f'<th scope="col"{css}><button type="button" data-col="{col}">{label}</button></th>'


def cause_table(report: DriftReport) -> str:
    if not report.causes:
        return no_differences(report.corpus.cases)
    rows = []
    for row in report.causes:
        css = ' class="unexplained"' if row.cause == "unexplained" else ""
        examples = ", ".join(_case_link(example) for example in row.examples) or "—"
        rows.append(
            f'<tr{css}><th scope="row" data-value="{esc(row.cause)}">{_cause(row.cause)}</th>'
            f'<td data-value="{esc(row.description)}">{esc(row.description)}</td>'
            f'<td class="num" data-value="{row.count}">{row.count:,}</td>'
            f'<td data-value="">{tally(row.outcomes)}</td><td data-value="">{examples}</td></tr>'
        )
    head = (
        _sort_head("cause", 0)
        + _sort_head("description", 1)
        + _sort_head("cases", 2, True)
        + '<th scope="col">outcomes</th><th scope="col">examples</th>'
    )
    return (
        '<div class="scroll"><table class="causes sortable">\n<caption>Why the scores differ</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>"
    )


def cohort_table(report: DriftReport) -> str:
    if not report.cohorts:
        return '<p class="muted">No case has a tag.</p>'
    rows = []
    for row in report.cohorts:
        css = ' class="unexplained"' if row.unexplained else ""
        agreement = row.agreement if row.agreement is not None else -1.0
        width = 100 * max(agreement, 0.0)
        flips = row.outcomes.get("flip", 0)
        drifts = row.cases - row.outcomes.get("match", 0)
        rows.append(
            f'<tr{css}><th scope="row" data-value="{esc(row.tag)}"><span class="tag">{esc(row.tag)}</span></th>'
            f'<td class="num" data-value="{row.cases}">{row.cases:,}</td>'
            f'<td data-value="{agreement}"><span class="hbar match inline" style="width:{width / 10:.2f}rem">'
            f"</span> {pct(row.agreement)}</td>"
            f'<td class="num" data-value="{drifts}">{drifts:,}</td>'
            f'<td class="num" data-value="{flips}">{flips:,}</td>'
            f'<td class="num" data-value="{row.unexplained}">{row.unexplained:,}</td>'
            f'<td data-value="">{tally(row.outcomes)}</td></tr>'
        )
    head = (
        _sort_head("tag", 0)
        + _sort_head("cases", 1, True)
        + _sort_head("agreement", 2)
        + _sort_head("differ", 3, True)
        + _sort_head("flips", 4, True)
        + _sort_head("unexplained", 5, True)
        + '<th scope="col">outcomes</th>'
    )
    return (
        '<div class="scroll"><table class="cohorts sortable">\n'
        "<caption>By tag (a case counts in each of its tags; sort by any column)</caption>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>"
    )


def delta_distribution(report: DriftReport) -> str:
    d = report.deltas
    axis = f"{esc(report.scorers.candidate)} − {esc(report.scorers.control)}"
    stats = [("count", str(d.count)), ("mean", signed(d.mean)), ("min", signed(d.min)), ("max", signed(d.max))]
    stats += [(esc(name), signed(value)) for name, value in d.percentiles.items()]
    head = "".join(f'<th scope="col" class="num">{name}</th>' for name, _ in stats)
    cells = "".join(f'<td class="num">{value}</td>' for _, value in stats)
    table = (
        f'<div class="scroll"><table class="percentiles">\n<caption>Deltas ({axis}) where both scores are finite'
        f"</caption>\n<thead><tr>{head}</tr></thead>\n<tbody><tr>{cells}</tr></tbody>\n</table></div>"
    )
    if not d.histogram:
        return table + '\n<p class="muted">No histogram.</p>'
    empty = '\n<p class="muted">No case has two finite scores.</p>' if not d.count else ""
    bins = "\n".join(
        f'<tr><td class="num">{edge(b.low)}</td><td class="num">{edge(b.high)}</td><td class="num">{b.count}</td></tr>'
        for b in d.histogram
    )
    bin_table = (
        '<details class="noprint"><summary>Histogram as a table</summary>\n<table>\n'
        '<thead><tr><th scope="col" class="num">from</th><th scope="col" class="num">to</th>'
        f'<th scope="col" class="num">cases</th></tr></thead>\n<tbody>\n{bins}\n</tbody>\n</table>\n</details>'
    )
    return f"{table}{empty}\n<figure>\n{histogram_svg(d.histogram, axis)}\n</figure>\n{bin_table}"


def extra_section(section: ExtraSection) -> str:
    head = "".join(f'<th scope="col">{esc(cell)}</th>' for cell in section.header)
    body = "\n".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in section.rows)
    notes = "".join(f"<li>{esc(note)}</li>" for note in section.notes)
    key = esc(section.key)
    return (
        f'<section aria-labelledby="s-{key}">\n<h2 id="s-{key}">{esc(section.title)}</h2>\n'
        f'<div class="scroll"><table class="{key}">\n<caption>{esc(section.caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table></div>\n"
        + (f"<ul>{notes}</ul>\n" if notes else "")
        + "</section>"
    )


def corpus_summary(report: DriftReport) -> str:
    corpus, scorers, agreement = report.corpus, report.scorers, report.agreement
    control, candidate = esc(scorers.control), esc(scorers.candidate)
    means = []
    for arm, name in (("control", control), ("candidate", candidate)):
        mean = report.means.get(arm)
        if mean is not None:
            means.append(f'{name} {num(mean.mean)} <span class="muted">(n={mean.count})</span>')
    policy = f" (policy <code>{esc(scorers.candidate_policy)}</code>)" if scorers.candidate_policy else ""
    vocabulary = scorers.candidate_vocabulary
    if vocabulary is not None:
        added = "; ".join(
            f"{kind}: " + ", ".join(f"<code>{esc(word)}</code>" for word in words)
            for kind, words in (("yes", vocabulary.yes), ("no", vocabulary.no), ("none", vocabulary.none))
            if words
        )
        policy += f"; verdict words added ({added})"
    sources = "<br>".join(f"<code>{esc(source)}</code>" for source in corpus.sources) or "—"
    skipped = f"; {corpus.skipped_invalid} malformed skipped" if corpus.skipped_invalid else ""
    rows = [
        ("Corpus", f"{corpus.cases:,} cases{skipped}"),
        ("Sources", sources),
        ("SHA-256", f"<code>{esc(corpus.sha256)}</code>"),
        (
            "Scorers",
            f"control <code>{control}</code> vs candidate <code>{candidate}</code>{policy}; "
            f"tolerance {esc(f'{scorers.tolerance:g}')}",
        ),
        ("Outcomes", tally(report.outcomes)),
        ("Differences", f"{report.explained} explained, {report.unexplained} unexplained"),
        (
            "Agreement",
            f"{pct(agreement.rate)} ({agreement.matches} of {agreement.cases}); Wilson 95% "
            f"{pct(agreement.wilson_low)} to {pct(agreement.wilson_high)}",
        ),
        ("Means", "; ".join(means) or "—"),
        (f"{control} invalid", tally(report.legacy_invalid)),
    ]
    expectations = report.expectations
    rows.append(("Expectations", f"{expectations.checked} checked, {expectations.failed} failed"))
    items = "\n".join(f"<dt>{name}</dt><dd>{value}</dd>" for name, value in rows)
    parts = [f'<dl class="summary">\n{items}\n</dl>']
    if expectations.failures:
        listed = "\n".join(f"<li><code>{esc(failure)}</code></li>" for failure in expectations.failures)
        parts.append(f'<p class="note">Cases that miss their expected outcome:</p>\n<ul>\n{listed}\n</ul>')
    return "\n".join(parts)
