"""Where the line that holds a place in a text starts and ends (the readers' shared arithmetic)."""

from __future__ import annotations

from collections.abc import Iterator


def line_start(text: str, at: int) -> int:
    """Where the line holding ``at`` starts."""
    return text.rfind("\n", 0, at) + 1


def line_end(text: str, at: int) -> int:
    """Where the line holding ``at`` ends (before its newline; the text's end for the last line)."""
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def blanked(text: str) -> str:
    """``text`` as spaces, its line breaks kept: what it said is gone, every place stays where it was."""
    return "".join("\n" if char == "\n" else " " for char in text)


def blanked_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` (in order, not overlapping) blanked, in one pass."""
    if not spans:
        return text
    pieces: list[str] = []
    last = 0
    for start, end in spans:
        pieces.append(text[last:start])
        pieces.append(blanked(text[start:end]))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def clipped(line: str, most: int) -> str:
    """``line`` as a reason quotes it: whole, or cut to ``most`` characters with an ellipsis."""
    return line if len(line) <= most else line[: most - 1] + "…"


def occurrences(text: str, word: str, most: int) -> Iterator[int]:
    """Where ``word`` stands in ``text``, the first ``most`` places, by substring search."""
    at = text.find(word)
    for _ in range(most):
        if at < 0:
            return
        yield at
        at = text.find(word, at + len(word))
