"""The gate, the rollout decision and the runtime flag, end to end."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from compat import Case, Cause, Score, Status
from compat._errors import InputError, PolicyError
from compat.cli import main
from compat.diff import DiffSettings, VocabularyInfo, bundled_baseline, load_report, run_diff
from compat.rollout import (
    FaithfulnessFlag,
    FlagConfig,
    FlagConfigError,
    Mode,
    Refusal,
    RolloutPolicy,
    bucket,
    decide,
    load_policy,
    parse_stage,
    render_decision,
)
from compat.rollout._policy import GatePolicy
from compat.rollout.decision import Decision, Recommendation
from compat.rollout.gate import check_budget, check_properties, check_same_scorers
from compat.scoring import RagasScorer

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# ------------------------------------------------------------------ gate


def test_gate_on_another_corpus_skips_the_budget_without_its_own_baseline(tmp_path: Path) -> None:
    """The committed baseline describes the bundled corpus: against any other its budget means nothing."""
    corpus = str(ROOT / "fixtures" / "corpus" / "clean.jsonl")
    code, stdout, _ = invoke("gate", corpus, "--examples", "0")
    assert code == 0, stdout
    assert "budget   drift budget: skipped: no baseline for this corpus" in stdout
    assert "in the baseline" not in stdout
    code, stdout, _ = invoke("diff", corpus, "--out", str(tmp_path / "baseline"))
    assert code == 0
    made = str(tmp_path / "baseline" / "report.json")
    code, stdout, _ = invoke("gate", corpus, "--examples", "0", "--baseline", made)
    assert code == 0, stdout
    assert "unexplained drift: 0 now vs 0 in the baseline" in stdout and "skipped" not in stdout
    code, stdout, _ = invoke("gate", corpus, "--examples", "0", "--no-baseline")
    assert "drift budget: skipped: --no-baseline" in stdout


def test_gate_refuses_a_baseline_made_with_other_verdict_words(tmp_path: Path) -> None:
    """A baseline read with other words (or another candidate) describes another reading: exit 2, both named."""
    corpus = str(ROOT / "fixtures" / "corpus" / "clean.jsonl")
    words = tmp_path / "words.toml"
    words.write_text('[vocabulary]\nyes = ["Checks out"]\nno = ["debunked"]\n', encoding="utf-8")
    code, _, _ = invoke("diff", corpus, "--out", str(tmp_path / "plain"))
    assert code == 0
    code, _, _ = invoke("diff", corpus, "--vocabulary", str(words), "--out", str(tmp_path / "team"))
    assert code == 0
    plain, team = str(tmp_path / "plain" / "report.json"), str(tmp_path / "team" / "report.json")

    code, stdout, stderr = invoke("gate", corpus, "--examples", "0", "--vocabulary", str(words), "--baseline", plain)
    assert code == 2 and stdout == ""
    assert stderr.startswith("faithcompat: error: the baseline was made with other scorers (candidate_vocabulary: ")
    assert "the built-in words only in the baseline, added words (yes checks out; no debunked) now" in stderr
    code, stdout, stderr = invoke("gate", corpus, "--examples", "0", "--baseline", team)
    assert (
        code == 2 and "added words (yes checks out; no debunked) in the baseline, the built-in words only now" in stderr
    )
    code, stdout, stderr = invoke("gate", corpus, "--examples", "0", "--candidate", "plan-minimal", "--baseline", plain)
    assert code == 2 and "candidate: ragas in the baseline, plan-minimal now" in stderr

    code, stdout, _ = invoke("gate", corpus, "--examples", "0", "--vocabulary", str(words), "--baseline", team)
    assert code == 0 and "in the baseline (growth 0" in stdout

    # Outcomes hang on the tolerance: a baseline made with another is another reading too.
    code, _, _ = invoke("diff", corpus, "--tolerance", "0.05", "--out", str(tmp_path / "loose"))
    loose = str(tmp_path / "loose" / "report.json")
    code, _, stderr = invoke("gate", corpus, "--examples", "0", "--baseline", loose)
    assert code == 2 and "tolerance: 0.05 in the baseline, 1e-09 now" in stderr
    code, stdout, _ = invoke("gate", corpus, "--examples", "0", "--tolerance", "0.05", "--baseline", loose)
    assert code == 0 and "in the baseline (growth 0" in stdout


def test_a_word_moved_from_yes_to_no_is_another_reading() -> None:
    baseline = load_report(bundled_baseline())
    holds = VocabularyInfo(yes=["holds"], no=[], none=[])
    moved = VocabularyInfo(yes=[], no=["holds"], none=[])
    before = baseline.model_copy(
        update={"scorers": baseline.scorers.model_copy(update={"candidate_vocabulary": holds})}
    )
    after = baseline.model_copy(update={"scorers": baseline.scorers.model_copy(update={"candidate_vocabulary": moved})})
    check_same_scorers(before.scorers, before.scorers)
    with pytest.raises(InputError, match=r"added words \(yes holds\) in the baseline, added words \(no holds\) now"):
        check_same_scorers(after.scorers, before.scorers)


def test_gate_passes_on_the_bundled_corpus(tmp_path: Path) -> None:
    junit, summary = tmp_path / "gate.xml", tmp_path / "gate.md"
    code, stdout, _ = invoke("gate", "--examples", "30", "--junit", str(junit), "--summary", str(summary))
    assert code == 0, stdout
    assert stdout.splitlines()[-1] == "gate passed"
    assert 'failures="0"' in junit.read_text() and "## faithcompat gate: passed" in summary.read_text()


def neutral_fallback(self: RagasScorer, case: Case) -> Score:
    """The seed plans' proposal: a neutral 0.5 when no verdict is found. It hides failures."""
    score = ORIGINAL_SCORE(self, case)
    if score.status is Status.UNDETERMINED and score.cause in (Cause.NO_VERDICTS, Cause.REFUSAL):
        return score._replace(value=0.5, status=Status.SCORED, cause=None, passed=case.threshold <= 0.5)
    return score


