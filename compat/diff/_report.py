"""The drift report: a versioned, schema-described value (``report.json``).

Everything a renderer shows comes from here; renderers compute nothing. Scores that
may be non-finite (the legacy arm's) are encoded as strings, as everywhere else.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from compat._errors import InputError
from compat.diff._compare import Outcome

# 1.1 added the decomposition, noise and observed sections and the per-case ones;
# 1.2 the agreement where the control is trusted, each cause's flips, a differing
# case's detail (cases.jsonl only: the report's examples leave it out) and the
# candidate's vocabulary (scorers.candidate_vocabulary, null when none was given).
# Optional everywhere, so a 1.0 or 1.1 report (a committed baseline) still reads.
SCHEMA_VERSION: Literal["1.2"] = "1.2"

JsonScore = float | Literal["NaN", "Infinity", "-Infinity"] | None


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CorpusInfo(_Frozen):
    sources: list[str] = Field(description="The corpus files, as named on the command line.")
    sha256: str = Field(description="SHA-256 of every byte read, source after source.")
    cases: int
    skipped_invalid: int = Field(description="Malformed cases skipped with --skip-invalid (0 otherwise).")


class VocabularyInfo(_Frozen):
    """Verdict words the candidate read on top of its built-in ones (--vocabulary), normalised."""

    yes: list[str]
    no: list[str]
    none: list[str]


class ScorersInfo(_Frozen):
    control: str
    candidate: str
    candidate_policy: str | None = None
    candidate_vocabulary: VocabularyInfo | None = Field(
        default=None, description="Verdict words added to the candidate's (--vocabulary); null: the built-in ones only."
    )
    tolerance: float


class Agreement(_Frozen):
    """Share of cases that match, with its Wilson 95% score interval.

    Where cases were graded more than once (``--samples``), a case agrees by the share
    of its sample pairs that match, and the interval is Wilson's at the effective number
    of cases those pairs are worth (between the cases and the pairs: samples of one
    case are not independent cases).
    """

    matches: int = Field(description="Cases whose own comparison (sample 0) matches.")
    cases: int
    rate: float | None
    wilson_low: float | None
    wilson_high: float | None
    sample_pairs: int | None = Field(default=None, description="Sample pairs compared, where samples exist.")
    effective_cases: float | None = Field(default=None, description="What the sample pairs are worth, in cases.")


class CauseRow(_Frozen):
    cause: str
    description: str
    count: int
    outcomes: dict[str, int]
    examples: list[str] = Field(description="The first case ids with this cause (at most 5).")
    flips: dict[str, int] | None = Field(
        default=None,
        description="Its cases in the flip matrix's off-diagonal cells: pass_to_fail, fail_to_pass (since 1.2).",
    )


class TrustedAgreement(_Frozen):
    """Agreement over the cases where the control can be trusted.

    A control known to be broken cannot be agreed with where it is broken: these are
    the cases where its score is valid (scored, finite, in [0, 1]) and no named cause
    says it is wrong (``CONTROL_BUGS``, the legacy bugs the fixed scorer corrects).
    Every match is such a case; what is left out is counted by why.
    """

    cases: int = Field(description="Cases whose control score is valid and to which no named control bug applies.")
    control_invalid: int = Field(
        description="Left out: the control has no valid score (undetermined, an error, NaN, infinite, outside [0, 1])."
    )
    control_bug: int = Field(description="Left out: the control's score is valid, but a named cause says it is wrong.")
    agreement: Agreement
    agreement_beyond_noise: Agreement | None = Field(
        default=None, description="Where samples exist: a within_noise case counts as agreeing."
    )


class CohortRow(_Frozen):
    tag: str
    cases: int
    outcomes: dict[str, int]
    unexplained: int
    agreement: float | None


class HistogramBin(_Frozen):
    low: float
    high: float
    count: int


class DeltaStats(_Frozen):
    """candidate - control over the cases where both scores are finite."""

    count: int
    mean: float | None
    min: float | None
    max: float | None
    percentiles: dict[str, float | None]
    histogram: list[HistogramBin]


class ArmMean(_Frozen):
    mean: float | None
    count: int = Field(description="Cases with a finite score in [0, 1] (legacy) or a determined score.")


class CaseSteps(_Frozen):
    """A per-arm case's difference in steps: control -> middle (parser) -> candidate (prompts or noise)."""

    middle_score: JsonScore = Field(description="The candidate scorer on the control arm's text.")
    middle_passed: bool
    parser_outcome: str = Field(description="control vs middle: one text read by the two parsers.")
    parser_cause: str | None
    parser_delta: float | None = Field(description="middle - control, where both are finite.")
    prompt_delta: float | None = Field(description="candidate - middle, where both are finite.")
    step: Literal["parser", "prompts", "noise"] | None = Field(description="The step that made the case differ.")
    samples: int = Field(description="Sample pairs graded (1 without --samples).")
    control_spread: float | None = Field(description="The candidate scorer's max - min over the control arm's samples.")
    candidate_spread: float | None = Field(description="... over the candidate arm's samples.")
    noise_floor: float | None = Field(description="The larger spread: a prompt step within it is noise.")
    pairs_matched: int
    pairs_within_noise: int


