"""A THIRTY-SIXTH HELD-OUT set of blind layouts: verdicts stated collectively, in words, by reference; written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout36``); do not read it while
developing the reader. Written from how graders (GPT-4o, GPT-4o-mini, Claude, Gemini, Llama 3,
Qwen 2.5, Mistral, DeepSeek-R1, and people writing summaries for them) answer call 2 when they do
not give one verdict per line but say in a sentence which statements hold: count words tied to
the number of statements ("Both are supported.", "Neither statement is supported.", "Two of the
three claims are supported: the first and the third."), a fact-checker's first person ("I could
verify all but the final statement."), numbers spelled out in runs ("Statements one through
three are supported, four and five are not."), Gemini's "Every claim holds apart from #4 and
#6." with a note per exception, a walk along the list by position ("The first two are supported,
the next one is not, the last two are."), claims named by their topic ("The context supports
the claims about X and Y (1, 2) but says nothing about Z (3)."), an itemised list followed by a
collective line that agrees with it, "the rest" / "the others" / "all other statements" after the
statements named, a JSON object whose only per-statement content is such a sentence, a casual
chat reply ("First one's fine, second one isn't."), an overall label with the sentence that says
which, the legacy header followed by a sentence instead of a list ("Yes for all except statement
2, which is No."), statements taken in pairs or threes ("Statements 3 and 4: neither is
supported."), a reasoning model's draft followed by a one-line answer, the same sentences in
Spanish, French and German, and refusals worded about the statements as a whole.

Each layout draws ``_draw``'s statements and call 1 (2 to 10 statements, half the draws at most 4), undecided items,
verdict words and casing where a verdict word is written, graders.py's explanations and asides,
and ``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing count where the layout allows
it, a sign-off). Only outputs a careful person reads without doubt are drawn: every sentence
names its set unambiguously for the case's number of statements ("the last" is the n-th, "the
first two" are 1 and 2, "the next one" follows what was just named, "the rest" / "the others"
is every statement not named before it in the same answer, "all but X" leaves exactly X), every
statement's verdict is determined by what is said, an elliptic "is not" follows only a clause
that said "supported", and an undecided item is always named as not determinable ("I cannot
tell whether the third holds"), never left to "the rest" of a sentence about supported ones.

    HELDOUT36.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout36_outputs(layout="verified_all_but")      # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import STATEMENTS, WORD_VOCABULARIES, BlindOutput, Draw, LayoutSet, lower_first
from tests.scoring.graders import Chooser, Truth

HELDOUT36 = LayoutSet("heldout36")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

CARDINALS: tuple[str, ...] = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
ORDINALS: tuple[str, ...] = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
)  # fmt: skip


def heldout36_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-sixth held-out set (one layout when named)."""
    return HELDOUT36.strategy(layout)


