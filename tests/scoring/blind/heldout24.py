"""A TWENTY-FOURTH HELD-OUT set of blind layouts: batched grading, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout24``); do not read it while
developing the reader. Written from how teams cut grading costs by sending the grader several
cases in one request (several answers with their statements, or several statements lists at
once), how grader models (GPT-4o and GPT-4o mini, Claude 3.5 Sonnet and Haiku, Llama 3.1 70B,
Qwen 2.5, Mistral Large, Gemini 1.5) answer such a request, and how the pipeline then stores,
for each case, the grader's whole reply (with a note naming the case) or the part it cut out
for it. The layouts: "Case A / Case B" sections with the legacy blocks and final line for each;
"Answer 1 ... Answer 3" blocks with their own statements and verdicts; a JSON object keyed by
case id (whole, wrapped in the pipeline's record, or the case's member cut out); a table with a
case column; a JSONL of every case's verdicts (whole or filtered to the case); a section the
pipeline cut at its "### Case q18" header; a cut that kept a neighbour's tail or the next
case's head; statements numbered continuously across the batch (this case's are 4-6); one
final line per statements list; the OpenAI and Anthropic batch result files stored whole;
XML elements per case; a CSV export with a case column; bullets grouped by case; verdict
lists keyed by case (JSON, Python, YAML, key lines); fenced RAGAS JSON under each case's
heading; item ids that carry the case ("q18.2: No"); and refusals (the whole batch declined,
or this case's section saying it cannot be judged while the other cases were judged).

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, decorations, undecided items, explanations) and a
frame of its own for a batch (a ``<think>`` draft that goes through every case, a preface, a
count over the batch or per case that agrees with the verdicts, a sign-off). Call 1 is this
case's statements; the other cases have their own statements (never one of this case's) and
verdicts. Only outputs where a careful person can tell without doubt which section is this
case's are drawn: the stored text names the case wherever it holds more than this case (a
note the pipeline wrote: "this case: q18"), a cut starts at this case's own heading or the
note names it, and the person reads only that section's verdicts.

    HELDOUT24.draw(RandomChooser(random.Random(7)))     # one output, layout chosen uniformly
    heldout24_outputs(layout="neighbour_tail_cut")       # one layout's strategy
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    SIGN_OFFS,
    STATEMENTS,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    leads_with_verdict_word,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT24 = LayoutSet("heldout24")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout24_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-fourth held-out set (one layout when named)."""
    return HELDOUT24.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _dumps(value: Any, indent: str = "none") -> str:
    return json.dumps(value, ensure_ascii=False, indent=None if indent == "none" else int(indent))


def _span(first: int, last: int, dash: str = "–") -> str:
    """``statement 4`` or ``statements 4–6`` (global numbers in a continuously numbered batch)."""
    return f"statement {first}" if first == last else f"statements {first}{dash}{last}"


# ----------------------------------------------------------------- the batch


@dataclass(frozen=True)
class BatchCase:
    """One case of the batch: its id, statements and truths; ``own`` for the case this output is stored for."""

    key: str
    statements: tuple[str, ...]
    truth: tuple[Truth, ...]
    own: bool

    @property
    def n(self) -> int:
        return len(self.statements)

    @property
    def supported(self) -> int:
        return sum(1 for t in self.truth if t is True)

    def items(self) -> Iterator[tuple[int, str, Truth]]:
        for j, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True)):
            yield j, statement, truth


# How pipelines name cases: question ids, padded case numbers, row ids, short hashes, letters, numbers.
ID_SCHEMES: tuple[str, ...] = ("q", "case", "item", "hex", "letter", "number")
NAMED_SCHEMES: tuple[str, ...] = ("q", "case", "item", "hex")  # ids that stand alone as a heading or key


def _case_ids(ch: Chooser, scheme: str, size: int) -> list[str]:
    if scheme == "letter":
        return [chr(ord("A") + j) for j in range(size)]
    if scheme == "number":
        return [str(j + 1) for j in range(size)]
    if scheme == "hex":
        keys: list[str] = []
        while len(keys) < size:
            key = f"{ch.integer('case_hex', 0, 0xFFFFFF):06x}"
            keys.append(key if key not in keys else f"{key}{len(keys)}")
        return keys
    start = ch.integer("case_start", 1, 480)
    form = {"q": "q{j}", "case": "case-{j:04d}", "item": "item_{j}"}[scheme]
    return [form.format(j=start + j) for j in range(size)]


class BatchDraw(Draw):
    """``Draw`` for this case, and the other cases graded in the same call (2 to ``max_cases`` in all)."""

    def __init__(
        self,
        ch: Chooser,
        layout: str,
        *,
        schemes: Sequence[str] = ID_SCHEMES,
        max_cases: int = 4,
        unknowns: bool = True,
    ) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns)
        size = ch.integer("batch_size", 2, max_cases)
        self.position = ch.integer("batch_position", 0, size - 1)
        self.dims["batch_size"] = str(size)
        self.dims["batch_position"] = (
            "first" if self.position == 0 else "last" if self.position == size - 1 else "middle"
        )
        self.scheme = self.dim("case_ids", tuple(schemes))
        keys = _case_ids(ch, self.scheme, size)
        self.batch_id = self.dim("batch_id_form", ("b-{x:04d}", "batch_{x}", "run-{x:05d}")).format(
            x=ch.integer("batch_number", 1, 9999)
        )
        pool = [s for s in STATEMENTS if s not in self.statements]
        cases = []
        for j in range(size):
            if j == self.position:
                cases.append(BatchCase(keys[j], self.statements, self.truth, True))
                continue
            count = ch.integer("other_n", 1, 5)
            statements = tuple(pool.pop(ch.integer("other_statement", 0, len(pool) - 1)) for _ in range(count))
            truths = tuple(ch.pick("other_truth", (True, True, False, None)) for _ in range(count))
            cases.append(BatchCase(keys[j], statements, truths, False))
        self.cases: tuple[BatchCase, ...] = tuple(cases)

    @property
    def own(self) -> BatchCase:
        return self.cases[self.position]

    @property
    def size(self) -> int:
        return len(self.cases)

    @property
    def leading_verdict_words(self) -> bool:
        """Does any statement of the batch begin with a word a verdict could be?"""
        return any(leads_with_verdict_word(s) for case in self.cases for s in case.statements)

    # ---- verdict words for any case's item j (the ink's items are this case's; others reuse them)

    def word(self, j: int, truth: Truth) -> str:
        return self.ink.word(j % self.n, truth)

    def token(self, j: int, truth: Truth, *, annotate: bool = False) -> str:
        return self.ink.token(j % self.n, truth, annotate=annotate)

    def explanation(self, j: int, truth: Truth) -> str:
        return self.ink.explanation(j % self.n, truth)

    def aside(self, j: int, truth: Truth) -> str:
        return self.ink.aside(j % self.n, truth)


