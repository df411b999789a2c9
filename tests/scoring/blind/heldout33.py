"""A THIRTY-THIRD HELD-OUT set of blind layouts: replies in several parts, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout33``); do not read it while
developing the reader. Written from how one case's call-2 answer reaches the pipeline in
several parts rather than as one reply, and how those parts are kept together: a chat app's
answer cut at its output limit and finished after "Continue generating" (the person pastes both
halves with a note of their own), an API answer stopped by ``max_tokens`` and continued by the
pipeline ("Continuing from statement 6:", the unfinished block written again), pipelines that
send the statements in chunks with the legacy or the RAGAS prompt and store the replies one
after the other (``--- chunk 2 of 3 (statements 4-6) ---``, each chunk's own final line, JSON
objects back to back), a grader that splits its own answer ("Part 2/3"), a conversation where
the grader answers statements 1-4 and, after a follow-up, 5-8, reports paginated by a PDF
export (``Page 1 of 2``, the table header repeated) or by a console pager (``--More--(45%)``),
a verdict list interrupted by a long note on one statement, answers given per paragraph of the
answer being graded (numbered across the paragraphs, or within each under a heading that names
its statements), a JSON answer cut by the token limit and the rest asked for again, a chat bot
that splits a long message at the platform's limit ("[2/3]"), an evaluation API's paginated
results saved page by page, a map-reduce chain's partial results with the combined list, and
refusals of the whole task in every part.

Each layout draws graders.py's dimensions where they fit (statement counts from 2 to 10, call
1's styles, verdict words and casing, decorations, undecided items, explanations) and, for
layouts that hold one reply of the grader, ``_draw``'s frame (a preface, an agreeing count, a
sign-off). Statements are this case's call-1 statements in order. Only outputs where a careful
person tells without doubt which verdict belongs to which statement are drawn: numbers run on
across the parts, or restart only under a heading or separator that names the statements of its
part (or beside the statement's own text); a verdict is never cut in two; a statement an
interrupted part left without a verdict is answered in full in the next part; every recap and
count agrees with the verdicts, and a refusal layout's parts give no verdict at all.

    HELDOUT33.draw(RandomChooser(random.Random(7)))     # one output, layout chosen uniformly
    heldout33_outputs(layout="chunked_legacy_final_lines")  # one layout's strategy
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import (
    PREFACES,
    TALLIES,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
)
from tests.scoring.graders import Chooser, Truth

T = TypeVar("T")
HELDOUT33 = LayoutSet("heldout33")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well (and long ones are split most).
MAX_N = 10

Span = tuple[int, int]  # statements [a, b), by index from 0


def heldout33_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-third held-out set (one layout when named)."""
    return HELDOUT33.strategy(layout)


def _of(truth: Truth, options: Sequence[T]) -> T:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _open(ch: Chooser, layout: str, *, plain_openers: bool = False) -> Draw:
    """``Draw`` for one case of 2 to 10 statements: a split needs two, the long answers are split most."""
    length = ch.pick("answer_length", ("short", "short", "long"))
    d = Draw(ch, layout, min_n=2, max_n=5 if length == "short" else MAX_N, plain_openers=plain_openers)
    d.dims["answer_length"] = length
    return d


def _ink(d: Draw, *, annotate: bool = False, exclude: Sequence[str] = ("arrow",)) -> Ink:
    """Verdict words with graders.py's vocabulary, casing and decoration (an aside only where asked)."""
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=exclude)
    ink.annotate(allowed=annotate)
    return ink


def _split(d: Draw, name: str, most: int) -> list[Span]:
    """The statements in 2 to ``most`` consecutive non-empty parts, cut at drawn places."""
    count = d.ch.integer(name, 2, min(most, d.n))
    pool = list(range(1, d.n))
    points = sorted(pool.pop(d.ch.integer(f"{name}_at", 0, len(pool) - 1)) for _ in range(count - 1))
    d.dims[name] = str(count)
    bounds = [0, *points, d.n]
    return list(itertools.pairwise(bounds))


def _chunks(d: Draw, name: str, most: int = 4) -> list[Span]:
    """Fixed-size chunks as a pipeline cuts them (the last one shorter), at least two."""
    size = d.ch.integer(name, 1, min(most, d.n - 1))
    d.dims[name] = str(size)
    return [(a, min(a + size, d.n)) for a in range(0, d.n, size)]


def _span(a: int, b: int, form: str = "dash") -> str:
    """How a grader names statements ``a`` to ``b`` (from 1, both included)."""
    if a == b:
        return f"statement {a}"
    return {"dash": f"statements {a}–{b}", "hyphen": f"statements {a}-{b}", "to": f"statements {a} to {b}"}[form]


def _tally(ch: Chooser, supported: int, n: int) -> str:
    return ch.pick("tally_phrase", TALLIES).format(s=supported, n=n, pl=_pl(n), are="is" if n == 1 else "are")


def _words(d: Draw, ink: Ink, span: Span, stop: str = ".") -> str:
    """``Yes. No. Unclear.``: the plain verdict words of a span, in order."""
    return " ".join(ink.word(i, d.truth[i]) + stop for i in range(*span))


# ----------------------------------------------------------------- the items of an answer

# {k} the item's label, {s} the statement, {v} the verdict (decorated), {e} a one-sentence explanation.
ITEM_FORMS: dict[str, str] = {
    "legacy": "Statement {k}: {s}\nExplanation: {e}\nVerdict: {v}.",
    "reason_then_verdict": "{k}. {s}\n   Reason: {e}\n   Verdict: {v}",
    "verdict_then_reason": "{k}. {s}\n   Verdict: {v}\n   Reason: {e}",
    "echo_dash": '{k}. "{s}" — {v}',
    "verdict_reason": "{k}. {v} — {e}",
    "label_verdict": "Statement {k}: {v}. {e}",
}
ONE_LINE = frozenset({"echo_dash", "verdict_reason", "label_verdict"})
# Forms whose verdict comes last in the item (a cut before it leaves the statement without a verdict).
VERDICT_LAST = ("legacy", "reason_then_verdict")


