"""A FORTY-FIRST HELD-OUT set of blind layouts: verdicts given with their evidence (quotes, citations), written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout41``); do not read it while
developing the reader. Written from how graders answer when they are asked to justify each
verdict, or when the team's prompt says "cite the passage" (GPT-4o and GPT-4o-mini, Claude 3.5
Sonnet and its citations API, Gemini 1.5 / 2.0 with grounding, Llama 3 70B, Mistral Large,
Qwen2.5), and how the pipelines around them print the result (LlamaIndex's
``CitationQueryEngine`` with its numbered "Source 1:" nodes, LangChain's citation chains and
their ``Citation(source_id, quote)`` objects, Cohere- and Anthropic-style character spans,
Gemini's grounding links added after each sentence): the evidence stands beside the verdict.
The layouts: "Supporting quote" / "Contradicting quote" fields, LlamaIndex sources printed
after the verdicts, prose with page and paragraph locators ("(p. 12)", "Source 2, para 4"),
JSON records with character offsets, Claude's cited text under each sentence, quoted lines of
a numbered context ("14 | 2. Sale items: no refunds"), fenced excerpts, multi-paragraph
markdown footnotes, a table with evidence and source columns, JSON with "evidence" and
"citations" arrays, pydantic objects printed from a structured-output chain, XML quote
extraction, a quote check before each verdict, compact one-liners with a doc tag or "No
supporting evidence found", markdown link citations, YAML block scalars holding the quote, and
refusals that say there is nothing to cite.

The statements are this set's own, each with three passages of a real-looking RAG context: one
that backs it, one that contradicts it, one that touches it without settling it. The passages
are written as such contexts are, so the quoted evidence is full of "not", "no", "yes",
"true", "false", "approved", "denied", "failed", "confirmed", figures and list markers of its
own ("1.", "-", "(a)"), and a quote often spans several lines. Each layout draws graders.py's
dimensions where they fit (statement counts from 1 to 10, call 1's styles, verdict words and
casing, undecided items) and ``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing
count, a sign-off). Only outputs a careful person reads without doubt are drawn: every
statement's verdict is stated in the output, by a label, a field or a sentence of its own; the
evidence only agrees with it (the backing passage beside a supported verdict, the contradicting
one or "no supporting evidence" beside a not-supported one, the unsettling one beside "cannot
determine"); every undecided item says it cannot be determined.

    HELDOUT41.draw(RandomChooser(random.Random(7)))       # one output, layout chosen uniformly
    heldout41_outputs(layout="numbered_line_refs")        # one layout's strategy
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth, render_statements_output

HELDOUT41 = LayoutSet("heldout41")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout41_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the forty-first held-out set (one layout when named)."""
    return HELDOUT41.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _flat(passage: str) -> str:
    """A passage of several lines quoted on one line, as graders run a list into a sentence."""
    return " ".join(line.strip() for line in passage.split("\n"))


# ----------------------------------------------------------------- the statements and their context


@dataclass(frozen=True)
class Claim:
    """A statement, the document its passages come from, and passages that back it, contradict it, leave it open."""

    text: str
    document: str
    backing: str
    against: str
    open: str

    def passage(self, truth: Truth) -> str:
        return _of(truth, (self.backing, self.against, self.open))


