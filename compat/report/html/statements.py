"""The per-statement agreement as report.html's section: the matrix, and each disagreement beside its contexts."""

from __future__ import annotations

from compat.diff import StatementAgreement
from compat.report._statements import SOURCES, summary_line, supported_word
from compat.report.html.markup import esc, num, section


def statement_section(agreement: StatementAgreement | None) -> list[str]:
    """report.html's section; none where no statement was judged by both."""
    if agreement is None:
        return []
    control, candidate = esc(SOURCES[agreement.control]), esc(SOURCES[agreement.candidate])
    m = agreement.matrix
    matrix = (
        f'<table class="agreement-matrix">\n<caption>{control} (rows) × {candidate} (columns), statements</caption>\n'
        f'<thead><tr><th scope="col"></th><th scope="col" class="num">supported</th>'
        f'<th scope="col" class="num">unsupported</th></tr></thead>\n<tbody>'
        + "".join(
            f'<tr><th scope="row">{row}</th><td class="num">{m[row]["supported"]}</td>'
            f'<td class="num">{m[row]["unsupported"]}</td></tr>'
            for row in ("supported", "unsupported")
        )
        + "</tbody></table>"
    )
    rows = "".join(
        "<tr>"
        f"<td><code>{esc(line.case_id)}</code></td>"
        f"<td>{esc(line.statement)}</td>"
        f"<td>{supported_word(line.control)}</td>"
        f'<td>{supported_word(line.candidate)} <span class="muted">p={num(line.probability, 3)}</span></td>'
        f'<td class="context">{"".join(f"<p>{esc(context)}</p>" for context in line.contexts) or "—"}</td>'
        "</tr>"
        for line in agreement.disagreements
    )
    more = agreement.disagreement_count - len(agreement.disagreements)
    listed = (
        '<table class="disagreements">\n<caption>The statements they disagree on, with the contexts both judged '
        f"them against{f' (the first {len(agreement.disagreements)}; {more} more in report.json)' if more else ''}"
        '</caption>\n<thead><tr><th scope="col">case</th><th scope="col">statement</th>'
        f'<th scope="col">{control}</th><th scope="col">{candidate}</th><th scope="col">context</th></tr></thead>\n'
        f"<tbody>{rows}</tbody></table>"
        if agreement.disagreements
        else "<p>They agree on every statement.</p>"
    )
    body = f"<p>{esc(summary_line(agreement))}</p>\n{matrix}\n{listed}"
    return [section("statements", "Per-statement agreement: can HHEM replace the verdict call?", body)]
