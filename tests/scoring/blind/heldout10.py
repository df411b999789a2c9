"""A TENTH HELD-OUT set of blind layouts: fourteen more ways graders' answers arrive, written blind to the reader.

Run it (``python -m tests.scoring.blind.measure --set heldout10``); do not read it while
developing the reader. Written from what grader outputs look like once they have passed
through a team's evaluation pipeline and landed in its dataset: the string form of a
LangChain or LlamaIndex message (``content='...'`` with escaped newlines), a DSPy
``Prediction(...)``, a log line prefix (timestamp, level, logger) on every line, markdown
rendered to plain text (``•`` bullets, bold lost), tables flattened by tabulate or pandas
(a 0-based index, clipped cells), HTML-escaped text (``&gt;``, ``&quot;``, ``<br>``),
Windows line endings and non-breaking spaces, answers cut mid-word by a max-tokens limit
after their last verdict, a retry logged before the answer (an error, or a failed first
attempt), numbering restarted in each batch of a long list, a grader's own house phrases
per statement ("Claim 3 → holds up"), a trace export record holding the text, a notebook's
display of the string, and refusals wrapped by the same tooling.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: the wrapper is ordinary tooling a person
sees through, every phrase or mark says what it means, and what is cut or retried never
touches a verdict that the answer does not give in full.

    HELDOUT10.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout10_outputs(layout="message_repr")          # one layout's strategy
"""

from __future__ import annotations

import csv
import html
import io
import json

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT10 = LayoutSet("heldout10")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

_MODELS = (
    "gpt-4o-2024-08-06",
    "gpt-4o-mini",
    "claude-3-5-sonnet-20241022",
    "llama3.1:8b",
    "qwen2.5:14b-instruct",
    "mistral-large-latest",
    "gemini-1.5-pro-002",
)


def heldout10_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the tenth held-out set (one layout when named)."""
    return HELDOUT10.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    return statement[:-1] if statement.endswith(".") else statement


def _hex(ch: Chooser, name: str, length: int) -> str:
    return "".join("0123456789abcdef"[ch.integer(name, 0, 15)] for _ in range(length))


def _uuid(ch: Chooser) -> str:
    return "-".join(_hex(ch, "uuid", size) for size in (8, 4, 4, 4, 12))


def _clean_ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES) -> Ink:
    """Verdict words decorated only in ways that survive the tooling and read the same in a sentence."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket"))
    return ink


# ----------------------------------------------------------------- the answer inside the tooling

_INNER_FORMS = ("statement_lines", "numbered_echo", "explain_then_final", "verdict_reason", "ragas_json")


def _ragas_json(d: Draw, *, indent: int | None) -> str:
    """RAGAS's shape; an undecided item is given 0 with the grader's doubt as its reason (the prompt allows 0/1)."""
    ink = d.ink
    items = [
        {"statement": s, "reason": ink.explanation(i, t), "verdict": 1 if t is True else 0} for i, s, t in d.items()
    ]
    return json.dumps({"statements": items}, indent=indent, ensure_ascii=False)


def _inner(d: Draw, forms: tuple[str, ...] = _INNER_FORMS) -> str:
    """A plain answer (each verdict given once, in order), framed as graders frame it, before the tooling touches it."""
    ink = d.ink
    form = d.dim("inner_form", forms)
    explain = d.flag("inner_explain")
    if form == "ragas_json":
        return _ragas_json(d, indent=2 if d.flag("json_indent") else None)
    if form == "explain_then_final":
        blocks = [f"Statement {i + 1}: {s}\nExplanation: {ink.explanation(i, t)}" for i, s, t in d.items()]
        return d.frame("\n\n".join(blocks) + "\n\n" + d.final_line(), tally=False)
    lines = []
    for i, statement, truth in d.items():
        if form == "statement_lines":
            line = f"Statement {i + 1}: {ink.token(i, truth)}"
            line += f" - {ink.explanation(i, truth)}" if explain else ""
        elif form == "numbered_echo":
            line = f'{i + 1}. "{statement}" -> {ink.token(i, truth)}'
        else:
            line = f"{i + 1}. {ink.token(i, truth)}. {ink.explanation(i, truth)}"
        lines.append(line)
    return d.frame("\n".join(lines))