def _item(d: Draw, ink: Ink, form: str, i: int, label: str) -> str:
    truth = d.truth[i]
    return ITEM_FORMS[form].format(k=label, s=d.statements[i], v=ink.token(i, truth), e=ink.explanation(i, truth))


def _items(d: Draw, ink: Ink, form: str, span: Span, labels: Sequence[str] | None = None) -> str:
    """The items of ``span``, labelled with call 1's numbers unless ``labels`` are given."""
    shown = labels if labels is not None else [str(i + 1) for i in range(*span)]
    blocks = [_item(d, ink, form, i, label) for i, label in zip(range(*span), shown, strict=True)]
    return ("\n" if form in ONE_LINE else "\n\n").join(blocks)


def _form_ink(d: Draw, forms: Sequence[str], *, exclude: Sequence[str] = ("arrow",)) -> tuple[str, Ink]:
    """An item form, then the verdict words (an aside after the verdict only where no explanation follows)."""
    form = d.dim("item_form", tuple(forms))
    return form, _ink(d, annotate=form == "echo_dash", exclude=exclude)


def _preface(d: Draw) -> str:
    return d.ch.pick("preface_text", PREFACES) if d.flag("preface", weight_off=2) else ""


def _glue(*parts: str, gap: str = "\n\n") -> str:
    return gap.join(part for part in parts if part)


# ----------------------------------------------------------------- 1. continue_generating_joined

_PERSON_JOINS = (
    "\n\n[continued]\n\n",
    "\n\n(continued)\n\n",
    "\n\n--- continued ---\n\n",
    "\n\n[clicked Continue generating]\n\n",
    "\n\n(cont.)\n\n",
    "\n\n",
    "\n",
)


def _line_cuts(text: str) -> list[int]:
    """Every line break (the first of a run) with text on both sides."""
    return [
        k for k, c in enumerate(text) if c == "\n" and text[k - 1] != "\n" and text[:k].strip() and text[k:].strip()
    ]


def _word_cuts(text: str, sentences: Sequence[str]) -> list[int]:
    """The spaces inside each occurrence of ``sentences`` (in order): a cut mid-sentence, never in a verdict."""
    cuts: list[int] = []
    start = 0
    for sentence in sentences:
        at = text.find(sentence, start)
        if at < 0:
            continue
        cuts.extend(at + k for k, c in enumerate(sentence) if c == " ")
        start = at + len(sentence)
    return cuts


def _cut(text: str, points: Sequence[int], join: str) -> str:
    """``text`` cut at ``points`` (each a space or a line break, dropped) and joined again with ``join``."""
    pieces, last = [], 0
    for point in sorted(points):
        pieces.append(text[last:point].lstrip("\n").rstrip())
        last = point + 1
    pieces.append(text[last:].lstrip("\n"))
    return join.join(pieces)


def _draw_points(d: Draw, candidates: Sequence[int], count: int) -> list[int]:
    pool = list(candidates)
    return sorted(pool.pop(d.ch.integer("cut_at", 0, len(pool) - 1)) for _ in range(min(count, len(pool))))


@HELDOUT33
def continue_generating_joined(ch: Chooser) -> BlindOutput:
    """ChatGPT's and Claude's web apps stop a long answer at their output limit and offer "Continue generating"
    (Claude: "Continue"); the person copies what is there, clicks, copies the rest and pastes both halves into
    the results sheet, joined with a note of their own ("[continued]", "(cont.)") or just a line break. The
    cut falls between lines or mid-sentence in an explanation, never inside a verdict."""
    d = _open(ch, "continue_generating_joined")
    form, ink = _form_ink(d, ("legacy", "legacy", "reason_then_verdict", "verdict_then_reason", "verdict_reason",
                              "label_verdict", "echo_dash"))  # fmt: skip
    body = _items(d, ink, form, (0, d.n))
    if form == "legacy" and d.flag("final_line", weight_off=1):
        body += "\n\n" + d.final_line()
    whole = d.frame(body, think=False)
    kind = d.dim("cut_kind", ("line", "line", "mid_sentence") if form != "echo_dash" else ("line",))
    explanations = [ink.explanation(i, t) for i, _s, t in d.items()]
    candidates = _line_cuts(whole) if kind == "line" else _word_cuts(whole, explanations)
    count = int(d.dim("cuts", ("1", "1", "2"))) if d.n >= 5 else 1
    join = d.dim("person_join", _PERSON_JOINS)
    return d.done(_cut(whole, _draw_points(d, candidates, count), join))


# ----------------------------------------------------------------- 2. length_stop_auto_continue

_CONTINUE_OPENERS = (
    "Continuing from statement {k}:",
    "(continued)",
    "Continuing where I left off, from Statement {k}.",
    "Sure, continuing with statement {k}:",
    "Picking up again at statement {k}:",
    "...continuing (statement {k} onward):",
)
_PIPELINE_MARKERS = (
    '\n\n[finish_reason=length; sent "continue"]\n\n',
    "\n\n<<<continuation {c}>>>\n\n",
    "\n\n----- continued (call {c2}) -----\n\n",
    "\n\n[truncated at max_tokens, continued]\n\n",
    "\n\n",
)


def _block_lines(d: Draw, ink: Ink, form: str, i: int) -> list[str]:
    return _item(d, ink, form, i, str(i + 1)).split("\n")


def _partial(d: Draw, ink: Ink, form: str, i: int, kind: str, where: int) -> str:
    """Block ``i`` as far as a stopped generation got: its statement line, or into its explanation (no verdict)."""
    lines = _block_lines(d, ink, form, i)
    if kind == "head":
        return lines[0]
    label, _colon, sentence = lines[1].partition(": ")
    words = sentence.split(" ")
    keep = 1 + where % max(1, len(words) - 1)  # at least one word, never the whole sentence
    return lines[0] + "\n" + label + ": " + " ".join(words[:keep])


