"""A THIRD HELD-OUT set of blind layouts: fifteen more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout3``); do not read it while
developing the reader. Written from how grader models (GPT-4o, Claude, Llama 3, Qwen,
Mistral, Gemini, Phi, small local models) answer "for each statement, say whether the
context supports it" when they drift from the asked format: a numbered list of full
sentences, fact-check cards (Claim / Rating: True, False, Unknown), JSON lines with their
own keys, an analysis section then a summary, sentences per statement in another order
than the statements', nested bullets under each echoed statement, TOML and INI blocks,
reasoning that says the opposite word before the verdict, whole sentences in Spanish,
French, German, Portuguese or Italian, a code column (Y/N/?) in a table, pipe-separated
fields with a confidence, degrees of support with the rule that reads them, the answer
re-written with the unsupported claims struck out, a transposed table, and refusals
phrased as models phrase them (a refusal field, a policy decline, more languages).

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every code, mark, level or rule is explained
in the output itself.

    HELDOUT3.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout3_outputs(layout="fact_check_cards")      # one layout's strategy
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    LANGUAGES,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    LayoutSet,
    cased,
    lower_first,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT3 = LayoutSet("heldout3")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout3_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the third held-out set (one layout when named)."""
    return HELDOUT3.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pick_of(
    ch: Chooser, name: str, truth: Truth, options: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
) -> str:
    return ch.pick(name, options[0 if truth is True else 1 if truth is False else 2])


def _shuffled(ch: Chooser, count: int) -> list[int]:
    """0..count-1 in an order drawn by the chooser (Fisher-Yates)."""
    order = list(range(count))
    for j in range(count - 1, 0, -1):
        k = ch.integer("shuffle", 0, j)
        order[j], order[k] = order[k], order[j]
    return order


# ----------------------------------------------------------------- 1. numbered_sentences

_SENTENCES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "The context supports this statement.",
        "This is stated in the context.",
        "The context confirms this.",
        "This statement is directly backed by the context.",
        "The context states exactly this, so it is supported.",
        "Yes, the context supports this.",
        "This is explicitly mentioned in the context.",
    ),
    (
        "This is not stated in the context.",
        "The context does not support this statement.",
        "The context says nothing about this, so it is not supported.",
        "The context contradicts this statement.",
        "No, the context does not say this.",
        "This cannot be found anywhere in the context.",
        "The context gives a different figure, so this statement is not supported.",
    ),
    (
        "The context is ambiguous here, so I cannot say whether this is supported.",
        "It is unclear from the context whether this holds.",
        "I can't tell either way from the context.",
        "The context is too vague on this point to decide.",
    ),
)


@HELDOUT3
def numbered_sentences(ch: Chooser) -> BlindOutput:
    """A numbered list, one full sentence per statement: "1. The context supports this statement." ..."""
    d = Draw(ch, "numbered_sentences", max_n=MAX_N)
    form = d.dim("sentence_enumeration", ("{k}. ", "{k}) ", "({k}) ", "**{k}.** ", "Statement {k}: ", "#{k} - "))
    header = d.dim(
        "sentence_header",
        ("none", "Verdicts:", "Assessment of each statement:", "Here is my assessment, statement by statement:"),
    )
    reason = d.flag("sentence_reason", weight_off=2)
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, _statement, truth in d.items():
        line = form.format(k=i + 1) + _pick_of(ch, "sentence", truth, _SENTENCES)
        if reason and truth is not False:
            line += f" ({lower_first(ink.aside(i, truth))})"
        lines.append(line)
    body = "\n".join(lines)
    if header != "none":
        body = f"{header}\n{body}"
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- 2. fact_check_cards

_RATINGS: dict[str, tuple[str, str, str]] = {
    "true_false_unknown": ("True", "False", "Unknown"),
    "upper": ("TRUE", "FALSE", "UNKNOWN"),
    "unverifiable": ("True", "False", "Unverifiable"),
    "cannot_verify": ("True", "False", "Cannot be verified"),
}
_QUOTES = (('"', '"'), ("“", "”"), ("'", "'"), ("«", "»"))
_RATING_LEGENDS = (
    "Ratings: True = the context supports the claim; False = the context does not support it{u}.",
    "(True means the context backs the claim up, False means it does not{u}.)",
)


