"""Stage 3, grading: a RAG dataset in, recorded grader outputs out (a corpus).

Reads rows of question, answer and contexts (JSONL, JSON, CSV, promptfoo results;
``FILE:LINE`` errors), asks a grader model through any OpenAI-compatible
chat-completions endpoint for both arms' two calls, each arm with its own prompts
(``legacy``: text; ``ragas``: JSON), caches every reply in SQLite so that nothing is
paid for twice and a stopped run resumes, and writes cases whose ``arms`` hold what
the grader said. Takes from ``compat.cases`` and ``compat.scoring``; never prints.
"""

from compat._errors import ArmError, PromptError
from compat.grading._arms import check_arms, parse_arm, run_arm
from compat.grading._cache import DEFAULT_CACHE, Reply, ReplyCache, request_key
from compat.grading._client import Counters, Grader, GraderFailure, GraderSettings, OpenAIGrader, Request
from compat.grading._datasets import bundled_dataset, iter_rows
from compat.grading._hhem import DEFAULT_BATCH_SIZE, DEFAULT_MAX_TOKENS, HUB_ID, HhemSettings, HhemVerifier, premise_of
from compat.grading._promptfoo_prompts import promptfoo_prompts
from compat.grading._prompts import BUILT_IN, PromptPair, PromptSets, load_prompts, prompts_toml
from compat.grading._rows import ALIASES, Row
from compat.grading._run import CallPlan, GradeProgress, GradeSummary, grade, plan
from compat.grading._single import grade_row
from compat.grading._steps import HHEM_ARM, GradeSettings

__all__ = [
    "ALIASES",
    "BUILT_IN",
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_CACHE",
    "DEFAULT_MAX_TOKENS",
    "HHEM_ARM",
    "HUB_ID",
    "ArmError",
    "CallPlan",
    "Counters",
    "GradeProgress",
    "GradeSettings",
    "GradeSummary",
    "Grader",
    "GraderFailure",
    "GraderSettings",
    "HhemSettings",
    "HhemVerifier",
    "OpenAIGrader",
    "PromptError",
    "PromptPair",
    "PromptSets",
    "Reply",
    "ReplyCache",
    "Request",
    "Row",
    "bundled_dataset",
    "check_arms",
    "grade",
    "grade_row",
    "iter_rows",
    "load_prompts",
    "parse_arm",
    "plan",
    "premise_of",
    "promptfoo_prompts",
    "prompts_toml",
    "request_key",
    "run_arm",
]