def _ink(d: BatchDraw, vocabularies: Sequence[str] = WORD_VOCABULARIES, exclude: Sequence[str] = ()) -> Ink:
    """Verdict words, decorated only in ways that read the same wherever this set puts them."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "quote", *exclude))
    return ink


# ----------------------------------------------------------------- the pipeline's note and the batch frame

# Where the stored text holds more than this case: a note the pipeline wrote naming the case ({label}).
NOTES_TOP: tuple[str, ...] = (
    "this case: {label}",
    "[{label}] whole batch reply ({m} cases graded in one call)",
    "record: {label}\nbatch: {b}\n---",
    "# Stored for {label}. The grader judged {m} cases in one call; its whole reply follows.",
    "Grader reply for batch {b} ({m} cases). This record: {label}.",
    "(batched call, full reply stored; this case is {label})",
)
NOTES_BOTTOM: tuple[str, ...] = (
    "---\nthis case: {label} (the reply above covers the whole batch)",
    "[stored for {label}; batch {b}, {m} cases in one call]",
)


def note(d: BatchDraw, label: str, *, bottom: bool = True) -> tuple[str, str]:
    """The pipeline's note naming this case: (text before the reply, text after it), one of them empty."""
    where = d.dim("note_position", ("top", "top", "top", "bottom") if bottom else ("top",))
    forms = NOTES_TOP if where == "top" else NOTES_BOTTOM
    text = d.dim("note_form", forms).format(label=label, m=d.size, b=d.batch_id)
    return (text, "") if where == "top" else ("", text)


def noted(d: BatchDraw, body: str, label: str, *, bottom: bool = True) -> str:
    top, tail = note(d, label, bottom=bottom)
    return "\n\n".join(part for part in (top, body, tail) if part)


BATCH_PREFACES: tuple[str, ...] = (
    "Here are the verdicts for each case.",
    "I evaluated each case separately, against its own context only.",
    "Sure! Below are the results, case by case.",
    "Here is my assessment of the {m} cases:",
    "Evaluating the {m} cases in the order given.",
    "Here are my verdicts:",
)
BATCH_THINK_OPENERS: tuple[str, ...] = (
    "There are {m} cases in this batch. I'll take them one at a time and use only each case's own context.",
    "Okay, {m} cases, each with its own context and statements. I must not mix them up.",
    "Let me go through the cases in order.",
)
_THINK_ITEMS = (
    "statement {k} is stated in its context, so supported",
    "statement {k} is not in its context, so not supported",
    "for statement {k} the context is unclear, I can't tell",
)


def batch_think(d: BatchDraw, label_of: Callable[[BatchCase], str]) -> str:
    """A reasoning model's draft going through every case; its verdicts are the answer's."""
    if not d.flag("batch_think", weight_off=3):
        return ""
    tag = d.dim("batch_think_tag", ("think", "thinking"))
    lines = [d.ch.pick("batch_think_opener", BATCH_THINK_OPENERS).format(m=d.size)]
    for case in d.cases:
        said = "; ".join(_of(t, _THINK_ITEMS).format(k=j + 1) for j, _s, t in case.items())
        lines.append(f"{label_of(case)}: {said}.")
    lines.append("Now the answer in the requested format.")
    return f"<{tag}>\n" + "\n".join(lines) + f"\n</{tag}>"


def batch_summary(d: BatchDraw, label_of: Callable[[BatchCase], str]) -> str:
    """A count that agrees with the verdicts: over the whole batch, or per case."""
    kind = d.dim("batch_summary", ("none", "none", "total", "per_case"))
    if kind == "total":
        s = sum(case.supported for case in d.cases)
        t = sum(case.n for case in d.cases)
        form = d.dim("total_form", (
            "Across the batch: {s} of {t} statements supported.",
            "In total, {s}/{t} statements are supported across the {m} cases.",
        ))  # fmt: skip
        return form.format(s=s, t=t, m=d.size)
    if kind == "per_case":
        parts = [f"{label_of(case)}: {case.supported}/{case.n}" for case in d.cases]
        joint = d.dim("per_case_joint", (", ", " · ", "; "))
        return d.dim("per_case_lead", ("Summary: ", "Supported per case: ")) + joint.join(parts)
    return ""


def batch_frame(
    d: BatchDraw, body: str, label_of: Callable[[BatchCase], str], *, think: bool = True, summary: bool = True
) -> str:
    """``body`` (the reply's sections) with what graders write around a batch answer, each part drawn on its own."""
    head = [batch_think(d, label_of) if think else ""]
    if d.flag("batch_preface", weight_off=2):
        head.append(d.ch.pick("batch_preface_text", BATCH_PREFACES).format(m=d.size))
    tail = [batch_summary(d, label_of) if summary else ""]
    if d.flag("batch_sign_off", weight_off=3):
        tail.append(d.ch.pick("sign_off_text", SIGN_OFFS))
    return "\n\n".join(part for part in (*head, body, *tail) if part)


def final_words(d: BatchDraw, case: BatchCase, joint: str = " ") -> str:
    return joint.join(f"{d.word(j, t)}." for j, _s, t in case.items())


FINAL = "Final verdict for each statement in order:"


# ----------------------------------------------------------------- 1. case_letter_sections

_LETTER_HEADS = ("## Case {c}", "**Case {c}**", "Case {c}:", "### CASE {c}", "Case {c}\n--------")
_BLOCK_MARKERS = ("Verdict: {v}.", "**Verdict:** {v}", "Verdict - {v}")