class CaseObserved(_Frozen):
    """A score promptfoo recorded for the case, set against today's scorers."""

    score: JsonScore
    passed: bool | None
    exact: bool | None = Field(description="The legacy scorer reproduces it from the case's texts (null: no texts).")
    generations: list[str] = Field(description="The promptfoo generations' scorers that reproduce it.")
    regraded: int = Field(description="Legacy-arm samples graded again (0: none).")
    regraded_reproduced: int
    first_reproduced: bool | None = Field(description="Sample 0, the one compared, reproduces it.")


class GraderTextsLine(_Frozen):
    statements_output: str | None = Field(description="Grader call 1's text (statement generation).")
    statements: list[str] | None = Field(description="Statements given as a list instead of call 1's text.")
    grader_output: str = Field(description="Grader call 2's text (the verdicts).")


class ReadVerdictLine(_Frozen):
    text: str = Field(description="The statement; for the legacy scorer, the piece of the final line it read.")
    verdict: Literal[0, 1] | None = Field(description="1 supported, 0 not, null: no usable verdict.")
    reason: str | None


class CaseDetailLine(_Frozen):
    """What each side read, kept on the lines of cases that differ (not on matches)."""

    control_texts: GraderTextsLine | None = Field(description="null: the control's grader call failed.")
    candidate_texts: GraderTextsLine | None = Field(description="null: the same texts as the control, or failed.")
    same_texts: bool = Field(description="Both sides read the same grader texts.")
    control_read: list[ReadVerdictLine]
    candidate_read: list[ReadVerdictLine]
    control_note: str = Field(description="How the control's reading is to be taken (the legacy arithmetic).")


class CaseLine(_Frozen):
    """One compared case, as in cases.jsonl and the report's example tables."""

    id: str
    tags: list[str]
    outcome: str
    cause: str | None
    delta: float | None
    control_score: JsonScore
    control_passed: bool
    control_reason: str
    candidate_score: JsonScore
    candidate_passed: bool
    candidate_status: str
    candidate_cause: str | None
    candidate_format: str | None
    candidate_warnings: list[str]
    candidate_reason: str
    decomposition: CaseSteps | None = None
    observed: CaseObserved | None = None
    detail: CaseDetailLine | None = None


class ExpectationSummary(_Frozen):
    checked: int = Field(description="Cases with an expected block for either scorer.")
    failed: int
    failures: list[str] = Field(description="The first failures (at most 20).")


class StepEffects(_Frozen):
    """Mean change per complete case made by each step; parser + prompts + noise = total."""

    parser: float
    prompts: float
    noise: float
    total: float


class DecompositionSummary(_Frozen):
    """Why the numbers move, over the cases with both arms recorded."""

    cases: int = Field(description="Cases with both arms recorded.")
    complete: int = Field(
        description="Of them, those with all three scores finite and the control's in [0, 1]: "
        "the means and effects are over these."
    )
    means: dict[str, float | None] = Field(
        description="control, middle (candidate scorer on the control arm's text), candidate: the waterfall's levels."
    )
    effects: StepEffects | None
    steps: dict[str, int] = Field(description="Cases each step made differ (parser, prompts, noise).")
    flips: dict[str, int] = Field(description="Pass/fail flips each step made.")
    parser_causes: dict[str, int] = Field(description="The named causes of the parser step, where it differs.")
    incomplete: dict[str, int] = Field(description="Why the other cases are left out of the means.")