@HELDOUT33
def length_stop_auto_continue(ch: Chooser) -> BlindOutput:
    """An API call stopped by ``max_tokens`` (``finish_reason: "length"``): the pipeline sends the partial answer
    back with "continue" and stores the parts joined with its marker. GPT-4o, Claude and Llama 3 restart the
    unfinished block ("Continuing from statement 6:"), so the statement the first part cut off before its verdict
    is answered in full in the next; the last part closes with the legacy final line over all statements."""
    d = _open(ch, "length_stop_auto_continue")
    form = d.dim("item_form", VERDICT_LAST)
    ink = _ink(d)
    count = int(d.dim("continuations", ("1", "1", "2"))) if d.n >= 4 else 1
    pool = list(range(1, d.n))
    resumes = sorted(pool.pop(ch.integer("resume_at", 0, len(pool) - 1)) for _ in range(count))
    marker = d.dim("pipeline_marker", _PIPELINE_MARKERS)
    opener = d.dim("continue_opener", _CONTINUE_OPENERS)
    bounds = [0, *resumes, d.n]
    parts = []
    for p in range(len(bounds) - 1):
        a, b = bounds[p], bounds[p + 1]
        blocks = [_item(d, ink, form, i, str(i + 1)) for i in range(a, b)]
        if b < d.n:
            stop = ch.pick("stop_kind", ("clean", "head", "explanation"))
            if stop != "clean":
                blocks.append(_partial(d, ink, form, b, stop, ch.integer("stop_word", 0, 9)))
        text = "\n\n".join(blocks)
        text = _glue(_preface(d) if p == 0 else opener.format(k=a + 1), text)
        parts.append(text)
    last = parts.pop()
    if d.flag("final_line", weight_off=1):
        last += "\n\n" + d.final_line()
    if d.flag("tally", weight_off=3):
        last += "\n\n" + d.tally()
    parts.append(last)
    text = parts[0]
    for c, part in enumerate(parts[1:], start=1):
        text += marker.format(c=c, c2=c + 1) + part
    return d.done(text)


# ----------------------------------------------------------------- 3. chunked_legacy_final_lines

_CHUNK_SEPARATORS = (
    "--- chunk {p} of {m} (statements {a}-{b}) ---",
    "=== Chunk {p}/{m} · statements {a}–{b} ===",
    "##### batch {p} of {m}: statements {a} to {b} #####",
    "[chunk {p}/{m} | statements {a}-{b}]",
    "# ---- request {p}/{m}, statements {a}..{b} ----",
)
_CHUNK_PREFACES = ("", "", "", "Here are my verdicts:", "Sure! Here is my evaluation of each statement.")


def _separator(template: str, p: int, m: int, span: Span) -> str:
    return template.format(p=p, m=m, a=span[0] + 1, b=span[1])


@HELDOUT33
def chunked_legacy_final_lines(ch: Chooser) -> BlindOutput:
    """A pipeline that keeps prompts short by sending the statements in chunks of 1 to 4 with the legacy prompt,
    then stores the replies one after the other under its own separator naming each chunk's statements. Each
    reply numbers its statements from 1 (or as the pipeline numbered them) and ends with its own "Final verdict
    for each statement in order:" line, as GPT-4o mini, Claude Haiku and Mistral answer the legacy prompt."""
    d = _open(ch, "chunked_legacy_final_lines")
    ink = _ink(d, exclude=("arrow", "emoji_only"))
    spans = _chunks(d, "chunk_size")
    numbering = d.dim("chunk_numbering", ("local", "local", "global"))
    content = d.dim("chunk_content", ("blocks_final", "blocks_final", "final_only", "blocks_only"))
    separator = d.dim("chunk_separator", _CHUNK_SEPARATORS)
    replies = []
    for p, span in enumerate(spans, start=1):
        labels = [str(j + 1) for j in range(span[1] - span[0])] if numbering == "local" else None
        parts = [ch.pick("chunk_preface", _CHUNK_PREFACES)]
        if content != "final_only":
            parts.append(_items(d, ink, "legacy", span, labels))
        if content != "blocks_only":
            parts.append("Final verdict for each statement in order: " + _words(d, ink, span))
        replies.append(_separator(separator, p, len(spans), span) + "\n" + _glue(*parts))
    return d.done("\n\n".join(replies))


# ----------------------------------------------------------------- 4. chunked_ragas_json


def _verdict_value(truth: Truth, kind: str) -> Any:
    if truth is None:
        return None
    return {"int": int(truth), "bool": truth, "str_int": str(int(truth))}[kind]


def _ragas_items(d: Draw, ink: Ink, span: Span, kind: str) -> list[dict[str, Any]]:
    return [
        {
            "statement": d.statements[i],
            "reason": ink.explanation(i, d.truth[i]),
            "verdict": _verdict_value(d.truth[i], kind),
        }
        for i in range(*span)
    ]


def _ragas_text(items: Sequence[dict[str, Any]], indent: int | None) -> str:
    return json.dumps({"statements": list(items)}, indent=indent, ensure_ascii=False)


_JSON_JOINS = {"none": "", "newline": "\n", "blank": "\n\n", "separator": "\n\n{sep}\n"}
_JSON_SEPARATORS = ("--- chunk {p}/{m} ---", "// response {p} of {m}", "=== batch {p} of {m} (statements {a}-{b}) ===")


@HELDOUT33
def chunked_ragas_json(ch: Chooser) -> BlindOutput:
    """The RAGAS prompt sent per chunk of statements (ragas's own batching, or a team's loop over chunks), each
    reply a ``{"statements": [...]}`` object whose items carry their statement; the pipeline stores the replies
    concatenated: back to back, a line or a blank line apart, under a separator, or each in its own fence as
    GPT-4o and Gemini fence JSON. An item the grader left open has a ``null`` verdict and says why."""
    d = _open(ch, "chunked_ragas_json")
    ink = _ink(d)
    spans = _chunks(d, "chunk_size", most=5)
    kind = d.dim("json_value", ("int", "int", "bool", "str_int"))
    indent_name = d.dim("json_indent", ("none", "none", "2"))
    indent = None if indent_name == "none" else int(indent_name)
    join = d.dim("json_join", tuple(_JSON_JOINS))
    fenced = d.flag("json_fence", weight_off=2)
    separator = d.dim("json_separator", _JSON_SEPARATORS) if join == "separator" else ""
    replies = []
    for span in spans:
        text = _ragas_text(_ragas_items(d, ink, span, kind), indent)
        replies.append(f"```json\n{text}\n```" if fenced else text)
    if join == "none" and fenced:
        join = "newline"
    out = replies[0]
    for p, reply in enumerate(replies[1:], start=2):
        sep = _separator(separator, p, len(spans), spans[p - 1]) if separator else ""
        out += _JSON_JOINS[join].format(sep=sep) + reply
    if join == "separator":
        out = _separator(separator, 1, len(spans), spans[0]) + "\n" + out
    return d.done(out)


