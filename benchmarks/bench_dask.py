"""Benchmark of ``faithcompat diff --engine dask`` against the local engine, on a corpus in many files.

Standard library plus the project (and its ``dask`` extra). One run:

1. **Corpus.** ``bench_diff.py``'s typical corpus (``--cases``, default 1,000,000),
   cut into ``--files`` files (default 20) in ``--workdir``, reused by later runs.
2. **Both engines**, each as a subprocess ``python -m compat diff FILES --jobs N``:
   ``--engine local`` (the process pool) and ``--engine dask`` (a LocalCluster of N
   worker processes), interleaved ``--rounds`` times, best wall time of each. The
   reports must be identical byte for byte: the run fails otherwise. With
   ``--cases-parts``, a third arm: ``--engine dask --cases-parts``, whose parts joined
   must be the local engine's ``cases.jsonl``.
3. **Client memory**: the peak resident set (``VmHWM``) of the command's own process,
   read from ``/proc`` while it runs: what the client holds, without its workers. (The
   LocalCluster's scheduler runs in that process, as threads: included.) Beside it, the
   largest peak among the processes it started (the workers): what the cluster holds.

Targets: the Dask engine within 1.5x the local engine's wall time, and the client's
memory under 200 MB, at 1,000,000 cases in 20 files.

Usage::

    python benchmarks/bench_dask.py                   # 1,000,000 cases, 20 files (several minutes)
    python benchmarks/bench_dask.py --quick           # 20,000 cases, 4 files
    python benchmarks/bench_dask.py --cases 200000 --files 4 --rounds 1 --cases-parts   # ~1 minute
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
for _path in (_ROOT, _HERE):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from _harness import environment, print_environment, print_targets, write_figures  # noqa: E402
from bench_diff import ensure_corpus  # noqa: E402

TARGET_RATIO = 1.5
TARGET_CLIENT_MB = 200.0


def split_corpus(path: Path, files: int) -> list[Path]:
    """``path`` cut into ``files`` files of consecutive lines (reused when present)."""
    parts = [path.with_name(f"{path.stem}-part{i:02d}-of-{files}.jsonl") for i in range(files)]
    if all(part.is_file() for part in parts):
        return parts
    lines = path.read_bytes().splitlines(keepends=True)
    size = -(-len(lines) // files)
    for i, part in enumerate(parts):
        part.write_bytes(b"".join(lines[i * size : (i + 1) * size]))
    return parts


ARMS = {"local": ["--engine", "local"], "dask": ["--engine", "dask"], "parts": ["--engine", "dask", "--cases-parts"]}


def run(arm: str, parts: list[Path], jobs: int, out: Path) -> tuple[float, float, float]:
    """(wall seconds, the command's own peak RSS in MB, the largest peak RSS of its workers in MB)."""
    command = [sys.executable, "-m", "compat", "diff", *map(str, parts), "--jobs", str(jobs), *ARMS[arm]]
    command += ["--out", str(out), "--format", "json"]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak_kb = worker_kb = 0
    while process.poll() is None:
        peak_kb = max(peak_kb, _hwm_kb(process.pid))
        worker_kb = max([worker_kb, *map(_hwm_kb, _descendants(process.pid))])
        time.sleep(0.1)
    seconds = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"{arm}: exit {process.returncode}: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
    return seconds, peak_kb / 1000, worker_kb / 1000


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid``, from the parent ids in ``/proc/*/stat``."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def _hwm_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2, help="local processes and Dask workers (default 2)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", type=Path, metavar="PATH")
    parser.add_argument("--quick", action="store_true", help="20,000 cases in 4 files, one round")
    parser.add_argument(
        "--cases-parts", action="store_true", help="also run --engine dask --cases-parts (the 'parts' arm)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.cases, args.files, args.rounds = 20_000, 4, 1
    env = environment()
    print_environment("faithcompat diff --engine dask benchmark", env)
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="faithcompat-dask-"))
    workdir.mkdir(parents=True, exist_ok=True)
    corpus = ensure_corpus(workdir, args.cases, 20240917)
    parts = split_corpus(corpus.path, args.files)
    print(f"corpus:    {args.cases:,} cases in {args.files} files, {corpus.mb:,.1f} MB")
    best: dict[str, tuple[float, float, float]] = {}
    for round_ in range(1, args.rounds + 1):
        for engine in ("local", "dask", "parts") if args.cases_parts else ("local", "dask"):
            seconds, client_mb, worker_mb = run(engine, parts, args.jobs, workdir / f"report-{engine}")
            print(
                f"  round {round_}: {engine:5}  {seconds:7.2f} s wall   client peak {client_mb:7.1f} MB"
                f"   largest worker peak {worker_mb:7.1f} MB"
            )
            wall, memory, workers = best.get(engine, (float("inf"), 0.0, 0.0))
            best[engine] = (min(wall, seconds), max(memory, client_mb), max(workers, worker_mb))
    for name in ("report.json", "report.md", "report.html", "cases.jsonl"):
        same = (workdir / "report-local" / name).read_bytes() == (workdir / "report-dask" / name).read_bytes()
        if not same:
            raise SystemExit(f"the engines' {name} differ: the Dask engine is broken")
    if args.cases_parts:
        kept = b"".join(part.read_bytes() for part in sorted((workdir / "report-parts" / "cases").iterdir()))
        if kept != (workdir / "report-local" / "cases.jsonl").read_bytes():
            raise SystemExit("--cases-parts: the parts joined are not the local cases.jsonl")
    ratio = best["dask"][0] / best["local"][0]
    print(f"best:      local {best['local'][0]:.2f} s, dask {best['dask'][0]:.2f} s: ratio {ratio:.2f}")
    print(f"client:    peak {best['dask'][1]:.1f} MB (dask), {best['local'][1]:.1f} MB (local parent)")
    print(f"workers:   largest peak {best['dask'][2]:.1f} MB (dask), {best['local'][2]:.1f} MB (local)")
    if args.cases_parts:
        wall, memory, workers = best["parts"]
        print(f"parts:     --cases-parts {wall:.2f} s, client peak {memory:.1f} MB, largest worker {workers:.1f} MB")
    print("reports:   identical byte for byte")
    targets = {
        f"dask within {TARGET_RATIO}x of local": ratio <= TARGET_RATIO,
        f"client under {TARGET_CLIENT_MB:.0f} MB": best["dask"][1] < TARGET_CLIENT_MB,
    }
    print_targets(targets)
    if args.json:
        write_figures(args.json, {"environment": env, "best": best, "ratio": ratio, "targets": targets})
    return 0  # targets are reported, not enforced: a busy machine misses them without a regression


if __name__ == "__main__":
    raise SystemExit(main())
