"""The typical corpus both benchmarks measure: a deterministic, realistic mix of grader outputs.

~40% RAGAS JSON verdicts (compact, pretty-printed, fenced in prose), ~30% legacy text
(per-statement explanations, ``Verdict:`` markers and the final verdict line), ~15%
final line only, ~10% mismatched counts, ~5% refusals; 2 to 8 statements each.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from compat import Case

SEED = 20240917
FINAL_HEADER = "Final verdict for each statement in order:"
_THRESHOLDS = (0.5, 0.5, 0.5, 0.5, 0.7, 0.8)
_COHORTS = ("prod", "prod", "prod", "staging", "eval")
_MODELS = ("gpt-4o", "gpt-4o-mini", "claude-3-5-sonnet", "llama-3-70b")

_SUBJECTS = (
    "The Eiffel Tower",
    "The company's quarterly revenue",
    "Marie Curie",
    "The Amazon River",
    "The proposed zoning policy",
    "The patient's blood pressure",
    "The 2019 sustainability report",
    "The central bank",
    "The latest firmware update",
    "The city council",
    "The clinical trial",
    "The Treaty of Westphalia",
    "The research team at the university",
    "The new battery chemistry",
    "The museum's permanent collection",
    "Average rainfall in the region",
    "The author of the article",
    "The open-source library",
)
_PREDICATES = (
    "was completed in {year} as the entrance arch for the World's Fair",
    "increased by {pct}% compared with the previous fiscal year",
    "won the Nobel Prize in {field} in {year}",
    "flows through {n} countries before reaching the Atlantic Ocean",
    "was approved by a vote of {n} to {m} after a lengthy public hearing",
    "remained below {n} mmHg throughout the observation period",
    "reported a {pct}% reduction in greenhouse gas emissions",
    "raised interest rates by {m} basis points in {year}",
    "fixed {n} security vulnerabilities and improved battery life",
    "enrolled {n} participants across {m} hospitals",
    "ended the Thirty Years' War in {year}",
    "published its findings in a peer-reviewed journal in {year}",
    "stores roughly {pct}% more energy per kilogram than lithium-ion cells",
    "contains more than {n} works by artists from {m} countries",
    "fell by {pct}% over the last decade according to local records",
    "has been maintained by volunteers since {year}",
)
_TAILS = (
    "according to the annual report",
    "as stated in the second paragraph of the context",
    "despite earlier estimates to the contrary",
    "which the press release describes as a record",
    "although the figures have not been independently verified",
    "based on data collected by the national statistics office",
    "as the interview with the director confirms",
)
_FIELDS = ("Physics", "Chemistry", "Medicine", "Economics", "Literature")
_SUPPORT = (
    "The context explicitly states that {frag}.",
    "The passage confirms that {frag}, matching the statement.",
    "According to the provided context, {frag}.",
)
_UNSUPPORTED = (
    "The context does not mention that {frag}, so it cannot be deduced.",
    "Nothing in the passage supports the claim that {frag}.",
    "The context contradicts this: it never says that {frag}.",
)
_FILLERS = (
    "The relevant sentence appears near the end of the document.",
    "No other part of the context addresses this point.",
    "The wording differs slightly but the meaning is the same.",
    "The figures quoted in the statement match the source exactly.",
    "This detail is only implied, not stated directly.",
)
_PROSE_BEFORE = (
    "Here are my verdicts for each statement:",
    "Sure. I evaluated every statement against the context.",
    "Below is the faithfulness assessment in the requested JSON format.",
    "I compared each statement with the context; the results follow.",
)
_PROSE_AFTER = (
    "Let me know if you need a more detailed explanation.",
    "All statements were judged strictly against the given context.",
    "",
)
_REFUSALS = (
    "I'm sorry, but I cannot determine whether these statements are supported without more context.",
    "I apologize, but I am unable to evaluate the statements because no context was provided.",
    "As an AI language model, I cannot provide verdicts on statements about real people.",
    "I can't assess these statements: there is not enough information in the context.",
    "Lo siento, no puedo evaluar estas afirmaciones con la información proporcionada.",
    "Je suis désolé, je ne peux pas juger ces affirmations sans le contexte complet.",
    "Es tut mir leid, ich kann nicht beurteilen, ob diese Aussagen zutreffen.",
    "抱歉，我无法根据所提供的上下文判断这些陈述。",
)
_PROSE_TEXT = (
    "the report describes how the committee reviewed the budget and compared the results with earlier years "
    "while the engineers measured the output of each turbine over several months and published a summary "
    "that the council later discussed at length before approving the plan for the next season"
)
_PROSE_WORDS = _PROSE_TEXT.split()


def _statement(rng: random.Random) -> str:
    """One statement of 60 to 150 characters."""
    while True:
        predicate = rng.choice(_PREDICATES).format(
            year=rng.randint(1600, 2024),
            pct=rng.randint(2, 95),
            n=rng.randint(3, 900),
            m=rng.randint(2, 60),
            field=rng.choice(_FIELDS),
        )
        text = f"{rng.choice(_SUBJECTS)} {predicate}"
        if len(text) < 60 or rng.random() < 0.4:
            text += ", " + rng.choice(_TAILS)
        text += "."
        if 60 <= len(text) <= 150:
            return text


def _reason(rng: random.Random, statement: str, verdict: int) -> str:
    """One reason of 80 to 200 characters."""
    frag = statement[0].lower() + statement[1:].rstrip(".")
    frag = frag[: rng.randint(40, 90)].rsplit(" ", 1)[0]
    text = rng.choice(_SUPPORT if verdict else _UNSUPPORTED).format(frag=frag)
    while len(text) < 80 or (len(text) < 150 and rng.random() < 0.3):
        text += " " + rng.choice(_FILLERS)
    if len(text) > 200:
        text = text[:199].rsplit(" ", 1)[0] + "."
    return text


def _verdict_values(rng: random.Random, count: int) -> list[int]:
    return [1 if rng.random() < 0.7 else 0 for _ in range(count)]


def _json_output(rng: random.Random, statements: Sequence[str], verdicts: Sequence[int], style: str) -> str:
    items = [
        {"statement": s, "reason": _reason(rng, s, v), "verdict": v}
        for s, v in zip(statements, verdicts, strict=False)  # zip: fewer verdicts than statements in mismatch cases
    ]
    for _ in range(len(verdicts) - len(statements)):  # mismatch: extra items, statement text invented
        s = _statement(rng)
        v = rng.choice((0, 1))
        items.append({"statement": s, "reason": _reason(rng, s, v), "verdict": v})
    value: Any = {"statements": items} if rng.random() < 0.7 else items
    if style == "compact":
        return json.dumps(value, ensure_ascii=False)
    body = json.dumps(value, ensure_ascii=False, indent=rng.choice((2, 4)))
    if style == "pretty":
        return body
    before, after = rng.choice(_PROSE_BEFORE), rng.choice(_PROSE_AFTER)  # fenced in prose
    text = f"{before}\n\n```json\n{body}\n```"
    return f"{text}\n\n{after}" if after else text


def _yes_no(verdicts: Sequence[int]) -> str:
    return " ".join("Yes." if v else "No." for v in verdicts)


def _legacy_output(rng: random.Random, statements: Sequence[str], verdicts: Sequence[int]) -> str:
    blocks = []
    for index, verdict in enumerate(verdicts):
        statement = statements[index] if index < len(statements) else _statement(rng)
        word = "Yes" if verdict else "No"
        reason = _reason(rng, statement, verdict)
        marker = f"**Verdict:** {word}." if rng.random() < 0.1 else f"Verdict: {word}."
        sep = "\n" if rng.random() < 0.5 else "  "
        blocks.append(f"{index + 1}. {statement}\nExplanation: {reason}{sep}{marker}")
    return "\n\n".join(blocks) + f"\n\n{FINAL_HEADER} {_yes_no(verdicts)}"


def _final_only_output(rng: random.Random, verdicts: Sequence[int]) -> str:
    line = f"{FINAL_HEADER} {_yes_no(verdicts)}"
    return f"{rng.choice(_PROSE_BEFORE)}\n{line}" if rng.random() < 0.3 else line


# category, share of the corpus
MIX: tuple[tuple[str, float], ...] = (
    ("json_compact", 0.14),
    ("json_pretty", 0.13),
    ("json_fenced", 0.13),
    ("legacy_full", 0.30),
    ("final_line_only", 0.15),
    ("mismatch", 0.10),
    ("refusal", 0.05),
)


@dataclass(frozen=True, slots=True)
class TypicalCase:
    category: str
    case: Case


def _typical_case(rng: random.Random, index: int, category: str) -> TypicalCase:
    n = rng.randint(2, 8)
    statements = [_statement(rng) for _ in range(n)]
    verdicts = _verdict_values(rng, n)
    if category in ("json_compact", "json_pretty", "json_fenced"):
        output = _json_output(rng, statements, verdicts, category.removeprefix("json_"))
    elif category == "legacy_full":
        output = _legacy_output(rng, statements, verdicts)
    elif category == "final_line_only":
        output = _final_only_output(rng, verdicts)
    elif category == "mismatch":
        delta = rng.choice((-2, -1, -1, 1, 1, 2))
        verdicts = _verdict_values(rng, max(1, n + delta))
        shape = rng.choice(("json_compact", "json_pretty", "legacy_full", "final_line_only"))
        if shape.startswith("json_"):
            output = _json_output(rng, statements, verdicts, shape.removeprefix("json_"))
        elif shape == "legacy_full":
            output = _legacy_output(rng, statements, verdicts)
        else:
            output = _final_only_output(rng, verdicts)
    else:
        output = rng.choice(_REFUSALS)
    case = Case(id=f"typical-{index:06d}", statements_output="\n".join(statements), grader_output=output)
    return TypicalCase(category, case)


def typical_corpus(count: int, seed: int) -> list[TypicalCase]:
    """``count`` cases in the shares of ``MIX`` (exact counts, shuffled), deterministic."""
    rng = random.Random(seed)
    return [_typical_case(rng, i, category) for i, category in enumerate(_categories(rng, count))]


def _categories(rng: random.Random, count: int) -> list[str]:
    categories: list[str] = []
    for name, share in MIX:
        categories += [name] * round(count * share)
    categories = (categories + [MIX[0][0]] * count)[:count]  # absorb rounding
    rng.shuffle(categories)
    return categories


def iter_typical_lines(count: int, seed: int) -> Iterator[str]:
    """The JSONL lines of ``count`` typical cases, streamed (no case list in memory).

    The categories and grader outputs are those of ``typical_corpus``
    (same seed, same draws); tags and thresholds come from a second generator so as
    not to disturb them.
    """
    rng = random.Random(seed)
    extra = random.Random(seed + 1)
    for index, category in enumerate(_categories(rng, count)):
        case = _typical_case(rng, index, category).case
        record = {
            "id": case.id,
            "tags": [category, extra.choice(_COHORTS), extra.choice(_MODELS)],
            "statements_output": case.statements_output,
            "grader_output": case.grader_output,
            "threshold": extra.choice(_THRESHOLDS),
        }
        yield json.dumps(record, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------ the short-line, text-heavy corpus
# What a team's own logs often look like instead: short answers of 2 to 4 short claims, a grader
# answering in text only (no JSON), so that each case is ~250 bytes where a typical one is ~1,800.
# `faithcompat diff`'s ratio to a bare `json.loads` pass is worst here (the decode is cheap, the
# reading is not): bench_diff.py prints it beside the typical corpus's, with cases/s.

_SHORT_CLAIMS = (
    "The tower is {n} metres tall.",
    "It opened in {year}.",
    "Revenue rose {pct}%.",
    "The trial enrolled {n} people.",
    "She won in {year}.",
    "The river is {n} km long.",
    "The vote was {n} to {m}.",
    "Emissions fell {pct}%.",
    "The update fixed {n} bugs.",
    "The museum holds {n} works.",
)
_SHORT_TEXT_MIX: tuple[tuple[str, float], ...] = (
    ("final_line", 0.40),
    ("markers_and_final_line", 0.30),
    ("numbered_list", 0.15),
    ("statement_prose", 0.10),
    ("refusal", 0.05),
)


def _short_claim(rng: random.Random) -> str:
    return rng.choice(_SHORT_CLAIMS).format(
        n=rng.randint(2, 900), m=rng.randint(2, 60), pct=rng.randint(2, 95), year=rng.randint(1800, 2024)
    )


def _short_text_output(rng: random.Random, category: str, verdicts: Sequence[int]) -> str:
    if category == "final_line":
        return f"{FINAL_HEADER} {_yes_no(verdicts)}"
    if category == "markers_and_final_line":
        markers = "\n".join(f"Verdict: {'Yes' if v else 'No'}." for v in verdicts)
        return f"{markers}\n{FINAL_HEADER} {_yes_no(verdicts)}"
    if category == "numbered_list":
        return "\n".join(f"{i}. {'Yes' if v else 'No'}" for i, v in enumerate(verdicts, 1))
    if category == "statement_prose":
        return " ".join(f"Statement {i} is {'supported' if v else 'not supported'}." for i, v in enumerate(verdicts, 1))
    return rng.choice(_REFUSALS)


def iter_short_text_lines(count: int, seed: int) -> Iterator[str]:
    """The JSONL lines of ``count`` short, text-only cases (2 to 4 short claims), streamed."""
    for _category, record in _short_text_records(count, seed):
        yield json.dumps(record, ensure_ascii=False) + "\n"


def short_text_corpus(count: int, seed: int) -> list[TypicalCase]:
    """The cases of ``iter_short_text_lines``, built, each with its category."""
    return [TypicalCase(category, Case(**record)) for category, record in _short_text_records(count, seed)]


def _short_text_records(count: int, seed: int) -> Iterator[tuple[str, dict[str, str]]]:
    rng = random.Random(seed)
    categories: list[str] = []
    for name, share in _SHORT_TEXT_MIX:
        categories += [name] * round(count * share)
    categories = (categories + [_SHORT_TEXT_MIX[0][0]] * count)[:count]
    rng.shuffle(categories)
    for index, category in enumerate(categories):
        claims = [_short_claim(rng) for _ in range(rng.randint(2, 4))]
        yield (
            category,
            {
                "id": f"short-{index:07d}",
                "statements_output": "\n".join(claims),
                "grader_output": _short_text_output(rng, category, _verdict_values(rng, len(claims))),
            },
        )


# ------------------------------------------------------------------ the ~2 KB corpus, and the long one
# What `bench_scorers.py --against-promptfoo` gives promptfoo's own matcher and the project's scorers
# alike: whole grader answers of about 2 KB (1,700 to 2,400 characters of call 2), each case with a
# question, an answer (its statements) and a context of about 1 KB, since promptfoo renders them into
# its prompts. No refusals and no bare final lines: those are short (the typical corpus has them).
# The long corpus is the same kinds of answer over 10 KB (30 to 80 statements).

KB2_MIX: tuple[tuple[str, float], ...] = (
    ("legacy_full", 0.30),  # numbered statement, Explanation, Verdict: marker; the final verdict line
    ("markers_only", 0.10),  # "Statement 3: ..." blocks with Verdict: markers, no final line
    ("reasoning_final", 0.15),  # paragraphs of reasoning, then the final verdict line
    ("table", 0.15),  # a markdown table (statement, verdict, reason), the final verdict line in 2 of 3
    ("json", 0.25),  # RAGAS JSON verdicts: compact, pretty-printed or fenced in prose
    ("mismatch", 0.05),  # one of the above with one or two verdicts too many or too few
)
KB2_CHARS = (1_700, 2_400)
LONG_CHARS = (10_500, 24_000)
_KB2_STATEMENTS = (4, 10)
_LONG_STATEMENTS = (30, 80)
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_QUESTIONS = (
    "What does the report say about {subject}?",
    "Summarise what the source tells us about {subject}.",
    "According to the documents, what happened with {subject}?",
    "Give the key facts about {subject} from the context.",
)
_CONCLUSIONS_YES = ("So this statement is supported.", "This one is faithful to the context.", "Supported.")
_CONCLUSIONS_NO = ("So this statement is not supported.", "This cannot be deduced from the context.", "Unsupported.")


def _markers_only_output(rng: random.Random, statements: Sequence[str], verdicts: Sequence[int]) -> str:
    blocks = []
    for index, verdict in enumerate(verdicts):
        statement = statements[index] if index < len(statements) else _statement(rng)
        word = "Yes" if verdict else "No"
        marker = f"**Verdict:** {word}" if rng.random() < 0.3 else f"Verdict: {word}."
        blocks.append(f"Statement {index + 1}: {statement}\nExplanation: {_reason(rng, statement, verdict)}\n{marker}")
    intro = rng.choice(_PROSE_BEFORE)
    return f"{intro}\n\n" + "\n\n".join(blocks)


def _reasoning_output(rng: random.Random, statements: Sequence[str], verdicts: Sequence[int]) -> str:
    paragraphs = ["Let me check each statement against the context, one at a time."]
    for index, verdict in enumerate(verdicts):
        statement = statements[index] if index < len(statements) else _statement(rng)
        which = f"The {_ORDINALS[index]} statement" if index < len(_ORDINALS) else f"Statement {index + 1}"
        claim = statement[0].lower() + statement[1:].rstrip(".")
        conclusion = rng.choice(_CONCLUSIONS_YES if verdict else _CONCLUSIONS_NO)
        paragraphs.append(f"{which} claims that {claim}. {_reason(rng, statement, verdict)} {conclusion}")
    paragraphs.append(f"{FINAL_HEADER} {_yes_no(verdicts)}")
    return "\n\n".join(paragraphs)


def _table_output(rng: random.Random, statements: Sequence[str], verdicts: Sequence[int]) -> str:
    rows = ["| # | Statement | Verdict | Reason |", "|---|-----------|---------|--------|"]
    for index, verdict in enumerate(verdicts):
        statement = statements[index] if index < len(statements) else _statement(rng)
        word = "Yes" if verdict else "No"
        rows.append(f"| {index + 1} | {statement} | {word} | {_reason(rng, statement, verdict)} |")
    text = f"{rng.choice(_PROSE_BEFORE)}\n\n" + "\n".join(rows)
    if rng.random() < 2 / 3:
        text += f"\n\n{FINAL_HEADER} {_yes_no(verdicts)}"
    return text


def _kb2_output(rng: random.Random, category: str, statements: Sequence[str], verdicts: Sequence[int]) -> str:
    if category == "legacy_full":
        return _legacy_output(rng, statements, verdicts)
    if category == "markers_only":
        return _markers_only_output(rng, statements, verdicts)
    if category == "reasoning_final":
        return _reasoning_output(rng, statements, verdicts)
    if category == "table":
        return _table_output(rng, statements, verdicts)
    if category == "json":
        return _json_output(rng, statements, verdicts, rng.choice(("compact", "pretty", "fenced")))
    raise ValueError(category)


def _context(rng: random.Random, statements: Sequence[str], verdicts: Sequence[int], chars: int) -> str:
    """A passage holding the supported statements among filler, about ``chars`` long."""
    sentences = [s for s, v in zip(statements, verdicts, strict=False) if v]
    while sum(len(s) + 1 for s in sentences) < chars:
        start = rng.randrange(len(_PROSE_WORDS) - 12)
        words = _PROSE_WORDS[start : start + rng.randint(8, 12)]
        sentences.append(" ".join(words).capitalize() + ".")
        sentences.append(rng.choice(_FILLERS))
    rng.shuffle(sentences)
    return " ".join(sentences)


def _sized_record(
    rng: random.Random, index: int, category: str, prefix: str, chars: tuple[int, int], counts: tuple[int, int]
) -> dict[str, Any]:
    """One case whose call 2 is ``chars[0]`` to ``chars[1]`` characters long (drawn again until it is)."""
    while True:
        n = rng.randint(*counts)
        statements = [_statement(rng) for _ in range(n)]
        verdicts = _verdict_values(rng, n)
        if category == "mismatch":
            verdicts = _verdict_values(rng, max(1, n + rng.choice((-2, -1, -1, 1, 1, 2))))
            shape = rng.choice(("legacy_full", "reasoning_final", "table", "json"))
            output = _kb2_output(rng, shape, statements, verdicts)
        else:
            output = _kb2_output(rng, category, statements, verdicts)
        if chars[0] <= len(output) <= chars[1]:
            break
    subject = next(s for s in _SUBJECTS if statements[0].startswith(s))
    subject = subject[0].lower() + subject[1:] if subject.startswith("The ") else subject
    return {
        "id": f"{prefix}-{index:06d}",
        "tags": [category],
        "question": rng.choice(_QUESTIONS).format(subject=subject),
        "answer": " ".join(statements),
        "contexts": [_context(rng, statements, verdicts, 1_000)],
        "statements_output": "\n".join(statements),
        "grader_output": output,
        "threshold": rng.choice(_THRESHOLDS),
    }


def _mix_categories(rng: random.Random, count: int) -> list[str]:
    categories: list[str] = []
    for name, share in KB2_MIX:
        categories += [name] * round(count * share)
    categories = (categories + [KB2_MIX[0][0]] * count)[:count]
    rng.shuffle(categories)
    return categories


def kb2_records(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` cases of ~2 KB in the shares of ``KB2_MIX``, as JSON-ready dicts (Case's fields), deterministic."""
    rng = random.Random(seed)
    return [
        _sized_record(rng, i, category, "kb2", KB2_CHARS, _KB2_STATEMENTS)
        for i, category in enumerate(_mix_categories(rng, count))
    ]


def long_records(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` cases whose call 2 is over 10 KB (``LONG_CHARS``), the same kinds as ``kb2_records``."""
    rng = random.Random(seed)
    return [
        _sized_record(rng, i, category, "long", LONG_CHARS, _LONG_STATEMENTS)
        for i, category in enumerate(_mix_categories(rng, count))
    ]
