"""A TWENTY-EIGHTH HELD-OUT set of blind layouts: verdicts stored from streams, logs and traces, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout28``); do not read it while
developing the reader. Written from what teams store as call 2's output when they keep what
their plumbing captured rather than one clean string: the raw body of a streamed response
(OpenAI's ``chat.completion.chunk`` server-sent events with their ``data:`` prefixes, tokens
split mid-word and the ``[DONE]`` line; Anthropic's ``content_block_delta`` events; the
Responses API's ``response.output_text.delta`` events; Gemini's streamed candidates; Ollama's
NDJSON lines; Bedrock's ConverseStream events as boto3 hands them over; the Vercel AI SDK's
data stream), the SDK objects printed one per chunk, a log file whose lines (timestamps,
levels, loggers) sit around the reply, JSON and logfmt log lines holding the reply as an
escaped string, Lambda's CloudWatch events (one event a printed line, or ``\\r`` inside one),
tracing exports (a LangSmith run with its ``new_token`` events, a Langfuse generation, an
OpenTelemetry span's ``gen_ai.completion.0.content`` or OpenInference attributes), retries whose
first attempt was cut (a read timeout, an ``overloaded_error`` event mid-stream) before the
second completed, responses stopped by ``finish_reason: "length"`` after the last verdict, usage
and latency lines appended to the reply, and the reply logged as a JSON string (``\\n`` as two
characters, ``\\u2014``, escaped twice). The refusal layout is a decline captured the same ways
(OpenAI's ``delta.refusal``, ``"content": null`` beside ``"refusal"``).

A careful person reconstructs the grader's reply (concatenates the deltas, reads the field
that holds the text, unescapes the string, takes the completed attempt) and reads its verdicts.
Each layout draws the reply from graders.py's dimensions where they fit (statement counts from
1 to 10, call 1's styles, verdict words and casing, decoration, annotation, explanations,
undecided items) and ``_draw``'s frame (a ``<think>`` draft, a preface, an agreeing count, a
sign-off), in one of five shapes (promptfoo's legacy blocks with the final line, verdict lines,
echoed statements, the final line after explanations, RAGAS JSON with ``null`` for an undecided
item). Only outputs whose reconstruction leaves no doubt are drawn: the plumbing adds ids,
timings, token counts and finish reasons, never a word about a statement; every stream holds
the whole reply once (a retried attempt holds a prefix of it); a cut falls after the last
verdict; decorations that an escape would hide (a mark standing alone for a verdict) are not
drawn.

    HELDOUT28.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout28_outputs(layout="openai_sse_chunks")      # one layout's strategy
"""

from __future__ import annotations

import datetime
import json
import random
import re
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT28 = LayoutSet("heldout28")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

# 2026-03-02T10:14:03Z, the day the captures below were taken
_EPOCH = 1772446443


def heldout28_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-eighth held-out set (one layout when named)."""
    return HELDOUT28.strategy(layout)


def _one_zero(truth: Truth) -> int | None:
    """RAGAS's verdict: 1, 0, or null where the grader left the statement undecided."""
    return None if truth is None else int(truth)


def _compact(value: Any) -> str:
    """JSON as APIs send it on the wire: no spaces, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _draw(ch: Chooser, layout: str, *, min_n: int = 1, unknowns: bool = True) -> Draw:
    """``Draw`` for one output; most answers hold a handful of statements, some up to ten."""
    cap = ch.pick("statement_cap", (6, MAX_N))
    d = Draw(ch, layout, min_n=min_n, max_n=cap, unknowns=unknowns)
    d.dims["statement_cap"] = str(cap)
    return d


# ----------------------------------------------------------------- the plumbing's own noise


class Plumbing:
    """Ids, clocks and token counts of one capture, drawn from one seed (the choices that matter are ``Draw.dim``s)."""

    def __init__(self, ch: Chooser) -> None:
        self.rng = random.Random(ch.integer("plumbing_seed", 0, 10**9))
        self.start = _EPOCH + self.rng.randint(0, 20 * 86400)
        self.millis = self.rng.randint(0, 999)
        self.prompt_tokens = self.rng.randint(420, 3200)

    def b62(self, length: int) -> str:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        return "".join(self.rng.choice(alphabet) for _ in range(length))

    def hex(self, length: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(length))

    def uuid(self) -> str:
        return "-".join(self.hex(size) for size in (8, 4, 4, 4, 12))

    def noise(self) -> str:
        """OpenAI's stream ``obfuscation`` padding: letters and digits, always with a digit in it."""
        return self.b62(self.rng.randint(1, 11)) + str(self.rng.randint(0, 9))

    def iso(self, offset_ms: int = 0, *, micro: bool = False, zone: str = "Z") -> str:
        """An ISO time ``offset_ms`` after the capture started."""
        total = self.millis + offset_ms
        seconds = self.start + total // 1000
        ms = total % 1000
        stamp = _utc(seconds)
        fraction = f"{ms:03d}{self.rng.randint(0, 999):03d}" if micro else f"{ms:03d}"
        return f"{stamp}.{fraction}{zone}"

    def plain(self, offset_ms: int = 0, *, sep: str = " ", comma: bool = False) -> str:
        """``2026-03-02 10:14:03,118`` (Python logging) or ``2026-03-02 10:14:03.118``."""
        total = self.millis + offset_ms
        stamp = _utc(self.start + total // 1000).replace("T", sep)
        return f"{stamp}{',' if comma else '.'}{total % 1000:03d}"

    def epoch_ms(self, offset_ms: int = 0) -> int:
        return (self.start * 1000) + self.millis + offset_ms


def _utc(seconds: int) -> str:
    return datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")


# ----------------------------------------------------------------- the grader's reply, before the plumbing

_REPLY_FORMS = ("legacy_blocks", "verdict_lines", "echo_lines", "final_after_explanations", "ragas_json")
_KEY_ORDERS = (
    ("statement", "reason", "verdict"),
    ("statement", "verdict", "reason"),
    ("reason", "verdict", "statement"),
)
_LINE_LABELS = ("Statement {k}: {v}", "{k}. {v}", "{k}) {v}", "S{k}: {v}", "Statement {k} - {v}")


def _ink(d: Draw, *, ascii_only: bool = False, banned: Sequence[str] = ()) -> Ink:
    """Verdict words (graders.py's vocabularies and casing), decorated in ways an escape or a split leaves legible."""
    ink = d.use_ink(WORD_VOCABULARIES)
    excluded = ["emoji_only", "angle", "arrow", *banned]
    if ascii_only:
        excluded += ["emoji_before", "emoji_after"]
    ink.decorate(exclude=excluded)
    return ink


def _ragas(d: Draw, ink: Ink, keys: Sequence[str], *, indent: int | None) -> str:
    items = []
    for i, statement, truth in d.items():
        fields: dict[str, Any] = {"statement": statement, "reason": ink.explanation(i, truth), "verdict": None}
        fields["verdict"] = _one_zero(truth)
        items.append({key: fields[key] for key in keys})
    return json.dumps({"statements": items}, ensure_ascii=False, indent=indent)


def _reply(d: Draw, forms: Sequence[str] = _REPLY_FORMS, *, ascii_only: bool = False, think: bool = True) -> str:
    """The grader's whole reply: each statement's verdict given once, in order, framed as graders frame it
    (``think=False``: no reasoning model's draft, for the captures that hold a line per token)."""
    form = d.dim("reply_form", tuple(forms))
    ink = _ink(d, ascii_only=ascii_only)
    if form == "ragas_json":
        keys = d.dim("json_keys", _KEY_ORDERS)
        text = _ragas(d, ink, keys, indent=None if d.flag("json_compact") else 2)
        return f"```json\n{text}\n```" if d.flag("json_fence", weight_off=2) else text
    if form == "legacy_blocks":
        ink.annotate(allowed=False)
        blocks = [
            f"Statement {i + 1}: {s}\nExplanation: {ink.explanation(i, t)}\nVerdict: {ink.token(i, t)}."
            for i, s, t in d.items()
        ]
        body = "\n\n".join(blocks)
        if d.dim("legacy_final", ("kept", "kept", "left_out")) == "kept":
            body += "\n\n" + d.final_line()
        return d.frame(body, think=think, tally=False)
    if form == "final_after_explanations":
        ink.annotate(allowed=False)
        blocks = [f"{i + 1}. {s}\nExplanation: {ink.explanation(i, t)}" for i, s, t in d.items()]
        return d.frame("\n\n".join(blocks) + "\n\n" + d.final_line(), think=think, tally=False)
    ink.annotate()
    lines = []
    if form == "verdict_lines":
        label = d.dim("line_label", _LINE_LABELS)
        explain = d.dim("line_explain", ("none", "dash", "sentence"))
        for i, _statement, truth in d.items():
            line = label.format(k=i + 1, v=ink.token(i, truth, annotate=True))
            if explain == "dash":
                line += f" - {ink.explanation(i, truth)}"
            elif explain == "sentence":
                line += f". {ink.explanation(i, truth)}"
            lines.append(line)
    else:
        arrow = d.dim("echo_arrow", (" ->", " =>", " —", ":"))
        for i, statement, truth in d.items():
            lines.append(f'{i + 1}. "{statement}"{arrow} {ink.token(i, truth, annotate=True)}')
    return d.frame("\n".join(lines), think=think)


# ----------------------------------------------------------------- tokens and chunks

# GPT-style pre-tokenization: a word with its leading space, up to three digits, a run of punctuation, whitespace
_TOKEN = re.compile(r" ?[^\W\d_]+| ?\d{1,3}| ?[^\s\w]+|\s+(?!\S)|\s+|.", re.S)


def _tokens(text: str, rng: random.Random, split: float) -> list[str]:
    """Roughly a BPE tokenizer's pieces (a word with its leading space), some words split mid-word ("Ye" "s")."""
    out: list[str] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        core = token.lstrip(" ")
        if core.isalpha() and len(core) >= 3 and rng.random() < split:
            cut = len(token) - len(core) + rng.randint(1, len(core) - 1)
            out += [token[:cut], token[cut:]]
        else:
            out.append(token)
    assert "".join(out) == text
    return out


def _chunks(text: str, rng: random.Random, lo: int, hi: int, *, split: float = 0.18, first: int = 0) -> list[str]:
    """``text`` in stream chunks of ``lo``..``hi`` tokens (``first`` tokens in the first chunk when given)."""
    tokens = _tokens(text, rng, split)
    chunks: list[str] = []
    i = 0
    while i < len(tokens):
        size = first if (first and not chunks) else rng.randint(lo, hi)
        chunks.append("".join(tokens[i : i + size]))
        i += size
    return chunks


def _token_count(text: str) -> int:
    return len(_TOKEN.findall(text))


def _sse(events: Sequence[tuple[str | None, str]], *, blank: bool = True, crlf: bool = False) -> str:
    """Server-sent events: ``event:`` (when named) and ``data:`` lines, a blank line after each event."""
    end = "\r\n" if crlf else "\n"
    out = []
    for name, data in events:
        lines = ([f"event: {name}"] if name else []) + [f"data: {data}"]
        out.append(end.join(lines) + (end + end if blank else end))
    return "".join(out).rstrip("\r\n")


# ----------------------------------------------------------------- 1. openai_sse_chunks

_OPENAI_MODELS = (
    "gpt-4o-mini-2024-07-18",
    "gpt-4o-2024-08-06",
    "gpt-4.1-mini-2025-04-14",
    "gpt-4.1-2025-04-14",
)
# OpenAI-compatible servers stream the same chunks (no fingerprint, their own ids)
_COMPATIBLE_MODELS = (
    "meta-llama/Llama-3.1-70B-Instruct",
    "Qwen/Qwen2.5-72B-Instruct",
    "deepseek-chat",
    "mistral-large-latest",
)


def _openai_chunks(
    d: Draw, p: Plumbing, reply: str, *, finish: str = "stop", model: str | None = None
) -> list[dict[str, Any]]:
    """The ``chat.completion.chunk`` objects of one streamed reply, as the API sends them."""
    name = model or d.dim("model", _OPENAI_MODELS + _COMPATIBLE_MODELS)
    native = name in _OPENAI_MODELS
    cid = "chatcmpl-" + (p.b62(29) if native else p.hex(32))
    created = p.start
    usage = d.flag("include_usage")
    noise = native and d.flag("obfuscation", weight_off=2)
    fingerprint = "fp_" + p.hex(10)

    def chunk(delta: dict[str, Any], finish_reason: str | None, choices: bool = True) -> dict[str, Any]:
        body: dict[str, Any] = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": name}
        if native:
            body["service_tier"] = "default"
            body["system_fingerprint"] = fingerprint
        body["choices"] = (
            [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}] if choices else []
        )
        if usage:
            body["usage"] = None
        if noise:
            body["obfuscation"] = p.noise()
        return body

    first: dict[str, Any] = {"role": "assistant", "content": ""}
    if native:
        first["refusal"] = None
    out = [chunk(first, None)]
    out += [chunk({"content": piece}, None) for piece in _chunks(reply, p.rng, 1, 1 if native else 2)]
    out.append(chunk({}, finish))
    if usage:
        completion = _token_count(reply)
        last = chunk({}, None, choices=False)
        last["usage"] = {
            "prompt_tokens": p.prompt_tokens,
            "completion_tokens": completion,
            "total_tokens": p.prompt_tokens + completion,
        }
        out.append(last)
    return out


