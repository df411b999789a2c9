"""A TWENTIETH HELD-OUT set of blind layouts: other evaluation frameworks' judge outputs, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout20``); do not read it while
developing the reader. Written from what teams migrating to faithcompat bring as call 2: the
per-statement (per-claim) answers their graders wrote for OTHER frameworks' faithfulness,
groundedness and hallucination judges, as those frameworks' public prompts and docs ask for
them, and as their SDKs print or store them. DeepEval's ``FaithfulnessMetric`` verdicts
(``{"verdicts": [{"verdict": "yes" | "no" | "idk", "reason": ...}]}``, ``borderline`` in 4.x) and
its verbose log; TruLens groundedness ("Statement Sentence: ... Supporting Evidence: ... Score:
0-10", and the 1.x "STATEMENT 0: / Criteria: / Supporting Evidence: / Score:" reasons on a 0-3 or
normalized scale); Arize Phoenix's ``EXPLANATION: ... LABEL: factual | hallucinated`` per claim and
the ``llm_classify`` DataFrame (``NOT_PARSABLE`` where the judge gave no label); MLflow / Databricks
judges (``{"rationale": "Let's think step by step. ...", "result": "yes" | "no"}``, ``Feedback``
reprs with ``CategoricalRating``, assessments and the evaluation results' ``.../rating`` columns);
Opik's hallucination scores (1.0 = hallucinated, the scale always stated); UpTrain's
``Fact`` / ``Reasoning`` / ``Judgement`` (yes / no / unclear); Giskard's ``eval_passed``;
LangSmith / openevals feedback (``key``, ``score``, ``comment``); Azure AI Evaluation's
groundedness prompty tags (``<S0>``, ``<S1>``, ``<S2>``, 1-5, threshold 3) and result dicts; Vertex
AI's ``groundedness/score`` rows (1 grounded, 0 not); Bespoke-MiniCheck and AlignScore
probabilities with their thresholds; G-Eval scores (DeepEval's ``GEval`` 0-10 JSON, probability-
weighted 1-5 scores after the evaluation steps, a table with a threshold column); a team's wrapper
that turns one of these into a summary table; and refusals written in those frameworks' shapes.

Each layout draws graders.py's call 1 and statement counts (1 to 10), undecided items, and, for
answers a model writes (not an SDK's print), ``_draw``'s frame (a ``<think>`` draft, a preface, an
agreeing count, a sign-off). Where a framework scores, every output states its cut (in the header,
a legend, a threshold field or a column), supported statements score at or above it, unsupported
ones well below it (0 to 3 of 10 under a cut of 5 to 8), and a score whose rubric a careful person
could read either way (Azure's 3, "accurate but vague", which its threshold passes) is never
drawn. Undecided items are the framework's own middle word (``idk``, ``borderline``, ``unclear``,
``unknown``, ``NOT_PARSABLE``, the team's "abstain" band) or a score the grader left out (``N/A``,
``null``, ``NaN``), always with a reason or a rule that says so; a person counts them as not
supported. Inverted scales (Opik's 1.0 = hallucinated) always carry their legend. No printed
aggregate disagrees with that reading (DeepEval's own score, which counts ``idk`` as faithful, is
printed only where no verdict is ``idk``).

    HELDOUT20.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout20_outputs(layout="phoenix_label_blocks")   # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, Draw, LayoutSet, number_list
from tests.scoring.graders import Chooser, Truth

HELDOUT20 = LayoutSet("heldout20")
T = TypeVar("T")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout20_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twentieth held-out set (one layout when named)."""
    return HELDOUT20.strategy(layout)


def _of(truth: Truth, options: Sequence[T]) -> T:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _dumps(value: object, indent: int | None = None) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=False)


def _indent(d: Draw, options: tuple[str, ...] = ("2", "4", "none")) -> int | None:
    name = d.dim("json_indent", options)
    return None if name == "none" else int(name)


def _mostly(d: Draw, name: str) -> bool:
    """A yes/no dimension that is on three times in four."""
    return d.dim(name, ("on", "on", "on", "off")) == "on"


def _numbers(d: Draw, truth: Truth) -> list[int]:
    """The 1-based numbers of the statements with this truth."""
    return [i + 1 for i, _s, t in d.items() if t is truth]


def _listed(numbers: Sequence[int]) -> str:
    return number_list(numbers) if numbers else "none"


# ----------------------------------------------------------------- reasons

_SUPPORTED: tuple[str, ...] = (
    "The context states this directly.",
    "The retrieved context says exactly this.",
    'The context contains "{b}" almost word for word.',
    "This matches what the context says.",
    "The source passage confirms this fact.",
)
_CONTRADICTED: tuple[str, ...] = (
    "The context gives a different fact on this point.",
    "The retrieved context contradicts this.",
    "The source passage states something else here.",
    "The context says otherwise.",
)
_ABSENT: tuple[str, ...] = (
    "The context does not mention this.",
    "Nothing in the retrieved context backs this up.",
    "The source passage is silent on this.",
)
_OPEN: tuple[str, ...] = (
    "The context neither confirms nor contradicts this.",
    "The context touches on this but does not settle it.",
    "There is not enough information in the context to decide either way.",
)


def _reason(ch: Chooser, truth: Truth, statement: str) -> str:
    """A one-sentence reason that agrees with the truth (not supported: contradicted or absent)."""
    pool = _of(truth, (_SUPPORTED, _CONTRADICTED + _ABSENT, _OPEN))
    return ch.pick("reason", pool).format(b=_bare(statement))


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# How a model that writes JSON for a framework wraps it.
_JSON_LEADS: tuple[str, ...] = (
    "Here is the JSON:",
    "Sure! Here is the evaluation in the requested format:",
    "Here are the results for each claim:",
)


def _wrapped_json(d: Draw, text: str, name: str = "json_wrap") -> str:
    """The JSON bare, fenced, or fenced after a lead-in and framed as a chat answer."""
    wrap = d.dim(name, ("bare", "bare", "fence", "lead_fence"))
    if wrap == "bare":
        return d.frame(text, preface=False, tally=False, sign_off=False)
    if wrap == "fence":
        return d.frame(f"```json\n{text}\n```", preface=False, tally=False, sign_off=False)
    lead = d.ch.pick("json_lead", _JSON_LEADS)
    return d.frame(f"{lead}\n\n```json\n{text}\n```", preface=False)


# ----------------------------------------------------------------- 1. deepeval_verdicts_json

_DEEPEVAL_NO: tuple[str, ...] = (
    'The actual output claims that "{b}", but the retrieval context states otherwise.',
    "The retrieval context contradicts this claim; it gives a different fact.",
    'The claim "{b}" is untrue according to the retrieval context, which says something different.',
)
_DEEPEVAL_IDK: tuple[str, ...] = (
    "The retrieval context does not address this claim, so it can be neither confirmed nor contradicted.",
    "The retrieval context is silent on this claim; there is no way to tell whether it agrees.",
    "The retrieval context has no information on this claim either way.",
)
_DEEPEVAL_YES: tuple[str, ...] = (
    "The retrieval context states this.",
    "The claim agrees with the retrieval context.",
    'The retrieval context says "{b}".',
)
_DEEPEVAL_WORDS = {
    "lower": ("yes", "no", "idk", "borderline"),
    "title": ("Yes", "No", "IDK", "Borderline"),
}