class NoiseSummary(_Frozen):
    """The grader's disagreement with itself, over the cases graded more than once."""

    cases: int = Field(description="Cases with a noise floor (an arm graded at least twice).")
    samples: int = Field(description="The most sample pairs of one case.")
    floor_mean: float | None
    floor_max: float | None
    control_spread_mean: float | None
    candidate_spread_mean: float | None
    noisy: int = Field(description="Cases whose noise floor is above zero.")
    histogram: list[HistogramBin] = Field(description="Noise floors: exactly 0, then tenths.")
    within_noise: dict[str, int] = Field(description="within_noise cases by the outcome they would have had.")
    within_noise_flips: dict[str, int] = Field(description="Of them, the flips: pass_to_fail, fail_to_pass.")


class ObservedSummary(_Frozen):
    """Scores promptfoo recorded, set against today's scorers."""

    cases: int = Field(description="Cases with a recorded score.")
    exact_checked: int = Field(description="Of them, cases holding the grader texts that were scored.")
    exact_reproduced: int = Field(description="... whose score, pass and reason the legacy scorer reproduces.")
    generations: dict[str, int] = Field(description="Per promptfoo generation: the checked cases it reproduces.")
    unmatched: int = Field(description="Checked cases no generation reproduces.")
    mismatches: list[str] = Field(description="The first cases the legacy scorer does not reproduce (at most 20).")
    regraded_cases: int = Field(description="Cases whose legacy arm was graded again.")
    regraded_reproduced: int = Field(description="... whose sample 0 gives the recorded score and pass.")
    regraded_samples: int
    regraded_samples_reproduced: int


class DriftReport(_Frozen):
    schema_version: Literal["1.0", "1.1", "1.2"] = SCHEMA_VERSION
    tool: str
    verdict: str = Field(description="The one-line summary printed first.")
    corpus: CorpusInfo
    scorers: ScorersInfo
    outcomes: dict[str, int]
    explained: int
    unexplained: int
    causes: list[CauseRow]
    cohorts: list[CohortRow]
    flip_matrix: dict[str, dict[str, int]] = Field(
        description="control pass/fail (rows) x candidate pass/fail/undetermined (columns)."
    )
    legacy_invalid: dict[str, int] = Field(description="Control scores outside [0, 1], by kind.")
    means: dict[str, ArmMean]
    agreement: Agreement
    deltas: DeltaStats
    largest_drifts: list[CaseLine]
    expectations: ExpectationSummary
    agreement_beyond_noise: Agreement | None = Field(
        default=None, description="Where samples exist: a within_noise case counts as agreeing."
    )
    decomposition: DecompositionSummary | None = Field(
        default=None, description="Where cases carry both arms' recordings: the parser and prompt steps."
    )
    noise: NoiseSummary | None = Field(default=None, description="Where cases were graded more than once.")
    observed: ObservedSummary | None = Field(default=None, description="Where cases carry a recorded score.")
    trusted_agreement: TrustedAgreement | None = Field(
        default=None,
        description="Agreement where the control's score is valid and no named bug of it applies (since 1.2).",
    )


