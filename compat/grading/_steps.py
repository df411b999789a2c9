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
from collections import Counter
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from compat._text import json_line
from compat.cases import DEFAULT_MAX_CASE_BYTES, ArmName, GraderCall
from compat.grading._cache import Reply, ReplyCache, request_key
from compat.grading._client import Grader, GraderFailure, Request
from compat.grading._contract import STATEMENTS_SCHEMA, VERDICTS_SCHEMA, contract_problem
from compat.grading._prompts import REASK, PromptSets, context_text, render, statements_text
from compat.grading._rows import Row, case_fields, line_bytes
from compat.scoring import statements_from_text


@dataclass(frozen=True, slots=True)
class GradeSettings:
    """Seed 001's options, with their meaning: ``strict_json`` asks the server for JSON on
    the ragas arm; ``max_retries`` re-asks an unparseable ragas-arm output; ``samples``
    grades each case K times per arm, sample k with seed ``seed + k`` (``None``: none sent).
    ``max_error_rate``: the share of cases with a grader error above which the run fails
    (one where every case failed fails whatever it says); ``max_case_bytes``: the longest
    case line the corpus reader accepts, which every line written must fit."""

    model: str
    arms: tuple[ArmName, ...] = ("legacy", "ragas")
    samples: int = 1
    max_retries: int = 1
    strict_json: bool = False
    temperature: float = 0.0
    seed: int | None = 0
    window: int = 512  # rows ahead of the oldest one not yet written: bounds memory, not speed
    max_error_rate: float = 0.1
    max_case_bytes: int = DEFAULT_MAX_CASE_BYTES


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
    failed_cases: int = 0  # cases with a grader error on any arm or sample
    error_kinds: Counter[str] = field(default_factory=Counter)
    first_error: str | None = None  # "kind: message" of the first grader error recorded


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
                [row.id, row.tags, row.question, row.answer, row.contexts, row.threshold, row.reference]
                # metrics only where a row has them: the keys of rows without stay those of earlier runs
                + ([dict(row.metrics)] if row.metrics else []),
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
        return self._finished(row, key, records, hits)

    async def graded_line(self, row: Row, grader: Grader, key: str) -> str:
        records = await asyncio.gather(*(self._drive(flow, grader) for flow in self.row_flows(row)))
        replies = sum(2 + len(record.get("attempts", ())) for record in records)
        return self._finished(row, key, list(records), replies)

    def _finished(self, row: Row, key: str, records: list[dict[str, Any]], replies: int) -> str:
        """The row's line, stored for the next run unless it holds an error (a failed call
        is asked again; a line cut to fit is rebuilt under the limit then in force)."""
        line, failed = self.line(row, records)
        if not failed:
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

    def line(self, row: Row, records: Sequence[dict[str, Any]]) -> tuple[str, bool]:
        """The corpus line of a row (the case with one recording per arm, samples in order),
        and whether a grader error is on it. Counted in the tally."""
        records = list(records)
        line = self._assemble(row, records)
        limit = self.settings.max_case_bytes
        # A character is at most 4 bytes in UTF-8: a line this short fits without encoding it.
        while 4 * len(line) > limit and (size := line_bytes(line)) > limit:
            # The largest outputs give way, call 2's first, until the line fits: a line over
            # the limit would be refused by every command that reads the corpus.
            index = max(range(len(records)), key=lambda i: _output_size(records[i]))
            if not _output_size(records[index]):
                break  # the row alone is over the limit (iter_rows refuses such rows)
            records[index] = _too_long(records[index], size, limit)
            line = self._assemble(row, records)
        errors = [record["error"] for record in records if "error" in record]
        tally = self.tally
        tally.grader_errors += len(errors)
        tally.failed_cases += bool(errors)
        tally.error_kinds.update(error["kind"] for error in errors)
        if errors and tally.first_error is None:
            tally.first_error = f"{errors[0]['kind']}: {errors[0]['message']}"
        return line, bool(errors)

    def _assemble(self, row: Row, records: Sequence[dict[str, Any]]) -> str:
        case = case_fields(row)
        arms: dict[str, Any] = {}
        samples = self.settings.samples
        for index, arm in enumerate(self.settings.arms):
            own = records[index * samples : (index + 1) * samples]
            recording = {"prompts": f"{arm} ({self.prompts.origin})", "model": self.settings.model, **own[0]}
            if samples > 1:
                recording["samples"] = list(own[1:])
            arms[arm] = recording
        case["arms"] = arms
        return json_line(case)


def _output_size(record: dict[str, Any]) -> int:
    """Characters of the grader's text a sample's record holds."""
    texts = [record.get("statements_output") or "", record.get("grader_output") or ""]
    texts += [attempt["output"] for attempt in record.get("attempts", ())]
    return sum(map(len, texts))


def _too_long(record: dict[str, Any], size: int, limit: int) -> dict[str, Any]:
    """The record without its call 2 output (or, when that is gone, its call 1 output),
    with an error saying why: what is left of the sample stays readable."""
    fitted = {key: record[key] for key in ("seed",) if key in record}
    call: GraderCall = "statements"
    if "grader_output" in record:
        fitted["statements_output"] = record["statements_output"]
        call = "verdicts"
    message = f"the grader's outputs would make the case line {size:,} bytes, over the limit of {limit:,}"
    fitted["error"] = {"call": call, "kind": "too_long", "message": message}
    fitted["tokens"] = record["tokens"]
    return fitted


class _Failed(Exception):
    def __init__(self, failure: GraderFailure) -> None:
        self.failure = failure
