"""A TWENTY-SECOND HELD-OUT set of blind layouts: verdicts in document markup, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout22``); do not read it while
developing the reader. Written from what teams store when they ask the grader to answer in
the markup of the place the result goes, or render its verdicts into that markup before
storing them: HTML fragments for a review dashboard (lists, cards and badges whose classes
say ``verdict-no``, icons marked ``aria-hidden="true"``, statements marked
``translate="no"``), whole HTML report pages with a style sheet, a caption and a total row,
namespaced XML for a service (verdicts as elements or attributes, ``standalone="yes"``,
``complete="true"``, a comment listing the allowed values), JUnit XML from eval suites run
under pytest (one test case a statement), LaTeX for a paper's appendix (``tabular``,
``booktabs``, ``itemize`` with ``\\checkmark`` / ``\\texttimes`` labels, ``\\newcommand``
macros named after the verdicts), reStructuredText for Sphinx docs (list tables, CSV tables,
simple tables, substitutions, field lists, sections), org-mode tables and TODO-keyword
headings (``#+TODO: UNDECIDED | SUPPORTED UNSUPPORTED``, tags, property drawers), AsciiDoc
tables and roles, Confluence / Jira wiki markup (``||header||``, ``(/)`` ``(x)`` ``(?)``,
status lozenges), Slack Block Kit payloads with ``:white_check_mark:`` / ``:x:`` codes,
MediaWiki tables with ``{{Yes}}`` / ``{{No}}`` templates, BBCode forum posts, Markdown
written with HTML entities (``&#x2705;``, ``&check;``, ``&mdash;``), and refusals in each
of these markups.

Markup is full of words that are not verdicts (class and attribute names, ``hidden``,
``true`` and ``false`` in attributes, ``nil`` in org options, ``no-print``, ``(x)`` meaning
a cross, ``DONE``); every verdict itself stands where the markup puts the verdict (its
cell, its element, its badge, its keyword, its lozenge) and, where it is a mark or a code,
with a legend or a word beside it in the same output. Class names, colours and titles
agree with the verdict they dress; counts and totals agree with the verdicts. Only outputs
a careful person reads without doubt, in the markup or rendered, are drawn.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, most
answers holding two to five, call 1's styles, verdict words and casing, undecided items,
explanations) and ``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing count, a
sign-off) where a grader writes the markup itself; pipeline-rendered markup is stored bare.

    HELDOUT22.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout22_outputs(layout="org_todo_headings")      # one layout's strategy
"""

from __future__ import annotations

import html
import json
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, Draw, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT22 = LayoutSet("heldout22")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout22_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-second held-out set (one layout when named)."""
    return HELDOUT22.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _html(text: str) -> str:
    """Text in an HTML or XML element."""
    return html.escape(text, quote=False)


def _attr(text: str) -> str:
    """Text in a double-quoted HTML or XML attribute."""
    return html.escape(text, quote=True).replace("&#x27;", "'")


_TEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def _tex(text: str) -> str:
    """Text as a grader typesets it in LaTeX (special characters escaped)."""
    return "".join(_TEX_SPECIALS.get(c, c) for c in text)


def _grid(rows: list[list[str]]) -> list[list[str]]:
    """The rows with every cell padded to its column's width (org tables, reST simple tables)."""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return [[cell.ljust(width) for cell, width in zip(row, widths, strict=True)] for row in rows]


# What each verdict means, as legends, titles and messages say it.
MEANINGS = ("supported by the context", "not supported by the context", "cannot be determined from the context")
SHORT_MEANINGS = ("supported", "not supported", "cannot be determined")
_MODELS = ("gpt-4o-mini", "gpt-4.1", "claude-3-5-sonnet", "llama-3.1-70b-instruct", "qwen2.5-72b-instruct")


def _summary(d: Draw) -> str:
    return f"{d.supported} of {d.n} statement{_pl(d.n)} supported"


def _open(ch: Chooser, layout: str, **options: bool) -> Draw:
    """``Draw`` for one answer: most answers hold two to five statements, some up to ten."""
    length = ch.pick("answer_length", ("short", "short", "long"))
    d = Draw(ch, layout, max_n=5 if length == "short" else MAX_N, **options)
    d.dims["answer_length"] = length
    return d


def _fence(d: Draw, body: str, language: str, name: str) -> str:
    """``body`` in a code fence, as chat graders often return markup (or bare)."""
    fence = d.dim(name, ("none", "none", f"```{language}", "```"))
    return body if fence == "none" else f"{fence}\n{body}\n```"


# ----------------------------------------------------------------- 1. html_class_spans

_SLUGS: dict[str, tuple[str, str, str]] = {
    "verdict_word": ("verdict verdict-yes", "verdict verdict-no", "verdict verdict-unknown"),
    "state": ("verdict is-supported", "verdict is-unsupported", "verdict is-undetermined"),
    "bootstrap": ("badge bg-success", "badge bg-danger", "badge bg-secondary"),
    "tailwind": (
        "rounded px-2 text-green-800 bg-green-100",
        "rounded px-2 text-red-800 bg-red-100",
        "rounded px-2 text-gray-700 bg-gray-100",
    ),
}
_HTML_ICONS: dict[str, tuple[str, str, str]] = {
    "none": ("", "", ""),
    "ticks": ("✔", "✘", "?"),
    "emoji": ("✅", "❌", "❓"),
}
_TEXT_ATTRIBUTES = ('translate="no"', 'spellcheck="false"', 'dir="auto"', 'contenteditable="false"')


@HELDOUT22
def html_class_spans(ch: Chooser) -> BlindOutput:
    """An HTML fragment for a review dashboard: lists or cards, the verdict a badge (``<span class="verdict-no">``).

    GPT-4o and Claude write this when the prompt says "answer as an HTML fragment, we insert
    it into the page": Bootstrap or Tailwind classes, an icon with ``aria-hidden="true"``
    before the word, ``translate="no"`` on the statement, a ``title`` on the badge."""
    d = _open(ch, "html_class_spans")
    ink = d.use_ink()
    form = d.dim("html_form", ("ul_spans", "ol_paragraphs", "div_cards"))
    slugs = _SLUGS[d.dim("class_scheme", tuple(_SLUGS))]
    icons = _HTML_ICONS[d.dim("html_icons", tuple(_HTML_ICONS))]
    titled = d.flag("badge_title")
    reasons = d.flag("html_reasons")
    text_attribute = d.dim("text_attribute", _TEXT_ATTRIBUTES)
    pad = d.dim("html_indent", ("  ", "    ", "\t"))

    def badge(i: int, truth: Truth) -> str:
        icon = _of(truth, icons)
        inner = (f'<span class="icon" aria-hidden="true">{icon}</span> ' if icon else "") + _html(ink.word(i, truth))
        title = f' title="{_of(truth, MEANINGS).capitalize()}"' if titled else ""
        return f'<span class="{_of(truth, slugs)}"{title}>{inner}</span>'

    lines: list[str] = []
    if form == "ul_spans":
        lines.append('<ul class="claims list-unstyled no-bullets">')
        for i, statement, truth in d.items():
            lines.append(f'{pad}<li class="claim" data-index="{i + 1}">')
            lines.append(f'{pad * 2}<span class="claim-text" {text_attribute}>{_html(statement)}</span>')
            lines.append(f"{pad * 2}{badge(i, truth)}")
            if reasons:
                lines.append(f'{pad * 2}<small class="reason text-muted">{_html(ink.explanation(i, truth))}</small>')
            lines.append(f"{pad}</li>")
        lines.append("</ul>")
    elif form == "ol_paragraphs":
        lines.append('<ol class="claims">')
        for i, statement, truth in d.items():
            lines.append(f"{pad}<li>")
            lines.append(f'{pad * 2}<p class="claim-text" {text_attribute}>{_html(statement)}</p>')
            lines.append(f"{pad * 2}<p><strong>Verdict:</strong> {badge(i, truth)}</p>")
            if reasons:
                lines.append(f'{pad * 2}<p class="reason">{_html(ink.explanation(i, truth))}</p>')
            lines.append(f"{pad}</li>")
        lines.append("</ol>")
    else:
        lines.append('<section class="faithfulness-results" aria-label="Faithfulness verdicts">')
        for i, statement, truth in d.items():
            lines.append(f'{pad}<div class="claim-card" id="claim-{i + 1}" data-collapsed="false">')
            lines.append(f'{pad * 2}<h4 class="claim-title">Statement {i + 1}</h4>')
            lines.append(f'{pad * 2}<p class="claim-text" {text_attribute}>{_html(statement)}</p>')
            lines.append(f"{pad * 2}{badge(i, truth)}")
            if reasons:
                lines.append(f'{pad * 2}<p class="reason">{_html(ink.explanation(i, truth))}</p>')
            lines.append(f"{pad}</div>")
        lines.append("</section>")
    body = _fence(d, "\n".join(lines), "html", "html_fence")
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- 2. html_report_page

