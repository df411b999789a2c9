"""Hypothesis profiles: ``ci`` is derandomized and thorough; ``dev`` is quick. Hugging Face offline.

The ``ci`` profile loads wherever the ``CI`` environment variable is set (CI runners
set it), ``dev`` elsewhere; ``HYPOTHESIS_PROFILE`` overrides both. Every counterexample Hypothesis ever finds is pinned
with ``@example`` on the property that found it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No test downloads a model: the Hugging Face libraries run offline, and their caches are a
# fresh directory of this run (the tiny HHEM checkpoints the tests build go there), never
# the user's. Set before any test module imports huggingface_hub, which reads them once.
_HUB_HOME = tempfile.mkdtemp(prefix="faithcompat-hf-")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_HOME"] = _HUB_HOME
os.environ["HF_HUB_CACHE"] = os.path.join(_HUB_HOME, "hub")
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=1000,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
settings.register_profile(
    "dev",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def hhem_local(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny HHEM checkpoint in a directory (its foundation beside it); skips without the [hhem] extra."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tests.grading.hhem_model import build_local

    return build_local(tmp_path_factory.mktemp("hhem"))


@pytest.fixture(scope="session")
def hhem_hub() -> str:
    """The tiny checkpoint under the hub id, in the offline hub cache the tests use (tests/conftest.py)."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tests.grading.hhem_model import HUB_ID, build_hub_cache

    build_hub_cache(Path(os.environ["HF_HUB_CACHE"]))
    return HUB_ID
