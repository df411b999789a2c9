"""The report directory ``faithcompat diff`` writes, assembled in one place (what each file holds: docs/diff.md).

``write_report_directory`` is the one way it is made: the CLI, the browser tests and the
page's benchmark call it, so they all get the directory ``diff`` writes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from compat.diff import ComparedBatch, DriftReport, line_composite
from compat.report._extra_section import ExtraSection
from compat.report._held import HTML_BYTES, HTML_CASES, HeldCases
from compat.report._staging import ReportDirectory, report_json, writing_report
from compat.report._text import render_markdown
from compat.report.html import DecisionPanel, render_html_parts


@dataclass(frozen=True)
class LeaguePages:
    """What ``--league`` adds to the directory, as the rollout stage rendered it.

    league.json, league.md, and the table as a section of report.html.
    """

    json: str
    markdown: str
    section: ExtraSection


class ReportCases:
    """Where a run hands its compared cases: cases.jsonl, and the lines report.html will hold."""

    def __init__(self, directory: ReportDirectory, held: HeldCases, composite: bool) -> None:
        self._directory = directory
        self._held = held
        self._composite = composite

    @property
    def parts(self) -> Path:
        """Where the Dask workers write their parts (``ReportDirectory.parts``)."""
        return self._directory.parts

    def keep(self, batch: ComparedBatch) -> None:
        """A run's ``on_comparisons``: the lines to cases.jsonl, and some held for the page."""
        if not self._directory.cases_parts:  # otherwise the workers' parts are the cases, as they wrote them
            self._directory.add_cases(batch.lines)
        moved = [line_composite(line).moved for line in batch.lines] if self._composite else None
        self._held.add(batch.lines, batch.outcomes, moved)  # a case whose composite moved is held as differing


def write_report_directory(
    target: str | Path,
    run: Callable[[ReportCases], DriftReport],
    *,
    cases_parts: bool = False,
    composite: bool = False,
    html_cases: int = HTML_CASES,
    html_bytes: int = HTML_BYTES,
    decision: Callable[[DriftReport], DecisionPanel | None] = lambda _report: None,
    league: Callable[[], LeaguePages] | None = None,
) -> DriftReport:
    """Run the diff into ``target`` and write the report directory around it, all of it or none.

    ``run`` compares the corpus, handing each batch to ``ReportCases.keep`` (and, on the
    Dask engine, its workers' parts to ``ReportCases.parts``), and returns the report;
    ``composite``: the run compares composites too (a case whose composite moved is held
    as differing). Then report.json, report.md and report.html (``html_cases`` cases, at
    most ``html_bytes`` of their lines) are written, with league.json and league.md when
    a ``league`` is given.

    Why functions for the decision and the league: both are the rollout stage's, which
    comes after this one, so the caller passes them in. The panel is decided on the
    report the run returns; the league is a second pass over the corpus, made after the
    run (its progress and errors come after the diff's) and inside the all-or-nothing
    write, so a league that fails leaves no report behind, as a failed run does.
    """
    held = HeldCases(html_cases, html_bytes)
    with writing_report(target, cases_parts=cases_parts) as directory:
        report = run(ReportCases(directory, held, composite))
        sections = []
        if league is not None:
            pages = league()
            directory.write("league.json", pages.json)
            directory.write("league.md", pages.markdown)
            sections.append(pages.section)
        directory.write("report.json", report_json(report))
        directory.write("report.md", render_markdown(report))
        panel = decision(report)
        listed = held.lines()
        page = render_html_parts(
            report, listed, cases_truncated=report.corpus.cases - len(listed), decision=panel, extra_sections=sections
        )
        directory.write("report.html", page)
    return report
