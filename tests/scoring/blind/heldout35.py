"""A THIRTY-FIFTH HELD-OUT set of blind layouts: structured outputs as SDKs hand them back, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout35``); do not read it while
developing the reader. Written from how teams call the judge in function-calling, tool-use and
structured-output modes and store what their client library returned, as its Python repr, its
``str()``, a pretty print or a JSON dump: OpenAI's ``ChatCompletion(...)`` with
``ChatCompletionMessageToolCall(... Function(arguments='{"verdicts": ...}', ...))`` (the arguments
the escaped JSON string the model generated), ``beta.chat.completions.parse``'s
``ParsedChatCompletionMessage[...]`` and ``responses.parse``'s ``ParsedResponse[...]``,
Anthropic's ``Message(content=[ToolUseBlock(..., input={...})])`` and its
``model_dump_json()``, Gemini's protobuf text (``function_call { args { fields { key: ... } } }``),
its ``to_dict()`` and google-genai's ``GenerateContentResponse(...)``, LangChain's ``AIMessage``
with ``tool_calls`` and ``with_structured_output(include_raw=True)``'s dict, Instructor's
Pydantic models (repr, ``str()``, rich's pretty print, ``model_dump()``/``model_dump_json()``),
Bedrock's Converse dict, LiteLLM, Ollama and Mistral client objects, Outlines and Guidance
generations, BAML's log with its parsed response, Marvin's and Mirascope's statement-keyed
results, calls filled with only what the schema asked for (``<Verdict.NOT_SUPPORTED:
'not_supported'>``, ``Verdict.SUPPORTED``, 0/1, true/false), and the SDKs' own refusals
(``refusal="I'm sorry, I can't assist with that request."``, ``stop_reason='refusal'``).

Each output carries what the SDK prints beside the verdicts: ids, ``created`` stamps, usage blocks,
finish and stop reasons, system fingerprints, model versions. Statements and reasons inside the
reprs are escaped as Python and JSON escape them: this set's own statements hold apostrophes,
double quotes, backslashes and non-ASCII letters, its reasons line breaks, and protobuf text
escapes them C-style (``\\'``, ``\\303\\251``).

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call 1's
styles, verdict words and casing for free-text labels, explanations as the reasons, undecided
items) and the team's schema (a boolean ``supported``, a 1/0 ``verdict`` or a label, with or
without an index, the statement and a reason, in either order). Only outputs a careful person
reads without doubt are drawn: every verdict is a field named for what it says (``supported``,
``verdict``, ``label``), every label is a plain word for supported, not supported or undecided,
an undecided item is a ``null``/``None`` or an undecided label (with its reason saying why, where
the schema has one), and everything an output repeats (the arguments string and the parsed
object, the reply and the parsed response, a count field) agrees.

    HELDOUT35.draw(RandomChooser(random.Random(7)))        # one output, layout chosen uniformly
    heldout35_outputs(layout="anthropic_tool_use_message")  # one layout's strategy
"""

from __future__ import annotations

import json
import pprint
import string
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    DRAFTS,
    STATEMENTS,
    THINK_OPENERS,
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
)
from tests.scoring.graders import Chooser, Forced, Truth, render_statements_output

HELDOUT35 = LayoutSet("heldout35")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout35_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-fifth held-out set (one layout when named)."""
    return HELDOUT35.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


# ----------------------------------------------------------------- this set's statements

# Statements that Python's repr, JSON and protobuf text each escape: apostrophes, double
# quotes, backslashes, non-ASCII letters and signs.
ESCAPED_STATEMENTS: tuple[str, ...] = (
    "The company's headquarters moved to Dublin in 2019.",
    "The children's ward is on the second floor.",
    "Customers can't return opened software.",
    "O'Brien's report was filed on 4 May 2021.",
    'The sign at the entrance reads "No dogs allowed".',
    'The contract describes the deposit as "non-refundable".',
    'The manual says "don\'t charge the battery overnight".',
    "The installer writes its log to C:\\ProgramData\\Setup\\install.log.",
    "Windows uses the backslash (\\) as its path separator.",
    "The pattern \\d{4} matches a four-digit year.",
    "The café's kitchen closes at 10 pm.",
    "The résumé must be no longer than two pages.",
    "Temperatures fell to −5 °C overnight in Zürich.",
    "The museum's entry fee is €12 for adults.",
)
# A JSON call 1 escapes these; a person reads them in call 1 only as lines.
_NEEDS_LINES = frozenset(s for s in ESCAPED_STATEMENTS if '"' in s or "\\" in s)
_LINE_STYLES = ("lines", "numbered", "bulleted", "lead_in", "blank_lines")


class SdkDraw(Draw):
    """``Draw`` over ``_draw``'s statements mixed with this set's escaped ones (or only those)."""

    def __init__(self, ch: Chooser, layout: str, *, unknowns: bool = True) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        pool_name = self.dim("statement_pool", ("mixed", "mixed", "mixed", "escaped"))
        pool = list(ESCAPED_STATEMENTS)
        if pool_name == "mixed":
            pool += list(STATEMENTS)
        self.statements = tuple(pool.pop(ch.integer("sdk_statement", 0, len(pool) - 1)) for _ in range(self.n))
        chooser: Chooser = ch
        if any(s in _NEEDS_LINES for s in self.statements):
            chooser = Forced(ch, {"call1": ch.pick("call1_lines_only", _LINE_STYLES)})
        first = render_statements_output(chooser, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)
        self.stamp = ch.integer("created", 1_718_000_000, 1_752_000_000)

    # ---- ids and numbers as the SDKs print them

    def code(self, name: str, alphabet: str, length: int) -> str:
        value = self.ch.integer(name, 0, len(alphabet) ** length - 1)
        chars = []
        for _ in range(length):
            value, rest = divmod(value, len(alphabet))
            chars.append(alphabet[rest])
        return "".join(chars)

    def hex(self, length: int) -> str:
        return self.code("hex_id", _HEX, length)

    def alnum(self, length: int) -> str:
        return self.code("alnum_id", _ALNUM, length)

    def uuid(self) -> str:
        h = self.hex(32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"

    def tokens(self) -> tuple[int, int]:
        """(prompt tokens, completion tokens)."""
        return self.ch.integer("prompt_tokens", 320, 3400), self.ch.integer("completion_tokens", 18 + 9 * self.n, 900)

    def when(self, fmt: str) -> str:
        return datetime.fromtimestamp(self.stamp, tz=timezone.utc).strftime(fmt)


_HEX = "0123456789abcdef"
_ALNUM = string.digits + string.ascii_uppercase + string.ascii_lowercase


# ----------------------------------------------------------------- printed objects


@dataclass(frozen=True)
class Model:
    """A pydantic model (or dataclass) as its repr prints it: ``Cls(a=1, b='x')``."""

    cls: str
    fields: tuple[tuple[str, Any], ...]

    def __repr__(self) -> str:
        return f"{self.cls}(" + ", ".join(f"{key}={value!r}" for key, value in self.fields) + ")"

    def __str__(self) -> str:
        """pydantic's ``str()``: the fields without the class name."""
        return " ".join(f"{key}={value!r}" for key, value in self.fields)

    def get(self, key: str) -> Any:
        return dict(self.fields)[key]


@dataclass(frozen=True)
class Member:
    """An Enum member: ``<Verdict.SUPPORTED: 'supported'>`` in a repr, ``value`` in JSON."""

    cls: str
    name: str
    value: Any

    def __repr__(self) -> str:
        return f"<{self.cls}.{self.name}: {self.value!r}>"

    def __str__(self) -> str:
        return f"{self.cls}.{self.name}"


def _plain(obj: Any) -> Any:
    """What JSON (``model_dump(mode='json')``, ``to_dict()``) makes of a printed object."""
    if isinstance(obj, Model):
        return {key: _plain(value) for key, value in obj.fields}
    if isinstance(obj, Member):
        return obj.value
    if isinstance(obj, dict):
        return {key: _plain(value) for key, value in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(value) for value in obj]
    return obj


def _python(obj: Any) -> Any:
    """``model_dump()`` in python mode: models become dicts, Enum members stay members."""
    if isinstance(obj, Model):
        return {key: _python(value) for key, value in obj.fields}
    if isinstance(obj, dict):
        return {key: _python(value) for key, value in obj.items()}
    if isinstance(obj, list):
        return [_python(value) for value in obj]
    return obj


def _dumps(obj: Any, style: str = "spaced") -> str:
    """JSON as a pipeline writes it: compact (pydantic's ``model_dump_json()``, most generated tool
    arguments), spaced (``json.dumps``), indented, or ``json.dumps`` with its default ASCII escapes."""
    plain = _plain(obj)
    if style == "compact":
        return json.dumps(plain, ensure_ascii=False, separators=(",", ":"))
    if style == "indented":
        return json.dumps(plain, ensure_ascii=False, indent=2)
    if style == "ascii":
        return json.dumps(plain)
    if style == "ascii_indented":
        return json.dumps(plain, indent=2)
    return json.dumps(plain, ensure_ascii=False)


def _rich(obj: Any, guides: bool, level: int = 0, width: int = 88) -> str:
    """rich's pretty print: one line where it fits, else one child a line (``│`` guides or spaces)."""
    one = repr(obj)
    pad = "│   " if guides else "    "
    if len(pad) * level + len(one) <= width or not isinstance(obj, (Model, list, dict)) or not obj:
        return one
    if isinstance(obj, Model):
        if not obj.fields:
            return one
        children = [f"{key}={_rich(value, guides, level + 1, width)}" for key, value in obj.fields]
        opening, closing = f"{obj.cls}(", ")"
    elif isinstance(obj, list):
        children = [_rich(value, guides, level + 1, width) for value in obj]
        opening, closing = "[", "]"
    else:
        children = [f"{key!r}: {_rich(value, guides, level + 1, width)}" for key, value in obj.items()]
        opening, closing = "{", "}"
    inner = ",\n".join(pad * (level + 1) + child for child in children)
    return f"{opening}\n{inner}\n{pad * level}{closing}"