CLAIMS: tuple[Claim, ...] = (
    Claim("Refunds are not available for items bought on sale.", "returns_policy.pdf",
          "Returns & refunds\n1. Full-price items: refund within 30 days.\n2. Sale items: no refunds; exchange only.",
          "Sale items can be returned for a full refund within 14 days, like any other purchase.",
          "Our returns team reviews requests for sale items case by case."),
    Claim("The claim was denied because the policy had lapsed.", "claims_log.txt",
          "Claim #4471: DENIED. Reason: policy lapsed on 1 March for non-payment of premium.",
          "Claim #4471 was denied because the damage was pre-existing; the policy was active at the time.",
          "Claim #4471 status: closed. See the adjuster's notes for details."),
    Claim("The firmware update failed on 12 of the 40 test devices.", "rollout_report.md",
          "Rollout test results:\n- Devices updated: 40\n- Succeeded: 28\n- Failed: 12 (error E-17)",
          "Rollout test results: all 40 devices updated successfully; no failures were recorded.",
          "Some test devices reported errors during the rollout; the count is still being confirmed."),
    Claim("The drug is not approved for patients under 18.", "label_section_1.txt",
          "Indications: adults (18 years and older). Not approved for use in children or adolescents.",
          "Approved for patients aged 12 years and older.",
          "Paediatric use: studies are ongoing."),
    Claim("The lab confirmed the sample was negative for lead.", "lab_report_B12.pdf",
          "Sample B-12: lead NEGATIVE (detection limit 0.5 µg/L).\nResult confirmed on re-test: TRUE negative.",
          "Sample B-12: lead POSITIVE at 14 µg/L (limit 10 µg/L). Re-test: not performed.",
          "Sample B-12 was sent to the lab on 3 May; results pending."),
    Claim("Employees accrue 25 days of annual leave per year.", "employee_handbook.pdf",
          "Annual leave: 25 days per calendar year, accrued monthly (2.08 days per month).",
          "Annual leave: 20 days per year; 25 days only after 5 years of service.",
          "Leave entitlement depends on the employee's contract and grade."),
    Claim("Version 3.0 dropped support for Windows 7.", "CHANGELOG.md",
          "## v3.0\n- Removed: Windows 7 and 8.1 are no longer supported.\n- Added: ARM64 builds.",
          "## v3.0\n- Windows 7 remains supported until v4.0.\n- Added: ARM64 builds.",
          "Platform support for v3.0 will be announced separately."),
    Claim("The court found the defendant not liable.", "judgment_2023_114.pdf",
          "HELD: the defendant is not liable. The claim is dismissed with costs.",
          "HELD: the defendant is liable for breach of contract; damages of $40,000 are awarded.",
          "Judgment reserved. The parties are to file written submissions."),
    Claim("The bridge reopened to traffic on 2 June.", "city_news_june.html",
          "Update (2 June): the bridge is open to traffic again after repairs.",
          "The bridge remains closed; reopening is now expected in September.",
          "Repairs to the bridge were scheduled to finish in early summer."),
    Claim("Passengers may bring one carry-on bag free of charge.", "fare_rules.pdf",
          "Cabin baggage: 1 carry-on bag (max 8 kg) is included in every fare. No fee.",
          "Basic fares do not include a carry-on bag; add one for $25.",
          "Carry-on allowances differ by fare type and route."),
    Claim("The study's primary hypothesis was not supported.", "paper_results.pdf",
          "Results: the primary hypothesis was not supported (p = 0.41); secondary outcomes were mixed.",
          "Results: the primary hypothesis was supported (p < 0.01), as predicted.",
          "Analysis of the primary outcome is still under way."),
    Claim("The free tier allows 100 API requests per minute.", "api_limits.md",
          "Tier | Requests per minute\nFree | 100\nPro | 1,000",
          "Tier | Requests per minute\nFree | 60\nPro | 600",
          "Rate limits depend on the plan; see the pricing page for current values."),
    Claim("The merger was approved by shareholders in March.", "press_release_q1.txt",
          "At the meeting on 14 March, shareholders approved the merger (87% in favour).",
          "Shareholders rejected the merger in March; only 38% voted yes.",
          "A shareholder vote on the merger is planned."),
    Claim("The vaccine's efficacy against severe disease was 91%.", "trial_summary.pdf",
          "Efficacy against severe disease: 91% (95% CI 85-95).",
          "Efficacy against severe disease: 78%; against any infection: 91%.",
          "Efficacy estimates vary between trials and variants."),
    Claim("The tenant must give two months' notice before leaving.", "lease_agreement.pdf",
          "7.2 The Tenant shall give not less than two (2) months' written notice.",
          "7.2 The Tenant shall give one (1) month's written notice; no other notice is required.",
          "Notice periods are set out in Schedule B to this agreement."),
    Claim("The museum is closed on Mondays.", "visitor_info.html",
          "Opening hours: Tue-Sun 10:00-18:00. Closed Mondays (except public holidays).",
          "Open daily, Mondays included, 9:00-17:00.",
          "Opening hours vary by season."),
    Claim("The appeal was filed within the 30-day deadline.", "appeal_decision.pdf",
          "The notice of appeal was filed on day 27, within the 30-day limit; it is timely.",
          "The appeal was filed 41 days after judgment and was rejected as out of time.",
          "The date of filing is disputed by the parties."),
    Claim("Solar output fell by 8% in 2023.", "energy_stats_2023.csv",
          "2023 solar generation: 4.6 TWh (-8% vs 2022), due to fewer sunny days.",
          "2023 solar generation rose 8% to 5.4 TWh.",
          "2023 figures are provisional and will be revised."),
    Claim("The app is not compatible with iOS 15.", "faq_compatibility.md",
          "Compatibility:\n- iOS 16 or later: yes\n- iOS 15: no\n- Android 11 or later: yes",
          "Compatibility: iOS 15 and later, Android 11 and later.",
          "We test on the two latest iOS versions; older versions may work."),
    Claim("The audit found no material weaknesses in internal controls.", "annual_report_2023.pdf",
          "Opinion: no material weaknesses were identified in internal control over financial reporting.",
          "The auditors identified two material weaknesses in internal controls (see Note 9).",
          "The audit of internal controls is not yet complete."),
    Claim("The patient's blood pressure was 150/95 at admission.", "discharge_summary.txt",
          "Admission vitals: BP 150/95 mmHg, HR 88, temp 37.1 C.",
          "Admission vitals: BP 128/82 mmHg, HR 76, temp 36.8 C.",
          "Vitals were recorded at admission (see chart)."),
    Claim("The grant application was rejected.", "funding_decision.pdf",
          "Decision: REJECTED (score 61/100; threshold 70).",
          "Decision: approved. Funding of EUR 120,000 confirmed.",
          "Decisions will be communicated by the end of the quarter."),
    Claim("The recall covers units built before 2021.", "recall_notice.pdf",
          "Affected units: all units manufactured before 1 January 2021. Units built later are not affected.",
          "The recall applies only to units built in 2022; earlier units are not affected.",
          "Owners should check their serial number on the manufacturer's website."),
    Claim("The outage was caused by a DNS failure.", "incident_postmortem.md",
          "Root cause (confirmed): DNS resolution failed after the resolver's certificate expired.",
          "Root cause: a faulty load-balancer config. DNS was ruled out; it was not a DNS failure.",
          "Root cause analysis is ongoing; DNS is one of three hypotheses."),
    Claim("The warranty does not cover water damage.", "warranty_terms.pdf",
          "Exclusions. This warranty does not cover:\n(a) water or liquid damage;\n(b) accidental drops;\n"
          "(c) unauthorised repairs.",
          "Covered: water damage, up to 2 incidents per year.",
          "Cover for liquid damage depends on the plan purchased."),
    Claim("Interest rates were left unchanged at 4.5%.", "central_bank_minutes.pdf",
          "The committee voted 7-2 to keep the policy rate unchanged at 4.5%.",
          "The committee cut the policy rate by 0.25 points to 4.25%.",
          "The next rate decision is due on 18 September."),
    Claim("Trial participants reported no serious side effects.", "safety_report.pdf",
          "Safety: no serious adverse events were reported; mild headache in 6% of participants.",
          "Safety: 3 serious adverse events were reported (2 judged treatment-related).",
          "Safety data are summarised in Appendix C."),
)  # fmt: skip


@dataclass(frozen=True)
class Place:
    """Where a statement's passage sits in the context: its source number, page, paragraph, first line, offset."""

    source: int
    page: int
    para: int
    line: int
    char: int


class EvidenceDraw(Draw):
    """``Draw`` over this set's statements, with each statement's passage placed in the context."""

    def __init__(self, ch: Chooser, layout: str, *, unknowns: bool = True) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        pool = list(CLAIMS)
        self.claims = tuple(pool.pop(ch.integer("claim", 0, len(pool) - 1)) for _ in range(self.n))
        self.statements = tuple(claim.text for claim in self.claims)
        first = render_statements_output(ch, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)
        # Each statement's passage comes from its own document: its own source number.
        numbers = list(range(1, 13))
        self.places = tuple(
            Place(
                numbers.pop(ch.integer("place_source", 0, len(numbers) - 1)),
                ch.integer("place_page", 1, 48),
                ch.integer("place_para", 1, 12),
                ch.integer("place_line", 1, 140),
                ch.integer("place_char", 0, 480) * 10 + ch.integer("place_char_unit", 0, 9),
            )
            for _ in range(self.n)
        )
        # Not supported: the passage that says otherwise, or nothing at all ("No supporting evidence found").
        self.silent = tuple(ch.pick("silent", (False, False, True)) for _ in range(self.n))

    def passage(self, i: int) -> str:
        return self.claims[i].passage(self.truth[i])

    def quoted(self, i: int) -> bool:
        """Does item ``i`` quote a passage (every item but a not-supported one the context is silent on)?"""
        return not (self.truth[i] is False and self.silent[i])

    def span(self, i: int) -> tuple[int, int]:
        start = self.places[i].char
        return start, start + len(self.passage(i))


