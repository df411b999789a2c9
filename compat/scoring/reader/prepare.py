"""The text as the readers see it (``prepare``), and reasoning drafts set aside (``strip_reasoning``).

NFKC, lower case, ``_`` as a space, HTML tags dropped, legends (``(Yes/No)``, ``Yes =
supported``) and unanswered questions blanked, and each echoed statement replaced by a token
naming it (``§i§``). Every pattern is linear.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from itertools import pairwise

from compat.scoring.reader.checkboxes import UNTICKED, choose_ticked
from compat.scoring.reader.criteria import OTHER_CRITERIA_TELLTALES, blank_other_criteria
from compat.scoring.reader.formulas import blank_formulas
from compat.scoring.reader.grouped import blank_empty_groups
from compat.scoring.reader.legend import MARKS_IN_PARENTHESIS, blank_choices, blank_codebooks
from compat.scoring.reader.lines import LineStarts, blanked, blanked_spans, line_end, line_start
from compat.scoring.reader.options import apply_options
from compat.scoring.reader.pairs import STATEMENT_KEY
from compat.scoring.reader.polarity import turn_fields_round
from compat.scoring.reader.quotations import blank_quotations, blank_quoted_sentences
from compat.scoring.reader.tally import blank_counts
from compat.scoring.reader.terminal import displayed
from compat.scoring.reader.verdict_words import BUILT_IN, MARKS, VerdictWords

# "(Yes/No)" and "yes or no" describe the format; they are not verdicts.
# Two patterns, each starting with a literal, so the engine skips ahead to it.
_LEGEND_PAREN = re.compile(
    r"\([ \t]*[\"']?(?:yes|y|true)[\"']?[ \t]*(?:/|\||or)[ \t]*[\"']?(?:no|n|false)[\"']?[ \t]*\)"
)
# The choices offered: "yes or no", "(Yes / No / UNCLEAR)".
_LEGEND_OR = re.compile(
    r"yes(?<!\wyes)[\"”']?[ \t]+or[ \t]+[\"“']?no(?!\w)|yes(?<!\wyes)[ \t]*/[ \t]*no(?!\w)(?:[ \t]*/[ \t]*[a-z]{1,15})*"
)
# "Yes = supported", "No means not supported": a verdict word being defined, not given.
_LEGEND_DEFINES = re.compile(r"(?:yes(?<!\wyes)|no(?<!\wno))[\"”']?[ \t]*(?:=|means(?!\w))[^.,;\n]{0,60}")
# Another verdict word defined, where no legend's line was blanked around it ("unclear = cannot be
# determined" in a JSON line's field): only where a meaning in words follows (not "=True=" in org-mode,
# nor "1/3 Unclear => UNDECIDED").
_OTHER_DEFINES = re.compile(
    r"(?<![\w/=])(?:unclear|unknown|undetermined|uncertain|n/a)[\"”']?[ \t]*"
    r"(?:=|means(?!\w))(?=[ \t]*[\"“']?[a-z])[^.,;\n]{0,60}"
)
# The field a definition defines a value of ('entailed="unknown" means ...'): its name is no verdict either.
_FIELD_DEFINED = re.compile(r"(?<![\w-])[a-z][\w-]{0,30}[ \t]*=[ \t]*[\"“']?$")


def _without_definitions(lowered: str, defines: re.Pattern[str]) -> str:
    pieces: list[str] = []
    last = 0
    for definition in defines.finditer(lowered):
        field = _FIELD_DEFINED.search(lowered, max(last, definition.start() - 40), definition.start())
        pieces += (lowered[last : definition.start() if field is None else field.start()], " ")
        last = definition.end()
    return "".join(pieces) + lowered[last:] if pieces else lowered


# A legend's line: "Key: ✔ supported, ✖ not", or two symbols defined on one line ("(t = supported,
# f = not supported)", "✅ = supported; ❌ = not supported"). It says what marks mean, it gives none.
_LEGEND_HEAD = re.compile(r"^[ \t*_(\[]*(?:legend|key)[ \t*_]*:[^\n]*", re.MULTILINE)
# A mark is a token of up to two dozen characters ("t", "✅", "【unsupported】", "**[supported]**").
_DEFINITION = re.compile(r"(?:(?<=[\s(\[,;])|^)[^\s=:(\[][^\s=:]{0,23}[ \t]*(?:=|means(?!\w))", re.MULTILINE)


_KEY = re.compile(STATEMENT_KEY + "$")
_ARGUMENT = re.compile(r"[a-z][a-z0-9_]+=")  # a keyword argument of a repr, its value right after it
_VALUE_OPENS = ("'", '"', "[", "(", "{")


def _blank_legend_lines(lowered: str) -> str:
    """Each line that defines two marks or more, blanked."""
    spans: list[tuple[int, int]] = []
    starts = LineStarts(lowered)
    line, defined = -1, 0  # the line being counted, and its definitions so far
    definition = _DEFINITION.search(lowered)
    while definition is not None:
        at = definition.end()
        name = definition.group().rstrip("= \t")
        # "s1=", "stmt2 =": a statement's key; "verdict='supported'", "citations=[": an argument's value.
        if not _KEY.match(name) and not (
            _ARGUMENT.fullmatch(definition.group()) and lowered[at : at + 1] in _VALUE_OPENS
        ):
            start = starts(definition.start())
            line, defined = (line, defined + 1) if start == line else (start, 1)
            if defined == 2:  # the line is a legend's: the rest of it need not be counted
                at = line_end(lowered, start)
                spans.append((start, at))
        definition = _DEFINITION.search(lowered, at)
    return blanked_spans(lowered, spans)


# A name that numbers a statement and goes on in words ("claim_1_grounded", "statement_2_is_supported"):
# a metric's or a field's name, whatever its value says. Its words are no verdict; its number stays.
# A Python session pasted whole: what was typed (">>> " and its "... " continuations) is code; its
# words are the script's, not the grader's. Blanked only where a typed line is plainly code.
_SESSION_INPUT = re.compile(r"^(?:>>>|\.\.\.)(?:[ \t][^\n]*)?$", re.MULTILINE)
_CODE_TYPED = re.compile(r"^>>> [^\n]*(?:\bimport\b|[\w\])] ?=[^=]|\w\(|\bfor\b[^\n]*\bin\b)", re.MULTILINE)


def _blank_session_input(lowered: str) -> str:
    if _CODE_TYPED.search(lowered) is None:
        return lowered  # ">>> Supported" in a nested blockquote is no session
    return blanked_spans(lowered, [typed.span() for typed in _SESSION_INPUT.finditer(lowered)])


# DSPy's chat adapter heads each output field with its name in a marker, its value on the lines below.
_DSPY_FIELD = re.compile(r"\[\[ ## ([a-z][a-z0-9_]{0,40}) ## \]\][ \t]*\n?")
_NUMBERED_NAME = re.compile(r"(?<![\w-])([a-z]+_\d{1,4})((?:_[a-z]+)+)(?![\w-])")


def _statement_of_name(name: re.Match[str]) -> str:
    return name.group(1) + " " * len(name.group(2))


# A word struck through is withdrawn ("~~Supported~~ **Not supported**", "<del>Pass</del> Fail"): a
# person reads the one left standing. Only a few words: a statement struck whole is a grader's mark
# ("~~The store opens at 9.~~ (the context says otherwise)"), and "<s id=1>" is an element's name.
_STRUCK = re.compile(
    r"~~[^~\n]{1,24}~~|<(del|strike|s)>[^<\n]{1,24}</\1>|<(del|strike)[ \t][^<>\n]{0,200}>[^<\n]{1,24}</\2>"
)
# A comment in XML or HTML ("<!-- verdict: one of SUPPORTED | NOT_SUPPORTED -->"): no one reads it as the answer.
_MARKUP_COMMENT = re.compile(r"<!--.{0,2000}?-->", re.DOTALL)
_DECLARATION = re.compile(
    r"<\?[a-z][^<>\n]{0,300}\?>"
)  # "<?xml version="1.0" standalone="yes"?>": the file's, no verdict
_HTML_TAG = re.compile(
    r"</?(?:b|i|u|p|br|em|strong|span|div|li|ul|ol|code|td|tr|th|mark|sup|sub|ins)(?:[ \t][^<>\n]{0,200})?/?>"
)
# Any other element a grader wraps verdicts in (``<verdict statement="2">No</verdict>``,
# ``<answer id="s1">Fail</answer>``): each element its own line, a number it names kept as the
# statement it is about ("statement 2: no"); the markup itself says nothing.
_ELEMENT = re.compile(
    r"<(?P<close>/)?(?P<name>[a-z][\w.-]{0,40})(?P<attributes>(?:[ \t]+[\w.-]{1,40}[ \t]*=[ \t]*"
    r"(?:\"[^\"<>\n]{0,80}\"|'[^'<>\n]{0,80}'|[\w.-]{1,40}))*)[ \t]*/?>"
)
# An element named as a verdict's field, on one line ("<verdict>not supported</verdict>"), and one named
# as a statement with its number ("<statement_2>", "<claim-3>", "</statement_2>").
_FIELD_ELEMENT = re.compile(
    r"<(verdict|judge?ment|label|conclusion|decision|assessment|classification|answer|result)>([^<>\n]{1,80})</\1>"
)
_NUMBERED_ELEMENT = re.compile(r"<(/?)(?:statement|claim|stmt|item|fact)[ .-]?(\d{1,4})>")


def _numbered_element(tag: re.Match[str]) -> str:
    return "\n" if tag.group(1) else f"\nstatement {tag.group(2)}:\n"


# A field that numbers its statement ("statement_id": 3, "id": "2"): the number is whose, never a verdict.
# Led by the literal "id" (the engine skips ahead to it); what stood before it ("statement_id") stays.
_ID_KEY = re.compile(r"id(?<![a-z0-9]id)[\"']?[ \t]*[:=][ \t]*[\"']?(\d{1,4})[\"']?(?!\d)")
# A source's or a passage's id ("source_id": 10, "doc_id=2") numbers what was cited, not a statement.
_CITED_ID = re.compile(r"(?:source|doc|document|chunk|passage|node|citation|page|file|context|ref)[ \t]*$")


def _id_key(lowered: str, key: re.Match[str]) -> str:
    if _CITED_ID.search(lowered, max(0, key.start() - 12), key.start()):
        return blanked(key.group())
    return f" statement {key.group(1)} "


_NUMBERED = re.compile(r"[\"']?[a-z]{0,10}[ \t#]*(\d{1,4})[\"']?$")


def _element(tag: re.Match[str], values: Mapping[str, object]) -> str:
    if not tag.group("attributes") and tag.group("name") in values:
        return f" {tag.group('name')} "  # "<Yes>": a verdict word in angle brackets, no element
    if tag.group("close"):
        return "\n"
    for attribute in re.finditer(r"=[ \t]*(\"[^\"]*\"|'[^']*'|[\w.-]+)", tag.group("attributes")):
        number = _NUMBERED.match(attribute.group(1).strip("\"'"))
        if number is not None:
            return f"\nstatement {number.group(1)}: "
    return "\n"


_REASONING_TAG = re.compile(r"<(/?)(?:think|thinking|reasoning)>", re.IGNORECASE)
_CLOSING_TAG = re.compile(r"</(?:think|thinking|reasoning)>", re.IGNORECASE)
_CLOSING_TAGS = ("</think>", "</thinking>", "</reasoning>")
# A draft from its opening tag to the first closing tag (of any of the names), as the loop pairs them.
_REASONING_BLOCK = re.compile(
    r"<(?:think|thinking|reasoning)>.*?</(?:think|thinking|reasoning)>", re.IGNORECASE | re.DOTALL
)


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


def fold(text: str) -> str:
    """NFKC and lower case, every line break a newline: the text every reader (and
    ``legend_marks``) compares against."""
    text = displayed(text)  # colour codes, overstrikes, box-drawn tables: what the screen showed
    if "\r" in text:
        # A carriage return breaks the line, alone (a Lambda log's message) as before a newline.
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return (text if text.isascii() else unicodedata.normalize("NFKC", text)).lower()


def prepare(text: str, statements: Sequence[str] | None, words: VerdictWords = BUILT_IN) -> str:
    """The text as the readers see it: NFKC, lower case, legends and risky echoes blanked."""
    return prepare_folded(fold(text), statements, words)


def prepare_folded(lowered: str, statements: Sequence[str] | None, words: VerdictWords = BUILT_IN) -> str:
    """``prepare`` for a text ``fold`` already gave (folded once where it is read twice)."""
    if ">>> " in lowered:
        lowered = _blank_session_input(lowered)  # ">>> label = lambda p: 'SUPPORTED' if ...": code typed, not verdicts
    if "[[ ##" in lowered:
        lowered = _DSPY_FIELD.sub(r"\1: ", lowered)  # "[[ ## verdict_0 ## ]]⏎Supported" is "verdict_0: supported"
    lowered = blank_quotations(lowered)  # "Evidence:⏎> - Failed: 12": the context's words, not the grader's
    if "_" in lowered:
        if any(f"_{digit}" in lowered for digit in "0123456789"):
            lowered = _NUMBERED_NAME.sub(_statement_of_name, lowered)  # "claim_1_grounded": a field's name
        lowered = lowered.replace("_", " ")  # markdown emphasis, statement_1
    if "~~" in lowered or "<s" in lowered or "<del" in lowered:
        lowered = _STRUCK.sub(lambda struck: blanked(struck.group()), lowered)  # "~~Supported~~ **Not supported**"
    if "<!--" in lowered:
        lowered = _MARKUP_COMMENT.sub(lambda comment: blanked(comment.group()), lowered)  # shown to no one
    if "<?" in lowered:
        lowered = _DECLARATION.sub(lambda declaration: blanked(declaration.group()), lowered)  # standalone="yes"
    if "<" in lowered:
        lowered = _FIELD_ELEMENT.sub(r"\n\1: \2\n", lowered)  # "<verdict>No</verdict>": the element names its field
        lowered = _NUMBERED_ELEMENT.sub(_numbered_element, lowered)  # "<statement_2>": whose the verdicts inside are
        lowered = _HTML_TAG.sub(" ", lowered)  # <b>No</b>: the markup is not the verdict
        if "<" in lowered:
            lowered = _ELEMENT.sub(lambda tag: _element(tag, words.values), lowered)
    if "id" in lowered:
        lowered = _ID_KEY.sub(lambda key: _id_key(lowered, key), lowered)  # "statement_id": 3
    lowered = blank_formulas(lowered)  # =IF(B2="PASS",1,0): a sheet's code in every row, whatever its verdict
    if "’" in lowered:
        lowered = lowered.replace("’", "'")  # can’t
    if any(box in lowered for box in UNTICKED):
        lowered = choose_ticked(lowered, words.values)  # "- [x] True⏎- [ ] False": the tick answers
    if "\u20e3" in lowered:
        lowered = _KEYCAP.sub(r"\1.", lowered)  # "1️⃣ Not supported": an emoji's number enumerates, it is no "1"
    if statements:
        # Echoes first: what a statement says is the statement's, not the grader's layout; a
        # statement "Set `DEBUG=False`" holds no legend, no field and no count.
        lowered = _blank_echoes(lowered, statements)
        if "§ " in lowered and ("(" in lowered or "[" in lowered):
            lowered = _NUMBER_OF_ECHO.sub(lambda number: blanked(number.group()), lowered)
    lowered = blank_quoted_sentences(lowered)  # 'states “iOS 15: no …”': the context's words
    # Each legend pattern runs only where its cheapest telltale is present: a regex pass
    # costs ten times a substring search, and most outputs hold no legend at all.
    if "(" in lowered:
        lowered = _LEGEND_PAREN.sub(" ", lowered)
    if " or " in lowered or "/" in lowered:
        lowered = _LEGEND_OR.sub(" ", lowered)
        lowered = blank_choices(lowered, words.values)  # "(Evident Conflict / Subtle Conflict / none)"
    if ") " in lowered:
        lowered = apply_options(lowered)  # "(A) Supported (B) Not supported", answered "1 - B"
    if "(" in lowered:
        lowered = MARKS_IN_PARENTHESIS.sub(lambda legend: " " * len(legend.group()), lowered)
        if ": supported" in lowered or ": not supported" in lowered:  # two such definitions, at least one of these
            lowered = blanked_spans(lowered, [match.span() for match in _DEFINING_PARENTHESIS.finditer(lowered)])
    if "=" in lowered or " means" in lowered:
        lowered = _blank_legend_lines(_without_definitions(lowered, _LEGEND_DEFINES))
        lowered = _without_definitions(lowered, _OTHER_DEFINES)
    if "legend" in lowered or "key" in lowered:
        lowered = _LEGEND_HEAD.sub(" ", lowered)
    if lowered.count(": ") >= 2:
        lowered = blank_codebooks(lowered)  # "(OK: no error. ERR-C: conflicts with the context.)"
    if any(telltale in lowered for telltale in _CRITERIA_TELLTALES):
        lowered = _blank_criteria(lowered)
    if "support" in lowered and any(telltale in lowered for telltale in _THRESHOLD_TELLTALES):
        lowered = _THRESHOLD_RULE.sub(lambda rule: blanked(rule.group()), lowered)
    if "=" in lowered or "means" in lowered:
        lowered = _blank_scales(lowered)
    lowered = blank_counts(lowered)  # "N = 5", "0 supported, 2 not supported": counted, not judged
    lowered = blank_empty_groups(lowered)  # "Intrinsic hallucination — no statements": names none
    if "statement " in lowered or "claim " in lowered:
        lowered = _COLUMN_NAMES_LINE.sub(lambda names: blanked(names.group()), lowered)
    if any(telltale in lowered for telltale in OTHER_CRITERIA_TELLTALES):
        lowered = blank_other_criteria(lowered)
    lowered = turn_fields_round(lowered)  # "Hallucination: yes" is read "verdict: no"
    if statements and "overall" in lowered:
        lowered = _overall_per_statement(lowered, len(statements))
    if "?" in lowered:
        lowered = _blank_unanswered_questions(lowered, words)
    return lowered


# A block that defines the verdict words before they are used ("Criteria I'm using:⏎- **Entailed**:
# the context states the claim ...⏎- **Not Entailed**: ..."): each term and its definition, under a
# heading that says so. It defines the words; it judges no statement, and is blanked.
_CRITERIA_TELLTALES = ("criteria", "definition", "rubric", "categories", "meaning", "options", "labels")
_TERM_DEFINED = re.compile(
    r"[ \t]*(?:[-*•+][ \t]+)?[*_`\"']*[^:\n=]{1,120}?[*_`\"']*[ \t]*(?::|=|[ \t][-–—])[ \t]+\S[^\n]*"
)
_MAX_TERMS = 12
_MAX_HEADING_CHARS = 100
_MAX_HEADINGS = 16  # telltales looked at, each: a heading stands near the top, once


# "**Overall: Yes**" once a statement, under each statement's facts: each is its statement's verdict,
# not one for the whole answer, and reads as a "Verdict:" marker (the same length: places stay).
# Under a bullet of any kind ("◦ **Overall verdict:** Entailed").
_OVERALL_LINE = re.compile(
    r"^([ \t*_#>•◦▪‣·+-]*)overall(?:[ \t]+(?:verdict|judge?ment|assessment|result|label|rating))?(?=[ \t*_]*:)",
    re.MULTILINE,
)


def _overall_per_statement(lowered: str, statement_count: int) -> str:
    if statement_count < 2 or len(_OVERALL_LINE.findall(lowered)) != statement_count:
        return lowered
    return _OVERALL_LINE.sub(_as_verdict_marker, lowered)


def _as_verdict_marker(line: re.Match[str]) -> str:
    """ "Overall verdict" as "verdict", padded to its length (the places after it stay)."""
    return line.group(1) + "verdict".ljust(len(line.group()) - len(line.group(1)))


# "[1 ("The dosage is 200 mg")] not backed": the number in a bracket before an echo's opening
# bracket numbers the statement the echo names; it is no "1" verdict.
_NUMBER_OF_ECHO = re.compile(r"(?<=\[)[ \t]*\d{1,3}(?=[ \t]*[(\[][ \t\"'“]*[ ]§\d{1,4}§)")
# "   statement  supported" alone on a line: a printed table's header (pandas, tabulate without
# rules), the columns' names; its "supported" names the column, it judges nothing. (A column
# named by a word that is no verdict, "Verdict", stays: a table reader reads it.)
_COLUMN_NAMES_LINE = re.compile(
    r"^[ \t]*(?:(?:#|id|index|idx|no\.)[ \t]+)?(?:statement|claim)s?[ \t]+"
    r"(?:supported|entailed|faithful|grounded)[ \t]*$",
    re.MULTILINE,
)
# A scale's points defined a line each ("5 = Fully supported" ... "1 = Not supported"): under a
# heading that names a rubric or a scale, or counting down. They define, they judge no statement.
_SCALE_LINE = re.compile(r"^[ \t*_>-]*(\d{1,2})[ \t*_]*(?:=|means(?!\w))[^\n]*$", re.MULTILINE)
_SCALE_HEADING = re.compile(r"(?:rubric|scale|scoring|score levels?)[^\n]{0,40}$")


def _blank_scales(lowered: str) -> str:
    lines = list(_SCALE_LINE.finditer(lowered))
    blocks: list[list[re.Match[str]]] = []
    for line in lines:  # consecutive lines, one block
        if blocks and lowered.count("\n", blocks[-1][-1].end(), line.start()) == 1:
            blocks[-1].append(line)
        else:
            blocks.append([line])
    spans: list[tuple[int, int]] = []
    for block in blocks:
        if len(block) < 2:
            continue
        points = [int(line.group(1)) for line in block]
        start = block[0].start()
        heading = lowered[line_start(lowered, max(0, start - 1)) : max(0, start - 1)]
        counting_down = len(block) >= 3 and all(a - b == 1 for a, b in pairwise(points))
        if counting_down or _SCALE_HEADING.search(heading.strip(" \t*_#:")) is not None:
            spans.append((start, block[-1].end()))
    return blanked_spans(lowered, spans)


# "3 and above = supported", "scores of 4+ count as supported", "≥ 3 = supported": a threshold on
# a scale, stated; it defines what "supported" is, it gives no statement's verdict.
_THRESHOLD_TELLTALES = ("above", "higher", "or more", "and over", "+", "≥", ">")
_THRESHOLD_RULE = re.compile(
    r"(?:[≥>]=?[ \t]*\d{1,3}|\d{1,3}(?:[ \t]*\+|[ \t]+(?:and|or)[ \t]+(?:above|higher|more|over)))[^.\n]{0,24}?"
    r"(?:=|counts?[ \t]+as|means|are|is)[ \t]*(?:not[ \t]+)?(?:supported|unsupported)(?!\w)"
)
# "(none: supported. minor or major: not supported)": labels of the grader's own defined in a
# parenthesis; it says what they mean, it judges no statement.
# Two definitions or more in it; the spans found in one scan, blanked in one pass (a callback a
# parenthesis cost a second for a megabyte of them).
_DEFINED_AS = r"[a-z][a-z ]{0,30}:[ \t]*(?:not[ \t]+)?(?:supported|unsupported)(?!\w)"
_DEFINING_PARENTHESIS = re.compile(rf"\((?=(?:[^()\n]*?{_DEFINED_AS}){{2}})[^()\n]{{1,400}}\)")


def _blank_criteria(lowered: str) -> str:
    for telltale in _CRITERIA_TELLTALES:
        at = lowered.find(telltale)
        for _ in range(_MAX_HEADINGS):
            if at < 0:
                break
            start, end = line_start(lowered, at), line_end(lowered, at)
            line = lowered[start:end].strip()
            # A heading: a line ending in a colon, a markdown heading or a line in bold.
            heading = line.rstrip("*_").endswith(":") or line.startswith("#") or line[:2] == line[-2:] == "**"
            if end - start <= _MAX_HEADING_CHARS and heading:
                blanked = _blank_terms(lowered, end + 1)
                if blanked is not None:
                    return blanked
            at = lowered.find(telltale, end)
    return lowered


def _blank_terms(lowered: str, pos: int) -> str | None:
    """The terms defined from ``pos`` on, a line each, blanked; ``None`` where fewer than two stand there."""
    terms: list[tuple[int, int]] = []
    while len(terms) < _MAX_TERMS and pos < len(lowered):
        term = _TERM_DEFINED.match(lowered, pos)
        if term is None or _NUMBERED_TERM.match(lowered, pos) is not None:
            break  # the block ends; a numbered line ("Statement 1: ...") is a verdict, not a term
        terms.append(term.span())
        pos = term.end() + 1
    if len(terms) < 2:
        return None
    first, last = terms[0][0], terms[-1][1]
    return lowered[:first] + blanked(lowered[first:last]) + lowered[last:]


_NUMBERED_TERM = re.compile(r"[ \t*_#>-]*(?:[a-z]{1,12}[ \t]*)?\d")


# "Is statement 1 supported by the context?", "Supported by context?": a question asks, it judges
# nothing. Where no answer follows it, its words are blanked but for what names a statement (an
# echo, "statement 1"). An answered question stays: the repeated layout reads its word as layout,
# its answer as the verdict.
_QUESTION = re.compile(
    r"(?:^|(?<=[\n.!?:]))[ \t*_#>•-]*(?:(?:is|are|does|do|was|were|can|could)[ \t]"
    r"|(?:supported|entailed|faithful|grounded|verified)(?=[ \t?]))[^\n?.!]{0,200}\?"
)
# What a question about support asks, and what asks another thing or the other way round.
_ASKS_SUPPORT = re.compile(
    r"support|entail|backed|faithful|grounded|verified|verifiable|true|accurate|correct|consistent|inferr?|stated"
    r"|follows?|confirm|valid|hold|claim|statement|§"
)
_ASKS_OTHERWISE = re.compile(r"contradict|conflict|hallucinat|unsupported|topic|(?<!\w)not(?!\w)|n't")
_KEYCAP = re.compile("(\\d)\ufe0f?\u20e3")
_NAMES_A_STATEMENT = re.compile(r"§\d+§|statement[ \t]*\d+")
_BEFORE_ANSWER = re.compile(r"[\s*_`\"'\[(>:-]*")


def _blank_unanswered_questions(lowered: str, words: VerdictWords) -> str:
    def asked(question: re.Match[str]) -> str:
        answer = _BEFORE_ANSWER.match(lowered, question.end())
        at = answer.end() if answer is not None else question.end()
        text = question.group()
        kept = " ".join(_NAMES_A_STATEMENT.findall(text))
        unasked = kept + " " * (len(text) - len(kept) - 1) + "?"  # its words blanked, the statement kept
        if words.bare.match(lowered, at) is not None or lowered[at : at + 1] in _MARKS:
            if "\n" in lowered[question.end() : at]:
                return text  # answered on its own line ("...?\n✔ yes"): the repeated layout reads it
            if _ASKS_SUPPORT.search(text) is None or _ASKS_OTHERWISE.search(text) is not None:
                # "Is the topic covered? Yes.", "Does anything contradict it? No.": another question, and
                # its yes is no verdict on support.
                return unasked
            # "Can it be inferred from the context? NO.": the question labels its answer, as "Verdict:" does
            return f"{kept} verdict:"
        return unasked

    return _QUESTION.sub(asked, lowered)


_MARKS = frozenset(MARKS)


# Echoes are replaced while the text is at most this many bytes times the statements blanked:
# each statement costs one pass over the text.
ECHO_BUDGET = 64_000_000
MIN_ECHO_CHARS = 8  # shorter statements ("Yes.") could be verdicts themselves
_LIST_MARK = re.compile(r"^(?:[-*•+]|\d{1,4}[.)]|\(\d{1,4}\))[ \t]+")  # call 1's "1. " or "- " before a statement


def without_list_mark(statement: str) -> str:
    """A statement of call 1 without the list mark its line kept ("1. The store opens at 9.")."""
    return _LIST_MARK.sub("", statement.lstrip(" \t"), count=1)


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
    folded = [_folded(statement).strip() for statement in statements]
    # Longest first: "The the." must not blank the end of "... no appeal on the the." first.
    by_length = sorted(range(len(statements)), key=lambda i: len(statements[i]), reverse=True)
    for done, index in enumerate(by_length):
        if len(lowered) * (done + 1) > ECHO_BUDGET:
            break
        echo = folded[index]
        if echo[:1] in "-*•+(" or echo[:1].isdecimal():  # only then can a list mark begin it
            echo = _LIST_MARK.sub("", echo)
        lowered = _replace_echo(lowered, echo, f" §{index}§ ")
    if "…" in lowered or "..." in lowered:
        lowered = _blank_abridged_echoes(lowered, folded)
    return _blank_cut_echo(lowered, folded)


def _blank_abridged_echoes(lowered: str, echoes: Sequence[str]) -> str:
    """A statement's first words cut short by an ellipsis at the start of a line ("- Yes, the
    museum… => unknown") are its echo, as the whole statement is: "yes" there is no verdict."""
    pieces: list[str] = []
    pos = 0
    for count, mark in enumerate(_ELLIPSIS.finditer(lowered)):
        if count >= _MAX_ABRIDGED:
            break
        at = mark.start()
        begin = max(pos, lowered.rfind("\n", max(0, at - _ABRIDGED_REACH), at) + 1)
        line = lowered[begin:at]
        lead = line.lstrip(_ABRIDGED_LEAD)
        head_start = begin + len(line) - len(lead)
        mark_of_list = _LIST_MARK.match(lead)
        if mark_of_list is not None:
            head_start += mark_of_list.end()
        head = lowered[head_start:at].rstrip()
        if len(head) < MIN_ECHO_CHARS:
            continue
        index = next((i for i, echo in enumerate(echoes) if len(echo) > len(head) and echo.startswith(head)), None)
        if index is not None:
            pieces += (lowered[pos:head_start], f" §{index}§ ")
            pos = mark.end()
    if not pieces:
        return lowered
    pieces.append(lowered[pos:])
    return "".join(pieces)


_ELLIPSIS = re.compile(r"…|\.\.\.")
_MAX_ABRIDGED = 256  # ellipses looked at: a statement's abridged echo comes once a statement, a few times
_ABRIDGED_REACH = 300  # how far back a line's start is looked for (a megabyte on one line is not)
_ABRIDGED_LEAD = " \t*•>\"'“‘[(`"


def _blank_cut_echo(lowered: str, echoes: Sequence[str]) -> str:
    """An output cut off inside an echo ("3. Verdict: Y" of the statement "Verdict: Yes, the
    the.") ends in the statement's first words, not in a verdict: that last line is blanked."""
    start = lowered.rfind("\n") + 1
    tail = _LIST_MARK.sub("", lowered[start:].strip())
    if len(tail) < MIN_ECHO_CHARS:
        return lowered
    if any(len(echo) > len(tail) and echo.startswith(tail) for echo in echoes):
        return lowered[:start]
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


__all__ = ["ECHO_BUDGET", "MIN_ECHO_CHARS", "fold", "prepare", "prepare_folded", "strip_reasoning"]
