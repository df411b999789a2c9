"""A SIXTEENTH HELD-OUT set of blind layouts: reasoning models as graders, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout16``); do not read it while
developing the reader. Written from how reasoning models answer call 2: DeepSeek-R1 and its
distills, QwQ, Qwen3 in thinking mode, o1/o3-style models with visible reasoning summaries,
gpt-oss (harmony channels), Claude with extended thinking, Gemini thinking models, Magistral,
Kimi, Phi-4-reasoning and the Sky-T1 / OpenThinker family, Granite and Apriel thinkers, and
small local reasoning models served by ollama, vLLM or llama.cpp. The thinking comes in all its
forms: ``<think>…</think>``, an opening tag the server stripped (only ``</think>`` left),
ollama's ``Thinking...`` / ``...done thinking.``, ``◁think▷…◁/think▷``, ``[THINK]…[/THINK]``,
``<|thinking|>``, ``<|begin_of_thought|>`` with its solution section, the harmony
``analysis`` / ``final`` channels (raw, or with the special tokens stripped), a "Reasoning
summary" or "Thought summary" section, Claude's content blocks as a pipeline stores them, a
chat message's ``reasoning_content`` beside its ``content``, a ``<reflection>`` inside the
thinking, and labelled "thought process" / "response" sections. Inside the thinking: tentative
verdicts that are revised ("Wait, actually…", "Hmm, let me re-check statement 2", "so no… no
wait, yes"), statements decided in another order than the answer's, the answer drafted at the end of the
thinking and restated twice after it, a thinking budget exhausted mid-thought before a short answer,
self-verification ticks ("Double-check: 1 ✓ 2 ✗ 3 ?"), numbered "Step" scratch work that names
statement numbers, and thinking in another language than the answer. After the thinking, the
answer in the shapes graders use (the legacy blocks and final line, the final line alone, a
numbered list, labelled lines, a table, RAGAS JSON). One layout thinks and then declines, or
answers another question than the one asked (the refusals).

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, call
1's styles, verdict words and casing, undecided items, explanations and markers) and
``_draw``'s frame around the answer (a preface, an agreeing count, a sign-off). Only outputs a
careful person reads without doubt are drawn: the verdict a person reads is the FINAL answer's,
which gives every statement exactly one verdict; the thinking's last word on each statement
agrees with it (a tentative verdict is always revised in so many words, a check mark's meaning
is stated, a cut thought stops before it decides the statement it is on), and every
restatement and count agrees with it. A refusal's thinking judges no statement, and a refusal
that lists the statements again holds none that opens with "Yes," or "No,".

    HELDOUT16.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout16_outputs(layout="r1_wait_monologue")      # one layout's strategy
"""

from __future__ import annotations

