"""A NINTH HELD-OUT set of blind layouts: fourteen more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout9``); do not read it while
developing the reader. Written from the everyday drift of frontier models (GPT-4o, GPT-4.1,
Claude 3.5/3.7 Sonnet, Gemini 1.5/2.0, Llama 3.1 70B, Qwen 2.5 72B, DeepSeek V3) answering
either prompt when they are helpful and verbose: a summary table and per-statement sections
in one answer, short titled blocks of labelled lines, the verdicts restated in a closing
sentence, a polite preamble and an offer at the end, the context quoted in a blockquote as
evidence (with "no" and "not" inside the quotes), an index of numbered excerpts that the
verdicts cite, verdicts typeset in LaTeX, a row of option checkboxes per statement, one
sentence per statement with the verdict in its middle, the judging criteria restated before
the results, hedged verdicts with caveats, GitHub callouts, collapsible ``<details>`` blocks,
and the long, courteous declines these models write instead of verdicts.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every mark has its legend in the output, every
restatement agrees with the verdicts it restates, every hedge still lands on one verdict.

    HELDOUT9.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout9_outputs(layout="details_blocks")        # one layout's strategy
"""

from __future__ import annotations

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    lower_first,
    number_list,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT9 = LayoutSet("heldout9")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout9_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the ninth held-out set (one layout when named)."""
    return HELDOUT9.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _stop(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _refs(numbers: list[int]) -> str:
    """``statement 2`` / ``statements 1 and 3``."""
    return ("statement " if len(numbers) == 1 else "statements ") + number_list(numbers)


def _clean_ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES, exclude: tuple[str, ...] = ()) -> Ink:
    """Verdict words decorated only in ways that read the same inside a sentence or a label."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket", *exclude))
    return ink


# ----------------------------------------------------------------- 1. table_then_sections

_SECTION_HEADS = ("### Statement {k}", "### {k}. {s}", '**Statement {k}:** "{s}"', "#### Claim {k}: {s}")
_VERDICT_LABELS = ("**Verdict:**", "**Conclusion:**", "**Assessment:**", "Verdict:")


@HELDOUT9
def table_then_sections(ch: Chooser) -> BlindOutput:
    """A markdown summary table of all verdicts AND a section per statement with Analysis/Verdict lines (agreeing)."""
    d = Draw(ch, "table_then_sections", max_n=MAX_N)
    ink = _clean_ink(d)
    columns = d.dim("summary_columns", ("num_stmt_verdict", "num_verdict", "stmt_verdict_note"))
    head = d.dim("section_head", _SECTION_HEADS)
    label = d.dim("verdict_label", _VERDICT_LABELS)
    analysis = d.dim("analysis_label", ("**Analysis:**", "**Reasoning:**", "**What the context says:**"))
    if columns == "num_stmt_verdict":
        rows = ["| # | Statement | Verdict |", "|---|-----------|---------|"]
        rows += [f"| {i + 1} | {s} | {ink.token(i, t)} |" for i, s, t in d.items()]
    elif columns == "num_verdict":
        rows = ["| Statement | Verdict |", "|:---:|:---|"]
        rows += [f"| {i + 1} | {ink.token(i, t)} |" for i, _s, t in d.items()]
    else:
        rows = ["| Statement | Verdict | Note |", "|---|---|---|"]
        rows += [f"| {s} | {ink.token(i, t)} | {ink.aside(i, t)} |" for i, s, t in d.items()]
    table = "\n".join(rows)
    sections = []
    for i, statement, truth in d.items():
        title = head.format(k=i + 1, s=statement if head.startswith("**") else _bare(statement))
        sections.append(f"{title}\n\n{analysis} {ink.explanation(i, truth)}\n\n{label} {ink.token(i, truth)}")
    joined = ("\n\n---\n\n" if d.flag("section_rules") else "\n\n").join(sections)
    order = d.dim("table_position", ("first", "first", "last"))
    table_title = d.dim("table_title", ("## Summary", "**Summary table**", "### Overview"))
    details_title = d.dim("details_title", ("## Detailed analysis", "## Statement-by-statement", "none"))
    details = joined if details_title == "none" else f"{details_title}\n\n{joined}"
    table_part = f"{table_title}\n\n{table}"
    body = f"{table_part}\n\n{details}" if order == "first" else f"{details}\n\n{table_part}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 2. titled_claim_blocks

