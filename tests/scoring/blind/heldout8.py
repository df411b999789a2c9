"""An EIGHTH HELD-OUT set of blind layouts: fourteen more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout8``); do not read it while
developing the reader. Its theme: graders given the RAGAS NLI prompt (asked for JSON with a
verdict 1/0 per statement) that drift from the asked JSON, and graders deployed behind chat
products. RAGAS-shaped JSON whose verdict key is renamed (``"supported"``, ``"label"``) or
whose verdict is nested in an object (``"result": {"supported": true}``), the same answer
printed as a Python ``repr`` (single quotes, ``True``/``None``, a pydantic model's repr), a
YAML mapping keyed by statement with comments, hand-written JSON with ``//`` comments and
trailing commas, one JSON object per statement between prose paragraphs, verdict words in
place of 1/0 (``"entailed"``, ``"unfaithful"``) with their meaning said, the JSON with an
agreeing prose summary, markdown reasoning whose verdicts sit only in a JSON block after it,
the JSON double-encoded as a string, translated keys and verdict words (Spanish, German,
French, Portuguese), answers copied out of a chat UI (speaker lines, timestamps, "Copy code",
footer chrome), answers with a retrieval product's citation marks, and the refusals chat
products give.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: a verdict word, code or mark that the RAGAS
prompt does not define is explained in the output itself. An undecided item is a ``null``
(or ``None``, ``~``) verdict with a reason that says the context does not decide it, or a
word saying so.

    HELDOUT8.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout8_outputs(layout="python_repr_ragas")     # one layout's strategy
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import (
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    number_list,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT8 = LayoutSet("heldout8")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout8_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the eighth held-out set (one layout when named)."""
    return HELDOUT8.strategy(layout)


def _of(truth: Truth, options: tuple[Any, Any, Any]) -> Any:
    return options[0 if truth is True else 1 if truth is False else 2]


def _int_verdict(truth: Truth) -> int | None:
    return None if truth is None else int(truth)


def _dumps(body: object, indent: int | None) -> str:
    return json.dumps(body, indent=indent, ensure_ascii=False)


def _wrap_json(d: Draw, text: str, name: str = "json_wrap") -> str:
    """A JSON text as graders hand it back: bare, fenced, or after a lead-in."""
    wrap = d.dim(name, ("bare", "fence_json", "fence", "lead_in_fence"))
    if wrap == "fence_json":
        return f"```json\n{text}\n```"
    if wrap == "fence":
        return f"```\n{text}\n```"
    if wrap == "lead_in_fence":
        return f"{d.ch.pick('json_lead_in', P.JSON_LEAD_INS)}\n\n```json\n{text}\n```"
    return text


def _indent(d: Draw) -> int | None:
    name = d.dim("json_indent", ("none", "2", "4"))
    return None if name == "none" else int(name)


def _summary(d: Draw, style: str) -> str:
    """A prose summary of the verdicts that agrees with them, by number."""
    yes = [i + 1 for i, _s, t in d.items() if t is True]
    no = [i + 1 for i, _s, t in d.items() if t is False]
    unknown = [i + 1 for i, _s, t in d.items() if t is None]

    def refs(numbers: list[int]) -> str:
        return f"{'statement' if len(numbers) == 1 else 'statements'} {number_list(numbers)}"

    def be(numbers: list[int]) -> str:
        return "is" if len(numbers) == 1 else "are"

    if style == "score":
        noun = "statement" if d.n == 1 else "statements"
        return f"Faithfulness: {d.supported} of {d.n} {noun} supported ({d.supported}/{d.n} = {d.supported / d.n:.2f})."
    if not no and not unknown:
        return (
            "All statements are supported by the context." if d.n > 1 else "The statement is supported by the context."
        )
    parts = []
    if yes:
        parts.append(f"{refs(yes)} {be(yes)} supported by the context")
    if no:
        parts.append(f"{refs(no)} {be(no)} not supported")
    if unknown:
        parts.append(f"for {refs(unknown)} the context does not let me decide either way")
    text = "; ".join(parts)
    lead = {"in_short": "In short: ", "summary": "Summary: "}.get(style, "")
    return (lead + text if lead else text[:1].upper() + text[1:]) + "."


