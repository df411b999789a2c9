"""An EIGHTEENTH HELD-OUT set of blind layouts: agentic graders and their traces, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout18``); do not read it while
developing the reader. Written from what teams store as call 2's output when the faithfulness
judge runs as an agent or through an agent framework: not the answer alone but the whole trace.
LangChain's ``AgentExecutor`` verbose log and its ReAct scratchpad (``Thought:`` / ``Action:`` /
``Action Input:`` / ``Observation:`` ... ``Final Answer:``) and its structured-chat agent's JSON
actions, smolagents' code agents (``Thought:`` and a ```` ```py ```` block per step, its console
with ``Execution logs:`` and ``Out - Final answer:``), LangGraph messages as ``pretty_print``
writes them, CrewAI's verbose step log (the markdown one and the older ``[DEBUG]`` one), the
OpenAI Responses API's items (function calls, their outputs, the final message) and Assistants
run steps, AutoGen's console (AgentChat and the classic two-agent chat), LlamaIndex's function
and ReAct agents, a DSPy ``ReAct`` prediction with its trajectory, Letta (MemGPT) messages with
``send_message`` and a memory summary, raw chat-template transcripts of a tool loop (ChatML /
Hermes, Llama 3.1's ``ipython`` role, Mistral's ``[TOOL_CALLS]``), a team's own loop that calls
``lookup(statement_id=2)``, an agent that submits its verdicts through a ``submit_verdicts``
tool, pydantic-ai's message history where a tool error or a validation error makes the agent
retry, a plan-and-execute agent's plan and steps, and agents that give up (the refusals).

The tools return passages of the context, and the passages are full of "Yes", "No", "not",
"true", "false", "supported" and even "Verdict:" of their own ("Pets allowed: No.", "Windows 11:
Not supported", "VERDICT: Not guilty on all counts."): this set's statements come with such
passages, one that backs the statement, one that contradicts it and one that leaves it open;
``_draw``'s statements, mixed in, come with the statement itself as the passage, no passage, or
a vague one.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s frame
around the final answer (a preface, an agreeing count, a sign-off). Only outputs a careful
person reads without doubt are drawn: the verdict a person reads is the agent's FINAL answer or
the verdicts it submitted (after a rejected submission, the accepted one); every observation
is the passage that fits the truth (backing, contradicting, vague or nothing found), every
thought, note, plan step, memory summary and rejected submission that speaks of a statement
agrees with the final verdicts, and a refusal's trace judges no statement (its tools only fail,
or find an empty index).

    HELDOUT18.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout18_outputs(layout="react_agent_executor")  # one layout's strategy
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    STATEMENTS,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    leads_with_verdict_word,
)
from tests.scoring.graders import Chooser, Truth, render_statements_output

HELDOUT18 = LayoutSet("heldout18")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout18_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the eighteenth held-out set (one layout when named)."""
    return HELDOUT18.strategy(layout)