def _deepeval_reason(ch: Chooser, truth: Truth, statement: str) -> str:
    pool = _of(truth, (_DEEPEVAL_YES, _DEEPEVAL_NO, _DEEPEVAL_IDK))
    return ch.pick("deepeval_reason", pool).format(b=_bare(statement))


@HELDOUT20
def deepeval_verdicts_json(ch: Chooser) -> BlindOutput:
    """DeepEval's ``FaithfulnessMetric`` verdicts call as GPT-4o, GPT-4o-mini, Claude and local models answer it:
    ``{"verdicts": [...]}``, one object per claim, "yes" / "no" / "idk" ("borderline" in DeepEval 4.x), a
    reason only for the "no" (and "idk") verdicts as the template asks, or for every verdict; the reason first
    as in the 4.x template's example; a "claim" key some models add."""
    d = Draw(ch, "deepeval_verdicts_json", max_n=MAX_N)
    undecided = d.dim("deepeval_undecided", ("idk", "idk", "borderline"))
    casing = d.dim("deepeval_casing", ("lower", "lower", "lower", "title"))
    reasons = d.dim("deepeval_reasons", ("not_yes", "no_only", "all"))
    order = d.dim("deepeval_key_order", ("verdict_first", "reason_first"))
    claim_key = d.flag("deepeval_claim_key", weight_off=3)
    yes, no, idk, borderline = _DEEPEVAL_WORDS[casing]
    items = []
    for _i, statement, truth in d.items():
        word = _of(truth, (yes, no, idk if undecided == "idk" else borderline))
        given = reasons == "all" or (reasons == "not_yes" and truth is not True) or (truth is False)
        item: dict[str, str] = {"claim": statement} if claim_key else {}
        reason = _deepeval_reason(ch, truth, statement) if given else ""
        if order == "reason_first" and given:
            item["reason"] = reason
        item["verdict"] = word
        if order == "verdict_first" and given:
            item["reason"] = reason
        items.append(item)
    text = _dumps({"verdicts": items}, _indent(d, ("4", "2", "none")))
    return d.done(_wrapped_json(d, text))


# ----------------------------------------------------------------- 2. deepeval_verbose_logs

# Facts a context states besides the answer's (DeepEval's truths list holds them too).
_CONTEXT_FACTS: tuple[str, ...] = (
    "The document was last revised in March 2024.",
    "The page lists opening hours for every weekday.",
    "The article cites three independent sources.",
    "The summary is based on the official press release.",
    "Prices are given in euros.",
    "The handbook applies to all full-time staff.",
)


def _as_fact(statement: str) -> str:
    """A supported statement as DeepEval's truths step extracts it from the context (without an answer's "Yes,")."""
    for opener in ("Yes, ", "No, "):
        if statement.startswith(opener):
            rest = statement[len(opener) :]
            return rest[:1].upper() + rest[1:]
    return statement


def _prettify(items: Sequence[object]) -> str:
    """A list as DeepEval's ``prettify_list`` prints it: strings in double quotes, objects as indented JSON."""
    if not items:
        return "[]"
    parts = [
        f'"{item}"' if isinstance(item, str) else json.dumps(item, indent=4).replace("\n", "\n    ") for item in items
    ]
    return "[\n    " + ",\n    ".join(parts) + "\n]"


@HELDOUT20
def deepeval_verbose_logs(ch: Chooser) -> BlindOutput:
    """DeepEval's verbose mode (``FaithfulnessMetric(verbose_mode=True)``) as a team pastes it from the console:
    the starred banner, the truths, the claims, the verdicts (``"reason": null`` for a "yes"), and the score
    and reason where no verdict is "idk" (DeepEval counts "idk" as faithful; where one is, the team's copy stops
    after the verdicts, as it quoted only the verdicts)."""
    d = Draw(ch, "deepeval_verbose_logs", max_n=MAX_N)
    undecided = d.dim("deepeval_undecided", ("idk", "idk", "borderline"))
    limit = d.dim("truths_heading", ("Truths (limit=None):", "Truths:", "Truths (limit=None):"))
    banner = _mostly(d, "verbose_banner")
    score_step = _mostly(d, "verbose_score")
    truths = [_as_fact(s) for _i, s, t in d.items() if t is True]
    for _ in range(ch.integer("context_facts", 1, 3)):
        fact = ch.pick("context_fact", _CONTEXT_FACTS)
        if fact not in truths:
            truths.insert(ch.integer("fact_at", 0, len(truths)), fact)
    verdicts = []
    for _i, statement, truth in d.items():
        reason = None if truth is True else _deepeval_reason(ch, truth, statement)
        verdicts.append({"verdict": _of(truth, ("yes", "no", undecided)), "reason": reason})
    steps = [f"{limit}\n{_prettify(truths)}", f"Claims:\n{_prettify(list(d.statements))}",
             f"Verdicts:\n{_prettify(verdicts)}"]  # fmt: skip
    logs = " \n \n".join(steps)
    if score_step and None not in d.truth:
        score = d.supported / d.n
        contradicted = [s for _i, s, t in d.items() if t is False]
        if contradicted:
            why = f'the actual output claims that "{_bare(contradicted[0])}", which the retrieval context contradicts'
        else:
            why = "there are no contradictions: the actual output is fully aligned with the retrieval context"
        logs += f"\n \nScore: {score}\nReason: The score is {score:.2f} because {why}."
    if banner:
        bar = "*" * 50
        logs = f"{bar}\nFaithfulness Verbose Logs\n{bar}\n\n{logs}\n\n" + "=" * 70
    return d.done(logs)


# ----------------------------------------------------------------- 3. trulens_sentence_scores

_TRULENS_CUT_HEADERS: tuple[str, ...] = (
    "Scores are 0-10 information overlap; a sentence counts as grounded when its Score is {c} or higher.",
    "(Groundedness threshold: Score >= {c} out of 10 means grounded; below {c} means not grounded.)",
    "# trulens groundedness, judge output per sentence. Cut: {c}/10 (>= {c} grounded).",
)
_TRULENS_OPEN_EVIDENCE: tuple[str, ...] = (
    "The source mentions the topic but not this detail, so I cannot score the overlap.",
    "The source is ambiguous here; I can't tell how much of this sentence it covers.",
)


def _trulens_evidence(ch: Chooser, truth: Truth, statement: str) -> str:
    if truth is True:
        return ch.pick("trulens_evidence", (f'"{statement}"', f"The source states: {statement}",
                                            "The source says exactly this."))  # fmt: skip
    if truth is False:
        return ch.pick("trulens_evidence", ("NOTHING FOUND", "NOTHING FOUND", "The source gives a different fact."))
    return ch.pick("trulens_evidence", _TRULENS_OPEN_EVIDENCE)


