"""The dataset readers: rows of question, answer and contexts from JSONL, JSON, CSV or promptfoo files.

``read`` finds each file's format and streams its rows (``iter_rows``); ``csv_rows``
reads CSV, ``lines`` cuts a file's bytes into lines where a person sees them end,
``rows`` turns a record into a ``Row`` (and a row into its case's fields), and
``metrics`` reads the other metrics a row carries. Every problem is a ``CaseError``
reading ``FILE:LINE: what``.
"""

from compat.grading.datasets.read import bundled_dataset, iter_rows
from compat.grading.datasets.rows import Row, case_fields, line_bytes

__all__ = ["Row", "bundled_dataset", "case_fields", "iter_rows", "line_bytes"]
