"""A TWELFTH HELD-OUT set of blind layouts: sixteen compact, machine-shaped answers, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout12``); do not read it while
developing the reader. Written from how graders (GPT-4o, Claude, Llama 3, Qwen, Mistral,
Gemini, Phi, small local models) answer when told to save tokens or to answer for a script,
and from verifier pipelines whose output a script formats: a bit string with its order and
codes stated, positional runs of ranges (``1-3: yes, 4: no``), a run-length code
(``3Y 1N 2Y``), a numpy or torch array print, a pandas ``Series`` print with its ``Name`` and
``dtype`` line, an R or Julia vector print, Python ``Enum`` reprs, another language's debug
print of structs (Go ``%+v``, Rust ``{:?}``, Java and Kotlin ``toString``), protobuf text
format, YAML flow sequences and mappings, parallel (columnar) arrays, index sets beside the
total, regex-friendly numbered tags (``<v1>Y</v1>``), Lisp-like records (alists, plists,
EDN), a Hugging Face NLI pipeline's ``[{'label': ..., 'score': ...}]`` with its label mapping,
one label and probability per line with the script's thresholds, and refusals in these same
shapes.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items) and ``_draw``'s frame (a
``<think>`` draft, a preface, an agreeing count, a sign-off), plus the small drifts graders
add around machine output (a fence, a sentence before, a trailing note). Only outputs a
careful person reads without doubt are drawn: the order, every code and any threshold are
stated in the output itself (in a legend, a comment, a header, or names that say what they
are).

    HELDOUT12.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout12_outputs(layout="bit_string")            # one layout's strategy
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    BlindOutput,
    Draw,
    LayoutSet,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT12 = LayoutSet("heldout12")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout12_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twelfth held-out set (one layout when named)."""
    return HELDOUT12.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _legend(d: Draw, codes: tuple[str, str, str], sep: str = " = ", join: str = ", ") -> str:
    """``1 = supported, 0 = not supported`` (and the undecided code when an item is undecided)."""
    parts = [f"{codes[0]}{sep}supported", f"{codes[1]}{sep}not supported"]
    if None in d.truth:
        parts.append(f"{codes[2]}{sep}cannot tell from the context")
    return join.join(parts)


def _fenced(d: Draw, text: str, languages: tuple[str, ...]) -> str:
    """``text`` in a code fence of one of ``languages`` ("" for a bare fence), or unfenced."""
    fence = d.dim("answer_fence", ("none", *languages))
    if fence == "none":
        return text
    tag = "" if fence == "bare" else fence
    return f"```{tag}\n{text}\n```"


_LEAD_SENTENCES: tuple[str, ...] = (
    "Compact output as requested:",
    "Machine-readable answer:",
    "Output for the parser:",
    "Here is the result in the requested format.",
    "Answering tersely to save tokens:",
)
_TRAILING_NOTES: tuple[str, ...] = (
    "(Order follows the statements as given.)",
    "Note: verdicts are based only on the provided context.",
    "No other output follows.",
    "Let me know if the script needs a different format.",
)


def _drift(d: Draw, body: str) -> str:
    """The small drifts graders add around machine output: a sentence before, a note after."""
    if d.flag("lead_sentence", weight_off=2):
        body = f"{d.ch.pick('lead_sentence_text', _LEAD_SENTENCES)}\n\n{body}"
    if d.flag("trailing_note", weight_off=3):
        body = f"{body}\n\n{d.ch.pick('trailing_note_text', _TRAILING_NOTES)}"
    return body


# ----------------------------------------------------------------- 1. bit_string

# (supported, not supported, undecided) characters.
_BIT_ALPHABETS: dict[str, tuple[str, str, str]] = {
    "binary": ("1", "0", "?"),
    "yes_no": ("Y", "N", "?"),
    "true_false": ("T", "F", "U"),
    "supported": ("S", "N", "U"),
    "signs": ("+", "-", "?"),
}
_BIT_FORMS: tuple[str, ...] = (
    "Verdicts (statement 1 first, left to right): {b}\n({L})",
    "ANSWER: {b}\nOne character per statement, in the statements' order; {L}.",
    "`{b}` — character k is statement k, read left to right ({L}).",
    "Result string: {b} ({L}; position = statement number)",
    "bits={b} order=s1..s{n} {L}",
    "{L}. Reading left to right from statement 1:\n{b}",
)


@HELDOUT12
def bit_string(ch: Chooser) -> BlindOutput:
    """All verdicts as one string of characters (``10110``, ``YNNY``), the order and the codes stated."""
    d = Draw(ch, "bit_string", max_n=MAX_N)
    codes = _BIT_ALPHABETS[d.dim("bit_alphabet", tuple(_BIT_ALPHABETS))]
    form = d.dim("bit_form", _BIT_FORMS)
    bits = "".join(_of(t, codes) for t in d.truth)
    compact = form.startswith("bits=")
    legend = _legend(d, codes, sep="=" if compact else " = ", join=" " if compact else ", ")
    if compact:
        legend = legend.replace("not supported", "not_supported").replace("cannot tell from the context", "unknown")
    body = form.format(b=bits, L=legend, n=d.n)
    if d.flag("bit_length", weight_off=2):
        body += f"\n(length {d.n} = number of statements)"
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 2. range_runs


