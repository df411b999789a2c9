"""The flag inside promptfoo: faithcompat's faithfulness assertion and the entries that use it.

``assertion`` does the work of a promptfoo python assertion (its file,
``compat/rollout/promptfoo_assertion.py``, stays where promptfoo loads it by path);
``config`` writes the ``assert:`` entries of each rollout stage. See docs/promptfoo.md.
"""

from compat.rollout.promptfoo.assertion import AssertionSettings, promptfoo_result
from compat.rollout.promptfoo.config import assert_entries, flag_entries, to_yaml

__all__ = ["AssertionSettings", "assert_entries", "flag_entries", "promptfoo_result", "to_yaml"]
