"""A SIXTH HELD-OUT set of blind layouts: fourteen more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout6``); do not read it while
developing the reader. Written from how grader models (GPT-4o, Claude, Llama 3, Qwen,
Mistral, Gemini, Phi, small local models) answer "for each statement, say whether the
context supports it" when they drift from the asked format in everyday ways: verdict words
that change from item to item ("Holds", "Not found", "Wrong"), verdicts followed by long
justifications that mention other statements by number, a draft list and a labelled final
list both left in the answer, a markdown section per statement with the verdict in its
heading and horizontal rules between, numbered quoted statements with the verdict after a
dash, verdicts that appear only in bold inside sentences, answers in lowercase without
punctuation, keycap numbers and emoji beside the verdict words, a summary sentence before
the verdicts, an answer with a different count than asked (one statement split in two, or
two judged together, said explicitly), coverage percentages with the cut stated, text
verdicts recapped in JSON, a chat template's special tokens leaked around the answer, and
refusals of kinds the other sets do not hold.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every cut, mark or split is explained in the
output itself or is plain from it.

    HELDOUT6.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout6_outputs(layout="draft_then_final")      # one layout's strategy
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    LayoutSet,
    cased,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT6 = LayoutSet("heldout6")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout6_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the sixth held-out set (one layout when named)."""
    return HELDOUT6.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pick_of(
    ch: Chooser, name: str, truth: Truth, options: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
) -> str:
    return ch.pick(name, options[0 if truth is True else 1 if truth is False else 2])


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------- 1. drifting_vocabulary

# Words no prompt offered, by what they say; a grader that drifts picks one per item.
_DRIFT_WORDS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("Correct", "Accurate", "Valid", "Holds", "Backed by the context", "Confirmed", "Stated in the context",
     "Matches the context"),
    ("Not found", "Absent from the context", "Wrong", "Inaccurate", "Invalid", "Does not hold", "Not stated",
     "Not in the context"),
    ("Can't verify", "Unclear", "Not determinable from the context", "Ambiguous"),
)  # fmt: skip
_DRIFT_FORMS = ("{k}. {w}", "Statement {k}: {w}", "{k}) {w}", "- Statement {k} — {w}", "#{k}: {w}", "{k}. {s} → {w}")


@HELDOUT6
def drifting_vocabulary(ch: Chooser) -> BlindOutput:
    """Verdict words the prompt never offered, and not one pair for the whole answer: "Holds", "Not found", "Wrong"."""
    d = Draw(ch, "drifting_vocabulary", max_n=MAX_N)
    drift = d.dim("drift", ("per_item", "per_item", "one_pair"))
    yes_words, no_words, unknown_words = _DRIFT_WORDS
    fixed = (ch.pick("drift_word", yes_words), ch.pick("drift_word", no_words), ch.pick("drift_word", unknown_words))
    casing = d.dim("drift_casing", ("sentence", "sentence", "upper", "lower", "bold"))
    form = d.dim("drift_form", _DRIFT_FORMS)
    aside = d.flag("drift_aside")
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, statement, truth in d.items():
        word = _pick_of(ch, "drift_word", truth, _DRIFT_WORDS) if drift == "per_item" else _of(truth, fixed)
        word = f"**{word}**" if casing == "bold" else cased(word, casing)
        line = form.format(k=i + 1, s=statement, w=word)
        if aside:
            line += f" ({ink.aside(i, truth)})"
        lines.append(line)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 2. cross_referenced_reasons

