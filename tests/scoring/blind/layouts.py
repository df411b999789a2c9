"""The DEVELOPMENT set of blind layouts: fourteen ways graders answer that graders.py and issue 33 do not name.

Each layout is a function over graders.py's ``Chooser`` returning a ``BlindOutput``
(``tests/scoring/blind/_draw.py``), drawn with graders.py's dimensions where they fit
(vocabulary, casing, decoration, annotation, explanations, reasoning blocks, the legacy
final line, call 1's styles) and this set's own (a ``<think>`` draft, a preface, an
agreeing count, a sign-off). Only outputs a careful person reads without doubt are drawn:
where a combination would leave doubt (1/0 verdicts beside numbering, a statement that
opens with "Yes," right after a verdict), it is not drawn.

    DEV.draw(RandomChooser(random.Random(7)))      # one output, layout chosen uniformly
    DEV.strategy()                                 # the Hypothesis strategy
    dev_outputs(layout="checklist")                # one layout's strategy
"""

from __future__ import annotations

import csv
import io
import json

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import (
    ALL_VOCABULARIES,
    LANGUAGES,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    LayoutSet,
    cased,
    lower_first,
    number_list,
)
from tests.scoring.graders import SHAPES, Chooser, _Call2

DEV = LayoutSet("dev")


def dev_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the development set (one layout when named)."""
    return DEV.strategy(layout)


def _stop(token: str) -> str:
    """A full stop after a verdict that ends in a letter or a closing mark, none after an emoji."""
    return token + "." if token[-1:].isalnum() or token[-1:] in "*`\"'>]" else token


# ----------------------------------------------------------------- 1. question_repeat


@DEV
def question_repeat(ch: Chooser) -> BlindOutput:
    """Per statement, the grader repeats the question and answers it: "Is statement 2 supported...? No."""
    d = Draw(ch, "question_repeat")
    ink = d.use_ink(("yes_no",))
    form = d.dim("question_form", ("is_k", "does_quote", "q_a", "statement_then_q", "bold_q", "can_infer"))
    explain = d.dim("question_explain", ("none", "sentence", "comma"))
    ink.decorate(exclude=("arrow", "angle", "emoji_only") if explain == "comma" else ("arrow", "angle"))
    join = " " if form == "q_a" else d.dim("question_join", (" ", "\n"))
    units = []
    for i, statement, truth in d.items():
        k = i + 1
        token = ink.token(i, truth)
        answer = {
            "none": _stop(token),
            "sentence": f"{_stop(token)} {ink.explanation(i, truth)}",
            "comma": f"{token}, {lower_first(ink.explanation(i, truth))}",
        }[explain]
        question = {
            "is_k": f"Is statement {k} supported by the context?",
            "does_quote": f'Does the context support "{statement.rstrip(".")}"?',
            "q_a": f'Q{k}: Is the statement "{statement}" supported by the context?\nA{k}:',
            "statement_then_q": f"{k}. {statement}\nIs this supported by the context?",
            "bold_q": f"**Is statement {k} supported by the context?**",
            "can_infer": f"Statement {k}: {statement}\nCan it be inferred from the context?",
        }[form]
        units.append(f"{question}{join}{answer}")
    gap = d.dim("unit_gap", ("\n", "\n\n"))
    if "\n" in join and gap == "\n":
        gap = "\n\n"
        d.dims["unit_gap"] = gap
    return d.done(d.frame(gap.join(units), final=True))


# ----------------------------------------------------------------- 2. yaml_items

_YAML_KEYS: dict[str, tuple[str, ...]] = {
    "statement_reason_verdict": ("statement", "reason", "verdict"),
    "statement_verdict": ("statement", "verdict"),
    "id_statement_verdict_reason": ("id", "statement", "verdict", "reason"),
    "claim_supported": ("claim", "supported"),
    "statement_explanation_label": ("statement", "explanation", "label"),
}


def _yaml_scalar(text: str, style: str) -> str:
    safe = not any(mark in text for mark in (": ", " #", '"', "'")) and text[:1] not in "-?:,[]{}#&*!|>%@`"
    return text if style == "plain" and safe else json.dumps(text, ensure_ascii=False)


