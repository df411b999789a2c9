"""How the reader's tests score one grader output: the fixed scorer on given statements."""

from __future__ import annotations

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Cause, Score, Status

# Three statements, for the outputs that judge three.
THREE = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]


def score(grader_output: str, statements: list[str] = THREE) -> Score:
    return get_scorer("ragas").score(parse_case({"id": "c", "statements": statements, "grader_output": grader_output}))


def assert_unclear(result: Score, *words: str) -> None:
    """Undetermined because the output reads two ways, the reason naming each of ``words``."""
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.UNCLEAR_READING), result.reason
    for word in words:
        assert word in result.reason