# {j}: another statement's number, with the truth named in the key: (this one, the other one).
_CROSS: dict[tuple[Truth, Truth], tuple[str, ...]] = {
    (True, True): (
        "As with statement {j}, the context states this directly.",
        "This comes from the same paragraph of the context as statement {j}, and it is spelled out there.",
    ),
    (True, False): (
        "Unlike statement {j}, this one is stated in the context almost word for word.",
        "Statement {j} had no basis in the context, but this one does: the passage says exactly this.",
    ),
    (True, None): (
        "The context is vague about statement {j}, but on this point it is explicit.",
    ),
    (False, True): (
        "Statement {j} is backed by the context, but this one is not: the context never mentions it.",
        "The passage that confirms statement {j} says nothing about this.",
    ),
    (False, False): (
        "Same problem as statement {j}: the context does not say this anywhere.",
        "Like statement {j}, this goes beyond what the context says.",
    ),
    (False, None): (
        "Statement {j} was at least hinted at; this one is not in the context at all.",
    ),
    (None, True): (
        "The context touches on this right after the sentence that supports statement {j}, but not clearly "
        "enough to decide either way.",
    ),
    (None, False): (
        "This is not as clear-cut as statement {j}: the context mentions the topic but neither confirms nor "
        "denies the detail.",
    ),
    (None, None): (
        "As with statement {j}, the context is too vague here to decide.",
    ),
}  # fmt: skip
_CROSS_HEADS = ("Statement {k}: {v}.", "**{k}. {v}.**", "{k}. {v} —", "Statement {k} — **{v}**.")


