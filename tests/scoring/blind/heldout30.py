"""A THIRTIETH HELD-OUT set of blind layouts: verdicts with confidences, probabilities and calibration, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout30``); do not read it while
developing the reader. Written from how teams ask graders for a confidence beside each verdict
("...and rate your confidence in the verdict from 0 to 1"), and from the pipelines that attach
one themselves: GPT-4o, GPT-4o mini, Claude, Llama 3.1, Qwen 2.5 and Mistral answering such
prompts, the "best guess and the probability that it is correct" prompt of the verbalized-
calibration papers, OpenAI and vLLM responses stored with their token ``logprobs``, scripts that
turn ``top_logprobs`` into ``P(yes)``, self-consistency runs (several samples at a temperature
and a majority vote), a panel of judge models with a consensus, trust scores of the Cleanlab
TLM kind, uncertainty scores of the LM-Polygraph kind, and confidences recalibrated after the
fact (temperature scaling, isotonic regression). The layouts: the legacy blocks with a
``Confidence:`` line and a final line that repeats the confidences, "Supported — 85% sure"
sentences, verdict tokens with their log-probabilities, a whole chat-completion record with its
``logprobs``, a table with a confidence column, RAGAS-like JSON with a ``confidence`` field
(``"verdict": 1, "confidence": 0.4``), verdicts grouped under "High / Medium / Low confidence"
headings, calibration notes after the verdicts ("I am less certain about statement 3, but it is
not supported"), a score out of 10 beside the grader's own verdict, self-consistency votes
("4 of 5 samples said Yes → Yes"), guess / probability pairs, a judge panel's votes and
consensus, trust-scored responses flagged for review, uncertainty estimates beside each
verdict, raw and recalibrated confidences, and refusals that give neither a verdict nor a
confidence.

A careful person reads the verdict the grader (or the pipeline's stated rule) gave for each
statement; numbers that are confidences, probabilities, scores, entropies or averages of them
are not verdicts, and a low confidence does not change the verdict it stands beside. Only
outputs where each statement's verdict is unambiguous are drawn: every verdict is a word (or a
JSON verdict value) in a labelled place, never a bare probability; where a probability comes
from the verdict token itself it agrees with the token (the generated token is the most likely
one); where a majority decides, the majority and the rule are stated and agree with the votes;
where a score out of 10 is a support score, it agrees with the verdict beside it. Undecided
items are the grader's own "Unclear" / "Cannot determine" (or a vote with no majority, said so);
a person counts them as not supported.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s frame (a
``<think>`` draft, a preface, an agreeing count, a sign-off) for answers a model writes, plus
this set's own footer of an average confidence, which is never the score.

    HELDOUT30.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout30_outputs(layout="self_consistency_votes")  # one layout's strategy
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet, lower_first
from tests.scoring.graders import Chooser, Truth

HELDOUT30 = LayoutSet("heldout30")
T = TypeVar("T")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout30_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirtieth held-out set (one layout when named)."""
    return HELDOUT30.strategy(layout)


def _of(truth: Truth, options: Sequence[T]) -> T:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _dumps(value: object, indent: int | None = None) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=False)


# ----------------------------------------------------------------- confidences

SCALES = ("decimal", "percent", "word")


def _shown(value: int, scale: str) -> str:
    """A confidence drawn as an integer percentage, as the grader writes it."""
    if scale == "decimal":
        return f"{value / 100:.2f}"
    if scale == "percent":
        return f"{value}%"
    if scale == "ten":
        return f"{max(1, round(value / 10))}/10"
    return "high" if value >= 85 else "medium" if value >= 65 else "low"


def _confidence(ch: Chooser, truth: Truth, lo: int = 40) -> int:
    """A grader's confidence in its own verdict: anything from ``lo`` up, whatever the verdict."""
    if truth is None:
        return ch.integer("confidence", 30, 85)
    return ch.integer("confidence", lo, 99)


_MEAN_LINES = (
    "Mean confidence: {m}",
    "Average confidence across the {n} verdicts: {m}",
    "(Overall confidence in this assessment: {m}.)",
    "Calibration check: mean stated confidence {m}.",
)


def _mean_footer(d: Draw, values: Sequence[int], scale: str, body: str) -> str:
    """``body`` with, now and then, an average of the confidences (a number that is not the score)."""
    if scale == "word" or not d.flag("mean_confidence", weight_off=2):
        return body
    mean = round(sum(values) / len(values))
    line = d.ch.pick("mean_line", _MEAN_LINES).format(n=len(values), m=_shown(mean, scale))
    return f"{body}\n\n{line}"


