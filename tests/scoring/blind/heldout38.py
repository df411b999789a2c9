"""A THIRTY-EIGHTH HELD-OUT set of blind layouts: juries, ensembles, self-consistency and review chains, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout38``); do not read it while
developing the reader. Written from how teams that distrust a single judge store the result of
several judgements as call 2's output: self-consistency wrappers that sample one grader (GPT-4o,
GPT-4o-mini, Llama 3.1, Qwen 2.5) three or five times at a temperature and put the samples to a
majority vote; juries ("PoLL", a panel of LLM evaluators: GPT-4o, Claude, Gemini, Llama 3,
Mistral, Command R) with each juror's verdicts and the panel's decision; a cheap judge followed
by a critic or reviewer that agrees or overturns some verdicts; debates between two judges with
a moderator's ruling; pipeline logs with ``run 1``, ``run 2``, ``run 3`` and ``aggregate``; vote
counts per statement ("yes: 4, no: 1 -> SUPPORTED"); cascades that escalate disagreements to a
stronger judge; an even panel whose chair breaks ties; deliberation in rounds; annotation,
review and adjudication chains; a meta-judge's prose summary of the judges; multi-agent group
chats (AutoGen-style) closed by a foreman; adaptive self-consistency that stops when two runs
agree; and a panel whose every juror declines.

The careful person reads, for each statement, the FINAL decision the output states or defines:
the majority, the panel's decision, the reviewer's or adjudicator's final verdict, the
moderator's ruling, the chair's casting vote. Individual samples and jurors disagree with it
often (the first one shown dissents often), so reading one of them gives a wrong number.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, verdict words and casing, undecided items, explanations) and ``_draw``'s frame (a
preface, an agreeing count, a sign-off; no ``<think>`` draft: these outputs are assembled by a
pipeline, not written by one model). Only outputs a careful person reads without doubt are
drawn: every final verdict is stated, or the rule is stated (the answer more than half of an
odd number of votes gave; no such answer leaves the statement undetermined) together with every
vote; no tie is ever left unresolved (an even panel's ties go to the chair, whose vote is
shown); an undecided item is one whose final decision says so ("no majority: undetermined", "the
moderator could not rule"). Every count, score and closing legacy line agrees with the final
verdicts. The refusal layout gives no verdict at all: every juror declines and the panel says
it has no decision.

    HELDOUT38.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout38_outputs(layout="reviewer_overturns")     # one layout's strategy
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import (
    WORD_VOCABULARIES,
    BlindOutput,
    Draw,
    Ink,
    LayoutSet,
    number_list,
)
from tests.scoring.graders import Chooser, Truth

HELDOUT38 = LayoutSet("heldout38")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout38_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-eighth held-out set (one layout when named)."""
    return HELDOUT38.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


# ----------------------------------------------------------------- judges, votes, final words

JUDGE_MODELS: tuple[str, ...] = (
    "gpt-4o",
    "claude-3-5-sonnet",
    "gemini-1.5-pro",
    "llama-3-70b-instruct",
    "mistral-large",
    "command-r",
    "claude-3-haiku",
    "gpt-3.5-turbo",
    "qwen2.5-72b-instruct",
    "gemini-1.5-flash",
)
SMALL_MODELS: tuple[str, ...] = ("gpt-4o-mini", "llama-3.1-8b-instruct", "claude-3-haiku", "mistral-7b-instruct")
STRONG_MODELS: tuple[str, ...] = ("gpt-4o", "claude-3-5-sonnet", "gemini-1.5-pro", "o1-mini")

# What a final decision says when it leaves a statement undecided.
UNDECIDED_FINALS: tuple[str, ...] = ("Undetermined", "Undecided", "Cannot be determined")


def _models(d: Draw, m: int, pool: Sequence[str] = JUDGE_MODELS, name: str = "juror") -> list[str]:
    """``m`` distinct judge names, drawn in order."""
    left = list(pool)
    return [left.pop(d.ch.integer(name, 0, len(left) - 1)) for _ in range(m)]


def _weighted_majority(ch: Chooser, m: int) -> int:
    """How many of ``m`` (odd) votes the winning answer gets: mostly the smallest majority."""
    half = m // 2 + 1
    options: tuple[int, ...] = (half, half, half, *range(half + 1, m + 1))
    return options[ch.integer("agree_votes", 0, len(options) - 1)]


def _votes(ch: Chooser, truth: Truth, m: int) -> list[Truth]:
    """``m`` (odd) votes whose strict majority is ``truth``; for None, most votes are unsure or none has a majority.

    Shuffled; the first vote dissents from the final decision often (when any vote does)."""
    half = m // 2 + 1
    votes: list[Truth]
    if truth is None:
        if ch.pick("undecided_votes", ("most_unsure", "split")) == "split":
            splits = [(y, n, m - y - n) for y in range(half) for n in range(half) if 1 <= m - y - n < half]
            y, n, u = ch.pick("split", splits)
            votes = [True] * y + [False] * n + [None] * u
        else:
            u = _weighted_majority(ch, m)
            votes = [None] * u + [ch.pick("dissent", (True, False)) for _ in range(m - u)]
    else:
        a = _weighted_majority(ch, m)
        dissents: tuple[Truth, ...] = (not truth, not truth, None)
        agreeing: list[Truth] = [truth] * a
        votes = agreeing + [ch.pick("dissent", dissents) for _ in range(m - a)]
    return _shuffled(ch, votes, truth)


def _shuffled(ch: Chooser, votes: Sequence[Truth], final: Truth) -> list[Truth]:
    pool = list(votes)
    out = [pool.pop(ch.integer("vote_order", 0, len(pool) - 1)) for _ in range(len(votes))]
    if ch.pick("lead_dissent", (False, True)):
        for j, vote in enumerate(out):
            if vote is not final:
                out[0], out[j] = out[j], out[0]
                break
    return out


