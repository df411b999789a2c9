"""A TWENTY-THIRD HELD-OUT set of blind layouts: small local models as graders, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout23``); do not read it while
developing the reader. Written from how small and quantized models answer call 2 when a team
runs the judge on its own hardware (Llama 3.2 1B/3B, Phi-3 mini, Gemma 2 2B, Qwen 2.5 1.5B/3B,
TinyLlama, Mistral 7B at Q4, deepseek-r1:1.5b) through Ollama, llama.cpp (``llama-cli``,
``llama-server``), vLLM, LM Studio or a transformers pipeline, and from what those runtimes
and scripts leave in the text: end-of-turn tokens the server did not stop on (``<|eot_id|>``,
``</s>``, ``<|im_end|>``, ``<end_of_turn>``, ``<|end|>``) and the same answer given again in a
second turn after them; the chat template's role names left when the special tokens are
skipped ("assistant", "model"), or the whole decoded conversation (system header, the prompt,
then the answer); the last line caught in a repetition loop; the prompt's format instructions
or its template repeated before the answer; numbering that skips, repeats or restarts; a
verdict line with the statement pasted in twice; everything in lowercase in one run-on
paragraph without punctuation; JSON left half-closed (a missing bracket, a trailing comma, a
grammar's run of whitespace); an answer that continues a prefilled or clipped prompt
mid-word ("s: Yes. No."); emojis sprinkled everywhere; a "Note:" after the verdicts;
detokenizer artifacts (``▁`` and ``Ġ``/``Ċ`` token pieces, ``�`` for split emoji, stuttered
words, spaces before punctuation); runtime logs around the answer (``llama-cli``'s loader and
``[end of text]`` with its timings, ``ollama run --verbose`` statistics, ``llama-server`` slot
lines); a made-up next example after the answer; and clumsy refusals carrying the same noise.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft where a small reasoning model writes one, a preface, an agreeing
count, the legacy final line, a sign-off). Only outputs a careful person reads without doubt
are drawn: the noise never touches a verdict word, every repeated copy is identical, a
token glued to the answer follows a full stop or a line break (never a bare verdict word),
every echoed instruction or template is recognisably the prompt's (its example line inside
its own sentence, placeholders in brackets), and every made-up next turn or example is about
other statements, clearly a new task.

    HELDOUT23.draw(RandomChooser(random.Random(7)))    # one output, layout chosen uniformly
    heldout23_outputs(layout="stop_token_rerun")        # one layout's strategy
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet, lower_first
from tests.scoring.graders import Chooser, Truth

HELDOUT23 = LayoutSet("heldout23")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout23_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-third held-out set (one layout when named)."""
    return HELDOUT23.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop."""
    return statement[:-1] if statement.endswith(".") else statement


def _stop(word: str) -> str:
    return word if word.endswith((".", "!", "?")) else word + "."


def _one_zero(truth: Truth) -> int | None:
    """RAGAS's verdict: 1, 0, or null where the grader left the statement undecided."""
    return None if truth is None else int(truth)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------- the model families' templates


@dataclass(frozen=True)
class Family:
    """A local model family's chat template, as it shows when the runtime does not stop on its tokens."""

    eos: str  # the end-of-turn token
    assistant: str  # the assistant header, special tokens shown
    bare_assistant: str  # the assistant header once the special tokens are skipped
    bare_user: str
    between: str  # what the template puts between a turn's end token and the next header
    end_of_text: str  # the end-of-sequence token that may follow the last turn


FAMILIES: dict[str, Family] = {
    # Llama 3.1 / 3.2 (1B, 3B, 8B)
    "llama3": Family("<|eot_id|>", "<|start_header_id|>assistant<|end_header_id|>\n\n", "assistant\n\n",
                     "user\n\n", "", "<|end_of_text|>"),
    # Qwen 2.5 (ChatML), SmolLM2
    "qwen": Family("<|im_end|>", "<|im_start|>assistant\n", "assistant\n", "user\n", "\n", "<|endoftext|>"),
    # Gemma 2 2B
    "gemma": Family("<end_of_turn>", "<start_of_turn>model\n", "model\n", "user\n", "\n", "<eos>"),
    # Phi-3 mini: its role tokens are special, nothing is left of them once skipped
    "phi3": Family("<|end|>", "<|assistant|>\n", "", "", "\n", "<|endoftext|>"),
    # Mistral 7B Instruct at Q4: no assistant header at all
    "mistral": Family("</s>", "", "", "", "", ""),
    # TinyLlama chat (Zephyr template): its role names are plain text, never skipped
    "zephyr": Family("</s>", "<|assistant|>\n", "<|assistant|>\n", "<|user|>\n", "\n", ""),
}  # fmt: skip
WITH_ROLE_NAMES = ("llama3", "qwen", "gemma", "zephyr")


def _after(text: str, token: str) -> str:
    """A special token right after the text, as the model emitted it ("No.<|eot_id|>", "No</s>")."""
    return text.rstrip(" ") + token


def _glued(text: str, token: str) -> str:
    """A role name left by skipped special tokens right after ``text``, as the model emitted it; after a
    bare word, on the next line (a role name glued to a verdict word, "Noassistant", is not drawn)."""
    stripped = text.rstrip(" ")
    if not stripped or stripped.endswith(("\n", ".", "!", "?", ")", "}", "]", ":")):
        return stripped + token
    return stripped + "\n" + token


# ----------------------------------------------------------------- answers as small models write them


def _ink(d: Draw) -> Ink:
    return d.use_ink(WORD_VOCABULARIES)


_BODIES = ("legacy_blocks", "numbered_blocks", "statement_lines", "numbered_lines", "final_only")


def _body(d: Draw, ink: Ink, name: str = "body", forms: tuple[str, ...] = _BODIES) -> str:
    """The verdicts in one of the plain forms small models write for the legacy prompt."""
    form = d.dim(name, forms)
    if form in ("legacy_blocks", "numbered_blocks"):
        blocks = []
        for i, statement, truth in d.items():
            head = f"Statement: {statement}" if form == "legacy_blocks" else f"{i + 1}. {statement}"
            blocks.append(f"{head}\nExplanation: {ink.explanation(i, truth)}\nVerdict: {_stop(ink.word(i, truth))}")
        text = "\n\n".join(blocks)
        if d.flag(f"{name}_final_line", weight_off=1):
            text += "\n\n" + d.final_line()
        return text
    if form == "statement_lines":
        return "\n".join(f"Statement {i + 1}: {ink.word(i, t)}" for i, _s, t in d.items())
    if form == "numbered_lines":
        return "\n".join(f"{i + 1}. {_stop(ink.word(i, t))} {ink.explanation(i, t)}" for i, _s, t in d.items())
    return d.final_line()


# ----------------------------------------------------------------- 1. stripped_role_names

