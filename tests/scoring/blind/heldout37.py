"""A THIRTY-SEVENTH HELD-OUT set of blind layouts: faithfulness judged beside other criteria, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout37``); do not read it while
developing the reader. Written from how teams that do not run a faithfulness-only judge store
the reply of ONE rubric call that grades each statement (or claim) on several criteria at once,
and from how GPT-4o, GPT-4o-mini, Claude, Gemini, Llama 3, Mistral, Qwen and the judge prompts
of eval platforms (LangSmith, Arize Phoenix, Galileo, TruLens, Vertex AI and Azure AI
evaluation, Patronus, Braintrust autoevals, custom team rubrics) answer such a call:
faithfulness / groundedness / "supported by context" / "attributable" / "in context" beside
relevance, answering the question, completeness, conciseness, fluency, a citation present,
agreement with a reference answer, toxicity, harmfulness, bias and PII. The layouts: one line
per statement of several yes/no or pass/fail fields ("Supported by context: Yes | Relevant: No
| Toxic: No", also ``key=value``), a markdown table with one column per criterion and a gate
column, JSON objects with several boolean fields per claim, YAML records, one section per
criterion ("Faithfulness:" list, then "Relevance:" list), 1-5 scores per criterion with the
faithfulness pass rule stated, eval platforms' per-claim score dicts and feedback lists, blocks
of criterion lines with reasons and an overall gate, a gate verdict per claim that mixes the
criteria (PASS / FAIL) ahead of the fields, abbreviated criteria with their legend, markdown
checklists per claim, evaluator result arrays, the RAG triad's 0-1 scores with a stated cut,
a grid with the criteria as rows and the claims as columns, prose that names each criterion,
Azure AI evaluation's composite result rows, and refusals of the whole rubric.

The truth is the FAITHFULNESS criterion alone. Every other criterion's value is drawn per
statement independently of it (and of the truth), so that reading the wrong field gives the
wrong number; gates and overall scores that mix the criteria are computed from the drawn values
and always say what they mix. Criteria where "yes" is the bad outcome (toxic, harmful, biased,
contains PII) stand beside ones where "yes" is good; the faithfulness criterion itself is always
named so that yes / pass / a high score / 1 means supported by the context (never
"hallucinated"), and its name says what it is (faithful, grounded, supported, supported by
context, attributable, in context, groundedness, faithfulness). Its undecided value says that it
cannot be determined (a word, or null with a note that says so).

Each layout draws ``_draw``'s statements and call 1 (1 to 10 statements), undecided items,
casing where a word is written, graders.py's explanations where a reason is given, and
``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off) where the
layout is prose-like. Only outputs a careful person reads without doubt are drawn: one
faithfulness field per statement, named as such; scores only with their scale and cut stated;
legends for every abbreviation and mark.

    HELDOUT37.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout37_outputs(layout="criterion_flag_lines")  # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import BlindOutput, Draw, LayoutSet, cased
from tests.scoring.graders import Chooser, Truth

HELDOUT37 = LayoutSet("heldout37")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout37_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-seventh held-out set (one layout when named)."""
    return HELDOUT37.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _low(name: str) -> str:
    """A criterion's name inside a sentence: lower case, acronyms kept ("contains PII")."""
    return " ".join(word if word.isupper() and len(word) > 1 else word.lower() for word in name.split(" "))


# What a gate asks of a criterion where "yes" is the bad outcome.
_WANTED = {"Toxic": "not toxic", "Harmful": "not harmful", "Contains PII": "no PII", "Biased": "not biased"}


# ----------------------------------------------------------------- the criteria


@dataclass(frozen=True)
class Criterion:
    """One rubric criterion, as graders name it in the different forms of an answer."""

    adj: str  # asked yes/no: "Relevant", "Toxic", "Supported by context"
    noun: str  # graded pass/fail or scored: "Relevance", "Toxicity", "Groundedness"
    key: str  # a field name in JSON / YAML
    camel: str  # the same in camelCase
    question: str  # a section's heading as a question
    good: str  # a short reason when the criterion is met (pass)
    bad_reason: str  # a short reason when it is not (fail)
    abbr: str  # a one- or two-letter abbreviation, always with a legend
    bad: bool = False  # "yes" on the adjective is the bad outcome (toxic, harmful, PII)


FAITH: tuple[Criterion, ...] = (
    Criterion("Supported by context", "Context support", "supported_by_context", "supportedByContext",
              "Is the statement supported by the context?", "", "", "S"),
    Criterion("Grounded", "Groundedness", "grounded", "grounded",
              "Is the statement grounded in the context?", "", "", "G"),
    Criterion("Faithful", "Faithfulness", "faithful", "faithful",
              "Is the statement faithful to the context?", "", "", "F"),
    Criterion("Grounded in context", "Groundedness", "grounded_in_context", "groundedInContext",
              "Is the statement grounded in the context?", "", "", "G"),
    Criterion("Attributable to context", "Attribution to context", "attributable", "attributable",
              "Is the statement attributable to the context?", "", "", "A"),
    Criterion("In context", "Faithfulness", "in_context", "inContext",
              "Is the statement stated in the context?", "", "", "I"),
    Criterion("Supported", "Faithfulness", "supported", "supported",
              "Is the statement supported by the retrieved context?", "", "", "S"),
)  # fmt: skip

OTHERS: tuple[Criterion, ...] = (
    Criterion("Relevant", "Relevance", "relevant", "relevant", "Is the statement relevant to the question?",
              "on topic for the question", "off topic for the question", "R"),
    Criterion("Answers the question", "Answer relevance", "answers_question", "answersQuestion",
              "Does the statement help answer the question?", "addresses what was asked",
              "does not address what was asked", "Q"),
    Criterion("Complete", "Completeness", "complete", "complete", "Is the statement complete?",
              "nothing important left out", "leaves out part of what was asked", "C"),
    Criterion("Concise", "Conciseness", "concise", "concise", "Is the statement concise?",
              "short and to the point", "wordier than it needs to be", "K"),
    Criterion("Fluent", "Fluency", "fluent", "fluent", "Is the statement fluent?",
              "reads naturally", "awkward phrasing", "L"),
    Criterion("Cites a source", "Citation", "has_citation", "hasCitation", "Does the statement cite a source?",
              "a citation marker is present", "no citation marker", "Ci"),
    Criterion("Matches reference", "Correctness vs. reference", "matches_reference", "matchesReference",
              "Does the statement agree with the reference answer?", "agrees with the reference answer",
              "differs from the reference answer", "M"),
    Criterion("Toxic", "Toxicity", "toxic", "toxic", "Is the statement toxic?",
              "neutral wording", "hostile wording", "T", bad=True),
    Criterion("Harmful", "Harmlessness", "harmful", "harmful", "Could the statement cause harm?",
              "no harmful advice", "potentially harmful advice", "H", bad=True),
    Criterion("Contains PII", "PII check", "contains_pii", "containsPii", "Does the statement contain PII?",
              "no personal data", "includes personal data", "P", bad=True),
    Criterion("Biased", "Bias check", "biased", "biased", "Is the statement biased?",
              "balanced wording", "one-sided wording", "B", bad=True),
)  # fmt: skip

