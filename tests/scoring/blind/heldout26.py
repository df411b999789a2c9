"""A TWENTY-SIXTH HELD-OUT set of blind layouts: statements judged out of order, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout26``); do not read it while
developing the reader. Written from how graders (GPT-4o and GPT-4o mini, Claude 3.5 Sonnet and
Haiku, Gemini 1.5 and 2.0, Llama 3.1 70B and 8B, Qwen 2.5 and Qwen2.5-Coder, DeepSeek V3 and
DeepSeek-Coder, Mistral Large, Command R+) answer call 2 when they do NOT follow call 1's order,
and from the pipelines that reorder an answer before storing it. The layouts: the statements
sorted under verdict headings ("Supported:" / "Not supported:", each quoted whole or by its
opening words); the clear-cut statements judged first and the harder ones after; the legacy
blocks written from the last statement up; statements deduplicated and sorted A-Z by a
pipeline, echoed with their verdicts; the statements re-listed in the grader's own order with
new numbers and judged by those numbers; letters (a)-(j) given in the order received and the
verdicts answered in another; 0-based indices in a shuffled or verdict-sorted order (lines, a
Python dict print, JSON with its ``index_base``); nicknames and keywords ("the one about the
Eiffel Tower's height: supported"); sections by topic; call 1's numbers and quotes mixed in a
shuffled list; a markdown table sorted by its verdict column; RAGAS JSON whose objects are
sorted by verdict; a walk through the context passage by passage naming the statement each
passage backs or contradicts; a ranking by confidence; pipeline claim ids echoed and then
judged in the grader's order; and refusals that start re-ordering the statements and then judge
none of them.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, verdict words, casing and decoration, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, the legacy final line, a sign-off).
Only outputs a careful person reads without doubt are drawn: every verdict names its statement
by call 1's number ("Statement 3", "#3", a letter or 0-based index whose scheme the answer
states), by an echo of the whole statement, by its opening words (at least two words past
where it parts from every other statement drawn), by a short title written for that statement
alone (no two titles or tags alike), or by a new number whose list the answer gives and says
it uses; the grader's reordered position is never what identifies a statement. Every count,
recap or final line agrees with the verdicts. An undecided item is said to be undecided.

    HELDOUT26.draw(RandomChooser(random.Random(7)))      # one output, layout chosen uniformly
    heldout26_outputs(layout="verdict_sorted_quotes")    # one layout's strategy
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    STATEMENTS,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    LayoutSet,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT26 = LayoutSet("heldout26")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout26_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-sixth held-out set (one layout when named)."""
    return HELDOUT26.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


# ----------------------------------------------------------------- how a grader names a statement

# Each statement's short title (what a grader calls it in a sentence), its tag (a two- or three-word
# keyword) and its topic. Written so that no title or tag could stand for another statement.
_NAMES: dict[str, tuple[str, str, str]] = {
    "John is majoring in Computer Science.": ("John's major", "John's major", "Education"),
    "John is taking a course on Artificial Intelligence.": ("John's AI course", "AI course", "Education"),
    "John is a dedicated student.": ("John being a dedicated student", "dedicated student", "Education"),
    "John has a part-time job.": ("John's part-time job", "part-time job", "Education"),
    "Albert Einstein was born in Germany.": ("where Einstein was born", "Einstein birthplace", "People"),
    "Albert Einstein was born on 14 March 1879.": ("Einstein's date of birth", "Einstein birth date", "People"),
    "Marie Curie won two Nobel Prizes.": ("Marie Curie's two Nobel Prizes", "Curie Nobels", "People"),
    "The Eiffel Tower was completed in 1889.": (
        "when the Eiffel Tower was completed", "Eiffel completion year", "Landmarks"),
    "The Eiffel Tower is 330 metres tall.": ("the Eiffel Tower's height", "Eiffel height", "Landmarks"),
    "No, the bridge was not completed in 1935.": ("the bridge's completion date", "bridge 1935", "Landmarks"),
    "Photosynthesis takes place in the chloroplasts.": (
        "where photosynthesis takes place", "chloroplasts", "Science"),
    "Photosynthesis releases oxygen as a by-product.": (
        "oxygen as a by-product of photosynthesis", "oxygen by-product", "Science"),
    "It is true that water boils at 100 degrees Celsius at sea level.": (
        "the boiling point of water", "boiling point", "Science"),
    "The theory of plate tectonics is supported by seismic data.": (
        "plate tectonics and seismic data", "plate tectonics", "Science"),
    "The first Super Bowl was held on January 15, 1967.": (
        "the date of the first Super Bowl", "Super Bowl date", "Sport"),
    "The first Super Bowl was played in Los Angeles.": (
        "where the first Super Bowl was played", "Super Bowl venue", "Sport"),
    "Python 3.12 was released in October 2023.": ("the Python 3.12 release date", "3.12 release date", "Software"),
    "Python 3.12 removed the distutils package.": ("distutils being removed", "distutils", "Software"),
    "Version 2.0 of the app added a dark mode.": ("dark mode in version 2.0", "dark mode", "Software"),
    "The supported browsers are Chrome and Firefox.": ("which browsers work", "browser list", "Software"),
    "Ibuprofen is a nonsteroidal anti-inflammatory drug.": ("ibuprofen being an NSAID", "ibuprofen class", "Health"),
    "Ibuprofen should be taken with food.": ("taking ibuprofen with food", "ibuprofen with food", "Health"),
    "The vaccine is not approved for children under five.": (
        "the vaccine not being approved for under-fives", "vaccine age limit", "Health"),
    "The correct dosage for adults is 200 mg.": ("the 200 mg adult dosage", "200 mg dose", "Health"),
    "Amlodipine (a calcium channel blocker) is taken once a day.": (
        "how often amlodipine is taken", "amlodipine", "Health"),
    "The study found no link between coffee and heart disease.": (
        "the coffee and heart disease study", "coffee study", "Health"),
    "The adjuster approved a payment of $12,500 for the claim.": (
        "the $12,500 payment", "$12,500 payment", "Insurance"),
    "The claim was filed on 3 March 2023.": ("the date the claim was filed", "filing date", "Insurance"),
    "Yes, the warranty covers accidental damage.": (
        "the warranty covering accidental damage", "accidental damage", "Insurance"),
    "The warranty lasts 2 years from the date of purchase.": (
        "how long the warranty lasts", "warranty length", "Insurance"),
    "The policy covers flood damage.": ("the policy covering flood damage", "flood cover", "Insurance"),
    "The store opens at 9 am on weekdays.": ("the store's weekday opening time", "opening time", "Shopping"),
    "Standard shipping takes three to five business days.": ("standard shipping times", "shipping time", "Shopping"),
    "No refunds are given after 30 days.": ("the 30-day refund limit", "30-day limit", "Shopping"),
    "Refunds are not possible for sale items.": (
        "the no-refund rule for sale items", "sale-item refund rule", "Shopping"),
    "Customers can cancel their subscription at any time.": (
        "cancelling the subscription at any time", "cancellation", "Shopping"),
    "Statement balances are emailed on the first of each month.": (
        "the monthly balance e-mails", "balance e-mails", "Shopping"),
    "Yes, the museum is open on Mondays.": ("the museum opening on Mondays", "museum Mondays", "Visits"),
    "There is no entrance fee for children under 12.": (
        "free entry for children under 12", "child entry fee", "Visits"),
    "The hotel does not allow pets.": ("the hotel's pet policy", "hotel pets", "Visits"),
    "The library is closed on public holidays.": ("the library's holiday closures", "library holidays", "Visits"),
    "The train to Lyon leaves at 10:45 from platform 3.": ("the train to Lyon", "Lyon train", "Visits"),
    "The verdict in the trial was not guilty.": ("the outcome of the trial", "trial outcome", "Law"),
    "The jury reached a verdict after two days.": ("how long the jury took", "jury deliberation", "Law"),
    "Section 4 of the lease covers late payments.": ("what Section 4 of the lease covers", "lease Section 4", "Law"),
    "The Amazon is the largest rainforest in the world.": (
        "the Amazon being the largest rainforest", "Amazon size", "Geography"),
    "Mount Everest is 8,849 metres high.": ("the height of Mount Everest", "Everest height", "Geography"),
    "The river Loire is about 1,000 km long.": ("the length of the Loire", "Loire length", "Geography"),
    "The company was founded in 1998 in Seattle.": (
        "when and where the company was founded", "company founding", "Business"),
    "The report was published by the World Health Organization.": (
        "who published the report", "WHO report", "Business"),
    "Revenue in the third quarter rose by 12% compared with the second.": (
        "third-quarter revenue growth", "Q3 revenue", "Business"),
    "The recipe calls for 3 eggs and 200 g of flour.": ("the eggs and flour in the recipe", "recipe", "Home"),
}  # fmt: skip