@HELDOUT3
def fact_check_cards(ch: Chooser) -> BlindOutput:
    """A fact-check card per statement: Claim: "..." / Rating: True, False or Unknown, sometimes a reason."""
    d = Draw(ch, "fact_check_cards", max_n=MAX_N)
    ratings = _RATINGS[d.dim("rating_set", tuple(_RATINGS))]
    opening, closing = d.dim("rating_quotes", _QUOTES)
    claim_label = d.dim("claim_label", ("Claim", "Statement", "Claim {k}", "🔎 Claim {k}"))
    rating_label = d.dim("rating_label", ("Rating", "Verdict", "Fact-check", "Label"))
    card = d.dim("card_form", ("two_lines", "one_line", "rating_first"))
    explain = d.dim("card_explain", ("none", "line", "after_rating"))
    bold = d.flag("rating_bold", weight_off=2)
    ink = d.use_ink(("true_false",))
    cards = []
    for i, statement, truth in d.items():
        rating = _of(truth, ratings)
        if bold:
            rating = f"**{rating}**"
        claim = f"{claim_label.format(k=i + 1)}: {opening}{statement}{closing}"
        why = ink.explanation(i, truth)
        if explain == "after_rating":
            rating = f"{rating} — {lower_first(why)}"
        if card == "one_line":
            text = f"{claim} — {rating_label}: {rating}"
        elif card == "rating_first":
            text = f"{rating_label}: {rating}\n{claim}"
        else:
            text = f"{claim}\n{rating_label}: {rating}"
        if explain == "line":
            text += f"\nExplanation: {why}"
        cards.append(text)
    gap = "\n\n" if card != "one_line" or explain == "line" else d.dim("card_gap", ("\n", "\n\n"))
    body = gap.join(cards)
    if d.flag("rating_legend", weight_off=2):
        legend = d.dim("rating_legend_text", _RATING_LEGENDS)
        u = ""
        if None in d.truth:
            u = f", {ratings[2]} means I cannot tell" if legend.startswith("(") else f"; {ratings[2]} = cannot tell"
        legend = legend.replace("True", ratings[0]).replace("False", ratings[1])
        body = legend.format(u=u) + "\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 3. jsonl_other_keys

# (keys: index key, text key or None, verdict key, reason key or None; values for yes, no, undecided)
_JSONL_SCHEMAS: dict[str, tuple[tuple[str | None, str | None, str, str | None], tuple[object, object, object]]] = {
    "id_label": (("id", None, "label", None), ("SUPPORTED", "NOT_SUPPORTED", "UNCERTAIN")),
    "claim_supported": ((None, "claim", "supported", "why"), (True, False, None)),
    "index_answer_rationale": (("index", None, "answer", "rationale"), ("Yes", "No", "Unclear")),
    "statement_id_entailment": (
        ("statement_id", "text", "entailment", None),
        ("entailed", "not_entailed", "undetermined"),
    ),
    "n_faithful": (("n", None, "faithful", "evidence"), (1, 0, None)),
    "stmt_result": (("stmt", "statement", "result", "note"), ("supported", "unsupported", "unknown")),
}
_JSONL_WRAPS = ("bare", "fence_jsonl", "fence_json", "lead_in", "lead_in_fence")
_JSONL_LEADS = (
    "Here are the results, one JSON object per line:",
    "Output (JSON Lines):",
    "Sure! One line per statement:",
)


@HELDOUT3
def jsonl_other_keys(ch: Chooser) -> BlindOutput:
    """JSON Lines, one object per statement, with keys and values of the grader's own choosing."""
    d = Draw(ch, "jsonl_other_keys", max_n=MAX_N)
    (index_key, text_key, verdict_key, reason_key), values = _JSONL_SCHEMAS[
        d.dim("jsonl_schema", tuple(_JSONL_SCHEMAS))
    ]
    spaced = d.flag("jsonl_spaced")
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, statement, truth in d.items():
        item: dict[str, object] = {}
        if index_key is not None:
            item[index_key] = i + 1
        if text_key is not None:
            item[text_key] = statement
        item[verdict_key] = values[0 if truth is True else 1 if truth is False else 2]
        if reason_key is not None:
            item[reason_key] = ink.explanation(i, truth)
        separators = (", ", ": ") if spaced else (",", ":")
        lines.append(json.dumps(item, ensure_ascii=False, separators=separators))
    text = "\n".join(lines)
    # null is what the grader wrote for "cannot tell"; it says so, as graders do.
    note = (
        f"({verdict_key}: null means the context does not let me decide.)"
        if values[2] is None and None in d.truth
        else ""
    )
    wrap = d.dim("jsonl_wrap", _JSONL_WRAPS)
    if wrap == "fence_jsonl":
        text = f"```jsonl\n{text}\n```"
    elif wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"{ch.pick('jsonl_lead', _JSONL_LEADS)}\n{text}"
    elif wrap == "lead_in_fence":
        text = f"{ch.pick('jsonl_lead', _JSONL_LEADS)}\n\n```\n{text}\n```"
    if note:
        text += "\n\n" + note
    return d.done(d.frame(text, think=True, preface=False, tally=False, sign_off=wrap.startswith("lead_in")))