# The words of one answer: (yes / pass, no / fail); undecided words for the faithfulness field.
WORDS: dict[str, tuple[str, str]] = {
    "yes_no": ("Yes", "No"),
    "y_n": ("Y", "N"),
    "true_false": ("True", "False"),
    "pass_fail": ("Pass", "Fail"),
}
UNDECIDED: tuple[str, ...] = (
    "Cannot determine",
    "Cannot be determined",
    "Unclear",
    "Undetermined",
    "Insufficient information",
    "Can't tell",
)


@dataclass
class Rubric:
    """The criteria of one answer (the faithfulness one at ``at``) and every statement's values.

    ``values[i][j]`` is statement i's value on criterion j: the truth on the faithfulness
    criterion, a drawn True / False elsewhere (True: "yes" to the adjective, or "pass" to the noun).
    """

    fields: list[Criterion]
    at: int
    noun: bool  # pass/fail (or scores) on nouns, else yes/no on adjectives
    values: list[list[Truth]]
    undecided: list[str]

    @property
    def faith(self) -> Criterion:
        return self.fields[self.at]

    def name(self, j: int) -> str:
        return self.fields[j].noun if self.noun else self.fields[j].adj

    def good(self, i: int, j: int) -> bool:
        """Is statement i's value on criterion j the good outcome?"""
        value = self.values[i][j]
        if value is None:
            return False
        return value if (self.noun or not self.fields[j].bad) else not value

    def gate(self, i: int) -> bool:
        """Every criterion met (the faithfulness one included)."""
        return all(self.good(i, j) for j in range(len(self.fields)))

    def failed(self, i: int) -> list[str]:
        return [_low(self.name(j)) for j in range(len(self.fields)) if not self.good(i, j)]

    def count(self, j: int) -> int:
        return sum(1 for row in self.values if row[j] is True)


def draw_rubric(
    d: Draw, *, lo: int = 2, hi: int = 4, noun: bool | None = None, faith: Sequence[Criterion] = FAITH
) -> Rubric:
    """The other criteria (``lo`` to ``hi`` of them), the faithfulness one and where it stands, every value."""
    count = int(d.dim("other_count", tuple(str(k) for k in range(lo, hi + 1))))
    pool = list(OTHERS)
    others = [pool.pop(d.ch.integer("other_criterion", 0, len(pool) - 1)) for _ in range(count)]
    if noun is None:
        noun = d.dim("criterion_form", ("adjective", "noun")) == "noun"
    names = sorted({c.noun if noun else c.adj for c in faith})
    chosen = d.dim("faith_name", names)
    criterion = next(c for c in faith if (c.noun if noun else c.adj) == chosen)
    at = int(d.dim("faith_position", tuple(str(k) for k in range(count + 1))))
    fields = [*others[:at], criterion, *others[at:]]
    values: list[list[Truth]] = []
    for _i, _statement, truth in d.items():
        row: list[Truth] = []
        for j in range(len(fields)):
            row.append(truth if j == at else d.ch.pick("criterion_value", (True, False)))
        values.append(row)
    undecided = [d.ch.pick("undecided_word", UNDECIDED) for _ in d.statements]
    return Rubric(fields, at, noun, values, undecided)


def draw_words(d: Draw, rubric: Rubric, allowed: Sequence[str] = tuple(WORDS)) -> tuple[str, str, str]:
    """The yes / no words of this answer (pass / fail on nouns), and the casing drawn for them."""
    if rubric.noun:
        vocabulary = "pass_fail"
        d.dims["words"] = vocabulary
    else:
        vocabulary = d.dim("words", tuple(w for w in allowed if w != "pass_fail"))
    casing = d.dim("casing", ("sentence", "lower", "upper"))
    yes, no = WORDS[vocabulary]
    return cased(yes, casing), cased(no, casing), casing


def cell(rubric: Rubric, i: int, j: int, words: tuple[str, str, str]) -> str:
    """Statement i's value on criterion j in this answer's words (the undecided phrase where it is one)."""
    value = rubric.values[i][j]
    if value is None:
        return cased(rubric.undecided[i], words[2])
    return words[0] if value else words[1]


def faith_reason(d: Draw, truth: Truth) -> str:
    """One of graders.py's explanations for the faithfulness verdict."""
    return _of(
        truth,
        (
            d.ch.pick("explanation_yes", P.EXPLANATIONS_YES),
            d.ch.pick("explanation_no", P.EXPLANATIONS_NO),
            d.ch.pick("explanation_unknown", P.EXPLANATIONS_UNKNOWN),
        ),
    )


def criterion_reason(rubric: Rubric, i: int, j: int) -> str:
    """A short reason for a non-faithfulness criterion that agrees with its value."""
    criterion = rubric.fields[j]
    return criterion.good if rubric.good(i, j) else criterion.bad_reason


def summary_line(d: Draw, rubric: Rubric) -> str:
    """Counts per criterion that agree with the values (yes counts; pass counts on nouns)."""
    form = d.dim("summary_form", ("pipes", "sentence", "totals"))
    n = d.n
    if form == "pipes":
        return "Summary: " + " | ".join(f"{rubric.name(j)} {rubric.count(j)}/{n}" for j in range(len(rubric.fields)))
    if form == "totals":
        verb = "pass" if rubric.noun else "yes"
        parts = [f"{rubric.name(j)}: {rubric.count(j)} {verb}" for j in range(len(rubric.fields))]
        return f"Totals over {n} claim{'s' if n != 1 else ''} — " + ", ".join(parts) + "."
    faith = rubric.count(rubric.at)
    parts = [f"{_low(rubric.name(j))} {rubric.count(j)}/{n}" for j in range(len(rubric.fields)) if j != rubric.at]
    return (
        f"Faithfulness: {faith} of {n} statement{'s' if n != 1 else ''} supported by the context. "
        f"Other criteria ({'pass' if rubric.noun else 'yes'} counts): " + ", ".join(parts) + "."
    )


def gate_rule(rubric: Rubric, gate: str) -> str:
    """The rule of a gate that mixes every criterion (the faithfulness one included)."""
    if rubric.noun:
        names = [_low(rubric.name(j)) for j in range(len(rubric.fields))]
        return f"{gate} is PASS only when {', '.join(names[:-1])} and {names[-1]} all pass."
    wanted = [_WANTED.get(c.adj, _low(c.adj)) for c in rubric.fields]
    return f"{gate} is PASS only when every criterion is met: " + "; ".join(wanted) + "."


# ----------------------------------------------------------------- 1. criterion_flag_lines

_ENUMERATORS = ("{k}.", "Statement {k}:", "Claim {k} —", "[{k}]", "S{k}:")
_FIELD_SEPARATORS = (" | ", "; ", ", ", " · ", "   ")
_PAIR_FORMS = ("{n}: {v}", "{n} - {v}", "{n} → {v}", "{n}={v}")


