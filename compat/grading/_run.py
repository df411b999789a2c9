"""Grading a dataset: per row, per arm, per sample, call 1 (statements) then call 2 (verdicts).

Each sample is a small generator (``_sample_flow``) that yields the requests it needs
and receives the replies: the same steps run synchronously when every reply is in the
cache (no task, no await: a cached re-run is bound by SQLite and JSON, not asyncio)
and as an asyncio task otherwise. The ragas arm re-asks, with the output it rejected,
when an output is not its JSON contract (``max_retries`` times), as the ragas library
does; every rejected output is recorded on the case.

The corpus is written in input order through ``atomic_writer``: it appears complete
or not at all. A run stopped half-way leaves no corpus, but every reply received is in
the cache, so the next run re-reads them and asks only for the rest.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from compat._atomic import atomic_writer
from compat._text import json_line
from compat.cases import ArmName, GraderCall
from compat.grading._cache import Reply, ReplyCache, request_key
from compat.grading._client import Counters, Grader, GraderFailure, Request
from compat.grading._datasets import Row
from compat.grading._prompts import REASK, PromptSets, context_text, render, statements_text
from compat.scoring import ScoreWarning, VerdictFormat, parse_verdicts

_UNREADABLE = {ScoreWarning.REPAIRED_JSON, ScoreWarning.INVALID_VERDICT}

STATEMENTS_SCHEMA: dict[str, Any] = {
    "name": "statements",
    "strict": True,
    "schema": {
        "type": "object",
        "properties": {"statements": {"type": "array", "items": {"type": "string"}}},
        "required": ["statements"],
        "additionalProperties": False,
    },
}
VERDICTS_SCHEMA: dict[str, Any] = {
    "name": "verdicts",
    "strict": True,
    "schema": {
        "type": "object",
        "properties": {
            "statements": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "statement": {"type": "string"},
                        "reason": {"type": "string"},
                        "verdict": {"type": "integer", "enum": [0, 1]},
                    },
                    "required": ["statement", "reason", "verdict"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["statements"],
        "additionalProperties": False,
    },
}


@dataclass(frozen=True, slots=True)
class GradeSettings:
    """Seed 001's options, with their meaning: ``strict_json`` asks the server for JSON on
    the ragas arm; ``max_retries`` re-asks an unparseable ragas-arm output; ``samples``
    grades each case K times per arm, sample k with seed ``seed + k`` (``None``: none sent)."""

    model: str
    arms: tuple[ArmName, ...] = ("legacy", "ragas")
    samples: int = 1
    max_retries: int = 1
    strict_json: bool = False
    temperature: float = 0.0
    seed: int | None = 0
    window: int = 512  # rows ahead of the oldest one not yet written: bounds memory, not speed


@dataclass(frozen=True, slots=True)
class GradeProgress:
    cases: int
    total: int | None
    elapsed: float
    requests: int
    cached: int
    retries: int
    errors: int
    prompt_tokens: int
    completion_tokens: int


@dataclass(frozen=True, slots=True)
class GradeSummary:
    """What a run did. ``requests`` counts HTTP requests (retries included); ``calls_made``
    the grader calls answered this run; ``cached`` those the cache answered."""

    cases: int
    calls_made: int
    cached: int
    requests: int
    retried: int
    failed: int
    grader_errors: int
    reasked: int
    prompt_tokens: int
    completion_tokens: int
    elapsed: float
    max_open: int
    warnings: tuple[str, ...] = ()

    def cost(self, price_in: float, price_out: float) -> float:
        """Cost of the tokens paid for this run, at prices per million tokens."""
        return (self.prompt_tokens * price_in + self.completion_tokens * price_out) / 1_000_000


@dataclass(frozen=True, slots=True)
class CallPlan:
    """What ``--dry-run`` says: calls a run would make at least, and at most with re-asks."""

    cases: int
    calls: int
    cached: int
    at_most: int


@dataclass(frozen=True, slots=True)
class _Ask:
    key: str
    request: Request


@dataclass(slots=True)
class _Tally:
    cached: int = 0
    made: int = 0
    grader_errors: int = 0
    reasked: int = 0


ProgressHandler = Callable[[GradeProgress], None]
# Bump when line() writes something else for the same row: finished lines cached by an
# earlier version must not be served.
_LINE_FORMAT = 1
_LINE_BATCH = 256  # rows whose finished lines are looked up in one query
_Flow = Generator[_Ask, "Reply | GraderFailure", dict[str, Any]]


class _Grading:
    """The steps of one run, shared by the synchronous (cached) and asynchronous paths."""

    def __init__(self, settings: GradeSettings, prompts: PromptSets, cache: ReplyCache) -> None:
        self.settings = settings
        self.prompts = prompts
        self.cache = cache
        self.tally = _Tally()
        # What every row's line depends on besides the row: hashed once per run.
        run = [
            _LINE_FORMAT,
            [settings.model, settings.arms, settings.samples, settings.max_retries, settings.strict_json],
            [settings.temperature, settings.seed, prompts.origin],
            [prompts.legacy.statements, prompts.legacy.verdicts, prompts.ragas.statements, prompts.ragas.verdicts],
        ]
        self._run_key = hashlib.sha256(json.dumps(run, ensure_ascii=True).encode("ascii")).hexdigest()

    # ---------------------------------------------------------------- the flow

    def row_flows(self, row: Row) -> list[_Flow]:
        return [self._sample_flow(row, arm, k) for arm in self.settings.arms for k in range(self.settings.samples)]

    def _sample_flow(self, row: Row, arm: ArmName, sample: int) -> _Flow:
        settings = self.settings
        pair = self.prompts.pair(arm)
        seed = None if settings.seed is None else settings.seed + sample
        values = {"question": row.question, "answer": row.answer, "context": context_text(row.contexts)}
        record: dict[str, Any] = {} if seed is None else {"seed": seed}
        attempts: list[dict[str, str]] = []
        tokens = [0, 0]
        call: GraderCall = "statements"
        try:
            first = yield from self._call(arm, call, render(pair.statements, values), seed, sample, attempts, tokens)
            record["statements_output"] = first
            statements = _ragas_statements(first) if arm == "ragas" else None
            if statements is None:
                statements = [line.strip() for line in first.split("\n") if line.strip()]
            call = "verdicts"
            verdict_values = {**values, "statements": statements_text(arm, statements)}
            second = yield from self._call(
                arm, call, render(pair.verdicts, verdict_values), seed, sample, attempts, tokens, len(statements)
            )
            record["grader_output"] = second
        except _Failed as failed:
            record["error"] = {"call": call, "kind": failed.failure.kind, "message": failed.failure.message}
        if attempts:
            record["attempts"] = attempts
        record["tokens"] = {"prompt": tokens[0], "completion": tokens[1]}
        return record

    def _call(
        self,
        arm: ArmName,
        call: GraderCall,
        prompt: str,
        seed: int | None,
        sample: int,
        attempts: list[dict[str, str]],
        tokens: list[int],
        statement_count: int = 0,
    ) -> Generator[_Ask, Reply | GraderFailure, str]:
        """One grader call, re-asked on the ragas arm while its output breaks the contract."""
        settings = self.settings
        structured = arm == "ragas" and settings.strict_json
        schema = (STATEMENTS_SCHEMA if call == "statements" else VERDICTS_SCHEMA) if structured else None
        parameters = {"temperature": settings.temperature, "seed": seed, "strict_json": structured}
        messages: tuple[dict[str, str], ...] = ({"role": "user", "content": prompt},)
        reasks = settings.max_retries if arm == "ragas" else 0
        for attempt in range(reasks + 1):
            key = request_key(settings.model, messages, parameters, sample)
            reply = yield _Ask(key, Request(messages, settings.temperature, seed, schema))
            if isinstance(reply, GraderFailure):
                raise _Failed(reply)
            tokens[0] += reply.prompt_tokens
            tokens[1] += reply.completion_tokens
            text = reply.content
            problem = None if arm == "legacy" else _contract_problem(call, text, statement_count)
            if problem is None or attempt == reasks:
                return text
            attempts.append({"call": call, "output": text, "problem": problem})
            self.tally.reasked += 1
            messages = (*messages, {"role": "assistant", "content": text}, {"role": "user", "content": REASK})
        raise AssertionError("unreachable: the last attempt returns")

    # ---------------------------------------------------------------- drivers

    def row_key(self, row: Row) -> str:
        """The key of a row's finished line: everything the line depends on but the replies.

        The replies are fixed in turn (each is cached under its request, which these
        determine, and never replaced), so equal keys mean equal lines. Where the row
        came from (file, line) is left out.
        """
        canonical = json.dumps(
            [
                self._run_key,
                [row.id, row.tags, row.question, row.answer, row.contexts, row.threshold, row.reference],
                None if row.observed is None else row.observed.model_dump(),
            ],
            ensure_ascii=True,
        )
        return hashlib.sha256(canonical.encode("ascii")).hexdigest()

    def known_line(self, key: str, found: dict[str, tuple[str, int]]) -> str | None:
        """The row's line if a run before built it (``found``: ``ReplyCache.get_lines``)."""
        known = found.get(key)
        if known is None:
            return None
        line, replies = known
        self.tally.cached += replies
        return line

    def cached_line(self, row: Row, key: str) -> str | None:
        """The row's corpus line when the cache holds every reply it needs; ``None`` otherwise."""
        flows = self.row_flows(row)
        records = []
        hits = 0
        get = self.cache.get
        for flow in flows:
            try:
                ask = next(flow)
                while True:
                    reply = get(ask.key)
                    if reply is None:
                        return None
                    hits += 1
                    ask = flow.send(reply)
            except StopIteration as done:
                records.append(done.value)
        self.tally.cached += hits
        line = self.line(row, records)
        self.cache.put_line(key, line, hits)
        return line

    async def graded_line(self, row: Row, grader: Grader, key: str) -> str:
        records = await asyncio.gather(*(self._drive(flow, grader) for flow in self.row_flows(row)))
        line = self.line(row, list(records))
        if not any("error" in record for record in records):  # a failed call is asked again next run
            replies = sum(2 + len(record.get("attempts", ())) for record in records)
            self.cache.put_line(key, line, replies)
        return line

    async def _drive(self, flow: _Flow, grader: Grader) -> dict[str, Any]:
        try:
            ask = next(flow)
            while True:
                reply: Reply | GraderFailure | None = self.cache.get(ask.key)
                if reply is not None:
                    self.tally.cached += 1
                else:
                    try:
                        reply = await grader.complete(ask.request)
                    except GraderFailure as failure:
                        reply = failure
                    else:
                        self.cache.put(ask.key, reply)
                        self.tally.made += 1
                ask = flow.send(reply)
        except StopIteration as done:
            record: dict[str, Any] = done.value
            return record

    def line(self, row: Row, records: Sequence[dict[str, Any]]) -> str:
        """The corpus line of a row: the case with one recording per arm, samples in order."""
        case: dict[str, Any] = {"id": row.id}
        if row.tags:
            case["tags"] = list(row.tags)
        case["question"] = row.question
        case["answer"] = row.answer
        case["contexts"] = list(row.contexts)
        threshold = row.threshold
        if threshold is None and row.observed is not None:
            threshold = row.observed.threshold
        if threshold is not None:
            case["threshold"] = threshold
        if row.reference is not None:
            case["reference"] = row.reference
        if row.observed is not None:
            case["observed"] = row.observed.model_dump(exclude_none=True)
        arms: dict[str, Any] = {}
        samples = self.settings.samples
        for index, arm in enumerate(self.settings.arms):
            own = records[index * samples : (index + 1) * samples]
            self.tally.grader_errors += sum("error" in record for record in own)
            recording = {"prompts": f"{arm} ({self.prompts.origin})", "model": self.settings.model, **own[0]}
            if samples > 1:
                recording["samples"] = list(own[1:])
            arms[arm] = recording
        case["arms"] = arms
        return json_line(case)


