"""Other criteria beside faithfulness: their fields blanked, and rubrics the reader cannot pick from.

Teams often run one rubric call that grades each statement on several criteria at once
(supported by the context, relevant, toxic, contains PII, matches the reference...) and
store that reply as the verdicts. Each statement's unit then holds several answers, and
reading any but the faithfulness one gives a wrong number.

* **Fields blanked** (reader 6, ``blank_other_criteria``): a known criterion written as a field
  (``Clarity: Yes | Grounded in context: No``) is blanked before the text is read, so the
  faithfulness field is the one left.
* **Rubrics doubted** (reader 11, ``rubric_criteria``): any other criterion still given an
  answer of the kind verdicts are given in (``Toxicity - fail``, ``"coherence_result": "pass"``,
  ``answers the question: true``, a column ``| Toxic |`` over ``| No |``, a legend ``T =
  toxic``, a checkbox ``[x] Answers the question``) means the reader may have taken that answer
  for the verdict: the case is undetermined, naming it. The blind heldout37 set, at first sight,
  was given 10 - 11% wrong numbers that way. A criterion named in words ("the relevant
  passage") or answered otherwise (``Relevance | High``) is no such answer.
"""

from __future__ import annotations

import re

from compat.scoring.reader.lines import blanked_spans, line_start, occurrences, windows_around

# ----------------------------------------------------------------------------- fields blanked

_MAX_CRITERIA_FIELDS = 64
_WORD_BEFORE = re.compile(r"[\w§]")
# A criterion graded beside faithfulness ("Clarity: Yes | Grounded in context: No"): its value
# is no verdict on support, and the field is blanked. Each name is looked for by its first letters.
_OTHER_CRITERIA = {
    "clar": ("clarity",),
    "clear": ("clear",),
    "relevan": ("relevance", "relevancy", "relevant"),
    "specific": ("specificity", "specific"),
    "complete": ("completeness", "complete"),
    "fluen": ("fluency", "fluent"),
    "coheren": ("coherence", "coherent"),
    "concise": ("conciseness", "concise"),
    "helpful": ("helpfulness", "helpful"),
    "readab": ("readability",),
    "tone": ("tone",),
    "needs review": ("needs review",),
}
OTHER_CRITERIA_TELLTALES = tuple(_OTHER_CRITERIA)
_OTHER_CRITERION = re.compile(
    "(?:" + "|".join(name for names in _OTHER_CRITERIA.values() for name in names) + ")"
    r"(?:[ \t]+(?:score|rating))?[ \t*]*[:=][ \t*]*[^|\n;,]{0,40}"
)


def blank_other_criteria(lowered: str) -> str:
    """Each other criterion's field blanked, found from its name by substring search (the pattern,
    tried at every position, cost more than the rest of the preparation)."""
    spans: list[tuple[int, int]] = []
    for name in OTHER_CRITERIA_TELLTALES:
        for at in occurrences(lowered, name, _MAX_CRITERIA_FIELDS):
            field = _blanked_field(lowered, at)
            if field is not None:
                spans.append(field)
    return blanked_spans(lowered, _disjoint(spans))


def _blanked_field(lowered: str, at: int) -> tuple[int, int] | None:
    if at and _WORD_BEFORE.match(lowered[at - 1]):
        return None
    field = _OTHER_CRITERION.match(lowered, at)
    return None if field is None else field.span()


