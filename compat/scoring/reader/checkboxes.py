"""Options shown as checkboxes, one ticked: the ticked one is the verdict, the others are layout.

A grader that lists every option for every statement and ticks one (``- [x] True⏎- [ ] False⏎
- [ ] Unknown``, ``☐ Yes ☑ No``, ``(x) Supported ( ) Not supported``) writes each verdict word in
every unit whatever its verdict: the words are the layout, the tick is the answer. Each group
of two or more options (consecutive lines, or one line) whose words are verdict words of at
least two values becomes the ticked option's word alone; a group with no tick or several
becomes nothing (that statement's verdict is not known). A checklist of statements (``- [x] The
tower is tall.``) holds no verdict words after its boxes and is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from itertools import islice

from compat.scoring.reader.lines import LineStarts, blanked, line_end
from compat.scoring.reader.verdict_words import SAID, Value
from compat.scoring.reader.words import normalise_word

# An unticked box: the telltale of an option list (a checklist of statements ticks or not, too).
UNTICKED = ("[ ]", "☐", "( )")
_BOX = r"\[[ x✓✔]\]|[☐☑☒✅]|\([ x]\)"
_OPTION_LINE = re.compile(r"^[ \t]*(?:[-*•+][ \t]+)?(?P<box>" + _BOX + r")[ \t]*(?P<word>[^\n]{1,40}?)[ \t]*$", re.M)
_INLINE_OPTION = re.compile(
    r"(?P<box>" + _BOX + r")[ \t]*(?P<word>[^\n\[☐☑☒✅(]{1,40}?)[ \t]*(?=" + _BOX + r"|$)", re.M
)
_MAX_GROUPS = 256  # a statement a group; more is no answer sheet
_MAX_BOXES = 4_096  # unticked boxes looked at for lines of options
_MAX_OPTIONS = 8  # options offered for one statement
_MAX_OPTION_LINES = 4 * _MAX_GROUPS * _MAX_OPTIONS  # lines of options looked at in one output
_UNTICKED_BOX = re.compile(r"\[ \]|☐|\( \)")


def choose_ticked(lowered: str, values: Mapping[str, Value]) -> str:
    """``lowered`` with each option group replaced by its ticked option's word (same length)."""
    pieces: list[str] = []
    pos = 0
    for start, end, chosen in _groups(lowered, values):
        # The chosen word where the group began, the rest blanked: every other place stays where it was.
        pieces += (lowered[pos:start], chosen + blanked(lowered[start + len(chosen) : end]))
        pos = end
    if not pieces:
        return lowered
    pieces.append(lowered[pos:])
    return "".join(pieces)


def _groups(lowered: str, values: Mapping[str, Value]) -> list[tuple[int, int, str]]:
    """Each option group's span and the word that stands for it ("" where none is ticked, or several)."""
    groups: list[tuple[int, int, str]] = []
    _line_runs(_OPTION_LINE, lowered, values, groups, _close)
    _line_runs(_FIELD_LINE, lowered, values, groups, _close_fields)
    grouped = [(start, end) for start, end, _word in groups]
    looked_at = -1
    starts = LineStarts(lowered)
    for count, box in enumerate(_UNTICKED_BOX.finditer(lowered)):
        # A line of options holds an unticked box; each such line is looked at once.
        start = starts(box.start())
        if count >= _MAX_BOXES or len(groups) >= _MAX_GROUPS:
            break
        if start == looked_at or any(begin <= start < end for begin, end in grouped):
            continue
        looked_at = start
        options = list(islice(_INLINE_OPTION.finditer(lowered, start, line_end(lowered, start)), _MAX_OPTIONS + 1))
        _close(options, values, groups)
    return sorted(groups)


_Closer = Callable[[list[re.Match[str]], Mapping[str, Value], list[tuple[int, int, str]]], None]


def _line_runs(
    pattern: re.Pattern[str],
    lowered: str,
    values: Mapping[str, Value],
    groups: list[tuple[int, int, str]],
    close: _Closer,
) -> None:
    """Each run of consecutive lines ``pattern`` matches, handed to ``close`` (which adds its group)."""
    run: list[re.Match[str]] = []
    for count, line in enumerate(pattern.finditer(lowered)):
        if count >= _MAX_OPTION_LINES or len(groups) >= _MAX_GROUPS:
            break
        if run and lowered.count("\n", run[-1].end(), line.start()) != 1:
            close(run, values, groups)
            run = []
        run.append(line)
    close(run, values, groups)


def _close(options: list[re.Match[str]], values: Mapping[str, Value], groups: list[tuple[int, int, str]]) -> None:
    if not 2 <= len(options) <= _MAX_OPTIONS:
        return  # one box is no choice; a long run of them is a checklist, not one statement's options
    words = [normalise_word(option.group("word")) for option in options]
    known = [word for word in words if word in values]
    if not known:
        return  # no verdict word among them: a checklist of statements, whose ticks are its verdicts
    if len(known) < len(words) and not any(option.group("box") in UNTICKED for option in options):
        return  # other words, every box ticked: no form to choose from
    if len(known) == len(words) and len({values[word] for word in words}) < 2:
        return  # one value offered: no choice (a checklist of statements)
    # A taxonomy's options ("☐ No error⏎☑ Temporal error⏎☐ Cannot determine") are a form all the same:
    # the option ticked stands alone, read as its words are (or not at all).
    ticked = [word for word, option in zip(words, options, strict=True) if option.group("box") not in UNTICKED]
    groups.append((options[0].start(), options[-1].end(), ticked[0] if len(ticked) == 1 else ""))


# A verdict word as a field whose value is a box (a Notion page's checkbox properties, a form):
# "Supported: ☐⏎Unclear: ☐". The box says whether the word holds: a ticked one is the verdict, and
# a support left unticked is denied (a person reads "not supported").
_FIELD_LINE = re.compile(
    r"^[ \t]*(?:[-*•+][ \t]+)?(?P<word>[^\n:\[☐☑☒✅(]{1,40}?)[ \t]*:[ \t]*(?P<box>" + _BOX + r")[ \t]*$", re.M
)


def _close_fields(fields: list[re.Match[str]], values: Mapping[str, Value], groups: list[tuple[int, int, str]]) -> None:
    words = [normalise_word(field.group("word")) for field in fields]
    if not fields or len(fields) > _MAX_OPTIONS or any(word not in values for word in words):
        return  # fields of other names ("Tags: ☐"): not this statement's verdict
    ticked = [values[word] for word, field in zip(words, fields, strict=True) if field.group("box") not in UNTICKED]
    if len(ticked) == 1:
        chosen = SAID[ticked[0]]
    elif not ticked and 1 in (values[word] for word in words):
        chosen = "no"  # its support left unticked: denied
    else:
        chosen = ""
    groups.append((fields[0].start(), fields[-1].end(), chosen))
