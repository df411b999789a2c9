"""Realistic grader outputs, each with the reading a careful person gives it (issue 23, items 5 and 6).

A generator of both grader calls as grader models write them under promptfoo's legacy
prompts and RAGAS's: call 1 (the statements) and call 2 (a verdict per statement). Each
dimension of call 2 is drawn independently: the shape (final line, list, per-statement
markers, echoed statements, table, prose, JSON, refusal), lead-in, reasoning before the
verdicts, header, enumeration, separator, decoration, annotation, vocabulary and casing,
echo, markers, overall verdicts, JSON shapes and wrappers, and the position and kind of
items that hold no verdict. Every output carries its truth; only outputs a careful person
reads without doubt are drawn. The phrases are in ``_grader_phrases``; neither module
looks at how compat/scoring reads them.

One implementation, two drivers: the drawing logic is plain functions over a
``Chooser`` (``pick(name, options)``, ``integer(name, lo, hi)``). ``HypothesisChooser``
drives it from a Hypothesis ``draw`` (the strategies below, which shrink toward the first
option of each dimension: the plainest output); ``RandomChooser`` from a seeded
``random.Random`` (``python -m tests.scoring.reader_fuzz``). ``Recorder`` and ``Replay``
draw the same output again with other truths (unknown items replaced by No), ``Forced``
pins dimensions for the generator's own tests.

Expected reading: supported / n, an unknown item counting as not supported (the default
mismatch policy ``unsupported``); a refusal in either call is undetermined, cause ``refusal``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from hypothesis import strategies as st

from compat import Case, Cause, Score, Status
from tests.scoring import _grader_phrases as P

T = TypeVar("T")
Truth = bool | None
Unknowns = Literal["any", "none", "some"]
MAX_STATEMENTS = 8

# ----------------------------------------------------------------- drivers


class Chooser:
    """What the drawing logic asks: an integer in a range, or one of some options (both named)."""

    def integer(self, name: str, lo: int, hi: int) -> int:
        raise NotImplementedError

    def pick(self, name: str, options: Sequence[T]) -> T:
        return options[self.integer(name, 0, len(options) - 1)]


class RandomChooser(Chooser):
    """Driven by a seeded ``random.Random``: the same seed, the same outputs."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, name: str, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)


