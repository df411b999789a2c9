"""Reading verdicts out of a grader's free text (the fixed scorer's contract, rule 3).

Sources, in the order they are trusted:

1. the **final line**: a header (``Final verdict for each statement in order:``,
   ``Final verdicts:``, ``Verdicts:``...) and the run of verdicts after it;
2. per-statement **markers**: ``Verdict: No``, ``**Verdict:** "Supported"``, ``The verdict is yes``;
3. a Markdown **table** with a Verdict column;
4. a **list**: lines holding nothing but an optional enumeration and a verdict (``1. Yes``);
5. **prose**: ``Statement 2 is not supported by the context``.

The text is prepared once: NFKC (full-width letters, circled and roman numerals), lower
case, ``_`` as a space, legends (``(Yes/No)``, ``Yes = supported``) blanked, and echoed statements that would
read as verdicts themselves blanked. Every pattern is linear: each quantified part is
followed by something it cannot match, and every repeat over free text is bounded.

The final line is read by ``_finalline``, the other sources by ``_textsources``, all with
the patterns of ``_verdictwords``. This module prepares the text and tries the sources in order.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from compat.scoring._finalline import read_final_line
from compat.scoring._textsources import MAX_PROSE_MENTIONS, mentions, read_list, read_markers, read_prose, read_table
from compat.scoring._verdictwords import BUILT_IN, Value, VerdictWords
from compat.scoring._words import PLAIN_WORDS

# "(Yes/No)" and "yes or no" describe the format; they are not verdicts.
# Two patterns, each starting with a literal, so the engine skips ahead to it.
_LEGEND_PAREN = re.compile(
    r"\([ \t]*[\"']?(?:yes|y|true)[\"']?[ \t]*(?:/|\||or)[ \t]*[\"']?(?:no|n|false)[\"']?[ \t]*\)"
)
_LEGEND_OR = re.compile(r"yes(?<!\wyes)[\"”']?[ \t]+or[ \t]+[\"“']?no(?!\w)")
# "Yes = supported", "No means not supported": a verdict word being defined, not given.
_LEGEND_DEFINES = re.compile(r"(?:yes(?<!\wyes)|no(?<!\wno))[\"”']?[ \t]*(?:=|means(?!\w))[^.,;\n]{0,60}")
_REASONING_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)
_CLOSING_TAG = re.compile(r"</(?:think|thinking|reasoning)>", re.IGNORECASE)
_CLOSING_TAGS = ("</think>", "</thinking>", "</reasoning>")
# A draft from its opening tag to the first closing tag (of any of the names), as the loop pairs them.
_REASONING_BLOCK = re.compile(
    r"<(?:think|thinking|reasoning)>.*?</(?:think|thinking|reasoning)>", re.IGNORECASE | re.DOTALL
)


class TextVerdicts(NamedTuple):
    """Verdicts read from text, with the source they came from and what was odd."""

    source: str  # "final_line", "markers", "table", "list", "prose"
    values: tuple[Value, ...]
    warnings: frozenset[str]  # ScoreWarning values; the caller maps them


def strip_reasoning(text: str) -> tuple[str, bool]:
    """``text`` without reasoning drafts (``<think>…</think>``); True when one was removed.

    A draft's verdicts are the model thinking aloud, never its answer. An unclosed
    draft runs to the end of the text; a closing tag without an opening one (some
    models print only that) ends a draft that began with the text.
    """
    if "<" not in text:
        return text, False
    # Complete drafts go in one C-level pass; the loop below sees only the tags left over.
    # The pass stops after the last closing tag (found by str.rfind, lower case): an
    # opening tag after it would make the regex search to the end once per tag.
    region_end = max((at + len(tag) for tag in _CLOSING_TAGS if (at := text.rfind(tag)) >= 0), default=0)
    head, complete = _REASONING_BLOCK.subn("", text[:region_end])
    if complete:
        text = head + text[region_end:]
        if "<" not in text:
            return text, True
    kept: list[str] = []
    pos = 0
    removed = complete > 0
    while (tag := _REASONING_TAG.search(text, pos)) is not None:
        removed = True
        if tag.group(1):  # a closing tag alone: everything before it was the draft
            kept.clear()
            pos = tag.end()
            continue
        kept.append(text[pos : tag.start()])
        close = _CLOSING_TAG.search(text, tag.end())
        if close is None:
            return "".join(kept), True  # an unclosed draft runs to the end
        pos = close.end()
    if pos == 0:
        return text, removed
    kept.append(text[pos:])
    return "".join(kept), True


def prepare(text: str, statements: Sequence[str] | None, words: VerdictWords = BUILT_IN) -> str:
    """The text as the readers see it: NFKC, lower case, legends and risky echoes blanked."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    lowered = text.lower()
    if "_" in lowered:
        lowered = lowered.replace("_", " ")  # markdown emphasis, statement_1
    # Each legend pattern runs only where its cheapest telltale is present: a regex pass
    # costs ten times a substring search, and most outputs hold no legend at all.
    if "(" in lowered:
        lowered = _LEGEND_PAREN.sub(" ", lowered)
    if " or " in lowered:
        lowered = _LEGEND_OR.sub(" ", lowered)
    if "=" in lowered or " means" in lowered:
        lowered = _LEGEND_DEFINES.sub(" ", lowered)
    if statements:
        lowered = _blank_echoes(lowered, statements, words)
    return lowered


