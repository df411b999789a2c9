"""Stage 4, diff: cases and two scorers in, a ``DriftReport`` out.

Compares the two scores of every case (outcome and cause: ``compare``), checks the
golden ``expected`` outcomes, and folds the comparisons into the report model
(``DriftReport``, what ``report.json`` holds), in one process or across workers
(``run_diff``). The drift of a composite score between two rules (``composite_drift``)
is compared the same way. Takes from ``compat.cases``, ``compat.scoring`` and ``compat.composite``.
"""

from compat.diff._aggregate import DriftAggregator
from compat.diff._agreement import (
    AgreementCounter,
    DisagreementLine,
    StatementAgreement,
    StatementPair,
    cohen_kappa,
    statement_agreement,
    verified_pairs,
)
from compat.diff._arm_reading import cannot_read, nothing_recorded
from compat.diff._case_json import case_json_line, parse_case_line
from compat.diff._case_line import CaseLine, CohortRow, JsonScore
from compat.diff._compare import JSON_READERS, arm_read_by, compare, has_text_for, score_arm
from compat.diff._comparer import CaseComparer
from compat.diff._comparison import Comparison, Decomposition, ObservedCheck, Step
from compat.diff._composite import Faithfulness, LineComposite, compose_case, line_composite
from compat.diff._composite_fold import CompositeAggregator, composite_drift
from compat.diff._composite_report import (
    COMPOSITE_CAUSES,
    CompositeCaseRow,
    CompositeCause,
    CompositeDrift,
    CompositeOutcome,
)
from compat.diff._dask import DaskSettings, run_diff_dask
from compat.diff._dask_parts import is_part_file
from compat.diff._decompose import FLOOR_MULTIPLE, USABLE_SAMPLES
from compat.diff._golden import check_expected
from compat.diff._load import bundled_baseline, load_case_lines, load_report
from compat.diff._observed import reproduces
from compat.diff._outcomes import (
    CANDIDATE_ARM,
    CONTROL_ARM,
    CONTROL_BUGS,
    DEFAULT_TOLERANCE,
    DriftCause,
    Outcome,
    outcome_counts,
)
from compat.diff._report import (
    SCHEMA_VERSION,
    Agreement,
    CorpusInfo,
    DriftReport,
    HistogramBin,
    ScorersInfo,
    TrustedAgreement,
    VocabularyInfo,
)
from compat.diff._run import MAX_JOBS, ComparedBatch, DiffSettings, run_diff, scorers_info, tool_name
from compat.diff._tally import tally

__all__ = [
    "CANDIDATE_ARM",
    "COMPOSITE_CAUSES",
    "CONTROL_ARM",
    "CONTROL_BUGS",
    "DEFAULT_TOLERANCE",
    "FLOOR_MULTIPLE",
    "JSON_READERS",
    "MAX_JOBS",
    "SCHEMA_VERSION",
    "USABLE_SAMPLES",
    "Agreement",
    "AgreementCounter",
    "CaseComparer",
    "CaseLine",
    "CohortRow",
    "ComparedBatch",
    "Comparison",
    "CompositeAggregator",
    "CompositeCaseRow",
    "CompositeCause",
    "CompositeDrift",
    "CompositeOutcome",
    "CorpusInfo",
    "DaskSettings",
    "Decomposition",
    "DiffSettings",
    "DisagreementLine",
    "DriftAggregator",
    "DriftCause",
    "DriftReport",
    "Faithfulness",
    "HistogramBin",
    "JsonScore",
    "LineComposite",
    "ObservedCheck",
    "Outcome",
    "ScorersInfo",
    "StatementAgreement",
    "StatementPair",
    "Step",
    "TrustedAgreement",
    "VocabularyInfo",
    "arm_read_by",
    "bundled_baseline",
    "cannot_read",
    "case_json_line",
    "check_expected",
    "cohen_kappa",
    "compare",
    "compose_case",
    "composite_drift",
    "has_text_for",
    "is_part_file",
    "line_composite",
    "load_case_lines",
    "load_report",
    "nothing_recorded",
    "outcome_counts",
    "parse_case_line",
    "reproduces",
    "run_diff",
    "run_diff_dask",
    "score_arm",
    "scorers_info",
    "statement_agreement",
    "tally",
    "tool_name",
    "verified_pairs",
]
