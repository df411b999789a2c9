"""A NINETEENTH HELD-OUT set of blind layouts: statements judged in parts, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout19``); do not read it while
developing the reader. Written from how careful graders (GPT-4o, GPT-4o-mini, Claude, Gemini,
Llama 3 70B, Qwen 2.5, Mistral, and small local models imitating them) answer call 2 when a
statement holds more than one fact ("The company was founded in 1998 in Seattle."): they
decompose it into sub-claims or aspects before giving the statement its verdict. The layouts:
lettered parts with their own verdicts and an "Overall" line, nested sub-bullets under each
statement, an aspect grid (entity / date / number / relation) with a final column, an "all
parts must hold" rule stated and applied in words, compound statements flagged among simple
ones, sub-claims numbered 2.1 / 2.2, a three-level rating (fully / partially / not supported)
mapped to the binary verdict by a stated rule, statements re-split into atomic claims C1..Cm
and judged per ORIGINAL statement at the end, part verdicts listed before the statement
verdicts and statement verdicts before a part-by-part breakdown, nested JSON with a
``subclaims`` list inside each statement's object, one-liners counting the parts that hold,
prose that walks the claims to a conclusion, the verdict first with the parts as its reason,
a markdown section per part, and refusals that begin to split the statements but judge none.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, the legacy final line, a sign-off),
over this set's own compound statements (each with its parts: an aspect, a short phrase and a
stand-alone claim), alone or mixed with ``_draw``'s single-claim statements. A part's state
follows its statement's truth: a supported statement has every part supported; an
unsupported one has at least one unsupported part; an undecided one has at least one part
the grader cannot check and none it rejects (except where a three-level rating is mapped by a
stated lenient rule: then a "partially supported" statement is mapped to Yes in words).
Only outputs a careful person reads without doubt are drawn: every statement receives ONE
verdict of its own, explicitly labelled as the statement's (overall, as a whole, statement
verdict, final column, per original statement), never left for the reader to infer from its
parts; an undecided statement is said to be undecided as a whole.

    HELDOUT19.draw(RandomChooser(random.Random(7)))       # one output, layout chosen uniformly
    heldout19_outputs(layout="aspect_grid_table")         # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    STATEMENTS,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    leads_with_verdict_word,
    number_list,
)
from tests.scoring.graders import Chooser, Truth, render_statements_output

HELDOUT19 = LayoutSet("heldout19")
T = TypeVar("T")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout19_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the nineteenth held-out set (one layout when named)."""
    return HELDOUT19.strategy(layout)


def _of(truth: Truth, options: tuple[T, T, T]) -> T:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks or a sentence."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


NUMBER_WORDS = ("no", "one", "two", "three", "four")
ORDINALS = ("first", "second", "third", "fourth")
LETTERS = ("a", "b", "c", "d")
ROMAN = ("i", "ii", "iii", "iv")


# ----------------------------------------------------------------- this set's statements

ASPECTS = ("entity", "date", "number", "relation")


@dataclass(frozen=True)
class Part:
    """One sub-claim of a statement: its aspect, the short phrase graders quote, the claim on its own."""

    aspect: str
    short: str
    claim: str


@dataclass(frozen=True)
class Compound:
    """A statement and the parts a grader splits it into (one part: a single claim, not split)."""

    text: str
    parts: tuple[Part, ...]

    @property
    def single(self) -> bool:
        return len(self.parts) == 1


def _c(text: str, *parts: tuple[str, str, str]) -> Compound:
    return Compound(text, tuple(Part(*part) for part in parts))