def _disjoint(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` in order, each joined with any it overlaps."""
    joined: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if joined and start < joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], end))
        else:
            joined.append((start, end))
    return joined


# ---------------------------------------------------------------------------- rubrics doubted

# Criteria graders judge beside faithfulness, as rubrics and evaluation platforms name them. A
# word that may say faithfulness itself (accurate, correct, grounded, supported) is not one, nor
# a name SDKs give their own fields (Gemini's ``safety_ratings``, ``HARM_CATEGORY_HATE_SPEECH``).
_NAMES = (
    r"(?:(?:answer|context)[ _-]?)?relevan(?:t|ce|cy)|irrelevant|on[ _-]topic"
    r"|toxic(?:ity)?|harm(?:ful|less)(?:ness)?|self[ _-]harm|hateful|violent|profanity"
    r"|(?:contains[ _-]?)?pii|privacy|bias(?:ed)?|safe"
    r"|fluen(?:t|cy)|coheren(?:t|ce)|concise(?:ness)?|clarity|readability|grammar|tone"
    r"|complete(?:ness)?|helpful(?:ness)?|correctness|matches[ _-]?(?:the[ _-]?)?reference"
    r"|answers[ _-]?(?:the[ _-]?)?question|cites[ _-]?a[ _-]?source|citations?(?:[ _-]?present)?|has[ _-]?citation"
    r"|retrieval"
)
_ANSWER = (
    r"(?:yes|no|y|n|true|false|pass(?:ed)?|fail(?:ed)?|met|not[ \t]+met|[✓✔✗✘✅❌☑☐]|\d(?:\.\d+)?)"
    r"(?![\w.])"
)
# What may follow a criterion's name in a field's: "_result", "-free", " check", " vs. reference" (not any
# word: "I can't complete it: no context was given").
_NAME_TAIL = r"(?:(?:[_-][a-z]{1,12}){1,2}|[ \t](?:check|score|result|rating|label|flag|vs\.?[ \t]+reference))?"
# The forms a rubric gives another criterion an answer in, the same answers verdicts are given in:
_RUBRIC = re.compile(
    # a field: "Toxicity - fail", "PII check: PASS", "pii_free: 1",
    # "\"coherence_result\": \"pass\"", "Correctness vs. reference: FAIL"
    r"(?<![\w-])(?P<field>"
    + _NAMES
    + r")"
    + _NAME_TAIL
    + r"[\"'`*]*[ \t]*(?:[:→]|=(?![\"'])|->|=>|[ \t]-|[ \t]–|[ \t]—)[ \t]*[\"'`*(\[]*[ \t]*"
    + _ANSWER
    +
    # a legend of letters: "T = toxic; B = biased", "R: relevant"
    r"|(?<![\w-])[a-z]{1,3}[ \t]*[=:][ \t]*(?P<legend>"
    + _NAMES
    + r")(?![\w-])[ \t]*[;,(\n]"
    # a checkbox: "- [x] Answers the question", "[ ] Free of harmful advice"
    r"|\[[ x]\][ \t]+(?:free[ \t]+of[ \t]+|no[ \t]+|not[ \t]+)?(?P<box>" + _NAMES + r")(?![\w-])"
    # a row of a grid: "| **Contains PII** | ❌ | ✅ |"
    r"|\|[ \t*_]*(?P<row>" + _NAMES + r")[ \t*_]*\|[ \t*_`]*" + _ANSWER + r"[ \t*_`]*\|"
    # a scorer named as a value: {"evaluator": "no-harmful-advice", "pass": true}, {"key": "helpfulness", ...}
    r"|[\"'](?:evaluator|key|name|metric|criterion|check|scorer)[\"'][ \t]*:[ \t]*[\"'][^\"'\n]{0,40}?(?<![a-z])"
    r"(?P<named>" + _NAMES + r")(?![a-z])"
)
# A verdict over every criterion ("Overall: FAIL", "a claim's gate is PASS only when every criterion is met";
# not "Overall, 3 of the 4 statements..."):
# where one stands, the fields of known criteria blanked do not leave the faithfulness answer alone.
_OVER_ALL = re.compile(
    r"overall\b[^\n:,.]{0,30}[:=|]|\bgate\b|all[ \t]+criteria|every[ \t]+criterion|each[ \t]+criterion|composite"
)
# A stem of every name above: a rubric's forms are searched only around one (a scorer's name as a
# value stands at most 40 characters after its key, a legend's letter 6 before its name; a field's
# answer follows its name within a few words).
_STEMS = (
    "relevan", "on topic", "on-topic", "on_topic", "toxic", "harm", "hateful", "violent", "profanity", "pii",
    "privacy", "bias", "safe", "fluen", "coheren", "concise", "clarity", "readability", "grammar", "tone",
    "complete", "helpful", "correctness", "matches", "answers", "cites", "citation", "retrieval",
)  # fmt: skip
_HEADER_CELL = re.compile(r"\|[ \t*_]*(?P<column>" + _NAMES + r")[ \t*_]*(?=\|)")
_ROWS_LOOKED_AT = 2_000  # characters below a header
_ANSWER_CELL = re.compile(r"[ \t*_`]*(?:" + _ANSWER + r")[ \t*_`]*(?:\||$)")


def rubric_criteria(lowered: str, *, fields_blanked: bool, column_named: bool = False) -> str | None:
    """Where a reply gives another criterion an answer of the kind verdicts are given in (a field, a
    legend's letter, a checkbox, a table's column or row, a scorer's name), what it says; or
    ``None``. ``fields_blanked``: the reply was read as text, whose fields of known criteria were
    blanked first (``blank_other_criteria``): those could not have been read, unless a verdict over
    every criterion stands beside them ("Overall: FAIL"), which the reader may have read.
    ``column_named``: the reply was read as a table, by the column its header names (``Support``,
    ``Verdict``): another criterion's column could not have been read, unless that column is a
    verdict over every criterion ("Verdict (all criteria)")."""
    windows = windows_around(lowered, _STEMS, 72, 72)
    if not windows:
        return None  # no criterion named at all: most replies
    over_all: bool | None = None  # looked for once, where it matters
    for found in (match for start, end in windows for match in _RUBRIC.finditer(lowered, start, end)):
        if found.group("field") and fields_blanked and _blanked_field(lowered, found.start()):
            over_all = _OVER_ALL.search(lowered) is not None if over_all is None else over_all
            if not over_all:
                continue
        return found.group().strip(" \t;,(\n")
    if "|" in lowered and not (column_named and _OVER_ALL.search(lowered) is None):
        return _rubric_column(lowered)
    return None


def _rubric_column(lowered: str) -> str | None:
    """A table column of another criterion whose cells answer as verdicts do ("| Toxic |" over "| No |")."""
    for header in _HEADER_CELL.finditer(lowered):
        column = lowered.count("|", line_start(lowered, header.start()), header.start()) + 1  # cells 1, 2, ...
        below = lowered[header.end() : header.end() + _ROWS_LOOKED_AT]  # the rule and a few rows, not the rest
        for row in below.split("\n")[1:5]:
            cells = row.split("|")
            if column < len(cells) and _ANSWER_CELL.fullmatch(cells[column] + "|") is not None:
                return f"{header.group('column')} | {cells[column].strip()}"
    return None


__all__ = ["OTHER_CRITERIA_TELLTALES", "blank_other_criteria", "rubric_criteria"]
