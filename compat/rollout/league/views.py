"""The league table shown: for a terminal, as GitHub Markdown (``render_league``), as a report.html section, as JSON."""

from __future__ import annotations

from collections.abc import Sequence

from compat._text import printable
from compat.report import ExtraSection, LeaguePages, markdown_code, people_markdown, people_terminal
from compat.rollout.league.table import LeagueRow, LeagueTable


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def _mean(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


_COLUMNS = (
    "candidate",
    "arm",
    "agree",
    "p→f",
    "f→p",
    "undet",
    "errors",
    "outside",
    "invented",
    "refusals passed",
    "golden",
    "mean",
    "rollout",
    "safe",
)


def _cells(row: LeagueRow) -> list[str]:
    golden = f"{row.golden_checked - row.golden_failed}/{row.golden_checked}" if row.golden_checked else "—"
    invented = f"{row.invented} ({row.invented_passing} pass)" if row.invented else "0"
    refusals = f"{row.refusals_passed}/{row.refusals}"
    rollout = "NO-DECISION" if row.no_decision is not None else row.rollout
    return [
        row.candidate,
        row.arm + ("!" if row.unreadable else ""),
        _rate(row.agreement),
        str(row.pass_to_fail),
        str(row.fail_to_pass),
        str(row.undetermined),
        str(row.errors),
        str(row.outside_unit_interval),
        invented,
        refusals,
        golden,
        _mean(row.mean),
        rollout,
        "yes" if row.safe else "no",
    ]


def _title(table: LeagueTable) -> str:
    return (
        f"{table.corpus.cases} cases, control {table.control}; refusals and nothing-to-score as "
        f"{table.reference} reads them; arm: the recording each reads on cases graded both ways "
        "(! it could not read some)"
    )


def render_league(table: LeagueTable, *, markdown: bool = False) -> str:
    """The table for a terminal or as GitHub Markdown, then one line per candidate saying why, then
    (with labels) every scorer's reading against people's."""
    people = table.against_people
    people_lines = [] if people is None else people_markdown(people) if markdown else people_terminal(people)
    after = "\n".join(people_lines) + "\n" if people_lines else ""
    rows = [_cells(row) for row in table.rows]
    title = _title(table)
    if table.vocabulary is not None:  # words from a file: code spans in Markdown, control characters escaped
        words = table.vocabulary
        shown = markdown_code if markdown else printable
        added = ", ".join(shown(word) for word in (*words.yes, *words.no, *words.none))
        title += f"; verdict words added (--vocabulary): {added}"
    if markdown:
        lines = [f"## faithcompat compare: {len(table.rows)} candidates", "", title, ""]
        lines.append("| " + " | ".join(_COLUMNS) + " |")
        lines.append("|---|---|" + "--:|" * (len(_COLUMNS) - 4) + "---|---|")
        lines += ["| " + " | ".join(f"`{c}`" if i == 0 else c for i, c in enumerate(cells)) + " |" for cells in rows]
        lines += [""] + [f"- {row.why}" for row in table.rows]
        if table.no_decision is not None:
            lines += ["", f"**No decision: {table.no_decision}: no candidate can be judged.**"]
        return "\n".join(lines) + "\n" + after
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(_COLUMNS)]

    def line(cells: Sequence[str]) -> str:  # names and arms flush left, numbers flush right
        pairs = enumerate(zip(cells, widths, strict=True))
        return "  ".join(cell.ljust(width) if i < 2 else cell.rjust(width) for i, (cell, width) in pairs)

    lines = [title, "", line(_COLUMNS), *(line(cells) for cells in rows)]
    if table.no_decision is not None:
        lines += ["", f"no decision: {table.no_decision}: no candidate can be judged"]
    lines += [""] + [row.why for row in table.rows]
    return "\n".join(lines) + "\n" + after


def league_section(table: LeagueTable) -> ExtraSection:
    """The table as a section of ``report.html``."""
    return ExtraSection(
        key="league",
        title="Every candidate",
        caption=f"Each candidate against {table.control}, {table.corpus.cases} cases; refusals and "
        f"nothing-to-score as {table.reference} reads them",
        header=_COLUMNS,
        rows=tuple(tuple(_cells(row)) for row in table.rows),
        notes=tuple(row.why for row in table.rows),
    )


def league_pages(table: LeagueTable) -> LeaguePages:
    """What ``faithcompat diff --league`` adds to the report directory: league.json, league.md, a page section."""
    return LeaguePages(
        json=league_json(table), markdown=render_league(table, markdown=True), section=league_section(table)
    )


def league_json(table: LeagueTable) -> str:
    """league.json: the table, with its section against people where labels were given."""
    return table.model_dump_json(indent=2) + "\n"


def league_schema() -> dict[str, object]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "faithcompat/league.schema.json",
        **LeagueTable.model_json_schema(),
    }
