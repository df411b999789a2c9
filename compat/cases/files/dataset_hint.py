"""Another kind of file given where a corpus is expected, recognised from its first record:
one error naming the file, what it is and the command to run, instead of one per line.

A dataset row holds what the grader is asked about (question, answer, contexts, under
faithcompat's, ragas's or promptfoo's names) and none of what it said; a promptfoo
results file is a dataset too. ``faithcompat grade`` turns either into a corpus. The
other files a team may hand over by mistake (a CSV dataset, report.json, cases.jsonl, a
TOML policy) are told by ``compat._file_kind``.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

from compat._file_kind import CASE_ONLY, DATASET_COLUMNS, FileKind, record_kind, wrong_file_in_head, wrong_kind

__all__ = ["DATASET_COLUMNS", "PROMPTFOO_KEY", "dataset_problem", "not_a_corpus_in_head"]

# A key of a promptfoo results document (``promptfoo eval -o results.json``) on a line of its own.
PROMPTFOO_KEY = re.compile(rb'^\s*"(?:evalId|results)"\s*:', re.MULTILINE)
_RESULTS_DATASET = "a promptfoo results file, a dataset (it holds no grader outputs)"


def dataset_problem(record: Any, name: str) -> str | None:
    """The message for a file whose first record is ``record``, when that record makes
    the file a dataset rather than a corpus; ``None`` otherwise."""
    if not isinstance(record, dict) or CASE_ONLY & record.keys():
        return None
    has = {column for column, names in DATASET_COLUMNS.items() if any(key in record for key in names)}
    if "answer" in has and has & {"question", "contexts"}:
        return wrong_kind(name, FileKind.DATASET, FileKind.CORPUS)
    if "results" in record and not has:
        # No faithcompat assertion ran in it (the promptfoo reader found none): grade it.
        return f"{name}: this is {_RESULTS_DATASET}, not a corpus: " + _grade_first(name)
    return None


def not_a_corpus_in_head(head: bytes, name: str) -> str | None:
    """The message for a JSONL file that starts with ``head`` (whole lines) when it is not a
    corpus: a dataset by its first record, a JSON document spread over lines (promptfoo and
    faithcompat write them indented), a line of cases.jsonl, or CSV or TOML."""
    for raw in head.split(b"\n"):
        line = raw.removeprefix(b"\xef\xbb\xbf").strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):  # not a whole value: an indented document, CSV, TOML?
            if line == b"{" and PROMPTFOO_KEY.search(head):
                return dataset_problem({"results": []}, name)
            return wrong_file_in_head(head, name, FileKind.CORPUS)
        problem = dataset_problem(record, name)
        kind = record_kind(record) if problem is None and isinstance(record, dict) else None
        return wrong_kind(name, kind, FileKind.CORPUS) if kind in _WRITTEN and kind is not None else problem
    return None


# Files faithcompat writes whose records are JSON lines of their own (a report or league on one line).
_WRITTEN = (FileKind.CASES, FileKind.REPORT, FileKind.LEAGUE, FileKind.LABELS)


def _grade_first(name: str) -> str:
    quoted = "FILE" if name == "<stdin>" else shlex.quote(name)
    return f"run `faithcompat grade {quoted}` first, and give its output here"