# ----------------------------------------------------------------- 1. message_repr

_USAGE = "{{'prompt_tokens': {p}, 'completion_tokens': {c}, 'total_tokens': {t}}}"


@HELDOUT10
def message_repr(ch: Chooser) -> BlindOutput:
    """The str() or repr() of a framework's chat message (LangChain, LlamaIndex): the answer as an escaped literal."""
    d = Draw(ch, "message_repr", max_n=MAX_N)
    _clean_ink(d)
    answer = _inner(d)
    model = d.dim("model", _MODELS)
    wrapper = d.dim("message_wrapper", ("langchain_str", "aimessage_repr", "llamaindex_chat", "llamaindex_str"))
    prompt_tokens = ch.integer("prompt_tokens", 300, 2400)
    completion_tokens = ch.integer("completion_tokens", 20, 600)
    usage = _USAGE.format(p=prompt_tokens, c=completion_tokens, t=prompt_tokens + completion_tokens)
    metadata = (
        f"{{'token_usage': {usage}, 'model_name': '{model}', 'system_fingerprint': 'fp_{_hex(ch, 'fp', 10)}', "
        "'finish_reason': 'stop', 'logprobs': None}"
    )
    run = f"run-{_uuid(ch)}-0"
    if wrapper == "langchain_str":
        text = f"content={answer!r} additional_kwargs={{}} response_metadata={metadata} id='{run}'"
    elif wrapper == "aimessage_repr":
        usage_meta = (
            f"{{'input_tokens': {prompt_tokens}, 'output_tokens': {completion_tokens}, "
            f"'total_tokens': {prompt_tokens + completion_tokens}}}"
        )
        text = (
            f"AIMessage(content={answer!r}, additional_kwargs={{'refusal': None}}, response_metadata={metadata}, "
            f"id='{run}', usage_metadata={usage_meta})"
        )
    elif wrapper == "llamaindex_chat":
        text = (
            "ChatMessage(role=<MessageRole.ASSISTANT: 'assistant'>, additional_kwargs={}, "
            f"blocks=[TextBlock(block_type='text', text={answer!r})])"
        )
    else:
        text = f"assistant: {answer}"
    return d.done(text)


# ----------------------------------------------------------------- 2. dspy_prediction

_FIELD_NAMES = ("verdicts", "labels", "supported")


@HELDOUT10
def dspy_prediction(ch: Chooser) -> BlindOutput:
    """A DSPy ``Prediction(...)`` printed as it is stored: a reasoning field and a list (or string) of verdicts."""
    d = Draw(ch, "dspy_prediction", max_n=MAX_N)
    ink = d.use_ink()
    field = d.dim("prediction_field", _FIELD_NAMES)
    kind = d.dim("prediction_values", ("words", "bools") if field == "supported" else ("words", "final_string"))
    reasoning = " ".join(f"Statement {i + 1}: {ink.explanation(i, t)}" for i, _s, t in d.items())
    if kind == "bools":
        values = repr([t for _i, _s, t in d.items()])
    elif kind == "words":
        values = repr([ink.word(i, t) for i, _s, t in d.items()])
    else:
        values = repr(d.final_line())
    fields = [("reasoning", repr(reasoning)), (field, values)]
    if d.flag("prediction_statements"):
        fields.insert(1, ("statements", repr(list(d.statements))))
    indent = d.dim("prediction_indent", ("    ", "  "))
    body = "Prediction(\n" + ",\n".join(f"{indent}{name}={value}" for name, value in fields) + "\n)"
    if kind == "bools":
        body = "# supported: True = supported by the context, False = not supported, None = cannot tell\n" + body
    return d.done(body)


