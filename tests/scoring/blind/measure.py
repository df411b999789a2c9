"""Measure the fixed scorer on the blind layouts: misreads and wrong numbers, by set and by layout.

    python -m tests.scoring.blind.measure --set NAME --seed S --n N [--examples K]

NAME is dev, heldout, heldout2 to heldout43, or both (dev and heldout).

Draws N outputs per set (a layout chosen uniformly for each, drawn with its dimensions)
from ``random.Random`` seeded by the set's name and S, scores each with
``get_scorer("ragas")`` and compares with the reading a careful person gives it
(graders.py's ``misread``). Prints, per set: the outputs, the misreads (count and %), the
wrong numbers (scored too low + scored too high + refusal scored: count and %), and both
by layout, worst first. ``--examples K``: up to K misread examples per layout (the output
text, the expected reading, what was read), for the sets asked only.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from compat import Score, get_scorer
from tests.scoring.blind._draw import CLASSES, WRONG_NUMBER, BlindOutput, LayoutSet, misread
from tests.scoring.blind.heldout import HELDOUT
from tests.scoring.blind.heldout2 import HELDOUT2
from tests.scoring.blind.heldout3 import HELDOUT3
from tests.scoring.blind.heldout4 import HELDOUT4
from tests.scoring.blind.heldout5 import HELDOUT5
from tests.scoring.blind.heldout6 import HELDOUT6
from tests.scoring.blind.heldout7 import HELDOUT7
from tests.scoring.blind.heldout8 import HELDOUT8
from tests.scoring.blind.heldout9 import HELDOUT9
from tests.scoring.blind.heldout10 import HELDOUT10
from tests.scoring.blind.heldout11 import HELDOUT11
from tests.scoring.blind.heldout12 import HELDOUT12
from tests.scoring.blind.heldout13 import HELDOUT13
from tests.scoring.blind.heldout14 import HELDOUT14
from tests.scoring.blind.heldout15 import HELDOUT15
from tests.scoring.blind.heldout16 import HELDOUT16
from tests.scoring.blind.heldout17 import HELDOUT17
from tests.scoring.blind.heldout18 import HELDOUT18
from tests.scoring.blind.heldout19 import HELDOUT19
from tests.scoring.blind.heldout20 import HELDOUT20
from tests.scoring.blind.heldout21 import HELDOUT21
from tests.scoring.blind.heldout22 import HELDOUT22
from tests.scoring.blind.heldout23 import HELDOUT23
from tests.scoring.blind.heldout24 import HELDOUT24
from tests.scoring.blind.heldout25 import HELDOUT25
from tests.scoring.blind.heldout26 import HELDOUT26
from tests.scoring.blind.heldout27 import HELDOUT27
from tests.scoring.blind.heldout28 import HELDOUT28
from tests.scoring.blind.heldout29 import HELDOUT29
from tests.scoring.blind.heldout30 import HELDOUT30
from tests.scoring.blind.heldout31 import HELDOUT31
from tests.scoring.blind.heldout32 import HELDOUT32
from tests.scoring.blind.heldout33 import HELDOUT33
from tests.scoring.blind.heldout34 import HELDOUT34
from tests.scoring.blind.heldout35 import HELDOUT35
from tests.scoring.blind.heldout36 import HELDOUT36
from tests.scoring.blind.heldout37 import HELDOUT37
from tests.scoring.blind.heldout38 import HELDOUT38
from tests.scoring.blind.heldout39 import HELDOUT39
from tests.scoring.blind.heldout40 import HELDOUT40
from tests.scoring.blind.heldout41 import HELDOUT41
from tests.scoring.blind.heldout42 import HELDOUT42
from tests.scoring.blind.heldout43 import HELDOUT43
from tests.scoring.blind.layouts import DEV
from tests.scoring.graders import RandomChooser

SETS: dict[str, LayoutSet] = {
    "dev": DEV,
    "heldout": HELDOUT,
    "heldout2": HELDOUT2,
    "heldout3": HELDOUT3,
    "heldout4": HELDOUT4,
    "heldout5": HELDOUT5,
    "heldout6": HELDOUT6,
    "heldout7": HELDOUT7,
    "heldout8": HELDOUT8,
    "heldout9": HELDOUT9,
    "heldout10": HELDOUT10,
    "heldout11": HELDOUT11,
    "heldout12": HELDOUT12,
    "heldout13": HELDOUT13,
    "heldout14": HELDOUT14,
    "heldout15": HELDOUT15,
    "heldout16": HELDOUT16,
    "heldout17": HELDOUT17,
    "heldout18": HELDOUT18,
    "heldout19": HELDOUT19,
    "heldout20": HELDOUT20,
    "heldout21": HELDOUT21,
    "heldout22": HELDOUT22,
    "heldout23": HELDOUT23,
    "heldout24": HELDOUT24,
    "heldout25": HELDOUT25,
    "heldout26": HELDOUT26,
    "heldout27": HELDOUT27,
    "heldout28": HELDOUT28,
    "heldout29": HELDOUT29,
    "heldout30": HELDOUT30,
    "heldout31": HELDOUT31,
    "heldout32": HELDOUT32,
    "heldout33": HELDOUT33,
    "heldout34": HELDOUT34,
    "heldout35": HELDOUT35,
    "heldout36": HELDOUT36,
    "heldout37": HELDOUT37,
    "heldout38": HELDOUT38,
    "heldout39": HELDOUT39,
    "heldout40": HELDOUT40,
    "heldout41": HELDOUT41,
    "heldout42": HELDOUT42,
    "heldout43": HELDOUT43,
}


@dataclass
class LayoutTally:
    outputs: int = 0
    misreads: int = 0
    wrong: int = 0
    classes: Counter[str] = field(default_factory=Counter)
    examples: list[tuple[BlindOutput, Score, str]] = field(default_factory=list)


@dataclass
class SetReport:
    name: str
    seed: int
    outputs: int = 0
    refusals: int = 0
    with_undecided: int = 0
    classes: Counter[str] = field(default_factory=Counter)
    layouts: dict[str, LayoutTally] = field(default_factory=dict)

    @property
    def misreads(self) -> int:
        return sum(self.classes.values())

    @property
    def wrong(self) -> int:
        return sum(count for kind, count in self.classes.items() if kind in WRONG_NUMBER)


def rng_for(set_name: str, seed: int) -> random.Random:
    """The set's own stream for a seed: the two sets never share draws."""
    return random.Random(f"blind-{set_name}-{seed}")


