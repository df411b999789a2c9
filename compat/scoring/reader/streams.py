"""A reply stored as the stream it arrived in: its pieces, joined, are what a person reads.

Pipelines that stream the grader's reply often store what they captured, not the reply:
server-sent events (``data: {"choices":[{"delta":{"content":"Ye"}}]}`` lines, ``event:``
names, ``data: [DONE]``), newline-delimited JSON chunks (Ollama's ``{"message":
{"content":"s"},"done":false}``), a data-stream protocol's ``0:"…"`` parts, a JSON array of
chunks (Gemini). Every event has the same shape; what changes from one to the next is the
piece of the reply it carries, cut anywhere, mid-word included. A person joins the pieces and
reads the reply; so does the reader, where the whole output is such a stream:

* every line is an event (a JSON object, after an optional ``data:``), a field of the
  event-stream format (``event:``, ``id:``, ``retry:``, a ``:`` comment), ``[DONE]`` or blank;
  a line of anything else (a log line that may print the reply itself) and it is no stream;
* the piece an event carries is the string at the one place (a path of keys) that changes from
  event to event, among the places a stream carries text (``content``, ``text``, ``delta``,
  ``response``, ``token``); a place that changes in a few events beside it (a part's empty start
  and its whole text at the end) carries no pieces; where two places change as often, the
  stream is not read;
* a stream in which a second message starts (another ``id``: a reply cut off, then retried)
  is read from the last message on: the attempt that completed.

Anything else is left as it is: a stream is recognised by its marks (``data:`` lines, a
``delta``, Ollama's ``done``, Gemini's ``candidates``), never guessed from JSON lines that
happen to hold a ``text``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from compat.scoring.reader.lines import line_end

MAX_STREAM_CHARS = 4_000_000  # a stream of 10 MB is not read as one: it stays the text it is
_PIECE_KEYS = frozenset({"content", "text", "delta", "response", "token", "textdelta"})
_STREAM_MARKS = ("delta", "done", "candidates", "chunk")  # a key on the way to a piece, or beside it
_TEXT_MARKS = ("data:", *_STREAM_MARKS, '0:"')  # one of them stands in every stream's text
_FIELD_LINE = re.compile(r"(?:event|id|retry):|:")  # the event-stream format's other lines
_DATA_PART = re.compile(r"[0-9a-z]:[\"{\[]")  # the AI SDK's data stream: 0:"a text part", f:{...}, e:{...}
_MAX_DEPTH = 6


def streamed_reply(text: str) -> str | None:
    """The reply ``text`` is the stream of, joined; ``None`` where ``text`` is no stream."""
    head = text[:64].lstrip()
    if not head.startswith(("data:", "{", "[", "event:")) and _DATA_PART.match(head) is None:
        return None  # most outputs: decided by their first characters
    if len(text) > MAX_STREAM_CHARS or (text.count("\n") < 2 and not head.startswith("[")):
        return None
    if not any(mark in text for mark in _TEXT_MARKS):
        return None  # JSON lines of verdict items: no event of a stream carries them
    events = _events(text)
    if events is None or len(events) < 2:
        return None
    return _joined(events)


def _events(text: str) -> list[dict[str, Any]] | None:
    """The events of ``text``, in order; ``None`` where a line is none of a stream's."""
    stripped = text.strip()
    if stripped.startswith("[") and stripped.endswith("]"):
        # One array of chunks: Gemini's streamGenerateContent, a list of chat chunks dumped whole.
        chunks = _decoded(stripped)
        if isinstance(chunks, list) and all(isinstance(chunk, dict) for chunk in chunks):
            return chunks
        return None
    events: list[dict[str, Any]] = []
    for raw in _lines(stripped):
        line = raw.strip()
        body = line[5:].strip() if line.startswith("data:") else line
        if not body or body == "[DONE]" or (body is line and _FIELD_LINE.match(line)):
            continue
        if _DATA_PART.match(body):
            part = _decoded(body[2:])
            if part is None:
                return None
            # Its text parts ("0:") are the pieces; its other parts (a step, the finish, data) carry none.
            events.append({"delta": part} if body[0] == "0" and isinstance(part, str) else {"part": body[0]})
            continue
        event = _decoded(body) if body.startswith("{") else None
        if not isinstance(event, dict):
            return None
        events.append(event)
    return events


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text``, one at a time: most texts stop being a stream at their first."""
    start = 0
    while start <= len(text):
        end = line_end(text, start)
        yield text[start:end]
        start = end + 1


def _decoded(body: str) -> Any:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None


def _joined(events: list[dict[str, Any]]) -> str | None:
    """The pieces of the last message's events, joined, where one place carries them."""
    pieces = [dict(_pieces(event)) for event in _last_message(events)]
    counts = Counter(path for found in pieces for path in found)
    changing = sorted(
        (
            (count, path)
            for path, count in counts.items()
            if count >= 2 and len({found[path] for found in pieces if path in found}) > 1
        ),
        reverse=True,
    )
    if not changing or (len(changing) > 1 and changing[1][0] * 4 > changing[0][0]):
        return None  # no place carries the reply, or two do (a part's start and end are no pieces)
    path = changing[0][1]
    if not any(mark in path for mark in _STREAM_MARKS) and not any("done" in event for event in events):
        return None  # JSON lines that each hold a text, not a stream's pieces
    reply = "".join(found[path] for found in pieces if path in found)
    return reply if reply.strip() else None


def _last_message(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events from the last message's start on: a message's id changing starts another."""
    start, current = 0, None
    for index, event in enumerate(events):
        identity = _identity(event)
        if identity is not None and current is not None and identity != current:
            start = index
        current = identity if identity is not None else current
    return events[start:]


def _identity(event: dict[str, Any]) -> str | None:
    """The id of the message an event starts or belongs to, where the event says it: a chat
    chunk's ``id``, a message's or a response's at its start, a UI stream's ``messageId``
    (a part's own ``id``, "0", names no message)."""
    if "choices" in event:
        identity = event.get("id")
    elif "messageId" in event:
        identity = event["messageId"]
    else:
        holder = event.get("message") if isinstance(event.get("message"), dict) else event.get("response")
        identity = holder.get("id") if isinstance(holder, dict) else None
    return identity if isinstance(identity, str) else None


def _pieces(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every string an event carries where a stream carries text, with its path (list indices
    as ``[]``: the first choice and the fifth are the same place)."""
    if len(path) > _MAX_DEPTH:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            name = str(key).lower().replace("_", "").replace("-", "")
            if isinstance(item, str):
                if name in _PIECE_KEYS:
                    yield (*path, name), item
            else:
                yield from _pieces(item, (*path, name))
    elif isinstance(value, list):
        for item in value[:8]:
            yield from _pieces(item, (*path, "[]"))