# ----------------------------------------------------------------- small helpers


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(words: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 2:
        return f" {conj} ".join(words)
    return ", ".join(words[:-1]) + f" {conj} " + words[-1]


def _be(count: int) -> str:
    return "is" if count == 1 else "are"


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def _runs(numbers: Sequence[int]) -> list[list[int]]:
    """Consecutive runs: [1, 2, 3, 5] -> [[1, 2, 3], [5]]."""
    runs: list[list[int]] = []
    for k in numbers:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


@dataclass(frozen=True)
class Split:
    """The statements (numbered from 1) by verdict: supported, not supported, undecided."""

    n: int
    yes: tuple[int, ...]
    no: tuple[int, ...]
    unk: tuple[int, ...]

    @classmethod
    def of(cls, d: Draw) -> Split:
        return cls(
            d.n,
            tuple(i + 1 for i, _s, t in d.items() if t is True),
            tuple(i + 1 for i, _s, t in d.items() if t is False),
            tuple(i + 1 for i, _s, t in d.items() if t is None),
        )

    @property
    def all_yes(self) -> bool:
        return len(self.yes) == self.n

    @property
    def all_no(self) -> bool:
        return len(self.no) == self.n

    @property
    def exceptions(self) -> tuple[int, ...]:
        """Every statement that is not supported (not supported or undecided), in order."""
        return tuple(sorted(self.no + self.unk))


def _ords(numbers: Sequence[int], n: int, last: str = "") -> str:
    """``the second``, ``the first and third``; with ``last`` the n-th is ``the last`` and every item keeps its
    article (``the first and the last``), so that "the second and last" is never read as one item."""
    words = [last if last and k == n else ORDINALS[k - 1] for k in numbers]
    if len(words) == 1:
        return f"the {words[0]}"
    if last and n in numbers:
        return _join([f"the {w}" for w in words])
    return "the " + _join(words)


def _refer(numbers: Sequence[int], n: int, style: str, noun: str = "statement", last: str = "") -> str:
    """A set of statements named in one of the ways graders name them."""
    count = len(numbers)
    if style == "hash":
        return _join([f"#{k}" for k in numbers])
    if style == "ordinals":
        return f"{_ords(numbers, n, last)} {noun}{_s(count)}"
    if style == "words":
        return f"{noun}{_s(count)} {_join([CARDINALS[k - 1] for k in numbers])}"
    if style == "number_word":
        if count == 1:
            return f"{noun} number {CARDINALS[numbers[0] - 1]}"
        return f"{noun} numbers {_join([CARDINALS[k - 1] for k in numbers])}"
    return f"{noun}{_s(count)} {_join([str(k) for k in numbers])}"


def _open(ch: Chooser, layout: str, *, unknowns: bool = True) -> Draw:
    """``Draw`` with 2 to 10 statements, half the time at most 4: graders write collective sentences mostly for
    short answers (and "both" / "neither" only exist for two)."""
    top = ch.pick("size_class", (4, MAX_N))
    d = Draw(ch, layout, min_n=2, max_n=top, unknowns=unknowns)
    d.dims["size_class"] = "short" if top == 4 else "any"
    return d


# ----------------------------------------------------------------- collective sentences (shared)
#
# Each builder draws its own wording and returns one short paragraph (one to three sentences)
# that determines every statement's verdict. Several layouts reuse them (after a list, inside
# JSON, after an overall label, after a reasoning draft).


def _count_summary(d: Draw, sp: Split) -> str:
    """Claude / GPT-4o counting: "Two of the three statements are supported: the first and the third."."""
    noun = d.dim("count_noun", ("statement", "claim"))
    sup = d.dim("count_pred", ("supported by the context", "backed by the context", "supported"))
    last = d.dim("count_last", ("", "", "last"))
    big = CARDINALS[sp.n - 1]
    if sp.all_yes:
        if sp.n == 2:
            return d.dim("count_all_two", (f"Both {noun}s are {sup}.", f"Both of the {noun}s are {sup}."))
        return d.dim("count_all", (f"All {big} {noun}s are {sup}.", f"Each of the {big} {noun}s is {sup}."))
    if sp.all_no:
        if sp.n == 2:
            return d.dim("count_none_two", (f"Neither {noun} is {sup}.", f"Neither of the two {noun}s is {sup}."))
        return d.dim("count_none", (f"None of the {big} {noun}s is {sup}.", f"Not one of the {big} {noun}s is {sup}."))
    sentences = []
    if sp.yes:
        c = len(sp.yes)
        if c == 1:
            sentences.append(f"Only one of the {big} {noun}s, {_ords(sp.yes, sp.n, last)}, is {sup}.")
        else:
            sentences.append(f"{_cap(CARDINALS[c - 1])} of the {big} {noun}s are {sup}: {_ords(sp.yes, sp.n, last)}.")
    if sp.no:
        c = len(sp.no)
        refs = _ords(sp.no, sp.n, last)
        if sp.yes:
            form = d.dim("count_no_form", ("ordinals", "count"))
            if form == "ordinals":
                sentences.append(f"{_cap(refs)} {_be(c)} not.")
            else:
                sentences.append(f"{_cap(CARDINALS[c - 1])} {_be(c)} not: {refs}.")
        else:
            sentences.append(f"{_cap(CARDINALS[c - 1])} of the {big} {noun}s {_be(c)} not {sup}: {refs}.")
    if sp.unk:
        refs = _ords(sp.unk, sp.n, last)
        sentences.append(
            d.dim(
                "count_unk",
                (
                    f"For {refs}, the context does not let me decide either way.",
                    f"I cannot decide {refs} from the context.",
                    f"{_cap(refs)} I have to leave undecided: the context is not clear enough.",
                ),
            )
        )
    return " ".join(sentences)


_VERIFY_VERBS: dict[str, tuple[str, str]] = {
    "verify": ("verify", "from the context"),
    "confirm": ("confirm", "against the context"),
    "find_support": ("find support for", "in the context"),
}


def _verified_summary(d: Draw, sp: Split) -> str:
    """A fact-checker's first person: "I could verify all but the final statement."."""
    verb, prep = _VERIFY_VERBS[d.dim("verify_verb", tuple(_VERIFY_VERBS))]
    noun = d.dim("verify_noun", ("statement", "claim"))
    last = d.dim("verify_last", ("", "last", "final"))
    runs = d.flag("verify_last_runs")  # "the last two statements" for a run that ends the list
    big = CARDINALS[sp.n - 1]

    def ref(numbers: Sequence[int]) -> str:
        count = len(numbers)
        if runs and count >= 2 and list(numbers) == list(range(sp.n - count + 1, sp.n + 1)):
            return f"the last {CARDINALS[count - 1]} {noun}s"
        return _refer(numbers, sp.n, "ordinals", noun, last)

    if sp.all_yes:
        return d.dim(
            "verify_all", (f"I could {verb} every {noun} {prep}.", f"I was able to {verb} all {big} {noun}s {prep}.")
        )
    if sp.all_no:
        return d.dim(
            "verify_none",
            (f"I could not {verb} any of the {noun}s {prep}.", f"I couldn't {verb} a single one of the {big} {noun}s "
             f"{prep}."),
        )  # fmt: skip
    undecided = d.dim(
        "verify_unk",
        ("For {r}, I can't say either way: the context is ambiguous.", "{R} I have to leave undecided; the context "
         "is too vague to settle {it}.", "I cannot tell whether {r} {holds} or not."),
    )  # fmt: skip

    def unk_sentence() -> str:
        r = ref(sp.unk)
        c = len(sp.unk)
        return undecided.format(r=r, R=_cap(r), it="it" if c == 1 else "them", holds="holds" if c == 1 else "hold")

    if not sp.yes:
        return f"I could not {verb} any of the {noun}s {prep}. {unk_sentence()}"
    sentences: list[str] = []
    if len(sp.yes) >= len(sp.exceptions):
        sentences.append(f"I could {verb} all but {ref(sp.exceptions)} {prep}.")
        if sp.unk and sp.no:
            c = len(sp.no)
            sentences.append(f"{_cap(ref(sp.no))} {_be(c)} not supported by the context.")
        elif sp.no and d.flag("verify_why"):
            c = len(sp.no)
            sentences.append(
                d.dim("verify_why_text", (f"The context does not mention {'it' if c == 1 else 'them'}.",
                                          f"The context says something different about {'it' if c == 1 else 'them'}."))
            )  # fmt: skip
    else:
        sentences.append(f"I could {verb} only {ref(sp.yes)} {prep}.")
    if sp.unk:
        sentences.append(unk_sentence())
    return " ".join(sentences)


def _word_ranges(numbers: Sequence[int], through: str) -> str:
    """``one through three, five and six``: runs of three or more as a range, the rest one by one."""
    parts: list[str] = []
    for run in _runs(numbers):
        if len(run) >= 3:
            parts.append(f"{CARDINALS[run[0] - 1]} {through} {CARDINALS[run[-1] - 1]}")
        else:
            parts.extend(CARDINALS[k - 1] for k in run)
    return _join(parts)


def _word_ranges_summary(d: Draw, sp: Split) -> str:
    """Mistral / Mixtral: "Statements one through three are supported, four and five are not."."""
    through = d.dim("ranges_through", ("through", "to"))
    order = d.dim("ranges_order", ("position", "supported_first"))
    ellipsis = d.flag("ranges_ellipsis", weight_off=1)
    joiner = d.dim("ranges_join", ("comma", "semicolon"))
    yes_pred = d.dim("ranges_yes", ("supported", "supported by the context", "backed by the context"))
    repeat = d.flag("ranges_repeat_noun", weight_off=2)
    groups: list[tuple[tuple[int, ...], Truth]] = [(sp.yes, True), (sp.no, False), (sp.unk, None)]
    groups = [(g, t) for g, t in groups if g]
    if order == "position":
        groups.sort(key=lambda group: group[0][0])
    clauses: list[str] = []
    previous: Truth | str = "start"
    for numbers, truth in groups:
        c = len(numbers)
        words = _word_ranges(numbers, through)
        noun = "statement" if c == 1 else "statements"
        if not clauses:
            subject = f"{_cap(noun)} {words}"
        else:
            # a later clause that began with a bare "one" could read as "one of them": the noun goes with it
            # ("two cannot be decided" could read as a count as well: an undecided group keeps its noun)
            subject = f"{noun} {words}" if repeat or numbers[0] == 1 or truth is None else words
        if truth is True:
            pred = f"{_be(c)} {yes_pred}"
        elif truth is False:
            pred = f"{_be(c)} not" if ellipsis and previous is True else f"{_be(c)} not {yes_pred}"
        else:
            pred = "cannot be decided from the context"
        clauses.append(f"{subject} {pred}")
        previous = truth
    if len(clauses) == 1:
        text = clauses[0]
    elif joiner == "semicolon":
        text = "; ".join(clauses)
    else:
        text = ", ".join(clauses[:-1]) + (", and " if len(clauses) > 2 else " and ") + clauses[-1]
    return text + "."


def _walk_runs(d: Draw) -> list[tuple[int, Truth]]:
    runs: list[tuple[int, Truth]] = []
    for _i, _statement, truth in d.items():
        if runs and runs[-1][1] is truth:
            runs[-1] = (runs[-1][0] + 1, truth)
        else:
            runs.append((1, truth))
    return runs


def _walk_summary(d: Draw, sp: Split) -> str:
    """Llama 3 / Qwen short answers walking the list: "The first two are supported, the next one is not, ..."."""
    noun = d.flag("walk_noun")
    nxt = d.dim("walk_next", ("next", "following"))
    end = d.dim("walk_last", ("last", "final"))
    yes_pred = d.dim("walk_yes", ("supported", "supported by the context", "backed by the context"))
    ellipsis = d.flag("walk_ellipsis", weight_off=1)
    joiner = d.dim("walk_join", ("comma", "semicolon"))
    big = CARDINALS[sp.n - 1]
    if sp.all_yes:
        return f"Both statements are {yes_pred}." if sp.n == 2 else f"All {big} statements are {yes_pred}."
    if sp.all_no:
        return f"Neither statement is {yes_pred}." if sp.n == 2 else f"None of the {big} statements is {yes_pred}."
    runs = _walk_runs(d)
    clauses: list[str] = []
    previous: Truth | str = "start"
    for index, (length, truth) in enumerate(runs):
        one = length == 1
        if index == 0:
            where = "first"
        elif index == len(runs) - 1:
            where = end
        else:
            where = nxt
        if one:
            subject = f"the {where} statement" if noun else f"the {where} one"
        else:
            subject = f"the {where} {CARDINALS[length - 1]}" + (" statements" if noun else "")
        be = "is" if one else "are"
        if truth is True:
            pred = f"{be} {yes_pred}"
        elif truth is False:
            pred = f"{be} not" if ellipsis and previous is True else f"{be} not {yes_pred}"
        else:
            pred = "cannot be decided from the context"
        clauses.append(f"{subject} {pred}")
        previous = truth
    if joiner == "semicolon":
        text = "; ".join(clauses)
    else:
        text = ", ".join(clauses[:-1]) + (", and " if len(clauses) > 2 else " and ") + clauses[-1]
    return _cap(text) + "."


_REST_YES = ("the rest are supported", "the others are supported", "all other {noun}s are supported by the context",
             "the remaining ones are supported")  # fmt: skip
_REST_NO = ("the rest are not supported", "the others are not supported by the context",
            "all other {noun}s are not supported", "the remaining ones are not supported")  # fmt: skip
_REST_UNK = ("the rest cannot be decided from the context", "for the others I cannot tell either way")
_ONE_LEFT_YES = ("the other one is supported", "the remaining {noun} is supported by the context")
_ONE_LEFT_NO = ("the other one is not supported", "the remaining {noun} is not supported by the context")
_ONE_LEFT_UNK = (
    "the remaining {noun} cannot be decided from the context",
    "for the other one I cannot tell either way",
)


def _rest_summary(d: Draw, sp: Split) -> str:
    """GPT-4o-mini / Mistral Small: the statements that stand out named, then "the rest" / "the others"."""
    style = d.dim("rest_ref", ("digits", "words", "ordinals", "hash", "number_word"))
    noun = d.dim("rest_noun", ("statement", "claim"))
    last = d.dim("rest_last", ("", "last")) if style == "ordinals" else ""
    groups: dict[str, tuple[int, ...]] = {"yes": sp.yes, "no": sp.no, "unk": sp.unk}
    filled = [g for g in ("yes", "no", "unk") if groups[g]]
    if len(filled) == 1:
        if sp.all_yes:
            return d.dim(
                "rest_all", (f"Every {noun} is supported by the context.", f"All of the {noun}s are supported.")
            )
        return d.dim(
            "rest_none",
            (f"No {noun} is supported by the context.", f"None of the {noun}s is supported by the context."),
        )
    want = d.dim("rest_default", ("largest", "yes", "no"))
    default = want if want in filled else max(filled, key=lambda g: len(groups[g]))
    clauses = []
    # the undecided clause comes last: "I cannot tell whether #2 holds, and #4 is supported" would let "whether"
    # reach over the clause after it
    for g in ("no", "yes", "unk"):
        if g == default or not groups[g]:
            continue
        numbers = groups[g]
        c = len(numbers)
        r = _refer(numbers, sp.n, style, noun, last)
        if g == "yes":
            clauses.append(f"{r} {_be(c)} supported by the context")
        elif g == "no":
            form = d.dim("rest_no_form", ("subject", "context"))
            clauses.append(f"{r} {_be(c)} not supported by the context" if form == "subject"
                           else f"the context does not support {r}")  # fmt: skip
        else:
            form = d.dim("rest_unk_form", ("tell", "decided"))
            clauses.append(f"I cannot tell whether {r} {'holds' if c == 1 else 'hold'}" if form == "tell"
                           else f"{r} cannot be decided from the context")  # fmt: skip
    left = len(groups[default])
    options: tuple[str, ...]
    if left == 1:
        options = {"yes": _ONE_LEFT_YES, "no": _ONE_LEFT_NO, "unk": _ONE_LEFT_UNK}[default]
    else:
        options = {"yes": _REST_YES, "no": _REST_NO, "unk": _REST_UNK}[default]
    rest = d.dim("rest_clause", options).format(noun=noun)
    named = _cap(", and ".join(clauses))
    if d.dim("rest_join", ("semicolon", "sentence")) == "semicolon":
        return f"{named}; {rest}."
    return f"{named}. {_cap(rest)}."


Summary = Callable[[Draw, Split], str]
SUMMARIES: dict[str, Summary] = {
    "count": _count_summary,
    "verified": _verified_summary,
    "word_ranges": _word_ranges_summary,
    "walk": _walk_summary,
    "rest": _rest_summary,
}


def _summary(d: Draw, sp: Split, kinds: Sequence[str] = tuple(SUMMARIES)) -> str:
    return SUMMARIES[d.dim("summary_kind", tuple(kinds))](d, sp)


# ----------------------------------------------------------------- 1. count_quantified_summary


@HELDOUT36
def count_quantified_summary(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet and GPT-4o asked for "a brief summary": the verdicts as counts over the statements
    ("Both are supported.", "None of the four claims is supported.", "Two of the three statements are supported:
    the first and the third. The second is not."), with a reason per statement after it or none."""
    d = _open(ch, "count_quantified_summary")
    sp = Split.of(d)
    ink = d.use_ink(("yes_no",))
    text = _count_summary(d, sp)
    reasons = d.dim("count_reasons", ("none", "none", "exceptions", "all"))
    picked = [i for i, _s, t in d.items() if reasons == "all" or (reasons == "exceptions" and t is not True)]
    if picked:
        form = d.dim("count_reason_form", ("- {O} statement: {e}", "{O}: {e}", "* The {o} — {e}"))
        lines = [form.format(O=_cap(ORDINALS[i]), o=ORDINALS[i], e=ink.explanation(i, d.truth[i])) for i in picked]
        text += "\n\n" + "\n".join(lines)
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 2. verified_all_but


@HELDOUT36
def verified_all_but(ch: Chooser) -> BlindOutput:
    """GPT-4o-mini and Llama 3.1 under a "You are a meticulous fact-checker" system prompt: the first person, what
    it could verify ("I could verify all but the final statement.", "I was able to confirm only the second and
    third claims."), each undecided one said to be undecided."""
    d = _open(ch, "verified_all_but")
    sp = Split.of(d)
    lead = d.dim("verify_lead", ("none", "I checked each statement against the context.", "Fact-check complete.",
                                 "I went through the retrieved passages line by line."))  # fmt: skip
    text = _verified_summary(d, sp)
    if lead != "none":
        text = f"{lead} {text}" if d.flag("verify_lead_inline") else f"{lead}\n\n{text}"
    return d.done(d.frame(text, preface=False, tally=False))


# ----------------------------------------------------------------- 3. spelled_number_ranges


@HELDOUT36
def spelled_number_ranges(ch: Chooser) -> BlindOutput:
    """Mistral Large and Mixtral writing numbers in words and runs as ranges ("Statements one through three are
    supported, four and five are not, and six cannot be decided from the context.")."""
    d = _open(ch, "spelled_number_ranges")
    sp = Split.of(d)
    head = d.dim("ranges_head", ("none", "Result:", "Assessment:", "**Verdict**"))
    text = _word_ranges_summary(d, sp)
    if head != "none":
        text = f"{head}\n{text}" if head.startswith("**") or d.flag("ranges_head_line") else f"{head} {text}"
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 4. apart_from_hash_notes

_HOLD_PREDICATES: dict[str, tuple[str, str, str, str]] = {
    "holds": ("holds", "hold", "does not hold", "do not hold"),
    "grounded": ("is grounded in the context", "are grounded in the context", "is not grounded in the context",
                 "are not grounded in the context"),
    "supported": ("is supported", "are supported", "is not supported", "are not supported"),
}  # fmt: skip


@HELDOUT36
def apart_from_hash_notes(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 / 2.0 in markdown: a bold summary line over the claims by ``#`` number ("Every claim holds apart
    from #4 and #6.", "Only #2 holds."), then a bullet per exception saying why (undecided ones say so)."""
    d = _open(ch, "apart_from_hash_notes")
    sp = Split.of(d)
    ink = d.use_ink(("yes_no",))
    head = d.dim("hash_head", ("**Summary:**", "**Verdict:**", "Summary:", "**Bottom line:**"))
    one, many, not_one, not_many = _HOLD_PREDICATES[d.dim("hash_pred", tuple(_HOLD_PREDICATES))]
    noun = d.dim("hash_noun", ("claim", "statement"))
    apart = d.dim("hash_apart", ("apart from", "except", "with the exception of"))
    bullet = d.dim("hash_bullet", ("- ", "* "))
    bold = d.flag("hash_bold")
    dash = d.dim("hash_dash", (" — ", ": "))

    def tag(k: int) -> str:
        return f"**#{k}**" if bold else f"#{k}"

    def refs(numbers: Sequence[int]) -> str:
        return _join([f"#{k}" for k in numbers])

    notes: list[str] = []
    if sp.all_yes:
        line = d.dim("hash_all", (f"Every {noun} {one}.", f"All {noun}s {many}; I found no exceptions."))
    elif sp.all_no:
        line = d.dim("hash_none", (f"No {noun} {one}.", f"None of the {noun}s {one}."))
    else:
        if sp.yes and len(sp.yes) >= len(sp.exceptions):
            line = f"Every {noun} {one} {apart} {refs(sp.exceptions)}."
            explain_no = True
        elif sp.yes:
            line = f"Only {refs(sp.yes)} {one if len(sp.yes) == 1 else many}."
            explain_no = d.flag("hash_explain_no")
        else:
            line = f"{refs(sp.no)} {not_one if len(sp.no) == 1 else not_many}."
            explain_no = False
        for k in sp.exceptions:
            truth = d.truth[k - 1]
            if truth is None:
                notes.append(f"{bullet}{tag(k)}{dash}undecided: {ink.aside(k - 1, None)}")
            elif explain_no:
                notes.append(f"{bullet}{tag(k)}{dash}{ink.aside(k - 1, False)}")
    text = f"{head} {line}"
    if notes:
        text += "\n\n" + "\n".join(notes)
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 5. sequential_position_walk


@HELDOUT36
def sequential_position_walk(ch: Chooser) -> BlindOutput:
    """Llama 3 8B / 70B and Qwen 2.5 in short-answer mode: the list walked by position, one clause per run of
    equal verdicts ("The first two are supported, the next one is not, and the last two are supported.")."""
    d = _open(ch, "sequential_position_walk")
    sp = Split.of(d)
    text = _walk_summary(d, sp)
    if d.flag("walk_intro", weight_off=2):
        text = (
            d.dim("walk_intro_text", ("Going down the list:", "In order:", "Taking them in order,"))
            + " "
            + (lower_first(text) if d.dims["walk_intro_text"].endswith(",") else text)
        )
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 6. topic_grouped_claims

# A short topic per statement, as a grader names a claim by what it is about (all distinct).
TOPICS: dict[str, str] = {
    "John is majoring in Computer Science.": "John's major",
    "John is taking a course on Artificial Intelligence.": "the AI course",
    "John is a dedicated student.": "John being a dedicated student",
    "John has a part-time job.": "the part-time job",
    "Albert Einstein was born in Germany.": "Einstein's birthplace",
    "Albert Einstein was born on 14 March 1879.": "Einstein's date of birth",
    "The Eiffel Tower was completed in 1889.": "when the Eiffel Tower was completed",
    "The Eiffel Tower is 330 metres tall.": "the Eiffel Tower's height",
    "Photosynthesis takes place in the chloroplasts.": "where photosynthesis takes place",
    "Photosynthesis releases oxygen as a by-product.": "oxygen as a by-product of photosynthesis",
    "The first Super Bowl was held on January 15, 1967.": "the date of the first Super Bowl",
    "The first Super Bowl was played in Los Angeles.": "where the first Super Bowl was played",
    "Python 3.12 was released in October 2023.": "the Python 3.12 release date",
    "Python 3.12 removed the distutils package.": "the removal of distutils",
    "Ibuprofen is a nonsteroidal anti-inflammatory drug.": "ibuprofen's drug class",
    "Ibuprofen should be taken with food.": "taking ibuprofen with food",
    "The adjuster approved a payment of $12,500 for the claim.": "the $12,500 payment",
    "The claim was filed on 3 March 2023.": "the filing date",
    "The store opens at 9 am on weekdays.": "the store's weekday opening time",
    "Standard shipping takes three to five business days.": "standard shipping times",
    "Yes, the museum is open on Mondays.": "the museum opening on Mondays",
    "Yes, the warranty covers accidental damage.": "warranty cover for accidental damage",
    "No, the bridge was not completed in 1935.": "the bridge's completion year",
    "No refunds are given after 30 days.": "refunds after 30 days",
    "There is no entrance fee for children under 12.": "the entrance fee for children",
    "The study found no link between coffee and heart disease.": "the study's finding on coffee",
    "The vaccine is not approved for children under five.": "the vaccine's approval for young children",
    "The hotel does not allow pets.": "the hotel's pet policy",
    "It is true that water boils at 100 degrees Celsius at sea level.": "the boiling point of water",
    "The theory of plate tectonics is supported by seismic data.": "seismic data on plate tectonics",
    "The verdict in the trial was not guilty.": "the outcome of the trial",
    "The jury reached a verdict after two days.": "how long the jury deliberated",
    "The correct dosage for adults is 200 mg.": "the adult dosage",
    "The Amazon is the largest rainforest in the world.": "the Amazon being the largest rainforest",
    "Mount Everest is 8,849 metres high.": "the height of Mount Everest",
    "The company was founded in 1998 in Seattle.": "the company's founding",
    "The policy covers flood damage.": "flood cover",
    "Customers can cancel their subscription at any time.": "cancelling the subscription",
    "The report was published by the World Health Organization.": "who published the report",
    "Marie Curie won two Nobel Prizes.": "Marie Curie's Nobel Prizes",
    "The warranty lasts 2 years from the date of purchase.": "how long the warranty lasts",
    "The recipe calls for 3 eggs and 200 g of flour.": "the recipe's ingredients",
    "Section 4 of the lease covers late payments.": "Section 4 of the lease",
    "The train to Lyon leaves at 10:45 from platform 3.": "the train to Lyon",
    "Amlodipine (a calcium channel blocker) is taken once a day.": "how often amlodipine is taken",
    "Version 2.0 of the app added a dark mode.": "the dark mode in version 2.0",
    "The river Loire is about 1,000 km long.": "the length of the Loire",
    "The supported browsers are Chrome and Firefox.": "the supported browsers",
    "Statement balances are emailed on the first of each month.": "the monthly balance e-mails",
    "The library is closed on public holidays.": "the library on public holidays",
    "Refunds are not possible for sale items.": "refunds on sale items",
    "Revenue in the third quarter rose by 12% compared with the second.": "third-quarter revenue",
}
if set(TOPICS) != set(STATEMENTS) or len(set(TOPICS.values())) != len(TOPICS):
    raise AssertionError("every statement needs its own topic")


@HELDOUT36
def topic_grouped_claims(ch: Chooser) -> BlindOutput:
    """Claude 3.5 and GPT-4o explaining to a user: the claims named by what they are about, grouped by verdict
    ("The context supports the claims about John's major and the AI course (1, 2), but it says nothing about the
    part-time job (3)."), with call 1's numbers after the group, after each topic, or not at all."""
    d = _open(ch, "topic_grouped_claims")
    sp = Split.of(d)
    numbers = d.dim("topic_numbers", ("group", "each", "none"))

    def about(ks: Sequence[int]) -> str:
        names = [TOPICS[d.statements[k - 1]] for k in ks]
        if numbers == "each":
            names = [f"{name} ({k})" for name, k in zip(names, ks, strict=True)]
        text = _join(names)
        if numbers == "group":
            text += f" ({', '.join(str(k) for k in ks)})"
        return text

    def claims(ks: Sequence[int]) -> str:
        return f"the claim{_s(len(ks))} about {about(ks)}"

    if sp.all_yes:
        text = d.dim("topic_all", ("The context supports every claim in the answer: {t}.",
                                   "Everything in the answer is backed by the context: {t}."))  # fmt: skip
        text = text.format(t=about(sp.yes))
    elif sp.all_no:
        text = d.dim("topic_none", ("The context supports none of the claims: it says nothing about {t}.",
                                    "None of the claims is backed by the context; it does not support what the "
                                    "answer says about {t}."))  # fmt: skip
        text = text.format(t=about(sp.no))
    else:
        yes_form = d.dim("topic_yes", ("supports", "backs up"))
        no_form = d.dim("topic_no", ("does not support", "says nothing about"))
        unk_form = d.dim("topic_unk", ("too vague", "cannot tell"))
        clauses: list[str] = []
        if sp.yes:
            clauses.append(
                f"The context supports {claims(sp.yes)}" if yes_form == "supports"
                else f"The context backs up what the answer says about {about(sp.yes)}"
            )  # fmt: skip
        if sp.no:
            subject = "it" if clauses else "The context"
            link = "but " if clauses else ""
            clauses.append(
                f"{link}{subject} does not support {claims(sp.no)}" if no_form == "does not support"
                else f"{link}{subject} says nothing about {about(sp.no)}"
            )  # fmt: skip
        if sp.unk:
            if unk_form == "too vague":
                subject = "it" if clauses else "The context"
                clauses.append(f"{'and ' if clauses else ''}{subject} is too vague to settle {claims(sp.unk)}")
            else:
                clauses.append(f"{'and ' if clauses else ''}I cannot tell either way about {about(sp.unk)}")
        text = ", ".join(clauses) + "."
    return d.done(d.frame(_cap(text)))


# ----------------------------------------------------------------- 7. itemised_then_collective_line

_ITEMS_WITH_VERDICT = ("{k}. {v} — {e}", "{k}. {s} → {v}", "- Statement {k}: {v}. {e}", "**{k}.** {s} — {v}.")
_ITEMS_NOTES = ("{k}. {e}", "Statement {w}: {e}", "({k}) {s} {e}", "- On the {o} statement: {e}")
_LINE_LEADS = ("So:", "In short:", "Summary:", "Overall,", "**Conclusion:**", "To sum up,")


@HELDOUT36
def itemised_then_collective_line(ch: Chooser) -> BlindOutput:
    """Llama 3.1 70B and GPT-4o told to "summarise at the end": an itemised list (a verdict and a reason each, or
    notes only), then one collective line that agrees with it ("Overall, the first two are supported, the last is
    not.")."""
    d = _open(ch, "itemised_then_collective_line")
    sp = Split.of(d)
    ink = d.use_ink(WORD_VOCABULARIES)
    verdicts = d.flag("items_verdicts", weight_off=1)
    form = d.dim("item_form", _ITEMS_WITH_VERDICT if verdicts else _ITEMS_NOTES)
    lines = [
        form.format(k=i + 1, w=CARDINALS[i], o=ORDINALS[i], s=statement, v=ink.word(i, truth),
                    e=ink.explanation(i, truth))
        for i, statement, truth in d.items()
    ]  # fmt: skip
    lead = d.dim("line_lead", _LINE_LEADS)
    sentence = _summary(d, sp)
    line = f"{lead} {lower_first(sentence) if lead.endswith(',') else sentence}"
    if lower_first(sentence).startswith("i "):
        line = f"{lead} {sentence}"
    gap = "\n\n" if form.startswith("- ") or d.flag("items_gap") else "\n"
    return d.done(d.frame(gap.join(lines) + "\n\n" + line, tally=False))


# ----------------------------------------------------------------- 8. rest_and_others


@HELDOUT36
def rest_and_others(ch: Chooser) -> BlindOutput:
    """GPT-4o-mini, Mistral Small and Gemini Flash naming the statements that stand out and covering the others
    with "the rest" / "the others" / "all other statements" ("Statements 2 and 5 are not supported by the
    context; the rest are supported.", "I cannot tell whether the third statement holds; the others are
    supported.")."""
    d = _open(ch, "rest_and_others")
    sp = Split.of(d)
    text = _rest_summary(d, sp)
    if d.flag("rest_reasons", weight_off=2):
        ink = d.use_ink(("yes_no",))
        named = [i for i, _s, t in d.items() if t is not True]
        text += "\n\n" + "\n".join(f"Statement {i + 1}: {ink.explanation(i, d.truth[i])}" for i in named)
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 9. json_summary_string

_JSON_KEYS = (("verdict", "explanation"), ("faithfulness", "reasoning"), ("overall", "summary"), ("result", "details"))
_OVERALL_WORDS: dict[str, tuple[str, str, str]] = {
    "faithful": ("faithful", "partially faithful", "unfaithful"),
    "supported": ("fully supported", "partially supported", "not supported"),
}


def _overall(sp: Split, words: tuple[str, str, str]) -> str:
    return words[0] if sp.all_yes else words[2] if not sp.yes else words[1]


@HELDOUT36
def json_summary_string(ch: Chooser) -> BlindOutput:
    """A team's custom prompt ("return JSON with an overall verdict and an explanation") answered by GPT-4o and
    Claude: one object, an overall label for the answer and a sentence that says which statements hold, no verdict
    per statement; sometimes with agreeing counts."""
    d = _open(ch, "json_summary_string")
    sp = Split.of(d)
    label_key, text_key = _JSON_KEYS[int(d.dim("json_keys", ("0", "1", "2", "3")))]
    words = _OVERALL_WORDS[d.dim("json_overall_words", tuple(_OVERALL_WORDS))]
    order = d.dim("json_order", ("label_first", "text_first"))
    counts = d.flag("json_counts", weight_off=2)
    sentence = _summary(d, sp, ("count", "rest", "word_ranges", "walk", "verified"))
    body: dict[str, object] = {}
    pairs: list[tuple[str, object]] = [(label_key, _overall(sp, words)), (text_key, sentence)]
    if order == "text_first":
        pairs.reverse()
    body.update(pairs)
    if counts:
        body["supported_statements"] = sp.n - len(sp.exceptions)
        body["total_statements"] = sp.n
    indent = d.dim("json_indent_36", ("none", "2"))
    text = json.dumps(body, indent=None if indent == "none" else 2, ensure_ascii=False)
    wrap = d.dim("json_wrap_36", ("bare", "fence_json", "lead_in"))
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"{ch.pick('json_lead_in', P.JSON_LEAD_INS)}\n{text}"
    return d.done(d.frame(text, think=True, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 10. casual_chat_reply


@HELDOUT36
def casual_chat_reply(ch: Chooser) -> BlindOutput:
    """People writing the grader's answer by hand in a chat, and small chat models (Llama 3.2 3B, Phi-3, Gemma 2)
    imitating them: "Yep, both check out.", "First one's fine, second one isn't in the context, and I honestly
    can't tell on the third one.", "Everything checks out except #2 and #5."."""
    d = _open(ch, "casual_chat_reply")
    sp = Split.of(d)
    opener = d.dim("casual_opener", ("none", "Okay, checked them.", "Alright!", "Had a look."))
    big = CARDINALS[sp.n - 1]
    if sp.all_yes:
        options = ("Yep, both check out.", "Both are fine, they're right there in the context.") if sp.n == 2 else (
            f"Yep, all {big} check out.", f"All good, every one of the {big} is in the context.")  # fmt: skip
        text = d.dim("casual_all", options)
    elif sp.all_no:
        options = (
            ("Nope, neither one is in the context, sorry.", "Neither of them checks out, sorry.")
            if sp.n == 2
            else (f"None of the {big} check out, sorry.", f"Sorry, not one of the {big} is backed by the context.")
        )
        text = d.dim("casual_none", options)
    elif sp.n <= 4 and d.dim("casual_mode", ("positions", "collective")) == "positions":
        last = d.flag("casual_last")
        yes_form = d.dim("casual_yes", ("{o} one's fine", "{o} one checks out"))
        no_form = d.dim("casual_no", ("{o} one isn't in the context", "{o} one doesn't check out"))
        unk_form = d.dim("casual_unk", ("I honestly can't tell on the {o} one", "no idea on the {o} one (the context "
                                        "is too vague)"))  # fmt: skip
        the = d.flag("casual_the")
        clauses: list[str] = []
        for i, _statement, truth in d.items():
            o = "last" if last and i == sp.n - 1 else ORDINALS[i]
            form = yes_form if truth is True else no_form if truth is False else unk_form
            if form.startswith("{o}") and clauses and the:
                clauses.append(form.format(o=f"the {o}"))
            else:
                clauses.append(form.format(o=o))
        text = ", ".join(clauses[:-1]) + ", and " + clauses[-1] + "."
        text = _cap(text)
    else:
        style = d.dim("casual_ref", ("hash", "ordinals"))

        def ref(ks: Sequence[int]) -> str:
            if style == "hash":
                return _join([f"#{k}" for k in ks])
            return f"{_ords(ks, sp.n)} one{_s(len(ks))}"

        if sp.yes and len(sp.yes) >= len(sp.exceptions):
            text = f"Mostly good: everything checks out except {ref(sp.exceptions)}."
            if sp.unk and sp.no:
                text += (
                    f" {_cap(ref(sp.no))} {'isn' if len(sp.no) == 1 else 'aren'}'t in the context, and I can't "
                    f"tell on {ref(sp.unk)}."
                )
            elif sp.unk:
                text += f" Can't tell on {ref(sp.unk)}, the context is too vague."
        elif sp.yes:
            text = f"Only {ref(sp.yes)} {'checks' if len(sp.yes) == 1 else 'check'} out."
            if sp.unk and sp.no:
                text += f" Can't tell on {ref(sp.unk)}; the rest don't check out."
            elif sp.unk:
                text += f" Can't tell on {ref(sp.unk)}, the context is too vague."
            elif d.flag("casual_rest"):
                text += " The rest don't."
        else:
            c = len(sp.no)
            text = f"{_cap(ref(sp.no))} {'doesn' if c == 1 else 'don'}'t check out, and I can't tell on {ref(sp.unk)}."
    if opener != "none":
        text = f"{opener} {text}"
    return d.done(d.frame(text, think=False, preface=False, tally=False))


# ----------------------------------------------------------------- 11. overall_label_then_which

_LABEL_FORMS = ("**Overall: {L}.**", "Overall rating: {L}", "Result: {L} —", "{L}.", "### {L}")
_LABEL_WORDS: dict[str, tuple[str, str, str]] = {
    "supported": ("Fully supported", "Partially supported", "Not supported"),
    "faithful": ("Faithful", "Partially faithful", "Unfaithful"),
    "grounded": ("Grounded", "Partly grounded", "Not grounded"),
}


@HELDOUT36
def overall_label_then_which(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 Pro and Vertex-hosted models under a "give an overall rating, then details" prompt: a label for
    the whole answer ("Partially supported"), then one sentence that says which statements hold."""
    d = _open(ch, "overall_label_then_which")
    sp = Split.of(d)
    words = _LABEL_WORDS[d.dim("label_words", tuple(_LABEL_WORDS))]
    form = d.dim("label_form", _LABEL_FORMS)
    label = form.format(L=_overall(sp, words))
    sentence = _summary(d, sp, ("count", "rest", "verified", "walk", "word_ranges"))
    if form.endswith("—"):
        text = f"{label} {sentence}"
    else:
        text = f"{label}\n\n{sentence}" if form.startswith("#") or d.flag("label_gap") else f"{label}\n{sentence}"
    return d.done(d.frame(text, preface=False, tally=False))


# ----------------------------------------------------------------- 12. final_header_collective


@HELDOUT36
def final_header_collective(ch: Chooser) -> BlindOutput:
    """GPT-4o and GPT-3.5 answering promptfoo's legacy prompt, compressing the final line into a sentence: "Final
    verdict for each statement in order: Yes for all except statement 2, which is No.", "Verdict: No for both."."""
    d = _open(ch, "final_header_collective")
    sp = Split.of(d)
    ink = d.use_ink(WORD_VOCABULARIES)
    reasoning = ink.reasoning() if d.flag("collective_reasoning", weight_off=2) else ""
    header = d.dim("collective_header", (*P.HEADERS, "Verdict:", "Verdicts:"))
    gap = "\n" if header in P.MARKDOWN_HEADERS else d.dim("collective_gap", (" ", "\n"))
    style = d.dim("collective_ref", ("digits", "hash", "ordinals"))
    form = d.dim("collective_form", ("for_lists", "all_except"))

    def ref(ks: Sequence[int]) -> str:
        return _refer(ks, sp.n, style) if style != "ordinals" else _ords(ks, sp.n)

    def word(ks: Sequence[int], truth: Truth) -> str:
        return ink.word(ks[0] - 1, truth)

    groups = [(g, t) for g, t in ((sp.yes, True), (sp.no, False), (sp.unk, None)) if g]
    if len(groups) == 1:
        w = word(groups[0][0], groups[0][1])
        whole = "both statements" if sp.n == 2 else f"all {CARDINALS[sp.n - 1]} statements"
        body = f"{w} for " + d.dim("collective_whole", (whole, "every statement")) + "."
    elif form == "for_lists":
        body = "; ".join(f"{word(g, t)} for {ref(g)}" for g, t in groups) + "."
    else:
        main, main_truth = (sp.yes, True) if len(sp.yes) >= len(sp.no) else (sp.no, False)
        others = [(g, t) for g, t in groups if t is not main_truth]
        rest = tuple(sorted(k for g, _t in others for k in g))
        body = f"{word(main, main_truth)} for all except {ref(rest)}"
        if len(others) == 1:
            g, t = others[0]
            body += f", which {_be(len(g))} {word(g, t)}."
        else:
            body += ": " + " and ".join(f"{ref(g)} {_be(len(g))} {word(g, t)}" for g, t in others) + "."
    final = header + gap + body
    text = f"{reasoning}\n\n{final}" if reasoning else final
    return d.done(d.frame(text, preface=False, tally=False))


# ----------------------------------------------------------------- 13. paired_group_verdicts


def _group_verdict(members: Sequence[int], truths: Sequence[Truth], all_word: str, member: str) -> str:
    """One group's verdict in words: "both supported", "neither is supported", "only statement 3 is supported".

    A member inside a group is always named with its noun or ``#`` ("only 2 is supported" and "all but 2" could be
    read as counts)."""
    size = len(members)
    if size == 1:
        return {True: "supported", False: "not supported", None: "can't be decided from the context"}[truths[0]]
    if all(t is True for t in truths):
        return "both supported" if size == 2 else f"all {all_word} supported"
    if all(t is False for t in truths):
        return "neither is supported" if size == 2 else f"none of the {all_word} is supported"
    if all(t is None for t in truths):
        return (
            "I can't decide either of them from the context"
            if size == 2
            else f"I can't decide any of the {all_word} from the context"
        )
    yes = [k for k, t in zip(members, truths, strict=True) if t is True]
    no = [k for k, t in zip(members, truths, strict=True) if t is False]
    if len(yes) == 1 and len(no) == size - 1:
        return f"only {member}{yes[0]} is supported"
    if size == 3 and len(no) == 1 and len(yes) == 2:
        return f"all but {member}{no[0]} are supported ({member}{no[0]} is not)"
    parts = []
    for k, t in zip(members, truths, strict=True):
        parts.append(f"{member}{k} " + {True: "is supported", False: "is not supported",
                                        None: "can't be decided from the context"}[t])  # fmt: skip
    return "; ".join(parts)


@HELDOUT36
def paired_group_verdicts(ch: Chooser) -> BlindOutput:
    """Qwen 2.5 and Llama 3.1 70B taking overlapping statements together: consecutive pairs (or threes), each group
    with one verdict phrase ("Statements 3 and 4: neither is supported.", "Statements 4–6: all but 5 are
    supported (5 is not).")."""
    d = _open(ch, "paired_group_verdicts")
    size = int(d.dim("pair_size", ("2", "2", "3")))
    intro = d.dim("pair_intro", ("none", "Several statements overlap, so I've grouped them:",
                                 "Taking the statements in {g}:", "Grouped by subject:"))  # fmt: skip
    label2 = d.dim("pair_label2", ("Statements {a} and {b}:", "{a}–{b}:", "**Claims {a} & {b}**:"))
    label3 = d.dim("pair_label3", ("Statements {a}–{c}:", "{a}, {b} and {c}:", "**Claims {a} to {c}**:"))
    label1 = d.dim("pair_label1", ("Statement {a}:", "{a}:", "**Claim {a}**:"))
    bullet = d.dim("pair_bullet", ("", "- ", "• "))
    member = {"statement": "statement ", "claim": "claim ", "hash": "#"}[
        d.dim("pair_member", ("statement", "claim", "hash"))
    ]
    lines = []
    for start in range(0, d.n, size):
        members = list(range(start + 1, min(start + size, d.n) + 1))
        truths = [d.truth[k - 1] for k in members]
        if len(members) == 1:
            label = label1.format(a=members[0])
        elif len(members) == 2:
            label = label2.format(a=members[0], b=members[1])
        else:
            label = label3.format(a=members[0], b=members[1], c=members[2])
        lines.append(f"{bullet}{label} {_group_verdict(members, truths, CARDINALS[len(members) - 1], member)}.")
    text = "\n".join(lines)
    if intro != "none":
        text = intro.format(g="pairs" if size == 2 else "threes") + "\n" + text
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 14. reasoning_model_one_liner

_ANSWER_LEADS = ("**Answer:** ", "**Final answer:** ", "", "Answer: ")


@HELDOUT36
def reasoning_model_one_liner(ch: Chooser) -> BlindOutput:
    """DeepSeek-R1, QwQ and distilled R1 models: a draft that goes through each statement, then a visible answer
    of one collective line ("**Answer:** All statements except the third are supported." as they write it)."""
    d = _open(ch, "reasoning_model_one_liner")
    sp = Split.of(d)
    draft = d.think_block(force=True)
    lead = d.dim("answer_lead", _ANSWER_LEADS)
    sentence = _summary(d, sp)
    return d.done(draft + "\n\n" + d.frame(lead + sentence, think=False, preface=False, tally=False))


# ----------------------------------------------------------------- 15. collective_in_other_languages


def _es(sp: Split, d: Draw) -> str:
    def ref(ks: Sequence[int]) -> str:
        return f"la afirmación {ks[0]}" if len(ks) == 1 else f"las afirmaciones {_join([str(k) for k in ks], 'y')}"

    def no(ks: Sequence[int]) -> str:
        return "no está respaldada" if len(ks) == 1 else "no están respaldadas"

    def unk(ks: Sequence[int]) -> str:
        return f"el contexto no permite decidir sobre {ref(ks)}"

    if sp.all_yes:
        return (
            "Ambas afirmaciones están respaldadas por el contexto."
            if sp.n == 2
            else "Todas las afirmaciones están respaldadas por el contexto."
        )
    if sp.all_no:
        return "Ninguna de las afirmaciones está respaldada por el contexto."
    if not sp.yes:
        return f"{_cap(ref(sp.no))} {no(sp.no)} por el contexto, y {unk(sp.unk)}."
    if len(sp.yes) >= len(sp.exceptions):
        text = f"Todas las afirmaciones están respaldadas por el contexto excepto {ref(sp.exceptions)}."
        if sp.unk and sp.no:
            text += f" {_cap(ref(sp.no))} {no(sp.no)}, y {unk(sp.unk)}."
        elif sp.unk:
            text += f" {_cap(unk(sp.unk))}."
        return text
    c = len(sp.yes)
    text = f"Solo {ref(sp.yes)} {'está respaldada' if c == 1 else 'están respaldadas'} por el contexto."
    if sp.unk and sp.no:
        text += f" {_cap(unk(sp.unk))}; las demás no están respaldadas."
    elif sp.unk:
        text += f" {_cap(unk(sp.unk))}."
    elif d.flag("lang_rest"):
        text += " Las demás no."
    return text


def _fr(sp: Split, d: Draw) -> str:
    def ref(ks: Sequence[int]) -> str:
        return f"l'affirmation {ks[0]}" if len(ks) == 1 else f"les affirmations {_join([str(k) for k in ks], 'et')}"

    def no(ks: Sequence[int]) -> str:
        return "n'est pas étayée" if len(ks) == 1 else "ne sont pas étayées"

    def unk(ks: Sequence[int]) -> str:
        return f"le contexte ne permet pas de trancher pour {ref(ks)}"

    if sp.all_yes:
        return (
            "Les deux affirmations sont étayées par le contexte."
            if sp.n == 2
            else "Toutes les affirmations sont étayées par le contexte."
        )
    if sp.all_no:
        return "Aucune des affirmations n'est étayée par le contexte."
    if not sp.yes:
        return f"{_cap(ref(sp.no))} {no(sp.no)} par le contexte, et {unk(sp.unk)}."
    if len(sp.yes) >= len(sp.exceptions):
        text = f"Toutes les affirmations sont étayées par le contexte, sauf {ref(sp.exceptions)}."
        if sp.unk and sp.no:
            text += f" {_cap(ref(sp.no))} {no(sp.no)}, et {unk(sp.unk)}."
        elif sp.unk:
            text += f" {_cap(unk(sp.unk))}."
        return text
    c = len(sp.yes)
    text = (f"Seule {ref(sp.yes)} est étayée" if c == 1 else f"Seules {ref(sp.yes)} sont étayées") + " par le contexte."
    if sp.unk and sp.no:
        text += f" {_cap(unk(sp.unk))} ; les autres ne sont pas étayées."
    elif sp.unk:
        text += f" {_cap(unk(sp.unk))}."
    elif d.flag("lang_rest"):
        text += " Les autres ne le sont pas."
    return text


def _de(sp: Split, d: Draw) -> str:
    def nom(ks: Sequence[int]) -> str:
        return f"Aussage {ks[0]}" if len(ks) == 1 else f"die Aussagen {_join([str(k) for k in ks], 'und')}"

    def dat(ks: Sequence[int]) -> str:
        return f"Aussage {ks[0]}" if len(ks) == 1 else f"den Aussagen {_join([str(k) for k in ks], 'und')}"

    def no(ks: Sequence[int]) -> str:
        return "wird vom Kontext nicht gestützt" if len(ks) == 1 else "werden vom Kontext nicht gestützt"

    def unk(ks: Sequence[int]) -> str:
        return f"bei {dat(ks)} lässt der Kontext keine Entscheidung zu"

    if sp.all_yes:
        return (
            "Beide Aussagen werden vom Kontext gestützt." if sp.n == 2 else "Alle Aussagen werden vom Kontext gestützt."
        )
    if sp.all_no:
        return "Keine der Aussagen wird vom Kontext gestützt."
    if not sp.yes:
        return f"{_cap(nom(sp.no))} {no(sp.no)}, und {unk(sp.unk)}."
    if len(sp.yes) >= len(sp.exceptions):
        text = f"Alle Aussagen außer {dat(sp.exceptions)} werden vom Kontext gestützt."
        if sp.unk and sp.no:
            text += f" {_cap(nom(sp.no))} {no(sp.no)}, und {unk(sp.unk)}."
        elif sp.unk:
            text += f" {_cap(unk(sp.unk))}."
        return text
    c = len(sp.yes)
    text = f"Nur {nom(sp.yes)} {'wird' if c == 1 else 'werden'} vom Kontext gestützt."
    if sp.unk and sp.no:
        text += f" {_cap(unk(sp.unk))}; die übrigen werden nicht gestützt."
    elif sp.unk:
        text += f" {_cap(unk(sp.unk))}."
    elif d.flag("lang_rest"):
        text += " Die übrigen werden nicht gestützt."
    return text


_LANGUAGE_SUMMARIES: dict[str, tuple[Callable[[Split, Draw], str], tuple[str, ...]]] = {
    "es": (_es, ("none", "Resumen:", "Veredicto:")),
    "fr": (_fr, ("none", "En résumé :", "Verdict :")),
    "de": (_de, ("none", "Zusammenfassung:", "Urteil:")),
}


@HELDOUT36
def collective_in_other_languages(ch: Chooser) -> BlindOutput:
    """GPT-4o and Mistral Large answering in the user's language (Spanish, French, German) when the team's prompt
    is translated: the collective sentence in that language ("Todas las afirmaciones están respaldadas por el
    contexto excepto la afirmación 2.", "Seules les affirmations 1 et 3 sont étayées par le contexte.")."""
    d = _open(ch, "collective_in_other_languages")
    sp = Split.of(d)
    build, heads = _LANGUAGE_SUMMARIES[d.dim("language", tuple(_LANGUAGE_SUMMARIES))]
    head = d.dim("lang_head", heads)
    text = build(sp, d)
    if head != "none":
        text = f"{head} {text}" if d.flag("lang_head_inline") else f"{head}\n{text}"
    return d.done(d.frame(text, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 16. collective_refusal

_REFUSALS = (
    "I can't judge {any} statements: the context you sent is empty. Send it and I'll go through all of them.",
    "I'm not able to say which of these statements are supported, because no context was provided.",
    "Without the retrieved passages I can't tell you whether all, some or none of the statements hold, so I'll "
    "hold off on verdicts.",
    "Not one of the {N} statements can be evaluated: the context section is blank. I won't guess.",
    "Sorry, I can't evaluate the statements, not even one of them: the context is missing.",
    "The context appears to belong to a different document, so I cannot check the first statement, the second, or "
    "any of the others. I'm declining to give verdicts.",
    "I'm unable to complete this task for any of the statements. Please provide the context and ask again.",
    "Rather than mark every statement as unsupported, I'll stop here: there is no context to check them against, "
    "so I can't give any verdicts.",
)
_REFUSALS_TWO = (
    "I can't give a verdict on either statement: no context was provided.",
    "Both statements would need the context to be checked, and it is missing, so I can't judge either of them.",
)


@HELDOUT36
def collective_refusal(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Llama 3 refusing the whole task in words about the statements as a whole ("I can't judge
    any of the four statements: the context you sent is empty."): no verdict for any statement."""
    d = _open(ch, "collective_refusal", unknowns=False)
    options = _REFUSALS + _REFUSALS_TWO if d.n == 2 else _REFUSALS
    any_of = "either of the two" if d.n == 2 else f"any of the {CARDINALS[d.n - 1]}"
    text = d.dim("refusal_text", options).format(N=CARDINALS[d.n - 1], any=any_of)
    if d.flag("refusal_apology", weight_off=2):
        text = "I'm sorry. " + text
    if d.flag("refusal_think", weight_off=3):
        text = "<think>\nThe context is empty, so there is nothing to check any statement against.\n</think>\n\n" + text
    return d.refused(text)