import json
import random
import string
import weakref
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT16 = LayoutSet("heldout16")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def heldout16_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the sixteenth held-out set (one layout when named)."""
    return HELDOUT16.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _index(truth: Truth) -> int:
    return 0 if truth is True else 1 if truth is False else 2


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _count(n: int) -> str:
    return "1 statement" if n == 1 else f"{n} statements"


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------- how a model thinks, by language


@dataclass(frozen=True)
class Mind:
    """The phrases a reasoning model thinks in: one language's monologue over the statements.

    Triples are (supported, not supported, undecided). ``{k}`` a statement's number, ``{s}`` the
    statement, ``{b}`` the statement without its full stop, ``{o}`` its ordinal, ``{c}`` the
    count of statements ("3 statements"); in a revision ``{t}`` the tentative verdict, ``{f}``
    the final one and ``{why}`` what changed the model's mind.
    """

    openers: tuple[str, ...]
    intros: tuple[str, ...]
    reasons: tuple[tuple[str, str, str], ...]
    conclusions: tuple[tuple[str, str, str], ...]
    words: tuple[tuple[str, str, str], ...]  # short verdicts a revision or a summary uses
    revisions: tuple[str, ...]
    whys: tuple[tuple[str, str, str], ...]  # why the verdict became the final one
    rechecks: tuple[str, ...]  # a second look that keeps the verdict
    summaries: tuple[str, ...]  # {list}: "1 yes, 2 no"
    closers: tuple[str, ...]
    space: str = " "


ENGLISH = Mind(
    openers=(
        "Okay, so I need to figure out whether each of these {c} is supported by the context. "
        "Let me start by reading the context carefully.",
        "Alright, let's tackle this. The user wants me to check each statement against the context and say "
        "whether it's supported.",
        "Okay, let me see. I have to go through {c} and decide for each one if the context backs it up.",
        "Okay, let's see. I need to check each of the {c} against the given context.",
        "Okay, let's tackle this problem step by step. The user gave me a context and {c}, and I need to decide "
        "which ones the context supports.",
        "Let me work through each statement and check it against the context.",
        "I need to evaluate whether each of the {c} is supported by the context. Let me go through them carefully.",
    ),
    intros=(
        'Statement {k}: "{s}"',
        'Now statement {k}, "{b}".',
        'The {o} statement says "{b}".',
        'Looking at statement {k} ("{b}").',
        "Next, statement {k}: {s}",
        'Moving on to {k}: "{b}".',
    ),
    reasons=(
        (
            "The context says this directly.",
            "I don't see this anywhere in the context.",
            "The context touches on this but doesn't really settle it.",
        ),
        (
            "I can see this stated in the context.",
            "The context says something different here.",
            "The context is vague on this point.",
        ),
        (
            "That matches what the context says, almost word for word.",
            "The context doesn't mention this at all.",
            "There's a related line in the context, but it's not enough to decide.",
        ),
        (
            "The context mentions this explicitly.",
            "Nothing in the context covers this.",
            "The context only hints at this.",
        ),
    ),
    conclusions=(
        (
            "So statement {k} is supported.",
            "So statement {k} is not supported.",
            "So I can't determine statement {k} either way.",
        ),
        ("So that's a yes.", "So that's a no.", "So I'll mark it as undetermined."),
        ("Supported.", "Not supported.", "Can't tell."),
        ("So {k} is supported by the context.", "So {k} isn't supported.", "So {k} is unclear."),
    ),
    words=(("yes", "no", "unclear"), ("supported", "not supported", "undetermined")),
    revisions=(
        "So {t}… no wait, {f}. {why}",
        "At first glance I'd say {t}. Wait, actually, let me re-read that part. {why} So {f}.",
        "Hmm, I was about to say {t}, but hold on. {why} So it's {f}.",
        "I'd put {t} here. Wait, no. {why} So {f} for statement {k}.",
        "My first instinct is {t}. Hmm, let me re-check statement {k}. {why} Okay, {f}.",
    ),
    whys=(
        (
            "I missed it the first time, but the context does say this a bit further down.",
            "The context talks about something close, but it never actually says this.",
            "The context is vaguer than I thought; it doesn't settle this either way.",
        ),
        (
            "The context says it in different words, but it's the same fact.",
            "The figure in the context is different from the one in the statement.",
            "The context only hints at it, so I can't be sure.",
        ),
    ),
    rechecks=(
        "Wait, let me double-check statement {k} again. Going back to the context… okay, still {f}.",
        "Hmm, let me re-check statement {k} to be safe. Yeah, {f}, I'll keep that.",
        "Actually, let me look at {k} once more. No change: {f}.",
    ),
    summaries=("So to summarize: {list}.", "So putting it all together: {list}.", "Recap: {list}."),
    closers=(
        "Okay, I've gone through all of them. Now let me write the answer in the format they asked for.",
        "So that's everything. Let me write the final answer in the required format.",
        "Alright, I think I'm confident now. Time to write it up.",
        "Now I'll format the verdicts as requested.",
    ),
)

# Thinking in another language than the answer (QwQ and DeepSeek switch to Chinese; models
# prompted in English by a team that chats with them in its own language answer in English).
FOREIGN: dict[str, Mind] = {
    "zh": Mind(
        openers=("好的，我需要逐条检查这些陈述是否有上下文支持。", "嗯，先看一下上下文，然后逐条判断。"),
        intros=("陈述{k}：“{b}”。", "第{k}条：“{b}”。"),
        reasons=(("上下文里明确提到了这一点。", "上下文里没有提到这一点。", "上下文只是略有涉及，信息不够。"),),
        conclusions=(("所以支持。", "所以不支持。", "所以无法确定。"),),
        words=(("支持", "不支持", "无法确定"),),
        revisions=("一开始我觉得{t}……等等，再看一下。{why}所以{f}。",),
        whys=(("上下文后面其实提到了。", "上下文说的其实是另一回事。", "上下文说得很模糊，判断不了。"),),
        rechecks=("再确认一下第{k}条……没错，还是{f}。",),
        summaries=("总结一下：{list}。",),
        closers=("好，现在按要求的格式写出最终答案。", "好的，下面用英文按格式给出答案。"),
        space="",
    ),
    "ru": Mind(
        openers=(
            "Итак, нужно проверить каждое утверждение по контексту.",
            "Так, сначала читаю контекст, потом иду по утверждениям.",
        ),
        intros=("Утверждение {k}: «{b}».", "Пункт {k}: «{b}»."),
        reasons=(("В контексте это прямо сказано.", "В контексте об этом ничего нет.",
                  "Контекст касается этого лишь косвенно."),),
        conclusions=(("Значит, подтверждается.", "Значит, не подтверждается.", "Значит, определить нельзя."),),
        words=(("подтверждается", "не подтверждается", "определить нельзя"),),
        revisions=("Сначала я подумал: {t}… Хотя нет, подожди. {why} Значит, {f}.",),
        whys=(("Дальше в контексте это всё-таки сказано.", "В контексте на самом деле говорится о другом.",
               "Контекст слишком расплывчатый, чтобы решить."),),
        rechecks=("Перепроверю пункт {k}… нет, всё так же: {f}.",),
        summaries=("Итого: {list}.",),
        closers=("Хорошо, теперь напишу ответ в нужном формате.",),
    ),
    "es": Mind(
        openers=(
            "Vale, tengo que comprobar cada afirmación con el contexto.",
            "Bien, primero leo el contexto y luego voy una por una.",
        ),
        intros=("Afirmación {k}: «{b}».", "La {k}: «{b}»."),
        reasons=(("El contexto lo dice explícitamente.", "El contexto no menciona nada de esto.",
                  "El contexto lo toca de pasada, pero no basta."),),
        conclusions=(("Así que está respaldada.", "Así que no está respaldada.", "Así que no se puede determinar."),),
        words=(("respaldada", "no respaldada", "no se puede determinar"),),
        revisions=("Al principio pensé: {t}… espera, no. {why} Así que {f}.",),
        whys=(("Más abajo el contexto sí lo dice.", "En realidad el contexto dice otra cosa.",
               "El contexto es demasiado vago para decidir."),),
        rechecks=("Reviso otra vez la {k}… sí, sigue siendo {f}.",),
        summaries=("Resumiendo: {list}.",),
        closers=("Bien, ahora escribo la respuesta en el formato pedido (en inglés).",),
    ),
    "de": Mind(
        openers=(
            "Okay, ich muss jede Aussage mit dem Kontext abgleichen.",
            "Gut, erst den Kontext lesen, dann Aussage für Aussage.",
        ),
        intros=("Aussage {k}: „{b}“.", "Nr. {k}: „{b}“."),
        reasons=(("Der Kontext sagt das ausdrücklich.", "Davon steht im Kontext nichts.",
                  "Der Kontext streift das nur, das reicht nicht."),),
        conclusions=(("Also gestützt.", "Also nicht gestützt.", "Also nicht feststellbar."),),
        words=(("gestützt", "nicht gestützt", "nicht feststellbar"),),
        revisions=("Zuerst dachte ich: {t}… Moment, nein. {why} Also {f}.",),
        whys=(("Weiter unten steht es im Kontext doch.", "Der Kontext sagt eigentlich etwas anderes.",
               "Der Kontext ist zu vage, um das zu entscheiden."),),
        rechecks=("Nr. {k} noch einmal prüfen… bleibt {f}.",),
        summaries=("Zusammengefasst: {list}.",),
        closers=("Gut, jetzt schreibe ich die Antwort im verlangten Format.",),
    ),
    "ja": Mind(
        openers=(
            "では、各文が文脈に裏付けられているか順番に確認します。",
            "まず文脈を読んでから、一つずつ判断しよう。",
        ),
        intros=("文{k}：「{b}」。", "{k}番目：「{b}」。"),
        reasons=(("文脈に明記されている。", "文脈には記載がない。", "文脈では少し触れているだけで、情報が足りない。"),),
        conclusions=(("よって裏付けあり。", "よって裏付けなし。", "よって判断できない。"),),
        words=(("裏付けあり", "裏付けなし", "判断できない"),),
        revisions=("最初は{t}だと思ったが……待って、もう一度見る。{why}よって{f}。",),
        whys=(
            (
                "後のほうで文脈に書かれている。",
                "文脈は実際には別のことを言っている。",
                "文脈があいまいで決められない。",
            ),
        ),
        rechecks=("文{k}をもう一度確認……やはり{f}。",),
        summaries=("まとめ：{list}。",),
        closers=("では、指定された形式で最終回答を英語で書きます。",),
        space="",
    ),
    "fr": Mind(
        openers=(
            "Bon, je dois vérifier chaque affirmation par rapport au contexte.",
            "D'abord je lis le contexte, ensuite je passe les affirmations une à une.",
        ),
        intros=("Affirmation {k} : « {b} ».", "La {k} : « {b} »."),
        reasons=(("Le contexte le dit explicitement.", "Le contexte n'en parle pas du tout.",
                  "Le contexte l'évoque à peine, ce n'est pas suffisant."),),
        conclusions=(("Donc étayée.", "Donc non étayée.", "Donc impossible à déterminer."),),
        words=(("étayée", "non étayée", "impossible à déterminer"),),
        revisions=("Au début j'ai pensé : {t}… attends, non. {why} Donc {f}.",),
        whys=(("Plus loin, le contexte le dit bien.", "En fait le contexte dit autre chose.",
               "Le contexte est trop vague pour trancher."),),
        rechecks=("Je revérifie la {k}… toujours {f}.",),
        summaries=("En résumé : {list}.",),
        closers=("Bien, maintenant j'écris la réponse dans le format demandé.",),
    ),
}  # fmt: skip


_SINGLE_OPENERS = (
    "Okay, there's just one statement to check against the context.",
    "Let me check this statement against the context.",
    "Alright, only one statement here. Let me read the context first.",
)


def _opener(d: Draw, mind: Mind = ENGLISH) -> str:
    """How the thinking starts (English openers name the count, one statement has its own)."""
    if mind is ENGLISH and d.n == 1:
        return d.ch.pick("thought_opener", _SINGLE_OPENERS)
    return d.ch.pick("thought_opener", mind.openers).format(c=_count(d.n))


def _order(
    d: Draw, name: str = "thought_order", kinds: tuple[str, ...] = ("in_order", "in_order", "shuffled", "decided_first")
) -> list[int]:
    """The order the thinking takes the statements in: the answer's, shuffled, or easiest first."""
    kind = d.dim(name, kinds)
    indices = list(range(d.n))
    if kind == "shuffled":
        rest = indices[:]
        indices = [rest.pop(d.ch.integer("thought_next", 0, len(rest) - 1)) for _ in range(d.n)]
    elif kind == "decided_first":
        indices = [i for i in indices if d.truth[i] is not None] + [i for i in indices if d.truth[i] is None]
    return indices