def _of(truth: Truth, options: Sequence[str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks or a query."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _them(count: int) -> str:
    return "the statement" if count == 1 else f"each of the {count} statements"


def _dumps(value: object, indent: int | None = None) -> str:
    return json.dumps(value, ensure_ascii=False, indent=indent)


# ----------------------------------------------------------------- this set's statements


@dataclass(frozen=True)
class Claim:
    """A statement, the query an agent sends for it, and passages that back it, contradict it, leave it open."""

    text: str
    query: str
    backing: str
    against: str
    open: str

    def passage(self, truth: Truth) -> str:
        return _of(truth, (self.backing, self.against, self.open))


CLAIMS: tuple[Claim, ...] = (
    Claim("The jury's verdict was not guilty on all counts.", "jury verdict",
          "VERDICT: Not guilty on all counts. The defendant was released the same afternoon.",
          "Verdict: guilty on two of the three counts; not guilty on the third. Sentencing is set for May.",
          "The jury retired on Friday to consider its verdict."),
    Claim("Windows 11 is a supported platform.", "Windows 11 support",
          "Supported platforms: Windows 11 (yes), Windows 10 (yes, until October 2025), macOS 13+ (yes).",
          "Windows 11: Not supported. Support is planned for version 5. Windows 10: Supported.",
          "Support for newer Windows releases is being evaluated."),
    Claim("Pets are not allowed in the rooms.", "pet policy rooms",
          "Pets allowed: No. Service animals: Yes.",
          "Pets allowed: Yes (up to two per room, cleaning fee applies).",
          "Please contact the front desk before bringing a pet."),
    Claim("The free plan includes API access.", "free plan API access",
          "Free plan. API access: Yes (100 calls per day). Custom domains: No.",
          "API access: No on the free plan; available on Pro and above.",
          "API limits differ between plans; see the pricing page."),
    Claim("The medication is considered safe during pregnancy.", "medication pregnancy safety",
          "Pregnancy: Yes, considered safe in all trimesters.",
          "Pregnancy: No. Do not use; it may harm the unborn baby.",
          "Ask your doctor before use if you are pregnant or breastfeeding."),
    Claim("Cyclists may ride across the bridge.", "bridge cyclists access",
          "Cyclists: Yes. Pedestrians: Yes. Motor vehicles: No.",
          "Cyclists: No. Please dismount and push your bicycle across.",
          "Rules for cyclists on the bridge are under review."),
    Claim("The firmware update fixes the Bluetooth disconnect bug.", "firmware Bluetooth disconnect fix",
          "Fixed in this release: Bluetooth disconnects after sleep (true for all models).",
          "Known issues (not fixed in this release): Bluetooth disconnects after sleep.",
          "This release improves general stability."),
    Claim("Most staff said they felt supported by management.", "staff survey supported by management",
          "72% answered Yes to 'I feel supported by management'; 21% answered No.",
          "Only 31% answered Yes to 'I feel supported by management'; 58% answered No.",
          "The survey asked staff whether they felt supported by management."),
    Claim("The new checkout flag is set to true in production.", "new_checkout flag production",
          "production.yaml: new_checkout: true",
          "production.yaml: new_checkout: false  # not yet, see rollout plan",
          "new_checkout is true in staging; production values are managed by the release team."),
    Claim("Fact-checkers rated the viral flood photo as false.", "viral flood photo fact check",
          "RATING: FALSE. The photo was taken in 2012, not during this year's flood.",
          "RATING: TRUE. The photo is authentic and was taken during the flood.",
          "Fact-checkers are still reviewing the photo."),
    Claim("Refunds are available within 14 days of purchase.", "refund window",
          "Refund eligible: Yes, within 14 days of purchase.",
          "Refunds: not available. All sales are final.",
          "Refund requests are handled case by case."),
    Claim("Calculators are allowed in the exam.", "exam calculators allowed",
          "Calculators permitted: YES (non-programmable only). Phones: NO.",
          "Calculators permitted: NO. Phones and smart watches: NO.",
          "Check the exam rules for the list of permitted items."),
    Claim("The antigen test came back negative.", "antigen test result",
          "Result: NEGATIVE (no antigen detected).",
          "Result: POSITIVE. No repeat test required.",
          "Result: INCONCLUSIVE. Please retest in 48 hours."),
    Claim("Overtime is paid at 1.5 times the normal rate.", "overtime pay rate",
          "Overtime: yes, paid at 1.5x the base hourly rate.",
          "Overtime is not paid; time off in lieu is given instead.",
          "Overtime terms depend on the individual contract."),
    Claim("The library offers free Wi-Fi.", "library Wi-Fi",
          "Free Wi-Fi: Yes. Printing: 10p per page.",
          "Public Wi-Fi: No. Wired terminals are available at the front desk.",
          "Ask a member of staff about internet access."),
    Claim("Parking at the venue is free for ticket holders.", "venue parking ticket holders",
          "Parking: free for all ticket holders (yes, weekends too).",
          "Parking: not free. 12 euros per day, ticket holders included.",
          "Limited parking is available near the venue."),
    Claim("The contract can be cancelled without a fee.", "contract cancellation fee",
          "Cancellation fee: none. You may cancel at any time.",
          "Early cancellation: a 50 euro fee applies; cancelling without a fee is not possible.",
          "See section 9 for cancellation terms."),
    Claim("The dataset includes records from 2020.", "dataset coverage 2020",
          "Coverage: 2018-2022 (2020 included: true).",
          "Coverage: 2021 onwards; 2020 is not included.",
          "Historical coverage varies by country."),
    Claim("The museum is wheelchair accessible.", "museum wheelchair access",
          "Wheelchair accessible: Yes (step-free entrance, lifts to all floors).",
          "Wheelchair accessible: No. The building has stairs only; no lift.",
          "Accessibility information is being updated."),
    Claim("Remote work is allowed two days a week.", "remote work policy days",
          "Remote work: yes, up to two days per week with manager approval.",
          "Remote work is not permitted; all staff work on site.",
          "Remote work arrangements are decided by each team."),
)  # fmt: skip
CLAIM_BY_TEXT = {claim.text: claim for claim in CLAIMS}
# Retrieved for one of _draw's statements that the context leaves open: a real passage that settles nothing.
VAGUE_PASSAGES: tuple[str, ...] = (
    "Further details are available on request.",
    "Details may vary; check the latest version of this document.",
    "See the appendix for more information.",
    "This section is under review and may change.",
)


class AgentDraw(Draw):
    """``Draw`` over this set's statements (only them, or mixed with ``_draw``'s) and their passages."""

    def __init__(self, ch: Chooser, layout: str, *, unknowns: bool = True, plain_openers: bool = False) -> None:
        super().__init__(ch, layout, max_n=MAX_N, unknowns=unknowns, call1=False)
        pool_name = self.dim("statement_pool", ("themed", "themed", "mixed"))
        pool = [claim.text for claim in CLAIMS]
        if pool_name == "mixed":
            pool += [
                s for s in STATEMENTS if s not in CLAIM_BY_TEXT and not (plain_openers and leads_with_verdict_word(s))
            ]
        self.statements = tuple(pool.pop(ch.integer("agent_statement", 0, len(pool) - 1)) for _ in range(self.n))
        first = render_statements_output(ch, self.statements, refusals=False)
        self.call1 = first.text
        self.dims.update(first.dimensions)
        self.vague = [ch.pick("vague_passage", VAGUE_PASSAGES) for _ in self.statements]
        self.ids = Ids(ch.integer("trace_ids", 0, 10**9))

    def query(self, i: int) -> str:
        claim = CLAIM_BY_TEXT.get(self.statements[i])
        return claim.query if claim is not None else _bare(self.statements[i])

    def passage(self, i: int) -> str | None:
        """What the context holds for statement ``i``, as its truth has it (None: nothing found)."""
        truth = self.truth[i]
        claim = CLAIM_BY_TEXT.get(self.statements[i])
        if claim is not None:
            return claim.passage(truth)
        return self.statements[i] if truth is True else None if truth is False else self.vague[i]


class Ids:
    """Call ids, run ids, durations: stable for one output, varied across outputs."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.count = 0

    def hex(self, length: int = 8) -> str:
        self.count += 1
        digest = hashlib.sha1(f"{self.seed}-{self.count}".encode()).hexdigest()
        return digest[:length]

    def alnum(self, length: int = 24) -> str:
        self.count += 1
        digest = hashlib.sha256(f"{self.seed}-{self.count}".encode()).digest()
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        return "".join(alphabet[b % len(alphabet)] for b in digest[:length])

    def number(self, lo: int, hi: int) -> int:
        self.count += 1
        digest = hashlib.sha1(f"{self.seed}-{self.count}".encode()).digest()
        return lo + int.from_bytes(digest[:4], "big") % (hi - lo + 1)


# ----------------------------------------------------------------- what the tools return

SEARCH_TOOLS = ("search_context", "retrieve_passages", "context_search")
OBSERVATION_STYLES = ("plain", "scored", "json", "doc_tags")
NOTHING_FOUND = ("No matching passage found.", "0 results.", "No results.")


def observation(d: AgentDraw, i: int, style: str) -> str:
    """The tool's answer for statement ``i``'s query: the fitting passage, or nothing found."""
    found = d.passage(i)
    doc = f"ctx-{d.ids.number(1, 12)}"
    score = f"0.{d.ids.number(41, 97)}"
    if style == "json":
        results = [] if found is None else [{"doc_id": doc, "score": float(score), "text": found}]
        return _dumps({"query": d.query(i), "found": found is not None, "results": results})
    if found is None:
        return d.ch.pick("nothing_found", NOTHING_FOUND)
    if style == "scored":
        return f"[1] (score {score}) {found}"
    if style == "doc_tags":
        return f'<doc id="{doc}">{found}</doc>'
    return found


# ----------------------------------------------------------------- what the agent says on the way

# (backed, contradicted, left open) notes on what a passage does to statement {k}; {k} is its number.
NOTES_FOUND: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("That passage backs statement {k}.", "This matches statement {k}.", "The context confirms statement {k}."),
    (
        "The context says something different from statement {k}.",
        "This contradicts statement {k}.",
        "The passage does not back statement {k}; it says otherwise.",
    ),
    ("The passage is too vague to decide statement {k}.", "This neither confirms nor rules out statement {k}."),
)
NOTES_NOTHING = ("Nothing in the context covers statement {k}.", "No passage backs statement {k}.")
INTENTIONS = (
    "Checking statement {k}.",
    "Now I'll look up statement {k}.",
    "Let me search the context for statement {k}.",
)
OPENINGS = (
    "I need to check {them} against the context, one search per statement.",
    "I'll search the context for every statement before giving verdicts.",
    "To judge faithfulness I have to look up each statement in the context.",
)
CLOSINGS = ("I now know the final answer", "I have checked every statement.", "All statements are checked.")


def note(d: AgentDraw, i: int) -> str:
    """What the agent writes after reading statement ``i``'s passage: it agrees with the truth."""
    k = i + 1
    if d.passage(i) is None:
        return d.ch.pick("note_nothing", NOTES_NOTHING).format(k=k)
    return d.ch.pick("note", _notes(d.truth[i])).format(k=k)


def _notes(truth: Truth) -> tuple[str, ...]:
    return NOTES_FOUND[0] if truth is True else NOTES_FOUND[1] if truth is False else NOTES_FOUND[2]


def order(d: AgentDraw, *, batches: bool = False) -> list[list[int]]:
    """The statements in the order the agent looks them up: in order, reversed, or (parallel calls) in pairs."""
    options = ("in_order", "in_order", "reversed", "pairs") if batches else ("in_order", "in_order", "reversed")
    kind = d.dim("lookup_order", options)
    indices = list(range(d.n))
    if kind == "reversed":
        indices.reverse()
    if kind == "pairs":
        return [indices[j : j + 2] for j in range(0, d.n, 2)]
    return [[i] for i in indices]


TASKS = (
    "For each statement below, decide whether the context supports it. Use {tool} to search the context.",
    "You are a faithfulness judge. Check each statement against the retrieved context and answer Yes or No for "
    "each one.",
    "Check every statement against the context (call {tool} as often as you need). End with 'Final verdict for "
    "each statement in order:' followed by Yes. or No. for each statement.",
)


def task(d: AgentDraw, tool: str) -> str:
    """The user's request as the trace records it, with the statements listed."""
    text = d.dim("task_text", TASKS).format(tool=tool)
    listing = "\n".join(f"{k}. {s}" for k, s in enumerate(d.statements, 1))
    return f"{text}\n\nStatements:\n{listing}"


# ----------------------------------------------------------------- the final answer

FINAL_SHAPES = ("final_line", "legacy_blocks", "numbered", "labelled", "quoted_echo", "json")
PLAIN_FINAL_SHAPES = ("final_line", "legacy_blocks", "numbered", "labelled", "quoted_echo")
FINAL_HEADERS = ("none", "Verdicts:", "Final verdicts:", "**Verdicts**", "Results:")
DECORATION_EXCLUDE = ("arrow", "angle", "emoji_only", "quote", "bracket")


def final_answer(d: AgentDraw, ink: Ink, shapes: Sequence[str] = FINAL_SHAPES, *, frame: bool = True) -> str:
    """The agent's final answer in a shape graders answer call 2 in, with ``_draw``'s frame (no ``<think>``)."""
    shape = d.dim("final_shape", shapes)
    if shape == "final_line":
        body = d.final_line()
        if d.flag("final_reasoning", weight_off=2):
            body = ink.call2.statement_blocks(with_markers=False, decorated=False) + "\n\n" + body
    elif shape == "legacy_blocks":
        body = ink.call2.statement_blocks(with_markers=True, decorated=False) + "\n\n" + d.final_line()
    elif shape == "numbered":
        header = d.dim("final_header", FINAL_HEADERS)
        ink.decorate(exclude=DECORATION_EXCLUDE)
        lines = "\n".join(f"{i + 1}. {ink.token(i, t)}" for i, _s, t in d.items())
        body = lines if header == "none" else f"{header}\n{lines}"
    elif shape == "labelled":
        form = d.dim("labelled_form", ("Statement {k}: {v}", "**Statement {k}:** {v}", "- Statement {k}: {v}"))
        aside = d.flag("final_aside")
        rows = []
        for i, _s, t in d.items():
            row = form.format(k=i + 1, v=ink.word(i, t))
            rows.append(f"{row} ({ink.aside(i, t)})" if aside else row)
        body = "\n".join(rows)
    elif shape == "quoted_echo":
        form = d.dim("agent_echo_form", ('{k}. "{b}" → {v}', '- "{b}": {v}', '{k}. "{b}" — {v}'))
        body = "\n".join(form.format(k=i + 1, b=_bare(s), v=ink.word(i, t)) for i, s, t in d.items())
    else:
        items = [
            {"statement": i + 1, "verdict": ink.word(i, t), "reason": ink.explanation(i, t)} for i, _s, t in d.items()
        ]
        body = _dumps({"verdicts": items}, indent=2)
    return d.frame(body, think=False, tally=shape != "json") if frame else body


# Verdict values of a tool's or a typed output's schema: (supported, not supported, undecided).
ENUMS: dict[str, tuple[str, str, str]] = {
    "supported": ("supported", "unsupported", "undetermined"),
    "snake": ("supported", "not_supported", "cannot_determine"),
    "yes_no": ("yes", "no", "unsure"),
    "entailment": ("entailed", "not_entailed", "unknown"),
}


def enum_words(d: AgentDraw, name: str = "verdict_enum") -> tuple[str, str, str]:
    return ENUMS[d.dim(name, tuple(ENUMS))]


# ----------------------------------------------------------------- 1. react_agent_executor


def _react_steps(d: AgentDraw, tool: str, input_style: str, obs_style: str, notes: bool) -> list[str]:
    """Thought / Action / Action Input / Observation per statement, the thoughts noting what came back."""
    steps = order(d)
    chunks: list[str] = []
    previous: int | None = None
    for j, (i,) in enumerate(steps):
        k = i + 1
        intention = d.ch.pick("intention", INTENTIONS).format(k=k)
        if j == 0:
            thought = d.ch.pick("opening", OPENINGS).format(them=_them(d.n)) + " " + intention
        elif notes and previous is not None:
            thought = f"{note(d, previous)} {intention}"
        else:
            thought = intention
        query = d.query(i)
        action_input = {"plain": query, "quoted": f'"{query}"', "json": _dumps({"query": query})}[input_style]
        chunks.append(
            f"Thought: {thought}\nAction: {tool}\nAction Input: {action_input}\n"
            f"Observation: {observation(d, i, obs_style)}"
        )
        previous = i
    last = f"{note(d, previous)} " if notes and previous is not None else ""
    chunks.append(f"Thought: {last}{d.ch.pick('closing', CLOSINGS)}")
    return chunks


@HELDOUT18
def react_agent_executor(ch: Chooser) -> BlindOutput:
    """LangChain's ReAct agent: the ``AgentExecutor`` verbose log (or the bare scratchpad) up to ``Final Answer:``."""
    d = AgentDraw(ch, "react_agent_executor")
    tool = d.dim("react_tool", SEARCH_TOOLS)
    wrapper = d.dim("react_wrapper", ("chain_log", "scratchpad"))
    input_style = d.dim("action_input", ("plain", "quoted", "json"))
    obs_style = d.dim("observation_style", OBSERVATION_STYLES)
    notes = d.flag("interim_notes", weight_off=1)
    ink = d.use_ink()
    chunks = _react_steps(d, tool, input_style, obs_style, notes)
    answer = final_answer(d, ink)
    joint = d.dim("final_answer_break", (" ", "\n"))
    text = "\n".join(chunks) + f"\nFinal Answer:{joint}{answer}"
    if wrapper == "chain_log":
        text = f"> Entering new AgentExecutor chain...\n{text}\n\n> Finished chain."
    return d.done(text)


# ----------------------------------------------------------------- 2. smolagents_code_steps


def _py_call(function: str, value: object, indent: bool) -> str:
    """A Python call with one JSON-like argument (JSON's strings and lists are Python's too)."""
    if isinstance(value, dict) and indent:
        inner = ",\n".join(f"    {_dumps(key)}: {_dumps(item)}" for key, item in value.items())
        return f"{function}({{\n{inner}\n}})"
    return f"{function}({_dumps(value)})"


def _smol_final(d: AgentDraw, ink: Ink) -> tuple[str, str]:
    """``final_answer(...)``'s code and what smolagents prints of its value."""
    kind = d.dim("final_answer_value", ("dict", "list", "text"))
    if kind == "text":
        answer = final_answer(d, ink, PLAIN_FINAL_SHAPES)
        return f'final_answer("""{answer}""")', answer
    words = enum_words(d)
    if kind == "list":
        value: object = [_of(t, words) for t in d.truth]
        return _py_call("final_answer", value, False), repr(value)
    mapping = {f"statement_{i + 1}": _of(t, words) for i, _s, t in d.items()}
    return _py_call("final_answer", mapping, d.flag("dict_indent")), repr(mapping)


def _rule(title: str, width: int = 78) -> str:
    side = (width - len(title) - 2) // 2
    return f"{'━' * side} {title} {'━' * (width - side - len(title) - 2)}"


@HELDOUT18
def smolagents_code_steps(ch: Chooser) -> BlindOutput:
    """smolagents' ``CodeAgent``: steps of ``Thought:`` and a ```` ```py ```` block, ending in ``final_answer(...)``."""
    d = AgentDraw(ch, "smolagents_code_steps")
    form = d.dim("smol_form", ("memory", "console"))
    batching = d.dim("smol_steps", ("loop", "per_statement"))
    tool = d.dim("smol_tool", SEARCH_TOOLS)
    ink = d.use_ink()
    steps: list[tuple[str, str, str]] = []  # (thought, code, execution logs)
    if batching == "loop":
        queries = ",\n    ".join(_dumps(d.query(i)) for i in range(d.n))
        code = (
            f"queries = [\n    {queries},\n]\nfor k, query in enumerate(queries, start=1):\n"
            f'    print("Statement", k, "->", {tool}(query=query))'
        )
        logs = "\n".join(f"Statement {i + 1} -> {observation(d, i, 'plain')}" for i in range(d.n))
        thought = d.ch.pick("opening", OPENINGS).format(them=_them(d.n)) + " I'll do it in one loop."
        steps.append((thought, code, logs))
        closing = " ".join(note(d, i) for i in range(d.n)) if d.flag("interim_notes") else ""
    else:
        previous: int | None = None
        for j, (i,) in enumerate(order(d)):
            intention = d.ch.pick("intention", INTENTIONS).format(k=i + 1)
            thought = intention if j == 0 or previous is None else f"{note(d, previous)} {intention}"
            code = f"result = {tool}(query={_dumps(d.query(i))})\nprint(result)"
            steps.append((thought, code, observation(d, i, "plain")))
            previous = i
        closing = note(d, previous) if previous is not None else ""
    final_code, printed = _smol_final(d, ink)
    final_thought = f"{closing} I can give the final answer now.".strip()
    blocks: list[str] = []
    for number, (thought, code, logs) in enumerate(steps, 1):
        if form == "memory":
            blocks.append(
                f"{_rule(f'Step {number}')}\nThought: {thought}\nCode:\n```py\n{code}\n```<end_code>\n"
                f"Observation:\nExecution logs:\n{logs}\nLast output from code snippet:\nNone"
            )
        else:
            shown = "\n".join("  " + line for line in code.split("\n"))
            blocks.append(
                f"{_rule(f'Step {number}')}\n ─ Executing parsed code: {'─' * 52}\n{shown}\n {'─' * 77}\n"
                f"Execution logs:\n{logs}\n\nOut: None\n"
                f"[Step {number}: Duration {d.ids.number(1, 9)}.{d.ids.number(10, 99)} seconds| "
                f"Input tokens: {d.ids.number(1900, 9800):,} | Output tokens: {d.ids.number(40, 400):,}]"
            )
    last = len(steps) + 1
    if form == "memory":
        blocks.append(f"{_rule(f'Step {last}')}\nThought: {final_thought}\nCode:\n```py\n{final_code}\n```<end_code>")
        if d.flag("memory_out_line"):
            blocks.append(f"Out - Final answer: {printed}")
    else:
        shown = "\n".join("  " + line for line in final_code.split("\n"))
        blocks.append(
            f"{_rule(f'Step {last}')}\n ─ Executing parsed code: {'─' * 52}\n{shown}\n {'─' * 77}\n"
            f"Out - Final answer: {printed}\n"
            f"[Step {last}: Duration {d.ids.number(1, 9)}.{d.ids.number(10, 99)} seconds| "
            f"Input tokens: {d.ids.number(9900, 19800):,} | Output tokens: {d.ids.number(40, 400):,}]"
        )
    return d.done("\n".join(blocks))


# ----------------------------------------------------------------- 3. langgraph_pretty_messages


def _title(title: str) -> str:
    """LangChain's message title line: the title centred in 80 columns of '='."""
    padded = f" {title} "
    side = (80 - len(padded)) // 2
    return "=" * side + padded + "=" * (side + len(padded) % 2)


@HELDOUT18
def langgraph_pretty_messages(ch: Chooser) -> BlindOutput:
    """A LangGraph ReAct agent's messages as ``pretty_print`` writes them: tool calls, tool messages, the answer."""
    d = AgentDraw(ch, "langgraph_pretty_messages")
    tool = d.dim("graph_tool", SEARCH_TOOLS)
    human = d.flag("human_message", weight_off=1)
    obs_style = d.dim("observation_style", OBSERVATION_STYLES)
    talk = d.flag("ai_text_with_calls")
    ink = d.use_ink()
    blocks: list[str] = []
    if human:
        blocks.append(f"{_title('Human Message')}\n\n{task(d, tool)}")
    previous: list[int] = []
    for batch in order(d, batches=True):
        ids = [f"call_{d.ids.alnum()}" for _ in batch]
        calls = "\n".join(
            f"  {tool} ({call_id})\n Call ID: {call_id}\n  Args:\n    query: {d.query(i)}"
            for i, call_id in zip(batch, ids, strict=True)
        )
        content = ""
        if talk:
            said = " ".join(note(d, i) for i in previous)
            wanted = " ".join(d.ch.pick("intention", INTENTIONS).format(k=i + 1) for i in batch)
            content = f"\n\n{said} {wanted}".replace("\n\n ", "\n\n")
        blocks.append(f"{_title('Ai Message')}{content}\nTool Calls:\n{calls}")
        for i in batch:
            blocks.append(f"{_title('Tool Message')}\nName: {tool}\n\n{observation(d, i, obs_style)}")
        previous = batch
    blocks.append(f"{_title('Ai Message')}\n\n{final_answer(d, ink)}")
    return d.done("\n".join(blocks))


# ----------------------------------------------------------------- 4. crewai_verbose_steps

CREW_ROLES = ("Faithfulness Judge", "Context Verifier", "RAG Evaluation Specialist")
CREW_TOOLS = ("Search the context", "Context Search Tool", "search_context")


@HELDOUT18
def crewai_verbose_steps(ch: Chooser) -> BlindOutput:
    """CrewAI's verbose log: ``# Agent:`` / ``## Thought:`` / ``## Using tool:`` ... ``## Final Answer:`` (or the
    older ``[DEBUG]`` log with its ReAct chain and ``Task output``)."""
    d = AgentDraw(ch, "crewai_verbose_steps")
    style = d.dim("crew_log", ("markdown", "markdown", "debug"))
    role = d.dim("crew_role", CREW_ROLES)
    tool = d.dim("crew_tool", CREW_TOOLS)
    notes = d.flag("interim_notes", weight_off=1)
    ink = d.use_ink()
    answer = final_answer(d, ink, PLAIN_FINAL_SHAPES)
    request = task(d, tool)
    steps = order(d)
    if style == "markdown":
        blocks = [f"# Agent: {role}\n## Task: {request}"]
        previous: int | None = None
        for (i,) in steps:
            intention = d.ch.pick("intention", INTENTIONS).format(k=i + 1)
            thought = f"{note(d, previous)} {intention}" if notes and previous is not None else intention
            tool_input = json.dumps(_dumps({"query": d.query(i)}), ensure_ascii=False)
            blocks.append(
                f"# Agent: {role}\n## Thought: {thought}\n## Using tool: {tool}\n## Tool Input: \n{tool_input}\n"
                f"## Tool Output: \n{observation(d, i, 'plain')}"
            )
            previous = i
        blocks.append(f"# Agent: {role}\n## Final Answer: \n{answer}")
        return d.done("\n\n\n".join(blocks))
    stamp = f"2024-{d.ids.number(1, 12):02d}-{d.ids.number(1, 28):02d} {d.ids.number(8, 19):02d}:{d.ids.number(10, 59)}"
    chain = "\n".join(_react_steps(d, tool, "json", "plain", notes))
    text = (
        f" [{stamp}:12][DEBUG]: == Working Agent: {role}\n [{stamp}:12][INFO]: == Starting Task: {request}\n\n\n"
        f"> Entering new CrewAgentExecutor chain...\n{chain}\nFinal Answer: {answer}\n\n> Finished chain.\n"
        f" [{stamp}:41][DEBUG]: == [{role}] Task output: {answer}\n\n"
    )
    return d.done(text)


# ----------------------------------------------------------------- 5. responses_output_items


@HELDOUT18
def responses_output_items(ch: Chooser) -> BlindOutput:
    """The OpenAI Responses API loop as a pipeline stores it: function calls, their outputs, a reasoning
    summary, the final message's ``output_text``."""
    d = AgentDraw(ch, "responses_output_items")
    tool = d.dim("responses_tool", SEARCH_TOOLS)
    reasoning = d.flag("reasoning_item")
    wrap = d.dim("items_wrap", ("list", "object", "fenced_list"))
    ink = d.use_ink()
    items: list[dict[str, object]] = []
    if reasoning:
        summary = (
            f"**Checking the statements against the context**\n\nI'll search the context for each of the {d.n} "
            f"statement{_pl(d.n)} and compare what comes back."
        )
        items.append({"type": "reasoning", "id": f"rs_{d.ids.hex(24)}",
                      "summary": [{"type": "summary_text", "text": summary}]})  # fmt: skip
    for batch in order(d, batches=True):
        ids = [f"call_{d.ids.alnum()}" for _ in batch]
        for i, call_id in zip(batch, ids, strict=True):
            items.append({"type": "function_call", "id": f"fc_{d.ids.hex(24)}", "call_id": call_id, "name": tool,
                          "arguments": _dumps({"query": d.query(i)}), "status": "completed"})  # fmt: skip
        for i, call_id in zip(batch, ids, strict=True):
            items.append({"type": "function_call_output", "call_id": call_id,
                          "output": observation(d, i, d.dim("observation_style", ("plain", "json")))})  # fmt: skip
    text = final_answer(d, ink, PLAIN_FINAL_SHAPES)
    items.append({"type": "message", "id": f"msg_{d.ids.hex(24)}", "role": "assistant", "status": "completed",
                  "content": [{"type": "output_text", "text": text, "annotations": []}]})  # fmt: skip
    if wrap == "object":
        body = _dumps({"model": d.dim("responses_model", ("gpt-4.1", "gpt-4o", "o4-mini")), "items": items}, 2)
    else:
        body = _dumps(items, indent=2)
        if wrap == "fenced_list":
            body = f"```json\n{body}\n```"
    return d.done(body)


# ----------------------------------------------------------------- 6. assistants_run_steps


@HELDOUT18
def assistants_run_steps(ch: Chooser) -> BlindOutput:
    """OpenAI Assistants: a run's steps (function calls with arguments and outputs) and the message it created,
    as JSON (steps in the API's newest-first order or oldest first) or as a pipeline's text log."""
    d = AgentDraw(ch, "assistants_run_steps")
    form = d.dim("run_form", ("json", "json", "text_log"))
    step_order = d.dim("step_order", ("asc", "desc"))
    tool = d.dim("assistant_tool", SEARCH_TOOLS)
    ink = d.use_ink()
    run_id, message_id = f"run_{d.ids.alnum()}", f"msg_{d.ids.alnum()}"
    tool_steps: list[tuple[str, list[tuple[str, str, str]]]] = []  # (step id, [(call id, arguments, output)])
    for batch in order(d, batches=True):
        calls = [(f"call_{d.ids.alnum()}", _dumps({"query": d.query(i)}), observation(d, i, "plain")) for i in batch]
        tool_steps.append((f"step_{d.ids.alnum()}", calls))
    text = final_answer(d, ink)
    if form == "text_log":
        lines = [f"Run {run_id} (status: completed, {len(tool_steps) + 1} steps)"]
        for number, (step_id, calls) in enumerate(tool_steps, 1):
            lines.append(f"  step {number} · tool_calls · {step_id}")
            for call_id, arguments, output in calls:
                lines.append(f"    {tool}({arguments})  [{call_id}]\n      output: {output}")
        lines.append(f"  step {len(tool_steps) + 1} · message_creation · {message_id}")
        return d.done("\n".join(lines) + f"\n\nAssistant ({message_id}):\n{text}")
    steps: list[dict[str, object]] = [
        {"id": step_id, "object": "thread.run.step", "run_id": run_id, "type": "tool_calls", "status": "completed",
         "step_details": {"type": "tool_calls", "tool_calls": [
             {"id": call_id, "type": "function", "function": {"name": tool, "arguments": arguments, "output": output}}
             for call_id, arguments, output in calls]}}
        for step_id, calls in tool_steps
    ]  # fmt: skip
    created = {"type": "message_creation", "message_creation": {"message_id": message_id}}
    steps.append({"id": f"step_{d.ids.alnum()}", "object": "thread.run.step", "run_id": run_id,
                  "type": "message_creation", "status": "completed", "step_details": created})  # fmt: skip
    if step_order == "desc":
        steps.reverse()
    message = {"id": message_id, "object": "thread.message", "role": "assistant", "run_id": run_id,
               "content": [{"type": "text", "text": {"value": text, "annotations": []}}]}  # fmt: skip
    return d.done(_dumps({"run_id": run_id, "status": "completed", "steps": steps, "messages": [message]}, 2))


# ----------------------------------------------------------------- 7. lookup_function_loop


@HELDOUT18
def lookup_function_loop(ch: Chooser) -> BlindOutput:
    """A team's own function-calling loop: the model calls ``lookup(statement_id=2)``, gets the statement and its
    passages back, and answers after the last lookup."""
    d = AgentDraw(ch, "lookup_function_loop")
    style = d.dim("loop_log", ("turns", "chevrons", "caps"))
    notes = d.flag("interim_notes")
    ink = d.use_ink()
    lines: list[str] = []
    turn = 0
    for (i,) in order(d):
        turn += 1
        k = i + 1
        passage = d.passage(i)
        result = _dumps({"statement_id": k, "statement": d.statements[i], "passages": [] if passage is None else
                         [{"id": f"p{d.ids.number(1, 9)}", "text": passage}]})  # fmt: skip
        said = f"{note(d, i)}" if notes else ""
        if style == "turns":
            lines.append(f"[turn {turn}] assistant → lookup(statement_id={k})")
            lines.append(f"[turn {turn}] tool(lookup) ← {result}")
            if said:
                lines.append(f"[turn {turn}] assistant (note): {said}")
        elif style == "chevrons":
            lines.append(f">>> lookup(statement_id={k})")
            lines.append(f"<<< {result}")
            if said:
                lines.append(f"... {said}")
        else:
            lines.append(f'TOOL CALL  lookup {{"statement_id": {k}}}')
            lines.append(f"TOOL RESULT {result}")
            if said:
                lines.append(f"ASSISTANT  {said}")
    answer = final_answer(d, ink)
    if style == "turns":
        lines.append(f"[turn {turn + 1}] assistant:\n{answer}")
    elif style == "chevrons":
        lines.append(f"=== final answer ===\n{answer}")
    else:
        lines.append(f"ASSISTANT (final)\n{answer}")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 8. submit_verdicts_trace

SUBMIT_DONE = (
    "Verdicts submitted.",
    "Done: I submitted a verdict for {them}.",
    "I've recorded the verdicts with the submit_verdicts tool.",
)


@HELDOUT18
def submit_verdicts_trace(ch: Chooser) -> BlindOutput:
    """An agent that searches, then hands its verdicts to a ``submit_verdicts`` tool; its last message only says
    they were submitted. Stored as the chat messages (JSON) or as an arrow log."""
    d = AgentDraw(ch, "submit_verdicts_trace")
    form = d.dim("submit_form", ("messages_json", "arrow_log"))
    tool = d.dim("submit_search_tool", SEARCH_TOOLS)
    words = enum_words(d)
    reasons = d.flag("submit_reasons")
    ink = d.use_ink()
    verdicts: list[dict[str, object]] = []
    for i, _s, t in d.items():
        entry: dict[str, object] = {"statement_id": i + 1, "verdict": _of(t, words)}
        if reasons:
            entry["reason"] = ink.explanation(i, t)
        verdicts.append(entry)
    arguments = _dumps({"verdicts": verdicts})
    done = d.dim("submit_done", SUBMIT_DONE).format(them=_them(d.n))
    receipt = _dumps({"status": "ok", "recorded": d.n})
    if form == "arrow_log":
        lines = []
        for (i,) in order(d):
            lines.append(f"→ {tool}({_dumps({'query': d.query(i)})})")
            lines.append(f"← {observation(d, i, 'plain')}")
        lines += [f"→ submit_verdicts({arguments})", f"← {receipt}", f"assistant: {done}"]
        return d.done("\n".join(lines))
    messages: list[dict[str, object]] = []
    for batch in order(d, batches=True):
        ids = [f"call_{d.ids.alnum()}" for _ in batch]
        messages.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": call_id, "type": "function", "function": {"name": tool, "arguments": _dumps({"query": d.query(i)})}}
            for i, call_id in zip(batch, ids, strict=True)]})  # fmt: skip
        messages += [
            {"role": "tool", "tool_call_id": call_id, "content": observation(d, i, "plain")}
            for i, call_id in zip(batch, ids, strict=True)
        ]
    submit_id = f"call_{d.ids.alnum()}"
    submit = {"id": submit_id, "type": "function", "function": {"name": "submit_verdicts", "arguments": arguments}}
    messages.append({"role": "assistant", "content": None, "tool_calls": [submit]})
    messages.append({"role": "tool", "tool_call_id": submit_id, "content": receipt})
    messages.append({"role": "assistant", "content": done})
    return d.done(_dumps(messages, indent=2))