ORIGINAL_SCORE = RagasScorer.score


def test_gate_fails_naming_the_property_and_counterexample_when_the_scorer_is_broken(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(RagasScorer, "score", neutral_fallback)
    junit = tmp_path / "gate.xml"
    code, stdout, _ = invoke("gate", "--examples", "50", "--no-baseline", "--junit", str(junit))
    assert code == 1
    failing = [line for line in stdout.splitlines() if line.startswith("FAIL")]
    assert any("no_verdict_undetermined" in line for line in failing)
    counterexample = stdout.split("no_verdict_undetermined", 1)[1].splitlines()[1].strip()
    case = json.loads(counterexample)  # ready to paste into a corpus
    assert Case.model_validate(case).grader_output is not None
    testcases = {tc.get("name"): tc for tc in ElementTree.parse(junit).iter("testcase")}
    failure = testcases["no_verdict_undetermined"].find("failure")
    assert failure is not None and counterexample in (failure.text or "")
    assert testcases["bounded"].find("failure") is None
    assert stdout.splitlines()[-1].startswith("gate FAILED")


def test_gate_fails_when_the_golden_corpus_regresses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RagasScorer, "score", neutral_fallback)
    code, stdout, _ = invoke("gate", "--examples", "0", "--no-baseline")
    assert code == 1 and "FAIL  golden" in stdout


def test_budget_catches_growth_in_unexplained_flips_and_undetermined() -> None:
    baseline = load_report(bundled_baseline())
    worse = baseline.model_copy(
        update={
            "unexplained": 2,
            "outcomes": {
                **baseline.outcomes,
                "flip": baseline.outcomes["flip"] + 1,
                "candidate_undetermined": baseline.outcomes["candidate_undetermined"] + 5,
            },
        }
    )
    checks = {c.name: c for c in check_budget(worse, baseline, GatePolicy())}
    assert not any(checks[name].passed for name in ("unexplained drift", "flips", "undetermined rate"))
    generous = GatePolicy(max_unexplained_increase=2, max_flip_increase=1, max_undetermined_rate_increase=0.1)
    assert all(c.passed for c in check_budget(worse, baseline, generous))


def test_properties_pass_for_the_real_scorer() -> None:
    assert all(check.passed for check in check_properties(examples=20, seed=1))


def test_gate_rejects_a_bad_baseline_and_policy(tmp_path: Path) -> None:
    bad = tmp_path / "report.json"
    bad.write_text('{"schema_version": "1.0"}')
    code, _, stderr = invoke("gate", "--examples", "0", "--baseline", str(bad))
    assert code == 2 and "not a faithcompat report" in stderr
    policy = tmp_path / "policy.toml"
    policy.write_text("[gate]\nmax_flip_increse = 3\n")
    code, _, stderr = invoke("gate", "--examples", "0", "--rollout-policy", str(policy))
    assert code == 2 and "unknown key 'gate.max_flip_increse'" in stderr


