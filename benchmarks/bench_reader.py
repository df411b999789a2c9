"""The fixed scorer's cost per case, by kind of grader output (the reader, issue 23).

``bench_scorers.py`` gives the whole typical mix; this splits it by category, so an A/B
between two trees shows where a change of the reader costs. Run it in each tree:

    PYTHONPATH=. python benchmarks/bench_reader.py            # this tree
    PYTHONPATH=OTHER python OTHER/benchmarks/bench_reader.py   # another checkout
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _typical import typical_corpus

from compat import get_scorer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3000, help="typical cases (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the best is kept per category")
    args = parser.parse_args()
    cases = typical_corpus(args.cases, args.seed)
    scorer = get_scorer("ragas")
    for case in cases:  # warm-up: compiled patterns, caches
        scorer.score(case.case)
    best: dict[str, float] = {}
    counts: dict[str, int] = defaultdict(int)
    for case in cases:
        counts[case.category] += 1
    for _ in range(args.rounds):
        spent: dict[str, float] = defaultdict(float)
        for case in cases:
            start = time.perf_counter()
            scorer.score(case.case)
            spent[case.category] += time.perf_counter() - start
        for category, seconds in spent.items():
            best[category] = min(best.get(category, seconds), seconds)
    print(f"fixed scorer, {args.cases:,} typical cases (seed {args.seed}), best of {args.rounds} rounds")
    for category in sorted(best):
        print(f"  {category:<18} {counts[category]:>6,} cases  {best[category] / counts[category] * 1e6:8.1f} µs/case")
    total = sum(best.values())
    rate = f"{len(cases) / total:,.0f} cases/s"
    print(f"  {'all':<18} {len(cases):>6,} cases  {total / len(cases) * 1e6:8.1f} µs/case  ({rate})")


if __name__ == "__main__":
    main()
