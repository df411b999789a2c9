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
from compat.scoring.reader import READER_VERSION, Vocabulary
from compat.scoring.upstream import RagasHhemScorer

ScorerFactory = Callable[..., Scorer]
# What the exact ports other than promptfoo's copy (the plans as their seed documents wrote them).
_PORTS = {
    "plan-minimal": "seed 000's plan (minimal), as written",
    "plan-parser": "seed 002's plan (parser), as written",
    "plan-ragas-port": "seed 001's plan (ragas_port), as written",
    "ragas-0.4.3": "ragas 0.4.3's faithfulness",
    "ragas-hhem-0.4.3": "ragas 0.4.3's FaithfulnesswithHHEM",
    "deepeval-4.3.1": "deepeval 4.3.1's FaithfulnessMetric",
}
# Options an exact port takes: the upstream metric's own arguments, nothing of faithcompat's.
_PORT_OPTIONS = {"deepeval-4.3.1": frozenset({"penalize_ambiguous_claims"})}

_REGISTRY: dict[str, tuple[ScorerFactory, frozenset[str]]] = {}
# Per scorer, what reads the grader's text: an exact port's upstream release, or faithcompat's reader and its version.
_READERS: dict[str, str] = {}
# Scorers that read a recording a grader's texts do not hold (an HHEM verification): ranked
# only when named, since on a corpus graded without a verifier they have nothing to read.
_NOT_IN_LEAGUE = {RagasHhemScorer.name}


def register_scorer(
    name: str, factory: ScorerFactory, *, options: frozenset[str] = frozenset(), reader: str | None = None
) -> None:
    """Make ``factory`` available as ``name``; ``options`` are the keywords it accepts; ``reader``
    what reads the grader's text and its version, as a report names it (``None``: not said)."""
    _REGISTRY[name] = (factory, options)
    _READERS.pop(name, None)
    if reader is not None:
        _READERS[name] = reader


def scorer_reader(name: str) -> str | None:
    """What reads the grader's text for scorer ``name``, with its version (``None``: not said)."""
    return _READERS.get(name)


@contextmanager
def temporary_scorers() -> Iterator[None]:
    """Scorers registered inside the block are gone after it, and any it replaced come back:
    for a test, or a script that tries a scorer without changing the process's registry."""
    saved, readers = dict(_REGISTRY), dict(_READERS)
    try:
        yield
    finally:
        _REGISTRY.clear()
        _REGISTRY.update(saved)
        _READERS.clear()
        _READERS.update(readers)


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


_RELEASES = dict(upstream.PROMPTFOO_GENERATIONS)  # scorer name -> the promptfoo releases it ports
register_scorer("legacy", LegacyScorer, reader=f"exact port of {_RELEASES['legacy']}")
# "vocabulary": the scorer reads a team's added verdict words (docs/scoring.md). The legacy
# scorer and the upstream ports are exact copies of other code and never take it.
register_scorer(
    "ragas", _ragas, options=frozenset({"policy", "vocabulary"}), reader=f"faithcompat reader {READER_VERSION}"
)
for _name, _factory in (*plans.SCORERS.items(), *upstream.SCORERS.items()):
    register_scorer(
        _name,
        _factory,
        options=_PORT_OPTIONS.get(_name, frozenset()),
        reader=f"exact port of {_RELEASES.get(_name, _PORTS.get(_name, _name))}",
    )
check_expected_against(scorer_names)