def _revised(d: Draw, mode: str) -> set[int]:
    """The statements whose verdict the thinking first gets wrong and then revises."""
    if mode == "none":
        return set()
    chosen = {i for i in range(d.n) if d.flag("revise", weight_off=2)}
    if mode == "at_least_one" and not chosen:
        chosen.add(d.ch.integer("revised_slot", 0, d.n - 1))
    return chosen


def _tentative(d: Draw, truth: Truth) -> int:
    """The verdict a thinking model first leans to before it settles on ``truth`` (never ``truth``)."""
    lean = d.ch.pick("tentative_lean", (0, 1))
    return 1 if truth is True else 0 if truth is False else lean


def _paragraph(
    d: Draw, mind: Mind, i: int, *, revise: bool, words: tuple[str, str, str], intro: str | None = None
) -> str:
    """What the thinking says of statement ``i``: intro, reason and conclusion, or a revision.

    A model keeps its way of introducing a statement and of concluding through one thinking
    (drawn once per output, ``_style``); the reasons vary from statement to statement.
    """
    statement, truth = d.statements[i], d.truth[i]
    intro_form, conclusions = _style(d, mind)
    fields = {"k": str(i + 1), "s": statement, "b": _bare(statement), "o": ORDINALS[i]}
    intro = (intro_form if intro is None else intro).format(**fields)
    if revise:
        form = d.ch.pick("revision", mind.revisions)
        why = _of(truth, d.ch.pick("revision_why", mind.whys))
        tentative = words[_tentative(d, truth)]
        body = form.format(t=tentative, f=_of(truth, words), why=why, k=i + 1)
    else:
        reason = _of(truth, d.ch.pick("thought_reason", mind.reasons))
        conclusion = _of(truth, conclusions).format(k=i + 1)
        body = f"{reason}{mind.space}{conclusion}"
    return f"{intro}{mind.space}{body}"


# The intro and conclusion forms each output's thinking keeps, by language (see ``_style``).
_STYLES: weakref.WeakKeyDictionary[Draw, dict[int, tuple[str, tuple[str, str, str]]]] = weakref.WeakKeyDictionary()


def _style(d: Draw, mind: Mind) -> tuple[str, tuple[str, str, str]]:
    """The intro and the conclusions of this output's thinking (drawn on first use, then kept)."""
    kept = _STYLES.setdefault(d, {})
    if id(mind) not in kept:
        intro = d.ch.pick("thought_intro", mind.intros)
        conclusions = d.ch.pick("thought_conclusion", mind.conclusions)
        kept[id(mind)] = (intro, conclusions)
    return kept[id(mind)]


def _summary(d: Draw, mind: Mind, words: tuple[str, str, str]) -> str:
    sep = "，" if mind.space == "" else ", "
    listed = sep.join(f"{i + 1} {_of(t, words)}" for i, _s, t in d.items())
    return d.ch.pick("thought_summary", mind.summaries).format(list=listed)


def _thought(
    d: Draw,
    mind: Mind = ENGLISH,
    *,
    revisions: str = "some",
    order: bool = True,
    extras: bool = True,
    opener: bool = True,
) -> str:
    """A reasoning model's monologue over the statements; its last word on each is the truth.

    ``revisions``: "none", "some" or "at_least_one" statements first leaned the other way and
    then revised in so many words. ``order``: the statements may be taken out of order.
    ``extras``: a second look at one statement (the verdict kept), an agreeing summary, a closer.
    """
    words = d.ch.pick("thought_words", mind.words)
    revised = _revised(d, revisions)
    indices = _order(d) if order else list(range(d.n))
    parts = [_opener(d, mind)] if opener else []
    parts += [_paragraph(d, mind, i, revise=i in revised, words=words) for i in indices]
    if extras:
        if d.flag("thought_recheck", weight_off=2):
            k = d.ch.integer("recheck_slot", 0, d.n - 1)
            parts.append(d.ch.pick("recheck", mind.rechecks).format(k=k + 1, f=_of(d.truth[k], words)))
        if d.flag("thought_summary_line"):
            parts.append(_summary(d, mind, words))
        if _often(d, "thought_closer"):
            parts.append(d.ch.pick("thought_closer_text", mind.closers))
    gap = d.dim("thought_gap", ("\n\n", "\n\n", "\n", " " if mind.space else ""))
    return gap.join(parts)


# ----------------------------------------------------------------- the final answer, as graders shape it

ANSWER_SHAPES = ("legacy", "final_line", "numbered", "labelled_lines", "table", "ragas_json")
_LIST_HEADERS = ("none", "Final answer:", "**Final Answer**", "Verdicts:", "**Verdicts:**", "Answer:")
_TABLE_HEADS = (("#", "Verdict"), ("#", "Statement", "Verdict"), ("Statement", "Supported?"))


