"""Throughput and adversarial-growth benchmark for the ``legacy`` and ``ragas`` scorers.

Single process, one thread (``--pin CPU`` pins it to one core), standard library plus the
project only. Two measurements:

1. **Typical cases/s.** A deterministic corpus (fixed seed) with a realistic mix of
   grader outputs: ~40% RAGAS JSON verdicts (compact, pretty-printed, fenced in
   prose), ~30% legacy text (per-statement explanations, ``Verdict:`` markers and the
   final verdict line), ~15% final line only, ~10% mismatched counts, ~5% refusals.
   ``Case`` objects are built before timing; only ``scorer.score(case)`` is timed,
   best of ``--repeat`` runs (rounds that alternate the scorers). Target: the fixed
   scorer does >= 30,000 cases/s.
2. **Adversarial growth.** One ``score`` call per pathological grader output at
   1 KB, 100 KB, 1 MB and 10 MB (best of 5 rounds over all sizes), and the growth
   ratio t(10 MB) / t(1 MB). Targets for the fixed scorer: t(10 MB) < 1 s, and a ratio
   <= 12, or, where the output is one JSON document, no more than ``json.loads``'s own
   growth on the same text (timed beside it: no reader that decodes the document can
   grow less than the decoder does).

Best-of-N over interleaved rounds: on a shared machine a neighbour's burst slows
whatever runs at the time; spreading each figure's runs over the whole benchmark keeps
one burst from deciding it.

**Side by side with promptfoo** (``--against-promptfoo DIR``, DIR holding
``node_modules/promptfoo``, 0.119.14; or ``$FAITHCOMPAT_PROMPTFOO_EVAL``, the install the
rollout oracle tests use). Instead of 1. and 2.: the published package's
``matchesContextFaithfulness`` (the ``context-faithfulness`` assertion), timed in a node
process by ``promptfoo_timing.js`` with a scripted grader provider (no network; node's
start-up and the package's loading not timed, everything promptfoo does per case is), and
``get_scorer("ragas").score(case)`` and ``legacy``'s here, on the same cases, in
interleaved rounds (best of ``--repeat``, each round's pass over the corpus taken by the
arms in turn, slice by slice, after ``--warmup`` untimed passes on both sides). The cases
are ``_typical.kb2_records``: grader answers of 1,700 to 2,400 characters (explanations
with ``Verdict:`` markers and the final verdict line, markers only, reasoning then the
final line, markdown tables, RAGAS JSON, count mismatches) with their question, answer and
a ~1 KB context, which promptfoo renders into its prompts. Prints µs per case for each
and the ratio promptfoo / fixed (the issue's target: >= 10x), promptfoo's scores against
the legacy port's (a bit-exact port of this promptfoo generation: score bits, pass and
reason), and the fixed scorer's ns per character on ``_typical.long_records`` (answers of
10.5 to 24 KB).

Usage::

    python benchmarks/bench_scorers.py                 # full run
    python benchmarks/bench_scorers.py --quick         # smoke run, small sizes
    python benchmarks/bench_scorers.py --json out.json # also write the figures as JSON
    python benchmarks/bench_scorers.py --against-promptfoo /tmp/pf  # side by side with promptfoo
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
for _path in (_HERE.parent, _HERE):  # run from a checkout without installing the package
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from _harness import (  # noqa: E402
    best_of_interleaved,
    environment,
    met,
    pin_to_cpu,
    print_environment,
    print_targets,
    timed,
    write_figures,
)
from _typical import KB2_CHARS, KB2_MIX, LONG_CHARS, MIX, SEED, kb2_records, long_records, typical_corpus  # noqa: E402
from adversarial import ALL_SHAPES, NESTED_FIXED_DEPTH, STATEMENTS, build_case, describe, nested_array  # noqa: E402

from compat import Case, Scorer, get_scorer, scorer_names  # noqa: E402  (the public API only)
from compat.scoring import VerdictWords, forget_read_items  # noqa: E402

# Adversarial inputs go to the fixed scorer (the targets are about it) and the legacy one;
# the typical corpus to every registered scorer (each has the throughput target).
SCORERS = ("ragas", "legacy")
TARGET_CASES_PER_S = 30_000
TARGET_RATIO = 12.0
TARGET_LARGEST_S = 1.0
GROWTH_ROUNDS = 5  # a ratio of two timings needs both at their best: more rounds than the throughput

# ------------------------------------------------------------------ timing helpers


def _best_loops(scorers: dict[str, Scorer], cases: Sequence[Case], repeat: int) -> dict[str, float]:
    """Best wall time of scoring every case once, per scorer, over ``repeat`` interleaved rounds."""

    def loop(scorer: Scorer) -> float:
        score = scorer.score

        def score_all() -> None:
            # Each score is dropped at once, as faithcompat diff folds it: kept in a list,
            # 20,000 of them would have the garbage collector walk them all, again and
            # again, and time the collector instead of the scorer (about 20% for ragas).
            for case in cases:
                score(case)

        words = getattr(scorer, "words", None)
        if isinstance(words, VerdictWords):
            forget_read_items(words)  # a round reads its cases for the first time, as diff does
        return timed(score_all)

    return best_of_interleaved({name: (lambda s=scorer: loop(s)) for name, scorer in scorers.items()}, repeat)


@dataclass
class TypicalResult:
    cases: int
    repeat: int
    seed: int
    seconds: dict[str, float] = field(default_factory=dict)  # scorer -> best total time
    by_category: dict[str, dict[str, float]] = field(default_factory=dict)  # category -> scorer -> µs/case
    category_counts: dict[str, int] = field(default_factory=dict)
    statement_count: dict[str, float] = field(default_factory=dict)  # min/mean/max statements per case
    outcomes: dict[str, int] = field(default_factory=dict)  # ragas status/format -> count

    def cases_per_s(self, scorer: str) -> float:
        return self.cases / self.seconds[scorer]

    def us_per_case(self, scorer: str) -> float:
        return self.seconds[scorer] / self.cases * 1e6


def run_typical(count: int, repeat: int, seed: int, scorers: dict[str, Scorer]) -> TypicalResult:
    corpus = typical_corpus(count, seed)
    result = TypicalResult(cases=count, repeat=repeat, seed=seed)
    cases = [item.case for item in corpus]
    result.seconds = _best_loops(scorers, cases, repeat)
    groups: dict[str, list[Case]] = {}
    for item in corpus:
        groups.setdefault(item.category, []).append(item.case)
    for category, _share in MIX:
        group = groups.get(category, [])
        result.category_counts[category] = len(group)
        if group:
            best = _best_loops({name: scorers[name] for name in SCORERS if name in scorers}, group, repeat)
            result.by_category[category] = {name: seconds / len(group) * 1e6 for name, seconds in best.items()}
    sizes = [len(c.statements_output.split("\n")) for c in cases if c.statements_output]
    result.statement_count = {"min": min(sizes), "mean": sum(sizes) / len(sizes), "max": max(sizes)}
    outcomes: Counter[str] = Counter()
    for case in cases:
        score = scorers["ragas"].score(case)
        if score.cause is not None:
            label = f"undetermined:{score.cause.value}"
        else:
            label = score.format.value if score.format is not None else "unknown"
        outcomes[label] += 1
    result.outcomes = dict(outcomes.most_common())
    return result


# ------------------------------------------------------------------ adversarial inputs

FULL_SIZES: tuple[tuple[str, int], ...] = (
    ("1 KB", 1_000),
    ("100 KB", 100_000),
    ("1 MB", 1_000_000),
    ("10 MB", 10_000_000),
)
QUICK_SIZES: tuple[tuple[str, int], ...] = (("1 KB", 1_000), ("10 KB", 10_000))  # that it runs: no figure


@dataclass
class GrowthRow:
    kind: str
    description: str
    scorer: str
    seconds: dict[str, float | None]  # size label -> best seconds (None: skipped)

    def ratio(self, big: str, small: str) -> float | None:
        t_big, t_small = self.seconds.get(big), self.seconds.get(small)
        if t_big is None or t_small is None or t_small <= 0:
            return None
        return t_big / t_small


def run_adversarial(
    sizes: Sequence[tuple[str, int]],
    scorers: dict[str, Scorer],
    repeat: int,
    max_seconds: float,
    shapes: Sequence[str] = ALL_SHAPES,
) -> list[GrowthRow]:
    rows: list[GrowthRow] = []
    plans: list[tuple[str, str, list[tuple[str, Callable[[], Case]]]]] = []
    for kind in shapes:
        plans.append((kind, describe(kind), [(label, _bind(kind, size)) for label, size in sizes]))
    if shapes is ALL_SHAPES:
        fixed = f"nested_array_{NESTED_FIXED_DEPTH // 1000}k"
        depth = f"'[[[...]]]' {NESTED_FIXED_DEPTH:,} deep"
        deep = Case(id=fixed, statements_output=STATEMENTS, grader_output=nested_array(2 * NESTED_FIXED_DEPTH))
        plans.append((fixed, depth, [("fixed", lambda: deep)]))
    for kind, description, points in plans:
        cases = [(label, make()) for label, make in points]
        # Where the whole output is one JSON document, CPython's own decoder is the floor:
        # timed beside the scorers, so a growth that is json.loads's own is seen as such.
        floors: dict[str, Scorer] = (
            {JSON_FLOOR: _JsonLoads()} if all(_is_json(c.grader_output) for _, c in cases) else {}
        )
        per_scorer = {name: GrowthRow(kind, description, name, {}) for name in scorers | floors}
        # Rounds over every size, so that t(1 MB) and t(10 MB) are drawn from the same span
        # of time: their ratio is the figure that matters, and a slow spell of the shared
        # machine must not land on one size only.
        skipped: set[tuple[str, str]] = set()
        for round_number in range(repeat):
            for name, scorer in (scorers | floors).items():
                previous: tuple[int, float] | None = None
                for label, case in cases:
                    if (name, label) in skipped:
                        continue
                    size = max(len(case.grader_output), len(case.statements_output or ""))
                    if round_number == 0 and previous is not None and previous[1] * size / previous[0] > max_seconds:
                        skipped.add((name, label))  # a linear projection already exceeds the budget
                        per_scorer[name].seconds[label] = None
                        continue
                    elapsed = timed(lambda s=scorer, c=case: s.score(c))
                    best = per_scorer[name].seconds.get(label)
                    per_scorer[name].seconds[label] = elapsed if best is None else min(best, elapsed)
                    previous = (size, elapsed)
                    if elapsed > 5.0:
                        skipped.add((name, label))  # one call that long is measurement enough
        del cases
        rows.extend(per_scorer.values())
        print(f"  measured {kind}", file=sys.stderr, flush=True)
    return rows


JSON_FLOOR = "json.loads"


class _JsonLoads:
    """Not a scorer: ``json.loads`` of the grader output, the floor of a JSON shape."""

    name = JSON_FLOOR

    def score(self, case: Case) -> object:
        return json.loads(case.grader_output)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _bind(kind: str, size: int) -> Callable[[], Case]:
    return lambda: build_case(kind, size)


# ------------------------------------------------------------------ reporting


def _fmt_s(seconds: float | None) -> str:
    return "skipped" if seconds is None else f"{seconds:.6f}"


def print_typical(result: TypicalResult) -> dict[str, bool]:
    print(f"1. Typical cases: {result.cases:,} cases (seed {result.seed}), best of {result.repeat} interleaved runs")
    sc = result.statement_count
    print(f"   statements per case: min {sc['min']:.0f}, mean {sc['mean']:.2f}, max {sc['max']:.0f}")
    print()
    print(f"   {'scorer':<20} {'cases/s':>12} {'µs/case':>10}  target")
    results: dict[str, bool] = {}
    for name in result.seconds:
        rate = result.cases_per_s(name)
        results[f"typical_cases_per_s:{name}"] = rate >= TARGET_CASES_PER_S
        target = f">= {TARGET_CASES_PER_S:,} cases/s: {met(results[f'typical_cases_per_s:{name}'])}"
        print(f"   {name:<20} {rate:>12,.0f} {result.us_per_case(name):>10.2f}  {target}")
    print()
    names = [name for name in SCORERS if name in result.seconds]
    print(f"   {'category':<16} {'cases':>6} " + " ".join(f"{n + ' µs/case':>16}" for n in names))
    for category, _share in MIX:
        if category in result.by_category:
            cells = " ".join(f"{result.by_category[category][n]:>16.2f}" for n in names)
            print(f"   {category:<16} {result.category_counts[category]:>6} {cells}")
    print()
    print("   ragas outcome on the corpus: " + ", ".join(f"{k} {v}" for k, v in result.outcomes.items()))
    print()
    return results


def print_adversarial(
    rows: list[GrowthRow], sizes: Sequence[tuple[str, int]], shapes: Sequence[str] = ALL_SHAPES
) -> dict[str, bool]:
    labels = [label for label, _ in sizes]
    big, small = labels[-1], labels[-2]
    ratio_name = f"t({big})/t({small})"
    print(
        f"2. Adversarial growth: seconds per score() call (best of {GROWTH_ROUNDS} rounds over all sizes); "
        f"growth = {ratio_name}"
    )
    print(
        f"   targets for ragas: growth <= {TARGET_RATIO:g} (or <= json.loads's own growth on a JSON document) "
        f"and t(every size, {big} included) < {TARGET_LARGEST_S:g} s"
        + ("" if big == "10 MB" else "  (quick run: sizes are smaller than the targets assume)")
    )
    print()
    header = f"   {'input kind':<22} {'scorer':<10} " + " ".join(f"{label:>10}" for label in labels)
    print(header + f" {'growth':>8}  target")
    results: dict[str, bool] = {}
    decoder_growth = {row.kind: row.ratio(big, small) for row in rows if row.scorer == JSON_FLOOR}
    for row in rows:
        if "fixed" in row.seconds:
            continue
        cells = " ".join(f"{_fmt_s(row.seconds.get(label)):>10}" for label in labels)
        ratio = row.ratio(big, small)
        ratio_text = f"{ratio:>8.1f}" if ratio is not None else f"{'n/a':>8}"
        target = ""
        if row.scorer == "ragas":
            t_big = row.seconds.get(big)
            floor = decoder_growth.get(row.kind)
            ok_ratio = ratio is not None and (ratio <= TARGET_RATIO or (floor is not None and ratio <= floor))
            # Every size, not only the largest: a growth ratio hides a blow-up at a middle size
            # (1 MB of echoes once took 1.1 s while 10 MB, cut by a budget, took 0.15 s).
            ok_time = t_big is not None and all(t < TARGET_LARGEST_S for t in row.seconds.values())
            results[f"{row.kind}:growth"] = ok_ratio
            results[f"{row.kind}:largest"] = ok_time
            target = f"growth {met(ok_ratio)}, t({big}) {met(ok_time)}"
        if row.scorer == JSON_FLOOR:
            target = "(the floor: CPython's decoder on the same text)"
        print(f"   {row.kind:<22} {row.scorer:<10} {cells} {ratio_text}  {target}")
    for row in rows:
        if "fixed" in row.seconds:
            print(f"   {row.kind:<22} {row.scorer:<7} {_fmt_s(row.seconds['fixed']):>10}  ({row.description})")
    print()
    print("   inputs:")
    for kind in shapes:
        print(f"     {kind:<30} {describe(kind)}")
    print()
    return results


# ------------------------------------------------------------------ side by side with promptfoo

PROMPTFOO_VERSION = "0.119.14"
PROMPTFOO_ENV = "FAITHCOMPAT_PROMPTFOO_EVAL"  # as tests/rollout/test_promptfoo_oracle.py: DIR/node_modules/promptfoo
PROMPTFOO_HELP = (
    f"pass --against-promptfoo DIR or set {PROMPTFOO_ENV} to a directory holding promptfoo: "
    "mkdir -p /tmp/pf && cd /tmp/pf && echo '{\"private\": true}' > package.json && "
    f"npm install promptfoo@{PROMPTFOO_VERSION} --ignore-scripts --no-audit --no-fund"
)
PROMPTFOO_SCRIPT = _HERE / "promptfoo_timing.js"
TARGET_PROMPTFOO_RATIO = 10.0  # the issue: the fixed scorer >= 10x faster than promptfoo's matcher
SLICES = 20  # a round's pass over a corpus, per arm, in this many slices taken in turn by the arms
SIDE_SCORERS = ("ragas", "legacy")
_TAG = "@@faithcompat "


class PromptfooTimer:
    """``promptfoo_timing.js --serve``: a node process holding the package and the corpora, timing one
    slice of a corpus per request, so that its passes interleave with this process's."""

    def __init__(self, node: str, directory: Path, corpora: dict[str, Path], warmup: int) -> None:
        argv = [node, str(PROMPTFOO_SCRIPT), str(directory), "--serve", "--warmup", str(warmup)]
        argv += [f"{name}={path}" for name, path in corpora.items()]
        self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding="utf-8")
        self.header = self._read()

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        while True:
            line = self._proc.stdout.readline()
            if not line:
                raise SystemExit(f"promptfoo_timing.js exited (code {self._proc.wait()})")
            if line.startswith(_TAG):
                answer: dict[str, Any] = json.loads(line[len(_TAG) :])
                if "error" in answer:
                    raise SystemExit(f"promptfoo_timing.js: {answer['error']}")
                return answer
            print(f"  (promptfoo printed) {line.rstrip()}", file=sys.stderr)

    def slice(self, corpus: str, start: int, stop: int, per_case: list[float]) -> float:
        """One timed pass over cases ``start`` to ``stop`` of ``corpus`` in node: its wall seconds, as
        node measured them (the request and the answer are not timed); each case's µs into ``per_case``."""
        assert self._proc.stdin is not None
        self._proc.stdin.write(f"{corpus} {start} {stop}\n")
        self._proc.stdin.flush()
        answer = self._read()
        per_case[start:stop] = answer["per_case_us"]
        return float(answer["seconds"])

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(timeout=60)
        if self._proc.stdout is not None:
            self._proc.stdout.close()


