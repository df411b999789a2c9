"""A SEVENTEENTH HELD-OUT set of blind layouts: statements that look like layout, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout17``); do not read it while
developing the reader. Written from what real RAG answers assert and what call 1 makes of
them (GPT-4o, GPT-4o-mini, Claude, Llama 3, Qwen, Mistral, Gemini, small local models
splitting product pages, manuals, spec sheets, changelogs, clinical summaries and support
answers into statements), and from how graders echo those statements in ordinary call-2
answers. The statements themselves have the shapes a verdict list has: they begin with a
number or a numbered item ("3 of the 5 trials ...", "2. The second step is ..." quoted from a
manual), hold a colon and a yes/no-like value ("Pets allowed: no.", "Breakfast included:
true."), ranges and versions ("1-3 years", "v2.1–2.4"), times and scores ("10:45", "4/5
stars", "0 / 1"), inline code and file paths, URLs and e-mail addresses full of dots, emoji
(✅, ❌, ✓), quotations inside quotations, short lists ("Red, green and blue ..."), line breaks
inside a statement (a call 1 that wraps its numbered items), several hundred characters, eight
to ten of them, and pairs that differ in one number only. The grader's answers are the
ordinary ones: echoes with a verdict, the legacy prompt's blocks and final line, numbered
verdicts, a markdown table, RAGAS JSON with the statement text, bullets with "→ Yes", 1/0
verdicts under a legend, and refusals that quote the statements.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words, casing and decoration, undecided items, explanations) and
``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing count, the legacy final line, a
sign-off), over this set's own statement pools (alone, or mixed with each other and with
``_draw``'s statements). Call 1 is graders.py's, except that a statement holding a straight
double quote is never written as JSON (call 1 would escape it), and statements with a line
break are written as a numbered or bulleted list whose continuation lines are indented.
Only outputs a careful person reads without doubt are drawn: every verdict stands where a
verdict stands (after an arrow, a dash, a label, in a verdict column or key), statements
that begin with "Yes" or "No" never sit right after a verdict, 1/0 verdicts always come
with their legend, and an undecided item is said to be undecided.

    HELDOUT17.draw(RandomChooser(random.Random(7)))     # one output, layout chosen uniformly
    heldout17_outputs(layout="range_version_table")     # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    STATEMENTS,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    leads_with_verdict_word,
)
from tests.scoring.graders import CALL1_STYLES, Chooser, Forced, Truth, render_statements_output

HELDOUT17 = LayoutSet("heldout17")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout17_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the seventeenth held-out set (one layout when named)."""
    return HELDOUT17.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks or before a colon."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _one_line(statement: str) -> str:
    """A statement that call 1 wrapped, as a grader that unwraps it echoes it."""
    return " ".join(part.strip() for part in statement.split("\n"))


# ----------------------------------------------------------------- this set's statements