_ROW_CLASSES: dict[str, tuple[str, str, str]] = {
    "words": ("supported", "unsupported", "undetermined"),
    "row_yes_no": ("row-yes", "row-no", "row-unknown"),
    "pass_fail": ("pass", "fail", "skip"),
}


@HELDOUT22
def html_report_page(ch: Chooser) -> BlindOutput:
    """A whole HTML page (``<!DOCTYPE html>``, a style sheet, a caption, a total row) holding the verdict table.

    Eval pipelines render the verdicts through an HTML template and store the page; graders
    asked for "a standalone HTML report" return the same page, usually fenced."""
    d = _open(ch, "html_report_page")
    ink = d.use_ink()
    origin = d.dim("page_origin", ("pipeline", "grader"))
    classes = _ROW_CLASSES[d.dim("row_classes", tuple(_ROW_CLASSES))]
    styled = d.flag("page_style", weight_off=1)
    reason_column = d.flag("page_reason_column")
    footer = d.flag("page_total_row")
    debug = d.flag("page_hidden_debug")
    cells_on_lines = d.flag("page_cells_on_lines")
    title = d.dim("page_title", ("Faithfulness report", "Answer faithfulness", "RAG eval: faithfulness"))
    run = ch.integer("run_id", 1000, 9999)
    model = ch.pick("model", _MODELS)
    head = ["<th>#</th>", "<th>Statement</th>", "<th>Verdict</th>"] + (["<th>Reason</th>"] if reason_column else [])
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="robots" content="noindex, nofollow">',
        f"<title>{title} · run {run}</title>",
    ]
    if styled:
        lines += [
            "<style>",
            "  body { font-family: system-ui, sans-serif; margin: 2rem; }",
            "  table.report { border-collapse: collapse; width: 100%; }",
            "  th, td { border: 1px solid #d0d7de; padding: 4px 8px; }",
            f"  tr.{classes[0]} td.verdict {{ background: #dafbe1; }}",
            f"  tr.{classes[1]} td.verdict {{ background: #ffebe9; }}",
            f"  tr.{classes[2]} td.verdict {{ background: #fff8c5; }}",
            "  .no-print, .debug { display: none; }",
            "</style>",
        ]
    lines += [
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
        f'<p class="meta">Run <code>{run}</code> · grader <code>{model}</code> '
        '<span class="no-print">(generated automatically, do not edit)</span></p>',
        '<table class="report" border="1" cellpadding="4">',
        "  <caption>Verdict per statement</caption>",
        "  <thead>",
        "    <tr>" + "".join(head) + "</tr>",
        "  </thead>",
        "  <tbody>",
    ]
    for i, statement, truth in d.items():
        cells = [
            f"<td>{i + 1}</td>",
            f'<td class="statement">{_html(statement)}</td>',
            f'<td class="verdict">{_html(ink.word(i, truth))}</td>',
        ]
        if reason_column:
            cells.append(f'<td class="reason">{_html(ink.explanation(i, truth))}</td>')
        row_class = _of(truth, classes)
        if cells_on_lines:
            lines += [f'    <tr class="{row_class}">', *(f"      {cell}" for cell in cells), "    </tr>"]
        else:
            lines.append(f'    <tr class="{row_class}">' + "".join(cells) + "</tr>")
    lines.append("  </tbody>")
    if footer:
        span = len(head) - 2
        lines += [
            "  <tfoot>",
            f'    <tr><td colspan="2">Supported</td><td colspan="{span}">{d.supported} of {d.n}</td></tr>'
            if span > 1
            else f'    <tr><td colspan="2">Supported</td><td>{d.supported} of {d.n}</td></tr>',
            "  </tfoot>",
        ]
    lines.append("</table>")
    if debug:
        lines.append(f'<div class="debug" hidden="true">temperature=0 · retries=0 · cached=false · run={run}</div>')
    lines += ["</body>", "</html>"]
    page = "\n".join(lines)
    if origin == "pipeline":
        return d.done(page)
    return d.done(d.frame(_fence(d, page, "html", "page_fence"), think=False))


# ----------------------------------------------------------------- 3. xml_namespaced_claims

_XML_VALUES: dict[str, tuple[str, str, str]] = {
    "enum_upper": ("SUPPORTED", "NOT_SUPPORTED", "UNDETERMINED"),
    "enum_lower": ("supported", "unsupported", "undetermined"),
    "yes_no": ("yes", "no", "unknown"),
    "entailment": ("entailed", "not_entailed", "cannot_determine"),
}
_XML_SCHEMAS: dict[str, tuple[str, str, str, str]] = {
    "fc": ("fc", "urn:example:faithfulness:1.0", "evaluation", "claim"),
    "ev": ("ev", "https://schemas.example.org/rag-eval/2", "faithfulnessReport", "statement"),
    "plain": ("", "", "results", "item"),
}