def _cescape(text: str) -> str:
    """protobuf text format's string escaping (``as_utf8=False``): C escapes, octal bytes beyond ASCII."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\t":
            out.append("\\t")
        elif char in "\"'\\":
            out.append("\\" + char)
        elif byte < 32 or byte >= 127:
            out.append(f"\\{byte:03o}")
        else:
            out.append(char)
    return "".join(out)


def _proto_value(value: Any, level: int, whole_floats: bool) -> list[str]:
    """A ``google.protobuf.Value`` in text format, one line a field, two spaces a level."""
    pad = "  " * level
    if isinstance(value, dict):
        return [f"{pad}struct_value {{", *_proto_struct(value, level + 1, whole_floats), f"{pad}}}"]
    if isinstance(value, list):
        lines = [f"{pad}list_value {{"]
        for element in value:
            lines += [f"{pad}  values {{", *_proto_value(element, level + 2, whole_floats), f"{pad}  }}"]
        return [*lines, f"{pad}}}"]
    if isinstance(value, bool):
        return [f"{pad}bool_value: {'true' if value else 'false'}"]
    if isinstance(value, (int, float)):
        number = f"{float(value)}" if whole_floats else f"{value:g}"
        return [f"{pad}number_value: {number}"]
    if value is None:
        return [f"{pad}null_value: NULL_VALUE"]
    return [f'{pad}string_value: "{_cescape(str(value))}"']


def _proto_struct(struct: dict[str, Any], level: int, whole_floats: bool) -> list[str]:
    """A ``Struct``'s fields (a map: printed sorted by key)."""
    pad = "  " * level
    lines: list[str] = []
    for key in sorted(struct):
        lines += [f"{pad}fields {{", f'{pad}  key: "{_cescape(key)}"', f"{pad}  value {{"]
        lines += _proto_value(struct[key], level + 2, whole_floats)
        lines += [f"{pad}  }}", f"{pad}}}"]
    return lines


def _floats(obj: Any) -> Any:
    """Numbers as a ``Struct`` holds them (doubles): ``1`` becomes ``1.0``."""
    if isinstance(obj, dict):
        return {key: _floats(value) for key, value in obj.items()}
    if isinstance(obj, list):
        return [_floats(value) for value in obj]
    if isinstance(obj, int) and not isinstance(obj, bool):
        return float(obj)
    return obj


# ----------------------------------------------------------------- the team's schema

# (supported, not supported, undecided) as the schema's enum or Literal spells them.
LABEL_SETS: dict[str, tuple[str, str, str]] = {
    "snake": ("supported", "not_supported", "undetermined"),
    "upper": ("SUPPORTED", "NOT_SUPPORTED", "CANNOT_DETERMINE"),
    "unsupported": ("supported", "unsupported", "unclear"),
    "yes_no": ("yes", "no", "unsure"),
    "entailment": ("entailed", "not_entailed", "unknown"),
    "grounded": ("grounded", "ungrounded", "insufficient_information"),
    "faithful": ("faithful", "unfaithful", "cannot_verify"),
    "title": ("Supported", "Not supported", "Cannot determine"),
}
_BOOL_KEYS = ("supported", "is_supported", "supported_by_context", "grounded", "entailed")
_INT_KEYS = ("verdict", "verdict", "supported")
_LABEL_KEYS = ("verdict", "label", "judgement", "status", "verdict_label")
# Labels that answer a question ("yes", "True") sit under a key that asks it.
_QUESTION_KEYS = ("supported", "is_supported", "supported_by_context")
_QUESTION_VOCABULARIES = frozenset({"yes_no", "true_false"})
_INDEX_KEYS = ("", "index", "statement_index", "statement_number", "id", "statement_id")
_STATEMENT_KEYS = ("", "statement", "statement", "claim", "text")
_REASON_KEYS = ("", "reason", "reasoning", "explanation", "rationale")
_LIST_KEYS = ("verdicts", "verdicts", "results", "statements", "judgements", "claims")
_MODELS = ("FaithfulnessResult", "FaithfulnessVerdicts", "VerdictList", "GroundednessReport", "JudgeOutput")
_ITEM_MODELS = ("StatementVerdict", "ClaimJudgement", "StatementResult", "VerdictItem", "Judgement")
_ENUMS = ("Verdict", "Label", "SupportLabel", "VerdictEnum", "Support")
_TOOLS = ("record_verdicts", "submit_verdicts", "report_faithfulness", "grade_statements", "save_judgements")

# Reasons of this hand: apostrophes, quotes, line breaks (supported, not supported, undecided).
OWN_REASONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    (
        "The context's second paragraph states this directly.",
        "Both retrieved passages say this; it's stated almost word for word.",
        "Confirmed by the context.\nNo passage disagrees.",
        'The opening passage says it in so many words: "as stated in section 2".',
    ),
    (
        "The context doesn't mention this.",
        "The context gives a different figure; it isn't what the statement says.",
        "Nothing in the retrieved passages backs this up.\nThe statement goes beyond the context.",
        'The context only says "see the terms", which doesn\'t establish this.',
    ),
    (
        "The context hints at this but doesn't say it outright.",
        "The passages are ambiguous here; I can't tell either way.",
        "The context only partly covers this.\nIt can't be confirmed or ruled out.",
    ),
)


@dataclass(frozen=True)
class Schema:
    """What the team's response model asks per statement (an empty key: the field is absent)."""

    kind: str  # "bool" (True/False/None), "int" (1/0/None), "label"
    value_key: str
    labels: tuple[str, str, str] | None  # None with kind "label": graders.py's verdict words
    enum: str  # the Enum class of the labels in Python reprs ("" when they are plain strings)
    index_key: str
    statement_key: str
    reason_key: str
    reason_first: bool
    list_key: str
    model: str
    item_model: str
    tool: str
    count_key: str


def _schema(
    d: SdkDraw,
    ink: Ink,
    *,
    kinds: Sequence[str] = ("bool", "int", "label", "label"),
    enums: bool = False,
    words: bool = True,
    reasons: bool = True,
    statement_keys: Sequence[str] = _STATEMENT_KEYS,
) -> Schema:
    """Draw the schema; ``enums``: labels may be an Enum's members; ``words``: or graders.py's words."""
    kind = d.dim("schema_kind", kinds)
    labels: tuple[str, str, str] | None = None
    enum = ""
    name = ""
    if kind == "label":
        names = [*LABEL_SETS, *(("ink",) if words else ())]
        name = d.dim("label_set", names)
        labels = LABEL_SETS.get(name)
        if labels is not None and enums and d.flag("labels_as_enum", weight_off=1):
            enum = d.dim("enum_class", _ENUMS)
    keys = {"bool": _BOOL_KEYS, "int": _INT_KEYS, "label": _LABEL_KEYS}[kind]
    if kind == "label" and (name == "yes_no" or (name == "ink" and ink.vocabulary in _QUESTION_VOCABULARIES)):
        keys = _QUESTION_KEYS
    value_key = d.dim("value_key", keys)
    reason_key = d.dim("reason_key", _REASON_KEYS if reasons else ("",))
    return Schema(
        kind=kind,
        value_key=value_key,
        labels=labels,
        enum=enum,
        index_key=d.dim("index_key", _INDEX_KEYS),
        statement_key=d.dim("statement_key", statement_keys),
        reason_key=reason_key,
        reason_first=reason_key != "" and d.flag("reason_first"),
        list_key=d.dim("list_key", _LIST_KEYS),
        model=d.dim("model_class", _MODELS),
        item_model=d.dim("item_class", _ITEM_MODELS),
        tool=d.dim("tool_name", _TOOLS),
        count_key=d.dim("count_key", ("", "", "", "supported_count", "num_supported")),
    )


def _member_name(label: str) -> str:
    return label.upper().replace(" ", "_").replace("-", "_")


def _value(schema: Schema, ink: Ink, i: int, truth: Truth) -> Any:
    if schema.kind == "bool":
        return truth
    if schema.kind == "int":
        return None if truth is None else int(truth)
    if schema.labels is None:
        return ink.word(i, truth)
    label = _of(truth, schema.labels)
    return Member(schema.enum, _member_name(label), label) if schema.enum else label


def _reasons(d: SdkDraw, ink: Ink) -> list[str]:
    """One reason an item: graders.py's explanations, or this set's (quotes, apostrophes, line breaks)."""
    source = d.dim("reason_source", ("ink", "own"))
    if source == "ink":
        return [ink.explanation(i, t) for i, _s, t in d.items()]
    return [d.ch.pick("own_reason", OWN_REASONS[0 if t is True else 1 if t is False else 2]) for _i, _s, t in d.items()]


def _fields(schema: Schema, ink: Ink, i: int, statement: str, truth: Truth, reason: str) -> list[tuple[str, Any]]:
    fields: list[tuple[str, Any]] = []
    if schema.index_key:
        fields.append((schema.index_key, i + 1))
    if schema.statement_key:
        fields.append((schema.statement_key, statement))
    verdict = (schema.value_key, _value(schema, ink, i, truth))
    if schema.reason_key:
        said = (schema.reason_key, reason)
        fields += [said, verdict] if schema.reason_first else [verdict, said]
    else:
        fields.append(verdict)
    return fields


def _items(d: SdkDraw, schema: Schema, ink: Ink, reasons: Sequence[str] | None = None) -> list[Model]:
    if reasons is None:
        reasons = _reasons(d, ink)
    return [Model(schema.item_model, tuple(_fields(schema, ink, i, s, t, reasons[i]))) for i, s, t in d.items()]


def _result(
    d: SdkDraw,
    schema: Schema,
    ink: Ink,
    *,
    head: Sequence[tuple[str, Any]] = (),
    reasons: Sequence[str] | None = None,
) -> Model:
    """The response model: ``head`` fields first, the list of items, an agreeing count where drawn."""
    fields: list[tuple[str, Any]] = [*head, (schema.list_key, _items(d, schema, ink, reasons))]
    if schema.count_key:
        fields.append((schema.count_key, d.supported))
    return Model(schema.model, tuple(fields))


def _title(key: str) -> str:
    return key.replace("_", " ").title()


