"""Verdicts grouped by value: the statements listed under the verdict they got.

Some graders answer not one verdict per statement but one group per verdict::

    Supported: 1, 3                 ### Not supported          yes: 1 | no: — | unclear: 2
    Not supported: 2                - (1) <statement>
                                    ### Supported
                                    - (none)

Each group's heading is a verdict word alone (``Supported``, ``not entailed``, ``cannot
determine``); what follows it names statements: numbers on the heading's line, or list items
below it that echo a statement or give its number. The reading is keyed by statement, so
which group comes first does not matter.

Read only where nothing is left to guess: at least two groups, every statement named exactly
once, every reference a statement number or an echo, nothing else in a group. A tally
(``Supported: 2, Not supported: 1``) never passes: its numbers do not name every statement
once. The text is prepared (``prepare.prepare``): lower case, echoes as ``§i§``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from compat.scoring.reader.items import Item
from compat.scoring.reader.lines import blanked
from compat.scoring.reader.verdict_words import MARKS, ORDINALS, VerdictWords

# A group's heading: a label, then ":" and references on the line, or nothing (a list follows).
_HEADING = re.compile(
    r"^[ \t>#*_]*(?:[-•+][ \t]+)?[ \t*_]*(?P<label>[^\n:*_#|]{1,40}?)[ \t*_]*(?::[ \t*_]*(?P<rest>[^\n]*))?$"
)
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+(?P<item>[^\n]*)$")
_REFERENCE_SPLIT = re.compile(r"[ \t]*(?:,|;|&|\band\b)[ \t]*|[ \t]+")
_ECHO = re.compile(r"§(\d+)§")
_CELL = re.compile(r"[|;]")
_STATEMENT_WORD = re.compile(r"\b(?:statements?|claims?|stmts?|idx|index)\b")
_NUMBER = re.compile(
    r"^(?:(?:s|#)?\(?\[?(?P<number>\d{1,4})|\(?\[?(?:(?P<roman>[ivx]{1,4})|(?P<letter>[a-j])))[)\].:]?$"
)
_NOTHING = frozenset({"", "none", "(none)", "[none]", "—", "–", "-", "n/a", "nothing", "(nothing)", "no statements"})
_EMPHASIS = "*_`\"' \t."
# Groups are read only in outputs this long or shorter: a grouped answer is short by nature.
_MAX_CHARS = 20_000


class Grouped(NamedTuple):
    """Each statement's verdict (in statement order) and where the groups stand."""

    items: tuple[Item, ...]
    span: tuple[int, int]


# A group's label may carry the mark its verdict is drawn with: "| ✅ Supported | 1, 3 |".
_MARKS = MARKS + "⚠\ufe0f"
_HEADING_MARKUP = frozenset(" \t>#*_-•+" + _MARKS)
_HEADING_END = re.compile(r"[ \t*_]*(?:\([^()\n]{1,30}\)[ \t*_]*)?(?::|\n|$|\|)")  # "yes (supported) |"


def may_be_grouped(lowered: str, places: Sequence[int], words: VerdictWords) -> bool:
    """Whether two verdict words stand as headings (alone at a line's start, before ``:`` or the
    line's end): the one telltale of groups, checked at the verdict words already found."""
    if len(lowered) > _MAX_CHARS:
        return False  # groups are not read past this length: nothing to look for
    headings = 0
    for at in places:
        before = lowered[lowered.rfind("\n", 0, at) + 1 : at]
        if not _HEADING_MARKUP.issuperset(before[max(before.rfind("|"), before.rfind(";")) + 1 :]):
            continue  # the word does not begin its line (or its cell)
        word = words.bare.match(lowered, at)
        if word is not None and _HEADING_END.match(lowered, word.end("v")) is not None:
            headings += 1
            if headings >= 2:
                return True
    # One group is enough in a table whose header names a column of statements.
    return headings == 1 and "|" in lowered and _STATEMENTS_HEADER.search(lowered) is not None


