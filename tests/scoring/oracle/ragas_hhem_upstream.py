"""Differential oracle: the published ragas library's ``FaithfulnesswithHHEM`` (run with ragas's Python).

The metric loads ``vectara/hallucination_evaluation_model`` itself (``trust_remote_code``); the
test points ``HF_HUB_CACHE`` at a cache holding the tiny checkpoint under that id, with
``HF_HUB_OFFLINE=1``, so ragas loads the same model faithcompat's verifier loads.
Input: JSON lines ``{"statements_output": str, "contexts": [str], "batch_size": int}`` on stdin;
call 1 answers with ``statements_output`` (the scripted grader of ``ragas_upstream.py``).
Output: ``{"version": ...}`` first, then per case ``{"score": float | "NaN"}`` or ``{"error": name}``.
"""

from __future__ import annotations

import asyncio
import sys
import typing as t
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ragas.dataset_schema import SingleTurnSample
from ragas.metrics._faithfulness import FaithfulnesswithHHEM
from ragas_upstream import ScriptedGrader, serve


async def main() -> None:
    grader = ScriptedGrader()
    metrics: dict[int, FaithfulnesswithHHEM] = {}

    async def score_of(request: dict[str, t.Any]) -> float:
        size = int(request["batch_size"])
        if size not in metrics:
            metrics[size] = FaithfulnesswithHHEM(llm=grader, batch_size=size)
        grader.answers = {"statements_output": request["statements_output"], "grader_output": ""}
        grader.last = ""
        sample = SingleTurnSample(user_input="question", response="answer", retrieved_contexts=request["contexts"])
        return float(await metrics[size].single_turn_ascore(sample))

    await serve(score_of)


if __name__ == "__main__":
    asyncio.run(main())