_USER_TURNS = ("Thanks!", "thank you", "ok thanks", "Great, thanks.", "thx")
_ASSISTANT_REPLIES = (
    "You're welcome! Let me know if you have more statements to check.",
    "Glad I could help!",
    "Anytime! 😊",
    "No problem. Have a nice day!",
)


@HELDOUT23
def stripped_role_names(ch: Chooser) -> BlindOutput:
    """Llama 3.2, Qwen 2.5, Gemma 2 and TinyLlama decoded with the special tokens skipped (a transformers
    pipeline, Ollama's raw mode): the role names stay ("assistant", "model") before the answer, and the
    model may go on with a made-up thank-you exchange, or stop on a dangling role name."""
    d = Draw(ch, "stripped_role_names", max_n=MAX_N)
    family = FAMILIES[d.dim("family", WITH_ROLE_NAMES)]
    ink = _ink(d)
    answer = d.frame(_body(d, ink), think=False)
    lead = d.flag("role_lead", weight_off=1)
    tail = d.dim("role_tail", ("none", "dangling", "chat") if lead else ("dangling", "chat"))
    text = (family.bare_assistant if lead else "") + answer
    if tail == "dangling":
        text = _glued(text + family.between, family.bare_assistant.rstrip("\n"))
    elif tail == "chat":
        user = ch.pick("user_turn", _USER_TURNS)
        reply = ch.pick("assistant_reply", _ASSISTANT_REPLIES)
        text = _glued(text + family.between, family.bare_user + user)
        text = _glued(text + family.between, family.bare_assistant + reply)
    return d.done(text)


# ----------------------------------------------------------------- 2. stop_token_rerun


@HELDOUT23
def stop_token_rerun(ch: Chooser) -> BlindOutput:
    """Ollama or llama.cpp with a GGUF whose stop token is not set (early Llama 3 quants, Qwen 2.5 in raw
    mode, Mistral 7B Q4): the end-of-turn token is printed, a second assistant turn starts after it and
    gives the same answer again, word for word, once or twice."""
    d = Draw(ch, "stop_token_rerun", max_n=MAX_N)
    family = FAMILIES[d.dim("family", tuple(FAMILIES))]
    ink = _ink(d)
    answer = d.frame(_body(d, ink), think=False)
    copies = int(d.dim("copies", ("2", "2", "3")))
    joint = d.dim("rerun_joint", ("eos_header", "eos_header", "eos_only", "eos_newline"))
    if joint == "eos_header":
        between = family.eos + family.between + family.assistant
    elif joint == "eos_only":
        between = family.eos
    else:
        between = family.eos + "\n\n"
    text = answer
    for _ in range(copies - 1):
        text = _after(text, between) + answer
    end = d.dim("rerun_end", ("eos", "eos_end_of_text", "dangling_header", "none"))
    if end == "eos":
        text = _after(text, family.eos)
    elif end == "eos_end_of_text":
        text = _after(text, family.eos + family.end_of_text)
    elif end == "dangling_header":
        text = _after(text, family.eos + family.between + family.assistant.rstrip("\n"))
    return d.done(text)


# ----------------------------------------------------------------- 3. last_line_loop

_LOOP_SIGN_OFFS = (
    "I hope this helps!",
    "Let me know if you have any other questions.",
    "Thank you for the task.",
    "I have evaluated all the statements.",
    "This is the end of my evaluation.",
)
_LOOP_NOTES = (
    "Note: The verdicts are based only on the provided context.",
    "Note: I did not use any outside knowledge.",
    "(All statements were checked against the context above.)",
)


@HELDOUT23
def last_line_loop(ch: Chooser) -> BlindOutput:
    """A small quant at low temperature with no repeat penalty (Llama 3.2 1B, Qwen 2.5 1.5B, Gemma 2 2B
    Q4): after the answer its last line starts over and over, the same line each time, until the token
    limit (a closing remark's last copy cut mid-word)."""
    d = Draw(ch, "last_line_loop", max_n=MAX_N)
    ink = _ink(d)
    looped = d.dim("looped_line", ("final_line", "last_item", "sign_off", "note"))
    if looped == "final_line":
        body = _body(d, ink, "loop_body", ("legacy_blocks", "numbered_lines", "final_only"))
        if not body.endswith(d.final_line()):
            body += "\n\n" + d.final_line()
        line = d.final_line()
    elif looped == "last_item":
        form = d.dim("loop_item", ("Statement {k}: {v}", "{k}. {v}", "{k}. {v} - {e}", "Verdict {k}: {v}"))
        lines = [form.format(k=i + 1, v=ink.word(i, t), e=lower_first(ink.explanation(i, t))) for i, _s, t in d.items()]
        body = "\n".join(lines)
        line = lines[-1]
    else:
        body = _body(d, ink, "loop_body")
        line = ch.pick("loop_text", _LOOP_SIGN_OFFS if looped == "sign_off" else _LOOP_NOTES)
        body += "\n\n" + line
    gap = d.dim("loop_gap", ("\n", "\n", "\n\n", " ") if looped in ("sign_off", "note") else ("\n", "\n\n"))
    repeats = ch.integer("loop_repeats", 2, 14)
    text = body + gap + gap.join([line] * repeats)
    if looped in ("sign_off", "note") and d.flag("loop_cut"):
        text += gap + line[: ch.integer("loop_cut_at", 2, len(line) - 2)]
    return d.done(d.frame(text, tally=False, sign_off=False))


# ----------------------------------------------------------------- 4. format_spec_parroted

# The legacy prompt's sentences about the task and its format, verbatim.
_LEGACY_SENTENCES = (
    "Read the context, then judge each statement below: is it supported by the information in the context?",
    "Answer Yes only when the context states it or it follows directly from the context; otherwise answer No.",
    'For each statement, write the statement, a one-sentence explanation, and then "Verdict: Yes." or "Verdict: No.".',
    "After the last statement, write one final line listing every verdict in the order of the statements, "
    "exactly in this form:\nFinal verdict for each statement in order: Yes. No. Yes.",
    "Do not write anything after that line.",
)
_RAGAS_SHAPE = (
    "Reply with JSON only, no markdown and no other text, in exactly this shape:\n"
    '{"statements": [{"statement": "the statement", "reason": "one sentence on why", "verdict": 1}]}'
)
_ECHO_HEADS = ("none", "Format:", "Output format:", "Okay! So the rules are:", "Got it. I need to follow this:")
# (open, close) around a template's placeholders
_PLACEHOLDERS = {"angle": ("<", ">"), "square": ("[", "]"), "curly": ("{", "}")}


