"""An ELEVENTH HELD-OUT set of blind layouts: fourteen ways graders answer the prompts teams write, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout11``); do not read it while
developing the reader. Written from the prompt variants evaluation teams actually ship
instead of the stock prompt, and from how graders (GPT-4o, Claude, Llama 3, Qwen, Mistral,
Gemini, small local models) answer them, drift included: a few-shot example echoed (and
marked as the example) before the grader's own answer, PASS/FAIL per statement with an
overall gate line, a "partially supported" option whose counting rule the answer states,
several criteria per statement of which only the support criterion is the verdict, the
statements grouped by verdict in a table with counts, an ABSTAIN below a stated confidence,
the team's language mixed with English labels (Polish, Turkish, Swedish, Indonesian,
Vietnamese, Czech), a machine-readable count footer, key=value records, a 1-5 rubric
whose anchors and threshold are echoed, a 1/0 table with a total row, a breakdown into
atomic facts before each verdict, an issue severity with its mapping stated, and refusals
written inside the team's requested format.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every code, mark, scale, threshold and
counting rule is stated in the output itself, an echoed example is marked as the example,
and every count or overall line agrees with the verdicts.

    HELDOUT11.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout11_outputs(layout="few_shot_echo")         # one layout's strategy
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

HELDOUT11 = LayoutSet("heldout11")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout11_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the eleventh held-out set (one layout when named)."""
    return HELDOUT11.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _clean_ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES, exclude: tuple[str, ...] = ()) -> Ink:
    """Verdict words decorated only in ways that read the same inside a line, a label or a cell."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket", *exclude))
    return ink


# ----------------------------------------------------------------- 1. few_shot_echo

# The worked example a team put in its prompt: a context and two statements, the first
# supported by it, the second not.
_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "The library opens at 8 am and closes at 6 pm on weekdays.",
        "The library opens at 8 am on weekdays.",
        "The library is open on Sundays.",
    ),
    (
        "Our basic plan costs $10 a month and includes 5 GB of storage.",
        "The basic plan costs $10 a month.",
        "The basic plan includes 50 GB of storage.",
    ),
    (
        "The bakery sells sourdough bread on Saturdays only.",
        "The bakery sells sourdough on Saturdays.",
        "The bakery delivers bread to homes.",
    ),
)
# (the mark before the echoed example, the mark before the grader's own answer)
_EXAMPLE_MARKS: tuple[tuple[str, str], ...] = (
    ("Example (from the instructions):", "Now the actual statements:"),
    ("**Worked example given in the prompt:**", "**My answer for your statements:**"),
    ("### Example", "### Answer"),
    ("To confirm the format, here is the example you gave:", "And here are my verdicts for your statements:"),
    ("<example>", "<answer>"),
)


def _example_answer(form: str, statements: list[str], words: list[str], reasons: list[str]) -> str:
    """Verdicts in the example's format: the same for the echoed example and for the answer."""
    if form == "final_line":
        lines = [f"{k}. {r}" for k, r in enumerate(reasons, 1)] if reasons else []
        lines.append("Final verdict for each statement in order: " + " ".join(f"{w}." for w in words))
        return "\n".join(lines)
    if form == "numbered":
        return "\n".join(f"{k}. {w}" for k, w in enumerate(words, 1))
    if form == "markers":
        blocks = []
        for k, (s, w) in enumerate(zip(statements, words, strict=True), 1):
            reason = f"\nExplanation: {reasons[k - 1]}" if reasons else ""
            blocks.append(f"Statement {k}: {s}{reason}\nVerdict: {w}")
        return "\n\n".join(blocks)
    return "\n".join(f"{s} -> {w}" for s, w in zip(statements, words, strict=True))


@HELDOUT11
def few_shot_echo(ch: Chooser) -> BlindOutput:
    """The prompt's few-shot example echoed first, marked as the example, then the grader's answer in its format."""
    d = Draw(ch, "few_shot_echo", max_n=MAX_N)
    ink = _clean_ink(d, ("yes_no", "supported", "true_false", "correct", "pass_fail"), exclude=("emoji_before",))
    context, ex_yes, ex_no = d.dim("example", _EXAMPLES)
    before, after = d.dim("example_marks", _EXAMPLE_MARKS)
    form = d.dim("example_form", ("final_line", "numbered", "markers", "arrow"))
    explained = form in ("final_line", "markers") and d.flag("example_reasons")
    with_context = d.flag("example_context")
    labelled = d.flag("example_io_labels")
    ex_words = [ink.yes_word(), ink.no_word()]
    ex_reasons = ["The context states this.", "The context does not mention Sundays."] if explained else []
    if "sourdough" in context and explained:
        ex_reasons[1] = "The context does not mention deliveries."
    elif "plan" in context and explained:
        ex_reasons[1] = "The context says 5 GB, not 50 GB."
    ex_statements = [ex_yes, ex_no]
    example = []
    if with_context:
        example.append(f"Context: {context}")
    if form in ("final_line", "numbered"):
        example.append("Statements:\n" + "\n".join(f"{k}. {s}" for k, s in enumerate(ex_statements, 1)))
    if labelled:
        example.append("Output:")
    example.append(_example_answer(form, ex_statements, ex_words, ex_reasons))
    words = [ink.token(i, t) for i, _s, t in d.items()]
    reasons = [ink.explanation(i, t) for i, _s, t in d.items()] if explained else []
    answer = _example_answer(form, list(d.statements), words, reasons)
    if labelled:
        answer = f"Output:\n{answer}"
    example_text = "\n".join(example) if form == "arrow" else "\n\n".join(example)
    if before == "<example>":
        body = f"<example>\n{example_text}\n</example>\n\n<answer>\n{answer}\n</answer>"
    else:
        body = f"{before}\n\n{example_text}\n\n{after}\n\n{answer}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 2. pass_fail_overall

