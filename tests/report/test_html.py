"""report.html: one offline page, deterministic, with every corpus string made inert."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest

from compat import bundled_corpus
from compat.diff._aggregate import parse_case_line
from compat.diff._report import CaseLine, CauseRow, CohortRow, DriftReport
from compat.diff._run import ComparedBatch, DiffSettings, run_diff
from compat.report._html import render_html

SCRIPT_TAG = "<script>alert(1)</script>"
IMG_TAG = '"><img src=x onerror=alert(1)>'
ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;"
ESCAPED_IMG = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
FILTERS = ["all", "drift", "flips", "unexplained"]


class Page(HTMLParser):
    """The elements of a page: (tag, attributes) in order, and the text of script and style elements."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self._raw: str | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._raw = tag
            (self.scripts if tag == "script" else self.styles).append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag == self._raw:
            self._raw = None

    def handle_data(self, data: str) -> None:
        if self._raw == "script":
            self.scripts[-1] += data
        elif self._raw == "style":
            self.styles[-1] += data

    def tags(self, name: str) -> list[dict[str, str | None]]:
        return [attrs for tag, attrs in self.elements if tag == name]


@pytest.fixture(scope="module")
def bundled() -> tuple[DriftReport, list[CaseLine]]:
    lines: list[CaseLine] = []

    def collect(batch: ComparedBatch) -> None:
        lines.extend(parse_case_line(line) for line in batch.lines)

    report = run_diff(bundled_corpus(), DiffSettings(), on_comparisons=collect)
    return report, [line for line in lines if line.outcome != "match"]


def hostile_line(case_id: str, outcome: str, cause: str | None) -> CaseLine:
    return CaseLine(
        id=case_id,
        tags=[IMG_TAG, SCRIPT_TAG, "plain"],
        outcome=outcome,
        cause=cause,
        delta=-0.5,
        control_score="NaN",
        control_passed=True,
        control_reason=f"legacy read {SCRIPT_TAG} and \x00\x1b\ud800",
        candidate_score=0.5,
        candidate_passed=False,
        candidate_status="scored",
        candidate_cause=None,
        candidate_format="text_final_line",
        candidate_warnings=[IMG_TAG],
        candidate_reason=f"ragas read {IMG_TAG}",
    )


@pytest.fixture(scope="module")
def hostile(bundled: tuple[DriftReport, list[CaseLine]]) -> tuple[DriftReport, list[CaseLine]]:
    """The bundled report with corpus-controlled strings replaced by markup."""
    report, _ = bundled
    corpus = report.corpus.model_copy(update={"sources": [SCRIPT_TAG + ".jsonl", IMG_TAG]})
    scorers = report.scorers.model_copy(update={"candidate_policy": IMG_TAG})
    causes = [
        CauseRow(cause="unexplained", description=SCRIPT_TAG, count=1, outcomes={"drift": 1}, examples=[IMG_TAG]),
        *report.causes,
    ]
    cohorts = [
        CohortRow(tag=IMG_TAG, cases=1, outcomes={"drift": 1}, unexplained=1, agreement=0.0),
        *report.cohorts,
    ]
    report = report.model_copy(
        update={
            "tool": SCRIPT_TAG,
            "verdict": f"verdict {IMG_TAG}",
            "corpus": corpus,
            "scorers": scorers,
            "causes": causes,
            "cohorts": cohorts,
            "legacy_invalid": {**report.legacy_invalid, IMG_TAG: 1},
        }
    )
    lines = [
        hostile_line(SCRIPT_TAG, "drift", "unexplained"),
        hostile_line(IMG_TAG, "flip", "missing_verdicts"),
        hostile_line(f"{SCRIPT_TAG}{IMG_TAG}", "drift", "json_verdicts_unseen"),
    ]
    return report, lines