# ----------------------------------------------------------------- 1. ragas_renamed_key

# (key, (supported, not supported, undecided)): the key names what its value says.
_RENAMED_KEYS: dict[str, tuple[str, tuple[Any, Any, Any]]] = {
    "supported_int": ("supported", (1, 0, None)),
    "is_supported_bool": ("is_supported", (True, False, None)),
    "faithful_int": ("faithful", (1, 0, None)),
    "inferable_bool": ("can_be_inferred", (True, False, None)),
    "label": ("label", ("supported", "not_supported", "undetermined")),
    "judgement": ("judgement", ("SUPPORTED", "NOT SUPPORTED", "CANNOT DETERMINE")),
    "classification": ("classification", ("faithful", "unfaithful", "unclear")),
    "entailment_bool": ("entailed_by_context", (True, False, None)),
}


@HELDOUT8
def ragas_renamed_key(ch: Chooser) -> BlindOutput:
    """RAGAS's statement/reason items with the verdict under another key: ``"supported": 0``, ``"label": "..."``."""
    d = Draw(ch, "ragas_renamed_key", max_n=MAX_N)
    key, values = _RENAMED_KEYS[d.dim("renamed_key", tuple(_RENAMED_KEYS))]
    wrapper = d.dim("renamed_wrapper", ("statements", "results", "verdicts", "bare_list"))
    order = d.dim("renamed_order", ("statement_reason_key", "statement_key_reason", "key_last_no_reason"))
    ink = d.use_ink(("yes_no",))
    items: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        reason = ink.explanation(i, truth)
        if order == "statement_reason_key":
            items.append({"statement": statement, "reason": reason, key: _of(truth, values)})
        elif order == "statement_key_reason":
            items.append({"statement": statement, key: _of(truth, values), "reason": reason})
        else:
            items.append({"statement": statement, key: _of(truth, values)})
    body: object = items if wrapper == "bare_list" else {wrapper: items}
    return d.done(d.frame(_wrap_json(d, _dumps(body, _indent(d))), tally=False))


# ----------------------------------------------------------------- 2. nested_verdict_object


@HELDOUT8
def nested_verdict_object(ch: Chooser) -> BlindOutput:
    """The verdict nested in an object per item: ``"result": {"supported": true, ...}``, ``"verdict": {"value": 1}``."""
    d = Draw(ch, "nested_verdict_object", max_n=MAX_N)
    shape = d.dim("nested_shape", ("result_supported", "verdict_value_label", "claim_assessment", "evaluation_block"))
    ink = d.use_ink(("yes_no",))
    items: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        reason = ink.explanation(i, truth)
        if shape == "result_supported":
            items.append({"statement": statement, "result": {"supported": _of(truth, (True, False, None)),
                                                             "reason": reason}})  # fmt: skip
        elif shape == "verdict_value_label":
            label = _of(truth, ("supported", "not supported", "undetermined"))
            items.append({"statement": statement, "reason": reason,
                          "verdict": {"value": _int_verdict(truth), "label": label}})  # fmt: skip
        elif shape == "claim_assessment":
            items.append({
                "claim": {"index": i + 1, "text": statement},
                "assessment": {
                    "verdict": _of(truth, ("supported", "not supported", "cannot be determined")),
                    "confidence": ch.pick("nested_confidence", ("high", "medium")) if truth is not None else "low",
                    "evidence": reason,
                },
            })  # fmt: skip
        else:
            evaluation = {"faithful": _of(truth, ("yes", "no", "unclear")), "notes": reason}
            items.append({"id": i + 1, "statement": statement, "evaluation": evaluation})
    key = d.dim("nested_wrapper", ("statements", "results", "claims"))
    body: dict[str, Any] = {key: items}
    if d.flag("nested_overall"):
        body["summary"] = {"supported": d.supported, "total": d.n}
    return d.done(d.frame(_wrap_json(d, _dumps(body, _indent(d))), tally=False))


# ----------------------------------------------------------------- 3. python_repr_ragas


def _py_verdict(truth: Truth, kind: str) -> str:
    if kind == "bool":
        return repr(truth)
    return repr(_int_verdict(truth))


