"""Marks a grader defines in a legend, read as the verdicts it says they are.

``Key: ☑ = the context supports it; ☐ = it does not; ❓ = cannot tell`` or ``([x] = supported,
[ ] = not supported, [?] cannot tell)``: the grader draws its verdicts with marks of its own and
says what each means. A person reads the list by that key; so does the reader, for that text
only. A mark is a short token of no letters (``☐``, ``?``) or a bracketed one (``[x]``, ``( )``);
a word the grader defines (``t = supported``) is read as it always is. A definition whose meaning
names no verdict defines nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from compat.scoring.reader.lines import blanked_spans, line_end
from compat.scoring.reader.verdict_words import Value

_TELLTALES = ("key", "legend", "means", "checked", "ticked")
# A legend: a line headed "key:" or "legend:", or a parenthesis holding a definition.
_HEADED = re.compile(r"^[ \t*_#>(\[]*(?:legend|key)[ \t*_]*(?::|[ \t][-–—])([^\n]*)", re.MULTILINE)
_PARENTHESIS = re.compile(r"\(([^()\n]{0,200}(?:=|means)[^()\n]{0,200})\)")
# Marks defined without "=" in parentheses: "(+ supported, - not supported)", "(✓ yes; ✗ no)".
MARKS_IN_PARENTHESIS = re.compile(
    r"\((?:[ \t]*[^\w\s(),;]{1,3}[ \t]+[^(),;\n]{1,40}[,;]){1,5}[ \t]*[^\w\s(),;]{1,3}[ \t]+[^(),;\n]{1,40}\)"
)
# A head before a line's first definition ("tags: ", "key — "): not part of the mark.
_HEAD = re.compile(r"^[ \t]*[a-z][a-z \t]{0,20}(?::|[ \t][-–—])[ \t]*")
# A line of two or more definitions: "✔ = supported, ✖ = not supported".
_LINE = re.compile(r"^[^\n]*(?:=|means)[^\n]*(?:=|means)[^\n]*$", re.MULTILINE)
# One definition: the mark, how it is defined (or nothing: "? cannot tell"), what it means.
_DEFINITION = re.compile(
    r"^[ \t]*(?P<mark>\[[^\]\n\w]{0,2}\]|\[[a-z✓✔]\]|\([^)\n\w]{0,2}\)|\([a-z✓✔]\)|[^\w\s=:;,()\[\]\"'.]{1,3})"
    r"(?=[ \t=:→–—-]|means(?!\w))[ \t]*(?:=|:|means(?!\w)|[-–—]|→)?[ \t]*(?P<meaning>[^\n=]{1,80})$"
)
# Markdown's emphasis and headings are decoration around a mark, never a mark of their own.
_DECORATION = frozenset("*_#>`~")
# Boxes defined by name: "Checked = supported by the context; unchecked = not supported".
_BOX_DEFINED = re.compile(
    r"(?<!\w)(?P<un>un)?(?:checked|ticked)(?:[ \t]+box(?:es)?)?[ \t]*(?:=|:|means(?!\w))[ \t]*"
    r"(?P<meaning>[^;,\n]{1,80})"
)
_CHECKED = ("[x]", "[✓]", "[✔]", "☑")
_UNCHECKED = ("[ ]", "☐")
_NONE = re.compile(
    r"can ?not tell|can't tell|cannot be (?:determined|verified)|unclear|unsure|not sure|undetermined|unknown"
    r"|insufficient|not enough|partial|ambiguous|undecided|no verdict"
)
_NO = re.compile(
    r"(?<!\w)(?:not|no|does ?n't|doesn't|unsupported|contradict\w*|false|incorrect|wrong|refuted|fails?)(?!\w)"
)
_YES = re.compile(
    r"(?<!\w)(?:support\w*|entail\w*|true|correct|yes|confirm\w*|consistent|grounded|verified|holds?)(?!\w)"
)


def legend_marks(lowered: str) -> Mapping[str, Value]:
    """Each mark the legends of ``lowered`` (a text as ``prepare.fold`` gives it) define, with its verdict."""
    # Most outputs hold no legend: substring searches first, a regex scan costs 30 times more.
    defines = "=" in lowered or any(telltale in lowered for telltale in _TELLTALES)
    if not defines and "(" not in lowered:
        return {}
    segments: list[str] = []
    if defines and ("key" in lowered or "legend" in lowered):
        segments += [m.group(1) for m in _HEADED.finditer(lowered)]
    if defines:
        if "(" in lowered:
            segments += [m.group(1) for m in _PARENTHESIS.finditer(lowered)]
        segments += [_HEAD.sub("", m.group()) for m in _LINE.finditer(lowered)]
    if "(" in lowered:  # led by its literal "(": the engine skips from one to the next
        segments += [m.group()[1:-1] for m in MARKS_IN_PARENTHESIS.finditer(lowered)]
    marks: dict[str, Value] = {}
    boxes_defined = defines and ("checked" in lowered or "ticked" in lowered)  # the pattern's own words
    for box in _BOX_DEFINED.finditer(lowered) if boxes_defined else ():  # "checked = supported; unchecked = not"
        defined, value = meaning_value(box.group("meaning"))
        if defined:
            for mark in _UNCHECKED if box.group("un") else _CHECKED:
                marks.setdefault(mark, value)
    for segment in segments:
        for part in re.split(r"[;,]", segment):
            definition = _DEFINITION.match(part)
            if definition is None:
                continue
            if set(definition.group("mark")) <= _DECORATION:
                continue
            defined, value = meaning_value(definition.group("meaning"))
            if defined:
                marks.setdefault(re.sub(r"[ \t]+", " ", definition.group("mark")), value)
    return marks


# A rule for the partial verdict: "Partially supported counts as supported", "statements rated
# PARTIALLY_SUPPORTED are counted as supported", "(partial support is treated as support)".
_PARTIAL_RULE = re.compile(
    r"(?<!\w)partial(?:ly)?[ _\t]+support(?:ed)?(?!\w)[^.\n]{0,40}?(?<!\w)(?:counts?|counted|treated|scored|taken)"
    r"[ \t]+as[ \t]+(?P<meaning>[^.,;:()\n]{1,30})"
)
_PARTIAL_WORDS = ("partially supported", "partly supported", "partially", "partial")  # as prepared: "_" is a space


def partial_rule(lowered: str) -> Mapping[str, Value]:
    """The partial verdict's words with the verdict the grader's stated rule gives them, where
    every rule the text states gives the same one (else none: the partial verdict stays no
    verdict, and the mismatch policy decides)."""
    if "partial" not in lowered:
        return {}
    values: set[Value] = set()
    for rule in _PARTIAL_RULE.finditer(lowered):
        defined, value = meaning_value(rule.group("meaning"))
        if defined and value is not None:
            values.add(value)
    if len(values) != 1:
        return {}
    value = values.pop()
    return dict.fromkeys(_PARTIAL_WORDS, value)


def meaning_value(meaning: str) -> tuple[bool, Value]:
    """Whether a definition's meaning names a verdict, and which."""
    if _NONE.search(meaning):
        return True, None
    if _NO.search(meaning):
        return True, 0  # "it does not", "not supported": a negated support is a no
    if _YES.search(meaning):
        return True, 1
    return False, None


