"""A spreadsheet's formulas: code a cell shows, not a verdict.

A sheet copied out or exported with its formulas (``=IF(UPPER(TRIM(B2))="PASS",1,0)`` beside each
row's verdict, ``=COUNTIF(B2:B4,"pass")`` under them) shows the words and numbers its code compares
against in every row, whatever the row's verdict: they are layout. Each formula, from its ``=`` and
function name to the end of its cell (a tab, a ``|``, the line's end), is blanked before anything
is read. A formula starts a cell: ``yes = supported (the context states it)`` defines, it computes
nothing.
"""

from __future__ import annotations

import re

from compat.scoring.reader.lines import blanked

_FORMULA = re.compile(r"(?:(?<=[\t|;,])|^)[ \t]*=[ \t]*[a-z][a-z0-9_.]*\([^\t|\n]*", re.MULTILINE)


def blank_formulas(lowered: str) -> str:
    """``lowered`` with every cell's formula blanked (same length)."""
    if "=" not in lowered or "(" not in lowered:
        return lowered
    return _FORMULA.sub(lambda formula: blanked(formula.group()), lowered)
