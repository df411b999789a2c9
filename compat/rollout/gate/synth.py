"""Rendering one set of verdicts in every format graders use.

The same judgement (statements, 0/1 verdicts, reasons) written as RAGAS JSON, as
fenced or prose-wrapped JSON, as a bare list, as the legacy final-verdict line and
as per-statement ``Verdict:`` markers. Properties use these to check that the fixed
scorer reads one judgement the same way in every dress.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

FINAL_HEADER = "Final verdict for each statement in order:"


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a grader decided: one verdict (1 supported, 0 not) and reason per statement."""

    statements: tuple[str, ...]
    verdicts: tuple[int, ...]
    reasons: tuple[str, ...]

    def __post_init__(self) -> None:
        if not len(self.statements) == len(self.verdicts) == len(self.reasons):
            raise ValueError("a judgement needs one verdict and one reason per statement")

    @property
    def statements_output(self) -> str:
        return "\n".join(self.statements)

    def items(self) -> list[dict[str, object]]:
        return [
            {"statement": s, "reason": r, "verdict": v}
            for s, v, r in zip(self.statements, self.verdicts, self.reasons, strict=True)
        ]


def _yes_no(verdict: int) -> str:
    return "Yes" if verdict else "No"


def json_plain(j: Judgement) -> str:
    return json.dumps({"statements": j.items()}, ensure_ascii=False)


def json_pretty(j: Judgement) -> str:
    return json.dumps({"statements": j.items()}, ensure_ascii=False, indent=2)


def json_fenced(j: Judgement) -> str:
    return "```json\n" + json_pretty(j) + "\n```"


def json_in_prose(j: Judgement) -> str:
    return "Here is my assessment of each statement:\n\n" + json_plain(j) + "\n\nI hope this helps."


def json_bare_list(j: Judgement) -> str:
    return json.dumps(j.items(), ensure_ascii=False)


def text_final_line(j: Judgement) -> str:
    """Explanations, then only the final line carries verdicts."""
    explanations = "".join(f"Statement {i}: {reason}\n" for i, reason in enumerate(j.reasons, 1))
    return explanations + "\n" + FINAL_HEADER + " " + " ".join(_yes_no(v) + "." for v in j.verdicts)


def text_per_statement(j: Judgement) -> str:
    """One ``Verdict:`` marker per statement, no final line."""
    return "".join(
        f"{i}. {statement}\nExplanation: {reason}\nVerdict: {_yes_no(v)}.\n"
        for i, (statement, v, reason) in enumerate(zip(j.statements, j.verdicts, j.reasons, strict=True), 1)
    )


def text_legacy(j: Judgement) -> str:
    """The clean legacy format: per-statement markers, then the final line, nothing after."""
    return text_per_statement(j) + "\n" + FINAL_HEADER + " " + " ".join(_yes_no(v) + "." for v in j.verdicts)


# ------------------------------------------------------------ what graders really write

# Verdict words people read without hesitation: (yes, no) pairs.
VOCABULARIES: dict[str, tuple[str, str]] = {
    "yes_no": ("Yes", "No"),
    "lower": ("yes", "no"),
    "supported": ("Supported", "Not supported"),
    "supported_yes": ("Supported - yes", "Not supported - no"),
    "exclaim": ("Yes!", "Nope"),
    "true_false": ("True", "False"),
    "y_n": ("Y", "N"),
    "marks": ("✓", "✗"),
    "french": ("Oui", "Non"),
    "spanish": ("Sí", "No"),
    "fullwidth": ("Ｙｅｓ", "Ｎｏ"),
}
FINAL_HEADERS: tuple[str, ...] = (
    FINAL_HEADER,
    "Final verdicts:",
    "Final verdicts for each statement, in order:",
    "Final verdict (Yes/No) for each statement in order:",
    "**Final verdict for each statement in order:**",
    "Verdicts:",
)
SEPARATORS: tuple[str, ...] = (". ", ", ", "; ", ", and ", "。", " · ", "\n", "\n- ")
_ROMAN = "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"
_ORDINALS = (
    "First", "Second", "Third", "Fourth", "Fifth", "Sixth",
    "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh", "Twelfth",
)  # fmt: skip
# Enumerations by statement number (1-based); each supports up to 12 statements.
ENUMERATIONS: dict[str, Callable[[int], str]] = {
    "none": lambda i: "",
    "number": lambda i: f"{i}. ",
    "paren": lambda i: f"({i}) ",
    "s": lambda i: f"S{i}: ",
    "letter": lambda i: f"{'abcdefghijkl'[i - 1]}) ",
    "ordinal": lambda i: f"{_ORDINALS[i - 1]}: ",
    "circled": lambda i: chr(0x2460 + i - 1) + " ",
    "roman": lambda i: _ROMAN[i - 1] + ". ",
    "statement_dash": lambda i: f"Statement {i} — ",
}
WRAPPERS: dict[str, str] = {
    "plain": "{}",
    "backticks": "`{}`",
    "brackets": "[{}]",
    "boxed": "\\boxed{{{}}}",
    "bold": "**{}**",
    "aside": "{} (see the context)",
}
MARKER_STYLES: tuple[str, ...] = (
    "Verdict: {}.",
    "**Verdict:** {}",
    'Verdict: "{}"',
    "Verdict: [{}]",
    "Verdict — {}",
    "Verdict：{}",
    "Verdict (Yes/No): {}",
    "The verdict is {}.",
)


