"""A TWENTY-NINTH HELD-OUT set of blind layouts: replies that carry the prompt back, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout29``); do not read it while
developing the reader. Written from how graders and the pipelines around them return call 2
with part of what the grader was asked still in the text: completion models
(gpt-3.5-turbo-instruct, text-davinci-003, base and instruct Llama 2 / Mistral 7B) that
write a few-shot prompt's worked example out again, its verdicts and final line included,
before answering this case; chat models (Claude 3 Haiku, GPT-4o, Gemini) that restate the
task in the second person ("You asked me to judge each statement: answer Yes or No ...")
with the prompt's example final line quoted in it; instruction templates stored whole
(Alpaca's ``### Response:``, Vicuna's ``ASSISTANT:``, Llama 2's ``[INST] <<SYS>>``,
Zephyr's ``<|assistant|>``, Phi-3, OpenChat); Anthropic's legacy ``Human:`` / ``Assistant:``
transcripts and LangChain buffers with few-shot turns before the real one; RAGAS-style
``input:`` / ``Output:`` JSON echoed (the example pair too); prompt + completion records
(fine-tune JSONL, the completions API with ``echo``, request/response logs); a log that
kept only the tail of prompt + completion, so the text starts mid-prompt; Claude mirroring
a prompt's XML sections (``<context>``, ``<statements>``) before its ``<answer>``; the answer
format's placeholder line (``Statement: <statement>  Verdict: <Yes/No>``, a ``{{ verdict }}``
line, a table's placeholder row) written before the filled-in lines; the RAGAS prompt's
example item (``"the statement"``) kept as the first item of the JSON list; logs with
prompt and response sections (banners, LangChain's verbose "Prompt after formatting:",
YAML block scalars); chat pages copied with the user's pasted prompt ("You said:" /
"ChatGPT said:", Open WebUI's ``### USER``); a log of both calls of the chain; chat
message lists with few-shot example turns; and declines that carry the prompt back.

The prompts echoed are the ones graders get: this project's legacy and RAGAS verdict
prompts (``compat/grading/prompts/sets.py``: the legacy one holds the example line
"Final verdict for each statement in order: Yes. No. Yes."), and a team's few-shot prompt
in the style of the early RAGAS NLI prompt that promptfoo took over, with this set's own
worked examples (a nurse, a leisure centre, a smartwatch: never this case's statements).

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame where the grader writes one (a ``<think>`` draft, a preface, an agreeing count, a
sign-off). Only outputs a careful person reads without doubt are drawn: the grader's own
answer for this case always comes after everything carried back, introduced by the
prompt's own answer label, a role or section marker, or a field named as the completion;
echoed examples are about other statements and labelled or placed as the example; the
prompt's example final line is always inside the prompt's own sentence ("exactly in this
form:"), quoted, or inside the echoed prompt section; a log cut mid-prompt never starts
inside that example line or inside the last worked example; placeholder lines hold
placeholders only.

    HELDOUT29.draw(RandomChooser(random.Random(7)))      # one output, layout chosen uniformly
    heldout29_outputs(layout="placeholder_line_first")   # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import PREFACES, SIGN_OFFS, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT29 = LayoutSet("heldout29")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

# (statement, explanation, verdict word) per answered item
Rows = list[tuple[str, str, str]]


def heldout29_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-ninth held-out set (one layout when named)."""
    return HELDOUT29.strategy(layout)


def _stop(word: str) -> str:
    return word if word.endswith((".", "!", "?")) else word + "."


def _one_zero(truth: Truth) -> int | None:
    """RAGAS's verdict: 1, 0, or null where the grader left the statement undecided."""
    return None if truth is None else int(truth)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _glued(text: str, token: str) -> str:
    """An end token right after the text; after a bare word it goes on the next line."""
    stripped = text.rstrip()
    if stripped.endswith((".", "!", "?", ")", "}", "]", ":")):
        return stripped + token
    return stripped + "\n" + token


def _numbered(statements: Sequence[str]) -> str:
    return "\n".join(f"{k}. {s}" for k, s in enumerate(statements, 1))


def framed(d: Draw, body: str, *, think: bool = False, preface: bool = False) -> str:
    """``body`` with what graders write around their answer: a ``<think>`` draft and a preface where asked,
    an agreeing count and a sign-off after it, each drawn on its own."""
    head = [d.think_block()] if think else []
    if preface and d.flag("preface", weight_off=2):
        head.append(d.ch.pick("preface_text", PREFACES))
    tail = [d.tally()] if d.flag("tally_after", weight_off=2) else []
    if d.flag("sign_off", weight_off=3):
        tail.append(d.ch.pick("sign_off_text", SIGN_OFFS))
    return "\n\n".join(part for part in (*head, body, *tail) if part)


# ----------------------------------------------------------------- the prompts graders get

# This project's legacy verdict prompt (compat/grading/prompts/sets.py), in two parts.
LEGACY_INSTRUCTION = (
    "Read the context, then judge each statement below: is it supported by the information in the context? "
    "Answer Yes only when the context states it or it follows directly from the context; otherwise answer No. "
    'For each statement, write the statement, a one-sentence explanation, and then "Verdict: Yes." or '
    '"Verdict: No.". After the last statement, write one final line listing every verdict in the order of the '
    "statements, exactly in this form:\nFinal verdict for each statement in order: Yes. No. Yes.\n"
    "Do not write anything after that line."
)
LEGACY_FORM_PHRASE = "exactly in this form:"
LEGACY_EXAMPLE_LINE = "Final verdict for each statement in order: Yes. No. Yes."

# This project's RAGAS verdict prompt, in two parts.
RAGAS_INSTRUCTION = (
    "Read the context, then judge each statement of the JSON list below: is it supported by the information in "
    "the context? Give verdict 1 only when the context states it or it follows directly from the context; "
    "otherwise give verdict 0. Judge every statement, in the order given, and copy each statement exactly.\n"
    "Reply with JSON only, no markdown and no other text, in exactly this shape:\n"
    '{"statements": [{"statement": "the statement", "reason": "one sentence on why", "verdict": 1}]}'
)


def legacy_input(context: str, statements: Sequence[str]) -> str:
    return f"Context:\n{context}\n\nStatements:\n" + "\n".join(statements)


def ragas_input(context: str, statements: Sequence[str]) -> str:
    return f"Context:\n{context}\n\nStatements:\n{json.dumps(list(statements), ensure_ascii=False)}"


def legacy_prompt(context: str, statements: Sequence[str]) -> str:
    return f"{LEGACY_INSTRUCTION}\n\n{legacy_input(context, statements)}\n\nVerdicts:"


