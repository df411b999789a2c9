"""The fixed scorer: the RAGAS ratio, supported statements / statements of call 1.

The contract is docs/scoring.md (``ragas``). In short: the denominator is the
statements of call 1, never the number of verdicts the grader happened to return;
a grader failure can lower a score or make it undetermined, never raise it; and
where there is nothing to score, the answer is ``undetermined`` with a named cause,
never an invented number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, NamedTuple

from compat.cases import Case
from compat.scoring._javascript import JS_WHITESPACE, js_number_to_string, js_to_fixed_2
from compat.scoring._score import (
    Cause,
    MismatchPolicy,
    Score,
    ScoreWarning,
    Verdict,
    VerdictFormat,
    ordered_warnings,
    passes,
)
from compat.scoring._statements import fixed_statements, refused_statements, wrapped_statements
from compat.scoring.reader import (
    MAX_VERDICTS,
    ParsedVerdicts,
    Vocabulary,
    blank_keys,
    matched_refusal,
    parse_verdicts,
    refused_the_task,
    verdict_words,
)

_NOT_WORD = re.compile(r"[\W_]+")
_ENUMERATION = re.compile(r"^\s*(?:[-*•]|\(?\d{1,4}[.):])\s*")
_ENUMERATION_STARTS = frozenset("-*•(0123456789")


# ASCII punctuation and whitespace to spaces, as a byte table: bytes.translate does in C
# (and without a dict lookup per character) what _NOT_WORD does.
_ASCII_NOT_WORD = bytes(c if chr(c).isalnum() else 0x20 for c in range(128)) + b" " * 128


def normalise_statement(text: str) -> str:
    """The form in which an echoed statement is compared with call 1's statement.

    Case-folded, a leading enumeration ("1.", "-", "(2)") dropped, every run of
    characters that are not letters or digits folded to one space.
    """
    folded = _folded(text)
    if folded.isascii():
        return b" ".join(folded.encode("ascii").translate(_ASCII_NOT_WORD).split()).decode("ascii")
    return _NOT_WORD.sub(" ", folded).strip()


def _folded(text: str) -> str:
    """``text`` case-folded, without a leading enumeration."""
    first = text[:1]
    if first in _ENUMERATION_STARTS or first.isspace():
        text = _ENUMERATION.sub("", text, count=1)
    return text.casefold()


# Every byte below 128 that is not a letter or digit: bytes.translate deletes them.
_ASCII_NOT_ALNUM = bytes(c for c in range(128) if not chr(c).isalnum())


def letters_and_digits(text: str) -> str:
    """``normalise_statement(text)`` without its spaces, at a fraction of the cost.

    Two texts with equal normalised forms have equal letters and digits, so alignment
    compares these first and normalises only the statements that pass.
    """
    folded = _folded(text)
    if folded.isascii():
        return folded.encode("ascii").translate(None, _ASCII_NOT_ALNUM).decode("ascii")
    return _NOT_WORD.sub("", folded)


class Aligned(NamedTuple):
    """Each statement's verdict (``None``: none usable) and reason, in statement order."""

    values: list[Literal[0, 1] | None]
    reasons: Sequence[str | None]
    warnings: set[ScoreWarning]


def align(statements: Sequence[str], parsed: ParsedVerdicts) -> Aligned:
    """Pair each statement with at most one verdict.

    Verdicts that echo a statement's text go to that statement; the rest fill the
    remaining statements in order. A second verdict for an already judged statement
    is dropped (``duplicate_verdict``): it must not lend its verdict to a statement
    the grader skipped. Verdicts left over are ``more_verdicts``.
    """
    n = len(statements)
    values = parsed.values
    if parsed.statements is None or not any(parsed.statements):
        # Verdicts without statement text: pairing is by position alone.
        aligned = list(values[:n])
        warnings = {ScoreWarning.MORE_VERDICTS} if len(values) > n else set()
        if len(values) > n and aligned.count(1) > _lowest_supported(values, n):
            aligned = _lowest_reading(values, n)
            warnings.add(ScoreWarning.AMBIGUOUS_EXTRA_VERDICTS)
        if len(values) < n:
            aligned += [None] * (n - len(values))
            warnings.add(ScoreWarning.FEWER_VERDICTS)
        elif None in aligned:
            warnings.add(ScoreWarning.FEWER_VERDICTS)
        return Aligned(aligned, [None] * n, warnings)
    assert parsed.reasons is not None  # JSON verdicts carry both
    if _echoed_in_order(statements, parsed.statements):
        # The common case: one item per statement, each echoing its statement verbatim.
        # Text matching would pair them exactly like this; skip normalising every text.
        warnings = set() if parsed.valid_count == n else {ScoreWarning.FEWER_VERDICTS}
        return Aligned(list(values), parsed.reasons, warnings)
    return _align_by_text(statements, parsed.values, parsed.statements, parsed.reasons)


