"""label.html: the labelling page, one offline file built for answering by keyboard (docs/labels.md).

A pure function of the drawn sample and the labels already made. It keeps report.html's
safety: corpus text reaches markup only through ``esc`` (the page's few constant parts)
or as JSON in a ``<script type="application/json">`` block (``script_json``: no ``<``
in it), which the page's script puts on screen with ``textContent`` only; its policy
allows its one script by SHA-256 and nothing from anywhere else. The script and its
stylesheet are ``page/label.js`` and ``page/label.css``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compat.labels import JUDGEMENTS, READINGS, Label, LabelSample, SampledCase, label_targets, statement_regions
from compat.report.html.document import content_security_policy, page_file
from compat.report.html.markup import esc, script_json

SCRIPT = "label.js"
STYLE = "label.css"
OUTPUT_CHARS = 20_000  # a grader text longer than this is cut on the page (the corpus has it whole)
CONTEXT_CHARS = 8_000
CONTEXTS_SHOWN = 20


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n… [{len(text) - limit:,} more characters: the corpus has the whole text]"


def _utf16(text: str, offset: int) -> int:
    """A character offset as the page's script counts (UTF-16 code units)."""
    return len(text[:offset].encode("utf-16-le", "surrogatepass")) // 2


def _arm_record(case_id: str, arm: str | None, statements: Sequence[str], output: str, digest: str) -> dict[str, Any]:
    shown = _cut(output, OUTPUT_CHARS)
    regions = []
    for region in statement_regions(statements, output):
        keep = region is not None and region[1] <= OUTPUT_CHARS
        regions.append([_utf16(output, region[0]), _utf16(output, region[1])] if keep and region else None)
    return {"arm": arm, "hash": digest, "statements": list(statements), "output": shown, "regions": regions}


def case_record(item: SampledCase) -> dict[str, Any]:
    """One drawn case as the page's script reads it."""
    case = item.case
    contexts = [_cut(context, CONTEXT_CHARS) for context in case.contexts[:CONTEXTS_SHOWN]]
    if len(case.contexts) > CONTEXTS_SHOWN:
        contexts.append(f"… [{len(case.contexts) - CONTEXTS_SHOWN:,} more contexts: the corpus has them all]")
    return {
        "id": case.id,
        "outcome": item.outcome,
        "cause": item.cause,
        "why": item.why,
        "question": case.question,
        "answer": case.answer,
        "contexts": contexts,
        "arms": [
            _arm_record(case.id, target.arm, target.statements, target.grader_output, target.text_hash)
            for target in label_targets(case)
        ],
    }


def render_label_page(
    sample: LabelSample,
    labels: Sequence[Label],
    *,
    corpus: str,
    stale: int = 0,
) -> str:
    """The labelling page of ``sample``, holding ``labels`` (the current ones already made on its
    cases) and saying how many given were ``stale``; same input, same bytes."""
    data = {
        "corpus": corpus,
        "seed": sample.seed,
        "read": sample.read,
        "stale": stale,
        "readings": list(READINGS),
        "judgements": list(JUDGEMENTS),
        "cases": [case_record(item) for item in sample.cases],
        "labels": [label.model_dump(mode="json") for label in labels],
    }
    drawn = len(sample.cases) - sample.resumed
    title = f"Label {corpus}"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(SCRIPT)}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{esc(title)}</title>\n"
        f"<style>{page_file(STYLE)}</style>\n</head>\n<body>\n"
        "<header>\n"
        f"<h1>{esc(title)}</h1>\n"
        f'<p class="muted">{drawn:,} case(s) drawn with seed {sample.seed} from {sample.read:,}'
        + (f", and {sample.resumed:,} labelled already" if sample.resumed else "")
        + (f"; {stale:,} label(s) given are stale (their case was graded again) and not shown" if stale else "")
        + ".</p>\n"
        '<div class="bar"><label>Your name <input id="labeller" autocomplete="off" spellcheck="false"></label>\n'
        '<span id="progress" aria-live="polite"></span>\n'
        '<button id="save" type="button">Save labels.jsonl</button>\n'
        '<a id="download" download="labels.jsonl" hidden>labels.jsonl</a></div>\n'
        '<p id="notice" class="notice" role="status"></p>\n'
        '<p class="muted">reading <kbd>y</kbd> <kbd>n</kbd> <kbd>x</kbd> · judgement <kbd>s</kbd> <kbd>u</kbd> '
        "<kbd>c</kbd> · statement <kbd>j</kbd> <kbd>k</kbd> · case <kbd>]</kbd> <kbd>[</kbd> · save "
        "<kbd>Ctrl+S</kbd></p>\n"
        f"{_keys()}"
        '</header>\n<main id="case"></main>\n'
        f'<script type="application/json" id="label-data">{script_json(data)}</script>\n'
        f"<script>{page_file(SCRIPT)}</script>\n</body>\n</html>\n"
    )


def _keys() -> str:
    rows = (
        ("y / n / x", "the reading: the grader said yes / no / gave no verdict for this statement"),
        ("s / u / c", "the judgement: the contexts support it / do not / can't tell"),
        ("j or ↓ / k or ↑", "next / previous statement"),
        ("] or → / [ or ←", "next / previous case"),
        ("Ctrl+S", "save labels.jsonl (also kept in this browser as you go)"),
    )
    body = "".join(f"<tr><th><kbd>{esc(key)}</kbd></th><td>{esc(what)}</td></tr>" for key, what in rows)
    return f'<details id="keys"><summary>Keys</summary><table>{body}</table></details>\n'
