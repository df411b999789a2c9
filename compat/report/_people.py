"""The section "against people" (``diff --labels``) as report sections: Markdown, terminal lines, report.html tables.

Every renderer says the same things, from the same rows (``people_rows``); corpus strings
(case ids, statements, contexts, labellers) go through the Markdown escapes or, on the
page, through ``ExtraSection`` (escaped by the page), never as markup.
"""

from __future__ import annotations

from compat._text import clip
from compat.diff import AgainstPeople, ArmAgreement, Share
from compat.report._extra_section import ExtraSection
from compat.report._markdown import markdown_cell
from compat.report._numbers import pct

CONTEXT_CHARS = 300  # of a parted statement's contexts, on the page and in report.md (all of it in report.json)


def share_text(value: Share | None) -> str:
    """``agreed of of`` as a rate with its Wilson 95% interval."""
    if value is None:
        return "reads a count, not statements"
    if not value.of:
        return "none labelled"
    interval = f"Wilson 95% {pct(value.wilson_low)} to {pct(value.wilson_high)}"
    return f"{value.agreed} of {value.of}: {pct(value.rate)} ({interval})"


def kappa_text(row: ArmAgreement) -> str:
    if row.kappa is None:
        return "undefined (one class)" if row.statements else "none judged"
    return f"{row.kappa:.2f} (95% {row.kappa_low:.2f} to {row.kappa_high:.2f})"


def arm_name(row: ArmAgreement) -> str:
    arm = "shared grader text" if row.arm is None else f"arm {row.arm}"
    return f"{arm} ({'HHEM checks' if row.judged_by == 'hhem' else 'its grader'})"


def people_sentences(section: AgainstPeople) -> list[str]:
    """What the section says in words, whatever it is rendered as."""
    stale = f"{section.stale} stale (never counted)" if section.stale else "none stale"
    said = [
        f"{section.labels} label(s) by {', '.join(section.labellers) or 'nobody'} on {section.cases} case(s) "
        f"counted; {stale}; {section.replaced} replaced by a later label of the same person.",
    ]
    said += [f"Stale: {reason}" for reason in section.stale_reasons]
    if section.split:
        said.append(
            f"{section.split} statement(s) whose labellers disagree are left out of the scorers' and arms' figures."
        )
    said.append(f"Kappa's interval: {section.kappa_interval}.")
    people = section.people
    if people is not None:
        kappa = (
            "undefined"
            if people.kappa is None
            else f"{people.kappa:.2f} (95% {people.kappa_low:.2f} to {people.kappa_high:.2f})"
        )
        said.append(
            f"People with each other ({', '.join(people.labellers)}), over {people.statements} statement(s) two or "
            f"more labelled: readings alike {share_text(people.readings)}; judgements alike "
            f"{share_text(people.judgements)}; kappa {kappa}. The ceiling no judge should be asked to beat."
        )
        said += [f"They disagree: {line}" for line in people.disagreements]
        if people.disagreement_count > len(people.disagreements):
            said.append(f"... and {people.disagreement_count - len(people.disagreements)} more.")
    return said


def reader_rows(section: AgainstPeople) -> list[tuple[str, str, str, str, str]]:
    rows = []
    for reader in section.readers:
        misread = ", ".join(clip(item.case_id, 60) for item in reader.misread[:5])
        more = reader.misread_count - min(len(reader.misread), 5)
        misread += f" and {more} more" if more > 0 else ""
        rows.append(
            (reader.scorer, reader.role, share_text(reader.statements), share_text(reader.cases), misread or "—")
        )
    return rows


def arm_rows(section: AgainstPeople) -> list[tuple[str, str, str, str]]:
    rows = []
    for row in section.arms:
        cells = "; ".join(
            f"{people}: " + ", ".join(f"{judged} {count}" for judged, count in columns.items())
            for people, columns in row.matrix.items()
        )
        rows.append((arm_name(row), str(row.statements), kappa_text(row), cells))
    return rows


def excused_rows(section: AgainstPeople) -> list[tuple[str, str, str, str]]:
    return [(row.cause, str(row.flips), str(row.drifts), share_text(row.confirmed)) for row in section.excused]


def parted_rows(section: AgainstPeople) -> list[tuple[str, str, str, str, str]]:
    return [
        (
            arm_name(row),
            item.case_id,
            item.statement,
            f"people {item.people}, grader {item.grader}",
            clip(" | ".join(item.contexts), CONTEXT_CHARS),
        )
        for row in section.arms
        for item in row.parted
    ]


def people_markdown(section: AgainstPeople) -> list[str]:
    """report.md's section, as lines."""
    lines = ["", "### Against people", ""]
    lines += [f"- {markdown_cell(sentence)}" for sentence in people_sentences(section)]
    lines += ["", "| scorer | role | reading, per statement | reading, per case | misread |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(markdown_cell(cell) for cell in row) + " |" for row in reader_rows(section)]
    lines += ["", "| arm | statements | Cohen's kappa | people (rows) x the arm |", "|---|--:|---|---|"]
    lines += ["| " + " | ".join(markdown_cell(cell) for cell in row) + " |" for row in arm_rows(section)]
    parted = parted_rows(section)
    if parted:
        lines += ["", "| arm | case | statement | judged | contexts |", "|---|---|---|---|---|"]
        lines += ["| " + " | ".join(markdown_cell(cell, 200) for cell in row) + " |" for row in parted]
    if section.excused:
        lines += ["", "| excusing cause | flips | drifts | people confirmed |", "|---|--:|--:|---|"]
        lines += ["| " + " | ".join(markdown_cell(cell) for cell in row) + " |" for row in excused_rows(section)]
    return lines


def people_terminal(section: AgainstPeople) -> list[str]:
    """The terminal summary's lines: each scorer's reading per case, each arm's kappa."""
    lines = ["", f"  against people ({section.labels} label(s), {section.stale} stale)"]
    lines += [
        f"    {reader.scorer} ({reader.role}): reading per case {share_text(reader.cases)}"
        for reader in section.readers
    ]
    lines += [f"    {arm_name(row)}: kappa {kappa_text(row)}" for row in section.arms]
    return lines


def people_sections(section: AgainstPeople) -> tuple[ExtraSection, ...]:
    """report.html's tables: the readings, the judgements (with where they part) and the excused causes."""
    readers = ExtraSection(
        key="people-readings",
        title="Against people: the readings",
        caption="Each scorer's reading of the grader's text against people's, per statement and per case",
        header=("scorer", "role", "per statement", "per case", "misread"),
        rows=tuple(reader_rows(section)),
        notes=tuple(people_sentences(section)),
    )
    judged = ExtraSection(
        key="people-judgements",
        title="Against people: the judgements",
        caption="Each arm's judgement against people's, and the statements where they part beside the contexts",
        header=("arm", "statements", "Cohen's kappa", "people (rows) x the arm"),
        rows=tuple(arm_rows(section)),
        notes=tuple(
            f"{arm} · {case} · {statement} · {judged} · contexts: {contexts}"
            for arm, case, statement, judged, contexts in parted_rows(section)
        ),
    )
    sections = [readers, judged]
    if section.excused:
        sections.append(
            ExtraSection(
                key="people-excused",
                title="Against people: the excused flips",
                caption="The causes that excuse flips and drifts as legacy's bug, and the share people confirmed",
                header=("cause", "flips", "drifts", "people confirmed"),
                rows=tuple(excused_rows(section)),
            )
        )
    return tuple(sections)
