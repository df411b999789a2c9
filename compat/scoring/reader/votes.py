"""Several verdicts for one statement: votes, runs, jurors, samples.

Teams that distrust a single judge store several judgements as one reply: samples of one model
and their majority, a panel of jurors and its decision, runs of a pipeline and their aggregate.
Read as one answer, the reply gives one statement several verdicts, and a reader that takes the
first (a run's, a juror's) gives a wrong number: the blind heldout38 set, at first sight, was
given 7.4 - 7.5% wrong numbers that way. The decision a person reads is the one the reply
defines (the majority, the panel's, the final); until the reader reads that, such a reply is
undetermined, saying where a statement was given two verdicts:

* a statement's key given verdicts that differ (``run 1/3 s1=no s2=yes`` then ``run 2/3 s1=yes
  s2=yes``);
* a statement's line holding a run of three verdicts or more that differ (``S1: Pass, Cannot
  Be Determined, Pass``, ``S1: run 1: Not supported → run 2: Supported → final: Supported``).

A JSON item's decision over its jurors' votes (``"panel_verdict"``, ``"final_verdict"``) is read
as its verdict (``json_items.VERDICT_KEYS``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compat.scoring.reader.verdict_words import VerdictWords

# A statement's key and a verdict after it: "s1=no", "S2: Pass", "statement 3: yes", "claim_4 = true".
# Or said of it: "statement 2 is not supported" (a juror's sentence beside another's).
_KEYED = re.compile(
    r"(?<![\w])(?:s|statement|claim|stmt|c)[ \t_#-]*(?P<index>\d{1,3})[ \t]*(?:[:=]|[ \t](?:is|was)[ \t])[ \t*_\"'`]*"
)
# A line led by a statement's key or number: "S1:", "1.", "Statement 2 -", "#3)".
# A table's row keyed the same way: "| 1 | Correct | Correct | Incorrect |".
_LINE_KEY = re.compile(r"^[ \t>*•|-]*(?:(?:s|statement|claim|stmt|c)[ \t_#-]*|#)?\d{1,3}[ \t]*[:.)=|-]", re.MULTILINE)
# What may stand between two votes in a run: separators, and a vote's label ("run 2:", "run 2 said", "final:").
_SEPARATORS = r"[ \t,;|/→>()\-–—*_`\"']*"
_BETWEEN_VOTES = re.compile(
    _SEPARATORS + r"(?:(?:run|sample|vote|juror|judge|model|round|try|attempt|final|majority|decision|aggregate|result)"
    r"[ \t#]*\d{0,2}[ \t]*(?:[:=]|said|says|gave|answered|voted)" + _SEPARATORS + r")?"
)
# A header that says what follows decides: a short line naming the decision, ending in ":" or alone
# ("Revised assessment after re-reading the context"), not one that gives verdicts itself.
_DECIDING_HEADER = re.compile(
    r"^(?:[ \t>*_-]*|#{1,6}[ \t]+)[^\n:]{0,60}\b(?:final|aggregate|majority|decision|decides|ruling|consensus"
    r"|revised|corrected|updated|adjudicat\w*|panel|moderator|chair|jury|verdicts?)\b[^\n:]{0,60}[:：]?[ \t*_]*$",
    re.MULTILINE,
)
_NEXT_KEY = re.compile(r"[ \t]+(?:s|statement|claim|stmt|c)[ \t_#-]*\d")
_MAX_KEYS = 4_096  # keys looked at: a reply of votes is short; past this, a run of keys is no longer votes
_MAX_LINE = 2_000
_MAX_VOTES = 64


def several_verdicts(
    lowered: str, words: VerdictWords, *, rows: bool = True, statements: Sequence[str] = ()
) -> str | None:
    """Where the reply gives one statement two verdicts that differ (a key given twice, a line of
    votes), what it says; or ``None``. Drafts and rounds before the last header that says it
    decides ("Final answer:", "Jury verdict (majority of round 2):", "Revised assessment") are set
    aside, where two keyed verdicts or more follow it, as the final block sets them aside.
    ``rows=False``: the reply was read as a table, by the column its header names (``Final``):
    its rows' other cells were not read. ``statements``: call 1's, whose echo after a key
    ("Statement 3: No, the bridge was not completed in 1935.") is the statement's, not a verdict."""
    echoes = tuple(echo for echo in (statement.lower().rstrip(" .!?") for statement in statements) if len(echo) >= 8)
    # Looked for in the whole reply first: only where something is found is the deciding section
    # sought (a scan of every line most replies do not need), and looked in again.
    found = _keyed_twice(lowered, 0, words, echoes) or _votes_in_a_line(lowered, 0, words, rows=rows)
    since = _decided_since(lowered) if found is not None else 0
    if not since:
        return found
    return _keyed_twice(lowered, since, words, echoes) or _votes_in_a_line(lowered, since, words, rows=rows)


