"""A FOURTEENTH HELD-OUT set of blind layouts: answers full of verdict-like words that are not verdicts, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout14``); do not read it while
developing the reader. Written from how graders (GPT-4o, Claude, Llama 3, Qwen, Mistral,
Gemini, Phi, small local models) answer on real RAG data, where the statements, the context
and the grader's own sentences are full of "yes", "no", "not", "true", "false", "correct",
"supported" and "unclear" that are not verdicts: statements about yes/no policies, negated
statements ("It is not true that ...", "The claim that ... is false"), quotes from FAQ- and
spec-like contexts ("Pets: No", "Supported versions: ..."). The layouts: the grader's own
question restated before each answer, evidence quotes before each verdict, verdicts followed
by a conceding clause ("Supported, although the date is not given"), double negatives ("not
unsupported"), a note on negated statements, the legacy final line quoting each statement,
yes/no sub-questions before each verdict, "because the context says ..." sentences, a table
with an evidence column, corrections after the unsupported verdicts, a double-check pass
after the verdicts, reasoning full of idioms ("no mention of", "not only ... but", "true to
form"), and refusals worded with the same words ("I cannot say yes or no without the context").

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off), over a statement pool
that mixes ``_draw``'s statements with this set's own (each with context passages that back
it, contradict it, or leave it open). Only outputs a careful person reads without doubt are
drawn: every verdict is labelled or placed where a verdict stands, every note, sub-question
or quote says what it is, and every double-check agrees with the verdicts.

    HELDOUT14.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout14_outputs(layout="evidence_column_table")  # one layout's strategy
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    STATEMENTS,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    number_list,
)
from tests.scoring.graders import Chooser, Truth, render_statements_output

HELDOUT14 = LayoutSet("heldout14")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout14_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the fourteenth held-out set (one layout when named)."""
    return HELDOUT14.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


# ----------------------------------------------------------------- this set's statements


@dataclass(frozen=True)
class Claim:
    """A statement full of verdict-like words, and context passages that back it, contradict it, leave it open."""

    text: str
    backing: str
    against: str
    open: str

    def quote(self, truth: Truth) -> str:
        return _of(truth, (self.backing, self.against, self.open))