def read_grouped(lowered: str, expected: int, words: VerdictWords) -> Grouped | None:
    """The verdicts of a text grouped by value, or ``None`` unless every statement is named once."""
    if expected < 1 or len(lowered) > _MAX_CHARS or not (":" in lowered or "#" in lowered or "|" in lowered):
        return None
    assigned: dict[_Key, Item] = {}
    groups = 0
    first = last = -1
    open_group: Item | None = None  # the heading whose list items follow
    tabled = False  # a group read from a table's row: one group naming every statement is enough
    several = False  # a group on one line names several statements
    aliases = _aliases(lowered)
    for start, line, from_table in _lines(lowered):
        end = start + len(line)
        if open_group is not None and (listed := _LIST_ITEM.match(line)) is not None:
            references = _references(listed.group("item").strip(_EMPHASIS), expected, item=True, aliases=aliases)
            if not _assign(references, open_group, assigned):
                return None
            last = end
            continue
        if not line.strip():
            continue  # a blank line between a heading and its list, or between groups
        heading = _HEADING.match(line)
        group = _group(heading.group("label").strip(_EMPHASIS).lstrip(_MARKS + " "), words) if heading else None
        if heading is None or group is None:
            if groups:
                open_group = None  # prose after the groups ends them
            continue
        groups += 1
        tabled = tabled or from_table
        first = start if first < 0 else first
        rest = (heading.group("rest") or "").strip(_EMPHASIS)
        if rest:
            references = _references(rest, expected, item=False, aliases=aliases)
            several = several or (references is not None and len(references) > 1)
            if not _assign(references, group, assigned):
                return None
            open_group, last = None, end
        else:
            open_group, last = group, end
    if groups < (1 if tabled else 2):
        return None
    # Counts from 0 are names only where a group names several or a 0 is named so ("s0", "[0]"): a
    # tally of three statements ("supported: 2, not supported: 1, unclear: 0") counts 0, 1, 2 too.
    from_zero = ("number", 0) in assigned and (several or _ZERO_NAMED.search(lowered) is not None)
    items = _by_statement(assigned, expected, from_zero=from_zero)
    return None if items is None else Grouped(items, (first, last))


# A name a group may give a statement by: "C", "iv", "s0", "stmt 2", "[3]", "claim-7f3a", "q47 s2" (an
# underscore is a space by now): letters alone, or a token with a digit, after a word at most.
_NAME_LIKE = re.compile(r"(?:[a-z][a-z0-9]{0,11}[ \t])?[#(\[]?(?:(?=[\w.-]*\d)[a-z0-9][\w.-]{0,15}|[a-z]{1,3})[)\]]?")


def unread_groups(lowered: str, expected: int, words: VerdictWords) -> str | None:
    """A group this module could not read, or ``None``: a verdict word heading a line, then names
    (``Supported: A, C, D``, ``Not entailed: claim-7f3a, claim-09b1``), several, or one beside a group
    that names none (``Entailed: none⏎Not entailed: stmt 1``). Read a line a verdict, such a text
    gives several statements one statement's verdict, or a statement the verdict of none."""
    named: list[str] = []  # the lines that name statements
    empty = False  # a group that names none
    aliases = _aliases(lowered)
    for line in lowered.split("\n")[:_MAX_GROUP_LINES]:
        heading = _HEADING.match(line) if ":" in line else None
        if heading is None or not (rest := (heading.group("rest") or "").strip(_EMPHASIS)):
            continue
        if _group(heading.group("label").strip(_EMPHASIS).lstrip(_MARKS + " "), words) is None:
            continue
        if rest in _NOTHING:
            empty = True
            continue
        names = [name.strip(_EMPHASIS) for name in _NAMES_SPLIT.split(rest)]
        if not all(_NAME_LIKE.fullmatch(name) and words.bare.fullmatch(name) is None for name in names):
            continue
        if _references(rest, expected, item=False, aliases=aliases) is not None:
            continue  # names this module reads ("statement 3"): the group failed for another reason
        if len(names) > 1:
            return line.strip(" \t")
        if not names[0].isdigit():
            named.append(line.strip(" \t"))  # a lone number may be a count ("Supported: 3")
    return named[0] if named and (empty or len(named) > 1) else None


# "- F1: <statement 1>", "IDs: c-03 = <statement 3>": a name the text gives a statement by echoing it.
# "claim-2b16 = the first statement": by its place.
_ALIAS = re.compile(
    r"(?:^|[,;(:])[ \t>*-]*(?P<name>[a-z][\w.-]{0,15}(?:[ \t][a-z0-9][\w.-]{0,8})?)[*_`]*[ \t]*(?:[:=]|->|→)[ \t*_`\"]*"
    r"(?:§(?P<echo>\d+)§|the[ \t]+(?P<place>" + "|".join(ORDINALS) + r")[ \t]+(?:statement|claim)(?!\w))",
    re.MULTILINE,
)