@HELDOUT6
def cross_referenced_reasons(ch: Chooser) -> BlindOutput:
    """The verdict first, then a justification of several sentences that mentions other statements by number."""
    d = Draw(ch, "cross_referenced_reasons", min_n=2, max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    head = d.dim("cross_head", _CROSS_HEADS)
    forward = d.flag("cross_forward", weight_off=2)
    blocks = []
    for i, _statement, truth in d.items():
        others = [j for j in range(d.n) if j != i]
        j = others[ch.integer("cross_other", 0, len(others) - 1)]
        cross = ch.pick("cross_sentence", _CROSS[(truth, d.truth[j])]).format(j=j + 1)
        sentences = [cross, ink.explanation(i, truth)]
        if ch.pick("cross_order", ("cross_first", "explanation_first")) == "explanation_first":
            sentences.reverse()
        if forward and i + 1 < d.n:
            sentences.append(f"I come back to this point under statement {i + 2}.")
        blocks.append(head.format(k=i + 1, v=ink.word(i, truth)) + " " + " ".join(sentences))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 3. draft_then_final

_DRAFT_LABELS = (
    ("Draft verdicts:", "Final verdicts:"),
    ("First pass:", "Final answer (after re-checking the context):"),
    ("Initial assessment:", "Revised assessment (final):"),
    ("**Draft**", "**Final**"),
    ("## Draft", "## Final verdicts"),
)
_DRAFT_BRIDGES = (
    "Let me double-check these against the context before I commit.",
    "Re-reading the context to make sure.",
    "Checking each one again.",
)
_CHANGE_NOTES = (
    "I changed statement {k} after re-reading the context.",
    "On a second look, statement {k} needed changing.",
    "Statement {k} was wrong in the draft; the final list fixes it.",
)


@HELDOUT6
def draft_then_final(ch: Chooser) -> BlindOutput:
    """A draft list of verdicts and a final one, both left in the answer, the final labelled as such."""
    d = Draw(ch, "draft_then_final", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    draft_label, final_label = d.dim("draft_labels", _DRAFT_LABELS)
    form = d.dim("draft_form", ("{k}. {v}", "Statement {k}: {v}", "- {k}: {v}"))
    changes = int(d.dim("draft_changes", ("0", "1", "1", "2")))
    changed: list[int] = []
    for _ in range(min(changes, d.n)):
        k = ch.integer("draft_changed", 0, d.n - 1)
        if k not in changed:
            changed.append(k)
    draft = []
    for i, _statement, truth in d.items():
        shown: Truth = truth
        if i in changed:
            shown = ch.pick("draft_flip", (False, None)) if truth is True else True
        draft.append(form.format(k=i + 1, v=ink.word(i, shown)))
    final = [form.format(k=i + 1, v=ink.word(i, truth)) for i, _s, truth in d.items()]
    parts = [draft_label, "\n".join(draft)]
    if d.flag("draft_bridge"):
        parts.append(ch.pick("draft_bridge_text", _DRAFT_BRIDGES))
    parts += [final_label, "\n".join(final)]
    if changed and d.flag("draft_note"):
        note = ch.pick("draft_note_text", _CHANGE_NOTES)
        parts.append(" ".join(note.format(k=k + 1) for k in sorted(changed)))
    body = "\n\n".join(parts)
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 4. ruled_headings

_RULED_HEADINGS = (
    "## Statement {k}: {v}",
    "### {k}. {v}",
    "### Statement {k} — {v}",
    "## {v}: statement {k}",
    "#### Statement {k} ({v})",
)
_RULES = ("---", "***", "___", "- - -")


@HELDOUT6
def ruled_headings(ch: Chooser) -> BlindOutput:
    """A markdown section per statement, its verdict in the heading, horizontal rules between the sections."""
    d = Draw(ch, "ruled_headings", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle", "bold", "italic", "emoji_only"))
    heading = d.dim("ruled_heading", _RULED_HEADINGS)
    rule = d.dim("ruled_rule", _RULES)
    quote = d.dim("ruled_quote", ("blockquote", "italic", "plain", "none"))
    outer = d.flag("ruled_outer")
    sections = []
    for i, statement, truth in d.items():
        lines = [heading.format(k=i + 1, v=ink.token(i, truth))]
        if quote == "blockquote":
            lines.append(f"> {statement}")
        elif quote == "italic":
            lines.append(f'*"{_bare(statement)}"*')
        elif quote == "plain":
            lines.append(f"Statement: {statement}")
        lines.append(ink.explanation(i, truth))
        sections.append("\n\n".join(lines))
    body = f"\n\n{rule}\n\n".join(sections)
    if outer:
        body = f"{rule}\n\n{body}\n\n{rule}"
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- 5. quoted_statement_dash

_QUOTES = (('"', '"'), ("“", "”"), ("'", "'"))
_DASHES = (" — ", " – ", " -- ", "—", " - ")


@HELDOUT6
def quoted_statement_dash(ch: Chooser) -> BlindOutput:
    """A numbered list: the number, the statement in quotes, a dash, the verdict: ``1. "..." — Supported``."""
    d = Draw(ch, "quoted_statement_dash", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "angle", "quote", "emoji_only"))
    opening, closing = d.dim("quote_marks", _QUOTES)
    dash = d.dim("quote_dash", _DASHES)
    stop_inside = d.flag("quote_stop_inside")
    number = d.dim("quote_number", ("{k}.", "{k})", "**{k}.**", "({k})"))
    after = d.dim("quote_after", ("none", "none", "sentence", "paren", "because"))
    lines = []
    for i, statement, truth in d.items():
        text = statement if stop_inside else _bare(statement)
        line = f"{number.format(k=i + 1)} {opening}{text}{closing}{dash}{ink.token(i, truth)}"
        if after == "sentence":
            line += f". {ink.explanation(i, truth)}"
        elif after == "paren":
            line += f" ({ink.aside(i, truth)})"
        elif after == "because":
            line += f", because {ink.explanation(i, truth)[:1].lower()}{ink.explanation(i, truth)[1:]}"
        lines.append(line)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 6. bold_in_prose

# {r}: how the statement is named; {e}: an explanation (a full sentence).
_BOLD_SENTENCES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "{R} is **supported**: {e}",
        "I would mark {r} as **accurate**. {e}",
        "{R} is **backed by the context**. {e}",
        "Is {r} supported? **Yes**. {e}",
        "{R} checks out, so it is **supported**.",
    ),
    (
        "{R} is **not supported**: {e}",
        "I would mark {r} as **unsupported**. {e}",
        "{R} is **not backed by the context**. {e}",
        "Is {r} supported? **No**. {e}",
        "{R} does not check out, so it is **not supported**.",
    ),
    (
        "{R} is **unclear**: {e}",
        "For {r} I **cannot tell** either way. {e}",
        "{R} **can't be verified** from the context. {e}",
    ),
)
_BOLD_REFS = ("statement {k}", "the {o} statement", "the {o} claim")


