"""The plans' names and the reasons they return, verbatim: shared by the plans and by ``invented``."""

from __future__ import annotations

MINIMAL = "plan-minimal"
PARSER = "plan-parser"
RAGAS_PORT = "plan-ragas-port"

# The reasons the plans return, verbatim.
NO_OUTPUT = "No output"  # the existing promptfoo code's early return, kept by every plan
MINIMAL_NO_STATEMENTS = "No statements found for faithfulness calculation"
REFUSED = "LLM refused to provide faithfulness verdicts"
NO_STATEMENTS_GENERATED = "No statements generated for faithfulness calculation"
PARSER_NO_VERDICTS = "No faithfulness verdicts provided"
PARSER_CALCULATION_ERROR = "Faithfulness calculation error"  # unreachable: see parser._score_parser
PORT_STATEMENT_ERROR = "Faithfulness calculation error: Statement generation failed"
PORT_VERDICT_ERROR = "Faithfulness calculation error: Verdict evaluation failed"
PORT_NO_VERDICTS = "No verdicts provided"
PORT_INVALID_SCORE = "Invalid score calculation"  # unreachable: see ragas_port._score_ragas_port
# What two plans only log when they put a fixed number in place of verdicts. Their
# returned reason is the ordinary one, so the log line is appended to make it visible.
MINIMAL_NO_VERDICTS_LOG = "Faithfulness calculation: No verdicts found in LLM response"
PORT_UNPARSED_LOG = "Unable to parse verdict format, returning neutral verdicts"


def with_log(reason: str, log: str) -> str:
    return f"{reason} [logged: {log}]"
