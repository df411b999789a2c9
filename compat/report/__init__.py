"""Stage 5, report: a ``DriftReport`` in, text and files out.

Renders the report for a terminal, as GitHub Markdown and as one self-contained HTML
page (``html/``), and a sample to label as the labelling page (label.html); writes the
report directory all or nothing (``write_report_directory``); prints scored cases
(``faithcompat score``) and the JSON Schemas. Takes from the stages
before it; never prints itself.
"""

from compat.report._directory import LeaguePages, ReportCases, write_report_directory
from compat.report._extra_section import ExtraSection
from compat.report._held import HTML_BYTES, HTML_CASES, HeldCases
from compat.report._markdown import MARKDOWN_STRING_WIDTH, markdown_cell, markdown_code, markdown_fence
from compat.report._people import people_markdown, people_terminal
from compat.report._schema import SCHEMAS, case_schema, report_schema, schema_text
from compat.report._scores import score_record, table_header, table_row
from compat.report._staging import CASES_PARTS, LEAGUE_FILES, REPORT_FILES, report_files, report_json, writing_report
from compat.report._text import COMMENT_LIMIT, render_markdown, render_terminal
from compat.report.html import DecisionPanel, PanelCriterion, render_html, render_label_page

__all__ = [
    "CASES_PARTS",
    "COMMENT_LIMIT",
    "HTML_BYTES",
    "HTML_CASES",
    "LEAGUE_FILES",
    "MARKDOWN_STRING_WIDTH",
    "REPORT_FILES",
    "SCHEMAS",
    "DecisionPanel",
    "ExtraSection",
    "HeldCases",
    "LeaguePages",
    "PanelCriterion",
    "ReportCases",
    "case_schema",
    "markdown_cell",
    "markdown_code",
    "markdown_fence",
    "people_markdown",
    "people_terminal",
    "render_html",
    "render_label_page",
    "render_markdown",
    "render_terminal",
    "report_files",
    "report_json",
    "report_schema",
    "schema_text",
    "score_record",
    "table_header",
    "table_row",
    "write_report_directory",
    "writing_report",
]
