"""Outcomes, causes and aggregation; snapshots of each cause's canonical case."""

from __future__ import annotations

import itertools
import json
import math
import pickle
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

import compat.cases.files.blocks as blocks_module
from compat import (
    Case,
    CaseError,
    Score,
    Status,
    bundled_corpus,
    get_scorer,
    load_cases,
    register_scorer,
    temporary_scorers,
)
from compat._errors import UnknownScorerError
from compat.diff import (
    CAUSE_DESCRIPTIONS,
    CaseComparer,
    ComparedBatch,
    CorpusInfo,
    DiffSettings,
    DriftAggregator,
    DriftCause,
    Outcome,
    ScorersInfo,
    compare,
    run_diff,
    tally,
)
from compat.diff._case_json import case_json_line, case_record
from compat.diff.aggregate.numbers import ExactSum, wilson_interval

legacy, ragas = get_scorer("legacy"), get_scorer("ragas")
CORPUS = load_cases(bundled_corpus())


def run_collecting(sources: list[Path], settings: DiffSettings, **options: Any) -> tuple[Any, list[str], list[str]]:
    """The report, the cases.jsonl lines and the error messages of one run, skipping bad cases."""
    written: list[str] = []
    errors: list[str] = []
    report = run_diff(
        sources,
        settings,
        on_comparisons=lambda batch: written.extend(batch.lines),
        on_error=lambda error: errors.append(str(error)),
        **options,
    )
    return report, written, errors


def compared(case: Case, control: str = "legacy", candidate: str = "ragas") -> Any:
    """The comparison faithcompat diff makes: each side on its own arm's recording, if any."""
    return CaseComparer(get_scorer(control), get_scorer(candidate)).compare(case)


def rounded(value: Any) -> Any:
    """Floats rounded for snapshots: the last bits are not the behaviour under test."""
    if isinstance(value, float):
        return value if not math.isfinite(value) else round(value, 9)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(v) for v in value]
    return value


# Causes that legacy and the fixed scorer cannot produce between them, and a pair that does:
# only upstream scorers err, and the fixed scorer's lowest reading of extra verdicts equals
# legacy's arithmetic wherever that is not negative (docs/scoring.md, Alignment).
PAIRS = {"scorer_error": ("legacy", "ragas-0.4.3"), "extra_verdicts": ("plan-parser", "ragas")}


def canonical_cases() -> dict[str, Case]:
    """The first corpus case (in corpus order) for each cause, legacy against ragas or its pair."""
    found: dict[str, Case] = {}
    for pair in [("legacy", "ragas"), *PAIRS.values()]:
        for case in CORPUS:
            cause = compared(case, *pair).cause
            if cause is not None and cause.value not in found and PAIRS.get(cause.value, ("legacy", "ragas")) == pair:
                found[cause.value] = case
    return found


CANONICAL = canonical_cases()


def test_every_named_cause_has_a_corpus_case() -> None:
    # These need a corpus graded with named arms (an arm not graded, another model or verifier):
    # tests/diff/test_arms.py and tests/grading/test_arm_grading.py make them.
    graded = {"arm_not_recorded", "model_differs", "verifier_differs"}
    # Named in reports written before issue 33: a final line that contradicts the markers is now
    # an unclear reading (the fixed scorer says undetermined), so no case of the corpus makes it.
    historic = {"final_line_disagrees"}
    named = {cause.value for cause in DriftCause} - {"unexplained"} - graded - historic
    assert named <= set(CANONICAL), named - set(CANONICAL)
    assert set(CAUSE_DESCRIPTIONS) == set(DriftCause)


def test_no_drift_in_the_corpus_is_unexplained() -> None:
    assert [c.id for c in CORPUS if compared(c).cause is DriftCause.UNEXPLAINED] == []


@pytest.mark.parametrize("cause", sorted(CANONICAL))
def test_canonical_comparison_per_cause(cause: str, snapshot: SnapshotAssertion) -> None:
    record = case_record(compared(CANONICAL[cause], *PAIRS.get(cause, ("legacy", "ragas"))))
    assert record["cause"] == cause
    assert rounded(record) == snapshot(extension_class=JSONSnapshotExtension)


