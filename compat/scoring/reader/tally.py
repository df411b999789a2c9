"""The grader's own count of supported statements (``2 of 3 statements are supported``).

Graders often sum up what they judged: ``In total, 0 out of 2 statements are supported``,
``Summary: 3/4 supported``, ``All 5 claims are verified``. A person who reads the verdicts
one way and the grader's count another does not trust either: the count is a second reading
of the same answer, and where the two disagree the case is undetermined (``text_verdicts``).

A count names its statements' number (``of 3``), so ``Statement 2 of 4 is supported`` (an
index, not a count) is no tally, and a count of another number of statements than the
scorer's is set aside (legacy may have sent the grader a line that is no statement).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from compat.scoring.reader.lines import blanked, occurrences

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_COUNT = r"\d{1,3}|" + "|".join(_NUMBER_WORDS) + "|none|no"
# What a count calls the statements being counted, and the verb before the verdict word.
_COUNTED = r"(?:[ \t]+(?:statements?|claims?|facts?|sentences?))?"
_VERB = r"(?:[ \t]+(?:are|is|were|was|can[ \t]+be|could[ \t]+be|have[ \t]+been|has[ \t]+been)(?:[ \t]+fully)?)?"
# The window before a verdict word: "<n> of <m> statements are [not] ", "<n>/<m> ", "all <m> claims are ".
_BEFORE = re.compile(
    r"(?:(?P<n>" + _COUNT + r")[ \t]*(?:/|of|out[ \t]+of)[ \t]*(?:the[ \t]+)?(?P<m>" + _COUNT + ")"
    r"|(?P<all>all|none[ \t]+of)[ \t]+(?:the[ \t]+)?(?P<m_all>"
    + _COUNT
    + "))"
    + _COUNTED
    + _VERB
    + r"[ \t]+(?P<neg>not[ \t]+)?(?P<un>un)?$"
)
_VERDICT_WORDS = ("supported", "verified", "entailed", "grounded", "faithful")
MAX_LOOKED = 256  # occurrences of each verdict word looked before: past them, a megabyte is not read for a count
_WINDOW = 80  # characters looked at before a verdict word
_TELLTALES = (" of ", "/", "all ")  # what every count holds: "2 of 3", "3/4", "all 5"
_INDEXED = ("statement", "claim", "#", "§", "no.")  # "statement 2 of 4": an index, not a count


class Tally(NamedTuple):
    """``supported`` of ``statements`` statements are supported, as the grader counts them."""

    supported: int
    statements: int


def stated_tally(lowered: str) -> Tally | None:
    """The grader's count of supported statements in ``lowered`` (a prepared text); ``None``
    when it states none, or states two that differ (then neither is a check)."""
    tallies: set[Tally] = set()
    for word in _VERDICT_WORDS:
        at = lowered.find(word)
        looked = 0
        while at >= 0 and looked < MAX_LOOKED:
            looked += 1
            tally = _tally_before(lowered, at)
            if tally is not None:
                tallies.add(tally)
            at = lowered.find(word, at + len(word))
    return tallies.pop() if len(tallies) == 1 else None


def _tally_before(lowered: str, at: int) -> Tally | None:
    window = lowered[max(0, at - _WINDOW) : at]
    if not any(telltale in window for telltale in _TELLTALES):
        return None  # most verdict words: no count before them (substring tests, not the pattern)
    match = _BEFORE.search(window)
    if match is None:
        return None
    if match.group("all") is not None:
        statements = _number(match.group("m_all"))
        supported = statements if match.group("all") == "all" else 0
    else:
        supported, statements = _number(match.group("n")), _number(match.group("m"))
        if window[: match.start()].rstrip(" \t(").endswith(_INDEXED):
            return None  # "statement 2 of 4 is supported": which statement, not how many
    if statements == 0 or supported > statements:
        return None
    if match.group("neg") or match.group("un"):
        supported = statements - supported  # "1 of 3 statements is not supported"
    return Tally(supported, statements)


def _number(word: str) -> int:
    if word.isdigit():
        return int(word)
    if word in ("none", "no"):
        return 0
    return _NUMBER_WORDS.index(word)


def blank_counts(lowered: str) -> str:
    """``lowered`` with the grader's counts blanked: how many statements there are ("N = 5") and how
    many got each verdict ("0 supported, 2 not supported"). A count judges no statement; its verdict
    word is no item (``prepare`` calls this; ``stated_tally`` reads the count itself)."""
    if "=" in lowered or ":" in lowered:
        lowered = _COUNT_LINE.sub(lambda count: blanked(count.group()), lowered)
    if "counts" in lowered or "tally" in lowered or "totals" in lowered:
        lowered = _COUNTS_LINE.sub(lambda count: blanked(count.group()), lowered)
    if "," in lowered and _counted(lowered):
        lowered = _COUNTS_BY_VERDICT.sub(lambda counts: blanked(counts.group()), lowered)
    if _counted_after(lowered):
        lowered = _VOTES_BY_VERDICT.sub(lambda counts: blanked(counts.group()), lowered)
    return lowered


# "N = 5", "n_statements: 9", "total = 4" alone on a line: how many statements there are, no verdict.
_COUNT_LINE = re.compile(
    r"^[ \t*_>-]*(?:n|total|count|n statements|num statements|statements)[ \t*_]*[:=][ \t*_]*\d{1,3}[ \t*_.,;]*$",
    re.MULTILINE,
)
# "Label counts — E2: 1.", "Tally: OK 3, E1 1": a line the grader heads as counts counts, whatever its words.
_COUNTS_LINE = re.compile(r"^[ \t*_>#-]*(?:[a-z]+[ \t]+)?(?:counts|tally|totals)[ \t*_]*[:—–-][^\n]*$", re.MULTILINE)
# "0 supported, 2 not supported, 1 undetermined": how many statements got each verdict, no verdict.
_COUNTED_WORDS = (
    "supported",
    "entailed",
    "undetermined",
    "undecided",
    "unclear",
    "contradicted",
    "passed",
    "failed",
    "accurate",
)
_COUNTED = r"\d{1,3}[ \t]+(?:not[ \t]+)?(?:un|in)?(?:" + "|".join(_COUNTED_WORDS) + r"|correct|incorrect)(?!\w)"
# Beside a count of a verdict, a count of the grader's own label ("0 accurate, 1 flagged").
_COUNTED_OTHER = r"\d{1,3}[ \t]+[a-z]{3,20}(?!\w)"
_COUNT_BEFORE = re.compile(r"\d[ \t]+(?:not[ \t]+)?$")


def _counted(lowered: str) -> bool:
    """Whether a verdict word stands after a number ("2 not supported"), found by substring search."""
    return any(
        _COUNT_BEFORE.search(lowered, max(0, at - 8), at) is not None
        for word in _COUNTED_WORDS
        for at in occurrences(lowered, word, _MAX_COUNTED_PLACES)
    )


_COUNT_JOINT = r"[ \t]*(?:,|;|and|/|·)[ \t]*"
_COUNTS_BY_VERDICT = re.compile(
    rf"{_COUNTED}(?:{_COUNT_JOINT}(?:{_COUNTED}|{_COUNTED_OTHER}))+|(?:{_COUNTED_OTHER}{_COUNT_JOINT})+{_COUNTED}"
)
_MAX_COUNTED_PLACES = 64  # places a counted word is looked at, at most
# Votes counted by verdict, the word first, then the verdict they decide ("supported: 0, unsupported: 3,
# abstain: 2 => FAIL", "[supported 2 | unsupported 3 | abstain 0] ⇒ PASS"): two counts or more in a row
# before an arrow, blanked; the decision stays. (Without the arrow, "Supported: 3; Not supported: 1" may
# name statements, and "1 unclear 2 true" numbers them.)
_VOTED = (
    r"(?<![\w-])(?:not[ \t]+)?(?:un|in)?(?:" + "|".join(_COUNTED_WORDS) + r"|support|correct|incorrect|yes|no"
    r"|pass|fail|true|false|abstain(?:ed|s)?|abstentions?)[ \t]*[:=]?[ \t]*\d{1,3}(?![\d.%/\w])"
)
_VOTES_BY_VERDICT = re.compile(
    rf"{_VOTED}(?:[ \t]*(?:,|;|\||/|·|and)?[ \t]*{_VOTED})+(?=[ \t\])]*(?:=>|⇒|→|->|==>|—>))"
)
_VOTE_WORDS = ("supported", "entailed", "abstain", "yes", "pass", "true")
_COUNT_AFTER = re.compile(r"[ \t]*[:=]?[ \t]*\d")


def _counted_after(lowered: str) -> bool:
    """Whether a number follows a verdict word ("supported: 3", "yes=2"), found by substring search."""
    return any(
        _COUNT_AFTER.match(lowered, at + len(word)) is not None
        for word in _VOTE_WORDS
        for at in occurrences(lowered, word, _MAX_COUNTED_PLACES)
    )
