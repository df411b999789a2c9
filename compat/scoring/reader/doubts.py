"""Doubts over a whole reply that no reading of its verdicts can settle.

Once a reading is made, some things elsewhere in the reply say its verdicts are not what they
seem, whatever source read them:

* a legend that turns a JSON answer's 1s and 0s round ("1 = hallucinated"), or the verdict
  words ("Yes = risk detected (not grounded)");
* a question asked the other way round ("Hallucinated? Yes": ``polarity``);
* a rubric over other criteria beside faithfulness ("Relevant: No | Toxic: No": ``criteria``);
* several verdicts for one statement: votes, runs, jurors ("S1: Pass, Fail, Pass": ``votes``).

Each makes the case undetermined, saying why.
"""

from __future__ import annotations

from collections.abc import Sequence

from compat.scoring._score import VerdictFormat
from compat.scoring.reader.criteria import rubric_criteria
from compat.scoring.reader.degrees import numbers_inverted, words_inverted
from compat.scoring.reader.polarity import asked_the_other_way
from compat.scoring.reader.verdict_words import VerdictWords
from compat.scoring.reader.votes import several_verdicts

JSON_FORMATS = frozenset({VerdictFormat.JSON, VerdictFormat.JSON_LIST})


def doubt_over_the_whole(
    lowered: str, read_as: VerdictFormat | None, words: VerdictWords, statements: Sequence[str] = ()
) -> str | None:
    """Why the verdicts read from a reply (``lowered``, read as ``read_as``; call 1's ``statements``
    where known) are no answer, or ``None``."""
    if read_as in JSON_FORMATS:
        inverted = numbers_inverted(lowered)  # "{'s1': 0, 's2': 1}" beside "1 = hallucinated"
        if inverted is not None:
            return f"its 1s and 0s say the other way round from verdicts ({inverted})"
    defined = words_inverted(lowered)
    if defined is not None:
        # "Yes = risk detected (NOT grounded)": a guardrail's answer to its risk question.
        return f'its verdict words are defined the other way round ("{defined}")'
    question = asked_the_other_way(
        lowered, fields_turned=read_as not in JSON_FORMATS, columns_turned=read_as is VerdictFormat.TEXT_TABLE
    )
    if question is not None:
        # "Hallucinated? Yes": read as a verdict, every answer would be the wrong way round.
        return f'its yes and no answer a question asked the other way round ("{question}")'
    criteria = rubric_criteria(
        lowered, fields_blanked=read_as not in JSON_FORMATS, column_named=read_as is VerdictFormat.TEXT_TABLE
    )
    if criteria is not None:
        # "Supported: yes | Relevant: no | Toxic: no": which answer is faithfulness' is not read.
        return (
            f'it grades other criteria beside faithfulness ("{criteria}"), and which answer is '
            + "faithfulness' is not read"
        )
    several = (
        several_verdicts(lowered, words, rows=read_as is not VerdictFormat.TEXT_TABLE, statements=statements)
        if read_as not in JSON_FORMATS
        else None
    )
    if several is not None:
        # "run 1: s1=no … run 2: s1=yes", "S1: Pass, Fail, Pass": votes, whose decision is not read.
        return f'it gives a statement several verdicts ("{several}"), and which decides is not read'
    return None


__all__ = ["JSON_FORMATS", "doubt_over_the_whole"]
