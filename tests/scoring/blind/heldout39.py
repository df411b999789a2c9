"""A THIRTY-NINTH HELD-OUT set of blind layouts: statements named by identifiers other than 1, 2, 3, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout39``); do not read it while
developing the reader. Written from how graders (GPT-4o, Claude, Gemini, Llama 3, Mistral,
Qwen and its coder models, DeepSeek) and the pipeline code around them (LangChain output
parsers, DSPy adapters, custom scripts) name the statements when they do not number them 1, 2,
3 in order: zero-based indexes because the statements were passed as a JSON array or a Python
list ("statement 0", "idx 0", ``[0]``, ``claims[2]``), letters ("(a)", "B)", "Claim C"), roman
numerals ("i.", "iv)"), identifiers the team gave each statement in call 2's prompt or that a
pipeline attached to them ("S1", "C-03", "stmt_2", "claim-7f3a", short hashes, UUID prefixes,
"q12_s3"), keys of a dict or JSON object (``{"s0": true}``, ``{"claim_a": ...}``), rows and keys
sorted by identifier (``sort_keys=True`` puts stmt_10 before stmt_2; a table sorted by a hash),
verdicts grouped by verdict with identifiers, and a mapping line at the top ("IDs: S1 = the
first statement, ...") that the grader writes before answering by identifier.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off; no 1-based draft before a
zero-based answer). Only outputs a careful person reads without doubt are drawn: a zero-based
index always comes with index 0 in the output (every statement is named), letters and roman
numerals run in call 1's order from a / i, and every other identifier is defined in the output
itself, by a mapping or by the statement's text beside its verdict. The truth is per statement
in call 1's order, whatever order the output names them in.

    HELDOUT39.draw(RandomChooser(random.Random(7)))      # one output, layout chosen uniformly
    heldout39_outputs(layout="sort_keys_dump")           # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import strategies as st

from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT39 = LayoutSet("heldout39")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

LETTERS = "abcdefghij"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
HEX = "0123456789abcdef"


def heldout39_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-ninth held-out set (one layout when named)."""
    return HELDOUT39.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int) -> str:
    return "" if count == 1 else "s"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _hex_ids(d: Draw, length: int) -> list[str]:
    """Distinct random hex identifiers, one per statement (drawn whatever the truths)."""
    ids: list[str] = []
    while len(ids) < d.n:
        candidate = "".join(HEX[d.ch.integer("hex_digit", 0, 15)] for _ in range(length))
        if candidate not in ids and not candidate.isdigit():
            ids.append(candidate)
    return ids


