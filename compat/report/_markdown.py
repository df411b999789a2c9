"""Corpus strings made inert in GitHub Markdown: code spans, table cells, fences."""

from __future__ import annotations

import html
import re

from compat._text import clip, printable


def markdown_fence(texts: list[str], shortest: int) -> str:
    """A run of backticks longer than any inside ``texts``: a fence they cannot close."""
    longest = max((len(run) for text in texts for run in re.findall("`+", text)), default=0)
    return "`" * max(shortest, longest + 1)


# The most characters of one corpus string (an id, a tag) that Markdown shows: ids can be
# megabytes long, and a pull-request comment holds 65,536 characters (all of it is in
# report.json and cases.jsonl).
MARKDOWN_STRING_WIDTH = 100


def markdown_code(text: str, width: int = MARKDOWN_STRING_WIDTH) -> str:
    """A corpus string as an inline code span, inert in a GitHub Markdown table cell,
    cut to ``width`` characters (an ellipsis marks a cut).

    Inside a code span nothing is an escape but ``\\|`` (which GitHub's tables read
    before the span), so the span's fence is made longer than any run of backticks
    in the text instead.
    """
    text = clip(text, width).replace("|", "\\|")
    if not text:
        return "` `"  # a code span cannot be empty
    fence = markdown_fence([text], shortest=1)
    pad = " " if text[0] == "`" or text[-1] == "`" else ""  # CommonMark strips one space each side
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_cell(text: str, width: int | None = None) -> str:
    """A corpus string made inert in a GitHub Markdown table cell (cut to ``width`` characters)."""
    text = html.escape(printable(" ".join(text.split())) if width is None else clip(text, width), quote=False)
    for char in "\\`*_[]|#":
        text = text.replace(char, "\\" + char)
    return text
