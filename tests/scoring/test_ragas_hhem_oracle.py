"""Differential test: ``ragas-hhem-0.4.3`` against the published ragas 0.4.3 ``FaithfulnesswithHHEM``.

Both sides get the same tiny HHEM checkpoint (tests/grading/hhem_model.py) under the hub id,
from the offline cache the tests use: ragas loads it itself and runs its own pairing,
batching and rounding; faithcompat's verifier records the probabilities, and the scorer
reads them. The two scores must be the same double (NaN equal to NaN). Skipped without
ragas 0.4.3 (``FAITHCOMPAT_RAGAS_PYTHON``, as the other ragas oracle) or the ``[hhem]`` extra.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat.cases import Case
from compat.scoring import get_scorer
from tests.scoring.test_upstream_oracle import DETERMINISTIC, ORACLE_DIR, RAGAS_HELP, LineOracle, same_double

pytestmark = pytest.mark.oracle

# What call 1 says and what a retriever returns: sentences of the tiny vocabulary, and words it lacks.
SENTENCES = [
    "Paris is the capital of France.",
    "Berlin is the capital of Germany.",
    "The Eiffel Tower was built in 1889.",
    "The moon is cheese.",
    "Tokyo is the largest city of Japan, many people live there.",
    "Water boils at 100 degrees.",
    "The sun rises in the east.",
    "Photosynthesis converts light into chemical energy.",
]


@pytest.fixture(scope="module")
def ragas_hhem(hhem_hub: str) -> Iterator[LineOracle]:
    python = os.environ.get("FAITHCOMPAT_RAGAS_PYTHON", sys.executable)
    probe = subprocess.run(
        [python, "-c", "import ragas, transformers, torch; print(ragas.__version__)"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0 or probe.stdout.strip() != "0.4.3":
        pytest.skip(f"ragas 0.4.3 with torch and transformers is not importable by {python}: {RAGAS_HELP}")
    oracle = LineOracle([python, str(ORACLE_DIR / "ragas_hhem_upstream.py")])
    yield oracle
    oracle.close()


@pytest.fixture(scope="module")
def verifiers(hhem_hub: str) -> dict[int, object]:
    from compat.grading import HhemSettings, HhemVerifier

    return {size: HhemVerifier(HhemSettings(source=hhem_hub, batch_size=size)) for size in (1, 3, 10)}


@st.composite
def hhem_case(draw: st.DrawFn) -> tuple[str, list[str], int]:
    statements = draw(st.lists(st.sampled_from(SENTENCES), max_size=12))
    contexts = draw(st.lists(st.sampled_from(SENTENCES), max_size=3))
    return json.dumps({"statements": statements}), contexts, draw(st.sampled_from([1, 3, 10]))


@DETERMINISTIC
@given(case=hhem_case())
@example(case=(json.dumps({"statements": []}), ["Paris is the capital of France."], 10))
@example(case=(json.dumps({"statements": SENTENCES * 2}), SENTENCES[:2], 3))
def test_ragas_hhem_agrees_with_the_published_library(
    case: tuple[str, list[str], int], ragas_hhem: LineOracle, verifiers: dict[int, object]
) -> None:
    from compat.grading import HhemVerifier

    call_1, contexts, batch_size = case
    expected = ragas_hhem.ask({"statements_output": call_1, "contexts": contexts, "batch_size": batch_size})
    statements = json.loads(call_1)["statements"]
    verifier = verifiers[batch_size]
    assert isinstance(verifier, HhemVerifier)
    verified = verifier.verify(contexts, statements)
    assert verified.error is None
    recorded = Case(
        id="x", contexts=tuple(contexts), statements_output=call_1, grader_output="", checks=verified.checks
    )
    ours = get_scorer("ragas-hhem-0.4.3").score(recorded)
    detail = f"\ncall 1: {call_1}\ncontexts: {contexts}\nragas: {expected}\nours: {ours}"
    assert "error" not in expected, detail
    assert ours.value is not None, detail
    assert same_double(ours.value, float(expected["score"])), "score differs" + detail
