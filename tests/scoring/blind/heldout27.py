"""A TWENTY-SEVENTH HELD-OUT set of blind layouts: domain-specific verdict vocabularies, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout27``); do not read it while
developing the reader. Written from how graders (GPT-4o, Claude, Gemini, Llama 3, Mistral,
Qwen) answer when a team in a regulated or specialised domain writes the faithfulness prompt
in its own terms ("You are a cite-checker...", "Abstract each data element from the source
note...", "Tie out each figure to the source...", "Rate each claim on our fact-check
scale..."), and the grader answers in those terms: legal cite-checks and record charts
("Substantiated", "Corroborated by Exhibit 2", "No basis in the record"), clinical chart
abstraction, concordance reviews and source data verification ("Documented", "Discordant",
"Not documented", "SDV: verified"), audit workpapers with tickmark legends, tie-out
checklists and misstatement schedules ("Agreed to source without exception", "Tie-out: does
not agree", "Material misstatement"), newsroom fact-checking on rating scales mapped to
supported / not supported by a stated rule (Truth-O-Meter, Snopes, Pinocchios), annotated
copy ("[cq]", "[FLAG — misleading]") and ClaimReview JSON-LD, academic citation audits
("Citation does not support the claim") and systematic-review extraction forms ("Reported",
"Not reported", "Unclear"), pharmaceutical MLR claim review and compliance control tests
("Compliant with the source"), and refusals in those voices (including the safety refusals
a medical or legal framing sets off).

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, explanations, casing) and ``_draw``'s frame (a ``<think>`` draft, a
preface, an agreeing count, a sign-off), over a statement pool per domain (each statement
with a passage of the context that backs it, one that contradicts it and one that leaves it
open), mixed with ``_draw``'s statements where the layout fits any statement. Only outputs a
careful person in that domain reads without doubt are drawn: every verdict term is either
self-evident ("Supported by the cited source", "No basis in the record") or defined in the
output itself by a key, a legend or a stated rule (tickmarks, abstraction codes, rating
scales, "Compliant", "cq"), and every summary agrees with the verdicts.

    HELDOUT27.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout27_outputs(layout="tickmark_workpaper")     # one layout's strategy
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import STATEMENTS, BlindOutput, Draw, LayoutSet, lower_first
from tests.scoring.graders import Chooser, Truth, render_statements_output

HELDOUT27 = LayoutSet("heldout27")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout27_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-seventh held-out set (one layout when named)."""
    return HELDOUT27.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _styled(word: str, style: str) -> str:
    """A verdict term as the grader set it: as written, upper case, bold, or both."""
    if style == "upper":
        return word.upper()
    if style == "bold":
        return f"**{word}**"
    if style == "bold_upper":
        return f"**{word.upper()}**"
    return word