def test_policy_command_prints_a_loadable_default(tmp_path: Path) -> None:
    code, stdout, _ = invoke("policy")
    path = tmp_path / "policy.toml"
    path.write_text(stdout)
    assert code == 0 and load_policy(path) == load_policy(None)
    path.write_text("[rollout]\nmax_undetermined_rate = 2\n")
    with pytest.raises(PolicyError, match="max_undetermined_rate"):
        load_policy(path)


# ------------------------------------------------------------------ rollout


REPORT = run_diff([ROOT / "fixtures" / "corpus" / "clean.jsonl"], DiffSettings())


def test_rollout_go_on_clean_agreement_advances_one_stage() -> None:
    policy = RolloutPolicy(min_cohort_size=1)
    decision = decide(REPORT, policy, current_stage="shadow")
    assert decision.verdict is Recommendation.GO and decision.next_stage == "live:1"
    assert decide(REPORT, policy, current_stage="live:50").next_stage == "complete"
    assert decision.exit_code == 0


def test_rollout_no_go_on_unexplained_drift_goes_back_to_shadow() -> None:
    broken = REPORT.model_copy(update={"unexplained": 1})
    decision = decide(broken, RolloutPolicy(min_cohort_size=1), current_stage="live:25")
    assert (decision.verdict, decision.next_stage, decision.exit_code) == (Recommendation.NO_GO, "shadow", 1)
    failing = [c for c in decision.criteria if not c.holds]
    assert [(c.name, c.measured, c.threshold) for c in failing] == [("unexplained drift", 1, 0)]


def test_rollout_holds_on_small_cohorts_and_names_them() -> None:
    decision = decide(REPORT, RolloutPolicy(min_cohort_size=1000), current_stage="shadow")
    assert decision.verdict is Recommendation.HOLD and decision.next_stage == "shadow"
    assert decision.small_cohorts and "clean" in decision.small_cohorts


@pytest.fixture
def quick_policy(tmp_path: Path) -> str:
    path = tmp_path / "quick.toml"
    path.write_text("[rollout]\ninvariant_examples = 10\n")
    return str(path)


def test_rollout_cli_backs_every_criterion_with_a_number_and_lists_refusals(quick_policy: str) -> None:
    code, stdout, _ = invoke("rollout", "--format", "json", "--rollout-policy", quick_policy)
    decision = json.loads(stdout)
    assert code == 1 and decision["verdict"] in ("HOLD", "NO-GO")
    assert all(
        isinstance(c["measured"], int | float) and isinstance(c["threshold"], int | float) for c in decision["criteria"]
    )
    assert "refusal-es-lo-siento" in decision["refusals_legacy_passed_candidate_declines"]


def test_rollout_from_a_report_and_its_cases(tmp_path: Path, quick_policy: str) -> None:
    assert invoke("diff", "--out", str(tmp_path))[0] == 0
    code, stdout, _ = invoke(
        "rollout",
        "--report",
        str(tmp_path / "report.json"),
        "--stage",
        "shadow",
        "--format",
        "markdown",
        "--rollout-policy",
        quick_policy,
    )
    assert code == 1 and stdout.startswith("## faithcompat rollout: **")
    declined, legacy_arm = stdout.split("\n\n43 refusal(s) legacy passed that the fixed scorer declines")[1].split(
        "\n\n1 refusal(s) by the legacy arm's grader alone: legacy passed the refusal; the RAGAS arm's grader answered"
    )
    listed = [line for line in declined.splitlines() if line.startswith("- `")]  # the refusals legacy passed
    assert len(listed) == 20 and "- and 23 more (all in the JSON output and cases.jsonl)" in declined
    # Only the legacy arm's grader refused this one: the fixed scorer scored the RAGAS arm's answer (0.5).
    assert "- `recorded-prompts-differ-flip`" in legacy_arm and "recorded-prompts-differ-flip" not in declined