@HELDOUT20
def trulens_sentence_scores(ch: Chooser) -> BlindOutput:
    """TruLens's groundedness template (``LLM_GROUNDEDNESS_FULL_SYSTEM``) as GPT-4o, Claude and Llama fill it in:
    "Statement Sentence: ..., / Supporting Evidence: ... (NOTHING FOUND) / Score: 0-10" per sentence, with the
    cut the team's prompt states (in a header, beside each score, or as lists of grounded sentences); a sentence
    the grader cannot score gets "Score: N/A"."""
    d = Draw(ch, "trulens_sentence_scores", max_n=MAX_N)
    cut = int(d.dim("trulens_cut", ("7", "5", "6", "8")))
    comma = d.flag("trulens_trailing_comma", weight_off=1)
    numbering = d.dim("trulens_numbering", ("none", "statement", "sentence_k"))
    where = d.dim("trulens_cut_where", ("header", "per_score", "footer"))
    blocks = []
    for i, statement, truth in d.items():
        if truth is True:
            score = str(ch.integer("trulens_score", cut, 10))
        elif truth is False:
            score = str(ch.integer("trulens_score", 0, 3))
        else:
            score = "N/A"
        if where == "per_score":
            score += _of(truth, (f" (>= {cut}: grounded)", f" (< {cut}: not grounded)", " (not scored)"))
        lines = [
            f"Statement Sentence: {statement}{',' if comma else ''}",
            f"Supporting Evidence: {_trulens_evidence(ch, truth, statement)}",
            f"Score: {score}",
        ]
        if numbering == "statement":
            lines.insert(0, f"STATEMENT {i + 1}:")
        elif numbering == "sentence_k":
            lines.insert(0, f"Sentence {i + 1}")
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if where == "header":
        body = ch.pick("trulens_cut_header", _TRULENS_CUT_HEADERS).format(c=cut) + "\n\n" + body
    elif where == "footer":
        footer = [
            f"Grounded (Score >= {cut}): {_listed(_numbers(d, True))}",
            f"Not grounded (Score < {cut}): {_listed(_numbers(d, False))}",
        ]
        if None in d.truth:
            footer.append(f"Not scored (N/A): {_listed(_numbers(d, None))}")
        body += "\n\n" + "\n".join(footer)
    return d.done(d.frame(body, preface=False))


# ----------------------------------------------------------------- 4. trulens_statement_criteria

_TRULENS_SCALES = {
    # scale: (supported scores, unsupported scores, the cut sentence)
    "raw_0_3": (("2", "3"), ("0", "1"), "scores 0-3 per statement; grounded when the score is 2 or 3"),
    "normalized": (
        ("0.6666666666666666", "1.0"),
        ("0.0", "0.3333333333333333"),
        "scores normalized to 0-1 per statement; grounded when the score is at least 0.5",
    ),
}
_TRULENS_CUT_LINES: tuple[str, ...] = (
    "TruLens groundedness ({rule}).",
    "# groundedness reasons ({rule})",
    "Note: {rule}.",
)


@HELDOUT20
def trulens_statement_criteria(ch: Chooser) -> BlindOutput:
    """TruLens 1.x groundedness reasons as the feedback result stores them: "STATEMENT 0:" (counted from zero),
    "Criteria:" (the statement), "Supporting Evidence:", "Score:" on the 0-3 scale or normalized to 0-1, the
    team's cut stated beside them; kept as text or as the ``{"reasons": ...}`` meta JSON (newlines escaped)."""
    d = Draw(ch, "trulens_statement_criteria", max_n=MAX_N)
    scale = d.dim("trulens_scale", tuple(_TRULENS_SCALES))
    high, low, rule = _TRULENS_SCALES[scale]
    store = d.dim("trulens_store", ("text", "text", "meta_json"))
    where = d.dim("trulens_rule_where", ("before", "after"))
    blocks = []
    for i, statement, truth in d.items():
        score = "N/A" if truth is None else ch.pick("trulens_score", high if truth else low)
        evidence = _trulens_evidence(ch, truth, statement)
        blocks.append(f"STATEMENT {i}:\nCriteria: {statement}\nSupporting Evidence: {evidence}\nScore: {score}\n")
    reasons = "\n".join(blocks)
    body = _dumps({"reasons": reasons}) if store == "meta_json" else reasons.rstrip("\n")
    line = ch.pick("trulens_cut_line", _TRULENS_CUT_LINES).format(rule=rule)
    body = f"{line}\n\n{body}" if where == "before" else f"{body}\n\n{line}"
    return d.done(body)


# ----------------------------------------------------------------- 5. phoenix_label_blocks

_PHOENIX_HEADS: tuple[str, ...] = ("Claim {k}: {s}", "[Claim {k}] {s}", "### Claim {k}\n{s}", "{k}. {s}", "Claim {k}")
_PHOENIX_EXPLANATIONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "The reference text states this directly, so the claim is based on the reference text.",
        "The reference text contains this information, so the claim is factual.",
        "This is exactly what the reference text says; nothing is added.",
    ),
    (
        "The reference text does not contain this information, so the claim is not based on it.",
        "The reference text says something different on this point, so the claim is hallucinated.",
        "Nothing in the reference text supports this; it adds information that is not there.",
    ),
    (
        "The reference text touches on this but does not settle it, so I cannot classify this claim with confidence.",
        "The reference text is ambiguous here; I cannot tell whether the claim is based on it.",
    ),
)
_PHOENIX_UNKNOWN = ("unclear", "unknown", "cannot be determined")


@HELDOUT20
def phoenix_label_blocks(ch: Chooser) -> BlindOutput:
    """Arize Phoenix's hallucination template with explanations (``llm_classify(provide_explanation=True)``),
    run claim by claim and collected: "EXPLANATION: ..." then "LABEL: factual" or "hallucinated" (quoted or in
    capitals as some models write it), a claim the grader cannot classify labelled "unclear" or "unknown"."""
    d = Draw(ch, "phoenix_label_blocks", max_n=MAX_N)
    head = d.dim("phoenix_head", _PHOENIX_HEADS)
    case = d.dim("phoenix_label_case", ("lower", "lower", "upper"))
    quoted = d.flag("phoenix_label_quoted", weight_off=2)
    separator = d.dim("phoenix_separator", ("\n\n", "\n\n", "\n\n************\n\n", "\n\n---\n\n"))
    unknown = d.dim("phoenix_unknown", _PHOENIX_UNKNOWN)
    blocks = []
    for i, statement, truth in d.items():
        label = _of(truth, ("factual", "hallucinated", unknown))
        label = label.upper() if case == "upper" else label
        label = f'"{label}"' if quoted else label
        explanation = ch.pick("phoenix_explanation", _of(truth, _PHOENIX_EXPLANATIONS))
        title = head.format(k=i + 1, s=statement)
        blocks.append(f"{title}\nEXPLANATION: {explanation}\nLABEL: {label}")
    return d.done(d.frame(separator.join(blocks)))