_PF_FORMS = ("Statement {k}: {v}", "{k}. {v}", "S{k} → {v}", "{k}. {s} — {v}", "- Statement {k} — {v}")
_PF_LEGENDS = (
    "{y} = the context supports the statement; {f} = it does not.",
    "({y}: supported by the context, {f}: not supported)",
    "Grading: {y} if the statement is backed by the context, {f} otherwise.",
)


@HELDOUT11
def pass_fail_overall(ch: Chooser) -> BlindOutput:
    """PASS/FAIL per statement as the team asked, and an overall gate line with its rule (agreeing)."""
    d = Draw(ch, "pass_fail_overall", max_n=MAX_N)
    ink = _clean_ink(d, ("pass_fail",), exclude=("italic",))
    form = d.dim("pf_form", _PF_FORMS)
    explain = d.flag("pf_reasons")
    lines = []
    for i, statement, truth in d.items():
        line = form.format(k=i + 1, s=_bare(statement), v=ink.token(i, truth))
        if explain:
            line += f" ({lower_first(_bare(ink.explanation(i, truth)))})"
        lines.append(line)
    passed = d.supported
    rule = d.dim("overall_rule", ("all", "share"))
    if rule == "all":
        overall = passed == d.n
        why = f"{passed}/{d.n} passed; every statement must pass"
    else:
        share = d.dim("overall_share", ("50", "70", "80"))
        overall = 100 * passed >= int(share) * d.n
        why = f"{passed}/{d.n} passed; at least {share}% must pass"
    word = ink.word(0, overall)
    overall_line = d.dim("overall_form", ("OVERALL: {v} ({w})", "Overall result: {v} — {w}", "**Overall:** {v} ({w})"))
    overall_text = overall_line.format(v=word, w=why)
    parts = ["\n".join(lines)]
    if d.flag("pf_legend"):
        legend = d.dim("pf_legend_text", _PF_LEGENDS).format(y=ink.word(0, True), f=ink.word(0, False))
        parts.insert(0, legend)
    where = d.dim("overall_position", ("last", "last", "first"))
    parts = [overall_text, *parts] if where == "first" else [*parts, overall_text]
    return d.done(d.frame("\n\n".join(parts), tally=False))


# ----------------------------------------------------------------- 3. partial_rule_stated

_PARTIAL_LABELS: dict[str, tuple[str, str, str, str]] = {
    "supported": ("Supported", "Partially supported", "Not supported", "Cannot determine"),
    "fully": ("Fully supported", "Partially supported", "Not supported", "Unclear"),
    "enum": ("SUPPORTED", "PARTIALLY_SUPPORTED", "NOT_SUPPORTED", "UNCLEAR"),
}
_PARTIAL_RULES: dict[str, tuple[str, ...]] = {
    "supported": (
        'As instructed, "{p}" counts as supported.',
        "Scoring rule from the prompt: {p} counts as supported (partial support is treated as support).",
        "Note: per your rubric, statements rated {p} are counted as supported.",
    ),
    "not_supported": (
        'As instructed, "{p}" counts as not supported.',
        "Scoring rule from the prompt: {p} counts as not supported (only full support counts).",
        "Note: per your rubric, statements rated {p} are counted as not supported.",
    ),
}
_PARTIAL_REASONS = (
    "The context states part of this, but not all of it.",
    "The main point is in the context; one detail is not.",
    "Only half of the claim is covered by the context.",
)
_PARTIAL_FORMS = ("{k}. **{v}** — {e}", "Statement {k}: {v}. {e}", '- "{b}": {v}', "table")


@HELDOUT11
def partial_rule_stated(ch: Chooser) -> BlindOutput:
    """A "partially supported" option the prompt allowed, and the answer says how it counts (either way)."""
    d = Draw(ch, "partial_rule_stated", max_n=MAX_N)
    yes, partial, no, unsure = _PARTIAL_LABELS[d.dim("partial_labels", tuple(_PARTIAL_LABELS))]
    counts_as = d.dim("partial_counts_as", ("supported", "not_supported"))
    rule = d.dim("partial_rule", _PARTIAL_RULES[counts_as]).format(p=partial)
    where = d.dim("partial_rule_position", ("before", "after", "inline", "before_and_inline"))
    note = " (counts as supported)" if counts_as == "supported" else " (counts as not supported)"
    form = d.dim("partial_form", _PARTIAL_FORMS)
    ink = d.use_ink(("yes_no",))
    partial_side = counts_as == "supported"
    rows = []
    for i, statement, truth in d.items():
        is_partial = truth is partial_side and ch.pick("partial", (False, True))
        label = partial if is_partial else _of(truth, (yes, no, unsure))
        if is_partial and "inline" in where:
            label += note
        reason = ch.pick("partial_reason", _PARTIAL_REASONS) if is_partial else ink.explanation(i, truth)
        if form == "table":
            rows.append(f"| {i + 1} | {statement} | {label} | {reason} |")
        else:
            rows.append(form.format(k=i + 1, v=label, e=reason, b=_bare(statement)))
    if form == "table":
        rows = ["| # | Statement | Rating | Why |", "|---|---|---|---|", *rows]
    body = "\n".join(rows)
    if where in ("before", "before_and_inline"):
        body = f"{rule}\n\n{body}"
    elif where == "after":
        body = f"{body}\n\n{rule}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 4. multi_criteria_rows