_CLAIM_LABELS: dict[str, tuple[str, str, str]] = {
    "claim_context_verdict": ("Claim", "What the context says", "Verdict"),
    "statement_assessment_result": ("Statement", "Assessment", "Result"),
    "claim_evidence_supported": ("Claim", "Evidence", "Supported?"),
    "claim_check_rating": ("Claim", "Context check", "Rating"),
}


def _short_title(statement: str, words: int) -> str:
    parts = _bare(statement).split()
    return " ".join(parts) if len(parts) <= words else " ".join(parts[:words]) + "…"


@HELDOUT9
def titled_claim_blocks(ch: Chooser) -> BlindOutput:
    """A block per statement under a short title (its first words), then labelled lines: Claim / Evidence / Verdict."""
    d = Draw(ch, "titled_claim_blocks", max_n=MAX_N)
    labels_name = d.dim("claim_labels", tuple(_CLAIM_LABELS))
    claim_l, evidence_l, verdict_l = _CLAIM_LABELS[labels_name]
    ink = _clean_ink(d, ("yes_no",) if verdict_l == "Supported?" else WORD_VOCABULARIES)
    title = d.dim("claim_title", ("### {k}. {t}", "**{k}. {t}**", "#### {k}) {t}", "{k}. **{t}**"))
    words = int(d.dim("title_words", ("3", "4", "5")))
    line = d.dim("label_line", ("- **{l}:** {v}", "**{l}:** {v}", "  - *{l}:* {v}", "{l}: {v}"))
    blocks = []
    for i, statement, truth in d.items():
        rows = [
            title.format(k=i + 1, t=_short_title(statement, words)),
            line.format(l=claim_l, v=statement),
            line.format(l=evidence_l, v=ink.explanation(i, truth)),
            line.format(l=verdict_l, v=ink.token(i, truth)),
        ]
        blocks.append("\n".join(rows))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 3. closing_restatement

_CLOSINGS = (
    "In summary, {body}.",
    "To sum up: {body}.",
    "**Bottom line:** {body}.",
    "Overall, the answer is {grade}: {body}.",
)


def _be(numbers: list[int]) -> str:
    return "is" if len(numbers) == 1 else "are"


def _restated(d: Draw) -> str:
    """The verdicts again, by number, in one clause list that agrees with them."""
    yes = [i + 1 for i, _s, t in d.items() if t is True]
    no = [i + 1 for i, _s, t in d.items() if t is False]
    unknown = [i + 1 for i, _s, t in d.items() if t is None]
    if d.n == 1:
        return "the statement is " + ("supported by the context" if yes else "not supported by the context")
    if not no and not unknown:
        return f"all {d.n} statements are supported by the context"
    if not yes and not unknown:
        return "none of the statements is supported by the context"
    clauses = []
    if yes:
        clauses.append(f"{_refs(yes)} {_be(yes)} supported by the context")
    else:
        clauses.append("none of the statements is supported by the context")
    if no:
        clauses.append(f"{_refs(no)} {_be(no)} not" if yes else f"{_refs(no)} {_be(no)} contradicted or not mentioned")
    if unknown:
        clauses.append(f"{_refs(unknown)} cannot be determined from it")
    if len(clauses) == 2:
        return f"{clauses[0]}, while {clauses[1]}"
    return f"{clauses[0]}, {clauses[1]}, and {clauses[2]}"


@HELDOUT9
def closing_restatement(ch: Chooser) -> BlindOutput:
    """Per-statement verdicts, then a closing sentence that restates them by number (agreeing)."""
    d = Draw(ch, "closing_restatement", max_n=MAX_N)
    ink = _clean_ink(d)
    form = d.dim("item_form", ("{k}. {v} — {e}", "{k}. **{s}** {v}. {e}", "**Statement {k}:** {v}. {e}", "{k}. {v}"))
    lines = []
    for i, statement, truth in d.items():
        lines.append(form.format(k=i + 1, s=statement, v=ink.token(i, truth), e=ink.explanation(i, truth)))
    closing = d.dim("closing", _CLOSINGS)
    s = d.supported
    grade = "fully faithful" if s == d.n else "not faithful" if s == 0 else "partially faithful"
    sentence = closing.format(body=_restated(d), grade=grade)
    if d.flag("closing_score", weight_off=2):
        sentence += f" That gives a faithfulness score of {s}/{d.n} ≈ {s / d.n:.2f}."
    body = "\n".join(lines) + "\n\n" + sentence
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 4. courteous_envelope

