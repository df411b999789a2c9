"""A FORTY-SECOND HELD-OUT set of blind layouts: verdicts given as error categories, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout42``); do not read it while
developing the reader. Written from how graders answer when the team wants to know not only
whether a statement is supported but what KIND of error it is, and prompts the grader with a
hallucination taxonomy: RAGTruth's "Evident Conflict" / "Subtle Conflict" / "Evident Baseless
Info" / "Subtle Baseless Info" (or the long "Introduction of Baseless Information"), intrinsic
vs extrinsic hallucination, FRANK's PredE / EntE / CircE / OutE / NoE codes, "numerical error",
"temporal error", "entity error", "contradiction", "unverifiable", severities ("major" /
"minor" / "none") beside a category, a team's own codebook (OK, E1, E2 ...), and "No error" /
"Correct" / "Faithful" for the statements that hold. The graders: GPT-4o and GPT-4o-mini (plain
lines, markdown tables, structured outputs with an enum), Claude 3 / 3.5 (markdown blocks, XML
tags, prose diagnoses), Gemini 1.5 / 2.0 (arrows and emoji), Llama 3 8B / 70B, Mistral and
Qwen2.5 (codebooks, YAML, filled-in checkbox forms), RAGTruth- and HaluEval-style annotation
prompts (span lists with a ``label_type``), and FActScore-like pipelines that print a log line
per atomic fact. Some give the category only, some a category and a supported flag, some a
category and the span of the wrong part; some list several categories for one statement, some
group the statements under their category.

The careful person's reading: a category that names an error (any RAGTruth type, intrinsic or
extrinsic, any FRANK code but NoE, a typed error, "unverifiable", an error code of the
codebook) means not supported; "none", "no error", "NoE", "OK", "Correct", "Faithful" mean
supported; "cannot determine" (or the codebook's "cannot judge" code) leaves the statement
undecided, which counts as not supported. Only outputs read without doubt are drawn: every code
that is not a plain word stands beside its legend in the output; a bare "None" stands only
under a header or key that says it is the hallucination type; a "minor" severity is drawn only
where the output says that minor errors count as not supported as well (elsewhere the errors
are "major" or "critical"); every span, explanation, flag and count agrees with the category.
Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, undecided items) and ``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing
count, a sign-off).

    HELDOUT42.draw(RandomChooser(random.Random(7)))          # one output, layout chosen uniformly
    heldout42_outputs(layout="frank_category_codes")         # one layout's strategy
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, Draw, LayoutSet, cased, lower_first, number_list
from tests.scoring.graders import Chooser

HELDOUT42 = LayoutSet("heldout42")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout42_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the forty-second held-out set (one layout when named)."""
    return HELDOUT42.strategy(layout)


# ----------------------------------------------------------------- what is wrong with each statement

_NUMBER = re.compile(r"\$?\d[\d,.:]*\d(?: ?(?:%|am|pm|km|mg|g|metres|degrees|days|years))?|\$?\d(?: ?(?:am|pm|g))?")
_TIME = re.compile(
    r"\b(?:1[5-9]\d\d|20\d\d|January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Mondays?|weekdays|\d{1,2}:\d\d|\d+ (?:am|pm|days|years)|quarter|month)\b"
)
_VERBS = frozenset((
    "is", "was", "were", "are", "has", "have", "had", "takes", "taken", "releases", "released", "leaves", "opens",
    "calls", "covers", "lasts", "allow", "allows", "rose", "found", "won", "reached", "removed", "added", "emailed",
    "approved", "closed", "filed", "held", "played", "completed", "born", "published", "founded", "should", "does",
    "boils", "cancel",
))  # fmt: skip
_LIGHT = frozenset(["a", "an", "the", "not", "no", "be", "to", "at", "by", "of", "on", "in", "for"])
_PREPOSITIONS = frozenset(["in", "on", "at", "from", "after", "by", "with", "for", "during", "under"])
_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)*")


def _bare(statement: str) -> str:
    return statement[:-1] if statement.endswith(".") else statement


def _clause(sentence: str) -> str:
    """A sentence as a clause after a dash or a colon: lower-case first letter (not "I"), no full stop."""
    text = sentence if sentence.startswith("I ") else lower_first(sentence)
    return text[:-1] if text.endswith(".") else text


def _families(statement: str) -> tuple[str, ...]:
    """The kinds of factual conflict a statement can carry (a number, a date, an entity, a relation...)."""
    families: list[str] = []
    if _TIME.search(statement):
        families.append("temporal")
    if any(c.isdigit() for c in statement):
        families.append("numerical")
    return (*families, "entity", "predicate", "circumstance")


def _span(statement: str, family: str, size: int) -> str:
    """The part of the statement a grader quotes as wrong."""
    bare = _bare(statement)
    words = bare.split()
    if family == "numerical" and (match := _NUMBER.search(bare)):
        return match.group(0)
    if family == "temporal" and (match := _TIME.search(bare)):
        return match.group(0)
    if family == "entity":
        names = []
        for match in _NAME.finditer(bare):
            name = match.group(0)
            if match.start() == 0:
                name = name.partition(" ")[2]
            if name:
                names.append(name)
        if names:
            return names[-1]
    lowered = [w.lower().strip(",") for w in words]
    if family == "predicate":
        verb = max((k for k, w in enumerate(lowered) if k > 0 and w in _VERBS), default=None)
        if verb is not None:
            last = min(verb + 2, len(words) - 1)
            while last < len(words) - 1 and lowered[last] in _LIGHT:
                last += 1
            while last > verb + 1 and lowered[last] in _LIGHT:
                last -= 1
            return " ".join(words[verb : last + 1]).rstrip(",")
    if family == "circumstance":
        start = max((k for k, w in enumerate(lowered) if k > 1 and w in _PREPOSITIONS), default=None)
        if start is not None:
            return " ".join(words[start:])
    return " ".join(words[-min(size, len(words)) :])


_WHY: dict[str, tuple[str, ...]] = {
    "none": (
        "The context states this directly.",
        "This matches the context.",
        "The context confirms this.",
        "The context says exactly this.",
    ),
    "numerical": ("The context gives a different number.", "The figure does not match the one in the context."),
    "temporal": ("The context gives a different date or time.", "The timing does not match the context."),
    "entity": ("The context names a different person, place or thing here.", "The context refers to something else."),
    "predicate": ("The context says otherwise.", "The context describes a different relation."),
    "circumstance": ("The context gives different circumstances.", "The context places this differently."),
    "baseless": (
        "The context does not mention this.",
        "This detail is not in the context.",
        "Nothing in the context covers this.",
    ),
    "undecided": (
        "The context is ambiguous on this point.",
        "The context only partly covers this.",
        "The passage that would settle this is cut off.",
    ),
}


