"""report.html with many cases: how big the page is and how fast its explorer answers.

The page holds every case (``--html-cases``); the explorer parses them once, then
filters, sorts and draws one page of 50 rows per action. This builds a page of
``--cases`` cases (past the 16 MiB the command holds by default, as ``--html-cases``
with a larger budget would) (the bundled corpus's cases.jsonl lines repeated under new ids, so
the differing ones carry their grader texts as real ones do), renders it, opens it in
the system's headless Chromium through playwright, and times what a person does:

* load: from navigation until the first rows are drawn (JSON parse included);
* filter: choose an outcome (flips), then a tag;
* sort: by id, then by delta;
* search: type a word;
* open: click the first row (the dialog with both sides and the grader's texts).

Each action is timed inside the page (``performance.now()`` around the synchronous
handler), best of ``--rounds``. Needs Chromium and the ``playwright`` package (the
``test`` extra).

    python benchmarks/bench_html.py              # 100,000 cases
    python benchmarks/bench_html.py --quick      # 5,000 cases
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _harness import ROOT, environment, print_environment

from compat.diff import ComparedBatch, DriftReport, load_report
from compat.report import DecisionPanel, ReportCases, write_report_directory
from compat.rollout import decide, decision_panel, load_policy

ACTIONS = {
    "filter: outcome flip": "s = document.getElementById('f-outcome'); s.value = 'flip';"
    " s.dispatchEvent(new Event('change'));",
    "filter: tag json": "s = document.getElementById('f-tag'); s.value = 'json'; s.dispatchEvent(new Event('change'));",
    "clear filters": "for (const id of ['f-outcome', 'f-tag']) { s = document.getElementById(id); s.value = 'all';"
    " s.dispatchEvent(new Event('change')); }",
    "sort: id": "document.querySelector('button[data-sort=id]').click();",
    "sort: delta": "document.querySelector('button[data-sort=delta]').click();",
    "search: 'think'": "s = document.getElementById('f-search'); s.value = 'think';"
    " s.dispatchEvent(new Event('input'));",
    "open the first case": "document.querySelector('#case-rows tr').click();",
}


def build_page(cases: int, directory: Path) -> tuple[Path, float, int]:
    """The report directory, as diff writes it, of a page holding ``cases`` cases.

    (report.html's path, seconds to write the directory, differing cases)."""
    lines = (ROOT / "reports" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    report = load_report(ROOT / "reports" / "report.json")
    batch = ComparedBatch(case_ids=[], lines=[], outcomes=[], causes=[], control_passed=[])
    for n in range(cases):
        record = json.loads(lines[n % len(lines)])
        record["id"] = f"{record['id']}#{n}"
        batch.case_ids.append(record["id"])
        batch.lines.append(json.dumps(record, ensure_ascii=True) + "\n")
        batch.outcomes.append(record["outcome"])
        batch.causes.append(record.get("cause"))
        batch.control_passed.append(bool(record.get("control_passed")))
    corpus = report.corpus.model_copy(update={"cases": cases})
    report = report.model_copy(update={"corpus": corpus})

    def run(report_cases: ReportCases) -> DriftReport:  # the bundled report, as if the run had compared these
        report_cases.keep(batch)
        return report

    def panel(report: DriftReport) -> DecisionPanel:
        return decision_panel(decide(report, load_policy(None).rollout, invariant_violations=None))

    start = time.perf_counter()
    # Every case held: the figures are for a page of --cases.
    write_report_directory(directory, run, html_cases=cases, html_bytes=1 << 40, decision=panel)
    seconds = time.perf_counter() - start
    return directory / "report.html", seconds, sum(outcome != "match" for outcome in batch.outcomes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000, help="cases the page holds (default 100,000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per action, best kept (default 3)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 5,000 cases, 1 round")
    options = parser.parse_args()
    cases, rounds = (5_000, 1) if options.quick else (options.cases, options.rounds)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_html: needs playwright (pip install -e '.[test]')", file=sys.stderr)
        return 2
    if chromium is None:
        print("bench_html: needs Chromium (apt-get install -y chromium)", file=sys.stderr)
        return 2
    print_environment("report.html explorer", environment())
    with tempfile.TemporaryDirectory() as work:
        path, render_seconds, differing = build_page(cases, Path(work))
        size = path.stat().st_size
        print(f"cases:     {cases:,} held ({differing:,} differing, with their grader texts)")
        print(f"page:      {size / 1e6:.1f} MB, its report directory written in {render_seconds:.2f} s (Python)")
        best: dict[str, float] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            for _ in range(rounds):
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                start = time.perf_counter()
                page.goto(path.as_uri())
                page.wait_for_selector("#case-rows tr")
                loaded = time.perf_counter() - start
                best["load (navigation to the first rows)"] = min(
                    best.get("load (navigation to the first rows)", loaded), loaded
                )
                for name, action in ACTIONS.items():
                    took = page.evaluate(
                        f"() => {{ let s; const t = performance.now(); {action} return performance.now() - t; }}"
                    )
                    best[name] = min(best.get(name, float("inf")), took / 1000)
                    if name == "open the first case":
                        page.evaluate("() => document.getElementById('case-dialog').close()")
                page.close()
            browser.close()
    print(f"best of {rounds}:")
    for name, seconds in best.items():
        print(f"  {name:40} {seconds * 1000:9.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
