"""One row graded on its own, as ``grade`` grades each row: the promptfoo assertion's way in.

The same calls as a run (``Grading``: prompts, re-asks, the recorded texts), the same
client and the same reply cache, for a single row, synchronously: a promptfoo python
assertion is called once per test and returns a value. A row whose replies are all
cached asks nothing, exactly as a re-run of ``grade`` would not.
"""

from __future__ import annotations

import asyncio
import json

from compat.cases import Case, parse_case
from compat.grading._calls import Grading
from compat.grading._settings import GradeSettings
from compat.grading.datasets import Row
from compat.grading.grader import GraderSettings, OpenAIGrader, ReplyCache
from compat.grading.prompts import PromptSets


def grade_row(
    row: Row, settings: GradeSettings, prompts: PromptSets, cache: ReplyCache, grader: GraderSettings
) -> Case:
    """``row`` graded by ``settings.arms`` (cached replies first), as the case ``grade`` would write.

    Raises ``GraderUnusableError`` where no call can succeed (refused, a key refused, no
    such model); a call that failed after its retries is recorded on the case's arm.
    """
    grading = Grading(settings, prompts, cache)
    key = grading.row_key(row)
    line = grading.known_line(key, cache.get_lines([key])) or grading.cached_line(row, key)
    if line is None:
        line = asyncio.run(_graded(grading, row, key, grader))
    return parse_case(json.loads(line), row.source, row.line)


async def _graded(grading: Grading, row: Row, key: str, settings: GraderSettings) -> str:
    client = OpenAIGrader(settings)  # made inside the loop: the SDK's client binds to it
    try:
        return await grading.graded_line(row, client, key)
    finally:
        await client.aclose()
