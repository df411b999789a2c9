"""The per-statement agreement (LLM verdicts vs HHEM) as report.md lines and a report.html section.

"Can HHEM replace the verdict call?": kappa with its interval, the confusion matrix, and
each statement the two disagree on beside the contexts both judged it against.
"""

from __future__ import annotations

from compat.diff import StatementAgreement
from compat.report._html_markup import esc, num, pct, section
from compat.report._markdown import markdown_cell, markdown_code

SOURCES = {"llm": "LLM (call 2)", "hhem": "HHEM"}


def _kappa_text(agreement: StatementAgreement) -> str:
    if agreement.kappa is None:
        return "kappa undefined (both gave one and the same verdict throughout)"
    return f"kappa {agreement.kappa:.3f} (95%: {agreement.kappa_low:.3f} to {agreement.kappa_high:.3f})"


def summary_line(agreement: StatementAgreement) -> str:
    """One sentence: how many statements, how often the two agree, kappa."""
    control, candidate = SOURCES[agreement.control], SOURCES[agreement.candidate]
    unpaired = f"; {agreement.unpaired} left without a verdict by one of them" if agreement.unpaired else ""
    return (
        f"{agreement.statements} statements of {agreement.cases} cases judged by both {control} and {candidate}: "
        f"agree on {pct(agreement.observed)} (chance {pct(agreement.expected)}), {_kappa_text(agreement)}, "
        f"{agreement.disagreement_count} disagree{unpaired}."
    )


def statement_markdown(agreement: StatementAgreement | None) -> list[str]:
    """report.md's section: the summary, the matrix, and the first disagreements (statement and case)."""
    if agreement is None:
        return []
    control, candidate = SOURCES[agreement.control], SOURCES[agreement.candidate]
    m = agreement.matrix
    lines = [
        "",
        "### Per-statement agreement",
        "",
        summary_line(agreement),
        "",
        f"| {control} \\ {candidate} | supported | unsupported |",
        "|---|--:|--:|",
        *(f"| {row} | {m[row]['supported']} | {m[row]['unsupported']} |" for row in ("supported", "unsupported")),
    ]
    shown = agreement.disagreements[:10]
    if shown:
        lines += ["", "| case | statement | " + control + " | " + candidate + " (p) |", "|---|---|---|---|"]
        for line in shown:
            probability = "" if line.probability is None else f" ({line.probability:.3f})"
            lines.append(
                f"| {markdown_code(line.case_id)} | {markdown_cell(line.statement, 160)} | {_word(line.control)} "
                f"| {_word(line.candidate)}{probability} |"
            )
        if agreement.disagreement_count > len(shown):
            lines += ["", f"{agreement.disagreement_count - len(shown)} more in report.html and report.json."]
    return lines


def _word(supported: bool) -> str:
    return "supported" if supported else "unsupported"


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
        f"<td>{_word(line.control)}</td>"
        f'<td>{_word(line.candidate)} <span class="muted">p={num(line.probability, 3)}</span></td>'
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