def _ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES, *, in_bold: bool = False) -> Ink:
    """Verdict words decorated only in ways that read the same after a label (not bold or italic inside bold)."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket") + (("bold", "italic") if in_bold else ()))
    return ink


# Plain verdict labels (supported, not supported, undecided) graders and pipelines write.
LABELS: tuple[tuple[str, str, str], ...] = (
    ("Supported", "Not supported", "Cannot determine"),
    ("SUPPORTED", "NOT SUPPORTED", "CANNOT DETERMINE"),
    ("Supported", "Unsupported", "Undetermined"),
    ("Yes", "No", "Cannot be determined"),
    ("Grounded", "Not grounded", "Cannot determine"),
    ("Faithful", "Unfaithful", "Undetermined"),
)

# What graders write where they found nothing (not supported), and where nothing settles it (undecided).
NOTHING_FOUND: tuple[str, ...] = (
    "No supporting evidence found.",
    "No supporting evidence found in the context.",
    "No relevant passage found; the context does not mention this.",
    "None of the sources mention this.",
    "Nothing in the provided documents addresses this.",
)
UNSETTLED: tuple[str, ...] = (
    "The closest passage does not settle it; cannot determine.",
    "Related, but inconclusive: cannot determine from this passage.",
    "This passage touches on it without settling it, so it cannot be determined.",
    "Not enough in the passage to decide either way; cannot determine.",
)
NO_PASSAGE_UNDECIDED: tuple[str, ...] = (
    "No relevant passage; cannot determine.",
    "No passage speaks to this; cannot determine.",
    "The sources are silent on this; cannot be determined.",
)


# ----------------------------------------------------------------- 1. supporting_quote_fields

_SQ_LABELS = (
    ("Supporting quote", "Contradicting quote"),
    ("Supporting evidence", "Contradicting evidence"),
    ("Quote for", "Quote against"),
    ("Supporting span", "Conflicting span"),
)
_SQ_EMPTY = ("None", "N/A", "—", "none found", "(none)")
_SQ_HEADS = ("Statement {k}: {s}", "**Statement {k}:** {s}", "{k}. {s}", "### Statement {k}\n{s}", 'Claim {k}: "{b}"')


@HELDOUT41
def supporting_quote_fields(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude 3.5 Sonnet under a team's prompt that asks, per statement, for a "Supporting quote"
    and a "Contradicting quote" from the context (or "None") and then the verdict; quotes of lists keep their lines."""
    d = EvidenceDraw(ch, "supporting_quote_fields")
    ink = _ink(d)
    head = d.dim("sq_head", _SQ_HEADS)
    pro, con = d.dim("sq_labels", _SQ_LABELS)
    empty = d.dim("sq_empty", _SQ_EMPTY)
    both = d.dim("sq_fields", ("both", "both", "applicable"))
    bold = d.flag("sq_bold_labels")
    verdict_label = d.dim("sq_verdict_label", ("Verdict", "Label", "Judgement", "Decision"))
    first = d.dim("sq_verdict_where", ("last", "last", "first")) == "first"
    quote_form = d.dim("sq_quote_form", ("flat", "lines", "blockquote"))
    undecided_word = d.dim("sq_undecided", ("ink", "Cannot determine", "Undetermined"))

    def field(label: str, value: str) -> str:
        return f"**{label}:** {value}" if bold else f"{label}: {value}"

    def quote(text: str) -> list[str]:
        if quote_form == "flat" or "\n" not in text:
            return [f'"{_flat(text)}"']
        if quote_form == "lines":
            return [f'"{text}"']
        return ["", *(f"> {line}" for line in text.split("\n")), ""]

    blocks = []
    for i, statement, truth in d.items():
        rows = [head.format(k=i + 1, s=statement, b=_bare(statement))]
        word = ink.token(i, truth) if truth is not None or undecided_word == "ink" else undecided_word
        verdict = field(verdict_label, word)
        if first:
            rows.append(verdict)
        fields: list[tuple[str, str | None]] = []
        note = ""
        if truth is True:
            fields = [(pro, d.passage(i)), (con, None)]
        elif truth is False and d.quoted(i):
            fields = [(pro, None), (con, d.passage(i))]
        elif truth is False:
            fields = [(pro, None), (con, None)]
            note = ch.pick("sq_nothing", NOTHING_FOUND)
        else:
            fields = [(pro, None), (con, None)]
            note = f'Closest passage: "{_flat(d.passage(i))}" It does not settle the statement; cannot determine.'
        for label, value in fields:
            if value is None:
                if both == "both":
                    rows.append(field(label, empty))
                continue
            parts = quote(value)
            if parts[0] == "":
                rows.append(field(label, "").rstrip())
                rows.extend(parts[1:])
            else:
                rows.append(field(label, parts[0]))
        if note:
            rows.append(field("Note", note))
        if not first:
            rows.append(verdict)
        blocks.append("\n".join(rows))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 2. source_numbered_citations

_FILLERS = (
    "Customer service is available by chat from 8 am to 8 pm, Monday to Friday.",
    "All figures are unaudited unless stated otherwise.",
    "This document supersedes all previous versions. Last reviewed: 2024-01-15.",
    "For questions, contact the compliance team (compliance@example.com).",
)


@HELDOUT41
def source_numbered_citations(ch: Chooser) -> BlindOutput:
    """LlamaIndex's ``CitationQueryEngine`` repurposed as a grader (GPT-4o or Llama 3 behind it): the context
    chunked into "Source 1:", "Source 2:" nodes, each verdict citing them as ``[2]``, and the script printing
    ``response.source_nodes`` (each node's text, "Source N:" first) after the answer."""
    d = EvidenceDraw(ch, "source_numbered_citations")
    ink = _ink(d)
    form = d.dim("snc_form", ("label_line", "sentence", "numbered"))
    # The retrieved nodes: each quoted passage once, in retrieval order, with a filler node or two.
    cited = [i for i in range(d.n) if d.quoted(i)]
    fillers = [ch.pick("snc_filler", _FILLERS) for _ in range(ch.integer("snc_fillers", 0, 2))]
    nodes: list[str | int] = [*cited, *dict.fromkeys(fillers)]
    order: list[str | int] = []
    while nodes:
        order.append(nodes.pop(ch.integer("snc_rank", 0, len(nodes) - 1)))
    number = {item: k for k, item in enumerate(order, 1)}
    lines = []
    for i, _statement, truth in d.items():
        k = i + 1
        mark = f"[{number[i]}]" if i in number else ""
        if form == "sentence":
            if truth is True:
                line = f"Statement {k} is supported by the sources {mark}."
            elif truth is False and mark:
                line = f"Statement {k} is not supported: Source {number[i]} states otherwise {mark}."
            elif truth is False:
                line = f"Statement {k} is not supported; none of the sources mention it."
            else:
                line = (
                    f"Statement {k} cannot be determined from the sources; Source {number[i]} is related "
                    f"but does not settle it {mark}."
                )
        else:
            label = f"Statement {k}:" if form == "label_line" else f"{k}."
            word = ink.token(i, truth)
            if truth is True:
                line = f"{label} {word} {mark}"
            elif truth is False and mark:
                line = f"{label} {word} (Source {number[i]} says otherwise) {mark}"
            elif truth is False:
                line = f"{label} {word} (none of the sources mention this)"
            else:
                line = f"{label} {word} (Source {number[i]} is related but inconclusive) {mark}"
        lines.append(line)
    body = "\n".join(lines)
    answer = d.frame(body, think=False, sign_off=False)
    printed = []
    for item in order:
        text = item if isinstance(item, str) else d.passage(item)
        printed.append(f"Source {number[item]}:\n{text}")
    heading = d.dim("snc_heading", ("Sources:", "---\nSources:", "=== source nodes ===", "**Sources**"))
    if d.dim("snc_response_label", ("none", "Response:")) != "none":
        answer = f"Response:\n{answer}"
    return d.done(f"{answer}\n\n{heading}\n" + "\n\n".join(printed) if printed else answer)


