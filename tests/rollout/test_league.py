"""The league table: every candidate against the control, and whether it is safe to ship."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from compat import Case, Score, Status
from compat.cli import main
from compat.rollout import build_league, league_json, league_schema, league_section, load_policy, render_league
from compat.scoring import Cause, register_scorer, temporary_scorers
from tests.diff.graded import ROWS, answered_corpus, arm, ragas_sample, write

ROOT = Path(__file__).resolve().parents[2]
POLICY = load_policy(None).rollout
REFUSAL = "I apologize, but I cannot evaluate these statements without more context."
CLEAN = (
    "Statement 1: fine. Verdict: Yes.\nStatement 2: fine. Verdict: No.\n"
    "Final verdict for each statement in order: Yes. No."
)


class _Fixed:
    """A test scorer that answers every case with one made-up result."""

    def __init__(self, name: str, value: float | None, status: Status, passed: bool) -> None:
        self.name, self.value, self.status, self.passed = name, value, status, passed

    def score(self, case: Case) -> Score:
        return Score(
            scorer=self.name,
            value=self.value,
            status=self.status,
            passed=self.passed,
            threshold=case.threshold,
            reason="made up",
            cause=Cause.NO_VERDICTS if self.status is Status.UNDETERMINED else None,
        )


@pytest.fixture
def fake_scorers() -> Iterator[Callable[[str, float | None, Status, bool], None]]:
    def add(name: str, value: float | None, status: Status, passed: bool) -> None:
        register_scorer(name, lambda: _Fixed(name, value, status, passed))

    with temporary_scorers():
        yield add


def invoke_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def write_corpus(path: Path, cases: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(case) + "\n" for case in cases), encoding="utf-8")
    return path


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(
        tmp_path / "cases.jsonl",
        [
            {"id": "clean", "statements_output": "A.\nB.", "grader_output": CLEAN},
            {"id": "refusal", "statements_output": "A.\nB.", "grader_output": REFUSAL},
            {"id": "nothing", "statements_output": "A.\nB.", "grader_output": "Looks fine to me overall."},
        ],
    )


def test_a_neutral_half_is_counted_as_invented_and_makes_the_candidate_unsafe(corpus: Path, fake_scorers) -> None:
    fake_scorers("neutral-half", 0.5, Status.SCORED, True)
    table = build_league([corpus], control="legacy", candidates=["neutral-half", "ragas"], policy=POLICY)
    neutral, ragas = table.rows
    assert (neutral.invented, neutral.invented_passing) == (2, 2)  # the refusal and the verdict-less text
    assert (neutral.refusals, neutral.refusals_passed) == (1, 1)
    assert not neutral.safe
    assert "passes 1 of 1 refusals" in neutral.why and "invents a score on 2 cases" in neutral.why
    assert (ragas.invented, ragas.refusals_passed, ragas.undetermined) == (0, 0, 2)
    assert ragas.safe and ragas.why.startswith("ragas: safe to ship")
    assert table.exit_code == 0


def test_errors_and_scores_outside_the_unit_interval_are_counted(corpus: Path, fake_scorers) -> None:
    fake_scorers("always-errs", 0.0, Status.ERROR, False)
    fake_scorers("negative", -0.2, Status.SCORED, False)
    table = build_league([corpus], control="legacy", candidates=["always-errs", "negative"], policy=POLICY)
    errs, negative = table.rows
    assert errs.errors == 3 and errs.undetermined == 0 and not errs.safe
    assert "errs on 3 cases" in errs.why
    assert negative.outside_unit_interval == 3 and not negative.safe
    assert table.exit_code == 1  # no candidate is safe


def test_golden_outcomes_count_for_the_candidate_they_name(tmp_path: Path) -> None:
    path = write_corpus(
        tmp_path / "golden.jsonl",
        [
            {
                "id": "met",
                "statements_output": "A.\nB.",
                "grader_output": CLEAN,
                "expected": {"ragas": {"score": 0.5}, "legacy": {"score": 0.5}},
            },
            {
                "id": "missed",
                "statements_output": "A.\nB.",
                "grader_output": CLEAN,
                "expected": {"ragas": {"score": 1}},
            },
            {"id": "legacy-only", "statements_output": "A.", "grader_output": CLEAN, "expected": {"legacy": {}}},
        ],
    )
    table = build_league([path], control="legacy", candidates=["ragas", "plan-minimal"], policy=POLICY)
    ragas, plan = table.rows
    assert (ragas.golden_checked, ragas.golden_failed) == (2, 1)
    assert "misses 1 of 2 golden outcomes" in ragas.why and not ragas.safe
    assert (plan.golden_checked, plan.golden_failed) == (0, 0)


def test_the_rows_agree_with_the_pairwise_diff(corpus: Path) -> None:
    from compat.diff import DiffSettings, run_diff

    table = build_league([corpus], control="legacy", candidates=["ragas", "plan-parser"], policy=POLICY)
    for row in table.rows:
        report = run_diff([corpus], DiffSettings(candidate=row.candidate))
        assert row.matches == report.agreement.matches
        assert row.undetermined == report.outcomes["candidate_undetermined"]
        assert (row.pass_to_fail, row.fail_to_pass) == (
            report.flip_matrix["pass"]["fail"],
            report.flip_matrix["fail"]["pass"],
        )
        assert row.unexplained == report.unexplained


def test_renderings_hold_every_row_and_the_json_follows_its_schema(corpus: Path) -> None:
    table = build_league([corpus], control="legacy", candidates=["ragas", "plan-minimal"], policy=POLICY)
    text, markdown = render_league(table), render_league(table, markdown=True)
    for row in table.rows:
        assert row.candidate in text and row.why in text
        assert f"`{row.candidate}`" in markdown and f"- {row.why}" in markdown
    jsonschema.validate(json.loads(league_json(table)), league_schema())
    section = league_section(table)
    assert [row[0] for row in section.rows] == ["ragas", "plan-minimal"]


def test_the_committed_league_schema_is_current() -> None:
    committed = json.loads((ROOT / "fixtures" / "schema" / "league.schema.json").read_text(encoding="utf-8"))
    assert committed == league_schema()


def test_compare_exits_1_when_no_candidate_is_safe_and_0_when_one_is(corpus: Path) -> None:
    runner = CliRunner()
    unsafe = runner.invoke(main, ["compare", str(corpus), "--candidates", "plan-minimal"])
    assert unsafe.exit_code == 1, unsafe.output
    assert "plan-minimal: not safe to ship" in unsafe.output
    safe = runner.invoke(main, ["compare", str(corpus), "--candidates", "plan-minimal,ragas", "--format", "json"])
    assert safe.exit_code == 0, safe.output
    assert [row["candidate"] for row in json.loads(safe.output)["rows"]] == ["plan-minimal", "ragas"]


def test_compare_refuses_an_unknown_candidate_by_name(corpus: Path) -> None:
    result = CliRunner().invoke(main, ["compare", str(corpus), "--candidates", "ragas,ragsa"])
    assert result.exit_code == 2
    assert "unknown scorer 'ragsa'" in result.output


def test_compare_writes_its_output_file_whole(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "league.md"
    result = CliRunner().invoke(main, ["compare", str(corpus), "--format", "markdown", "-o", str(out)])
    assert result.exit_code == 0, result.output
    # Nine: deepeval-4.3.1 among them.
    assert out.read_text(encoding="utf-8").startswith("## faithcompat compare: 9 candidates")


def test_diff_league_adds_league_files_and_a_report_section(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(out), "--league"])
    assert result.exit_code == 0, result.output
    assert {"league.json", "league.md"} <= {p.name for p in out.iterdir()}
    html = (out / "report.html").read_text(encoding="utf-8")
    assert 'id="s-league"' in html and "plan-ragas-port: not safe to ship" in html


def graded_both_ways(path: Path) -> Path:
    """Rows graded on both arms: the legacy prompts' text reads 1 of 2 supported, the RAGAS prompts' JSON too."""
    return answered_corpus(path, legacy="YN", ragas="YN")


def test_on_a_graded_corpus_each_candidate_reads_the_arm_its_contract_reads(tmp_path: Path) -> None:
    table = build_league(
        [graded_both_ways(tmp_path / "graded.jsonl")],
        control="legacy",
        candidates=["plan-minimal", "promptfoo-0.120.27", "promptfoo-0.121.19", "ragas", "ragas-0.4.3"],
        policy=POLICY,
    )
    rows = {row.candidate: row for row in table.rows}
    assert {name: row.arm for name, row in rows.items()} == {
        "plan-minimal": "legacy",
        "promptfoo-0.120.27": "legacy",
        "promptfoo-0.121.19": "legacy",
        "ragas": "ragas",
        "ragas-0.4.3": "ragas",
    }
    # Each reads "1 of 2" where it can read it: none scores 0.000 on every case any more.
    assert all(row.mean == 0.5 and row.scored == 3 and row.unreadable == 0 for row in rows.values())
    assert all(row.safe for row in rows.values()), [row.why for row in rows.values()]


def test_a_candidate_made_to_read_an_arm_it_cannot_read_says_so_and_is_not_safe(tmp_path: Path) -> None:
    corpus = graded_both_ways(tmp_path / "graded.jsonl")
    table = build_league([corpus], control="legacy", candidates=["plan-minimal", "ragas"], policy=POLICY, arm="ragas")
    minimal, ragas = table.rows
    assert minimal.arm == "ragas" and minimal.unreadable == 3 and not minimal.safe
    assert minimal.why.startswith(
        "plan-minimal: not safe to ship: it cannot read the ragas arm: it holds the RAGAS prompts' JSON, and it "
        "reads the legacy prompts' free text"
    )
    assert ragas.safe and ragas.unreadable == 0
    code, stdout, _ = invoke_cli("compare", str(corpus), "--arm", "ragas", "--candidates", "plan-minimal,ragas")
    assert (
        code == 0
        and re.search(r"^plan-minimal  ragas! ", stdout, re.M)
        and re.search(r"^ragas         ragas  ", stdout, re.M)
    )


def test_a_candidate_that_scores_no_case_is_never_safe(corpus: Path, fake_scorers) -> None:
    fake_scorers("declines-all", None, Status.UNDETERMINED, False)
    table = build_league([corpus], control="legacy", candidates=["declines-all", "ragas"], policy=POLICY)
    declines, ragas = table.rows
    assert declines.scored == 0 and declines.invented == 0 and declines.refusals_passed == 0 and not declines.safe
    assert declines.why.startswith("declines-all: not safe to ship: it scores no case (3 undetermined)")
    assert declines.rollout == "NO-DECISION" and declines.no_decision is not None
    assert ragas.safe and table.exit_code == 0


def test_a_corpus_graded_on_one_arm_only_leaves_the_other_arms_readers_nothing(tmp_path: Path) -> None:
    cases = [
        {
            "id": f"row-{i}",
            "question": row["question"],
            "answer": row["answer"],
            "contexts": row["contexts"],
            "arms": {"ragas": arm("ragas", [ragas_sample(row["statements"], "YN")])},
        }
        for i, row in enumerate(ROWS)
    ]
    table = build_league(
        [write(tmp_path / "ragas-only.jsonl", cases)],
        control="legacy",
        candidates=["plan-minimal", "ragas"],
        policy=POLICY,
    )
    minimal, ragas = table.rows
    assert minimal.unreadable == 3 and "finds nothing recorded for the legacy arm on 3 of 3 cases" in minimal.why
    assert ragas.unreadable == 0 and ragas.scored == 3
    # The control (legacy) has nothing to read either: no candidate can be judged against it.
    assert table.no_decision == "none of the 3 cases has a valid score from the control (legacy)"
    assert table.exit_code == 2