def promptfoo_directory(option: str) -> Path:
    """The install to run: the option's DIR, else ``$FAITHCOMPAT_PROMPTFOO_EVAL``; exits with the hint."""
    directory = option or os.environ.get(PROMPTFOO_ENV, "")
    if not directory:
        raise SystemExit(f"no promptfoo install named: {PROMPTFOO_HELP}")
    if not (Path(directory) / "node_modules" / "promptfoo" / "package.json").is_file():
        raise SystemExit(f"no promptfoo under {directory}: {PROMPTFOO_HELP}")
    return Path(directory)


def _python_slice(scorer: Scorer, cases: Sequence[Case], start: int, stop: int, per_case: list[float]) -> float:
    """One timed pass of ``scorer`` over ``cases[start:stop]``, each case timed too, as node times its own."""
    score, clock = scorer.score, time.perf_counter
    began = clock()
    for index in range(start, stop):
        case_began = clock()
        score(cases[index])  # dropped at once, as faithcompat diff folds it
        per_case[index] = (clock() - case_began) * 1e6
    return clock() - began


@dataclass
class SideBySide:
    """One corpus measured on every arm: best round seconds and each case's best µs, per arm."""

    corpus: str
    records: list[dict[str, Any]]
    rounds: int
    seconds: dict[str, float] = field(default_factory=dict)
    per_case_us: dict[str, list[float]] = field(default_factory=dict)
    round_seconds: dict[str, list[float]] = field(default_factory=dict)  # every round, in order

    @property
    def cases(self) -> int:
        return len(self.records)

    @property
    def chars(self) -> int:
        return sum(len(r["grader_output"]) for r in self.records)

    def us_per_case(self, arm: str) -> float:
        return self.seconds[arm] / self.cases * 1e6

    def ns_per_char(self, arm: str) -> float:
        return self.seconds[arm] / self.chars * 1e9

    def by_category(self, arm: str) -> dict[str, float]:
        """µs a case per category: each case's best round, averaged over the category."""
        sums: dict[str, list[float]] = {}
        for record, us in zip(self.records, self.per_case_us[arm], strict=True):
            sums.setdefault(record["tags"][0], []).append(us)
        return {category: sum(values) / len(values) for category, values in sums.items()}