def _ragas_json(d: Draw, ink: Ink, *, fence: bool) -> str:
    items = [
        {"statement": s, "reason": ink.explanation(i, t), "verdict": None if t is None else int(t)}
        for i, s, t in d.items()
    ]
    wrapped = _often(d, "json_wrapped")
    indent = d.dim("json_indent", ("2", "4", "none"))
    text = json.dumps(
        {"statements": items} if wrapped else items,
        ensure_ascii=False,
        indent=None if indent == "none" else int(indent),
    )
    return f"```json\n{text}\n```" if fence else text


def _answer(d: Draw, ink: Ink, shapes: tuple[str, ...] = ANSWER_SHAPES) -> str:
    """The final answer after the thinking, in one of the shapes graders answer call 2 in."""
    shape = d.dim("answer_shape", shapes)
    if shape == "legacy":
        blocks = ink.call2.statement_blocks(with_markers=True, decorated=False)
        return f"{blocks}\n\n{d.final_line()}"
    if shape == "final_line":
        return d.final_line()
    if shape == "numbered":
        header = d.dim("list_header", _LIST_HEADERS)
        lines = "\n".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
        return lines if header == "none" else f"{header}\n{lines}"
    if shape == "labelled_lines":
        aside = d.flag("aside")
        form = d.dim("labelled_form", ("Statement {k}: {v}", "**Statement {k}:** {v}", "- Statement {k}: {v}"))
        rows = []
        for i, _s, t in d.items():
            row = form.format(k=i + 1, v=ink.word(i, t))
            rows.append(f"{row} ({ink.aside(i, t)})" if aside else row)
        header = d.dim("list_header", _LIST_HEADERS)
        return "\n".join(rows) if header == "none" else header + "\n" + "\n".join(rows)
    if shape == "table":
        heads = d.ch.pick("table_heads", _TABLE_HEADS)
        if heads[-1] == "Supported?":
            heads = (heads[0], "Supported by the context?") if ink.vocabulary == "yes_no" else (heads[0], "Verdict")
        rows = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
        for i, s, t in d.items():
            cells = {"#": str(i + 1), "Statement": s, "Verdict": ink.word(i, t)}
            cells["Supported by the context?"] = ink.word(i, t)
            rows.append("| " + " | ".join(cells[h] for h in heads) + " |")
        return "\n".join(rows)
    return _ragas_json(d, ink, fence=_often(d, "json_fence"))


def _frame(d: Draw, answer: str, *, tally: bool = True) -> str:
    """The answer with a preface, an agreeing count and a sign-off, each drawn (never a ``<think>``)."""
    return d.frame(answer, think=False, tally=tally)


def _ink(d: Draw) -> Ink:
    return d.use_ink(WORD_VOCABULARIES)


def _often(d: Draw, name: str) -> bool:
    """A yes/no dimension, on twice as often as off."""
    return d.dim(name, ("on", "on", "off")) == "on"


# ----------------------------------------------------------------- 1. r1_wait_monologue


@HELDOUT16
def r1_wait_monologue(ch: Chooser) -> BlindOutput:
    """DeepSeek-R1 and its distills: a ``<think>`` monologue full of "Wait," and revised leanings, then the answer."""
    d = Draw(ch, "r1_wait_monologue", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="at_least_one")
    inner = d.dim("think_padding", ("newlines", "newlines", "tight"))
    think = f"<think>\n{thought}\n</think>" if inner == "newlines" else f"<think>{thought}</think>"
    gap = d.dim("after_think", ("\n\n", "\n", "\n\n\n"))
    return d.done(think + gap + _frame(d, _answer(d, ink)))


# ----------------------------------------------------------------- 2. stripped_open_tag


@HELDOUT16
def stripped_open_tag(ch: Chooser) -> BlindOutput:
    """vLLM or llama.cpp serving R1-0528, QwQ or Qwen3, whose chat template opens the thinking in the prompt:
    the text starts mid-thought and only ``</think>`` marks where the answer begins."""
    d = Draw(ch, "stripped_open_tag", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="some")
    lead = d.dim("stripped_lead", ("none", "none", "newline"))
    gap = d.dim("after_think", ("\n\n", "\n", ""))
    text = ("\n" if lead == "newline" else "") + thought + "\n</think>" + gap + _frame(d, _answer(d, ink))
    return d.done(text)


# ----------------------------------------------------------------- 3. ollama_cli_thinking


@HELDOUT16
def ollama_cli_thinking(ch: Chooser) -> BlindOutput:
    """``ollama run`` with thinking on (qwen3, deepseek-r1, magistral): "Thinking..." then "...done thinking."."""
    d = Draw(ch, "ollama_cli_thinking", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="some")
    prompt_echo = d.flag("ollama_prompt_echo", weight_off=3)
    text = f"Thinking...\n{thought}\n...done thinking.\n\n" + _frame(d, _answer(d, ink))
    if prompt_echo:
        text = ">>> /set think\nSet 'think' mode.\n" + text
    return d.done(text)


# ----------------------------------------------------------------- 4. special_token_thoughts

# (opening, closing, between the thinking and the answer)
_SPECIAL_TAGS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "kimi": ("◁think▷", "◁/think▷", ("", "\n", "\n\n")),
    "magistral": ("[THINK]", "[/THINK]", ("", "\n", "\n\n")),
    "pipe_thinking": ("<|thinking|>\n", "\n<|/thinking|>", ("\n", "\n\n")),
    "hunyuan": ("<think>\n", "\n</think>\n<answer>\n", ("",)),
}


@HELDOUT16
def special_token_thoughts(ch: Chooser) -> BlindOutput:
    """Kimi's ``◁think▷…◁/think▷``, Magistral's ``[THINK]…[/THINK]``, ``<|thinking|>`` tokens, Hunyuan's
    ``<think>`` then ``<answer>``: the thinking tokens left in the text by a server that does not parse them."""
    d = Draw(ch, "special_token_thoughts", max_n=MAX_N)
    ink = _ink(d)
    family = d.dim("special_family", tuple(_SPECIAL_TAGS))
    opening, closing, gaps = _SPECIAL_TAGS[family]
    thought = _thought(d, revisions="some")
    gap = d.dim("special_gap", gaps)
    answer = _frame(d, _answer(d, ink))
    if family == "magistral" and d.flag("magistral_summary"):
        answer = f"**Summary**\n\nI checked each statement against the context.\n\n{answer}"
    text = opening + thought + closing + gap + answer
    if family == "hunyuan":
        text += "\n</answer>"
    return d.done(text)


# ----------------------------------------------------------------- 5. begin_of_thought_solution