@HELDOUT8
def python_repr_ragas(ch: Chooser) -> BlindOutput:
    """The RAGAS answer printed as Python: single-quoted dicts, ``True``/``None``, or a pydantic model's repr."""
    d = Draw(ch, "python_repr_ragas", max_n=MAX_N)
    kind = d.dim("py_repr_kind", ("dict", "list", "pydantic"))
    verdict_kind = d.dim("py_repr_verdict", ("int", "int", "bool"))
    ink = d.use_ink(("yes_no",))
    reasons = [ink.explanation(i, t) for i, _s, t in d.items()]
    if kind == "pydantic":
        model = d.dim("py_model", ("StatementFaithfulnessAnswer", "NLIStatement", "Verdict"))
        items = [
            f"{model}(statement={s!r}, reason={r!r}, verdict={_py_verdict(t, verdict_kind)})"
            for (_i, s, t), r in zip(d.items(), reasons, strict=True)
        ]
        multiline = d.flag("py_repr_multiline")
        inner = ",\n    ".join(items) if multiline else ", ".join(items)
        lst = f"[\n    {inner}\n]" if multiline else f"[{inner}]"
        text = f"NLIStatementOutput(statements={lst})" if d.flag("py_outer_model") else lst
    else:
        entries = [
            "{" + f"'statement': {s!r}, 'reason': {r!r}, 'verdict': {_py_verdict(t, verdict_kind)}" + "}"
            for (_i, s, t), r in zip(d.items(), reasons, strict=True)
        ]
        multiline = d.flag("py_repr_multiline")
        inner = ",\n  ".join(entries) if multiline else ", ".join(entries)
        lst = f"[\n  {inner}\n]" if multiline else f"[{inner}]"
        text = "{'statements': " + lst + "}" if kind == "dict" else lst
    if verdict_kind == "bool" or d.flag("py_repr_legend"):
        meaning = (
            "(True = supported by the context, False = not supported"
            if verdict_kind == "bool"
            else "(verdict 1 = supported by the context, 0 = not supported"
        )
        meaning += ", None = the context does not let me decide)" if None in d.truth else ")"
    else:
        meaning = ""
    fence = d.dim("py_repr_fence", ("```python", "```", "none", "output_label"))
    if fence == "output_label":
        text = f"Output: {text}"
    elif fence != "none":
        text = f"{fence}\n{text}\n```"
    if meaning:
        text += "\n\n" + meaning
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 4. yaml_keyed_comments


def _yaml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


@HELDOUT8
def yaml_keyed_comments(ch: Chooser) -> BlindOutput:
    """A YAML mapping keyed by statement (``statement_2:``), the verdict 1/0 or yes/no, a comment saying so."""
    d = Draw(ch, "yaml_keyed_comments", max_n=MAX_N)
    key_form = d.dim("yaml_key", ("statement_{k}", "s{k}", '"{k}"', "claim_{k}"))
    values = d.dim("yaml_values", (("1", "0", "null"), ("yes", "no", "~"), ("true", "false", "null")))
    comments = d.dim("yaml_comments", ("meaning", "meaning_reason", "header_only"))
    with_text = d.flag("yaml_text")
    folded = d.flag("yaml_folded_reason")
    ink = d.use_ink(("yes_no",))
    lines: list[str] = []
    if d.flag("yaml_doc_start"):
        lines.append("---")
    top = d.dim("yaml_top", ("none", "verdicts:", "faithfulness:"))
    pad = "" if top == "none" else "  "
    if top != "none":
        lines.append(top)
    if comments == "header_only":
        legend = f"# verdict: {values[0]} = supported by the context, {values[1]} = not supported"
        if None in d.truth:
            legend += f", {values[2]} = cannot be determined from the context"
        lines.insert(0, legend)
    for i, statement, truth in d.items():
        lines.append(pad + key_form.format(k=i + 1) + ":")
        if with_text:
            lines.append(f"{pad}  text: {_yaml_string(statement)}")
        value = _of(truth, values)
        line = f"{pad}  verdict: {value}"
        if comments != "header_only":
            meaning = _of(truth, ("supported", "not supported", "cannot be determined from the context"))
            line += f"  # {meaning}"
            if comments == "meaning_reason":
                line += f" - {ink.aside(i, truth)}"
        lines.append(line)
        if comments == "header_only" or not with_text:
            reason = ink.explanation(i, truth)
            if folded:
                lines += [f"{pad}  reason: >-", f"{pad}    {reason}"]
            else:
                lines.append(f"{pad}  reason: {_yaml_string(reason)}")
    text = "\n".join(lines)
    if d.flag("yaml_fence"):
        text = f"```yaml\n{text}\n```"
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 5. json_comments_trailing