CLAIMS: tuple[Claim, ...] = (
    Claim("The hotel does not allow pets.", "Pets: No (assistance dogs excepted).",
          "Pets allowed? Yes, for a fee of 20 euros per night.", "Pet policy: please ask reception before booking."),
    Claim("The supported versions are 3.10, 3.11 and 3.12.",
          "Supported versions: 3.10, 3.11, 3.12. Versions 3.9 and older are not supported.",
          "Supported versions: 3.11 and 3.12 only; 3.10 is no longer supported.",
          "Older versions may or may not work; see the release notes."),
    Claim("Support for the legacy client ends in 2025.",
          "Support for the legacy client will end in 2025; no updates after that.",
          "Support for the legacy client ended in 2023.",
          "An end-of-support date for the legacy client is still under discussion."),
    Claim("It is not true that the museum charges for entry.", "Entry to the museum is free; no ticket is needed.",
          "Admission: 12 euros for adults, free for children.", "Some exhibitions may carry a charge."),
    Claim("The claim that the bridge collapsed in 1940 is false.",
          "Reports that the bridge collapsed in 1940 are false; it was closed that year for repairs.",
          "The bridge collapsed in November 1940 during a storm.",
          "Accounts of what happened to the bridge in 1940 differ."),
    Claim("The survey asked respondents to answer yes or no.", "Each survey question had two options: yes or no.",
          "Respondents rated each item on a five-point scale; there were no yes/no questions.",
          "The survey included several question types."),
    Claim("Voters said no to the proposal in the 2016 referendum.",
          "In the 2016 referendum, 58% voted No and the proposal was rejected.",
          "The proposal passed in 2016 with 61% voting Yes.", "A referendum on the proposal was held in 2016."),
    Claim("The test result was a false positive.", "Follow-up testing showed the first result was a false positive.",
          "Follow-up testing confirmed the result was correct: a true positive.",
          "The result is being re-checked; no conclusion yet."),
    Claim("The policy does not cover pre-existing conditions.", "Exclusions: pre-existing conditions are not covered.",
          "Pre-existing conditions: covered after a 12-month waiting period.",
          "Cover for pre-existing conditions depends on the plan chosen."),
    Claim("No evidence of fraud was found by the auditors.", "The auditors found no evidence of fraud.",
          "The auditors reported evidence of fraud in two subsidiaries.", "The audit is still ongoing."),
    Claim("Not all employees are eligible for the bonus.",
          "Only staff with more than one year of service are eligible for the bonus.",
          "All employees, without exception, are eligible for the bonus.",
          "Bonus eligibility is set by each department."),
    Claim("The device is not waterproof.", "Warning: this device is not waterproof. Do not immerse it.",
          "Waterproof to 50 metres (5 ATM).", "Avoid prolonged exposure to rain."),
    Claim("The exam is graded pass or fail.", "The exam is graded Pass/Fail; no marks are given.",
          "Exam scores range from 0 to 100; there is no pass/fail grading.",
          "Grading rules will be published before the exam."),
    Claim("Customers tick 'Yes' to opt in to the newsletter.", "Tick 'Yes' to receive our newsletter.",
          "Newsletter sign-up is automatic; there is no opt-in question.",
          "Newsletter preferences can be set in your account."),
    Claim("The answer key marks option B as correct.", "Answer key: Q4, B (correct).",
          "Answer key: Q4, C is correct; B is incorrect.", "The answer key for Q4 is under review."),
    Claim("The firmware update is optional, not mandatory.", "This update is optional; you can skip it.",
          "This update is mandatory and cannot be skipped.", "Most users should install this update."),
    Claim("The court ruled that the contract was not valid.", "The court held the contract void.",
          "The court upheld the contract as valid and binding.", "The court has not yet ruled on the contract."),
    Claim("Unclear labelling led to the recall of the product.",
          "The product was recalled because its labelling was unclear.",
          "The recall was caused by contamination, not by the labelling.",
          "The reasons for the recall were not disclosed."),
    Claim("The fact-checkers rated the senator's claim as false.",
          "Rating: FALSE. The senator's claim does not match the record.",
          "Rating: TRUE. The senator's figures match the official record.",
          "The fact-check of the senator's claim is pending."),
    Claim("Pass rates rose to 87% in 2022.", "In 2022 the pass rate rose to 87%, up from 81%.",
          "In 2022 the pass rate fell to 79%.", "Pass rates for 2022 have not been published."),
    Claim("There is no charge for the first checked bag.", "First checked bag: free. Second bag: 35 dollars.",
          "Each checked bag costs 30 dollars, including the first.", "Baggage fees vary by route."),
    Claim("The helpline is not open on Sundays.", "Helpline hours: Monday to Saturday, 8 am to 6 pm. Closed Sundays.",
          "The helpline is open every day, Sundays included.", "Helpline hours may change on public holidays."),
    Claim("The trial found the drug was no better than a placebo.",
          "The drug was no better than placebo on the primary end point.",
          "The drug outperformed placebo on the primary end point.", "Results of the trial are expected next year."),
    Claim("True North Airways was founded in 2003.", "True North Airways, founded in 2003, flies to 40 cities.",
          "True North Airways was founded in 1998.", "True North Airways has operated for about two decades."),
)  # fmt: skip
CLAIM_TEXTS = frozenset(claim.text for claim in CLAIMS)
# The statements that are negations ("said no", "yes or no", "is false" of a claim are not).
NEGATIVE_CLAIMS = frozenset(
    {
        "The hotel does not allow pets.",
        "It is not true that the museum charges for entry.",
        "The policy does not cover pre-existing conditions.",
        "No evidence of fraud was found by the auditors.",
        "Not all employees are eligible for the bonus.",
        "The device is not waterproof.",
        "The firmware update is optional, not mandatory.",
        "The court ruled that the contract was not valid.",
        "There is no charge for the first checked bag.",
        "The helpline is not open on Sundays.",
        "The trial found the drug was no better than a placebo.",
    }
)


