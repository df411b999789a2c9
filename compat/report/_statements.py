"""The per-statement agreement (LLM verdicts vs HHEM) in words and as report.md lines.

report.html draws the same in ``html.statements``.

"Can HHEM replace the verdict call?": kappa with its interval, the confusion matrix, and
each statement the two disagree on beside the contexts both judged it against.
"""

from __future__ import annotations

from compat.diff import StatementAgreement
from compat.report._markdown import markdown_cell, markdown_code
from compat.report._numbers import pct

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
            cells = [markdown_code(line.case_id), markdown_cell(line.statement, 160), supported_word(line.control)]
            lines.append(f"| {' | '.join(cells)} | {supported_word(line.candidate)}{probability} |")
        if agreement.disagreement_count > len(shown):
            lines += ["", f"{agreement.disagreement_count - len(shown)} more in report.html and report.json."]
    return lines


def supported_word(supported: bool) -> str:
    return "supported" if supported else "unsupported"
