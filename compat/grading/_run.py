"""Grading a dataset: per row, per arm, per sample, call 1 (statements) then call 2 (verdicts).

The corpus is written in input order through ``atomic_writer``: it appears complete
or not at all. A run stopped half-way leaves no corpus, but every reply received is in
the cache, so the next run re-reads them and asks only for the rest.

A run stops, and writes no corpus, when the grader cannot be used at all
(``GraderUnusableError``, from the client), when more cases failed to grade than
``max_error_rate`` allows (``GradingFailedError``: as soon as the count is over it, when
the number of rows is known), or when there was no row to grade (``CorpusError``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from compat._atomic import atomic_writer
from compat._errors import CorpusError, GraderUnusableError, GradingFailedError
from compat.grading._calls import CallCounts, Flow, Grading, grader_calls
from compat.grading._settings import GradeSettings
from compat.grading.datasets import Row
from compat.grading.grader import Counters, Grader, Reply, ReplyCache, Request
from compat.grading.prompts import PromptSets


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
    """What a run did. The replies the corpus rests on are ``calls_made`` (asked this run and
    answered) plus ``cached`` (replayed from the cache); ``reasks_made`` and ``reasks_cached``
    are the re-asks among each. ``requests`` counts this run's HTTP requests (``retried``
    among them); ``failed`` the calls that failed for good (recorded as ``grader_errors``
    on ``failed_cases``). Tokens are this run's."""

    cases: int
    calls_made: int
    cached: int
    requests: int
    retried: int
    failed: int
    grader_errors: int
    reasks_made: int
    reasks_cached: int
    prompt_tokens: int
    completion_tokens: int
    elapsed: float
    max_open: int
    warnings: tuple[str, ...] = ()
    failed_cases: int = 0
    error_kinds: tuple[tuple[str, int], ...] = ()  # grader errors on the cases by kind, most first

    @property
    def replies(self) -> int:
        """Every reply the corpus rests on: asked this run, or replayed from the cache."""
        return self.calls_made + self.cached

    @property
    def reasks(self) -> int:
        """The re-asks among ``replies``: as many as the corpus's cases record (``attempts``) where no call failed."""
        return self.reasks_made + self.reasks_cached

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


ProgressHandler = Callable[[GradeProgress], None]


_LINE_BATCH = 256  # rows whose finished lines are looked up in one query


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
    endpoints: Mapping[str, Callable[[], Grader]] | None = None,
    total: int | None = None,
    on_progress: ProgressHandler | None = None,
    progress_every: float = 0.2,
) -> GradeSummary:
    """Grade every row and write the corpus to ``out`` (atomically); the run's summary.

    ``grader`` makes the grader inside the run's event loop (the SDK's client binds to it);
    ``endpoints``: by base URL, the graders of arms that ask another endpoint than the run's.
    """
    graders = _Graders(grader, endpoints or {})
    return asyncio.run(
        _grade(
            rows,
            out,
            graders,
            cache=cache,
            prompts=prompts,
            settings=settings,
            total=total,
            on_progress=on_progress,
            progress_every=progress_every,
        )
    )