_SUPPORT_CRITERIA = ("Support", "Supported by context", "Grounded in context", "Faithfulness (supported?)")
_OTHER_CRITERIA = ("Relevance", "Clarity", "Specificity", "Completeness", "Fluency")
_SUPPORT_WORDS: dict[str, tuple[str, str, str]] = {
    "yes_no": ("Yes", "No", "Unclear"),
    "supported": ("Supported", "Not supported", "Cannot tell"),
    "upper": ("YES", "NO", "UNSURE"),
}
_OTHER_VALUES: dict[str, tuple[str, ...]] = {
    "yes_no": ("Yes", "No"),
    "level": ("High", "Medium", "Low"),
    "score": ("5/5", "4/5", "3/5", "2/5"),
}
_CRITERIA_NOTES = (
    "(Only the {c} column decides faithfulness; the other criteria are for information.)",
    "Note: the faithfulness verdict is the {c} criterion; relevance, clarity and the rest do not change it.",
)


@HELDOUT11
def multi_criteria_rows(ch: Chooser) -> BlindOutput:
    """Several criteria per statement (relevance, support, clarity...), only the support criterion is the verdict."""
    d = Draw(ch, "multi_criteria_rows", max_n=MAX_N)
    support = d.dim("support_criterion", _SUPPORT_CRITERIA)
    first = d.dim("other_criterion_1", _OTHER_CRITERIA)
    second = d.dim("other_criterion_2", tuple(c for c in _OTHER_CRITERIA if c != first))
    position = int(d.dim("support_position", ("0", "1", "2")))
    criteria = [first, second]
    criteria.insert(position, support)
    words = _SUPPORT_WORDS[d.dim("support_words", tuple(_SUPPORT_WORDS))]
    values = _OTHER_VALUES[d.dim("other_values", tuple(_OTHER_VALUES))]
    layout = d.dim("criteria_layout", ("table", "blocks", "inline"))
    echo = d.flag("criteria_echo")
    rows = []
    for i, statement, truth in d.items():
        cells = [ch.pick("other_value", values) for _ in range(2)]
        cells.insert(position, _of(truth, words))
        if layout == "table":
            lead = f"| {i + 1} | {statement} |" if echo else f"| {i + 1} |"
            rows.append(lead + "".join(f" {c} |" for c in cells))
        elif layout == "blocks":
            head = f"**Statement {i + 1}:** {statement}" if echo else f"**Statement {i + 1}**"
            rows.append(head + "\n" + "\n".join(f"- {name}: {c}" for name, c in zip(criteria, cells, strict=True)))
        else:
            pairs = " | ".join(f"{name}: {c}" for name, c in zip(criteria, cells, strict=True))
            rows.append(f"{i + 1}. {pairs}")
    if layout == "table":
        head = "| # | Statement |" if echo else "| # |"
        head += "".join(f" {name} |" for name in criteria)
        rule = "|---" * (len(criteria) + (2 if echo else 1)) + "|"
        body = "\n".join([head, rule, *rows])
    else:
        body = ("\n\n" if layout == "blocks" else "\n").join(rows)
    if d.flag("criteria_note"):
        body += "\n\n" + d.dim("criteria_note_text", _CRITERIA_NOTES).format(c=support)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 5. grouped_table

_GROUP_NAMES: dict[str, tuple[str, str, str]] = {
    "supported": ("Supported", "Not supported", "Cannot determine"),
    "yes_no": ("Yes (supported)", "No (not supported)", "Unclear"),
    "emoji": ("✅ Supported", "❌ Not supported", "❓ Unclear"),
    "entailed": ("Entailed", "Not entailed", "Undetermined"),
}


def _group_refs(numbers: list[int], style: str) -> str:
    if style == "hash":
        return ", ".join(f"#{k}" for k in numbers)
    if style == "s":
        return ", ".join(f"S{k}" for k in numbers)
    if style == "and":
        return number_list(numbers)
    return ", ".join(str(k) for k in numbers)