_WARM_OPENINGS = (
    "Thanks for sharing the context and the answer! I've gone through each statement carefully and compared it "
    "against the provided context. Here's what I found:",
    "Great question — faithfulness checks like this are really useful. I read the context closely and checked "
    "every statement against it, without using any outside knowledge. Here are my verdicts:",
    "Happy to help with this evaluation! Below, each statement is judged only on what the context says (not on "
    "whether it is true in general).",
    "Of course! I've reviewed the {n} statement{pl} one by one. Note that a statement can be true in the real "
    "world and still not be supported if the context doesn't mention it.",
)
_OFFERS = (
    "If you'd like, I can rewrite the answer so that it keeps only the supported claims, or explain any of these "
    "verdicts in more detail. Just let me know! 😊",
    "Would you like me to highlight the unsupported parts in the original answer, or suggest wording that stays "
    "closer to the context?",
    'Let me know if you want me to re-run this with a stricter or looser definition of "supported" — I\'m happy '
    "to adjust.",
    "I hope this is helpful! Feel free to send more statements; I can also return the results as JSON if that's "
    "easier to process.",
)
_ITEM_FORMS = ("{k}. **{v}** — {e}", "**{k}.** {s} → **{v}**", "{k}. {s}\n   **{v}.** {e}", "- **Statement {k}:** {v}")


@HELDOUT9
def courteous_envelope(ch: Chooser) -> BlindOutput:
    """A warm preamble, the verdicts, a caveat note and an offer of further help (with "not"/"unsupported" in it)."""
    d = Draw(ch, "courteous_envelope", max_n=MAX_N)
    ink = _clean_ink(d)
    opening = d.dim("warm_opening", _WARM_OPENINGS).format(n=d.n, pl="" if d.n == 1 else "s")
    form = d.dim("item_form", _ITEM_FORMS)
    lines = [
        form.format(k=i + 1, s=statement, v=ink.word(i, truth), e=ink.explanation(i, truth))
        for i, statement, truth in d.items()
    ]
    parts = [opening, "\n".join(lines)]
    if d.flag("caveat_note"):
        parts.append(
            d.dim(
                "caveat",
                (
                    "Note: I did not use any outside knowledge here, only the context, as instructed.",
                    "*A quick caveat:* where the context was silent, I did not assume the claim was true.",
                ),
            )
        )
    parts.append(d.dim("offer", _OFFERS))
    return d.done(d.frame("\n\n".join(parts), preface=False, sign_off=False))


# ----------------------------------------------------------------- 5. blockquote_evidence

# Lines a context holds that say something is not there: the grader quotes them to show a claim unsupported.
_NEGATIVE_QUOTES = (
    "No further details are given in this section.",
    "The figures for this period have not been published.",
    "There is no information about this in the current edition.",
    "This has not been confirmed by the company.",
    "None of the documents mention a date.",
    "Other details are not listed here.",
)
_UNSURE_QUOTES = (
    "The details may vary and are not final.",
    "Some sources disagree, and no final figure is given.",
    "This may or may not apply in every case.",
)


@HELDOUT9
def blockquote_evidence(ch: Chooser) -> BlindOutput:
    """A verdict per statement with the context quoted as evidence in a ``>`` blockquote ("no", "not" inside quotes)."""
    d = Draw(ch, "blockquote_evidence", max_n=MAX_N)
    ink = _clean_ink(d, exclude=("bold",))
    head = d.dim("evidence_head", ("**Statement {k}: {v}**", "### {k}. {v}", "**{k}. {s}** — {v}"))
    verdict_where = d.dim("verdict_where", ("head", "head", "after_quote"))
    lead = d.dim("quote_lead", ("The context says:", "Relevant passage:", "From the context:", "none"))
    blocks = []
    for i, statement, truth in d.items():
        if truth is True:
            quote = _bare(statement) + "."
            comment = "This matches the claim."
        elif truth is False:
            quote = ch.pick("negative_quote", _NEGATIVE_QUOTES)
            comment = "So the claim is not backed by the context."
        else:
            quote = ch.pick("unsure_quote", _UNSURE_QUOTES)
            comment = "This neither confirms nor rules out the claim."
        verdict = ink.token(i, truth)
        if verdict_where == "head":
            rows = [head.format(k=i + 1, s=statement, v=verdict)]
        else:
            rows = [f"**Statement {i + 1}:** {statement}"]
        if lead != "none":
            rows.append(lead)
        rows.append(f'> "{quote}"')
        rows.append(comment)
        if verdict_where == "after_quote":
            rows.append(f"**Verdict:** {verdict}")
        blocks.append("\n".join(rows))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 6. evidence_index


