"""Recognising a grader that refused to judge.

Consulted only when a grader output holds no verdict at all: it decides whether the
fixed scorer says ``refusal`` or ``no_verdicts``, never whether a score exists.
Both are undetermined, so a false positive here cannot move a score; it only
changes which cause a report names.

Patterns are deliberately broad ("sorry", "unable to"): they are only ever asked
about text in which no verdict was found.

A refusal is said up front, so only the first ``REFUSAL_WINDOW`` characters are
read (this keeps the check constant-time on a 10 MB output). Matching is on the
case-folded text, by plain substring.
"""

from __future__ import annotations

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
    ("cannot determine", "en"),
    ("cannot be determined", "en"),
    ("insufficient information", "en"),
    ("not enough information", "en"),
    ("not enough context", "en"),
    ("no context was provided", "en"),
    ("as an ai", "en"),
    ("against my guidelines", "en"),
    ("against my policy", "en"),
    ("refuse to", "en"),
    ("lo siento", "es"),
    ("no puedo", "es"),
    ("información insuficiente", "es"),
    ("je suis désolé", "fr"),
    ("désolé", "fr"),
    ("je ne peux pas", "fr"),
    ("es tut mir leid", "de"),
    ("ich kann nicht", "de"),
    ("ich kann keine", "de"),
    ("leider kann ich", "de"),
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
)


def matched_refusal(text: str) -> str | None:
    """The first refusal pattern found at the start of ``text``, if any."""
    window = text[:REFUSAL_WINDOW].casefold()
    for pattern, _language in REFUSAL_PATTERNS:
        if pattern in window:
            return pattern
    return None
