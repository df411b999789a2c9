"""A SECOND HELD-OUT set of blind layouts: eleven more ways graders answer, written without reading the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout2``); do not read it while
developing the reader. Written from how grader models (GPT-4o, Claude, Llama, Qwen,
Mistral, small local models) answer "for each statement, say whether the context supports
it" when they drift from the asked format: scores on a scale with the cut they state,
confidences, one summary sentence naming the exceptions, the answer re-written with a tag
after each sentence, option letters, a strip of emoji with its legend, verdict words the
prompt never offered, a diff block, a restated count before bare verdicts, Python
literals, and non-answers that ask a question back (refusals).

Each layout draws graders.py's dimensions where they fit (statement counts, call 1's
styles, verdict words and casing, undecided items, explanations) and ``_draw``'s frame (a
``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a careful person
reads without doubt are drawn: every scale, cut, letter, mark or sign is explained in the
output itself.

    HELDOUT2.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout2_outputs(layout="likert_scale")          # one layout's strategy
"""

from __future__ import annotations

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import (
    BlindOutput,
    Draw,
    LayoutSet,
    cased,
    number_list,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT2 = LayoutSet("heldout2")


def heldout2_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the second held-out set (one layout when named)."""
    return HELDOUT2.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


# ----------------------------------------------------------------- 1. likert_scale

_SCALE_LEGENDS_5 = (
    "Scale: 1 = not supported at all, 2 = mostly not supported, 3 = cannot tell, 4 = mostly supported, "
    "5 = fully supported. A score of 4 or 5 counts as supported.",
    "(5 = fully supported by the context, 1 = not supported; 3 means the context does not let me decide. "
    "I count 4 and above as supported.)",
    "Scoring: 1-5, where 5 means the context fully supports the statement and 1 means it does not support it "
    "at all (3 = undecidable). Threshold: scores >= 4 are treated as supported.",
)
_SCALE_LEGENDS_10 = (
    "Scale: 1-10 (10 = fully supported by the context, 1 = not supported at all); 7 or above counts as "
    "supported. N/A means the context does not let me tell.",
    "Each statement gets a support score from 1 to 10. Scores of 7+ mean supported; anything lower means not "
    "supported. N/A = cannot be determined from the context.",
)
_SCORE_FORMS = (
    "Statement {k}: {v}",
    "{k}. Score: {v}",
    '- "{s}" — {v}',
    "Statement {k} ({s}) → {v}",
    "**Statement {k}** — score {v}",
)


@HELDOUT2
def likert_scale(ch: Chooser) -> BlindOutput:
    """A support score per statement on a 1-5 or 1-10 scale, with the scale and its cut stated."""
    d = Draw(ch, "likert_scale")
    scale = d.dim("scale", ("5", "10"))
    legend = d.dim("scale_legend", _SCALE_LEGENDS_5 if scale == "5" else _SCALE_LEGENDS_10)
    form = d.dim("score_form", _SCORE_FORMS)
    out_of = d.flag("score_out_of")
    explain = d.flag("score_explain")
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, statement, truth in d.items():
        if scale == "5":
            value = str(ch.pick("score", (4, 5) if truth is True else (1, 2) if truth is False else (3,)))
        else:
            value = str(
                ch.pick("score", (7, 8, 9, 10) if truth is True else (1, 2, 3, 4, 5) if truth is False else ("N/A",))
            )
        if out_of and value != "N/A":
            value = f"{value}/{scale}"
        line = form.format(k=i + 1, s=statement, v=value)
        if explain:
            line += f". {ink.explanation(i, truth)}" if not line.endswith(".") else f" {ink.explanation(i, truth)}"
        lines.append(line)
    where = d.dim("legend_position", ("before", "after"))
    body = "\n".join(lines)
    body = f"{legend}\n\n{body}" if where == "before" else f"{body}\n\n{legend}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 2. confidence_cut

_CUTS = (
    "I count a statement as supported when my confidence is above 50%.",
    "Cut-off: 50% (above = supported, at or below = not supported).",
    "Anything at 60% or more I treat as supported by the context; below that, not supported.",
)
_CONFIDENCE_FORMS = (
    "Statement {k}: {p} confident it is supported",
    "{k}. {p}",
    "Statement {k} — confidence that the context supports it: {p}",
    '"{s}": {p}',
    "- S{k}: P(supported) = {p}",
)


@HELDOUT2
def confidence_cut(ch: Chooser) -> BlindOutput:
    """A confidence (percent or probability) that the context supports each statement, and the cut it is read by."""
    d = Draw(ch, "confidence_cut")
    cut = d.dim("cut", _CUTS)
    form = d.dim("confidence_form", _CONFIDENCE_FORMS)
    decimal = form.startswith("- S") or ("confident" not in form and d.flag("probability_decimal", weight_off=2))
    with_label = d.flag("confidence_label")
    ink = d.use_ink(("supported",)) if with_label else None
    lines = []
    for i, statement, truth in d.items():
        if truth is True:
            percent = ch.pick("percent", (70, 75, 80, 85, 90, 92, 95, 97, 99))
        elif truth is False:
            percent = ch.pick("percent", (1, 3, 5, 8, 10, 15, 20, 25, 30))
        else:
            percent = 50 if "50%" in cut else ch.pick("percent", (50, 55))
        p = f"{percent / 100:.2f}" if decimal else f"{percent}%"
        line = form.format(k=i + 1, s=statement, p=p)
        if truth is None:
            line += " (I can't tell from the context)"
        elif ink is not None:
            line += f" ({ink.word(i, truth)})"
        lines.append(line)
    heading = d.dim(
        "confidence_heading",
        ("none", "Confidence that each statement is supported by the context:", "Support probabilities:"),
    )
    parts = [heading] if heading != "none" else []
    where = d.dim("cut_position", ("before", "after"))
    parts += [cut, "\n".join(lines)] if where == "before" else ["\n".join(lines), cut]
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 3. except_summary


def _refs(numbers: list[int], style: str) -> str:
    """``statement 2`` / ``statements 2 and 4`` / ``the second and the fourth`` / ``#2 and #4``."""
    if style == "ordinal":
        words = [f"the {P.ORDINALS[k - 1]}" for k in numbers]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    if style == "hash":
        words = [f"#{k}" for k in numbers]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"{_plural(len(numbers), 'statement', 'statements')} {number_list(numbers)}"


@HELDOUT2
def except_summary(ch: Chooser) -> BlindOutput:
    """One summary sentence naming the exceptions: "All statements are supported except the second and the fourth."."""
    d = Draw(ch, "except_summary", min_n=2)
    style = d.dim("ref_style", ("number", "ordinal", "hash"))
    lead = d.dim("summary_lead", ("none", "After checking each statement against the context:", "Summary:"))
    yes = [i + 1 for i, _s, t in d.items() if t is True]
    no = [i + 1 for i, _s, t in d.items() if t is False]
    unknown = [i + 1 for i, _s, t in d.items() if t is None]
    rest = no + unknown
    if not rest:
        all_forms = (
            f"All {d.n} statements are supported by the context.",
            "Every statement is supported by the context.",
            "All of the statements are backed by the context; none is unsupported.",
        )
        text = d.dim("all_form", all_forms)
    elif not yes:
        text = "None of the statements is supported by the context."
    else:
        mostly = d.dim("except_form", ("all_except", "only", "by_size"))
        if mostly == "by_size":
            mostly = "all_except" if len(yes) >= len(rest) else "only"
        if mostly == "all_except":
            sentence = d.dim(
                "all_except_sentence",
                (
                    "All statements are supported by the context except {r}.",
                    "Every statement is supported by the context, except {r}.",
                    "All statements apart from {r} are supported by the context.",
                ),
            )
            text = sentence.format(r=_refs(sorted(rest), style))
        else:
            count = len(yes)
            sentence = d.dim(
                "only_sentence",
                (
                    "Only {r} {be} supported by the context; the others are not.",
                    "None of the statements is supported by the context except {r}.",
                    "The context supports only {r}; it does not support the rest.",
                ),
            )
            text = sentence.format(r=_refs(yes, style), be=_plural(count, "is", "are"))
        text = text[:1].upper() + text[1:]
        if unknown:
            text += " " + (f"For {_refs(unknown, style)} the context does not let me tell either way.")
    if lead != "none":
        text = f"{lead}\n{text}" if lead.endswith(":") and d.flag("lead_newline") else f"{lead} {text}"
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 4. inline_tagged_answer

_TAG_SETS: dict[str, tuple[str, str, str]] = {
    "caps_brackets": ("[SUPPORTED]", "[NOT SUPPORTED]", "[UNVERIFIABLE]"),
    "caps_brackets_un": ("[SUPPORTED]", "[UNSUPPORTED]", "[CANNOT VERIFY]"),
    "bold_brackets": ("**[Supported]**", "**[Not supported]**", "**[Unclear]**"),
    "parens": ("(supported)", "(not supported)", "(unclear from the context)"),
    "emoji_tag": ("✅", "❌", "❓"),
    "lenticular": ("【supported】", "【unsupported】", "【uncertain】"),
}


@HELDOUT2
def inline_tagged_answer(ch: Chooser) -> BlindOutput:
    """The answer written back with a tag after each statement: "... 1889. [SUPPORTED] The ... [NOT SUPPORTED]"."""
    d = Draw(ch, "inline_tagged_answer")
    tags_name = d.dim("tags", tuple(_TAG_SETS))
    tags = _TAG_SETS[tags_name]
    form = d.dim("tagged_form", ("paragraph", "lines", "bullets", "numbered"))
    heading = d.dim("tagged_heading", ("none", "Annotated answer:", "Here is the answer with each claim tagged:"))
    legend_needed = tags_name == "emoji_tag"
    units = [f"{statement} {_of(truth, tags)}" for _i, statement, truth in d.items()]
    if form == "paragraph":
        body = " ".join(units)
    elif form == "lines":
        body = "\n".join(units)
    elif form == "bullets":
        body = "\n".join(f"- {unit}" for unit in units)
    else:
        body = "\n".join(f"{k}. {unit}" for k, unit in enumerate(units, 1))
    if heading != "none":
        body = f"{heading}\n\n{body}"
    if legend_needed or d.flag("tag_legend"):
        legend = f"Tags: {tags[0]} = supported by the context, {tags[1]} = not supported"
        if None in d.truth:
            legend += f", {tags[2]} = cannot be verified"
        body += "\n\n" + legend + "."
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 5. letter_options

_OPTION_LISTS = (
    "Options: (A) Supported (B) Not supported (C) Cannot be determined",
    "A = supported by the context, B = not supported by the context, C = not enough information",
    "Answer key — A: the context supports it; B: the context does not support it; C: can't tell",
)
_OPTION_LISTS_SWAPPED = (
    "Options: (A) Not supported (B) Supported (C) Cannot be determined",
    "A = not supported by the context, B = supported by the context, C = not enough information",
)
_LETTER_FORMS = ("{k}: {L}", "Statement {k}: {L}", "{k}. ({L})", "{k} - {L}", "Q{k}: {L}")


@HELDOUT2
def letter_options(ch: Chooser) -> BlindOutput:
    """Multiple-choice letters per statement ("2: B"), with the options restated in the reply."""
    d = Draw(ch, "letter_options")
    swapped = d.flag("options_swapped", weight_off=2)
    options = d.dim("options", _OPTION_LISTS_SWAPPED if swapped else _OPTION_LISTS)
    letters = ("B", "A", "C") if swapped else ("A", "B", "C")
    form = d.dim("letter_form", _LETTER_FORMS)
    join = d.dim("letter_join", ("\n", ", ", "; "))
    with_word = d.flag("letter_word")
    pairs = []
    for i, _statement, truth in d.items():
        pair = form.format(k=i + 1, L=_of(truth, letters))
        if with_word:
            pair += " " + _of(truth, ("(supported)", "(not supported)", "(cannot be determined)"))
        pairs.append(pair)
    body = join.join(pairs)
    if join != "\n":
        body += "."
    where = d.dim("options_position", ("before", "after"))
    body = f"{options}\n\n{body}" if where == "before" else f"{body}\n\n({options})"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. emoji_strip

_STRIP_MARKS: dict[str, tuple[str, str, str]] = {
    "check_cross": ("✅", "❌", "❓"),
    "thumbs": ("👍", "👎", "🤷"),
    "circles": ("🟢", "🔴", "🟡"),
    "ticks": ("✔", "✘", "?"),
}


@HELDOUT2
def emoji_strip(ch: Chooser) -> BlindOutput:
    """All verdicts as one line of marks in statement order ("✅ ❌ ✅"), with a legend."""
    d = Draw(ch, "emoji_strip")
    marks_name = d.dim("strip_marks", tuple(_STRIP_MARKS))
    marks = _STRIP_MARKS[marks_name]
    join = d.dim("strip_join", (" ", "", " | ", " → ", ", "))
    if marks_name == "ticks" and join == "":
        join = " "
        d.dims["strip_join"] = join
    strip = join.join(_of(t, marks) for t in d.truth)
    head = d.dim("strip_head", ("none", "Verdicts in statement order:", "Results (1 to {n}):", "In order:"))
    if head != "none":
        strip = f"{head.format(n=d.n)} {strip}"
    legend = f"{marks[0]} = supported by the context, {marks[1]} = not supported"
    if None in d.truth or d.flag("strip_legend_unknown"):
        legend += f", {marks[2]} = cannot tell"
    legend = d.dim("strip_legend_form", ("({L})", "Legend: {L}.", "Key — {L}.")).format(L=legend)
    where = d.dim("strip_legend_position", ("after", "before", "same_line"))
    if where == "same_line":
        body = f"{strip}  {legend}"
    elif where == "before":
        body = f"{legend}\n\n{strip}"
    else:
        body = f"{strip}\n\n{legend}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. other_vocabulary

# (supported, not supported, undecided) words graders use although no prompt asks for them.
_OTHER_WORDS: dict[str, tuple[str, str, str]] = {
    "grounded": ("Grounded", "Ungrounded", "Unclear"),
    "grounded_not": ("Grounded", "Not grounded", "Can't tell"),
    "accurate": ("Accurate", "Inaccurate", "Cannot be determined"),
    "verified": ("Verified", "Not verified", "Undetermined"),
    "consistent": ("Consistent with the context", "Inconsistent with the context", "Unclear"),
    "faithful": ("Faithful", "Unfaithful", "Uncertain"),
    "hallucinated": ("Backed by the context", "Hallucinated", "Unclear"),
    "confirmed": ("Confirmed", "Not confirmed", "Inconclusive"),
}
_VOCAB_FORMS = ("{k}. {w}", "Statement {k}: {w}", "{k}. {s} — {w}", '"{s}" → {w}', "- {s}: {w}", "({k}) {w}")


@HELDOUT2
def other_vocabulary(ch: Chooser) -> BlindOutput:
    """Verdict words no prompt offered: Grounded/Ungrounded, Accurate/Inaccurate, Hallucinated, Faithful ..."""
    d = Draw(ch, "other_vocabulary")
    words = _OTHER_WORDS[d.dim("other_words", tuple(_OTHER_WORDS))]
    casing = d.dim("other_casing", ("sentence", "upper", "lower", "bold"))
    form = d.dim("vocab_form", _VOCAB_FORMS)
    explain = d.flag("vocab_explain")
    ink = d.use_ink(("yes_no",))
    lines = []
    for i, statement, truth in d.items():
        word = _of(truth, words)
        word = f"**{word}**" if casing == "bold" else cased(word, casing)
        line = form.format(k=i + 1, s=statement, w=word)
        if explain:
            line += f" — {ink.aside(i, truth)}"
        lines.append(line)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 8. diff_block

_DIFF_LEGENDS = (
    "Lines starting with + are supported by the context; lines starting with - are not{u}.",
    "(+ supported, - not supported{u})",
    "Key: `+` = the context supports it, `-` = the context does not support it{u}.",
)


@HELDOUT2
def diff_block(ch: Chooser) -> BlindOutput:
    """The statements in a ```diff block, + for supported and - for not supported, with a legend."""
    d = Draw(ch, "diff_block")
    legend = d.dim("diff_legend", _DIFF_LEGENDS)
    u = {"L": "; lines starting with ? cannot be decided from the context", "(": ", ? cannot tell",
         "K": ", `?` = cannot tell"}[legend[0]] if None in d.truth else ""  # fmt: skip
    numbered = d.flag("diff_numbers")
    fence = d.dim("diff_fence", ("```diff", "```"))
    lines = []
    for i, statement, truth in d.items():
        sign = _of(truth, ("+", "-", "?"))
        lines.append(f"{sign} {i + 1}. {statement}" if numbered else f"{sign} {statement}")
    block = f"{fence}\n" + "\n".join(lines) + "\n```"
    where = d.dim("diff_legend_position", ("before", "after"))
    text = legend.format(u=u)
    body = f"{text}\n\n{block}" if where == "before" else f"{block}\n\n{text}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 9. count_then_verdicts

_COUNT_LINES = (
    "There are {n} statements.",
    "I was given {n} statements to check.",
    "Number of statements: {n}",
    "{N} statements in total; verdicts below.",
    "You listed {n} statements, so here are {n} verdicts:",
)
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight")


@HELDOUT2
def count_then_verdicts(ch: Chooser) -> BlindOutput:
    """The reply restates how many statements there are, then gives bare verdicts in order."""
    d = Draw(ch, "count_then_verdicts", min_n=2)
    ink = d.use_ink(("yes_no", "supported", "true_false", "correct", "entailed", "pass_fail"))
    ink.decorate(exclude=("arrow", "angle", "emoji_only"))
    count_line = d.dim("count_line", _COUNT_LINES)
    worded = d.flag("count_in_words")
    n_text = _NUMBER_WORDS[d.n - 1] if worded else str(d.n)
    count_text = count_line.format(n=n_text, N=n_text[:1].upper() + n_text[1:])
    layout = d.dim("count_layout", ("lines", "numbered_lines", "statement_lines", "inline"))
    tokens = [ink.token(i, t) for i, _s, t in d.items()]
    if layout == "lines":
        body = "\n".join(tokens)
    elif layout == "numbered_lines":
        body = "\n".join(f"{k}. {v}" for k, v in enumerate(tokens, 1))
    elif layout == "statement_lines":
        body = "\n".join(f"Statement {k}: {v}" for k, v in enumerate(tokens, 1))
    else:
        body = ", ".join(tokens) + "."
    gap = d.dim("count_gap", ("\n", "\n\n"))
    return d.done(d.frame(f"{count_text}{gap}{body}", tally=False, preface=False))


# ----------------------------------------------------------------- 10. python_literal


@HELDOUT2
def python_literal(ch: Chooser) -> BlindOutput:
    """Verdicts as a Python literal: ``[True, False, None]``, ``{1: 'yes', 2: 'no'}``, ``verdicts = (...)``."""
    d = Draw(ch, "python_literal")
    kind = d.dim("py_kind", ("bool_list", "word_list", "int_dict", "name_dict", "tuple"))
    ink = d.use_ink(("yes_no", "supported", "true_false")) if kind in ("word_list", "int_dict", "name_dict") else None

    def value(i: int, truth: Truth) -> str:
        if ink is None:
            return "None" if truth is None else str(truth)
        return repr(ink.word(i, truth).lower())

    values = [value(i, t) for i, _s, t in d.items()]
    if kind == "bool_list":
        literal = "[" + ", ".join(values) + "]"
    elif kind == "tuple":
        literal = "(" + ", ".join(values) + ("," if len(values) == 1 else "") + ")"
    elif kind == "word_list":
        literal = "[" + ", ".join(values) + "]"
    elif kind == "int_dict":
        literal = "{" + ", ".join(f"{k}: {v}" for k, v in enumerate(values, 1)) + "}"
    else:
        literal = "{" + ", ".join(f"'statement_{k}': {v}" for k, v in enumerate(values, 1)) + "}"
    name = d.dim("py_name", ("none", "verdicts", "supported", "results"))
    if name == "supported" and kind in ("word_list", "int_dict", "name_dict"):
        name = "verdicts"
        d.dims["py_name"] = name
    text = literal if name == "none" else f"{name} = {literal}"
    if kind in ("bool_list", "tuple") and (name in ("none", "results") or d.flag("py_comment")):
        meaning = "True = supported by the context, False = not supported"
        if None in d.truth:
            meaning += ", None = cannot tell"
        text += f"  # {meaning}"
    fence = d.dim("py_fence", ("```python", "```py", "```", "none"))
    if fence != "none":
        text = f"{fence}\n{text}\n```"
    return d.done(d.frame(text, think=True))


# ----------------------------------------------------------------- 11. clarifying_question

_QUESTIONS = (
    'Could you share the context? Without it I can\'t tell whether statement 1 ("{s}") is supported.',
    "Which document should I check these {n} statements against? No context came with your message.",
    "Before I answer: the context seems to be cut off after its first line. Could you paste the full passage "
    "so I can judge the statements?",
    "I need the retrieved passages to answer this. Please provide them and I will give a Yes or No for each statement.",
    "Should I use my own knowledge, or only the context? The context field is empty, so I can't say whether "
    "any statement is supported.",
    "The context you sent is a list of file names rather than text. Can you send the actual passages? "
    "Then I'll mark each of the {n} statements as supported or not supported.",
    "Just to check: do you want verdicts on the statements or on the whole answer? Also, the context block "
    "is empty — could you add it?",
    "Hmm, it looks like the context placeholder ({{context}}) was never filled in. What text should the "
    "statements be checked against?",
)


@HELDOUT2
def clarifying_question(ch: Chooser) -> BlindOutput:
    """A non-answer that asks a question back (for the missing context): no verdict is given, a refusal."""
    d = Draw(ch, "clarifying_question", unknowns=False)
    question = d.dim("question", _QUESTIONS)
    text = question.format(s=d.statements[0], n=d.n)
    language = d.dim("question_language", ("en", "en", "en", "es", "de", "fr"))
    if language != "en":
        text = {
            "es": "¿Podrías compartir el contexto? Sin él no puedo decir si las afirmaciones están respaldadas.",
            "de": "Könntest du den Kontext schicken? Ohne ihn kann ich nicht sagen, ob die Aussagen gestützt sind.",
            "fr": "Pourriez-vous partager le contexte ? Sans lui, je ne peux pas dire si les affirmations sont "
            "étayées.",
        }[language]
    if d.flag("question_think", weight_off=3):
        text = "<think>\nThe context is missing. I should ask for it rather than guess.\n</think>\n\n" + text
    return d.refused(text)
