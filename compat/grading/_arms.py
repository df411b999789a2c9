"""The arms a run grades: the presets under the run's options, and arms a team declares (``grade --arm``).

A declared arm is written ``NAME=PRESET[,KEY=VALUE...]``: a preset (``legacy``: text
prompts; ``ragas``: JSON prompts; ``deepeval``: deepeval 4.3.1's three prompts) and what it
changes, each key a field of the arm (``model``, ``base-url``, ``prompts``, ``temperature``,
``strict-json``, ``max-retries``, ``samples``, ``verifier``). What it does not change is the run's (``--model``,
``--base-url``, ``--prompts``, ...), so ``--arm ragas-mini=ragas,model=gpt-4o-mini`` is
the ragas arm on another model and nothing else: the model swap, measured alone.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from compat._errors import ArmError
from compat._text import parse_flag
from compat.cases import PRESETS, VERIFIERS, ArmConfig, ArmName, preset
from compat.grading.grader import base_url_problem
from compat.grading.prompts import PromptSets, load_prompts

# Keys of ``NAME=PRESET,KEY=VALUE``: each an ``ArmConfig`` field, read by its kind.
_KEYS = ("model", "base-url", "prompts", "temperature", "strict-json", "max-retries", "samples", "verifier")


def run_arm(name: str, *, model: str, base_url: str | None, options: dict[str, Any]) -> ArmConfig:
    """The preset ``name`` as this run grades it: the run's model, endpoint and options.

    ``options``: the run's ``prompts`` origin, ``temperature``, ``strict_json``,
    ``max_retries`` and ``samples``; re-asks and strict JSON are the JSON contract's only.
    """
    structured = name == "ragas"
    return preset(
        name if name in PRESETS else "legacy",
        model=model,
        base_url=base_url,
        prompts=options.get("prompts", "built-in"),
        temperature=options.get("temperature", 0.0),
        strict_json=bool(options.get("strict_json", False)) and structured,
        max_retries=options.get("max_retries", 1) if structured else 0,
        samples=options.get("samples", 1),
    )


def parse_arm(spec: str, *, model: str, base_url: str | None, options: dict[str, Any]) -> ArmConfig:
    """The arm ``--arm SPEC`` declares (``NAME=PRESET[,KEY=VALUE...]``), the run's settings under it."""
    where = f"--arm {spec!r}"
    name, equals, rest = spec.partition("=")
    if not equals or not rest:
        raise ArmError(f"{where}: write NAME=PRESET[,KEY=VALUE...], e.g. ragas-mini=ragas,model=gpt-4o-mini")
    preset_name, *pairs = (part.strip() for part in rest.split(","))
    if preset_name not in PRESETS:
        raise ArmError(f"{where}: unknown preset {preset_name!r} (presets: {', '.join(PRESETS)})")
    arm = run_arm(preset_name, model=model, base_url=base_url, options=options)
    changes: dict[str, Any] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        key = key.strip()
        if key not in _KEYS or not equals:
            raise ArmError(f"{where}: {pair!r} is not KEY=VALUE with KEY one of {', '.join(_KEYS)}")
        if key.replace("-", "_") in changes:
            raise ArmError(f"{where}: {key} given twice")
        changes[key.replace("-", "_")] = _value(where, key, value.strip(), preset_name)
    try:
        return replace(arm, name=name.strip(), **changes)
    except ValueError as error:
        raise ArmError(f"{where}: {error}") from None


def _value(where: str, key: str, value: str, preset_name: str) -> object:
    problem = f"{where}: {key}={value!r}"
    if key in ("model", "prompts"):
        if not value:
            raise ArmError(f"{problem}: empty")
        if key == "prompts" and preset_name == "deepeval":
            raise ArmError(
                f"{problem}: the deepeval preset asks deepeval 4.3.1's own prompts (a prompts file has none)"
            )
        if key == "prompts":
            load_prompts(value)  # a file that cannot be used is refused now, named
        return value
    if key == "base-url":
        found = base_url_problem(value)
        if found is not None:
            raise ArmError(f"{where}: {found}")
        return value
    if key == "verifier":
        if value not in VERIFIERS:
            raise ArmError(f"{problem}: verifiers are {', '.join(VERIFIERS)}")
        if value != "llm" and preset_name == "deepeval":
            raise ArmError(f"{problem}: the deepeval preset's verdicts are its grader's (verifier=llm)")
        return value
    if key == "strict-json":
        try:
            strict = parse_flag(value)
        except ValueError as error:
            raise ArmError(f"{where}: {key}: {error}") from None
        if strict and preset_name != "ragas":
            raise ArmError(f"{problem}: strict JSON is the ragas preset's (the {preset_name} prompts ask for text)")
        return strict
    try:
        number = float(value) if key == "temperature" else int(value)
    except ValueError:
        raise ArmError(f"{problem}: not a number") from None
    limits = {"temperature": (0, 2), "max-retries": (0, 10), "samples": (1, 100)}[key]
    if not (math.isfinite(number) and limits[0] <= number <= limits[1]):
        raise ArmError(f"{problem}: between {limits[0]} and {limits[1]}")
    return number


def check_arms(arms: tuple[ArmConfig, ...]) -> None:
    """Refuse what a run cannot grade: two arms of one name (parse_arm has refused unknown verifiers)."""
    seen: set[ArmName] = set()
    for arm in arms:
        if arm.name in seen:
            raise ArmError(f"arm {arm.name!r} is declared twice (each arm needs its own name)")
        seen.add(arm.name)


def arm_prompts(arm: ArmConfig, run: PromptSets) -> PromptSets:
    """The prompt sets ``arm`` asks with: the run's, or the file it names."""
    return run if arm.prompts in (None, run.origin) else load_prompts(arm.prompts)