# A codebook: codes defined in words on one line ("(OK: no error. ERR-C: conflicts with the context.
# ND: not determinable.)"). The codes are what the reply answers with; the line gives no answer.
_TWO_CODES = re.compile(
    r"(?:^|(?<=[\s(]))(?P<a>[a-z][\w-]{1,4}):[ \t]+(?P<m>[^.;:\n]{2,80})[.;][ \t]+(?P<b>[a-z][\w-]{1,4}):[ \t]+"
    r"(?P<n>[^.;:\n]{2,80})",
    re.MULTILINE,
)
# Short words that name a field beside a verdict ("Label: no. Notes: the context is silent."), no code.
_FIELD_WORDS = frozenset(
    {"label", "score", "claim", "notes", "note", "why", "fact", "quote", "issue", "error", "type", "span", "cause"}
    | {"check", "final", "total", "count", "stmt", "item", "text", "basis", "s", "q", "a", "id", "ref", "src"}
)
# What may stand before a codebook's first code on its line: a parenthesis, or a heading ("Codebook:",
# "Error codes used —").
_CODEBOOK_HEAD = re.compile(r"[ \t*_>(\[-]*(?:[a-z][a-z ]{0,30}[ \t]*(?::|—|–|-)[ \t]*\(?)?")
_MIN_MEANING_WORDS = 3  # a code's meaning told in words, not a verdict word ("ERR-B: baseless (not in the context)")


