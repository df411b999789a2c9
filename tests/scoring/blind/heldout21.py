"""A TWENTY-FIRST HELD-OUT set of blind layouts: graders that revise themselves, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout21``); do not read it while
developing the reader. Written from how graders (GPT-4o, GPT-4o-mini, Claude, Gemini, Llama 3,
Qwen 2.5, Mistral, and small local models imitating them) change their mind inside one visible
answer to call 2, outside any thinking block, and from the pipelines that store such answers
whole. The careful person reads, for each statement, the verdict the grader ENDS with. The
layouts: "Statement 2: Yes. Wait, ... Statement 2: No." with the label restated; an initial
assessment with explanations followed by a complete revised assessment that marks what changed;
markdown (and HTML) strike-through of the first verdict beside its replacement; "EDIT:" /
"Update:" / "Correction" lines naming a statement after the list (after the legacy final line,
or after the sign-off); a self-critique pass ("verdict 3 was too generous -> change to No") and
a final list; a draft RAGAS JSON followed by a corrected JSON; chat-style "scratch that" and
"oops, make that"; a re-check that weighs changes and keeps every verdict ("all verdicts
stand"); a revision summary ("#2: Yes → No. All other verdicts stand."); a table with initial
and final columns; the legacy final line written twice, the second time fixed; the legacy blocks
with a "Revised verdict:" line in some of them; statements deferred and resolved at the end; an
answer abandoned half-way and started over; a stored "Are you sure?" follow-up turn and the
grader's second answer; a reflection schema in JSON (initial verdict, reflection, final
verdict); and a refusal that starts judging, then retracts every verdict because the context is
missing.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s frame (a
preface, the legacy final line, an agreeing count, a sign-off; no ``<think>`` draft: these are
visible revisions). Only outputs a careful person reads without doubt are drawn: every revision
names its statement (by number, ordinal or quotation) or sits in that statement's own item, or
the revised block is complete and labelled as the final one; a revision always changes the
verdict it names; every count, final line and recap agrees with the final verdicts; an
undecided final verdict is said in so many words ("leaving it as Unclear"). The refusal's
retraction withdraws every verdict it gave and says why none can be given.

    HELDOUT21.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout21_outputs(layout="struck_verdict_words")   # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import PREFACES, WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet, number_list
from tests.scoring.graders import Chooser, Truth

HELDOUT21 = LayoutSet("heldout21")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout21_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-first held-out set (one layout when named)."""
    return HELDOUT21.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quotation."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


# ----------------------------------------------------------------- revisions

# Why a grader revises, by the verdict it revises TO (supported, not supported, undecided):
# lower-case clauses that run on after "Wait," or a colon; no verdict word stands alone in them.
_REASONS: dict[str, tuple[str, ...]] = {
    "yes": (
        "I missed the sentence that states this",
        "the last paragraph of the context does say this",
        "on re-reading, the context states this in other words",
        "the second passage confirms it",
    ),
    "no": (
        "on re-reading, the context gives a different figure",
        "the context says something close, but not this",
        "the context never actually states this",
        "the passage I relied on is about something else",
    ),
    "unknown": (
        "on re-reading, the context is ambiguous here",
        "the context only partly covers this, so I cannot decide either way",
        "the passage can be read either way",
    ),
}


def _reason(d: Draw, truth: Truth) -> str:
    """Why the verdict became ``truth`` (drawn)."""
    key = "yes" if truth is True else "no" if truth is False else "unknown"
    return d.ch.pick("revision_reason", _REASONS[key])


def _first_verdict(d: Draw, truth: Truth) -> Truth:
    """A first verdict other than the final ``truth`` (what the grader wrote before revising)."""
    options: tuple[Truth, ...] = (False, False, None) if truth is True else (True, True, None)
    if truth is None:
        options = (True, False)
    return d.ch.pick("first_verdict", options)


def _revise(d: Draw, least: int = 1, most: int = 3, *, keep: int = 0) -> dict[int, Truth]:
    """Statements the grader revises (index -> the first verdict it gave), between ``least`` and
    ``most`` of them, leaving at least ``keep`` statements unrevised."""
    top = max(min(most, d.n - keep), 0)
    low = min(least, top)
    count = int(d.dim("revisions", tuple(str(c) for c in range(low, top + 1))))
    pool = list(range(d.n))
    chosen = sorted(pool.pop(d.ch.integer("revised", 0, len(pool) - 1)) for _ in range(count))
    return {i: _first_verdict(d, d.truth[i]) for i in chosen}


def _shown(d: Draw, first: dict[int, Truth]) -> list[Truth]:
    """The verdicts as first written: the final ones, except where revised."""
    return [first.get(i, truth) for i, _s, truth in d.items()]


def _ref(d: Draw, style: str, i: int) -> str:
    """How a revision names statement ``i``: "statement 3", "#3", "the third statement", or its quotation."""
    if style == "hash":
        return f"#{i + 1}"
    if style == "ordinal":
        return f"the {ORDINALS[i]} statement"
    if style == "quoted":
        return f'"{_bare(d.statements[i])}"'
    return f"statement {i + 1}"


def _refs(indices: Sequence[int]) -> str:
    """The statements named together: "statement 2", "statements 2 and 4"."""
    return f"statement{_pl(len(indices))} {number_list([i + 1 for i in indices])}"


def _ink(d: Draw) -> Ink:
    return d.use_ink(WORD_VOCABULARIES)