class TrapDraw(Draw):
    """``Draw`` over this set's statements (only them, or mixed with ``_draw``'s), ``claims`` beside them."""

    def __init__(self, ch: Chooser, layout: str, *, themed: bool = False, unknowns: bool = True) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        pool_name = "themed" if themed else self.dim("statement_pool", ("themed", "themed", "mixed"))
        pool = [claim.text for claim in CLAIMS]
        if pool_name == "mixed":
            pool += [s for s in STATEMENTS if s not in CLAIM_TEXTS]
        self.statements = tuple(pool.pop(ch.integer("trap_statement", 0, len(pool) - 1)) for _ in range(self.n))
        by_text = {claim.text: claim for claim in CLAIMS}
        self.claims: tuple[Claim | None, ...] = tuple(by_text.get(s) for s in self.statements)
        first = render_statements_output(ch, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)

    def claim(self, i: int) -> Claim:
        found = self.claims[i]
        if found is None:
            raise AssertionError(f"{self.layout} asked for the context of a statement that is not this set's")
        return found


def _ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES) -> Ink:
    """Verdict words decorated only in ways that read the same after a label."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket"))
    return ink


# Explanations that use verdict-like words in passing (supported, not supported, undecided).
PASSING_WORDS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "Not only does the context say this, it gives the same detail.",
        "True to form, the context spells this out in full.",
        "There is no gap between the statement and the context here.",
        "No outside knowledge is needed: the context states it.",
        "The context says exactly this; nothing in it points the other way.",
    ),
    (
        "There is no mention of this in the context.",
        "It would be true of a different case, but not of the one in the context.",
        "The context covers the topic in detail, yet it does not say this.",
        "The context gives a different fact; the statement is not what it reports.",
    ),
    (
        "The context neither says yes nor no to this.",
        "The context is not clear on this point; it could be read either way.",
        "The context touches on this without settling it, so there is no clear answer.",
    ),
)


def _passing(ch: Chooser, truth: Truth) -> str:
    return ch.pick("passing_words", _of(truth, PASSING_WORDS))  # type: ignore[arg-type]


# ----------------------------------------------------------------- 1. restated_question_blocks

_QUESTIONS = (
    "**Is statement {k} supported by the context?**",
    'Q{k}. Does the context support "{b}"?',
    'Statement {k}: "{s}" Is this supported by the context?',
    '**Statement {k}** — can "{b}" be inferred from the context?',
    'Is the following supported by the context? "{b}"',
)
_ANSWERS = ("{w}. {e}", "Answer: {w}. {e}", "→ {w} ({e_l})", "{w} — {e_l}")


@HELDOUT14
def restated_question_blocks(ch: Chooser) -> BlindOutput:
    """The grader restates its question about each statement ("Is statement 2 supported?") and answers under it."""
    d = TrapDraw(ch, "restated_question_blocks")
    question = d.dim("question_form", _QUESTIONS)
    answer = d.dim("answer_form", _ANSWERS)
    ink = _ink(d, ("yes_no",))
    blocks = []
    for i, statement, truth in d.items():
        b = _bare(statement)
        head = question.format(k=i + 1, s=statement, b=b)
        e = _passing(ch, truth)
        e_l = e[:1].lower() + e[1:-1]
        blocks.append(f"{head}\n{answer.format(w=ink.token(i, truth), e=e, e_l=e_l)}")
    return d.done(d.frame("\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 2. faq_evidence_quotes

_EVIDENCE_LABELS = ("Context:", "Evidence:", "Relevant passage:", "From the context:", "Context says:")
_VERDICT_LABELS = ("Verdict:", "Judgement:", "Label:", "Conclusion:")


@HELDOUT14
def faq_evidence_quotes(ch: Chooser) -> BlindOutput:
    """Each statement, a quote from an FAQ- or spec-like context ("Pets: No"), then a labelled verdict."""
    d = TrapDraw(ch, "faq_evidence_quotes", themed=True)
    evidence = d.dim("evidence_label", _EVIDENCE_LABELS)
    verdict = d.dim("verdict_label", _VERDICT_LABELS)
    style = d.dim("quote_style", ("inline", "blockquote"))
    head = d.dim("claim_head", ("numbered_quoted", "statement_label", "bold"))
    nothing = d.flag("nothing_found")
    ink = _ink(d)
    blocks = []
    for i, statement, truth in d.items():
        quote = d.claim(i).quote(truth)
        if head == "numbered_quoted":
            lines = [f'{i + 1}. "{statement}"']
        elif head == "statement_label":
            lines = [f"Statement {i + 1}: {statement}"]
        else:
            lines = [f"**{i + 1}. {statement}**"]
        if truth is False and nothing:
            lines.append(f"{evidence} (nothing in the context says this)")
        elif style == "inline":
            lines.append(f'{evidence} "{quote}"')
        else:
            lines += [evidence, f"> {quote}"]
        lines.append(f"{verdict} {ink.token(i, truth)}")
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 3. concessive_clauses

_CONCESSIONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "although the context does not give the exact date",
        "though the wording in the context is not identical",
        "even if the context does not say it in so many words",
        "although no source other than the context confirms it",
        "but not for the reason the answer hints at",
    ),
    (
        "although the context does mention the topic",
        "even though part of it is true",
        "though the context says something close to it",
        "but the context does confirm the surrounding details",
    ),
    (
        "the context hints at it, but I cannot say yes or no",
        "the context is related, but not clear enough to decide",
    ),
)
_LABELS = ("{k}.", "Statement {k}:", "({k})", "S{k}:", '{k}. "{b}":')


@HELDOUT14
def concessive_clauses(ch: Chooser) -> BlindOutput:
    """Each verdict followed by a clause that concedes something ("Supported, although the date is not given")."""
    d = TrapDraw(ch, "concessive_clauses")
    label = d.dim("concession_label", _LABELS)
    ink = _ink(d)
    lines = []
    for i, statement, truth in d.items():
        clause = ch.pick("concession", _of(truth, _CONCESSIONS))  # type: ignore[arg-type]
        joint = ", " if truth is not None else " — "
        item = f"{label.format(k=i + 1, b=_bare(statement))} {ink.token(i, truth)}{joint}{clause}."
        lines.append(item)
    spacing = d.dim("concession_spacing", ("\n", "\n\n"))
    return d.done(d.frame(spacing.join(lines), final=True))


# ----------------------------------------------------------------- 4. litotes_verdicts

_LITOTES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "Statement {k} is not unsupported: the context states it outright.",
        "It is not the case that the context fails to support statement {k}; it says exactly this.",
        "Statement {k} is not without support: the context states it directly.",
        "I cannot call statement {k} unsupported; the context says it word for word, so it is supported.",
    ),
    (
        "Statement {k} is not supported: the context does not say this anywhere.",
        "Statement {k} cannot be said to be supported; nothing in the context backs it.",
        "It is not true that the context supports statement {k}.",
    ),
    (
        "Statement {k} is neither clearly supported nor clearly unsupported: the context does not settle it.",
        "I cannot tell whether statement {k} is supported or not; the context is silent on the key detail.",
    ),
)


@HELDOUT14
def litotes_verdicts(ch: Chooser) -> BlindOutput:
    """One sentence per statement, the supported ones said by double negatives ("not unsupported")."""
    d = TrapDraw(ch, "litotes_verdicts")
    echo = d.flag("litotes_echo")
    d.use_ink(("supported",))
    sentences = []
    for i, statement, truth in d.items():
        sentence = ch.pick("litotes", _of(truth, _LITOTES)).format(k=i + 1)  # type: ignore[arg-type]
        sentences.append(f'{i + 1}. "{statement}"\n{sentence}' if echo else sentence)
    joint = "\n\n" if echo else d.dim("litotes_join", ("\n", " "))
    return d.done(d.frame(joint.join(sentences), final=True))


# ----------------------------------------------------------------- 5. negation_caveat_notes

_CAVEATS = (
    "Note: some statements are negative (they contain 'no', 'not' or 'false'). {y} below means the context "
    "supports the statement as worded, negation included; {n} means it does not.",
    "Careful with polarity: I judge each statement exactly as written. For a negative statement such as "
    "'X is not Y', {y} means the context confirms that X is not Y.",
    "(A {y} for a statement that contains 'not' means the context backs the negative claim, not its opposite.)",
)
_LINE_NOTES = (
    " (negative statement; the verdict is about it as written)",
    " (the statement is itself a negation; judged as worded)",
)


@HELDOUT14
def negation_caveat_notes(ch: Chooser) -> BlindOutput:
    """A note that negative statements are judged as worded, then verdicts (notes beside the negative ones)."""
    d = TrapDraw(ch, "negation_caveat_notes", themed=True)
    ink = _ink(d, ("yes_no", "true_false", "supported"))
    caveat = d.dim("caveat", _CAVEATS).format(y=ink.yes_word(), n=ink.no_word())
    form = d.dim("caveat_line", ('{k}. "{s}" → {v}', 'Statement {k} ("{b}"): {v}', "{k}. {s} — {v}"))
    notes = d.flag("line_notes")
    note = d.dim("line_note", _LINE_NOTES) if notes else ""
    lines = []
    for i, statement, truth in d.items():
        line = form.format(k=i + 1, s=statement, b=_bare(statement), v=ink.token(i, truth))
        lines.append(line + note if notes and statement in NEGATIVE_CLAIMS else line)
    where = d.dim("caveat_position", ("before", "after"))
    body = "\n".join(lines)
    body = f"{caveat}\n\n{body}" if where == "before" else f"{body}\n\n{caveat}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. final_line_with_quoted_statements


@HELDOUT14
def final_line_with_quoted_statements(ch: Chooser) -> BlindOutput:
    """The legacy final line (or list) with each statement quoted beside its verdict."""
    d = TrapDraw(ch, "final_line_with_quoted_statements")
    form = d.dim("quoted_final_form", ("inline_paren", "lines_dash", "lines_colon", "lines_paren"))
    reasoning = d.flag("quoted_final_reasoning")
    ink = d.use_ink()
    words = [(i, _bare(s), ink.word(i, t)) for i, s, t in d.items()]
    header = "Final verdict for each statement in order:"
    if form == "inline_paren":
        body = header + " " + " ".join(f'{w} ("{b}").' for _i, b, w in words)
    elif form == "lines_dash":
        body = header + "\n" + "\n".join(f'{i + 1}. {w} — "{b}"' for i, b, w in words)
    elif form == "lines_colon":
        body = header + "\n" + "\n".join(f'{i + 1}. "{b}": {w}.' for i, b, w in words)
    else:
        body = header + "\n" + "\n".join(f"{w}. ({b})" for _i, b, w in words)
    if reasoning:
        body = f"{ink.reasoning()}\n\n{body}".lstrip("\n")
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. subquestion_checks

_SUBQUESTIONS = (
    "Is the topic covered in the context?",
    "Does the context give the same details (names, numbers, dates)?",
    "Does anything in the context contradict it?",
)


@HELDOUT14
def subquestion_checks(ch: Chooser) -> BlindOutput:
    """Yes/no sub-questions answered under each statement, then the labelled verdict."""
    d = TrapDraw(ch, "subquestion_checks")
    verdict = d.dim("subquestion_verdict", ("Verdict: {v}", "→ Verdict: {v}", "**Verdict:** {v}", "So: {v}"))
    bullet = d.dim("subquestion_bullet", ("- ", "  * ", "  - "))
    ink = _ink(d)
    blocks = []
    for i, statement, truth in d.items():
        contradicted = ch.pick("contradicted", (True, False)) and truth is False
        answers = (
            "Yes.",
            _of(truth, ("Yes.", "No.", "Not clearly.")),
            "Yes." if contradicted else "No.",
        )
        lines = [f"Statement {i + 1}: {statement}"]
        lines += [f"{bullet}{q} {a}" for q, a in zip(_SUBQUESTIONS, answers, strict=True)]
        lines.append(verdict.format(v=ink.token(i, truth)))
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 8. because_quote_sentences

_BECAUSE = (
    '{w}, because the context says: "{q}"',
    '{w} — the context reads "{q}"',
    '{w}. Per the context: "{q}"',
)
_OPEN_BECAUSE = (
    '{w} — the context only says "{q}", which does not settle it.',
    '{w}: all the context says is "{q}"',
)


@HELDOUT14
def because_quote_sentences(ch: Chooser) -> BlindOutput:
    """One line per statement: the verdict, then "because the context says: '...'" with the quote."""
    d = TrapDraw(ch, "because_quote_sentences", themed=True)
    label = d.dim("because_label", ("{k}.", "Statement {k}:", "#{k}"))
    because = d.dim("because", _BECAUSE)
    open_because = d.dim("open_because", _OPEN_BECAUSE)
    echo = d.flag("because_echo")
    ink = _ink(d)
    lines = []
    for i, statement, truth in d.items():
        form = open_because if truth is None else because
        verdict = form.format(w=ink.token(i, truth), q=d.claim(i).quote(truth))
        head = label.format(k=i + 1)
        lines.append(f"{head} {statement}\n{verdict}" if echo else f"{head} {verdict}")
    return d.done(d.frame(("\n\n" if echo else "\n").join(lines)))


# ----------------------------------------------------------------- 9. evidence_column_table


@HELDOUT14
def evidence_column_table(ch: Chooser) -> BlindOutput:
    """A table with a column of quotes from the context ("Pets allowed? Yes, ...") beside the verdict column."""
    d = TrapDraw(ch, "evidence_column_table", themed=True)
    ink = d.use_ink(("yes_no", "supported", "true_false"))
    ink.decorate(exclude=("arrow", "emoji_only", "quote"))
    verdict_title = d.dim("verdict_title", ("Verdict", "Supported?", "Label"))
    if verdict_title == "Supported?" and ink.vocabulary != "yes_no":
        verdict_title = "Verdict"
        d.dims["verdict_title"] = verdict_title
    evidence_title = d.dim("evidence_title", ("Evidence (quoted from the context)", "Context quote", "Evidence"))
    order = d.dim("column_order", ("evidence_then_verdict", "verdict_then_evidence"))
    numbered = d.flag("table_numbered")
    nothing = d.flag("table_nothing_found")
    names = [evidence_title, verdict_title] if order == "evidence_then_verdict" else [verdict_title, evidence_title]
    names = (["#"] if numbered else []) + ["Statement", *names]
    rows = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
    for i, statement, truth in d.items():
        quote = "(no relevant passage)" if truth is False and nothing else f'"{d.claim(i).quote(truth)}"'
        cells = {"#": str(i + 1), "Statement": statement, evidence_title: quote, verdict_title: ink.token(i, truth)}
        rows.append("| " + " | ".join(cells[name] for name in names) + " |")
    return d.done(d.frame("\n".join(rows)))


# ----------------------------------------------------------------- 10. correction_lines

_CORRECTIONS = (
    ' Correction: the context says "{q}"',
    ' The context says instead: "{q}"',
    ' What the context actually says: "{q}"',
)
_OPEN_NOTES = (' The context only says "{q}"', ' (Context: "{q}" — not enough to decide.)')


@HELDOUT14
def correction_lines(ch: Chooser) -> BlindOutput:
    """Verdicts after quoted statements, each unsupported one followed by the context's correct version."""
    d = TrapDraw(ch, "correction_lines", themed=True)
    form = d.dim("correction_form", ('{k}. "{s}" — {v}.', "Statement {k}: {v}.", '{k}) {v}: "{b}"'))
    correction = d.dim("correction", _CORRECTIONS)
    open_note = d.dim("open_note", _OPEN_NOTES)
    ink = _ink(d)
    lines = []
    for i, statement, truth in d.items():
        line = form.format(k=i + 1, s=statement, b=_bare(statement), v=ink.token(i, truth))
        if truth is False:
            line += correction.format(q=d.claim(i).against)
        elif truth is None:
            line += open_note.format(q=d.claim(i).open)
        lines.append(line)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 11. double_check_pass