class _Failed(Exception):
    def __init__(self, failure: GraderFailure) -> None:
        self.failure = failure


def _ragas_statements(text: str) -> list[str] | None:
    """The statements of a RAGAS call-1 output, or ``None`` when it is not that JSON."""
    value = _first_json_object(text)
    if isinstance(value, dict):
        items = value.get("statements")
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            return [item.strip() for item in items if item.strip()]
    return None


def _first_json_object(text: str) -> Any:
    """The JSON object the text starts with (after whitespace and a markdown fence), or ``None``."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rstrip().removesuffix("```")
    start = stripped.find("{")
    if start < 0 or stripped[:start].strip():
        return None
    try:
        value, end = json.JSONDecoder().raw_decode(stripped, start)
    except (ValueError, RecursionError):
        return None
    return value if not stripped[end:].strip() else None


def _contract_problem(call: GraderCall, text: str, statement_count: int) -> str | None:
    """Why a ragas-arm output breaks its JSON contract, or ``None`` when it keeps it."""
    if call == "statements":
        return None if _ragas_statements(text) is not None else 'not the JSON object {"statements": [...]}'
    if statement_count == 0:  # nothing to judge: an empty list is the whole answer
        value = _first_json_object(text)
        if isinstance(value, dict) and isinstance(value.get("statements"), list):
            return None
    parsed = parse_verdicts(text)
    if parsed is None or parsed.format is not VerdictFormat.JSON:
        return "no JSON verdict list"
    if _UNREADABLE.intersection(parsed.warnings):
        return "the JSON verdict list is truncated or malformed"
    if parsed.valid_count == 0 and statement_count > 0:
        return "the JSON verdict list holds no usable verdict"
    return None


# ------------------------------------------------------------------- the run


@dataclass(slots=True)
class _Order:
    """Lines delivered in any order, written in input order."""

    write: Callable[[str], Any]
    next_index: int = 0
    waiting: dict[int, str] = field(default_factory=dict)

    def deliver(self, index: int, line: str) -> int:
        """Store a row's line; write every line now in order. How many were written."""
        if index != self.next_index:
            self.waiting[index] = line
            return 0
        self.write(line)
        written = 1
        self.next_index += 1
        while self.next_index in self.waiting:
            self.write(self.waiting.pop(self.next_index))
            self.next_index += 1
            written += 1
        return written


