"""The HHEM verifier on a tiny HHEM checkpoint built by the test: real loading, tokenising, batching, inference.

Every test here runs transformers with ``trust_remote_code`` on a checkpoint laid out as the
published one (tests/grading/hhem_model.py), by directory and by hub id from an offline cache.
They skip when the ``[hhem]`` extra (torch, transformers) is not installed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from compat import _errors
from compat.grading import HhemSettings, HhemVerifier, premise_of
from tests.grading.hhem_model import REVISION

CONTEXTS = ["Paris is the capital of France.", "The Eiffel Tower was built in 1889 on the Seine."]
STATEMENTS = [
    "Paris is the capital of France.",
    "Berlin is the capital of France.",
    "The Eiffel Tower was built in 1889.",
    "The moon is cheese.",
    "Tokyo is the largest city of Japan.",
    "Water boils at 100 degrees.",
    "It lies on the river.",
]


def own_predict(verifier: HhemVerifier, premise: str, statements: list[str]) -> list[float]:
    """The checkpoint's own ``predict`` (the code shipped with it), one pair at a time: no padding at all."""
    model: Any = verifier._model
    return [float(model.predict([(premise, statement)])[0]) for statement in statements]


def test_a_local_directory_loads_and_its_identity_is_the_hash_of_its_weights(hhem_local: Path) -> None:
    verifier = HhemVerifier(HhemSettings(source=str(hhem_local)))
    weights = (hhem_local / "model.safetensors").read_bytes()
    assert verifier.identity == "sha256:" + hashlib.sha256(weights).hexdigest()
    verified = verifier.verify(CONTEXTS, STATEMENTS)
    assert verified.error is None
    assert [check.statement for check in verified.checks] == STATEMENTS


def test_the_hub_id_loads_offline_from_the_cache_and_its_identity_is_the_revision(hhem_hub: str) -> None:
    verifier = HhemVerifier(HhemSettings(source=hhem_hub))
    assert verifier.identity == f"{hhem_hub}@{REVISION}"
    assert len(verifier.verify(CONTEXTS, STATEMENTS).checks) == len(STATEMENTS)


@pytest.mark.parametrize("batch_size", [1, 3, 10])
def test_probabilities_are_the_checkpoints_own_prediction_whatever_the_batch(hhem_local: Path, batch_size: int) -> None:
    verifier = HhemVerifier(HhemSettings(source=str(hhem_local), batch_size=batch_size))
    verified = verifier.verify(CONTEXTS, STATEMENTS)
    expected = own_predict(verifier, "\n".join(CONTEXTS), STATEMENTS)
    assert [check.probability for check in verified.checks] == pytest.approx(expected, abs=1e-6)
    assert [check.supported for check in verified.checks] == [p > 0.5 for p in expected]
    # The random head is spread on purpose: a test whose verdicts were all alike could not tell them apart.
    assert {check.supported for check in verified.checks} == {True, False}


def test_the_premise_is_the_contexts_joined_by_a_newline_as_ragas_joins_them() -> None:
    assert premise_of(["a", "b", "c"]) == "a\nb\nc"
    assert premise_of([]) == ""


def test_the_premise_changes_the_probabilities(hhem_local: Path) -> None:
    verifier = HhemVerifier(HhemSettings(source=str(hhem_local)))
    joined = verifier.verify(CONTEXTS, STATEMENTS[:2]).checks
    other = verifier.verify(["Tokyo is in Japan."], STATEMENTS[:2]).checks
    assert [c.probability for c in joined] != [c.probability for c in other]


def test_no_statements_is_no_checks_and_no_error(hhem_local: Path) -> None:
    verified = HhemVerifier(HhemSettings(source=str(hhem_local))).verify(CONTEXTS, [])
    assert verified.checks == () and verified.error is None


def test_a_pair_over_the_token_limit_is_an_error_recorded_on_the_case(hhem_local: Path) -> None:
    verifier = HhemVerifier(HhemSettings(source=str(hhem_local), max_tokens=30))
    verified = verifier.verify(CONTEXTS * 3, STATEMENTS)
    assert verified.checks == ()
    assert verified.error is not None and verified.error.kind == "too_long" and verified.error.call == "verdicts"
    assert "over the limit of 30" in verified.error.message


def test_out_of_memory_is_an_error_recorded_on_the_case(hhem_local: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    verifier = HhemVerifier(HhemSettings(source=str(hhem_local)))

    class Exhausted:
        device = torch.device("cpu")

        def __call__(self, **inputs: Any) -> Any:
            raise torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")

    monkeypatch.setattr(verifier, "_model", Exhausted())
    verified = verifier.verify(CONTEXTS, STATEMENTS)
    assert verified.error is not None and verified.error.kind == "out_of_memory"
    assert verified.error.message.startswith("HHEM: CUDA out of memory")


@pytest.mark.parametrize("source", ["/nonexistent/hhem", "vectara/no-such-model"])
def test_no_model_is_a_domain_error_naming_it(source: str, hhem_local: Path) -> None:
    with pytest.raises(_errors.VerifierUnusableError, match="cannot load the HHEM model"):
        HhemVerifier(HhemSettings(source=source))


def test_a_batch_size_below_one_is_refused(hhem_local: Path) -> None:
    with pytest.raises(_errors.VerifierUnusableError, match="at least 1"):
        HhemVerifier(HhemSettings(source=str(hhem_local), batch_size=0))
