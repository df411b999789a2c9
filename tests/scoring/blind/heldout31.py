"""A THIRTY-FIRST HELD-OUT set of blind layouts: verdicts pasted by people through chat and office tools, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout31``); do not read it while
developing the reader. Written from what lands in a team's dataset when a person, not a
pipeline, carries the grader's answer: the grader is re-run by hand in a chat product (ChatGPT,
Claude, Gemini, Copilot, Perplexity) with the case's statements and its context pasted or
attached, and the answer is copied out of the browser and pasted into the dataset, or it is
forwarded first through the team's chat and mail and copied from there. What the copy keeps
is what the tools put around and into the text: a ChatGPT or Claude conversation selected
whole (the person's own prompt above the answer, sometimes the legacy prompt with its example
line, an attached file's chip, "Thought for 12 seconds", code blocks' "json / CopyEdit"
labels, the response pager "2/2", button labels and the footer), file-search citation marks
(``【5:1†context_case17.pdf】``, ``[1][3]``) with a "Sources" footer, a Slack message quoting the
answer (``> `` lines or a code block, "@channel", reactions like ``:white_check_mark: 3``, a
thread reply), Teams messages copied together with their ``[10:42 AM] Kim, Dana`` headers, an
e-mail reply with a short note on top and the answer quoted below "On Tue, 4 Mar 2025 at
10:12, ... wrote:", an Outlook or Gmail forward block with its From / Sent / Subject lines
and banners, Word lists pasted as plain text (``1.<tab>``, ``·``, ``o``, ``§`` and private-use
bullet glyphs, smart quotes), pastes carrying invisible characters (soft hyphens inside
words, zero-width spaces, non-breaking spaces, a byte-order mark), a Google Docs plain-text
download with its comment anchors ``[a]`` and the comments at the end, a rendered table
copied as tab-separated rows or one cell per line (with Gemini's "Export to Sheets"), a
rendered answer selected and copied (headings, bold, list numbers and bullets gone), IPython
cells with ``In [12]:`` / ``Out[12]:`` and a repr, Material-icon ligature names leaking from
Gemini and dashboards (``volume_up``, ``thumb_up``, ``check_circle``), UTF-8 read as
Windows-1252 (``â€œ``, ``âœ…``, ``Â``), a PDF report copied with its hard line breaks,
hyphenation, ligatures and page furniture, and refusals carried the same ways.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, most
answers holding two to five, call 1's styles, verdict words and casing, undecided items,
explanations) and ``_draw``'s frame where the grader's whole answer is carried (a preface, an
agreeing count, the legacy final line, a sign-off). Only outputs a careful person reads
without doubt are drawn: the people's notes, comments and replies never judge a statement
otherwise than the grader did (they relay, agree, or say nothing about the verdicts), every
reaction, icon name, citation, page number and button label stands apart from the verdicts,
an invisible or mangled character never touches a verdict word in a way a reader would
notice, and where the person's own prompt (with the legacy prompt's example line) is copied
too, the grader's answer stands under its own speaker label.

    HELDOUT31.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout31_outputs(layout="email_reply_above_quote")  # one layout's strategy
"""

from __future__ import annotations

import datetime
import json
import pprint
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

T = TypeVar("T")
HELDOUT31 = LayoutSet("heldout31")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout31_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-first held-out set (one layout when named)."""
    return HELDOUT31.strategy(layout)


def _of(truth: Truth, options: Sequence[T]) -> T:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _open(ch: Chooser, layout: str, **options: bool) -> Draw:
    """``Draw`` for one case: most hand re-runs hold two to five statements, some up to ten."""
    length = ch.pick("answer_length", ("short", "short", "long"))
    d = Draw(ch, layout, max_n=5 if length == "short" else MAX_N, **options)
    d.dims["answer_length"] = length
    return d


def _quoted(text: str, mark: str = "> ") -> str:
    """``text`` quoted line by line as mail clients and chat tools do (an empty line keeps the bare mark)."""
    bare = mark.rstrip()
    return "\n".join(f"{mark}{line}" if line else bare for line in text.split("\n"))


# ----------------------------------------------------------------- the people, the model, the case

_PEOPLE: tuple[tuple[str, str], ...] = (
    ("Dana", "Kim"),
    ("Sam", "Ortiz"),
    ("Priya", "Raman"),
    ("Tom", "Becker"),
    ("Ana", "Souza"),
    ("Wei", "Chen"),
    ("Lena", "Fischer"),
    ("Omar", "Haddad"),
)
_DOMAINS = ("acme.io", "example.com", "northwind-labs.com", "contoso.org")
_MODELS = (
    "GPT-4o",
    "gpt-4o-mini",
    "o3-mini",
    "Claude 3.5 Sonnet",
    "Claude Sonnet 4",
    "Gemini 1.5 Pro",
    "Gemini 2.0 Flash",
    "Llama 3.1 70B",
)
_CASE_FORMS = ("case {c}", "row {c}", "q{c}", "sample #{c}", "item {c} of the eval set")
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip


@dataclass(frozen=True)
class Scene:
    """Who relays the grader's answer, to whom, when, and which model and case it is about."""

    sender: tuple[str, str]
    other: tuple[str, str]
    domain: str
    model: str
    case: str
    case_number: int
    when: datetime.datetime

    def name(self, person: tuple[str, str]) -> str:
        return f"{person[0]} {person[1]}"

    def email(self, person: tuple[str, str]) -> str:
        return f"{person[0].lower()}.{person[1].lower()}@{self.domain}"

    def later(self, minutes: int) -> datetime.datetime:
        return self.when + datetime.timedelta(minutes=minutes)


def _scene(d: Draw) -> Scene:
    ch = d.ch
    first = ch.integer("sender", 0, len(_PEOPLE) - 1)
    second = (first + ch.integer("other_offset", 1, len(_PEOPLE) - 1)) % len(_PEOPLE)
    number = ch.integer("case_number", 3, 480)
    when = datetime.datetime(2024, 9, 2) + datetime.timedelta(
        days=ch.integer("day_offset", 0, 300), minutes=ch.integer("minute_of_day", 8 * 60, 18 * 60 + 30)
    )
    return Scene(
        sender=_PEOPLE[first],
        other=_PEOPLE[second],
        domain=ch.pick("domain", _DOMAINS),
        model=d.dim("model", _MODELS),
        case=ch.pick("case_form", _CASE_FORMS).format(c=number),
        case_number=number,
        when=when,
    )


def _clock(moment: datetime.datetime, *, seconds: bool = False) -> str:
    """``10:42 AM`` (US chat tools)."""
    hour = (moment.hour - 1) % 12 + 1
    shown = f"{hour}:{moment.minute:02d}" + (f":{moment.second:02d}" if seconds else "")
    return f"{shown} {'AM' if moment.hour < 12 else 'PM'}"


def _short_month(moment: datetime.datetime) -> str:
    return _MONTHS[moment.month - 1][:3]


def _short_day(moment: datetime.datetime) -> str:
    return _WEEKDAYS[moment.weekday()][:3]


# ----------------------------------------------------------------- the grader's answer

ANSWER_SHAPES: tuple[str, ...] = ("legacy", "final_line", "numbered", "labelled", "echo", "sections", "json")


def _ragas_json(d: Draw, ink: Ink, indent: int | None) -> str:
    """The RAGAS shape; an item the grader left open has a ``null`` verdict and a reason that says so."""
    items = [
        {"statement": s, "reason": ink.explanation(i, t), "verdict": None if t is None else int(t)}
        for i, s, t in d.items()
    ]
    return json.dumps({"statements": items}, indent=indent, ensure_ascii=False)