@HELDOUT22
def xml_namespaced_claims(ch: Chooser) -> BlindOutput:
    """Namespaced XML for a service: one element a statement, the verdict an element or an attribute.

    Claude-style graders asked for "XML matching our schema" (and serializers writing the
    same): an XML declaration with ``standalone="yes"``, ``complete="true"`` on the root,
    ``xml:lang`` on each claim, CDATA for the text, a comment listing the allowed values."""
    d = _open(ch, "xml_namespaced_claims")
    ink = d.use_ink()
    values = _XML_VALUES[d.dim("xml_values", tuple(_XML_VALUES))]
    prefix, namespace, root, child = _XML_SCHEMAS[d.dim("xml_schema", tuple(_XML_SCHEMAS))]
    form = d.dim("xml_verdict_form", ("element", "attribute", "value_attribute"))
    name = d.dim("xml_verdict_name", ("verdict", "label", "judgement"))
    cdata = d.flag("xml_cdata")
    rationale = d.flag("xml_rationale")
    comment = d.flag("xml_values_comment")
    declaration = d.flag("xml_declaration", weight_off=1)
    p = f"{prefix}:" if prefix else ""
    root_attributes = []
    if namespace:
        root_attributes.append(f'xmlns:{prefix}="{namespace}"')
    root_attributes += [f'version="{d.dim("xml_version", ("1.0", "1.1", "2"))}"', 'complete="true"']
    if d.flag("xml_reviewed_attribute"):
        root_attributes.append('humanReviewed="false"')
    lines = []
    if declaration:
        lines.append('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')
    lines.append(f"<{p}{root} " + " ".join(root_attributes) + ">")
    if comment:
        lines.append(f"  <!-- {name}: one of {values[0]} | {values[1]} | {values[2]} -->")
    for i, statement, truth in d.items():
        value = _of(truth, values)
        text = f"<![CDATA[{statement}]]>" if cdata else _html(statement)
        attributes = f'id="{i + 1}" xml:lang="en"'
        if form == "attribute":
            attributes += f' {name}="{value}"'
        lines.append(f"  <{p}{child} {attributes}>")
        lines.append(f"    <{p}text>{text}</{p}text>")
        if form == "element":
            lines.append(f"    <{p}{name}>{value}</{p}{name}>")
        elif form == "value_attribute":
            lines.append(f'    <{p}{name} value="{value}"/>')
        if rationale:
            lines.append(f"    <{p}rationale>{_html(ink.explanation(i, truth))}</{p}rationale>")
        lines.append(f"  </{p}{child}>")
    lines.append(f"</{p}{root}>")
    body = _fence(d, "\n".join(lines), "xml", "xml_fence")
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 4. junit_testsuite_xml

_FAILURE_MESSAGES = (
    "Not supported by the context",
    "Statement not supported by the retrieved context",
    "unsupported: the context does not back this statement",
)
_SKIPPED_MESSAGES = (
    "Cannot be determined from the context",
    "Undetermined: the context is ambiguous",
    "Skipped: not enough information in the context to decide",
)
_CASE_NAMES = ("statement {k}: {s}", "[{k}] {s}", "test_faithfulness[statement-{k}]")


@HELDOUT22
def junit_testsuite_xml(ch: Chooser) -> BlindOutput:
    """JUnit XML from an eval suite run under pytest: one test case a statement, ``<failure>`` / ``<skipped>``.

    Teams that run faithfulness as a pytest suite (one parametrized test per statement) keep
    the ``--junitxml`` report for CI; a passing test case is a supported statement, a
    failure an unsupported one, a skip one the grader left undetermined."""
    d = _open(ch, "junit_testsuite_xml")
    ink = d.use_ink()
    passing = d.dim("junit_pass", ("empty", "system_out", "property"))
    failure = d.dim("junit_failure", _FAILURE_MESSAGES)
    skipped = d.dim("junit_skipped", _SKIPPED_MESSAGES)
    case_name = d.dim("junit_case_name", _CASE_NAMES)
    wrapper = d.flag("junit_testsuites")
    suite_properties = d.flag("junit_properties")
    body_text = d.flag("junit_failure_text")
    answer = ch.integer("answer_id", 10, 999)
    times = [ch.integer("junit_ms", 150, 4200) / 1000 for _ in range(d.n)]
    failures = sum(1 for t in d.truth if t is False)
    skips = sum(1 for t in d.truth if t is None)
    total = f"{sum(times):.3f}"
    counts = f'tests="{d.n}" failures="{failures}" errors="0" skipped="{skips}"'
    pad = "    " if wrapper else "  "
    lines = ['<?xml version="1.0" encoding="utf-8"?>']
    if wrapper:
        lines.append(f'<testsuites name="rag-eval" {counts} time="{total}">')
    lines.append(
        f'{pad[:-2]}<testsuite name="faithfulness" {counts} time="{total}" '
        f'timestamp="2024-05-{ch.integer("day", 10, 28)}T09:{ch.integer("minute", 10, 59)}:03" hostname="ci-runner-7">'
    )
    if suite_properties:
        lines += [
            f"{pad}<properties>",
            f'{pad}  <property name="grader" value="{ch.pick("model", _MODELS)}"/>',
            f'{pad}  <property name="fail_on_undetermined" value="false"/>',
            f'{pad}  <property name="ci" value="true"/>',
            f"{pad}</properties>",
        ]
    for i, statement, truth in d.items():
        name = _attr(case_name.format(k=i + 1, s=statement))
        open_tag = f'{pad}<testcase classname="faithfulness.answer_{answer}" name="{name}" time="{times[i]:.3f}"'
        inner: list[str] = []
        if passing == "property":
            inner += [
                f"{pad}  <properties>",
                f'{pad}    <property name="verdict" value="{_attr(ink.word(i, truth))}"/>',
                f"{pad}  </properties>",
            ]
        if truth is False:
            if body_text:
                inner.append(
                    f'{pad}  <failure message="{failure}" type="AssertionError">'
                    f"{_html(ink.explanation(i, truth))}</failure>"
                )
            else:
                inner.append(f'{pad}  <failure message="{failure}" type="AssertionError"/>')
        elif truth is None:
            inner.append(f'{pad}  <skipped message="{skipped}"/>')
        if passing == "system_out":
            inner.append(f"{pad}  <system-out>verdict: {_html(ink.word(i, truth))}</system-out>")
        if inner:
            lines += [open_tag + ">", *inner, f"{pad}</testcase>"]
        else:
            lines.append(open_tag + "/>")
    lines.append(f"{pad[:-2]}</testsuite>")
    if wrapper:
        lines.append("</testsuites>")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 5. latex_tabular_itemize

_TEX_MARKS: dict[str, tuple[str, str, str]] = {
    "checkmark": (r"\checkmark", r"\texttimes", "?"),
    "math": (r"$\checkmark$", r"$\times$", "$?$"),
    "ding": (r"\ding{51}", r"\ding{55}", r"\textbf{?}"),
    "macros": (r"\yes", r"\no", r"\unsure"),
}
_TEX_MACROS = (
    r"\newcommand{\yes}{\textcolor{green!50!black}{\checkmark}}",
    r"\newcommand{\no}{\textcolor{red}{\texttimes}}",
    r"\newcommand{\unsure}{\textcolor{gray}{?}}",
)
_TEX_COLOURS = ("green!50!black", "red", "gray")