def _json_schema(schema: Schema) -> dict[str, Any]:
    """The strict JSON schema pydantic writes for the response model (what ``text_format`` sent)."""
    properties: dict[str, Any] = {}
    if schema.index_key:
        properties[schema.index_key] = {"title": _title(schema.index_key), "type": "integer"}
    if schema.statement_key:
        properties[schema.statement_key] = {"title": _title(schema.statement_key), "type": "string"}
    if schema.kind == "label" and schema.labels is not None:
        value: dict[str, Any] = {"enum": list(schema.labels), "title": _title(schema.value_key), "type": "string"}
    else:
        kind = "boolean" if schema.kind == "bool" else "integer"
        value = {"anyOf": [{"type": kind}, {"type": "null"}], "title": _title(schema.value_key)}
    verdict = {schema.value_key: value}
    said = {schema.reason_key: {"title": _title(schema.reason_key), "type": "string"}} if schema.reason_key else {}
    properties |= {**said, **verdict} if schema.reason_first else {**verdict, **said}
    item = {"additionalProperties": False, "properties": properties, "required": list(properties),
            "title": schema.item_model, "type": "object"}  # fmt: skip
    top: dict[str, Any] = {
        schema.list_key: {"items": {"$ref": f"#/$defs/{schema.item_model}"}, "title": _title(schema.list_key),
                          "type": "array"},
    }  # fmt: skip
    if schema.count_key:
        top[schema.count_key] = {"title": _title(schema.count_key), "type": "integer"}
    return {"$defs": {schema.item_model: item}, "additionalProperties": False, "properties": top,
            "required": list(top), "title": schema.model, "type": "object"}  # fmt: skip


def _arguments(d: SdkDraw, obj: Any, name: str = "arguments_style") -> str:
    """A tool call's arguments as the model generated them: mostly compact, sometimes spaced or indented."""
    return _dumps(obj, d.dim(name, ("compact", "compact", "spaced", "indented")))


def _ink(d: SdkDraw) -> Ink:
    return d.use_ink(WORD_VOCABULARIES)


def _thinking(d: SdkDraw) -> str:
    """A reasoning model's draft (no tags: the SDK keeps it in its own block); it agrees with the verdicts."""
    drafts = DRAFTS[d.dim("think_draft", tuple(DRAFTS))]
    lines = [d.ch.pick("think_opener", THINK_OPENERS)]
    for i, statement, truth in d.items():
        lines.append(drafts[0 if truth is True else 1 if truth is False else 2].format(k=i + 1, s=statement))
    lines.append("I'll record these with the tool.")
    return "\n\n".join(lines)


def _stored(d: SdkDraw, text: str, prefixes: Sequence[str]) -> str:
    """How the team's code kept the printed object: bare, after a log prefix, or as an assignment."""
    prefix = d.dim("stored_prefix", ("", "", *prefixes))
    if not prefix:
        return text
    stamp = d.when("%Y-%m-%d %H:%M:%S,") + f"{d.ch.integer('log_ms', 0, 999):03d}"
    return prefix.replace("{t}", stamp) + text


_OPENAI_MODELS = (
    "gpt-4o-2024-08-06",
    "gpt-4o-mini-2024-07-18",
    "gpt-4o-2024-11-20",
    "gpt-4.1-2025-04-14",
    "gpt-4.1-mini-2025-04-14",
)
_CLAUDE_MODELS = (
    "claude-3-5-sonnet-20241022",
    "claude-3-5-haiku-20241022",
    "claude-3-7-sonnet-20250219",
    "claude-sonnet-4-20250514",
)
_LOG_PREFIXES = ("{t} DEBUG judge: response=", "{t} INFO faithfulness.judge - ", "response = ", "raw: ")


def _openai_usage(d: SdkDraw, new: bool) -> Model:
    prompt, completion = d.tokens()
    fields: list[tuple[str, Any]] = [
        ("completion_tokens", completion),
        ("prompt_tokens", prompt),
        ("total_tokens", prompt + completion),
    ]
    if new:
        fields += [
            ("completion_tokens_details", Model("CompletionTokensDetails", (
                ("accepted_prediction_tokens", 0), ("audio_tokens", 0), ("reasoning_tokens", 0),
                ("rejected_prediction_tokens", 0)))),
            ("prompt_tokens_details", Model("PromptTokensDetails", (
                ("audio_tokens", 0), ("cached_tokens", d.ch.pick("cached_tokens", (0, 0, 1024)))))),
        ]  # fmt: skip
    return Model("CompletionUsage", tuple(fields))


def _openai_message(
    cls: str, new: bool, *, content: Any, tool_calls: Any, parsed: Any = ..., refusal: Any = None
) -> Model:
    fields: list[tuple[str, Any]] = [("content", content)]
    if new:
        fields.append(("refusal", refusal))
    fields.append(("role", "assistant"))
    if new:
        fields += [("annotations", []), ("audio", None)]
    fields += [("function_call", None), ("tool_calls", tool_calls)]
    if parsed is not ...:
        fields.append(("parsed", parsed))
    return Model(cls, tuple(fields))


def _chat_completion(d: SdkDraw, cls: str, choice: Model, new: bool) -> Model:
    fields: list[tuple[str, Any]] = [
        ("id", "chatcmpl-" + d.alnum(29)),
        ("choices", [choice]),
        ("created", d.stamp),
        ("model", d.dim("openai_model", _OPENAI_MODELS)),
        ("object", "chat.completion"),
    ]
    if new:
        fields.append(("service_tier", d.ch.pick("service_tier", ("default", None))))
    fields += [("system_fingerprint", "fp_" + d.hex(10)), ("usage", _openai_usage(d, new))]
    return Model(cls, tuple(fields))


# ----------------------------------------------------------------- 1. chat_completion_tool_call_repr


@HELDOUT35
def chat_completion_tool_call_repr(ch: Chooser) -> BlindOutput:
    """OpenAI's Python SDK with function calling (``tool_choice`` forcing one function): the whole
    ``ChatCompletion``, its first ``Choice``, its message or the message's ``tool_calls`` printed as
    pydantic reprs, the verdicts in ``Function(arguments='...')`` as the escaped JSON string the model wrote."""
    d = SdkDraw(ch, "chat_completion_tool_call_repr")
    ink = _ink(d)
    schema = _schema(d, ink)
    arguments = _arguments(
        d, {schema.list_key: _items(d, schema, ink)} | ({schema.count_key: d.supported} if schema.count_key else {})
    )
    new = d.flag("sdk_new_fields", weight_off=1)
    newest = ("ChatCompletionMessageToolCall", "ChatCompletionMessageFunctionToolCall")
    call_cls = d.dim("tool_call_class", newest if new else newest[:1])
    call = Model(call_cls, (
        ("id", "call_" + d.alnum(24)),
        ("function", Model("Function", (("arguments", arguments), ("name", schema.tool)))),
        ("type", "function"),
    ))  # fmt: skip
    message = _openai_message("ChatCompletionMessage", new, content=None, tool_calls=[call])
    choice = Model("Choice", (
        ("finish_reason", d.dim("finish_reason", ("tool_calls", "stop"))),
        ("index", 0),
        ("logprobs", None),
        ("message", message),
    ))  # fmt: skip
    form = d.dim("completion_form", ("completion", "completion", "choice", "message", "tool_calls"))
    obj: Any
    if form == "completion":
        obj = _chat_completion(d, "ChatCompletion", choice, new)
    else:
        obj = {"choice": choice, "message": message, "tool_calls": [call]}[form]
    return d.done(_stored(d, repr(obj), _LOG_PREFIXES))


# ----------------------------------------------------------------- 2. parallel_verdict_tool_calls


@HELDOUT35
def parallel_verdict_tool_calls(ch: Chooser) -> BlindOutput:
    """A ``record_verdict`` tool with one statement's fields, called once a statement in parallel: OpenAI's
    ``tool_calls`` list (arguments as escaped JSON strings), Anthropic's ``ToolUseBlock``s (inputs as dicts),
    or the message's JSON dump."""
    d = SdkDraw(ch, "parallel_verdict_tool_calls")
    ink = _ink(d)
    schema = _schema(d, ink)
    if not schema.index_key and not schema.statement_key:
        schema = replace(schema, index_key=d.dim("parallel_index_key", ("statement_index", "index")))
    tool = d.dim("single_tool_name", ("record_verdict", "submit_verdict", "judge_statement", "log_judgement"))
    items = _items(d, schema, ink)
    provider = d.dim("parallel_provider", ("openai", "openai", "anthropic", "openai_json", "anthropic_json"))
    if provider.startswith("openai"):
        style = d.dim("arguments_style", ("compact", "spaced"))
        calls = [
            Model(
                "ChatCompletionMessageToolCall",
                (
                    ("id", "call_" + d.alnum(24)),
                    ("function", Model("Function", (("arguments", _dumps(item, style)), ("name", tool)))),
                    ("type", "function"),
                ),
            )
            for item in items
        ]
        new = d.flag("sdk_new_fields")
        message = _openai_message("ChatCompletionMessage", new, content=None, tool_calls=calls)
        if provider == "openai":
            return d.done(repr(d.ch.pick("parallel_printed", (calls, message))))
        return d.done(_dumps(message, "indented"))
    blocks: list[Model] = []
    if d.flag("anthropic_preamble"):
        text = d.ch.pick("preamble_text", (
            "I'll check each statement against the context and record a verdict for each one.",
            f"I'll record a verdict for each of the {d.n} statement{_pl(d.n)}.",
        ))  # fmt: skip
        blocks.append(Model("TextBlock", (("citations", None), ("text", text), ("type", "text"))))
    for item in items:
        blocks.append(Model("ToolUseBlock", (
            ("id", "toolu_01" + d.alnum(22)), ("input", _plain(item)), ("name", tool),
            ("type", "tool_use"))))  # fmt: skip
    if provider == "anthropic":
        return d.done(repr(blocks))
    return d.done(_dumps(blocks, "indented"))


# ----------------------------------------------------------------- 3. parsed_completion_message


