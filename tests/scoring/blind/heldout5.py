"""A FIFTH HELD-OUT set of blind layouts: fourteen more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout5``); do not read it while
developing the reader. Written from how grader models (GPT-4o, Claude, Llama 3, Qwen,
Mistral, Gemini, Phi, small local models) answer "for each statement, say whether the
context supports it" when they drift from the asked format: a math-tuned model's
``\\boxed{...}`` or ``<answer>`` final answer, tool calls (Hermes ``<tool_call>``,
Mistral ``[TOOL_CALLS]``, an OpenAI message with its arguments as an escaped string,
Python calls), a test runner's report (pytest, unittest, TAP, ``[PASS]`` badges),
Agree / Disagree, an NLI probability table with the chosen label marked, "Claim →
Evidence → Judgment" chains, an outline that groups the statements by topic, a rationale
per statement closed by a bracketed verdict, reasoning in one language and verdicts in
another, a list of only the unsupported statements ("all the others are supported"),
lists of (statement, verdict) tuples, a JSON object of statement numbers per verdict
among other keys, numbered steps whose numbers are not the statements' numbers, and
refusals of kinds the other sets do not hold.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every badge, code, label or mark is
explained in the output itself or is plain from it.

    HELDOUT5.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout5_outputs(layout="boxed_final")           # one layout's strategy
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    LayoutSet,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT5 = LayoutSet("heldout5")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout5_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the fifth held-out set (one layout when named)."""
    return HELDOUT5.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pick_of(
    ch: Chooser, name: str, truth: Truth, options: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
) -> str:
    return ch.pick(name, options[0 if truth is True else 1 if truth is False else 2])


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


# ----------------------------------------------------------------- 1. boxed_final

_BOXED_REASONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "Statement {k}: the context states this, so it is supported.",
        "For statement {k}, the context contains the same fact; it is supported.",
        "Statement {k} matches the context.",
    ),
    (
        "Statement {k}: I cannot find this in the context, so it is not supported.",
        "For statement {k}, the context gives different information; it is not supported.",
        "Statement {k} has no basis in the context.",
    ),
    (
        "Statement {k}: the context is ambiguous here, so I cannot decide.",
        "For statement {k}, the context only partly covers it; I can't tell either way.",
    ),
)
_BOXED_LEADS = (
    "**Final Answer**",
    "The final answer is:",
    "Therefore, the verdicts in order are:",
    "### Final Answer",
    "So the answer is",
)


@HELDOUT5
def boxed_final(ch: Chooser) -> BlindOutput:
    """Reasoning, then the verdicts in one final container: ``\\boxed{Yes, No, Yes}``, ``<answer>``, ``####``."""
    d = Draw(ch, "boxed_final", max_n=MAX_N)
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct", "entailed"))
    steps = [_pick_of(ch, "boxed_reason", t, _BOXED_REASONS).format(k=i + 1) for i, _s, t in d.items()]
    numbered = d.flag("boxed_numbered")
    words = [ink.word(i, t) for i, _s, t in d.items()]
    container = d.dim("boxed_container", ("boxed_display", "boxed_inline", "boxed_text", "answer_tag", "hashes"))
    listed = ", ".join(f"{k}. {w}" for k, w in enumerate(words, 1)) if numbered else ", ".join(words)
    if container == "boxed_display":
        final = "\\[\n\\boxed{" + listed + "}\n\\]"
    elif container == "boxed_inline":
        final = "$\\boxed{" + listed + "}$"
    elif container == "boxed_text":
        texts = [("\\text{" + f"{k}. {w}" + "}") if numbered else ("\\text{" + w + "}") for k, w in enumerate(words, 1)]
        final = "$$\n\\boxed{" + ", ".join(texts) + "}\n$$"
    elif container == "answer_tag":
        final = "<answer>" + listed + "</answer>"
    else:
        final = "#### " + listed
    lead = d.dim("boxed_lead", _BOXED_LEADS) if container != "answer_tag" else d.dim("boxed_lead", ("none",))
    tail = final if lead == "none" else (f"{lead} {final}" if final.startswith("$\\boxed") else f"{lead}\n\n{final}")
    if container == "answer_tag" and d.flag("boxed_reasoning_tag"):
        reasoning = "<reasoning>\n" + "\n".join(steps) + "\n</reasoning>"
    else:
        reasoning = "\n".join(steps) if d.flag("boxed_step_lines") else " ".join(steps)
    return d.done(d.frame(f"{reasoning}\n\n{tail}", preface=False, tally=False))


# ----------------------------------------------------------------- 2. tool_call_verdicts

_TOOL_NAMES = ("record_verdict", "submit_verdict", "grade_statement")


