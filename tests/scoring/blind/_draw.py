"""What every blind layout shares: the statements, their truths, call 1, the verdict words and the frame of call 2.

A layout is a function ``(ch: Chooser) -> BlindOutput``. It opens a ``Draw`` (which draws
the number of statements, the statements, a truth per statement and call 1 as graders
write it, through ``render_statements_output`` of ``tests/scoring/graders.py``), asks it
for verdict words (``Draw.use_ink``: the vocabulary, casing, decoration, explanations and
annotations of graders.py's ``_Call2``, plus verdict words in other languages), renders
call 2, wraps it in a frame drawn from graders.py's dimensions and this module's own
(a ``<think>`` draft, a preface, graders.py's reasoning blocks, a count of the supported
statements that agrees with the verdicts, the legacy final line, a sign-off) and returns
``Draw.done(text)``.

The reading a person gives: supported / n, an item the grader explicitly left undecided
counting as not supported; a refusal is undetermined, cause ``refusal`` (``misread`` is
graders.py's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.graders import (
    MAX_STATEMENTS,
    Chooser,
    Forced,
    GraderOutput,
    HypothesisChooser,
    Truth,
    _Call2,
    misread,
    render_statements_output,
)

__all__ = [
    "CLASSES",
    "WRONG_NUMBER",
    "BlindOutput",
    "Draw",
    "Ink",
    "LayoutSet",
    "misread",
]

T = TypeVar("T")

CLASSES = ("undetermined", "scored_too_low", "scored_too_high", "refusal_scored", "refusal_wrong_cause")
WRONG_NUMBER = frozenset({"scored_too_low", "scored_too_high", "refusal_scored"})

# ----------------------------------------------------------------- statements

# graders.py's statements, and some of this hand's: numbers, colons, parentheses, percent
# signs, a statement that begins with "Statement", one that holds "supported".
EXTRA_STATEMENTS: tuple[str, ...] = (
    "The warranty lasts 2 years from the date of purchase.",
    "The recipe calls for 3 eggs and 200 g of flour.",
    "Section 4 of the lease covers late payments.",
    "The train to Lyon leaves at 10:45 from platform 3.",
    "Amlodipine (a calcium channel blocker) is taken once a day.",
    "Version 2.0 of the app added a dark mode.",
    "The river Loire is about 1,000 km long.",
    "The supported browsers are Chrome and Firefox.",
    "Statement balances are emailed on the first of each month.",
    "The library is closed on public holidays.",
    "Refunds are not possible for sale items.",
    "Revenue in the third quarter rose by 12% compared with the second.",
)
STATEMENTS: tuple[str, ...] = P.STATEMENTS + EXTRA_STATEMENTS

_VERDICT_OPENERS = frozenset(
    {"yes", "no", "not", "true", "false", "correct", "incorrect", "supported", "unsupported", "pass", "fail", "n/a"}
)


def leads_with_verdict_word(statement: str) -> bool:
    """Does the statement begin with a word a verdict could be (``Yes, the museum ...``)?"""
    return statement.split(maxsplit=1)[0].strip(",.:;").lower() in _VERDICT_OPENERS


# ----------------------------------------------------------------- verdict words

WORD_VOCABULARIES: tuple[str, ...] = ("yes_no", "supported", "true_false", "correct", "entailed", "pass_fail")
ALL_VOCABULARIES: tuple[str, ...] = (*WORD_VOCABULARIES, "numeric")


@dataclass(frozen=True)
class Language:
    """Verdict words and the legacy prompt's labels in a language a grader may answer in."""

    yes: str
    no: str
    header: str
    statement: str
    explanation: str
    verdict: str
    explained_yes: str
    explained_no: str
    colon: str = ": "
    stop: str = "."


