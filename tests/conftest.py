"""Hypothesis profiles: ``ci`` is derandomized and thorough; ``dev`` is quick.

The ``ci`` profile loads wherever the ``CI`` environment variable is set (CI runners
set it), ``dev`` elsewhere; ``HYPOTHESIS_PROFILE`` overrides both. Every counterexample Hypothesis ever finds is pinned
with ``@example`` on the property that found it.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