@HELDOUT22
def latex_tabular_itemize(ch: Chooser) -> BlindOutput:
    """LaTeX for a paper's appendix: ``tabular`` or ``booktabs`` rows, ``itemize`` with mark labels, ``description``.

    Graders asked to "answer in LaTeX" (GPT-4o, Claude, Qwen) typeset marks (``\\checkmark``,
    ``\\texttimes``, pifont's ``\\ding{51}``, macros ``\\yes`` / ``\\no`` they define) with a
    legend in the caption, or the verdict words in ``\\textbf`` or ``\\textcolor``."""
    d = _open(ch, "latex_tabular_itemize")
    ink = d.use_ink()
    kind = d.dim("tex_kind", ("tabular", "booktabs", "itemize", "description"))
    cell = d.dim("tex_cell", ("marks", "marks", "words", "bold_words", "colored_words"))
    marks_name = d.dim("tex_marks", tuple(_TEX_MARKS)) if cell == "marks" else "none"
    marks = _TEX_MARKS.get(marks_name, ("", "", ""))
    reasons = d.flag("tex_reasons") and kind in ("tabular", "booktabs", "description")
    full_document = d.flag("tex_document", weight_off=2)

    def verdict(i: int, truth: Truth) -> str:
        if cell == "marks":
            return _of(truth, marks)
        word = _tex(ink.word(i, truth))
        if cell == "bold_words":
            return rf"\textbf{{{word}}}"
        if cell == "colored_words":
            return rf"\textcolor{{{_of(truth, _TEX_COLOURS)}}}{{{word}}}"
        return word

    legend = ""
    if cell == "marks":
        legend = f"{marks[0]}~{MEANINGS[0]}; {marks[1]}~{SHORT_MEANINGS[1]}; {marks[2]}~{SHORT_MEANINGS[2]}"
    lines: list[str] = []
    if kind in ("tabular", "booktabs"):
        floating = kind == "tabular" or d.flag("tex_table_float")
        if floating:
            lines += [r"\begin{table}[h]", r"\centering"]
        if kind == "tabular":
            spec = r"|c|p{0.55\linewidth}|c|" + (r"p{0.25\linewidth}|" if reasons else "")
            head = r"\textbf{\#} & \textbf{Statement} & \textbf{Verdict}" + (r" & \textbf{Reason}" if reasons else "")
            lines += [rf"\begin{{tabular}}{{{spec}}}", r"\hline", head + r" \\", r"\hline"]
        else:
            spec = "rp{0.6\\linewidth}c" + ("p{0.25\\linewidth}" if reasons else "")
            head = r"\# & Statement & Verdict" + (" & Reason" if reasons else "")
            lines += [rf"\begin{{tabular}}{{{spec}}}", r"\toprule", head + r" \\", r"\midrule"]
        for i, statement, truth in d.items():
            row = f"{i + 1} & {_tex(statement)} & {verdict(i, truth)}"
            if reasons:
                row += f" & {_tex(ink.explanation(i, truth))}"
            lines.append(row + r" \\")
            if kind == "tabular":
                lines.append(r"\hline")
        if kind == "booktabs":
            lines.append(r"\bottomrule")
        lines.append(r"\end{tabular}")
        caption = "Faithfulness verdict per statement" + (f" ({legend})" if legend else "") + "."
        if floating:
            lines += [rf"\caption{{{caption}}}", r"\label{tab:faithfulness}", r"\end{table}"]
        elif legend:
            lines += ["", rf"\smallskip\noindent\footnotesize {legend}."]
    else:
        environment = "itemize" if kind == "itemize" else "description"
        lines.append(rf"\begin{{{environment}}}")
        for i, statement, truth in d.items():
            if kind == "itemize":
                if cell == "marks":
                    lines.append(rf"  \item[{verdict(i, truth)}] {_tex(statement)}")
                else:
                    lines.append(rf"  \item \emph{{{_tex(statement)}}} --- {verdict(i, truth)}")
            else:
                item = rf"  \item[Statement {i + 1}] {verdict(i, truth)}"
                if cell != "marks":
                    item += "."
                item += f" {_tex(statement)}" if not reasons else f" {_tex(ink.explanation(i, truth))}"
                lines.append(item)
        lines.append(rf"\end{{{environment}}}")
        if legend:
            lines += ["", rf"\noindent\textit{{Legend:}} {legend}."]
    body = "\n".join(lines)
    if marks_name == "macros" and not full_document:
        body = "\n".join(_TEX_MACROS) + "\n\n" + body
    if full_document:
        preamble = [
            r"\documentclass{article}",
            r"\usepackage{amssymb}",
            r"\usepackage{booktabs}",
            r"\usepackage{pifont}",
            r"\usepackage[table]{xcolor}",
        ]
        if marks_name == "macros":
            preamble += list(_TEX_MACROS)
        body = "\n".join([*preamble, r"\begin{document}", "", body, "", r"\end{document}"])
    return d.done(d.frame(_fence(d, body, "latex", "tex_fence")))


# ----------------------------------------------------------------- 6. rst_list_table

_SUBSTITUTIONS: dict[str, tuple[str, str, str]] = {
    "supported": ("supported", "unsupported", "undetermined"),
    "yes_no": ("yes", "no", "unsure"),
    "ok": ("ok", "not-ok", "unknown"),
}
_SUBSTITUTION_TEXTS = ("✅ Supported", "❌ Not supported", "❓ Cannot be determined")


@HELDOUT22
def rst_list_table(ch: Chooser) -> BlindOutput:
    """A reStructuredText table for Sphinx docs: ``.. list-table::``, ``.. csv-table::`` or a simple table.

    Teams that publish eval results in their Sphinx docs ask the grader for reST (or render
    into it): directive options (``:header-rows: 1``, ``:widths:``, ``:class: longtable``),
    the verdict a word, ``**strong**``, or a substitution (``|no|``) defined under the table."""
    d = _open(ch, "rst_list_table")
    ink = d.use_ink()
    kind = d.dim("rst_table", ("list_table", "csv_table", "simple"))
    mode = d.dim("rst_cell", ("word", "strong", "substitution"))
    names = (
        _SUBSTITUTIONS[d.dim("rst_substitutions", tuple(_SUBSTITUTIONS))] if mode == "substitution" else ("", "", "")
    )
    reasons = d.flag("rst_reasons")
    titled = d.flag("rst_title")
    caption = d.dim("rst_caption", ("Faithfulness verdicts", "Verdict per statement", "Statements checked"))

    def verdict(i: int, truth: Truth) -> str:
        if mode == "substitution":
            return f"|{_of(truth, names)}|"
        word = ink.word(i, truth)
        return f"**{word}**" if mode == "strong" else word

    header = ["#", "Statement", "Verdict"] + (["Reason"] if reasons else [])
    rows = [
        [str(i + 1), statement, verdict(i, truth)] + ([ink.explanation(i, truth)] if reasons else [])
        for i, statement, truth in d.items()
    ]
    lines: list[str] = []
    if titled:
        lines += [caption, "=" * len(caption), ""]
    if kind == "list_table":
        lines += [f".. list-table:: {caption}", "   :header-rows: 1"]
        lines.append("   :widths: " + ("5 60 15 20" if reasons else "5 70 25"))
        if d.flag("rst_longtable"):
            lines.append("   :class: longtable")
        lines.append("")
        for row in [header, *rows]:
            lines.append(f"   * - {row[0]}")
            lines += [f"     - {cell}" for cell in row[1:]]
    elif kind == "csv_table":
        quoted = ", ".join(f'"{h}"' for h in header)
        lines += [f".. csv-table:: {caption}", f"   :header: {quoted}"]
        lines.append("   :widths: " + ("5, 60, 15, 20" if reasons else "5, 70, 25"))
        lines.append("")
        for row in rows:
            lines.append("   " + ", ".join([row[0], *('"' + c.replace('"', '""') + '"' for c in row[1:])]))
    else:
        grid = _grid([header, *rows])
        rule = "  ".join("=" * len(cell) for cell in grid[0])
        lines += [rule, "  ".join(grid[0]).rstrip(), rule]
        lines += ["  ".join(row).rstrip() for row in grid[1:]]
        lines.append(rule)
    if mode == "substitution":
        lines.append("")
        lines += [f".. |{n}| replace:: {text}" for n, text in zip(names, _SUBSTITUTION_TEXTS, strict=True)]
    body = _fence(d, "\n".join(lines), "rst", "rst_fence")
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. rst_field_sections