@HELDOUT8
def json_comments_trailing(ch: Chooser) -> BlindOutput:
    """RAGAS JSON written by hand, JSON5-style: ``// comments`` on the verdicts or above items, trailing commas."""
    d = Draw(ch, "json_comments_trailing", max_n=MAX_N)
    where = d.dim("comment_place", ("verdict_line", "above_item", "both", "none"))
    trailing = d.flag("trailing_commas") or where == "none"
    block_header = d.flag("block_comment_header")
    ink = d.use_ink(("yes_no",))
    comma = "," if trailing else ""
    lines = ["{"]
    if block_header:
        lines.append("  /* verdict: 1 = supported by the context, 0 = not supported, null = cannot tell */")
    lines.append('  "statements": [')
    for i, statement, truth in d.items():
        last = i == d.n - 1
        if where in ("above_item", "both"):
            lines.append(f"    // Statement {i + 1}: {_of(truth, ('supported', 'not supported', 'undetermined'))}")
        lines.append("    {")
        lines.append(f'      "statement": {json.dumps(statement, ensure_ascii=False)},')
        lines.append(f'      "reason": {json.dumps(ink.explanation(i, truth), ensure_ascii=False)},')
        value = "null" if truth is None else str(int(truth))
        verdict = f'      "verdict": {value}{comma}'
        if where in ("verdict_line", "both"):
            verdict += "  // " + _of(truth, ("supported", "not supported", "context is ambiguous, cannot tell"))
        lines.append(verdict)
        lines.append("    }" + ("," if not last or trailing else ""))
    lines.append("  ]" + comma)
    lines.append("}")
    text = "\n".join(lines)
    fence = d.dim("comments_fence", ("```json", "```jsonc", "```json5", "```"))
    return d.done(d.frame(f"{fence}\n{text}\n```", tally=False))


# ----------------------------------------------------------------- 6. objects_between_prose


@HELDOUT8
def objects_between_prose(ch: Chooser) -> BlindOutput:
    """One RAGAS object per statement, each after a prose paragraph about it (fenced or on its own line)."""
    d = Draw(ch, "objects_between_prose", max_n=MAX_N)
    head = d.dim("prose_head", ("**Statement {k}**", "Statement {k}:", "### Statement {k}", "{k}."))
    fenced = d.flag("prose_fenced")
    verdict_kind = d.dim("prose_verdict", ("int", "int", "bool"))
    ink = d.use_ink(("yes_no",))
    blocks = []
    for i, statement, truth in d.items():
        explanation = ink.explanation(i, truth)
        say = _of(
            truth,
            (" So it can be inferred from the context.", " So it cannot be inferred from the context.",
             " I can't decide it either way, so I leave the verdict empty."),
        )  # fmt: skip
        gap = "\n" if head.startswith("#") else " "
        paragraph = f'{head.format(k=i + 1)}{gap}"{statement}" {explanation}{say}'
        value: Any = _int_verdict(truth) if verdict_kind == "int" else truth
        obj = _dumps({"statement": statement, "reason": explanation, "verdict": value}, None)
        blocks.append(f"{paragraph}\n\n```json\n{obj}\n```" if fenced else f"{paragraph}\n{obj}")
    body = "\n\n".join(blocks)
    if verdict_kind == "bool":
        body += "\n\n(true = supported by the context, false = not supported" + (
            ", null = undecided)" if None in d.truth else ")"
        )
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. word_verdict_json

