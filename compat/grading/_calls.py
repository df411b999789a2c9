"""The calls grading a row makes, shared by the cached and the asynchronous path.

Each sample is a small generator (``sample_flow``) that yields the requests it needs
and receives the replies: the same calls run synchronously when every reply is in the
cache (no task, no await: a cached re-run is bound by SQLite and JSON, not asyncio)
and as an asyncio task otherwise. The ragas arm re-asks, with the output it rejected,
when an output is not its JSON contract (``max_retries`` times), as the ragas library
does; every rejected output is recorded on the case, and so is what the server says it
ran for each reply (``served``: the model it returns and its system fingerprint).

Counts say where each reply came from: asked this run (``made``) or replayed from the
cache (``cached``), re-asks among each; the two add up to the replies the corpus rests on.
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
from compat.cases import ArmConfig, GraderCall
from compat.grading._arms import arm_prompts, check_arms
from compat.grading._hhem import HhemSettings, HhemVerifier, verdicts_json
from compat.grading._line_limit import output_size, too_long_record
from compat.grading._settings import GradeSettings
from compat.grading.datasets import Row, case_fields, line_bytes
from compat.grading.grader import (
    Grader,
    GraderFailure,
    Reply,
    ReplyCache,
    Request,
    endpoint_key,
    endpoint_of,
    request_key,
)
from compat.grading.prompts import (
    REASK,
    STATEMENTS_SCHEMA,
    VERDICTS_SCHEMA,
    PromptSets,
    context_text,
    contract_problem,
    deepeval_values,
    read_field,
    render,
    statements_text,
)
from compat.scoring import sent_statements, statements_from_text


@dataclass(frozen=True, slots=True)
class _Ask:
    key: str
    request: Request

    @property
    def is_reask(self) -> bool:
        """A re-ask carries the exchange before it; a call's first attempt is one message."""
        return len(self.request.messages) > 1


@dataclass(slots=True)
class CallCounts:
    """What a run's calls came to: replies replayed from the cache (``cached``) or asked this
    run and received (``made``), each with the re-asks among them, and the grader errors recorded."""

    cached: int = 0
    made: int = 0
    grader_errors: int = 0
    reasks_cached: int = 0  # of ``cached``, re-asks
    reasks_made: int = 0  # of ``made``, re-asks
    failed_cases: int = 0  # cases with a grader error on any arm or sample
    error_kinds: Counter[str] = field(default_factory=Counter)
    first_error: str | None = None  # "kind: message" of the first grader error recorded


# Bump when line() writes something else for the same row: finished lines cached by an
# earlier version must not be served. 2: the run's endpoint in the key, ``served`` recorded.
_LINE_FORMAT = 2


Flow = Generator[_Ask, "Reply | GraderFailure", dict[str, Any]]