@HELDOUT22
def rst_field_sections(ch: Chooser) -> BlindOutput:
    """A reStructuredText document: docinfo fields (``:Status: final``), then a section, definition or item per
    statement with a ``:Verdict:`` field, notes as ``.. note::`` directives.

    Written by docs pipelines that publish one page per evaluated answer, and by graders
    asked to "write the review as an RST page"."""
    d = _open(ch, "rst_field_sections")
    ink = d.use_ink()
    form = d.dim("rst_form", ("sections", "definition_list", "enumerated_fields"))
    label = d.dim("rst_verdict_field", ("Verdict", "Result", "Judgement", "Label"))
    docinfo = d.flag("rst_docinfo", weight_off=1)
    notes = d.flag("rst_notes")
    underline = d.dim("rst_underline", ("-", "~", "^"))
    lines: list[str] = []
    if docinfo:
        title = "Faithfulness review"
        lines += ["=" * len(title), title, "=" * len(title), ""]
        lines += [
            ":Author: grader-bot",
            f":Date: 2024-05-{ch.integer('day', 10, 28)}",
            f":Status: {d.dim('rst_status', ('final', 'draft', 'published'))}",
        ]
        if d.flag("rst_docinfo_count"):
            lines.append(f":Supported: {d.supported} of {d.n}")
        lines.append("")
    blocks: list[str] = []
    for i, statement, truth in d.items():
        word = ink.word(i, truth)
        reason = ink.explanation(i, truth)
        note = f"\n\n.. note:: {ink.aside(i, truth).capitalize()}." if notes and truth is not True else ""
        if form == "sections":
            head = f"Statement {i + 1}"
            block = f"{head}\n{underline * len(head)}\n\n:Text: {statement}\n:{label}: {word}\n:Reason: {reason}"
            blocks.append(block + note)
        elif form == "definition_list":
            blocks.append(f"{statement}\n   {label}: **{word}**. {reason}" + note.replace("\n.. ", "\n   .. "))
        else:
            indented = note.replace("\n.. ", "\n   .. ")
            blocks.append(f"{i + 1}. {statement}\n\n   :{label}: {word}\n   :Reason: {reason}{indented}")
    body = "\n".join([*lines, "\n\n".join(blocks)])
    return d.done(d.frame(_fence(d, body, "rst", "rst_fence")))


# ----------------------------------------------------------------- 8. org_mode_table


@HELDOUT22
def org_mode_table(ch: Chooser) -> BlindOutput:
    """An org-mode table with its keywords (``#+OPTIONS: toc:nil``, ``#+CAPTION:``, ``#+ATTR_HTML:``).

    What gptel and org-ai users get: the grader answers into an org buffer, so it writes an
    aligned org table (``|---+---|`` rules), the verdict a word, ``*bold*`` or ``=verbatim=``,
    sometimes a total row under a rule."""
    d = _open(ch, "org_mode_table")
    ink = d.use_ink()
    style = d.dim("org_cell", ("word", "bold", "verbatim"))
    note_column = d.flag("org_note_column")
    total = d.flag("org_total_row")
    keywords = d.flag("org_keywords", weight_off=1)
    rules = d.flag("org_row_rules")
    wrap = {"word": "{w}", "bold": "*{w}*", "verbatim": "={w}="}[style]
    header = ["#", "Statement", "Verdict"] + (["Note"] if note_column else [])
    rows = [
        [str(i + 1), statement, wrap.format(w=ink.word(i, truth))] + ([ink.aside(i, truth)] if note_column else [])
        for i, statement, truth in d.items()
    ]
    total_row = ["", "Total supported", f"{d.supported}/{d.n}"] + ([""] if note_column else [])
    grid = _grid([header, *rows, total_row] if total else [header, *rows])
    rule = "|" + "+".join("-" * (len(cell) + 2) for cell in grid[0]) + "|"

    def line(row: list[str]) -> str:
        return "| " + " | ".join(row) + " |"

    lines: list[str] = []
    if keywords:
        lines += [
            f"#+TITLE: {d.dim('org_title', ('Faithfulness check', 'Answer review', 'Statement verdicts'))}",
            "#+OPTIONS: toc:nil num:nil ^:nil",
        ]
        if d.flag("org_attr_html"):
            lines.append("#+ATTR_HTML: :border 2 :rules all :frame border")
        lines += ["#+CAPTION: Verdict per statement", "#+NAME: tab:verdicts"]
    lines += [line(grid[0]), rule]
    for k, row in enumerate(grid[1 : 1 + d.n]):
        lines.append(line(row))
        if rules and k < d.n - 1:
            lines.append(rule)
    if total:
        lines += [rule, line(grid[-1])]
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 9. org_todo_headings

_ORG_KEYWORDS: dict[str, tuple[str, str, str]] = {
    "supported": ("SUPPORTED", "UNSUPPORTED", "UNDECIDED"),
    "yes_no": ("YES", "NO", "UNSURE"),
    "pass_fail": ("PASS", "FAIL", "UNCLEAR"),
}
_ORG_TAGS: dict[str, tuple[str, str, str]] = {
    "supported": ("supported", "unsupported", "undetermined"),
    "snake": ("supported", "not_supported", "cannot_determine"),
}


def _org_tagged(heading: str, tag: str) -> str:
    """An org heading with its tag right-aligned at column 77, as org-mode aligns tags."""
    tags = f":{tag}:"
    return heading + " " * max(1, 77 - len(heading) - len(tags)) + tags


@HELDOUT22
def org_todo_headings(ch: Chooser) -> BlindOutput:
    """An org outline, one heading a statement, the verdict a TODO keyword (declared by ``#+TODO:``), a tag
    (declared by ``#+TAGS:``) or a ``:VERDICT:`` property.

    Emacs users who keep their eval notes in org (gptel, org-ai, ob-llm) have the grader
    answer as an outline: ``** UNSUPPORTED Statement 2: ...`` with a ``CLOSED:`` stamp, or
    ``** DONE Statement 2 ... :unsupported:``, or a property drawer."""
    d = _open(ch, "org_todo_headings", plain_openers=True)
    ink = d.use_ink()
    form = d.dim("org_form", ("keyword", "tags", "property"))
    nested = d.flag("org_nested", weight_off=1)
    echo = d.dim("org_heading_text", ("number_and_statement", "statement", "number"))
    body_reason = d.flag("org_reason")
    stars = "**" if nested else "*"
    indent = " " * (len(stars) + 1)
    keywords = _ORG_KEYWORDS[d.dim("org_keywords", tuple(_ORG_KEYWORDS))] if form == "keyword" else ("", "", "")
    tags = _ORG_TAGS[d.dim("org_tags", tuple(_ORG_TAGS))] if form == "tags" else ("", "", "")
    done = form == "tags" and d.flag("org_done_keyword")
    closed = form == "keyword" and d.flag("org_closed")
    lines: list[str] = []
    if form == "keyword":
        lines.append(f"#+TODO: {keywords[2]} | {keywords[0]} {keywords[1]}")
    elif form == "tags":
        lines.append(f"#+TAGS: {{ {tags[0]} {tags[1]} {tags[2]} }}")
    if nested:
        lines.append(f"* {d.dim('org_parent', ('Faithfulness check', 'Statements', 'Review of the answer'))}")
    day = ch.integer("day", 10, 28)
    for i, statement, truth in d.items():
        title = {
            "number_and_statement": f"Statement {i + 1}: {statement}",
            "statement": statement,
            "number": f"Statement {i + 1}",
        }[echo]
        if form == "keyword":
            heading = f"{stars} {_of(truth, keywords)} {title}"
        elif form == "tags":
            heading = _org_tagged(f"{stars} {'DONE ' if done else ''}{title}", _of(truth, tags))
        else:
            heading = f"{stars} {title}"
        lines.append(heading)
        if closed and truth is not None:
            lines.append(f"{indent}CLOSED: [2024-05-{day} Tue 09:{10 + i:02d}]")
        if form == "property":
            lines += [f"{indent}:PROPERTIES:", f"{indent}:ID:       claim-{i + 1}"]
            lines += [f"{indent}:VERDICT:  {ink.word(i, truth)}", f"{indent}:END:"]
        if echo == "number" and form != "property":
            lines.append(f"{indent}{statement}")
        elif echo == "number":
            lines.append(f"{indent}Statement: {statement}")
        if body_reason:
            lines.append(f"{indent}{ink.explanation(i, truth)}")
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 10. asciidoc_table

