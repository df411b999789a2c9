"""Rendering one set of verdicts in every format graders use.

The same judgement (statements, 0/1 verdicts, reasons) written as RAGAS JSON, as
fenced or prose-wrapped JSON, as a bare list, as the legacy final-verdict line and
as per-statement ``Verdict:`` markers. Properties use these to check that the fixed
scorer reads one judgement the same way in every dress; benchmarks use them to
build typical corpora.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

FINAL_HEADER = "Final verdict for each statement in order:"


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a grader decided: one verdict (1 supported, 0 not) and reason per statement."""

    statements: tuple[str, ...]
    verdicts: tuple[int, ...]
    reasons: tuple[str, ...]

    def __post_init__(self) -> None:
        if not len(self.statements) == len(self.verdicts) == len(self.reasons):
            raise ValueError("a judgement needs one verdict and one reason per statement")

    @property
    def statements_output(self) -> str:
        return "\n".join(self.statements)

    def items(self) -> list[dict[str, object]]:
        return [
            {"statement": s, "reason": r, "verdict": v}
            for s, v, r in zip(self.statements, self.verdicts, self.reasons, strict=True)
        ]


def _yes_no(verdict: int) -> str:
    return "Yes" if verdict else "No"


def json_plain(j: Judgement) -> str:
    return json.dumps({"statements": j.items()}, ensure_ascii=False)


def json_pretty(j: Judgement) -> str:
    return json.dumps({"statements": j.items()}, ensure_ascii=False, indent=2)


def json_fenced(j: Judgement) -> str:
    return "```json\n" + json_pretty(j) + "\n```"


def json_in_prose(j: Judgement) -> str:
    return "Here is my assessment of each statement:\n\n" + json_plain(j) + "\n\nI hope this helps."


def json_bare_list(j: Judgement) -> str:
    return json.dumps(j.items(), ensure_ascii=False)


def text_final_line(j: Judgement) -> str:
    """Explanations, then only the final line carries verdicts."""
    explanations = "".join(f"Statement {i}: {reason}\n" for i, reason in enumerate(j.reasons, 1))
    return explanations + "\n" + FINAL_HEADER + " " + " ".join(_yes_no(v) + "." for v in j.verdicts)


def text_per_statement(j: Judgement) -> str:
    """One ``Verdict:`` marker per statement, no final line."""
    return "".join(
        f"{i}. {statement}\nExplanation: {reason}\nVerdict: {_yes_no(v)}.\n"
        for i, (statement, v, reason) in enumerate(zip(j.statements, j.verdicts, j.reasons, strict=True), 1)
    )


def text_legacy(j: Judgement) -> str:
    """The clean legacy format: per-statement markers, then the final line, nothing after."""
    return text_per_statement(j) + "\n" + FINAL_HEADER + " " + " ".join(_yes_no(v) + "." for v in j.verdicts)


Renderer = Callable[[Judgement], str]

JSON_RENDERERS: dict[str, Renderer] = {
    "json_plain": json_plain,
    "json_pretty": json_pretty,
    "json_fenced": json_fenced,
    "json_in_prose": json_in_prose,
    "json_bare_list": json_bare_list,
}
TEXT_RENDERERS: dict[str, Renderer] = {
    "text_final_line": text_final_line,
    "text_per_statement": text_per_statement,
    "text_legacy": text_legacy,
}
RENDERERS: dict[str, Renderer] = {**JSON_RENDERERS, **TEXT_RENDERERS}
# Formats the legacy parser reads as its authors intended (spec rule 9).
CLEAN_LEGACY_RENDERERS: dict[str, Renderer] = {"text_legacy": text_legacy, "text_final_line": text_final_line}
