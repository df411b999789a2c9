"""The drift report for people: a terminal summary (80 columns) and GitHub Markdown.

Pure functions of a ``DriftReport``; colour is ANSI and only when asked for (the CLI
asks on a TTY).
"""

from __future__ import annotations

import textwrap

from compat._text import clip, format_change, printable
from compat.diff import CaseLine, CohortRow, DriftReport
from compat.report._arms import SIDES, arm_step_sentences, model_snapshots, scorer_label, scorers_title
from compat.report._composite import composite_markdown, composite_terminal
from compat.report._markdown import MARKDOWN_STRING_WIDTH, markdown_cell, markdown_code
from compat.report._numbers import pct
from compat.report._people import people_markdown, people_terminal
from compat.report._statements import statement_markdown

WIDTH = 80
_BOLD, _RED, _GREEN, _YELLOW, _RESET = "\033[1m", "\033[31m", "\033[32m", "\033[33m", "\033[0m"


def _num(x: float | str | None, digits: int = 3) -> str:
    if x is None:
        return "—"
    if isinstance(x, str):
        return x
    return f"{x:+.{digits}f}" if digits and x < 0 else f"{x:.{digits}f}"


def render_terminal(report: DriftReport, *, color: bool = False) -> str:
    def paint(text: str, code: str) -> str:
        return f"{code}{text}{_RESET}" if color else text

    s = report.scorers
    lines = [paint(line, _BOLD + _RED) for line in textwrap.wrap(_no_decision(report), WIDTH)]
    lines += [paint(line, _BOLD) for line in textwrap.wrap(report.verdict, WIDTH)] + [""]
    for warning in report.warnings or ():
        wrapped = textwrap.wrap(f"warning: {printable(warning)}", WIDTH, subsequent_indent="  ")
        lines += [paint(line, _YELLOW) for line in wrapped] + [""]
    a = report.agreement
    lines.append(f"agreement {pct(a.rate)} (Wilson 95%: {pct(a.wilson_low)} to {pct(a.wilson_high)})")
    means = report.means
    lines.append(
        f"mean {scorer_label(s, 'control', aside=True)} {_num(means['control'].mean)} (n={means['control'].count}), "
        f"mean {scorer_label(s, 'candidate', aside=True)} {_num(means['candidate'].mean)} "
        f"(n={means['candidate'].count})"
    )
    invalid = ", ".join(f"{n} {kind}" for kind, n in report.legacy_invalid.items() if n) or "none"
    lines.append(f"{s.control} scores outside [0, 1]: {invalid}")
    lines += _steps_terminal(report)
    lines += ["", f"pass/fail: {scorer_label(s, 'control')} (rows) vs {scorer_label(s, 'candidate')} (columns)"]
    lines.append(f"  {'':14}{'pass':>10}{'fail':>10}{'undetermined':>14}")
    for side, cells in report.flip_matrix.items():
        counts = f"{cells['pass']:>10}{cells['fail']:>10}{cells['undetermined']:>14}"
        lines.append(f"  {s.control + ' ' + side:14.14}{counts}")
    if report.causes:
        lines += ["", f"  {'cause':34}{'cases':>7}  examples"]
        for row in report.causes:
            name = paint(f"{row.cause:34.34}", _RED) if row.cause == "unexplained" else f"{row.cause:34.34}"
            lines.append(f"  {name}{row.count:>7}  {clip(', '.join(row.examples), WIDTH - 45)}")
    if report.largest_drifts:
        lines += ["", f"  {'largest drifts':30}{s.control[:9]:>9}{s.candidate[:9]:>9}{'delta':>8}  cause"]
        for case in report.largest_drifts:
            lines.append(
                f"  {clip(case.id, 30):30}{_num(case.control_score):>9}{_num(case.candidate_score):>9}"
                f"{_num(case.delta):>8}  {clip(case.cause or '', 18)}"
            )
    lines += composite_terminal(report.composite) if report.composite is not None else []
    lines += people_terminal(report.against_people) if report.against_people is not None else []
    if report.expectations.failed:
        lines += ["", paint(f"{report.expectations.failed} case(s) miss their expected outcome:", _YELLOW)]
        lines += [f"  {clip(failure, WIDTH - 2)}" for failure in report.expectations.failures]
    if report.no_decision is not None:
        status, code = f"{_no_decision(report)}; nothing to decide a switch on", _RED
    elif report.unexplained:
        status, code = f"{report.unexplained} unexplained drift(s): investigate before switching", _RED
    else:
        status, code = "every difference is explained", _GREEN
    lines += ["", *(paint(line, code) for line in textwrap.wrap(status, WIDTH))]
    return "\n".join(lines) + "\n"


