"""The grader: any OpenAI-compatible chat-completions endpoint, through the official async SDK.

One ``OpenAIGrader`` per run: it bounds the load (``concurrency``, ``rpm``), retries what
is worth retrying and asks for JSON output where told, as docs/grading.md says. A call that
still fails raises ``GraderFailure``, named as what happened; what no retry can fix raises
``GraderUnusableError`` and the run stops. No message holds the API key.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import random
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

from compat._errors import GraderUnusableError
from compat.cases import GraderErrorKind
from compat.grading.grader.cache import Reply

if TYPE_CHECKING:
    import openai

MAX_MESSAGE = 500


@dataclass(frozen=True, slots=True)
class GraderSettings:
    """Where the grader is and how hard it may be pushed. ``api_key`` is never shown (``repr``)."""

    base_url: str | None
    model: str
    api_key: str = field(default="", repr=False)
    timeout: float = 60.0
    retries: int = 5  # transport retries per call, after the first try
    concurrency: int = 8
    rpm: float | None = None
    backoff_base: float = 0.5
    backoff_cap: float = 30.0
    max_retry_after: float = 120.0

    def __post_init__(self) -> None:
        # Refused before any row is read: the SDK would take "127.0.0.1:8000/v1" as a
        # path and fail on every call.
        if self.base_url is not None:
            problem = base_url_problem(self.base_url)
            if problem is not None:
                raise GraderUnusableError("bad_url", problem)


# Where the SDK sends a request given no base URL (unless OPENAI_BASE_URL says otherwise).
OPENAI_ENDPOINT = "https://api.openai.com/v1"


def endpoint_of(base_url: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The endpoint a grader with ``base_url`` asks, as the SDK picks it."""
    return base_url or environ.get("OPENAI_BASE_URL") or OPENAI_ENDPOINT


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a grader's base URL, or ``None`` when it can."""
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") and parts.netloc:
        return None
    guess = f" (did you mean 'http://{url}'?)" if not parts.scheme or "://" not in url else ""
    return f"the grader's base URL {url!r} is not an http:// or https:// URL{guess}"


@dataclass(frozen=True, slots=True)
class Request:
    """One chat completion as asked; ``json_schema`` asks for structured output (strict_json)."""

    messages: tuple[dict[str, str], ...]
    temperature: float
    seed: int | None = None
    json_schema: dict[str, Any] | None = None
    model: str | None = None  # None: the grader's own (``GraderSettings.model``)
    base_url: str | None = None  # another endpoint than the run's: which grader the run hands it to


class GraderFailure(Exception):
    """A call that failed for good (after its retries, or at once where a retry cannot help)."""

    def __init__(self, kind: GraderErrorKind, message: str) -> None:
        super().__init__(message)
        self.kind: GraderErrorKind = kind
        self.message = message


@dataclass(slots=True)
class Counters:
    """What the grader did this run (cache hits are the run's to count)."""

    requests: int = 0
    retries: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    open: int = 0
    max_open: int = 0
    warnings: list[str] = field(default_factory=list)


class Grader(Protocol):
    @property
    def counters(self) -> Counters: ...

    async def complete(self, request: Request) -> Reply: ...

    async def aclose(self) -> None: ...


# Nothing answers at the address: no retry helps unless it answered before in this run.
_UNREACHABLE: frozenset[GraderErrorKind] = frozenset({"refused", "dns", "bad_url"})

# response_format levels: what the server has not (yet) rejected.
_JSON_SCHEMA, _JSON_OBJECT, _PLAIN = 0, 1, 2
_LEVEL_NAMES = {_JSON_SCHEMA: "json_schema", _JSON_OBJECT: "json_object", _PLAIN: "no response_format"}