def test_rollout_from_a_report_lists_the_refusals_a_corpus_run_lists(tmp_path: Path, quick_policy: str) -> None:
    assert invoke("diff", "--out", str(tmp_path))[0] == 0
    common = ("rollout", "--format", "json", "--rollout-policy", quick_policy)
    from_report = invoke(*common, "--report", str(tmp_path / "report.json"))
    from_corpus = invoke(*common)
    listed = [json.loads(run[1])["refusals_legacy_passed_candidate_declines"] for run in (from_report, from_corpus)]
    assert listed[0] == listed[1] and len(listed[0]) >= 5


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"id": "a"\n', "cases.jsonl:1: not a cases.jsonl line: Expecting ',' delimiter"),
        (b"\xff\n", "cases.jsonl:1: invalid UTF-8 at byte 1"),
        (b'{"id": 3}\n', "cases.jsonl:1: not a cases.jsonl line (id: Input should be a valid string)"),
        (b"[" * 100_000 + b"]" * 100_000 + b"\n", "cases.jsonl:1: not a cases.jsonl line: nested too deeply"),
    ],
)
def test_rollout_names_the_bad_line_of_the_cases_beside_a_report(tmp_path: Path, content: bytes, problem: str) -> None:
    assert invoke("diff", "--out", str(tmp_path))[0] == 0
    cases = tmp_path / "cases.jsonl"
    cases.write_bytes(cases.read_bytes() + content)
    lines = cases.read_bytes().count(b"\n")
    code, _, stderr = invoke("rollout", "--report", str(tmp_path / "report.json"))
    assert code == 2 and "Traceback" not in stderr
    assert f"{tmp_path}/{problem}".replace("cases.jsonl:1:", f"cases.jsonl:{lines}:") in stderr