def _no_decision(report: DriftReport) -> str:
    """``no decision: <why>``, or nothing where a decision can be made."""
    return "" if report.no_decision is None else f"no decision: {printable(report.no_decision)}"


def left_out_note(left_out: dict[str, int]) -> str:
    """The steps left out of the path, because the arm between two others was not recorded."""
    parts = ", ".join(f"{step} on {count} case{'s' * (count != 1)}" for step, count in left_out.items())
    return f"steps left out (the arm between is not recorded; the change is in the step before it): {parts}"


def noise_rule(report: DriftReport) -> str:
    """How the noise floor was drawn and whether the samples make it usable, in words ("" before 1.3)."""
    noise = report.noise
    if noise is None or noise.floor_multiple is None or noise.usable_samples is None:
        return ""
    usable, have = noise.usable_samples, noise.usable_cases
    said = f"floor: {noise.floor_multiple:g} x the arms' combined standard deviation, usable from {usable} samples"
    if have is not None and have < noise.cases:
        return f"{said} an arm ({have} of {noise.cases} cases have them: grade with --samples {usable} or more)"
    return f"{said} an arm (every case has them)"


def _steps_terminal(report: DriftReport) -> list[str]:
    """Why the numbers move, where the corpus carries what it takes."""
    lines: list[str] = []
    steps = report.decomposition
    if steps is not None:
        lines += ["", f"why the numbers move ({steps.cases} cases with both arms, {steps.complete} complete):"]
        if steps.effects is not None:
            e = steps.effects
            snapshots = model_snapshots(report)
            walked = " -> ".join(
                f"{step} {format_change(change)}" + (f" ({snapshots})" if step == "model" and snapshots else "")
                for step, change in e.parts()
            )
            lines.append(f"  mean {_num(steps.means['control'])} -> {walked} -> {_num(steps.means['candidate'])}")
        made = ", ".join(f"{step} {steps.steps[step]}" for step in steps.steps)
        flips = ", ".join(f"{step} {steps.flips[step]}" for step in steps.flips)
        lines.append(f"  cases each step made differ: {made}")
        lines.append(f"  flips each step made: {flips}")
        if steps.left_out:
            lines.append(f"  {left_out_note(steps.left_out)}")
    noise = report.noise
    if noise is not None:
        lines.append(
            f"noise ({noise.cases} cases graded again): floor mean {_num(noise.floor_mean)}, max "
            f"{_num(noise.floor_max)}; {report.outcomes.get('within_noise', 0)} within noise"
        )
        rule = noise_rule(report)
        if rule:
            lines += textwrap.wrap(rule, WIDTH, initial_indent="  ", subsequent_indent="  ")
        beyond = report.agreement_beyond_noise
        if beyond is not None:
            lines.append(
                f"agreement beyond noise {pct(beyond.rate)} "
                f"(Wilson 95%: {pct(beyond.wilson_low)} to {pct(beyond.wilson_high)})"
            )
    observed = report.observed
    if observed is not None:
        lines += textwrap.wrap(
            f"recorded scores ({observed.cases} cases): {observed.reproduction()}",
            WIDTH,
            subsequent_indent="  ",
        )
        if observed.regraded_samples:
            lines.append(
                f"  graded again: {observed.regraded_samples_reproduced} of {observed.regraded_samples} samples "
                "give the recorded score"
            )
        lines += [f"  {clip(line, WIDTH - 2)}" for line in observed.mismatches]
    return lines


