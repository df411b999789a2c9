"""Recognising a grader that refused to judge.

Consulted only when a grader output holds no verdict at all: it decides whether the
fixed scorer says ``refusal`` or ``no_verdicts``, never whether a score exists.
Both are undetermined, so a false positive here cannot move a score; it only
changes which cause a report names.

Patterns are deliberately broad ("sorry", "unable to"): they are only ever asked
about text in which no verdict was found.

A refusal is said up front or at the very end, so only the first and the last
``REFUSAL_WINDOW`` characters are read (this keeps the check constant-time on a 10 MB
output), after any reasoning draft (``<think>…</think>``) is removed. Matching is on
the case-folded text, by plain substring.

Two strengths: first-person refusals ("I cannot", "sorry") always count; phrases that
also occur in ordinary explanations ("not enough information", "cannot be
determined") count only when the text does not look like per-statement explanations
("Statement 1: ... not enough information ..." is an answer without verdicts, not a
refusal).
"""

from __future__ import annotations

import re

from compat.scoring.reader.prepare import strip_reasoning

REFUSAL_WINDOW = 4096

# (pattern, language). Kept as data so that docs and tests can list them.
REFUSAL_PATTERNS: tuple[tuple[str, str], ...] = (
    ("i apologize", "en"),
    ("apologies", "en"),
    ("sorry", "en"),
    ("unable to", "en"),
    ("i apologise", "en"),
    ("i cannot", "en"),
    ("i can't", "en"),
    ("i can’t", "en"),
    ("i can not", "en"),
    ("i am not able to", "en"),
    ("i'm not able to", "en"),
    ("i won't", "en"),
    ("i will not", "en"),
    ("i must decline", "en"),
    ("i decline", "en"),
    ("i am unable", "en"),
    ("i'm unable", "en"),
    ("i’m unable", "en"),
    ("i’m not able to", "en"),
    ("i won’t", "en"),
    ("i'm afraid i", "en"),
    ("i’m afraid i", "en"),
    ("i do not have access", "en"),
    ("i don't have access", "en"),
    ("i don’t have access", "en"),
    ("cannot comply", "en"),
    ("cannot assist", "en"),
    ("can't assist", "en"),
    ("no context was provided", "en"),
    ("no context provided", "en"),
    ("no idea", "en"),
    ("i don't know", "en"),
    ("i don’t know", "en"),
    ("i do not know", "en"),
    ("as an ai", "en"),
    ("against my guidelines", "en"),
    ("against my policy", "en"),
    ("refuse to", "en"),
    ("disculpa", "es"),
    ("lo siento", "es"),
    ("no puedo", "es"),
    ("información insuficiente", "es"),
    ("je suis désolé", "fr"),
    ("désolé", "fr"),
    ("je ne peux pas", "fr"),
    ("es tut mir leid", "de"),
    ("entschuldigung", "de"),
    ("ich kann nicht", "de"),
    ("ich kann keine", "de"),
    ("leider kann ich", "de"),
    ("kann ich nicht", "de"),
    ("mi dispiace", "it"),
    ("non posso", "it"),
    ("desculpe", "pt"),
    ("não posso", "pt"),
    ("não consigo", "pt"),
    ("извините", "ru"),
    ("не могу", "ru"),
    ("抱歉", "zh"),
    ("对不起", "zh"),
    ("无法", "zh"),
    ("申し訳", "ja"),
    ("できません", "ja"),
    ("죄송", "ko"),
    ("할 수 없", "ko"),
    ("lo lamento", "es"),
    ("het spijt me", "nl"),
    ("beklager", "da"),
    ("tyvärr", "sv"),
    ("przepraszam", "pl"),
    ("omlouvám se", "cs"),
    ("sajnálom", "hu"),
    ("üzgünüm", "tr"),
    ("λυπάμαι", "el"),
    ("вибачте", "uk"),
    ("عذرًا", "ar"),
    ("عذرا", "ar"),
    ("آسف", "ar"),
    ("xin lỗi", "vi"),
    ("maaf", "id"),
    ("क्षमा", "hi"),
    ("माफ़", "hi"),
    # "No context was included, so it is not possible to say whether the statement is true": the
    # grader says what it was not given, and judges nothing.
    *(
        (f"no context {verb} {given}", "en")
        for verb in ("was", "is", "has been", "were")
        for given in ("provided", "included", "given", "supplied", "attached", "shared", "passed")
        if f"no context {verb} {given}" != "no context was provided"
    ),
)

