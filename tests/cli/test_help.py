"""Every command's ``--help``, word for word: a restructuring of the code must not move a
letter of what a user reads. A deliberate change of a help text updates the snapshot
(``pytest tests/cli/test_help.py --snapshot-update``) in the same commit."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner
from syrupy.assertion import SnapshotAssertion

from compat.cli import main


def command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path of every command below ``group``, the group itself first."""
    paths = [prefix]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            paths += command_paths(command, (*prefix, name))
        else:
            paths.append((*prefix, name))
    return paths


COMMANDS = command_paths(main)


def test_every_command_is_listed() -> None:
    """The walk reaches the subcommands of a group (``promptfoo config``), not only the top."""
    assert ("diff",) in COMMANDS and ("promptfoo", "config") in COMMANDS and () in COMMANDS


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "faithcompat")
def test_help_text(path: tuple[str, ...], snapshot: SnapshotAssertion) -> None:
    result = CliRunner().invoke(main, [*path, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert result.output == snapshot
