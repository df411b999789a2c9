"""A composite rule as data: the metrics and weights, the unanswerable detection and its adjustments.

Rules are TOML files (the built-in ones are package data, ``rules/NAME.toml``). Every
key is checked: an unknown one or a value of the wrong kind is an error naming the file
and the key, so a typo never leaves a rule reading differently from what its file says.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, ValidationError, model_validator

from compat._errors import CompositeRuleError
from compat._file_kind import FileKind
from compat._model import FrozenModel
from compat._toml import parse_toml, read_toml

FAITHFULNESS = "faithfulness"  # the one metric the diff's scorers give, not the case's metrics
Weight = Annotated[float, Field(gt=0, allow_inf_nan=False)]
Unit = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]


class _Section(FrozenModel):
    model_config = ConfigDict(strict=True)


class Unanswerable(_Section):
    """How a question is told unanswerable, and what changes for a correct answer to it."""

    phrases: list[Annotated[str, Field(min_length=1)]] = Field(
        min_length=1, description="Ground truths that say the information does not exist."
    )
    match: Literal["exact", "normalised"] = Field(
        description="exact: the ground truth lower-cased equals a phrase (seed 004's `in`); normalised: "
        "case, white space and punctuation ignored on both sides."
    )
    answer_refusal: bool = Field(
        False, description="The faithfulness adjustment needs the answer itself to say 'no information'."
    )
    answer_phrases: list[Annotated[str, Field(min_length=1)]] = Field(
        default_factory=list, description="What an answer saying 'no information' contains (normalised)."
    )
    correctness_metric: str = Field("answer_correctness", description="The metric the condition reads.")
    min_correctness: Unit = Field(0.8, description="The answer is correct at or above this.")
    context_relevancy: Literal["one", "zero_to_one", "omit", "keep"] = Field(
        "one",
        description="one: set to 1 whatever it was (seed 004); zero_to_one: only a 0 becomes 1; "
        "omit: left out of the mean; keep: unchanged.",
    )
    faithfulness: Literal["success", "omit", "keep"] = Field(
        "keep",
        description="A correct 'no information' answer's faithfulness: success (counted as 1), omit (left "
        "out of the mean), keep. Only where the rule weighs faithfulness.",
    )

    @model_validator(mode="after")
    def _answer_phrases_with_refusal(self) -> Unanswerable:
        if self.answer_refusal and not self.answer_phrases:
            raise ValueError("answer_refusal = true needs answer_phrases")
        return self


class CompositeRule(_Section):
    """One composite rule, as its TOML file reads."""

    name: str = Field(min_length=1)
    description: str = ""
    threshold: Unit = Field(0.7, description="A composite at or above it passes.")
    metrics: dict[str, Weight] = Field(min_length=1, description="Metric name -> weight in the weighted mean.")
    unanswerable: Unanswerable | None = Field(None, description="None: no question is treated as unanswerable.")
    undetermined: Literal["undetermined", "omit"] = Field(
        "undetermined",
        description="An undetermined or missing metric makes the composite undetermined, or is left out of "
        "the mean (the weights of the rest renormalised). Never a made-up number.",
    )

    @property
    def weighs_faithfulness(self) -> bool:
        return FAITHFULNESS in self.metrics


BUILTIN_RULES = ("mean-3", "seed-004", "unanswerable-aware")


def _where(location: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in location) or "(top level)"


def parse_rule(document: dict[str, object], source: str) -> CompositeRule:
    """The rule ``document`` describes; ``CompositeRuleError("SOURCE: key: what")`` otherwise."""
    try:
        return CompositeRule.model_validate(document)
    except ValidationError as problem:
        first = problem.errors()[0]
        raise CompositeRuleError(f"{source}: {_where(first['loc'])}: {first['msg']}") from None


def load_rule(name_or_path: str) -> CompositeRule:
    """A built-in rule by name, or a rule from a TOML file."""
    if name_or_path in BUILTIN_RULES:
        text = resources.files("compat.composite").joinpath(f"rules/{name_or_path}.toml").read_text("utf-8")
        source = f"built-in rule {name_or_path}"
        return parse_rule(parse_toml(text, source, CompositeRuleError), source)
    if Path(name_or_path).suffix != ".toml" and not Path(name_or_path).exists():
        raise CompositeRuleError(
            f"unknown composite rule {name_or_path!r}: built-in rules are {', '.join(BUILTIN_RULES)}, "
            "or give a .toml file"
        )
    return parse_rule(read_toml(name_or_path, CompositeRuleError, FileKind.COMPOSITE_RULE), name_or_path)
