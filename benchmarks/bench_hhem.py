"""Benchmark of the HHEM verifier's overhead: statements judged per second, by batch size.

    python benchmarks/bench_hhem.py [--statements 400] [--batch-sizes 1,4,10,32] [--rounds 3] [--model DIR]

Runs the real verifier code (compat.grading.HhemVerifier: transformers, trust_remote_code,
the tokenising, padding, batching and inference) on a tiny HHEM checkpoint that it builds
in a temporary directory (tests/grading/hhem_model.py: the published layout, random
weights, a T5 of width 16), or on a checkpoint you give (``--model``: a directory or hub id
already in your cache). The statements are the bundled dataset's answers cut at sentence
ends, each judged against its row's contexts, as ``grade --hhem`` does. Rounds interleave
the batch sizes; the best round counts.

On the tiny model the figure is the verifier's own overhead (tokenising, padding, moving
tensors, the Python around them), an upper bound on its speed: the real HHEM-2.1-Open is a
T5-base (110M parameters). For the real model's cost, see docs/hhem.md (its published
figure) or run this with ``--model``. Needs the [hhem] extra.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _harness import environment, print_environment  # noqa: E402

from compat.grading import HhemSettings, HhemVerifier, bundled_dataset, iter_rows  # noqa: E402


def work(statements: int) -> list[tuple[tuple[str, ...], list[str]]]:
    """(contexts, statements) per row, cycling the bundled dataset until ``statements`` are drawn."""
    rows = [row for row in iter_rows(bundled_dataset()) if row.answer]
    cases: list[tuple[tuple[str, ...], list[str]]] = []
    drawn = 0
    while drawn < statements:
        for row in rows:
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", row.answer or "") if s.strip()]
            take = sentences[: statements - drawn]
            if take:
                cases.append((tuple(row.contexts), take))
                drawn += len(take)
            if drawn >= statements:
                break
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statements", type=int, default=400)
    parser.add_argument("--batch-sizes", default="1,4,10,32")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--model", help="a checkpoint directory or hub id (default: a tiny one built here)")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--threads", type=int, help="torch's CPU threads (default: torch's, one per core)")
    parser.add_argument("--quick", action="store_true", help="a few statements, one round: that it runs")
    args = parser.parse_args()
    if args.quick:
        args.statements, args.rounds = 40, 1
    sizes = [int(size) for size in args.batch_sizes.split(",")]
    env = environment()
    print_environment("bench_hhem: the HHEM verifier, statements/s by batch size", env)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ.setdefault("HF_MODULES_CACHE", str(Path(scratch) / "modules"))  # the checkpoint's code, not in ~
        source = args.model
        if source is None:
            from tests.grading.hhem_model import build_local

            source = str(build_local(Path(scratch)))
        started = time.perf_counter()
        verifiers = {
            size: HhemVerifier(HhemSettings(source=source, device=args.device, batch_size=size, threads=args.threads))
            for size in sizes
        }
        load = (time.perf_counter() - started) / len(sizes)
        cases = work(args.statements)
        total = sum(len(statements) for _, statements in cases)
        best = {size: float("inf") for size in sizes}
        for _ in range(args.rounds):
            for size in sizes:  # interleaved: a busy spell slows every size alike
                started = time.perf_counter()
                for contexts, statements in cases:
                    verified = verifiers[size].verify(contexts, statements)
                    assert verified.error is None, verified.error
                best[size] = min(best[size], time.perf_counter() - started)
    import torch

    model = args.model or "tiny HHEM checkpoint (random weights, T5 d_model 16)"
    print(f"model:     {model}; device {args.device}; torch threads {torch.get_num_threads()}")
    print(f"load:      {load:.2f} s per model load")
    print(f"work:      {total} statements in {len(cases)} cases; best of {args.rounds} rounds")
    print(f"{'batch':>6} {'seconds':>9} {'statements/s':>13} {'ms/statement':>13}")
    for size in sizes:
        print(f"{size:>6} {best[size]:>9.3f} {total / best[size]:>13.1f} {1000 * best[size] / total:>13.3f}")
    figures = {str(size): total / best[size] for size in sizes}
    print(json.dumps({"statements_per_second": figures, "statements": total, "environment": env}))


if __name__ == "__main__":
    main()
