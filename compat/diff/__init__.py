"""Stage 4, diff: cases and two scorers in, a ``DriftReport`` out.

Compares the two scores of every case (outcome and cause: ``compare``), checks the
golden ``expected`` outcomes, and folds the comparisons into the report model
(``DriftReport``, what ``report.json`` holds), in one process or across workers
(``run_diff``). Takes from ``compat.cases`` and ``compat.scoring``.
"""

from compat.diff._aggregate import DriftAggregator, case_json_line, parse_case_line, tally
from compat.diff._compare import (
    CANDIDATE_ARM,
    CONTROL_ARM,
    CONTROL_BUGS,
    DEFAULT_TOLERANCE,
    Comparison,
    DriftCause,
    Outcome,
    compare,
    score_arm,
)
from compat.diff._comparer import CaseComparer
from compat.diff._dask import DaskSettings, is_part_file, run_diff_dask
from compat.diff._decompose import Decomposition, Step
from compat.diff._golden import check_expected
from compat.diff._observed import ObservedCheck, reproduces
from compat.diff._report import (
    Agreement,
    CaseLine,
    CohortRow,
    CorpusInfo,
    DriftReport,
    HistogramBin,
    JsonScore,
    ScorersInfo,
    TrustedAgreement,
    VocabularyInfo,
    bundled_baseline,
    load_case_lines,
    load_report,
)
from compat.diff._run import MAX_JOBS, ComparedBatch, DiffSettings, run_diff, scorers_info, tool_name

__all__ = [
    "CANDIDATE_ARM",
    "CONTROL_ARM",
    "CONTROL_BUGS",
    "DEFAULT_TOLERANCE",
    "MAX_JOBS",
    "Agreement",
    "CaseComparer",
    "CaseLine",
    "CohortRow",
    "ComparedBatch",
    "Comparison",
    "CorpusInfo",
    "DaskSettings",
    "Decomposition",
    "DiffSettings",
    "DriftAggregator",
    "DriftCause",
    "DriftReport",
    "HistogramBin",
    "JsonScore",
    "ObservedCheck",
    "Outcome",
    "ScorersInfo",
    "Step",
    "TrustedAgreement",
    "VocabularyInfo",
    "bundled_baseline",
    "case_json_line",
    "check_expected",
    "compare",
    "is_part_file",
    "load_case_lines",
    "load_report",
    "parse_case_line",
    "reproduces",
    "run_diff",
    "run_diff_dask",
    "score_arm",
    "scorers_info",
    "tally",
    "tool_name",
]
