"""deepeval 4.3.1's ``FaithfulnessMetric`` as a scorer, over the deepeval arm's three recorded outputs.

As the published code reads them (``deepeval/metrics/faithfulness/faithfulness.py``,
``metrics/utils/generation.py`` ``trimAndLoadJson``, ``metrics/utils/qag.py``), with a model
that returns text (every model but deepeval's native ones):

1. Each output is read from its first ``{`` to its last ``}`` (a ``}`` is appended where
   there is none), ``json.loads``; on a decode error once more with every ``,`` before a
   closing bracket removed. Anything else raises.
2. The truths call's ``truths`` and the claims call's ``claims`` (a missing key raises; so
   does either without a length, ``null`` or a number: the metric's verbose log prints both
   after scoring). No claims (``len(claims) == 0``: ``[]``, ``""``, ``{}``) asks for no
   verdicts: an empty list. Otherwise the truths must join (strings) into the verdicts prompt.
3. The verdicts call's ``verdicts`` (missing or falsy: none); each item's ``verdict`` is
   stripped, lower-cased, cut to its leading ASCII letters, ``idk`` read as ``borderline``;
   anything but ``yes``, ``no``, ``borderline`` is dropped; a kept item whose ``reason`` is
   not a string (or null) raises.
4. The score: no verdicts kept scores **1** (``score_qag_verdicts``' ``empty_score``); else
   the share of kept verdicts that are ``yes`` or ``borderline`` (``yes`` only with
   ``penalize_ambiguous_claims``), never reconciled with the number of claims. Success is
   ``score >= threshold``, exactly.

Those readings that move a score are named: the 1 without claims (cause ``no_statements``) and
without a kept verdict (``no_verdicts``), verdicts dropped (``invalid_verdict``), read from a
longer answer (``coerced_verdict``), more or fewer than the claims (``more_verdicts``,
``fewer_verdicts``). What the metric raises is status ``error``, value ``None``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from compat.cases import Case
from compat.scoring._javascript import js_number_to_string
from compat.scoring._score import Cause, Score, ScoreWarning, Verdict, VerdictFormat

VERSION = "4.3.1"
# The words a verdict may be (qag.py's Verdict), and the older prompts' alias for "borderline".
_YES, _NO, _BORDERLINE = "yes", "no", "borderline"
_ALIASES = {"idk": _BORDERLINE}
_LEADING_LETTERS = re.compile(r"[a-z]+")
_COMMA_BEFORE_CLOSER = re.compile(r",\s*([\]}])")


class Raised(Exception):
    """What ``FaithfulnessMetric.measure`` would raise."""


def load_json_object(text: str) -> Any:
    """deepeval's ``trimAndLoadJson``: the span from the first ``{`` to the last ``}``, decoded."""
    start = text.find("{")
    end = text.rfind("}") + 1
    if end == 0 and start != -1:
        text += "}"
        end = len(text)
    body = text[start:end] if start != -1 and end != 0 else ""
    try:
        try:
            return json.loads(body)
        except json.JSONDecodeError:
            return json.loads(_COMMA_BEFORE_CLOSER.sub(r"\1", body))
    except (ValueError, RecursionError) as error:  # JSONDecodeError, an integer too long, too deep
        raise Raised(f"the output is not JSON deepeval reads ({type(error).__name__})") from error


def _field(text: str, key: str) -> Any:
    value = load_json_object(text)
    if not isinstance(value, dict) or key not in value:
        raise Raised(f"the output has no {key!r} key")
    return value[key]


_EXACT = {_YES: _YES, _NO: _NO, _BORDERLINE: _BORDERLINE, "idk": _BORDERLINE}


def deepeval_field(output: str, key: str) -> Any:
    """``key`` of an output as deepeval reads it, or ``None`` where deepeval would raise."""
    try:
        value = load_json_object(output)
    except Raised:
        return None
    return value.get(key) if isinstance(value, dict) else None


def read_verdict(raw: Any) -> str | None:
    """``normalize_qag_verdict``: the verdict word an item's ``verdict`` stands for, or ``None`` (dropped)."""
    if type(raw) is str and raw in _EXACT:  # the common answer, read without the regex
        return _EXACT[raw]
    text = str(raw if raw is not None else "").strip().lower()
    match = _LEADING_LETTERS.match(text)
    word = match.group(0) if match else ""
    word = _ALIASES.get(word, word)
    return word if word in (_YES, _NO, _BORDERLINE) else None


def _sized(value: Any, what: str) -> int:
    """``len(value)``, as deepeval takes the claims' count and prints the truths; raises where it has none."""
    if isinstance(value, (str, list, dict)):
        return len(value)
    raise Raised(f"the {what} have no length (TypeError)")