def ragas_prompt(context: str, statements: Sequence[str]) -> str:
    return f"{RAGAS_INSTRUCTION}\n\n{ragas_input(context, statements)}\n\nVerdicts:"


@dataclass(frozen=True)
class Example:
    """A worked example of a team's few-shot prompt: its context and statements with their verdicts."""

    context: str
    rows: tuple[tuple[str, str, bool], ...]  # (statement, explanation, supported)

    @property
    def statements(self) -> list[str]:
        return [s for s, _e, _v in self.rows]


EXAMPLES: dict[str, Example] = {
    "nurse": Example(
        "Priya Nair works as a nurse at Lakeside General Hospital. She has worked night shifts on the cardiology "
        "ward for six years. She recently completed a course in advanced life support, and she volunteers at an "
        "animal shelter on weekends.",
        (
            ("Priya works at Lakeside General Hospital.", "The context says she works there as a nurse.", True),
            ("Priya is a surgeon.", "The context says she is a nurse; nothing suggests she is a surgeon.", False),
            (
                "Priya has completed a course in advanced life support.",
                "The context states that she recently completed this course.",
                True,
            ),
            (
                "Priya owns a dog.",
                "The context mentions an animal shelter but says nothing about a pet of her own.",
                False,
            ),
        ),
    ),
    "leisure_centre": Example(
        "The Riverside Leisure Centre's pool opens at 6:30 am on weekdays and at 8 am at weekends. Swimming lessons "
        "for children run on Saturday mornings. Lockers take a 1-euro coin, which is returned.",
        (
            ("The pool opens at 6:30 am on weekdays.", "The opening time on weekdays is given as 6:30 am.", True),
            (
                "Swimming lessons for children run on Sunday mornings.",
                "The context says the lessons run on Saturday mornings.",
                False,
            ),
            ("The leisure centre has a sauna.", "A sauna is not mentioned anywhere in the context.", False),
        ),
    ),
    "smartwatch": Example(
        "The Orion 2 smartwatch has a battery that lasts up to five days. It is water resistant to 50 metres. "
        "It does not support contactless payments.",
        (
            ("The Orion 2's battery lasts up to five days.", "The battery life is stated as up to five days.", True),
            ("The Orion 2 supports contactless payments.", "The context says it does not support them.", False),
            ("The Orion 2 is water resistant.", "The context says it is water resistant to 50 metres.", True),
            ("The Orion 2 comes in three colours.", "Colours are not mentioned in the context.", False),
        ),
    ),
}


def few_shot_instruction(yes: str, no: str) -> str:
    """A team's few-shot instruction in the style of the early RAGAS NLI prompt (this set's own wording)."""
    return (
        "Natural language inference. Consider the context and the statements below and decide, for each "
        "statement, whether the information in the context supports it. Give a brief explanation before each "
        f'verdict ("{yes}" or "{no}"), then give the final verdict for each statement in order at the end. Keep '
        "exactly to the format of the example."
    )


def example_block(example: Example, form: str, yes: str, no: str, final: bool) -> str:
    """The worked example as the prompt shows it: context, numbered statements, its answer."""
    answer = rows_text(form, example_rows(example, yes, no), final)
    return f"Context:\n{example.context}\nStatements:\n{_numbered(example.statements)}\nAnswer:\n{answer}"


def case_block(context: str, statements: Sequence[str]) -> str:
    """This case as a few-shot prompt ends: its context, numbered statements and the answer label."""
    return f"Context:\n{context}\nStatements:\n{_numbered(statements)}\nAnswer:"


_FILLERS = (
    "Opening hours and prices may change without notice.",
    "For more information, see the full document.",
    "This summary was last reviewed in January.",
    "Other details are listed in the appendix.",
)


def _as_fact(statement: str) -> str:
    """A supported statement as the context states it (without an answer's "Yes, " or "No, ")."""
    for opener in ("Yes, ", "No, "):
        if statement.startswith(opener):
            return _upper_first(statement[len(opener) :])
    return statement


def case_context(d: Draw) -> str:
    """This case's context: the supported statements as facts, and a sentence of filler."""
    filler = d.ch.pick("context_filler", _FILLERS)
    return " ".join([*(_as_fact(s) for _i, s, t in d.items() if t is True), filler])


# ----------------------------------------------------------------- answers


def final_line(words: Sequence[str]) -> str:
    return "Final verdict for each statement in order: " + " ".join(_stop(w) for w in words)


ROW_FORMS = ("numbered_blocks", "legacy_blocks", "labelled_blocks", "echo_arrow", "final_only")


def rows_text(form: str, rows: Rows, final: bool) -> str:
    """Verdicts in one of the text forms the prompts ask for (``final``: the closing line after them)."""
    words = [w for _s, _e, w in rows]
    if form == "final_only":
        return final_line(words)
    units = []
    for k, (statement, explanation, word) in enumerate(rows, 1):
        if form == "numbered_blocks":  # the early RAGAS prompt's form
            units.append(f"{k}. {statement}\nExplanation: {explanation} Verdict: {_stop(word)}")
        elif form == "legacy_blocks":
            units.append(f"Statement: {statement}\nExplanation: {explanation}\nVerdict: {_stop(word)}")
        elif form == "labelled_blocks":
            units.append(f"statement_{k}: {statement}\nExplanation: {explanation}\nVerdict: {_stop(word)}")
        else:
            units.append(f"{k}. {statement} → {word}")
    tight = form in ("numbered_blocks", "echo_arrow")
    text = ("\n" if tight else "\n\n").join(units)
    if final:
        text += ("\n" if tight else "\n\n") + final_line(words)
    return text


def case_rows(d: Draw, ink: Ink) -> Rows:
    return [(s, ink.explanation(i, t), ink.word(i, t)) for i, s, t in d.items()]


def example_rows(example: Example, yes: str, no: str) -> Rows:
    return [(s, e, yes if v else no) for s, e, v in example.rows]


def ragas_items(d: Draw, ink: Ink) -> list[dict[str, Any]]:
    return [{"statement": s, "reason": ink.explanation(i, t), "verdict": _one_zero(t)} for i, s, t in d.items()]


def case_answer(d: Draw, ink: Ink, name: str, forms: Sequence[str] = ROW_FORMS) -> str:
    """This case's text answer in a drawn form (the final line after the blocks drawn on its own)."""
    form = d.dim(name, forms)
    final = form == "final_only" or d.flag(f"{name}_final_line", weight_off=1)
    return rows_text(form, case_rows(d, ink), final)


def ragas_answer(d: Draw, ink: Ink, name: str = "json_indent") -> str:
    indent = d.dim(name, ("none", "2"))
    return json.dumps({"statements": ragas_items(d, ink)}, indent=None if indent == "none" else 2, ensure_ascii=False)


# ----------------------------------------------------------------- 1. example_case_replayed

_REPLAY_MARKERS = (
    "Answer:",
    "Now for the statements given:",
    "Answer for the statements above:",
    "And now the actual statements:",
)


@HELDOUT29
def example_case_replayed(ch: Chooser) -> BlindOutput:
    """gpt-3.5-turbo-instruct, text-davinci-003, Llama 2 13B and Mistral 7B on a team's few-shot prompt in the
    style of the early RAGAS NLI prompt: they write the worked example out again (its answer, or its context,
    statements and answer), verdicts and final line included, then answer this case in the same form, after
    a marker or after this case's own context, statements and "Answer:" label."""
    d = Draw(ch, "example_case_replayed", max_n=MAX_N)
    ink = d.use_ink(("yes_no", "yes_no", "yes_no", "true_false", "supported"))
    example = EXAMPLES[d.dim("example", tuple(EXAMPLES))]
    extent = d.dim("replay_extent", ("answer_only", "whole_example", "whole_with_case"))
    forms = ("numbered_blocks", "legacy_blocks", "labelled_blocks")
    form = d.dim("replay_form", forms if extent == "answer_only" else (*forms, "echo_arrow"))
    final = form == "numbered_blocks" or d.flag("replay_final_line", weight_off=1)
    yes, no = ink.yes_word(), ink.no_word()
    own = rows_text(form, case_rows(d, ink), final)
    if extent == "answer_only":
        replay = rows_text(form, example_rows(example, yes, no), final)
    else:
        replay = example_block(example, form, yes, no, final)
        label = d.dim("example_label", ("none", "Example", "Example:", "## Example"))
        if label != "none":
            replay = f"{label}\n{replay}"
    if extent == "whole_with_case":
        body = f"{replay}\n\n{case_block(case_context(d), d.statements)}\n{own}"
    else:
        body = f"{replay}\n\n{d.dim('replay_marker', _REPLAY_MARKERS)}\n{own}"
    return d.done(framed(d, body))


# ----------------------------------------------------------------- 2. task_restated_to_user

_RESTATEMENTS = (
    "You asked me to judge each statement: answer {Y} or {N}, {Y} only when the context states it or it follows "
    "directly from the context. I'll give a one-sentence explanation for each, then close with the line "
    '"Final verdict for each statement in order: {Y}. {N}. {Y}." filled in with my own verdicts.',
    "Understood. You want me to check each of the {n} statement{pl} against the context, answer {Y} when the "
    "context states it or it follows directly from it and {N} otherwise, and list every verdict in order on a "
    "final line.",
    "To restate the task: for every statement, is it supported by the information in the context? {Y} means "
    "the context states it or it follows directly from it; {N} means it does not. Explanation first, then the "
    "verdict.",
    "Just to confirm what you asked:\n1. Read the context.\n2. Decide for each statement whether the context "
    "supports it ({Y}) or not ({N}).\n3. Give a one-sentence explanation and a verdict for each.\n4. Finish "
    "with one line listing every verdict in order, in the form `Final verdict for each statement in order: "
    "{Y}. {N}. {Y}.`",
    "Task as I understand it: you gave me a context and {n} statement{pl}, and you want a {Y}/{N} verdict for "
    "each one ({Y} only if the context backs it up), plus a final line with all the verdicts in order.",
    'You\'ve asked whether each statement below is supported by the context, with the answer "{Y}" or '
    '"{N}" and no other words, the example format being "Final verdict for each statement in order: {Y}. {N}. '
    '{Y}."',
)
_BRIDGES = ("none", "Here is my answer.", "Here goes:", "My verdicts:", "Let's begin.")


@HELDOUT29
def task_restated_to_user(ch: Chooser) -> BlindOutput:
    """Claude 3 Haiku, GPT-4o, Gemini and instruction-tuned small models restating the task in the second
    person before answering ("You asked me to judge each statement: answer Yes or No ..."), the prompt's
    example final line quoted inside the restatement, its meaning of each verdict word, then the answer."""
    d = Draw(ch, "task_restated_to_user", max_n=MAX_N)
    ink = d.use_ink(("yes_no", "yes_no", "yes_no", "supported", "true_false", "correct"))
    text = d.dim("restatement", _RESTATEMENTS)
    restated = (
        text.replace("{Y}", ink.yes_word())
        .replace("{N}", ink.no_word())
        .replace("{n}", str(d.n))
        .replace("{pl}", "" if d.n == 1 else "s")
    )
    bridge = d.dim("bridge", _BRIDGES)
    answer = case_answer(d, ink, "restated_answer", ("legacy_blocks", "numbered_blocks", "final_only", "echo_arrow"))
    body = f"{restated}\n\n{answer}" if bridge == "none" else f"{restated}\n\n{bridge}\n\n{answer}"
    return d.done(framed(d, body, think=True))


# ----------------------------------------------------------------- 3. instruct_template_full_text

_ALPACA_WITH_INPUT = (
    "Below is an instruction that describes a task, paired with an input that provides further context. "
    "Write a response that appropriately completes the request."
)
_ALPACA = "Below is an instruction that describes a task. Write a response that appropriately completes the request."
_VICUNA = (
    "A chat between a curious user and an artificial intelligence assistant. The assistant gives helpful, "
    "detailed, and polite answers to the user's questions."
)
_TEMPLATES = ("alpaca_input", "alpaca", "vicuna", "llama2", "mistral", "zephyr", "phi3", "openchat")


def instruct_text(template: str, instruction: str, case_input: str, answer: str, closed: bool) -> str:
    """Prompt and completion as one decoded string in an instruction template (``closed``: end token kept)."""
    prompt = f"{instruction}\n\n{case_input}\n\nVerdicts:"
    if template == "alpaca_input":
        text = (
            f"{_ALPACA_WITH_INPUT}\n\n### Instruction:\n{instruction}\n\n### Input:\n{case_input}\n\n"
            f"### Response:\n{answer}"
        )
        return _glued(text, "</s>") if closed else text
    if template == "alpaca":
        text = f"{_ALPACA}\n\n### Instruction:\n{prompt}\n\n### Response:\n{answer}"
        return _glued(text, "</s>") if closed else text
    if template == "vicuna":
        text = f"{_VICUNA} USER: {prompt} ASSISTANT: {answer}"
        return _glued(text, "</s>") if closed else text
    if template == "llama2":
        text = f"<s>[INST] <<SYS>>\nYou are a careful fact-checking assistant.\n<</SYS>>\n\n{prompt} [/INST] {answer}"
        return text.rstrip() + " </s>" if closed else text
    if template == "mistral":
        text = f"<s>[INST] {prompt} [/INST] {answer}"
        return _glued(text, "</s>") if closed else text
    if template == "zephyr":
        text = f"<|system|>\n</s>\n<|user|>\n{prompt}</s>\n<|assistant|>\n{answer}"
        return _glued(text, "</s>") if closed else text
    if template == "phi3":
        text = f"<|user|>\n{prompt}<|end|>\n<|assistant|>\n{answer}"
        return _glued(text, "<|end|>") if closed else text
    text = f"GPT4 Correct User: {prompt}<|end_of_turn|>GPT4 Correct Assistant: {answer}"
    return _glued(text, "<|end_of_turn|>") if closed else text


