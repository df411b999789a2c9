"""A FORTIETH HELD-OUT set of blind layouts: judges fine-tuned for evaluation, in the formats they were trained on.

Run it (``python -m tests.scoring.blind.measure --set heldout40``); do not read it while
developing the reader. Written from what teams store as call 2's output when they replace a
general model by an open evaluator model served on their own endpoint (vLLM, TGI, Ollama, a
transformers script), prompted with one claim per call (a script then joins the per-call
outputs into one stored text, under headers such as "### claim 2", "--- call 3 of 4 ---" or
"[item 1/3]") or with the whole list: Prometheus 2 in absolute grading ("Feedback: ... So the
overall score is 4. [RESULT] 4", now and then "[END]" or "</s>" after it, the 1-5 rubric copied
back before the feedback; a binary rubric answered "[RESULT] PASS" or "[RESULT] 1"; the whole
prompt template decoded with the answer), Patronus Lynx (``{"REASONING": [...], "SCORE":
"PASS"}``), Flow-Judge (``<feedback>...</feedback>`` ``<score>1</score>`` on a binary, 3-point
or 5-point rubric), Atla Selene Mini ("**Reasoning:** ... **Result:** Yes", or a 1-5 score),
Patronus Glider (``<reasoning>``, ``<highlight>`` and ``<score>`` tags), Auto-J and CritiqueLLM
("Rating: [[8]]" on 1-10 with the team's cut, "[[Yes]]"), MiniCheck and Bespoke-MiniCheck
(labels and support probabilities as a Python session prints them), Vectara's HHEM-2.1
("consistent" / "hallucinated", with the pipeline's label scores or the consistency score),
IBM Granite Guardian's groundedness risk (Yes = risk, i.e. not grounded), a primary judge and
its fallback answering on different scales in one run, a rubric legend the model copies back
before (and after, or before each of) its scores, the glue's JSONL records of every call, and
the judges declining the whole task.

Each layout draws ``_draw``'s statements and call 1 (1 to 10 statements), undecided items, and
casing where a word is written. Only outputs a careful person reads without doubt are drawn:
every score is read through the scale the output itself states (a legend or rubric from the
team's script or copied back by the model, a header per call), never a 1-5 or 1-10 score
without it; where 1 means supported for one judge and 5 for another (or the rubric measures
hallucination, 1 = none), each is stated beside it; supported and not-supported scores sit
on levels the rubric names as such, never on a "partly" level; every band a team's script
uses for probabilities is stated, and no raw label that disagrees with the band's decision is
printed beside it; every polarity that runs the other way (Granite Guardian's risk, HHEM's
"hallucinated") is stated in the output. An undecided item is one the judge says cannot be
determined (a rubric level, a word or a band named so); a person counts it as not supported.
Every count in a glue footer agrees with the verdicts. The refusal layout gives no score at
all: the judge declines the whole task.

    HELDOUT40.draw(RandomChooser(random.Random(7)))     # one output, layout chosen uniformly
    heldout40_outputs(layout="lynx_reasoning_score")    # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, Draw, LayoutSet, cased
from tests.scoring.graders import Chooser, Truth

HELDOUT40 = LayoutSet("heldout40")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

T = TypeVar("T")


def heldout40_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the fortieth held-out set (one layout when named)."""
    return HELDOUT40.strategy(layout)


def _of(truth: Truth, options: Sequence[T]) -> T:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int) -> str:
    return "" if count == 1 else "s"


def _counts(d: Draw) -> tuple[int, int, int]:
    """(supported, not supported, undetermined)."""
    return (
        sum(1 for t in d.truth if t is True),
        sum(1 for t in d.truth if t is False),
        sum(1 for t in d.truth if t is None),
    )


# ----------------------------------------------------------------- scales


@dataclass(frozen=True)
class Scale:
    """A rubric as the team wrote it: its question, its levels, and which levels mean what."""

    name: str
    criterion: str
    levels: tuple[tuple[int, str], ...]
    yes: tuple[int, ...]
    no: tuple[int, ...]
    unknown: tuple[int, ...]

    @property
    def has_unknown(self) -> bool:
        return bool(self.unknown)

    @property
    def top(self) -> int:
        return max(k for k, _ in self.levels)

    def score(self, ch: Chooser, truth: Truth) -> int:
        options = _of(truth, (self.yes, self.no, self.unknown))
        if not options:
            raise AssertionError(f"scale {self.name} has no level for {truth!r}")
        return ch.pick("score", options)

    def legend(self, style: str) -> str:
        """The rubric written out: Prometheus's ``[criterion]`` and ``Score k:`` lines, or another style."""
        if style == "prometheus":
            return "\n".join([f"[{self.criterion}]", *(f"Score {k}: {text}" for k, text in self.levels)])
        if style == "tags":
            return "\n".join(["<rubric>", *(f"- Score {k}: {text}" for k, text in self.levels), "</rubric>"])
        if style == "yaml":
            return "\n".join(["rubric:", *(f'  {k}: "{text}"' for k, text in self.levels)])
        if style == "bare":
            return "\n".join(f"{k}: {text}" for k, text in self.levels)
        return "; ".join(f"{k} = {text[:1].lower()}{text[1:].rstrip('.')}" for k, text in self.levels)


_CRITERION = "Is the claim supported by the context?"

SUPPORT_5 = Scale(
    "1-5",
    _CRITERION,
    (
        (1, "The claim is contradicted by the context or absent from it."),
        (2, "The claim is not supported: the context only mentions related facts."),
        (3, "It cannot be determined from the context whether the claim holds."),
        (4, "The claim is supported by the context, in slightly different words."),
        (5, "The claim is fully and explicitly supported by the context."),
    ),
    (4, 5),
    (1, 2),
    (3,),
)
SEVERITY_5 = Scale(
    "1-5 severity",
    "How much of the claim is hallucinated, i.e. not backed by the context?",
    (
        (1, "None: the claim is fully and explicitly supported by the context."),
        (2, "Negligible: the claim is supported by the context, in slightly different words."),
        (3, "Undeterminable: it cannot be determined from the context whether the claim holds."),
        (4, "Major: the claim is not supported; the context only mentions related facts."),
        (5, "Complete: the claim is contradicted by the context or absent from it."),
    ),
    (1, 2),
    (4, 5),
    (3,),
)
THREE = Scale(
    "1-3",
    _CRITERION,
    (
        (1, "The claim is not supported by the context."),
        (2, "The context does not allow a decision: it cannot be determined whether the claim holds."),
        (3, "The claim is supported by the context."),
    ),
    (3,),
    (1,),
    (2,),
)
ZERO_TWO = Scale(
    "0-2",
    _CRITERION,
    (
        (0, "The claim is not supported by the context."),
        (1, "It cannot be determined from the context whether the claim holds."),
        (2, "The claim is supported by the context."),
    ),
    (2,),
    (0,),
    (1,),
)
BINARY = Scale(
    "0-1",
    _CRITERION,
    ((0, "The claim is not supported by the context."), (1, "The claim is supported by the context.")),
    (1,),
    (0,),
    (),
)
SCALES: dict[str, Scale] = {"1-5": SUPPORT_5, "1-5 severity": SEVERITY_5, "1-3": THREE, "0-2": ZERO_TWO, "0-1": BINARY}