@DEV
def yaml_items(ch: Chooser) -> BlindOutput:
    """A YAML list, one mapping per statement: ``- statement: ...`` / ``  verdict: no`` (fenced or bare)."""
    d = Draw(ch, "yaml_items")
    keys_name = d.dim("yaml_keys", tuple(_YAML_KEYS))
    keys = _YAML_KEYS[keys_name]
    if keys_name == "claim_supported":
        ink = d.use_ink(("yes_no", "true_false", "numeric"))
    elif keys_name == "statement_explanation_label":
        ink = d.use_ink(("supported", "entailed", "correct", "true_false"))
    else:
        ink = d.use_ink(ALL_VOCABULARIES)
    style = d.dim("yaml_quotes", ("plain", "double"))
    root = d.dim("yaml_root", ("none", "statements", "verdicts", "results"))
    indent = "  " if root != "none" else ""
    lines = [f"{root}:"] if root != "none" else []
    for i, statement, truth in d.items():
        values = {
            "id": str(i + 1),
            "statement": _yaml_scalar(statement, style),
            "claim": _yaml_scalar(statement, style),
            "reason": _yaml_scalar(ink.explanation(i, truth), style),
            "explanation": _yaml_scalar(ink.explanation(i, truth), style),
        }
        verdict = ink.word(i, truth)
        verdict = verdict if style == "plain" and truth is not None else json.dumps(verdict, ensure_ascii=False)
        for j, key in enumerate(keys):
            value = values.get(key, verdict)
            lines.append(f"{indent}{'- ' if j == 0 else '  '}{key}: {value}")
    text = "\n".join(lines)
    fence = d.dim("yaml_fence", ("```yaml", "```yml", "```", "none"))
    if fence != "none":
        text = f"{fence}\n{text}\n```"
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 3. xml_tags


@DEV
def xml_tags(ch: Chooser) -> BlindOutput:
    """XML-ish tags, as Claude-style graders write: ``<statement id="1">...</statement><verdict>no</verdict>``."""
    d = Draw(ch, "xml_tags")
    form = d.dim("xml_form", ("pair", "nested", "attr", "analysis_answer"))
    ink = d.use_ink(WORD_VOCABULARIES if form == "analysis_answer" else ALL_VOCABULARIES)
    tag = d.dim("xml_verdict_tag", ("verdict", "judgement", "answer", "label"))
    parts: list[str] = []
    if form == "pair":
        reasons = d.flag("xml_reasons")
        gap = d.dim("xml_gap", ("\n", "\n\n"))
        for i, statement, truth in d.items():
            unit = [f'<statement id="{i + 1}">{statement}</statement>']
            if reasons:
                unit.append(f"<reasoning>{ink.explanation(i, truth)}</reasoning>")
            unit.append(f"<{tag}>{ink.word(i, truth)}</{tag}>")
            parts.append("\n".join(unit))
        body = gap.join(parts)
    elif form == "nested":
        root, child = d.dim("xml_root", (("evaluation", "item"), ("results", "result"), ("verdicts", "claim")))
        pad = d.dim("xml_indent", ("  ", ""))
        lines = [f"<{root}>"]
        for i, statement, truth in d.items():
            lines += [
                f'{pad}<{child} index="{i + 1}">',
                f"{pad}{pad}<statement>{statement}</statement>",
                f"{pad}{pad}<reason>{ink.explanation(i, truth)}</reason>",
                f"{pad}{pad}<{tag}>{ink.word(i, truth)}</{tag}>",
                f"{pad}</{child}>",
            ]
        lines.append(f"</{root}>")
        body = "\n".join(lines)
    elif form == "attr":
        wrap = d.flag("xml_wrap")
        lines = [f'<{tag} statement="{i + 1}">{ink.word(i, truth)}</{tag}>' for i, _s, truth in d.items()]
        body = "\n".join([f"<{tag}s>", *lines, f"</{tag}s>"] if wrap else lines)
    else:
        analysis = "\n".join(f"Statement {i + 1}: {ink.explanation(i, truth)}" for i, _s, truth in d.items())
        answers = "\n".join(f"{i + 1}. {ink.word(i, truth)}" for i, _s, truth in d.items())
        body = f"<analysis>\n{analysis}\n</analysis>\n\n<answer>\n{answers}\n</answer>"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 4. heading_sections