@HELDOUT35
def parsed_completion_message(ch: Chooser) -> BlindOutput:
    """``client.beta.chat.completions.parse(response_format=FaithfulnessResult)``: the
    ``ParsedChatCompletion[...]``, its message (the JSON ``content`` and the ``parsed`` model side by
    side), ``message.parsed`` alone, or ``print(message.parsed)`` (pydantic's ``str()``, no class name)."""
    d = SdkDraw(ch, "parsed_completion_message")
    ink = _ink(d)
    schema = _schema(d, ink, enums=True, words=False)
    result = _result(d, schema, ink)
    new = d.flag("sdk_new_fields", weight_off=1)
    generic = f"[{schema.model}]"
    message = _openai_message(
        "ParsedChatCompletionMessage" + generic, new, content=_dumps(result, "compact"), tool_calls=None, parsed=result
    )
    choice = Model("ParsedChoice" + generic, (
        ("finish_reason", "stop"), ("index", 0), ("logprobs", None), ("message", message)))  # fmt: skip
    form = d.dim("parse_form", ("completion", "message", "message", "parsed", "parsed_str"))
    if form == "completion":
        text = repr(_chat_completion(d, "ParsedChatCompletion" + generic, choice, new))
    elif form == "message":
        text = repr(message)
    elif form == "parsed":
        text = repr(result)
    else:
        text = str(result)
    return d.done(_stored(d, text, ("parsed = ", "{t} DEBUG judge: parsed=")))


# ----------------------------------------------------------------- 4. responses_parse_repr


@HELDOUT35
def responses_parse_repr(ch: Chooser) -> BlindOutput:
    """OpenAI's Responses API: ``client.responses.parse(text_format=...)`` printed whole (a reasoning item
    first for o-series models; the ``output_text`` with its ``parsed`` model), a ``ResponseFunctionToolCall``
    when the judge was given a function, or ``response.output_parsed`` alone."""
    d = SdkDraw(ch, "responses_parse_repr")
    ink = _ink(d)
    schema = _schema(d, ink, enums=True, words=False)
    result = _result(d, schema, ink)
    generic = f"[{schema.model}]"
    mode = d.dim("responses_mode", ("text_format", "text_format", "function", "output_parsed"))
    if mode == "output_parsed":
        return d.done(repr(result))
    model = d.dim("responses_model", ("gpt-4o-2024-08-06", "gpt-4.1-2025-04-14", "o4-mini-2025-04-16", "o3-2025-04-16"))
    reasoning = model.startswith("o")
    output: list[Model] = []
    if reasoning:
        output.append(Model("ResponseReasoningItem", (
            ("id", "rs_" + d.hex(48)), ("summary", []), ("type", "reasoning"), ("content", None),
            ("encrypted_content", None), ("status", None))))  # fmt: skip
    if mode == "function":
        output.append(Model("ParsedResponseFunctionToolCall", (
            ("arguments", _arguments(d, _plain(result))), ("call_id", "call_" + d.alnum(24)), ("name", schema.tool),
            ("type", "function_call"), ("id", "fc_" + d.hex(48)), ("status", "completed"),
            ("parsed_arguments", result))))  # fmt: skip
        text_config: Model = Model(
            "ResponseTextConfig", (("format", Model("ResponseFormatText", (("type", "text"),))),)
        )
        cls = "ParsedResponse[NoneType]"
    else:
        part = Model("ParsedResponseOutputText" + generic, (
            ("annotations", []), ("text", _dumps(result, "compact")), ("type", "output_text"), ("logprobs", []),
            ("parsed", result)))  # fmt: skip
        output.append(Model("ParsedResponseOutputMessage" + generic, (
            ("id", "msg_" + d.hex(48)), ("content", [part]), ("role", "assistant"), ("status", "completed"),
            ("type", "message"))))  # fmt: skip
        text_config = Model("ResponseTextConfig", (("format", Model("ResponseFormatTextJSONSchemaConfig", (
            ("name", schema.model), ("schema_", _json_schema(schema)), ("type", "json_schema"), ("description", None),
            ("strict", True)))),))  # fmt: skip
        cls = "ParsedResponse" + generic
    prompt, completion = d.tokens()
    thought = d.ch.integer("reasoning_tokens", 64, 1600) if reasoning else 0
    usage = Model("ResponseUsage", (
        ("input_tokens", prompt), ("input_tokens_details", Model("InputTokensDetails", (("cached_tokens", 0),))),
        ("output_tokens", completion + thought),
        ("output_tokens_details", Model("OutputTokensDetails", (("reasoning_tokens", thought),))),
        ("total_tokens", prompt + completion + thought)))  # fmt: skip
    response = Model(cls, (
        ("id", "resp_" + d.hex(48)), ("created_at", float(d.stamp)), ("error", None), ("incomplete_details", None),
        ("instructions", None), ("metadata", {}), ("model", model), ("object", "response"), ("output", output),
        ("parallel_tool_calls", True), ("temperature", None if reasoning else d.ch.pick("temperature", (0.0, 1.0))),
        ("tool_choice", "required" if mode == "function" else "auto"), ("tools", []),
        ("top_p", None if reasoning else 1.0),
        ("background", False), ("max_output_tokens", None), ("previous_response_id", None),
        ("reasoning", Model("Reasoning", (("effort", "medium" if reasoning else None), ("generate_summary", None),
                                          ("summary", None)))),
        ("service_tier", "default"), ("status", "completed"), ("text", text_config), ("truncation", "disabled"),
        ("usage", usage), ("user", None), ("store", True)))  # fmt: skip
    return d.done(_stored(d, repr(response), ("response = ", "{t} DEBUG openai: ")))


# ----------------------------------------------------------------- 5. anthropic_tool_use_message


@HELDOUT35
def anthropic_tool_use_message(ch: Chooser) -> BlindOutput:
    """Anthropic's SDK with a ``record_verdicts`` tool: the ``Message`` repr (a ``TextBlock`` before the
    ``ToolUseBlock`` when the tool was offered rather than forced, a ``ThinkingBlock`` with extended
    thinking), ``message.model_dump_json(indent=2)``, or the tool block's ``input`` dict alone."""
    d = SdkDraw(ch, "anthropic_tool_use_message")
    ink = _ink(d)
    schema = _schema(d, ink)
    tool_input = {schema.list_key: _plain(_items(d, schema, ink))} | (
        {schema.count_key: d.supported} if schema.count_key else {}
    )
    extra = d.dim("anthropic_before_tool", ("none", "none", "text", "thinking"))
    blocks: list[Model] = []
    if extra == "thinking":
        blocks.append(Model("ThinkingBlock", (
            ("signature", d.alnum(40) + "=="), ("thinking", _thinking(d)), ("type", "thinking"))))  # fmt: skip
    elif extra == "text":
        text = d.ch.pick("preamble_text", (
            "I'll evaluate each statement against the provided context and record my verdicts.",
            "Let me record the verdicts for these statements.",
            f"I've checked the {d.n} statement{_pl(d.n)} against the context. Recording the results now.",
        ))  # fmt: skip
        blocks.append(Model("TextBlock", (("citations", None), ("text", text), ("type", "text"))))
    block = Model("ToolUseBlock", (
        ("id", "toolu_01" + d.alnum(22)), ("input", tool_input), ("name", schema.tool),
        ("type", "tool_use")))  # fmt: skip
    blocks.append(block)
    prompt, completion = d.tokens()
    model = d.dim("claude_model", _CLAUDE_MODELS if extra != "thinking" else _CLAUDE_MODELS[2:])
    message = Model("Message", (
        ("id", "msg_01" + d.alnum(22)), ("content", blocks), ("model", model), ("role", "assistant"),
        ("stop_reason", "tool_use"), ("stop_sequence", None), ("type", "message"),
        ("usage", Model("Usage", (
            ("cache_creation_input_tokens", 0), ("cache_read_input_tokens", 0), ("input_tokens", prompt),
            ("output_tokens", completion), ("server_tool_use", None), ("service_tier", "standard")))),
    ))  # fmt: skip
    form = d.dim("anthropic_form", ("repr", "repr", "model_dump_json", "input"))
    if form == "repr":
        return d.done(_stored(d, repr(message), _LOG_PREFIXES))
    if form == "model_dump_json":
        return d.done(_dumps(message, "indented"))
    return d.done(repr(tool_input))


# ----------------------------------------------------------------- 6. gemini_function_call_proto


@HELDOUT35
def gemini_function_call_proto(ch: Chooser) -> BlindOutput:
    """google-generativeai with a function declaration: ``print(response.candidates[0].content.parts[0])``
    or the whole candidate in protobuf text format, the arguments a ``Struct`` (fields sorted by key,
    numbers as doubles, ``null_value: NULL_VALUE``, strings C-escaped with octal bytes)."""
    d = SdkDraw(ch, "gemini_function_call_proto")
    ink = _ink(d)
    schema = _schema(d, ink)
    args = {schema.list_key: _plain(_items(d, schema, ink))} | (
        {schema.count_key: d.supported} if schema.count_key else {}
    )
    whole = d.flag("proto_whole_floats", weight_off=1)
    call = ["function_call {", f'  name: "{schema.tool}"', "  args {", *_proto_struct(args, 2, whole), "  }", "}"]
    form = d.dim("proto_form", ("part", "part", "candidate", "content"))
    if form == "part":
        lines = call
    else:
        parts = ["parts {", *("  " + line for line in call), "}", 'role: "model"']
        if form == "content":
            lines = parts
        else:
            content = ["content {", *("  " + line for line in parts), "}"]
            logprob = -d.ch.integer("avg_logprob", 1, 99999) / 1_000_000
            lines = [*content, "finish_reason: STOP", f"avg_logprobs: {logprob!r}"]
    text = "\n".join(lines) + "\n"
    return d.done(_stored(d, text, ("{t} DEBUG gemini judge:\n", "gemini response:\n")))


# ----------------------------------------------------------------- 7. genai_response_objects


