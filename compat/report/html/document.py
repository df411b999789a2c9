"""report.html put together: one self-contained HTML5 page (what it shows: docs/diff.md, "report.html").

A pure function of a ``DriftReport``, the case lines to hold and an optional decision:
inline CSS, one inline script, inline SVG, no URL of any kind, so the page renders
offline and byte for byte the same for the same input.

Safety: every string from the corpus or the report that lands in markup goes through
``esc`` (``html.escape(..., quote=True)`` after making control characters and lone
surrogates printable). The cases travel as JSON in a ``<script type="application/json">``
block, with every ``<`` written as ``\\u003c`` so no text can close it; the script puts
them on the page with ``textContent`` only, never as markup. The script is a constant
and holds no corpus data; a Content-Security-Policy allows it by its SHA-256 and
nothing else, so injected markup could not run even if a string escaped its escaping.

The script and the stylesheet are files of the package, ``page/report.js`` and
``page/report.css``, inlined as they are (the policy's hash is of report.js's text).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.resources import files

from compat.diff import DriftReport
from compat.report._composite import composite_sections
from compat.report._extra_section import ExtraSection
from compat.report._people import people_sections
from compat.report.html.explorer import CASE_DATA, case_data, explorer
from compat.report.html.first_screen import DecisionPanel, glance, header
from compat.report.html.markup import esc, section
from compat.report.html.statements import statement_section
from compat.report.html.steps import steps_sections
from compat.report.html.tables import (
    cause_table,
    cohort_table,
    corpus_summary,
    delta_distribution,
    extra_section,
    largest_table,
)

SCRIPT = "report.js"  # in page/: the page's one script
STYLE = "report.css"  # in page/: its stylesheet


@cache
def page_file(name: str) -> str:
    """A file of ``page/`` as the page inlines it, its text exactly (read once a process).

    Both files begin with a newline: the page has always had one after ``<script>`` and
    ``<style>``, and the policy's hash covers it.
    """
    return (files("compat.report.html") / "page" / name).read_text(encoding="utf-8")


def content_security_policy(script: str = SCRIPT) -> str:
    """A page's policy: its own script (report.js, or the labelling page's), by the SHA-256 of
    its text, and nothing from elsewhere."""
    script_sha256 = base64.b64encode(hashlib.sha256(page_file(script).encode("utf-8")).digest()).decode("ascii")
    return (
        "default-src 'none'; "
        f"script-src 'sha256-{script_sha256}'; "
        "style-src 'unsafe-inline'; "
        "img-src data:; "
        "base-uri 'none'; "
        "form-action 'none'"
    )


def render_html(
    report: DriftReport,
    cases: Sequence[str],
    *,
    cases_truncated: int = 0,
    decision: DecisionPanel | None = None,
    extra_sections: Sequence[ExtraSection] = (),
) -> str:
    """The whole report as one offline HTML5 document; same input, same bytes.

    ``cases``: the cases.jsonl lines of the cases the page holds (all of them, or the
    differing ones first when a cap applies); ``cases_truncated``: how many more
    cases.jsonl has. The lines go into the page as they are (long grader texts cut).
    """
    return "".join(
        render_html_parts(
            report, cases, cases_truncated=cases_truncated, decision=decision, extra_sections=extra_sections
        )
    )


def render_html_parts(
    report: DriftReport,
    cases: Sequence[str],
    *,
    cases_truncated: int = 0,
    decision: DecisionPanel | None = None,
    extra_sections: Sequence[ExtraSection] = (),
) -> Iterator[str]:
    """``render_html`` in pieces, to be written one after the other (the page can be large)."""
    tool = esc(report.tool)
    sections = [
        header(report, decision),
        glance(report),
        section("largest", "Largest drifts", largest_table(report)),
        section("cases", "Cases", explorer(report, cases, cases_truncated)),
        section("causes", "Causes", cause_table(report)),
        section("cohorts", "Cohorts", cohort_table(report)),
        *(extra_section(extra) for extra in extra_sections),
        *(extra_section(extra) for extra in (composite_sections(report.composite) if report.composite else ())),
        *(extra_section(extra) for extra in (people_sections(report.against_people) if report.against_people else ())),
        *steps_sections(report),
        *statement_section(report.statement_agreement),
        section("deltas", "Deltas", delta_distribution(report)),
        section("summary", "Corpus and scorers", corpus_summary(report)),
    ]
    page = (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy()}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{tool} drift report: {esc(report.scorers.control)} → {esc(report.scorers.candidate)}</title>\n"
        f"<style>{page_file(STYLE)}</style>\n</head>\n<body>\n<main>\n" + "\n".join(sections) + "\n</main>\n"
        f"<script>{page_file(SCRIPT)}</script>\n</body>\n</html>\n"
    )
    before, after = page.split(CASE_DATA)
    yield before
    yield from case_data(cases)
    yield after