COMPOUNDS: tuple[Compound, ...] = (
    _c("The company was founded in 1998 in Seattle.",
       ("date", "founded in 1998", "The company was founded in 1998."),
       ("entity", "in Seattle", "The company was founded in Seattle.")),
    _c("Marie Curie won two Nobel Prizes, in physics and in chemistry.",
       ("number", "two Nobel Prizes", "Marie Curie won two Nobel Prizes."),
       ("relation", "in physics and in chemistry", "Marie Curie's prizes were in physics and in chemistry.")),
    _c("The Eiffel Tower was completed in 1889 and is 330 metres tall.",
       ("date", "completed in 1889", "The Eiffel Tower was completed in 1889."),
       ("number", "330 metres tall", "The Eiffel Tower is 330 metres tall.")),
    _c("Albert Einstein was born in Ulm on 14 March 1879.",
       ("entity", "born in Ulm", "Albert Einstein was born in Ulm."),
       ("date", "born on 14 March 1879", "Albert Einstein was born on 14 March 1879.")),
    _c("Python 3.12 was released in October 2023 and removed the distutils package.",
       ("date", "released in October 2023", "Python 3.12 was released in October 2023."),
       ("relation", "removed distutils", "Python 3.12 removed the distutils package.")),
    _c("The first Super Bowl was played on January 15, 1967, in Los Angeles.",
       ("date", "played on January 15, 1967", "The first Super Bowl was played on January 15, 1967."),
       ("entity", "in Los Angeles", "The first Super Bowl was played in Los Angeles.")),
    _c("Ibuprofen is an anti-inflammatory drug that should be taken with food.",
       ("entity", "an anti-inflammatory drug", "Ibuprofen is an anti-inflammatory drug."),
       ("relation", "taken with food", "Ibuprofen should be taken with food.")),
    _c("The adjuster approved a payment of $12,500 on 3 March 2023.",
       ("number", "a payment of $12,500", "The adjuster approved a payment of $12,500."),
       ("date", "approved on 3 March 2023", "The payment was approved on 3 March 2023.")),
    _c("The Amazon, the largest rainforest in the world, spans nine countries.",
       ("relation", "the largest rainforest in the world", "The Amazon is the largest rainforest in the world."),
       ("number", "spans nine countries", "The Amazon spans nine countries.")),
    _c("Standard shipping is handled by DHL and takes three to five business days.",
       ("entity", "handled by DHL", "Standard shipping is handled by DHL."),
       ("number", "three to five business days", "Standard shipping takes three to five business days.")),
    _c("The WHO report, published in 2021, covered 194 countries.",
       ("entity", "a WHO report", "The report was published by the WHO."),
       ("date", "published in 2021", "The report was published in 2021."),
       ("number", "covered 194 countries", "The report covered 194 countries.")),
    _c("Dr. Lena Ortiz led the trial, which enrolled 1,200 patients in 2019.",
       ("entity", "led by Dr. Lena Ortiz", "Dr. Lena Ortiz led the trial."),
       ("number", "1,200 patients", "The trial enrolled 1,200 patients."),
       ("date", "enrolled in 2019", "The trial enrolled its patients in 2019.")),
    _c("The Golden Gate Bridge opened in 1937 and was designed by Joseph Strauss.",
       ("date", "opened in 1937", "The Golden Gate Bridge opened in 1937."),
       ("entity", "designed by Joseph Strauss", "The Golden Gate Bridge was designed by Joseph Strauss.")),
    _c("The museum is open Tuesday to Sunday and charges 12 euros for adults.",
       ("date", "open Tuesday to Sunday", "The museum is open Tuesday to Sunday."),
       ("number", "12 euros for adults", "The museum charges 12 euros for adults.")),
    _c("The merger was announced in May and approved by the European Commission.",
       ("date", "announced in May", "The merger was announced in May."),
       ("relation", "approved by the European Commission", "The European Commission approved the merger.")),
    _c("Acme's revenue grew 8% in 2022 because of its cloud division.",
       ("number", "grew 8%", "Acme's revenue grew 8%."),
       ("date", "in 2022", "The growth was in 2022."),
       ("relation", "because of the cloud division", "The growth came from Acme's cloud division.")),
    _c("The vaccine is approved for adults over 65 and is given in two doses.",
       ("relation", "approved for adults over 65", "The vaccine is approved for adults over 65."),
       ("number", "two doses", "The vaccine is given in two doses.")),
    _c("Mount Everest, on the border of Nepal and China, is 8,849 metres high.",
       ("entity", "on the Nepal–China border", "Mount Everest is on the border of Nepal and China."),
       ("number", "8,849 metres high", "Mount Everest is 8,849 metres high.")),
    _c("The Carnegie library in Dunmore opened in 1902 and holds 40,000 books.",
       ("date", "opened in 1902", "The Carnegie library in Dunmore opened in 1902."),
       ("number", "40,000 books", "The Carnegie library in Dunmore holds 40,000 books.")),
    _c("The home policy, sold by Harbor Mutual, covers flood damage.",
       ("entity", "sold by Harbor Mutual", "The home policy is sold by Harbor Mutual."),
       ("relation", "covers flood damage", "The home policy covers flood damage.")),
    _c("Maria Santos became CEO in 2015 after twelve years at Google.",
       ("relation", "became CEO", "Maria Santos became CEO."),
       ("date", "in 2015", "Maria Santos became CEO in 2015."),
       ("number", "twelve years at Google", "Maria Santos spent twelve years at Google.")),
    _c("The 10:45 train from Lyon reaches Paris in two hours.",
       ("date", "leaves at 10:45", "The train leaves Lyon at 10:45."),
       ("entity", "from Lyon to Paris", "The train runs from Lyon to Paris."),
       ("number", "two hours", "The journey takes two hours.")),
    _c("Amlodipine is a calcium channel blocker taken once a day.",
       ("entity", "a calcium channel blocker", "Amlodipine is a calcium channel blocker."),
       ("number", "once a day", "Amlodipine is taken once a day.")),
    _c("The Treaty of Lisbon was signed in 2007 by 27 member states.",
       ("date", "signed in 2007", "The Treaty of Lisbon was signed in 2007."),
       ("number", "27 member states", "The Treaty of Lisbon was signed by 27 member states.")),
    _c("Lake Baikal, in Siberia, is the deepest lake in the world.",
       ("entity", "in Siberia", "Lake Baikal is in Siberia."),
       ("relation", "the deepest lake in the world", "Lake Baikal is the deepest lake in the world.")),
    _c("The Great Fire of London began in a bakery on Pudding Lane in 1666.",
       ("entity", "in a bakery on Pudding Lane", "The Great Fire of London began in a bakery on Pudding Lane."),
       ("date", "in 1666", "The Great Fire of London began in 1666.")),
)  # fmt: skip
COMPOUND_TEXTS = frozenset(compound.text for compound in COMPOUNDS)
SIMPLE_STATEMENTS: tuple[str, ...] = tuple(
    s for s in STATEMENTS if s not in COMPOUND_TEXTS and not leads_with_verdict_word(s)
)
for _compound in COMPOUNDS:
    _aspects = [part.aspect for part in _compound.parts]
    if len(set(_aspects)) != len(_aspects) or not set(_aspects) <= set(ASPECTS):
        raise AssertionError(f"{_compound.text}: each part needs its own aspect")


def _single(statement: str) -> Compound:
    return Compound(statement, (Part("relation", _bare(statement), statement),))


def _part_states(ch: Chooser, count: int, truth: Truth) -> tuple[Truth, ...]:
    """The parts' states under "all parts must hold": all supported, at least one not, or one open and none rejected."""
    if truth is True:
        return (True,) * count
    if count == 1:
        return (truth,)
    if truth is False:
        states: list[Truth] = [ch.pick("part_no", (True, False)) for _ in range(count)]
        if False not in states:
            states[ch.integer("failing_part", 0, count - 1)] = False
        return tuple(states)
    states = [ch.pick("part_open", (True, None)) for _ in range(count)]
    if None not in states:
        states[ch.integer("open_part", 0, count - 1)] = None
    return tuple(states)


class PartsDraw(Draw):
    """``Draw`` over this set's compound statements (alone, or mixed with single claims) and their parts' states."""

    def __init__(self, ch: Chooser, layout: str, *, pool: str = "either", unknowns: bool = True) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        if pool == "either":
            pool = self.dim("statement_pool", ("compound", "compound", "mixed"))
        compounds = list(COMPOUNDS)
        simple = list(SIMPLE_STATEMENTS)
        chosen: list[Compound] = []
        for _ in range(self.n):
            kind = ch.pick("statement_kind", ("compound", "compound", "single")) if pool == "mixed" else "compound"
            if kind == "compound":
                chosen.append(compounds.pop(ch.integer("compound_statement", 0, len(compounds) - 1)))
            else:
                chosen.append(_single(simple.pop(ch.integer("single_statement", 0, len(simple) - 1))))
        if all(c.single for c in chosen):
            chosen[ch.integer("compound_slot", 0, self.n - 1)] = compounds.pop(
                ch.integer("compound_statement", 0, len(compounds) - 1)
            )
        self.compounds: tuple[Compound, ...] = tuple(chosen)
        self.statements = tuple(c.text for c in chosen)
        self.states: tuple[tuple[Truth, ...], ...] = tuple(
            _part_states(ch, len(c.parts), t) for c, t in zip(chosen, self.truth, strict=True)
        )
        first = render_statements_output(ch, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)

    def parts(self, i: int) -> list[tuple[int, Part, Truth]]:
        """(index from 0, part, state) for each part of statement ``i``."""
        return [
            (j, part, state)
            for j, (part, state) in enumerate(zip(self.compounds[i].parts, self.states[i], strict=True))
        ]