class Grading:
    """The calls of one run, shared by the synchronous (cached) and asynchronous paths."""

    def __init__(
        self, settings: GradeSettings, prompts: PromptSets, cache: ReplyCache, *, load_verifier: bool = True
    ) -> None:
        self.settings = settings
        self.prompts = prompts
        self.cache = cache
        self.counts = CallCounts()
        self.arms = settings.configs(prompts.origin)
        check_arms(self.arms)
        # Where the run's requests go: in every key, so another endpoint's replies are never replayed.
        self.endpoint = endpoint_key(endpoint_of(settings.base_url))
        # The grader calls a row's samples make without re-asks (HHEM stands in for an hhem arm's call 2).
        self._base_calls = sum(arm.samples * grader_calls(arm) for arm in self.arms)
        self._pairs = {arm.name: arm_prompts(arm, prompts).pair(arm.preset) for arm in self.arms}
        # Loaded before any call is made: a model that cannot be used stops the run (exit 2) for nothing paid.
        # Not for a plan (a dry run): it counts grader calls, and HHEM makes none.
        verified = load_verifier and any(arm.verifier == "hhem" for arm in self.arms)
        self.verifier = HhemVerifier(settings.hhem or HhemSettings()) if verified else None
        verifier = None if self.verifier is None else [self.verifier.identity, self.verifier.settings.max_tokens]
        # What every row's line depends on besides the row: hashed once per run.
        run = [
            _LINE_FORMAT,
            [settings.model, [_arm_key(arm) for arm in self.arms], settings.samples, settings.max_retries],
            self.endpoint,
            [settings.strict_json, settings.temperature, settings.seed, prompts.origin],
            [[pair.statements, pair.verdicts] for pair in self._pairs.values()],
            *([verifier] if verifier else []),
            # Only where a deepeval arm is graded: the keys of other runs stay those they had.
            *([list(_deepeval_templates(prompts))] if any(arm.preset == "deepeval" for arm in self.arms) else []),
        ]
        self._run_key = hashlib.sha256(json.dumps(run, ensure_ascii=True).encode("ascii")).hexdigest()

    # ---------------------------------------------------------------- the flow

    def row_flows(self, row: Row) -> list[Flow]:
        return [self.sample_flow(row, arm, k) for arm in self.arms for k in range(arm.samples)]

    def sample_flow(self, row: Row, arm: ArmConfig, sample: int) -> Flow:
        if arm.verifier == "hhem":
            return (yield from self._verified_flow(row, arm, sample))
        if arm.preset == "deepeval":
            return (yield from self._deepeval_flow(row, arm, sample))
        settings = self.settings
        pair = self._pairs[arm.name]
        seed = None if settings.seed is None else settings.seed + sample
        values = {"question": row.question, "answer": row.answer, "context": context_text(row.contexts)}
        record: dict[str, Any] = {} if seed is None else {"seed": seed}
        attempts: list[dict[str, str]] = []
        served: list[dict[str, str]] = []
        tokens = [0, 0]
        call: GraderCall = "statements"
        try:
            first = yield from self._call(
                arm,
                call,
                render(pair.statements, values),
                seed=seed,
                sample=sample,
                attempts=attempts,
                served=served,
                tokens=tokens,
            )
            record["statements_output"] = first
            # The RAGAS arm's call 2 judges the statements the fixed scorer will divide by;
            # the legacy arm keeps legacy's line rule, on purpose (diff shows what each was sent).
            statements = sent_statements(first, structured=arm.structured)
            call = "verdicts"
            verdict_values = {**values, "statements": statements_text(arm.preset, statements)}
            second = yield from self._call(
                arm,
                call,
                render(pair.verdicts, verdict_values),
                seed=seed,
                sample=sample,
                attempts=attempts,
                served=served,
                tokens=tokens,
                statement_count=len(statements),
            )
            record["grader_output"] = second
        except _Failed as failed:
            record["error"] = {"call": call, "kind": failed.failure.kind, "message": failed.failure.message}
        if attempts:
            record["attempts"] = attempts
        record["tokens"] = {"prompt": tokens[0], "completion": tokens[1]}
        _add_served(record, served)
        return record

    def _deepeval_flow(self, row: Row, arm: ArmConfig, sample: int) -> Flow:
        """A deepeval arm's sample: the truths call (contexts), the claims call (answer: call 1), then
        the verdicts call (call 2) on what deepeval reads from the two, as deepeval 4.3.1 asks them."""
        templates = arm_prompts(arm, self.prompts).deepeval
        seed = None if self.settings.seed is None else self.settings.seed + sample
        values = deepeval_values(row.contexts, row.answer)
        record: dict[str, Any] = {} if seed is None else {"seed": seed}
        attempts: list[dict[str, str]] = []
        served: list[dict[str, str]] = []
        tokens = [0, 0]
        call: GraderCall = "truths"

        def ask(prompt: str) -> Generator[_Ask, Reply | GraderFailure, str]:
            return self._call(
                arm, call, prompt, seed=seed, sample=sample, attempts=attempts, served=served, tokens=tokens
            )

        try:
            truths = yield from ask(render(templates.truths, values))
            record["truths_output"] = truths
            call = "statements"
            claims = yield from ask(render(templates.claims, values))
            record["statements_output"] = claims
            call = "verdicts"
            read = deepeval_values(row.contexts, row.answer, read_field(claims, "claims"), read_field(truths, "truths"))
            record["grader_output"] = yield from ask(render(templates.verdicts, read))
        except _Failed as failed:
            record["error"] = {"call": call, "kind": failed.failure.kind, "message": failed.failure.message}
        record["tokens"] = {"prompt": tokens[0], "completion": tokens[1]}
        _add_served(record, served)
        return record

    def _verified_flow(self, row: Row, arm: ArmConfig, sample: int) -> Flow:
        """An hhem arm's sample: its call 1, then HHEM on the statements (a failure is call 2's error);
        HHEM's verdicts stand in call 2's place as the RAGAS JSON, so every scorer reads the arm."""
        seed = None if self.settings.seed is None else self.settings.seed + sample
        values = {"question": row.question, "answer": row.answer, "context": context_text(row.contexts)}
        record: dict[str, Any] = {} if seed is None else {"seed": seed}
        attempts: list[dict[str, str]] = []
        served: list[dict[str, str]] = []
        tokens = [0, 0]
        prompt = render(self._pairs[arm.name].statements, values)
        try:
            first = yield from self._call(
                arm, "statements", prompt, seed=seed, sample=sample, attempts=attempts, served=served, tokens=tokens
            )
        except _Failed as failed:
            record["error"] = {"call": "statements", "kind": failed.failure.kind, "message": failed.failure.message}
        else:
            record["statements_output"] = first
            if self.verifier is None:
                return record  # a plan: call 1 is the arm's only grader call (what is recorded does not matter)
            verified = self.verifier.verify(row.contexts, statements_from_text(first))
            if verified.error is not None:
                record["error"] = verified.error.model_dump()
            else:
                record["grader_output"] = verdicts_json(verified.checks)
                record["checks"] = [check.model_dump() for check in verified.checks]
        if attempts:
            record["attempts"] = attempts
        record["tokens"] = {"prompt": tokens[0], "completion": tokens[1]}
        _add_served(record, served)
        return record

    def _call(
        self,
        arm: ArmConfig,
        call: GraderCall,
        prompt: str,
        *,
        seed: int | None,
        sample: int,
        attempts: list[dict[str, str]],
        served: list[dict[str, str]],
        tokens: list[int],
        statement_count: int = 0,
    ) -> Generator[_Ask, Reply | GraderFailure, str]:
        """One grader call, re-asked on a JSON-contract arm while its output breaks the contract."""
        structured = arm.structured and bool(arm.strict_json)
        schema = (STATEMENTS_SCHEMA if call == "statements" else VERDICTS_SCHEMA) if structured else None
        temperature = arm.temperature or 0.0
        parameters = {"temperature": temperature, "seed": seed, "strict_json": structured}
        messages: tuple[dict[str, str], ...] = ({"role": "user", "content": prompt},)
        reasks = (arm.max_retries or 0) if arm.structured else 0
        model = arm.model or self.settings.model
        # An arm at another endpoint than the run's is another grader (``own_url``), keyed by its endpoint.
        own_url = arm.base_url if arm.base_url != self.settings.base_url else None
        endpoint = self.endpoint if own_url is None else endpoint_key(own_url)
        for attempt in range(reasks + 1):
            key = request_key(endpoint, model, messages, parameters, sample)
            reply = yield _Ask(key, Request(messages, temperature, seed, schema, model=model, base_url=own_url))
            if isinstance(reply, GraderFailure):
                raise _Failed(reply)
            tokens[0] += reply.prompt_tokens
            tokens[1] += reply.completion_tokens
            served.append(_served(call, reply))
            text = reply.content
            problem = contract_problem(call, text, statement_count) if arm.structured else None
            if problem is None or attempt == reasks:
                return text
            attempts.append({"call": call, "output": text, "problem": problem})
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
        self.counts.cached += replies
        # A stored line has no grader error: every sample made its calls, and the rest were re-asks.
        self.counts.reasks_cached += max(replies - self._base_calls, 0)
        return line

    def cached_line(self, row: Row, key: str) -> str | None:
        """The row's corpus line when the cache holds every reply it needs; ``None`` otherwise."""
        flows = self.row_flows(row)
        records = []
        hits = reasks = 0
        get = self.cache.get
        for flow in flows:
            try:
                ask = next(flow)
                while True:
                    reply = get(ask.key)
                    if reply is None:
                        return None  # nothing counted: the row is graded (and counted) again
                    hits += 1
                    reasks += ask.is_reask
                    ask = flow.send(reply)
            except StopIteration as done:
                records.append(done.value)
        self.counts.cached += hits
        self.counts.reasks_cached += reasks
        return self._finished(row, key, records, hits)

    async def graded_line(self, row: Row, grader: Grader, key: str) -> str:
        flows = self.row_flows(row)
        # HHEM arms' flows after the others: the call 1 an hhem arm shares with an llm arm (same prompts,
        # model, options) is then that arm's cached reply, not a second call.
        hhem = [arm.verifier == "hhem" for arm in self.arms for _ in range(arm.samples)]
        first = await asyncio.gather(*(self._drive(f, grader) for f, h in zip(flows, hhem, strict=True) if not h))
        later = await asyncio.gather(*(self._drive(f, grader) for f, h in zip(flows, hhem, strict=True) if h))
        done, late = iter(first), iter(later)
        driven = [next(late) if h else next(done) for h in hhem]
        replies = sum(asks for _record, asks in driven)  # as a re-run from the cache counts them
        return self._finished(row, key, [record for record, _asks in driven], replies)

    def _finished(self, row: Row, key: str, records: list[dict[str, Any]], replies: int) -> str:
        """The row's line, stored for the next run unless it holds an error (a failed call
        is asked again; a line cut to fit is rebuilt under the limit then in force)."""
        line, failed = self.line(row, records)
        if not failed:
            self.cache.put_line(key, line, replies)
        return line

    async def _drive(self, flow: Flow, grader: Grader) -> tuple[dict[str, Any], int]:
        """The sample's record, and the replies it was built from (cached or made)."""
        asks = 0
        counts = self.counts
        try:
            ask = next(flow)
            while True:
                reply: Reply | GraderFailure | None = self.cache.get(ask.key)
                if reply is not None:
                    counts.cached += 1
                    counts.reasks_cached += ask.is_reask
                    asks += 1
                else:
                    try:
                        reply = await grader.complete(ask.request)
                    except GraderFailure as failure:
                        reply = failure
                    else:
                        self.cache.put(ask.key, reply)
                        counts.made += 1
                        counts.reasks_made += ask.is_reask
                        asks += 1
                ask = flow.send(reply)
        except StopIteration as done:
            record: dict[str, Any] = done.value
            return record, asks

    def line(self, row: Row, records: Sequence[dict[str, Any]]) -> tuple[str, bool]:
        """The corpus line of a row (the case with one recording per arm, samples in order),
        and whether a grader error is on it. Counted in the run's ``counts``."""
        records = list(records)
        line = self._assemble(row, records)
        limit = self.settings.max_case_bytes
        # A character is at most 4 bytes in UTF-8: a line this short fits without encoding it.
        while 4 * len(line) > limit and (size := line_bytes(line)) > limit:
            # The largest outputs give way, call 2's first, until the line fits: a line over
            # the limit would be refused by every command that reads the corpus.
            index = max(range(len(records)), key=lambda i: output_size(records[i]))
            if not output_size(records[index]):
                break  # the row alone is over the limit (iter_rows refuses such rows)
            records[index] = too_long_record(records[index], size, limit)
            line = self._assemble(row, records)
        errors = [record["error"] for record in records if "error" in record]
        counts = self.counts
        counts.grader_errors += len(errors)
        counts.failed_cases += bool(errors)
        counts.error_kinds.update(error["kind"] for error in errors)
        if errors and counts.first_error is None:
            counts.first_error = f"{errors[0]['kind']}: {errors[0]['message']}"
        return line, bool(errors)

    def _assemble(self, row: Row, records: Sequence[dict[str, Any]]) -> str:
        case = case_fields(row)
        arms: dict[str, Any] = {}
        start = 0
        for arm in self.arms:
            own = records[start : start + arm.samples]
            start += arm.samples
            recording = {**arm.recorded(), **own[0]}
            if arm.verifier == "hhem" and self.verifier is not None:
                recording["verifier_model"] = self.verifier.identity
            if arm.samples > 1:
                recording["samples"] = list(own[1:])
            arms[arm.name] = recording
        case["arms"] = arms
        return json_line(case)


