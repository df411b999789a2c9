"""Degrees are no verdicts: a grader that rates each statement (a confidence, a probability, a
score on a scale) has not said supported or not, whatever words stand beside the numbers.

``Statement 2 — confidence that the context supports it: 0.15`` holds the word "supports", but
what the grader said is a degree: it is a verdict only through a cut the grader states
(``above 50% counts as supported``), and a person applies that cut, the reader does not. So
where the text holds a degree for every statement (two or more; for one, beside a word that
says it rates: "confidence", "score"), no reading by words is given: the case is
undetermined (``unclear_reading``), never the number the words beside the degrees would make.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from compat.scoring.reader.lines import line_end, line_start, windows_around

# A probability or share (0.85, .5, 1.0), a percentage (85%, 85 %), a score on a scale (4/5, 7 out of 10).
_DEGREE = re.compile(
    r"(?<![\d.,])(?:0?\.\d{1,3}|1\.0{1,3})(?![\d.,])"
    r"|(?<![\d.,])\d{1,3}(?:\.\d{1,2})?[ \t]*%"
    r"|(?<![\d.,])\d{1,3}[ \t]*(?:/|out[ \t]+of)[ \t]*(?:4|5|7|10|100)(?![\d.,])"
)
# What each degree holds one of: a percent sign, a slash, "out of", "0." (0.85), "1.0", " ." (.5).
_TELLTALES = ("%", "/", "out of", "0.", "1.0", " .")
_RATES = re.compile(
    r"confiden|probabilit|likelihood|likely|certaint|score|scale|rating|rated|cut-?off|threshold|p\(support"
)


def rates_each_statement(lowered: str, statement_count: int, verdict_ends: Sequence[int] = ()) -> bool:
    """Whether ``lowered`` rates the statements rather than judging them: at least one degree a
    statement, and, for one statement, a word that says it rates (one number may be anything).
    A degree in parentheses right after a verdict (``true (conf=0.9)``, ``No (85%)``; ``verdict_ends``:
    where the text's verdict words end, in order) is the grader's confidence in that verdict: the
    verdict was said, and the degree is not counted."""
    if sum(lowered.count(telltale) for telltale in _TELLTALES) < statement_count:
        return False  # most outputs: too few places a degree could stand (counted in C, not scanned)
    found = 0
    for degree in _DEGREE.finditer(lowered):
        if not _about_a_verdict(lowered, degree.start(), verdict_ends):
            found += 1
            if found >= statement_count:
                break
    else:
        return False
    return statement_count >= 2 or _RATES.search(lowered) is not None


def _about_a_verdict(lowered: str, at: int, verdict_ends: Sequence[int]) -> bool:
    index = bisect_right(verdict_ends, at) - 1
    return index >= 0 and _CONFIDENCE_GLUE.fullmatch(lowered, verdict_ends[index], at) is not None


# Between a verdict and the confidence in it: "(", "(conf=", "(confidence: ", "[certainty ".
_CONFIDENCE_GLUE = re.compile(r"[ \t*_]*[(\[][ \t]*(?:[a-z][a-z \t]{0,20}[:=]?[ \t]*)?")


# A number the grader gives a statement: "Statement 4: 4", "claim 2 = 5", "§1§ — 3".
_GIVEN_NUMBER = re.compile(r"(?:statement|claim|§)[^\n:=]{0,30}(?:[:=]|[ \t][-–—])[ \t*_]*(?P<n>\d{1,3})(?![\d.,])")
# A point beyond 1 defined by name: "Score 2: The claim is supported by the context."
_SCORE_POINT = re.compile(r"(?<![\w.])score[ \t]+(?:[2-9]|\d\d)[ \t]*[:=][ \t]*[a-z][^\n]{0,60}")
# A scale stated, looked for only around its names: its range beside a rating's name ("ratings are
# 1-10", "score (1–5)"), or a heading that names one over points beyond 1 ("Scoring scale:" then "2:
# The claim is supported").
_SCALE_NAMES = ("rating", "rated", "score", "scale", "point")
_SCALE_RANGE = re.compile(
    r"(?<!\w)(?:ratings?|scores?|scale|rated|scored|points?)(?!\w)[^\n\d]{0,24}(?<![\w.])[01][ \t]*(?:-|–|to)[ \t]*"
    r"(?:[3-9]|10|100)(?![\w.])"
)
_SCALE_HEADING = re.compile(
    r"(?:scoring|rating|score)[ \t]+(?:scale|rubric)[ \t*_]*:?[ \t*_]*\n"
    r"(?:[^\n]*\n){0,3}[ \t*_>-]*(?:score[ \t]+)?[2-9][ \t]*[:=)]"
)
# Prometheus' "[RESULT] 4": a point of its 1-5 scale.
_PROMETHEUS_RESULT = re.compile(r"\[result\][ \t]*\d")


# A point of a scale being defined: "2 = mostly not supported", "5 means fully supported".
_SCALE_POINT = re.compile(r"(?<![\w.,§#])(?P<n>\d{1,3})[ \t]*(?:=|means(?!\w))[ \t]*[a-z]")
_KEYED = ("statement", "claim", "no.", "item")  # "statement 2 = yes" gives, it does not define


def _keyed(lowered: str, at: int) -> bool:
    """Whether a key (``statement``) stands just before ``at``; looked for within a short reach."""
    return lowered[max(0, at - 64) : at].rstrip(" \t").endswith(_KEYED)


def numbers_rate(lowered: str) -> str | None:
    """Where the grader gives its statements numbers beyond 1 and 0 (``Statement 4: 4``) or
    defines a scale (``2 = mostly not supported``), the first such: then its 1s and 0s are
    points of a scale too, not verdicts. ``lowered``: the text as ``prepare.fold`` gives it."""
    for given in _GIVEN_NUMBER.finditer(lowered):
        if int(given.group("n")) >= 2:
            return given.group().strip()
    if "[result]" in lowered and (result := _PROMETHEUS_RESULT.search(lowered)) is not None:
        return result.group()  # Prometheus' "[RESULT] 1": a point of its 1-5 scale, whatever the scale says
    if "score " in lowered and (point := _SCORE_POINT.search(lowered)) is not None:
        return point.group().strip()  # "Score 2: The claim is supported by the context."
    for start, end in windows_around(lowered, _SCALE_NAMES, 0, 48):
        if (stated := _SCALE_RANGE.search(lowered, start, end)) is not None:
            return stated.group().strip()  # "ratings are 1-10", "score (1–5)"
    for start, end in windows_around(lowered, ("scale", "rubric"), 16, 320):
        if (stated := _SCALE_HEADING.search(lowered, start, end)) is not None:
            return stated.group().split("\n")[0].strip()  # "Scoring scale:⏎0: ...⏎1: ...⏎2: ..."
    for point in _SCALE_POINT.finditer(lowered):
        if int(point.group("n")) >= 2 and not _keyed(lowered, point.start()):
            line = lowered[line_start(lowered, point.start()) : line_end(lowered, point.start())].strip()
            return line if len(line) <= 80 else line[:77] + "..."
    return None


def numbers_inverted(lowered: str) -> str | None:
    """Where the grader defines its 1 as a failing verdict or its 0 as a passing one ("1.0 =
    hallucination detected, 0.0 = no hallucination"), or names its numbers by what fails
    ("P(hallucination)"), the definition: then its 1s and 0s say the other way round from a
    verdict's, and are not read as one. ``lowered``: as ``prepare.fold``
    gives it."""
    if any(name in lowered for name in _FAILING_NAMES) and (named := _FAILING_QUANTITY.search(lowered)):
        return named.group()  # "P(hallucination) is 1.0 for …", "hallucination_score": its 1 fails
    if "=" not in lowered and "means" not in lowered:
        return None
    for defined in _NUMBER_DEFINED.finditer(lowered):
        if _defined_the_other_way(defined.group("meaning"), passing_word=defined.group("n") == "1"):
            return defined.group().strip()
    return None


def words_inverted(lowered: str) -> str | None:
    """Where the grader defines its yes (true, pass) as a failing verdict or its no (false, fail) as a
    passing one ("Yes = risk detected (the claim is NOT grounded)", as a guardrail model's risk
    question is answered), the definition: its verdict words then say the other way round."""
    if "=" not in lowered and "means" not in lowered and "when " not in lowered and "if " not in lowered:
        return None
    spoken = windows_around(lowered, (" when ", " if "), 40, 120) if "when " in lowered or "if " in lowered else []
    for defined in (
        *_WORD_DEFINED.finditer(lowered),
        *(found for start, end in spoken for found in _WORD_WHEN.finditer(lowered, start, end)),
    ):
        turned = _TURNED_FIELD.search(lowered, line_start(lowered, defined.start()), defined.start()) is not None
        passing_word = defined.group("word") in _PASSING_WORDS
        if not turned and _defined_the_other_way(defined.group("meaning"), passing_word=passing_word):
            return defined.group().strip()
    return None


def _defined_the_other_way(meaning: str, *, passing_word: bool) -> bool:
    """Whether a verdict's word or number (``passing_word``: its yes, true, pass or 1) is defined by
    ``meaning`` as the other verdict: a failing one for the passing word, a passing one otherwise."""
    denied = _DENIED_FAILING.search(meaning) is not None  # "no hallucination" passes
    failing = not denied and _FAILING.search(meaning) is not None
    passing = denied or (_PASSING.search(meaning) is not None and _FAILING.search(meaning) is None)
    return failing if passing_word else passing


# "Hallucinated: yes means ...": the answers of a field the reader reads turned round (``polarity``).
_TURNED_FIELD = re.compile(r"hallucinat|unsupported|fabricat")
_PASSING_WORDS = ("yes", "true", "pass")
# "The guardian answers Yes when the claim is not supported (a risk) and No when it is grounded."
_WORD_WHEN = re.compile(
    r"(?<!\w)(?:answers?|says?|returns?|outputs?|replies|responds?|prints?)[ \t]+[\"'“]?"
    r"(?P<word>yes|no|true|false|pass|fail)[\"'”]?[ \t]+(?:when|if)[ \t]+"
    r"(?P<meaning>(?:(?![ \t](?:and|or|but|while|otherwise)[ \t])[^.;,(\n])*)"
)
_WORD_DEFINED = re.compile(
    r"(?<![\w.,§#])(?P<word>yes|no|true|false|pass|fail)[ \t]*(?:=|means(?!\w))[ \t]*(?P<meaning>[a-z][^,;\n]{0,80})"
)
# "1 = hallucinated", "0.0 means no hallucination", "(1: unsupported, 0: supported)" on a legend's line.
_NUMBER_DEFINED = re.compile(
    r"(?<![\w.,§#])(?P<n>[01])(?:\.0+)?[ \t]*(?:=|means(?!\w))[ \t]*(?P<meaning>[a-z][^,;)\n]{0,60})"
)
# A quantity named by what fails, whose 1 is the failing end: "P(hallucination)", "hallucination
# score", "contradiction_prob".
_FAILING_NAMES = ("hallucinat", "contradict", "fabricat", "unsupport")
_FAILING_QUANTITY = re.compile(
    r"p\((?:hallucinat|contradict|fabricat|unsupport)\w*\)"
    r"|(?<![a-z])(?:hallucinat|contradict|fabricat)\w*[ _-](?:score|probability|prob|rate|likelihood)(?![a-z])"
)
# A meaning that names a failing verdict: what a hallucination metric's 1 means.
_FAILING = re.compile(
    r"hallucinat|fabricat|unsupported|not supported|contradict|unfaithful|ungrounded|not grounded|risk detected"
)
_PASSING = re.compile(r"(?<![\w-])(?:supported|faithful|grounded|entailed|consistent)(?!\w)")
_DENIED_FAILING = re.compile(r"(?<!\w)(?:no|not|without|free of)[ \t]+(?:hallucinat|fabricat|contradict)")
