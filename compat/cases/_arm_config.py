"""An arm as a configuration: what ``faithcompat grade`` asks with, and what a recording says it asked with.

An arm is a prompt set (a preset's contract, ``legacy`` text or ``ragas`` JSON, and the
templates in force), a grader model and its endpoint, the call options (temperature,
strict JSON, re-asks, samples) and a verifier (``llm``: the grader's call 2; ``hhem``: a
classifier judges each statement). ``legacy`` and ``ragas`` are the presets; a team
declares more under names of its own. Two arms differ along the ``DIMENSIONS`` their
fields fall in: the decomposition walks from one arm to another one dimension at a time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from compat.cases._case import ARM_NAME_PATTERN, ArmName, ArmPreset, ArmRecording, Verifier

PRESETS: tuple[ArmPreset, ...] = ("legacy", "ragas", "deepeval")
VERIFIERS: tuple[Verifier, ...] = ("llm", "hhem")

# The dimensions an arm changes along, in the order the decomposition walks them (the
# parser step comes before them, noise after): each names the fields it holds.
Dimension = Literal["prompts", "model", "verifier"]
DIMENSIONS: tuple[Dimension, ...] = ("prompts", "model", "verifier")
# What a declared arm's recording carries beside its prompts and model (``ArmRecording``'s fields).
_RECORDED = ("preset", "base_url", "temperature", "strict_json", "max_retries", "verifier", "verifier_model")
_FIELDS: dict[Dimension, tuple[str, ...]] = {
    "prompts": ("preset", "prompts"),
    "model": ("model", "base_url", "temperature", "strict_json", "max_retries"),
    "verifier": ("verifier", "verifier_model"),
}


@dataclass(frozen=True, slots=True)
class ArmConfig:
    """One arm: its name and everything its recordings depend on.

    ``model`` and ``base_url`` ``None``: the run's (``grade --model``, ``--base-url``).
    ``prompts``: where the templates come from (``built-in`` or a prompts file).
    Read back from a recording (``recorded_config``), a field the recording does not
    say is ``None``: unknown, never taken as a difference.
    """

    name: ArmName
    preset: ArmPreset
    prompts: str | None = "built-in"
    model: str | None = None
    base_url: str | None = None
    temperature: float | None = 0.0
    strict_json: bool | None = False
    max_retries: int | None = 1
    samples: int = 1
    verifier: Verifier = "llm"
    verifier_model: str | None = None

    def __post_init__(self) -> None:
        if not re.fullmatch(ARM_NAME_PATTERN, self.name):
            raise ValueError(f"arm name {self.name!r}: letters, digits, _ . - (at most 64, not starting with _ . -)")

    @property
    def structured(self) -> bool:
        """Whether the arm keeps the JSON contract (the RAGAS prompts' outputs)."""
        return self.preset == "ragas"

    def differs_in(self, other: ArmConfig) -> tuple[Dimension, ...]:
        """The dimensions along which ``other`` differs from this arm, in walking order."""
        return tuple(dimension for dimension in DIMENSIONS if not self.same_in(other, dimension))

    def same_in(self, other: ArmConfig, dimension: Dimension) -> bool:
        """Equal in every field of ``dimension`` that both arms know."""
        for name in _FIELDS[dimension]:
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine is not None and theirs is not None and mine != theirs:
                return False
        return True

    def with_dimension(self, dimension: Dimension, source: ArmConfig) -> ArmConfig:
        """This arm with ``dimension``'s fields taken from ``source`` (the name kept)."""
        return replace(self, **{name: getattr(source, name) for name in _FIELDS[dimension]})

    def recorded(self) -> dict[str, object]:
        """The configuration fields a recording of this arm carries (``ArmRecording``)."""
        record: dict[str, object] = {"prompts": f"{self.preset} ({self.prompts})", "model": self.model}
        if self.name != self.preset or self.verifier != "llm":
            # A declared arm says all it is; a preset's recording stays as corpora always had it
            # (its options are the run's: what it does not say is unknown, never a difference).
            record.update({name: getattr(self, name) for name in _RECORDED})
        return {key: value for key, value in record.items() if value is not None}


def preset(name: ArmPreset, **changes: object) -> ArmConfig:
    """The preset arm ``name`` (legacy or ragas), with ``changes``."""
    return replace(ArmConfig(name=name, preset=name), **changes)  # type: ignore[arg-type]


def recorded_config(name: ArmName, recording: ArmRecording) -> ArmConfig:
    """The configuration a recording says its arm had; what it does not say is ``None``.

    A recording from before named arms says only its prompts and model: its preset is
    its name, and its verifier the grader's call 2.
    """
    # A preset's own recording (no ``preset`` field) is named after its preset.
    preset_name: ArmPreset = recording.preset or (
        "ragas" if name == "ragas" else "deepeval" if name == "deepeval" else "legacy"
    )
    prompts = recording.prompts
    if prompts is not None:
        # "legacy (built-in)" -> "built-in": the templates' origin, the preset held apart.
        prompts = re.sub(r"^(?:legacy|ragas|deepeval) \((.*)\)$", r"\1", prompts)
    said: dict[str, Any] = {field: getattr(recording, field) for field in _RECORDED}
    said.update(preset=preset_name, verifier=recording.verifier or "llm")
    return ArmConfig(name=name, prompts=prompts, model=recording.model, samples=recording.sample_count, **said)
