"""A FORTY-THIRD HELD-OUT set of blind layouts: the answer handed back annotated in place, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout43``); do not read it while
developing the reader. Written from what graders and the tools around them return when a team
asks to "return the answer with each claim marked" instead of a list of verdicts: the grader
does not list the statements, it copies the answer's sentences (call 1's statements, in order,
often run together into one paragraph as the answer had them, or kept as the answer's own
lines and bullets) and marks each one where it stands. Claude wraps sentences in XML tags
(``<supported>``, ``<hallucination>``, ``<claim verdict="...">``); GPT-4o and Mistral put a
bracketed note after each sentence (``[✓ Supported]``, ``[✗ not in the context]``); Gemini and
ChatGPT put emoji after them under a key; chat UIs get markdown emphasis with a legend (bold,
``~~strike~~``, ``==highlight==``), footnote marks pointing to a verdict list, CriticMarkup
comments, Word review comments as pandoc writes them, HTML ``<mark>`` / ``<span class=...>``
fragments, LaTeX highlight macros for a paper's figure, rustc-style carets under each line,
``(+)`` / ``(−)`` prefixes; review CLIs print a gutter beside the lines; annotation tools
(Label Studio, doccano, Prodigy, brat) and span detectors export character offsets with a
label per span. And the grader that declines to annotate anything.

The answer's sentences are real RAG answers (this set's own, mixed with ``_draw``'s): they hold
"not", "no", "true", "false", "failed", "rejected", figures, their own parentheses and citation
brackets ("[2]", "[see notice 4.2]") and list-like markers ("Step 3", "Section 2(b)", "Option
(a)", "point 2"). Each layout draws graders.py's dimensions where they fit (statement counts
from 1 to 10, call 1's styles, verdict words and casing, asides and explanations, undecided
items) and ``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off)
where a model writes the text. Only outputs a careful person reads without doubt are drawn:
every sentence of the answer carries exactly one mark, in the answer's order; a mark's meaning
is either a verdict word or label in it ("Supported", "hallucinated", "cannot verify") or
stated in a legend in the same output (colours, emphasis, signs, emoji); the undecided mark
always says the grader could not decide ("unclear", "cannot verify", "❓" under its key); and
character offsets always come with the answer text and cover one sentence each, in order.

    HELDOUT43.draw(RandomChooser(random.Random(7)))        # one output, layout chosen uniformly
    heldout43_outputs(layout="critic_markup_review")       # one layout's strategy
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import STATEMENTS, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth, render_statements_output

HELDOUT43 = LayoutSet("heldout43")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout43_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the forty-third held-out set (one layout when named)."""
    return HELDOUT43.strategy(layout)


