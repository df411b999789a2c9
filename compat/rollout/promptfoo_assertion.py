"""faithcompat's faithfulness assertion, as promptfoo loads a python assertion.

    assert:
      - type: python
        value: file:///path/to/compat/rollout/promptfoo_assertion.py:get_assert
        config: {mode: shadow, model: gpt-4o-mini}

``faithcompat promptfoo config --stage STAGE`` prints these entries with this file's
path. The work is ``compat.rollout.promptfoo.assertion``'s (testable without promptfoo).
"""

from __future__ import annotations

from typing import Any

from compat.rollout.promptfoo import promptfoo_result


def get_assert(output: Any, context: dict[str, Any]) -> dict[str, Any]:
    """promptfoo's python assertion interface: a GradingResult dict."""
    return promptfoo_result(output, context)