# ----------------------------------------------------------------- 4. analysis_then_summary

_ANALYSIS_HEADS = ("**Analysis**", "## Analysis", "Analysis:", "### Step 1: Analysis", "Reasoning")
_SUMMARY_HEADS = ("**Summary**", "## Summary", "Summary:", "### Step 2: Verdicts", "TL;DR", "**Conclusion**")


@HELDOUT3
def analysis_then_summary(ch: Chooser) -> BlindOutput:
    """Two parts: an analysis section discussing each statement, then a summary section with the verdicts."""
    d = Draw(ch, "analysis_then_summary", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    analysis_style = d.dim("analysis_style", ("numbered", "statement_quote", "paragraph"))
    summary_style = d.dim("summary_style", ("statement_lines", "numbered", "bullets_echo", "table", "inline"))
    if summary_style in ("numbered", "inline"):
        ink.decorate(exclude=("arrow", "angle", "emoji_only"))
    else:
        ink.decorate(exclude=("arrow",))
    analysis_head = d.dim("analysis_head", _ANALYSIS_HEADS)
    summary_head = d.dim("summary_head", _SUMMARY_HEADS)
    notes = []
    for i, statement, truth in d.items():
        why = ink.explanation(i, truth)
        if analysis_style == "numbered":
            notes.append(f"{i + 1}. {statement} {why}")
        elif analysis_style == "statement_quote":
            notes.append(f'Statement {i + 1} ("{statement.rstrip(".")}"): {why}')
        else:
            notes.append(f"As for statement {i + 1}, {lower_first(why)}")
    analysis = "\n".join(notes) if analysis_style != "paragraph" else " ".join(notes)
    tokens = [ink.token(i, t) for i, _s, t in d.items()]
    if summary_style == "statement_lines":
        summary = "\n".join(f"- Statement {k}: {v}" for k, v in enumerate(tokens, 1))
    elif summary_style == "numbered":
        summary = "\n".join(f"{k}. {v}" for k, v in enumerate(tokens, 1))
    elif summary_style == "bullets_echo":
        summary = "\n".join(f"- {s} → {v}" for s, v in zip(d.statements, tokens, strict=True))
    elif summary_style == "table":
        rows = ["| Statement | Verdict |", "|---|---|"]
        rows += [f"| {k} | {v} |" for k, v in enumerate(tokens, 1)]
        summary = "\n".join(rows)
    else:
        summary = "In order: " + ", ".join(tokens) + "."
    gap = d.dim("summary_gap", ("\n\n", "\n\n---\n\n"))
    return d.done(d.frame(f"{analysis_head}\n\n{analysis}{gap}{summary_head}\n\n{summary}"))


# ----------------------------------------------------------------- 5. shuffled_order

_IS_WHAT: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("is supported by the context", "is backed up by the context", "is clearly supported"),
    ("is not supported by the context", "is not backed up by the context", "is unsupported"),
    ("cannot be decided from the context", "is unclear from the context", "can't be verified either way"),
)
_ORDER_INTROS = {
    "supported_first": "I'll start with the statements the context supports.",
    "unsupported_first": "Starting with the problems:",
    "reversed": "Going from the last statement back to the first:",
    "drawn": "",
}


@HELDOUT3
def shuffled_order(ch: Chooser) -> BlindOutput:
    """A sentence per statement naming it ("Statement 3 is not supported ..."), not in the statements' order."""
    d = Draw(ch, "shuffled_order", min_n=2, max_n=MAX_N)
    order_kind = d.dim("order_kind", tuple(_ORDER_INTROS))
    rank = {True: 0, False: 1, None: 2}
    if order_kind == "supported_first":
        order = sorted(range(d.n), key=lambda i: rank[d.truth[i]])
    elif order_kind == "unsupported_first":
        order = sorted(range(d.n), key=lambda i: (rank[d.truth[i]] + 2) % 3)
    elif order_kind == "reversed":
        order = list(range(d.n))[::-1]
    else:
        order = _shuffled(ch, d.n)
    naming = d.dim("naming", ("number", "number_quote", "quote_only", "bold_number"))
    because = d.flag("shuffled_because")
    ink = d.use_ink(("yes_no",))
    sentences = []
    for i in order:
        statement, truth = d.statements[i], d.truth[i]
        what = _pick_of(ch, "is_what", truth, _IS_WHAT)
        subject = {
            "number": f"Statement {i + 1}",
            "number_quote": f'Statement {i + 1} ("{statement.rstrip(".")}")',
            "quote_only": f'"{statement.rstrip(".")}"',
            "bold_number": f"**Statement {i + 1}**",
        }[naming]
        sentence = f"{subject} {what}"
        sentence += f": {lower_first(ink.explanation(i, truth))}" if because else "."
        sentences.append(sentence)
    join = d.dim("shuffled_join", ("\n", " ", "\n- "))
    body = join.join(sentences)
    if join == "\n- ":
        body = "- " + body
    intro = _ORDER_INTROS[order_kind]
    fits = {"supported_first": True in d.truth, "unsupported_first": False in d.truth}.get(order_kind, True)
    if intro and fits and d.flag("order_intro"):
        body = f"{intro}\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. nested_bullets