def _ink(d: Draw, vocabularies: Sequence[str] = WORD_VOCABULARIES, exclude: Sequence[str] = ()) -> Ink:
    """Verdict words decorated only in ways that read the same after a label or in a cell."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket", *exclude))
    return ink


# A part's own mark: (supported, not supported, cannot be checked).
PART_MARKS: dict[str, tuple[str, str, str]] = {
    "supported": ("supported", "not supported", "unclear"),
    "yes_no": ("yes", "no", "unclear"),
    "holds": ("holds", "does not hold", "can't tell"),
    "ticks": ("✓", "✗", "?"),
    "emoji": ("✅", "❌", "❓"),
    "found": ("found in the context", "not found in the context", "cannot be checked"),
    "caps": ("SUPPORTED", "NOT SUPPORTED", "UNCLEAR"),
}
PART_REASONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("the context states this", "the context gives the same detail", "stated in the context",
     "the context says exactly this"),
    ("the context does not mention this", "the context gives a different detail", "nothing in the context about this",
     "the context says otherwise"),
    ("the context is vague on this", "the context only hints at this", "the context does not settle this"),
)  # fmt: skip


def _reason(ch: Chooser, state: Truth) -> str:
    return ch.pick("part_reason", _of(state, PART_REASONS))


# ----------------------------------------------------------------- 1. lettered_part_walkthrough

_LETTER_FORMS = ("({l})", "{l}.", "{l})", "({r})")
_WALK_HEADS = ('**Statement {k}:** "{s}"', "Statement {k}: {s}", "{k}. {s}", 'Statement {k} — "{b}"')
_WALK_INTROS = (
    "This statement has {w} parts:",
    "It makes {w} claims:",
    "Breaking it into its {w} parts:",
    "Compound statement ({w} parts):",
)
_WALK_OVERALL = (
    "Overall: {v}",
    "Overall verdict: {v}",
    "Verdict for statement {k} as a whole: {v}",
    "→ Statement {k} overall: {v}",
    "Whole statement: {v}",
)
_SINGLE_NOTES = ("Single claim, nothing to split: {r}.", "One claim only ({r}).", "Not compound; {r}.")


@HELDOUT19
def lettered_part_walkthrough(ch: Chooser) -> BlindOutput:
    """GPT-4o's careful walk-through: "Statement 2 has two parts: (a) ... — supported; (b) ... — not supported.
    Overall: Not supported", the parts lettered on their own lines or run in with semicolons."""
    d = PartsDraw(ch, "lettered_part_walkthrough")
    ink = d.use_ink()
    letter = d.dim("letter_form", _LETTER_FORMS)
    head = d.dim("walk_head", _WALK_HEADS)
    intro = d.dim("walk_intro", _WALK_INTROS)
    overall = d.dim("walk_overall", _WALK_OVERALL)
    marks = PART_MARKS[d.dim("part_marks", ("supported", "holds", "ticks", "found"))]
    join = d.dim("part_join", ("lines", "semicolons"))
    reasons = d.flag("part_reasons")
    blocks = []
    for i, statement, truth in d.items():
        lines = [head.format(k=i + 1, s=statement, b=_bare(statement))]
        if d.compounds[i].single:
            lines.append(ch.pick("single_note", _SINGLE_NOTES).format(r=_reason(ch, d.states[i][0])))
        else:
            pieces = []
            for j, part, state in d.parts(i):
                label = letter.format(l=LETTERS[j], r=ROMAN[j])
                piece = f"{label} {part.short} — {_of(state, marks)}"
                if reasons:
                    piece += f" ({_reason(ch, state)})"
                pieces.append(piece)
            words = intro.format(w=NUMBER_WORDS[len(pieces)])
            lines.append(f"{words}\n" + "\n".join(pieces) if join == "lines" else f"{words} " + "; ".join(pieces) + ".")
        lines.append(overall.format(k=i + 1, v=ink.token(i, truth)))
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 2. nested_part_bullets

_TOP_FORMS = ("- **Statement {k}:** {s}", "* Statement {k}: {s}", "{k}. {s}", "{k}. **{s}**")
_INDENTS = ("  ", "    ", "   ")
_SUB_BULLETS = ("-", "*", "+", "◦")
_PART_LABELS = ("*{p}*", '"{p}"', "Part {j} ({p})", "{p}")
_NESTED_VERDICTS = (
    "**Overall verdict: {v}**",
    "Verdict for statement {k}: {v}",
    "Statement verdict → {v}",
    "**Overall:** {v}",
)


@HELDOUT19
def nested_part_bullets(ch: Chooser) -> BlindOutput:
    """Claude's markdown: each statement a bullet, its parts nested sub-bullets with their own marks, the
    statement's verdict the last sub-bullet, a line under the sub-bullets, or in the statement's own bullet."""
    d = PartsDraw(ch, "nested_part_bullets")
    ink = d.use_ink()
    top = d.dim("top_form", _TOP_FORMS)
    indent = d.dim("indent", _INDENTS)
    sub = d.dim("sub_bullet", _SUB_BULLETS)
    label = d.dim("nested_part_label", _PART_LABELS)
    verdict = d.dim("nested_verdict", _NESTED_VERDICTS)
    place = d.dim("nested_verdict_place", ("last_sub_bullet", "last_sub_bullet", "in_top_bullet"))
    marks = PART_MARKS[d.dim("part_marks", ("supported", "emoji", "ticks", "yes_no"))]
    reasons = d.flag("part_reasons")
    blocks = []
    for i, statement, truth in d.items():
        word = ink.token(i, truth)
        first = top.format(k=i + 1, s=statement)
        if place == "in_top_bullet":
            first += f" — overall: {word}"
        lines = [first]
        for j, part, state in d.parts(i):
            mark = _of(state, marks)
            name = "single claim" if d.compounds[i].single else label.format(p=part.short, j=j + 1)
            line = f"{indent}{sub} {name}: {mark}"
            if reasons:
                line += f" — {_reason(ch, state)}"
            lines.append(line)
        if place == "last_sub_bullet":
            lines.append(f"{indent}{sub} {verdict.format(k=i + 1, v=word)}")
        blocks.append("\n".join(lines))
    return d.done(d.frame(("\n" if d.flag("nested_tight") else "\n\n").join(blocks)))


# ----------------------------------------------------------------- 3. aspect_grid_table

_ASPECT_TITLES: dict[str, tuple[str, str, str, str]] = {
    "plain": ("Entity", "Date/time", "Number", "Relation"),
    "questions": ("Who/what", "When", "How many/much", "Link"),
    "caps": ("ENTITY", "DATE", "NUMBER", "RELATION"),
}
# (supported, not supported, cannot be checked, no such aspect in the statement)
_CELL_MARKS: dict[str, tuple[str, str, str, str]] = {
    "ticks": ("✓", "✗", "?", "—"),
    "emoji": ("✅", "❌", "❓", "n/a"),
    "words": ("match", "mismatch", "unclear", "–"),
}
_FINAL_TITLES = ("Final", "Overall", "Statement verdict", "Verdict (whole statement)")
_GRID_LEGENDS = (
    "Legend: {y} = the context confirms this aspect, {n} = the context does not support it, {u} = unclear, "
    "{x} = the statement has no such aspect.",
    "({y} supported / {n} not supported / {u} cannot be checked / {x} not applicable)",
)
_GRID_RULES = (
    "A statement is supported only if every aspect it mentions checks out.",
    "The final column is the verdict for the whole statement: one failing aspect makes it unsupported.",
)


