"""The ``faithcompat`` group, its commands, and ``run``: the console script, with Ctrl-C,
SIGTERM and closed standard streams handled."""

from __future__ import annotations

import contextlib
import os
import signal
import sys

import click

from compat.cli._common import EXIT_UNUSABLE
from compat.cli._compare import compare
from compat.cli._diff import diff
from compat.cli._gate import gate
from compat.cli._grade import grade_command, prompts
from compat.cli._label import label
from compat.cli._promptfoo import promptfoo
from compat.cli._rollout import policy, rollout
from compat.cli._score import score
from compat.cli._validate import schema, validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="faithcompat")
def main() -> None:
    """Compare the legacy faithfulness scorer with the fixed one, case by case."""


for _command in (
    score,
    diff,
    compare,
    label,
    grade_command,
    prompts,
    promptfoo,
    gate,
    rollout,
    policy,
    validate,
    schema,
):
    main.add_command(_command)


class _Stopped(BaseException):
    """A signal asked the run to stop. Not a KeyboardInterrupt, which click would turn
    into "Aborted!" and exit 1: this unwinds every ``finally`` (partial outputs are
    removed, worker processes wound down) and ``run`` exits 128 + the signal's number."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


_MAIN_PID = os.getpid()


def _stop(signal_number: int, _frame: object) -> None:
    if os.getpid() != _MAIN_PID:
        # A forked worker, signalled before its initializer replaced this handler: Ctrl-C is
        # the parent's to act on; SIGTERM (how the pool ends a broken run) ends it silently.
        if signal_number == signal.SIGINT:
            signal.signal(signal_number, signal.SIG_IGN)
            return
        signal.signal(signal_number, signal.SIG_DFL)
        os.kill(os.getpid(), signal_number)
        return
    raise _Stopped(signal_number)


def run() -> None:
    """The console script: ``main`` with Ctrl-C, SIGTERM and closed standard streams handled."""
    if sys.stdout is None or sys.stderr is None:  # started with `>&-` or `2>&-`
        message = "faithcompat: error: standard output or standard error is closed\n"
        with contextlib.suppress(OSError):
            os.write(2, message.encode())
        sys.exit(EXIT_UNUSABLE)
    global _MAIN_PID
    _MAIN_PID = os.getpid()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signal_number, _stop)
    try:
        main()
    except _Stopped as stopped:
        name = signal.Signals(stopped.signal_number).name
        click.echo(f"\nfaithcompat: stopped by {name} (files being written were removed)", err=True)
        sys.exit(128 + stopped.signal_number)
