"""The HELD-OUT set of blind layouts: kept apart from the reader's development (run it, do not read it).

Nine layouts, none of them in the development set (``layouts.py``), in graders.py or in
issue 33; same interface: each a function over graders.py's ``Chooser`` returning a
``BlindOutput``, combined with graders.py's dimensions where they fit. Only outputs a
careful person reads without doubt are drawn.

    HELDOUT.draw(RandomChooser(random.Random(7)))
    heldout_outputs()                              # the Hypothesis strategy
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    LayoutSet,
    cased,
    lower_first,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT = LayoutSet("heldout")


def heldout_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the held-out set (one layout when named)."""
    return HELDOUT.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


# ----------------------------------------------------------------- html_table

_TABLE_COLUMNS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "num_statement_supported_q": (("#", "Statement", "Supported?"), ("yes_no",)),
    "claim_label": (("Claim", "Label"), ("supported", "entailed", "correct")),
    "statement_evidence_verdict": (("Statement", "Evidence", "Verdict"), WORD_VOCABULARIES),
    "no_statement_result": (("No.", "Statement", "Result"), ("pass_fail", "correct", "true_false")),
    "statement_entailed": (("Statement", "Entailed by the context"), ("yes_no", "true_false")),
}


def _grid(rows: list[list[str]], box: bool) -> str:
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    if box:
        top = "┌" + "┬".join("─" * (w + 2) for w in widths) + "┐"
        mid = "├" + "┼".join("─" * (w + 2) for w in widths) + "┤"
        bottom = "└" + "┴".join("─" * (w + 2) for w in widths) + "┘"
        line = ["│ " + " │ ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " │" for row in rows]
        return "\n".join([top, line[0], mid, *line[1:], bottom])
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    head_rule = "+" + "+".join("=" * (w + 2) for w in widths) + "+"
    line = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |" for row in rows]
    out = [rule, line[0], head_rule]
    for text in line[1:]:
        out += [text, rule]
    return "\n".join(out)


@HELDOUT
def html_table(ch: Chooser) -> BlindOutput:
    """Tables that are not markdown pipes: HTML (``<tr><td>``), ASCII grids (``+---+``), box drawing (``│``)."""
    d = Draw(ch, "html_table")
    columns_name = d.dim("table_columns", tuple(_TABLE_COLUMNS))
    columns, vocabularies = _TABLE_COLUMNS[columns_name]
    ink = d.use_ink(vocabularies)
    kind = d.dim("table_kind", ("html", "html_compact", "html_cells_on_lines", "ascii_grid", "box"))
    rows = [list(columns)]
    for i, statement, truth in d.items():
        cells = {"#": str(i + 1), "No.": str(i + 1), "Statement": statement, "Claim": statement}
        cells["Evidence"] = ink.explanation(i, truth)
        rows.append([cells.get(column, ink.word(i, truth)) for column in columns])
    if kind in ("ascii_grid", "box"):
        body = _grid(rows, kind == "box")
        if d.flag("table_fence"):
            body = f"```\n{body}\n```"
    elif kind == "html_compact":
        lines = ["<table>", "<tr>" + "".join(f"<th>{c}</th>" for c in rows[0]) + "</tr>"]
        lines += ["<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows[1:]]
        body = "\n".join([*lines, "</table>"])
    elif kind == "html_cells_on_lines":
        lines = ["<table>", "  <tr>", *(f"    <th>{c}</th>" for c in rows[0]), "  </tr>"]
        for row in rows[1:]:
            lines += ["  <tr>", *(f"    <td>{c}</td>" for c in row), "  </tr>"]
        body = "\n".join([*lines, "</table>"])
    else:
        head = "    <tr>" + "".join(f"<th>{c}</th>" for c in rows[0]) + "</tr>"
        body_rows = ["    <tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows[1:]]
        body = "\n".join(
            ["<table>", "  <thead>", head, "  </thead>", "  <tbody>", *body_rows, "  </tbody>", "</table>"]
        )
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- json_other_keys


@HELDOUT
def json_other_keys(ch: Chooser) -> BlindOutput:
    """JSON with other keys than RAGAS's: ``supported: true``, ``label: NOT_SUPPORTED``, statements as keys..."""
    d = Draw(ch, "json_other_keys")
    shape = d.dim(
        "json_other_shape",
        ("results_supported", "claims_label", "evaluations_count", "by_text", "zero_index", "grouped_texts"),
    )
    ink = d.use_ink(("yes_no",))
    body: object
    if shape == "results_supported":
        key = d.dim("json_bool_key", ("supported", "is_supported", "entailed", "faithful"))
        body = {"results": [{"id": i + 1, key: t, "explanation": ink.explanation(i, t)} for i, _s, t in d.items()]}
    elif shape == "claims_label":
        labels = d.dim(
            "json_labels", (("SUPPORTED", "NOT_SUPPORTED", "UNCLEAR"), ("supported", "not_supported", "undetermined"))
        )
        body = [{"claim": s, "label": _of(t, labels)} for _i, s, t in d.items()]
    elif shape == "evaluations_count":
        body = {
            "evaluations": [
                {"statement_number": i + 1, "statement": s, "is_supported": _of(t, ("yes", "no", "unclear"))}
                for i, s, t in d.items()
            ],
            "supported_count": d.supported,
            "total": d.n,
        }
    elif shape == "by_text":
        key = d.dim("json_text_key", ("statement_verdicts", "verdicts", "results"))
        body = {key: {s: _of(t, ("yes", "no", "unclear")) for _i, s, t in d.items()}}
    elif shape == "zero_index":
        body = {"verdicts": [{"index": i, "verdict": None if t is None else int(t)} for i, _s, t in d.items()]}
    else:
        body = {
            "supported_statements": [s for _i, s, t in d.items() if t is True],
            "unsupported_statements": [s for _i, s, t in d.items() if t is False],
        }
        if None in d.truth:
            body["undetermined_statements"] = [s for _i, s, t in d.items() if t is None]
    indent = d.dim("json_other_indent", ("none", "2"))
    text = json.dumps(body, indent=None if indent == "none" else 2, ensure_ascii=False)
    wrap = d.dim("json_other_wrap", ("bare", "fence_json", "lead_in"))
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"{ch.pick('json_lead_in', P.JSON_LEAD_INS)}\n\n{text}"
    return d.done(text)


# ----------------------------------------------------------------- nli_labels

_NLI_LABELS: dict[str, tuple[str, str, str]] = {
    "upper": ("ENTAILMENT", "CONTRADICTION", "NEUTRAL"),
    "lower": ("entailment", "contradiction", "neutral"),
    "participle": ("Entailed", "Contradicted", "Neutral"),
    "verb": ("Entails", "Contradicts", "Neutral"),
}


@HELDOUT
def nli_labels(ch: Chooser) -> BlindOutput:
    """Three-way NLI labels (entailment / contradiction / neutral), as NLI-tuned and small models answer."""
    d = Draw(ch, "nli_labels")
    labels = _NLI_LABELS[d.dim("nli_label_set", tuple(_NLI_LABELS))]
    chosen = []
    for _i, _s, truth in d.items():
        if truth is True:
            chosen.append(labels[0])
        elif truth is None:
            chosen.append(labels[2])
        else:
            chosen.append(labels[ch.integer("nli_false_label", 1, 2)])
    form = d.dim("nli_form", ("numbered", "hypothesis_blocks", "arrow_echo", "final_line", "json_labels"))
    if form == "numbered":
        body = "\n".join(f"{i + 1}. {label}" for i, label in enumerate(chosen))
    elif form == "hypothesis_blocks":
        body = "\n\n".join(
            f"Hypothesis {i + 1}: {s}\nRelation to the premise: {label}"
            for (i, s, _t), label in zip(d.items(), chosen, strict=True)
        )
    elif form == "arrow_echo":
        body = "\n".join(f"{s} => {label}" for (_i, s, _t), label in zip(d.items(), chosen, strict=True))
    elif form == "final_line":
        body = P.HEADERS[0] + " " + " ".join(label + "." for label in chosen)
    else:
        body = json.dumps({"labels": chosen}, ensure_ascii=False)
    if d.flag("nli_legend"):
        body += (
            f"\n\n({labels[0]} = supported by the context; {labels[2]} or {labels[1]} = not supported)"
            if form != "json_labels"
            else ""
        )
    return d.done(d.frame(body, tally=form != "json_labels", sign_off=form != "json_labels"))


# ----------------------------------------------------------------- verdict_above_quote


@HELDOUT
def verdict_above_quote(ch: Chooser) -> BlindOutput:
    """The verdict first, on its own line, the statement below it (quoted) and a reason under that."""
    d = Draw(ch, "verdict_above_quote", plain_openers=True)
    ink = d.use_ink(WORD_VOCABULARIES)
    form = d.dim("above_form", ("emoji_heading", "h4", "bold_line", "label_quote"))
    emoji = P.EMOJI[d.dim("above_emoji", tuple(P.EMOJI))]
    numbered = d.flag("above_numbered")
    reason = d.flag("above_reason")
    units = []
    for i, statement, truth in d.items():
        word = ink.word(i, truth)
        number = f"{i + 1}. " if numbered else ""
        top = {
            "emoji_heading": f"{number}{_of(truth, emoji)} **{word}**",
            "h4": f"#### {number}{word}",
            "bold_line": f"{number}**{word}**",
            "label_quote": f"{number}{word}:",
        }[form]
        quoted = f"> {statement}" if form in ("emoji_heading", "label_quote") else f"“{statement}”"
        lines = [top, quoted]
        if reason:
            lines.append(f"_{ink.explanation(i, truth)}_")
        units.append("\n".join(lines))
    rule = d.dim("above_rule", ("\n\n", "\n\n---\n\n"))
    return d.done(d.frame(rule.join(units)))


# ----------------------------------------------------------------- claim_label_paren


@HELDOUT
def claim_label_paren(ch: Chooser) -> BlindOutput:
    """Each echoed statement carries its verdict as a label: "Claim 1 (supported): ...", "... [NOT SUPPORTED]"."""
    d = Draw(ch, "claim_label_paren")
    ink = d.use_ink(("supported", "yes_no", "true_false", "correct", "entailed"))
    form = d.dim("label_form", ("claim_k_paren", "bracket_after", "paren_after", "bracket_before", "paren_mark"))
    emoji = P.EMOJI[d.dim("label_emoji", tuple(P.EMOJI))]
    lines = []
    for i, statement, truth in d.items():
        word = ink.word(i, truth)
        line = {
            "claim_k_paren": f"Claim {i + 1} ({word}): {statement}",
            "bracket_after": f"{i + 1}. {statement} [{word}]",
            "paren_after": f"- {statement} ({word})",
            "bracket_before": f"[{word}] {statement}",
            "paren_mark": f"{i + 1}. {statement} ({_of(truth, emoji)} {word})",
        }[form]
        lines.append(line)
    body = "\n".join(lines)
    header = d.dim("label_header", ("none", "Claims checked against the context:", "Results:"))
    if header != "none":
        body = f"{header}\n{body}"
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- ranges_and_exceptions


def _spans(numbers: list[int], dash: str) -> list[str]:
    spans: list[str] = []
    start = previous = numbers[0]
    for k in [*numbers[1:], -1]:
        if k == previous + 1:
            previous = k
            continue
        if previous - start >= 2:
            spans.append(f"{start}{dash}{previous}")
        else:
            spans += [str(j) for j in range(start, previous + 1)]
        start = previous = k
    return spans


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _predicates(yes: list[int], no: list[int], unknown: list[int]) -> list[tuple[list[int], tuple[str, str]]]:
    return [
        (yes, ("is supported by the context", "are supported by the context")),
        (no, ("is not supported", "are not supported")),
        (unknown, ("cannot be verified from the context", "cannot be verified from the context")),
    ]


@HELDOUT
def ranges_and_exceptions(ch: Chooser) -> BlindOutput:
    """Prose over the whole list: ranges, "all except", "only", ordinals ("Statements 1–3 are supported; 4 is not.")."""
    d = Draw(ch, "ranges_and_exceptions", min_n=2)
    yes = [i + 1 for i, _s, t in d.items() if t is True]
    no = [i + 1 for i, _s, t in d.items() if t is False]
    unknown = [i + 1 for i, _s, t in d.items() if t is None]
    dash = d.dim("range_dash", ("–", "-", " to ", " through "))
    form = d.dim("ranges_form", ("summary", "ranges", "ordinals"))
    if form == "summary":
        if not no and not unknown:
            text = d.dim(
                "summary_all",
                (f"All {d.n} statements are supported by the context.", "Every statement is supported by the context."),
            )
        elif not yes and not unknown:
            text = f"None of the {d.n} statements is supported by the context."
        elif len(yes) == d.n - 1:
            k = (no or unknown)[0]
            rest = "is not" if no else "cannot be verified from the context"
            text = f"All statements except statement {k} are supported by the context; statement {k} {rest}."
        elif len(yes) == 1 and not unknown:
            text = f"Only statement {yes[0]} is supported by the context; the others are not."
        else:
            form = "ranges"
        d.dims["ranges_form"] = form
    if form == "ranges":
        parts: list[str] = []
        for numbers, (one, many_) in _predicates(yes, no, unknown):
            if not numbers:
                continue
            spans = _spans(numbers, dash)
            many = len(numbers) > 1
            subject = (
                ("Statements " if many else "Statement ") if not parts else ("statements " if many else "statement ")
            )
            parts.append(f"{subject}{_and(spans)} {many_ if many else one}")
        text = "; ".join(parts) + "."
    elif form == "ordinals":
        parts = []
        for numbers, (one, many_) in _predicates(yes, no, unknown):
            if not numbers:
                continue
            many = len(numbers) > 1
            names = _and([P.ORDINALS[k - 1] for k in numbers])
            article = "The" if not parts else "the"
            parts.append(f"{article} {names} statement{'s' if many else ''} {many_ if many else one}")
        text = "; ".join(parts) + "."
    return d.done(d.frame(text))


# ----------------------------------------------------------------- space_aligned_columns

_PLAIN_COLUMNS: dict[str, tuple[str, ...]] = {
    "statement_verdict": ("Statement", "Verdict"),
    "no_claim_supported": ("No.", "Claim", "Supported"),
    "num_verdict_statement": ("#", "Verdict", "Statement"),
    "statement_verdict_reason": ("Statement", "Verdict", "Reason"),
}


@HELDOUT
def space_aligned_columns(ch: Chooser) -> BlindOutput:
    """A plain-text table aligned with spaces, no pipes: a header, a rule of dashes, one row per statement."""
    d = Draw(ch, "space_aligned_columns")
    columns = _PLAIN_COLUMNS[d.dim("plain_columns", tuple(_PLAIN_COLUMNS))]
    ink = d.use_ink(("yes_no", "true_false") if "Supported" in columns else WORD_VOCABULARIES)
    rows = [list(columns)]
    for i, statement, truth in d.items():
        cells = {"Statement": statement, "Claim": statement, "No.": str(i + 1), "#": str(i + 1)}
        cells["Reason"] = ink.explanation(i, truth)
        rows.append([cells.get(column, ink.word(i, truth)) for column in columns])
    widths = [max(len(row[c]) for row in rows) for c in range(len(columns))]
    gap = " " * d.dim("plain_gap", (2, 3, 4))
    rule = d.dim("plain_rule", ("-", "=", "none"))

    def line(row: list[str]) -> str:
        return gap.join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()

    out = [line(rows[0])]
    if rule != "none":
        out.append(gap.join(rule * w for w in widths))
    out += [line(row) for row in rows[1:]]
    body = "\n".join(out)
    if d.flag("plain_fence"):
        body = f"```\n{body}\n```"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- bold_run_in

_ORDINAL_WORDS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth")


@HELDOUT
def bold_run_in(ch: Chooser) -> BlindOutput:
    """Every verdict run into one paragraph, each with its reason: "**1.** No — ... **2.** Yes — ..."."""
    d = Draw(ch, "bold_run_in")
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct"))
    form = d.dim("run_in_form", ("bold_number", "paren_bold", "statement_semicolon", "ordinal_words"))
    units = []
    for i, _statement, truth in d.items():
        word = ink.word(i, truth)
        why = ink.explanation(i, truth)
        unit = {
            "bold_number": f"**{i + 1}.** {word} — {why}",
            "paren_bold": f"({i + 1}) **{word}**: {why}",
            "statement_semicolon": f"statement {i + 1}: {word}, {lower_first(why).rstrip('.')}",
            "ordinal_words": f"{_ORDINAL_WORDS[i]}, {cased(word, 'lower') if word[:1].isupper() else word}: {why}",
        }[form]
        units.append(unit)
    if form == "statement_semicolon":
        text = "; ".join(units) + "."
        text = text[:1].upper() + text[1:]
    else:
        text = " ".join(units)
    lead = d.dim("run_in_lead", ("none", "Here is what I found.", "In short:"))
    if lead != "none":
        text = f"{lead} {text}"
    return d.done(d.frame(text, final=True))


# ----------------------------------------------------------------- structured_refusals


@HELDOUT
def structured_refusals(ch: Chooser) -> BlindOutput:
    """Refusals and non-answers in a structure: a JSON error, the statements echoed then a decline, a question."""
    d = Draw(ch, "structured_refusals", unknowns=False, min_n=2)
    listing = "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items())
    texts = (
        '{"error": "The context is empty, so the statements cannot be evaluated."}',
        '```json\n{"statements": [], "note": "No context was provided; I cannot judge any statement."}\n```',
        f"Statements:\n{listing}\n\nI can't verify any of these: the context you gave me is empty.",
        "Could you share the context? Without it there is nothing to check these statements against, "
        "so I can't give verdicts yet.",
        "To evaluate these statements I need the retrieved passages, which are missing from your message. "
        "Please send them and I'll judge each statement.",
        "Final verdict for each statement in order:\n\n(Unable to provide verdicts — the context section is blank.)",
        "<answer>I cannot answer: the context is missing, so none of the statements can be judged.</answer>",
        "The context and the statements are about different things, so checking them would not be meaningful. "
        "I won't give verdicts for these statements.",
        "抱歉，由于没有提供上下文，我无法评估这些陈述。",
    )
    return d.refused(d.dim("refusal_text", texts))