def _openai_chunk_repr(body: dict[str, Any]) -> str:
    """``print(chunk)`` of the openai Python SDK's ``ChatCompletionChunk``."""
    choices = []
    for choice in body["choices"]:
        delta = choice["delta"]
        fields = ", ".join(
            f"{key}={delta.get(key)!r}" for key in ("content", "function_call", "refusal", "role", "tool_calls")
        )
        choices.append(
            f"Choice(delta=ChoiceDelta({fields}), finish_reason={choice['finish_reason']!r}, index=0, logprobs=None)"
        )
    usage = body.get("usage")
    usage_text = (
        "None"
        if usage is None
        else f"CompletionUsage(completion_tokens={usage['completion_tokens']}, "
        f"prompt_tokens={usage['prompt_tokens']}, total_tokens={usage['total_tokens']})"
    )
    return (
        f"ChatCompletionChunk(id={body['id']!r}, choices=[{', '.join(choices)}], created={body['created']}, "
        f"model={body['model']!r}, object='chat.completion.chunk', service_tier={body.get('service_tier')!r}, "
        f"system_fingerprint={body.get('system_fingerprint')!r}, usage={usage_text})"
    )


@HELDOUT28
def openai_sse_chunks(ch: Chooser) -> BlindOutput:
    """A streamed Chat Completions reply stored as captured: the raw SSE body (an httpx event hook, a proxy's
    log), the chunks dumped as JSON, or ``print(chunk)`` in the loop: one token a chunk, words split, ``[DONE]``."""
    d = _draw(ch, "openai_sse_chunks")
    reply = _reply(d, think=False)
    p = Plumbing(ch)
    chunks = _openai_chunks(d, p, reply)
    capture = d.dim("capture", ("raw_body", "raw_body", "data_lines", "dumped_json", "printed_objects"))
    if capture == "raw_body":
        return d.done(_sse([(None, _compact(c)) for c in chunks] + [(None, "[DONE]")], crlf=d.flag("crlf")))
    if capture == "data_lines":
        return d.done(_sse([(None, _compact(c)) for c in chunks] + [(None, "[DONE]")], blank=False))
    if capture == "dumped_json":
        for c in chunks:
            for choice in c["choices"]:
                choice["delta"] = {
                    key: choice["delta"].get(key)
                    for key in ("content", "function_call", "refusal", "role", "tool_calls")
                }
        return d.done(json.dumps(chunks, ensure_ascii=False, indent=2 if d.flag("dump_indent") else None))
    return d.done("\n".join(_openai_chunk_repr(c) for c in chunks))


# ----------------------------------------------------------------- 2. anthropic_sse_events

_CLAUDE_MODELS = (
    "claude-3-5-sonnet-20241022",
    "claude-3-5-haiku-20241022",
    "claude-3-7-sonnet-20250219",
    "claude-sonnet-4-20250514",
)