_LABELS = ("Assessment", "Result", "Decision", "Outcome", "Label", "Finding", "Status", "Evaluation", "Determination")
_LABEL_FORMS = ("**{L}:** {v}", "{L}: {v}", "_{L}_: {v}", "{L} — {v}", "**{L}** — {v}", "➡️ {L}: {v}")
_FILLERS = (
    "I compared it with each passage of the context.",
    "The relevant passage is the one about this topic.",
    "Only the context counts here, not outside knowledge.",
    "I looked for the exact figure and wording.",
)


@DEV
def heading_sections(ch: Chooser) -> BlindOutput:
    """A markdown section per statement (``### Statement 2``), analysis, and a labelled verdict lines below."""
    d = Draw(ch, "heading_sections")
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle"))
    heading = d.dim(
        "heading_form",
        ("### Statement {k}", "## Claim {k}", "**Statement {k}**", "#### {k}. {s}", "Statement {k} of {n}"),
    )
    shown = "none" if "{s}" in heading else d.dim("heading_statement", ("> {s}", '"{s}"', "*{s}*", "Text: {s}"))
    label = d.dim("heading_label", _LABELS)
    label_form = d.dim("heading_label_form", _LABEL_FORMS)
    filler = d.flag("heading_filler")
    rule = d.dim("heading_rule", ("\n\n", "\n\n---\n\n"))
    sections = []
    for i, statement, truth in d.items():
        lines = [heading.format(k=i + 1, s=statement, n=d.n)]
        if shown != "none":
            lines.append(shown.format(s=statement))
        lines.append("")
        analysis = ink.explanation(i, truth)
        if filler:
            analysis += " " + ch.pick("filler", _FILLERS)
        lines += [analysis, ""]
        lines.append(label_form.format(L=label, v=ink.token(i, truth)))
        sections.append("\n".join(lines))
    return d.done(d.frame(rule.join(sections), final=True))


# ----------------------------------------------------------------- 5. therefore_paragraphs

_OPENERS = (
    'Statement {k} says: "{s}"',
    'The {o} statement is "{s}"',
    'Looking at statement {k} ("{s}"):',
    "{k}) {s}",
)
_CONCLUSIONS = (
    "Therefore, the verdict is: {v}.",
    "So the answer for this statement is {v}.",
    "Hence, my verdict: {v}.",
    "Thus: {v}.",
    "Final answer for this one: {v}.",
)
_WORDED = (
    "Therefore, this statement is supported by the context.",
    "Therefore, this statement is not supported by the context.",
    "Therefore, this statement cannot be verified either way from the context.",
)


@DEV
def therefore_paragraphs(ch: Chooser) -> BlindOutput:
    """A reasoning paragraph per statement that ends in its verdict: "Therefore, the verdict is: **No**."."""
    d = Draw(ch, "therefore_paragraphs")
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle", "emoji_only"))
    opener = d.dim("opener", _OPENERS)
    conclusion = d.dim("conclusion", (*_CONCLUSIONS, "worded"))
    join = d.dim("opener_join", (" ", "\n"))
    filler = d.flag("paragraph_filler")
    paragraphs = []
    for i, statement, truth in d.items():
        head = opener.format(k=i + 1, s=statement, o=P.ORDINALS[i])
        body = ink.explanation(i, truth)
        if filler:
            body += " " + ch.pick("filler", _FILLERS)
        if conclusion == "worded":
            end = _WORDED[0 if truth is True else 1 if truth is False else 2]
        else:
            end = conclusion.format(v=ink.token(i, truth))
        paragraphs.append(f"{head}{join}{body} {end}")
    return d.done(d.frame("\n\n".join(paragraphs), final=True))


# ----------------------------------------------------------------- 6. checklist

_MARKS: dict[str, tuple[str, str, str]] = {
    "brackets_x": ("[x]", "[ ]", "[?]"),
    "brackets_check": ("[✓]", "[✗]", "[?]"),
    "ballot": ("☑", "☐", "❓"),
    "emoji": ("✅", "❌", "❓"),
    "heavy": ("✔", "✖", "?"),
}
_LEGENDS = (
    "Legend: {y} supported by the context, {n} not supported{u}.",
    "({y} = supported, {n} = not supported{u})",
    "Key: {y} = the context supports it; {n} = it does not{u}.",
)


