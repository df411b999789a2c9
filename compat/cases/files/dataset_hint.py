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
            if line == b"{" and REPORT_KEY.search(head):
                return _report_message(name)
            return _delimited_problem(line, name)
        if isinstance(record, dict) and "schema_version" in record and "outcomes" in record:
            return _report_message(name)
        return dataset_problem(record, name)
    return None


# A key of faithcompat's own report.json (written indented) on a line of its own.
REPORT_KEY = re.compile(rb'^\s*"schema_version"\s*:', re.MULTILINE)


def _delimited_problem(line: bytes, name: str) -> str | None:
    """A CSV or TSV file's header line, where it names a dataset's columns."""
    text = line.decode("utf-8", "replace")
    for delimiter, kind in (("\t", "TSV"), (",", "CSV"), (";", "CSV")):
        cells = {cell.strip().strip('"').strip().lower() for cell in text.split(delimiter)}
        if len(cells) < 2:
            continue
        has = {column for column, names in DATASET_COLUMNS.items() if cells & set(names)}
        if "answer" in has and has & {"question", "contexts"}:
            return _message(name, f"a {kind} dataset (question, answer and contexts, and no grader outputs)")
        if all(_HEADER_CELL.fullmatch(cell) for cell in cells):
            columns = ", ".join(sorted(cells))
            return (
                f"{name}: this looks like a {kind} file (its first line is a header: {columns}), not a corpus: a "
                "corpus is JSON Lines, one case a line (docs/cases.md); a dataset to grade goes to `faithcompat grade`"
            )
    return None


_HEADER_CELL = re.compile(r"[a-z_][a-z0-9_ .-]{0,40}")


def _report_message(name: str) -> str:
    return (
        f"{name}: this is a faithcompat report (report.json), not a corpus: decide from it with "
        f"`faithcompat rollout --report {_quoted(name)}`; diff, gate and compare read the corpus it was made from"
    )


def _quoted(name: str) -> str:
    return "FILE" if name == "<stdin>" else shlex.quote(name)


def _message(name: str, what: str) -> str:
    command = f"faithcompat grade {_quoted(name)}"
    return f"{name}: this is {what}, not a corpus: run `{command}` first, and give its output here"