def _ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES) -> Ink:
    """Verdict words decorated only in ways that read the same after an identifier."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket"))
    return ink


# Plain labels a pipeline or a grader writes for (supported, not supported, undecided).
LABELS: tuple[tuple[str, str, str], ...] = (
    ("supported", "not supported", "cannot be determined"),
    ("SUPPORTED", "NOT_SUPPORTED", "UNDETERMINED"),
    ("yes", "no", "unknown"),
    ("PASS", "FAIL", "UNSURE"),
    ("faithful", "unfaithful", "undetermined"),
)


# ----------------------------------------------------------------- 1. zero_index_verdict_lines

_ZERO_LABELS = ("Statement {i}:", "statement {i}:", "idx {i} →", "[{i}]", "#{i}:", "Index {i}:", "s[{i}] =", "{i}:")
_ZERO_NOTES = (
    "(0-indexed)",
    "Indices are 0-based, matching the input list.",
    "Note: numbering starts at 0 because the statements came as a JSON array.",
    "Using the array indices from the input (starting at 0):",
)


@HELDOUT39
def zero_index_verdict_lines(ch: Chooser) -> BlindOutput:
    """Qwen2.5-Coder, DeepSeek-Coder and GPT-4o given the statements as a JSON array: one line per statement,
    named by its array index from 0 ("statement 0: Yes", "idx 1 → No", "[2] Supported")."""
    d = Draw(ch, "zero_index_verdict_lines", max_n=MAX_N, plain_openers=True)
    ink = _ink(d)
    label = d.dim("zero_label", _ZERO_LABELS)
    extra = d.dim("zero_extra", ("none", "aside", "explanation", "quote"))
    note = d.dim("zero_note", ("none", "before", "after"))
    lines = []
    for i, statement, truth in d.items():
        line = f"{label.format(i=i)} {ink.token(i, truth)}"
        if extra == "aside":
            line += f" — {ink.aside(i, truth)}"
        elif extra == "explanation":
            line += f". {ink.explanation(i, truth)}"
        elif extra == "quote":
            line += f' ("{_bare(statement)}")'
        lines.append(line)
    body = "\n".join(lines)
    if note != "none":
        text = ch.pick("zero_note_text", _ZERO_NOTES)
        body = f"{text}\n{body}" if note == "before" else f"{body}\n\n{text}"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 2. zero_based_legacy_blocks

_ZERO_BLOCK_HEADS = ("Statement {i}: {s}", "Statement [{i}]: {s}", "Statement #{i}: {s}", "**Statement {i}:** {s}")
_VERDICT_LABELS = ("Verdict: {w}.", "**Verdict:** {w}", "Verdict - {w}.", "Answer: {w}.")


@HELDOUT39
def zero_based_legacy_blocks(ch: Chooser) -> BlindOutput:
    """Llama 3 70B and Mistral answering a legacy prompt whose statements a script rendered with
    ``enumerate()`` from 0: the legacy blocks headed "Statement 0:", then often the positional final line."""
    d = Draw(ch, "zero_based_legacy_blocks", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    head = d.dim("zero_block_head", _ZERO_BLOCK_HEADS)
    marker = d.dim("zero_block_marker", _VERDICT_LABELS)
    order = d.dim("zero_block_order", ("explanation_first", "verdict_first"))
    blocks = []
    for i, statement, truth in d.items():
        explanation = f"Explanation: {ink.explanation(i, truth)}"
        verdict = marker.format(w=ink.word(i, truth))
        parts = (explanation, verdict) if order == "explanation_first" else (verdict, explanation)
        blocks.append("\n".join((head.format(i=i, s=statement), *parts)))
    body = "\n\n".join(blocks)
    return d.done(d.frame(body, think=False, final=True))


# ----------------------------------------------------------------- 3. subscript_prose

_SUBSCRIPT_SENTENCES: tuple[tuple[str, str, str], ...] = (
    (
        "`{r}` is supported by the context.",
        "`{r}` is not supported by the context.",
        "`{r}` cannot be determined from the context.",
    ),
    (
        '{r} ("{b}") is supported: {e}',
        '{r} ("{b}") is not supported: {e}',
        '{r} ("{b}") cannot be determined either way: {e}',
    ),
    (
        "For {r}, the context backs the claim. {e}",
        "For {r}, the context does not back the claim. {e}",
        "For {r}, I can't determine whether the context backs the claim. {e}",
    ),
    (
        "{r} → supported",
        "{r} → not supported",
        "{r} → undetermined",
    ),
)
_SUBSCRIPT_NOTES = (
    "(Indices refer to the `{name}` list you passed, starting at 0.)",
    "I'm using the list indices from your input, so the first item is {name}[0].",
    "",
)


@HELDOUT39
def subscript_prose(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude 3.5 Sonnet answering a prompt that holds ``claims = [...]`` as code: each claim named by
    its subscript (``claims[0]``, ``statements[3]``) in a sentence, with a note on the 0-based indices or not."""
    d = Draw(ch, "subscript_prose", max_n=MAX_N)
    name = d.dim("list_name", ("claims", "statements", "facts", "sentences"))
    form = d.dim("subscript_form", tuple(str(k) for k in range(len(_SUBSCRIPT_SENTENCES))))
    sentences = _SUBSCRIPT_SENTENCES[int(form)]
    reasons = (
        ch.pick("subscript_reason", ("The context states this explicitly.", "This is stated directly in the context.")),
        ch.pick("subscript_reason_no", ("The context does not mention this.", "The context says something different.")),
        ch.pick(
            "subscript_reason_unknown",
            ("The context is ambiguous on this point.", "The context only partly covers this."),
        ),
    )
    joiner = "\n" if d.dim("subscript_join", ("lines", "paragraph")) == "lines" or int(form) == 3 else " "
    units = [
        _of(truth, sentences).format(r=f"{name}[{i}]", b=_bare(statement), e=_of(truth, reasons))
        for i, statement, truth in d.items()
    ]
    body = joiner.join(units)
    note = ch.pick("subscript_note", _SUBSCRIPT_NOTES).format(name=name)
    if note:
        body = f"{note}\n\n{body}" if d.flag("subscript_note_first") else f"{body}\n\n{note}"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 4. script_enumerate_log