@HELDOUT11
def grouped_table(ch: Chooser) -> BlindOutput:
    """The statements grouped by verdict as the prompt asked, in a table: one row per verdict, its numbers, a count."""
    d = Draw(ch, "grouped_table", max_n=MAX_N)
    names = _GROUP_NAMES[d.dim("group_names", tuple(_GROUP_NAMES))]
    columns = d.dim("group_columns", ("verdict_statements_count", "verdict_count_statements", "verdict_statements"))
    style = d.dim("group_refs", ("plain", "hash", "s", "and"))
    empty = d.dim("group_empty", ("dash", "none", "omit"))
    groups = [
        [i + 1 for i, _s, t in d.items() if t is True],
        [i + 1 for i, _s, t in d.items() if t is False],
        [i + 1 for i, _s, t in d.items() if t is None],
    ]
    header = {
        "verdict_statements_count": ("Verdict", "Statements", "Count"),
        "verdict_count_statements": ("Verdict", "Count", "Statements"),
        "verdict_statements": ("Verdict", "Statements"),
    }[columns]
    rows = []
    for position, (name, numbers) in enumerate(zip(names, groups, strict=True)):
        if not numbers and (empty == "omit" or position == 2):
            continue
        refs = _group_refs(numbers, style) if numbers else ("—" if empty == "dash" else "none")
        cells = {"Verdict": name, "Statements": refs, "Count": str(len(numbers))}
        rows.append("| " + " | ".join(cells[c] for c in header) + " |")
    if "Count" in header and d.flag("group_total"):
        cells = {"Verdict": "**Total**", "Statements": "all", "Count": f"**{d.n}**"}
        rows.append("| " + " | ".join(cells[c] for c in header) + " |")
    table = "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header), *rows])
    title = d.dim("group_title", ("none", "Statements grouped by verdict:", "**Grouped results**", "## Results"))
    body = table if title == "none" else f"{title}\n\n{table}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. abstain_below_confidence

_ABSTAIN_WORDS: dict[str, tuple[str, str, str]] = {
    "enum": ("SUPPORTED", "NOT_SUPPORTED", "ABSTAIN"),
    "sentence": ("Supported", "Not supported", "Abstain"),
    "yes_no": ("Yes", "No", "ABSTAIN"),
}
_ABSTAIN_RULES = (
    "Rule: when my confidence is below {t}, I answer {a} instead of a verdict.",
    "{a} = confidence under {t}, so no verdict is given for that statement.",
    "(As requested, any statement where my confidence falls below {t} is marked {a}: no verdict.)",
)
_ABSTAIN_FORMS = ("{k}. {v} (confidence: {c})", "Statement {k} | verdict: {v} | confidence: {c}", "table")


@HELDOUT11
def abstain_below_confidence(ch: Chooser) -> BlindOutput:
    """A verdict and a confidence per statement, ABSTAIN where the confidence is below the stated threshold."""
    d = Draw(ch, "abstain_below_confidence", max_n=MAX_N)
    words = _ABSTAIN_WORDS[d.dim("abstain_words", tuple(_ABSTAIN_WORDS))]
    threshold = int(d.dim("abstain_threshold", ("60", "70", "75", "80")))
    scale = d.dim("confidence_scale", ("int", "percent", "decimal"))
    form = d.dim("abstain_form", _ABSTAIN_FORMS)
    show_cut = d.flag("abstain_show_cut")

    def shown(value: int) -> str:
        return f"{value}%" if scale == "percent" else f"{value / 100:.2f}" if scale == "decimal" else str(value)

    rows = []
    for i, statement, truth in d.items():
        if truth is None:
            value = ch.pick("confidence", [v for v in (35, 40, 45, 50, 55, 65, 70) if v < threshold])
        else:
            value = ch.pick("confidence", [v for v in (82, 85, 88, 90, 92, 95, 97, 99) if v >= threshold])
        c = shown(value) + (f" < {shown(threshold)}" if truth is None and show_cut else "")
        v = _of(truth, words)
        if form == "table":
            rows.append(f"| {i + 1} | {statement} | {v} | {c} |")
        else:
            rows.append(form.format(k=i + 1, v=v, c=c))
    if form == "table":
        rows = ["| # | Statement | Verdict | Confidence |", "|---|---|---|---|", *rows]
    rule = d.dim("abstain_rule", _ABSTAIN_RULES).format(t=shown(threshold), a=words[2])
    where = d.dim("abstain_rule_position", ("before", "after"))
    body = "\n".join(rows)
    body = f"{rule}\n\n{body}" if where == "before" else f"{body}\n\n{rule}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. team_language_labels