# (supported, not supported, undecided) words and the sentence that says what they mean.
_JSON_WORDS: dict[str, tuple[tuple[str, str, str], str]] = {
    "nli": (("entailed", "contradicted", "undetermined"),
            '"entailed" = supported by the context; "contradicted" = not supported; "undetermined" = cannot tell.'),
    "nli_neutral": (("entailed", "neutral", "undetermined"),
                    '"entailed" means the context supports the statement; "neutral" means the context does not '
                    'support it (it says nothing about it); "undetermined" means I cannot tell.'),
    "inferred": (("inferred", "not inferred", "unclear"),
                 'Verdicts: "inferred" = can be directly inferred from the context (1), "not inferred" = cannot (0), '
                 '"unclear" = I could not decide.'),
    "faithful": (("faithful", "unfaithful", "uncertain"),
                 '"faithful" = supported by the context, "unfaithful" = not supported, "uncertain" = undecided.'),
    "supported": (("SUPPORTED", "UNSUPPORTED", "UNVERIFIABLE"),
                  "SUPPORTED = the context backs the statement, UNSUPPORTED = it does not, UNVERIFIABLE = the "
                  "context does not settle it."),
    "pass_fail": (("pass", "fail", "n/a"),
                  '"pass" = supported by the context, "fail" = not supported, "n/a" = could not be decided.'),
}  # fmt: skip


@HELDOUT8
def word_verdict_json(ch: Chooser) -> BlindOutput:
    """RAGAS JSON whose verdict is a word (``"entailed"``, ``"unfaithful"``), the words' meaning said in the answer."""
    d = Draw(ch, "word_verdict_json", max_n=MAX_N)
    words, legend = _JSON_WORDS[d.dim("json_words", tuple(_JSON_WORDS))]
    ink = d.use_ink(("yes_no",))
    items = [{"statement": s, "reason": ink.explanation(i, t), "verdict": _of(t, words)} for i, s, t in d.items()]
    where = d.dim("word_legend_place", ("before", "after", "in_json"))
    body: dict[str, Any] = {"statements": items}
    if where == "in_json":
        body = {"legend": legend, "statements": items} if d.flag("legend_first") else {"statements": items,
                                                                                       "legend": legend}  # fmt: skip
    text = _wrap_json(d, _dumps(body, _indent(d)))
    if where == "before":
        text = f"{legend}\n\n{text}"
    elif where == "after":
        text = f"{text}\n\nNote: {legend}"
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 8. json_with_prose_summary


@HELDOUT8
def json_with_prose_summary(ch: Chooser) -> BlindOutput:
    """The RAGAS JSON as asked, with a prose summary of the verdicts before or after it that agrees."""
    d = Draw(ch, "json_with_prose_summary", max_n=MAX_N)
    verdict_kind = d.dim("summary_json_verdict", ("int", "int", "str_int"))
    ink = d.use_ink(("yes_no",))
    items = []
    for i, s, t in d.items():
        value: Any = _int_verdict(t)
        if verdict_kind == "str_int" and value is not None:
            value = str(value)
        items.append({"statement": s, "reason": ink.explanation(i, t), "verdict": value})
    text = _wrap_json(d, _dumps({"statements": items}, _indent(d)))
    style = d.dim("summary_style", ("plain", "in_short", "summary", "score"))
    summary = _summary(d, style)
    if None in d.truth and style == "score":
        summary += " Statements I could not decide have a null verdict."
    where = d.dim("summary_place", ("after", "before"))
    body = f"{summary}\n\n{text}" if where == "before" else f"{text}\n\n{summary}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 9. markdown_then_json_verdicts