@dataclass(frozen=True)
class Fault:
    """What the grader found in one statement.

    ``kind``: none (supported), conflict (the context says otherwise), baseless (the context
    does not contain it) or undecided; ``family`` the conflict's kind (numerical, temporal,
    entity, predicate, circumstance), "baseless" for baseless info; ``second`` a second conflict
    family the statement also carries ("" when none); ``evident`` RAGTruth's evident / subtle.
    """

    kind: str
    family: str
    second: str
    span: str
    why: str
    evident: bool

    @property
    def error(self) -> bool:
        return self.kind in ("conflict", "baseless")


def _faults(d: Draw) -> list[Fault]:
    """A fault per statement, every choice drawn whatever the statement's truth."""
    faults = []
    for _i, statement, truth in d.items():
        against = d.ch.pick("fault_kind", ("conflict", "baseless"))
        families = _families(statement)
        family = d.ch.pick("conflict_family", families)
        second = d.ch.pick("second_family", ("", *families))
        size = d.ch.integer("span_words", 2, 3)
        evident = d.ch.pick("evident", (True, False))
        kind = "none" if truth is True else "undecided" if truth is None else against
        fam = family if kind == "conflict" else "baseless" if kind == "baseless" else kind
        why = d.ch.pick("why", _WHY[fam])
        second = second if kind == "conflict" and second != family else ""
        faults.append(Fault(kind, fam, second, _span(statement, fam, size), why, evident))
    return faults


def _of(fault: Fault, none: str, error: str, undecided: str) -> str:
    return none if fault.kind == "none" else undecided if fault.kind == "undecided" else error


def _case(label: str, casing: str) -> str:
    return label if casing == "as_is" else cased(label, casing)


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


# ----------------------------------------------------------------- taxonomies

RAGTRUTH = ("Evident Conflict", "Subtle Conflict", "Evident Baseless Info", "Subtle Baseless Info")
RAGTRUTH_LONG = (
    "Evident Conflict",
    "Subtle Conflict",
    "Evident Introduction of Baseless Information",
    "Subtle Introduction of Baseless Information",
)
TYPED = ("Numerical error", "Temporal error", "Entity error", "Contradiction", "Unverifiable")
INTRINSIC = ("Intrinsic hallucination", "Extrinsic hallucination")
TAXONOMIES: dict[str, tuple[str, ...]] = {"ragtruth": RAGTRUTH, "typed": TYPED, "intrinsic": INTRINSIC}

_TYPED_OF = {
    "numerical": "Numerical error",
    "temporal": "Temporal error",
    "entity": "Entity error",
    "predicate": "Contradiction",
    "circumstance": "Contradiction",
    "baseless": "Unverifiable",
}
_FRANK_OF = {
    "numerical": "EntE",
    "temporal": "CircE",
    "entity": "EntE",
    "predicate": "PredE",
    "circumstance": "CircE",
    "baseless": "OutE",
}


def _ragtruth(fault: Fault, long: bool = False) -> str:
    names = RAGTRUTH_LONG if long else RAGTRUTH
    return names[(0 if fault.kind == "conflict" else 2) + (0 if fault.evident else 1)]


def _error_label(fault: Fault, taxonomy: str, long: bool = False) -> str:
    """The category an error statement gets in ``taxonomy`` (as the taxonomy's list spells it)."""
    if taxonomy == "ragtruth":
        return _ragtruth(fault, long)
    if taxonomy == "intrinsic":
        return INTRINSIC[0 if fault.kind == "conflict" else 1]
    return _TYPED_OF.get(fault.family, "")


def _count_line(d: Draw, labels: Sequence[str]) -> str:
    """An agreeing count of the labels given, in the order they first appear."""
    counts = Counter(labels)
    order = list(dict.fromkeys(labels))
    form = d.dim("count_form", ("Counts: {c}.", "Summary by category: {c}.", "Label counts — {c}."))
    parts = d.dim("count_parts", ("colon", "times"))
    pieces = [f"{label}: {counts[label]}" if parts == "colon" else f"{label} ×{counts[label]}" for label in order]
    return form.format(c=", ".join(pieces) if parts == "times" else "; ".join(pieces))


def _wrap(d: Draw, text: str, language: str) -> str:
    wrap = d.dim("wrap", ("bare", "fence", "fence", "fence_plain", "lead_in"))
    if wrap == "fence":
        return f"```{language}\n{text}\n```"
    if wrap == "fence_plain":
        return f"```\n{text}\n```"
    if wrap == "lead_in":
        lead = d.dim(
            "wrap_lead", ("Here is the annotation:", "Output:", "Here are the labels in the requested format:")
        )
        return f"{lead}\n{text}"
    return text


def _dumps(value: Any, indent: str) -> str:
    return json.dumps(value, indent=None if indent == "none" else int(indent), ensure_ascii=False)


# ----------------------------------------------------------------- 1. ragtruth_hallucination_types

_RT_HEADERS = (
    "Hallucination type per statement:",
    "Hallucination labels (RAGTruth taxonomy):",
    "**Hallucination type**",
    "### Hallucination types",
    "Hallucination category for each statement:",
)
_RT_LINES = ("Statement {k}: {L}", "{k}. {L}", "S{k} → {L}", "[{k}] {L}", "- Statement {k} — {L}")
_RT_NONE = ("None", "No hallucination", "none", "No hallucination (faithful)")
_RT_UNDECIDED = ("Cannot determine", "Undetermined (cannot classify)", "Unable to classify")
_RT_LEGENDS = (
    "Conflict = the context says otherwise; Baseless Info = the statement adds something the context does not "
    "contain; {none} = no hallucination.",
    "(Evident/Subtle Conflict: contradicts the context. Evident/Subtle Baseless Info: not found in the context. "
    "{none}: the statement is faithful to the context.)",
)


