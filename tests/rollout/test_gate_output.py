"""The gate's terminal text and Markdown summary carry corpus ids: nothing in them may act."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compat.cli import main

HOSTILE_ID = "e\x1b]0;PWNED\x07\n```\n# INJECTED\n\u202e"


def test_gate_output_escapes_corpus_ids_on_the_terminal_and_in_markdown(tmp_path: Path) -> None:
    corpus = tmp_path / "g.jsonl"
    case = {
        "id": HOSTILE_ID,
        "statements_output": "A.",
        "grader_output": "Verdict: Yes.",
        "expected": {"legacy": {"score": 0.25}},
    }
    corpus.write_text(json.dumps(case) + "\n", encoding="utf-8")
    summary = tmp_path / "s.md"
    result = CliRunner().invoke(
        main, ["gate", str(corpus), "--examples", "0", "--no-baseline", "--summary", str(summary)]
    )
    assert result.exit_code == 1  # the expectation fails: that is the gate's verdict, not an error
    assert "e\\x1b]0;PWNED\\x07\\x0a```\\x0a# INJECTED\\x0a\\u202e" in result.stdout
    assert not any(c in result.stdout for c in "\x1b\x07\u202e")
    markdown = summary.read_text(encoding="utf-8")
    assert "\n# INJECTED" not in markdown and "\x1b" not in markdown
    fence = next(line for line in markdown.splitlines() if line.endswith("jsonl"))[: -len("jsonl")]
    assert len(fence) == 4  # longer than the id's ``` run, which therefore cannot close it