# ----------------------------------------------------------------- 3. locator_cited_prose

_LOCATORS = (
    "(p. {page})",
    "(Source {source}, para {para})",
    "({doc}, p. {page})",
    "[doc {source}, §{para}]",
    "({doc}, p. {page}, ¶{para})",
    "[Source {source}: p. {page}]",
)
_PROSE_FORMS: dict[str, tuple[str, str, str, str]] = {
    # supported, not supported (said otherwise), not supported (silent), undecided; {q} quote, {c} locator
    "is_supported": (
        "Statement {k} is supported: {doc} states “{q}” {c}.",
        "Statement {k} is not supported; the context says otherwise: “{q}” {c}.",
        "Statement {k} is not supported. {none}",
        "Whether statement {k} holds cannot be determined. The only related passage, “{q}” {c}, does not settle it.",
    ),
    "ordinal": (
        "The {o} statement is supported. The document reads: “{q}” {c}.",
        "The {o} statement is not supported, because the document records something different: “{q}” {c}.",
        "The {o} statement is not supported. {none}",
        "The {o} statement cannot be determined: the passage “{q}” {c} is related but inconclusive.",
    ),
    "verdict_first": (
        "Supported — statement {k}. Evidence: “{q}” {c}.",
        "Not supported — statement {k}. The context contradicts it: “{q}” {c}.",
        "Not supported — statement {k}. {none}",
        "Cannot determine — statement {k}. The closest passage, “{q}” {c}, leaves it open.",
    ),
}


