"""The page's charts: SVG histograms and the waterfall of the mean, bar tables and the flip matrix as a heat map."""

from __future__ import annotations

from collections.abc import Sequence

from compat._text import ROUNDING_NOISE
from compat.diff import DriftReport, HistogramBin, outcome_counts
from compat.report.html.markup import esc, num, signed

_SVG_W, _SVG_H = 640, 250
_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 12, 18, 46
# The first screen's card is about 300 px wide: its histogram is drawn at that size, so its
# labels are not shrunk to half their size (a 640-unit chart in a 300 px card: 5 px text).
CARD_W, CARD_H = 290, 190


def edge(value: float) -> str:
    text = f"{value:.4g}"
    return "0" if text == "-0" else text


def histogram_svg(
    bins: Sequence[HistogramBin],
    axis: str,
    *,
    key: str = "histogram",
    what: str = "delta",
    size: tuple[int, int] = (_SVG_W, _SVG_H),
) -> str:
    """One ``<rect class="bar">`` per bin, equal widths (outlier bins are wider in value).

    ``size``: the chart's width and height in the units its text is set in (the CSS
    draws the chart at about that size, so the text keeps its size)."""
    svg_w, svg_h = size
    plot_w, plot_h = svg_w - _LEFT - _RIGHT, svg_h - _TOP - _BOTTOM
    base = _TOP + plot_h
    peak = max((b.count for b in bins), default=0)
    width = plot_w / max(len(bins), 1)
    parts = [
        f'<svg class="histogram" viewBox="0 0 {svg_w} {svg_h}" role="img" aria-labelledby="{key}-title">',
        f'<title id="{key}-title">Histogram of {what}s ({axis}), {len(bins)} bins</title>',
    ]
    for i, b in enumerate(bins):
        height = plot_h * b.count / peak if peak else 0.0
        x, y = _LEFT + i * width, base - height
        outlier = b.low < -1.0 or b.high > 1.0
        css = "bar outlier" if outlier else "bar"
        tip = f"{edge(b.low)} to {edge(b.high)}: {b.count} case{'' if b.count == 1 else 's'}"
        parts.append(
            f'<rect class="{css}" x="{x + 1:.2f}" y="{y:.2f}" width="{max(width - 2, 1):.2f}" '
            f'height="{height:.2f}" data-count="{b.count}"><title>{esc(tip)}</title></rect>'
        )
        if b.count:
            parts.append(f'<text x="{x + width / 2:.2f}" y="{y - 3:.2f}" text-anchor="middle">{b.count}</text>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{svg_w - _RIGHT}" y2="{base}"/>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{base}"/>')
    edges = [b.low for b in bins] + ([bins[-1].high] if bins else [])
    last_x, last_text = -1e9, ""
    for i, value in enumerate(edges):
        x = _LEFT + i * width
        text = edge(value)
        half = abs(value * 2 - round(value * 2)) < 1e-9
        if (half or i in (0, len(edges) - 1)) and text != last_text and x - last_x >= 24:
            parts.append(f'<line class="axis" x1="{x:.2f}" y1="{base}" x2="{x:.2f}" y2="{base + 4}"/>')
            parts.append(f'<text x="{x:.2f}" y="{base + 15}" text-anchor="middle">{esc(text)}</text>')
            last_x, last_text = x, text
    for tick in sorted({0, peak // 2, peak} if peak else {0}):
        y = base - (plot_h * tick / peak if peak else 0.0)
        parts.append(f'<line class="axis" x1="{_LEFT - 4}" y1="{y:.2f}" x2="{_LEFT}" y2="{y:.2f}"/>')
        parts.append(f'<text x="{_LEFT - 7}" y="{y + 3.5:.2f}" text-anchor="end">{tick}</text>')
    parts.append(
        f'<text class="label" x="{_LEFT + plot_w / 2:.2f}" y="{svg_h - 8}" text-anchor="middle">{what} ({axis})</text>'
    )
    parts.append(
        f'<text class="label" x="12" y="{_TOP + plot_h / 2:.2f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {_TOP + plot_h / 2:.2f})">cases</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def waterfall_svg(report: DriftReport) -> str:
    """The mean from control to candidate: a bar per level, a floating bar per step."""
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    effects = steps.effects
    start = steps.means["control"] or 0.0
    levels = [("legacy" if report.scorers.control == "legacy" else report.scorers.control, 0.0, start, "level")]
    running = start
    for name, change in effects.parts():
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
        label = num(high, 3) if kind == "level" else signed(change)
        parts.append(
            f'<rect class="bar {kind}" x="{x + 6:.2f}" y="{y:.2f}" width="{width - 12:.2f}" height="{height:.2f}" '
            f'data-step="{esc(name)}"><title>{esc(name)}: {esc(label)}</title></rect>'
        )
        parts.append(f'<text x="{x + width / 2:.2f}" y="{y - 4:.2f}" text-anchor="middle">{esc(label)}</text>')
        parts.append(f'<text x="{x + width / 2:.2f}" y="{base + 15}" text-anchor="middle">{esc(name)}</text>')
    parts.append(f'<line class="axis" x1="{_LEFT}" y1="{base}" x2="{_SVG_W - _RIGHT}" y2="{base}"/>')
    for tick in (0.0, 0.5, 1.0):
        y = base - plot_h * tick
        parts.append(f'<text x="{_LEFT - 7}" y="{y + 3.5:.2f}" text-anchor="end">{tick:.1f}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def bars(rows: Sequence[tuple[str, int, str]], total: int, caption: str, *, code: bool = False) -> str:
    """A horizontal bar per (label, count, css class), widths relative to ``total``."""
    if not rows:
        return '<p class="muted">Nothing to draw.</p>'
    peak = max(max(count for _, count, _ in rows), 1)
    body = []
    for label, count, css in rows:
        # A name may wrap after its underscores: cut with an ellipsis, two causes read alike.
        wrapping = esc(label).replace("_", "_<wbr>")
        name = f"<code>{wrapping}</code>" if code else wrapping
        share = f"{100 * count / total:.1f}%" if total else "—"
        body.append(
            f'<tr><th scope="row" title="{esc(label)}">{name}</th>'
            f'<td class="barcell"><span class="hbar {esc(css)}" style="width:{100 * count / peak:.1f}%"></span></td>'
            f'<td class="num">{count:,}</td><td class="num muted">{share}</td></tr>'
        )
    return f'<table class="bars"><caption class="muted">{esc(caption)}</caption><tbody>{"".join(body)}</tbody></table>'


def _matrix_note(report: DriftReport) -> str:
    """What the matrix counts: the cases the control scored, and its red cells by outcome."""
    matrix = report.flip_matrix
    held = sum(count for cells in matrix.values() for count in cells.values())
    left = report.corpus.cases - held
    note = f", the {held:,} cases {report.scorers.control} scored" + (f" (not the {left:,} it did not)" if left else "")
    changed = report.flip_outcomes
    if changed is None:
        return note + "; red: pass/fail changed"
    named = outcome_counts(changed, every=False)
    return note + "; red: pass/fail changed" + (f" ({named})" if named else "")


def heat_map(report: DriftReport) -> str:
    """The pass/fail flip matrix with each cell shaded by its share of the cases."""
    matrix = report.flip_matrix
    columns: list[str] = []
    for cells in matrix.values():
        columns += [column for column in cells if column not in columns]
    control, candidate = esc(report.scorers.control), esc(report.scorers.candidate)
    peak = max((count for cells in matrix.values() for count in cells.values()), default=0) or 1
    head = "".join(f'<th scope="col" class="num">{esc(column)}</th>' for column in columns)
    body = []
    for row, cells in matrix.items():
        tds = []
        for column in columns:
            count = cells.get(column, 0)
            flipped = column != row and {row, column} <= {"pass", "fail"}
            colour = "var(--bad)" if flipped else "var(--warn)" if column == "undetermined" else "var(--bar)"
            shade = f"color-mix(in srgb, {colour} {8 + 62 * count / peak:.0f}%, transparent)" if count else "none"
            label = f"{report.scorers.control} {row}, {report.scorers.candidate} {column}: {count} cases"
            tds.append(f'<td style="background:{shade}" title="{esc(label)}">{count:,}</td>')
        body.append(f'<tr><th scope="row">{esc(row)}</th>{"".join(tds)}</tr>')
    return (
        '<table class="heat" id="flip-matrix">\n'
        f'<caption class="muted">{control} (rows) vs {candidate} (columns){esc(_matrix_note(report))}</caption>\n'
        f"<thead><tr><td></td>{head}</tr></thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>"
    )