def _steps_markdown(report: DriftReport) -> list[str]:
    """The decomposition, noise and recorded-score sections as compact Markdown tables."""
    lines: list[str] = []
    steps = report.decomposition
    if steps is not None:
        lines += [
            "",
            "### Why the numbers move",
            "",
            f"{steps.cases} cases with both arms recorded; means over the {steps.complete} complete ones. "
            "Parser: one text read two ways; prompts: the RAGAS prompts' grading; noise: the part of it "
            "within the grader's own spread." + "".join(f" {sentence}" for sentence in arm_step_sentences(report)),
            "",
        ]
        e = steps.effects
        control = scorer_label(report.scorers, "control", markdown_cell, aside=True)
        rows = [["mean, " + control, _num(steps.means["control"]), "", ""]]
        changes: dict[str, float | None] = dict(e.parts()) if e is not None else dict.fromkeys(steps.steps)
        for step, change in changes.items():
            made, flips = steps.steps.get(step, 0), steps.flips.get(step, 0)
            rows.append([f"+ {step}", format_change(change), str(made), str(flips)])
        candidate = scorer_label(report.scorers, "candidate", markdown_cell, aside=True)
        rows.append(["= mean, " + candidate, _num(steps.means["candidate"]), "", ""])
        lines += _table(["step", "mean", "cases it made differ", "flips"], rows, "---|--:|--:|--:")
        if steps.parser_causes:
            causes = ", ".join(f"`{cause}` {n}" for cause, n in steps.parser_causes.items())
            lines += ["", f"Parser step causes: {causes}."]
        if steps.left_out:
            lines += ["", left_out_note(steps.left_out) + "."]
    noise = report.noise
    if noise is not None:
        beyond = report.agreement_beyond_noise
        bins = " · ".join(f"{_edge_label(b.low, b.high)}: {b.count}" for b in noise.histogram if b.count)
        lines += [
            "",
            f"**Noise**: {noise.cases} cases graded again; floor mean {_num(noise.floor_mean)}, max "
            f"{_num(noise.floor_max)} ({bins}); {report.outcomes.get('within_noise', 0)} differences within noise"
            + (f" ({noise_rule(report)})" if noise_rule(report) else "")
            + (
                f"; agreement beyond noise {pct(beyond.rate)} "
                f"(Wilson 95%: {pct(beyond.wilson_low)} to {pct(beyond.wilson_high)})."
                if beyond is not None
                else "."
            ),
        ]
    observed = report.observed
    if observed is not None:
        lines += [
            "",
            "### Recorded scores",
            "",
            f"{observed.cases} cases carry a score promptfoo recorded; {observed.reproduction()}"
            + (
                f"; regraded, {observed.regraded_samples_reproduced} of {observed.regraded_samples} samples "
                "reproduce it."
                if observed.regraded_samples
                else "."
            ),
        ]
        if observed.exact_checked:
            reproduced = [[markdown_code(name), str(n)] for name, n in observed.generations.items()]
            lines += ["", *_table(["generation", "reproduces"], reproduced, "---|--:")]
        if observed.mismatches:
            lines += ["", *(f"- {markdown_cell(line, 2 * MARKDOWN_STRING_WIDTH)}" for line in observed.mismatches)]
    return lines


def _edge_label(low: float, high: float) -> str:
    return "0" if low == high == 0 else f"{low:.1f}–{high:.1f}"


# The most cohorts and sources report.md lists, for the same reason.
COHORTS_LISTED = 100
SOURCES_LISTED = 10
COMMENT_LIMIT = 65_536  # GitHub's limit on a comment's characters