@HELDOUT41
def locator_cited_prose(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet and Gemini 1.5 Pro under a prompt that says "cite page and paragraph for every verdict":
    prose sentences with the quote and its locator ("(p. 12)", "(Source 2, para 4)", "[doc 3, §2]")."""
    d = EvidenceDraw(ch, "locator_cited_prose")
    forms = _PROSE_FORMS[d.dim("prose_form", tuple(_PROSE_FORMS))]
    locator = d.dim("prose_locator", _LOCATORS)
    joined = d.dim("prose_join", ("paragraphs", "paragraphs", "one_paragraph"))
    sentences = []
    for i, _statement, truth in d.items():
        p = d.places[i]
        c = locator.format(page=p.page, source=p.source, para=p.para, doc=d.claims[i].document)
        if truth is True:
            text = forms[0]
        elif truth is False:
            text = forms[1] if d.quoted(i) else forms[2]
        else:
            text = forms[3]
        q = _flat(d.passage(i)).rstrip(".")
        none = ch.pick("prose_none", NOTHING_FOUND)
        sentences.append(text.format(k=i + 1, o=ORDINAL_WORDS[i], q=q, c=c, doc=d.claims[i].document, none=none))
    body = ("\n\n" if joined == "paragraphs" else " ").join(sentences)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 4. char_span_json

_SPAN_LABELS: tuple[tuple[str, str, str], ...] = (
    ("SUPPORTED", "NOT_SUPPORTED", "UNDETERMINED"),
    ("supported", "unsupported", "cannot_determine"),
    ("entailed", "not_entailed", "undetermined"),
)


@HELDOUT41
def char_span_json(ch: Chooser) -> BlindOutput:
    """A pipeline's JSON after a citing grader (Command R+ through Cohere's citations, Claude through Anthropic's
    ``char_location`` citations): each statement's label and the character span of the passage it rests on."""
    d = EvidenceDraw(ch, "char_span_json")
    style = d.dim("span_style", ("cohere", "anthropic"))
    value = d.dim("span_value", ("label", "label", "bool"))
    labels = _SPAN_LABELS[ch.integer("span_labels", 0, len(_SPAN_LABELS) - 1)]
    relation = d.flag("span_relation")
    records = []
    for i, statement, truth in d.items():
        start, end = d.span(i)
        p = d.places[i]
        record: dict[str, object] = {"statement_id": i + 1, "statement": statement}
        if value == "label":
            record["label"] = _of(truth, labels)
        else:
            record["supported"] = truth
        citations: list[dict[str, object]] = []
        if d.quoted(i):
            if style == "cohere":
                citation: dict[str, object] = {
                    "start": start,
                    "end": end,
                    "text": d.passage(i),
                    "document_ids": [f"doc_{p.source - 1}"],
                }
            else:
                citation = {
                    "type": "char_location",
                    "cited_text": d.passage(i),
                    "document_index": p.source - 1,
                    "document_title": d.claims[i].document,
                    "start_char_index": start,
                    "end_char_index": end,
                }
            if relation:
                citation["relation"] = _of(truth, ("supports", "contradicts", "related"))
            citations.append(citation)
        record["citations"] = citations
        if truth is None:
            record["note"] = ch.pick("span_unsettled", UNSETTLED)
        elif not d.quoted(i):
            record["note"] = ch.pick("span_nothing", NOTHING_FOUND)
        records.append(record)
    wrapper = d.dim("span_wrapper", ("results", "claims", "bare"))
    data: object = records if wrapper == "bare" else {wrapper: records}
    indent = d.dim("span_indent", ("2", "2", "none"))
    text = json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else 2)
    if d.flag("span_fence"):
        text = f"```json\n{text}\n```"
    if value == "bool" and None in d.truth:
        text += "\n\nsupported: null means the statement could not be determined from the documents."
    return d.done(d.frame(text, think=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 5. claude_citation_render

_CLAUDE_LINES: tuple[str, str, str, str] = (
    "Statement {k}: {w}.",
    "Statement {k}: {w}. The document says otherwise.",
    "Statement {k}: {w}. {none}",
    "Statement {k}: {w}. I can't determine this from the documents; the closest passage is cited.",
)


@HELDOUT41
def claude_citation_render(ch: Chooser) -> BlindOutput:
    """Claude with the citations API turned on (documents passed with ``citations: {enabled: true}``), its content
    blocks printed by the team's script: each sentence, then its citations (document, character or page range,
    ``cited_text``) indented beneath it, or as numbered marks with a citation list at the end."""
    d = EvidenceDraw(ch, "claude_citation_render")
    ink = _ink(d, ("supported", "yes_no", "entailed"))
    form = d.dim("claude_form", ("indented", "numbered"))
    location = d.dim("claude_location", ("char", "page"))
    arrow = d.dim("claude_arrow", ("  ↳", "  -", "  >", "    cite:"))
    undecided = d.dim("claude_undecided", ("ink", "Cannot determine"))
    lines = []
    notes: list[str] = []
    for i, _statement, truth in d.items():
        word = ink.token(i, truth) if truth is not None or undecided == "ink" else undecided
        if truth is True:
            text = _CLAUDE_LINES[0]
        elif truth is False:
            text = _CLAUDE_LINES[1] if d.quoted(i) else _CLAUDE_LINES[2]
        else:
            text = _CLAUDE_LINES[3]
        sentence = text.format(k=i + 1, w=word, none=ch.pick("claude_none", NOTHING_FOUND))
        if not d.quoted(i):
            lines.append(sentence)
            continue
        p = d.places[i]
        start, end = d.span(i)
        paged = location == "page" and d.claims[i].document.endswith(".pdf")  # page locations are for PDFs
        where = f"page {p.page}" if paged else f"characters {start}-{end}"
        source = f'document {p.source - 1} "{d.claims[i].document}", {where}'
        cited = d.passage(i).replace("\n", "\n      ")
        if form == "indented":
            lines.append(f"{sentence}\n{arrow} {source}: “{cited}”")
        else:
            notes.append(f"[{len(notes) + 1}] {source}\n    “{d.passage(i).replace(chr(10), chr(10) + '     ')}”")
            lines.append(f"{sentence} [{len(notes)}]")
    body = "\n".join(lines) if form == "numbered" else "\n\n".join(lines)
    if notes:
        body += "\n\nCitations:\n" + "\n".join(notes)
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 6. numbered_line_refs

_LINE_PREFIXES = ("{n:>3} | ", "L{n}: ", "[{n}] ", "{n}: ")
_LINE_HEADS = (
    "{k}. {w} ({r})",
    "Statement {k} — {w} — {r}",
    "S{k}: {w}; {r}",
    "**Statement {k}: {w}** ({r})",
)


def _line_range(first: int, count: int, style: str) -> str:
    if count == 1:
        return f"line {first}" if style == "words" else f"L{first}"
    return f"lines {first}-{first + count - 1}" if style == "words" else f"L{first}-L{first + count - 1}"


@HELDOUT41
def numbered_line_refs(ch: Chooser) -> BlindOutput:
    """Qwen2.5, DeepSeek-V3 and GPT-4o given a context whose lines the team numbered ("L1: ..."): each verdict
    cites its line range and copies the lines with their numbers beneath it, the context's own "1." and "-"
    items and all."""
    d = EvidenceDraw(ch, "numbered_line_refs")
    head = d.dim("line_head", _LINE_HEADS)
    ink = _ink(d, in_bold=head.startswith("**"))
    prefix = d.dim("line_prefix", _LINE_PREFIXES)
    style = d.dim("line_range_style", ("words", "l_marks"))
    indent = d.dim("line_indent", ("   ", "    ", "  > "))
    aside = "   " if indent == "  > " else indent  # the grader's own remarks stand outside the quote
    blocks = []
    for i, _statement, truth in d.items():
        word = ink.token(i, truth)
        if not d.quoted(i):
            blocks.append(
                head.format(k=i + 1, w=word, r="no supporting lines")
                + f"\n{aside}{ch.pick('line_none', NOTHING_FOUND)}"
            )
            continue
        passage = d.passage(i).split("\n")
        first = d.places[i].line
        rows = [head.format(k=i + 1, w=word, r=_line_range(first, len(passage), style))]
        rows += [indent + prefix.format(n=first + j) + text for j, text in enumerate(passage)]
        if truth is None:
            rows.append(aside + ch.pick("line_unsettled", UNSETTLED))
        elif truth is False:
            rows.append(aside + "These lines contradict the statement.")
        blocks.append("\n".join(rows))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 7. fenced_context_excerpts

_FENCE_LABELS = ("Relevant context:", "Context excerpt:", "Evidence:", "From the context:", "**Relevant excerpt**")
_FENCE_HEADS = ("**Statement {k}:** {s}", "### Statement {k}\n> {s}", "Statement {k}: {s}", "{k}) {s}")
_FENCE_VERDICTS = ("Verdict: {w}", "**Verdict:** {w}", "=> {w}", "Verdict → {w}", "Therefore: {w}")


@HELDOUT41
def fenced_context_excerpts(ch: Chooser) -> BlindOutput:
    """Llama 3 70B and Mistral Large asked to "show the relevant part of the context" before each verdict: the
    excerpt copied verbatim into a code fence (lists, "Decision: REJECTED", "Status: DENIED" and all), then
    the verdict under it."""
    d = EvidenceDraw(ch, "fenced_context_excerpts")
    ink = _ink(d)
    head = d.dim("fence_head", _FENCE_HEADS)
    label = d.dim("fence_label", _FENCE_LABELS)
    language = d.dim("fence_language", ("", "text", "text", "markdown", "plaintext"))
    verdict = d.dim("fence_verdict", _FENCE_VERDICTS)
    undecided = d.dim("fence_undecided", ("ink", "Cannot determine", "Cannot be determined"))
    blocks = []
    for i, statement, truth in d.items():
        rows = [head.format(k=i + 1, s=statement)]
        if d.quoted(i):
            rows += [label, f"```{language}", d.passage(i), "```"]
        else:
            rows.append(f"{label} (none) {ch.pick('fence_nothing', NOTHING_FOUND)}")
        word = ink.token(i, truth) if truth is not None or undecided == "ink" else undecided
        line = verdict.format(w=word)
        if truth is None:
            line += " — the excerpt does not settle it."
        elif truth is False and d.quoted(i):
            line += " — the excerpt says otherwise."
        rows.append(line)
        blocks.append("\n".join(rows))
    separator = d.dim("fence_separator", ("\n\n", "\n\n---\n\n"))
    return d.done(d.frame(separator.join(blocks), final=True))


# ----------------------------------------------------------------- 8. multi_paragraph_footnotes

_FOOT_KEYS = ("{k}", "s{k}", "ev{k}", "note-{k}")
_FOOT_LINES = (
    "{k}. **{w}**[^{f}]",
    "Statement {k}: {w}.[^{f}]",
    "- Statement {k} — {w}[^{f}]",
)


@HELDOUT41
def multi_paragraph_footnotes(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 Pro and GPT-4o writing markdown with footnotes when asked to "cite your evidence": a verdict
    per statement with a footnote mark, the footnotes at the bottom holding the source and the quoted passage as
    indented continuation paragraphs (pandoc style), or "No supporting evidence found"."""
    d = EvidenceDraw(ch, "multi_paragraph_footnotes")
    key = d.dim("foot_key", _FOOT_KEYS)
    line = d.dim("foot_line", _FOOT_LINES)
    ink = _ink(d, ("supported", "yes_no", "true_false", "correct"), in_bold="**" in line)
    quote_form = d.dim("foot_quote", ("blockquote", "indented_quote"))
    heading = d.dim("foot_heading", ("none", "**Verdicts**", "## Verdicts"))
    lines = []
    notes = []
    for i, _statement, truth in d.items():
        f = key.format(k=i + 1)
        lines.append(line.format(k=i + 1, w=ink.token(i, truth), f=f))
        if not d.quoted(i):
            notes.append(f"[^{f}]: {ch.pick('foot_nothing', NOTHING_FOUND)}")
            continue
        p = d.places[i]
        source = f"*{d.claims[i].document}*, p. {p.page}"
        note = _of(
            truth,
            (
                "This passage backs the statement:",
                "This passage says otherwise:",
                "Related, but it does not settle the statement; cannot determine:",
            ),
        )
        if quote_form == "blockquote":
            quoted = "\n".join(f"    > {row}" for row in d.passage(i).split("\n"))
        else:
            quoted = '    "' + d.passage(i).replace("\n", "\n     ") + '"'
        notes.append(f"[^{f}]: {source}. {note}\n\n{quoted}")
    body = "\n".join(lines)
    if heading != "none":
        body = f"{heading}\n\n{body}"
    return d.done(d.frame(body, sign_off=False) + "\n\n" + "\n\n".join(notes))


# ----------------------------------------------------------------- 9. evidence_source_table

_TABLE_ORDERS = (
    ("#", "Statement", "Verdict", "Evidence", "Source"),
    ("#", "Verdict", "Evidence", "Source"),
    ("#", "Statement", "Evidence", "Source", "Verdict"),
    ("Statement", "Evidence (quote)", "Source", "Supported?"),
)


def _cell(text: str, breaks: str) -> str:
    """A passage in a table cell: pipes escaped, lines joined by ``<br>`` or run together."""
    escaped = text.replace("|", "\\|")
    return escaped.replace("\n", "<br>") if breaks == "br" else _flat(escaped)


@HELDOUT41
def evidence_source_table(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude answering "give a table with the verdict, the evidence and its source": the quoted
    passage in its cell (lines joined with ``<br>``, the context's own pipes escaped), a source column
    ("returns_policy.pdf p. 3", "Source 2 ¶4") and "No supporting evidence found" where nothing was found."""
    d = EvidenceDraw(ch, "evidence_source_table")
    columns = d.dim("table_columns_order", _TABLE_ORDERS)
    yes_no = columns[-1] == "Supported?"
    ink = _ink(d, ("yes_no",) if yes_no else ("supported", "entailed", "correct", "pass_fail", "true_false"))
    breaks = d.dim("table_breaks", ("br", "br", "flat"))
    source_form = d.dim("table_source_form", ("{doc} p. {page}", "Source {source} ¶{para}", "doc {source}"))
    undecided = d.dim("table_undecided", ("ink", "Cannot determine"))
    rows = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for i, statement, truth in d.items():
        p = d.places[i]
        if d.quoted(i):
            evidence = f'"{_cell(d.passage(i), breaks)}"'
            source = source_form.format(doc=d.claims[i].document, page=p.page, source=p.source, para=p.para)
            if truth is None:
                evidence += " (inconclusive)"
        else:
            evidence = ch.pick("table_nothing", NOTHING_FOUND[:3]).rstrip(".")
            source = "—"
        word = ink.token(i, truth) if truth is not None or undecided == "ink" else undecided
        cells = {
            "#": str(i + 1),
            "Statement": statement,
            "Verdict": word,
            "Supported?": word,
            "Evidence": evidence,
            "Evidence (quote)": evidence,
            "Source": source,
        }
        rows.append("| " + " | ".join(cells[c] for c in columns) + " |")
    return d.done(d.frame("\n".join(rows)))


# ----------------------------------------------------------------- 10. evidence_arrays_json

_ARRAY_KEYS = (
    ("evidence", "citations"),
    ("evidence_quotes", "sources"),
    ("quotes", "source_ids"),
)


@HELDOUT41
def evidence_arrays_json(ch: Chooser) -> BlindOutput:
    """GPT-4o (structured outputs) and Gemini 2.0 (``response_schema``) under a team's schema that extends
    RAGAS's record with an array of quotes and an array of source ids; an empty array and "No supporting
    evidence found" where nothing backs the statement, a null verdict where it cannot be determined."""
    d = EvidenceDraw(ch, "evidence_arrays_json")
    quotes_key, ids_key = d.dim("array_keys", _ARRAY_KEYS)
    values = d.dim("array_values", ("int", "bool", "word"))
    split_lines = d.flag("array_split_lines")
    records = []
    for i, statement, truth in d.items():
        p = d.places[i]
        quotes = (d.passage(i).split("\n") if split_lines else [d.passage(i)]) if d.quoted(i) else []
        if truth is True:
            reason = "The quoted passage states this."
        elif truth is False:
            reason = "The quoted passage says otherwise." if quotes else ch.pick("array_nothing", NOTHING_FOUND)
        else:
            reason = ch.pick("array_unsettled", UNSETTLED) if quotes else ch.pick("array_np", NO_PASSAGE_UNDECIDED)
        verdict: object
        if values == "int":
            verdict = None if truth is None else int(truth)
        elif values == "bool":
            verdict = truth
        else:
            verdict = _of(truth, ("supported", "not supported", "cannot determine"))
        ids = [f"doc_{p.source}"] if quotes else []
        records.append({"statement": statement, "reason": reason, quotes_key: quotes, ids_key: ids, "verdict": verdict})
    text = json.dumps({"statements": records}, ensure_ascii=False, indent=d.ch.pick("array_indent", (2, 4)))
    wrap = d.dim("array_wrap", ("bare", "fence_json", "lead_in"))
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"Here is the evaluation with the evidence for each statement:\n{text}"
    return d.done(d.frame(text, think=False, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 11. langchain_quoted_citations

_PY_LABELS: tuple[tuple[str, str, str], ...] = (
    ("supported", "not_supported", "undetermined"),
    ("SUPPORTED", "NOT_SUPPORTED", "CANNOT_DETERMINE"),
)


@HELDOUT41
def langchain_quoted_citations(ch: Chooser) -> BlindOutput:
    """A LangChain citation chain turned grader (``llm.with_structured_output`` on GPT-4o or Claude, the
    ``QuotedAnswer`` / ``Citation(source_id, quote)`` schema of LangChain's citation how-to, with a verdict per
    statement), the team's script printing the pydantic objects: their ``str`` or ``repr``, one per line or a list."""
    d = EvidenceDraw(ch, "langchain_quoted_citations")
    labels = _PY_LABELS[ch.integer("py_labels", 0, len(_PY_LABELS) - 1)]
    enum = d.flag("py_enum")
    shape = d.dim("py_shape", ("str_lines", "repr_lines", "repr_list"))
    note_field = d.flag("py_note")
    objects = []
    for i, _statement, truth in d.items():
        label = _of(truth, labels)
        verdict = f"<Verdict.{label.upper()}: {label!r}>" if enum else repr(label)
        p = d.places[i]
        citations = f"[Citation(source_id={p.source}, quote={d.passage(i)!r})]" if d.quoted(i) else "[]"
        fields = [f"statement_id={i + 1}", f"verdict={verdict}", f"citations={citations}"]
        if note_field and (truth is None or not d.quoted(i)):
            note = ch.pick("py_unsettled", UNSETTLED) if truth is None else ch.pick("py_nothing", NOTHING_FOUND)
            fields.append(f"note={note!r}")
        elif note_field:
            fields.append("note=None")
        objects.append(" ".join(fields) if shape == "str_lines" else f"Judgement({', '.join(fields)})")
    body = f"GradedStatements(judgements=[{', '.join(objects)}])" if shape == "repr_list" else "\n".join(objects)
    if d.flag("py_prompt"):
        prompt = {"str_lines": "print(j)", "repr_lines": "print(repr(j))", "repr_list": ""}[shape]
        body = (f">>> for j in result.judgements: {prompt}\n" if prompt else ">>> result\n") + body
    return d.done(d.frame(body, think=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 12. grounding_link_citations

_SITES = ("https://docs.example.com", "https://kb.acme-corp.com/articles", "https://intranet.example.org/docs")


@HELDOUT41
def grounding_link_citations(ch: Chooser) -> BlindOutput:
    """Gemini with grounding, its answer run through the ``add_citations`` helper of Google's grounding docs:
    markdown links ``[1](https://...)`` inserted after each supported span, the grounding chunks' titles
    listed at the end; the verdicts are sentences, the unsupported ones without links."""
    d = EvidenceDraw(ch, "grounding_link_citations")
    ink = _ink(d, ("supported", "yes_no", "true_false"))
    site = d.dim("link_site", _SITES)
    form = d.dim("link_form", ("label", "sentence"))
    listing = d.dim("link_listing", ("none", "titles", "titles_quotes"))
    gap = d.dim("link_gap", ("", " "))
    sentences = []
    chunks: list[int] = []
    for i, _statement, truth in d.items():
        link = ""
        if d.quoted(i):
            chunks.append(i)
            stem = d.claims[i].document.rsplit(".", 1)[0].replace("_", "-")
            link = f"{gap}[{len(chunks)}]({site}/{stem}#p{d.places[i].page})"
        if form == "label":
            tail = _of(truth, ("", " — the source says otherwise.", " — the source does not settle it."))
            if truth is False and not d.quoted(i):
                tail = " — " + ch.pick("link_nothing", NOTHING_FOUND).lower()
            sentences.append(f"Statement {i + 1}: {ink.token(i, truth)}{tail}{link}")
        else:
            text = _of(
                truth,
                (
                    "Statement {k} is supported by the source.",
                    "Statement {k} is not supported; the source states otherwise.",
                    "Statement {k} cannot be determined from the source, which leaves it open.",
                ),
            )
            if truth is False and not d.quoted(i):
                text = "Statement {k} is not supported. " + ch.pick("link_nothing", NOTHING_FOUND)
            sentences.append(text.format(k=i + 1) + link)
    body = "\n".join(sentences) if form == "label" else "\n\n".join(sentences)
    if listing != "none" and chunks:
        entries = []
        for j, i in enumerate(chunks, 1):
            entry = f"[{j}] {d.claims[i].document}"
            if listing == "titles_quotes":
                entry += f": “{_flat(d.passage(i))}”"
            entries.append(entry)
        body += "\n\nSources:\n" + "\n".join(entries)
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 13. quote_tag_extraction

_TAG_VERDICTS = ("verdict", "answer", "judgement")
_TAG_WORDS: tuple[tuple[str, str, str], ...] = (
    ("supported", "not supported", "cannot determine"),
    ("yes", "no", "cannot be determined"),
    ("SUPPORTED", "UNSUPPORTED", "UNDETERMINED"),
)


@HELDOUT41
def quote_tag_extraction(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet under Anthropic's "extract the relevant quotes first" prompting: per statement the
    quotes in ``<quotes>`` (each in ``<quote>``, with its source, or "No relevant quotes found."), then the
    verdict in its own tag."""
    d = EvidenceDraw(ch, "quote_tag_extraction")
    tag = d.dim("tag_verdict", _TAG_VERDICTS)
    words = _TAG_WORDS[ch.integer("tag_words", 0, len(_TAG_WORDS) - 1)]
    sourced = d.flag("tag_sourced")
    opening = d.dim("tag_statement", ('<statement id="{k}">', "<statement_{k}>", '<claim index="{k}">'))
    closing = {
        '<statement id="{k}">': "</statement>",
        "<statement_{k}>": "</statement_{k}>",
        '<claim index="{k}">': "</claim>",
    }[opening]
    reasoning = d.flag("tag_reasoning")
    blocks = []
    for i, _statement, truth in d.items():
        rows = [opening.format(k=i + 1), "<quotes>"]
        if d.quoted(i):
            attr = f' source="{d.places[i].source}"' if sourced else ""
            rows.append(f"<quote{attr}>{d.passage(i)}</quote>")
        else:
            rows.append("No relevant quotes found.")
        rows.append("</quotes>")
        if reasoning:
            why = _of(
                truth,
                (
                    "The quote states the same fact.",
                    "The quote gives a different fact.",
                    "The quote is related but does not settle it.",
                ),
            )
            if not d.quoted(i):
                why = "Nothing in the documents addresses this."
            rows.append(f"<reasoning>{why}</reasoning>")
        rows.append(f"<{tag}>{_of(truth, words)}</{tag}>")
        rows.append(closing.format(k=i + 1))
        blocks.append("\n".join(rows))
    body = "\n".join(blocks)
    if d.flag("tag_wrapper"):
        body = f"<evaluation>\n{body}\n</evaluation>"
    return d.done(d.frame(body, think=False, tally=False))


# ----------------------------------------------------------------- 14. quote_check_then_verdict

_CHECKS: tuple[str, str] = ("found verbatim in Source {c} ✓", "no matching passage ✗")


@HELDOUT41
def quote_check_then_verdict(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude told to "find a quote for each statement, check the quote is in the context, then
    decide" (the quote-verification step of hallucination guides): a candidate quote, the check of the quote
    (✓ for a quote found, whatever it says), then the verdict."""
    d = EvidenceDraw(ch, "quote_check_then_verdict")
    ink = _ink(d)
    head = d.dim("check_head", ("Statement {k}: {s}", "[{k}] {s}", "**{k}. {s}**"))
    check_label = d.dim("check_label", ("Quote check", "Verbatim check", "Quote verification"))
    verdict_label = d.dim("check_verdict_label", ("Verdict", "Final verdict", "Decision"))
    question = d.flag("check_question")
    blocks = []
    for i, statement, truth in d.items():
        rows = [head.format(k=i + 1, s=statement)]
        if d.quoted(i):
            quoted = d.passage(i).replace("\n", "\n  ")
            rows.append(f'Candidate quote: "{quoted}"')
            rows.append(f"{check_label}: " + _CHECKS[0].format(c=d.places[i].source))
        else:
            rows.append("Candidate quote: none")
            rows.append(f"{check_label}: {_CHECKS[1]}")
        if question:
            rows.append(
                _of(
                    truth,
                    (
                        "Does the quote back the statement? It states the same fact.",
                        "Does the quote back the statement? It states a different fact.",
                        "Does the quote back the statement? It leaves the question open.",
                    ),
                )
            )
            if not d.quoted(i):
                rows[-1] = "Does any passage back the statement? Nothing in the context addresses it."
        line = f"{verdict_label}: {ink.token(i, truth)}"
        if truth is None:
            line += " (cannot be determined from the quote)"
        rows.append(line)
        blocks.append("\n".join(rows))
    return d.done(d.frame("\n\n".join(blocks)))


# ----------------------------------------------------------------- 15. cite_or_none_one_liners

_ONE_LINE_FORMS = (
    '[{k}] {w} — "{q}" ({c})',
    '{k}. {w} | {c} | "{q}"',
    'S{k}: {w} (evidence: "{q}", {c})',
    '{k}) {w} — {c}: "{q}"',
)
_ONE_LINE_TAGS = ("doc {source}", "doc_{source}#p{page}", "Source {source}", "[{doc}]")


@HELDOUT41
def cite_or_none_one_liners(ch: Chooser) -> BlindOutput:
    """Mistral Small, Qwen2.5-7B and Llama 3.1 8B asked for "verdict + quote + source, one line each": a line per
    statement with the quote run onto the line (the context's "1." and "-" items inside it) and a doc tag, or
    the verdict with "No supporting evidence found"."""
    d = EvidenceDraw(ch, "cite_or_none_one_liners")
    labels = LABELS[ch.integer("one_line_labels", 0, len(LABELS) - 1)]
    form = d.dim("one_line_form", _ONE_LINE_FORMS)
    tag = d.dim("one_line_tag", _ONE_LINE_TAGS)
    lines = []
    for i, _statement, truth in d.items():
        word = _of(truth, labels)
        if d.quoted(i):
            p = d.places[i]
            c = tag.format(source=p.source, page=p.page, doc=d.claims[i].document)
            line = form.format(k=i + 1, w=word, q=_flat(d.passage(i)), c=c)
            if truth is None:
                line += " — inconclusive; cannot determine"
        else:
            nothing = ch.pick("one_line_nothing", NOTHING_FOUND[:2])
            lead = form.split(" {w}")[0].format(k=i + 1)
            line = f"{lead} {word} — {nothing}"
        lines.append(line)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 16. yaml_block_evidence

_YAML_VALUES: tuple[tuple[str, str, str], ...] = (
    ("supported", "not_supported", "undetermined"),
    ("true", "false", "null"),
    ("yes", "no", "unknown"),
)


@HELDOUT41
def yaml_block_evidence(ch: Chooser) -> BlindOutput:
    """GPT-4o and Llama 3 asked for YAML (promptfoo users' habit): per statement a verdict key and the evidence in
    a ``|`` block scalar, so the context's own "- iOS 15: no" and "1." lines sit inside the quote."""
    d = EvidenceDraw(ch, "yaml_block_evidence")
    values = _YAML_VALUES[ch.integer("yaml_values", 0, len(_YAML_VALUES) - 1)]
    key = d.dim("yaml_verdict_key", ("verdict", "supported", "label"))
    if values[0] == "true":
        key = "verdict" if key == "verdict" else "supported"
    elif key == "supported":
        key = "verdict"
    source_key = d.flag("yaml_source")
    echo = d.flag("yaml_echo")
    verdict_first = d.flag("yaml_verdict_first")
    items = []
    for i, statement, truth in d.items():
        entry = [f"- id: {i + 1}"]
        if echo:
            entry.append(f"  statement: {json.dumps(statement)}")
        verdict_line = f"  {key}: {_of(truth, values)}"
        if verdict_first:
            entry.append(verdict_line)
        if d.quoted(i):
            entry.append("  evidence: |")
            entry += [f"    {row}" for row in d.passage(i).split("\n")]
            if source_key:
                entry.append(f"  source: {d.claims[i].document}")
        else:
            entry.append(f"  evidence: {json.dumps(ch.pick('yaml_nothing', NOTHING_FOUND))}")
        if truth is None:
            entry.append(f"  note: {json.dumps(ch.pick('yaml_unsettled', UNSETTLED))}")
        if not verdict_first:
            entry.append(verdict_line)
        items.append("\n".join(entry))
    text = "verdicts:\n" + "\n".join(items) if d.flag("yaml_root") else "\n".join(items)
    if values[1] == "false" and None in d.truth:
        text += "\n# null: cannot be determined from the context"
    if d.flag("yaml_fence"):
        text = f"```yaml\n{text}\n```"
    return d.done(d.frame(text, think=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 17. evidence_refusals

_EVIDENCE_REFUSALS: tuple[str, ...] = (
    "I can't give verdicts with evidence here: no source documents were included, so there is nothing to quote "
    "or cite for any statement.",
    "I'm sorry, but the context section is empty. Every verdict has to cite a passage, and there are no "
    "passages, so I cannot evaluate these statements.",
    "I'm unable to complete this evaluation. The retrieved sources list is empty (0 documents), so I can't "
    "support or reject any statement with a citation.",
    "Unfortunately I cannot judge these statements: the documents you referenced ([doc 1] to [doc 4]) were not "
    "attached, so I have no text to quote.",
    "I can't assess these statements. The context appears to be a list of file names only (returns_policy.pdf, "
    "claims_log.txt) without their contents, so there is no passage I could cite.",
    "Sorry, I can't help with this one: the context is an error message (\"403 Forbidden: document access "
    'denied") rather than the documents, so I cannot check any statement against it.',
)
_EVIDENCE_REFUSAL_ASKS = (
    "Please paste the documents and I'll cite the passage behind each verdict.",
    "If you share the source text, I can quote the supporting or contradicting passage for each statement.",
    "",
)


@HELDOUT41
def evidence_refusals(ch: Chooser) -> BlindOutput:
    """GPT-4o, Claude and Gemini declining the whole task when the citing prompt arrives without usable
    context (empty, file names only, an access error): no statement is judged, nothing is cited."""
    d = EvidenceDraw(ch, "evidence_refusals", unknowns=False)
    text = ch.pick("evidence_refusal", _EVIDENCE_REFUSALS)
    ask = ch.pick("evidence_refusal_ask", _EVIDENCE_REFUSAL_ASKS)
    if ask:
        text += (" " if d.flag("evidence_refusal_same_line") else "\n\n") + ask
    shape = d.dim("evidence_refusal_shape", ("plain", "plain", "json", "heading"))
    if shape == "json":
        reason = text.split("\n\n")[0]
        text = json.dumps({"error": "missing_context", "message": reason, "verdicts": None}, indent=2)
    elif shape == "heading":
        text = f"**Evaluation with citations**\n\n{text}"
    if d.flag("evidence_refusal_think", weight_off=3):
        text = (
            "<think>\nThe prompt asks me to cite the context for each verdict, but there is no context to "
            "cite. I should say so rather than guess.\n</think>\n\n" + text
        )
    return d.refused(text)