# ----------------------------------------------------------------- 3. log_prefixed_lines

_LOG_PREFIXES = (
    "2026-11-29 14:02:{sec:02d},{ms:03d} INFO [faithfulness.grader] ",
    "[2026-11-29T14:02:{sec:02d}.{ms:03d}Z] grader | ",
    "INFO:ragas.metrics._faithfulness:",
    "I1129 14:02:{sec:02d}.{ms:03d}913 140213 grader.py:88] ",
    "eval-worker-3  | ",
)


@HELDOUT10
def log_prefixed_lines(ch: Chooser) -> BlindOutput:
    """The answer copied out of a log: a prefix (timestamp, level, logger) before every line."""
    d = Draw(ch, "log_prefixed_lines", max_n=MAX_N)
    _clean_ink(d)
    answer = _inner(d, ("statement_lines", "numbered_echo", "explain_then_final", "verdict_reason"))
    prefix = d.dim("log_prefix", _LOG_PREFIXES)
    blank = d.dim("log_blank_lines", ("kept", "dropped"))
    sec, ms = ch.integer("log_sec", 0, 50), ch.integer("log_ms", 0, 900)
    lines = answer.split("\n")
    if d.flag("log_header"):
        lines.insert(0, f"grader response (model={d.dim('model', _MODELS)}, {ch.integer('tokens', 40, 600)} tokens):")
    out = []
    for line in lines:
        if not line.strip() and blank == "dropped":
            continue
        out.append(prefix.format(sec=sec, ms=ms) + line)
        ms += ch.integer("log_step", 0, 3)
    return d.done("\n".join(out))


# ----------------------------------------------------------------- 4. markdown_flattened

_FLAT_FORMS = (
    "• Statement {k}: {s}\n  ◦ Verdict: {v}\n  ◦ Reason: {e}",
    "* {s} - {v}",
    "Statement {k}\n{s}\nVerdict: {v}\nReason: {e}",
    "• {k}. {v} ({e})",
    "{k}) {s}\n   - {v}",
)


@HELDOUT10
def markdown_flattened(ch: Chooser) -> BlindOutput:
    """Markdown rendered to plain text by a UI export: bullets as • or *, headings and bold gone."""
    d = Draw(ch, "markdown_flattened", max_n=MAX_N)
    ink = d.use_ink()
    form = d.dim("flat_form", _FLAT_FORMS)
    blocks = [form.format(k=i + 1, s=s, v=ink.word(i, t), e=ink.explanation(i, t).rstrip(".")) for i, s, t in d.items()]
    gap = "\n\n" if "\n" in form else "\n"
    body = gap.join(blocks)
    title = d.dim("flat_title", ("none", "Evaluation", "Results", "Faithfulness check"))
    if title != "none":
        body = f"{title}\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 5. flattened_table


