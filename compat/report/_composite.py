"""The composite's drift as report sections: Markdown (report.md), terminal lines and report.html tables."""

from __future__ import annotations

from compat._text import clip
from compat.diff import CompositeCaseRow, CompositeDrift
from compat.report._extra_section import ExtraSection
from compat.report._markdown import markdown_cell, markdown_code

_SIDES = ("pass", "fail", "undetermined")


def _num(value: float | None) -> str:
    return "undetermined" if value is None else f"{value:.2f}"


def _signed(value: float | None) -> str:
    return "n/a" if value is None else f"{value:+.3f}"


def composite_sentences(drift: CompositeDrift) -> list[str]:
    """What the section says in words, whatever it is rendered as."""
    old, new = drift.old_rule, drift.new_rule
    split = drift.split
    found = drift.unanswerable
    sentences = [
        f"Mean composite {_num(drift.means['old'])} ({old}, {drift.determined['old']} determined) → "
        f"{_num(drift.means['new'])} ({new}, {drift.determined['new']} determined); pass at "
        f"{drift.old_threshold:g} and {drift.new_threshold:g}.",
        f"Unanswerable ground truths read: {found['old']} by {old} ({found['old_adjusted']} answered correctly, "
        f"adjusted), {found['new']} by {new} ({found['new_adjusted']} adjusted).",
        f"Mean change split over {split.cases} cases with every composite determined: faithfulness scorer "
        f"{_signed(split.faithfulness)}, composite rule {_signed(split.rule)}, total {_signed(split.total)} "
        f"(faithfulness: {drift.faithfulness}).",
    ]
    if drift.missed:
        sentences.append(
            f"{drift.missed} ground truth(s) that say the information does not exist are missed by {new}'s "
            f"phrases (the hardened ones read them so): {', '.join(drift.missed_examples)}."
        )
    golden = drift.expectations
    sentences.append(f"Expected composites: {golden.checked} case(s) checked, {golden.failed} failed.")
    sentences += [f"Expected: {failure}" for failure in golden.failures]
    if drift.without_metrics:
        sentences.append(f"{drift.without_metrics} case(s) without metrics are left out.")
    return sentences


def composite_markdown(drift: CompositeDrift) -> list[str]:
    """report.md's composite section, as lines."""
    old, new = markdown_code(drift.old_rule), markdown_code(drift.new_rule)
    lines = ["", f"### Composite: {old} → {new}", "", f"**{markdown_cell(drift.verdict)}**", ""]
    lines += [f"- {markdown_cell(sentence)}" for sentence in composite_sentences(drift)]
    lines += ["", f"| {old} \\ {new} | pass | fail | undetermined |", "|---|--:|--:|--:|"]
    lines += [
        f"| {side} | " + " | ".join(str(drift.flip_matrix[side][column]) for column in _SIDES) + " |" for side in _SIDES
    ]
    lines += ["", "| cause | cases | what it means | examples |", "|---|--:|---|---|"]
    lines += [
        f"| `{row.cause}` | {row.count} | {markdown_cell(row.description)} | "
        + ", ".join(map(markdown_code, row.examples))
        + " |"
        for row in drift.causes
    ]
    return lines


def composite_terminal(drift: CompositeDrift) -> list[str]:
    lines = ["", drift.verdict]
    lines += [f"  {row.cause:34.34}{row.count:>7}  {clip(', '.join(row.examples), 60)}" for row in drift.causes]
    return lines


def _case_cells(row: CompositeCaseRow) -> tuple[str, ...]:
    old, new = row.old_score, row.new_score
    change = None if old is None or new is None else new - old
    return (row.id, _num(old), _num(new), _signed(change), _signed(row.rule_share), row.cause or "")


def composite_sections(drift: CompositeDrift) -> tuple[ExtraSection, ...]:
    """report.html's composite sections: the causes with the verdict and sentences, the flips, the cases."""
    return (
        ExtraSection(
            key="composite",
            title=f"Composite: {drift.old_rule} → {drift.new_rule}",
            caption=drift.verdict,
            header=("cause", "cases", "what it means", "examples"),
            rows=tuple((row.cause, str(row.count), row.description, ", ".join(row.examples)) for row in drift.causes),
            notes=tuple(composite_sentences(drift)),
        ),
        ExtraSection(
            key="composite-flips",
            title="Composite pass/fail",
            caption=f"{drift.old_rule} (rows) x {drift.new_rule} (columns)",
            header=("", *_SIDES),
            rows=tuple((side, *(str(drift.flip_matrix[side][c]) for c in _SIDES)) for side in _SIDES),
        ),
        ExtraSection(
            key="composite-cases",
            title="Composite: differing cases",
            caption=f"Largest change first; rule share: the part the rule change made ({len(drift.differing)} listed)",
            header=("case", drift.old_rule, drift.new_rule, "change", "rule share", "cause"),
            rows=tuple(_case_cells(row) for row in drift.differing),
        ),
    )
