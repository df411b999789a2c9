"""The report model: what ``report.json`` and ``cases.jsonl`` hold, and reading them back.

``report`` is ``report.json``'s model (``DriftReport``, versioned: ``SCHEMA_VERSION``, its
history in CHANGELOG.md), ``composite`` its composite section, ``case_line`` a line of
``cases.jsonl`` (``CaseLine``) with the base and the score type the models share, and
``load`` reads what ``faithcompat diff`` wrote back, validated.
"""

from compat.diff.model.case_line import CaseLine, CohortRow, JsonScore, WhereItOccurs
from compat.diff.model.composite import (
    COMPOSITE_CAUSES,
    CompositeCaseRow,
    CompositeCause,
    CompositeCauseRow,
    CompositeDrift,
    CompositeExpectations,
    CompositeOutcome,
    CompositeSplit,
)
from compat.diff.model.load import bundled_baseline, load_case_lines, load_report
from compat.diff.model.people import (
    AgainstPeople,
    ArmAgreement,
    ExcusedCause,
    Misread,
    PartedStatement,
    PeopleAgreement,
    ReaderAccuracy,
    Share,
)
from compat.diff.model.report import (
    FLIP_COLUMNS,
    FLIP_ROWS,
    INVALID_KINDS,
    SCHEMA_VERSION,
    Agreement,
    ArmMean,
    CauseRow,
    CorpusInfo,
    DecompositionSummary,
    DeltaStats,
    DriftReport,
    ExpectationSummary,
    HistogramBin,
    NoiseSummary,
    ObservedSummary,
    ScorersInfo,
    StepEffects,
    TrustedAgreement,
    VocabularyInfo,
)

__all__ = [
    "COMPOSITE_CAUSES",
    "FLIP_COLUMNS",
    "FLIP_ROWS",
    "INVALID_KINDS",
    "SCHEMA_VERSION",
    "AgainstPeople",
    "Agreement",
    "ArmAgreement",
    "ArmMean",
    "CaseLine",
    "CauseRow",
    "CohortRow",
    "CompositeCaseRow",
    "CompositeCause",
    "CompositeCauseRow",
    "CompositeDrift",
    "CompositeExpectations",
    "CompositeOutcome",
    "CompositeSplit",
    "CorpusInfo",
    "DecompositionSummary",
    "DeltaStats",
    "DriftReport",
    "ExcusedCause",
    "ExpectationSummary",
    "HistogramBin",
    "JsonScore",
    "Misread",
    "NoiseSummary",
    "ObservedSummary",
    "PartedStatement",
    "PeopleAgreement",
    "ReaderAccuracy",
    "ScorersInfo",
    "Share",
    "StepEffects",
    "TrustedAgreement",
    "VocabularyInfo",
    "WhereItOccurs",
    "bundled_baseline",
    "load_case_lines",
    "load_report",
]
