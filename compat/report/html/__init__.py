"""report.html: the drift report as one self-contained, offline page, built for deciding.

``document`` puts the page together from its parts: ``first_screen`` (the title, the
rollout decision, key figures and charts), ``explorer`` (the cases as JSON the page's
script reads), ``tables``, ``steps`` (why the numbers move), ``statements``, ``charts``,
all escaping through ``markup``. The page's script and stylesheet are package files in
``page/``, read at run time and inlined. See docs/diff.md. ``labelling`` writes the
labelling page, label.html, with the same safety (docs/labels.md).
"""

from compat.report.html.document import render_html, render_html_parts
from compat.report.html.explorer import PAGE_ROWS, TEXT_CHARS
from compat.report.html.first_screen import DecisionPanel, PanelCriterion
from compat.report.html.labelling import render_label_page

__all__ = [
    "PAGE_ROWS",
    "TEXT_CHARS",
    "DecisionPanel",
    "PanelCriterion",
    "render_html",
    "render_html_parts",
    "render_label_page",
]
