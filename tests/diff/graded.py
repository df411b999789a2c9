"""Corpora as `faithcompat grade` writes them, for the diff, report and rollout tests.

A dataset row (question, answer, contexts) is graded on each arm with its own prompts:
call 1 lists the statements, call 2 gives the verdicts, each sample with its seed; a
call that still fails after its retries is recorded as the error the client met, and
the calls after it are not made. Nothing here parses: the lines are what the grader
and the client produce.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HEADER = "Final verdict for each statement in order:"

# Rows as a RAG dataset holds them.
ROWS = [
    {
        "question": "When was the first Super Bowl held?",
        "answer": "The first Super Bowl was held on January 15, 1967, in Florida.",
        "contexts": ["Super Bowl I was played on January 15, 1967, at the Los Angeles Memorial Coliseum."],
        "statements": [
            "The first Super Bowl was held on January 15, 1967.",
            "The first Super Bowl was held in Florida.",
        ],
    },
    {
        "question": "Who first landed on the Moon?",
        "answer": "Neil Armstrong and Buzz Aldrin landed on the Moon on July 20, 1969.",
        "contexts": [
            "Apollo 11 was the American spaceflight that first landed humans on the Moon.",
            "Commander Neil Armstrong and pilot Buzz Aldrin landed the lunar module Eagle on July 20, 1969.",
        ],
        "statements": ["Neil Armstrong landed on the Moon on July 20, 1969.", "Buzz Aldrin landed on the Moon."],
    },
    {
        "question": "How does photosynthesis work?",
        "answer": "Photosynthesis uses sunlight to make food. It releases carbon dioxide as a by-product.",
        "contexts": ["Plants use sunlight to synthesize foods from carbon dioxide and water, releasing oxygen."],
        "statements": ["Photosynthesis uses sunlight to make food.", "Photosynthesis releases carbon dioxide."],
    },
]

# What the client records when the grader cannot be reached: the statements call fails, no verdicts call is made.
REFUSED = {"call": "statements", "kind": "connection", "message": "connection refused by 127.0.0.1:9 (5 attempts)"}
UNAUTHORISED = {"call": "statements", "kind": "auth", "message": "HTTP 401: invalid API key"}


def legacy_sample(statements: Sequence[str], verdicts: str, seed: int = 0) -> dict[str, Any]:
    """The legacy prompts' answer: statements one a line, then the final line (verdicts "YN": Yes. No.)."""
    words = " ".join("Yes." if v == "Y" else "No." for v in verdicts)
    return {"seed": seed, "statements_output": "\n".join(statements), "grader_output": f"{HEADER} {words}"}


def ragas_sample(statements: Sequence[str], verdicts: str, seed: int = 0) -> dict[str, Any]:
    """The RAGAS prompts' answer: the statements as JSON, then one verdict object each."""
    items = [
        {
            "statement": s,
            "reason": "the context says so" if v == "Y" else "the context does not",
            "verdict": int(v == "Y"),
        }
        for s, v in zip(statements, verdicts, strict=True)
    ]
    return {
        "seed": seed,
        "statements_output": json.dumps({"statements": list(statements)}),
        "grader_output": json.dumps({"statements": items}),
    }


def arm(prompts: str, samples: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One arm's recording: sample 0 in the arm, the others in ``samples``."""
    return {"prompts": prompts, "model": "grader-model", **samples[0], "samples": list(samples[1:])}


def failed_arm(prompts: str, error: dict[str, str]) -> dict[str, Any]:
    return {"prompts": prompts, "model": "grader-model", "seed": 0, "error": error}


def graded_case(index: int, row: dict[str, Any], legacy: dict[str, Any], ragas: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": f"row-{index + 1}",
        "question": row["question"],
        "answer": row["answer"],
        "contexts": row["contexts"],
        "arms": {"legacy": legacy, "ragas": ragas},
    }


def answered_corpus(path: Path, legacy: str, ragas: str, rows: Sequence[dict[str, Any]] = ROWS) -> Path:
    """Every row graded on both arms, each arm's grader giving these verdicts ("YN": the first supported)."""
    lines = [
        graded_case(
            i,
            row,
            arm("legacy", [legacy_sample(row["statements"], legacy)]),
            arm("ragas", [ragas_sample(row["statements"], ragas)]),
        )
        for i, row in enumerate(rows)
    ]
    return write(path, lines)


def unreached_corpus(path: Path, rows: Sequence[dict[str, Any]] = ROWS, error: dict[str, str] = REFUSED) -> Path:
    """Every row graded against a grader that was never reached: each arm's first call failed."""
    lines = [graded_case(i, row, failed_arm("legacy", error), failed_arm("ragas", error)) for i, row in enumerate(rows)]
    return write(path, lines)


def write(path: Path, cases: Sequence[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(case) + "\n" for case in cases), encoding="utf-8")
    return path


def hhem_sample(statements: Sequence[str], probabilities: Sequence[float], seed: int = 0) -> dict[str, Any]:
    """An hhem arm's sample: the RAGAS arm's call 1, HHEM's check of each statement, and HHEM's
    verdicts in call 2's place as the RAGAS JSON (0.5 is unsupported, as ragas rounds it)."""
    pairs = list(zip(statements, probabilities, strict=True))
    return {
        "seed": seed,
        "statements_output": json.dumps({"statements": list(statements)}),
        "grader_output": json.dumps(
            {"statements": [{"statement": s, "reason": f"HHEM p={p:.4f}", "verdict": int(p > 0.5)} for s, p in pairs]}
        ),
        "checks": [{"statement": s, "probability": p, "supported": p > 0.5} for s, p in pairs],
    }


def verified_case(index: int, row: dict[str, Any], llm: str, probabilities: Sequence[float]) -> dict[str, Any]:
    """A row graded on the two presets and on an hhem arm (``ragas-hhem``) sharing the RAGAS arm's call 1."""
    case = graded_case(
        index,
        row,
        arm("legacy", [legacy_sample(row["statements"], llm)]),
        arm("ragas", [ragas_sample(row["statements"], llm)]),
    )
    hhem = arm("ragas", [hhem_sample(row["statements"], probabilities)])
    case["arms"]["ragas-hhem"] = {
        **hhem,
        "verifier": "hhem",
        "verifier_model": "vectara/hallucination_evaluation_model@0123abc",
    }
    return case