def _lowest_supported(values: Sequence[Literal[0, 1] | None], n: int) -> int:
    """The fewest supported among any ``n`` of the verdicts, kept in order."""
    return max(0, values.count(1) - (len(values) - n))


def _lowest_reading(values: Sequence[Literal[0, 1] | None], n: int) -> list[Literal[0, 1] | None]:
    """``n`` of the verdicts, in their order, with as few supported as any choice could give.

    More verdicts than statements, and the extra ones disagree: which verdict belongs to
    which statement cannot be known, and reading the first ``n`` could pick the most
    favourable. A grader failure never raises a score, so the lowest consistent reading
    is used: every "no" (then every unreadable one) is kept, "yes"es fill the rest.
    """
    chosen: set[int] = set()
    for wanted in (0, None, 1):
        for index, value in enumerate(values):
            if len(chosen) == n:
                break
            if value == wanted:
                chosen.add(index)
    return [values[index] for index in sorted(chosen)]


class _Slots:
    """Statement positions grouped by a key, each group handed out in order, once.

    A cursor per group skips positions already paired, and only ever moves forward:
    a thousand items echoing a text that a thousand statements share cost a thousand
    steps, not a million.
    """

    def __init__(self, slots: list[int | None]) -> None:
        self._slots = slots
        self._groups: dict[str, list[int]] = {}
        self._cursors: dict[str, int] = {}

    def add(self, key: str, position: int) -> None:
        self._groups.setdefault(key, []).append(position)

    def __contains__(self, key: str) -> bool:
        return key in self._groups

    def take(self, key: str) -> int | None:
        """The first unpaired position of the group, or None when all are paired."""
        group = self._groups[key]
        cursor = self._cursors.get(key, 0)
        while cursor < len(group) and self._slots[group[cursor]] is not None:
            cursor += 1
        self._cursors[key] = cursor
        return group[cursor] if cursor < len(group) else None


def _align_by_text(
    statements: Sequence[str],
    values: Sequence[Literal[0, 1] | None],
    echoed: Sequence[str | None],
    reasons: Sequence[str | None],
) -> Aligned:
    slots: list[int | None] = [None] * len(statements)  # index of the verdict for each statement
    warnings: set[ScoreWarning] = set()
    positional: list[int] = []
    exact = _Slots(slots)
    for position, statement in enumerate(statements):
        exact.add(statement, position)
    near: _Slots | None = None  # by normalised text; built only if an echo is not verbatim
    for index, text in enumerate(echoed):
        if text is None:
            positional.append(index)
            continue
        key = text.strip()
        groups = exact
        if key not in exact:
            if near is None:
                near = _Slots(slots)
                for position, statement in enumerate(statements):
                    near.add(normalise_statement(statement), position)
            key = normalise_statement(text)
            groups = near
            if key not in near:
                positional.append(index)
                continue
        free = groups.take(key)
        if free is None:
            warnings.add(ScoreWarning.DUPLICATE_VERDICT)
        else:
            slots[free] = index
    empty = (position for position, slot in enumerate(slots) if slot is None)
    for index in positional:
        free = next(empty, None)
        if free is None:
            warnings.add(ScoreWarning.MORE_VERDICTS)
            break
        slots[free] = index
    aligned = [None if slot is None else values[slot] for slot in slots]
    if None in aligned:
        warnings.add(ScoreWarning.FEWER_VERDICTS)
    return Aligned(aligned, [None if slot is None else reasons[slot] for slot in slots], warnings)


