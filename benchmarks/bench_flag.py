"""What the scorer flag adds per scored case: the environment's flag, and OpenFeature with flagd in process.

Single process, one thread (``--pin CPU`` pins it). A flagd flag file at ``live:25`` is
written to a temporary folder and read by ``openfeature-provider-flagd``'s in-process
provider (``resolver_type=FILE``: no daemon, no network), through ``openfeature-sdk``'s
client, as ``compat.flag.FaithfulnessFlag`` reads it. Timed, best of ``--repeat``
interleaved rounds, µs per case:

* **flag evaluation, unseen keys**: ``flag.mode_for(key)`` for ``--keys`` keys the flag
  has not seen since its flags last changed (each goes through the SDK: its hooks, the
  provider, flagd's JSON Logic and murmur3 fractional);
* **flag evaluation, seen keys**: the same keys again (the flag's cache, kept until the
  provider says its flags changed and at most 5 s: a case's samples, a suite re-run in
  one process);
* the same two through the SDK's in-memory provider answering per key (the SDK's own
  floor: its client, hooks and context merging, with no flag logic), and the
  environment's flag (SHA-256 buckets) for comparison;
* **scored case**: ``flag.score(case)`` with the OpenFeature flag at ``off`` (legacy
  alone: flagd resolves it ``STATIC``, which answers every key) on the typical corpus's
  unseen ids, less the same with the environment's flag at ``legacy``: what the flag adds
  to a scored case in the library's hot path at a whole stage. At ``live:N`` what it adds
  is the flag evaluation above (``score`` evaluates the flag once).

The target (issue 36): at most 20 µs a scored case with the flagd in-process provider.

Usage::

    python benchmarks/bench_flag.py              # 10,000 keys, best of 5
    python benchmarks/bench_flag.py --quick      # 2,000 keys, best of 3
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import environment, met, pin_to_cpu, print_environment, print_targets
from benchmarks._typical import typical_corpus
from compat.flag import FaithfulnessFlag, FlagConfig, Mode, OpenFeatureSettings
from compat.rollout import flagd_file_with_stage

TARGET_US = 20.0
_fresh = itertools.count()


def per_key(flag: FaithfulnessFlag, keys: list[str]) -> float:
    start = time.perf_counter()
    for key in keys:
        flag.mode_for(key)
    return (time.perf_counter() - start) / len(keys) * 1e6


def per_call(decide: Callable[[str], object], keys: list[str]) -> float:
    start = time.perf_counter()
    for key in keys:
        decide(key)
    return (time.perf_counter() - start) / len(keys) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="2,000 keys, best of 3")
    parser.add_argument("--pin", type=int, default=None, metavar="CPU")
    args = parser.parse_args()
    if args.quick:
        args.keys, args.repeat = 2_000, 3
    if args.pin is not None:
        pin_to_cpu(args.pin)
    try:
        import openfeature.api as api
        from openfeature.evaluation_context import EvaluationContext
        from openfeature.flag_evaluation import FlagResolutionDetails, Reason
        from openfeature.provider.in_memory_provider import InMemoryFlag, InMemoryProvider
    except ImportError:
        sys.exit("bench_flag: needs the [openfeature] extra: pip install 'faithcompat[openfeature]'")
    print_environment("faithcompat: the scorer flag per scored case", environment())

    folder = Path(tempfile.mkdtemp(prefix="bench-flag-"))
    live = folder / "live.json"
    live.write_bytes(flagd_file_with_stage(None, "live:25"))
    off = folder / "off.json"
    off.write_bytes(flagd_file_with_stage(None, "off"))
    variants = {mode.value: mode.value for mode in Mode}

    def by_key(flag: InMemoryFlag[str], context: EvaluationContext) -> FlagResolutionDetails[str]:
        # A targeting match, never STATIC: the SDK's own cost for a key it has not seen.
        return FlagResolutionDetails(value="shadow", variant="shadow", reason=Reason.TARGETING_MATCH)

    memory_flag = InMemoryFlag("shadow", variants, context_evaluator=by_key)
    api.set_provider_and_wait(InMemoryProvider({"faithfulness-scorer": memory_flag}), "memory")

    flagd = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(flag_file=live, domain="flagd")))
    memory = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(domain="memory")))
    environment_flag = FaithfulnessFlag(FlagConfig(mode=Mode.LIVE, percent=25))
    flagd.mode_for("warm-up")  # the provider's one wait for readiness, outside the timing
    memory.mode_for("warm-up")

    def unseen(flag: FaithfulnessFlag) -> Callable[[], float]:
        def measure() -> float:
            round_ = next(_fresh)
            return per_key(flag, [f"round-{round_}-case-{n}" for n in range(args.keys)])

        return measure

    seen_keys = [f"seen-case-{n}" for n in range(args.keys)]
    per_key(flagd, seen_keys)
    per_key(memory, seen_keys)

    cases = [typical.case for typical in typical_corpus(args.keys, seed=36)]
    scored_off = FaithfulnessFlag(FlagConfig(openfeature=OpenFeatureSettings(flag_file=off, domain="flagd-off")))
    scored_off.mode_for("warm-up")
    scored_env = FaithfulnessFlag(FlagConfig(mode=Mode.LEGACY))

    def scored(flag: FaithfulnessFlag) -> Callable[[], float]:
        def measure() -> float:
            round_ = next(_fresh)
            renamed = [case.model_copy(update={"id": f"round-{round_}-{case.id}"}) for case in cases]
            start = time.perf_counter()
            for case in renamed:
                flag.score(case)
            return (time.perf_counter() - start) / len(renamed) * 1e6

        return measure

    arms: dict[str, Callable[[], float]] = {
        "flagd, unseen keys": unseen(flagd),
        "flagd, seen keys": lambda: per_key(flagd, seen_keys),
        "in-memory, unseen keys": unseen(memory),
        "in-memory, seen keys": lambda: per_key(memory, seen_keys),
        "environment (SHA-256)": lambda: per_call(environment_flag.uses_candidate, seen_keys),
        "score, flagd flag at off": scored(scored_off),
        "score, environment at legacy": scored(scored_env),
    }
    best = dict.fromkeys(arms, float("inf"))
    for _ in range(args.repeat):
        for name, measure in arms.items():
            best[name] = min(best[name], measure())
    print(f"{args.keys:,} keys, best of {args.repeat} interleaved rounds, µs per key or case:")
    for name, micro in best.items():
        print(f"  {name:<32} {micro:8.2f}")
    whole = best["score, flagd flag at off"] - best["score, environment at legacy"]
    live_unseen, live_seen = best["flagd, unseen keys"], best["flagd, seen keys"]
    print("added per scored case (target <= 20 µs):")
    print(f"  {'off, shadow, complete (STATIC)':<32} {whole:8.2f}   {met(whole <= TARGET_US)}")
    print(f"  {'live:25, a key seen before':<32} {live_seen:8.2f}   {met(live_seen <= TARGET_US)}")
    print(f"  {'live:25, an unseen key':<32} {live_unseen:8.2f}   {met(live_unseen <= TARGET_US)}")
    assert flagd.stats.flag_fallbacks == 0 and scored_off.stats.flag_fallbacks == 0, "a fallback: the figures lie"
    print()
    print_targets(
        {
            "flagd, a whole stage": whole <= TARGET_US,
            "flagd live:25, seen keys": live_seen <= TARGET_US,
            "flagd live:25, unseen keys": live_unseen <= TARGET_US,
        }
    )
    api.clear_providers()


if __name__ == "__main__":
    main()