# ----------------------------------------------------------------- 6. phoenix_classify_frame


def _clip(text: str, width: int | None) -> str:
    """A cell as pandas prints it under ``display.max_colwidth`` (cut with "...")."""
    if width is None or len(text) <= width:
        return text
    return text[: width - 3] + "..."


def _pandas_print(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int | None = 50) -> str:
    """A DataFrame as ``print(df)`` writes it: the index on the left, cells and headers right-aligned."""
    cells = [[_clip(cell, width) for cell in row] for row in rows]
    index = [str(k) for k in range(len(rows))]
    index_width = max(len(k) for k in index)
    widths = [max(len(header), *(len(row[j]) for row in cells)) for j, header in enumerate(headers)]
    lines = [" " * index_width + "  " + "  ".join(h.rjust(w) for h, w in zip(headers, widths, strict=True))]
    for k, row in zip(index, cells, strict=True):
        lines.append(k.ljust(index_width) + "  " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)))
    return "\n".join(lines)


def _markdown_frame(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[str] = ()) -> str:
    """A DataFrame as ``df.to_markdown()`` writes it (tabulate's pipe format, the index and the ``numeric``
    columns right-aligned, the others left-aligned)."""
    columns = ["", *headers]
    data = [[str(k), *row] for k, row in enumerate(rows)]
    # tabulate pads every column to at least its header's width plus two.
    widths = [max(len(columns[j]) + 2, *(len(row[j]) for row in data)) for j in range(len(columns))]

    right = [True] + [header in numeric for header in headers]

    def line(cells: Sequence[str]) -> str:
        padded = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True)]
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join("-" * (w + 1) + ":" if r else ":" + "-" * (w + 1) for w, r in zip(widths, right, strict=True))
    rule += "|"
    return "\n".join([line(columns), rule, *(line(row) for row in data)])


@HELDOUT20
def phoenix_classify_frame(ch: Chooser) -> BlindOutput:
    """The DataFrame Phoenix's ``llm_classify`` returns for a team's per-claim run, as pasted from a notebook:
    ``print(df)`` (long text cut at 50 characters), ``df.to_markdown()`` or ``df.to_dict("records")``; the
    label column "factual" / "hallucinated", and ``NOT_PARSABLE`` where the judge's answer held neither label
    (its explanation says it could not decide)."""
    d = Draw(ch, "phoenix_classify_frame", max_n=MAX_N)
    form = d.dim("frame_form", ("print", "markdown", "records"))
    with_claim = _mostly(d, "frame_claim_column")
    with_status = d.flag("frame_status_columns", weight_off=2)
    headers = (["claim"] if with_claim else []) + ["label", "explanation"]
    if with_status:
        headers += ["exceptions", "execution_status", "execution_seconds"]
    rows = []
    for _i, statement, truth in d.items():
        cells = {
            "claim": statement,
            "label": _of(truth, ("factual", "hallucinated", "NOT_PARSABLE")),
            "explanation": ch.pick("phoenix_explanation", _of(truth, _PHOENIX_EXPLANATIONS)),
            "exceptions": "[]",
            "execution_status": "COMPLETED",
            "execution_seconds": f"{ch.integer('seconds', 400, 3900) / 1000:.6f}",
        }
        rows.append([cells[h] for h in headers])
    if form == "print":
        body = _pandas_print(headers, rows)
    elif form == "markdown":
        body = _markdown_frame(headers, rows)
    else:
        records: list[dict[str, Any]] = []
        for row in rows:
            record: dict[str, Any] = dict(zip(headers, row, strict=True))
            if "execution_seconds" in record:
                record["exceptions"] = []
                record["execution_seconds"] = float(record["execution_seconds"])
            records.append(record)
        body = repr(records)
    title = d.dim("frame_title", ("", "hallucination_eval_df", ">>> print(hallucination_classifications)"))
    return d.done(f"{title}\n{body}" if title else body)


# ----------------------------------------------------------------- 7. databricks_judge_rationale

_JUDGE_CONCLUSIONS = (
    "Therefore, the claim is supported by the retrieved context.",
    "Therefore, the claim is not supported by the retrieved context.",
    "Therefore, I cannot determine whether the claim is supported.",
)


def _rationale(ch: Chooser, truth: Truth, statement: str) -> str:
    return f"Let's think step by step. {_reason(ch, truth, statement)} {_of(truth, _JUDGE_CONCLUSIONS)}"


@HELDOUT20
def databricks_judge_rationale(ch: Chooser) -> BlindOutput:
    """MLflow / Databricks built-in judges' output format, which GPT-4o, Claude and Llama keep to when a team runs
    the groundedness judge per claim: ``{"rationale": "Let's think step by step. ...", "result": "yes" | "no"}``
    (an undecided claim "unknown"), an object under each claim's label, one array with the claims, or JSONL."""
    d = Draw(ch, "databricks_judge_rationale", max_n=MAX_N)
    form = d.dim("judge_form", ("labelled", "array", "jsonl"))
    order = d.dim("judge_key_order", ("rationale_first", "rationale_first", "result_first"))
    label = d.dim("judge_label", ("Claim {k}: {s}", "Claim {k}", '**Claim {k}:** "{b}"'))
    indent = _indent(d) if form != "jsonl" else None
    objects = []
    for i, statement, truth in d.items():
        rationale = _rationale(ch, truth, statement)
        result = _of(truth, ("yes", "no", "unknown"))
        pair: dict[str, Any] = {"rationale": rationale, "result": result}
        if order == "result_first":
            pair = {"result": result, "rationale": rationale}
        if form == "array":
            pair = {"claim": statement, **pair}
        elif form == "jsonl":
            pair = {"claim_id": i + 1, **pair}
        objects.append(pair)
    if form == "labelled":
        body = "\n\n".join(
            label.format(k=i + 1, s=s, b=_bare(s)) + "\n" + _dumps(obj, indent)
            for (i, s, _t), obj in zip(d.items(), objects, strict=True)
        )
        return d.done(d.frame(body))
    if form == "array":
        return d.done(_wrapped_json(d, _dumps(objects, indent)))
    return d.done("\n".join(_dumps(obj) for obj in objects))


# ----------------------------------------------------------------- 8. mlflow_feedback_reprs

_RATINGS = ("YES", "NO", "UNKNOWN")