def case(output: str, statements: str = "A.\nB.", threshold: float = 0.5) -> Case:
    return Case(id="c", statements_output=statements, grader_output=output, threshold=threshold)


HEADER = "Final verdict for each statement in order:"


def test_match_within_tolerance_is_a_match_with_no_cause() -> None:
    result = compared(case(HEADER + " Yes. No."))
    assert (result.outcome, result.cause, result.delta) == (Outcome.MATCH, None, 0.0)


def test_one_ulp_is_a_match_but_not_beyond_tolerance() -> None:
    three = case(HEADER + " Yes. No. Yes.", "A.\nB.\nC.")
    assert compared(three).outcome is Outcome.MATCH  # 2/3 vs 1 - 1/3
    result = compare(three, legacy.score(three), ragas.score(three), tolerance=0.0)
    assert result.outcome is Outcome.DRIFT and result.cause is DriftCause.UNEXPLAINED


def test_flip_outranks_drift_and_undetermined_outranks_flip() -> None:
    flip = compared(case(HEADER + " 1. Yes. 2. Yes."))
    assert (flip.outcome, flip.cause) == (Outcome.FLIP, DriftCause.ENUMERATION_COUNTED_AS_NO)
    refusal = compared(case("I apologize, but I cannot help."))
    assert (refusal.outcome, refusal.cause, refusal.delta) == (
        Outcome.CANDIDATE_UNDETERMINED,
        DriftCause.REFUSAL_SCORED_AS_FAITHFUL,
        None,
    )


def test_legacy_invalid_outranks_everything() -> None:
    result = compared(case("Verdict: No. " * 5))
    assert (result.outcome, result.cause) == (Outcome.LEGACY_INVALID, DriftCause.NEGATIVE_LEGACY_SCORE)
    nan = compared(case(HEADER + " Yes.", statements=" \n "))
    assert (nan.outcome, nan.cause) == (Outcome.LEGACY_INVALID, DriftCause.ZERO_STATEMENTS)


class HalfScorer:
    """A scorer that says 0.5 to everything: its drift has no name."""

    name = "half"

    def score(self, case: Case) -> Score:
        return Score(self.name, 0.5, Status.SCORED, True, case.threshold, "always 0.5")


def test_any_two_registered_scorers_compare_and_unknown_drift_is_unexplained() -> None:
    with temporary_scorers():
        register_scorer("half", HalfScorer)
        half = get_scorer("half")
    c = case(HEADER + " Yes. Yes.")
    result = compare(c, ragas.score(c), half.score(c))
    assert (result.outcome, result.cause) == (Outcome.DRIFT, DriftCause.UNEXPLAINED)
    strict = get_scorer("ragas", policy="undetermined")
    fewer = case(HEADER + " Yes.")
    result = compare(fewer, ragas.score(fewer), strict.score(fewer))
    assert (result.outcome, result.cause) == (Outcome.CANDIDATE_UNDETERMINED, DriftCause.MISSING_VERDICTS)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(0, 10, 0.0, 0.2775327998628892), (10, 10, 0.7224672001371106, 1.0), (5, 10, 0.2365931, 0.7634069)],
)
def test_wilson_interval(successes: int, trials: int, low: float, high: float) -> None:
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=1e-6) and got_high == pytest.approx(high, abs=1e-6)
    assert wilson_interval(0, 0) == (None, None)


def test_aggregator_memory_is_bounded_whatever_the_number_of_cases() -> None:
    aggregator = DriftAggregator()
    sample = [tally(compared(c)) for c in CORPUS]
    for i in range(100_000):
        item = sample[i % len(sample)]
        aggregator.add(item._replace(case_id=f"{item.case_id}-{i}"), '{"id": "x"}')
    assert aggregator.cases == 100_000
    assert all(len(ids) <= 5 for ids in aggregator.examples.values())
    assert len(aggregator._largest) == 10
    assert len(aggregator.delta_grid) <= 2 * 10_000 + 3