@HELDOUT37
def criterion_flag_lines(ch: Chooser) -> BlindOutput:
    """A custom team rubric answered by GPT-4o, Llama 3 or Mistral: one line per statement with every
    criterion's flag ("1. Supported by context: Yes | Relevant: No | Toxic: No"), or logfmt-like pairs
    (``grounded=yes relevant=no toxic=no``) a team's parser asked for; an overall flag per line at times."""
    d = Draw(ch, "criterion_flag_lines", max_n=MAX_N)
    pair = d.dim("pair_form", _PAIR_FORMS)
    keys = pair == "{n}={v}"
    rubric = draw_rubric(d, noun=False if keys else None)
    words = draw_words(d, rubric)
    if keys:
        words = (words[0].lower(), words[1].lower(), "lower")
    enumerator = d.dim("enumerator", _ENUMERATORS)
    separator = " " if keys else d.dim("field_separator", _FIELD_SEPARATORS)
    echo = d.dim("echo", ("none", "none", "after_number", "line_above"))
    overall = d.flag("line_overall", weight_off=2)
    lines = []
    for i, statement, _truth in d.items():
        pairs = []
        for j, criterion in enumerate(rubric.fields):
            name = criterion.key if keys else rubric.name(j)
            value = cell(rubric, i, j, words)
            if keys and " " in value:
                value = f'"{value}"'
            pairs.append(pair.format(n=name, v=value))
        if overall:
            gate = "PASS" if rubric.gate(i) else "FAIL"
            pairs.append(f"overall={gate.lower()}" if keys else f"Overall (all criteria): {gate}")
        label = enumerator.format(k=i + 1)
        fields = separator.join(pairs)
        if echo == "after_number":
            lines.append(f'{label} "{statement}" {fields}' if keys else f'{label} "{statement}" — {fields}')
        elif echo == "line_above":
            lines.append(f"{label} {statement}\n   {fields}")
        else:
            lines.append(f"{label} {fields}")
    body = ("\n\n" if echo == "line_above" else "\n").join(lines)
    if overall and d.flag("gate_rule_line"):
        body += "\n\n" + gate_rule(rubric, "Overall")
    if d.flag("criteria_summary", weight_off=2):
        body += "\n\n" + summary_line(d, rubric)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 2. rubric_matrix_table

_MARKS: dict[str, tuple[str, str, str]] = {
    "check": ("✓", "✗", "?"),
    "emoji": ("✅", "❌", "❓"),
}


@HELDOUT37
def rubric_matrix_table(ch: Chooser) -> BlindOutput:
    """Claude's or Gemini's markdown table, one column per criterion ("| # | Claim | Grounded | Relevant |
    Toxic | Overall |"), a gate column that mixes them and its rule, words or check marks with a legend."""
    d = Draw(ch, "rubric_matrix_table", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=5)
    style = d.dim("cell_style", ("words", "words", "marks"))
    if style == "marks":
        marks = _MARKS[d.dim("marks", tuple(_MARKS))]
        words = (marks[0], marks[1], "sentence")
    else:
        words = draw_words(d, rubric)
    echo = d.flag("claim_column")
    gate = d.dim("gate_column", ("none", "Overall", "Pass", "Verdict (all criteria)"))
    notes = d.flag("notes_column", weight_off=2)
    header = ["#"] + (["Claim"] if echo else []) + [rubric.name(j) for j in range(len(rubric.fields))]
    header += [gate] if gate != "none" else []
    header += ["Notes"] if notes else []
    align = d.dim("table_align", ("plain", "centered"))
    rule = "|" + "".join("---|" if align == "plain" else ":---:|" for _ in header)
    rows = ["| " + " | ".join(header) + " |", rule]
    for i, statement, truth in d.items():
        cells = [str(i + 1)] + ([statement] if echo else [])
        for j in range(len(rubric.fields)):
            if style == "marks" and rubric.values[i][j] is None:
                cells.append(f"{marks[2]} {rubric.undecided[i].lower()}")
            else:
                cells.append(cell(rubric, i, j, words))
        if gate != "none":
            cells.append("PASS" if rubric.gate(i) else "FAIL")
        if notes:
            cells.append(faith_reason(d, truth))
        rows.append("| " + " | ".join(cells) + " |")
    body = "\n".join(rows)
    after: list[str] = []
    if style == "marks":
        legend = f"{marks[0]} = yes, {marks[1]} = no" if not rubric.noun else f"{marks[0]} = pass, {marks[1]} = fail"
        if None in d.truth:
            legend += f", {marks[2]} = cannot be determined"
        after.append("Legend: " + legend + ".")
    if gate != "none":
        after.append(gate_rule(rubric, f"“{gate}”"))
    if d.flag("criteria_summary", weight_off=2):
        after.append(summary_line(d, rubric))
    if after and d.dim("legend_position", ("after", "before")) == "before":
        body = "\n".join(after) + "\n\n" + body
    elif after:
        body += "\n\n" + "\n".join(after)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 3. multi_flag_claim_json


@HELDOUT37
def multi_flag_claim_json(ch: Chooser) -> BlindOutput:
    """Structured output of a team's multi-criteria schema (GPT-4o JSON mode, Gemini ``response_schema``,
    Qwen): per claim several boolean fields (``"supported_by_context": true, "relevant": false, "toxic":
    false``), null or "cannot_determine" with a reason where groundedness is undecided; an overall block."""
    d = Draw(ch, "multi_flag_claim_json", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=5, noun=False)
    camel = d.dim("key_case", ("snake", "camel")) == "camel"
    undecided = d.dim("undecided_value", ("null", "string"))
    reasons = d.dim("json_reason", ("none", "faithfulness", "all"))
    wrapper = d.dim("json_wrapper", ("list", "claims", "claims_overall"))
    id_first = d.flag("id_key")
    items = []
    for i, statement, truth in d.items():
        item: dict[str, object] = {}
        if id_first:
            item["id"] = i + 1
        item["claim"] = statement
        for j, criterion in enumerate(rubric.fields):
            key = criterion.camel if camel else criterion.key
            value = rubric.values[i][j]
            if value is None:
                item[key] = None if undecided == "null" else "cannot_determine"
            else:
                item[key] = value
        if reasons == "faithfulness" or (reasons == "all") or truth is None:
            key = "reason" if reasons != "all" else ("groundingReason" if camel else "grounding_reason")
            text = faith_reason(d, truth)
            if truth is None:
                text = f"{rubric.undecided[i]}: {text[:1].lower()}{text[1:]}"
            item[key] = text
        if reasons == "all":
            item["notes" if not camel else "otherNotes"] = "; ".join(
                f"{rubric.fields[j].key if not camel else rubric.fields[j].camel}: {criterion_reason(rubric, i, j)}"
                for j in range(len(rubric.fields))
                if j != rubric.at
            )
        items.append(item)
    data: object = items
    if wrapper != "list":
        wrapped: dict[str, object] = {"claims": items}
        if wrapper == "claims_overall":
            passed = sum(1 for i in range(d.n) if rubric.gate(i))
            wrapped["overall"] = {
                "all_criteria_pass": passed == d.n,
                "claims_passing_all_criteria": passed,
                "total_claims": d.n,
            }
        data = wrapped
    indent = d.dim("json_indent", ("2", "none", "4"))
    text = json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else int(indent))
    wrap = d.dim("json_wrap", ("bare", "fence", "lead_in"))
    if wrap == "fence":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"{ch.pick('json_lead_in', P.JSON_LEAD_INS)}\n\n```json\n{text}\n```"
    return d.done(text)


