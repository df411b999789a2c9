"""The case explorer: its controls and dialog in markup, and the cases it shows as JSON the page's script reads."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

from compat.diff import CompositeDrift, DriftReport
from compat.report.html.markup import esc

PAGE_ROWS = 50  # case rows per page of the explorer (mirrored in page/report.js: PAGE)
TEXT_CHARS = 4000  # a text longer than this is cut in the page (cases.jsonl has it whole)
CONTEXTS_SHOWN = 20  # of a case's contexts, the page holds the first ones (cases.jsonl has all)


def _cut(text: str | None) -> str | None:
    if text is None or len(text) <= TEXT_CHARS:
        return text
    return f"{text[:TEXT_CHARS]}\n… [{len(text) - TEXT_CHARS:,} more characters: cases.jsonl has the whole text]"


def _row_json(line: str) -> str:
    """A cases.jsonl line as the explorer holds it: as it is, or with its long grader texts cut."""
    if len(line) <= TEXT_CHARS:  # no text in it can be longer: the common case costs nothing
        return line.rstrip("\n")
    record = json.loads(line)
    detail = record.get("detail")
    if isinstance(detail, dict):
        detail["question"] = _cut(detail.get("question"))
        detail["answer"] = _cut(detail.get("answer"))
        contexts = detail.get("contexts") or []
        more = len(contexts) - CONTEXTS_SHOWN
        detail["contexts"] = [_cut(context) for context in contexts[:CONTEXTS_SHOWN]] + (
            [f"… [{more:,} more contexts: cases.jsonl has them all]"] if more > 0 else []
        )
        for key in ("control_texts", "candidate_texts"):
            texts = detail.get(key)
            if isinstance(texts, dict):
                texts["statements_output"] = _cut(texts.get("statements_output"))
                texts["grader_output"] = _cut(texts.get("grader_output"))
                if texts.get("statements") is not None:
                    texts["statements"] = [_cut(s) for s in texts["statements"]]
        for key in ("control_sent", "candidate_sent"):
            if detail.get(key) is not None:
                detail[key] = [_cut(s) for s in detail[key]]
    composite = record.get("composite")
    if isinstance(composite, dict):  # a ground truth can be a paragraph
        composite["reference"] = _cut(composite.get("reference"))
    # ASCII, as cases.jsonl is: a lone surrogate from a grader output stays a valid \\udXXX escape.
    return json.dumps(record, ensure_ascii=True, separators=(",", ":"))


def case_data(lines: Sequence[str]) -> Iterator[str]:
    """The explorer's rows as JSON that cannot end its ``<script>`` element (no ``<`` at all),
    a piece per row: the page is written as it is made, never held whole."""
    yield "["
    for index, line in enumerate(lines):
        yield ("," if index else "") + _row_json(line).replace("<", "\\u003c")
    yield "]"


# Where the rows go in the page: a NUL cannot come from elsewhere (``esc`` makes control
# characters visible, and the constant parts hold none).
CASE_DATA = "\x00case-data\x00"


def _options(choices: Sequence[tuple[str, str]]) -> str:
    return "".join(f'<option value="{esc(value)}">{esc(label)}</option>' for value, label in choices)


def _composite_filter(composite: CompositeDrift) -> str:
    """The composite's filter (each outcome and cause, with counts; causes titled with what they mean)."""
    moved = composite.cases - composite.outcomes.get("match", 0)
    outcomes = "".join(
        f'<option value="o:{esc(name)}">{esc(name)} ({count:,})</option>'
        for name, count in composite.outcomes.items()
        if count
    )
    causes = "".join(
        f'<option value="c:{esc(row.cause)}" title="{esc(row.description)}">{esc(row.cause)} ({row.count:,})</option>'
        for row in composite.causes
    )
    return (
        '<label>composite <select id="f-composite">'
        f'<option value="all">any composite</option><option value="moved">moved ({moved:,})</option>'
        f'<optgroup label="composite outcome">{outcomes}</optgroup>'
        f'<optgroup label="composite cause">{causes}</optgroup>'
        f'<option value="without">no metrics ({composite.without_metrics:,})</option></select></label>\n'
    )


