"""Which cases report.html holds when a corpus is larger than a page should be.

Every differing case comes first (they are what a person opens the page for), then
matches, up to the cap; the page shows them in corpus order. Lines are kept as the
text cases.jsonl gets: the page embeds them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from compat.diff import Outcome

HTML_CASES = 10_000  # a page of ~5-15 MB; the explorer stays quick at 100,000 (README, performance)

_MATCH = Outcome.MATCH.value


class HeldCases:
    """The cases.jsonl lines the page will hold, chosen as the lines stream past."""

    def __init__(self, limit: int = HTML_CASES) -> None:
        self.limit = limit
        self.seen = 0
        self._differing: list[tuple[int, str]] = []
        self._matching: list[tuple[int, str]] = []

    def add(self, lines: Sequence[str], outcomes: Sequence[str]) -> None:
        for line, outcome in zip(lines, outcomes, strict=True):
            kept = self._matching if outcome == _MATCH else self._differing
            if len(kept) < self.limit:
                kept.append((self.seen, line))
            self.seen += 1

    def lines(self) -> list[str]:
        """The held cases' lines in corpus order: differing ones first to fill the cap, then matches."""
        chosen = self._differing[: self.limit]
        chosen += self._matching[: self.limit - len(chosen)]
        return [line for _, line in sorted(chosen)]