def _joinable(value: Any) -> bool:
    """Whether ``"\\n\\n".join(truths)`` succeeds: a string, or a list or object of strings."""
    return isinstance(value, str) or (isinstance(value, (list, dict)) and all(isinstance(item, str) for item in value))


class DeepevalScorer:
    """deepeval 4.3.1's ``FaithfulnessMetric`` on the deepeval arm's truths, claims and verdicts outputs.

    Call 1 (``statements_output``) is the claims call, call 2 (``grader_output``) the verdicts
    call, ``truths_output`` the truths call (a case without it is read as if its truths were a
    list of strings: the truths decide nothing else). ``penalize_ambiguous_claims``: the
    metric's option of that name.
    """

    __slots__ = ("name", "penalize_ambiguous_claims")

    def __init__(self, penalize_ambiguous_claims: bool = False) -> None:
        self.name = "deepeval-" + VERSION
        self.penalize_ambiguous_claims = bool(penalize_ambiguous_claims)

    def score(self, case: Case) -> Score:
        try:
            return self._score(case)
        except Raised as error:
            return Score.error(scorer=self.name, threshold=case.threshold, reason=f"deepeval raises: {error}")

    def _score(self, case: Case) -> Score:
        truths: Any = [] if case.truths_output is None else _field(case.truths_output, "truths")
        claims: Any = _claims(case)
        count = _sized(claims, "claims")
        _sized(truths, "truths")  # the verbose log prints them (prettify_list), whatever the claims
        if count == 0:  # no verdicts asked: the empty list scores 1
            return self._scored(case, 1.0, 0, (), (), Cause.NO_STATEMENTS, "no claims: deepeval asks no verdicts")
        if not _joinable(truths):
            raise Raised("the truths are not strings (TypeError)")
        items = load_json_object(case.grader_output)
        items = items.get("verdicts", []) if isinstance(items, dict) else items
        if not items:
            items = []
        if not isinstance(items, list):
            raise Raised("the verdicts are not a list")
        kept: list[tuple[str, str | None]] = []
        dropped = coerced = False
        for item in items:
            if not isinstance(item, dict):
                raise Raised("a verdict is not an object (AttributeError)")
            raw = item.get("verdict")
            word = read_verdict(raw)
            if word is None:
                dropped = True
                continue
            reason = item.get("reason")
            if reason is not None and not isinstance(reason, str):
                raise Raised("a verdict's reason is not a string (ValidationError)")
            coerced = coerced or raw != word
            kept.append((word, reason))
        warnings = [
            *([ScoreWarning.FEWER_VERDICTS] if len(kept) < count else []),
            *([ScoreWarning.MORE_VERDICTS] if len(kept) > count else []),
            *([ScoreWarning.COERCED_VERDICT] if coerced else []),
            *([ScoreWarning.INVALID_VERDICT] if dropped else []),
        ]
        statements = claims if isinstance(claims, list) else []
        passing = (_YES,) if self.penalize_ambiguous_claims else (_YES, _BORDERLINE)
        verdicts = []
        for index, (word, reason) in enumerate(kept):
            statement = statements[index] if index < len(statements) else ""
            verdicts.append(
                Verdict(statement if isinstance(statement, str) else "", 1 if word in passing else 0, reason)
            )
        if not kept:
            return self._scored(case, 1.0, count, (), warnings, Cause.NO_VERDICTS, "no verdict kept: deepeval scores 1")
        value = sum(verdict.verdict for verdict in verdicts) / len(kept)  # type: ignore[misc]  # 0 or 1 each
        return self._scored(case, value, count, tuple(verdicts), warnings, None, None)

    def _scored(
        self,
        case: Case,
        value: float,
        count: int,
        verdicts: tuple[Verdict, ...],
        warnings: list[ScoreWarning] | tuple[()],
        cause: Cause | None,
        why: str | None,
    ) -> Score:
        passed = value >= case.threshold  # deepeval's is_successful: no epsilon
        relation = " is >= " if passed else " is < "
        reason = f"Faithfulness {value:.2f}{relation}{js_number_to_string(case.threshold)}"
        return Score.scored(
            scorer=self.name,
            value=value,
            passed=passed,
            threshold=case.threshold,
            reason=reason if why is None else f"{reason} ({why})",
            cause=cause,
            format=VerdictFormat.JSON if cause is not Cause.NO_STATEMENTS else None,
            verdicts=verdicts,
            warnings=tuple(warnings),  # built in ScoreWarning's order
            statement_count=count,
        )


def _claims(case: Case) -> Any:
    """The claims call's ``claims``; a ``statements`` list stands in where the case has no call 1 text."""
    if case.statements_output is None:
        return list(case.statements or ())
    return _field(case.statements_output, "claims")