class HypothesisChooser(Chooser):
    """Driven by Hypothesis: every choice is an integer draw, shrinking toward option 0."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, name: str, lo: int, hi: int) -> int:
        return lo if lo == hi else self.draw(st.integers(lo, hi), label=name)


class Recorder(Chooser):
    """Another chooser, with a log of its choices that ``Replay`` plays back."""

    def __init__(self, inner: Chooser) -> None:
        self.inner = inner
        self.log: list[tuple[str, int]] = []

    def integer(self, name: str, lo: int, hi: int) -> int:
        value = self.inner.integer(name, lo, hi)
        self.log.append((name, value))
        return value


class ReplayError(AssertionError):
    """A replay asked for other choices than the recording made: a truth leaked into the drawing."""


class Replay(Chooser):
    """The choices of a ``Recorder``, in order; the drawing must ask for the same names."""

    def __init__(self, log: Sequence[tuple[str, int]]) -> None:
        self.log = list(log)
        self.position = 0

    def integer(self, name: str, lo: int, hi: int) -> int:
        if self.position >= len(self.log):
            raise ReplayError(f"replay ran out of choices at {name!r}")
        recorded, value = self.log[self.position]
        self.position += 1
        if recorded != name or not lo <= value <= hi:
            raise ReplayError(f"replay asked for {name!r} in [{lo}, {hi}], recorded {recorded!r} = {value}")
        return value


class Forced(Chooser):
    """Another chooser with some named choices pinned (for tests that render one dimension)."""

    def __init__(self, inner: Chooser, force: Mapping[str, Any]) -> None:
        self.inner = inner
        self.force = dict(force)

    def integer(self, name: str, lo: int, hi: int) -> int:
        if name in self.force:
            value = self.force[name]
            if not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"forced {name}={value!r} is outside [{lo}, {hi}]")
            return value
        return self.inner.integer(name, lo, hi)

    def pick(self, name: str, options: Sequence[T]) -> T:
        if name in self.force:
            value = self.force[name]
            if value not in options:
                raise ValueError(f"forced {name}={value!r} is not among {list(options)!r} here")
            return value  # type: ignore[no-any-return]
        return super().pick(name, options)


# ----------------------------------------------------------------- what is drawn


@dataclass(frozen=True)
class GraderOutput:
    """Both grader calls, and how a careful person reads them.

    ``truth`` holds one entry per statement (True supported, False not supported, None an
    item without a verdict: "N/A", "Not sure"...), or is None for a refusal (either call).
    ``dimensions`` names the value drawn for each dimension that shaped this output.
    """

    statements: tuple[str, ...]
    statements_output: str
    grader_output: str
    truth: tuple[Truth, ...] | None
    refusal: bool
    dimensions: dict[str, str] = field(hash=False)

    @property
    def expected_score(self) -> float | None:
        """supported / n (unknown items count as not supported); None for a refusal."""
        if self.truth is None:
            return None
        return sum(1 for verdict in self.truth if verdict is True) / len(self.truth)

    def case(self, case_id: str = "generated") -> Case:
        return Case(id=case_id, statements_output=self.statements_output, grader_output=self.grader_output)


@dataclass(frozen=True)
class StatementsOutput:
    """Call 1 as a grader wrote it: the statements a person reads in it, or a refusal."""

    statements: tuple[str, ...]
    text: str
    refusal: bool
    dimensions: dict[str, str] = field(hash=False)


SHAPES = ("final_line", "list", "markers", "echo", "table", "prose", "json", "refusal")
CALL1_STYLES = (
    "lines", "numbered", "bulleted", "lead_in", "blank_lines", "json", "json_fenced", "json_lead_in", "refusal",
)  # fmt: skip
DECORATIONS = (
    "none", "angle", "bold", "backtick", "italic", "bracket", "quote", "arrow", "emoji_before", "emoji_after",
    "emoji_only",
)  # fmt: skip
ECHO_FORMS = ("dash", "emdash", "colon", "arrow", "quoted", "verdict_first")
ANNOTATION_FORMS = {"none": "", "dash": " - {a}", "paren": " ({a})", "emdash": " — {a}", "colon": ": {a}"}
TABLE_COLUMNS = {
    "num_stmt_verdict": ("#", "Statement", "Verdict"),
    "stmt_verdict": ("Statement", "Verdict"),
    "num_stmt_reason_verdict": ("#", "Statement", "Reasoning", "Verdict"),
    "stmt_verdict_reason": ("Statement", "Verdict", "Reason"),
    "stmt_supported_q": ("Statement", "Supported?"),
}
JSON_SHAPES = ("ragas", "bare_list", "results_overall", "verdicts_list", "keyed", "jsonl")
JSON_KEY_ORDERS = {
    "statement_reason_verdict": ("statement", "reason", "verdict"),
    "statement_verdict_reason": ("statement", "verdict", "reason"),
    "reason_verdict_statement": ("reason", "verdict", "statement"),
}

# Every value each dimension can take (the generator's own tests check each is drawn).
DIMENSIONS: dict[str, tuple[str, ...]] = {
    "call1": CALL1_STYLES,
    "call1_lead_in": P.CALL1_LEAD_INS,
    "call1_list": ("lines", "numbered", "bulleted"),
    "call1_bullet": ("-", "*", "•"),
    "call1_json_indent": ("none", "2"),
    "shape": SHAPES,
    "vocabulary": tuple(P.VOCABULARIES),
    "casing": ("sentence", "lower", "upper", "title"),
    "reasoning": ("none", "markers", "explanations"),
    "reasoning_label": ("dot", "statement"),
    "marker": tuple(P.MARKERS),
    "marker_layout": ("multi_line", "one_line"),
    "marker_order": ("explanation_first", "verdict_first"),
    "header": ("none", *P.HEADERS),
    "layout": ("inline", "inline_next_line", "lines"),
    "enumeration": ("none", *P.ENUMERATIONS),
    "separator": tuple(P.SEPARATORS),
    "decoration": DECORATIONS,
    "emoji": tuple(P.EMOJI),
    "annotation": tuple(ANNOTATION_FORMS),
    "lead_in": ("none", *P.LEAD_INS),
    "overall": ("none", "before", "after"),
    "overall_line": P.OVERALL_LINES,
    "terminal": (".", "none"),
    "echo_form": ECHO_FORMS,
    "prose_form": tuple(P.PROSE),
    "prose_join": ("space", "newline"),
    "table_columns": tuple(TABLE_COLUMNS),
    "table_align": ("plain", "colons"),
    "json_shape": JSON_SHAPES,
    "json_value": ("int", "bool", "str_int", "word"),
    "json_wrap": ("bare", "fence_json", "fence", "lead_in", "lead_in_fence_trailer"),
    "json_indent": ("none", "2", "4"),
    "json_key_order": tuple(JSON_KEY_ORDERS),
    "json_overall_position": ("before", "after"),
    "json_keyed": ("statement_k", "k"),
    "refusal_kind": ("apology", "after_header", "non_english"),
    "unknowns": ("none", "first", "middle", "last", "several"),
    "unknown_word": tuple(word.lower() for word in P.UNKNOWN_WORDS),
}


# ----------------------------------------------------------------- call 1


def render_statements_output(ch: Chooser, statements: Sequence[str], *, refusals: bool = True) -> StatementsOutput:
    """Call 1 as graders return it for ``statements`` (or a refusal instead of them)."""
    dims: dict[str, str] = {}

    def dim(name: str, options: Sequence[str]) -> str:
        dims[name] = ch.pick(name, options)
        return dims[name]

    style = dim("call1", CALL1_STYLES if refusals else CALL1_STYLES[:-1])
    if style == "refusal":
        return StatementsOutput((), ch.pick("call1_refusal", P.CALL1_REFUSALS), True, dims)
    if style.startswith("json"):
        indent = dim("call1_json_indent", ("none", "2"))
        body = json.dumps({"statements": list(statements)}, indent=None if indent == "none" else 2, ensure_ascii=False)
        if style == "json_fenced":
            body = f"```json\n{body}\n```"
        elif style == "json_lead_in":
            body = f"{ch.pick('call1_json_lead_in', P.CALL1_JSON_LEAD_INS)}\n{body}"
        return StatementsOutput(tuple(statements), body, False, dims)
    listing = style
    lead_in = ""
    if style == "lead_in":
        lead_in = dim("call1_lead_in", P.CALL1_LEAD_INS) + ch.pick("call1_lead_in_gap", ("\n", "\n\n"))
        listing = dim("call1_list", ("lines", "numbered", "bulleted"))
    bullet = dim("call1_bullet", ("-", "*", "•")) if listing == "bulleted" else ""
    lines = [
        f"{k}. {s}" if listing == "numbered" else f"{bullet} {s}" if listing == "bulleted" else s
        for k, s in enumerate(statements, 1)
    ]
    return StatementsOutput(
        tuple(statements), lead_in + ("\n\n" if style == "blank_lines" else "\n").join(lines), False, dims
    )


# ----------------------------------------------------------------- call 2


def _cased(word: str, casing: str) -> str:
    if casing == "lower":
        return word.lower()
    if casing == "upper":
        return word.upper()
    if casing == "title":
        return " ".join(part[:1].upper() + part[1:] for part in word.split(" "))
    return word


def _first(options: Sequence[str], plainest: str) -> list[str]:
    """``options`` with ``plainest`` first (where a shape's plainest form differs): Hypothesis shrinks to it."""
    return sorted(options, key=lambda option: option != plainest)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class _Item:
    """Everything one item may say, drawn for every polarity so that truths never steer the drawing."""

    no: str
    unknown: str
    annotation: tuple[str, str, str]
    explanation: tuple[str, str, str]

    def of(self, texts: tuple[str, str, str], truth: Truth) -> str:
        return texts[0] if truth is True else texts[1] if truth is False else texts[2]


class _Call2:
    """Renders call 2 for given statements and truths; ``dims`` collects what was drawn."""

    def __init__(self, ch: Chooser, statements: Sequence[str], truth: Sequence[Truth], shapes: Sequence[str]) -> None:
        self.ch, self.statements, self.truth = ch, tuple(statements), tuple(truth)
        self.dims: dict[str, str] = {}
        self.shape = self.dim("shape", shapes)
        self.vocabulary = self.dim("vocabulary", tuple(P.VOCABULARIES))
        self.numeric = self.vocabulary == "numeric"
        self.casing = self.dim("casing", DIMENSIONS["casing"])
        yes, noes = P.VOCABULARIES[self.vocabulary]
        self.yes = yes
        self.items = [
            _Item(
                no=ch.pick("no_word", noes),
                unknown=ch.pick("unknown_word", P.UNKNOWN_WORDS),
                annotation=(
                    ch.pick("annotation_yes", P.ANNOTATIONS_YES),
                    ch.pick("annotation_no", P.ANNOTATIONS_NO),
                    ch.pick("annotation_unknown", P.ANNOTATIONS_UNKNOWN),
                ),
                explanation=(
                    ch.pick("explanation_yes", P.EXPLANATIONS_YES),
                    ch.pick("explanation_no", P.EXPLANATIONS_NO),
                    ch.pick("explanation_unknown", P.EXPLANATIONS_UNKNOWN),
                ),
            )
            for _ in self.statements
        ]
        self.decoration = "none"
        self.annotation = "none"
        self.emoji = ("", "", "")

    def dim(self, name: str, options: Sequence[str]) -> str:
        if not set(options) <= set(DIMENSIONS[name]):
            raise AssertionError(f"dimension {name} offers undeclared values {set(options) - set(DIMENSIONS[name])}")
        self.dims[name] = self.ch.pick(name, options)
        return self.dims[name]

    # ---- verdict words

    def word(self, i: int, truth: Truth) -> str:
        item = self.items[i]
        return _cased(self.yes if truth is True else item.no if truth is False else item.unknown, self.casing)

    def draw_decoration(self, exclude: Sequence[str] = ()) -> None:
        banned = set(exclude) | ({"bracket", "emoji_before", "emoji_after", "emoji_only"} if self.numeric else set())
        self.decoration = self.dim("decoration", [d for d in DECORATIONS if d not in banned])
        if self.decoration.startswith("emoji"):
            self.emoji = P.EMOJI[self.dim("emoji", tuple(P.EMOJI))]

    def draw_annotation(self, allowed: bool = True) -> None:
        self.annotation = self.dim("annotation", tuple(ANNOTATION_FORMS) if allowed else ("none",))

    def token(self, i: int, truth: Truth, *, arrow_outside: bool = False, annotate: bool = True) -> str:
        """The verdict of item ``i``, decorated and annotated (``arrow_outside``: the caller draws the arrow)."""
        word = self.word(i, truth)
        mark = self.emoji[0 if truth is True else 1 if truth is False else 2]
        decoration = self.decoration
        text = {
            "none": word,
            "angle": f"<{word}>",
            "bold": f"**{word}**",
            "backtick": f"`{word}`",
            "italic": f"*{word}*",
            "bracket": f"[{word}]",
            "quote": f'"{word}"',
            "arrow": word if arrow_outside else f"→ {word}",
            "emoji_before": f"{mark} {word}",
            "emoji_after": f"{word} {mark}",
            "emoji_only": mark if truth is not None else f"{mark} {word}",
        }[decoration]
        if annotate and self.annotation != "none":
            text += ANNOTATION_FORMS[self.annotation].format(a=self.items[i].of(self.items[i].annotation, truth))
        return text

    def plain_word(self, truth: Truth) -> str:
        """A verdict word outside an item (the overall line): first item's words."""
        return self.word(0, truth)

    # ---- framing

    def lead_in(self, text: str, *, inline: bool, after_header: bool) -> str:
        """``text`` after the drawn lead-in (if any)."""
        lead = self.dim("lead_in", DIMENSIONS["lead_in"])
        if lead == "none":
            return text
        if after_header and inline:
            return f"{lead} {text}"
        return f"{_capitalised(lead)}{' ' if inline else chr(10)}{text}"

    def reasoning(self) -> str:
        """Explanations before the verdicts, as promptfoo's legacy prompt asks for them."""
        kind = self.dim("reasoning", DIMENSIONS["reasoning"])
        if kind == "none":
            return ""
        return self.statement_blocks(with_markers=kind == "markers", decorated=False)

    def statement_blocks(self, *, with_markers: bool, decorated: bool) -> str:
        label = self.dim("reasoning_label", DIMENSIONS["reasoning_label"])
        marker = ""
        if with_markers:
            markers = [
                m
                for m in P.MARKERS
                if (m != "supported_q" or self.vocabulary == "yes_no")
                and (m != "the_verdict_is" or self.vocabulary in ("yes_no", "pass_fail"))
            ]
            marker = P.MARKERS[self.dim("marker", markers)]
        layout = self.dim("marker_layout", DIMENSIONS["marker_layout"])
        order = self.dim("marker_order", DIMENSIONS["marker_order"]) if with_markers else "explanation_first"
        blocks = []
        for i, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True)):
            head = f"{i + 1}. {statement}" if label == "dot" else f"Statement {i + 1}: {statement}"
            explanation = f"Explanation: {self.items[i].of(self.items[i].explanation, truth)}"
            parts = [head, explanation]
            if with_markers:
                verdict = self.token(i, truth) if decorated else self.word(i, truth)
                parts.insert(1 if order == "verdict_first" else 2, marker.format(v=verdict) + ".")
            blocks.append((" " if layout == "one_line" else "\n").join(parts))
        return ("\n" if layout == "one_line" else "\n\n").join(blocks)

    def overall(self, block: str) -> str:
        where = self.dim("overall", DIMENSIONS["overall"])
        if where == "none":
            return block
        line = self.dim("overall_line", P.OVERALL_LINES).format(v=self.plain_word(all(t is True for t in self.truth)))
        return f"{line}\n\n{block}" if where == "before" else f"{block}\n\n{line}"

    def enumerated_block(self, layout: str, plainest: str = "none", headed: bool = True) -> str:
        """The verdicts, one item each: enumeration, separator, decoration and annotation drawn.

        Without a header, 1s and 0s that nothing names (``1.\\n0.\\n1.``, ``- 1.``) read as
        an enumeration as much as verdicts: no careful person reads them without doubt.
        """
        banned = P.NUMERIC_ENUMERATIONS if self.numeric else frozenset()
        if self.numeric and not headed:
            banned = banned | {"none", "bullet"}
        enumerations = [
            e for e in DIMENSIONS["enumeration"] if e not in banned and (e != "bullet" or layout == "lines")
        ]
        enumeration = self.dim("enumeration", _first(enumerations, plainest))
        separator = ""
        if layout != "lines":
            banned_separators = set()
            if enumeration == "none":
                banned_separators |= {"space"} | ({"dot"} if self.numeric else set())
            separator = self.dim("separator", [s for s in P.SEPARATORS if s not in banned_separators])
        self.draw_decoration(exclude=("arrow",) if enumeration == "bullet" else ())
        self.draw_annotation(allowed=separator != "space")
        terminal = self.dim("terminal", DIMENSIONS["terminal"])
        terminal = "" if terminal == "none" else terminal
        items = []
        for i, truth in enumerate(self.truth):
            arrow = self.decoration == "arrow" and enumeration != "none"
            token = self.token(i, truth, arrow_outside=arrow)
            if enumeration != "none":
                label, core = P.ENUMERATIONS[enumeration]
                token = f"{core.format(k=i + 1)} → {token}" if arrow else f"{label.format(k=i + 1)} {token}"
            items.append(token)
        if layout == "lines":
            return "\n".join(item + terminal for item in items)
        return P.SEPARATORS[separator].join(items) + terminal

    # ---- shapes

    def render(self) -> str:
        return getattr(self, f"_{self.shape}")()  # type: ignore[no-any-return]

    def _final_line(self) -> str:
        reasoning = self.reasoning()
        header = self.dim("header", P.HEADERS)
        layouts = DIMENSIONS["layout"][1:] if header in P.MARKDOWN_HEADERS else DIMENSIONS["layout"]
        layout = self.dim("layout", layouts)
        block = self.enumerated_block(layout)
        inline = layout == "inline"
        final = header + (" " if inline else "\n") + self.lead_in(block, inline=layout != "lines", after_header=inline)
        return "\n\n".join(part for part in (reasoning, self.overall(final)) if part)

    def _list(self) -> str:
        reasoning = self.reasoning()
        layout = self.dim("layout", ("lines", "inline"))
        block = self.lead_in(
            self.enumerated_block(layout, "dot", headed=False), inline=layout == "inline", after_header=False
        )
        return "\n\n".join(part for part in (reasoning, self.overall(block)) if part)

    def _echo(self) -> str:
        reasoning = self.reasoning()
        header = self.dim("header", _first(DIMENSIONS["header"], P.HEADERS[0]))
        starts_with_verdict = any(s.split(maxsplit=1)[0].strip(",.").lower() in ("yes", "no") for s in self.statements)
        form = self.dim("echo_form", [f for f in ECHO_FORMS if f != "verdict_first" or not starts_with_verdict])
        enumerations = [e for e in DIMENSIONS["enumeration"] if e not in ("s_dash", "s_colon")]
        enumeration = self.dim("enumeration", _first(enumerations, "dot"))
        self.draw_decoration(exclude=("arrow",))
        self.draw_annotation(allowed=form != "verdict_first")
        lines = []
        for i, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True)):
            token = self.token(i, truth)
            line = {
                "dash": f"{statement} - {token}",
                "emdash": f"{statement} — {token}",
                "colon": f"{statement.rstrip('.')}: {token}",
                "arrow": f"{statement} → {token}",
                "quoted": f'"{statement}" - {token}',
                "verdict_first": f"{token}: {statement}",
            }[form]
            if enumeration != "none":
                line = f"{P.ENUMERATIONS[enumeration][0].format(k=i + 1)} {line}"
            lines.append(line)
        block = self.lead_in("\n".join(lines), inline=False, after_header=False)
        if header != "none":
            block = f"{header}\n{block}"
        return "\n\n".join(part for part in (reasoning, self.overall(block)) if part)

    def _markers(self) -> str:
        self.draw_decoration(exclude=("arrow",))
        self.draw_annotation()
        return self.lead_in(self.statement_blocks(with_markers=True, decorated=True), inline=False, after_header=False)

    def _table(self) -> str:
        header = self.dim("header", DIMENSIONS["header"])
        columns = [c for c in TABLE_COLUMNS if c != "stmt_supported_q" or self.vocabulary == "yes_no"]
        names = TABLE_COLUMNS[self.dim("table_columns", columns)]
        align = self.dim("table_align", DIMENSIONS["table_align"])
        self.draw_decoration()
        rows = [
            "| " + " | ".join(names) + " |",
            "|" + "|".join("---" if align == "plain" else ":-:" for _ in names) + "|",
        ]
        for i, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True)):
            cells = {
                "#": str(i + 1),
                "Statement": statement,
                "Reasoning": self.items[i].of(self.items[i].explanation, truth),
                "Reason": self.items[i].of(self.items[i].explanation, truth),
                "Verdict": self.token(i, truth, annotate=False),
                "Supported?": self.token(i, truth, annotate=False),
            }
            rows.append("| " + " | ".join(cells[name] for name in names) + " |")
        table = self.lead_in("\n".join(rows), inline=False, after_header=False)
        return table if header == "none" else f"{header}\n\n{table}"

    def _prose(self) -> str:
        sentences = P.PROSE[self.dim("prose_form", tuple(P.PROSE))]
        joiner = " " if self.dim("prose_join", DIMENSIONS["prose_join"]) == "space" else "\n"
        text = joiner.join(
            sentences[0 if truth is True else 1 if truth is False else 2].format(k=i + 1, o=P.ORDINALS[i], s=statement)
            for i, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True))
        )
        lead = self.dim("lead_in", DIMENSIONS["lead_in"])
        if lead == "none":
            return text
        if lead.endswith(","):
            return f"{_capitalised(lead)} {text[:1].lower()}{text[1:]}"
        return f"{_capitalised(lead)}{joiner}{text}"

    def _json(self) -> str:
        shape = self.dim("json_shape", JSON_SHAPES)
        kind = self.dim("json_value", DIMENSIONS["json_value"])
        indent_name = self.dim("json_indent", DIMENSIONS["json_indent"]) if shape != "jsonl" else "none"
        indent = None if indent_name == "none" else int(indent_name)

        def value(i: int, truth: Truth) -> Any:
            if truth is None:
                return self.word(i, None) if kind == "word" else None
            return {"int": int(truth), "bool": truth, "str_int": str(int(truth)), "word": self.word(i, truth)}[kind]

        with_items = shape in ("ragas", "bare_list", "results_overall", "jsonl")
        keys = JSON_KEY_ORDERS[self.dim("json_key_order", tuple(JSON_KEY_ORDERS))] if with_items else ()
        items = []
        for i, (statement, truth) in enumerate(zip(self.statements, self.truth, strict=True)):
            fields = {"statement": statement, "reason": self.items[i].of(self.items[i].explanation, truth)}
            items.append({key: value(i, truth) if key == "verdict" else fields[key] for key in keys})
        body: Any
        if shape == "ragas":
            body = {"statements": items}
        elif shape == "bare_list":
            body = items
        elif shape == "results_overall":
            good = all(t is True for t in self.truth)
            overall = {"verdict": value(0, good), "reason": P.OVERALL_REASONS[0 if good else 1]}
            before = self.dim("json_overall_position", DIMENSIONS["json_overall_position"]) == "before"
            body = {"overall": overall, "results": items} if before else {"results": items, "overall": overall}
        elif shape == "verdicts_list":
            body = {"verdicts": [value(i, t) for i, t in enumerate(self.truth)]}
        elif shape == "keyed":
            keyed = self.dim("json_keyed", DIMENSIONS["json_keyed"])
            body = {
                (f"statement_{i + 1}" if keyed == "statement_k" else str(i + 1)): value(i, t)
                for i, t in enumerate(self.truth)
            }
        text = (
            "\n".join(json.dumps(item, ensure_ascii=False) for item in items)
            if shape == "jsonl"
            else json.dumps(body, indent=indent, ensure_ascii=False)
        )
        wrap = self.dim("json_wrap", DIMENSIONS["json_wrap"])
        if wrap == "fence_json":
            return f"```json\n{text}\n```"
        if wrap == "fence":
            return f"```\n{text}\n```"
        if wrap == "lead_in":
            return f"{self.ch.pick('json_lead_in', P.JSON_LEAD_INS)}\n{text}"
        if wrap == "lead_in_fence_trailer":
            lead, trailer = self.ch.pick("json_lead_in", P.JSON_LEAD_INS), self.ch.pick("json_trailer", P.JSON_TRAILERS)
            return f"{lead}\n\n```json\n{text}\n```\n\n{trailer}"
        return text

    def _refusal(self) -> str:
        kind = self.dim("refusal_kind", DIMENSIONS["refusal_kind"])
        if kind == "apology":
            return self.ch.pick("refusal", P.REFUSALS)
        if kind == "non_english":
            return self.ch.pick("refusal", P.REFUSALS_NON_ENGLISH)
        header = self.dim("header", P.HEADERS)
        gap = "\n" if header in P.MARKDOWN_HEADERS else self.ch.pick("refusal_gap", (" ", "\n"))
        return header + gap + self.ch.pick("refusal", P.REFUSALS_AFTER_HEADER)