@HELDOUT16
def begin_of_thought_solution(ch: Chooser) -> BlindOutput:
    """Sky-T1, OpenThinker, Bespoke-Stratos and Phi-4-reasoning's "Thought and Solution" sections:
    ``<|begin_of_thought|>…<|end_of_thought|>`` then ``<|begin_of_solution|>…<|end_of_solution|>``."""
    d = Draw(ch, "begin_of_thought_solution", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="some")
    headings = d.flag("section_headings")
    solution = _frame(d, _answer(d, ink))
    thought_part = f"<|begin_of_thought|>\n\n{thought}\n\n<|end_of_thought|>"
    solution_part = f"<|begin_of_solution|>\n\n{solution}\n\n<|end_of_solution|>"
    if headings:
        thought_part = "## Thought\n\n" + thought_part
        solution_part = "## Solution\n\n" + solution_part
    return d.done(f"{thought_part}\n\n{solution_part}")


# ----------------------------------------------------------------- 6. harmony_channels

_OSS_OPENERS = (
    "We need to evaluate each statement against the context. There are {c}.",
    "The user wants verdicts for {c} based on the context. Let's check each.",
    "We must decide for each statement whether the context supports it. Let's go through them.",
)


@HELDOUT16
def harmony_channels(ch: Chooser) -> BlindOutput:
    """gpt-oss served without a harmony parser: the ``analysis`` channel, then the ``final`` channel,
    with the special tokens left in, or stripped to "analysis…assistantfinal…"."""
    d = Draw(ch, "harmony_channels", max_n=MAX_N)
    ink = _ink(d)
    opener = (
        "We need to evaluate the one statement against the context."
        if d.n == 1
        else d.ch.pick("oss_opener", _OSS_OPENERS).format(c=_count(d.n))
    )
    thought = opener + " " + _thought(d, revisions="some", opener=False)
    answer = _frame(d, _answer(d, ink))
    tokens = d.dim("harmony_tokens", ("raw", "raw", "stripped"))
    if tokens == "raw":
        start = d.dim("harmony_start", ("channel", "start_assistant"))
        head = (
            "<|channel|>analysis<|message|>"
            if start == "channel"
            else "<|start|>assistant<|channel|>analysis<|message|>"
        )
        end = d.dim("harmony_end", ("<|return|>", "<|end|>", ""))
        text = f"{head}{thought}<|end|><|start|>assistant<|channel|>final<|message|>{answer}{end}"
    else:
        text = f"analysis{thought}assistantfinal{answer}"
    return d.done(text)


# ----------------------------------------------------------------- 7. reasoning_summary_heading

_SUMMARY_TITLES = (
    "**Evaluating statement support**",
    "**Checking statements against context**",
    "**Reviewing the context**",
    "**Assessing each claim**",
    "**Verifying the remaining statements**",
    "**Cross-checking details**",
    "**Finalizing verdicts**",
)
# (supported, not supported, undecided) of statement {k}, in a summary's present progressive
_SUMMARY_LINES = (
    ("I'm seeing that statement {k} matches the context directly.",
     "I'm noting that statement {k} isn't backed by anything in the context.",
     "I'm finding that the context doesn't settle statement {k} either way."),
    ("Statement {k} lines up with what the context says.",
     "Statement {k} doesn't appear in the context.",
     "Statement {k} is left open by the context."),
)  # fmt: skip
_SUMMARY_REVISIONS = (
    "I initially leaned the other way on statement {k}, but on a closer look I'm settling on {f}.",
    "I'm revisiting statement {k}: my first read was off, and it comes out as {f}.",
)
_SUMMARY_WORDS = ("supported", "not supported", "undetermined")


@HELDOUT16
def reasoning_summary_heading(ch: Chooser) -> BlindOutput:
    """o1/o3/o4-mini through the Responses API and Gemini thinking models with thought summaries on:
    bold-titled summary paragraphs in a "Reasoning summary" (or "Thought summary:") section, then the answer;
    or a ChatGPT page copied with its "Thought for N seconds" line."""
    d = Draw(ch, "reasoning_summary_heading", max_n=MAX_N)
    ink = _ink(d)
    revised = _revised(d, "some")
    lines = []
    for i in _order(d):
        truth = d.truth[i]
        if i in revised:
            line = d.ch.pick("summary_revision", _SUMMARY_REVISIONS).format(k=i + 1, f=_of(truth, _SUMMARY_WORDS))
        else:
            line = _of(truth, d.ch.pick("summary_line", _SUMMARY_LINES)).format(k=i + 1)
        lines.append(line)
    # Sections of one to three statements, each under its own title (the titles taken in turn).
    size = d.ch.integer("summary_section_size", 1, 3)
    first_title = d.ch.integer("summary_title", 0, len(_SUMMARY_TITLES) - 1)
    sections = []
    for j, start in enumerate(range(0, len(lines), size)):
        title = _SUMMARY_TITLES[(first_title + j) % len(_SUMMARY_TITLES)]
        sections.append(title + "\n\n" + " ".join(lines[start : start + size]))
    summary = "\n\n".join(sections)
    answer = _frame(d, _answer(d, ink))
    form = d.dim("summary_form", ("responses", "responses_markdown", "gemini_print", "chatgpt_copy"))
    seconds = d.ch.integer("thought_seconds", 3, 48)
    if form == "responses":
        text = f"Reasoning summary:\n{summary}\n\nOutput:\n{answer}"
    elif form == "responses_markdown":
        text = f"### Reasoning summary\n\n{summary}\n\n### Answer\n\n{answer}"
    elif form == "gemini_print":
        text = f"Thought summary:\n{summary}\n\nAnswer:\n{answer}"
    else:
        text = f"Thought for {seconds} seconds\n\n{answer}"
    return d.done(text)


# ----------------------------------------------------------------- 8. content_blocks_repr


def _signature(ch: Chooser) -> str:
    rng = random.Random(ch.integer("signature_seed", 0, 10**6))
    alphabet = string.ascii_letters + string.digits + "+/"
    return "Er" + "".join(rng.choice(alphabet) for _ in range(rng.randint(60, 120))) + "=="