def grade(
    rows: Iterable[Row],
    out: Path,
    grader: Callable[[], Grader],
    cache: ReplyCache,
    prompts: PromptSets,
    settings: GradeSettings,
    *,
    total: int | None = None,
    on_progress: ProgressHandler | None = None,
    progress_every: float = 0.2,
) -> GradeSummary:
    """Grade every row and write the corpus to ``out`` (atomically); the run's summary.

    ``grader`` makes the grader inside the run's event loop (the SDK's client binds to it).
    """
    return asyncio.run(_grade(rows, out, grader, cache, prompts, settings, total, on_progress, progress_every))


async def _grade(
    rows: Iterable[Row],
    out: Path,
    make_grader: Callable[[], Grader],
    cache: ReplyCache,
    prompts: PromptSets,
    settings: GradeSettings,
    total: int | None,
    on_progress: ProgressHandler | None,
    progress_every: float,
) -> GradeSummary:
    grading = _Grading(settings, prompts, cache)
    grader = _OnFirstCall(make_grader)
    start = time.monotonic()
    done = 0
    shown = start
    window = max(settings.window, 1)
    advanced = asyncio.Event()
    failures: list[BaseException] = []
    tasks: set[asyncio.Task[None]] = set()

    def progress(now: float) -> None:
        if on_progress is not None:
            on_progress(_snapshot(done, total, now - start, grader.counters, grading.tally))

    try:
        with atomic_writer(out) as sink:
            order = _Order(sink.write)

            def deliver(index: int, line: str) -> None:
                nonlocal done, shown
                done += order.deliver(index, line)
                advanced.set()
                now = time.monotonic()
                if now - shown >= progress_every:
                    shown = now
                    progress(now)

            async def graded(index: int, row: Row, key: str) -> None:
                try:
                    deliver(index, await grading.graded_line(row, grader, key))
                except BaseException as error:  # surfaced by the loop below; the run stops
                    failures.append(error)
                    advanced.set()
                    raise

            numbered = enumerate(rows)
            while batch := list(islice(numbered, _LINE_BATCH)):
                keys = [grading.row_key(row) for _index, row in batch]
                found = cache.get_lines(keys)  # one query for the batch: a re-run's fast path
                for (index, row), key in zip(batch, keys, strict=True):
                    while index - order.next_index >= window and not failures:
                        advanced.clear()
                        await advanced.wait()
                    if failures:
                        break
                    line = grading.known_line(key, found) or grading.cached_line(row, key)
                    if line is not None:
                        deliver(index, line)
                        continue
                    task = asyncio.create_task(graded(index, row, key))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                    if len(tasks) % 64 == 0:
                        await asyncio.sleep(0)  # let replies in while the reader runs ahead
                if failures:
                    break
            if tasks and not failures:
                await asyncio.wait(list(tasks), return_when=asyncio.FIRST_EXCEPTION)
            if failures:
                raise failures[0]
    finally:
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        await grader.aclose()
    progress(time.monotonic())
    tally = grading.tally
    counters = grader.counters
    return GradeSummary(
        cases=done,
        calls_made=tally.made,
        cached=tally.cached,
        requests=counters.requests,
        retried=counters.retries,
        failed=counters.failures,
        grader_errors=tally.grader_errors,
        reasked=tally.reasked,
        prompt_tokens=counters.prompt_tokens,
        completion_tokens=counters.completion_tokens,
        elapsed=time.monotonic() - start,
        max_open=counters.max_open,
        warnings=tuple(counters.warnings),
    )


