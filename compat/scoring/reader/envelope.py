"""A chat message stored whole: its answer is what a person reads, its reasoning a draft.

Reasoning models' replies are often stored as the API returned them, not as their text: a
DeepSeek or vLLM message with ``reasoning_content`` beside ``content``, an OpenRouter choice,
Claude's content blocks (``thinking``, then ``text``) as JSON or as a Python repr, gpt-oss's
harmony channels (``analysis``, then ``final``). A person reads the answer part and skips the
draft, as with ``<think>``; so does the reader, where the whole output is such a message:

* one JSON value (or Python literal), holding a message whose answer is a string: a mapping
  with ``content`` beside ``role`` or a reasoning field, reached through ``message``,
  ``choices`` / ``choice``; or a list of content blocks, at least one of them reasoning
  (``thinking``, ``redacted_thinking``, ``reasoning``) and the ``text`` blocks its answer;
* harmony's channels: the ``final`` channel's message, raw (``<|channel|>final<|message|>``)
  or with its special tokens stripped (``analysis…assistantfinal…``).

* a stored record of the call (reader 9): one JSON value that holds no verdict items of its
  own but the reply as a string under a name that says so (``completion``, ``output``,
  ``response``, ``generation``, ``answer``; a tracing tool's ``gen_ai.completion.0.content``,
  ``outputs.generations[0][0].text``), the prompt beside it under its own name (``prompt``,
  ``input``, ``request``) set aside. Where the record holds two different replies, it is not
  unwrapped.

Nothing else is unwrapped: a mapping without such fields is a verdict document, read as JSON.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any, NamedTuple


class MessageAnswer(NamedTuple):
    """What a stored message says: its answer, and whether a reasoning part was set aside."""

    answer: str
    reasoning_set_aside: bool


MAX_ENVELOPE_CHARS = 256_000  # decoded whole (a Python literal costs ~0.7 µs a character); a message is smaller
_REASONING_FIELDS = ("reasoning_content", "reasoning", "thinking", "reasoning_text")
_REASONING_BLOCKS = frozenset({"thinking", "redacted_thinking", "reasoning"})
_TELLTALES = ("reasoning", "thinking", "'role'", '"role"')
_RECORD_TELLTALES = ("completion", "output", "response", "generation", "answer")
# A record's names: the reply stands under one of the first, the call's prompt under one of the second.
_REPLY_WORDS = frozenset({*_RECORD_TELLTALES, "completions", "outputs", "generations"})
# (A tool's call and what it returned, a retriever's passage "API access: Yes", are no reply either.)
_PROMPT_WORDS = frozenset(
    {"prompt", "prompts", "input", "inputs", "request", "instructions", "system", "query", "question"}
    | {"context", "contexts", "messages", "error", "statusmessage"}
    | {"tool", "tools", "function", "functions", "arguments", "call", "calls"}
)
_TEXT_ENDS = frozenset({"content", "text", "completion", "output", "response", "answer", "generation"})
_WORD = re.compile(r"[a-z]+")
MAX_RECORD_NODES = 2_000  # a record is walked this far for its reply, no further
_VERDICT_ITEM_KEYS = ('"verdict"', "'verdict'", '"statement"', "'statement'")
_HARMONY_FINAL = "<|channel|>final<|message|>"
_HARMONY_ENDS = ("<|end|>", "<|return|>", "<|call|>")
_STRIPPED_FINAL = "assistantfinal"


def message_answer(text: str) -> MessageAnswer | None:
    """The answer of the message ``text`` is; ``None`` where ``text`` is no stored message."""
    if _HARMONY_FINAL in text:
        return MessageAnswer(_harmony_final(text), True)
    if "<|" in text or "<end_of_turn>" in text:
        turn = _assistant_turn(text)
        if turn is not None:
            return MessageAnswer(turn, False)
    if text.startswith("analysis") and _STRIPPED_FINAL in text:
        return MessageAnswer(text[text.rfind(_STRIPPED_FINAL) + len(_STRIPPED_FINAL) :], True)
    # Every output passes here: the first character decides before the text is copied or searched.
    first = _FIRST_CHARACTER.match(text)
    if first is None or first.group(1) not in "{[`":
        return None
    body = _unfenced(text.strip())
    if body[:1] not in ("{", "[") or len(body) > MAX_ENVELOPE_CHARS:
        return None
    message = any(telltale in body for telltale in _TELLTALES)
    # A record holds no verdict items of its own: a verdict document is not decoded twice.
    record = not any(key in body for key in _VERDICT_ITEM_KEYS) and any(
        telltale in body for telltale in _RECORD_TELLTALES
    )
    if not message and not record:
        return None
    value = _decoded(body)
    if value is None:
        return None
    answer = _answer(value) if message else None
    if answer is None and record:
        reply = _record_reply(value)
        answer = None if reply is None else MessageAnswer(reply, False)
    return answer


_FIRST_CHARACTER = re.compile(r"\s*(\S)")


def _assistant_turn(text: str) -> str | None:
    """The assistant's turn of a chat template decoded whole, up to its end-of-turn token
    (``<|start_header_id|>assistant<|end_header_id|>…<|eot_id|>``, ``<|im_start|>assistant…<|im_end|>``),
    or, with no turn headers, the text before its first end-of-turn token where a model ran on past
    it ("Verdict: Fail.<|eot_id|>Now here is another example. ..."); ``None`` where there is none."""
    start = max((at + len(header) if (at := text.rfind(header)) >= 0 else -1) for header in _ASSISTANT_HEADERS)
    if start < 0 and any(header in text for header in _TURN_HEADERS):
        return None  # turns, none of them the assistant's
    ends = [at for end in _TURN_ENDS if (at := text.find(end, max(start, 0))) >= 0]
    if start < 0 and (not ends or not text[min(ends) :].strip()):
        return None  # no token, or nothing ran on past it
    answer = text[max(start, 0) : min(ends)] if ends else text[start:]
    return answer.strip() or None


# The turns of Llama 3's, ChatML's and Gemma's chat templates, and the tokens that end a turn.
_ASSISTANT_HEADERS = ("<|start_header_id|>assistant<|end_header_id|>", "<|im_start|>assistant", "<start_of_turn>model")
_TURN_HEADERS = ("<|start_header_id|>", "<|im_start|>", "<start_of_turn>")
_TURN_ENDS = ("<|eot_id|>", "<|im_end|>", "<end_of_turn>", "<|endoftext|>", "<|end_of_text|>")


def _harmony_final(text: str) -> str:
    start = text.rfind(_HARMONY_FINAL) + len(_HARMONY_FINAL)
    ends = [at for end in _HARMONY_ENDS if (at := text.find(end, start)) >= 0]
    return text[start : min(ends)] if ends else text[start:]


def _unfenced(text: str) -> str:
    """``text`` without a code fence around the whole of it."""
    if text.startswith("```") and text.endswith("```") and "\n" in text:
        return text[text.find("\n") + 1 : -3].strip()
    return text


def _decoded(body: str) -> Any:
    """The JSON value, or else the Python literal, ``body`` is whole; ``None`` where it is neither."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        pass
    if "'" not in body:
        return None
    try:
        return ast.literal_eval(body)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _answer(value: Any) -> MessageAnswer | None:
    """The answer string of a message, a choice, a response or a list of content blocks."""
    if isinstance(value, list):
        return _blocks_answer(value)
    if not isinstance(value, dict):
        return None
    for key in ("message", "choice"):
        if isinstance(value.get(key), dict):
            return _answer(value[key])
    choices = value.get("choices")
    if isinstance(choices, list) and len(choices) == 1 and isinstance(choices[0], dict):
        return _answer(choices[0])
    content = value.get("content")
    reasoning = any(isinstance(value.get(field), str) for field in _REASONING_FIELDS)
    if isinstance(content, str) and (reasoning or "role" in value):
        return MessageAnswer(content, reasoning)
    if isinstance(content, list):
        blocks = _blocks_answer(content)
        if blocks is not None:
            return MessageAnswer(blocks.answer, blocks.reasoning_set_aside or reasoning)
    return None