@HELDOUT16
def content_blocks_repr(ch: Chooser) -> BlindOutput:
    """Claude with extended thinking, stored by a pipeline as the message's content blocks: LangChain's
    ``str(message.content)`` (a Python list of dicts) or the API's JSON, a thinking block then a text block."""
    d = Draw(ch, "content_blocks_repr", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="some")
    answer = _frame(d, _answer(d, ink))
    signature = _signature(ch)
    form = d.dim("blocks_form", ("python_repr", "python_repr", "api_json", "api_json_indented"))
    redacted = d.flag("redacted_block", weight_off=4)
    if form == "python_repr":
        blocks: list[dict[str, object]] = [{"signature": signature, "thinking": thought, "type": "thinking"}]
        if redacted:
            blocks.append({"data": signature[::-1], "type": "redacted_thinking"})
        blocks.append({"citations": None, "text": answer, "type": "text"})
        return d.done(repr(blocks))
    api: list[dict[str, object]] = [{"type": "thinking", "thinking": thought, "signature": signature}]
    if redacted:
        api.append({"type": "redacted_thinking", "data": signature[::-1]})
    api.append({"type": "text", "text": answer})
    indent = 2 if form == "api_json_indented" else None
    return d.done(json.dumps(api, ensure_ascii=False, indent=indent))


# ----------------------------------------------------------------- 9. reasoning_content_field


@HELDOUT16
def reasoning_content_field(ch: Chooser) -> BlindOutput:
    """The DeepSeek API, vLLM's reasoning parser or OpenRouter: a chat message stored whole, the thinking in
    ``reasoning_content`` (or ``reasoning``) beside the answer in ``content``."""
    d = Draw(ch, "reasoning_content_field", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="some")
    answer = _frame(d, _answer(d, ink))
    key = d.dim("reasoning_key", ("reasoning_content", "reasoning_content", "reasoning"))
    order = d.dim("field_order", ("content_first", "reasoning_first"))
    message: dict[str, object] = {"role": "assistant"}
    if order == "content_first":
        message["content"] = answer
        message[key] = thought
    else:
        message[key] = thought
        message["content"] = answer
    wrapper = d.dim("message_wrapper", ("message", "choice", "choice"))
    data: dict[str, object] = message
    if wrapper == "choice":
        data = {"index": 0, "message": message, "finish_reason": "stop"}
    indent = d.dim("message_indent", ("none", "2"))
    return d.done(json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else 2))


# ----------------------------------------------------------------- 10. budget_cut_thought

# Where a cut thought stops: inside statement {k}'s paragraph, before any verdict on it.
_CUT_TAILS = (
    'Statement {k}: "{b}." Let me find the part of the context about',
    "Now statement {k}. The context has a paragraph on this, I think, where it says",
    'Next, statement {k}: "{b}". Hmm, I need to look at',
    "Statement {k}. Let me check the cont",
)
_BUDGET_ENDS = (
    "\n\nConsidering the limited time by the user, I have to give the solution based on the thinking "
    "directly now.\n</think>.\n\n",
    "\n</think>\n\n",
    "…\n</think>\n\n",
    "\n\n[thinking budget exhausted]\n</think>\n\n",
)
_SHORT_HEADS = ("none", "Final answer:", "**Final answer**", "Answer:")


@HELDOUT16
def budget_cut_thought(ch: Chooser) -> BlindOutput:
    """Qwen3 with a thinking budget (vLLM, SGLang), R1 behind llama.cpp's reasoning budget: the thinking
    stops mid-thought, the server closes it, and the model gives a short answer for every statement."""
    d = Draw(ch, "budget_cut_thought", min_n=2, max_n=MAX_N)
    ink = _ink(d)
    done_before_cut = d.ch.integer("cut_after", 0, d.n - 1)
    words = d.ch.pick("thought_words", ENGLISH.words)
    parts = [_opener(d)]
    revised = _revised(d, "some")
    parts += [_paragraph(d, ENGLISH, i, revise=i in revised, words=words) for i in range(done_before_cut)]
    k = done_before_cut
    parts.append(d.ch.pick("cut_tail", _CUT_TAILS).format(k=k + 1, b=_bare(d.statements[k])))
    thought = "<think>\n" + "\n\n".join(parts) + d.dim("budget_end", _BUDGET_ENDS)
    shape = d.dim("short_answer", ("final_line", "numbered", "inline", "labelled"))
    if shape == "final_line":
        answer = d.final_line()
    elif shape == "numbered":
        answer = "\n".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
    elif shape == "inline":
        answer = ", ".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
    else:
        answer = "\n".join(f"Statement {i + 1}: {ink.word(i, t)}" for i, _s, t in d.items())
    head = d.dim("short_head", _SHORT_HEADS) if shape != "final_line" else "none"
    if head != "none":
        answer = f"{head}\n{answer}"
    return d.done(thought + d.frame(answer, think=False, preface=False, sign_off=False))


# ----------------------------------------------------------------- 11. verify_ticks_in_thought

_TICKS = {"check": ("✓", "✗", "?"), "heavy": ("✔", "✘", "?"), "emoji": ("✅", "❌", "❓")}
_FIRST_PASS = ("{k}: {w}", "S{k} → {w}", "#{k} {w}")
_CHANGED = (" (changed: I misread the context the first time)", " ← fixed", " (corrected)")


@HELDOUT16
def verify_ticks_in_thought(ch: Chooser) -> BlindOutput:
    """Qwen3, Phi-4-reasoning and R1 distills that verify themselves in the thinking: a quick first pass,
    then "Double-check: 1 ✓ 2 ✗ 3 ?" (its marks explained) that fixes a slip, then the final answer."""
    d = Draw(ch, "verify_ticks_in_thought", max_n=MAX_N)
    ink = _ink(d)
    words = d.ch.pick("thought_words", ENGLISH.words)
    ticks = _TICKS[d.dim("tick_set", tuple(_TICKS))]
    slips = _revised(d, "some")
    first_form = d.dim("first_pass_form", _FIRST_PASS)
    first = []
    for i, _s, t in d.items():
        shown = words[_tentative(d, t)] if i in slips else _of(t, words)
        first.append(first_form.format(k=i + 1, w=shown))
    opener = _opener(d)
    first_pass = "First pass:\n" + "\n".join(first)
    legend = f"({ticks[0]} = supported, {ticks[1]} = not supported, {ticks[2]} = can't tell)"
    layout = d.dim("check_layout", ("inline", "lines"))
    note = d.ch.pick("changed_note", _CHANGED)
    marks = [f"{i + 1} {_of(t, ticks)}" + (note if i in slips and layout == "lines" else "") for i, _s, t in d.items()]
    title = d.dim("check_title", ("Double-check:", "Let me verify against the context once more.", "Verification:"))
    check = f"{title} {legend}\n" + ("  ".join(marks) if layout == "inline" else "\n".join(marks))
    if slips and layout == "inline":
        fixed = ", ".join(str(i + 1) for i in sorted(slips))
        check += f"\nSo I had {fixed} wrong in the first pass; the double-check is right."
    closer = d.ch.pick("thought_closer_text", ENGLISH.closers)
    thought = "\n\n".join((opener, first_pass, check, closer))
    tag = d.dim("verify_tag", ("think", "think", "stripped", "ollama"))
    answer = _frame(d, _answer(d, ink))
    if tag == "think":
        return d.done(f"<think>\n{thought}\n</think>\n\n{answer}")
    if tag == "stripped":
        return d.done(f"{thought}\n</think>\n\n{answer}")
    return d.done(f"Thinking...\n{thought}\n...done thinking.\n\n{answer}")