# ----------------------------------------------------------------- 9. retry_after_tool_error

PYDANTIC_PROMPT = "Fix the errors and try again."


def _part(kind: str, **fields: object) -> str:
    return f"{kind}(" + ", ".join(f"{key}={value!r}" for key, value in fields.items()) + ")"


@HELDOUT18
def retry_after_tool_error(ch: Chooser) -> BlindOutput:
    """An agent whose tool call fails (a timeout, or its typed result rejected by validation) and which retries:
    pydantic-ai's message history, or a plain step log. The accepted result is the verdict."""
    d = AgentDraw(ch, "retry_after_tool_error")
    form = d.dim("retry_form", ("pydantic_ai", "step_log"))
    kinds = ("search_timeout", "wrong_vocabulary", "missing_verdict")
    kind = d.dim("retry_kind", kinds if d.n > 1 else kinds[:2])
    words = ENUMS[d.dim("retry_enum", ("supported", "snake", "entailment"))]
    ink = d.use_ink(("yes_no",))
    steps = order(d)
    accepted = [{"statement": i + 1, "verdict": _of(t, words)} for i, _s, t in d.items()]
    if kind == "wrong_vocabulary":
        rejected = [{"statement": i + 1, "verdict": ink.word(i, t)} for i, _s, t in d.items()]
        error = (
            f"1 validation error for Verdicts\nverdicts.0.verdict\n  Input should be '{words[0]}', '{words[1]}' or "
            f"'{words[2]}' [type=literal_error, input_value={rejected[0]['verdict']!r}, input_type=str]"
        )
    else:
        rejected = accepted[:-1]
        error = f"Value error, expected {d.n} verdicts (one per statement), got {d.n - 1}"
    timeout = "TimeoutError: the context store did not answer within 10 s"
    if form == "step_log":
        return d.done(_retry_log(d, ink, kind, steps, rejected, accepted, error, timeout))
    lines = [f"ModelRequest(parts=[{_part('UserPromptPart', content=task(d, 'search_context'))}])"]
    number = 0
    for position, (i,) in enumerate(steps):
        attempts = 2 if kind == "search_timeout" and position == 0 else 1
        for attempt in range(attempts):
            number += 1
            call = f"call_{number}"
            asked = _part("ToolCallPart", tool_name="search_context", args={"query": d.query(i)}, tool_call_id=call)
            lines.append(f"ModelResponse(parts=[{asked}])")
            if attempt + 1 < attempts:
                content = f"{timeout}. {PYDANTIC_PROMPT}"
                part = _part("RetryPromptPart", content=content, tool_name="search_context", tool_call_id=call)
            else:
                content = observation(d, i, "plain")
                part = _part("ToolReturnPart", tool_name="search_context", content=content, tool_call_id=call)
            lines.append(f"ModelRequest(parts=[{part}])")
    if kind != "search_timeout":
        number += 1
        call = f"call_{number}"
        asked = _part("ToolCallPart", tool_name="final_result", args={"verdicts": rejected}, tool_call_id=call)
        retry = _part("RetryPromptPart", content=f"{error}\n\n{PYDANTIC_PROMPT}", tool_name="final_result",
                      tool_call_id=call)  # fmt: skip
        lines += [f"ModelResponse(parts=[{asked}])", f"ModelRequest(parts=[{retry}])"]
    number += 1
    call = f"call_{number}"
    asked = _part("ToolCallPart", tool_name="final_result", args={"verdicts": accepted}, tool_call_id=call)
    processed = _part("ToolReturnPart", tool_name="final_result", content="Final result processed.",
                      tool_call_id=call)  # fmt: skip
    lines += [f"ModelResponse(parts=[{asked}])", f"ModelRequest(parts=[{processed}])"]
    return d.done("\n".join(lines))