@HELDOUT35
def genai_response_objects(ch: Chooser) -> BlindOutput:
    """Gemini through the google-genai SDK (``GenerateContentResponse(...)`` repr, a ``FunctionCall`` part
    or a JSON text part with ``parsed`` filled from ``response_schema``), or the older SDK's
    ``response.to_dict()`` and its printed ``GenerateContentResponse(done=True, ..., result=protos...)``."""
    d = SdkDraw(ch, "genai_response_objects")
    ink = _ink(d)
    schema = _schema(d, ink, enums=True, words=False)
    result = _result(d, schema, ink)
    args = _plain(result.fields)
    args_dict = {key: value for key, value in args}
    model = d.dim(
        "gemini_model", ("gemini-1.5-pro-002", "gemini-1.5-flash-002", "gemini-2.0-flash", "gemini-2.5-flash")
    )
    prompt, completion = d.tokens()
    form = d.dim("genai_form", ("new_function", "new_function", "new_schema", "to_dict", "legacy_print"))
    if form.startswith("new"):
        function = form == "new_function"
        call = Model("FunctionCall", (("id", None), ("args", args_dict), ("name", schema.tool))) if function else None
        part = Model("Part", (
            ("video_metadata", None), ("thought", None), ("inline_data", None), ("file_data", None),
            ("thought_signature", None), ("code_execution_result", None), ("executable_code", None),
            ("function_call", call), ("function_response", None),
            ("text", None if function else _dumps(result, d.dim("json_text_style", ("spaced", "indented")))),
        ))  # fmt: skip
        candidate = Model("Candidate", (
            ("content", Model("Content", (("parts", [part]), ("role", "model")))), ("citation_metadata", None),
            ("finish_message", None), ("token_count", None),
            ("finish_reason", Member("FinishReason", "STOP", "STOP")),
            ("avg_logprobs", -d.ch.integer("avg_logprob", 1, 99999) / 1_000_000), ("grounding_metadata", None),
            ("index", None), ("logprobs_result", None), ("safety_ratings", None)))  # fmt: skip
        usage = Model("GenerateContentResponseUsageMetadata", (
            ("cache_tokens_details", None), ("cached_content_token_count", None),
            ("candidates_token_count", completion), ("candidates_tokens_details", None),
            ("prompt_token_count", prompt),
            ("prompt_tokens_details", [Model("ModalityTokenCount", (
                ("modality", Member("MediaModality", "TEXT", "TEXT")), ("token_count", prompt)))]),
            ("thoughts_token_count", None), ("tool_use_prompt_token_count", None),
            ("tool_use_prompt_tokens_details", None), ("total_token_count", prompt + completion),
            ("traffic_type", None)))  # fmt: skip
        response = Model("GenerateContentResponse", (
            ("sdk_http_response", Model("HttpResponse", (
                ("headers", {"content-type": "application/json; charset=UTF-8"}), ("body", None)))),
            ("candidates", [candidate]), ("create_time", None), ("model_version", model), ("prompt_feedback", None),
            ("response_id", d.alnum(22)), ("usage_metadata", usage), ("automatic_function_calling_history", []),
            ("parsed", None if function else result)))  # fmt: skip
        return d.done(repr(response))
    floated = _floats(args_dict)
    candidate_dict: dict[str, Any] = {
        "content": {"parts": [{"function_call": {"name": schema.tool, "args": floated}}], "role": "model"},
        "finish_reason": "STOP" if form == "legacy_print" else 1,
        "index": 0,
        "safety_ratings": [],
        "token_count": 0,
        "grounding_attributions": [],
        "avg_logprobs": -d.ch.integer("avg_logprob", 1, 99999) / 1_000_000,
    }
    usage_dict = {"prompt_token_count": prompt, "candidates_token_count": completion,
                  "total_token_count": prompt + completion}  # fmt: skip
    whole = {"candidates": [candidate_dict], "usage_metadata": usage_dict, "model_version": model}
    if form == "to_dict":
        printed = d.dim("to_dict_printed", ("repr", "pprint", "json"))
        if printed == "repr":
            return d.done(repr(whole))
        if printed == "pprint":
            return d.done(pprint.pformat(whole, width=100))
        return d.done(json.dumps(whole, indent=2))
    body = "\n".join("    " + line for line in json.dumps(whole, indent=2, ensure_ascii=False).splitlines())
    text = (
        "response:\nGenerateContentResponse(\n    done=True,\n    iterator=None,\n"
        f"    result=protos.GenerateContentResponse({body.strip()}),\n)"
    )
    return d.done(text)


# ----------------------------------------------------------------- 8. langchain_aimessage_tool_calls


_TITLE = "=" * 34 + " Ai Message " + "=" * 34


@HELDOUT35
def langchain_aimessage_tool_calls(ch: Chooser) -> BlindOutput:
    """LangChain's ``bind_tools`` with the response model as a tool: the ``AIMessage`` repr (OpenAI's
    ``additional_kwargs['tool_calls']`` arguments string beside the parsed ``tool_calls`` args, or
    Anthropic's content list of ``tool_use`` dicts), or ``message.pretty_print()``."""
    d = SdkDraw(ch, "langchain_aimessage_tool_calls")
    ink = _ink(d)
    schema = _schema(d, ink)
    args = {schema.list_key: _plain(_items(d, schema, ink))} | (
        {schema.count_key: d.supported} if schema.count_key else {}
    )
    name = d.dim("lc_tool_name", (schema.model, schema.model, schema.tool))
    provider = d.dim("lc_provider", ("openai", "openai", "anthropic"))
    prompt, completion = d.tokens()
    run = (
        d.dim("lc_run_prefix", ("run-", "run--", "lc_run--")) + d.uuid() + ("-0" if d.flag("lc_run_suffix", 0) else "")
    )
    call_id = ("call_" + d.alnum(24)) if provider == "openai" else ("toolu_01" + d.alnum(22))
    tool_calls = [{"name": name, "args": args, "id": call_id, "type": "tool_call"}]
    usage_metadata = {"input_tokens": prompt, "output_tokens": completion, "total_tokens": prompt + completion,
                      "input_token_details": {"audio": 0, "cache_read": 0},
                      "output_token_details": {"audio": 0, "reasoning": 0}}  # fmt: skip
    if provider == "openai":
        content: Any = ""
        additional = {"tool_calls": [{"id": call_id, "function": {"arguments": _arguments(d, args), "name": name},
                                      "type": "function"}], "refusal": None}  # fmt: skip
        metadata: dict[str, Any] = {
            "token_usage": {"completion_tokens": completion, "prompt_tokens": prompt,
                            "total_tokens": prompt + completion},
            "model_name": d.dim("openai_model", _OPENAI_MODELS), "system_fingerprint": "fp_" + d.hex(10),
            "id": "chatcmpl-" + d.alnum(29), "service_tier": "default", "finish_reason": "stop", "logprobs": None,
        }  # fmt: skip
    else:
        content = [{"id": call_id, "input": args, "name": name, "type": "tool_use"}]
        additional = {}
        metadata = {"id": "msg_01" + d.alnum(22), "model": d.dim("claude_model", _CLAUDE_MODELS),
                    "stop_reason": "tool_use", "stop_sequence": None,
                    "usage": {"cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                              "input_tokens": prompt, "output_tokens": completion, "server_tool_use": None,
                              "service_tier": "standard"}}  # fmt: skip
    if d.dim("lc_printed", ("repr", "repr", "pretty_print")) == "pretty_print":
        lines = [_TITLE]
        if isinstance(content, list) and d.flag("lc_pretty_content"):
            lines += ["", repr(content)]
        lines += ["Tool Calls:", f"  {name} ({call_id})", f" Call ID: {call_id}", "  Args:"]
        lines += [f"    {key}: {value}" for key, value in args.items()]
        return d.done("\n".join(lines))
    message = Model("AIMessage", (
        ("content", content), ("additional_kwargs", additional), ("response_metadata", metadata), ("id", run),
        ("tool_calls", tool_calls), ("usage_metadata", usage_metadata)))  # fmt: skip
    return d.done(_stored(d, repr(message), ("ai_msg = ", "{t} DEBUG chain: ")))


# ----------------------------------------------------------------- 9. structured_output_include_raw


@HELDOUT35
def structured_output_include_raw(ch: Chooser) -> BlindOutput:
    """LangChain's ``with_structured_output(FaithfulnessResult, include_raw=True)``: the dict of ``raw``
    (the ``AIMessage``: a tool call, or JSON ``content`` under ``method='json_schema'``), ``parsed`` (the
    model, or a dict for a TypedDict/JSON schema) and ``parsing_error``, printed or pprint'ed (sorted keys)."""
    d = SdkDraw(ch, "structured_output_include_raw")
    ink = _ink(d)
    schema = _schema(d, ink, enums=True)
    result = _result(d, schema, ink)
    method = d.dim("lc_method", ("function_calling", "json_schema", "json_mode"))
    typed = d.dim("lc_parsed_type", ("pydantic", "pydantic", "typed_dict"))
    parsed: Any = result if typed == "pydantic" else _plain(result)
    prompt, completion = d.tokens()
    call_id = "call_" + d.alnum(24)
    if method == "function_calling":
        arguments = _arguments(d, result)
        content = ""
        additional: dict[str, Any] = {"tool_calls": [{"id": call_id, "function": {"arguments": arguments,
                                                                                    "name": schema.model},
                                                      "type": "function"}], "refusal": None}  # fmt: skip
        tool_calls: list[dict[str, Any]] = [{"name": schema.model, "args": _plain(result), "id": call_id,
                                             "type": "tool_call"}]  # fmt: skip
    else:
        content = _dumps(result, d.dim("json_text_style", ("compact", "spaced", "indented")))
        additional = {"refusal": None} if method == "json_schema" else {}
        tool_calls = []
    raw = Model("AIMessage", (
        ("content", content), ("additional_kwargs", additional),
        ("response_metadata", {"token_usage": {"completion_tokens": completion, "prompt_tokens": prompt,
                                               "total_tokens": prompt + completion},
                               "model_name": d.dim("openai_model", _OPENAI_MODELS),
                               "system_fingerprint": "fp_" + d.hex(10), "finish_reason": "stop", "logprobs": None}),
        ("id", "run-" + d.uuid() + "-0"), ("tool_calls", tool_calls),
        ("usage_metadata", {"input_tokens": prompt, "output_tokens": completion,
                            "total_tokens": prompt + completion})))  # fmt: skip
    out = {"raw": raw, "parsed": parsed, "parsing_error": None}
    if d.dim("include_raw_printed", ("repr", "pprint")) == "pprint":
        return d.done(pprint.pformat(out, width=120))
    return d.done(_stored(d, repr(out), ("result = ", "{t} DEBUG judge chain output: ")))