# ----------------------------------------------------------------- what the judges write

_FEEDBACK: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        'The claim "{b}" is stated directly in the context, with the same details.',
        "The context says exactly what the claim says; every detail can be traced to it.",
        "The context confirms the claim in nearly the same words, so the claim is fully grounded.",
        'The context explicitly states "{b}", and the response adds nothing beyond it.',
    ),
    (
        'The claim "{b}" is not mentioned anywhere in the context.',
        "The context gives different details from the claim, so the claim is not grounded in it.",
        "Nothing in the context backs this claim up; it adds facts that are absent from the context.",
        'The context contradicts the claim "{b}".',
    ),
    (
        'The context touches on "{b}" only vaguely, so whether the claim holds cannot be determined.',
        "The context neither confirms nor contradicts the claim; it cannot be determined either way.",
        "The context is ambiguous on this point, so the claim can be neither confirmed nor ruled out.",
    ),
)


def _feedback(ch: Chooser, truth: Truth, statement: str) -> str:
    return ch.pick("feedback", _of(truth, _FEEDBACK)).format(b=_bare(statement))


# Reasoning bullets of Lynx-like judges (QUESTION / DOCUMENT / ANSWER in their prompt).
_LYNX_CLAIM = ('The ANSWER claims: "{b}".', 'The ANSWER to evaluate is "{b}".')
_LYNX_BULLETS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "The DOCUMENT states this fact explicitly.",
        "The DOCUMENT contains the same information in nearly the same words.",
        "Every detail of the ANSWER appears in the DOCUMENT.",
    ),
    (
        "The DOCUMENT does not mention this at all.",
        "The DOCUMENT gives different information on this point.",
        "Nothing in the DOCUMENT backs up this detail.",
    ),
    (
        "The DOCUMENT touches on this topic but is ambiguous about it.",
        "The DOCUMENT neither confirms nor contradicts this.",
    ),
)
_LYNX_CLOSE: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("The ANSWER is faithful to the DOCUMENT.", "Nothing in the ANSWER goes beyond the DOCUMENT."),
    (
        "The ANSWER introduces information that is not in the DOCUMENT, which is a hallucination.",
        "The ANSWER is not faithful to the DOCUMENT.",
    ),
    (
        "Whether the ANSWER is faithful cannot be determined from the DOCUMENT.",
        "The DOCUMENT does not allow a decision either way.",
    ),
)


def _lynx_reasoning(ch: Chooser, truth: Truth, statement: str) -> list[str]:
    return [
        ch.pick("lynx_claim", _LYNX_CLAIM).format(b=_bare(statement)),
        ch.pick("lynx_bullet", _of(truth, _LYNX_BULLETS)),
        ch.pick("lynx_close", _of(truth, _LYNX_CLOSE)),
    ]


# ----------------------------------------------------------------- the glue around per-call outputs

_GLUE_HEADS: tuple[str, ...] = (
    "### claim {k}",
    "--- call {k} of {n} ---",
    "[item {k}/{n}]",
    "=== statement {k} / {n} ===",
    "## Claim {k} of {n}",
    "#### request {k}/{n}",
    "----- judge call {k}/{n} -----",
)
_GLUE_ECHOES: tuple[str, ...] = ("claim: {s}", "CLAIM: {s}", "> {s}", "response: {s}", "input claim: {s}")


def _glue(d: Draw) -> Callable[[int, str], str]:
    """The header a team's script writes above each call's output (the claim echoed under it, or not)."""
    head = d.dim("glue_head", _GLUE_HEADS)
    echo = d.dim("glue_echo", ("none", "none", *_GLUE_ECHOES))

    def header(i: int, statement: str) -> str:
        text = head.format(k=i + 1, n=d.n)
        if echo != "none":
            text += "\n" + echo.format(s=statement)
        return text

    return header


def _join(d: Draw, blocks: Sequence[str]) -> str:
    return d.dim("glue_join", ("\n\n", "\n\n", "\n")).join(blocks)


def _footer(d: Draw) -> str:
    """The script's summary of the run, agreeing with the verdicts (or none)."""
    form = d.dim("glue_footer", ("none", "none", "counts", "fraction", "done_line"))
    s, f, u = _counts(d)
    n = d.n
    if form == "counts":
        text = f"collected {n} result{_pl(n)}: {s} supported, {f} not supported"
        return text + (f", {u} undetermined" if u else "")
    if form == "fraction":
        text = f"faithfulness = {s}/{n} = {s / n:.2f}"
        return text + (" (undetermined counted as not supported)" if u else "")
    if form == "done_line":
        return f"done: {s} of {n} claim{_pl(n)} supported."
    return ""


_PER_CALL = "one claim per request"
_WHOLE_LIST = "all claims in one request"


def _run_line(d: Draw, model: str, note: str = _PER_CALL) -> str:
    form = d.dim(
        "run_line",
        (
            "none",
            "judge: {m} | {note}",
            "# {m} via vLLM (OpenAI-compatible endpoint), {note}",
            "Evaluator: {m} ({note})",
            "model={m} temperature=0.0 max_tokens=512",
        ),
    )
    return "" if form == "none" else form.format(m=model, note=note)


def _assemble(*parts: str) -> str:
    return "\n\n".join(part for part in parts if part)


_PROMETHEUS_MODELS = (
    "prometheus-eval/prometheus-7b-v2.0",
    "prometheus-eval/prometheus-8x7b-v2.0",
    "prometheus-7b-v2.0-AWQ",
)
_LYNX_MODELS = (
    "PatronusAI/Llama-3-Patronus-Lynx-8B-Instruct",
    "PatronusAI/Llama-3-Patronus-Lynx-70B-Instruct",
    "patronus-lynx:8b-instruct-q4_K_M",
)
_FLOW_MODELS = ("flowaicom/Flow-Judge-v0.1", "flow-judge:q4_k_m", "Flow-Judge-v0.1-AWQ")
_SELENE_MODELS = ("AtlaAI/Selene-1-Mini-Llama-3.1-8B", "atla-selene-mini (ollama)", "Selene-1-Mini-Llama-3.1-8B-AWQ")
_GLIDER_MODELS = ("PatronusAI/glider", "glider-3.8b (vLLM)", "PatronusAI/glider-gguf")


# ----------------------------------------------------------------- 1. prometheus_result_per_call

_SO_SENTENCES = (
    "So the overall score is {k}.",
    "So the overall score is {k}.",
    "This corresponds to a score of {k} in the rubric.",
    "Therefore, the score is {k}.",
    "",
)