@dataclass(frozen=True, slots=True)
class Style:
    """How one grader writes a text answer: the words, the header, the layout."""

    vocabulary: str = "yes_no"
    header: str = FINAL_HEADER
    separator: str = ". "
    enumeration: str = "none"
    wrapper: str = "plain"
    marker: str = MARKER_STYLES[0]

    def word(self, verdict: int) -> str:
        yes, no = VOCABULARIES[self.vocabulary]
        return WRAPPERS[self.wrapper].format(yes if verdict else no)

    def run(self, verdicts: tuple[int, ...]) -> str:
        """The verdicts as one run: enumerated, wrapped, separated."""
        enumerate_ = ENUMERATIONS[self.enumeration]
        return self.separator.join(enumerate_(i) + self.word(v) for i, v in enumerate(verdicts, 1)) + "."


def styled_final_line(j: Judgement, style: Style) -> str:
    """Explanations, then the header and the run of verdicts in the grader's style."""
    explanations = "".join(f"Statement {i}: {reason}\n" for i, reason in enumerate(j.reasons, 1))
    return explanations + "\n" + style.header + " " + style.run(j.verdicts)


def styled_markers(j: Judgement, style: Style) -> str:
    """Per-statement ``Verdict:`` markers in the grader's style."""
    yes, no = VOCABULARIES[style.vocabulary]
    return "".join(
        f"{i}. {statement}\nExplanation: {reason}\n{style.marker.format(yes if v else no)}\n"
        for i, (statement, v, reason) in enumerate(zip(j.statements, j.verdicts, j.reasons, strict=True), 1)
    )


def styled_list(j: Judgement, style: Style) -> str:
    """No header, no marker: one enumerated verdict per line."""
    enumerate_ = ENUMERATIONS["number" if style.enumeration == "none" else style.enumeration]
    return "\n".join(enumerate_(i) + style.word(v) for i, v in enumerate(j.verdicts, 1))


def text_table(j: Judgement) -> str:
    """A Markdown table with a Verdict column."""
    rows = "".join(
        f"| {i} | {statement} | {_yes_no(v)} |\n"
        for i, (statement, v) in enumerate(zip(j.statements, j.verdicts, strict=True), 1)
    )
    return "| # | Statement | Verdict |\n|---|---|---|\n" + rows


def text_prose(j: Judgement) -> str:
    """Sentences about each statement, no verdict words at all."""
    return " ".join(
        f"Statement {i} is {'supported' if v else 'not supported'} by the context." for i, v in enumerate(j.verdicts, 1)
    )


def json_verdict_words(j: Judgement) -> str:
    return json.dumps({"verdicts": [_yes_no(v) for v in j.verdicts]})


def json_word_list(j: Judgement) -> str:
    return json.dumps([_yes_no(v).lower() for v in j.verdicts])


def json_number_list(j: Judgement) -> str:
    return "```json\n" + json.dumps(list(j.verdicts)) + "\n```"


def json_keyed_by_index(j: Judgement) -> str:
    return json.dumps({f"statement_{i}": _yes_no(v) for i, v in enumerate(j.verdicts, 1)})


def json_capitalised_keys(j: Judgement) -> str:
    items = [
        {"Statement": s, "Reason": r, "Verdict": float(v)}
        for s, v, r in zip(j.statements, j.verdicts, j.reasons, strict=True)
    ]
    return json.dumps(items, ensure_ascii=False)