# ----------------------------------------------------------------- 5. self_split_parts

_SELF_INTROS = (
    "I'll split my answer into {m} parts to keep it readable.",
    "Answering in {m} parts:",
    "",
)
_LONG_INTROS = (
    "This is a long list, so I'll answer in {m} parts.",
    "There are {n} statements; I'll go through them in {m} parts.",
)
_SELF_HEADS = (
    "**Part {p}/{m}**",
    "### Part {p} of {m}",
    "Part {p}/{m} ({span})",
    "— Part {p} of {m}: {span} —",
    "PART {p} OF {m}",
)
_SELF_TAILS = ("(continued in part {q})", "(continues below)", "[end of part {p}]")
_PART_RECAPS = ("Verdicts for {span}: {w}", "Part {p} in short: {w}")


@HELDOUT33
def self_split_parts(ch: Chooser) -> BlindOutput:
    """Claude 3 Opus and GPT-4 Turbo, given many statements, announce that they will answer in parts and head each
    part ("Part 2/3", "### Part 2 of 3"), numbering the statements on across the parts; some close a part with
    "(continued in part 3)" or a short recap of its verdicts, and the answer with the legacy final line."""
    d = _open(ch, "self_split_parts")
    form, ink = _form_ink(d, ("legacy", "reason_then_verdict", "verdict_then_reason", "echo_dash", "verdict_reason",
                              "label_verdict"))  # fmt: skip
    spans = _split(d, "parts", 3 if d.n < 7 else 4)
    m = len(spans)
    intro = d.dim("self_intro", _SELF_INTROS + (_LONG_INTROS if d.n >= 6 else ())).format(m=m, n=d.n)
    head = d.dim("self_head", _SELF_HEADS)
    tail = d.dim("self_tail", ("none", *_SELF_TAILS))
    recap = d.dim("part_recap", ("none", "none", *_PART_RECAPS))
    sections = []
    for p, (a, b) in enumerate(spans, start=1):
        span = _span(a + 1, b)
        lines = [head.format(p=p, m=m, span=span), _items(d, ink, form, (a, b))]
        if recap != "none":
            lines.append(recap.format(span=span, p=p, w=_words(d, ink, (a, b))))
        if tail != "none" and p < m:
            lines.append(tail.format(p=p, q=p + 1))
        sections.append("\n\n".join(lines))
    body = _glue(intro, "\n\n".join(sections))
    if d.flag("final_line", weight_off=2):
        body += "\n\n" + d.final_line()
    return d.done(d.frame(body, preface=not intro))


# ----------------------------------------------------------------- 6. follow_up_turn_thread

_ROLES = (
    ("Assistant:", "User:"),
    ("**Grader:**", "**Me:**"),
    ("[assistant]", "[user]"),
    ("### Assistant", "### User"),
    ("AI:", "Human:"),
    ("GRADER >", "USER >"),
)
_TURN_ENDS = (
    "I'll continue with {next} in my next message.",
    "That covers everything up to statement {c} so far. Let me know when to continue.",
    "Shall I go on with the remaining statements?",
    "(To be continued: {next}.)",
)
_FOLLOW_UPS = (
    "continue",
    "Yes, please continue.",
    "Go on with {next}.",
    "Please continue with the remaining statements.",
    "ok, next ones",
)
_TURN_OPENS = ("Continuing with {span}:", "{Span}:", "Here is the next part:", "Sure. Continuing:", "")


@HELDOUT33
def follow_up_turn_thread(ch: Chooser) -> BlindOutput:
    """A conversation stored whole (LangChain's buffer memory, an Assistants thread printed turn by turn, a chat
    export): the grader answers the first statements and stops ("I'll continue with statements 5–8 in my next
    message."), the user (or the harness) says "continue", and the grader goes on with the next ones, numbered
    as in call 1; sometimes a third turn, and a closing final line over all statements."""
    d = _open(ch, "follow_up_turn_thread")
    form, ink = _form_ink(d, ("echo_dash", "verdict_reason", "label_verdict", "reason_then_verdict", "legacy"))
    spans = _split(d, "turns", 3)
    assistant, user = d.dim("roles", _ROLES)
    gap = "\n\n" if assistant.startswith("#") else "\n"
    end = d.dim("turn_end", _TURN_ENDS)
    follow = d.dim("follow_up", _FOLLOW_UPS)
    opening = d.dim("turn_open", _TURN_OPENS)
    turns = []
    for p, (a, b) in enumerate(spans):
        lines: list[str] = []
        if p == 0:
            lines.append(_preface(d))
        elif opening:
            span = _span(a + 1, b)
            lines.append(opening.format(span=span, Span=span[:1].upper() + span[1:]))
        lines.append(_items(d, ink, form, (a, b)))
        if p < len(spans) - 1:
            nxt = _span(b + 1, spans[p + 1][1])
            lines.append(end.format(next=nxt, c=b))
        elif d.flag("closing_final_line", weight_off=2):
            lines.append(d.final_line())
        turns.append(f"{assistant}{gap}{_glue(*lines)}")
        if p < len(spans) - 1:
            turns.append(f"{user}{gap}{follow.format(next=_span(b + 1, spans[p + 1][1]))}")
    return d.done("\n\n".join(turns))


# ----------------------------------------------------------------- 7. printed_report_pages

_REPORT_TITLES = (
    "Faithfulness review — case {c}",
    "Grader verdicts: case {c}",
    "EVAL REPORT · case {c} · call 2 output",
)
_PAGE_FOOTERS = ("Page {p} of {m}", "{p}/{m}", "- {p} -", "Page {p}")
_PAGE_BREAKS = ("\f", "\n\f", "\n\n\n")
_RUNNING_HEADS = ("{title} (continued)", "(continued from page {q})", "{title}")