def test_rollout_and_gate_refuse_inputs_nested_too_deeply(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    report.write_text("[" * 100_000 + "]" * 100_000)
    policy = tmp_path / "policy.toml"
    policy.write_text("a = " + "[" * 100_000 + "]" * 100_000)
    for args, problem in (
        (("rollout", "--report", str(report)), f"{report}: not a faithcompat report: nested too deeply to read"),
        (("rollout", "--rollout-policy", str(policy)), f"{policy}: invalid TOML: nested too deeply to read"),
        (("gate", "--examples", "0", "--baseline", str(report)), f"{report}: not a faithcompat report: nested too"),
    ):
        code, _, stderr = invoke(*args)
        assert code == 2 and problem in stderr and "Traceback" not in stderr


def test_stages_parse_and_unknown_stage_is_a_usage_error() -> None:
    policy = RolloutPolicy()
    assert parse_stage("LIVE:25%", policy) == "live:25"
    with pytest.raises(ValueError, match="unknown stage"):
        parse_stage("live:30", policy)
    assert invoke("rollout", "--stage", "halfway")[0] == 2


# ------------------------------------------------------------------ flag


CASE = Case(id="t-1", statements=["A.", "B."], grader_output="Final verdict for each statement in order: Yes. 1. Yes.")


def test_flag_modes_pick_the_deciding_arm(tmp_path: Path) -> None:
    assert FaithfulnessFlag(FlagConfig(Mode.LEGACY)).score(CASE).scorer == "legacy"
    assert FaithfulnessFlag(FlagConfig(Mode.CANDIDATE)).score(CASE).scorer == "ragas"
    with FaithfulnessFlag(FlagConfig(Mode.SHADOW, shadow_log=tmp_path / "log.jsonl")) as flag:
        assert flag.score(CASE).scorer == "legacy"
    assert FaithfulnessFlag(FlagConfig(Mode.LIVE, 100)).score(CASE).scorer == "ragas"
    assert FaithfulnessFlag(FlagConfig(Mode.LIVE, 0.01)).score(CASE, key="t-1").scorer == "legacy"  # bucket >= 1


def test_settings_that_would_silently_do_nothing_are_configuration_errors() -> None:
    with pytest.raises(FlagConfigError, match="no shadow log is set"):
        FlagConfig(Mode.SHADOW)
    with pytest.raises(FlagConfigError, match="live mode with 0%"):
        FlagConfig(Mode.LIVE, 0)
    with pytest.raises(FlagConfigError, match="FAITHCOMPAT_MODE=live needs FAITHCOMPAT_PERCENT"):
        FlagConfig.from_env({"FAITHCOMPAT_MODE": "live"})
    with pytest.raises(FlagConfigError, match="no shadow log is set"):
        FlagConfig.from_env({"FAITHCOMPAT_MODE": "shadow"})


def test_live_assignment_is_sticky_and_monotone_in_the_percentage() -> None:
    keys = [f"test-{i}" for i in range(2000)]
    at_10 = {k for k in keys if FaithfulnessFlag(FlagConfig(Mode.LIVE, 10)).uses_candidate(k)}
    at_50 = {k for k in keys if FaithfulnessFlag(FlagConfig(Mode.LIVE, 50)).uses_candidate(k)}
    assert at_10 <= at_50  # raising the percentage only moves keys to the candidate
    assert 120 < len(at_10) < 280 and 850 < len(at_50) < 1150
    assert bucket("test-7") == bucket("test-7")


def test_flag_from_environment() -> None:
    config = FlagConfig.from_env({"FAITHCOMPAT_MODE": "LIVE", "FAITHCOMPAT_PERCENT": "25%"})
    assert (config.mode, config.percent) == (Mode.LIVE, 25.0)
    with pytest.raises(FlagConfigError, match="FAITHCOMPAT_MODE='sideways'"):
        FlagConfig.from_env({"FAITHCOMPAT_MODE": "sideways"})
    with pytest.raises(FlagConfigError, match="percent must be within 0 and 100"):
        FlagConfig.from_env({"FAITHCOMPAT_MODE": "live", "FAITHCOMPAT_PERCENT": "150"})


class Exploding:
    name = "ragas"

    def score(self, case: Case) -> Score:
        raise RuntimeError("candidate bug")


def test_a_failing_shadow_arm_never_breaks_the_caller(tmp_path: Path) -> None:
    log = tmp_path / "shadow.jsonl"
    with FaithfulnessFlag(FlagConfig(Mode.SHADOW, shadow_log=log), candidate_scorer=Exploding()) as flag:
        assert flag.score(CASE).scorer == "legacy"
    assert (flag.stats.shadow_failures, flag.stats.logged) == (1, 1)


def test_unwritable_shadow_log_is_counted_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    flag = FaithfulnessFlag(FlagConfig(Mode.SHADOW, shadow_log=blocker / "log.jsonl"))
    assert flag.score(CASE).scorer == "legacy" and flag.stats.log_failures == 1


def test_shadow_log_closes_the_loop_with_diff_and_rollout(tmp_path: Path, quick_policy: str) -> None:
    log = tmp_path / "shadow.jsonl"
    with FaithfulnessFlag(FlagConfig(Mode.LIVE, 50, shadow_log=log)) as flag:
        for i in range(30):
            flag.score(CASE.model_copy(update={"id": f"t-{i}"}))
            flag.score(CASE.model_copy(update={"id": f"t-{i}"}))  # the same test, scored again
    assert flag.stats.logged == 60 and 0 < flag.stats.decided_by_candidate < 60
    out = tmp_path / "report"
    code, stdout, _ = invoke("diff", "--out", str(out), str(log))
    assert code == 0 and stdout.startswith("60 cases: ")
    report = json.loads((out / "report.json").read_text())
    assert report["causes"][0]["cause"] == "enumeration_counted_as_no"
    # The log's own tags stay on the cases, for slicing, but are not the team's cohorts.
    assert [cohort["tag"] for cohort in report["cohorts"]] == []
    logged = json.loads(log.read_text().splitlines()[0])
    assert logged["tags"][0] == "faithcompat:shadow" and logged["tags"][1].startswith("faithcompat:decided-by:")
    code, stdout, _ = invoke(
        "rollout", "--report", str(out / "report.json"), "--stage", "live:50", "--rollout-policy", quick_policy
    )
    assert code == 1 and stdout.startswith(("HOLD", "NO-GO"))


def test_a_stage_that_stays_is_said_once_and_no_refusal_list_is_left_empty() -> None:
    holding = RolloutPolicy(min_cohort_size=1000)  # clean.jsonl's cohorts are smaller: HOLD
    text = render_decision(decide(REPORT, holding, current_stage="complete"))
    assert text.splitlines()[0] == "HOLD: stay at complete (the last stage)"
    assert "No refusal that legacy passed is declined by the fixed scorer." in text  # clean.jsonl has none
    markdown = render_decision(decide(REPORT, holding, current_stage="shadow"), markdown=True)
    assert markdown.splitlines()[0] == "## faithcompat rollout: **HOLD** (stay at shadow)"


def test_long_refusal_lists_are_capped_and_markdown_fits_a_pull_request_comment() -> None:
    arms = ("both", "legacy", "ragas")
    refusals = tuple(Refusal(f"refusal-{i:05d}-" + "x" * 200, arms[i % 3], True) for i in range(15_000))
    decision = Decision(
        verdict=Recommendation.HOLD,
        current_stage="shadow",
        next_stage="shadow",
        criteria=(),
        refusals=refusals,
        small_cohorts=(),
    )
    for markdown in (False, True):
        text = render_decision(decision, markdown=markdown)
        assert "refusal-00057-" in text and "refusal-00060-" not in text  # 20 of each arm's
        assert "refusal-00059-" in text and "refusal-00062-" not in text
        assert text.count("and 4980 more (all in the JSON output and cases.jsonl)") == 3
    assert len(render_decision(decision, markdown=True)) < 65_536