@HELDOUT39
def script_enumerate_log(ch: Chooser) -> BlindOutput:
    """A team's own judge script that loops ``for i, (s, v) in enumerate(zip(statements, verdicts))`` and stores
    what it prints: an aligned idx / verdict / statement listing, ``key=value`` lines, or ``i -> label`` lines."""
    d = Draw(ch, "script_enumerate_log", max_n=MAX_N)
    labels = d.dim("script_labels", LABELS)
    form = d.dim("script_form", ("aligned", "key_value", "arrow"))
    echo = d.flag("script_echo")
    width = max(len(label) for label in labels) + 2
    lines = []
    if form == "aligned":
        lines.append(("idx".rjust(3) + "  " + "verdict".ljust(width) + ("statement" if echo else "")).rstrip())
    key = ch.pick("script_key", ("idx", "i", "statement_idx"))
    for i, statement, truth in d.items():
        label = _of(truth, labels)
        if form == "aligned":
            line = f"{i:>3}  {label.ljust(width)}" + (statement if echo else "")
        elif form == "key_value":
            line = f"{key}={i} verdict={label.replace(' ', '_')}" + (f" text={json.dumps(statement)}" if echo else "")
        else:
            line = f"{i} -> {label}" + (f" | {statement}" if echo else "")
        lines.append(line.rstrip())
    body = "\n".join(lines)
    if d.flag("script_banner"):
        body = f"== faithfulness verdicts ({d.n} statement{_pl(d.n)}, 0-based) ==\n{body}"
    if d.flag("script_total"):
        body += f"\nsupported={d.supported} total={d.n}"
    return d.done(body)


# ----------------------------------------------------------------- 5. lettered_verdict_lines

_LETTER_LABELS = ("({l})", "{l})", "{l}.", "{L})", "{L}.", "({L})", "Claim {L}:", "Statement ({l}):", "**({l})**")
_LETTER_INTROS = (
    "I've labelled the statements {first}–{last} in the order given.",
    "Statements are lettered in the order they were listed.",
    "",
)


@HELDOUT39
def lettered_verdict_lines(ch: Chooser) -> BlindOutput:
    """Claude 3 Opus and Mistral Large lettering the statements as a writer would: "(a) Yes", "B) No — ...",
    "Claim C: Supported", in call 1's order, with an aside, an explanation or the statement quoted."""
    d = Draw(ch, "lettered_verdict_lines", max_n=MAX_N, plain_openers=True)
    ink = _ink(d)
    label = d.dim("letter_label", _LETTER_LABELS)
    extra = d.dim("letter_extra", ("none", "aside", "explanation", "quote"))

    def name(i: int) -> str:
        return label.format(l=LETTERS[i], L=LETTERS[i].upper())

    lines = []
    for i, statement, truth in d.items():
        if extra == "quote":
            lines.append(f'{name(i)} "{_bare(statement)}" — {ink.token(i, truth)}')
            continue
        line = f"{name(i)} {ink.token(i, truth)}"
        if extra == "aside":
            line += f" ({ink.aside(i, truth)})"
        elif extra == "explanation":
            line += f"\n   {ink.explanation(i, truth)}"
        lines.append(line)
    body = ("\n\n" if extra == "explanation" else "\n").join(lines)
    intro = ch.pick("letter_intro", _LETTER_INTROS)
    if intro and d.n > 1:
        body = intro.format(first=name(0).rstrip(":."), last=name(d.n - 1).rstrip(":.")) + "\n\n" + body
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 6. lettered_final_line

_LETTER_ITEMS = ("({l}) {w}.", "{l}) {w}.", "{L}: {w};", "({L}) {w},", "{l} - {w}.")
_LETTER_HEADERS = (
    "Final verdict for each statement in order:",
    "Final verdicts:",
    "**Final verdict for each statement in order:**",
    "Final answer:",
)