def _unknowns(truth: Sequence[Truth]) -> str:
    places = [i for i, t in enumerate(truth) if t is None]
    if not places:
        return "none"
    if len(places) > 1:
        return "several"
    return "first" if places[0] == 0 else "last" if places[0] == len(truth) - 1 else "middle"


def build_grader_output(
    ch: Chooser,
    n: int | None = None,
    *,
    call1: bool = True,
    unknowns: Unknowns = "any",
    refusals: bool = True,
    truth: Sequence[Truth] | None = None,
) -> GraderOutput:
    """Draw one output: ``n`` statements (1..8 when None), their truths, call 1 and call 2.

    ``unknowns``: "any" (each item supported / not supported / unknown), "none" (no unknown
    item), "some" (at least one; n >= 2). At least one item always holds a verdict.
    ``truth`` replaces the drawn truths (the choices are still made, so a ``Replay``
    renders the same output with other verdicts). ``call1=False``: call 1 is plain lines.
    ``refusals=False``: neither call refuses.
    """
    count = n if n is not None else ch.integer("n", 2 if unknowns == "some" else 1, MAX_STATEMENTS)
    if unknowns == "some" and count < 2:
        raise ValueError("an output with an unknown item and a known one needs n >= 2")
    pool = list(P.STATEMENTS)
    statements = tuple(pool.pop(ch.integer("statement", 0, len(pool) - 1)) for _ in range(count))
    mode: str = unknowns
    if mode == "any":
        # Half the outputs hold no unknown item: the breakdown then tells the two apart.
        mode = ch.pick("unknown_mode", ("none", "some")) if count > 1 else "none"
    options: tuple[Truth, ...] = (True, False) if mode == "none" else (True, False, None)
    drawn = [ch.pick("truth", options) for _ in range(count)]
    slot = ch.integer("slot", 0, count - 1)
    if all(t is None for t in drawn):
        drawn[slot] = False  # a person reads a score only where the grader judged something
    elif mode == "some" and None not in drawn:
        drawn[slot] = None
    if truth is not None:
        if len(truth) != count:
            raise ValueError(f"{len(truth)} truths for {count} statements")
        drawn = list(truth)
    dims: dict[str, str] = {"n": str(count)}
    if call1:
        first = render_statements_output(ch, statements, refusals=refusals)
    else:
        first = StatementsOutput(statements, "\n".join(statements), False, {"call1": "lines"})
    dims.update(first.dimensions)
    shapes = SHAPES if refusals else SHAPES[:-1]
    if first.refusal:
        # The grader then judged the refusal sentence as the one statement.
        second = _Call2(ch, (first.text,), (False,), shapes)
        text = second.render()
        dims["n"] = "call1_refused"
        dims.update({f"call2_{k}": v for k, v in second.dims.items()})
        return GraderOutput((), first.text, text, None, True, dims)
    second = _Call2(ch, statements, drawn, shapes)
    text = second.render()
    dims.update(second.dims)
    if second.shape == "refusal":
        return GraderOutput(statements, first.text, text, None, True, dims)
    dims["unknowns"] = _unknowns(drawn)
    first_unknown = next((i for i, t in enumerate(drawn) if t is None), None)
    if first_unknown is not None:
        dims["unknown_word"] = second.items[first_unknown].unknown.lower()
    return GraderOutput(statements, first.text, text, tuple(drawn), False, dims)