def _of(truth: Truth, options: Sequence[str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The sentence without its closing full stop (a mark set before the stop)."""
    return statement[:-1] if statement.endswith(".") else statement


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _short_id(*parts: object, size: int = 10) -> str:
    """A stable id as tools print them (derived from the content, so the same draw gives the same id)."""
    return hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()[:size]


# ----------------------------------------------------------------- the answers' sentences

# Sentences of real-looking RAG answers, each a statement of call 1: negations, "true",
# "false", "failed", figures, their own brackets and list-like markers.
ANSWER_SENTENCES: tuple[str, ...] = (
    "Refunds are not available for items bought on sale.",
    "The claim was denied because the policy had lapsed.",
    "The firmware update failed on 12 of the 40 test devices.",
    "The drug is not approved for patients under 18.",
    "The lab confirmed the lead test was a true negative.",
    "Employees accrue 25 days of annual leave per year.",
    "Version 3.0 dropped support for Windows 7.",
    "The court found the defendant not liable.",
    "No late fee is charged if payment arrives within 5 days.",
    "The report that the bridge closed in 2019 is false.",
    "The nightly backup failed twice in March (on the 4th and the 18th).",
    "Passengers may bring one carry-on bag (max. 8 kg) free of charge.",
    "The free tier allows 100 API requests per minute.",
    "Section 2(b) of the contract sets a 60-day notice period.",
    "Step 3 of the setup is to reset the router to factory settings.",
    "Option (a), the annual plan, costs $120 per year.",
    "The audit found no material weaknesses in internal controls.",
    "It is true that the museum is closed on Mondays.",
    "Efficacy against severe disease was 91% [2].",
    "Interest rates were left unchanged at 4.5% [1].",
    "The patient's blood pressure was 150/95 at admission.",
    "The grant application was rejected with a score of 61/100.",
    "Solar output fell by 8% in 2023.",
    "The outage was not caused by a DNS failure.",
    "Both screening tests returned false positives.",
    "The recall covers units built before 2021 [see notice 4.2].",
    "Yes, tenants must give two months' notice before leaving.",
    "No, the warranty does not cover water damage.",
    "The appeal was filed within the 30-day deadline.",
    "The app is not compatible with iOS 15.",
    "Tickets cost €15 for adults and €8 for children under 12.",
    "Login fails with error E-17 when two-factor authentication is off.",
    "Point 1 of the policy bans smoking on the premises; point 2 bans vaping.",
    "The merger was approved by 87% of shareholders, not 78%.",
)
# Sentences that carry the answer's own citation brackets.
CITED = frozenset(s for s in ANSWER_SENTENCES if "[" in s)


class AnswerDraw(Draw):
    """``Draw`` over answers' sentences: this set's own, or mixed with ``_draw``'s; call 1 lists them."""

    def __init__(self, ch: Chooser, layout: str, *, unknowns: bool = True, cited: bool = True) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        pool_name = self.dim("statement_pool", ("answer", "answer", "mixed"))
        pool = [s for s in ANSWER_SENTENCES if cited or s not in CITED]
        if pool_name == "mixed":
            pool += [s for s in STATEMENTS if s not in pool]
        self.statements = tuple(pool.pop(ch.integer("answer_statement", 0, len(pool) - 1)) for _ in range(self.n))
        first = render_statements_output(ch, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)

    @property
    def undecided(self) -> bool:
        return None in self.truth


# ----------------------------------------------------------------- what the layouts share

ANSWER_FORMS = ("paragraph", "paragraph", "two_paragraphs", "lines", "bullets", "numbered")


def _join(d: Draw, units: Sequence[str], forms: Sequence[str] = ANSWER_FORMS, bullets: Sequence[str] = "-*•") -> str:
    """The marked sentences put back together as the answer had them: one paragraph, two, lines or a list."""
    form = d.dim("answer_form", forms)
    if form == "paragraph" or (form == "two_paragraphs" and len(units) < 3):
        return " ".join(units)
    if form == "two_paragraphs":
        cut = d.ch.integer("paragraph_break", 1, len(units) - 1)
        return " ".join(units[:cut]) + "\n\n" + " ".join(units[cut:])
    if form == "lines":
        return "\n".join(units)
    if form == "bullets":
        bullet = d.dim("answer_bullet", tuple(bullets))
        return "\n".join(f"{bullet} {unit}" for unit in units)
    return "\n".join(f"{k}. {unit}" for k, unit in enumerate(units, 1))


_INTROS = (
    "none",
    "Here is the answer with each claim marked:",
    "Annotated answer:",
    "**Annotated answer**",
    "### Answer with claims marked",
    "I've copied the answer below and marked each sentence against the context:",
    "Below is the original answer, every claim labelled in place.",
)


def _intro(d: Draw, body: str, intros: Sequence[str] = _INTROS) -> str:
    intro = d.dim("intro", tuple(intros))
    return body if intro == "none" else f"{intro}\n\n{body}"


# What a mark means: (supported, not supported, undecided).
_MEANINGS: tuple[tuple[str, str, str], ...] = (
    ("supported by the context", "not supported by the context", "cannot be verified from the context"),
    ("supported", "not supported", "unclear, the context does not settle it"),
    ("the context backs this sentence", "not in the context, or contradicted by it", "could not verify either way"),
    ("verified against the context", "hallucinated (not in the context)", "cannot verify"),
)
_LEGEND_STYLES = ("equals", "colon_lines", "dots", "means")


def _legend(d: AnswerDraw, marks: Sequence[str], *, label: str = "Legend") -> str:
    """A key to ``marks`` (supported, not supported, undecided); the undecided mark when one is drawn."""
    meanings = d.dim("legend_meanings", _MEANINGS)
    style = d.dim("legend_style", _LEGEND_STYLES)
    entries = [(marks[0], meanings[0]), (marks[1], meanings[1])]
    if d.undecided or d.flag("legend_full", weight_off=2):
        entries.append((marks[2], meanings[2]))
    if style == "equals":
        return f"{label}: " + ", ".join(f"{m} = {x}" for m, x in entries) + "."
    if style == "colon_lines":
        return f"{label}:\n" + "\n".join(f"{m}: {x}" for m, x in entries)
    if style == "dots":
        return " · ".join(f"{m} {x}" for m, x in entries)
    return f"{label}: " + "; ".join(f"{m} means {x}" for m, x in entries) + "."


def _place(d: Draw, body: str, legend: str, name: str = "legend_position") -> str:
    where = d.dim(name, ("before", "after"))
    return f"{legend}\n\n{body}" if where == "before" else f"{body}\n\n{legend}"


def _ink(d: Draw, vocabularies: Sequence[str] = ("supported", "entailed", "correct")) -> Ink:
    """Verdict words (graders.py's vocabularies and casing) for a note set in the answer."""
    return d.use_ink(tuple(vocabularies))


def _note(d: Draw, ink: Ink, i: int, truth: Truth, forms: Sequence[str] = ("word", "word_aside", "word_why")) -> str:
    """A verdict word, alone or with its aside or its one-sentence explanation."""
    form = d.dim("note_form", tuple(forms))
    word = ink.word(i, truth)
    if form == "word_aside":
        return f"{word}: {ink.aside(i, truth)}"
    if form == "word_dash":
        return f"{word} — {ink.aside(i, truth)}"
    if form == "word_why":
        return f"{word}. {ink.explanation(i, truth)}"
    return word


def _offsets(statements: Sequence[str], separator: str) -> tuple[str, list[tuple[int, int]]]:
    """The answer text and each sentence's [start, end) in it."""
    text = ""
    spans: list[tuple[int, int]] = []
    for k, statement in enumerate(statements):
        if k:
            text += separator
        spans.append((len(text), len(text) + len(statement)))
        text += statement
    return text, spans


def _dumps(data: Any, indent: str) -> str:
    return json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else int(indent))


# ----------------------------------------------------------------- 1. verdict_tag_wrapped_sentences

_TAG_NAMES: dict[str, tuple[str, str, str]] = {
    "supported": ("supported", "unsupported", "unverifiable"),
    "hallucination": ("supported", "hallucination", "unclear"),
    "faithful": ("faithful", "unfaithful", "cannot_verify"),
    "grounded": ("grounded", "ungrounded", "uncertain"),
    "claim_suffix": ("supported_claim", "unsupported_claim", "unverified_claim"),
}
_ATTRIBUTE_VALUES: dict[str, tuple[str, str, str]] = {
    "words": ("supported", "not_supported", "cannot_verify"),
    "hallucinated": ("supported", "hallucinated", "unclear"),
    "upper": ("SUPPORTED", "UNSUPPORTED", "UNVERIFIABLE"),
}


@HELDOUT43
def verdict_tag_wrapped_sentences(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet and Claude 3 Haiku (and GPT-4o on a Claude-style prompt) asked to "return the answer
    with each claim tagged": every sentence wrapped in a tag named after its verdict (``<supported>``,
    ``<hallucination>``, ``<unverifiable>``), or in one element with the verdict as an attribute
    (``<claim verdict="not_supported">``), sometimes with a ``reason`` attribute, inside an
    ``<annotated_answer>`` wrapper or bare, the sentences run together as the answer had them."""
    d = AnswerDraw(ch, "verdict_tag_wrapped_sentences")
    ink = _ink(d)
    form = d.dim("tag_form", ("element", "element", "element_reason", "attribute"))
    units = []
    legend_tags: tuple[str, ...]
    if form == "attribute":
        values = _ATTRIBUTE_VALUES[d.dim("tag_values", tuple(_ATTRIBUTE_VALUES))]
        element = d.dim("tag_element", ("claim", "sentence", "span"))
        attribute = d.dim("tag_attribute", ("verdict", "label", "status"))
        numbered = d.flag("tag_ids")
        for i, statement, truth in d.items():
            ident = f' id="{i + 1}"' if numbered else ""
            units.append(f'<{element}{ident} {attribute}="{_of(truth, values)}">{statement}</{element}>')
        legend_tags = tuple(f'{attribute}="{v}"' for v in values)
    else:
        names = _TAG_NAMES[d.dim("tag_names", tuple(_TAG_NAMES))]
        for i, statement, truth in d.items():
            tag = _of(truth, names)
            reason = f' reason="{ink.aside(i, truth)}"' if form == "element_reason" else ""
            units.append(f"<{tag}{reason}>{statement}</{tag}>")
        legend_tags = tuple(f"<{name}>" for name in names)
    body = _join(d, units, ("paragraph", "paragraph", "two_paragraphs", "lines"))
    wrapper = d.dim("tag_wrapper", ("none", "annotated_answer", "answer", "output"))
    if wrapper != "none":
        body = f"<{wrapper}>\n{body}\n</{wrapper}>"
    if d.flag("tag_legend", weight_off=2):
        u = f", and {legend_tags[2]} where the context does not let me decide" if d.undecided else ""
        legend = (
            f"I marked each sentence with {legend_tags[0]} where the context supports it, "
            f"{legend_tags[1]} where it does not{u}."
        )
        body = _place(d, body, legend)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 2. trailing_bracket_notes

_BRACKETS: tuple[tuple[str, str], ...] = (("[", "]"), ("[", "]"), ("【", "】"), ("(", ")"), ("⟦", "⟧"))
_NOTE_MARKS: dict[str, tuple[str, str, str]] = {
    "ticks": ("✓", "✗", "?"),
    "heavy": ("✔", "✘", "?"),
    "emoji": ("✅", "❌", "❓"),
}


@HELDOUT43
def trailing_bracket_notes(ch: Chooser) -> BlindOutput:
    """GPT-4o, GPT-4o-mini and Mistral Large asked to "mark each claim in the answer": after every sentence (or
    just before its full stop) a bracketed note, a verdict word with a tick or a cross and often the reason
    ("[✓ Supported]", "[✗ Not supported: not in the context]", "【? Unclear】"), or only a mark and the reason
    ("[✗ not in the context]"); the answer's own brackets ("[2]", "(max. 8 kg)") stay where they were."""
    d = AnswerDraw(ch, "trailing_bracket_notes")
    ink = _ink(d, ("supported", "entailed", "correct", "true_false"))
    opening, closing = d.dim("note_bracket", _BRACKETS)
    marks = _NOTE_MARKS[d.dim("note_marks", tuple(_NOTE_MARKS))]
    # A bare word in round brackets ("(True)") could pass for the answer's own aside: round brackets carry a
    # mark or a reason as well.
    forms = ("word", "mark_word", "word_aside", "mark_word_aside", "mark_aside")
    form = d.dim("bracket_form", forms[1:] if opening == "(" else forms)
    position = d.dim("note_position", ("after_stop", "after_stop", "before_stop"))
    units = []
    for i, statement, truth in d.items():
        word, aside, mark = ink.word(i, truth), ink.aside(i, truth), _of(truth, marks)
        note = {
            "word": word,
            "mark_word": f"{mark} {word}",
            "word_aside": f"{word}: {aside}",
            "mark_word_aside": f"{mark} {word} — {aside}",
            "mark_aside": f"{mark} {aside}",
        }[form]
        tag = f"{opening}{note}{closing}"
        units.append(f"{statement} {tag}" if position == "after_stop" else f"{_bare(statement)} {tag}.")
    body = _intro(d, _join(d, units))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 3. emoji_inline_marks

_EMOJI_SETS: dict[str, tuple[str, str, str]] = {
    "check_cross": ("✅", "❌", "❓"),
    "heavy": ("✔️", "✖️", "❔"),
    "circles": ("🟢", "🔴", "🟡"),
    "thumbs": ("👍", "👎", "🤷"),
    "warning": ("✅", "❌", "⚠️"),
}


@HELDOUT43
def emoji_inline_marks(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 / 2.0 and ChatGPT (GPT-4o) asked to "mark each claim with ✅ or ❌": the answer's paragraph
    with an emoji after every sentence (or just before its full stop), or the answer's own bullets with the
    emoji leading each item, under a key that says what each emoji means (🟢/🔴/🟡, 👍/👎/🤷, ⚠️ for "can't
    verify")."""
    d = AnswerDraw(ch, "emoji_inline_marks")
    marks = _EMOJI_SETS[d.dim("emoji_set", tuple(_EMOJI_SETS))]
    form = d.dim("answer_form", ("paragraph", "paragraph", "two_paragraphs", "bullets", "lines"))
    position = d.dim(
        "emoji_position", ("after_stop", "before_stop") if form != "bullets" else ("leading", "after_stop")
    )
    units = []
    for _i, statement, truth in d.items():
        mark = _of(truth, marks)
        if position == "after_stop":
            units.append(f"{statement} {mark}")
        elif position == "before_stop":
            units.append(f"{_bare(statement)} {mark}.")
        else:
            units.append(f"{mark} {statement}")
    if form == "paragraph" or (form == "two_paragraphs" and d.n < 3):
        body = " ".join(units)
    elif form == "two_paragraphs":
        cut = d.ch.integer("paragraph_break", 1, d.n - 1)
        body = " ".join(units[:cut]) + "\n\n" + " ".join(units[cut:])
    elif form == "lines":
        body = "\n".join(units)
    else:
        bullet = d.dim("answer_bullet", ("-", "*", "•"))
        body = "\n".join(f"{bullet} {unit}" for unit in units)
    body = _place(d, _intro(d, body), _legend(d, marks, label=d.dim("legend_label", ("Legend", "Key"))))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 4. markdown_emphasis_legend

# (supported, not supported, undecided) as markdown around the sentence, and how the legend names each.
_EMPHASES: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    "bold_strike_italic": (("**{}**", "~~{}~~", "*{}*"), ("**bold**", "~~struck through~~", "*italics*")),
    "highlight_strike_italic": (("=={}==", "~~{}~~", "_{}_"), ("==highlighted==", "~~struck through~~", "_italic_")),
    "bold_highlight_italic": (("**{}**", "=={}==", "_{}_"), ("**bold**", "==highlighted==", "_italic_")),
    "emoji_emphasis": (("✅ **{}**", "❌ ~~{}~~", "❓ *{}*"), ("✅ bold", "❌ struck through", "❓ italics")),
    "underline_strike_highlight": (
        ("<u>{}</u>", "~~{}~~", "=={}=="), ("<u>underlined</u>", "~~struck~~", "==highlighted==")
    ),
}  # fmt: skip


@HELDOUT43
def markdown_emphasis_legend(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude in a chat UI asked to "highlight the hallucinations in the answer": the answer copied
    with every sentence emphasised by its verdict (bold or ``==highlight==`` for supported, ``~~strike~~`` or
    highlight for not supported, italics for what it could not check), and a legend saying which is which."""
    d = AnswerDraw(ch, "markdown_emphasis_legend")
    wraps, names = _EMPHASES[d.dim("emphasis_scheme", tuple(_EMPHASES))]
    units = [_of(truth, wraps).replace("{}", statement) for _i, statement, truth in d.items()]
    body = _intro(d, _join(d, units, ("paragraph", "paragraph", "two_paragraphs", "lines", "bullets"), "-•"))
    body = _place(d, body, _legend(d, names, label=d.dim("legend_label", ("Legend", "Key", "How to read this"))))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 5. footnote_verdict_list

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _sup(k: int) -> str:
    return str(k).translate(_SUPERSCRIPTS)


_VERDICT_LIST_HEADS = ("---", "**Verdicts**", "Notes:", "#### Verdict per sentence", "Fact-check:")


@HELDOUT43
def footnote_verdict_list(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 Pro and GPT-4o writing markdown when asked to "annotate the answer with notes": the answer
    kept whole with a footnote mark after each sentence (``[^3]``, ``³``, ``<sup>3</sup>``, ``⁽³⁾``), and the
    notes below it, one per mark, each holding that sentence's verdict (and often why)."""
    d = AnswerDraw(ch, "footnote_verdict_list", cited=False)
    ink = _ink(d, ("supported", "entailed", "correct", "true_false"))
    ink.decorate(exclude=("arrow", "angle", "quote", "bracket", "emoji_only", "backtick"))
    style = d.dim("footnote_style", ("markdown", "superscript", "sup_html", "paren_sup"))
    explain = d.dim("footnote_explain", ("none", "aside", "explanation"))
    sup_labels = style == "sup_html" and d.flag("footnote_sup_labels")

    def mark(k: int) -> str:
        return {
            "markdown": f"[^{k}]",
            "superscript": _sup(k),
            "sup_html": f"<sup>{k}</sup>",
            "paren_sup": f"⁽{_sup(k)}⁾",
        }[style]

    def label(k: int) -> str:
        html = f"<sup>{k}</sup>" if sup_labels else f"{k}."
        return {"markdown": f"[^{k}]:", "superscript": _sup(k), "sup_html": html, "paren_sup": f"({k})"}[style]

    units = [f"{statement}{mark(i + 1)}" for i, statement, _t in d.items()]
    text = _join(d, units, ("paragraph", "paragraph", "two_paragraphs", "lines"))
    notes = []
    for i, _statement, truth in d.items():
        note = f"{label(i + 1)} {ink.token(i, truth)}"
        if explain == "aside":
            note += f" — {ink.aside(i, truth)}"
        elif explain == "explanation":
            note += f". {ink.explanation(i, truth)}"
        notes.append(note)
    head = d.dim("footnote_head", _VERDICT_LIST_HEADS)
    gap = "\n\n" if style == "markdown" and d.flag("footnote_spaced") else "\n"
    body = _intro(d, f"{text}\n\n{head}\n{gap.join(notes)}")
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. critic_markup_review


@HELDOUT43
def critic_markup_review(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o asked to "review the answer in CriticMarkup" (teams writing in Obsidian, iA Writer or
    MultiMarkdown): each sentence highlighted ``{==...==}`` with a comment ``{>>...<<}`` that gives its verdict,
    the unsupported ones sometimes marked for deletion (``{--...--}``) with their comment."""
    d = AnswerDraw(ch, "critic_markup_review")
    ink = _ink(d)
    delete = d.flag("critic_delete_unsupported")
    spaced = d.flag("critic_spaced_comment", weight_off=2)
    units = []
    for i, statement, truth in d.items():
        note = _note(d, ink, i, truth, ("word", "word_aside", "word_dash", "word_why"))
        comment = f"{{>> {note} <<}}" if spaced else f"{{>>{note}<<}}"
        marked = f"{{--{statement}--}}" if delete and truth is False else f"{{=={statement}==}}"
        units.append(marked + comment)
    body = _join(d, units, ("paragraph", "paragraph", "two_paragraphs", "lines"))
    if d.flag("critic_explained", weight_off=1):
        explained = "I used CriticMarkup: {== ==} highlights a claim and {>> <<} holds my verdict on it"
        if delete:
            explained += "; {-- --} marks a claim I would delete"
        body = _place(d, body, explained + ".", "critic_note_position")
    return d.done(d.frame(_intro(d, body, ("none", "Reviewed answer:", "**Review**"))))


# ----------------------------------------------------------------- 7. docx_review_comments

_COMMENT_AUTHORS = ("Faithfulness check", "Copilot", "gpt-4o-grader", "QA Bot", "Reviewer")
_COMMENT_DATES = ("2025-03-04T10:42:00Z", "2024-11-18T16:05:00Z", "2025-01-29T08:30:00Z")


@HELDOUT43
def docx_review_comments(ch: Chooser) -> BlindOutput:
    """Teams that have the grader review the answer as a Word document (Copilot in Word, or a python-docx
    script that adds one comment per sentence from GPT-4o's verdicts) and store it through ``pandoc
    --track-changes=all`` as markdown: each sentence between a ``{.comment-start}`` span holding the comment (its
    verdict) and an empty ``{.comment-end}`` span with the same id."""
    d = AnswerDraw(ch, "docx_review_comments")
    ink = _ink(d)
    author = d.dim("comment_author", _COMMENT_AUTHORS)
    date = d.dim("comment_date", _COMMENT_DATES)
    dated = not d.flag("comment_undated", weight_off=3)
    base = d.ch.integer("comment_first_id", 0, 3)
    units = []
    for i, statement, truth in d.items():
        note = _note(d, ink, i, truth, ("word", "word_dash", "word_why"))
        ident = base + i
        stamp = f' date="{date}"' if dated else ""
        start = f'[{note}]{{.comment-start id="{ident}" author="{author}"{stamp}}}'
        units.append(f'{start}{statement}[]{{.comment-end id="{ident}"}}')
    body = _join(d, units, ("paragraph", "paragraph", "two_paragraphs"))
    return d.done(d.frame(body, think=False, preface=False, tally=True, sign_off=False))


# ----------------------------------------------------------------- 8. html_claim_spans

_HTML_CLASSES: dict[str, tuple[str, str, str]] = {
    "claim": ("claim supported", "claim unsupported", "claim unverified"),
    "hallucination": ("supported", "hallucinated", "uncertain"),
    "faithful": ("faithful", "unfaithful", "unclear"),
    "dashed": ("claim--supported", "claim--not-supported", "claim--cannot-verify"),
}
_HTML_STYLES: dict[str, tuple[str, str, str]] = {
    "claim": (".claim.supported", ".claim.unsupported", ".claim.unverified"),
    "hallucination": (".supported", ".hallucinated", ".uncertain"),
    "faithful": (".faithful", ".unfaithful", ".unclear"),
    "dashed": (".claim--supported", ".claim--not-supported", ".claim--cannot-verify"),
}


@HELDOUT43
def html_claim_spans(ch: Chooser) -> BlindOutput:
    """An HTML fragment for a review page (GPT-4o or Claude told "return the answer as HTML with the
    unsupported sentences highlighted", a Streamlit app rendering it with ``unsafe_allow_html``): each sentence
    in a ``<span>`` or ``<mark>`` whose class names its verdict, sometimes a ``title`` tooltip saying it in
    words, a ``<style>`` block colouring the classes, a legend paragraph built of the same classes."""
    d = AnswerDraw(ch, "html_claim_spans")
    ink = _ink(d)
    key = d.dim("html_classes", tuple(_HTML_CLASSES))
    classes = _HTML_CLASSES[key]
    element = d.dim("html_element", ("span", "span", "mark"))
    attribute = d.dim("html_attribute", ("class", "class_title", "data_label"))
    units = []
    for i, statement, truth in d.items():
        cls = _of(truth, classes)
        if attribute == "data_label":
            attrs = f'class="claim" data-label="{cls.split()[-1].replace("claim--", "")}"'
        elif attribute == "class_title":
            attrs = f'class="{cls}" title="{ink.word(i, truth)}: {ink.aside(i, truth)}"'
        else:
            attrs = f'class="{cls}"'
        units.append(f"<{element} {attrs}>{statement}</{element}>")
    layout = d.dim("html_layout", ("p", "p", "two_p", "br", "ul"))
    if layout == "p" or (layout == "two_p" and d.n < 3):
        html = "<p>" + " ".join(units) + "</p>"
    elif layout == "two_p":
        cut = d.ch.integer("paragraph_break", 1, d.n - 1)
        html = "<p>" + " ".join(units[:cut]) + "</p>\n<p>" + " ".join(units[cut:]) + "</p>"
    elif layout == "br":
        html = "<p>\n" + "<br>\n".join(units) + "\n</p>"
    else:
        html = "<ul>\n" + "\n".join(f"  <li>{unit}</li>" for unit in units) + "\n</ul>"
    wrapper = d.dim("html_wrapper", ("none", "div"))
    if wrapper == "div":
        html = f'<div class="annotated-answer">\n{html}\n</div>'
    if attribute != "data_label" and d.flag("html_style", weight_off=2):
        selectors = _HTML_STYLES[key]
        style = (
            "<style>\n"
            f"  {selectors[0]} {{ background: #d7f5dd; }}\n"
            f"  {selectors[1]} {{ background: #fbd5d5; text-decoration: line-through; }}\n"
            f"  {selectors[2]} {{ background: #fff3c4; }}\n"
            "</style>"
        )
        html = f"{style}\n{html}"
    if attribute != "data_label" and d.flag("html_legend", weight_off=2):
        parts = [
            f'<{element} class="{classes[0]}">supported by the context</{element}>',
            f'<{element} class="{classes[1]}">not supported</{element}>',
        ]
        if d.undecided:
            parts.append(f'<{element} class="{classes[2]}">cannot be verified</{element}>')
        html += '\n<p class="legend">Legend: ' + " · ".join(parts) + "</p>"
    if d.flag("html_fence"):
        html = f"```html\n{html}\n```"
    return d.done(d.frame(html, think=False, tally=False))


# ----------------------------------------------------------------- 9. latex_highlight_commands

_LATEX_COLOURS: tuple[tuple[str, str, str], ...] = (("green", "red", "yellow"), ("cyan", "pink", "orange"))
_LATEX_MACROS: tuple[tuple[str, str, str], ...] = (
    ("supported", "unsupported", "unverified"),
    ("faithful", "hallucinated", "unclear"),
    ("grounded", "ungrounded", "undecided"),
)


def _latex_escape(text: str) -> str:
    for raw, escaped in (("\\", "\\textbackslash{}"), ("%", "\\%"), ("$", "\\$"), ("&", "\\&"), ("#", "\\#"),
                         ("_", "\\_")):  # fmt: skip
        text = text.replace(raw, escaped)
    return text


@HELDOUT43
def latex_highlight_commands(ch: Chooser) -> BlindOutput:
    """Researchers building a paper's qualitative-example figure (RAGTruth-style) who ask Claude or GPT-4o for
    "the answer in LaTeX with the unsupported parts highlighted": each sentence in a highlight macro named for
    its verdict (``\\unsupported{...}``, defined with soul's ``\\hl``), or in a colour (``\\colorbox{red!20}``,
    ``\\hlred``, ``\\textcolor``) that a caption or a legend line explains; special characters escaped."""
    d = AnswerDraw(ch, "latex_highlight_commands")
    mode = d.dim("latex_mode", ("macros", "colorbox", "hl_colours", "textcolor"))
    colours = d.dim("latex_colours", _LATEX_COLOURS)
    lines: list[str] = []
    needs_legend = mode != "macros"
    names = d.dim("latex_macros", _LATEX_MACROS) if mode == "macros" else ("", "", "")
    if mode == "macros":
        if not d.flag("latex_no_definitions", weight_off=2):
            lines += [
                f"\\newcommand{{\\{name}}}[1]{{{{\\sethlcolor{{{colour}!30}}\\hl{{#1}}}}}}"
                for name, colour in zip(names, colours, strict=True)
            ]
        wrap = [f"\\{name}{{" for name in names]
    elif mode == "colorbox":
        wrap = [f"\\colorbox{{{colour}!20}}{{" for colour in colours]
    elif mode == "hl_colours":
        lines += [f"\\newcommand{{\\hl{colour}}}[1]{{{{\\sethlcolor{{{colour}!30}}\\hl{{#1}}}}}}" for colour in colours]
        wrap = [f"\\hl{colour}{{" for colour in colours]
    else:
        wrap = [f"\\textcolor{{{colour}}}{{" for colour in colours]
    units = [_of(truth, wrap) + _latex_escape(statement) + "}" for _i, statement, truth in d.items()]
    text = " ".join(units) if d.dim("latex_join", ("space", "lines")) == "space" else "\n".join(units)
    box = d.dim("latex_box", ("quote", "fbox", "plain"))
    if box == "quote":
        text = f"\\begin{{quote}}\n{text}\n\\end{{quote}}"
    elif box == "fbox":
        text = f"\\fbox{{\\parbox{{0.95\\linewidth}}{{\n{text}\n}}}}"
    legend = ""
    if needs_legend or d.flag("latex_legend", weight_off=2):
        marks = tuple(_upper_first(c) for c in colours) if needs_legend else tuple(f"\\{n}" for n in names)
        legend = _legend(d, marks, label="Legend")
        where = d.dim("latex_legend_place", ("caption", "comment", "text"))
        if where == "caption":
            text += f"\n\\caption{{{legend}}}"
            legend = ""
        elif where == "comment":
            text = "\n".join(f"% {line}" for line in legend.split("\n")) + "\n" + text
            legend = ""
    body = "\n".join([*lines, text]) if lines else text
    if not d.flag("latex_unfenced", weight_off=2):
        body = f"```latex\n{body}\n```"
    if legend:
        body = f"{body}\n\n{legend}"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 10. caret_underline_block

_CARET_LABELS = ("mark_word", "word_aside", "mark_aside")
_CARET_MARKS: tuple[tuple[str, str, str], ...] = (("✓", "✗", "?"), ("ok", "!!", "??"))


@HELDOUT43
def caret_underline_block(ch: Chooser) -> BlindOutput:
    """Qwen2.5-Coder, DeepSeek-Coder and GPT-4o asked to "point at the problems in the answer, like a linter":
    a code block with each sentence on its own line and a line under it, carets or tildes under the whole
    sentence followed by its label (rustc-style with a line-number gutter, or plain), or a ``└─`` branch
    holding the label."""
    d = AnswerDraw(ch, "caret_underline_block")
    ink = _ink(d, ("supported", "entailed"))
    style = d.dim("caret_style", ("rustc", "plain", "tree"))
    char = d.dim("caret_char", ("^", "~", "-"))
    label_form = d.dim("caret_label", _CARET_LABELS)
    marks = d.dim("caret_marks", _CARET_MARKS[:1] if label_form == "mark_aside" else _CARET_MARKS)
    width = len(str(d.n))
    gap = d.dim("caret_gap", ("none", "blank")) == "blank"
    lines = []
    for i, statement, truth in d.items():
        mark, word, aside = _of(truth, marks), ink.word(i, truth), ink.aside(i, truth)
        label = {"mark_word": f"{mark} {word}", "word_aside": f"{word}: {aside}", "mark_aside": f"{mark} {aside}"}[
            label_form
        ]
        if style == "rustc":
            lines.append(f"{i + 1:>{width}} | {statement}")
            lines.append(f"{'':>{width}} | {char * len(statement)} {label}")
        elif style == "plain":
            lines.append(statement)
            lines.append(f"{char * len(statement)} {label}")
        else:
            lines.append(statement)
            lines.append(f"└─ {label}")
        if gap and i < d.n - 1:
            lines.append("")
    fence = d.dim("caret_fence", ("```", "```text", "none"))
    block = "\n".join(lines) if fence == "none" else f"{fence}\n" + "\n".join(lines) + "\n```"
    if marks == _CARET_MARKS[1] and label_form == "mark_word":
        legend = "ok = supported by the context, !! = not supported"
        legend += ", ?? = cannot be verified." if d.undecided else "."
        block = _place(d, block, legend)
    return d.done(d.frame(_intro(d, block, ("none", "Annotated answer:", "Here is the answer, checked line by line:"))))


# ----------------------------------------------------------------- 11. label_studio_export

_LS_LABELS: tuple[tuple[str, str, str], ...] = (
    ("Supported", "Not supported", "Cannot verify"),
    ("SUPPORTED", "HALLUCINATED", "UNVERIFIABLE"),
    ("Faithful", "Unfaithful", "Unclear"),
)


@HELDOUT43
def label_studio_export(ch: Chooser) -> BlindOutput:
    """Label Studio, where a team's ML backend pre-annotates each answer with GPT-4o's per-sentence labels (or a
    reviewer labels it): the task exported as JSON (``annotations`` or ``predictions`` with a ``result`` per
    span: ``start``, ``end``, ``text``, ``labels``) or as JSON-MIN (the text and one ``label`` list), the
    answer in ``data.text``, one span per sentence in order."""
    d = AnswerDraw(ch, "label_studio_export")
    labels = d.dim("ls_labels", _LS_LABELS)
    separator = d.dim("ls_separator", (" ", " ", "\n"))
    text, spans = _offsets(d.statements, separator)
    task_id = 100 + d.ch.integer("ls_task", 0, 899)
    kind = d.dim("ls_kind", ("annotations", "predictions", "json_min"))
    values: list[dict[str, Any]] = []
    for (i, statement, truth), (start, end) in zip(d.items(), spans, strict=True):
        values.append({"start": start, "end": end, "text": statement, "labels": [_of(truth, labels)], "i": i})
    data: Any
    if kind == "json_min":
        data = [
            {
                "id": task_id,
                "text": text,
                "label": [{k: v for k, v in value.items() if k != "i"} for value in values],
                "annotator": 1 + d.ch.integer("ls_annotator", 0, 4),
                "annotation_id": task_id + 7,
                "lead_time": 14.2 + d.ch.integer("ls_lead", 0, 50),
            }
        ]
    else:
        results = [
            {
                "value": {k: v for k, v in value.items() if k != "i"},
                "id": _short_id(task_id, value["i"], value["text"]),
                "from_name": "verdict",
                "to_name": "text",
                "type": "labels",
                "origin": "prediction" if kind == "predictions" else "manual",
            }
            for value in values
        ]
        entry: dict[str, Any] = {"id": task_id + 3, "result": results}
        if kind == "predictions":
            entry["model_version"] = d.dim("ls_model", ("gpt-4o-faithfulness-v2", "claude-sentence-labels"))
            entry["score"] = None
        else:
            entry["completed_by"] = 1
            entry["was_cancelled"] = False
        data = [{"id": task_id, "data": {"text": text}, kind: [entry]}]
    body = _dumps(data, d.dim("ls_indent", ("2", "2", "none")))
    return d.done(body)


# ----------------------------------------------------------------- 12. span_tool_exports

_TOOL_LABELS: tuple[tuple[str, str, str], ...] = (
    ("SUPPORTED", "NOT_SUPPORTED", "UNVERIFIABLE"),
    ("SUPPORTED", "HALLUCINATION", "UNCLEAR"),
    ("FAITHFUL", "UNFAITHFUL", "CANNOT_VERIFY"),
)


@HELDOUT43
def span_tool_exports(ch: Chooser) -> BlindOutput:
    """Span annotation tools the grader's labels went through (teams that load GPT-4o's or Llama 3's
    sentence labels as pre-annotations for review, then export): doccano's JSONL (``"label": [[0, 52,
    "SUPPORTED"], ...]``), Prodigy's ``spans`` with ``"answer": "accept"``, or brat's standoff pair (the
    ``.txt`` and its ``.ann`` lines ``T1<TAB>SUPPORTED 0 52<TAB>text``); one span per sentence, in order."""
    d = AnswerDraw(ch, "span_tool_exports")
    labels = d.dim("tool_labels", _TOOL_LABELS)
    tool = d.dim("span_tool", ("doccano", "prodigy", "brat"))
    text, spans = _offsets(d.statements, d.dim("tool_separator", (" ", " ", "\n")))
    truths = [truth for _i, _s, truth in d.items()]
    if tool == "doccano":
        record: dict[str, Any] = {"id": 1 + d.ch.integer("doccano_id", 0, 400), "text": text}
        record["label"] = [[start, end, _of(truth, labels)] for (start, end), truth in zip(spans, truths, strict=True)]
        record["Comments"] = []
        body = json.dumps(record, ensure_ascii=False)
    elif tool == "prodigy":
        prodigy_spans = []
        for (start, end), truth in zip(spans, truths, strict=True):
            span: dict[str, Any] = {"start": start, "end": end, "label": _of(truth, labels)}
            if d.dim("prodigy_span_text", ("no", "yes")) == "yes":
                span["text"] = text[start:end]
            prodigy_spans.append(span)
        record = {"text": text, "spans": prodigy_spans, "_view_id": "spans_manual", "answer": "accept"}
        body = json.dumps(record, ensure_ascii=False)
    else:
        ann = "\n".join(
            f"T{k}\t{_of(truth, labels)} {start} {end}\t{text[start:end]}"
            for k, ((start, end), truth) in enumerate(zip(spans, truths, strict=True), 1)
        )
        name = d.dim("brat_name", ("answer", "case_0042", "doc"))
        body = f"==> {name}.txt <==\n{text}\n\n==> {name}.ann <==\n{ann}"
    return d.done(body)


# ----------------------------------------------------------------- 13. sentence_span_json

_SPAN_LABELS: tuple[tuple[str, str, str], ...] = (
    ("supported", "unsupported", "unverifiable"),
    ("SUPPORTED", "HALLUCINATED", "UNCLEAR"),
    ("faithful", "hallucinated", "cannot_verify"),
)
_UNDECIDED_NOTES = (
    "cannot be verified from the context",
    "the context does not settle this",
    "unclear: the context is ambiguous here",
)


@HELDOUT43
def sentence_span_json(ch: Chooser) -> BlindOutput:
    """GPT-4o (structured outputs) and Gemini 2.0 (``response_schema``) under a team's schema for "the answer,
    annotated", or a sentence-level detector run over the answer: the answer text and a record per sentence,
    with character offsets and a label, or the sentences as segments with a label, or a ``hallucinated``
    flag (``null`` and a note where it could not decide)."""
    d = AnswerDraw(ch, "sentence_span_json")
    shape = d.dim("span_shape", ("offsets", "segments", "flags"))
    labels = d.dim("span_labels", _SPAN_LABELS)
    text, spans = _offsets(d.statements, " ")
    confidence = d.flag("span_confidence")
    records = []
    for (_i, statement, truth), (start, end) in zip(d.items(), spans, strict=True):
        record: dict[str, Any]
        if shape == "offsets":
            record = {"start": start, "end": end, "text": statement, "label": _of(truth, labels)}
        elif shape == "segments":
            record = {"text": statement, "label": _of(truth, labels)}
        else:
            record = {"sentence": statement, "span": [start, end], "hallucinated": None if truth is None else not truth}
            if truth is None:
                record["note"] = d.ch.pick("span_note", _UNDECIDED_NOTES)
        if confidence and truth is not None:
            record["confidence"] = round(0.55 + 0.01 * d.ch.integer("span_conf", 0, 44), 2)
        records.append(record)
    if shape == "segments":
        data: dict[str, Any] = {"annotated_answer": records}
    elif shape == "offsets":
        data = {"answer": text, "annotations": records}
    else:
        data = {"answer": text, "sentences": records}
    body = _dumps(data, d.dim("span_indent", ("2", "none")))
    wrap = d.dim("span_wrap", ("bare", "fence", "lead_in"))
    if wrap == "fence":
        body = f"```json\n{body}\n```"
    elif wrap == "lead_in":
        body = f"Here is the annotated answer:\n\n```json\n{body}\n```"
    return d.done(d.frame(body, think=False, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 14. gutter_marked_lines

_GUTTER_MARKS: tuple[tuple[str, str, str], ...] = (("✓", "✗", "?"), ("+", "!", "?"), ("S", "U", "?"), ("●", "○", "◌"))


@HELDOUT43
def gutter_marked_lines(ch: Chooser) -> BlindOutput:
    """A team's review CLI (click or rich) that prints the answer one sentence a line with the grader's mark
    in a gutter beside it, as code-review tools print a diff's margin ("  2 ✗ │ The claim was denied..."),
    and a key line under it; stored as printed."""
    d = AnswerDraw(ch, "gutter_marked_lines")
    marks = d.dim("gutter_marks", _GUTTER_MARKS)
    style = d.dim("gutter_style", ("number_mark_bar", "mark_number_pipe", "mark_bar"))
    width = len(str(d.n))
    lines = []
    for i, statement, truth in d.items():
        mark = _of(truth, marks)
        if style == "number_mark_bar":
            lines.append(f"{i + 1:>{width + 1}} {mark} │ {statement}")
        elif style == "mark_number_pipe":
            lines.append(f"{mark} {i + 1:>{width}}| {statement}")
        else:
            lines.append(f"{mark} │ {statement}")
    body = "\n".join(lines)
    head = d.dim("gutter_head", ("none", "answer.md (annotated)", "── claims ──"))
    if head != "none":
        body = f"{head}\n{body}"
    body = f"{body}\n\n{_legend(d, marks, label=d.dim('legend_label', ('Key', 'Marks')))}"
    if d.flag("gutter_fence"):
        body = f"```\n{body}\n```"
    if d.flag("gutter_summary"):
        body += f"\n\n{d.tally()}"
    return d.done(body)


# ----------------------------------------------------------------- 15. signed_sentence_prefixes

_SIGNS: tuple[tuple[str, str, str], ...] = (
    ("(+)", "(−)", "(?)"),
    ("[+]", "[-]", "[?]"),
    ("+", "−", "?"),
    ("⊕", "⊖", "⊘"),
)


@HELDOUT43
def signed_sentence_prefixes(ch: Chooser) -> BlindOutput:
    """Mistral 7B / Mixtral and Llama 3 8B under a team prompt that says "put + before each supported claim and
    − before each unsupported one, ? if you cannot tell": the answer's paragraph (or its lines) with a sign
    in front of every sentence, the signs explained in the reply."""
    d = AnswerDraw(ch, "signed_sentence_prefixes")
    signs = d.dim("signs", _SIGNS)
    units = [f"{_of(truth, signs)} {statement}" for _i, statement, truth in d.items()]
    body = _join(d, units, ("paragraph", "paragraph", "two_paragraphs", "lines"))
    body = _place(d, _intro(d, body), _legend(d, signs, label=d.dim("legend_label", ("Signs", "Legend"))))
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 16. annotation_refused

_REFUSALS = (
    "I can't mark the claims in this answer: the context is empty, so there is nothing to check them against.",
    "I'm sorry, but I can't annotate this answer. The context section only contains the placeholder "
    "{{context}}, so I have no source to verify any sentence against.",
    "I'm not able to label the sentences of this answer as supported or unsupported without the retrieved "
    "documents. Could you share the context?",
    "Lo siento, pero no puedo marcar las afirmaciones de la respuesta porque falta el contexto.",
    "Je ne peux pas annoter cette réponse : le contexte fourni est vide.",
)


@HELDOUT43
def annotation_refused(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Gemini declining to annotate anything when the context never arrived (an empty
    variable, a placeholder left in the template): an apology, the answer handed back unmarked under a note
    that nothing was checked, an empty ``<annotated_answer>`` with an ``<error>``, or a JSON error object."""
    d = AnswerDraw(ch, "annotation_refused", unknowns=False)
    reason = d.dim("refusal_text", _REFUSALS)
    shape = d.dim("refusal_shape", ("plain", "plain", "unmarked_copy", "xml", "json"))
    answer = " ".join(d.statements)
    if shape == "unmarked_copy":
        text = (
            "I could not annotate the answer: no context was provided, so I have not marked any sentence as "
            "supported or unsupported. Here it is unchanged:\n\n> " + answer
        )
    elif shape == "xml":
        text = (
            "<annotated_answer></annotated_answer>\n<error>The context is missing, so I did not tag any "
            "sentence.</error>"
        )
    elif shape == "json":
        text = _dumps(
            {"annotated_answer": None, "annotations": [], "error": "No context provided; no sentence was labelled."},
            d.dim("refusal_indent", ("2", "none")),
        )
    else:
        text = reason
    if d.flag("refusal_think", weight_off=3):
        text = (
            "<think>\nThe context is empty, so I cannot check any sentence of the answer. I should not mark "
            "anything.\n</think>\n\n" + text
        )
    return d.refused(text)