@HELDOUT29
def instruct_template_full_text(ch: Chooser) -> BlindOutput:
    """Alpaca-, Vicuna-, Llama 2-, Mistral-, Zephyr-, Phi-3- and OpenChat-tuned models run through a
    text-generation call that returns the full text (``return_full_text=True``, llama.cpp's or a
    completions API's echo): the stored output is the instruction template with the whole verdict
    prompt in it (its example final line included), then the response marker and the answer."""
    d = Draw(ch, "instruct_template_full_text", max_n=MAX_N)
    template = d.dim("template", _TEMPLATES)
    arm = d.dim("prompt_arm", ("legacy", "legacy", "ragas"))
    ink = d.use_ink(("yes_no", "yes_no", "yes_no", "supported", "true_false"))
    context = case_context(d)
    if arm == "legacy":
        instruction, case_input = LEGACY_INSTRUCTION, legacy_input(context, d.statements)
        answer = framed(d, case_answer(d, ink, "template_answer"))
    else:
        instruction, case_input = RAGAS_INSTRUCTION, ragas_input(context, d.statements)
        answer = ragas_answer(d, ink)
    closed = d.flag("end_token", weight_off=1)
    return d.done(instruct_text(template, instruction, case_input, answer, closed))


# ----------------------------------------------------------------- 4. human_assistant_turns


def transcript(style: str, turns: Sequence[tuple[str, str]]) -> str:
    """Chat turns (role, text) written as a pipeline stores a conversation in one string."""
    names = {
        "anthropic_text": {"system": "Human", "user": "Human", "assistant": "Assistant"},
        "langchain_buffer": {"system": "System", "user": "Human", "assistant": "AI"},
        "user_assistant": {"system": "System", "user": "User", "assistant": "Assistant"},
        "bracket_roles": {"system": "[system]", "user": "[user]", "assistant": "[assistant]"},
    }[style]
    if style == "anthropic_text":
        merged: list[tuple[str, str]] = []
        for role, text in turns:  # the legacy text API has no system turn: it opens the first Human turn
            if merged and merged[-1][0] == "system" and role == "user":
                merged[-1] = ("user", f"{merged[-1][1]}\n\n{text}")
            else:
                merged.append((role, text))
        return "\n\n".join(f"{names[role]}: {text}" for role, text in merged)
    if style == "langchain_buffer":
        return "\n".join(f"{names[role]}: {text}" for role, text in turns)
    if style == "user_assistant":
        return "\n\n".join(f"{names[role]}: {text}" for role, text in turns)
    return "\n\n".join(f"{names[role]}\n{text}" for role, text in turns)


def shot_turns(d: Draw, ink: Ink, form: str, final: bool) -> list[tuple[str, str]]:
    """One or two few-shot example exchanges (user: context and statements, assistant: the example answer)."""
    first = d.dim("shot", tuple(EXAMPLES))
    examples = [EXAMPLES[first]]
    if d.flag("second_shot", weight_off=1):
        examples.append(EXAMPLES[d.dim("second_example", tuple(k for k in EXAMPLES if k != first))])
    yes, no = ink.yes_word(), ink.no_word()
    turns: list[tuple[str, str]] = []
    for example in examples:
        turns.append(("user", f"Context:\n{example.context}\n\nStatements:\n{_numbered(example.statements)}"))
        turns.append(("assistant", rows_text(form, example_rows(example, yes, no), final)))
    return turns