_missing = set(STATEMENTS) - set(_NAMES)
if _missing:
    raise AssertionError(f"statements without a title: {sorted(_missing)}")
_titles = {v[0].lower() for v in _NAMES.values()}
_tags = {v[1].lower() for v in _NAMES.values()}
if len(_titles) != len(_NAMES) or len(_tags) != len(_NAMES):
    raise AssertionError("two statements share a title or a tag")


def _title(statement: str) -> str:
    return _NAMES[statement][0]


def _tag(statement: str) -> str:
    return _NAMES[statement][1]


def _topic(statement: str) -> str:
    return _NAMES[statement][2]


_TOPIC_NAMES: dict[str, tuple[str, str]] = {
    # (heading, a longer heading)
    "Education": ("Education", "John's studies and work"),
    "People": ("People", "Biographical facts"),
    "Landmarks": ("Landmarks", "Buildings and landmarks"),
    "Science": ("Science", "Science facts"),
    "Sport": ("Sport", "Sports history"),
    "Software": ("Software", "Software and releases"),
    "Health": ("Health", "Medicine and health"),
    "Insurance": ("Insurance", "Insurance and warranty"),
    "Shopping": ("Shopping", "Orders, refunds and accounts"),
    "Visits": ("Visits", "Opening times and visits"),
    "Law": ("Law", "Legal matters"),
    "Geography": ("Geography", "Geography"),
    "Business": ("Business", "Companies and reports"),
    "Home": ("Home", "Cooking"),
}


def _words(statement: str) -> list[str]:
    return _bare(statement).split()


# Words a grader does not stop a shortened quotation on.
_LINKING_WORDS = frozenset(
    ("a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "and", "or", "is", "are", "was", "were",
     "be", "has", "have", "it", "its", "that", "than", "from", "as", "about", "no", "not", "there")
)  # fmt: skip


def _opening(statement: str, statements: tuple[str, ...], *, least: int = 4) -> str:
    """The statement's opening words, at least two words past where it parts from every other
    statement drawn (and at least ``least`` words); the whole statement where that leaves little out."""
    words = _words(statement)
    shared = 0
    for other in statements:
        if other == statement:
            continue
        theirs = _words(other)
        k = 0
        while k < min(len(words), len(theirs)) and words[k].lower() == theirs[k].lower():
            k += 1
        shared = max(shared, k)
    cut = max(least, shared + 2)
    while cut < len(words) and words[cut - 1].lower().strip(",") in _LINKING_WORDS:
        cut += 1
    if cut >= len(words) - 1:
        return _bare(statement)
    return " ".join(words[:cut])


def _quote(d: Draw, i: int, style: str, length: str, ellipsis: str) -> str:
    """Statement ``i`` quoted whole or by its opening words, in the drawn quotation marks."""
    statement = d.statements[i]
    text = _bare(statement) if length == "full" else _opening(statement, d.statements)
    if text != _bare(statement):
        text += ellipsis
    opening, closing = _QUOTE_MARKS[style]
    return f"{opening}{text}{closing}"


_QUOTE_MARKS: dict[str, tuple[str, str]] = {"curly": ("“", "”"), "straight": ('"', '"'), "italic": ("*“", "”*")}


def _draw_quoting(d: Draw, prefix: str) -> tuple[str, str, str]:
    """(quote style, length, ellipsis) for one output."""
    style = d.dim(f"{prefix}_quote_marks", tuple(_QUOTE_MARKS))
    length = d.dim(f"{prefix}_quote_length", ("full", "opening"))
    ellipsis = d.dim(f"{prefix}_ellipsis", ("…", "...", " …"))
    return style, length, ellipsis