def _answer(
    d: Draw,
    ink: Ink,
    *,
    markdown: bool,
    shapes: Sequence[str] = ANSWER_SHAPES,
    code_label: str = "",
) -> str:
    """The grader's answer as it wrote it (``markdown``) or as a browser renders it for a selection copy.

    ``code_label``: what the chat UI shows above a rendered code block (``json\\nCopyEdit``); the
    selection copy keeps it, a raw answer has the fence instead.
    """
    shape = d.dim("answer_shape", tuple(shapes))
    rows = [(i + 1, s, ink.word(i, t), ink.explanation(i, t)) for i, s, t in d.items()]
    if shape == "legacy":
        text = "\n\n".join(f"Statement {k}: {s}\nExplanation: {e}\nVerdict: {w}." for k, s, w, e in rows)
        if d.flag("legacy_final_line", weight_off=1):
            text += "\n\n" + d.final_line()
        return text
    if shape == "final_line":
        lead = d.dim("final_line_lead", ("none", "checked", "reasons"))
        if lead == "checked":
            return "I checked each statement against the context.\n\n" + d.final_line()
        if lead == "reasons":
            reasons = "\n".join(f"{k}. {e}" for k, _s, _w, e in rows)
            return f"Reasoning:\n{reasons}\n\n{d.final_line()}"
        return d.final_line()
    if shape == "numbered":
        bold = markdown and d.flag("bold_verdict")
        numbers = markdown or d.dim("list_numbers", ("kept", "kept", "lost")) == "kept"
        return "\n".join(
            (f"{k}. " if numbers else "") + (f"**{w}**" if bold else w) + f" — {e}" for k, _s, w, e in rows
        )
    if shape == "labelled":
        bold = markdown and d.flag("bold_label")
        return "\n".join((f"**Statement {k}:**" if bold else f"Statement {k}:") + f" {w}. {e}" for k, _s, w, e in rows)
    if shape == "echo":
        if markdown:
            return "\n".join(f'- "{s}" — **{w}**' for _k, s, w, _e in rows)
        bullet = d.dim("echo_bullet", ("", "• "))
        return "\n".join(f'{bullet}"{s}" — {w}' for _k, s, w, _e in rows)
    if shape == "sections":
        if markdown:
            rule = "\n\n---\n\n" if d.flag("section_rules") else "\n\n"
            return rule.join(f"### Statement {k}\n> {s}\n\n**Verdict:** {w}  \n**Why:** {e}" for k, s, w, e in rows)
        return "\n\n".join(f"Statement {k}\n{s}\nVerdict: {w}\nWhy: {e}" for k, s, w, e in rows)
    text = _ragas_json(d, ink, d.dim("json_indent", (2, 2, 4)))
    if markdown:
        return f"```json\n{text}\n```"
    return f"{code_label}\n{text}" if code_label else text


def _framed_answer(
    d: Draw, ink: Ink, *, markdown: bool, shapes: Sequence[str] = ANSWER_SHAPES, code_label: str = ""
) -> str:
    """The answer with what graders write around it (no reasoning draft: a chat UI folds it away)."""
    return d.frame(_answer(d, ink, markdown=markdown, shapes=shapes, code_label=code_label), think=False)


# What the person writes above what they relay: never a verdict of their own.
_RELAY_NOTES = (
    "Re-ran {case} through {model} by hand (the pipeline call timed out). Full answer below.",
    "Here's what {model} said for {case}: same prompt as the pipeline, just in the web UI.",
    "{model}'s verdicts for {case}, copied straight from the chat:",
    "Pasting the grader output for {case} so it's on record. Model: {model}.",
    "FYI, manual re-run of {case} ({model}). Unedited:",
    "Output for {case} from {model} below. I haven't checked the context myself yet.",
)
_COUNT_NOTES = (
    " It marks {s} of {n} statement{pl} as supported.",
    " ({s}/{n} supported according to the grader.)",
)


def _relay_note(d: Draw, scene: Scene, *, count: bool = True) -> str:
    note = d.dim("relay_note", _RELAY_NOTES).format(case=scene.case, model=scene.model)
    if count and not note.endswith(":") and d.flag("relay_count", weight_off=3):
        note += d.dim("count_note", _COUNT_NOTES).format(s=d.supported, n=d.n, pl=_pl(d.n))
    return note


# ----------------------------------------------------------------- 1. chatgpt_rerun_transcript

_LEGACY_PROMPT = (
    "Read the context, then judge each statement below: is it supported by the information in the context? "
    "Answer Yes only when the context states it or it follows directly from the context; otherwise answer No. "
    'For each statement, write the statement, a one-sentence explanation, and then "Verdict: Yes." or '
    '"Verdict: No.". After the last statement, write one final line listing every verdict in the order of the '
    "statements, exactly in this form:\nFinal verdict for each statement in order: Yes. No. Yes.\n"
    "Do not write anything after that line.\n\nContext:\n(see the attached file)\n\nStatements:\n{lines}\n\nVerdicts:"
)
_TEAM_PROMPTS = (
    "The context is in the attached file. For each statement below, tell me whether the context supports it, "
    "with a one-line reason.\n\n{numbered}",
    "Judge each of these statements against the attached context. Supported or not?\n\n{lines}",
    "Same task as before, {case}. Statements:\n{numbered}",
)
_CHATGPT_THOUGHTS = ("Thought for {t} seconds", "Reasoned for {t} seconds", "Thought for a couple of seconds")
_CHATGPT_CODE_LABELS = ("json\nCopy code", "json\nCopyEdit", "json\nCopy\nEdit")
# The pager of a regenerated answer ("2/2") stands with its arrows or with the other chrome, never alone.
_CHATGPT_FOOTERS = (
    "ChatGPT can make mistakes. Check important info.",
    "< 2/2 >",
    "Copy\nGood response\nBad response\nRead aloud\nShare",
    "2/2\n\nChatGPT can make mistakes. Check important info.",
)
_CHIP_TYPES = {"pdf": "PDF", "txt": "File", "docx": "Document"}
_CLAUDE_FOOTERS = (
    "Copy\nRetry",
    "Claude can make mistakes. Please double-check responses.",
    "Retry\n\nClaude can make mistakes. Please double-check responses.",
    "Copy\nRetry\nEdit",
)


@HELDOUT31
def chatgpt_rerun_transcript(ch: Chooser) -> BlindOutput:
    """A person re-runs the case in the ChatGPT or Claude web app and copies the conversation by selection.

    The copy holds the person's own turn ("You said:" in ChatGPT, the initials avatar in Claude)
    with the context attached as a file (its chip: name and type) and the statements, sometimes
    the legacy prompt pasted whole with its example line "Final verdict ...: Yes. No. Yes.";
    then the answer under "ChatGPT said:" (after "Thought for 12 seconds" from the o-series) or,
    in Claude, after "Thought process" and the avatar-less answer; rendered code blocks keep
    their "json / CopyEdit" labels; the pager "2/2" of a regenerated answer, the button labels
    and the footer close it. The legacy prompt is drawn only where the answer has its speaker
    label, so the example line never stands where the answer could be."""
    d = _open(ch, "chatgpt_rerun_transcript")
    scene = _scene(d)
    ui = d.dim("web_ui", ("chatgpt", "chatgpt", "claude"))
    ink = d.use_ink()
    with_turn = d.flag("user_turn", weight_off=1)
    parts: list[str] = []
    if with_turn:
        lines = "\n".join(d.statements)
        numbered = "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items())
        prompts = (*_TEAM_PROMPTS, _LEGACY_PROMPT) if ui == "chatgpt" else _TEAM_PROMPTS
        prompt = d.dim("user_prompt", prompts).format(lines=lines, numbered=numbered, case=scene.case)
        kind = d.dim("file_type", ("pdf", "txt", "docx"))
        file_name = f"context_{scene.case_number}.{kind}"
        if ui == "chatgpt":
            chip = f"{file_name}\n{_CHIP_TYPES[kind]}"
            parts.append(f"You said:\n{chip}\n{prompt}")
        else:
            chip = f"{file_name}\n\n{ch.integer('file_lines', 12, 400)} lines\n\n{kind}"
            initials = scene.sender[0][0] + scene.sender[1][0]
            parts.append(f"{initials}\n\n{chip}\n\n{prompt}")
    footers: tuple[str, ...]
    if ui == "chatgpt":
        head = "ChatGPT said:"
        if d.flag("thought_line", weight_off=2):
            head += "\n" + d.dim("thought", _CHATGPT_THOUGHTS).format(t=ch.integer("thought_seconds", 4, 41))
        code_label = d.dim("code_label", _CHATGPT_CODE_LABELS)
        footers = _CHATGPT_FOOTERS
        gap = "\n"
    else:
        # Claude's answer has no speaker line: below the person's turn, its (extended) thinking summary marks where
        # the answer starts; the turn is the person's short request, never a prompt holding an example answer.
        thought = with_turn or d.flag("claude_thought")
        head = "Thought process\nChecking each statement against the attached file." if thought else ""
        code_label = "json"
        footers = _CLAUDE_FOOTERS
        gap = "\n\n"
    answer = _framed_answer(d, ink, markdown=False, code_label=code_label)
    parts.append(f"{head}{gap}{answer}" if head else answer)
    if d.flag("ui_footer", weight_off=1):
        parts.append(d.dim("ui_footer_text", footers))
    return d.done("\n\n".join(parts))