# (yes, no, cannot tell) in capitals, the same in sentence case, (statement, verdict, reason labels),
# (explanations yes, no, unknown)
_Three = tuple[str, str, str]
_TEAM_LANGUAGES: dict[str, tuple[_Three, _Three, _Three, _Three]] = {
    "pl": (
        ("TAK", "NIE", "NIE WIADOMO"), ("Tak", "Nie", "Nie wiadomo"),
        ("Stwierdzenie", "Werdykt", "Uzasadnienie"),
        ("Kontekst wyraźnie to stwierdza.", "Kontekst o tym nie wspomina.", "Kontekst nie pozwala tego rozstrzygnąć."),
    ),
    "tr": (
        ("EVET", "HAYIR", "BELİRSİZ"), ("Evet", "Hayır", "Belirsiz"),
        ("İfade", "Karar", "Gerekçe"),
        ("Bağlam bunu açıkça belirtiyor.", "Bağlam bundan bahsetmiyor.", "Bağlam buna karar vermek için yetersiz."),
    ),
    "sv": (
        ("JA", "NEJ", "OKLART"), ("Ja", "Nej", "Oklart"),
        ("Påstående", "Bedömning", "Motivering"),
        ("Kontexten säger detta uttryckligen.", "Kontexten nämner inte detta.",
         "Kontexten räcker inte för att avgöra."),
    ),
    "id": (
        ("YA", "TIDAK", "TIDAK JELAS"), ("Ya", "Tidak", "Tidak jelas"),
        ("Pernyataan", "Putusan", "Alasan"),
        ("Konteks menyatakan hal ini secara eksplisit.", "Konteks tidak menyebutkan hal ini.",
         "Konteks tidak cukup untuk memutuskan."),
    ),
    "vi": (
        ("CÓ", "KHÔNG", "KHÔNG RÕ"), ("Có", "Không", "Không rõ"),
        ("Nhận định", "Kết luận", "Lý do"),
        ("Ngữ cảnh nêu rõ điều này.", "Ngữ cảnh không đề cập đến điều này.", "Ngữ cảnh không đủ để kết luận."),
    ),
    "cs": (
        ("ANO", "NE", "NELZE URČIT"), ("Ano", "Ne", "Nelze určit"),
        ("Tvrzení", "Verdikt", "Zdůvodnění"),
        ("Kontext to výslovně uvádí.", "Kontext to nezmiňuje.", "Z kontextu to nelze rozhodnout."),
    ),
}  # fmt: skip
_ENGLISH_WORDS = ("Supported", "Not supported", "Cannot tell")


@HELDOUT11
def team_language_labels(ch: Chooser) -> BlindOutput:
    """The answer in the team's language (Polish, Turkish, Swedish...) mixed with English labels or verdict words."""
    d = Draw(ch, "team_language_labels", max_n=MAX_N)
    language = d.dim("team_language", tuple(_TEAM_LANGUAGES))
    upper, title, labels, reasons = _TEAM_LANGUAGES[language]
    mix = d.dim("language_mix", ("english_labels", "english_verdicts", "both_labels"))
    words = upper if d.dim("team_casing", ("upper", "title")) == "upper" else title
    gloss = d.dim("gloss", ("line_after", "line_before", "inline")) if mix != "english_verdicts" else "none"

    def word(truth: Truth) -> str:
        if mix == "english_verdicts":
            return _of(truth, _ENGLISH_WORDS)
        text = _of(truth, words)
        if gloss == "inline":
            text += f" ({_of(truth, _ENGLISH_WORDS).lower()})"
        return text

    blocks = []
    for i, statement, truth in d.items():
        reason = _of(truth, reasons)
        if mix == "english_labels":
            blocks.append(f"Statement {i + 1}: {statement}\nVerdict: {word(truth)}\nReason: {reason}")
        elif mix == "english_verdicts":
            blocks.append(f"{labels[0]} {i + 1}: {statement}\n{labels[1]}: {word(truth)}\n{labels[2]}: {reason}")
        else:
            blocks.append(f"{labels[0]} {i + 1} / Statement {i + 1}\n{labels[1]} (Verdict): {word(truth)}\n{reason}")
    body = "\n\n".join(blocks)
    if gloss in ("line_after", "line_before"):
        shown = [
            (w, e.lower())
            for w, e, t in zip(words, _ENGLISH_WORDS, (True, False, None), strict=True)
            if t is not None or None in d.truth
        ]
        line = "(" + ", ".join(f"{w} = {e}" for w, e in shown) + ")"
        body = f"{line}\n\n{body}" if gloss == "line_before" else f"{body}\n\n{line}"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 8. count_fields_footer


def _count_footer(style: str, d: Draw, with_undecided: bool) -> str:
    s = d.supported
    u = sum(1 for t in d.truth if t is None)
    no = d.n - s - u
    if style == "caps":
        lines = [f"SUPPORTED: {s}", f"NOT SUPPORTED: {no}"]
        lines += [f"UNDETERMINED: {u}"] if with_undecided else []
        return "\n".join([*lines, f"TOTAL: {d.n}"])
    if style == "snake":
        lines = [f"supported_count: {s}", f"unsupported_count: {no}"]
        lines += [f"undetermined_count: {u}"] if with_undecided else []
        return "\n".join([*lines, f"total_statements: {d.n}"])
    if style == "one_line":
        extra = f", undetermined: {u}" if with_undecided else ""
        return f"Counts — supported: {s}, not supported: {no}{extra} (total {d.n})."
    return f"SUPPORTED_COUNT = {s}/{d.n}\nFAITHFULNESS = {s / d.n:.2f}"


