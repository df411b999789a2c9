"""A THIRTY-FOURTH HELD-OUT set of blind layouts: questions asked the other way round, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout34``); do not read it while
developing the reader. Written from how graders (GPT-4o and GPT-4o mini, Claude 3.5 Sonnet and
Haiku, Gemini 1.5, Llama 3.1, Qwen 2.5, Mistral, and small local models) answer when the team's
call-2 prompt does not ask "is this statement supported?" but the opposite, and from the
hallucination detectors, guardrails and schemas such teams run: "Is this claim hallucinated?"
questions restated above each answer, contradiction checks ("Does the context contradict it? No
— but the context does not mention it either"), groundedness rails that print OK / FLAG (or
ALLOW / BLOCK) under a legend, safety-style policy judges returning ``"violation": true``,
fact-check tables with a "False claim?" column, citation checks ("Needs a citation? Yes — no
passage supports this"), structured outputs whose boolean field is named by the negative
(``"is_hallucinated": true``, ``"hallucination": 0``, ``"not_grounded"``, a Pydantic repr with
``contradicted=False``), error annotations (``"error": "none"``, intrinsic / extrinsic
hallucination), 0/1 hallucination scores with the direction stated (and, now and then, a
consistency score whose 1 is the good end), prompts that ask both ways at once ("Supported?
No. Hallucinated? Yes."), YAML with ``fabricated: false``, span-level detectors listing the
hallucinated spans of each statement (or tagging them inline), a table with a "Hallucinated?"
and a "Contradicts the context?" column, promptfoo's legacy blocks rewritten to ask "Is it
unsupported?", a detector's report listing only the flagged statement numbers, and refusals of
the whole inverted task.

A careful person reads which way each question points (the question, the field's name or a
legend in the output) and reads the verdict per statement: hallucinated, fabricated, flagged,
violating, false, an error, needing a citation = not supported; an answer that the statement
is not contradicted is supported only where the grader also says the context states it (a
statement the context does not mention is not contradicted and not supported). Each layout
draws graders.py's dimensions where they fit (statement counts from 1 to 10, call 1's styles,
yes/no words and their casing, undecided items, explanations) and ``_draw``'s frame (a
``<think>`` draft, a preface, an agreeing count of the supported statements or of the
flagged ones, a sign-off). Only outputs whose polarity is stated in the output itself are
drawn: every negative label stands beside its question, its field's name or a legend; no
decoration that marks the good end (✅) stands beside a negative "Yes"; every count agrees
with the verdicts.

    HELDOUT34.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout34_outputs(layout="guardrail_flag_lines")   # one layout's strategy
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, Draw, Ink, LayoutSet, cased, lower_first, number_list
from tests.scoring.graders import Chooser, Truth

HELDOUT34 = LayoutSet("heldout34")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout34_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-fourth held-out set (one layout when named)."""
    return HELDOUT34.strategy(layout)


# ----------------------------------------------------------------- shared


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _flip(truth: Truth) -> Truth:
    """The answer to the negative question: hallucinated (True) when not supported."""
    return None if truth is None else not truth


def _bare(statement: str) -> str:
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _kinds(d: Draw) -> list[str]:
    """What the context does with each statement: states it, contradicts it, leaves it out, leaves it open."""
    kinds = []
    for _i, _s, truth in d.items():
        against = d.ch.pick("false_kind", ("contradicted", "absent"))
        kinds.append("supported" if truth is True else against if truth is False else "undecided")
    return kinds


# Why, by what the context does with the statement: no verdict word of either polarity in them.
_WHY: dict[str, tuple[str, ...]] = {
    "supported": (
        "The context states this directly.",
        "The context says exactly this.",
        "This matches the context word for word.",
        "The context confirms this detail.",
    ),
    "contradicted": (
        "The context says something different.",
        "The context states otherwise.",
        "The context gives different details.",
        "This conflicts with what the context says.",
    ),
    "absent": (
        "The context does not mention this.",
        "Nothing in the context covers this.",
        "This detail does not appear anywhere in the context.",
        "The context is silent on this.",
    ),
    "undecided": (
        "The context is ambiguous on this point.",
        "The context only partly covers this.",
        "I cannot tell from the context either way.",
    ),
}


def _why(ch: Chooser, kind: str) -> str:
    return ch.pick("why", _WHY[kind])


def _clause(sentence: str) -> str:
    """A sentence as a clause after a dash or in parentheses: lower-case first letter (not "I"), no full stop."""
    text = sentence if sentence.startswith("I ") else lower_first(sentence)
    return text[:-1] if text.endswith(".") else text


def _why_inline(ch: Chooser, kind: str) -> str:
    return _clause(_why(ch, kind))


_DECORATIONS = {"none": "{w}", "bold": "**{w}**", "backtick": "`{w}`", "italic": "*{w}*"}


def _yes_no(d: Draw) -> tuple[Ink, str]:
    """graders.py's yes / no / undecided words (with their casing) and a decoration that marks no end as good."""
    ink = d.use_ink(("yes_no",))
    return ink, d.dim("answer_decoration", tuple(_DECORATIONS))


def _word(ink: Ink, i: int, answer: Truth) -> str:
    """Yes, No, or the item's undecided word; "N/A" (which could read as "no such problem") becomes "Unsure"."""
    word = ink.word(i, answer)
    if answer is None and word.lower() == "n/a":
        return cased("Unsure", ink.dims.get("casing", "sentence"))
    return word


def _answer(ink: Ink, decoration: str, i: int, answer: Truth) -> str:
    """The answer word to a question, ``answer`` True for "Yes" (whatever the question asks)."""
    return _DECORATIONS[decoration].format(w=_word(ink, i, answer))