def _grid(rows: list[list[str]], *, numeric_first: bool) -> str:
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]

    def rule(char: str) -> str:
        return "+" + "+".join(char * (w + 2) for w in widths) + "+"

    def line(row: list[str]) -> str:
        cells = [
            (cell.rjust(w) if c == 0 and numeric_first else cell.ljust(w))
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "| " + " | ".join(cells) + " |"

    out = [rule("-"), line(rows[0]), rule("=")]
    for row in rows[1:]:
        out += [line(row), rule("-")]
    return "\n".join(out)


def _pandas(header: list[str], rows: list[list[str]]) -> str:
    """pandas' DataFrame repr: 0-based index, right-justified columns, cells clipped at 50 characters."""
    clipped = [[cell if len(cell) <= 50 else cell[:47] + "..." for cell in row] for row in rows]
    index = [str(k) for k in range(len(rows))]
    iw = max(len(k) for k in index)
    widths = [max(len(header[c]), *(len(row[c]) for row in clipped)) for c in range(len(header))]
    out = [" " * iw + "".join("  " + h.rjust(w) for h, w in zip(header, widths, strict=True))]
    for k, row in zip(index, clipped, strict=True):
        out.append(k.ljust(iw) + "".join("  " + cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
    return "\n".join(out)


@HELDOUT10
def flattened_table(ch: Chooser) -> BlindOutput:
    """A results table after the tooling: tab-separated, a tabulate grid, or a pandas DataFrame print (index from 0)."""
    d = Draw(ch, "flattened_table", max_n=MAX_N)
    ink = d.use_ink()
    style = d.dim("table_style", ("tsv", "grid", "pandas"))
    with_reason = style != "pandas" and d.flag("table_reason")
    if style == "pandas":
        column = d.dim("pandas_column", ("verdict", "supported"))
        header = ["statement", column]
        rows = [[s, str(t) if column == "supported" else ink.word(i, t)] for i, s, t in d.items()]
        body = _pandas(header, rows)
        if column == "supported":
            body += "\n\n(supported: True = supported by the context, False = not supported, None = cannot tell)"
        return d.done(d.frame(body, tally=False))
    header = ["#", "Statement", "Verdict"] + (["Reason"] if with_reason else [])
    rows = [header]
    for i, s, t in d.items():
        rows.append([str(i + 1), s, ink.word(i, t)] + ([ink.explanation(i, t)] if with_reason else []))
    body = "\n".join("\t".join(row) for row in rows) if style == "tsv" else _grid(rows, numeric_first=True)
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. html_escaped


@HELDOUT10
def html_escaped(ch: Chooser) -> BlindOutput:
    """The answer as an HTML-escaping dashboard stored it: &quot;, &gt;, &#x27;, sometimes <br> for line breaks."""
    d = Draw(ch, "html_escaped", max_n=MAX_N)
    _clean_ink(d)
    answer = _inner(d, ("statement_lines", "numbered_echo", "explain_then_final", "verdict_reason", "ragas_json"))
    escaped = html.escape(answer, quote=True)
    breaks = d.dim("html_breaks", ("newlines", "newlines", "br", "br_newline"))
    if breaks == "br":
        escaped = escaped.replace("\n", "<br>")
    elif breaks == "br_newline":
        escaped = escaped.replace("\n", "<br/>\n")
    if d.flag("html_paragraph"):
        escaped = f"<p>{escaped}</p>"
    return d.done(escaped)


# ----------------------------------------------------------------- 7. crlf_nbsp

_NBSP_FORMS = (
    "Statement {k}:\u00a0{v}",
    "{k}.\u00a0{s}\u00a0—\u00a0{v}",
    "Statement\u00a0{k}\u00a0:\u00a0{v}",
    "{k}) {v}",
)


@HELDOUT10
def crlf_nbsp(ch: Chooser) -> BlindOutput:
    """Text that went through Windows tooling or a rich-text copy: CRLF line ends, non-breaking spaces, a BOM."""
    d = Draw(ch, "crlf_nbsp", max_n=MAX_N)
    ink = _clean_ink(d)
    form = d.dim("nbsp_form", _NBSP_FORMS)
    explain = d.flag("nbsp_explain")
    lines = []
    for i, s, t in d.items():
        line = form.format(k=i + 1, s=s, v=ink.token(i, t))
        if explain:
            line += "\u00a0- " + ink.explanation(i, t)
        if d.flag("trailing_space", weight_off=2):
            line += " \u00a0"
        lines.append(line)
    text = d.frame("\n".join(lines), think=False)
    if d.flag("all_nbsp", weight_off=2):
        text = text.replace(" ", "\u00a0")
    text = text.replace("\n", "\r\n")
    if d.flag("bom"):
        text = "\ufeff" + text
    return d.done(text)


# ----------------------------------------------------------------- 8. max_tokens_cut

_AFTERWORDS = (
    "Overall, these verdicts are based only on the information in the context; no outside knowledge was used "
    "when checking the individual statements against the passage.",
    "Methodology: each statement was compared with the passage sentence by sentence, and paraphrases were "
    "accepted whenever their meaning matched the original wording exactly.",
    "Recommendation: store these verdicts together with the version of the context they were made against, so "
    "that later re-evaluations remain comparable.",
)
_CUT_MARKS = ("", "", "…", " [truncated]", "\n\n[output truncated: max_tokens reached]")


def _cut_mid_word(text: str, ch: Chooser) -> str:
    """``text`` cut inside one of its longer words (at least four letters kept, so no short verdict-like stub)."""
    words = text.split(" ")
    long_ones = [k for k, w in enumerate(words) if len(w) >= 7 and w.isalpha() and k > 2]
    k = ch.pick("cut_word", long_ones)
    keep = ch.integer("cut_keep", 4, len(words[k]) - 2)
    return " ".join(words[:k]) + " " + words[k][:keep]


@HELDOUT10
def max_tokens_cut(ch: Chooser) -> BlindOutput:
    """All verdicts given, then the text cut mid-word by a max-tokens limit (in a trailing summary or JSON's close)."""
    d = Draw(ch, "max_tokens_cut", max_n=MAX_N)
    ink = _clean_ink(d)
    where = d.dim("cut_where", ("afterword", "afterword", "json_close"))
    if where == "json_close":
        whole = _ragas_json(d, indent=2 if d.flag("json_indent") else None)
        # cut after the last item's closing brace: the verdicts are all there, the list and object are not closed
        text = whole[: whole.rstrip().rstrip("}").rstrip().rstrip("]").rstrip().rfind("}") + 1]
        return d.done(text)
    form = d.dim("cut_form", ("Statement {k}: {v}", "{k}. {v} — {e}", "{k}. {s} → {v}"))
    lines = [form.format(k=i + 1, s=s, v=ink.token(i, t), e=ink.explanation(i, t)) for i, s, t in d.items()]
    body = d.frame("\n".join(lines), tally=False, sign_off=False)
    cut = _cut_mid_word(d.dim("afterword", _AFTERWORDS), ch)
    return d.done(body + "\n\n" + cut + d.dim("cut_mark", _CUT_MARKS))


# ----------------------------------------------------------------- 9. retry_then_answer

_ERRORS = (
    "Retrying langchain_openai.chat_models.base.ChatOpenAI.completion_with_retry.<locals>._completion_with_retry "
    "in 4.0 seconds as it raised RateLimitError: Rate limit reached for gpt-4o in organization org-x9Qe on tokens "
    "per min (TPM): Limit 30000, Used 29770, Requested 1204. Please try again in 1.948s.",
    "openai.APITimeoutError: Request timed out.\n[attempt 2/3]",
    "Error code: 529 - {'type': 'error', 'error': {'type': 'overloaded_error', 'message': 'Overloaded'}}\n"
    "Retrying (attempt 2 of 5) after 8s...",
    "WARNING: 503 Service Unavailable from http://localhost:11434/api/chat, retrying (1/3)",
)


@HELDOUT10
def retry_then_answer(ch: Chooser) -> BlindOutput:
    """One stored output holding a retry: an API error (or a cut-off first attempt that agrees), then the answer."""
    d = Draw(ch, "retry_then_answer", min_n=2, max_n=MAX_N)
    _clean_ink(d)
    kind = d.dim("retry_kind", ("api_error", "api_error", "cut_attempt"))
    answer = _inner(d, ("statement_lines", "numbered_echo", "verdict_reason", "explain_then_final"))
    if kind == "api_error":
        head = d.dim("retry_error", _ERRORS)
    else:
        lines = answer.split("\n")
        # a first attempt that stopped before its end (each line it has is the full answer's own line)
        first = "\n".join(lines[: ch.integer("attempt_lines", 1, max(1, len(lines) - 1))])
        head = f"--- attempt 1 (stopped: connection reset by peer) ---\n{first}\n--- attempt 2 ---"
    return d.done(head + "\n\n" + answer)


# ----------------------------------------------------------------- 10. restarted_numbering

_BATCH_HEADS = (
    "Statements {a}–{b}:",
    "Part {p} of 2 (statements {a} to {b})",
    "Batch {p} — statements {a}-{b}",
    "(continued: statements {a}–{b})",
)


@HELDOUT10
def restarted_numbering(ch: Chooser) -> BlindOutput:
    """A long list answered in two batches, each headed with its range, the numbering restarting at 1 in the second."""
    d = Draw(ch, "restarted_numbering", min_n=2, max_n=MAX_N)
    ink = _clean_ink(d)
    head = d.dim("batch_head", _BATCH_HEADS)
    form = d.dim("batch_item", ('{j}. "{s}" — {v}', "{j}. {s}\n   Verdict: {v}", "{j}. {s} ({v})"))
    split = ch.integer("split", 1, d.n - 1)
    parts = []
    for p, (start, stop) in enumerate(((0, split), (split, d.n)), start=1):
        a, b = start + 1, stop
        title = head.format(p=p, a=a, b=b)
        if p == 1 and title.startswith("(continued"):
            title = f"Statements {a}–{b}:"
        items = [
            form.format(j=j + 1, s=d.statements[start + j], v=ink.token(start + j, d.truth[start + j]))
            for j in range(stop - start)
        ]
        parts.append(title + "\n" + "\n".join(items))
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 11. house_style_sentences

_HOUSE_STYLES: dict[str, tuple[str, tuple[str, str, str]]] = {
    "claim_arrow": ("Claim {k} → {v}", ("holds up", "does not hold up", "can't be checked against the context")),
    "s_dash": ("S{k} — {v}", ("supported by the passage", "no support found", "the passage is inconclusive")),
    "hash_grounded": ("#{k}: {v}", ("grounded in the context", "not grounded in the context", "grounding unclear")),
    "checks_out": ("Statement {k} {v}", ("checks out", "does not check out", "cannot be verified either way")),
    "backed": ("[{k}] {v}", ("backed by the source", "not backed by the source", "the source is ambiguous here")),
}


@HELDOUT10
def house_style_sentences(ch: Chooser) -> BlindOutput:
    """A verdict per statement in the grader's own house phrases ("Claim 3 → holds up", "S2 — no support found")."""
    d = Draw(ch, "house_style_sentences", max_n=MAX_N)
    d.use_ink()
    template, phrases = _HOUSE_STYLES[d.dim("house_style", tuple(_HOUSE_STYLES))]
    echo = d.flag("house_echo")
    explain = d.flag("house_explain")
    lines = []
    for i, s, t in d.items():
        line = template.format(k=i + 1, v=_of(t, phrases))
        if echo:
            line = line.replace(f"{i + 1}", f'{i + 1} ("{_bare(s)}")', 1)
        if explain:
            line += f". {d.ink.explanation(i, t)}"
        lines.append(line)
    return d.done(d.frame("\n".join(lines)))


# ----------------------------------------------------------------- 12. trace_export_record


@HELDOUT10
def trace_export_record(ch: Chooser) -> BlindOutput:
    """The answer as one record of a tracing tool's export (JSON line, YAML, CSV row) with its metadata around it."""
    d = Draw(ch, "trace_export_record", max_n=MAX_N)
    _clean_ink(d)
    answer = _inner(d, ("statement_lines", "numbered_echo", "explain_then_final", "verdict_reason"))
    model = d.dim("model", _MODELS)
    trace = _uuid(ch)
    latency = ch.integer("latency", 300, 9000)
    tokens = ch.integer("tokens", 40, 600)
    style = d.dim("export_style", ("jsonl", "yaml", "csv"))
    if style == "jsonl":
        record = {
            "trace_id": trace,
            "name": "faithfulness_grader",
            "model": model,
            "latency_ms": latency,
            "output_tokens": tokens,
            "output": answer,
            "status": "success",
        }
        return d.done(json.dumps(record, ensure_ascii=False))
    if style == "yaml":
        indented = "\n".join(("    " + line) if line else "" for line in answer.split("\n"))
        text = (
            f"- trace_id: {trace}\n  name: faithfulness_grader\n  model: {model}\n  latency_ms: {latency}\n"
            f"  output_tokens: {tokens}\n  output: |\n{indented}\n  status: success"
        )
        return d.done(text)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["trace_id", "model", "latency_ms", "output"])
    writer.writerow([trace, model, latency, answer])
    return d.done(buffer.getvalue().rstrip("\n"))


# ----------------------------------------------------------------- 13. notebook_string_repr


@HELDOUT10
def notebook_string_repr(ch: Chooser) -> BlindOutput:
    """A notebook's display of the answer string: one escaped literal, or IPython's parenthesised line-by-line form."""
    d = Draw(ch, "notebook_string_repr", max_n=MAX_N)
    _clean_ink(d)
    answer = _inner(d, ("statement_lines", "numbered_echo", "explain_then_final", "verdict_reason"))
    style = d.dim("notebook_style", ("pretty", "pretty", "one_literal"))
    if style == "one_literal":
        text = repr(answer)
    else:
        pieces = [line + "\n" for line in answer.split("\n")]
        pieces[-1] = pieces[-1][:-1]
        literals = [repr(piece) for piece in pieces if piece]
        text = "(" + "\n ".join(literals) + ")"
    if d.flag("out_prompt"):
        text = f"Out[{ch.integer('cell', 3, 48)}]: " + text
    return d.done(text)


# ----------------------------------------------------------------- 14. pipeline_refusals

_REFUSALS = (
    "I'm sorry, but I can't evaluate these statements: the context you provided is empty.",
    "I apologize, but I am unable to determine whether the statements are supported, because no context was "
    "included in the request.",
    "I'm not able to help with this request.",
    "Sorry, I cannot complete this task. The context appears to be unrelated to the statements, so I won't guess.",
    "As an AI, I can't verify these statements without the source document. Please provide the context.",
)


@HELDOUT10
def pipeline_refusals(ch: Chooser) -> BlindOutput:
    """A grader's refusal as the tooling stored it: in a message repr, a log line, a trace record, escaped or CRLF."""
    d = Draw(ch, "pipeline_refusals", unknowns=False, max_n=MAX_N)
    refusal = d.dim("refusal", _REFUSALS)
    wrapper = d.dim("refusal_wrapper", ("langchain_str", "aimessage", "log", "jsonl", "html", "crlf", "prediction"))
    model = d.dim("model", _MODELS)
    if wrapper == "langchain_str":
        text = (
            f"content={refusal!r} additional_kwargs={{}} response_metadata={{'model_name': '{model}', "
            f"'finish_reason': 'stop'}} id='run-{_uuid(ch)}-0'"
        )
    elif wrapper == "aimessage":
        text = f"AIMessage(content={refusal!r}, additional_kwargs={{'refusal': None}}, id='run-{_uuid(ch)}-0')"
    elif wrapper == "log":
        text = f"2026-11-29 14:02:{ch.integer('log_sec', 10, 59)},311 INFO [faithfulness.grader] {refusal}"
    elif wrapper == "jsonl":
        text = json.dumps({"trace_id": _uuid(ch), "model": model, "output": refusal, "status": "success"})
    elif wrapper == "html":
        text = html.escape(refusal, quote=True)
    elif wrapper == "crlf":
        text = refusal.replace(". ", ".\r\n") + "\r\n"
    else:
        text = f"Prediction(\n    reasoning={refusal!r},\n    verdicts=[]\n)"
    return d.refused(text)
