"""A SEVENTH HELD-OUT set of blind layouts: fifteen more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout7``); do not read it while
developing the reader. Written from the everyday drift of small and mid-size models (Llama 3
8B, Mistral 7B, Phi-3, Qwen 2.5 7B, Gemma) answering promptfoo's legacy text prompt: items
labelled by letters, by roman numerals or by number words instead of digits, numbering
that changes format half-way through, a line per statement that restates or abridges the
statement instead of numbering it, "Reasoning:"/"Answer:" triples per statement, verdicts
inside a code block, a confidence in parentheses after each verdict, the prompt's
instruction lines repeated before the answer, an answer that starts mid-sentence or is cut
by the token limit after its last verdict, a short paragraph per statement with the verdict
at a different place in each, the answer looping (repeated whole, the last copy cut), the
final line first and the explanations after it, the verdict before its explanation, and
the refusals small models give.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every label is in statement order, every
confidence is about the verdict beside it, every cut falls after the last verdict or
inside a copy the answer already gave whole.

    HELDOUT7.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout7_outputs(layout="lettered_items")        # one layout's strategy
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
)
from tests.scoring.graders import Chooser, Truth

HELDOUT7 = LayoutSet("heldout7")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
_LETTERS = "abcdefghij"
_CARDINALS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout7_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the seventh held-out set (one layout when named)."""
    return HELDOUT7.strategy(layout)


def _pick_of(
    ch: Chooser, name: str, truth: Truth, options: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
) -> str:
    return ch.pick(name, options[0 if truth is True else 1 if truth is False else 2])


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _stop(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


# ----------------------------------------------------------------- labelled items (letters, roman numerals)

_ITEM_CONTENT = ("verdict", "verdict_explained", "statement_dash", "statement_colon", "verdict_aside")


def _labelled_items(d: Draw, ink: Ink, labels: list[str], content: str) -> str:
    lines = []
    for (i, statement, truth), label in zip(d.items(), labels, strict=True):
        token = ink.token(i, truth)
        text = {
            "verdict": token,
            "verdict_explained": f"{_stop(token)} {ink.explanation(i, truth)}",
            "statement_dash": f"{statement} — {token}",
            "statement_colon": f"{_bare(statement)}: {token}",
            "verdict_aside": f"{token} ({ink.aside(i, truth)})",
        }[content]
        lines.append(f"{label} {text}")
    return "\n".join(lines)


# ----------------------------------------------------------------- 1. lettered_items

_LETTER_LABELS = ("{l}.", "{l})", "({l})", "{L}.", "{L})", "Statement {L}:", "**{l}.**", "{l}:")


@HELDOUT7
def lettered_items(ch: Chooser) -> BlindOutput:
    """The statements labelled a, b, c... (or A, B, C) in order instead of 1, 2, 3: "b) No"."""
    d = Draw(ch, "lettered_items", max_n=MAX_N)
    label = d.dim("letter_label", _LETTER_LABELS)
    content = d.dim("item_content", _ITEM_CONTENT)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "emoji_only"))
    labels = [label.format(l=_LETTERS[i], L=_LETTERS[i].upper()) for i in range(d.n)]
    body = _labelled_items(d, ink, labels, content)
    if d.flag("letter_note", weight_off=2):
        last = _LETTERS[d.n - 1]
        note = "a" if d.n == 1 else f"a to {last}"
        body = f"(Statements {note}, in the order they were given.)\n\n{body}"
    return d.done(d.frame(body, reasoning=True, final=True))


# ----------------------------------------------------------------- 2. roman_numbered

_ROMAN_LABELS = ("{R}.", "{R})", "({r})", "{r}.", "Statement {R}:", "**{R}.**", "{R} -")


