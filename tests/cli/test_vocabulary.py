"""One CLI vocabulary (issue 34, item 9): one name per meaning across commands, the old spellings
kept for one release (hidden from --help, a warning on stderr naming the new one), and every
docs/PAGE.md#anchor a command's help points to exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from compat.cli import main
from compat.rollout import default_policy_toml
from tests.cli.test_help import COMMANDS
from tests.diff.test_arm_headers import hhem_corpus

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def command(path: tuple[str, ...]) -> click.Command:
    found: click.Command = main
    for name in path:
        assert isinstance(found, click.Group)
        found = found.commands[name]
    return found


def options(path: tuple[str, ...]) -> dict[str, click.Option]:
    """Every spelling of every option of the command, to its option."""
    return {
        spelling: parameter
        for parameter in command(path).params
        if isinstance(parameter, click.Option)
        for spelling in parameter.opts + parameter.secondary_opts
    }


def meaning(option: click.Option) -> str:
    kind = option.type
    if isinstance(kind, click.Choice):
        return "a mismatch policy choice" if "verdict_ratio" in kind.choices else "a choice"
    if isinstance(kind, click.Path):
        return "a directory written" if not kind.file_okay else "a file"
    return "other"


@pytest.mark.parametrize("path", [path for path in COMMANDS if path], ids=" ".join)
def test_one_name_means_one_thing_in_every_command(path: tuple[str, ...]) -> None:
    shown = {spelling: option for spelling, option in options(path).items() if not option.hidden}
    assert "--policy" not in shown  # a file in some commands, a choice in others: neither spells it now
    if "--mismatch-policy" in shown:
        assert meaning(shown["--mismatch-policy"]) == "a mismatch policy choice"
    if "--rollout-policy" in shown:
        assert meaning(shown["--rollout-policy"]) == "a file"
    if "--out" in shown:  # the report directory (diff)
        assert meaning(shown["--out"]) == "a directory written"
    if "--output" in shown:  # the one file a command writes, with -o
        assert meaning(shown["--output"]) == "a file" and "-o" in shown["--output"].opts


def test_arm_is_taken_by_every_command_that_scores_a_graded_corpus() -> None:
    for name in ("diff", "compare", "gate", "score"):
        arm = options((name,))["--arm"]
        assert not isinstance(arm.type, click.Choice), name  # any arm's name, declared arms too


@pytest.mark.parametrize(
    ("argv", "old", "new"),
    [
        (["score", "--policy", "undetermined", "CORPUS"], "--policy", "--mismatch-policy"),
        (["diff", "--out", "OUT", "--policy", "undetermined", "CORPUS"], "--policy", "--mismatch-policy"),
        (["rollout", "--policy", "POLICY", "CORPUS"], "--policy", "--rollout-policy"),
        (["compare", "--policy", "POLICY", "CORPUS"], "--policy", "--rollout-policy"),
        (["gate", "--examples", "0", "--policy", "POLICY", "CORPUS"], "--policy", "--rollout-policy"),
    ],
)
def test_an_old_spelling_still_works_and_names_the_new_one(tmp_path: Path, argv: list[str], old: str, new: str) -> None:
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    policy = tmp_path / "policy.toml"
    policy.write_text(default_policy_toml(), encoding="utf-8")
    values = {"CORPUS": str(corpus), "POLICY": str(policy), "OUT": str(tmp_path / "out")}
    args = [values.get(arg, arg) for arg in argv]
    code, stdout, stderr = invoke(*args)
    warning = f"faithcompat: warning: {old} is deprecated here and goes in the next release: use {new}\n"
    assert warning in stderr
    renamed = [new if arg == old else arg for arg in args]
    if "OUT" in argv:
        renamed[renamed.index(str(tmp_path / "out"))] = str(tmp_path / "out2")
    code_now, stdout_now, stderr_now = invoke(*renamed)
    assert (code, stdout.replace("out2", "out")) == (code_now, stdout_now.replace("out2", "out"))
    assert "deprecated" not in stderr_now
    both = invoke(*renamed[: renamed.index(new)], old, renamed[renamed.index(new) + 1], *renamed[renamed.index(new) :])
    assert both[0] == 2 and f"give {new} (or its old spelling {old}), not both" in both[2]


def test_grade_writes_its_corpus_to_output_and_out_still_works(tmp_path: Path) -> None:
    from compat.grading import bundled_dataset

    dataset = str(bundled_dataset()[0])
    code, _, stderr = invoke("grade", dataset, "--model", "m", "--dry-run", "--out", str(tmp_path / "x.jsonl"))
    assert code == 0 and "--out is deprecated here and goes in the next release: use --output" in stderr
    code, _, stderr = invoke("grade", dataset, "--model", "m", "--dry-run", "-o", str(tmp_path / "x.jsonl"))
    assert code == 0 and "deprecated" not in stderr


def test_gate_scores_the_arm_it_is_given_as_diff_does(tmp_path: Path) -> None:
    """``gate CORPUS`` read the default arms whatever ``diff --arm`` had measured: its budget compared
    two readings. Now ``--arm`` is the gate's too, and a baseline of another arm is refused by name."""
    corpus = str(hhem_corpus(tmp_path / "graded.jsonl"))
    code, _, _ = invoke("diff", corpus, "--arm", "hhem", "--out", str(tmp_path / "baseline"))
    assert code == 0
    baseline = str(tmp_path / "baseline" / "report.json")
    code, stdout, _ = invoke("gate", "--examples", "0", "--arm", "hhem", "--baseline", baseline, corpus)
    assert code == 0 and "gate passed" in stdout
    code, _, stderr = invoke("gate", "--examples", "0", "--baseline", baseline, corpus)
    assert code == 2 and "candidate_arm: hhem in the baseline, ragas now" in stderr


def test_score_reads_a_declared_arm(tmp_path: Path) -> None:
    corpus = str(hhem_corpus(tmp_path / "graded.jsonl"))
    code, stdout, _ = invoke("score", "--scorer", "ragas-hhem-0.4.3", "--arm", "hhem", corpus)
    assert code == 0
    assert all(json.loads(line)["status"] == "scored" for line in stdout.splitlines())
    assert invoke("score", "--arm", "auto", corpus)[1] == invoke("score", corpus)[1]
    assert invoke("score", "--arm", "auto", corpus)[1] != invoke("score", "--arm", "legacy", corpus)[1]


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def help_texts(path: tuple[str, ...]) -> str:
    """The command's help and every option's, as written (unwrapped: a link is never cut)."""
    found = command(path)
    return "\n".join([found.help or "", *(getattr(parameter, "help", None) or "" for parameter in found.params)])


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "faithcompat")
def test_every_docs_link_in_a_help_resolves(path: tuple[str, ...]) -> None:
    for page, anchor in re.findall(r"(docs/[\w.-]+\.md)(?:#([\w-]+))?", help_texts(path)):
        assert (ROOT / page).is_file(), page
        if anchor:
            headings = re.findall(r"^#+ (.+)$", (ROOT / page).read_text(encoding="utf-8"), re.M)
            assert anchor in {github_anchor(heading) for heading in headings}, f"{page}#{anchor}"


def test_the_help_links_are_looked_for() -> None:
    assert "docs/arms.md#declaring-an-arm" in help_texts(("grade",))
    assert "docs/hhem.md" in help_texts(("grade",))
