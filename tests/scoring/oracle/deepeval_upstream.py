"""Differential oracle: the published deepeval package's ``FaithfulnessMetric`` (run with deepeval's Python).

Input: JSON lines. ``{"truths_output": str, "claims_output": str, "verdicts_output": str,
"threshold": float, "penalize_ambiguous_claims": bool}`` runs ``FaithfulnessMetric(...).measure``
on a test case with a canned model (a ``DeepEvalBaseLLM``) that answers deepeval's truths, claims
and verdicts prompts with those texts, and its reason prompt with a fixed reason; no network.
``{"render": {"contexts": [str], "answer": str, "claims": any, "truths": any}}`` returns the
three prompts the metric sends, as its own templates render them.
Output: ``{"version": ...}`` first, then one line per input: ``{"score": float | "NaN", "success":
bool, "asked": [prompt kinds]}``, ``{"error": "<exception class>", "asked": [...]}`` where
``measure`` raises, or ``{"prompts": {...}}``.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sys
import typing as t

os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "YES")
os.environ.setdefault("DEEPEVAL_DISABLE_PROGRESS_BAR", "YES")
logging.disable(logging.CRITICAL)

from importlib.metadata import version  # noqa: E402

from deepeval.metrics import FaithfulnessMetric  # noqa: E402
from deepeval.metrics.faithfulness import faithfulness as module  # noqa: E402
from deepeval.models import DeepEvalBaseLLM  # noqa: E402
from deepeval.test_case import LLMTestCase  # noqa: E402

# How each of deepeval's prompts begins (its templates, text-only rendering).
KINDS = (
    ("truths", "Based on the given text, please generate a comprehensive list of"),
    ("claims", "Based on the given text, please extract a comprehensive list of"),
    ("verdicts", "Based on the given claims, which is a list of strings"),
    ("reason", "Below is a list of Contradictions."),
)


class CannedModel(DeepEvalBaseLLM):  # type: ignore[misc]
    """Answers each prompt with the recorded output of its kind; records which prompts were asked."""

    def __init__(self) -> None:
        self.answers: dict[str, str] = {}
        self.asked: list[str] = []

    def load_model(self) -> None:
        return None

    def generate(self, prompt: str, schema: t.Any = None) -> str:
        for kind, start in KINDS:
            if prompt.startswith(start):
                self.asked.append(kind)
                if kind == "reason":
                    return '{"reason": "canned"}'
                return self.answers[kind]
        raise AssertionError("unexpected prompt: " + prompt[:80])

    async def a_generate(self, prompt: str, schema: t.Any = None) -> str:
        return self.generate(prompt, schema)

    def get_model_name(self) -> str:
        return "canned"


def encode(x: float) -> float | str:
    return "NaN" if math.isnan(x) else x


def measure(request: dict[str, t.Any]) -> dict[str, t.Any]:
    model = CannedModel()
    model.answers = {
        "truths": request["truths_output"],
        "claims": request["claims_output"],
        "verdicts": request["verdicts_output"],
    }
    metric = FaithfulnessMetric(
        threshold=request["threshold"],
        model=model,
        penalize_ambiguous_claims=request["penalize_ambiguous_claims"],
    )
    case = LLMTestCase(input="q", actual_output="a", retrieval_context=["c"])
    try:
        score = metric.measure(case, _show_indicator=False)
    except Exception as error:  # every raise is an outcome here
        return {"error": type(error).__name__, "asked": model.asked}
    return {"score": encode(float(score)), "success": metric.success, "asked": model.asked}


def render(request: dict[str, t.Any]) -> dict[str, t.Any]:
    metric = FaithfulnessMetric(model=CannedModel())
    return {
        "prompts": {
            "truths": metric._get_prompt(
                "generate_truths",
                multimodal=False,
                retrieval_context="\n\n".join(request["contexts"]),
                limit=module._faithfulness_truths_limit_phrase(None),
                multimodal_instruction=module._faithfulness_truths_multimodal_instruction(False),
            ),
            "claims": metric._get_prompt(
                "generate_claims",
                multimodal=False,
                actual_output=request["answer"],
                multimodal_instruction=module._faithfulness_claims_multimodal_instruction(False),
            ),
            "verdicts": metric._get_prompt(
                "generate_verdicts",
                multimodal=False,
                claims=request["claims"],
                retrieval_context="\n\n".join(request["truths"]),
            ),
        }
    }


def main() -> None:
    print(json.dumps({"version": version("deepeval")}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        out = render(request["render"]) if "render" in request else measure(request)
        print(json.dumps(out, ensure_ascii=True), flush=True)


if __name__ == "__main__":
    main()