_TOP_FORMS = ("- **Statement {k}:** {s}", "* {k}. {s}", "- {s}", "{k}. {s}", "- Statement {k}: “{s}”", "• {s}")
_VERDICT_LABELS = ("Verdict", "Assessment", "Result", "Supported by context?", "Status")


@HELDOUT3
def nested_bullets(ch: Chooser) -> BlindOutput:
    """Each statement echoed as a bullet, its verdict (and a reason) in nested bullets under it."""
    d = Draw(ch, "nested_bullets", max_n=MAX_N)
    label = d.dim("nested_label", _VERDICT_LABELS)
    ink = d.use_ink(("yes_no",) if label.endswith("?") else WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle"))
    top = d.dim("nested_top", _TOP_FORMS)
    indent = d.dim("nested_indent", ("  ", "   ", "    ", "\t"))
    bullet = d.dim("nested_bullet", ("-", "*", "◦"))
    reason_label = d.dim("nested_reason", ("none", "Reason", "Evidence", "Why"))
    order = d.dim("nested_order", ("verdict_first", "reason_first"))
    bold_label = d.flag("nested_bold_label")
    blocks = []
    for i, statement, truth in d.items():
        verdict_line = f"{indent}{bullet} {f'**{label}:**' if bold_label else f'{label}:'} {ink.token(i, truth)}"
        lines = [verdict_line]
        if reason_label != "none":
            reason_line = f"{indent}{bullet} {reason_label}: {ink.explanation(i, truth)}"
            lines = [verdict_line, reason_line] if order == "verdict_first" else [reason_line, verdict_line]
        blocks.append("\n".join([top.format(k=i + 1, s=statement), *lines]))
    gap = d.dim("nested_gap", ("\n", "\n\n"))
    return d.done(d.frame(gap.join(blocks), final=True))


# ----------------------------------------------------------------- 7. toml_tables


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


@HELDOUT3
def toml_tables(ch: Chooser) -> BlindOutput:
    """A TOML (or INI) block: ``[[verdicts]]`` tables, ``[statement_2]`` sections, or flat ``statement_1 = ...``."""
    d = Draw(ch, "toml_tables", max_n=MAX_N)
    form = d.dim("toml_form", ("array_of_tables", "keyed_tables", "flat", "ini"))
    value_kind = d.dim("toml_value", ("bool", "word")) if form != "ini" else "word"
    ink = d.use_ink(("yes_no", "supported", "true_false"))
    with_text = d.flag("toml_text")
    with_reason = d.flag("toml_reason")

    def value(i: int, truth: Truth) -> str:
        if value_kind == "bool" and truth is not None:
            return "true" if truth else "false"
        word = ink.word(i, truth)
        return word if form == "ini" else _toml_string(word.lower() if value_kind == "bool" else word)

    key = "supported" if value_kind == "bool" else d.dim("toml_key", ("verdict", "label", "result"))
    lines: list[str] = []
    if form == "array_of_tables":
        table = d.dim("toml_table", ("verdicts", "statements", "results"))
        for i, statement, truth in d.items():
            lines += [f"[[{table}]]", f"id = {i + 1}"]
            if with_text:
                lines.append(f"statement = {_toml_string(statement)}")
            lines.append(f"{key} = {value(i, truth)}")
            if with_reason:
                lines.append(f"reason = {_toml_string(ink.explanation(i, truth))}")
            lines.append("")
    elif form == "keyed_tables":
        for i, statement, truth in d.items():
            lines.append(f"[statement_{i + 1}]")
            if with_text:
                lines.append(f"text = {_toml_string(statement)}")
            lines.append(f"{key} = {value(i, truth)}")
            if with_reason:
                lines.append(f"reason = {_toml_string(ink.explanation(i, truth))}")
            lines.append("")
    elif form == "flat":
        section = d.dim("toml_section", ("none", "[verdicts]", "[faithfulness]"))
        if section != "none":
            lines.append(section)
        for i, _statement, truth in d.items():
            lines.append(f"statement_{i + 1} = {value(i, truth)}")
    else:
        for i, statement, truth in d.items():
            lines.append(f"[Statement {i + 1}]")
            if with_text:
                lines.append(f"text = {statement}")
            lines.append(f"{key} = {value(i, truth)}")
            if with_reason:
                lines.append(f"reason = {ink.explanation(i, truth)}")
            lines.append("")
    text = "\n".join(lines).rstrip("\n")
    if value_kind == "bool" and None in d.truth:
        text += f"\n# {key} = a word instead of true/false: the context does not let me decide"
    fence = d.dim("toml_fence", ("```ini", "```", "none") if form == "ini" else ("```toml", "```", "none"))
    if fence != "none":
        text = f"{fence}\n{text}\n```"
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 8. contrary_words_reasoning

# Reasons that hold the opposite word (or "no", "not", "true", "wrong") before the verdict.
_CONTRARY: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "It is not wrong to say this: the context states it directly.",
        "One might think this is not supported, but the context says it plainly.",
        "There is no contradiction here; the context says exactly this.",
        "Nothing in the context says otherwise, and it states this explicitly.",
        "I first wondered whether this was false, but the context confirms it.",
        "No assumption is needed for this one: the context spells it out.",
    ),
    (
        "It would be easy to say yes here, but the context never states this.",
        "The statement sounds true, but the context does not mention it.",
        "The context supports a related claim, not this one.",
        "Although the context talks about this subject, it does not confirm the statement.",
        "This may well be correct in real life, yet nothing in the context backs it up.",
        "The context is correct about the topic in general, but it says nothing about this detail.",
    ),
    (
        "It is not clear whether the answer is yes or no: the context is ambiguous on this point.",
        "The context neither says this is true nor that it is false.",
        "I can't say it is supported, and I can't say it isn't: the wording of the context is vague.",
    ),
)
_CONTRARY_LABELS = ("Verdict: {v}", "So: {v}", "→ {v}", "Answer: **{v}**", "Final: {v}", "Therefore: {v}")