@HELDOUT7
def roman_numbered(ch: Chooser) -> BlindOutput:
    """The statements numbered in roman numerals (I, II, III... or i, ii, iii...): "III. Yes"."""
    d = Draw(ch, "roman_numbered", max_n=MAX_N)
    label = d.dim("roman_label", _ROMAN_LABELS)
    content = d.dim("item_content", _ITEM_CONTENT)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "emoji_only"))
    labels = [label.format(R=_ROMAN[i], r=_ROMAN[i].lower()) for i in range(d.n)]
    body = _labelled_items(d, ink, labels, content)
    heading = d.dim("roman_heading", ("none", "Verdicts:", "**Evaluation**", "Statement verdicts:"))
    if heading != "none":
        body = f"{heading}\n{body}"
    return d.done(d.frame(body, reasoning=True))


# ----------------------------------------------------------------- 3. spelled_numbers

_SPELLED_FORMS = (
    "Statement {one}: {v}",
    "{First} statement: {v}",
    "{First}: {v}",
    "Statement number {one} — {v}",
    "The {first} statement: {v}",
    "{First} claim → {v}",
)


@HELDOUT7
def spelled_numbers(ch: Chooser) -> BlindOutput:
    """The statements counted in words ("Statement two:", "Third statement:") rather than digits."""
    d = Draw(ch, "spelled_numbers", max_n=MAX_N)
    form = d.dim("spelled_form", _SPELLED_FORMS)
    explain = d.dim("spelled_explain", ("none", "after", "next_line"))
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "emoji_only"))
    lines = []
    for i, _statement, truth in d.items():
        line = form.format(
            one=_CARDINALS[i], first=_ORDINALS[i], First=_upper_first(_ORDINALS[i]), v=ink.token(i, truth)
        )
        if explain == "after":
            line = f"{_stop(line)} {ink.explanation(i, truth)}"
        elif explain == "next_line":
            line = f"{line}\n{ink.explanation(i, truth)}"
        lines.append(line)
    gap = "\n\n" if explain == "next_line" else "\n"
    return d.done(d.frame(gap.join(lines), final=True))


# ----------------------------------------------------------------- 4. mixed_numbering

_NUMBER_FORMS = ("{k}.", "{k})", "({k})", "Statement {k}:", "#{k}", "{k}:", "**{k}.**", "{k} -", "[{k}]")


@HELDOUT7
def mixed_numbering(ch: Chooser) -> BlindOutput:
    """Numbering whose format changes within one answer: "1." then "2)" then "Statement 3:"."""
    d = Draw(ch, "mixed_numbering", min_n=2, max_n=MAX_N)
    mode = d.dim("mixing", ("switch_once", "per_item"))
    first = ch.pick("number_form", _NUMBER_FORMS)
    second = ch.pick("number_form", [f for f in _NUMBER_FORMS if f != first])
    switch = ch.integer("switch_at", 1, d.n - 1)
    explain = d.flag("mixed_explain")
    ink = d.use_ink(WORD_VOCABULARIES)
    lines = []
    for i, _statement, truth in d.items():
        if mode == "per_item":
            form = ch.pick("number_form", _NUMBER_FORMS)
            if i == d.n - 1 and all(line.startswith(form.format(k=j + 1) + " ") for j, line in enumerate(lines)):
                form = second  # the last item at least breaks the pattern
        else:
            form = first if i < switch else second
        line = f"{form.format(k=i + 1)} {ink.word(i, truth)}"
        if explain:
            line = f"{_stop(line)} {ink.explanation(i, truth)}"
        lines.append(line)
    gap = d.dim("mixed_gap", ("\n", "\n", "\n\n"))
    return d.done(d.frame(gap.join(lines), final=True))


# ----------------------------------------------------------------- 5. abridged_claim_lines


def _abridged(statement: str, words: int, ellipsis: str) -> str:
    parts = _bare(statement).split()
    if len(parts) <= words + 1:
        return _bare(statement)
    return " ".join(parts[:words]) + ellipsis