class _OnFirstCall:
    """The run's grader, made when the first call needs it: a run the cache answers whole
    opens no client (nor loads the SDK). Made inside the run's event loop, which the SDK's
    client binds to."""

    def __init__(self, make: Callable[[], Grader]) -> None:
        self._make = make
        self._grader: Grader | None = None
        self._none_made = Counters()

    @property
    def counters(self) -> Counters:
        return self._none_made if self._grader is None else self._grader.counters

    async def complete(self, request: Request) -> Reply:
        if self._grader is None:
            self._grader = self._make()
        return await self._grader.complete(request)

    async def aclose(self) -> None:
        if self._grader is not None:
            await self._grader.aclose()


def _snapshot(done: int, total: int | None, elapsed: float, counters: Counters, tally: _Tally) -> GradeProgress:
    return GradeProgress(
        cases=done,
        total=total,
        elapsed=elapsed,
        requests=counters.requests,
        cached=tally.cached,
        retries=counters.retries,
        errors=tally.grader_errors,
        prompt_tokens=counters.prompt_tokens,
        completion_tokens=counters.completion_tokens,
    )


def plan(rows: Iterable[Row], cache: ReplyCache, prompts: PromptSets, settings: GradeSettings) -> CallPlan:
    """How many calls a run would make: the cache is read, nothing is asked."""
    grading = _Grading(settings, prompts, cache)
    cases = calls = cached = at_most = 0
    for row in rows:
        cases += 1
        for arm in settings.arms:
            for sample in range(settings.samples):
                needed, hits = _calls_needed(grading._sample_flow(row, arm, sample), cache)
                cached += hits
                calls += needed
                at_most += needed * (1 + (settings.max_retries if arm == "ragas" else 0))
    return CallPlan(cases=cases, calls=calls, cached=cached, at_most=at_most)


def _calls_needed(flow: _Flow, cache: ReplyCache) -> tuple[int, int]:
    """(calls still to make, at least; replies the cache holds) for one sample."""
    needed, hits = 2, 0
    try:
        ask = next(flow)
        while True:
            reply = cache.get(ask.key)
            if reply is None:
                return needed, hits
            hits += 1
            if len(ask.request.messages) == 1:  # a call's first attempt (re-asks carry the exchange)
                needed -= 1
            ask = flow.send(reply)
    except StopIteration:
        return 0, hits
