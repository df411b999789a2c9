"""Hypothesis profiles: ``ci`` is derandomized and thorough; ``dev`` is quick. Hugging Face offline.
Parallel workers: one a CPU this process may run on.

The ``ci`` profile loads wherever the ``CI`` environment variable is set (CI runners
set it), ``dev`` elsewhere; ``HYPOTHESIS_PROFILE`` overrides both. Every counterexample Hypothesis ever finds is pinned
with ``@example`` on the property that found it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from compat.rollout.gate import Check

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
    max_examples=300,  # three times the default; at 1,000 the suite overran CI's 15-minute budget (941 s)
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


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject.toml's addopts): one worker a CPU this process may run on.

    pytest-xdist's own count is psutil's physical cores, and a 2-vCPU runner is often one
    core with two threads: one worker, a serial run. ``PYTEST_XDIST_AUTO_NUM_WORKERS``
    still decides when set (pytest-xdist reads it).
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
    return max(1, len(usable))


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


# The gate's properties, by (examples, seed, candidate): what each run of them returned.
_PROPERTY_CHECKS: dict[tuple[int, int | None, str], tuple[Check, ...]] = {}


@pytest.fixture
def properties_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`gate` and `rollout` run the fixed scorer's properties once a worker for each (examples, seed, candidate).

    For tests whose subject is not the properties: the pages' walks (tests/test_docs.py,
    tests/test_migration_doc.py), whose commands run the same properties with the same seed a
    dozen times (about 10 s each), and a rollout run for what it writes. The first run is real;
    the others are handed its checks, which they would have recomputed bit for bit (seeded, no
    database, the candidate scorer never registered anew by these tests). The properties
    themselves are tested in tests/rollout/, 300 examples each in CI.
    """
    from compat.rollout import gate
    from compat.rollout.gate import checks

    real = checks.check_properties

    def once(examples: int, seed: int | None, candidate: str = "ragas") -> list[Check]:
        key = (examples, seed, candidate)
        if key not in _PROPERTY_CHECKS:
            _PROPERTY_CHECKS[key] = tuple(real(examples, seed, candidate))
        return list(_PROPERTY_CHECKS[key])

    monkeypatch.setattr(checks, "check_properties", once)  # run_gate's
    monkeypatch.setattr(gate, "check_properties", once)  # rollout's (imported when it runs)
