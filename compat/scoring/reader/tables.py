"""Tables: the verdict column of a table whose header names one, however its cells are delimited.

A grader asked for a table writes one row a statement under a header: a Markdown table
(``| # | Statement | Verdict |``), rows separated by tabs, commas or semicolons (a CSV or
TSV block, often fenced, cells sometimes quoted), or columns aligned by spaces (a plain-text
table; an HTML table's cells, once ``prepare`` has taken the tags away). A person reads the header first: the
column it names (``Verdict``, ``Supported``, ``is_supported``, ``Label``) holds the verdicts,
a number there (``0``, ``1``) is one, and the header's own words (``supported``) are none.
So does this module: the first header that names a verdict column fixes the delimiter and
the column, and every row that follows it, up to a blank line or a line without the
delimiter, gives that column's cell.

A row whose cells cannot be lined up with the header (a comma-separated row with more
cells than the header, the column not last) is not guessed: the table's reading is then no
answer (``UNALIGNED_ROW``), and where no other source reads the count, the text is unclear. So is a
verdict cell in words the reader does not know (``UNREAD_CELL``): that row was judged, and its
verdict is not counted as missing.
"""

from __future__ import annotations

import csv
import re
from typing import NamedTuple

from compat.scoring.reader.items import Item, read_item
from compat.scoring.reader.lines import line_end
from compat.scoring.reader.verdict_words import BUILT_IN, MAX_VERDICTS, Value, VerdictWords

# A column that asks the question the other way round: its yes is a no ("| Hallucination |").
INVERTED_COLUMNS = frozenset({"hallucination", "hallucinated", "unsupported", "contradicted"})
_INVERSE: dict[Value, Value] = {1: 0, 0: 1, None: None}
# A header cell naming the verdict column: one of these, alone or as the last word of a short
# name ("is supported", "final label"); or any name holding "verdict".
VERDICT_COLUMNS = frozenset(
    {"verdict", "supported", "faithful", "label", "judgement", "judgment", "result", "decision", "entailed", "grade"}
    | {"support", "grounded", "final"}
    | INVERTED_COLUMNS
)
# The names searched for: a line naming "unsupported" names "support" too, and is found once.
_SEARCHED_NAMES = tuple(
    sorted(name for name in VERDICT_COLUMNS if not any(other in name for other in VERDICT_COLUMNS - {name}))
)
_SPACES = "  "  # columns aligned by two spaces or more (a plain-text table; an HTML table, prepared)
_DELIMITERS = ("|", "\t", ";", ",", _SPACES)  # most telling first: a Markdown row may hold commas
_RUN_OF_SPACES = re.compile(r" {2,}")
MAX_HEADER_LINES = 4 * MAX_VERDICTS  # lines naming a column looked at as headers, at most
_CELL_DECORATION = " \t*`\"'“”‘’_"


# A row whose cells do not line up with the header: its verdict is not guessed, and a reading
# holding one is no answer.
UNALIGNED_ROW = Item(None, "unaligned row")
# A verdict cell holding words the reader does not know ("Checks out"): the row was judged, so its
# verdict is not missing, and a reading holding one is no answer either.
UNREAD_CELL = Item(None, "unread cell")
_EMPTY_CELL = _CELL_DECORATION + "-–—.?"  # "", "-", "—", "?": no verdict given
_RULE = frozenset("-=:+~ ")


class Table(NamedTuple):
    """A verdict column read: one item a row, and the stretch of text from the header to the last row."""

    items: tuple[Item, ...]
    span: tuple[int, int]


def read_table(lowered: str, words: VerdictWords = BUILT_IN) -> Table | None:
    """The verdict column of the first table whose header names one and whose rows hold a
    verdict; ``None`` where no table does. Only the lines that hold a column's name are looked
    at as headers (found by substring search, not line by line)."""
    for start in _lines_naming_a_column(lowered):
        end = line_end(lowered, start)
        header = _header(lowered[start:end])
        if header is not None:
            table = _rows(lowered, end + 1, header, start, words)
            if table is not None:
                return table
    return None


def _lines_naming_a_column(lowered: str) -> list[int]:
    """Where each line that holds a column's name starts, in order, at most ``MAX_HEADER_LINES``."""
    starts: set[int] = set()
    for name in _SEARCHED_NAMES:
        at = lowered.find(name)
        while at >= 0 and len(starts) < MAX_HEADER_LINES:
            end = line_end(lowered, at)
            if lowered[at + len(name) : at + len(name) + 1] != ":":  # "Verdict: No" is a marker's line
                starts.add(lowered.rfind("\n", 0, at) + 1)
            at = lowered.find(name, end)
    return sorted(starts)


def _rows(lowered: str, at: int, header: Header, start: int, words: VerdictWords) -> Table | None:
    """The verdict cells of the rows from ``at`` on, up to the first line that is no row."""
    delimiter, column, width, inverted, _listing = header
    items: list[Item] = []
    end = -1
    while at <= len(lowered) and len(items) < MAX_VERDICTS:
        row_end = line_end(lowered, at)
        text = lowered[at:row_end]
        if delimiter not in text or text.lstrip().startswith("```"):
            break  # a blank line, the fence, the text after the table
        cells = _cells(text, delimiter)
        if delimiter == _SPACES and len(cells) != width:
            break  # columns aligned by spaces: a line of another shape is no row
        end, at = row_end, row_end + 1
        if all(set(cell) <= _RULE for cell in cells):
            continue  # the header's underline (`|---|:--|`, `=====  =====`)
        if _continues(cells, column):
            continue  # "|   | weekdays and closes at 6 pm |   |": the row above's cells, wrapped
        if header.listing is not None and header.listing < len(cells) and _lists(cells[header.listing]):
            return None  # "| Supported | 1, 3 and 4 |": a group of statements a row, read as groups
        item = _verdict_cell(cells, column, width, delimiter, words)
        if item is not None:
            items.append(item._replace(value=_INVERSE[item.value]) if inverted else item)
    if not any(item.value is not None for item in items):
        return None
    return Table(tuple(items), (start, end))