@HELDOUT11
def count_fields_footer(ch: Chooser) -> BlindOutput:
    """Per-statement verdicts and the count fields the prompt asked for ("SUPPORTED: 3 / TOTAL: 5"), agreeing."""
    d = Draw(ch, "count_fields_footer", max_n=MAX_N)
    ink = _clean_ink(d)
    form = d.dim("count_verdict_form", ("{k}. {v}", "Statement {k}: {v}", "{k}. {s} — {v}", "- S{k}: {v}"))
    explain = d.flag("count_reasons")
    lines = []
    for i, statement, truth in d.items():
        line = form.format(k=i + 1, s=_bare(statement), v=ink.token(i, truth))
        lines.append(f"{line} — {ink.explanation(i, truth)}" if explain else line)
    style = d.dim("count_style", ("caps", "snake", "one_line", "ratio"))
    footer = _count_footer(style, d, None in d.truth or d.flag("count_zero_undetermined"))
    if style != "one_line" and d.flag("count_fence"):
        footer = f"```\n{footer}\n```"
    where = d.dim("count_position", ("last", "last", "first"))
    verdicts = "\n".join(lines)
    gap = d.dim("count_gap", ("\n\n", "\n\n---\n\n"))
    body = f"{verdicts}{gap}{footer}" if where == "last" else f"{footer}{gap}{verdicts}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 9. key_value_records

# (id key, id format, verdict key, (supported, not, undecided) values, reason key)
_LOGFMT_SCHEMES: tuple[tuple[str, str, str, tuple[str, str, str], str], ...] = (
    ("id", "{k}", "verdict", ("supported", "not_supported", "undetermined"), "reason"),
    ("stmt", "{k}", "supported", ("true", "false", "unknown"), "why"),
    ("claim_id", "S{k}", "label", ("SUPPORTED", "UNSUPPORTED", "UNCLEAR"), "evidence"),
)
_BLOCK_VALUES: dict[str, tuple[str, str, str]] = {
    "yes_no": ("yes", "no", "unclear"),
    "true_false": ("true", "false", "unknown"),
}


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


@HELDOUT11
def key_value_records(ch: Chooser) -> BlindOutput:
    """A record of key=value (logfmt) or key: value lines per statement, sometimes with a review flag beside it."""
    d = Draw(ch, "key_value_records", max_n=MAX_N)
    kind = d.dim("record_kind", ("logfmt", "blocks"))
    review = d.flag("review_flag")
    ink = d.use_ink(("yes_no",))
    records = []
    if kind == "logfmt":
        id_key, id_form, key, values, reason_key = d.dim("logfmt_scheme", _LOGFMT_SCHEMES)
        for i, _statement, truth in d.items():
            fields = [f"{id_key}={id_form.format(k=i + 1)}", f"{key}={_of(truth, values)}"]
            if review:
                fields.append(f"needs_review={'true' if truth is None else ch.pick('review', ('false', 'true'))}")
            fields.append(f"{reason_key}={_quoted(ink.explanation(i, truth))}")
            records.append(" ".join(fields))
        body = "\n".join(records)
    else:
        values = _BLOCK_VALUES[d.dim("block_values", tuple(_BLOCK_VALUES))]
        key = d.dim("block_key", ("supported", "supported_by_context", "verdict"))
        if key == "verdict":
            values = ("supported", "not supported", "cannot tell")
        echo = d.flag("block_echo")
        for i, statement, truth in d.items():
            fields = [f"id: {i + 1}"] + ([f"statement: {statement}"] if echo else [])
            fields.append(f"{key}: {_of(truth, values)}")
            if review:
                fields.append(f"needs_review: {'yes' if truth is None else ch.pick('review', ('no', 'yes'))}")
            fields.append(f"reason: {ink.explanation(i, truth)}")
            records.append("\n".join(fields))
        body = d.dim("block_separator", ("\n\n", "\n---\n", "\n\n###\n\n")).join(records)
    if review and d.flag("review_legend"):
        body += "\n\n(needs_review marks a verdict a human should double-check; it does not change the verdict.)"
    if d.flag("record_fence"):
        body = f"```\n{body}\n```"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 10. rubric_anchor_scores

# (threshold, anchors from 5 down to 1)
_RUBRICS: dict[str, tuple[int, tuple[str, str, str, str, str]]] = {
    "stated": (4, ("Stated word for word", "Stated in other words", "Partly stated", "Related but not stated",
                   "Absent or contradicted")),
    "support": (3, ("Fully supported", "Supported with minor gaps", "Mostly supported", "Weakly supported",
                    "Not supported")),
}  # fmt: skip
_THRESHOLD_LINES = (
    "Threshold: a score of {t} or higher counts as supported.",
    "Scores of {t}+ count as supported; anything lower counts as not supported.",
    "(Per the rubric, {t} and above = supported.)",
)
_UNSCORED = ("—", "N/A", "not scored")


