"""Differential oracle: the published ragas library's ``Faithfulness`` metric (run with ragas's Python).

Input: JSON lines ``{"statements_output": str, "grader_output": str}`` on stdin. Each case runs
``Faithfulness().single_turn_ascore`` with a scripted grader (a ``BaseRagasLLM``) that answers the
statement prompt with ``statements_output``, the verdict prompt with ``grader_output``, and a
fix-the-format prompt by repeating its last answer (a grader that cannot fix its output).
Output: ``{"version": ...}`` first, then one line per case: ``{"score": float | "NaN" | ...}`` or
``{"error": "<exception class>"}`` where ragas raises.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import os
import sys
import typing as t

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
logging.disable(logging.CRITICAL)  # ragas logs every failed parse

import ragas  # noqa: E402
from langchain_core.outputs import Generation, LLMResult  # noqa: E402
from ragas.dataset_schema import SingleTurnSample  # noqa: E402
from ragas.llms.base import BaseRagasLLM  # noqa: E402
from ragas.metrics._faithfulness import Faithfulness, NLIStatementPrompt, StatementGeneratorPrompt  # noqa: E402
from ragas.prompt.pydantic_prompt import FixOutputFormat  # noqa: E402


class ScriptedGrader(BaseRagasLLM):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__()
        self.answers: dict[str, str] = {}
        self.last = ""

    def _answer(self, prompt: t.Any) -> LLMResult:
        text = prompt.to_string()
        if text.startswith(FixOutputFormat.instruction):
            answer = self.last
        elif text.startswith(NLIStatementPrompt.instruction):
            answer = self.last = self.answers["grader_output"]
        elif text.startswith(StatementGeneratorPrompt.instruction):
            answer = self.last = self.answers["statements_output"]
        else:
            raise AssertionError("unexpected prompt: " + text[:80])
        return LLMResult(generations=[[Generation(text=answer)]])

    def generate_text(
        self, prompt: t.Any, n: int = 1, temperature: float = 0.01, stop: t.Any = None, callbacks: t.Any = None
    ) -> LLMResult:
        return self._answer(prompt)

    async def agenerate_text(
        self, prompt: t.Any, n: int = 1, temperature: float | None = 0.01, stop: t.Any = None, callbacks: t.Any = None
    ) -> LLMResult:
        return self._answer(prompt)

    def is_finished(self, response: LLMResult) -> bool:
        return True


def encode(x: float) -> float | str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


async def serve(score_of: t.Callable[[dict[str, t.Any]], t.Awaitable[float]]) -> None:
    """The oracle's protocol: the version first, then a line out for each JSON line in."""
    print(json.dumps({"version": ragas.__version__}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out: dict[str, t.Any] = {"score": encode(float(await score_of(json.loads(line))))}
        except Exception as error:  # every raise is an outcome here
            out = {"error": type(error).__name__}
        print(json.dumps(out), flush=True)


async def main() -> None:
    grader = ScriptedGrader()
    metric = Faithfulness(llm=grader)
    sample = SingleTurnSample(user_input="question", response="answer", retrieved_contexts=["context"])

    async def score_of(request: dict[str, t.Any]) -> float:
        grader.answers = request
        grader.last = ""
        return float(await metric.single_turn_ascore(sample))

    await serve(score_of)


if __name__ == "__main__":
    asyncio.run(main())