@HELDOUT24
def case_letter_sections(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude answering a batched legacy prompt ("Case A ... Case C"): a section per case with the
    legacy blocks and/or its final line; the pipeline stores the whole reply with a note naming this case."""
    d = BatchDraw(ch, "case_letter_sections", schemes=("letter", "letter", "number", "q"))
    head = d.dim("section_head", _LETTER_HEADS)
    content = d.dim("section_content", ("blocks_final", "blocks", "final"))
    marker = d.dim("section_marker", _BLOCK_MARKERS)
    layout = d.dim("block_layout", ("lines", "one_line"))
    _ink(d, ("yes_no", "yes_no", "supported", "true_false"), exclude=("emoji_only",))
    sections = []
    for case in d.cases:
        parts = [head.format(c=case.key)]
        if content != "final":
            for j, s, t in case.items():
                pieces = [f"{j + 1}. {s}", f"Explanation: {d.explanation(j, t)}", marker.format(v=d.token(j, t))]
                parts.append(("\n" if layout == "lines" else " ").join(pieces))
        if content != "blocks":
            parts.append(f"{FINAL} {final_words(d, case)}")
        sections.append("\n\n".join(parts))
    body = batch_frame(d, "\n\n".join(sections), lambda case: f"Case {case.key}")
    return d.done(noted(d, body, f"Case {d.own.key}"))


# ----------------------------------------------------------------- 2. answer_numbered_blocks

_ANSWER_HEADS = ("**Answer {c}**", "Answer {c}:", "### Answer {c}", "ANSWER {c}", "Answer #{c}")
_ANSWER_ECHOES = ('{k}. "{s}" — {v}', "- {s} → {v}", "{k}. {b}: {v}", "[{v}] {s}", "- {v}: {s}")
_VERDICT_FIRST = frozenset({"[{v}] {s}", "- {v}: {s}"})


@HELDOUT24
def answer_numbered_blocks(ch: Chooser) -> BlindOutput:
    """Blocks "Answer 1" to "Answer 3", each listing its own statements with their verdicts, as GPT-4o mini and
    Llama 3.1 write them when a prompt packs several answers; stored whole with a note naming this answer."""
    d = BatchDraw(ch, "answer_numbered_blocks", schemes=("number",))
    head = d.dim("answer_head", _ANSWER_HEADS)
    echoes = [e for e in _ANSWER_ECHOES if e not in _VERDICT_FIRST or not d.leading_verdict_words]
    echo = d.dim("answer_echo", echoes)
    counted = d.flag("answer_statement_count")
    score = d.dim("answer_score", ("none", "none", "score", "supported"))
    ink = _ink(d, exclude=("bracket",) if echo == "[{v}] {s}" else ())
    ink.annotate(allowed=echo not in _VERDICT_FIRST)
    blocks = []
    for case in d.cases:
        title = head.format(c=case.key)
        if counted:
            count = f" ({case.n} statement{_pl(case.n)})"
            title = title[:-1] + count + ":" if title.endswith(":") else title + count
        lines = [title]
        for j, s, t in case.items():
            lines.append(echo.format(k=j + 1, s=s, b=_bare(s), v=d.token(j, t, annotate=True)))
        if score == "score":
            lines.append(f"Score: {case.supported}/{case.n}")
        elif score == "supported":
            lines.append(f"Supported: {case.supported} of {case.n}")
        blocks.append("\n".join(lines))
    body = batch_frame(d, "\n\n".join(blocks), lambda case: f"Answer {case.key}")
    return d.done(noted(d, body, f"Answer {d.own.key}"))


# ----------------------------------------------------------------- 3. case_keyed_json

_ITEM_KEYS = {
    "statement_reason_verdict": ("statement", "reason", "verdict"),
    "statement_verdict_reason": ("statement", "verdict", "reason"),
    "reason_verdict": ("reason", "verdict"),
}


def _json_value(d: BatchDraw, kind: str, j: int, truth: Truth) -> Any:
    """A verdict as JSON: 1/0, true/false, "1"/"0" (an undecided item null), or the verdict word."""
    if kind == "word":
        return d.word(j, truth)
    if truth is None:
        return None
    return {"int": int(truth), "bool": truth, "str_int": str(int(truth))}[kind]


def _ragas_items(d: BatchDraw, case: BatchCase, kind: str, keys: Sequence[str]) -> list[dict[str, Any]]:
    items = []
    for j, s, t in case.items():
        fields = {"statement": s, "reason": d.explanation(j, t), "verdict": _json_value(d, kind, j, t)}
        items.append({key: fields[key] for key in keys})
    return items


def _json_wrap(d: BatchDraw, text: str) -> str:
    wrap = d.dim("json_wrap", ("bare", "fence_json", "fence", "lead_in"))
    if wrap == "fence_json":
        return f"```json\n{text}\n```"
    if wrap == "fence":
        return f"```\n{text}\n```"
    if wrap == "lead_in":
        lead = d.dim("json_lead", ("Here are the verdicts for every case:", "Here is the JSON output:", "Results:"))
        return f"{lead}\n{text}"
    return text


@HELDOUT24
def case_keyed_json(ch: Chooser) -> BlindOutput:
    """A JSON object keyed by case id (``{"q17": {...}, "q18": {...}}``), as GPT-4o and Gemini answer a batched
    RAGAS prompt in JSON mode: stored whole with a note, wrapped in the pipeline's record, or this member cut out."""
    d = BatchDraw(ch, "case_keyed_json", schemes=NAMED_SCHEMES)
    value_shape = d.dim("case_value", ("ragas", "bare_list", "verdicts_key"))
    kind = d.dim("json_verdict", ("int", "bool", "str_int", "word"))
    keys = _ITEM_KEYS[d.dim("item_keys", tuple(_ITEM_KEYS))]
    indent = d.dim("json_indent", ("none", "2", "2", "4"))
    store = d.dim("json_store", ("whole_note", "wrapped", "cut"))
    d.use_ink()

    def value(case: BatchCase) -> Any:
        items = _ragas_items(d, case, kind, keys)
        if value_shape == "bare_list":
            return items
        return {"statements" if value_shape == "ragas" else "verdicts": items}

    reply = {case.key: value(case) for case in d.cases}
    if store == "cut":
        return d.done(_json_wrap(d, _dumps({d.own.key: reply[d.own.key]}, indent)))
    if store == "wrapped":
        field = d.dim("record_field", ("grader_reply", "raw_output", "batch_response"))
        record = {"case_id": d.own.key, "batch_id": d.batch_id, field: reply}
        return d.done(_dumps(record, indent))
    body = batch_frame(d, _json_wrap(d, _dumps(reply, indent)), lambda case: case.key, think=False, summary=False)
    return d.done(noted(d, body, d.own.key))


# ----------------------------------------------------------------- 4. case_column_table

_TABLE_COLUMNS = {
    "case_num_stmt_verdict": ("Case", "#", "Statement", "Verdict"),
    "case_stmt_verdict_reason": ("Case", "Statement", "Verdict", "Reason"),
    "case_num_verdict": ("Case", "#", "Verdict"),
    "caseid_no_stmt_reasoning_verdict": ("Case ID", "No.", "Statement", "Reasoning", "Verdict"),
}


@HELDOUT24
def case_column_table(ch: Chooser) -> BlindOutput:
    """One markdown table for the whole batch with a case column (the case id on every row, or on a group's
    first row only), as Claude and GPT-4o lay out batched verdicts; stored whole with a note naming this case."""
    d = BatchDraw(ch, "case_column_table", schemes=NAMED_SCHEMES)
    names = _TABLE_COLUMNS[d.dim("table_columns", tuple(_TABLE_COLUMNS))]
    numbered = "#" in names or "No." in names
    grouping = d.dim("case_cells", ("repeat", "first_only") if numbered else ("repeat",))
    align = d.dim("table_align", ("plain", "colons", "left"))
    _ink(d, exclude=("bracket",))
    rule = {"plain": "---", "colons": ":-:", "left": ":--"}[align]
    rows = ["| " + " | ".join(names) + " |", "|" + "|".join(rule for _ in names) + "|"]
    for case in d.cases:
        for j, s, t in case.items():
            shown = case.key if grouping == "repeat" or j == 0 else ""
            cells = {
                "Case": shown, "Case ID": shown, "#": str(j + 1), "No.": str(j + 1), "Statement": s,
                "Verdict": d.token(j, t), "Reason": d.explanation(j, t), "Reasoning": d.explanation(j, t),
            }  # fmt: skip
            rows.append("| " + " | ".join(cells[name] for name in names) + " |")
    body = batch_frame(d, "\n".join(rows), lambda case: case.key)
    return d.done(noted(d, body, d.own.key))


# ----------------------------------------------------------------- 5. all_cases_jsonl


@HELDOUT24
def all_cases_jsonl(ch: Chooser) -> BlindOutput:
    """JSON Lines for the whole batch (a line per statement with its case id, or a line per case), as local
    models with a JSON grammar and Mistral write them; stored whole with a note, or filtered to this case's lines."""
    d = BatchDraw(ch, "all_cases_jsonl", schemes=NAMED_SCHEMES)
    per = d.dim("jsonl_line", ("statement", "case"))
    case_key = d.dim("jsonl_case_key", ("case_id", "case", "qid"))
    index_key = d.dim("jsonl_index_key", ("statement_idx", "idx", "n"))
    kind = d.dim("json_verdict", ("int", "bool", "word"))
    with_reason = d.flag("jsonl_reason", weight_off=1)
    store = d.dim("jsonl_store", ("whole_note", "whole_note", "filtered"))
    d.use_ink()
    lines: list[tuple[BatchCase, str]] = []
    for case in d.cases:
        if per == "statement":
            for j, s, t in case.items():
                record: dict[str, Any] = {case_key: case.key, index_key: j + 1, "statement": s}
                record["verdict"] = _json_value(d, kind, j, t)
                if with_reason:
                    record["reason"] = d.explanation(j, t)
                lines.append((case, _dumps(record)))
        else:
            items = []
            for j, s, t in case.items():
                item: dict[str, Any] = {"statement": s, "verdict": _json_value(d, kind, j, t)}
                if with_reason:
                    item["reason"] = d.explanation(j, t)
                items.append(item)
            lines.append((case, _dumps({case_key: case.key, "verdicts": items})))
    if store == "filtered":
        return d.done("\n".join(text for case, text in lines if case.own))
    return d.done(noted(d, "\n".join(text for _case, text in lines), d.own.key))


# ----------------------------------------------------------------- 6. header_cut_section

_CUT_HEADS = ("### Case {c}", "## {c}", "Case {c}:", "**{c}**", "=== {c} ===", "[{c}]")
_CUT_CONTENT = ("blocks", "blocks_final", "echo", "final", "s_lines")


def _section_body(d: BatchDraw, case: BatchCase, content: str, marker: str, echo: str) -> str:
    """A case's verdicts as one section of a batched reply (legacy blocks, echo lines, a final line, S-lines)."""
    if content in ("blocks", "blocks_final"):
        blocks = [
            f"{j + 1}. {s}\nExplanation: {d.explanation(j, t)}\n{marker.format(v=d.token(j, t))}"
            for j, s, t in case.items()
        ]
        if content == "blocks_final":
            blocks.append(f"{FINAL} {final_words(d, case)}")
        return "\n\n".join(blocks)
    if content == "echo":
        return "\n".join(
            echo.format(k=j + 1, s=s, b=_bare(s), v=d.token(j, t, annotate=True)) for j, s, t in case.items()
        )
    if content == "final":
        return f"{FINAL} {final_words(d, case)}"
    return "\n".join(f"S{j + 1}: {d.token(j, t, annotate=True)}" for j, _s, t in case.items())


@HELDOUT24
def header_cut_section(ch: Chooser) -> BlindOutput:
    """Only this case's section, as a pipeline cut it out of the batched reply at its heading ("### Case q18")."""
    d = BatchDraw(ch, "header_cut_section", schemes=NAMED_SCHEMES)
    head = d.dim("cut_head", _CUT_HEADS)
    content = d.dim("cut_content", _CUT_CONTENT)
    marker = d.dim("section_marker", _BLOCK_MARKERS)
    echo = d.dim("cut_echo", ('{k}. "{s}" — {v}', "{k}. {s} → {v}", "- {b}: {v}"))
    ink = _ink(d, exclude=("emoji_only",))
    ink.annotate(allowed=content in ("echo", "s_lines"))
    parts = [head.format(c=d.own.key), _section_body(d, d.own, content, marker, echo)]
    if d.flag("cut_case_count", weight_off=2):
        parts.append(f"{d.own.supported}/{d.own.n} supported.")
    if d.position == d.size - 1 and d.flag("cut_kept_sign_off", weight_off=2):
        parts.append(d.dim("cut_sign_off", ("That's all the cases.", "Let me know if you need anything else.")))
    return d.done("\n\n".join(parts))


# ----------------------------------------------------------------- 7. neighbour_tail_cut


@HELDOUT24
def neighbour_tail_cut(ch: Chooser) -> BlindOutput:
    """A section cut by character offsets that kept a neighbour's tail before this case's heading, the next case's
    head after its section, or both (a splitter off by a few lines); the pipeline's note names this case."""
    d = BatchDraw(ch, "neighbour_tail_cut", schemes=NAMED_SCHEMES, max_cases=4)
    head = d.dim("cut_head", ("### Case {c}", "## Case {c}", "**Case {c}**", "Case {c}:"))
    content = d.dim("cut_content", ("blocks", "blocks_final", "echo", "final"))
    marker = d.dim("section_marker", _BLOCK_MARKERS)
    echo = d.dim("cut_echo", ('{k}. "{s}" — {v}', "{k}. {s} → {v}", "- {b}: {v}"))
    ink = _ink(d, exclude=("emoji_only",))
    ink.annotate(allowed=content == "echo")
    sections = [f"{head.format(c=case.key)}\n\n{_section_body(d, case, content, marker, echo)}" for case in d.cases]
    own = sections[d.position]
    before = d.position > 0
    after = d.position < d.size - 1
    modes = [m for m, ok in (("lead", before), ("trail", after), ("both", before and after)) if ok]
    mode = d.dim("debris", modes)
    text = own
    if mode in ("lead", "both"):
        previous = sections[d.position - 1]
        start = ch.integer("cut_from", len(previous) // 2, len(previous) - 6)
        text = previous[start:] + "\n\n" + text
    if mode in ("trail", "both"):
        following = sections[d.position + 1]
        first_line = following.index("\n") + 1
        end = ch.integer("cut_to", first_line + 4, max(first_line + 4, len(following) // 2))
        text = text + "\n\n" + following[:end]
    always = mode != "trail"
    if always or d.flag("cut_note"):
        form = d.dim("cut_note_form", (
            "this case: {c}",
            "case_id={c} (section cut from batch {b})",
            "[case {c}] section cut from the batched reply",
            "record: {c}\nbatch: {b}\n---",
        ))  # fmt: skip
        text = form.format(c=d.own.key, b=d.batch_id) + "\n\n" + text
    return d.done(text)


# ----------------------------------------------------------------- 8. continuous_numbering


@HELDOUT24
def continuous_numbering(ch: Chooser) -> BlindOutput:
    """Statements numbered continuously across the batch (this case's are 4-6), as graders do when one prompt lists
    every case's statements: sections headed with their range, maybe a combined final line, or a range map then the
    verdicts; stored whole with a note, or this case's section cut out with its global numbers."""
    d = BatchDraw(ch, "continuous_numbering", schemes=("q", "case", "letter", "number"))
    form = d.dim("continuous_form", ("sections", "sections_final", "map_final"))
    dash = d.dim("range_dash", ("–", "-"))
    item = d.dim("continuous_item", ("{k}. {s}\nVerdict: {v}.", "{k}. {s} — {v}", "Statement {k}: {v}", "{k}. {v}"))
    head = d.dim("continuous_head", ("### {c}", "**{c}**", "{c}:"))
    bare_items = item in ("Statement {k}: {v}", "{k}. {v}")
    ranged = d.flag("range_in_head") or bare_items
    store = d.dim("continuous_store", ("whole", "whole", "cut") if form == "sections" else ("whole",))
    _ink(d, ("yes_no", "yes_no", "supported", "true_false", "correct"), exclude=("emoji_only", "bracket"))
    starts = []
    total = 0
    for case in d.cases:
        starts.append(total)
        total += case.n

    def name(case: BatchCase) -> str:
        return f"Case {case.key}"

    def span(index: int) -> str:
        return _span(starts[index] + 1, starts[index] + d.cases[index].n, dash)

    sections = []
    for index, case in enumerate(d.cases):
        title = head.format(c=name(case))
        if ranged:
            title = title.rstrip(":") + f" ({span(index)})" + (":" if title.endswith(":") else "")
        lines = [item.format(k=starts[index] + j + 1, s=s, v=d.token(j, t)) for j, s, t in case.items()]
        sections.append(title + "\n" + "\n".join(lines))
    if store == "cut":
        return d.done(sections[d.position])
    if form == "map_final":
        mapping = "\n".join(f"{name(case)}: {span(index)}" for index, case in enumerate(d.cases))
        words = [d.word(j, t) for case in d.cases for j, _s, t in case.items()]
        verdicts = "\n".join(f"{k}. {w}" for k, w in enumerate(words, 1))
        body = f"{mapping}\n\n{FINAL}\n{verdicts}"
    else:
        body = "\n\n".join(sections)
        if form == "sections_final":
            words = [d.word(j, t) for case in d.cases for j, _s, t in case.items()]
            enumerated = d.flag("combined_enumerated")
            joined = " ".join(f"{k}. {w}." if enumerated else f"{w}." for k, w in enumerate(words, 1))
            body += f"\n\n{FINAL} {joined}"
    return d.done(noted(d, batch_frame(d, body, name, think=False), name(d.own)))


# ----------------------------------------------------------------- 9. per_case_final_lines


@HELDOUT24
def per_case_final_lines(ch: Chooser) -> BlindOutput:
    """Several statements lists sent at once and one compact line of verdicts per list ("List 2: Yes. No. Yes."),
    as GPT-4o mini and Qwen answer a cost-saving prompt; stored whole with a note naming this list."""
    d = BatchDraw(ch, "per_case_final_lines", schemes=ID_SCHEMES)
    if d.scheme == "number":
        title = d.dim("list_title", ("List {c}", "Statements list {c}", "Set {c}"))
    elif d.scheme == "letter":
        title = d.dim("list_title", ("Case {c}", "List {c}"))
    else:
        title = d.dim("list_title", ("Case {c}", "{c}"))
    joint = d.dim("list_joint", ("dot", "comma", "semicolon", "pipe"))
    enumerated = d.flag("list_enumerated")
    after = d.dim("list_label_sep", (": ", " → ", " — "))
    header = d.dim("list_header", (
        "none", "Final verdict for each statement in order, per list:", "Verdicts by case:", "Final verdicts:",
    ))  # fmt: skip
    _ink(d, ("yes_no", "yes_no", "supported", "true_false", "pass_fail"), exclude=("bracket",))
    lines = []
    for case in d.cases:
        words = [d.token(j, t) for j, _s, t in case.items()]
        if enumerated:
            words = [f"{j + 1}. {w}" for j, w in enumerate(words)]
        if joint == "dot":
            said = " ".join(f"{w}." for w in words)
        else:
            said = {"comma": ", ", "semicolon": "; ", "pipe": " | "}[joint].join(words)
        lines.append(title.format(c=case.key) + after + said)
    body = "\n".join(lines) if header == "none" else header + "\n" + "\n".join(lines)

    def label_of(case: BatchCase) -> str:
        return title.format(c=case.key)

    return d.done(noted(d, batch_frame(d, body, label_of), label_of(d.own)))


# ----------------------------------------------------------------- 10. batch_api_result_lines


def _hex(ch: Chooser, name: str, digits: int) -> str:
    out = ""
    while len(out) < digits:
        out += f"{ch.integer(name, 0, 0xFFFFFFFF):08x}"
    return out[:digits]


def _legacy_answer(d: BatchDraw, case: BatchCase, content: str) -> str:
    """One case's own answer to the legacy prompt (the batch API sends each case as its own request)."""
    final = f"{FINAL} {final_words(d, case)}"
    if content == "final":
        return final
    blocks = [f"{j + 1}. {s}\nExplanation: {d.explanation(j, t)}" for j, s, t in case.items()]
    return "\n\n".join([*blocks, final])


@HELDOUT24
def batch_api_result_lines(ch: Chooser) -> BlindOutput:
    """The OpenAI Batch API output file or Anthropic Message Batches results (a JSON line per request, each with its
    custom_id), stored whole for every case of the batch; a neighbour's request may have failed; a note names
    this case's custom_id."""
    d = BatchDraw(ch, "batch_api_result_lines", schemes=NAMED_SCHEMES)
    provider = d.dim("batch_provider", ("openai", "anthropic"))
    content = d.dim("batch_content", ("blocks_final", "final"))
    failed = d.flag("neighbour_failed", weight_off=2)
    failed_index = next(j for j in range(d.size) if j != d.position)
    d.use_ink(("yes_no",))
    model = d.dim("batch_model", (
        ("gpt-4o-mini-2024-07-18", "gpt-4o-2024-08-06") if provider == "openai"
        else ("claude-3-5-haiku-20241022", "claude-3-5-sonnet-20241022")
    ))  # fmt: skip
    lines = []
    for index, case in enumerate(d.cases):
        answer = _legacy_answer(d, case, content)
        if provider == "openai":
            if failed and index == failed_index:
                error: dict[str, Any] = {"code": "rate_limit_exceeded", "message": "Rate limit reached for requests."}
                record: dict[str, Any] = {"id": f"batch_req_{_hex(ch, 'req', 32)}", "custom_id": case.key,
                                          "response": None, "error": error}  # fmt: skip
            else:
                message: dict[str, Any] = {"role": "assistant", "content": answer, "refusal": None}
                body: dict[str, Any] = {
                    "id": f"chatcmpl-{_hex(ch, 'completion', 24)}", "object": "chat.completion",
                    "created": 1730000000 + ch.integer("created", 0, 9_999_999), "model": model,
                    "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": ch.integer("prompt_tokens", 300, 2400),
                              "completion_tokens": ch.integer("completion_tokens", 10, 400)},
                }  # fmt: skip
                response = {"status_code": 200, "request_id": _hex(ch, "request", 32), "body": body}
                record = {"id": f"batch_req_{_hex(ch, 'req', 32)}", "custom_id": case.key,
                          "response": response, "error": None}  # fmt: skip
        elif failed and index == failed_index:
            error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
            record = {"custom_id": case.key, "result": {"type": "errored", "error": error}}
        else:
            message = {
                "id": f"msg_01{_hex(ch, 'message', 22)}", "type": "message", "role": "assistant", "model": model,
                "content": [{"type": "text", "text": answer}], "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": ch.integer("prompt_tokens", 300, 2400),
                          "output_tokens": ch.integer("completion_tokens", 10, 400)},
            }  # fmt: skip
            record = {"custom_id": case.key, "result": {"type": "succeeded", "message": message}}
        lines.append(_dumps(record))
    form = d.dim("batch_note", (
        "this case: custom_id {c}",
        "# batch results file {b}.jsonl, stored whole; this record is custom_id={c}",
        "[case {c}] raw batch output (all {m} requests)",
    ))  # fmt: skip
    return d.done(form.format(c=d.own.key, b=d.batch_id, m=d.size) + "\n" + "\n".join(lines))


# ----------------------------------------------------------------- 11. xml_case_elements


@HELDOUT24
def xml_case_elements(ch: Chooser) -> BlindOutput:
    """XML elements per case (``<case id="q18">`` holding a verdict per statement), as Claude answers a prompt that
    wraps each case in XML tags; stored whole with a note, or this case's element cut out."""
    d = BatchDraw(ch, "xml_case_elements", schemes=NAMED_SCHEMES)
    element = d.dim("xml_case_element", ("case", "answer", "item"))
    form = d.dim("xml_form", ("full", "compact", "attribute"))
    root = d.dim("xml_root", ("results", "evaluations", "none"))
    store = d.dim("xml_store", ("whole_note", "whole_note", "cut"))
    d.use_ink(("yes_no", "supported", "entailed", "true_false"))

    def render(case: BatchCase) -> str:
        rows = [f"<{element} id={quoteattr(case.key)}>"]
        for j, s, t in case.items():
            w = escape(d.word(j, t))
            if form == "full":
                rows += [
                    f'  <statement index="{j + 1}">', f"    <text>{escape(s)}</text>",
                    f"    <reasoning>{escape(d.explanation(j, t))}</reasoning>", f"    <verdict>{w}</verdict>",
                    "  </statement>",
                ]  # fmt: skip
            elif form == "compact":
                rows.append(f'  <verdict statement="{j + 1}">{w}</verdict>')
            else:
                rows.append(f'  <claim index="{j + 1}" verdict={quoteattr(d.word(j, t))}>{escape(s)}</claim>')
        rows.append(f"</{element}>")
        return "\n".join(rows)

    if store == "cut":
        return d.done(render(d.own))
    inner = "\n".join(render(case) for case in d.cases)
    if root != "none":
        inner = f"<{root}>\n" + "\n".join("  " + row for row in inner.split("\n")) + f"\n</{root}>"
    body = batch_frame(d, inner, lambda case: f"{element} {case.key}", summary=False)
    return d.done(noted(d, body, d.own.key))


# ----------------------------------------------------------------- 12. case_csv_export


@HELDOUT24
def case_csv_export(ch: Chooser) -> BlindOutput:
    """CSV (or TSV) with a case column, as graders asked for "CSV, one row per statement" write it for a batch;
    stored whole with a note, or the header and this case's rows only."""
    d = BatchDraw(ch, "case_csv_export", schemes=NAMED_SCHEMES)
    delimiter = d.dim("csv_delimiter", (",", ",", "\t"))
    columns = d.dim("csv_columns", ("id_no_stmt_verdict", "id_no_stmt_verdict_reason", "id_no_verdict"))
    kind = d.dim("csv_verdict", ("int", "word"))
    fenced = d.flag("csv_fence")
    store = d.dim("csv_store", ("whole_note", "whole_note", "filtered"))
    d.use_ink(("yes_no", "supported", "true_false"))
    header = ["case_id", "statement_no"]
    if "stmt" in columns:
        header.append("statement")
    header.append("verdict")
    if columns.endswith("reason"):
        header.append("reason")
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(header)
    for case in d.cases:
        if store == "filtered" and not case.own:
            continue
        for j, s, t in case.items():
            if kind == "int":
                verdict = "1" if t is True else "0" if t is False else d.word(j, None).lower()
            else:
                verdict = d.word(j, t)
            fields = {"case_id": case.key, "statement_no": str(j + 1), "statement": s, "verdict": verdict,
                      "reason": d.explanation(j, t)}  # fmt: skip
            writer.writerow([fields[name] for name in header])
    text = buffer.getvalue().rstrip("\n")
    if fenced:
        text = f"```csv\n{text}\n```"
    if store == "filtered":
        return d.done(text)
    return d.done(noted(d, batch_frame(d, text, lambda case: case.key, think=False), d.own.key))


# ----------------------------------------------------------------- 13. nested_case_bullets


@HELDOUT24
def nested_case_bullets(ch: Chooser) -> BlindOutput:
    """A bullet per case with the verdicts as sub-bullets, as chat models format a batch answer in markdown;
    stored whole with a note naming this case."""
    d = BatchDraw(ch, "nested_case_bullets", schemes=("q", "case", "item", "letter", "hex"))
    bare = d.scheme in NAMED_SCHEMES and d.flag("bullet_bare_id")
    top = d.dim("bullet_top", ("- **{c}**", "* {c}:", "- {c} ({n} statement{pl})", "• {c}"))
    sub = d.dim("bullet_sub", ("Statement {k}: {v}", '"{s}": {v}', "{k}. {s} — {v}", "{v} — {s}"))
    indent = d.dim("bullet_indent", ("  ", "    "))
    mark = d.dim("bullet_sub_mark", ("- ", "* ", "◦ "))
    if sub == "{v} — {s}" and d.leading_verdict_words:
        sub = "{k}. {s} — {v}"
    ink = _ink(d, exclude=("emoji_only",))
    ink.annotate(allowed=sub != "{v} — {s}")

    def label(case: BatchCase) -> str:
        return case.key if bare else f"Case {case.key}"

    lines = []
    for case in d.cases:
        lines.append(top.format(c=label(case), n=case.n, pl=_pl(case.n)))
        for j, s, t in case.items():
            said = sub.format(k=j + 1, s=s, v=d.token(j, t, annotate=sub != "{v} — {s}"))
            lines.append(f"{indent}{mark}{said}")
    return d.done(noted(d, batch_frame(d, "\n".join(lines), label), label(d.own)))


# ----------------------------------------------------------------- 14. verdict_lists_by_case


def _py(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _yaml(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"' if value.lower() in ("yes", "no", "true", "false", "null") or ":" in value else value
    return str(value)


@HELDOUT24
def verdict_lists_by_case(ch: Chooser) -> BlindOutput:
    """Just the verdict lists, keyed by case (JSON, a Python dict the pipeline printed, YAML, key lines), as a
    grader asked for "only the verdicts per case" answers; stored whole with a note naming this case."""
    d = BatchDraw(ch, "verdict_lists_by_case", schemes=NAMED_SCHEMES)
    syntax = d.dim("list_syntax", ("json_nested", "json_outer", "python", "yaml", "key_lines"))
    kind = d.dim("list_verdict", ("int", "bool", "word"))
    d.use_ink(("yes_no", "supported", "true_false"))

    def value(j: int, t: Truth) -> Any:
        return d.word(j, t).lower() if kind == "word" else _json_value(d, kind, j, t)

    lists = {case.key: [value(j, t) for j, _s, t in case.items()] for case in d.cases}
    if syntax == "json_nested":
        text = _dumps({key: {"verdicts": values} for key, values in lists.items()}, d.dim("json_indent", ("none", "2")))
    elif syntax == "json_outer":
        text = _dumps({"verdicts_by_case": lists}, d.dim("json_indent", ("none", "2")))
    elif syntax == "python":
        inner = ", ".join(f"{key!r}: {{'verdicts': [{', '.join(_py(v) for v in vs)}]}}" for key, vs in lists.items())
        text = "{" + inner + "}"
    elif syntax == "yaml":
        text = "\n".join(f"{key}:\n  verdicts: [{', '.join(_yaml(v) for v in vs)}]" for key, vs in lists.items())
    else:
        shown = {None: "null", True: "true", False: "false"}
        text = "\n".join(
            f"{key} verdicts: " + ", ".join(shown[v] if v is None or isinstance(v, bool) else str(v) for v in vs)
            for key, vs in lists.items()
        )
    if syntax != "python" and d.flag("list_fence"):
        text = f"```{'json' if syntax.startswith('json') else 'yaml' if syntax == 'yaml' else ''}\n{text}\n```"
    return d.done(noted(d, text, d.own.key))


# ----------------------------------------------------------------- 15. fenced_json_per_case


@HELDOUT24
def fenced_json_per_case(ch: Chooser) -> BlindOutput:
    """A heading per case, each followed by a fenced RAGAS JSON object, as Llama 3.1 and Gemini answer a batched
    prompt that asks for "the JSON for each case"; stored whole with a note, or this case's heading and fence."""
    d = BatchDraw(ch, "fenced_json_per_case", schemes=NAMED_SCHEMES)
    head = d.dim("fence_head", ("Case {c}:", "**{c}**", "### {c}", "For case {c}:", "{c}"))
    kind = d.dim("json_verdict", ("int", "int", "str_int", "bool"))
    keys = _ITEM_KEYS[d.dim("item_keys", ("statement_reason_verdict", "statement_verdict_reason"))]
    indent = d.dim("json_indent", ("none", "2"))
    fence = d.dim("fence_tag", ("```json", "```"))
    store = d.dim("fence_store", ("whole_note", "whole_note", "cut"))
    d.use_ink()
    sections = []
    for case in d.cases:
        text = _dumps({"statements": _ragas_items(d, case, kind, keys)}, indent)
        sections.append(f"{head.format(c=case.key)}\n{fence}\n{text}\n```")
    if store == "cut":
        return d.done(sections[d.position])
    body = batch_frame(d, "\n\n".join(sections), lambda case: case.key, think=False, summary=False)
    return d.done(noted(d, body, d.own.key))


# ----------------------------------------------------------------- 16. composite_item_ids


@HELDOUT24
def composite_item_ids(ch: Chooser) -> BlindOutput:
    """One verdict per item whose id carries the case ("q18.2: No", "case-0042/s3 → Yes"), as graders answer when
    the prompt gave every statement of the batch such an id; stored whole with a note, or filtered to this case."""
    d = BatchDraw(ch, "composite_item_ids", schemes=NAMED_SCHEMES)
    ref = d.dim("item_ref", ("{c}.{k}", "{c}-s{k}", "{c}/{k}", "{c}#{k}", "{c}_s{k}"))
    line = d.dim("item_line", ("{r}: {v}", "{r} → {v}", "{r} | {s} | {v}", "[{r}] {v} — {e}"))
    joined = d.dim("item_join", ("lines", "lines", "inline")) if line in ("{r}: {v}", "{r} → {v}") else "lines"
    store = d.dim("item_store", ("whole_note", "whole_note", "filtered"))
    ink = _ink(d, exclude=("bracket", "emoji_only"))
    ink.annotate(allowed=line in ("{r}: {v}", "{r} → {v}") and joined == "lines")
    rows: list[tuple[BatchCase, str]] = []
    for case in d.cases:
        for j, s, t in case.items():
            r = ref.format(c=case.key, k=j + 1)
            annotated = line in ("{r}: {v}", "{r} → {v}") and joined == "lines"
            rows.append((case, line.format(r=r, s=s, v=d.token(j, t, annotate=annotated), e=d.explanation(j, t))))
    kept = [text for case, text in rows if store != "filtered" or case.own]
    body = "\n".join(kept) if joined == "lines" else d.dim("item_inline_sep", ("; ", " · ", ", ")).join(kept)
    if store == "filtered":
        return d.done(body)
    return d.done(noted(d, batch_frame(d, body, lambda case: case.key, think=False), d.own.key))


# ----------------------------------------------------------------- 17. batch_refusals

_WHOLE_REFUSALS = (
    "I'm sorry, but I can't evaluate these cases: none of them includes a context to check the statements against.",
    "I can't grade this batch. The context is empty for all {m} cases.",
    "Unfortunately, I cannot provide verdicts for any of the {m} cases: the retrieved passages are missing.",
    "As an AI language model, I can't judge these statements without the source documents for each case.",
    "This batch is too long for me to evaluate reliably in one response. Please send the cases separately.",
    "I'm unable to evaluate the {m} cases: each one's context section contains only a placeholder.",
)
_SECTION_REFUSALS = (
    "I can't evaluate this case: its context is empty.",
    "Unable to judge the statements of this case; no context was provided for it.",
    "I'm sorry, but I cannot assess this case's statements: the context given for it is about a different topic.",
    "Skipped: the context for this case is missing, so I can't judge its statements.",
    "The context for this case was cut off before any passage, so I cannot give verdicts for it.",
)
_ERROR_FIELDS = (
    "cannot judge: the context for this case is empty",
    "no context provided for this case; statements not evaluated",
    "unable to evaluate this case without its context",
)


@HELDOUT24
def batch_refusals(ch: Chooser) -> BlindOutput:
    """The grader declines the whole batch, or this case's section (or JSON member) says it cannot be judged while
    the other cases got verdicts, as GPT-4o and Claude answer when some contexts are empty; no verdict for this case."""
    d = BatchDraw(ch, "batch_refusals", schemes=NAMED_SCHEMES, unknowns=False)
    kind = d.dim("batch_refusal", ("whole", "section", "section_cut", "json_member"))
    _ink(d, ("yes_no", "supported"), exclude=("emoji_only",))
    if kind == "whole":
        text = d.dim("whole_refusal", _WHOLE_REFUSALS).format(m=d.size)
        return d.refused(noted(d, text, d.own.key))
    if kind == "json_member":
        message = d.dim("refusal_error", _ERROR_FIELDS)
        key = d.dim("refusal_key", ("error", "skipped_reason"))
        reply: dict[str, Any] = {}
        for case in d.cases:
            if case.own:
                reply[case.key] = {"statements": [], key: message} if key == "skipped_reason" else {key: message}
            else:
                reply[case.key] = {"statements": _ragas_items(d, case, "int", _ITEM_KEYS["statement_reason_verdict"])}
        return d.refused(noted(d, _dumps(reply, d.dim("json_indent", ("none", "2"))), d.own.key))
    head = d.dim("refusal_head", ("### Case {c}", "Case {c}:", "**{c}**"))
    refusal = d.dim("section_refusal", _SECTION_REFUSALS)
    sections = []
    for case in d.cases:
        if case.own:
            sections.append(f"{head.format(c=case.key)}\n{refusal}")
        else:
            sections.append(f"{head.format(c=case.key)}\n{FINAL} {final_words(d, case)}")
    if kind == "section_cut":
        return d.refused(sections[d.position])
    return d.refused(noted(d, "\n\n".join(sections), d.own.key))