@HELDOUT20
def mlflow_feedback_reprs(ch: Chooser) -> BlindOutput:
    """What MLflow 3 keeps of a per-claim groundedness judge: ``Feedback(...)`` reprs printed one per claim
    (``value=<CategoricalRating.YES: 'yes'>``, ``CategoricalRating.UNKNOWN`` where the judge could not decide),
    the assessments as JSON (``"feedback": {"value": "no"}``), or the evaluation results' rows with their
    ``response/llm_judged/groundedness/rating`` and ``.../rationale`` columns."""
    d = Draw(ch, "mlflow_feedback_reprs", max_n=MAX_N)
    form = d.dim("mlflow_form", ("feedback_repr", "assessments", "result_rows"))
    name = d.dim("mlflow_name", ("groundedness", "retrieval_groundedness", "claim_grounded"))
    enum = d.flag("mlflow_enum_repr", weight_off=1)
    source = d.dim("mlflow_source", ("databricks", "openai:/gpt-4o-mini", "anthropic:/claude-3-5-sonnet"))
    lines: list[str] = []
    records: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        rating = _of(truth, _RATINGS)
        value = rating.lower()
        rationale = _rationale(ch, truth, statement)
        if form == "feedback_repr":
            shown = f"<CategoricalRating.{rating}: '{value}'>" if enum else repr(value)
            lines.append(
                f"Feedback(name={name!r}, value={shown}, rationale={rationale!r}, "
                f"source=AssessmentSource(source_type='LLM_JUDGE', source_id={source!r}), "
                f"metadata={{'claim_index': {i}}})"
            )
        elif form == "assessments":
            records.append({
                "assessment_name": name,
                "feedback": {"value": value},
                "rationale": rationale,
                "source": {"source_type": "LLM_JUDGE", "source_id": source},
                "metadata": {"claim": statement},
            })  # fmt: skip
        else:
            records.append({
                "request_id": f"claim-{i + 1}",
                "request": statement,
                "response/llm_judged/groundedness/rating": value,
                "response/llm_judged/groundedness/rationale": rationale,
            })  # fmt: skip
    if form == "feedback_repr":
        return d.done("\n".join(lines))
    return d.done(_dumps(records, _indent(d)))


# ----------------------------------------------------------------- 9. opik_claim_scores

_OPIK_LEGENDS: tuple[str, ...] = (
    "Opik hallucination scores per claim (1.0 = hallucination detected, 0.0 = no hallucination).",
    "Hallucination metric, one result per claim. A score of 1 means the claim is hallucinated (not supported by "
    "the context); a score of 0 means it is not.",
    "Scores follow Opik's Hallucination metric: 0 = faithful to the CONTEXT, 1 = hallucination.",
)
_OPIK_REASONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("The OUTPUT's claim is stated in the CONTEXT.", "The claim agrees with the CONTEXT; nothing is added."),
    (
        "The CONTEXT says something different, so this claim is a hallucination.",
        "The claim introduces information that is not in the CONTEXT.",
    ),
    (
        "I cannot determine from the CONTEXT whether this claim is a hallucination.",
        "The CONTEXT is ambiguous on this claim, so no score is given.",
    ),
)


@HELDOUT20
def opik_claim_scores(ch: Chooser) -> BlindOutput:
    """Opik's Hallucination metric run per claim (GPT-4o by default, or any LiteLLM model): JSON with ``score``
    (1.0 = hallucinated, 0.0 = not, the inverse of a support verdict) and ``reason`` as a list of strings, the
    scale always stated (a legend before or after, or a ``scale`` key); a claim the judge could not score holds
    ``"score": null``."""
    d = Draw(ch, "opik_claim_scores", max_n=MAX_N)
    form = d.dim("opik_form", ("list", "keyed", "claims_key"))
    ints = d.flag("opik_int_scores", weight_off=2)
    legend_where = d.dim("opik_legend_where", ("before", "after", "key"))
    legend = d.dim("opik_legend", _OPIK_LEGENDS)
    claim_key = d.flag("opik_claim_key", weight_off=1)
    items: list[dict[str, Any]] = []
    for _i, statement, truth in d.items():
        score: float | int | None = None if truth is None else (0.0 if truth else 1.0)
        if ints and score is not None:
            score = int(score)
        item: dict[str, Any] = {"claim": statement} if claim_key else {}
        item["score"] = score
        item["reason"] = [ch.pick("opik_reason", _of(truth, _OPIK_REASONS))]
        items.append(item)
    body: Any
    if form == "list":
        body = items
    elif form == "keyed":
        body = {f"claim_{i + 1}": item for i, item in enumerate(items)}
    else:
        body = {"claims": items}
    if legend_where == "key":
        scale = "1.0 = hallucination (claim not supported by the context), 0.0 = no hallucination"
        body = {"scale": scale, "results": body} if isinstance(body, list) else {"scale": scale, **body}
    text = _dumps(body, _indent(d))
    if legend_where == "before":
        return d.done(d.frame(f"{legend[:-1]}:\n\n{text}", preface=False, tally=False))
    if legend_where == "after":
        return d.done(d.frame(f"{text}\n\n{legend}", preface=False, tally=False))
    return d.done(_wrapped_json(d, text))


# ----------------------------------------------------------------- 10. uptrain_fact_judgements


@HELDOUT20
def uptrain_fact_judgements(ch: Chooser) -> BlindOutput:
    """UpTrain's factual-accuracy evaluation step as its prompt asks: a JSON list (or ``{"Result": [...]}``)
    with a ``Fact`` (numbered "1. ..." as UpTrain's fact-generation step writes them), a ``Reasoning`` in the
    chain-of-thought variant, and a ``Judgement`` of "yes", "no" or "unclear"."""
    d = Draw(ch, "uptrain_fact_judgements", max_n=MAX_N)
    cot = d.flag("uptrain_reasoning", weight_off=1)
    wrapper = d.dim("uptrain_wrapper", ("list", "result_key"))
    numbered = d.flag("uptrain_numbered_facts", weight_off=1)
    title = d.flag("uptrain_title_judgement", weight_off=3)
    items = []
    for i, statement, truth in d.items():
        fact = f"{i + 1}. {statement}" if numbered else statement
        judgement = _of(truth, ("yes", "no", "unclear"))
        item = {"Fact": fact}
        if cot:
            item["Reasoning"] = _reason(ch, truth, statement)
        item["Judgement"] = judgement.title() if title else judgement
        items.append(item)
    text = _dumps(items if wrapper == "list" else {"Result": items}, _indent(d, ("4", "2")))
    return d.done(_wrapped_json(d, text))


# ----------------------------------------------------------------- 11. giskard_eval_passed

_GISKARD_REQUIREMENTS: tuple[str, ...] = (
    "Requirement: the claim must be supported by the retrieved context.",
    'Requirement checked for each claim: "The claim is grounded in the context and adds no outside facts."',
    "Evaluating each claim against the requirement that it is supported by the context.",
)


