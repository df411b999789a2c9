"""A dataset given where a corpus is expected, recognised from its first record: one
error naming the file and the command to run, instead of one per line.

A dataset row holds what the grader is asked about (question, answer, contexts, under
faithcompat's, ragas's or promptfoo's names) and none of what it said; a promptfoo
results file is a dataset too. ``faithcompat grade`` turns either into a corpus.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

# The columns of a dataset row and the names each goes by (the first present wins):
# faithcompat's own, ragas's (user_input, response, retrieved_contexts) and promptfoo's
# vars (query, context, and the model's output). Kept here, where a dataset given for
# a corpus is told apart; the grading stage reads its rows by the same names.
DATASET_COLUMNS: dict[str, tuple[str, ...]] = {
    "question": ("question", "user_input", "query"),
    "answer": ("answer", "response", "output"),
    "contexts": ("contexts", "retrieved_contexts", "context"),
    "reference": ("reference", "ground_truth"),
}

# Fields only a case has: a record with one is a case, however malformed.
_CASE_ONLY = frozenset({"grader_output", "statements_output", "statements", "arms"})
# A key of a promptfoo results document (``promptfoo eval -o results.json``) on a line of its own.
PROMPTFOO_KEY = re.compile(rb'^\s*"(?:evalId|results)"\s*:', re.MULTILINE)


def dataset_problem(record: Any, name: str) -> str | None:
    """The message for a file whose first record is ``record``, when that record makes
    the file a dataset rather than a corpus; ``None`` otherwise."""
    if not isinstance(record, dict) or _CASE_ONLY & record.keys():
        return None
    has = {column for column, names in DATASET_COLUMNS.items() if any(key in record for key in names)}
    if "answer" in has and has & {"question", "contexts"}:
        return _message(name, "a dataset (question, answer and contexts, and no grader outputs)")
    if "results" in record and not has:
        return _message(name, "a promptfoo results file, a dataset (it holds no grader outputs)")
    return None


def dataset_problem_in_head(head: bytes, name: str) -> str | None:
    """``dataset_problem`` for a JSONL file that starts with ``head`` (whole lines): its
    first record, or a JSON document spread over lines (promptfoo writes them indented)."""
    for raw in head.split(b"\n"):
        line = raw.removeprefix(b"\xef\xbb\xbf").strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):  # not a whole value: the start of an indented document?
            if line == b"{" and PROMPTFOO_KEY.search(head):
                return dataset_problem({"results": []}, name)
            return None
        return dataset_problem(record, name)
    return None


def _message(name: str, what: str) -> str:
    command = "faithcompat grade FILE" if name == "<stdin>" else f"faithcompat grade {shlex.quote(name)}"
    return f"{name}: this is {what}, not a corpus: run `{command}` first, and give its output here"