@HELDOUT19
def aspect_grid_table(ch: Chooser) -> BlindOutput:
    """Gemini's and GPT-4o's aspect grid: a column per aspect (entity / date / number / relation) with a check
    per cell, a legend, and a final column holding the statement's verdict."""
    d = PartsDraw(ch, "aspect_grid_table", pool="compound")
    ink = _ink(d, ("yes_no", "supported", "true_false", "pass_fail"), exclude=("emoji_before", "emoji_after"))
    titles = _ASPECT_TITLES[d.dim("aspect_titles", tuple(_ASPECT_TITLES))]
    cells = _CELL_MARKS[d.dim("cell_marks", tuple(_CELL_MARKS))]
    final = d.dim("final_title", _FINAL_TITLES)
    final_place = d.dim("final_place", ("last", "last", "after_statement"))
    numbered = d.flag("grid_numbered")
    names = (["#"] if numbered else []) + ["Statement"]
    names += [final, *titles] if final_place == "after_statement" else [*titles, final]
    rows = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
    for i, statement, truth in d.items():
        by_aspect = {part.aspect: state for _j, part, state in d.parts(i)}
        row = {"#": str(i + 1), "Statement": statement, final: ink.token(i, truth)}
        for aspect, title in zip(ASPECTS, titles, strict=True):
            row[title] = cells[3] if aspect not in by_aspect else _of(by_aspect[aspect], (cells[0], cells[1], cells[2]))
        rows.append("| " + " | ".join(row[name] for name in names) + " |")
    legend = d.dim("grid_legend", _GRID_LEGENDS).format(y=cells[0], n=cells[1], u=cells[2], x=cells[3])
    parts = (
        [legend, "\n".join(rows)]
        if d.dim("legend_place", ("before", "after")) == "before"
        else ["\n".join(rows), legend]
    )
    if d.flag("grid_rule"):
        parts.append(d.dim("grid_rule_text", _GRID_RULES))
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 4. all_parts_rule_applied

_RULES = (
    "Rule: a statement counts as supported only if every part of it is supported by the context.",
    "I split each statement into its parts. A statement is supported only when all of its parts are; one "
    "unsupported part makes the whole statement unsupported, and a part I cannot check leaves it undecided.",
    "All parts must hold: if any part is missing from or contradicted by the context, the statement is not supported.",
)
_APPLY_YES = (
    "{All} supported, so statement {k} is supported.",
    "Every part holds, therefore statement {k} as a whole is supported.",
)
_APPLY_NO = (
    "{P} {are} not supported, so statement {k} is not supported.",
    "Since {p} {fails}, statement {k} as a whole is not supported.",
)
_APPLY_OPEN = (
    "{P} cannot be checked and no part is contradicted, so I leave statement {k} undecided.",
    "Since {p} cannot be verified either way, I cannot decide statement {k} as a whole.",
)
_APPLY_SINGLE = (
    "Statement {k} is a single claim; {r}, so it is {state}.",
    "Only one claim in statement {k}: {r}. It is {state}.",
)
_PART_LINE = ("Part {j} — {p}: {m}.", "- {p}: {m}", "  {j}) {p} → {m}")


def _parts_named(numbers: list[int], capital: bool) -> str:
    word = ("Part " if len(numbers) == 1 else "Parts ") if capital else ("part " if len(numbers) == 1 else "parts ")
    return word + number_list(numbers)