# ----------------------------------------------------------------- 12. scrambled_step_scratch

_STEP_FORMS = ("Step {j}: ", "**Step {j}:** ", "Step {j} - ", "{j}) ")
_STEP_READ = (
    "Read the context and note what it covers.",
    "Skim the context once to see what facts it gives.",
    "Understand the task: a verdict per statement, using only the context.",
)
_STEP_INTROS = ('Statement {k} ("{b}"):', "Check statement {k}:", "Statement {k} —", 'Look at statement {k}, "{b}".')
_STEP_START = " I'll start with the statements that look easiest and come back to the others."
_STEP_LAST = (
    "Put the verdicts back in the original order of the statements.",
    "Write the final answer in statement order.",
    "Compile the answer.",
)


@HELDOUT16
def scrambled_step_scratch(ch: Chooser) -> BlindOutput:
    """Phi-4-mini-reasoning and small distills that think in numbered steps: "Step 3: statement 1 …",
    the steps' numbers never the statements', the statements taken out of order, then the answer in order."""
    d = Draw(ch, "scrambled_step_scratch", max_n=MAX_N)
    ink = _ink(d)
    words = d.ch.pick("thought_words", ENGLISH.words)
    step_form = d.dim("step_form", _STEP_FORMS)
    revised = _revised(d, "some")
    order = _order(d, "step_order", ("in_order", "shuffled", "shuffled", "decided_first"))
    steps = [d.ch.pick("step_read", _STEP_READ) + ("" if order == sorted(order) else _STEP_START)]
    intro = d.ch.pick("step_intro", _STEP_INTROS)
    steps += [_paragraph(d, ENGLISH, i, revise=i in revised, words=words, intro=intro) for i in order]
    steps.append(d.ch.pick("step_last", _STEP_LAST))
    scratch = "\n".join(step_form.format(j=j) + text for j, text in enumerate(steps, 1))
    wrapper = d.dim("scratch_wrapper", ("think", "think", "scratch_heading"))
    answer = _frame(d, _answer(d, ink))
    if wrapper == "think":
        return d.done(f"<think>\n{scratch}\n</think>\n\n{answer}")
    head = d.dim("scratch_head", ("Scratch work:", "### Reasoning", "Working:"))
    tail = d.dim("scratch_tail", ("### Final answer", "Answer:", "---"))
    return d.done(f"{head}\n{scratch}\n\n{tail}\n\n{answer}")


# ----------------------------------------------------------------- 13. cross_lingual_thought


@HELDOUT16
def cross_lingual_thought(ch: Chooser) -> BlindOutput:
    """QwQ and DeepSeek-R1 thinking in Chinese (or switching to it mid-thought), and models thinking in the
    language their team chats in (Russian, Spanish, German, Japanese, French) before an English answer."""
    d = Draw(ch, "cross_lingual_thought", max_n=MAX_N)
    ink = _ink(d)
    language = d.dim("thought_language", ("zh", "zh", *FOREIGN))
    mind = FOREIGN[language]
    switch = d.flag("code_switch", weight_off=2)
    if switch:
        english = _opener(d)
        thought = english + "\n\n" + _thought(d, mind, revisions="some", opener=False)
    else:
        thought = _thought(d, mind, revisions="some")
    tag = d.dim("cross_tag", ("think", "think", "stripped", "ollama"))
    answer = _frame(d, _answer(d, ink))
    if tag == "think":
        return d.done(f"<think>\n{thought}\n</think>\n\n{answer}")
    if tag == "stripped":
        return d.done(f"{thought}\n</think>\n\n{answer}")
    return d.done(f"Thinking...\n{thought}\n...done thinking.\n\n{answer}")


# ----------------------------------------------------------------- 14. answer_twice_after_think

_DRAFT_LEADS = (
    "So the final answer should be:",
    "So the answer would be something like:",
    "Let me draft it:",
)
_RECAP_HEADS = ("**Final Answer**", "**Final Answer:**", "### Final Answer", "Final answer (restated):")


@HELDOUT16
def answer_twice_after_think(ch: Chooser) -> BlindOutput:
    """DeepSeek-R1's habit: the thinking ends on a draft of the answer, the answer follows in full, and a
    "**Final Answer**" section restates it once more; every copy gives the same verdicts."""
    d = Draw(ch, "answer_twice_after_think", max_n=MAX_N)
    ink = _ink(d)
    thought = _thought(d, revisions="some", extras=False)
    recap_form = d.dim("recap_form", ("final_line", "numbered", "inline"))
    if recap_form == "final_line":
        recap = d.final_line()
    elif recap_form == "numbered":
        recap = "\n".join(f"{i + 1}. {ink.word(i, t)}" for i, _s, t in d.items())
    else:
        recap = ", ".join(f"{i + 1}: {ink.word(i, t)}" for i, _s, t in d.items())
    copies = d.dim("copies", ("draft_and_recap", "draft_only", "recap_only"))
    if copies != "recap_only":
        thought += "\n\n" + d.ch.pick("draft_lead", _DRAFT_LEADS) + "\n" + recap
    text = f"<think>\n{thought}\n</think>\n\n" + _frame(d, _answer(d, ink, ("legacy", "labelled_lines", "table")))
    if copies != "draft_only":
        text += "\n\n" + d.ch.pick("recap_head", _RECAP_HEADS) + "\n" + recap
    return d.done(text)


# ----------------------------------------------------------------- 15. reflection_output_tags

_REFLECTIONS = (
    "Wait, I said statement {k} was {t}, but {why} The verdict for statement {k} is {f}.",
    "Looking back at statement {k}: I marked it {t}, which is wrong. {Why} Correcting it to {f}.",
    "I need to correct myself on statement {k}: {why} The right verdict is {f}.",
)
_REFLECTION_WHYS = (
    ("the context does state it, a few lines further on.", "the context never actually says this.",
     "the context is too vague to decide it."),
)  # fmt: skip