# ----------------------------------------------------------------- 2. assistant_source_citations

_CITATION_STYLES = ("file_search", "source_dagger", "bracket_numbers", "after_period")
_CITATION_LINES = ("{k}. {w} — {e}", "Statement {k}: {w}. {e}", "{k}) {w}: {e}")


def _cited(reason: str, marks: str, style: str) -> str:
    """``reason`` with its marks where the product puts them: before the full stop, or after it (Perplexity)."""
    if style == "after_period" or not reason.endswith("."):
        return reason + marks
    return reason[:-1] + (" " if style == "bracket_numbers" else "") + marks + "."


@HELDOUT31
def assistant_source_citations(ch: Chooser) -> BlindOutput:
    """The grader run in a chat product that cites its sources: ChatGPT with a file or project
    knowledge (``【5:1†context_17.pdf】``, ``【3†source】``), Copilot or Perplexity with numbered
    marks (``[1]``, ``.[1][3]``), each after the reason of a verdict, supported or not (the
    passage that backs it, or the one that says otherwise), and the "Sources" list the copy
    keeps, followed at times by the product's action labels (Copy, Share, 👍, 👎) on their own
    lines."""
    d = _open(ch, "assistant_source_citations")
    scene = _scene(d)
    style = d.dim("citation_style", _CITATION_STYLES)
    form = d.dim("citation_line", _CITATION_LINES)
    ink = d.use_ink()
    file_name = f"context_{scene.case_number}.pdf"
    sources: list[str] = []
    lines = []
    for i, _s, t in d.items():
        marks = ""
        if t is not None or d.flag(f"cite_open_{i}"):
            for _ in range(ch.pick("cite_count", (1, 1, 2))):
                if style == "file_search":
                    marks += f"【{ch.integer('cite_turn', 2, 9)}:{ch.integer('cite_chunk', 0, 7)}†{file_name}】"
                elif style == "source_dagger":
                    marks += f"【{ch.integer('cite_index', 1, 12)}†source】"
                else:
                    sources.append(f"{file_name}, p. {ch.integer('cite_page', 1, 6)}")
                    marks += f"[{len(sources)}]"
        reason = ink.explanation(i, t)
        lines.append(form.format(k=i + 1, w=ink.word(i, t), e=_cited(reason, marks, style) if marks else reason))
    body = "\n".join(lines)
    if sources:
        if d.dim("sources_listing", ("numbered", "bracketed")) == "numbered":
            body += "\n\nSources\n" + "\n".join(f"{j}. {src}" for j, src in enumerate(sources, 1))
        else:
            body += "\n\nSources:\n" + "\n".join(f"[{j}] {src}" for j, src in enumerate(sources, 1))
    elif style in ("file_search", "source_dagger") and d.flag("file_footer"):
        body += f"\n\nSources\n{file_name}"
    text = d.frame(body, think=False)
    if d.flag("action_labels", weight_off=2):
        text += "\n\n" + d.dim("actions", ("Copy\nShare\n👍\n👎", "Share\nExport\nRewrite\nCopy", "👍 👎 Copy Share"))
    return d.done(text)


# ----------------------------------------------------------------- 3. slack_quoted_answer

_MENTIONS = ("@channel ", "@here ", "@{first} ", "")
_REACTIONS = (":white_check_mark:", ":eyes:", ":pray:", ":+1:", ":raised_hands:", ":100:", ":thread:")
_ACKS = (
    "thanks! adding it to the eval set",
    "logged in the sheet :+1:",
    "nice, thanks for re-running it",
    "got it, I'll attach it to the ticket",
)


@HELDOUT31
def slack_quoted_answer(ch: Chooser) -> BlindOutput:
    """A Slack message copied out of the channel: the sender's name and time, a note with a
    mention (``@channel``), the grader's answer quoted with ``> `` on every line, inside a code
    block or pasted straight after the note, "(edited)", the reactions under it
    (``:white_check_mark: 3  :eyes: 1``), the thread line and a colleague's reply."""
    d = _open(ch, "slack_quoted_answer")
    scene = _scene(d)
    ink = d.use_ink()
    header = d.dim("slack_header", ("{name}  {time}", "{name}\n{time}", "{name} [{time}]"))
    mention = d.dim("mention", _MENTIONS).format(first=scene.other[0].lower())
    note = mention + _relay_note(d, scene)
    answer = _framed_answer(d, ink, markdown=True, shapes=("legacy", "final_line", "numbered", "labelled", "echo"))
    carry = d.dim("slack_carry", ("quote", "quote", "code_block", "plain"))
    if carry == "quote":
        body = f"{note}\n{_quoted(answer)}"
    elif carry == "code_block":
        body = f"{note}\n```\n{answer}\n```"
    else:
        body = f"{note}\n{answer}"
    if d.flag("slack_edited", weight_off=3):
        body += "\n(edited)"
    parts = [header.format(name=scene.name(scene.sender), time=_clock(scene.when)) + "\n" + body]
    count = ch.integer("reaction_kinds", 0, 3)
    if count:
        picks: list[str] = []
        for _ in range(count):
            emoji = ch.pick("reaction", _REACTIONS)
            if emoji not in picks:
                picks.append(emoji)
        if len(picks) == 1 and picks[0] in (":white_check_mark:", ":+1:"):
            picks.append(":eyes:")  # a lone check under a list reads as a reaction only beside another
        parts.append("  ".join(f"{emoji} {ch.integer('reaction_count', 1, 6)}" for emoji in picks))
    thread = d.dim("thread", ("none", "line", "reply"))
    if thread == "line":
        replies, hours = ch.integer("replies", 1, 4), ch.integer("reply_hours", 1, 9)
        parts.append(f"{replies} repl{_pl(replies, 'y', 'ies')}  Last reply {hours} hour{_pl(hours)} ago")
    elif thread == "reply":
        reply_header = header.format(name=scene.name(scene.other), time=_clock(scene.later(ch.integer("lag", 2, 40))))
        parts.append(f"{reply_header}\n{d.dim('ack', _ACKS)}")
    return d.done("\n".join(parts) if d.flag("slack_tight") else "\n\n".join(parts))


# ----------------------------------------------------------------- 4. teams_conversation_copy

_TEAMS_HEADERS = ("[{time}] {first} {last}", "[{date} {time}] {last}, {first}", "{first} {last}\n{date} {time}")
_TEAMS_INTROS = (
    "re-ran {case} in {model} by hand, output below",
    "{model} on {case}, pasting the whole thing:",
    "here's the grader answer for {case} ({model})",
)
_TEAMS_REPLIES = (
    "thanks, logged 👍",
    "Thanks! Added it to the dataset.",
    "perfect, I'll close the ticket",
    "ok, same as what the pipeline stored",
)


