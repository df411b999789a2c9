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
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Literal, NamedTuple

from compat.scoring._vocabulary import Vocabulary
from compat.scoring._words import BUILT_IN_WORDS, PLAIN_WORDS, WordTable, word_table, word_value

MAX_VERDICTS = 10_000
Value = Literal[0, 1] | None

# Separators between verdicts: punctuation, quotes, brackets, markdown, CJK stops. No letter
# and no digit, so each part of a token hands over to the next without ambiguity.
_SEP_CHARS = r"""\s:*.,;!?()\[\]{}#>|/\\"'“”‘’`«»「」。、·・•=~+\-–—"""
_SEP = "[" + _SEP_CHARS + "]*"
_LINE_SEP = "[" + _SEP_CHARS.replace(r"\s", r" \t") + "]*"
# "1.", "(2)", "statement 3:", "S4", "claim #5", "a)", "iv.", "First:" (circled and roman
# numeral characters arrive as digits and letters after NFKC).
_ENUM = (
    r"(?:(?:statement|claim|item|s|c)[ \t]*#?[ \t]*\d{1,4}|#?\d{1,4}"
    r"|(?:[a-l]|i{1,3}|iv|vi{0,3}|ix|xi{0,3})(?=[.):])"
    r"|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|last|finally)(?!\w)"
)
# A word that labels a verdict rather than being one: "Verdict: Yes", "\boxed{Yes}", "Answer - No".
_LABEL = r"(?:verdict|answer|label|result|boxed|text)(?!\w)"
_CONNECTOR = r"(?:and|then|&)(?!\w)"
# An aside right after a verdict: "No (not in the context).", "Yes [see passage 2]".
_ASIDE = r"(?:[ \t!]*[(\[][^()\[\]\n]{0,200}[)\]])?"
_TRAILING = re.compile(_SEP + r"\Z")
_PAREN = r"(?:[ \t]*\([^()\n]{0,24}\))?"
# Every branch starts with a literal word, so the regex engine skips ahead to it.
FINAL_HEADER = (
    r"(?:final\s+verdicts?"
    + _PAREN
    + r"\s+(?:for|on)\s+(?:each|every|all|the)(?:\s+(?:of\s+the\s+)?(?:statements?|claims?))?(?:\s*,?\s*in\s+order)?"
    + _PAREN
    + r"[ \t]*[:=\-–—]?|final\s+verdicts"
    + _PAREN
    + r"[ \t]*:|verdicts"
    + _PAREN
    + r"[ \t]*:)"
)
_HEADER = re.compile(FINAL_HEADER)
# Not a verdict word but a determiner: "Verdict: No context was provided".
_NON_ANSWER = (
    r"(?![ \t]+(?:context|idea|information|info|data|access|answer|comment|opinion|clue|way|decision"
    r"|judge?ment|verdict|statements?|relevant|sufficient|enough|basis)(?!\w))"
)
# "(Yes/No)" and "yes or no" describe the format; they are not verdicts.
# Two patterns, each starting with a literal, so the engine skips ahead to it.
_LEGEND_PAREN = re.compile(
    r"\([ \t]*[\"']?(?:yes|y|true)[\"']?[ \t]*(?:/|\||or)[ \t]*[\"']?(?:no|n|false)[\"']?[ \t]*\)"
)
_LEGEND_OR = re.compile(r"yes(?<!\wyes)[\"”']?[ \t]+or[ \t]+[\"“']?no(?!\w)")
# "Yes = supported", "No means not supported": a verdict word being defined, not given.
_LEGEND_DEFINES = re.compile(r"(?:yes(?<!\wyes)|no(?<!\wno))[\"”']?[ \t]*(?:=|means(?!\w))[^.,;\n]{0,60}")
_TABLE_ROW = re.compile(r"^[ \t]*\|[^\n]*", re.MULTILINE)
_TABLE_COLUMNS = ("verdict", "supported", "supported?", "faithful", "label", "judgement", "judgment", "result")
MAX_TABLE_ROWS = 2 * MAX_VERDICTS
_PROSE_WORDS: dict[str, Literal[0, 1]] = {
    "supported": 1,
    "faithful": 1,
    "correct": 1,
    "accurate": 1,
    "true": 1,
    "consistent": 1,
    "grounded": 1,
    "verified": 1,
    "entailed": 1,
    "unsupported": 0,
    "unfaithful": 0,
    "incorrect": 0,
    "inaccurate": 0,
    "false": 0,
    "inconsistent": 0,
    "ungrounded": 0,
    "unverified": 0,
    "contradicted": 0,
}
_PROSE = re.compile(
    r"(?:statement(?<!\wstatement)|claim(?<!\wclaim))[ \t]*#?[ \t]*(?P<i>\d{1,4})[ \t]*(?:\([^()\n]{0,40}\)[ \t]*)?"
    r"(?:is|was|:|-|–|—)?[ \t]*(?P<neg>not[ \t]+|n't[ \t]+)?(?:(?:fully|directly|clearly|explicitly)[ \t]+)?"
    r"(?P<w>" + "|".join(sorted(_PROSE_WORDS, key=len, reverse=True)) + r")(?!\w)"
)
_REASONING_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)
_CLOSING_TAG = re.compile(r"</(?:think|thinking|reasoning)>", re.IGNORECASE)
_CLOSING_TAGS = ("</think>", "</thinking>", "</reasoning>")
# A draft from its opening tag to the first closing tag (of any of the names), as the loop pairs them.
_REASONING_BLOCK = re.compile(
    r"<(?:think|thinking|reasoning)>.*?</(?:think|thinking|reasoning)>", re.IGNORECASE | re.DOTALL
)