@HELDOUT6
def bold_in_prose(ch: Chooser) -> BlindOutput:
    """Prose whose only verdict marks are bold words inside its sentences: "The second claim is **not supported**."."""
    d = Draw(ch, "bold_in_prose", max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    ref = d.dim("bold_ref", _BOLD_REFS)
    join = d.dim("bold_join", ("paragraph", "paragraphs", "lines"))
    sentences = []
    for i, _statement, truth in d.items():
        r = ref.format(k=i + 1, o=_ORDINALS[i])
        explanation = ink.explanation(i, truth)
        template = _pick_of(ch, "bold_sentence", truth, _BOLD_SENTENCES)
        e = explanation[:1].lower() + explanation[1:] if "**: {e}" in template else explanation
        sentences.append(template.format(r=r, R=_upper_first(r), e=e))
    body = {"paragraph": " ", "paragraphs": "\n\n", "lines": "\n"}[join].join(sentences)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. lowercase_unpunctuated

_LOW_WORDS: dict[str, tuple[str, str, str]] = {
    "yes_no": ("yes", "no", "not sure"),
    "supported": ("supported", "not supported", "cant tell"),
    "true_false": ("true", "false", "unclear"),
    "correct": ("correct", "incorrect", "dont know"),
}
_LOW_FORMS = ("{k} {w}", "statement {k} {w}", "{k} - {w}", "s{k} {w}")


def _unpunctuated(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum() or c == " ").strip()


@HELDOUT6
def lowercase_unpunctuated(ch: Chooser) -> BlindOutput:
    """The whole answer in lowercase with no punctuation, as small local models write: "1 yes its stated"."""
    d = Draw(ch, "lowercase_unpunctuated", max_n=MAX_N)
    words = _LOW_WORDS[d.dim("low_words", tuple(_LOW_WORDS))]
    ink = d.use_ink(("yes_no",))
    form = d.dim("low_form", _LOW_FORMS)
    layout = d.dim("low_layout", ("lines", "lines", "one_line"))
    explain = layout == "lines" and d.flag("low_explain")
    items = []
    for i, _statement, truth in d.items():
        item = form.format(k=i + 1, w=_of(truth, words))
        if explain:
            item += " " + _unpunctuated(ink.explanation(i, truth))
        items.append(item)
    body = "\n".join(items) if layout == "lines" else " ".join(items)
    lead = d.dim("low_lead", ("none", "here are the verdicts", "ok checked them against the context", "verdicts"))
    if lead != "none":
        body = f"{lead}\n{body}"
    return d.done(d.frame(body, think=False, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 8. emoji_word_badges

_KEYCAPS = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟")
_BADGES: dict[str, tuple[str, str, str]] = {
    "circles": ("🟢 Supported", "🔴 Not supported", "🟡 Unclear"),
    "checks": ("✅ Yes", "❌ No", "⚠️ Unsure"),
    "thumbs": ("👍 Supported", "👎 Not supported", "🤔 Can't tell"),
    "heavy": ("✔️ Backed by the context", "✖️ Not backed by the context", "❔ Unclear"),
    "squares": ("🟩 PASS", "🟥 FAIL", "🟨 UNSURE"),
    "stop": ("✅ Verified", "🚫 Not verified", "❓ Undetermined"),
}
_BADGE_FORMS = (
    "{kc} {b}",
    "{kc} {s} → {b}",
    "**Statement {k}** {b}",
    "{b} — statement {k}",
    "Statement {k}: {b}",
    "{kc} **{b}**",
)


@HELDOUT6
def emoji_word_badges(ch: Chooser) -> BlindOutput:
    """Emoji and a verdict word together, often with keycap numbers: "2️⃣ 🔴 Not supported"."""
    d = Draw(ch, "emoji_word_badges", max_n=MAX_N)
    badges = _BADGES[d.dim("badges", tuple(_BADGES))]
    form = d.dim("badge_form", _BADGE_FORMS)
    echo_after = "{s}" not in form and d.flag("badge_echo")
    explain = d.flag("badge_explain")
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, statement, truth in d.items():
        line = form.format(kc=_KEYCAPS[i], k=i + 1, s=_bare(statement), b=_of(truth, badges))
        if echo_after:
            line += f"\n   _{statement}_"
        if explain:
            line += f"\n   {ink.explanation(i, truth)}"
        lines.append(line)
    gap = "\n\n" if echo_after or explain else "\n"
    return d.done(d.frame(gap.join(lines)))


# ----------------------------------------------------------------- 9. summary_sentence_first


def _summary(d: Draw) -> str:
    s, n = d.supported, d.n
    rest = n - s
    if n == 1:
        options: tuple[str, ...] = (
            ("The statement is supported by the context.",)
            if s
            else ("The statement is not supported by the context.",)
        )
    elif s == n:
        options = ("All statements are supported.", "Everything checks out against the context.",
                   f"All {n} statements are supported by the context.")  # fmt: skip
    elif s == 0:
        options = ("None of the statements is supported by the context.", "Nothing here is backed by the context.")
    elif s > rest:
        options = ("Most statements are supported.", f"Mostly supported, with {rest} exception{'s' * (rest > 1)}.",
                   f"{s} of the {n} statements are supported.")  # fmt: skip
    elif s < rest:
        options = ("Most statements are not supported by the context.", f"Only {s} of the {n} statements "
                   f"{'is' if s == 1 else 'are'} supported.")  # fmt: skip
    else:
        options = ("Half of the statements are supported.", f"It's a split: {s} supported, {rest} not.")
    return d.ch.pick("summary_sentence", options)


@HELDOUT6
def summary_sentence_first(ch: Chooser) -> BlindOutput:
    """A summary sentence first ("Most statements are supported."), then the verdict of each statement."""
    d = Draw(ch, "summary_sentence_first", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "emoji_only"))
    annotate = ink.annotate()
    form = d.dim("summary_form", ("{k}. {v}", "Statement {k}: {v}", "- {s} {v}", "{k} — {v}"))
    lead = d.dim("summary_lead", ("none", "Short answer:", "TL;DR:", "In brief:"))
    summary = _summary(d)
    if lead != "none":
        summary = f"{lead} {summary}"
    detail = d.dim("summary_detail_head", ("none", "Details:", "Per statement:", "Breakdown:"))
    lines = []
    for i, statement, truth in d.items():
        verdict = ink.token(i, truth, annotate=annotate != "none")
        if form.startswith("- {s}"):
            lines.append(f"- {_bare(statement)}: {verdict}")
        else:
            lines.append(form.format(k=i + 1, v=verdict))
    body = "\n".join(lines)
    if detail != "none":
        body = f"{detail}\n{body}"
    return d.done(d.frame(f"{summary}\n\n{body}", preface=False, tally=False))


# ----------------------------------------------------------------- 10. split_claims

_SPLIT_AT = (", ", " and ", " in ", " on ", " at ", " by ", " with ", " from ", " after ", " for ")


def _split(statement: str) -> tuple[str, str] | None:
    """The statement cut in two where a grader would see two claims, or None."""
    text = _bare(statement)
    for joint in _SPLIT_AT:
        at = text.find(joint, 8)
        if 0 < at < len(text) - len(joint) - 3:
            # a comma or "and" joins the two claims; a preposition belongs to the second
            rest = text[at + len(joint) :] if joint in (", ", " and ") else text[at + 1 :]
            return text[:at], rest.strip()
    return None


_SPLIT_INTROS = (
    "Statement {k} makes two claims, so I checked them separately as {a} and {b}.",
    "Note: statement {k} contains two separate facts; I split it into {a} and {b}.",
    "I split statement {k} in two ({a}, {b}) because each half can be checked on its own.",
)
_SPLIT_RULES = (
    "(A split statement counts as supported only if both of its parts are.)",
    "Statement {k} as a whole is supported only when {a} and {b} both are.",
)
_MERGE_INTROS = (
    "Statements {k} and {j} say nearly the same thing, so I judged them together.",
    "I'm treating statements {k} and {j} as one claim since they overlap; the verdict applies to both.",
)


@HELDOUT6
def split_claims(ch: Chooser) -> BlindOutput:
    """A different count than asked, said explicitly: one statement split into two parts, or two judged together."""
    d = Draw(ch, "split_claims", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    mode = d.dim("split_mode", ("split", "split", "merge"))
    pairs = [i for i in range(d.n - 1) if d.truth[i] is not None and d.truth[i] == d.truth[i + 1]]
    if mode == "merge" and not pairs:
        mode = "split"
        d.dims["split_mode"] = mode
    form = d.dim("split_form", ("{k}. {v}", "Statement {k}: {v}", "- {k}: {v}"))
    lines: list[str] = []
    notes: list[str] = []
    if mode == "split":
        m = ch.integer("split_statement", 0, d.n - 1)
        labels = d.dim("split_labels", ("{k}a/{k}b", "{k}.1/{k}.2", "{k}-i/{k}-ii"))
        first, second = (label.format(k=m + 1) for label in labels.split("/"))
        truth = d.truth[m]
        if truth is True:
            parts: tuple[Truth, Truth] = (True, True)
        elif truth is False:
            parts = ch.pick("split_parts_no", ((True, False), (False, True), (False, False)))
        else:
            parts = ch.pick("split_parts_unknown", ((True, None), (None, True)))
        halves = _split(d.statements[m])
        conclude = d.dim("split_conclusion", ("explicit", "explicit", "rule"))
        for i, _statement, t in d.items():
            if i != m:
                lines.append(form.format(k=i + 1, v=ink.word(i, t)))
                continue
            for label, part, half in zip((first, second), parts, halves or ("", ""), strict=True):
                text = form.format(k=label, v=ink.word(i, part))
                lines.append(f'{text} ("{half}")' if halves else text)
            if conclude == "explicit":
                lines.append(f"   → statement {m + 1} as a whole: {ink.word(i, truth)}")
        notes.append(ch.pick("split_intro", _SPLIT_INTROS).format(k=m + 1, a=first, b=second))
        if conclude == "rule":
            notes.append(ch.pick("split_rule", _SPLIT_RULES).format(k=m + 1, a=first, b=second))
        if d.flag("split_count_note"):
            notes.append(f"That makes {d.n + 1} verdicts for {d.n} statement{'s' * (d.n > 1)}.")
    else:
        m = ch.pick("merge_pair", pairs)
        label = d.dim("merge_label", ("{k}–{j}", "{k} & {j}", "{k}+{j}"))
        for i, _statement, t in d.items():
            if i == m + 1:
                continue
            k = label.format(k=m + 1, j=m + 2) if i == m else str(i + 1)
            lines.append(form.format(k=k, v=ink.word(i, t)) + (" (both)" if i == m else ""))
        notes.append(ch.pick("merge_intro", _MERGE_INTROS).format(k=m + 1, j=m + 2))
    where = d.dim("split_note_position", ("before", "after"))
    note = " ".join(notes)
    body = "\n".join(lines)
    body = f"{note}\n\n{body}" if where == "before" else f"{body}\n\n{note}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 11. coverage_percent

_COVERAGE_CUTS: dict[int, tuple[str, ...]] = {
    100: (
        "A statement counts as supported only when 100% of it is covered by the context.",
        "Cut: anything below 100% coverage is not supported.",
    ),
    80: (
        "I count 80% coverage or more as supported; below 80% is not supported.",
        "Threshold: ≥ 80% = supported, < 80% = not supported.",
    ),
}
_COVERAGE_FORMS = (
    "Statement {k}: {p}",
    "{k}. coverage {p}",
    "{k}. {s} — {p} covered",
    "- S{k}: {p} of the details found in the context",
)


@HELDOUT6
def coverage_percent(ch: Chooser) -> BlindOutput:
    """How much of each statement the context covers, as a percentage, with the cut the grader reads it by."""
    d = Draw(ch, "coverage_percent", max_n=MAX_N)
    cut = int(d.dim("coverage_cut", ("100", "80")))
    cut_text = d.dim("coverage_cut_text", _COVERAGE_CUTS[cut])
    form = d.dim("coverage_form", _COVERAGE_FORMS)
    labelled = d.flag("coverage_label")
    lines = []
    for i, statement, truth in d.items():
        if truth is True:
            percent = 100 if cut == 100 else ch.pick("coverage", (80, 85, 90, 95, 100))
        elif truth is False:
            percent = ch.pick("coverage", (0, 0, 10, 20, 25, 33, 40, 50, 60, 67, 75) if cut == 80 else
                              (0, 0, 20, 25, 33, 50, 60, 67, 75, 80, 90))  # fmt: skip
        else:
            percent = -1
        value = f"{percent}%" if percent >= 0 else "?"
        line = form.format(k=i + 1, s=_bare(statement), p=value)
        if truth is None:
            line += " (the context is too ambiguous to measure)"
        elif labelled:
            line += " → " + ("supported" if truth else "not supported")
        lines.append(line)
    where = d.dim("coverage_cut_position", ("before", "after"))
    body = "\n".join(lines)
    body = f"{cut_text}\n\n{body}" if where == "before" else f"{body}\n\n{cut_text}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 12. text_then_json_recap

_RECAP_LEADS = ("Same results as JSON:", "For convenience, in JSON:", "Machine-readable summary:", "JSON recap:")


def _recap(kind: str, d: Draw, words: list[str]) -> str:
    if kind == "word_list":
        return json.dumps({"verdicts": words})
    if kind == "bool_map":
        return json.dumps({str(i + 1): t for i, _s, t in d.items()})
    if kind == "objects":
        return json.dumps([{"id": i + 1, "supported": t} for i, _s, t in d.items()], indent=2)
    results = [{"statement": s, "verdict": w} for s, w in zip(d.statements, words, strict=True)]
    return json.dumps({"results": results}, indent=2)


@HELDOUT6
def text_then_json_recap(ch: Chooser) -> BlindOutput:
    """Per-statement text verdicts, then the same verdicts again as a JSON block (agreeing)."""
    d = Draw(ch, "text_then_json_recap", max_n=MAX_N)
    ink = d.use_ink(("yes_no", "supported", "true_false"))
    form = d.dim("recap_form", ("{k}. {v}", "Statement {k}: {v}", "{k}. {s} — {v}"))
    explain = d.flag("recap_explain")
    lines = []
    for i, statement, truth in d.items():
        line = form.format(k=i + 1, s=_bare(statement), v=ink.word(i, truth))
        if explain:
            line += f". {ink.explanation(i, truth)}"
        lines.append(line)
    kind = d.dim("recap_kind", ("word_list", "bool_map", "objects", "statement_objects"))
    words = [ink.word(i, t).lower() for i, _s, t in d.items()]
    block = "```json\n" + _recap(kind, d, words) + "\n```"
    if kind in ("bool_map", "objects") and None in d.truth:
        block += "\n(null = the context does not let me decide)"
    lead = d.dim("recap_lead", _RECAP_LEADS)
    return d.done(d.frame("\n".join(lines) + f"\n\n{lead}\n{block}", tally=False))


# ----------------------------------------------------------------- 13. chat_template_leak

_TEMPLATES: dict[str, tuple[str, str, str]] = {
    # (before the answer, after it, a made-up next turn that follows it)
    "chatml": ("<|im_start|>assistant\n", "<|im_end|>", "\n<|im_start|>user\nThanks, that's all.<|im_end|>"),
    "llama3": ("<|start_header_id|>assistant<|end_header_id|>\n\n", "<|eot_id|>",
               "<|start_header_id|>user<|end_header_id|>\n\nThanks!<|eot_id|>"),
    "mistral": ("[/INST] ", "</s>", "[INST] Thanks. [/INST]"),
    "gemma": ("<start_of_turn>model\n", "<end_of_turn>", "\n<start_of_turn>user\nGreat, thanks.<end_of_turn>"),
    "phi": ("<|assistant|>\n", "<|end|>", "\n<|user|>\nThanks.<|end|>"),
    "alpaca": ("### Response:\n", "", "\n\n### Instruction:\nThank the user."),
    "plain": ("Assistant: ", "", "\nUser: thanks"),
}  # fmt: skip


@HELDOUT6
def chat_template_leak(ch: Chooser) -> BlindOutput:
    """A plain answer wrapped in a chat template's leaked special tokens, sometimes with a made-up next turn."""
    d = Draw(ch, "chat_template_leak", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    before, after, next_turn = _TEMPLATES[d.dim("template", tuple(_TEMPLATES))]
    style = d.dim("leak_body", ("numbered", "final_line", "markers"))
    if style == "numbered":
        body = "\n".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
    elif style == "final_line":
        body = d.final_line()
    else:
        body = "\n".join(
            f"Statement {i + 1}: {ink.explanation(i, t)} Verdict: {ink.word(i, t)}." for i, _s, t in d.items()
        )
    answer = d.frame(body, think=False, tally=False)
    text = before + answer + after
    if d.flag("leak_next_turn"):
        text += next_turn
    if d.flag("leak_eos", weight_off=2):
        text += "<|endoftext|>"
    return d.done(text)


# ----------------------------------------------------------------- 14. other_refusals

_OTHER_REFUSALS = (
    "I'm not comfortable judging statements about a named private person without a verified source, so I'll "
    "skip this one.",
    "verdicts: []\nerror: cannot evaluate, the context field is empty",
    "> [!WARNING]\n> I can't assess these statements: no context came with the request.",
    "Sorry, the context appears to be base64-encoded data rather than text, so I can't check the statements "
    "against it.",
    "I'd need the source document to do this. As it stands I have no way to tell whether these {n} statements "
    "are supported, and I won't guess.",
    "N/A: no context was given, so I can't give any verdicts.",
    "I'm afraid this is outside what I can do here: the statements refer to a conversation I can't see.",
    "Status: NOT EVALUATED\nReason: the context is empty, so none of the statements can be checked.",
    "Unable to comply. The context was dropped before it reached me (length limit), so I cannot evaluate the "
    "statements.",
    "{echo}\n\nI can't assess any of these: the context is missing.",
    "죄송하지만 문맥이 제공되지 않아 이 진술들을 평가할 수 없습니다.",
    "Valitettavasti en voi arvioida näitä väitteitä, koska kontekstia ei annettu.",
    "Îmi pare rău, dar nu pot evalua aceste afirmații fără context.",
    "Beklager, men jeg kan ikke vurdere disse udsagn uden konteksten.",
    "Paumanhin, hindi ko masusuri ang mga pahayag na ito dahil walang ibinigay na konteksto.",
    "Samahani, siwezi kutathmini kauli hizi bila muktadha.",
)


@HELDOUT6
def other_refusals(ch: Chooser) -> BlindOutput:
    """Refusals the other sets do not hold: a privacy decline, an empty YAML list, a callout, a status block..."""
    d = Draw(ch, "other_refusals", unknowns=False, max_n=MAX_N)
    text = d.dim("other_refusal", _OTHER_REFUSALS)
    echo = "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items())
    text = text.replace("{echo}", echo).replace("{n}", str(d.n))
    if d.flag("refusal_think", weight_off=3):
        text = (
            "<think>\nThere is nothing to check these against. I should say so instead of guessing.\n</think>\n\n"
            + text
        )
    return d.refused(text)
