"""The context quoted as evidence, blanked (``blank_quotations``): its words are the context's, not verdicts.

A grader asked to justify its verdicts quotes the passages it judged by, and a RAG context
says "Failed: 12", "iOS 15: no", "TRUE negative" of its own. A person reading the reply
reads the quotation as the context's and the verdict beside it as the grader's. The
quotation is told by how the grader set it apart, never by what it says:

* an element that holds a quotation: ``<quote>…</quote>``, ``<evidence>``, ``<excerpt>``,
  ``<passage>``, ``<citation>``, ``<blockquote>``;
* a quoted string given to a field that names a quotation: ``quote='…'`` (a LangChain
  citation's repr), ``Evidence: "…"``, ``"supporting_quote": "…"``;
* the block below a line that introduces a quotation and ends in a colon (``Evidence:``,
  ``Supporting quote:``, ``Source 5:``, ``This passage says otherwise:``): a fenced block, a
  blockquote, lines indented deeper than the line, or (below a bare label such as
  ``Source 5:``) the paragraph up to a blank line or a line that gives a verdict;
* a footnote's reference (``**NO**[^ev2]``) and a numbered citation closing a sentence (``supported
  by the sources [4].``): they point to the evidence, the verdict stands before them;
* lines the grader numbered as the context's, below the line that cites them (``2. PASS
  (L21-L24)`` over ``21: Rollout test results:``): their numbers are the context's lines.

A line that introduces a verdict (``Final answer based on the context:``) introduces no
quotation. Every pattern is linear; each runs only where its telltale stands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain, islice

from compat.scoring.reader.lines import blanked, blanked_spans, line_end, line_start

# What a grader calls the text it quotes (and a source or passage named by a number or an id).
_QUOTATION_NAMES = r"(?:quote|quotes|quotation|excerpt|excerpts|passage|passages|snippet|cited[ _]text|evidence)"
_TELLTALES = ("quot", "excerpt", "passage", "snippet", "cited", "evidence", "source", "<blockquote", "result(")
_ELEMENT = re.compile(
    r"<(quote|quotes|quotation|evidence|excerpt|passage|citation|blockquote|cited[_-]text)(?:[ \t][^<>\n]{0,200})?>"
    r"(.{0,4000}?)</\1>",
    re.DOTALL,
)
# A field naming a quotation, then a quoted string: its value is blanked, the name kept. A tool's
# result as an agent framework prints it (``FunctionExecutionResult(content='…')``) is the context retrieved.
# Matched where a name's telltale stands (substring search), not tried at every position.
_FIELD_TELLTALES = ("quot", "excerpt", "passage", "snippet", "cited", "evidence", "result(")
_FIELD_VALUE = re.compile(
    r"(?:" + _QUOTATION_NAMES + r"[\"']?"
    r"|(?:functionexecutionresult|toolmessage|toolresult|functionresult)\((?:[^()\n]{0,60}?[ ,])?content)"
    r"[ \t]*[:=][ \t]*"
    r"(?P<value>'(?:[^'\\\n]|\\.){1,2000}'|\"(?:[^\"\\\n]|\\.){1,2000}\"|“[^”\n]{1,2000}”)"
)
_LONGEST_RESULT_NAME = len("functionexecution")
_MAX_FIELD = 2_200  # a field's name, a tool result's other arguments and its value of at most 2,000 characters
_FIELD_NAME_BEFORE = re.compile(_QUOTATION_NAMES + r"[\"']?[ \t]*[:=][ \t]*$", re.IGNORECASE)


def names_a_quotation(before: str) -> bool:
    """Whether ``before`` ends in a field that names a quotation (``quote=``, ``"evidence": ``): the
    string given to it is the context's words."""
    return _FIELD_NAME_BEFORE.search(before) is not None


