"""A THIRTEENTH HELD-OUT set of blind layouts: verdicts written up for people, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout13``); do not read it while
developing the reader. Written from how graders (GPT-4o, Claude, Llama 3, Qwen, Mistral,
Gemini, Phi, small local models) answer when the team's prompt asks for a write-up ("draft
a short report for the reviewer", "post the result to the channel") or when the model's
habit turns the verdicts into a document a person reads: an audit report of numbered
findings with a status each, an internal memo, an e-mail to the reviewer, an executive
summary before the details, a pull-request review thread (conventional-comment labels,
``suggestion`` blocks), an issue-tracker ticket (fields, sub-issues, a resolution per
claim), a Slack or Teams post with emoji shortcodes, a slide outline, a peer-review report
(strengths and weaknesses), a changelog of what is kept and removed, a reviewer FAQ, a
scorecard with its legend, meeting minutes (a decision per item), and the refusals and
"I need more context" replies written as the same documents.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s
frame (a ``<think>`` draft, a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: every status, code, mark or section name has
its meaning in the document itself, and every count, conclusion or recommendation agrees
with the verdicts.

    HELDOUT13.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout13_outputs(layout="audit_findings_report")  # one layout's strategy
"""

from __future__ import annotations

from hypothesis import strategies as st

from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    lower_first,
    number_list,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT13 = LayoutSet("heldout13")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout13_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirteenth held-out set (one layout when named)."""
    return HELDOUT13.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside a sentence or a quote."""
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _numbers(d: Draw, truth: Truth) -> list[int]:
    """The 1-based numbers of the statements whose truth is ``truth``."""
    return [i + 1 for i, _s, t in d.items() if t is truth]


def _refs(numbers: list[int], noun: str = "claim") -> str:
    """``claim 2`` / ``claims 1 and 3``."""
    return f"{noun}{_pl(len(numbers))} {number_list(numbers)}"


def _clean_ink(d: Draw, vocabularies: tuple[str, ...] = WORD_VOCABULARIES) -> Ink:
    """Verdict words decorated only in ways that read the same after a field label."""
    ink = d.use_ink(vocabularies)
    ink.decorate(exclude=("arrow", "angle", "emoji_only", "quote", "bracket"))
    return ink


def _noun(d: Draw) -> str:
    return d.dim("noun", ("claim", "statement"))


def _title(noun: str) -> str:
    return noun[:1].upper() + noun[1:]


# ----------------------------------------------------------------- 1. audit_findings_report

_AUDIT_STATUSES: dict[str, tuple[str, str, str]] = {
    "verified": ("Verified", "Exception", "Inconclusive"),
    "satisfactory": ("Satisfactory", "Unsatisfactory", "Not assessable"),
    "substantiated": ("Substantiated", "Not substantiated", "Unable to substantiate"),
    "traced": ("Traced to source", "Not traced", "Trace inconclusive"),
}
_AUDIT_TITLES = (
    "# Faithfulness Audit Report",
    "**AUDIT REPORT: answer faithfulness**",
    "## Internal audit: claim substantiation",
)
_FINDING_IDS = ("Finding {k}", "F-{kk}", "A-{k}", "Observation {k}")
_AUDIT_RECOMMENDATIONS = (
    "Remove the claim or cite a source for it.",
    "Obtain the full source document and re-test.",
)


@HELDOUT13
def audit_findings_report(ch: Chooser) -> BlindOutput:
    """An audit report: scope, numbered findings each with a status (the status key stated), an agreeing conclusion."""
    d = Draw(ch, "audit_findings_report", max_n=MAX_N)
    statuses = _AUDIT_STATUSES[d.dim("audit_statuses", tuple(_AUDIT_STATUSES))]
    title = d.dim("audit_title", _AUDIT_TITLES)
    id_form = d.dim("finding_id", _FINDING_IDS)
    block = d.dim("finding_block", ("bulleted", "register_table", "run_in"))
    recommend = d.flag("audit_recommendations")
    ink = d.use_ink(("yes_no",))
    ids = [id_form.format(k=k, kk=f"{k:02d}") for k in range(1, d.n + 1)]
    findings = []
    rows = ["| Ref | Claim | Status | Observation |", "|---|---|---|---|"]
    for i, statement, truth in d.items():
        status = _of(truth, statuses)
        observation = ink.explanation(i, truth)
        advice = "" if truth is True or not recommend else _AUDIT_RECOMMENDATIONS[0 if truth is False else 1]
        if block == "bulleted":
            lines = [f'**{ids[i]}** — "{statement}"', f"- Status: {status}", f"- Observation: {observation}"]
            if advice:
                lines.append(f"- Recommendation: {advice}")
            findings.append("\n".join(lines))
        elif block == "run_in":
            text = f'**{ids[i]}.** Claim tested: "{statement}" Status: **{status}**. {observation}'
            findings.append(f"{text} Recommendation: {advice}" if advice else text)
        else:
            note = f"{observation} {advice}" if advice else observation
            rows.append(f"| {ids[i]} | {statement} | {status} | {note} |")
    register = "\n".join(rows) if block == "register_table" else "\n\n".join(findings)
    key = f"{statuses[0]} = the context supports the claim; {statuses[1]} = the context does not support it"
    if None in d.truth:
        key += f"; {statuses[2]} = the context does not allow a conclusion either way"
    scope = (
        f"**Scope.** {d.n} claim{_pl(d.n)} in the generated answer, tested against the retrieved context only "
        "(no outside knowledge)."
    )
    s = d.supported
    exceptions = [ids[i] for i, _s, t in d.items() if t is not True]
    conclusion = f"**Conclusion.** {s} of {d.n} claim{_pl(d.n)} {_pl(s, 'was', 'were')} rated {statuses[0]}."
    if exceptions:
        conclusion += f" Not supported or not assessable: {', '.join(exceptions)}."
        opinion = (
            f"Overall opinion: qualified — {len(exceptions)} of {d.n} claim{_pl(d.n)} could not be verified "
            "against the context."
        )
    else:
        opinion = "Overall opinion: unqualified — every claim is supported by the context."
    key_where = d.dim("status_key_position", ("after_scope", "appendix"))
    parts = [title, scope]
    if key_where == "after_scope":
        parts.append(f"**Status key:** {key}.")
    parts += ["## Findings" if title.startswith("#") else "**Findings**", register, conclusion]
    if d.flag("audit_opinion"):
        parts.append(opinion)
    if key_where == "appendix":
        parts.append(f"**Appendix A: status definitions.** {key}.")
    return d.done(d.frame("\n\n".join(parts), tally=False))