_RECHECK = ("Re-reading statement {k}: I said {v}; that stands.", "Statement {k}: still {v} after a second look.")


@HELDOUT14
def double_check_pass(ch: Chooser) -> BlindOutput:
    """The verdicts, then a self-check whose yes/no answers are about the check ("Any verdict to change? No.")."""
    d = TrapDraw(ch, "double_check_pass")
    ink = _ink(d)
    form = d.dim("check_list_form", ("{k}. {v}", "Statement {k}: {v}", "S{k} - {v}"))
    verdicts = "\n".join(form.format(k=i + 1, v=ink.token(i, t)) for i, _s, t in d.items())
    kind = d.dim("check_kind", ("questions", "per_item"))
    title = d.dim("check_title", ("Double-check:", "**Self-check**", "Let me double-check."))
    unsure = [i + 1 for i, _s, t in d.items() if t is None]
    if kind == "questions":
        lines = [
            "- Did I use only the context? Yes.",
            "- Would any verdict change on a second read? No.",
            (
                f"- Any statement I could not decide? Yes: {_pl(len(unsure), 'statement', 'statements')} "
                f"{number_list(unsure)}, left as {ink.word(unsure[0] - 1, None)}."
                if unsure
                else "- Any statement I could not decide? No."
            ),
        ]
        check = "\n".join(lines) + "\nAll verdicts above stand."
    else:
        recheck = d.dim("recheck", _RECHECK)
        check = "\n".join(recheck.format(k=i + 1, v=ink.word(i, t)) for i, _s, t in d.items())
    body = f"{d.dim('check_head', ('Verdicts:', 'Final verdicts:', 'Results:'))}\n{verdicts}\n\n{title}\n{check}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 12. idiom_laden_reasoning