def _runs(truth: tuple[Truth, ...]) -> list[tuple[int, int, Truth]]:
    """Consecutive statements with the same verdict: (first, last, verdict), numbered from 1."""
    runs: list[tuple[int, int, Truth]] = []
    for k, t in enumerate(truth, 1):
        if runs and runs[-1][2] is t:
            runs[-1] = (runs[-1][0], k, t)
        else:
            runs.append((k, k, t))
    return runs


@HELDOUT12
def range_runs(ch: Chooser) -> BlindOutput:
    """Consecutive statements with one verdict written as a range, in order: ``1-3: yes, 4: no, 5-6: yes``."""
    d = Draw(ch, "range_runs", max_n=MAX_N)
    form = d.dim("range_form", ("colon_inline", "arrow_lines", "brackets", "prefixed_codes"))
    dash = d.dim("range_dash", ("-", "–", ".."))
    coded = form in ("brackets", "prefixed_codes")
    codes = ("SUPPORTED", "NOT_SUPPORTED", "UNKNOWN") if form == "brackets" else ("Y", "N", "?")
    ink = None if coded else d.use_ink()
    parts = []
    for first, last, truth in _runs(d.truth):
        word = _of(truth, codes) if ink is None else ink.word(first - 1, truth)
        if form == "prefixed_codes":
            span = f"S{first}" if first == last else f"S{first}{dash}S{last}"
        else:
            span = str(first) if first == last else f"{first}{dash}{last}"
        parts.append(
            {
                "colon_inline": f"{span}: {word}",
                "arrow_lines": f"{span} → {word}",
                "brackets": f"[{span}] {word}",
                "prefixed_codes": f"{span}={word}",
            }[form]
        )
    joiner = {"colon_inline": ", ", "arrow_lines": "\n", "brackets": "; ", "prefixed_codes": " "}[form]
    body = joiner.join(parts)
    heading = d.dim(
        "range_heading",
        ("none", "Verdicts by range (statements 1 to {n}):", "Ranges are inclusive, in statement order:"),
    )
    if heading != "none":
        body = f"{heading.format(n=d.n)}\n{body}"
    if form == "prefixed_codes":
        body += f"\n({_legend(d, codes)})"
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 3. run_length_code

_RLE_FORMS: dict[str, tuple[str, str]] = {
    # (one run: {c} code, {r} length; between runs)
    "count_first": ("{r}{c}", " "),
    "count_first_tight": ("{r}{c}", ""),
    "times": ("{c}×{r}", ", "),
    "star": ("{c}*{r}", " "),
    "pairs": ("({c},{r})", " "),
}


@HELDOUT12
def run_length_code(ch: Chooser) -> BlindOutput:
    """The verdicts run-length encoded in statement order (``3Y 1N 2Y``), the encoding and the codes stated."""
    d = Draw(ch, "run_length_code", max_n=MAX_N)
    codes = d.dim("rle_codes", ("YN", "SU", "10", "words"))
    alphabet = {"YN": ("Y", "N", "?"), "SU": ("S", "U", "X"), "10": ("1", "0", "?"),
                "words": ("YES", "NO", "UNSURE")}[codes]  # fmt: skip
    name = d.dim("rle_form", tuple(_RLE_FORMS))
    if name == "count_first_tight" and codes in ("10", "words"):
        name = "count_first"
        d.dims["rle_form"] = name
    run, between = _RLE_FORMS[name]
    encoded = between.join(run.format(c=_of(t, alphabet), r=last - first + 1) for first, last, t in _runs(d.truth))
    if name == "pairs":
        how = "each pair is (verdict, how many statements in a row)"
    elif name.startswith("count_first"):
        how = "each run is a count followed by the verdict code"
    else:
        how = "each run is the verdict code and how many statements in a row have it"
    legend = _legend(d, alphabet)
    where = d.dim("rle_explain", ("after", "before", "inline"))
    if where == "inline":
        body = f"RLE (statement 1 first; {how}; {legend}): {encoded}"
    elif where == "before":
        body = f"Run-length encoded verdicts, in statement order ({how}).\nCodes: {legend}.\n\n{encoded}"
    else:
        body = f"{encoded}\n\n(Run-length encoding in statement order: {how}. {legend[:1].upper()}{legend[1:]}.)"
    if d.flag("rle_decoded_total", weight_off=2):
        body += f"\nTotal: {d.n} statement{'s' if d.n > 1 else ''}."
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 4. array_print


def _numpy_values(truth: tuple[Truth, ...], dtype: str) -> tuple[list[str], str]:
    """The elements as numpy prints them (unpadded), and the undecided element's text."""
    if dtype == "bool":
        return [str(t) for t in truth], "None"
    if dtype == "int":
        return [_of(t, ("1", "0", "-1")) for t in truth], "-1"
    return [_of(t, ("1.", "0.", "nan")) for t in truth], "nan"