@HELDOUT40
def prometheus_result_per_call(ch: Chooser) -> BlindOutput:
    """Prometheus 2 (7B, 8x7B) in absolute grading on the team's vLLM endpoint, one request per claim, the
    outputs joined by a script: "Feedback: ... So the overall score is 4. [RESULT] 4" (the score on the same
    line or the next, now and then "[END]" or "</s>" after it). The 1-5 rubric is stated by the script at the
    top or copied back by the model before each feedback (or both); it asks for support (5 = fully supported)
    or for hallucination severity (1 = none), and 3 is "cannot be determined"."""
    d = Draw(ch, "prometheus_result_per_call", max_n=MAX_N, plain_openers=True)
    scale = SCALES[d.dim("rubric_direction", ("1-5", "1-5", "1-5 severity"))]
    model = d.dim("judge_model", _PROMETHEUS_MODELS)
    where = d.dim("rubric_where", ("top", "copied", "both"))
    header = _glue(d)
    so = d.dim("so_sentence", _SO_SENTENCES)
    sep = d.dim("result_sep", (" ", "\n"))
    tail = d.dim("result_tail", ("", "", " [END]", "\n[END]", "</s>"))
    blocks = []
    for i, statement, truth in d.items():
        k = scale.score(ch, truth)
        closing = so.format(k=k)
        text = f"Feedback: {_feedback(ch, truth, statement)}" + (f" {closing}" if closing else "")
        text += f"{sep}[RESULT] {k}{tail}"
        if where != "top":
            text = scale.legend("prometheus") + "\n\n" + text
        blocks.append(f"{header(i, statement)}\n{text}")
    top = ""
    if where != "copied":
        run = _run_line(d, model) or f"judge: {model} (absolute grading)"
        top = f"{run}\nrubric:\n{scale.legend('prometheus')}"
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 2. prometheus_binary_whole_list

_BINARY_WORDS: dict[str, tuple[str, str, str]] = {
    "pass_fail": ("PASS", "FAIL", "N/A"),
    "one_zero": ("1", "0", "N/A"),
    "yes_no": ("Yes", "No", "Undetermined"),
}
_BINARY_RUBRICS: dict[str, str] = {
    "pass_fail": "[Is each claim supported by the context?]\nPASS: The claim is supported by the context.\n"
    "FAIL: The claim is not supported by the context.\nN/A: The context does not allow a decision.",
    "one_zero": "[Is each claim supported by the context?]\nScore 1: The claim is supported by the context.\n"
    "Score 0: The claim is not supported by the context.\nN/A: The context does not allow a decision.",
    "yes_no": "[Is each claim supported by the context?]\nYes: The claim is supported by the context.\n"
    "No: The claim is not supported by the context.\nUndetermined: The context does not allow a decision.",
}
_WHOLE_LABELS = ("Statement {k}:", "Claim {k}:", "({k})", "{k}.", "Claim {k}")


@HELDOUT40
def prometheus_binary_whole_list(ch: Chooser) -> BlindOutput:
    """Prometheus 2 given the whole list with a binary rubric the team wrote ("PASS / FAIL", "1 / 0", "Yes /
    No", and N/A where the context does not allow a decision): one "Feedback: ... [RESULT] PASS" per claim,
    the rubric copied back at the top (always for 1 / 0), a trailing "[END]" now and then."""
    d = Draw(ch, "prometheus_binary_whole_list", max_n=MAX_N, plain_openers=True)
    form = d.dim("binary_result", tuple(_BINARY_WORDS))
    words = _BINARY_WORDS[form]
    casing = d.dim("casing", ("sentence", "sentence", "upper", "lower")) if form == "yes_no" else "sentence"
    copied = form == "one_zero" or d.flag("rubric_copied")
    label = d.dim("item_label", _WHOLE_LABELS)
    shape = d.dim("block_shape", ("one_line", "lines"))
    blocks = []
    for i, statement, truth in d.items():
        word = cased(_of(truth, words), casing)
        fb = _feedback(ch, truth, statement)
        lab = label.format(k=i + 1)
        if shape == "one_line":
            blocks.append(f"{lab} Feedback: {fb} [RESULT] {word}")
        else:
            blocks.append(f"{lab}\nFeedback: {fb}\n[RESULT] {word}")
    body = ("\n\n" if shape == "lines" else d.dim("line_gap", ("\n", "\n\n"))).join(blocks)
    if copied:
        body = f"{_BINARY_RUBRICS[form]}\n\n{body}"
    if d.flag("end_token", weight_off=2):
        body += d.ch.pick("end_form", ("\n[END]", " [END]"))
    return d.done(body)


# ----------------------------------------------------------------- 3. lynx_reasoning_score

_LYNX_LEGEND = (
    "# Lynx faithfulness, one claim per call. SCORE: PASS = faithful to the DOCUMENT, FAIL = not faithful "
    "(hallucination), UNDETERMINED = the DOCUMENT does not allow a decision (added to the prompt).",
    "SCORE legend: PASS (faithful) / FAIL (hallucinated) / UNDETERMINED (cannot be determined)",
)


@HELDOUT40
def lynx_reasoning_score(ch: Chooser) -> BlindOutput:
    """Patronus Lynx (8B, 70B, a q4 Ollama build) with each claim as the ANSWER, one call per claim: its JSON
    ``{"REASONING": [bullet strings], "SCORE": "PASS" | "FAIL"}`` (the team's prompt adds "UNDETERMINED"), bare,
    indented, fenced, or printed by the script as the parsed Python dict, under the script's headers."""
    d = Draw(ch, "lynx_reasoning_score", max_n=MAX_N)
    model = d.dim("judge_model", _LYNX_MODELS)
    form = d.dim("lynx_form", ("json_compact", "json_indented", "fenced", "dict_repr"))
    legend = d.dim("lynx_legend", ("none", *_LYNX_LEGEND))
    header = _glue(d)
    blocks = []
    for i, statement, truth in d.items():
        obj = {
            "REASONING": _lynx_reasoning(ch, truth, statement),
            "SCORE": _of(truth, ("PASS", "FAIL", "UNDETERMINED")),
        }
        if form == "json_compact":
            text = json.dumps(obj, ensure_ascii=False)
        elif form == "json_indented":
            text = json.dumps(obj, indent=2, ensure_ascii=False)
        elif form == "fenced":
            text = f"```json\n{json.dumps(obj, indent=4, ensure_ascii=False)}\n```"
        else:
            text = repr(obj)
        blocks.append(f"{header(i, statement)}\n{text}")
    top = "\n".join(part for part in (_run_line(d, model), "" if legend == "none" else legend) if part)
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 4. flow_judge_feedback_score

_FLOW_CLOSINGS = (
    "",
    " Based on the rubric, this warrants a score of {k}.",
    " Therefore, the response deserves a score of {k}.",
    " According to the scoring rubric, the score is {k}.",
)


def _scale_before(ch: Chooser, name: str, options: Sequence[str]) -> Scale:
    """A scale chosen before the statements (so that undecided items are drawn only where it has a level)."""
    return SCALES[ch.pick(name, options)]