finite_floats = st.floats(allow_nan=False, allow_infinity=False)


@given(st.lists(finite_floats, min_size=1, max_size=40), st.integers(0, 40))
@example([0.1, 0.2, 0.3], 1)  # adding floats in order gives 0.6000000000000001
@example([1e308, 1e308, -1e308], 2)  # a float running sum overflows on the way
@example([5e-324, 1.0, -1.0], 1)  # the smallest subnormal survives a cancellation
def test_exact_sum_is_the_true_sum_however_it_is_split(values: list[float], cut: int) -> None:
    """Sums merge into exactly the sum of all their values, so a mean is the true mean,
    correctly rounded, whatever the order of additions or the split into blocks."""
    cut = min(cut, len(values))
    head, tail = ExactSum(), ExactSum()
    for value in values[:cut]:
        head.add(value)
    for value in values[cut:]:
        tail.add(value)
    head.merge(tail)
    whole = ExactSum()
    for value in values:
        whole.add(value)
    assert head == whole
    true_mean = sum(map(Fraction, values), Fraction(0)) / len(values)
    assert head.mean(len(values)) == float(true_mean)
    assert pickle.loads(pickle.dumps(head)) == head


def test_exact_sum_lets_an_infinity_or_nan_decide_the_mean_as_floats_would() -> None:
    total = ExactSum()
    for value in (1.0, math.inf, 2.0):
        total.add(value)
    assert total.mean(3) == math.inf
    other = ExactSum()
    other.add(-math.inf)
    total.merge(other)
    assert math.isnan(total.mean(4))


REPORT_INFO = {
    "tool": "faithcompat",
    "corpus": CorpusInfo(sources=["x"], sha256="0" * 64, cases=0, skipped_invalid=0),
    "scorers": ScorersInfo(control="legacy", candidate="ragas", candidate_policy=None, tolerance=1e-9),
}
TALLIES = [(tally(comparison), case_json_line(comparison)) for comparison in map(compared, CORPUS)]


@given(st.lists(st.integers(0, len(TALLIES)), max_size=8), st.randoms(use_true_random=False))
def test_merging_block_aggregates_equals_adding_every_case_in_order(cuts: list[int], rng: Any) -> None:
    """The parent merges the blocks' aggregates: the report must be the one a single
    aggregator adding every case would give, wherever the blocks end."""
    items = TALLIES[:]
    rng.shuffle(items)
    # Some cases carry failed expectations, as a golden corpus would: the first 20 in corpus order are listed.
    failures = [[f"{item.case_id}: expectation {n}" for n in range(i % 3)] for i, (item, _) in enumerate(items)]
    single = DriftAggregator()
    for (item, line), failed in zip(items, failures, strict=True):
        single.add(item, line, failed, checked=bool(failed))
    merged = DriftAggregator()
    bounds = [0, *sorted(cuts), len(items)]
    for start, end in itertools.pairwise(bounds):
        block = DriftAggregator()
        for (item, line), failed in zip(items[start:end], failures[start:end], strict=True):
            block.add(item, line, failed, checked=bool(failed))
        merged.merge(pickle.loads(pickle.dumps(block)))  # as it comes back from a worker
    assert merged.report(**REPORT_INFO) == single.report(**REPORT_INFO)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("block_bytes", [1 << 20, 200])