def _table(header: list[str], rows: list[list[str]], align: str | None = None) -> list[str]:
    spec = align or "|".join("---" for _ in header)
    out = ["| " + " | ".join(header) + " |", "|" + spec + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def render_markdown(report: DriftReport) -> str:
    s = report.scorers
    a = report.agreement
    if report.no_decision is not None:
        status = "Nothing to decide a switch on."
    elif report.unexplained:
        status = f"**{report.unexplained} unexplained drift(s).**"
    else:
        status = "Every difference is explained."
    lines = [
        f"## faithcompat: {scorers_title(s, markdown_code)}",
        "",
        *([f"**No decision: {markdown_cell(report.no_decision)}**", ""] if report.no_decision is not None else []),
        f"**{markdown_cell(report.verdict)}**",
        "",
        *(f"> **Warning**: {markdown_cell(warning)}.\n" for warning in report.warnings or ()),
        f"Agreement **{pct(a.rate)}** (Wilson 95%: {pct(a.wilson_low)} to {pct(a.wilson_high)}). "
        f"Mean {scorer_label(s, 'control', markdown_cell, aside=True)} {_num(report.means['control'].mean)}, "
        f"mean {scorer_label(s, 'candidate', markdown_cell, aside=True)} {_num(report.means['candidate'].mean)}. "
        + status,
        "",
        "### Pass/fail flips",
        "",
    ]
    lines += _table(
        [
            f"{scorer_label(s, 'control', markdown_cell, aside=True)} \\ "
            f"{scorer_label(s, 'candidate', markdown_cell, aside=True)}",
            *("pass", "fail", "undetermined"),
        ],
        [
            [side] + [str(cells[c]) for c in ("pass", "fail", "undetermined")]
            for side, cells in report.flip_matrix.items()
        ],
        "---|--:|--:|--:",
    )
    lines += ["", "### Causes", ""]
    lines += _table(
        ["cause", "cases", "what it means", "examples"],
        [
            [
                f"`{row.cause}`",
                str(row.count),
                markdown_cell(row.description),
                ", ".join(map(markdown_code, row.examples)),
            ]
            for row in report.causes
        ],
        "---|--:|---|---",
    )
    lines += ["", "### Cohorts", ""]
    outcome_names = list(report.outcomes)
    cohorts = _cohorts_listed(report)
    lines += _table(
        ["tag", "cases", *outcome_names, "unexplained"],
        [
            [
                markdown_code(row.tag),
                str(row.cases),
                *(str(row.outcomes.get(o, 0)) for o in outcome_names),
                str(row.unexplained),
            ]
            for row in cohorts
        ],
        "---|" + "|".join("--:" for _ in range(len(outcome_names) + 2)),
    )
    if len(cohorts) < len(report.cohorts):
        lines += [
            "",
            f"The {len(cohorts)} cohorts with the most unexplained drifts, then the most cases; "
            f"and {len(report.cohorts) - len(cohorts)} more (all in report.json and report.html).",
        ]
    lines += _steps_markdown(report)
    lines += statement_markdown(report.statement_agreement)
    lines += ["", "### Largest drifts", ""]
    lines += _table(
        ["case", *(scorer_label(s, side, markdown_cell, aside=True) for side in SIDES), "delta", "cause"],
        [_drift_row(case) for case in report.largest_drifts],
        "---|--:|--:|--:|---",
    )
    lines += composite_markdown(report.composite) if report.composite is not None else []
    lines += people_markdown(report.against_people) if report.against_people is not None else []
    lines += _details(report)
    return "\n".join(lines) + "\n"


def _cohorts_listed(report: DriftReport) -> list[CohortRow]:
    """Every cohort, or the COHORTS_LISTED that matter most, in the report's order."""
    if len(report.cohorts) <= COHORTS_LISTED:
        return report.cohorts
    rows = report.cohorts
    ranked = sorted(range(len(rows)), key=lambda i: (-rows[i].unexplained, -rows[i].cases))
    return [rows[i] for i in sorted(ranked[:COHORTS_LISTED])]


def _drift_row(case: CaseLine) -> list[str]:
    return [
        markdown_code(case.id),
        _num(case.control_score),
        _num(case.candidate_score),
        _num(case.delta),
        f"`{case.cause}`",
    ]


def _sources(sources: list[str]) -> str:
    listed = ", ".join(map(markdown_code, sources[:SOURCES_LISTED]))
    return listed + (f" and {len(sources) - SOURCES_LISTED} more" if len(sources) > SOURCES_LISTED else "")


def _vocabulary_note(report: DriftReport) -> str:
    vocabulary = report.scorers.candidate_vocabulary
    if vocabulary is None:
        return ""
    added = "; ".join(
        f"{kind} " + ", ".join(map(markdown_code, words))
        for kind, words in (("yes", vocabulary.yes), ("no", vocabulary.no), ("none", vocabulary.none))
        if words
    )
    return f"; verdict words added (--vocabulary): {added}"


def _details(report: DriftReport) -> list[str]:
    d = report.deltas
    percentiles = ", ".join(f"{k} {_num(v)}" for k, v in d.percentiles.items())
    invalid = ", ".join(f"{n} {kind}" for kind, n in report.legacy_invalid.items())
    lines = [
        "",
        "<details><summary>Corpus and distribution</summary>",
        "",
        f"- corpus: {report.corpus.cases} cases from " + _sources(report.corpus.sources),
        f"- sha256: `{report.corpus.sha256}`; skipped invalid: {report.corpus.skipped_invalid}",
        f"- tolerance: {report.scorers.tolerance:g}; candidate policy: {report.scorers.candidate_policy or 'default'}"
        + _vocabulary_note(report),
        f"- deltas ({d.count} cases with both scores finite): mean {_num(d.mean)}, {percentiles}",
        f"- {markdown_cell(report.scorers.control)} scores outside [0, 1]: {invalid}",
        f"- expected outcomes: {report.expectations.checked} cases checked, {report.expectations.failed} failed",
        f"- {markdown_cell(report.tool)}, report schema {report.schema_version}",
        "",
        "</details>",
    ]
    return lines