@HELDOUT42
def ragtruth_hallucination_types(ch: Chooser) -> BlindOutput:
    """GPT-4o and GPT-4o-mini under a RAGTruth-style annotation prompt ("label each statement with its
    hallucination type, or None"): one line per statement under a header naming the hallucination type, the
    short or the long type names, now and then the span and a reason, and the taxonomy restated after."""
    d = Draw(ch, "ragtruth_hallucination_types", max_n=MAX_N)
    faults = _faults(d)
    long = d.flag("rt_long_names", weight_off=2)
    header = d.dim("rt_header", _RT_HEADERS)
    line = d.dim("rt_line", _RT_LINES)
    none_word = d.dim("rt_none", _RT_NONE)
    undecided = d.dim("rt_undecided", _RT_UNDECIDED)
    casing = d.dim("rt_casing", ("as_is", "as_is", "lower", "upper"))
    explain = d.dim("rt_explain", ("off", "dash", "next_line"))
    spans = d.flag("rt_span")
    lines = []
    for i, fault in enumerate(faults):
        label = _case(_of(fault, none_word, _ragtruth(fault, long), undecided), casing)
        text = line.format(k=i + 1, L=label)
        if spans and fault.error:
            text += f' (span: "{fault.span}")'
        if explain == "dash":
            text += f" — {fault.why}"
        elif explain == "next_line":
            text += f"\n   Reason: {fault.why}"
        lines.append(text)
    body = header + "\n" + "\n".join(lines)
    if d.flag("rt_legend", weight_off=2):
        body += "\n\n" + d.dim("rt_legend_text", _RT_LEGENDS).format(none=_case(none_word, casing))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 2. ragtruth_span_label_json

_RTJ_UNDECIDED = ("Cannot determine: {w}.", "cannot classify — {w}", "Undetermined; {w}.")
_RTJ_NOTES = (
    "An empty {key} means no hallucination was found in that statement.",
    "Statements with an empty {key} are faithful to the context.",
)


@HELDOUT42
def ragtruth_span_label_json(ch: Chooser) -> BlindOutput:
    """Llama 3.1 70B and Qwen2.5-72B with the RAGTruth annotation schema: per statement a list of hallucinated
    spans, each with its ``label_type`` (an empty list where there is none, null and a note where the grader
    cannot classify), as a list of records, an object keyed by statement or wrapped in ``annotations``; now and
    then a ``faithful`` flag beside the list."""
    d = Draw(ch, "ragtruth_span_label_json", max_n=MAX_N)
    faults = _faults(d)
    shape = d.dim("rtj_shape", ("records", "keyed", "wrapped"))
    key = d.dim("rtj_list_key", ("hallucination list", "hallucination_list", "hallucinations"))
    echo = d.flag("rtj_echo")
    reason = d.flag("rtj_reason")
    flag_key = d.dim("rtj_flag", ("none", "none", "faithful", "is_faithful"))
    long = d.flag("rtj_long", weight_off=2)
    undecided = d.dim("rtj_undecided", _RTJ_UNDECIDED)
    records: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        fault = faults[i]
        record: dict[str, Any] = {} if shape == "keyed" else {"statement_id": i + 1}
        if echo:
            record["statement"] = statement
        if fault.kind == "undecided":
            record[key] = None
            record["note"] = undecided.format(w=_clause(fault.why))
        elif fault.kind == "none":
            record[key] = []
        else:
            found: dict[str, Any] = {"text": fault.span, "label_type": _ragtruth(fault, long)}
            if reason:
                found["explanation"] = fault.why
            record[key] = [found]
        if flag_key != "none":
            record[flag_key] = truth
        records.append(record)
    value: Any = records
    if shape == "keyed":
        value = {f"statement_{i + 1}": record for i, record in enumerate(records)}
    elif shape == "wrapped":
        value = {"annotations": records}
    body = _wrap(d, _dumps(value, d.dim("rtj_indent", ("none", "2", "2", "4"))), "json")
    if d.flag("rtj_note", weight_off=2):
        body += "\n\n" + d.dim("rtj_note_text", _RTJ_NOTES).format(key=f"`{key}`")
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 3. intrinsic_extrinsic_blocks

# style -> (intrinsic, extrinsic, none, cannot determine), and the keys the style stands under
_IE_STYLES: dict[str, tuple[tuple[str, str, str, str], tuple[str, ...]]] = {
    "bare": (("intrinsic", "extrinsic", "none", "cannot determine"), ("Hallucination", "Hallucination type")),
    "full": (
        ("Intrinsic hallucination", "Extrinsic hallucination", "No hallucination", "Cannot determine"),
        ("Hallucination", "Type", "Classification", "Finding"),
    ),
    "faithful": (
        ("Intrinsic hallucination", "Extrinsic hallucination", "None (faithful to the context)", "Cannot determine"),
        ("Hallucination type", "Classification"),
    ),
}
_IE_HEADS = ("**Statement {k}:** {s}", "### Statement {k}\n> {s}", "{k}. *{s}*", "**{k}.** “{b}”")
_IE_LEGENDS = (
    "Intrinsic = the statement contradicts the context; extrinsic = the statement adds information the context "
    "does not contain.",
    "I use the usual split: an *intrinsic* hallucination conflicts with the source, an *extrinsic* one cannot be "
    "found in it.",
)


@HELDOUT42
def intrinsic_extrinsic_blocks(ch: Chooser) -> BlindOutput:
    """Claude 3 Opus and Claude 3.5 Sonnet asked to classify each statement as an intrinsic hallucination, an
    extrinsic one or none: a markdown block per statement (the statement echoed, then bullets for the type, the
    problem span and, now and then, a "Faithful to the context" line), the split explained before or not."""
    d = Draw(ch, "intrinsic_extrinsic_blocks", max_n=MAX_N)
    faults = _faults(d)
    values, keys = _IE_STYLES[d.dim("ie_style", tuple(_IE_STYLES))]
    key = d.dim("ie_key", keys)
    head = d.dim("ie_head", _IE_HEADS)
    bold = d.flag("ie_bold")
    explain = d.dim("ie_explain", ("inline", "bullet", "off"))
    span_key = d.dim("ie_span_key", ("Span", "Problem span", "Wrong part", "off"))
    faithful = d.dim("ie_faithful", ("off", "off", "yes_no", "yes_no_lower"))
    blocks = []
    for i, statement, truth in d.items():
        fault = faults[i]
        value = _of(fault, values[2], values[0] if fault.kind == "conflict" else values[1], values[3])
        line = f"- {key}: " + (f"**{value}**" if bold else value)
        if explain == "inline":
            line += f" — {_clause(fault.why)}"
        lines = [head.format(k=i + 1, s=statement, b=_bare(statement)), line]
        if explain == "bullet":
            lines.append(f"- Why: {fault.why}")
        if span_key != "off" and fault.error:
            lines.append(f'- {span_key}: "{fault.span}"')
        if faithful != "off":
            word = "Yes" if truth is True else "No" if truth is False else "Cannot determine"
            lines.append(f"- Faithful to the context: {word.lower() if faithful == 'yes_no_lower' else word}")
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if d.flag("ie_legend"):
        body = d.dim("ie_legend_text", _IE_LEGENDS) + "\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 4. frank_category_codes

