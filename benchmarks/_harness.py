"""What every benchmark here shares: the environment report, the yardstick, interleaved rounds.

A figure from a shared machine means little without the machine: each benchmark prints
where it ran (CPU, Python, load, the commit) and a yardstick (the best time of
``sum(range(1000))``) so that runs on different hosts can be compared. And it takes the
best of several rounds that **interleave** what they compare: a neighbour's busy spell
then slows every arm alike instead of all the runs of one.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def environment() -> dict[str, Any]:
    """Where and how this benchmark runs."""
    cpu_model = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "command": shlex.join(getattr(sys, "orig_argv", [sys.executable, *sys.argv])),
        "revision": git_revision(ROOT),
        "python": sys.version.replace("\n", " "),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_model": cpu_model,
        "cpu_count": os.cpu_count(),
        "affinity": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "yardstick_us": yardstick_us(),
    }


def print_environment(title: str, env: Mapping[str, Any]) -> None:
    print(title)
    print(f"command:   {env['command']}")
    print(f"revision:  {env['revision'] or 'unknown (not a git checkout)'}")
    print(f"python:    {env['implementation']} {env['python']}")
    print(f"platform:  {env['platform']} ({env['machine']})")
    print(f"cpu:       {env['cpu_model'] or 'unknown'}; os.cpu_count() = {env['cpu_count']}")
    affinity = env["affinity"]
    print(f"affinity:  {'CPU ' + ','.join(map(str, affinity)) if affinity else 'not available'}")
    print(f"yardstick: sum(range(1000)) takes {env['yardstick_us']:.1f} µs (best of 200)")
    load = env["load_average"]
    if load is not None:
        loads = " ".join(f"{x:.2f}" for x in load)
        print(f"load avg:  {loads} (1/5/15 min) at start; other busy processes skew the figures")
    print()


def yardstick_us() -> float:
    """Best time of ``sum(range(1000))`` in µs: a machine-speed yardstick to compare runs across hosts."""
    best = float("inf")
    for _ in range(200):
        start = time.perf_counter()
        sum(range(1000))
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def git_revision(checkout: Path) -> str | None:
    """The checkout's commit, with ``+dirty`` when compat/ has uncommitted changes; None outside git."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=checkout, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "compat"], cwd=checkout, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+dirty" if dirty else "")


def best_of_interleaved(arms: Mapping[str, Callable[[], float]], rounds: int) -> dict[str, float]:
    """The best of ``rounds`` measurements of each arm, the arms taking turns within each round.

    An arm is a callable that runs once and returns what it measured (seconds, usually).
    """
    best = dict.fromkeys(arms, float("inf"))
    for _ in range(rounds):
        for name, measure in arms.items():
            gc.collect()
            best[name] = min(best[name], measure())
    return best


def timed(work: Callable[[], object]) -> float:
    """Wall seconds of one call of ``work``, after a collection (so no earlier garbage is paid for)."""
    gc.collect()
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def pin_to_cpu(cpu: int) -> None:
    if not hasattr(os, "sched_setaffinity"):
        print(f"warning: cannot pin to CPU {cpu} on this platform", file=sys.stderr)
        return
    try:
        os.sched_setaffinity(0, {cpu})
    except OSError as error:
        print(f"warning: cannot pin to CPU {cpu}: {error}", file=sys.stderr)


def met(ok: bool) -> str:
    return "MET" if ok else "MISSED"


def print_targets(results: Mapping[str, bool]) -> None:
    missed = sorted(name for name, ok in results.items() if not ok)
    print(
        f"Targets: {sum(results.values())} of {len(results)} met" + (f"; missed: {', '.join(missed)}" if missed else "")
    )


def write_figures(path: Path, payload: Mapping[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(f"figures written to {path}")