def _anthropic_events(
    d: Draw, p: Plumbing, reply: str, *, model: str | None = None, cut_at: int | None = None
) -> list[tuple[str, dict[str, Any]]]:
    """The Messages API's stream for one reply (``cut_at``: only the first deltas, the stream broken there)."""
    model = model or d.dim("model", _CLAUDE_MODELS)
    mid = "msg_01" + p.b62(22)
    start = {
        "type": "message_start",
        "message": {
            "id": mid,
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": p.prompt_tokens,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "output_tokens": p.rng.randint(1, 4),
            },
        },
    }
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", start),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        ),
        ("ping", {"type": "ping"}),
    ]
    pieces = _chunks(reply, p.rng, 1, 6)
    if cut_at is not None:
        pieces = pieces[: max(1, min(cut_at, len(pieces) - 1))]
    for piece in pieces:
        delta = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}}
        events.append(("content_block_delta", delta))
    if cut_at is not None:
        return events
    events += [
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": _token_count(reply)},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return events


def _anthropic_repr(name: str, event: dict[str, Any]) -> str:
    """``print(event)`` of the anthropic Python SDK's raw stream events."""
    if name == "content_block_delta":
        return (
            f"RawContentBlockDeltaEvent(delta=TextDelta(text={event['delta']['text']!r}, type='text_delta'), "
            "index=0, type='content_block_delta')"
        )
    if name == "message_start":
        m = event["message"]
        u = m["usage"]
        return (
            f"RawMessageStartEvent(message=Message(id={m['id']!r}, content=[], model={m['model']!r}, role='assistant', "
            f"stop_reason=None, stop_sequence=None, type='message', usage=Usage(cache_creation_input_tokens=0, "
            f"cache_read_input_tokens=0, input_tokens={u['input_tokens']}, output_tokens={u['output_tokens']})), "
            "type='message_start')"
        )
    if name == "content_block_start":
        return (
            "RawContentBlockStartEvent(content_block=TextBlock(citations=None, text='', type='text'), index=0, "
            "type='content_block_start')"
        )
    if name == "content_block_stop":
        return "RawContentBlockStopEvent(index=0, type='content_block_stop')"
    if name == "message_delta":
        return (
            f"RawMessageDeltaEvent(delta=Delta(stop_reason={event['delta']['stop_reason']!r}, stop_sequence=None), "
            f"type='message_delta', usage=MessageDeltaUsage(output_tokens={event['usage']['output_tokens']}))"
        )
    if name == "message_stop":
        return "RawMessageStopEvent(type='message_stop')"
    return "Ping(type='ping')"


@HELDOUT28
def anthropic_sse_events(ch: Chooser) -> BlindOutput:
    """A streamed Claude reply stored as captured: the raw SSE body (``event:`` and ``data:`` lines), its data
    lines alone, or the SDK's raw events printed in the loop: ``content_block_delta`` by ``content_block_delta``."""
    d = _draw(ch, "anthropic_sse_events")
    reply = _reply(d)
    p = Plumbing(ch)
    events = _anthropic_events(d, p, reply)
    capture = d.dim("capture", ("raw_body", "raw_body", "data_lines", "printed_events"))
    if capture == "printed_events":
        shown = [(n, e) for n, e in events if n != "ping" or d.flag("keep_ping")]
        return d.done("\n".join(_anthropic_repr(n, e) for n, e in shown))
    if capture == "data_lines":
        return d.done(_sse([(None, _compact(e)) for _n, e in events], blank=d.flag("blank_lines")))
    return d.done(_sse([(n, _compact(e)) for n, e in events]))


# ----------------------------------------------------------------- 3. responses_api_events


@HELDOUT28
def responses_api_events(ch: Chooser) -> BlindOutput:
    """The OpenAI Responses API streamed (``client.responses.create(stream=True)``): the whole event stream, or a
    logger that kept only the ``response.output_text.*`` events; the deltas, then the text again in the done events."""
    d = _draw(ch, "responses_api_events")
    reply = _reply(d, think=False)
    p = Plumbing(ch)
    model = d.dim("model", _OPENAI_MODELS)
    rid = "resp_" + p.hex(48)
    item = "msg_" + p.hex(48)
    created = p.start
    seq = 0
    events: list[tuple[str, dict[str, Any]]] = []

    def emit(kind: str, **fields: Any) -> None:
        nonlocal seq
        events.append((kind, {"type": kind, "sequence_number": seq, **fields}))
        seq += 1

    def response(status: str, output: list[Any], usage: Any) -> dict[str, Any]:
        return {
            "id": rid,
            "object": "response",
            "created_at": created,
            "status": status,
            "error": None,
            "incomplete_details": None,
            "instructions": None,
            "model": model,
            "output": output,
            "parallel_tool_calls": True,
            "temperature": 0.0,
            "text": {"format": {"type": "text"}},
            "usage": usage,
        }

    part_done = {"type": "output_text", "annotations": [], "logprobs": [], "text": reply}
    item_done = {"id": item, "type": "message", "status": "completed", "content": [part_done], "role": "assistant"}
    completion = _token_count(reply)
    usage = {
        "input_tokens": p.prompt_tokens,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": completion,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": p.prompt_tokens + completion,
    }
    emit("response.created", response=response("in_progress", [], None))
    emit("response.in_progress", response=response("in_progress", [], None))
    emit(
        "response.output_item.added",
        output_index=0,
        item={"id": item, "type": "message", "status": "in_progress", "content": [], "role": "assistant"},
    )
    emit(
        "response.content_part.added",
        item_id=item,
        output_index=0,
        content_index=0,
        part={"type": "output_text", "annotations": [], "logprobs": [], "text": ""},
    )
    for piece in _chunks(reply, p.rng, 1, 1):
        emit("response.output_text.delta", item_id=item, output_index=0, content_index=0, delta=piece, logprobs=[])
    emit("response.output_text.done", item_id=item, output_index=0, content_index=0, text=reply, logprobs=[])
    emit("response.content_part.done", item_id=item, output_index=0, content_index=0, part=part_done)
    emit("response.output_item.done", output_index=0, item=item_done)
    emit("response.completed", response=response("completed", [item_done], usage))
    capture = d.dim("capture", ("raw_body", "raw_body", "text_events_only", "jsonl"))
    if capture == "text_events_only":
        kept = [(n, e) for n, e in events if n.startswith("response.output_text.")]
        return d.done(_sse([(n, _compact(e)) for n, e in kept]))
    if capture == "jsonl":
        return d.done("\n".join(_compact(e) for _n, e in events))
    return d.done(_sse([(n, _compact(e)) for n, e in events]))


# ----------------------------------------------------------------- 4. gemini_stream_chunks

_GEMINI_MODELS = ("gemini-1.5-pro-002", "gemini-1.5-flash-002", "gemini-2.0-flash", "gemini-2.5-flash")


@HELDOUT28
def gemini_stream_chunks(ch: Chooser) -> BlindOutput:
    """Gemini's ``streamGenerateContent`` stored as returned: the JSON array of responses (no ``alt=sse``) or the
    SSE lines (``alt=sse``); a short first chunk, then long ones, ``finishReason: STOP`` on the last."""
    d = _draw(ch, "gemini_stream_chunks")
    reply = _reply(d)
    p = Plumbing(ch)
    model = d.dim("model", _GEMINI_MODELS)
    pieces = _chunks(reply, p.rng, 10, 40, first=p.rng.randint(1, 4))
    response_id = p.b62(22)
    bodies: list[dict[str, Any]] = []
    so_far = ""
    for k, piece in enumerate(pieces):
        so_far += piece
        last = k == len(pieces) - 1
        candidate: dict[str, Any] = {"content": {"parts": [{"text": piece}], "role": "model"}}
        if last:
            candidate["finishReason"] = "STOP"
        candidate["index"] = 0
        count = _token_count(so_far)
        meta: dict[str, Any] = {"promptTokenCount": p.prompt_tokens, "totalTokenCount": p.prompt_tokens + count}
        if last:
            meta = {
                "promptTokenCount": p.prompt_tokens,
                "candidatesTokenCount": count,
                "totalTokenCount": p.prompt_tokens + count,
                "promptTokensDetails": [{"modality": "TEXT", "tokenCount": p.prompt_tokens}],
            }
        bodies.append(
            {"candidates": [candidate], "usageMetadata": meta, "modelVersion": model, "responseId": response_id}
        )
    if d.dim("capture", ("json_array", "sse_lines")) == "json_array":
        return d.done(json.dumps(bodies, ensure_ascii=False, indent=2))
    return d.done(_sse([(None, json.dumps(b, ensure_ascii=False)) for b in bodies], crlf=True))


# ----------------------------------------------------------------- 5. ollama_ndjson_stream

_OLLAMA_MODELS = ("llama3.1:8b", "qwen2.5:14b", "mistral-nemo:12b", "gemma2:9b", "phi3:medium", "llama3.3:70b")


@HELDOUT28
def ollama_ndjson_stream(ch: Chooser) -> BlindOutput:
    """Ollama's streamed reply as the HTTP body holds it (NDJSON from ``/api/chat`` or ``/api/generate``, a token a
    line, the last line ``done: true`` with its durations), or the ollama client's responses printed in the loop."""
    d = _draw(ch, "ollama_ndjson_stream")
    reply = _reply(d, think=False)
    p = Plumbing(ch)
    model = d.dim("model", _OLLAMA_MODELS)
    endpoint = d.dim("endpoint", ("chat", "chat", "generate", "client_repr"))
    pieces = _chunks(reply, p.rng, 1, 1)
    clock = 0
    lines: list[str] = []
    for piece in pieces:
        clock += p.rng.randint(8, 60)
        at = p.iso(clock, micro=True)[:-1] + f"{p.rng.randint(0, 999):03d}Z"
        if endpoint == "generate":
            lines.append(_compact({"model": model, "created_at": at, "response": piece, "done": False}))
        elif endpoint == "chat":
            body = {"model": model, "created_at": at, "message": {"role": "assistant", "content": piece}, "done": False}
            lines.append(_compact(body))
        else:
            lines.append(
                f"model={model!r} created_at={at!r} done=False done_reason=None total_duration=None "
                "load_duration=None prompt_eval_count=None prompt_eval_duration=None eval_count=None "
                f"eval_duration=None message=Message(role='assistant', content={piece!r}, thinking=None, "
                "images=None, tool_calls=None)"
            )
    clock += p.rng.randint(8, 60)
    at = p.iso(clock, micro=True)
    timing = {
        "total_duration": clock * 1_000_000 + p.rng.randint(0, 999_999),
        "load_duration": p.rng.randint(10_000_000, 90_000_000),
        "prompt_eval_count": p.prompt_tokens,
        "prompt_eval_duration": p.rng.randint(50_000_000, 900_000_000),
        "eval_count": len(pieces),
        "eval_duration": clock * 900_000,
    }
    if endpoint == "generate":
        context = [p.rng.randint(2, 128_000) for _ in range(p.rng.randint(20, 60))]
        last = {
            "model": model,
            "created_at": at,
            "response": "",
            "done": True,
            "done_reason": "stop",
            "context": context,
        }
        lines.append(_compact({**last, **timing}))
    elif endpoint == "chat":
        last = {"model": model, "created_at": at, "message": {"role": "assistant", "content": ""}}
        lines.append(_compact({**last, "done_reason": "stop", "done": True, **timing}))
    else:
        fields = " ".join(f"{k}={v}" for k, v in timing.items())
        lines.append(
            f"model={model!r} created_at={at!r} done=True done_reason='stop' {fields} "
            "message=Message(role='assistant', content='', thinking=None, images=None, tool_calls=None)"
        )
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 6. bedrock_stream_events

_BEDROCK_MODELS = (
    "anthropic.claude-3-5-sonnet-20241022-v2:0",
    "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
    "meta.llama3-1-70b-instruct-v1:0",
    "amazon.nova-pro-v1:0",
    "mistral.mistral-large-2407-v1:0",
)


@HELDOUT28
def bedrock_stream_events(ch: Chooser) -> BlindOutput:
    """Amazon Bedrock streamed through boto3, each event printed as it came (``for event in response["stream"]:
    print(event)``): ConverseStream's ``contentBlockDelta`` dicts, or InvokeModelWithResponseStream's ``chunk``
    bytes holding Claude's JSON events."""
    d = _draw(ch, "bedrock_stream_events")
    kind = d.dim("api", ("converse_stream", "converse_stream", "invoke_bytes"))
    reply = _reply(d, ascii_only=kind == "invoke_bytes")
    p = Plumbing(ch)
    if kind == "invoke_bytes":
        events = _anthropic_events(d, p, reply)
        lines = []
        for name, event in events:
            if name == "ping":
                continue
            if name == "message_stop":
                completion = _token_count(reply)
                event = {
                    **event,
                    "amazon-bedrock-invocationMetrics": {
                        "inputTokenCount": p.prompt_tokens,
                        "outputTokenCount": completion,
                        "invocationLatency": p.rng.randint(900, 9000),
                        "firstByteLatency": p.rng.randint(200, 900),
                    },
                }
            raw = json.dumps(event, separators=(",", ":")).encode("ascii")
            lines.append(repr({"chunk": {"bytes": raw}}))
        return d.done("\n".join(lines))
    model = d.dim("model", _BEDROCK_MODELS)
    pieces = _chunks(reply, p.rng, 1, 4 if "anthropic" in model else 2)
    lines = [repr({"messageStart": {"role": "assistant"}})]
    lines += [repr({"contentBlockDelta": {"delta": {"text": piece}, "contentBlockIndex": 0}}) for piece in pieces]
    lines.append(repr({"contentBlockStop": {"contentBlockIndex": 0}}))
    lines.append(repr({"messageStop": {"stopReason": "end_turn"}}))
    completion = _token_count(reply)
    usage = {"inputTokens": p.prompt_tokens, "outputTokens": completion, "totalTokens": p.prompt_tokens + completion}
    lines.append(repr({"metadata": {"usage": usage, "metrics": {"latencyMs": p.rng.randint(900, 9000)}}}))
    if d.flag("model_header", weight_off=2):
        lines.insert(0, f"# converse_stream modelId={model}")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 7. ai_sdk_data_stream


@HELDOUT28
def ai_sdk_data_stream(ch: Chooser) -> BlindOutput:
    """A Next.js route built on the Vercel AI SDK, its response body logged: the v4 data stream protocol
    (``0:"Ye"`` text parts, ``e:`` / ``d:`` finish parts) or v5's UI message stream (``text-delta`` SSE events)."""
    d = _draw(ch, "ai_sdk_data_stream")
    reply = _reply(d)
    p = Plumbing(ch)
    pieces = _chunks(reply, p.rng, 1, 2)
    completion = _token_count(reply)
    if d.dim("protocol", ("v4_data_stream", "v5_ui_stream")) == "v4_data_stream":
        usage = {"promptTokens": p.prompt_tokens, "completionTokens": completion}
        lines = [f"f:{_compact({'messageId': 'msg-' + p.b62(24)})}"]
        lines += [f"0:{_compact(piece)}" for piece in pieces]
        lines.append(f"e:{_compact({'finishReason': 'stop', 'usage': usage, 'isContinued': False})}")
        lines.append(f"d:{_compact({'finishReason': 'stop', 'usage': usage})}")
        return d.done("\n".join(lines))
    text_id = "msg_" + p.hex(40) if d.flag("provider_text_id") else "0"
    events: list[dict[str, Any]] = [{"type": "start", "messageId": p.b62(16)}, {"type": "start-step"}]
    events.append({"type": "text-start", "id": text_id})
    events += [{"type": "text-delta", "id": text_id, "delta": piece} for piece in pieces]
    events += [{"type": "text-end", "id": text_id}, {"type": "finish-step"}, {"type": "finish"}]
    return d.done(_sse([(None, _compact(e)) for e in events] + [(None, "[DONE]")]))


# ----------------------------------------------------------------- 8. log_block_between_lines

_LOG_STYLES = (
    "{t} {L} {name}: {m}",
    "{t} [{L}] {name} - {m}",
    "[{t}] {L} in {name}: {m}",
    "{t} | {L:<8} | {name}:{fn}:{line} - {m}",
)


@HELDOUT28
def log_block_between_lines(ch: Chooser) -> BlindOutput:
    """The reply cut out of an application log around the call: log lines (time, level, logger) before and after,
    the reply logged as one multi-line message (``logger.info("grader reply:\\n%s", reply)``), unprefixed inside."""
    d = _draw(ch, "log_block_between_lines")
    reply = _reply(d)
    p = Plumbing(ch)
    style = d.dim("log_style", _LOG_STYLES)
    stamp = d.dim("log_time", ("iso_ms", "iso_seconds", "python_comma", "dotted"))
    name = d.dim("logger", ("grader", "faithfulness.grader", "eval.judge", "ragas_eval"))
    model = d.dim("model", _OPENAI_MODELS + _CLAUDE_MODELS[:2])
    case = f"q{p.rng.randint(1, 400)}"
    line_no = p.rng.randint(40, 300)
    clock = 0

    def log(level: str, message: str, logger: str = name) -> str:
        nonlocal clock
        clock += p.rng.randint(1, 40)
        if stamp == "iso_ms":
            t = p.iso(clock)
        elif stamp == "iso_seconds":
            t = p.iso(clock)[:-5] + "Z"
        elif stamp == "python_comma":
            t = p.plain(clock, comma=True)
        else:
            t = p.plain(clock)
        if logger == "httpx":
            return style.format(t=t, L=level, name="httpx._client", fn="_send_single_request", line=1025, m=message)
        return style.format(t=t, L=level, name=logger, fn="judge", line=line_no, m=message)

    plural = "s" if d.n != 1 else ""
    lines = [log("INFO", f"judging case {case}: {d.n} statement{plural}, model={model}")]
    if d.flag("http_line"):
        host = "api.anthropic.com/v1/messages" if model.startswith("claude") else "api.openai.com/v1/chat/completions"
        lines.append(log("INFO", f'HTTP Request: POST https://{host} "HTTP/1.1 200 OK"', "httpx"))
    clock += p.rng.randint(600, 9000)
    own_line = d.dim("reply_head", ("own_line", "same_line")) == "own_line"
    lines.append(log("INFO", "grader reply:" + ("\n" if own_line else " ")) + reply)
    tokens = _token_count(reply)
    seconds = clock / 1000
    lines.append(
        log("INFO", f"case {case} done in {seconds:.2f}s (prompt_tokens={p.prompt_tokens}, completion_tokens={tokens})")
    )
    if d.flag("next_case"):
        lines.append(
            log("INFO", f"judging case q{p.rng.randint(401, 800)}: {p.rng.randint(2, 9)} statements, model={model}")
        )
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 9. json_log_escaped_field


def _logfmt(value: Any) -> str:
    """A logfmt value: bare when it can be, else quoted with JSON's escapes."""
    text = str(value)
    if text and not re.search(r'[\s="\\]', text):
        return text
    return json.dumps(text, ensure_ascii=False)


@HELDOUT28
def json_log_escaped_field(ch: Chooser) -> BlindOutput:
    """Structured logs around the call, the reply one escaped string field of one line: pino, structlog, Google
    Cloud Logging's ``jsonPayload``, or logfmt (Go's slog, Python's logfmter) with ``reply="...\\n..."``."""
    d = _draw(ch, "json_log_escaped_field")
    reply = _reply(d)
    p = Plumbing(ch)
    style = d.dim("log_format", ("pino", "structlog", "gcp", "logfmt"))
    model = d.dim("model", _OPENAI_MODELS + _CLAUDE_MODELS[:2] + _GEMINI_MODELS[:2])
    key = d.dim("reply_key", ("response", "completion", "output", "reply"))
    case = f"case-{p.rng.randint(1, 9999):04d}"
    host = f"eval-worker-{p.rng.randint(1, 8)}"
    latency = p.rng.randint(600, 9000)
    tokens = _token_count(reply)
    answer = {key: reply, "latency_ms": latency, "completion_tokens": tokens, "finish_reason": "stop"}
    records: list[tuple[str, str, dict[str, Any]]] = [
        ("info", "grader request", {"case_id": case, "model": model, "statements": d.n}),
        ("info", "grader response", {"case_id": case, "model": model, **answer}),
    ]
    if d.flag("next_record"):
        records.append(("debug", "cache write", {"case_id": case, "bytes": len(reply.encode())}))
    lines = []
    clock = 0
    for level, message, fields in records:
        clock += latency if message == "grader response" else p.rng.randint(1, 30)
        if style == "pino":
            level_no = {"debug": 20, "info": 30}[level]
            body = {
                "level": level_no,
                "time": p.epoch_ms(clock),
                "pid": 4121,
                "hostname": host,
                **fields,
                "msg": message,
            }
            lines.append(_compact(body))
        elif style == "structlog":
            event = {
                **fields,
                "event": message.replace(" ", "_"),
                "level": level,
                "timestamp": p.iso(clock, micro=True),
            }
            lines.append(json.dumps(event))
        elif style == "gcp":
            entry = {
                "insertId": p.b62(14).lower(),
                "jsonPayload": {"message": message, **fields},
                "resource": {"type": "cloud_run_revision", "labels": {"service_name": "rag-eval"}},
                "timestamp": p.iso(clock, micro=True),
                "severity": level.upper(),
                "logName": "projects/rag-eval/logs/run.googleapis.com%2Fstdout",
            }
            lines.append(json.dumps(entry, ensure_ascii=False))
        else:
            pairs = {"time": p.iso(clock), "level": level.upper(), "msg": message, **fields}
            lines.append(" ".join(f"{name}={_logfmt(value)}" for name, value in pairs.items()))
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 10. lambda_log_events


@HELDOUT28
def lambda_log_events(ch: Chooser) -> BlindOutput:
    """A grader run in AWS Lambda, the reply read back from CloudWatch: ``print(reply)`` makes each line its own
    event (``filter-log-events`` JSON, or ``aws logs tail``), ``logging`` keeps one event with ``\\r`` for its
    breaks; START, END and REPORT around it."""
    d = _draw(ch, "lambda_log_events")
    reply = _reply(d)
    p = Plumbing(ch)
    request = p.uuid()
    stream = f"{_utc(p.start)[:10].replace('-', '/')}/[$LATEST]{p.hex(32)}"
    how = d.dim("emitted_by", ("print", "print", "logging"))
    export = d.dim("export", ("filter_json", "filter_json", "tail"))
    duration = p.rng.randint(900, 9000) + p.rng.randint(0, 99) / 100
    messages = [f"START RequestId: {request} Version: $LATEST\n"]
    if how == "print":
        messages += [line + "\n" for line in reply.split("\n")]
    else:
        messages.append(f"[INFO]\t{p.iso(5)}\t{request}\tgrader reply:\r{reply.replace(chr(10), chr(13))}\n")
    messages.append(f"END RequestId: {request}\n")
    messages.append(
        f"REPORT RequestId: {request}\tDuration: {duration:.2f} ms\tBilled Duration: {int(duration) + 1} ms\t"
        f"Memory Size: 512 MB\tMax Memory Used: {p.rng.randint(80, 200)} MB\t\n"
    )
    clock = 0
    events = []
    for k, message in enumerate(messages):
        clock += 0 if k == 0 else int(duration) if message.startswith("END") else p.rng.randint(0, 2)
        events.append((p.epoch_ms(clock), message))
    if export == "tail":
        lines = []
        for stamp, message in events:
            seconds, ms = divmod(stamp, 1000)
            lines.append(f"{_utc(seconds)}.{ms:03d}000+00:00 {stream} {message.removesuffix(chr(10))}")
        return d.done("\n".join(lines))
    items = [
        {
            "logStreamName": stream,
            "timestamp": stamp,
            "message": message,
            "ingestionTime": stamp + p.rng.randint(5, 900),
            "eventId": str(p.rng.randint(10**55, 10**56 - 1)),
        }
        for stamp, message in events
    ]
    return d.done(json.dumps({"events": items, "searchedLogStreams": []}, indent=4, ensure_ascii=False))


# ----------------------------------------------------------------- 11. langsmith_run_export


@HELDOUT28
def langsmith_run_export(ch: Chooser) -> BlindOutput:
    """A LangSmith run exported as JSON (``client.read_run(...)``, the UI's export): an ``llm`` run whose outputs hold
    the generation (its streamed tokens in ``new_token`` events when it streamed), or the judge chain's ``output``."""
    d = _draw(ch, "langsmith_run_export")
    reply = _reply(d)
    p = Plumbing(ch)
    model = d.dim("model", _OPENAI_MODELS)
    run_type = d.dim("run_type", ("llm", "llm", "chain"))
    streamed = run_type == "llm" and d.flag("streamed")
    latency = p.rng.randint(700, 9000)
    run_id, trace_id = p.uuid(), p.uuid()
    completion = _token_count(reply)
    events: list[dict[str, Any]] = [{"name": "start", "time": p.iso(0, micro=True, zone="")}]
    if streamed:
        clock = 300
        for piece in _chunks(reply, p.rng, 1, 1):
            clock += p.rng.randint(5, 40)
            events.append({"name": "new_token", "time": p.iso(clock, micro=True, zone=""), "kwargs": {"token": piece}})
    events.append({"name": "end", "time": p.iso(latency, micro=True, zone="")})
    outputs: dict[str, Any]
    if run_type == "llm":
        message = {
            "lc": 1,
            "type": "constructor",
            "id": ["langchain", "schema", "messages", "AIMessage"],
            "kwargs": {
                "content": reply,
                "response_metadata": {"finish_reason": "stop", "model_name": model},
                "type": "ai",
                "id": f"run-{run_id}",
                "usage_metadata": {
                    "input_tokens": p.prompt_tokens,
                    "output_tokens": completion,
                    "total_tokens": p.prompt_tokens + completion,
                },
                "tool_calls": [],
                "invalid_tool_calls": [],
            },
        }
        generation = {
            "text": reply,
            "generation_info": {"finish_reason": "stop", "logprobs": None},
            "type": "ChatGeneration",
            "message": message,
        }
        usage = {
            "completion_tokens": completion,
            "prompt_tokens": p.prompt_tokens,
            "total_tokens": p.prompt_tokens + completion,
        }
        outputs = {
            "generations": [[generation]],
            "llm_output": {"token_usage": usage, "model_name": model},
            "run": None,
            "type": "LLMResult",
        }
        inputs: dict[str, Any] = {}
    else:
        outputs = {"output": reply}
        inputs = {"statements": list(d.statements)}
    run = {
        "id": run_id,
        "name": "ChatOpenAI" if run_type == "llm" else "faithfulness_verdicts",
        "start_time": p.iso(0, micro=True, zone=""),
        "run_type": run_type,
        "end_time": p.iso(latency, micro=True, zone=""),
        "extra": {
            "invocation_params": {
                "model": model,
                "stream": streamed,
                "n": 1,
                "temperature": 0.0,
                "_type": "openai-chat",
            },
            "metadata": {
                "ls_provider": "openai",
                "ls_model_name": model,
                "ls_model_type": "chat",
                "case_id": f"q{p.rng.randint(1, 400)}",
            },
        },
        "error": None,
        "serialized": None,
        "events": events,
        "inputs": inputs,
        "outputs": outputs,
        "reference_example_id": None,
        "parent_run_id": p.uuid() if run_type == "llm" else None,
        "tags": ["faithfulness", "call-2"],
        "trace_id": trace_id,
        "status": "success",
        "session_id": p.uuid(),
        "prompt_tokens": p.prompt_tokens,
        "completion_tokens": completion,
        "total_tokens": p.prompt_tokens + completion,
    }
    return d.done(json.dumps(run, ensure_ascii=False, indent=2 if d.flag("export_indent") else None))


# ----------------------------------------------------------------- 12. langfuse_generation


@HELDOUT28
def langfuse_generation(ch: Chooser) -> BlindOutput:
    """A Langfuse ``GENERATION`` observation fetched from its API (or inside a trace's observations, or a page of
    ``data`` with ``meta``): the reply in ``output`` (a string, or the assistant message), usage, latency, TTFT."""
    d = _draw(ch, "langfuse_generation")
    reply = _reply(d)
    p = Plumbing(ch)
    model = d.dim("model", _OPENAI_MODELS + _CLAUDE_MODELS[:2])
    latency = p.rng.randint(700, 9000)
    first_token = p.rng.randint(150, 700)
    completion = _token_count(reply)
    trace_id = p.hex(32)
    output_form = d.dim("output_form", ("string", "message", "openai_message"))
    output: Any = reply
    if output_form == "message":
        output = {"role": "assistant", "content": reply}
    elif output_form == "openai_message":
        output = {
            "content": reply,
            "role": "assistant",
            "refusal": None,
            "function_call": None,
            "tool_calls": None,
            "audio": None,
        }
    observation = {
        "id": p.uuid(),
        "traceId": trace_id,
        "type": "GENERATION",
        "name": d.dim("observation_name", ("faithfulness-verdicts", "sdk_generation", "judge_statements")).replace(
            "sdk_generation", "Anthropic-generation" if model.startswith("claude") else "OpenAI-generation"
        ),
        "startTime": p.iso(0),
        "endTime": p.iso(latency),
        "completionStartTime": p.iso(first_token),
        "model": model,
        "modelParameters": {"temperature": 0, "max_tokens": 1024},
        "input": [
            {"role": "system", "content": "You are a careful fact-checking assistant."},
            {"role": "user", "content": f"[masked: {p.rng.randint(1500, 9000)} characters]"},
        ],
        "version": None,
        "metadata": {"case_id": f"q{p.rng.randint(1, 400)}"},
        "output": output,
        "usage": {
            "input": p.prompt_tokens,
            "output": completion,
            "total": p.prompt_tokens + completion,
            "unit": "TOKENS",
        },
        "level": "DEFAULT",
        "statusMessage": None,
        "parentObservationId": p.uuid(),
        "promptId": None,
        "latency": round(latency / 1000, 3),
        "timeToFirstToken": round(first_token / 1000, 3),
        "calculatedTotalCost": round((p.prompt_tokens * 0.15 + completion * 0.6) / 1e6, 8),
    }
    container = d.dim("container", ("observation", "observation", "page", "trace"))
    data: Any = observation
    if container == "page":
        data = {"data": [observation], "meta": {"page": 1, "limit": 50, "totalItems": 1, "totalPages": 1}}
    elif container == "trace":
        data = {
            "id": trace_id,
            "timestamp": p.iso(0),
            "name": "faithfulness",
            "tags": ["call-2"],
            "latency": round(latency / 1000, 3),
            "observations": [observation],
        }
    return d.done(json.dumps(data, ensure_ascii=False, indent=2 if d.flag("export_indent") else None))


# ----------------------------------------------------------------- 13. otel_span_attributes


@HELDOUT28
def otel_span_attributes(ch: Chooser) -> BlindOutput:
    """An OpenTelemetry span of the grader call: OpenLLMetry's ``gen_ai.completion.0.content`` printed by the SDK's
    ``ConsoleSpanExporter``, OpenInference's ``llm.output_messages.0.message.content``, or an OTLP/JSON export."""
    d = _draw(ch, "otel_span_attributes")
    reply = _reply(d)
    p = Plumbing(ch)
    model = d.dim("model", _OPENAI_MODELS)
    flavour = d.dim("convention", ("openllmetry_console", "openinference_console", "otlp_json"))
    completion = _token_count(reply)
    trace_id, span_id, parent = p.hex(32), p.hex(16), p.hex(16)
    latency = p.rng.randint(700, 9000)
    if flavour == "openinference_console":
        attributes: dict[str, Any] = {
            "openinference.span.kind": "LLM",
            "llm.provider": "openai",
            "llm.system": "openai",
            "llm.model_name": model,
            "llm.invocation_parameters": json.dumps({"model": model, "temperature": 0}),
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": reply,
            "output.mime_type": "text/plain",
            "llm.token_count.prompt": p.prompt_tokens,
            "llm.token_count.completion": completion,
            "llm.token_count.total": p.prompt_tokens + completion,
        }
        name = "ChatCompletion"
    else:
        attributes = {
            "llm.request.type": "chat",
            "gen_ai.system": "openai",
            "gen_ai.request.model": model,
            "gen_ai.request.temperature": 0.0,
            "llm.is_streaming": False,
            "gen_ai.response.model": model,
            "gen_ai.response.id": "chatcmpl-" + p.b62(29),
            "llm.usage.total_tokens": p.prompt_tokens + completion,
            "gen_ai.usage.completion_tokens": completion,
            "gen_ai.usage.prompt_tokens": p.prompt_tokens,
            "gen_ai.prompt.0.role": "user",
            "gen_ai.completion.0.finish_reason": "stop",
            "gen_ai.completion.0.role": "assistant",
            "gen_ai.completion.0.content": reply,
        }
        name = "openai.chat"
    if flavour == "otlp_json":

        def value(v: Any) -> dict[str, Any]:
            if isinstance(v, bool):
                return {"boolValue": v}
            if isinstance(v, int):
                return {"intValue": str(v)}
            if isinstance(v, float):
                return {"doubleValue": v}
            return {"stringValue": v}

        start = p.epoch_ms(0) * 1_000_000
        span = {
            "traceId": trace_id,
            "spanId": span_id,
            "parentSpanId": parent,
            "name": name,
            "kind": 3,
            "startTimeUnixNano": str(start),
            "endTimeUnixNano": str(start + latency * 1_000_000),
            "attributes": [{"key": k, "value": value(v)} for k, v in attributes.items()],
            "status": {},
        }
        body = {
            "resourceSpans": [
                {
                    "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "rag-eval"}}]},
                    "scopeSpans": [
                        {
                            "scope": {"name": "opentelemetry.instrumentation.openai.v1", "version": "0.33.9"},
                            "spans": [span],
                        }
                    ],
                }
            ]
        }
        return d.done(json.dumps(body, ensure_ascii=False, indent=2 if d.flag("export_indent") else None))
    span_json = {
        "name": name,
        "context": {"trace_id": "0x" + trace_id, "span_id": "0x" + span_id, "trace_state": "[]"},
        "kind": "SpanKind.CLIENT" if flavour == "openllmetry_console" else "SpanKind.INTERNAL",
        "parent_id": "0x" + parent,
        "start_time": p.iso(0, micro=True),
        "end_time": p.iso(latency, micro=True),
        "status": {"status_code": "UNSET" if flavour == "openllmetry_console" else "OK"},
        "attributes": attributes,
        "events": [],
        "links": [],
        "resource": {
            "attributes": {
                "telemetry.sdk.language": "python",
                "telemetry.sdk.name": "opentelemetry",
                "telemetry.sdk.version": "1.27.0",
                "service.name": "rag-eval",
            },
            "schema_url": "",
        },
    }
    return d.done(json.dumps(span_json, indent=4))


# ----------------------------------------------------------------- 14. stream_cut_then_retried

_TIMEOUTS = (
    "httpx.ReadTimeout: The read operation timed out",
    "httpx.RemoteProtocolError: peer closed connection without sending complete message body (incomplete chunked read)",
    "openai.APITimeoutError: Request timed out.",
    "aiohttp.client_exceptions.ClientPayloadError: Response payload is not completed",
)


def _cut_point(pieces: Sequence[object], rng: random.Random) -> int:
    """Where a first attempt broke off: after some chunks, never at the end."""
    return rng.randint(1, max(1, len(pieces) - 2))


@HELDOUT28
def stream_cut_then_retried(ch: Chooser) -> BlindOutput:
    """A streamed call whose first attempt broke off (a read timeout, an ``overloaded_error`` event mid-stream) and
    whose retry completed, both kept: the app's log with the partial text and the full one, the captured bodies of
    both streams, or a Langfuse trace with the failed generation (level ERROR) before the good one."""
    d = _draw(ch, "stream_cut_then_retried", min_n=2)
    reply = _reply(d, think=False)
    p = Plumbing(ch)
    kind = d.dim("retry_capture", ("app_log", "anthropic_bodies", "openai_bodies", "langfuse_trace"))
    error = "overloaded_error" if kind == "anthropic_bodies" else d.dim("retry_error", _TIMEOUTS)
    wait = d.dim("retry_wait", ("1.0", "2.0", "4.0", "8.0"))
    if kind == "anthropic_bodies":
        model = d.dim("model", _CLAUDE_MODELS)
        first = _anthropic_events(d, p, reply, model=model, cut_at=p.rng.randint(1, 200))
        first.append(("error", {"type": "error", "error": {"type": error, "message": "Overloaded"}}))
        second = _anthropic_events(d, p, reply, model=model)
        text = (
            "--- attempt 1 ---\n"
            + _sse([(n, _compact(e)) for n, e in first])
            + f"\n\n--- attempt 2 (retry after {wait}s) ---\n"
            + _sse([(n, _compact(e)) for n, e in second])
        )
        return d.done(text)
    if kind == "openai_bodies":
        model = d.dim("model", _OPENAI_MODELS)
        full = _openai_chunks(d, p, reply, model=model)
        content = [c for c in full if c["choices"] and "content" in c["choices"][0]["delta"]]
        cut = _cut_point(content, p.rng)
        partial = _sse([(None, _compact(c)) for c in content[: cut + 1]])
        again = _openai_chunks(d, p, reply, model=model)
        complete = _sse([(None, _compact(c)) for c in again] + [(None, "[DONE]")])
        return d.done(f"{partial}\n\n# {error}; retrying in {wait}s (attempt 2 of 3)\n\n{complete}")
    model = d.dim("model", _OPENAI_MODELS + _CLAUDE_MODELS[:2])
    pieces = _chunks(reply, p.rng, 1, 1)
    cut = _cut_point(pieces, p.rng)
    partial = "".join(pieces[:cut])
    if kind == "app_log":
        t0, t1 = p.plain(0, comma=True), p.plain(30_000 + p.rng.randint(0, 900), comma=True)
        t2 = p.plain(33_000 + p.rng.randint(0, 9000), comma=True)
        text = (
            f"{t0} INFO grader: streaming reply from {model} (attempt 1/3)\n"
            f"{t1} WARNING grader: stream broke off after {cut} chunks: {error}\n"
            f"partial text (discarded):\n{partial}\n"
            f"{t1} INFO grader: retrying in {wait}s\n"
            f"{t2} INFO grader: attempt 2/3 complete (finish_reason=stop):\n{reply}"
        )
        return d.done(text)
    completion = _token_count(reply)

    def generation(level: str, status: str | None, output: str | None, offset: int) -> dict[str, Any]:
        return {
            "id": p.uuid(),
            "type": "GENERATION",
            "name": "faithfulness-verdicts",
            "startTime": p.iso(offset),
            "endTime": p.iso(offset + p.rng.randint(900, 30_000)),
            "model": model,
            "output": output,
            "level": level,
            "statusMessage": status,
            "usage": {"input": p.prompt_tokens, "output": completion if level == "DEFAULT" else cut, "unit": "TOKENS"},
        }

    kept = d.flag("partial_kept")
    observations = [
        generation("ERROR", error, partial if kept else None, 0),
        generation("DEFAULT", None, reply, 32_000),
    ]
    trace = {"id": p.hex(32), "name": "faithfulness", "timestamp": p.iso(0), "observations": observations}
    return d.done(json.dumps(trace, ensure_ascii=False, indent=2))


# ----------------------------------------------------------------- 15. length_stop_after_verdicts

_AFTERWORDS = (
    "A few remarks on how these judgements were reached: every statement was compared against the passages one "
    "sentence at a time, paying particular attention to numbers, dates and names, because those details are where "
    "generated answers most often drift from their sources, and paraphrases were accepted whenever the meaning "
    "matched the original wording.",
    "Methodology: the passages were read in full before any statement was considered, then each statement was "
    "matched with the sentences that discuss the same subject, and the wording of both was compared closely, "
    "including quantities, qualifiers and time references.",
    "Additional context for the reviewer: several passages repeat the same information in slightly different "
    "words, so the comparison relied on whichever sentence was the most specific, and background knowledge about "
    "the topics was deliberately set aside.",
)


def _cut_in_words(text: str, rng: random.Random) -> str:
    """``text`` cut inside one of its longer words, at least three words in (no short stub standing alone)."""
    words = text.split(" ")
    long_ones = [k for k, w in enumerate(words) if k > 2 and len(w) >= 7 and w.isalpha()]
    k = rng.choice(long_ones)
    return " ".join(words[:k]) + " " + words[k][: rng.randint(4, len(words[k]) - 2)]


def _cut_reply(d: Draw, p: Plumbing) -> str:
    """A reply stopped by the token limit after its last verdict: in a closing paragraph, in the explanations
    written after a verdict list, or inside the last item's reason of RAGAS JSON whose reasons follow the verdicts."""
    ink = _ink(d)
    where = d.dim("cut_in", ("afterword", "afterword", "explanations_after", "json_last_reason"))
    if where == "json_last_reason":
        text = _ragas(d, ink, ("statement", "verdict", "reason"), indent=2 if d.flag("json_indent") else None)
        last_reason = ink.explanation(d.n - 1, d.truth[-1])
        position = text.rfind(last_reason)
        return text[: position + p.rng.randint(3, len(last_reason) - 3)]
    ink.annotate(allowed=False)
    if where == "explanations_after":
        verdicts = "\n".join(f"{i + 1}. {ink.token(i, t)}" for i, _s, t in d.items())
        notes = "\n".join(f"{i + 1}. {ink.explanation(i, t)}" for i, _s, t in d.items())
        return f"Verdicts:\n{verdicts}\n\nExplanations:\n" + _cut_in_words(f"{notes}\n\n{_AFTERWORDS[0]}", p.rng)
    form = d.dim("cut_form", ("legacy_blocks", "verdict_lines"))
    if form == "legacy_blocks":
        blocks = [
            f"Statement {i + 1}: {s}\nExplanation: {ink.explanation(i, t)}\nVerdict: {ink.token(i, t)}."
            for i, s, t in d.items()
        ]
        body = "\n\n".join(blocks) + "\n\n" + d.final_line()
    else:
        body = "\n".join(f"Statement {i + 1}: {ink.token(i, t)}. {ink.explanation(i, t)}" for i, _s, t in d.items())
    return body + "\n\n" + _cut_in_words(d.dim("afterword", _AFTERWORDS), p.rng)


@HELDOUT28
def length_stop_after_verdicts(ch: Chooser) -> BlindOutput:
    """A response stored whole, stopped by the token limit after the last verdict: OpenAI's ``finish_reason:
    "length"`` (in the completion object or on the stream's last chunk), Anthropic's ``stop_reason: "max_tokens"``,
    Gemini's ``finishReason: "MAX_TOKENS"``."""
    d = _draw(ch, "length_stop_after_verdicts")
    p = Plumbing(ch)
    reply = _cut_reply(d, p)
    used = _token_count(reply)
    api = d.dim(
        "api", ("openai_completion", "openai_completion", "openai_stream", "anthropic_message", "gemini_response")
    )
    indent = 2 if d.flag("indent") else None
    if api == "openai_stream":
        chunks = _openai_chunks(d, p, reply, finish="length")
        return d.done(_sse([(None, _compact(c)) for c in chunks] + [(None, "[DONE]")]))
    if api == "anthropic_message":
        message = {
            "id": "msg_01" + p.b62(22),
            "type": "message",
            "role": "assistant",
            "model": d.dim("model", _CLAUDE_MODELS),
            "content": [{"type": "text", "text": reply}],
            "stop_reason": "max_tokens",
            "stop_sequence": None,
            "usage": {"input_tokens": p.prompt_tokens, "output_tokens": used},
        }
        return d.done(json.dumps(message, ensure_ascii=False, indent=indent))
    if api == "gemini_response":
        body = {
            "candidates": [
                {"content": {"parts": [{"text": reply}], "role": "model"}, "finishReason": "MAX_TOKENS", "index": 0}
            ],
            "usageMetadata": {
                "promptTokenCount": p.prompt_tokens,
                "candidatesTokenCount": used,
                "totalTokenCount": p.prompt_tokens + used,
            },
            "modelVersion": d.dim("model", _GEMINI_MODELS),
        }
        return d.done(json.dumps(body, ensure_ascii=False, indent=2))
    completion_object = {
        "id": "chatcmpl-" + p.b62(29),
        "object": "chat.completion",
        "created": p.start,
        "model": d.dim("model", _OPENAI_MODELS),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply, "refusal": None, "annotations": []},
                "logprobs": None,
                "finish_reason": "length",
            }
        ],
        "usage": {"prompt_tokens": p.prompt_tokens, "completion_tokens": used, "total_tokens": p.prompt_tokens + used},
        "service_tier": "default",
        "system_fingerprint": "fp_" + p.hex(10),
    }
    return d.done(json.dumps(completion_object, ensure_ascii=False, indent=indent))