def _table(names: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


# ----------------------------------------------------------------- the domains' statements


@dataclass(frozen=True)
class Claim:
    """A statement of one domain, and passages of the context that back it, contradict it, leave it open."""

    text: str
    backing: str
    against: str
    open: str


CLAIMS: dict[str, tuple[Claim, ...]] = {
    "legal": (
        Claim("The lease was signed on 1 June 2021.", "This Lease is made and entered into on 1 June 2021.",
              "Executed this 15th day of July 2021.", "The parties began negotiating the lease in spring 2021."),
        Claim("The contract requires 30 days' written notice to terminate.",
              "Either party may terminate upon thirty (30) days' written notice.",
              "Either party may terminate upon ninety (90) days' written notice.",
              "Termination is governed by Section 12 (not included in the excerpt)."),
        Claim("The defendant received the invoice on 4 April 2022.",
              "Delivery receipt: invoice signed for by the defendant, 4 April 2022.",
              "Courier records show the invoice was delivered on 19 April 2022.",
              "The invoice was sent in early April 2022."),
        Claim("The non-compete clause lasts 12 months.",
              "The Employee shall not compete for a period of twelve (12) months following termination.",
              "The Employee shall not compete for a period of twenty-four (24) months following termination.",
              "The agreement contains a non-compete clause (see Schedule B)."),
        Claim("The plaintiff's email of 2 May 2022 rejected the settlement offer.",
              "Email, 2 May 2022: 'We reject your settlement offer in its entirety.'",
              "Email, 2 May 2022: 'We accept your settlement offer.'",
              "Email, 2 May 2022: 'Please see our response to your offer, attached.'"),
        Claim("The warehouse lease names Harbor Logistics LLC as tenant.",
              "Tenant: Harbor Logistics LLC, a Delaware limited liability company.",
              "Tenant: Harbor Freight Holdings Inc.", "Harbor Logistics LLC operated from the warehouse from 2019."),
        Claim("The motion to dismiss was denied on 9 January 2023.",
              "ORDER (9 January 2023): Defendant's motion to dismiss is DENIED.",
              "ORDER (9 January 2023): Defendant's motion to dismiss is GRANTED.",
              "The motion to dismiss was argued on 9 January 2023."),
        Claim("The witness testified that the gate was locked.", "Q. Was the gate locked? A. Yes, it was locked.",
              "Q. Was the gate locked? A. No, it was open.", "Q. Was the gate locked? A. I don't remember."),
        Claim("The purchase price was $2.4 million.",
              "Purchase Price: Two Million Four Hundred Thousand Dollars ($2,400,000).", "Purchase Price: $2,100,000.",
              "The purchase price is set out in Schedule 1."),
        Claim("The arbitration clause selects London as the seat.", "The seat of arbitration shall be London, England.",
              "The seat of arbitration shall be Singapore.", "Disputes shall be resolved by arbitration."),
        Claim("The employee was dismissed without a written warning.",
              "HR file: no written warnings on record prior to dismissal.",
              "HR file: written warning issued 3 February 2022; dismissal 1 March 2022.",
              "HR file: disciplinary history incomplete."),
        Claim("The patent application was filed in 2019.", "Application No. 16/482,113, filed 14 August 2019.",
              "Application No. 16/482,113, filed 2 March 2020.", "Priority is claimed to an earlier provisional."),
    ),
    "clinical": (
        Claim("The patient is allergic to penicillin.", "Allergies: penicillin (rash).", "Allergies: NKDA.",
              "Allergy history to be confirmed with the family."),
        Claim("The patient denies chest pain.", "ROS: denies chest pain or palpitations.",
              "Reports intermittent chest pain for 2 days.", "Chest discomfort? Patient unsure."),
        Claim("Metformin 500 mg is taken twice daily.", "Metformin 500 mg PO BID.", "Metformin 1000 mg PO daily.",
              "On metformin; dose per outside records."),
        Claim("The HbA1c was 7.2% in March.", "HbA1c (March): 7.2%.", "HbA1c (March): 8.1%.", "HbA1c: pending."),
        Claim("The blood pressure on admission was 150/90.", "Admission vitals: BP 150/90, HR 88.",
              "Admission vitals: BP 128/76, HR 88.", "BP elevated on admission per triage."),
        Claim("The patient was discharged on hospital day 3.", "Discharged home on hospital day 3.",
              "Discharged home on hospital day 6.", "Discharge planning started on day 3."),
        Claim("A chest X-ray showed no pneumonia.", "CXR: no focal consolidation; no evidence of pneumonia.",
              "CXR: right lower lobe consolidation consistent with pneumonia.",
              "CXR ordered; report not yet available."),
        Claim("The patient smokes 10 cigarettes a day.", "Social: current smoker, about 10 cigarettes/day.",
              "Social: never smoker.", "Social: tobacco use, see prior notes."),
        Claim("The wound was closed with six sutures.", "Laceration repaired with 6 simple interrupted sutures.",
              "Laceration closed with skin adhesive; no sutures placed.", "Laceration repaired in the ED."),
        Claim("Follow-up is booked in two weeks.", "Follow-up: clinic in 2 weeks.", "Follow-up: clinic in 6 weeks.",
              "Follow-up: see discharge instructions."),
        Claim("The MRI showed a torn meniscus.", "MRI knee: tear of the posterior horn of the medial meniscus.",
              "MRI knee: menisci intact.", "MRI knee: equivocal signal in the medial meniscus."),
        Claim("The patient has type 2 diabetes.", "PMH: type 2 diabetes mellitus, hypertension.",
              "PMH: hypertension. No history of diabetes.", "PMH: prediabetes vs. type 2 diabetes; work-up pending."),
    ),
    "finance": (
        Claim("Revenue for 2023 was $48.2 million.", "Total revenue (FY2023): $48.2m.",
              "Total revenue (FY2023): $45.9m.", "Revenue grew in FY2023 (see Note 3)."),
        Claim("Operating margin improved to 14% in 2023.", "Operating margin: 14.0% (2022: 11.5%).",
              "Operating margin: 9.8% (2022: 11.5%).", "Management expects operating margin to improve."),
        Claim("The company paid a dividend of $0.40 per share.", "Dividend declared and paid: $0.40 per share.",
              "Dividend declared and paid: $0.25 per share.", "Dividends are disclosed in Note 9."),
        Claim("Cash and equivalents were $12.1 million at year end.",
              "Cash and cash equivalents at 31 December: 12,100 (in $000).",
              "Cash and cash equivalents at 31 December: 8,700 (in $000).",
              "Liquidity remained adequate throughout the year."),
        Claim("No goodwill impairment was recorded in 2023.", "No impairment of goodwill was recognised in 2023.",
              "A goodwill impairment charge of $3.2m was recognised in 2023.",
              "Goodwill is tested for impairment annually."),
        Claim("The auditor issued an unqualified opinion.",
              "Independent auditor's report: unqualified (clean) opinion.",
              "Independent auditor's report: qualified opinion (inventory).",
              "The auditor's report is included on page 41."),
        Claim("Long-term debt fell to $30 million.", "Long-term borrowings: $30.0m (prior year: $36.5m).",
              "Long-term borrowings: $41.0m (prior year: $36.5m).", "The company refinanced part of its borrowings."),
        Claim("Inventory is valued at the lower of cost and net realisable value.",
              "Inventories are stated at the lower of cost and net realisable value.",
              "Inventories are stated at current replacement cost.", "Inventory policies are set out in Note 7."),
        Claim("Headcount at year end was 412 employees.", "Employees at 31 December: 412.",
              "Employees at 31 December: 376.", "Headcount increased during the year."),
        Claim("Receivables over 90 days totalled $1.3 million.", "Aged receivables over 90 days: $1.3m.",
              "Aged receivables over 90 days: $0.4m.", "Receivables ageing deteriorated slightly."),
        Claim("The company repurchased 2 million shares in 2023.", "Shares repurchased in 2023: 2,000,000.",
              "No shares were repurchased in 2023.",
              "A buyback of up to 5 million shares was authorised."),
        Claim("Capital expenditure was $6.5 million.", "Capital expenditure: $6.5m.", "Capital expenditure: $9.1m.",
              "Capex was focused on the new warehouse."),
    ),
    "news": (
        Claim("The city council approved the budget by a vote of 7 to 2.",
              "Council approved the budget 7-2 on Tuesday.", "Council approved the budget 5-4 on Tuesday.",
              "Council debated the budget on Tuesday."),
        Claim("Unemployment fell to 3.9% in May.", "The unemployment rate fell to 3.9 percent in May.",
              "The unemployment rate rose to 4.2 percent in May.", "May jobs data will be released next week."),
        Claim("The governor signed the bill into law on Friday.", "The governor signed the measure on Friday.",
              "The governor vetoed the measure on Friday.",
              "The governor's office confirmed it had received the bill."),
        Claim("The bridge project is two years behind schedule.",
              "The project, originally due in 2022, is now expected in 2024.",
              "The project remains on schedule for completion this year.",
              "Officials declined to give a completion date."),
        Claim("Crime in the city fell by 12% last year.", "Reported crimes fell 12% year on year.",
              "Reported crimes rose 3% year on year.", "Police say crime trends are mixed."),
        Claim("The senator voted against the infrastructure bill.", "Roll call: the senator voted no.",
              "Roll call: the senator voted yes.", "The senator did not comment on the bill."),
        Claim("The company laid off 300 workers in March.", "The company cut 300 jobs in March.",
              "The company cut 30 jobs in March.", "The company said it was reviewing staffing levels."),
        Claim("The school district serves about 45,000 students.", "The district enrolls roughly 45,000 students.",
              "The district enrolls roughly 25,000 students.", "The district is one of the largest in the state."),
        Claim("The mayor was first elected in 2017.", "Elected in 2017 and re-elected in 2021, the mayor said...",
              "The mayor, first elected in 2021, said...", "The mayor is serving a second term."),
        Claim("The storm left 80,000 homes without power.", "About 80,000 customers lost power in the storm.",
              "About 8,000 customers lost power in the storm.", "Outages were widespread after the storm."),
        Claim("The new stadium will cost taxpayers $600 million.", "Public contribution to the stadium: $600 million.",
              "Public contribution to the stadium: $250 million; the team pays the rest.",
              "The stadium's financing has not been finalised."),
        Claim("The minimum wage will rise to $15 an hour in January.",
              "From 1 January the minimum wage rises to $15 per hour.",
              "From 1 January the minimum wage rises to $13.50 per hour.",
              "The next minimum wage increase takes effect in January."),
    ),
    "academic": (
        Claim("The trial enrolled 1,200 participants.", "A total of 1,200 participants were randomised.",
              "A total of 312 participants were randomised.", "Participants were recruited from 14 centres."),
        Claim("The intervention reduced systolic blood pressure by 8 mmHg.",
              "Mean systolic blood pressure fell by 8 mmHg (95% CI 6 to 10).",
              "Mean systolic blood pressure fell by 3 mmHg (95% CI -1 to 7).",
              "Blood pressure outcomes are reported in the supplement."),
        Claim("The survey had a response rate of 62%.", "The response rate was 62% (1,240 of 2,000).",
              "The response rate was 38%.", "Non-response was addressed with weighting."),
        Claim("The study was conducted in Kenya and Uganda.", "Data were collected in Kenya and Uganda.",
              "Data were collected in Tanzania.", "The study took place in East Africa."),
        Claim("Follow-up lasted five years.", "Median follow-up was 5.0 years.", "Median follow-up was 18 months.",
              "Participants were followed up annually."),
        Claim("The authors used a random-effects meta-analysis.", "Estimates were pooled with a random-effects model.",
              "Estimates were pooled with a fixed-effect model.", "Heterogeneity was assessed with I²."),
        Claim("The model achieved 91% accuracy on the test set.", "Test-set accuracy: 91.2%.",
              "Test-set accuracy: 84.5%.", "The model outperformed the baseline."),
        Claim("The association did not persist after adjustment for age.",
              "After adjustment for age, the association was no longer significant.",
              "The association remained significant after adjustment for age.",
              "Age-adjusted results are shown in Table 3."),
        Claim("The study was funded by the National Science Foundation.",
              "Funding: National Science Foundation (grant 1845123).", "Funding: Wellcome Trust.",
              "The funders had no role in the study design."),
        Claim("The median age of participants was 54 years.", "Median age 54 years (IQR 46-62).",
              "Median age 41 years (IQR 33-50).", "Participants were adults aged 18 and over."),
        Claim("Sea surface temperatures rose by 0.6 °C over the study period.",
              "SST increased by 0.6 °C between 1990 and 2020.", "SST increased by 0.2 °C between 1990 and 2020.",
              "SST showed strong interannual variability."),
        Claim("Patients were recruited at three hospitals.", "Patients were recruited at three hospitals.",
              "Patients were recruited at a single hospital.", "Recruitment took place in hospital settings."),
    ),
    "compliance": (
        Claim("The tablet should be taken once daily.", "Dosage: one tablet once daily.",
              "Dosage: one tablet twice daily.", "Dosage depends on renal function."),
        Claim("The most common side effect is headache.",
              "The most common adverse reaction (10% or more) was headache.",
              "The most common adverse reaction was nausea; headache was reported in 2% of patients.",
              "Adverse reactions included headache, nausea and dizziness."),
        Claim("The product is not recommended during pregnancy.", "Use during pregnancy is not recommended.",
              "May be used during pregnancy when clinically needed.",
              "Limited data are available on use in pregnancy."),
        Claim("The savings account pays 4.5% AER.", "Interest rate: 4.50% AER (variable).",
              "Interest rate: 3.75% AER (variable).", "Rates are reviewed quarterly."),
        Claim("Past performance is shown net of fees.", "All performance figures are shown net of fees.",
              "Performance figures are shown gross of fees.", "Fees are described in the prospectus."),
        Claim("The fund's ongoing charge is 0.85% a year.", "Ongoing charges figure (OCF): 0.85%.",
              "Ongoing charges figure (OCF): 1.20%.", "Charges may vary from year to year."),
        Claim("The device is cleared for home use.", "Intended use: for home use by lay users.",
              "Intended use: professional use in clinical settings only.", "Intended use: see instructions for use."),
        Claim("The cream can be used on children over two years old.", "Suitable for children aged 2 years and over.",
              "Not for use in children under 12 years.", "Consult a doctor before use on children."),
        Claim("The drug reduced the risk of stroke by 20% in the pivotal trial.",
              "In the pivotal trial, the relative risk of stroke was reduced by 20%.",
              "In the pivotal trial, there was no significant reduction in the risk of stroke.",
              "Stroke was a secondary end point of the pivotal trial."),
        Claim("Customers may cancel within 14 days for a full refund.",
              "You may cancel within 14 days of purchase for a full refund.",
              "You may cancel within 14 days; an administration fee of 25 pounds applies.",
              "Cancellation terms are set out in the policy document."),
        Claim("The loan has no early repayment charges.", "There are no early repayment charges.",
              "An early repayment charge of 2% applies in the first three years.", "Early repayment may be possible."),
        Claim("The vaccine is given as two doses four weeks apart.", "Two doses, administered 4 weeks apart.",
              "A single dose; no booster is required.", "The dosing schedule is under review."),
    ),
}  # fmt: skip
DOMAINS = tuple(CLAIMS)
CLAIM_TEXTS = frozenset(claim.text for claims in CLAIMS.values() for claim in claims)

# What a grader says of an item without quoting the context (the generic statements).
_WHY: dict[str, tuple[str, ...]] = {
    "backed": P.EXPLANATIONS_YES,
    "contradicted": ("The context says something different.", "The context contradicts this."),
    "absent": (
        "The context does not mention this.",
        "There is no mention of this in the context.",
        "Nothing in the context backs this up.",
    ),
    "open": P.EXPLANATIONS_UNKNOWN,
}
KINDS = tuple(_WHY)


class DomainDraw(Draw):
    """``Draw`` over one domain's statements (only them, or mixed with ``_draw``'s), each with what the
    context does with it: backs it, contradicts it, does not mention it, or leaves it open."""

    def __init__(self, ch: Chooser, layout: str, domain: str, *, themed: bool = False, unknowns: bool = True) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        self.dims["domain"] = domain
        claims = CLAIMS[domain]
        pool_name = "themed" if themed else self.dim("statement_pool", ("themed", "themed", "mixed"))
        pool = [claim.text for claim in claims]
        if pool_name == "mixed":
            pool += [s for s in STATEMENTS if s not in CLAIM_TEXTS]
        self.statements = tuple(pool.pop(ch.integer("domain_statement", 0, len(pool) - 1)) for _ in range(self.n))
        by_text = {claim.text: claim for claim in claims}
        self.claims: tuple[Claim | None, ...] = tuple(by_text.get(s) for s in self.statements)
        first = render_statements_output(ch, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)
        # Drawn for every item whatever its truth: which passage, contradicted or absent, the words of a reason.
        self.refs = tuple(ch.integer("source_ref", 1, 6) for _ in self.statements)
        contradicted = tuple(ch.pick("contradicted", (True, False)) for _ in self.statements)
        self.whys = tuple({kind: ch.pick(f"why_{kind}", _WHY[kind]) for kind in KINDS} for _ in self.statements)
        self.kinds = tuple(
            "backed" if t is True else "open" if t is None else "contradicted" if c else "absent"
            for t, c in zip(self.truth, contradicted, strict=True)
        )

    def quote(self, i: int) -> str | None:
        """The passage of the context this item rests on (None: a generic statement, or nothing found)."""
        claim = self.claims[i]
        kind = self.kinds[i]
        if claim is None or kind == "absent":
            return None
        return {"backed": claim.backing, "contradicted": claim.against, "open": claim.open}[kind]

    def why(self, i: int) -> str:
        return self.whys[i][self.kinds[i]]

    def count(self, kind: str) -> int:
        return sum(1 for k in self.kinds if k == kind)

    @property
    def undecided(self) -> int:
        return sum(1 for t in self.truth if t is None)

    @property
    def unsupported(self) -> int:
        return sum(1 for t in self.truth if t is False)


def _letter(e: int) -> str:
    return "ABCDEF"[e - 1]


# ----------------------------------------------------------------- 1. brief_cite_check (legal)

_CITE_WORDS: dict[str, tuple[str, str, str]] = {
    "substantiated": ("Substantiated", "Unsubstantiated", "Undetermined"),
    "record": ("Supported by the record", "Not supported by the record", "Cannot be determined on this record"),
    "established": ("Established by the record", "Not established", "No determination"),
}
_CITE_REFS = ("Ex. {e}", "Exhibit {e}", "Record ¶ {e}", "Doc. {e}", "[Context {e}]")
_CITE_HEADS = (
    "CITE-CHECK MEMORANDUM\nRe: factual assertions in the draft answer",
    "**Cite-check of factual assertions**",
    "Record check of each assertion against the retrieved context:",
    "",
)
_NO_BASIS = ("No basis in the record.", "Nothing in the record addresses this assertion.")


@HELDOUT27
def brief_cite_check(ch: Chooser) -> BlindOutput:
    """Legal-tech teams' graders (GPT-4o, Claude) prompted as cite-checkers of a brief: each assertion
    Substantiated / Unsubstantiated with a record cite ("See Ex. 2 (...)", "No basis in the record")."""
    d = DomainDraw(ch, "brief_cite_check", "legal")
    yes, no, undecided = _CITE_WORDS[d.dim("cite_words", tuple(_CITE_WORDS))]
    ref = d.dim("cite_ref", _CITE_REFS)
    label = d.dim("cite_label", ("Result:", "Finding:", "Cite-check:"))
    style = d.dim("cite_style", ("plain", "upper", "bold", "bold_upper"))
    form = d.dim("cite_form", ("block", "inline", "verdict_first"))
    no_basis = d.dim("no_basis", _NO_BASIS)
    quotes = d.flag("cite_quotes", weight_off=1)
    head = d.dim("cite_head", _CITE_HEADS)
    entries = []
    for i, statement, truth in d.items():
        r = ref.format(e=d.refs[i])
        q = d.quote(i)
        cite = f' ("{q}")' if quotes and q else ""
        detail = {
            "backed": f"See {r}{cite}.",
            "contradicted": f"Contradicted by {r}{cite}.",
            "absent": no_basis,
            "open": f"{r} is ambiguous on this point{cite}; no determination is made.",
        }[d.kinds[i]]
        word = _styled(_of(truth, (yes, no, undecided)), style)
        if form == "block":
            entries.append(f'Assertion {i + 1}: "{statement}"\n{label} {word}. {detail}')
        elif form == "inline":
            entries.append(f"{i + 1}. {statement} — {word}. {detail}")
        else:
            entries.append(f'{i + 1}. {word} — "{_bare(statement)}." {detail}')
    parts = [head] if head else []
    if d.flag("cite_standard"):
        standard = (
            f'Standard applied: an assertion is "{yes}" only where the record (the retrieved context) states it '
            f'or it follows directly from it; otherwise it is "{no}".'
        )
        if None in d.truth:
            standard += (
                f' Where the record does not permit a finding either way, the assertion is marked "{undecided}".'
            )
        parts.append(standard)
    parts.append(("\n\n" if form == "block" else "\n").join(entries))
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 2. exhibit_corroboration_table (legal)

# (backed, contradicted, absent, open) findings, in two phrasings, and the key of each.
_FINDINGS: tuple[tuple[tuple[str, str, str, str], str], ...] = (
    (
        ("Corroborated by {x}", "Contradicted by {x}", "No basis in the record", "No finding; {x} is inconclusive"),
        '"Corroborated" means an exhibit in the record (the retrieved context) states the assertion; '
        '"Contradicted" and "No basis in the record" mean the assertion is not supported; "No finding" means the '
        "record does not settle it.",
    ),
    (
        ("Corroborated ({x})", "Not corroborated; {x} says otherwise", "Not corroborated; no exhibit addresses it",
         "Inconclusive ({x}); no finding made"),
        'Corroborated = supported by the record; Not corroborated = not supported by the record; Inconclusive = '
        "no finding either way.",
    ),
)  # fmt: skip
_EXHIBITS = ("Exhibit {e}", "Ex. {e}", "Tab {e}", "Doc. {e}")
_CHART_COLUMNS: dict[str, list[str]] = {
    "num_assertion_finding": ["#", "Assertion", "Finding"],
    "num_assertion_excerpt_finding": ["#", "Assertion", "Record excerpt", "Finding"],
    "assertion_finding_excerpt": ["Assertion", "Finding", "Record excerpt"],
}


@HELDOUT27
def exhibit_corroboration_table(ch: Chooser) -> BlindOutput:
    """Litigation-support pipelines (Claude, GPT-4o asked for "a chart of assertions against the record"):
    a table with a finding per assertion, "Corroborated by Exhibit B" / "No basis in the record"."""
    d = DomainDraw(ch, "exhibit_corroboration_table", "legal")
    findings, key = _FINDINGS[int(d.dim("finding_phrasing", ("0", "1")))]
    exhibit = d.dim("exhibit_label", _EXHIBITS)
    lettered = d.dim("exhibit_id", ("number", "letter")) == "letter"
    names = _CHART_COLUMNS[d.dim("chart_columns", tuple(_CHART_COLUMNS))]
    upper = d.flag("finding_upper", weight_off=3)
    rows = []
    for i, statement, _truth in d.items():
        e = d.refs[i]
        x = exhibit.format(e=_letter(e) if lettered else e)
        finding = findings[KINDS.index(d.kinds[i])].format(x=x)
        finding = finding.upper() if upper else finding
        q = d.quote(i)
        excerpt = f'"{q}"' if q else ("—" if d.kinds[i] == "absent" else d.why(i))
        cells = {"#": str(i + 1), "Assertion": statement, "Record excerpt": excerpt, "Finding": finding}
        rows.append([cells[name] for name in names])
    table = _table(names, rows)
    title = d.dim("chart_title", ("**Assertions vs. record**", "Record corroboration chart", "none"))
    parts = [] if title == "none" else [title]
    parts.append(table)
    if d.flag("chart_key"):
        parts.append(f"Key: {key}")
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 3. chart_abstraction_codes (clinical)

# (backed, contradicted, absent, open) values, and the key that defines them.
_ABSTRACTION: dict[str, tuple[tuple[str, str, str, str], str]] = {
    "letters": (
        ("D", "DC", "ND", "UTD"),
        "D = documented in the source note as stated; ND = not documented in the source note; DC = discordant "
        "(the source note documents something different); UTD = unable to determine from the source note",
    ),
    "words": (
        ("Documented", "Discordant", "Not documented", "Unable to determine"),
        "Documented = the source note documents it as stated; Not documented = the source note does not "
        "document it; Discordant = the source note documents something different; Unable to determine = the "
        "documentation does not settle it",
    ),
    "yn": (
        ("Y", "N", "N", "UTD"),
        "Y = documented in the source as stated; N = not documented, or documented differently; UTD = unable "
        "to determine from the source",
    ),
}
_KEY_INTROS = ("Abstraction key:", "Allowable values:", "Legend —")
_ABSTRACTION_HEADS = (
    "Chart abstraction against the source note (the retrieved context)",
    "**Abstraction results**",
    "CDI review: abstracted value per data element",
    "none",
)


@HELDOUT27
def chart_abstraction_codes(ch: Chooser) -> BlindOutput:
    """Clinical-documentation teams prompt the grader as a chart abstractor: each statement is a data
    element with an abstraction value (D / ND / DC / UTD, Y / N / UTD, or the words), the key given."""
    d = DomainDraw(ch, "chart_abstraction_codes", "clinical", themed=True)
    codes, key = _ABSTRACTION[d.dim("abstraction_codes", tuple(_ABSTRACTION))]
    form = d.dim("abstraction_form", ("element_lines", "arrow", "table", "bracket"))
    sources = d.flag("abstraction_sources")
    # A key for letters; the words may stand without one.
    keyed = codes[0] != "Documented" or d.flag("abstraction_key_words")
    key_intro = d.dim("key_intro", _KEY_INTROS)
    where = d.dim("key_position", ("before", "after"))
    notes = d.flag("abstractor_notes", weight_off=2)
    entries = []
    rows = []
    for i, statement, truth in d.items():
        code = codes[KINDS.index(d.kinds[i])]
        q = d.quote(i)
        source = f'"{q}"' if q else "none found"
        note = f" (abstractor note: {lower_first(d.why(i)).rstrip('.')})" if notes and truth is None else ""
        if form == "element_lines":
            entry = f"Data element {i + 1}: {statement}\nValue: {code}{note}"
            entries.append(entry + (f"\nSource text: {source}" if sources else ""))
        elif form == "arrow":
            entries.append(f"{i + 1}. {statement} → {code}{note}" + (f" | source: {source}" if sources else ""))
        elif form == "bracket":
            entries.append(f"[{code}] {statement}{note}")
        else:
            rows.append([str(i + 1), statement, code + note] + ([source] if sources else []))
    if form == "table":
        names = ["#", "Data element", "Value"] + (["Source text"] if sources else [])
        body = _table(names, rows)
    else:
        body = ("\n\n" if form == "element_lines" else "\n").join(entries)
    head = d.dim("abstraction_head", _ABSTRACTION_HEADS)
    parts = [] if head == "none" else [head]
    key_line = f"{key_intro} {key}."
    if keyed and where == "before":
        parts.append(key_line)
    parts.append(body)
    if keyed and where == "after":
        parts.append(key_line)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 4. concordance_review (clinical)

# (backed, contradicted, absent, open)
_CONCORDANCE: dict[str, tuple[str, str, str, str]] = {
    "full": (
        "Concordant with the source",
        "Discordant with the source",
        "Not addressed in the source",
        "Indeterminate",
    ),
    "short": ("Concordant", "Discordant", "Not in source", "Indeterminate"),
    "documentation": (
        "Consistent with source documentation",
        "Inconsistent with source documentation",
        "Not found in source documentation",
        "Cannot be determined from the documentation",
    ),
}
_CONCORDANCE_HEADS = (
    "Clinical accuracy review of the generated summary",
    "## Source concordance review",
    "Summary vs. chart: concordance by claim",
    "none",
)


@HELDOUT27
def concordance_review(ch: Chooser) -> BlindOutput:
    """Clinical-summary QA pipelines (GPT-4o, Med-PaLM-style prompts, Claude) asking whether each claim of
    a generated summary is concordant with the chart: Concordant / Discordant / Not addressed / Indeterminate."""
    d = DomainDraw(ch, "concordance_review", "clinical")
    name = d.dim("concordance_words", tuple(_CONCORDANCE))
    words = _CONCORDANCE[name]
    form = d.dim("concordance_form", ("paragraph", "fields", "verdict_first"))
    style = d.dim("concordance_style", ("plain", "upper", "bold"))
    rationale = d.flag("concordance_rationale")
    entries = []
    for i, statement, _truth in d.items():
        word = _styled(words[KINDS.index(d.kinds[i])], style)
        q = d.quote(i)
        reason = {
            "backed": f'Source: "{q}"' if q else d.why(i),
            "contradicted": f'The source instead records: "{q}"' if q else d.why(i),
            "absent": "The source does not address this.",
            "open": f'Source: "{q}", which is not enough to decide.' if q else d.why(i),
        }[d.kinds[i]]
        if form == "paragraph":
            entries.append(f"**Claim {i + 1}.** {word}." + (f" {reason}" if rationale else ""))
        elif form == "fields":
            entry = f"Claim {i + 1}: {statement}\nAssessment: {word}"
            entries.append(entry + (f"\nRationale: {reason}" if rationale else ""))
        else:
            entries.append(f"{i + 1}) {word}: {statement}" + (f" ({lower_first(reason)})" if rationale else ""))
    head = d.dim("concordance_head", _CONCORDANCE_HEADS)
    parts = [] if head == "none" else [head]
    if name == "short" or d.flag("concordance_rule"):
        rule = f'Claims rated "{words[0]}" are supported by the source; "{words[1]}" and "{words[2]}" claims are not'
        rule += f'; "{words[3]}" claims are left undecided.' if None in d.truth else "."
        parts.append(rule)
    parts.append(("\n\n" if form == "fields" else "\n").join(entries))
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 5. source_data_verification (clinical)

# (backed, contradicted, absent, open), {q}: the source's words, {r}: a query id.
_SDV: tuple[tuple[str, str, str, str], ...] = (
    (
        "Verified — matches source",
        'Discrepancy — query raised{r} (source: "{q}")',
        "Not in source — query raised{r}",
        "Not completed — source entry ambiguous; left open",
    ),
    (
        "SDV complete: matches source",
        'SDV finding: does not match source{r} (source reads "{q}")',
        "SDV finding: no source record{r}",
        "SDV pending: source unclear, no conclusion",
    ),
)


@HELDOUT27
def source_data_verification(ch: Chooser) -> BlindOutput:
    """Clinical-research teams (CRO data-management prompts on GPT-4o, Claude) framing the check as
    source data verification: each item verified against source, or a discrepancy with a query raised."""
    d = DomainDraw(ch, "source_data_verification", "clinical")
    phrasing = int(d.dim("sdv_phrasing", ("0", "1")))
    statuses = _SDV[phrasing]
    form = d.dim("sdv_form", ("pipe_rows", "blocks", "table"))
    query_ids = d.flag("sdv_query_ids")
    entries = []
    rows = []
    for i, statement, _truth in d.items():
        kind = d.kinds[i]
        q = d.quote(i) or lower_first(d.why(i)).rstrip(".")
        r = f" [Q-{i + 1:03d}]" if query_ids else ""
        if kind == "contradicted" and d.quote(i) is None:
            status = statuses[1].split(" (")[0].format(r=r)
        else:
            status = statuses[KINDS.index(kind)].format(q=q, r=r)
        if form == "pipe_rows":
            entries.append(f"Item {i + 1} | {statement} | {status}")
        elif form == "blocks":
            entries.append(f"Item {i + 1}: {statement}\n  {'SDV:' if phrasing == 0 else 'Status:'} {status}")
        else:
            rows.append([str(i + 1), statement, status])
    body = (
        _table(["Item", "Data point (answer)", "SDV status"], rows)
        if form == "table"
        else (("\n\n" if form == "blocks" else "\n").join(entries))
    )
    parts = [
        d.dim("sdv_head", ("SDV log: answer vs. source documents (retrieved context)", "**Source data verification**"))
    ]
    if d.flag("sdv_legend"):
        parts.append(
            "Matches source = supported by the source documents; a discrepancy or no source record = not "
            "supported; pending or open items have no conclusion."
        )
    parts.append(body)
    if d.flag("sdv_summary"):
        summary = f"SDV summary: {d.n} item{_pl(d.n)} checked; {d.supported} verified against source"
        if d.unsupported:
            summary += f"; {d.unsupported} not matching source (quer{_pl(d.unsupported, 'y', 'ies')} raised)"
        if d.undecided:
            summary += f"; {d.undecided} open"
        parts.append(summary + ".")
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 6. tickmark_workpaper (audit)

# (agreed, exception, open) tickmarks.
_TICKS: dict[str, tuple[str, str, str]] = {
    "check_cross": ("✓", "✗", "?"),
    "root_x": ("√", "X", "○"),
    "letters": ("A", "E", "O"),
    "circled": ("Ⓐ", "Ⓔ", "Ⓞ"),
}
_TICK_MEANINGS = (
    "Agreed to source (the retrieved context) without exception",
    "Exception: does not agree to source",
    "Open: unable to agree to source, no conclusion reached",
)
_WP_REFS = ("F-3", "C-12", "A-7.2", "WP 410")


@HELDOUT27
def tickmark_workpaper(ch: Chooser) -> BlindOutput:
    """Audit and assurance teams prompting the grader to "tick and tie" each figure to the source: a
    workpaper with a tickmark per item (✓ / ✗, √ / X, A / E / O...) and the tickmark legend."""
    d = DomainDraw(ch, "tickmark_workpaper", "finance")
    ticks = _TICKS[d.dim("ticks", tuple(_TICKS))]
    place = d.dim("tick_place", ("after", "before", "column"))
    legend_form = d.dim("legend_form", ("lines", "one_line"))
    legend_where = d.dim("legend_position", ("after", "before"))
    notes = d.flag("exception_notes")
    lines = []
    rows = []
    for i, statement, truth in d.items():
        tick = _of(truth, ticks)
        if place == "after":
            lines.append(f"{i + 1}. {statement} {tick}")
        elif place == "before":
            lines.append(f"{tick}  {i + 1}. {statement}")
        else:
            rows.append([str(i + 1), statement, tick])
    body = _table(["Ref", "Item per answer", "TM"], rows) if place == "column" else "\n".join(lines)
    if legend_form == "lines":
        legend = "Tickmark legend:\n" + "\n".join(f"{t} = {m}" for t, m in zip(ticks, _TICK_MEANINGS, strict=True))
    else:
        legend = "Tickmarks: " + "; ".join(f"{t} {lower_first(m)}" for t, m in zip(ticks, _TICK_MEANINGS, strict=True))
        legend += "."
    parts = [f"W/P ref. {d.dim('wp_ref', _WP_REFS)}: tie-out of the generated answer to source"]
    if d.flag("wp_preparer"):
        parts[0] += "\nPrepared by: AI reviewer | Reviewed by: (pending)"
    if legend_where == "before":
        parts.append(legend)
    parts.append(body)
    exceptions = [
        f"Item {i + 1}: " + (f'source shows "{q}"' if (q := d.quote(i)) else lower_first(d.why(i)))
        for i, _s, t in d.items()
        if t is False
    ]
    if notes and exceptions:
        parts.append("Exceptions noted:\n" + "\n".join(exceptions))
    if legend_where == "after":
        parts.append(legend)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 7. tie_out_checklist (finance)

# (agrees, does not agree, open), and whether the words need a key to read.
_TIE_WORDS: dict[str, tuple[tuple[str, str, str], bool]] = {
    "tie_out": (("Tie-out: agrees", "Tie-out: does not agree", "Tie-out: open"), False),
    "agrees_to": (("Agrees to source", "Does not agree to source", "Not tied out (open item)"), False),
    "agreed": (("Agreed", "Not agreed", "Open"), True),
}
_TIE_REFS = ("context ¶{e}", "source p. {e}", "source line {e}")


@HELDOUT27
def tie_out_checklist(ch: Chooser) -> BlindOutput:
    """Finance teams checking generated commentary against the reported numbers ("tie out every figure"):
    per item "Tie-out: agrees" / "does not agree" / "open", with the source reference or the difference."""
    d = DomainDraw(ch, "tie_out_checklist", "finance")
    name = d.dim("tie_words", tuple(_TIE_WORDS))
    words, needs_key = _TIE_WORDS[name]
    ref = d.dim("tie_ref", _TIE_REFS)
    form = d.dim("tie_form", ("block", "pipe_line", "item_first"))
    entries = []
    for i, statement, truth in d.items():
        r = ref.format(e=d.refs[i])
        q = d.quote(i)
        detail = {
            "backed": r,
            "contradicted": f'difference: {r} shows "{q}"' if q else f"difference: {lower_first(d.why(i)).rstrip('.')}",
            "absent": "no corresponding item in source",
            "open": f"source unclear, {r}",
        }[d.kinds[i]]
        word = _of(truth, words)
        if form == "block":
            entries.append(f"[{i + 1}] {statement}\n    {word} — {detail}")
        elif form == "pipe_line":
            entries.append(f"{i + 1} | {statement} | {word} | {detail}")
        else:
            entries.append(f"Item {i + 1} — {word} [{detail}]: {statement}")
    parts = [d.dim("tie_head", ("Tie-out checklist (answer vs. source)", "**Tie-out**", "Figures tied to source:"))]
    if needs_key or d.flag("tie_key"):
        parts.append(
            f'"{words[0]}" = the item agrees to the source (supported); "{words[1]}" = it does not agree or is not '
            f'in the source (not supported); "{words[2]}" = not tied out, no conclusion.'
        )
    parts.append(("\n\n" if form == "block" else "\n").join(entries))
    if d.flag("tie_summary"):
        summary = f"Tie-out summary: {d.supported} agree, {d.unsupported} do not agree"
        parts.append(summary + (f", {d.undecided} open." if d.undecided else "."))
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 8. misstatement_schedule (audit)

# (backed, contradicted, absent, open) conclusions.
_MISSTATEMENT: dict[str, tuple[str, str, str, str]] = {
    "misstatement": (
        "No misstatement",
        "Material misstatement",
        "Exception: no supporting evidence in source",
        "Not concluded: evidence inconclusive",
    ),
    "verified": (
        "Verified to source",
        "Exception noted: does not agree to source",
        "Exception noted: no evidence in source",
        "Pending: further evidence needed",
    ),
}
_SCHEDULE_COLUMNS: dict[str, list[str]] = {
    "ref_assertion_source_conclusion": ["Ref", "Assertion", "Per source", "Conclusion"],
    "ref_assertion_conclusion": ["Ref", "Assertion", "Conclusion"],
    "ref_conclusion_assertion_source": ["Ref", "Conclusion", "Assertion", "Per source"],
}


@HELDOUT27
def misstatement_schedule(ch: Chooser) -> BlindOutput:
    """Assurance teams asking the grader to evaluate each assertion like an auditor: a schedule with a
    conclusion per assertion ("No misstatement", "Material misstatement", "Verified to source", "Exception
    noted"), its key, and the list of exceptions."""
    d = DomainDraw(ch, "misstatement_schedule", "finance")
    conclusions = _MISSTATEMENT[d.dim("conclusion_words", tuple(_MISSTATEMENT))]
    names = _SCHEDULE_COLUMNS[d.dim("schedule_columns", tuple(_SCHEDULE_COLUMNS))]
    ref_form = d.dim("schedule_ref", ("M-{k}", "R{k}", "A{k}"))
    refs = [ref_form.format(k=i + 1) for i in range(d.n)]
    rows = []
    for i, statement, _truth in d.items():
        q = d.quote(i)
        source = f'"{q}"' if q else ("(none)" if d.kinds[i] == "absent" else d.why(i))
        cells = {"Ref": refs[i], "Assertion": statement, "Per source": source,
                 "Conclusion": conclusions[KINDS.index(d.kinds[i])]}  # fmt: skip
        rows.append([cells[name] for name in names])
    title = d.dim("schedule_title", ("**Schedule of assertions tested**", "Summary of audit differences", "none"))
    parts = [] if title == "none" else [title]
    key = (
        f'Conclusion key: only items concluded "{conclusions[0]}" are supported by the source; '
        f'"{conclusions[1]}" and "{conclusions[2]}" items are not'
    )
    key += f'; "{conclusions[3]}" items are left open.' if None in d.truth else "."
    where = d.dim("schedule_key_position", ("before", "after"))
    if where == "before":
        parts.append(key)
    parts.append(_table(names, rows))
    if where == "after":
        parts.append(key)
    exceptions = [refs[i] for i, _s, t in d.items() if t is False]
    opened = [refs[i] for i, _s, t in d.items() if t is None]
    if d.flag("schedule_exceptions"):
        line = (
            f"Items not supported by the source: {len(exceptions)} ({', '.join(exceptions)})."
            if exceptions
            else "Items not supported by the source: none."
        )
        if opened:
            line += f" Open: {', '.join(opened)}."
        parts.append(line)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 9. truth_scale_mapped (journalism)


@dataclass(frozen=True)
class Scale:
    """A fact-checkers' rating scale, best first, and the rating given where the grader could not rate."""

    name: str
    ratings: tuple[str, ...]
    unrated: str


_SCALES: dict[str, Scale] = {
    "truth_o_meter": Scale(
        "Truth-O-Meter", ("True", "Mostly True", "Half True", "Mostly False", "False", "Pants on Fire"), "No rating"
    ),
    "snopes": Scale("Snopes-style scale", ("True", "Mostly True", "Mixture", "Mostly False", "False"), "Unproven"),
    "pinocchios": Scale(
        "Pinocchio scale",
        ("Geppetto Checkmark", "One Pinocchio", "Two Pinocchios", "Three Pinocchios", "Four Pinocchios"),
        "Verdict pending",
    ),
}


def _or_list(words: tuple[str, ...] | list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@HELDOUT27
def truth_scale_mapped(ch: Chooser) -> BlindOutput:
    """Newsroom teams who prompt the grader with their fact-check scale (Truth-O-Meter, Snopes, Pinocchios)
    and a rule mapping it to supported / not supported: a rating per claim, the rule stated in the answer."""
    d = DomainDraw(ch, "truth_scale_mapped", "news")
    scale = _SCALES[d.dim("scale", tuple(_SCALES))]
    cut = int(d.dim("supported_ratings", ("1", "2")))
    good, bad = scale.ratings[:cut], scale.ratings[cut:]
    form = d.dim("rating_form", ("card", "line", "table"))
    mapped = d.flag("rating_mapped")
    reasons = d.flag("rating_reasons") if form == "card" else False
    entries = []
    rows = []
    for i, statement, truth in d.items():
        rating_yes = ch.pick("rating_yes", good)
        rating_no = ch.pick("rating_no", bad)
        rating = _of(truth, (rating_yes, rating_no, scale.unrated))
        arrow = f" (→ {_of(truth, ('supported', 'not supported', 'undecided'))})" if mapped else ""
        if form == "card":
            card = f'Claim {i + 1}: "{_bare(statement)}"\nRating: {rating}{arrow}'
            entries.append(card + (f"\nWhy: {d.why(i)}" if reasons else ""))
        elif form == "line":
            entries.append(f"{i + 1}. {rating}{arrow} — {statement}")
        else:
            rows.append([str(i + 1), statement, rating] + ([_of(truth, ("yes", "no", "undecided"))] if mapped else []))
    if form == "table":
        body = _table(["#", "Claim", "Rating"] + (["Supported?"] if mapped else []), rows)
    else:
        body = ("\n\n" if form == "card" else "\n").join(entries)
    rule_form = d.dim("scale_rule", ("mapping", "threshold"))
    if rule_form == "mapping":
        rule = (
            f"Ratings on the {scale.name}, judged against the context only. Mapping to the faithfulness verdict: "
            f"{_or_list(good)} = supported; {_or_list(bad)} = not supported; {scale.unrated} = the context does not "
            "let me rate the claim (left undecided)."
        )
    else:
        rule = (
            f"Rule for this rubric ({scale.name}): a claim counts as supported by the context only if rated "
            f"{_or_list(good)}; every lower rating counts as not supported. {scale.unrated} means I could not rate "
            "the claim from the context."
        )
    where = d.dim("scale_rule_position", ("before", "after"))
    parts = [rule, body] if where == "before" else [body, rule]
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 10. copy_desk_annotations (journalism)

# (accurate, flagged, open) notes: {w} the flag's word, {r} a reason.
_DESK_NOTES: dict[str, tuple[str, str, str]] = {
    "fc": ("[FC ✓ Accurate{r}]", "[FC ✗ {W}{r}]", "[FC ? Open query: no call made{r}]"),
    "checked": ("[CHECKED — accurate{r}]", "[FLAG — {w}{r}]", "[QUERY — no call made{r}]"),
    "cq": ("[cq{r}]", "[FLAG: {w}{r}]", "[QUERY: open, no call made{r}]"),
}
_DESK_RULES: dict[str, str] = {
    "fc": "Desk rule: only copy marked Accurate is supported by the source; Inaccurate, Misleading, Needs context "
    "and Not in source flags mean not supported; an open query means no call was made.",
    "checked": "Desk rule: CHECKED (accurate) copy is supported by the source; every FLAG (inaccurate, misleading, "
    "needs context, not in source) means not supported; a QUERY means no call was made.",
    "cq": "Marks: cq = checked against the source and accurate as written (supported); FLAG = not supported by the "
    "source (inaccurate, misleading, needs context or not in source); QUERY = open, no call made.",
}


@HELDOUT27
def copy_desk_annotations(ch: Chooser) -> BlindOutput:
    """Newsroom teams asking the grader to fact-check the answer as copy: each sentence followed by a
    fact-checker's bracketed mark ("[FC ✓ Accurate]", "[FLAG — misleading]", "[cq]"), the desk's marks
    explained."""
    d = DomainDraw(ch, "copy_desk_annotations", "news")
    name = d.dim("desk_marks", tuple(_DESK_NOTES))
    notes = _DESK_NOTES[name]
    reasons = d.flag("desk_reasons")
    form = d.dim("desk_form", ("inline", "next_line", "numbered"))
    ref = d.dim("desk_ref", ("source ¶{e}", "per source, para {e}", "src {e}"))
    paragraphs = []
    for i, statement, truth in d.items():
        kind = d.kinds[i]
        flag_word = ch.pick("desk_flag_contradicted", ("inaccurate", "misleading"))
        absent_word = ch.pick("desk_flag_absent", ("not in source", "needs context"))
        q = d.quote(i)
        r = ""
        if reasons:
            r = {
                "backed": f" — {ref.format(e=d.refs[i])}",
                "contradicted": f' — source says: "{q}"' if q else f" — {lower_first(d.why(i)).rstrip('.')}",
                "absent": " — no source found for this",
                "open": f' — source ambiguous: "{q}"' if q else f" — {lower_first(d.why(i)).rstrip('.')}",
            }[kind]
        w = flag_word if kind == "contradicted" else absent_word
        note = _of(truth, notes).format(w=w, W=w[:1].upper() + w[1:], r=r)
        if form == "inline":
            paragraphs.append(f"{statement} {note}")
        elif form == "next_line":
            paragraphs.append(f"{statement}\n{note}")
        else:
            paragraphs.append(f"¶{i + 1} {statement} {note}")
    head = d.dim("desk_head", ("COPY: FACT-CHECK PASS (source: retrieved context)", "**Fact-checked copy**", "none"))
    parts = [] if head == "none" else [head]
    rule = _DESK_RULES[name]
    where = d.dim("desk_rule_position", ("before", "after"))
    if where == "before":
        parts.append(rule)
    parts.append(("\n\n" if form == "next_line" else "\n").join(paragraphs))
    if where == "after":
        parts.append(rule)
    if d.flag("desk_summary"):
        summary = f"Desk summary: {d.supported} accurate, {d.unsupported} flagged"
        parts.append(summary + (f", {d.undecided} open." if d.undecided else "."))
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 11. claim_review_markup (journalism)

# (supported name, two not-supported names, unrated name)
_CLAIM_REVIEW_NAMES: dict[str, tuple[str, tuple[str, str], str]] = {
    "accurate": ("Accurate", ("Inaccurate", "Misleading"), "Unproven"),
    "true_false": ("True", ("False", "Misleading"), "Unproven"),
    "correct": ("Correct", ("Incorrect", "Needs context"), "Unrated"),
}


@HELDOUT27
def claim_review_markup(ch: Chooser) -> BlindOutput:
    """Fact-checking organisations whose pipeline asks the grader for schema.org ClaimReview records
    (JSON-LD, as they publish them): a reviewRating with alternateName per claim, the rating rule stated."""
    d = DomainDraw(ch, "claim_review_markup", "news")
    yes, noes, unrated = _CLAIM_REVIEW_NAMES[d.dim("claim_review_names", tuple(_CLAIM_REVIEW_NAMES))]
    numbers = d.flag("claim_review_numbers")
    explain = d.flag("claim_review_explanations")
    author = d.dim("claim_review_author", ("none", "Fact-check desk", "Verification team"))
    structure = d.dim("claim_review_structure", ("list", "graph"))
    indent_name = d.dim("claim_review_indent", ("2", "none"))
    reviews: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        second = ch.integer("claim_review_no", 0, 1)
        name = _of(truth, (yes, noes[second], unrated))
        rating: dict[str, Any] = {"@type": "Rating"}
        if numbers and truth is not None:
            rating.update({"ratingValue": 5 if truth else 1 + second, "bestRating": 5, "worstRating": 1})
        rating["alternateName"] = name
        if explain:
            rating["ratingExplanation"] = d.why(i)
        review: dict[str, Any] = {"@type": "ClaimReview", "claimReviewed": statement, "reviewRating": rating}
        if author != "none":
            review["author"] = {"@type": "Organization", "name": author}
        reviews.append(review)
    data: Any
    if structure == "list":
        data = [{"@context": "https://schema.org", **review} for review in reviews]
    else:
        data = {"@context": "https://schema.org", "@graph": reviews}
    text = json.dumps(data, indent=None if indent_name == "none" else 2, ensure_ascii=False)
    wrap = d.dim("claim_review_wrap", ("fence_json", "script", "bare"))
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "script":
        text = f'<script type="application/ld+json">\n{text}\n</script>'
    rule = (
        f'Ratings follow the desk\'s scale: only claims rated "{yes}" are supported by the context; '
        f'"{noes[0]}" and "{noes[1]}" mean not supported'
    )
    rule += f'; "{unrated}" means the context did not let me rate the claim.' if None in d.truth else "."
    where = d.dim("claim_review_rule_position", ("before", "after"))
    body = f"{rule}\n\n{text}" if where == "before" else f"{text}\n\n{rule}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 12. citation_audit (academic)

# (backed, contradicted, absent, open), in two phrasings.
_CITATION_WORDS: tuple[tuple[str, str, str, str], ...] = (
    (
        "Supported by the cited source",
        "Citation does not support the claim",
        "Citation does not support the claim",
        "Cannot assess: the cited passage is ambiguous",
    ),
    (
        "The cited source supports the claim",
        "Contradicted by the cited source",
        "Not found in the cited source",
        "Support unclear; no judgement made",
    ),
)
_CITES = ("[{e}]", "(Source {e})", "(Context, ¶{e})", "(Doc. {e}, p. {p})")
_CITATION_HEADS = (
    "Citation check",
    "**Reference accuracy audit (claims vs. cited sources)**",
    "## Claim–citation verification",
    "none",
)


@HELDOUT27
def citation_audit(ch: Chooser) -> BlindOutput:
    """Research-assistant and scholarly-publishing teams asking the grader to audit citations: each claim
    with the passage it cites, "Supported by the cited source" / "Citation does not support the claim"."""
    d = DomainDraw(ch, "citation_audit", "academic")
    words = _CITATION_WORDS[int(d.dim("citation_phrasing", ("0", "1")))]
    cite = d.dim("cite_form_academic", _CITES)
    form = d.dim("citation_form", ("comment", "claim_then_verdict", "verdict_then_claim"))
    details = d.flag("citation_details")
    entries = []
    for i, statement, _truth in d.items():
        kind = d.kinds[i]
        c = cite.format(e=d.refs[i], p=ch.integer("cited_page", 1, 12))
        word = words[KINDS.index(kind)]
        q = d.quote(i)
        detail = ""
        if details:
            detail = (
                " "
                + {
                    "backed": f'The cited passage reads: "{q}"' if q else d.why(i),
                    "contradicted": f'The cited passage reports: "{q}"' if q else d.why(i),
                    "absent": "The cited source does not mention it.",
                    "open": f'The cited passage says only: "{q}"' if q else d.why(i),
                }[kind]
            )
        if form == "comment":
            entries.append(f'Comment {i + 1}: "{_bare(statement)}" {c} — {word}.{detail}')
        elif form == "claim_then_verdict":
            entries.append(f"{i + 1}. {_bare(statement)} {c}.\n   → {word}.{detail}")
        else:
            entries.append(f"{word} — {_bare(statement)} {c}.{detail}")
    head = d.dim("citation_head", _CITATION_HEADS)
    parts = [] if head == "none" else [head]
    if d.flag("citation_scope"):
        parts.append("Each claim is cited to the passage of the retrieved context shown beside it.")
    parts.append(("\n\n" if form == "claim_then_verdict" else "\n").join(entries))
    if d.flag("citation_summary"):
        parts.append(f"Citations that support their claims: {d.supported} of {d.n}.")
    return d.done(d.frame("\n\n".join(parts), tally=False))


# ----------------------------------------------------------------- 13. extraction_form_reported (academic)

# (backed, contradicted, absent, open) values of "Reported in source?", and their key.
_REPORTED: dict[str, tuple[tuple[str, str, str, str], str]] = {
    "reported": (
        ("Reported", "Reported differently", "Not reported", "Unclear"),
        'Key: "Reported" = the source reports the item as extracted (supported); "Not reported" and "Reported '
        'differently" = not supported; "Unclear" = cannot tell from the source.',
    ),
    "yes_no": (
        ("Yes", "No (source differs)", "No", "Unclear"),
        'Column "Reported in source?": Yes = the source reports the item as extracted; No = it does not, or it '
        "reports something else; Unclear = cannot tell from the source.",
    ),
}
_EXTRACTION_HEADS = (
    "Data extraction verification (second reviewer)",
    "**Extraction check against the source article**",
    "Systematic review: extraction form, verification column",
)


@HELDOUT27
def extraction_form_reported(ch: Chooser) -> BlindOutput:
    """Evidence-synthesis teams (systematic reviews) using the grader as the second extractor: per item,
    "Reported in source?" Reported / Not reported / Unclear (or Yes / No / Unclear) with its location."""
    d = DomainDraw(ch, "extraction_form_reported", "academic", themed=True)
    values, key = _REPORTED[d.dim("reported_values", tuple(_REPORTED))]
    form = d.dim("extraction_form", ("table", "form_lines"))
    reviewer = d.flag("extraction_reviewer")
    entries = []
    rows = []
    for i, statement, _truth in d.items():
        kind = d.kinds[i]
        value = values[KINDS.index(kind)]
        q = d.quote(i)
        location = {
            "backed": f"¶{d.refs[i]}",
            "contradicted": f'¶{d.refs[i]}: "{q}"',
            "absent": "—",
            "open": f'¶{d.refs[i]} (ambiguous: "{q}")',
        }[kind]
        if form == "table":
            rows.append([str(i + 1), statement, value, location])
        else:
            entries.append(f"Item {i + 1}. {statement}\n  Reported in source: {value}\n  Location: {location}")
    if form == "table":
        body = _table(["Item", "Extracted (from the answer)", "Reported in source?", "Location / note"], rows)
    else:
        body = "\n\n".join(entries)
    parts = [d.dim("extraction_head", _EXTRACTION_HEADS)]
    if reviewer:
        parts[0] += "\nReviewer: R2 (automated) | Source: retrieved context"
    where = d.dim("extraction_key_position", ("before", "after"))
    if where == "before":
        parts.append(key)
    parts.append(body)
    if where == "after":
        parts.append(key)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 14. mlr_claim_annotations (compliance)

# (backed, contradicted, absent, open) statuses, in two phrasings.
_MLR: tuple[tuple[str, str, str, str], ...] = (
    ("Substantiated", "Not substantiated", "Not substantiated", "Query to medical reviewer: no decision"),
    (
        "Consistent with the reference",
        "Inconsistent with the reference",
        "No supporting reference",
        "Referred back: reference ambiguous, no decision",
    ),
)
_MLR_ACTIONS = ("Revise the claim to match the reference.", "Remove the claim or supply a reference.")


@HELDOUT27
def mlr_claim_annotations(ch: Chooser) -> BlindOutput:
    """Pharmaceutical and financial-promotion compliance teams running the grader as an MLR (medical, legal,
    regulatory) reviewer: each promotional claim annotated to a reference, with a substantiation status."""
    d = DomainDraw(ch, "mlr_claim_annotations", "compliance", themed=True)
    statuses = _MLR[int(d.dim("mlr_phrasing", ("0", "1")))]
    label = d.dim("mlr_label", ("Status:", "MLR status:", "Outcome:"))
    form = d.dim("mlr_form", ("block", "inline", "table"))
    actions = d.flag("mlr_actions")
    entries = []
    rows = []
    for i, statement, _truth in d.items():
        kind = d.kinds[i]
        e = d.refs[i]
        q = d.quote(i)
        annotation = {
            "backed": f'Ref. {e}: "{q}"',
            "contradicted": f'Ref. {e} states "{q}"',
            "absent": "no supporting reference found in the context",
            "open": f'Ref. {e} is ambiguous ("{q}")',
        }[kind]
        status = statuses[KINDS.index(kind)]
        action = ""
        if actions and kind in ("contradicted", "absent"):
            action = _MLR_ACTIONS[0 if kind == "contradicted" else 1]
        if form == "block":
            lines = [f'Claim {i + 1}: "{statement}"', f"  Annotation: {annotation}", f"  {label} {status}"]
            entries.append("\n".join(lines + ([f"  Action: {action}"] if action else [])))
        elif form == "inline":
            entries.append(
                f'{i + 1}. "{_bare(statement)}" — {status} [{annotation}]' + (f" {action}" if action else "")
            )
        else:
            rows.append([str(i + 1), statement, annotation, status + (f". {action}" if action else "")])
    if form == "table":
        body = _table(["#", "Claim", "Reference annotation", label.rstrip(":")], rows)
    else:
        body = ("\n\n" if form == "block" else "\n").join(entries)
    head = d.dim("mlr_head", ("MLR review: claim substantiation (references = retrieved context)",
                              "**Promotional review: claims vs. references**", "none"))  # fmt: skip
    parts = [] if head == "none" else [head]
    if d.flag("mlr_rule"):
        parts.append(f'Only claims marked "{statuses[0]}" are supported by the reference documents.')
    parts.append(body)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 15. control_test_results (compliance)

_COMPLIANCE: dict[str, tuple[str, str, str]] = {
    "with_source": ("Compliant with the source", "Non-compliant with the source", "Not tested: source inconclusive"),
    "short": ("Compliant", "Non-compliant", "Not assessed"),
    "in_compliance": ("In compliance", "Not in compliance", "Unable to assess"),
}
_TEST_IDS = ("CT-{kk}", "T{k}", "REQ-{kkk}")


@HELDOUT27
def control_test_results(ch: Chooser) -> BlindOutput:
    """Compliance and GRC teams whose grader prompt reads like a control test ("test each statement for
    compliance with the source"): a result per test, Compliant / Non-compliant with the source, a key."""
    d = DomainDraw(ch, "control_test_results", "compliance")
    words = _COMPLIANCE[d.dim("compliance_words", tuple(_COMPLIANCE))]
    id_form = d.dim("test_id", _TEST_IDS)
    ids = [id_form.format(k=k, kk=f"{k:02d}", kkk=f"{k:03d}") for k in range(1, d.n + 1)]
    form = d.dim("test_form", ("block", "table", "yaml"))
    evidence = d.flag("test_evidence")
    entries = []
    rows = []
    for i, statement, truth in d.items():
        q = d.quote(i)
        ev = {
            "backed": f'source: "{q}"' if q else lower_first(d.why(i)),
            "contradicted": f'source: "{q}"' if q else lower_first(d.why(i)),
            "absent": "not found in the source",
            "open": f'source: "{q}"' if q else lower_first(d.why(i)),
        }[d.kinds[i]]
        result = _of(truth, words)
        if form == "block":
            pad = " " * (len(ids[i]) + 2)
            entry = f"{ids[i]}  {statement}\n{pad}Result: {result}"
            entries.append(entry + (f"\n{pad}Evidence: {ev}" if evidence else ""))
        elif form == "table":
            rows.append([ids[i], statement, result] + ([ev] if evidence else []))
        else:
            lines = [f"- id: {ids[i]}", f'  statement: "{statement}"', f"  result: {result}"]
            entries.append(
                "\n".join(lines + ([f"  evidence: {json.dumps(ev, ensure_ascii=False)}"] if evidence else []))
            )
    if form == "table":
        body = _table(["Test", "Statement", "Result"] + (["Evidence"] if evidence else []), rows)
    elif form == "yaml":
        body = "```yaml\n" + "\n".join(entries) + "\n```"
    else:
        body = "\n\n".join(entries)
    key = (
        f"Key: {words[0]} = the statement conforms to the source and is supported by it; {words[1]} = it departs "
        f"from the source or is not found in it; {words[2]} = no conclusion reached."
    )
    parts = [d.dim("test_head", ("Compliance testing: answer vs. source", "**Control test results**",
                                 "Test of each statement for compliance with the source document"))]  # fmt: skip
    where = d.dim("test_key_position", ("before", "after"))
    if where == "before":
        parts.append(key)
    parts.append(body)
    if where == "after":
        parts.append(key)
    if d.flag("test_summary"):
        parts.append(f"Compliance rate: {d.supported}/{d.n} statements {lower_first(words[0])}.")
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 16. domain_voice_refusals

_DOMAIN_REFUSALS: dict[str, tuple[str, ...]] = {
    "legal": (
        "I can't cite-check these assertions: no record was provided (the context section is empty), so there "
        "is nothing to check them against.",
        "I'm not able to provide legal advice or an opinion on these statements. Please consult a qualified attorney.",
    ),
    "clinical": (
        "Chart abstraction cannot be completed: no source documentation was attached. Please provide the source "
        "note and I will abstract each element.",
        "I'm not able to provide medical advice or verify clinical information about a patient. Please consult a "
        "qualified healthcare professional.",
    ),
    "finance": (
        "Unable to perform the tie-out: the source schedule (the context) is missing, so no tickmarks have been "
        "applied.",
        "I can't provide financial or investment advice, so I won't assess these statements.",
    ),
    "news": (
        "I can't fact-check {these} without the source material. Please paste it and I'll rate {each}.",
        "Rating these claims would require the reporting they are based on, and none was included, so I have not "
        "rated any of them.",
    ),
    "academic": (
        "The cited sources were not included, so I cannot say whether the citations back the claims. Please "
        "attach the articles.",
        "Second-reviewer extraction check not performed: the source article is missing from the input.",
    ),
    "compliance": (
        "Compliance review not performed: the reference documents were not supplied, so no claim has been reviewed.",
        "I'm unable to review promotional claims for regulatory compliance. Please route these to your medical, "
        "legal and regulatory reviewers.",
    ),
}
_REFUSAL_HEADS: dict[str, str] = {
    "legal": "CITE-CHECK MEMORANDUM",
    "clinical": "**Chart abstraction**",
    "finance": "W/P ref. F-3: tie-out of the generated answer to source",
    "news": "COPY: FACT-CHECK PASS",
    "academic": "Data extraction verification (second reviewer)",
    "compliance": "**Control test results**",
}


@HELDOUT27
def domain_voice_refusals(ch: Chooser) -> BlindOutput:
    """Refusals in the domain's voice: a cite-checker with no record, an abstractor with no source note,
    a tie-out with no schedule, or the safety refusal a legal, medical or financial framing sets off
    (GPT-4o, Claude, Gemini, Llama Guard-tuned models). No statement gets a verdict."""
    domain = ch.pick("refusal_domain", DOMAINS)
    d = DomainDraw(ch, "domain_voice_refusals", domain, unknowns=False)
    d.dims["refusal_domain"] = domain
    these = "this claim" if d.n == 1 else f"these {d.n} claims"
    text = d.dim("refusal_text", _DOMAIN_REFUSALS[domain]).format(these=these, each=_pl(d.n, "it", "each one"))
    if d.flag("refusal_apology", weight_off=2):
        text = "I'm sorry. " + text
    if d.flag("refusal_domain_head", weight_off=2):
        text = f"{_REFUSAL_HEADS[domain]}\n\n{text}"
    if d.flag("refusal_think", weight_off=3):
        text = "<think>\nI should not give a verdict on any of these statements here.\n</think>\n\n" + text
    return d.refused(text)
