"""Which cases report.html holds when a corpus is larger than a page should be.

Every differing case comes first (they are what a person opens the page for), then
matches, up to the cap on cases and the cap on bytes; the page shows them in corpus
order. Lines are kept as the text cases.jsonl gets: the page embeds them as they are.
The byte cap keeps the command's memory flat when differing lines carry long grader
texts (a typical one is 2-4 KB with its detail).
"""

from __future__ import annotations

from collections.abc import Sequence

from compat.diff import Outcome

HTML_CASES = 10_000  # the explorer stays quick at 100,000 (README, performance)
HTML_BYTES = 16 << 20  # of cases.jsonl lines held for the page: its size, and the command's memory for it

_MATCH = Outcome.MATCH.value


class HeldCases:
    """The cases.jsonl lines the page will hold, chosen as the lines stream past.

    One budget for both kinds: a differing line that does not fit pushes out the latest
    matches held, so at no time are more than ``limit`` lines or ``max_bytes`` held.
    """

    def __init__(self, limit: int = HTML_CASES, max_bytes: int = HTML_BYTES) -> None:
        self.limit = limit
        self.max_bytes = max_bytes
        self.seen = 0
        self._differing: list[tuple[int, str]] = []
        self._matching: list[tuple[int, str]] = []
        self._bytes = 0

    def add(self, lines: Sequence[str], outcomes: Sequence[str], moved: Sequence[bool] | None = None) -> None:
        """``moved``: with --composite, the lines whose composite is not a match (held as differing too)."""
        for index, (line, outcome) in enumerate(zip(lines, outcomes, strict=True)):
            if outcome != _MATCH or (moved is not None and moved[index]):
                while self._matching and not self._fits(line):
                    self._bytes -= len(self._matching.pop()[1])
                if self._fits(line):
                    self._differing.append((self.seen, line))
                    self._bytes += len(line)
            elif self._fits(line):
                self._matching.append((self.seen, line))
                self._bytes += len(line)
            self.seen += 1

    def _fits(self, line: str) -> bool:
        held = len(self._differing) + len(self._matching)
        return held < self.limit and self._bytes + len(line) <= self.max_bytes

    def lines(self) -> list[str]:
        """The held cases' lines in corpus order."""
        return [line for _, line in sorted(self._differing + self._matching)]
