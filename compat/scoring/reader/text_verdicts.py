"""Reading verdicts out of a grader's free text (the fixed scorer's contract, rule 3).

Every source finds where the verdicts are and cuts them into items (``items``), one per
statement; the first source whose item count is the statement count is read:

1. the **final block**: the last header (``Final verdict for each statement in order:``,
   ``Final answer:``, ``Verdicts:``...) that items follow (``final_line``);
2. per-statement **markers**: ``Verdict: No``, ``Conclusion: Yes``, ``Supported? No``;
3. a Markdown **table**'s Verdict column;
4. a **list**: enumerated or bulleted lines, or an enumeration inside a line;
5. a bare **run** of items (``No. Yes. Yes.``), only where no header or marker stands;
6. **prose** about one statement a sentence, likewise.

The text is prepared once: NFKC, lower case, ``_`` as a space, HTML tags dropped,
legends (``(Yes/No)``, ``Yes = supported``) blanked, and each echoed statement replaced
by a token naming it. Sources 2 to 6 are in ``text_sources``; every pattern is linear.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from compat.scoring.reader.final_line import read_final_block
from compat.scoring.reader.items import Item
from compat.scoring.reader.text_sources import (
    MAX_PROSE_MENTIONS,
    mentions,
    read_bare_run,
    read_list,
    read_markers,
    read_prose,
    read_table,
)
from compat.scoring.reader.verdict_words import BUILT_IN, UNREAD, Value, VerdictWords, remember
from compat.scoring.reader.words import PLAIN_WORDS

# "(Yes/No)" and "yes or no" describe the format; they are not verdicts.
# Two patterns, each starting with a literal, so the engine skips ahead to it.
_LEGEND_PAREN = re.compile(
    r"\([ \t]*[\"']?(?:yes|y|true)[\"']?[ \t]*(?:/|\||or)[ \t]*[\"']?(?:no|n|false)[\"']?[ \t]*\)"
)
_LEGEND_OR = re.compile(r"yes(?<!\wyes)[\"”']?[ \t]+or[ \t]+[\"“']?no(?!\w)")
# "Yes = supported", "No means not supported": a verdict word being defined, not given.
_LEGEND_DEFINES = re.compile(r"(?:yes(?<!\wyes)|no(?<!\wno))[\"”']?[ \t]*(?:=|means(?!\w))[^.,;\n]{0,60}")
_HTML_TAG = re.compile(
    r"</?(?:b|i|u|p|br|em|strong|span|div|li|ul|ol|code|td|tr|th|mark|sup|sub)(?:[ \t][^<>\n]{0,200})?/?>"
)
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
    if "<" in lowered:
        lowered = _HTML_TAG.sub(" ", lowered)  # <b>No</b>: the markup is not the verdict
    if "’" in lowered:
        lowered = lowered.replace("’", "'")  # can’t
    # Each legend pattern runs only where its cheapest telltale is present: a regex pass
    # costs ten times a substring search, and most outputs hold no legend at all.
    if "(" in lowered:
        lowered = _LEGEND_PAREN.sub(" ", lowered)
    if " or " in lowered:
        lowered = _LEGEND_OR.sub(" ", lowered)
    if "=" in lowered or " means" in lowered:
        lowered = _LEGEND_DEFINES.sub(" ", lowered)
    if statements:
        lowered = _blank_echoes(lowered, statements)
    return lowered


# Echoes are replaced while the text is at most this many bytes times the statements blanked:
# each statement costs one pass over the text.
ECHO_BUDGET = 64_000_000
MIN_ECHO_CHARS = 8  # shorter statements ("Yes.") could be verdicts themselves
_LIST_MARK = re.compile(r"^(?:[-*•+]|\d{1,4}[.)]|\(\d{1,4}\))[ \t]+")  # call 1's "1. " or "- " before a statement


def _folded(statement: str) -> str:
    """A statement as ``prepare`` leaves its echo in the text (legends do not occur in statements)."""
    if not statement.isascii():
        statement = unicodedata.normalize("NFKC", statement)
    return statement.lower().replace("_", " ").replace("’", "'")


def _blank_echoes(lowered: str, statements: Sequence[str]) -> str:
    """Each echo of statement i (its text as the grader repeated it) replaced by ``§i§``.

    An echoed statement is the statement, not a verdict: "1. Yes, the museum is open on
    Mondays. - No" holds one verdict, No. The token keeps which statement it was, for
    prose ("§2§ is not supported").
    """
    # Longest first: "The the." must not blank the end of "... no appeal on the the." first.
    by_length = sorted(range(len(statements)), key=lambda i: len(statements[i]), reverse=True)
    for done, index in enumerate(by_length):
        if len(lowered) * (done + 1) > ECHO_BUDGET:
            break
        echo = _folded(statements[index]).strip()
        if echo[:1] in "-*•+(" or echo[:1].isdecimal():  # only then can a list mark begin it
            echo = _LIST_MARK.sub("", echo)
        lowered = _replace_echo(lowered, echo, f" §{index}§ ")
    return lowered


def _replace_echo(lowered: str, echo: str, token: str) -> str:
    """``lowered`` with each occurrence of ``echo`` replaced by ``token``, its full stop with it
    where the grader kept one. One scan of the text (str.replace would take two, and two calls
    for "with its full stop, then without" four)."""
    bare = echo.rstrip(" .")
    if len(bare) < MIN_ECHO_CHARS:
        return lowered.replace(echo, token) if len(echo) >= MIN_ECHO_CHARS and echo != bare else lowered
    at = lowered.find(bare)
    if at < 0:
        return lowered
    full_stop = echo[len(bare) :]
    pieces: list[str] = []  # joined once: a text of a million echoes is copied once, not once an echo
    pos = 0
    while at >= 0:
        end = at + len(bare)
        if full_stop and lowered.startswith(full_stop, end):
            end += len(full_stop)
        pieces += (lowered[pos:at], token)
        pos = end
        at = lowered.find(bare, end)
    pieces.append(lowered[pos:])
    return "".join(pieces)


def read_text(lowered: str, statement_count: int | None, words: VerdictWords = BUILT_IN) -> TextVerdicts | None:
    """The verdicts of a prepared text (see ``prepare``), or ``None`` when it holds none.

    Every source gives the items it finds; the first whose count is the statement count
    wins, as a person checks a reading against the statements. Where none does, the
    first source that holds items is read (and its count reconciled by the alignment).
    """
    expected = statement_count or None
    if len(lowered) > MAX_REMEMBERED_TEXT_CHARS:
        return _read_text(lowered, expected, words)
    key = (lowered, expected)
    read = words.texts.get(key, UNREAD)
    if read is not UNREAD:
        return read  # type: ignore[return-value]  # only _read_text's results are stored
    return remember(words.texts, key, MAX_REMEMBERED_TEXTS, _read_text(lowered, expected, words))


# Texts up to this long are remembered once read, at most this many (then the memory starts over).
MAX_REMEMBERED_TEXT_CHARS = 300
MAX_REMEMBERED_TEXTS = 4_096  # at most a couple of MB


def _read_text(lowered: str, expected: int | None, words: VerdictWords) -> TextVerdicts | None:
    readings: list[TextVerdicts] = []
    for reading in _readings(lowered, expected, words):
        if expected is None or len(reading.values) == expected:
            return reading
        readings.append(reading)
    return readings[0] if readings else None


def _readings(lowered: str, expected: int | None, words: VerdictWords) -> Iterator[TextVerdicts]:
    """What each source reads, most trusted first."""
    final = read_final_block(lowered, expected, words) if "final" in lowered or "verdicts" in lowered else None
    markers = read_markers(lowered, words)
    if final is not None:
        wanted = expected or len(final.items)
        after = [item for item, at in markers if at >= final.end]
        if after and len(after) >= wanted:
            # A complete answer after the final block: the final block was an echoed example.
            yield _result("markers", after, final.warnings | {"superseded_verdicts"})
        warnings = final.warnings
        if markers and tuple(item.value for item, _at in markers) != tuple(item.value for item in final.items):
            warnings = warnings | {"final_line_disagrees"}
        yield _result("final_line", final.items, warnings)
    if markers:
        yield _result("markers", [item for item, _at in markers], frozenset())
    if "|" in lowered:
        table = read_table(lowered, words)
        if table:
            yield _result("table", table, frozenset())
    listed = read_list(lowered, words)
    if listed:
        yield _result("list", listed, frozenset())
    if final is not None or markers:
        return  # a run without a header and prose are sought only where the grader wrote neither
    bare = read_bare_run(lowered, words, expected)
    if bare:
        yield _result("list", bare, frozenset())
    if ("statement" in lowered or "claim" in lowered or "§" in lowered) and mentions(lowered) <= MAX_PROSE_MENTIONS:
        prose = read_prose(lowered)
        if prose:
            yield TextVerdicts("prose", prose, frozenset())


def _result(source: str, items: Sequence[Item], warnings: frozenset[str]) -> TextVerdicts:
    if {item.word for item in items} - PLAIN_WORDS - {""}:  # "yes" and "no" have no spaces to fold
        warnings = warnings | {"verdict_word_variant"}
    return TextVerdicts(source, tuple(item.value for item in items), warnings)
