"""The ``assert:`` entries a promptfoo test needs at each stage of the rollout, as YAML.

* ``off``: promptfoo's own ``context-faithfulness`` decides, alone.
* ``shadow``: it still decides; faithcompat's assertion runs beside it at weight 0
  (promptfoo passes a weight-0 assertion whatever it says) and records the fixed arm.
* ``live:N``: faithcompat's assertion alone, at weight 1: it grades both arms and the
  fixed one decides for a sticky N% of tests (legacy, by the same arithmetic as
  promptfoo's, for the rest), so promptfoo's own assertion would only bill twice.
* ``complete``: faithcompat's assertion alone, the fixed arm deciding.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from compat._errors import AssertionConfigError
from compat.rollout._openfeature import DEFAULT_FLAG_KEY

# The file promptfoo loads by path: it stays compat/rollout/promptfoo_assertion.py, beside this folder.
ASSERTION_FILE = Path(__file__).parent.with_name("promptfoo_assertion.py")
LEGACY_TYPE = "context-faithfulness"


def parse_promptfoo_stage(text: str) -> tuple[str, float]:
    """(mode, percent) of ``off``, ``shadow``, ``live:N`` or ``complete``."""
    stage = text.strip().lower().replace(" ", "").rstrip("%")
    if stage in ("off", "shadow", "complete"):
        return {"off": "legacy", "shadow": "shadow", "complete": "candidate"}[stage], 0.0
    if stage.startswith("live:"):
        try:
            percent = float(stage[5:])
        except ValueError:
            percent = math.nan
        if 0 < percent <= 100:
            return "live", percent
    raise AssertionConfigError(f"unknown stage {text!r}; stages are off, shadow, live:N (N in (0, 100]), complete")


def assert_entries(stage: str, *, model: str | None, base_url: str | None, threshold: float) -> list[dict[str, Any]]:
    """The entries of ``stage``, in the order a test lists them.

    ``model`` is required (``AssertionConfigError`` without it): without a provider the
    legacy assertion grades with promptfoo's default model and faithcompat's has none,
    so the two arms would not be graded by the same model, or faithcompat's not at all.
    """
    mode, percent = parse_promptfoo_stage(stage)
    if model is None:
        raise AssertionConfigError(
            "--model is required: the grader model both assertions use (without it promptfoo's own "
            "assertion grades with its default model and faithcompat's has none); see docs/promptfoo.md"
        )
    entries: list[dict[str, Any]] = []
    if mode in ("legacy", "shadow"):
        legacy: dict[str, Any] = {"type": LEGACY_TYPE, "threshold": threshold, "weight": 1}
        provider: dict[str, Any] = {"id": f"openai:chat:{model}"}
        if base_url is not None:
            provider["config"] = {"apiBaseUrl": base_url}
        legacy["provider"] = provider
        entries.append(legacy)
    if mode == "legacy":
        return entries
    if model is None:  # the assertion would fail at eval time: a config that cannot run is not printed
        raise AssertionConfigError(
            f"stage {stage!r} needs the grader model: pass --model (faithcompat's assertion asks it for the fixed "
            "arm's verdicts, and promptfoo's assertion uses it too); only --stage off runs without one"
        )
    config: dict[str, Any] = {"mode": mode}
    if mode == "live":
        config["percent"] = percent
    config["model"] = model
    if base_url is not None:
        config["base_url"] = base_url
    config["threshold"] = threshold
    entries.append(
        {
            "type": "python",
            "value": f"file://{ASSERTION_FILE}:get_assert",
            "weight": 0 if mode == "shadow" else 1,
            "config": config,
        }
    )
    return entries


def flag_entries(
    flag_file: Path, *, flag_key: str, model: str | None, base_url: str | None, threshold: float
) -> list[dict[str, Any]]:
    """The one entry every stage needs when the team's flag (a flagd file, through OpenFeature) says each
    test's mode: faithcompat's assertion alone, at weight 1; a change of the flag moves it, not a new entry."""
    if model is None:
        raise AssertionConfigError(
            "--model is required: the grader model faithcompat's assertion grades with; see docs/promptfoo.md"
        )
    config: dict[str, Any] = {"flag_file": str(flag_file)}
    if flag_key != DEFAULT_FLAG_KEY:
        config["flag_key"] = flag_key
    config["model"] = model
    if base_url is not None:
        config["base_url"] = base_url
    config["threshold"] = threshold
    return [{"type": "python", "value": f"file://{ASSERTION_FILE}:get_assert", "weight": 1, "config": config}]


def to_yaml(entries: list[dict[str, Any]], *, key: str = "assert") -> str:
    """``key:`` and the entries as block YAML; scalars written as JSON, which YAML reads as they are."""
    lines = [f"{key}:"]
    for entry in entries:
        lines += _mapping(entry, indent=4, first="  - ")
    return "\n".join(lines) + "\n"


def _mapping(mapping: dict[str, Any], indent: int, first: str | None = None) -> list[str]:
    lines = []
    for index, (name, value) in enumerate(mapping.items()):
        lead = first if index == 0 and first is not None else " " * indent
        if isinstance(value, dict):
            lines.append(f"{lead}{name}:")
            lines += _mapping(value, indent + 2)
        else:
            lines.append(f"{lead}{name}: {json.dumps(value, ensure_ascii=False)}")
    return lines
