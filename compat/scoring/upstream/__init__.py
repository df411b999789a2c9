"""Published upstream versions as scorers: later promptfoo generations and the ragas library.

``promptfoo-0.120.27``, ``promptfoo-0.121.19``, ``promptfoo-0.123.1``: score, pass, reason and
grader-error flag as that npm release's ``matchesContextFaithfulness`` gives them for the same two
grader outputs. ``ragas-0.4.3``: the value the ragas library's ``Faithfulness`` metric returns (NaN
included) when its grader answers with the two outputs, and ``Status.ERROR`` where it raises.
``ragas-hhem-0.4.3``: ``FaithfulnesswithHHEM`` over the HHEM probabilities an arm recorded.
``deepeval-4.3.1``: deepeval's ``FaithfulnessMetric`` over the deepeval arm's truths, claims and
verdicts outputs (``penalize_ambiguous_claims`` its one option).
Every detail was read from the published code and checked against it (docs/scoring-upstream.md).

The promptfoo releases are in ``promptfoo``; the ragas library in ``ragas_library``, which
reads JSON with ``ragas_json``; its HHEM metric in ``ragas_hhem``; deepeval's metric in
``deepeval``. ``SCORERS`` names them all for the registry.
"""

from __future__ import annotations

from collections.abc import Callable

from compat.scoring._score import Scorer
from compat.scoring.upstream.deepeval import DeepevalScorer, deepeval_field
from compat.scoring.upstream.promptfoo import Generation, PromptfooScorer
from compat.scoring.upstream.ragas_hhem import RagasHhemScorer, hhem_verdict
from compat.scoring.upstream.ragas_library import RagasLibraryScorer

__all__ = ["PROMPTFOO_GENERATIONS", "SCORERS", "DeepevalScorer", "RagasHhemScorer", "deepeval_field", "hhem_verdict"]


def _promptfoo(generation: Generation) -> Callable[[], Scorer]:
    return lambda: PromptfooScorer(generation)


# Every promptfoo generation of this scorer, oldest first: (scorer name, the releases it scored).
PROMPTFOO_GENERATIONS: tuple[tuple[str, str], ...] = (
    ("legacy", "promptfoo 0.114.2 - 0.120.26"),
    ("promptfoo-" + Generation.CLAMPED.value, "promptfoo 0.120.27 - 0.121.18"),
    ("promptfoo-" + Generation.MISSING_UNSUPPORTED.value, "promptfoo 0.121.19 - 0.123.0"),
    ("promptfoo-" + Generation.GRADER_ERROR.value, "promptfoo 0.123.1"),
)

# name -> factory taking no arguments; registered by compat.scoring._registry.
SCORERS: dict[str, Callable[[], Scorer]] = {
    **{"promptfoo-" + generation.value: _promptfoo(generation) for generation in Generation},
    "ragas-0.4.3": RagasLibraryScorer,
    "ragas-hhem-0.4.3": RagasHhemScorer,
    "deepeval-4.3.1": DeepevalScorer,
}