@HELDOUT9
def evidence_index(ch: Chooser) -> BlindOutput:
    """Numbered excerpts of the context listed once (or as footnotes), the verdicts citing them by their own labels."""
    d = Draw(ch, "evidence_index", max_n=MAX_N)
    ink = _clean_ink(d)
    style = d.dim("excerpt_style", ("E{j}", "[{j}]", "footnote"))
    excerpts: list[str] = []
    lines = []
    for i, statement, truth in d.items():
        verdict = ink.token(i, truth)
        if truth is False and ch.pick("no_excerpt", (True, False)):
            lines.append(f"{i + 1}. {verdict} — no excerpt addresses this; the context does not mention it.")
            continue
        if truth is True:
            excerpts.append(f'"{_bare(statement)}."')
        elif truth is False:
            excerpts.append(f'"{ch.pick("negative_quote", _NEGATIVE_QUOTES)}"')
        else:
            excerpts.append(f'"{ch.pick("unsure_quote", _UNSURE_QUOTES)}"')
        j = len(excerpts)
        if style == "footnote":
            lines.append(f"{i + 1}. {verdict}[^{j}]")
        else:
            cite = style.format(j=j)
            why = _of(truth, ("stated in {c}", "see {c}", "see {c}, which is ambiguous"))
            lines.append(f"{i + 1}. {verdict} ({why.format(c=cite)})")
    verdicts = "\n".join(lines)
    if not excerpts:
        return d.done(d.frame(f"**Verdicts**\n\n{verdicts}"))
    if style == "footnote":
        notes = "\n".join(f"[^{j}]: The context: {text}" for j, text in enumerate(excerpts, 1))
        return d.done(d.frame(f"{verdicts}\n\n{notes}"))
    index = "\n".join(f"{style.format(j=j)} {text}" for j, text in enumerate(excerpts, 1))
    heading = d.dim("excerpt_heading", ("**Relevant excerpts from the context**", "### Evidence", "Context excerpts:"))
    return d.done(d.frame(f"{heading}\n\n{index}\n\n**Verdicts**\n\n{verdicts}"))


# ----------------------------------------------------------------- 7. latex_marks


@HELDOUT9
def latex_marks(ch: Chooser) -> BlindOutput:
    """Verdicts typeset in LaTeX: ``$\\checkmark$`` marks with a legend, ``\\textbf{...}`` words, an ``array``."""
    d = Draw(ch, "latex_marks", max_n=MAX_N)
    kind = d.dim("latex_kind", ("marks", "textbf", "enumerate", "array"))
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct"))
    if kind == "marks":
        marks = d.dim("latex_marks", (r"\checkmark|\times|?", r"\surd|\times|\circ"))
        yes_m, no_m, unsure_m = marks.split("|")
        lines = [f"{i + 1}. ${_of(t, (yes_m, no_m, unsure_m))}$ {s}" for i, s, t in d.items()]
        legend = f"(${yes_m}$ = supported by the context, ${no_m}$ = not supported"
        legend += f", ${unsure_m}$ = cannot be determined)" if None in d.truth else ")"
        body = "\n".join(lines) + "\n\n" + legend
    elif kind == "textbf":
        forms = (r"Statement {k}: $\textbf{{{v}}}$", r"$S_{{{k}}}$: \textbf{{{v}}}", r"{k}. \textbf{{{v}}}")
        form = d.dim("textbf_form", forms)
        body = "\n".join(form.format(k=i + 1, v=ink.word(i, t)) for i, _s, t in d.items())
    elif kind == "enumerate":
        items = [rf"  \item \textbf{{Statement {i + 1}:}} {ink.word(i, t)}" for i, _s, t in d.items()]
        body = "\\begin{enumerate}\n" + "\n".join(items) + "\n\\end{enumerate}"
    else:
        rows = [rf"{i + 1} & \text{{{ink.word(i, t)}}} \\" for i, _s, t in d.items()]
        body = "$$\n\\begin{array}{cl}\n\\text{Statement} & \\text{Verdict} \\\\\n\\hline\n"
        body += "\n".join(rows) + "\n\\end{array}\n$$"
    return d.done(d.frame(body, reasoning=kind != "marks"))


