"""What a file handed to the wrong command or option is, told from its first bytes, so that
the error says what the file is and what to run instead of a parser's complaint about line 1.

Asked only once reading the file as the kind expected has failed, and from at most
``HEAD_BYTES`` of it: a dataset (JSONL, a JSON array, CSV), a promptfoo results file, a
corpus, the files ``faithcompat diff`` and ``compare`` write (report.json, cases.jsonl,
league.json), people's labels (labels.jsonl), and the TOML files faithcompat reads (a
rollout policy, prompt templates, a vocabulary, a composite rule). Shared by every stage that reads a file a user names.
"""

from __future__ import annotations

import gzip
import json
import re
import shlex
import sys
import zlib
from enum import Enum
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]

HEAD_BYTES = 64 * 1024

# The columns of a dataset row and the names each goes by (the first present wins):
# faithcompat's own, ragas's (user_input, response, retrieved_contexts) and promptfoo's
# vars (query, context, and the model's output). The grading stage reads rows by them.
DATASET_COLUMNS: dict[str, tuple[str, ...]] = {
    "question": ("question", "user_input", "query"),
    "answer": ("answer", "response", "output"),
    "contexts": ("contexts", "retrieved_contexts", "context"),
    "reference": ("reference", "ground_truth"),
}

# Fields only a case has: a record with one is a case, however malformed.
CASE_ONLY = frozenset({"grader_output", "statements_output", "statements", "arms"})


class FileKind(str, Enum):
    CORPUS = "corpus"
    DATASET = "dataset"
    PROMPTFOO_RESULTS = "promptfoo results"
    REPORT = "report"
    CASES = "compared cases"
    LEAGUE = "league"
    POLICY = "rollout policy"
    PROMPTS = "prompts"
    VOCABULARY = "vocabulary"
    COMPOSITE_RULE = "composite rule"
    LABELS = "labels"


# What a file of each kind is, as a message says it ("this is ...").
WHAT_IT_IS = {
    FileKind.CORPUS: "a corpus (cases with their grader outputs)",
    FileKind.DATASET: "a dataset (question, answer and contexts, and no grader outputs)",
    FileKind.PROMPTFOO_RESULTS: "a promptfoo results file",
    FileKind.REPORT: "a report faithcompat diff wrote (report.json)",
    FileKind.CASES: "the compared cases faithcompat diff wrote (cases.jsonl)",
    FileKind.LEAGUE: "the league faithcompat compare wrote (league.json)",
    FileKind.POLICY: "a rollout policy (TOML)",
    FileKind.PROMPTS: "a prompts file (TOML)",
    FileKind.VOCABULARY: "a vocabulary of verdict words (TOML)",
    FileKind.COMPOSITE_RULE: "a composite rule (TOML)",
    FileKind.LABELS: "a labels file (people's labels, the labelling page's labels.jsonl)",
}
# What was expected, as a message says it ("not ...").
EXPECTED = {
    FileKind.CORPUS: "a corpus",
    FileKind.DATASET: "a dataset",
    FileKind.REPORT: "a report.json",
    FileKind.POLICY: "a rollout policy",
    FileKind.PROMPTS: "a prompts file",
    FileKind.VOCABULARY: "a vocabulary",
    FileKind.COMPOSITE_RULE: "a composite rule",
    FileKind.LABELS: "a labels file",
}


def wrong_file(path: str | Path, expected: FileKind, name: str | None = None) -> str | None:
    """The message for the file at ``path`` (named ``name`` in it) when it is recognisably
    another kind than ``expected``; ``None`` when it is not recognised, or is that kind."""
    return wrong_file_in_head(read_head(path), str(path) if name is None else name, expected)


def wrong_file_in_head(head: bytes, name: str, expected: FileKind) -> str | None:
    """``wrong_file`` for a file that starts with ``head``."""
    kind = file_kind(head)
    if kind is None or kind is expected or kind in ALSO_READ_AS.get(expected, ()):
        return None  # the reader's own message says what is wrong with it
    return wrong_kind(name, kind, expected)


# Kinds a reader takes as its own too: a promptfoo results file is a dataset, and a corpus
# where faithcompat's assertion ran in it (the corpus reader names one where it did not).
ALSO_READ_AS = {
    FileKind.DATASET: (FileKind.PROMPTFOO_RESULTS,),
    FileKind.CORPUS: (FileKind.PROMPTFOO_RESULTS,),
}


def wrong_kind(name: str, kind: FileKind, expected: FileKind) -> str:
    """``NAME: this is WHAT, not EXPECTED: what to do with it``."""
    return f"{name}: this is {WHAT_IT_IS[kind]}, not {EXPECTED[expected]}: {_what_to_run(kind, name, expected)}"