class VerdictWords(NamedTuple):
    """The verdict words in force, and every text pattern that holds one."""

    values: Mapping[str, Value]  # what each word is worth
    token: re.Pattern[str]  # one verdict of a run: connector, enumeration, label, word, aside
    header_with_verdict: re.Pattern[str]
    marker: re.Pattern[str]
    list_line: re.Pattern[str]
    cell: re.Pattern[str]
    plain_run: bool  # whether _plain_run reads what _token_run would (no added word could say yes/no)


def _compile(table: WordTable) -> VerdictWords:
    word = table.pattern
    token = re.compile(
        _SEP
        + "(?:(?P<c>"
        + _CONNECTOR
        + ")"
        + _SEP
        + ")?(?:(?P<e>"
        + _ENUM
        + ")"
        + _SEP
        + ")?(?:(?P<l>"
        + _LABEL
        + ")"
        + _SEP
        + ")?(?P<v>"
        + word
        + ")"
        + _ASIDE
    )
    # "Verdict: No", "**Verdict:** yes", "verdict:no", "Verdict — Supported", "Verdict: [No]",
    # "Verdict (Yes/No): No", "The verdict is yes".
    marker = re.compile(
        r"verdict(?<!\wverdict)(?<!overall verdict)(?!\w)[ \t*\"'“”\[\]`]*(?:\([^()\n]{0,24}\)[ \t*]*)?"
        r"(?:[:=\-–—][ \t*\"'“”\[\]`(]*|[ \t]+is[ \t*\"'“”\[\]`(]+)?"
        r"(?P<v>" + word + ")" + _NON_ANSWER
    )
    # A line with a verdict and nothing else but an enumeration, a label and an explanation
    # after a dash or colon (the explanation only after an enumeration: "No, I cannot" is prose).
    # The lookahead turns away, at one character's cost, the lines that cannot start a verdict.
    list_line = re.compile(
        r"^(?=[ \t>*•+(\-#\w✓✔☑✅✗✘❌☒✖"
        + re.escape(table.starts)
        + r"])[ \t>*•+(-]*(?:(?P<e>"
        + _ENUM
        + ")"
        + _LINE_SEP
        + ")?(?:"
        + _LABEL
        + _LINE_SEP
        + ")?(?P<v>"
        + word
        + ")"
        + _ASIDE
        + r"(?P<rest>[ \t]*[:\-–—][^\n]*)?"
        + _LINE_SEP
        + "$",
        re.MULTILINE,
    )
    cell = re.compile(_LINE_SEP + "(?:" + _LABEL + _LINE_SEP + ")?(?P<v>" + word + ")" + _ASIDE + _LINE_SEP)
    header_with_verdict = re.compile(FINAL_HEADER + "(?=" + token.pattern + ")")  # for short texts only
    # A run of plain yes/no words is read in one call unless an added word is made of
    # nothing but those letters and punctuation: it could then read that run otherwise.
    added = set(table.values) - set(BUILT_IN_WORDS.values)
    plain_run = not any(all(not char.isalnum() or char in "yesno" for char in word) for word in added)
    return VerdictWords(table.values, token, header_with_verdict, marker, list_line, cell, plain_run)