@HELDOUT12
def array_print(ch: Chooser) -> BlindOutput:
    """A numpy or torch array print of the verdicts (``array([1, 0, 1])``, ``tensor([ True, False])``), codes said."""
    d = Draw(ch, "array_print", max_n=MAX_N)
    library = d.dim("array_library", ("numpy_repr", "numpy_str", "torch"))
    dtype = d.dim("array_dtype", ("bool", "int", "float"))
    has_none = None in d.truth
    if dtype == "bool" and has_none and library == "torch":
        # a tensor holds no None: torch pipelines mark the undecided item with nan
        dtype = "float"
        d.dims["array_dtype"] = dtype
    values, unknown = _numpy_values(d.truth, dtype)
    if dtype == "bool" and has_none:
        # an undecided item makes a boolean array an object array: numpy prints it unpadded
        inner = ", ".join(values) if library != "numpy_str" else " ".join(values)
        text = f"array([{inner}], dtype=object)" if library == "numpy_repr" else f"[{inner}]"
    else:
        width = max(len(v) for v in values)
        if dtype == "bool":
            width = 5  # numpy and torch pad booleans to the width of False
        padded = [v.rjust(width) for v in values]
        if library == "numpy_str":
            text = "[" + " ".join(padded) + "]"
        else:
            text = ("array(" if library == "numpy_repr" else "tensor(") + "[" + ", ".join(padded) + "])"
    name = d.dim("array_name", ("none", "supported", "verdicts", "pred"))
    # numpy's str() is what print() shows; the repr is what an assignment or a REPL echo shows
    prompt = d.dim("array_prompt", ("print",) if library == "numpy_str" else ("assign", "repl", "ipython"))
    truthy = "True" if dtype == "bool" else "1" if dtype == "int" else "1."
    falsy = "False" if dtype == "bool" else "0" if dtype == "int" else "0."
    legend = f"{truthy} = supported by the context, {falsy} = not supported"
    if has_none:
        legend += f", {unknown} = cannot tell"
    legend_form = d.dim("array_legend", ("comment", "sentence_after", "sentence_before"))
    order = "element 0 is statement 1, and so on" if d.flag("array_zero_based_note") else "in statement order"
    comment = f"  # {legend}; {order}" if legend_form == "comment" else ""
    if name == "none":
        shown = f"{text}{comment}"
    elif prompt == "assign":
        shown = f"{name} = {text}{comment}"
    elif prompt == "print":
        shown = f">>> print({name}){comment}\n{text}"
    elif prompt == "repl":
        shown = f">>> {name}{comment}\n{text}"
    else:
        shown = f"In [3]: {name}{comment}\nOut[3]: {text}"
    body = _fenced(d, shown, ("python", "bare", "text"))
    if legend_form == "sentence_after":
        body = f"{body}\n\n{legend[:1].upper()}{legend[1:]} ({order})."
    elif legend_form == "sentence_before":
        body = f"One element per statement, {order}: {legend}.\n\n{body}"
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 5. series_print


@HELDOUT12
def series_print(ch: Chooser) -> BlindOutput:
    """A pandas ``Series`` print: index per statement, a value per line, the ``Name: ..., dtype: ...`` line."""
    d = Draw(ch, "series_print", max_n=MAX_N)
    kind = d.dim("series_kind", ("bool", "int", "float", "label"))
    index_kind = d.dim("series_index", ("numbers", "s_labels", "statement_labels"))
    index_name = d.dim("series_index_name", ("none", "statement", "statement_id"))
    if index_kind != "numbers":
        index_name = "none"
        d.dims["series_index_name"] = index_name
    has_none = None in d.truth
    if kind == "bool":
        values = [str(t) for t in d.truth]
        dtype = "object" if has_none else "bool"
        codes = ("True", "False", "None")
    elif kind == "int":
        values = [_of(t, ("1", "0", "-1")) for t in d.truth]
        dtype = "int64"
        codes = ("1", "0", "-1")
    elif kind == "float":
        values = [_of(t, ("1.0", "0.0", "NaN")) for t in d.truth]
        dtype = "float64"
        codes = ("1.0", "0.0", "NaN")
    else:
        values = [_of(t, ("supported", "not_supported", "unknown")) for t in d.truth]
        dtype = "object"
        codes = ("supported", "not_supported", "unknown")
    if index_kind == "numbers":
        index = [str(k) for k in range(1, d.n + 1)]
    elif index_kind == "s_labels":
        index = [f"s{k}" for k in range(1, d.n + 1)]
    else:
        index = [f"statement_{k}" for k in range(1, d.n + 1)]
    name = d.dim("series_name", ("supported", "verdict", "label", "is_supported"))
    if kind == "label" and name in ("supported", "is_supported"):
        name = "label"
        d.dims["series_name"] = name
    index_width = max(len(i) for i in index)
    value_width = max(len(v) for v in values)
    lines = [index_name] if index_name != "none" else []
    lines += [f"{i.ljust(index_width)}    {v.rjust(value_width)}" for i, v in zip(index, values, strict=True)]
    lines.append(f"Name: {name}, dtype: {dtype}")
    text = "\n".join(lines)
    self_evident = kind == "label" or (kind == "bool" and name in ("supported", "is_supported") and not has_none)
    body = _fenced(d, text, ("bare", "text", "python"))
    if kind != "label" and (not self_evident or d.flag("series_legend_anyway", weight_off=2)):
        body += f"\n\n{_legend(d, codes)}."
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 6. vector_repl_print