@HELDOUT39
def lettered_final_line(ch: Chooser) -> BlindOutput:
    """Mistral 7B and Llama 3 8B writing the legacy final line with a letter before each verdict
    ("Final verdict for each statement in order: (a) Yes. (b) No."), after lettered blocks or alone."""
    d = Draw(ch, "lettered_final_line", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    item = d.dim("letter_item", _LETTER_ITEMS)
    header = d.dim("letter_header", _LETTER_HEADERS)
    layout = d.dim("letter_layout", ("inline", "lines"))
    blocks = d.flag("letter_blocks")
    parts = []
    if blocks:
        for i, statement, truth in d.items():
            parts.append(
                f"Statement ({LETTERS[i]}): {statement}\nExplanation: {ink.explanation(i, truth)}\n"
                f"Verdict: {ink.word(i, truth)}."
            )
    units = [item.format(l=LETTERS[i], L=LETTERS[i].upper(), w=ink.word(i, t)) for i, _s, t in d.items()]
    if units[-1][-1] in ",;":
        units[-1] = units[-1][:-1] + "."
    final = f"{header} " + " ".join(units) if layout == "inline" else header + "\n" + "\n".join(units)
    body = "\n\n".join([*parts, final])
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 7. roman_numeral_items

_ROMAN_LABELS = ("{r}.", "({r})", "{r})", "{R}.", "({R})", "Claim {r}:", "**{r}.**")


@HELDOUT39
def roman_numeral_items(ch: Chooser) -> BlindOutput:
    """Gemini 1.5 Pro and Claude under a prompt written like a paper's appendix: the statements numbered with roman
    numerals ("i.", "(iv)", "II."), each with its verdict inline or under it, with or without its explanation."""
    d = Draw(ch, "roman_numeral_items", max_n=MAX_N)
    ink = _ink(d)
    label = d.dim("roman_label", _ROMAN_LABELS)
    form = d.dim("roman_form", ("inline", "inline_reason", "statement_then_verdict"))

    def name(i: int) -> str:
        return label.format(r=ROMAN[i], R=ROMAN[i].upper())

    units = []
    for i, statement, truth in d.items():
        if form == "inline":
            units.append(f"{name(i)} {ink.token(i, truth)}")
        elif form == "inline_reason":
            units.append(f"{name(i)} {ink.token(i, truth)} — {ink.explanation(i, truth)}")
        else:
            units.append(f"{name(i)} {statement}\n    Verdict: {ink.token(i, truth)}")
    body = ("\n\n" if form == "statement_then_verdict" else "\n").join(units)
    if d.flag("roman_heading"):
        upper = "{R}" in label
        first, last = (ROMAN[0].upper(), ROMAN[d.n - 1].upper()) if upper else (ROMAN[0], ROMAN[d.n - 1])
        span = f"({first})" if d.n == 1 else f"({first})–({last})"
        body = f"Assessment of claim{_pl(d.n)} {span}:\n\n{body}"
    return d.done(d.frame(body))


# ----------------------------------------------------------------- 8. mapping_line_then_ids

_ID_SCHEMES: dict[str, Callable[[int, str, int], str]] = {
    "S{k}": lambda k, h, q: f"S{k}",
    "C-0{k}": lambda k, h, q: f"C-{k:02d}",
    "stmt_{k}": lambda k, h, q: f"stmt_{k}",
    "claim-{hex}": lambda k, h, q: f"claim-{h}",
    "q{q}_s{k}": lambda k, h, q: f"q{q}_s{k}",
    "F{k}": lambda k, h, q: f"F{k}",
}


def _scheme_ids(d: Draw, scheme: str) -> list[str]:
    hexes = _hex_ids(d, 4)
    question = d.ch.integer("question_number", 2, 48)
    return [_ID_SCHEMES[scheme](i + 1, hexes[i], question) for i in range(d.n)]


def _mapping(d: Draw, ids: list[str]) -> str:
    """The grader's key from identifiers to statements: by position, or by the statement's text."""
    form = d.dim("mapping_form", ("ordinal_line", "text_lines", "text_bullets"))
    if form == "ordinal_line":
        pairs = ", ".join(f"{ids[i]} = the {ORDINAL_WORDS[i]} statement" for i in range(d.n))
        return f"{d.ch.pick('mapping_label', ('IDs:', 'Key:', 'Statement IDs:'))} {pairs}"
    if form == "text_lines":
        return "\n".join(f'{ids[i]} = "{_bare(s)}"' for i, s in enumerate(d.statements))
    return "Statements:\n" + "\n".join(f"- {ids[i]}: {s}" for i, s in enumerate(d.statements))


@HELDOUT39
def mapping_line_then_ids(ch: Chooser) -> BlindOutput:
    """GPT-4o and Claude under a team prompt that gave every statement an id (S1, C-03, stmt_2, claim-7f3a,
    q12_s3): the grader first writes the key (by position or by text), then answers by id."""
    d = Draw(ch, "mapping_line_then_ids", max_n=MAX_N, plain_openers=True)
    ink = _ink(d)
    ids = _scheme_ids(d, d.dim("id_scheme", tuple(_ID_SCHEMES)))
    key = _mapping(d, ids)
    extra = d.dim("mapped_extra", ("none", "aside", "explanation"))
    separator = d.dim("mapped_separator", (": ", " → ", " - "))
    lines = []
    for i, _statement, truth in d.items():
        line = f"{ids[i]}{separator}{ink.token(i, truth)}"
        if extra == "aside":
            line += f" ({ink.aside(i, truth)})"
        elif extra == "explanation":
            line += f". {ink.explanation(i, truth)}"
        lines.append(line)
    heading = ch.pick("mapped_heading", ("", "Verdicts:", "Verdicts by ID:", "### Verdicts"))
    verdicts = (heading + "\n" if heading else "") + "\n".join(lines)
    return d.done(d.frame(f"{key}\n\n{verdicts}"))


# ----------------------------------------------------------------- 9. hash_sorted_echo_table

_TABLE_COLUMNS = (("id", "statement", "verdict"), ("claim_id", "claim", "label", "reason"),
                  ("uuid", "text", "supported"))  # fmt: skip


def _uuid_prefix(d: Draw) -> list[str]:
    return [f"{h[:8]}-{h[8:12]}" for h in _hex_ids(d, 12)]


@HELDOUT39
def hash_sorted_echo_table(ch: Chooser) -> BlindOutput:
    """A LangChain or custom pipeline that keys each statement by a hash or a UUID prefix and renders the judged
    rows with ``df.sort_values("id").to_markdown(index=False)``: rows sorted by id, each with its statement."""
    d = Draw(ch, "hash_sorted_echo_table", max_n=MAX_N)
    kind = d.dim("hash_kind", ("sha7", "uuid_prefix", "clm_base"))
    if kind == "sha7":
        ids = _hex_ids(d, 7)
    elif kind == "uuid_prefix":
        ids = _uuid_prefix(d)
    else:
        ids = [f"clm_{h}" for h in _hex_ids(d, 6)]
    columns = d.dim("hash_columns", _TABLE_COLUMNS)
    labels = d.dim("hash_labels", LABELS[:4])
    rows = []
    for i, statement, truth in d.items():
        cells = {"id": ids[i], "claim_id": ids[i], "uuid": ids[i], "statement": statement, "claim": statement,
                 "text": statement, "verdict": _of(truth, labels), "label": _of(truth, labels),
                 "supported": _of(truth, labels),
                 "reason": _of(truth, ("stated in the context", "not in the context",
                                       "the context is ambiguous"))}  # fmt: skip
        rows.append((ids[i], "| " + " | ".join(cells[c] for c in columns) + " |"))
    rows.sort()
    table = "\n".join(["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns), *(r for _k, r in rows)])
    if d.flag("hash_caption"):
        table = f"Verdicts ({d.n} row{_pl(d.n)}, sorted by {columns[0]}):\n\n{table}"
    return d.done(table)


# ----------------------------------------------------------------- 10. sort_keys_dump


@HELDOUT39
def sort_keys_dump(ch: Chooser) -> BlindOutput:
    """A DSPy or plain-Python pipeline that stores its verdict dict with ``json.dumps(..., sort_keys=True)`` or
    ``yaml.safe_dump`` (which sorts keys): stmt_1, stmt_10, stmt_2, ... each holding its statement and verdict."""
    d = Draw(ch, "sort_keys_dump", max_n=MAX_N)
    prefix = d.dim("key_prefix", ("stmt_", "claim_", "s", "statement-"))
    fmt = d.dim("dump_format", ("json", "yaml"))
    keys = [f"{prefix}{i + 1}" for i in range(d.n)]
    records: dict[str, dict[str, object]] = {}
    if fmt == "json":
        labels = d.dim("dump_labels", LABELS)
        for i, statement, truth in d.items():
            records[keys[i]] = {"statement": statement, "verdict": _of(truth, labels)}
        indent = d.dim("dump_indent", ("2", "4"))
        text = json.dumps(records, indent=int(indent), sort_keys=True, ensure_ascii=False)
        if d.flag("dump_fence"):
            text = f"```json\n{text}\n```"
        return d.done(text)
    values = d.dim("yaml_values", ("bool", "labels"))
    labels = d.dim("dump_labels", LABELS)
    lines = []
    if values == "bool":
        lines.append("# verdict: true = supported, false = not supported, null = cannot be determined")
    by_key = {keys[i]: (s, t) for i, s, t in d.items()}
    for key in sorted(by_key):
        statement, truth = by_key[key]
        verdict = _of(truth, ("true", "false", "null")) if values == "bool" else json.dumps(_of(truth, labels))
        lines.append(f"{key}:\n  statement: {json.dumps(statement, ensure_ascii=False)}\n  verdict: {verdict}")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 11. zero_keyed_dict


@HELDOUT39
def zero_keyed_dict(ch: Chooser) -> BlindOutput:
    """GPT-4o in JSON mode and Qwen 2.5 asked for "a mapping from statement key to verdict": keys from 0
    (``{"s0": true}``, ``{"0": "supported"}``, a Python ``{0: 'yes'}``) or from a (``{"claim_a": ...}``)."""
    d = Draw(ch, "zero_keyed_dict", max_n=MAX_N)
    key_kind = d.dim("dict_keys", ("s0", "str0", "int0", "claim_a", "a"))
    values = d.dim("dict_values", ("bool", "labels"))
    labels = d.dim("dict_labels", LABELS)
    python = key_kind == "int0" or d.flag("python_repr")

    def key(i: int) -> str | int:
        keys: dict[str, str | int] = {
            "s0": f"s{i}", "str0": str(i), "int0": i, "claim_a": f"claim_{LETTERS[i]}", "a": LETTERS[i]
        }  # fmt: skip
        return keys[key_kind]

    def value(truth: Truth) -> object:
        return truth if values == "bool" else _of(truth, labels)

    mapping = {key(i): value(t) for i, _s, t in d.items()}
    if python:
        text = "{" + ", ".join(f"{k!r}: {v!r}" for k, v in mapping.items()) + "}"
    else:
        text = json.dumps(mapping, indent=2 if d.flag("dict_indent") else None, ensure_ascii=False)
    wrap = d.dim("dict_wrap", ("bare", "fence", "assign", "lead_in"))
    if wrap == "fence":
        text = f"```{'python' if python else 'json'}\n{text}\n```"
    elif wrap == "assign":
        text = f"verdicts = {text}"
    elif wrap == "lead_in":
        text = f"Here is the mapping:\n{text}"
    if values == "bool" and None in d.truth:
        null = "None" if python else "null"
        text += f"\n\n({null} means the context does not let me decide that statement.)"
    return d.done(d.frame(text, think=False, tally=False))


# ----------------------------------------------------------------- 12. grouped_by_verdict_ids


@HELDOUT39
def grouped_by_verdict_ids(ch: Chooser) -> BlindOutput:
    """GPT-4o and Llama 3.1 70B summarising by verdict: "Supported: (a), (c) / Not supported: (b)", with letters,
    0-based indices or ids keyed first, every statement in exactly one group."""
    d = Draw(ch, "grouped_by_verdict_ids", max_n=MAX_N)
    kind = d.dim("group_ids", ("letters", "zero_based", "mapped"))
    key = ""
    if kind == "letters":
        style = d.dim("group_letter_style", ("({l})", "{l}", "{L}"))
        ids = [style.format(l=LETTERS[i], L=LETTERS[i].upper()) for i in range(d.n)]
    elif kind == "zero_based":
        # a bare "Supported: 0" reads as a count: each index carries its kind
        style = d.dim("group_zero_style", ("#{i}", "idx {i}", "statement {i}", "s{i}"))
        ids = [style.format(i=i) for i in range(d.n)]
    else:
        ids = _scheme_ids(d, d.dim("id_scheme", tuple(_ID_SCHEMES)))
        key = _mapping(d, ids)
    group_names = (LABELS[0], ("Supported", "Unsupported", "Undetermined"), ("Entailed", "Not entailed", "Cannot tell"))
    names = d.dim("group_names", group_names)
    form = d.dim("group_form", ("lines", "list_brackets", "bullets"))
    empty = d.dim("group_empty", ("omit", "none_word"))
    order: tuple[Truth, ...] = (False, None, True) if d.flag("group_problems_first") else (True, False, None)
    lines = []
    for verdict in order:
        members = [ids[i] for i, _s, t in d.items() if t is verdict]
        if not members and (empty == "omit" or verdict is None):
            continue
        label = _of(verdict, names)
        label = label[:1].upper() + label[1:]
        if form == "list_brackets":
            joined = "[" + ", ".join(members) + "]"
        else:
            joined = ", ".join(members) if members else "none"
        lines.append(f"- {label}: {joined}" if form == "bullets" else f"{label}: {joined}")
    body = "\n".join(lines)
    if kind == "zero_based" and d.flag("group_zero_note"):
        body = "Indices refer to the statements list (0-based).\n" + body
    if key:
        body = f"{key}\n\n{body}"
    return d.done(d.frame(body, think=kind != "zero_based"))


# ----------------------------------------------------------------- 13. xml_id_echo


@HELDOUT39
def xml_id_echo(ch: Chooser) -> BlindOutput:
    """Claude 3.5 Sonnet answering a prompt that wrapped each statement in ``<statement id="...">``: the same ids
    echoed on ``<claim>`` elements holding the statement's text, its reasoning and its verdict."""
    d = Draw(ch, "xml_id_echo", max_n=MAX_N)
    scheme = d.dim("xml_scheme", ("hex", "C-0{k}", "stmt_{k}", "q{q}_s{k}", "uuid_prefix"))
    if scheme == "hex":
        ids = _hex_ids(d, 6)
    elif scheme == "uuid_prefix":
        ids = _uuid_prefix(d)
    else:
        ids = _scheme_ids(d, scheme)
    labels = d.dim("xml_labels", (*LABELS[:3], ("true", "false", "unknown")))
    form = d.dim("xml_form", ("elements", "attributes"))
    ink = d.use_ink(WORD_VOCABULARIES)
    parts = []
    for i, statement, truth in d.items():
        if form == "elements":
            parts.append(
                f'<claim id="{ids[i]}">\n<text>{statement}</text>\n'
                f"<reasoning>{ink.explanation(i, truth)}</reasoning>\n<verdict>{_of(truth, labels)}</verdict>\n</claim>"
            )
        else:
            parts.append(f'<claim id="{ids[i]}" verdict="{_of(truth, labels)}">{statement}</claim>')
    body = "<evaluation>\n" + "\n".join(parts) + "\n</evaluation>"
    return d.done(d.frame(body, tally=False))


# ----------------------------------------------------------------- 14. dspy_field_markers


@HELDOUT39
def dspy_field_markers(ch: Chooser) -> BlindOutput:
    """DSPy's ChatAdapter (``[[ ## field ## ]]`` markers) over a signature whose output is a dict keyed by the
    statements' list index, or one output field per index (``verdict_0``, ``verdict_1``)."""
    d = Draw(ch, "dspy_field_markers", max_n=MAX_N)
    ink = d.use_ink(WORD_VOCABULARIES)
    form = d.dim("dspy_form", ("dict_field", "per_index_fields"))
    reasoning = "\n".join(f"Index {i}: {ink.explanation(i, t)}" for i, _s, t in d.items())
    parts = ["[[ ## reasoning ## ]]", reasoning]
    if form == "dict_field":
        values = d.dim("dspy_values", ("bool", "labels"))
        labels = d.dim("dspy_labels", LABELS)
        key = d.dim("dspy_key", ("{i}", "s{i}", "idx_{i}"))
        mapping = {key.format(i=i): (t if values == "bool" else _of(t, labels)) for i, _s, t in d.items()}
        parts += ["", "[[ ## verdicts ## ]]", json.dumps(mapping, ensure_ascii=False)]
        if values == "bool" and None in d.truth:
            parts[1] += "\nnull marks a statement the context does not let me decide."
    else:
        for i, _statement, truth in d.items():
            parts += ["", f"[[ ## verdict_{i} ## ]]", ink.word(i, truth)]
    parts += ["", "[[ ## completed ## ]]"]
    return d.done("\n".join(parts))


# ----------------------------------------------------------------- 15. pydantic_index_repr


@HELDOUT39
def pydantic_index_repr(ch: Chooser) -> BlindOutput:
    """LangChain's ``with_structured_output`` (or Instructor) returning Pydantic models with an index field from 0,
    stored with ``str()``: ``FaithfulnessResult(verdicts=[StatementVerdict(idx=0, verdict=<Verdict.SUPPORTED:
    'supported'>), ...])``."""
    d = Draw(ch, "pydantic_index_repr", max_n=MAX_N)
    field = d.dim("index_field", ("idx", "index", "i", "statement_index"))
    kind = d.dim("verdict_kind", ("enum", "str", "bool"))
    reason = d.flag("repr_reason")
    ink = d.use_ink(WORD_VOCABULARIES)
    enum = (("SUPPORTED", "supported"), ("NOT_SUPPORTED", "not_supported"), ("UNDETERMINED", "undetermined"))
    items = []
    for i, _statement, truth in d.items():
        if kind == "enum":
            member, value = enum[0 if truth is True else 1 if truth is False else 2]
            verdict = f"verdict=<Verdict.{member}: '{value}'>"
        elif kind == "str":
            verdict = f"verdict={_of(truth, ('yes', 'no', 'cannot be determined'))!r}"
        else:
            verdict = f"supported={truth!r}"
            if truth is None:
                verdict += ", note='cannot be determined from the context'"
        text = f"StatementVerdict({field}={i}, {verdict}"
        if reason:
            text += f", reason={ink.explanation(i, truth)!r}"
        items.append(text + ")")
    joiner = ",\n    " if d.flag("repr_wrapped") else ", "
    body = f"FaithfulnessResult(verdicts=[{joiner.join(items)}])"
    if joiner != ", ":
        body = f"FaithfulnessResult(verdicts=[\n    {joiner.join(items)}\n])"
    return d.done(body)


# ----------------------------------------------------------------- 16. id_listing_refusals


@HELDOUT39
def id_listing_refusals(ch: Chooser) -> BlindOutput:
    """The grader declines the whole task, naming the statements by the same identifiers (0-based, letters, ids)
    and giving no verdict: the context is empty or missing."""
    d = Draw(ch, "id_listing_refusals", unknowns=False, max_n=MAX_N)
    kind = d.dim("refusal_ids", ("zero", "letters", "s_ids", "subscript", "dspy"))
    last = d.n - 1
    span = {
        "zero": f"statements 0–{last}" if d.n > 1 else "statement 0",
        "letters": f"claims (a)–({LETTERS[last]})" if d.n > 1 else "claim (a)",
        "s_ids": f"S1–S{d.n}" if d.n > 1 else "S1",
        "subscript": f"claims[0] through claims[{last}]" if d.n > 1 else "claims[0]",
        "dspy": "",
    }[kind]
    reasons = (
        "the context field is empty",
        "no retrieved passages were included",
        "the context you sent is about a different document",
    )
    reason = ch.pick("refusal_reason", reasons)
    if kind == "dspy":
        text = (
            f"[[ ## reasoning ## ]]\nI cannot evaluate any of the {d.n} statement{_pl(d.n)}: {reason}, so there is "
            "nothing to check them against. I am not giving verdicts.\n\n[[ ## verdicts ## ]]\n{}\n\n"
            "[[ ## completed ## ]]"
        )
        return d.refused(text)
    opener = ch.pick("refusal_opener", ("I'm sorry, but I can't", "Unfortunately, I'm unable to", "I can't"))
    text = f"{opener} judge {span} because {reason}."
    if d.flag("refusal_ask"):
        text += " Please resend the request with the context and I'll give a verdict for each."
    if d.flag("refusal_json", weight_off=2):
        text = json.dumps({"error": f"{opener} judge {span}: {reason}.", "verdicts": None}, ensure_ascii=False)
    return d.refused(text)