def _blocks_answer(blocks: list[Any]) -> MessageAnswer | None:
    """The text blocks' text, where every item is a typed content block and one is reasoning."""
    if not blocks or not all(isinstance(block, dict) and isinstance(block.get("type"), str) for block in blocks):
        return None
    kinds = {block["type"] for block in blocks}
    if not kinds & _REASONING_BLOCKS:
        return None
    texts = [block.get("text") for block in blocks if block["type"] == "text"]
    if not texts or not all(isinstance(text, str) for text in texts):
        return None
    return MessageAnswer("\n\n".join(texts), True)


def _record_reply(value: Any) -> str | None:
    """The one reply a stored record of the call holds; ``None`` where it holds none, or two."""
    replies: set[str] = set()
    pending: list[tuple[Any, frozenset[str], str]] = [(value, frozenset(), "")]
    visited = 0
    while pending and visited < MAX_RECORD_NODES:
        node, words, last = pending.pop()
        visited += 1
        if isinstance(node, dict):
            kind = node.get("type")
            if isinstance(kind, str) and ("function" in kind or "tool" in kind):
                continue  # {"type": "function_call_output", "output": ...}: a tool's result
            for key, item in node.items():
                names = _WORD.findall(str(key).lower().replace("_", " "))
                if not _PROMPT_WORDS.isdisjoint(names):
                    continue  # the prompt, the call's input, an error message: not the reply
                pending.append((item, words.union(names), names[-1] if names else ""))
        elif isinstance(node, list):
            pending.extend((item, words, last) for item in node[:64])
        elif (
            isinstance(node, str)
            and last in _TEXT_ENDS
            and not _REPLY_WORDS.isdisjoint(words)
            and any(character.isalpha() for character in node)
        ):
            replies.add(node.strip())
    return replies.pop() if len(replies) == 1 else None
