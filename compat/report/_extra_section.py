"""A section of report.html given as plain text, by a later stage or by the composite's renderer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExtraSection:
    """A section added to the page (the league table, the composite's): a table and sentences.

    Plain text throughout: the page escapes it (``html.tables.extra_section``), so no other
    stage, nor the text renderers, writes HTML.
    """

    key: str  # the section's id, letters and dashes
    title: str
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