@HELDOUT40
def flow_judge_feedback_score(ch: Chooser) -> BlindOutput:
    """Flow-Judge v0.1 (the HF weights, a GGUF through llama.cpp, the AWQ build on vLLM) called once per claim:
    ``<feedback>...</feedback>`` then ``<score>...</score>``, each tag on its lines, compact or on one line, on
    the binary (0 / 1), 3-point or 5-point rubric the script prints at the top (YAML, the prompt's tags, a
    line)."""
    scale = _scale_before(ch, "flow_scale", ("0-1", "1-3", "1-3", "1-5"))
    d = Draw(ch, "flow_judge_feedback_score", max_n=MAX_N, plain_openers=True, unknowns=scale.has_unknown)
    d.dims["flow_scale"] = scale.name
    model = d.dim("judge_model", _FLOW_MODELS)
    style = d.dim("rubric_style", ("yaml", "tags", "line"))
    shape = d.dim("tag_shape", ("multiline", "multiline", "compact", "one_line"))
    closing = d.dim("flow_closing", _FLOW_CLOSINGS)
    header = _glue(d)
    blocks = []
    for i, statement, truth in d.items():
        k = scale.score(ch, truth)
        fb = _feedback(ch, truth, statement) + closing.format(k=k)
        if shape == "multiline":
            text = f"<feedback>\n{fb}\n</feedback>\n<score>\n{k}\n</score>"
        elif shape == "compact":
            text = f"<feedback>{fb}</feedback>\n<score>{k}</score>"
        else:
            text = f"<feedback>{fb}</feedback> <score>{k}</score>"
        blocks.append(f"{header(i, statement)}\n{text}")
    rubric = scale.legend(style) if style != "line" else f"rubric ({scale.name}): {scale.legend('line')}"
    top = "\n".join(part for part in (_run_line(d, model), rubric) if part)
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 5. selene_reasoning_result

_SELENE_BINARY = (("Yes", "No", "Unclear"), ("Yes", "No", "Cannot be determined"))
_SELENE_QUESTIONS = (
    "Question: Is the claim supported by the context? Answer Yes or No, or {u} if the context does not allow "
    "a decision.",
    "Evaluation criteria: Is the claim supported by the context? (Yes / No / {u} = cannot be decided from the context)",
)
_SELENE_MARKS = {
    "bold": ("**Reasoning:**", "**Result:**"),
    "bold_outside": ("**Reasoning**:", "**Result**:"),
    "plain": ("Reasoning:", "Result:"),
}


@HELDOUT40
def selene_reasoning_result(ch: Chooser) -> BlindOutput:
    """Atla Selene Mini (the HF weights, an Ollama build, AWQ on vLLM): "**Reasoning:** ... **Result:** Yes"
    for a yes/no question the team asks (with a third answer for claims the context cannot decide), or a 1-5
    score under the rubric the script prints; one call per claim under the script's headers, or the whole list
    answered claim by claim; markdown kept, or stripped to plain labels."""
    d = Draw(ch, "selene_reasoning_result", max_n=MAX_N, plain_openers=True)
    model = d.dim("judge_model", _SELENE_MODELS)
    mode = d.dim("selene_mode", ("binary", "binary", "likert"))
    words = _SELENE_BINARY[int(d.dim("selene_words", ("0", "1")))]
    casing = d.dim("casing", ("sentence", "sentence", "upper", "lower"))
    reasoning_mark, result_mark = _SELENE_MARKS[d.dim("selene_marks", tuple(_SELENE_MARKS))]
    structure = d.dim("selene_structure", ("per_call", "per_call", "whole_list"))
    header = _glue(d) if structure == "per_call" else None
    blocks = []
    for i, statement, truth in d.items():
        result = str(SUPPORT_5.score(ch, truth)) if mode == "likert" else cased(_of(truth, words), casing)
        text = f"{reasoning_mark} {_feedback(ch, truth, statement)}\n\n{result_mark} {result}"
        head = header(i, statement) if header else f"Claim {i + 1}: {statement}"
        blocks.append(f"{head}\n{text}")
    if mode == "likert":
        criteria = f"Score rubric (1-5):\n{SUPPORT_5.legend('bare')}"
    else:
        criteria = ch.pick("selene_question", _SELENE_QUESTIONS).format(u=cased(words[2], casing))
        if d.flag("question_dropped", weight_off=2):
            criteria = ""
    top = "\n".join(part for part in (_run_line(d, model, _PER_CALL if header else _WHOLE_LIST), criteria) if part)
    return d.done(_assemble(top, _join(d, blocks) if header else "\n\n".join(blocks), _footer(d)))


# ----------------------------------------------------------------- 6. glider_highlight_score


def _span(ch: Chooser, statement: str) -> str:
    """A phrase of the claim, as Glider highlights the words its reasoning rests on."""
    words = _bare(statement).split()
    length = min(len(words), ch.integer("span_length", 2, 5))
    start = ch.integer("span_start", 0, len(words) - length)
    return " ".join(words[start : start + length])


@HELDOUT40
def glider_highlight_score(ch: Chooser) -> BlindOutput:
    """Patronus Glider (3.8B) on the team's rubric, one call per claim: ``<reasoning>`` with its bullet
    points, ``<highlight>`` with the phrases it rests on (words of the claim), and ``<score>`` on a 0-1, 1-3 or
    1-5 rubric that the script states at the top."""
    scale = _scale_before(ch, "glider_scale", ("0-1", "1-3", "1-3", "1-5"))
    d = Draw(ch, "glider_highlight_score", max_n=MAX_N, plain_openers=True, unknowns=scale.has_unknown)
    d.dims["glider_scale"] = scale.name
    model = d.dim("judge_model", _GLIDER_MODELS)
    style = d.dim("rubric_style", ("tags", "bare", "line"))
    compact = d.flag("compact_tags", weight_off=2)
    header = _glue(d)
    blocks = []
    for i, statement, truth in d.items():
        k = scale.score(ch, truth)
        bullets = [
            f'- The claim to check is "{_bare(statement)}".',
            f"- {_feedback(ch, truth, statement)}",
            f"- Per the rubric, this is a {k}.",
        ]
        reasoning = "\n".join(bullets)
        span = _span(ch, statement)
        if compact:
            text = f"<reasoning>\n{reasoning}\n</reasoning>\n<highlight>{span}</highlight>\n<score>{k}</score>"
        else:
            text = f"<reasoning>\n{reasoning}\n</reasoning>\n<highlight>\n{span}\n</highlight>\n<score>\n{k}\n</score>"
        blocks.append(f"{header(i, statement)}\n{text}")
    if style == "line":
        rubric = f"rubric ({scale.name}): {scale.legend('line')}"
    else:
        rubric = f"Rubric ({scale.name}):\n{scale.legend(style)}"
    top = "\n".join(part for part in (_run_line(d, model), rubric) if part)
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 7. bracket_rating_verdicts