# ----------------------------------------------------------------- 8. option_checkboxes

_OPTION_WORDS: dict[str, tuple[str, str, str]] = {
    "supported": ("Supported", "Not supported", "Cannot be determined"),
    "yes_no": ("Yes", "No", "Unclear"),
    "true_false": ("True", "False", "Unknown"),
}
_BOXES: dict[str, tuple[str, str]] = {"markdown": ("[x]", "[ ]"), "unicode": ("☑", "☐"), "x_paren": ("(x)", "( )")}


@HELDOUT9
def option_checkboxes(ch: Chooser) -> BlindOutput:
    """Per statement the options as checkboxes, the chosen one ticked: "- [ ] Supported / - [x] Not supported"."""
    d = Draw(ch, "option_checkboxes", max_n=MAX_N)
    words = _OPTION_WORDS[d.dim("option_words", tuple(_OPTION_WORDS))]
    ticked, empty = _BOXES[d.dim("boxes", tuple(_BOXES))]
    three = None in d.truth or d.flag("third_option")
    options = words if three else words[:2]
    stacked = d.dim("box_layout", ("stacked", "inline"))
    head = d.dim("box_head", ("**Statement {k}:** {s}", "{k}. {s}", "### Statement {k}"))
    explain = d.flag("box_explain")
    ink = d.use_ink(("yes_no",))
    blocks = []
    for i, statement, truth in d.items():
        chosen = _of(truth, words)
        boxes = [f"{ticked if w == chosen else empty} {w}" for w in options]
        rows = [head.format(k=i + 1, s=statement)]
        rows.append("\n".join(f"- {b}" for b in boxes) if stacked == "stacked" else "   ".join(boxes))
        if explain:
            rows.append(f"*{ink.explanation(i, truth)}*")
        blocks.append("\n".join(rows))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 9. mid_sentence_verdicts

_VERBS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("is supported by", "is fully backed by", "is confirmed by"),
    ("is not supported by", "finds no support in", "is not backed up by"),
    ("can be neither confirmed nor ruled out from", "cannot be verified either way from"),
)
_SUBJECTS = ('Statement {k} ("{b}")', 'The {o} statement, "{b}",', 'The claim that "{b}"', "Statement {k}")


@HELDOUT9
def mid_sentence_verdicts(ch: Chooser) -> BlindOutput:
    """One sentence per statement, the verdict in its middle: 'Statement 2 ("...") is not supported by the context'."""
    d = Draw(ch, "mid_sentence_verdicts", max_n=MAX_N)
    subject = d.dim("subject", _SUBJECTS)
    join = d.dim("sentence_join", ("\n\n", "\n", " ", "bullets"))
    link = d.dim("reason_link", ("since", "because", "as"))
    ink = d.use_ink(("yes_no",))
    sentences = []
    for i, statement, truth in d.items():
        verb = ch.pick("verb", _VERBS[0 if truth is True else 1 if truth is False else 2])
        head = subject.format(k=i + 1, b=_bare(statement), o=_ORDINALS[i])
        reason = _bare(lower_first(ink.explanation(i, truth)))
        sentences.append(f"{head} {verb} the context, {link} {reason}.")
    body = "\n".join(f"- {s}" for s in sentences) if join == "bullets" else join.join(sentences)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 10. criteria_then_results

_TASK_RESTATEMENTS = (
    "You've asked me to decide, for each of the {n} statement{pl}, whether it can be directly inferred from the "
    "context, and to give a verdict for each.",
    "**Task:** determine whether each statement is supported by the given context, using only the information in "
    "that context.",
    "Understood — I'll check each statement against the context only, not against general knowledge.",
)


