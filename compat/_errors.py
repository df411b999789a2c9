"""The exceptions faithcompat raises, all in one place, each with the exit code the CLI gives it.

    FaithcompatError                 base: catch this to catch everything below          exit 2
    ├── InputError                   input that cannot be used as given                  exit 2
    │   ├── CaseError                one case is malformed; knows its source and line
    │   ├── CorpusError              a whole corpus is unusable (missing file, bad layout, a dataset given for a corpus)
    │   ├── LabelError               a labels file's line that is no label; knows its source and line
    │   ├── VocabularyError          a vocabulary file (your grader's verdict words) that cannot be used
    │   ├── PromptError              a prompts file that cannot be used
    │   ├── ArmError                 an arm that cannot be graded as declared
    │   ├── GradeOptionsError        grade's options grade nothing, or the environment lacks the API key
    │   ├── CompositeRuleError       a composite rule: unknown name, unreadable file, a bad key
    │   ├── PolicyError              a policy file that cannot be used
    │   ├── FlagConfigError          a flag setting: a bad mode or percentage, shadow without a log, live at 0%
    │   ├── AssertionConfigError     a promptfoo assertion's config (or environment) that cannot be used
    │   ├── GraderUnusableError      the grader cannot be used as given: unreachable, key refused, no such model
    │   └── VerifierUnusableError    the verifier model (HHEM) cannot be loaded: no such model, no [hhem] extra
    ├── UnknownScorerError           no scorer is registered under that name             exit 2
    ├── OutputError                  a report or output file cannot be written there     exit 2
    ├── WorkerError                  a worker process of ``--jobs`` died (killed from outside)  exit 2
    └── GradingFailedError           too many of a grading run's cases failed            exit 1

``exit_code`` is a class attribute: the CLI reads it in one place (``compat/cli/_common.py``),
so a new error says its own code.

Signals inside one stage, caught there and never seen by a caller (so outside the tree above;
each is turned into a value, a ``CaseError``, or one of the errors above, where it is caught):

    Exception
    ├── scoring.upstream.ragas_json  Raised, DecodeError   what ragas would raise / json.JSONDecodeError, as ragas reads
    ├── grading.grader.client        GraderFailure         a call failed for good: recorded as the case's GraderError
    │                                _Transient, _Rejected one attempt failed: retried / not retried
    ├── grading._calls, grading._hhem  _Failed             a case's call failed: the case is recorded with its error
    ├── grading.datasets.rows        _Bad                  a row's problem: a CaseError with the row's line
    ├── grading.datasets.csv_rows    _BadCell              a CSV cell's problem: likewise
    └── grading.datasets.metrics     MetricProblem         a metric value that is no score: likewise
    BaseException
    └── cli._app                     _Stopped              SIGINT or SIGTERM: unwinds, then exits 128 + the signal

Scorers never raise for anything a grader can emit: a grader failure is a ``Score``
with status ``undetermined``, not an exception. One that does anyway (a bug) fails its case,
not the run: ``diff.score_arm`` turns the exception into the case's ``scorer_error``. Exceptions are for the caller's
mistakes (malformed cases, unknown names) and for a grading run that cannot give a
corpus worth reading (the grader cannot be used at all, or failed on too many cases).
"""

from __future__ import annotations

from typing import ClassVar


class FaithcompatError(Exception):
    """Base class of every faithcompat error."""

    #: The CLI's exit code for this error: 2, input (or a setting) that cannot be used.
    exit_code: ClassVar[int] = 2


class InputError(FaithcompatError):
    """Input that cannot be used as given."""


class CaseError(InputError):
    """One case is malformed. ``str()`` reads ``SOURCE:LINE: what is wrong``."""

    def __init__(self, source: str, line: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        super().__init__(f"{source}:{line}: {problem}")

    def __reduce__(self) -> tuple[type[CaseError], tuple[str, int, str]]:
        # A worker process hands malformed cases back to the parent: pickle the three
        # fields, not the formatted message that BaseException would pass to __init__.
        return (CaseError, (self.source, self.line, self.problem))


class LabelError(InputError):
    """A labels file that cannot be read, or a line of it that is no label. ``str()`` reads
    ``SOURCE:LINE: what is wrong`` (``SOURCE: what`` for the file as a whole)."""

    def __init__(self, source: str, line: int | None, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        super().__init__(f"{source}:{line}: {problem}" if line is not None else f"{source}: {problem}")

    def __reduce__(self) -> tuple[type[LabelError], tuple[str, int | None, str]]:
        return (LabelError, (self.source, self.line, self.problem))


class CorpusError(InputError):
    """A corpus as a whole is unusable: missing, unreadable or of an unknown layout."""


class VocabularyError(InputError):
    """A vocabulary file that cannot be used: unreadable, not TOML, or a word that cannot be one."""


class PromptError(InputError):
    """A prompts file that cannot be used."""


class ArmError(InputError):
    """An arm that cannot be graded as declared."""


class GradeOptionsError(InputError):
    """``grade``'s options that cannot make a run: no arm to grade, or no API key where one is needed.
    The CLI shows it as a usage error, as it shows an option it cannot parse."""


class CompositeRuleError(InputError):
    """A composite rule that cannot be used: unknown name, unreadable file, a bad key."""


class PolicyError(InputError):
    """A policy file that cannot be used."""


class FlagConfigError(InputError):
    """A flag setting that cannot be used: a bad mode or percentage, shadow without a log, live at 0%."""


class AssertionConfigError(InputError):
    """An assertion config (or environment) that cannot be used: names the setting and what is wrong."""


class GraderUnusableError(InputError):
    """The grader cannot be used as given, and no retry would change it: a URL that cannot
    be reached (refused, a name that does not resolve, no scheme), a key refused (401, 403),
    no such model (404). ``kind`` is the grader error kind (``refused``, ``auth``, ...)."""

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        self.message = message
        super().__init__(message)

    def __reduce__(self) -> tuple[type[GraderUnusableError], tuple[str, str]]:
        return (GraderUnusableError, (self.kind, self.message))


class VerifierUnusableError(InputError):
    """The verifier model cannot be used at all (not on disk, not on the hub, its library not
    installed): every case would fail, so the run stops before it pays for a call."""


class UnknownScorerError(FaithcompatError):
    """No scorer is registered under the requested name."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown scorer {name!r}; registered scorers: {', '.join(known)}")

    def __reduce__(self) -> tuple[type[UnknownScorerError], tuple[str, list[str]]]:
        return (UnknownScorerError, (self.name, self.known))


class OutputError(FaithcompatError):
    """A report or output file cannot be written where it was asked for."""


class WorkerError(FaithcompatError):
    """A worker process ended abruptly (killed from outside, out of memory): the run is void."""


class GradingFailedError(FaithcompatError):
    """A grading run whose cases failed to grade more often than its limit allows (or all of
    them): no corpus is written, since one would look real and hold little but errors.
    The run failed its own check, as a gate does: exit 1."""

    exit_code: ClassVar[int] = 1