_RATING_CUTS = (6, 7, 7, 8)
_RATING_LEGENDS = (
    "Scale: 1-10 (10 = fully supported by the context, 1 = not supported at all); a rating of {c} or more "
    "counts as supported; [[N/A]] = cannot be determined from the context.",
    "# ratings are 1-10, higher = better supported by the context; supported if >= {c}; N/A means the judge "
    "could not determine it",
)
_CRITIQUE_OPENERS = ("", "The response under evaluation is a single claim. ", "Let me check the claim. ")
_BRACKET_WORDS = (("Yes", "No", "Unclear"), ("Supported", "Not supported", "Undetermined"))


@HELDOUT40
def bracket_rating_verdicts(ch: Chooser) -> BlindOutput:
    """Auto-J (13B, the bilingual 6B) and CritiqueLLM in single-response mode: a critique then "Rating:
    [[8]]" on 1-10, with the team's cut and the meaning of [[N/A]] stated at the top, or the verdict itself in
    double brackets ("Verdict: [[Yes]]", "[[Not supported]]"); one call per claim under the script's headers or
    the whole list answered claim by claim."""
    d = Draw(ch, "bracket_rating_verdicts", max_n=MAX_N, plain_openers=True)
    model = d.dim("judge_model", ("GAIR/autoj-13b", "GAIR/autoj-bilingual-6b", "thu-coai/CritiqueLLM"))
    form = d.dim("bracket_form", ("rating", "rating", "verdict"))
    cut = int(d.dim("rating_cut", tuple(str(c) for c in _RATING_CUTS)))
    words = _BRACKET_WORDS[int(d.dim("bracket_words", ("0", "1")))]
    casing = d.dim("casing", ("sentence", "sentence", "upper"))
    marker = (
        d.dim("bracket_marker", ("Rating:", "Rating:", "Final rating:"))
        if form == "rating"
        else d.dim("bracket_marker", ("Verdict:", "Final verdict:", ""))
    )
    opener = d.dim("critique_opener", _CRITIQUE_OPENERS)
    structure = d.dim("bracket_structure", ("per_call", "whole_list"))
    header = _glue(d) if structure == "per_call" else None
    blocks = []
    for i, statement, truth in d.items():
        if form == "rating":
            value = "N/A" if truth is None else str(ch.integer("rating", *((max(cut, 8), 10) if truth else (1, 3))))
        else:
            value = cased(_of(truth, words), casing)
        mark = f"{marker} [[{value}]]".strip()
        text = f"{opener}{_feedback(ch, truth, statement)}\n\n{mark}"
        head = header(i, statement) if header else f"Claim {i + 1}: {statement}"
        blocks.append(f"{head}\n{text}")
    legend = ch.pick("rating_legend", _RATING_LEGENDS).format(c=cut) if form == "rating" else ""
    top = "\n".join(part for part in (_run_line(d, model, _PER_CALL if header else _WHOLE_LIST), legend) if part)
    return d.done(_assemble(top, "\n\n".join(blocks), _footer(d)))


# ----------------------------------------------------------------- 8. minicheck_label_lists

_MINICHECK = {
    "flan-t5-large": "MiniCheck-Flan-T5-Large",
    "roberta-large": "MiniCheck-RoBERTa-Large",
    "deberta-v3-large": "MiniCheck-DeBERTa-v3-Large",
    "Bespoke-MiniCheck-7B": "Bespoke-MiniCheck-7B",
}
_BANDS = ((0.4, 0.6), (0.35, 0.65), (0.3, 0.7))


def _prob(ch: Chooser, truth: Truth, band: tuple[float, float] | None) -> float:
    """A support probability on the side of the cut (or inside the band) the truth asks for."""
    low, high = band if band else (0.5, 0.5)
    if truth is True:
        thousandths = ch.integer("prob", max(700, round(high * 1000) + 30), 999)
    elif truth is False:
        thousandths = ch.integer("prob", 1, min(300, round(low * 1000) - 30))
    else:
        thousandths = ch.integer("prob", round(low * 1000) + 20, round(high * 1000) - 20)
    return (thousandths * 10 + ch.integer("prob_digit", 0, 9)) / 10000


@HELDOUT40
def minicheck_label_lists(ch: Chooser) -> BlindOutput:
    """MiniCheck (Flan-T5, RoBERTa, DeBERTa) and Bespoke-MiniCheck-7B run from a notebook or a script, one
    sentence-level claim per document pair: the Python session's ``pred_label`` (1 = supported) and
    ``raw_prob`` lists, or the team's own labels from a stated band (``None`` / UNDETERMINED in between), as
    printed lists, a print loop, or one line per call."""
    banded = ch.pick("minicheck_band", ("off", "on", "on")) == "on"
    d = Draw(ch, "minicheck_label_lists", max_n=MAX_N, unknowns=banded)
    d.dims["minicheck_band"] = "on" if banded else "off"
    name = d.dim("minicheck_model", tuple(_MINICHECK))
    band = _BANDS[int(d.dim("band", ("0", "1", "2")))] if banded else None
    form = d.dim("minicheck_form", ("lists", "loop", "per_call"))
    probs = [_prob(ch, t, band) for t in d.truth]
    labels: list[int | None] = [1 if t is True else 0 if t is False else None for t in d.truth]
    setup = [
        ">>> from minicheck.minicheck import MiniCheck",
        f">>> scorer = MiniCheck(model_name={name!r}, cache_dir='./ckpts')",
        ">>> pred_label, raw_prob, _, _ = scorer.score(docs=[doc] * len(claims), claims=claims)",
    ]
    if band:
        rule = f"1 if p >= {band[1]} else 0 if p < {band[0]} else None"
        legend = "# 1 = supported, 0 = not supported, None = cannot be determined"
    else:
        rule = ""
        legend = "# 1 = supported by the document, 0 = not supported"
    if form == "lists":
        lines = [*setup, ">>> claims", repr(list(d.statements)), ">>> raw_prob", repr(probs)]
        if band:
            lines += [f">>> labels = [{rule} for p in raw_prob]  {legend}", ">>> labels", repr(labels)]
        else:
            lines += [f">>> pred_label  {legend}", repr(labels)]
        return d.done("\n".join(lines))
    words = ("SUPPORTED", "UNSUPPORTED", "UNDETERMINED")
    if form == "loop":
        lines = [*setup]
        if band:
            lines.append(
                f">>> label = lambda p: 'SUPPORTED' if p >= {band[1]} else 'UNSUPPORTED' if p < {band[0]} "
                "else 'UNDETERMINED'  # UNDETERMINED = cannot be determined"
            )
            call = "label(p)"
        else:
            lines.append(">>> label = lambda y: 'SUPPORTED' if y == 1 else 'UNSUPPORTED'")
            call = "label(y)"
        lines += [
            ">>> for idx, (claim, y, p) in enumerate(zip(claims, pred_label, raw_prob), 1):",
            f"...     print(f'[{{idx}}] {{{call}}} p={{p:.3f}} | {{claim}}')",
            "...",
        ]
        for i, statement, truth in d.items():
            lines.append(f"[{i + 1}] {_of(truth, words)} p={probs[i]:.3f} | {statement}")
        return d.done("\n".join(lines))
    header = _glue(d)
    top = f"# {_MINICHECK[name]}, one claim per call; label " + (
        f"= {rule} on the support probability p ({legend[2:]})" if band else "1 = supported, 0 = not supported"
    )
    blocks = []
    for i, statement, truth in d.items():
        label = "None" if truth is None else str(int(truth))
        blocks.append(f"{header(i, statement)}\nlabel={label} support_prob={probs[i]:.3f}")
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 9. hhem_consistency_labels