def _aliases(lowered: str) -> dict[str, int]:
    """Each name the text gives a statement by echoing it, with the statement's index; a name given
    two statements is none."""
    if "§" not in lowered and " the " not in lowered:
        return {}
    found: dict[str, int] = {}
    for alias in _ALIAS.finditer(lowered):
        name = alias.group("name")
        index = int(alias.group("echo")) if alias.group("echo") else ORDINALS.index(alias.group("place"))
        found[name] = index if found.get(name, index) == index else -1
    return {name: index for name, index in found.items() if index >= 0}


_NAMES_SPLIT = re.compile(r"[ \t]*(?:,|;|&|\band\b)[ \t]*")
_MAX_GROUP_LINES = 400


# "Statements 3 and 5 are not supported by the context": a group said in a sentence.
_PROSE_GROUP = re.compile(
    r"(?:^|(?<=[.;:\n]))[ \t]*(?:and[ \t]+|but[ \t]+)?statements?[ \t]+"
    r"(?P<refs>\d{1,4}(?:[ \t]*(?:,|and|&)[ \t]*\d{1,4})*)[ \t]+(?P<verb>is|are)[ \t]+"
    r"(?P<phrase>[^.;\n]{1,60}?)[ \t]*(?:(?:by|from|in)[ \t]+the[ \t]+contexts?)?[ \t]*(?=[.;\n]|$)"
)


def read_grouped_sentences(lowered: str, expected: int, words: VerdictWords) -> Grouped | None:
    """``Statements 1, 2 and 4 are supported; statements 3 and 5 are not supported.``: every
    statement named once, each sentence's phrase a verdict word; else ``None``."""
    # A sentence a statement is prose ("Statement 2 is not supported"), read by its own reader;
    # a group names several ("statements 1 and 3 are"), and where one does, so may the rest.
    if expected < 1 or len(lowered) > _MAX_CHARS or "statements " not in lowered:
        return None
    assigned: dict[_Key, Item] = {}
    first = last = -1
    plural = False
    for sentence in _PROSE_GROUP.finditer(lowered):
        plural = plural or sentence.group("verb") == "are"
        phrase = sentence.group("phrase").strip(_EMPHASIS)
        if phrase not in words.values:
            return None  # a sentence that names statements with a phrase that is no verdict word
        if not _assign(
            _references(sentence.group("refs"), expected, item=False), Item(words.values[phrase], phrase), assigned
        ):
            return None
        first = sentence.start() if first < 0 else first
        last = sentence.end()
    items = _by_statement(assigned, expected, from_zero=True) if plural else None
    return None if items is None else Grouped(items, (first, last))


# "1..3: NOT SUPPORTED, 4: SUPPORTED", "S1-S5=Y", "1–2 → Entailed": a verdict for a run of statements.
_RANGED = re.compile(r"\d[ \t]*(?:-|–|—|\.\.)[ \t]*s?\d|\d[ \t]+(?:to|through)[ \t]+s?\d")
_RANGE = re.compile(
    r"(?<![\w.§/-])(?:statements?[ \t]+|s)?(?P<first>\d{1,3})"
    r"(?:[ \t]*(?:-|–|—|\.\.|[ \t]to|[ \t]through)[ \t]*(?:s)?(?P<last>\d{1,3}))?"
    r"[ \t*_]*(?::|=|→|->|=>)[ \t*_`\"']*"
)
_NEXT_KEY = re.compile(r"[ \t]+(?:statements?[ \t]+|s)?\d")  # "S1=N S2-S3=Y": a letter, then the next key


def read_ranges(lowered: str, expected: int, words: VerdictWords) -> Grouped | None:
    """Verdicts given for runs of statements (``1..3: no, 4: yes``), where at least one run names
    several and together they name every statement once; else ``None``."""
    if expected < 2 or len(lowered) > _MAX_CHARS or _RANGED.search(lowered) is None:
        return None
    assigned: dict[int, Item] = {}
    first_at = last_at = -1
    ranged = False
    for key in _RANGE.finditer(lowered):
        word = words.bare.match(lowered, key.end())
        if word is None or (
            words.ends.match(lowered, word.end("v")) is None and _NEXT_KEY.match(lowered, word.end("v")) is None
        ):
            continue
        first = int(key.group("first"))
        last = int(key.group("last")) if key.group("last") else first
        if not 1 <= first <= last <= expected:
            return None  # a run past the statements: not the statements' numbers
        if last > first and _listed_after(lowered, word.end("v"), words):
            return None  # "Verdicts 3–4: YES, CANNOT BE DETERMINED": one verdict each, not a run's one
        ranged = ranged or last > first
        item = Item(words.values.get(word.group("v"), None), word.group("v"))
        for index in range(first - 1, last):
            if assigned.setdefault(index, item) is not item:
                return None  # a statement in two runs
        first_at = key.start() if first_at < 0 else first_at
        last_at = word.end("v")
    if not ranged or len(assigned) != expected:
        return None
    return Grouped(tuple(assigned[index] for index in range(expected)), (first_at, last_at))