_FRANK_LEGENDS = (
    "FRANK error types: PredE (predicate error), EntE (entity error), CircE (circumstance error), OutE "
    "(out-of-article error), NoE (no error). {u} = could not classify.",
    "Legend — NoE: no factual error; EntE: wrong entity or number; PredE: wrong predicate; CircE: wrong time, "
    "place or manner; OutE: information that is not in the article; {u}: cannot determine.",
    "Codes (FRANK typology): NoE = no error | EntE = entity error | PredE = predicate error | CircE = circumstance "
    "error | OutE = out-of-article error | {u} = undetermined",
)


@HELDOUT42
def frank_category_codes(ch: Chooser) -> BlindOutput:
    """Mistral Large and GPT-4 given the FRANK annotation guidelines: one FRANK code per statement (PredE,
    EntE, CircE, OutE, NoE; a code of the grader's own for what it cannot classify), the codes' legend before or
    after, as numbered lines with an optional reason and span, a table, or one list in statement order."""
    d = Draw(ch, "frank_category_codes", max_n=MAX_N)
    faults = _faults(d)
    unknown = d.dim("frank_unknown", ("UNK", "N/D", "??"))
    legend = d.dim("frank_legend", _FRANK_LEGENDS).format(u=unknown)
    form = d.dim("frank_form", ("lines", "lines", "table", "inline"))
    explain = d.flag("frank_explain")
    spans = d.flag("frank_span")
    codes = [_of(f, "NoE", _FRANK_OF.get(f.family, "OutE"), unknown) for f in faults]
    if form == "inline":
        joined = ", ".join(codes)
        body = d.dim("frank_inline", ("Labels (in statement order): {c}", "FRANK labels: [{c}]", "{c}")).format(
            c=joined
        )
    elif form == "table":
        rows = [
            "| # | Statement | FRANK label |" + (" Note |" if explain else ""),
            "|---|---|---|" + ("---|" if explain else ""),
        ]
        for i, statement, _t in d.items():
            rows.append(f"| {i + 1} | {statement} | {codes[i]} |" + (f" {faults[i].why} |" if explain else ""))
        body = "\n".join(rows)
    else:
        line = d.dim("frank_line", ("{k}. {c}", "Statement {k}: {c}", "({k}) {c}"))
        lines = []
        for i, fault in enumerate(faults):
            text = line.format(k=i + 1, c=codes[i])
            if spans and fault.error:
                text += f' — "{fault.span}"'
            if explain:
                text += f" ({_clause(fault.why)})"
            lines.append(text)
        body = "\n".join(lines)
    where = d.dim("frank_legend_position", ("before", "before", "after"))
    body = f"{legend}\n\n{body}" if where == "before" else f"{body}\n\n{legend}"
    if d.flag("frank_counts", weight_off=2):
        body += "\n\n" + _count_line(d, codes)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 5. typed_error_arrows

_TA_LINES = ("Claim {k} → {L}", "{k}) {L}", "**Claim {k}:** {L}", "• Statement {k} — {L}")
_TA_EMOJI = {"off": ("", "", ""), "check": ("✅ ", "❌ ", "❓ "), "warn": ("✅ ", "⚠️ ", "❔ ")}