@DEV
def checklist(ch: Chooser) -> BlindOutput:
    """A task list, one box per statement, with a legend saying what a ticked box means."""
    d = Draw(ch, "checklist")
    marks_name = d.dim("marks", tuple(_MARKS))
    yes, no, unknown = _MARKS[marks_name]
    legends = list(_LEGENDS)
    if marks_name in ("brackets_x", "ballot"):
        legends.append("Checked = supported by the context; unchecked = not supported{u}.")
    legend = d.dim("legend", tuple(legends))
    unknown_said = None in d.truth or d.flag("legend_unknown")
    u = f", {unknown} cannot tell" if unknown_said else ""
    if legend.startswith("Key"):
        u = f"; {unknown} = cannot tell" if unknown_said else ""
    legend_text = legend.format(y=yes, n=no, u=u)
    bullet = d.dim("bullet", ("- ", "* ", "", "{k}. "))
    aside = d.flag("checklist_aside")
    ink = d.use_ink(("yes_no",)) if aside else None
    rows = []
    for i, statement, truth in d.items():
        mark = yes if truth is True else no if truth is False else unknown
        row = f"{bullet.format(k=i + 1)}{mark} {statement}"
        if ink is not None:
            row += f" — {ink.aside(i, truth)}"
        rows.append(row)
    heading = d.dim("checklist_heading", ("none", "**Fact check against the context**", "Statements:"))
    where = d.dim("legend_position", ("before", "after"))
    parts = [heading] if heading != "none" else []
    parts += [legend_text, "\n".join(rows)] if where == "before" else ["\n".join(rows), legend_text]
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 7. grouped


def _statements_are(numbers: list[int], what: str, oxford: bool) -> str:
    if len(numbers) == 1:
        return f"statement {numbers[0]} is {what}"
    return f"statements {number_list(numbers, oxford=oxford)} are {what}"


@DEV
def grouped(ch: Chooser) -> BlindOutput:
    """Verdicts grouped by value: "Supported: 1, 3 / Not supported: 2", echoed bullets under headings, or a sentence."""
    d = Draw(ch, "grouped", min_n=2)
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct", "entailed", "pass_fail"))
    form = d.dim("group_form", ("numbers", "echo_bullets", "sentence"))
    order = d.dim("group_order", ("supported_first", "unsupported_first"))
    unknown_label = d.dim("group_unknown_label", ("Unclear", "Cannot determine", "Not enough information"))
    yes_k = [i + 1 for i, _s, t in d.items() if t is True]
    no_k = [i + 1 for i, _s, t in d.items() if t is False]
    unknown_k = [i + 1 for i, _s, t in d.items() if t is None]
    yes_label = cased(ink.yes_word(), "sentence")
    no_label = cased(ink.no_word(), "sentence")
    groups = [(yes_label, yes_k), (no_label, no_k)]
    if order == "unsupported_first":
        groups.reverse()
    if unknown_k:
        groups.append((unknown_label, unknown_k))
    if form == "numbers":
        empty = d.dim("group_empty", ("none", "—", "omit"))
        join = d.dim("group_join", ("\n", "; ", " | "))
        rendered = [
            f"{label}: {', '.join(map(str, ks)) if ks else empty}" for label, ks in groups if ks or empty != "omit"
        ]
        return d.done(d.frame(join.join(rendered)))
    if form == "echo_bullets":
        style = d.dim("group_heading_style", ("**{L}:**", "{L}:", "### {L}"))
        numbered = d.flag("group_numbers")
        blocks = []
        for label, ks in groups:
            if not ks and label == unknown_label:
                continue
            lines = [style.format(L=label)]
            lines += [f"- ({k}) {d.statements[k - 1]}" if numbered else f"- {d.statements[k - 1]}" for k in ks]
            if not ks:
                lines.append("- (none)")
            blocks.append("\n".join(lines))
        return d.done(d.frame("\n\n".join(blocks)))
    oxford = d.flag("oxford_comma")
    if not no_k and not unknown_k:
        text = "All statements are supported by the context."
    elif not yes_k and not unknown_k:
        text = "None of the statements is supported by the context."
    else:
        parts = []
        for label, ks in groups:
            if not ks:
                continue
            what = {
                yes_label: "supported by the context",
                no_label: "not supported by the context",
                unknown_label: "impossible to verify from the context",
            }[label]
            parts.append(_statements_are(ks, what, oxford))
        text = "; ".join(parts)
        text = text[:1].upper() + text[1:] + "."
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 8. verdict_emdash_reason