def _ink(d: Draw, vocabularies: Sequence[str] = WORD_VOCABULARIES) -> Ink:
    """Verdict words decorated only in ways that read the same with a number after them."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket"))
    return ink


# ----------------------------------------------------------------- 1. legacy_blocks_with_confidence

_BLOCK_HEADS = ("{k}. Statement: {s}", "Statement {k}: {s}", "{k}. {s}", "**Statement {k}:** {s}")
_CONFIDENCE_LINES = ("Confidence: {c}", "Confidence: {c}.", "Confidence level: {c}", "inline")


@HELDOUT30
def legacy_blocks_with_confidence(ch: Chooser) -> BlindOutput:
    """promptfoo's legacy prompt with a team's added instruction ("...then rate your confidence in the verdict"):
    GPT-4o and Llama 3.1 write a ``Confidence:`` line under each block's verdict (or beside it) and repeat the
    confidences in the final line, or list them on a line of their own after it."""
    d = Draw(ch, "legacy_blocks_with_confidence", max_n=MAX_N)
    ink = _ink(d)
    scale = d.dim("confidence_scale", SCALES)
    head = d.dim("block_head", _BLOCK_HEADS)
    line = d.dim("confidence_line", _CONFIDENCE_LINES)
    final = d.dim("final_form", ("paren", "paren_labelled", "separate_list", "none"))
    values = [_confidence(ch, t) for _i, _s, t in d.items()]
    blocks = []
    for i, statement, truth in d.items():
        c = _shown(values[i], scale)
        verdict = ink.token(i, truth)
        if line == "inline":
            mark = f"Verdict: {verdict} (confidence: {c})"
        else:
            mark = f"Verdict: {verdict}.\n{line.format(c=c)}"
        blocks.append("\n".join([head.format(k=i + 1, s=statement), f"Explanation: {ink.explanation(i, truth)}", mark]))
    body = "\n\n".join(blocks)
    header = "Final verdict for each statement in order:"
    if final in ("paren", "paren_labelled"):
        label = "confidence " if final == "paren_labelled" and scale != "word" else ""
        suffix = " confidence" if scale == "word" else ""
        words = " ".join(f"{ink.word(i, t)} ({label}{_shown(values[i], scale)}{suffix})." for i, _s, t in d.items())
        body += f"\n\n{header} {words}"
    elif final == "separate_list":
        words = " ".join(f"{ink.word(i, t)}." for i, _s, t in d.items())
        confidences = ", ".join(_shown(v, scale) for v in values)
        body += f"\n\n{header} {words}\nConfidence for each, in the same order: {confidences}."
    return d.done(d.frame(_mean_footer(d, values, scale, body), preface=False))


# ----------------------------------------------------------------- 2. percent_sure_sentences

# (a decided item, an undecided one): the percentage is how sure the grader is of its verdict.
_SURE_FORMS: tuple[tuple[str, str], ...] = (
    ("Statement {k}: {v} — {p}% sure.", "Statement {k}: {v} — I can't tell from the context."),
    ("{k}. {v} ({p}% confident)", "{k}. {v} (the context doesn't settle it)"),
    ("{k}. {v}, about {p}% sure.", "{k}. {v}; the context could be read either way."),
    ("Statement {k} — {v}. Confidence: ~{p}%.", "Statement {k} — {v}. The context does not decide it."),
    ("{k}) {v} — I'd put my confidence at {p}%.", "{k}) {v} — no way to decide from the context."),
)
_SURE_SENTENCES: tuple[tuple[str, str, str], ...] = (
    (
        "Statement {k} is supported; I'm about {p}% sure of that.",
        "Statement {k} is not supported; I'm about {p}% sure of that.",
        "Statement {k} can't be settled from the context either way, so I leave it undecided.",
    ),
    (
        "I'm {p}% confident that statement {k} is supported.",
        "I'm {p}% confident that statement {k} is not supported.",
        "I can't decide statement {k}: the context doesn't settle it.",
    ),
    (
        "The {o} statement is supported (roughly {p}% sure).",
        "The {o} statement is not supported (roughly {p}% sure).",
        "The {o} statement I can't decide; the context could be read either way.",
    ),
)
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@HELDOUT30
def percent_sure_sentences(ch: Chooser) -> BlindOutput:
    """Chat models asked "how sure are you?" in a team's prompt (GPT-4o, Claude 3.5 Sonnet, Gemini): each verdict
    with a percentage of certainty after it ("Supported — 85% sure"), or a sentence that says both."""
    d = Draw(ch, "percent_sure_sentences", max_n=MAX_N)
    kind = d.dim("sure_kind", ("verdict_first", "verdict_first", "sentence"))
    form = d.dim("sure_form", _SURE_FORMS) if kind == "verdict_first" else None
    sentences = d.dim("sure_sentences", _SURE_SENTENCES) if form is None else None
    ink = _ink(d)
    explain = d.flag("sure_explain", weight_off=2)
    joint = d.dim("sure_join", ("\n", "\n\n"))
    values = []
    lines = []
    for i, _statement, truth in d.items():
        p = ch.integer("percent", 60, 99)
        if truth is not None:
            values.append(p)
        if sentences is not None:
            line = _of(truth, sentences).format(k=i + 1, p=p, o=_ORDINALS[i])
        else:
            assert form is not None
            line = form[truth is None].format(k=i + 1, v=ink.token(i, truth), p=p)
        if explain:
            line += " " + ink.explanation(i, truth)
        lines.append(line)
    return d.done(d.frame(_mean_footer(d, values, "percent", joint.join(lines))))


# ----------------------------------------------------------------- 3. token_logprob_annotations

# The words a logprob prompt allows (supported, not supported, undecided): one token each.
_TOKEN_WORDS: tuple[tuple[str, str, str], ...] = (
    ("Yes", "No", "Unclear"),
    ("yes", "no", "unclear"),
    ("YES", "NO", "UNSURE"),
    ("Yes", "No", "Unknown"),
    ("True", "False", "Unknown"),
)
_JUDGE_MODELS = (
    "gpt-4o-mini-2024-07-18",
    "gpt-4o-2024-08-06",
    "meta-llama/Llama-3.1-8B-Instruct",
    "Qwen/Qwen2.5-7B-Instruct",
    "mistralai/Mistral-7B-Instruct-v0.3",
)


def _token_probabilities(ch: Chooser, truth: Truth) -> tuple[int, int, float, float, float]:
    """(generated word's index, runner-up's index, its p, the runner-up's p, the third's p): the generated is top."""
    top = _of(truth, (0, 1, 2))
    p = ch.integer("token_p", 550, 999) / 1000
    runner = ch.pick("runner_up", [w for w in (0, 1, 2) if w != top])
    q = round((1 - p) * ch.integer("runner_share", 55, 95) / 100, 3)
    return top, runner, p, q, round(max(0.0, 1 - p - q), 3)


@HELDOUT30
def token_logprob_annotations(ch: Chooser) -> BlindOutput:
    """A team's judge script that asks for one word per statement at temperature 0 with ``logprobs`` on (OpenAI,
    or vLLM serving Llama / Qwen / Mistral) and prints each generated verdict word beside its log-probability,
    its probability, or the probabilities of every allowed word (``P(Yes)=0.97``)."""
    d = Draw(ch, "token_logprob_annotations", max_n=MAX_N)
    words = d.dim("token_words", _TOKEN_WORDS)
    form = d.dim("token_form", ("logprob", "runner_up", "all_probs"))
    model = d.dim("judge_model", _JUDGE_MODELS)
    header = d.dim("token_header", ("config", "comment", "none"))
    lines = []
    tops = []
    for i, _statement, truth in d.items():
        top, runner, p, q, r = _token_probabilities(ch, truth)
        tops.append(round(p * 100))
        word = words[top]
        if form == "logprob":
            lines.append(f"[{i + 1}] token={word!r}  logprob={math.log(p):.4f}  p={p:.3f}")
        elif form == "runner_up":
            lines.append(f"statement {i + 1}: {word} (p={p:.2f}; runner-up: {words[runner]} {q:.2f})")
        else:
            probs = {top: p, runner: q, 3 - top - runner: r}
            cells = "  ".join(f"P({words[w]})={probs[w]:.3f}" for w in (0, 1, 2))
            lines.append(f"{i + 1}. {word:<8}{cells}")
    rule = "verdict = the generated token (greedy); probabilities from top_logprobs"
    if header == "config":
        text = f"model={model} temperature=0 logprobs=True top_logprobs=3\n# {rule}\n" + "\n".join(lines)
    elif header == "comment":
        text = f"# {rule}\n" + "\n".join(lines)
    else:
        text = "\n".join(lines)
    if d.flag("token_mean", weight_off=2):
        text += f"\n# mean p(verdict) = {sum(tops) / len(tops) / 100:.3f}"
    if d.flag("token_fence"):
        text = f"```\n{text}\n```"
    return d.done(d.frame(text, think=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 4. completion_with_logprobs_record


def _logprob(p: float) -> float:
    return round(math.log(p), 6)


@HELDOUT30
def completion_with_logprobs_record(ch: Chooser) -> BlindOutput:
    """The whole response stored as call 2's output by a pipeline that asked for ``logprobs``: an OpenAI chat
    completion (or only its choice), or a legacy completions / vLLM record with ``tokens`` and
    ``token_logprobs``. The verdicts are the message's content; the ``top_logprobs`` beside each token list the
    words it was not."""
    d = Draw(ch, "completion_with_logprobs_record", max_n=MAX_N)
    words = d.dim("token_words", _TOKEN_WORDS[:4])
    content_form = d.dim("content_form", ("lines", "numbered", "comma"))
    api = d.dim("record_api", ("chat_completion", "chat_choice", "completions"))
    model = d.dim("judge_model", _JUDGE_MODELS)
    indent = d.dim("record_indent", ("none", "2"))
    tokens: list[tuple[str, float, list[tuple[str, float]]]] = []

    def structural(token: str, alternative: str) -> None:
        p = ch.integer("structural_p", 9990, 10000) / 10000
        tokens.append((token, p, [(token, p), (alternative, round((1 - p) / 2 + 0.00001, 6))]))

    for i, _statement, truth in d.items():
        top, runner, p, q, _r = _token_probabilities(ch, truth)
        lead = " " if content_form != "lines" and (content_form == "numbered" or i > 0) else ""
        if content_form == "numbered":
            structural(str(i + 1), "-")
            structural(".", ")")
        tokens.append((lead + words[top], p, [(lead + words[top], p), (lead + words[runner], q)]))
        if i < d.n - 1:
            structural("\n" if content_form != "comma" else ",", "\n\n" if content_form != "comma" else ";")
    content = "".join(token for token, _p, _top in tokens)
    created = ch.integer("created", 1717000000, 1735000000)
    if api == "completions":
        logprobs: dict[str, Any] = {
            "tokens": [t for t, _p, _tops in tokens],
            "token_logprobs": [_logprob(p) for _t, p, _tops in tokens],
            "top_logprobs": [{alt: _logprob(max(ap, 1e-6)) for alt, ap in tops} for _t, _p, tops in tokens],
        }
        record: dict[str, Any] = {
            "id": f"cmpl-{created:x}",
            "object": "text_completion",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "text": content, "logprobs": logprobs, "finish_reason": "stop"}],
        }
    else:
        entries = [
            {
                "token": t,
                "logprob": _logprob(p),
                "top_logprobs": [{"token": alt, "logprob": _logprob(max(ap, 1e-6))} for alt, ap in tops],
            }
            for t, p, tops in tokens
        ]
        choice: dict[str, Any] = {
            "index": 0,
            "message": {"role": "assistant", "content": content},
            "logprobs": {"content": entries},
            "finish_reason": "stop",
        }
        record = (
            choice
            if api == "chat_choice"
            else {
                "id": f"chatcmpl-{created:x}",
                "object": "chat.completion",
                "created": created,
                "model": model,
                "choices": [choice],
            }
        )
    return d.done(_dumps(record, None if indent == "none" else 2))


# ----------------------------------------------------------------- 5. confidence_column_table

_TABLE_COLUMNS = (
    ("#", "Statement", "Verdict", "Confidence"),
    ("Statement", "Confidence", "Verdict"),
    ("#", "Verdict", "Confidence", "Reason"),
    ("#", "Statement", "Verdict", "Confidence", "Reason"),
)


@HELDOUT30
def confidence_column_table(ch: Chooser) -> BlindOutput:
    """A markdown table with a confidence column beside the verdict column, as GPT-4o and Claude write when the
    prompt asks for "a verdict and your confidence for each statement, in a table"; the confidence may be low on a
    clear verdict and high on an undecided one."""
    d = Draw(ch, "confidence_column_table", max_n=MAX_N)
    columns = d.dim("table_columns", _TABLE_COLUMNS)
    scale = d.dim("confidence_scale", (*SCALES, "ten"))
    title = d.dim("verdict_title", ("Verdict", "Label", "Judgement"))
    conf_title = d.dim("confidence_title", ("Confidence", "Conf.", "Certainty"))
    ink = _ink(d)
    names = [title if c == "Verdict" else conf_title if c == "Confidence" else c for c in columns]
    values = [_confidence(ch, t, lo=35) for _i, _s, t in d.items()]
    rows = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
    for i, statement, truth in d.items():
        cells = {
            "#": str(i + 1),
            "Statement": statement,
            "Verdict": ink.token(i, truth),
            "Confidence": _shown(values[i], scale),
            "Reason": ink.explanation(i, truth),
        }
        rows.append("| " + " | ".join(cells[c] for c in columns) + " |")
    body = "\n".join(rows)
    legend = d.dim(
        "confidence_legend",
        (
            "none",
            "{c} is how sure I am of the verdict, not whether the statement is supported.",
            "Note: a low {c} means I am less sure of the verdict; the verdict itself stands.",
        ),
    )
    if legend != "none":
        body += "\n\n" + legend.format(c=conf_title)
    return d.done(d.frame(_mean_footer(d, values, scale if scale != "ten" else "word", body)))


# ----------------------------------------------------------------- 6. json_verdict_confidence

_JSON_SHAPES = ("ragas", "bare_list", "results_mean", "nested_meta")


@HELDOUT30
def json_verdict_confidence(ch: Chooser) -> BlindOutput:
    """The RAGAS prompt with a team's extra field: GPT-4o in JSON mode, Qwen 2.5 and Mistral write each item's
    ``verdict`` (1/0, true/false or a word) and a ``confidence`` beside it (or under ``meta``), low confidences on
    some clear verdicts; undecided items are ``null`` (or the grader's word) with the reason saying so."""
    d = Draw(ch, "json_verdict_confidence", max_n=MAX_N)
    shape = d.dim("json_shape", _JSON_SHAPES)
    kind = d.dim("json_value", ("int", "bool", "word"))
    key = d.dim("confidence_key", ("confidence", "certainty", "confidence_score"))
    indent = d.dim("json_indent", ("none", "2", "4"))
    wrap = d.dim("json_wrap", ("bare", "fence_json", "lead_in"))
    ink = d.use_ink(WORD_VOCABULARIES)
    values = [_confidence(ch, t, lo=35) for _i, _s, t in d.items()]

    def verdict(i: int, truth: Truth) -> Any:
        if kind == "word":
            return ink.word(i, truth)
        if truth is None:
            return None
        return int(truth) if kind == "int" else truth

    items: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        confidence = values[i] / 100
        reason = ink.explanation(i, truth)
        if shape == "nested_meta":
            items.append({"statement": statement, "verdict": verdict(i, truth), "reason": reason,
                          "meta": {key: confidence, "model_self_reported": True}})  # fmt: skip
        elif shape == "results_mean":
            items.append({"id": i + 1, "verdict": verdict(i, truth), key: confidence, "reason": reason})
        else:
            items.append({"statement": statement, "reason": reason, "verdict": verdict(i, truth), key: confidence})
    body: Any
    if shape in ("ragas", "nested_meta"):
        body = {"statements": items}
    elif shape == "bare_list":
        body = items
    else:
        body = {"results": items, f"mean_{key}": round(sum(values) / len(values) / 100, 2)}
    text = _dumps(body, None if indent == "none" else int(indent))
    if wrap == "fence_json":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        lead = ch.pick("json_lead", ("Here is the JSON with a confidence for each verdict:", "Sure! Here you go:"))
        text = f"{lead}\n\n```json\n{text}\n```"
    return d.done(d.frame(text, preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 7. grouped_by_confidence

_GROUP_HEADS: dict[str, tuple[str, str, str]] = {
    "bold": ("**High confidence**", "**Medium confidence**", "**Low confidence**"),
    "markdown": ("### High confidence", "### Medium confidence", "### Low confidence"),
    "colon": ("High confidence:", "Medium confidence:", "Low confidence:"),
    "sure": ("Confident:", "Fairly confident:", "Less confident:"),
}
_GROUP_LINES = ("- Statement {k}: {v}", "- {k}. {v}", '- {k}. "{b}" → {v}', "- #{k} {v}")


@HELDOUT30
def grouped_by_confidence(ch: Chooser) -> BlindOutput:
    """Claude and GPT-4o asked to "say how confident you are in each verdict" sort the verdicts under
    "High / Medium / Low confidence" headings (each statement still named by its number), the empty groups left
    out."""
    d = Draw(ch, "grouped_by_confidence", max_n=MAX_N)
    heads = _GROUP_HEADS[d.dim("group_heads", tuple(_GROUP_HEADS))]
    line = d.dim("group_line", _GROUP_LINES)
    ink = _ink(d)
    explain = d.flag("group_explain", weight_off=2)
    levels = [ch.integer("group_level", 0 if t is not None else 1, 2) for t in d.truth]
    groups = []
    for level in (0, 1, 2):
        members = [i for i in range(d.n) if levels[i] == level]
        if not members:
            continue
        rows = []
        for i in members:
            truth = d.truth[i]
            row = line.format(k=i + 1, v=ink.token(i, truth), b=_bare(d.statements[i]))
            if explain:
                row += f" — {lower_first(ink.explanation(i, truth))}"
            rows.append(row)
        groups.append(heads[level] + "\n" + "\n".join(rows))
    intro = d.dim("group_intro", ("none", "I've grouped the verdicts by how confident I am in them."))
    body = "\n\n".join(groups)
    if intro != "none":
        body = f"{intro}\n\n{body}"
    return d.done(d.frame(body, preface=False))


# ----------------------------------------------------------------- 8. calibration_caveats

_NOTES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "I am less certain about statement {k}, but it is supported.",
        "Statement {k} is the one I'm least sure of; I still judge it supported.",
        "My confidence on statement {k} is only moderate (the context paraphrases it), but I keep it as supported.",
    ),
    (
        "I am less certain about statement {k}, but it is not supported.",
        "Statement {k} was a close call; on balance it is not supported.",
        "Lower confidence on statement {k}: the context touches on the topic, but it does not support the claim.",
    ),
    (
        "I left statement {k} undecided; I'm genuinely unsure either way.",
        "Statement {k}: I could not decide; the context is ambiguous, so I gave no verdict.",
    ),
)
_NOTE_HEADS = ("Calibration notes:", "Confidence notes:", "**Where I'm less sure**", "A note on certainty:")
_NOTE_ENDS = ("none", "I'm confident in the other verdicts.", "The remaining verdicts are high-confidence.")


@HELDOUT30
def calibration_caveats(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude told to "flag the verdicts you are unsure of": the verdicts, then a few calibration notes
    that name the uncertain statements and restate their verdicts ("I am less certain about statement 3, but it is
    not supported"); or the notes first."""
    d = Draw(ch, "calibration_caveats", max_n=MAX_N)
    ink = _ink(d)
    form = d.dim("caveat_list", ("{k}. {v}", "Statement {k}: {v}", "final_line"))
    if form == "final_line":
        verdicts = "Final verdict for each statement in order: " + " ".join(
            f"{ink.word(i, t)}." for i, _s, t in d.items()
        )
    else:
        verdicts = "\n".join(form.format(k=i + 1, v=ink.token(i, t)) for i, _s, t in d.items())
    count = ch.integer("caveat_count", 1, min(3, d.n))
    chosen = sorted({ch.integer("caveat_item", 0, d.n - 1) for _ in range(count)})
    notes = [ch.pick("caveat_note", _of(d.truth[i], _NOTES)).format(k=i + 1) for i in chosen]
    bullets = d.flag("caveat_bullets")
    text = "\n".join(f"- {n}" for n in notes) if bullets else " ".join(notes)
    end = d.dim("caveat_end", _NOTE_ENDS)
    if end != "none":
        text += ("\n" if bullets else " ") + end
    section = f"{d.dim('caveat_head', _NOTE_HEADS)}\n{text}"
    where = d.dim("caveat_position", ("after", "after", "before"))
    body = f"{verdicts}\n\n{section}" if where == "after" else f"{section}\n\n{verdicts}"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 9. out_of_ten_with_verdict

_TEN_FORMS = (
    "Statement {k}: support {x}/10 → {v}",
    "{k}. Score: {x}/10 (my verdict: {v})",
    "Statement {k} — Verdict: {v} | Confidence: {x}/10",
    "{k}. {v} (confidence {x} out of 10)",
)


def _support_score(ch: Chooser, truth: Truth) -> int:
    return ch.integer("support_score", *_of(truth, ((7, 10), (0, 3), (4, 6))))


@HELDOUT30
def out_of_ten_with_verdict(ch: Chooser) -> BlindOutput:
    """A score out of 10 beside the grader's own verdict: Llama 3.1 and Mistral asked to "score support from 0 to
    10 and give your verdict" (the score agrees with the verdict), or to "give a verdict and a confidence from 1
    to 10" (any confidence)."""
    d = Draw(ch, "out_of_ten_with_verdict", max_n=MAX_N)
    form = d.dim("ten_form", _TEN_FORMS)
    support = "Confidence" not in form and "confidence" not in form
    ink = _ink(d)
    explain = d.flag("ten_explain", weight_off=2)
    scores = []
    lines = []
    for i, _statement, truth in d.items():
        x = _support_score(ch, truth) if support else ch.integer("confidence_ten", 3, 10)
        scores.append(x)
        line = form.format(k=i + 1, x=x, v=ink.token(i, truth))
        lines.append(line + (f"\n   {ink.explanation(i, truth)}" if explain else ""))
    body = "\n".join(lines)
    if not support and d.flag("ten_mean", weight_off=2):
        body += f"\n\nAverage confidence: {sum(scores) / len(scores):.1f}/10"
    if support:
        rule = d.dim("ten_rule", ("none", "(Support score: 10 = stated outright, 0 = absent or contradicted.)"))
        if rule != "none":
            body = f"{rule}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 10. self_consistency_votes


def _vote_counts(ch: Chooser, truth: Truth, m: int) -> tuple[int, int, int]:
    """(supported, not supported, undecided) votes among ``m`` samples; a majority for the verdict, none for None."""
    half = m // 2 + 1
    if truth is not None:
        a = ch.integer("majority", half, m)
        other = ch.integer("other_votes", 0, m - a)
        rest = m - a - other
        return (a, other, rest) if truth else (other, a, rest)
    if ch.pick("undecided_kind", ("majority", "split")) == "majority":
        u = ch.integer("majority", half, m)
        y = ch.integer("other_votes", 0, m - u)
        return y, m - u - y, u
    splits = [(y, n, m - y - n) for y in range(half) for n in range(half) if 0 <= m - y - n < half]
    return ch.pick("split", splits)


@HELDOUT30
def self_consistency_votes(ch: Chooser) -> BlindOutput:
    """A self-consistency wrapper (the grader sampled 3, 5 or 7 times at temperature 0.7 and the verdicts put to a
    majority vote) storing its tally: per statement the votes and the majority verdict, or every sample's verdicts
    on a row and the majority line last; no majority is said to leave the statement undecided."""
    d = Draw(ch, "self_consistency_votes", max_n=MAX_N)
    m = int(d.dim("samples", ("3", "5", "7")))
    form = d.dim("vote_form", ("tally_arrow", "said_arrow", "vote_list", "agreement", "runs"))
    ink = d.use_ink(("yes_no", "supported", "true_false", "pass_fail"))
    counts = [_vote_counts(ch, t, m) for t in d.truth]

    def tally(i: int) -> str:
        y, n, u = counts[i]
        parts = [(ink.word(i, True), y), (ink.word(i, False), n), (ink.word(i, None), u)]
        return ", ".join(f"{w} ×{c}" for w, c in parts if c)

    def majority(i: int) -> tuple[str, int]:
        y, n, u = counts[i]
        truth = d.truth[i]
        return ink.word(i, truth), _of(truth, (y, n, max(u, y, n)))

    def has_majority(i: int) -> bool:
        return max(counts[i]) > m // 2

    rule = f"Self-consistency: {m} samples per statement at temperature 0.7; verdict = majority (more than half)"
    rule += ", no majority → undecided."
    lines = []
    if form == "runs":
        votes = []
        for i in range(d.n):
            y, n, u = counts[i]
            column = [True] * y + [False] * n + [None] * u
            order = list(range(m))
            shuffled = [column[order.pop(ch.integer("vote_order", 0, len(order) - 1))] for _ in range(m)]
            votes.append(shuffled)
        for j in range(m):
            lines.append(f"Sample {j + 1}: " + ", ".join(ink.word(i, votes[i][j]) for i in range(d.n)))
        finals = ", ".join(majority(i)[0] for i in range(d.n))
        lines.append("")
        lines.append(f"Majority vote (final): {finals}")
        for i in range(d.n):
            if not has_majority(i):
                lines.append(
                    f"No majority for statement {i + 1} ({tally(i)}), so its final verdict is {majority(i)[0]}."
                )
    else:
        for i in range(d.n):
            word, agree = majority(i)
            if form == "tally_arrow":
                result = word if has_majority(i) else f"no majority, so {word}"
                lines.append(f"Statement {i + 1}: {tally(i)} → {result}")
            elif form == "said_arrow":
                if has_majority(i):
                    lines.append(f"{i + 1}. {agree} of {m} samples said {word} → {word}")
                else:
                    lines.append(f"{i + 1}. {tally(i)}: no majority → {word}")
            elif form == "vote_list":
                y, n, u = counts[i]
                listed = ", ".join(ink.word(i, v) for v in [True] * y + [False] * n + [None] * u)
                if has_majority(i):
                    lines.append(f"S{i + 1} votes: [{listed}] → majority: {word} ({agree}/{m})")
                else:
                    lines.append(f"S{i + 1} votes: [{listed}] → no majority: {word}")
            else:
                if has_majority(i):
                    lines.append(f"{i + 1}. {word} ({agree} of {m} samples agreed)")
                else:
                    lines.append(f"{i + 1}. {word} (no majority: {tally(i)})")
    body = "\n".join(lines)
    where = d.dim("vote_rule", ("before", "after", "none"))
    if where == "before":
        body = f"{rule}\n\n{body}"
    elif where == "after":
        body = f"{body}\n\n{rule}"
    if d.flag("vote_fence", weight_off=3):
        body = f"```\n{body}\n```"
    return d.done(d.frame(body, think=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 11. guess_and_probability

_GUESS_LABELS = (
    ("Guess", "Probability"),
    ("Best guess", "Probability it is correct"),
    ("Answer", "Confidence"),
)
_GUESS_HEADS = ("Statement {k}", "Statement {k}: {s}", "[{k}]", "Q{k}")


@HELDOUT30
def guess_and_probability(ch: Chooser) -> BlindOutput:
    """The verbalized-calibration prompt ("Provide your best guess and the probability that it is correct (0.0 to
    1.0)") applied to each statement: GPT-4o, Claude and Llama 3.1 answer ``Guess: Yes`` / ``Probability: 0.85``
    per statement, on lines or in one line each; some add a second guess with its own, lower probability."""
    d = Draw(ch, "guess_and_probability", max_n=MAX_N)
    guess, prob = d.dim("guess_labels", _GUESS_LABELS)
    head = d.dim("guess_head", _GUESS_HEADS)
    layout = d.dim("guess_layout", ("lines", "one_line"))
    second = d.flag("second_guess", weight_off=2) and guess == "Best guess"
    ink = d.use_ink(("yes_no", "supported", "true_false"))
    values = []
    blocks = []
    for i, statement, truth in d.items():
        p = ch.integer("guess_p", 55, 99)
        values.append(p)
        fields = [f"{guess}: {ink.word(i, truth)}", f"{prob}: {p / 100:.2f}"]
        if second:
            other = truth is not True
            fields += [f"Second guess: {ink.word(i, other)}", f"Probability: {(100 - p) / 100:.2f}"]
        label = head.format(k=i + 1, s=statement)
        if layout == "lines":
            blocks.append("\n".join([label, *fields]))
        else:
            blocks.append(f"{label} — " + "; ".join(fields))
    body = ("\n\n" if layout == "lines" else "\n").join(blocks)
    return d.done(d.frame(_mean_footer(d, values, "decimal", body), preface=False))


# ----------------------------------------------------------------- 12. judge_panel_consensus

_PANELS = (
    ("gpt-4o", "claude-3-5-sonnet", "llama-3.1-70b"),
    ("gpt-4o-mini", "gemini-1.5-flash", "mistral-large"),
    ("judge_a", "judge_b", "judge_c"),
    ("Judge 1", "Judge 2", "Judge 3"),
)


@HELDOUT30
def judge_panel_consensus(ch: Chooser) -> BlindOutput:
    """A panel of three judge models (the "replace judges with juries" set-up a team wires up): each judge's
    verdict and confidence per statement, and the consensus by majority, as the aggregator prints it (blocks or a
    table); a three-way split is said to leave the statement undecided."""
    d = Draw(ch, "judge_panel_consensus", max_n=MAX_N)
    panel = d.dim("panel", _PANELS)
    form = d.dim("panel_form", ("blocks", "table", "one_line"))
    scale = d.dim("confidence_scale", ("decimal", "percent"))
    ink = d.use_ink(("yes_no", "supported", "pass_fail"))
    consensus_label = d.dim("consensus_label", ("Consensus", "Panel verdict", "Majority"))
    rows = []
    for i, _statement, truth in d.items():
        y, n, u = _vote_counts(ch, truth, 3)
        column = [True] * y + [False] * n + [None] * u
        order = list(range(3))
        votes = [column[order.pop(ch.integer("vote_order", 0, len(order) - 1))] for _ in range(3)]
        confs = [_shown(_confidence(ch, v, lo=50), scale) for v in votes]
        final = ink.word(i, truth)
        if truth is None and max(y, n, u) < 2:
            final = f"{final} (no majority)"
        rows.append((votes, confs, final))
    if form == "table":
        names = ["#", *panel, consensus_label]
        lines = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
        for i, (votes, confs, final) in enumerate(rows):
            cells = [f"{ink.word(i, v)} ({c})" for v, c in zip(votes, confs, strict=True)]
            lines.append(f"| {i + 1} | " + " | ".join(cells) + f" | **{final}** |")
        body = "\n".join(lines)
    elif form == "one_line":
        lines = []
        for i, (votes, confs, final) in enumerate(rows):
            joined = ", ".join(f"{j} {ink.word(i, v)} ({c})" for j, v, c in zip(panel, votes, confs, strict=True))
            lines.append(f"Statement {i + 1}: {joined} ⇒ {consensus_label.lower()}: {final}")
        body = "\n".join(lines)
    else:
        blocks = []
        for i, (votes, confs, final) in enumerate(rows):
            members = [f"  {j}: {ink.word(i, v)} (confidence {c})" for j, v, c in zip(panel, votes, confs, strict=True)]
            blocks.append(
                "\n".join([f"Statement {i + 1}: {d.statements[i]}", *members, f"  → {consensus_label}: {final}"])
            )
        body = "\n\n".join(blocks)
    rule = d.dim(
        "panel_rule",
        ("none", f"{consensus_label} = the verdict at least two of the three judges gave; a three-way split is left "
         "undecided. Confidences are each judge's own and do not weigh the vote."),
    )  # fmt: skip
    if rule != "none":
        body = f"{rule}\n\n{body}"
    return d.done(d.frame(body, think=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 13. trust_scored_responses


@HELDOUT30
def trust_scored_responses(ch: Chooser) -> BlindOutput:
    """A team's judge run through a trustworthiness-scoring service (the Cleanlab TLM kind): each statement's
    response beside its ``trustworthiness_score``, those under the team's cut flagged for human review with the
    response kept; stored as JSON records, log lines or a table."""
    d = Draw(ch, "trust_scored_responses", max_n=MAX_N)
    form = d.dim("trust_form", ("records", "lines", "table"))
    cut = int(d.dim("review_cut", ("60", "70", "80")))
    ink = d.use_ink(("yes_no", "supported", "true_false"))
    flag_text = d.dim("flag_text", ("flagged for review", "low trust — review suggested", "needs human review"))
    scores = [ch.integer("trust", 20, 99) for _ in range(d.n)]
    if form == "records":
        records = []
        for i, statement, truth in d.items():
            record: dict[str, Any] = {
                "statement": statement,
                "response": ink.word(i, truth),
                "trustworthiness_score": scores[i] / 100,
            }
            if scores[i] < cut:
                record["review"] = True
            records.append(record)
        body = "\n".join(_dumps(r) for r in records)
    elif form == "lines":
        lines = []
        for i, _statement, truth in d.items():
            line = f"S{i + 1} response={ink.word(i, truth)!r} trustworthiness={scores[i] / 100:.3f}"
            lines.append(line + (f"  [{flag_text}]" if scores[i] < cut else ""))
        body = "\n".join(lines)
    else:
        lines = ["| # | Statement | Response | Trustworthiness | Flag |", "|---|---|---|---|---|"]
        for i, statement, truth in d.items():
            flag = flag_text if scores[i] < cut else ""
            lines.append(f"| {i + 1} | {statement} | {ink.word(i, truth)} | {scores[i] / 100:.2f} | {flag} |")
        body = "\n".join(lines)
    note = (
        f"Trustworthiness below {cut / 100:.2f} is flagged for a human to look at; the response (the verdict) is "
        "kept as given."
    )
    if d.flag("trust_note"):
        body = f"{note}\n\n{body}"
    return d.done(body)


# ----------------------------------------------------------------- 14. uncertainty_estimates

# (name, short name, the range of its scores in hundredths): higher means less certain for all of them.
_ESTIMATORS = (
    ("MaximumSequenceProbability", "msp", (1, 90)),
    ("Perplexity", "ppl", (100, 350)),
    ("SemanticEntropy", "sem_entropy", (0, 230)),
    ("LexicalSimilarity", "lex_sim", (1, 95)),
)


@HELDOUT30
def uncertainty_estimates(ch: Chooser) -> BlindOutput:
    """An uncertainty-quantification wrapper (the LM-Polygraph kind) around the judge: each statement's generated
    verdict with one or two uncertainty scores (higher = less certain), in a table or on lines; the scores say how
    unsure the model was, never which verdict it gave."""
    d = Draw(ch, "uncertainty_estimates", max_n=MAX_N)
    first = d.dim("estimator", tuple(name for name, _short, _range in _ESTIMATORS))
    both = d.flag("two_estimators")
    others = [name for name, _short, _range in _ESTIMATORS if name != first]
    estimators = [first] + ([ch.pick("second_estimator", others)] if both else [])
    ranges = {name: bounds for name, _short, bounds in _ESTIMATORS}
    form = d.dim("ue_form", ("table", "lines"))
    ink = d.use_ink(("yes_no", "supported", "entailed", "true_false"))
    values = [[ch.integer("uncertainty", *ranges[e]) / 100 for e in estimators] for _ in range(d.n)]
    if form == "table":
        names = ["#", "Generated verdict", *(f"U({e})" for e in estimators)]
        lines = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
        for i, _statement, truth in d.items():
            lines.append(f"| {i + 1} | {ink.word(i, truth)} | " + " | ".join(f"{v:.2f}" for v in values[i]) + " |")
    else:
        shorts = {name: short for name, short, _range in _ESTIMATORS}
        lines = []
        for i, _statement, truth in d.items():
            scores = " ".join(f"{shorts[e]}={v:.3f}" for e, v in zip(estimators, values[i], strict=True))
            lines.append(f"statement {i + 1}: verdict={ink.word(i, truth)}  {scores}")
    note = d.dim(
        "ue_note",
        ("Uncertainty scores: higher means the judge was less certain of its verdict.",
         "# U(...) = uncertainty of the generated verdict (higher = less certain); the verdict is the generation."),
    )  # fmt: skip
    body = f"{note}\n" + "\n".join(lines)
    return d.done(body)


# ----------------------------------------------------------------- 15. recalibrated_confidence

_CALIBRATORS = (
    "temperature scaling (T={t}) fitted on {m} labelled pairs",
    "isotonic regression fitted on {m} labelled pairs",
    "Platt scaling fitted on {m} labelled pairs",
)


@HELDOUT30
def recalibrated_confidence(ch: Chooser) -> BlindOutput:
    """A team's pipeline that recalibrates the judge's stated confidences after the fact: each verdict with the raw
    confidence GPT-4o mini wrote and the calibrated one (temperature scaling, isotonic or Platt), a header naming
    the method and, now and then, the calibration error before and after; calibration changes the confidence,
    never the verdict."""
    d = Draw(ch, "recalibrated_confidence", max_n=MAX_N)
    method = d.dim("calibrator", _CALIBRATORS).format(t=f"{ch.integer('temperature', 12, 25) / 10:.1f}",
                                                      m=ch.pick("pairs", (200, 500, 1200)))  # fmt: skip
    form = d.dim("calibration_form", ("columns", "kv", "table"))
    ink = d.use_ink(("supported", "yes_no", "entailed"))
    rows = []
    for i, _statement, truth in d.items():
        raw = ch.integer("raw_conf", 80, 99) if truth is not None else ch.integer("raw_conf", 50, 90)
        calibrated = max(30, raw - ch.integer("shrink", 3, 30))
        rows.append((ink.word(i, truth), raw / 100, calibrated / 100))
    if form == "columns":
        width = max(len(v) for v, _r, _c in rows) + 2
        lines = [f"{'#':<3}{'verdict':<{width}}{'raw_conf':<10}calibrated"]
        lines += [f"{k:<3}{v:<{width}}{r:<10.2f}{c:.2f}" for k, (v, r, c) in enumerate(rows, 1)]
    elif form == "kv":
        lines = [f"s{k}: verdict={v} raw_conf={r:.2f} calibrated_conf={c:.2f}" for k, (v, r, c) in enumerate(rows, 1)]
    else:
        lines = ["| # | Verdict | Raw confidence | Calibrated |", "|---|---|---|---|"]
        lines += [f"| {k} | {v} | {r:.2f} | {c:.2f} |" for k, (v, r, c) in enumerate(rows, 1)]
    header = f"# confidences recalibrated with {method}; verdicts unchanged"
    text = header + "\n" + "\n".join(lines)
    if d.flag("ece_line", weight_off=2):
        before = ch.integer("ece_before", 8, 25)
        text += f"\n# ECE before: {before / 100:.2f}  after: {ch.integer('ece_after', 1, before - 3) / 100:.2f}"
    return d.done(text)


# ----------------------------------------------------------------- 16. confidence_refusals

_REFUSALS: tuple[str, ...] = (
    "I can't give verdicts or confidence scores for these statements: no context was provided.",
    '{{"statements": null, "confidence": 0.0, "error": "no context supplied; nothing to judge"}}',
    "Guess: none — I can't make one, the context is missing.\nProbability: n/a",
    "Confidence: 0%. I'm not able to judge any of the {n} statement{pl} without the retrieved context, so I won't "
    "guess.",
    "Self-consistency: 0 of 5 samples returned verdicts (every sample declined: the context was empty). No verdicts.",
    "I'm sorry, but any verdict I gave here would be a coin flip: the context section is blank. Please provide it "
    "and I'll rate each statement with a confidence.",
    "| # | Verdict | Confidence |\n|---|---|---|\n| – | – | – |\n\nI couldn't fill this in: the context is empty, so I "
    "have nothing to check the statements against.",
    "Without a context there is nothing to calibrate against; I'd rather not give verdicts with made-up "
    "confidences. Could you resend the passages?",
    "[judge] refused: no verdicts, no logprobs (the model answered that the context placeholder was never filled)",
)


@HELDOUT30
def confidence_refusals(ch: Chooser) -> BlindOutput:
    """Refusals from graders asked for verdicts with confidences (and from the wrappers around them): no verdict
    and no confidence, said in the requested shape (a zero confidence, an empty table, a null JSON)."""
    d = Draw(ch, "confidence_refusals", max_n=MAX_N, unknowns=False)
    text = d.dim("refusal_text", _REFUSALS).format(n=d.n, pl="" if d.n == 1 else "s")
    if d.flag("refusal_apology", weight_off=2) and text.startswith(("I can't", "Without", "Confidence")):
        text = "I'm sorry. " + text
    return d.refused(text)