def _continues(cells: list[str], column: int) -> bool:
    """Whether a row only continues the one above (a terminal's table wraps long cells onto lines
    of their own): its first cell and its verdict cell empty, some other cell not."""
    empty = [not cell.strip(_EMPTY_CELL) for cell in cells]
    return len(cells) > max(column, 1) and empty[0] and empty[column] and not all(empty)


class Header(NamedTuple):
    """A table's header: its delimiter, the verdict column's index, its cell count, and whether the
    column asks the question the other way round."""

    delimiter: str
    column: int
    width: int
    inverted: bool
    listing: int | None = None  # a column named "Statements": where it lists several, the rows are groups


def _header(line: str) -> Header | None:
    """The header a line is, where it names a verdict column."""
    if not any(name in line for name in VERDICT_COLUMNS):
        return None  # most lines: no cell could name the column
    for delimiter in _DELIMITERS:
        if delimiter not in line:
            continue
        cells = _cells(line, delimiter)
        if len(cells) < 2 or (delimiter == _SPACES and not all(_a_name(cell) for cell in cells)):
            continue  # two spaces also stand between sentences: only a line of names is a header
        named = [index for index, cell in enumerate(cells) if _names_verdicts(cell)]
        # Two verdict columns, a draft's and the answer's ("| Initial | Final |", "| Verdict | Revised
        # verdict |"): the one the grader names its last word is read.
        last_word = [index for index in named if _FINAL_COLUMN_WORDS & set(_column_name(cells[index]).split())]
        column = last_word[0] if len(named) > 1 and len(last_word) == 1 else next(iter(named), None)
        if column is not None:
            inverted = _column_name(cells[column]).split()[-1] in INVERTED_COLUMNS
            listing = next((index for index, cell in enumerate(cells) if _column_name(cell) in _LISTING), None)
            return Header(delimiter, column, len(cells), inverted, listing)
    return None


_LISTING = frozenset({"statements", "claims", "statement ids", "ids", "statement numbers"})
_LISTS = re.compile(r",|(?<!\w)and(?!\w)|^(?:none|—|–|-|)$")


def _lists(cell: str) -> bool:
    """Whether a cell lists statements (``2, 7 and 8``) or none (``—``), as a group's row does."""
    return _LISTS.search(cell.strip(_CELL_DECORATION)) is not None


def _a_name(cell: str) -> bool:
    """A column's name: a few words, no field's colon ("Explanation: the context ...")."""
    return len(cell.split()) <= 4 and ":" not in cell.rstrip(" ?:")


_FINAL_COLUMN_WORDS = frozenset({"final", "revised", "corrected", "updated"})


def _names_verdicts(cell: str) -> bool:
    if ":" in cell.rstrip(" ?:"):
        return False  # "Verdict: No" is a marker and its verdict, not a column's name
    name = _column_name(cell)
    parts = name.split()
    if not parts or len(parts) > 3:
        return False
    return "verdict" in name or name in VERDICT_COLUMNS or parts[-1] in VERDICT_COLUMNS


def _column_name(cell: str) -> str:
    """A header cell as a name: "**Is_Supported?**" is "is supported"."""
    return cell.strip(_CELL_DECORATION).rstrip(" ?:").replace("_", " ").replace("-", " ")


def _cells(line: str, delimiter: str) -> list[str]:
    if delimiter == "|":
        return [cell.strip(" \t*`") for cell in line.strip(" \t").strip("|").split("|")]
    if delimiter == _SPACES:
        return [cell.strip("*`") for cell in _RUN_OF_SPACES.split(line.strip(" \t"))]
    # Comma-, tab- and semicolon-separated rows quote a cell that holds the delimiter.
    row = next(csv.reader([line], delimiter=delimiter, skipinitialspace=True), [])
    if len(row) > 1 and not row[-1].strip() and line.rstrip().endswith(delimiter):
        row.pop()  # "(2, 'The claim.', 'supported')," ends a row, not a cell
    return [cell.strip(" \t*`") for cell in row]


def _verdict_cell(cells: list[str], column: int, width: int, delimiter: str, words: VerdictWords) -> Item | None:
    """The row's verdict; ``None`` for a Markdown row too short to have the column (a note, a rule)."""
    if len(cells) == width or delimiter == "|":
        if column >= len(cells):
            return None
        cell = cells[column]
    elif len(cells) > width and column == width - 1:
        cell = cells[-1]  # an unquoted delimiter in an earlier cell: the last column is still last
    else:
        return UNALIGNED_ROW
    item = read_item(cell, words, numbers=True)
    if item is not None:
        return item
    return Item(None, "") if not cell.strip(_EMPTY_CELL) else UNREAD_CELL