@HELDOUT11
def rubric_anchor_scores(ch: Chooser) -> BlindOutput:
    """A 1-5 score per statement with the rubric's anchor label echoed, the rubric and its threshold restated."""
    d = Draw(ch, "rubric_anchor_scores", max_n=MAX_N)
    threshold, anchors = _RUBRICS[d.dim("rubric", tuple(_RUBRICS))]
    threshold_line = d.dim("threshold_line", _THRESHOLD_LINES).format(t=threshold)
    echo_rubric = d.flag("rubric_echo")
    form = d.dim("rubric_form", ("table", "{k}. {v} ({a})", "**Statement {k}** — Score {v} · {a}"))
    meets = form == "table" and d.flag("meets_column")
    unscored = d.dim("unscored", _UNSCORED)
    ink = d.use_ink(("yes_no",))
    rows = []
    for i, statement, truth in d.items():
        if truth is None:
            score, anchor = unscored, "context ambiguous, cannot score"
        else:
            score = str(ch.pick("score", tuple(range(threshold, 6)) if truth else tuple(range(1, threshold))))
            anchor = anchors[5 - int(score)]
        if form == "table":
            cells = [str(i + 1), statement, score, anchor]
            if meets:
                cells.append(_of(truth, ("Yes", "No", "—")))
            rows.append("| " + " | ".join(cells) + " |")
        else:
            shown = score if truth is None else f"{score}/5"
            rows.append(form.format(k=i + 1, v=shown, a=anchor) + f" — {ink.explanation(i, truth)}")
    if form == "table":
        head = ["#", "Statement", "Score", "Rubric level"] + ([f"Meets threshold (≥{threshold})?"] if meets else [])
        rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head), *rows]
    parts = []
    if echo_rubric:
        parts.append("Rubric:\n" + "\n".join(f"{5 - j} = {a}" for j, a in enumerate(anchors)))
    parts.append(threshold_line)
    where = d.dim("rubric_position", ("before", "after"))
    parts = [*parts, "\n".join(rows)] if where == "before" else ["\n".join(rows), *parts]
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 11. binary_table_total_row

_BINARY_HEADS = (
    ("#", "Statement", "Supported (1/0)"),
    ("#", "Score"),
    ("Statement", "Verdict (1 = supported, 0 = not)"),
)


@HELDOUT11
def binary_table_total_row(ch: Chooser) -> BlindOutput:
    """A 1/0 code per statement in a table, the codes explained, and a total row (or a score row) under it."""
    d = Draw(ch, "binary_table_total_row", max_n=MAX_N)
    head = d.dim("binary_head", _BINARY_HEADS)
    unsure = d.dim("binary_unsure", ("–", "?", "n/a"))
    rows = []
    for i, statement, truth in d.items():
        code = _of(truth, ("1", "0", unsure))
        cells = {"#": str(i + 1), "Statement": statement}
        rows.append("| " + " | ".join(cells.get(c, code) for c in head) + " |")
    total = d.dim("total_row", ("total", "total_of", "score", "both"))
    s = d.supported
    ratio = f"{s / d.n:.2f}"
    extra: list[tuple[str, str]] = []
    if total in ("total", "both"):
        extra.append(("**Total**", f"**{s}**"))
    if total == "total_of":
        extra.append(("Total supported", f"{s} / {d.n}"))
    if total in ("score", "both"):
        extra.append(("Faithfulness score", ratio))
    for label, value in extra:
        row = [label if k == 0 else value if k == len(head) - 1 else "" for k in range(len(head))]
        rows.append("| " + " | ".join(row) + " |")
    table = "\n".join(["| " + " | ".join(head) + " |", "|" + "---|" * len(head), *rows])
    legend = ""
    if head[-1] != "Verdict (1 = supported, 0 = not)" or d.flag("binary_legend_anyway"):
        legend = "1 = supported by the context, 0 = not supported"
    if None in d.truth:
        legend += (", " if legend else "") + f"{unsure} = cannot tell from the context"
    if legend:
        legend = d.dim("binary_legend_form", ("Legend: {L}.", "({L})", "Codes: {L}.")).format(L=legend)
        where = d.dim("binary_legend_position", ("before", "after"))
        table = f"{legend}\n\n{table}" if where == "before" else f"{table}\n\n{legend}"
    return d.done(d.frame(table, tally=False))


# ----------------------------------------------------------------- 12. atomic_fact_breakdown

_FACT_MARKS: dict[str, tuple[str, str, str]] = {
    "ticks": ("✓", "✗", "?"),
    "words": ("[found]", "[not found]", "[unclear]"),
    "emoji": ("✅", "❌", "❓"),
}
_FACT_RULES = (
    "A statement counts as supported only when all of its facts are found in the context.",
    "Rule: every atomic fact must be in the context for the statement to be supported.",
)


def _facts(statement: str) -> list[str]:
    """The statement cut into one or two atomic facts, as graders word the parts."""
    words = _bare(statement).split()
    if len(words) < 6:
        return [_bare(statement)]
    cut = len(words) // 2
    return [" ".join(words[:cut]) + " …", "… " + " ".join(words[cut:])]


