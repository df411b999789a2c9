"""``faithcompat label`` at scale: one pass over a large corpus, its wall time and its memory.

Standard library plus the project only. ``faithcompat label CORPUS --out DIR`` runs as a
subprocess over ``--cases`` typical cases (default 1,000,000: ``bench_diff.py``'s
corpus, written to ``--workdir`` and reused), and over a tenth of them: the draw keeps a
presample of fixed size (``PRESAMPLE``) and compares only the cases that enter it, so the
wall time grows with the read and the memory should not grow at all. Printed: wall and CPU
seconds, cases/s, the cases compared, and the peak RSS of the process (``ru_maxrss``).

Target (issue 35): 1,000,000 cases in under a minute on this project's machine, memory
flat (the larger corpus's peak within 10% of the smaller one's, plus the 16 bytes an id
the repeated-id check keeps).

Then the page: ``label --cases 500`` over the smaller corpus, opened in headless Chromium
(playwright, where installed): the time from navigation to the first case drawn, and
from a key to the next statement and the next case drawn (target: instantly, under 100 ms).

Usage::

    python benchmarks/bench_label.py                      # 100,000 and 1,000,000 cases (a few minutes)
    python benchmarks/bench_label.py --cases 200000       # 20,000 and 200,000
    python benchmarks/bench_label.py --workdir /tmp/fc    # keep (and reuse) the generated corpora
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
for _path in (_ROOT, _HERE):  # run from a checkout without installing the package
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from _harness import environment, print_environment  # noqa: E402
from bench_diff import ensure_corpus  # noqa: E402

DEFAULT_CASES = 1_000_000
TARGET_SECONDS = 60.0


def run_label(corpus: Path, out: Path) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds, peak RSS in MB, and what the command printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-m", "compat", "label", str(corpus), "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(_ROOT)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"label exited {done.returncode}: {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024, done.stdout.splitlines()[0]


def time_page(corpus: Path, out: Path) -> None:
    """label.html of 500 cases in headless Chromium: load, next statement, next case (best of 3)."""
    import shutil

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("page: playwright not installed, skipped")
        return
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("page: no chromium, skipped")
        return
    env = {**os.environ, "PYTHONPATH": str(_ROOT)}
    command = [sys.executable, "-m", "compat", "label", str(corpus), "--out", str(out), "--cases", "500"]
    subprocess.run(command, capture_output=True, check=True, env=env)
    page_file = out / "label.html"
    loads, inside, keys, turns = [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(3):
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            start = time.perf_counter()
            page.goto(page_file.as_uri())
            page.wait_for_selector("#case h2")
            loads.append(time.perf_counter() - start)
            ready = "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
            inside.append(page.evaluate(ready) / 1000)
            page.fill("#labeller", "bench")
            page.keyboard.press("Escape")
            timing = (
                "key => { const t = performance.now(); "
                "document.dispatchEvent(new KeyboardEvent('keydown', {key})); return performance.now() - t; }"
            )
            keys.append(page.evaluate(timing, "j") / 1000)
            turns.append(page.evaluate(timing, "]") / 1000)
            page.close()
        browser.close()
    print(
        f"page:      {page_file.stat().st_size / 1e6:.1f} MB, 500 cases: the first case drawn "
        f"{min(inside) * 1000:.0f} ms after navigation began (in the page; {min(loads) * 1000:.0f} ms as "
        f"playwright waits for it); a key to the next statement drawn {min(keys) * 1000:.1f} ms, "
        f"to the next case {min(turns) * 1000:.1f} ms (best of 3)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--cases", type=int, default=DEFAULT_CASES, help=f"the larger corpus (default {DEFAULT_CASES:,})"
    )
    parser.add_argument("--workdir", type=Path, help="where the corpora go (default: a temporary directory)")
    args = parser.parse_args()
    print_environment("faithcompat label", environment())
    with tempfile.TemporaryDirectory(prefix="bench-label-") as temporary:
        workdir = args.workdir or Path(temporary)
        workdir.mkdir(parents=True, exist_ok=True)
        peaks = []
        for count in (args.cases // 10, args.cases):
            corpus = ensure_corpus(workdir, count, 2026)
            wall, cpu, peak, said = run_label(corpus.path, workdir / f"label-{count}")
            peaks.append(peak)
            print(
                f"{count:>9,} cases ({corpus.mb:,.0f} MB): {wall:6.1f} s wall, {cpu:6.1f} s CPU, "
                f"{count / wall:,.0f} cases/s, peak RSS {peak:,.0f} MB (ru_maxrss, the largest child so far)"
            )
            print(f"          {said}")
        time_page(workdir / f"typical-{args.cases // 10}-2026.jsonl", workdir / "label-page-500")
        verdict = "met" if wall < TARGET_SECONDS else "missed"
        print(
            f"target: {args.cases:,} cases in under {TARGET_SECONDS:.0f} s: {verdict} ({wall:.1f} s); "
            f"memory {peaks[0]:,.0f} MB at a tenth, {peaks[1]:,.0f} MB at the whole"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
