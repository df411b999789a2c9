"""Where the line that holds a place in a text starts and ends (the readers' shared arithmetic)."""

from __future__ import annotations

from collections.abc import Iterator


def line_start(text: str, at: int) -> int:
    """Where the line holding ``at`` starts."""
    return text.rfind("\n", 0, at) + 1


def line_start_within(text: str, at: int, reach: int) -> int:
    """Where the line holding ``at`` starts, looked for no further back than ``reach`` (a megabyte
    without a newline must not be searched once per place): at most ``reach`` before ``at``."""
    start = max(0, at - reach)
    return max(start, text.rfind("\n", start, at) + 1)


class LineStarts:
    """Where the line holding each place starts, for places asked in ascending order.

    ``line_start`` reads back to the line's start each time: over many places on one long line
    that is quadratic. This reads each stretch of the text once; a place asked out of order is
    answered by ``line_start``.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._searched = 0  # the newlines before this place are accounted for
        self._start = 0

    def __call__(self, at: int) -> int:
        if at < self._searched:
            return line_start(self._text, at)
        newline = self._text.rfind("\n", self._searched, at)
        if newline >= 0:
            self._start = newline + 1
        self._searched = at
        return self._start


def line_end(text: str, at: int) -> int:
    """Where the line holding ``at`` ends (before its newline; the text's end for the last line)."""
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def blanked(text: str) -> str:
    """``text`` as spaces, its line breaks kept: what it said is gone, every place stays where it was."""
    if "\n" not in text:
        return " " * len(text)  # most blanked spans are within a line: no split and join
    return "\n".join(" " * len(line) for line in text.split("\n"))


def blanked_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` (in order, not overlapping) blanked, in one pass."""
    if not spans:
        return text
    joined: list[list[int]] = []  # spans with only spaces between them, one span: blanked at once
    for start, end in spans:
        if joined and text.count(" ", joined[-1][1], start) == start - joined[-1][1]:
            joined[-1][1] = end
        else:
            joined.append([start, end])
    pieces: list[str] = []
    last = 0
    for start, end in joined:
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


def windows_around(
    text: str, words: tuple[str, ...], before: int, after: int, most: int = 256
) -> list[tuple[int, int]]:
    """The stretches of ``text`` around each place one of ``words`` stands (``before`` characters
    before it, ``after`` after), joined where they overlap, in order. A pattern that can only match
    near such a word is searched there, not tried at every position of the text: substring search
    runs at C speed, and most texts hold few of the words or none."""
    places = sorted(at for word in words for at in occurrences(text, word, most))
    windows: list[tuple[int, int]] = []
    for at in places[:most]:
        start, end = max(0, at - before), min(len(text), at + after)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], end))
        else:
            windows.append((start, end))
    return windows
