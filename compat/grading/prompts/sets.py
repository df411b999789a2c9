"""The two prompt sets, one per arm, each a pair (statements, verdicts), and their rendering.

``legacy`` keeps promptfoo generation A's text contract: statements one per line, and
verdicts closing with ``Final verdict for each statement in order: Yes. No. ...``.
``ragas`` keeps the RAGAS contract: ``{"statements": [...]}`` from call 1 and
``{"statements": [{"statement", "reason", "verdict"}]}`` from call 2. The wording is
this project's own. Templates use promptfoo's ``{{name}}`` placeholders, so a team can
paste the templates of its own promptfoo config into a ``--prompts`` TOML file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from compat._errors import PromptError
from compat._file_kind import FileKind
from compat._toml import read_toml
from compat.cases import ArmName
from compat.grading.prompts.deepeval import DeepevalPrompts, deepeval_prompts

ARMS: tuple[ArmName, ...] = ("legacy", "ragas")
CALLS = ("statements", "verdicts")


@dataclass(frozen=True, slots=True)
class PromptPair:
    """The templates of one arm: call 1 (statements) and call 2 (verdicts)."""

    statements: str
    verdicts: str


@dataclass(frozen=True, slots=True)
class PromptSets:
    """The templates in force, and where they came from (``built-in`` or a file). ``deepeval``:
    deepeval 4.3.1's own three templates, which a prompts file does not change."""

    legacy: PromptPair
    ragas: PromptPair
    origin: str = "built-in"
    deepeval: DeepevalPrompts = field(default_factory=deepeval_prompts)

    def pair(self, arm: ArmName) -> PromptPair:
        return self.legacy if arm == "legacy" else self.ragas


LEGACY_STATEMENTS = """\
Break the answer below into short statements. Each statement must state one fact the \
answer asserts, be understandable on its own (replace pronouns with what they refer to), \
and add nothing the answer does not say. Write one statement per line, with no numbering, \
bullets or any other text.

Question: {{question}}
Answer: {{answer}}
Statements:"""

LEGACY_VERDICTS = """\
Read the context, then judge each statement below: is it supported by the information in \
the context? Answer Yes only when the context states it or it follows directly from the \
context; otherwise answer No. For each statement, write the statement, a one-sentence \
explanation, and then "Verdict: Yes." or "Verdict: No.". After the last statement, write \
one final line listing every verdict in the order of the statements, exactly in this form:
Final verdict for each statement in order: Yes. No. Yes.
Do not write anything after that line.

Context:
{{context}}

Statements:
{{statements}}

Verdicts:"""

RAGAS_STATEMENTS = """\
Break the answer below into short statements. Each statement must state one fact the \
answer asserts, be understandable on its own (replace pronouns with what they refer to), \
and add nothing the answer does not say.
Reply with JSON only, no markdown and no other text, in exactly this shape:
{"statements": ["first statement", "second statement"]}

Question: {{question}}
Answer: {{answer}}
Statements:"""

RAGAS_VERDICTS = """\
Read the context, then judge each statement of the JSON list below: is it supported by the \
information in the context? Give verdict 1 only when the context states it or it follows \
directly from the context; otherwise give verdict 0. Judge every statement, in the order \
given, and copy each statement exactly.
Reply with JSON only, no markdown and no other text, in exactly this shape:
{"statements": [{"statement": "the statement", "reason": "one sentence on why", "verdict": 1}]}

Context:
{{context}}

Statements:
{{statements}}

Verdicts:"""

# Sent after an unparseable ragas-arm output, with that output, as the ragas library
# asks its model to fix the format: the conversation differs, so does the cache key.
REASK = (
    "That reply could not be read as the JSON asked for. Reply again with only the JSON object, "
    "in exactly the shape given, and nothing else."
)

BUILT_IN = PromptSets(PromptPair(LEGACY_STATEMENTS, LEGACY_VERDICTS), PromptPair(RAGAS_STATEMENTS, RAGAS_VERDICTS))

_PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")
# What each call's template may use, and what it must use to be a grader prompt at all.
_KNOWN = {"statements": {"question", "answer", "context"}, "verdicts": {"question", "answer", "context", "statements"}}
_NEEDED = {"statements": {"answer"}, "verdicts": {"context", "statements"}}


def render(template: str, values: dict[str, str]) -> str:
    """``template`` with each ``{{name}}`` replaced, in one pass (a value is never re-read)."""
    return _PLACEHOLDER.sub(lambda match: values.get(match.group(1), match.group(0)), template)


def statements_text(arm: ArmName, statements: Sequence[str]) -> str:
    """How call 1's statements are handed to call 2: lines (legacy), a JSON list (ragas)."""
    if arm == "legacy":
        return "\n".join(statements)
    return json.dumps(list(statements), ensure_ascii=False)


def context_text(contexts: Sequence[str]) -> str:
    """Retrieved contexts as one block, a blank line between passages."""
    return "\n\n".join(contexts)


def load_prompts(path: str | Path | None) -> PromptSets:
    """The prompt sets of a TOML file (``[legacy]``/``[ragas]``, ``statements``/``verdicts``);
    what the file leaves out stays built in. ``None``: the built-in sets."""
    if path is None:
        return BUILT_IN
    data = read_toml(path, PromptError, FileKind.PROMPTS)
    sets = replace(BUILT_IN, origin=str(path))
    for table, content in data.items():
        if table not in ARMS:
            raise PromptError(f"{path}: unknown table [{table}] (expected [legacy] and/or [ragas])")
        if not isinstance(content, dict):
            raise PromptError(f"{path}: {table} must be a table with statements and/or verdicts")
        pair = sets.legacy if table == "legacy" else sets.ragas
        for call, template in content.items():
            checked = _checked(path, table, call, template)
            pair = replace(pair, statements=checked) if call == "statements" else replace(pair, verdicts=checked)
        sets = replace(sets, legacy=pair) if table == "legacy" else replace(sets, ragas=pair)
    return sets


def _checked(path: str | Path, table: str, call: str, template: Any) -> str:
    where = f"{path}: [{table}] {call}"
    if call not in CALLS:
        raise PromptError(f"{path}: [{table}]: unknown key {call!r} (expected statements and/or verdicts)")
    if not isinstance(template, str):
        raise PromptError(f"{where}: must be a string")
    return check_template(where, call, template)


def check_template(where: str, call: str, template: str) -> str:
    """``template`` when it is a template of ``call`` (statements, verdicts): its placeholders known and needed."""
    used = set(_PLACEHOLDER.findall(template))
    unknown = sorted(used - _KNOWN[call])
    if unknown:
        known = ", ".join(f"{{{{{name}}}}}" for name in sorted(_KNOWN[call]))
        raise PromptError(f"{where}: unknown placeholder {{{{{unknown[0]}}}}} (known: {known})")
    missing = sorted(_NEEDED[call] - used)
    if missing:
        raise PromptError(f"{where}: the template never uses {{{{{missing[0]}}}}}")
    return template


def prompts_toml(sets: PromptSets) -> str:
    """The templates in force as a ``--prompts`` file: edit it and pass it back."""
    lines = [
        f"# faithcompat prompts ({sets.origin}). Placeholders: {{{{question}}}}, {{{{answer}}}}, {{{{context}}}},",
        "# {{statements}} (call 2: one per line on the legacy arm, a JSON list on the ragas arm).",
    ]
    for arm in ARMS:
        pair = sets.pair(arm)
        lines += ["", f"[{arm}]", f"statements = {_toml_string(pair.statements)}", ""]
        lines.append(f"verdicts = {_toml_string(pair.verdicts)}")
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    # A multi-line literal string keeps the template as written, backslashes and all;
    # what it cannot hold (''' or a control character) goes as a JSON-escaped basic string.
    if "'''" not in text and not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text) and not text.endswith("'"):
        return "'''\n" + text + "'''"
    return json.dumps(text, ensure_ascii=True)