# Explanations that follow the verdict and use verdict-like words themselves, as graders do.
_LONG_REASONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "the context states this directly, so it is supported.",
        "nothing in the context contradicts it, and it is stated explicitly.",
        "no assumptions are needed: the context says exactly this.",
        "this is true according to the context.",
    ),
    (
        "the context does not mention this at all.",
        "there is no information about this in the context, so it is not supported.",
        "the context says otherwise; as written this is false.",
        "the context mentions the topic but never says this, so it cannot be accepted.",
    ),
    (
        "the context is ambiguous, so this can neither be confirmed nor ruled out.",
        "not enough detail in the context to decide either way.",
    ),
)


@DEV
def verdict_emdash_reason(ch: Chooser) -> BlindOutput:
    """One verdict a line, first, then a dash and an explanation that itself says "no", "not", "true"..."""
    d = Draw(ch, "verdict_emdash_reason")
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle", "emoji_only"))
    sep = d.dim("reason_separator", (" — ", " - ", ": ", " – ", ". "))
    enumeration = d.dim("reason_enumeration", ("none", "{k}.", "{k})", "-", "Statement {k}:"))
    header = d.dim("reason_header", ("none", "Verdicts:", P.HEADERS[0], "Final verdicts:"))
    lines = []
    for i, _statement, truth in d.items():
        reasons = _LONG_REASONS[0 if truth is True else 1 if truth is False else 2]
        reason = ch.pick("long_reason", reasons)
        if sep == ". ":
            reason = reason[:1].upper() + reason[1:]
        line = f"{ink.token(i, truth)}{sep}{reason}"
        if enumeration != "none":
            line = f"{enumeration.format(k=i + 1)} {line}"
        lines.append(line)
    body = "\n".join(lines)
    if header != "none":
        body = f"{header}\n{body}"
    return d.done(d.frame(body, reasoning=header == P.HEADERS[0]))


# ----------------------------------------------------------------- 9. csv_rows

_CSV_COLUMNS: dict[str, tuple[str, ...]] = {
    "statement_verdict": ("statement", "verdict"),
    "id_verdict": ("id", "verdict"),
    "index_statement_supported": ("index", "statement", "supported"),
    "hash_claim_label_reason": ("#", "claim", "label", "reason"),
    "statement_id_is_supported": ("statement_id", "is_supported"),
}


@DEV
def csv_rows(ch: Chooser) -> BlindOutput:
    """CSV with a header row (``statement,verdict`` / ``id,verdict`` / ...), fenced or bare."""
    d = Draw(ch, "csv_rows")
    columns_name = d.dim("csv_columns", tuple(_CSV_COLUMNS))
    columns = _CSV_COLUMNS[columns_name]
    if columns[-1] in ("supported", "is_supported"):
        ink = d.use_ink(("yes_no", "true_false", "numeric"))
    elif columns[-2:] == ("label", "reason"):
        ink = d.use_ink(("supported", "entailed", "correct"))
    else:
        ink = d.use_ink(ALL_VOCABULARIES)
    delimiter = d.dim("csv_delimiter", (",", ";", "\t"))
    quote_all = d.flag("csv_quote_all")
    buffer = io.StringIO()
    writer = csv.writer(
        buffer, delimiter=delimiter, quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL, lineterminator="\n"
    )
    writer.writerow(columns)
    for i, statement, truth in d.items():
        cells = {
            "statement": statement,
            "claim": statement,
            "id": str(i + 1),
            "index": str(i + 1),
            "#": str(i + 1),
            "statement_id": str(i + 1),
            "reason": ink.explanation(i, truth),
        }
        writer.writerow([cells.get(column, ink.word(i, truth)) for column in columns])
    text = buffer.getvalue().rstrip("\n")
    fence = d.dim("csv_fence", ("```csv", "```", "none"))
    if fence != "none":
        text = f"{fence}\n{text}\n```"
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 10. compact_pairs

_PAIR_FORMS = ("S{k}={v}", "{k}:{v}", "#{k}: {v}", "({k}) {v}", "{k}→{v}", "[S{k}] {v}", "stmt{k}={v}")
_ABBREVIATIONS: dict[str, tuple[str, str, str]] = {
    "yn": ("Y", "N", "?"),
    "tf": ("T", "F", "?"),
    "marks": ("✓", "✗", "?"),
}