@HELDOUT40
def hhem_consistency_labels(ch: Chooser) -> BlindOutput:
    """Vectara's HHEM-2.1-Open (premise = the context, hypothesis = the claim): ``model.predict(pairs)``'s
    consistency scores with the labels a list comprehension gives them, the text-classification pipeline's two
    label scores per call (``top_k=None``) with the script's decision, or the hosted API's
    ``factual_consistency_score``; "consistent" = supported, "hallucinated" = not, "uncertain" only where a band
    is stated."""
    banded = ch.pick("hhem_band", ("off", "on", "on")) == "on"
    d = Draw(ch, "hhem_consistency_labels", max_n=MAX_N, unknowns=banded)
    d.dims["hhem_band"] = "on" if banded else "off"
    band = _BANDS[int(d.dim("band", ("0", "1", "2")))] if banded else None
    form = d.dim("hhem_form", ("predict", "pipeline_top_k", "api_json"))
    scores = [_prob(ch, t, band) for t in d.truth]
    labels = [_of(t, ("consistent", "hallucinated", "uncertain")) for t in d.truth]
    if band:
        rule = f"'consistent' if s >= {band[1]} else 'hallucinated' if s < {band[0]} else 'uncertain'"
        note = f"consistent >= {band[1]}, hallucinated < {band[0]}, uncertain (cannot be determined) in between"
    else:
        rule = "'consistent' if s >= 0.5 else 'hallucinated'"
        note = "consistent >= 0.5, hallucinated below"
    if form == "predict":
        lines = [
            ">>> pairs = [(context, claim) for claim in claims]",
            ">>> scores = model.predict(pairs)  # HHEM-2.1-Open: near 1 = consistent with the premise, near 0 = "
            "hallucinated",
            ">>> scores",
            "tensor([" + ", ".join(f"{s:.4f}" for s in scores) + "])",
            f">>> [{rule} for s in scores]" + ("  # uncertain = cannot be determined" if band else ""),
            repr(labels),
        ]
        return d.done("\n".join(lines))
    header = _glue(d)
    blocks = []
    if form == "pipeline_top_k":
        top = (
            "# vectara/hallucination_evaluation_model via pipeline('text-classification', top_k=None); "
            f"decision on the 'consistent' score: {note}"
        )
        for i, statement, _truth in d.items():
            consistent = {"label": "consistent", "score": scores[i]}
            hallucinated = {"label": "hallucinated", "score": round(1 - scores[i], 4)}
            pair = [consistent, hallucinated] if scores[i] >= 0.5 else [hallucinated, consistent]
            blocks.append(f"{header(i, statement)}\n{pair!r} -> {labels[i]}")
    else:
        top = f"# Vectara HHEM factual consistency, one claim per request: {note}"
        for i, statement, _truth in d.items():
            record = {"factual_consistency_score": scores[i], "label": labels[i]}
            blocks.append(f"{header(i, statement)}\n{json.dumps(record)}")
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 10. granite_guardian_groundedness

_GRANITE_LEGENDS = (
    "# granite-guardian, risk_name=groundedness: Yes = risk detected (the claim is NOT grounded in the "
    "context), No = no risk (grounded)",
    "Risk: groundedness. The guardian answers Yes when the claim is not supported by the context (a risk) and "
    "No when it is grounded.",
)
_GRANITE_THINK: tuple[str, str] = (
    'The claim says "{b}". The context states this directly, so the claim is grounded and there is no '
    "groundedness risk.",
    'The claim says "{b}". The context does not back this up, so the claim is not grounded; this is a '
    "groundedness risk.",
)


@HELDOUT40
def granite_guardian_groundedness(ch: Chooser) -> BlindOutput:
    """IBM Granite Guardian (3.1, 3.2, 3.3) with the groundedness risk, one call per claim: the raw answer
    ("Yes" / "No", ``<score> yes </score>`` with ``<confidence>``, or 3.3's ``<think>`` then the score) where
    Yes means the risk, i.e. NOT grounded, stated at the top; or the team's script line per claim with the
    probability of risk and its decision by a stated band (undetermined in between)."""
    scripted = ch.pick("granite_form", ("raw", "script", "script")) == "script"
    d = Draw(ch, "granite_guardian_groundedness", max_n=MAX_N, plain_openers=True, unknowns=scripted)
    d.dims["granite_form"] = "script" if scripted else "raw"
    version = d.dim("granite_version", ("3.1", "3.2", "3.3"))
    model = f"ibm-granite/granite-guardian-{version}-{'8b' if version != '3.2' else '5b'}"
    header = _glue(d)
    blocks = []
    if scripted:
        band = _BANDS[int(d.dim("band", ("0", "1", "2")))]
        top = (
            f"# {model}, risk=groundedness; P(risk) = probability that the claim is NOT grounded in the context. "
            f"decision: ungrounded if P(risk) >= {band[1]}, grounded if P(risk) < {band[0]}, undetermined "
            "(cannot be determined) in between"
        )
        for i, statement, truth in d.items():
            # the probability of risk runs the other way from support
            p = 1 - _prob(ch, truth, (1 - band[1], 1 - band[0]))
            decision = _of(truth, ("grounded", "ungrounded", "undetermined"))
            blocks.append(f"{header(i, statement)}\nP(risk)={p:.3f} -> {decision}")
        return d.done(_assemble(top, _join(d, blocks), _footer(d)))
    legend = d.dim("granite_legend", _GRANITE_LEGENDS)
    casing = d.dim("casing", ("sentence", "lower"))
    for i, statement, truth in d.items():
        risk = "Yes" if truth is False else "No"
        if version == "3.1":
            text = cased(risk, casing)
        elif version == "3.2":
            confidence = ch.pick("confidence", ("High", "High", "Low"))
            text = f"<score> {risk.lower()} </score>\n<confidence> {confidence} </confidence>"
        else:
            think = _GRANITE_THINK[0 if truth else 1].format(b=_bare(statement))
            text = f"<think>\n{think}\n</think>\n<score> {risk.lower()} </score>"
        blocks.append(f"{header(i, statement)}\n{text}")
    top = "\n".join(part for part in (_run_line(d, model, "one claim per call"), legend) if part)
    return d.done(_assemble(top, _join(d, blocks), _footer(d)))


