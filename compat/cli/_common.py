"""What the commands share: exit codes, the options several take, and the mapping of
faithcompat's errors to a one-line message and an exit code."""

from __future__ import annotations

import functools
import glob
import math
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import click
from click.core import ParameterSource

from compat._errors import CaseError, CorpusError, FaithcompatError
from compat.cases import ARM_NAME_PATTERN, DEFAULT_MAX_CASE_BYTES, ArmName, bundled_corpus
from compat.diff import DEFAULT_TOLERANCE, MAX_JOBS
from compat.rollout import RolloutPolicy, parse_stage
from compat.scoring import MismatchPolicy, Vocabulary, load_vocabulary, scorer_names, scorer_options

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2

F = TypeVar("F", bound=Callable[..., Any])


def domain_errors(command: F) -> F:
    """Map faithcompat's errors to a one-line message and the error's own exit code: no tracebacks."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except FaithcompatError as error:
            click.echo(f"faithcompat: error: {error}", err=True)
            sys.exit(error.exit_code)
        except BrokenPipeError:
            # The reader left (`| head`): not an error.
            _silence_stdout()
            sys.exit(EXIT_OK)
        except OSError as error:  # a full disk, an output that vanished: say so, no traceback
            # Files are named by OutputError and CorpusError; what is left unnamed is stdout.
            where = f"{error.filename}: " if error.filename else "standard output: "
            click.echo(f"faithcompat: error: {where}{error.strerror or error}", err=True)
            try:
                sys.stdout.flush()
            except OSError:
                _silence_stdout()
            sys.exit(EXIT_UNUSABLE)

    return wrapper  # type: ignore[return-value]


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's final flush cannot raise again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def output_path(_context: click.Context, _parameter: click.Parameter, value: str | None) -> Path | None:
    if value is None:
        return None
    if not value:  # Path("") would be "." and fail later as a directory, which says nothing useful
        raise click.BadParameter("the file name is empty")
    return Path(value)


def finite(_context: click.Context, _parameter: click.Parameter, value: float) -> float:
    if math.isnan(value) or math.isinf(value):
        raise click.BadParameter(f"{value} is not a finite number")
    return value


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform has one), at most MAX_JOBS."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_JOBS))


def jobs_option(what: str) -> Callable[[F], F]:
    return click.option(
        "--jobs",
        type=click.IntRange(1, MAX_JOBS),
        default=available_cores,
        show_default=f"cores available, here {available_cores()}",
        help=f"{what} (at most {MAX_JOBS}); the report is the same whatever the number.",
    )


tolerance_option = click.option(
    "--tolerance",
    type=click.FloatRange(min=0),
    default=DEFAULT_TOLERANCE,
    show_default=True,
    callback=finite,
    help="Scores this close count as a match.",
)

max_case_bytes_option = click.option(
    "--max-case-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_CASE_BYTES,
    show_default=True,
    help="Refuse a case line longer than this.",
)


def renamed_option(old: str, new: str, dest: str, **option: Any) -> Callable[[F], F]:
    """``old``, the spelling ``new`` had before, kept for one release: hidden from --help, it
    warns on stderr naming ``new`` and stands for it (``dest``); giving both is a usage error."""
    old_dest = f"deprecated_{dest}"

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def with_old_spelling(*args: Any, **kwargs: Any) -> Any:
            value = kwargs.pop(old_dest)
            if value is not None:
                source = click.get_current_context().get_parameter_source(dest)
                if source is ParameterSource.COMMANDLINE:
                    raise click.UsageError(f"give {new} (or its old spelling {old}), not both")
                click.echo(
                    f"faithcompat: warning: {old} is deprecated here and goes in the next release: use {new}",
                    err=True,
                )
                kwargs[dest] = value
            return command(*args, **kwargs)

        hidden = click.option(old, old_dest, hidden=True, help=f"Deprecated: use {new}.", **option)
        return cast(F, hidden(with_old_spelling))

    return decorate


ROLLOUT_POLICY_FILE = click.Path(dir_okay=False, path_type=Path)


def rollout_policy_option(what: str, *, old_spelling: bool = True) -> Callable[[F], F]:
    """``--rollout-policy FILE``: the rollout policy (TOML); ``--policy FILE`` before (rollout, gate, compare),
    but not where ``--policy`` meant something else (``old_spelling=False``: diff, the mismatch policy)."""

    def decorate(command: F) -> F:
        if old_spelling:
            command = renamed_option("--policy", "--rollout-policy", "rollout_policy", type=ROLLOUT_POLICY_FILE)(
                command
            )
        return click.option(
            "--rollout-policy",
            type=ROLLOUT_POLICY_FILE,
            help=f"{what} (TOML; `faithcompat policy` prints the default one) [default: the built-in one].",
        )(command)

    return decorate


def mismatch_policy_option(what: str) -> Callable[[F], F]:
    """``--mismatch-policy CHOICE``: the candidate's mismatch policy; ``--policy CHOICE`` before."""
    choice = click.Choice([policy.value for policy in MismatchPolicy])

    def decorate(command: F) -> F:
        command = renamed_option("--policy", "--mismatch-policy", "mismatch_policy", type=choice)(command)
        return click.option("--mismatch-policy", type=choice, help=what)(command)

    return decorate


