"""Stage 3, grading: a RAG dataset in, recorded grader outputs out (a corpus).

Reads rows of question, answer and contexts (JSONL, JSON, CSV, promptfoo results;
``FILE:LINE`` errors), asks a grader model through any OpenAI-compatible
chat-completions endpoint for both arms' two calls, each arm with its own prompts
(``legacy``: text; ``ragas``: JSON), caches every reply in SQLite so that nothing is
paid for twice and a stopped run resumes, and writes cases whose ``arms`` hold what
the grader said. ``GradeRun.from_options`` turns ``grade``'s options into a run's
settings. Takes from ``compat.cases`` and ``compat.scoring``; never prints.
"""

from compat._errors import ArmError, PromptError
from compat.grading._arms import parse_arm
from compat.grading._hhem import DEFAULT_BATCH_SIZE, DEFAULT_MAX_TOKENS, HUB_ID, HhemSettings, HhemVerifier, premise_of
from compat.grading._run import GradeProgress, GradeSummary, grade, plan
from compat.grading._settings import GradeRun, GradeSettings, HhemOptions
from compat.grading._single import grade_row
from compat.grading.datasets import Row, bundled_dataset, iter_rows
from compat.grading.grader import DEFAULT_CACHE, Counters, GraderSettings, OpenAIGrader, Reply, ReplyCache, Request
from compat.grading.prompts import BUILT_IN, load_prompts, promptfoo_prompts, prompts_toml

__all__ = [
    "BUILT_IN",
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_CACHE",
    "DEFAULT_MAX_TOKENS",
    "HUB_ID",
    "ArmError",
    "Counters",
    "GradeProgress",
    "GradeRun",
    "GradeSettings",
    "GradeSummary",
    "GraderSettings",
    "HhemOptions",
    "HhemSettings",
    "HhemVerifier",
    "OpenAIGrader",
    "PromptError",
    "Reply",
    "ReplyCache",
    "Request",
    "Row",
    "bundled_dataset",
    "grade",
    "grade_row",
    "iter_rows",
    "load_prompts",
    "parse_arm",
    "plan",
    "premise_of",
    "promptfoo_prompts",
    "prompts_toml",
]
