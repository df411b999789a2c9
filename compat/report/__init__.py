"""Stage 5, report: a ``DriftReport`` in, text and files out.

Renders the report for a terminal, as GitHub Markdown and as one self-contained HTML
page; writes the report directory all or nothing; prints scored cases (``faithcompat
score``) and the JSON Schemas. Takes from the stages before it; never prints itself.
"""

from compat.report._files import CASES_PARTS, LEAGUE_FILES, REPORT_FILES, report_files, report_json, writing_report
from compat.report._held import HTML_BYTES, HTML_CASES, HeldCases
from compat.report._html import render_html, render_html_parts
from compat.report._html_first_screen import DecisionPanel, PanelCriterion
from compat.report._html_tables import ExtraSection
from compat.report._markdown import MARKDOWN_STRING_WIDTH, markdown_cell, markdown_code, markdown_fence
from compat.report._schema import SCHEMAS, schema_text
from compat.report._scores import score_record, table_header, table_row
from compat.report._text import COMMENT_LIMIT, render_markdown, render_terminal

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
    "PanelCriterion",
    "markdown_cell",
    "markdown_code",
    "markdown_fence",
    "render_html",
    "render_html_parts",
    "render_markdown",
    "render_terminal",
    "report_files",
    "report_json",
    "schema_text",
    "score_record",
    "table_header",
    "table_row",
    "writing_report",
]