_IDIOMS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "Not only is this in the context, it is stated in almost the same words.",
        "True to form for this kind of document, the context states the point plainly.",
        "No doubt here: the context says this directly.",
        "The context leaves no room for another reading; it says exactly this.",
    ),
    (
        "Yes, the context discusses the same subject, but it gives a different fact.",
        "There is no mention of this anywhere in the context.",
        "This is not what the context says; the true figure in the context is different.",
        "The context is correct about the general topic, but it never makes this claim.",
    ),
    (
        "The context says neither yes nor no: it touches on this without settling it.",
        "Not enough is said in the context to decide; it is unclear either way.",
    ),
)


@HELDOUT14
def idiom_laden_reasoning(ch: Chooser) -> BlindOutput:
    """Per statement a reasoning sentence full of idioms ("no mention of", "not only", "true to form"), a verdict."""
    d = TrapDraw(ch, "idiom_laden_reasoning")
    why = d.dim("why_label", ("Reasoning:", "Why:", "Analysis:"))
    verdict = d.dim("idiom_verdict_label", ("Verdict:", "Final:", "Result:"))
    first = d.dim("idiom_order", ("reasoning_first", "verdict_first"))
    ink = _ink(d)
    blocks = []
    for i, statement, truth in d.items():
        reason = f"{why} {ch.pick('idiom', _of(truth, _IDIOMS))}"  # type: ignore[arg-type]
        mark = f"{verdict} {ink.token(i, truth)}"
        body = [reason, mark] if first == "reasoning_first" else [mark, reason]
        blocks.append("\n".join([f"Statement {i + 1}: {statement}", *body]))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 13. yes_no_laden_refusals