# ----------------------------------------------------------------- 11. fallback_judge_mixed_scales

_FALLBACK_REASONS = ("timed out", "returned no <score> tag", "hit the rate limit", "returned HTTP 503")


@HELDOUT40
def fallback_judge_mixed_scales(ch: Chooser) -> BlindOutput:
    """A run whose script falls back to a second judge when the first fails: Prometheus 2 (1-5, 5 = fully
    supported, 1 = not supported) and Flow-Judge on a binary rubric (1 = supported, 0 = not) answer different
    claims of one case, each call's header naming the judge that answered and its scale (and a legend of both
    at the top, or not); a claim the context cannot decide is scored 3 by Prometheus."""
    d = Draw(ch, "fallback_judge_mixed_scales", max_n=MAX_N, plain_openers=True)
    primary = d.dim("primary_judge", ("prometheus", "flow"))
    head = d.dim("glue_head", ("--- call {k} of {n} ---", "[item {k}/{n}]", "### claim {k}"))
    legend_top = d.flag("scales_legend_top")
    scale_in_head = not legend_top or d.flag("scale_in_head")
    reason = d.dim("fallback_reason", _FALLBACK_REASONS)
    names = {"prometheus": "prometheus-7b-v2.0", "flow": "Flow-Judge-v0.1"}
    scales = {
        "prometheus": "1-5 (5 = fully supported, 4 = supported, 3 = cannot be determined, 2 or 1 = not supported)",
        "flow": "0-1 (1 = supported, 0 = not supported)",
    }
    other = "flow" if primary == "prometheus" else "prometheus"
    blocks = []
    for i, statement, truth in d.items():
        judge = primary if ch.pick("fallback", ("no", "no", "yes")) == "no" else other
        if truth is None:
            judge = "prometheus"  # the binary rubric has no level for it
        line = head.format(k=i + 1, n=d.n) + f" | judge: {names[judge]}"
        if judge != primary:
            line += f" (fallback: {names[primary]} {reason})"
        if scale_in_head:
            line += f" | scale {scales[judge]}"
        fb = _feedback(ch, truth, statement)
        if judge == "prometheus":
            k = SUPPORT_5.score(ch, truth)
            text = f"Feedback: {fb} So the overall score is {k}. [RESULT] {k}"
        else:
            k = BINARY.score(ch, truth)
            text = f"<feedback>\n{fb}\n</feedback>\n<score>\n{k}\n</score>"
        blocks.append(f"{line}\n{text}")
    top = ""
    if legend_top:
        top = "scales:\n" + "\n".join(f"  {names[j]}: {scales[j]}" for j in ("prometheus", "flow"))
    return d.done(_assemble(top, "\n\n".join(blocks), _footer(d)))


# ----------------------------------------------------------------- 12. rubric_legend_copied_back

_LEGEND_HEADS = ("Score rubric:", "Rubric:", "Scoring scale:", "")
_SCORE_LINES = ("Claim {k}: Score {v}", "{k}. [RESULT] {v}", "Claim {k} -> score {v}", "Statement {k}: {v}")


@HELDOUT40
def rubric_legend_copied_back(ch: Chooser) -> BlindOutput:
    """Fine-tuned judges given the whole list (Prometheus 2, Selene Mini, M-Prometheus) that copy the rubric's
    score legend back, as their training outputs began, before the scores (again after them, or before every
    claim), then give one score per claim, with a short reason or not; scales 1-5 (support or hallucination
    severity), 1-3 and 0-2, each with its "cannot be determined" level."""
    d = Draw(ch, "rubric_legend_copied_back", max_n=MAX_N, plain_openers=True)
    scale = SCALES[d.dim("legend_scale", ("1-5", "1-5 severity", "1-3", "0-2"))]
    style = d.dim("legend_style", ("prometheus", "bare"))
    # bare "k: ..." legend lines stand under a heading, never alone (they would look like verdicts)
    head = d.dim("legend_head", _LEGEND_HEADS if style == "prometheus" else _LEGEND_HEADS[:-1])
    where = d.dim("legend_where", ("before", "before", "before_and_after", "each"))
    line = d.dim("score_line", _SCORE_LINES)
    reasons = d.dim("score_reasons", ("none", "dash", "next_line"))
    legend = "\n".join(part for part in (head, scale.legend(style)) if part)
    items = []
    for i, statement, truth in d.items():
        text = line.format(k=i + 1, v=scale.score(ch, truth))
        if reasons == "dash":
            text += f" — {_feedback(ch, truth, statement)}"
        elif reasons == "next_line":
            text += f"\n{_feedback(ch, truth, statement)}"
        items.append(f"{legend}\n\n{text}" if where == "each" else text)
    body = ("\n\n" if where == "each" or reasons == "next_line" else "\n").join(items)
    if where == "each":
        return d.done(body)
    parts = [legend, body]
    if where == "before_and_after":
        parts.append(legend)
    return d.done("\n\n".join(parts))


# ----------------------------------------------------------------- 13. per_call_jsonl_records


def _raw_output(ch: Chooser, judge: str, truth: Truth, statement: str, scale: Scale) -> tuple[str, str]:
    """One call's raw output as the judge wrote it, and the value the script parsed from it."""
    fb = _feedback(ch, truth, statement)
    if judge == "lynx":
        score = _of(truth, ("PASS", "FAIL", "UNDETERMINED"))
        obj = {"REASONING": _lynx_reasoning(ch, truth, statement), "SCORE": score}
        return json.dumps(obj, ensure_ascii=False), score
    if judge == "selene":
        word = _of(truth, ("Yes", "No", "Unclear"))
        return f"**Reasoning:** {fb}\n\n**Result:** {word}", word
    k = scale.score(ch, truth)
    if judge == "prometheus":
        return f"Feedback: {fb} So the overall score is {k}. [RESULT] {k}", str(k)
    if judge == "glider":
        span = _span(ch, statement)
        return f"<reasoning>\n- {fb}\n</reasoning>\n<highlight>\n{span}\n</highlight>\n<score>\n{k}\n</score>", str(k)
    return f"<feedback>\n{fb}\n</feedback>\n<score>\n{k}\n</score>", str(k)


_JSONL_JUDGES: dict[str, tuple[str, Scale | None, str]] = {
    "flow": ("flowaicom/Flow-Judge-v0.1", THREE, ""),
    "prometheus": ("prometheus-eval/prometheus-7b-v2.0", SUPPORT_5, ""),
    "glider": ("PatronusAI/glider", THREE, ""),
    "selene": (
        "AtlaAI/Selene-1-Mini-Llama-3.1-8B",
        None,
        "Yes = supported, No = not supported, Unclear = cannot be determined",
    ),
    "lynx": (
        "PatronusAI/Llama-3-Patronus-Lynx-8B-Instruct",
        None,
        "PASS = faithful to the context, FAIL = not faithful, UNDETERMINED = cannot be determined",
    ),
}