def measure(set_name: str, seed: int, count: int, examples: int = 0) -> SetReport:
    """Draw ``count`` outputs of the set and score each with the fixed scorer."""
    layout_set = SETS[set_name]
    chooser = RandomChooser(rng_for(set_name, seed))
    scorer = get_scorer("ragas")
    report = SetReport(set_name, seed, layouts={name: LayoutTally() for name in layout_set.names})
    for index in range(count):
        output = layout_set.draw(chooser)
        score = scorer.score(output.case(f"blind-{set_name}-{seed}-{index}"))
        kind = misread(output, score)
        report.outputs += 1
        report.refusals += output.refusal
        report.with_undecided += output.truth is not None and None in output.truth
        tally = report.layouts[output.layout]
        tally.outputs += 1
        if kind is None:
            continue
        report.classes[kind] += 1
        tally.misreads += 1
        tally.wrong += kind in WRONG_NUMBER
        tally.classes[kind] += 1
        if len(tally.examples) < examples:
            tally.examples.append((output, score, kind))
    return report


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _clip(text: str, limit: int) -> str:
    text = text if len(text) <= limit else text[:limit] + f"… [{len(text) - limit} more characters]"
    return "\n".join("      | " + line for line in text.splitlines() or [""])


def _worst_first(report: SetReport) -> list[tuple[str, LayoutTally]]:
    return sorted(
        report.layouts.items(),
        key=lambda item: (
            -item[1].misreads / max(item[1].outputs, 1),
            -item[1].wrong / max(item[1].outputs, 1),
            item[0],
        ),
    )


def render(report: SetReport, *, examples: bool = False) -> str:
    n = report.outputs
    out = [
        f"set {report.name}, seed {report.seed}: {n} outputs, {len(report.layouts)} layouts "
        f"(refusals {report.refusals}, with an undecided item {report.with_undecided})",
        f"  misread:       {report.misreads:>6} ({_percent(report.misreads, n)})",
        f"  wrong numbers: {report.wrong:>6} ({_percent(report.wrong, n)})"
        "   [scored too low + scored too high + refusal scored]",
        "  by class: " + ", ".join(f"{kind} {report.classes[kind]}" for kind in CLASSES),
        "",
        f"  {'layout':<26} {'outputs':>7} {'misread':>8} {'%':>7} {'wrong':>6} {'%':>7}  classes",
    ]
    for name, tally in _worst_first(report):
        classes = ", ".join(f"{kind} {count}" for kind, count in tally.classes.most_common())
        out.append(
            f"  {name:<26} {tally.outputs:>7} {tally.misreads:>8} {_percent(tally.misreads, tally.outputs):>7} "
            f"{tally.wrong:>6} {_percent(tally.wrong, tally.outputs):>7}  {classes}"
        )
    if examples:
        out += ["", f"  examples of misreads (set {report.name}, worst layouts first):"]
        for name, tally in _worst_first(report):
            for output, score, kind in tally.examples:
                got = f"{score.status.value} value={score.value} cause={getattr(score.cause, 'value', None)}"
                shown = {k: v for k, v in output.dimensions.items() if k not in ("layout", "n")}
                out += [
                    f"  [{name}: {kind}] n={len(output.statements)}",
                    f"    expected: {output.describe_expected()}",
                    f"    read:     {got}",
                    f"    dimensions: {shown}",
                    "    call 1:",
                    _clip(output.statements_output, 400),
                    "    call 2:",
                    _clip(output.grader_output, 1200),
                ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(prog="python -m tests.scoring.blind.measure", description=doc.splitlines()[0])
    parser.add_argument("--set", choices=(*SETS, "both"), default="both", dest="which")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--n", type=int, default=5000, help="outputs drawn per set")
    parser.add_argument("--examples", type=int, default=0, help="misread examples shown per layout (default none)")
    args = parser.parse_args(argv)
    names = ("dev", "heldout") if args.which == "both" else (args.which,)
    for position, name in enumerate(names):
        if position:
            print()
        report = measure(name, args.seed, args.n, examples=args.examples)
        print(render(report, examples=args.examples > 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
