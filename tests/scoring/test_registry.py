"""The registry: scorers by name, and a scope whose registrations do not outlive it."""

from __future__ import annotations

import pytest

from compat import Case, Score, UnknownScorerError, get_scorer, register_scorer, scorer_names, temporary_scorers
from compat.scoring import LegacyScorer


class Constant:
    name = "constant"

    def score(self, case: Case) -> Score:
        return Score.scored(scorer=self.name, value=0.5, passed=True, threshold=case.threshold, reason="always 0.5")


def test_a_scorer_registered_in_the_scope_is_gone_after_it() -> None:
    before = scorer_names()
    with temporary_scorers():
        register_scorer("constant", Constant)
        case = Case(id="c", statements_output="A.", grader_output="Verdict: Yes")
        assert get_scorer("constant").score(case).value == 0.5
    assert scorer_names() == before
    with pytest.raises(UnknownScorerError):
        get_scorer("constant")


def test_a_scorer_replaced_in_the_scope_comes_back_after_it() -> None:
    with temporary_scorers():
        register_scorer("legacy", Constant)
        assert isinstance(get_scorer("legacy"), Constant)
    assert isinstance(get_scorer("legacy"), LegacyScorer)


def test_the_scope_restores_the_registry_when_the_block_raises() -> None:
    with pytest.raises(RuntimeError), temporary_scorers():
        register_scorer("constant", Constant)
        raise RuntimeError("a test that failed")
    assert "constant" not in scorer_names()
