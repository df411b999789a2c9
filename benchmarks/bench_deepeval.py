"""deepeval-4.3.1 against the fixed scorer, per case, on the same claims and verdicts.

Issue 37's target: the ``deepeval-4.3.1`` scorer at least as fast as the fixed scorer per
case. Each scorer reads its own contract's outputs for the same six claims and verdicts
(deepeval's truths, claims and verdicts JSON; the RAGAS statements and verdicts JSON), one
process, CPU time, best of ``--repeat`` interleaved rounds.

Usage::

    python benchmarks/bench_deepeval.py            # 2,000 cases, best of 7
    python benchmarks/bench_deepeval.py --quick    # 200 cases, best of 3
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import environment, met, print_environment, print_targets
from compat import Case, get_scorer

CLAIMS = [f"Claim number {i} about the refund window." for i in range(6)]
SAYS = [("yes" if i % 3 else "no") for i in range(6)]
REASON = "The context says 14 days."


def deepeval_case(index: int) -> Case:
    verdicts = [{"verdict": says, "reason": REASON} for says in SAYS]
    return Case(
        id=f"d{index}",
        truths_output=json.dumps({"truths": ["The refund window is 14 days."]}),
        statements_output=json.dumps({"claims": CLAIMS}),
        grader_output=json.dumps({"verdicts": verdicts}),
    )


def ragas_case(index: int) -> Case:
    items = [
        {"statement": claim, "reason": REASON, "verdict": int(says == "yes")}
        for claim, says in zip(CLAIMS, SAYS, strict=True)
    ]
    return Case(
        id=f"r{index}",
        statements_output=json.dumps({"statements": CLAIMS}),
        grader_output=json.dumps({"statements": items}),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="200 cases, best of 3")
    args = parser.parse_args(argv)
    cases, repeat = (200, 3) if args.quick else (args.cases, args.repeat)
    print_environment("deepeval-4.3.1 against the fixed scorer, per case", environment())
    corpora = {
        "deepeval-4.3.1": [deepeval_case(i) for i in range(cases)],
        "ragas": [ragas_case(i) for i in range(cases)],
    }
    scorers = {name: get_scorer(name) for name in corpora}
    best = dict.fromkeys(corpora, float("inf"))
    for _ in range(repeat):  # interleaved: a busy moment slows one round of each, not one scorer
        for name, corpus in corpora.items():
            start = time.process_time()
            for case in corpus:
                scorers[name].score(case)
            best[name] = min(best[name], time.process_time() - start)
    print(f"\n{cases:,} cases, six claims each, best of {repeat} rounds (CPU time)\n")
    for name, seconds in best.items():
        print(f"   {name:<16} {seconds / cases * 1e6:8.1f} µs/case")
    ok = best["deepeval-4.3.1"] <= best["ragas"]
    print(f"\n   deepeval-4.3.1 at least as fast as ragas per case: {met(ok)}\n")
    print_targets({"deepeval_per_case": ok})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
