"""The league with people's labels: its section "against people", and decisions that use the labels as rollout's do."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from compat.cases import bundled_corpus, iter_cases
from compat.cli import main
from compat.diff import DEFAULT_TOLERANCE
from compat.labels import Label, label_targets, read_labels
from compat.rollout import build_league, league_json, league_schema, load_policy, render_league
from compat.scoring import Status, get_scorer
from tests.labels.test_labels import T0

ROOT = Path(__file__).resolve().parents[2]
BUNDLED_LABELS = ROOT / "fixtures" / "labels" / "bundled.jsonl"
READS_WORSE = "reading accuracy against people (candidate's upper bound vs control)"
LABELLED = 15  # cases people read as legacy did: its Wilson upper bound at 0 of 15 is far under 1


def legacy_readings(path: Path) -> Path:
    """A labels file on the bundled corpus whose readings give legacy's score on cases where ragas's differs:
    people side with the control, and the candidate misreads every case they read."""
    legacy, ragas = get_scorer("legacy"), get_scorer("ragas")
    labels: list[Label] = []
    cases = 0
    for loaded in iter_cases(bundled_corpus()):
        case = loaded.case
        if cases == LABELLED or case.arms is not None:
            continue
        control, candidate = legacy.score(case), ragas.score(case)
        statements = label_targets(case)[0].statements if label_targets(case) else ()
        if control.status is not Status.SCORED or control.value is None or not 0 <= control.value <= 1:
            continue  # no reading of people's gives a score outside [0, 1]
        if not statements:
            continue
        yes = round(control.value * len(statements))
        if abs(yes / len(statements) - control.value) > DEFAULT_TOLERANCE:
            continue  # no reading of these statements gives legacy's score
        if candidate.value is not None and abs(candidate.value - control.value) <= DEFAULT_TOLERANCE:
            continue  # the candidate reads it as legacy: not a case that tells them apart
        target = label_targets(case)[0]
        labels += [
            Label(
                case_id=case.id,
                arm=None,
                statement=index,
                text_hash=target.text_hash,
                reading="yes" if index < yes else "no",
                labeller="alice",
                labelled_at=T0,
            )
            for index in range(len(statements))
        ]
        cases += 1
    assert cases == LABELLED, "the bundled corpus has fewer cases where ragas and legacy read apart"
    path.write_text("".join(label.model_dump_json() + "\n" for label in labels), encoding="utf-8")
    return path


def test_the_league_builds_its_section_against_people_and_serialises_it() -> None:
    files = [str(BUNDLED_LABELS)]
    options = {"control": "legacy", "candidates": ["ragas", "plan-minimal"], "policy": load_policy(None).rollout}
    table = build_league(bundled_corpus(), **options, labels=read_labels(files), label_files=files)  # type: ignore[arg-type]
    people = table.against_people
    assert people is not None and people.files == files and people.labels > 0
    assert [(reader.scorer, reader.role) for reader in people.readers] == [
        ("legacy", "control"),
        ("ragas", "candidate"),
        ("plan-minimal", "league"),
    ]
    data = json.loads(league_json(table))
    assert data["schema_version"] == "1.4" and data["against_people"]["labels"] == people.labels
    jsonschema.validate(data, league_schema())
    assert "against people" in render_league(table) and "against people" in render_league(table, markdown=True).lower()
    without = build_league(bundled_corpus(), **options)  # type: ignore[arg-type]
    assert without.against_people is None and "against_people" not in json.loads(league_json(without))
    assert "against people" not in render_league(without)


def test_a_candidate_reading_worse_than_legacy_against_people_is_no_go_in_the_league(tmp_path: Path) -> None:
    labels = legacy_readings(tmp_path / "labels.jsonl")
    compare = ["compare", "--candidates", "ragas", "--format", "json"]
    before = CliRunner().invoke(main, compare)
    assert before.exception is None or isinstance(before.exception, SystemExit), before.exception
    assert json.loads(before.stdout)["rows"][0]["rollout"] != "NO-GO"  # the labels alone make the difference
    result = CliRunner().invoke(main, [*compare, "--labels", str(labels)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    data = json.loads(result.stdout)
    control, candidate = data["against_people"]["readers"]
    assert control["cases"]["agreed"] == control["cases"]["of"] == LABELLED
    assert candidate["cases"]["agreed"] == 0
    (row,) = data["rows"]
    assert row["rollout"] == "NO-GO" and READS_WORSE in row["rollout_failing"]
    # Reading worse than the control against people is no candidate to ship: not safe, exit 1.
    assert row["safe"] is False and "does worse than the control against people" in row["why"]
    assert result.exit_code == 1