# A line that introduces what follows as a quotation: it names one (or a source by its number) and
# ends in a colon. A line that introduces a verdict does not, whatever else it names.
_LEAD_IN = re.compile(
    r"(?P<indent>[ \t]*)(?P<text>[^\n]{0,160}?(?:(?<![\w-])" + _QUOTATION_NAMES + r"(?![\w-])"
    r"|(?<![\w-])(?:source|document|doc|chunk|node)[ \t#]*\[?[\w.-]{1,20}\]?(?=[ \t]*[:(]))[^\n]{0,120}?):"
    r"[ \t*_`]*$",
    re.MULTILINE,
)
_INTRODUCES_A_VERDICT = re.compile(
    r"(?<![\w.-])(?:verdict|judg|conclu|final|answer|result|score|label|rating|assess|decision|output|summary|status)"
    r"[a-z]*(?![\w.-])"
)
# A bare label: nothing but the name of what follows ("Source 5:", "**Evidence**:", "[^ev2]:" aside).
_BARE_LABEL = re.compile(r"[\s>*_#`\[\]-]*[a-z ]{0,20}[ \t#]*\[?[\w.-]{0,20}\]?[\s*_`]*")
# In a bare label's paragraph, a line that gives a verdict ends the quotation ("Verdict: No").
_GIVES_A_VERDICT = re.compile(r"[ \t>*_#-]*(?:verdict|judg(?:e)?ment|label|conclusion|final|answer|rating)\b")
_SPEAKS_OF_STATEMENTS = re.compile(r"statement|claim|verdict|§")
_FENCE = re.compile(r"[ \t]*(```|~~~)")
# A line cited by its number ("(L21-L24)", "line 86", "lines 39-42"), and a line of the context numbered so.
_CITED_LINES = re.compile(r"l(?:ines?[ \t]*)?(\d{1,5})(?:[ \t]*[-–][ \t]*l?(\d{1,5}))?(?!\w)")
_NUMBERED_LINE = re.compile(r"[ \t]*>?[ \t]*(\d{1,5})[ \t]*[|:](?=[ \t]|$)")
# A footnote's reference ("**NO**[^ev2]"), not its definition ("[^ev2]: ..."): it points to the evidence.
_FOOTNOTE_REFERENCE = re.compile(r"\[\^[\w.-]{1,24}\](?![ \t]*:)")
# A numbered citation closing a sentence ("supported by the sources [4].", "[2, 5]"): which source, no
# statement. Matched at each "[" (substring search) after a word or a parenthesis.
_CITATION_MARK = re.compile(r"\[\d{1,3}(?:[ \t]*[,–-][ \t]*\d{1,3}){0,5}\](?=[.,;]|[ \t]*(?:\n|$))")
_MAX_LINES = 200  # a quotation is looked for this far below its lead-in
_MAX_LEAD_INS = 1_000  # lines that end in a colon, or cite lines, looked at: a reply quotes a few hundred at most


def blank_quotations(lowered: str) -> str:
    """``lowered`` with what the grader quotes from the context blanked, lines and places kept."""
    if "[^" in lowered:
        lowered = _FOOTNOTE_REFERENCE.sub(lambda reference: blanked(reference.group()), lowered)
    if "]" in lowered and any(f"[{digit}" in lowered for digit in "0123456789"):
        lowered = blanked_spans(lowered, _citation_marks(lowered))
    cites = _may_cite_lines(lowered)
    if not cites and not any(telltale in lowered for telltale in _TELLTALES):
        return lowered
    if "</" in lowered:
        lowered = blanked_spans(lowered, [element.span(2) for element in _ELEMENT.finditer(lowered)])
    if "'" in lowered or '"' in lowered or "“" in lowered:
        lowered = _blank_field_values(lowered)
    if ":" in lowered:
        lowered = blanked_spans(lowered, _introduced_quotations(lowered))
    if cites:
        lowered = blanked_spans(lowered, _cited_lines(lowered))
    return lowered


def _citation_marks(lowered: str) -> list[tuple[int, int]]:
    marks: list[tuple[int, int]] = []
    at = lowered.find("[")
    while at >= 0:
        back = at
        while back > 0 and lowered[back - 1] in " \t":
            back -= 1  # only the spaces right before this "[": each stretch of the text is walked once
        before = lowered[back - 1] if back else ""
        mark = _CITATION_MARK.match(lowered, at) if before and (before.isalnum() or before in "_)") else None
        if mark is not None:
            marks.append(mark.span())
        at = lowered.find("[", at + 1)
    return marks


def _blank_field_values(lowered: str) -> str:
    """Each quoted value of a field that names a quotation blanked, its quotation marks kept."""
    spans: list[tuple[int, int]] = []
    for telltale in _FIELD_TELLTALES:
        at = lowered.find(telltale)
        while at >= 0:
            if telltale == "result(":
                # The word it ends: "functionexecutionresult(", looked for no further back than the longest name.
                start = max(0, at - _LONGEST_RESULT_NAME)
                field = _FIELD_VALUE.search(lowered, start, at + _MAX_FIELD)
                field = field if field is not None and field.start() <= at else None
            else:
                # A name that starts a word ("quote=", "supporting_quote="), never one inside a word.
                field = _FIELD_VALUE.match(lowered, at) if at == 0 or not lowered[at - 1].isalpha() else None
            if field is not None:
                value_start, value_end = field.span("value")
                spans.append((value_start + 1, value_end - 1))
                at = lowered.find(telltale, value_end)
            else:
                at = lowered.find(telltale, at + len(telltale))
    spans.sort()
    kept = [span for index, span in enumerate(spans) if index == 0 or span[0] >= spans[index - 1][1]]
    return blanked_spans(lowered, kept)


