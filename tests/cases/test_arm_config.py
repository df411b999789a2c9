"""Arms as configurations: named arms in a case, their recorded configuration, and what two arms differ in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compat._errors import CaseError
from compat.cases import ArmConfig, bundled_corpus, iter_cases, parse_case, preset, recorded_config

ARM = {"statements_output": "A.", "grader_output": "Final verdict for each statement in order: Yes."}


def test_a_case_records_any_number_of_named_arms_beside_the_presets() -> None:
    case = parse_case({"id": "a", "arms": {"legacy": ARM, "ragas-mini": {**ARM, "model": "mini"}, "ragas": ARM}})
    assert case.arms is not None
    assert case.arms.names() == ("legacy", "ragas", "ragas-mini")
    mini = case.arms.get("ragas-mini")
    assert mini is not None and mini.model == "mini"
    assert case.arms.get("nowhere") is None
    chosen = case.arm_case("ragas-mini")
    assert chosen is not None and chosen.grader_output == ARM["grader_output"]


def test_an_arm_name_that_is_not_a_name_is_refused_with_its_line(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "a", "arms": {"my arm": ARM}}) + "\n")
    with pytest.raises(CaseError, match=r"c\.jsonl:1: .*arm name 'my arm' is not a name"):
        list(iter_cases([corpus]))


def test_a_named_arm_recording_is_validated_like_a_preset_s() -> None:
    with pytest.raises(CaseError, match="needs statements_output and grader_output"):
        parse_case({"id": "a", "arms": {"mini": {"statements_output": "A."}}})


def test_the_bundled_corpus_reads_and_writes_back_exactly_as_before() -> None:
    for loaded in iter_cases(bundled_corpus()):
        arms = loaded.case.arms
        if arms is not None:
            assert set(arms.names()) <= {"legacy", "ragas"}
            dumped = arms.model_dump(exclude_defaults=True)
            assert set(dumped) <= {"legacy", "ragas"}


def test_a_recording_from_before_named_arms_reads_as_its_preset() -> None:
    case = parse_case({"id": "a", "arms": {"ragas": {**ARM, "prompts": "ragas (built-in)", "model": "m"}}})
    assert case.arms is not None and case.arms.ragas is not None
    config = recorded_config("ragas", case.arms.ragas)
    assert (config.preset, config.prompts, config.model, config.verifier) == ("ragas", "built-in", "m", "llm")
    # What an old recording does not say is unknown, never a difference.
    assert config.temperature is None and config.differs_in(preset("ragas", model="m")) == ()


def test_a_declared_arm_records_its_whole_configuration_and_reads_it_back() -> None:
    arm = ArmConfig(name="ragas-big", preset="ragas", model="big", base_url="http://127.0.0.1:9/v1", temperature=0.5)
    recording = parse_case({"id": "a", "arms": {arm.name: {**ARM, **arm.recorded()}}}).arms
    assert recording is not None
    stored = recording.get("ragas-big")
    assert stored is not None
    assert recorded_config("ragas-big", stored) == arm


def test_a_preset_s_recording_keeps_the_two_fields_it_always_had() -> None:
    assert preset("legacy", model="m").recorded() == {"prompts": "legacy (built-in)", "model": "m"}


@pytest.mark.parametrize(
    ("change", "dimensions"),
    [
        ({}, ()),
        ({"model": "other"}, ("model",)),
        ({"base_url": "http://127.0.0.1:2/v1"}, ("model",)),
        ({"temperature": 0.7}, ("model",)),
        ({"preset": "legacy"}, ("prompts",)),
        ({"prompts": "team.toml"}, ("prompts",)),
        ({"verifier": "hhem"}, ("verifier",)),
        ({"preset": "legacy", "model": "other", "verifier": "hhem"}, ("prompts", "model", "verifier")),
        ({"samples": 5}, ()),  # more samples measure noise; they change no answer
    ],
)
def test_two_arms_differ_in_the_dimensions_their_changed_fields_fall_in(
    change: dict[str, object], dimensions: tuple[str, ...]
) -> None:
    base = preset("ragas", model="m", base_url="http://127.0.0.1:1/v1")
    changed = ArmConfig(**{**_fields(base), "name": "other", **change})  # type: ignore[arg-type]
    assert base.differs_in(changed) == dimensions
    assert changed.differs_in(base) == dimensions


def test_an_arm_config_refuses_a_name_that_is_not_a_name() -> None:
    with pytest.raises(ValueError, match="arm name"):
        ArmConfig(name="-x", preset="legacy")


def _fields(config: ArmConfig) -> dict[str, object]:
    return {name: getattr(config, name) for name in config.__slots__}  # type: ignore[attr-defined]