def grader_calls(arm: ArmConfig) -> int:
    """The grader calls one sample of ``arm`` makes without re-asks: HHEM stands in for an hhem
    arm's call 2; the deepeval arm asks its truths call before its two."""
    if arm.verifier == "hhem":
        return 1
    return 3 if arm.preset == "deepeval" else 2


def _deepeval_templates(prompts: PromptSets) -> tuple[str, str, str]:
    return prompts.deepeval.truths, prompts.deepeval.claims, prompts.deepeval.verdicts


def _served(call: GraderCall, reply: Reply) -> dict[str, str]:
    """What the server said it ran for one reply, as a recording's ``served`` entry holds it."""
    entry: dict[str, str] = {"call": call}
    if reply.served_model is not None:
        entry["model"] = reply.served_model
    if reply.fingerprint is not None:
        entry["system_fingerprint"] = reply.fingerprint
    return entry


def _add_served(record: dict[str, Any], served: list[dict[str, str]]) -> None:
    """``served`` on the record, one entry per reply in order, where any reply said what ran."""
    if any(len(entry) > 1 for entry in served):
        record["served"] = served


def _arm_key(arm: ArmConfig) -> list[Any]:
    """What an arm's lines depend on, as the run key holds it (presets as they always were)."""
    if arm.name == arm.preset and arm.verifier == "llm":
        return [arm.name]
    return [
        arm.name,
        arm.preset,
        arm.prompts,
        arm.model,
        arm.base_url,
        arm.temperature,
        arm.strict_json,
        arm.max_retries,
        arm.samples,
        arm.verifier,
    ]


class _Failed(Exception):
    def __init__(self, failure: GraderFailure) -> None:
        self.failure = failure