@HELDOUT33
def printed_report_pages(ch: Chooser) -> BlindOutput:
    """The grader's verdicts rendered in an evaluation tool's report and saved as PDF, then turned back into text
    (pdftotext, a copy from the viewer): a title and date on page 1, a running head and "Page 1 of 2" footer on
    every page, form feeds between pages, the table's header row repeated; a page break may fall between a
    statement's line and its verdict's."""
    # a verdict column beside statements that open with "Yes,"/"No," is left to other sets
    body_form = ch.pick("report_body", ("columns", "columns", "list"))
    d = _open(ch, "printed_report_pages", plain_openers=body_form == "columns")
    d.dims["report_body"] = body_form
    case = str(ch.integer("case_number", 3, 480))
    title = d.dim("report_title", _REPORT_TITLES).format(c=case)
    month, day = ch.integer("month", 1, 12), ch.integer("day", 1, 28)
    stamp = f"Generated 2024-{month:02d}-{day:02d} {ch.integer('hour', 8, 18)}:{ch.integer('minute', 0, 59):02d}"
    header: list[str] = []
    if body_form == "columns":
        ink = d.use_ink(WORD_VOCABULARIES)  # plain words in a column
        words = [ink.word(i, t) for i, _s, t in d.items()]
        width = max(len("Verdict"), *(len(w) for w in words)) + 3
        header = ["#   " + "Verdict".ljust(width) + "Statement"]
        lines = [f"{i + 1:<4}{w.ljust(width)}{s}" for (i, s, _t), w in zip(d.items(), words, strict=True)]
    else:
        form, ink = _form_ink(d, ("reason_then_verdict", "verdict_then_reason", "echo_dash", "verdict_reason"))
        lines = _items(d, ink, form, (0, d.n)).split("\n")
    footer = d.dim("page_footer", _PAGE_FOOTERS)
    page_break = d.dim("page_break", _PAGE_BREAKS)
    running = d.dim("running_head", _RUNNING_HEADS)
    pool = [k for k in range(1, len(lines)) if lines[k].strip()]
    count = min(len(pool), int(d.dim("page_breaks", ("1", "1", "2"))))
    cuts = sorted(pool.pop(ch.integer("break_at", 0, len(pool) - 1)) for _ in range(count))
    bounds = [0, *cuts, len(lines)]
    m = len(bounds) - 1
    pages = []
    for p in range(1, m + 1):
        top = [title, stamp, ""] if p == 1 else [running.format(title=title, q=p - 1), ""]
        chunk = lines[bounds[p - 1] : bounds[p]]
        while chunk and not chunk[0].strip():
            chunk.pop(0)
        while chunk and not chunk[-1].strip():
            chunk.pop()
        page = "\n".join([*top, *header, *chunk, "", footer.format(p=p, m=m)])
        pages.append(page)
    return d.done(page_break.join(pages) + ("\f" if page_break != "\n\n\n" and d.flag("final_form_feed") else ""))


# ----------------------------------------------------------------- 8. console_pager_screens


@HELDOUT33
def console_pager_screens(ch: Chooser) -> BlindOutput:
    """A person pages through the stored grader reply in a terminal and keeps the session as it scrolled
    (``script``, tmux's history, a CI log of an interactive step): ``more`` leaves "--More--(45%)" after each
    screen, ``less -M`` its "lines 1-12/30 40%" prompt and "(END)", the eval CLI's own pager "-- page 1/3 --"."""
    d = _open(ch, "console_pager_screens")
    form, ink = _form_ink(d, ("legacy", "legacy", "reason_then_verdict", "echo_dash", "label_verdict"))
    body = _items(d, ink, form, (0, d.n))
    if form == "legacy" and d.flag("final_line", weight_off=1):
        body += "\n\n" + d.final_line()
    text = d.frame(body, think=False)
    lines = text.split("\n")
    pager = d.dim("pager", ("more", "less", "cli"))
    height = ch.integer("screen_lines", 3, max(3, min(12, len(lines) - 1)))
    screens = [lines[k : k + height] for k in range(0, len(lines), height)]
    total = len(text)
    out: list[str] = []
    shown = 0
    for p, screen in enumerate(screens, start=1):
        out.extend(screen)
        shown += len(screen)
        last = p == len(screens)
        if pager == "more":
            if not last:
                out.append(f"--More--({len(chr(10).join(lines[:shown])) * 100 // total}%)")
        elif pager == "less":
            first = shown - len(screen) + 1
            out.append(
                f"lines {first}-{shown}/{len(lines)} (END)"
                if last
                else f"lines {first}-{shown}/{len(lines)} {shown * 100 // len(lines)}%"
            )
        else:
            out.append(
                f"-- page {p}/{len(screens)} (end) --"
                if last
                else f"-- page {p}/{len(screens)} · Enter for more, q to quit --"
            )
    return d.done("\n".join(out))


# ----------------------------------------------------------------- 9. verdict_list_digression

_DIGRESSION_OPENERS = (
    "Before I go on, statement {k} needs a longer note.",
    "A word on statement {k} before the rest of the list:",
    "(Statement {k} took me a while, so here is the reasoning in full.)",
)
_DIGRESSION_BODY = (
    "The context touches on this in two places: once in the opening paragraph and again, briefly, near the end.",
    "Neither passage uses the statement's own wording, and the second one only mentions it in passing.",
    "I read both passages twice and looked for anything else in the context that speaks to it.",
    "Nothing else does, so those two passages are all there is to go on.",
)
_DIGRESSION_ENDS = (
    "Taken together, they say what the statement says.",
    "Taken together, they do not say what the statement says.",
    "Taken together, they leave the question open.",
)
_CONTEXT_NOTE = (
    "A note on the context before the rest of the list: it reads like a transcript that was cut into pieces, "
    "and some passages repeat with small differences. I went by the fullest version of each passage. "
    "Where two versions disagree I did not pick one over the other."
)
_LIST_RESUMES = (
    "Final verdicts, continued ({span}): {w}",
    "Continuing the list from statement {k}: {w}",
    "{Span}: {w}",
)