LANGUAGES: dict[str, Language] = {
    "es": Language(
        "Sí", "No", "Veredicto final para cada afirmación en orden:", "Afirmación", "Explicación", "Veredicto",
        "El contexto lo indica explícitamente.", "El contexto no lo menciona.",
    ),
    "fr": Language(
        "Oui", "Non", "Verdict final pour chaque affirmation, dans l'ordre :", "Affirmation", "Explication",
        "Verdict", "Le contexte l'indique explicitement.", "Le contexte ne le mentionne pas.", colon=" : ",
    ),
    "de": Language(
        "Ja", "Nein", "Endgültiges Urteil für jede Aussage in der Reihenfolge:", "Aussage", "Erklärung", "Urteil",
        "Der Kontext sagt das ausdrücklich.", "Der Kontext erwähnt das nicht.",
    ),
    "pt": Language(
        "Sim", "Não", "Veredito final para cada afirmação, em ordem:", "Afirmação", "Explicação", "Veredito",
        "O contexto afirma isso explicitamente.", "O contexto não menciona isso.",
    ),
    "it": Language(
        "Sì", "No", "Verdetto finale per ogni affermazione, in ordine:", "Affermazione", "Spiegazione", "Verdetto",
        "Il contesto lo afferma esplicitamente.", "Il contesto non lo menziona.",
    ),
    "nl": Language(
        "Ja", "Nee", "Eindoordeel voor elke bewering, op volgorde:", "Bewering", "Uitleg", "Oordeel",
        "De context zegt dit expliciet.", "De context vermeldt dit niet.",
    ),
    "zh": Language(
        "是", "否", "按顺序给出每个陈述的最终判定：", "陈述", "解释", "判定",
        "上下文明确说明了这一点。", "上下文没有提到这一点。", colon="：", stop="。",
    ),
    "ru": Language(
        "Да", "Нет", "Окончательный вердикт для каждого утверждения по порядку:", "Утверждение", "Объяснение",
        "Вердикт", "Контекст прямо это утверждает.", "В контексте это не упоминается.",
    ),
}  # fmt: skip


def cased(word: str, casing: str) -> str:
    if casing == "lower":
        return word.lower()
    if casing == "upper":
        return word.upper()
    if casing == "title":
        return " ".join(part[:1].upper() + part[1:] for part in word.split(" "))
    return word


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def number_list(numbers: Sequence[int], *, oxford: bool = False) -> str:
    """``1``, ``1 and 3``, ``1, 3 and 4`` (``1, 3, and 4`` with ``oxford``)."""
    words = [str(k) for k in numbers]
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ("," if oxford else "") + " and " + words[-1]


class Ink:
    """Verdict words for one output: graders.py's ``_Call2`` (vocabulary, casing, decoration,
    annotation, explanations, reasoning blocks), or verdict words in another language."""

    def __init__(
        self, ch: Chooser, statements: Sequence[str], truth: Sequence[Truth], vocabularies: Sequence[str]
    ) -> None:
        name = ch.pick("vocabulary", vocabularies)
        base = name if name in P.VOCABULARIES else "yes_no"
        self.call2 = _Call2(Forced(ch, {"shape": "markers", "vocabulary": base}), statements, truth, ("markers",))
        self.call2.dims.pop("shape", None)
        self.call2.dims["vocabulary"] = name
        self.vocabulary = name
        if name in LANGUAGES:
            language = LANGUAGES[name]
            self.call2.yes = language.yes
            self.call2.items = [replace(item, no=language.no) for item in self.call2.items]

    @property
    def dims(self) -> dict[str, str]:
        return self.call2.dims

    def word(self, i: int, truth: Truth) -> str:
        return self.call2.word(i, truth)

    def yes_word(self) -> str:
        return self.call2.word(0, True)

    def no_word(self) -> str:
        return self.call2.word(0, False)

    def token(self, i: int, truth: Truth, *, annotate: bool = False) -> str:
        """The verdict decorated as drawn (``decorate`` first; none by default)."""
        return self.call2.token(i, truth, annotate=annotate)

    def decorate(self, exclude: Sequence[str] = ()) -> str:
        self.call2.draw_decoration(exclude=exclude)
        return self.call2.decoration

    def annotate(self, allowed: bool = True) -> str:
        self.call2.draw_annotation(allowed)
        return self.call2.annotation

    def explanation(self, i: int, truth: Truth) -> str:
        item = self.call2.items[i]
        return item.of(item.explanation, truth)

    def aside(self, i: int, truth: Truth) -> str:
        item = self.call2.items[i]
        return item.of(item.annotation, truth)

    def reasoning(self) -> str:
        """graders.py's explanations before the verdicts (none, with ``Verdict:`` markers, or without)."""
        return self.call2.reasoning()


# ----------------------------------------------------------------- what is drawn


@dataclass(frozen=True)
class BlindOutput(GraderOutput):
    """graders.py's ``GraderOutput`` (both calls, the truth per statement or a refusal) and its layout."""

    layout: str = ""

    @property
    def expected(self) -> float | None:
        """supported / n (an undecided item counts as not supported); None for a refusal."""
        return self.expected_score

    def describe_expected(self) -> str:
        if self.refusal:
            return "refusal (undetermined, cause refusal)"
        assert self.truth is not None
        marks = "".join("Y" if t is True else "N" if t is False else "?" for t in self.truth)
        return f"{self.expected_score:.4g} ({marks})"


# ----------------------------------------------------------------- framing phrases