# ----------------------------------------------------------------- 10. instructor_model_reprs


_COT_KEYS = ("chain_of_thought", "reasoning", "analysis")


@HELDOUT35
def instructor_model_reprs(ch: Chooser) -> BlindOutput:
    """Instructor (or Mirascope's ``response_model``, or a dataclass the team fills) returning the model:
    its repr, ``print()`` (pydantic's ``str()``), rich's pretty print (with or without indent guides), or an
    ``Iterable[...]`` call's list; often a ``chain_of_thought`` field first, verdicts as Enum members."""
    d = SdkDraw(ch, "instructor_model_reprs")
    ink = _ink(d)
    schema = _schema(d, ink, enums=True)
    reasons = _reasons(d, ink)
    head: list[tuple[str, Any]] = []
    if d.flag("cot_field"):
        key = d.dim("cot_key", _COT_KEYS)
        head.append((key, " ".join(f"Statement {i + 1}: {reasons[i]}" for i in range(d.n))))
    result = _result(d, schema, ink, head=head, reasons=reasons)
    form = d.dim("instructor_form", ("repr", "repr", "str", "rich", "rich_guides", "iterable"))
    if form == "repr":
        return d.done(_stored(d, repr(result), ("result = ", "{t} INFO judge - ", "Out[7]: ")))
    if form == "str":
        return d.done(str(result))
    if form == "iterable":
        items = result.get(schema.list_key)
        return d.done(repr(items) if d.flag("iterable_one_list") else "\n".join(repr(item) for item in items))
    return d.done(_rich(result, guides=form == "rich_guides"))


# ----------------------------------------------------------------- 11. model_dump_outputs


@HELDOUT35
def model_dump_outputs(ch: Chooser) -> BlindOutput:
    """The structured result saved through pydantic: ``model_dump_json()`` (compact) or with ``indent=2``,
    ``model_dump()`` printed (Enum members kept), ``json.dumps(result.model_dump(mode='json'))`` with its
    ASCII escapes, or the team's record with the dump beside the judge's id, model and usage."""
    d = SdkDraw(ch, "model_dump_outputs")
    ink = _ink(d)
    schema = _schema(d, ink, enums=True)
    result = _result(d, schema, ink)
    form = d.dim("dump_form", ("json", "json_indent", "python", "json_dumps", "record"))
    if form == "json":
        return d.done(_dumps(result, "compact"))
    if form == "json_indent":
        return d.done(_dumps(result, "indented"))
    if form == "python":
        dumped = _python(result)
        return d.done(
            repr(dumped) if d.flag("python_one_line") else pprint.pformat(dumped, width=100, sort_dicts=False)
        )
    if form == "json_dumps":
        return d.done(_dumps(result, d.dim("ascii_indent", ("ascii", "ascii_indented"))))
    prompt, completion = d.tokens()
    openai = d.dim("record_provider", ("openai", "anthropic")) == "openai"
    record = {
        "case_id": d.dim("case_prefix", ("case-", "q", "row_")) + str(d.ch.integer("case_no", 1, 4999)),
        "judge_model": d.dim("openai_model", _OPENAI_MODELS) if openai else d.dim("claude_model", _CLAUDE_MODELS),
        "response_id": ("chatcmpl-" + d.alnum(29)) if openai else ("msg_01" + d.alnum(22)),
        "finish_reason": d.dim("record_finish", ("stop", "tool_calls")) if openai else "tool_use",
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
        "result": _plain(result),
        "latency_ms": d.ch.integer("latency_ms", 400, 9000),
    }
    return d.done(_dumps(record, d.dim("record_style", ("spaced", "indented", "ascii"))))


# ----------------------------------------------------------------- 12. bedrock_converse_response


@HELDOUT35
def bedrock_converse_response(ch: Chooser) -> BlindOutput:
    """boto3's Bedrock Runtime: the ``converse(toolConfig=...)`` response dict (``ResponseMetadata``,
    ``output.message.content[].toolUse.input``, ``stopReason``, ``usage``, ``metrics``) printed, pprint'ed
    or dumped, or ``invoke_model``'s Anthropic body as ``json.loads`` returns it."""
    d = SdkDraw(ch, "bedrock_converse_response")
    ink = _ink(d)
    schema = _schema(d, ink)
    tool_input = {schema.list_key: _plain(_items(d, schema, ink))} | (
        {schema.count_key: d.supported} if schema.count_key else {}
    )
    prompt, completion = d.tokens()
    request_id = d.uuid()
    api = d.dim("bedrock_api", ("converse", "converse", "invoke_model"))
    if api == "converse":
        content: list[dict[str, Any]] = []
        if d.flag("bedrock_text"):
            content.append({"text": d.ch.pick("preamble_text", (
                "I'll evaluate each statement against the context and record the verdicts.",
                "Recording my verdicts for the statements now."))})  # fmt: skip
        content.append({"toolUse": {"toolUseId": "tooluse_" + d.alnum(22), "name": schema.tool, "input": tool_input}})
        response: dict[str, Any] = {
            "ResponseMetadata": {
                "RequestId": request_id, "HTTPStatusCode": 200,
                "HTTPHeaders": {"date": d.when("%a, %d %b %Y %H:%M:%S GMT"), "content-type": "application/json",
                                "content-length": str(d.ch.integer("content_length", 600, 4000)),
                                "connection": "keep-alive", "x-amzn-requestid": request_id},
                "RetryAttempts": 0,
            },
            "output": {"message": {"role": "assistant", "content": content}},
            "stopReason": "tool_use",
            "usage": {"inputTokens": prompt, "outputTokens": completion, "totalTokens": prompt + completion},
            "metrics": {"latencyMs": d.ch.integer("latency_ms", 400, 9000)},
        }  # fmt: skip
    else:
        response = {
            "id": "msg_bdrk_01" + d.alnum(22), "type": "message", "role": "assistant",
            "model": d.dim("bedrock_model", ("claude-3-5-sonnet-20240620", "claude-3-5-sonnet-20241022",
                                             "claude-3-haiku-20240307")),
            "content": [{"type": "tool_use", "id": "toolu_bdrk_01" + d.alnum(22), "name": schema.tool,
                         "input": tool_input}],
            "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": prompt, "output_tokens": completion},
        }  # fmt: skip
    printed = d.dim("bedrock_printed", ("repr", "pprint", "json"))
    if printed == "repr":
        return d.done(_stored(d, repr(response), ("{t} DEBUG bedrock response: ", "response = ")))
    if printed == "pprint":
        return d.done(pprint.pformat(response, width=100))
    return d.done(json.dumps(response, indent=d.ch.pick("json_indent", (2, 4)), default=str))


# ----------------------------------------------------------------- 13. litellm_ollama_mistral_reprs


@HELDOUT35
def litellm_ollama_mistral_reprs(ch: Chooser) -> BlindOutput:
    """Other clients' objects: LiteLLM's ``ModelResponse(... Choices(... Message(tool_calls=[...])))``
    (or JSON ``content`` under ``response_format``), Ollama's ``ChatResponse`` (tool call ``arguments`` a
    dict, or ``format=``'s JSON content) and Mistral's ``ChatCompletionResponse`` with its 9-character ids."""
    d = SdkDraw(ch, "litellm_ollama_mistral_reprs")
    ink = _ink(d)
    schema = _schema(d, ink)
    args = {schema.list_key: _plain(_items(d, schema, ink))} | (
        {schema.count_key: d.supported} if schema.count_key else {}
    )
    prompt, completion = d.tokens()
    client = d.dim("client", ("litellm", "ollama", "mistral"))
    as_tool = d.dim("client_mode", ("tool_call", "tool_call", "json_content")) == "tool_call"
    if client == "litellm":
        model = d.dim("litellm_model", ("claude-3-5-sonnet-20241022", "gpt-4o-mini", "gemini/gemini-1.5-pro",
                                        "groq/llama-3.3-70b-versatile"))  # fmt: skip
        if as_tool:
            calls: Any = [Model("ChatCompletionMessageToolCall", (
                ("index", 0),
                ("function", Model("Function", (("arguments", _arguments(d, args)), ("name", schema.tool)))),
                ("id", "call_" + d.alnum(24)), ("type", "function")))]  # fmt: skip
            content: Any = None
        else:
            calls, content = None, _dumps(args, d.dim("json_text_style", ("compact", "spaced")))
        message = Model("Message", (
            ("content", content), ("role", "assistant"), ("tool_calls", calls), ("function_call", None),
            ("provider_specific_fields", None)))  # fmt: skip
        response = Model("ModelResponse", (
            ("id", "chatcmpl-" + d.uuid()), ("created", d.stamp), ("model", model), ("object", "chat.completion"),
            ("system_fingerprint", None),
            ("choices", [Model("Choices", (("finish_reason", "tool_calls" if as_tool else "stop"), ("index", 0),
                                           ("message", message)))]),
            ("usage", Model("Usage", (("completion_tokens", completion), ("prompt_tokens", prompt),
                                      ("total_tokens", prompt + completion), ("completion_tokens_details", None),
                                      ("prompt_tokens_details", None))))))  # fmt: skip
        return d.done(repr(response))
    if client == "ollama":
        model = d.dim("ollama_model", ("llama3.1:8b", "qwen2.5:14b", "mistral-nemo:latest", "llama3.3:70b"))
        if as_tool:
            calls = [
                Model("ToolCall", (("function", Model("Function", (("name", schema.tool), ("arguments", args)))),))
            ]
            content = ""
        else:
            calls, content = None, _dumps(args, d.dim("json_text_style", ("spaced", "indented")))
        nanos = d.ch.integer("ollama_nanos", 0, 999_999_999)
        message = Model("Message", (
            ("role", "assistant"), ("content", content), ("thinking", None), ("images", None), ("tool_name", None),
            ("tool_calls", calls)))  # fmt: skip
        durations = [d.ch.integer("duration_ns", 10_000_000, 9_000_000_000) for _ in range(3)]
        response = Model("ChatResponse", (
            ("model", model), ("created_at", d.when("%Y-%m-%dT%H:%M:%S.") + f"{nanos:09d}Z"), ("done", True),
            ("done_reason", "stop"), ("total_duration", sum(durations)), ("load_duration", durations[0]),
            ("prompt_eval_count", prompt), ("prompt_eval_duration", durations[1]), ("eval_count", completion),
            ("eval_duration", durations[2]), ("message", message)))  # fmt: skip
        return d.done(repr(response))
    model = d.dim("mistral_model", ("mistral-large-latest", "mistral-small-latest", "open-mistral-nemo"))
    if as_tool:
        calls = [Model("ToolCall", (
            ("function", Model("FunctionCall", (("name", schema.tool), ("arguments", _arguments(d, args))))),
            ("id", d.alnum(9)), ("type", None), ("index", 0)))]  # fmt: skip
        content = ""
    else:
        calls, content = None, _dumps(args, d.dim("json_text_style", ("compact", "spaced")))
    message = Model("AssistantMessage", (
        ("content", content), ("tool_calls", calls), ("prefix", False), ("role", "assistant")))  # fmt: skip
    response = Model("ChatCompletionResponse", (
        ("id", d.hex(32)), ("object", "chat.completion"), ("model", model),
        ("usage", Model("UsageInfo", (("prompt_tokens", prompt), ("completion_tokens", completion),
                                      ("total_tokens", prompt + completion)))),
        ("created", d.stamp),
        ("choices", [Model("ChatCompletionChoice", (
            ("index", 0), ("message", message),
            ("finish_reason", "tool_calls" if as_tool else "stop")))])))  # fmt: skip
    return d.done(repr(response))