def measure_side_by_side(
    corpus: str, records: list[dict[str, Any]], cases: list[Case], timer: PromptfooTimer, rounds: int, promptfoo: str
) -> SideBySide:
    """Best of ``rounds`` passes over the corpus per arm, the arms taking turns slice by slice.

    The harness's interleaving (``best_of_interleaved``) at a finer grain: a round passes over the
    corpus once per arm, ``SLICES`` slices of it in turn, promptfoo's, then each scorer's, so that a
    neighbour's busy spell lands on every arm alike and not on the one whose whole pass (promptfoo's
    takes ten times the others') it happens to overlap. A round's time is the sum of its slices'.
    """
    result = SideBySide(corpus, records, rounds)
    scorers = {name: get_scorer(name) for name in SIDE_SCORERS}
    arms = (promptfoo, *scorers)
    best: dict[str, list[float]] = {arm: [math.inf] * len(cases) for arm in arms}
    last: dict[str, list[float]] = {arm: [0.0] * len(cases) for arm in arms}
    size = -(-len(cases) // SLICES)
    slices = [(start, min(start + size, len(cases))) for start in range(0, len(cases), size)]
    for _ in range(rounds):
        for scorer in scorers.values():
            words = getattr(scorer, "words", None)
            if isinstance(words, VerdictWords):
                forget_read_items(words)  # a round reads its cases for the first time, as diff does
        gc.collect()
        spent = dict.fromkeys(arms, 0.0)
        for start, stop in slices:
            spent[promptfoo] += timer.slice(corpus, start, stop, last[promptfoo])
            for name, scorer in scorers.items():
                spent[name] += _python_slice(scorer, cases, start, stop, last[name])
        for arm in arms:
            result.round_seconds.setdefault(arm, []).append(spent[arm])
            best[arm] = [min(a, b) for a, b in zip(best[arm], last[arm], strict=True)]
    result.seconds = {arm: min(result.round_seconds[arm]) for arm in arms}
    result.per_case_us = best
    return result


def _same_double(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return struct.pack("<d", a) == struct.pack("<d", b)


def compare_with_legacy(cases: Sequence[Case], scores: dict[str, Any]) -> list[str]:
    """The ids of the cases where promptfoo's score bits, pass, reason or error flag differ from legacy's."""
    legacy = get_scorer("legacy")
    differ = []
    for index, case in enumerate(cases):
        ours = legacy.score(case)
        theirs = float(scores["score"][index])  # also reads "NaN", "Infinity", "-Infinity", "-0"
        same = (
            ours.value is not None
            and _same_double(ours.value, theirs)
            and ours.passed is scores["pass"][index]
            and ours.reason == scores["reason"][index]
            and not scores["grader_error"][index]
        )
        if not same:
            differ.append(f"{case.id} (promptfoo {scores['score'][index]!r}, legacy {ours.value!r})")
    return differ


@dataclass
class AgainstPromptfoo:
    version: str
    node: str
    load_seconds: float
    warmup: int
    typical: SideBySide
    long: SideBySide
    differ: dict[str, list[str]]  # corpus -> cases where promptfoo and legacy differ
    calls: dict[str, int]  # corpus -> provider calls promptfoo made scoring it once

    @property
    def arm(self) -> str:
        return f"promptfoo {self.version}"

    def ratio(self, corpus: SideBySide) -> float:
        return corpus.seconds[self.arm] / corpus.seconds["ragas"]

    def round_ratios(self, corpus: SideBySide) -> list[float]:
        """promptfoo / fixed within each round (the two measured over the same span of time), sorted."""
        pairs = zip(corpus.round_seconds[self.arm], corpus.round_seconds["ragas"], strict=True)
        return sorted(theirs / ours for theirs, ours in pairs)


def run_against_promptfoo(
    directory: Path, count: int, long_count: int, rounds: int, warmup: int, seed: int
) -> AgainstPromptfoo:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not on PATH: the promptfoo side cannot run")
    corpora = {"typical": kb2_records(count, seed), "long": long_records(long_count, seed + 1)}
    with tempfile.TemporaryDirectory(prefix="faithcompat-pf-bench-") as tmp:
        files: dict[str, Path] = {}
        cases: dict[str, list[Case]] = {}
        for name, records in corpora.items():
            lines = [json.dumps(record, ensure_ascii=True, allow_nan=False) for record in records]
            files[name] = Path(tmp) / f"{name}.jsonl"
            files[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
            cases[name] = [Case.model_validate_json(line) for line in lines]  # the very lines node reads
        sys.stdout.flush()
        print(f"  starting node: promptfoo loads, scores and warms up ({warmup} passes)", file=sys.stderr, flush=True)
        timer = PromptfooTimer(node, directory, files, warmup)
        try:
            header = timer.header
            arm = f"promptfoo {header['version']}"
            for name in SIDE_SCORERS:  # the same warm-up on this side
                scorer = get_scorer(name)
                for _ in range(warmup):
                    for group in cases.values():
                        for case in group:
                            scorer.score(case)
            measured = {
                name: measure_side_by_side(name, corpora[name], cases[name], timer, rounds, arm) for name in corpora
            }
        finally:
            timer.close()
    return AgainstPromptfoo(
        version=header["version"],
        node=header["node"],
        load_seconds=header["load_seconds"],
        warmup=warmup,
        typical=measured["typical"],
        long=measured["long"],
        differ={name: compare_with_legacy(cases[name], header["scores"][name]) for name in corpora},
        calls={name: header["scores"][name]["calls"] for name in corpora},
    )


def print_against_promptfoo(result: AgainstPromptfoo, seed: int) -> dict[str, bool]:
    arm, typical, long = result.arm, result.typical, result.long
    arms = [arm, *SIDE_SCORERS]
    labels = {arm: arm, "ragas": "ragas (fixed)", "legacy": "legacy"}
    sizes = [len(r["grader_output"]) for r in typical.records]
    print(
        f"Side by side with promptfoo {result.version} (assertions.matchesContextFaithfulness in node "
        f"{result.node}, scripted grader, no network; node start-up and the package's loading, "
        f"{result.load_seconds:.2f} s, not timed)"
    )
    print(
        f"1. ~2 KB grader answers: {typical.cases:,} cases (seed {seed}), call 2 of {KB2_CHARS[0]:,} to "
        f"{KB2_CHARS[1]:,} characters (mean {sum(sizes) / len(sizes):,.0f}); best of {typical.rounds} "
        f"interleaved rounds, after warm-up passes: {result.warmup} (both sides)"
    )
    print()
    print(f"   {'arm':<22} {'µs/case':>10} {'cases/s':>10}   rounds, µs/case (best to worst)")
    for name in arms:
        rate = typical.cases / typical.seconds[name]
        spread = ", ".join(f"{t / typical.cases * 1e6:.0f}" for t in sorted(typical.round_seconds[name]))
        print(f"   {labels[name]:<22} {typical.us_per_case(name):>10.1f} {rate:>10,.0f}   {spread}")
    ratio = result.ratio(typical)
    ok = ratio >= TARGET_PROMPTFOO_RATIO
    print()
    print(
        f"   ratio promptfoo / fixed: {ratio:.1f}x  (promptfoo {typical.us_per_case(arm):.1f} µs/case / "
        f"fixed {typical.us_per_case('ragas'):.1f} µs/case; target >= {TARGET_PROMPTFOO_RATIO:g}x: {met(ok)})"
    )
    paired = result.round_ratios(typical)
    print(
        f"   within each round: {paired[0]:.1f}x to {paired[-1]:.1f}x, median {statistics.median(paired):.1f}x "
        f"(each round's slices taken in turn by the arms: {SLICES} slices)"
    )
    print()
    cells = {name: typical.by_category(name) for name in arms}
    print(
        f"   {'category':<16} {'cases':>6} "
        + " ".join(f"{labels[n] + ' µs':>{max(16, len(labels[n]) + 3)}}" for n in arms)
        + f" {'ratio':>7}"
    )
    counts = Counter(r["tags"][0] for r in typical.records)
    for category, _share in KB2_MIX:
        if category in cells[arm]:
            row = " ".join(f"{cells[n][category]:>{max(16, len(labels[n]) + 3)}.1f}" for n in arms)
            times = cells[arm][category] / cells["ragas"][category]
            print(f"   {category:<16} {counts[category]:>6} {row} {times:>6.1f}x")
    print("   (per category: each case's best round, averaged; the rows above are the best whole rounds)")
    print()
    long_sizes = [len(r["grader_output"]) for r in long.records]
    print(
        f"2. Long grader answers: {long.cases:,} cases (seed {seed + 1}), call 2 of {min(long_sizes):,} to "
        f"{max(long_sizes):,} characters (over {LONG_CHARS[0]:,}; mean {sum(long_sizes) / len(long_sizes):,.0f}), "
        f"best of {long.rounds} interleaved rounds"
    )
    print()
    print(f"   {'arm':<22} {'µs/case':>10} {'ns/char':>10}")
    for name in arms:
        print(f"   {labels[name]:<22} {long.us_per_case(name):>10.1f} {long.ns_per_char(name):>10.1f}")
    print(
        f"\n   fixed scorer: {long.ns_per_char('ragas'):.1f} ns per character of call 2 on outputs over 10 KB "
        f"(promptfoo / fixed there: {result.ratio(long):.1f}x)"
    )
    print()
    long_cells = {name: long.by_category(name) for name in arms}
    chars: dict[str, list[int]] = {}
    for record in long.records:
        chars.setdefault(record["tags"][0], []).append(len(record["grader_output"]))
    print(f"   {'category':<16} {'cases':>6} {'chars':>7} {'promptfoo µs':>13} {'fixed µs':>10} {'fixed ns/char':>14}")
    for category, _share in KB2_MIX:
        if category in chars:
            mean = sum(chars[category]) / len(chars[category])
            fixed = long_cells["ragas"][category]
            print(
                f"   {category:<16} {len(chars[category]):>6} {mean:>7,.0f} {long_cells[arm][category]:>13.1f} "
                f"{fixed:>10.1f} {fixed / mean * 1e3:>14.1f}"
            )
    print()
    print("3. promptfoo really scored the cases: its score bits, pass and reason against the legacy port's")
    for corpus in (typical, long):
        differ = result.differ[corpus.corpus]
        calls = result.calls[corpus.corpus]
        same = corpus.cases - len(differ)
        print(
            f"   {corpus.corpus}: {same:,} of {corpus.cases:,} cases equal to legacy's; "
            f"{calls:,} grader calls ({calls / corpus.cases:g} a case)"
        )
        for line in differ[:20]:
            print(f"     differs: {line}")
        if len(differ) > 20:
            print(f"     ... and {len(differ) - 20} more")
    print()
    if hasattr(os, "getloadavg"):
        print("load avg:  " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1/5/15 min) at the end")
        print()
    return {"promptfoo_ratio": ok, "promptfoo_equals_legacy": not any(result.differ.values())}


def against_promptfoo_payload(result: AgainstPromptfoo) -> dict[str, Any]:
    def corpus(side: SideBySide) -> dict[str, Any]:
        return {
            "cases": side.cases,
            "chars": side.chars,
            "rounds": side.rounds,
            "best_seconds": side.seconds,
            "round_seconds": side.round_seconds,
            "us_per_case": {arm: side.us_per_case(arm) for arm in side.seconds},
            "ns_per_char": {arm: side.ns_per_char(arm) for arm in side.seconds},
            "us_per_case_by_category": {arm: side.by_category(arm) for arm in side.seconds},
            "ratio_promptfoo_fixed": result.ratio(side),
            "ratio_within_rounds": result.round_ratios(side),
            "differ_from_legacy": result.differ[side.corpus],
            "grader_calls": result.calls[side.corpus],
        }

    return {
        "promptfoo": result.version,
        "node": result.node,
        "warmup_passes": result.warmup,
        "typical_2kb": corpus(result.typical),
        "long": corpus(result.long),
        "target_ratio": TARGET_PROMPTFOO_RATIO,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--cases", type=int, help="typical corpus size (default 20000; with --against-promptfoo, 2000 ~2 KB cases)"
    )
    parser.add_argument(
        "--repeat", type=int, help="timed runs of the typical corpus; best is kept (default 3; --against-promptfoo: 7)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="smoke run: 2,000 cases, 1 run, sizes up to 100 KB (--against-promptfoo: 100 and 8 long cases, 2 rounds)",
    )
    parser.add_argument(
        "--against-promptfoo",
        nargs="?",
        const="",
        metavar="DIR",
        help=f"time promptfoo's own matcher (DIR/node_modules/promptfoo; default ${PROMPTFOO_ENV}) beside the scorers",
    )
    parser.add_argument("--long-cases", type=int, help="with --against-promptfoo: cases over 10 KB (default 100)")
    parser.add_argument(
        "--warmup", type=int, help="with --against-promptfoo: untimed passes before the rounds, both sides (default 3)"
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    parser.add_argument("--seed", type=int, default=SEED, help=f"corpus seed (default {SEED})")
    parser.add_argument("--pin", type=int, metavar="CPU", help="pin the process to this CPU (Linux)")
    parser.add_argument(
        "--shapes",
        metavar="NAMES",
        help="only these adversarial shapes, comma-separated (benchmarks/adversarial.py's names; default all)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=30.0,
        help="skip an adversarial size when a linear projection from the previous size exceeds this (default 30)",
    )
    args = parser.parse_args(argv)
    if args.against_promptfoo is not None:
        return main_against_promptfoo(parser, args)
    cases = 20_000 if args.cases is None else args.cases
    repeat = 3 if args.repeat is None else args.repeat
    sizes = FULL_SIZES
    if args.quick:
        cases, repeat, sizes = min(cases, 2_000), 1, QUICK_SIZES
    if cases < 1 or repeat < 1:
        parser.error("--cases and --repeat must be positive")
    shapes: Sequence[str] = ALL_SHAPES
    if args.shapes is not None:
        shapes = tuple(name.strip() for name in args.shapes.split(",") if name.strip())
        unknown = [name for name in shapes if name not in ALL_SHAPES]
        if unknown or not shapes:
            named = ", ".join(unknown) or "(none given)"
            parser.error(f"--shapes: unknown shape {named}; known: {', '.join(ALL_SHAPES)}")

    if args.pin is not None:
        pin_to_cpu(args.pin)
    env = environment()
    print_environment("faithcompat scorer benchmark", env)
    scorers = {name: get_scorer(name) for name in SCORERS}
    every_scorer = scorers | {name: get_scorer(name) for name in scorer_names() if name not in scorers}

    typical = run_typical(cases, repeat, args.seed, every_scorer)
    results = print_typical(typical)
    rows = run_adversarial(sizes, scorers, 1 if args.quick else GROWTH_ROUNDS, args.max_seconds, shapes)
    results |= print_adversarial(rows, sizes, shapes)

    print_targets(results)

    if args.json is not None:
        payload = {
            "environment": env,
            "quick": args.quick,
            "typical": {
                "cases": typical.cases,
                "repeat": typical.repeat,
                "seed": typical.seed,
                "statements_per_case": typical.statement_count,
                "category_counts": typical.category_counts,
                "ragas_outcomes": typical.outcomes,
                "scorers": {
                    name: {
                        "best_seconds": typical.seconds[name],
                        "cases_per_s": typical.cases_per_s(name),
                        "us_per_case": typical.us_per_case(name),
                    }
                    for name in typical.seconds
                },
                "us_per_case_by_category": typical.by_category,
            },
            "adversarial": {
                "sizes": {label: size for label, size in sizes},
                "rows": [
                    {
                        "kind": row.kind,
                        "description": row.description,
                        "scorer": row.scorer,
                        "seconds": row.seconds,
                        "growth": row.ratio(sizes[-1][0], sizes[-2][0]),
                    }
                    for row in rows
                ],
            },
            "targets": {
                "ragas_cases_per_s_min": TARGET_CASES_PER_S,
                "ragas_growth_max": TARGET_RATIO,
                "ragas_largest_seconds_max": TARGET_LARGEST_S,
                "met": results,
            },
        }
        write_figures(args.json, payload)
    return 0


def main_against_promptfoo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    quick = args.quick
    count = args.cases if args.cases is not None else (100 if quick else 2_000)
    long_count = args.long_cases if args.long_cases is not None else (8 if quick else 100)
    rounds = args.repeat if args.repeat is not None else (2 if quick else 7)
    warmup = args.warmup if args.warmup is not None else (1 if quick else 3)
    if count < 1 or long_count < 1 or rounds < 1 or warmup < 0:
        parser.error("--cases, --long-cases and --repeat must be positive, --warmup not negative")
    directory = promptfoo_directory(args.against_promptfoo)
    if args.pin is not None:
        pin_to_cpu(args.pin)  # node, started from here, inherits the affinity
    env = environment()
    print_environment("faithcompat scorer benchmark: the fixed scorer against promptfoo", env)
    print(f"promptfoo: {directory / 'node_modules' / 'promptfoo'}")
    print()
    result = run_against_promptfoo(directory, count, long_count, rounds, warmup, args.seed)
    results = print_against_promptfoo(result, args.seed)
    print_targets(results)
    if args.json is not None:
        payload = {"environment": env, "quick": quick, "against_promptfoo": against_promptfoo_payload(result)}
        write_figures(args.json, payload)
    return 0


if __name__ == "__main__":
    sys.exit(main())
