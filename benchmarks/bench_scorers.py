"""Throughput and adversarial-growth benchmark for the ``legacy`` and ``ragas`` scorers.

Single process, one thread (``--pin CPU`` pins it to one core), standard library plus the
project only. Two measurements:

1. **Typical cases/s.** A deterministic corpus (fixed seed) with a realistic mix of
   grader outputs: ~40% RAGAS JSON verdicts (compact, pretty-printed, fenced in
   prose), ~30% legacy text (per-statement explanations, ``Verdict:`` markers and the
   final verdict line), ~15% final line only, ~10% mismatched counts, ~5% refusals.
   ``Case`` objects are built before timing; only ``scorer.score(case)`` is timed,
   best of ``--repeat`` runs (rounds that alternate the scorers). Target: the fixed
   scorer does >= 30,000 cases/s.
2. **Adversarial growth.** One ``score`` call per pathological grader output at
   1 KB, 100 KB, 1 MB and 10 MB (best of 5 rounds over all sizes), and the growth
   ratio t(10 MB) / t(1 MB). Targets for the fixed scorer: ratio <= 12 and t(10 MB) < 1 s.

Best-of-N over interleaved rounds: on a shared machine a neighbour's burst slows
whatever runs at the time; spreading each figure's runs over the whole benchmark keeps
one burst from deciding it.

Usage::

    python benchmarks/bench_scorers.py                 # full run
    python benchmarks/bench_scorers.py --quick         # smoke run, small sizes
    python benchmarks/bench_scorers.py --json out.json # also write the figures as JSON
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(_ROOT))

from compat import Case, Score, Scorer, get_scorer  # noqa: E402  (the public API only)

SEED = 20240917
SCORERS = ("ragas", "legacy")  # the fixed scorer first: the targets are about it
TARGET_CASES_PER_S = 30_000
TARGET_RATIO = 12.0
TARGET_LARGEST_S = 1.0
GROWTH_ROUNDS = 5  # a ratio of two timings needs both at their best: more rounds than the throughput
FINAL_HEADER = "Final verdict for each statement in order:"

# ------------------------------------------------------------------ typical corpus

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
    categories: list[str] = []
    for name, share in MIX:
        categories += [name] * round(count * share)
    categories = (categories + [MIX[0][0]] * count)[:count]  # absorb rounding
    rng.shuffle(categories)
    return [_typical_case(rng, i, category) for i, category in enumerate(categories)]


# ------------------------------------------------------------------ timing helpers


def _best_loops(scorers: dict[str, Scorer], cases: Sequence[Case], repeat: int) -> dict[str, float]:
    """Best wall time of scoring every case once, per scorer, over ``repeat`` rounds.

    The rounds interleave the scorers, so that each one's best run is drawn from the
    whole span of the benchmark: a slow spell of the (shared) machine then hits every
    scorer alike instead of all the runs of one.
    """
    best = dict.fromkeys(scorers, float("inf"))
    for _ in range(repeat):
        for name, scorer in scorers.items():
            score = scorer.score
            gc.collect()
            start = time.perf_counter()
            for case in cases:
                score(case)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def _time_one(score: Callable[[Case], Score], case: Case) -> float:
    gc.collect()
    start = time.perf_counter()
    score(case)
    return time.perf_counter() - start


@dataclass
class TypicalResult:
    cases: int
    repeat: int
    seed: int
    seconds: dict[str, float] = field(default_factory=dict)  # scorer -> best total time
    by_category: dict[str, dict[str, float]] = field(default_factory=dict)  # category -> scorer -> µs/case
    category_counts: dict[str, int] = field(default_factory=dict)
    statement_count: dict[str, float] = field(default_factory=dict)  # min/mean/max statements per case
    outcomes: dict[str, int] = field(default_factory=dict)  # ragas status/format -> count

    def cases_per_s(self, scorer: str) -> float:
        return self.cases / self.seconds[scorer]

    def us_per_case(self, scorer: str) -> float:
        return self.seconds[scorer] / self.cases * 1e6


def run_typical(count: int, repeat: int, seed: int, scorers: dict[str, Scorer]) -> TypicalResult:
    corpus = typical_corpus(count, seed)
    result = TypicalResult(cases=count, repeat=repeat, seed=seed)
    cases = [item.case for item in corpus]
    result.seconds = _best_loops(scorers, cases, repeat)
    groups: dict[str, list[Case]] = {}
    for item in corpus:
        groups.setdefault(item.category, []).append(item.case)
    for category, _share in MIX:
        group = groups.get(category, [])
        result.category_counts[category] = len(group)
        if group:
            best = _best_loops(scorers, group, repeat)
            result.by_category[category] = {name: seconds / len(group) * 1e6 for name, seconds in best.items()}
    sizes = [len(c.statements_output.split("\n")) for c in cases if c.statements_output]
    result.statement_count = {"min": min(sizes), "mean": sum(sizes) / len(sizes), "max": max(sizes)}
    outcomes: Counter[str] = Counter()
    for case in cases:
        score = scorers["ragas"].score(case)
        if score.cause is not None:
            label = f"undetermined:{score.cause.value}"
        else:
            label = score.format.value if score.format is not None else "unknown"
        outcomes[label] += 1
    result.outcomes = dict(outcomes.most_common())
    return result


# ------------------------------------------------------------------ adversarial inputs


def _repeat_to(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _truncated_json(size: int) -> str:
    """A RAGAS verdict object with many complete items, cut off in the middle of one."""
    rng = random.Random(SEED + 1)
    parts = ['{"statements": [']
    length = len(parts[0])
    while length < size:
        s = _statement(rng)
        v = rng.choice((0, 1))
        item = json.dumps({"statement": s, "reason": _reason(rng, s, v), "verdict": v})
        parts.append(item + ", ")
        length += len(item) + 2
    text = "".join(parts)[:size]
    if text.endswith((", ", "}, ", "}")):  # make sure the cut is inside an item
        text = text.rstrip(", }")[:-1]
    return text


def _prose(size: int) -> str:
    rng = random.Random(SEED + 2)
    words: list[str] = []
    length = 0
    while length < size:
        sentence = " ".join(rng.choice(_PROSE_WORDS) for _ in range(rng.randint(8, 20)))
        sentence = sentence[0].upper() + sentence[1:] + (".\n\n" if rng.random() < 0.2 else ". ")
        words.append(sentence)
        length += len(sentence)
    return "".join(words)[:size]


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# kind -> (description, builder(size) -> grader output)
ADVERSARIAL: dict[str, tuple[str, Callable[[int], str]]] = {
    "verdict_no": ("'Verdict: No. ' repeated", lambda size: _repeat_to("Verdict: No. ", size)),
    "open_brackets": ("'[' repeated, never closed", lambda size: "[" * size),
    "open_obj_arrays": ("'{\"a\": [' repeated, never closed", lambda size: _repeat_to('{"a": [', size)),
    "nested_array": ("'[[[...]]]' closed, depth = size/2", lambda size: _nested(size // 2)),
    "whitespace_x": ("whitespace, then 'x'", lambda size: _repeat_to(" \n\t ", size - 1) + "x"),
    "whitespace_bracket": ("whitespace, then '['", lambda size: _repeat_to(" \n\t ", size - 1) + "["),
    "header_repeated": ("final-verdict header repeated", lambda size: _repeat_to(FINAL_HEADER + " ", size)),
    "yes_no_run": ("one header, then 'yes. no. ' repeated", lambda size: FINAL_HEADER + _repeat_to(" yes. no.", size)),
    "truncated_json": ("RAGAS JSON list cut mid-item", _truncated_json),
    "prose": ("prose, no verdicts", _prose),
}
NESTED_FIXED_DEPTH = 100_000  # the brief's fixed case: 100,000 deep, ~200 KB
FULL_SIZES: tuple[tuple[str, int], ...] = (
    ("1 KB", 1_000),
    ("100 KB", 100_000),
    ("1 MB", 1_000_000),
    ("10 MB", 10_000_000),
)
QUICK_SIZES: tuple[tuple[str, int], ...] = (("1 KB", 1_000), ("10 KB", 10_000), ("100 KB", 100_000))
ADVERSARIAL_STATEMENTS = "\n".join(random.Random(SEED + 3).choice(_SUBJECTS) + " is described." for _ in range(5))


@dataclass
class GrowthRow:
    kind: str
    description: str
    scorer: str
    seconds: dict[str, float | None]  # size label -> best seconds (None: skipped)

    def ratio(self, big: str, small: str) -> float | None:
        t_big, t_small = self.seconds.get(big), self.seconds.get(small)
        if t_big is None or t_small is None or t_small <= 0:
            return None
        return t_big / t_small


def run_adversarial(
    sizes: Sequence[tuple[str, int]], scorers: dict[str, Scorer], repeat: int, max_seconds: float
) -> list[GrowthRow]:
    rows: list[GrowthRow] = []
    plans: list[tuple[str, str, list[tuple[str, Callable[[], str]]]]] = []
    for kind, (description, build) in ADVERSARIAL.items():
        plans.append((kind, description, [(label, _bind(build, size)) for label, size in sizes]))
    fixed = f"nested_array_{NESTED_FIXED_DEPTH // 1000}k"
    plans.append((fixed, f"'[[[...]]]' {NESTED_FIXED_DEPTH:,} deep", [("fixed", lambda: _nested(NESTED_FIXED_DEPTH))]))
    for kind, description, points in plans:
        per_scorer = {name: GrowthRow(kind, description, name, {}) for name in scorers}
        cases = [
            (label, Case(id=f"adv-{kind}-{label}", statements_output=ADVERSARIAL_STATEMENTS, grader_output=make()))
            for label, make in points
        ]
        # Rounds over every size, so that t(1 MB) and t(10 MB) are drawn from the same span
        # of time: their ratio is the figure that matters, and a slow spell of the shared
        # machine must not land on one size only.
        skipped: set[tuple[str, str]] = set()
        for round_number in range(repeat):
            for name, scorer in scorers.items():
                previous: tuple[int, float] | None = None
                for label, case in cases:
                    if (name, label) in skipped:
                        continue
                    size = len(case.grader_output)
                    if round_number == 0 and previous is not None and previous[1] * size / previous[0] > max_seconds:
                        skipped.add((name, label))  # a linear projection already exceeds the budget
                        per_scorer[name].seconds[label] = None
                        continue
                    elapsed = _time_one(scorer.score, case)
                    best = per_scorer[name].seconds.get(label)
                    per_scorer[name].seconds[label] = elapsed if best is None else min(best, elapsed)
                    previous = (size, elapsed)
                    if elapsed > 5.0:
                        skipped.add((name, label))  # one call that long is measurement enough
        del cases
        rows.extend(per_scorer.values())
        print(f"  measured {kind}", file=sys.stderr, flush=True)
    return rows


def _bind(build: Callable[[int], str], size: int) -> Callable[[], str]:
    return lambda: build(size)


# ------------------------------------------------------------------ reporting


def environment() -> dict[str, Any]:
    cpu_model = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    pinned: list[int] | None = None
    if hasattr(os, "sched_getaffinity"):
        pinned = sorted(os.sched_getaffinity(0))
    return {
        "command": shlex.join(getattr(sys, "orig_argv", [sys.executable, *sys.argv])),
        "python": sys.version.replace("\n", " "),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_model": cpu_model,
        "cpu_count": os.cpu_count(),
        "affinity": pinned,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "calibration_us": _calibration_us(),
    }


def _calibration_us() -> float:
    """Best time of ``sum(range(1000))`` in µs: a machine-speed yardstick to compare runs across machines."""
    best = float("inf")
    for _ in range(200):
        start = time.perf_counter()
        sum(range(1000))
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def _pin_to_cpu(cpu: int) -> None:
    if not hasattr(os, "sched_setaffinity"):
        print(f"warning: cannot pin to CPU {cpu} on this platform", file=sys.stderr)
        return
    try:
        os.sched_setaffinity(0, {cpu})
    except OSError as error:
        print(f"warning: cannot pin to CPU {cpu}: {error}", file=sys.stderr)


def _met(ok: bool) -> str:
    return "MET" if ok else "MISSED"


def _fmt_s(seconds: float | None) -> str:
    return "skipped" if seconds is None else f"{seconds:.6f}"


def print_header(env: dict[str, Any]) -> None:
    print("faithcompat scorer benchmark")
    print(f"command:   {env['command']}")
    print(f"python:    {env['implementation']} {env['python']}")
    print(f"platform:  {env['platform']} ({env['machine']})")
    print(f"cpu:       {env['cpu_model'] or 'unknown'}; os.cpu_count() = {env['cpu_count']}")
    affinity = env["affinity"]
    print(f"affinity:  {'CPU ' + ','.join(map(str, affinity)) if affinity else 'not available'} (single process)")
    print(f"yardstick: sum(range(1000)) takes {env['calibration_us']:.1f} µs (best of 200)")
    load = env["load_average"]
    if load is not None:
        loads = " ".join(f"{x:.2f}" for x in load)
        print(f"load avg:  {loads} (1/5/15 min) at start; other busy processes skew the figures")
    print()


def print_typical(result: TypicalResult) -> dict[str, bool]:
    print(f"1. Typical cases: {result.cases:,} cases (seed {result.seed}), best of {result.repeat} interleaved runs")
    sc = result.statement_count
    print(f"   statements per case: min {sc['min']:.0f}, mean {sc['mean']:.2f}, max {sc['max']:.0f}")
    print()
    print(f"   {'scorer':<8} {'cases/s':>12} {'µs/case':>10}  target")
    met: dict[str, bool] = {}
    for name in result.seconds:
        rate = result.cases_per_s(name)
        target = ""
        if name == "ragas":
            met["typical_cases_per_s"] = rate >= TARGET_CASES_PER_S
            target = f">= {TARGET_CASES_PER_S:,} cases/s: {_met(met['typical_cases_per_s'])}"
        print(f"   {name:<8} {rate:>12,.0f} {result.us_per_case(name):>10.2f}  {target}")
    print()
    names = list(result.seconds)
    print(f"   {'category':<16} {'cases':>6} " + " ".join(f"{n + ' µs/case':>16}" for n in names))
    for category, _share in MIX:
        if category in result.by_category:
            cells = " ".join(f"{result.by_category[category][n]:>16.2f}" for n in names)
            print(f"   {category:<16} {result.category_counts[category]:>6} {cells}")
    print()
    print("   ragas outcome on the corpus: " + ", ".join(f"{k} {v}" for k, v in result.outcomes.items()))
    print()
    return met


def print_adversarial(rows: list[GrowthRow], sizes: Sequence[tuple[str, int]]) -> dict[str, bool]:
    labels = [label for label, _ in sizes]
    big, small = labels[-1], labels[-2]
    ratio_name = f"t({big})/t({small})"
    print(
        f"2. Adversarial growth: seconds per score() call (best of {GROWTH_ROUNDS} rounds over all sizes); "
        f"growth = {ratio_name}"
    )
    print(
        f"   targets for ragas: growth <= {TARGET_RATIO:g} and t({big}) < {TARGET_LARGEST_S:g} s"
        + ("" if big == "10 MB" else "  (quick run: sizes are smaller than the targets assume)")
    )
    print()
    header = f"   {'input kind':<22} {'scorer':<7} " + " ".join(f"{label:>10}" for label in labels)
    print(header + f" {'growth':>8}  target")
    met: dict[str, bool] = {}
    for row in rows:
        if "fixed" in row.seconds:
            continue
        cells = " ".join(f"{_fmt_s(row.seconds.get(label)):>10}" for label in labels)
        ratio = row.ratio(big, small)
        ratio_text = f"{ratio:>8.1f}" if ratio is not None else f"{'n/a':>8}"
        target = ""
        if row.scorer == "ragas":
            t_big = row.seconds.get(big)
            ok_ratio = ratio is not None and ratio <= TARGET_RATIO
            ok_time = t_big is not None and t_big < TARGET_LARGEST_S
            met[f"{row.kind}:growth"] = ok_ratio
            met[f"{row.kind}:largest"] = ok_time
            target = f"growth {_met(ok_ratio)}, t({big}) {_met(ok_time)}"
        print(f"   {row.kind:<22} {row.scorer:<7} {cells} {ratio_text}  {target}")
    for row in rows:
        if "fixed" in row.seconds:
            print(f"   {row.kind:<22} {row.scorer:<7} {_fmt_s(row.seconds['fixed']):>10}  ({row.description})")
    print()
    print("   inputs:")
    for kind, (description, _build) in ADVERSARIAL.items():
        print(f"     {kind:<22} {description}")
    print()
    return met


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=20_000, help="typical corpus size (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of the typical corpus; best is kept")
    parser.add_argument("--quick", action="store_true", help="smoke run: 2,000 cases, 1 run, sizes up to 100 KB")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    parser.add_argument("--seed", type=int, default=SEED, help=f"corpus seed (default {SEED})")
    parser.add_argument("--pin", type=int, metavar="CPU", help="pin the process to this CPU (Linux)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=30.0,
        help="skip an adversarial size when a linear projection from the previous size exceeds this (default 30)",
    )
    args = parser.parse_args(argv)
    cases, repeat, sizes = args.cases, args.repeat, FULL_SIZES
    if args.quick:
        cases, repeat, sizes = min(cases, 2_000), 1, QUICK_SIZES
    if cases < 1 or repeat < 1:
        parser.error("--cases and --repeat must be positive")

    if args.pin is not None:
        _pin_to_cpu(args.pin)
    env = environment()
    print_header(env)
    scorers = {name: get_scorer(name) for name in SCORERS}

    typical = run_typical(cases, repeat, args.seed, scorers)
    met = print_typical(typical)
    rows = run_adversarial(sizes, scorers, GROWTH_ROUNDS, args.max_seconds)
    met |= print_adversarial(rows, sizes)

    missed = sorted(name for name, ok in met.items() if not ok)
    print(f"Targets: {sum(met.values())} of {len(met)} met" + (f"; missed: {', '.join(missed)}" if missed else ""))

    if args.json is not None:
        payload = {
            "environment": env,
            "quick": args.quick,
            "typical": {
                "cases": typical.cases,
                "repeat": typical.repeat,
                "seed": typical.seed,
                "statements_per_case": typical.statement_count,
                "category_counts": typical.category_counts,
                "ragas_outcomes": typical.outcomes,
                "scorers": {
                    name: {
                        "best_seconds": typical.seconds[name],
                        "cases_per_s": typical.cases_per_s(name),
                        "us_per_case": typical.us_per_case(name),
                    }
                    for name in typical.seconds
                },
                "us_per_case_by_category": typical.by_category,
            },
            "adversarial": {
                "sizes": {label: size for label, size in sizes},
                "rows": [
                    {
                        "kind": row.kind,
                        "description": row.description,
                        "scorer": row.scorer,
                        "seconds": row.seconds,
                        "growth": row.ratio(sizes[-1][0], sizes[-2][0]),
                    }
                    for row in rows
                ],
            },
            "targets": {
                "ragas_cases_per_s_min": TARGET_CASES_PER_S,
                "ragas_growth_max": TARGET_RATIO,
                "ragas_largest_seconds_max": TARGET_LARGEST_S,
                "met": met,
            },
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