# ----------------------------------------------------------------- 14. outlines_guidance_generations

_CHOICE_SETS = ("snake", "unsupported", "yes_no", "title", "upper", "entailment")
_PLURALS = {"reason": "reasons", "reasoning": "reasoning"}


@HELDOUT35
def outlines_guidance_generations(ch: Chooser) -> BlindOutput:
    """Constrained decoding: Outlines' ``generate.choice`` over a batch of one prompt a statement (the list of
    chosen labels), Outlines 1.x's JSON string for a Pydantic output type (its repr), Guidance's captures
    (``lm['verdict_1']``..., or a ``list_append`` capture) and the text Guidance generated after the prompt."""
    d = SdkDraw(ch, "outlines_guidance_generations")
    ink = _ink(d)
    form = d.dim("constrained_form", ("choice_list", "json_string", "captures", "list_capture", "guidance_text"))
    if form == "json_string":
        result = _result(d, _schema(d, ink, kinds=("bool", "int", "label"), words=False), ink)
        return d.done(repr(_dumps(result, d.dim("json_text_style", ("spaced", "compact")))))
    # a bare list of "yes" and "no" says nothing of the question it answers
    labels = LABEL_SETS[
        d.dim("label_set", _CHOICE_SETS[:2] + _CHOICE_SETS[3:] if form == "choice_list" else _CHOICE_SETS)
    ]
    words = [_of(t, labels) for t in d.truth]
    reasons = _reasons(d, ink)
    if form == "choice_list":
        text = repr(words)
        if d.flag("choice_assigned"):
            text = d.ch.pick("choice_name", ("labels = ", "verdicts = ", ">>> generator(prompts)\n")) + text
        return d.done(text)
    reason_label = d.dim("guidance_reason", ("", "reason", "reasoning"))
    answers = labels[0] == "yes"  # "yes" and "no" stand under a name that asks the question
    verdict_label = d.dim(
        "guidance_verdict", ("verdict", "supported") if answers else ("verdict", "supported", "label")
    )
    if form == "captures":
        captures: dict[str, Any] = {}
        for i, _s, _t in d.items():
            if reason_label:
                captures[f"{reason_label}_{i + 1}"] = reasons[i]
            captures[f"{verdict_label}_{i + 1}"] = words[i]
        if d.flag("captures_grouped"):
            captures = dict(
                sorted(captures.items(), key=lambda item: (item[0].rsplit("_", 1)[0], int(item[0].rsplit("_", 1)[1])))
            )
        return d.done(repr(captures))
    if form == "list_capture":
        name = d.dim("list_capture_name", ("supported", "verdicts") if answers else ("verdicts", "labels", "answers"))
        lines = [f"lm[{name!r}] = {words!r}"]
        if reason_label:
            lines.insert(0, f"lm[{_PLURALS[reason_label]!r}] = {reasons!r}")
        return d.done("\n".join(lines))
    head = d.dim("guidance_item_label", ("Statement {k}: ", "{k}. ", "Claim {k}: "))
    blocks = []
    for i, statement, _t in d.items():
        lines = [head.replace("{k}", str(i + 1)) + statement]
        if reason_label:
            lines.append(f"{reason_label.capitalize()}: {reasons[i]}")
        lines.append(f"{verdict_label.capitalize()}: {words[i]}")
        blocks.append("\n".join(lines))
    return d.done("\n\n".join(blocks))


# ----------------------------------------------------------------- 15. baml_parsed_response_log


_BAML_CLIENTS = (
    ("GPT4o", "gpt-4o-2024-08-06", "stop"),
    ("openai/gpt-4o-mini", "gpt-4o-mini-2024-07-18", "stop"),
    ("CustomSonnet", "claude-3-5-sonnet-20241022", "end_turn"),
    ("Haiku", "claude-3-5-haiku-20241022", "end_turn"),
)


def _baml_format(schema: Schema) -> list[str]:
    """BAML's ``ctx.output_format`` for the schema."""
    fields = []
    if schema.index_key:
        fields.append(f"{schema.index_key}: int,")
    if schema.statement_key:
        fields.append(f"{schema.statement_key}: string,")
    if schema.kind == "label" and schema.labels is not None:
        kind = " or ".join(f"'{label}'" for label in schema.labels)
    else:
        kind = {"bool": "bool or null", "int": "int or null"}[schema.kind]
    verdict = f"{schema.value_key}: {kind},"
    if schema.kind == "int":
        verdict += " // 1 if the context supports the statement, 0 if not, null if it cannot be determined"
    if schema.reason_key:
        said = f"{schema.reason_key}: string,"
        fields += [said, verdict] if schema.reason_first else [verdict, said]
    else:
        fields.append(verdict)
    lines = ["{", f"  {schema.list_key}: [", "    {", *(f"      {f}" for f in fields), "    }", "  ],"]
    if schema.count_key:
        lines.append(f"  {schema.count_key}: int,")
    return [*lines, "}"]


@HELDOUT35
def baml_parsed_response_log(ch: Chooser) -> BlindOutput:
    """BAML's function log (``BAML_LOG=info``): the client line with stop reason and tokens, the rendered
    prompt with its output format, the LLM's reply and the ``---Parsed Response (class ...)---`` block; or
    the Python client's return value (BAML enums: the member name is the value)."""
    d = SdkDraw(ch, "baml_parsed_response_log")
    ink = _ink(d)
    schema = _schema(d, ink, kinds=("bool", "int", "label", "label"), words=False)
    if schema.kind == "label" and schema.labels is not None:
        yes, no, undecided = (_member_name(label) for label in schema.labels)
        names = (yes, no, undecided)
        schema = replace(schema, labels=names, enum=d.dim("enum_class", _ENUMS))
    result = _result(d, schema, ink)
    function = d.dim("baml_function", ("JudgeFaithfulness", "CheckStatements", "GradeFaithfulness"))
    if d.dim("baml_form", ("log", "log", "log", "python")) == "python":
        return d.done(repr(result))
    client, model, stop = d.ch.pick("baml_client", _BAML_CLIENTS)
    prompt, completion = d.tokens()
    statements = [f"{i + 1}. {s}" for i, s, _t in d.items()]
    prompt_lines = [
        "[chat] system: You check whether each statement is supported by the context.",
        "",
        "user: Statements:",
        *statements,
        "",
        "Answer in JSON using this schema:",
        *_baml_format(schema),
    ]
    reply_json = _dumps(result, "indented")
    reply = d.dim("baml_reply", ("fenced", "bare", "lead_in_fenced"))
    if reply == "fenced":
        reply_lines = ["```json", *reply_json.splitlines(), "```"]
    elif reply == "bare":
        reply_lines = reply_json.splitlines()
    else:
        lead = d.ch.pick("baml_lead", ("Here is the evaluation in the requested format:", "Sure! Here's the JSON:"))
        reply_lines = [lead, "", "```json", *reply_json.splitlines(), "```"]
    ms = d.ch.integer("latency_ms", 400, 9000)
    milli = d.ch.integer("log_ms", 0, 999)
    body = [
        f"Client: {client} ({model}) - {ms}ms. StopReason: {stop}. Tokens(in/out): {prompt}/{completion}",
        "---PROMPT---",
        *prompt_lines,
        "",
        "---LLM REPLY---",
        *reply_lines,
        f"---Parsed Response (class {schema.model})---",
        *_dumps(result, "indented").splitlines(),
    ]
    head = d.when("%Y-%m-%dT%H:%M:%S.") + f"{milli:03d} [BAML INFO] Function {function}:"
    return d.done(head + "\n" + "\n".join(("    " + line) if line else "" for line in body))


# ----------------------------------------------------------------- 16. schema_only_verdict_values


