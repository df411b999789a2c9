"""Stage 1, cases: a corpus file in, validated ``Case`` values out.

Takes JSONL or JSON-array files (or standard input) of grading rounds; gives ``Case``
models one at a time, or whole undecoded line blocks for workers, and names every
problem ``FILE:LINE: what`` (``CaseError``). Duplicate ids are found here too, and a
dataset given for a corpus is named as one, with the command that grades it.
Imports nothing from the stages after it.
"""

from compat.cases._arm_config import (
    DIMENSIONS,
    PRESETS,
    VERIFIERS,
    ArmConfig,
    Dimension,
    preset,
    recorded_config,
)
from compat.cases._blocks import DEFAULT_MAX_CASE_BYTES, LineBlock, invalid_utf8, iter_range_blocks
from compat.cases._bundled import bundled_corpus
from compat.cases._case import (
    ARM_NAME_PATTERN,
    DEFAULT_THRESHOLD,
    TOOL_TAG_PREFIX,
    ArmName,
    ArmPreset,
    ArmRecording,
    Arms,
    ArmSample,
    Attempt,
    Case,
    ExpectedComposite,
    ExpectedOutcome,
    GraderCall,
    GraderError,
    GraderErrorKind,
    Observed,
    StatementCheck,
    TokenUsage,
    Verifier,
)
from compat.cases._corpus import corpus_bytes, is_json_array, iter_blocks, iter_cases, iter_file_blocks, load_cases
from compat.cases._dataset_hint import DATASET_COLUMNS
from compat.cases._duplicate_ids import DuplicateIds
from compat.cases._measures import CorpusDigest, ReadPosition
from compat.cases._parse import (
    LoadedCase,
    RawCase,
    Record,
    case_line,
    check_expected_against,
    json_problem,
    parse_case,
)
from compat.cases._promptfoo import (
    array_elements,
    recorded_faithfulness,
    reject_bare_constant,
    results_array_start,
)
from compat.cases._stored import open_stored, uncompressed_name

__all__ = [
    "ARM_NAME_PATTERN",
    "DATASET_COLUMNS",
    "DEFAULT_MAX_CASE_BYTES",
    "DEFAULT_THRESHOLD",
    "DIMENSIONS",
    "PRESETS",
    "TOOL_TAG_PREFIX",
    "VERIFIERS",
    "ArmConfig",
    "ArmName",
    "ArmPreset",
    "ArmRecording",
    "ArmSample",
    "Arms",
    "Attempt",
    "Case",
    "CorpusDigest",
    "Dimension",
    "DuplicateIds",
    "ExpectedComposite",
    "ExpectedOutcome",
    "GraderCall",
    "GraderError",
    "GraderErrorKind",
    "LineBlock",
    "LoadedCase",
    "Observed",
    "RawCase",
    "ReadPosition",
    "Record",
    "StatementCheck",
    "TokenUsage",
    "Verifier",
    "array_elements",
    "bundled_corpus",
    "case_line",
    "check_expected_against",
    "corpus_bytes",
    "invalid_utf8",
    "is_json_array",
    "iter_blocks",
    "iter_cases",
    "iter_file_blocks",
    "iter_range_blocks",
    "json_problem",
    "load_cases",
    "open_stored",
    "parse_case",
    "preset",
    "recorded_config",
    "recorded_faithfulness",
    "reject_bare_constant",
    "results_array_start",
    "uncompressed_name",
]