@HELDOUT8
def markdown_then_json_verdicts(ch: Chooser) -> BlindOutput:
    """Markdown reasoning per statement without verdict words, the verdicts only in a JSON block under it."""
    d = Draw(ch, "markdown_then_json_verdicts", max_n=MAX_N)
    analysis_head = d.dim("md_analysis_head", ("## Analysis", "### Reasoning", "**Analysis**", "none"))
    item_form = d.dim("md_item", ("- **Statement {k}**: {r}", "{k}. *{s}* — {r}", "#### Statement {k}\n{r}"))
    json_head = d.dim("md_json_head", ("## Verdicts", "### Final answer (JSON)", "**Output:**", "none"))
    json_shape = d.dim("md_json_shape", ("id_verdict", "ragas_no_reason", "keyed"))
    ink = d.use_ink(("yes_no",))
    lines = [item_form.format(k=i + 1, s=statement, r=ink.explanation(i, truth)) for i, statement, truth in d.items()]
    analysis = ("\n\n" if item_form.startswith("#") else "\n").join(lines)
    if analysis_head != "none":
        analysis = f"{analysis_head}\n\n{analysis}"
    if json_shape == "id_verdict":
        body: object = [{"id": i + 1, "verdict": _int_verdict(t)} for i, _s, t in d.items()]
    elif json_shape == "ragas_no_reason":
        body = {"statements": [{"statement": s, "verdict": _int_verdict(t)} for _i, s, t in d.items()]}
    else:
        body = {f"statement_{i + 1}": _int_verdict(t) for i, _s, t in d.items()}
    block = f"```json\n{_dumps(body, _indent(d))}\n```"
    legend = "(1 = supported by the context, 0 = not supported" + (", null = cannot tell)" if None in d.truth else ")")
    if d.flag("md_legend") or None in d.truth:
        block += "\n" + legend
    parts = [analysis] + ([json_head] if json_head != "none" else []) + [block]
    return d.done(d.frame("\n\n".join(parts), tally=False))


# ----------------------------------------------------------------- 10. stringified_json