@HELDOUT9
def criteria_then_results(ch: Chooser) -> BlindOutput:
    """The task and the meaning of each verdict word restated first (both words in it), then the results."""
    d = Draw(ch, "criteria_then_results", max_n=MAX_N)
    ink = _clean_ink(d)
    task = d.dim("task_restatement", _TASK_RESTATEMENTS).format(n=d.n, pl="" if d.n == 1 else "s")
    yes_word = ink.word(0, True)
    no_words = list(dict.fromkeys(ink.word(i, False) for i in range(d.n)))
    unsure_words = list(dict.fromkeys(ink.word(i, None) for i, _s, t in d.items() if t is None))
    criteria = [
        f"- **{yes_word}**: the context states the claim or it follows directly from it.",
        f"- **{' / '.join(no_words)}**: the context does not mention the claim, or says something different.",
    ]
    if unsure_words:
        criteria.append(f"- **{' / '.join(unsure_words)}**: the context is too vague to decide either way.")
    criteria_head = d.dim("criteria_head", ("**Criteria I'm using:**", "## Criteria", "Verdict definitions:"))
    results_head = d.dim("results_head", ("## Results", "**Results:**", "Applying these to each statement:"))
    form = d.dim("result_form", ("{k}. {s} — {v}", "{k}. {v}", "Statement {k}: {v} ({a})"))
    results = [
        form.format(k=i + 1, s=statement, v=ink.token(i, truth), a=ink.aside(i, truth))
        for i, statement, truth in d.items()
    ]
    body = "\n\n".join([task, criteria_head + "\n" + "\n".join(criteria), results_head + "\n" + "\n".join(results)])
    return d.done(d.frame(body, preface=False))


# ----------------------------------------------------------------- 11. hedged_verdicts

_HEDGES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "supported": (
        ("Supported", "Likely supported", "Supported (with a minor caveat)", "Supported, as far as I can tell"),
        ("Not supported", "Probably not supported", "Likely unsupported", "Not supported, as far as I can tell"),
        ("Hard to say — I can't decide this one from the context", "Unclear; I'd leave this one open"),
    ),
    "yes_no": (
        ("Yes", "I lean towards Yes", "Yes, though loosely worded", "Probably yes"),
        ("No", "I lean towards No", "Probably not", "No, as far as I can tell"),
        ("I can't say either way", "Undecided: the context could be read both ways"),
    ),
}
# Caveats by the side the verdict falls on: none of them moves it.
_CAVEATS_YES = (
    "Caveat: the context words this a little differently, but the meaning is the same.",
    "I'm fairly, though not completely, confident here.",
)
_CAVEATS_NO = (
    "The context mentions a related point, but not this one.",
    "If the full document says more, this could change.",
    "I'm fairly, though not completely, confident here.",
)


@HELDOUT9
def hedged_verdicts(ch: Chooser) -> BlindOutput:
    """Verdicts in hedges ("Likely supported", "I lean towards No"), caveats after some; each lands on one side."""
    d = Draw(ch, "hedged_verdicts", max_n=MAX_N)
    hedges = _HEDGES[d.dim("hedge_words", tuple(_HEDGES))]
    form = d.dim("hedge_form", ("{k}. **{v}.** {e}", "**Statement {k}:** {v}. {e}", "{k}. {v} — {e}"))
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, _statement, truth in d.items():
        verdict = ch.pick("hedge", hedges[0] if truth is True else hedges[1] if truth is False else hedges[2])
        line = form.format(k=i + 1, v=verdict, e=ink.explanation(i, truth))
        if truth is not None and ch.pick("caveat_here", (False, False, True)):
            line += " " + ch.pick("caveat", _CAVEATS_YES if truth else _CAVEATS_NO)
        lines.append(line)
    body = "\n".join(lines)
    if d.flag("hedge_note"):
        body += (
            "\n\nI've hedged where the wording differs slightly from the context, but none of these hedges changes "
            "which side a statement falls on."
        )
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 12. callout_verdicts

_CALLOUTS: dict[str, tuple[str, str, str]] = {
    "github": ("[!TIP]", "[!WARNING]", "[!NOTE]"),
    "github_caution": ("[!NOTE]", "[!CAUTION]", "[!IMPORTANT]"),
    "emoji": ("✅", "⚠️", "ℹ️"),
}


