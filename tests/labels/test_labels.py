"""Labels as data: the model, labels files read back, relabelling, staleness against a corpus, the schema."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat.cases import Case, parse_case
from compat.cli import main
from compat.labels import (
    JUDGEMENTS,
    READINGS,
    Label,
    LabelError,
    check_labels,
    label_targets,
    latest_labels,
    parse_label,
    read_labels,
    statement_regions,
    text_hash,
)
from compat.report import SCHEMAS, schema_text

ROOT = Path(__file__).resolve().parents[2]
FINAL = "Final verdict for each statement in order:"
T0 = datetime(2026, 11, 28, 12, 0, tzinfo=timezone.utc)


def shared_case(case_id: str = "c1", output: str = f"{FINAL} Yes. No.") -> Case:
    return parse_case({"id": case_id, "statements_output": "The sky is blue.\nGrass is red.", "grader_output": output})


def armed_case(case_id: str = "a1") -> Case:
    arm = {"statements_output": "One.\nTwo.\nThree.", "grader_output": f"{FINAL} Yes. Yes. No."}
    return parse_case({"id": case_id, "arms": {"legacy": arm, "ragas": {**arm, "grader_output": "[1, 1, 0]"}}})


def label_on(case: Case, arm: str | None = None, statement: int = 0, **fields: Any) -> Label:
    target = next(target for target in label_targets(case) if target.arm == arm)
    data = {
        "case_id": case.id,
        "arm": arm,
        "statement": statement,
        "text_hash": target.text_hash,
        "reading": "yes",
        "judgement": "supported",
        "labeller": "alice",
        "labelled_at": T0,
        **fields,
    }
    return Label.model_validate(data)


def test_a_label_answers_at_least_one_question_and_names_its_labeller() -> None:
    good = label_on(shared_case())
    with pytest.raises(ValueError, match="both are null"):
        label_on(shared_case(), reading=None, judgement=None)
    with pytest.raises(ValueError, match="labeller is blank"):
        label_on(shared_case(), labeller="  ")
    with pytest.raises(ValueError, match="timezone"):
        Label.model_validate({**good.model_dump(), "labelled_at": "2026-11-28T12:00:00"})
    assert label_on(shared_case(), reading=None).judgement == "supported"


def test_a_label_line_round_trips_and_a_bad_line_is_named(tmp_path: Path) -> None:
    label = label_on(shared_case())
    path = tmp_path / "labels.jsonl"
    bad = json.dumps({**label.model_dump(mode="json"), "reading": "maybe"})
    path.write_text(label.model_dump_json() + "\n\n" + bad + "\n", encoding="utf-8")
    with pytest.raises(LabelError) as raised:
        read_labels([path])
    assert str(raised.value).startswith(f"{path}:3: field 'reading'")
    problems: list[LabelError] = []
    assert read_labels([path], on_error=problems.append) == (label,)
    assert [problem.line for problem in problems] == [3]
    with pytest.raises(LabelError, match="invalid JSON"):
        parse_label("{", "f", 1)
    with pytest.raises(LabelError, match=r"missing: cannot read it"):
        read_labels([tmp_path / "missing"])


def test_a_corpus_given_for_labels_is_named_as_one() -> None:
    with pytest.raises(LabelError, match=r"this is a corpus .*, not a labels file"):
        read_labels([ROOT / "fixtures" / "corpus" / "clean.jsonl"])


def test_the_hash_pins_the_statements_and_the_grader_text() -> None:
    case = shared_case()
    (target,) = label_targets(case)
    assert target.arm is None and target.statements == ("The sky is blue.", "Grass is red.")
    assert target.text_hash == text_hash(target.statements, case.grader_output)
    regraded = shared_case(output=f"{FINAL} No. No.")
    assert label_targets(regraded)[0].text_hash != target.text_hash
    assert text_hash(["a", "b"], "x") != text_hash(["a"], "b x")  # the parts cannot slide into one another
    arms = label_targets(armed_case())
    assert [target.arm for target in arms] == ["legacy", "ragas"]
    assert arms[0].text_hash != arms[1].text_hash


def test_an_arm_whose_call_failed_offers_nothing_to_label() -> None:
    failed = {"error": {"call": "statements", "kind": "timeout", "message": "t"}}
    arm = {"statements_output": "One.", "grader_output": "[1]"}
    case = parse_case({"id": "f", "arms": {"legacy": failed, "ragas": arm}})
    assert [target.arm for target in label_targets(case)] == ["ragas"]


labels_of_one_case = st.lists(
    st.tuples(
        st.sampled_from([None, "legacy", "ragas"]),
        st.integers(0, 3),
        st.sampled_from(["alice", "bob"]),
        st.sampled_from(READINGS),
        st.sampled_from(JUDGEMENTS),
        st.integers(0, 5),
    ),
    max_size=25,
)


def made(case: Case, arm: str | None, statement: int, who: str, reading: str, judgement: str, minutes: int) -> Label:
    return Label.model_validate(
        {
            "case_id": case.id,
            "arm": arm,
            "statement": statement,
            "text_hash": text_hash(["x"], str(arm)),
            "reading": reading,
            "judgement": judgement,
            "labeller": who,
            "labelled_at": T0 + timedelta(minutes=minutes),
        }
    )


@settings(max_examples=200)  # CI's 1,000 took 5 s a test here; the property is simple
@given(labels_of_one_case)
@example([("legacy", 0, "alice", "yes", "supported", 3), ("legacy", 0, "alice", "no", "cant_tell", 3)])
def test_relabelling_a_statement_replaces_the_old_label(rows: list[tuple[Any, ...]]) -> None:
    case = shared_case()
    labels = [made(case, *row) for row in rows]
    kept, replaced = latest_labels(labels)
    slots = {(label.key, label.labeller) for label in labels}
    assert len(kept) == len(slots) and replaced == len(labels) - len(slots)
    for label in kept:
        same = [other for other in labels if (other.key, other.labeller) == (label.key, label.labeller)]
        newest = max(other.labelled_at for other in same)
        assert label.labelled_at == newest
        assert label == [other for other in same if other.labelled_at == newest][-1]  # a tie: the later given


def test_two_people_on_one_statement_both_stay() -> None:
    case = shared_case()
    alice, bob = label_on(case), label_on(case, labeller="bob", reading="no")
    assert latest_labels([alice, bob]) == ((alice, bob), 0)


def corpus_and_labels() -> tuple[list[Case], list[Label], list[Label]]:
    now, regraded, armed = shared_case("now"), shared_case("regraded"), armed_case("armed")
    current = [label_on(now), label_on(now, statement=1), label_on(armed, "ragas", 2)]
    stale = [
        label_on(regraded),  # its case is graded again below
        label_on(now, statement=0).model_copy(update={"statement": 2}),  # no statement 2
        label_on(armed, "legacy").model_copy(update={"arm": "other"}),  # no such arm
        label_on(shared_case("gone")),  # no such case
    ]
    corpus = [now, shared_case("regraded", output=f"{FINAL} No. No."), armed]
    return corpus, current, stale


def test_stale_labels_are_named_and_never_current() -> None:
    corpus, current, stale = corpus_and_labels()
    checked = check_labels(current + stale, corpus)
    assert checked.current == tuple(current)
    assert [item.label for item in checked.stale] == stale
    whys = [item.why for item in checked.stale]
    assert "was graded again" in whys[0]
    assert "no statement 2" in whys[1]
    assert "has no text of arm 'other'" in whys[2]
    assert whys[3] == "no case 'gone' in the corpus"


@settings(max_examples=200)  # CI's 1,000 took 5 s a test here; the property is simple
@given(st.lists(st.tuples(st.integers(0, 6), st.booleans(), st.integers(0, 9)), max_size=20))
@example([(2, True, 0), (2, False, 1)])
def test_stale_labels_never_count(picks: list[tuple[int, bool, int]]) -> None:
    """Whatever mix of current and stale labels, and in whatever order they were made, a label
    counts only where its hash is the corpus's: relabelling after a regrade leaves the new one."""
    corpus, current, stale = corpus_and_labels()
    pool = current + stale
    labels = [
        pool[index].model_copy(
            update={"labelled_at": T0 + timedelta(minutes=minutes), "reading": "no" if flip else "yes"}
        )
        for index, flip, minutes in picks
    ]
    checked = check_labels(labels, corpus)
    hashes = {(case.id, target.arm): target for case in corpus for target in label_targets(case)}
    for label in checked.current:
        target = hashes[(label.case_id, label.arm)]
        assert label.text_hash == target.text_hash and label.statement < len(target.statements)
    assert not {id(item.label) for item in checked.stale} & {id(label) for label in checked.current}
    assert len(checked.current) + len(checked.stale) + checked.replaced == len(labels)