@HELDOUT20
def giskard_eval_passed(ch: Chooser) -> BlindOutput:
    """Giskard's LLM evaluators' answer format (``{"eval_passed": true, "reason": ...}``), written by the judge
    model once per claim against the requirement "the claim is supported by the context": objects under claim
    labels, a list with the claims, or JSONL; ``"eval_passed": null`` where the judge could not decide."""
    d = Draw(ch, "giskard_eval_passed", max_n=MAX_N)
    form = d.dim("giskard_form", ("labelled", "list", "jsonl"))
    requirement = d.flag("giskard_requirement", weight_off=1)
    order = d.dim("giskard_key_order", ("passed_first", "reason_first"))
    objects = []
    for _i, statement, truth in d.items():
        reason = _reason(ch, truth, statement)
        pair: dict[str, Any] = {"eval_passed": truth, "reason": reason}
        if order == "reason_first":
            pair = {"reason": reason, "eval_passed": truth}
        objects.append(pair)
    if form == "labelled":
        indent = _indent(d)
        body = "\n\n".join(f"Claim {i + 1}: {s}\n{_dumps(obj, indent)}" for (i, s, _t), obj in
                           zip(d.items(), objects, strict=True))  # fmt: skip
    elif form == "list":
        body = _dumps([{"claim": s, **obj} for (_i, s, _t), obj in zip(d.items(), objects, strict=True)], _indent(d))
    else:
        body = "\n".join(_dumps({"claim_id": i + 1, **obj}) for (i, _s, _t), obj in zip(d.items(), objects,
                                                                                          strict=True))  # fmt: skip
    if requirement:
        body = ch.pick("giskard_requirement_text", _GISKARD_REQUIREMENTS) + "\n\n" + body
    return d.done(d.frame(body, preface=False) if form == "labelled" else body)


# ----------------------------------------------------------------- 12. langsmith_eval_results

_COMMENTS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("Grounded: the retrieved documents state this.", "The claim is supported by the retrieved documents."),
    ("Not grounded: the retrieved documents say something different.", "The documents do not support this claim."),
    ("Could not determine groundedness: the documents are ambiguous on this.",
     "Unable to decide; the documents neither support nor contradict this claim."),
)  # fmt: skip


@HELDOUT20
def langsmith_eval_results(ch: Chooser) -> BlindOutput:
    """LangSmith evaluator feedback for a per-claim groundedness evaluator: the ``{"results": [{"key", "score",
    "comment"}]}`` a multi-result evaluator returns, openevals' ``{"key": "rag_groundedness", "score": true,
    "comment": ...}`` per claim, or ``EvaluationResult(...)`` reprs; ``score`` None / null where the judge
    could not decide (its comment says so)."""
    d = Draw(ch, "langsmith_eval_results", max_n=MAX_N)
    form = d.dim("langsmith_form", ("results", "openevals", "repr"))
    key = d.dim("langsmith_key", ("claim_{k}_grounded", "groundedness_claim_{k}", "groundedness"))
    results: list[dict[str, Any]] = []
    lines = []
    for i, statement, truth in d.items():
        comment = ch.pick("langsmith_comment", _of(truth, _COMMENTS))
        if form == "results":
            score: Any = None if truth is None else int(truth)
            results.append({"key": key.format(k=i + 1), "score": score, "comment": comment})
        elif form == "openevals":
            results.append({"key": "rag_groundedness", "claim": statement, "score": truth, "comment": comment})
        else:
            score = None if truth is None else int(truth)
            lines.append(
                f"EvaluationResult(key={key.format(k=i + 1)!r}, score={score}, value=None, comment={comment!r}, "
                "correction=None, evaluator_info={}, feedback_config=None, source_run_id=None, target_run_id=None, "
                "extra=None)"
            )
    if form == "repr":
        return d.done("\n".join(lines))
    body: Any = {"results": results} if form == "results" else results
    return d.done(_dumps(body, _indent(d)))


# ----------------------------------------------------------------- 13. azure_groundedness_tags

_AZURE_THRESHOLDS: tuple[str, ...] = (
    "Groundedness is rated 1-5 per claim (Azure AI Evaluation); threshold 3: a score of 3 or more passes, "
    "below 3 fails.",
    "(GroundednessEvaluator, threshold=3: pass at 3 and above.)",
    "Scale: 1 = ungrounded ... 5 = fully grounded. Pass threshold: 3.",
)
_AZURE_EXPLANATIONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("The claim is fully grounded in the context.", "The claim accurately conveys what the context says."),
    ("The claim includes information that is not in the context.", "The claim contradicts the context."),
    ("I cannot determine whether the claim is grounded; the context is ambiguous.",
     "Not enough information in the context to rate this claim."),
)  # fmt: skip


@HELDOUT20
def azure_groundedness_tags(ch: Chooser) -> BlindOutput:
    """Azure AI Evaluation's groundedness prompty answered per claim by GPT-4o / GPT-4o-mini: ``<S0>Let's think step
    by step: ...</S0> <S1>explanation</S1> <S2>score</S2>`` on the 1-5 scale, the threshold (3) stated, a
    ``groundedness_result`` line a wrapper adds; or the evaluator's result dicts (``groundedness``,
    ``groundedness_result``: pass / fail, ``groundedness_threshold``). Supported claims score 4 or 5,
    unsupported ones 1 or 2; a claim the judge could not rate has "N/A" or null and no result."""
    d = Draw(ch, "azure_groundedness_tags", max_n=MAX_N)
    form = d.dim("azure_form", ("tags", "tags", "result_dicts"))
    threshold = d.dim("azure_threshold_line", _AZURE_THRESHOLDS)
    if form == "result_dicts":
        dicts = []
        for _i, _statement, truth in d.items():
            score = None if truth is None else float(ch.pick("azure_score", (4, 5) if truth else (1, 2)))
            dicts.append({
                "groundedness": score,
                "gpt_groundedness": score,
                "groundedness_reason": ch.pick("azure_explanation", _of(truth, _AZURE_EXPLANATIONS)),
                "groundedness_result": _of(truth, ("pass", "fail", None)),
                "groundedness_threshold": 3,
            })  # fmt: skip
        return d.done(f"{threshold}\n\n{_dumps(dicts, _indent(d))}")
    one_line = d.flag("azure_one_line", weight_off=1)
    result_line = d.flag("azure_result_line", weight_off=1)
    head = d.dim("azure_head", ("Claim {k}: {s}", "## Claim {k}", "[{k}] {s}"))
    blocks = []
    for i, statement, truth in d.items():
        rating = "N/A" if truth is None else str(ch.pick("azure_score", (4, 5) if truth else (1, 2)))
        tags = [
            f"<S0>Let's think step by step: {_reason(ch, truth, statement)}</S0>",
            f"<S1>{ch.pick('azure_explanation', _of(truth, _AZURE_EXPLANATIONS))}</S1>",
            f"<S2>{rating}</S2>",
        ]
        block = head.format(k=i + 1, s=statement) + "\n" + (" ".join(tags) if one_line else "\n".join(tags))
        if result_line:
            block += "\n" + _of(truth, ("groundedness_result: pass", "groundedness_result: fail",
                                        "groundedness_result: (none, not rated)"))  # fmt: skip
        blocks.append(block)
    return d.done(d.frame(f"{threshold}\n\n" + "\n\n".join(blocks), preface=False))


# ----------------------------------------------------------------- 14. vertex_groundedness_rows

_VERTEX_RUBRICS: tuple[str, ...] = (
    "groundedness rubric: 1 = fully grounded in the context, 0 = not fully grounded",
    "Rating rubric: 1 (Fully grounded): all of the claim is attributable to the context. 0 (Not fully grounded).",
    "score 1.0 = grounded, 0.0 = ungrounded (Vertex AI pointwise groundedness)",
)
_VERTEX_EXPLANATIONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("The claim is attributable to the context.", "Every part of the claim appears in the context."),
    ("The claim is not attributable to the context.", "Part of the claim is absent from the context."),
    ("The autorater could not decide whether the claim is attributable to the context.",
     "The context is ambiguous for this claim; no score was given."),
)  # fmt: skip