@DEV
def compact_pairs(ch: Chooser) -> BlindOutput:
    """Terse number=verdict pairs, as small models write them: "S1=Y S2=N S3=Y", "1:yes, 2:no"."""
    d = Draw(ch, "compact_pairs")
    form = d.dim("pair_form", _PAIR_FORMS)
    values = d.dim("pair_values", ("yn", "tf", "marks", "words"))
    ink = d.use_ink(("yes_no", "true_false", "supported")) if values == "words" else None
    casing = d.dim("pair_casing", ("upper", "lower")) if values in ("yn", "tf") else "upper"
    join = d.dim("pair_join", (" ", ", ", " | ", "\n", "; ", "  "))
    pairs = []
    for i, _statement, truth in d.items():
        if ink is not None:
            value = ink.word(i, truth)
        else:
            value = cased(_ABBREVIATIONS[values][0 if truth is True else 1 if truth is False else 2], casing)
        pairs.append(form.format(k=i + 1, v=value))
    body = join.join(pairs)
    header = d.dim("pair_header", ("none", "Verdicts:", P.HEADERS[0], "Answer:"))
    if header != "none":
        body = f"{header}{chr(10) if join == chr(10) else ' '}{body}"
    if values != "words" and d.flag("pair_legend"):
        y, n, u = _ABBREVIATIONS[values]
        legend = f"({cased(y, casing)} = supported, {cased(n, casing)} = not supported"
        legend += f", {u} = cannot tell)" if None in d.truth else ")"
        body = f"{body}\n{legend}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 11. foreign_words


@DEV
def foreign_words(ch: Chooser) -> BlindOutput:
    """Verdict words in the language of the context or question (Sí/No, Oui/Non, Ja/Nein, 是/否, Да/Нет ...)."""
    d = Draw(ch, "foreign_words", unknowns=False)
    name = d.dim("language", tuple(LANGUAGES))
    lang = LANGUAGES[name]
    casing = d.dim("foreign_casing", ("sentence", "upper", "lower") if name not in ("zh",) else ("sentence",))
    form = d.dim("foreign_form", ("final_en", "final_native", "markers_native", "markers_and_final", "numbered"))

    def word(truth: bool | None) -> str:
        return cased(lang.yes if truth is True else lang.no, casing)

    def final(header: str) -> str:
        sep = "" if lang.stop == "。" else " "
        words = sep.join(word(t) + lang.stop for t in d.truth)
        return f"{header} {words}" if lang.stop != "。" else f"{header}{words}"

    if form == "final_en":
        body = final(P.HEADERS[0])
    elif form == "final_native":
        body = final(lang.header)
    elif form == "numbered":
        body = "\n".join(f"{i + 1}. {word(t)}" for i, _s, t in d.items())
    else:
        blocks = []
        for i, statement, truth in d.items():
            explained = lang.explained_yes if truth else lang.explained_no
            blocks.append(
                f"{lang.statement} {i + 1}{lang.colon}{statement}\n"
                f"{lang.explanation}{lang.colon}{explained}\n"
                f"{lang.verdict}{lang.colon}{word(truth)}{lang.stop}"
            )
        body = "\n\n".join(blocks)
        if form == "markers_and_final":
            body += "\n\n" + final(d.dim("foreign_final_header", (lang.header, P.HEADERS[0])))
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 12. preamble_echo

_PREAMBLE_NOTES = (
    "This is an introductory line, not a claim that can be checked against the context.",
    "This line only introduces the list; it makes no factual claim.",
    "Not a factual statement.",
)