def _retry_log(
    d: AgentDraw,
    ink: Ink,
    kind: str,
    steps: list[list[int]],
    rejected: list[dict[str, object]],
    accepted: list[dict[str, object]],
    error: str,
    timeout: str,
) -> str:
    lines = []
    for position, (i,) in enumerate(steps):
        query = _dumps({"query": d.query(i)})
        if kind == "search_timeout" and position == 0:
            lines.append(f"[tool] search_context {query} -> ERROR {timeout}")
            lines.append("[agent] The search timed out; trying the same query again.")
        lines.append(f"[tool] search_context {query} -> {observation(d, i, 'plain')}")
    if kind == "search_timeout":
        lines.append(f"[agent] final answer:\n{final_answer(d, ink)}")
        return "\n".join(lines)
    one_line = error.replace("\n", " | ")
    lines.append(f"[tool] submit_verdicts {_dumps({'verdicts': rejected})} -> ERROR {one_line}")
    fix = "in the required format" if kind == "wrong_vocabulary" else "with a verdict for every statement"
    lines.append(f"[agent] The submission was rejected; resubmitting {fix}.")
    lines.append(f"[tool] submit_verdicts {_dumps({'verdicts': accepted})} -> OK")
    lines.append(f"[agent] {d.dim('retry_done', SUBMIT_DONE).format(them=_them(d.n))}")
    return "\n".join(lines)


