"""report.html's first screen: the title, the rollout decision and the criteria behind it, key figures, four charts."""

from __future__ import annotations

from dataclasses import dataclass

from compat.diff import DriftReport
from compat.report._arms import scorers_title
from compat.report.html.charts import CARD_H, CARD_W, bars, heat_map, histogram_svg
from compat.report.html.markup import esc, no_differences, num, pct

CAUSE_BARS = 8  # causes drawn on the first screen; the rest are summed into one bar


@dataclass(frozen=True)
class PanelCriterion:
    """One rollout criterion as the first screen shows it (plain text: this module escapes it)."""

    name: str
    measured: str
    threshold: str  # with its comparison, e.g. "<= 0.10"
    holds: bool
    blocks: str  # what failing it means: HOLD or NO-GO
    note: str = ""
    over: str = ""  # the cases it is measured over, where not all: "over the 111 cases where legacy is trusted"


@dataclass(frozen=True)
class DecisionPanel:
    """The rollout decision on this report, made by a later stage (the rollout) for the first screen."""

    verdict: str  # GO, HOLD, NO-GO or NO-DECISION
    move: str  # e.g. "off -> shadow"
    advice: str
    criteria: tuple[PanelCriterion, ...]
    why: tuple[str, ...] = ()
    policy: str = "the default policy"


def header(report: DriftReport, panel: DecisionPanel | None) -> str:
    """The page's ``<header>``: the title, the decision and the key figures."""
    return f"<header>\n{_title(report)}\n{_warnings(report)}{_decision(report, panel)}\n{_figures(report)}\n</header>"


def _warnings(report: DriftReport) -> str:
    """How a side reads its arm, where something is off (nothing where nothing is)."""
    if not report.warnings:
        return ""
    items = "".join(f"<li><b>Warning</b>: {esc(warning)}.</li>" for warning in report.warnings)
    return f'<ul id="warnings">{items}</ul>\n'


def _title(report: DriftReport) -> str:
    scorers, corpus = report.scorers, report.corpus
    sources = ", ".join(corpus.sources) if len(corpus.sources) <= 2 else f"{len(corpus.sources)} files"
    return (
        f'<p class="tool">{esc(report.tool)} · drift report · schema {esc(report.schema_version)}</p>\n'
        f"<h1>Switch {scorers_title(scorers, _code, ' → ')}? "
        f'<span class="muted">{corpus.cases:,} cases of {esc(sources)}</span></h1>'
    )


def _decision(report: DriftReport, panel: DecisionPanel | None) -> str:
    if report.no_decision is not None or (panel is not None and panel.verdict == "NO-DECISION"):
        # Nothing was scored on a side: no verdict of any kind, no criterion measured.
        move = f'<div class="move">{esc(panel.move)}</div>' if panel is not None else ""
        advice = f" {esc(panel.advice)}." if panel is not None else ""
        return (
            f'<div class="decision" id="decision"><div><div class="badge no-decision">NO DECISION</div>{move}</div>'
            f'<div><p><b id="no-decision">No decision: {esc(report.no_decision or "")}.</b>{advice} '
            f"{esc(report.verdict)}.</p></div></div>"
        )
    if panel is None:  # no rollout decision was made: the diff's own verdict stands alone
        kind = "no-go" if report.unexplained else "info"
        word = "INVESTIGATE" if report.unexplained else "EXPLAINED"
        return (
            f'<div class="decision" id="decision"><div><div class="badge {kind}">{word}</div></div>'
            f"<div><p>{esc(report.verdict)}</p></div></div>"
        )
    failed = [c for c in panel.criteria if not c.holds]
    held = [c for c in panel.criteria if c.holds]
    items = []
    for c in (*failed, *held):
        css, mark = ("failed", "✗") if not c.holds else ("held", "✓")
        blocks = f' <span class="muted">({esc(c.blocks)})</span>' if not c.holds else ""
        note = f'<br><span class="muted">{esc(c.note)}</span>' if c.note and not c.holds else ""
        title = f' title="{esc(c.note)}"' if c.note else ""
        over = f' <span class="over">{esc(c.over)}</span>' if c.over else ""
        items.append(
            f'<li class="{css}"{title}><span class="mark" aria-hidden="true">{mark}</span>'
            f"{esc(c.name)}: <b>{esc(c.measured)}</b> "
            f'<span class="muted">(needs {esc(c.threshold)})</span>{over}{blocks}{note}</li>'
        )
    decided = (
        f"Decided by {len(failed)} of {len(panel.criteria)} criteria failing."
        if failed
        else f"All {len(panel.criteria)} criteria hold."
    )
    why = "".join(f"<li>{esc(line)}</li>" for line in panel.why)
    kind = {"GO": "go", "HOLD": "hold", "NO-GO": "no-go"}.get(panel.verdict, "info")
    return (
        f'<div class="decision" id="decision">\n<div><div class="badge {kind}">{esc(panel.verdict)}</div>'
        f'<div class="move">{esc(panel.move)}</div>'
        f'<div class="muted">rollout, {esc(panel.policy)}</div></div>\n'
        f"<div><p><b>{esc(panel.advice)}</b> {decided} {esc(report.verdict)}.</p>\n"
        f'<ul class="criteria">{"".join(items)}</ul>\n'
        + (f"<details><summary>Why the numbers move</summary><ul>{why}</ul></details>" if why else "")
        + "</div>\n</div>"
    )