_SEPARATOR = re.compile(r"[ \t*_]*[,;][ \t*_]*")


def _listed_after(lowered: str, at: int, words: VerdictWords) -> bool:
    """Whether another verdict word follows the one ending at ``at``, past a comma or a semicolon."""
    separator = _SEPARATOR.match(lowered, at)
    return separator is not None and words.bare.match(lowered, separator.end()) is not None


_GLOSSED = re.compile(r"(?P<word>[^()]+?)[ \t]*\((?P<gloss>[^()]+)\)")


def _group(label: str, words: VerdictWords) -> Item | None:
    """The verdict a group's label names, glossed or not ("yes (supported)"); ``None`` where it
    names none, or its word and its gloss disagree."""
    if label in words.values:
        return Item(words.values[label], label)
    glossed = _GLOSSED.fullmatch(label)
    if glossed is None:
        return None
    word, gloss = glossed.group("word").strip(_EMPHASIS), glossed.group("gloss").strip(_EMPHASIS)
    if word in words.values and gloss in words.values and words.values[word] == words.values[gloss]:
        return Item(words.values[word], label)
    return None


def _lines(lowered: str) -> list[tuple[int, str, bool]]:
    """The text's lines with where each starts; a line of ``label: refs`` cells cut by ``|``
    (``yes: 1 | no: 2``) is one line a cell; a row of a table whose header names a column of
    statements (``| Verdict | Count | Statements |``) is its first cell and that column's,
    ``label: refs``. Each with where it starts, and whether it is a table's row."""
    lines: list[tuple[int, str, bool]] = []
    start = 0
    column: int | None = None  # the column of statements of the table the line is in
    for line in lowered.split("\n"):
        row = _ROW.match(line) if "|" in line else None
        row_cells = [cell.strip(_EMPHASIS) for cell in row.group("cells").split("|")] if row is not None else []
        named = [at for at, cell in enumerate(row_cells) if _STATEMENTS_COLUMN.fullmatch(cell)]
        if len(row_cells) >= 2 and named:
            column = named[0]  # the header
        elif column is not None and column < len(row_cells):
            if not set("".join(row_cells)) <= _RULE:
                lines.append((start, f"{row_cells[0]}: {row_cells[column]}", True))
        else:
            column = None
        if column is not None:
            start += len(line) + 1
            continue
        cells = _CELL.split(line) if ":" in line and ("|" in line or ";" in line) else ()
        if len(cells) > 1 and all(":" in cell or not cell.strip() for cell in cells):
            at = start
            for cell in cells:
                at = line.find(cell, at - start) + start
                if cell.strip():
                    lines.append((at, cell, False))
                at += len(cell)
        else:
            lines.append((start, line, False))
        start += len(line) + 1
    return lines


_STATEMENTS_HEADER = re.compile(r"\|[ \t*_]*(?:statements|claims|statement ids|ids|statement numbers)[ \t*_]*\|")
_ROW = re.compile(r"^[ \t]*\|(?P<cells>.*?)\|?[ \t]*$")
_STATEMENTS_COLUMN = re.compile(r"(?:statements?|claims?|ids?|statement (?:numbers?|ids?)|which statements)")
_RULE = frozenset("-: ")