async def _grade(
    rows: Iterable[Row],
    out: Path,
    grader: _Graders,
    *,
    cache: ReplyCache,
    prompts: PromptSets,
    settings: GradeSettings,
    total: int | None,
    on_progress: ProgressHandler | None,
    progress_every: float,
) -> GradeSummary:
    grading = Grading(settings, prompts, cache)
    start = time.monotonic()
    done = 0
    shown = start
    window = max(settings.window, 1)
    advanced = asyncio.Event()
    failures: list[BaseException] = []
    tasks: set[asyncio.Task[None]] = set()

    def progress(now: float) -> None:
        if on_progress is not None:
            on_progress(_snapshot(done, total, now - start, grader.counters, grading.counts))

    def _settled(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a failure reaches the loop below through ``failures``

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
                    if total is not None and grading.counts.failed_cases > settings.max_error_rate * total:
                        raise _too_many_failed(grading.counts, settings, total, early=done < total)
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
                    task.add_done_callback(_settled)
                    if len(tasks) % 64 == 0:
                        await asyncio.sleep(0)  # let replies in while the reader runs ahead
                if failures:
                    break
            if tasks and not failures:
                await asyncio.wait(list(tasks), return_when=asyncio.FIRST_EXCEPTION)
            if failures:
                raise failures[0]
            _check_the_run(grading.counts, settings, done)  # raised here, the corpus is not written
    except GraderUnusableError as error:
        raise GraderUnusableError(error.kind, f"{error.message}; {_not_written(grading.counts)}") from None
    finally:
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        await grader.aclose()
    progress(time.monotonic())
    counts = grading.counts
    counters = grader.counters
    return GradeSummary(
        cases=done,
        calls_made=counts.made,
        cached=counts.cached,
        requests=counters.requests,
        retried=counters.retries,
        failed=counters.failures,
        grader_errors=counts.grader_errors,
        reasks_made=counts.reasks_made,
        reasks_cached=counts.reasks_cached,
        prompt_tokens=counters.prompt_tokens,
        completion_tokens=counters.completion_tokens,
        elapsed=time.monotonic() - start,
        max_open=counters.max_open,
        warnings=tuple(counters.warnings),
        failed_cases=counts.failed_cases,
        error_kinds=tuple(counts.error_kinds.most_common()),
    )


def _not_written(counts: CallCounts) -> str:
    if counts.made or counts.cached:
        return "no corpus written (the replies received are cached: the next run asks only for the rest)"
    return "no corpus written"


def _error_kinds(counts: CallCounts) -> str:
    """``12 timeout, 2 reset; first: timeout: no reply within 60 s``."""
    kinds = ", ".join(f"{count} {kind}" for kind, count in counts.error_kinds.most_common())
    return f"{kinds}; first: {counts.first_error}"


def _too_many_failed(counts: CallCounts, settings: GradeSettings, total: int, *, early: bool) -> GradingFailedError:
    if counts.failed_cases == total:
        return _every_case_failed(counts, total)
    stopped = "stopped early, as the run could no longer end below it; " if early else ""
    return GradingFailedError(
        f"grading failed: {counts.failed_cases} of {total} cases have a grader error ({_error_kinds(counts)}), "
        f"more than --max-error-rate {settings.max_error_rate:g} allows; {stopped}{_not_written(counts)}"
    )


def _every_case_failed(counts: CallCounts, cases: int) -> GradingFailedError:
    every = "the case has" if cases == 1 else f"every one of the {cases} cases has"
    return GradingFailedError(
        f"grading failed: {every} a grader error ({_error_kinds(counts)}); {_not_written(counts)}"
    )


def _check_the_run(counts: CallCounts, settings: GradeSettings, cases: int) -> None:
    """Raise what makes a finished run's corpus not worth writing."""
    if cases == 0:
        raise CorpusError("no rows to grade: no corpus written")
    if counts.failed_cases == cases:
        raise _every_case_failed(counts, cases)
    if counts.failed_cases > settings.max_error_rate * cases:
        raise _too_many_failed(counts, settings, cases, early=False)


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


class _Graders:
    """The run's grader and those of other endpoints, each made on its first call; a
    request goes to the grader of its ``base_url`` (``None``: the run's)."""

    def __init__(self, make: Callable[[], Grader], endpoints: Mapping[str, Callable[[], Grader]]) -> None:
        self._graders: dict[str | None, _OnFirstCall] = {None: _OnFirstCall(make)}
        self._graders.update({url: _OnFirstCall(maker) for url, maker in endpoints.items()})

    @property
    def counters(self) -> Counters:
        graders = list(self._graders.values())
        if len(graders) == 1:
            return graders[0].counters
        total = Counters()
        for grader in graders:
            counters = grader.counters
            for name in ("requests", "retries", "failures", "prompt_tokens", "completion_tokens", "open"):
                setattr(total, name, getattr(total, name) + getattr(counters, name))
            total.max_open = max(total.max_open, counters.max_open)
            total.warnings.extend(counters.warnings)
        return total

    async def complete(self, request: Request) -> Reply:
        grader = self._graders.get(request.base_url)
        if grader is None:
            raise GraderUnusableError("bad_url", f"no grader was made for the endpoint {request.base_url!r}")
        return await grader.complete(request)

    async def aclose(self) -> None:
        for grader in self._graders.values():
            await grader.aclose()


def _snapshot(done: int, total: int | None, elapsed: float, counters: Counters, counts: CallCounts) -> GradeProgress:
    return GradeProgress(
        cases=done,
        total=total,
        elapsed=elapsed,
        requests=counters.requests,
        cached=counts.cached,
        retries=counters.retries,
        errors=counts.grader_errors,
        prompt_tokens=counters.prompt_tokens,
        completion_tokens=counters.completion_tokens,
    )


def plan(rows: Iterable[Row], cache: ReplyCache, prompts: PromptSets, settings: GradeSettings) -> CallPlan:
    """How many calls a run would make: the cache is read, nothing is asked."""
    grading = Grading(settings, prompts, cache, load_verifier=False)
    cases = calls = cached = at_most = 0
    for row in rows:
        cases += 1
        for arm in grading.arms:
            for sample in range(arm.samples):
                needed, hits = _calls_needed(grading.sample_flow(row, arm, sample), cache, grader_calls(arm))
                cached += hits
                calls += needed
                at_most += needed * (1 + ((arm.max_retries or 0) if arm.structured else 0))
    return CallPlan(cases=cases, calls=calls, cached=cached, at_most=at_most)


def _calls_needed(flow: Flow, cache: ReplyCache, grader_calls: int) -> tuple[int, int]:
    """(calls still to make, at least; replies the cache holds) for one sample of ``grader_calls``."""
    needed, hits = grader_calls, 0
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