LEADING_NUMBERS: tuple[str, ...] = (
    "3 of the 5 trials reported fewer side effects with the lower dose.",
    "12 patients withdrew from the study before week 8.",
    "2023 was the company's first profitable year.",
    "40% of respondents said they would renew their subscription.",
    "1 in 4 adults does not get enough exercise.",
    "0 defects were found in the final inspection.",
    "7 of the 10 largest banks use the payment system.",
    "100 g of almonds contains about 21 g of protein.",
    "2 weeks' notice is required to cancel the lease.",
    "15 minutes after the alarm, the fire brigade arrived.",
    "5 stars is the highest rating the guide awards.",
    "1998 is the year the bridge reopened to traffic.",
)
MANUAL_STEPS: tuple[str, ...] = (
    "2. The second step is to remove the battery cover.",
    "1. Switch off the power at the mains before opening the unit.",
    "3. Connect the red cable to the positive terminal.",
    "4. Press and hold the reset button for 10 seconds.",
    "5. Wait until the light turns green, then release the button.",
    "Step 2: Insert the SIM card with the gold contacts facing down.",
    "Step 6 of the manual says to tighten each screw by hand first.",
    "1) Open Settings, 2) tap Privacy, 3) turn off Location.",
    "2.1 Unpack the printer and remove all orange tape.",
    "3.4 Do not use the device while it is charging.",
    "10. Register the product online within 30 days.",
    "(a) The filter must be cleaned every 2 weeks.",
)
COLON_FACTS: tuple[str, ...] = (
    "Pets allowed: no.",
    "Status: active.",
    "Parking: yes, free for hotel guests.",
    "Refundable: no.",
    "Wheelchair accessible: yes.",
    "Breakfast included: true.",
    "The court's verdict: not guilty.",
    "Result: negative for influenza A.",
    "Open on Sundays: no.",
    "In stock: yes (12 units).",
    "Account verified: false.",
    "Smoking permitted: no.",
    "Free cancellation: until 48 hours before arrival.",
    "Answer to question 3: B (correct).",
    "Platforms supported: Windows and macOS.",
    "Outcome of the safety inspection: pass.",
)
RANGES_VERSIONS: tuple[str, ...] = (
    "The warranty covers 1-3 years depending on the model.",
    "Versions v2.1–2.4 are affected by the bug.",
    "The recommended dose is 5–10 mg per day.",
    "Delivery takes 3-5 business days.",
    "Children aged 6-12 pay half price.",
    "The office is open 9:00-17:00 on weekdays.",
    "The study ran 2019–2021.",
    "Pages 45–52 cover the safety instructions.",
    "Python 3.8-3.12 are supported.",
    "Temperatures range from -5 to 10 °C in January.",
    "Rooms cost 120–180 euros per night.",
    "The fix shipped in release 4.2.0-rc.1.",
    "Sections 2.3–2.7 describe the API.",
    "Tickets cost $10-$15.",
)
TIMES_SCORES: tuple[str, ...] = (
    "The ferry leaves at 10:45.",
    "The hotel is rated 4/5 stars.",
    "The build passed 0 / 1 integration tests.",
    "The match ended 2-1 to the home team.",
    "Check-in opens at 15:00.",
    "The film scored 7.8/10 on IMDb.",
    "The baby's Apgar score was 9/10 at five minutes.",
    "The app has a 1/5 rating from 300 reviews.",
    "Half-time score: 0-0.",
    "The marathon was won in 2:03:45.",
    "The exam is marked out of 100, with 50/100 needed to pass.",
    "The meeting was moved from 14:30 to 16:00.",
    "The product scored 3 out of 5 for durability.",
    "The quiz awards 1 point for each yes and 0 for each no.",
)
CODE_PATHS: tuple[str, ...] = (
    "The config file is at `/etc/nginx/nginx.conf`.",
    "Run `pip install -U requests` to upgrade the library.",
    "`parse_args()` returns a `Namespace` object.",
    "Logs are written to `/var/log/app/2024-05-01.log`.",
    "Set `DEBUG=False` in production.",
    "The `--dry-run` flag prints the changes without applying them.",
    "`git reset --hard HEAD~1` discards the last commit.",
    "The `is_active` field defaults to `true`.",
    "Use `SELECT COUNT(*) FROM users;` to count the users.",
    "The script exits with code `1` on error.",
    "User settings are stored in `~/.config/app/settings.yaml`.",
    "The function `is_valid()` returns `None` when the input is empty.",
    "`npm test -- --verbose` runs the tests with full output.",
    "The default port is `8080`, set in `server.port`.",
)
URLS: tuple[str, ...] = (
    "The documentation is at https://docs.example.com/v2.1/setup.html.",
    "Downloads are available from ftp.example.org/pub/releases/.",
    "The API base URL is https://api.example.com/v3/.",
    "Support can be reached at help@example.co.uk.",
    "The dataset is hosted at https://data.gov.uk/dataset/road-safety.",
    "The package is published at https://pypi.org/project/requests/.",
    "The status page is status.example.io.",
    "The paper's DOI is 10.1038/s41586-020-2649-2.",
    "The form can be downloaded from www.example.gov/forms/tax-2023.pdf.",
    "Bug reports go to https://github.com/example/app/issues?q=is:open.",
    "The talk is online at https://video.example.com/watch?v=A1b2C3&t=42s.",
    "The changelog lives at example.com/changelog#v2.0.0.",
)
EMOJI_FACTS: tuple[str, ...] = (
    "Approved requests are marked with ✅ in the portal.",
    "Rejected items are shown with a ❌ in the dashboard.",
    "The menu marks vegan dishes with 🌱.",
    "The guesthouse has a ⭐⭐⭐⭐ rating.",
    "The app shows ⚠️ when the battery is below 10%.",
    "Items marked ❓ still need review.",
    "The team's status is set to 🏖️ until 5 May.",
    "Bestsellers carry a 🔥 badge on the website.",
    "A ✓ next to a test means it passed.",
    "A red ✗ next to a file means the upload failed.",
    "The error page shows a 🚫 icon.",
    "The support bot replies with 👍 when a ticket is closed.",
)
QUOTES: tuple[str, ...] = (
    "The guide says “press ‘Start’ twice to reset”.",
    "The CEO called the results “not what we hoped for”.",
    "According to the FAQ, “the answer is ‘no’ for refunds after 30 days”.",
    "The sign reads “No entry — staff only”.",
    "The reviewer called the film “a ‘must-see’ for families”.",
    "The label says “Contains nuts: yes”.",
    "The minister said “we will not raise taxes”.",
    "The error message reads “File ‘report.pdf’ not found”.",
    "The teacher’s note said “correct, but show your work”.",
    "The app's delete button is labelled ‘Yes, delete it’.",
    "The witness said “I heard him shout ‘Stop!’ twice”.",
    "The policy states: “Claims must be filed within 30 days.”",
    'The sign on the gate says "Private road".',
    'The band\'s single "No Surprises" was released in 1998.',
    'The jacket is sold as "waterproof", not "water-resistant".',
)
LISTS: tuple[str, ...] = (
    "Red, green and blue are the primary colours of light.",
    "The flag is red, white and blue.",
    "The kit includes a charger, a cable and a case.",
    "Available sizes: S, M, L and XL.",
    "The survey's answer options were Yes, No and Not sure.",
    "The museum is open on Tuesday, Thursday and Saturday.",
    "Ingredients: flour, sugar, eggs, butter.",
    "The course covers 1) algebra, 2) geometry and 3) statistics.",
    "Required documents: passport; proof of address; two photos.",
    "The three phases are planning, execution and review.",
    "Accepted payment methods are Visa, Mastercard and PayPal.",
    "The vaccine's side effects include fever, fatigue, and headache.",
    "The grades are A, B, C, D and F.",
    "The train stops at Leeds, York, Durham and Newcastle.",
)
# Statements that call 1 wrapped onto two lines (the line break is part of the statement).
TWO_LINES: tuple[str, ...] = (
    "The office address is 12 Rue de Rivoli,\n75001 Paris.",
    "The warranty covers parts and labour for 24 months\nfrom the date of delivery.",
    "The shop is open Monday to Friday from\n9:00 to 17:30.",
    "The refund for ticket\nNo. 4471 was approved on 2 May.",
    "The poem opens with “I wandered lonely as a cloud\nThat floats on high o’er vales and hills”.",
    "The invoice lists\n2 x USB cables and 1 x charger.",
    "The contract was signed on 14 March 2022, and\n3 copies were sent to the buyer.",
    "The clinic's phone number is\n+44 20 7946 0958.",
    "Step 1 is to unplug the unit;\nstep 2 is to remove the back panel.",
    "The server returns\n“404: Not Found” when the page is missing.",
    "The total, including VAT at 20%,\ncomes to 1,440 euros.",
    "Version 2.4 was released in June 2023;\nversion 2.5 followed in October.",
)
LONG: tuple[str, ...] = (
    "The 2021 census recorded 5,439,842 residents in the region, an increase of 3.2% on the 2011 figure of "
    "5,270,000, with most of the growth (about 71%) concentrated in the three largest cities: Glasgow, "
    "Edinburgh and Aberdeen.",
    "Under section 4.2 of the tenancy agreement, the tenant must give at least two months' written notice "
    "before leaving, may not sublet any room without the landlord's consent, and remains liable for rent "
    "until a new tenant is found or the notice period ends, whichever comes first.",
    "The clinical trial, which enrolled 1,204 adults aged 18-65 across 14 sites in Europe and North America "
    "between March 2019 and June 2021, found that the new drug reduced the average number of migraine days "
    "per month from 8.1 to 4.9, compared with 7.9 to 6.8 in the placebo group.",
    "According to the manufacturer's manual, the dishwasher should be descaled every 3 months (or monthly in "
    "hard-water areas) using the supplied descaler, and the filter at the bottom of the tub should be removed "
    "and rinsed under running water at least once a week.",
    "The airline's policy allows one cabin bag of up to 8 kg and 55 x 40 x 20 cm, plus one personal item that "
    "fits under the seat; checked bags of up to 23 kg cost 35 euros each when booked online and 60 euros at "
    "the airport.",
    "In its annual report, the company said revenue rose 12% to $4.3 billion, operating profit fell 5% to "
    "$610 million because of higher energy and shipping costs, and the board proposed a final dividend of "
    "18 cents per share, payable on 15 June.",
    "The library's loan rules: adults may borrow up to 12 items at a time for 3 weeks; children up to 6 "
    "items; DVDs for 1 week only; and each item can be renewed twice online, by phone or at the desk, unless "
    "another reader has reserved it.",
    "The bridge, designed by a team of 40 engineers and opened to traffic on 1 July 1998 after six years of "
    "construction, carries about 60,000 vehicles a day across its 1,991-metre main span, which was the "
    "longest in the world until 2022.",
    "Version 3.0 of the library dropped support for Python 3.7 and 3.8, replaced the old `config.ini` format "
    "with `pyproject.toml`, renamed the `run()` function to `execute()`, and made asynchronous I/O the "
    "default; the old synchronous API is still available behind the `--legacy` flag.",
    "The recipe serves 4: mix 250 g of flour, 2 eggs, 300 ml of milk and a pinch of salt into a smooth "
    "batter, rest it for 30 minutes, then cook each pancake for 1-2 minutes per side in a hot, lightly "
    "oiled pan.",
)
# Statements that come in two versions differing in one number: {} is where the number goes.
NUMBER_PAIRS: tuple[tuple[str, tuple[str, str]], ...] = (
    ("The tank holds {} litres.", ("40", "45")),
    ("The museum opens at {} am on Saturdays.", ("9", "10")),
    ("The company employs {} people in Berlin.", ("1,200", "1,250")),
    ("The speed limit on the bridge is {} km/h.", ("50", "60")),
    ("The flight from Oslo to Rome takes {} hours.", ("3", "4")),
    ("The course lasts {} weeks.", ("6", "8")),
    ("The tablets are taken {} times a day.", ("2", "3")),
    ("The building has {} floors.", ("24", "42")),
    ("Version {} added an offline mode.", ("2.3", "2.4")),
    ("The deposit is {}% of the purchase price.", ("10", "20")),
    ("The battery lasts up to {} hours.", ("18", "20")),
    ("The library closes at {} on Fridays.", ("17:00", "18:00")),
    ("Room {} is on the ground floor.", ("101", "110")),
    ("{} of the 12 jurors voted to acquit.", ("7", "9")),
)