def _r_named(names: list[str], values: list[str]) -> str:
    """R's print of a named vector: each column as wide as its name or value, right-aligned, a trailing space."""
    widths = [max(len(n), len(v)) for n, v in zip(names, values, strict=True)]
    top = " ".join(n.rjust(w) for n, w in zip(names, widths, strict=True)) + " "
    bottom = " ".join(v.rjust(w) for v, w in zip(values, widths, strict=True)) + " "
    return f"{top}\n{bottom}"


@HELDOUT12
def vector_repl_print(ch: Chooser) -> BlindOutput:
    """An R or Julia print of the verdict vector: ``[1]  TRUE FALSE``, a named R vector, ``Vector{Bool}``."""
    d = Draw(ch, "vector_repl_print", max_n=MAX_N)
    kind = d.dim("vector_kind", ("r_logical", "r_named", "r_integer", "julia"))
    has_none = None in d.truth
    if kind in ("r_logical", "r_named"):
        values = [_of(t, ("TRUE", "FALSE", "NA")) for t in d.truth]
        codes = ("TRUE", "FALSE", "NA")
    elif kind == "r_integer":
        values = [_of(t, ("1", "0", "NA")) for t in d.truth]
        codes = ("1", "0", "NA")
    else:
        values = [_of(t, ("true", "false", "missing")) for t in d.truth]
        codes = ("true", "false", "missing")
    if kind == "r_named":
        label = d.dim("r_names", ("s", "stmt", "claim"))
        width = max(len(v) for v in values)
        text = _r_named([f"{label}{k}" for k in range(1, d.n + 1)], [v.rjust(width) for v in values])
    elif kind == "julia":
        if has_none:
            text = f"{d.n}-element Vector{{Union{{Missing, Bool}}}}:\n" + "\n".join(f" {v}" for v in values)
        else:
            # Julia shows a Vector{Bool} as 1s and 0s
            codes = ("1", "0", "missing")
            text = f"{d.n}-element Vector{{Bool}}:\n" + "\n".join(_of(t, (" 1", " 0", "")) for t in d.truth)
    else:
        width = max(len(v) for v in values)
        text = "[1] " + " ".join(v.rjust(width) for v in values)
    call = d.dim("vector_call", ("none", "print", "prompt"))
    if call == "print":
        text = ("print(supported)\n" if kind != "julia" else "julia> supported\n") + text
    elif call == "prompt":
        text = ("> supported\n" if kind != "julia" else "julia> supported\n") + text
    legend = f"# one value per statement, in order: {_legend(d, codes)}"
    body = f"{legend}\n{text}" if d.flag("vector_legend_first") else f"{text}\n{legend}"
    body = _fenced(d, body, ("r" if kind != "julia" else "julia", "bare"))
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 7. enum_reprs

_ENUM_CLASSES = ("Verdict", "Label", "Support", "FaithfulnessLabel")
# (supported, not supported, undecided) member names
_ENUM_MEMBERS: tuple[tuple[str, str, str], ...] = (
    ("SUPPORTED", "NOT_SUPPORTED", "UNKNOWN"),
    ("SUPPORTED", "UNSUPPORTED", "UNDETERMINED"),
    ("ENTAILED", "NOT_ENTAILED", "CANNOT_TELL"),
    ("YES", "NO", "UNSURE"),
)


@HELDOUT12
def enum_reprs(ch: Chooser) -> BlindOutput:
    """Python ``Enum`` members per statement: ``[<Verdict.SUPPORTED: 1>, <Verdict.NOT_SUPPORTED: 0>]``."""
    d = Draw(ch, "enum_reprs", max_n=MAX_N)
    cls = d.dim("enum_class", _ENUM_CLASSES)
    members = d.dim("enum_members", _ENUM_MEMBERS)
    values = d.dim("enum_values", ("ints", "strings", "auto"))
    value_of = {
        "ints": ("1", "0", "-1"),
        "strings": tuple(repr(m.lower()) for m in members),
        "auto": ("1", "2", "3"),
    }[values]
    style = d.dim("enum_style", ("repr", "str"))
    container = d.dim("enum_container", ("list", "dict", "ordered_dict", "lines"))

    def member(truth: Truth) -> str:
        name = f"{cls}.{_of(truth, members)}"
        return f"<{name}: {_of(truth, value_of)}>" if style == "repr" else name

    items = [member(t) for t in d.truth]
    if container == "list":
        text = "[" + ", ".join(items) + "]"
    elif container == "dict":
        text = "{" + ", ".join(f"{k}: {m}" for k, m in enumerate(items, 1)) + "}"
    elif container == "ordered_dict":
        text = "OrderedDict([" + ", ".join(f"('s{k}', {m})" for k, m in enumerate(items, 1)) + "])"
    else:
        text = "\n".join(f"statement {k}: {m}" for k, m in enumerate(items, 1))
    if container == "list" and d.flag("enum_order_comment"):
        text += "  # one per statement, in order"
    body = _fenced(d, text, ("python", "bare"))
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 8. debug_struct_print