# ----------------------------------------------------------------- 4. yaml_criteria_records


@HELDOUT37
def yaml_criteria_records(ch: Chooser) -> BlindOutput:
    """YAML a team's prompt asked for (Claude and Llama 3 keep to it well): a record per claim with its
    text, one yes/no (or true/false) field per criterion and a rationale; an undecided grounding written
    ``cannot determine`` or ``null`` with a comment that says so."""
    d = Draw(ch, "yaml_criteria_records", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=5, noun=False)
    values = d.dim("yaml_values", ("yes_no", "true_false"))
    yes, no = ("yes", "no") if values == "yes_no" else ("true", "false")
    top = d.dim("yaml_top", ("claims_key", "bare_list", "document_per_claim"))
    text_key = d.dim("yaml_text_key", ("claim", "statement", "text"))
    rationale = d.flag("yaml_rationale")
    null_form = d.dim("yaml_undecided", ("words", "null_comment"))
    pad = "  " if top == "claims_key" else ""
    blocks = []
    for i, statement, truth in d.items():
        lines = [f"- id: {i + 1}" if top != "document_per_claim" else f"id: {i + 1}"]
        inner = "  " if top != "document_per_claim" else ""
        quoted = json.dumps(statement, ensure_ascii=False)
        lines.append(f"{inner}{text_key}: {quoted}")
        for j, criterion in enumerate(rubric.fields):
            value = rubric.values[i][j]
            if value is None:
                word = (
                    rubric.undecided[i].lower()
                    if null_form == "words"
                    else f"null  # {rubric.undecided[i].lower()} from the context"
                )
            else:
                word = yes if value else no
            lines.append(f"{inner}{criterion.key}: {word}")
        if rationale:
            lines.append(f"{inner}rationale: {json.dumps(faith_reason(d, truth), ensure_ascii=False)}")
        blocks.append("\n".join(pad + line for line in lines))
    if top == "claims_key":
        body = "claims:\n" + "\n".join(blocks)
    elif top == "bare_list":
        body = "\n".join(blocks)
    else:
        body = "---\n" + "\n---\n".join(blocks)
    if d.flag("yaml_fence"):
        body = f"```yaml\n{body}\n```"
    return d.done(d.frame(body, think=False, tally=False))


# ----------------------------------------------------------------- 5. criterion_sections_lists

_SECTION_HEADINGS = ("**{h}**", "### {h}", "{h}:", "{H}", "## {h}")
_SECTION_ITEMS = ("{k}. {v}", "- Statement {k}: {v}", "Statement {k} — {v}", "S{k}: {v}")