# ----------------------------------------------------------------- 10. plan_and_execute_steps

FINAL_STEP = "Given the above steps taken, respond to the user's original question. \n"


def _finding(d: AgentDraw, i: int, notes: bool) -> str:
    """What an executor reports for one statement's step: the passage found (or none), a note if drawn."""
    passage = d.passage(i)
    found = "The search found no passage on this." if passage is None else f'The context says: "{passage}"'
    return f"{found} {note(d, i)}" if notes else found


def _first_result(d: AgentDraw, first: str) -> str:
    if first == "Read the context.":
        passages = d.ids.number(3, 9)
        return f"The context has {passages} passages; I will search them for each statement."
    return f"There {_pl(d.n, 'is', 'are')} {d.n} statement{_pl(d.n)} to check."


@HELDOUT18
def plan_and_execute_steps(ch: Chooser) -> BlindOutput:
    """A plan-and-execute agent: a numbered plan (step 1 reads the context, so step k+1 checks statement k), each
    step's result, then the final response (LangChain's PlanAndExecute log, or a free-form plan)."""
    d = AgentDraw(ch, "plan_and_execute_steps")
    form = d.dim("plan_form", ("langchain", "freeform"))
    tool = d.dim("plan_tool", SEARCH_TOOLS)
    notes = d.flag("interim_notes", weight_off=1)
    ink = d.use_ink()
    first = d.dim("plan_first_step", ("Read the context.", "List the statements to check."))
    checks = [f"Check statement {i + 1} against the context." for i in range(d.n)]
    answer = final_answer(d, ink)
    if form == "langchain":
        plan = [first, *checks, FINAL_STEP]
        lines = ["> Entering new PlanAndExecute chain...",
                 "steps=[" + ", ".join(f"Step(value={value!r})" for value in plan) + "]"]  # fmt: skip
        results = [_first_result(d, first)]
        results += [_finding(d, i, notes) for i in range(d.n)]
        for step, result in zip(plan[:-1], results, strict=True):
            lines.append(f"*****\n\nStep: {step}\n\nResponse: {result}")
        lines.append(f"*****\n\nStep: {FINAL_STEP.strip()}\n\nResponse: {answer}\n> Finished chain.")
        return d.done("\n".join(lines))
    last = d.dim("plan_last_step", ("Write the final verdicts.", "Report the verdicts in the requested format."))
    plan = [first, *checks, last]
    lines = ["Plan:", *(f"{k}. {step}" for k, step in enumerate(plan, 1)), ""]
    lines.append(f"Executing step 1: {first} {_first_result(d, first)}")
    for i in range(d.n):
        lines.append(
            f"Executing step {i + 2}: {checks[i]} {tool}({_dumps(d.query(i))}) returned: "
            f"{observation(d, i, 'plain')}" + (f" {note(d, i)}" if notes else "")
        )
    lines.append(f"Executing step {d.n + 2}: {last}\n")
    label = d.dim("plan_final_label", ("Final answer:", "Final response:", "## Final answer"))
    return d.done("\n".join(lines) + f"\n{label}\n{answer}")