_REFUSALS = (
    "I cannot say yes or no to any of these {n} statement{pl} without the context, and none was provided.",
    "Without the source text, any 'supported' or 'not supported' label would be a guess, so I won't give one.",
    "No context was included, so it is not possible to say whether the statement{pl} {are} true, false, supported "
    "or unsupported.",
    "I'm not able to mark these as correct or incorrect: the context section is empty. Please paste it and I'll "
    "answer yes or no for each.",
    "Verdicts: none. The context is missing, so I can't tell which statements are supported and which are not.",
    "Is statement 1 supported? I can't tell — and the same goes for the others: the context you sent is blank.",
    "True or false? Yes or no? Unfortunately I can't answer either way without the retrieved passages.",
    "Final verdict for each statement in order: I can't give one. Without the context I cannot say yes or no to "
    "any of them.",
    '{{"verdicts": [], "error": "No context provided: cannot say yes or no for any statement."}}',
    "I won't mark any statement as supported, unsupported or unclear: the context is a blank template, so there "
    "is nothing to check them against.",
)


@HELDOUT14
def yes_no_laden_refusals(ch: Chooser) -> BlindOutput:
    """Refusals worded with verdict words ("I cannot say yes or no without the context"): no verdict."""
    d = TrapDraw(ch, "yes_no_laden_refusals", unknowns=False)
    text = d.dim("refusal_text", _REFUSALS).format(n=d.n, pl=_pl(d.n), are=_pl(d.n, "is", "are"))
    if d.flag("refusal_apology", weight_off=2):
        text = "I'm sorry. " + text
    if d.flag("refusal_think", weight_off=3):
        text = "<think>\nThere is no context to check against. I should not guess yes or no.\n</think>\n\n" + text
    return d.refused(text)
