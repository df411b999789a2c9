"""``Score.scored`` and ``Score.undetermined`` build what the keyword ``Score(...)`` builds."""

from __future__ import annotations

import math

from compat.scoring import Cause, Score, ScoreWarning, Status, Verdict, VerdictFormat

VERDICTS = (Verdict("A.", 1, "stated"),)
WARNINGS = (ScoreWarning.FEWER_VERDICTS,)


def test_scored_is_the_keyword_score_with_status_scored() -> None:
    built = Score.scored(
        scorer="s",
        value=0.5,
        passed=True,
        threshold=0.5,
        reason="r",
        format=VerdictFormat.JSON,
        verdicts=VERDICTS,
        warnings=WARNINGS,
        statement_count=2,
    )
    assert type(built) is Score
    assert built == Score(
        scorer="s",
        value=0.5,
        status=Status.SCORED,
        passed=True,
        threshold=0.5,
        reason="r",
        format=VerdictFormat.JSON,
        verdicts=VERDICTS,
        warnings=WARNINGS,
        statement_count=2,
    )
    assert Score.scored(scorer="s", value=0.0, passed=False, threshold=0.5, reason="r") == Score(
        "s", 0.0, Status.SCORED, False, 0.5, "r"
    )
    nan = Score.scored(scorer="s", value=math.nan, passed=False, threshold=0.5, reason="r", cause=Cause.NO_VERDICTS)
    assert nan.cause is Cause.NO_VERDICTS and nan.status is Status.SCORED and math.isnan(nan.value or 0.0)


def test_undetermined_has_no_value_and_never_passes() -> None:
    built = Score.undetermined(
        scorer="s", threshold=0.7, reason="r", cause=Cause.REFUSAL, verdicts=VERDICTS, statement_count=1
    )
    assert type(built) is Score
    assert built == Score(
        scorer="s",
        value=None,
        status=Status.UNDETERMINED,
        passed=False,
        threshold=0.7,
        reason="r",
        cause=Cause.REFUSAL,
        verdicts=VERDICTS,
        statement_count=1,
    )
    assert built.format is None and built.warnings == ()
