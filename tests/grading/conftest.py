"""The test grader: a real chat-completions server on 127.0.0.1, one per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.grading.server import GraderServer, Script


@pytest.fixture
def server() -> Iterator[GraderServer]:
    with GraderServer(Script()) as running:
        yield running