@HELDOUT12
def debug_struct_print(ch: Chooser) -> BlindOutput:
    """Another language's debug print of verdict structs: Go ``%+v``, Rust ``{:?}``/``{:#?}``, Java, Kotlin."""
    d = Draw(ch, "debug_struct_print", max_n=MAX_N)
    language = d.dim("struct_language", ("go", "rust", "rust_pretty", "java_record", "kotlin"))
    has_none = None in d.truth
    note = ""
    if language == "go":
        words = ("supported", "not_supported", "unknown")
        text = "[" + " ".join(f"{{ID:{k} Verdict:{_of(t, words)}}}" for k, t in enumerate(d.truth, 1)) + "]"
    elif language.startswith("rust"):
        labels = d.dim("rust_field", ("option_bool", "enum"))
        if labels == "option_bool":
            values = [_of(t, ("Some(true)", "Some(false)", "None")) for t in d.truth]
            field_name = "supported"
            note = "supported: None means the context does not let me decide." if has_none else ""
        else:
            values = [_of(t, ("Supported", "NotSupported", "Undetermined")) for t in d.truth]
            field_name = "label"
        if language == "rust":
            text = "[" + ", ".join(f"Claim {{ id: {k}, {field_name}: {v} }}" for k, v in enumerate(values, 1)) + "]"
        else:
            blocks = [
                f"    Claim {{\n        id: {k},\n        {field_name}: {v},\n    }}," for k, v in enumerate(values, 1)
            ]
            text = "[\n" + "\n".join(blocks) + "\n]"
    else:
        values = [_of(t, ("true", "false", "null")) for t in d.truth]
        if language == "java_record":
            text = "[" + ", ".join(f"Verdict[id={k}, supported={v}]" for k, v in enumerate(values, 1)) + "]"
        else:
            text = "[" + ", ".join(f"Verdict(id={k}, supported={v})" for k, v in enumerate(values, 1)) + "]"
        note = "supported=null: the context does not let me decide." if has_none else ""
    if d.flag("struct_ids_note", weight_off=2):
        note = (note + " " if note else "") + "id is the statement number."
    body = _fenced(d, text, ("bare", "text"))
    if note:
        body += f"\n\n{note}"
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 9. protobuf_text

_PROTO_LABELS: tuple[tuple[str, str, str], ...] = (
    ("SUPPORTED", "NOT_SUPPORTED", "UNDETERMINED"),
    ("LABEL_SUPPORTED", "LABEL_NOT_SUPPORTED", "LABEL_CANNOT_DETERMINE"),
    ("SUPPORT_STATUS_SUPPORTED", "SUPPORT_STATUS_UNSUPPORTED", "SUPPORT_STATUS_UNKNOWN"),
)


@HELDOUT12
def protobuf_text(ch: Chooser) -> BlindOutput:
    """Protobuf text format: a repeated ``verdicts { statement_id: 2 label: NOT_SUPPORTED }`` message."""
    d = Draw(ch, "protobuf_text", max_n=MAX_N)
    labels = d.dim("proto_labels", _PROTO_LABELS)
    layout = d.dim("proto_layout", ("multiline", "one_line", "list_syntax"))
    id_field = d.dim("proto_id_field", ("statement_id", "index", "id"))
    reasons = d.flag("proto_reasons", weight_off=2)
    ink = d.use_ink(("yes_no",)) if reasons else None
    entries = []
    for i, _statement, truth in d.items():
        fields = [f"{id_field}: {i + 1}", f"label: {_of(truth, labels)}"]
        if ink is not None:
            fields.append(f"reason: {json.dumps(ink.explanation(i, truth))}")
        entries.append(fields)
    if layout == "multiline":
        text = "\n".join("verdicts {\n" + "".join(f"  {f}\n" for f in fields) + "}" for fields in entries)
    elif layout == "one_line":
        text = " ".join("verdicts { " + " ".join(fields) + " }" for fields in entries)
    else:
        text = "verdicts: [\n" + ",\n".join("  {" + ", ".join(fields) + "}" for fields in entries) + "\n]"
    if d.flag("proto_header"):
        text = "# proto-file: eval/faithfulness.proto\n# proto-message: VerdictList\n" + text
    if d.flag("proto_total", weight_off=2):
        text += f"\ntotal_statements: {d.n}"
    body = _fenced(d, text, ("textproto", "protobuf", "bare"))
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 10. yaml_flow


@HELDOUT12
def yaml_flow(ch: Chooser) -> BlindOutput:
    """YAML flow collections: ``verdicts: [yes, no, yes]``, ``{s1: supported, s2: not supported}``."""
    d = Draw(ch, "yaml_flow", max_n=MAX_N)
    kind = d.dim("flow_kind", ("word_sequence", "bool_sequence", "flow_mapping", "document"))
    if kind == "bool_sequence":
        values = [_of(t, ("true", "false", "null")) for t in d.truth]
        text = "supported: [" + ", ".join(values) + "]"
        comment = "one per statement, in order" + ("; null = cannot tell" if None in d.truth else "")
    else:
        ink = d.use_ink(("yes_no", "supported", "true_false", "correct", "entailed"))
        words = [ink.word(i, t) for i, _s, t in d.items()]
        if ink.vocabulary == "true_false":
            words = [f'"{w}"' if w.lower() in ("true", "false") else w for w in words]
        if kind == "word_sequence":
            text = "verdicts: [" + ", ".join(words) + "]"
            comment = "in statement order"
        elif kind == "flow_mapping":
            text = "{" + ", ".join(f"s{k}: {w}" for k, w in enumerate(words, 1)) + "}"
            comment = "key = statement number"
        else:
            text = f"{{n_statements: {d.n}, verdicts: [" + ", ".join(words) + "]}"
            comment = "verdicts in statement order"
    where = d.dim("flow_comment", ("end_of_line", "line_above", "none"))
    if where == "none" and kind == "bool_sequence" and None in d.truth:
        where = "end_of_line"
        d.dims["flow_comment"] = where
    if where == "end_of_line":
        text = f"{text}  # {comment}"
    elif where == "line_above":
        text = f"# {comment}\n{text}"
    body = _fenced(d, text, ("yaml", "yml", "bare"))
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 11. columnar_arrays


@HELDOUT12
def columnar_arrays(ch: Chooser) -> BlindOutput:
    """Parallel arrays, one per column: ``{"id": [1, 2, 3], "supported": [true, false, true]}``."""
    d = Draw(ch, "columnar_arrays", max_n=MAX_N)
    syntax = d.dim("columnar_syntax", ("json", "python", "json_pretty"))
    values_kind = d.dim("columnar_values", ("bool", "binary", "label"))
    with_text = d.flag("columnar_statements", weight_off=2)
    ids = list(range(1, d.n + 1))
    if values_kind == "bool":
        column: list[object] = list(d.truth)
        key = "supported"
    elif values_kind == "binary":
        column = [None if t is None else int(t) for t in d.truth]
        key = "verdict"
    else:
        column = [_of(t, ("supported", "not_supported", "undetermined")) for t in d.truth]
        key = "label"
    data: dict[str, list[object]] = {"id": list(ids)}
    if with_text:
        data["statement"] = list(d.statements)
    data[key] = column
    if syntax == "python":
        text = "{" + ", ".join(f"{k!r}: {v!r}" for k, v in data.items()) + "}"
    elif syntax == "json":
        text = json.dumps(data, ensure_ascii=False)
    else:
        text = json.dumps(data, ensure_ascii=False, indent=2)
    null = "None" if syntax == "python" else "null"
    notes = []
    if values_kind == "binary":
        notes.append("verdict: 1 = supported, 0 = not supported")
    elif values_kind == "bool" and d.flag("columnar_bool_note", weight_off=2):
        notes.append("supported: true if the context supports the statement")
    if None in d.truth and values_kind != "label":
        notes.append(f"{null} = cannot tell from the context")
    if d.flag("columnar_same_order"):
        notes.append("the arrays are aligned by position (id = statement number)")
    body = _fenced(d, text, ("json" if syntax != "python" else "python", "bare"))
    if notes:
        body += "\n\n" + "; ".join(notes)[:1].upper() + "; ".join(notes)[1:] + "."
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 12. index_sets


def _set(numbers: list[int], style: str) -> str:
    if style == "python":
        return "{" + ", ".join(str(k) for k in numbers) + "}" if numbers else "set()"
    if style == "math":
        return "{" + ", ".join(str(k) for k in numbers) + "}" if numbers else "∅"
    return ",".join(str(k) for k in numbers) if numbers else "none"


@HELDOUT12
def index_sets(ch: Chooser) -> BlindOutput:
    """The supported statements as an index set beside the total: ``supported_ids = {1, 3}``, ``n = 5``."""
    d = Draw(ch, "index_sets", max_n=MAX_N)
    style = d.dim("set_style", ("python", "math", "plain"))
    complement = d.flag("set_complement_rule")
    yes = [k for k, t in enumerate(d.truth, 1) if t is True]
    no = [k for k, t in enumerate(d.truth, 1) if t is False]
    unknown = [k for k, t in enumerate(d.truth, 1) if t is None]
    if style == "python":
        lines = [f"n_statements = {d.n}", f"supported_ids = {_set(yes, style)}"]
        if not complement:
            lines.append(f"unsupported_ids = {_set(no, style)}")
        if unknown:
            lines.append(f"undecided_ids = {_set(unknown, style)}  # context does not let me decide")
        if complement:
            lines[1] += "  # every other id is not supported" + (" (except the undecided ones)" if unknown else "")
    elif style == "math":
        lines = [f"N = {d.n}", f"Supported = {_set(yes, style)}"]
        if not complement:
            lines.append(f"Not supported = {_set(no, style)}")
        if unknown:
            lines.append(f"Undecided = {_set(unknown, style)}")
        if complement:
            lines.append("All other statements in 1..N are not supported.")
    else:
        parts = [f"n={d.n}", f"supported={_set(yes, style)}"]
        if not complement:
            parts.append(f"unsupported={_set(no, style)}")
        if unknown:
            parts.append(f"undecided={_set(unknown, style)}")
        lines = [" | ".join(parts)]
        if complement:
            lines.append("(ids not listed are not supported; ids are statement numbers from 1)")
    text = "\n".join(lines)
    if style == "python":
        text = _fenced(d, text, ("python", "bare"))
    return d.done(d.frame(_drift(d, text)))


# ----------------------------------------------------------------- 13. numbered_tags

_TAG_FORMS: dict[str, str] = {
    "xml_v": "<v{k}>{c}</v{k}>",
    "xml_s": "<s{k}>{c}</s{k}>",
    "double_brackets": "[[{k}|{c}]]",
    "at_signs": "@@S{k}:{c}@@",
    "hash_pairs": "#{k}={c}#",
}


@HELDOUT12
def numbered_tags(ch: Chooser) -> BlindOutput:
    """Regex-friendly numbered tags, one per statement: ``<v1>Y</v1><v2>N</v2>``, ``[[2|N]]``, codes explained."""
    d = Draw(ch, "numbered_tags", max_n=MAX_N)
    tag = _TAG_FORMS[d.dim("tag_form", tuple(_TAG_FORMS))]
    worded = d.flag("tag_words")
    if worded:
        ink = d.use_ink(("yes_no", "supported", "true_false", "pass_fail"))
        values = [ink.word(i, t) for i, _s, t in d.items()]
        legend = ""
    else:
        codes = d.dim("tag_codes", (("Y", "N", "U"), ("1", "0", "?"), ("S", "NS", "UNK")))
        values = [_of(t, codes) for t in d.truth]
        legend = _legend(d, codes)
    join = d.dim("tag_join", ("", " ", "\n"))
    tags = join.join(tag.format(k=k, c=v) for k, v in enumerate(values, 1))
    if d.flag("tag_wrapper") and tag.startswith("<"):
        tags = f"<verdicts>{chr(10) if join == chr(10) else ''}{tags}{chr(10) if join == chr(10) else ''}</verdicts>"
    if legend:
        where = d.dim("tag_legend", ("before", "after"))
        tags = (
            f"Codes: {legend}.\n{tags}" if where == "before" else f"{tags}\n\n({legend}; the number is the statement's)"
        )
    return d.done(d.frame(_drift(d, tags)))


# ----------------------------------------------------------------- 14. lisp_records


@HELDOUT12
def lisp_records(ch: Chooser) -> BlindOutput:
    """Lisp-like records: an alist ``((1 . t) (2 . nil))`` with its key, plists, EDN maps with keywords."""
    d = Draw(ch, "lisp_records", max_n=MAX_N)
    kind = d.dim("lisp_kind", ("alist", "plist", "edn", "sexp_words"))
    legend = ""
    if kind == "alist":
        values = [_of(t, ("t", "nil", ":unknown")) for t in d.truth]
        text = "(" + " ".join(f"({k} . {v})" for k, v in enumerate(values, 1)) + ")"
        legend = _legend(d, ("t", "nil", ":unknown"))
    elif kind == "plist":
        values = [_of(t, (":supported", ":not-supported", ":undetermined")) for t in d.truth]
        text = "\n".join(f"(:statement {k} :verdict {v})" for k, v in enumerate(values, 1))
    elif kind == "edn":
        values = [_of(t, (":supported", ":unsupported", ":unknown")) for t in d.truth]
        sep = d.dim("edn_separator", (" ", "\n "))
        text = "[" + sep.join(f"{{:id {k}, :label {v}}}" for k, v in enumerate(values, 1)) + "]"
    else:
        ink = d.use_ink(("yes_no", "supported", "entailed"))
        text = (
            "(verdicts\n"
            + "\n".join(f"  (statement {i + 1} {json.dumps(ink.word(i, t))})" for i, _s, t in d.items())
            + ")"
        )
    if legend:
        text = f";; key: statement number; {legend}\n{text}"
    elif d.flag("lisp_comment", weight_off=2):
        text = f";; one record per statement, in order\n{text}"
    body = _fenced(d, text, ("lisp", "clojure" if kind == "edn" else "scheme", "bare"))
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 15. nli_pipeline_output

# (label the pipeline prints for supported, not supported, undecided; the mapping line)
_NLI_LABELS: dict[str, tuple[tuple[str, str, str], str]] = {
    "nli_upper": (
        ("ENTAILMENT", "CONTRADICTION", "NEUTRAL"),
        "ENTAILMENT = supported, CONTRADICTION = not supported, NEUTRAL = the context does not decide (no verdict)",
    ),
    "nli_lower": (
        ("entailment", "contradiction", "neutral"),
        "entailment -> supported; contradiction -> not supported; neutral -> cannot tell",
    ),
    "fever": (
        ("SUPPORTS", "REFUTES", "NOT ENOUGH INFO"),
        "SUPPORTS = supported by the context, REFUTES = not supported, NOT ENOUGH INFO = cannot tell",
    ),
    "label_ids": (
        ("LABEL_0", "LABEL_2", "LABEL_1"),
        "id2label: LABEL_0 = entailment (supported), LABEL_1 = neutral (cannot tell), "
        "LABEL_2 = contradiction (not supported)",
    ),
}