BUILT_IN = _compile(BUILT_IN_WORDS)
_TOKEN, _MARKER = BUILT_IN.token, BUILT_IN.marker


def verdict_words(vocabulary: Vocabulary | None) -> VerdictWords:
    """The built-in words with ``vocabulary``'s added: compiled once per scorer, not per case."""
    if not vocabulary:
        return BUILT_IN
    return _compile(word_table(vocabulary.yes, vocabulary.no, vocabulary.none))


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
    final = _final_line(lowered, words) if "verdict" in lowered else None
    markers = _markers(lowered, words) if "verdict" in lowered else []
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
        table = _table(lowered, words)
        if table:
            return _result("table", table, frozenset())
    worth = words.values
    listed = [
        (word_value(m.group("v"), worth), m.group("v"))
        for m in islice(words.list_line.finditer(lowered), MAX_VERDICTS)
        if m.group("e") or not m.group("rest")  # "No: I cannot..." is prose; "1. No: not stated" a verdict
    ]
    if listed:
        return _result("list", listed, frozenset())
    if "statement" in lowered or "claim" in lowered:
        prose = _prose(lowered) if _mentions(lowered) <= MAX_PROSE_MENTIONS else ()
        if prose:
            return TextVerdicts("prose", prose, frozenset())
    return None


def _result(source: str, read: Sequence[tuple[Value, str]], warnings: frozenset[str]) -> TextVerdicts:
    if any(word not in PLAIN_WORDS for _value, word in read):  # "yes" and "no" have no spaces to fold
        warnings = warnings | {"verdict_word_variant"}
    return TextVerdicts(source, tuple(value for value, _word in read), warnings)


MAX_HEADERS_TRIED = 4096


def _final_line(
    lowered: str, words: VerdictWords = BUILT_IN
) -> tuple[list[Value], list[str], int, int, frozenset[str]] | None:
    """The verdicts after the last header that a verdict follows.

    Places where a header may start are tried from the last one back: at most
    ``MAX_HEADERS_TRIED`` of them, so a text of a million "final"s costs one scan.
    """
    with_verdict: list[tuple[int, int]] = []
    token = words.token
    for start, end in _headers_backwards(lowered):
        if token.match(lowered, end) and not (with_verdict and with_verdict[-1][1] == end):
            with_verdict.append((start, end))
            if len(with_verdict) == 2:
                break
    if not with_verdict:
        return None
    start, pos = with_verdict[0]
    run = (_plain_run(lowered, pos) if words.plain_run else None) or _token_run(lowered, pos, words)
    values, read, pos = run
    warnings: set[str] = set()
    if len(values) < MAX_VERDICTS and _TRAILING.match(lowered, pos) is None:
        warnings.add("trailing_text")
    if len(with_verdict) > 1:
        warnings.add("multiple_final_lines")
    return values, read, start, pos, frozenset(warnings)


class _Run(NamedTuple):
    values: list[Value]
    words: list[str]
    end: int


def _token_run(lowered: str, pos: int, words: VerdictWords = BUILT_IN) -> _Run:
    """The verdicts from ``pos`` on, token by token, to the first thing that is not one."""
    values: list[Value] = []
    read: list[str] = []
    previous: re.Match[str] | None = None
    match, worth = words.token.match, words.values
    while len(values) < MAX_VERDICTS:
        token = match(lowered, pos)
        if token is None:
            break
        word = token.group("v")
        value = word_value(word, worth)
        pos = token.end()
        if previous is None or not _same_verdict(lowered, previous, token, value, values[-1]):
            values.append(value)
            read.append(word)
        previous = token
    return _Run(values, read, pos)


# The common final line, "Yes. No. Yes." and nothing after it: read in one regex call
# instead of one per verdict. Plain yes/no words are never enumerations, labels or
# joined pairs, so this reads exactly what _token_run would (tests hold them equal).
_PLAIN_RUN = re.compile(r"(?:[ \t.,;]*\b(?:yes|no)\b){1,64}")
_PLAIN_WORD = re.compile(r"yes|no")