_JS_WHITESPACE_SET = frozenset(JS_WHITESPACE)


def _is_blank(text: str) -> bool:
    """Empty after JavaScript trimming; O(1) for the usual output that starts with a letter.

    ``str.strip(chars)`` is ten times slower than ``str.isspace()``, which matters on
    megabytes of padding. JavaScript's whitespace is Python's, plus U+FEFF, minus
    U+001C to U+001F and U+0085: those are handled apart.
    """
    if not text:
        return True
    if text[0] not in _JS_WHITESPACE_SET:
        return False
    text = text.replace("\ufeff", "")
    return not text or (text.isspace() and not any(char in text for char in _PYTHON_ONLY_WHITESPACE))


_PYTHON_ONLY_WHITESPACE = "\x1c\x1d\x1e\x1f\x85"  # str.isspace() says yes, String.prototype.trim keeps them


def _echoed_in_order(statements: Sequence[str], echoed: Sequence[str | None]) -> bool:
    if len(statements) != len(echoed):
        return False
    if tuple(statements) == echoed:  # one C comparison for the verbatim echo
        return True
    return all(
        text == statement or (text is not None and text.strip() == statement)
        for statement, text in zip(statements, echoed, strict=True)
    )


# A row or an item of these per statement answered that statement, "Cannot determine" included.
_PER_STATEMENT = frozenset({VerdictFormat.TEXT_FINAL_LINE, VerdictFormat.TEXT_PER_STATEMENT, VerdictFormat.TEXT_TABLE})
_SHORT_REPLY = 300  # characters: a reply this short that refuses says nothing else
# JSON verdicts are an answer in the asked form, whatever a statement or reason in them says.
# Formats that name each statement's verdict by structure: a refusal's words there are a value's
# (a group headed "Cannot determine"), never the task refused.
_STRUCTURED = frozenset({VerdictFormat.JSON, VerdictFormat.JSON_LIST, VerdictFormat.TEXT_GROUPED})


def _a_line_each(output: str, count: int) -> bool:
    """Whether a short output is one line a statement ("Cannot determine.\nYes." for two): each
    line answered its statement, and a line that cannot tell is that statement's item."""
    if len(output) > (count + 4) * (_SHORT_LINE + 1):
        return False  # longer than a short line a statement (and a lead-in) can be: not split at all
    lines = [line for line in output.splitlines() if line.strip()]
    while len(lines) > count and (
        lines[0].rstrip().endswith((":", ",")) or lines[0].lstrip().lower().startswith("overall")
    ):
        lines = lines[1:]  # a lead-in ("In summary,", "Verdicts:") or an overall verdict answers no statement
    return len(lines) == count and all(len(line) <= _SHORT_LINE for line in lines)


_SHORT_LINE = 80  # characters: a line longer than this is an explanation, not one statement's answer


def _answers_whole(parsed: ParsedVerdicts | None, count: int) -> bool:
    """Whether a reading gives each of ``count`` statements one verdict, and no more."""
    return parsed is not None and parsed.unclear is None and len(parsed.values) == count


def _without_statements(output: str, statements: Sequence[str]) -> str:
    """The output, lower case, without the statements it echoes: "I don't know: the documents do
    not mention the CEO." judged "No" is a verdict on a statement that says "I don't know"; nor
    the options it answers with letters ("(C) Cannot be determined" offers, it does not refuse)."""
    lowered = output.lower()
    if ") " in lowered:
        lowered = blank_keys(lowered)
    for statement in statements:
        echo = statement.strip().lower()
        if len(echo) >= 8:
            lowered = lowered.replace(echo, " ")
    return lowered


