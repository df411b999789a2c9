"""The bundled corpus: big enough, documented, in sync with its generator, and every
expected outcome holds for both scorers."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from compat import bundled_corpus, get_scorer, load_cases
from compat.diff import CANDIDATE_ARM, CONTROL_ARM, check_expected, score_arm

ROOT = Path(__file__).resolve().parents[2]
CASES = load_cases(bundled_corpus())
SCORERS = {name: get_scorer(name) for name in ("legacy", "ragas")}
ARMS = {"legacy": CONTROL_ARM, "ragas": CANDIDATE_ARM}  # as faithcompat diff scores recorded cases


def test_corpus_is_large_and_every_case_is_documented() -> None:
    assert len(CASES) >= 150
    for case in CASES:
        assert case.note and case.tags, case.id
        assert {"legacy", "ragas"} <= set(case.expected), case.id


def test_corpus_covers_the_cohorts_the_migration_needs() -> None:
    tags = Counter(tag for case in CASES for tag in case.tags)
    for cohort in ("refusal", "json", "text", "mismatch", "adversarial", "seed", "clean"):
        assert tags[cohort] >= 10, (cohort, tags[cohort])


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_expected_outcomes_hold(case) -> None:  # type: ignore[no-untyped-def]
    scores = {name: score_arm(scorer, case, ARMS[name]) for name, scorer in SCORERS.items()}
    assert check_expected(case, scores) == []


def test_committed_corpus_matches_its_generator() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "fixtures" / "build_corpus.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_seed_documents_cases_are_in_the_corpus() -> None:
    outputs = {case.grader_output for case in CASES}
    assert any(o.startswith("I apologize, but I cannot create statements") for o in outputs)
    minus = [c for c in CASES if SCORERS["legacy"].score(c).reason == "Faithfulness -0.20 is < 0.5"]
    assert minus, "the reported -0.2 case"
    assert any("Super Bowl" in (case.statements_output or "") + " ".join(case.statements or ()) for case in CASES)
