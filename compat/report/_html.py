"""The drift report as one self-contained HTML5 page (``report.html``).

A pure function of a ``DriftReport`` and the case lines to list: inline CSS, one
inline script, an inline SVG histogram, no URL of any kind, so the page renders
offline and byte for byte the same for the same input.

Every string that comes from the corpus or the report goes through ``_esc`` (which
is ``html.escape(..., quote=True)`` after making control characters and lone
surrogates printable), whether it lands in text or in an attribute. The script is
a constant: it reads only ``data-`` attributes whose values it compares with fixed
words, and holds no corpus data. A Content-Security-Policy allows that one script
by its SHA-256 and nothing else, so injected markup could not run even if a string
escaped its escaping.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from compat._text import ROUNDING_NOISE, format_change
from compat.diff import CaseLine, DriftReport, HistogramBin, JsonScore

# The filters of the case table: button name -> what it selects (mirrored in _SCRIPT).
FILTERS: tuple[tuple[str, str], ...] = (
    ("all", "every case listed"),
    ("drift", "outcome drift: same pass/fail, different score"),
    ("flips", "outcome flip: pass/fail changed"),
    ("unexplained", "cause unexplained: no rule accounts for the difference"),
)

_SCRIPT = """
(function () {
  "use strict";
  var table = document.getElementById("cases-table");
  var bar = document.getElementById("case-filters");
  var shown = document.getElementById("visible-count");
  if (!table || !bar || !shown) { return; }
  var rows = table.tBodies.length ? table.tBodies[0].rows : [];
  var buttons = bar.querySelectorAll("button[data-filter]");
  var tests = {
    all: function () { return true; },
    drift: function (row) { return row.getAttribute("data-outcome") === "drift"; },
    flips: function (row) { return row.getAttribute("data-outcome") === "flip"; },
    unexplained: function (row) { return row.getAttribute("data-cause") === "unexplained"; }
  };
  function apply(name) {
    if (!Object.prototype.hasOwnProperty.call(tests, name)) { name = "all"; }
    var visible = 0;
    for (var i = 0; i < rows.length; i++) {
      var keep = tests[name](rows[i]);
      rows[i].hidden = !keep;
      rows[i].setAttribute("data-visible", keep ? "true" : "false");
      if (keep) { visible++; }
    }
    for (var j = 0; j < buttons.length; j++) {
      var on = buttons[j].getAttribute("data-filter") === name;
      buttons[j].setAttribute("aria-pressed", on ? "true" : "false");
    }
    table.setAttribute("data-filter", name);
    shown.textContent = String(visible);
  }
  function fromHash() { apply(location.hash.replace(/^#/, "")); }
  for (var k = 0; k < buttons.length; k++) {
    buttons[k].addEventListener("click", function (event) {
      var name = event.currentTarget.getAttribute("data-filter");
      apply(name);
      try { history.replaceState(null, "", "#" + name); } catch (e) { /* file: URLs may refuse */ }
    });
  }
  window.addEventListener("hashchange", fromHash);
  bar.hidden = false;
  fromHash();
})();
"""

SCRIPT_SHA256 = base64.b64encode(hashlib.sha256(_SCRIPT.encode("utf-8")).digest()).decode("ascii")

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; "
    f"script-src 'sha256-{SCRIPT_SHA256}'; "
    "style-src 'unsafe-inline'; "
    "img-src data:; "
    "base-uri 'none'; "
    "form-action 'none'"
)

_STYLE = """
:root {
  color-scheme: light dark;
  --fg: #1b1f24; --muted: #57606a; --bg: #ffffff; --panel: #f6f8fa; --line: #d0d7de;
  --accent: #0969da; --bad: #cf222e; --warn: #9a6700; --good: #1a7f37; --bar: #0969da; --out: #8250df;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --muted: #8d96a0; --bg: #0d1117; --panel: #161b22; --line: #30363d;
    --accent: #4493f8; --bad: #f85149; --warn: #d29922; --good: #3fb950; --bar: #4493f8; --out: #ab7df8;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body {
  margin: 0 auto; padding: 1rem 1.25rem 3rem; max-width: 84rem; color: var(--fg); background: var(--bg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
h1 { font-size: 1.3rem; margin: .25rem 0 .5rem; }
h2 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
p { margin: .4rem 0; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .92em; }
code { unicode-bidi: isolate; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.tool { color: var(--muted); margin: 0; }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dl.summary dt { color: var(--muted); }
dl.summary dd { margin: 0; overflow-wrap: anywhere; }
.grid { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .4rem 0; }
caption { text-align: left; font-weight: 600; padding: .2rem 0; }
th, td { border: 1px solid var(--line); padding: .2rem .45rem; text-align: left; vertical-align: top; }
thead th { background: var(--panel); position: sticky; top: 0; }
th[scope="row"] { background: var(--panel); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.id { min-width: 11rem; max-width: 22rem; overflow-wrap: anywhere; }
code.cause { overflow-wrap: normal; }
td.flip { color: var(--bad); font-weight: 600; }
tr.unexplained td { background: color-mix(in srgb, var(--bad) 12%, transparent); }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: .6rem; padding: 0 .35rem;
  margin: 0 .15rem .1rem 0; font-size: .85em; unicode-bidi: isolate; overflow-wrap: anywhere; }
.pass { color: var(--good); } .fail { color: var(--bad); } .undetermined { color: var(--warn); }
.outcome-flip { color: var(--bad); font-weight: 600; }
.outcome-drift { color: var(--warn); }
details > summary { cursor: pointer; color: var(--accent); }
details dl { margin: .3rem 0 0; max-width: 36rem; }
details dt { font-weight: 600; }
details dd { margin: 0 0 .3rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.filters { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .5rem 0; }
.filters button {
  font: inherit; color: var(--fg); background: var(--panel); border: 1px solid var(--line);
  border-radius: .35rem; padding: .2rem .6rem; cursor: pointer;
}
.filters button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
.filters button[aria-pressed="true"] .muted { color: inherit; }
.filters button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.note { border-left: 3px solid var(--warn); padding: .3rem .6rem; background: var(--panel); }
svg.histogram { width: 100%; max-width: 44rem; height: auto; display: block; }
svg.histogram .bar { fill: var(--bar); }
svg.histogram .bar.outlier { fill: var(--out); }
svg.histogram .axis { stroke: var(--muted); stroke-width: 1; }
svg.histogram text { fill: var(--fg); font-size: 10px; font-family: system-ui, sans-serif; }
svg.histogram text.label { fill: var(--muted); font-size: 11px; }
svg.waterfall { width: 100%; max-width: 44rem; height: auto; display: block; }
svg.waterfall .level { fill: var(--bar); }
svg.waterfall .up { fill: var(--good); }
svg.waterfall .down { fill: var(--bad); }
svg.waterfall .axis { stroke: var(--muted); stroke-width: 1; }
svg.waterfall text { fill: var(--fg); font-size: 11px; font-family: system-ui, sans-serif; }
@media print {
  body { max-width: none; padding: 0; font-size: 10px; color: #000; background: #fff; }
  .filters, .noprint { display: none !important; }
  thead th { position: static; }
  tr { break-inside: avoid; }
  h2 { break-after: avoid; }
  a { color: inherit; }
}
"""

_CONTROLS = {c: chr(0x2400 + c) for c in range(0x20) if c not in (0x09, 0x0A, 0x0D)}
_CONTROLS[0x7F] = "\u2421"
_SURROGATE = re.compile("[\ud800-\udfff]")


def _esc(text: object) -> str:
    """Any value as inert HTML text or attribute content (always double-quote attributes)."""
    plain = _SURROGATE.sub("\ufffd", str(text).translate(_CONTROLS))
    return html.escape(plain, quote=True)


def _pct(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.1f}%"


def _num(value: float | None, digits: int = 4) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _signed(value: float | None) -> str:
    return format_change(value, 4)


def _score(value: JsonScore) -> str:
    """A score as the report encodes it: a float, a JavaScript word for non-finite, or none."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return _esc(value)
    return f"{value:.4f}"


def _edge(value: float) -> str:
    text = f"{value:.4g}"
    return "0" if text == "-0" else text


def _counts(counts: Mapping[str, int]) -> str:
    """``{"drift": 3, "flip": 1}`` as escaped ``drift 3, flip 1``."""
    return ", ".join(f"{_esc(name)}&nbsp;{n}" for name, n in counts.items()) or "—"


def _codes(items: Iterable[str]) -> str:
    return ", ".join(f"<code>{_esc(item)}</code>" for item in items) or "—"


def _cause(cause: str) -> str:
    """A cause name that may wrap only after its underscores."""
    return f'<code class="cause">{_esc(cause).replace("_", "_<wbr>")}</code>'


def _passed(passed: bool) -> str:
    return '<span class="pass">pass</span>' if passed else '<span class="fail">fail</span>'


# ------------------------------------------------------------------ sections


def _summary(report: DriftReport) -> str:
    corpus, scorers, agreement = report.corpus, report.scorers, report.agreement
    control, candidate = _esc(scorers.control), _esc(scorers.candidate)
    means = []
    for arm, name in (("control", control), ("candidate", candidate)):
        mean = report.means.get(arm)
        if mean is not None:
            means.append(f'{name} {_num(mean.mean)} <span class="muted">(n={mean.count})</span>')
    policy = f" (policy <code>{_esc(scorers.candidate_policy)}</code>)" if scorers.candidate_policy else ""
    vocabulary = scorers.candidate_vocabulary
    if vocabulary is not None:
        added = "; ".join(
            f"{kind}: " + ", ".join(f"<code>{_esc(word)}</code>" for word in words)
            for kind, words in (("yes", vocabulary.yes), ("no", vocabulary.no), ("none", vocabulary.none))
            if words
        )
        policy += f"; verdict words added ({added})"
    sources = "<br>".join(f"<code>{_esc(source)}</code>" for source in corpus.sources) or "—"
    skipped = f"; {corpus.skipped_invalid} malformed skipped" if corpus.skipped_invalid else ""
    rows = [
        ("Corpus", f"{corpus.cases} cases{skipped}"),
        ("Sources", sources),
        ("SHA-256", f"<code>{_esc(corpus.sha256)}</code>"),
        (
            "Scorers",
            f"control <code>{control}</code> vs candidate <code>{candidate}</code>{policy}; "
            f"tolerance {_esc(f'{scorers.tolerance:g}')}",
        ),
        ("Outcomes", _counts(report.outcomes)),
        ("Differences", f"{report.explained} explained, {report.unexplained} unexplained"),
        (
            "Agreement",
            f"{_pct(agreement.rate)} ({agreement.matches} of {agreement.cases}); Wilson 95% "
            f"{_pct(agreement.wilson_low)} to {_pct(agreement.wilson_high)}",
        ),
        ("Means", "; ".join(means) or "—"),
        (f"{control} invalid", _counts(report.legacy_invalid)),
    ]
    expectations = report.expectations
    rows.append(("Expectations", f"{expectations.checked} checked, {expectations.failed} failed"))
    items = "\n".join(f"<dt>{name}</dt><dd>{value}</dd>" for name, value in rows)
    parts = [f'<dl class="summary">\n{items}\n</dl>']
    if expectations.failures:
        listed = "\n".join(f"<li><code>{_esc(failure)}</code></li>" for failure in expectations.failures)
        parts.append(f'<p class="note">Cases that miss their expected outcome:</p>\n<ul>\n{listed}\n</ul>')
    return "\n".join(parts)


def _flip_matrix(report: DriftReport) -> str:
    matrix = report.flip_matrix
    columns: list[str] = []
    for cells in matrix.values():
        columns += [column for column in cells if column not in columns]
    control, candidate = _esc(report.scorers.control), _esc(report.scorers.candidate)
    head = "".join(f'<th scope="col" class="num">{candidate} {_esc(column)}</th>' for column in columns)
    body = []
    for row, cells in matrix.items():
        tds = []
        for column in columns:
            flipped = column != row and column in ("pass", "fail") and row in ("pass", "fail")
            css = "num flip" if flipped and cells.get(column) else "num"
            tds.append(f'<td class="{css}">{cells.get(column, 0)}</td>')
        body.append(f'<tr><th scope="row">{control} {_esc(row)}</th>{"".join(tds)}</tr>')
    return (
        '<table class="matrix">\n'
        f"<caption>Pass/fail: {control} (rows) vs {candidate} (columns)</caption>\n"
        f"<thead><tr><td></td>{head}</tr></thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>"
    )


_SVG_W, _SVG_H = 640, 250
_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 12, 18, 46


def _histogram_svg(bins: Sequence[HistogramBin], axis: str, *, key: str = "histogram", what: str = "delta") -> str:
    """One ``<rect class="bar">`` per bin, equal widths (outlier bins are wider in value)."""
    plot_w, plot_h = _SVG_W - _LEFT - _RIGHT, _SVG_H - _TOP - _BOTTOM
    base = _TOP + plot_h
    peak = max((b.count for b in bins), default=0)
    width = plot_w / max(len(bins), 1)
    parts = [
        f'<svg class="histogram" viewBox="0 0 {_SVG_W} {_SVG_H}" role="img" aria-labelledby="{key}-title">',
        f'<title id="{key}-title">Histogram of {what}s ({axis}), {len(bins)} bins</title>',
    ]
    for i, b in enumerate(bins):
        height = plot_h * b.count / peak if peak else 0.0
        x, y = _LEFT + i * width, base - height
        outlier = b.low < -1.0 or b.high > 1.0
        css = "bar outlier" if outlier else "bar"
        tip = f"{_edge(b.low)} to {_edge(b.high)}: {b.count} case{'' if b.count == 1 else 's'}"
        parts.append(
            f'<rect class="{css}" x="{x + 1:.2f}" y="{y:.2f}" width="{max(width - 2, 1):.2f}" '
            f'height="{height:.2f}" data-count="{b.count}"><title>{_esc(tip)}</title></rect>'
        )
        if b.count:
            parts.append(f'<text x="{x + width / 2:.2f}" y="{y - 3:.2f}" text-anchor="middle">{b.count}</text>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{_SVG_W - _RIGHT}" y2="{base}"/>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{base}"/>')
    edges = [b.low for b in bins] + ([bins[-1].high] if bins else [])
    last_x, last_text = -1e9, ""
    for i, value in enumerate(edges):
        x = _LEFT + i * width
        text = _edge(value)
        half = abs(value * 2 - round(value * 2)) < 1e-9
        if (half or i in (0, len(edges) - 1)) and text != last_text and x - last_x >= 24:
            parts.append(f'<line class="axis" x1="{x:.2f}" y1="{base}" x2="{x:.2f}" y2="{base + 4}"/>')
            parts.append(f'<text x="{x:.2f}" y="{base + 15}" text-anchor="middle">{_esc(text)}</text>')
            last_x, last_text = x, text
    for tick in sorted({0, peak // 2, peak} if peak else {0}):
        y = base - (plot_h * tick / peak if peak else 0.0)
        parts.append(f'<line class="axis" x1="{_LEFT - 4}" y1="{y:.2f}" x2="{_LEFT}" y2="{y:.2f}"/>')
        parts.append(f'<text x="{_LEFT - 7}" y="{y + 3.5:.2f}" text-anchor="end">{tick}</text>')
    parts.append(
        f'<text class="label" x="{_LEFT + plot_w / 2:.2f}" y="{_SVG_H - 8}" text-anchor="middle">{what} ({axis})</text>'
    )
    parts.append(
        f'<text class="label" x="12" y="{_TOP + plot_h / 2:.2f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {_TOP + plot_h / 2:.2f})">cases</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _deltas(report: DriftReport) -> str:
    d = report.deltas
    axis = f"{_esc(report.scorers.candidate)} − {_esc(report.scorers.control)}"
    stats = [("count", str(d.count)), ("mean", _signed(d.mean)), ("min", _signed(d.min)), ("max", _signed(d.max))]
    stats += [(_esc(name), _signed(value)) for name, value in d.percentiles.items()]
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
        f'<tr><td class="num">{_edge(b.low)}</td><td class="num">{_edge(b.high)}</td>'
        f'<td class="num">{b.count}</td></tr>'
        for b in d.histogram
    )
    bin_table = (
        '<details class="noprint"><summary>Histogram as a table</summary>\n<table>\n'
        '<thead><tr><th scope="col" class="num">from</th><th scope="col" class="num">to</th>'
        f'<th scope="col" class="num">cases</th></tr></thead>\n<tbody>\n{bins}\n</tbody>\n</table>\n</details>'
    )
    return f"{table}{empty}\n<figure>\n{_histogram_svg(d.histogram, axis)}\n</figure>\n{bin_table}"


def _causes(report: DriftReport) -> str:
    if not report.causes:
        return '<p class="muted">No differences: every case matches.</p>'
    rows = []
    for row in report.causes:
        css = ' class="unexplained"' if row.cause == "unexplained" else ""
        rows.append(
            f"<tr{css}>"
            f'<th scope="row">{_cause(row.cause)}</th><td>{_esc(row.description)}</td>'
            f'<td class="num">{row.count}</td><td>{_counts(row.outcomes)}</td><td>{_codes(row.examples)}</td></tr>'
        )
    return (
        '<div class="scroll"><table class="causes">\n<caption>Why the scores differ</caption>\n'
        '<thead><tr><th scope="col">cause</th><th scope="col">description</th><th scope="col" class="num">cases</th>'
        '<th scope="col">outcomes</th><th scope="col">examples</th></tr></thead>\n<tbody>\n'
        + "\n".join(rows)
        + "\n</tbody>\n</table></div>"
    )


def _cohorts(report: DriftReport) -> str:
    if not report.cohorts:
        return '<p class="muted">No case has a tag.</p>'
    rows = []
    for row in report.cohorts:
        css = ' class="unexplained"' if row.unexplained else ""
        rows.append(
            f'<tr{css}><th scope="row"><span class="tag">{_esc(row.tag)}</span></th><td class="num">{row.cases}</td>'
            f'<td>{_counts(row.outcomes)}</td><td class="num">{row.unexplained}</td>'
            f'<td class="num">{_pct(row.agreement)}</td></tr>'
        )
    return (
        '<div class="scroll"><table class="cohorts">\n<caption>By tag (a case counts in each of its tags)</caption>\n'
        '<thead><tr><th scope="col">tag</th><th scope="col" class="num">cases</th><th scope="col">outcomes</th>'
        '<th scope="col" class="num">unexplained</th><th scope="col" class="num">agreement</th></tr></thead>\n'
        "<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>"
    )


def _filter_count(name: str, cases: Sequence[CaseLine]) -> int:
    if name == "drift":
        return sum(1 for case in cases if case.outcome == "drift")
    if name == "flips":
        return sum(1 for case in cases if case.outcome == "flip")
    if name == "unexplained":
        return sum(1 for case in cases if case.cause == "unexplained")
    return len(cases)


def _case_row(case: CaseLine, control: str, candidate: str) -> str:
    tags = "".join(f'<span class="tag">{_esc(tag)}</span>' for tag in case.tags) or "—"
    status = _esc(case.candidate_status)
    if case.candidate_cause:
        status += f": {_esc(case.candidate_cause)}"
    if case.candidate_format:
        status += f'<br><span class="muted">{_esc(case.candidate_format)}</span>'
    cause = _cause(case.cause) if case.cause else "—"
    reasons = (
        f"<details><summary>reasons</summary><dl>"
        f"<dt>{control}</dt><dd>{_esc(case.control_reason)}</dd>"
        f"<dt>{candidate}</dt><dd>{_esc(case.candidate_reason)}</dd></dl></details>"
    )
    css = ' class="unexplained"' if case.cause == "unexplained" else ""
    return (
        f'<tr{css} data-outcome="{_esc(case.outcome)}" data-cause="{_esc(case.cause or "")}">'
        f'<th scope="row" class="id"><code>{_esc(case.id)}</code></th>'
        f"<td>{tags}</td>"
        f'<td><span class="outcome-{_esc(case.outcome)}">{_esc(case.outcome)}</span></td>'
        f"<td>{cause}</td>"
        f'<td class="num">{_score(case.control_score)}</td><td>{_passed(case.control_passed)}</td>'
        f'<td class="num">{_score(case.candidate_score)}</td><td>{status}</td><td>{_passed(case.candidate_passed)}</td>'
        f'<td class="num">{_signed(case.delta)}</td>'
        f"<td>{_codes(case.candidate_warnings)}</td>"
        f"<td>{reasons}</td></tr>"
    )


def _cases(report: DriftReport, cases: Sequence[CaseLine], truncated: int) -> str:
    control, candidate = _esc(report.scorers.control), _esc(report.scorers.candidate)
    parts = []
    if truncated > 0:
        parts.append(
            f'<p class="note">The table lists the first {len(cases)} differing cases; '
            f"{truncated} more are in <code>cases.jsonl</code>.</p>"
        )
    if not cases:
        parts.append('<p class="muted">No case to list.</p>')
        return "\n".join(parts)
    buttons = "".join(
        f'<button type="button" data-filter="{name}" aria-pressed="{"true" if name == "all" else "false"}" '
        f'title="{_esc(help_)}">{name} <span class="muted">({_filter_count(name, cases)})</span></button>'
        for name, help_ in FILTERS
    )
    parts.append(
        f'<div class="filters" id="case-filters" role="group" aria-label="Filter cases" hidden>{buttons}</div>'
    )
    parts.append(
        f'<p role="status" aria-live="polite">Showing <output id="visible-count">{len(cases)}</output> '
        f"of {len(cases)} cases.</p>"
    )
    head = "".join(
        f'<th scope="col" class="{"num" if numeric else "text"}">{label}</th>'
        for label, numeric in (
            ("id", False),
            ("tags", False),
            ("outcome", False),
            ("cause", False),
            (f"{control} score", True),
            (f"{control} passed", False),
            (f"{candidate} score", True),
            (f"{candidate} status", False),
            (f"{candidate} passed", False),
            ("delta", True),
            ("warnings", False),
            ("reasons", False),
        )
    )
    body = "\n".join(_case_row(case, control, candidate) for case in cases)
    parts.append(
        '<table id="cases-table" class="cases" data-filter="all">\n'
        f"<caption>Cases ({candidate} vs {control})</caption>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"
    )
    return "\n".join(parts)


@dataclass(frozen=True)
class ExtraSection:
    """A section that a later stage adds to the page (the league table): a table and sentences.

    Plain text throughout: this module escapes it, so no other stage writes HTML.
    """

    key: str  # the section's id, letters and dashes
    title: str
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


def _extra(section: ExtraSection) -> str:
    head = "".join(f'<th scope="col">{_esc(cell)}</th>' for cell in section.header)
    body = "\n".join("<tr>" + "".join(f"<td>{_esc(cell)}</td>" for cell in row) + "</tr>" for row in section.rows)
    notes = "".join(f"<li>{_esc(note)}</li>" for note in section.notes)
    key = _esc(section.key)
    return (
        f'<section aria-labelledby="s-{key}">\n<h2 id="s-{key}">{_esc(section.title)}</h2>\n'
        f'<div class="scroll"><table class="{key}">\n<caption>{_esc(section.caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table></div>\n"
        + (f"<ul>{notes}</ul>\n" if notes else "")
        + "</section>"
    )


# ------------------------------------------------------------------ why the numbers move


def _steps_sections(report: DriftReport) -> list[str]:
    """The decomposition (a waterfall of the mean), the noise floor and the recorded scores."""
    sections = []
    steps = report.decomposition
    if steps is not None:
        parts = [
            f"<p>{steps.cases} cases carry both arms' recordings; the means are over the {steps.complete} "
            "whose three scores are all determined (the control's in [0, 1]). The middle score is the candidate "
            "scorer on the legacy arm's text: the parser step reads one text two ways, the prompt step compares "
            "two gradings, and the part of it within the grader's own spread is noise.</p>"
        ]
        if steps.effects is not None:
            parts.append(_waterfall_svg(report))
        rows = "".join(
            f'<tr><th scope="row">{_esc(step)}</th>'
            f'<td class="num">{_signed(getattr(steps.effects, step) if steps.effects else None)}</td>'
            f'<td class="num">{steps.steps[step]}</td><td class="num">{steps.flips[step]}</td></tr>'
            for step in ("parser", "prompts", "noise")
        )
        parts.append(
            '<table class="steps">\n<caption>Each step: its mean change, the cases it made differ, the flips it'
            ' made</caption>\n<thead><tr><th scope="col">step</th><th scope="col" class="num">mean change</th>'
            '<th scope="col" class="num">cases</th><th scope="col" class="num">flips</th></tr></thead>\n'
            f"<tbody>{rows}</tbody>\n</table>"
        )
        if steps.parser_causes:
            parts.append(f"<p>Parser step causes: {_counts(steps.parser_causes)}.</p>")
        if steps.incomplete:
            parts.append(f'<p class="muted">Left out of the means: {_counts(steps.incomplete)}.</p>')
        sections.append(_section("steps", "Why the numbers move", "\n".join(parts)))
    noise = report.noise
    if noise is not None:
        beyond = report.agreement_beyond_noise
        parts = [
            f"<p>{noise.cases} cases were graded more than once (up to {noise.samples} sample pairs): noise floor "
            f"mean {_num(noise.floor_mean)}, max {_num(noise.floor_max)}; {noise.noisy} with a floor above zero. "
            f"Differences within noise: {report.outcomes.get('within_noise', 0)} "
            f"({_counts(noise.within_noise)})."
            + (
                f" Agreement beyond noise {_pct(beyond.rate)}, Wilson 95% {_pct(beyond.wilson_low)} to "
                f"{_pct(beyond.wilson_high)}."
                if beyond is not None
                else ""
            )
            + "</p>",
            _histogram_svg(noise.histogram, "max − min across samples", key="noise-histogram", what="noise floor"),
        ]
        sections.append(_section("noise", "Grader noise", "\n".join(parts)))
    observed = report.observed
    if observed is not None:
        generations = ", ".join(f"<code>{_esc(name)}</code> {count}" for name, count in observed.generations.items())
        listed = "".join(f"<li><code>{_esc(line)}</code></li>" for line in observed.mismatches)
        parts = [
            f"<p>{observed.cases} cases carry a score promptfoo recorded. Of the {observed.exact_checked} that hold "
            f"the grader texts it scored, the legacy scorer reproduces {observed.exact_reproduced} exactly (score, "
            f"pass and reason). Reproduced by each generation: {generations or '—'}; by none: "
            f"{observed.unmatched}.</p>",
            f"<p>Graded again: {observed.regraded_cases} cases; today's grader reproduces the recorded score on "
            f"{observed.regraded_samples_reproduced} of {observed.regraded_samples} samples.</p>",
        ]
        if listed:
            parts.append(f"<p>Not reproduced by the legacy scorer:</p>\n<ul>{listed}</ul>")
        sections.append(_section("observed", "Recorded scores", "\n".join(parts)))
    return sections


def _section(key: str, title: str, body: str) -> str:
    return f'<section aria-labelledby="s-{key}">\n<h2 id="s-{key}">{_esc(title)}</h2>\n{body}\n</section>'


def _waterfall_svg(report: DriftReport) -> str:
    """The mean from control to candidate: a bar per level, a floating bar per step."""
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    effects = steps.effects
    start = steps.means["control"] or 0.0
    levels = [("legacy" if report.scorers.control == "legacy" else report.scorers.control, 0.0, start, "level")]
    running = start
    for name, change in (("parser", effects.parser), ("prompts", effects.prompts), ("noise", effects.noise)):
        levels.append((name, running, running + change, "up" if change >= -ROUNDING_NOISE else "down"))
        running += change
    levels.append((report.scorers.candidate, 0.0, running, "level"))
    plot_w, plot_h = _SVG_W - _LEFT - _RIGHT, _SVG_H - _TOP - _BOTTOM
    base = _TOP + plot_h
    width = plot_w / len(levels)
    parts = [
        f'<svg class="waterfall" viewBox="0 0 {_SVG_W} {_SVG_H}" role="img" aria-labelledby="waterfall-title">',
        '<title id="waterfall-title">The mean score, from the control through each step to the candidate</title>',
    ]
    for i, (name, low, high, kind) in enumerate(levels):
        top, bottom = max(low, high), min(low, high)
        x, y = _LEFT + i * width, base - plot_h * top
        height = max(plot_h * (top - bottom), 1.0)
        change = high - low
        label = _num(high, 3) if kind == "level" else _signed(change)
        parts.append(
            f'<rect class="bar {kind}" x="{x + 6:.2f}" y="{y:.2f}" width="{width - 12:.2f}" height="{height:.2f}" '
            f'data-step="{_esc(name)}"><title>{_esc(name)}: {_esc(label)}</title></rect>'
        )
        parts.append(f'<text x="{x + width / 2:.2f}" y="{y - 4:.2f}" text-anchor="middle">{_esc(label)}</text>')
        parts.append(f'<text x="{x + width / 2:.2f}" y="{base + 15}" text-anchor="middle">{_esc(name)}</text>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{_SVG_W - _RIGHT}" y2="{base}"/>')
    for tick in (0.0, 0.5, 1.0):
        y = base - plot_h * tick
        parts.append(f'<text x="{_LEFT - 7}" y="{y + 3.5:.2f}" text-anchor="end">{tick:.1f}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def render_html(
    report: DriftReport,
    cases: Sequence[CaseLine],
    *,
    cases_truncated: int = 0,
    extra_sections: Sequence[ExtraSection] = (),
) -> str:
    """The whole report as one offline HTML5 document; same input, same bytes."""
    tool = _esc(report.tool)
    sections = [
        f'<header>\n<p class="tool">{tool} · drift report · schema {_esc(report.schema_version)}</p>\n'
        f"<h1>{_esc(report.verdict)}</h1>\n</header>",
        f'<section aria-labelledby="s-summary">\n<h2 id="s-summary">Summary</h2>\n{_summary(report)}\n'
        f"{_flip_matrix(report)}\n</section>",
        *(_extra(section) for section in extra_sections),
        *_steps_sections(report),
        f'<section aria-labelledby="s-deltas">\n<h2 id="s-deltas">Deltas</h2>\n{_deltas(report)}\n</section>',
        f'<section aria-labelledby="s-causes">\n<h2 id="s-causes">Causes</h2>\n{_causes(report)}\n</section>',
        f'<section aria-labelledby="s-cohorts">\n<h2 id="s-cohorts">Cohorts</h2>\n{_cohorts(report)}\n</section>',
        f'<section aria-labelledby="s-cases">\n<h2 id="s-cases">Cases</h2>\n'
        f"{_cases(report, cases, cases_truncated)}\n</section>",
    ]
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{tool} drift report</title>\n"
        f"<style>{_STYLE}</style>\n</head>\n<body>\n<main>\n" + "\n".join(sections) + "\n</main>\n"
        f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )
