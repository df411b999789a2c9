"""What a terminal displayed: the text a person read on screen, not the bytes that drew it.

Graders run from command-line tools are often stored as the terminal got them: colour and cursor
codes around the verdicts (``\\x1b[32mSupported\\x1b[0m``, shown as ``^[[32m`` by ``cat -v``, as
``␛[32m`` by a web viewer, or as a bare ``[32m`` where a CI log dropped the escape), words made
bold or underlined by overstriking (``S\\bSu\\bup``, ``_\\bN``), NUL padding, a UTF-16 file read one
byte a character, and tables drawn with box characters (``│ 1 │ … │ Supported │``). A person
reads what the screen shows; so does the reader: the codes are dropped, an overstruck character
is the one drawn, NULs are nothing, and a box's lines are a table's (``|`` and ``-``), so the
table is read by its header as any other.
"""

from __future__ import annotations

import re
import unicodedata

# Escape sequences (CSI, OSC, two-byte), as sent or as shown by a viewer; a CSI's bare remains.
_CODES = re.compile(
    r"(?:\x1b|\^\[|␛)(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|[@-Z\\-_])"
    r"|\[[0-9;]{1,12}m"  # "[32m": an escape whose ESC a log viewer dropped
)
# Looked for first, wider than what is dropped: a reset "[m" also says a terminal drew the text
# (after "^[[1;38;2;210;153;34m", whose code is longer than a bare one is read).
_BARE_CODES = re.compile(r"\[[0-9;]{0,12}m")
_OVERSTRUCK = re.compile(r"[^\n]\x08")  # "S\bS" (bold), "_\bN" (underlined): the last drawn
# The box-drawing block (U+2500 – U+257F): a line along the row is a rule ("-"), every other piece
# (a vertical, a corner, a junction) stands where a table's "|" would.
_BOX = {
    code: "-" if "HORIZONTAL" in name and "VERTICAL" not in name and "DOWN" not in name and "UP" not in name else "|"
    for code in range(0x2500, 0x2580)
    if (name := unicodedata.name(chr(code), ""))
}
# What a terminal's drawing leaves, looked for a character at a time (a search for one character
# is a memchr, and a character wider than the text's own is not searched at all): a regular
# expression over these cost 27 µs a reply, on every reply scored.
_DRAWING_CHARACTERS = ("\x1b", "\x08", "\x00", "␛", "│", "┃", "║", "─", "━", "═")
_UTF16_MARKS = ("ÿþ", "þÿ", "\ufeff", "\ufffd\ufffd")


def displayed(text: str) -> str:
    """``text`` as the terminal displayed it; unchanged where it holds nothing a terminal draws."""
    if not any(character in text for character in _DRAWING_CHARACTERS) and (
        "[" not in text or _BARE_CODES.search(text) is None
    ):
        return text
    if "\x00" in text:
        text = text.replace("\x00", "")  # NUL padding; a UTF-16 file read a byte a character
        for mark in _UTF16_MARKS:
            text = text.removeprefix(mark)
    while "\x08" in text:  # each pass draws one more overstrike; a run of them takes a few
        drawn = _OVERSTRUCK.sub("", text)
        if drawn == text:
            text = text.replace("\x08", "")
            break
        text = drawn
    text = _CODES.sub("", text)
    return text.translate(_BOX)
