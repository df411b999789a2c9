"""grade's options as a run's settings (``GradeRun.from_options``): what the CLI hands over, resolved by grading."""

from __future__ import annotations

from typing import Any

import pytest

from compat._errors import GradeOptionsError
from compat.grading import HUB_ID, GradeRun, HhemOptions, HhemSettings


def options(**changes: Any) -> dict[str, Any]:
    """grade's defaults, as click parses them, with ``changes``."""
    given: dict[str, Any] = {
        "model": "m",
        "base_url": None,
        "api_key_env": "KEY",
        "arms": "both",
        "declared": (),
        "prompts": None,
        "samples": 1,
        "max_retries": 1,
        "strict_json": False,
        "temperature": 0.0,
        "seed": 0,
        "concurrency": 8,
        "rpm": None,
        "timeout": 60.0,
        "retries": 5,
        "max_error_rate": 0.1,
        "max_case_bytes": 1 << 20,
        "hhem": HhemOptions(),
        "dry_run": False,
        "environ": {"KEY": "secret"},
    }
    return {**given, **changes}


def test_the_presets_under_the_run_s_options() -> None:
    run = GradeRun.from_options(**options(arms="ragas", samples=3))
    assert run.settings.arms == ("ragas",)
    assert run.settings.samples == 3 and run.settings.hhem is None
    assert run.grader.api_key == "secret" and run.endpoints == {}
    assert run.prompts.origin == "built-in"


def test_hhem_alone_declares_the_ragas_hhem_arm_with_its_settings() -> None:
    hhem = HhemOptions(model=HUB_ID, device="cuda", batch_size=2, max_tokens=9, threads=1)
    run = GradeRun.from_options(**options(hhem=hhem))
    names = [arm if isinstance(arm, str) else arm.name for arm in run.settings.arms]
    assert names == ["legacy", "ragas", "ragas-hhem"]
    assert run.settings.hhem == HhemSettings(source=HUB_ID, device="cuda", batch_size=2, max_tokens=9, threads=1)
    # A dry run counts grader calls: the model is not loaded for it.
    assert GradeRun.from_options(**options(hhem=hhem, dry_run=True)).settings.hhem is None


def test_a_declared_hhem_arm_takes_the_hhem_options_and_no_second_arm() -> None:
    run = GradeRun.from_options(**options(declared=("judge=ragas,verifier=hhem",), hhem=HhemOptions(device="mps")))
    names = [arm if isinstance(arm, str) else arm.name for arm in run.settings.arms]
    assert names == ["legacy", "ragas", "judge"]
    assert run.settings.hhem == HhemSettings(device="mps")


def test_an_arm_on_another_endpoint_has_its_own_grader() -> None:
    spec = "far=ragas,base-url=http://127.0.0.1:9/v1"
    run = GradeRun.from_options(**options(declared=(spec,), base_url="http://127.0.0.1:8/v1"))
    assert list(run.endpoints) == ["http://127.0.0.1:9/v1"]
    assert run.endpoints["http://127.0.0.1:9/v1"].model == run.grader.model


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"arms": "none"}, "--arms none grades nothing"),
        ({"environ": {}}, "the API key is not set: export KEY=..."),
    ],
)
def test_options_that_cannot_make_a_run(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(GradeOptionsError, match=message):
        GradeRun.from_options(**options(**changes))


def test_no_key_is_needed_for_a_dry_run_or_another_endpoint() -> None:
    assert GradeRun.from_options(**options(environ={}, dry_run=True)).grader.api_key == ""
    assert GradeRun.from_options(**options(environ={}, base_url="http://127.0.0.1:8/v1")).grader.api_key == ""