@HELDOUT11
def atomic_fact_breakdown(ch: Chooser) -> BlindOutput:
    """Each statement broken into atomic facts, each marked found or not (a legend), then the statement's verdict."""
    d = Draw(ch, "atomic_fact_breakdown", max_n=MAX_N)
    marks = _FACT_MARKS[d.dim("fact_marks", tuple(_FACT_MARKS))]
    ink = _clean_ink(d, ("supported", "yes_no", "true_false"), exclude=("emoji_before", "emoji_after"))
    verdict_form = d.dim("fact_verdict_form", ("→ Verdict: {v}", "Statement verdict: {v}", "**Overall: {v}**"))
    head = d.dim("fact_head", ("**Statement {k}:** {s}", "{k}. {s}", "### Statement {k}"))
    blocks = []
    for i, statement, truth in d.items():
        facts = _facts(statement)
        if truth is True:
            states: list[Truth] = [True] * len(facts)
        elif truth is False:
            failing = ch.integer("failing_fact", 0, len(facts))
            states = [k != failing and failing != len(facts) for k in range(len(facts))]
        else:
            states = [True] * len(facts)
            states[ch.integer("unclear_fact", 0, len(facts) - 1)] = None
        lines = [head.format(k=i + 1, s=statement)]
        lines += [f"- {_of(state, marks)} {fact}" for fact, state in zip(facts, states, strict=True)]
        lines.append(verdict_form.format(v=ink.token(i, truth)))
        blocks.append("\n".join(lines))
    legend = f"({marks[0]} = stated in the context, {marks[1]} = not stated"
    legend += f", {marks[2]} = unclear)" if None in d.truth else ")"
    parts = [legend, "\n\n".join(blocks)]
    if d.flag("fact_rule"):
        parts.insert(0, d.dim("fact_rule_text", _FACT_RULES))
    return d.done(d.frame("\n\n".join(parts), think=False))


# ----------------------------------------------------------------- 13. severity_labels

_SEVERITY_WORDS: dict[str, tuple[str, str, str, str]] = {
    "lower": ("none", "minor", "major", "unclear"),
    "upper": ("NONE", "MINOR", "MAJOR", "UNCLEAR"),
    "title": ("None", "Minor", "Major", "Can't tell"),
}
_SEVERITY_MAPS = (
    "Severity key: {n} = fully supported by the context; {mi} = a detail is not in the context; {ma} = the claim "
    "is absent from or contradicted by the context. {mi} and {ma} both count as not supported.",
    "({n}: supported. {mi} or {ma}: not supported — {mi} when only a detail is missing, {ma} when the claim itself "
    "is missing or contradicted.)",
)

_MINOR_REASONS = (
    "One detail of this is not in the context.",
    "The context covers the main point, but not the figure given here.",
    "Mostly matches the context; one detail is missing from it.",
)


@HELDOUT11
def severity_labels(ch: Chooser) -> BlindOutput:
    """An issue severity per statement (none / minor / major), the mapping to supported or not stated in the answer."""
    d = Draw(ch, "severity_labels", max_n=MAX_N)
    none_word, minor, major, unsure = _SEVERITY_WORDS[d.dim("severity_words", tuple(_SEVERITY_WORDS))]
    key = d.dim("severity_map", _SEVERITY_MAPS).format(n=none_word, mi=minor, ma=major)
    if None in d.truth:
        key += f" {unsure}: the context does not let me decide."
    form = d.dim("severity_form", ("{k}. Severity: {v} — {e}", "Statement {k} — {v}", "| {k} | {s} | {v} |"))
    ink = d.use_ink(("yes_no",))
    rows = []
    for i, statement, truth in d.items():
        word = none_word if truth is True else unsure if truth is None else ch.pick("severity", (minor, major))
        reason = ch.pick("minor_reason", _MINOR_REASONS) if word == minor else ink.explanation(i, truth)
        rows.append(form.format(k=i + 1, v=word, e=reason, s=statement))
    if form.startswith("|"):
        rows = ["| # | Statement | Issue severity |", "|---|---|---|", *rows]
    where = d.dim("severity_key_position", ("before", "after"))
    body = "\n".join(rows)
    body = f"{key}\n\n{body}" if where == "before" else f"{body}\n\n{key}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 14. format_filled_refusals

_FORMAT_REFUSALS = (
    "Result: NOT GRADED\nReason: I can't grade these {n} statement{pl} because the context section of the prompt is "
    "empty.",
    "I can see the worked example in your instructions, but the actual context for your statements is missing, so "
    "I can't give verdicts for them. Please add the context and I'll follow the example's format.",
    "status: refused\nreason: no context was provided, so I cannot judge the statements\nverdicts: []",
    "Score: none\n\nI'm unable to score the statements against the rubric: the context block only contains the "
    "placeholder {{{{context}}}}.",
    "Przepraszam, ale nie mogę ocenić tych stwierdzeń — brak kontekstu.\n(Sorry, I can't evaluate these statements: "
    "no context was provided.)",
    "I'm not able to fill in the SUPPORTED / TOTAL fields: there is no context to check the statements against, "
    "and guessing would make the counts meaningless.",
    "Unable to evaluate. The context you attached is in a language I can't read reliably, so I won't rate relevance, "
    "support or clarity for any of the statements.",
    "I can't complete the PASS/FAIL grading. The context appears to belong to a different document than the answer, "
    "so none of the statements can be graded fairly.",
)


@HELDOUT11
def format_filled_refusals(ch: Chooser) -> BlindOutput:
    """Refusals written inside the team's requested format (a status field, a score line, the team's language)."""
    d = Draw(ch, "format_filled_refusals", unknowns=False, max_n=MAX_N)
    text = d.dim("format_refusal", _FORMAT_REFUSALS).format(n=d.n, pl="" if d.n == 1 else "s")
    if text.startswith("status:") and d.flag("refusal_fence"):
        text = f"```yaml\n{text}\n```"
    if d.flag("refusal_apology", weight_off=2):
        text = "Sorry about this.\n\n" + text
    return d.refused(text)