def test_a_repeated_id_is_left_out_of_its_block_and_reported_in_corpus_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int, block_bytes: int
) -> None:
    """Ids are checked in the parent, after a worker has folded the block: a block with
    a repeated id is compared again without it, and its errors keep corpus order."""
    good = [
        json.dumps({"id": i, "statements": ["s"], "grader_output": "Final verdict for each statement in order: Yes."})
        for i in "abcd"
    ]
    lines = [good[0], good[1], "not json", good[0], good[1], good[2], "{", good[3], good[2]]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    clean = tmp_path / "clean.jsonl"
    clean.write_text("\n".join(good) + "\n", encoding="utf-8")
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", block_bytes)

    def run(path: Path) -> tuple[Any, list[str], list[str]]:
        return run_collecting([path], DiffSettings(jobs=jobs), source_names=["corpus"])

    report, written, errors = run(corpus)
    clean_report, clean_written, _ = run(clean)
    assert [error.split(": ", 1)[0].rsplit(":", 1)[1] for error in errors] == ["3", "4", "5", "7", "9"]
    assert "duplicate id 'a' (first at" in errors[1] and "invalid JSON" in errors[3]
    assert written == clean_written
    assert report.corpus.skipped_invalid == 5
    assert report.model_dump(exclude={"corpus"}) == clean_report.model_dump(exclude={"corpus"})
    with pytest.raises(CaseError, match=":3: invalid JSON"):
        run_diff([corpus], DiffSettings(jobs=jobs))
    first_repeat = tmp_path / "repeat.jsonl"
    first_repeat.write_text("\n".join([good[0], good[0], "{"]) + "\n", encoding="utf-8")
    with pytest.raises(CaseError, match=":2: duplicate id 'a'"):
        run_diff([first_repeat], DiffSettings(jobs=jobs))


def test_the_batches_a_caller_sees_are_the_compared_cases_in_order() -> None:
    batches: list[ComparedBatch] = []
    run_diff(bundled_corpus(), DiffSettings(), on_comparisons=batches.append)
    ids = [case_id for batch in batches for case_id in batch.case_ids]
    assert ids == [case.id for case in CORPUS]
    for batch in batches:
        assert len({len(column) for column in batch}) == 1
        columns = (batch.lines, batch.case_ids, batch.outcomes, batch.causes, batch.control_passed)
        for line, case_id, outcome, cause, passed in zip(*columns, strict=True):
            record = json.loads(line)
            assert (record["id"], record["outcome"], record["cause"], record["control_passed"]) == (
                case_id,
                outcome,
                cause,
                passed,
            )


def test_percentiles_and_histogram_from_known_deltas() -> None:
    aggregator = DriftAggregator()
    base = tally(compared(case(HEADER + " Yes. No.")))
    for i, delta in enumerate([-0.5, 0.0, 0.0, 0.25, 3.0]):
        aggregator.add(base._replace(case_id=str(i), delta=delta, outcome="drift"), "")
    stats = aggregator._delta_stats()
    assert (stats.count, stats.min, stats.max) == (5, -0.5, 3.0)
    assert stats.percentiles["p50"] == 0.0 and stats.percentiles["p99"] == 3.0
    assert sum(b.count for b in stats.histogram) == 5
    assert stats.histogram[-1].low == 1.0 and stats.histogram[-1].count == 1


def test_parallel_run_gives_the_same_report() -> None:
    assert run_diff(bundled_corpus(), DiffSettings(jobs=2)) == run_diff(bundled_corpus(), DiffSettings())