# ----------------------------------------------------------------- 16. usage_footer_appended


@HELDOUT28
def usage_footer_appended(ch: Chooser) -> BlindOutput:
    """The reply as the pipeline stored it with its call's metadata appended (or put on top): a usage line, latency,
    finish reason, cost, as an eval harness or a chat wrapper writes them (a rule, brackets, an HTML comment)."""
    d = _draw(ch, "usage_footer_appended")
    reply = _reply(d)
    p = Plumbing(ch)
    model = d.dim("model", _OPENAI_MODELS + _CLAUDE_MODELS + _GEMINI_MODELS[:2])
    completion = _token_count(reply)
    total = p.prompt_tokens + completion
    seconds = p.rng.randint(600, 9000) / 1000
    cost = (p.prompt_tokens * 0.15 + completion * 0.6) / 1e6
    form = d.dim("meta_form", ("rule_italic", "brackets", "html_comment", "pipe_line", "key_lines", "header_line"))
    if form == "rule_italic":
        meta = f"---\n*{model} · {p.prompt_tokens} prompt + {completion} completion tokens · {seconds:.2f} s*"
    elif form == "brackets":
        meta = (
            f"[usage] prompt_tokens={p.prompt_tokens} completion_tokens={completion} total_tokens={total}\n"
            f"[latency] {int(seconds * 1000)} ms\n[finish_reason] stop"
        )
    elif form == "html_comment":
        info = {
            "model": model,
            "latency_ms": int(seconds * 1000),
            "usage": {"input": p.prompt_tokens, "output": completion},
        }
        meta = f"<!-- grader-meta {json.dumps(info)} -->"
    elif form == "pipe_line":
        meta = f"Tokens: {total} ({p.prompt_tokens} in, {completion} out) | Cost: ${cost:.5f} | Time: {seconds:.2f}s"
    elif form == "key_lines":
        meta = (
            f"==== metadata ====\nmodel: {model}\nfinish_reason: stop\nprompt_tokens: {p.prompt_tokens}\n"
            f"completion_tokens: {completion}\nlatency_s: {seconds:.3f}"
        )
    else:
        return d.done(f"[{model} | {p.plain(0, sep=' ')} | {seconds:.2f}s | {completion} tokens]\n\n{reply}")
    return d.done(f"{reply}\n\n{meta}")