@HELDOUT9
def callout_verdicts(ch: Chooser) -> BlindOutput:
    """A GitHub-style callout per statement (``> [!WARNING]``) whose first line holds the verdict word."""
    d = Draw(ch, "callout_verdicts", max_n=MAX_N)
    kind = d.dim("callout_kind", tuple(_CALLOUTS))
    ink = d.use_ink(("supported", "yes_no", "correct"))
    head = d.dim("callout_head", ("### Statement {k}", "**{k}. {s}**", "#### {k}. {s}"))
    verdict_form = d.dim("callout_verdict", ("**{v}.**", "**Verdict: {v}**", "{v}."))
    blocks = []
    for i, statement, truth in d.items():
        mark = _of(truth, _CALLOUTS[kind])
        verdict = verdict_form.format(v=ink.word(i, truth))
        if kind == "emoji":
            lines = [f"> {mark} {verdict} {ink.explanation(i, truth)}"]
        else:
            lines = [f"> {mark}", f"> {verdict} {ink.explanation(i, truth)}"]
        blocks.append(head.format(k=i + 1, s=_bare(statement)) + "\n\n" + "\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 13. details_blocks


@HELDOUT9
def details_blocks(ch: Chooser) -> BlindOutput:
    """Collapsible HTML ``<details>`` per statement: the verdict in ``<summary>`` or inside, the reasoning folded."""
    d = Draw(ch, "details_blocks", max_n=MAX_N)
    ink = _clean_ink(d)
    where = d.dim("details_verdict", ("summary", "summary", "inside"))
    summary = d.dim(
        "details_summary",
        ("<b>Statement {k}</b> — {v}", "{k}. {s} — {v}", "Statement {k}: {v}", "<strong>{k}. {s}</strong>"),
    )
    if where == "inside" or "{v}" not in summary:
        where = "inside"
        summary = summary.replace(" — {v}", "").replace(": {v}", "")
        d.dims["details_verdict"] = where
    blocks = []
    for i, statement, truth in d.items():
        verdict = ink.token(i, truth)
        head = summary.format(k=i + 1, s=_bare(statement), v=verdict)
        inner = ink.explanation(i, truth)
        if where == "inside":
            inner = f"**Verdict:** {verdict}\n\n{inner}"
        blocks.append(f"<details>\n<summary>{head}</summary>\n\n{inner}\n\n</details>")
    body = "\n\n".join(blocks)
    if d.flag("details_hint"):
        body = "Expand each statement to see the reasoning.\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 14. verbose_declines

_DECLINES = (
    "## Unable to evaluate\n\nI wasn't able to assess these {n} statement{pl} because the context section of your "
    "message is empty. Without it, I have nothing to check the claims against, and I don't want to mark them as "
    "unsupported just because the text is missing.\n\n**What I can do:**\n- Evaluate them as soon as you paste the "
    "context\n- Check them against general knowledge instead (not a faithfulness check)",
    "I want to be careful here. The context you provided seems to be about a different topic from the statements, "
    "so any Yes or No I gave would be speculation rather than an assessment. Could you double-check that the right "
    "context was attached? Once it is, I'll go through all {n} statement{pl}.",
    "Thanks for the detailed setup! Unfortunately I can't give reliable verdicts: the context appears to be cut off "
    "mid-sentence, and judging the statements against a partial document could wrongly mark supported claims as not "
    "supported.\n\nIf you can resend the full context, I'll evaluate each statement right away.",
    "Honestly, I can't tell. The context is only a heading with no body text, so it neither confirms nor rules out "
    "any of the statements. Rather than guess a verdict for each one, I'll leave this evaluation open until the "
    "full document is available.",
    "I appreciate the request, but I'm going to hold off on verdicts here. The context block contains only "
    'placeholder text ("Lorem ipsum..."), which can\'t support or contradict anything. Happy to help once the '
    "actual passage is included!",
    "**Short answer:** I can't complete this evaluation.\n\n**Why:** the statements refer to a document that isn't "
    "in the context I received.\n\n**Next step:** please share the source text, and I'll give a verdict for each of "
    "the {n} statement{pl}.",
)


@HELDOUT9
def verbose_declines(ch: Chooser) -> BlindOutput:
    """Frontier models' long, courteous declines with headings and offers: no verdict is given, a refusal."""
    d = Draw(ch, "verbose_declines", unknowns=False, max_n=MAX_N)
    text = d.dim("decline", _DECLINES).format(n=d.n, pl="" if d.n == 1 else "s")
    if d.flag("decline_preamble", weight_off=2):
        text = "Thanks for reaching out!\n\n" + text
    if d.flag("decline_sign_off", weight_off=2):
        text += "\n\nLet me know how you'd like to proceed."
    return d.refused(text)
