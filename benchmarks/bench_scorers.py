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

Usage::

    python benchmarks/bench_scorers.py                 # full run
    python benchmarks/bench_scorers.py --quick         # smoke run, small sizes
    python benchmarks/bench_scorers.py --json out.json # also write the figures as JSON
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

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
from _typical import MIX, SEED, typical_corpus  # noqa: E402
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
QUICK_SIZES: tuple[tuple[str, int], ...] = (("1 KB", 1_000), ("10 KB", 10_000), ("100 KB", 100_000))


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
    sizes: Sequence[tuple[str, int]], scorers: dict[str, Scorer], repeat: int, max_seconds: float
) -> list[GrowthRow]:
    rows: list[GrowthRow] = []
    plans: list[tuple[str, str, list[tuple[str, Callable[[], Case]]]]] = []
    for kind in ALL_SHAPES:
        plans.append((kind, describe(kind), [(label, _bind(kind, size)) for label, size in sizes]))
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


def print_adversarial(rows: list[GrowthRow], sizes: Sequence[tuple[str, int]]) -> dict[str, bool]:
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
    for kind in ALL_SHAPES:
        print(f"     {kind:<30} {describe(kind)}")
    print()
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=20_000, help="typical corpus size (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of the typical corpus; best is kept")
    parser.add_argument("--quick", action="store_true", help="smoke run: 2,000 cases, 1 run, sizes up to 100 KB")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    parser.add_argument("--seed", type=int, default=SEED, help=f"corpus seed (default {SEED})")
    parser.add_argument("--pin", type=int, metavar="CPU", help="pin the process to this CPU (Linux)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=30.0,
        help="skip an adversarial size when a linear projection from the previous size exceeds this (default 30)",
    )
    args = parser.parse_args(argv)
    cases, repeat, sizes = args.cases, args.repeat, FULL_SIZES
    if args.quick:
        cases, repeat, sizes = min(cases, 2_000), 1, QUICK_SIZES
    if cases < 1 or repeat < 1:
        parser.error("--cases and --repeat must be positive")

    if args.pin is not None:
        pin_to_cpu(args.pin)
    env = environment()
    print_environment("faithcompat scorer benchmark", env)
    scorers = {name: get_scorer(name) for name in SCORERS}
    every_scorer = scorers | {name: get_scorer(name) for name in scorer_names() if name not in scorers}

    typical = run_typical(cases, repeat, args.seed, every_scorer)
    results = print_typical(typical)
    rows = run_adversarial(sizes, scorers, GROWTH_ROUNDS, args.max_seconds)
    results |= print_adversarial(rows, sizes)

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


if __name__ == "__main__":
    sys.exit(main())
