"""A chat-completions server on 127.0.0.1 for tests and benchmarks: a scripted grader with faults.

It answers each prompt set in its contract (legacy: statements one per line, verdicts
with the final line; ragas: the JSON objects; deepeval: its truths, claims and verdicts
JSON), deterministically: a statement is supported when most of its words are in the
context. Faults are injected on demand and consumed by the next matching requests: 429,
500, 401, 403, 404 (an API error body as OpenAI writes it), ``slow`` (a stall), ``drop`` (the connection closed without
a reply), ``reset`` (a TCP reset), ``not_http``, and bodies that are not what was asked.
``refuse_after`` N requests the address stops accepting connections (as a server that
went down), and ``free_port()`` is a port where nothing listens. Standard library only.

    python -m tests.grading.server --latency 0.05     # prints the port, serves until killed
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import re
import socket
import struct
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FAULTS = {
    "429",
    "500",
    "401",
    "403",
    "404",
    "slow",
    "drop",
    "reset",
    "not_http",
    "not_json",
    "refusal",
    "truncated",
    "echo_key",
    "garbage",
    "lead_in",
}
# What an OpenAI-compatible server answers to the status faults.
STATUS_ERRORS = {
    "401": {
        "message": "Incorrect API key provided: sk-wr***ng.",
        "type": "invalid_request_error",
        "code": "invalid_api_key",
    },
    "403": {"message": "You are not allowed to use this model.", "type": "invalid_request_error", "code": None},
    "404": {
        "message": "The model `m` does not exist or you do not have access to it.",
        "type": "invalid_request_error",
        "code": "model_not_found",
    },
}


def free_port() -> int:
    """A port of 127.0.0.1 where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@dataclass
class _Fault:
    kind: str
    times: int
    call: str | None
    arm: str | None
    retry_after: str
    text: str | None = None  # only requests whose prompt holds it (one row's)


@dataclass
class Script:
    """The server's state: its latency, the faults to come, and what it saw."""

    latency: float = 0.0
    slow_seconds: float = 1.0
    reject_formats: set[str] = field(default_factory=set)  # response_format types answered with 400
    requests: int = 0
    open: int = 0
    max_open: int = 0
    log: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=10_000))
    faults: list[_Fault] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # The grader's judgement, set by a test: how much of a statement's words the context must
    # hold per arm (a stricter RAGAS arm is a prompt effect), and noise: a verdicts request of
    # ``noisy_arm`` whose seed is in ``noisy_seeds`` flips its last verdict.
    overlap: dict[str, float] = field(default_factory=lambda: {"legacy": 0.75, "ragas": 0.75})
    # Per model name, the overlap it demands instead (either arm): another grader model judging
    # otherwise, as a model swap does.
    model_overlap: dict[str, float] = field(default_factory=dict)
    noisy_seeds: set[int] = field(default_factory=set)
    noisy_arm: str | None = None
    refuse_after: int | None = None  # requests answered before the address refuses connections
    # What the server says it ran, as the real API does: per model name asked, the model it
    # returns (a dated snapshot behind an alias; a test re-points the alias by changing it),
    # and its system_fingerprint (None: the field left out, as many local servers do).
    served: dict[str, str] = field(default_factory=dict)
    fingerprint: str | None = None

    def inject(
        self,
        kind: str,
        times: int = 1,
        *,
        call: str | None = None,
        arm: str | None = None,
        retry_after: str = "1",
        text: str | None = None,
    ) -> None:
        assert kind in FAULTS, kind
        with self.lock:
            self.faults.append(_Fault(kind, times, call, arm, retry_after, text))

    def _take(self, call: str, arm: str, prompt: str) -> _Fault | None:
        with self.lock:
            for fault in self.faults:
                if (
                    fault.times > 0
                    and fault.call in (None, call)
                    and fault.arm in (None, arm)
                    and (fault.text is None or fault.text in prompt)
                ):
                    fault.times -= 1
                    return fault
        return None


# promptfoo's own context-faithfulness prompts (0.119), and the model under test of a
# promptfoo eval: a prompt starting with ANSWER_PROMPT is answered with what follows "Reply: ".
PROMPTFOO_STATEMENTS = "create one or more statements from each sentence in the given answer"
PROMPTFOO_VERDICTS = "Prompt: Natural language inference"
ANSWER_PROMPT = "Answer from the context."
# How deepeval 4.3.1's three prompts begin (the deepeval arm's: truths, claims, verdicts).
DEEPEVAL_CALLS = (
    ("truths", "Based on the given text, please generate a comprehensive list of"),
    ("statements", "Based on the given text, please extract a comprehensive list of"),
    ("verdicts", "Based on the given claims, which is a list of strings"),
)
# A context holding this word makes every verdicts call refuse, as graders do on sensitive text.
REFUSE_WORD = "classified"
REFUSAL = "I apologize, but I cannot evaluate statements about classified material."


