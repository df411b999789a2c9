"""The grader: an OpenAI-compatible chat-completions client, and the SQLite cache of every reply it gave.

``client`` asks (bounded load, retries with backoff, JSON output where told) and names
what failed; ``cache`` keeps each reply under the key of its request, so that nothing
is paid for twice and a stopped run resumes.
"""

from compat.grading.grader.cache import DEFAULT_CACHE, Reply, ReplyCache, endpoint_key, request_key
from compat.grading.grader.client import (
    Counters,
    Grader,
    GraderFailure,
    GraderSettings,
    OpenAIGrader,
    Request,
    base_url_problem,
    endpoint_of,
)

__all__ = [
    "DEFAULT_CACHE",
    "Counters",
    "Grader",
    "GraderFailure",
    "GraderSettings",
    "OpenAIGrader",
    "Reply",
    "ReplyCache",
    "Request",
    "base_url_problem",
    "endpoint_key",
    "endpoint_of",
    "request_key",
]