def _negative_count(d: Draw, noun: str) -> str:
    """A count of the statements the negative check caught, and of the undecided ones."""
    caught = sum(1 for t in d.truth if t is False)
    open_ = sum(1 for t in d.truth if t is None)
    form = d.dim("negative_count_form", ("{N}: {f} of {n}", "{f} of {n} statement{pl} {noun}", "Total {noun}: {f}/{n}"))
    text = form.format(N=noun[:1].upper() + noun[1:], f=caught, n=d.n, pl=_pl(d.n), noun=noun)
    if open_:
        text += f"; undecided: {open_}"
    return text + "."


def _with_count(d: Draw, body: str, noun: str) -> str:
    """``body`` and, drawn, a count of the supported statements or of the ones the check caught."""
    where = d.dim("count_kind", ("none", "none", "supported", "negative"))
    if where == "supported":
        return f"{body}\n\n{d.tally()}"
    if where == "negative":
        return f"{body}\n\n{_negative_count(d, noun)}"
    return body


def _finish(d: Draw, body: str, noun: str, *, preface: bool = True) -> BlindOutput:
    return d.done(d.frame(_with_count(d, body, noun), preface=preface, tally=False))


def _dumps(value: Any, indent: str) -> str:
    return json.dumps(value, indent=None if indent == "none" else int(indent), ensure_ascii=False)


def _fenced(d: Draw, text: str, language: str = "json") -> str:
    wrap = d.dim("wrap", ("bare", "fence", "fence_plain", "lead_in"))
    if wrap == "fence":
        return f"```{language}\n{text}\n```"
    if wrap == "fence_plain":
        return f"```\n{text}\n```"
    if wrap == "lead_in":
        lead = d.dim(
            "lead_in_text",
            ("Here is the result:", "Result:", "Output:", "Here are the results in the requested format:"),
        )
        return f"{lead}\n{text}"
    return text


# ----------------------------------------------------------------- 1. hallucination_question_blocks

_HALLUCINATION_QUESTIONS = (
    "**Is statement {k} hallucinated?**",
    'Q{k}. Is this claim hallucinated? "{b}"',
    "Statement {k}: {s}\nIs it hallucinated (not supported by the context)?",
    '{k}. "{b}" — is this a hallucination?',
    "Claim {k}: {s}\nHallucinated?",
    "### Statement {k}\n{s}\n**Hallucination?**",
)
_HALLUCINATION_ANSWERS = ("{w}. {e}", "Answer: {w}. {e}", "→ {w} ({e_l})", "{w} — {e_l}", "{w}")


