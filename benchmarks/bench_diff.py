"""End-to-end benchmark of ``faithcompat diff`` against a bare JSON decode pass.

Standard library plus the project only. One run:

1. **Corpus.** ``--cases`` typical cases (default 1,000,000), deterministic (fixed
   seed), written as JSONL to ``--workdir`` and reused by later runs with the same
   size, seed and generator. The mix is ``bench_scorers.py``'s: ~40% RAGAS JSON
   verdicts (compact, pretty-printed, fenced in prose), ~30% legacy text, ~15% final
   line only, ~10% mismatched counts, ~5% refusals, 2 to 8 statements each; every
   case also carries ``tags`` and a ``threshold``.
2. **Floor.** ``for line in open(corpus, "rb"): json.loads(line)`` in this process,
   best of 2 (one pass before the diff, one after, so that a machine whose speed
   drifts during the run skews both sides alike): the least any reader must do.
3. **Diff.** ``python -m compat diff CORPUS --out DIR --jobs N`` as a subprocess,
   timed wall clock (interpreter start-up and report files included). Its memory is
   measured two ways: the largest single process (``ru_maxrss`` of the subprocess and
   the workers it reaped, from ``wait4``) and the whole process tree, sampled every
   0.2 s from ``/proc`` (summed RSS, and summed PSS, which counts pages shared by the
   forked workers once).

Targets, at 1,000,000 typical cases: diff time <= 8x the floor (``--jobs 2``) and peak
memory of the process tree as PSS < 200 MB (summed RSS counts the pages the forked
workers share with their parent once per process; it is printed too).

The same is measured, and printed beside it, on a **short-line, text-heavy corpus**
(``--corpus short-text``: 2 to 4 short claims, text verdicts only, ~210 bytes a case
against ~1,830): the floor is a decode, so the ratio grows as cases get shorter; cases/s
is the figure to compare across corpora. ``--corpus both`` (the default) runs the two.

4. **A/B** (``--against DIR``): the same diff run by this checkout and by another one
   (a ``git worktree`` of the commit to compare with), in interleaved rounds
   (``--rounds``), best wall and best CPU time of each. This is how a change that
   claims to be faster, or not slower, is judged: both arms see the same machine.

Usage::

    python benchmarks/bench_diff.py                    # 1,000,000 cases of each corpus (several minutes)
    python benchmarks/bench_diff.py --corpus typical   # the typical corpus only
    python benchmarks/bench_diff.py --quick            # 20,000 cases
    python benchmarks/bench_diff.py --workdir /tmp/fc --json out.json
    git worktree add /tmp/base HEAD~1 && python benchmarks/bench_diff.py --cases 200000 --against /tmp/base
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
for _path in (_ROOT, _HERE):  # run from a checkout without installing the package
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from _harness import best_of_interleaved, environment, met, print_environment, print_targets, write_figures  # noqa: E402
from _typical import SEED, iter_short_text_lines, iter_typical_lines  # noqa: E402

DEFAULT_CASES = 1_000_000
QUICK_CASES = 20_000
TARGET_RATIO = 8.0
TARGET_PEAK_MB = 200.0
SAMPLE_EVERY_S = 0.2
GENERATOR_VERSION = 1  # bump when the generated cases change: invalidates reused corpora
GENERATORS = {"typical": iter_typical_lines, "short-text": iter_short_text_lines}

# ------------------------------------------------------------------ corpus


@dataclass(frozen=True)
class Corpus:
    path: Path
    kind: str
    cases: int
    seed: int
    bytes: int
    reused: bool
    generate_seconds: float | None

    @property
    def mb(self) -> float:
        return self.bytes / 1e6


def ensure_corpus(workdir: Path, count: int, seed: int, kind: str = "typical") -> Corpus:
    """The corpus file in ``workdir``, generated unless one with the same parameters is there."""
    path = workdir / f"{kind}-{count}-{seed}.jsonl"
    meta_path = path.with_suffix(".meta.json")
    wanted = {"cases": count, "seed": seed, "generator": GENERATOR_VERSION}
    if path.is_file() and meta_path.is_file():
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            meta = {}
        if {k: meta.get(k) for k in wanted} == wanted and meta.get("bytes") == path.stat().st_size:
            return Corpus(path, kind, count, seed, path.stat().st_size, True, None)
    start = time.perf_counter()
    partial = path.with_suffix(".jsonl.partial")
    with partial.open("w", encoding="utf-8", newline="\n") as handle:
        for i, line in enumerate(GENERATORS[kind](count, seed), 1):
            handle.write(line)
            if i % 100_000 == 0:
                print(f"  generated {i:,} of {count:,} cases", file=sys.stderr, flush=True)
    os.replace(partial, path)
    size = path.stat().st_size
    meta_path.write_text(json.dumps({**wanted, "bytes": size}) + "\n", encoding="utf-8")
    return Corpus(path, kind, count, seed, size, False, time.perf_counter() - start)


# ------------------------------------------------------------------ the floor


@dataclass(frozen=True)
class DecodePass:
    seconds: float  # wall clock
    cpu_seconds: float  # this process's CPU time: barely moved by other busy processes
    lines: int


def decode_pass(path: Path) -> DecodePass:
    """One bare ``json.loads`` pass over every line of ``path``."""
    gc.collect()
    count = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    with path.open("rb") as handle:
        for line in handle:
            json.loads(line)
            count += 1
    return DecodePass(time.perf_counter() - start, time.process_time() - cpu_start, count)


# ------------------------------------------------------------------ process-tree memory


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as handle:
                found += [int(x) for x in handle.read().split()]
        except OSError:
            continue
    return found


def _tree(root: int) -> list[int]:
    pids, todo = [], [root]
    while todo:
        pid = todo.pop()
        pids.append(pid)
        todo += _children(pid)
    return pids


def _memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process in KiB; PSS is 0 where smaps_rollup is unreadable."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1])
                    break
        return rss, pss
    except OSError:
        pass
    try:
        with open(f"/proc/{pid}/statm") as handle:
            rss = int(handle.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
    except OSError:
        pass
    return rss, pss


@dataclass
class TreeSampler:
    """Samples the summed memory of a process tree on a background thread."""

    root: int
    every: float = SAMPLE_EVERY_S
    peak_rss_kb: int = 0
    peak_pss_kb: int = 0
    max_processes: int = 0
    samples: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            pids = _tree(self.root)
            rss = pss = 0
            for pid in pids:
                one_rss, one_pss = _memory_kb(pid)
                rss += one_rss
                pss += one_pss
            if rss:
                self.samples += 1
                self.max_processes = max(self.max_processes, len(pids))
                self.peak_rss_kb = max(self.peak_rss_kb, rss)
                self.peak_pss_kb = max(self.peak_pss_kb, pss)
            self._stop.wait(self.every)


def _machine_cpu() -> tuple[float, float] | None:
    """(busy, steal) CPU-seconds of the whole machine since boot, from /proc/stat; None elsewhere."""
    try:
        with open("/proc/stat") as handle:
            fields = [int(x) for x in handle.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq) / tick, steal / tick


# ------------------------------------------------------------------ the diff run


@dataclass
class DiffRun:
    command: list[str]
    seconds: float
    cpu_seconds: float  # user + system time of the whole tree (the subprocess and its reaped workers)
    exit_code: int
    max_single_rss_mb: float  # ru_maxrss of the largest process of the tree
    tree_rss_mb: float  # peak of the sampled summed RSS
    tree_pss_mb: float  # peak of the sampled summed PSS
    max_processes: int
    samples: int
    cases_written: int
    report_files: dict[str, int]
    stderr_tail: str
    machine_busy_seconds: float | None  # CPU-seconds the whole machine was busy during the run
    steal_seconds: float | None  # CPU-seconds the hypervisor took away during the run

    @property
    def others_seconds(self) -> float | None:
        """CPU-seconds of other processes (this benchmark's sampler included) during the run."""
        if self.machine_busy_seconds is None:
            return None
        return max(0.0, self.machine_busy_seconds - self.cpu_seconds)


def run_diff_subprocess(command: list[str], out: Path, checkout: Path = _ROOT) -> DiffRun:
    """Run ``command`` (a ``python -m compat diff``) with ``checkout``'s package first on the path."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(checkout), os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    log = out.parent / f"{out.name}.stderr"
    with log.open("w+b") as stderr:
        before = _machine_cpu()
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        sampler = TreeSampler(process.pid)
        sampler.start()
        # wait4's rusage is RUSAGE_CHILDREN's for this one child: its ru_maxrss is the
        # largest of the subprocess and every worker it reaped, whatever ran before.
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        after = _machine_cpu()
        sampler.stop()
        process.returncode = os.waitstatus_to_exitcode(status)
        stderr.seek(0)
        tail = stderr.read()[-2000:].decode("utf-8", "replace")
    cases_file = out / "cases.jsonl"
    written = 0
    if cases_file.is_file():
        with cases_file.open("rb") as handle:
            written = sum(1 for _ in handle)
    files = {p.name: p.stat().st_size for p in sorted(out.iterdir()) if p.is_file()} if out.is_dir() else {}
    return DiffRun(
        command=command,
        seconds=seconds,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
        exit_code=process.returncode,
        max_single_rss_mb=usage.ru_maxrss * _maxrss_unit() / 1e6,
        tree_rss_mb=sampler.peak_rss_kb * 1024 / 1e6,
        tree_pss_mb=sampler.peak_pss_kb * 1024 / 1e6,
        max_processes=sampler.max_processes,
        samples=sampler.samples,
        cases_written=written,
        report_files=files,
        stderr_tail=tail,
        machine_busy_seconds=after[0] - before[0] if before and after else None,
        steal_seconds=after[1] - before[1] if before and after else None,
    )


def _maxrss_unit() -> int:
    return 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux


# ------------------------------------------------------------------ reporting


def run_ab(corpus: Corpus, jobs: int, workdir: Path, against: Path, rounds: int) -> dict[str, dict[str, float]]:
    """This checkout's diff against ``against``'s, interleaved: best wall and CPU seconds of each."""
    checkouts = {"this": _ROOT, "against": against}
    runs: dict[str, list[DiffRun]] = {name: [] for name in checkouts}

    def arm(name: str) -> float:
        out = workdir / f"bench-ab-{name}"
        shutil.rmtree(out, ignore_errors=True)
        command = [sys.executable, "-m", "compat", "diff", str(corpus.path), "--out", str(out), "--jobs", str(jobs)]
        run = run_diff_subprocess(command, out, checkouts[name])
        if run.exit_code not in (0, 1) or run.cases_written != corpus.cases:
            raise SystemExit(
                f"error: the diff of {checkouts[name]} exited {run.exit_code} and wrote {run.cases_written:,} "
                f"of {corpus.cases:,} cases:\n{run.stderr_tail}"
            )
        runs[name].append(run)
        print(
            f"  round {len(runs[name])}: {name:<7} {run.seconds:7.2f} s wall {run.cpu_seconds:7.2f} s CPU", flush=True
        )
        return run.seconds

    best_of_interleaved({name: (lambda n=name: arm(n)) for name in checkouts}, rounds)
    return {
        name: {"wall_s": min(r.seconds for r in done), "cpu_s": min(r.cpu_seconds for r in done)}
        for name, done in runs.items()
    }


def measure(corpus: Corpus, jobs: int, no_detail: bool, workdir: Path) -> dict[str, object] | None:
    """The floor, the diff and its memory on one corpus, printed as they come; None if the diff failed."""
    floors = [decode_pass(corpus.path)]  # one pass before the diff, one after: brackets drifts in speed
    print(f"floor:     {floors[0].seconds:.2f} s  bare json.loads per line (first pass, before the diff)")

    python = sys.executable
    out = workdir / f"bench-diff-report-{corpus.kind}"
    if out.exists():
        shutil.rmtree(out)
    command = [python, "-m", "compat", "diff", str(corpus.path), "--out", str(out), "--jobs", str(jobs)]
    command += ["--no-detail"] if no_detail else []
    print(f"diff:      {shlex.join(command)}")
    run = run_diff_subprocess(command, out)
    if run.exit_code not in (0, 1):
        print(f"error: the diff exited {run.exit_code}:\n{run.stderr_tail}", file=sys.stderr)
        return None
    if run.cases_written != corpus.cases:
        print(f"error: cases.jsonl has {run.cases_written:,} lines, not {corpus.cases:,}", file=sys.stderr)
        return None
    rate = corpus.cases / run.seconds
    print(
        f"           {run.seconds:.2f} s wall ({rate:,.0f} cases/s), {run.cpu_seconds:.2f} s CPU "
        f"({run.cpu_seconds / run.seconds:.2f} cores busy), exit {run.exit_code}"
    )
    print(f"           report files: {', '.join(f'{n} {s / 1e6:,.1f} MB' for n, s in run.report_files.items())}")
    print(
        f"memory:    largest process {run.max_single_rss_mb:,.1f} MB (ru_maxrss); process tree "
        f"(up to {run.max_processes} processes, {run.samples} samples every {SAMPLE_EVERY_S} s): "
        f"summed RSS {run.tree_rss_mb:,.1f} MB, summed PSS {run.tree_pss_mb:,.1f} MB"
    )
    others = run.others_seconds
    if others is not None:
        share = others / (run.seconds * (os.cpu_count() or 1))
        print(
            f"others:    {others:.1f} CPU-s used by other processes during the diff ({share:.0%} of the machine), "
            f"{run.steal_seconds or 0.0:.1f} s stolen by the hypervisor"
            + ("  <- contended: figures are pessimistic" if share > 0.05 else "")
        )
    floors.append(decode_pass(corpus.path))
    floor = min(one.seconds for one in floors)
    floor_cpu = min(one.cpu_seconds for one in floors)
    print(
        f"floor:     {floors[1].seconds:.2f} s  second pass, after the diff; best of 2: {floor:.2f} s "
        f"({corpus.mb / floor:,.0f} MB/s)"
    )
    ratio = run.seconds / floor
    print(f"ratio:     diff / floor = {run.seconds:.2f} / {floor:.2f} = {ratio:.2f}x")
    cores = min(jobs, os.cpu_count() or 1)
    cpu_ratio = run.cpu_seconds / (floor_cpu * cores)
    print(
        f"cpu ratio: diff CPU / (floor CPU x {cores} cores) = {run.cpu_seconds:.2f} / ({floor_cpu:.2f} x {cores}) "
        f"= {cpu_ratio:.2f}x  (lower bound of the wall ratio: an idle machine, perfect parallelism)"
    )
    load_after = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    if load_after is not None:
        print(f"load avg:  {' '.join(f'{x:.2f}' for x in load_after)} at the end")
    return {
        "corpus": {**asdict(corpus), "path": str(corpus.path), "mb": corpus.mb},
        "floor": {"best_seconds": floor, "best_cpu_seconds": floor_cpu, "runs": [asdict(one) for one in floors]},
        "diff": {**asdict(run), "cases_per_s": rate, "others_seconds": run.others_seconds},
        "ratio": ratio,
        "cpu_ratio": cpu_ratio,
        "peak_memory_pss_mb": run.tree_pss_mb,
        "peak_memory_rss_mb": run.tree_rss_mb,
        "load_average_after": load_after,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=DEFAULT_CASES, help=f"corpus size (default {DEFAULT_CASES:,})")
    parser.add_argument(
        "--corpus", choices=[*GENERATORS, "both"], default="both", help="which corpus to measure (default both)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="--jobs of faithcompat diff (default 2)")
    parser.add_argument("--no-detail", action="store_true", help="run faithcompat diff --no-detail")
    parser.add_argument("--workdir", type=Path, help="where the corpus and report go (default: a temporary dir)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    parser.add_argument("--quick", action="store_true", help=f"smoke run: {QUICK_CASES:,} cases")
    parser.add_argument("--seed", type=int, default=SEED, help=f"corpus seed (default {SEED})")
    parser.add_argument("--against", type=Path, metavar="DIR", help="A/B: another checkout to run the same diff with")
    parser.add_argument("--rounds", type=int, default=3, help="A/B: interleaved rounds per arm (default 3)")
    args = parser.parse_args(argv)
    cases = QUICK_CASES if args.quick else args.cases
    if cases < 1 or args.jobs < 1:
        parser.error("--cases and --jobs must be positive")
    kinds = list(GENERATORS) if args.corpus == "both" else [args.corpus]
    if args.against is not None and len(kinds) != 1:
        parser.error("--against measures one corpus: add --corpus typical or --corpus short-text")

    if args.against is not None and not (args.against / "compat" / "__init__.py").is_file():
        parser.error(f"--against {args.against}: not a faithcompat checkout (no compat/__init__.py)")
    env = environment()
    print_environment("faithcompat diff benchmark", env)

    temporary = None
    if args.workdir is None:
        temporary = tempfile.mkdtemp(prefix="faithcompat-bench-")
        workdir = Path(temporary)
    else:
        workdir = args.workdir
        workdir.mkdir(parents=True, exist_ok=True)
    try:
        figures: dict[str, dict[str, object]] = {}
        for kind in kinds:
            corpus = ensure_corpus(workdir, cases, args.seed, kind)
            how = "reused" if corpus.reused else f"generated in {corpus.generate_seconds:.1f} s"
            print(
                f"\ncorpus:    {corpus.path} ({kind}: {corpus.cases:,} cases, {corpus.mb:,.1f} MB, "
                f"{corpus.bytes / corpus.cases:,.0f} bytes a case, seed {corpus.seed}; {how})"
            )
            if args.against is not None:
                ab = run_ab(corpus, args.jobs, workdir, args.against.resolve(), args.rounds)
                this, other = ab["this"], ab["against"]
                print(
                    f"A/B:       best of {args.rounds} interleaved rounds: this checkout {this['wall_s']:.2f} s wall, "
                    f"{this['cpu_s']:.2f} s CPU; {args.against} {other['wall_s']:.2f} s wall, "
                    f"{other['cpu_s']:.2f} s CPU"
                )
                print(
                    f"           this / against: wall {this['wall_s'] / other['wall_s']:.3f}, "
                    f"CPU {this['cpu_s'] / other['cpu_s']:.3f}"
                )
                if args.json is not None:
                    write_figures(args.json, {"environment": env, "corpus": str(corpus.path), "ab": ab})
                return 0
            measured = measure(corpus, args.jobs, args.no_detail, workdir)
            if measured is None:
                return 2
            figures[kind] = measured

        print()
        columns = (("bytes/case", 10), ("floor s", 8), ("diff s", 8), ("cases/s", 9), ("ratio", 7), ("PSS MB", 8))
        print(f"{'corpus':<12} " + " ".join(f"{name:>{width}}" for name, width in columns))
        for kind, one in figures.items():
            corpus_figures, diff_figures = one["corpus"], one["diff"]
            assert isinstance(corpus_figures, dict) and isinstance(diff_figures, dict)
            floor_figures = one["floor"]
            assert isinstance(floor_figures, dict)
            print(
                f"{kind:<12} {corpus_figures['bytes'] / corpus_figures['cases']:>10,.0f} "
                f"{floor_figures['best_seconds']:>8.2f} {diff_figures['seconds']:>8.2f} "
                f"{diff_figures['cases_per_s']:>9,.0f} {one['ratio']:>6.2f}x {one['peak_memory_pss_mb']:>8.1f}"
            )
        results: dict[str, bool] = {}
        if "typical" in figures:
            typical = figures["typical"]
            ratio, pss = float(typical["ratio"]), float(typical["peak_memory_pss_mb"])  # type: ignore[arg-type]
            results = {
                f"typical: ratio <= {TARGET_RATIO:g}": ratio <= TARGET_RATIO,
                f"typical: PSS of the process tree < {TARGET_PEAK_MB:g} MB": pss < TARGET_PEAK_MB,
            }
            print(
                f"\ntargets (typical corpus): ratio {ratio:.2f}x (<= {TARGET_RATIO:g}x: {met(ratio <= TARGET_RATIO)}), "
                f"PSS {pss:,.1f} MB (< {TARGET_PEAK_MB:g} MB: {met(pss < TARGET_PEAK_MB)}); "
                "the short-line corpus has no target of its own: its ratio is printed to show the spread"
            )
        if cases != DEFAULT_CASES or args.jobs != 2:
            print(f"note:      the targets are stated for {DEFAULT_CASES:,} cases and --jobs 2; this run is not that")
        print_targets(results)

        if args.json is not None:
            payload = {
                "environment": env,
                "corpora": figures,
                "self_maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * _maxrss_unit() / 1e6,
                "targets": {"ratio_max": TARGET_RATIO, "peak_pss_mb_max": TARGET_PEAK_MB, "met": results},
            }
            write_figures(args.json, payload)
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
