"""The two prompt sets: built in, replaced from TOML, printed back as TOML."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat.cli import main
from compat.grading import BUILT_IN, PromptError, load_prompts
from compat.grading.prompts import render, statements_text


def test_the_legacy_verdict_prompt_asks_for_the_final_verdict_line_and_the_ragas_ones_for_json() -> None:
    assert "Final verdict for each statement in order: Yes. No." in BUILT_IN.legacy.verdicts
    assert '{"statements": [' in BUILT_IN.ragas.statements
    assert '"statement"' in BUILT_IN.ragas.verdicts and '"verdict"' in BUILT_IN.ragas.verdicts


def test_render_replaces_each_placeholder_once_and_never_re_reads_values() -> None:
    assert render("{{ answer }}/{{question}}", {"answer": "{{question}}", "question": "q"}) == "{{question}}/q"
    assert statements_text("legacy", ["a", "b"]) == "a\nb"
    assert json.loads(statements_text("ragas", ["a", "é"])) == ["a", "é"]


def test_printed_prompts_load_back_as_the_same_templates(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["prompts"])
    assert result.exit_code == 0
    path = tmp_path / "prompts.toml"
    path.write_text(result.stdout)
    loaded = load_prompts(path)
    assert (loaded.legacy, loaded.ragas) == (BUILT_IN.legacy, BUILT_IN.ragas)


def test_a_file_may_replace_one_template_and_keep_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('[legacy]\nverdicts = "Context: {{context}}\\nStatements: {{statements}}"\n')
    loaded = load_prompts(path)
    assert loaded.legacy.verdicts == "Context: {{context}}\nStatements: {{statements}}"
    assert loaded.legacy.statements == BUILT_IN.legacy.statements and loaded.ragas == BUILT_IN.ragas


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("[legcy]\nstatements = '{{answer}}'\n", "unknown table [legcy]"),
        ("[legacy]\nverdict = '{{context}}'\n", "unknown key 'verdict'"),
        ("[ragas]\nverdicts = '{{contxt}} {{statements}}'\n", "unknown placeholder {{contxt}}"),
        ("[ragas]\nstatements = 'no answer here'\n", "never uses {{answer}}"),
        ("[ragas]\nstatements = 3\n", "must be a string"),
        ("[ragas\n", "invalid TOML"),
    ],
)
def test_bad_prompt_files_are_one_line_errors(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(content)
    with pytest.raises(PromptError, match=problem.replace("[", r"\[").replace("{", r"\{")):
        load_prompts(path)
    result = CliRunner().invoke(main, ["prompts", "--prompts", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(f"faithcompat: error: {path}")