# A grader that asks back or says what is missing instead of judging: a non-answer. Asked only
# where the output holds no verdict at all, so a hit names the cause and never removes a score.
NON_ANSWER_PATTERNS: tuple[str, ...] = (
    "could you",
    "can you send",
    "can you provide",
    "can you share",
    "please send",
    "please provide",
    "please paste",
    "please share",
    "please add",
    "do you want",
    "would you like",
    "is missing",
    "are missing",
    "is empty",
    "was empty",
    "came through empty",
    "not provided",
    "no context",
    "without context",
    "without the context",
    "i need the",
    "i need more",
    "i'll have to decline",
    "i have to decline",
    "not comfortable",
    "i'd rather not",
    "i would rather not",
    "not in a position to",
    "i need to stop",
    '"error"',
)
MAX_NON_ANSWER_CHARS = 1_000  # a non-answer is short: a longer text without verdicts is a layout not read


# Phrases that explanations use too: a refusal only where nothing is explained statement by statement.
WEAK_REFUSAL_PATTERNS: tuple[tuple[str, str], ...] = (
    ("cannot determine", "en"),
    ("cannot be determined", "en"),
    ("insufficient information", "en"),
    ("not enough information", "en"),
    ("not enough context", "en"),
)
_EXPLAINS_STATEMENTS = re.compile(r"(?:statement|claim)[ \t_#]*\d|^[ \t*-]*\d{1,3}[.)]|explanation", re.MULTILINE)


# A sentence that refuses this case's statements, where verdicts stand beside it (reader 9): "That was
# the example. For your statements there is no context, so I cannot give a verdict for any of them."
# The verdicts are an example's or a draft's; the grader declined the task. Only the task's own
# objects are read ("them", "your statements"): "I cannot verify it" is a statement's explanation.
_TASK_OBJECTS = (
    r"(?:them|any of them|all of them|these statements|the statements|your statements|any statements?"
    r"|any of the statements|any of your statements)"
)
_TASK_REFUSED = re.compile(
    r"(?:can ?not|can't|unable to|not able to|won't|will not)[ \t]+(?:"
    r"(?:judge|assess|evaluate|verify|grade|rate|check|decide on|answer (?:yes or no )?for)[ \t]+"
    + _TASK_OBJECTS
    + r"|give (?:a |any )?(?:verdicts?|judgements?|judgments?|answers?)[ \t]+(?:for|on)[ \t]+"
    + _TASK_OBJECTS
    + r"|give any (?:verdicts?|judgements?|judgments?|answers?))(?![\w-])"
)


# The refusal closes the reply (after the example it declines to follow): its last sentences are read,
# not the last 4 KB (a search there cost 20 µs a reply, on every reply scored).
TASK_REFUSAL_WINDOW = 512


def refused_the_task(text: str) -> str | None:
    """The sentence's words where the end of ``text`` refuses to judge the case's statements."""
    window = strip_reasoning(text)[0][-TASK_REFUSAL_WINDOW:].casefold().replace("’", "'")
    found = _TASK_REFUSED.search(window)
    return None if found is None else found.group()


def matched_refusal(text: str, *, non_answers: bool = False, weak: bool = True) -> str | None:
    """The first refusal pattern found at the start or the end of ``text``, if any; with
    ``non_answers``, in a short text, also a question back or a complaint that the input is
    missing (``Could you paste the full passage?``): what the whole output does, whatever its words.
    Without ``weak``, the phrases explanations use too ("cannot determine") are no refusal: beside
    a verdict they are a statement's "can't tell"."""
    text, _draft = strip_reasoning(text)
    if len(text) > 2 * REFUSAL_WINDOW:
        text = text[:REFUSAL_WINDOW] + "\n" + text[-REFUSAL_WINDOW:]
    window = text.casefold()
    for pattern, _language in REFUSAL_PATTERNS:
        if pattern in window:
            return pattern
    if non_answers and len(text.strip()) <= MAX_NON_ANSWER_CHARS:
        asked = next((pattern for pattern in NON_ANSWER_PATTERNS if pattern in window), None)
        if asked is not None:
            return asked
    if not weak:
        return None
    found = next((pattern for pattern, _language in WEAK_REFUSAL_PATTERNS if pattern in window), None)
    if found is not None and _EXPLAINS_STATEMENTS.search(window) is None:
        return found
    return None
