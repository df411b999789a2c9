"""Which cases report.html holds when a corpus is larger than a page should be.

Every differing case comes first (they are what a person opens the page for), then
matches, up to the cap; the page shows them in corpus order. Lines are kept as the
text cases.jsonl gets and parsed once, at the end, for the cases that are held.
"""

from __future__ import annotations

from collections.abc import Sequence

from compat.diff import CaseLine, Outcome, parse_case_line

HTML_CASES = 20_000  # ~10-40 MB of page; the explorer stays fast at 100,000 (see README)

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

    def cases(self) -> list[CaseLine]:
        """The held cases in corpus order: differing ones first to fill the cap, then matches."""
        chosen = self._differing[: self.limit]
        chosen += self._matching[: self.limit - len(chosen)]
        return [parse_case_line(line) for _, line in sorted(chosen)]