def test_many_small_blocks_give_the_same_report_lines_and_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A corpus spread over dozens of blocks, with bad lines among them: every job count
    yields the same report, the same cases.jsonl in corpus order, and the same errors at
    the same FILE:LINE as one big block read by one process."""
    lines = b"".join(path.read_bytes() for path in bundled_corpus()).splitlines(keepends=True)
    lines[7] = b"not json\n"
    lines[100] = b'{"id": "bad", "grader_output": "\xff"}\n'
    lines.insert(150, b"\n")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_bytes(b"".join(lines))

    def run(jobs: int) -> tuple[object, list[str], list[str]]:
        return run_collecting([corpus], DiffSettings(jobs=jobs))

    reference = run(1)
    monkeypatch.setattr(blocks_module, "BLOCK_BYTES", 4096)
    assert run(1) == reference
    assert run(2) == reference
    _report, written, errors = reference
    assert len(written) == len(lines) - 3 and len(errors) == 2
    assert errors[0].endswith(":8: invalid JSON: Expecting value at column 1")
    assert ":101: invalid UTF-8" in errors[1]
    # Without a handler the first error stops the run, from a worker as from one process.
    with pytest.raises(CaseError, match=":8: invalid JSON"):
        run_diff([corpus], DiffSettings(jobs=2))


class _Unpicklable(Exception):
    def __init__(self, what: str, where: int) -> None:
        super().__init__(f"{what} at {where}")


class _BrokenScorer:
    name = "broken"

    def score(self, case: Case) -> Score:
        raise _Unpicklable("a scorer bug", 1)


def test_a_scorer_bug_in_a_worker_fails_each_case_it_bites_not_the_run() -> None:
    with temporary_scorers():
        register_scorer("broken", _BrokenScorer)
        report = run_diff(bundled_corpus(), DiffSettings(candidate="broken", jobs=2))
    # Every case is the broken side's error, but where a recorded grader call failed first.
    assert report.corpus.cases == 364 and report.outcomes["grader_error"] == 1
    assert report.outcomes["scorer_error"] == 363


def test_an_error_a_worker_cannot_send_back_is_raised_not_hung(monkeypatch: pytest.MonkeyPatch) -> None:
    # Once distributed is imported (the Dask tests' collection does it), tblib makes such an
    # exception picklable and it arrives as itself; either way it is raised, never a hang.
    import multiprocessing

    import compat.diff._run as run_module

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("workers inherit the patched comparison only when forked")

    def comparing_fails(*_args: object, **_options: object) -> None:
        raise _Unpicklable("a comparison bug", 1)

    monkeypatch.setattr(run_module, "compare_work", comparing_fails)
    with pytest.raises((RuntimeError, _Unpicklable), match="a comparison bug at 1"):
        run_diff(bundled_corpus(), DiffSettings(jobs=2))


@pytest.mark.parametrize(
    "value",
    [CaseError("corpus.jsonl", 3, "invalid JSON: Expecting value at column 1"), UnknownScorerError("x", ["legacy"])],
)
def test_errors_survive_the_trip_from_a_worker_process(value: Exception) -> None:
    """Workers return malformed cases as values; one that cannot be unpickled hangs the pool."""
    copy = pickle.loads(pickle.dumps(value))
    assert type(copy) is type(value) and str(copy) == str(value) and vars(copy) == vars(value)


def _reference_line(comparison: Any) -> str:
    return json.dumps(case_record(comparison), ensure_ascii=True) + "\n"


def test_case_line_is_json_dumps_of_the_record_on_the_corpus() -> None:
    for case in CORPUS:
        comparison = compared(case)
        assert case_json_line(comparison) == _reference_line(comparison), case.id


class _ValueScorer:
    """A scorer whose value is whatever the test says (ints, huge or non-finite floats)."""

    name = "fixed-value"

    def __init__(self, value: float | None) -> None:
        self.value = value

    def score(self, case: Case) -> Score:
        status = Status.SCORED if self.value is not None else Status.UNDETERMINED
        return Score(self.name, self.value, status, False, case.threshold, "r\u2028\ud800<")


@given(
    case_id=st.text(min_size=1),
    tags=st.lists(st.text(), max_size=3),
    output=st.text(),
    value=st.none() | st.integers(-3, 3) | st.floats(allow_nan=True, allow_infinity=True),
)
@example(case_id="\u2028", tags=["\x00", '"'], output="Sorry \\ \ud800", value=float("nan"))
@example(case_id="a", tags=[], output="", value=-0.0)
def test_case_line_is_json_dumps_of_the_record_for_any_case(
    case_id: str, tags: list[str], output: str, value: float | None
) -> None:
    """The template line equals the generic encoder's, whatever the strings and values."""
    case = Case(id=case_id, tags=tags, statements_output="A.\nB.", grader_output=output)
    for control in (legacy.score(case), _ValueScorer(value).score(case)):
        comparison = compare(case, control, ragas.score(case))
        assert case_json_line(comparison) == _reference_line(comparison)