def with_unknowns_as_no(log: Sequence[tuple[str, int]], original: GraderOutput, **options: Any) -> GraderOutput:
    """``original`` drawn again from its recorded choices, each unknown item replaced by No."""
    if original.truth is None:
        raise ValueError("a refusal has no items to replace")
    replaced = tuple(False if t is None else t for t in original.truth)
    return build_grader_output(Replay(log), truth=replaced, **options)


# ----------------------------------------------------------------- strategies


@st.composite
def grader_outputs(
    draw: st.DrawFn,
    n: int | None = None,
    *,
    call1: bool = True,
    unknowns: Unknowns = "any",
    refusals: bool = True,
    force: Mapping[str, Any] | None = None,
) -> GraderOutput:
    """Realistic grader outputs (both calls) with their truth; see ``build_grader_output``.

    ``force`` pins named choices (``{"shape": "json"}``): the other dimensions still vary.
    """
    chooser: Chooser = HypothesisChooser(draw)
    if force:
        chooser = Forced(chooser, force)
    return build_grader_output(chooser, n, call1=call1, unknowns=unknowns, refusals=refusals)


@st.composite
def unknown_pairs(draw: st.DrawFn, n: int | None = None, *, call1: bool = True) -> tuple[GraderOutput, GraderOutput]:
    """An output with at least one unknown item, and the same output with each unknown item a No."""
    recorder = Recorder(HypothesisChooser(draw))
    options: dict[str, Any] = {"n": n, "call1": call1, "unknowns": "some", "refusals": False}
    original = build_grader_output(recorder, **options)
    return original, with_unknowns_as_no(recorder.log, original, **options)


@st.composite
def statements_outputs(draw: st.DrawFn, *, refusals: bool = True) -> StatementsOutput:
    """Call 1 as graders write it: one statement a line (lead-in, numbers, bullets), RAGAS JSON, refusals."""
    ch = HypothesisChooser(draw)
    pool = list(P.STATEMENTS)
    statements = [
        pool.pop(ch.integer("statement", 0, len(pool) - 1)) for _ in range(ch.integer("n", 1, MAX_STATEMENTS))
    ]
    return render_statements_output(ch, statements, refusals=refusals)


# ----------------------------------------------------------------- the reading a person gives


def misread(output: GraderOutput, score: Score, tolerance: float = 1e-9) -> str | None:
    """How ``score`` differs from a careful person's reading of ``output`` (None: it does not)."""
    if output.refusal:
        if score.status is Status.SCORED or score.value is not None:
            return "refusal_scored"
        return None if score.cause is Cause.REFUSAL else "refusal_wrong_cause"
    expected = output.expected_score
    assert expected is not None
    if score.value is None:
        return "undetermined"
    if score.value < expected - tolerance:
        return "scored_too_low"
    if score.value > expected + tolerance:
        return "scored_too_high"
    return None