@HELDOUT29
def human_assistant_turns(ch: Chooser) -> BlindOutput:
    """Claude 2 / Claude Instant through Anthropic's legacy text completions (``Human:`` / ``Assistant:``),
    and chains whose few-shot chat prompt a pipeline stores as a LangChain buffer string (``System:``,
    ``Human:``, ``AI:``) or with role labels: the instruction, one or two worked example exchanges with
    their verdicts, then this case's turn and the grader's answer in the last assistant turn."""
    d = Draw(ch, "human_assistant_turns", max_n=MAX_N)
    style = d.dim("transcript_style", ("anthropic_text", "langchain_buffer", "user_assistant", "bracket_roles"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    form = d.dim("turn_form", ("legacy_blocks", "numbered_blocks", "echo_arrow", "final_only"))
    final = form in ("numbered_blocks", "final_only") or d.flag("turn_final_line", weight_off=1)
    turns: list[tuple[str, str]] = [("system", few_shot_instruction(ink.yes_word(), ink.no_word()))]
    turns += shot_turns(d, ink, form, final)
    turns.append(("user", f"Context:\n{case_context(d)}\n\nStatements:\n{_numbered(d.statements)}"))
    answer = rows_text(form, case_rows(d, ink), final)
    turns.append(("assistant", framed(d, answer)))
    return d.done(transcript(style, turns))


# ----------------------------------------------------------------- 5. input_output_json_echo

_IO_LABELS = (("input:", "Output:"), ("Input:", "Output:"), ("INPUT:", "OUTPUT:"), ("Input:", "Response:"))
_IO_LEADS = (
    "Now do the same for the following input.",
    "Now perform the task on this input:",
    "Your actual task:",
    "-----------------------------",
)


def _io_json(value: Any, indent: str) -> str:
    return json.dumps(value, indent=None if indent == "none" else int(indent), ensure_ascii=False)


@HELDOUT29
def input_output_json_echo(ch: Chooser) -> BlindOutput:
    """GPT-4o-mini, Llama 3 8B and Qwen 2.5 on a RAGAS-style prompt that shows examples as ``Input:`` and
    ``Output:`` JSON and ends with the case's input and an empty ``Output:``: the reply repeats the input
    (sometimes the example pair before it, verdicts and all), then gives the output; some teams' text
    version of the same prompt gets the same echo with the legacy verdicts as the output."""
    d = Draw(ch, "input_output_json_echo", max_n=MAX_N)
    in_label, out_label = d.dim("io_labels", _IO_LABELS)
    arm = d.dim("io_arm", ("ragas", "ragas", "legacy"))
    indent = d.dim("io_indent", ("none", "2", "4"))
    ink = d.use_ink(("yes_no", "supported", "true_false"))
    context = case_context(d)
    gap = "\n" if indent != "none" or arm == "legacy" else " "
    with_example = d.flag("io_example", weight_off=1)
    example = EXAMPLES[d.dim("io_example_case", tuple(EXAMPLES))] if with_example else None
    if arm == "ragas":
        case_in = _io_json({"context": context, "statements": list(d.statements)}, indent)
        case_out = _io_json({"statements": ragas_items(d, ink)}, indent)
        ex_in = ex_out = ""
        if example is not None:
            ex_in = _io_json({"context": example.context, "statements": example.statements}, indent)
            ex_items = [{"statement": s, "reason": e, "verdict": int(v)} for s, e, v in example.rows]
            ex_out = _io_json({"statements": ex_items}, indent)
    else:
        form = d.dim("io_form", ("legacy_blocks", "final_only", "echo_arrow"))
        final = form == "final_only" or d.flag("io_final_line", weight_off=1)
        case_in = f"Context: {context}\nStatements:\n{_numbered(d.statements)}"
        case_out = rows_text(form, case_rows(d, ink), final)
        ex_in = ex_out = ""
        if example is not None:
            ex_in = f"Context: {example.context}\nStatements:\n{_numbered(example.statements)}"
            ex_out = rows_text(form, example_rows(example, ink.yes_word(), ink.no_word()), final)
    case = f"{in_label}{gap}{case_in}\n{out_label}{gap}{case_out}"
    if example is not None:
        lead = d.dim("io_lead", _IO_LEADS)
        head = d.dim("io_example_head", ("Example 1", "Example:", "--- example ---"))
        case = f"{head}\n{in_label}{gap}{ex_in}\n{out_label}{gap}{ex_out}\n\n{lead}\n{case}"
    return d.done(case)


# ----------------------------------------------------------------- 6. prompt_completion_record

_MODELS = ("gpt-3.5-turbo-instruct", "davinci-002", "meta-llama/Llama-2-13b-hf", "mistralai/Mistral-7B-v0.1")


@HELDOUT29
def prompt_completion_record(ch: Chooser) -> BlindOutput:
    """A stored record that holds the prompt beside the completion, as teams keep grader calls: a
    fine-tune-style ``{"prompt", "completion"}`` line, an ``input`` / ``output`` record with its id and
    model, the completions API's response with ``echo: true`` (``choices[0].text`` is the prompt
    followed by the completion), or a request / response log entry."""
    d = Draw(ch, "prompt_completion_record", max_n=MAX_N)
    shape = d.dim("record_shape", ("prompt_completion", "input_output", "echo_api", "request_response"))
    arm = d.dim("record_arm", ("legacy", "legacy", "ragas"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    context = case_context(d)
    model = d.dim("record_model", _MODELS)
    if arm == "legacy":
        prompt = legacy_prompt(context, d.statements)
        answer = framed(d, case_answer(d, ink, "record_answer"))
    else:
        prompt = ragas_prompt(context, d.statements)
        answer = ragas_answer(d, ink, "record_json_indent")
    number = ch.integer("record_number", 1, 9999)
    completion = ("\n" if d.flag("completion_newline", weight_off=1) else " ") + answer
    record: dict[str, Any]
    if shape == "prompt_completion":
        record = {"prompt": prompt, "completion": completion}
    elif shape == "input_output":
        record = {"id": f"case-{number:04d}", "model": model, "input": prompt, "output": answer}
    elif shape == "echo_api":
        record = {
            "id": f"cmpl-{number:04d}x7Q",
            "object": "text_completion",
            "created": 1700000000 + number,
            "model": model,
            "choices": [{"text": prompt + completion, "index": 0, "logprobs": None, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 180 + number % 300, "completion_tokens": 20 + number % 200},
        }
    else:
        record = {
            "request": {"model": model, "prompt": prompt, "max_tokens": 512, "temperature": 0},
            "response": {"text": completion, "finish_reason": "stop"},
        }
    layout = d.dim("record_layout", ("line", "indented"))
    return d.done(json.dumps(record, indent=None if layout == "line" else 2, ensure_ascii=False))


# ----------------------------------------------------------------- 7. continuation_mid_prompt

_CUT_MARKS = ("none", "none", "…", "[...] ", "...(truncated)\n", "[earlier text omitted]\n")


def _cut_points(allowed: Sequence[tuple[int, int]], index: int) -> int:
    """The ``index``-th position among the allowed ranges (inclusive bounds)."""
    for start, stop in allowed:
        if index <= stop - start:
            return start + index
        index -= stop - start + 1
    raise AssertionError("cut index beyond the allowed ranges")


@HELDOUT29
def continuation_mid_prompt(ch: Chooser) -> BlindOutput:
    """A completions call with ``echo`` (or a transformers pipeline returning the full text) whose log keeps
    only the last few thousand characters: the stored text starts mid-prompt, often mid-word, in the
    instructions, the few-shot example or the context, then runs through this case's statements, the
    prompt's answer label and the completion (gpt-3.5-turbo-instruct, Llama 2, Mistral 7B)."""
    d = Draw(ch, "continuation_mid_prompt", max_n=MAX_N)
    kind = d.dim("cut_prompt", ("legacy", "few_shot"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    context = case_context(d)
    if kind == "legacy":
        prompt = legacy_prompt(context, d.statements)
        answer = case_answer(d, ink, "cut_answer", ("legacy_blocks", "final_only", "numbered_blocks"))
        form_at = prompt.index(LEGACY_FORM_PHRASE)
        example_end = prompt.index(LEGACY_EXAMPLE_LINE) + len(LEGACY_EXAMPLE_LINE)
        statements_at = prompt.index("\n\nStatements:\n")
        allowed = [(1, form_at), (example_end, statements_at)]
    else:
        example = EXAMPLES[d.dim("cut_example", tuple(EXAMPLES))]
        form = d.dim("cut_form", ("numbered_blocks", "legacy_blocks", "labelled_blocks"))
        final = form == "numbered_blocks" or d.flag("cut_final_line", weight_off=1)
        yes, no = ink.yes_word(), ink.no_word()
        head = few_shot_instruction(yes, no) + "\n\n" + example_block(example, form, yes, no, final) + "\n\n"
        prompt = head + case_block(context, d.statements)
        answer = rows_text(form, case_rows(d, ink), final)
        last_statement = head.rindex(example.rows[-1][0])  # in the example's answer
        statements_at = len(head) + prompt[len(head) :].index("\nStatements:\n")
        allowed = [(1, last_statement), (len(head), statements_at)]
    span = sum(stop - start + 1 for start, stop in allowed)
    cut = _cut_points(allowed, ch.integer("cut_at", 0, span - 1))
    d.dims["cut_region"] = "first" if cut <= allowed[0][1] else "second"
    mark = d.dim("cut_mark", _CUT_MARKS)
    mark = "" if mark == "none" else mark
    answer = framed(d, answer)
    return d.done(mark + prompt[cut:] + "\n" + answer)


# ----------------------------------------------------------------- 8. xml_prompt_tags_mirrored


@HELDOUT29
def xml_prompt_tags_mirrored(ch: Chooser) -> BlindOutput:
    """Claude 3 Haiku / Claude Instant (and GPT-4o-mini on a Claude-style prompt) mirroring the prompt's XML
    sections before answering: the ``<instructions>`` (its example final line inside), the ``<context>``
    and the ``<statements>`` written back, then the answer in the ``<answer>`` / ``<verdicts>`` tag the
    prompt asked for."""
    d = Draw(ch, "xml_prompt_tags_mirrored", max_n=MAX_N)
    mirror = d.dim("mirror", ("context_statements", "statements_only", "instructions_too", "all_three"))
    listing = d.dim("mirror_listing", ("numbered", "elements", "lines"))
    tag = d.dim("answer_tag", ("answer", "verdicts", "response"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false", "correct"))
    if listing == "numbered":
        statements = _numbered(d.statements)
    elif listing == "elements":
        statements = "\n".join(f'<statement id="{i + 1}">{s}</statement>' for i, s, _t in d.items())
    else:
        statements = "\n".join(d.statements)
    sections = []
    if mirror in ("instructions_too", "all_three"):
        sections.append(f"<instructions>\n{LEGACY_INSTRUCTION}\n</instructions>")
    if mirror in ("context_statements", "all_three"):
        sections.append(f"<context>\n{case_context(d)}\n</context>")
    sections.append(f"<statements>\n{statements}\n</statements>")
    form = d.dim("tagged_answer", ("numbered_words", "elements", "blocks"))
    if form == "numbered_words":
        answer = "\n".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
        if d.flag("tagged_final_line"):
            answer += "\n\n" + final_line([ink.word(i, t) for i, _s, t in d.items()])
    elif form == "elements":
        answer = "\n".join(f'<verdict id="{i + 1}">{ink.word(i, t)}</verdict>' for i, _s, t in d.items())
    else:
        answer = case_answer(d, ink, "tagged_blocks", ("legacy_blocks", "labelled_blocks"))
    sections.append(f"<{tag}>\n{answer}\n</{tag}>")
    return d.done(framed(d, "\n\n".join(sections)))


# ----------------------------------------------------------------- 9. placeholder_line_first


def _slot(ink: Ink, style: str) -> str:
    """The verdict placeholder of a format line, in the vocabulary's words."""
    yes, noes = P.VOCABULARIES[ink.vocabulary]
    return {
        "angle_pair": f"<{yes}/{noes[0]}>",
        "angle_or": f"<{yes} or {noes[0]}>",
        "square_pipe": f"[{yes}|{noes[0]}]",
        "angle_word": "<verdict>",
        "curly": "{{verdict}}",
    }[style]


_PLACEHOLDER_FORMS = ("statement_verdict", "numbered_dash", "key_slots", "table", "jinja_line", "final_slots")


@HELDOUT29
def placeholder_line_first(ch: Chooser) -> BlindOutput:
    """Mistral 7B, Llama 3 8B, Gemma and GPT-3.5 writing the answer format's own placeholder line first, as
    the prompt showed it (``Statement: <statement>  Verdict: <Yes/No>``, ``statement_<n>: <verdict>``, a
    table's ``| <statement> | <Yes/No> |`` row, a Jinja ``{{ verdict }}`` line, the final line with
    ``<verdict>`` slots), then the same line filled in for each statement."""
    d = Draw(ch, "placeholder_line_first", max_n=MAX_N)
    form = d.dim("placeholder_form", _PLACEHOLDER_FORMS)
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false", "pass_fail"))
    slot = _slot(ink, d.dim("slot_style", ("angle_pair", "angle_or", "square_pipe", "angle_word", "curly")))
    gap = "\n\n" if d.flag("placeholder_gap") else "\n"
    words = [ink.word(i, t) for i, _s, t in d.items()]
    if form == "statement_verdict":
        template = f"Statement: <statement>  Verdict: {slot}"
        filled = "\n".join(f"Statement: {s}  Verdict: {words[i]}" for i, s, _t in d.items())
    elif form == "numbered_dash":
        template = f"<number>. <statement> - {slot}"
        filled = "\n".join(f"{i + 1}. {s} - {words[i]}" for i, s, _t in d.items())
    elif form == "key_slots":
        template = f"statement_<n>: {slot}"
        filled = "\n".join(f"statement_{i + 1}: {words[i]}" for i, _s, _t in d.items())
    elif form == "table":
        head = "| Statement | Verdict |\n|---|---|"
        template = f"{head}\n| <statement> | {slot} |"
        filled = "\n".join(f"| {s} | {words[i]} |" for i, s, _t in d.items())
        return d.done(framed(d, f"{template}\n{filled}"))
    elif form == "jinja_line":
        template = "Statement {{ loop.index }}: {{ statement }} → " + ("{{ verdict }}" if "{" in slot else slot)
        filled = "\n".join(f"Statement {i + 1}: {s} → {words[i]}" for i, s, _t in d.items())
    else:
        template = "Final verdict for each statement in order: <verdict>. <verdict>. <verdict>. ..."
        blocks = d.flag("slot_blocks", weight_off=1)
        filled = final_line(words)
        if blocks:
            filled = rows_text("legacy_blocks", case_rows(d, ink), True)
    return d.done(framed(d, f"{template}{gap}{filled}"))


# ----------------------------------------------------------------- 10. ragas_example_item_kept

_EXAMPLE_ITEMS: dict[str, dict[str, Any]] = {
    "project": {"statement": "the statement", "reason": "one sentence on why", "verdict": 1},
    "angle": {"statement": "<statement>", "reason": "<reason>", "verdict": "<0 or 1>"},
    "schema_string": {"statement": "string", "reason": "string", "verdict": 0},
    "ellipsis": {"statement": "...", "reason": "...", "verdict": "..."},
}


@HELDOUT29
def ragas_example_item_kept(ch: Chooser) -> BlindOutput:
    """Small and mid-size models in JSON mode (Llama 3 8B, Qwen 2.5 7B, Mistral 7B, GPT-3.5) answering the
    RAGAS-style prompt: the example item of the prompt's JSON shape (``"the statement"`` / ``"one sentence
    on why"``, a schema's ``"string"``, ``<statement>`` placeholders) kept as the first item of the list,
    this case's items after it."""
    d = Draw(ch, "ragas_example_item_kept", max_n=MAX_N)
    kept = dict(_EXAMPLE_ITEMS[d.dim("example_item", tuple(_EXAMPLE_ITEMS))])
    ink = d.use_ink(("yes_no",))
    items = [kept, *ragas_items(d, ink)]
    wrapper = d.dim("item_wrapper", ("statements", "statements", "bare_list"))
    value: Any = {"statements": items} if wrapper == "statements" else items
    indent = d.dim("item_indent", ("none", "2"))
    text = json.dumps(value, indent=None if indent == "none" else 2, ensure_ascii=False)
    fence = d.dim("item_fence", ("bare", "bare", "fence_json", "fence"))
    if fence == "fence_json":
        text = f"```json\n{text}\n```"
    elif fence == "fence":
        text = f"```\n{text}\n```"
    return d.done(text)


# ----------------------------------------------------------------- 11. logged_prompt_sections


def _indented(text: str) -> str:
    return "\n".join(f"  {line}" if line else "" for line in text.split("\n"))


@HELDOUT29
def logged_prompt_sections(ch: Chooser) -> BlindOutput:
    """A grader call as an eval script logs it, prompt and response together: banner sections
    (``=== PROMPT ===`` / ``=== RESPONSE ===``), dashed ones, LangChain's verbose LLMChain ("Prompt after
    formatting:" ... "> Finished chain.") followed by the printed result, a markdown report with the prompt
    fenced, or YAML block scalars; the prompt the legacy one or a team's few-shot one."""
    d = Draw(ch, "logged_prompt_sections", max_n=MAX_N)
    style = d.dim("log_style", ("banner", "dashes", "langchain_verbose", "markdown_report", "yaml_blocks"))
    kind = d.dim("logged_prompt", ("legacy", "legacy", "few_shot"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    context = case_context(d)
    if kind == "legacy":
        prompt = legacy_prompt(context, d.statements)
        answer = case_answer(d, ink, "logged_answer")
    else:
        example = EXAMPLES[d.dim("logged_example", tuple(EXAMPLES))]
        form = d.dim("logged_form", ("numbered_blocks", "legacy_blocks"))
        final = form == "numbered_blocks" or d.flag("logged_final_line", weight_off=1)
        yes, no = ink.yes_word(), ink.no_word()
        prompt = "\n\n".join(
            [few_shot_instruction(yes, no), example_block(example, form, yes, no, final),
             case_block(context, d.statements)]
        )  # fmt: skip
        answer = rows_text(form, case_rows(d, ink), final)
    answer = framed(d, answer)
    if style == "banner":
        word = d.dim("banner_word", ("RESPONSE", "COMPLETION", "OUTPUT"))
        text = f"=== PROMPT ===\n{prompt}\n=== {word} ===\n{answer}"
    elif style == "dashes":
        word = d.dim("dash_word", ("completion", "response"))
        text = f"----- prompt -----\n{prompt}\n----- {word} -----\n{answer}"
    elif style == "langchain_verbose":
        text = (
            f"\n\n> Entering new LLMChain chain...\nPrompt after formatting:\n{prompt}\n\n> Finished chain.\n{answer}"
        ).lstrip("\n")
    elif style == "markdown_report":
        text = f"## Prompt\n\n```\n{prompt}\n```\n\n## Response\n\n{answer}"
    else:
        text = f"prompt: |\n{_indented(prompt)}\nresponse: |\n{_indented(answer)}"
    return d.done(text)


# ----------------------------------------------------------------- 12. chat_share_with_prompt


@HELDOUT29
def chat_share_with_prompt(ch: Chooser) -> BlindOutput:
    """A reviewer who pasted the grader prompt into a chat app (ChatGPT, Open WebUI, a desktop client) and
    copied or exported the whole exchange: "You said:" / "ChatGPT said:", Open WebUI's ``### USER`` /
    ``### ASSISTANT`` export, a markdown export with ``## User`` / ``## Assistant``, or bold speaker names;
    the pasted prompt (with its example final line or worked example) first, the model's answer after."""
    d = Draw(ch, "chat_share_with_prompt", max_n=MAX_N)
    style = d.dim("share_style", ("chatgpt_copy", "openwebui_export", "markdown_export", "bold_names"))
    kind = d.dim("pasted_prompt", ("legacy", "legacy", "few_shot"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false", "correct"))
    context = case_context(d)
    if kind == "legacy":
        prompt = legacy_prompt(context, d.statements)
        answer = case_answer(d, ink, "share_answer")
    else:
        example = EXAMPLES[d.dim("share_example", tuple(EXAMPLES))]
        yes, no = ink.yes_word(), ink.no_word()
        prompt = "\n\n".join(
            [few_shot_instruction(yes, no), example_block(example, "numbered_blocks", yes, no, True),
             case_block(context, d.statements)]
        )  # fmt: skip
        answer = rows_text("numbered_blocks", case_rows(d, ink), True)
    answer = framed(d, answer, preface=True)
    if style == "chatgpt_copy":
        text = f"You said:\n{prompt}\nChatGPT said:\n{answer}"
    elif style == "openwebui_export":
        text = f"### USER\n{prompt}\n\n### ASSISTANT\n{answer}"
    elif style == "markdown_export":
        text = f"## User\n\n{prompt}\n\n## Assistant\n\n{answer}"
    else:
        text = f"**You:**\n{prompt}\n\n**Assistant:**\n{answer}"
    return d.done(text)


# ----------------------------------------------------------------- 13. two_call_chain_log

_QUESTIONS = (
    "Can you summarise the key facts?",
    "What should I know about this?",
    "Tell me the main points.",
    "What does the document say?",
)
_CALL1_INSTRUCTION = (
    "Break the answer below into short statements. Each statement must state one fact the answer asserts, be "
    "understandable on its own (replace pronouns with what they refer to), and add nothing the answer does not "
    "say. Write one statement per line, with no numbering, bullets or any other text."
)


@HELDOUT29
def two_call_chain_log(ch: Chooser) -> BlindOutput:
    """A faithfulness chain logged whole and stored as call 2's output: both calls with their prompts and
    completions (the statements prompt and the statements it returned, then the verdict prompt and its
    verdicts), as step headings, ``[1/2]`` / ``[2/2]`` markers, or one JSON line per call."""
    d = Draw(ch, "two_call_chain_log", max_n=MAX_N)
    style = d.dim("chain_style", ("step_headings", "fraction_markers", "json_lines"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    question = d.dim("chain_question", _QUESTIONS)
    answer_text = " ".join(d.statements)
    call1_prompt = f"{_CALL1_INSTRUCTION}\n\nQuestion: {question}\nAnswer: {answer_text}\nStatements:"
    call1_output = "\n".join(d.statements)
    call2_prompt = legacy_prompt(case_context(d), d.statements)
    call2_output = framed(d, case_answer(d, ink, "chain_answer"))
    if style == "step_headings":
        text = (
            f"### Step 1: statements\nPrompt:\n{call1_prompt}\n\nCompletion:\n{call1_output}\n\n"
            f"### Step 2: verdicts\nPrompt:\n{call2_prompt}\n\nCompletion:\n{call2_output}"
        )
    elif style == "fraction_markers":
        text = (
            f"[1/2] statements | prompt\n{call1_prompt}\n[1/2] statements | completion\n{call1_output}\n"
            f"[2/2] verdicts | prompt\n{call2_prompt}\n[2/2] verdicts | completion\n{call2_output}"
        )
    else:
        lines = [
            {"step": "statements", "prompt": call1_prompt, "completion": call1_output},
            {"step": "verdicts", "prompt": call2_prompt, "completion": call2_output},
        ]
        text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    return d.done(text)


# ----------------------------------------------------------------- 14. chat_messages_with_shots


@HELDOUT29
def chat_messages_with_shots(ch: Chooser) -> BlindOutput:
    """A chat call stored with its messages, as fine-tuning JSONL and eval logs keep it: the system
    instruction, few-shot example exchanges (user, then assistant with the example verdicts), this case's
    user message, and the grader's reply as the last assistant message, or in an OpenAI-evals-style
    ``sampled`` field beside the ``prompt`` messages (GPT-3.5, GPT-4o-mini, Llama 3 via an OpenAI-compatible
    server)."""
    d = Draw(ch, "chat_messages_with_shots", max_n=MAX_N)
    shape = d.dim("messages_shape", ("messages", "bare_list", "prompt_sampled"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false"))
    form = d.dim("messages_form", ("legacy_blocks", "numbered_blocks", "final_only", "echo_arrow"))
    final = form in ("numbered_blocks", "final_only") or d.flag("messages_final_line", weight_off=1)
    turns: list[tuple[str, str]] = [("system", few_shot_instruction(ink.yes_word(), ink.no_word()))]
    turns += shot_turns(d, ink, form, final)
    turns.append(("user", f"Context:\n{case_context(d)}\n\nStatements:\n{_numbered(d.statements)}"))
    answer = framed(d, rows_text(form, case_rows(d, ink), final))
    messages = [{"role": role, "content": content} for role, content in turns]
    value: Any
    if shape == "messages":
        value = {"messages": [*messages, {"role": "assistant", "content": answer}]}
    elif shape == "bare_list":
        value = [*messages, {"role": "assistant", "content": answer}]
    else:
        value = {"prompt": messages, "sampled": [answer]}
    indent = d.dim("messages_indent", ("none", "2"))
    return d.done(json.dumps(value, indent=None if indent == "none" else 2, ensure_ascii=False))


# ----------------------------------------------------------------- 15. prompt_echo_declines

_DECLINES = (
    "I can't judge these statements: the context above is the template placeholder {{context}}, not an actual "
    "text. Please send the context and I'll give a verdict for each statement.",
    "The context section is empty, so there is nothing to check the statements against. I won't guess a "
    "verdict for any of them.",
    "I'm sorry, but I cannot evaluate the statements you gave: no context was provided for them.",
    "Without the context I can't say whether any of these statements is supported, so I'm not giving verdicts.",
)


@HELDOUT29
def prompt_echo_declines(ch: Chooser) -> BlindOutput:
    """Graders that carry the prompt back and then decline: the legacy prompt written out with its
    ``{{context}}`` placeholder unfilled (its example final line inside), the worked example replayed with
    its verdicts before "for your statements there is no context", the task restated then declined, XML
    sections mirrored with an empty ``<context>``, or an instruction template whose response declines. No
    statement of this case gets a verdict."""
    d = Draw(ch, "prompt_echo_declines", max_n=MAX_N, unknowns=False)
    kind = d.dim(
        "decline_kind", ("placeholder_prompt", "example_then_decline", "restated_then_decline", "empty_xml",
                         "instruct_response")
    )  # fmt: skip
    if kind == "placeholder_prompt":
        prompt = f"{LEGACY_INSTRUCTION}\n\nContext:\n{{{{context}}}}\n\nStatements:\n" + "\n".join(d.statements)
        text = f"{prompt}\n\nVerdicts:\n{_DECLINES[0]}"
    elif kind == "example_then_decline":
        example = EXAMPLES[d.dim("decline_example", tuple(EXAMPLES))]
        replay = example_block(example, "numbered_blocks", "Yes", "No", True)
        after = d.dim(
            "decline_after",
            (
                "That was the example. For your statements there is no context provided, so I cannot give a "
                "verdict for any of them.",
                "The context for your statements is missing (only the example has one), so I can't judge them.",
            ),
        )
        text = f"Example\n{replay}\n\n{after}"
    elif kind == "restated_then_decline":
        decline = d.dim(
            "restated_decline",
            (
                "the context you sent is empty, so I can't answer Yes or No for any statement.",
                "no context came through with the statements, so I'm unable to give any verdicts.",
            ),
        )
        text = (
            "You asked me to judge each statement: answer Yes or No, Yes only when the context states it or it "
            'follows directly from the context, and finish with "Final verdict for each statement in order: '
            f'Yes. No. Yes." However, {decline}'
        )
    elif kind == "empty_xml":
        statements = "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items())
        text = (
            f"<context>\n</context>\n\n<statements>\n{statements}\n</statements>\n\n<answer>\n{_DECLINES[1]}\n</answer>"
        )
    else:
        case_input = "Context:\n\nStatements:\n" + "\n".join(d.statements)
        decline = d.dim("instruct_decline", _DECLINES[1:])
        text = (
            f"{_ALPACA_WITH_INPUT}\n\n### Instruction:\n{LEGACY_INSTRUCTION}\n\n### Input:\n{case_input}\n\n"
            f"### Response:\n{decline}"
        )
    return d.refused(text)
