"""One scorer protocol, and the registry that finds scorers by name.

A scorer is anything with a ``name`` and a total ``score(case) -> Score``. Callers
ask the registry by name, so another scorer (another upstream version, a variant
policy) plugs in with ``register_scorer`` and no caller changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from compat._errors import UnknownScorerError
from compat.cases import check_expected_against
from compat.scoring import plans, upstream
from compat.scoring._legacy import LegacyScorer
from compat.scoring._ragas import RagasScorer
from compat.scoring._score import MismatchPolicy, Scorer
from compat.scoring.reader import Vocabulary
from compat.scoring.upstream import RagasHhemScorer

ScorerFactory = Callable[..., Scorer]

_REGISTRY: dict[str, tuple[ScorerFactory, frozenset[str]]] = {}
# Scorers that read a recording a grader's texts do not hold (an HHEM verification): ranked
# only when named, since on a corpus graded without a verifier they have nothing to read.
_NOT_IN_LEAGUE = {RagasHhemScorer.name}


def register_scorer(name: str, factory: ScorerFactory, *, options: frozenset[str] = frozenset()) -> None:
    """Make ``factory`` available as ``name``; ``options`` are the keywords it accepts."""
    _REGISTRY[name] = (factory, options)


@contextmanager
def temporary_scorers() -> Iterator[None]:
    """Scorers registered inside the block are gone after it, and any it replaced come back:
    for a test, or a script that tries a scorer without changing the process's registry."""
    saved = dict(_REGISTRY)
    try:
        yield
    finally:
        _REGISTRY.clear()
        _REGISTRY.update(saved)


def scorer_names() -> list[str]:
    return sorted(_REGISTRY)


def league_candidates(control: str) -> list[str]:
    """The scorers ``compare`` and ``diff --league`` rank by default: every one but the control and
    those that read a verifier's recording (named with ``--candidates`` where a corpus has one)."""
    return [name for name in scorer_names() if name != control and name not in _NOT_IN_LEAGUE]


def scorer_options(name: str) -> frozenset[str]:
    if name not in _REGISTRY:
        raise UnknownScorerError(name, scorer_names())
    return _REGISTRY[name][1]


def get_scorer(name: str, **options: Any) -> Scorer:
    """A scorer by registered name. Options it does not take are an error, not ignored."""
    accepted = scorer_options(name)
    unknown = sorted(set(options) - accepted)
    if unknown:
        raise TypeError(f"scorer {name!r} takes no option {', '.join(unknown)}")
    return _REGISTRY[name][0](**options)


def _ragas(policy: MismatchPolicy | str = MismatchPolicy.UNSUPPORTED, vocabulary: Vocabulary | None = None) -> Scorer:
    return RagasScorer(MismatchPolicy(policy), vocabulary)


register_scorer("legacy", LegacyScorer)
# "vocabulary": the scorer reads a team's added verdict words (docs/scoring.md). The legacy
# scorer and the upstream ports are exact copies of other code and never take it.
register_scorer("ragas", _ragas, options=frozenset({"policy", "vocabulary"}))
for _name, _factory in (*plans.SCORERS.items(), *upstream.SCORERS.items()):
    register_scorer(_name, _factory)
check_expected_against(scorer_names)