@HELDOUT40
def per_call_jsonl_records(ch: Chooser) -> BlindOutput:
    """A team's runner that logs one JSON record per judge call and stores the JSONL as the case's output:
    the item number, the judge, the claim, the scale it was asked on, the raw output (Flow-Judge's tags,
    Prometheus's "[RESULT]", Glider's tags, Selene's "**Result:**", Lynx's JSON as an escaped string) and, in
    some runs, the value the runner parsed from it and the call's latency."""
    d = Draw(ch, "per_call_jsonl_records", max_n=MAX_N, plain_openers=True)
    judge = d.dim("jsonl_judge", tuple(_JSONL_JUDGES))
    model, scale, words = _JSONL_JUDGES[judge]
    described = f"{scale.name}: {scale.legend('line')}" if scale else words
    parsed = d.flag("parsed_field")
    latency = d.flag("latency_field")
    scale_key = d.dim("scale_key", ("scale", "rubric"))
    lines = []
    for i, statement, truth in d.items():
        raw, value = _raw_output(ch, judge, truth, statement, scale or BINARY)
        record: dict[str, object] = {"item": i + 1, "of": d.n, "judge": model, "claim": statement}
        record[scale_key] = described
        record["output"] = raw
        if parsed:
            record["parsed"] = value
        if latency:
            record["latency_ms"] = ch.integer("latency", 180, 4200)
        lines.append(json.dumps(record, ensure_ascii=False))
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 14. evaluator_declines_task

_DECLINE_REASONS = (
    "the context is empty",
    "no context was provided",
    "the reference context was not included in the request",
    "the context is about a different document than the claims",
)


@HELDOUT40
def evaluator_declines_task(ch: Chooser) -> BlindOutput:
    """The evaluator declines the whole task and gives no score: Prometheus's feedback without a "[RESULT]",
    Lynx saying the DOCUMENT is missing, Flow-Judge's feedback with no score tag, Selene's reasoning with no
    result, a judge trained on one response at a time refusing a list, or the script's note that the first
    call declined and the rest were never sent."""
    d = Draw(ch, "evaluator_declines_task", max_n=MAX_N, unknowns=False)
    kind = d.dim("decline_kind", ("prometheus", "lynx", "flow", "selene", "one_at_a_time", "aborted"))
    reason = d.dim("decline_reason", _DECLINE_REASONS)
    r = reason[:1].upper() + reason[1:]
    if kind == "prometheus":
        text = (
            f"Feedback: {r}, so there is nothing to evaluate the response against. I cannot give feedback "
            "based on the score rubric, and I will not assign a score."
        )
        text += d.ch.pick("decline_tail", ("", " [END]", "</s>"))
    elif kind == "lynx":
        text = (
            f"I cannot evaluate the ANSWER: {reason}, so there is no DOCUMENT to check it against. Please "
            "provide the DOCUMENT."
        )
    elif kind == "flow":
        text = f"<feedback>\n{r}, so I am unable to evaluate the claims against it or to assign any score.\n</feedback>"
    elif kind == "selene":
        text = f"**Reasoning:** I can't evaluate these claims: {reason}, so there is nothing to check them against."
    elif kind == "one_at_a_time":
        text = (
            "I'm sorry, but I can only evaluate a single response at a time against the given rubric, and "
            f"{reason}. Please send each claim separately together with its context."
        )
    else:
        first = d.ch.pick(
            "first_decline",
            (
                f"<feedback>\n{r}; I cannot evaluate this claim.\n</feedback>",
                f"Feedback: {r}, so I cannot evaluate the response.",
            ),
        )
        rest = d.n - 1
        note = "abort: the judge declined the task"
        note += f"; the remaining {rest} claim{_pl(rest)} were not sent. No scores." if rest else ". No scores."
        text = f"[item 1/{d.n}]\n{first}\n\n{note}"
    return d.refused(text)


# ----------------------------------------------------------------- 15. prometheus_template_decoded

_ABS_TASK = """###Task Description:
An instruction (might include an Input inside it), a response to evaluate, a reference answer that gets a score of 5, and a score rubric representing a evaluation criteria are given.
1. Write a detailed feedback that assess the quality of the response strictly based on the given score rubric, not evaluating in general.
2. After writing a feedback, write a score that is an integer between 1 and 5. You should refer to the score rubric.
3. The output format should look as follows: "Feedback: (write a feedback for criteria) [RESULT] (an integer number between 1 and 5)"
4. Please do not generate any other opening, closing, and explanations."""  # noqa: E501
_ABS_SYSTEM = (
    "You are a fair judge assistant tasked with providing clear, objective feedback based on specific criteria, "
    "ensuring each assessment reflects the absolute standards set for performance."
)
_INSTRUCTIONS = (
    "Check the claim below against the retrieved context. [context: {p} passages, not logged]",
    "Is the following claim supported by the retrieved context? (context omitted from the log, {p} passages)",
)
_REFERENCES = (
    "A claim whose every detail is stated in the context.",
    "N/A",
)


@HELDOUT40
def prometheus_template_decoded(ch: Chooser) -> BlindOutput:
    """Prometheus 2 run through transformers' ``generate`` by a script that decodes the whole sequence, so
    each stored call holds the absolute-grading template (its task description with "[RESULT] (an integer
    number between 1 and 5)", the claim as the response, the reference answer, the 1-5 rubric) and, after
    "###Feedback:", the model's own "Feedback: ... [RESULT] k"; one call per claim, joined by the script."""
    d = Draw(ch, "prometheus_template_decoded", max_n=MAX_N, plain_openers=True)
    scale = SUPPORT_5  # the template itself says the reference answer gets a 5
    instruction = d.dim("template_instruction", _INSTRUCTIONS)
    reference = d.dim("template_reference", _REFERENCES)
    inst_tags = d.flag("inst_tags")
    header = _glue(d)
    tail = d.dim("result_tail", ("", "", "</s>", " [END]"))
    # the model continues "###Feedback: " with its feedback, or writes the label again
    prefix = d.dim("continuation", ("", "", "Feedback: "))
    blocks = []
    for i, statement, truth in d.items():
        k = scale.score(ch, truth)
        prompt = "\n\n".join(
            (
                _ABS_TASK,
                f"###The instruction to evaluate:\n{instruction.format(p=ch.integer('passages', 2, 6))}",
                f"###Response to evaluate:\n{statement}",
                f"###Reference Answer (Score 5):\n{reference}",
                f"###Score Rubrics:\n{scale.legend('prometheus')}",
                "###Feedback: ",
            )
        )
        if inst_tags:
            prompt = f"<s>[INST] {_ABS_SYSTEM}\n\n{prompt} [/INST]"
        answer = f"{prefix}{_feedback(ch, truth, statement)} So the overall score is {k}. [RESULT] {k}{tail}"
        blocks.append(f"{header(i, statement)}\n{prompt}{' ' if inst_tags else ''}{answer}")
    return d.done(_assemble(_join(d, blocks), _footer(d)))