POOLS: dict[str, tuple[str, ...]] = {
    "leading_numbers": LEADING_NUMBERS,
    "manual_steps": MANUAL_STEPS,
    "colon_facts": COLON_FACTS,
    "ranges_versions": RANGES_VERSIONS,
    "times_scores": TIMES_SCORES,
    "code_paths": CODE_PATHS,
    "urls": URLS,
    "emoji_facts": EMOJI_FACTS,
    "quotes": QUOTES,
    "lists": LISTS,
    "long": LONG,
}
# Every single-line statement of this set (for the "mixed" pools).
ALL_SHAPED: tuple[str, ...] = tuple(s for pool in POOLS.values() for s in pool)
# _draw's statements that do not open with a verdict word and are not already in this set.
PLAIN_STATEMENTS: tuple[str, ...] = tuple(
    s for s in STATEMENTS if not leads_with_verdict_word(s) and s not in set(ALL_SHAPED)
)

_JSON_STYLES = frozenset(style for style in CALL1_STYLES if style.startswith("json"))
_PLAIN_CALL1_STYLES = tuple(style for style in CALL1_STYLES if style not in _JSON_STYLES and style != "refusal")


class ShapeDraw(Draw):
    """``Draw`` over this set's statement pools: ``kinds`` alone, or mixed with the others and ``_draw``'s."""

    def __init__(
        self,
        ch: Chooser,
        layout: str,
        kinds: Sequence[str],
        *,
        n: int | None = None,
        unknowns: bool = True,
        mixable: bool = True,
    ) -> None:
        if n is None:
            super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        else:
            super().__init__(ch, layout, min_n=n, max_n=n, unknowns=unknowns, call1=False)
        pool_name = self.dim("statement_pool", ("themed", "themed", "mixed")) if mixable else "themed"
        pool = [s for kind in kinds for s in POOLS[kind]]
        if pool_name == "mixed":
            pool += [s for s in ALL_SHAPED if s not in set(pool)] + list(PLAIN_STATEMENTS)
        self.statements = tuple(pool.pop(ch.integer("shape_statement", 0, len(pool) - 1)) for _ in range(self.n))
        self.render_call1()

    def render_call1(self) -> None:
        """graders.py's call 1; never JSON for a statement that JSON would escape (a straight double quote)."""
        inner: Chooser = self.ch
        if any('"' in s or "\\" in s for s in self.statements):
            inner = Forced(self.ch, {"call1": self.ch.pick("call1_no_json", _PLAIN_CALL1_STYLES)})
        first = render_statements_output(inner, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)


