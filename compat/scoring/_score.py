"""What a scorer gives: a ``Score`` with its ``Verdict``s, and the words it uses.

``Score`` and ``Verdict`` are produced by our own code on the hot path, so they are
named tuples: immutable like a frozen dataclass, and about ten times cheaper to
build than a pydantic model (a typical case builds six of them).
"""

from __future__ import annotations

import math
from enum import Enum
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, runtime_checkable

from compat.scoring._javascript import NUMBER_EPSILON

if TYPE_CHECKING:
    from compat.cases import Case


class Status(str, Enum):
    SCORED = "scored"
    UNDETERMINED = "undetermined"  # nothing to score: the grader gave no usable verdict
    ERROR = "error"  # what an upstream scorer raises or flags (promptfoo's graderError, ragas's failed parse)


class Cause(str, Enum):
    """Why a score is undetermined."""

    EMPTY_OUTPUT = "empty_output"
    NO_STATEMENTS = "no_statements"
    REFUSAL = "refusal"
    NO_VERDICTS = "no_verdicts"
    COUNT_MISMATCH = "count_mismatch"
    UNCLEAR_READING = "unclear_reading"  # the output reads two ways (the reason says both): no number
    GRADER_ERROR = "grader_error"  # a recorded grader call failed after its retries: there is no output
    NOT_RECORDED = "not_recorded"  # the case records other arms, not this one: it was never asked


class VerdictFormat(str, Enum):
    """Where a score's verdicts were read from."""

    JSON = "json"
    TEXT_FINAL_LINE = "text_final_line"
    TEXT_PER_STATEMENT = "text_per_statement"
    JSON_LIST = "json_list"  # verdict words or 0/1 in a JSON list, or an object keyed by statement number
    TEXT_TABLE = "text_table"  # a table's verdict column (Markdown, CSV, TSV, aligned by spaces)
    TEXT_GROUPED = "text_grouped"  # statements listed under the verdict they got ("Supported: 1, 3")
    TEXT_LIST = "text_list"  # lines holding only an enumeration and a verdict ("1. Yes"), no header
    TEXT_PROSE = "text_prose"  # sentences such as "Statement 2 is not supported by the context"


class ScoreWarning(str, Enum):
    """Non-fatal findings about a grader output."""

    FEWER_VERDICTS = "fewer_verdicts"  # some statements got no verdict: counted unsupported
    MORE_VERDICTS = "more_verdicts"  # verdicts beyond the last statement: ignored
    FINAL_LINE_DISAGREES = "final_line_disagrees"  # final line and Verdict: markers differ
    REPAIRED_JSON = "repaired_json"  # truncated, single-quoted or otherwise non-strict JSON
    COERCED_VERDICT = "coerced_verdict"  # "1", true or "yes" read as a verdict
    INVALID_VERDICT = "invalid_verdict"  # an item whose verdict is unreadable: counted missing
    DUPLICATE_VERDICT = "duplicate_verdict"  # a second item for an already judged statement
    TRAILING_TEXT = "trailing_text"  # prose after the final verdict line: ignored
    MULTIPLE_FINAL_LINES = "multiple_final_lines"  # the header occurs more than once: last wins
    VERDICT_WORD_VARIANT = "verdict_word_variant"  # a word other than yes/no read: Supported, Nope, ✓, Oui
    REASONING_IGNORED = "reasoning_ignored"  # a <think> draft was removed before reading
    SUPERSEDED_VERDICTS = "superseded_verdicts"  # an earlier answer (echoed example, draft) was set aside
    AMBIGUOUS_EXTRA_VERDICTS = "ambiguous_extra_verdicts"  # extra verdicts disagree: the lowest reading is used


_WARNING_ORDER = {warning: index for index, warning in enumerate(ScoreWarning)}


def ordered_warnings(warnings: set[ScoreWarning] | frozenset[ScoreWarning]) -> tuple[ScoreWarning, ...]:
    """Warnings in the enum's (documented) order, so that output is stable."""
    return tuple(sorted(warnings, key=_WARNING_ORDER.__getitem__)) if warnings else ()


class MismatchPolicy(str, Enum):
    """What the fixed scorer does when verdicts and statements do not pair up."""

    UNSUPPORTED = "unsupported"  # missing verdicts count as unsupported (default)
    UNDETERMINED = "undetermined"  # any mismatch makes the score undetermined (strict)
    VERDICT_RATIO = "verdict_ratio"  # divide by verdicts returned, as the ragas library does


class Verdict(NamedTuple):
    """One statement and what the grader said about it (``None``: no usable verdict)."""

    statement: str
    verdict: Literal[0, 1] | None
    reason: str | None = None


class Score(NamedTuple):
    """What a scorer concluded about one case.

    ``value`` is ``None`` when undetermined. The legacy scorer's value may be any float
    (negative, NaN, -Infinity): reproducing that is its job. The fixed scorer's value
    is always ``None`` or within [0, 1].
    """

    scorer: str
    value: float | None
    status: Status
    passed: bool
    threshold: float
    reason: str
    cause: Cause | None = None
    format: VerdictFormat | None = None
    verdicts: tuple[Verdict, ...] = ()
    warnings: tuple[ScoreWarning, ...] = ()
    statement_count: int = 0

    @classmethod
    def scored(
        cls,
        *,
        scorer: str,
        value: float,
        passed: bool,
        threshold: float,
        reason: str,
        cause: Cause | None = None,
        format: VerdictFormat | None = None,  # noqa: A002 - the field's name
        verdicts: tuple[Verdict, ...] = (),
        warnings: tuple[ScoreWarning, ...] = (),
        statement_count: int = 0,
    ) -> Score:
        """A value the scorer gives (``cause`` only where a value stands for nothing to score: NaN)."""
        # tuple.__new__: keywords at a positional call's cost (the class called with keywords packs
        # them into a dict, twice the instructions; a score a case on the hot path).
        return tuple.__new__(
            cls,
            (
                scorer,
                value,
                Status.SCORED,
                passed,
                threshold,
                reason,
                cause,
                format,
                verdicts,
                warnings,
                statement_count,
            ),
        )

    @classmethod
    def undetermined(
        cls,
        *,
        scorer: str,
        threshold: float,
        reason: str,
        cause: Cause,
        format: VerdictFormat | None = None,  # noqa: A002 - the field's name
        verdicts: tuple[Verdict, ...] = (),
        warnings: tuple[ScoreWarning, ...] = (),
        statement_count: int = 0,
    ) -> Score:
        """Nothing to score, and why: no value, never passed."""
        return tuple.__new__(
            cls,
            (
                scorer,
                None,
                Status.UNDETERMINED,
                False,
                threshold,
                reason,
                cause,
                format,
                verdicts,
                warnings,
                statement_count,
            ),
        )

    @classmethod
    def error(cls, *, scorer: str, threshold: float, reason: str) -> Score:
        """The scorer raised or flagged an error instead of scoring: no value, never passed."""
        return cls(scorer=scorer, value=None, status=Status.ERROR, passed=False, threshold=threshold, reason=reason)

    @property
    def is_finite(self) -> bool:
        return self.value is not None and math.isfinite(self.value)


def passes(value: float | None, threshold: float) -> bool:
    """The pass rule both arms share: JavaScript's ``score >= threshold - Number.EPSILON``."""
    return value is not None and value >= threshold - NUMBER_EPSILON


@runtime_checkable
class Scorer(Protocol):
    """Anything with a ``name`` and a total ``score(case) -> Score``: it never raises for grader text."""

    name: str

    def score(self, case: Case) -> Score: ...