# A statement's name in a group: an echo (``§i§``, the statement's index), a number (``3``, ``s0``,
# ``#2``, ``[1]``), a letter (``b``, ``(c)``) or a roman numeral (``iv``). Which numbering the grader
# used (from 1 or from 0, letters, numerals) is told by the whole answer (``_by_statement``).
_Key = tuple[str, int]
_ZERO_NAMED = re.compile(r"(?:statement|claim|\bs|#|\[|\bidx|\bindex)[ \t]*0(?!\d)")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def _references(text: str, expected: int, *, item: bool, aliases: dict[str, int] | None = None) -> list[_Key] | None:
    """The statements ``text`` names, or ``None`` where it holds anything else. ``aliases``: names the
    text gave statements by echoing them ("F1: <statement 1>")."""
    if text in _NOTHING:
        return []
    echoes = [int(index) for index in _ECHO.findall(text)]
    if echoes:
        if not item or len(echoes) != 1:
            return None
        number = _NUMBER.match(_ECHO.sub("", text).strip(_EMPHASIS + "-:"))
        if number is not None and number.group("number") and int(number.group("number")) - 1 != echoes[0]:
            return None  # "(2) <statement 1>": the number and the echo disagree
        return [("echo", echoes[0])]
    if aliases:
        named = [aliases.get(part.strip(_EMPHASIS), -1) for part in _NAMES_SPLIT.split(text)]
        if -1 not in named and (not item or len(named) == 1):
            return [("echo", index) for index in named]  # "F1, F3", "q14 s2": names the text gave
    found: list[_Key] = []
    split = _REFERENCE_SPLIT.split(_STATEMENT_WORD.sub(" ", text).strip())
    tokens = [token for token in split if token.strip(_EMPHASIS)]
    if item and len(tokens) != 1:
        return None
    for token in tokens:
        name = _NUMBER.match(token.strip(_EMPHASIS))
        if name is None:
            return None
        if name.group("number"):
            if int(name.group("number")) > expected:
                return None
            found.append(("number", int(name.group("number"))))
        elif name.group("roman") and len(name.group("roman")) > 1:
            if name.group("roman") not in _ROMAN:
                return None
            found.append(("roman", _ROMAN[name.group("roman")]))
        else:
            letter = name.group("roman") or name.group("letter")
            found.append(("letter", ord(letter) - ord("a")))
            if letter in _ROMAN:
                found.append(("roman", _ROMAN[letter]))  # "i", "v", "x": either; the answer tells
    return found


def _assign(references: list[_Key] | None, group: Item, assigned: dict[_Key, Item]) -> bool:
    if references is None:
        return False
    for key in references:
        if key in assigned:
            return False  # a statement in two groups, or named twice
        assigned[key] = group
    return True


def _by_statement(assigned: dict[_Key, Item], expected: int, *, from_zero: bool) -> tuple[Item, ...] | None:
    """Each statement's item, in statement order, where the names given name every statement once
    in one numbering: numbers from 1 (or from 0, where ``from_zero`` and a 0 is named), letters from ``a``, roman
    numerals from ``i``; ``None`` otherwise. A letter that is also a numeral ("i", "v") counts as the
    numbering the rest of the answer uses."""
    echoes = {index: item for (kind, index), item in assigned.items() if kind == "echo"}
    numbers = {number: item for (kind, number), item in assigned.items() if kind == "number"}
    letters = {index: item for (kind, index), item in assigned.items() if kind == "letter"}
    romans = {value - 1: item for (kind, value), item in assigned.items() if kind == "roman"}
    if numbers and (letters or romans):
        return None  # numbers beside letters: two namings
    start = 0 if from_zero and 0 in numbers else 1
    namings = (
        [{number - start: item for number, item in numbers.items()}]
        if numbers
        else [named for named in (letters, romans) if named] or [{}]  # echoes alone: one naming
    )
    complete = [
        tuple(by_index[index] for index in range(expected))
        for by_index in ({**named, **echoes} for named in namings if not named.keys() & echoes.keys())
        if by_index.keys() == set(range(expected))
    ]
    return complete[0] if len(complete) == 1 else None


__all__ = ["Grouped", "may_be_grouped", "read_grouped", "read_grouped_sentences", "read_ranges", "unread_groups"]


# A group the grader says holds no statement ("Intrinsic hallucination — no statements", "Not
# supported: none of the claims"): it names none, so its label is no verdict of one.
_EMPTY_GROUP = re.compile(
    r"^[^\n]{1,60}?(?:[:—–]|[ \t]-)[ \t*_]*(?:no|none[ \t]+of[ \t]+the)[ \t]+(?:statements|claims)[ \t*_.)]*$",
    re.MULTILINE,
)


def blank_empty_groups(lowered: str) -> str:
    """``lowered`` with each line of an empty group blanked (``prepare`` calls this)."""
    if "no statements" not in lowered and "no claims" not in lowered and "none of the" not in lowered:
        return lowered
    return _EMPTY_GROUP.sub(lambda group: blanked(group.group()), lowered)