@HELDOUT31
def teams_conversation_copy(ch: Chooser) -> BlindOutput:
    """Several Microsoft Teams messages selected and copied together: each under its header
    (``[10:42 AM] Dana Kim``, ``[3/4/2025 10:42 AM] Kim, Dana`` in classic Teams, name and time on
    two lines in new Teams), the sender's intro, the grader's answer in a message of its own
    (sometimes marked "Edited"), and a colleague's acknowledgement after it."""
    d = _open(ch, "teams_conversation_copy")
    scene = _scene(d)
    ink = d.use_ink()
    header = d.dim("teams_header", _TEAMS_HEADERS)
    date = f"{scene.when.month}/{scene.when.day}/{scene.when.year}"
    if "\n" in header:
        date = f"{scene.when.month}/{scene.when.day}"

    def head(person: tuple[str, str], moment: datetime.datetime) -> str:
        return header.format(first=person[0], last=person[1], date=date, time=_clock(moment))

    intro = d.dim("teams_intro", _TEAMS_INTROS).format(case=scene.case, model=scene.model)
    answer = _framed_answer(d, ink, markdown=False, shapes=("legacy", "final_line", "numbered", "labelled", "sections"))
    messages = []
    same_message = d.flag("teams_one_message")
    if same_message:
        messages.append(f"{head(scene.sender, scene.when)}\n{intro}\n{answer}")
    else:
        messages.append(f"{head(scene.sender, scene.when)}\n{intro}")
        messages.append(f"{head(scene.sender, scene.later(1))}\n{answer}")
    if d.flag("teams_edited", weight_off=3):
        messages[-1] += "\nEdited"
    if d.flag("teams_reply"):
        messages.append(
            f"{head(scene.other, scene.later(ch.integer('lag', 3, 50)))}\n{d.dim('teams_ack', _TEAMS_REPLIES)}"
        )
    return d.done(d.dim("teams_gap", ("\n", "\n\n")).join(messages))


# ----------------------------------------------------------------- 5. email_reply_above_quote

_TOP_NOTES = (
    "Thanks {first}, I've added these to the eval set.",
    "Got it. Logging this as the reference answer for {case}; no changes from me.",
    "Thanks! Pasting it into the dataset now.",
    "Looks consistent with what the pipeline stored. Logging it.",
    "Thanks, see the verdicts below for the record.",
)
_SIGNATURES = (
    "Best,\n{first}",
    "Thanks,\n{first}",
    "--\n{first} {last}\nML Platform",
    "{first}\n\nSent from my iPhone",
)


def _attribution(d: Draw, scene: Scene, person: tuple[str, str], moment: datetime.datetime) -> str:
    """The line mail clients write above the quoted message (Gmail US and UK, Apple Mail, Thunderbird)."""
    style = d.dim("attribution", ("gmail_us", "gmail_uk", "apple", "thunderbird"))
    name, email = scene.name(person), scene.email(person)
    day, month, hm = _short_day(moment), _short_month(moment), f"{moment.hour:02d}:{moment.minute:02d}"
    if style == "gmail_us":
        return f"On {day}, {month} {moment.day}, {moment.year} at {_clock(moment)} {name} <{email}> wrote:"
    if style == "gmail_uk":
        return f"On {day}, {moment.day} {month} {moment.year} at {hm}, {name} <{email}> wrote:"
    if style == "apple":
        return f"On {moment.day} {month} {moment.year}, at {hm}, {name} <{email}> wrote:"
    return f"On {moment.day:02d}/{moment.month:02d}/{moment.year} {hm}, {name} wrote:"


_OUTER_NOTES = ("+1, thanks both.", "Thanks. Closing the ticket.", "Great, thanks for chasing this.")


@HELDOUT31
def email_reply_above_quote(ch: Chooser) -> BlindOutput:
    """An e-mail reply copied whole: the replier's short note on top (it relays or agrees, it never
    re-judges), a signature, then "On Tue, 4 Mar 2025 at 10:12, Dana Kim <...> wrote:" and the
    original quoted with ``> `` (the sender's note and the grader's answer, raw or as the chat
    rendered it). Gmail, Apple Mail and Thunderbird attributions; sometimes a third person's reply
    on top, the answer then at ``> >``; at times the mail system's [EXTERNAL] banner first."""
    d = _open(ch, "email_reply_above_quote")
    scene = _scene(d)
    ink = d.use_ink()
    answer = _framed_answer(d, ink, markdown=d.flag("email_markdown"))
    original = f"Hi {scene.other[0]},\n\n{_relay_note(d, scene)}\n\n{answer}\n\n{scene.sender[0]}"
    top = d.dim("top_note", _TOP_NOTES).format(first=scene.sender[0], case=scene.case)
    signature = d.dim("signature", _SIGNATURES).format(first=scene.other[0], last=scene.other[1])
    thread = f"{top}\n\n{signature}\n\n{_attribution(d, scene, scene.sender, scene.when)}\n\n{_quoted(original)}"
    if d.flag("second_reply", weight_off=2):
        others = [person for person in _PEOPLE if person not in (scene.sender, scene.other)]
        third = ch.pick("third_person", others)
        reply_time = scene.later(ch.integer("reply_lag", 5, 600))
        outer = d.dim("outer_note", _OUTER_NOTES)
        attribution = _attribution(d, scene, scene.other, reply_time)
        thread = f"{outer}\n\n{third[0]}\n\n{attribution}\n\n{_quoted(thread)}"
    if d.flag("external_banner", weight_off=3):
        banner = (
            "[EXTERNAL] This email originated from outside the organization. Do not click links or open "
            "attachments unless you recognize the sender."
        )
        thread = f"{banner}\n\n{thread}"
    return d.done(thread)


# ----------------------------------------------------------------- 6. outlook_forward_block

_SUBJECTS = (
    "Faithfulness {case} - manual re-run",
    "grader output for {case}",
    "Re: eval disagreement on {case}",
    "FW: {model} verdicts ({case})",
)
_FORWARD_NOTES = (
    "Forwarding for the record. The grader's answer is in the message below.",
    "See below. Please store this as the grader output for {case}.",
    "FYI, this is the re-run {first} did. Verdicts unchanged from what {first} sent.",
    "Adding you so you have the raw answer.",
)
_CAUTION = (
    "CAUTION: This email originated from outside of the organization. Do not click links or open attachments "
    "unless you recognize the sender and know the content is safe."
)
_DISCLAIMERS = (
    "CONFIDENTIALITY NOTICE: This e-mail and any attachments are for the exclusive use of the intended "
    "recipient(s). If you are not the intended recipient, please notify the sender and delete this message.",
    "This message may contain confidential information. If you received it in error, please delete it.",
)