@HELDOUT20
def vertex_groundedness_rows(ch: Chooser) -> BlindOutput:
    """Vertex AI's Gen AI evaluation ``metrics_table`` for a per-claim run of the pointwise groundedness metric
    (1 grounded, 0 not, the rubric stated): ``to_markdown()`` (NaN printed "nan" where no score was given),
    ``to_json(orient="records")`` (pandas escapes the slash: ``groundedness\\/score``), or one
    ``groundedness/score`` / ``groundedness/explanation`` pair per claim."""
    d = Draw(ch, "vertex_groundedness_rows", max_n=MAX_N)
    form = d.dim("vertex_form", ("markdown", "records", "pairs"))
    rubric = d.dim("vertex_rubric", _VERTEX_RUBRICS)
    explanations = [ch.pick("vertex_explanation", _of(t, _VERTEX_EXPLANATIONS)) for _i, _s, t in d.items()]
    scores: list[float | None] = [None if t is None else float(t) for t in d.truth]
    if form == "markdown":
        rows = [
            [s, "nan" if score is None else f"{score:g}", e]
            for (_i, s, _t), score, e in zip(d.items(), scores, explanations, strict=True)
        ]
        body = _markdown_frame(
            ["response", "groundedness/score", "groundedness/explanation"], rows, numeric=("groundedness/score",)
        )
    elif form == "records":
        records = [
            {"response": s, "groundedness/score": score, "groundedness/explanation": e}
            for (_i, s, _t), score, e in zip(d.items(), scores, explanations, strict=True)
        ]
        body = json.dumps(records, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/")
    else:
        pairs = []
        for (i, s, _t), score, e in zip(d.items(), scores, explanations, strict=True):
            shown = "NaN" if score is None else str(score)
            pairs.append(f"[{i}] {s}\ngroundedness/score: {shown}\ngroundedness/explanation: {e}")
        body = "\n\n".join(pairs)
    return d.done(f"{rubric}\n\n{body}")


# ----------------------------------------------------------------- 15. minicheck_probabilities

_CHECKERS = {
    # name: (the probability's name, the rule)
    "bespoke": ("raw_prob", "Bespoke-MiniCheck-7B"),
    "minicheck": ("raw_prob", "MiniCheck-Flan-T5-Large"),
    "alignscore": ("alignscore", "AlignScore-large"),
}
_MINICHECK_LABELS = {
    "words": ("supported", "unsupported", "abstain"),
    "binary": ("1", "0", "abstain"),
    "yes_no": ("Yes", "No", "abstain"),
}


@HELDOUT20
def minicheck_probabilities(ch: Chooser) -> BlindOutput:
    """A team's fact-checker script over Bespoke-MiniCheck, MiniCheck or AlignScore, one claim per row: the
    probability the checker gives (``raw_prob`` / ``alignscore``) and the label it maps to by the threshold the
    header states (0.5), claims inside the team's abstain band labelled "abstain" (the band stated too)."""
    d = Draw(ch, "minicheck_probabilities", max_n=MAX_N)
    checker = d.dim("checker", tuple(_CHECKERS))
    prob_name, model = _CHECKERS[checker]
    labels = _MINICHECK_LABELS[d.dim("checker_labels", tuple(_MINICHECK_LABELS))]
    band = d.dim("abstain_band", ("0.4-0.6", "0.45-0.55", "0.35-0.65"))
    low, high = (round(float(x) * 100) for x in band.split("-"))
    form = d.dim("checker_form", ("table", "lines", "tsv"))
    header = (
        f"# {model}: {labels[0]} if {prob_name} >= 0.5, {labels[1]} below; "
        f"{prob_name} inside [{band.replace('-', ', ')}] -> {labels[2]} (no label)"
    )
    rows = []
    for i, statement, truth in d.items():
        if truth is True:
            p = ch.integer("prob", (high + 1) * 100, 9999) / 10000
        elif truth is False:
            p = ch.integer("prob", 1, (low - 1) * 100) / 10000
        else:
            p = ch.integer("prob", (low + 1) * 100, (high - 1) * 100) / 10000
        rows.append((i + 1, statement, f"{p:.4f}", _of(truth, labels)))
    if form == "table":
        lines = [f"| claim | {prob_name} | label |", "|---|---|---|"]
        lines += [f"| {s} | {p} | {lab} |" for _k, s, p, lab in rows]
    elif form == "lines":
        lines = [f"claim {k}: {prob_name}={p}  label={lab}" for k, _s, p, lab in rows]
    else:
        lines = [f"claim_id\tclaim\t{prob_name}\tlabel"] + [f"{k}\t{s}\t{p}\t{lab}" for k, s, p, lab in rows]
    return d.done(header + "\n" + "\n".join(lines))


# ----------------------------------------------------------------- 16. geval_statement_scores

_GEVAL_STEPS = (
    "Evaluation Steps:\n"
    "1. Read the retrieval context and note the facts it states.\n"
    "2. For each statement, check whether those facts support it.\n"
    "3. Assign a score: high when the statement is fully supported, low when it is contradicted or absent."
)
_GEVAL_FORMS = ("deepeval_json", "weighted_lines", "table")


@HELDOUT20
def geval_statement_scores(ch: Chooser) -> BlindOutput:
    """G-Eval style per-statement faithfulness scores: DeepEval's ``GEval`` answer (``{"score": 0-10, "reason":
    ...}``, threshold 0.5 on the score over 10), the G-Eval paper's probability-weighted 1-5 scores after the
    generated evaluation steps (threshold 3), or a table with a threshold and a pass column; every output states
    its threshold, and a statement the judge could not score holds null / N/A."""
    d = Draw(ch, "geval_statement_scores", max_n=MAX_N)
    form = d.dim("geval_form", _GEVAL_FORMS)
    steps = d.flag("geval_steps", weight_off=1)
    if form == "deepeval_json":
        parts = []
        indent = _indent(d)
        for i, statement, truth in d.items():
            score = None if truth is None else ch.integer("geval_score", *((7, 10) if truth else (0, 3)))
            obj = {"score": score, "reason": _reason(ch, truth, statement)}
            parts.append(f"Statement {i + 1}:\n{_dumps(obj, indent)}")
        note = "GEval (Faithfulness), threshold 0.5: a statement passes when score / 10 >= 0.5."
        body = note + "\n\n" + "\n\n".join(parts)
    elif form == "weighted_lines":
        lines = []
        for i, statement, truth in d.items():
            if truth is None:
                shown = "N/A (not scored: the context is ambiguous)"
            else:
                value = ch.integer("geval_weighted", 400, 500) if truth else ch.integer("geval_weighted", 100, 220)
                shown = f"{value / 100:.2f}"
            lines.append(f'{i + 1}. "{_bare(statement)}" - Faithfulness (1-5): {shown}')
        body = "Threshold: 3.0 (a statement scoring 3.0 or more is faithful).\n" + "\n".join(lines)
    else:
        rows = ["| # | Statement | G-Eval score (1-5) | Threshold | Pass |", "|---|---|---|---|---|"]
        for i, statement, truth in d.items():
            score_text = "N/A" if truth is None else str(ch.pick("geval_int", (4, 5) if truth else (1, 2)))
            rows.append(f"| {i + 1} | {statement} | {score_text} | 3 | {_of(truth, ('yes', 'no', 'not scored'))} |")
        body = "\n".join(rows)
    if steps:
        body = f"{_GEVAL_STEPS}\n\n{body}"
    return d.done(d.frame(body, preface=False))


# ----------------------------------------------------------------- 17. wrapper_summary_table

_SOURCES = {
    # name: (source line, the framework's word for supported / not supported / undecided)
    "deepeval": ("deepeval FaithfulnessMetric verdicts", ("yes", "no", "idk")),
    "phoenix": ("phoenix HALLUCINATION_PROMPT labels", ("factual", "hallucinated", "NOT_PARSABLE")),
    "uptrain": ("uptrain factual_accuracy judgements", ("yes", "no", "unclear")),
    "opik": ("opik Hallucination score (1.0 = hallucinated)", ("0.0", "1.0", "null")),
    "trulens": ("trulens groundedness score out of 10 (grounded if >= 7)", ("", "", "N/A")),
}
_MAPPED = {
    "words": ("supported", "not supported", "undecided"),
    "emoji": ("✅ supported", "❌ not supported", "➖ undecided"),
    "bool": ("True", "False", "None"),
}


@HELDOUT20
def wrapper_summary_table(ch: Chooser) -> BlindOutput:
    """A team's own migration wrapper: it turns one framework's per-claim output (DeepEval, Phoenix, UpTrain,
    Opik, TruLens) into a summary table with the framework's raw value beside the wrapper's supported column,
    in markdown, tabulate's "simple" format or CSV, and a count line that counts undecided claims as not
    supported."""
    d = Draw(ch, "wrapper_summary_table", max_n=MAX_N)
    source = d.dim("wrapper_source", tuple(_SOURCES))
    line, raw_words = _SOURCES[source]
    mapped = _MAPPED[d.dim("wrapper_mapped", tuple(_MAPPED))]
    style = d.dim("wrapper_style", ("markdown", "simple", "csv"))
    judge = d.dim("wrapper_judge", ("gpt-4o-mini", "gpt-4o", "claude-3-5-haiku", "llama3.1:70b"))
    rows = []
    for i, statement, truth in d.items():
        raw = _of(truth, raw_words)
        if source == "trulens" and truth is not None:
            raw = str(ch.integer("wrapper_score", 7, 10) if truth else ch.integer("wrapper_score", 0, 3))
        rows.append([str(i + 1), statement, raw, _of(truth, mapped)])
    headers = ["#", "claim", f"{source} value", "supported"]
    if style == "markdown":
        table = "\n".join(
            ["| " + " | ".join(headers) + " |", "|---|---|---|---|"] + ["| " + " | ".join(r) + " |" for r in rows]
        )
    elif style == "simple":
        widths = [max(len(headers[j]), *(len(r[j]) for r in rows)) for j in range(4)]
        fmt = [str.rjust, str.ljust, str.ljust, str.ljust]
        table = "\n".join(
            ["  ".join(f(h, w) for f, h, w in zip(fmt, headers, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
            + ["  ".join(f(c, w) for f, c, w in zip(fmt, r, widths, strict=True)).rstrip() for r in rows]
        )  # fmt: skip
    else:
        table = "\n".join([",".join(headers)] + [",".join(f'"{c}"' if "," in c else c for c in r) for r in rows])
    undecided = sum(1 for t in d.truth if t is None)
    count = f"supported: {d.supported}/{d.n}"
    if undecided:
        count += f" ({undecided} undecided, counted as not supported)"
    head = f"Faithfulness per claim, converted from {line}; judge: {judge}"
    return d.done(f"{head}\n\n{table}\n\n{count}")


# ----------------------------------------------------------------- 18. framework_refusals

_FRAMEWORK_REFUSALS: tuple[str, ...] = (
    '{{"verdicts": [], "error": "I cannot produce verdicts: the retrieval context is empty, so there is nothing to '
    'check the {n} claim{pl} against."}}',
    "I'm sorry, but I can't generate the verdicts JSON: no retrieval context was provided for the claims.",
    "Statement Sentence: (all)\nSupporting Evidence: I cannot evaluate the information overlap because the SOURCE "
    "is empty.\nScore: none given",
    "EXPLANATION: The reference text is empty, so I am unable to say whether any claim is factual or "
    "hallucinated.\nLABEL: none (cannot classify)",
    '{{"rationale": "Let\'s think step by step. The retrieved context is empty, so I cannot check any claim '
    'against it.", "result": null}}',
    '{{"score": null, "reason": ["I cannot assess hallucination because the CONTEXT is empty."]}}',
    "<S0>Let's think step by step: the CONTEXT section is empty.</S0>\n<S1>I'm unable to rate groundedness "
    "without a context.</S1>\n<S2></S2>",
    '{{"eval_passed": null, "reason": "Unable to evaluate: no context was given to check the claims against."}}',
    "Sorry, I can't grade groundedness for these {n} claim{pl}: the retrieved documents are missing from the prompt.",
    "As an AI language model, I cannot judge whether these claims are grounded without the source documents.",
    '{{"Result": [], "Error": "Unable to judge the facts: the [Context] section is empty."}}',
    "EvaluationResult(key='groundedness', score=None, value=None, comment='Unable to grade: no retrieved documents "
    "were provided, so I cannot judge these claims.', correction=None, evaluator_info={{}}, feedback_config=None, "
    "source_run_id=None, target_run_id=None, extra=None)",
    "groundedness/score: NaN\ngroundedness/explanation: I cannot evaluate groundedness: the context for these "
    "claims is empty.",
)


@HELDOUT20
def framework_refusals(ch: Chooser) -> BlindOutput:
    """The judge declines in the framework's own shape (DeepEval's empty verdicts with an error, TruLens's template
    with no score, Phoenix's EXPLANATION with no label, MLflow's null result, Opik's null score, Azure's empty
    ``<S2>``, Giskard's null ``eval_passed``) or in plain words, because the context never reached it."""
    d = Draw(ch, "framework_refusals", max_n=MAX_N, unknowns=False)
    text = d.dim("refusal_text", _FRAMEWORK_REFUSALS).format(n=d.n, pl=_pl(d.n))
    if d.flag("refusal_fenced", weight_off=3) and text.startswith("{"):
        text = f"```json\n{text}\n```"
    if d.flag("refusal_think", weight_off=3):
        text = "<think>\nThe context is empty, so there is nothing to check the claims against.\n</think>\n\n" + text
    return d.refused(text)