@HELDOUT23
def format_spec_parroted(ch: Chooser) -> BlindOutput:
    """Phi-3 mini, Llama 3.2 1B and Qwen 2.5 1.5B repeating the prompt's format part before answering:
    its sentences verbatim (the example final line in its own sentence), the RAGAS shape with its
    placeholder item, a template with bracketed placeholders, or the rules as a list."""
    d = Draw(ch, "format_spec_parroted", max_n=MAX_N)
    kind = d.dim("parroted", ("legacy_sentences", "legacy_sentences", "ragas_shape", "template", "rules_list"))
    head = d.dim("parrot_head", _ECHO_HEADS)
    ink = d.use_ink(("yes_no", "yes_no", "yes_no", "supported", "true_false"))
    if kind == "legacy_sentences":
        start = ch.integer("parrot_from", 0, 2)
        stop = ch.integer("parrot_to", max(start + 1, 2), len(_LEGACY_SENTENCES))
        d.dims["parrot_sentences"] = f"{start}-{stop}"
        joiner = d.dim("parrot_join", (" ", "\n"))
        echo = joiner.join(_LEGACY_SENTENCES[start:stop])
    elif kind == "ragas_shape":
        echo = _RAGAS_SHAPE
    elif kind == "template":
        opening, closing = _PLACEHOLDERS[d.dim("placeholder", tuple(_PLACEHOLDERS))]
        words = d.dim("placeholder_words", ("Yes/No", "Yes or No", "verdict"))
        echo = (
            f"Statement: {opening}statement{closing}\nExplanation: {opening}one-sentence explanation{closing}\n"
            f"Verdict: {opening}{words}{closing}\n...\n"
            f"Final verdict for each statement in order: {opening}verdicts{closing}"
        )
    else:
        echo = (
            "Rules:\n- Yes = the context states it or it follows directly from the context.\n"
            "- No = otherwise.\n- Explanation first, then the verdict.\n- One final line with all the verdicts."
        )
    wrap = d.dim("parrot_wrap", ("plain", "plain", "fence", "quote"))
    if wrap == "fence":
        echo = f"```\n{echo}\n```"
    elif wrap == "quote":
        echo = "\n".join(f"> {line}" for line in echo.split("\n"))
    parts = [echo if head == "none" else f"{head}\n{echo}"]
    if kind == "ragas_shape":
        values = d.dim("ragas_values", ("int", "str_int"))
        items = []
        for i, statement, truth in d.items():
            number = _one_zero(truth)
            verdict: int | str | None = number if values == "int" or number is None else str(number)
            items.append({"statement": statement, "reason": ink.explanation(i, truth), "verdict": verdict})
        indent = d.dim("json_indent", ("none", "2"))
        answer = json.dumps({"statements": items}, indent=None if indent == "none" else 2, ensure_ascii=False)
    else:
        answer = _body(d, ink, "parrot_body", ("legacy_blocks", "legacy_blocks", "numbered_blocks", "statement_lines"))
    marker = d.dim("answer_marker", ("none", "Verdicts:", "Answer:", "Now my answer:"))
    parts.append(answer if marker == "none" else f"{marker}\n{answer}")
    return d.done(d.frame("\n\n".join(parts), preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 5. misnumbered_echo_lines


def _numbers(ch: Chooser, d: Draw) -> list[int]:
    """Item numbers that go wrong the ways small models number: all ones, a skip, a repeat, a restart."""
    n = d.n
    patterns = ("all_ones", "skip", "start_at_two") + (("repeat", "restart") if n > 1 else ())
    pattern = d.dim("numbering", patterns)
    if pattern == "all_ones":
        return [1] * n
    if pattern == "start_at_two":
        return [k + 2 for k in range(n)]
    if pattern == "skip":
        at = ch.integer("skip_at", 0, n - 1)
        return [k + 1 if k < at else k + 2 for k in range(n)]
    at = ch.integer("wrong_at", 1, n - 1)
    if pattern == "repeat":
        return [k + 1 if k < at else k for k in range(n)]
    return [k + 1 if k < at else k - at + 1 for k in range(n)]


_NUMBER_STYLES = ("{j}.", "{j})", "Statement {j}:", "{j}:", "#{j}")
_ECHO_LINES = ("{num} {s} - {v}", '{num} "{b}" → {v}', "{num} {s}\n   Verdict: {v}", "{num} {s} ({v})",
               "{num} {s} | {v}")  # fmt: skip


@HELDOUT23
def misnumbered_echo_lines(ch: Chooser) -> BlindOutput:
    """Llama 3.2 3B and Gemma 2 2B numbering their echoed lines wrongly: every item "1." (markdown habit),
    a number skipped or repeated, the count restarting, or starting at 2; each line holds its statement."""
    d = Draw(ch, "misnumbered_echo_lines", max_n=MAX_N)
    numbers = _numbers(ch, d)
    style = d.dim("number_style", _NUMBER_STYLES)
    form = d.dim("echo_line", _ECHO_LINES)
    explain = d.flag("echo_explain")
    ink = _ink(d)
    lines = []
    for i, statement, truth in d.items():
        line = form.format(num=style.format(j=numbers[i]), s=statement, b=_bare(statement), v=ink.word(i, truth))
        if explain:
            line += f"\n   {ink.explanation(i, truth)}"
        lines.append(line)
    gap = "\n\n" if explain or "\n" in form else d.dim("echo_gap", ("\n", "\n\n"))
    return d.done(d.frame(gap.join(lines), final=True))


# ----------------------------------------------------------------- 6. statement_pasted_twice

_TWICE_FORMS = {
    "marker": "Statement {k}: {s} {s} Verdict: {v}.",
    "glued": "{k}. {s}{s} - {v}",
    "block": "Statement: {s}\nStatement: {s}\nExplanation: {e}\nVerdict: {v}.",
    "quoted": '"{b}" "{b}": {v}',
    "around": "{k}. {s} — {v} — {s}",
}


@HELDOUT23
def statement_pasted_twice(ch: Chooser) -> BlindOutput:
    """Qwen 2.5 1.5B, Llama 3.2 1B and Mistral 7B Q4 pasting a statement twice into its verdict line (a
    copy loop that ends after one extra copy): "Statement 2: X X Verdict: No.", or its block's first line
    twice; on some lines or all of them."""
    d = Draw(ch, "statement_pasted_twice", max_n=MAX_N, plain_openers=True)
    name = d.dim("twice_form", tuple(_TWICE_FORMS))
    form = _TWICE_FORMS[name]
    once = {
        "marker": "Statement {k}: {s} Verdict: {v}.",
        "glued": "{k}. {s} - {v}",
        "block": "Statement: {s}\nExplanation: {e}\nVerdict: {v}.",
        "quoted": '"{b}": {v}',
        "around": "{k}. {s} — {v}",
    }[name]
    every = d.flag("twice_every_line")
    ink = _ink(d)
    lines = []
    for i, statement, truth in d.items():
        doubled = every or ch.integer("twice_here", 0, 1) == 1
        word = ink.word(i, truth)
        word = word[:-1] if word.endswith(".") else word
        lines.append(
            (form if doubled else once).format(
                k=i + 1, s=statement, b=_bare(statement), v=word, e=ink.explanation(i, truth)
            )
        )
    gap = "\n\n" if name == "block" else "\n"
    return d.done(d.frame(gap.join(lines), final=True))


# ----------------------------------------------------------------- 7. lowercase_runon_paragraph

# Single words a run-on list keeps apart: (supported, not supported).
_SINGLE_WORDS = {
    "yes_no": ("yes", "no"),
    "true_false": ("true", "false"),
    "supported": ("supported", "unsupported"),
    "correct": ("correct", "incorrect"),
    "pass_fail": ("pass", "fail"),
}
_SINGLE_UNKNOWNS = ("unclear", "unknown", "undetermined", "uncertain")
_STRIPPED = set(".,;:!?\"'()[]’“”")


def _flat(text: str) -> str:
    """``text`` as a small model writes it when it drops case and punctuation (digit groups kept)."""
    kept = []
    for j, c in enumerate(text.lower()):
        between_digits = 0 < j < len(text) - 1 and text[j - 1].isdigit() and text[j + 1].isdigit()
        if c in _STRIPPED and not (c in ".,:" and between_digits):
            continue
        kept.append(" " if c == "\n" else c)
    return " ".join("".join(kept).replace(" - ", " ").split())


@HELDOUT23
def lowercase_runon_paragraph(ch: Chooser) -> BlindOutput:
    """Llama 3.2 1B and TinyLlama writing the whole answer in lowercase, one run-on paragraph (or a few
    long lines) with no punctuation: "statement 1 the context states this explicitly verdict yes statement
    2 ...", "for statement 2 the answer is no", or the final line without its full stops."""
    d = Draw(ch, "lowercase_runon_paragraph", max_n=MAX_N, plain_openers=True)
    yes, no = _SINGLE_WORDS[d.dim("runon_words", tuple(_SINGLE_WORDS))]
    unknown = d.dim("runon_unknown", _SINGLE_UNKNOWNS)
    form = d.dim("runon_form", ("labelled", "answer_for", "final"))
    echo = form != "answer_for" and d.flag("runon_echo")
    explain = d.flag("runon_explain")
    ink = d.use_ink(("yes_no",))
    units = []
    for i, statement, truth in d.items():
        word = _of(truth, (yes, no, unknown))
        said = (_flat(statement) + " " if echo else "") + (_flat(ink.explanation(i, truth)) + " " if explain else "")
        if form == "labelled":
            units.append(f"statement {i + 1} {said}verdict {word}")
        elif form == "answer_for":
            units.append(f"for statement {i + 1} the answer is {word}" + (" " + said.strip() if said else ""))
        elif said:
            units.append(f"statement {i + 1} {said.strip()}")
    final = "final verdict for each statement in order " + " ".join(_of(t, (yes, no, unknown)) for t in d.truth)
    if form == "final":
        lines = [" ".join(units), final] if units else [final]
        joined = d.dim("runon_final_join", (" ", "\n"))
        return d.done(joined.join(line for line in lines if line))
    per_line = ch.integer("runon_per_line", 2, 4) if d.flag("runon_broken") else len(units)
    lines = [" ".join(units[j : j + per_line]) for j in range(0, len(units), per_line)]
    lead = d.dim("runon_lead", ("none", "ok here are the verdicts", "sure", "verdicts"))
    text = "\n".join(lines)
    return d.done(text if lead == "none" else f"{lead} {text}")


# ----------------------------------------------------------------- 8. unclosed_json_tail

_JSON_TAILS = ("no_close", "half_close", "wrong_close", "trailing_comma", "whitespace_run", "eos", "open_fence")
_TAIL_EOS = ("<|im_end|>", "<|eot_id|>", "</s>", "<end_of_turn>")


@HELDOUT23
def unclosed_json_tail(ch: Chooser) -> BlindOutput:
    """Ollama's JSON mode and llama.cpp's JSON grammar on 1-3B models: every item written in full, then the
    object left half-closed (the list's bracket or the brace missing, a brace for a bracket, a trailing
    comma), a grammar's run of whitespace until the token limit, an end token, an unclosed fence."""
    d = Draw(ch, "unclosed_json_tail", max_n=MAX_N)
    ink = _ink(d)
    values = d.dim("json_values", ("int", "int", "str_int", "word"))
    order = d.dim("json_order", ("statement_reason_verdict", "statement_verdict_reason", "reason_verdict_statement"))
    indent = d.dim("json_indent", ("none", "2", "4"))
    keys = {"statement_reason_verdict": ("statement", "reason", "verdict"),
            "statement_verdict_reason": ("statement", "verdict", "reason"),
            "reason_verdict_statement": ("reason", "verdict", "statement")}[order]  # fmt: skip
    step = None if indent == "none" else int(indent)
    objects = []
    for i, statement, truth in d.items():
        if values == "word":
            verdict: int | str | None = ink.word(i, truth).lower()
        elif truth is None:
            verdict = None
        else:
            verdict = int(truth) if values == "int" else str(int(truth))
        fields = {"statement": statement, "reason": ink.explanation(i, truth), "verdict": verdict}
        text = json.dumps({key: fields[key] for key in keys}, indent=step, ensure_ascii=False)
        if step is not None:
            text = "\n".join(" " * (2 * step) + line for line in text.split("\n"))
        objects.append(text)
    # Every item written in full; what follows the last one is drawn below.
    if step is None:
        kept = '{"statements": [' + ", ".join(objects)
    else:
        kept = "{\n" + " " * step + '"statements": [\n' + ",\n".join(objects)
    tail = d.dim("json_tail", _JSON_TAILS)
    if tail == "half_close":
        kept += "]" if step is None else "\n" + " " * step + "]"
    elif tail == "wrong_close":
        kept += "}" if step is None else "\n}"
    elif tail == "trailing_comma":
        kept += ","
    elif tail == "whitespace_run":
        kept += ch.pick("whitespace", ("\n", "\n ", " ", "\t", "\n\t")) * ch.integer("whitespace_count", 6, 40)
    elif tail == "eos":
        kept += ch.pick("json_eos", _TAIL_EOS)
    text = kept
    if tail == "open_fence" or d.flag("json_fenced", weight_off=3):
        text = "```json\n" + text
    if d.flag("json_lead", weight_off=2):
        text = ch.pick("json_lead_text", ("Here is the JSON:", "Sure! Here is the output:", "Output:")) + "\n" + text
    return d.done(text)


# ----------------------------------------------------------------- 9. prefilled_continuation

_CLIPPED_HEADERS = ("er:", "rder:", "n order:", "each statement in order:")


@HELDOUT23
def prefilled_continuation(ch: Chooser) -> BlindOutput:
    """llama.cpp's ``/completion`` endpoint and LM Studio's raw completions, the prompt ending in a prefill
    or clipped by the context window: the model's text starts mid-word or mid-line ("s: Yes. No.",
    "er: Yes. No.", " Yes\\nStatement 2: No"), the rest of the answer in its usual form."""
    d = Draw(ch, "prefilled_continuation", max_n=MAX_N)
    ink = _ink(d)
    kind = d.dim("prefill", ("verdicts_s", "final_clipped", "statement_one", "numbered_one", "json_items",
                             "explanation_first"))  # fmt: skip
    words = [ink.word(i, t) for i, _s, t in d.items()]
    if kind == "verdicts_s":
        text = "s: " + " ".join(_stop(w) for w in words)
    elif kind == "final_clipped":
        text = d.dim("clipped_header", _CLIPPED_HEADERS) + " " + " ".join(_stop(w) for w in words)
    elif kind in ("statement_one", "numbered_one"):
        explain = d.flag("prefill_explain")
        lines = []
        for i, _statement, truth in d.items():
            label = "" if i == 0 else (f"Statement {i + 1}:" if kind == "statement_one" else f"{i + 1}.")
            line = f"{label} {words[i]}"
            if explain:
                line = f"{_stop(line)} {ink.explanation(i, truth)}"
            lines.append(line)
        text = "\n".join(lines)
    elif kind == "json_items":
        objects = []
        for i, statement, truth in d.items():
            item = {"statement": statement, "reason": ink.explanation(i, truth), "verdict": _one_zero(truth)}
            objects.append(json.dumps(item, ensure_ascii=False))
        style = d.dim("json_continuation", ("one_line", "lines"))
        text = ", ".join(objects) + "]}" if style == "one_line" else "\n  " + ",\n  ".join(objects) + "\n]}"
    else:
        blocks = []
        for i, statement, truth in d.items():
            marker = f"Verdict: {_stop(words[i])}"
            if i == 0:
                blocks.append(f" {ink.explanation(i, truth)}\n{marker}")
            else:
                blocks.append(f"Statement: {statement}\nExplanation: {ink.explanation(i, truth)}\n{marker}")
        text = "\n\n".join(blocks)
        if d.flag("prefill_final_line"):
            text += "\n\n" + d.final_line()
    if kind != "json_items" and d.flag("prefill_sign_off", weight_off=3):
        text += "\n\n" + ch.pick("prefill_sign_off_text", ("I hope this helps!", "Let me know if you need more help."))
    return d.done(text)


# ----------------------------------------------------------------- 10. chatty_emoji_sprinkles

_EMOJI_OPENERS = (
    "Sure! 😊 Here's what I found:",
    "Okay! Let's check each statement 🔍",
    "Here you go! 👇",
    "Great task! 🤓 Let's dive in.",
    "Alright, here are my verdicts 📝",
)
_EMOJI_CLOSERS = (
    "Hope this helps! 🙌",
    "Let me know if you need anything else! 😊",
    "Happy to help! ✨",
    "Good luck with your project! 🚀",
)
# (supported, not supported, undecided) marks beside the verdict word
_EMOJI_MARKS = {
    "checks": ("✅", "❌", "🤔"),
    "lights": ("🟢", "🔴", "🟡"),
    "thumbs": ("👍", "👎", "🤷"),
    "heavy": ("✔️", "✖️", "❓"),
}
_EMOJI_FACES = ("😊", "😕", "🤷‍♂️")
_EMOJI_POINTERS = ("👉", "📌", "🔹", "➡️")
_EMOJI_LINES = (
    "**Statement {k}:** {m} {w}",
    "{p} Statement {k}: {w} {m}",
    "{m} Statement {k} — {w}",
    "{p} **{k}.** {w} {m}{f}",
)


@HELDOUT23
def chatty_emoji_sprinkles(ch: Chooser) -> BlindOutput:
    """Gemma 2 2B and Llama 3.2 3B in a chat app's default persona: a cheery opener with an emoji, a mark
    beside each verdict word (and a face), pointers and 📄 before the explanations, an emoji sign-off."""
    d = Draw(ch, "chatty_emoji_sprinkles", max_n=MAX_N)
    ink = _ink(d)
    marks = _EMOJI_MARKS[d.dim("emoji_marks", tuple(_EMOJI_MARKS))]
    form = d.dim("emoji_line", _EMOJI_LINES)
    pointer = ch.pick("emoji_pointer", _EMOJI_POINTERS)
    explain = d.dim("emoji_explain", ("none", "next_line", "same_line"))
    lines = []
    for i, _statement, truth in d.items():
        line = form.format(k=i + 1, w=ink.word(i, truth), m=_of(truth, marks), p=pointer, f=_of(truth, _EMOJI_FACES))
        if explain == "next_line":
            line += f"\n📄 {ink.explanation(i, truth)}"
        elif explain == "same_line":
            line += f" — {ink.explanation(i, truth)}"
        lines.append(line)
    body = ("\n\n" if explain == "next_line" else "\n").join(lines)
    parts = [ch.pick("emoji_opener", _EMOJI_OPENERS), body]
    if d.flag("emoji_tally", weight_off=2):
        parts.append(f"🎯 {d.tally()}")
    if d.flag("emoji_closer"):
        parts.append(ch.pick("emoji_closer_text", _EMOJI_CLOSERS))
    return d.done(d.frame("\n\n".join(parts), preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 11. note_after_verdicts

_METHOD_NOTES = (
    "The verdicts are based only on the context provided.",
    "I did not use any outside knowledge for these verdicts.",
    "I kept the verdicts in the same order as the statements.",
    "As a language model, I can make mistakes, so please double-check important results.",
    "The context was short, so I relied only on what is written in it.",
)
# About statement {k}, whose verdict word is {v}: (supported, not supported, undecided).
_ITEM_NOTES = (
    ("Statement {k} is marked {v} because the context states it directly.",
     "Statement {k} is marked {v} because the context does not back it up.",
     "Statement {k} is marked {v} because the context is ambiguous, so I could not decide."),
    ("For statement {k} I answered {v}: the context says exactly this.",
     "For statement {k} I answered {v}: nothing in the context backs it up.",
     "For statement {k} I answered {v}: the context only partly covers it."),
)  # fmt: skip
_NOTE_FORMS = ("Note: {x}", "**Note:** {x}", "(Note: {x})", "NB: {x}", "Please note that {lx}", "Note - {x}")


@HELDOUT23
def note_after_verdicts(ch: Chooser) -> BlindOutput:
    """Phi-3 mini and Mistral 7B, which end almost every answer with a "Note:" (even after "Do not write
    anything after that line"): a remark on the method, a disclaimer, or a note on one statement that
    restates its verdict."""
    d = Draw(ch, "note_after_verdicts", max_n=MAX_N)
    ink = _ink(d)
    body = _body(d, ink, "note_body")
    count = ch.integer("note_count", 1, 2)
    notes = []
    for j in range(count):
        kind = d.dim(f"note_kind_{j}", ("method", "item"))
        if kind == "method":
            note = ch.pick(f"method_note_{j}", _METHOD_NOTES)
        else:
            i = ch.integer(f"note_item_{j}", 0, d.n - 1)
            texts = ch.pick(f"item_note_{j}", _ITEM_NOTES)
            note = _of(d.truth[i], texts).format(k=i + 1, v=ink.word(i, d.truth[i]))
        form = d.dim(f"note_form_{j}", _NOTE_FORMS)
        notes.append(form.format(x=note, lx=lower_first(note)))
    return d.done(d.frame(body + "\n\n" + "\n".join(notes), tally=False, sign_off=False))


# ----------------------------------------------------------------- 12. detokenizer_artifacts


def _bytes_to_unicode() -> dict[int, str]:
    """GPT-2's byte-level BPE alphabet (Qwen's, Llama 3's): a printable character for every byte."""
    visible = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
    visible += list(range(ord("®"), ord("ÿ") + 1))
    chars = visible[:]
    extra = 0
    for b in range(256):
        if b not in visible:
            visible.append(b)
            chars.append(256 + extra)
            extra += 1
    return dict(zip(visible, (chr(c) for c in chars), strict=True))


_BYTE_CHARS = _bytes_to_unicode()


def _byte_pieces(text: str) -> str:
    return "".join(_BYTE_CHARS[b] for b in text.encode("utf-8"))


_ARTIFACTS = ("sentencepiece", "byte_bpe", "split_emoji", "stutter", "spaced_punctuation")


@HELDOUT23
def detokenizer_artifacts(ch: Chooser) -> BlindOutput:
    """A team's own loop over a small model's tokens (``convert_ids_to_tokens`` joined, or streamed bytes
    decoded one by one): SentencePiece's ``▁`` (Gemma, TinyLlama), byte-level ``Ġ``/``Ċ`` (Qwen 2.5,
    Llama 3.2), ``�`` where an emoji's bytes were split, a Q4 model's stuttered words, spaces before
    punctuation; every verdict word left whole, every item labelled."""
    d = Draw(ch, "detokenizer_artifacts", max_n=MAX_N)
    ink = _ink(d)
    artifact = d.dim("artifact", _ARTIFACTS)
    marks = ("✅", "❌", "❓")
    forms: tuple[str, ...] = ("Statement {k}: {m} {v}", "{k}. {m} {v} - {e}")
    if artifact != "split_emoji":
        forms += ("Statement {k}: {v}", "{k}. {v} - {e}", "Statement {k}: {v}. {e}")
    form = d.dim("artifact_lines", forms)
    lines = []
    for i, _statement, truth in d.items():
        word = ink.word(i, truth)
        explanation = ink.explanation(i, truth)
        line_form = form
        if artifact == "stutter":
            # A word said twice: the label's, a one-word verdict, or the reason's first (the first line always).
            where = ch.pick("stutter_at", ("label", "verdict", "reason", "none", "none"))
            if i == 0 and where == "none":
                where = "label"
            if where == "verdict" and " " not in word:
                word = f"{word} {word}"
            elif where == "reason" and "{e}" in form:
                first, _, rest = explanation.partition(" ")
                explanation = f"{first} {first.lower()} {rest}"
            elif where != "none" and form.startswith("Statement"):
                line_form = "Statement " + form
            elif where != "none" and "{e}" in form:
                first, _, rest = explanation.partition(" ")
                explanation = f"{first} {first.lower()} {rest}"
        lines.append(line_form.format(k=i + 1, v=word, e=explanation, m=_of(truth, marks)))
    text = "\n".join(lines)
    if d.flag("artifact_preface", weight_off=2):
        text = "Here are the verdicts:\n" + text
    if artifact == "sentencepiece":
        text = "▁" + text.replace(" ", "▁") if d.flag("leading_piece") else text.replace(" ", "▁")
    elif artifact == "byte_bpe":
        text = _byte_pieces(text)
    elif artifact == "split_emoji":
        for mark in marks:
            text = text.replace(mark, "\ufffd" * ch.integer("broken_bytes", 1, 3))
    elif artifact == "spaced_punctuation":
        text = text.replace(":", " :").replace(".", " .")
        text = "\n".join(line if line.endswith(" .") else line + " ." for line in text.split("\n"))
    return d.done(text)


# ----------------------------------------------------------------- 13. runtime_log_capture


def _llama_cli_head(ch: Chooser, model: str) -> str:
    build = ch.integer("build", 3800, 5200)
    tensors = ch.integer("tensors", 180, 340)
    threads = ch.pick("threads", (4, 6, 8, 12))
    seed = ch.integer("seed", 1, 4294967295)
    return (
        f"build: {build} (3e2b9a1c) with cc (Ubuntu 13.2.0-23ubuntu4) 13.2.0 for x86_64-linux-gnu\n"
        "main: llama backend init\n"
        "main: load the model and apply lora adapter, if any\n"
        f"llama_model_loader: loaded meta data with 34 key-value pairs and {tensors} tensors from models/{model} "
        "(version GGUF V3 (latest))\n"
        f"system_info: n_threads = {threads} (n_threads_batch = {threads}) / 16 | CPU : SSE3 = 1 | AVX = 1 | "
        "AVX2 = 1 | F16C = 1 | FMA = 1 |\n"
        f"sampler seed: {seed}\n"
        "sampler params: \n"
        "\trepeat_last_n = 64, repeat_penalty = 1.000, frequency_penalty = 0.000, presence_penalty = 0.000\n"
        "\ttop_k = 40, top_p = 0.950, min_p = 0.050, temp = 0.000\n"
        "generate: n_ctx = 4096, n_batch = 2048, n_predict = 512, n_keep = 1\n"
    )


def _llama_cli_tail(ch: Chooser) -> str:
    prompt = ch.integer("prompt_tokens", 180, 900)
    runs = ch.integer("eval_runs", 20, 400)
    ms = ch.integer("ms_per_token", 8, 60)
    return (
        f"llama_perf_sampler_print:    sampling time =      {runs * 0.031:.2f} ms /   {prompt + runs} runs\n"
        f"llama_perf_context_print:        load time =    {ch.integer('load_ms', 300, 4000)}.00 ms\n"
        f"llama_perf_context_print: prompt eval time =    {prompt * 6}.00 ms /   {prompt} tokens\n"
        f"llama_perf_context_print:        eval time =    {runs * ms}.00 ms /    {runs} runs   "
        f"(   {ms}.00 ms per token, {1000 / ms:8.2f} tokens per second)\n"
        f"llama_perf_context_print:       total time =    {prompt * 6 + runs * ms}.00 ms /   {prompt + runs} tokens"
    )


def _ollama_stats(ch: Chooser) -> str:
    prompt = ch.integer("prompt_tokens", 180, 900)
    runs = ch.integer("eval_runs", 20, 400)
    rate = ch.integer("eval_rate", 12, 95)
    return (
        f"total duration:       {prompt / 150 + runs / rate + 0.4:.6f}s\n"
        f"load duration:        {ch.integer('load_ms', 20, 3000)}.123456ms\n"
        f"prompt eval count:    {prompt} token(s)\n"
        f"prompt eval duration: {prompt / 150:.6f}s\n"
        f"prompt eval rate:     150.00 tokens/s\n"
        f"eval count:           {runs} token(s)\n"
        f"eval duration:        {runs / rate:.6f}s\n"
        f"eval rate:            {rate}.00 tokens/s"
    )


def _server_slots(ch: Chooser) -> tuple[str, str]:
    task = ch.integer("task", 0, 900)
    prompt = ch.integer("prompt_tokens", 180, 900)
    runs = ch.integer("eval_runs", 20, 400)
    head = (
        f"slot launch_slot_: id  0 | task {task} | processing task\n"
        f"slot update_slots: id  0 | task {task} | new prompt, n_ctx_slot = 4096, n_keep = 0, "
        f"n_prompt_tokens = {prompt}\n"
        f"slot update_slots: id  0 | task {task} | prompt done, n_past = {prompt}, n_tokens = {prompt}"
    )
    tail = (
        f"slot      release: id  0 | task {task} | stop processing: n_past = {prompt + runs}, truncated = 0\n"
        f"slot print_timing: id  0 | task {task} | \n"
        f"prompt eval time =    {prompt * 5}.00 ms / {prompt} tokens\n"
        f"       eval time =    {runs * 21}.00 ms / {runs} tokens\n"
        "srv  update_slots: all slots are idle"
    )
    return head, tail


_GGUF_MODELS = (
    "Llama-3.2-3B-Instruct-Q4_K_M.gguf",
    "Llama-3.2-1B-Instruct-Q8_0.gguf",
    "qwen2.5-1.5b-instruct-q4_k_m.gguf",
    "gemma-2-2b-it-Q4_K_M.gguf",
    "Phi-3-mini-4k-instruct-q4.gguf",
    "mistral-7b-instruct-v0.2.Q4_K_M.gguf",
)


@HELDOUT23
def runtime_log_capture(ch: Chooser) -> BlindOutput:
    """A script that shells out to the runtime and stores everything it printed: ``llama-cli``'s loader
    lines, the answer, `` [end of text]`` and the perf timings; ``ollama run --verbose``'s statistics
    under the answer; ``llama-server``'s slot lines around it."""
    d = Draw(ch, "runtime_log_capture", max_n=MAX_N)
    ink = _ink(d)
    answer = d.frame(_body(d, ink), think=False)
    runtime = d.dim("runtime", ("llama_cli", "llama_cli", "ollama_verbose", "llama_server"))
    if runtime == "llama_cli":
        head = _llama_cli_head(ch, ch.pick("gguf", _GGUF_MODELS)) if d.flag("cli_head", weight_off=1) else ""
        end = " [end of text]" if d.flag("end_of_text") else ""
        text = (head + "\n" if head else "") + answer + end + "\n\n" + _llama_cli_tail(ch)
    elif runtime == "ollama_verbose":
        text = answer + "\n\n" + _ollama_stats(ch)
    else:
        head, tail = _server_slots(ch)
        text = head + "\n" + answer + "\n" + tail
    return d.done(text)


# ----------------------------------------------------------------- 14. runaway_next_example

# Made-up next tasks: (context, statements, their verdicts), none of them a statement of this set.
_TOY_TASKS = (
    ("The sun is a star at the centre of the solar system.",
     ("The sun is a star.", "The sun orbits the Earth."), (True, False)),
    ("Paris is the capital of France and lies on the Seine.",
     ("Paris is the capital of France.", "Paris lies on the Thames.", "Paris is in Europe."), (True, False, True)),
    ("Cats are small domesticated carnivores. They often sleep for many hours a day.",
     ("Cats are carnivores.", "Cats can fly."), (True, False)),
    ("Water freezes at 0 degrees Celsius at sea level.",
     ("Water freezes at 0 degrees Celsius.", "Water freezes at 50 degrees Celsius."), (True, False)),
)  # fmt: skip
_RUNAWAY_OPENERS = (
    "### Instruction:\nRead the context, then judge each statement below.\n\n### Input:\n",
    "Example 2:\n",
    "Now here is another example.\n\n",
    "User: Great, now do the same for this one.\n\n",
    "",
)


@HELDOUT23
def runaway_next_example(ch: Chooser) -> BlindOutput:
    """Base-like small models (TinyLlama, Llama 3.2 1B, Qwen 2.5 0.5-1.5B) without a stop sequence: after
    the answer (and maybe its end token) they write a made-up next task, a new context with other
    statements and its own verdicts, sometimes cut by the token limit."""
    d = Draw(ch, "runaway_next_example", max_n=MAX_N)
    ink = _ink(d)
    answer = _body(d, ink, "runaway_body", ("legacy_blocks", "legacy_blocks", "numbered_blocks"))
    context, statements, verdicts = ch.pick("toy_task", _TOY_TASKS)
    opener = ch.pick("runaway_opener", _RUNAWAY_OPENERS)
    blocks = [
        f"Statement: {s}\nExplanation: {'The context says so.' if v else 'The context does not say this.'}\n"
        f"Verdict: {ink.yes_word() if v else ink.no_word()}."
        for s, v in zip(statements, verdicts, strict=True)
    ]
    toy_final = "Final verdict for each statement in order: " + " ".join(
        f"{ink.yes_word() if v else ink.no_word()}." for v in verdicts
    )
    made_up = (
        f"{opener}Context:\n{context}\n\nStatements:\n" + "\n".join(statements) + "\n\nVerdicts:\n"
        + "\n\n".join(blocks) + "\n\n" + toy_final
    )  # fmt: skip
    if d.flag("runaway_cut"):
        made_up = made_up[: ch.integer("runaway_cut_at", len(made_up) // 3, len(made_up) - 1)]
    joint = d.dim("runaway_joint", ("blank", "eos", "eos_newline"))
    eos = ch.pick("runaway_eos", ("</s>", "<|endoftext|>", "<|eot_id|>"))
    if joint == "blank":
        text = answer + "\n\n" + made_up
    elif joint == "eos":
        text = _after(answer, eos) + made_up
    else:
        text = _after(answer, eos) + "\n" + made_up
    return d.done(text)


# ----------------------------------------------------------------- 15. full_transcript_decoded

_FILLERS = (
    "Further details are available on request.",
    "This page was last updated in March.",
    "Prices and times are subject to change.",
    "Contact customer service for more information.",
)
_LEGACY_PROMPT = (
    "Read the context, then judge each statement below: is it supported by the information in the context? "
    "Answer Yes only when the context states it or it follows directly from the context; otherwise answer No. "
    'For each statement, write the statement, a one-sentence explanation, and then "Verdict: Yes." or '
    '"Verdict: No.". After the last statement, write one final line listing every verdict in the order of the '
    "statements, exactly in this form:\nFinal verdict for each statement in order: Yes. No. Yes.\n"
    "Do not write anything after that line.\n\nContext:\n{context}\n\nStatements:\n{statements}\n\nVerdicts:"
)
_RAGAS_PROMPT = (
    "Read the context, then judge each statement of the JSON list below: is it supported by the information "
    "in the context? Give verdict 1 only when the context states it or it follows directly from the context; "
    "otherwise give verdict 0. Judge every statement, in the order given, and copy each statement exactly.\n"
    "Reply with JSON only, no markdown and no other text, in exactly this shape:\n"
    '{{"statements": [{{"statement": "the statement", "reason": "one sentence on why", "verdict": 1}}]}}\n\n'
    "Context:\n{context}\n\nStatements:\n{statements}\n\nVerdicts:"
)
_SYSTEM_HEADERS = {
    "llama3": "Cutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n",
    "qwen": "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.",
    "gemma": "",
}


def _as_fact(statement: str) -> str:
    """A supported statement as the context states it (without an answer's "Yes, " or "No, ")."""
    for opener in ("Yes, ", "No, "):
        if statement.startswith(opener):
            return _upper_first(statement[len(opener) :])
    return statement


def _transcript(family: str, shown: bool, prompt: str, answer: str) -> str:
    """The whole decoded sequence (``return_full_text=True``), with or without the special tokens."""
    system = _SYSTEM_HEADERS[family]
    if family == "llama3":
        if shown:
            return (
                "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n" + system + "<|eot_id|>"
                "<|start_header_id|>user<|end_header_id|>\n\n" + prompt + "<|eot_id|>"
                "<|start_header_id|>assistant<|end_header_id|>\n\n" + answer + "<|eot_id|>"
            )
        return "system\n\n" + system + "user\n\n" + prompt + "assistant\n\n" + answer
    if family == "qwen":
        if shown:
            return (
                f"<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{prompt}<|im_end|>\n"
                f"<|im_start|>assistant\n{answer}<|im_end|>"
            )
        return f"system\n{system}\nuser\n{prompt}\nassistant\n{answer}"
    if shown:
        return f"<bos><start_of_turn>user\n{prompt}<end_of_turn>\n<start_of_turn>model\n{answer}<end_of_turn>"
    return f"user\n{prompt}\nmodel\n{answer}"


@HELDOUT23
def full_transcript_decoded(ch: Chooser) -> BlindOutput:
    """A transformers ``pipeline("text-generation")`` left at ``return_full_text=True`` (Llama 3.2 3B,
    Qwen 2.5 3B, Gemma 2 2B): the stored output is the whole conversation decoded, the system header,
    the user turn with the prompt (its instructions, context and statements), then the answer."""
    d = Draw(ch, "full_transcript_decoded", max_n=MAX_N)
    family = d.dim("family", ("llama3", "qwen", "gemma"))
    shown = d.flag("tokens_shown")
    arm = d.dim("prompt_arm", ("legacy", "legacy", "ragas"))
    ink = _ink(d)
    filler = ch.pick("context_filler", _FILLERS)
    backed = [_as_fact(s) for s, t in zip(d.statements, d.truth, strict=True) if t is True]
    context = " ".join([*backed, filler])
    if arm == "legacy":
        prompt = _LEGACY_PROMPT.format(context=context, statements="\n".join(d.statements))
        answer = _body(d, ink, "transcript_body", ("legacy_blocks", "legacy_blocks", "statement_lines", "final_only"))
    else:
        prompt = _RAGAS_PROMPT.format(context=context, statements=json.dumps(list(d.statements), ensure_ascii=False))
        items = [{"statement": s, "reason": ink.explanation(i, t), "verdict": _one_zero(t)} for i, s, t in d.items()]
        answer = json.dumps({"statements": items}, ensure_ascii=False)
    return d.done(_transcript(family, shown, prompt, answer))


# ----------------------------------------------------------------- 16. clumsy_local_refusals

_CLUMSY_REFUSALS = (
    "i cant evaluate the statements because there is no context given sorry",
    "I'm sorry, but I don't see any context in your message. Could you please provide the context so I can "
    "check the statements? 😊",
    "I am a small language model and I am not able to check these statements against a context I cannot see.",
    "Sorry!! 🙏 The context part looks empty on my side, so I can't say anything about the statements.",
    "As an AI, I do not have the ability to verify information without the context. Please provide it.",
    "Unfortunately the context is missing ({{context}} was never filled in), so I can't judge the statements.",
    "I cannot do this task without the context.",
    "The context you gave is only a file name, not the text itself, so I am unable to evaluate the statements.",
    "im sorry i cant help with that there is nothing to compare the statements with",
    "I'm not sure what you want me to do. There is no context here to check the statements against.",
    "抱歉，没有提供上下文，我无法判断这些陈述。",
    "Sorry, as a small model running locally I can't access the documents, so I can't evaluate the statements.",
)
_REFUSAL_NOISE = ("none", "eos", "role_name", "loop", "lowercase", "prefill_s", "note", "template_echo")


@HELDOUT23
def clumsy_local_refusals(ch: Chooser) -> BlindOutput:
    """Small local models declining in their clumsy way, with their usual noise: an end token after the
    sentence, a role name before it, the sentence looping, all lowercase, a prefill's "s:", a "Note:",
    the prompt's template echoed first; no verdict is given."""
    d = Draw(ch, "clumsy_local_refusals", unknowns=False, max_n=MAX_N)
    sentence = d.dim("clumsy_refusal", _CLUMSY_REFUSALS)
    noise = d.dim("refusal_noise", _REFUSAL_NOISE)
    text = sentence
    if noise == "eos":
        text = _after(text, ch.pick("refusal_eos", ("<|eot_id|>", "</s>", "<|im_end|>", "<end_of_turn>", "<|end|>")))
    elif noise == "role_name":
        text = ch.pick("refusal_role", ("assistant\n\n", "model\n", "<|assistant|>\n")) + text
    elif noise == "loop":
        copies = ch.integer("refusal_copies", 2, 5)
        text = " ".join([sentence] * copies) + " " + sentence[: ch.integer("refusal_cut", 3, len(sentence) - 3)]
    elif noise == "lowercase":
        text = sentence.lower()
    elif noise == "prefill_s":
        text = "s: " + sentence
    elif noise == "note":
        text = f"Note: {sentence}"
    elif noise == "template_echo":
        text = "Statement: <statement>\nExplanation: <one-sentence explanation>\nVerdict: <Yes/No>\n\n" + sentence
    if noise not in ("eos", "loop") and d.flag("refusal_end_token", weight_off=2):
        text = _after(text, ch.pick("refusal_eos", ("<|eot_id|>", "</s>", "<|im_end|>", "<end_of_turn>", "<|end|>")))
    return d.refused(text)