@HELDOUT31
def outlook_forward_block(ch: Chooser) -> BlindOutput:
    """A forwarded or replied e-mail with the original under a header block rather than ``>``
    quotes: Outlook's rule and "From: / Sent: / To: / Cc: / Subject:" lines (or "-----Original
    Message-----"), Gmail's "---------- Forwarded message ---------" with "Date:", the [EXTERNAL]
    tag and the caution banner, the original's note, the grader's answer, signature and legal
    footer. The forwarder's note above only relays."""
    d = _open(ch, "outlook_forward_block")
    scene = _scene(d)
    ink = d.use_ink()
    style = d.dim("forward_style", ("outlook_rule", "original_message", "gmail_forward"))
    subject = d.dim("subject", _SUBJECTS).format(case=scene.case, model=scene.model)
    if d.flag("external_tag", weight_off=3):
        subject = "[EXTERNAL] " + subject
    w = scene.when
    sender = f"{scene.name(scene.sender)} <{scene.email(scene.sender)}>"
    to = f"{scene.name(scene.other)} <{scene.email(scene.other)}>"
    if style == "gmail_forward":
        head = (
            f"---------- Forwarded message ---------\nFrom: {sender}\nDate: {_short_day(w)}, {_short_month(w)} "
            f"{w.day}, {w.year} at {_clock(w)}\nSubject: {subject}\nTo: {to}"
        )
    else:
        sent = f"{_WEEKDAYS[w.weekday()]}, {_MONTHS[w.month - 1]} {w.day}, {w.year} {_clock(w)}"
        rule = "________________________________" if style == "outlook_rule" else "-----Original Message-----"
        cc = f"\nCc: Eval Team <eval-team@{scene.domain}>" if d.flag("cc_line") else ""
        head = f"{rule}\nFrom: {sender}\nSent: {sent}\nTo: {to}{cc}\nSubject: {subject}"
    answer = _framed_answer(d, ink, markdown=False)
    original = f"Hi {scene.other[0]},\n\n{_relay_note(d, scene)}\n\n{answer}\n\nThanks,\n{scene.sender[0]}"
    if d.flag("banner", weight_off=3):
        original = f"{_CAUTION}\n\n{original}"
    if d.flag("disclaimer", weight_off=2):
        original += "\n\n" + d.dim("disclaimer_text", _DISCLAIMERS)
    forwarder = scene.other
    note = d.dim("forward_note", _FORWARD_NOTES).format(case=scene.case, first=scene.sender[0])
    top = f"{note}\n\n{forwarder[0]} {forwarder[1]}\nML Platform"
    return d.done(f"{top}\n\n{head}\n\n{original}")


# ----------------------------------------------------------------- 7. word_list_paste

_WORD_BULLETS = ("•", "·", "\uf0b7")
_WORD_SUB_BULLETS = ("o", "◦", "-")
_WORD_THIRD_BULLETS = ("§", "▪", "\uf0a7")


def _smart(text: str) -> str:
    """Word's AutoFormat: straight quotes curled, `` - `` turned into an en dash."""
    out = []
    opened = False
    for index, char in enumerate(text):
        if char == '"':
            out.append("”" if opened else "“")
            opened = not opened
        elif char == "'":
            before = text[index - 1] if index else " "
            out.append("’" if before.isalnum() else "‘")
        else:
            out.append(char)
    return "".join(out).replace(" - ", " – ")


_WORD_NOTES = (
    "Copied from the chat window, verdicts unchanged:",
    "Statements and the model's verdicts:",
    "Model's answer (verbatim):",
)
_WORD_TITLES = (
    "{case} - grader re-run ({model}, {date})",
    "Manual re-run: {case}",
    "Faithfulness spot checks\n{case} ({model})",
)


@HELDOUT31
def word_list_paste(ch: Chooser) -> BlindOutput:
    """A Word document's lists pasted as plain text (into a dataset cell or a text field): numbers
    and bullets become ``1.<tab>``, ``·<tab>`` or the Symbol font's private-use glyph, the second
    level ``o<tab>`` and the third ``§<tab>``, AutoFormat's curly quotes and en dashes, a title
    line with the model and date. Teams keep their hand re-runs in such a doc and paste from it.
    A verdict under an ``o`` bullet is always labelled."""
    d = _open(ch, "word_list_paste")
    scene = _scene(d)
    ink = d.use_ink()
    form = d.dim("word_form", ("numbered_levels", "bullet_echo", "numbered_verdict_first"))
    indent = d.dim("word_indent", ("\t", "    ", ""))
    sub = d.dim("word_sub_bullet", _WORD_SUB_BULLETS)
    third_level = d.dim("word_third", ("reason", "reason_label", "none"))
    third = d.dim("word_third_bullet", _WORD_THIRD_BULLETS)
    bullet = d.dim("word_bullet", _WORD_BULLETS)
    lines = []
    for i, s, t in d.items():
        w, e = ink.word(i, t), ink.explanation(i, t)
        if form == "numbered_levels":
            lines.append(f"{i + 1}.\t{s}")
            lines.append(f"{indent}{sub}\tVerdict: {w}")
            if third_level != "none":
                label = "Reason: " if third_level == "reason_label" else ""
                lines.append(f"{indent}{indent}{third}\t{label}{e}")
        elif form == "bullet_echo":
            lines.append(f'{bullet}\t"{s}" - {w}. {e}')
        else:
            lines.append(f"{i + 1}.\t{w} - {e}")
    title = d.dim("word_title", _WORD_TITLES)
    date = f"{scene.when.day} {_MONTHS[scene.when.month - 1]}"
    head = title.format(case=scene.case[:1].upper() + scene.case[1:], model=scene.model, date=date)
    parts = [head]
    if d.flag("word_note"):
        parts.append(d.dim("word_note_text", _WORD_NOTES))
    parts.append("\n".join(lines))
    if d.flag("word_tally", weight_off=2):
        parts.append(d.tally())
    return d.done(_smart("\n".join(parts) if d.flag("word_tight") else "\n\n".join(parts)))


# ----------------------------------------------------------------- 8. invisible_char_paste

SHY, ZWSP, NBSP, WJ, BOM = "\u00ad", "\u200b", "\u00a0", "\u2060", "\ufeff"


def _soft_hyphens(d: Draw, text: str) -> str:
    """Soft hyphens inside the longer words, where Word's optional hyphens or a web page's ``&shy;`` put them."""
    words = text.split(" ")
    out = []
    for word in words:
        core = word.strip('.,;:!?"“”()')
        if len(core) >= 8 and core.isalpha() and d.ch.pick("shy", (False, True)):
            start = word.index(core)
            cut = start + d.ch.integer("shy_at", 3, len(core) - 3)
            word = word[:cut] + SHY + word[cut:]
        out.append(word)
    return " ".join(out)


@HELDOUT31
def invisible_char_paste(ch: Chooser) -> BlindOutput:
    """A paste that went through a word processor or a web page and carries characters nobody
    sees: soft hyphens inside long words (the verdict words included: ``Sup\\u00adported``),
    zero-width spaces after bullets and at line ends (Teams, Slack and web UIs leave them), word
    joiners, non-breaking spaces after the numbers and around the dashes, a byte-order mark at the
    start; bullets ``•``, ``◦`` and ``▪``, curly quotes. The text a person sees is an ordinary
    verdict list."""
    d = _open(ch, "invisible_char_paste")
    ink = d.use_ink()
    form = d.dim("visible_form", ("bullet_levels", "numbered_nbsp", "echo_square"))
    zw = d.dim("zero_width", (ZWSP, ZWSP, WJ))
    lines = []
    for i, s, t in d.items():
        w, e = ink.word(i, t), ink.explanation(i, t)
        if form == "bullet_levels":
            lines.append(f"•{zw} Statement{NBSP}{i + 1}: “{s}”")
            lines.append(f"  ◦{zw} Verdict: {w}")
            lines.append(f"  ◦{zw} Why: {e}{zw}")
        elif form == "numbered_nbsp":
            lines.append(f"{i + 1}.{NBSP}{w}{NBSP}— {e}{zw}")
        else:
            lines.append(f"▪{NBSP}“{s}”{NBSP}—{NBSP}{w}")
    body = _soft_hyphens(d, "\n".join(lines).replace("\n", " \n ")).replace(" \n ", "\n")
    text = d.frame(body, think=False)
    if d.flag("leading_zwsp"):
        text = zw + text
    if d.flag("bom", weight_off=2):
        text = BOM + text
    return d.done(text)


# ----------------------------------------------------------------- 9. gdocs_comment_anchors

