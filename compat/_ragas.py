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

from compat._jsnum import JS_WHITESPACE, js_number_to_string, js_to_fixed_2
from compat._models import (
    Case,
    Cause,
    MismatchPolicy,
    Score,
    ScoreWarning,
    Status,
    Verdict,
    VerdictFormat,
    ordered_warnings,
    passes,
)
from compat._refusal import matched_refusal
from compat._statements import fixed_statements
from compat._verdicts import ParsedVerdicts, RawVerdict, parse_verdicts

_NOT_WORD = re.compile(r"[\W_]+")
_ENUMERATION = re.compile(r"^\s*(?:[-*•]|\(?\d{1,4}[.):])\s*")
_ENUMERATION_STARTS = frozenset("-*•(0123456789")


# ASCII punctuation and whitespace to spaces: str.translate does in C what _NOT_WORD does.
_ASCII_NOT_WORD = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})


def normalise_statement(text: str) -> str:
    """The form in which an echoed statement is compared with call 1's statement.

    Case-folded, a leading enumeration ("1.", "-", "(2)") dropped, every run of
    characters that are not letters or digits folded to one space.
    """
    first = text[:1]
    if first in _ENUMERATION_STARTS or first.isspace():
        text = _ENUMERATION.sub("", text, count=1)
    folded = text.casefold()
    if folded.isascii():
        return " ".join(folded.translate(_ASCII_NOT_WORD).split())
    return _NOT_WORD.sub(" ", folded).strip()


def align(statements: Sequence[str], parsed: ParsedVerdicts) -> tuple[list[RawVerdict | None], set[ScoreWarning]]:
    """Pair each statement with at most one verdict.

    Verdicts that echo a statement's text go to that statement; the rest fill the
    remaining statements in order. A second verdict for an already judged statement
    is dropped (``duplicate_verdict``): it must not lend its verdict to a statement
    the grader skipped. Verdicts left over are ``more_verdicts``.
    """
    verdicts = parsed.verdicts
    if parsed.format is VerdictFormat.JSON and _echoed_in_order(statements, verdicts):
        # The common case: one item per statement, each echoing its statement verbatim.
        # Text matching would pair them exactly like this; skip normalising every text.
        slots: list[RawVerdict | None] = list(verdicts)
        warnings: set[ScoreWarning] = set()
        if not all(slot.verdict is not None for slot in verdicts):
            warnings.add(ScoreWarning.FEWER_VERDICTS)
        return slots, warnings
    if parsed.format is not VerdictFormat.JSON:
        # Text verdicts carry no statement text: pairing is by position alone.
        n = len(statements)
        slots = list(verdicts[:n]) + [None] * (n - len(verdicts))
        warnings = {ScoreWarning.MORE_VERDICTS} if len(verdicts) > n else set()
        if len(verdicts) < n or not all(slot.verdict is not None for slot in verdicts[:n]):
            warnings.add(ScoreWarning.FEWER_VERDICTS)
        return slots, warnings
    slots = [None] * len(statements)
    warnings = set()
    positional: list[RawVerdict] = []
    exact: dict[str, list[int]] = {}
    for position, statement in enumerate(statements):
        exact.setdefault(statement, []).append(position)
    normal: dict[str, list[int]] | None = None  # built only if an echo is not verbatim
    for raw in verdicts:
        if raw.statement is None:
            positional.append(raw)
            continue
        candidates = exact.get(raw.statement.strip())
        if not candidates:
            if normal is None:
                normal = {}
                for position, statement in enumerate(statements):
                    normal.setdefault(normalise_statement(statement), []).append(position)
            candidates = normal.get(normalise_statement(raw.statement))
        if not candidates:
            positional.append(raw)
            continue
        free = next((index for index in candidates if slots[index] is None), None)
        if free is None:
            warnings.add(ScoreWarning.DUPLICATE_VERDICT)
        else:
            slots[free] = raw
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


_JS_WHITESPACE_SET = frozenset(JS_WHITESPACE)


def _is_blank(text: str) -> bool:
    """Empty after JavaScript trimming; O(1) for the usual output that starts with a letter."""
    return not text or (text[0] in _JS_WHITESPACE_SET and not text.strip(JS_WHITESPACE))


def _echoed_in_order(statements: Sequence[str], verdicts: Sequence[RawVerdict]) -> bool:
    if len(statements) != len(verdicts):
        return False
    for statement, raw in zip(statements, verdicts, strict=True):
        if raw.statement != statement and (raw.statement is None or raw.statement.strip() != statement):
            return False
    return True


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
        if _is_blank(case.grader_output):
            why = "grader call 2 (verdicts) returned nothing"
            return self._undetermined(case, Cause.EMPTY_OUTPUT, why, len(statements))
        if not statements:
            return self._undetermined(case, Cause.NO_STATEMENTS, "grader call 1 produced no statements")
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
        values = [None if slot is None else slot.verdict for slot in slots]
        reasons = [None if slot is None else slot.reason for slot in slots]
        verdicts = tuple(map(Verdict, statements, values, reasons))
        judged = len(values) - values.count(None)
        supported = values.count(1)
        warnings = ordered_warnings(align_warnings.union(parsed.warnings)) if align_warnings or parsed.warnings else ()
        n = len(statements)
        mismatch = ScoreWarning.FEWER_VERDICTS in align_warnings or ScoreWarning.MORE_VERDICTS in align_warnings
        if self.policy is MismatchPolicy.UNDETERMINED and mismatch:
            return self._undetermined(
                case,
                Cause.COUNT_MISMATCH,
                f"{judged} of {n} statements got a usable verdict and the strict policy needs all",
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
            if judged < n:
                basis += f" ({n - judged} without a usable verdict, counted unsupported)"
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