_ADOC_ROLES = ("green", "red", "gray")
_ADOC_ICONS = ("icon:check[]", "icon:times[]", "icon:question[]")
_ADOC_TABLE_ATTRIBUTES = (
    '[cols="1,8,2",options="header",frame="all",grid="rows"]',
    '[%header,cols="^1,<8,^2"]',
    "[%autowidth%header]",
)


@HELDOUT22
def asciidoc_table(ch: Chooser) -> BlindOutput:
    """AsciiDoc for an Antora / Asciidoctor site: a ``|===`` table or a description list, ``[.red]#No#`` roles,
    ``icon:check[]`` icons, ``*bold*`` words, ``:icons: font`` and a ``NOTE:`` admonition.

    Graders asked for AsciiDoc (the docs are AsciiDoc) and pipelines rendering into it."""
    d = _open(ch, "asciidoc_table")
    ink = d.use_ink()
    form = d.dim("adoc_form", ("table", "table", "dlist"))
    cell = d.dim("adoc_cell", ("word", "bold", "role", "icon"))
    one_line_rows = d.flag("adoc_row_lines")
    reasons = d.flag("adoc_reasons")
    header_attributes = d.flag("adoc_document_header")
    admonition = d.dim("adoc_admonition", ("none", "none", "NOTE", "TIP"))

    def verdict(i: int, truth: Truth) -> str:
        word = ink.word(i, truth)
        if cell == "bold":
            return f"*{word}*"
        if cell == "role":
            return f"[.{_of(truth, _ADOC_ROLES)}]#{word}#"
        if cell == "icon":
            return f"{_of(truth, _ADOC_ICONS)} {word}"
        return word

    lines: list[str] = []
    if header_attributes:
        lines += ["= Faithfulness check", ":icons: font", ":table-caption!:", ":sectnums!:", ""]
    if form == "table":
        attributes = d.dim("adoc_table_attributes", _ADOC_TABLE_ATTRIBUTES)
        if reasons:
            attributes = attributes.replace('"1,8,2"', '"1,6,2,4"').replace('"^1,<8,^2"', '"^1,<6,^2,<4"')
        lines += [".Verdict per statement", attributes, "|==="]
        header = ["#", "Statement", "Verdict"] + (["Reason"] if reasons else [])
        lines += ["|" + " |".join(header), ""]
        for i, statement, truth in d.items():
            cells = [str(i + 1), statement, verdict(i, truth)] + ([ink.explanation(i, truth)] if reasons else [])
            if one_line_rows:
                lines.append("|" + " |".join(cells))
            else:
                lines += [f"|{c}" for c in cells] + [""]
        if lines[-1] == "":
            lines.pop()
        lines.append("|===")
    else:
        for i, statement, truth in d.items():
            lines.append(f"Statement {i + 1}:: {statement}")
            detail = f"Verdict: {verdict(i, truth)}" + (f". {ink.explanation(i, truth)}" if reasons else "")
            lines += ["+", detail]
    if admonition != "none":
        lines += ["", f"{admonition}: Each statement was checked against the retrieved context only."]
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 11. confluence_wiki_markup

_CONF_ICONS = ("(/)", "(x)", "(?)")
_CONF_COLOURS = ("Green", "Red", "Grey")
_CONF_HEX = ("#36b37e", "#de350b", "#6b778c")


@HELDOUT22
def confluence_wiki_markup(ch: Chooser) -> BlindOutput:
    """Confluence / Jira wiki markup: ``h2.`` headings, a ``||#||Statement||Verdict||`` table whose verdict cells
    hold ``(/)`` ``(x)`` ``(?)`` icons (with words or a legend), ``{status}`` lozenges or ``{color}`` words.

    Pipelines that post results to a Confluence page or a Jira comment, and graders asked to
    "format the result as Confluence wiki markup"."""
    d = _open(ch, "confluence_wiki_markup")
    ink = d.use_ink()
    mode = d.dim("conf_verdict", ("icon_word", "icon_legend", "status_macro", "color_word"))
    notes = d.flag("conf_notes_column")
    toc = d.flag("conf_toc")
    info = d.flag("conf_info_panel")
    summary = d.flag("conf_summary_panel")
    expand = d.flag("conf_reasoning_expand")

    def verdict(i: int, truth: Truth) -> str:
        word = ink.word(i, truth)
        if mode == "icon_word":
            return f"{_of(truth, _CONF_ICONS)} {word}"
        if mode == "icon_legend":
            return _of(truth, _CONF_ICONS)
        if mode == "status_macro":
            return f"{{status:colour={_of(truth, _CONF_COLOURS)}|title={word.upper()}}}"
        return f"{{color:{_of(truth, _CONF_HEX)}}}*{word}*{{color}}"

    lines = [f"h2. {d.dim('conf_title', ('Faithfulness check', 'Answer review: faithfulness', 'Grounding check'))}"]
    if toc:
        lines.append("{toc:printable=false|maxLevel=2}")
    if info:
        lines += [
            "{info:title=How to read this}",
            "Each statement was checked against the retrieved context.",
            "{info}",
        ]
    if summary:
        lines += ["{panel:title=Summary|borderStyle=solid|bgColor=#F4F5F7}", _summary(d) + ".", "{panel}"]
    lines.append("")
    lines.append("||#||Statement||Verdict||" + ("Notes||" if notes else ""))
    for i, statement, truth in d.items():
        row = f"|{i + 1}|{statement}|{verdict(i, truth)}|"
        lines.append(row + (f"{ink.aside(i, truth)}|" if notes else ""))
    if mode == "icon_legend":
        lines += ["", f"Legend: (/) {MEANINGS[0]}, (x) {SHORT_MEANINGS[1]}, (?) {SHORT_MEANINGS[2]}"]
    if expand:
        lines += ["", "{expand:title=Reasoning}"]
        lines += [f"* Statement {i + 1}: {ink.explanation(i, t)}" for i, _s, t in d.items()]
        lines.append("{expand}")
    return d.done(d.frame("\n".join(lines), think=False))


# ----------------------------------------------------------------- 12. slack_block_kit