def _code(text: str) -> str:
    return f"<code>{esc(text)}</code>"


def _outcome_bars(report: DriftReport) -> str:
    rows = [(name, count, name) for name, count in report.outcomes.items() if count]
    return bars(rows, report.corpus.cases, "cases by outcome")


def _cause_bars(report: DriftReport) -> str:
    rows = [(row.cause, row.count, "unexplained" if row.cause == "unexplained" else "") for row in report.causes]
    shown = rows[:CAUSE_BARS]
    rest = rows[CAUSE_BARS:]
    if rest:
        shown.append((f"{len(rest)} more causes", sum(count for _, count, _ in rest), "rest"))
    if not shown:
        return no_differences(report.corpus.cases)
    return bars(shown, report.corpus.cases, "differing cases by cause (the table below has all)", code=True)


def _figures(report: DriftReport) -> str:
    agreement, means = report.agreement, report.means
    flips = report.outcomes.get("flip", 0)  # the outcomes chart's flips: one count, whatever it is shown in
    control, candidate = means.get("control"), means.get("candidate")
    items = [
        f"<b>{pct(agreement.rate)}</b> agree "
        f'<span class="muted">(95% {pct(agreement.wilson_low)}–{pct(agreement.wilson_high)})</span>',
    ]
    trusted = report.trusted_agreement
    if trusted is not None:
        items.append(
            f"<b>{pct(trusted.agreement.rate)}</b> where legacy is trusted "
            f'<span class="muted">({trusted.agreement.matches:,} of {trusted.cases:,}: a valid score, no named '
            "bug)</span>"
        )
    items += [
        f'<b id="figure-flips">{flips:,}</b> flips',
        f"<b>{report.unexplained:,}</b> unexplained",
        f"mean <b>{num(control.mean if control else None, 3)}</b> → "
        f"<b>{num(candidate.mean if candidate else None, 3)}</b>",
    ]
    return '<div class="figures">' + "".join(f"<div>{item}</div>" for item in items) + "</div>"


def glance(report: DriftReport) -> str:
    axis = f"{esc(report.scorers.candidate)} − {esc(report.scorers.control)}"
    histogram = (
        histogram_svg(report.deltas.histogram, axis, key="glance-histogram", size=(CARD_W, CARD_H))
        if report.deltas.histogram
        else '<p class="muted">No case has two finite scores.</p>'
    )
    cards = [
        ("Outcomes", _outcome_bars(report)),
        ("Causes", _cause_bars(report)),
        ("Deltas", histogram),
        ("Pass/fail", heat_map(report)),
    ]
    return (
        '<div class="glance">'
        + "".join(f'<section class="card" aria-label="{name}"><h2>{name}</h2>{body}</section>' for name, body in cards)
        + "</div>"
    )