# ----------------------------------------------------------------- 2. internal_memo

_MEMO_PHRASES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("is supported by the context", "is backed by the retrieved passage", "is borne out by the context"),
    ("is not supported by the context", "has no basis in the context", "is not backed by the retrieved passage"),
    ("can be neither confirmed nor ruled out from the context", "could not be determined from the context"),
)
_MEMO_DATES = ("12 March 2025", "2024-11-04", "Monday, 3 June", "today")
_MEMO_TO = ("Evaluation team", "QA reviewers", "Dana Whitfield, content lead", "RAG quality working group")


@HELDOUT13
def internal_memo(ch: Chooser) -> BlindOutput:
    """A memorandum (TO/FROM/DATE/RE), numbered sections, a lettered or 2.x paragraph per claim, a recommendation."""
    d = Draw(ch, "internal_memo", max_n=MAX_N)
    noun = _noun(d)
    head = d.dim("memo_head", ("caps", "bold"))
    sub = d.dim("memo_paragraphs", ("letters", "decimal", "named"))
    sections = d.dim("memo_sections", ("numbered", "bold"))
    ink = d.use_ink(("yes_no",))
    to = d.dim("memo_to", _MEMO_TO)
    date = d.dim("memo_date", _MEMO_DATES)
    labels = ("TO", "FROM", "DATE", "RE") if head == "caps" else ("**To:**", "**From:**", "**Date:**", "**Re:**")
    colon = ":" if head == "caps" else ""
    header = "\n".join(
        f"{label}{colon} {value}"
        for label, value in zip(
            labels, (to, "Faithfulness grader", date, f"Support for the {noun}s in the generated answer"), strict=True
        )
    )
    title = "MEMORANDUM" if head == "caps" else "# Memo"
    paragraphs = []
    for i, statement, truth in d.items():
        phrase = ch.pick("memo_phrase", _MEMO_PHRASES[0 if truth is True else 1 if truth is False else 2])
        reason = ink.explanation(i, truth)
        if sub == "letters":
            paragraphs.append(f'   {"abcdefghij"[i]}. {_title(noun)} {i + 1} ("{_bare(statement)}") {phrase}. {reason}')
        elif sub == "decimal":
            paragraphs.append(f'2.{i + 1} The {noun} that "{_bare(statement)}" {phrase}. {reason}')
        else:
            paragraphs.append(f"{_title(noun)} {i + 1}. {statement} This {noun} {phrase}. {reason}")
    problems = _numbers(d, False)
    open_items = _numbers(d, None)
    if problems or open_items:
        advice = "Revise the answer before release"
        if problems:
            advice += f": remove or source {_refs(problems, noun)}"
        if open_items:
            advice += f"{';' if problems else ':'} obtain the full source to settle {_refs(open_items, noun)}"
        advice += "."
    else:
        advice = "No changes needed; the answer is faithful to the context."
    names = ("Purpose", "Findings", "Recommendation")
    purpose = f"This memo records whether each {noun} in the answer is supported by the retrieved context."
    bodies = (purpose, "\n".join(paragraphs) if sub != "named" else "\n\n".join(paragraphs), advice)
    if sections == "numbered":
        blocks = []
        for k, (name, text) in enumerate(zip(names, bodies, strict=True), 1):
            blocks.append(f"{k}. {name}.{chr(10) if k == 2 else ' '}{text}")
    else:
        blocks = [f"**{name}**\n{text}" for name, text in zip(names, bodies, strict=True)]
    return d.done(d.frame("\n\n".join([title, header, *blocks]), preface=False, tally=False))


# ----------------------------------------------------------------- 3. reviewer_email

_EMAIL_PHRASES: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    ("checks out", "is backed by the context", "holds up, it's right there in the context"),
    ("isn't supported by the context", "isn't in the context at all", "doesn't hold up against the context"),
    ("is a toss-up: I can't tell from the context", "is unclear from the context", "can't be settled either way"),
)
_EMAIL_SUBJECTS = (
    "Subject: Faithfulness check: {s} of {n} claim{pl} supported",
    "Subject: Re: answer review ({s}/{n} supported)",
    "Subject: Claim check done — {s}/{n} backed by the context",
)
_GREETINGS = ("Hi Dana,", "Hi team,", "Hello Sam,", "Hi Priya,")
_SIGNATURES = (
    "Best,\nEval bot",
    "Cheers,\nThe grading assistant",
    "Thanks!\n— Grader",
    "Kind regards,\nFaithfulness grader",
)