def json_word_verdicts(j: Judgement) -> str:
    items = [
        {"statement": s, "reason": r, "verdict": "Supported." if v else "Not supported."}
        for s, v, r in zip(j.statements, j.verdicts, j.reasons, strict=True)
    ]
    return json.dumps({"results": items}, ensure_ascii=False)


def json_supported_flag(j: Judgement) -> str:
    items = [{"statement": s, "supported": bool(v)} for s, v in zip(j.statements, j.verdicts, strict=True)]
    return json.dumps(items, ensure_ascii=False)


def json_lines(j: Judgement) -> str:
    return "\n".join(json.dumps(item, ensure_ascii=False) for item in j.items())


def json_with_overall_verdict(j: Judgement) -> str:
    overall = "Yes" if all(j.verdicts) else "No"
    return json.dumps({"verdict": overall, "details": j.items()}, ensure_ascii=False)


def think_then_final_line(j: Judgement) -> str:
    """A reasoning model's draft (every verdict flipped) before its answer."""
    draft = " ".join(_yes_no(1 - v) + "." for v in j.verdicts)
    marker = f"Verdict: {_yes_no(1 - j.verdicts[0])}\n" if j.verdicts else ""
    return f"<think>\nLet me draft. {FINAL_HEADER} {draft}\n{marker}</think>\n" + (
        FINAL_HEADER + " " + " ".join(_yes_no(v) + "." for v in j.verdicts)
    )


def think_then_json(j: Judgement) -> str:
    draft = [dict(item, verdict=1 - int(str(item["verdict"]))) for item in j.items()]
    return "<think>" + json.dumps({"statements": draft}, ensure_ascii=False) + "</think>\n" + json_plain(j)


_EXAMPLE = Judgement(
    (
        "John is majoring in Biology.",
        "John is taking a course on Artificial Intelligence.",
        "John is a dedicated student.",
    ),
    (0, 0, 1),
    ("Not stated.", "Not mentioned.", "He studies late."),
)


def few_shot_then_json(j: Judgement) -> str:
    """The prompt's example echoed first, then the answer."""
    return "Example output:\n" + json_plain(_EXAMPLE) + "\n\nAnswer:\n" + json_plain(j)


def few_shot_then_markers(j: Judgement) -> str:
    example = text_legacy(_EXAMPLE)
    return "Example:\n" + example + "\n\nNow the statements to judge:\n" + text_per_statement(j)


Renderer = Callable[[Judgement], str]

JSON_RENDERERS: dict[str, Renderer] = {
    "json_plain": json_plain,
    "json_pretty": json_pretty,
    "json_fenced": json_fenced,
    "json_in_prose": json_in_prose,
    "json_bare_list": json_bare_list,
}
TEXT_RENDERERS: dict[str, Renderer] = {
    "text_final_line": text_final_line,
    "text_per_statement": text_per_statement,
    "text_legacy": text_legacy,
}
# Other shapes graders emit, each read to the same verdicts (the format of each differs).
VARIANT_RENDERERS: dict[str, Renderer] = {
    "text_table": text_table,
    "text_prose": text_prose,
    "json_verdict_words": json_verdict_words,
    "json_word_list": json_word_list,
    "json_number_list": json_number_list,
    "json_keyed_by_index": json_keyed_by_index,
    "json_capitalised_keys": json_capitalised_keys,
    "json_word_verdicts": json_word_verdicts,
    "json_supported_flag": json_supported_flag,
    "json_lines": json_lines,
    "json_with_overall_verdict": json_with_overall_verdict,
    "think_then_final_line": think_then_final_line,
    "think_then_json": think_then_json,
}
# Read right whole, but damage can expose the earlier answer: not for the damage properties.
SUPERSEDING_RENDERERS: dict[str, Renderer] = {
    "few_shot_then_json": few_shot_then_json,
    "few_shot_then_markers": few_shot_then_markers,
}
RENDERERS: dict[str, Renderer] = {**JSON_RENDERERS, **TEXT_RENDERERS, **VARIANT_RENDERERS}
READABLE_RENDERERS: dict[str, Renderer] = {**RENDERERS, **SUPERSEDING_RENDERERS}
# Formats the legacy parser reads as its authors intended (spec rule 9).
CLEAN_LEGACY_RENDERERS: dict[str, Renderer] = {"text_legacy": text_legacy, "text_final_line": text_final_line}