@HELDOUT3
def contrary_words_reasoning(ch: Chooser) -> BlindOutput:
    """Reasoning that mentions the opposite word before the verdict ("It is not wrong to say... Verdict: Yes")."""
    d = Draw(ch, "contrary_words_reasoning", max_n=MAX_N)
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct"))
    label = d.dim("contrary_label", _CONTRARY_LABELS)
    layout = d.dim("contrary_layout", ("echo_block", "numbered_block", "one_line"))
    units = []
    for i, statement, truth in d.items():
        reason = _pick_of(ch, "contrary", truth, _CONTRARY)
        verdict = label.format(v=ink.word(i, truth))
        if not verdict.endswith("*"):
            verdict += "."
        if layout == "echo_block":
            units.append(f"Statement: {statement}\nReasoning: {reason}\n{verdict}")
        elif layout == "numbered_block":
            units.append(f"{i + 1}. {statement}\n{reason}\n{verdict}")
        else:
            units.append(f"Statement {i + 1}: {reason} {verdict}")
    gap = "\n" if layout == "one_line" and d.flag("contrary_tight") else "\n\n"
    return d.done(d.frame(gap.join(units), final=True))


# ----------------------------------------------------------------- 9. foreign_sentences

# (supported, not supported, undecided) sentences, and the table's column names and undecided word.
_FOREIGN: dict[str, tuple[tuple[str, str, str], tuple[str, str], str, str]] = {
    "es": (
        (
            "La afirmación {k} está respaldada por el contexto.",
            "La afirmación {k} no está respaldada por el contexto.",
            "Con el contexto dado no se puede determinar si la afirmación {k} es cierta.",
        ),
        ("Afirmación", "¿Respaldada?"), "No se puede determinar", "Respuesta",
    ),
    "fr": (
        (
            "L'affirmation {k} est étayée par le contexte.",
            "L'affirmation {k} n'est pas étayée par le contexte.",
            "Le contexte ne permet pas de dire si l'affirmation {k} est vraie.",
        ),
        ("Affirmation", "Étayée ?"), "Indéterminé", "Réponse",
    ),
    "de": (
        (
            "Aussage {k} wird durch den Kontext gestützt.",
            "Aussage {k} wird durch den Kontext nicht gestützt.",
            "Ob Aussage {k} zutrifft, lässt sich aus dem Kontext nicht entscheiden.",
        ),
        ("Aussage", "Gestützt?"), "Unklar", "Antwort",
    ),
    "pt": (
        (
            "A afirmação {k} é suportada pelo contexto.",
            "A afirmação {k} não é suportada pelo contexto.",
            "Não é possível determinar, a partir do contexto, se a afirmação {k} é verdadeira.",
        ),
        ("Afirmação", "Suportada?"), "Indeterminado", "Resposta",
    ),
    "it": (
        (
            "L'affermazione {k} è supportata dal contesto.",
            "L'affermazione {k} non è supportata dal contesto.",
            "Dal contesto non è possibile stabilire se l'affermazione {k} sia vera.",
        ),
        ("Affermazione", "Supportata?"), "Non determinabile", "Risposta",
    ),
}  # fmt: skip
_FOREIGN_EXPLAINED: dict[str, tuple[str, str, str]] = {
    "es": ("el contexto lo dice explícitamente", "el contexto no lo menciona", "el contexto es ambiguo"),
    "fr": ("le contexte le dit explicitement", "le contexte n'en parle pas", "le contexte est ambigu"),
    "de": ("der Kontext sagt das ausdrücklich", "der Kontext erwähnt das nicht", "der Kontext ist mehrdeutig"),
    "pt": ("o contexto diz isso explicitamente", "o contexto não menciona isso", "o contexto é ambíguo"),
    "it": ("il contesto lo dice esplicitamente", "il contesto non lo menziona", "il contesto è ambiguo"),
}