class RagasScorer:
    """The RAGAS faithfulness ratio over structured verdicts, hardened."""

    name = "ragas"

    def __init__(
        self, policy: MismatchPolicy = MismatchPolicy.UNSUPPORTED, vocabulary: Vocabulary | None = None
    ) -> None:
        self.policy = MismatchPolicy(policy)
        self.vocabulary = vocabulary or None  # words added to the built-in verdict words
        self.words = verdict_words(vocabulary)  # compiled once, used for every case
        self._strict = self.policy is MismatchPolicy.UNDETERMINED
        self._verdict_ratio = self.policy is MismatchPolicy.VERDICT_RATIO

    def __repr__(self) -> str:
        return f"RagasScorer(policy={self.policy.value!r}, vocabulary={self.vocabulary!r})"

    def score(self, case: Case) -> Score:
        statements = fixed_statements(case)
        if statements is None:
            return self._undetermined(case, Cause.EMPTY_OUTPUT, "grader call 1 (statements) returned nothing")
        if not statements:  # call 1 failed first: its cause is the one to name
            return self._undetermined(case, Cause.NO_STATEMENTS, "grader call 1 produced no statements")
        refused = refused_statements(statements) if case.statements is None else None
        if refused is not None:
            why = f'the grader refused to list the statements ("{refused}")'
            return self._undetermined(case, Cause.REFUSAL, why, len(statements))
        if _is_blank(case.grader_output):
            why = "grader call 2 (verdicts) returned nothing"
            return self._undetermined(case, Cause.EMPTY_OUTPUT, why, len(statements))
        if len(statements) > MAX_VERDICTS:
            # No output is read for more verdicts than that, so some statement must lack
            # one under any reading; a score of at most 10,000 / n would mean nothing.
            why = (
                f"call 1 produced {len(statements):,} statements, more than the {MAX_VERDICTS:,} verdicts "
                "read from one output"
            )
            return self._undetermined(
                case, Cause.COUNT_MISMATCH, why, len(statements), warnings=(ScoreWarning.FEWER_VERDICTS,)
            )
        wrapped = wrapped_statements(case)
        if wrapped is None:
            parsed = parse_verdicts(case.grader_output, statements, self.words)
        else:
            statements, parsed = self._read_wrapped(case.grader_output, statements, wrapped)
        if parsed is None or parsed.valid_count == 0:
            refusal = matched_refusal(case.grader_output, non_answers=True)
            if parsed is not None and parsed.unclear is not None:  # no reading, and why ("it rated each statement")
                cause, why = Cause.UNCLEAR_READING, parsed.unclear
            elif refusal is not None:
                cause, why = Cause.REFUSAL, f'the grader refused to judge ("{refusal}")'
            else:
                cause, why = Cause.NO_VERDICTS, "no usable verdict in the grader output"
            return self._undetermined(
                case,
                cause,
                why,
                len(statements),
                verdict_format=parsed.format if parsed else None,
                warnings=parsed.warnings if parsed else (),
            )
        if parsed.unclear is not None:
            return self._undetermined(
                case,
                Cause.UNCLEAR_READING,
                f"the output reads two ways: {parsed.unclear}",
                len(statements),
                verdict_format=parsed.format,
                warnings=parsed.warnings,
            )
        task_refused = refused_the_task(case.grader_output)
        if task_refused is not None:
            why = (
                f'the grader refused to judge this case\'s statements ("{task_refused}"); the '
                f"{parsed.valid_count} verdicts beside it are not read as theirs"
            )
            return self._undetermined(
                case, Cause.REFUSAL, why, len(statements), verdict_format=parsed.format, warnings=parsed.warnings
            )
        values, reasons, align_warnings = align(statements, parsed)
        # A final line, markers or a table giving every statement an item ("Yes. N/A. Cannot determine.")
        # answered each: its "cannot determine" is an item's word, not a refusal of the task. (A
        # list's items are not trusted so far: "no: — | Not enough information: 2" groups by value.)
        answered_each = len(parsed.values) >= len(statements) > 1 and (
            parsed.format in _PER_STATEMENT
            or (parsed.format is VerdictFormat.TEXT_LIST and _a_line_each(case.grader_output, len(statements)))
        )
        short = len(parsed.values) < len(statements) or (len(case.grader_output) <= _SHORT_REPLY and not answered_each)
        if parsed.valid_count <= 1 and short and parsed.format not in _STRUCTURED:
            # "No. I won't do that.", "Sorry - no." for three statements, or a short reply that holds a
            # refusal ("Yes, I understand the task, but I can't complete it"): one verdict word beside
            # a refusal is a refusal that starts with a verdict word, not a statement's verdict.
            refusal = matched_refusal(_without_statements(case.grader_output, statements), weak=False)
            if refusal is not None:
                given = f"{parsed.valid_count} of {len(statements)} verdicts"
                why = f'the grader refused to judge ("{refusal}"), giving {given}'
                return self._undetermined(
                    case, Cause.REFUSAL, why, len(statements), verdict_format=parsed.format, warnings=parsed.warnings
                )
        n = len(statements)
        judged = n - values.count(None)
        supported = values.count(1)
        verdicts = tuple(map(Verdict._make, zip(statements, values, reasons, strict=True)))
        warnings = ordered_warnings(align_warnings.union(parsed.warnings)) if align_warnings or parsed.warnings else ()
        if self._strict and align_warnings & {ScoreWarning.FEWER_VERDICTS, ScoreWarning.MORE_VERDICTS}:
            return self._undetermined(
                case,
                Cause.COUNT_MISMATCH,
                f"{judged} of {n} statements got a usable verdict and the strict policy needs all",
                n,
                verdicts=verdicts,
                verdict_format=parsed.format,
                warnings=warnings,
            )
        if self._verdict_ratio:
            # The ragas library divides by the verdicts returned, whatever the statements.
            returned, returned_supported = parsed.valid_count, parsed.values.count(1)
            value = returned_supported / returned
            basis = f"{returned_supported} of {returned} returned verdicts supported"
        else:
            value = supported / n
            basis = f"{supported} of {n} statements supported"
            if judged < n:
                basis += f" ({n - judged} without a usable verdict, counted unsupported)"
        threshold = case.threshold
        passed = passes(value, threshold)
        reason = (
            f"Faithfulness {js_to_fixed_2(value)} {'>=' if passed else '<'} {js_number_to_string(threshold)}: "
            f"{basis}; verdicts from {_FORMAT_WORDS[parsed.format]}"
        )
        return Score.scored(
            scorer=self.name,
            value=value,
            passed=passed,
            threshold=threshold,
            reason=reason,
            format=parsed.format,
            verdicts=verdicts,
            warnings=warnings,
            statement_count=n,
        )

    def _read_wrapped(self, output: str, lines: list[str], items: list[str]) -> tuple[list[str], ParsedVerdicts | None]:
        """Call 1 read two ways, its lines and its items wrapped over lines: the verdicts read
        against the one they answer whole; unclear where they answer both or neither (a partial
        reading against either would count the rest unsupported)."""
        by_lines = parse_verdicts(output, lines, self.words)
        by_items = parse_verdicts(output, items, self.words)
        fits_lines, fits_items = _answers_whole(by_lines, len(lines)), _answers_whole(by_items, len(items))
        if fits_items and not fits_lines:
            return items, by_items
        if fits_lines and not fits_items:
            return lines, by_lines
        if by_lines is None or by_lines.unclear is not None or by_lines.valid_count == 0:
            return lines, by_lines  # no verdict, or unclear already: read as it is (a refusal stays one)
        answers = "both" if fits_lines else "neither"
        why = (
            f"call 1 reads as {len(lines)} lines or as {len(items)} statements wrapped over lines, "
            f"and the verdicts answer {answers}"
        )
        return lines, by_lines._replace(unclear=why)

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
        return Score.undetermined(
            scorer=self.name,
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
    VerdictFormat.JSON_LIST: "a JSON list of verdicts",
    VerdictFormat.TEXT_TABLE: "a table's verdict column",
    VerdictFormat.TEXT_LIST: "a list of verdicts",
    VerdictFormat.TEXT_GROUPED: "the statements grouped by verdict",
    VerdictFormat.TEXT_PROSE: "sentences about each statement",
}
