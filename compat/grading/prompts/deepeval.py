"""The deepeval arm's prompts: deepeval 4.3.1's ``FaithfulnessMetric`` truths, claims and verdicts calls.

The templates are the package's own (``deepeval/templates/metrics``), rendered by the package
for text (not multimodal) with no truths limit, the values replaced by placeholders
(``deepeval-4.3.1.json`` beside this file; the oracle test checks them against the package).
deepeval hands the verdicts call what it read from the two calls before it: the truths joined by
a blank line, and the claims as its template prints a Python value (``str()``: a list prints as
``['a', 'b']``). What it read is read here as the ``deepeval-4.3.1`` scorer reads it; where
deepeval would stop before the verdicts call (no claims, an output it cannot read), the arm
still asks it, on what could be read, so every recording holds all three outputs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compat.scoring import deepeval_field

_TEMPLATES = Path(__file__).with_name("deepeval-4.3.1.json")


@dataclass(frozen=True, slots=True)
class DeepevalPrompts:
    """The deepeval arm's three templates, in the order it asks them."""

    truths: str
    claims: str
    verdicts: str


def deepeval_prompts() -> DeepevalPrompts:
    """deepeval 4.3.1's templates, as shipped beside this module."""
    data = json.loads(_TEMPLATES.read_text(encoding="utf-8"))
    return DeepevalPrompts(truths=data["truths"], claims=data["claims"], verdicts=data["verdicts"])


def read_field(output: str, key: str) -> Any:
    """``key`` of an output as deepeval reads it (the ``deepeval-4.3.1`` scorer's reading), or ``None``
    where deepeval would raise."""
    return deepeval_field(output, key)


def deepeval_values(contexts: Sequence[str], answer: str, claims: Any = None, truths: Any = None) -> dict[str, str]:
    """The placeholders' values: the contexts and answer, then (for the verdicts call) the claims
    and truths as read from the calls before it (``None``: not read, sent as an empty list)."""
    if not isinstance(truths, (str, list, dict)) or not all(isinstance(item, str) for item in truths):
        truths = []
    return {
        "context": "\n\n".join(contexts),
        "answer": answer,
        "claims": str([] if claims is None else claims),  # what {{ claims }} prints in deepeval's template
        "truths": "\n\n".join(truths),
    }
