"""Text verdict source 1, the final line: the last header a verdict follows, and the run of verdicts after it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from compat.scoring._verdictwords import BUILT_IN, FINAL_HEADER, MAX_VERDICTS, TRAILING, Value, VerdictWords
from compat.scoring._words import word_value

_HEADER = re.compile(FINAL_HEADER)

MAX_HEADERS_TRIED = 4096


def read_final_line(
    lowered: str, words: VerdictWords = BUILT_IN
) -> tuple[list[Value], list[str], int, int, frozenset[str]] | None:
    """The verdicts after the last header that a verdict follows.

    Places where a header may start are tried from the last one back: at most
    ``MAX_HEADERS_TRIED`` of them, so a text of a million "final"s costs one scan.
    """
    with_verdict: list[tuple[int, int]] = []
    token = words.token
    for start, end in _headers_backwards(lowered):
        if token.match(lowered, end) and not (with_verdict and with_verdict[-1][1] == end):
            with_verdict.append((start, end))
            if len(with_verdict) == 2:
                break
    if not with_verdict:
        return None
    start, pos = with_verdict[0]
    run = (_plain_run(lowered, pos) if words.plain_run else None) or _token_run(lowered, pos, words)
    values, read, pos = run
    warnings: set[str] = set()
    if len(values) < MAX_VERDICTS and TRAILING.match(lowered, pos) is None:
        warnings.add("trailing_text")
    if len(with_verdict) > 1:
        warnings.add("multiple_final_lines")
    return values, read, start, pos, frozenset(warnings)


class _Run(NamedTuple):
    values: list[Value]
    words: list[str]
    end: int


def _token_run(lowered: str, pos: int, words: VerdictWords = BUILT_IN) -> _Run:
    """The verdicts from ``pos`` on, token by token, to the first thing that is not one."""
    values: list[Value] = []
    read: list[str] = []
    previous: re.Match[str] | None = None
    match, worth = words.token.match, words.values
    while len(values) < MAX_VERDICTS:
        token = match(lowered, pos)
        if token is None:
            break
        word = token.group("v")
        value = word_value(word, worth)
        pos = token.end()
        if previous is None or not _same_verdict(lowered, previous, token, value, values[-1]):
            values.append(value)
            read.append(word)
        previous = token
    return _Run(values, read, pos)


# The common final line, "Yes. No. Yes." and nothing after it: read in one regex call
# instead of one per verdict. Plain yes/no words are never enumerations, labels or
# joined pairs, so this reads exactly what _token_run would (tests hold them equal).
_PLAIN_RUN = re.compile(r"(?:[ \t.,;]*\b(?:yes|no)\b){1,64}")
_PLAIN_WORD = re.compile(r"yes|no")


def _plain_run(lowered: str, pos: int) -> _Run | None:
    """The verdicts from ``pos`` on if they are plain yes/no words up to the end, else None."""
    run = _PLAIN_RUN.match(lowered, pos)
    if run is None or TRAILING.match(lowered, run.end()) is None:
        return None
    words = _PLAIN_WORD.findall(lowered, pos, run.end())
    return _Run([1 if word == "yes" else 0 for word in words], words, run.end())


def _headers_backwards(lowered: str) -> Iterator[tuple[int, int]]:
    """Every header's (start, end), the last first.

    Every header starts with "final" or "verdicts": ``str.rfind`` finds those words
    (far faster than a regex scan), and the header pattern is tried only there.
    """
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
        if header is not None:
            yield header.start(), header.end()


def _same_verdict(lowered: str, previous: re.Match[str], token: re.Match[str], value: Value, last: Value) -> bool:
    """``Supported - yes``, ``Yes (supported)``: two different words, one verdict.

    Only when they agree, a dash, colon or bracket joins them and nothing between them
    starts a new verdict (no enumeration, no ``.``, ``,``, ``;`` or line break); the
    same word twice is two verdicts.
    """
    if value != last or token.group("e") or token.group("c") or token.group("l"):
        return False
    if token.group("v") == previous.group("v"):
        return False
    between = lowered[previous.end("v") : token.start("v")]
    joined = any(joint in between for joint in "-–—(:")
    return joined and not any(stop in between for stop in ".,;!?\n。")
