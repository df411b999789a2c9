"""Corpus files read: JSONL, a JSON array, a promptfoo results file, ``.gz``; cases out.

``corpus`` opens each file and picks its format; ``blocks`` cuts JSONL bytes into blocks
of whole lines (what workers are sent), ``json_array`` and ``promptfoo`` locate each case
of the other two formats by its line, ``stored`` opens a file as stored (a ``.gz`` one
decompressed), ``measures`` hashes the bytes read and says how far the reading is,
``duplicate_ids`` finds a repeated id, ``lazy`` reads ids first and parses a case
when asked, and ``dataset_hint`` names a dataset given for a
corpus. Every problem is a ``CaseError`` reading ``FILE:LINE: what``.
"""

from compat.cases.files.blocks import DEFAULT_MAX_CASE_BYTES, LineBlock, invalid_utf8, iter_range_blocks
from compat.cases.files.corpus import (
    corpus_bytes,
    is_json_array,
    iter_blocks,
    iter_cases,
    iter_file_blocks,
    load_cases,
)
from compat.cases.files.dataset_hint import DATASET_COLUMNS
from compat.cases.files.duplicate_ids import DuplicateIds
from compat.cases.files.lazy import LazyCase, iter_lazy_cases, line_id
from compat.cases.files.measures import CorpusDigest, ReadPosition
from compat.cases.files.promptfoo import (
    array_elements,
    recorded_faithfulness,
    reject_bare_constant,
    results_array_start,
)
from compat.cases.files.stored import open_stored, uncompressed_name

__all__ = [
    "DATASET_COLUMNS",
    "DEFAULT_MAX_CASE_BYTES",
    "CorpusDigest",
    "DuplicateIds",
    "LazyCase",
    "LineBlock",
    "ReadPosition",
    "array_elements",
    "corpus_bytes",
    "invalid_utf8",
    "is_json_array",
    "iter_blocks",
    "iter_cases",
    "iter_file_blocks",
    "iter_lazy_cases",
    "iter_range_blocks",
    "line_id",
    "load_cases",
    "open_stored",
    "recorded_faithfulness",
    "reject_bare_constant",
    "results_array_start",
    "uncompressed_name",
]
