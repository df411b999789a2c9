"""The response cache: an embedded SQLite database (WAL) of every grader reply received,
and of every row's finished corpus line built from cached replies alone.

A key is the SHA-256 of the request as asked and where it was sent (the endpoint, never
the API key; model, messages, parameters, sample index), so the same command asks
nothing twice and the same model name served at another base URL is another grader.
Keys written before the endpoint was in them (``_KEY_FORMAT``) are never looked up: those
replies do not say which endpoint gave them, so they are not replayed for any (the next
run asks again, once). Each reply is committed as it arrives: a run stopped at any moment
(Ctrl-C, SIGKILL, a crash) has lost at most the calls in flight, and the next run finds
the rest here. WAL with ``synchronous=NORMAL`` survives the process dying at any instant
(only a power cut can lose the last commits). Failures are not stored: the next run asks again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from compat._errors import OutputError

DEFAULT_CACHE = Path(".faithcompat") / "cache.sqlite"
# An ordinary (rowid) table, as for the lines below: a reply is often over 500 bytes, and
# SQLite stores rows that large badly without a rowid (a put cost ~47 µs instead of ~30).
# A cache made before keeps its WITHOUT ROWID table: the statements read both the same.
_SCHEMA = "CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, reply TEXT NOT NULL)"
# A row's finished corpus line, keyed by everything it depends on but the replies (which
# that fixes in turn): a re-run reads one line per row instead of asking for each reply.
# An ordinary (rowid) table: a line is ~1 KB, and SQLite stores rows that large badly
# without a rowid (a re-run's lookups took 19 µs a row instead of 6, the file grew 40%).
_LINES_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS row_lines (key TEXT PRIMARY KEY, line BLOB NOT NULL, replies INTEGER NOT NULL)"
)
# The lines' table before that (WITHOUT ROWID): dropped, its lines are rebuilt from the
# replies, which stay.
_OLD_LINES = "DROP TABLE IF EXISTS lines"
# SQLite's default limit on host parameters in one statement is 999 on old builds.
_BATCH = 900


@dataclass(frozen=True, slots=True)
class Reply:
    """What the grader answered: the text, the tokens the server counted, and what the server
    says it ran (the ``model`` it returns, e.g. a dated snapshot behind an alias, and its
    ``system_fingerprint``; ``None`` where it does not say, or the reply was cached before)."""

    content: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    served_model: str | None = None
    fingerprint: str | None = None

    def to_json(self) -> str:
        # ASCII: a lone surrogate (graders emit them) cannot be encoded as UTF-8 for SQLite.
        fields = [self.content, self.prompt_tokens, self.completion_tokens, self.served_model, self.fingerprint]
        return json.dumps(fields, ensure_ascii=True)

    @staticmethod
    def from_json(text: str) -> Reply:
        content, prompt_tokens, completion_tokens, *served = json.loads(text)  # 3 fields before served
        return Reply(content, prompt_tokens, completion_tokens, *served[:2])


# Bump when what a key hashes changes: 2 added the endpoint.
_KEY_FORMAT = 2


def endpoint_key(url: str) -> str:
    """The endpoint as a key holds it: scheme, host, port, path and query, without user
    info (which may hold a secret), a fragment or a trailing slash; the host lower-cased."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    port = f":{parts.port}" if parts.port is not None else ""
    query = f"?{parts.query}" if parts.query else ""
    return f"{parts.scheme.lower()}://{host}{port}{parts.path.rstrip('/')}{query}"


def request_key(
    endpoint: str, model: str, messages: Sequence[dict[str, str]], parameters: dict[str, Any], sample: int
) -> str:
    """The cache key of one request, as asked (before any fallback the server forced), at
    ``endpoint`` (``endpoint_key``'s form)."""
    canonical = json.dumps(
        [_KEY_FORMAT, endpoint, model, list(messages), parameters, sample],
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


class ReplyCache:
    """Get and put replies by key; ``None`` path: a cache in memory, for one run only."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        try:
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            # The run's event loop is the only user, from one thread at a time.
            self._db = sqlite3.connect(":memory:" if path is None else path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA busy_timeout=10000")  # another faithcompat on the same cache
            self._db.execute(_SCHEMA)
            self._db.execute(_OLD_LINES)
            self._db.execute(_LINES_SCHEMA)
        except (OSError, sqlite3.Error) as error:
            raise OutputError(f"{path}: cannot use as the cache: {error}") from None

    def get(self, key: str) -> Reply | None:
        row = self._db.execute("SELECT reply FROM replies WHERE key = ?", (key,)).fetchone()
        return None if row is None else Reply.from_json(row[0])

    def put(self, key: str, reply: Reply) -> None:
        """Store ``reply``, committed at once (autocommit): what arrived survives a kill."""
        try:
            self._db.execute("INSERT OR REPLACE INTO replies (key, reply) VALUES (?, ?)", (key, reply.to_json()))
        except sqlite3.Error as error:  # a full disk: the run cannot keep its promise not to pay twice
            raise OutputError(f"{self.path}: cannot write to the cache: {error}") from None

    def get_lines(self, keys: Sequence[str]) -> dict[str, tuple[str, int]]:
        """The finished lines among ``keys``, with the number of replies each was built from."""
        found: dict[str, tuple[str, int]] = {}
        for start in range(0, len(keys), _BATCH):
            chunk = keys[start : start + _BATCH]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT key, line, replies FROM row_lines WHERE key IN ({marks})"
            for key, line, replies in self._db.execute(query, chunk):
                found[key] = (line.decode("utf-8", "surrogatepass"), replies)
        return found

    def put_line(self, key: str, line: str, replies: int) -> None:
        """Store a row's finished line (UTF-8 bytes: a grader's lone surrogate survives)."""
        try:
            self._db.execute(
                "INSERT OR REPLACE INTO row_lines (key, line, replies) VALUES (?, ?, ?)",
                (key, line.encode("utf-8", "surrogatepass"), replies),
            )
        except sqlite3.Error as error:
            raise OutputError(f"{self.path}: cannot write to the cache: {error}") from None

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM replies").fetchone()[0])

    def close(self) -> None:
        self._db.close()