def load_report(path: str | Path) -> DriftReport:
    """A ``report.json`` written by ``faithcompat diff``, validated."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror or error}") from None
    report = _parse_as(DriftReport, raw, str(path), "a faithcompat report")
    added = {outcome.value: 0 for outcome in OUTCOMES_ADDED_LATER if outcome.value not in report.outcomes}
    if added:  # a report written before these outcomes existed had none of them
        report = report.model_copy(update={"outcomes": {**report.outcomes, **added}})
    problem = _inconsistency(report)
    if problem is not None:  # an edited or foreign file: the gate and rollout would trip over it
        raise InputError(f"{path}: not a faithcompat report: {problem}")
    return report


# Outcomes that reports written before them lack: read as 0.
OUTCOMES_ADDED_LATER = (Outcome.SCORER_ERROR, Outcome.GRADER_ERROR, Outcome.WITHIN_NOISE)
# The keys of a report's fixed mappings: written by the aggregator, required when read back.
FLIP_ROWS, FLIP_COLUMNS = ("pass", "fail"), ("pass", "fail", "undetermined")
INVALID_KINDS = ("negative", "nan", "infinite", "above_one")


def _inconsistency(report: DriftReport) -> str | None:
    """What the schema cannot say about a report: keys every reader needs, counts that
    cannot be negative, rates that must lie in [0, 1]."""
    for name, mapping, keys in (
        ("outcomes", report.outcomes, tuple(outcome.value for outcome in Outcome)),
        ("legacy_invalid", report.legacy_invalid, INVALID_KINDS),
        ("flip_matrix", report.flip_matrix, FLIP_ROWS),
        ("means", report.means, ("control", "candidate")),
    ):
        missing = [key for key in keys if key not in mapping]
        if missing:
            return f"{name} lacks {', '.join(map(repr, missing))}"
    for row in FLIP_ROWS:
        missing = [key for key in FLIP_COLUMNS if key not in report.flip_matrix[row]]
        if missing:
            return f"flip_matrix.{row} lacks {', '.join(map(repr, missing))}"
    counts = {
        "corpus.cases": report.corpus.cases,
        "corpus.skipped_invalid": report.corpus.skipped_invalid,
        "explained": report.explained,
        "unexplained": report.unexplained,
        "agreement.matches": report.agreement.matches,
        "agreement.cases": report.agreement.cases,
        "deltas.count": report.deltas.count,
        "expectations.checked": report.expectations.checked,
        "expectations.failed": report.expectations.failed,
        **{f"outcomes.{key}": value for key, value in report.outcomes.items()},
        **{f"legacy_invalid.{key}": value for key, value in report.legacy_invalid.items()},
        **{f"means.{arm}.count": mean.count for arm, mean in report.means.items()},
        **{
            f"flip_matrix.{row}.{column}": value
            for row, columns in report.flip_matrix.items()
            for column, value in columns.items()
        },
        **{f"causes[{row.cause!r}].count": row.count for row in report.causes},
        **{f"cohorts[{row.tag!r}].cases": row.cases for row in report.cohorts},
        **{f"causes[{row.cause!r}].flips.{kind}": n for row in report.causes for kind, n in (row.flips or {}).items()},
        **_trusted_counts(report.trusted_agreement),
    }
    for name, value in counts.items():
        if value < 0:
            return f"{name} is {value}, a negative count"
    rates = {
        "agreement.rate": report.agreement.rate,
        "agreement.wilson_low": report.agreement.wilson_low,
        "agreement.wilson_high": report.agreement.wilson_high,
        **{f"cohorts[{row.tag!r}].agreement": row.agreement for row in report.cohorts},
        **_trusted_rates(report.trusted_agreement),
    }
    for name, rate in rates.items():
        if rate is not None and not 0.0 <= rate <= 1.0:  # NaN fails this too
            return f"{name} is {rate}, not a rate in [0, 1]"
    return None


def _trusted_counts(trusted: TrustedAgreement | None) -> dict[str, int]:
    if trusted is None:
        return {}
    return {
        "trusted_agreement.cases": trusted.cases,
        "trusted_agreement.control_invalid": trusted.control_invalid,
        "trusted_agreement.control_bug": trusted.control_bug,
        "trusted_agreement.agreement.matches": trusted.agreement.matches,
    }


def _trusted_rates(trusted: TrustedAgreement | None) -> dict[str, float | None]:
    if trusted is None:
        return {}
    agreements = {"agreement": trusted.agreement, "agreement_beyond_noise": trusted.agreement_beyond_noise}
    return {
        f"trusted_agreement.{name}.{field}": getattr(agreement, field)
        for name, agreement in agreements.items()
        if agreement is not None
        for field in ("rate", "wilson_low", "wilson_high")
    }


def load_case_lines(path: str | Path) -> Iterator[CaseLine]:
    """The lines of a ``cases.jsonl`` written by ``faithcompat diff``, validated one by one."""
    try:
        with Path(path).open("rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if raw.strip():  # a blank line (a trailing one, say) holds no case
                    yield _parse_as(CaseLine, raw, f"{path}:{number}", "a cases.jsonl line")
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror or error}") from None


_Model = TypeVar("_Model", bound=BaseModel)


def _parse_as(model: type[_Model], raw: bytes, where: str, what: str) -> _Model:
    """``raw`` as JSON validated by ``model``; an ``InputError`` naming ``where`` and the problem."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise InputError(f"{where}: invalid UTF-8 at byte {error.start + 1}") from None
    except ValueError as error:
        raise InputError(f"{where}: not {what}: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: not {what}: nested too deeply to read") from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in first["loc"]) or "the top level"
        raise InputError(f"{where}: not {what} ({field}: {first['msg']})") from None


def bundled_baseline() -> Path:
    """The committed ``reports/report.json``: inside the wheel, or in a source checkout."""
    packaged = Path(str(resources.files("compat"))) / "reports" / "report.json"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[2] / "reports" / "report.json"