_SLACK_EMOJI: dict[str, tuple[str, str, str]] = {
    "check_x": (":white_check_mark:", ":x:", ":grey_question:"),
    "heavy": (":heavy_check_mark:", ":heavy_multiplication_x:", ":question:"),
    "circles": (":large_green_circle:", ":red_circle:", ":white_circle:"),
}


def _mrkdwn(text: str) -> dict[str, Any]:
    return {"type": "mrkdwn", "text": text}


@HELDOUT22
def slack_block_kit(ch: Chooser) -> BlindOutput:
    """A Slack Block Kit payload as the eval pipeline logs it: sections in mrkdwn with ``:white_check_mark:`` /
    ``:x:`` codes beside the verdict word, a header with ``"emoji": true``, ``"unfurl_links": false``.

    Written by the Slack-notification step of eval pipelines (``chat.postMessage`` payloads
    stored with the run), and by graders asked to "return Slack blocks"."""
    d = _open(ch, "slack_block_kit")
    ink = d.use_ink()
    emoji = _SLACK_EMOJI[d.dim("slack_emoji", tuple(_SLACK_EMOJI))]
    form = d.dim("slack_form", ("sections", "fields", "one_section"))
    envelope = d.dim("slack_envelope", ("message", "blocks_object", "blocks_list"))
    legend = d.flag("slack_legend")
    footer = d.flag("slack_footer")
    origin = d.dim("slack_origin", ("pipeline", "pipeline", "grader"))
    indent = d.dim("slack_indent", ("none", "2"))
    title = d.dim("slack_title", ("Faithfulness check", "Faithfulness: answer review", "RAG eval result"))
    blocks: list[dict[str, Any]] = [{"type": "header", "text": {"type": "plain_text", "text": title, "emoji": True}}]

    def mark(i: int, truth: Truth) -> str:
        return f"{_of(truth, emoji)} {ink.word(i, truth)}"

    if form == "sections":
        for i, statement, truth in d.items():
            blocks.append({"type": "section", "text": _mrkdwn(f"*Statement {i + 1}:* {mark(i, truth)}\n>{statement}")})
    elif form == "fields":
        for i, statement, truth in d.items():
            fields = [_mrkdwn(f"*Statement {i + 1}*\n{statement}"), _mrkdwn(f"*Verdict*\n{mark(i, truth)}")]
            blocks.append({"type": "section", "fields": fields})
    else:
        text = "\n".join(f"• *{i + 1}.* _{s}_ — {mark(i, t)}" for i, s, t in d.items())
        blocks.append({"type": "section", "text": _mrkdwn(text)})
    blocks.append({"type": "divider"})
    if legend:
        key = f"{emoji[0]} {MEANINGS[0]} · {emoji[1]} {SHORT_MEANINGS[1]} · {emoji[2]} {SHORT_MEANINGS[2]}"
        blocks.append({"type": "context", "elements": [_mrkdwn(key)]})
    if footer:
        run = ch.integer("run_id", 1000, 9999)
        blocks.append({"type": "context", "elements": [_mrkdwn(f"grader `{ch.pick('model', _MODELS)}` · run {run}")]})
    payload: Any
    if envelope == "message":
        payload = {
            "channel": "#rag-evals",
            "text": f"{title} — {_summary(d)}",
            "blocks": blocks,
            "unfurl_links": False,
            "mrkdwn": True,
        }
    elif envelope == "blocks_object":
        payload = {"blocks": blocks}
    else:
        payload = blocks
    text = json.dumps(payload, indent=None if indent == "none" else 2, ensure_ascii=False)
    if origin == "pipeline":
        return d.done(text)
    return d.done(d.frame(f"```json\n{text}\n```", think=False))


# ----------------------------------------------------------------- 13. mediawiki_wikitable

_WIKI_TEMPLATES: dict[str, tuple[str, str, str]] = {
    "yes_no_unknown": ("{{Yes}}", "{{No}}", "{{Unknown}}"),
    "yes_no_na": ("{{yes}}", "{{no}}", "{{N/A}}"),
    "tick_cross": ("{{tick}}", "{{cross}}", "{{dunno}}"),
}
_WIKI_BACKGROUNDS = ("#cfc", "#fcc", "#eee")


@HELDOUT22
def mediawiki_wikitable(ch: Chooser) -> BlindOutput:
    """A MediaWiki ``{| class="wikitable sortable"`` table, the verdict a ``{{Yes}}`` / ``{{No}}`` template or a
    word in a coloured cell, ``__NOTOC__`` and a bot signature around it.

    Teams that keep eval logs on an internal wiki, graders asked for wikitext, and bots
    that post results to a talk page."""
    d = _open(ch, "mediawiki_wikitable")
    ink = d.use_ink()
    mode = d.dim("wiki_cell", ("template", "template", "styled_word"))
    templates = _WIKI_TEMPLATES[d.dim("wiki_templates", tuple(_WIKI_TEMPLATES))] if mode == "template" else ("", "", "")
    inline = d.flag("wiki_inline_rows", weight_off=1)
    reasons = d.flag("wiki_reasons")
    heading = d.flag("wiki_heading")
    signature = d.flag("wiki_signature")

    def verdict(i: int, truth: Truth) -> str:
        if mode == "template":
            return _of(truth, templates)
        return f'style="background:{_of(truth, _WIKI_BACKGROUNDS)}" | {ink.word(i, truth)}'

    lines: list[str] = []
    if heading:
        lines += ["__NOTOC__", "== Faithfulness check =="]
    lines += ['{| class="wikitable sortable" style="width:100%"', "|+ Verdict per statement", "|-"]
    header = ["#", "Statement", "Verdict"] + (["Reason"] if reasons else [])
    lines.append("! " + " !! ".join(header) if inline else "\n".join(f"! {h}" for h in header))
    for i, statement, truth in d.items():
        cells = [str(i + 1), statement, verdict(i, truth)] + ([ink.explanation(i, truth)] if reasons else [])
        lines.append("|-")
        lines.append("| " + " || ".join(cells) if inline else "\n".join(f"| {c}" for c in cells))
    lines.append("|}")
    if mode == "template" and templates[0] == "{{tick}}":
        key = [f"{templates[0]} = {MEANINGS[0]}", f"{templates[1]} = {SHORT_MEANINGS[1]}"]
        key.append(f"{templates[2]} = {SHORT_MEANINGS[2]}")
        lines += ["", "; ".join(key) + "."]
    if signature:
        lines += ["", "— [[User:FaithBot|FaithBot]] ([[User talk:FaithBot|talk]]) 09:12, 14 May 2024 (UTC)"]
    return d.done(d.frame("\n".join(lines), think=False))


# ----------------------------------------------------------------- 14. bbcode_post

_BB_COLOURS: dict[str, tuple[str, str, str]] = {
    "names": ("green", "red", "gray"),
    "hex": ("#008000", "#cc0000", "#808080"),
}