@HELDOUT7
def abridged_claim_lines(ch: Chooser) -> BlindOutput:
    """A line per statement that restates it (whole, abridged or as "the claim that...") instead of numbering it."""
    d = Draw(ch, "abridged_claim_lines", max_n=MAX_N)
    restate = d.dim("restate", ("abridged", "whole", "claim_that", "whether"))
    words = ch.integer("abridged_words", 3, 6)
    ellipsis = d.dim("ellipsis", ("...", "…", " ..."))
    joint = d.dim("claim_joint", (": ", " — ", " -> ", " => ", " | "))
    bullet = d.dim("claim_bullet", ("", "- ", "* ", "• "))
    aside = d.flag("claim_aside")
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow", "emoji_only"))
    lines = []
    for i, statement, truth in d.items():
        claim = {
            "abridged": _abridged(statement, words, ellipsis),
            "whole": _bare(statement),
            "claim_that": f"The claim that {lower_first(_bare(statement))}",
            "whether": f"Whether {lower_first(_bare(statement))}",
        }[restate]
        line = f"{bullet}{claim}{joint}{ink.token(i, truth)}"
        if aside:
            line += f" ({ink.aside(i, truth)})"
        lines.append(line)
    return d.done(d.frame("\n".join(lines), final=True))


# ----------------------------------------------------------------- 6. thought_answer_blocks

_BLOCK_HEADS = ("Statement {k}: {s}", "{k}. {s}", "**Statement {k}**: {s}", "Statement {k}", "### Statement {k}")
_THOUGHT_LABELS = ("Thought", "Reasoning", "Analysis", "Check", "Thinking")
_ANSWER_LABELS = ("Answer", "Conclusion", "Result", "Final answer")