def _plain_run(lowered: str, pos: int) -> _Run | None:
    """The verdicts from ``pos`` on if they are plain yes/no words up to the end, else None."""
    run = _PLAIN_RUN.match(lowered, pos)
    if run is None or _TRAILING.match(lowered, run.end()) is None:
        return None
    words = _PLAIN_WORD.findall(lowered, pos, run.end())
    return _Run([1 if word == "yes" else 0 for word in words], words, run.end())


def _headers_backwards(lowered: str) -> Iterator[tuple[int, int]]:
    """Every header's (start, end), the last first.

    Every header starts with "final" or "verdicts": ``str.rfind`` finds those words
    (far faster than a regex scan), and the header pattern is tried only there.
    """
    final_at = lowered.rfind("final")
    verdicts_at = lowered.rfind("verdicts")
    for _tried in range(MAX_HEADERS_TRIED):
        if final_at < 0 and verdicts_at < 0:
            return
        if final_at > verdicts_at:
            pos, final_at = final_at, lowered.rfind("final", 0, final_at)
        else:
            pos, verdicts_at = verdicts_at, lowered.rfind("verdicts", 0, verdicts_at)
        header = _HEADER.match(lowered, pos)
        if header is not None:
            yield header.start(), header.end()


def _same_verdict(lowered: str, previous: re.Match[str], token: re.Match[str], value: Value, last: Value) -> bool:
    """``Supported - yes``, ``Yes (supported)``: two different words, one verdict.

    Only when they agree, a dash, colon or bracket joins them and nothing between them
    starts a new verdict (no enumeration, no ``.``, ``,``, ``;`` or line break); the
    same word twice is two verdicts.
    """
    if value != last or token.group("e") or token.group("c") or token.group("l"):
        return False
    if token.group("v") == previous.group("v"):
        return False
    between = lowered[previous.end("v") : token.start("v")]
    joined = any(joint in between for joint in "-–—(:")
    return joined and not any(stop in between for stop in ".,;!?\n。")


def _markers(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Value, str, int]]:
    worth = words.values
    return [
        (word_value(m.group("v"), worth), m.group("v"), m.start())
        for m in islice(words.marker.finditer(lowered), MAX_VERDICTS)
    ]


def _table(lowered: str, words: VerdictWords = BUILT_IN) -> list[tuple[Value, str]]:
    """The Verdict column of the first Markdown table that has one."""
    column: int | None = None
    read: list[tuple[Value, str]] = []
    previous_end = -2
    for row in islice(_TABLE_ROW.finditer(lowered), MAX_TABLE_ROWS):
        cells = [cell.strip(" \t*`") for cell in row.group().strip(" \t").strip("|").split("|")]
        if column is not None and row.start() != previous_end + 1:
            break  # the table ended
        previous_end = row.end()
        if column is None:
            column = next((i for i, cell in enumerate(cells) if cell.rstrip(" ?:") in _TABLE_COLUMNS), None)
            if column is None and any("verdict" in cell for cell in cells):
                column = next(i for i, cell in enumerate(cells) if "verdict" in cell)
            continue
        if column >= len(cells) or set(cells[column]) <= set("-: "):
            continue  # the header's underline, or a short row
        cell = words.cell.fullmatch(cells[column])
        read.append((word_value(cell.group("v"), words.values), cell.group("v")) if cell else (None, "?"))
        if len(read) >= MAX_VERDICTS:
            break
    return read if any(value is not None for value, _word in read) else []


# Prose is read only from texts that name statements at most this often: each mention
# costs a regex attempt, and forty thousand of them are not sentences a person reads.
MAX_PROSE_MENTIONS = 4 * MAX_VERDICTS


def _mentions(lowered: str) -> int:
    return lowered.count("statement") + lowered.count("claim")


def _prose(lowered: str) -> tuple[Value, ...]:
    """Verdicts by statement number from sentences; a statement said twice gets the lower."""
    by_index: dict[int, Literal[0, 1]] = {}
    for m in islice(_PROSE.finditer(lowered), MAX_VERDICTS):
        index = int(m.group("i"))
        if not 1 <= index <= MAX_VERDICTS:
            continue
        value = _PROSE_WORDS[m.group("w")]
        if m.group("neg"):
            value = 1 - value  # type: ignore[assignment]
        by_index[index] = min(by_index.get(index, value), value)
    if not by_index:
        return ()
    return tuple(by_index.get(i) for i in range(1, max(by_index) + 1))
