"""The benchmark's promptfoo side really runs promptfoo: ``bench_scorers.py --against-promptfoo``, quick.

The mode times the published package's ``matchesContextFaithfulness`` in node beside the
project's scorers (docs/performance.md); this runs it in its quick configuration and checks
what the figures stand on, not the figures (no timed assertion: speed is measured by the
script on a quiet host, not by a test): the ratio is printed, every case went through both
grader calls, and promptfoo's score bits, pass and reason on every case are the legacy
port's (``legacy`` is a bit-exact port of this promptfoo generation), so the node side
scored the very cases the Python side scored. Marked ``oracle``: skipped unless
FAITHCOMPAT_PROMPTFOO_EVAL names a directory holding promptfoo 0.119.14 (the install
``tests/rollout/test_promptfoo_oracle.py`` uses).
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_scorers.py"
PROMPTFOO_VERSION = "0.119.14"
HELP = (
    "set FAITHCOMPAT_PROMPTFOO_EVAL to a directory holding promptfoo: mkdir -p /tmp/pf && cd /tmp/pf && "
    f"echo '{{\"private\": true}}' > package.json && npm install promptfoo@{PROMPTFOO_VERSION} "
    "--ignore-scripts --no-audit --no-fund"
)


def promptfoo_install() -> Path:
    root = os.environ.get("FAITHCOMPAT_PROMPTFOO_EVAL")
    if not root or shutil.which("node") is None:
        pytest.skip(HELP)
    package = Path(root) / "node_modules" / "promptfoo" / "package.json"
    if not package.is_file():
        pytest.skip(f"no promptfoo under {root}: {HELP}")
    version = json.loads(package.read_text(encoding="utf-8"))["version"]
    if version != PROMPTFOO_VERSION:
        pytest.skip(f"promptfoo {version} under {root}, not {PROMPTFOO_VERSION}: {HELP}")
    return Path(root)


def test_the_side_by_side_mode_scores_every_case_with_promptfoo(tmp_path: Path) -> None:
    install = promptfoo_install()
    figures = tmp_path / "figures.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--against-promptfoo", str(install), "--quick", "--json", str(figures)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    shown = re.search(r"ratio promptfoo / fixed: ([0-9.]+)x", run.stdout)
    assert shown is not None, run.stdout
    assert f"promptfoo {PROMPTFOO_VERSION}" in run.stdout
    assert re.search(r"fixed scorer: [0-9.]+ ns per character of call 2 on outputs over 10 KB", run.stdout)

    side = json.loads(figures.read_text(encoding="utf-8"))["against_promptfoo"]
    assert side["promptfoo"] == PROMPTFOO_VERSION
    for corpus in ("typical_2kb", "long"):
        figures_of = side[corpus]
        ratio = figures_of["ratio_promptfoo_fixed"]
        assert math.isfinite(ratio) and ratio > 0
        assert figures_of["grader_calls"] == 2 * figures_of["cases"], "promptfoo did not ask both calls of every case"
        # promptfoo's own reading of each case is the legacy port's: it scored the cases we scored.
        assert figures_of["differ_from_legacy"] == [], f"{corpus}: promptfoo and legacy differ on these cases"
    assert f"{side['typical_2kb']['ratio_promptfoo_fixed']:.1f}" == shown.group(1)