PREFACES: tuple[str, ...] = (
    "Sure! Here is my evaluation of each statement.",
    "Here are my verdicts:",
    "I checked each statement against the context.",
    "Below is the assessment for each statement.",
    "Let's go through the statements one by one.",
    "Here is the analysis:",
    # graders.py's lead-ins that stand on their own line
    *(lead[:1].upper() + lead[1:] for lead in P.LEAD_INS if lead.endswith(":")),
)
SIGN_OFFS: tuple[str, ...] = (
    "Let me know if you need anything else.",
    "I hope this helps!",
    "Each statement was checked against the context only.",
    "Feel free to ask if you want more detail on any of these.",
)
# An agreeing count of the supported statements: {s} supported, {n} statements, {pl} plural s.
TALLIES: tuple[str, ...] = (
    "{s} of {n} statement{pl} {are} supported by the context.",
    "Summary: {s}/{n} supported.",
    "In total, {s} out of {n} statement{pl} {are} supported.",
    "Faithfulness: {s}/{n} statements supported.",
    "Overall, {s} of the {n} statement{pl} can be verified from the context.",
)
THINK_TAGS: dict[str, tuple[str, str]] = {
    "think": ("<think>\n", "\n</think>"),
    "thinking": ("<thinking>\n", "\n</thinking>"),
    "closing_only": ("", "\n</think>"),
}
THINK_OPENERS: tuple[str, ...] = (
    "Okay, let me check each statement against the context.",
    "Alright, I need to go through the statements one at a time.",
    "Let me look at the context first, then at each statement.",
)
# Drafts that end where the answer ends: ({k} number, {s} statement).
DRAFTS: dict[str, tuple[str, str, str]] = {
    "plain": (
        'Statement {k}: "{s}" The context says this directly, so it is supported.',
        'Statement {k}: "{s}" I cannot find this anywhere in the context, so it is not supported.',
        'Statement {k}: "{s}" The context is vague here; I cannot tell either way.',
    ),
    "self_correcting": (
        'Statement {k}, "{s}" Hmm, is that really in there? Let me re-read... yes, it is stated, so supported.',
        'Statement {k}, "{s}" At first this looks supported, but wait, the context never actually says it. '
        "So not supported.",
        'Statement {k}, "{s}" I first thought it was stated, but the wording is ambiguous. I cannot tell.',
    ),
    "terse": (
        "{k}: stated in the context -> supported.",
        "{k}: not in the context -> not supported.",
        "{k}: context ambiguous -> can't tell.",
    ),
}


# ----------------------------------------------------------------- a draw


