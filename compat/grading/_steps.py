"""The steps of grading a row, shared by the cached and the asynchronous path, and the settings they follow.

Each sample is a small generator (``_sample_flow``) that yields the requests it needs
and receives the replies: the same steps run synchronously when every reply is in the
cache (no task, no await: a cached re-run is bound by SQLite and JSON, not asyncio)
and as an asyncio task otherwise. The ragas arm re-asks, with the output it rejected,
when an output is not its JSON contract (``max_retries`` times), as the ragas library
does; every rejected output is recorded on the case.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from compat._text import json_line
from compat.cases import ArmName, GraderCall
from compat.grading._cache import Reply, ReplyCache, request_key
from compat.grading._client import Grader, GraderFailure, Request
from compat.grading._contract import STATEMENTS_SCHEMA, VERDICTS_SCHEMA, contract_problem
from compat.grading._prompts import REASK, PromptSets, context_text, render, statements_text
from compat.grading._rows import Row
from compat.scoring import statements_from_text


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
class _Ask:
    key: str
    request: Request


@dataclass(slots=True)
class Tally:
    cached: int = 0
    made: int = 0
    grader_errors: int = 0
    reasked: int = 0


# Bump when line() writes something else for the same row: finished lines cached by an
# earlier version must not be served.
_LINE_FORMAT = 1


Flow = Generator[_Ask, "Reply | GraderFailure", dict[str, Any]]


class Grading:
    """The steps of one run, shared by the synchronous (cached) and asynchronous paths."""

    def __init__(self, settings: GradeSettings, prompts: PromptSets, cache: ReplyCache) -> None:
        self.settings = settings
        self.prompts = prompts
        self.cache = cache
        self.tally = Tally()
        # What every row's line depends on besides the row: hashed once per run.
        run = [
            _LINE_FORMAT,
            [settings.model, settings.arms, settings.samples, settings.max_retries, settings.strict_json],
            [settings.temperature, settings.seed, prompts.origin],
            [prompts.legacy.statements, prompts.legacy.verdicts, prompts.ragas.statements, prompts.ragas.verdicts],
        ]
        self._run_key = hashlib.sha256(json.dumps(run, ensure_ascii=True).encode("ascii")).hexdigest()

    # ---------------------------------------------------------------- the flow

    def row_flows(self, row: Row) -> list[Flow]:
        return [self._sample_flow(row, arm, k) for arm in self.settings.arms for k in range(self.settings.samples)]

    def _sample_flow(self, row: Row, arm: ArmName, sample: int) -> Flow:
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
            # The RAGAS arm's call 2 judges the statements the fixed scorer will divide by;
            # the legacy arm keeps legacy's line rule, on purpose.
            statements = (
                statements_from_text(first)
                if arm == "ragas"
                else [line.strip() for line in first.split("\n") if line.strip()]
            )
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
            problem = None if arm == "legacy" else contract_problem(call, text, statement_count)
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

    async def _drive(self, flow: Flow, grader: Grader) -> dict[str, Any]:
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