def blank_codebooks(lowered: str) -> str:
    """``lowered`` with each codebook's line blanked (``prepare`` calls this where ": " stands twice)."""
    spans: list[tuple[int, int]] = []
    for codes in _two_codes(lowered):
        if codes.group("a") in _FIELD_WORDS or codes.group("b") in _FIELD_WORDS:
            continue
        if _KEYED.fullmatch(codes.group("a")) or _KEYED.fullmatch(codes.group("b")):
            continue  # "s1: yes. s2: no.": statements' verdicts
        if max(_words_in(codes.group("m")), _words_in(codes.group("n"))) < _MIN_MEANING_WORDS:
            continue  # "Pass: 1, 2, 4; Fail: 3": groups of statements, no meanings
        start = lowered.rfind("\n", 0, codes.start()) + 1
        if not _CODEBOOK_HEAD.fullmatch(lowered, start, codes.start()):
            continue  # "Statement 1 says: … Thus: ✅ true.": a sentence's words, no codes defined
        spans.append((start, line_end(lowered, codes.end())))
    return blanked_spans(lowered, spans)  # a line each, in order: one pass


def _two_codes(lowered: str) -> list[re.Match[str]]:
    """Each pair of codes defined on a line that holds two colons at least (a line a substring count)."""
    found: list[re.Match[str]] = []
    start = 0
    for line in lowered.split("\n"):
        if line.count(": ") >= 2:
            end = start + len(line)
            # The first code stands after the bullets, or after a heading ("Codebook:"): tried at both.
            heads = (_BULLETS.match(lowered, start, end), _CODEBOOK_HEAD.match(lowered, start, end))
            for at in sorted({head.end() for head in heads if head is not None}):
                codes = _TWO_CODES.match(lowered, at, end)
                if codes is not None:
                    found.append(codes)
                    break
        start += len(line) + 1
    return found


_BULLETS = re.compile(r"[ \t*_>(\[-]*")


def _words_in(meaning: str) -> int:
    return sum(1 for word in meaning.split() if word.strip(",()").isalpha())


_KEYED = re.compile(r"(?:s|c|q|st|stmt|claim|item|fact)[-_]?\d{1,3}")


# The choices a reply offers or a refusal names ("(Evident Conflict / Subtle Conflict / none)"): three
# or more in parentheses, split by slashes or bars. Blanked where two are verdict words (``prepare``).
_CHOICES = re.compile(r"\((?P<choices>[^()\n/|]{1,40}(?:[ \t]*[/|][ \t]*[^()\n/|]{1,40}){2,11})\)")


def blank_choices(lowered: str, values: Mapping[str, Value]) -> str:
    """``lowered`` with each parenthesis of choices among verdict words blanked."""
    if " / " not in lowered and " | " not in lowered:
        return lowered

    def blank(found: re.Match[str]) -> str:
        choices = [choice.strip(" \t*_`'\"") for choice in re.split(r"[/|]", found.group("choices"))]
        return " " * len(found.group()) if sum(choice in values for choice in choices) >= 2 else found.group()

    return _CHOICES.sub(blank, lowered)