def _what_to_run(kind: FileKind, name: str, expected: FileKind) -> str:
    quoted = "FILE" if name == "<stdin>" else shlex.quote(name)
    if kind is FileKind.DATASET:
        if expected is FileKind.CORPUS:
            return f"run `faithcompat grade {quoted}` first, and give its output here"
        return f"run `faithcompat grade {quoted}`, then `faithcompat diff` on the corpus it writes"
    return {
        FileKind.CORPUS: f"`faithcompat diff {quoted}` compares it and writes report.json",
        FileKind.PROMPTFOO_RESULTS: f"`faithcompat diff {quoted}` reads it where faithcompat's assertion ran in "
        f"it (shadow), `faithcompat grade {quoted}` grades it otherwise",
        FileKind.REPORT: f"`faithcompat rollout --report {quoted}` decides from it, `faithcompat gate --baseline "
        f"{quoted}` measures drift against it",
        FileKind.CASES: "give the corpus it compared, or the report.json beside it where a report is asked for",
        FileKind.LEAGUE: "no command reads it back; give the corpus it ranked",
        FileKind.POLICY: "give it with --rollout-policy (diff, rollout, gate, compare)",
        FileKind.PROMPTS: "give it with `faithcompat grade --prompts`",
        FileKind.VOCABULARY: "give it with --vocabulary",
        FileKind.COMPOSITE_RULE: "give it with `faithcompat diff --composite OLD,NEW`",
        FileKind.LABELS: f"give it with `faithcompat label --labels {quoted}`; `faithcompat validate {quoted}` "
        "checks it",
    }[kind]


def read_head(path: str | Path) -> bytes:
    """At most ``HEAD_BYTES`` of the file, a gzip file's decompressed; ``b""`` where it cannot be read."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
            if head.startswith(b"\x1f\x8b"):
                handle.seek(0)
                with gzip.open(handle) as unpacked:
                    head = unpacked.read(HEAD_BYTES)
    except (OSError, EOFError, zlib.error):
        return b""
    return head


def file_kind(head: bytes) -> FileKind | None:
    """The kind of a file that starts with ``head``, where its content says it; ``None`` otherwise."""
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    kind = _json_kind(text) if text.startswith(("{", "[")) else None
    return kind or _toml_kind(text) or _csv_kind(text)  # a TOML file may start with "[table]"


def record_kind(record: dict[str, Any]) -> FileKind | None:
    """The kind of a file whose first JSON record (or whole document) is ``record``."""
    keys = record.keys()
    if CASE_ONLY & keys:
        return FileKind.CORPUS
    return _keys_kind(set(keys))


def toml_kinds(document: dict[str, Any]) -> set[FileKind]:
    """Every kind of TOML file faithcompat reads whose own tables or keys ``document`` has."""
    tables = {key for key, value in document.items() if isinstance(value, dict)}
    kinds = set()
    if tables & {"gate", "rollout"}:
        kinds.add(FileKind.POLICY)
    if tables & {"legacy", "ragas"}:
        kinds.add(FileKind.PROMPTS)
    if "vocabulary" in tables:
        kinds.add(FileKind.VOCABULARY)
    if "name" in document and "metrics" in tables:
        kinds.add(FileKind.COMPOSITE_RULE)
    return kinds


def _keys_kind(keys: set[str]) -> FileKind | None:
    if {"text_hash", "labeller"} <= keys:
        return FileKind.LABELS
    if {"outcome", "control_score"} <= keys:
        return FileKind.CASES
    if "schema_version" in keys:
        if "verdict" in keys:
            return FileKind.REPORT
        if keys & {"rows", "reference"}:
            return FileKind.LEAGUE
    if keys & {"evalId", "results"}:
        return FileKind.PROMPTFOO_RESULTS
    if CASE_ONLY & keys:
        return FileKind.CORPUS
    has = {column for column, names in DATASET_COLUMNS.items() if keys & set(names)}
    if "answer" in has and has & {"question", "contexts"}:
        return FileKind.DATASET
    return None


def _json_kind(text: str) -> FileKind | None:
    try:
        value: Any = json.JSONDecoder().raw_decode(text)[0]
    except (ValueError, RecursionError):  # more than the head holds: told by the keys it shows
        return _keys_kind(set(re.findall(r'"([A-Za-z_]\w*)"\s*:', text)))
    if isinstance(value, list):
        value = value[0] if value else None
    return record_kind(value) if isinstance(value, dict) else None


def _toml_kind(text: str) -> FileKind | None:
    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    kinds = toml_kinds(document)
    return next(iter(kinds)) if len(kinds) == 1 else None


def _csv_kind(text: str) -> FileKind | None:
    header = text.split("\n", 1)[0]
    names = {name.strip().strip('"').strip() for name in re.split(r"[,;\t]", header)}
    return _keys_kind(names) if len(names) > 1 else None