@HELDOUT13
def reviewer_email(ch: Chooser) -> BlindOutput:
    """An e-mail to the reviewer: a subject with the count, a greeting, a line per claim in casual words, a sign-off."""
    d = Draw(ch, "reviewer_email", max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    with_subject = d.flag("email_subject", weight_off=1)
    subject = d.dim("subject", _EMAIL_SUBJECTS).format(s=d.supported, n=d.n, pl=_pl(d.n))
    greeting = d.dim("greeting", _GREETINGS)
    form = d.dim(
        "email_item", ("• Claim {k} (“{b}”) {p}. {e}", "- Claim {k} {p}. {e}", "On claim {k}, “{b}”: it {p}. {e}")
    )
    gap = d.dim("email_item_gap", ("\n", "\n\n"))
    lines = []
    for i, statement, truth in d.items():
        phrase = ch.pick("email_phrase", _EMAIL_PHRASES[0 if truth is True else 1 if truth is False else 2])
        lines.append(form.format(k=i + 1, b=_bare(statement), p=phrase, e=ink.explanation(i, truth)))
    opening = (
        f"Thanks for sending this over. I checked the {d.n} claim{_pl(d.n)} in the answer against the retrieved "
        "context (nothing else). Here's where things stand:"
    )
    to_fix = [i + 1 for i, _s, t in d.items() if t is not True]
    if to_fix:
        closing = f"So the one{_pl(len(to_fix))} I'd fix before this goes out: {_refs(to_fix)}."
    else:
        closing = "Nothing to fix on my side: every claim is backed by the context."
    parts = [greeting, opening, gap.join(lines), closing, d.dim("signature", _SIGNATURES)]
    if with_subject:
        parts.insert(0, subject)
    return d.done(d.frame("\n\n".join(parts), preface=False, tally=False, sign_off=False))


# ----------------------------------------------------------------- 4. executive_summary_details

_SUMMARY_HEADS = (
    "## Executive summary",
    "**BLUF (bottom line up front):**",
    "**TL;DR**",
    "### Summary for stakeholders",
)
_GROUP_LABELS: dict[str, tuple[str, str, str]] = {
    "words": ("Supported", "Not supported", "Undetermined"),
    "emoji": ("✅ Supported", "❌ Not supported", "⚠️ Could not be determined"),
    "plain": ("Backed by the context", "Not backed by the context", "Context too ambiguous to decide"),
}


@HELDOUT13
def executive_summary_details(ch: Chooser) -> BlindOutput:
    """An executive summary (headline figure, key takeaways grouped by verdict, a risk line), then the details."""
    d = Draw(ch, "executive_summary_details", max_n=MAX_N)
    ink = _clean_ink(d)
    noun = _noun(d)
    head = d.dim("summary_head", _SUMMARY_HEADS)
    labels = _GROUP_LABELS[d.dim("takeaway_labels", tuple(_GROUP_LABELS))]
    s = d.supported
    headline = f"**Faithfulness: {s} of {d.n} {noun}{_pl(d.n)} supported ({100 * s / d.n:.0f}%).**"
    takeaways = []
    for truth, label in zip((True, False, None), labels, strict=True):
        numbers = _numbers(d, truth)
        if numbers:
            takeaways.append(f"- {label}: {_refs(numbers, noun)}")
        elif truth is not None and d.flag(f"takeaway_none_{'yes' if truth else 'no'}"):
            takeaways.append(f"- {label}: none")
    summary = [head, headline, "**Key takeaways**\n" + "\n".join(takeaways)]
    if d.flag("risk_line"):
        risky = _numbers(d, False)
        summary.append(
            f"**Risk:** high — unsupported content ({_refs(risky, noun)}) would reach users."
            if risky
            else "**Risk:** low — no unsupported content found."
        )
    details_form = d.dim("details_form", ("blocks", "table", "numbered"))
    if details_form == "table":
        rows = [f"| # | {_title(noun)} | Verdict | Why |", "|---|---|---|---|"]
        rows += [f"| {i + 1} | {s_} | {ink.token(i, t)} | {ink.explanation(i, t)} |" for i, s_, t in d.items()]
        details = "\n".join(rows)
    elif details_form == "blocks":
        details = "\n\n".join(
            f"**{i + 1}. {s_}**\nVerdict: {ink.token(i, t)}. {ink.explanation(i, t)}" for i, s_, t in d.items()
        )
    else:
        details = "\n".join(f"{i + 1}. {s_} — {ink.token(i, t)} ({ink.aside(i, t)})" for i, s_, t in d.items())
    details_head = d.dim("details_head", ("## Details", "**Details**", "### Claim-by-claim"))
    return d.done(d.frame("\n\n".join([*summary, details_head, details]), tally=False))


# ----------------------------------------------------------------- 5. pr_review_thread

_REVIEW_LABELS: dict[str, tuple[str, str, str]] = {
    "conventional": ("**praise:**", "**issue (blocking):**", "**question (non-blocking):**"),
    "emoji": ("✅ **Looks good:**", "❌ **Change requested:**", "❓ **Question:**"),
    "plain": ("Approved line:", "Needs change:", "Open question:"),
}
_REVIEW_COMMENTS = (
    "this is supported by the context. {e}",
    "this claim is not supported by the context. {e} Please remove it or add a source.",
    "I can't tell whether the context supports this. {e} Can you point me to the passage?",
)
_THREAD_HEADS = (
    "**`answer.md`**, line {k}",
    "💬 **grader-bot** commented on `answer.md` line {k}",
    "#### answer.md L{k}",
)


@HELDOUT13
def pr_review_thread(ch: Chooser) -> BlindOutput:
    """A pull-request review of the answer file: a comment per line (claim) with a label, suggestion blocks, a state."""
    d = Draw(ch, "pr_review_thread", max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    labels = _REVIEW_LABELS[d.dim("review_labels", tuple(_REVIEW_LABELS))]
    thread_head = d.dim("thread_head", _THREAD_HEADS)
    quote = d.dim("line_quote", ("diff", "blockquote"))
    suggest = d.flag("suggestion_blocks")
    threads = []
    for i, statement, truth in d.items():
        shown = f"```diff\n+ {statement}\n```" if quote == "diff" else f"> {statement}"
        comment = _of(truth, _REVIEW_COMMENTS).format(e=ink.explanation(i, truth))
        parts = [thread_head.format(k=i + 1), shown, f"{_of(truth, labels)} {comment}"]
        if suggest and truth is False:
            parts.append("Suggested change (delete the line):\n```suggestion\n```")
        threads.append("\n".join(parts))
    problems = [i + 1 for i, _s, t in d.items() if t is not True]
    reviewed = f"{d.n} line{_pl(d.n)} reviewed (one claim per line)"
    if not problems:
        state = d.dim("review_state", ("**Review: ✅ Approved**", "### Review status: Approved"))
        summary = f"{reviewed}; every claim is supported by the context."
    else:
        state = d.dim("review_state", ("**Review: ❌ Changes requested**", "### Review status: Changes requested"))
        if len(problems) == d.n:
            summary = f"{reviewed}; none is supported by the context."
        else:
            lines_word = _pl(len(problems), "Line", "Lines")
            summary = (
                f"{reviewed}. {lines_word} {number_list(problems)} need{_pl(len(problems), 's', '')} attention; "
                "the rest are supported by the context."
            )
    where = d.dim("review_state_position", ("top", "bottom"))
    body = "\n\n---\n\n".join(threads)
    text = f"{state}\n\n{summary}\n\n{body}" if where == "top" else f"{body}\n\n{state}\n\n{summary}"
    return d.done(d.frame(text, tally=False))


# ----------------------------------------------------------------- 6. tracker_ticket

_RESOLUTIONS: dict[str, tuple[str, str, str]] = {
    "done_cancel": (
        "Done — supported by the context",
        "Canceled — not supported by the context",
        "Blocked — cannot be determined from the context",
    ),
    "fixed_wontfix": ("Verified (supported)", "Rejected (not in the context)", "Needs info (context unclear)"),
}


@HELDOUT13
def tracker_ticket(ch: Chooser) -> BlindOutput:
    """An issue-tracker ticket: key, fields, and the claims as sub-issues, a table or a task list, a verdict each."""
    d = Draw(ch, "tracker_ticket", max_n=MAX_N)
    style = d.dim("ticket_style", ("jira_wiki", "linear_subissues", "github_issue"))
    key = ch.integer("ticket_number", 101, 989)
    problems = [i + 1 for i, _s, t in d.items() if t is not True]
    status = "Needs changes" if problems else "Resolved"
    if style == "jira_wiki":
        ink = _clean_ink(d)
        rows = ["||#||Claim||Verdict||Note||"]
        rows += [f"|{i + 1}|{s}|{ink.token(i, t)}|{ink.aside(i, t)}|" for i, s, t in d.items()]
        text = "\n".join(
            [
                f"*FAITH-{key}* Faithfulness review: generated answer",
                f"*Type:* Task   *Status:* {status}   *Priority:* {'High' if _numbers(d, False) else 'Low'}",
                "*Labels:* faithfulness, rag-eval",
                "",
                "h3. Description",
                "Check each claim of the answer against the retrieved context.",
                "",
                "h3. Result per claim",
                *rows,
            ]
        )
    elif style == "linear_subissues":
        resolutions = _RESOLUTIONS[d.dim("resolutions", tuple(_RESOLUTIONS))]
        d.use_ink(("yes_no",))
        lines = [
            f"FAITH-{key}  Faithfulness review of the generated answer",
            f"Status: {status}  ·  Assignee: grader-bot  ·  Labels: eval",
            "",
            "Sub-issues:",
        ]
        for i, statement, truth in d.items():
            lines.append(f"  FAITH-{key + i + 1}  Claim {i + 1}: “{_bare(statement)}”  →  {_of(truth, resolutions)}")
        text = "\n".join(lines)
    else:
        ink = d.use_ink(("yes_no",))
        items = []
        for i, _statement, truth in d.items():
            verdict = _of(truth, ("supported by the context", "**not** supported by the context", "undecided"))
            box = "x" if truth is True else " "
            items.append(f"- [{box}] Claim {i + 1} is {verdict}: {lower_first(ink.explanation(i, truth))}")
        text = "\n".join(
            [
                f"**#{key} Faithfulness review: {d.supported}/{d.n} claims supported**",
                f"Labels: `eval` {'`needs-fix`' if problems else '`ok`'}  ·  Assignees: @writer",
                "",
                "### Findings",
                *items,
                "",
                "(Ticked = supported by the context; the rest need a fix or a source.)",
            ]
        )
    return d.done(d.frame(text))


# ----------------------------------------------------------------- 7. chat_channel_post

_CHAT_MARKS: dict[str, tuple[str, str, str]] = {
    "slack_check": (":white_check_mark:", ":x:", ":grey_question:"),
    "slack_circles": (":large_green_circle:", ":red_circle:", ":large_yellow_circle:"),
    "unicode": ("✅", "❌", "🤔"),
    "thumbs": (":+1:", ":-1:", ":shrug:"),
}
_CHAT_OPENERS = (
    "*Faithfulness check for the support-bot answer* :mag:",
    "Hey team :wave: results of the faithfulness check on the latest answer:",
    "**Faithfulness check** 🔎 (posted by grader-bot)",
    "@here quick faithfulness readout :thread:",
)
_CHAT_WORDS = ("supported", "not supported", "can't tell")


@HELDOUT13
def chat_channel_post(ch: Chooser) -> BlindOutput:
    """A Slack or Teams post: an opener, an emoji shortcode (with or without a word) per claim, a key, a mention."""
    d = Draw(ch, "chat_channel_post", max_n=MAX_N)
    marks_name = d.dim("chat_marks", tuple(_CHAT_MARKS))
    marks = _CHAT_MARKS[marks_name]
    opener = d.dim("chat_opener", _CHAT_OPENERS)
    with_words = d.flag("chat_words")
    with_reason = d.flag("chat_reason")
    bullet = d.dim("chat_bullet", (">", "•", "-", ""))
    ink = d.use_ink(("yes_no",))
    bold = "**" if opener.startswith("**") else "*"
    lines = []
    for i, _statement, truth in d.items():
        line = f"{_of(truth, marks)} {bold}Claim {i + 1}{bold}"
        if with_words:
            line += f" — {_of(truth, _CHAT_WORDS)}"
        if with_reason:
            line += f" ({ink.aside(i, truth)})"
        lines.append(f"{bullet} {line}" if bullet else line)
    parts = [opener, "\n".join(lines)]
    if not with_words or d.flag("chat_key"):
        key = f"{marks[0]} supported by the context · {marks[1]} not supported"
        if None in d.truth or not with_words:
            key += f" · {marks[2]} can't tell"
        parts.append(f"_Key: {key}_")
    parts.append(f"{bold}Result:{bold} {d.supported}/{d.n} supported")
    closer = d.dim(
        "chat_closer", ("none", "cc @dana", "Details in thread :thread:", "Ping me if you want the reasoning.")
    )
    if closer != "none":
        parts.append(closer)
    return d.done(d.frame("\n".join(parts) if d.flag("chat_tight") else "\n\n".join(parts), tally=False))


# ----------------------------------------------------------------- 8. slide_outline

_SLIDE_HEADS = ("**Slide {j}: {t}**", "### Slide {j} — {t}", "--- Slide {j} ---\nTitle: {t}")
_GROUP_SLIDES = (
    ("What holds up ✅", "What doesn't ❌", "Open questions ❓"),
    ("Supported by the context", "Not supported by the context", "Cannot be determined from the context"),
)


@HELDOUT13
def slide_outline(ch: Chooser) -> BlindOutput:
    """A slide-deck outline: an overview slide with the counts, then slides by verdict or one per claim, next steps."""
    d = Draw(ch, "slide_outline", max_n=MAX_N)
    head = d.dim("slide_head", _SLIDE_HEADS)
    plan = d.dim("slide_plan", ("grouped", "per_claim"))
    notes = d.flag("speaker_notes")
    ink = d.use_ink(("supported", "yes_no", "correct"))
    yes, no, unknown = _numbers(d, True), _numbers(d, False), _numbers(d, None)
    overview = [f"- {d.n} claim{_pl(d.n)} reviewed against the retrieved context"]
    overview.append(
        f"- {len(yes)} supported, {len(no)} not supported" + (f", {len(unknown)} undetermined" if unknown else "")
    )
    slides = [("Faithfulness check: overview", "\n".join(overview))]
    if plan == "grouped":
        titles = d.dim("group_slides", _GROUP_SLIDES)
        for numbers, title, why in ((yes, titles[0], False), (no, titles[1], True), (unknown, titles[2], True)):
            if not numbers:
                continue
            rows = []
            for k in numbers:
                row = f'- Claim {k}: "{d.statements[k - 1]}"'
                if why:
                    row += f" — {ink.aside(k - 1, d.truth[k - 1])}"
                rows.append(row)
            slides.append((title, "\n".join(rows)))
    else:
        for i, statement, truth in d.items():
            rows = [f"- Claim: {statement}", f"- Evidence: {ink.explanation(i, truth)}"]
            if notes:
                rows.append(
                    f"Speaker notes: {_of(truth, ('keep as is', 'flag to the writer', 'ask for the full source'))}."
                )
            slides.append((f"Claim {i + 1} — {ink.word(i, truth)}", "\n".join(rows)))
    fix = sorted(no + unknown)
    slides.append(("Next steps", f"- Remove or source {_refs(fix)}" if fix else "- None: the answer can ship as it is"))
    rendered = [f"{head.format(j=j, t=title)}\n{body}" for j, (title, body) in enumerate(slides, 1)]
    return d.done(d.frame("\n\n".join(rendered), tally=False))


# ----------------------------------------------------------------- 9. peer_review_report

_STRENGTHS_OTHER = ("None with respect to the context.", "It is on topic.", "Clearly worded.")
_WEAKNESSES_YES = ("None.", "None of note.", "Minor: the wording differs slightly from the context, same meaning.")


def _recommendation(d: Draw) -> str:
    s, n = d.supported, d.n
    if s == n:
        return "Accept (every claim is supported by the context)."
    if s == 0:
        return "Reject (no claim is supported by the context)."
    weak = [i + 1 for i, _s, t in d.items() if t is not True]
    return f"{'Minor' if len(weak) == 1 else 'Major'} revision ({_refs(weak)} need{_pl(len(weak), 's', '')} support)."


@HELDOUT13
def peer_review_report(ch: Chooser) -> BlindOutput:
    """A referee's report: per claim strengths / weaknesses / assessment (or grouped lists), a recommendation."""
    d = Draw(ch, "peer_review_report", max_n=MAX_N)
    plan = d.dim("review_plan", ("per_claim", "grouped"))
    title = d.dim("referee_title", ("**Reviewer report**", "## Referee report", "REVIEW OF THE SUBMITTED ANSWER"))
    summary = (
        f"**Summary of the submission.** The answer makes {d.n} claim{_pl(d.n)}; I assessed each against the "
        "supplied context only."
    )
    if plan == "per_claim":
        ink = _clean_ink(d, ("supported", "yes_no", "correct", "entailed"))
        blocks = []
        for i, statement, truth in d.items():
            reason = ink.explanation(i, truth)
            if truth is True:
                strengths, weaknesses = reason, ch.pick("weakness_yes", _WEAKNESSES_YES)
            else:
                strengths, weaknesses = ch.pick("strength_other", _STRENGTHS_OTHER), reason
            blocks.append(
                f'*Claim {i + 1}* — "{statement}"\n- Strengths: {strengths}\n- Weaknesses: {weaknesses}\n'
                f"- Assessment: {ink.token(i, truth)}"
            )
        body = "**Per-claim assessment**\n\n" + "\n\n".join(blocks)
    else:
        ink = d.use_ink(("yes_no",))
        sections = []
        heads = (
            "**Strengths** (claims supported by the context)",
            "**Weaknesses** (claims not supported by the context)",
            "**Questions for the authors** (claims the context does not let me decide)",
        )
        for truth, heading in zip((True, False, None), heads, strict=True):
            numbers = _numbers(d, truth)
            if not numbers:
                if truth is not None:
                    sections.append(f"{heading}\nNone.")
                continue
            items = [f"{j}. Claim {k}: {ink.explanation(k - 1, truth)}" for j, k in enumerate(numbers, 1)]
            sections.append(heading + "\n" + "\n".join(items))
        body = "\n\n".join(sections)
    recommendation = f"**Recommendation:** {_recommendation(d)}"
    return d.done(d.frame("\n\n".join([title, summary, body, recommendation]), tally=False))


# ----------------------------------------------------------------- 10. changelog_sections

# (entry word, what it means) for supported, not supported and undecided claims.
_CHANGE_TYPES: dict[str, tuple[tuple[str, str], tuple[str, str], tuple[str, str]]] = {
    "kept_removed": (
        ("Kept", "supported by the context"),
        ("Removed", "not supported by the context"),
        ("Flagged", "cannot be verified from the context"),
    ),
    "verified": (
        ("Verified", "supported by the context"),
        ("Removed", "no support in the context"),
        ("Needs review", "the context is ambiguous"),
    ),
}


@HELDOUT13
def changelog_sections(ch: Chooser) -> BlindOutput:
    """A changelog of a faithfulness pass over the answer: Kept / Removed / Flagged sections, or typed entries."""
    d = Draw(ch, "changelog_sections", max_n=MAX_N)
    types = _CHANGE_TYPES[d.dim("change_types", tuple(_CHANGE_TYPES))]
    plan = d.dim("changelog_plan", ("sections", "typed_entries"))
    version = d.dim("changelog_version", ("## [Unreleased] — faithfulness pass", "## v2 of the answer", "# Changelog"))
    entry = d.dim("changelog_entry", ('- #{k} "{s}"', "- Claim {k}: {s}", "- {s} (claim {k})"))
    heading = d.dim("section_heading", ("### {w} ({m})", "### {w} — {m}"))
    ink = d.use_ink(("yes_no",))
    reasons = d.flag("changelog_reasons")
    parts = [version]
    if d.flag("changelog_intro"):
        parts.append("All changes made to the answer after checking each claim against the context are listed here.")
    if plan == "sections":
        for truth, (word, meaning) in zip((True, False, None), types, strict=True):
            numbers = _numbers(d, truth)
            if not numbers:
                continue
            lines = []
            for k in numbers:
                line = entry.format(k=k, s=d.statements[k - 1])
                if reasons:
                    line += f" — {ink.aside(k - 1, truth)}"
                lines.append(line)
            parts.append(heading.format(w=word, m=meaning) + "\n" + "\n".join(lines))
    else:
        lines = []
        for i, statement, truth in d.items():
            line = f"- **{_of(truth, (types[0][0], types[1][0], types[2][0]))}** claim {i + 1}: {statement}"
            if reasons:
                line += f" ({ink.aside(i, truth)})"
            lines.append(line)
        shown = types if None in d.truth else types[:2]
        legend = "; ".join(f"{word} = {meaning}" for word, meaning in shown)
        parts.append("### Changes\n" + "\n".join(lines))
        parts.append(f"_Entry types: {legend}._")
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 11. reviewer_faq


@HELDOUT13
def reviewer_faq(ch: Chooser) -> BlindOutput:
    """An FAQ for the reviewer: "Which claims are supported?", "Why is claim 2 not supported?", the score question."""
    d = Draw(ch, "reviewer_faq", max_n=MAX_N)
    plan = d.dim("faq_plan", ("grouped_questions", "why_questions"))
    q_form = d.dim("faq_question", ("**{q}**", "### {q}", "**Q:** {q}"))
    a_prefix = "**A:** " if q_form.startswith("**Q:**") else ""
    ink = d.use_ink(("yes_no",))
    yes, no, unknown = _numbers(d, True), _numbers(d, False), _numbers(d, None)
    pairs: list[tuple[str, str]] = []
    if plan == "grouped_questions":
        pairs.append(
            (
                "Which claims are supported by the context?",
                f"{_title(_refs(yes))}." if yes else "None of them.",
            )
        )
        pairs.append(
            (
                "Which claims are not supported?",
                " ".join(f"Claim {k}: {ink.explanation(k - 1, False)}" for k in no)
                if no
                else "None: every claim that could be decided is backed by the context.",
            )
        )
        if unknown or d.flag("faq_undecided_question"):
            pairs.append(
                (
                    "Is anything undecided?",
                    f"{_title(_refs(unknown))}: {ink.explanation(unknown[0] - 1, None)}" if unknown else "No.",
                )
            )
    else:
        for i, _statement, truth in d.items():
            question = _of(
                truth,
                (
                    "Why is claim {k} considered supported?",
                    "Why is claim {k} not supported?",
                    "Why is claim {k} left undecided?",
                ),
            ).format(k=i + 1)
            pairs.append((question, ink.explanation(i, truth)))
    pairs.append(
        ("What's the overall score?", f"{d.supported} of {d.n} claim{_pl(d.n)} supported ({d.supported / d.n:.0%}).")
    )
    title = d.dim("faq_title", ("## FAQ for the reviewer", "**Frequently asked questions**", "none"))
    blocks = [f"{q_form.format(q=q)}\n{a_prefix}{a}" for q, a in pairs]
    if title != "none":
        blocks.insert(0, title)
    return d.done(d.frame("\n\n".join(blocks), tally=False))


# ----------------------------------------------------------------- 12. scorecard_legend

_SCORE_CODES: dict[str, tuple[str, str, str]] = {
    "rag": ("Green", "Red", "Amber"),
    "rag_letters": ("G", "R", "A"),
    "grades": ("A", "F", "I"),
    "harvey": ("●", "○", "◐"),
    "stars": ("★★★", "☆☆☆", "—"),
}
_SCORE_MEANINGS = ("supported by the context", "not supported by the context", "cannot be determined from the context")


@HELDOUT13
def scorecard_legend(ch: Chooser) -> BlindOutput:
    """A scorecard: a rating code per claim (RAG colours, grades, Harvey balls, stars), its legend and a total."""
    d = Draw(ch, "scorecard_legend", max_n=MAX_N)
    codes_name = d.dim("score_codes", tuple(_SCORE_CODES))
    codes = _SCORE_CODES[codes_name]
    form = d.dim("scorecard_form", ("markdown_table", "dot_leaders", "rating_lines"))
    echo = d.flag("scorecard_statements")
    d.use_ink(("yes_no",))
    labels = [
        (f"{i + 1}. {_bare(statement)}" if echo else f"Claim {i + 1}", _of(truth, codes))
        for i, statement, truth in d.items()
    ]
    if form == "markdown_table":
        rows = ["| Claim | Rating |", "|---|:---:|"] + [f"| {label} | {code} |" for label, code in labels]
        card = "\n".join(rows)
    elif form == "dot_leaders":
        width = max(len(label) for label, _code in labels) + 6
        card = "\n".join(f"{label} {'.' * (width - len(label))} {code}" for label, code in labels)
    else:
        card = "\n".join(f"{label} — Rating: {code}" for label, code in labels)
    title = d.dim("scorecard_title", ("FAITHFULNESS SCORECARD", "## Scorecard", "**Claim scorecard**"))
    if title.isupper():
        title += "\n" + "═" * len(title)
    shown = [0, 1, 2] if None in d.truth or d.flag("legend_third") else [0, 1]
    legend = "Legend: " + "; ".join(f"{codes[j]} = {_SCORE_MEANINGS[j]}" for j in shown) + "."
    total = f"Score: {d.supported}/{d.n} ({100 * d.supported / d.n:.0f}%)"
    where = d.dim("legend_position", ("before", "after"))
    parts = [title, legend, card, total] if where == "before" else [title, card, legend, total]
    return d.done(d.frame("\n\n".join(parts), tally=False))


# ----------------------------------------------------------------- 13. meeting_minutes

_DECISIONS = (
    ("Supported — keep as is.", "Supported by the context.", "Keep: the context backs it."),
    ("Not supported — remove or source.", "Not supported by the context.", "Drop: the context does not back it."),
    ("Deferred — cannot be determined from the context.", "Undecided: the context does not settle it."),
)


@HELDOUT13
def meeting_minutes(ch: Chooser) -> BlindOutput:
    """Minutes of a review meeting: attendees, agenda, an item per claim with discussion and decision, action items."""
    d = Draw(ch, "meeting_minutes", max_n=MAX_N)
    ink = d.use_ink(("yes_no",))
    item_head = d.dim("minutes_item", ('**Item {k}: "{s}"**', "**Agenda item {k}** — {s}", "{k}. {s}"))
    labels = d.dim("minutes_labels", ("Discussion|Decision", "Notes|Outcome", "Discussed|Agreed"))
    talk, decide = labels.split("|")
    items = []
    for i, statement, truth in d.items():
        decision = ch.pick("decision", _DECISIONS[0 if truth is True else 1 if truth is False else 2])
        items.append(
            f"{item_head.format(k=i + 1, s=statement)}\n{talk}: {ink.explanation(i, truth)}\n{decide}: {decision}"
        )
    header = [
        d.dim("minutes_title", ("**Minutes — faithfulness review**", "# Meeting minutes: answer review", "MINUTES")),
        "Attendees: grader (chair), answer author (absent)",
        f"Agenda: check the {d.n} claim{_pl(d.n)} of the answer against the retrieved context, one item per claim.",
    ]
    actions = [f"- Remove or source claim {k} (owner: writer)" for k in _numbers(d, False)]
    actions += [f"- Find the full source for claim {k} (owner: requester)" for k in _numbers(d, None)]
    footer = "**Action items**\n" + ("\n".join(actions) if actions else "- None")
    parts = ["\n".join(header), "\n\n".join(items)]
    if actions or d.flag("minutes_empty_actions"):
        parts.append(footer)
    return d.done(d.frame("\n\n".join(parts)))


# ----------------------------------------------------------------- 14. write_up_refusals

_WRITE_UP_REFUSALS = (
    "# Faithfulness Audit Report\n\n**Opinion: disclaimer of opinion.**\n\nWe were unable to obtain sufficient "
    "evidence: the retrieved context supplied for this review is empty. Accordingly, we do not express an opinion on "
    "whether the {n} claim{pl} in the answer are supported.",
    "MEMORANDUM\n\nTO: Evaluation team\nFROM: Faithfulness grader\nRE: Review of the generated answer — not "
    "performed\n\nI could not carry out this review. The context attached to the request is a list of file names, not "
    "the documents themselves, so there is nothing to check the {n} claim{pl} against. No verdicts have been "
    "assigned.",
    ":warning: *Faithfulness check skipped*: the context came through empty, so I couldn't judge any of the {n} "
    "claim{pl}. Can someone re-run it with the retrieved passages attached? :pray:",
    "**FAITH-{t}: Faithfulness review**\nStatus: Blocked\nResolution: Unresolved\n\nBlocker: the context field of the "
    "request is empty. No claims were evaluated.\nNext step: re-run with the retrieved passages.",
    "**Reviewer report**\n\nI must decline to review this submission. The source document the {n} claim{pl} refer to "
    "was not provided, and judging them from my own knowledge would not be a faithfulness review. I am returning the "
    "assignment without a recommendation.",
    "**Review: 💬 Comment**\n\nI can't review `answer.md` for faithfulness: the pull request's `context.md` is empty. "
    "I'm leaving neither an approval nor a change request until it is added.",
    "Subject: Can't complete the faithfulness check\n\nHi Dana,\n\nSorry, I wasn't able to check the {n} claim{pl} "
    "in this answer: the context belongs to a different product, so nothing in it bears on them. I'd rather not "
    "guess.\n\nBest,\nEval bot",
    "FAITHFULNESS SCORECARD\n══════════════════════\n\nNot scored. The context was missing, so no claim could be "
    "rated.",
    "**Slide 1: Faithfulness check — status**\n- Not run: no context was supplied with the request\n- No claims "
    "assessed\n\n**Slide 2: Next steps**\n- Attach the retrieved passages and re-run",
)


@HELDOUT13
def write_up_refusals(ch: Chooser) -> BlindOutput:
    """Refusals written as the documents above (an audit disclaimer, a memo, a post, a ticket, a review): no verdict."""
    d = Draw(ch, "write_up_refusals", unknowns=False, max_n=MAX_N)
    template = d.dim("write_up_refusal", _WRITE_UP_REFUSALS)
    text = template.format(n=d.n, pl=_pl(d.n), t=ch.integer("ticket_number", 101, 989))
    if d.flag("refusal_preface", weight_off=2):
        text = d.dim("refusal_preface_text", ("Here is the write-up:", "Report below.", "Draft for the reviewer:")) + (
            "\n\n" + text
        )
    return d.refused(text)


# ----------------------------------------------------------------- 15. needs_context_write_ups

_NEEDS_CONTEXT = (
    "Hi {name},\n\nBefore I can check these {n} claim{pl}, I need more context: the passage you sent stops after its "
    "first paragraph. Could you send the full retrieved text? I'll turn the review around as soon as I have it.\n\n"
    "Thanks,\nGrader",
    "**FAITH-{t}: Faithfulness review**\nStatus: Needs info\nAssignee: requester\n\n**Comment from grader-bot:** I "
    "need the full context to evaluate the {n} claim{pl}; the attached passage is truncated mid-sentence. Moving this "
    "back to the requester.",
    "**Why are there no verdicts?**\nThe context was cut off, so I can't judge any of the {n} claim{pl} fairly.\n\n"
    "**What do you need from me?**\nThe complete retrieved passages.\n\n**What happens next?**\nOnce they're "
    "attached, I'll rate each claim.",
    "**Minutes — faithfulness review**\n\nAgenda: review of the answer's {n} claim{pl}.\nDiscussion: the context "
    "provided is only a table of contents.\nDecision: postponed until the full context is available.\nAction: "
    "requester to supply the retrieved passages.",
    "Hey @{handle}, quick one before I run the faithfulness check: which document should these {n} claim{pl} be "
    "checked against? The context block still holds the template placeholder. :sweat_smile:",
    "MEMORANDUM\n\nRE: Additional context required\n\nThe review cannot proceed on the material supplied. The context "
    'refers to "the attached policy", which was not included. Please provide it; findings will follow.',
    "## Executive summary\n\n**Status: on hold.** I need more context to assess the answer: the retrieved passages "
    "were not attached. None of the {n} claim{pl} has been rated yet.",
)


@HELDOUT13
def needs_context_write_ups(ch: Chooser) -> BlindOutput:
    """Asking for more context, written as an e-mail, a ticket moved to Needs info, an FAQ, minutes: no verdict."""
    d = Draw(ch, "needs_context_write_ups", unknowns=False, max_n=MAX_N)
    template = d.dim("needs_context", _NEEDS_CONTEXT)
    who = d.dim("asked", ("Dana", "Sam", "Priya"))
    text = template.format(n=d.n, pl=_pl(d.n), t=ch.integer("ticket_number", 101, 989), name=who, handle=who.lower())
    if d.flag("needs_context_think", weight_off=3):
        text = "<think>\nThe context is incomplete. I should ask for it rather than guess.\n</think>\n\n" + text
    return d.refused(text)