# ----------------------------------------------------------------- 17. escaped_newline_literal


@HELDOUT28
def escaped_newline_literal(ch: Chooser) -> BlindOutput:
    """The reply copied out of a log or a dataset where it was written as a JSON string: ``\\n`` as two
    characters, ``\\"`` for quotes, ``\\u2014`` where ``ensure_ascii`` was on; with or without its quotes,
    sometimes escaped twice."""
    d = _draw(ch, "escaped_newline_literal")
    reply = _reply(d, ascii_only=True)
    ascii_escapes = d.flag("ensure_ascii")
    text = json.dumps(reply, ensure_ascii=ascii_escapes)
    depth = d.dim("escape_depth", ("once", "once", "once", "twice"))
    if depth == "twice":
        text = json.dumps(text, ensure_ascii=ascii_escapes)
    if d.dim("quotes", ("stripped", "stripped", "kept")) == "stripped":
        text = text[1:-1]
    return d.done(text)


# ----------------------------------------------------------------- 18. captured_refusals

_DECLINES = (
    "I'm sorry, but I can't evaluate these statements: the context section is empty.",
    "I'm sorry, but I can't help with that.",
    "I apologize, but I cannot judge these statements because no context was provided.",
    "I'm unable to assess these statements. The context you included does not relate to them, so I won't guess.",
    "Sorry, I can't complete this task without the retrieved passages.",
    "I cannot provide verdicts here: the context placeholder was never filled in.",
)


