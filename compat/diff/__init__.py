"""Stage 4, diff: cases and two scorers in, a ``DriftReport`` out.

Compares the two scores of every case (outcome and cause: ``compare``), checks the
golden ``expected`` outcomes, and folds the comparisons into the report model
(``DriftReport``, what ``report.json`` holds), in one process or across workers
(``run_diff``), or on a Dask cluster (``run_diff_dask``). The drift of a composite score
between two rules (``composite_drift``) is compared the same way. Takes from
``compat.cases``, ``compat.scoring`` and ``compat.composite``.

The families are folders: ``compare/`` (one case through two scorers), ``aggregate/``
(the compared cases folded into the report), ``composite/`` (the composite's drift),
``model/`` (report.json and cases.jsonl, and reading them back) and ``dask/`` (the Dask
engine); ``_units`` is what both engines run, ``_run`` the local engine.
"""

from compat.diff._case_json import case_json_line, parse_case_line
from compat.diff._golden import check_expected
from compat.diff._outcomes import (
    CANDIDATE_ARM,
    CAUSE_DESCRIPTIONS,
    CONTROL_ARM,
    CONTROL_BUGS,
    DEFAULT_TOLERANCE,
    READING_DIFFERENCES,
    DriftCause,
    Outcome,
    outcome_counts,
)
from compat.diff._run import MAX_JOBS, run_diff
from compat.diff._statement_agreement import (
    AgreementCounter,
    StatementAgreement,
    StatementPair,
    cohen_kappa,
    statement_agreement,
    verified_pairs,
)
from compat.diff._units import ComparedBatch, DiffSettings, make_scorers, scorers_info, tool_name
from compat.diff.aggregate import DriftAggregator, Tally, tally
from compat.diff.aggregate.numbers import wilson_interval
from compat.diff.compare import (
    USABLE_SAMPLES,
    CaseComparer,
    Comparison,
    Step,
    arm_read_by,
    cannot_read,
    compare,
    has_text_for,
    legacy_bug_alone,
    nothing_recorded,
    reproduces,
    score_arm,
)
from compat.diff.composite import CompositeAggregator, Faithfulness, compose_case, composite_drift, line_composite
from compat.diff.dask import DaskSettings, is_part_file, run_diff_dask
from compat.diff.model import (
    SCHEMA_VERSION,
    AgainstPeople,
    Agreement,
    ArmAgreement,
    CaseLine,
    CauseRow,
    CohortRow,
    CompositeCaseRow,
    CompositeCause,
    CompositeDrift,
    CorpusInfo,
    DriftReport,
    ExcusedCause,
    HistogramBin,
    JsonScore,
    Misread,
    PartedStatement,
    PeopleAgreement,
    ReaderAccuracy,
    ScorersInfo,
    Share,
    VocabularyInfo,
    WhereItOccurs,
    bundled_baseline,
    load_case_lines,
    load_report,
)

__all__ = [
    "CANDIDATE_ARM",
    "CAUSE_DESCRIPTIONS",
    "CONTROL_ARM",
    "CONTROL_BUGS",
    "DEFAULT_TOLERANCE",
    "MAX_JOBS",
    "READING_DIFFERENCES",
    "SCHEMA_VERSION",
    "USABLE_SAMPLES",
    "AgainstPeople",
    "Agreement",
    "AgreementCounter",
    "ArmAgreement",
    "CaseComparer",
    "CaseLine",
    "CauseRow",
    "CohortRow",
    "ComparedBatch",
    "Comparison",
    "CompositeAggregator",
    "CompositeCaseRow",
    "CompositeCause",
    "CompositeDrift",
    "CorpusInfo",
    "DaskSettings",
    "DiffSettings",
    "DriftAggregator",
    "DriftCause",
    "DriftReport",
    "ExcusedCause",
    "Faithfulness",
    "HistogramBin",
    "JsonScore",
    "Misread",
    "Outcome",
    "PartedStatement",
    "PeopleAgreement",
    "ReaderAccuracy",
    "ScorersInfo",
    "Share",
    "StatementAgreement",
    "StatementPair",
    "Step",
    "Tally",
    "VocabularyInfo",
    "WhereItOccurs",
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
    "legacy_bug_alone",
    "line_composite",
    "load_case_lines",
    "load_report",
    "make_scorers",
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
    "wilson_interval",
]
