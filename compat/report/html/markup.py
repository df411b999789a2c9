"""Escaping and number formats shared by report.html's parts: corpus text reaches markup only through ``esc``."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping

from compat._text import format_change
from compat.report._numbers import pct

# pct: the stage's, for the page's parts too
__all__ = ["esc", "no_differences", "num", "pct", "script_json", "section", "signed", "tally"]

_CONTROLS = {c: chr(0x2400 + c) for c in range(0x20) if c not in (0x09, 0x0A, 0x0D)}
_CONTROLS[0x7F] = "\u2421"
_SURROGATE = re.compile("[\ud800-\udfff]")


def esc(text: object) -> str:
    """Any value as inert HTML text or attribute content (always double-quote attributes)."""
    plain = _SURROGATE.sub("\ufffd", str(text).translate(_CONTROLS))
    return html.escape(plain, quote=True)


def script_json(value: object) -> str:
    """``value`` as JSON for a ``<script type="application/json">`` block: ASCII (a lone surrogate
    stays a valid escape), every ``<`` written ``\\u003c``, so no text can end the element."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")


def num(value: float | None, digits: int = 4) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def signed(value: float | None) -> str:
    return format_change(value, 4)


def tally(counts: Mapping[str, int]) -> str:
    """``{"drift": 3, "flip": 1}`` as escaped ``drift 3, flip 1``."""
    return ", ".join(f"{esc(name)}&nbsp;{n}" for name, n in counts.items()) or "—"


def section(key: str, title: str, body: str) -> str:
    return f'<section aria-labelledby="s-{key}">\n<h2 id="s-{key}">{esc(title)}</h2>\n{body}\n</section>'


def no_differences(cases: int) -> str:
    """What a report without a differing case says: that every case matches, or that there were none."""
    if cases == 0:
        return '<p class="muted">No cases: the corpus holds none, so there is nothing to compare.</p>'
    return '<p class="muted">No differences: every case matches.</p>'