def test_the_statement_is_found_in_the_grader_text() -> None:
    output = "1. The sky is blue. Verdict: Yes\n2. Grass is red. Verdict: No\n"
    assert statement_regions(["The sky is blue.", "grass is RED."], output) == ((3, 32), (36, 61))
    numbered = "Statement 1: yes\nStatement 2: no"
    assert statement_regions(["Alpha", "Beta", "Gamma"], numbered) == (
        (0, 16),
        (17, 32),
        None,
    )  # to the line end: the verdict


def test_the_committed_label_schema_is_current_and_agrees_with_the_model() -> None:
    committed = (ROOT / "fixtures" / "schema" / "label.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(SCHEMAS["label"]()), (
        "run `faithcompat schema label > fixtures/schema/label.schema.json`"
    )
    validator = jsonschema.Draft202012Validator(json.loads(committed))
    good = label_on(shared_case()).model_dump(mode="json")
    assert validator.is_valid(good)
    for bad in ({**good, "reading": None, "judgement": None}, {**good, "text_hash": "md5:x"}, {**good, "extra": 1}):
        assert not validator.is_valid(bad)
        with pytest.raises(ValueError):
            Label.model_validate(bad)


def test_validate_reads_labels_files(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    good = label_on(shared_case()).model_dump_json()
    path.write_text(good + "\n" + good.replace('"yes"', '"perhaps"') + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path), str(ROOT / "fixtures" / "corpus" / "clean.jsonl")])
    assert result.exit_code == 2
    assert f"faithcompat: {path}:2: field 'reading'" in result.stderr
    assert "valid case(s), 1 valid label(s), 1 invalid" in result.stderr
    path.write_text(good + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0 and result.stdout == "1 valid label(s)\n"


def test_a_labels_file_given_for_a_corpus_is_named(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text(label_on(shared_case()).model_dump_json() + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "this is a labels file" in result.stderr and "faithcompat label --labels" in result.stderr