def _tool_args(schema: str, k: int, truth: Truth, reason: str | None) -> dict[str, object]:
    if schema == "bool":
        args: dict[str, object] = {"statement_id": k, "supported": truth}
    else:
        args = {"statement_id": k, "verdict": _of(truth, ("supported", "not_supported", "undetermined"))}
    if reason is not None or (schema == "bool" and truth is None):
        args["reason"] = reason or "The context does not let me decide."
    return args


@HELDOUT5
def tool_call_verdicts(ch: Chooser) -> BlindOutput:
    """Verdicts as tool calls: Hermes ``<tool_call>``, Mistral ``[TOOL_CALLS]``, an OpenAI message, Python calls."""
    d = Draw(ch, "tool_call_verdicts", max_n=MAX_N)
    dialect = d.dim("tool_dialect", ("hermes", "mistral", "openai_message", "python_calls"))
    schema = d.dim("tool_schema", ("bool", "label"))
    name = d.dim("tool_name", _TOOL_NAMES)
    with_reason = d.flag("tool_reason", weight_off=2)
    ink = d.use_ink(("yes_no",))
    calls = [
        (k, _tool_args(schema, k, t, ink.explanation(k - 1, t) if with_reason else None))
        for k, (_s, t) in enumerate(zip(d.statements, d.truth, strict=True), 1)
    ]
    if dialect == "hermes":
        body = "\n".join(
            "<tool_call>\n" + json.dumps({"name": name, "arguments": args}, ensure_ascii=False) + "\n</tool_call>"
            for _k, args in calls
        )
    elif dialect == "mistral":
        body = "[TOOL_CALLS] " + json.dumps(
            [{"name": name, "arguments": args} for _k, args in calls], ensure_ascii=False
        )
    elif dialect == "openai_message":
        arguments = json.dumps({"verdicts": [args for _k, args in calls]}, ensure_ascii=False)
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_" + str(d.n) + "a7f", "type": "function",
                 "function": {"name": "submit_verdicts", "arguments": arguments}},
            ],
        }  # fmt: skip
        body = "```json\n" + json.dumps(message, indent=2, ensure_ascii=False) + "\n```"
    else:
        lines = []
        for _k, args in calls:
            parts = [f"{key}={value!r}" for key, value in args.items()]
            line = f"{name}({', '.join(parts)})"
            lines.append(line)
        prefix = d.dim("python_tag", ("none", "<|python_tag|>"))
        body = ("" if prefix == "none" else prefix) + "\n".join(lines)
        if prefix == "none":
            body = "```python\n" + body + "\n```"
    if schema == "bool" and None in d.truth:
        empty = "supported=None" if dialect == "python_calls" else '"supported": null'
        body += f"\n\n({empty} means the context does not let me decide.)"
    lead = d.dim("tool_lead", ("none", "I'll record a verdict for each statement.", "Calling the grading tool:"))
    if lead != "none":
        body = f"{lead}\n\n{body}"
    return d.done(d.frame(body, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 3. test_runner_report

_RUNNER_LEGENDS: dict[str, tuple[str, ...]] = {
    "pytest": (
        "(PASSED = the context supports the statement, FAILED = it does not, SKIPPED = the context does not let me "
        "decide.)",
        "Each statement is a test: it passes when the context supports it and fails when it does not; skipped means "
        "undecidable.",
    ),
    "unittest": (
        "(ok = supported by the context, FAIL = not supported, skipped = cannot be determined.)",
        "A test per statement: ok means the context supports it, FAIL means it does not, skipped means I can't tell.",
    ),
    "tap": (
        "# ok = supported by the context, not ok = not supported, # SKIP = cannot be determined",
        '(TAP output: "ok" means the context supports the statement, "not ok" means it does not; a # SKIP '
        "directive means undecidable.)",
    ),
    "badges": (
        "PASS = supported by the context, FAIL = not supported, SKIP = cannot tell.",
        "Legend: [PASS] supported, [FAIL] not supported, [SKIP] undecidable from the context.",
    ),
}


def _counts(d: Draw) -> tuple[int, int, int]:
    return (
        sum(1 for t in d.truth if t is True),
        sum(1 for t in d.truth if t is False),
        sum(1 for t in d.truth if t is None),
    )


@HELDOUT5
def test_runner_report(ch: Chooser) -> BlindOutput:
    """A test runner's report, one test per statement: pytest, unittest, TAP or ``[PASS]`` badges, with a legend."""
    d = Draw(ch, "test_runner_report", max_n=MAX_N)
    runner = d.dim("runner", tuple(_RUNNER_LEGENDS))
    legend = d.dim("runner_legend", _RUNNER_LEGENDS[runner])
    echo = d.flag("runner_echo")
    passed, failed, skipped = _counts(d)
    lines: list[str] = []
    if runner == "pytest":
        lines.append("============================= test session starts ==============================")
        lines.append(f"collected {d.n} item{'s' if d.n != 1 else ''}")
        lines.append("")
        for i, statement, truth in d.items():
            status = _of(truth, ("PASSED", "FAILED", "SKIPPED (context ambiguous)"))
            test = f"faithfulness.py::test_statement_{i + 1}"
            lines.append(f"{test} {status}" + (f"  # {statement}" if echo else ""))
        summary = [f"{failed} failed"] if failed else []
        summary += [f"{passed} passed"] if passed else []
        summary += [f"{skipped} skipped"] if skipped else []
        lines.append("")
        lines.append(f"========================= {', '.join(summary)} =========================")
    elif runner == "unittest":
        for i, statement, truth in d.items():
            status = _of(truth, ("ok", "FAIL", "skipped 'context is ambiguous'"))
            doc = f" ({statement})" if echo else ""
            lines.append(f"test_statement_{i + 1}{doc} ... {status}")
        lines.append("")
        lines.append("-" * 70)
        lines.append(f"Ran {d.n} test{'s' if d.n != 1 else ''}")
        lines.append("")
        extras = [f"failures={failed}"] if failed else []
        extras += [f"skipped={skipped}"] if skipped else []
        if failed:
            lines.append(f"FAILED ({', '.join(extras)})")
        else:
            lines.append("OK" + (f" ({', '.join(extras)})" if extras else ""))
    elif runner == "tap":
        lines.append("TAP version 13")
        lines.append(f"1..{d.n}")
        for i, statement, truth in d.items():
            text = f" - {statement}" if echo else f" - statement {i + 1}"
            if truth is None:
                lines.append(f"ok {i + 1}{text} # SKIP context is ambiguous")
            else:
                lines.append(("ok" if truth else "not ok") + f" {i + 1}{text}")
    else:
        for i, statement, truth in d.items():
            badge = _of(truth, ("[PASS]", "[FAIL]", "[SKIP]"))
            lines.append(f"{badge} {i + 1}. {statement}" if echo else f"{badge} Statement {i + 1}")
        lines.append("")
        lines.append(f"Result: {passed}/{d.n} passed" + (f", {skipped} skipped" if skipped else ""))
    block = "\n".join(lines)
    if d.flag("runner_fence"):
        block = "```\n" + block + "\n```"
    where = d.dim("runner_legend_position", ("before", "after"))
    body = f"{legend}\n\n{block}" if where == "before" else f"{block}\n\n{legend}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 4. agree_disagree

_AGREE_WORDS: dict[str, tuple[str, str, str]] = {
    "plain": ("Agree", "Disagree", "Neither agree nor disagree"),
    "strong": ("Strongly agree", "Strongly disagree", "Unsure"),
    "lower": ("agree", "disagree", "can't say"),
    "upper": ("AGREE", "DISAGREE", "UNSURE"),
}
_AGREE_LEADS = (
    "none",
    "Do I agree that the context supports each statement?",
    "Whether the context backs each statement (agree = it does, disagree = it does not):",
    "My agreement with each statement, based only on the context:",
)
_AGREE_FORMS = ("{k}. {w}", "Statement {k}: {w}", "- {s} — {w}", "**{w}** — {s}", "{k}) {w}")


@HELDOUT5
def agree_disagree(ch: Chooser) -> BlindOutput:
    """Agree / Disagree per statement (an evaluator that treats each statement as a claim to agree with)."""
    d = Draw(ch, "agree_disagree", max_n=MAX_N)
    words_name = d.dim("agree_words", tuple(_AGREE_WORDS))
    words = _AGREE_WORDS[words_name]
    mixed = words_name == "strong" and d.flag("agree_mixed_strength")
    form = d.dim("agree_form", _AGREE_FORMS)
    explain = d.flag("agree_explain", weight_off=2)
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, statement, truth in d.items():
        word = _of(truth, words)
        if mixed and truth is not None and d.ch.pick("agree_strength", ("strong", "plain")) == "plain":
            word = _of(truth, _AGREE_WORDS["plain"])
        line = form.format(k=i + 1, s=statement, w=word)
        if explain:
            line += f" ({ink.aside(i, truth)})"
        lines.append(line)
    lead = d.dim("agree_lead", _AGREE_LEADS)
    body = "\n".join(lines)
    if lead != "none":
        body = f"{lead}\n\n{body}"
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- 5. nli_score_table


def _three(ch: Chooser, truth: Truth) -> tuple[int, int, int]:
    """(entailment, neutral, contradiction) in hundredths, summing to 100."""
    if truth is True:
        top = ch.pick("nli_top", (62, 71, 78, 84, 90, 93, 97))
        rest = 100 - top
        neutral = ch.integer("nli_split", 0, rest)
        return top, neutral, rest - neutral
    if truth is False:
        top = ch.pick("nli_top", (61, 70, 76, 83, 88, 94, 98))
        rest = 100 - top
        entail = ch.integer("nli_split", 0, min(rest, 20))
        other = rest - entail
        neutral_wins = ch.pick("nli_false_label", ("neutral", "contradiction")) == "neutral"
        return (entail, top, other) if neutral_wins else (entail, other, top)
    return ch.pick("nli_flat", ((40, 35, 25), (38, 42, 20), (45, 44, 11), (34, 33, 33), (41, 30, 29)))


_NLI_RULES = (
    "Entailment = supported by the context; neutral or contradiction = not supported.",
    "I count a statement as supported only when entailment is the chosen label.",
    "Mapping: entailment → supported, neutral → not supported (the context does not say it), contradiction → "
    "not supported.",
)


@HELDOUT5
def nli_score_table(ch: Chooser) -> BlindOutput:
    """Entailment / neutral / contradiction probabilities per statement in a table, the chosen label marked."""
    d = Draw(ch, "nli_score_table", max_n=MAX_N)
    mark = d.dim("nli_mark", ("label_column", "bold_cell", "check_mark"))
    rule = d.dim("nli_rule", _NLI_RULES)
    echo = d.flag("nli_echo")
    decimals = d.flag("nli_decimals")
    label_names = ("entailment", "neutral", "contradiction")
    head = ["#"] + (["Statement"] if echo else []) + ["Entailment", "Neutral", "Contradiction"]
    if mark == "label_column":
        head.append("Label")
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, statement, truth in d.items():
        scores = _three(ch, truth)
        chosen = scores.index(max(scores)) if max(scores) > 50 else None
        cells = []
        for j, value in enumerate(scores):
            text = f"{value / 100:.2f}" if decimals else f"{value}%"
            if chosen == j and mark == "bold_cell":
                text = f"**{text}**"
            elif chosen == j and mark == "check_mark":
                text = f"{text} ✓"
            cells.append(text)
        row = [str(i + 1)] + ([statement] if echo else []) + cells
        if mark == "label_column":
            row.append(label_names[chosen] if chosen is not None else "undecided")
        rows.append("| " + " | ".join(row) + " |")
    notes = [rule]
    if mark == "bold_cell":
        notes.insert(0, "The chosen label is in bold.")
    elif mark == "check_mark":
        notes.insert(0, "✓ marks the chosen label.")
    if None in d.truth:
        notes.append(
            "When no label is above 0.5 I leave the statement undecided"
            + (" (no mark in its row)." if mark != "label_column" else ".")
        )
    else:
        notes.append("A label is chosen when its probability is above 0.5.")
    body = "\n".join(rows)
    where = d.dim("nli_notes_position", ("before", "after"))
    body = f"{' '.join(notes)}\n\n{body}" if where == "before" else f"{body}\n\n{' '.join(notes)}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. claim_evidence_arrow

_JUDGMENTS: dict[str, tuple[str, str, str]] = {
    "supported": ("Supported", "Not supported", "Insufficient evidence"),
    "upper": ("SUPPORTED", "UNSUPPORTED", "UNCLEAR"),
    "entailed": ("Entailed", "Not entailed", "Undetermined"),
    "grounded": ("Grounded", "Not grounded", "Cannot tell"),
}
_NO_SPAN = ("none", "(no matching span)", "—", "no relevant span found", "N/A")
_PARTIAL_SPAN = ("(partial match, ambiguous)", "(only a loosely related span)")


@HELDOUT5
def claim_evidence_arrow(ch: Chooser) -> BlindOutput:
    """RAG-evaluator chains: ``Claim 2 → Evidence: "..." → Judgment: Not supported``, on one line or stacked."""
    d = Draw(ch, "claim_evidence_arrow", max_n=MAX_N)
    judgments = _JUDGMENTS[d.dim("judgment_words", tuple(_JUDGMENTS))]
    arrow = d.dim("chain_arrow", ("→", "->", "=>", "⟶"))
    stacked = d.flag("chain_stacked")
    echo = d.flag("chain_echo", weight_off=1)
    labels = d.dim("chain_labels", (("Evidence", "Judgment"), ("Evidence span", "Judgment"), ("Span", "Verdict")))
    d.use_ink(("supported",))  # the legacy final line, when drawn
    lines = []
    for i, statement, truth in d.items():
        claim = f'Claim {i + 1}: "{statement}"' if echo else f"Claim {i + 1}"
        if truth is True:
            span = f'"{_bare(statement)}"'
        elif truth is False:
            span = ch.pick("no_span", _NO_SPAN)
        else:
            span = ch.pick("partial_span", _PARTIAL_SPAN)
        parts = [claim, f"{labels[0]}: {span}", f"{labels[1]}: {_of(truth, judgments)}"]
        if stacked:
            lines.append(parts[0] + "\n" + "\n".join(f"  {arrow} {p}" for p in parts[1:]))
        else:
            lines.append(f" {arrow} ".join(parts))
    gap = "\n\n" if stacked else "\n"
    return d.done(d.frame(gap.join(lines), final=True))


# ----------------------------------------------------------------- 7. topic_outline

_TOPICS = (
    ("Figures, dates and times", "Other facts"),
    ("Numerical claims", "Descriptive claims"),
    ("Claims with numbers", "General claims"),
)
_ROMAN = ("I", "II")
_LEAF_FORMS = (
    "Statement {k}: {v}",
    "Statement {k} ({s}) — {v}",
    "({k}) {s} → {v}",
    "#{k} — {v}",
    '"{s}": {v}',
)


@HELDOUT5
def topic_outline(ch: Chooser) -> BlindOutput:
    """The statements grouped by topic in a nested outline, each leaf naming its statement, the verdict on the leaf."""
    d = Draw(ch, "topic_outline", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    topics = d.dim("outline_topics", _TOPICS)
    style = d.dim("outline_style", ("roman", "headings", "bullets"))
    leaf = d.dim("outline_leaf", _LEAF_FORMS)
    annotate = d.flag("outline_annotate", weight_off=2)
    groups: list[tuple[str, list[int]]] = [
        (topics[0], [i for i, s, _t in d.items() if any(c.isdigit() for c in s)]),
        (topics[1], [i for i, s, _t in d.items() if not any(c.isdigit() for c in s)]),
    ]
    groups = [(name, members) for name, members in groups if members]
    if d.flag("outline_other_first"):
        groups.reverse()
    blocks = []
    for g, (name, members) in enumerate(groups):
        leaves = []
        for m, i in enumerate(members):
            text = leaf.format(k=i + 1, s=d.statements[i], v=ink.word(i, d.truth[i]))
            if annotate:
                text += f" ({ink.aside(i, d.truth[i])})"
            if style == "roman":
                leaves.append(f"   {chr(ord('A') + m)}. {text}")
            elif style == "headings":
                leaves.append(f"- {text}")
            else:
                leaves.append(f"  - {text}")
        if style == "roman":
            title = f"{_ROMAN[g]}. {name}"
        elif style == "headings":
            title = f"### {name}"
        else:
            title = f"- **{name}**"
        blocks.append(title + "\n" + "\n".join(leaves))
    lead = d.dim("outline_lead", ("none", "I grouped the statements by topic:", "Grouped by what they are about:"))
    body = ("\n\n" if style != "bullets" else "\n").join(blocks)
    if lead != "none":
        body = f"{lead}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 8. rationale_bracket_end

_RATIONALES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "The context says this in almost the same words.",
        "This detail appears in the context, with the same figures.",
        "The passage covers exactly this point.",
    ),
    (
        "I looked for this in the context and found nothing about it.",
        "The context discusses a related topic but never makes this claim.",
        "The figure in the context differs from the one given here.",
    ),
    (
        "The context mentions the topic but is too vague to settle it.",
        "Two passages in the context point in different directions here.",
    ),
)
# (form, whether the verdict word is written in capitals inside it)
_BRACKETS: tuple[tuple[str, bool], ...] = (
    ("[{v}]", False),
    ("[Verdict: {v}]", False),
    ("(Verdict: {v})", False),
    ("**[{v}]**", False),
    ("[{v}]", True),
)


@HELDOUT5
def rationale_bracket_end(ch: Chooser) -> BlindOutput:
    """A short rationale paragraph per statement, its verdict in brackets at the end: "... [Not supported]"."""
    d = Draw(ch, "rationale_bracket_end", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    bracket, capitals = d.dim("bracket_form", _BRACKETS)
    head = d.dim("rationale_head", ("**Statement {k}.**", "{k})", 'Statement {k} ("{s}"):', "{k}. {s}\n"))
    paragraphs = []
    for i, statement, truth in d.items():
        rationale = _pick_of(ch, "rationale", truth, _RATIONALES)
        if d.ch.pick("rationale_more", ("one", "two")) == "two":
            rationale += " " + ink.explanation(i, truth)
        word = ink.word(i, truth)
        verdict = bracket.format(v=word.upper() if capitals else word)
        opening = head.format(k=i + 1, s=statement)
        joiner = "" if opening.endswith("\n") else " "
        paragraphs.append(f"{opening}{joiner}{rationale} {verdict}")
    return d.done(d.frame("\n\n".join(paragraphs)))


# ----------------------------------------------------------------- 9. code_switching

# Reasoning in another language: (supported, not supported, undecided) sentences and the word for "statement".
_SWITCHED: dict[str, tuple[tuple[str, str, str], str]] = {
    "zh": (("上下文明确提到了这一点。", "上下文中没有提到这一点。", "上下文不够明确，无法判断。"), "陈述"),
    "es": (("El contexto lo dice explícitamente.", "El contexto no menciona esto.",
            "El contexto es ambiguo en este punto."), "Afirmación"),
    "de": (("Der Kontext sagt das ausdrücklich.", "Davon steht nichts im Kontext.",
            "Der Kontext ist hier nicht eindeutig."), "Aussage"),
    "pt": (("O contexto afirma isso explicitamente.", "O contexto não menciona isso.",
            "O contexto é ambíguo neste ponto."), "Afirmação"),
    "hi": (("संदर्भ में यह स्पष्ट रूप से लिखा है।", "संदर्भ में इसका कोई उल्लेख नहीं है।", "संदर्भ इस बारे में स्पष्ट नहीं है।"),
           "कथन"),
}  # fmt: skip
# English labels and a verdict phrase in the other language: (supported, not supported, undecided).
_NATIVE_PHRASES: dict[str, tuple[str, str, str]] = {
    "es": ("Sí, está respaldada", "No, no está respaldada", "No se puede determinar"),
    "pt": ("Sim, é sustentada pelo contexto", "Não, não é sustentada pelo contexto", "Não é possível determinar"),
    "de": ("Ja, wird gestützt", "Nein, wird nicht gestützt", "Nicht entscheidbar"),
    "fr": ("Oui, c'est étayé", "Non, ce n'est pas étayé", "Impossible à déterminer"),
}


@HELDOUT5
def code_switching(ch: Chooser) -> BlindOutput:
    """Two languages in one answer: reasoning in Chinese, Spanish, Hindi ... with English verdicts, or the reverse."""
    d = Draw(ch, "code_switching", max_n=MAX_N)
    direction = d.dim("switch_direction", ("native_reasoning", "native_verdict"))
    lines = []
    if direction == "native_reasoning":
        language = d.dim("switch_language", tuple(_SWITCHED))
        sentences, statement_word = _SWITCHED[language]
        ink = d.use_ink(("yes_no", "supported", "true_false"))
        form = d.dim(
            "switch_form",
            (
                "{k}. {r} **Verdict: {v}**",
                "Statement {k}: {v} — {r}",
                "{w} {k}: {r} ({v})",
                "{w} {k}: {r}\nVerdict: {v}",
            ),
        )
        for i, _statement, truth in d.items():
            lines.append(form.format(k=i + 1, r=_of(truth, sentences), v=ink.word(i, truth), w=statement_word))
    else:
        language = d.dim("switch_language", tuple(_NATIVE_PHRASES))
        phrases = _NATIVE_PHRASES[language]
        ink = d.use_ink(("yes_no",))
        form = d.dim("switch_form", ("Statement {k}: {p}.", "{k}. {s} — {p}.", "Statement {k} — Verdict: {p}."))
        explain = d.flag("switch_explain")
        for i, statement, truth in d.items():
            line = form.format(k=i + 1, s=statement, p=_of(truth, phrases))
            if explain:
                line += " " + ink.explanation(i, truth)
            lines.append(line)
    gap = d.dim("switch_gap", ("\n", "\n\n"))
    return d.done(d.frame(gap.join(lines), tally=False))


# ----------------------------------------------------------------- 10. unsupported_only_list

_ONLY_HEADS = (
    "The following statements are NOT supported by the context:",
    "Only these statements lack support in the context:",
    "I found problems with these statements:",
    "**Unsupported statements**",
)
_REST_LINES = (
    "All other statements are supported by the context.",
    "Every other statement is supported.",
    "The remaining statements are all backed by the context.",
    "Everything else checks out against the context.",
)
_UNDECIDED_HEADS = (
    "These I could not decide from the context:",
    "Cannot be determined from the context:",
    "**Undecidable**",
)
_ALL_SUPPORTED = (
    "I found no unsupported statements: all {n} are supported by the context.",
    "Every statement is supported by the context; none is unsupported.",
    "No issues found. All of the statements are backed by the context.",
)


@HELDOUT5
def unsupported_only_list(ch: Chooser) -> BlindOutput:
    """Only the statements that are not supported are listed (echoed, with a reason); the rest are said supported."""
    d = Draw(ch, "unsupported_only_list", min_n=2, max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    ref = d.dim("only_ref", ("echo", "number_echo", "number"))
    reason = d.flag("only_reason", weight_off=1) or ref == "number"
    no = [i for i, _s, t in d.items() if t is False]
    unknown = [i for i, _s, t in d.items() if t is None]
    yes = [i for i, _s, t in d.items() if t is True]

    def item(i: int) -> str:
        statement = d.statements[i]
        text = {"echo": f'"{statement}"', "number_echo": f'Statement {i + 1} ("{statement}")',
                "number": f"Statement {i + 1}"}[ref]  # fmt: skip
        if reason:
            text += f" — {ink.explanation(i, d.truth[i])}"
        return f"- {text}"

    parts: list[str] = []
    if not no and not unknown:
        parts.append(d.dim("all_supported", _ALL_SUPPORTED).format(n=d.n))
    else:
        if no:
            parts.append(d.dim("only_head", _ONLY_HEADS) + "\n" + "\n".join(item(i) for i in no))
        if unknown:
            parts.append(d.dim("undecided_head", _UNDECIDED_HEADS) + "\n" + "\n".join(item(i) for i in unknown))
        if yes:
            parts.append(d.dim("rest_line", _REST_LINES))
        else:
            parts.append("None of the statements is supported by the context.")
    return d.done(d.frame("\n\n".join(parts), tally=True))


# ----------------------------------------------------------------- 11. tuple_pairs


def _py_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


@HELDOUT5
def tuple_pairs(ch: Chooser) -> BlindOutput:
    """Verdicts as a list of pairs: Python tuples ``(2, "no")``, ``("<statement>", False)``, or JS arrays of arrays."""
    d = Draw(ch, "tuple_pairs", max_n=MAX_N)
    language = d.dim("pair_language", ("python", "javascript"))
    key = d.dim("pair_key", ("number", "statement"))
    value_kind = d.dim("pair_value", ("word", "bool"))
    multiline = d.flag("pair_multiline")
    ink = d.use_ink(("yes_no", "supported", "true_false")) if value_kind == "word" else None
    null = "None" if language == "python" else "null"
    true, false = ("True", "False") if language == "python" else ("true", "false")
    pairs = []
    for i, statement, truth in d.items():
        first = str(i + 1) if key == "number" else _py_str(statement)
        if ink is not None:
            second = _py_str(ink.word(i, truth).lower())
        else:
            second = true if truth is True else false if truth is False else null
        pairs.append(f"({first}, {second})" if language == "python" else f"[{first}, {second}]")
    inner = "[\n" + "".join(f"    {p},\n" for p in pairs) + "]" if multiline else "[" + ", ".join(pairs) + "]"
    name = d.dim("pair_name", ("verdicts", "results", "pairs"))
    comment_mark = "#" if language == "python" else "//"
    shape = (
        ("statement number" if key == "number" else "statement")
        + ", "
        + ("verdict" if value_kind == "word" else "supported by the context?")
    )
    comment = f"{comment_mark} ({shape})"
    if value_kind == "bool" and None in d.truth:
        comment += f"; {null} = cannot tell from the context"
    code = f"{name} = {inner}" if language == "python" else f"const {name} = {inner};"
    code = f"{comment}\n{code}"
    fence = d.dim("pair_fence", (f"```{language}", "```", "none"))
    if fence != "none":
        code = f"{fence}\n{code}\n```"
    return d.done(d.frame(code))


# ----------------------------------------------------------------- 12. json_index_lists

_INDEX_KEYS = (
    ("supported", "not_supported", "undetermined"),
    ("supported_statements", "unsupported_statements", "unclear_statements"),
    ("supported_ids", "unsupported_ids", "undecided_ids"),
    ("entailed", "not_entailed", "unknown"),
)


@HELDOUT5
def json_index_lists(ch: Chooser) -> BlindOutput:
    """A JSON object (in prose) listing statement numbers per verdict, among other keys: ``"not_supported": [2]``."""
    d = Draw(ch, "json_index_lists", max_n=MAX_N)
    keys = d.dim("index_keys", _INDEX_KEYS)
    yes = [i + 1 for i, _s, t in d.items() if t is True]
    no = [i + 1 for i, _s, t in d.items() if t is False]
    unknown = [i + 1 for i, _s, t in d.items() if t is None]
    obj: dict[str, object] = {}
    if d.flag("index_task_key"):
        obj["task"] = "faithfulness"
    obj["total_statements"] = d.n
    obj[keys[0]] = yes
    obj[keys[1]] = no
    if unknown or d.flag("index_empty_unknown"):
        obj[keys[2]] = unknown
    if not unknown and d.flag("index_score"):
        obj["faithfulness_score"] = round(len(yes) / d.n, 2)
    notes = d.dim(
        "index_notes",
        ("none", "Statement numbers start at 1, in the order given.", "Checked against the context only."),
    )
    if notes != "none":
        obj["notes"] = notes
    indent = d.dim("index_indent", ("2", "none"))
    text = json.dumps(obj, indent=2 if indent == "2" else None, ensure_ascii=False)
    fence = d.dim("index_fence", ("```json", "none"))
    if fence != "none":
        text = f"{fence}\n{text}\n```"
    before = d.dim("index_before", ("Here is the result object:", "Summary of the evaluation:", "Result:"))
    after = d.dim(
        "index_after",
        ("none", "The lists hold the statement numbers.", "Let me know if you want the reasons for each one."),
    )
    body = f"{before}\n\n{text}" + ("" if after == "none" else f"\n\n{after}")
    return d.done(d.frame(body, preface=False, tally=False))


# ----------------------------------------------------------------- 13. offset_steps

_PREP_STEPS = (
    "Read the context carefully.",
    "Identify the statements to check.",
    "List the key facts in the context.",
)
_STEP_CHECKS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        'Check statement {k} ("{s}"). The context states this. Verdict: {v}.',
        "Statement {k}: the context says this directly → {v}.",
        "Look at the {o} statement. It matches the context, so: {v}.",
    ),
    (
        'Check statement {k} ("{s}"). The context does not say this. Verdict: {v}.',
        "Statement {k}: nothing in the context backs this → {v}.",
        "Look at the {o} statement. The context gives different information, so: {v}.",
    ),
    (
        'Check statement {k} ("{s}"). The context is ambiguous. Verdict: {v}.',
        "Statement {k}: the context is too vague to decide → {v}.",
        "Look at the {o} statement. The context does not settle it, so: {v}.",
    ),
)


@HELDOUT5
def offset_steps(ch: Chooser) -> BlindOutput:
    """Numbered steps whose numbers are not the statements': "Step 1: Read the context. Step 2: Statement 1 ..."."""
    d = Draw(ch, "offset_steps", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    prep_count = int(d.dim("prep_steps", ("1", "2")))
    step_label = d.dim("step_label", ("Step {j}:", "**Step {j}:**", "{j}.", "Step {j} -"))
    check = d.dim("step_check", tuple(range(3)))
    wrap_up = d.flag("step_wrap_up")
    steps = [ch.pick("prep_step", _PREP_STEPS)]
    if prep_count == 2:
        steps.append(ch.pick("prep_step_2", tuple(p for p in _PREP_STEPS if p != steps[0])))
    for i, statement, truth in d.items():
        text = _STEP_CHECKS[0 if truth is True else 1 if truth is False else 2][check]
        steps.append(text.format(k=i + 1, s=statement, o=_ORDINALS[i], v=ink.word(i, truth)))
    if wrap_up:
        s = sum(1 for t in d.truth if t is True)
        steps.append(f"Count the supported statements: {s} of {d.n}.")
    lines = [f"{step_label.format(j=j)} {text}" for j, text in enumerate(steps, 1)]
    return d.done(d.frame("\n".join(lines), tally=False))


# ----------------------------------------------------------------- 14. fresh_refusals

_FRESH_REFUSALS = (
    "⚠️ **Cannot evaluate**\n\nThe context block contains only the placeholder text `<context>`, so there is "
    "nothing to check the statements against.",
    "I'm not able to provide verdicts for these statements. The context is a PDF attachment that did not come "
    "through as text. If you paste the text, I'll evaluate each statement.",
    'Instead of verdicts, here is why I stopped: the statements refer to "the answer above", but neither an answer '
    "nor a context was included. I can't judge them without it.",
    "```\nERROR: evaluation aborted. The context is empty; unable to judge the statements.\n```",
    "I can't evaluate these. The context is in a script I can't read reliably, and guessing would give you wrong "
    "verdicts.",
    "The context stops mid-sentence before any of the topics in the statements come up, so I won't give verdicts I "
    "can't back up. Please resend the full context.",
    "Hi,\n\nUnfortunately I can't assess the {n} statements you sent: the context section came through empty.\n\n"
    "Best regards",
    '{"statements": [], "error": "No context was provided, so I cannot judge any statement."}',
    "I won't be grading these. The context is a list of search-result titles with no text under them, which is "
    "not enough to check anything.",
    "Maaf, saya tidak dapat menilai pernyataan-pernyataan ini karena konteksnya tidak tersedia.",
    "Tyvärr kan jag inte bedöma dessa påståenden eftersom kontexten saknas.",
    "Λυπάμαι, αλλά δεν μπορώ να αξιολογήσω αυτές τις δηλώσεις χωρίς το πλαίσιο.",
    "מצטער, אינני יכול להעריך את הטענות האלה ללא ההקשר.",
    "ขออภัย ฉันไม่สามารถประเมินข้อความเหล่านี้ได้เนื่องจากไม่มีบริบท",
    "Вибачте, але я не можу оцінити ці твердження без контексту.",
    "Omlouvám se, ale bez kontextu nemohu tato tvrzení posoudit.",
    "Sajnálom, de kontextus nélkül nem tudom értékelni ezeket az állításokat.",
)


@HELDOUT5
def fresh_refusals(ch: Chooser) -> BlindOutput:
    """Refusals the other sets do not hold: a warning heading, an error block, an e-mail, an empty RAGAS list..."""
    d = Draw(ch, "fresh_refusals", unknowns=False, max_n=MAX_N)
    text = d.dim("fresh_refusal", _FRESH_REFUSALS).replace("{n}", str(d.n))
    if d.flag("fresh_refusal_lead", weight_off=3) and text[:1].isascii() and not text.startswith(("{", "`")):
        text = "Thanks for the statements.\n\n" + text
    if d.flag("fresh_refusal_think", weight_off=4):
        text = (
            "<think>\nThere is nothing usable to check against. I should say so instead of guessing.\n</think>\n\n"
            + text
        )
    return d.refused(text)