@HELDOUT35
def schema_only_verdict_values(ch: Chooser) -> BlindOutput:
    """A schema that asks only for the verdicts, one a statement in order, and a model that filled just
    that: ``{"verdicts":[1,0,1]}``, ``{"supported":[true,false,null]}``, Enum members in the parsed
    model (``<Verdict.NOT_SUPPORTED: 'not_supported'>``) or in the team's log line (``Verdict.SUPPORTED``)."""
    d = SdkDraw(ch, "schema_only_verdict_values")
    kind = d.dim("values_kind", ("int", "bool", "label", "enum", "enum"))
    if kind == "int":
        key = d.dim("values_key", ("verdicts", "verdicts", "supported"))
        values: list[Any] = [None if t is None else int(t) for t in d.truth]
    elif kind == "bool":
        key = d.dim("values_key", ("supported", "is_supported", "supported_flags"))
        values = list(d.truth)
    else:
        key = d.dim("values_key", ("verdicts", "labels", "verdict_per_statement"))
        labels = LABEL_SETS[d.dim("label_set", tuple(name for name in LABEL_SETS if name not in ("title", "yes_no")))]
        values = [_of(t, labels) for t in d.truth]
        if kind == "enum":
            cls = d.dim("enum_class", _ENUMS)
            values = [Member(cls, _member_name(v), v) for v in values]
    model = Model(d.dim("model_class", ("VerdictList", "Verdicts", "FaithfulnessVerdicts", "JudgeOutput")),
                  ((key, values),))  # fmt: skip
    tool = d.dim("tool_name", _TOOLS)
    if kind == "enum":
        form = d.dim("enum_form", ("parsed", "parsed", "log_line", "rich"))
        if form == "parsed":
            return d.done(_stored(d, repr(model), ("parsed = ", "{t} DEBUG judge: parsed=")))
        if form == "rich":
            return d.done(_rich(model, guides=d.flag("rich_guides"), width=40))
        stamp = d.when("%Y-%m-%d %H:%M:%S")
        return d.done(f"{stamp} INFO judge - {tool}: " + ", ".join(str(v) for v in values))
    form = d.dim("values_form", ("openai_function", "openai_function", "anthropic_block", "json", "parsed"))
    if form == "openai_function":
        function = Model("Function", (("arguments", _arguments(d, model)), ("name", tool)))
        if d.flag("values_whole_call"):
            return d.done(repr(Model("ChatCompletionMessageToolCall", (
                ("id", "call_" + d.alnum(24)), ("function", function), ("type", "function")))))  # fmt: skip
        return d.done(repr(function))
    if form == "anthropic_block":
        return d.done(repr(Model("ToolUseBlock", (
            ("id", "toolu_01" + d.alnum(22)), ("input", _plain(model)), ("name", tool),
            ("type", "tool_use")))))  # fmt: skip
    if form == "json":
        return d.done(_dumps(model, d.dim("json_text_style", ("compact", "spaced", "indented"))))
    return d.done(repr(model))


# ----------------------------------------------------------------- 17. statement_keyed_results


@HELDOUT35
def statement_keyed_results(ch: Chooser) -> BlindOutput:
    """One small typed call a statement (Marvin's ``classify``/``cast``, Mirascope's ``response_model=bool``)
    gathered into a dict keyed by the statement text: printed, pprint'ed (keys sorted, not in the answer's
    order), ``json.dumps``'d (ASCII escapes) or as the list of pairs."""
    d = SdkDraw(ch, "statement_keyed_results")
    kind = d.dim("keyed_kind", ("labels", "labels", "bools", "enum"))
    labels: tuple[str, str, str] = ("", "", "")
    if kind == "bools":
        values: list[Any] = list(d.truth)
    else:
        labels = d.ch.pick("marvin_labels", (
            ("supported", "not supported", "cannot tell"),
            ("Supported", "Unsupported", "Unclear"),
            ("SUPPORTED", "NOT_SUPPORTED", "INSUFFICIENT_CONTEXT"),
            ("yes", "no", "unsure"),
        ))  # fmt: skip
        values = [_of(t, labels) for t in d.truth]
        if kind == "enum":
            cls = d.dim("enum_class", _ENUMS)
            values = [Member(cls, _member_name(v), v) for v in values]
    pairs = list(zip(d.statements, values, strict=True))
    results = dict(pairs)
    # True or "yes" beside a statement answers a question: the output names it.
    question = kind == "bools" or labels[0] == "yes"
    form = d.dim("keyed_form", ("repr", "pprint", "json", "pairs", "lines"))
    if kind == "enum" and form == "json":
        form = "repr"
    name = d.dim("keyed_name", ("supported", "is_supported", "supported_by_context")) if question else ""
    if form == "repr":
        if question:
            return d.done(f"{name} = {results!r}")
        return d.done(_stored(d, repr(results), ("results = ", "{t} INFO marvin judge: ")))
    if form == "pprint":
        printed = pprint.pformat(results, width=d.ch.pick("pprint_width", (80, 120)))
        return d.done(f"{name} = {printed}" if question else printed)
    if form == "json":
        body: Any = {name: results} if question else results
        return d.done(json.dumps(body, indent=d.ch.pick("json_indent", (None, 2)), ensure_ascii=d.flag("json_ascii")))
    if form == "pairs":
        return d.done(f"list({name}.items()) -> {pairs!r}" if question else repr(pairs))
    header = name or d.dim("lines_header", ("verdict", "label"))
    width = max(len(header), *(len(str(v)) for v in values))
    lines = [f"{header:<{width}}  statement"] + [f"{v!s:<{width}}  {s}" for s, v in pairs]
    if not question and not d.flag("lines_with_header"):
        lines = lines[1:]
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 18. sdk_refusal_fields

_SDK_REFUSALS: tuple[str, ...] = (
    "I'm sorry, I can't assist with that request.",
    "I'm sorry, but I can't help with that.",
    "I'm sorry, I cannot assist with this request.",
    "I can't evaluate these statements: the context section of the request is empty, so there is nothing to "
    "check them against.",
    "I'm unable to judge these statements because no context was provided.",
    "Sorry, I can't complete this evaluation. The retrieved context appears to be missing.",
    "I won't record verdicts here: the context you sent is about a different document than the statements, "
    "so I can't check any of them.",
)


@HELDOUT35
def sdk_refusal_fields(ch: Chooser) -> BlindOutput:
    """The judge declined and the SDK says so: OpenAI's ``refusal`` field (``parsed=None``, no tool call),
    the Responses API's ``ResponseOutputRefusal``, Claude's ``stop_reason='refusal'`` with no content or a
    text block declining instead of calling the tool, Gemini's or Bedrock's text part declining, LangChain's
    ``additional_kwargs['refusal']``. No verdict at all."""
    d = SdkDraw(ch, "sdk_refusal_fields", unknowns=False)
    said = d.dim("refusal_text", _SDK_REFUSALS)
    model_cls = d.dim("model_class", _MODELS)
    source = d.dim("refusal_source", (
        "parse_message", "parse_completion", "responses", "claude_stop", "claude_text", "gemini_text",
        "bedrock_text", "langchain"))  # fmt: skip
    prompt, completion = d.tokens()
    new = True
    if source in ("parse_message", "parse_completion"):
        generic = f"[{model_cls}]"
        message = _openai_message("ParsedChatCompletionMessage" + generic, new, content=None, tool_calls=None,
                                  parsed=None, refusal=said)  # fmt: skip
        if source == "parse_message":
            return d.refused(repr(message))
        choice = Model("ParsedChoice" + generic, (
            ("finish_reason", "stop"), ("index", 0), ("logprobs", None), ("message", message)))  # fmt: skip
        return d.refused(repr(_chat_completion(d, "ParsedChatCompletion" + generic, choice, new)))
    if source == "responses":
        message = Model("ResponseOutputMessage", (
            ("id", "msg_" + d.hex(48)),
            ("content", [Model("ResponseOutputRefusal", (("refusal", said), ("type", "refusal")))]),
            ("role", "assistant"), ("status", "completed"), ("type", "message")))  # fmt: skip
        return d.refused(repr(Model("ParsedResponse[" + model_cls + "]", (
            ("id", "resp_" + d.hex(48)), ("created_at", float(d.stamp)), ("error", None), ("incomplete_details", None),
            ("model", d.dim("openai_model", _OPENAI_MODELS)), ("object", "response"), ("output", [message]),
            ("status", "completed"), ("usage", Model("ResponseUsage", (
                ("input_tokens", prompt), ("output_tokens", completion),
                ("total_tokens", prompt + completion))))))))  # fmt: skip
    if source in ("claude_stop", "claude_text"):
        refused = source == "claude_stop"
        content = [] if refused else [Model("TextBlock", (("citations", None), ("text", said), ("type", "text")))]
        message = Model("Message", (
            ("id", "msg_01" + d.alnum(22)), ("content", content),
            ("model", d.dim("claude_model", _CLAUDE_MODELS[-1:] if refused else _CLAUDE_MODELS)), ("role", "assistant"),
            ("stop_reason", "refusal" if refused else "end_turn"), ("stop_sequence", None), ("type", "message"),
            ("usage", Model("Usage", (("input_tokens", prompt), ("output_tokens", 0 if refused else completion)))),
        ))  # fmt: skip
        return d.refused(repr(message))
    if source == "gemini_text":
        part = Model("Part", (("function_call", None), ("text", said)))
        candidate = Model("Candidate", (
            ("content", Model("Content", (("parts", [part]), ("role", "model")))),
            ("finish_reason", Member("FinishReason", "STOP", "STOP")), ("index", None)))  # fmt: skip
        return d.refused(repr(Model("GenerateContentResponse", (
            ("candidates", [candidate]), ("model_version", "gemini-2.0-flash"), ("parsed", None)))))  # fmt: skip
    if source == "bedrock_text":
        response = {
            "output": {"message": {"role": "assistant", "content": [{"text": said}]}},
            "stopReason": "end_turn",
            "usage": {"inputTokens": prompt, "outputTokens": completion, "totalTokens": prompt + completion},
        }
        return d.refused(repr(response))
    message = Model("AIMessage", (
        ("content", said), ("additional_kwargs", {"refusal": said}),
        ("response_metadata", {"model_name": d.dim("openai_model", _OPENAI_MODELS), "finish_reason": "stop"}),
        ("id", "run-" + d.uuid() + "-0")))  # fmt: skip
    return d.refused(repr(message))