@HELDOUT8
def stringified_json(ch: Chooser) -> BlindOutput:
    """The RAGAS JSON double-encoded, a JSON string (``"{\\"statements\\": ...}"``), bare or in a wrapper's field."""
    d = Draw(ch, "stringified_json", max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    inner_shape = d.dim("inner_shape", ("ragas", "bare_list"))
    items = [{"statement": s, "reason": ink.explanation(i, t), "verdict": _int_verdict(t)} for i, s, t in d.items()]
    inner = _dumps({"statements": items} if inner_shape == "ragas" else items, None)
    outer = d.dim("outer", ("bare_string", "output", "content", "response_message"))
    if outer == "bare_string":
        text = json.dumps(inner, ensure_ascii=False)
    elif outer == "output":
        text = _dumps({"output": inner}, _indent(d))
    elif outer == "content":
        text = _dumps({"role": "assistant", "content": inner}, _indent(d))
    else:
        text = _dumps({"response": {"format": "json", "text": inner}}, _indent(d))
    if d.flag("stringified_fence"):
        text = f"```json\n{text}\n```"
    return d.done(d.frame(text, tally=False, think=False))


# ----------------------------------------------------------------- 11. translated_json


_TRANSLATED: dict[str, tuple[tuple[str, str, str, str], tuple[str, str, str], tuple[str, str, str], str]] = {
    # (wrapper, statement, reason, verdict keys), (verdict words), (reasons), a preface
    "es": (("afirmaciones", "afirmación", "razón", "veredicto"), ("respaldada", "no respaldada", "indeterminado"),
           ("El contexto lo dice explícitamente.", "El contexto no menciona esto.",
            "El contexto es ambiguo y no permite decidir."), "Aquí está la evaluación de cada afirmación:"),
    "de": (("aussagen", "aussage", "begründung", "urteil"), ("gestützt", "nicht gestützt", "unklar"),
           ("Der Kontext sagt das ausdrücklich.", "Der Kontext erwähnt das nicht.",
            "Der Kontext ist hier mehrdeutig; ich kann es nicht entscheiden."), "Hier ist die Bewertung:"),
    "fr": (("affirmations", "affirmation", "raison", "verdict"), ("étayée", "non étayée", "indéterminé"),
           ("Le contexte l'indique explicitement.", "Le contexte n'en parle pas.",
            "Le contexte est ambigu ; je ne peux pas trancher."), "Voici l'évaluation de chaque affirmation :"),
    "pt": (("afirmações", "afirmação", "razão", "veredito"), ("suportada", "não suportada", "indeterminado"),
           ("O contexto afirma isso explicitamente.", "O contexto não menciona isso.",
            "O contexto é ambíguo; não consigo decidir."), "Aqui está a avaliação de cada afirmação:"),
}  # fmt: skip
_TRANSLATED_LEGENDS = {
    "es": "(veredicto: 1 = respaldada por el contexto, 0 = no respaldada, null = no se puede determinar)",
    "de": "(Urteil: 1 = durch den Kontext gestützt, 0 = nicht gestützt, null = nicht entscheidbar)",
    "fr": "(verdict : 1 = étayée par le contexte, 0 = non étayée, null = impossible à déterminer)",
    "pt": "(veredito: 1 = suportada pelo contexto, 0 = não suportada, null = não é possível determinar)",
}


@HELDOUT8
def translated_json(ch: Chooser) -> BlindOutput:
    """The RAGAS JSON in Spanish, German, French or Portuguese: translated keys, reasons and verdict words."""
    d = Draw(ch, "translated_json", max_n=MAX_N)
    language = d.dim("json_language", tuple(_TRANSLATED))
    keys, words, reasons, preface = _TRANSLATED[language]
    key_mode = d.dim("translated_keys", ("translated", "english"))
    value_mode = d.dim("translated_values", ("words", "int"))
    wrapper, k_statement, k_reason, k_verdict = keys if key_mode == "translated" else (
        "statements", "statement", "reason", "verdict")  # fmt: skip
    items = [
        {k_statement: s, k_reason: _of(t, reasons),
         k_verdict: _of(t, words) if value_mode == "words" else _int_verdict(t)}
        for _i, s, t in d.items()
    ]  # fmt: skip
    text = _dumps({wrapper: items}, _indent(d))
    if d.flag("translated_fence"):
        text = f"```json\n{text}\n```"
    if d.flag("translated_preface"):
        text = f"{preface}\n\n{text}"
    if value_mode == "int" and (None in d.truth or d.flag("translated_legend")):
        text += "\n\n" + _TRANSLATED_LEGENDS[language]
    return d.done(d.frame(text, tally=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 12. chat_ui_copy

_SPEAKERS = (
    "ChatGPT said:",
    "Assistant:",
    "**Assistant** · 10:42 AM",
    "[2025-03-14 09:12:55] grader-bot:",
    "Claude",
    "Gemini",
    "🤖 EvalBot — Today at 3:14 PM",
    "llama3:70b  11:02",
    "AI Assistant (gpt-4o) — 14:03",
)
_UI_FOOTERS = (
    "ChatGPT can make mistakes. Check important info.",
    "Copy\nRegenerate\n👍 👎",
    "Claude can make mistakes. Please double-check responses.",
    "Share\nExport\nRewrite",
    "Edited · 2 min ago",
    "Gemini may display inaccurate info, so double-check its responses.",
)


@HELDOUT8
def chat_ui_copy(ch: Chooser) -> BlindOutput:
    """An answer copied out of a chat UI: a speaker line, maybe a timestamp, "json / Copy code", the footer chrome."""
    d = Draw(ch, "chat_ui_copy", max_n=MAX_N)
    speaker = d.dim("speaker", _SPEAKERS)
    content = d.dim("ui_content", ("lines", "json_copy_code", "bold_lines"))
    ink: Ink = d.use_ink()
    if content == "json_copy_code":
        items = [{"statement": s, "reason": ink.explanation(i, t), "verdict": _int_verdict(t)} for i, s, t in d.items()]
        copy_label = d.dim("copy_label", ("Copy code", "Copy\nEdit", "Copy"))
        body = f"json\n{copy_label}\n{_dumps({'statements': items}, 2)}"
        if None in d.truth:
            body += "\n\n(null = the context does not let me decide)"
    else:
        lines = []
        for i, _s, t in d.items():
            word = ink.word(i, t)
            word = f"**{word}**" if content == "bold_lines" else word
            lines.append(f"{i + 1}. {word} — {ink.explanation(i, t)}")
        body = "\n".join(lines)
    answer = d.frame(body, think=False)
    parts = []
    if d.flag("ui_user_turn", weight_off=3):
        parts.append(d.ch.pick("ui_user_label", ("You said:", "You:", "User")) + "\n"
                     + f"Judge the {d.n} statement{'s' if d.n > 1 else ''} against the context.")  # fmt: skip
    same_line = speaker.endswith(":") and d.flag("speaker_same_line")
    parts.append(f"{speaker} {answer}" if same_line else f"{speaker}\n{answer}")
    if d.flag("ui_footer"):
        parts.append(d.ch.pick("ui_footer_text", _UI_FOOTERS))
    return d.done("\n\n".join(parts))


# ----------------------------------------------------------------- 13. citation_marks

_CITATION_STYLES = ("【{a}:{b}†context】", "[{c}]", "[^{c}]", " (source: context, ¶{c})")


@HELDOUT8
def citation_marks(ch: Chooser) -> BlindOutput:
    """A retrieval product's answer: verdict words with citation marks (``【4:0†context】``, ``[1]``), a source list."""
    d = Draw(ch, "citation_marks", max_n=MAX_N)
    style = d.dim("citation_style", _CITATION_STYLES)
    form = d.dim("citation_form", ("Statement {k}: {v}. {r}", "{k}. {v} — {r}", "- **Statement {k}** — {v}. {r}"))
    ink = d.use_ink()
    lines = []
    sources = []
    for i, _s, t in d.items():
        reason = ink.explanation(i, t)
        if t is True:
            c = len(sources) + 1
            mark = style.format(a=ch.integer("cite_a", 1, 9), b=ch.integer("cite_b", 0, 3), c=c)
            reason = reason[:-1] + mark + "." if reason.endswith(".") else reason + mark
            sources.append(f"context, passage {ch.integer('cite_passage', 1, 6)}")
        lines.append(form.format(k=i + 1, v=ink.word(i, t), r=reason))
    body = "\n".join(lines)
    if sources and style != "【{a}:{b}†context】" and d.flag("citation_sources"):
        if style == "[^{c}]":
            body += "\n\n" + "\n".join(f"[^{c}]: {src}" for c, src in enumerate(sources, 1))
        else:
            body += "\n\nSources:\n" + "\n".join(f"[{c}] {src}" for c, src in enumerate(sources, 1))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 14. product_refusals

_PRODUCT_REFUSALS = (
    "I'm sorry, but I can't help with that. Is there anything else I can help you with?",
    "I'm just a language model, so I can't help you with that.",
    "I can't help with that request.",
    "I apologize, but I can't evaluate these statements: the context you mentioned didn't come through, so "
    "any verdict would be a guess.",
    "Sorry, I'm unable to complete this evaluation. The context field is empty, and I won't mark statements "
    "as supported or unsupported without it.",
    "I'm unable to provide verdicts for these {n} statements because no source text was attached.",
    "Hmm… it looks like I can't respond to this one. Let's try a different topic.",
    "I'm not able to do that. The attached file couldn't be read, so I have nothing to check the statements against.",
    "Lo siento, pero no puedo evaluar estas afirmaciones: no se ha proporcionado ningún contexto.",
    "Es tut mir leid, aber ich kann diese Aussagen nicht bewerten, da kein Kontext angegeben wurde.",
    "Désolé, je ne peux pas évaluer ces affirmations : aucun contexte n'a été fourni.",
    "Desculpe, não posso avaliar essas afirmações porque nenhum contexto foi fornecido.",
)


@HELDOUT8
def product_refusals(ch: Chooser) -> BlindOutput:
    """Refusals as chat products word them, sometimes under a speaker line or in the context's language: no verdict."""
    d = Draw(ch, "product_refusals", unknowns=False, max_n=MAX_N)
    text = d.dim("product_refusal", _PRODUCT_REFUSALS).format(n=d.n)
    wrap = d.dim("refusal_wrap", ("plain", "speaker", "quoted", "footer"))
    if wrap == "speaker":
        text = f"{d.ch.pick('refusal_speaker', ('Assistant:', 'ChatGPT said:', 'Gemini', 'Copilot'))}\n{text}"
    elif wrap == "quoted":
        text = "\n".join(f"> {line}" for line in text.splitlines())
    elif wrap == "footer":
        text += "\n\n" + d.ch.pick("refusal_footer", _UI_FOOTERS)
    return d.refused(text)
