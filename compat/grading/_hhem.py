"""The HHEM verifier: Vectara's HHEM-2.1-Open judges each statement against the contexts.

The checkpoint is loaded by hub id or local directory and run as its own ``predict`` runs
it; each verdict is rounded as ragas 0.4.3's ``FaithfulnesswithHHEM`` rounds it. How the
checkpoint is read, and why, is docs/hhem.md. torch and transformers are the ``[hhem]``
extra: imported here only when a model loads.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compat._errors import VerifierUnusableError
from compat.cases import GraderError, StatementCheck
from compat.scoring import hhem_verdict

HUB_ID = "vectara/hallucination_evaluation_model"
DEFAULT_BATCH_SIZE = 10  # as ragas's FaithfulnesswithHHEM
# HHEM-2.1-Open has no fixed context limit (T5's relative positions; its card says
# "unlimited"), but memory grows with the square of the length: a pair longer than this
# is recorded as too_long on its case rather than risking the whole run.
DEFAULT_MAX_TOKENS = 8192
_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


def premise_of(contexts: Sequence[str]) -> str:
    """The premise HHEM reads: the contexts joined by one newline, as ragas 0.4.3 joins them."""
    return "\n".join(contexts)


@dataclass(frozen=True, slots=True)
class HhemSettings:
    """Where the model is (hub id or directory), and how it runs."""

    source: str = HUB_ID
    device: str = "cpu"
    batch_size: int = DEFAULT_BATCH_SIZE
    max_tokens: int = DEFAULT_MAX_TOKENS
    revision: str | None = None
    # torch's CPU threads (None: torch's default, one per core). On a machine whose cores are
    # busy with other work, torch's threads wait on each other: 1 was 100x faster on a loaded
    # 2-core machine (docs/hhem.md).
    threads: int | None = None


@dataclass(frozen=True, slots=True)
class Verified:
    """What the verifier said about one sample's statements: a check each, or the error that stopped it
    (recorded in call 2's place: ``call`` is ``verdicts``)."""

    checks: tuple[StatementCheck, ...] = ()
    error: GraderError | None = None


class _Failed(Exception):
    def __init__(self, kind: str, message: str) -> None:
        self.error = GraderError.model_validate({"call": "verdicts", "kind": kind, "message": message})
        super().__init__(message)


class HhemVerifier:
    """A loaded HHEM model: ``verify(contexts, statements)`` gives what it found, never raises."""

    def __init__(self, settings: HhemSettings) -> None:
        if settings.batch_size < 1:
            raise VerifierUnusableError(f"--batch-size must be at least 1, not {settings.batch_size}")
        self.settings = settings
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
        except ImportError as error:
            raise VerifierUnusableError(
                f"the HHEM verifier needs torch and transformers: pip install 'faithcompat[hhem]' ({error})"
            ) from error
        self._torch: Any = torch
        if settings.threads is not None:
            torch.set_num_threads(settings.threads)
        try:
            model = AutoModelForSequenceClassification.from_pretrained(
                settings.source, trust_remote_code=True, revision=settings.revision
            )
            # The published class loads its foundation's tokenizer as ``tokenzier`` (sic).
            tokenizer = getattr(model, "tokenzier", None) or AutoTokenizer.from_pretrained(model.config.foundation)
            model.to(settings.device)
        except (OSError, ValueError, RuntimeError, AttributeError) as error:
            raise VerifierUnusableError(
                f"cannot load the HHEM model {settings.source!r}: {_first_line(error)}"
            ) from error
        model.eval()
        self._model: Any = model
        self._tokenizer: Any = tokenizer
        self._prompt: str = model.config.prompt
        self.identity = _identity(settings.source, settings.revision)

    def verify(self, contexts: Sequence[str], statements: Sequence[str]) -> Verified:
        """Each statement judged against the joined contexts, ``batch_size`` pairs at a time."""
        premise = premise_of(contexts)
        try:
            probabilities: list[float] = []
            size = self.settings.batch_size
            for start in range(0, len(statements), size):
                probabilities += self.probabilities(premise, statements[start : start + size])
        except _Failed as failed:
            return Verified(error=failed.error)
        checks = tuple(
            StatementCheck(statement=statement, probability=probability, supported=hhem_verdict(probability))
            for statement, probability in zip(statements, probabilities, strict=True)
        )
        return Verified(checks=checks)

    def probabilities(self, premise: str, statements: Sequence[str]) -> list[float]:
        """One batch: class 1's probability for each (premise, statement), as float32 gives it."""
        torch = self._torch
        texts = [self._prompt.format(text1=premise, text2=statement) for statement in statements]
        inputs = self._tokenizer(texts, return_tensors="pt", padding=True)
        longest = int(inputs["attention_mask"].sum(dim=1).max()) if texts else 0
        if longest > self.settings.max_tokens:
            raise _Failed(
                "too_long",
                f"HHEM: a statement with its context is {longest} tokens, over the limit of "
                f"{self.settings.max_tokens} (--hhem-max-tokens)",
            )
        try:
            with torch.no_grad():
                logits = self._model(**inputs.to(self._model.device)).logits
            if logits.dim() == 3:  # a model whose forward gives every token's logits: the first is the class
                logits = logits[:, 0, :]
            scores = torch.softmax(logits, dim=-1)[:, 1]
        except torch.cuda.OutOfMemoryError as error:
            raise _Failed("out_of_memory", "HHEM: " + _first_line(error)) from error
        except RuntimeError as error:  # a CPU allocation failure is a RuntimeError naming memory
            kind = "out_of_memory" if "memory" in str(error).lower() else "other"
            raise _Failed(kind, "HHEM: " + _first_line(error)) from error
        return [float(value) for value in scores.cpu().tolist()]


def _identity(source: str, revision: str | None) -> str:
    """A local checkpoint's SHA-256 of its weight file; a hub checkpoint's id at the commit it was loaded from."""
    directory = Path(source)
    if directory.is_dir():
        for name in _WEIGHT_FILES:
            weights = directory / name
            if weights.is_file():
                return f"sha256:{_file_hash(weights)}"
        return f"{source} (no weight file found)"
    from huggingface_hub import try_to_load_from_cache

    # from_pretrained has just read config.json from the cache, at .../snapshots/<commit>/config.json.
    cached = try_to_load_from_cache(source, "config.json", revision=revision)
    commit = Path(cached).parent.name if isinstance(cached, str) else revision or "unknown"
    return f"{source}@{commit}"


def _file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def verdicts_json(checks: Sequence[StatementCheck]) -> str:
    """HHEM's verdicts in call 2's place, as the RAGAS prompts' JSON, so every scorer reads an hhem arm.

    Written by the verifier, not by a grader: each item's reason says so and gives the probability.
    """
    items = [
        {"statement": c.statement, "reason": f"HHEM p={c.probability:.4f}", "verdict": int(c.supported)} for c in checks
    ]
    return json.dumps({"statements": items}, ensure_ascii=False)