@HELDOUT28
def captured_refusals(ch: Chooser) -> BlindOutput:
    """The grader declines, and the decline is stored as captured: OpenAI's ``delta.refusal`` chunks (structured
    outputs) or a message with ``"content": null`` beside ``"refusal"``, Claude's stream, Ollama's NDJSON, a
    Langfuse generation, a span attribute, a JSON log line, an escaped string: no verdict anywhere."""
    d = _draw(ch, "captured_refusals", unknowns=False)
    decline = d.dim("decline", _DECLINES)
    p = Plumbing(ch)
    form = d.dim(
        "refusal_capture",
        (
            "openai_refusal_stream",
            "openai_refusal_message",
            "anthropic_stream",
            "ollama_ndjson",
            "langfuse",
            "otel",
            "json_log",
            "escaped",
        ),
    )
    if form == "openai_refusal_stream":
        model = d.dim("model", _OPENAI_MODELS)
        cid = "chatcmpl-" + p.b62(29)

        def chunk(delta: dict[str, Any], finish: str | None) -> str:
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
            body = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": p.start,
                "model": model,
                "service_tier": "default",
                "system_fingerprint": "fp_" + p.hex(10),
                "choices": [choice],
            }
            return _compact(body)

        chunks = [chunk({"role": "assistant", "content": None, "refusal": ""}, None)]
        chunks += [chunk({"refusal": piece}, None) for piece in _chunks(decline, p.rng, 1, 1)]
        chunks.append(chunk({}, "stop"))
        return d.refused(_sse([(None, c) for c in chunks] + [(None, "[DONE]")]))
    if form == "openai_refusal_message":
        body = {
            "id": "chatcmpl-" + p.b62(29),
            "object": "chat.completion",
            "created": p.start,
            "model": d.dim("model", _OPENAI_MODELS),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": None, "refusal": decline, "annotations": []},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": p.prompt_tokens,
                "completion_tokens": _token_count(decline),
                "total_tokens": p.prompt_tokens + _token_count(decline),
            },
        }
        return d.refused(json.dumps(body, indent=2))
    if form == "anthropic_stream":
        events = _anthropic_events(d, p, decline)
        return d.refused(_sse([(n, _compact(e)) for n, e in events]))
    if form == "ollama_ndjson":
        model = d.dim("model", _OLLAMA_MODELS)
        lines = [
            _compact(
                {
                    "model": model,
                    "created_at": p.iso(k * 20, micro=True),
                    "message": {"role": "assistant", "content": piece},
                    "done": False,
                }
            )
            for k, piece in enumerate(_chunks(decline, p.rng, 1, 1))
        ]
        lines.append(
            _compact(
                {
                    "model": model,
                    "created_at": p.iso(2000, micro=True),
                    "message": {"role": "assistant", "content": ""},
                    "done_reason": "stop",
                    "done": True,
                    "eval_count": _token_count(decline),
                }
            )
        )
        return d.refused("\n".join(lines))
    if form == "langfuse":
        observation = {
            "id": p.uuid(),
            "traceId": p.hex(32),
            "type": "GENERATION",
            "name": "faithfulness-verdicts",
            "model": d.dim("model", _OPENAI_MODELS + _CLAUDE_MODELS[:2]),
            "output": {"role": "assistant", "content": decline},
            "level": "DEFAULT",
            "statusMessage": None,
            "latency": round(p.rng.randint(300, 3000) / 1000, 3),
        }
        return d.refused(json.dumps(observation, indent=2))
    if form == "otel":
        attributes = {
            "gen_ai.system": "openai",
            "gen_ai.request.model": d.dim("model", _OPENAI_MODELS),
            "gen_ai.completion.0.finish_reason": "stop",
            "gen_ai.completion.0.role": "assistant",
            "gen_ai.completion.0.content": decline,
        }
        span = {
            "name": "openai.chat",
            "context": {"trace_id": "0x" + p.hex(32), "span_id": "0x" + p.hex(16)},
            "kind": "SpanKind.CLIENT",
            "attributes": attributes,
        }
        return d.refused(json.dumps(span, indent=4))
    if form == "json_log":
        record = {
            "level": 30,
            "time": p.epoch_ms(0),
            "hostname": "eval-worker-2",
            "case_id": f"q{p.rng.randint(1, 400)}",
            "response": decline,
            "finish_reason": "stop",
            "msg": "grader response",
        }
        return d.refused(_compact(record))
    # the decline as a model writes it (curly apostrophes, an offer on its own line), logged as a JSON string
    written = decline.replace("'", "’") + "\n\nIf you share the context, I can check each statement."
    escaped = json.dumps(written, ensure_ascii=d.flag("ensure_ascii"))
    return d.refused(escaped if d.flag("quotes_kept") else escaped[1:-1])