_TITLE_COMMENTS = (
    "Which context version was attached for this run?",
    "@{email} can you add this to the eval set?",
    "Re-run because the pipeline call timed out.",
)
_VERDICT_COMMENTS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("Agree, it's on p. 2 of the context.", "Checked this one myself: agree.", "Same verdict as the pipeline run."),
    ("Agree, the context doesn't say this.", "Checked this one myself: agree.", "Same verdict as the pipeline run."),
    ("The model couldn't decide this one; leaving it as it is.", "Same as the pipeline run: left open."),
)
_NEUTRAL_COMMENTS = (
    "Copied verbatim from the chat.",
    "Keep the model's wording here.",
    "Formatting fixed, text unchanged.",
)


@HELDOUT31
def gdocs_comment_anchors(ch: Chooser) -> BlindOutput:
    """A Google Doc where the team keeps hand re-runs, downloaded as plain text (File → Download →
    .txt): each comment leaves an anchor ``[a]``, ``[b]`` after the text it is on (a verdict word,
    a statement, the title) and the comments themselves follow at the end, sometimes with their
    author and "Marked as resolved". The comments agree with the grader or say nothing about the
    verdicts."""
    d = _open(ch, "gdocs_comment_anchors")
    scene = _scene(d)
    ink = d.use_ink()
    form = d.dim("doc_form", ("echo_dash", "labelled", "blocks"))
    authors = d.flag("comment_authors")
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    comments: list[str] = []

    def anchor(text: str) -> str:
        letter = next(letters)
        author = ""
        if authors:
            author = scene.name(ch.pick("comment_author", (scene.sender, scene.other))) + ": "
        comment = f"[{letter}]{author}{text}"
        if d.flag(f"resolved_{letter}", weight_off=3):
            comment += "\n_Marked as resolved_"
        comments.append(comment)
        return f"[{letter}]"

    title = f"{scene.case[:1].upper()}{scene.case[1:]}: grader re-run ({scene.model})"
    if d.flag("title_comment", weight_off=2):
        title += anchor(d.dim("title_comment_text", _TITLE_COMMENTS).format(email=scene.email(scene.other)))
    places = ("none", "none", "verdict", "neutral") + (("statement",) if form != "labelled" else ())
    lines = []
    for i, s, t in d.items():
        where = ch.pick("anchor_on", places)
        w, e = ink.word(i, t), ink.explanation(i, t)
        if where == "statement":
            s += anchor(ch.pick("statement_comment", ("Same wording as call 1.", "Statement as stored.")))
        elif where == "verdict":
            w += anchor(ch.pick("verdict_comment", _of(t, _VERDICT_COMMENTS)))
        elif where == "neutral":
            w += anchor(ch.pick("neutral_comment", _NEUTRAL_COMMENTS))
        if form == "echo_dash":
            lines.append(f"{i + 1}. {s} — {w}")
        elif form == "labelled":
            lines.append(f"Statement {i + 1}: {w}. {e}")
        else:
            lines.append(f"{i + 1}. {s}\nVerdict: {w}\nReason: {e}")
    body = d.frame(("\n\n" if form == "blocks" else "\n").join(lines), think=False)
    text = f"{title}\n\n{body}"
    if comments:
        text += "\n\n" + "\n".join(comments)
    return d.done(text)


# ----------------------------------------------------------------- 10. copied_rendered_table

_TABLE_VERDICT_HEADERS = ("Verdict", "Supported?", "Supported by context?", "Result")
_TABLE_REASON_HEADERS = ("Reason", "Evidence", "Explanation")


@HELDOUT31
def copied_rendered_table(ch: Chooser) -> BlindOutput:
    """An answer whose verdicts sit in a markdown table, copied from the chat UI's rendering: the
    table arrives as tab-separated rows, as one cell per line (pasted where tabs are dropped), or
    with the tabs turned into spaces; the heading above it is plain text, bold is gone, the cell
    glyphs (✅ Yes) stay, and Gemini's "Export to Sheets" line follows the table."""
    d = _open(ch, "copied_rendered_table")
    ink = d.use_ink()
    style = d.dim("cells", ("tsv", "tsv", "cell_per_line", "tabs_as_spaces"))
    verdict_header = d.dim("table_verdict_header", _TABLE_VERDICT_HEADERS)
    if verdict_header.endswith("?") and ink.vocabulary not in ("yes_no", "true_false"):
        verdict_header = "Verdict"
        d.dims["table_verdict_header"] = verdict_header
    reason = d.flag("table_reason")
    numbered = style == "cell_per_line" or d.flag("table_numbered")
    glyphs = P.EMOJI[d.dim("cell_glyphs", tuple(P.EMOJI))] if d.flag("glyph_cells") else None
    header = (["#"] if numbered else []) + ["Statement", verdict_header]
    if reason:
        header.append(d.dim("table_reason_header", _TABLE_REASON_HEADERS))
    rows = [header]
    for i, s, t in d.items():
        word = ink.word(i, t)
        if glyphs is not None:
            word = f"{_of(t, glyphs)} {word}"
        row = ([str(i + 1)] if numbered else []) + [s, word]
        if reason:
            row.append(ink.explanation(i, t))
        rows.append(row)
    if style == "tsv":
        table = "\n".join("\t".join(row) for row in rows)
    elif style == "tabs_as_spaces":
        table = "\n".join("    ".join(row) for row in rows)
    else:
        blank = d.flag("row_blank_lines")
        table = ("\n\n" if blank else "\n").join("\n".join(row) for row in rows)
    heading = d.dim("table_heading", ("none", "Verdicts", "Results", "Faithfulness check", "Statement-by-statement"))
    body = table if heading == "none" else f"{heading}\n\n{table}"
    if d.flag("export_to_sheets", weight_off=2):
        body += "\n\nExport to Sheets"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 11. rendered_markdown_selection


@HELDOUT31
def rendered_markdown_selection(ch: Chooser) -> BlindOutput:
    """A rendered answer selected and copied (Ctrl+C) rather than taken with the copy button: the
    headings lose their ``#``, bold and italics their stars, block quotes their ``>``, bullets
    vanish or turn into ``•``, numbered lists keep or lose their numbers depending on the browser,
    paragraphs come apart with blank lines, and nested lists lose their indentation."""
    d = _open(ch, "rendered_markdown_selection")
    ink = d.use_ink()
    form = d.dim("rendered_form", ("heading_blocks", "nested_list", "lead_paragraphs", "quote_then_verdict"))
    numbers = d.dim("rendered_numbers", ("kept", "lost"))
    sub = d.dim("nested_bullet", ("", "• ", "◦ "))
    blocks = []
    for i, s, t in d.items():
        w, e = ink.word(i, t), ink.explanation(i, t)
        k = i + 1
        if form == "heading_blocks":
            blocks.append(f"Statement {k}\n\n{s}\n\nVerdict: {w}\n\nReason: {e}")
        elif form == "nested_list":
            lead = f"{k}. " if numbers == "kept" else ""
            blocks.append(f"{lead}{s}\n{sub}Verdict: {w}\n{sub}Reason: {e}")
        elif form == "lead_paragraphs":
            blocks.append(f"Statement {k} — {w}. {e}")
        else:
            lead = f"{k}. " if numbers == "kept" else ""
            blocks.append(f"{lead}{s}\n{w} — {e}")
    # Without their numbers, list items come apart with a blank line between them.
    tight = form != "heading_blocks" and numbers == "kept"
    gap = d.dim("rendered_gap", ("\n\n", "\n")) if tight else "\n\n"
    body = gap.join(blocks)
    title = d.dim("rendered_title", ("none", "Faithfulness evaluation", "Results", "Statement-by-statement check"))
    if title != "none":
        body = f"{title}\n\n{body}"
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 12. notebook_cells_paste

_CALLS = (
    "resp = client.chat.completions.create(model={model!r}, messages=messages, temperature=0)",
    "resp = judge(context, statements, model={model!r})",
)
_TIMES = "CPU times: user {u} ms, sys: {s} ms, total: {t} ms\nWall time: {w} s"


