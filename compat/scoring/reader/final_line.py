"""Text verdict source 1, the final block: the last header that verdicts follow, and its items.

Headers are what graders write before their verdicts: ``Final verdict for each
statement in order:`` (the legacy prompt's), and its variants (``Final verdicts (in
order):``, ``Final verdict per statement, in order:``, ``Final answer:``, ``Verdicts:``,
``### Final verdicts``). After it, the verdicts run as items (``items``), on its line
or the lines below, with or without a lead-in (``in summary,``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from compat.scoring.reader.items import Item, follows_items, read_run
from compat.scoring.reader.verdict_words import BUILT_IN, VerdictWords

_PAREN = r"(?:[ \t]*\([^()\n]{0,24}\))?"
# Every branch starts with "final" or "verdicts" (found by str.rfind before the pattern runs).
FINAL_HEADER = (
    r"(?:final[ \t]+verdicts?[ \t]+for[ \t]+each[ \t]+statement[ \t]+in[ \t]+order(?![ \t]*[:=\-–—,])"
    r"|final[ \t]+(?:verdicts?|answers?|judge?ments?|decisions?|assessments?|results?|labels?)"
    # Greedy up to the first delimiter (a lazy {0,60}? here cost 20 µs a header in CPython).
    r"(?:[ \t,]+[a-z][^\n:=()\-–—]{0,60})?" + _PAREN + r"[ \t*]*[:=\-–—]"
    r"|final[ \t]+verdicts?" + _PAREN + r"[ \t*]*(?=\n)"
    r"|verdicts" + _PAREN + r"[ \t]*:)"
)
_HEADER = re.compile(FINAL_HEADER)
_PARAGRAPH_END = re.compile(r"\n[ \t]*\n")
_QUOTES = "\"“'‘`"  # a header in quotes is mentioned ('I will finish with "Final verdict...:"'), not used

MAX_HEADERS_TRIED = 4096
WINDOW = 4096  # what is read after a header to see whether verdicts follow it


class FinalBlock(NamedTuple):
    items: tuple[Item, ...]
    start: int  # where the header begins
    end: int  # where the last item ends
    warnings: frozenset[str]


def read_final_block(lowered: str, expected: int | None, words: VerdictWords = BUILT_IN) -> FinalBlock | None:
    """The items after the last header that items follow (checked in a window after each,
    from the last back: at most ``MAX_HEADERS_TRIED``, so a text of "final"s costs one scan)."""
    found: list[tuple[int, int]] = []
    for start, end in _headers_backwards(lowered):
        if found and found[-1][1] == end:
            continue
        if follows_items(lowered[end : end + WINDOW], words):
            found.append((start, end))
            if len(found) == 2:
                break
    if not found:
        return None
    start, end = found[0]
    # The block is the paragraph after the header: a blank line after it ends the verdicts.
    block = _PARAGRAPH_END.search(lowered, end + len(lowered[end:]) - len(lowered[end:].lstrip()))
    run = read_run(lowered[end : block.start() if block else len(lowered)], words, expected, numbers=True)
    if not run.items:
        return None
    warnings: set[str] = set()
    if run.trailing:
        warnings.add("trailing_text")
    if len(found) > 1:
        warnings.add("multiple_final_lines")
    return FinalBlock(run.items, start, end + run.end, frozenset(warnings))


def _headers_backwards(lowered: str) -> Iterator[tuple[int, int]]:
    """Every header's (start, end), the last first."""
    final_at = lowered.rfind("final")
    verdicts_at = lowered.rfind("verdicts")
    for _tried in range(MAX_HEADERS_TRIED):
        if final_at < 0 and verdicts_at < 0:
            return
        if final_at > verdicts_at:
            pos, final_at = final_at, lowered.rfind("final", 0, final_at)
        else:
            pos, verdicts_at = verdicts_at, lowered.rfind("verdicts", 0, verdicts_at)
        header = _HEADER.match(lowered, pos)
        if header is not None and not (pos and lowered[pos - 1] in _QUOTES):
            yield header.start(), header.end()
