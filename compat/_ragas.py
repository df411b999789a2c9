"""The fixed scorer: the RAGAS ratio, supported statements / statements of call 1.

The contract is ``shared/spec/fixed-scorer.md``. In short: the denominator is the
statements of call 1, never the number of verdicts the grader happened to return;
a grader failure can lower a score or make it undetermined, never raise it; and
where there is nothing to score, the answer is ``undetermined`` with a named cause,
never an invented number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compat._jsnum import js_number_to_string, js_to_fixed_2, js_trim
from compat._models import (
    Case,
    Cause,
    MismatchPolicy,
    Score,
    ScoreWarning,
    Status,
    Verdict,
    VerdictFormat,
    passes,
)
from compat._refusal import matched_refusal
from compat._statements import fixed_statements
from compat._verdicts import ParsedVerdicts, RawVerdict, parse_verdicts

_NOT_WORD = re.compile(r"[\W_]+")
_ENUMERATION = re.compile(r"^\s*(?:[-*•]|\(?\d{1,4}[.):])\s*")


def normalise_statement(text: str) -> str:
    """The form in which an echoed statement is compared with call 1's statement."""
    text = _ENUMERATION.sub("", text, count=1)
    return _NOT_WORD.sub(" ", text.casefold()).strip()


def align(statements: Sequence[str], parsed: ParsedVerdicts) -> tuple[list[RawVerdict | None], set[ScoreWarning]]:
    """Pair each statement with at most one verdict.

    Verdicts that echo a statement's text go to that statement; the rest fill the
    remaining statements in order. A second verdict for an already judged statement
    is dropped (``duplicate_verdict``): it must not lend its verdict to a statement
    the grader skipped. Verdicts left over are ``more_verdicts``.
    """
    slots: list[RawVerdict | None] = [None] * len(statements)
    warnings: set[ScoreWarning] = set()
    positional: list[RawVerdict] = []
    if parsed.format is VerdictFormat.JSON:
        by_text: dict[str, list[int]] = {}
        for position, statement in enumerate(statements):
            by_text.setdefault(normalise_statement(statement), []).append(position)
        judged: set[str] = set()
        for raw in parsed.verdicts:
            key = normalise_statement(raw.statement) if raw.statement is not None else None
            free = by_text.get(key) if key is not None else None
            if free:
                slots[free.pop(0)] = raw
                judged.add(key)  # type: ignore[arg-type]
            elif key is not None and key in judged:
                warnings.add(ScoreWarning.DUPLICATE_VERDICT)
            else:
                positional.append(raw)
    else:
        positional = list(parsed.verdicts)
    empty = (i for i, slot in enumerate(slots) if slot is None)
    for raw in positional:
        index = next(empty, None)
        if index is None:
            warnings.add(ScoreWarning.MORE_VERDICTS)
            break
        slots[index] = raw
    if any(slot is None or slot.verdict is None for slot in slots):
        warnings.add(ScoreWarning.FEWER_VERDICTS)
    return slots, warnings


class RagasScorer:
    """The RAGAS faithfulness ratio over structured verdicts, hardened."""

    name = "ragas"

    def __init__(self, policy: MismatchPolicy = MismatchPolicy.UNSUPPORTED) -> None:
        self.policy = MismatchPolicy(policy)

    def __repr__(self) -> str:
        return f"RagasScorer(policy={self.policy.value!r})"

    def score(self, case: Case) -> Score:
        statements = fixed_statements(case)
        if statements is None:
            return self._undetermined(case, Cause.EMPTY_OUTPUT, "grader call 1 (statements) returned nothing")
        if not statements:
            return self._undetermined(case, Cause.NO_STATEMENTS, "grader call 1 produced no statements")
        if js_trim(case.grader_output) == "":
            return self._undetermined(
                case, Cause.EMPTY_OUTPUT, "grader call 2 (verdicts) returned nothing", len(statements)
            )
        parsed = parse_verdicts(case.grader_output)
        if parsed is None or parsed.valid_count == 0:
            refusal = matched_refusal(case.grader_output)
            cause, why = (
                (Cause.REFUSAL, f'the grader refused to judge ("{refusal}")')
                if refusal is not None
                else (Cause.NO_VERDICTS, "no usable verdict in the grader output")
            )
            return self._undetermined(
                case,
                cause,
                why,
                len(statements),
                verdict_format=parsed.format if parsed else None,
                warnings=parsed.warnings if parsed else (),
            )
        slots, align_warnings = align(statements, parsed)
        verdicts = tuple(
            Verdict(statement, slot.verdict if slot else None, slot.reason if slot else None)
            for statement, slot in zip(statements, slots, strict=True)
        )
        warnings = _ordered(set(parsed.warnings) | align_warnings)
        supported = sum(1 for v in verdicts if v.verdict == 1)
        n = len(statements)
        mismatch = ScoreWarning.FEWER_VERDICTS in warnings or ScoreWarning.MORE_VERDICTS in warnings
        if self.policy is MismatchPolicy.UNDETERMINED and mismatch:
            return self._undetermined(
                case,
                Cause.COUNT_MISMATCH,
                f"{_judged(verdicts)} of {n} statements got a usable verdict and the strict policy needs all",
                n,
                verdicts=verdicts,
                verdict_format=parsed.format,
                warnings=warnings,
            )
        if self.policy is MismatchPolicy.VERDICT_RATIO:
            # The ragas library divides by the verdicts returned, whatever the statements.
            returned = [raw.verdict for raw in parsed.verdicts if raw.verdict is not None]
            value = sum(returned) / len(returned)
            basis = f"{sum(returned)} of {len(returned)} returned verdicts supported"
        else:
            value = supported / n
            basis = f"{supported} of {n} statements supported"
            missing = n - _judged(verdicts)
            if missing:
                basis += f" ({missing} without a usable verdict, counted unsupported)"
        passed = passes(value, case.threshold)
        relation = ">=" if passed else "<"
        reason = (
            f"Faithfulness {js_to_fixed_2(value)} {relation} {js_number_to_string(case.threshold)}: "
            f"{basis}; verdicts from {_FORMAT_WORDS[parsed.format]}"
        )
        return Score(
            scorer=self.name,
            value=value,
            status=Status.SCORED,
            passed=passed,
            threshold=case.threshold,
            reason=reason,
            format=parsed.format,
            verdicts=verdicts,
            warnings=warnings,
            statement_count=n,
        )

    def _undetermined(
        self,
        case: Case,
        cause: Cause,
        why: str,
        statement_count: int = 0,
        *,
        verdicts: tuple[Verdict, ...] = (),
        verdict_format: VerdictFormat | None = None,
        warnings: tuple[ScoreWarning, ...] = (),
    ) -> Score:
        return Score(
            scorer=self.name,
            value=None,
            status=Status.UNDETERMINED,
            passed=False,
            threshold=case.threshold,
            reason=f"Faithfulness undetermined: {why}",
            cause=cause,
            format=verdict_format,
            verdicts=verdicts,
            warnings=warnings,
            statement_count=statement_count,
        )


_FORMAT_WORDS = {
    VerdictFormat.JSON: "JSON",
    VerdictFormat.TEXT_FINAL_LINE: "the final verdict line",
    VerdictFormat.TEXT_PER_STATEMENT: "per-statement Verdict: markers",
}


def _judged(verdicts: Sequence[Verdict]) -> int:
    return sum(1 for v in verdicts if v.verdict is not None)


def _ordered(warnings: set[ScoreWarning]) -> tuple[ScoreWarning, ...]:
    order = list(ScoreWarning)
    return tuple(sorted(warnings, key=order.index))
