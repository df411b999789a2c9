"""An output shown as a string literal, read as the string it shows.

Notebooks, loggers and tracing tools often store a grader's answer as a programming language
displays a string: ``'Here are my verdicts:\\n\\n1. No\\n2. Yes'`` on one line, IPython's
``('Here are my verdicts:\\n'⏎ '1. No\\n'⏎ '2. Yes')``, a message repr ``content='...\\n...'``,
a JSON document encoded twice (``"{\\"statements\\": [...]}"``). A person reads the string
the display stands for; so does the reader, where the whole output is such a display:

* every line is one quoted literal (optionally inside parentheses, after ``Out[3]:``), and
  the literals hold escaped line breaks; or
* the output is one line (no line break of its own) that holds at least two escaped line
  breaks and is no JSON document (a JSON document's escapes are its strings' own).

Escapes are undone in one pass (``\\n``, ``\\t``, ``\\r``, ``\\"``, ``\\'``, ``\\\\``); anything
else is left as it stands.
"""

from __future__ import annotations

import json
import re

from compat.scoring.reader.quotations import names_a_quotation

_LITERAL_LINE = re.compile(
    r"""[ \t]*(?:out\[\d{1,6}\]:[ \t]*)?\(?[ \t]*(?P<q>['"])(?P<body>.*)(?P=q)[ \t]*\)?[ \t]*""", re.IGNORECASE
)
_PROMPT_LINE = re.compile(r"[ \t]*out\[\d{1,6}\]:[ \t]*", re.IGNORECASE)
_ESCAPE = re.compile(r"""\\([ntr"'\\])""")
_UNESCAPED = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\"}
_MIN_ESCAPED_BREAKS = 2


def shown_string(text: str) -> str | None:
    """The string ``text`` displays, where the whole of it is such a display; else ``None``."""
    if text[:1] == '"' and text[-1:] == '"' and '\\"' in text:
        encoded = _json_string(text)  # a JSON document encoded as a JSON string
        if encoded is not None:
            return encoded
    if text.count("\\n") < _MIN_ESCAPED_BREAKS and "\\n'" not in text and '\\n"' not in text:
        return None
    if "\n" not in text:
        if text[:1] in "{[":
            return None  # a JSON document: its escapes belong to its strings
        around = _literal_around(text, text.find("\\n"))
        return None if around is None else _unescaped(around)
    bodies: list[str] = []
    for line in text.split("\n"):
        if not line.strip() or _PROMPT_LINE.fullmatch(line):
            continue  # a blank line, a notebook's "Out[3]:" on a line of its own
        literal = _LITERAL_LINE.fullmatch(line)
        if literal is None:
            return None  # a line that is no literal: the text is not a display of one string
        bodies.append(literal.group("body"))
    joined = "".join(bodies)
    return _unescaped(joined) if "\\n" in joined else None


def _literal_around(text: str, at: int) -> str | None:
    """The quoted literal that holds ``at`` (``content='...'`` of a message repr, without the
    metadata after it), or the whole text where no quote opens before it and closes after it;
    ``None`` where the literal is a quotation's (``quote='...'``: the context's words, not the reply)."""
    opened = max(text.rfind("'", 0, at), text.rfind('"', 0, at))
    if opened < 0:
        return text
    if names_a_quotation(text[max(0, opened - 40) : opened]):
        return None
    closing = _CLOSING[text[opened]].search(text, at)
    return text[opened + 1 : closing.start()] if closing is not None else text


_CLOSING = {quote: re.compile(r"(?<!\\)" + quote) for quote in ("'", '"')}


def _json_string(text: str) -> str | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _unescaped(text: str) -> str:
    return _ESCAPE.sub(lambda escape: _UNESCAPED[escape.group(1)], text)