def output_file_option(what: str, default: str | None = None) -> Callable[[F], F]:
    """``-o/--output FILE``: the one file a command writes (atomically)."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False),
        default=default,
        show_default=default is not None,
        callback=output_path,
        help=what,
    )


vocabulary_option = click.option(
    "--vocabulary",
    "vocabulary_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="TOML of verdict words your grader uses ([vocabulary] yes, no, none lists), added to the built-in "
    "ones for the scorers that read them (ragas).",
)


def scorer_option(name: str, default: str, what: str) -> Callable[[F], F]:
    """``--control`` or ``--candidate``: a registered scorer's name."""
    return click.option(name, default=default, show_default=True, type=click.Choice(scorer_names()), help=what)


def report_format_option(what: str) -> Callable[[F], F]:
    """``--format``: text for people, Markdown for a pull request, JSON for tools."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "markdown", "json"]),
        default="text",
        show_default=True,
        help=what,
    )


def current_stage(stage: str, policy: RolloutPolicy) -> str:
    """``--stage`` read against the policy's stages; a usage error naming the option otherwise."""
    try:
        return parse_stage(stage, policy)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--stage") from None


def vocabulary_words(path: Path | None) -> Vocabulary | None:
    """The words of ``--vocabulary``; ``None`` without one, or for a file that adds none."""
    return (load_vocabulary(path) or None) if path is not None else None


def policy_options(scorer_name: str, policy: str | None, vocabulary: Vocabulary | None = None) -> dict[str, Any]:
    """The scorer options for ``--mismatch-policy`` and ``--vocabulary``; a usage error for a scorer that takes
    neither."""
    options: dict[str, Any] = {}
    if policy is not None:
        if "policy" not in scorer_options(scorer_name):
            raise click.UsageError(f"--mismatch-policy applies to the ragas scorer, not {scorer_name!r}")
        options["policy"] = policy
    if vocabulary is not None:
        if "vocabulary" not in scorer_options(scorer_name):
            raise click.UsageError(f"--vocabulary applies to the ragas scorer, not {scorer_name!r}")
        options["vocabulary"] = vocabulary
    return options


def report_skipped(skipped: list[CaseError]) -> None:
    """Every case --skip-invalid passed over, and their count, on stderr."""
    for error in skipped:
        click.echo(f"faithcompat: skipped: {error}", err=True)
    if skipped:
        click.echo(f"faithcompat: skipped {len(skipped)} invalid case(s)", err=True)


def corpus_sources(corpus: tuple[str, ...]) -> tuple[list[str | Path], list[str]]:
    """The files to read and how reports name them; the bundled corpus when none are given.

    A pattern (``logs/2026-*.jsonl.gz``) names the files it matches, sorted; a file whose
    own name looks like a pattern is read as itself.
    """
    if corpus:
        files = expand_patterns(corpus)
        return list(files), files
    bundled = bundled_corpus()
    return list(bundled), [f"bundled:{path.name}" for path in bundled]


def expand_patterns(names: tuple[str, ...]) -> list[str]:
    """Each name, a pattern replaced by the files it matches, sorted; a file whose own name
    looks like a pattern is itself. A pattern that matches nothing is an error."""
    files: list[str] = []
    for name in names:
        if glob.has_magic(name) and not Path(name).exists():
            matches = sorted(glob.glob(name, recursive=True))
            if not matches:
                raise CorpusError(f"{name}: no file matches this pattern")
            files += matches
        else:
            files.append(name)
    return files


def chosen_arm(arm: str) -> ArmName | None:
    """``--arm``'s value as the diff stage takes it: None for auto (each candidate's contract)."""
    return None if arm == "auto" else arm


def arm_name(_context: click.Context, _parameter: click.Parameter, value: str | None) -> str | None:
    """An arm's name as given (``auto`` too), checked; a usage error naming the option otherwise."""
    if value is not None and value != "auto" and not re.fullmatch(ARM_NAME_PATTERN, value):
        raise click.BadParameter(f"{value!r} is not an arm name (letters, digits, _ . -)")
    return value


def arm_option(command: F) -> F:
    """``--arm`` and ``--control-arm``: which recording each side scores on cases graded per arm (diff, compare,
    gate)."""
    command = click.option(
        "--control-arm",
        default="legacy",
        show_default=True,
        callback=arm_name,
        metavar="NAME",
        help="On cases graded per arm (faithcompat grade), the recording the control scores: an arm's name.",
    )(command)
    return click.option(
        "--arm",
        default="auto",
        show_default=True,
        callback=arm_name,
        metavar="auto|NAME",
        help="On cases graded per arm (faithcompat grade), the recording each candidate scores: auto, the arm "
        "whose output its contract reads (ragas and ragas-0.4.3 the RAGAS prompts' JSON, deepeval-4.3.1 the deepeval "
        "arm's, every other scorer the legacy prompts' text, which the control reads too); or an arm's name "
        "(legacy, ragas, deepeval, or one declared "
        "with grade --arm), that arm for every candidate. A case without that arm is not recorded.",
    )(command)
