"""report.md is meant for a pull-request comment: it stays under GitHub's 65,536
characters whatever the corpus (its lists capped with 'and N more', its corpus
strings cut), and everything it leaves out is in report.json."""

from __future__ import annotations

from pathlib import Path

from compat.diff import CAUSE_DESCRIPTIONS, CauseRow, CohortRow, DriftCause, Outcome, load_report
from compat.report import COMMENT_LIMIT, MARKDOWN_STRING_WIDTH, markdown_code, render_markdown

ROOT = Path(__file__).resolve().parents[2]
COUNT = 10**12  # counts as wide as a corpus could make them


def test_report_markdown_fits_a_pull_request_comment_whatever_the_corpus() -> None:
    report = load_report(ROOT / "reports" / "report.json")
    assert report.observed is not None
    long = "y" * 5_000  # ids, tags and file names as long as a corpus makes them
    outcomes = {outcome.value: COUNT for outcome in Outcome}
    causes = [
        CauseRow(
            cause=cause.value,
            description=CAUSE_DESCRIPTIONS[cause],
            count=COUNT,
            outcomes=outcomes,
            examples=[f"{cause.value}-{i}{long}" for i in range(5)],
            flips={"pass_to_fail": COUNT, "fail_to_pass": COUNT},
        )
        for cause in DriftCause
    ]
    cohorts = [
        CohortRow(tag=f"tag-{i:05d}{long}", cases=COUNT, outcomes=outcomes, unexplained=1_000 - i, agreement=0.5)
        for i in range(1_000)
    ]
    big = report.model_copy(
        update={
            "causes": causes,
            "cohorts": cohorts,
            "largest_drifts": [
                row.model_copy(update={"id": f"{i}{long}"}) for i, row in enumerate(report.largest_drifts)
            ],
            "corpus": report.corpus.model_copy(update={"sources": [f"/data/{i}{long}.jsonl" for i in range(1_000)]}),
            "observed": report.observed.model_copy(
                update={"mismatches": [f"{i}{long}: reproduced by no known generation" for i in range(20)]}
            ),
        }
    )
    text = render_markdown(big)
    assert len(text) < COMMENT_LIMIT
    # the cohorts that matter most are kept (here: the most unexplained drifts), the rest counted
    assert "`tag-00000yyy" in text and "`tag-00099yyy" in text and "`tag-00100yyy" not in text
    assert "and 900 more (all in report.json and report.html)" in text
    assert "/data/9yyy" in text and "/data/10yyy" not in text and " and 990 more" in text


def test_a_long_corpus_string_is_cut_with_an_ellipsis_in_markdown() -> None:
    shown = markdown_code("a" * 500)
    assert shown == "`" + "a" * (MARKDOWN_STRING_WIDTH - 1) + "…`"
    assert markdown_code("short|id") == "`short\\|id`"


def test_the_bundled_reports_markdown_lists_every_cause_and_the_cap_note_only_when_capped() -> None:
    text = (ROOT / "reports" / "report.md").read_text(encoding="utf-8")
    report = load_report(ROOT / "reports" / "report.json")
    assert all(f"| `{row.cause}` |" in text for row in report.causes)
    capped = len(report.cohorts) > 100
    assert ("more (all in report.json and report.html)" in text) is capped