def _has_majority(votes: Sequence[Truth]) -> bool:
    return max(sum(1 for v in votes if v is t) for t in (True, False, None)) * 2 > len(votes)


def _count(votes: Sequence[Truth], value: Truth) -> int:
    return sum(1 for v in votes if v is value)


def _tally(ink: Ink, i: int, votes: Sequence[Truth]) -> str:
    """``2 Yes, 1 No`` (every answer given, most first)."""
    parts = [(_count(votes, t), ink.word(i, t)) for t in (True, False, None)]
    parts.sort(key=lambda part: -part[0])
    return ", ".join(f"{c} {w}" for c, w in parts if c)


def _final(ink: Ink, i: int, truth: Truth, undecided: str, votes: Sequence[Truth] | None = None) -> str:
    """The final decision's words: the verdict word, or the undecided phrase (with why, where votes are known)."""
    if truth is not None:
        return ink.word(i, truth)
    if votes is not None and not _has_majority(votes):
        return f"{undecided} (no majority)"
    return undecided


def _explanation(ch: Chooser, vote: Truth) -> str:
    return ch.pick("explanation", _of(vote, (P.EXPLANATIONS_YES, P.EXPLANATIONS_NO, P.EXPLANATIONS_UNKNOWN)))  # type: ignore[arg-type]


def _legacy_line(words: Sequence[str]) -> str:
    return "Final verdict for each statement in order: " + " ".join(w.rstrip(".") + "." for w in words)


def _score_line(d: Draw) -> str:
    s, n = d.supported, d.n
    form = d.dim("score_form", ("faithfulness = {f:.2f} ({s}/{n})", "score: {s}/{n}", "Faithfulness score: {f:.3f}"))
    return form.format(f=s / n, s=s, n=n)


def _vocab_ink(d: Draw) -> Ink:
    return d.use_ink(("yes_no", "yes_no", "supported", "true_false", "pass_fail", "correct", "entailed"))


# ----------------------------------------------------------------- 1. sample_transcripts_then_vote

_SAMPLE_HEADS = (
    "--- sample {j}/{m} (temperature=0.7) ---",
    "### Sample {j}",
    "[sample {j}]",
    "=== Completion {j} of {m} ===",
)
_VOTE_HEADS = (
    "=== Majority vote over {m} samples (final) ===",
    "### Majority vote (final verdicts)",
    "[aggregate: majority of {m} samples = final]",
    "=== Final verdicts (self-consistency, {m} samples) ===",
)