def _ipython_pretty(items: Sequence[Mapping[str, object]]) -> str:
    """``{"statements": items}`` as IPython displays it: a group breaks only where it does not fit in 79
    columns, each nesting level one more space of indent, strings never split."""

    def pairs(item: Mapping[str, object]) -> list[str]:
        return [f"{key!r}: {value!r}" for key, value in item.items()]

    whole = "{'statements': [" + ", ".join("{" + ", ".join(pairs(item)) + "}" for item in items) + "]}"
    if len(whole) <= 79:
        return whole
    shown = []
    for j, item in enumerate(items):
        start = len("{'statements': [") if j == 0 else 2
        after = 3 if j == len(items) - 1 else 1
        line = "{" + ", ".join(pairs(item)) + "}"
        shown.append(line if start + len(line) + after <= 79 else "{" + ",\n   ".join(pairs(item)) + "}")
    return "{'statements': [" + ",\n  ".join(shown) + "]}"


@HELDOUT31
def notebook_cells_paste(ch: Chooser) -> BlindOutput:
    """IPython or Jupyter cells pasted from a person's notebook re-run: ``In [11]:`` with the call
    (``...:`` continuation lines, ``%%time``'s CPU and wall times), ``In [12]: print(answer)`` with
    the printed answer, or ``Out[12]:`` with a repr: the parsed RAGAS JSON as IPython pretty-prints
    a dict, the answer's lines as a list, or its last line (the legacy final line) as a string; at
    times ``len(statements)`` with its count."""
    d = _open(ch, "notebook_cells_paste")
    scene = _scene(d)
    ink = d.use_ink()
    kind = d.dim("cell_kind", ("print_text", "pretty_json_out", "lines_list_out", "final_line_out"))
    first = ch.integer("execution_count", 3, 60)
    model = scene.model.lower().replace(" ", "-")
    cells = []
    call = d.dim("cell_call", _CALLS).format(model=model)
    timed = d.flag("cell_time", weight_off=2)
    source = f"In [{first}]: %%time\n   ...: {call}" if timed else f"In [{first}]: {call}"
    if timed:
        u, s = ch.integer("cpu_user", 8, 90), ch.integer("cpu_sys", 1, 9)
        source += "\n" + _TIMES.format(
            u=u, s=s, t=u + s, w=f"{ch.integer('wall', 1, 9)}.{ch.integer('wall_ms', 10, 99)}"
        )
    cells.append(source)
    content = "resp.choices[0].message.content" if "client" in call else "resp"
    nxt = first + 1
    if kind == "print_text":
        answer = d.frame(_answer(d, ink, markdown=True, shapes=("legacy", "final_line", "numbered", "labelled")))
        cells.append(f"In [{nxt}]: print({content})\n{answer}")
    elif kind == "pretty_json_out":
        items = [
            {"statement": s, "reason": ink.explanation(i, t), "verdict": None if t is None else int(t)}
            for i, s, t in d.items()
        ]
        loads = f"json.loads({content})"
        if d.dim("json_display", ("out", "out", "pprint")) == "out":
            cells.append(f"In [{nxt}]: {loads}\nOut[{nxt}]:\n{_ipython_pretty(items)}")
        else:
            shown = pprint.pformat({"statements": items}, width=79, sort_dicts=False)
            cells.append(f"In [{nxt}]: pprint({loads})\n{shown}")
    elif kind == "lines_list_out":
        answer = _answer(d, ink, markdown=True, shapes=("numbered", "labelled", "echo"))
        shown = pprint.pformat(answer.split("\n"), width=79)
        cells.append(f"In [{nxt}]: {content}.strip().splitlines()\nOut[{nxt}]:\n{shown}")
    else:
        answer = _answer(d, ink, markdown=True, shapes=("legacy",))
        if not answer.rstrip().split("\n")[-1].startswith("Final verdict"):
            answer += "\n\n" + d.final_line()
        cells.append(f"In [{nxt}]: print({content})\n{answer}")
        nxt += 1
        cells.append(f"In [{nxt}]: {content}.splitlines()[-1]\nOut[{nxt}]: {d.final_line()!r}")
    if d.flag("len_cell", weight_off=2):
        nxt += 1
        cells.append(f"In [{nxt}]: len(statements)\nOut[{nxt}]: {d.n}")
    return d.done("\n\n".join(cells))


# ----------------------------------------------------------------- 13. icon_ligature_chrome

_GEMINI_TOPS = ("Show drafts\nexpand_more\nvolume_up", "Show thinking\nexpand_more", "volume_up", "")
_GEMINI_BOTTOMS = (
    "thumb_up\nthumb_down\ntune\nshare\nmore_vert",
    "thumb_up thumb_down share Google it more_vert",
    "content_copy\nthumb_up\nthumb_down\nrefresh\nmore_vert",
)
_BADGE_ICONS: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("check_circle", "task_alt", "done"),
    ("cancel", "highlight_off", "close"),
    ("help", "help_outline", "error_outline"),
)


@HELDOUT31
def icon_ligature_chrome(ch: Chooser) -> BlindOutput:
    """Text copied from a page whose icons are a ligature font (Material Icons / Symbols): the
    icon names come along as words. Gemini's answer with "Show drafts / expand_more / volume_up"
    above and "thumb_up thumb_down share more_vert" below (code blocks with "content_copy" and
    "Use code with caution."), or a team's eval dashboard whose verdict badges copy as
    ``check_circle Supported`` / ``cancel Not supported`` / ``help Can't tell``: the word is
    always there beside the icon's name."""
    d = _open(ch, "icon_ligature_chrome")
    ink = d.use_ink()
    where = d.dim("ligature_source", ("gemini", "gemini", "dashboard"))
    if where == "gemini":
        top = d.dim("gemini_top", _GEMINI_TOPS)
        answer = _answer(d, ink, markdown=False, code_label="JSON\ncontent_copy")
        if d.dims["answer_shape"] == "json":
            answer += "\n\nUse code with caution."
        answer = d.frame(answer, think=False)
        parts = ([top] if top else []) + [answer, d.dim("gemini_bottom", _GEMINI_BOTTOMS)]
        return d.done("\n\n".join(parts))
    icons = tuple(ch.pick(f"badge_icon_{j}", options) for j, options in enumerate(_BADGE_ICONS))
    form = d.dim("badge_form", ("card", "row"))
    blocks = []
    for i, s, t in d.items():
        badge = f"{_of(t, icons)} {ink.word(i, t)}" if form == "row" else f"{_of(t, icons)}\n{ink.word(i, t)}"
        if form == "card":
            blocks.append(f"Statement {i + 1}\n{s}\n{badge}\nexpand_more")
        else:
            blocks.append(f"{i + 1}\t{s}\t{badge}\tmore_vert")
    head = d.dim("dashboard_head", ("Eval run {n}\nfilter_list\ndownload", "arrow_back\nCase {n}\ncontent_copy"))
    scene_number = ch.integer("run_number", 10, 900)
    body = head.format(n=scene_number) + "\n\n" + ("\n\n" if form == "card" else "\n").join(blocks)
    return d.done(body)


# ----------------------------------------------------------------- 14. mojibake_paste


def _mojibake(text: str) -> str:
    """UTF-8 bytes read as Windows-1252 (bytes it leaves undefined become C1 controls, as browsers decode them)."""
    out = []
    for byte in text.encode("utf-8"):
        try:
            out.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(chr(byte))
    return "".join(out)


_MOJIBAKE_NOTES = (
    "Hi all – here’s {model}’s answer for {case}:",
    "Grader output for {case} (re-run by hand in {model}) — verbatim:",
    "“{case}” – manual re-run, {model}:",
)


