"""promptfoo's later context-faithfulness matcher (0.120.27 on) as scorers, one a scoring generation."""

from __future__ import annotations

import re
from enum import Enum

from compat.cases import Case
from compat.scoring._javascript import js_divide, js_trim
from compat.scoring._legacy import legacy_reason
from compat.scoring._score import Score, Status, VerdictFormat, passes
from compat.scoring._statements import legacy_statement_count

_HEADER = "final verdict for each statement in order:"
# JavaScript's /\b(?:yes|no)\b/ without the u flag: \b is an ASCII word boundary.
_YES_NO_WORD = re.compile(r"\b(?:yes|no)\b", re.ASCII)
_NO_STATEMENTS = "Could not extract context-faithfulness statements"
_NO_VERDICTS = "Could not parse context-faithfulness verdicts"


class Generation(Enum):
    """The three later scoring generations; each release named is the one the port was checked against."""

    CLAMPED = "0.120.27"  # 0.120.27 - 0.121.18: 0 without statements or verdicts, else clamped
    MISSING_UNSUPPORTED = "0.121.19"  # 0.121.19 - 0.123.0: and a statement without a verdict is unsupported
    GRADER_ERROR = "0.123.1"  # 0.123.1: no statements or unparseable verdicts are grader errors


class PromptfooScorer:
    """promptfoo's context-faithfulness matcher of one published release."""

    __slots__ = ("generation", "name")

    def __init__(self, generation: Generation) -> None:
        self.generation = generation
        self.name = "promptfoo-" + generation.value

    def score(self, case: Case) -> Score:
        strict = self.generation is Generation.GRADER_ERROR
        count = legacy_statement_count(case)  # call 1 split on "\n", blank pieces dropped; None: empty
        if count is None:
            return self._fail(case, "No output", error=strict, count=0)
        if strict and count == 0:  # 0.123.1 stops before asking for verdicts
            return self._fail(case, _NO_STATEMENTS, error=True, count=0)
        if case.grader_output == "":
            return self._fail(case, "No output", error=strict, count=count)
        value, verdict_format = self._value(count, js_trim(case.grader_output.lower()))
        if value is None:
            return self._fail(case, _NO_VERDICTS, error=True, count=count, verdict_format=verdict_format)
        passed = passes(value, case.threshold)
        reason = legacy_reason(value, case.threshold, passed)
        return Score.scored(
            scorer=self.name,
            value=value,
            passed=passed,
            threshold=case.threshold,
            reason=reason,
            format=verdict_format,
            statement_count=count,
        )

    def _value(self, n: int, text: str) -> tuple[float | None, VerdictFormat | None]:
        """The clamped score, or ``None`` where 0.123.1 flags unparseable verdicts."""
        if n == 0:  # only the two older generations get here: score stays 0
            return 0.0, None
        at = text.find(_HEADER)
        if at >= 0:
            verdict_format = VerdictFormat.TEXT_FINAL_LINE
            pieces = [piece for piece in text[at + len(_HEADER) :].split(".") if js_trim(piece) != ""]
            if self.generation is Generation.GRADER_ERROR and not all(map(_YES_NO_WORD.search, pieces)):
                return None, verdict_format
            if not pieces:
                return (None if self.generation is Generation.GRADER_ERROR else 0.0), verdict_format
            bad = sum(1 for piece in pieces if "yes" not in piece)
            unsupported = bad if self.generation is Generation.CLAMPED else bad + max(0, n - len(pieces))
        else:
            verdict_format = VerdictFormat.TEXT_PER_STATEMENT
            no, yes = text.count("verdict: no"), text.count("verdict: yes")
            if no + yes == 0:
                return (None if self.generation is Generation.GRADER_ERROR else 0.0), verdict_format
            unsupported = no if self.generation is Generation.CLAMPED else no + max(0, n - no - yes)
        return min(1.0, max(0.0, 1 - js_divide(unsupported, n))), verdict_format

    def _fail(
        self, case: Case, reason: str, *, error: bool, count: int, verdict_format: VerdictFormat | None = None
    ) -> Score:
        """promptfoo's ``fail`` (an ordinary failing result) or ``graderFail`` (flagged ``graderError``)."""
        return Score(
            scorer=self.name,
            value=0.0,
            status=Status.ERROR if error else Status.SCORED,
            passed=False,
            threshold=case.threshold,
            reason=reason,
            format=verdict_format,
            statement_count=count,
        )