@HELDOUT3
def foreign_sentences(ch: Chooser) -> BlindOutput:
    """Whole answers in Spanish, French, German, Portuguese or Italian: sentences, a table, or answer lines."""
    d = Draw(ch, "foreign_sentences", max_n=MAX_N)
    name = d.dim("foreign_language", tuple(_FOREIGN))
    sentences, (statement_col, supported_col), undecided, answer_label = _FOREIGN[name]
    yes, no = LANGUAGES[name].yes, LANGUAGES[name].no
    form = d.dim("foreign_form", ("sentences", "numbered_sentences", "table", "answer_lines"))
    if form in ("sentences", "numbered_sentences"):
        lines = [_of(t, sentences).format(k=i + 1) for i, _s, t in d.items()]
        if form == "numbered_sentences":
            lines = [f"{k}. {line}" for k, line in enumerate(lines, 1)]
        body = "\n".join(lines) if form == "numbered_sentences" or d.flag("foreign_lines") else " ".join(lines)
    elif form == "table":
        rows = [f"| # | {statement_col} | {supported_col} |", "|---|---|---|"]
        rows += [f"| {i + 1} | {s} | {_of(t, (yes, no, undecided))} |" for i, s, t in d.items()]
        body = "\n".join(rows)
    else:
        units = []
        for i, statement, truth in d.items():
            why = _of(truth, _FOREIGN_EXPLAINED[name])
            units.append(f"{i + 1}. {statement}\n{answer_label}: {_of(truth, (yes, no, undecided))} — {why}.")
        body = "\n\n".join(units)
    return d.done(d.frame(body, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 10. code_column_table

# (codes for supported, not supported, undecided; the legend that says so)
_CODES: dict[str, tuple[tuple[str, str, str], str]] = {
    "yn": (("Y", "N", "?"), "Y = supported by the context, N = not supported, ? = cannot tell"),
    "s_ns": (("S", "NS", "?"), "S = supported, NS = not supported, ? = undetermined"),
    "plus_minus": (("+", "−", "?"), "+ = the context supports it, − = it does not, ? = unclear"),
    "tf": (("T", "F", "U"), "T = true according to the context, F = not supported by it, U = unknown"),
    "one_zero": (("1", "0", "-"), "1 = supported, 0 = not supported, - = cannot be determined"),
}


@HELDOUT3
def code_column_table(ch: Chooser) -> BlindOutput:
    """A table whose verdict column holds codes (Y/N/?, S/NS, +/−, 1/0), with the codes explained."""
    d = Draw(ch, "code_column_table", max_n=MAX_N)
    codes_name = d.dim("codes", tuple(_CODES))
    codes, legend = _CODES[codes_name]
    column = d.dim("code_column", ("Supported", "Verdict", "Code", "Entailed"))
    legend_where = d.dim("code_legend", ("header", "below", "above"))
    evidence = d.flag("code_evidence")
    ink = d.use_ink(("yes_no",))
    heading = f"{column} ({'/'.join(codes)})" if legend_where == "header" else column
    names = ["#", "Statement", heading] + (["Evidence"] if evidence else [])
    rows = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
    for i, statement, truth in d.items():
        cells = [str(i + 1), statement, _of(truth, codes)]
        if evidence:
            cells.append(ink.explanation(i, truth))
        rows.append("| " + " | ".join(cells) + " |")
    table = "\n".join(rows)
    if (
        legend_where == "header"
        and codes_name == "yn"
        and column in ("Supported", "Entailed")
        and d.flag("code_header_only")
    ):
        body = table  # "Supported (Y/N/?)" says it all
    else:
        key = d.dim("code_key", ("Legend: {L}.", "({L})", "Key — {L}.")).format(L=legend)
        body = f"{key}\n\n{table}" if legend_where == "above" else f"{table}\n\n{key}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 11. pipe_fields

_CONFIDENCES = (("high", "high", "low"), ("0.9", "0.85", "0.4"), ("95%", "90%", "50%"))


@HELDOUT3
def pipe_fields(ch: Chooser) -> BlindOutput:
    """One line per statement of labelled fields: "S1 | Verdict: Supported | Confidence: high | Evidence: ..."."""
    d = Draw(ch, "pipe_fields", max_n=MAX_N)
    head = d.dim("pipe_head", ("S{k}", "[{k}]", "**Statement {k}**", "#{k}", "{k}. {s}"))
    sep = d.dim("pipe_sep", (" | ", " · ", " // ", "; "))
    verdict_label = d.dim("pipe_verdict_label", ("Verdict", "Label", "Supported", "Decision"))
    ink = d.use_ink(("yes_no", "true_false") if verdict_label == "Supported" else WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle", "emoji_only"))
    confidences = d.dim("pipe_confidence", ("none", *(c[0] for c in _CONFIDENCES)))
    evidence = d.dim("pipe_evidence", ("none", "Evidence", "Reason"))
    lines = []
    for i, statement, truth in d.items():
        fields = [head.format(k=i + 1, s=statement.rstrip(".")), f"{verdict_label}: {ink.token(i, truth)}"]
        if confidences != "none":
            levels = next(c for c in _CONFIDENCES if c[0] == confidences)
            fields.append(f"Confidence: {_of(truth, levels)}")
        if evidence != "none":
            fields.append(f"{evidence}: {ink.explanation(i, truth)}")
        lines.append(sep.join(fields))
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 12. graded_support

_LEVELS = (
    ("Fully supported", "Partially supported", "Not supported", "Cannot be determined"),
    ("Supported", "Partially supported", "Unsupported", "Unclear"),
    ("Full support", "Partial support", "No support", "Insufficient information"),
)
_RULES = (
    "Only fully supported statements count as supported; partially supported ones count as not supported.",
    "Note: I treat partial support as not supported, since part of the statement is missing from the context.",
    "(For the faithfulness score, partially supported = not supported.)",
)
_PARTIAL_REASONS = (
    "the context gives only part of this",
    "half of the statement is in the context, the rest is not",
    "the context has the general point but not the specific detail",
)


@HELDOUT3
def graded_support(ch: Chooser) -> BlindOutput:
    """Degrees of support (fully / partially / not supported) with the rule that partial counts as not supported."""
    d = Draw(ch, "graded_support", max_n=MAX_N)
    full, partial, none, undecided = d.dim("levels", _LEVELS)
    rule = d.dim("partial_rule", (*_RULES, "inline"))
    form = d.dim("graded_form", ("numbered", "statement_colon", "echo_dash", "table"))
    casing = d.dim("graded_casing", ("sentence", "upper", "bold"))
    ink = d.use_ink(("yes_no",))
    partial_used = False
    lines = []
    for i, statement, truth in d.items():
        if truth is False and ch.pick("partial", (False, True)):
            level, partial_used = partial, True
            why = ch.pick("partial_reason", _PARTIAL_REASONS)
            if rule == "inline":
                level = f"{level} (counts as not supported)"
        else:
            level = _of(truth, (full, none, undecided))
            why = lower_first(ink.explanation(i, truth)).rstrip(".")
        level = f"**{level}**" if casing == "bold" else cased(level, casing) if casing == "upper" else level
        if form == "numbered":
            lines.append(f"{i + 1}. {level} — {why}")
        elif form == "statement_colon":
            lines.append(f"Statement {i + 1}: {level}")
        elif form == "echo_dash":
            lines.append(f"- {statement} — {level}")
        else:
            lines.append(f"| {i + 1} | {statement} | {level} |")
    body = "\n".join(lines)
    if form == "table":
        body = "| # | Statement | Support |\n|---|---|---|\n" + body
    if rule != "inline" and (partial_used or d.flag("rule_always")):
        body = f"{body}\n\n{rule}" if d.dim("rule_position", ("after", "before")) == "after" else f"{rule}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 13. strikethrough_rewrite

_STRIKE_LEGENDS = (
    "Struck-through sentences are not supported by the context{u}.",
    "(~~strikethrough~~ = not supported by the context{u})",
    "I have struck out every claim the context does not support{u}; the rest is supported.",
)


@HELDOUT3
def strikethrough_rewrite(ch: Chooser) -> BlindOutput:
    """The answer re-written with the unsupported claims struck out (``~~...~~``) and a line saying so."""
    d = Draw(ch, "strikethrough_rewrite", max_n=MAX_N)
    legend = d.dim("strike_legend", _STRIKE_LEGENDS)
    unknown_mark = d.dim("strike_unknown", ("(?)", "*(cannot verify)*", "[unclear]"))
    form = d.dim("strike_form", ("paragraph", "lines", "bullets", "numbered"))
    notes = d.flag("strike_notes")
    ink = d.use_ink(("yes_no",))
    units = []
    for i, statement, truth in d.items():
        unit = f"~~{statement}~~" if truth is False else statement
        if truth is None:
            unit += f" {unknown_mark}"
        elif notes and truth is False and form != "paragraph":
            unit += f" ({lower_first(ink.aside(i, truth))})"
        units.append(unit)
    if form == "paragraph":
        body = " ".join(units)
    elif form == "lines":
        body = "\n".join(units)
    elif form == "bullets":
        body = "\n".join(f"- {unit}" for unit in units)
    else:
        body = "\n".join(f"{k}. {unit}" for k, unit in enumerate(units, 1))
    u = f"; {unknown_mark} marks a claim the context does not let me check" if None in d.truth else ""
    if legend.startswith("(") and u:
        u = f", {unknown_mark} = cannot check"
    intro = d.dim(
        "strike_intro", ("none", "Here is the answer with the unsupported claims struck out:", "Revised answer:")
    )
    parts = [intro] if intro != "none" else []
    where = d.dim("strike_legend_position", ("after", "before"))
    parts += [body, legend.format(u=u)] if where == "after" else [legend.format(u=u), body]
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 14. transposed_table


@HELDOUT3
def transposed_table(ch: Chooser) -> BlindOutput:
    """A table laid on its side: one column per statement, a row of verdicts (and maybe a row of reasons)."""
    d = Draw(ch, "transposed_table", max_n=MAX_N)
    corner = d.dim("transposed_corner", ("Statement", "#", "", "Claim"))
    row_label = d.dim("transposed_row", ("Verdict", "Supported?", "Label", "Result"))
    ink = d.use_ink(("yes_no",) if row_label.endswith("?") else WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle"))
    column_names = d.dim("transposed_columns", ("{k}", "S{k}", "Statement {k}"))
    reasons = d.flag("transposed_reasons")
    header = [corner, *(column_names.format(k=k) for k in range(1, d.n + 1))]
    rows = [header, [row_label, *(ink.token(i, t) for i, _s, t in d.items())]]
    if reasons:
        rows.append(["Why", *(ink.aside(i, t) for i, _s, t in d.items())])
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("---" for _ in header) + "|")
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 15. decline_variants

_DECLINES = (
    '{"refusal": "I can\'t help with evaluating these statements because no context was supplied."}',
    '{"verdicts": null, "refusal": "The context is missing, so I cannot judge the statements."}',
    "I can't assist with this request.",
    "I'm not able to verify these claims. The context you referenced wasn't included in your message, and I "
    "don't want to guess.",
    "I'd rather not guess. Without the source passage, any verdict I gave would be made up, so I won't give one.",
    "I don't have access to the documents you mention, so I can't determine whether any of these statements "
    "are supported.",
    "The context appears to be encoded (it is a base64 string), so I can't read it and can't judge the statements.",
    "N/A — no context was provided, so I can't give verdicts.",
    "I'm not comfortable assessing these statements: the context seems to contain personal data that I shouldn't "
    "process. I'll have to decline.",
    "As an evaluator I have to decline here: the statements and the context are in different languages and I "
    "can't compare them reliably.",
    "Mi dispiace, ma non posso valutare queste affermazioni senza il contesto.",
    "Desculpe, mas não consigo avaliar essas afirmações sem o contexto.",
    "Sorry, dat kan ik niet beoordelen: de context ontbreekt.",
    "Извините, я не могу оценить эти утверждения без контекста.",
    "죄송하지만 맥락이 제공되지 않아 이 진술들을 평가할 수 없습니다.",
    "I need to stop here. The {n} statements can only be checked against the context, and the context field "
    "came through empty.",
)


@HELDOUT3
def decline_variants(ch: Chooser) -> BlindOutput:
    """Refusals as models word them: a refusal field, a policy decline, "I'd rather not guess", more languages."""
    d = Draw(ch, "decline_variants", unknowns=False, max_n=MAX_N)
    text = d.dim("decline_text", _DECLINES).replace("{n}", str(d.n))
    if text.startswith("I") and d.flag("decline_apology", weight_off=2):
        text = "Sorry! " + text
    if d.flag("decline_think", weight_off=3):
        text = "<think>\nThere is no usable context. I should not invent verdicts.\n</think>\n\n" + text
    return d.refused(text)