# ----------------------------------------------------------------- orders

_RANK_YES_FIRST = {True: 0, False: 1, None: 2}
_RANK_NO_FIRST = {False: 0, None: 1, True: 2}


def _shuffled(d: Draw, name: str) -> list[int]:
    """0..n-1 in an order drawn by the chooser (Fisher-Yates)."""
    order = list(range(d.n))
    for j in range(d.n - 1, 0, -1):
        k = d.ch.integer(name, 0, j)
        order[j], order[k] = order[k], order[j]
    return order


def _ordered(d: Draw, kind: str, name: str) -> list[int]:
    """The statements (indices) in the order the grader answers them."""
    if kind == "supported_first":
        return sorted(range(d.n), key=lambda i: (_RANK_YES_FIRST[d.truth[i]], i))
    if kind == "problems_first":
        return sorted(range(d.n), key=lambda i: (_RANK_NO_FIRST[d.truth[i]], i))
    if kind == "reversed":
        return list(range(d.n))[::-1]
    if kind == "alphabetical":
        return sorted(range(d.n), key=lambda i: d.statements[i].casefold())
    if kind == "shuffled":
        return _shuffled(d, name)
    raise AssertionError(kind)


# ----------------------------------------------------------------- 1. verdict_sorted_quotes

# (supported, not supported, undecided) as headings
_GROUP_LABELS: tuple[tuple[str, str, str], ...] = (
    ("Supported", "Not supported", "Undetermined"),
    ("Supported by the context", "Not supported by the context", "Cannot be determined from the context"),
    ("Entailed", "Not entailed", "Undecided"),
    ("Grounded", "Not grounded", "Unclear"),
    ("Holds", "Does not hold", "Can't tell"),
    ("Faithful", "Unfaithful", "Insufficient information"),
)
_GROUP_HEADINGS = ("{L}:", "**{L}:**", "### {L}", "{L} ({c}):", "{E} {L}", "{U}:")
_GROUP_EMOJI = ("✅", "❌", "❓")


