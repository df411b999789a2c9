"""The drift report: a versioned, schema-described value (``report.json``).

Everything a renderer shows comes from here; renderers compute nothing. Scores that
may be non-finite (the legacy arm's) are encoded as strings, as everywhere else.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from compat._model import FrozenModel
from compat.diff._statement_agreement import StatementAgreement
from compat.diff.model.case_line import CaseLine, CohortRow, WhereItOccurs
from compat.diff.model.composite import CompositeDrift
from compat.diff.model.people import AgainstPeople

# Each version's additions: CHANGELOG.md. Every field added is optional, so a report of an
# earlier version (a committed baseline) still reads.
SCHEMA_VERSION: Literal["1.8"] = "1.8"
SCHEMA_VERSIONS = ("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8")  # the versions this one reads


class CorpusInfo(FrozenModel):
    sources: list[str] = Field(description="The corpus files, as named on the command line.")
    sha256: str = Field(description="SHA-256 of every byte read, source after source.")
    cases: int
    skipped_invalid: int = Field(description="Malformed cases skipped with --skip-invalid (0 otherwise).")


class VocabularyInfo(FrozenModel):
    """Verdict words the candidate read on top of its built-in ones (--vocabulary), normalised."""

    yes: list[str]
    no: list[str]
    none: list[str]


class ScorersInfo(FrozenModel):
    control: str
    candidate: str
    candidate_policy: str | None = None
    candidate_vocabulary: VocabularyInfo | None = Field(
        default=None, description="Verdict words added to the candidate's (--vocabulary); null: the built-in ones only."
    )
    tolerance: float
    candidate_arm: str | None = Field(
        default=None,
        description="Which recording the candidate scores on cases with per-arm recordings: legacy (the legacy "
        "prompts' text, the control's too), ragas (the RAGAS prompts' JSON), or an arm declared by name "
        "(ragas-hhem: HHEM's checks; since 1.4); null in reports before 1.3.",
    )
    control_arm: str | None = Field(
        default=None, description="Which recording the control scores (since 1.4; before, always legacy)."
    )
    control_reader: str | None = Field(
        default=None,
        description="What reads the grader's text for the control, with its version: an exact port's upstream "
        "release, or faithcompat's reader (since 1.7; null for a scorer that does not say).",
    )
    candidate_reader: str | None = Field(default=None, description="The same for the candidate (since 1.7).")


class Agreement(FrozenModel):
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


class CauseRow(FrozenModel):
    cause: str
    description: str
    count: int
    outcomes: dict[str, int]
    examples: list[str] = Field(description="The first case ids with this cause (at most 5).")
    flips: dict[str, int] | None = Field(
        default=None,
        description="Its cases in the flip matrix's off-diagonal cells: pass_to_fail, fail_to_pass (since 1.2).",
    )
    trusted_flips: dict[str, int] | None = Field(
        default=None,
        description="Of them, the cases where the control is trusted (see trusted_agreement; since 1.3).",
    )


class TrustedAgreement(FrozenModel):
    """Agreement over the cases where the control can be trusted.

    A control known to be broken cannot be agreed with where it is broken: these are
    the cases where its score is valid (scored, finite, in [0, 1]) and no named legacy
    bug (``CONTROL_BUGS``, the legacy bugs the fixed scorer corrects) alone made the
    difference (``legacy_bug_alone``: not where the candidate's own reading chose).
    Every match is such a case; what is left out is counted by why.
    """

    cases: int = Field(description="Cases whose control score is valid and to which no named control bug applies.")
    control_invalid: int = Field(
        description="Left out: the control has no valid score (undetermined, an error, NaN, infinite, outside [0, 1])."
    )
    control_bug: int = Field(
        description="Left out: the control's score is valid, but a named legacy bug alone made the difference."
    )
    agreement: Agreement
    agreement_beyond_noise: Agreement | None = Field(
        default=None, description="Where samples exist: a within_noise case counts as agreeing."
    )
    flips: dict[str, int] | None = Field(
        default=None,
        description="These cases in the flip matrix's off-diagonal cells: pass_to_fail, fail_to_pass (since 1.3).",
    )
    within_noise_flips: dict[str, int] | None = Field(
        default=None, description="Of those flips, the ones within the grader's own noise (since 1.3)."
    )


class HistogramBin(FrozenModel):
    low: float
    high: float
    count: int


class DeltaStats(FrozenModel):
    """candidate - control over the cases where both scores are finite."""

    count: int
    mean: float | None
    min: float | None
    max: float | None
    percentiles: dict[str, float | None]
    histogram: list[HistogramBin]


class ArmMean(FrozenModel):
    mean: float | None
    count: int = Field(description="Cases with a finite score in [0, 1] (legacy) or a determined score.")


class ExpectationSummary(FrozenModel):
    checked: int = Field(description="Cases with an expected block for either scorer.")
    failed: int
    failures: list[str] = Field(description="The first failures (at most 20).")


_STEP_ORDER = ("parser", "prompts", "model", "verifier", "noise")  # a step not named here goes before noise


class StepEffects(WhereItOccurs):
    """Mean change per complete case made by each step; parser + prompts + model + verifier + noise = total."""

    _OCCASIONAL = frozenset({"model", "verifier"})

    parser: float
    prompts: float
    noise: float
    total: float
    model: float | None = Field(default=None, description="Where an arm step changes the grader model (since 1.4).")
    verifier: float | None = Field(default=None, description="Where an arm step changes the verifier (since 1.4).")

    def parts(self) -> tuple[tuple[str, float], ...]:
        """Every step's mean change, in the path's order (parser, prompts, model, verifier, then
        any other, noise last): every summary of the decomposition names these, so its parts add
        up to ``total`` wherever it is said."""
        named = [(name, float(value)) for name, value in self if name != "total" and isinstance(value, (int, float))]
        order = {name: float(index) for index, name in enumerate(_STEP_ORDER)}
        return tuple(sorted(named, key=lambda part: order.get(part[0], order["noise"] - 0.5)))


class DecompositionSummary(WhereItOccurs):
    """Why the numbers move, over the cases with both arms recorded."""

    _OCCASIONAL = frozenset({"left_out", "served_models"})

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
    left_out: dict[str, int] | None = Field(
        default=None,
        description="Per step, the cases whose arm for it is not recorded: the step is left out and its change "
        "counted in the next step of the path (since 1.4; only where it occurs).",
    )
    served_models: dict[str, list[str]] | None = Field(
        default=None,
        description="Per arm, the models its server said it ran (the completion's model: a dated snapshot behind "
        "an alias), on the most cases first: the model step's snapshots, from the control's arm to the "
        "candidate's (since 1.7; only where the corpus records them).",
    )


class NoiseSummary(FrozenModel):
    """The grader's disagreement with itself, over the cases graded more than once."""

    cases: int = Field(description="Cases with a noise floor (an arm graded at least twice).")
    samples: int = Field(description="The most sample pairs of one case.")
    floor_multiple: float | None = Field(
        default=None,
        description="A case's noise floor is this many times the combined spread, sqrt(sd_control^2 + "
        "sd_candidate^2), each arm's spread the sample standard deviation of its scores (since 1.3; before, "
        "a floor was the larger arm's max - min, which grows with the samples).",
    )
    usable_samples: int | None = Field(
        default=None, description="Samples of each arm from which a case's spread is usable (since 1.3)."
    )
    usable_cases: int | None = Field(
        default=None, description="Cases with a floor whose arms both have that many samples (since 1.3)."
    )
    floor_mean: float | None
    floor_max: float | None
    control_spread_mean: float | None
    candidate_spread_mean: float | None
    noisy: int = Field(description="Cases whose noise floor is above zero.")
    histogram: list[HistogramBin] = Field(description="Noise floors: exactly 0, then tenths.")
    within_noise: dict[str, int] = Field(description="within_noise cases by the outcome they would have had.")
    within_noise_flips: dict[str, int] = Field(description="Of them, the flips: pass_to_fail, fail_to_pass.")


class ObservedSummary(FrozenModel):
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

    def reproduction(self) -> str:
        """How far the legacy scorer reproduces the recorded scores, and on how many cases it has
        no grader text to try: a shadow run's legacy side is promptfoo's own assertion, whose
        grader text promptfoo does not keep, so there its recorded score stands for the legacy scorer."""
        said = []
        if self.exact_checked:
            said.append(f"the legacy scorer reproduces {self.exact_reproduced} of {self.exact_checked} exactly")
        unchecked = self.cases - self.exact_checked
        if unchecked:
            keep = "keeps" if unchecked == 1 else "keep"
            said.append(
                f"{unchecked} {keep} no legacy grader text to re-score: there the legacy side is promptfoo's "
                "recorded score"
            )
        return "; ".join(said)


class DriftReport(WhereItOccurs):
    _OCCASIONAL = frozenset({"warnings", "against_people"})

    schema_version: Literal["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8"] = (
        SCHEMA_VERSION  # SCHEMA_VERSIONS
    )
    tool: str
    faithcompat_version: str | None = Field(
        default=None,
        description="The faithcompat release that wrote the report (null where it ran from a source tree that is "
        "not installed, and in reports before 1.7).",
    )
    verdict: str = Field(description="The one-line summary printed first: the cases, every outcome counted.")
    no_decision: str | None = Field(
        default=None,
        description="Why nothing can be decided on this report: no case has a valid score on one side (every "
        "grader call failed, an empty corpus). Null: a decision can be made (since 1.3).",
    )
    corpus: CorpusInfo
    scorers: ScorersInfo
    outcomes: dict[str, int]
    explained: int
    unexplained: int
    causes: list[CauseRow]
    cohorts: list[CohortRow]
    flip_matrix: dict[str, dict[str, int]] = Field(
        description="control pass/fail (rows) x candidate pass/fail/undetermined (columns), over the cases the "
        "control scored."
    )
    flip_outcomes: dict[str, int] | None = Field(
        default=None,
        description="The flip matrix's off-diagonal cases by their outcome: flip, within_noise, legacy_invalid "
        "(since 1.3).",
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
    statement_agreement: StatementAgreement | None = Field(
        default=None,
        description="Where an arm's statements were judged by both the LLM (call 2) and HHEM: their per-statement "
        "agreement (since 1.4).",
    )
    composite: CompositeDrift | None = Field(
        default=None, description="The drift of a composite score between two rules (--composite; since 1.5)."
    )
    warnings: list[str] | None = Field(
        default=None,
        description="How a side reads its arm, where something is off: a side given an arm whose output its scorer "
        "cannot read (the legacy prompts' text, the RAGAS prompts' JSON), or an arm some cases graded per arm do "
        "not record (since 1.6; only where there are some); an arm whose server ran more than one model within "
        "the corpus (since 1.7).",
    )
    against_people: AgainstPeople | None = Field(
        default=None,
        description="The scorers' readings and the arms' judgements set against people's labels (--labels; since "
        "1.8; only where labels were given).",
    )


# The keys of a report's fixed mappings: written by the aggregator, required when read back.
FLIP_ROWS, FLIP_COLUMNS = ("pass", "fail"), ("pass", "fail", "undetermined")
FLIP_KINDS = ("pass_to_fail", "fail_to_pass")  # the off-diagonal cells, by the name a flip goes by
INVALID_KINDS = ("negative", "nan", "infinite", "above_one")