@HELDOUT38
def sample_transcripts_then_vote(ch: Chooser) -> BlindOutput:
    """promptfoo users who wrap the grader provider in a custom provider that samples it 3 or 5 times at
    temperature 0.7 and joins every sample's complete answer (legacy blocks, the legacy final line, or a numbered
    list), followed by the majority vote section the wrapper computes."""
    d = Draw(ch, "sample_transcripts_then_vote", max_n=MAX_N)
    m = int(d.dim("samples", ("3", "5")))
    style = d.dim("sample_style", ("blocks", "final_line", "numbered"))
    head = d.dim("sample_head", _SAMPLE_HEADS)
    vote_head = d.dim("vote_head", _VOTE_HEADS)
    counts = d.flag("vote_counts")
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    votes = [_votes(ch, t, m) for t in d.truth]
    sections = []
    for j in range(m):
        if style == "blocks":
            answer = "\n\n".join(
                f"Statement {i + 1}: {s}\nExplanation: {_explanation(ch, votes[i][j])}\n"
                f"Verdict: {ink.word(i, votes[i][j])}."
                for i, s, _t in d.items()
            )
        elif style == "final_line":
            answer = _legacy_line([ink.word(i, votes[i][j]) for i in range(d.n)])
        else:
            answer = "\n".join(f"{i + 1}. {ink.word(i, votes[i][j])}" for i in range(d.n))
        sections.append(f"{head.format(j=j + 1, m=m)}\n{answer}")
    lines = []
    for i, _s, t in d.items():
        line = f"{i + 1}. {_final(ink, i, t, undecided, votes[i])}"
        if counts:
            line += f" ({_tally(ink, i, votes[i])})"
        lines.append(line)
    sections.append(f"{vote_head.format(m=m)}\n" + "\n".join(lines))
    return d.done(d.frame("\n\n".join(sections), think=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 2. poll_juror_sections

_JUROR_HEADS = ("### Juror {j}: {model}", "**{model}**", "Judge {j} ({model}):", "## {model}")
_PANEL_HEADS = (
    "### Panel decision (majority vote)",
    "**Panel verdict (max voting over {m} jurors):**",
    "PoLL decision:",
    "## Final (panel of {m})",
)


@HELDOUT38
def poll_juror_sections(ch: Chooser) -> BlindOutput:
    """A "Panel of LLM evaluators" (PoLL: Command R, Claude 3 Haiku, GPT-3.5, or GPT-4o, Gemini, Llama 3,
    Mistral): each juror's answer stored under its name, each in the juror's own verdict words when the team
    does not normalise them, then the panel's decision by max voting in the team's words."""
    d = Draw(ch, "poll_juror_sections", max_n=MAX_N)
    m = int(d.dim("jurors", ("3", "3", "5")))
    names = _models(d, m)
    head = d.dim("juror_head", _JUROR_HEADS)
    panel_head = d.dim("panel_head", _PANEL_HEADS)
    own_words = d.flag("own_words")
    juror_form = d.dim("juror_form", ("numbered", "final_line", "statement_lines"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    inks = [Ink(ch, d.statements, d.truth, WORD_VOCABULARIES) if own_words else ink for _ in range(m)]
    votes = [_votes(ch, t, m) for t in d.truth]
    sections = []
    for j, name in enumerate(names):
        juror = inks[j]
        if juror_form == "numbered":
            answer = "\n".join(f"{i + 1}. {juror.word(i, votes[i][j])}" for i in range(d.n))
        elif juror_form == "final_line":
            answer = _legacy_line([juror.word(i, votes[i][j]) for i in range(d.n)])
        else:
            answer = "\n".join(f"Statement {i + 1}: {juror.word(i, votes[i][j])}" for i in range(d.n))
        sections.append(f"{head.format(j=j + 1, model=name)}\n{answer}")
    decision = "\n".join(f"{i + 1}. {_final(ink, i, t, undecided, votes[i])}" for i, _s, t in d.items())
    sections.append(f"{panel_head.format(m=m)}\n{decision}")
    return d.done(d.frame("\n\n".join(sections), think=False))


# ----------------------------------------------------------------- 3. reviewer_overturns

_REVIEW_OPENERS = (
    "Reviewer ({model}): I checked the judge's verdicts against the context.",
    "Critic ({model}) review:",
    "REVIEW by {model}",
    "Second opinion ({model}):",
)
_OVERTURN_FORMS: dict[str, tuple[str, str, str]] = {
    "disagree": (
        "I disagree on statement {k}: the context does state this, so it is supported. Corrected verdict: {v}.",
        "I disagree on statement {k}: the context never says this, so it is not supported. Corrected verdict: {v}.",
        "I disagree on statement {k}: the context does not settle it either way. Corrected verdict: {v}.",
    ),
    "overturn": (
        "Statement {k}: overturned to {v} (the context states it).",
        "Statement {k}: overturned to {v} (the context does not back it).",
        "Statement {k}: overturned to {v} (the context is ambiguous).",
    ),
    "change": (
        "Change statement {k} from {old} to {v}: the context says this explicitly.",
        "Change statement {k} from {old} to {v}: nothing in the context says this.",
        "Change statement {k} from {old} to {v}: the context only hints at it.",
    ),
}


def _overturned(ch: Chooser, truth: Sequence[Truth], *, force: bool) -> list[Truth]:
    """A first judge's verdicts: some differ from ``truth`` (at least one when ``force``)."""
    initial: list[Truth] = []
    for t in truth:
        if ch.pick("overturn", (False, False, True)):
            options: tuple[Truth, ...] = _of_t(t)
            initial.append(ch.pick("first_verdict", options))
        else:
            initial.append(t)
    if force and all(a is b for a, b in zip(initial, truth, strict=True)):
        k = ch.integer("forced_overturn", 0, len(truth) - 1)
        initial[k] = ch.pick("first_verdict", _of_t(truth[k]))
    return initial


def _of_t(t: Truth) -> tuple[Truth, ...]:
    """The verdicts a first judge may have given where the final one is ``t`` (mostly the opposite)."""
    if t is None:
        return (True, False)
    return (not t, not t, None)


@HELDOUT38
def reviewer_overturns(ch: Chooser) -> BlindOutput:
    """A cheap judge (GPT-4o-mini, Llama 3.1 8B, Claude Haiku) followed by a stronger critic (GPT-4o, Claude 3.5
    Sonnet) asked to review its verdicts: the judge's list, the reviewer naming the statements it overturns and
    the ones it agrees with, then the final verdicts after review (or "all other verdicts stand")."""
    d = Draw(ch, "reviewer_overturns", max_n=MAX_N)
    judge = _models(d, 1, SMALL_MODELS, "judge")[0]
    reviewer = _models(d, 1, STRONG_MODELS, "reviewer")[0]
    changes = d.dim("review_outcome", ("changes", "changes", "changes", "none"))
    form = d.dim("overturn_form", tuple(_OVERTURN_FORMS))
    closing = d.dim("review_closing", ("final_list", "final_list", "stand"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    initial = _overturned(ch, d.truth, force=True) if changes == "changes" else list(d.truth)

    def said(i: int, verdict: Truth, final: bool) -> str:
        return _final(ink, i, verdict, undecided) if final else ink.word(i, verdict)

    judge_lines = "\n".join(f"{i + 1}. {ink.word(i, v)}" for i, v in enumerate(initial))
    parts = [f"Judge ({judge}):\n{judge_lines}"]
    changed = [i for i in range(d.n) if initial[i] is not d.truth[i]]
    kept = [i + 1 for i in range(d.n) if i not in changed]
    review = [d.ch.pick("review_opener", _REVIEW_OPENERS).format(model=reviewer)]
    if not changed:
        review.append("I agree with every verdict; no changes.")
    else:
        if kept:
            review.append(f"I agree with statement{_pl(len(kept))} {number_list(kept)}.")
        for i in changed:
            t = d.truth[i]
            text = _of(t, _OVERTURN_FORMS[form])
            review.append(text.format(k=i + 1, v=said(i, t, True), old=ink.word(i, initial[i])))
    parts.append("\n".join(review))
    if closing == "final_list" or not changed:
        finals = "\n".join(f"{i + 1}. {said(i, t, t is None)}" for i, _s, t in d.items())
        parts.append(f"Final verdicts (after review):\n{finals}")
    else:
        parts.append("All other verdicts stand." if kept else "That covers every statement.")
    return d.done(d.frame("\n\n".join(parts), think=False))


# ----------------------------------------------------------------- 4. debate_moderator_ruling

_DEBATERS = (
    ("Judge A", "Judge B"),
    ("Agent 1", "Agent 2"),
    ("Debater 1", "Debater 2"),
    ("gpt-4o", "claude-3-5-sonnet"),
)
_ARGUMENTS: tuple[str, str, str] = (
    "Statement {k} is supported: the context states it.",
    "Statement {k} is not supported: the context never says this.",
    "I cannot tell for statement {k}: the context is ambiguous.",
)
_RULING_HEADS = ("Moderator's ruling:", "MODERATOR — final ruling:", "Ruling (moderator, final):", "## Moderator")


@HELDOUT38
def debate_moderator_ruling(ch: Chooser) -> BlindOutput:
    """Multi-agent debate set-ups (ChatEval-style, or a team's own "two judges argue, a third rules"): for each
    statement the two debaters' positions (often opposed), a rebuttal on contested ones, then the moderator's
    ruling on every statement, which is final."""
    d = Draw(ch, "debate_moderator_ruling", max_n=MAX_N)
    a_name, b_name = d.dim("debaters", _DEBATERS)
    ruling_head = d.dim("ruling_head", _RULING_HEADS)
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    blocks = []
    for i, statement, t in d.items():
        pos = [t, t]
        if ch.pick("contested", (False, True, True)):
            loser: tuple[Truth, ...] = (True, False) if t is None else (not t,)
            pos[ch.integer("loser", 0, 1)] = ch.pick("losing_position", loser)
            if t is None and pos[0] is pos[1]:
                pos[0] = not pos[1]
        lines = [f"Statement {i + 1}: {statement}"]
        lines.append(f"  {a_name}: {_ARGUMENTS[0 if pos[0] is True else 1 if pos[0] is False else 2].format(k=i + 1)}")
        lines.append(f"  {b_name}: {_ARGUMENTS[0 if pos[1] is True else 1 if pos[1] is False else 2].format(k=i + 1)}")
        if pos[0] is not pos[1] and ch.pick("rebuttal", (False, True)):
            lines.append(f"  {a_name} (rebuttal): I maintain my position on statement {i + 1}.")
        blocks.append("\n".join(lines))
    rulings = []
    for i, _s, t in d.items():
        if t is None:
            rulings.append(f"Statement {i + 1}: I cannot rule on this; the context does not settle it. {undecided}.")
        else:
            rulings.append(f"Statement {i + 1}: {ink.word(i, t)}.")
    body = "\n\n".join(blocks) + f"\n\n{ruling_head}\n" + "\n".join(rulings)
    return d.done(d.frame(body, think=False, preface=False))


# ----------------------------------------------------------------- 5. ensemble_run_log

_LOG_PREFIXES = (
    "2024-06-11 14:02:{sec:02d},{ms:03d} INFO faithfulness.ensemble:",
    "[{sec:02d}.{ms:03d}s] judge-ensemble |",
    "INFO:ensemble:",
    "I0611 14:02:{sec:02d}.{ms:03d} ensemble.py:88]",
)


@HELDOUT38
def ensemble_run_log(ch: Chooser) -> BlindOutput:
    """An ensemble runner's log stored as the grader output (teams that call the judge 3 or 5 times in a script
    and log every run): a line or block per run, then the aggregate (majority) line, sometimes the score."""
    d = Draw(ch, "ensemble_run_log", max_n=MAX_N)
    m = int(d.dim("runs", ("3", "3", "5")))
    prefix = d.dim("log_prefix", _LOG_PREFIXES)
    form = d.dim("log_form", ("python_list", "numbered_block", "inline_pairs"))
    casing = d.dim("log_casing", ("lower", "as_is"))
    undecided = d.dim("undecided_final", ("undetermined", "undecided"))
    ink = d.use_ink(("yes_no", "yes_no", "supported", "true_false", "pass_fail"))
    votes = [_votes(ch, t, m) for t in d.truth]

    def w(i: int, v: Truth) -> str:
        word = ink.word(i, v)
        return word.lower() if casing == "lower" else word

    def final(i: int, t: Truth) -> str:
        return w(i, t) if t is not None else undecided

    clock = ch.integer("log_second", 0, 40)
    lines = []

    def stamp(step: int) -> str:
        return prefix.format(sec=clock + step, ms=ch.integer("log_ms", 0, 999))

    def rendered(words: Sequence[str]) -> str:
        if form == "python_list":
            return "verdicts=" + repr(list(words))
        if form == "inline_pairs":
            return " ".join(f"s{i + 1}={word}" for i, word in enumerate(words))
        return "\n" + "\n".join(f"  {i + 1}. {word}" for i, word in enumerate(words))

    for j in range(m):
        lines.append(f"{stamp(j)} run {j + 1}/{m} {rendered([w(i, votes[i][j]) for i in range(d.n)])}")
    lines.append(f"{stamp(m)} aggregate (majority of {m}) {rendered([final(i, t) for i, _s, t in d.items()])}")
    if d.flag("log_score"):
        lines.append(f"{stamp(m + 1)} {_score_line(d)}")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 6. vote_count_lines

_COUNT_LABELS = (("yes", "no", "unsure"), ("Yes", "No", "Unclear"), ("supported", "unsupported", "abstain"))
_DECISIONS = (
    ("SUPPORTED", "NOT SUPPORTED", "UNDETERMINED"),
    ("supported", "unsupported", "undetermined"),
    ("PASS", "FAIL", "UNDECIDED"),
    ("Yes", "No", "Undetermined"),
)


@HELDOUT38
def vote_count_lines(ch: Chooser) -> BlindOutput:
    """Vote counts per statement and the decision they give, as a voting aggregator prints them
    ("yes: 4, no: 1 -> SUPPORTED", "2/3 yes → supported"); no majority is printed as undetermined."""
    d = Draw(ch, "vote_count_lines", max_n=MAX_N)
    m = int(d.dim("voters", ("3", "5")))
    labels = d.dim("count_labels", _COUNT_LABELS)
    decisions = d.dim("decisions", _DECISIONS)
    form = d.dim("count_form", ("colon_counts", "fraction", "bracket_counts"))
    arrow = d.dim("count_arrow", ("->", "→", "=>", "⇒"))
    head = d.dim("count_head", ("none", "Votes per statement ({m} judges, majority rule):", "Ensemble votes:"))
    d.use_ink(("yes_no",))
    lines = []
    for i, _s, t in d.items():
        votes = _votes(ch, t, m)
        y, n, u = (_count(votes, v) for v in (True, False, None))
        if form == "colon_counts":
            counts = f"{labels[0]}: {y}, {labels[1]}: {n}" + (f", {labels[2]}: {u}" if u else "")
        elif form == "fraction":
            shown = [(y, labels[0]), (n, labels[1]), (u, labels[2])]
            counts = ", ".join(f"{c}/{m} {lab}" for c, lab in shown if c)
        else:
            counts = f"[{labels[0]} {y} | {labels[1]} {n} | {labels[2]} {u}]"
        decision = _of(t, decisions)
        if t is None and not _has_majority(votes):
            decision += " (no majority)"
        lines.append(f"Statement {i + 1}: {counts} {arrow} {decision}")
    body = "\n".join(lines)
    if head != "none":
        body = f"{head.format(m=m)}\n{body}"
    return d.done(d.frame(body, think=False, preface=False))


# ----------------------------------------------------------------- 7. jury_json_record

_JSON_FINAL_KEYS = ("final_verdict", "decision", "majority", "panel_verdict")
_JSON_VOTE_KEYS = ("verdict", "vote", "label")


@HELDOUT38
def jury_json_record(ch: Chooser) -> BlindOutput:
    """A jury aggregator's JSON record (a team's Python wrapper around several judge APIs, stored as call 2's
    output): per statement every juror's verdict, then the final decision by majority under its own key."""
    d = Draw(ch, "jury_json_record", max_n=MAX_N)
    m = int(d.dim("jurors", ("3", "3", "5")))
    names = _models(d, m)
    final_key = d.dim("json_final_key", _JSON_FINAL_KEYS)
    vote_key = d.dim("json_vote_key", _JSON_VOTE_KEYS)
    vote_shape = d.dim("json_vote_shape", ("list_of_objects", "mapping"))
    with_statement = d.flag("json_statement", weight_off=1)
    undecided = d.dim("json_undecided", ("undetermined", "undecided"))
    indent = d.dim("json_indent", ("2", "none"))
    wrap = d.dim("json_wrap", ("bare", "fence", "fence", "lead_in"))
    ink = d.use_ink(("yes_no", "supported", "true_false", "pass_fail"))
    items = []
    for i, statement, t in d.items():
        votes = _votes(ch, t, m)
        record: dict[str, object] = {"id": i + 1}
        if with_statement:
            record["statement"] = statement
        if vote_shape == "list_of_objects":
            record["votes"] = [
                {"judge": name, vote_key: ink.word(i, v).lower()} for name, v in zip(names, votes, strict=True)
            ]
        else:
            record["votes"] = {name: ink.word(i, v).lower() for name, v in zip(names, votes, strict=True)}
        record[final_key] = ink.word(i, t).lower() if t is not None else undecided
        items.append(record)
    body: dict[str, object] = {"aggregation": "majority_vote", "jurors": names, "statements": items}
    if d.flag("json_score"):
        body["faithfulness"] = round(d.supported / d.n, 4)
    text = json.dumps(body, indent=None if indent == "none" else 2, ensure_ascii=False)
    if wrap == "fence":
        text = f"```json\n{text}\n```"
    elif wrap == "lead_in":
        text = f"Jury result:\n{text}"
    return d.done(text)


# ----------------------------------------------------------------- 8. rule_and_votes_table


@HELDOUT38
def rule_and_votes_table(ch: Chooser) -> BlindOutput:
    """A self-consistency notebook that prints only the aggregation rule and every run's answer per statement
    (a markdown table or one line per statement), leaving the majority to the reader: 3 or 5 runs, the rule
    spelled out, undetermined when no answer has more than half the runs."""
    d = Draw(ch, "rule_and_votes_table", max_n=MAX_N)
    m = int(d.dim("runs", ("3", "5")))
    form = d.dim("runs_form", ("table", "lines"))
    rule = d.dim(
        "rule_text",
        (
            "Aggregation: each statement's verdict is the answer given by more than half of the {m} runs; if no "
            "answer has more than half, the statement is undetermined.",
            "Rule: majority of {m} runs (strictly more than half). No majority = undetermined.",
            "Final verdict = majority vote over the {m} runs below; a statement where no answer has a majority is "
            "undetermined.",
        ),
    ).format(m=m)
    where = d.dim("rule_position", ("before", "before", "after"))
    ink = d.use_ink(("yes_no", "yes_no", "true_false", "pass_fail"))
    rows = []
    for i, statement, t in d.items():
        votes = _votes(ch, t, m)
        rows.append((i, statement, [ink.word(i, v) for v in votes]))
    if form == "table":
        names = ["#", *(f"run {j + 1}" for j in range(m))]
        lines = ["| " + " | ".join(names) + " |", "|" + "|".join("---" for _ in names) + "|"]
        lines += [f"| {i + 1} | " + " | ".join(words) + " |" for i, _s, words in rows]
    else:
        lines = [f"S{i + 1}: " + ", ".join(words) for i, _s, words in rows]
    body = "\n".join(lines)
    body = f"{rule}\n\n{body}" if where == "before" else f"{body}\n\n{rule}"
    return d.done(body)


# ----------------------------------------------------------------- 9. cascade_escalation


@HELDOUT38
def cascade_escalation(ch: Chooser) -> BlindOutput:
    """A judge cascade (two cheap judges; where they disagree, the statement goes to a stronger judge whose
    verdict is final), as the cascade prints it: both cheap verdicts, agreed or escalated, and the final one."""
    d = Draw(ch, "cascade_escalation", max_n=MAX_N)
    a, b = _models(d, 2, SMALL_MODELS, "cheap_judge")
    senior = _models(d, 1, STRONG_MODELS, "senior_judge")[0]
    form = d.dim("cascade_form", ("arrows", "blocks"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    lines = []
    for i, _s, t in d.items():
        if ch.pick("escalated", (False, True, True)):
            dissent: tuple[Truth, ...] = (True, False) if t is None else (not t, None)
            pair = [t, ch.pick("cheap_dissent", dissent)]
            if ch.pick("cheap_order", (False, True)):
                pair.reverse()
            route = "escalated"
        else:
            pair = [t, t]
            route = "agreed"
        final = _final(ink, i, t, undecided)
        va, vb = ink.word(i, pair[0]), ink.word(i, pair[1])
        if form == "arrows":
            if route == "agreed":
                lines.append(f"S{i + 1}: {a}={va}, {b}={vb} → agreed → final: {final}")
            else:
                lines.append(
                    f"S{i + 1}: {a}={va}, {b}={vb} → disagree, escalated to {senior}: {final} → final: {final}"
                )
        else:
            block = [f"Statement {i + 1}", f"  {a}: {va}", f"  {b}: {vb}"]
            if route == "escalated":
                block.append(f"  disagreement → {senior}: {final}")
            block.append(f"  FINAL: {final}")
            lines.append("\n".join(block))
    body = ("\n" if form == "arrows" else "\n\n").join(lines)
    return d.done(d.frame(body, think=False, preface=False))


# ----------------------------------------------------------------- 10. tie_break_by_chair


# Two-two ties among four judges (the chair then decides between the two tied answers).
_TIE_SHAPES: tuple[tuple[Truth, ...], ...] = (
    (True, True, False, False),
    (True, True, None, None),
    (False, False, None, None),
)


def _four_votes(ch: Chooser, t: Truth) -> tuple[list[Truth], bool]:
    """Four judges' votes and whether the chair had to break a two-two tie (no answer with 3 or 4 votes)."""
    if ch.pick("clear_four", (False, True)):
        k = ch.pick("four_agree", (3, 3, 4))
        others: tuple[Truth, ...] = (True, False) if t is None else (not t, None)
        votes = [t] * k + [ch.pick("dissent", others) for _ in range(4 - k)]
        return _shuffled(ch, votes, t), False
    shapes = [shape for shape in _TIE_SHAPES if t in shape]
    return _shuffled(ch, ch.pick("tie_shape", shapes), t), True


@HELDOUT38
def tie_break_by_chair(ch: Chooser) -> BlindOutput:
    """An even panel of four judges with a chair model that breaks two-two ties: each judge's vote, the chair's
    deciding vote where the panel tied, and the final verdict."""
    d = Draw(ch, "tie_break_by_chair", max_n=MAX_N)
    names = _models(d, 4)
    chair = _models(d, 1, [name for name in STRONG_MODELS if name not in names], "chair")[0]
    form = d.dim("chair_form", ("lines", "table"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    rule = d.flag("chair_rule")
    ink = _vocab_ink(d)
    rows = []
    for i, _s, t in d.items():
        votes, chaired = _four_votes(ch, t)
        tally = " / ".join(
            f"{c} {ink.word(i, v)}"
            for v, c in ((True, _count(votes, True)), (False, _count(votes, False)), (None, _count(votes, None)))
            if c
        )
        rows.append((i, votes, chaired, _final(ink, i, t, undecided), tally))
    if form == "lines":
        lines = []
        for i, votes, chaired, final, tally in rows:
            cast = ", ".join(f"{name}: {ink.word(i, v)}" for name, v in zip(names, votes, strict=True))
            step = f"tie ({tally}), chair {chair} decides: {final}" if chaired else tally
            lines.append(f"Statement {i + 1} — {cast} → {step} → FINAL: {final}")
        body = "\n".join(lines)
    else:
        header = ["#", *names, f"chair ({chair})", "Final"]
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        for i, votes, chaired, final, _tally in rows:
            cells = [ink.word(i, v) for v in votes]
            lines.append(f"| {i + 1} | " + " | ".join(cells) + f" | {final if chaired else '—'} | **{final}** |")
        body = "\n".join(lines)
    if rule:
        body = (
            f"Rule: an answer given by at least 3 of the 4 judges is final; on a 2-2 tie the chair ({chair}) "
            f"chooses between the two tied answers.\n\n{body}"
        )
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 11. deliberation_rounds

_ROUND_NOTES = (
    "Jurors shared their rationales and voted again.",
    "After reading each other's reasons, the jurors re-voted.",
    "Discussion: the jurors compared the context passages they relied on.",
)


@HELDOUT38
def deliberation_rounds(ch: Chooser) -> BlindOutput:
    """A deliberating jury (a team's take on multi-agent debate: jurors vote, see each other's reasons, vote again):
    the first round's votes, a note on the discussion, the second round's votes and the jury's verdict, which is
    the second round's majority."""
    d = Draw(ch, "deliberation_rounds", max_n=MAX_N)
    m = int(d.dim("jurors", ("3", "5")))
    form = d.dim("round_form", ("per_round", "per_statement"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    first = []
    second = []
    for t in d.truth:
        r1_final: Truth = ch.pick("round_one_majority", (True, False, None)) if ch.pick("moved", (False, True)) else t
        first.append(_votes(ch, r1_final, m))
        second.append(_votes(ch, t, m))

    def row(i: int, votes: Sequence[Truth]) -> str:
        return ", ".join(ink.word(i, v) for v in votes)

    verdicts = [_final(ink, i, t, undecided, second[i]) for i, _s, t in d.items()]
    note = ch.pick("round_note", _ROUND_NOTES)
    if form == "per_round":
        r1 = "\n".join(f"S{i + 1}: {row(i, first[i])}" for i in range(d.n))
        r2 = "\n".join(f"S{i + 1}: {row(i, second[i])}" for i in range(d.n))
        final = "\n".join(f"S{i + 1}: {v}" for i, v in enumerate(verdicts))
        body = (
            f"Round 1 votes ({m} jurors):\n{r1}\n\n{note}\n\nRound 2 votes:\n{r2}\n\n"
            f"Jury verdict (majority of round 2, final):\n{final}"
        )
    else:
        blocks = [
            f"Statement {i + 1}\n  round 1: {row(i, first[i])}\n  round 2: {row(i, second[i])}\n"
            f"  jury verdict: {verdicts[i]}"
            for i in range(d.n)
        ]
        body = f"{note} The jury verdict is the majority of round 2.\n\n" + "\n\n".join(blocks)
    return d.done(d.frame(body, think=False, preface=False))


# ----------------------------------------------------------------- 12. annotate_review_adjudicate

_STAGES = (("Annotator", "Reviewer", "Adjudicator"), ("Labeler", "QA", "Lead"), ("Pass 1", "Pass 2", "Adjudication"))


@HELDOUT38
def annotate_review_adjudicate(ch: Chooser) -> BlindOutput:
    """A three-stage chain copied from human annotation QA (annotator, reviewer, adjudicator), each stage an LLM:
    the annotator's label per statement, the reviewer's disputes, and the adjudicator's final labels."""
    d = Draw(ch, "annotate_review_adjudicate", max_n=MAX_N)
    first_name, second_name, third_name = d.dim("stages", _STAGES)
    form = d.dim("chain_form", ("sections", "table"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    annot = _overturned(ch, d.truth, force=False)
    review: list[Truth] = []
    for i, t in enumerate(d.truth):
        if annot[i] is not t:
            review.append(t if ch.pick("reviewer_right", (True, True, False)) else annot[i])
        else:
            review.append(ch.pick("reviewer_dispute", (t, t, t, *_of_t(t))))
    finals = [_final(ink, i, t, undecided) for i, _s, t in d.items()]
    if form == "sections":
        a = "\n".join(f"{i + 1}. {ink.word(i, v)}" for i, v in enumerate(annot))
        disputes = [
            f"- statement {i + 1}: {ink.word(i, annot[i])} → {ink.word(i, review[i])}"
            for i in range(d.n)
            if review[i] is not annot[i]
        ]
        r = "\n".join(disputes) if disputes else "No disputes."
        f = "\n".join(f"{i + 1}. {w}" for i, w in enumerate(finals))
        body = f"[{first_name}]\n{a}\n\n[{second_name}] disputes:\n{r}\n\n[{third_name}] final labels:\n{f}"
    else:
        header = ["#", first_name, second_name, f"{third_name} (final)"]
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        for i in range(d.n):
            lines.append(f"| {i + 1} | {ink.word(i, annot[i])} | {ink.word(i, review[i])} | {finals[i]} |")
        body = "\n".join(lines)
    return d.done(d.frame(body, think=False))


# ----------------------------------------------------------------- 13. meta_judge_summary

_ALL_AGREE: tuple[str, str, str] = (
    "All {m} judges found statement {k} supported.",
    "All {m} judges found statement {k} not supported.",
    "None of the {m} judges could tell for statement {k}, so it is left undetermined.",
)


@HELDOUT38
def meta_judge_summary(ch: Chooser) -> BlindOutput:
    """A meta-judge (GPT-4o or Claude asked to "summarise the judges' verdicts and give the consensus") writing
    prose: who said what on each statement, and the decision for each in so many words."""
    d = Draw(ch, "meta_judge_summary", max_n=MAX_N)
    m = 3
    names = _models(d, m)
    join = d.dim("summary_join", (" ", "\n", "\n\n"))
    closing = d.dim("summary_closing", ("none", "legacy_line", "tally"))
    undecided = d.dim("undecided_final", ("undetermined", "undecided"))
    ink = d.use_ink(("supported",))
    states = ("supported", "not supported", "unsure")
    sentences = []
    for i, _s, t in d.items():
        votes = _votes(ch, t, m)
        if all(v is t for v in votes):
            sentences.append(_of(t, _ALL_AGREE).format(m=m, k=i + 1))
            continue
        groups = []
        for value, label in zip((True, False, None), states, strict=True):
            who = [name for name, v in zip(names, votes, strict=True) if v is value]
            if who:
                verb = ("was" if len(who) == 1 else "were") if value is None else "found it"
                names_said = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
                groups.append(f"{names_said} {verb} {label}")
        said = "; ".join(groups)
        if t is None and not _has_majority(votes):
            decision = f"with no majority, statement {i + 1} is {undecided}."
        elif t is None:
            decision = f"most judges could not tell, so statement {i + 1} is {undecided}."
        else:
            decision = f"by majority, statement {i + 1} is {_of(t, ('supported', 'not supported', ''))}."
        sentences.append(f"On statement {i + 1}, {said}: {decision}")
    body = join.join(sentences)
    if closing == "legacy_line":
        body += "\n\n" + _legacy_line(
            [ink.word(i, t) if t is not None else undecided.capitalize() for i, _s, t in d.items()]
        )
    elif closing == "tally":
        body += "\n\n" + d.tally()
    return d.done(d.frame(body, think=False, tally=False))


# ----------------------------------------------------------------- 14. group_chat_transcript

_RULE = "-" * 80


@HELDOUT38
def group_chat_transcript(ch: Chooser) -> BlindOutput:
    """An AutoGen-style group chat (three judge agents and a foreman agent) printed and stored whole: each judge's
    message with its verdicts, then the foreman's message with the jury's final verdicts, ended by TERMINATE."""
    d = Draw(ch, "group_chat_transcript", max_n=MAX_N)
    m = 3
    judges = [f"judge_{name.split('-')[0]}_{j + 1}" for j, name in enumerate(_models(d, m))]
    foreman = d.dim("foreman", ("foreman", "aggregator", "jury_foreman", "chair"))
    message = d.dim("judge_message", ("numbered", "statement_lines", "legacy_line"))
    terminate = d.flag("terminate", weight_off=1)
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    votes = [_votes(ch, t, m) for t in d.truth]
    turns = [
        f"user (to chat_manager):\n\nJudge each statement against the context. {foreman} gives the final verdicts."
    ]
    for j, judge in enumerate(judges):
        words = [ink.word(i, votes[i][j]) for i in range(d.n)]
        if message == "numbered":
            text = "\n".join(f"{i + 1}. {w}" for i, w in enumerate(words))
        elif message == "statement_lines":
            text = "\n".join(f"Statement {i + 1}: {w}" for i, w in enumerate(words))
        else:
            text = _legacy_line(words)
        turns.append(f"{judge} (to chat_manager):\n\n{text}")
    finals = "\n".join(f"{i + 1}. {_final(ink, i, t, undecided, votes[i])}" for i, _s, t in d.items())
    closing = "\n\nTERMINATE" if terminate else ""
    turns.append(f"{foreman} (to chat_manager):\n\nFINAL VERDICTS (majority of the {m} judges):\n{finals}{closing}")
    return d.done(f"\n\n{_RULE}\n".join(turns) + f"\n\n{_RULE}")


# ----------------------------------------------------------------- 15. adaptive_early_stop


@HELDOUT38
def adaptive_early_stop(ch: Chooser) -> BlindOutput:
    """Adaptive self-consistency (sample the judge until two runs agree, at most three): per statement the runs
    actually made, where it stopped and the final verdict; three different answers leave it undetermined."""
    d = Draw(ch, "adaptive_early_stop", max_n=MAX_N)
    form = d.dim("adaptive_form", ("arrows", "sentences"))
    undecided = d.dim("undecided_final", UNDECIDED_FINALS)
    ink = _vocab_ink(d)
    lines = []
    for i, _s, t in d.items():
        if t is None and ch.pick("adaptive_undecided", ("split", "agreed_unsure")) == "split":
            runs: list[Truth] = _shuffled(ch, [True, False, None], None)
            reason = "three different answers"
        elif ch.pick("early", (False, True)):
            runs = [t, t]
            reason = "runs 1 and 2 agree"
        else:
            other: tuple[Truth, ...] = (True, False) if t is None else (not t, None)
            runs = [ch.pick("first_run", other), t, t]
            if ch.pick("swap_runs", (False, True)):
                runs[0], runs[1] = runs[1], runs[0]
                reason = "runs 1 and 3 agree"
            else:
                reason = "runs 2 and 3 agree"
        final = _final(ink, i, t, undecided)
        if form == "arrows":
            shown = " → ".join(f"run {j + 1}: {ink.word(i, v)}" for j, v in enumerate(runs))
            lines.append(f"S{i + 1}: {shown} | stopped ({reason}) | final: {final}")
        else:
            shown = ", ".join(f"run {j + 1} said {ink.word(i, v)}" for j, v in enumerate(runs))
            lines.append(f"Statement {i + 1}: {shown}; {reason}, so the final verdict is {final}.")
    body = "\n".join(lines)
    if d.flag("adaptive_rule"):
        body = "Sampling stops once two runs agree (at most 3 runs); three different answers = undetermined.\n\n" + body
    return d.done(d.frame(body, think=False, preface=False))


# ----------------------------------------------------------------- 16. panel_declines

_JUROR_DECLINES = (
    "I'm sorry, but I can't evaluate these statements without the context.",
    "The context section is empty, so I cannot judge any statement.",
    "I am unable to provide verdicts: no source passages were given.",
    "I cannot assess these statements; the retrieved context is missing.",
    "Sorry, I can't help with this evaluation.",
)
_PANEL_NONE = (
    "Panel decision: none. All {m} jurors declined to judge, so no verdicts are given.",
    "No decision: 0 of {m} jurors returned verdicts (all declined).",
    "The panel gives no verdicts: every juror refused the task.",
    "Aggregate: no verdicts to aggregate ({m}/{m} jurors declined).",
)


@HELDOUT38
def panel_declines(ch: Chooser) -> BlindOutput:
    """The whole panel declines (the context was never filled in, or the jurors' safety filters fire): each
    juror's refusal under its name, and the aggregator's note that there is no decision, as text or JSON."""
    d = Draw(ch, "panel_declines", max_n=MAX_N, unknowns=False)
    m = int(d.dim("jurors", ("3", "5")))
    names = _models(d, m)
    form = d.dim("decline_form", ("sections", "json"))
    texts = [ch.pick("decline_text", _JUROR_DECLINES) for _ in names]
    note = d.dim("panel_none", _PANEL_NONE).format(m=m)
    if form == "sections":
        head = d.dim("juror_head", _JUROR_HEADS)
        parts = [
            f"{head.format(j=j + 1, model=name)}\n{text}"
            for j, (name, text) in enumerate(zip(names, texts, strict=True))
        ]
        parts.append(note)
        return d.refused("\n\n".join(parts))
    record = {
        "aggregation": "majority_vote",
        "jurors": [
            {"judge": name, "status": "declined", "message": text} for name, text in zip(names, texts, strict=True)
        ],
        "decision": None,
        "note": note,
    }
    return d.refused(json.dumps(record, indent=2, ensure_ascii=False))
