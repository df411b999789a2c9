"""Reading a report.json back (rollout --report, gate --baseline): edited or foreign files
are one-line input errors, never a KeyError or a decision built on impossible numbers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compat._errors import InputError
from compat.cli import main
from compat.diff import load_report

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = json.loads((ROOT / "reports" / "report.json").read_text(encoding="utf-8"))


def edited(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    report = json.loads(json.dumps(COMMITTED))
    change(report)
    return report


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "flip-row-missing": (lambda r: r["flip_matrix"].pop("pass"), "flip_matrix lacks 'pass'"),
    "flip-cell-missing": (lambda r: r["flip_matrix"]["fail"].pop("undetermined"), "flip_matrix.fail lacks"),
    "outcome-missing": (lambda r: r["outcomes"].pop("flip"), "outcomes lacks 'flip'"),
    "negative-count": (lambda r: r.update(unexplained=-7), "unexplained is -7, a negative count"),
    "negative-as-string": (lambda r: r["corpus"].update(cases="-1"), "corpus.cases is -1, a negative count"),
    "nan-rate": (lambda r: r["agreement"].update(wilson_low=float("nan")), "agreement.wilson_low is nan"),
    "rate-above-one": (lambda r: r["agreement"].update(rate=1.5), "agreement.rate is 1.5, not a rate"),
    "negative-trusted": (
        lambda r: r["trusted_agreement"].update(control_bug=-2),
        "trusted_agreement.control_bug is -2, a negative count",
    ),
    "negative-cause-flips": (
        lambda r: r["causes"][0]["flips"].update(pass_to_fail=-1),
        ".flips.pass_to_fail is -1, a negative count",
    ),
    "trusted-rate-above-one": (
        lambda r: r["trusted_agreement"]["agreement"].update(wilson_high=2.0),
        "trusted_agreement.agreement.wilson_high is 2.0, not a rate",
    ),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edited_report_is_named_and_refused(tmp_path: Path, edit: str) -> None:
    change, problem = EDITS[edit]
    path = tmp_path / "report.json"
    path.write_text(json.dumps(edited(change)), encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_report(path)
    assert str(raised.value).startswith(f"{path}: not a faithcompat report: ") and problem in str(raised.value)


@pytest.mark.parametrize(
    "command", [["rollout", "--report", "{path}"], ["gate", "--examples", "0", "--baseline", "{path}"]]
)
def test_rollout_and_gate_exit_2_on_an_edited_report_without_a_traceback(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(edited(lambda r: r["outcomes"].pop("flip"))), encoding="utf-8")
    result = CliRunner().invoke(main, [part.format(path=path) for part in command])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"faithcompat: error: {path}: not a faithcompat report: outcomes lacks 'flip'"


def test_the_committed_report_reads_back() -> None:
    assert load_report(ROOT / "reports" / "report.json").corpus.cases == COMMITTED["corpus"]["cases"]


@pytest.mark.usefixtures("properties_once")  # rollout's properties: the checks of their first run (tests/conftest.py)
def test_a_trailing_blank_line_in_cases_jsonl_is_not_a_bad_line(tmp_path: Path) -> None:
    (tmp_path / "report.json").write_text(json.dumps(COMMITTED), encoding="utf-8")
    lines = (ROOT / "reports" / "cases.jsonl").read_text(encoding="utf-8")
    (tmp_path / "cases.jsonl").write_text(lines + "\n\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["rollout", "--report", str(tmp_path / "report.json")])
    assert result.exit_code in (0, 1), result.output  # a decision, whichever it is