MAX_BLANKED_STATEMENTS = 16


def _blank_echoes(lowered: str, statements: Sequence[str], words: VerdictWords) -> str:
    """Blank the echoes of statements whose own text would read as a verdict.

    "The jury's verdict: no appeal." echoed before its real verdict must not count.
    Only statements that hold a verdict word are searched for, at most
    ``MAX_BLANKED_STATEMENTS`` of them: each costs one pass over the text.
    """
    blanked = 0
    for statement in statements:
        if blanked >= MAX_BLANKED_STATEMENTS:
            break
        if "verdict" not in statement.lower():
            continue  # only a marker or a header inside a statement reads as a verdict
        echo = prepare(statement, None, words).strip()
        if len(echo) < 8 or echo not in lowered:
            continue
        if words.marker.search(echo) or words.header_with_verdict.search(echo):
            lowered = lowered.replace(echo, " ")
            blanked += 1
    return lowered


def read_text(lowered: str, statement_count: int | None, words: VerdictWords = BUILT_IN) -> TextVerdicts | None:
    """The verdicts of a prepared text (see ``prepare``), or ``None`` when it holds none."""
    final = read_final_line(lowered, words) if "verdict" in lowered else None
    markers = read_markers(lowered, words) if "verdict" in lowered else []
    if final is not None:
        values, final_words, _start, end, warnings = final
        after = [(value, word) for value, word, at in markers if at >= end]
        wanted = statement_count if statement_count else len(values)
        if after and len(after) >= wanted:
            # A complete answer after the final line: the final line was an echoed example.
            return _result("markers", after, warnings | {"superseded_verdicts"})
        marker_values = tuple(value for value, _word, _at in markers)
        if (
            "trailing_text" in warnings
            and len(marker_values) > len(values)
            and marker_values[: len(values)] == tuple(values)
        ):
            # The final line stopped at something unreadable; the markers say it all, and agree.
            return _result("markers", [(value, word) for value, word, _at in markers], frozenset())
        if marker_values and marker_values != tuple(values):
            warnings = warnings | {"final_line_disagrees"}
        return _result("final_line", list(zip(values, final_words, strict=True)), warnings)
    if markers:
        return _result("markers", [(value, word) for value, word, _at in markers], frozenset())
    if "|" in lowered:
        table = read_table(lowered, words)
        if table:
            return _result("table", table, frozenset())
    listed = read_list(lowered, words)
    if listed:
        return _result("list", listed, frozenset())
    if "statement" in lowered or "claim" in lowered:
        prose = read_prose(lowered) if mentions(lowered) <= MAX_PROSE_MENTIONS else ()
        if prose:
            return TextVerdicts("prose", prose, frozenset())
    return None


def _result(source: str, read: Sequence[tuple[Value, str]], warnings: frozenset[str]) -> TextVerdicts:
    if any(word not in PLAIN_WORDS for _value, word in read):  # "yes" and "no" have no spaces to fold
        warnings = warnings | {"verdict_word_variant"}
    return TextVerdicts(source, tuple(value for value, _word in read), warnings)