@HELDOUT16
def reflection_output_tags(ch: Chooser) -> BlindOutput:
    """Reflection-tuned models (Reflection-Llama and its imitators): ``<thinking>`` with a ``<reflection>``
    that corrects an earlier verdict, then the answer inside ``<output>``."""
    d = Draw(ch, "reflection_output_tags", max_n=MAX_N)
    ink = _ink(d)
    words = d.ch.pick("thought_words", ENGLISH.words)
    wrong = _revised(d, "at_least_one")
    leaning = {i: _tentative(d, d.truth[i]) for i in sorted(wrong)}
    lines = [_opener(d)]
    for i, statement, truth in d.items():
        shown = words[leaning[i]] if i in wrong else _of(truth, words)
        lines.append(f'{i + 1}. "{_bare(statement)}": {shown}.')
    reflections = []
    for i in sorted(wrong):
        truth = d.truth[i]
        why = _of(truth, _REFLECTION_WHYS[0])
        form = d.ch.pick("reflection_form", _REFLECTIONS)
        reflections.append(
            form.format(k=i + 1, t=words[leaning[i]], f=_of(truth, words), why=why, Why=_upper_first(why))
        )
    reflection = "<reflection>\n" + "\n".join(reflections) + "\n</reflection>"
    answer = _frame(d, _answer(d, ink))
    body = "\n".join(lines)
    text = f"<thinking>\n{body}\n\n{reflection}\n</thinking>\n\n<output>\n{answer}\n</output>"
    return d.done(text)


# ----------------------------------------------------------------- 16. labelled_thought_response

# (before the thinking, between the thinking and the answer, after the answer)
_LABELS: dict[str, tuple[str, str, str]] = {
    "granite": ("Here is my thought process:\n", "\n\nHere is my response:\n", ""),
    "apriel": ("Here are my reasoning steps:\n", "\n[BEGIN FINAL RESPONSE]\n", "\n[END FINAL RESPONSE]\n<|end|>"),
    "exaone": ("<thought>\n", "\n</thought>\n\n", ""),
    "grpo": ("<reasoning>\n", "\n</reasoning>\n<answer>\n", "\n</answer>"),
}


@HELDOUT16
def labelled_thought_response(ch: Chooser) -> BlindOutput:
    """Granite's "Here is my thought process:" / "Here is my response:", Apriel's ``[BEGIN FINAL RESPONSE]``,
    EXAONE Deep's ``<thought>`` and GRPO-tuned small models' ``<reasoning>`` then ``<answer>``."""
    d = Draw(ch, "labelled_thought_response", max_n=MAX_N)
    ink = _ink(d)
    family = d.dim("label_family", tuple(_LABELS))
    before, between, after = _LABELS[family]
    thought = _thought(d, revisions="some")
    answer = _frame(d, _answer(d, ink))
    return d.done(before + thought + between + answer + after)


# ----------------------------------------------------------------- 17. think_then_refuse

_REFUSAL_THOUGHTS = (
    "Okay, the user wants me to check these statements against the context. But wait, the context section is "
    "empty. There's nothing to compare them against. I could use general knowledge, but that isn't what they're "
    "asking for. I should tell them I can't do this.",
    "Hmm, the context seems to be about a completely different topic from the statements. None of them can be "
    "checked against it. Rather than forcing verdicts, I should explain the mismatch and ask for the right "
    "context.",
    "Let me look at the context… it's just a template placeholder, {{context}}. The template wasn't filled in, so "
    "I have nothing to judge the statements against.",
    "We need to evaluate statements, but the provided context is missing. We can't produce verdicts. We should "
    "ask for the context.",
    "Hmm, the context stops after its first line; it's cut off mid-sentence. Judging the statements against a "
    "fragment wouldn't be fair. Better to ask for the full passage.",
    "The user asks me to judge the statements against the context, but the context they've given is the same answer "
    "text the statements were taken from. Checking them against it would be circular, so I shouldn't give "
    "verdicts; I'll explain and ask for the retrieved passages.",
)
_REFUSAL_ANSWERS = (
    "I'm sorry, but I can't evaluate these statements: the context is empty. Please provide the context and I'll "
    "check each statement against it.",
    "I can't give verdicts here. The context you provided is about a different subject, so none of the statements "
    "can be checked against it. Could you send the right context?",
    "The context field contains only a template placeholder, so there is nothing to check the statements against. "
    "Please re-run the evaluation with the context filled in.",
    "Unfortunately I can't complete this task without the context. Once you share it, I'll go through the "
    "statements one by one.",
    "The context appears to be cut off after its first sentence, so I can't reliably judge these statements. Could "
    "you resend the full context?",
    "The context you provided is the answer itself, not the source documents, so checking the statements against "
    "it wouldn't tell you anything about faithfulness. Please provide the retrieved passages instead.",
)
# The model answers another question: it does call 1's job again, or rewrites the answer.
_OFF_TASK_THOUGHTS = (
    "Okay, so the user gave me some text and wants it broken down into simple statements. Let me list each "
    "fact separately.",
    "Alright, I think the task is to rewrite these statements as one short, clear paragraph. Let me merge them.",
)


def _off_task_answer(d: Draw, kind: int) -> str:
    if kind == 0:
        lead = d.ch.pick("off_task_lead", ("Here are the statements:", "Statements extracted from the answer:"))
        return lead + "\n" + "\n".join(f"{i + 1}. {s}" for i, s, _t in d.items())
    return "Here is the rewritten paragraph:\n\n" + " ".join(d.statements)


@HELDOUT16
def think_then_refuse(ch: Chooser) -> BlindOutput:
    """Any of these reasoning models when the context is empty, off-topic or an unfilled placeholder: it
    thinks, then declines; or it misreads the task and answers another question (listing the statements
    again, rewriting them) without judging any statement."""
    # Statements that open with "Yes," or "No," are left out: listed again, they would stand where verdicts stand.
    d = Draw(ch, "think_then_refuse", unknowns=False, plain_openers=True, max_n=MAX_N)
    kind = d.dim("refusal_kind", ("decline", "decline", "off_task"))
    if kind == "decline":
        slot = d.ch.integer("refusal_slot", 0, len(_REFUSAL_THOUGHTS) - 1)
        thought, answer = _REFUSAL_THOUGHTS[slot], _REFUSAL_ANSWERS[slot]
    else:
        slot = d.ch.integer("off_task_slot", 0, len(_OFF_TASK_THOUGHTS) - 1)
        thought, answer = _OFF_TASK_THOUGHTS[slot], _off_task_answer(d, slot)
    wrapper = d.dim("refusal_wrapper", ("think", "stripped", "ollama", "harmony", "kimi", "granite"))
    if wrapper == "think":
        text = f"<think>\n{thought}\n</think>\n\n{answer}"
    elif wrapper == "stripped":
        text = f"{thought}\n</think>\n\n{answer}"
    elif wrapper == "ollama":
        text = f"Thinking...\n{thought}\n...done thinking.\n\n{answer}"
    elif wrapper == "harmony":
        text = f"<|channel|>analysis<|message|>{thought}<|end|><|start|>assistant<|channel|>final<|message|>{answer}"
    elif wrapper == "kimi":
        text = f"◁think▷{thought}◁/think▷{answer}"
    else:
        text = f"Here is my thought process:\n{thought}\n\nHere is my response:\n{answer}"
    return d.refused(text)