@DEV
def preamble_echo(ch: Chooser) -> BlindOutput:
    """Legacy sent call 1's lead-in ("Here are the statements:") as a statement: the grader judges it too, by echo."""
    d = Draw(ch, "preamble_echo", call1=False, plain_openers=True)
    lead = d.dim("call1_lead_in", P.CALL1_LEAD_INS)
    listing = d.dim("call1_list", ("lines", "bulleted"))
    lines = [f"- {s}" if listing == "bulleted" else s for s in d.statements]
    d.call1 = lead + "\n" + "\n".join(lines)
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct"))
    form = d.dim("preamble_form", ("blocks", "numbered_blocks", "numbered_quoted", "table", "bold_echo"))
    preamble_word = d.dim("preamble_verdict", ("no", "unknown"))
    note = ch.pick("preamble_note", _PREAMBLE_NOTES)
    judged: list[tuple[str, str, str]] = [
        (lead, ink.no_word() if preamble_word == "no" else cased("N/A", "sentence"), note)
    ]
    judged += [(s, ink.word(i, t), ink.explanation(i, t)) for i, s, t in d.items()]
    if form in ("blocks", "numbered_blocks"):
        units = []
        for j, (statement, verdict, why) in enumerate(judged, 1):
            head = f"Statement {j}: {statement}" if form == "numbered_blocks" else f"Statement: {statement}"
            units.append(f"{head}\nExplanation: {why}\nVerdict: {verdict}.")
        body = "\n\n".join(units)
    elif form == "numbered_quoted":
        body = "\n".join(f'{j}. "{s}" — {v}' for j, (s, v, _w) in enumerate(judged, 1))
    elif form == "table":
        rows = ["| # | Statement | Verdict |", "|---|---|---|"]
        rows += [f"| {j} | {s} | {v} |" for j, (s, v, _w) in enumerate(judged, 1)]
        body = "\n".join(rows)
    else:
        body = "\n\n".join(f"**{s}**\n{v} — {w}" for s, v, w in judged)
    if d.flag("preamble_final_line"):
        body += "\n\nFinal verdict for each statement in order: " + " ".join(v + "." for _s, v, _w in judged)
    return d.done(d.frame(body, tally=False, think=False))


# ----------------------------------------------------------------- 13. think_then_answer


@DEV
def think_then_answer(ch: Chooser) -> BlindOutput:
    """A reasoning model's ``<think>`` draft (with second thoughts) before an answer in one of graders.py's shapes."""
    d = Draw(ch, "think_then_answer")
    draft = d.think_block(force=True)
    call2 = _Call2(ch, d.statements, d.truth, [s for s in SHAPES if s != "refusal"])
    answer = call2.render()
    d.dims.update({f"answer_{k}": v for k, v in call2.dims.items()})
    gap = d.dim("think_gap", ("\n\n", "\n"))
    return d.done(f"{draft}{gap}{answer}")


# ----------------------------------------------------------------- 14. verdict_word_refusals

_REFUSALS_OPENING_WITH_A_WORD = (
    "No — I'm not able to judge these statements, because the context is empty.",
    "Yes, I understand the task, but I can't complete it: no context was provided.",
    "Not possible. Without the context, I cannot say whether any statement is supported.",
    "Unfortunately not. I don't have the context needed to check these statements, so I won't give verdicts.",
    "Correct verdicts need the context, which is missing, so I can't provide any.",
    "No context was provided, so I am unable to evaluate the statements.",
    "I'll have to pass on this one: the context is missing, so I can't judge the statements.",
    "True, these statements could be checked, but not by me here: the context section is blank, "
    "so I cannot give any verdicts.",
    "Nope, I can't do that. There is no context to check the statements against.",
    "Final verdict for each statement in order: none. I cannot judge these statements without the context.",
    "Verdict: unable to evaluate. The context you gave me is empty, so I cannot judge any statement.",
    "Nein, das kann ich nicht beurteilen, weil der Kontext fehlt.",
    "Non, je ne peux pas évaluer ces affirmations sans le contexte.",
)


_BOLD_OPENINGS = frozenset({"no", "yes", "not", "nope", "correct", "true", "unfortunately", "nein", "non"})


@DEV
def verdict_word_refusals(ch: Chooser) -> BlindOutput:
    """Refusals that open with (or hold) a verdict word: "No — I'm not able to judge these statements..."."""
    d = Draw(ch, "verdict_word_refusals", unknowns=False)
    text = d.dim("refusal_text", _REFUSALS_OPENING_WITH_A_WORD)
    first, rest = text.split(" ", 1)
    if first.strip(",.").lower() in _BOLD_OPENINGS and d.flag("refusal_bold_opening"):
        text = f"**{first}** {rest}"
    if d.flag("refusal_think", weight_off=3):
        text = (
            "<think>\nThe context block is empty. There is nothing to check the statements against.\n</think>\n\n"
            + text
        )
    return d.refused(text)