@HELDOUT31
def mojibake_paste(ch: Chooser) -> BlindOutput:
    """A pasted answer that went through a tool reading UTF-8 as Windows-1252: an e-mail sent
    without its charset, a CSV export opened in Excel, an old intranet form. Curly quotes become
    ``â€œ``/``â€\\x9d``, dashes ``â€”``, bullets ``â€¢``, non-breaking spaces ``Â``, the emoji
    ``âœ…``/``âŒ``; the verdict words themselves are plain ASCII and come through intact."""
    d = _open(ch, "mojibake_paste")
    scene = _scene(d)
    ink = d.use_ink()
    form = d.dim("mojibake_form", ("• “{s}” — {g}{w}", "{k}.\u00a0{g}{w} — {e}", "Statement {k}: {g}{w} – {e}"))
    glyphs = P.EMOJI[d.dim("mojibake_glyphs", tuple(P.EMOJI))] if d.flag("mojibake_emoji") else None
    lines = []
    for i, s, t in d.items():
        g = f"{_of(t, glyphs)} " if glyphs is not None else ""
        lines.append(form.format(k=i + 1, s=s, g=g, w=ink.word(i, t), e=ink.explanation(i, t)))
    note = d.dim("mojibake_note", _MOJIBAKE_NOTES).format(model=scene.model, case=scene.case)
    text = f"{note}\n\n" + d.frame("\n".join(lines), think=False)
    if d.flag("mojibake_nbsp_gaps"):
        text = text.replace("\n\n", "\n\u00a0\n")
    return d.done(_mojibake(text))


# ----------------------------------------------------------------- 15. pdf_report_copy

_LIGATURES = (("ffi", "ﬃ"), ("ffl", "ﬄ"), ("ff", "ﬀ"), ("fi", "ﬁ"), ("fl", "ﬂ"))


def _wrap(d: Draw, paragraph: str, width: int, protected: frozenset[str]) -> list[str]:
    """``paragraph`` broken into lines as the PDF laid it out, some long words hyphenated at the line end."""
    lines: list[str] = []
    current = ""
    for word in paragraph.split(" "):
        if not current:
            current = word
            continue
        if len(current) + 1 + len(word) <= width:
            current += " " + word
            continue
        room = width - len(current) - 1
        core = word.rstrip(".,;:")
        if (
            core.isalpha()
            and len(core) >= 8
            and core.lower() not in protected
            and room >= 4
            and d.ch.pick("hyphenate", (False, True))
        ):
            cut = min(room - 1, len(core) - 4)
            if cut >= 3:
                lines.append(f"{current} {word[:cut]}-")
                current = word[cut:]
                continue
        lines.append(current)
        current = word
    lines.append(current)
    return lines


@HELDOUT31
def pdf_report_copy(ch: Chooser) -> BlindOutput:
    """A spot-check report exported to PDF (from Word or Google Docs) and copied back out of the
    PDF viewer: the lines break where the page broke them, long words (never the verdict words)
    are hyphenated across lines, ``fi``/``fl`` come out as ligature characters, and the page's
    footer and the next page's header ("Page 1 of 2", the running title) sit between two lines
    (after a line that ends a sentence). Each statement's paragraph opens with its "Statement k"
    label."""
    d = _open(ch, "pdf_report_copy")
    scene = _scene(d)
    ink = d.use_ink()
    form = d.dim(
        "pdf_item",
        (
            "Statement {k}: {s} Verdict: {w}. Reason: {e}",
            "Statement {k} — {w}. “{s}” {e}",
            "Statement {k}. {s} The grader’s verdict: {w}. {e}",
        ),
    )
    width = d.dim("pdf_width", (64, 72, 80, 90))
    protected = frozenset(part.lower().strip(".") for i, _s, t in d.items() for part in ink.word(i, t).split())
    title = f"Faithfulness spot check: {scene.case}"
    lines = [
        title,
        f"Prepared by {scene.name(scene.sender)}, {scene.when.day} {_MONTHS[scene.when.month - 1]} "
        f"{scene.when.year}. Grader: {scene.model}, re-run by hand.",
        "",
    ]
    blank = d.flag("pdf_blank_lines")
    for i, s, t in d.items():
        lines += _wrap(d, form.format(k=i + 1, s=s, w=ink.word(i, t), e=ink.explanation(i, t)), width, protected)
        if blank:
            lines.append("")
    if d.flag("pdf_tally"):
        lines.append(d.tally())
    while lines and not lines[-1]:
        lines.pop()
    # The page breaks after a line that ends a sentence (or a paragraph): never inside a verdict.
    ends = [j + 1 for j in range(3, len(lines) - 1) if not lines[j] or lines[j].endswith(".")]
    if ends and d.flag("page_break", weight_off=1):
        at = ch.pick("break_at", ends)
        running = d.dim("running_head", ("title", "internal"))
        header = title if running == "title" else "Internal – evaluation notes"
        lines[at:at] = ["Page 1 of 2", header]
        lines.append("Page 2 of 2")
    text = "\n".join(lines)
    if d.flag("ligatures"):
        for plain, joined in _LIGATURES:
            text = text.replace(plain, joined)
    return d.done(text)


# ----------------------------------------------------------------- 16. pasted_refusals

_PASTED_REFUSALS = (
    "I'm sorry, but I can't determine whether these statements are supported: the document you attached "
    "appears to be empty.",
    "I can't assess these statements. The file you uploaded could not be opened, so I have no context to compare "
    "them against.",
    "I'm not able to judge these claims without the source text. Could you paste the context directly into the chat?",
    "Unfortunately I can't complete this evaluation: the context you pasted was cut off before any relevant passage.",
    "I'm unable to help with grading this answer because the attachment failed to load.",
    "Sorry, I can't verify these statements. There's no context in your message, only the statements themselves.",
)
_REFUSAL_NOTES = (
    "{model} wouldn't grade {case}, answer below.",
    "No verdicts from the grader on {case}:",
    "It refused again on {case}:",
    "Tried {case} by hand in {model}; it declined:",
)


@HELDOUT31
def pasted_refusals(ch: Chooser) -> BlindOutput:
    """The grader declined in the web UI (the attachment did not load, the pasted context was
    cut), and the person carried the refusal the same ways: under "ChatGPT said:", quoted in a
    Slack message, below an e-mail's "wrote:" line, in a Teams message, as a Word paragraph, or
    printed in a notebook cell. The person's note says it declined; no statement is judged."""
    d = _open(ch, "pasted_refusals", unknowns=False)
    scene = _scene(d)
    refusal = d.dim("pasted_refusal", _PASTED_REFUSALS)
    note = d.dim("refusal_note", _REFUSAL_NOTES).format(model=scene.model, case=scene.case)
    carry = d.dim("refusal_carry", ("chatgpt", "slack", "email", "teams", "word", "notebook"))
    if carry == "chatgpt":
        text = f"ChatGPT said:\n{refusal}"
        if d.flag("refusal_footer"):
            text += "\n\nChatGPT can make mistakes. Check important info."
    elif carry == "slack":
        text = f"{scene.name(scene.sender)}  {_clock(scene.when)}\n{note}\n{_quoted(refusal)}"
        if d.flag("refusal_reaction"):
            text += f"\n:eyes: {ch.integer('eyes', 1, 4)}  :pray: 1"
    elif carry == "email":
        top = "Thanks, I'll try again with the context pasted inline."
        quoted = _quoted(f"{note}\n\n{refusal}")
        text = f"{top}\n\n{scene.other[0]}\n\n{_attribution(d, scene, scene.sender, scene.when)}\n\n{quoted}"
    elif carry == "teams":
        text = f"[{_clock(scene.when)}] {scene.name(scene.sender)}\n{note}\n{refusal}"
    elif carry == "word":
        text = _smart(
            f"{scene.case[:1].upper()}{scene.case[1:]} - grader re-run ({scene.model})\n\n{note}\n\n{refusal}"
        )
    else:
        text = f"In [{ch.integer('execution_count', 3, 60)}]: print(resp.choices[0].message.content)\n{refusal}"
    return d.refused(text)