def test_the_same_report_renders_the_same_bytes(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    page = render_html(report, lines)
    again = render_html(DriftReport.model_validate_json(report.model_dump_json()), list(lines))
    assert page == again
    assert page.startswith("<!DOCTYPE html>\n")
    assert report.verdict in page


def test_the_page_references_nothing_outside_itself(
    bundled: tuple[DriftReport, list[CaseLine]], hostile: tuple[DriftReport, list[CaseLine]]
) -> None:
    for report, lines in (bundled, hostile):
        page = render_html(report, lines)
        assert "http://" not in page
        assert "https://" not in page
        parsed = Page(page)
        for tag, attrs in parsed.elements:
            assert not {"src", "href", "action", "xlink:href", "srcset", "background"} & set(attrs), tag
        assert all("url(" not in style and "@import" not in style for style in parsed.styles)
        assert [tag for tag, _ in parsed.elements if tag in ("link", "iframe", "object", "embed", "img")] == []


def test_hostile_strings_are_escaped_everywhere(hostile: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = hostile
    page = render_html(report, lines)
    assert SCRIPT_TAG not in page
    assert IMG_TAG not in page
    assert "<img" not in page
    assert ESCAPED_SCRIPT in page
    assert ESCAPED_IMG in page
    page.encode("utf-8")  # a lone surrogate in a reason does not break writing the file
    parsed = Page(page)
    assert len(parsed.tags("script")) == 1
    assert all(not name.startswith("on") for _, attrs in parsed.elements for name in attrs)
    # The script is a constant: no corpus data in it.
    (script,) = parsed.scripts
    assert "alert" not in script
    assert render_html(report, lines[:1]).count(script) == 1
    rows = [attrs for attrs in parsed.tags("tr") if "data-outcome" in attrs]
    assert [(r["data-outcome"], r["data-cause"]) for r in rows] == [
        ("drift", "unexplained"),
        ("flip", "missing_verdicts"),
        ("drift", "json_verdicts_unseen"),
    ]


def test_the_content_security_policy_allows_only_the_pages_own_script(
    bundled: tuple[DriftReport, list[CaseLine]],
) -> None:
    report, lines = bundled
    parsed = Page(render_html(report, lines))
    (meta,) = [m for m in parsed.tags("meta") if m.get("http-equiv") == "Content-Security-Policy"]
    policy = {d.split()[0]: d.split()[1:] for d in (meta["content"] or "").split(";") if d.strip()}
    (script,) = parsed.scripts
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == [f"'sha256-{digest}'"]
    assert policy["style-src"] == ["'unsafe-inline'"]
    assert policy["img-src"] == ["data:"]
    # The policy comes before anything it governs.
    assert [tag for tag, _ in parsed.elements].index("meta") < [tag for tag, _ in parsed.elements].index("style")


def test_the_filter_buttons_and_counts(hostile: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = hostile
    page = render_html(report, lines)
    parsed = Page(page)
    buttons = parsed.tags("button")
    assert [b["data-filter"] for b in buttons] == FILTERS
    assert [b["aria-pressed"] for b in buttons] == ["true", "false", "false", "false"]
    counts = re.findall(r'data-filter="(\w+)"[^>]*>\w+ <span class="muted">\((\d+)\)</span>', page)
    assert counts == [("all", "3"), ("drift", "2"), ("flips", "1"), ("unexplained", "1")]
    assert '<output id="visible-count">3</output> of 3 cases' in page
    (table,) = [t for t in parsed.tags("table") if t.get("id") == "cases-table"]
    assert table["data-filter"] == "all"


def test_the_bundled_filter_counts_match_the_cases(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    page = render_html(report, lines)
    expected = {
        "all": len(lines),
        "drift": sum(line.outcome == "drift" for line in lines),
        "flips": sum(line.outcome == "flip" for line in lines),
        "unexplained": sum(line.cause == "unexplained" for line in lines),
    }
    for name, count in expected.items():
        assert f'data-filter="{name}"' in page
        assert re.search(rf'data-filter="{name}"[^>]*>{name} <span class="muted">\({count}\)</span>', page), name
    rows = [attrs for attrs in Page(page).tags("tr") if "data-outcome" in attrs]
    assert len(rows) == len(lines)


def test_the_histogram_has_one_bar_per_bin(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    report = report.model_copy(update={"decomposition": None, "noise": None})  # their own charts: tested apart
    parsed = Page(render_html(report, lines))
    (svg,) = parsed.tags("svg")
    assert svg["role"] == "img"
    bars = [attrs for attrs in parsed.tags("rect") if "bar" in (attrs.get("class") or "").split()]
    assert len(bars) == len(report.deltas.histogram) > 0
    assert [int(bar["data-count"] or "") for bar in bars] == [b.count for b in report.deltas.histogram]
    tallest = max(report.deltas.histogram, key=lambda b: b.count)
    heights = [float(bar["height"] or "") for bar in bars]
    assert heights[report.deltas.histogram.index(tallest)] == max(heights) > 0


def test_a_truncated_table_says_where_the_rest_is(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    page = render_html(report, lines[:10], cases_truncated=len(lines) - 10)
    assert f"first 10 differing cases; {len(lines) - 10} more are in <code>cases.jsonl</code>" in page
    assert "more are in" not in render_html(report, lines)


def test_no_cases_renders_without_a_case_table(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, _ = bundled
    page = render_html(report, [])
    assert "No case to list." in page
    assert 'id="cases-table"' not in page
    assert Page(page).tags("script")  # the script copes with a page without the table


def test_the_waterfall_walks_the_mean_through_each_step(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    parsed = Page(render_html(report, lines))
    bars = [attrs for attrs in parsed.tags("rect") if attrs.get("data-step")]
    assert [bar["data-step"] for bar in bars] == ["legacy", "parser", "prompts", "noise", "ragas"]
    heading = [attrs for attrs in parsed.tags("h2") if attrs.get("id") == "s-steps"]
    assert heading, "the decomposition has its section"


def test_the_noise_histogram_has_a_bar_per_floor_bin(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    assert report.noise is not None
    page = render_html(report, lines)
    start = page.index('aria-labelledby="noise-histogram-title"')
    svg = page[start : page.index("</svg>", start)]
    counts = [int(n) for n in re.findall(r'class="bar" [^>]*data-count="(\d+)"', svg)]
    assert counts == [b.count for b in report.noise.histogram] and len(counts) == 11
