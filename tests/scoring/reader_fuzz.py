"""Fuzz the fixed scorer's reader with realistic grader outputs (issue 23): figures in, a report out.

    python -m tests.scoring.reader_fuzz --seed 7 --n 20000

Draws N outputs from tests/scoring/graders.py with a seeded ``random.Random`` (the same
drawing logic the Hypothesis strategies use), scores each with ``get_scorer("ragas")``
and compares with the reading a careful person gives it. A misread is a score that
differs from that reading by more than 1e-9, undetermined where a person reads a score,
a refusal scored, or a refusal undetermined for another cause. Outputs with an unknown
item are scored again with each unknown item replaced by No: the score must not drop.
Prints the counts, the misreads by dimension value (worst first) and examples.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from compat import Score, get_scorer
from tests.scoring.graders import (
    DIMENSIONS,
    SHAPES,
    Chooser,
    Forced,
    GraderOutput,
    RandomChooser,
    Recorder,
    build_grader_output,
    misread,
    with_unknowns_as_no,
)

CLASSES = ("undetermined", "scored_too_low", "scored_too_high", "refusal_scored", "refusal_wrong_cause")


@dataclass
class Finding:
    output: GraderOutput
    score: Score
    kind: str
    variant: GraderOutput | None = None
    variant_score: Score | None = None


@dataclass
class FuzzReport:
    seed: int
    outputs: int = 0
    refusals: int = 0
    with_unknowns: int = 0
    misreads: Counter[str] = field(default_factory=Counter)
    raised_by_unknown: list[Finding] = field(default_factory=list)
    examples: dict[str, list[Finding]] = field(default_factory=lambda: defaultdict(list))
    # (dimension, value) -> [outputs, misreads, first misread]
    by_value: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    example_of_value: dict[tuple[str, str], Finding] = field(default_factory=dict)

    @property
    def misread_total(self) -> int:
        return sum(self.misreads.values())


def run(seed: int, count: int, examples: int = 3) -> FuzzReport:
    """Draw ``count`` outputs from ``random.Random(seed)`` and score each with the fixed scorer."""
    rng = random.Random(seed)
    scorer = get_scorer("ragas")
    report = FuzzReport(seed=seed)
    for index in range(count):
        recorder = Recorder(RandomChooser(rng))
        output = build_grader_output(recorder)
        score = scorer.score(output.case(f"fuzz-{index}"))
        kind = misread(output, score)
        report.outputs += 1
        report.refusals += output.refusal
        finding = Finding(output, score, kind or "")
        for key in output.dimensions.items():
            tally = report.by_value.setdefault(key, [0, 0])
            tally[0] += 1
            if kind:
                tally[1] += 1
                report.example_of_value.setdefault(key, finding)
        if kind:
            report.misreads[kind] += 1
            if len(report.examples[kind]) < examples:
                report.examples[kind].append(finding)
        if output.truth is not None and None in output.truth:
            report.with_unknowns += 1
            variant = with_unknowns_as_no(recorder.log, output)
            variant_score = scorer.score(variant.case(f"fuzz-{index}-no"))
            if score.value is not None and variant_score.value is not None and score.value > variant_score.value + 1e-9:
                report.raised_by_unknown.append(Finding(output, score, "raised_by_unknown", variant, variant_score))
    return report


class _Plain(Chooser):
    """Option 0, the plainest, for every dimension but the ``free`` ones; truths, statements and words at random."""

    def __init__(self, rng: random.Random, free: set[str]) -> None:
        self.rng, self.free = rng, free

    def integer(self, name: str, lo: int, hi: int) -> int:
        if (name in DIMENSIONS or name == "unknown_mode") and name not in self.free:
            return lo
        return self.rng.randint(lo, hi)


# The dimensions varied one at a time: all but those that only say where another one went.
_VARIED = [name for name in DIMENSIONS if name not in ("shape", "unknowns")] + ["unknown_mode"]


def one_at_a_time(seed: int, per_value: int = 40) -> dict[str, list[tuple[str, str, int, int]]]:
    """Per shape: (dimension, value, outputs, misreads), every other dimension at its plainest.

    The product's breakdown mixes ten dimensions in every output; this tells which single
    phrasing the reader misses on its own. The plainest output of each shape comes first
    (dimension ``-``).
    """
    rng = random.Random(seed)
    scorer = get_scorer("ragas")
    table: dict[str, list[tuple[str, str, int, int]]] = {}
    for shape in SHAPES:
        rows: list[tuple[str, str, int, int]] = []
        for dimension in ["-", *_VARIED]:
            force = {"shape": shape}
            if dimension == "unknown_word":
                force["unknown_mode"] = "some"
            tally: dict[str, list[int]] = {}
            options = len(DIMENSIONS.get(dimension, ("", "")))
            asked = 0
            for index in range(per_value * options if dimension != "-" else per_value):
                output = build_grader_output(Forced(_Plain(rng, {dimension}), force))
                recorded = "unknowns" if dimension == "unknown_mode" else dimension
                if dimension != "-" and recorded not in output.dimensions:
                    if index >= 20 and not asked:
                        break  # this shape never asks for it
                    continue  # (an unknown item needs two statements)
                asked += 1
                value = output.dimensions.get(recorded, "plainest") if dimension != "-" else "plainest"
                bad = misread(output, scorer.score(output.case(f"plain-{shape}-{index}"))) is not None
                counts = tally.setdefault(value, [0, 0])
                counts[0] += 1
                counts[1] += bad
            rows += [(dimension, value, total, bad) for value, (total, bad) in sorted(tally.items())]
        table[shape] = rows
    return table


def render_one_at_a_time(table: dict[str, list[tuple[str, str, int, int]]]) -> str:
    out = ["one dimension at a time (every other at its plainest option): the values misread"]
    for shape, rows in table.items():
        plain = next(((total, bad) for dimension, _v, total, bad in rows if dimension == "-"), (0, 0))
        out.append(f"  shape={shape}: its plainest output misread {plain[1]}/{plain[0]}")
        varied = {dimension for dimension, _v, _t, _b in rows if dimension != "-"}
        missed = sorted(
            ((dimension, value, total, bad) for dimension, value, total, bad in rows if dimension != "-" and bad),
            key=lambda row: (row[0], -row[3] / row[2], row[1]),
        )
        for dimension, value, total, bad in missed:
            label = f"{dimension}={value!r}"
            out.append(f"    {label:<64} {bad:>4} / {total:<4} {_percent(bad, total):>6}")
        read = sorted(varied - {row[0] for row in missed})
        if read:
            out.append(f"    every value read: {', '.join(read)}")
    return "\n".join(out)


def _clip(text: str, limit: int) -> str:
    text = text if len(text) <= limit else text[:limit] + f"… [{len(text) - limit} more characters]"
    return "\n".join("      | " + line for line in text.splitlines() or [""])


def _describe(finding: Finding, limit: int = 700) -> str:
    output, score = finding.output, finding.score
    shown = {k: v for k, v in output.dimensions.items() if k not in ("n",)}
    expected = "refusal" if output.refusal else f"{output.expected_score:.4g} (truth {output.truth})"
    got = f"{score.status.value} value={score.value} cause={getattr(score.cause, 'value', None)}"
    got += f" format={getattr(score.format, 'value', None)} n={score.statement_count}"
    lines = [
        f"    dimensions: {shown}",
        f"    expected: {expected}",
        f"    read:     {got}",
        "    call 1:",
        _clip(output.statements_output, 300),
        "    call 2:",
        _clip(output.grader_output, limit),
    ]
    if finding.variant is not None and finding.variant_score is not None:
        lines += [f"    with each unknown item as No, read: {finding.variant_score.value}", "    that call 2:"]
        lines.append(_clip(finding.variant.grader_output, limit))
    return "\n".join(lines)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def render(report: FuzzReport, *, worst: int = 25, min_count: int = 100, per_dimension: bool = True) -> str:
    out: list[str] = []
    n = report.outputs
    out.append(f"reader fuzz: seed {report.seed}, {n} outputs (all read by a person without doubt)")
    out.append(f"  refusals (either call): {report.refusals}; with an unknown item: {report.with_unknowns}")
    out.append(f"  misread: {report.misread_total} of {n} ({_percent(report.misread_total, n)})")
    for kind in CLASSES:
        out.append(f"    {kind:<22} {report.misreads[kind]:>6}")
    raised = len(report.raised_by_unknown)
    out.append(
        f"  scores raised by an unknown item (vs the same output with it as No): {raised} of {report.with_unknowns}"
    )

    ranked = sorted(
        ((key, tally) for key, tally in report.by_value.items() if tally[0] >= min_count and tally[1]),
        key=lambda item: (-item[1][1] / item[1][0], -item[1][1], item[0]),
    )
    out.append("")
    out.append(f"worst dimension values (at least {min_count} outputs), misread rate:")
    for (dimension, value), (total, bad) in ranked[:worst]:
        label = f"{dimension}={value!r}"
        out.append(f"  {label:<62} {bad:>5} / {total:<5} {_percent(bad, total):>6}")

    if per_dimension:
        out.append("")
        out.append("misreads by dimension (every value drawn):")
        dimensions: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
        for (dimension, value), (total, bad) in report.by_value.items():
            dimensions[dimension].append((value, total, bad))
        for dimension in sorted(dimensions):
            rows = sorted(dimensions[dimension], key=lambda row: (-row[2] / row[1], row[0]))
            cells = ", ".join(f"{value}: {bad}/{total}" for value, total, bad in rows)
            out.append(f"  {dimension}: {cells}")

    out.append("")
    out.append("examples of each misread class:")
    for kind in CLASSES:
        for finding in report.examples.get(kind, []):
            out.append(f"  [{kind}]")
            out.append(_describe(finding))
    for finding in report.raised_by_unknown[:3]:
        out.append("  [raised_by_unknown]")
        out.append(_describe(finding))

    out.append("")
    out.append("an example for each of the worst dimension values:")
    for key, _tally in ranked[: min(worst, 12)]:
        out.append(f"  [{key[0]}={key[1]!r}: {report.example_of_value[key].kind}]")
        out.append(_describe(report.example_of_value[key], limit=500))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.scoring.reader_fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--n", type=int, default=20000, help="outputs to draw")
    parser.add_argument("--examples", type=int, default=3, help="examples shown per misread class")
    parser.add_argument("--worst", type=int, default=25, help="dimension values listed, worst first")
    parser.add_argument("--min-count", type=int, default=100, help="fewest outputs a listed value needs")
    parser.add_argument("--brief", action="store_true", help="leave out the table of every dimension")
    parser.add_argument(
        "--per-value", type=int, default=40, help="outputs per value in the one-at-a-time table (0: leave it out)"
    )
    args = parser.parse_args(argv)
    report = run(args.seed, args.n, examples=args.examples)
    print(render(report, worst=args.worst, min_count=args.min_count, per_dimension=not args.brief))
    if args.per_value > 0:
        print()
        print(render_one_at_a_time(one_at_a_time(args.seed, args.per_value)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
