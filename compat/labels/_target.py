"""What a case offers a person to label: each arm's statements and grader text, and the hash that pins them.

A label is given against the statements a person read and the grader text they read
them in; ``text_hash`` is a SHA-256 of exactly those, so a case graded again (another
call 1, another call 2) no longer matches its old labels. The statements are the ones
the fixed scorer divides by (``statements_from_text``): the list a person reads.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import NamedTuple

from compat.cases import Case
from compat.scoring import statements_from_text

REGION_CHARS = 240  # a highlighted region runs to its line's end, this far past the statement at most


class ArmTexts(NamedTuple):
    """One arm's statements and grader text on a case (``arm`` None: the case's shared texts)."""

    arm: str | None
    statements: tuple[str, ...]
    grader_output: str
    text_hash: str


def text_hash(statements: Sequence[str], grader_output: str) -> str:
    """``sha256:`` and the hex digest of the statements and the grader text, in one canonical JSON."""
    payload = json.dumps(
        {"grader_output": grader_output, "statements": list(statements)},
        ensure_ascii=True,  # a lone surrogate (graders emit them) hashes as its escape
        separators=(",", ":"),
        sort_keys=True,
    )
    return "sha256:" + hashlib.sha256(payload.encode("ascii")).hexdigest()


def label_targets(case: Case) -> tuple[ArmTexts, ...]:
    """Every arm of ``case`` a person can label: the arms with both grader texts, in the case's
    order (presets first); a case without arms offers its shared texts. An arm whose call
    failed offers nothing: there is no text to read."""
    if case.arms is None:
        statements = (
            tuple(statements_from_text(case.statements_output))
            if case.statements_output is not None
            else tuple(case.statements or ())
        )
        return (ArmTexts(None, statements, case.grader_output, text_hash(statements, case.grader_output)),)
    targets = []
    for name in case.arms.names():
        recording = case.arms.get(name)
        if recording is None or recording.statements_output is None or recording.grader_output is None:
            continue
        statements = tuple(statements_from_text(recording.statements_output))
        output = recording.grader_output
        targets.append(ArmTexts(name, statements, output, text_hash(statements, output)))
    return tuple(targets)


def statement_regions(statements: Sequence[str], grader_output: str) -> tuple[tuple[int, int] | None, ...]:
    """Where each statement is spoken of in the grader's text, as (start, end) character offsets,
    or None: its words (exactly, else in any case), else a line numbered for it ("2.",
    "Statement 2:"). A guide for the eye, not a reading: the person reads the text."""
    regions: list[tuple[int, int] | None] = []
    after = 0
    for number, statement in enumerate(statements, start=1):
        found = _words(statement.strip(), grader_output, after) or _numbered(number, grader_output)
        if found is None:
            regions.append(None)
            continue
        start, end = found
        line_end = grader_output.find("\n", end)
        end = min(len(grader_output) if line_end < 0 else line_end, end + REGION_CHARS)
        regions.append((start, end))
        after = start + 1
    return tuple(regions)


def _words(statement: str, text: str, after: int) -> tuple[int, int] | None:
    if len(statement) < 3:  # "A." would be found anywhere
        return None
    at = text.find(statement, after)
    if at < 0:
        at = text.find(statement)
    if at >= 0:
        return at, at + len(statement)
    found = re.search(re.escape(statement), text, flags=re.IGNORECASE)
    return None if found is None else (found.start(), found.end())


def _numbered(number: int, text: str) -> tuple[int, int] | None:
    marker = rf"(?im)^[ \t>*#|-]*(?:\*\*)?(?:statement\s*)?{number}\s*(?:\*\*)?\s*[.):|]"
    found = re.search(marker, text)
    return None if found is None else (found.start(), found.end())