def _ink(d: Draw, vocabularies: Sequence[str] = WORD_VOCABULARIES, exclude: Sequence[str] = ()) -> Ink:
    """Verdict words decorated only in ways that read as a verdict after a separator."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket", *exclude))
    return ink


# ----------------------------------------------------------------- 1. leading_number_echoes

_NUMBER_ECHOES = (
    "{k}. {s} - {v}",
    "{k}. {s} — {v}",
    "{s} - {v}",
    "{s} → {v}",
    "{k}) {s} → {v}",
    "* {s} => {v}",
    "{k}. {v}: {s}",
)


@HELDOUT17
def leading_number_echoes(ch: Chooser) -> BlindOutput:
    """Each statement echoed with its verdict after a dash or an arrow, the statements opening with numbers
    ("1. 3 of the 5 trials ... - Yes", "2. 2. The second step ... — No"): Llama 3 and GPT-3.5 on long answers."""
    d = ShapeDraw(ch, "leading_number_echoes", ("leading_numbers", "manual_steps"))
    form = d.dim("echo_line", _NUMBER_ECHOES)
    ink = _ink(d)
    ink.annotate(allowed=form.endswith("{v}"))
    lines = [
        form.format(k=i + 1, s=statement, b=_bare(statement), v=ink.token(i, truth))
        for i, statement, truth in d.items()
    ]
    header = d.dim(
        "echo_header", ("none", "Verdicts:", "Statement - verdict:", "Here is each statement with its verdict:")
    )
    body = "\n".join(lines)
    if header != "none":
        body = f"{header}\n{body}"
    return d.done(d.frame(body, final=True))


# ----------------------------------------------------------------- 2. manual_step_blocks

_STEP_HEADS = (
    "Statement {k}: {s}",
    "{k}. {s}",
    "**Statement {k}:** {s}",
    'Statement {k}: "{s}"',
    "### Statement {k}\n{s}",
)
_STEP_EXPLAIN = ("Explanation: {e}", "Reasoning: {e}", "Reason: {e}")
_STEP_VERDICT = ("Verdict: {v}.", "**Verdict:** {v}", "Verdict - {v}", "Conclusion: {v}.")


@HELDOUT17
def manual_step_blocks(ch: Chooser) -> BlindOutput:
    """promptfoo's legacy blocks (statement, explanation, verdict) over statements quoted from a manual's
    numbered steps ("Statement 2: 4. Press and hold the reset button ..."), the final line after them."""
    d = ShapeDraw(ch, "manual_step_blocks", ("manual_steps", "leading_numbers"))
    head = d.dim("step_head", _STEP_HEADS)
    explain = d.dim("step_explain", _STEP_EXPLAIN)
    verdict = d.dim("step_verdict", _STEP_VERDICT)
    order = d.dim("step_order", ("explanation_first", "verdict_first"))
    ink = _ink(d)
    blocks = []
    for i, statement, truth in d.items():
        lines = [
            head.format(k=i + 1, s=statement),
            explain.format(e=ink.explanation(i, truth)),
            verdict.format(v=ink.token(i, truth)),
        ]
        if order == "verdict_first":
            lines[1], lines[2] = lines[2], lines[1]
        blocks.append("\n".join(lines))
    return d.done(d.frame("\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 3. colon_fact_markers

_FACT_HEADS = ("Statement {k}: {s}", "{k}. {s}", "Claim {k} — {s}", "**{k}.** {s}")
_FACT_MARKERS = ("Verdict: {v}", "Judgement: {v}", "Label: {v}", "Supported? {v}", "**Verdict:** {v}")


@HELDOUT17
def colon_fact_markers(ch: Chooser) -> BlindOutput:
    """Per-statement verdict markers over spec-sheet facts that are themselves "Key: value" ("Pets allowed: no.",
    "The court's verdict: not guilty."): GPT-4o-mini and Mistral on hotel, product and case-law answers."""
    d = ShapeDraw(ch, "colon_fact_markers", ("colon_facts",))
    ink = _ink(d)
    markers = [m for m in _FACT_MARKERS if m != "Supported? {v}" or ink.vocabulary == "yes_no"]
    marker = d.dim("fact_marker", markers)
    head = d.dim("fact_head", _FACT_HEADS)
    layout = d.dim("fact_layout", ("multi_line", "one_line"))
    reasons = d.flag("fact_reasons")
    blocks = []
    for i, statement, truth in d.items():
        parts = [head.format(k=i + 1, s=statement)]
        if reasons:
            parts.append(f"Reason: {ink.explanation(i, truth)}")
        parts.append(marker.format(v=ink.token(i, truth)) + ("." if layout == "one_line" else ""))
        blocks.append((" " if layout == "one_line" else "\n").join(parts))
    return d.done(d.frame(("\n" if layout == "one_line" else "\n\n").join(blocks)))


# ----------------------------------------------------------------- 4. range_version_table

_RANGE_COLUMNS: dict[str, tuple[str, ...]] = {
    "num_stmt_verdict": ("#", "Statement", "Verdict"),
    "stmt_verdict": ("Statement", "Verdict"),
    "num_stmt_supported": ("#", "Statement", "Supported?"),
    "num_stmt_verdict_reason": ("#", "Statement", "Verdict", "Reason"),
    "stmt_reason_verdict": ("Statement", "Reason", "Verdict"),
}


@HELDOUT17
def range_version_table(ch: Chooser) -> BlindOutput:
    """A markdown table whose statement cells hold ranges, versions, times and scores ("1-3 years",
    "v2.1–2.4", "9:00-17:00", "0 / 1"): GPT-4o and Claude when asked for a table."""
    d = ShapeDraw(ch, "range_version_table", ("ranges_versions", "times_scores"))
    ink = _ink(d)
    columns = [c for c in _RANGE_COLUMNS if c != "num_stmt_supported" or ink.vocabulary == "yes_no"]
    names = _RANGE_COLUMNS[d.dim("range_columns", columns)]
    align = d.dim("range_align", ("plain", "colons", "left"))
    rule = {"plain": "---", "colons": ":-:", "left": ":--"}[align]
    rows = ["| " + " | ".join(names) + " |", "|" + "|".join(rule for _ in names) + "|"]
    for i, statement, truth in d.items():
        cells = {
            "#": str(i + 1),
            "Statement": statement,
            "Verdict": ink.token(i, truth),
            "Supported?": ink.token(i, truth),
            "Reason": ink.explanation(i, truth),
        }
        rows.append("| " + " | ".join(cells[name] for name in names) + " |")
    heading = d.dim("range_heading", ("none", "### Verdicts", "**Results**", "Verdict table:"))
    body = "\n".join(rows)
    if heading != "none":
        body = f"{heading}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 5. score_time_json

_JSON_ORDERS = (
    ("statement", "reason", "verdict"),
    ("statement", "verdict", "reason"),
    ("reason", "statement", "verdict"),
)
_NULL_NOTES = (
    "A null verdict means the context does not settle the statement either way.",
    "Note: verdict null = cannot be determined from the context.",
)


@HELDOUT17
def score_time_json(ch: Chooser) -> BlindOutput:
    """RAGAS JSON whose statement strings hold times, scores and fractions ("4/5 stars", "0 / 1", "10:45",
    "Half-time score: 0-0."): the RAGAS prompt on GPT-4o, Qwen and Llama 3 70B."""
    d = ShapeDraw(ch, "score_time_json", ("times_scores", "leading_numbers"))
    ink = d.use_ink(("yes_no",))
    kind = d.dim("json_verdict_kind", ("int", "str_int", "bool", "word"))
    order = d.dim("json_order", _JSON_ORDERS)
    items = []
    for i, statement, truth in d.items():
        verdict: object
        if truth is None:
            verdict = ink.word(i, None) if kind == "word" else None
        elif kind == "int":
            verdict = int(truth)
        elif kind == "str_int":
            verdict = str(int(truth))
        elif kind == "bool":
            verdict = truth
        else:
            verdict = ink.word(i, truth).lower()
        fields = {"statement": statement, "reason": ink.explanation(i, truth), "verdict": verdict}
        items.append({key: fields[key] for key in order})
    shape = d.dim("json_container", ("statements", "bare_list"))
    data: object = {"statements": items} if shape == "statements" else items
    indent = d.dim("json_indent", ("2", "4", "none"))
    text = json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else int(indent))
    wrap = d.dim("json_wrap", ("bare", "fence_json", "fence", "lead_in"))
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "fence":
        text = f"```\n{text}\n```"
    elif wrap == "lead_in":
        text = "Here is the JSON with a verdict for each statement:\n\n" + text
    if None in d.truth and kind != "word" and d.flag("null_note"):
        text += "\n\n" + d.dim("null_note_text", _NULL_NOTES)
    return d.done(d.frame(text, tally=False, preface=False))


# ----------------------------------------------------------------- 6. code_path_arrow_bullets

_ARROWS = ("→", "->", "=>", "⇒")


@HELDOUT17
def code_path_arrow_bullets(ch: Chooser) -> BlindOutput:
    """Markdown bullets "- statement → Yes" over statements with inline code, flags and file paths
    ("Set `DEBUG=False` in production. → True"): Claude and GPT-4o on developer-docs RAG."""
    d = ShapeDraw(ch, "code_path_arrow_bullets", ("code_paths",))
    bullet = d.dim("bullet", ("-", "*", "•"))
    arrow = d.dim("arrow", _ARROWS)
    quoted = d.dim("bullet_statement", ("plain", "double_quotes", "bold"))
    ink = _ink(d)
    ink.annotate()
    lines = []
    for i, statement, truth in d.items():
        shown = {"plain": statement, "double_quotes": f'"{statement}"', "bold": f"**{statement}**"}[quoted]
        lines.append(f"{bullet} {shown} {arrow} {ink.token(i, truth)}")
    legend = d.dim("arrow_legend", ("none", f"Format: statement {arrow} verdict", "Verdicts:"))
    body = "\n".join(lines)
    if legend != "none":
        body = f"{legend}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. url_dotted_final_line

_URL_HEADS = ("Statement {k}: {s}", "{k}. {s}", 'Statement {k}: "{s}"')


@HELDOUT17
def url_dotted_final_line(ch: Chooser) -> BlindOutput:
    """promptfoo's legacy answer: an explanation per statement, then only the final line, over statements
    full of URLs, e-mail addresses and DOIs with dots in them: GPT-3.5, GPT-4o-mini, Llama 3 8B."""
    d = ShapeDraw(ch, "url_dotted_final_line", ("urls",))
    head = d.dim("url_head", _URL_HEADS)
    layout = d.dim("url_block", ("two_lines", "one_line"))
    final = d.dim("url_final", ("inline", "next_line", "numbered", "bold_header"))
    ink = d.use_ink()
    blocks = []
    for i, statement, truth in d.items():
        joint = "\n" if layout == "two_lines" else " "
        blocks.append(f"{head.format(k=i + 1, s=statement)}{joint}Explanation: {ink.explanation(i, truth)}")
    words = [ink.word(i, t) for i, _s, t in d.items()]
    header = "Final verdict for each statement in order:"
    if final == "inline":
        line = header + " " + " ".join(w + "." for w in words)
    elif final == "next_line":
        line = header + "\n" + " ".join(w + "." for w in words)
    elif final == "numbered":
        line = header + " " + " ".join(f"{k}. {w}." for k, w in enumerate(words, 1))
    else:
        line = f"**{header}** " + " ".join(w + "." for w in words)
    body = ("\n\n" if layout == "two_lines" else "\n").join(blocks) + "\n\n" + line
    return d.done(d.frame(body, tally=False, sign_off=False))


# ----------------------------------------------------------------- 8. emoji_statement_echoes

_EMOJI_ECHOES = ("{s} → {v}", "{k}. {s} — {v}", "{v} — {s}", "{k}. {v} | {s}")


@HELDOUT17
def emoji_statement_echoes(ch: Chooser) -> BlindOutput:
    """Emoji verdicts ("✅ Supported", "No ❌") beside statements that hold emoji themselves ("Approved
    requests are marked with ✅ ..."): chat models asked for a friendly summary."""
    d = ShapeDraw(ch, "emoji_statement_echoes", ("emoji_facts",))
    form = d.dim("emoji_echo", _EMOJI_ECHOES)
    ink = d.use_ink()
    others = ("none", "angle", "bold", "backtick", "italic", "bracket", "quote", "arrow", "emoji_only")
    ink.decorate(exclude=others)
    lines = [form.format(k=i + 1, s=statement, v=ink.token(i, truth)) for i, statement, truth in d.items()]
    return d.done(d.frame("\n".join(lines), final=True))


# ----------------------------------------------------------------- 9. nested_quote_echoes

_QUOTE_ECHOES = ('{k}. "{s}" — {v}', 'Statement {k} ("{b}"): {v}', '"{b}" → {v}', "{k}. {s}\n   {v}", "json")


@HELDOUT17
def nested_quote_echoes(ch: Chooser) -> BlindOutput:
    """Statements that quote (and quote inside a quote) echoed in the grader's own quotation marks, or as RAGAS
    JSON strings with escaped quotes: GPT-4o, Gemini, Mistral on news and policy answers."""
    d = ShapeDraw(ch, "nested_quote_echoes", ("quotes",))
    form = d.dim("quote_echo", _QUOTE_ECHOES)
    ink = _ink(d)
    explain = d.flag("quote_explain")
    if form == "json":
        items = [
            {
                "statement": s,
                "reason": ink.explanation(i, t),
                "verdict": ink.word(i, t).lower() if t is None else int(t),
            }
            for i, s, t in d.items()
        ]
        body = json.dumps({"statements": items}, ensure_ascii=False, indent=2)
        if d.flag("quote_fence"):
            body = f"```json\n{body}\n```"
        return d.done(d.frame(body, tally=False))
    lines = []
    for i, statement, truth in d.items():
        line = form.format(k=i + 1, s=statement, b=_bare(statement), v=ink.token(i, truth))
        if explain:
            line += (
                f". {ink.explanation(i, truth)}"
                if not form.endswith("\n   {v}")
                else f"\n   {ink.explanation(i, truth)}"
            )
        lines.append(line)
    spacing = "\n\n" if form.endswith("\n   {v}") else "\n"
    return d.done(d.frame(spacing.join(lines), final=True))


# ----------------------------------------------------------------- 10. list_statement_lines

_LIST_FORMS = ("next_line", "paren_label", "numbered_with_reason", "bold_statement")


@HELDOUT17
def list_statement_lines(ch: Chooser) -> BlindOutput:
    """Statements that are short lists ("Red, green and blue ...", "Available sizes: S, M, L and XL.",
    "The survey's answer options were Yes, No and Not sure.") with numbered verdicts: Qwen, Phi, Gemma."""
    d = ShapeDraw(ch, "list_statement_lines", ("lists",))
    form = d.dim("list_form", _LIST_FORMS)
    label = d.dim("list_label", ("Verdict:", "→", "Answer:"))
    ink = _ink(d)
    lines = []
    for i, statement, truth in d.items():
        v = ink.token(i, truth)
        if form == "next_line":
            lines.append(f"{i + 1}. {statement}\n   {label} {v}")
        elif form == "paren_label":
            lines.append(f"Statement {i + 1} ({_bare(statement)}): {v}")
        elif form == "numbered_with_reason":
            lines.append(f"{i + 1}. {v}. {ink.explanation(i, truth)}")
        else:
            lines.append(f"**{statement}**\n{label} {v}")
    spacing = "\n\n" if form in ("next_line", "bold_statement") else "\n"
    return d.done(d.frame(spacing.join(lines), final=True))


# ----------------------------------------------------------------- 11. wrapped_statement_echoes


class WrappedDraw(ShapeDraw):
    """Statements with a line break inside; call 1 a numbered or bulleted list with indented continuations."""

    def __init__(self, ch: Chooser, layout: str) -> None:
        Draw.__init__(self, ch, layout, max_n=MAX_N, call1=False)
        style = self.dim("wrap_call1", ("numbered", "bulleted", "lead_in_numbered", "lead_in_bulleted"))
        self.indent = "   " if style.endswith("numbered") else "  "
        mixed = self.dim("statement_pool", ("themed", "mixed")) == "mixed"
        pool = list(TWO_LINES) + (list(LEADING_NUMBERS + COLON_FACTS + TIMES_SCORES) if mixed else [])
        raw = [pool.pop(ch.integer("shape_statement", 0, len(pool) - 1)) for _ in range(self.n)]
        if not any("\n" in s for s in raw):
            raw[ch.integer("wrapped_slot", 0, self.n - 1)] = ch.pick("wrapped_statement", TWO_LINES)
        self.statements = tuple(s.replace("\n", "\n" + self.indent) for s in raw)
        bullet = self.dim("wrap_bullet", ("-", "*", "•")) if style.endswith("bulleted") else ""
        lines = [f"{k}. {s}" if bullet == "" else f"{bullet} {s}" for k, s in enumerate(self.statements, 1)]
        text = "\n".join(lines)
        if style.startswith("lead_in"):
            text = self.dim("wrap_lead_in", ("Here are the statements:", "Statements:")) + "\n" + text
        self.call1 = text


@HELDOUT17
def wrapped_statement_echoes(ch: Chooser) -> BlindOutput:
    """Statements that call 1 wrapped onto two lines (an address, a hard-wrapped sentence, "No. 4471" at a line
    start), echoed wrapped or unwrapped before their verdict: small local models and pipelines that wrap text."""
    d = WrappedDraw(ch, "wrapped_statement_echoes")
    form = d.dim("wrap_echo", ("numbered_below", "statement_blocks", "json"))
    unwrap = d.flag("wrap_unwrap")
    ink = _ink(d)
    shown = [(_one_line(s) if unwrap else s) for s in d.statements]
    if form == "json":
        items = [
            {"statement": shown[i], "reason": ink.explanation(i, t), "verdict": None if t is None else int(t)}
            for i, _s, t in d.items()
        ]
        return d.done(d.frame(json.dumps({"statements": items}, ensure_ascii=False, indent=2), tally=False))
    marker = d.dim(
        "wrap_marker", ("Verdict: {v}", "→ {v}", "Supported: {v}" if ink.vocabulary == "yes_no" else "→ {v}")
    )
    blocks = []
    for i, _statement, truth in d.items():
        v = marker.format(v=ink.token(i, truth))
        if form == "numbered_below":
            blocks.append(f"{i + 1}. {shown[i]}\n{d.indent}{v}")
        else:
            blocks.append(f"Statement {i + 1}: {shown[i]}\nExplanation: {ink.explanation(i, truth)}\n{v}")
    return d.done(d.frame("\n\n".join(blocks), final=True))


# ----------------------------------------------------------------- 12. long_statement_blocks


def _clipped(statement: str, words: int, ellipsis: str) -> str:
    """The first ``words`` words of a long statement, as graders shorten it when they echo it."""
    return " ".join(statement.split()[:words]).rstrip(",;:") + ellipsis


@HELDOUT17
def long_statement_blocks(ch: Chooser) -> BlindOutput:
    """Statements of several hundred characters (numbers, semicolons, parentheses), echoed in full or cut
    short with an ellipsis before the verdict ('1. "The 2021 census recorded 5,439,842 …" → Yes'): GPT-4o, Claude."""
    d = ShapeDraw(ch, "long_statement_blocks", ("long",))
    form = d.dim("long_form", ("full_block", "clipped_line", "clipped_label"))
    words = ch.integer("clip_words", 5, 9)
    ellipsis = d.dim("ellipsis", ("…", "...", " …"))
    ink = _ink(d)
    ink.annotate(allowed=form != "full_block")
    units = []
    for i, statement, truth in d.items():
        v = ink.token(i, truth)
        if form == "full_block":
            units.append(f"Statement {i + 1}: {statement}\nReasoning: {ink.explanation(i, truth)}\nVerdict: {v}")
        elif form == "clipped_line":
            units.append(f'{i + 1}. "{_clipped(statement, words, ellipsis)}" → {v}')
        else:
            units.append(f"Statement {i + 1} ({_clipped(statement, words, ellipsis)}): {v}")
    spacing = "\n\n" if form == "full_block" else "\n"
    return d.done(d.frame(spacing.join(units), final=True))


# ----------------------------------------------------------------- 13. many_statements_final

_MANY_COUNTS = (2, 3, 4, 8, 8, 9, 9, 10, 10, 10)
_MANY_LINES = ("{k}. {v}", "Statement {k}: {v}", "{k}) {v}", "S{k}: {v}")


@HELDOUT17
def many_statements_final(ch: Chooser) -> BlindOutput:
    """Eight to ten shaped statements (and some short answers), graders.py's reasoning blocks echoing them,
    then numbered verdicts or the legacy final line: GPT-4o-mini and Llama 3 on long multi-part answers."""
    n = ch.pick("many_n", _MANY_COUNTS)
    d = ShapeDraw(ch, "many_statements_final", tuple(POOLS), n=n, mixable=False)
    ink = _ink(d)
    reasoning = ink.reasoning()
    form = d.dim("many_form", ("numbered", "final_line", "final_line_numbered"))
    if form == "numbered":
        line = d.dim("many_line", _MANY_LINES)
        header = d.dim("many_header", ("Verdicts:", "Final verdicts:", "### Verdicts"))
        body = header + "\n" + "\n".join(line.format(k=i + 1, v=ink.token(i, t)) for i, _s, t in d.items())
    elif form == "final_line":
        body = d.final_line()
    else:
        words = " ".join(f"{i + 1}. {ink.word(i, t)}." for i, _s, t in d.items())
        body = f"Final verdict for each statement in order: {words}"
    if reasoning:
        body = f"{reasoning}\n\n{body}"
    return d.done(d.frame(body, think=not reasoning))


# ----------------------------------------------------------------- 14. one_number_changed


class PairDraw(ShapeDraw):
    """Statements of which at least two differ in one number only ("The tank holds 40 litres." / "... 45 ...")."""

    def __init__(self, ch: Chooser, layout: str) -> None:
        Draw.__init__(self, ch, layout, min_n=2, max_n=MAX_N, call1=False)
        templates = list(NUMBER_PAIRS)
        pairs = ch.integer("pairs", 1, self.n // 2)
        singles_pool = list(LEADING_NUMBERS + RANGES_VERSIONS + TIMES_SCORES)
        statements: list[str] = []
        for _ in range(pairs):
            template, (a, b) = templates.pop(ch.integer("pair_template", 0, len(templates) - 1))
            first, second = (a, b) if self.dim("pair_order", ("ascending", "descending")) == "ascending" else (b, a)
            statements += [template.format(first), template.format(second)]
        for _ in range(self.n - 2 * pairs):
            single = singles_pool.pop(ch.integer("single_statement", 0, len(singles_pool) - 1))
            statements.insert(ch.integer("single_slot", 0, len(statements)), single)
        self.statements = tuple(statements)
        self.dims["pairs"] = str(pairs)
        self.render_call1()


@HELDOUT17
def one_number_changed(ch: Chooser) -> BlindOutput:
    """Statements that repeat another with one number changed (an answer that corrects itself, or two sources
    quoted), judged as RAGAS JSON with the statement text, as echo lines, or as a table: GPT-4o, Qwen 2.5."""
    d = PairDraw(ch, "one_number_changed")
    form = d.dim("pair_form", ("json", "echo", "table"))
    ink = _ink(d)
    if form == "json":
        items = [
            {"statement": s, "reason": ink.explanation(i, t), "verdict": None if t is None else int(t)}
            for i, s, t in d.items()
        ]
        indent = d.dim("pair_indent", ("2", "none"))
        body = json.dumps({"statements": items}, ensure_ascii=False, indent=None if indent == "none" else 2)
        return d.done(d.frame(f"```json\n{body}\n```", tally=False))
    if form == "echo":
        sep = d.dim("pair_sep", (" - ", " — ", " → "))
        lines = [f"{i + 1}. {s}{sep}{ink.token(i, t)}" for i, s, t in d.items()]
        return d.done(d.frame("\n".join(lines), final=True))
    rows = ["| # | Statement | Verdict |", "|---|---|---|"]
    rows += [f"| {i + 1} | {s} | {ink.token(i, t)} |" for i, s, t in d.items()]
    return d.done(d.frame("\n".join(rows)))


# ----------------------------------------------------------------- 15. numeric_verdicts_beside_numbers

_LEGENDS = (
    "(1 = supported, 0 = not supported)",
    "Legend: 1 = supported by the context, 0 = not supported.",
    "Scoring: 1 if the context supports the statement, 0 if it does not.",
)


@HELDOUT17
def numeric_verdicts_beside_numbers(ch: Chooser) -> BlindOutput:
    """1/0 verdicts under their legend beside statements full of numbers, fractions and scores ("The hotel is
    rated 4/5 stars. → 1"): graders prompted with a RAGAS-style 1/0 scale but answering in text."""
    d = ShapeDraw(ch, "numeric_verdicts_beside_numbers", ("times_scores", "leading_numbers", "ranges_versions"))
    ink = d.use_ink(("numeric",))
    ink.decorate(exclude=("arrow", "angle", "quote", "italic"))
    legend = d.dim("numeric_legend", _LEGENDS)
    form = d.dim("numeric_form", ("arrow_lines", "table", "label_lines"))
    if form == "table":
        rows = ["| # | Statement | Verdict (1/0) |", "|---|---|---|"]
        rows += [f"| {i + 1} | {s} | {ink.token(i, t)} |" for i, s, t in d.items()]
        body = "\n".join(rows)
    elif form == "arrow_lines":
        body = "\n".join(f"{i + 1}. {s} → {ink.token(i, t)}" for i, s, t in d.items())
    else:
        body = "\n\n".join(f"Statement {i + 1}: {s}\nVerdict: {ink.token(i, t)}" for i, s, t in d.items())
    before = d.dim("legend_position", ("before", "after")) == "before"
    body = f"{legend}\n\n{body}" if before else f"{body}\n\n{legend}"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 16. statement_echo_refusals


def _refusal_text(d: ShapeDraw) -> str:
    n = d.n
    first = _bare(d.statements[0])
    these = "this statement" if n == 1 else f"these {n} statements"
    numbers = "statement 1" if n == 1 else f"statements 1–{n}"
    listed = "\n".join(f"{k}. {s}" for k, s in enumerate(d.statements, 1))
    texts = (
        f"I'm sorry, but I can't evaluate {these}: the context section is empty, so there is nothing to check "
        f"“{first}” against.",
        f"I cannot give verdicts for {numbers} without the retrieved context. Please provide the passages and I "
        f"will check each one.",
        f"Unfortunately, the context you provided is about a different product, so I can't tell whether “{first}”"
        + ("" if n == 1 else " or any of the other statements")
        + " is supported.",
        f"No context was provided (0 passages), so I'm unable to judge {these}"
        + (f", including “{first}”." if n > 1 else f": “{first}”."),
        f"I can't check {these} without the context:\n\n{listed}\n\nPlease share the context and I'll give a "
        f"verdict for each.",
    )
    return texts[int(d.dim("echo_refusal", tuple(range(len(texts)))))]


@HELDOUT17
def statement_echo_refusals(ch: Chooser) -> BlindOutput:
    """Declines that quote or list the statements back ("... nothing to check “Pets allowed: no” against",
    a numbered list of them) and give no verdict: GPT-4o, Claude and Llama 3 when the context is empty."""
    kinds = tuple(kind for kind in POOLS if kind != "long")
    d = ShapeDraw(ch, "statement_echo_refusals", kinds, unknowns=False, mixable=False)
    text = _refusal_text(d)
    if d.flag("refusal_think", weight_off=3):
        text = (
            "<think>\nThe context is empty, so none of the statements can be checked. I should say so.\n</think>\n\n"
            + text
        )
    return d.refused(text)