class OpenAIGrader:
    """``Grader`` over ``openai.AsyncOpenAI`` (its own retries off: ours honour Retry-After and count)."""

    def __init__(self, settings: GraderSettings, *, sleep: Any = asyncio.sleep) -> None:
        # The SDK and its HTTP stack load only when a run grades, not in every command
        # and every faithcompat diff worker that imports the package.
        import openai

        self.settings = settings
        self.counters = Counters()
        self._client = openai.AsyncOpenAI(
            api_key=settings.api_key or "unused",  # local servers take any key; the SDK insists on one
            base_url=settings.base_url,
            max_retries=0,
            timeout=settings.timeout,
            # The SDK's aiohttp backend: its connection pool does not scan every
            # connection on each request as httpx's does (at --concurrency 64 that scan
            # was ~40% of the client's CPU); the SDK's own advice for concurrency.
            http_client=openai.DefaultAioHttpClient(timeout=settings.timeout),
        )
        self._slots = asyncio.Semaphore(settings.concurrency)
        self._interval = 60.0 / settings.rpm if settings.rpm else 0.0
        self._next_start = 0.0
        self._format_level = _JSON_SCHEMA
        self._sleep = sleep
        self._random = random.Random()
        self._where = str(self._client.base_url).rstrip("/")
        self._answered = False  # an HTTP reply came from the address during this run
        self._unusable: GraderUnusableError | None = None  # once raised, every call raises it unasked

    async def aclose(self) -> None:
        await self._client.close()

    async def complete(self, request: Request) -> Reply:
        try:
            return await self._complete(request)
        except GraderUnusableError as error:
            self._unusable = self._unusable or error
            raise

    async def _complete(self, request: Request) -> Reply:
        retry = 0
        while True:
            level = self._format_level
            try:
                return await self._once(request, level)
            except _Rejected as rejected:
                if request.json_schema is not None and level < _PLAIN:
                    self._fall_back(level, rejected.message)
                    continue
                self.counters.failures += 1
                raise GraderFailure(rejected.kind, rejected.message) from None
            except _Transient as transient:
                unreachable = transient.kind in _UNREACHABLE
                if unreachable and (not self._answered or transient.kind == "bad_url"):
                    self.counters.failures += 1
                    raise GraderUnusableError(
                        transient.kind, f"cannot reach the grader at {self._where}: {transient.message}"
                    ) from None
                if retry >= self.settings.retries:
                    self.counters.failures += 1
                    if unreachable:
                        raise GraderUnusableError(
                            transient.kind,
                            f"the grader at {self._where} stopped answering: {transient.message} "
                            f"({retry + 1} {'try' if retry == 0 else 'tries'})",
                        ) from None
                    raise GraderFailure(transient.kind, transient.message) from None
                self.counters.retries += 1
                await self._sleep(self._delay(retry, transient.retry_after))
                retry += 1

    def _fall_back(self, level: int, message: str) -> None:
        if self._format_level == level:  # requests in flight at the rejection fall back once, together
            self._format_level = level + 1
            self.counters.warnings.append(
                f"the server rejected response_format {_LEVEL_NAMES[level]} ({message}); "
                f"falling back to {_LEVEL_NAMES[level + 1]}"
            )

    def _delay(self, retry: int, retry_after: float | None) -> float:
        backoff = self._random.uniform(0, min(self.settings.backoff_cap, self.settings.backoff_base * 2**retry))
        if retry_after is not None:
            return max(min(retry_after, self.settings.max_retry_after), backoff)
        return backoff

    async def _pace(self) -> None:
        if not self._interval:
            return
        now = time.monotonic()
        start = max(now, self._next_start)
        self._next_start = start + self._interval
        if start > now:
            await self._sleep(start - now)

    async def _once(self, request: Request, level: int) -> Reply:
        arguments: dict[str, Any] = {
            "model": request.model or self.settings.model,
            "messages": list(request.messages),
            "temperature": request.temperature,
        }
        if request.seed is not None:
            arguments["seed"] = request.seed
        if request.json_schema is not None and level == _JSON_SCHEMA:
            arguments["response_format"] = {"type": "json_schema", "json_schema": request.json_schema}
        elif request.json_schema is not None and level == _JSON_OBJECT:
            arguments["response_format"] = {"type": "json_object"}
        async with self._slots:
            if self._unusable is not None:  # found while this call waited for a slot: not asked
                raise self._unusable
            await self._pace()
            counters = self.counters
            counters.requests += 1
            counters.open += 1
            counters.max_open = max(counters.max_open, counters.open)
            import aiohttp  # the SDK's HTTP backend (DefaultAioHttpClient): loaded with it
            import openai  # loaded by __init__; this binds the name here

            try:
                # The SDK's documented way to post a body as is: its typed create() spends
                # milliseconds of CPU a call transforming params and building models.
                text = await self._client.post("/chat/completions", cast_to=str, body=arguments)
            except openai.APIConnectionError as error:  # APITimeoutError among them, whatever happened
                raise self._connection_failure(error) from None
            except openai.APIStatusError as error:
                self._answered = True
                raise self._status_error(error, request.model or self.settings.model) from None
            except (openai.APIResponseValidationError, ValueError) as error:
                self._answered = True
                raise _Transient("bad_response", self._scrub(f"the reply is not a chat completion: {error}")) from None
            except aiohttp.ClientResponseError as error:  # let through by the SDK: a reply that is not HTTP
                raise _Transient("bad_response", self._scrub(f"the reply is not HTTP: {error.message}")) from None
            finally:
                counters.open -= 1
        self._answered = True
        return self._reply(text)

    def _connection_failure(self, error: BaseException) -> _Transient:
        """The failure named as what it was. The SDK's aiohttp backend reports every
        connection failure as a timeout; the exceptions it chains say what happened."""
        kind = _connection_kind(error)
        address = urlsplit(self._where)
        said = {
            "refused": f"connection refused: nothing accepts connections at {address.netloc} (is the server running?)",
            "dns": f"the host name {address.hostname!r} does not resolve ({_cause(error)})",
            "bad_url": f"not a URL the client can send to ({_cause(error)})",
            "reset": "the connection was reset during the request",
            "closed": "the server closed the connection without a reply",
            "timeout": f"no reply within {self.settings.timeout:g} s",
        }.get(kind, f"connection failed: {_cause(error)}")
        return _Transient(kind, self._scrub(said))

    def _reply(self, text: str) -> Reply:
        try:
            completion = json.loads(text)
            message = completion["choices"][0]["message"]
            content = message.get("content")
            if content is None:
                content = message.get("refusal")  # a refusal is what the grader said: recorded as its output
        except (ValueError, LookupError, TypeError, AttributeError):
            problem = f"the reply is not a chat completion: {text[:80]!r}"
            raise _Transient("bad_response", self._scrub(problem)) from None
        if not isinstance(content, str):
            raise _Transient("bad_response", "the reply has no message content")
        usage = completion.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        prompt_tokens = _count(usage.get("prompt_tokens"))
        completion_tokens = _count(usage.get("completion_tokens"))
        self.counters.prompt_tokens += prompt_tokens
        self.counters.completion_tokens += completion_tokens
        served, fingerprint = completion.get("model"), completion.get("system_fingerprint")
        return Reply(
            content,
            prompt_tokens,
            completion_tokens,
            served_model=served if isinstance(served, str) and served else None,
            fingerprint=fingerprint if isinstance(fingerprint, str) and fingerprint else None,
        )

    def _status_error(self, error: openai.APIStatusError, model: str) -> Exception:
        status = error.status_code
        said = error.message.removeprefix(f"Error code: {status} - ")  # the SDK's prefix says what we say
        message = self._scrub(f"HTTP {status}: {said}")
        if status == 429:
            return _Transient("rate_limited", message, _retry_after(error.response.headers))
        if status >= 500 or status in (408, 409):
            return _Transient("server_error", message, _retry_after(error.response.headers))
        if status in (401, 403):
            what = "refused the API key" if status == 401 else "refused access"
            return GraderUnusableError("auth", f"the grader at {self._where} {what}: {message}")
        if status == 404:
            return GraderUnusableError(
                "not_found",
                f"the grader at {self._where} has no model {model!r} (or no chat completions at that URL): {message}",
            )
        return _Rejected("bad_request", message)

    def _scrub(self, text: str) -> str:
        """The text on one line, the API key (should a server echo it) masked, cut to a sane length."""
        key = self.settings.api_key
        if key:
            text = text.replace(key, "[redacted]")
        text = " ".join(text.split())
        return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