@HELDOUT19
def all_parts_rule_applied(ch: Chooser) -> BlindOutput:
    """Llama 3 70B stating its "all parts must hold" rule up front, then per statement the parts, a sentence
    applying the rule in words, and the statement's "Verdict:" line."""
    d = PartsDraw(ch, "all_parts_rule_applied")
    ink = _ink(d)
    rule = d.dim("parts_rule", _RULES)
    part_line = d.dim("parts_line", _PART_LINE)
    marks = PART_MARKS[d.dim("part_marks", ("supported", "yes_no", "caps"))]
    verdict_label = d.dim("rule_verdict_label", ("Verdict: {v}", "**Verdict:** {v}", "Verdict for statement {k}: {v}"))
    blocks = []
    for i, statement, truth in d.items():
        lines = [f"Statement {i + 1}: {statement}"]
        states = d.states[i]
        if d.compounds[i].single:
            state = _of(truth, ("supported", "not supported", "undecided"))
            lines.append(ch.pick("apply_single", _APPLY_SINGLE).format(k=i + 1, r=_reason(ch, states[0]), state=state))
        else:
            for j, part, s in d.parts(i):
                lines.append(part_line.format(j=j + 1, p=part.short, m=_of(s, marks)))
            if truth is True:
                all_ = "Both parts are" if len(states) == 2 else f"All {NUMBER_WORDS[len(states)]} parts are"
                applied = ch.pick("apply_yes", _APPLY_YES).format(All=all_, k=i + 1)
            else:
                which = [j + 1 for j, s in enumerate(states) if s is truth]
                one = len(which) == 1
                forms = _APPLY_NO if truth is False else _APPLY_OPEN
                applied = ch.pick("apply_no" if truth is False else "apply_open", forms).format(
                    P=_parts_named(which, True),
                    p=_parts_named(which, False),
                    are="is" if one else "are",
                    fails="fails" if one else "fail",
                    k=i + 1,
                )
            lines.append(applied)
        lines.append(verdict_label.format(k=i + 1, v=ink.token(i, truth)))
        blocks.append("\n".join(lines))
    return d.done(d.frame(f"{rule}\n\n" + "\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 5. compound_statement_notes

_NOTE_LINES = ("{k}. {v}", "Statement {k}: {v}", "{k}) {v}")
_COMPOUND_INTROS = (
    "{S} {are} compound (each joins {several} claims); I checked every claim, and a compound statement is "
    "supported only if all of its claims are.",
    "Note: {s} {are} compound. For {them} I judged each claim separately before giving the statement its verdict.",
)


@HELDOUT19
def compound_statement_notes(ch: Chooser) -> BlindOutput:
    """Qwen 2.5 flagging the compound statements among simple ones: a verdict per statement, the compound
    ones with a note on their claims, inline after the verdict or in notes under the list."""
    d = PartsDraw(ch, "compound_statement_notes", pool="mixed")
    ink = _ink(d)
    form = d.dim("note_line", _NOTE_LINES)
    where = d.dim("note_place", ("inline", "notes_after"))
    marks = PART_MARKS[d.dim("part_marks", ("supported", "ticks", "holds"))]
    quote = d.dim("claim_quote", ('"{p}"', "‘{p}’", "{p}"))
    compound = [i + 1 for i in range(d.n) if not d.compounds[i].single]
    lines, notes = [], []
    for i, _statement, truth in d.items():
        line = form.format(k=i + 1, v=ink.token(i, truth))
        if not d.compounds[i].single:
            claims = "; ".join(f"{quote.format(p=part.short)} {_of(s, marks)}" for _j, part, s in d.parts(i))
            if where == "inline":
                line += f" — compound statement: {claims}"
            else:
                whole = ink.word(i, truth)
                notes.append(f"Statement {i + 1} is compound: {claims}. As a whole: {whole}.")
        lines.append(line)
    body = "\n".join(lines)
    if notes:
        body += "\n\nNotes on the compound statements:\n" + "\n".join(notes)
    if compound and d.flag("compound_intro"):
        several = "two or more"
        s = ("statement " if len(compound) == 1 else "statements ") + number_list(compound)
        intro = d.dim("compound_intro_text", _COMPOUND_INTROS).format(
            S=_cap(s),
            s=s,
            are="is" if len(compound) == 1 else "are",
            several=several,
            them="it" if len(compound) == 1 else "those",
        )
        body = f"{intro}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. decimal_subclaim_numbers

_SUBNUMBERS = ("{k}.{j}", "{k}.{j}.", "({k}.{j})")
_DECIMAL_HEADS = ("{k}. {s}", "Statement {k}: {s}", "**{k}. {s}**")
_DECIMAL_VERDICTS = (
    "⇒ Statement {k}: {v}",
    "Statement {k} overall: {v}",
    "Result for statement {k} (whole): {v}",
    "**Statement {k} → {v}**",
)


@HELDOUT19
def decimal_subclaim_numbers(ch: Chooser) -> BlindOutput:
    """GPT-4o-mini and Mistral numbering sub-claims 2.1 / 2.2 under statement 2, each with its own verdict,
    then the statement's own labelled verdict."""
    d = PartsDraw(ch, "decimal_subclaim_numbers", pool="compound")
    ink = d.use_ink()
    sub = d.dim("subnumber", _SUBNUMBERS)
    indent = d.dim("decimal_indent", ("   ", "", "    "))
    head = d.dim("decimal_head", _DECIMAL_HEADS)
    verdict = d.dim("decimal_verdict", _DECIMAL_VERDICTS)
    same_words = d.flag("sub_same_words")
    marks = PART_MARKS[d.dim("part_marks", ("supported", "yes_no", "holds"))]
    sep = d.dim("decimal_sep", (" — ", ": ", " → "))
    blocks = []
    for i, statement, truth in d.items():
        lines = [head.format(k=i + 1, s=statement)]
        for j, part, state in d.parts(i):
            mark = ink.word(i, state) if same_words else _of(state, marks)
            lines.append(f"{indent}{sub.format(k=i + 1, j=j + 1)} {part.short}{sep}{mark}")
        lines.append(f"{indent}{verdict.format(k=i + 1, v=ink.token(i, truth))}")
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 7. partial_rating_mapped

_RATINGS: dict[str, tuple[str, str, str, str]] = {
    "fully": ("Fully supported", "Partially supported", "Not supported", "Cannot determine"),
    "caps": ("FULL", "PARTIAL", "NONE", "UNCLEAR"),
    "plain": ("Supported", "Partially supported", "Unsupported", "Unclear"),
}
_MAPPINGS: dict[str, tuple[str, ...]] = {
    "strict": (
        "Mapping to the yes/no verdict you asked for: {f} → Yes; {p} and {n} → No (every part must hold); "
        "{u} stays undecided.",
        "Binary rule: only {f} counts as Yes. {p} is mapped to No, because a statement with an unsupported part "
        "is not supported as a whole. {u} is left undecided.",
    ),
    "lenient": (
        "Mapping to the yes/no verdict you asked for: {f} and {p} → Yes (the instructions count partial support "
        "as support); {n} → No; {u} stays undecided.",
        "Binary rule, as instructed: {p} counts as Yes, like {f}; {n} is No; {u} is left undecided.",
    ),
}
_BINARY_LABELS = ("Binary verdict: {v}", "Mapped verdict: {v}", "Final (yes/no): {v}", "→ Final verdict: {v}")


@HELDOUT19
def partial_rating_mapped(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o rating each statement fully / partially / not supported from its parts, then mapping
    the rating to the yes/no verdict asked for by a rule they state, the mapped verdict written per statement."""
    d = PartsDraw(ch, "partial_rating_mapped", pool="compound")
    ink = d.use_ink(("yes_no",))
    full, partial, none_, unclear = _RATINGS[d.dim("rating_words", tuple(_RATINGS))]
    regime = d.dim("mapping_regime", ("strict", "strict", "lenient"))
    mapping = d.dim("mapping_text", _MAPPINGS[regime]).format(f=full, p=partial, n=none_, u=unclear)
    binary = d.dim("binary_label", _BINARY_LABELS)
    inline_rule = d.flag("mapping_inline")
    blocks = []
    for i, statement, truth in d.items():
        count = len(d.compounds[i].parts)
        states = list(d.states[i])
        if regime == "lenient":
            if truth is True and ch.pick("lenient_partial", (False, True)):
                states = [True] * count
                states[ch.integer("lenient_missing", 0, count - 1)] = False
            elif truth is False:
                states = [False] * count
        is_partial = True in states and False in states
        rating = _of(truth, (full, none_, unclear)) if not is_partial else partial
        why = "; ".join(
            f'"{part.short}" {_of(s, ("is in the context", "is not in the context", "cannot be checked"))}'
            for part, s in zip(d.compounds[i].parts, states, strict=True)
        )
        lines = [f"Statement {i + 1}: {statement}", f"Rating: {rating} — {why}."]
        word = binary.format(v=ink.token(i, truth))
        if inline_rule:
            word += f" ({rating} → {ink.word(i, truth)})" if truth is not None else f" ({rating} stays undecided)"
        lines.append(word)
        blocks.append("\n".join(lines))
    where = d.dim("mapping_place", ("before", "after"))
    body = "\n\n".join(blocks)
    body = f"{mapping}\n\n{body}" if where == "before" else f"{body}\n\n{mapping}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 8. resplit_atomic_claims

_CLAIM_LABELS = ("C{c}", "Claim {c}", "A{c}", "[{c}]")
_CLAIM_REFS = ("[statement {k}]", "(from statement {k})", "(S{k})")
_RESPLIT_INTROS = (
    "I first re-split the {n} statement{pl} into {m} atomic claims and checked each one against the context:",
    "Compound statements hold more than one fact, so I broke everything into {m} atomic claims:",
    "Step 1 — atomic claims ({m} in total, from {n} statement{pl}):",
)
_RESPLIT_FINALS = (
    "Verdicts per original statement:",
    "Step 2 — one verdict for each ORIGINAL statement (supported only if all of its claims are):",
    "Mapping back to the {n} statement{pl} you gave me:",
)
_RESPLIT_LINES = ("Statement {k} ({refs}): {v}", "S{k} → {v}", "{k}. {v}")


@HELDOUT19
def resplit_atomic_claims(ch: Chooser) -> BlindOutput:
    """A FActScore-style pipeline (GPT-4o) that re-splits call 1's statements into atomic claims C1..Cm, judges
    those, counts them, and then gives one verdict per ORIGINAL statement."""
    d = PartsDraw(ch, "resplit_atomic_claims")
    ink = _ink(d)
    label = d.dim("claim_label", _CLAIM_LABELS)
    ref = d.dim("claim_ref", _CLAIM_REFS)
    marks = PART_MARKS[d.dim("part_marks", ("supported", "ticks", "caps", "yes_no"))]
    finals = d.dim("resplit_final", _RESPLIT_FINALS)
    line = d.dim("resplit_line", _RESPLIT_LINES)
    legacy = d.flag("resplit_legacy_line", weight_off=2)
    claims: list[str] = []
    owners: list[list[int]] = []
    held = 0
    for i in range(d.n):
        owners.append([])
        for _j, part, state in d.parts(i):
            c = len(claims) + 1
            owners[i].append(c)
            held += state is True
            claims.append(f"{label.format(c=c)} {ref.format(k=i + 1)} {part.claim} — {_of(state, marks)}")
    m = len(claims)
    intro = d.dim("resplit_intro", _RESPLIT_INTROS).format(n=d.n, m=m, pl=_pl(d.n))
    head = [intro, "\n".join(claims)]
    if d.flag("claim_count"):
        head.append(f"{held} of {m} atomic claim{_pl(m)} {'is' if held == 1 else 'are'} supported.")
    if legacy:
        words = " ".join(ink.word(i, t) + "." for i, _s, t in d.items())
        final = f"Final verdict for each statement in order: {words}"
    else:
        rows = []
        for i, _s, truth in d.items():
            refs = ", ".join(label.format(c=c) for c in owners[i])
            rows.append(line.format(k=i + 1, refs=refs, v=ink.token(i, truth)))
        final = finals.format(n=d.n, pl=_pl(d.n)) + "\n" + "\n".join(rows)
    return d.done(d.frame("\n\n".join([*head, final])))


# ----------------------------------------------------------------- 9. subverdicts_then_statement_verdicts

_PART_HEADS = ("Part verdicts:", "Sub-claim verdicts:", "**Part-level**", "Step 1 (parts):")
_STATEMENT_HEADS = ("Statement verdicts:", "Final verdicts (whole statements):", "**Statement-level**",
                    "Step 2 (each statement as a whole):")  # fmt: skip
_PART_CODES = ("{k}{l}|: ", "{k}({l})| = ", "{k}{l}| - ")
_STATEMENT_CODES = ("Statement {k}: {v}", "{k}: {v}", "{k}. {v}")


@HELDOUT19
def subverdicts_then_statement_verdicts(ch: Chooser) -> BlindOutput:
    """Small models imitating GPT-4o's decomposition in two lists: the part verdicts first (1a, 1b, 2a ...),
    then the statement verdicts last, each list under its own heading, one item a line or run in."""
    d = PartsDraw(ch, "subverdicts_then_statement_verdicts", pool="compound")
    ink = _ink(d)
    part_head = d.dim("part_head", _PART_HEADS)
    statement_head = d.dim("statement_head", _STATEMENT_HEADS)
    code = d.dim("part_code", _PART_CODES)
    statement_code = d.dim("statement_code", _STATEMENT_CODES)
    same_words = d.flag("sub_same_words")
    marks = PART_MARKS[d.dim("part_marks", ("yes_no", "supported", "ticks"))]
    with_text = d.flag("part_text")
    run_in = d.dim("list_form", ("lines", "lines", "run_in"))
    parts = []
    for i in range(d.n):
        for j, part, state in d.parts(i):
            mark = ink.word(i, state) if same_words else _of(state, marks)
            name, sep = code.split("|")
            name = name.format(k=i + 1, l=LETTERS[j])
            item = f"{name} ({part.short}){sep}{mark}" if with_text else f"{name}{sep}{mark}"
            parts.append(item)
    statements = [statement_code.format(k=i + 1, v=ink.token(i, t)) for i, _s, t in d.items()]
    if run_in == "run_in":
        body = f"{part_head} " + "; ".join(parts) + f".\n{statement_head} " + "; ".join(statements) + "."
    else:
        body = f"{part_head}\n" + "\n".join(parts) + f"\n\n{statement_head}\n" + "\n".join(statements)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 10. statement_verdicts_then_breakdown

_BREAKDOWN_HEADS = ("Breakdown by part:", "Details (each statement's parts):", "Why — part by part:", "### Parts")
_BREAKDOWN_LINES = ("Statement {k} — {parts}.", "{k}. {parts}.", "- Statement {k}: {parts}.")


@HELDOUT19
def statement_verdicts_then_breakdown(ch: Chooser) -> BlindOutput:
    """The other way round: the statement verdicts first (the legacy final line or a numbered list), then a
    part-by-part breakdown with the parts' own yes/no marks, as GPT-4o writes when asked to "show its work"."""
    d = PartsDraw(ch, "statement_verdicts_then_breakdown", pool="compound")
    ink = d.use_ink()
    top = d.dim("top_verdicts", ("legacy_line", "numbered", "statement_lines"))
    head = d.dim("breakdown_head", _BREAKDOWN_HEADS)
    line = d.dim("breakdown_line", _BREAKDOWN_LINES)
    marks = PART_MARKS[d.dim("part_marks", ("yes_no", "supported", "emoji", "holds"))]
    quote = d.dim("breakdown_quote", ('"{p}": {m}', "{p} ({m})", "“{p}” → {m}"))
    if top == "legacy_line":
        verdicts = "Final verdict for each statement in order: " + " ".join(
            ink.word(i, t) + "." for i, _s, t in d.items()
        )
    elif top == "numbered":
        verdicts = "Verdicts:\n" + "\n".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
    else:
        verdicts = "\n".join(f"Statement {i + 1}: {ink.word(i, t)}" for i, _s, t in d.items())
    rows = []
    for i in range(d.n):
        parts = "; ".join(quote.format(p=part.short, m=_of(s, marks)) for _j, part, s in d.parts(i))
        rows.append(line.format(k=i + 1, parts=parts))
    body = f"{verdicts}\n\n{head}\n" + "\n".join(rows)
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 11. nested_json_subclaims

_JSON_KEYS: dict[str, tuple[str, str, str]] = {
    "subclaims": ("subclaims", "claim", "verdict"),
    "parts": ("parts", "text", "status"),
    "sub_claims": ("sub_claims", "sub_claim", "label"),
}
_JSON_ORDERS = ("statement_subclaims_reason_verdict", "statement_verdict_reason_subclaims",
                "statement_reason_subclaims_verdict")  # fmt: skip
_JSON_WORDS = ("supported", "not supported", "unclear")
_JSON_OPEN_REASONS = (
    "Cannot be determined: one part is not settled by the context.",
    "Undecided: the context neither confirms nor denies one of the parts.",
)


@HELDOUT19
def nested_json_subclaims(ch: Chooser) -> BlindOutput:
    """GPT-4o's JSON mode under a team's pydantic / instructor schema: each statement's object holds a list of
    sub-claims with their own verdicts, and its own top-level verdict (undecided: null or a word, with a reason)."""
    d = PartsDraw(ch, "nested_json_subclaims", pool="compound")
    ink = d.use_ink()
    group, text_key, sub_key = _JSON_KEYS[d.dim("json_sub_keys", tuple(_JSON_KEYS))]
    order = d.dim("json_field_order", _JSON_ORDERS).split("_")
    kind = d.dim("json_verdict_kind", ("int", "bool", "word"))
    top = d.dim("json_top", ("statements", "results", "bare_list"))
    indent_name = d.dim("json_indent", ("2", "none", "4"))
    wrap = d.dim("json_wrap", ("fence_json", "bare", "lead_in"))

    def value(state: Truth) -> Any:
        if kind == "word":
            return _of(state, _JSON_WORDS)
        if state is None:
            return None
        return int(state) if kind == "int" else state

    items = []
    for i, statement, truth in d.items():
        reason = ch.pick("json_open_reason", _JSON_OPEN_REASONS) if truth is None else ink.explanation(i, truth)
        fields: dict[str, Any] = {
            "statement": statement,
            "subclaims": [{text_key: part.short, sub_key: value(s)} for _j, part, s in d.parts(i)],
            "reason": reason,
            "verdict": value(truth),
        }
        items.append({(group if key == "subclaims" else key): fields[key] for key in order})
    body: Any = items if top == "bare_list" else {top: items}
    text = json.dumps(body, indent=None if indent_name == "none" else int(indent_name), ensure_ascii=False)
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"{ch.pick('json_lead', ('Here is the JSON:', 'Verdicts with sub-claims:'))}\n{text}"
    note = ""
    if d.flag("json_note"):
        note = f'"verdict" is the verdict for the whole statement; the entries under "{group}" are its parts.'
    return d.done("\n\n".join(part for part in (text, note) if part))


# ----------------------------------------------------------------- 12. parts_hold_count_lines

_COUNT_LINES = (
    "{k}. {v} — {h} of {p} parts supported{detail}",
    "Statement {k}: {v} ({h}/{p} sub-claims hold{detail})",
    "{k}) {v}; parts supported: {h} of {p}{detail}",
)


@HELDOUT19
def parts_hold_count_lines(ch: Chooser) -> BlindOutput:
    """Phi-3 and Llama 3 8B compressing the decomposition to one line per statement: the statement's verdict
    and how many of its parts hold ("No — 1 of 2 parts supported"), the parts named or not."""
    d = PartsDraw(ch, "parts_hold_count_lines", pool="compound")
    ink = _ink(d)
    form = d.dim("count_line", _COUNT_LINES)
    detail_kind = d.dim("count_detail", ("none", "aspects", "shorts"))
    marks = PART_MARKS[d.dim("part_marks", ("ticks", "emoji"))]
    lines = []
    for i, _statement, truth in d.items():
        states = d.states[i]
        held = sum(1 for s in states if s is True)
        detail = ""
        if detail_kind != "none":
            names = [part.aspect if detail_kind == "aspects" else part.short for _j, part, _s in d.parts(i)]
            listed = ", ".join(f"{name} {_of(s, marks)}" for name, s in zip(names, states, strict=True))
            detail = f"; {listed}" if form.startswith("Statement") else f" ({listed})"
        elif None in states:
            detail = f", {sum(1 for s in states if s is None)} unclear"
        lines.append(form.format(k=i + 1, v=ink.token(i, truth), h=held, p=len(states), detail=detail))
    body = "\n".join(lines)
    if d.flag("count_key"):
        body = "Each line: the statement's verdict, then how many of its parts the context supports.\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 13. weakest_link_prose

_PROSE_INTROS = ("Statement {k} makes {w} claims.", "Statement {k} combines {w} claims.",
                 "There are {w} claims in statement {k}.")  # fmt: skip
_PROSE_PARTS = (
    ('The {o}, "{p}", is supported: {r}.', 'The {o}, "{p}", is not supported: {r}.',
     'The {o}, "{p}", cannot be checked: {r}.'),
    ("Its {o} claim ({p}) holds — {r}.", "Its {o} claim ({p}) does not hold — {r}.",
     "Its {o} claim ({p}) is uncertain — {r}."),
)  # fmt: skip
_PROSE_YES = ("{All} hold, so statement {k} is supported.", "With every claim backed, statement {k} is supported.")
_PROSE_NO = (
    "Because every claim must hold, statement {k} is not supported.",
    "One failing claim is enough: statement {k} is not supported.",
)
_PROSE_OPEN = (
    "Since one claim cannot be checked and none is contradicted, I cannot say whether statement {k} is supported; "
    "I leave it undecided.",
    "So statement {k} as a whole is undecided.",
)
_PROSE_SINGLE = (
    "Statement {k} makes a single claim, and {r}, so it is supported.",
    "Statement {k} makes a single claim, and {r}, so it is not supported.",
    "Statement {k} makes a single claim, and {r}, so I leave it undecided.",
)


@HELDOUT19
def weakest_link_prose(ch: Chooser) -> BlindOutput:
    """Claude in prose: a paragraph per statement that walks its claims one by one and ends with the statement's
    verdict in a sentence (optionally a bold "Verdict:" line after it)."""
    d = PartsDraw(ch, "weakest_link_prose")
    ink = _ink(d)
    intro = d.dim("prose_intro", _PROSE_INTROS)
    parts_form = d.dim("prose_part_form", ("quoted", "bracketed"))
    label = d.flag("prose_label", weight_off=1)
    label_form = d.dim("prose_label_form", ("**Verdict: {v}**", "Verdict: {v}", "→ {v}")) if label else ""
    paragraphs = []
    for i, _statement, truth in d.items():
        states = d.states[i]
        if d.compounds[i].single:
            text = _of(truth, _PROSE_SINGLE).format(k=i + 1, r=_reason(ch, states[0]))
        else:
            sentences = [intro.format(k=i + 1, w=NUMBER_WORDS[len(states)])]
            forms = _PROSE_PARTS[0 if parts_form == "quoted" else 1]
            for j, part, s in d.parts(i):
                sentences.append(_of(s, forms).format(o=ORDINALS[j], p=part.short, r=_reason(ch, s)))
            if truth is True:
                all_ = "Both claims" if len(states) == 2 else f"All {NUMBER_WORDS[len(states)]} claims"
                end = ch.pick("prose_yes", _PROSE_YES).format(k=i + 1, All=all_)
            else:
                end = ch.pick("prose_end", _PROSE_NO if truth is False else _PROSE_OPEN).format(k=i + 1)
            sentences.append(end)
            text = " ".join(sentences)
        if label:
            text += "\n" + label_form.format(v=ink.token(i, truth))
        paragraphs.append(text)
    return d.done(d.frame("\n\n".join(paragraphs), final=True))


# ----------------------------------------------------------------- 14. verdict_then_part_reasons

_VERDICT_HEADS = ("Statement {k}: {v}.", "{k}. {v}.", "**{k}: {v}**", "Statement {k} — {v}.")
_REASON_LABELS = ("Reason: ", "Why: ", "", "Because: ")
_PART_PHRASES = ("is supported", "is not supported", "cannot be checked")


@HELDOUT19
def verdict_then_part_reasons(ch: Chooser) -> BlindOutput:
    """Gemini giving the statement's verdict first, then the parts as its reason, numbered (1), (2) inside the
    reason ("Statement 2: No. Reason: (1) 'founded in 1998' is supported, but (2) 'in Seattle' is not")."""
    d = PartsDraw(ch, "verdict_then_part_reasons")
    ink = _ink(d, exclude=("bold",))
    head = d.dim("verdict_head", _VERDICT_HEADS)
    reason_label = d.dim("reason_label", _REASON_LABELS)
    numbering = d.dim("reason_numbering", ("({j})", "{j})", "part {j}"))
    same_line = d.flag("reason_same_line")
    echo = d.flag("verdict_echo_statement", weight_off=2)
    blocks = []
    for i, statement, truth in d.items():
        first = head.format(k=i + 1, v=ink.token(i, truth))
        if d.compounds[i].single:
            reason = f"{reason_label}single claim; {_reason(ch, d.states[i][0])}."
        else:
            pieces = [
                f'{numbering.format(j=j + 1)} "{part.short}" {_of(s, _PART_PHRASES)}' for j, part, s in d.parts(i)
            ]
            reason = f"{reason_label}" + "; ".join(pieces) + "."
        reason = _cap(reason)
        lines = [first, reason] if not same_line else [f"{first} {reason}"]
        if echo:
            lines.insert(0, f'"{statement}"')
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 15. part_heading_sections

_SECTION_HEADS = ("### Statement {k}", "## Statement {k}", "**Statement {k}**")
_PART_HEADS_MD = ("#### Part {j}: {p}", "**Part {j} — {p}**", "#### {p}")
_SECTION_VERDICTS = (
    "#### Verdict for statement {k}\n{v}",
    "**Statement {k} verdict:** {v}",
    "#### Overall\nStatement {k}: {v}",
)


@HELDOUT19
def part_heading_sections(ch: Chooser) -> BlindOutput:
    """Llama 3 8B and other small models imitating GPT-4o's markdown: a section per statement, a sub-heading
    per part with its finding, and a closing sub-section holding the statement's verdict."""
    d = PartsDraw(ch, "part_heading_sections", pool="compound")
    ink = _ink(d)
    section = d.dim("section_head", _SECTION_HEADS)
    part_head = d.dim("section_part_head", _PART_HEADS_MD)
    verdict = d.dim("section_verdict", _SECTION_VERDICTS)
    quote = d.flag("section_quote")
    marks = PART_MARKS[d.dim("part_marks", ("supported", "caps", "found"))]
    sections = []
    for i, statement, truth in d.items():
        lines = [section.format(k=i + 1), f"> {statement}" if quote else statement, ""]
        for j, part, s in d.parts(i):
            lines.append(part_head.format(j=j + 1, p=part.short))
            lines.append(f"{_cap(_of(s, marks))}. {_cap(_reason(ch, s))}.")
            lines.append("")
        lines.append(verdict.format(k=i + 1, v=ink.token(i, truth)))
        sections.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(sections), final=True))


# ----------------------------------------------------------------- 16. part_by_part_refusals

_SPLIT_REFUSALS = (
    "I can split statement 1 into its parts ({parts}), but there is no context to check any of them against, "
    "so I cannot give a verdict for {any}.",
    "Statement 1 has {w} parts: {parts}. None of them{others} can be checked: the context section is empty. "
    "I can't provide verdicts.",
    "Before judging I would break {each} into sub-claims, e.g. {parts} for statement 1. Without the "
    "retrieved passages, though, no sub-claim and no statement can be assessed, so I won't guess.",
    "I'm unable to evaluate {these}. Decomposing {them} (statement 1: {parts}) doesn't help when the context is "
    "missing: there is nothing to support or contradict any part.",
    "Sub-claims identified for statement 1: {parts}. Verdicts: none — the context you sent is blank, so I cannot "
    "say whether any part, or any statement, is supported.",
)


@HELDOUT19
def part_by_part_refusals(ch: Chooser) -> BlindOutput:
    """Refusals from graders that start decomposing before noticing the context is missing: they name the
    parts of a statement, but judge none of them and no statement."""
    d = PartsDraw(ch, "part_by_part_refusals", pool="compound", unknowns=False)
    parts = d.compounds[0].parts
    style = d.dim("refusal_part_style", ("lettered", "quoted"))
    if style == "lettered":
        named = ", ".join(f"({LETTERS[j]}) {p.short}" for j, p in enumerate(parts))
    else:
        quoted = [f'"{p.short}"' for p in parts]
        named = ", ".join(quoted[:-1]) + " and " + quoted[-1]
    one = d.n == 1
    text = d.dim("split_refusal", _SPLIT_REFUSALS).format(
        parts=named,
        w=NUMBER_WORDS[len(parts)],
        any="it" if one else "any statement",
        others="" if one else ", nor the parts of the other statements,",
        these="this statement" if one else "these statements",
        them="it" if one else "them",
        each="the statement" if one else "each statement",
    )
    if d.flag("refusal_apology", weight_off=2):
        text = "I'm sorry. " + text
    if d.flag("refusal_request", weight_off=2):
        text += "\n\nPlease paste the context and I will judge each part and each statement."
    if d.flag("refusal_think", weight_off=3):
        text = "<think>\nThe context is empty; I can name the parts but cannot check them.\n</think>\n\n" + text
    return d.refused(text)
