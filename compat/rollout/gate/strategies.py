"""Hypothesis strategies for grader outputs: well-formed, malformed and hostile."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import strategies as st

from compat.rollout.gate.synth import (
    CLEAN_LEGACY_RENDERERS,
    ENUMERATIONS,
    FINAL_HEADERS,
    JSON_RENDERERS,
    MARKER_STYLES,
    READABLE_RENDERERS,
    RENDERERS,
    SEPARATORS,
    VOCABULARIES,
    WRAPPERS,
    Judgement,
    Style,
    styled_final_line,
    styled_list,
    styled_markers,
)
from compat.scoring import MismatchPolicy, normalise_statement, verdict_words

# Words that cannot form a verdict, a marker or the final-verdict header by accident.
_WORDS = [
    "the",
    "capital",
    "city",
    "river",
    "founded",
    "population",
    "treaty",
    "signed",
    "museum",
    "opened",
    "annual",
    "rainfall",
    "company",
    "revenue",
    "grew",
    "percent",
    "patient",
    "dosage",
    "daily",
    "dose",
    "trial",
    "enrolled",
    "adults",
    "study",
    "found",
    "bridge",
    "spans",
    "meters",
    "tower",
    "built",
    "century",
    "library",
    "holds",
    "volumes",
    "engine",
    "produces",
    "horsepower",
    "first",
    "super",
    "bowl",
    "held",
    "january",
    "los",
    "angeles",
    "coliseum",
    "florida",
    "paris",
    "france",
    "western",
    "europe",
    "healthy",
    "diet",
    "includes",
    "fruits",
    "vegetables",
    "water",
    "processed",
    "foods",
    "limited",
    "claim",
    "number",
    "policy",
    "über",
    "café",
    "naïve",
    "東京",
    "größer",
    "año",
]

plain_sentence = st.builds(
    lambda words, end: " ".join(words).capitalize() + end,
    st.lists(st.sampled_from(_WORDS), min_size=2, max_size=12),
    st.sampled_from([".", "", "!", " (approx.)"]),
)
# Statements whose own text holds a verdict: echoed, they must not be read as one.
risky_sentence = st.builds(
    lambda words, template: template.format(" ".join(words)),
    st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4),
    st.sampled_from(
        ["The jury's verdict: no appeal on the {}.", "Voters said yes to the {} plan.", "Verdict: Yes, {}."]
    ),
)
sentence = st.one_of(plain_sentence, plain_sentence, plain_sentence, risky_sentence)
reason = st.builds(
    lambda words: "The context " + " ".join(words) + ".",
    st.lists(st.sampled_from(_WORDS), min_size=0, max_size=15),
)


@st.composite
def judgements(draw: st.DrawFn, min_size: int = 1, max_size: int = 12) -> Judgement:
    """Distinct statements, each with a 0/1 verdict and a reason."""
    statements = draw(st.lists(sentence, min_size=min_size, max_size=max_size, unique_by=normalise_statement))
    verdicts = draw(st.lists(st.integers(0, 1), min_size=len(statements), max_size=len(statements)))
    reasons = draw(st.lists(reason, min_size=len(statements), max_size=len(statements)))
    return Judgement(tuple(statements), tuple(verdicts), tuple(reasons))


renderer_names = st.sampled_from(sorted(RENDERERS))
readable_renderer_names = st.sampled_from(sorted(READABLE_RENDERERS))
styles = st.builds(
    Style,
    vocabulary=st.sampled_from(sorted(VOCABULARIES)),
    header=st.sampled_from(FINAL_HEADERS),
    separator=st.sampled_from(SEPARATORS),
    enumeration=st.sampled_from(sorted(ENUMERATIONS)),
    wrapper=st.sampled_from(sorted(WRAPPERS)),
    marker=st.sampled_from(MARKER_STYLES),
)
STYLED = {"styled_final_line": styled_final_line, "styled_markers": styled_markers, "styled_list": styled_list}


def render(judgement: Judgement, name: str, style: Style | None) -> str:
    """The grader output named ``name``: a renderer, or a styled layout with ``style``."""
    if name in STYLED:
        return STYLED[name](judgement, style or Style())
    return READABLE_RENDERERS[name](judgement)


# (judgement, layout name, style): every realistic output built from known verdicts.
realistic_outputs = st.tuples(
    judgements(),
    st.one_of(readable_renderer_names, st.sampled_from(sorted(STYLED))),
    st.one_of(st.none(), styles),
)
json_renderer_names = st.sampled_from(sorted(JSON_RENDERERS))
clean_legacy_renderer_names = st.sampled_from(sorted(CLEAN_LEGACY_RENDERERS))
policies = st.sampled_from(list(MismatchPolicy))
monotone_policies = st.sampled_from([MismatchPolicy.UNSUPPORTED, MismatchPolicy.UNDETERMINED])
thresholds = st.one_of(st.sampled_from([0.0, 0.5, 0.7, 1.0, 2 / 3]), st.floats(-1, 2, allow_nan=False))

# Every code point, lone surrogates and unassigned ones included.
any_character = st.one_of(st.characters(exclude_categories=()), st.characters(categories=["Cs"]))

_FRAGMENTS = (
    "{",
    "}",
    "[",
    "]",
    '"',
    "'",
    ":",
    ",",
    ".",
    " ",
    "\n",
    "\r\n",
    "\\",
    "\t",
    "\x00",
    "\ufeff",
    "verdict",
    '"verdict"',
    "'verdict'",
    '"statement"',
    '"statements"',
    '"reason"',
    ": 1",
    ": 0",
    '"1"',
    '"yes"',
    '"no"',
    "true",
    "false",
    "null",
    "0.5",
    "-1",
    "2",
    "yes",
    "no",
    "Yes.",
    "No.",
    "Verdict: No",
    "Verdict: Yes",
    "verdict:no",
    "**Verdict:** yes",
    "1.",
    "(2)",
    "Final verdict for each statement in order:",
    "final verdict for each statement in order",
    "```json",
    "```",
    "I apologize, but I cannot",
    "<script>alert(1)</script>",
    "\ud800",
    "\udfff",
)
fragment_soup = st.lists(st.sampled_from(_FRAGMENTS), max_size=60).map("".join)


@st.composite
def hostile_text(draw: st.DrawFn) -> str:
    """Huge, deep or repetitive inputs: what makes parsers quadratic or recursive."""
    unit = draw(st.sampled_from(["[", "{", "[{", '{"a":', "verdict: no ", " ", "yes. ", "\\", '"', "{'"]))
    depth = draw(st.integers(1, 100_000))
    closing = draw(st.booleans())
    closer = "".join({"[": "]", "{": "}"}.get(c, "") for c in reversed(unit)) if closing else ""
    return unit * depth + closer * depth


any_text = st.one_of(
    st.text(any_character, max_size=300),
    fragment_soup,
    st.lists(st.one_of(fragment_soup, st.text(any_character, max_size=20)), max_size=8).map("".join),
    hostile_text(),
)


def as_json_reads_it(text: str) -> str:
    """``text`` as it comes back from a JSON line: a high surrogate then a low one is one character.

    A case holds no other strings (JSON escapes ``\\ud800\\udc00`` as U+10000), so a
    counterexample built from ``case_text`` prints as a case line that reads back the same.
    """
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


case_text = any_text.map(as_json_reads_it)
# Text in which no verdict can be read: no "verdict" anywhere, no escapes that could spell it.
# A line holding only a verdict word ("Yes."), a quoted verdict word in JSON ('["no"]') or a
# whole output that is a JSON list ("[true]") are verdicts a person reads: not verdictless.
# A line that is a verdict word of the built-in vocabulary (any language: "JA", "Sí", "✓"),
# alone or before a note set off by punctuation and a space ("Yes: stated", "No - A").
_VERDICT_WORDS = sorted(verdict_words(None).values, key=len, reverse=True)
_VERDICT_LINE = re.compile(
    r"^[\W\d_]*(?:[^\W\d_][^\W_]{0,40}[\W\d_]+)*(?:" + "|".join(map(re.escape, _VERDICT_WORDS)) + r")"
    r"(?:[\W\d_]*$|[ \t]*[:;,.\-–—]+[ \t]+\S)",
    re.IGNORECASE | re.MULTILINE,
)
_TRUNCATED_LIST = re.compile(r"\[[^\]]*(?:[01]|true|false)", re.IGNORECASE)
_QUOTED_WORD = re.compile(r"[\"'](?:yes|no|true|false|y|n)[\"']", re.IGNORECASE)


def _is_verdictless(text: str) -> bool:
    # As a person reads it: "¹:YES" is "1: YES", a verdict for statement 1 (the reader folds NFKC too).
    text = unicodedata.normalize("NFKC", text)
    stripped = text.strip()
    return (
        "verdict" not in text.lower()
        and "\\" not in text
        and _VERDICT_LINE.search(text) is None
        and _QUOTED_WORD.search(text) is None
        and not (stripped.startswith(("[", "`")) and stripped.endswith(("]", "`")))
        and not _TRUNCATED_LIST.match(stripped)  # "[0": a JSON list cut off after a verdict
    )


verdictless_text = any_text.filter(_is_verdictless)