@HELDOUT22
def bbcode_post(ch: Chooser) -> BlindOutput:
    """A forum post in BBCode: ``[list=1]`` items, a ``[table]``, or ``[quote]`` blocks, the verdict in
    ``[color=red][b]...[/b][/color]``, the reasoning in a ``[spoiler]``.

    Fact-check and moderation bots that post to phpBB, vBulletin or Steam forums, with the
    grader told to "use BBCode, the forum does not render Markdown"."""
    d = _open(ch, "bbcode_post")
    ink = d.use_ink()
    form = d.dim("bb_form", ("list", "table", "quotes"))
    colours = _BB_COLOURS[d.dim("bb_colours", tuple(_BB_COLOURS))]
    spoiler = d.flag("bb_spoiler")
    link = d.flag("bb_link")

    def verdict(i: int, truth: Truth) -> str:
        return f"[color={_of(truth, colours)}][b]{ink.word(i, truth)}[/b][/color]"

    lines = [f"[b][size=120]{d.dim('bb_title', ('Faithfulness check', 'Fact check of the answer'))}[/size][/b]"]
    if form == "list":
        lines.append("[list=1]")
        lines += [f"[*][i]{s}[/i] — {verdict(i, t)}" for i, s, t in d.items()]
        lines.append("[/list]")
    elif form == "table":
        lines.append("[table]")
        lines.append("[tr][th]#[/th][th]Statement[/th][th]Verdict[/th][/tr]")
        lines += [f"[tr][td]{i + 1}[/td][td]{s}[/td][td]{verdict(i, t)}[/td][/tr]" for i, s, t in d.items()]
        lines.append("[/table]")
    else:
        for i, statement, truth in d.items():
            lines += [f"[quote=Statement {i + 1}]{statement}[/quote]", f"Verdict: {verdict(i, truth)}", ""]
        lines.pop()
    if spoiler:
        lines.append("[spoiler=Reasoning]")
        lines += [f"{i + 1}. {ink.explanation(i, t)}" for i, _s, t in d.items()]
        lines.append("[/spoiler]")
    if link:
        run = ch.integer("run_id", 1000, 9999)
        lines.append(f"[size=85][url=https://evals.example.org/runs/{run}]Full run[/url][/size]")
    return d.done(d.frame("\n".join(lines), think=False))


# ----------------------------------------------------------------- 15. markdown_html_entities

_ENTITIES: dict[str, tuple[str, str, str]] = {
    "hex_emoji": ("&#x2705;", "&#x274C;", "&#x2753;"),
    "decimal_ticks": ("&#10004;", "&#10008;", "&#10067;"),
    "named": ("&check;", "&cross;", "&quest;"),
}


@HELDOUT22
def markdown_html_entities(ch: Chooser) -> BlindOutput:
    """Markdown written with HTML entities (``&#x2705;``, ``&check;``, ``&nbsp;``, ``&mdash;``, ``&ldquo;``) for a
    CMS or a comment template that would mangle the raw characters.

    Graders told "use HTML entities for icons and typographic characters" and templating
    pipelines that entity-encode non-ASCII before storing; the mark stands beside the
    verdict word, or alone with a legend that uses the same entities."""
    d = _open(ch, "markdown_html_entities", plain_openers=True)
    ink = d.use_ink()
    entities = _ENTITIES[d.dim("entity_set", tuple(_ENTITIES))]
    form = d.dim("entity_form", ("list", "table", "marks_with_legend"))
    quotes = d.flag("entity_quotes")
    mark_first = d.flag("entity_mark_first")

    def quoted(statement: str) -> str:
        return f"&ldquo;{statement}&rdquo;" if quotes else statement

    def verdict(i: int, truth: Truth) -> str:
        word = f"**{ink.word(i, truth)}**"
        mark = _of(truth, entities)
        return f"{mark}&nbsp;{word}" if mark_first else f"{word}&nbsp;{mark}"

    lines: list[str] = []
    if form == "list":
        lines += [f"{i + 1}. {quoted(s)}&nbsp;&mdash; {verdict(i, t)}" for i, s, t in d.items()]
    elif form == "table":
        lines += ["| # | Statement | Verdict |", "|---|---|---|"]
        lines += [f"| {i + 1} | {quoted(s)} | {verdict(i, t)} |" for i, s, t in d.items()]
    else:
        lines += [f"- {_of(t, entities)}&nbsp;{quoted(s)}" for _i, s, t in d.items()]
        lines += [
            "",
            f"*Legend:* {entities[0]} {MEANINGS[0]} &middot; {entities[1]} {SHORT_MEANINGS[1]} &middot; "
            f"{entities[2]} {SHORT_MEANINGS[2]}",
        ]
    body = "\n".join(lines)
    if d.flag("entity_heading"):
        body = "### Faithfulness&nbsp;&ndash; verdict per statement\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 16. markup_refusals

_MARKUP_REFUSALS: tuple[str, ...] = (
    '<div class="alert alert-warning" role="alert">\n  <strong>Unable to evaluate.</strong> No context was '
    "provided, so none of the {n} statement{pl} can be checked.\n</div>",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<evaluation status="refused" complete="false">\n'
    "  <message>I cannot judge these statements: the context is empty.</message>\n</evaluation>",
    "\\begin{center}\n\\textit{No verdicts: the retrieved context is empty, so the statements cannot be "
    "checked.}\n\\end{center}",
    ".. warning::\n\n   The context section is empty. I cannot evaluate the {n} statement{pl} without it.",
    "* TODO Faithfulness check                                            :blocked:\n  No context was attached "
    "to the request, so I could not judge any statement.",
    "WARNING: I can't evaluate these statements. The context you sent is blank.",
    "{warning:title=Evaluation not possible}\nThe retrieved context is missing, so no statement was evaluated."
    "\n{warning}",
    '{"blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": ":warning: *Faithfulness check '
    'skipped*: no context was provided, so the {n} statement{pl} could not be judged."}}]}',
    '{| class="wikitable"\n|-\n! Faithfulness check\n|-\n| Not evaluated: the context is empty.\n|}',
    "[color=red][b]Cannot evaluate[/b][/color]: the context block is empty, so I can't check any of the statements.",
    "<p><em>I&rsquo;m sorry&nbsp;&mdash; I can&rsquo;t judge these statements without the retrieved passages.</em></p>",
)


@HELDOUT22
def markup_refusals(ch: Chooser) -> BlindOutput:
    """Refusals in the markup the answer was asked for (an HTML alert, an XML ``status="refused"``, a reST
    warning, an org TODO, a Confluence ``{warning}``, Slack blocks, a wikitable, BBCode, a JUnit suite of
    errors): no statement gets a verdict."""
    d = _open(ch, "markup_refusals", unknowns=False)
    d.use_ink()
    kind = d.dim("markup_refusal_kind", ("template", "template", "template", "junit_errors"))
    if kind == "junit_errors":
        message = d.dim("junit_error_message", ("grader refused: no context provided", "no verdict: context empty"))
        lines = [
            '<?xml version="1.0" encoding="utf-8"?>',
            f'<testsuite name="faithfulness" tests="{d.n}" failures="0" errors="{d.n}" skipped="0">',
        ]
        for i, statement, _truth in d.items():
            lines += [
                f'  <testcase classname="faithfulness" name="{_attr(f"statement {i + 1}: {statement}")}">',
                f'    <error message="{message}" type="GraderRefusal"/>',
                "  </testcase>",
            ]
        lines.append("</testsuite>")
        return d.refused("\n".join(lines))
    text = d.dim("markup_refusal", _MARKUP_REFUSALS).replace("{n}", str(d.n)).replace("{pl}", _pl(d.n))
    apology = d.flag("markup_refusal_apology", weight_off=2)
    if apology and "sorry" not in text and not text.startswith(("<?xml", '{"', "{|")):
        text = "I'm sorry, but I can't do this one.\n\n" + text
    if d.flag("markup_refusal_fence", weight_off=3):
        text = f"```\n{text}\n```"
    return d.refused(text)
