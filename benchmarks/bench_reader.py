"""The fixed scorer's cost per case, by kind of grader output (the reader, issue 23).

``bench_scorers.py`` gives the whole typical mix; this splits it by category, so an A/B
between two trees shows where a change of the reader costs (``--corpus short-text``: the
short, text-only cases of ``bench_diff.py --corpus short-text``). Run it in each tree:

    PYTHONPATH=. python benchmarks/bench_reader.py            # this tree
    PYTHONPATH=OTHER python OTHER/benchmarks/bench_reader.py   # another checkout

On a shared host the seconds move with the neighbours; instructions do not. Under
callgrind, a run with ``--rounds 0`` (corpus, imports, warm-up) subtracted from one with
``--rounds 1`` is the instructions the timed round took (docs/performance.md)::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/bench_reader.py --category legacy_full --rounds 1
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _typical import short_text_corpus, typical_corpus

from compat import get_scorer

try:
    from compat.scoring import forget_read_items
except ImportError:  # a tree from before the reader remembered items (an A/B against it)

    def forget_read_items(words: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3000, help="typical cases (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the best is kept per category")
    parser.add_argument("--category", help="only this category of the corpus")
    parser.add_argument("--corpus", choices=("typical", "short-text"), default="typical", help="default typical")
    args = parser.parse_args()
    build = typical_corpus if args.corpus == "typical" else short_text_corpus
    cases = [case for case in build(args.cases, args.seed) if args.category in (None, case.category)]
    scorer = get_scorer("ragas")
    for case in typical_corpus(200, args.seed + 1):  # warm-up on other cases: compiled patterns
        scorer.score(case.case)
    best: dict[str, float] = {}
    counts: dict[str, int] = defaultdict(int)
    for case in cases:
        counts[case.category] += 1
    for _ in range(args.rounds):
        forget_read_items(getattr(scorer, "words", None))  # each round reads its cases for the first time
        spent: dict[str, float] = defaultdict(float)
        for case in cases:
            start = time.perf_counter()
            scorer.score(case.case)
            spent[case.category] += time.perf_counter() - start
        for category, seconds in spent.items():
            best[category] = min(best.get(category, seconds), seconds)
    print(f"fixed scorer, {args.cases:,} {args.corpus} cases (seed {args.seed}), best of {args.rounds} rounds")
    for category in sorted(best):
        print(f"  {category:<24} {counts[category]:>6,} cases  {best[category] / counts[category] * 1e6:8.1f} µs/case")
    total = sum(best.values())
    rate = f"{len(cases) / total:,.0f} cases/s"
    print(f"  {'all':<24} {len(cases):>6,} cases  {total / len(cases) * 1e6:8.1f} µs/case  ({rate})")


if __name__ == "__main__":
    main()