def _kind_of(prompt: str) -> tuple[str, str]:
    if prompt.startswith(ANSWER_PROMPT):
        return "answer", "model"
    if PROMPTFOO_STATEMENTS in prompt:
        return "statements", "promptfoo"
    if prompt.startswith(PROMPTFOO_VERDICTS):
        return "verdicts", "promptfoo"
    for deepeval_call, start in DEEPEVAL_CALLS:
        if prompt.startswith(start):
            return deepeval_call, "deepeval"
    call = "statements" if prompt.rstrip().endswith("Statements:") else "verdicts"
    # The arm is told by the instructions (the first paragraph), never by the row's own text:
    # a context that mentions JSON must not turn a legacy prompt into a ragas one.
    instructions = prompt.split("\n\n", 1)[0]
    return call, ("ragas" if "JSON" in instructions else "legacy")


_WORD = re.compile(r"[a-z0-9\u00c0-\uffff]+")


def _words(text: str) -> set[str]:
    return {word for word in _WORD.findall(text.lower()) if len(word) > 2}


def _sentences(answer: str) -> list[str]:
    return [piece.strip() for piece in re.split(r"(?<=[.!?])\s+", answer) if piece.strip()]


def answer_for(prompt: str, script: Script | None = None, seed: int | None = None, model: str | None = None) -> str:
    """What the scripted grader says to a prompt of either set (``script``: its judgement, ``model``: who asks)."""
    call, arm = _kind_of(prompt)
    overlap = script.overlap.get(arm, script.overlap["legacy"]) if script is not None else 0.75
    if script is not None and model in script.model_overlap:
        overlap = script.model_overlap[model]
    if call == "answer":
        return prompt.rsplit("Reply: ", 1)[-1].strip()
    if arm == "deepeval":
        return _deepeval_answer(call, prompt, overlap)
    if arm == "promptfoo":
        found = re.search(r"\nanswer: (.*)\nstatements:\n$", prompt, re.DOTALL)
        if call == "statements":
            return "\n".join(_sentences(found.group(1).rsplit("\nanswer: ", 1)[-1])) if found else ""
        found = re.search(r"\ncontext:\n(.*)\nstatements:\n(.*)\nAnswer:\n$", prompt, re.DOTALL)
    elif call == "statements":
        found = re.search(r"Answer: (.*)\nStatements:\s*$", prompt, re.DOTALL)
        statements = _sentences(found.group(1)) if found else []
        return json.dumps({"statements": statements}) if arm == "ragas" else "\n".join(statements)
    else:
        found = re.search(r"Context:\n(.*)\n\nStatements:\n(.*)\n\nVerdicts:\s*$", prompt, re.DOTALL)
    if not found:
        return "I cannot judge this."
    context, listed = _words(found.group(1)), found.group(2)
    if REFUSE_WORD in context:
        return REFUSAL
    statements = json.loads(listed) if arm == "ragas" else [line for line in listed.split("\n") if line.strip()]
    verdicts = []
    for statement in statements:
        words = _words(statement)
        verdicts.append(int(not words or len(words & context) >= overlap * len(words)))
    noisy = script is not None and script.noisy_arm in (None, arm) and seed in script.noisy_seeds
    if noisy and verdicts:
        verdicts[-1] = 1 - verdicts[-1]
    if arm == "ragas":
        items = [
            {"statement": s, "reason": "stated in the context" if v else "not in the context", "verdict": v}
            for s, v in zip(statements, verdicts, strict=True)
        ]
        return json.dumps({"statements": items})
    lines = [f"Statement: {s}\nVerdict: {'Yes' if v else 'No'}." for s, v in zip(statements, verdicts, strict=True)]
    final = " ".join("Yes." if v else "No." for v in verdicts)
    return "\n".join(lines) + f"\nFinal verdict for each statement in order: {final}"


