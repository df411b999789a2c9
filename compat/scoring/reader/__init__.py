"""The reader: a grader's verdict output (call 2) read into one verdict a statement.

JSON first, text second (docs/scoring.md). ``verdicts`` reads an output; JSON is found by
``json_scan`` and its verdicts located by ``json_items``; text is read by ``text_verdicts``:
every source proposes a reading (the final block, ``final_line``; markers, lists, prose,
``text_sources``; a table's verdict column, ``tables``; each cut into ``items``; the runs of
one repeated layout and the units keyed by their echoes, ``repetition``), each a ``reading``, and one number is
given only where the readings agree and nothing verdict-like is left unread; ``second_looks`` checks the reading
chosen against its units and what the grader writes after it. ``scan`` finds where the verdict
words stand without a pattern tried at every position. A verdict is a word of ``words``, in
force as ``verdict_words`` (the built-in ones and a team's ``vocabulary``). ``refusal`` says
whether an output is a refusal. Every pattern is linear; the hot paths are measured in
docs/performance.md.
"""

from compat.scoring.reader.items import forget_read_items
from compat.scoring.reader.json_scan import iter_json_values
from compat.scoring.reader.options import blank_keys
from compat.scoring.reader.refusal import matched_refusal, refused_the_task
from compat.scoring.reader.verdict_words import MAX_VERDICTS, VerdictWords, verdict_words
from compat.scoring.reader.verdicts import ParsedVerdicts, parse_verdicts
from compat.scoring.reader.vocabulary import Vocabulary, load_vocabulary

# Bumped whenever the reader reads some grader text otherwise: a report names it (its
# scorers' reader), so two reports whose versions differ may differ on a case for that alone.
READER_VERSION = "13"

__all__ = [
    "MAX_VERDICTS",
    "READER_VERSION",
    "ParsedVerdicts",
    "VerdictWords",
    "Vocabulary",
    "blank_keys",
    "forget_read_items",
    "iter_json_values",
    "load_vocabulary",
    "matched_refusal",
    "parse_verdicts",
    "refused_the_task",
    "verdict_words",
]
