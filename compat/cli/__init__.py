"""The ``faithcompat`` command line: arguments in, core calls, exit codes out.

One module a command (or a small group of them), each a thin layer: it reads its
arguments, calls the stages and prints what they return. ``_common`` holds the options
several commands share and maps faithcompat's errors to exit codes: 0 ok, 1 a gate or
decision failed, 2 unusable input (bad arguments, malformed cases, missing files).
``_progress`` draws the progress lines. This package is the only one that prints,
exits or imports click; nothing in ``compat`` imports it.
"""

from compat.cli._app import main, run

__all__ = ["main", "run"]