@HELDOUT33
def verdict_list_digression(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude 3.5 Sonnet starting the verdict list, then stopping to explain one statement (or the
    context) at length before finishing it: a numbered list that resumes at the next number, the legacy final
    line broken off and resumed with a line naming where it goes on, or "Verdicts 1–3: ..." then "4–6: ..."."""
    d = _open(ch, "verdict_list_digression")
    ink = _ink(d, exclude=("arrow", "emoji_only"))
    shape = d.dim("list_shape", ("numbered", "final_line", "ranged"))
    j = ch.integer("break_after", 1, d.n - 1)
    note = d.dim("note_kind", ("statement", "statement", "context"))
    if note == "statement":
        sentences = [d.dim("digression_opener", _DIGRESSION_OPENERS).format(k=j + 1)]
        sentences += list(_DIGRESSION_BODY[: ch.integer("digression_length", 2, len(_DIGRESSION_BODY))])
        if d.flag("digression_conclusion"):
            sentences.append(_of(d.truth[j], _DIGRESSION_ENDS))
        digression = " ".join(sentences)
    else:
        digression = _CONTEXT_NOTE
    if shape == "numbered":
        token = ink.token
        first = "\n".join(f"{i + 1}. {token(i, d.truth[i])}" for i in range(j))
        rest = "\n".join(f"{i + 1}. {token(i, d.truth[i])}" for i in range(j, d.n))
        head = d.dim("list_head", ("Verdicts:", "Final verdicts:", "Here are the verdicts:", ""))
        back = d.dim("list_back", ("", "Back to the list:", "The list, continued:"))
        body = _glue(_glue(head, first, gap="\n"), digression, _glue(back, rest, gap="\n"))
    elif shape == "final_line":
        resume = d.dim("list_resume", _LIST_RESUMES)
        span = _span(j + 1, d.n)
        words_rest = _words(d, ink, (j, d.n))
        body = _glue(
            "Final verdict for each statement in order: " + _words(d, ink, (0, j)),
            digression,
            resume.format(span=span, Span=span[:1].upper() + span[1:], k=j + 1, w=words_rest),
        )
    else:
        joiner = d.dim("ranged_joiner", (", ", "; ", " / "))

        def ranged(a: int, b: int) -> str:
            label = f"Verdict {a + 1}" if b - a == 1 else f"Verdicts {a + 1}–{b}"
            return f"{label}: " + joiner.join(ink.word(i, d.truth[i]) for i in range(a, b))

        body = _glue(ranged(0, j), digression, ranged(j, d.n))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 10. answer_paragraph_sections

_PARAGRAPH_HEADS = (
    "### Paragraph {p}",
    "**Paragraph {p} of the answer**",
    "Answer paragraph {p}:",
    "## Part {p} of the answer",
    "¶ {p}",
)
_PARAGRAPH_INTROS = (
    "I went through the answer paragraph by paragraph.",
    "The answer has {m} paragraphs; here are the statements of each.",
    "Grouping the statements by the paragraph they come from:",
    "",
)


@HELDOUT33
def answer_paragraph_sections(ch: Chooser) -> BlindOutput:
    """Claude and Gemini, seeing that the statements follow the answer's paragraphs, answer per paragraph: a
    heading for each ("### Paragraph 2"), the statements of that paragraph under it with call 1's numbers running
    on across the headings, sometimes a line on the paragraph as a whole that agrees with its verdicts."""
    d = _open(ch, "answer_paragraph_sections")
    form, ink = _form_ink(d, ("echo_dash", "verdict_reason", "label_verdict", "reason_then_verdict",
                              "verdict_then_reason", "legacy"))  # fmt: skip
    spans = _split(d, "paragraphs", 4)
    head = d.dim("paragraph_head", _PARAGRAPH_HEADS)
    intro = d.dim("paragraph_intro", _PARAGRAPH_INTROS).format(m=len(spans))
    summary = d.flag("paragraph_summary", weight_off=2)
    sections = []
    for p, (a, b) in enumerate(spans, start=1):
        parts = [head.format(p=p), _items(d, ink, form, (a, b))]
        if summary:
            good = sum(1 for t in d.truth[a:b] if t is True)
            parts.append(f"Paragraph {p}: {good} of {b - a} statement{_pl(b - a)} supported.")
        sections.append("\n\n".join(parts))
    return d.done(d.frame(_glue(intro, "\n\n".join(sections)), preface=not intro))


# ----------------------------------------------------------------- 11. paragraph_local_numbering

_LOCAL_HEADS = (
    "### Paragraph {p} ({span})",
    "**Paragraph {p}** — {span} of the list",
    "Answer paragraph {p} [{span}]",
    "## Section {p}: {span}",
)
_LOCAL_LABELS = ("{j}.", "({letter})", "{p}.{j}", "Claim {j}:")


@HELDOUT33
def paragraph_local_numbering(ch: Chooser) -> BlindOutput:
    """GPT-4o and Llama 3.1 70B answering per paragraph of the answer, numbering the statements again inside
    each paragraph ("1.", "(a)", "2.1", "Claim 1:") under a heading that says which of call 1's statements the
    paragraph holds ("### Paragraph 2 (statements 4–6)"); the statement's text follows its label or not."""
    d = _open(ch, "paragraph_local_numbering")
    ink = _ink(d)
    spans = _split(d, "paragraphs", 4)
    head = d.dim("local_head", _LOCAL_HEADS)
    span_form = d.dim("span_form", ("dash", "hyphen", "to"))
    label = d.dim("local_label", _LOCAL_LABELS)
    item = d.dim("local_item", ("{l} {s} — {v}", "{l} {v} — {e}", "{l} {s}\n   Verdict: {v}. {e}", '{l} "{s}": {v}'))
    sections = []
    for p, (a, b) in enumerate(spans, start=1):
        rows = []
        for j, i in enumerate(range(a, b), start=1):
            tag = label.format(j=j, p=p, letter="abcdefghij"[j - 1])
            t = d.truth[i]
            rows.append(item.format(l=tag, s=d.statements[i], v=ink.token(i, t), e=ink.explanation(i, t)))
        sections.append(head.format(p=p, span=_span(a + 1, b, span_form)) + "\n" + "\n".join(rows))
    return d.done(d.frame("\n\n".join(sections)))


# ----------------------------------------------------------------- 12. json_cut_then_rest

_TRUNCATION_MARKERS = (
    "\n\n[output truncated: max_tokens reached; continued]\n\n",
    "\n\n<continued>\n\n",
    "\n\n",
    "\n",
)
_REST_LEADS = ("", "", "Continuing with the remaining statements:", "Here is the rest:")


def _cut_in_value(text: str, start: int, value: str, where: int) -> int:
    """A position of a space inside the JSON string ``value`` found in ``text`` from ``start`` (never its edges)."""
    at = text.find(json.dumps(value, ensure_ascii=False)[1:-1], start)
    spaces = [at + k for k, c in enumerate(value) if c == " "]
    return spaces[where % len(spaces)]


@HELDOUT33
def json_cut_then_rest(ch: Chooser) -> BlindOutput:
    """A RAGAS JSON answer cut by the token limit inside an item, before that item's verdict: the pipeline asks
    again for the rest and stores both replies. GPT-4o and Gemini start a new object with the remaining items
    (from the one that was cut), or, with the partial reply given back as a prefill (Claude), go on from the very
    character where the first stopped."""
    d = _open(ch, "json_cut_then_rest")
    ink = _ink(d)
    kind = d.dim("json_value", ("int", "int", "bool"))
    indent_name = d.dim("json_indent", ("none", "2", "2"))
    indent = None if indent_name == "none" else int(indent_name)
    resume = d.dim("resume", ("restart_rest", "restart_rest", "exact_resume"))
    j = ch.integer("cut_item", 1, d.n - 1)
    where = d.dim("cut_in", ("statement", "reason", "reason"))
    marker = d.dim("truncation_marker", _TRUNCATION_MARKERS)
    items = _ragas_items(d, ink, (0, d.n), kind)
    whole = _ragas_text(items, indent)
    start = whole.find(json.dumps(items[j]["statement"], ensure_ascii=False))  # item j's statement, unique
    point = _cut_in_value(whole, start, str(items[j][where]), ch.integer("cut_word", 0, 9))
    first = whole[:point]
    if resume == "exact_resume":
        rest = whole[point:]
    else:
        rest = _ragas_text(items[j:], indent)
        if d.flag("rest_fence", weight_off=2):
            rest = f"```json\n{rest}\n```"
        rest = _glue(ch.pick("rest_lead", _REST_LEADS), rest, gap="\n")
    return d.done(first + marker + rest)


# ----------------------------------------------------------------- 13. bot_split_messages

_BOT_PLATFORMS = ("discord", "slack", "telegram")
_PART_PREFIXES = ("[{p}/{m}]", "({p}/{m})", "Part {p}/{m}:", "**[{p}/{m}]**", "")


@HELDOUT33
def bot_split_messages(ch: Chooser) -> BlindOutput:
    """A grading bot posting the grader's answer to a channel, split into several messages at the platform's limit
    (Discord 2,000 characters, Telegram 4,096, a team's own Slack cap) at line breaks, each part prefixed "[2/3]";
    a person copies the messages out: Discord and Slack group them under one author line, Telegram heads each."""
    d = _open(ch, "bot_split_messages")
    form, ink = _form_ink(d, ("echo_dash", "verdict_reason", "label_verdict"))
    platform = d.dim("platform", _BOT_PLATFORMS)
    prefix = d.dim("part_prefix", _PART_PREFIXES)
    case = str(ch.integer("case_number", 3, 480))
    hour, minute, day = ch.integer("hour", 8, 18), ch.integer("minute", 0, 59), ch.integer("day", 1, 28)
    clock = f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"
    lines = [f"Grader verdicts for case {case} ({d.n} statements):", *_items(d, ink, form, (0, d.n)).split("\n")]
    if d.flag("bot_tally", weight_off=2):
        lines.append(d.tally())
    spans = _split_lines(d, len(lines))
    m = len(spans)
    messages = []
    for p, (a, b) in enumerate(spans, start=1):
        text = "\n".join(lines[a:b])
        if prefix:
            text = (
                f"{prefix.format(p=p, m=m)} {text}"
                if ch.pick("prefix_gap", (" ", "\n")) == " "
                else (f"{prefix.format(p=p, m=m)}\n{text}")
            )
        if platform == "telegram":
            text = f"GraderBot, [{day:02d}.05.2024 {hour:02d}:{minute:02d}]\n{text}"
        messages.append(text)
    if platform == "discord":
        return d.done(f"GraderBot BOT — Today at {clock}\n" + "\n".join(messages))
    if platform == "slack":
        return d.done(f"GraderBot  APP  {clock}\n" + "\n".join(messages))
    return d.done("\n\n".join(messages))


def _split_lines(d: Draw, count: int) -> list[Span]:
    """Lines cut into 2 or 3 consecutive messages, the first holding the bot's heading and at least one item."""
    parts = d.ch.integer("messages", 2, min(3, count - 1))
    pool = list(range(2, count))
    points = sorted(pool.pop(d.ch.integer("message_at", 0, len(pool) - 1)) for _ in range(parts - 1))
    d.dims["messages"] = str(parts)
    bounds = [0, *points, count]
    return list(itertools.pairwise(bounds))


# ----------------------------------------------------------------- 14. paged_api_results

_LABELS: dict[str, tuple[str, str, str]] = {
    "lower": ("supported", "unsupported", "unknown"),
    "enum": ("SUPPORTED", "NOT_SUPPORTED", "UNDETERMINED"),
    "pass_fail": ("pass", "fail", "inconclusive"),
}


@HELDOUT33
def paged_api_results(ch: Chooser) -> BlindOutput:
    """An evaluation platform's REST API returning a run's per-statement results a page at a time (page numbers,
    a cursor, or offset and limit); the team's script saves every page it fetched, one JSON per line, each after
    the request it answered, or as a list of pages. Items carry the statement, and a label or a boolean."""
    d = _open(ch, "paged_api_results")
    paging = d.dim("paging", ("page", "cursor", "offset"))
    item_form = d.dim("api_item", ("position", "index", "boolean"))
    labels = _LABELS[d.dim("api_labels", tuple(_LABELS))]
    storage = d.dim("api_storage", ("lines", "requests", "array"))
    size = ch.integer("page_size", 1, min(5, d.n - 1))
    spans = [(a, min(a + size, d.n)) for a in range(0, d.n, size)]
    run = f"run_{ch.integer('run', 4096, 65535):x}"

    def item(i: int) -> dict[str, Any]:
        s, t = d.statements[i], d.truth[i]
        if item_form == "position":
            return {"position": i + 1, "statement": s, "verdict": _of(t, labels)}
        if item_form == "index":
            return {"index": i, "claim": s, "label": _of(t, labels)}
        return {"statement_id": i + 1, "text": s, "supported": t}

    pages: list[dict[str, Any]] = []
    requests: list[str] = []
    for p, (a, b) in enumerate(spans, start=1):
        results = [item(i) for i in range(a, b)]
        last = p == len(spans)
        if paging == "page":
            pages.append({"page": p, "total_pages": len(spans), "results": results})
            requests.append(f"GET /v1/runs/{run}/statements?page={p}")
        elif paging == "cursor":
            pages.append(
                {"data": results, "has_more": not last, "next_cursor": None if last else f"c_{p + 1}{run[-3:]}"}
            )
            requests.append(f"GET /v1/runs/{run}/statements" + ("" if p == 1 else f"?cursor=c_{p}{run[-3:]}"))
        else:
            pages.append({"items": results, "offset": a, "limit": size, "total": d.n})
            requests.append(f"GET /v1/runs/{run}/statements?offset={a}&limit={size}")
    if storage == "lines":
        return d.done("\n".join(json.dumps(page, ensure_ascii=False) for page in pages))
    if storage == "requests":
        return d.done(
            "\n\n".join(
                f"# {req}\n{json.dumps(page, indent=2, ensure_ascii=False)}"
                for req, page in zip(requests, pages, strict=True)
            )
        )
    return d.done(json.dumps(pages, indent=2, ensure_ascii=False))


# ----------------------------------------------------------------- 15. map_reduce_partials

_MAP_HEADS = (
    "[map {p}/{m}] statements {a}-{b}",
    "Chunk {p} (statements {a}–{b}):",
    "Partial result {p} of {m} — statements {a} to {b}",
)
_REDUCE_HEADS = ("[reduce] combined:", "Combined verdicts for all statements:", "Final (all chunks):")


@HELDOUT33
def map_reduce_partials(ch: Chooser) -> BlindOutput:
    """A LangChain-style map-reduce chain: the map step judges each chunk of statements (its own numbering, or
    call 1's), the reduce step writes the combined list; the chain's verbose output keeps both, so each verdict
    appears in its chunk and again, the same, in the combined list or final line."""
    d = _open(ch, "map_reduce_partials")
    ink = _ink(d, exclude=("arrow", "emoji_only"))
    spans = _chunks(d, "chunk_size")
    map_head = d.dim("map_head", _MAP_HEADS)
    numbering = d.dim("map_numbering", ("local", "global", "words"))
    reduce_head = d.dim("reduce_head", _REDUCE_HEADS)
    reduce_form = d.dim("reduce_form", ("numbered", "final_line"))
    blocks = []
    for p, (a, b) in enumerate(spans, start=1):
        head = map_head.format(p=p, m=len(spans), a=a + 1, b=b)
        if numbering == "words":
            content = _words(d, ink, (a, b))
        else:
            content = "\n".join(
                f"{(j + 1) if numbering == 'local' else (i + 1)}. {ink.token(i, d.truth[i])}"
                for j, i in enumerate(range(a, b))
            )
        blocks.append(f"{head}\n{content}")
    if reduce_form == "numbered":
        combined = "\n".join(f"{i + 1}. {ink.token(i, t)}" for i, _s, t in d.items())
    else:
        combined = d.final_line()
    out = "\n\n".join(blocks) + f"\n\n{reduce_head}\n{combined}"
    if d.flag("reduce_tally", weight_off=2):
        out += "\n" + d.tally()
    return d.done(out)


# ----------------------------------------------------------------- 16. refused_in_parts

_CONTINUE_REFUSALS = (
    "The same goes for the remaining statements: without the context there is nothing to check them against.",
    "I also can't assess the rest of the statements, for the same reason.",
    "As before, no context was provided, so I cannot judge any of these statements either.",
)


@HELDOUT33
def refused_in_parts(ch: Chooser) -> BlindOutput:
    """The grader declines the whole task, in every part: each chunk's reply is a refusal, a thread where the
    follow-up "continue" gets a second refusal, a "Continue generating" joined by a person that only goes on
    refusing, or an answer announced in parts whose every part says it cannot judge. No verdict anywhere."""
    d = Draw(ch, "refused_in_parts", unknowns=False, min_n=2, max_n=MAX_N)
    kind = d.dim("refusal_parts", ("chunks", "thread", "continued", "announced"))
    first = ch.pick("refusal", P.REFUSALS)
    again = ch.pick("refusal_again", _CONTINUE_REFUSALS)
    if kind == "chunks":
        spans = _chunks(d, "chunk_size")
        separator = d.dim("chunk_separator", _CHUNK_SEPARATORS)
        same = d.flag("same_refusal", weight_off=1)
        # each chunk is a request of its own: the same refusal again, or another one of the grader's
        parts = [
            _separator(separator, p, len(spans), span) + "\n" + (first if same else ch.pick("refusal", P.REFUSALS))
            for p, span in enumerate(spans, start=1)
        ]
        return d.refused("\n\n".join(parts))
    if kind == "thread":
        assistant, user = d.dim("roles", _ROLES)
        gap = "\n\n" if assistant.startswith("#") else "\n"
        follow = d.dim("follow_up", ("continue", "Please continue with the statements.", "Can you try the rest?"))
        return d.refused(f"{assistant}{gap}{first}\n\n{user}{gap}{follow}\n\n{assistant}{gap}{again}")
    if kind == "continued":
        join = d.dim("person_join", _PERSON_JOINS[:5])
        return d.refused(first + join + again)
    m = ch.integer("parts", 2, 3)
    head = d.dim("self_head", ("**Part {p}/{m}**", "### Part {p} of {m}", "PART {p} OF {m}"))
    parts = [head.format(p=p, m=m) + "\n\n" + (first if p == 1 else again) for p in range(1, m + 1)]
    return d.refused("\n\n".join(parts))