class Draw:
    """One output being drawn: its statements, truths and call 1 at once, the rest as the layout asks."""

    def __init__(
        self,
        ch: Chooser,
        layout: str,
        *,
        min_n: int = 1,
        max_n: int = MAX_STATEMENTS,
        unknowns: bool = True,
        plain_openers: bool = False,
        call1: bool = True,
    ) -> None:
        self.ch, self.layout = ch, layout
        self.dims: dict[str, str] = {"layout": layout}
        self.ink_: Ink | None = None
        count = ch.integer("n", min_n, max_n)
        pool = [s for s in STATEMENTS if not (plain_openers and leads_with_verdict_word(s))]
        self.statements = tuple(pool.pop(ch.integer("statement", 0, len(pool) - 1)) for _ in range(count))
        mode = ch.pick("unknown_mode", ("none", "some")) if unknowns and count > 1 else "none"
        options: tuple[Truth, ...] = (True, False) if mode == "none" else (True, False, None)
        drawn = [ch.pick("truth", options) for _ in range(count)]
        slot = ch.integer("slot", 0, count - 1)
        if all(t is None for t in drawn):
            drawn[slot] = False  # a person reads a score only where the grader judged something
        elif mode == "some" and None not in drawn:
            drawn[slot] = None
        self.truth: tuple[Truth, ...] = tuple(drawn)
        self.dims["n"] = str(count)
        self.dims["unknowns"] = "some" if None in self.truth else "none"
        self.call1 = ""
        if call1:
            first = render_statements_output(ch, self.statements, refusals=False)
            self.call1 = first.text
            self.dims.update({k: v for k, v in first.dimensions.items()})

    # ---- choices

    def dim(self, name: str, options: Sequence[T]) -> T:
        value = self.ch.pick(name, options)
        self.dims[name] = str(value)
        return value

    def flag(self, name: str, weight_off: int = 1) -> bool:
        """A yes/no dimension, off ``weight_off`` times as often as on."""
        return self.dim(name, ("off",) * weight_off + ("on",)) == "on"

    @property
    def n(self) -> int:
        return len(self.statements)

    def items(self) -> Iterator[tuple[int, str, Truth]]:
        """(index from 0, statement, truth) for each statement."""
        for i, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True)):
            yield i, statement, truth

    def use_ink(self, vocabularies: Sequence[str] = WORD_VOCABULARIES) -> Ink:
        self.ink_ = Ink(self.ch, self.statements, self.truth, vocabularies)
        return self.ink_

    @property
    def ink(self) -> Ink:
        if self.ink_ is None:
            raise AssertionError("the layout asked for verdict words before drawing them (use_ink)")
        return self.ink_

    @property
    def supported(self) -> int:
        return sum(1 for t in self.truth if t is True)

    # ---- frame

    def think_block(self, *, force: bool = False) -> str:
        """A reasoning model's draft before its answer; its verdicts end where the answer's do."""
        if not force and not self.flag("think", weight_off=3):
            return ""
        opening, closing = THINK_TAGS[self.dim("think_tag", tuple(THINK_TAGS))]
        drafts = DRAFTS[self.dim("think_draft", tuple(DRAFTS))]
        lines = [self.ch.pick("think_opener", THINK_OPENERS)]
        for i, statement, truth in self.items():
            text = drafts[0 if truth is True else 1 if truth is False else 2]
            lines.append(text.format(k=i + 1, s=statement))
        lines.append("Now the final answer in the requested format.")
        return opening + "\n\n".join(lines) + closing

    def tally(self) -> str:
        s, n = self.supported, self.n
        phrase = self.ch.pick("tally_phrase", TALLIES)
        return phrase.format(s=s, n=n, pl="" if n == 1 else "s", are="is" if n == 1 else "are")

    def final_line(self) -> str:
        """The legacy prompt's closing line, agreeing with the verdicts."""
        words = " ".join(self.ink.word(i, t) + "." for i, _s, t in self.items())
        return f"Final verdict for each statement in order: {words}"

    def frame(
        self,
        body: str,
        *,
        think: bool = True,
        preface: bool = True,
        reasoning: bool = False,
        tally: bool = True,
        final: bool = False,
        sign_off: bool = True,
    ) -> str:
        """``body`` with what graders write around their verdicts, each part drawn on its own."""
        head: list[str] = []
        tail: list[str] = []
        if think:
            head.append(self.think_block())
        if preface and self.flag("preface", weight_off=2):
            head.append(self.ch.pick("preface_text", PREFACES))
        if reasoning:
            head.append(self.ink.reasoning())
        where = self.dim("tally", ("none", "none", "before", "after")) if tally else "none"
        if where == "before":
            head.append(self.tally())
        if final and self.flag("final_line", weight_off=2):
            tail.append(self.final_line())
        if where == "after":
            tail.append(self.tally())
        if sign_off and self.flag("sign_off", weight_off=3):
            tail.append(self.ch.pick("sign_off_text", SIGN_OFFS))
        return "\n\n".join(part for part in (*head, body, *tail) if part)

    # ---- the result

    def _all_dims(self) -> dict[str, str]:
        dims = dict(self.dims)
        if self.ink_ is not None:
            dims.update(self.ink_.dims)
        return dims

    def done(self, text: str) -> BlindOutput:
        return BlindOutput(self.statements, self.call1, text, self.truth, False, self._all_dims(), layout=self.layout)

    def refused(self, text: str) -> BlindOutput:
        """Call 2 refused: undetermined, cause refusal, whatever call 1 said."""
        return BlindOutput(self.statements, self.call1, text, None, True, self._all_dims(), layout=self.layout)


# ----------------------------------------------------------------- sets of layouts

Layout = Callable[[Chooser], BlindOutput]


@dataclass
class LayoutSet:
    """Named layouts, drawn uniformly; register one with ``@SET`` on a function named as the layout."""

    name: str
    layouts: dict[str, Layout] = field(default_factory=dict)

    def __call__(self, function: Layout) -> Layout:
        if function.__name__ in self.layouts:
            raise ValueError(f"layout {function.__name__} registered twice in {self.name}")
        self.layouts[function.__name__] = function
        return function

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.layouts)

    def draw(self, ch: Chooser, layout: str | None = None) -> BlindOutput:
        """One output: of ``layout``, or of a layout chosen uniformly."""
        name = layout if layout is not None else ch.pick("layout", self.names)
        output = self.layouts[name](ch)
        if output.layout != name:
            raise AssertionError(f"layout function {name} drew an output named {output.layout}")
        return output

    def strategy(self, layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
        """Hypothesis strategy of this set's outputs (of one ``layout`` when given)."""

        @st.composite
        def outputs(draw: st.DrawFn) -> BlindOutput:
            return self.draw(HypothesisChooser(draw), layout)

        return outputs()