@HELDOUT26
def verdict_sorted_quotes(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude 3.5 Sonnet and Gemini when the team's prompt says "list which statements are supported
    and which are not": a heading per verdict and the statements under it, quoted whole or by their opening words."""
    d = Draw(ch, "verdict_sorted_quotes", max_n=MAX_N)
    labels = d.dim("group_labels", _GROUP_LABELS)
    heading = d.dim("group_heading", _GROUP_HEADINGS)
    style, length, ellipsis = _draw_quoting(d, "group")
    bullet = d.dim("group_bullet", ("- ", "* ", "• ", "  - "))
    reasons = d.flag("group_reasons")
    first = d.dim("group_first", ("supported", "not_supported"))
    within = d.dim("group_within", ("given", "reversed"))
    empty = d.dim("group_empty", ("omit", "(none)", "None."))
    ink = d.use_ink(("supported",))  # explanations only
    kinds: list[Truth] = [True, False] if first == "supported" else [False, True]
    kinds.append(None)
    blocks = []
    for kind in kinds:
        members = [i for i in range(d.n) if d.truth[i] is kind]
        if within == "reversed":
            members.reverse()
        if not members and (kind is None or empty == "omit"):
            continue
        label = _of(kind, labels)
        head = heading.format(L=label, c=len(members), E=_of(kind, _GROUP_EMOJI), U=label.upper())
        lines = [head]
        for i in members:
            line = bullet + _quote(d, i, style, length, ellipsis)
            if reasons:
                line += f" — {ink.explanation(i, kind)}"
            lines.append(line)
        if not members:
            lines.append(bullet + empty if empty == "(none)" else empty)
        blocks.append("\n".join(lines))
    lead = d.dim("group_lead", ("none", "Sorted by verdict:", "Grouping the statements by verdict:",
                                "Here is how the statements fall:"))  # fmt: skip
    body = "\n\n".join(blocks)
    if lead != "none":
        body = f"{lead}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 2. clear_cut_first

_EASY_HARD_HEADS: tuple[tuple[str, str], ...] = (
    ("Let me start with the clear-cut ones.", "Now the ones that need a closer look."),
    ("**Straightforward**", "**Needs a closer look**"),
    ("Quick checks first:", "Then the harder cases:"),
    ("The easy ones:", "The trickier ones:"),
    ("Statements the context settles directly:", "Statements that take more reading:"),
)
_REF_NUMBER_FORMS = ("Statement {k}", "**Statement {k}**", "#{k}", "S{k}")


@HELDOUT26
def clear_cut_first(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet, Llama 3.1 70B and Mistral Large triaging: the statements the context settles at a glance
    first, the ones that need reading after, each named by call 1's number (and often a quote)."""
    d = Draw(ch, "clear_cut_first", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    heads = d.dim("easy_hard_heads", _EASY_HARD_HEADS)
    number = d.dim("easy_ref_number", _REF_NUMBER_FORMS)
    with_quote = d.dim("easy_ref_quote", ("none", "paren", "dash"))
    style, length, ellipsis = _draw_quoting(d, "easy")
    form = d.dim("easy_item_form", ("verdict_then_reason", "reason_then_verdict", "verdict_only"))
    hard_flags = [d.flag("hard_item") for _ in range(d.n)]
    hard = [i for i in range(d.n) if hard_flags[i] or d.truth[i] is None]
    easy = [i for i in range(d.n) if i not in hard]

    def item(i: int) -> str:
        truth = d.truth[i]
        ref = number.format(k=i + 1)
        if with_quote == "paren":
            ref += f" ({_quote(d, i, style, length, ellipsis)})"
        elif with_quote == "dash":
            ref += f" — {_quote(d, i, style, length, ellipsis)}"
        if form == "verdict_then_reason":
            return f"{ref}: {ink.word(i, truth)}. {ink.explanation(i, truth)}"
        if form == "reason_then_verdict":
            return f"{ref}: {ink.explanation(i, truth)} Verdict: {ink.word(i, truth)}."
        return f"{ref}: {ink.word(i, truth)}"

    if easy and hard:
        parts = [heads[0] + "\n\n" + "\n".join(item(i) for i in easy),
                 heads[1] + "\n\n" + "\n".join(item(i) for i in hard)]  # fmt: skip
    elif easy:
        parts = ["All of these are clear-cut:\n\n" + "\n".join(item(i) for i in easy)]
    else:
        parts = ["None of these is clear-cut, so one at a time:\n\n" + "\n".join(item(i) for i in hard)]
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 3. bottom_up_blocks

_BOTTOM_UP_NOTES = (
    "none",
    "(Working backwards from the last statement.)",
    "I'll go from the bottom of the list up.",
    "Starting with the last statement and working up:",
)
_BLOCK_MARKERS = ("Verdict: {v}", "**Verdict:** {v}", "Answer: {v}", "Judgment: {v}", "Conclusion: {v}")


@HELDOUT26
def bottom_up_blocks(ch: Chooser) -> BlindOutput:
    """GPT-3.5, Mistral 7B and Llama 3 8B answering the legacy prompt from the last statement up (the statement
    the answer just ended on is the freshest), each block labelled; the closing line back in call 1's order."""
    d = Draw(ch, "bottom_up_blocks", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    note = d.dim("bottom_up_note", _BOTTOM_UP_NOTES)
    label = d.dim("bottom_up_label", ("statement_echo", "statement_only", "bold_number_echo"))
    marker = d.dim("bottom_up_marker", _BLOCK_MARKERS)
    order = d.dim("bottom_up_marker_order", ("explanation_first", "verdict_first"))
    blocks = []
    for i in reversed(range(d.n)):
        statement, truth = d.statements[i], d.truth[i]
        head = {
            "statement_echo": f"Statement {i + 1}: {statement}",
            "statement_only": f"Statement {i + 1}:",
            "bold_number_echo": f"**{i + 1}. {statement}**",
        }[label]
        explanation = f"Explanation: {ink.explanation(i, truth)}"
        verdict = marker.format(v=ink.word(i, truth)) + "."
        lines = [head, explanation, verdict] if order == "explanation_first" else [head, verdict, explanation]
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if note != "none":
        body = f"{note}\n\n{body}"
    if d.flag("bottom_up_recap", weight_off=2):
        recap = "; ".join(f"Statement {i + 1} — {ink.word(i, t)}" for i, _s, t in d.items())
        body += f"\n\nIn the original order: {recap}."
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- 4. alphabetized_echo

_ALPHA_INTROS = (
    "none",
    "Statements sorted alphabetically:",
    "(Deduplicated and sorted A–Z before grading.)",
    "I've put the statements in alphabetical order:",
)
_ALPHA_FORMS = ("{s} — {v}", "{s} → {v}", "“{b}”: {v}", "{s} [{v}]", "{v} — “{b}”", "{s}\n  {v}")


@HELDOUT26
def alphabetized_echo(ch: Chooser) -> BlindOutput:
    """A team's pipeline that deduplicates the statements with a set and sends them sorted, and GPT-4o mini or
    Qwen 2.5 echoing each back in that order with its verdict (sorted numbers only where the sort is said)."""
    d = Draw(ch, "alphabetized_echo", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    intro = d.dim("alpha_intro", _ALPHA_INTROS)
    form = d.dim("alpha_form", _ALPHA_FORMS)
    enumerations = ("none", "bullet", "sorted_numbers") if intro not in ("none",) else ("none", "bullet")
    enumeration = d.dim("alpha_enumeration", enumerations)
    if "[{v}]" in form:
        ink.decorate(exclude=("arrow", "bracket", "angle", "emoji_before", "emoji_after", "emoji_only"))
    else:
        ink.decorate(exclude=("arrow",))
    ink.annotate(allowed="[{v}]" not in form)
    lines = []
    for position, i in enumerate(_ordered(d, "alphabetical", "alpha"), 1):
        statement, truth = d.statements[i], d.truth[i]
        line = form.format(s=statement, b=_bare(statement), v=ink.token(i, truth, annotate=True))
        if enumeration == "bullet":
            line = "- " + line
        elif enumeration == "sorted_numbers":
            line = f"{position}. {line}"
        lines.append(line)
    body = ("\n\n" if "\n" in form else "\n").join(lines)
    if intro != "none":
        body = f"{intro}\n\n{body}"
    return d.done(d.frame(body, think=enumeration != "sorted_numbers"))


# ----------------------------------------------------------------- 5. relisted_new_numbers

_RELIST_INTROS: dict[str, tuple[str, ...]] = {
    "topic": (
        "I've regrouped the statements by topic and renumbered them:",
        "Reordered by subject (my numbering, not the original order):",
    ),
    "shuffled": (
        "Here are the statements in the order I checked them, with my own numbering:",
        "Renumbered in the order I went through them:",
    ),
    "reversed": (
        "Listing the statements from last to first, renumbered:",
        "My numbering below runs from the last statement to the first:",
    ),
}
_RELIST_LABELS = ("{k}.", "({k})", "R{k}", "Claim {k}:", "{L}.")
_RELIST_VERDICT_HEADS = (
    "Verdicts (numbers refer to my list above):",
    "Verdicts by my numbering:",
    "Results, using the numbers from my list:",
)
_RELIST_LINES = ("{r} {v}", "{r} → {v}", "{r} {v} — {e}")


def _label_core(label: str) -> str:
    """How a verdict line names a relisted item: "R2", "Claim 2", "(2)", "2."."""
    return label[:-1] if label.endswith(":") else label


@HELDOUT26
def relisted_new_numbers(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 Pro and GPT-4o reorganising before judging: the statements re-listed in the grader's own order
    (by topic, as checked, last to first) with new numbers, then verdicts by those new numbers."""
    d = Draw(ch, "relisted_new_numbers", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    kind = d.dim("relist_order", tuple(_RELIST_INTROS))
    if kind == "topic":
        order = sorted(range(d.n), key=lambda i: (_topic(d.statements[i]), i))
    else:
        order = _ordered(d, kind, "relist_shuffle")
    intro = d.dim("relist_intro", _RELIST_INTROS[kind])
    label = d.dim("relist_label", _RELIST_LABELS)
    head = d.dim("relist_verdict_head", _RELIST_VERDICT_HEADS)
    line_form = d.dim("relist_line", _RELIST_LINES)
    spaced = d.flag("relist_blank_line")
    labels = [label.format(k=r + 1, L="ABCDEFGHIJ"[r]) for r in range(d.n)]
    listed = [f"{labels[r]} {d.statements[i]}" for r, i in enumerate(order)]
    verdicts = []
    for r, i in enumerate(order):
        truth = d.truth[i]
        ref = _label_core(labels[r]) if line_form == "{r} → {v}" else labels[r]
        verdicts.append(line_form.format(r=ref, v=ink.word(i, truth), e=ink.explanation(i, truth)))
    gap = "\n\n" if spaced else "\n"
    body = f"{intro}\n{gap.join(listed)}\n\n{head}\n" + "\n".join(verdicts)
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 6. letters_answered_shuffled

_LETTER_LEGENDS = (
    "I'll refer to the statements by letter, in the order given:",
    "Labels:",
    "For reference:",
)
_LETTER_NOTES = (
    "(Statements lettered {r} in the order they were given.)",
    "Lettering the statements {t} as received.",
)
_LETTER_ITEMS = ("({l}) {v}", "{l}) {v} — {e}", "Statement ({l}): {v}", "[{U}] {v}")


@HELDOUT26
def letters_answered_shuffled(ch: Chooser) -> BlindOutput:
    """Claude 3 Haiku, Command R+ and Llama 3.1 70B lettering the statements (a), (b), (c) in the order received and
    answering the letters in another order (problems first, supported first, last first, or as they came to it)."""
    d = Draw(ch, "letters_answered_shuffled", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow",))
    letters = "abcdefghij"
    key = d.dim("letter_key", ("legend", "note"))
    item = d.dim("letter_item", _LETTER_ITEMS)
    order = _ordered(d, d.dim("letter_order", ("problems_first", "supported_first", "reversed", "shuffled")),
                     "letter_shuffle")  # fmt: skip
    upper = "{U}" in item
    first, last = (letters[0], letters[d.n - 1]) if not upper else (letters[0].upper(), letters[d.n - 1].upper())
    if key == "legend":
        head = d.dim("letter_legend", _LETTER_LEGENDS)
        legend = [f"({letters[i].upper() if upper else letters[i]}) {s}" for i, s, _t in d.items()]
        key_text = head + "\n" + "\n".join(legend)
    else:
        span, spelled = (first, first) if d.n == 1 else (f"{first}–{last}", f"{first} to {last}")
        key_text = d.dim("letter_note", _LETTER_NOTES).format(r=span, t=spelled)
    lines = []
    for i in order:
        truth = d.truth[i]
        lines.append(item.format(l=letters[i], U=letters[i].upper(), v=ink.token(i, truth),
                                 e=ink.explanation(i, truth)))  # fmt: skip
    results = d.dim("letter_results_head", ("none", "Verdicts:", "Results:"))
    body = "\n".join(lines) if results == "none" else results + "\n" + "\n".join(lines)
    return d.done(d.frame(f"{key_text}\n\n{body}"))


# ----------------------------------------------------------------- 7. zero_based_shuffled

_ZERO_VALUES: tuple[tuple[str, str, str], ...] = (
    ("yes", "no", "unclear"),
    ("supported", "not supported", "undetermined"),
    ("SUPPORTED", "NOT_SUPPORTED", "UNDETERMINED"),
    ("entailed", "not_entailed", "unknown"),
)
_ZERO_LINES = ("[{j}] {v}", "idx {j} → {v}", "statements[{j}]: {v}", "#{j} = {v}")
_ZERO_NOTES = (
    "(0-based indices into the statement list.)",
    "Indices are 0-based: 0 is the first statement.",
    "Note: indexing starts at 0.",
)


@HELDOUT26
def zero_based_shuffled(ch: Chooser) -> BlindOutput:
    """Qwen2.5-Coder, DeepSeek-Coder and a function-calling pipeline's log: verdicts keyed by 0-based index, in
    verdict order or as the loop finished them (lines, a Python dict print, JSON with its index_base)."""
    d = Draw(ch, "zero_based_shuffled", max_n=MAX_N)
    values = d.dim("zero_values", _ZERO_VALUES)
    order = _ordered(d, d.dim("zero_order", ("supported_first", "problems_first", "reversed", "shuffled")),
                     "zero_shuffle")  # fmt: skip
    form = d.dim("zero_form", ("lines", "python_dict", "json_objects", "json_lists"))
    echo = form == "lines" and d.flag("zero_echo")
    if form == "lines":
        line = d.dim("zero_line", _ZERO_LINES)
        note = d.dim("zero_note", _ZERO_NOTES)
        rows = []
        for i in order:
            text = line.format(j=i, v=_of(d.truth[i], values))
            if echo:
                text += f"  ({_bare(d.statements[i])})"
            rows.append(text)
        where = d.dim("zero_note_position", ("before", "after"))
        body = "\n".join(rows)
        body = f"{note}\n{body}" if where == "before" else f"{body}\n\n{note}"
    elif form == "python_dict":
        items = ", ".join(f"{i}: {_of(d.truth[i], values)!r}" for i in order)
        comment = d.dim("zero_comment", ("# keys: 0-based statement index", "# index (from 0) -> verdict"))
        body = f"```python\n{comment}\nverdicts = {{{items}}}\n```"
    elif form == "json_objects":
        data = {"index_base": 0, "results": [{"index": i, "verdict": _of(d.truth[i], values)} for i in order]}
        body = "```json\n" + json.dumps(data, indent=2) + "\n```"
    else:
        lists: dict[str, object] = {"index_base": 0}
        for truth, name in ((True, "supported"), (False, "not_supported"), (None, "undetermined")):
            members = [i for i in order if d.truth[i] is truth]
            if members or truth is not None:
                lists[name] = members
        body = json.dumps(lists, indent=d.dim("zero_json_indent", (None, 2)))
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 8. nickname_rundown

_NICK_ITEMS = (
    "the one about {t}: {v}",
    "{T} → {v}",
    "{G}: {v}",
    "**{T}** — {v}",
    "{T}? {v}.",
)
_NICK_SENTENCES: tuple[str, str, str] = (
    "{T} is backed by the context.",
    "{T} is not backed by the context.",
    "{T} can't be confirmed or ruled out from the context.",
)
_NICK_INTROS = ("none", "Quick rundown:", "Here's how they stack up:", "Short version:")


@HELDOUT26
def nickname_rundown(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude 3.5 Haiku in a chat tone, and Gemini Flash: each statement called by a nickname or keyword
    ("the one about the Eiffel Tower's height: supported", "Super Bowl venue → no"), in the order they come to mind."""
    d = Draw(ch, "nickname_rundown", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    form = d.dim("nick_form", ("items", "items", "sentences"))
    order = _ordered(d, d.dim("nick_order", ("shuffled", "supported_first", "problems_first")), "nick_shuffle")
    intro = d.dim("nick_intro", _NICK_INTROS)
    if form == "items":
        item = d.dim("nick_item", _NICK_ITEMS)
        bullet = d.dim("nick_bullet", ("- ", "• ", ""))
        lines = []
        for i in order:
            statement, truth = d.statements[i], d.truth[i]
            text = item.format(t=_title(statement), T=_upper_first(_title(statement)), G=_tag(statement),
                               v=ink.word(i, truth))  # fmt: skip
            lines.append(bullet + _upper_first(text))
        body = "\n".join(lines)
    else:
        joiner = d.dim("nick_join", (" ", "\n"))
        body = joiner.join(_of(d.truth[i], _NICK_SENTENCES).format(T=_upper_first(_title(d.statements[i])))
                           for i in order)  # fmt: skip
    if intro != "none":
        body = f"{intro}\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 9. topic_sections

_TOPIC_HEADINGS = ("### {H}", "**{H}**", "{H}:", "{U}", "[{H}]")
_TOPIC_ITEMS = ("{T}: {v}", "{Q} — {v}", "Statement {k} ({t}): {v}", "{G} → {v}")


@HELDOUT26
def topic_sections(ch: Chooser) -> BlindOutput:
    """Gemini 2.0 and GPT-4o formatting for a reader: a section per topic, the statements inside it named by title,
    quote, or call 1's number with a title, so the answer follows topics rather than call 1's order."""
    d = Draw(ch, "topic_sections", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow",))
    ink.annotate()
    heading = d.dim("topic_heading", _TOPIC_HEADINGS)
    names = d.dim("topic_names", ("short", "long"))
    group_order = d.dim("topic_group_order", ("first_seen", "alphabetical"))
    item = d.dim("topic_item", _TOPIC_ITEMS)
    style, length, ellipsis = _draw_quoting(d, "topic")
    explain = d.flag("topic_explain", weight_off=2)
    topics: list[str] = []
    for statement in d.statements:
        if _topic(statement) not in topics:
            topics.append(_topic(statement))
    if group_order == "alphabetical":
        topics.sort(key=lambda t: _TOPIC_NAMES[t][0 if names == "short" else 1])
    blocks = []
    for topic in topics:
        name = _TOPIC_NAMES[topic][0 if names == "short" else 1]
        lines = [heading.format(H=name, U=name.upper())]
        for i, statement, truth in d.items():
            if _topic(statement) != topic:
                continue
            text = item.format(T=_upper_first(_title(statement)), t=_title(statement), G=_tag(statement),
                               Q=_quote(d, i, style, length, ellipsis), k=i + 1, v=ink.token(i, truth))  # fmt: skip
            if explain:
                text += f". {ink.explanation(i, truth)}"
            lines.append("- " + text)
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 10. numbers_and_quotes_mixed

_MIXED_NUMBERS = ("Statement {k}", "#{k}", "S{k}", "Claim {k}")


@HELDOUT26
def numbers_and_quotes_mixed(ch: Chooser) -> BlindOutput:
    """DeepSeek V3, GPT-4o mini and Llama 3.1 8B jumping around the list: some verdicts by call 1's number, some by a
    quote of the statement, some by both, in no fixed order."""
    d = Draw(ch, "numbers_and_quotes_mixed", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow",))
    ink.annotate()
    number = d.dim("mixed_number", _MIXED_NUMBERS)
    style, length, ellipsis = _draw_quoting(d, "mixed")
    order = _ordered(d, d.dim("mixed_order", ("shuffled", "shuffled", "supported_first", "problems_first",
                                               "reversed")), "mixed_shuffle")  # fmt: skip
    separator = d.dim("mixed_separator", (": ", " — ", " → "))
    bullet = d.dim("mixed_bullet", ("", "- ", "* "))
    lines = []
    for i in order:
        kind = d.ch.pick("mixed_ref", ("number", "quote", "both"))
        quote = _quote(d, i, style, length, ellipsis)
        ref = {"number": number.format(k=i + 1), "quote": quote,
               "both": f"{number.format(k=i + 1)} ({quote})"}[kind]  # fmt: skip
        lines.append(f"{bullet}{ref}{separator}{ink.token(i, d.truth[i])}")
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 11. verdict_sorted_table

_SORTED_COLUMNS: tuple[tuple[str, ...], ...] = (
    ("#", "Statement", "Verdict"),
    ("Verdict", "#", "Statement"),
    ("Statement", "Verdict"),
    ("Orig. #", "Statement", "Verdict", "Reason"),
    ("Statement #", "Statement", "Supported?"),
)
_SORTED_CAPTIONS = ("none", "Sorted by verdict.", "(Table sorted by the verdict column.)",
                    "Rows are sorted by verdict; # is the statement's original number.")  # fmt: skip


@HELDOUT26
def verdict_sorted_table(ch: Chooser) -> BlindOutput:
    """A markdown table sorted by its verdict column: GPT-4o asked to "put the unsupported ones at the top", or a
    team's notebook that sorts the grader's table before storing it; call 1's number and the statement in each row."""
    d = Draw(ch, "verdict_sorted_table", max_n=MAX_N)
    columns = d.dim("sorted_columns", _SORTED_COLUMNS)
    vocabularies = ("yes_no",) if "Supported?" in columns else WORD_VOCABULARIES
    ink = d.use_ink(vocabularies)
    ink.decorate()
    order = _ordered(d, d.dim("sorted_order", ("supported_first", "problems_first")), "sorted")
    caption = d.dim("sorted_caption", _SORTED_CAPTIONS)
    if caption.endswith("original number.") and columns[0] == "Statement":
        caption = "Sorted by verdict."
        d.dims["sorted_caption"] = caption
    rows = ["| " + " | ".join(columns) + " |", "|" + "|".join("---" for _ in columns) + "|"]
    for i in order:
        truth = d.truth[i]
        cells = {
            "#": str(i + 1), "Orig. #": str(i + 1), "Statement #": str(i + 1),
            "Statement": d.statements[i], "Verdict": ink.token(i, truth, annotate=False),
            "Supported?": ink.token(i, truth, annotate=False), "Reason": ink.explanation(i, truth),
        }  # fmt: skip
        rows.append("| " + " | ".join(cells[c] for c in columns) + " |")
    body = "\n".join(rows)
    if caption != "none":
        body = f"{caption}\n\n{body}" if d.flag("caption_above") else f"{body}\n\n{caption}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 12. sorted_ragas_json

_JSON_KEY_ORDERS = (("statement", "reason", "verdict"), ("statement", "verdict", "reason"),
                    ("statement_number", "statement", "verdict"), ("id", "statement", "reason", "verdict"))  # fmt: skip
_JSON_WORDS: tuple[tuple[str, str, str], ...] = (
    ("yes", "no", "unclear"),
    ("supported", "not supported", "undetermined"),
    ("entailed", "not entailed", "cannot determine"),
)


@HELDOUT26
def sorted_ragas_json(ch: Chooser) -> BlindOutput:
    """RAGAS-style JSON whose objects are not in call 1's order: GPT-4o in JSON mode asked to put the supported
    statements first, or a pipeline that sorted the items (by verdict, or reversed) before saving them."""
    d = Draw(ch, "sorted_ragas_json", max_n=MAX_N)
    ink = d.use_ink(("supported",))  # explanations only
    keys = d.dim("sorted_json_keys", _JSON_KEY_ORDERS)
    value_kind = d.dim("sorted_json_value", ("int", "word"))
    words = d.dim("sorted_json_words", _JSON_WORDS) if value_kind == "word" else _JSON_WORDS[0]
    order = _ordered(d, d.dim("sorted_json_order", ("supported_first", "problems_first", "reversed")),
                     "sorted_json")  # fmt: skip
    items = []
    for i in order:
        truth = d.truth[i]
        verdict: int | str | None = (
            (None if truth is None else int(truth)) if value_kind == "int" else _of(truth, words)
        )
        fields: dict[str, object] = {"statement_number": i + 1, "id": i + 1, "statement": d.statements[i],
                                     "reason": ink.explanation(i, truth), "verdict": verdict}  # fmt: skip
        items.append({key: fields[key] for key in keys})
    wrap = d.dim("sorted_json_wrap", ("statements", "bare"))
    data: object = {"statements": items} if wrap == "statements" else items
    indent = d.dim("sorted_json_indent", (2, 4, None))
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    if d.flag("sorted_json_fence"):
        text = f"```json\n{text}\n```"
    lead = d.dim("sorted_json_lead", ("none", "Here is the JSON, supported statements first:",
                                      "Here is the JSON output:", "Sorted as requested:"))  # fmt: skip
    if lead == "Here is the JSON, supported statements first:" and order != _ordered(d, "supported_first", "x"):
        lead = "Here is the JSON output:"
        d.dims["sorted_json_lead"] = lead
    if lead != "none":
        text = f"{lead}\n\n{text}"
    if value_kind == "int" and None in d.truth:
        text += "\n\nverdict null: the context neither confirms nor denies the statement."
    return d.done(d.frame(text, think=False, tally=False))


# ----------------------------------------------------------------- 13. context_passage_walk

_PASSAGE_NAMES = ("Passage {p}", "[Doc {p}]", "Chunk {p}", "Source {p}")
_PASSAGE_INTROS = (
    "Going through the context passage by passage:",
    "I'll walk through the retrieved passages in order and note which statement each one bears on.",
    "Checking each source in turn:",
)
_LEFTOVER_HEADS = ("Not covered by any passage:", "Nothing in the context addresses:", "Left over:")


@HELDOUT26
def context_passage_walk(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet and Command R+ (citation-minded) walking the context passage by passage and naming the
    statement each passage backs, contradicts or leaves open; the statements no passage touches come last."""
    d = Draw(ch, "context_passage_walk", max_n=MAX_N)
    ink = d.use_ink(("supported", "yes_no", "entailed"))
    passage = d.dim("passage_name", _PASSAGE_NAMES)
    intro = d.dim("passage_intro", _PASSAGE_INTROS)
    leftover_head = d.dim("leftover_head", _LEFTOVER_HEADS)
    style, length, ellipsis = _draw_quoting(d, "passage")
    ref_form = d.dim("passage_ref", ("statement_quote", "statement_title", "quote"))
    count = d.ch.integer("passages", 2, 5)
    d.dims["passages"] = str(count)
    homes: list[int | None] = []
    for _i, _s, truth in d.items():
        where = d.ch.integer("passage_of", 0, count)  # 0: no passage touches it
        if truth is True and where == 0:
            where = 1 + d.ch.integer("passage_backing", 0, count - 1)
        homes.append(where or None)

    def ref(i: int) -> str:
        quote = _quote(d, i, style, length, ellipsis)
        return {"statement_quote": f"statement {i + 1} ({quote})",
                "statement_title": f"statement {i + 1} ({_title(d.statements[i])})",
                "quote": quote}[ref_form]  # fmt: skip

    blocks = []
    for p in range(1, count + 1):
        name = passage.format(p=p)
        members = [i for i in range(d.n) if homes[i] == p]
        if not members:
            blocks.append(f"{name}: background only; it bears on none of the statements.")
            continue
        lines = [f"{name}:"]
        for i in members:
            truth = d.truth[i]
            relation = _of(truth, ("backs", "contradicts", "touches on, but is ambiguous about,"))
            lines.append(f"- It {relation} {ref(i)}. Verdict: {ink.word(i, truth)}.")
        blocks.append("\n".join(lines))
    leftovers = [i for i in range(d.n) if homes[i] is None]
    if leftovers:
        lines = [leftover_head]
        for i in leftovers:
            lines.append(f"- {_upper_first(ref(i))}. Verdict: {ink.word(i, d.truth[i])}.")
        blocks.append("\n".join(lines))
    return d.done(d.frame(intro + "\n\n" + "\n\n".join(blocks)))


# ----------------------------------------------------------------- 14. confidence_ranked

_RANK_HEADS = ("Ranked from most to least confident:", "My verdicts, most certain first:",
               "Ordered by confidence (highest first):")  # fmt: skip
_RANK_LINES = (
    "{r}. Statement {k} — {v} (confidence: {c})",
    "Rank {r}: Statement {k} ({q}) → {v}, confidence {c}",
    "{r}. {q} — {v} [{c}]",
)


@HELDOUT26
def confidence_ranked(ch: Chooser) -> BlindOutput:
    """GPT-4 Turbo and o1-mini asked for a confidence per verdict, which they then sort by: rank numbers beside call
    1's statement numbers (or quotes), the least certain last."""
    d = Draw(ch, "confidence_ranked", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    head = d.dim("rank_head", _RANK_HEADS)
    line = d.dim("rank_line", _RANK_LINES)
    scale = d.dim("rank_scale", ("decimal", "percent", "words"))
    style, length, ellipsis = _draw_quoting(d, "rank")
    confidences = []
    for _i, _s, truth in d.items():
        base = d.ch.integer("confidence", 70, 99) if truth is not None else d.ch.integer("confidence", 30, 55)
        confidences.append(base)
    order = sorted(range(d.n), key=lambda i: (-confidences[i], i))

    def shown(c: int) -> str:
        if scale == "decimal":
            return f"0.{c:02d}"
        if scale == "percent":
            return f"{c}%"
        return "high" if c >= 85 else "medium" if c >= 60 else "low"

    lines = [head]
    for r, i in enumerate(order, 1):
        lines.append(line.format(r=r, k=i + 1, v=ink.word(i, d.truth[i]), c=shown(confidences[i]),
                                 q=_quote(d, i, style, length, ellipsis)))  # fmt: skip
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 15. claim_id_echo


def _numeric(text: str) -> bool:
    """Would the id read as a number ("123", "1e5")?"""
    try:
        float(text)
    except ValueError:
        return False
    return True


_ID_FORMS = ("c{h}", "clm_{h}", "{h}")
_ID_HEADS = ("Claims received:", "Claim IDs:", "Input claims:")
_ID_RESULT_HEADS = ("Results:", "Verdicts by claim ID:", "Results (in the order I checked them):")
_ID_LINES = ("{id}: {v}", "[{id}] {v}", "{id} → {v} — {e}", "claim {id}: {v}")


@HELDOUT26
def claim_id_echo(ch: Chooser) -> BlindOutput:
    """A team's pipeline that sends each statement under a short claim id; GPT-4o and Claude echo the ids with their
    statements, then give the verdicts by id in their own order (problems first, or as checked)."""
    d = Draw(ch, "claim_id_echo", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    ink.decorate(exclude=("arrow",))
    form = d.dim("id_form", _ID_FORMS)
    ids: list[str] = []
    while len(ids) < d.n:
        code = f"{d.ch.integer('id_hex', 0x100, 0xFFF):03x}"
        candidate = form.format(h=code)
        if candidate not in ids and not _numeric(candidate):
            ids.append(candidate)
    head = d.dim("id_head", _ID_HEADS)
    result_head = d.dim("id_result_head", _ID_RESULT_HEADS)
    line = d.dim("id_line", _ID_LINES)
    order = _ordered(d, d.dim("id_order", ("problems_first", "supported_first", "shuffled")), "id_shuffle")
    echoed = [f"[{ids[i]}] {s}" for i, s, _t in d.items()]
    results = [line.format(id=ids[i], v=ink.token(i, d.truth[i]), e=ink.explanation(i, d.truth[i])) for i in order]
    body = f"{head}\n" + "\n".join(echoed) + f"\n\n{result_head}\n" + "\n".join(results)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 16. reordered_then_refused

_REORDER_STARTS = ("topic", "alphabetical", "easy_first", "none")
_REFUSAL_ENDS = (
    "However, the context section is empty, so I can't say whether any of them is supported.",
    "Unfortunately, no context was provided, so I cannot evaluate them.",
    "I'm sorry, but the context you gave is about a different subject, so I can't judge these statements.",
    "I can't give verdicts on these without the retrieved passages. Could you share the context?",
)


@HELDOUT26
def reordered_then_refused(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Llama 3 starting to reorganise the statements (by topic, A-Z, easiest first) and then
    declining because the context is missing or off-topic: no statement gets a verdict."""
    d = Draw(ch, "reordered_then_refused", unknowns=False, max_n=MAX_N)
    start = d.dim("reorder_start", _REORDER_STARTS)
    end = d.dim("refusal_end", _REFUSAL_ENDS)
    show = d.dim("reorder_show", ("title", "statement"))

    def shown(i: int) -> str:
        return _upper_first(_title(d.statements[i])) if show == "title" else d.statements[i]

    if start == "topic":
        topics: list[str] = []
        for statement in d.statements:
            if _topic(statement) not in topics:
                topics.append(_topic(statement))
        blocks = []
        for topic in topics:
            members = [i for i in range(d.n) if _topic(d.statements[i]) == topic]
            blocks.append(f"**{_TOPIC_NAMES[topic][0]}**\n" + "\n".join(f"- {shown(i)}" for i in members))
        text = "Grouping the statements by topic first:\n\n" + "\n\n".join(blocks) + "\n\n" + end
    elif start == "alphabetical":
        order = sorted(range(d.n), key=lambda i: shown(i).casefold())
        text = ("Sorting the statements alphabetically first:\n" + "\n".join(f"{r}. {shown(i)}" for r, i in
                enumerate(order, 1)) + "\n\n" + end)  # fmt: skip
    elif start == "easy_first":
        text = (f"I was going to start with the easier statements (the one about {_title(d.statements[-1])}, "
                f"for example) and work back to the first one. {end}")  # fmt: skip
    else:
        text = end
    if d.flag("refusal_think", weight_off=3):
        text = ("<think>\nI want to order these by topic, but there is no context to check any of them against. "
                "I should say so.\n</think>\n\n" + text)  # fmt: skip
    return d.refused(text)