def _keyed_twice(lowered: str, since: int, words: VerdictWords, echoes: tuple[str, ...]) -> str | None:
    said: dict[str, tuple[object, str]] = {}
    for looked, key in enumerate(_KEYED.finditer(lowered, since)):
        if looked >= _MAX_KEYS:
            return None
        if any(lowered.startswith(echo, key.end()) for echo in echoes):
            continue  # the statement echoed after its key
        found = _verdict_at(lowered, key.end(), words)
        if found is None:
            continue
        value, written = words.values.get(found[0]), lowered[key.start() : found[1]]
        index = key.group("index")
        if index in said and said[index][0] != value:
            return f"{said[index][1]} … {written}"
        said.setdefault(index, (value, written))
    return None


def _decided_since(lowered: str) -> int:
    """Where the section under the last deciding header begins, where two keyed verdicts or more
    follow it; else 0."""
    headers = list(_DECIDING_HEADER.finditer(lowered))
    if not headers:
        return 0
    since = headers[-1].end()
    keyed = sum(1 for _ in zip(range(2), _KEYED.finditer(lowered, since), strict=False))
    return since if keyed >= 2 else 0


def _votes_in_a_line(lowered: str, since: int, words: VerdictWords, *, rows: bool) -> str | None:
    if rows and (cells := _verdict_cells(lowered, since, words)) is not None:
        return cells
    for line_key in _LINE_KEY.finditer(lowered, since):
        if not rows and "|" in line_key.group():
            continue
        end = lowered.find("\n", line_key.end(), line_key.end() + _MAX_LINE)
        line = lowered[line_key.end() : line_key.end() + _MAX_LINE if end < 0 else end]
        run = _run_of_verdicts(line, words)
        if len(run) >= 3 and len({words.values.get(word) for word in run}) > 1:
            return f"{line_key.group().strip()} {', '.join(run)}"
    return None


def _verdict_cells(lowered: str, since: int, words: VerdictWords) -> str | None:
    """A comma-separated row holding three verdict cells or more side by side that differ
    (``stmt_01,<statement>,entailed,TRUE,FALSE,FALSE``: a sheet's answer and its checkbox columns),
    after a first cell that is none (the row's key), what they say; or ``None``. Which cell is the
    verdict is not read from the row."""
    if lowered.count(",", since) < 3:
        return None
    for line in lowered[since:].split("\n")[:_MAX_CELL_LINES]:
        if line.count(",") < 3:
            continue
        run: list[str] = []
        cells = line.split(",")[:_MAX_VOTES]
        if words.bare.fullmatch(cells[0].strip(" \t\"'*_`")) is not None:
            continue  # "yes,no,yes,no": the answer's own list, no row of a sheet
        for cell in cells[1:]:
            # A sheet's cell stands between bare commas; "yes, no, yes, no" is one answer's list.
            found = words.bare.fullmatch(cell.strip("\"'*_`")) if cell == cell.strip(" \t") else None
            run = [*run, found.group("v")] if found is not None else []
            if len(run) >= 3 and len({words.values.get(word) for word in run}) > 1:
                return ",".join(run)
    return None


_MAX_CELL_LINES = 400


def _run_of_verdicts(line: str, words: VerdictWords) -> list[str]:
    """The verdict words a line's content starts with, one after another past separators and votes'
    labels ("pass, cannot be determined, pass", "run 1: no → run 2: yes")."""
    run: list[str] = []
    at = 0
    while len(run) < _MAX_VOTES:
        between = _BETWEEN_VOTES.match(line, at)
        found = _verdict_at(line, between.end() if between is not None else at, words)
        if found is None:
            break
        run.append(found[0])
        at = found[1]
    return run


def _verdict_at(text: str, at: int, words: VerdictWords) -> tuple[str, int] | None:
    """The verdict word standing at ``at``, ending its phrase ("no" of "no assumptions" is none; "no"
    of "s1=no s2=yes" is one), and where it ends; or ``None``."""
    found = words.bare.match(text, at)
    if found is None:
        return None
    if words.ends.match(text, found.end("v")) is None and _NEXT_KEY.match(text, found.end("v")) is None:
        return None
    return found.group("v"), found.end("v")


__all__ = ["several_verdicts"]