def explorer(report: DriftReport, cases: Sequence[str], truncated: int) -> str:
    control, candidate = report.scorers.control, report.scorers.candidate
    total = report.corpus.cases
    differing = total - report.outcomes.get("match", 0)
    outcomes = [("all", f"all ({total:,})"), ("differing", f"differing ({differing:,})")]
    outcomes += [(name, f"{name} ({count:,})") for name, count in report.outcomes.items() if count]
    causes = [("all", "any cause")] + [(row.cause, f"{row.cause} ({row.count:,})") for row in report.causes]
    causes.append(("none", f"none: match ({report.outcomes.get('match', 0):,})"))
    tags = [("all", "any tag")] + [(row.tag, f"{row.tag} ({row.cases:,})") for row in report.cohorts]
    held = (
        f'<p class="note">The page holds {len(cases):,} of the {total:,} cases (every differing case first'
        f"{', and every case whose composite moved' if report.composite else ''}, then matches); "
        f"{truncated:,} more are in <code>cases.jsonl</code>.</p>"
        if truncated > 0
        else ""
    )
    columns: tuple[tuple[str, str, bool], ...] = (
        ("id", "case", False),
        ("tags", "tags", False),
        ("outcome", "outcome", False),
        ("cause", "cause", False),
        ("control", f"{control} score", True),
        ("candidate", f"{candidate} score", True),
        ("delta", "delta", True),
    )
    composite = report.composite
    if composite is not None:
        columns += (("composite", "composite Δ", True),)
    rules = (
        f' data-composite-old="{esc(composite.old_rule)}" data-composite-new="{esc(composite.new_rule)}"'
        if composite is not None
        else ""
    )
    head = "".join(
        ('<th scope="col" class="num">' if numeric else '<th scope="col">')
        + (f'<button type="button" data-sort="{key}">{esc(label)}</button>' if key else esc(label))
        + "</th>"
        for key, label, numeric in columns
    )
    return (
        f"{held}"
        f'<div id="case-app" data-control="{esc(control)}" data-candidate="{esc(candidate)}" data-total="{total}"'
        f"{rules}>\n"
        '<div class="controls" id="case-controls" role="group" aria-label="Filter the cases" hidden>\n'
        f'<label>outcome <select id="f-outcome">{_options(outcomes)}</select></label>\n'
        f'<label>cause <select id="f-cause">{_options(causes)}</select></label>\n'
        f'<label>tag <select id="f-tag">{_options(tags)}</select></label>\n'
        f"{'' if composite is None else _composite_filter(composite)}"
        '<label>search <input id="f-search" type="search" placeholder="id, tag, reason" size="22"></label>\n'
        f'<span role="status" aria-live="polite">showing <output id="visible-count">{len(cases):,}</output> '
        f"of {total:,} cases</span>\n"
        '<span class="pager"><button type="button" id="page-prev">‹ previous</button>'
        '<span id="page-info"></span><button type="button" id="page-next">next ›</button></span>\n'
        "</div>\n"
        '<noscript><p class="note">The case explorer needs JavaScript; cases.jsonl has every case.</p></noscript>\n'
        '<div class="scroll"><table id="cases-table" class="cases">\n'
        f"<caption>Cases, the largest change first; click one to read it</caption>\n"
        f'<thead><tr>{head}</tr></thead>\n<tbody id="case-rows"></tbody>\n</table></div>\n'
        '<dialog id="case-dialog" aria-labelledby="case-dialog-title">\n'
        '<div class="dialog-head"><h2 id="case-dialog-title">Case</h2>'
        '<button type="button" id="case-dialog-close">close</button></div>\n'
        '<div id="case-dialog-body"></div>\n</dialog>\n'
        f'<script type="application/json" id="case-data">{CASE_DATA}</script>\n'
        "</div>"
    )