def _listed(ink: Ink, verdicts: Sequence[Truth], form: str) -> str:
    """One line per statement: ``form`` with {k} its number and {v} the verdict word."""
    return "\n".join(form.format(k=i + 1, v=ink.word(i, t)) for i, t in enumerate(verdicts))


# _draw's prefaces that announce an evaluation ("In conclusion:" would call the first, revised verdicts final).
_PREFACES = PREFACES[:6]


def _framed(d: Draw, body: str, *, final: bool = False, sign_off: bool = True) -> str:
    """``body`` after a preface and before the legacy final line and a sign-off, each drawn (no draft, no count)."""
    head = d.ch.pick("preface_text", _PREFACES) if d.flag("preface", weight_off=2) else ""
    text = d.frame(body, think=False, preface=False, tally=False, final=final, sign_off=sign_off)
    return f"{head}\n\n{text}" if head else text


def _count(d: Draw, body: str) -> str:
    """``body`` with an agreeing count of the FINAL verdicts after it (drawn)."""
    return f"{body}\n\n{d.tally()}" if d.flag("final_count", weight_off=2) else body


# ----------------------------------------------------------------- 1. wait_restated_label

_WAITS = ("Wait,", "Wait —", "Hmm, wait.", "Hold on:", "Actually, wait.")
_RESTATED = (
    "Statement {k}: {v}.",
    "So statement {k}: {v}.",
    "Correcting that, statement {k}: {v}.",
    "Revised verdict for statement {k}: {v}.",
)
_ITEM_LABELS = ("Statement {k}: {v}.", "**Statement {k}:** {v}.", "{k}. {v}.")


