"""Stage 4b, labels: cases and their comparisons in, a sample to label and people's labels (with provenance) out.

A person can answer two questions about a graded statement: the reading (what the
grader said about it: yes, no, no verdict) and the judgement (whether the contexts
support it). ``Label`` is one such answer, keyed by case, arm and statement, with the
hash of the texts it was given against (``text_hash``), who gave it and when.
``draw_sample`` picks the cases worth a person's half hour from a corpus in one pass
(``sample``); ``read_labels`` and ``check_labels`` read labels files back and set them
against a corpus: the latest per statement and person, stale ones named, never counted;
``against_people`` sets the current ones against the scorers' readings and the arms'
judgements (report.json's "against people", with the statistics of ``_stats``).
Takes from ``compat.cases``, ``compat.scoring`` and ``compat.diff``; the report and the
rollout read labels from here. See docs/labels.md.
"""

from compat._errors import LabelError
from compat.labels._against import (
    ReaderRole,
    against_people,
    consensus,
    excused_case,
    people_score,
    people_section,
    reads_as_people,
)
from compat.labels._label import JUDGEMENTS, READINGS, Judgement, Label, LabelKey, Reading
from compat.labels._load import (
    LabelSet,
    StaleLabel,
    check_labels,
    is_labels_file,
    iter_labels,
    latest_labels,
    parse_label,
    read_labels,
    stale_because,
)
from compat.labels._sample import (
    DEFAULT_CASES,
    PRESAMPLE,
    UNCHECKED_SHARE,
    LabelSample,
    SampledCase,
    draw_sample,
    priority,
    unchecked_reading,
)
from compat.labels._stats import binary_kappa, share
from compat.labels._target import ArmTexts, label_targets, statement_regions, text_hash

__all__ = [
    "DEFAULT_CASES",
    "JUDGEMENTS",
    "PRESAMPLE",
    "READINGS",
    "UNCHECKED_SHARE",
    "ArmTexts",
    "Judgement",
    "Label",
    "LabelError",
    "LabelKey",
    "LabelSample",
    "LabelSet",
    "ReaderRole",
    "Reading",
    "SampledCase",
    "StaleLabel",
    "against_people",
    "binary_kappa",
    "check_labels",
    "consensus",
    "draw_sample",
    "excused_case",
    "is_labels_file",
    "iter_labels",
    "label_targets",
    "latest_labels",
    "parse_label",
    "people_score",
    "people_section",
    "priority",
    "read_labels",
    "reads_as_people",
    "share",
    "stale_because",
    "statement_regions",
    "text_hash",
    "unchecked_reading",
]