def _deepeval_answer(call: str, prompt: str, overlap: float) -> str:
    """deepeval's JSON: the context's sentences as truths, the answer's as claims, a verdict per claim
    (``yes`` when enough of its words are in the truths, else ``no``)."""
    if call == "truths":
        found = re.search(r"\nText:\n(.*)\n\nJSON:$", prompt, re.DOTALL)
        return json.dumps({"truths": _sentences(found.group(1)) if found else []})
    if call == "statements":
        found = re.search(r"\nAI Output:\n(.*)\n\nJSON:$", prompt, re.DOTALL)
        return json.dumps({"claims": _sentences(found.group(1)) if found else []})
    found = re.search(r"\nRetrieval Contexts:\n(.*)\n\nClaims:\n(.*)\n\nJSON:$", prompt, re.DOTALL)
    if not found:
        return "I cannot judge this."
    truths = _words(found.group(1))
    if REFUSE_WORD in truths:
        return REFUSAL
    verdicts = []
    for claim in ast.literal_eval(found.group(2)):  # deepeval prints the claims as a Python list
        words = _words(claim)
        supported = not words or len(words & truths) >= overlap * len(words)
        verdicts.append({"verdict": "yes"} if supported else {"verdict": "no", "reason": "not in the context"})
    return json.dumps({"verdicts": verdicts})


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server
    # A reply leaves in one write (headers and body buffered, flushed after each request)
    # and without Nagle's delay, as production servers send it: otherwise the body waits
    # for the client's delayed ACK of the headers (~40 ms a call on Linux).
    wbufsize = -1
    disable_nagle_algorithm = True

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        script = self.server.script
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with script.lock:
            script.requests += 1
            script.open += 1
            script.max_open = max(script.max_open, script.open)
            going_down = script.refuse_after is not None and script.requests > script.refuse_after
        if going_down:  # this request is not answered; nothing is, from now on
            with script.lock:
                script.open -= 1
            self.close_connection = True
            self.server.go_down()
            return
        try:
            self._answer(script, body)
        finally:
            with script.lock:
                script.open -= 1

    def _answer(self, script: Script, body: bytes) -> None:
        try:
            request = json.loads(body)
            prompt = next(m["content"] for m in request["messages"] if m["role"] == "user")
        except (ValueError, KeyError, StopIteration):
            return self._send(400, {"error": {"message": "bad request"}})
        call, arm = _kind_of(prompt)
        script.log.append(
            {
                "call": call,
                "arm": arm,
                "model": request.get("model"),
                "seed": request.get("seed"),
                "temperature": request.get("temperature"),
                "response_format": (request.get("response_format") or {}).get("type"),
                "messages": len(request["messages"]),
                "prompt": prompt,
                "authorization": self.headers.get("Authorization"),
            }
        )
        if script.latency:
            time.sleep(script.latency)
        format_type = (request.get("response_format") or {}).get("type")
        if format_type in script.reject_formats:
            return self._send(400, {"error": {"message": f"response_format {format_type} is not supported"}})
        fault = script._take(call, arm, prompt)
        content: str | None = answer_for(prompt, script, request.get("seed"), request.get("model"))
        refusal = None
        kind = fault.kind if fault else None
        if kind == "429":
            return self._send(429, {"error": {"message": "slow down"}}, {"Retry-After": fault.retry_after})  # type: ignore[union-attr]
        if kind == "500":
            return self._send(500, {"error": {"message": "internal error"}})
        if kind == "echo_key":
            return self._send(401, {"error": {"message": f"bad key {self.headers.get('Authorization')}"}})
        if kind in STATUS_ERRORS:
            return self._send(int(kind), {"error": STATUS_ERRORS[kind]})  # type: ignore[arg-type]
        if kind == "drop":  # closed without a reply
            self.close_connection = True
            return None
        if kind == "reset":  # a TCP reset: SO_LINGER 0 makes close() send RST
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return None
        if kind == "not_http":
            self.wfile.write(b"hello\r\n\r\n")
            self.close_connection = True
            return None
        if kind == "slow":
            time.sleep(script.slow_seconds)
        if kind == "not_json":
            return self._send_raw(200, b"<html>upstream error</html>", "text/html")
        if kind == "refusal":
            content, refusal = None, "I'm sorry, but I can't help with that."
        if kind == "truncated" and content is not None:
            content = content[: len(content) // 2]
        if kind == "lead_in" and content is not None:
            content = "Here are the statements:\n" + content  # a lead-in line before the JSON
        if kind == "garbage" and content is not None:
            content = "Sure! Here are the verdicts: all good."
        reply = {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 0,
            "model": script.served.get(request.get("model", "m"), request.get("model", "m")),
            **({} if script.fingerprint is None else {"system_fingerprint": script.fingerprint}),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content, "refusal": refusal},
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": len(prompt) // 4,
                "completion_tokens": len(content or refusal or "") // 4,
                "total_tokens": len(prompt) // 4 + len(content or refusal or "") // 4,
            },
        }
        return self._send(200, reply)

    def _send(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self._send_raw(status, json.dumps(payload).encode(), "application/json", headers)

    def _send_raw(self, status: int, data: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256
    script: Script

    def server_activate(self) -> None:
        super().server_activate()
        self.connections: set[socket.socket] = set()
        self.down = threading.Event()

    def process_request(self, request: Any, client_address: Any) -> None:
        self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        self.connections.discard(request)
        super().shutdown_request(request)

    def go_down(self) -> None:
        """Refuse connections from now on: the listening socket closed, open ones shut."""
        if self.down.is_set():
            return
        self.down.set()
        self.shutdown()  # serve_forever (another thread) stops accepting; then the socket closes
        self.socket.close()
        for connection in list(self.connections):
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client gone before its reply (a timeout, a reset) is the test's subject, not noise


class GraderServer:
    """The server in a background thread of this process."""

    def __init__(self, script: Script | None = None, port: int = 0) -> None:
        self.script = script or Script()
        self._server = _Server(("127.0.0.1", port), _Handler)
        self._server.script = self.script
        self.port = self._server.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> GraderServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.go_down()
        self._server.server_close()

    def go_down(self) -> None:
        """Refuse connections from now on, as a server that went down."""
        self._server.go_down()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--latency", type=float, default=0.0)
    arguments = parser.parse_args()
    with GraderServer(Script(latency=arguments.latency)) as server:
        print(server.port, flush=True)
        try:
            while True:
                time.sleep(1)
                print(json.dumps({"requests": server.script.requests, "max_open": server.script.max_open}), flush=True)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
