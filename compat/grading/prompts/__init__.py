"""The prompts: the two prompt sets (one per arm), their rendering, and the JSON contract the ragas arm's replies keep.

``sets`` holds the built-in sets, a ``--prompts`` TOML file's, and how a template is
filled; ``deepeval`` holds the deepeval arm's three templates (deepeval 4.3.1's own);
``promptfoo`` reads a team's promptfoo faithfulness prompts as a prompts file
(``prompts --from-promptfoo``); ``contract`` holds the schemas ``strict_json`` asks for
and the check whose failure re-asks.
"""

from compat.grading.prompts.contract import STATEMENTS_SCHEMA, VERDICTS_SCHEMA, contract_problem
from compat.grading.prompts.deepeval import DeepevalPrompts, deepeval_values, read_field
from compat.grading.prompts.promptfoo import promptfoo_prompts
from compat.grading.prompts.sets import (
    BUILT_IN,
    REASK,
    PromptSets,
    context_text,
    load_prompts,
    prompts_toml,
    render,
    statements_text,
)

__all__ = [
    "BUILT_IN",
    "REASK",
    "STATEMENTS_SCHEMA",
    "VERDICTS_SCHEMA",
    "DeepevalPrompts",
    "PromptSets",
    "context_text",
    "contract_problem",
    "deepeval_values",
    "load_prompts",
    "promptfoo_prompts",
    "prompts_toml",
    "read_field",
    "render",
    "statements_text",
]