@HELDOUT34
def hallucination_question_blocks(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude under a hallucination-detector prompt ("For each claim, is it hallucinated?"): the
    question restated above each answer, Yes meaning the claim is not supported."""
    d = Draw(ch, "hallucination_question_blocks", max_n=MAX_N)
    question = d.dim("hq_question", _HALLUCINATION_QUESTIONS)
    answer = d.dim("hq_answer", _HALLUCINATION_ANSWERS)
    intro = d.flag("hq_intro", weight_off=2)
    ink, decoration = _yes_no(d)
    kinds = _kinds(d)
    blocks = []
    for i, statement, truth in d.items():
        e = _why(ch, kinds[i])
        head = question.format(k=i + 1, s=statement, b=_bare(statement))
        line = answer.format(w=_answer(ink, decoration, i, _flip(truth)), e=e, e_l=_clause(e))
        blocks.append(f"{head}\n{line}")
    body = "\n\n".join(blocks)
    if intro:
        body = "A claim is hallucinated when the context does not support it.\n\n" + body
    return _finish(d, body, "hallucinated")


# ----------------------------------------------------------------- 2. contradiction_check_lines

_CONTRADICTION_HEADS = (
    '{k}. Does the context contradict "{b}"?',
    "Statement {k}: {s}\nContradicted by the context?",
    "**Statement {k}** ({s}) — does the context contradict it?",
    "{k}) {s}\nContradiction:",
)
# The clause after the answer, by kind: "No" for supported and absent, "Yes" for contradicted.
_CONTRADICTION_CLAUSES: dict[str, tuple[str, ...]] = {
    "supported": (
        "the context states this directly.",
        "the context says exactly this, so the statement is supported.",
        "it agrees with the context, which states it outright.",
    ),
    "contradicted": (
        "the context says something different.",
        "the context states otherwise, so the statement is not supported.",
        "the context gives different details.",
    ),
    "absent": (
        "but the context does not mention it either, so it is not supported.",
        "though nothing in the context backs it up: not supported.",
        "but the context does not mention it at all.",
        "but the context is silent on this, so it cannot count as supported.",
    ),
    "undecided": (
        "the context is ambiguous here, so I cannot say either way.",
        "the context only partly covers this; I cannot decide.",
    ),
}


@HELDOUT34
def contradiction_check_lines(ch: Chooser) -> BlindOutput:
    """Llama 3.1 and GPT-4o mini under a "contradiction check" prompt: "Does the context contradict it?" per
    statement, answered Yes / No with a clause that says whether the context states it (a statement the
    context leaves out is not contradicted and not supported)."""
    d = Draw(ch, "contradiction_check_lines", max_n=MAX_N)
    head = d.dim("contradiction_head", _CONTRADICTION_HEADS)
    joint = d.dim("contradiction_joint", (" — ", ", ", ". "))
    title = d.dim(
        "contradiction_title",
        ("none", "Contradiction check (does the context contradict each statement?):", "## Contradiction check"),
    )
    note = d.flag("contradiction_note", weight_off=2)
    ink, decoration = _yes_no(d)
    kinds = _kinds(d)
    blocks = []
    for i, statement, _truth in d.items():
        kind = kinds[i]
        said: Truth = None if kind == "undecided" else kind == "contradicted"
        clause = ch.pick("contradiction_clause", _CONTRADICTION_CLAUSES[kind])
        if joint == ". ":
            clause = clause[:1].upper() + clause[1:]
        line = f"{_answer(ink, decoration, i, said)}{joint}{clause}"
        blocks.append(f"{head.format(k=i + 1, s=statement, b=_bare(statement))}\n{line}")
    body = "\n\n".join(blocks)
    if title != "none":
        body = f"{title}\n\n{body}"
    if note:
        body += (
            "\n\nNote: a statement the context does not mention is not contradicted, but it is not supported either."
        )
    return _finish(d, body, "contradicted or not supported")


# ----------------------------------------------------------------- 3. guardrail_flag_lines

# (supported, not supported, undecided) tokens, the legend that names them, and what a count calls the caught ones.
_RAIL_TOKENS: dict[str, tuple[tuple[str, str, str], str, str]] = {
    "ok_flag": (
        ("OK", "FLAG", "REVIEW"),
        "Legend: OK = grounded in the context; FLAG = ungrounded claim (not supported by the context); "
        "REVIEW = could not decide.",
        "flagged",
    ),
    "lower_flagged": (
        ("ok", "flagged", "needs review"),
        "flagged = the claim is not supported by the context; ok = supported; needs review = undecided.",
        "flagged",
    ),
    "allow_block": (
        ("ALLOW", "BLOCK", "ESCALATE"),
        "Actions: ALLOW (claim grounded in the context), BLOCK (ungrounded / hallucinated claim), "
        "ESCALATE (the rail could not decide).",
        "blocked",
    ),
    "grounded_flag": (
        ("PASS", "FLAG: ungrounded", "UNSURE"),
        "Each claim is checked against the retrieved context. FLAG: ungrounded marks a claim the context does not "
        "support; UNSURE means the check was inconclusive.",
        "flagged",
    ),
}
_RAIL_NAMES = (
    "Groundedness rail — output check",
    "hallucination_guard: output rail",
    "[output rail] check_hallucination",
    "Guardrail report: ungrounded claims",
)
_RAIL_LINES = ("[{t}] {k}. {s}", "{k}. {t}: {s}", "Claim {k}: {t}", "{t:<8} #{k} {s}")


@HELDOUT34
def guardrail_flag_lines(ch: Chooser) -> BlindOutput:
    """A groundedness guardrail (NeMo-Guardrails-style output rail, or a team's moderation-style judge on GPT-4o
    mini) printing OK / FLAG or ALLOW / BLOCK per claim under a legend that says FLAG means ungrounded."""
    d = Draw(ch, "guardrail_flag_lines", max_n=MAX_N, plain_openers=True)
    tokens, legend, caught = _RAIL_TOKENS[d.dim("rail_tokens", tuple(_RAIL_TOKENS))]
    name = d.dim("rail_name", _RAIL_NAMES)
    line_form = d.dim("rail_line", _RAIL_LINES)
    legend_at = d.dim("rail_legend_at", ("top", "bottom"))
    reasons = d.dim("rail_reasons", ("none", "flagged", "all"))
    kinds = _kinds(d)
    lines = []
    for i, statement, truth in d.items():
        line = line_form.format(t=_of(truth, tokens), k=i + 1, s=statement)
        if reasons == "all" or (reasons == "flagged" and truth is not True):
            line += f" — {_why_inline(ch, kinds[i])}"
        lines.append(line)
    listing = "\n".join(lines)
    body = f"{name}\n{legend}\n\n{listing}" if legend_at == "top" else f"{name}\n\n{listing}\n\n{legend}"
    return d.done(d.frame(_with_count(d, body, caught), preface=False, tally=False))


# ----------------------------------------------------------------- 4. policy_violation_json

_POLICIES: tuple[tuple[str, str], ...] = (
    ("no_unsupported_claims", "Every claim must be supported by the provided context."),
    ("grounded_in_context", "Claims must be grounded in the retrieved context; anything the context does not back "
                            "up is a violation."),
    ("no_hallucination", "The answer must not contain claims that the context does not support."),
)  # fmt: skip
_VIOLATION_KEYS = ("violation", "violated", "policy_violation")


@HELDOUT34
def policy_violation_json(ch: Chooser) -> BlindOutput:
    """A safety-style policy judge (ShieldGemma-like prompts, or a moderation schema reused for grounding) run
    on GPT-4o or Claude: per statement the policy and ``"violation": true`` when the context does not support
    it, ``null`` with a rationale where it cannot decide; as JSON, a wrapped report, or logfmt lines."""
    d = Draw(ch, "policy_violation_json", max_n=MAX_N)
    name, description = d.dim("policy", _POLICIES)
    key = d.dim("violation_key", _VIOLATION_KEYS)
    form = d.dim("violation_form", ("list", "report", "logfmt"))
    with_text = d.flag("violation_statement_text", weight_off=1)
    indent = d.dim("violation_indent", ("none", "2"))
    kinds = _kinds(d)
    records: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        record: dict[str, Any] = {"statement_id": i + 1}
        if with_text:
            record["statement"] = statement
        if form != "report":
            record["policy"] = name
        record[key] = _flip(truth)
        record["rationale"] = _why(ch, kinds[i])
        records.append(record)
    if form == "logfmt":
        lines = []
        for record in records:
            parts = []
            for field, value in record.items():
                if value is None:
                    parts.append(f"{field}=unknown")
                elif isinstance(value, bool):
                    parts.append(f"{field}={str(value).lower()}")
                elif isinstance(value, int):
                    parts.append(f"{field}={value}")
                else:
                    parts.append(f"{field}={json.dumps(value, ensure_ascii=False)}")
            lines.append(" ".join(parts))
        body = f"policy {name}: {description}\n" + "\n".join(lines)
        return _finish(d, body, "violations", preface=False)
    if form == "report":
        text = _dumps({"policy": name, "description": description, "results": records}, indent)
        return d.done(d.frame(_fenced(d, text), preface=False, tally=False))
    text = _dumps(records, indent)
    return d.done(d.frame(f"Policy {name}: {description}\n\n{_fenced(d, text)}", preface=False, tally=False))


# ----------------------------------------------------------------- 5. false_claim_fact_check

_FALSE_DEFINITIONS = (
    "False claim = the context contradicts the claim or does not contain it.",
    '*"False claim: Yes" means the context contradicts the claim or does not back it up.*',
    "(A claim counts as false here if the context does not support it.)",
)
_FALSE_LABELS = ("False claim?", "False claim", "Is it false?")


@HELDOUT34
def false_claim_fact_check(ch: Chooser) -> BlindOutput:
    """A fact-check prompt ("mark each false claim") answered by GPT-4o or Gemini: a table or cards with a
    "False claim?" field, its meaning stated (contradicted by or absent from the context)."""
    d = Draw(ch, "false_claim_fact_check", max_n=MAX_N)
    definition = d.dim("false_definition", _FALSE_DEFINITIONS)
    label = d.dim("false_label", _FALSE_LABELS)
    form = d.dim("false_form", ("table", "cards"))
    where = d.dim("false_definition_at", ("top", "bottom"))
    ink, decoration = _yes_no(d)
    kinds = _kinds(d)
    if form == "table":
        rows = [f"| # | Claim | {label} | Note |", "|---|---|---|---|"]
        for i, statement, truth in d.items():
            word = _answer(ink, decoration, i, _flip(truth))
            rows.append(f"| {i + 1} | {statement} | {word} | {_why(ch, kinds[i])} |")
        body = "\n".join(rows)
    else:
        sep = ":" if not label.endswith("?") else ""
        cards = []
        for i, statement, truth in d.items():
            word = _answer(ink, decoration, i, _flip(truth))
            cards.append(f'Claim {i + 1}: "{statement}"\n{label}{sep} {word}\nNote: {_why(ch, kinds[i])}')
        body = "\n\n".join(cards)
    body = f"{definition}\n\n{body}" if where == "top" else f"{body}\n\n{definition}"
    return _finish(d, body, "false")


# ----------------------------------------------------------------- 6. citation_needed_checks

_CITATION_WHY: dict[str, tuple[str, ...]] = {
    "supported": ("supported by passage [{p}]", "passage [{p}] states this", "covered by [{p}]"),
    "contradicted": ("passage [{p}] says something different", "the context says otherwise (see [{p}])"),
    "absent": ("no passage in the context supports this", "the context does not say this anywhere"),
    "undecided": ("passage [{p}] may cover this, but it is not clear", "the passages are ambiguous on this"),
}
_CITATION_FORMS = (
    "Needs a citation: {w} — {why}.",
    "Citation needed? {w}. {Why}.",
    "Does this sentence need a citation? {w} ({why})",
)
_CITATION_HEADERS = (
    "none",
    "Citation check: a sentence needs a citation when no passage of the context supports it.",
    "For each sentence: does it need a citation that the context cannot provide?",
)


@HELDOUT34
def citation_needed_checks(ch: Chooser) -> BlindOutput:
    """An attribution check (a team's "does this sentence need a citation?" prompt on GPT-4o or Claude, in the
    style of Wikipedia's [citation needed]): Yes where no passage of the context supports the sentence, No with
    the passage that does."""
    d = Draw(ch, "citation_needed_checks", max_n=MAX_N)
    form = d.dim("citation_form", _CITATION_FORMS)
    header = d.dim("citation_header", _CITATION_HEADERS)
    echo = d.dim("citation_echo", ("quoted", "plain", "label_only"))
    ink, decoration = _yes_no(d)
    kinds = _kinds(d)
    blocks = []
    for i, statement, truth in d.items():
        why = ch.pick("citation_why", _CITATION_WHY[kinds[i]]).format(p=ch.integer("passage", 1, 6))
        line = form.format(w=_answer(ink, decoration, i, _flip(truth)), why=why, Why=why[:1].upper() + why[1:])
        if echo == "quoted":
            head = f'{i + 1}. "{statement}"'
        elif echo == "plain":
            head = f"{i + 1}. {statement}"
        else:
            head = f"Sentence {i + 1}:"
        blocks.append(f"{head}\n   {line}" if echo != "label_only" else f"{head} {line}")
    body = ("\n\n" if echo != "label_only" else "\n").join(blocks)
    if header != "none":
        body = f"{header}\n\n{body}"
    return _finish(d, body, "needing a citation")


# ----------------------------------------------------------------- 7. negative_field_json

# field name -> values for (not supported, supported, undecided) as JSON values
_NEGATIVE_FIELDS: dict[str, tuple[Any, Any, Any]] = {
    "is_hallucinated": (True, False, None),
    "hallucination": (1, 0, None),
    "unsupported": (True, False, None),
    "not_grounded": (True, False, None),
    "contains_hallucination": ("yes", "no", "unsure"),
    "is_fabricated": (True, False, None),
}


def _negative_value(field: str, truth: Truth) -> Any:
    caught, clean, undecided = _NEGATIVE_FIELDS[field]
    return clean if truth is True else caught if truth is False else undecided


@HELDOUT34
def negative_field_json(ch: Chooser) -> BlindOutput:
    """Structured output with a schema named by the negative (a team's Pydantic model or JSON schema on GPT-4o
    or Gemini): ``{"statement": ..., "reason": ..., "is_hallucinated": true}``, ``"hallucination": 0``, with a
    ``contradicted`` field beside it at times; JSON in several wrappers, or the Pydantic objects' reprs."""
    d = Draw(ch, "negative_field_json", max_n=MAX_N)
    field = d.dim("negative_field", tuple(_NEGATIVE_FIELDS))
    contradicted = d.flag("contradicted_field", weight_off=2)
    order = d.dim("negative_key_order", ("statement_reason_field", "statement_field_reason", "field_reason"))
    wrapper = d.dim("negative_wrapper", ("list", "statements", "claims", "results", "repr"))
    indent = d.dim("negative_indent", ("none", "2", "4"))
    kinds = _kinds(d)
    items: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        values: dict[str, Any] = {
            "statement": statement,
            "reason": _why(ch, kinds[i]),
            field: _negative_value(field, truth),
        }
        if contradicted:
            values["contradicted"] = kinds[i] == "contradicted"
        keys = {
            "statement_reason_field": ["statement", "reason", field],
            "statement_field_reason": ["statement", field, "reason"],
            "field_reason": ["id", field, "reason"],
        }[order]
        if contradicted:
            keys.insert(keys.index(field) + 1, "contradicted")
        values["id"] = i + 1
        items.append({k: values[k] for k in keys})
    if wrapper == "repr":
        lines = ["ClaimCheck(" + ", ".join(f"{k}={v!r}" for k, v in item.items()) + ")" for item in items]
        text = "[" + (",\n ".join(lines)) + "]" if ch.pick("repr_list", (True, False)) else "\n".join(lines)
        return d.done(d.frame(text, preface=False, tally=False))
    body: Any = items if wrapper == "list" else {wrapper: items}
    text = _dumps(body, indent)
    return d.done(d.frame(_fenced(d, text), preface=False, tally=False))


# ----------------------------------------------------------------- 8. error_annotation_labels

# (no error, contradicted, absent, undecided) labels and the legend that defines them
_ERROR_TYPOLOGIES: dict[str, tuple[tuple[str, str, str, str], str]] = {
    "plain": (
        ("none", "contradiction", "unsupported", "uncertain"),
        "Error labels: none = the context supports the statement; contradiction = the context says otherwise; "
        "unsupported = the context does not contain it; uncertain = I could not decide.",
    ),
    "snake": (
        ("no_error", "contradicted", "not_in_context", "unclear"),
        "error: no_error (supported by the context) | contradicted | not_in_context | unclear (undecided)",
    ),
    "intrinsic": (
        ("none", "intrinsic hallucination", "extrinsic hallucination", "undetermined"),
        "Error types: intrinsic hallucination (contradicts the context), extrinsic hallucination (information "
        "not in the context), none (faithful to the context), undetermined.",
    ),
    "ragtruth": (
        ("none", "Evident Conflict", "Evident Baseless Info", "unsure"),
        "Hallucination types: Evident Conflict (the context says otherwise), Evident Baseless Info (not in the "
        "context); none = no hallucination, the statement is supported; unsure = could not decide.",
    ),
}


@HELDOUT34
def error_annotation_labels(ch: Chooser) -> BlindOutput:
    """An error-annotation judge (RAGTruth- and FRANK-style typologies in a team's prompt, on GPT-4o or
    Llama 3.1 70B): per statement an ``error`` label, ``none`` where the statement is faithful, the typology
    stated in a legend; as lines, JSON or a table."""
    d = Draw(ch, "error_annotation_labels", max_n=MAX_N)
    labels, legend = _ERROR_TYPOLOGIES[d.dim("error_typology", tuple(_ERROR_TYPOLOGIES))]
    form = d.dim("error_form", ("lines", "json", "table"))
    explain = d.flag("error_explain", weight_off=1)
    kinds = _kinds(d)
    index = {"supported": 0, "contradicted": 1, "absent": 2, "undecided": 3}
    chosen = [labels[index[kind]] for kind in kinds]
    whys = [_why(ch, kind) for kind in kinds]
    if form == "json":
        records = []
        for i, statement, _t in d.items():
            record: dict[str, Any] = {"id": i + 1, "statement": statement, "error": chosen[i]}
            if explain:
                record["explanation"] = whys[i]
            records.append(record)
        body = f"{legend}\n\n{_fenced(d, _dumps(records, d.dim('error_indent', ('none', '2'))))}"
    elif form == "table":
        rows = [
            "| # | Statement | Error |" + (" Explanation |" if explain else ""),
            "|---|---|---|" + ("---|" if explain else ""),
        ]
        for i, statement, _t in d.items():
            rows.append(f"| {i + 1} | {statement} | {chosen[i]} |" + (f" {whys[i]} |" if explain else ""))
        body = f"{legend}\n\n" + "\n".join(rows)
    else:
        line = d.dim("error_line", ("Statement {k} — error: {e}", "{k}. error: {e}", "S{k} | error = {e}"))
        lines = [line.format(k=i + 1, e=chosen[i]) + (f" ({_clause(whys[i])})" if explain else "")
                 for i, _s, _t in d.items()]  # fmt: skip
        body = f"{legend}\n\n" + "\n".join(lines)
    return _finish(d, body, "with an error")


# ----------------------------------------------------------------- 9. hallucination_score_legend

# direction -> (label, value for supported, value for not supported, legend)
_SCORE_DIRECTIONS: dict[str, tuple[str, str, str, str]] = {
    "hallucination": ("hallucination score", "0", "1",
                      "Scores: 1 = hallucinated (not supported by the context), 0 = grounded, {u} = not scored."),
    "hallucination_short": ("hallucination", "0", "1",
                            "hallucination: 0 means faithful to the context, 1 means hallucinated; {u} means I "
                            "could not score it."),
    "hallucination_prob": ("P(hallucination)", "0.0", "1.0",
                           "P(hallucination) is 1.0 for a claim the context does not support and 0.0 for one it "
                           "supports; {u} = undecided."),
    "consistency": ("consistency score", "1", "0",
                    "Scores: 1 = consistent with the context, 0 = hallucinated, {u} = not scored."),
}  # fmt: skip


@HELDOUT34
def hallucination_score_legend(ch: Chooser) -> BlindOutput:
    """A hallucination score of 0 or 1 per statement (a Lynx- or HHEM-style detector prompt on a local model,
    or a team script over GPT-4o mini), the direction stated in a legend: 1 means hallucinated (or, for a
    consistency score, 1 means consistent)."""
    d = Draw(ch, "hallucination_score_legend", max_n=MAX_N)
    direction = d.dim("score_direction", ("hallucination", "hallucination", "hallucination_short",
                                          "hallucination_prob", "consistency"))  # fmt: skip
    label, good, bad, legend = _SCORE_DIRECTIONS[direction]
    form = d.dim("score_form", ("lines", "table", "dict"))
    legend_at = d.dim("score_legend_at", ("top", "bottom"))
    undecided = "None" if form == "dict" else d.dim("score_undecided", ("n/a", "-", "null"))
    legend = legend.format(u=undecided)
    values = [good if t is True else bad if t is False else undecided for t in d.truth]
    if form == "dict":
        key = d.dim("score_dict_key", ("statement_{k}", "s{k}", "claim_{k}"))
        body = "{" + ", ".join(f"'{key.format(k=i + 1)}': {v}" for i, v in enumerate(values)) + "}"
    elif form == "table":
        rows = [f"| # | Statement | {label} |", "|---|---|---|"]
        rows += [f"| {i + 1} | {s} | {values[i]} |" for i, s, _t in d.items()]
        body = "\n".join(rows)
    else:
        line = d.dim("score_line", ("Statement {k}: {label} = {v}", "Statement {k} — {label}: {v}",
                                    '"{b}" → {label} {v}'))  # fmt: skip
        body = "\n".join(line.format(k=i + 1, label=label, v=values[i], b=_bare(s)) for i, s, _t in d.items())
    body = f"{legend}\n\n{body}" if legend_at == "top" else f"{body}\n\n{legend}"
    return _finish(d, body, "hallucinated")


# ----------------------------------------------------------------- 10. supported_and_hallucinated_pairs

_PAIR_SECOND = ("Hallucinated", "Made up")


@HELDOUT34
def supported_and_hallucinated_pairs(ch: Chooser) -> BlindOutput:
    """A prompt that asks both ways ("Is it supported? Is it hallucinated?"), answered by GPT-4o or Qwen 2.5 with
    both answers per statement ("Supported? No. Hallucinated? Yes."), consistent with each other, at times the
    legacy final line (which asks the supported question) after them."""
    d = Draw(ch, "supported_and_hallucinated_pairs", max_n=MAX_N)
    second = d.dim("pair_second", _PAIR_SECOND)
    order = d.dim("pair_order", ("supported_first", "negative_first"))
    form = d.dim("pair_form", ("one_line", "lines", "pipes", "table"))
    ink, decoration = _yes_no(d)
    questions = [("Supported", True), (second, False)]
    if order == "negative_first":
        questions.reverse()

    def answers(i: int, truth: Truth) -> list[tuple[str, str]]:
        return [(q, _answer(ink, decoration, i, truth if straight else _flip(truth))) for q, straight in questions]

    if form == "table":
        rows = ["| # | Statement | " + " | ".join(f"{q}?" for q, _s in questions) + " |", "|---|---|---|---|"]
        rows += [f"| {i + 1} | {s} | " + " | ".join(a for _q, a in answers(i, t)) + " |" for i, s, t in d.items()]
        body = "\n".join(rows)
    elif form == "lines":
        body = "\n\n".join(
            f"Statement {i + 1}: {s}\n" + "\n".join(f"{q}: {a}" for q, a in answers(i, t)) for i, s, t in d.items()
        )
    elif form == "pipes":
        body = "\n".join(
            f"{i + 1}) " + " | ".join(f"{q.lower()}: {a}" for q, a in answers(i, t)) for i, _s, t in d.items()
        )
    else:
        body = "\n".join(f"{i + 1}. " + " ".join(f"{q}? {a}." for q, a in answers(i, t)) for i, _s, t in d.items())
    if d.flag("pair_final_line", weight_off=2):
        words = " ".join(f"{_word(ink, i, t)}." for i, _s, t in d.items())
        body += f"\n\nFinal verdict for each statement in order: {words}"
    return _finish(d, body, second.lower())


# ----------------------------------------------------------------- 11. fabricated_yaml_list

_YAML_FIELDS = ("fabricated", "made_up", "invented", "hallucinated")


@HELDOUT34
def fabricated_yaml_list(ch: Chooser) -> BlindOutput:
    """YAML asked of Gemini or Mistral ("for each claim: is it fabricated?"): ``fabricated: false`` under each
    claim, yes/no or true/false, an undecided claim ``unsure`` (or ``null`` with a note)."""
    d = Draw(ch, "fabricated_yaml_list", max_n=MAX_N)
    field = d.dim("yaml_field", _YAML_FIELDS)
    words = d.dim("yaml_values", ("bool", "yes_no"))
    notes = d.flag("yaml_notes", weight_off=1)
    top = d.dim("yaml_top", ("list", "claims", "statements"))
    comment = d.flag("yaml_comment", weight_off=2)
    text_key = d.dim("yaml_text_key", ("claim", "text", "statement"))
    kinds = _kinds(d)
    caught, clean = ("true", "false") if words == "bool" else ("yes", "no")
    undecided = "null" if notes and words == "bool" else d.dim("yaml_unsure", ("unsure", "unknown"))
    indent = "" if top == "list" else "  "
    lines = [f"{top}:"] if top != "list" else []
    for i, statement, truth in d.items():
        value = clean if truth is True else caught if truth is False else undecided
        quoted = json.dumps(statement, ensure_ascii=False)
        lines.append(f"{indent}- {text_key}: {quoted}")
        lines.append(f"{indent}  {field}: {value}")
        if notes:
            lines.append(f"{indent}  note: {json.dumps(_why(ch, kinds[i]), ensure_ascii=False)}")
    if comment:
        lines.insert(0, f"# {field}: {caught} = not backed by the context")
    body = "\n".join(lines)
    if d.flag("yaml_fence", weight_off=1):
        body = f"```yaml\n{body}\n```"
    return _finish(d, body, field.replace("_", " "))


# ----------------------------------------------------------------- 12. hallucinated_span_annotations

_SPAN_LEGENDS = (
    "Text inside <hallucination> tags is not supported by the context; (unclear) marks a statement I could not "
    "check; statements with no tag are fully supported.",
    "Legend: <hallucination>…</hallucination> = span not supported by the context. Untagged statements are "
    "supported. (unclear) = could not decide.",
)


@HELDOUT34
def hallucinated_span_annotations(ch: Chooser) -> BlindOutput:
    """A span-level hallucination detector (RAGTruth- or LettuceDetect-style, or GPT-4o prompted to mark the
    hallucinated spans): per statement its hallucinated spans (``none`` when the statement is supported), as
    lines, JSON, or the statements with the spans tagged inline under a legend."""
    d = Draw(ch, "hallucinated_span_annotations", max_n=MAX_N)
    form = d.dim("span_form", ("lines", "json", "inline"))
    header = d.flag("span_header", weight_off=1)
    kinds = _kinds(d)
    spans: list[str] = []
    for _i, statement, _t in d.items():
        words = _bare(statement).split()
        size = ch.integer("span_len", 1, min(3, len(words)))
        spans.append(" ".join(words[-size:]))
    whys = [_why(ch, kind) for kind in kinds]
    if form == "inline":
        lines = []
        for i, statement, truth in d.items():
            if truth is False:
                bare = _bare(statement)
                text = (
                    bare[: len(bare) - len(spans[i])]
                    + f"<hallucination>{spans[i]}</hallucination>"
                    + statement[len(bare) :]
                )
            elif truth is None:
                text = f"{statement} (unclear)"
            else:
                text = statement
            lines.append(f"{i + 1}. {text}")
        body = f"{d.dim('span_legend', _SPAN_LEGENDS)}\n\n" + "\n".join(lines)
    elif form == "json":
        records = []
        for i, statement, truth in d.items():
            record: dict[str, Any] = {"statement": statement}
            if truth is None:
                record["hallucinated_spans"] = None
                record["note"] = f"could not decide: {_clause(whys[i])}"
            else:
                record["hallucinated_spans"] = [] if truth else [spans[i]]
            records.append(record)
        body = _fenced(d, _dumps(records, d.dim("span_indent", ("none", "2"))))
    else:
        none_word = d.dim("span_none", ("none", "None", "[]", "— (none)"))
        blocks = []
        for i, statement, truth in d.items():
            if truth is True:
                found = none_word
            elif truth is False:
                found = f'"{spans[i]}" — {_clause(whys[i])}'
            else:
                found = f"unclear — {_clause(whys[i])}"
            blocks.append(f"{i + 1}. {statement}\n   Hallucinated spans: {found}")
        body = "\n".join(blocks)
    if header and form != "inline":
        body = "Hallucinated spans = parts of a statement that the context does not support.\n\n" + body
    return _finish(d, body, "with a hallucinated span", preface=form != "json")


# ----------------------------------------------------------------- 13. hallucinated_contradicts_table


@HELDOUT34
def hallucinated_contradicts_table(ch: Chooser) -> BlindOutput:
    """A table with two negative columns, "Hallucinated?" and "Contradicts the context?" (a team's checklist
    prompt on Claude 3.5 Sonnet or GPT-4o): a statement the context leaves out is hallucinated but not
    contradicted."""
    d = Draw(ch, "hallucinated_contradicts_table", max_n=MAX_N)
    order = d.dim("two_col_order", ("hallucinated_first", "contradicts_first"))
    reason = d.flag("two_col_reason", weight_off=1)
    footnote = d.flag("two_col_footnote", weight_off=2)
    numbered = d.flag("two_col_numbered", weight_off=1)
    undecided_contra = d.dim("two_col_undecided_contra", ("no", "unknown"))
    ink, decoration = _yes_no(d)
    kinds = _kinds(d)
    names = ["Hallucinated?", "Contradicts the context?"]
    if order == "contradicts_first":
        names.reverse()
    columns = (["#"] if numbered else []) + ["Statement", *names] + (["Reason"] if reason else [])
    rows = ["| " + " | ".join(columns) + " |", "|" + "|".join("---" for _ in columns) + "|"]
    for i, statement, truth in d.items():
        kind = kinds[i]
        contra: Truth = kind == "contradicted"
        if kind == "undecided" and undecided_contra == "unknown":
            contra = None
        cells = {
            "#": str(i + 1),
            "Statement": statement,
            "Hallucinated?": _answer(ink, decoration, i, _flip(truth)),
            "Contradicts the context?": _answer(ink, decoration, i, contra),
            "Reason": _why(ch, kind),
        }
        rows.append("| " + " | ".join(cells[c] for c in columns) + " |")
    body = "\n".join(rows)
    if footnote:
        body += "\n\nA statement the context does not mention is marked hallucinated but not contradicted."
    return _finish(d, body, "hallucinated")


# ----------------------------------------------------------------- 14. unsupported_question_blocks

# (question, label, final line)
_INVERTED_QUESTIONS: tuple[tuple[str, str, str], ...] = (
    ("Is the statement unsupported by the context?", "Unsupported?", "Unsupported? For each statement in order:"),
    ("Is this statement made up (not found in the context)?", "Made up?", "Made up? Answers in order:"),
    ("Is this statement an error, i.e. not backed by the context?", "Error?",
     "Final answer to \"is it an error?\" for each statement in order:"),
    ("Is the statement unsupported by the context?", "Verdict (unsupported?):",
     "Final answer (unsupported?) for each statement in order:"),
)  # fmt: skip


@HELDOUT34
def unsupported_question_blocks(ch: Chooser) -> BlindOutput:
    """promptfoo's legacy prompt rewritten by a team to ask the negative ("Is the statement unsupported?"),
    answered by GPT-4o in the legacy shape: a block per statement with the question's label before each answer,
    and a closing line that names the question."""
    d = Draw(ch, "unsupported_question_blocks", max_n=MAX_N, plain_openers=True)
    question, label, final = d.dim("inverted_question", _INVERTED_QUESTIONS)
    restate = d.flag("inverted_restate", weight_off=1)
    closing = d.flag("inverted_final_line", weight_off=1)
    ink, decoration = _yes_no(d)
    kinds = _kinds(d)
    blocks = []
    for i, statement, truth in d.items():
        lines = [f"Statement {i + 1}: {statement}"]
        if restate:
            lines.append(f"Question: {question}")
        lines.append(f"Explanation: {_why(ch, kinds[i])}")
        lines.append(f"{label} {_answer(ink, decoration, i, _flip(truth))}")
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if not restate:
        body = f"Question for each statement: {question}\n\n{body}"
    if closing:
        body += "\n\n" + final + " " + " ".join(f"{_word(ink, i, _flip(t))}." for i, _s, t in d.items())
    return _finish(d, body, "unsupported")


# ----------------------------------------------------------------- 15. flagged_index_report


@HELDOUT34
def flagged_index_report(ch: Chooser) -> BlindOutput:
    """A hallucination detector's report that lists statement numbers only (a team's "list the hallucinated
    statements" prompt on GPT-4o mini, or a detection service's summary): the flagged numbers, the supported
    ones (named or as "all others"), the undecided ones."""
    d = Draw(ch, "flagged_index_report", max_n=MAX_N)
    form = d.dim("report_form", ("fields", "sentences", "bullets"))
    others = d.flag("report_all_others", weight_off=1)
    title = d.dim("report_title", ("Hallucination check", "## Hallucination report", "Detector summary", "none"))
    rate = d.flag("report_rate", weight_off=2)
    flagged = [i + 1 for i, _s, t in d.items() if t is False]
    grounded = [i + 1 for i, _s, t in d.items() if t is True]
    open_ = [i + 1 for i, _s, t in d.items() if t is None]

    def listed(numbers: list[int]) -> str:
        return number_list(numbers) if numbers else "none"

    if form == "sentences":
        parts = []
        if flagged:
            verb = "is" if len(flagged) == 1 else "are"
            parts.append(f"Statement{_pl(len(flagged))} {number_list(flagged)} {verb} hallucinated.")
        else:
            parts.append("No statement is hallucinated.")
        if open_:
            parts.append(f"I could not decide on statement{_pl(len(open_))} {number_list(open_)}.")
        if grounded:
            if others and (flagged or open_):
                parts.append("All the other statements are supported by the context.")
            else:
                verb = "is" if len(grounded) == 1 else "are"
                parts.append(f"Statement{_pl(len(grounded))} {number_list(grounded)} {verb} supported by the context.")
        body = " ".join(parts)
    else:
        entries = [("Hallucinated (flagged)", listed(flagged))]
        if others and grounded and (flagged or open_):
            entries.append(("Not flagged", "all other statements (supported by the context)"))
        else:
            entries.append(("Not flagged (supported by the context)", listed(grounded)))
        if open_ or not others:
            entries.append(("Could not decide", listed(open_)))
        if others and grounded and open_:
            # "all others" is said last, after every list it excludes
            entries = [entries[0], entries[2], entries[1]]
        mark = "- " if form == "bullets" else ""
        body = "\n".join(f"{mark}{name}: {value}" for name, value in entries)
    if rate:
        body += f"\n\nHallucination rate: {len(flagged)}/{d.n}"
    if title != "none":
        body = f"{title}\n\n{body}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 16. inverted_check_refusals

_INVERTED_REFUSALS = (
    "I can't determine whether any of these claims {are} hallucinated: no context document was provided.",
    "Without the source passages I cannot say whether the {n} statement{pl} {are} fabricated or not, so I won't "
    "flag any of them.",
    "Hallucination check not run: the context field is empty, so there is nothing to compare the claims with.",
    "I'm unable to check these statements for contradictions or unsupported content because the context is "
    "missing. Please provide it and I'll go through each one.",
    "I can't tell you which of these sentences need a citation: no sources were included with the request.",
    '{{"status": "error", "message": "No context provided; hallucination detection skipped for all {n} claim{pl}."}}',
    "ESCALATE — the groundedness rail could not run: the retrieved context is empty. No claim was checked.",
    "I won't label these claims as hallucinated or not. The context you pasted is a template placeholder, not "
    "actual text.",
    "Sorry, I can't help with this request.",
    "Unable to complete the fact-check: the context does not load, so I cannot say whether any claim is false.",
)


@HELDOUT34
def inverted_check_refusals(ch: Chooser) -> BlindOutput:
    """Refusals of the whole inverted task, as hallucination detectors, guardrails and chat models decline it
    (no context, a placeholder context, a bare policy decline): no statement is judged either way."""
    d = Draw(ch, "inverted_check_refusals", max_n=MAX_N, unknowns=False)
    text = d.dim("inverted_refusal", _INVERTED_REFUSALS).format(n=d.n, pl=_pl(d.n), are=_pl(d.n, "is", "are"))
    if d.flag("inverted_refusal_apology", weight_off=2) and not text.startswith(("{", "Sorry")):
        text = "I'm sorry. " + text
    if d.flag("inverted_refusal_think", weight_off=3):
        text = "<think>\nThe context section is empty. I cannot check anything for hallucinations.\n</think>\n\n" + text
    return d.refused(text)