@HELDOUT42
def typed_error_arrows(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 Pro and 2.0 Flash asked to name the error type of each claim (numerical error, temporal
    error, entity error, contradiction, unverifiable, or no error): one line per claim, now and then with an
    emoji before the type, a second type where a claim has two errors, and the wrong part quoted."""
    d = Draw(ch, "typed_error_arrows", max_n=MAX_N)
    faults = _faults(d)
    line = d.dim("ta_line", _TA_LINES)
    casing = d.dim("ta_casing", ("lower", "as_is", "title"))
    emoji = _TA_EMOJI[d.dim("ta_emoji", tuple(_TA_EMOJI))]
    none_word = d.dim("ta_none", ("No error", "No errors found", "None — no error"))
    undecided = d.dim("ta_undecided", ("Cannot determine", "Cannot classify", "Undetermined"))
    span_form = d.dim("ta_span", ('wrong part: "{p}"', "“{p}”", "off"))
    explain = d.flag("ta_explain")
    lines = []
    firsts: list[str] = []
    for i, fault in enumerate(faults):
        firsts.append(_case(_of(fault, none_word, _TYPED_OF.get(fault.family, ""), undecided), casing))
        if fault.error:
            labels = [_TYPED_OF[fault.family]]
            if fault.second:
                labels.append(_TYPED_OF[fault.second])
            labels = list(dict.fromkeys(labels))
            label = emoji[1] + " + ".join(_case(lab, casing) for lab in labels)
        elif fault.kind == "none":
            label = emoji[0] + _case(none_word, casing)
        else:
            label = emoji[2] + _case(undecided, casing)
        text = line.format(k=i + 1, L=label)
        extras = []
        if span_form != "off" and fault.error:
            extras.append(span_form.format(p=fault.span))
        if explain or fault.kind == "undecided":
            extras.append(_clause(fault.why))
        if extras:
            text += " (" + "; ".join(extras) + ")"
        lines.append(text)
    body = "\n".join(lines)
    if d.flag("ta_counts", weight_off=2) and not any(f.second for f in faults):
        body += "\n\n" + _count_line(d, firsts)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. category_severity_table

_SEV_RULES = (
    "Any error, minor or major, means the statement is not supported by the context.",
    "Note: a minor error still makes the statement unsupported; only rows with no error are supported.",
    "Severity does not change the verdict: minor and major errors both count as not supported.",
)


@HELDOUT42
def category_severity_table(ch: Chooser) -> BlindOutput:
    """GPT-4o and GPT-4.1 asked for "the error category and its severity" per statement: a markdown table
    with the category (RAGTruth or typed errors), the severity (None / Minor / Major / Critical), now and then
    the wrong span and a "Supported" column. A "Minor" is drawn only where the answer states that minor errors
    count as not supported."""
    d = Draw(ch, "category_severity_table", max_n=MAX_N)
    faults = _faults(d)
    taxonomy = d.dim("sev_taxonomy", ("ragtruth", "typed"))
    rule = d.flag("sev_rule")
    severities = ("Minor", "Major") if rule else ("Major", "Critical")
    none_cat = d.dim("sev_none", ("None", "No error", "No error found"))
    undecided = d.dim("sev_undecided", ("Cannot determine", "Undetermined"))
    undecided_sev = d.dim("sev_undecided_severity", ("n/a", "—", "unknown"))
    span_col = d.flag("sev_span_col")
    supported_col = d.dim("sev_supported_col", ("off", "off", "yes_no", "check"))
    columns = ["#", "Statement", "Error category", "Severity"]
    if span_col:
        columns.append("Wrong span")
    if supported_col != "off":
        columns.append("Supported")
    rows = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for i, statement, truth in d.items():
        fault = faults[i]
        severity = ch.pick("severity", severities)
        category = _of(fault, none_cat, _error_label(fault, taxonomy), undecided)
        cells = [str(i + 1), statement, category, _of(fault, "None", severity, undecided_sev)]
        if span_col:
            cells.append(f'"{fault.span}"' if fault.error else "—")
        if supported_col == "yes_no":
            cells.append("Yes" if truth is True else "No" if truth is False else "Undetermined")
        elif supported_col == "check":
            cells.append("✅" if truth is True else "❌" if truth is False else "❓")
        rows.append("| " + " | ".join(cells) + " |")
    body = "\n".join(rows)
    if rule:
        text = d.dim("sev_rule_text", _SEV_RULES)
        body = (
            f"{body}\n\n{text}" if d.dim("sev_rule_position", ("after", "before")) == "after" else f"{text}\n\n{body}"
        )
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. team_error_codebook


@dataclass(frozen=True)
class Codebook:
    """A team's error codes: the no-error code, a code per error family, the cannot-judge code, its legend."""

    ok: str
    codes: dict[str, str]
    undecided: str
    legend: str


_CODEBOOKS: dict[str, Codebook] = {
    "ok_e": Codebook(
        "OK",
        {"predicate": "E1", "circumstance": "E1", "baseless": "E2", "numerical": "E3", "temporal": "E3",
         "entity": "E4"},
        "X",
        "OK = faithful to the context; E1 = contradicts the context; E2 = not in the context; E3 = wrong number "
        "or date; E4 = wrong name or entity; X = cannot judge",
    ),
    "e0": Codebook(
        "E0",
        {"predicate": "E1", "circumstance": "E1", "entity": "E1", "baseless": "E2", "numerical": "E3",
         "temporal": "E3"},
        "E9",
        "E0 no error | E1 contradiction | E2 unsupported addition | E3 numeric or date mismatch | E9 cannot judge",
    ),
    "err": Codebook(
        "OK",
        {"predicate": "ERR-C", "circumstance": "ERR-C", "entity": "ERR-C", "baseless": "ERR-B",
         "numerical": "ERR-N", "temporal": "ERR-N"},
        "ND",
        "OK: no error. ERR-C: conflicts with the context. ERR-B: baseless (the context does not say this). "
        "ERR-N: a number or date differs from the context. ND: not determinable.",
    ),
}  # fmt: skip
_CB_LEGEND_FORMS = ("Codebook: {l}", "Key: {l}", "({l})", "Error codes used — {l}")


@HELDOUT42
def team_error_codebook(ch: Chooser) -> BlindOutput:
    """Llama 3 8B / 70B and Qwen2.5 on a team's own rubric of error codes (OK, E1, E2 ...), the codebook
    echoed before the codes or given as a key after them: one code a line, a code list in statement order, or
    a CSV with the span of the wrong part."""
    d = Draw(ch, "team_error_codebook", max_n=MAX_N)
    faults = _faults(d)
    book = _CODEBOOKS[d.dim("codebook", tuple(_CODEBOOKS))]
    codes = [_of(f, book.ok, book.codes.get(f.family, book.ok), book.undecided) for f in faults]
    form = d.dim("cb_form", ("lines", "lines", "list", "csv"))
    if form == "list":
        body = d.dim("cb_list", ("Codes: {c}", "Codes in statement order: {c}", "[{c}]")).format(c=", ".join(codes))
    elif form == "csv":
        rows = ["id,code,span"]
        for i, fault in enumerate(faults):
            rows.append(f'{i + 1},{codes[i]},"{fault.span}"' if fault.error else f"{i + 1},{codes[i]},")
        body = "\n".join(rows)
        if d.flag("cb_fence"):
            body = f"```csv\n{body}\n```"
    else:
        line = d.dim("cb_line", ("S{k}: {c}", "{k} - {c}", "Statement {k} => {c}", "#{k} {c}"))
        explain = d.flag("cb_explain")
        lines = []
        for i, fault in enumerate(faults):
            text = line.format(k=i + 1, c=codes[i])
            if explain:
                text += f"  // {_clause(fault.why)}"
            lines.append(text)
        body = "\n".join(lines)
    if d.flag("cb_counts", weight_off=2):
        body += "\n\n" + _count_line(d, codes)
    legend = d.dim("cb_legend_form", _CB_LEGEND_FORMS).format(l=book.legend)
    where = d.dim("cb_legend_position", ("before", "after"))
    body = f"{legend}\n\n{body}" if where == "before" else f"{body}\n\n{legend}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 8. category_and_flag_json

# taxonomy -> (no error, [conflict evident, conflict subtle, baseless evident, baseless subtle], undecided)
_ENUMS: dict[str, tuple[str, tuple[str, str, str, str], str]] = {
    "ragtruth_snake": (
        "no_error",
        ("evident_conflict", "subtle_conflict", "evident_baseless_info", "subtle_baseless_info"),
        "cannot_determine",
    ),
    "ragtruth_upper": (
        "NONE",
        ("EVIDENT_CONFLICT", "SUBTLE_CONFLICT", "EVIDENT_BASELESS_INFO", "SUBTLE_BASELESS_INFO"),
        "CANNOT_DETERMINE",
    ),
    "intrinsic": ("none", ("intrinsic", "intrinsic", "extrinsic", "extrinsic"), "undetermined"),
}


@HELDOUT42
def category_and_flag_json(ch: Chooser) -> BlindOutput:
    """GPT-4o-mini and GPT-4o with structured outputs (a JSON schema whose category is an enum, beside a
    boolean "supported" field that is null when the grader cannot decide), as the API returns it or pretty
    printed by the pipeline; the span of the wrong part and a reason now and then."""
    d = Draw(ch, "category_and_flag_json", max_n=MAX_N)
    faults = _faults(d)
    none_value, errors, undecided = _ENUMS[d.dim("enum", tuple(_ENUMS))]
    cat_key = d.dim("cat_key", ("error_category", "category", "hallucination_type"))
    flag_key = d.dim("flag_key", ("supported", "faithful", "is_supported"))
    order = d.dim("cf_order", ("category_first", "flag_first"))
    top = d.dim("cf_top", ("verdicts", "results", "claims", "list"))
    span = d.flag("cf_span")
    reason = d.flag("cf_reason")
    items: list[dict[str, Any]] = []
    for i, _statement, truth in d.items():
        fault = faults[i]
        index = (0 if fault.kind == "conflict" else 2) + (0 if fault.evident else 1)
        category = _of(fault, none_value, errors[index], undecided)
        item: dict[str, Any] = {"id": i + 1}
        pair = [(cat_key, category), (flag_key, truth)]
        for k, v in pair if order == "category_first" else reversed(pair):
            item[k] = v
        if span:
            item["span"] = fault.span if fault.error else None
        if reason:
            item["reason"] = fault.why
        items.append(item)
    value: Any = items if top == "list" else {top: items}
    body = _wrap(d, _dumps(value, d.dim("cf_indent", ("none", "2"))), "json")
    return d.done(d.frame(body, think=False, preface=d.flag("cf_framed", weight_off=2)))


# ----------------------------------------------------------------- 9. atomic_fact_error_log

_LOG_STATUS = {
    "upper": ("OK", "ERROR", "UNDETERMINED"),
    "lower": ("ok", "error", "undetermined"),
    "words": ("no_error", "error", "cannot_determine"),
}
_LOG_TYPES = {
    "numerical": "numerical",
    "temporal": "temporal",
    "entity": "entity",
    "predicate": "contradiction",
    "circumstance": "contradiction",
    "baseless": "unverifiable",
}


@HELDOUT42
def atomic_fact_error_log(ch: Chooser) -> BlindOutput:
    """A FActScore-like pipeline (atomic facts checked one by one by Llama 3 70B or GPT-4o-mini, the result
    printed by the team's script): a log line per fact with its status and error type (and the span, the
    fact's text), in bracketed, logfmt or tab-separated form, a precision line at the end that agrees."""
    d = Draw(ch, "atomic_fact_error_log", max_n=MAX_N, plain_openers=True)
    faults = _faults(d)
    ok, err, und = _LOG_STATUS[d.dim("log_status", tuple(_LOG_STATUS))]
    form = d.dim("log_form", ("bracket", "logfmt", "tsv"))
    echo = d.flag("log_echo")
    lines: list[str] = []
    if d.flag("log_header"):
        lines.append(d.dim("log_header_text", ("== atomic fact check ==", "FActScore-style verification:", "# facts")))
    if form == "tsv":
        lines.append("fact\tstatus\terror_type\tspan" + ("\tfact_text" if echo else ""))
    for i, statement, _t in d.items():
        fault = faults[i]
        status = _of(fault, ok, err, und)
        kind = _of(fault, "none", _LOG_TYPES.get(fault.family, ""), "?")
        span = fault.span if fault.error else ""
        if form == "bracket":
            text = f"[fact {i + 1:02d}] {status:<12} type={kind}"
            if span:
                text += f' span="{span}"'
            if fault.kind == "undecided":
                text += f' note="{_clause(fault.why)}"'
            if echo:
                text += f" :: {statement}"
        elif form == "logfmt":
            text = f"fact={i + 1} status={status} error_type={kind}"
            if span:
                text += f' span="{span}"'
            if echo:
                text += f' text="{statement}"'
        else:
            text = f"{i + 1}\t{status}\t{kind}\t{span or '-'}" + (f"\t{statement}" if echo else "")
        lines.append(text)
    good = d.supported
    errors = sum(1 for f in faults if f.error)
    undecided = sum(1 for f in faults if f.kind == "undecided")
    summary = d.dim("log_summary", ("precision", "counts", "off"))
    if summary == "precision":
        lines.append(f"precision = {good}/{d.n} = {good / d.n:.2f} (undetermined facts count as unsupported)")
    elif summary == "counts":
        lines.append(f"{ok}={good} {err}={errors} {und}={undecided} total={d.n}")
    body = "\n".join(lines)
    if d.flag("log_fence"):
        body = f"```\n{body}\n```"
    return d.done(d.frame(body, think=False, tally=False))


# ----------------------------------------------------------------- 10. xml_error_categories

_XML_WRAPPERS = ("annotations", "error_analysis", "classification")


@HELDOUT42
def xml_error_categories(ch: Chooser) -> BlindOutput:
    """Claude 3 Haiku and Claude 3.5 Sonnet asked to answer in XML tags: a ``<statement>`` element per
    statement with its ``<category>`` (RAGTruth, typed or intrinsic / extrinsic; "No error" or "Faithful" where
    there is none, "Cannot determine" where the grader cannot classify), the wrong span and the reason as child
    elements, or the category as an attribute; a sentence before the tags now and then."""
    d = Draw(ch, "xml_error_categories", max_n=MAX_N)
    faults = _faults(d)
    taxonomy = d.dim("xml_taxonomy", tuple(TAXONOMIES))
    none_word = d.dim("xml_none", ("No error", "Faithful", "No hallucination"))
    undecided = d.dim("xml_undecided", ("Cannot determine", "cannot_determine", "Undetermined"))
    form = d.dim("xml_form", ("elements", "elements", "attributes"))
    tag = d.dim("xml_tag", ("statement", "claim"))
    wrapper = d.dim("xml_wrapper", _XML_WRAPPERS)
    reason = d.flag("xml_reason")
    span = d.flag("xml_span")
    echo = d.flag("xml_echo")
    parts = [f"<{wrapper}>"]
    for i, statement, _t in d.items():
        fault = faults[i]
        category = _of(fault, none_word, _error_label(fault, taxonomy), undecided)
        if form == "attributes":
            attrs = f'id="{i + 1}" category="{category}"'
            if span and fault.error:
                attrs += f' span="{fault.span}"'
            parts.append(f"<{tag} {attrs}/>")
            continue
        inner = [f"<text>{statement}</text>"] if echo else []
        inner.append(f"<category>{category}</category>")
        if span and fault.error:
            inner.append(f"<wrong_span>{fault.span}</wrong_span>")
        if reason:
            inner.append(f"<reason>{fault.why}</reason>")
        parts.append(f'<{tag} id="{i + 1}">\n' + "\n".join("  " + x for x in inner) + f"\n</{tag}>")
    parts.append(f"</{wrapper}>")
    body = "\n".join(parts)
    if d.flag("xml_lead"):
        body = (
            d.dim(
                "xml_lead_text",
                (
                    "Here is my analysis in the requested tags:",
                    "<thinking>I will check each statement against the context and assign a category.</thinking>",
                ),
            )
            + "\n\n"
            + body
        )
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 11. statements_by_error_category

_GROUP_FORMS = ("bold", "heading", "dash")


@HELDOUT42
def statements_by_error_category(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude 3.5 Sonnet summarising by category instead of by statement: every category of the
    taxonomy (or only those used) with the statements that fall under it, by number or quoted, "No error" and
    "Cannot determine" as groups of their own, the empty categories said to hold no statements."""
    d = Draw(ch, "statements_by_error_category", max_n=MAX_N)
    faults = _faults(d)
    taxonomy = d.dim("grp_taxonomy", tuple(TAXONOMIES))
    none_name = d.dim("grp_none", ("No error", "Faithful (no error)", "No hallucination"))
    undecided = d.dim("grp_undecided", ("Cannot determine", "Could not classify"))
    form = d.dim("grp_form", _GROUP_FORMS)
    empties = d.dim("grp_empty", ("omit", "say_none"))
    order = d.dim("grp_order", ("none_first", "errors_first"))
    quoted = form == "heading" and d.flag("grp_quote")
    members: dict[str, list[int]] = {}
    for i, fault in enumerate(faults):
        members.setdefault(_of(fault, none_name, _error_label(fault, taxonomy), undecided), []).append(i + 1)
    names = list(TAXONOMIES[taxonomy])
    groups = [none_name, *names] if order == "none_first" else [*names, none_name]
    groups.append(undecided)
    blocks = []
    for name in groups:
        numbers = members.get(name, [])
        if not numbers:
            if empties == "omit" or name == undecided:
                continue
            listed = "no statements"
        elif quoted:
            listed = "\n".join(f"- Statement {k}: “{_bare(d.statements[k - 1])}”" for k in numbers)
        else:
            listed = f"statement{_pl(len(numbers))} {number_list(numbers)}"
        if form == "bold":
            blocks.append(f"**{name}:** {listed}")
        elif form == "dash":
            blocks.append(f"{name} — {listed}")
        else:
            blocks.append(f"### {name}\n{listed if quoted and numbers else '- ' + listed}")
    joiner = "\n\n" if form == "heading" else "\n"
    body = joiner.join(blocks)
    lead = d.dim("grp_lead", ("off", "Statements grouped by error category:", "By category:"))
    if lead != "off":
        body = f"{lead}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 12. error_diagnosis_prose

_PROSE_NONE = (
    "The {o} statement has no errors: {w}.",
    "Statement {k} is faithful to the context; {w}.",
    "No error in statement {k} — {w}.",
)
_PROSE_ERROR = (
    "The {o} statement contains {a} {L}: {w}.",
    "Statement {k} is {a} {L} — {w}.",
    "I classify statement {k} as {a} {L}, because {w}.",
)
_PROSE_UNDECIDED = (
    "I cannot classify the {o} statement: {w}.",
    "For statement {k}, I cannot determine an error category; {w}.",
    "Statement {k} cannot be classified either way: {w}.",
)
_PROSE_LABELS = {
    "numerical": "numerical error",
    "temporal": "temporal error",
    "entity": "entity error",
    "predicate": "intrinsic hallucination",
    "circumstance": "intrinsic hallucination",
    "baseless": "extrinsic hallucination",
}
_PROSE_SPANS = (' The problem is "{p}".', ' The wrong part is "{p}".', ' ("{p}" is what does not hold.)')


@HELDOUT42
def error_diagnosis_prose(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet and GPT-4o writing a diagnosis in sentences when asked for "the type of error, if
    any": per statement a sentence naming its error (numerical, temporal or entity error, intrinsic or
    extrinsic hallucination) or saying it has none, the wrong part quoted now and then, in separate paragraphs
    or one, the statements named by number or by ordinal."""
    d = Draw(ch, "error_diagnosis_prose", max_n=MAX_N)
    faults = _faults(d)
    ordinal = d.flag("prose_ordinal")
    span_form = d.dim("prose_span", ("off", *_PROSE_SPANS))
    sentences = []
    for i, fault in enumerate(faults):
        options = _of(fault, "none", "error", "undecided")
        pool = {"none": _PROSE_NONE, "error": _PROSE_ERROR, "undecided": _PROSE_UNDECIDED}[options]
        template = ch.pick("prose_sentence", pool)
        if ordinal and "{o}" not in template:
            template = ch.pick("prose_sentence_ordinal", tuple(t for t in pool if "{o}" in t))
        elif not ordinal and "{o}" in template:
            template = ch.pick("prose_sentence_number", tuple(t for t in pool if "{o}" not in t))
        label = _PROSE_LABELS[fault.family] if fault.error else ""
        article = "an" if label[:1] in "aeiou" and label else "a"
        text = template.format(o=ORDINALS[i], k=i + 1, a=article, L=label, w=_clause(fault.why))
        if span_form != "off" and fault.error:
            text += span_form.format(p=fault.span)
        sentences.append(text)
    joined = "\n\n".join(sentences) if d.flag("prose_paragraphs", weight_off=1) else " ".join(sentences)
    return d.done(d.frame(joined))


# ----------------------------------------------------------------- 13. error_yaml_with_severity

_YAML_TYPES = {
    "numerical": "numerical_error",
    "temporal": "temporal_error",
    "entity": "entity_error",
    "predicate": "contradiction",
    "circumstance": "contradiction",
    "baseless": "unverifiable",
}
_YAML_RULES = (
    "# severity is major or minor; either one means the statement is not supported by the context",
    "# minor errors count too: any error_type other than none = not supported",
)


@HELDOUT42
def error_yaml_with_severity(ch: Chooser) -> BlindOutput:
    """Qwen2.5-72B and DeepSeek-V3 asked for YAML: one record per statement with its ``error_type``
    (``none`` where there is no error, ``cannot_determine`` where the grader cannot classify) and its
    ``severity``; a "minor" severity drawn only under a comment that says minor errors count as not supported."""
    d = Draw(ch, "error_yaml_with_severity", max_n=MAX_N)
    faults = _faults(d)
    rule = d.flag("yaml_rule")
    severities = ("minor", "major") if rule else ("major", "critical")
    top = d.dim("yaml_top", ("list", "annotations"))
    echo = d.flag("yaml_echo")
    ind = "  " if top == "annotations" else ""
    lines: list[str] = []
    if rule:
        lines.append(d.dim("yaml_rule_text", _YAML_RULES))
    if top == "annotations":
        lines.append("annotations:")
    for i, statement, _t in d.items():
        fault = faults[i]
        severity = ch.pick("severity", severities)
        lines.append(f"{ind}- statement: {i + 1}")
        if echo:
            lines.append(f"{ind}  text: {json.dumps(statement, ensure_ascii=False)}")
        lines.append(f"{ind}  error_type: " + _of(fault, "none", _YAML_TYPES.get(fault.family, ""), "cannot_determine"))
        lines.append(f"{ind}  severity: " + _of(fault, "none", severity, "n/a"))
        if fault.error:
            lines.append(f'{ind}  wrong_span: "{fault.span}"')
        if fault.kind == "undecided":
            lines.append(f"{ind}  note: {_clause(fault.why)}")
    body = "\n".join(lines)
    if d.flag("yaml_fence", weight_off=1):
        body = f"```yaml\n{body}\n```"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 14. correct_or_error_type

# style -> (supported word, error form, undecided form)
_COE_STYLES: dict[str, tuple[str, str, str]] = {
    "correct": ("Correct", "Incorrect — {L}", "Cannot determine"),
    "faithful": ("Faithful", "Unfaithful ({L})", "Cannot determine"),
    "category": ("No error", "{Lc}", "Cannot determine"),
    "correct_colon": ("Correct", "Incorrect: {L}", "Unclear — cannot classify"),
}


@HELDOUT42
def correct_or_error_type(ch: Chooser) -> BlindOutput:
    """Llama 3 70B and Mistral 7B under a prompt that says "answer Correct, or name the error type": numbered
    lines with "Correct" / "Faithful" / "No error", or the error's type (after "Incorrect" / "Unfaithful", or on
    its own), the wrong part quoted after the type, a short reason now and then."""
    d = Draw(ch, "correct_or_error_type", max_n=MAX_N)
    faults = _faults(d)
    good, bad, undecided = _COE_STYLES[d.dim("coe_style", tuple(_COE_STYLES))]
    line = d.dim("coe_line", ("{k}. {v}", "{k}: {v}", "Statement {k}: {v}", "- ({k}) {v}"))
    bold = d.flag("coe_bold")
    span = d.dim("coe_span", ('("{p}")', '— wrong: "{p}"', "off"))
    explain = d.flag("coe_explain")
    lines = []
    for i, fault in enumerate(faults):
        label = _TYPED_OF[fault.family].lower() if fault.error else ""
        word = _of(fault, good, bad.format(L=label, Lc=label[:1].upper() + label[1:]), undecided)
        text = line.format(k=i + 1, v=f"**{word}**" if bold else word)
        if span != "off" and fault.error:
            text += " " + span.format(p=fault.span)
        if explain or fault.kind == "undecided":
            text += f". {fault.why}"
        lines.append(text)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 15. taxonomy_checkbox_form

_BOXES = {"markdown": ("- [x] ", "- [ ] "), "ballot": ("☑ ", "☐ "), "parens": ("(x) ", "( ) ")}


@HELDOUT42
def taxonomy_checkbox_form(ch: Chooser) -> BlindOutput:
    """GPT-4o and Mistral Large filling in the checkbox form the team's prompt gives for each statement: the
    whole taxonomy listed under the statement ("No error", each error category, "Cannot determine") with one box
    ticked, the wrong span on a line after the boxes now and then."""
    d = Draw(ch, "taxonomy_checkbox_form", max_n=MAX_N)
    faults = _faults(d)
    taxonomy = d.dim("box_taxonomy", tuple(TAXONOMIES))
    ticked, empty = _BOXES[d.dim("box_marks", tuple(_BOXES))]
    none_name = d.dim("box_none", ("No error", "No hallucination"))
    options = [none_name, *TAXONOMIES[taxonomy], "Cannot determine"]
    head = d.dim("box_head", ("Statement {k}: {s}", "**{k}. {s}**", "#### Statement {k}\n{s}"))
    span = d.flag("box_span")
    blocks = []
    for i, statement, _t in d.items():
        fault = faults[i]
        chosen = _of(fault, none_name, _error_label(fault, taxonomy), "Cannot determine")
        lines = [head.format(k=i + 1, s=statement)]
        lines.extend((ticked if option == chosen else empty) + option for option in options)
        if span and fault.error:
            lines.append(f'Span: "{fault.span}"')
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 16. error_taxonomy_refusals

_TAXONOMY_REFUSALS = (
    "I can't label these statements with hallucination categories: the source document is empty, so there is "
    "nothing to compare them against.",
    "I'm sorry, but I can't complete the error annotation. No context was provided, so I cannot classify any of "
    "the {n} statement{pl}.",
    '{{"status": "refused", "reason": "context missing; no error categories assigned", "annotations": []}}',
    "Unable to apply the taxonomy (Evident Conflict / Subtle Conflict / Evident Baseless Info / Subtle Baseless "
    "Info / none): the context appears to belong to a different document. I won't guess.",
    "Error codes could not be assigned (OK, E1-E4, X): the retrieved passages are blank.",
    "As an AI model I can't check these claims without the source article. Please provide it and I will "
    "annotate each one with its FRANK error type.",
    "<error>No source text was provided; FRANK annotation skipped for all {n} statement{pl}.</error>",
    "I'm not able to do this one. The context you pasted is only the placeholder {{context}}, so any category I "
    "assign would be a guess.",
    "Lo siento, no puedo clasificar estas afirmaciones: falta el contexto.",
    "I won't assign severities or error types here: the context is a list of file names, not text I can check "
    "the statements against.",
)


@HELDOUT42
def error_taxonomy_refusals(ch: Chooser) -> BlindOutput:
    """Refusals of the whole classification task, as GPT-4o, Claude and the annotation pipelines decline it (no
    context, a placeholder, an unrelated document, a JSON status or an XML error from the pipeline): no
    statement gets a category."""
    d = Draw(ch, "error_taxonomy_refusals", max_n=MAX_N, unknowns=False)
    text = d.dim("taxonomy_refusal", _TAXONOMY_REFUSALS).format(n=d.n, pl=_pl(d.n))
    if d.flag("refusal_apology", weight_off=2) and not text.startswith(("{", "<", "I'm sorry", "Lo siento")):
        text = "Sorry. " + text
    if d.flag("refusal_think", weight_off=3):
        text = (
            "<think>\nI cannot check these statements against what I was given, so I will not classify them.\n"
            "</think>\n\n" + text
        )
    return d.refused(text)