class _Transient(Exception):
    def __init__(self, kind: GraderErrorKind, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.kind: GraderErrorKind = kind
        self.message = message
        self.retry_after = retry_after


class _Rejected(Exception):
    def __init__(self, kind: GraderErrorKind, message: str) -> None:
        super().__init__(message)
        self.kind: GraderErrorKind = kind
        self.message = message


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _retry_after(headers: Any) -> float | None:
    """Seconds to wait per ``Retry-After`` (seconds or an HTTP date) or ``retry-after-ms``."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds:
        try:
            return max(float(milliseconds) / 1000, 0.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)


def _chain(error: BaseException) -> list[BaseException]:
    """The error and what it was raised from, outermost first."""
    links = [error]
    while (inner := links[-1].__cause__ or links[-1].__context__) is not None and inner not in links:
        links.append(inner)
    return links


def _connection_kind(error: BaseException) -> GraderErrorKind:
    """What a connection failure was, read from its chain (by class, or by class name for
    the HTTP libraries', which are not imported here)."""
    links = _chain(error)
    names = {cls.__name__ for link in links for cls in type(link).__mro__}
    if any(isinstance(link, socket.gaierror) for link in links) or "ClientConnectorDNSError" in names:
        return "dns"
    if any(isinstance(link, ConnectionRefusedError) for link in links):
        return "refused"
    if names & {"InvalidURL", "UnsupportedProtocol"}:
        return "bad_url"
    if any(isinstance(link, (ConnectionResetError, BrokenPipeError)) for link in links):
        return "reset"
    if names & {"ServerDisconnectedError", "RemoteProtocolError"}:
        return "closed"
    if (
        any(isinstance(link, (TimeoutError, asyncio.TimeoutError)) for link in links)
        or "Timeout" in type(links[-1]).__name__
    ):
        return "timeout"
    return "connection"


def _cause(error: BaseException) -> str:
    """The innermost cause's message: "Name or service not known", not the SDK's generic words."""
    seen = _chain(error)[-1]
    return str(seen) or type(seen).__name__