# ----------------------------------------------------------------- 11. letta_send_message

MEMORY_NOTE = (
    "Note: prior messages ({hidden} of {total} total messages) have been hidden from view due to conversation "
    "memory constraints.\nThe following is a summary of the previous messages:\n {summary}"
)


def _archival(d: AgentDraw, i: int) -> str:
    passage = d.passage(i)
    if passage is None:
        message = "No results found."
    else:
        message = (
            f'Showing 1 of 1 results (page 0/0): ["timestamp: 2024-{d.ids.number(1, 12):02d}-'
            f'{d.ids.number(1, 28):02d} 09:{d.ids.number(10, 59)}:04 AM UTC+0000, memory: {passage}"]'
        )
    return _dumps({"status": "OK", "message": message, "time": "2024-11-04 10:12:31 AM UTC+0000"})


@HELDOUT18
def letta_send_message(ch: Chooser) -> BlindOutput:
    """A Letta (MemGPT) agent: inner reasoning, ``archival_memory_search`` calls, a memory summary when its context
    fills up, and the answer sent with ``send_message`` (or as an assistant message)."""
    d = AgentDraw(ch, "letta_send_message")
    form = d.dim("letta_form", ("json", "text"))
    send = d.dim("letta_send", ("send_message", "assistant_message"))
    summary_kind = d.dim("memory_summary", ("none", "neutral", "notes"))
    ink = d.use_ink()
    split = max(1, d.n // 2)
    events: list[tuple[str, str]] = [("reasoning", d.ch.pick("opening", OPENINGS).format(them=_them(d.n)))]
    for i in range(d.n):
        if i == split and summary_kind != "none":
            if summary_kind == "neutral":
                summary = (
                    f"The user asked me to judge {d.n} statements against the context stored in archival memory. "
                    f"I have searched archival memory for statements 1 to {split}."
                )
            else:
                summary = (
                    f"The user asked me to judge {d.n} statements against the context stored in archival memory. "
                    + " ".join(note(d, j) for j in range(split))
                )
            hidden = d.ids.number(8, 20)
            events.append(("system", MEMORY_NOTE.format(hidden=hidden, total=hidden + 6, summary=summary)))
        events.append(("reasoning", d.ch.pick("intention", INTENTIONS).format(k=i + 1)))
        events.append(("tool_call", _dumps({"query": d.query(i), "page": 0})))
        events.append(("tool_return", _archival(d, i)))
    events.append(("reasoning", "I have checked every statement; sending the verdicts to the user."))
    answer = final_answer(d, ink)
    if form == "text":
        lines = []
        for kind, content in events:
            shown = f"archival_memory_search({content})" if kind == "tool_call" else content
            lines.append(f"[{kind}] {shown}")
        if send == "send_message":
            lines.append(f"[tool_call] send_message({_dumps({'message': answer})})")
            lines.append('[tool_return] {"status": "OK", "message": "None", "time": "2024-11-04 10:12:40 AM UTC+0000"}')
        else:
            lines.append(f"[assistant] {answer}")
        return d.done("\n".join(lines))
    messages: list[dict[str, object]] = []
    for kind, content in events:
        if kind == "reasoning":
            messages.append({"message_type": "reasoning_message", "reasoning": content})
        elif kind == "system":
            messages.append({"message_type": "system_message", "content": content})
        elif kind == "tool_call":
            messages.append({"message_type": "tool_call_message",
                             "tool_call": {"name": "archival_memory_search", "arguments": content}})  # fmt: skip
        else:
            messages.append({"message_type": "tool_return_message", "tool_return": content, "status": "success"})
    if send == "send_message":
        messages.append({"message_type": "tool_call_message",
                         "tool_call": {"name": "send_message", "arguments": _dumps({"message": answer})}})  # fmt: skip
        receipt = '{"status": "OK", "message": "None", "time": "2024-11-04 10:12:40 AM"}'
        messages.append({"message_type": "tool_return_message", "status": "success", "tool_return": receipt})
    else:
        messages.append({"message_type": "assistant_message", "content": answer})
    return d.done(_dumps(messages, indent=2))


# ----------------------------------------------------------------- 12. autogen_console_chat

JUDGE_NAMES = ("judge", "faithfulness_judge", "verifier")
RULE = "-" * 80


@HELDOUT18
def autogen_console_chat(ch: Chooser) -> BlindOutput:
    """AutoGen: AgentChat's console (``---------- judge ----------`` with ``FunctionCall`` and
    ``FunctionExecutionResult`` lists, a critic that approves) or the classic two-agent chat ending in TERMINATE."""
    d = AgentDraw(ch, "autogen_console_chat")
    form = d.dim("autogen_form", ("agentchat", "agentchat_typed", "classic"))
    name = d.dim("judge_name", JUDGE_NAMES)
    tool = d.dim("autogen_tool", SEARCH_TOOLS)
    ink = d.use_ink()
    request = task(d, tool)
    if form == "classic":
        parts = [f"user_proxy (to {name}):\n\n{request}\n\n{RULE}"]
        for (i,) in order(d):
            call_id = f"call_{d.ids.alnum()}"
            banner = f"***** Suggested tool call ({call_id}): {tool} *****"
            parts.append(
                f"{name} (to user_proxy):\n\n{banner}\nArguments: \n{_dumps({'query': d.query(i)})}\n"
                f"{'*' * len(banner)}\n\n{RULE}"
            )
            head = f"***** Response from calling tool ({call_id}) *****"
            parts.append(
                f"\n>>>>>>>> EXECUTING FUNCTION {tool}...\nuser_proxy (to {name}):\n\n{head}\n"
                f"{observation(d, i, 'plain')}\n{'*' * len(head)}\n\n{RULE}"
            )
        parts.append(f"{name} (to user_proxy):\n\n{final_answer(d, ink)}\n\nTERMINATE\n\n{RULE}")
        return d.done("\n".join(parts))

    def header(kind: str, source: str) -> str:
        return (
            f"---------- {kind} ({source}) ----------"
            if form == "agentchat_typed"
            else f"---------- {source} ----------"
        )

    blocks = [f"{header('TextMessage', 'user')}\n{request}"]
    for batch in order(d, batches=True):
        ids = [f"call_{d.ids.alnum()}" for _ in batch]
        calls = ", ".join(
            _part("FunctionCall", id=call_id, arguments=_dumps({"query": d.query(i)}), name=tool)
            for i, call_id in zip(batch, ids, strict=True)
        )
        outputs = [observation(d, i, "plain") for i in batch]
        results = ", ".join(
            _part("FunctionExecutionResult", content=output, name=tool, call_id=call_id, is_error=False)
            for output, call_id in zip(outputs, ids, strict=True)
        )
        blocks.append(f"{header('ToolCallRequestEvent', name)}\n[{calls}]")
        blocks.append(f"{header('ToolCallExecutionEvent', name)}\n[{results}]")
        blocks.append(f"{header('ToolCallSummaryMessage', name)}\n" + "\n".join(outputs))
    blocks.append(f"{header('TextMessage', name)}\n{final_answer(d, ink)}")
    critic = d.dim("critic", ("none", "APPROVE", "The verdicts match the passages. APPROVE"))
    if critic != "none":
        blocks.append(f"{header('TextMessage', 'critic')}\n{critic}")
    return d.done("\n".join(blocks))


# ----------------------------------------------------------------- 13. llamaindex_agent_steps


@HELDOUT18
def llamaindex_agent_steps(ch: Chooser) -> BlindOutput:
    """LlamaIndex agents in verbose mode: the function-calling agent's ``=== Calling Function ===`` blocks, or the
    ReAct agent's ``> Running step`` ... ``Answer:``."""
    d = AgentDraw(ch, "llamaindex_agent_steps")
    form = d.dim("llama_form", ("function", "react"))
    tool = d.dim("llama_tool", SEARCH_TOOLS)
    notes = d.flag("interim_notes")
    ink = d.use_ink()
    request = task(d, tool)
    answer = final_answer(d, ink)
    if form == "function":
        lines = [f"Added user message to memory: {request}"]
        for (i,) in order(d):
            lines.append(
                f"=== Calling Function ===\nCalling function: {tool} with args: {_dumps({'query': d.query(i)})}\n"
                f"Got output: {observation(d, i, 'plain')}\n========================\n"
            )
        label = d.dim("llama_final_label", ("=== LLM Response ===\n", "Response: ", ""))
        return d.done("\n".join(lines) + f"\n{label}{answer}")

    def step(text: str) -> str:
        uuid = f"{d.ids.hex(8)}-{d.ids.hex(4)}-{d.ids.hex(4)}-{d.ids.hex(4)}-{d.ids.hex(12)}"
        return f"> Running step {uuid}. Step input: {text}"

    lines = [step(request)]
    previous: int | None = None
    for j, (i,) in enumerate(order(d)):
        intention = d.ch.pick("intention", INTENTIONS).format(k=i + 1)
        if j == 0:
            thought = (
                "The current language of the user is: English. I need to use a tool to help me answer the question."
            )
        else:
            lines.append(step("None"))
            thought = f"{note(d, previous)} {intention}" if notes and previous is not None else intention
        lines.append(
            f"Thought: {thought}\nAction: {tool}\nAction Input: {{'query': {d.query(i)!r}}}\n"
            f"Observation: {observation(d, i, 'plain')}"
        )
        previous = i
    lines.append(step("None"))
    lines.append(
        f"Thought: I can answer without using any more tools. I'll use the user's language to answer\nAnswer: {answer}"
    )
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 14. dspy_react_prediction


@HELDOUT18
def dspy_react_prediction(ch: Chooser) -> BlindOutput:
    """A DSPy ``ReAct`` module's ``Prediction``: the trajectory (thought, tool name, args and observation per step,
    ending with ``finish``), the reasoning, and the output field with the verdicts."""
    d = AgentDraw(ch, "dspy_react_prediction")
    output = d.dim("dspy_output", ("verdicts_list", "verdicts_dict", "answer_text"))
    pretty = d.flag("dspy_pretty")
    tool = d.dim("dspy_tool", SEARCH_TOOLS)
    ink = d.use_ink()
    trajectory: dict[str, object] = {}
    previous: int | None = None
    steps = order(d)
    for j, (i,) in enumerate(steps):
        intention = d.ch.pick("intention", INTENTIONS).format(k=i + 1)
        trajectory[f"thought_{j}"] = f"{note(d, previous)} {intention}" if previous is not None else intention
        trajectory[f"tool_name_{j}"] = tool
        trajectory[f"tool_args_{j}"] = {"query": d.query(i)}
        trajectory[f"observation_{j}"] = observation(d, i, "plain")
        previous = i
    last = len(steps)
    closing = note(d, previous) if previous is not None else ""
    trajectory[f"thought_{last}"] = f"{closing} I have checked every statement, so I can finish.".strip()
    trajectory[f"tool_name_{last}"] = "finish"
    trajectory[f"tool_args_{last}"] = {}
    trajectory[f"observation_{last}"] = "Completed."
    if pretty:
        shown = "{\n" + ",\n".join(f"        {key!r}: {value!r}" for key, value in trajectory.items()) + "\n    }"
    else:
        shown = repr(trajectory)
    kind = d.dim("dspy_reasoning", ("neutral", "explanations"))
    if kind == "neutral":
        reasoning = "I searched the context for each statement and compared the passages with the statements."
    else:
        reasoning = " ".join(f"Statement {i + 1}: {ink.explanation(i, t)}" for i, _s, t in d.items())
    if output == "verdicts_list":
        field = f"verdicts={[ink.word(i, t) for i, _s, t in d.items()]!r}"
    elif output == "verdicts_dict":
        words = enum_words(d)
        field = f"verdicts={ {i + 1: _of(t, words) for i, _s, t in d.items()}!r}"
    else:
        field = f"answer={final_answer(d, ink, PLAIN_FINAL_SHAPES)!r}"
    return d.done(f"Prediction(\n    trajectory={shown},\n    reasoning={reasoning!r},\n    {field}\n)")


# ----------------------------------------------------------------- 15. structured_chat_json_actions


def _blob(action: str, action_input: object, fence: str) -> str:
    blob = _dumps({"action": action, "action_input": action_input}, indent=2)
    return f"Action:\n{fence}\n{blob}\n```"


@HELDOUT18
def structured_chat_json_actions(ch: Chooser) -> BlindOutput:
    """LangChain's structured-chat (JSON) agent: each action a JSON blob, the verdicts in the ``action_input`` of the
    ``Final Answer`` action."""
    d = AgentDraw(ch, "structured_chat_json_actions")
    tool = d.dim("json_agent_tool", SEARCH_TOOLS)
    fence = d.dim("blob_fence", ("```", "```json"))
    input_kind = d.dim("blob_input", ("object", "string"))
    wrapper = d.flag("json_agent_chain_log")
    notes = d.flag("interim_notes", weight_off=1)
    ink = d.use_ink()
    chunks: list[str] = []
    previous: int | None = None
    for j, (i,) in enumerate(order(d)):
        intention = d.ch.pick("intention", INTENTIONS).format(k=i + 1)
        if j == 0:
            thought = d.ch.pick("opening", OPENINGS).format(them=_them(d.n)) + " " + intention
        else:
            thought = f"{note(d, previous)} {intention}" if notes and previous is not None else intention
        action_input: object = {"query": d.query(i)} if input_kind == "object" else d.query(i)
        chunks.append(f"Thought: {thought}\n{_blob(tool, action_input, fence)}\nObservation: "
                      f"{observation(d, i, 'plain')}")  # fmt: skip
        previous = i
    closing = f"{note(d, previous)} " if notes and previous is not None else ""
    answer = final_answer(d, ink, PLAIN_FINAL_SHAPES)
    chunks.append(f"Thought: {closing}I know what to respond\n{_blob('Final Answer', answer, fence)}")
    text = "\n".join(chunks)
    if wrapper:
        text = f"> Entering new AgentExecutor chain...\n{text}\n\n> Finished chain."
    return d.done(text)


# ----------------------------------------------------------------- 16. chat_template_tool_loop


@HELDOUT18
def chat_template_tool_loop(ch: Chooser) -> BlindOutput:
    """A local model's tool loop decoded with its special tokens: ChatML / Hermes ``<tool_call>`` and
    ``<tool_response>``, Llama 3.1's ``ipython`` turns, or Mistral's ``[TOOL_CALLS]`` / ``[TOOL_RESULTS]``."""
    d = AgentDraw(ch, "chat_template_tool_loop")
    dialect = d.dim("template_dialect", ("chatml", "llama3", "mistral"))
    tool = d.dim("template_tool", SEARCH_TOOLS)
    with_user = d.flag("template_user_turn")
    ink = d.use_ink()
    answer = final_answer(d, ink)
    if dialect == "chatml":
        turns = [f"<|im_start|>user\n{task(d, tool)}<|im_end|>"] if with_user else []
        for batch in order(d, batches=True):
            calls = "\n".join(
                f"<tool_call>\n{_dumps({'name': tool, 'arguments': {'query': d.query(i)}})}\n</tool_call>"
                for i in batch
            )
            results = "\n".join(f"<tool_response>\n{observation(d, i, 'plain')}\n</tool_response>" for i in batch)
            turns.append(f"<|im_start|>assistant\n{calls}<|im_end|>")
            turns.append(f"<|im_start|>user\n{results}<|im_end|>")
        turns.append(f"<|im_start|>assistant\n{answer}<|im_end|>")
        return d.done("\n".join(turns))
    if dialect == "llama3":

        def turn(role: str, text: str) -> str:
            return f"<|start_header_id|>{role}<|end_header_id|>\n\n{text}<|eot_id|>"

        turns = [turn("user", task(d, tool))] if with_user else []
        for (i,) in order(d):
            turns.append(turn("assistant", _dumps({"name": tool, "parameters": {"query": d.query(i)}})))
            turns.append(turn("ipython", _dumps(observation(d, i, "plain"))))
        turns.append(turn("assistant", answer))
        return d.done("".join(turns))
    glue = d.dim("mistral_glue", ("", "\n"))
    pieces = [f"[INST] {task(d, tool)} [/INST]"] if with_user else []
    for batch in order(d, batches=True):
        ids = [d.ids.alnum(9) for _ in batch]
        requested = [{"name": tool, "arguments": {"query": d.query(i)}, "id": call_id}
                     for i, call_id in zip(batch, ids, strict=True)]  # fmt: skip
        pieces.append(f"[TOOL_CALLS] {_dumps(requested)}</s>")
        pieces += [
            f"[TOOL_RESULTS] {_dumps({'content': observation(d, i, 'plain'), 'call_id': call_id})}[/TOOL_RESULTS]"
            for i, call_id in zip(batch, ids, strict=True)
        ]
    pieces.append(f"{answer}</s>")
    return d.done(glue.join(pieces))


# ----------------------------------------------------------------- 17. agent_gave_up

TOOL_ERRORS = (
    "Error: ConnectionError: could not reach the vector store (503 Service Unavailable)",
    "Error: 429 Too Many Requests (rate limit exceeded)",
    "ToolException: index 'rag-context' not found",
    "Error: index 'rag-context' is empty (0 documents)",
)
GAVE_UP = (
    "I could not check any of the statements: every call to the search tool failed, so I cannot give verdicts.",
    "I'm unable to judge these statements because I could not retrieve the context. Please try again later.",
    "I cannot judge the statements: the context could not be loaded.",
    "Sorry, I can't provide verdicts. The search tool kept returning errors, so I never saw the context.",
)
RETRY_THOUGHTS = ("The tool failed; I'll try again.", "Same error. Retrying once more.", "Still failing; retrying.")


@HELDOUT18
def agent_gave_up(ch: Chooser) -> BlindOutput:
    """The agent gives up: its tool fails on every call (or finds the index empty) until the iteration limit, and
    it stops (LangChain's "Agent stopped due to iteration limit or time limit.") or says it cannot judge."""
    d = AgentDraw(ch, "agent_gave_up", unknowns=False, plain_openers=True)
    dialect = d.dim("gave_up_dialect", ("react_limit", "smolagents_max_steps", "crewai_final", "loop_max_turns"))
    error = d.dim("tool_error", TOOL_ERRORS)
    tool = d.dim("gave_up_tool", SEARCH_TOOLS)
    attempts = d.ch.integer("attempts", 2, 4)
    words = d.dim("gave_up_text", GAVE_UP)
    first = 0
    thoughts = [f"I need to check statement {first + 1} first."] + [
        d.ch.pick("retry_thought", RETRY_THOUGHTS) for _ in range(attempts - 1)
    ]
    query = d.query(first)
    if dialect == "react_limit":
        chunks = [
            f"Thought: {thought}\nAction: {tool}\nAction Input: {query}\nObservation: {error}" for thought in thoughts
        ]
        text = "\n".join(chunks)
        if d.flag("gave_up_chain_log"):
            text = f"> Entering new AgentExecutor chain...\n{text}\n\n> Finished chain."
        ending = "Agent stopped due to iteration limit or time limit."
        if d.flag("gave_up_words"):
            ending = f"{ending}\n\n{words}"
        return d.refused(f"{text}\n\n{ending}")
    if dialect == "smolagents_max_steps":
        blocks = []
        for number, thought in enumerate(thoughts, 1):
            call = f"result = {tool}(query={_dumps(query)})"
            blocks.append(
                f"{_rule(f'Step {number}')}\nThought: {thought}\nCode:\n```py\n{call}\nprint(result)\n```<end_code>\n"
                f"Error: Code execution failed at line '{call}' due to: {error}\n"
                "Now let's retry: take care not to repeat previous errors! If you have retried several times, try a "
                "completely different approach."
            )
        blocks.append(f"Reached max steps.\nFinal answer: {words}")
        return d.refused("\n".join(blocks))
    if dialect == "crewai_final":
        role = d.dim("crew_role", CREW_ROLES)
        blocks = [f"# Agent: {role}\n## Task: {task(d, tool)}"]
        for thought in thoughts:
            blocks.append(
                f"# Agent: {role}\n## Thought: {thought}\n## Using tool: {tool}\n## Tool Input: \n"
                f"{json.dumps(_dumps({'query': query}))}\n## Tool Output: \n"
                f"I encountered an error while trying to use the tool. This was the error: {error}.\n"
                f" Tool {tool} accepts these inputs: Tool Name: {tool}\nTool Arguments: {{'query': {{'type': 'str'}}}}"
            )
        blocks.append(f"# Agent: {role}\n## Final Answer: \n{words}")
        return d.refused("\n\n\n".join(blocks))
    lines = []
    for turn in range(1, attempts + 1):
        lines.append(f"[turn {turn}] assistant → lookup(statement_id={first + 1})")
        lines.append(f"[turn {turn}] tool(lookup) ← {error}")
    lines.append(f"RuntimeError: max_turns ({attempts}) reached without a final answer")
    return d.refused("\n".join(lines))
