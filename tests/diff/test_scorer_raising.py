"""A scorer that raises on one case (a bug) fails that case, not the run: ``scorer_error``."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat.cases import Case
from compat.cli import main
from compat.diff import score_arm
from compat.diff.compare.arms import ERROR_MESSAGE_CHARS
from compat.scoring import RagasScorer, Score, Status

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "clean.jsonl"
UNLUCKY = "the case the bug bites"


def _bitten(self: RagasScorer, case: Case) -> Score:
    if case.grader_output is not None and UNLUCKY in case.grader_output:
        raise ValueError("an index the reader did not expect " + "x" * 10_000)
    return _SCORE(self, case)


_SCORE = RagasScorer.score


def _corpus(tmp_path: Path) -> tuple[Path, int, str]:
    """The bundled clean cases, one of them carrying the text the bug bites."""
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    bitten = json.loads(lines[1])
    bitten["grader_output"] += f"\n({UNLUCKY})"
    lines[1] = json.dumps(bitten)
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, len(lines), bitten["id"]


def test_an_exception_becomes_the_case_s_scorer_error_naming_it_and_where(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RagasScorer, "score", _bitten)
    case = Case(id="c", statements_output="A.\nB.", grader_output=f"Final verdict: Yes. Yes. ({UNLUCKY})")
    score = score_arm(RagasScorer(), case, "ragas")
    assert score.status is Status.ERROR and score.value is None and not score.passed
    assert score.reason.startswith("the ragas scorer raised ValueError at test_scorer_raising.py:")
    assert "an index the reader did not expect" in score.reason and "please report it" in score.reason
    assert len(score.reason) < ERROR_MESSAGE_CHARS + 200  # the 10,000 x's are cut
    intact_case = Case(id="d", statements_output="A.\nB.", grader_output="Final verdict: Yes. No.")
    intact = score_arm(RagasScorer(), intact_case, "ragas")
    assert intact.status is Status.SCORED and intact.value == 0.5


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_diff_goes_on_past_a_scorer_that_raises_and_reports_the_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    if jobs != "1" and multiprocessing.get_start_method() != "fork":
        pytest.skip("workers inherit the patched scorer only when forked")
    monkeypatch.setattr(RagasScorer, "score", _bitten)
    corpus, count, bitten_id = _corpus(tmp_path)
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(out), "--jobs", jobs])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr
    assert result.exit_code == 0, result.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["corpus"]["cases"] == count
    assert report["outcomes"]["scorer_error"] == 1
    cases = [json.loads(line) for line in (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
    (errored,) = [case for case in cases if case["outcome"] == "scorer_error"]
    assert errored["id"] == bitten_id and errored["cause"] == "scorer_error"
    assert "raised ValueError" in errored["candidate_reason"]
    assert len(cases) == count