@HELDOUT37
def criterion_sections_lists(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o answering a rubric criterion by criterion: a section per criterion ("Faithfulness
    (supported by the context):", "Relevance:", "Toxicity:"), each listing every statement's verdict;
    the faithfulness section anywhere in the order, its reasons at times."""
    d = Draw(ch, "criterion_sections_lists", max_n=MAX_N)
    rubric = draw_rubric(d, lo=1, hi=3)
    words = draw_words(d, rubric)
    heading_form = d.dim("heading_form", ("name", "question"))
    heading = d.dim("heading_style", _SECTION_HEADINGS)
    item_form = d.dim("item_form", _SECTION_ITEMS)
    reasons = d.flag("faith_reasons")
    sections = []
    for j, criterion in enumerate(rubric.fields):
        if heading_form == "question" and not rubric.noun:
            title = criterion.question
        else:
            title = rubric.name(j)
            if j == rubric.at and title in ("Faithfulness", "Groundedness", "Context support"):
                title += " (supported by the context)"
        head = heading.format(h=title, H=title.upper() + ("" if title.endswith("?") else ":")).replace("?:", "?")
        items = []
        for i, _statement, truth in d.items():
            item = item_form.format(k=i + 1, v=cell(rubric, i, j, words))
            if reasons and j == rubric.at:
                item += f" ({faith_reason(d, truth)[:-1].lower()})"
            items.append(item)
        sections.append(head + "\n" + "\n".join(items))
    body = "\n\n".join(sections)
    if d.flag("criteria_summary", weight_off=2):
        body += "\n\n" + summary_line(d, rubric)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. criterion_scores_with_cutoff

_SCORE_NAMES = ("Groundedness", "Faithfulness", "Context support", "Attribution")
_SCORE_OTHERS = ("Relevance", "Coherence", "Completeness", "Fluency", "Conciseness", "Helpfulness", "Safety")
_CUT_LINES = (
    "{f} of {c} or higher means the statement is supported by the context; lower means it is not.",
    "Rubric: {f} ≥ {c} = supported by the context (pass), below {c} = not supported (fail).",
    "Pass rule for {f}: a score of {c}-5 counts as grounded in the context.",
)


@HELDOUT37
def criterion_scores_with_cutoff(ch: Chooser) -> BlindOutput:
    """A G-Eval-like multi-criteria rubric (custom team prompt on GPT-4o, Mistral Large or Qwen): a 1-5
    score per criterion for each statement, the faithfulness score's pass rule stated, other criteria
    scored independently; an average over all criteria at times, labelled as such."""
    d = Draw(ch, "criterion_scores_with_cutoff", max_n=MAX_N)
    faith = d.dim("score_faith_name", _SCORE_NAMES)
    count = int(d.dim("other_count", ("1", "2", "3")))
    pool = list(_SCORE_OTHERS)
    names = [pool.pop(ch.integer("other_criterion", 0, len(pool) - 1)) for _ in range(count)]
    at = int(d.dim("faith_position", tuple(str(k) for k in range(count + 1))))
    names.insert(at, faith)
    cut = int(d.dim("cut", ("3", "4")))
    form = d.dim("score_form", ("lines", "blocks", "table"))
    slash = d.flag("out_of_five")
    average = d.flag("average_all", weight_off=2)
    rows: list[list[int | None]] = []
    for _i, _statement, truth in d.items():
        row: list[int | None] = []
        for j in range(len(names)):
            if j == at:
                row.append(
                    None
                    if truth is None
                    else ch.integer("faith_score", cut, 5)
                    if truth
                    else ch.integer("faith_score", 1, cut - 1)
                )
            else:
                row.append(ch.integer("other_score", 1, 5))
        rows.append(row)

    def show(score: int | None) -> str:
        if score is None:
            return "N/A (cannot be determined from the context)"
        return f"{score}/5" if slash else str(score)

    def avg(row: list[int | None]) -> str:
        scored = [s for s in row if s is not None]
        return f"{sum(scored) / len(scored):.1f}"

    out = []
    if form == "table":
        header = ["#", *names] + (["Average (all criteria)"] if average else [])
        out.append("| " + " | ".join(header) + " |")
        out.append("|" + "---|" * len(header))
        for i, row in enumerate(rows):
            out.append(
                "| " + " | ".join([str(i + 1), *(show(s) for s in row)] + ([avg(row)] if average else [])) + " |"
            )
        body = "\n".join(out)
    else:
        for i, row in enumerate(rows):
            pairs = [f"{name}: {show(s)}" for name, s in zip(names, row, strict=True)]
            tail = [f"average over all criteria {avg(row)}"] if average else []
            if form == "lines":
                out.append(f"Statement {i + 1} — " + ", ".join(pairs + tail))
            else:
                out.append(
                    f"**Statement {i + 1}**\n" + "\n".join(f"- {p}" for p in [*pairs, *(t.capitalize() for t in tail)])
                )
        body = ("\n" if form == "lines" else "\n\n").join(out)
    rule = d.dim("cut_line", _CUT_LINES).format(f=faith, c=cut)
    scale = "All criteria are scored from 1 (worst) to 5 (best)."
    if d.dim("rule_position", ("before", "after")) == "before":
        body = f"{scale} {rule}\n\n{body}"
    else:
        body = f"{body}\n\n{scale} {rule}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. platform_score_dicts

_PLATFORM_FAITH = ("groundedness", "faithfulness", "context_adherence", "supported_by_context")
_PLATFORM_OTHERS = ("answer_relevance", "helpfulness", "conciseness", "completeness", "safety", "pii_free",
                    "coherence", "moderation")  # fmt: skip


@HELDOUT37
def platform_score_dicts(ch: Chooser) -> BlindOutput:
    """Per-claim scores as eval platforms store a multi-scorer run (Braintrust experiment rows'
    ``"scores"``, LangSmith feedback ``{"key", "score"}`` lists, Galileo-like metric dicts): the
    faithfulness scorer 1 or 0 (1 = supported by the context, said in a legend), the others 0-1."""
    d = Draw(ch, "platform_score_dicts", max_n=MAX_N)
    faith = d.dim("platform_faith", _PLATFORM_FAITH)
    count = int(d.dim("other_count", ("1", "2", "3")))
    pool = list(_PLATFORM_OTHERS)
    names = [pool.pop(ch.integer("other_criterion", 0, len(pool) - 1)) for _ in range(count)]
    at = int(d.dim("faith_position", tuple(str(k) for k in range(count + 1))))
    names.insert(at, faith)
    shape = d.dim("platform_shape", ("braintrust_rows", "feedback_lists", "dict_lines"))
    floats = d.flag("float_scores")
    missing = "None" if shape == "dict_lines" else "null"
    legend = (
        f"Scores are 0-1. {faith}: 1 = the claim is supported by the retrieved context, 0 = it is not"
        + (f"; {missing} = the scorer could not determine it" if None in d.truth else "")
        + ". Other scorers: higher is better."
    )
    records = []
    for i, statement, truth in d.items():
        scores: dict[str, object] = {}
        for j, name in enumerate(names):
            if j == at:
                scores[name] = None if truth is None else (1.0 if truth else 0.0) if floats else (1 if truth else 0)
            else:
                scores[name] = ch.pick("other_score", (0.0, 0.25, 0.5, 0.75, 1.0) if floats else (0, 1))
        if shape == "braintrust_rows":
            row: dict[str, object] = {"id": f"claim-{i + 1}", "input": statement, "scores": scores}
            if truth is None:
                row["metadata"] = {f"{faith}_rationale": "Could not be determined from the context."}
            records.append(json.dumps(row, ensure_ascii=False))
        elif shape == "feedback_lists":
            entries = []
            for name, score in scores.items():
                entry: dict[str, object] = {"key": name, "score": score}
                if name == faith and score is None:
                    entry["comment"] = "Cannot be determined from the context."
                entries.append(entry)
            records.append(f"claim {i + 1}: " + json.dumps(entries, ensure_ascii=False))
        else:
            shown = ", ".join(f"'{k}': {'None' if v is None else v}" for k, v in scores.items())
            records.append(f"[{i + 1}] {statement}\n    {{{shown}}}")
    body = ("\n\n" if shape == "dict_lines" else "\n").join(records)
    where = d.dim("legend_position", ("before", "after"))
    body = f"{legend}\n\n{body}" if where == "before" else f"{body}\n\n{legend}"
    return d.done(body)


# ----------------------------------------------------------------- 8. criterion_blocks_with_reasons


@HELDOUT37
def criterion_blocks_with_reasons(ch: Chooser) -> BlindOutput:
    """A block per claim from a Vertex-AI- or Galileo-style rubric prompt on Gemini or GPT-4o: one line per
    criterion with its verdict and a reason ("- Groundedness: PASS — the context states this"), then an
    overall line that fails when any criterion fails, its rule stated."""
    d = Draw(ch, "criterion_blocks_with_reasons", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=4)
    words = draw_words(d, rubric)
    bullet = d.dim("criterion_bullet", ("- ", "* ", "  ", "• "))
    joiner = d.dim("reason_joiner", (" — ", ": ", " ("))
    overall = d.dim("block_overall", ("none", "after", "first"))
    head = d.dim("block_head", ("**Claim {k}:** {s}", "Claim {k}", "### Statement {k}", 'Statement {k}: "{s}"'))
    blocks = []
    for i, statement, truth in d.items():
        lines = [head.format(k=i + 1, s=statement)]
        gate = "PASS" if rubric.gate(i) else "FAIL"
        if overall == "first":
            lines.append(f"{bullet}Overall: {gate}")
        for j in range(len(rubric.fields)):
            reason = faith_reason(d, truth) if j == rubric.at else criterion_reason(rubric, i, j)
            reason = reason[:1].lower() + reason[1:]
            if reason.endswith("."):
                reason = reason[:-1]
            close = ")" if joiner == " (" else ""
            lines.append(f"{bullet}{rubric.name(j)}: {cell(rubric, i, j, words)}{joiner}{reason}{close}")
        if overall == "after":
            lines.append(f"{bullet}Overall: {gate}")
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if overall != "none":
        body += "\n\n" + gate_rule(rubric, "Overall")
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 9. gate_first_claim_lines


@HELDOUT37
def gate_first_claim_lines(ch: Chooser) -> BlindOutput:
    """A release gate's judge (a team's CI eval on GPT-4o-mini or Llama 3 70B): each claim's combined PASS /
    FAIL first, the criteria that failed named, then the fields ("Claim 2: FAIL (relevance) — grounded:
    yes, relevant: no, toxic: no"); the gate's rule stated, so PASS / FAIL is read as all criteria."""
    d = Draw(ch, "gate_first_claim_lines", max_n=MAX_N)
    rubric = draw_rubric(d, lo=1, hi=3, noun=False)
    words = draw_words(d, rubric, ("yes_no", "true_false"))
    words = (words[0].lower(), words[1].lower(), "lower")
    icons = d.flag("gate_icons")
    named = d.flag("failed_named")
    lines = []
    for i, _statement, _truth in d.items():
        gate = "PASS" if rubric.gate(i) else "FAIL"
        mark = ("✅ " if gate == "PASS" else "❌ ") if icons else ""
        failed = rubric.failed(i)
        why = f" ({', '.join(failed)})" if named and failed else ""
        fields = ", ".join(
            f"{_low(rubric.fields[j].adj)}: {cell(rubric, i, j, words)}" for j in range(len(rubric.fields))
        )
        lines.append(f"Claim {i + 1}: {mark}{gate}{why} — {fields}")
    passed = sum(1 for i in range(d.n) if rubric.gate(i))
    rule = gate_rule(rubric, "A claim's gate")
    body = "\n".join(lines)
    body = f"{rule}\n\n{body}" if d.dim("rule_position", ("before", "after")) == "before" else f"{body}\n\n{rule}"
    if d.flag("gate_count"):
        body += f"\n\nGate: {passed}/{d.n} claims pass every criterion."
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 10. abbreviated_criteria_legend

_ABBR_MARKS: dict[str, tuple[str, str, str]] = {
    "check": ("✓", "✗", "?"),
    "plus_minus": ("+", "-", "?"),
    "one_zero": ("1", "0", "?"),
}


@HELDOUT37
def abbreviated_criteria_legend(ch: Chooser) -> BlindOutput:
    """A compact scorecard (Qwen or Mistral asked to save tokens, or a team's Slack bot): letters per
    criterion with a mark each ("1  G✓ R✗ T✗") and a legend naming every letter and mark; counts
    per criterion after."""
    d = Draw(ch, "abbreviated_criteria_legend", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=4, noun=False)
    abbrs = [c.abbr for c in rubric.fields]  # no two criteria share a letter
    marks = _ABBR_MARKS[d.dim("abbr_marks", tuple(_ABBR_MARKS))]
    spacing = d.dim("abbr_spacing", ("glued", "colon", "eq"))
    label = d.dim("abbr_label", ("{k}", "#{k}", "C{k}", "({k})"))
    lines = []
    for i, _statement, _truth in d.items():
        units = []
        for j, abbr in enumerate(abbrs):
            value = rubric.values[i][j]
            mark = marks[0] if value is True else marks[1] if value is False else marks[2]
            units.append(abbr + ("" if spacing == "glued" else ":" if spacing == "colon" else "=") + mark)
        lines.append(label.format(k=i + 1) + "  " + " ".join(units))
    names = []
    for c, abbr in zip(rubric.fields, abbrs, strict=True):
        if c is rubric.faith:
            names.append(f"{abbr} = {_low(c.adj)} (the statement is supported by the context)")
        else:
            names.append(f"{abbr} = {_low(c.adj)}")
    legend = "Key: " + "; ".join(names) + f". {marks[0]} = yes, {marks[1]} = no"
    legend += f", {marks[2]} = cannot be determined." if None in d.truth else "."
    body = "\n".join(lines)
    body = f"{legend}\n\n{body}" if d.dim("legend_position", ("before", "after")) == "before" else f"{body}\n\n{legend}"
    if d.flag("criteria_summary"):
        body += "\n\n" + " · ".join(f"{abbr} {rubric.count(j)}/{d.n}" for j, abbr in enumerate(abbrs))
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 11. claim_criteria_checkboxes


@HELDOUT37
def claim_criteria_checkboxes(ch: Chooser) -> BlindOutput:
    """GPT-4o's and Claude's markdown checklist per claim (a team's review template): "- [x] Supported by the
    context", "- [ ] Relevant to the question", "- [x] Free of PII"; a criterion the grader could not
    decide left unchecked and said so ("- [ ] Supported by the context — cannot be determined")."""
    d = Draw(ch, "claim_criteria_checkboxes", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=4, noun=False)
    phrasing = d.dim("check_phrasing", ("positive", "as_named"))
    head = d.dim("check_head", ("**Claim {k}:** {s}", "Claim {k}", "#### {k}. {s}", "{k}) {s}"))
    checked = d.dim("checked_mark", ("[x]", "[X]"))
    faith_line = d.dim(
        "faith_check_text",
        ("Supported by the context", "Grounded in the retrieved context", "Faithful to the context",
         "Attributable to the context"),
    )  # fmt: skip
    blocks = []
    for i, statement, _truth in d.items():
        lines = [head.format(k=i + 1, s=statement)]
        for j, criterion in enumerate(rubric.fields):
            value = rubric.values[i][j]
            if j == rubric.at:
                if value is None:
                    lines.append(f"- [ ] {faith_line} — {rubric.undecided[i].lower()} (left unchecked)")
                else:
                    lines.append(f"- {checked if value else '[ ]'} {faith_line}")
                continue
            if phrasing == "positive":
                text = {
                    "Toxic": "Free of toxic language",
                    "Harmful": "Free of harmful advice",
                    "Contains PII": "Free of personal data (PII)",
                    "Biased": "Free of bias",
                }.get(criterion.adj, criterion.adj)
                box = checked if rubric.good(i, j) else "[ ]"
            else:
                text = criterion.adj
                box = checked if value else "[ ]"
            lines.append(f"- {box} {text}")
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if phrasing == "positive" and d.flag("check_note"):
        body = "Checked = criterion met; unchecked = not met.\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 12. evaluator_result_arrays

_EVALUATORS_FAITH = ("faithfulness", "context-groundedness", "lynx-faithfulness", "grounded-in-context")
_EVALUATORS_OTHER = ("answer-relevance", "toxicity", "pii", "conciseness", "is-helpful", "answer-completeness",
                     "no-harmful-advice")  # fmt: skip


@HELDOUT37
def evaluator_result_arrays(ch: Chooser) -> BlindOutput:
    """Several evaluators run on each claim and their results kept together (Patronus-style evaluator
    runs, a team's guardrails service): per claim an array of ``{"evaluator", "pass", "score",
    "explanation"}``; ``pass`` true means the evaluator's criterion is met; the faithfulness one's
    ``pass`` null where it could not decide, its explanation saying so."""
    d = Draw(ch, "evaluator_result_arrays", max_n=MAX_N)
    faith = d.dim("evaluator_faith", _EVALUATORS_FAITH)
    count = int(d.dim("other_count", ("1", "2", "3")))
    pool = list(_EVALUATORS_OTHER)
    names = [pool.pop(ch.integer("other_criterion", 0, len(pool) - 1)) for _ in range(count)]
    at = int(d.dim("faith_position", tuple(str(k) for k in range(count + 1))))
    names.insert(at, faith)
    with_score = d.flag("evaluator_score")
    explain = d.dim("evaluator_explain", ("faith_only", "none"))
    lines_form = d.dim("evaluator_form", ("one_array", "jsonl_per_claim", "pretty"))
    claims = []
    for i, statement, truth in d.items():
        results = []
        for j, name in enumerate(names):
            passed: bool | None = truth if j == at else ch.pick("other_pass", (True, False))
            result: dict[str, object] = {"evaluator": name, "pass": passed}
            if with_score:
                result["score"] = None if passed is None else (1.0 if passed else 0.0)
            if j == at and (explain == "faith_only" or truth is None):
                text = faith_reason(d, truth)
                result["explanation"] = text if truth is not None else "Cannot be determined. " + text
            results.append(result)
        claims.append({"claim_id": i + 1, "claim": statement, "results": results})
    if lines_form == "one_array":
        body = json.dumps(claims, ensure_ascii=False, indent=2)
    elif lines_form == "jsonl_per_claim":
        body = "\n".join(json.dumps(c, ensure_ascii=False) for c in claims)
    else:
        body = json.dumps({"evaluation_run": {"claims": claims}}, ensure_ascii=False, indent=4)
    if d.flag("evaluator_fence"):
        body = f"```json\n{body}\n```"
    if d.flag("evaluator_note"):
        body += (
            f'\n\n"pass": true means the evaluator\'s criterion is met; {faith} passes when the claim is '
            "supported by the context."
        )
    return d.done(body)


# ----------------------------------------------------------------- 13. rag_triad_claim_scores

_TRIAD_OTHERS = ("Answer Relevance", "Context Relevance")


@HELDOUT37
def rag_triad_claim_scores(ch: Chooser) -> BlindOutput:
    """The RAG triad per claim (TruLens feedback functions, or a team copying its triad into one GPT-4o
    call): Groundedness, Answer Relevance and Context Relevance on 0-1, the groundedness cut stated;
    as lines, a printed pandas frame (NaN where groundedness could not be determined, a note says so)
    or a dict per claim."""
    d = Draw(ch, "rag_triad_claim_scores", max_n=MAX_N)
    cut = d.dim("triad_cut", ("0.5", "0.7"))
    order = d.dim("triad_order", ("g_first", "g_middle", "g_last"))
    names = list(_TRIAD_OTHERS)
    at = {"g_first": 0, "g_middle": 1, "g_last": 2}[order]
    names.insert(at, "Groundedness")
    form = d.dim("triad_form", ("lines", "frame", "dicts"))
    yes_scores = ("1.0", "0.9", "0.8") if cut == "0.7" else ("1.0", "0.9", "0.8", "0.67")
    no_scores = ("0.0", "0.1", "0.33") if cut == "0.5" else ("0.0", "0.2", "0.33", "0.5")
    rows: list[list[str]] = []
    for _i, _statement, truth in d.items():
        row = []
        for j in range(3):
            if j == at:
                row.append("NaN" if truth is None else ch.pick("faith_score", yes_scores if truth else no_scores))
            else:
                row.append(ch.pick("other_score", ("0.0", "0.33", "0.5", "0.67", "1.0")))
        rows.append(row)
    if form == "lines":
        out = [
            f"Claim {i + 1}: " + " | ".join(f"{n}: {v}" for n, v in zip(names, row, strict=True))
            for i, row in enumerate(rows)
        ]
        body = "\n".join(out)
    elif form == "frame":
        widths = [max(len(n), 5) for n in names]
        header = "   " + "  ".join(n.rjust(w) for n, w in zip(names, widths, strict=True))
        out = [header] + [
            f"{i:<3}" + "  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True)) for i, row in enumerate(rows)
        ]
        body = "Rows are claims, counted from 0.\n" + "\n".join(out)
    else:
        keys = [n.lower().replace(" ", "_") for n in names]
        out = []
        for i, row in enumerate(rows):
            shown = ", ".join(f'"{k}": {"null" if v == "NaN" else v}' for k, v in zip(keys, row, strict=True))
            out.append(f"claim {i + 1}: {{{shown}}}")
        body = "\n".join(out)
    note = f"Groundedness {cut} or above means the claim is supported by the context; below {cut} it is not."
    if None in d.truth:
        missing = "null" if form == "dicts" else "NaN"
        note += f" {missing} groundedness: it could not be determined from the context."
    body = f"{body}\n\n{note}" if d.dim("note_position", ("after", "before")) == "after" else f"{note}\n\n{body}"
    return d.done(d.frame(body, tally=form != "frame"))


# ----------------------------------------------------------------- 14. criteria_by_claim_grid


@HELDOUT37
def criteria_by_claim_grid(ch: Chooser) -> BlindOutput:
    """Gemini's and Claude's table turned on its side when the rubric is the fixed part: a row per
    criterion, a column per claim ("| Criterion | C1 | C2 | C3 |"), a faithfulness row among them."""
    d = Draw(ch, "criteria_by_claim_grid", max_n=MAX_N)
    rubric = draw_rubric(d, lo=2, hi=5)
    style = d.dim("grid_cells", ("words", "marks"))
    if style == "marks":
        marks = _MARKS[d.dim("marks", tuple(_MARKS))]
        words = (marks[0], marks[1], "sentence")
    else:
        words = draw_words(d, rubric, ("yes_no", "y_n"))
    column = d.dim("grid_column", ("C{k}", "Claim {k}", "S{k}", "#{k}"))
    corner = d.dim("grid_corner", ("Criterion", "", "Rubric"))
    bold = d.flag("grid_bold")
    header = [corner] + [column.format(k=i + 1) for i in range(d.n)]
    rows = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for j in range(len(rubric.fields)):
        cells = [f"**{rubric.name(j)}**" if bold else rubric.name(j)]
        for i in range(d.n):
            if style == "marks" and rubric.values[i][j] is None:
                cells.append(marks[2])
            else:
                cells.append(cell(rubric, i, j, words))
        rows.append("| " + " | ".join(cells) + " |")
    body = "\n".join(rows)
    notes = []
    if style == "marks":
        notes.append(
            f"{marks[0]} = {'pass' if rubric.noun else 'yes'}, {marks[1]} = {'fail' if rubric.noun else 'no'}"
            + (f", {marks[2]} = cannot be determined" if None in d.truth else "")
            + "."
        )
    if d.flag("claims_key"):
        notes.append("\n".join(f"{column.format(k=i + 1)}: {s}" for i, s, _t in d.items()))
    if notes:
        body += "\n\n" + "\n\n".join(notes)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 15. criteria_prose_paragraphs


def _prose_clause(criterion: Criterion, value: bool) -> str:
    """A clause on a non-faithfulness criterion, never with "supported" in it."""
    clauses = {
        "Relevant": ("it is relevant to the question", "it is not relevant to the question"),
        "Answers the question": ("it helps answer the question", "it does not help answer the question"),
        "Complete": ("it is complete", "it is incomplete"),
        "Concise": ("it is concise", "it is wordier than needed"),
        "Fluent": ("it reads fluently", "its phrasing is awkward"),
        "Cites a source": ("it cites a source", "it cites no source"),
        "Matches reference": ("it agrees with the reference answer", "it differs from the reference answer"),
        "Toxic": ("its wording is toxic", "it contains no toxic language"),
        "Harmful": ("it could cause harm", "it is harmless"),
        "Contains PII": ("it contains personal data", "it contains no personal data"),
        "Biased": ("it is one-sided", "it is balanced"),
    }
    return clauses[criterion.adj][0 if value else 1]


_FAITH_CLAUSES: dict[str, tuple[str, str, str]] = {
    "supported": (
        "it is supported by the context",
        "it is not supported by the context",
        "whether it is supported by the context cannot be determined",
    ),
    "grounded": (
        "it is grounded in the context",
        "it is not grounded in the context",
        "its grounding in the context cannot be determined",
    ),
    "faithful": (
        "it is faithful to the context",
        "it is not faithful to the context",
        "whether it is faithful to the context cannot be determined",
    ),
}


@HELDOUT37
def criteria_prose_paragraphs(ch: Chooser) -> BlindOutput:
    """Claude's and Gemini's prose when the rubric prompt does not ask for a format: a paragraph (or a
    sentence) per statement naming each criterion ("Statement 2 is relevant to the question and contains
    no toxic language, but it is not supported by the context."), reasons at times."""
    d = Draw(ch, "criteria_prose_paragraphs", max_n=MAX_N)
    rubric = draw_rubric(d, lo=1, hi=3, noun=False)
    family = d.dim("faith_clause", tuple(_FAITH_CLAUSES))
    order = d.dim("prose_order", ("faith_first", "faith_last"))
    reasons = d.flag("prose_reasons")
    joined = d.dim("prose_join", ("paragraphs", "one_paragraph"))
    paragraphs = []
    for i, _statement, truth in d.items():
        faith = _of(truth, _FAITH_CLAUSES[family])
        others = [_prose_clause(c, bool(rubric.values[i][j])) for j, c in enumerate(rubric.fields) if j != rubric.at]
        other_text = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
        if reasons:
            reason = faith_reason(d, truth)
            faith += f" ({reason[:1].lower()}{reason[1:-1]})"
        if order == "faith_first":
            sentence = f"Statement {i + 1}: {faith}; as for the other criteria, {other_text}."
        else:
            sentence = f"Statement {i + 1}: {other_text}. On faithfulness, {faith}."
        paragraphs.append(sentence)
    body = ("\n\n" if joined == "paragraphs" else " ").join(paragraphs)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 16. azure_composite_rows

_AZURE_QUALITY = ("relevance", "coherence", "fluency", "retrieval")
_AZURE_SAFETY = ("violence", "hate_unfairness", "self_harm", "sexual")
_SEVERITIES = ("Very low", "Low", "Medium", "High")


@HELDOUT37
def azure_composite_rows(ch: Chooser) -> BlindOutput:
    """Azure AI evaluation's ``evaluate()`` run with groundedness beside other quality and safety
    evaluators, one row per claim: ``groundedness`` 1-5 with ``groundedness_result`` pass / fail and
    ``groundedness_threshold``, ``relevance`` likewise, ``violence`` as a severity with its own result;
    ``outputs.`` prefixed keys at times; groundedness null with a reason where it could not be scored."""
    d = Draw(ch, "azure_composite_rows", max_n=MAX_N)
    quality = d.dim("azure_quality", _AZURE_QUALITY)
    safety = d.dim("azure_safety", ("none", *_AZURE_SAFETY))
    prefix = d.dim("azure_prefix", ("none", "outputs"))
    first = d.dim("azure_first", ("groundedness", "other"))
    reasons = d.flag("azure_reasons")
    rows = []
    for _i, statement, truth in d.items():
        ground: dict[str, object] = {}
        if truth is None:
            ground["groundedness"] = None
            ground["groundedness_result"] = None
            ground["groundedness_reason"] = "Cannot be determined: " + faith_reason(d, None).lower()
        else:
            score = ch.integer("faith_score", 4, 5) if truth else ch.integer("faith_score", 1, 2)
            ground["groundedness"] = float(score)
            ground["groundedness_result"] = "pass" if truth else "fail"
            if reasons:
                ground["groundedness_reason"] = faith_reason(d, truth)
        ground["groundedness_threshold"] = 3
        other_score = ch.integer("other_score", 1, 5)
        other: dict[str, object] = {
            quality: float(other_score),
            f"{quality}_result": "pass" if other_score >= 3 else "fail",
            f"{quality}_threshold": 3,
        }
        if safety != "none":
            level = ch.integer("severity", 0, 5)
            other[safety] = _SEVERITIES[min(level // 2, 3)]
            other[f"{safety}_score"] = level
            other[f"{safety}_result"] = "pass" if level <= 3 else "fail"
        merged = {**ground, **other} if first == "groundedness" else {**other, **ground}
        row: dict[str, object] = {"inputs.claim": statement} if prefix == "outputs" else {"claim": statement}
        for key, value in merged.items():
            row[f"outputs.{key}" if prefix == "outputs" else key] = value
        rows.append(row)
    form = d.dim("azure_form", ("rows_list", "jsonl", "result_dict"))
    if form == "rows_list":
        body = json.dumps(rows, ensure_ascii=False, indent=2)
    elif form == "jsonl":
        body = "\n".join(json.dumps(r, ensure_ascii=False) for r in rows)
    else:
        body = json.dumps({"rows": rows, "studio_url": None}, ensure_ascii=False, indent=2)
    note = (
        "groundedness is scored 1-5 against the context; groundedness_result is pass at or above "
        "groundedness_threshold (3): the claim is supported by the context."
    )
    if d.flag("azure_note"):
        body = f"{note}\n\n{body}"
    return d.done(body)


# ----------------------------------------------------------------- 17. rubric_declined

_DECLINES = (
    "I'm sorry, but I can't complete this evaluation. The context field is empty, so I can't judge whether "
    "any claim is grounded, and without the user's question I can't rate relevance or completeness either.",
    "I can't score these claims on the rubric (faithfulness, relevance, toxicity) because no retrieved "
    "context or question was included in your message. Please resend them and I'll grade each claim.",
    "Unfortunately I'm unable to provide the requested ratings. The rubric asks whether each statement is "
    "supported by the context, but the context section only contains a placeholder ({{context}}).",
    "I apologize, but I cannot evaluate groundedness, relevance or safety for these statements: the "
    "source documents were not provided.",
    "As an AI assistant I can't assess these claims against the criteria without the reference material. "
    "Could you share the retrieved passages and the original question?",
)
_DECLINE_JSON = (
    '{"error": "missing_context", "message": "Cannot evaluate faithfulness, relevance or toxicity: no context '
    'was provided.", "claims": []}',
    '{"status": "refused", "reason": "The context is empty, so none of the criteria can be evaluated."}',
)


@HELDOUT37
def rubric_declined(ch: Chooser) -> BlindOutput:
    """The whole rubric declined (Claude and GPT-4o when the context or question template variable came
    through empty; a JSON-mode model returning an error object instead of the claims): no claim judged."""
    d = Draw(ch, "rubric_declined", unknowns=False, max_n=MAX_N)
    kind = d.dim("decline_kind", ("prose", "prose", "json", "heading"))
    if kind == "json":
        text = ch.pick("decline_json", _DECLINE_JSON)
        if d.flag("decline_fence"):
            text = f"```json\n{text}\n```"
    else:
        text = ch.pick("decline_text", _DECLINES)
        if kind == "heading":
            title = ch.pick("decline_title", ("## Rubric evaluation", "**Multi-criteria assessment**", "Evaluation:"))
            text = f"{title}\n\n{text}"
    if d.flag("decline_think", weight_off=3):
        text = (
            "<think>\nThe context is empty; I cannot check any claim against it. I should tell the user.\n</think>\n\n"
            + text
        )
    return d.refused(text)