@HELDOUT12
def nli_pipeline_output(ch: Chooser) -> BlindOutput:
    """An NLI classifier pipeline's output, one ``{'label': ..., 'score': ...}`` per statement, its mapping stated."""
    d = Draw(ch, "nli_pipeline_output", max_n=MAX_N)
    labels, mapping = _NLI_LABELS[d.dim("nli_labels", tuple(_NLI_LABELS))]
    layout = d.dim("nli_layout", ("list_repr", "lines", "json"))
    entries = []
    for _i, _statement, truth in d.items():
        score = ch.integer("nli_score", 5100, 9990) / 10000
        entries.append((_of(truth, labels), score))
    if layout == "list_repr":
        text = "[" + ", ".join(f"{{'label': '{lab}', 'score': {s}}}" for lab, s in entries) + "]"
    elif layout == "json":
        text = json.dumps([{"label": lab, "score": s} for lab, s in entries], indent=2)
    else:
        text = "\n".join(f"{k}\t{lab}\t{s:.4f}" for k, (lab, s) in enumerate(entries, 1))
        text = "statement\tlabel\tscore\n" + text
    where = d.dim("nli_mapping_position", ("before", "after"))
    order = "One entry per (context, statement) pair, in statement order."
    body = _fenced(d, text, ("python" if layout == "list_repr" else "json" if layout == "json" else "tsv", "bare"))
    if where == "before":
        body = f"{order}\nLabel mapping: {mapping}.\n\n{body}"
    else:
        body = f"{body}\n\n{order} Label mapping: {mapping}."
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 16. label_probability_lines


@HELDOUT12
def label_probability_lines(ch: Chooser) -> BlindOutput:
    """A classifier script's lines, one label and its probability per statement, its thresholds stated."""
    d = Draw(ch, "label_probability_lines", max_n=MAX_N)
    high, low = d.dim("thresholds", ((0.7, 0.3), (0.6, 0.4), (0.8, 0.2), (0.75, 0.25)))
    labels = d.dim("prob_labels", (("SUPPORTED", "NOT_SUPPORTED", "UNSURE"), ("supported", "unsupported", "abstain"),
                                   ("1", "0", "-")))  # fmt: skip
    form = d.dim("prob_form", ("kv", "tabs", "spaced"))
    lines = []
    for k, truth in enumerate(d.truth, 1):
        if truth is True:
            p = ch.integer("prob", round(high * 100), 99) / 100
        elif truth is False:
            p = ch.integer("prob", 1, round(low * 100)) / 100
        else:
            p = ch.integer("prob", round(low * 100) + 1, round(high * 100) - 1) / 100
        label = _of(truth, labels)
        if form == "kv":
            lines.append(f"s{k} label={label} p_supported={p:.2f}")
        elif form == "tabs":
            lines.append(f"{k}\t{label}\t{p:.2f}")
        else:
            lines.append(f"[{k:>2}] {label:<14} {p:.2f}")
    rule = (
        f"{labels[0]} if p_supported >= {high:.2f}, {labels[1]} if p_supported <= {low:.2f}, "
        f"{labels[2]} (no verdict) in between"
    )
    header = {"kv": "", "tabs": "id\tlabel\tp_supported\n", "spaced": ""}[form]
    text = f"# {rule}\n{header}" + "\n".join(lines)
    if d.flag("prob_summary", weight_off=2):
        s = d.supported
        text += f"\n# supported: {s}/{d.n}"
    body = _fenced(d, text, ("bare", "text"))
    return d.done(d.frame(_drift(d, body)))


# ----------------------------------------------------------------- 17. compact_refusals

_COMPACT_REFUSALS: tuple[str, ...] = (
    "ANSWER: REFUSED\nReason: the context is empty, so I cannot produce a verdict string for the {n} statement{pl}.",
    "verdicts = None  # not judged: no context was provided",
    "array([], dtype=bool)\n\nEmpty on purpose: I can't judge the statements without the context, so no verdicts.",
    'status: REFUSED\nreason: "context missing; no verdicts produced"',
    "Series([], Name: supported, dtype: bool)\n\nNo verdicts: the context was not included in the request.",
    "<refusal>I can't verify these statements: the context block is missing.</refusal>",
    "[1]{nas}\n# all NA: no context was given, so I cannot judge any statement",
    "1-{n}: not judged (the context placeholder was never filled in)",
    '{{:status :declined, :reason "no context supplied", :verdicts nil}}',
    "ERROR no_context: refusing to label the {n} statement{pl}; please resend with the retrieved passages.",
    "<v1>?</v1> — actually, I can't answer in this format: the context is empty, so there is nothing to check "
    "the statements against. No verdicts.",
    "Verdict.DECLINED  # I won't label these: the 'context' is just the question repeated",
)


@HELDOUT12
def compact_refusals(ch: Chooser) -> BlindOutput:
    """Refusals in the compact shapes above (a status line, an empty array, an all-NA vector): no verdict."""
    d = Draw(ch, "compact_refusals", unknowns=False, max_n=MAX_N)
    template = d.dim("compact_refusal", _COMPACT_REFUSALS)
    text = template.format(n=d.n, pl="" if d.n == 1 else "s", nas=" NA" * d.n)
    if d.flag("refusal_fence", weight_off=2):
        text = f"```\n{text}\n```"
    if d.flag("refusal_preface", weight_off=2):
        text = "Sorry, I can't complete this one.\n\n" + text
    return d.refused(text)