@HELDOUT7
def thought_answer_blocks(ch: Chooser) -> BlindOutput:
    """Per statement a "Reasoning:" line and an "Answer:" (or "Conclusion:") line instead of the asked labels."""
    d = Draw(ch, "thought_answer_blocks", max_n=MAX_N)
    head = d.dim("block_head", _BLOCK_HEADS)
    thought = d.dim("thought_label", _THOUGHT_LABELS)
    answer = d.dim("answer_label", _ANSWER_LABELS)
    bold = d.flag("labels_bold", weight_off=2)
    ink = d.use_ink(WORD_VOCABULARIES)
    t_label, a_label = (f"**{thought}:**", f"**{answer}:**") if bold else (f"{thought}:", f"{answer}:")
    blocks = []
    for i, statement, truth in d.items():
        first = head.format(k=i + 1, s=statement)
        blocks.append(f"{first}\n{t_label} {ink.explanation(i, truth)}\n{a_label} {_stop(ink.word(i, truth))}")
    return d.done(d.frame("\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 7. fenced_verdicts

_FENCE_TAGS = ("", "text", "plaintext", "markdown", "txt")
_FENCE_INNER = ("numbered", "statement_k", "bare_lines", "final_line", "k_equals")


@HELDOUT7
def fenced_verdicts(ch: Chooser) -> BlindOutput:
    """The verdicts put inside a code block (fenced or indented), explanations outside it or none."""
    d = Draw(ch, "fenced_verdicts", max_n=MAX_N)
    inner = d.dim("fence_inner", _FENCE_INNER)
    fence = d.dim("fence", ("backticks", "backticks", "tildes", "indented"))
    tag = d.dim("fence_tag", _FENCE_TAGS)
    ink = d.use_ink(WORD_VOCABULARIES)
    words = [ink.word(i, t) for i, _s, t in d.items()]
    if inner == "numbered":
        lines = [f"{k}. {w}" for k, w in enumerate(words, 1)]
    elif inner == "statement_k":
        lines = [f"Statement {k}: {w}" for k, w in enumerate(words, 1)]
    elif inner == "bare_lines":
        lines = list(words)
    elif inner == "k_equals":
        lines = [f"{k} = {w}" for k, w in enumerate(words, 1)]
    else:
        lines = ["Final verdict for each statement in order: " + " ".join(f"{w}." for w in words)]
    if fence == "indented":
        block = "\n".join("    " + line for line in lines)
    else:
        mark = "```" if fence == "backticks" else "~~~"
        block = f"{mark}{tag}\n" + "\n".join(lines) + f"\n{mark}"
    lead = d.dim("fence_lead", ("none", "Verdicts:", "Output:", "Here is the output in the requested format:"))
    if inner == "bare_lines" and lead == "none":
        lead = "Verdicts, one per line in statement order:"
        d.dims["fence_lead"] = lead
    parts = []
    if d.flag("fence_explanations"):
        parts.append("\n".join(f"Statement {i + 1}: {ink.explanation(i, t)}" for i, _s, t in d.items()))
    if lead != "none":
        parts.append(lead)
    parts.append(block)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 8. verdict_confidence

# How sure the grader is of the verdict it gives (never a probability of support).
_CONFIDENCES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "word": (("high", "medium", "very high"), ("low",)),
    "percent": (("95%", "90%", "85%", "80%", "99%"), ("40%", "50%")),
    "decimal": (("0.95", "0.9", "0.85", "0.8"), ("0.4", "0.5")),
    "out_of_ten": (("9/10", "8/10", "10/10", "7/10"), ("4/10", "5/10")),
}
_CONFIDENCE_FORMS: dict[str, tuple[str, ...]] = {
    "word": ("({c} confidence)", "(confidence: {c})", "[confidence: {c}]", "- confidence {c}"),
    "percent": ("({c} confident)", "(confidence: {c})", "[{c} sure]", "- confidence {c}"),
    "decimal": ("(confidence: {c})", "(conf={c})", "[confidence {c}]"),
    "out_of_ten": ("(confidence: {c})", "(confidence {c})", "[sure: {c}]"),
}
_CONFIDENCE_NOTES = (
    "The number in brackets is how confident I am in each verdict.",
    "Confidence refers to my certainty in the verdict, not to the statement itself.",
    "(Confidence = how sure I am about each verdict.)",
)


@HELDOUT7
def verdict_confidence(ch: Chooser) -> BlindOutput:
    """A confidence in parentheses after each verdict: "2. No (confidence: high)"; undecided items low."""
    d = Draw(ch, "verdict_confidence", max_n=MAX_N)
    kind = d.dim("confidence_kind", tuple(_CONFIDENCES))
    form = d.dim("confidence_form", _CONFIDENCE_FORMS[kind])
    label = d.dim("confidence_label", ("{k}.", "Statement {k}:", "{k})", "- Statement {k}:"))
    explain = d.flag("confidence_explain", weight_off=2)
    ink = d.use_ink(WORD_VOCABULARIES)
    sure, unsure = _CONFIDENCES[kind]
    lines = []
    for i, _statement, truth in d.items():
        level = ch.pick("confidence", unsure if truth is None else sure)
        line = f"{label.format(k=i + 1)} {ink.word(i, truth)} {form.format(c=level)}"
        if explain:
            line += f" {ink.explanation(i, truth)}"
        lines.append(line)
    body = "\n".join(lines)
    if kind != "word" or d.flag("confidence_note_anyway", weight_off=2):
        note = d.dim("confidence_note", _CONFIDENCE_NOTES)
        body = f"{note}\n\n{body}" if d.flag("confidence_note_first") else f"{body}\n\n{note}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 9. instruction_echo

_INSTRUCTION_LINES = (
    "Consider the given context and following statements, then determine whether they are supported by the "
    "information present in the context.",
    "Provide a brief explanation for each statement before arriving at the verdict (Yes/No).",
    "Provide a final verdict for each statement in order at the end in the given format.",
    "Do not deviate from the specified format.",
)
_ECHO_HEADS = ("none", "Task:", "Instructions:", "You asked me to:", "Understood. To restate the task:")


@HELDOUT7
def instruction_echo(ch: Chooser) -> BlindOutput:
    """The prompt's instruction lines (and maybe its statements) repeated before the answer itself."""
    d = Draw(ch, "instruction_echo", max_n=MAX_N)
    head = d.dim("echo_head", _ECHO_HEADS)
    start = ch.integer("echo_from", 0, 1)
    stop = ch.integer("echo_to", start + 1, len(_INSTRUCTION_LINES))
    d.dims["echo_lines"] = f"{start}-{stop}"
    bullets = d.flag("echo_bulleted")
    echoed = [f"- {line}" if bullets else line for line in _INSTRUCTION_LINES[start:stop]]
    parts = [("" if head == "none" else head + "\n") + "\n".join(echoed)]
    if d.flag("echo_statements"):
        parts.append("Statements:\n" + "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items()))
    answer_mark = d.dim("answer_mark", ("Answer:", "Answer:", "Response:", "---"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    form = d.dim("echo_answer_form", ("legacy_blocks", "labelled_blocks", "numbered_lines"))
    if form == "legacy_blocks":
        units = [
            f"Statement: {s}\nExplanation: {ink.explanation(i, t)}\nVerdict: {_stop(ink.word(i, t))}"
            for i, s, t in d.items()
        ]
        answer = "\n\n".join(units)
    elif form == "labelled_blocks":
        units = [
            f"statement_{i + 1}: {s}\nExplanation: {ink.explanation(i, t)}\nVerdict: {_stop(ink.word(i, t))}"
            for i, s, t in d.items()
        ]
        answer = "\n\n".join(units)
    else:
        answer = "\n".join(f"{i + 1}. {ink.explanation(i, t)} {_stop(ink.word(i, t))}" for i, _s, t in d.items())
    parts.append(f"{answer_mark}\n{answer}")
    if d.flag("echo_final_line", weight_off=1):
        parts.append(d.final_line())
    return d.done(d.frame("\n\n".join(parts), preface=False, tally=False))


# ----------------------------------------------------------------- 10. clipped_ends

# How an answer that continues the prompt's last words begins (mid-sentence).
_CLIPPED_STARTS = (
    "the context, here is my evaluation:",
    "ments one by one against the context.",
    "and the statements, my answers are as follows.",
    "of each statement:",
    "…continuing with the evaluation:",
    "in the context.\n\nNow the verdicts:",
)
# Trailing remarks cut by the token limit: they say nothing about any one statement.
_CLIPPED_ENDS = (
    "These verdicts are based only on the information in the",
    "Let me know if you would like me to",
    "I hope this helps. If you have any other",
    "Note that I only used the context provided and did not rely on",
    "In summary, I went through every statement and compared it with the",
    "Overall, the evaluation above reflects what the context",
)


@HELDOUT7
def clipped_ends(ch: Chooser) -> BlindOutput:
    """An answer that starts mid-sentence, or ends cut by the token limit after its last verdict, or both."""
    d = Draw(ch, "clipped_ends", max_n=MAX_N)
    clip = d.dim("clip", ("start", "end", "both"))
    form = d.dim("clipped_form", ("numbered", "statement_k", "legacy_blocks"))
    ink = d.use_ink(WORD_VOCABULARIES)
    if form == "numbered":
        body = "\n".join(f"{i + 1}. {_stop(ink.word(i, t))} {ink.explanation(i, t)}" for i, _s, t in d.items())
    elif form == "statement_k":
        body = "\n".join(f"Statement {i + 1}: {ink.word(i, t)}" for i, _s, t in d.items())
    else:
        body = "\n\n".join(
            f"Statement: {s}\nExplanation: {ink.explanation(i, t)}\nVerdict: {_stop(ink.word(i, t))}"
            for i, s, t in d.items()
        )
    if d.flag("clipped_final_line"):
        body += "\n\n" + d.final_line()
    if clip in ("start", "both"):
        body = d.dim("clipped_start", _CLIPPED_STARTS) + "\n\n" + body
    if clip in ("end", "both"):
        body += "\n\n" + d.dim("clipped_end", _CLIPPED_ENDS)
    return d.done(d.frame(body, think=False, preface=False, sign_off=False, tally=clip == "start"))


# ----------------------------------------------------------------- 11. wandering_verdict_paragraphs

# {k} number, {b} statement without its stop, {e} explanation, {el} explanation lower-first.
_WANDER: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "Statement {k} is supported. {e}",
        'For statement {k} ("{b}"), {el} So the answer here is yes.',
        "Looking at statement {k}: {e} This one is supported by the context.",
        "Yes for statement {k}. {e}",
        "{e} That means statement {k} checks out against the context, so yes.",
        'The {o} statement says "{b}". {e} I would mark it as supported.',
    ),
    (
        "Statement {k} is not supported. {e}",
        'For statement {k} ("{b}"), {el} So the answer here is no.',
        "Looking at statement {k}: {e} This one is not supported by the context.",
        "No for statement {k}. {e}",
        "{e} That means statement {k} does not check out against the context, so no.",
        'The {o} statement says "{b}". {e} I would mark it as not supported.',
    ),
    (
        "Statement {k} cannot be determined. {e}",
        'For statement {k} ("{b}"), {el} So I cannot decide this one either way.',
        "Looking at statement {k}: {e} Whether it is supported cannot be determined from the context.",
        'The {o} statement says "{b}". {e} I would leave it as undetermined.',
    ),
)


@HELDOUT7
def wandering_verdict_paragraphs(ch: Chooser) -> BlindOutput:
    """A short paragraph per statement, the verdict at a different place in each (first, last, in between)."""
    d = Draw(ch, "wandering_verdict_paragraphs", max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    paragraphs = []
    for i, statement, truth in d.items():
        template = _pick_of(ch, "wander_template", truth, _WANDER)
        e = ink.explanation(i, truth)
        paragraphs.append(template.format(k=i + 1, b=_bare(statement), e=e, el=lower_first(e), o=_ORDINALS[i]))
    d.dims["wander"] = "drawn_per_item"
    return d.done(d.frame("\n\n".join(paragraphs), final=True))


# ----------------------------------------------------------------- 12. looped_repetition


@HELDOUT7
def looped_repetition(ch: Chooser) -> BlindOutput:
    """The answer repeated whole two or three times (a decoding loop), the last copy maybe cut short."""
    d = Draw(ch, "looped_repetition", max_n=MAX_N)
    form = d.dim("loop_form", ("numbered", "statement_k", "final_line", "explained"))
    ink = d.use_ink(WORD_VOCABULARIES)
    if form == "numbered":
        lines = [f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items()]
    elif form == "statement_k":
        lines = [f"Statement {i + 1}: {ink.word(i, t)}" for i, _s, t in d.items()]
    elif form == "explained":
        lines = [f"{i + 1}. {ink.explanation(i, t)} Verdict: {_stop(ink.word(i, t))}" for i, _s, t in d.items()]
    else:
        lines = [d.final_line()]
    copies = int(d.dim("loop_copies", ("2", "2", "3")))
    separator = d.dim("loop_separator", ("\n\n", "\n", "\n\nAnswer:\n"))
    block = "\n".join(lines)
    text = separator.join([block] * copies)
    if len(lines) > 1 and d.flag("loop_cut"):
        kept = ch.integer("loop_kept", 1, len(lines) - 1)
        text += separator + "\n".join(lines[:kept])
    return d.done(d.frame(text, tally=False, sign_off=False))


# ----------------------------------------------------------------- 13. final_line_first

_FIRST_LINES = (
    "Final verdict for each statement in order: {dots}",
    "Verdicts (in order): {commas}",
    "Answer: {commas}",
    "**Final verdicts:** {dots}",
)
_EXPLANATION_HEADS = ("Explanation:", "Explanations:", "Reasoning for each statement:", "Why:", "Details:")


@HELDOUT7
def final_line_first(ch: Chooser) -> BlindOutput:
    """The verdict line first, then the explanations statement by statement (the prompt's order reversed)."""
    d = Draw(ch, "final_line_first", max_n=MAX_N)
    first = d.dim("first_line", _FIRST_LINES)
    head = d.dim("explanation_head", _EXPLANATION_HEADS)
    label = d.dim("explanation_label", ("{k}.", "Statement {k}:", "- Statement {k}:", "({k})"))
    ink = d.use_ink(WORD_VOCABULARIES)
    words = [ink.word(i, t) for i, _s, t in d.items()]
    line = first.format(dots=" ".join(f"{w}." for w in words), commas=", ".join(words))
    quote = d.flag("explanation_quotes_statement", weight_off=2)
    explanations = []
    for i, statement, truth in d.items():
        said = f'"{_bare(statement)}" — ' if quote else ""
        explanations.append(f"{label.format(k=i + 1)} {said}{ink.explanation(i, truth)}")
    body = f"{line}\n\n{head}\n" + "\n".join(explanations)
    return d.done(d.frame(body, think=False, tally=False))


# ----------------------------------------------------------------- 14. verdict_before_explanation

_VBE_FORMS = ("blocks", "blocks_with_statement", "one_line", "numbered_one_line")


@HELDOUT7
def verdict_before_explanation(ch: Chooser) -> BlindOutput:
    """The prompt's labels in the wrong order: "Verdict: No" first, then "Explanation: ..." for each statement."""
    d = Draw(ch, "verdict_before_explanation", max_n=MAX_N)
    form = d.dim("vbe_form", _VBE_FORMS)
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false", "correct"))
    units = []
    for i, statement, truth in d.items():
        v, e = ink.word(i, truth), ink.explanation(i, truth)
        if form == "blocks":
            units.append(f"Statement {i + 1}:\nVerdict: {_stop(v)}\nExplanation: {e}")
        elif form == "blocks_with_statement":
            units.append(f"Statement: {statement}\nVerdict: {_stop(v)}\nExplanation: {e}")
        elif form == "one_line":
            units.append(f"Statement {i + 1} - Verdict: {_stop(v)} Explanation: {e}")
        else:
            units.append(f"{i + 1}. Verdict: {v} | Explanation: {e}")
    gap = "\n\n" if form.startswith("blocks") else "\n"
    return d.done(d.frame(gap.join(units), final=True))


# ----------------------------------------------------------------- 15. small_model_refusals

_SMALL_REFUSALS = (
    "As an AI language model, I don't have access to the context you are referring to, so I cannot "
    "determine whether these statements are supported.",
    "It looks like the context is still a placeholder ({{{{context}}}}) rather than actual text. Please "
    "provide the context and I will evaluate the statements.",
    "Please provide the context so that I can evaluate each statement.",
    "I'm sorry, but I can't verify these {n} statements without the context. Could you share it?",
    "Unfortunately, the context was not included in your message. Without it, I cannot give a verdict for "
    "any of the statements.",
    "I cannot complete this task. The context section is empty, so there is nothing to compare the statements with.",
    "Context: (none provided)\n\nSince no context was provided, I am unable to evaluate the statements.",
    "I apologize, but I need the context to answer this. Without it, any verdict would be a guess.",
    "Hmm, there seems to be no context here. I'll need it before I can say whether the statements are supported.",
)


@HELDOUT7
def small_model_refusals(ch: Chooser) -> BlindOutput:
    """Small models' ways of declining: the context missing, a template placeholder left in, a request for it."""
    d = Draw(ch, "small_model_refusals", unknowns=False, max_n=MAX_N)
    text = d.dim("small_refusal", _SMALL_REFUSALS).format(n=d.n)
    if d.flag("refusal_echo_statements", weight_off=3):
        echo = "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items())
        text = f"Statements:\n{echo}\n\n{text}"
    return d.refused(text)
