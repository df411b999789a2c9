"""Why the numbers move: the decomposition (parser, prompts, noise), the grader's noise floor, the recorded scores."""

from __future__ import annotations

from compat.diff import DriftReport
from compat.report._arms import arm_step_sentences
from compat.report._text import left_out_note, noise_rule
from compat.report.html.charts import histogram_svg, waterfall_svg
from compat.report.html.markup import esc, num, pct, section, signed, tally


def _floor_axis(report: DriftReport) -> str:
    noise = report.noise
    if noise is None or noise.floor_multiple is None:
        return "max − min across samples"  # how a report before 1.3 drew its floors
    return f"{noise.floor_multiple:g} × the arms' combined standard deviation"


def steps_sections(report: DriftReport) -> list[str]:
    """The decomposition (a waterfall of the mean), the noise floor and the recorded scores."""
    sections = []
    steps = report.decomposition
    if steps is not None:
        parts = [
            f"<p>{steps.cases} cases carry both arms' recordings; the means are over the {steps.complete} "
            "whose three scores are all determined (the control's in [0, 1]). The middle score is the candidate "
            "scorer on the legacy arm's text: the parser step reads one text two ways, the prompt step compares "
            "two gradings, and the part of it within the grader's own spread is noise."
            + "".join(f" {esc(sentence)}" for sentence in arm_step_sentences(report))
            + "</p>"
        ]
        if steps.effects is not None:
            parts.append(waterfall_svg(report))
        changes: dict[str, float | None] = (
            dict(steps.effects.parts()) if steps.effects is not None else dict.fromkeys(steps.steps)
        )
        rows = "".join(
            f'<tr><th scope="row">{esc(step)}</th><td class="num">{signed(change)}</td>'
            f'<td class="num">{steps.steps.get(step, 0)}</td><td class="num">{steps.flips.get(step, 0)}</td></tr>'
            for step, change in changes.items()
        )
        parts.append(
            '<table class="steps">\n<caption>Each step: its mean change, the cases it made differ, the flips it'
            ' made</caption>\n<thead><tr><th scope="col">step</th><th scope="col" class="num">mean change</th>'
            '<th scope="col" class="num">cases</th><th scope="col" class="num">flips</th></tr></thead>\n'
            f"<tbody>{rows}</tbody>\n</table>"
        )
        if steps.parser_causes:
            parts.append(f"<p>Parser step causes: {tally(steps.parser_causes)}.</p>")
        if steps.left_out:
            parts.append(f'<p class="left-out">{esc(left_out_note(steps.left_out).capitalize())}.</p>')
        if steps.incomplete:
            parts.append(f'<p class="muted">Left out of the means: {tally(steps.incomplete)}.</p>')
        sections.append(section("steps", "Why the numbers move", "\n".join(parts)))
    noise = report.noise
    if noise is not None:
        beyond = report.agreement_beyond_noise
        parts = [
            f"<p>{noise.cases} cases were graded more than once (up to {noise.samples} sample pairs): noise floor "
            f"mean {num(noise.floor_mean)}, max {num(noise.floor_max)}; {noise.noisy} with a floor above zero. "
            f"Differences within noise: {report.outcomes.get('within_noise', 0)} "
            f"({tally(noise.within_noise)})."
            + (
                f" Agreement beyond noise {pct(beyond.rate)}, Wilson 95% {pct(beyond.wilson_low)} to "
                f"{pct(beyond.wilson_high)}."
                if beyond is not None
                else ""
            )
            + "</p>"
            + (f'<p class="muted" id="noise-rule">Noise {esc(noise_rule(report))}.</p>' if noise_rule(report) else ""),
            histogram_svg(noise.histogram, _floor_axis(report), key="noise-histogram", what="noise floor"),
        ]
        sections.append(section("noise", "Grader noise", "\n".join(parts)))
    observed = report.observed
    if observed is not None:
        generations = ", ".join(f"<code>{esc(name)}</code> {count}" for name, count in observed.generations.items())
        listed = "".join(f"<li><code>{esc(line)}</code></li>" for line in observed.mismatches)
        parts = [f"<p>{observed.cases} cases carry a score promptfoo recorded: {esc(observed.reproduction())}.</p>"]
        if observed.exact_checked:
            parts.append(
                f"<p>Reproduced exactly (score, pass and reason) by each generation: {generations or '—'}; by "
                f"none: {observed.unmatched}.</p>"
            )
        if observed.regraded_cases:
            parts.append(
                f"<p>Graded again: {observed.regraded_cases} cases; today's grader reproduces the recorded score on "
                f"{observed.regraded_samples_reproduced} of {observed.regraded_samples} samples.</p>"
            )
        if listed:
            parts.append(f"<p>Not reproduced by the legacy scorer:</p>\n<ul>{listed}</ul>")
        sections.append(section("observed", "Recorded scores", "\n".join(parts)))
    return sections