def blank_quoted_sentences(lowered: str) -> str:
    """``lowered`` with each sentence in double quotation marks blanked (``states “iOS 15: no - …”``): a
    quotation of the context, once the statements' echoes are tokens (``“§2§”`` stays). A field's quoted
    value (``"reason": "…"``) and a quoted run of verdict words (``"Supported, Not supported, …"``) stay.
    Quotation marks pair in order along their line: the close of one quotation and the open of the next
    hold no quotation between them."""
    if '"' not in lowered and "“" not in lowered:
        return lowered
    spans: list[tuple[int, int]] = []
    for line in _QUOTED_LINE.finditer(lowered):
        if '":' in line.group() or "\\" in line.group():
            continue  # a JSON line: its strings are the JSON reader's, their escapes pair no marks
        for opened, closed in _quotation_pairs(lowered, line.start(), line.end()):
            if _a_quoted_sentence(lowered, opened, closed):
                spans.append((opened + 1, closed))
    return blanked_spans(lowered, spans)


_QUOTED_LINE = re.compile(r"^[^\n]*[\"“][^\n]*$", re.MULTILINE)
_MAX_QUOTED_CHARS = 1000


def _quotation_pairs(lowered: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where each quotation of the line ``start:end`` opens and closes: straight marks paired in
    order, a curly one with the next closing mark."""
    pairs: list[tuple[int, int]] = []
    at = start
    while at < end:
        straight, curly = lowered.find('"', at, end), lowered.find("“", at, end)
        if straight < 0 and curly < 0:
            break
        opened = min(mark for mark in (straight, curly) if mark >= 0)
        closed = lowered.find('"' if opened == straight else "”", opened + 1, end)
        if closed < 0:
            break
        pairs.append((opened, closed))
        at = closed + 1
    return pairs


def _a_quoted_sentence(lowered: str, opened: int, closed: int) -> bool:
    """Whether the quotation ``opened:closed`` quotes a sentence: a few words, not all verdict words,
    no echo, opened after a space, a bracket or a dash, and no field's name or value."""
    quoted = lowered[opened + 1 : closed]
    if not 20 <= len(quoted) <= _MAX_QUOTED_CHARS or "§" in quoted or quoted.endswith(("…", "...")):
        return False  # an echo, or a statement abridged ("The correct dosage for adults…")
    if not lowered[line_start(lowered, opened) : opened].strip(" \t-*•>#0123456789.)"):
        return False  # a line that is nothing but the quotation: a statement listed, not evidence
    if opened > 0 and lowered[opened - 1] not in " \t([—–-":
        return False
    if _BEFORE_A_VALUE.search(lowered, max(0, opened - 8), opened) or _AFTER_A_KEY.match(lowered, closed + 1):
        return False
    words = [word.strip(".,;:!?()[]*`'-–—") for word in quoted.split()]
    return (
        len(words) >= _MIN_WORDS
        and sum(1 for word in words if word and word not in _VERDICT_LIKE and not word.isdigit()) >= 2
    )


_BEFORE_A_VALUE = re.compile(r"[:=][ \t]*$")
_AFTER_A_KEY = re.compile(r"[ \t]*[:=]")
_VERDICT_LIKE = frozenset(
    {"yes", "no", "true", "false", "supported", "not", "unsupported", "pass", "fail", "passed", "failed", "correct"}
    | {"incorrect", "faithful", "unfaithful", "unclear", "unknown", "undetermined", "n/a", "statement", "claim", "and"}
)
_MIN_WORDS = 5


def _may_cite_lines(lowered: str) -> bool:
    return _CITE_START.search(lowered) is not None


_CITE_START = re.compile(r"l(?:ines?[ \t]*)?\d")  # led by a literal: the engine skips ahead to each "l"


def _introduced_quotations(lowered: str) -> list[tuple[int, int]]:
    """The block below each line that introduces a quotation."""
    spans: list[tuple[int, int]] = []
    after = 0
    for lead_in in _lead_ins(lowered):
        if lead_in.start() < after or _INTRODUCES_A_VERDICT.search(lead_in.group("text")):
            continue
        block = _block_below(lowered, lead_in.end() + 1, len(lead_in.group("indent").expandtabs()), lead_in)
        if block is not None:
            spans.append(block)
            after = block[1]
    return spans


def _lead_ins(lowered: str) -> list[re.Match[str]]:
    """Each line that may introduce a quotation: it ends in a colon, and names one."""
    found: list[re.Match[str]] = []
    for colon in islice(_LINE_ENDING_COLON.finditer(lowered), _MAX_LEAD_INS):
        lead_in = _LEAD_IN.match(lowered, line_start(lowered, colon.start()), colon.end())
        if lead_in is not None:
            found.append(lead_in)
    return found


_LINE_ENDING_COLON = re.compile(r":[ \t*_`]*(?=\n|$)")  # led by a literal: the engine skips ahead to each ":"


def _block_below(lowered: str, start: int, indent: int, lead_in: re.Match[str]) -> tuple[int, int] | None:
    """The fenced block, blockquote, deeper-indented lines, or a bare label's paragraph starting at
    ``start`` (one blank line may come first); ``None`` where none stands there."""
    lines = _lines_from(lowered, start)  # lazily: most lead-ins are told apart by their next line
    head = next(lines, None)
    if head is not None and not lowered[head[0] : head[1]].strip():
        head = next(lines, None)  # one blank line between the lead-in and its block
    if head is None:
        return None
    first_start, first_end = head
    first = lowered[first_start:first_end]
    fence = _FENCE.match(first)
    if fence is not None:
        for line_start_at, line_end_at in lines:
            if lowered[line_start_at:line_end_at].strip().startswith(fence.group(1)):
                return (first_end, line_start_at)  # the fence's content, its fences kept
        return None  # an unclosed fence is no block set apart
    kept: list[tuple[int, int]] = []
    quoted = first.lstrip(" \t").startswith(">")
    deeper = _indent_of(first) > indent
    bare = _BARE_LABEL.fullmatch(lead_in.group("text")) is not None
    if not (quoted or deeper or bare):
        return None
    for line_start_at, line_end_at in chain((head,), lines):
        line = lowered[line_start_at:line_end_at]
        if not line.strip():
            break
        if quoted and not line.lstrip(" \t").startswith(">"):
            break
        if deeper and not quoted and _indent_of(line) <= indent:
            break
        if bare and not (quoted or deeper):
            if _GIVES_A_VERDICT.match(line):
                break
            if _SPEAKS_OF_STATEMENTS.search(line):
                return None  # "[Doc 3]:⏎- It backs statement 3. Verdict: ENTAILED.": the grader's notes, no quotation
        kept.append((line_start_at, line_end_at))
    return (kept[0][0], kept[-1][1]) if kept else None


def _lines_from(lowered: str, start: int, most: int = _MAX_LINES) -> Iterator[tuple[int, int]]:
    """Where each line from ``start`` on starts and ends, at most ``most`` of them, as they are asked for."""
    at = start
    for _ in range(most):
        if at > len(lowered):
            return
        end = line_end(lowered, at)
        yield at, end
        at = end + 1


def _indent_of(line: str) -> int:
    expanded = line.expandtabs()
    return len(expanded) - len(expanded.lstrip(" ")) if line.strip() else 0


def _cites(lowered: str) -> list[re.Match[str]]:
    """Each citation of the context's lines, not where an "l" ends a word or stands inside one ("html5")."""
    cites: list[re.Match[str]] = []
    for start in islice(_CITE_START.finditer(lowered), _MAX_LEAD_INS):
        at = start.start()
        if at and (lowered[at - 1].isalnum() or lowered[at - 1] in "_-"):
            continue
        cite = _CITED_LINES.match(lowered, at)
        if cite is not None:
            cites.append(cite)
    return cites


def _cited_lines(lowered: str) -> list[tuple[int, int]]:
    """The lines below a citation of the context's lines that carry the numbers it cites."""
    spans: list[tuple[int, int]] = []
    for cite in _cites(lowered):
        first = int(cite.group(1))
        last = int(cite.group(2)) if cite.group(2) else first
        if not first <= last <= first + _MAX_LINES:
            continue
        for line_start_at, line_end_at in _lines_from(lowered, line_end(lowered, cite.end()) + 1, last - first + 2):
            numbered = _NUMBERED_LINE.match(lowered, line_start_at, line_end_at)
            if numbered is None:
                if lowered[line_start_at:line_end_at].strip():
                    break
                continue
            if not first <= int(numbered.group(1)) <= last:
                break
            spans.append((numbered.end(), line_end_at))
    return sorted(set(spans))