@HELDOUT21
def wait_restated_label(ch: Chooser) -> BlindOutput:
    """GPT-4o-mini, Llama 3.1 8B and Qwen 2.5 7B answering without a thinking mode but imitating R1 in the
    visible answer: "Statement 2: Yes. Wait, on re-reading, ... Statement 2: No." in that statement's item."""
    d = Draw(ch, "wait_restated_label", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    label = d.dim("item_label", _ITEM_LABELS)
    restated = d.dim("restated", _RESTATED)
    explained = d.flag("wait_explanations")
    items = []
    for i, _statement, truth in d.items():
        shown = first.get(i, truth)
        item = label.format(k=i + 1, v=ink.word(i, shown))
        if explained:
            item += " " + ink.explanation(i, shown)
        if i in first:
            wait = d.ch.pick("wait", _WAITS)
            reason = _reason(d, truth)
            reason = _cap(reason) if wait.endswith(".") else reason
            item += f" {wait} {reason}. " + restated.format(k=i + 1, v=ink.word(i, truth))
        items.append(item)
    body = d.dim("item_gap", ("\n", "\n\n")).join(items)
    return d.done(_framed(d, body, final=True))


# ----------------------------------------------------------------- 2. initial_revised_sections

_SECTION_HEADS = (
    ("### Initial assessment", "### Revised assessment"),
    ("**Initial assessment**", "**After double-checking**"),
    ("Initial assessment", "Revised assessment after re-reading the context"),
    ("## First pass", "## After double-checking (final)"),
)
_SECTION_BRIDGES = (
    "none",
    "Before finalising, let me double-check each verdict against the context.",
    "Re-reading the context once more to be sure.",
)
# (changed, unchanged): {w} the first verdict, {r} why it changed.
_CHANGE_MARKS = (
    (" (changed from {w}: {r})", " (unchanged)"),
    (" — revised; {r}", ""),
    (" (was {w}; {r})", " — no change"),
)


@HELDOUT21
def initial_revised_sections(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude 3.5 Sonnet and Gemini 1.5 told to "review your answer before finalising": an initial
    assessment with an explanation per statement, then a complete revised assessment marking what changed."""
    d = Draw(ch, "initial_revised_sections", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    shown = _shown(d, first)
    head_first, head_final = d.dim("section_heads", _SECTION_HEADS)
    form = d.dim("initial_form", ("{k}. {s} — {v}. {e}", "{k}. {v}: {e}", "Statement {k}: {v}. {e}"))
    initial = [
        form.format(k=i + 1, s=statement, v=ink.word(i, shown[i]), e=ink.explanation(i, shown[i]))
        for i, statement, _t in d.items()
    ]
    changed, unchanged = d.dim("change_marks", _CHANGE_MARKS)
    final_form = d.dim("final_form", ("{k}. {v}", "Statement {k}: {v}", "- {k}: {v}"))
    final = []
    for i, _statement, truth in d.items():
        line = final_form.format(k=i + 1, v=ink.word(i, truth))
        mark = changed.format(w=ink.word(i, shown[i]), r=_reason(d, truth)) if i in first else unchanged
        final.append(line + mark)
    parts = [head_first, "\n".join(initial)]
    bridge = d.dim("section_bridge", _SECTION_BRIDGES)
    if bridge != "none":
        parts.append(bridge)
    parts += [head_final, "\n".join(final)]
    return d.done(_framed(d, _count(d, "\n\n".join(parts))))


# ----------------------------------------------------------------- 3. struck_verdict_words

_STRIKE_LEGENDS = (
    "Struck-through verdicts are the ones I revised after re-reading the context; the verdict after each is final.",
    "(I've struck out my first verdict wherever I changed my mind; the one after it is final.)",
    "Note: verdicts shown struck through were withdrawn; the verdict that follows each is my final answer.",
)


@HELDOUT21
def struck_verdict_words(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o editing their own answer in a chat UI or canvas, the raw markdown kept by the team:
    the first verdict struck through (``~~Supported~~ **Not supported**``, or ``<del>``/``<s>`` HTML)."""
    d = Draw(ch, "struck_verdict_words", max_n=MAX_N, plain_openers=True)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    form = d.dim("strike_form", ("list", "statement_list", "table"))
    strike = d.dim("strike_markup", ("tilde", "tilde", "del_ins", "s_tag"))
    bold = strike == "tilde" and d.flag("strike_bold_final")
    reasons = form != "table" and d.flag("strike_reasons")

    def verdict(i: int, truth: Truth) -> str:
        word = ink.word(i, truth)
        if i not in first:
            return f"**{word}**" if bold else word
        old = ink.word(i, first[i])
        if strike == "tilde":
            return f"~~{old}~~ " + (f"**{word}**" if bold else word)
        if strike == "del_ins":
            return f"<del>{old}</del> <ins>{word}</ins>"
        return f"<s>{old}</s> {word}"

    rows = []
    for i, statement, truth in d.items():
        cell = verdict(i, truth)
        if form == "table":
            rows.append(f"| {i + 1} | {statement} | {cell} |")
            continue
        line = f"{i + 1}. {cell}" if form == "list" else f"Statement {i + 1}: {cell}"
        if reasons and i in first:
            line += f" — {_reason(d, truth)}"
        rows.append(line)
    if form == "table":
        rows = ["| # | Statement | Verdict |", "|---|---|---|", *rows]
    body = "\n".join(rows)
    if d.flag("strike_legend"):
        legend = d.ch.pick("strike_legend_text", _STRIKE_LEGENDS)
        body = f"{legend}\n\n{body}" if d.dim("legend_at", ("after", "before")) == "before" else f"{body}\n\n{legend}"
    return d.done(_framed(d, _count(d, body)))


# ----------------------------------------------------------------- 4. edit_footer_lines

# {r} the statement named, {v} its final verdict, {w} the first one, {why} the reason, {m} the edit's number.
_EDITS = (
    "EDIT: {r} should be {v}, not {w} — {why}.",
    "Edit {m}: {r} is {v} ({why}).",
    "**Update:** {r} is {v}, not {w}; {why}.",
    "Correction — {r}: {v}. {Why}.",
)


@HELDOUT21
def edit_footer_lines(ch: Chooser) -> BlindOutput:
    """GPT-4o and Llama 3 70B appending corrections instead of rewriting, a forum habit: the complete list
    (or the legacy final line), then "EDIT:" / "Edit 2:" / "Update:" lines, each naming its statement."""
    d = Draw(ch, "edit_footer_lines", max_n=MAX_N, plain_openers=True)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    shown = _shown(d, first)
    initial = d.dim("edit_initial", ("numbered", "statement", "legacy_line", "echo_bullets"))
    if initial == "numbered":
        block = _listed(ink, shown, "{k}. {v}")
    elif initial == "statement":
        block = _listed(ink, shown, "Statement {k}: {v}")
    elif initial == "legacy_line":
        words = " ".join(ink.word(i, t) + "." for i, t in enumerate(shown))
        block = f"Final verdict for each statement in order: {words}"
    else:
        block = "\n".join(f"- {statement} — {ink.word(i, shown[i])}" for i, statement, _t in d.items())
    edit = d.dim("edit_line", _EDITS)
    style = d.dim("edit_ref", ("statement", "hash", "ordinal", "quoted"))
    edits = []
    for m, i in enumerate(sorted(first), 1):
        why = _reason(d, d.truth[i])
        edits.append(
            edit.format(r=_ref(d, style, i), v=ink.word(i, d.truth[i]), w=ink.word(i, first[i]), why=why,
                        Why=_cap(why), m=m)
        )  # fmt: skip
    if d.flag("edit_recount"):
        s = d.supported
        edits.append(f"That makes {s} of {d.n} statement{_pl(d.n)} supported.")
    after_sign_off = d.dim("edit_position", ("after_list", "after_sign_off")) == "after_sign_off"
    framed = _framed(d, block, sign_off=after_sign_off)
    return d.done(framed + "\n\n" + "\n".join(edits))


# ----------------------------------------------------------------- 5. critique_then_final_list

_CRITIQUE_HEADS = ("Self-check:", "Critique:", "Reviewing my verdicts:", "**Self-critique**")
_FINAL_HEADS = ("Final verdicts:", "Revised list:", "Final answer after self-check:", "**Final**")


@HELDOUT21
def critique_then_final_list(ch: Chooser) -> BlindOutput:
    """Self-refine and reflexion pipelines (Llama 3 70B, Qwen 2.5 72B, Mistral Large, Claude asked to check its
    work): verdicts, a critique pass ("Verdict 3 was too generous -> change to No"), a complete final list."""
    d = Draw(ch, "critique_then_final_list", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    shown = _shown(d, first)
    head = d.dim("initial_head", ("Verdicts:", "Initial verdicts:", "My verdicts:"))
    form = d.dim("critique_list_form", ("{k}. {v}", "Statement {k}: {v}", "{k}) {v}"))
    arrow = d.dim("critique_arrow", ("->", "→", "=>"))
    keeps = d.flag("critique_keeps")
    lines = []
    for i, _statement, truth in d.items():
        if i in first:
            how = "too generous" if first[i] is True else "too strict" if truth is True else "wrong"
            lines.append(f"- Verdict {i + 1} was {how}: {_reason(d, truth)} {arrow} change to {ink.word(i, truth)}.")
        elif keeps:
            lines.append(f"- Verdict {i + 1} holds.")
    parts = [
        head,
        _listed(ink, shown, form),
        d.dim("critique_head", _CRITIQUE_HEADS),
        "\n".join(lines),
        d.dim("final_head", _FINAL_HEADS),
        _listed(ink, d.truth, form),
    ]
    return d.done(_framed(d, _count(d, "\n\n".join(parts))))


# ----------------------------------------------------------------- 6. draft_json_corrected_json

# {refs} the statements revised, {why} the reason in parentheses (or nothing).
_JSON_BRIDGES = (
    "Wait, I made an error in the verdict{pl} for {refs}{why}. Corrected JSON:",
    "Correction: the verdict{pl} for {refs} {are} wrong in the JSON above{why}. Here is the corrected output:",
    "Let me fix {refs}{why}; the corrected JSON is below.",
    "Oops — I got {refs} wrong{why}. Final JSON:",
)


@HELDOUT21
def draft_json_corrected_json(ch: Chooser) -> BlindOutput:
    """GPT-4o, Llama 3 70B and Qwen asked for RAGAS JSON without JSON mode, which notice a slip once the JSON
    is out: the draft JSON, a sentence naming the statements it got wrong, the complete corrected JSON."""
    d = Draw(ch, "draft_json_corrected_json", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 2)
    shown = _shown(d, first)
    kind = d.dim("json_value", ("int", "int", "word"))
    keys = d.dim("json_keys", (("statement", "reason", "verdict"), ("statement", "verdict", "reason")))
    wrapped = d.flag("json_wrapped", weight_off=1)
    indent = d.dim("json_indent", ("2", "none", "4"))
    fenced = d.flag("json_fenced", weight_off=1)

    def rendered(verdicts: Sequence[Truth]) -> str:
        items = []
        for i, statement, _t in d.items():
            truth = verdicts[i]
            value: Any = ink.word(i, truth) if kind == "word" else (None if truth is None else int(truth))
            fields: dict[str, Any] = {"statement": statement, "reason": ink.explanation(i, truth), "verdict": value}
            items.append({key: fields[key] for key in keys})
        data: Any = {"statements": items} if wrapped else items
        text = json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else int(indent))
        return f"```json\n{text}\n```" if fenced else text

    why = ""
    if len(first) == 1 and d.flag("json_bridge_reason"):
        why = f" ({_reason(d, d.truth[min(first)])})"
    bridge = d.dim("json_bridge", _JSON_BRIDGES).format(
        refs=_refs(sorted(first)), why=why, pl=_pl(len(first)), are=_pl(len(first), "is", "are")
    )
    parts = [rendered(shown), bridge, rendered(d.truth)]
    if d.flag("json_draft_label", weight_off=2):
        parts.insert(0, "Draft:")
    return d.done(_framed(d, "\n\n".join(parts), sign_off=False))


# ----------------------------------------------------------------- 7. scratch_that_chat

# {w} the first verdict, {v} the final one, {r} why.
_SCRATCHES = (
    "{w}... scratch that, {v} ({r})",
    "{w}. actually never mind, it's {v}: {r}",
    "{w}, oops, make that {v} ({r})",
    "{w} — strike that, {v}; {r}",
    "{w}. no wait, {v}, {r}",
)


@HELDOUT21
def scratch_that_chat(ch: Chooser) -> BlindOutput:
    """Chatty small models (Mistral 7B, Gemma 2, Phi-3, Llama 3.2 3B) and GPT-4o under a casual system prompt:
    short lines, a verdict taken back on the spot ("no... scratch that, yes") or on the next line, by number."""
    d = Draw(ch, "scratch_that_chat", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 2)
    lower = d.flag("chat_lowercase", weight_off=1)

    def word(i: int, truth: Truth) -> str:
        text = ink.word(i, truth)
        return text.lower() if lower else text

    yes_no = ink.vocabulary == "yes_no"
    scratches = _SCRATCHES[:-1] if yes_no else _SCRATCHES  # "yes. no wait, no" is not said
    line_form = d.dim("chat_line", ("{k} - {v}", "{k}: {v}", "#{k} {v}"))
    where = d.dim("scratch_where", ("inline", "inline", "next_line"))
    scratch = d.dim("scratch", scratches)
    lines = []
    for i, _statement, truth in d.items():
        if i not in first:
            lines.append(line_form.format(k=i + 1, v=word(i, truth)))
        elif where == "inline":
            said = scratch.format(w=word(i, first[i]), v=word(i, truth), r=_reason(d, truth))
            lines.append(line_form.format(k=i + 1, v=said))
        else:
            lines.append(line_form.format(k=i + 1, v=word(i, first[i])))
            lines.append(f"scratch that last one, {i + 1} is {word(i, truth)} ({_reason(d, truth)})")
    opener = d.dim("chat_opener", ("none", "ok here goes:", "alright, quick pass:", "sure!"))
    closer = d.dim("chat_closer", ("none", "that's it", "hope that helps", "done :)"))
    parts = [p for p in (opener, "\n".join(lines), closer) if p != "none"]
    return d.done("\n".join(parts) if d.flag("chat_tight") else "\n\n".join(parts))


# ----------------------------------------------------------------- 8. recheck_all_stand

_RECHECK_HEADS = (
    "Double-checking before I finish:",
    "Re-checking each verdict against the context:",
    "Second pass:",
    "Let me re-verify.",
)
# Why a change was weighed, by the verdict weighed; why it was kept, by the verdict kept.
_WEIGHED = ("the context mentions the same topic", "the context words it differently", "the wording is loose")
_KEPT = (
    "it states the same fact in other words",
    "it never states this itself",
    "it still does not settle the point either way",
)
_STAND = (
    "All verdicts stand.",
    "No changes: the verdicts above are final.",
    "Everything checks out; all verdicts stand as written.",
    "Nothing to change.",
)


@HELDOUT21
def recheck_all_stand(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Gemini told to double-check before answering, which find nothing to change: the list,
    a re-check that weighs a change or two and rejects each ("I considered changing 2 to Yes, but ..."), and
    "All verdicts stand."."""
    d = Draw(ch, "recheck_all_stand", max_n=MAX_N)
    ink = _ink(d)
    ink.decorate(exclude=("arrow", "emoji_only"))
    form = d.dim("stand_list_form", ("{k}. {v}", "Statement {k}: {v}", "S{k}: {v}"))
    verdicts = "\n".join(form.format(k=i + 1, v=ink.token(i, t)) for i, _s, t in d.items())
    weighed = int(d.dim("weighed", ("0", "1", "1", "2")))
    pool = list(range(d.n))
    chosen = sorted(pool.pop(ch.integer("weighed_item", 0, len(pool) - 1)) for _ in range(min(weighed, d.n)))
    sentence = d.dim(
        "weighed_sentence",
        (
            "I considered changing statement {k} to {alt}, since {why}, but {keep}, so {v} stands.",
            "Statement {k}: I was tempted to switch it to {alt} because {why}; however, {keep}. Keeping {v}.",
        ),
    )
    lines = []
    for i in chosen:
        truth = d.truth[i]
        alt = _first_verdict(d, truth)
        lines.append(
            sentence.format(k=i + 1, alt=ink.word(i, alt), why=_of(alt, _WEIGHED), keep=_of(truth, _KEPT),
                            v=ink.word(i, truth))
        )  # fmt: skip
    lines.append(d.dim("stand", _STAND))
    parts = [verdicts, d.dim("recheck_head", _RECHECK_HEADS), " ".join(lines)]
    return d.done(_framed(d, "\n\n".join(parts)))


# ----------------------------------------------------------------- 9. others_stand_summary


@HELDOUT21
def others_stand_summary(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o reviewing their own verdicts in a review chain: the list, then a short revision summary
    that names what changed ("#2: Yes → No") and says the other verdicts stand."""
    d = Draw(ch, "others_stand_summary", min_n=2, max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3, keep=1)
    shown = _shown(d, first)
    head = d.dim("summary_list_head", ("Verdicts:", "none", "Here are my verdicts:"))
    block = _listed(ink, shown, d.dim("summary_list_form", ("{k}. {v}", "Statement {k}: {v}", "({k}) {v}")))
    if head != "none":
        block = f"{head}\n{block}"
    revised = sorted(first)
    others = [i for i in range(d.n) if i not in first]
    style = d.dim("summary_style", ("arrows", "from_to", "only"))
    if style == "arrows":
        arrow = d.dim("summary_arrow", ("→", "->"))
        changes = "; ".join(f"#{i + 1}: {ink.word(i, first[i])} {arrow} {ink.word(i, d.truth[i])}" for i in revised)
        lead = d.dim("summary_lead", ("Revisions after re-reading:", "Changes:", "Revised:"))
        summary = f"{lead} {changes}. " + d.dim(
            "summary_rest", ("All other verdicts stand.", "The rest stay as above.", "Everything else is unchanged.")
        )
    elif style == "from_to":
        changes = " ".join(
            f"Statement {i + 1} changes from {ink.word(i, first[i])} to {ink.word(i, d.truth[i])} "
            f"({_reason(d, d.truth[i])})."
            for i in revised
        )
        summary = f"{changes} {_cap(_refs(others))} stand{_pl(len(others), 's', '')}."
    else:
        which = "; ".join(
            f"statement {i + 1} is {ink.word(i, d.truth[i])}, not {ink.word(i, first[i])}" for i in revised
        )
        summary = f"On re-reading, only {_refs(revised)} change{_pl(len(revised), 's', '')}: {which}. " + (
            "The other verdict stands as written."
            if len(others) == 1
            else f"The other {len(others)} verdicts stand as written."
        )
    return d.done(_framed(d, _count(d, f"{block}\n\n{summary}")))


# ----------------------------------------------------------------- 10. initial_final_columns

_COLUMNS = (
    ("#", "Statement", "Initial verdict", "Final verdict"),
    ("#", "First pass", "After re-check", "Note"),
    ("Statement", "Initial", "Final", "Changed?"),
    ("#", "Statement", "Draft", "Revised", "Why"),
)


@HELDOUT21
def initial_final_columns(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Gemini asked to show their review: a markdown table with the first and the final
    verdict side by side (a "Changed?" or note column besides), the final column the answer."""
    d = Draw(ch, "initial_final_columns", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    columns = d.dim("review_columns", _COLUMNS)
    unchanged_note = d.dim("unchanged_note", ("—", "unchanged", ""))
    rows = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for i, statement, truth in d.items():
        old = first.get(i, truth)
        cells = {
            "#": str(i + 1),
            "Statement": statement,
            "Changed?": "Yes" if i in first else "No",
            "Note": _cap(_reason(d, truth)) if i in first else unchanged_note,
        }
        cells["Why"] = cells["Note"]
        values = [ink.word(i, old), ink.word(i, truth)]
        row = []
        for name in columns:
            if name in cells:
                row.append(cells[name])
            else:
                row.append(values.pop(0))
        rows.append("| " + " | ".join(row) + " |")
    body = "\n".join(rows)
    note = d.dim(
        "final_column_note",
        (
            "none",
            "The last verdict column is my final answer.",
            "Only the final column counts; the first was my draft.",
        ),
    )
    if note != "none":
        body += "\n\n" + note
    return d.done(_framed(d, _count(d, body)))


# ----------------------------------------------------------------- 11. final_line_restated_after_fix

_MISTYPED = (
    "Correction: I mistyped {refs} in the line above; as explained, {clauses}. Corrected:",
    "Oops, the line above has {refs} wrong ({clauses}). The corrected line:",
    "Sorry, {refs} in that line did not match my explanation: {clauses}. Here it is again, fixed:",
)
_REREAD = (
    "Wait, on re-reading the context: {clauses}. Corrected:",
    "Correction after a second look at the context: {clauses}.",
    "Let me fix that. {Clauses}.",
)
_HEADER = "Final verdict for each statement in order:"


@HELDOUT21
def final_line_restated_after_fix(ch: Chooser) -> BlindOutput:
    """GPT-3.5, GPT-4 and Llama 3 answering promptfoo's legacy prompt, which catch a slip right after the closing
    line and write the line again fixed: the LAST "Final verdict for each statement in order:" is the answer."""
    d = Draw(ch, "final_line_restated_after_fix", max_n=MAX_N)
    ink = _ink(d)
    reasoning = ink.reasoning()  # explanations agree with the final verdicts
    first = _revise(d, 1, 2)
    shown = _shown(d, first)

    def line(header: str, verdicts: Sequence[Truth]) -> str:
        return f"{header} " + " ".join(ink.word(i, t) + "." for i, t in enumerate(verdicts))

    revised = sorted(first)
    if reasoning:
        clauses = " and ".join(f"statement {i + 1} is {ink.word(i, d.truth[i])}" for i in revised)
        bridge = d.dim("fix_bridge", _MISTYPED).format(refs=_refs(revised), clauses=clauses)
    else:
        clauses = "; ".join(
            f"statement {i + 1} is {ink.word(i, d.truth[i])} ({_reason(d, d.truth[i]).removeprefix('on re-reading, ')})"
            for i in revised
        )
        bridge = d.dim("fix_bridge", _REREAD).format(clauses=clauses, Clauses=_cap(clauses))
    header = d.dim("fixed_header", (_HEADER, "Corrected final verdict for each statement in order:"))
    parts = [reasoning, line(_HEADER, shown), bridge, line(header, d.truth)]
    if d.flag("fix_trailer"):
        parts.append(d.ch.pick("fix_trailer_text", ("Please use this last line.", "(The corrected line is final.)")))
    body = "\n\n".join(p for p in parts if p)
    return d.done(_framed(d, body, sign_off=False))


# ----------------------------------------------------------------- 12. legacy_blocks_revised_verdict

# (first verdict, revised verdict, every block carries both)
_MARKER_PAIRS = (
    ("Verdict: {v}.", "Revised verdict: {v}.", False),
    ("Verdict: {v}.", "Verdict after re-check: {v}.", False),
    ("**Verdict:** {v}", "**Updated verdict:** {v}", False),
    ("Initial verdict: {v}.", "Final verdict: {v}.", True),
)


@HELDOUT21
def legacy_blocks_revised_verdict(ch: Chooser) -> BlindOutput:
    """Mistral 7B/8x7B and Llama 3 answering promptfoo's legacy prompt block by block, re-reading some statements
    before moving on: "Verdict: Yes." then "Re-check: ..." and "Revised verdict: No." inside that block."""
    d = Draw(ch, "legacy_blocks_revised_verdict", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    head = d.dim("block_head", ("Statement {k}: {s}", "{k}. {s}", "**Statement {k}:** {s}"))
    verdict, revised, both = d.dim("marker_pair", _MARKER_PAIRS)
    check = d.dim("recheck_label", ("Re-check:", "Second look:", "On re-reading:"))
    one_line = d.flag("block_one_line", weight_off=2)
    blocks = []
    for i, statement, truth in d.items():
        shown = first.get(i, truth)
        parts = [head.format(k=i + 1, s=statement), f"Explanation: {ink.explanation(i, shown)}"]
        parts.append(verdict.format(v=ink.word(i, shown)))
        if i in first:
            reason = _reason(d, truth)
            if check == "On re-reading:":
                reason = reason.removeprefix("on re-reading, ")
            parts.append(f"{check} {_cap(reason)}.")
            parts.append(revised.format(v=ink.word(i, truth)))
        elif both:
            parts.append(revised.format(v=ink.word(i, truth)))
        blocks.append((" " if one_line else "\n").join(parts))
    body = ("\n" if one_line else "\n\n").join(blocks)
    return d.done(_framed(d, body, final=True))


# ----------------------------------------------------------------- 13. deferred_then_resolved

_DEFERRALS = (
    "(deferred — I'll come back to this one)",
    "Pending: I'll come back to this after reading the rest of the context.",
    "Let me come back to this one.",
    "TBD — coming back to it below.",
)
# What reading on settled a deferred statement (supported, not supported).
_FOUND = (
    ("the last paragraph of the context states this", "the context confirms it further down"),
    ("the rest of the context never states this", "further down, the context gives a different detail"),
)
_RESOLVE_HEADS = ("Coming back to the deferred {w}:", "Back to the open {w}:", "Now the {w} I skipped:")


@HELDOUT21
def deferred_then_resolved(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o on long contexts: a hard statement put off ("I'll come back to this one") while the
    others are judged, then resolved by number at the end, possibly left undecided in so many words."""
    d = Draw(ch, "deferred_then_resolved", max_n=MAX_N)
    ink = _ink(d)
    count = int(d.dim("deferred", ("1", "1", "2")))
    pool = list(range(d.n))
    deferred = sorted(pool.pop(ch.integer("deferred_item", 0, len(pool) - 1)) for _ in range(min(count, d.n)))
    form = d.dim("deferred_form", ("{k}. {v}", "Statement {k}: {v}"))
    asides = d.flag("deferred_asides")
    mark = d.dim("deferral", _DEFERRALS)
    lines = []
    for i, _statement, truth in d.items():
        if i in deferred:
            lines.append(form.format(k=i + 1, v=mark))
        else:
            lines.append(form.format(k=i + 1, v=ink.word(i, truth)) + (f" — {ink.aside(i, truth)}" if asides else ""))
    what = "statement" if len(deferred) == 1 else "statements"
    head = d.dim("resolve_head", _RESOLVE_HEADS).format(w=what)
    resolved = []
    for i in deferred:
        truth = d.truth[i]
        if truth is None:
            still = d.ch.pick("still", ("still ambiguous in the context", "the context still does not settle it"))
            resolved.append(f"Statement {i + 1}: {still}; I'm leaving it as {ink.word(i, None)}.")
        else:
            found = d.ch.pick("found", _FOUND[0 if truth else 1])
            resolved.append(f"Statement {i + 1}: {found}, so {ink.word(i, truth)}.")
    parts = ["\n".join(lines), head + "\n" + "\n".join(resolved)]
    if d.flag("deferred_recap"):
        parts.append("Full list:\n" + _listed(ink, d.truth, form))
    return d.done(_framed(d, _count(d, "\n\n".join(parts))))


# ----------------------------------------------------------------- 14. start_over_redo

_REDO_HEADS = ("none", "Take two:", "Redo:", "Starting over:")


@HELDOUT21
def start_over_redo(ch: Chooser) -> BlindOutput:
    """Llama 3.2 3B, Phi-3, Qwen 2.5 3B and GPT-4o-mini that notice mid-answer they skipped a statement, misread
    the context or left the format, say so, and start over with a complete list."""
    d = Draw(ch, "start_over_redo", min_n=2, max_n=MAX_N)
    ink = _ink(d)
    story = d.dim("redo_story", ("skipped", "misread", "format"))
    form = d.dim("redo_form", ("{k}. {v}", "Statement {k}: {v}", "- {k}: {v}"))
    if story == "skipped":
        skipped = ch.integer("skipped", 0, d.n - 2)
        cut = ch.integer("redo_cut", skipped + 1, d.n - 1)
        attempt = "\n".join(form.format(k=i + 1, v=ink.word(i, d.truth[i])) for i in range(cut + 1) if i != skipped)
        bridge = d.dim(
            "redo_bridge",
            ("Hmm, I skipped statement {k}. Let me start over.", "Wait, I missed statement {k}. Redoing the list:"),
        ).format(k=skipped + 1)
    elif story == "misread":
        first = _revise(d, 1, 2)
        last = max(first)
        cut = ch.integer("redo_cut", last, d.n - 1)
        shown = _shown(d, first)
        attempt = "\n".join(form.format(k=i + 1, v=ink.word(i, shown[i])) for i in range(cut + 1))
        bridge = d.dim(
            "redo_bridge",
            (
                "Wait, I misread the context for {r}. Let me redo this from the top.",
                "Sorry, {r} {is_} wrong. Let me start over.",
            ),
        ).format(r=_refs(sorted(first)), is_="is" if len(first) == 1 else "are")
    else:
        cut = ch.integer("redo_cut", 0, d.n - 1)
        sentences = [
            f"statement {i + 1} "
            + _of(d.truth[i], ("is supported by the context", "is not supported", "cannot be decided from the context"))
            for i in range(cut + 1)
        ]
        attempt = "Looking at the statements: " + "; ".join(sentences) + ("." if cut == d.n - 1 else "...")
        bridge = d.dim(
            "redo_bridge",
            ("Sorry, that's not the requested format. Let me start over.", "Let me redo this in the format asked for:"),
        )
    head = d.dim("redo_head", _REDO_HEADS)
    redo = _listed(ink, d.truth, form)
    if head != "none":
        redo = f"{head}\n{redo}"
    return d.done(_framed(d, _count(d, f"{attempt}\n\n{bridge}\n\n{redo}")))


# ----------------------------------------------------------------- 15. are_you_sure_followup

_ROLES = (
    ("Assistant:", "User:"),
    ("**Assistant:**", "**User:**"),
    ("[assistant]", "[user]"),
    ("### Assistant", "### User"),
)
_FOLLOW_UPS = (
    "Are you sure? Please double-check each verdict against the context.",
    "Please re-check your verdicts; only the context counts.",
    "Double-check statement by statement and give your final verdicts.",
)


@HELDOUT21
def are_you_sure_followup(ch: Chooser) -> BlindOutput:
    """Harnesses that ask a second "Are you sure?" turn (self-consistency and sycophancy probes, critique chains)
    and store the whole exchange as call 2's output: the grader's last turn is its answer."""
    d = Draw(ch, "are_you_sure_followup", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 0, 2)
    shown = _shown(d, first)
    assistant, user = d.dim("roles", _ROLES)
    gap = "\n\n" if assistant.startswith("#") else "\n"
    form = d.dim("turn_form", ("{k}. {v}", "Statement {k}: {v}"))
    kind = d.dim("second_turn", ("partial", "full"))
    if kind == "full":
        lead = d.dim("full_lead", ("After double-checking, here are my final verdicts:", "Re-checked. Final verdicts:"))
        second = f"{lead}\n{_listed(ink, d.truth, form)}"
    elif first:
        clauses = "; ".join(
            f"statement {i + 1} is {ink.word(i, d.truth[i])} ({_reason(d, d.truth[i])})" for i in sorted(first)
        )
        rest = "The other verdicts stand." if len(first) < d.n else "That covers every statement."
        second = f"You're right to ask. On re-reading, {clauses}. {rest}"
    else:
        second = d.dim(
            "stand_reply",
            ("Yes, I've double-checked: all verdicts stand.", "I re-checked each one against the context; no changes."),
        )
    turns = [
        f"{assistant}{gap}{_listed(ink, shown, form)}",
        f"{user}{gap}{d.ch.pick('follow_up', _FOLLOW_UPS)}",
        f"{assistant}{gap}{second}",
    ]
    return d.done("\n\n".join(turns))


# ----------------------------------------------------------------- 16. reflection_schema_json

_REFLECTION_KEYS = (
    ("initial_verdict", "reflection", "final_verdict"),
    ("draft_verdict", "critique", "revised_verdict"),
    ("first_pass", "second_look", "final"),
)
_NO_CHANGE = ("Re-checked; no change.", "Same on a second read.", "Unchanged after re-reading the context.")


@HELDOUT21
def reflection_schema_json(ch: Chooser) -> BlindOutput:
    """Teams whose call-2 prompt asks for a reflection schema, answered by GPT-4o (JSON mode), Gemini (structured
    output) and Llama 3 under a grammar: an initial verdict, a reflection and a final verdict per statement."""
    d = Draw(ch, "reflection_schema_json", max_n=MAX_N)
    ink = _ink(d)
    first = _revise(d, 1, 3)
    initial_key, reflection_key, final_key = d.dim("reflection_keys", _REFLECTION_KEYS)
    kind = d.dim("reflection_value", ("int", "bool", "word"))
    ident = d.dim("reflection_ident", ("statement", "id"))
    no_change = d.dim("no_change", _NO_CHANGE)

    def value(i: int, truth: Truth) -> Any:
        if kind == "word":
            return ink.word(i, truth)
        if truth is None:
            return None
        return int(truth) if kind == "int" else truth

    items = []
    for i, statement, truth in d.items():
        old = first.get(i, truth)
        item: dict[str, Any] = {"statement": statement} if ident == "statement" else {"id": i + 1}
        item[initial_key] = value(i, old)
        if i in first:
            item[reflection_key] = _cap(_reason(d, truth)) + "."
        elif truth is None:
            item[reflection_key] = "Still ambiguous; the context does not settle this."
        else:
            item[reflection_key] = no_change
        item[final_key] = value(i, truth)
        items.append(item)
    wrapper = d.dim("reflection_wrapper", ("results", "statements", "bare"))
    data: Any = items if wrapper == "bare" else {wrapper: items}
    text = json.dumps(data, ensure_ascii=False, indent=d.ch.pick("reflection_indent", (2, 2, 4)))
    if d.flag("reflection_fenced"):
        text = f"```json\n{text}\n```"
    if kind != "word" and None in d.truth:
        text += "\n\n" + d.ch.pick(
            "null_note_text", ("null means the context does not let me decide.", "A null verdict = undetermined.")
        )
    return d.done(_framed(d, text, sign_off=False))


# ----------------------------------------------------------------- 17. retracted_into_refusal

_RETRACTIONS = (
    "Wait — I just noticed the context section is empty. The verdicts above came from general knowledge, not "
    "from the context, so please disregard them. I can't evaluate these statements without the context.",
    "Actually, I need to retract all of that: there is no context in your message, only the statements. I cannot "
    "judge whether a context supports them, so I'm withdrawing every verdict above.",
    "Scratch everything above. The context block only contains an unfilled template placeholder "
    "(`{{context}}`), so there is nothing to check the statements against. I can't give a verdict for any of them.",
    "Correction: I started judging before checking the context, and it is missing. None of the verdicts above "
    "should be used; I'm unable to evaluate the statements until the context is provided.",
)


# What a grader writes beside a verdict it guessed (supported, not supported).
_HUNCHES = (("this sounds right", "plausible", "likely true"), ("I doubt this", "unlikely", "sounds off"))


@HELDOUT21
def retracted_into_refusal(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Llama 3 that start judging from the statements' plausibility, then notice the context is
    empty (or an unfilled placeholder) and withdraw every verdict: no verdict is given (a refusal)."""
    d = Draw(ch, "retracted_into_refusal", unknowns=False, max_n=MAX_N)
    ink = _ink(d)
    reached = ch.integer("retract_after", 0, d.n - 1)
    form = d.dim("retract_form", ("{k}. {v}", "Statement {k}: {v}", "{k}. {v} — {a}"))
    guessed = [d.ch.pick("guess", (True, False)) for _ in range(reached + 1)]
    lines = [
        form.format(k=i + 1, v=ink.word(i, t), a=d.ch.pick("hunch", _HUNCHES[0 if t else 1]))
        for i, t in enumerate(guessed)
    ]
    parts = ["\n".join(lines), d.dim("retraction", _RETRACTIONS)]
    if d.flag("retract_offer"):
        parts.append("Please provide the context and I'll evaluate them.")
    if d.flag("retract_preface", weight_off=2):
        parts.insert(0, d.ch.pick("retract_preface_text", ("Here are my verdicts:", "Let's go through them.")))
    return d.refused("\n\n".join(parts))
