"""ragas 0.4.3's ``FaithfulnesswithHHEM`` as a scorer, over the per-statement probabilities an arm recorded.

As the published code reads (``ragas/metrics/_faithfulness.py``, 0.4.3): statements from the
LLM's call 1 (parsed as ``Faithfulness`` parses them), ``[]`` gives NaN before any
classifier runs; otherwise each (premise, statement) pair's probability from
``nli_classifier.predict`` is rounded with ``torch.round`` (half to even: 0.5 counts as
unsupported, anything above as supported), and the score is ``sum(scores) / len(scores)``,
unrounded. The batching (``batch_size`` pairs a call, default 10) changes no number: it is
the verifier's (``compat.grading``), which recorded the probabilities. There is no
threshold in the metric; ``passed`` is the shared pass rule on its value.
"""

from __future__ import annotations

from compat.cases import Case
from compat.scoring._score import Cause, Score, Verdict
from compat.scoring.upstream.ragas_json import Raised
from compat.scoring.upstream.ragas_library import RagasLibraryScorer


def hhem_verdict(probability: float) -> bool:
    """``torch.round`` of the probability is 1: half to even, so exactly 0.5 is unsupported."""
    return round(probability) == 1


class RagasHhemScorer(RagasLibraryScorer):
    """``FaithfulnesswithHHEM`` (ragas 0.4.3) on a case whose arm recorded HHEM's checks.

    NaN (no statements) is value NaN, status ``scored``, as for ``ragas-0.4.3``. No checks,
    or checks of other statements than call 1's, give status ``error``, value ``None``
    (ragas would have raised or never run); a verifier that failed is the arm's error.
    """

    name = "ragas-hhem-0.4.3"

    def score(self, case: Case) -> Score:
        try:
            statements = self._statements(case)
        except Raised as error:
            return self._error(case, f"ragas raises: {error}")
        if not statements:
            return self._nan(case, Cause.NO_STATEMENTS, "no statements", 0)
        checks = case.checks
        if checks is None:
            return self._error(case, "no HHEM checks were recorded for this arm")
        judged = [check.statement for check in checks]
        if judged != statements:
            return self._error(case, f"the HHEM checks judged {len(judged)} statements, not call 1's {len(statements)}")
        scores = [1.0 if hhem_verdict(check.probability) else 0.0 for check in checks]
        verdicts = tuple(
            Verdict(check.statement, 1 if score else 0, f"HHEM p={check.probability:.4f}")
            for check, score in zip(checks, scores, strict=True)
        )
        return self._ratio(case, sum(scores) / len(scores), len(statements), verdicts)
