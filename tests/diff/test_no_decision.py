"""Reports that refuse to decide on nothing, and headlines that add up.

A corpus the grader never reached (every call failed), an empty corpus, a candidate that
declines every case: `diff`, `rollout`, `gate`, `compare` and report.html say "no decision"
with the reason, exit non-zero, and claim no GO, HOLD or NO-GO. Every headline names every
outcome, so its counts add up to the corpus.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from compat.cli import main
from compat.diff import DiffSettings, Outcome, load_report, outcome_counts, run_diff
from compat.rollout import Recommendation, decide, load_policy
from tests.diff.graded import (
    ROWS,
    UNAUTHORISED,
    arm,
    failed_arm,
    graded_case,
    legacy_sample,
    ragas_sample,
    unreached_corpus,
    write,
)

ROOT = Path(__file__).resolve().parents[2]
NO_INVARIANTS = "[rollout]\ninvariant_examples = 0\n"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def headline_counts(text: str) -> tuple[int, int]:
    """(the cases, the sum of the outcome counts) of a headline ``N cases: a match, b drift, ...``."""
    found = re.match(r"(\d+) cases: (.*?) \(\d+ of \d+ differences", " ".join(text.split()))
    assert found is not None, text
    return int(found[1]), sum(int(n) for n in re.findall(r"(\d+) [a-z]", found[2]))


def assert_no_verdict_claimed(text: str) -> None:
    for claim in ("GO:", "HOLD", "NO-GO", "every difference is explained", "Every difference is explained"):
        assert claim not in text, claim


@pytest.fixture
def unreached(tmp_path: Path) -> Path:
    return unreached_corpus(tmp_path / "graded.jsonl")


def test_diff_on_a_corpus_the_grader_never_reached_says_no_decision_and_exits_2(
    unreached: Path, tmp_path: Path
) -> None:
    out = tmp_path / "report"
    code, stdout, stderr = invoke("diff", str(unreached), "--out", str(out))
    reason = (
        "none of the 3 cases has a valid score from the control (legacy) nor the candidate (ragas): 3 grader "
        "errors (every case has a grader call that failed: grade again once the grader answers)"
    )
    assert code == 2 and stderr.splitlines()[-1] == f"faithcompat: no decision: {reason}"
    assert stdout.startswith("no decision: none of the 3 cases") and "nothing to decide a switch on" in stdout
    assert_no_verdict_claimed(stdout)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["no_decision"] == reason and report["outcomes"]["grader_error"] == 3
    assert headline_counts(report["verdict"]) == (3, 3)  # the grader errors are named: 3 of 3
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert f"**No decision: {reason}**" in markdown and "Nothing to decide a switch on." in markdown
    assert_no_verdict_claimed(markdown)
    page = (out / "report.html").read_text(encoding="utf-8")
    assert '<div class="badge no-decision">NO DECISION</div>' in page and f"No decision: {reason}." in page
    assert 'class="criteria"' not in page and "badge hold" not in page and "badge go" not in page


def test_rollout_on_it_names_no_verdict_and_exits_2(unreached: Path, tmp_path: Path) -> None:
    policy = tmp_path / "policy.toml"
    policy.write_text(NO_INVARIANTS, encoding="utf-8")
    out = tmp_path / "report"
    assert invoke("diff", str(unreached), "--out", str(out))[0] == 2
    for source in (["--report", str(out / "report.json")], [str(unreached)]):
        code, stdout, _ = invoke("rollout", *source, "--stage", "shadow", "--rollout-policy", str(policy))
        assert code == 2, stdout
        assert stdout.splitlines()[:2] == [
            "NO-DECISION: stay at shadow",
            "leave the flag at shadow: nothing was measured, so nothing is decided",
        ]
        assert "no decision: none of the 3 cases has a valid score" in stdout and "no criterion measured" in stdout
        assert_no_verdict_claimed(stdout.replace("NO-DECISION", ""))
        code, stdout, _ = invoke("rollout", *source, "--rollout-policy", str(policy), "--format", "json")
        decision = json.loads(stdout)
        assert code == 2 and decision["verdict"] == "NO-DECISION" and decision["criteria"] == []
        assert decision["no_decision"].startswith("none of the 3 cases") and decision["decided_by"] == []


def test_the_gate_fails_on_it(unreached: Path) -> None:
    code, stdout, _ = invoke("gate", str(unreached), "--examples", "0")
    assert code == 1 and stdout.splitlines()[0].startswith(
        "FAIL  corpus   something scored: no decision: none of the 3 cases has a valid score"
    )
    assert stdout.splitlines()[-1] == "gate FAILED: 1 check(s)"


def test_compare_on_it_finds_no_candidate_safe_and_exits_2(unreached: Path) -> None:
    code, stdout, _ = invoke("compare", str(unreached), "--format", "json")
    table = json.loads(stdout)
    assert code == 2 and table["no_decision"] == "none of the 3 cases has a valid score from the control (legacy)"
    assert all(not row["safe"] and row["rollout"] == "NO-DECISION" for row in table["rows"])
    # deepeval-4.3.1 reads the deepeval arm, which this corpus never graded: nothing of it is recorded.
    rows = {row["candidate"]: row["why"] for row in table["rows"]}
    assert "scores no case (3 not recorded)" in rows.pop("deepeval-4.3.1")
    assert all("scores no case (3 grader errors)" in why for why in rows.values())
    code, stdout, _ = invoke("compare", str(unreached))
    assert code == 2 and "no decision: none of the 3 cases has a valid score from the control (legacy)" in stdout


@pytest.mark.parametrize(("name", "content"), [("empty.jsonl", ""), ("empty.json", "[]\n"), ("blank.jsonl", "\n\n")])
def test_an_empty_corpus_decides_nothing(tmp_path: Path, name: str, content: str) -> None:
    corpus = tmp_path / name
    corpus.write_text(content, encoding="utf-8")
    out = tmp_path / "report"
    code, stdout, stderr = invoke("diff", str(corpus), "--out", str(out))
    assert code == 2 and len(stderr.strip().splitlines()) <= 2 and "no case" in stderr.splitlines()[-1]
    assert_no_verdict_claimed(stdout)
    if (out / "report.json").exists():
        assert json.loads((out / "report.json").read_text(encoding="utf-8"))["no_decision"]
    code, stdout, _ = invoke("rollout", str(corpus), "--format", "json")
    assert code == 2 and (stdout == "" or json.loads(stdout)["verdict"] == "NO-DECISION")


def test_one_side_with_nothing_valid_is_enough_to_decide_nothing(tmp_path: Path) -> None:
    # The legacy arm's key was refused (HTTP 401 on every call); the RAGAS arm answered.
    cases = [
        graded_case(i, row, failed_arm("legacy", UNAUTHORISED), arm("ragas", [ragas_sample(row["statements"], "YN")]))
        for i, row in enumerate(ROWS)
    ]
    report = run_diff([write(tmp_path / "half.jsonl", cases)], DiffSettings())
    assert report.no_decision == (
        "none of the 3 cases has a valid score from the control (legacy): 3 grader errors (every case has a grader "
        "call that failed: grade again once the grader answers)"
    )
    decision = decide(report, load_policy(None).rollout, invariant_violations=None)
    assert decision.verdict is Recommendation.NO_DECISION and decision.exit_code == 2 and decision.criteria == ()
    # The grader answered the legacy arm too, but with words the fixed scorer does not read as verdicts.
    unread = {"seed": 0, "statements_output": "A.\nB.", "grader_output": "Seems fine to me."}
    cases = [
        graded_case(i, row, arm("legacy", [legacy_sample(row["statements"], "YN")]), arm("ragas", [unread]))
        for i, row in enumerate(ROWS)
    ]
    report = run_diff([write(tmp_path / "unread.jsonl", cases)], DiffSettings())
    assert report.no_decision == "none of the 3 cases has a valid score from the candidate (ragas): 3 undetermined"


def test_a_corpus_with_something_scored_on_each_side_decides() -> None:
    report = load_report(ROOT / "reports" / "report.json")
    assert report.no_decision is None
    assert (
        decide(report, load_policy(None).rollout, invariant_violations=None).verdict is not Recommendation.NO_DECISION
    )


def test_a_report_older_than_1_3_with_nothing_scored_still_decides_nothing(unreached: Path, tmp_path: Path) -> None:
    assert invoke("diff", str(unreached), "--out", str(tmp_path))[0] == 2
    old = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    old.update(schema_version="1.2", no_decision=None)
    (tmp_path / "report.json").write_text(json.dumps(old), encoding="utf-8")
    report = load_report(tmp_path / "report.json")
    decision = decide(report, load_policy(None).rollout, invariant_violations=None)
    assert decision.verdict is Recommendation.NO_DECISION
    assert (
        decision.no_decision
        == "none of the 3 cases has a valid score from the control (legacy) nor the candidate (ragas)"
    )


def test_a_report_of_a_newer_schema_is_refused_by_name(tmp_path: Path) -> None:
    report = json.loads((ROOT / "reports" / "report.json").read_text(encoding="utf-8"))
    report["schema_version"] = "2.0"
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    code, stdout, stderr = invoke("rollout", "--report", str(path))
    assert code == 2 and stdout == ""
    assert stderr == (
        f"faithcompat: error: {path}: report schema '2.0' is not one this faithcompat reads "
        "(1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8): "
        "made by a newer faithcompat? Upgrade, or make the report again with this one (faithcompat diff)\n"
    )


@given(st.dictionaries(st.sampled_from([outcome.value for outcome in Outcome]), st.integers(0, 10**6)))
@example({Outcome.GRADER_ERROR.value: 2, Outcome.MATCH.value: 90})  # the 310 of 312
def test_every_outcome_is_named_so_a_headline_adds_up(outcomes: dict[str, int]) -> None:
    total = sum(outcomes.values())
    assert headline_counts(f"{total} cases: {outcome_counts(outcomes)} (0 of 0 differences")[1] == total


def test_the_bundled_headline_adds_up_to_the_corpus() -> None:
    report = load_report(ROOT / "reports" / "report.json")
    assert headline_counts(report.verdict) == (report.corpus.cases, report.corpus.cases)
    assert "2 grader errors" in report.verdict
