"""report.html: one offline page, deterministic, with every corpus string made inert."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from compat import bundled_corpus
from compat.diff import (
    CaseLine,
    CauseRow,
    CohortRow,
    ComparedBatch,
    DiffSettings,
    DriftReport,
    parse_case_line,
    run_diff,
)
from compat.report import DecisionPanel, HeldCases, PanelCriterion, render_html
from compat.report.html import TEXT_CHARS
from tests.report._lines import as_lines

SCRIPT_TAG = "<script>alert(1)</script>"
IMG_TAG = '"><img src=x onerror=alert(1)>'
ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;"
ESCAPED_IMG = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
# The page's script and stylesheet.
PAGE_FILES = Path(__file__).resolve().parents[2] / "compat" / "report" / "html" / "page"


class Page(HTMLParser):
    """The elements of a page: (tag, attributes) in order, and the text of script and style elements."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []  # the scripts that run
        self.data: list[str] = []  # JSON data blocks (<script type="application/json">)
        self.styles: list[str] = []
        self._raw: str | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag == "script" and dict(attrs).get("type") == "application/json":
            self._raw = "data"
            self.data.append("")
        elif tag in ("script", "style"):
            self._raw = tag
            (self.scripts if tag == "script" else self.styles).append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag == self._raw or (tag == "script" and self._raw == "data"):
            self._raw = None

    def handle_data(self, data: str) -> None:
        if self._raw == "data":
            self.data[-1] += data
        elif self._raw == "script":
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
    page = render_html(report, as_lines(lines))
    again = render_html(DriftReport.model_validate_json(report.model_dump_json()), as_lines(list(lines)))
    assert page == again
    assert page.startswith("<!DOCTYPE html>\n")
    assert report.verdict in page


def test_the_page_references_nothing_outside_itself(
    bundled: tuple[DriftReport, list[CaseLine]], hostile: tuple[DriftReport, list[CaseLine]]
) -> None:
    for report, lines in (bundled, hostile):
        page = render_html(report, as_lines(lines))
        assert "http://" not in page
        assert "https://" not in page
        parsed = Page(page)
        for tag, attrs in parsed.elements:
            assert not {"src", "action", "xlink:href", "srcset", "background"} & set(attrs), tag
            assert (attrs.get("href") or "#").startswith("#"), attrs  # links within the page only
        assert all("url(" not in style and "@import" not in style for style in parsed.styles)
        assert [tag for tag, _ in parsed.elements if tag in ("link", "iframe", "object", "embed", "img")] == []


def _rows(parsed: Page) -> list[dict[str, object]]:
    (data,) = parsed.data
    rows: list[dict[str, object]] = json.loads(data)
    return rows


def test_hostile_strings_are_escaped_everywhere(hostile: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = hostile
    page = render_html(report, as_lines(lines))
    assert SCRIPT_TAG not in page
    assert IMG_TAG not in page
    assert "<img" not in page
    assert ESCAPED_SCRIPT in page
    assert ESCAPED_IMG in page
    page.encode("utf-8")  # a lone surrogate in a reason does not break writing the file
    parsed = Page(page)
    assert [attrs.get("type") for attrs in parsed.tags("script")] == ["application/json", None]
    assert all(not name.startswith("on") for _, attrs in parsed.elements for name in attrs)
    # The script is a constant: no corpus data in it.
    (script,) = parsed.scripts
    assert "alert" not in script
    assert render_html(report, as_lines(lines[:1])).count(script) == 1
    # The cases travel as JSON with no "<" that could end their block, and read back whole.
    (data,) = parsed.data
    assert "<" not in data
    rows = _rows(parsed)
    expected = [(line.id, line.outcome, line.cause) for line in lines]
    assert [(r["id"], r["outcome"], r["cause"]) for r in rows] == expected
    assert rows[0]["tags"] == [IMG_TAG, SCRIPT_TAG, "plain"]
    assert rows[0]["control_reason"] == lines[0].control_reason  # control characters and a lone surrogate too


def test_the_content_security_policy_allows_only_the_pages_own_script(
    bundled: tuple[DriftReport, list[CaseLine]],
) -> None:
    report, lines = bundled
    parsed = Page(render_html(report, as_lines(lines)))
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


def test_the_page_inlines_its_script_and_stylesheet_files_as_they_are(
    bundled: tuple[DriftReport, list[CaseLine]],
) -> None:
    report, lines = bundled
    parsed = Page(render_html(report, as_lines(lines)))
    script = (PAGE_FILES / "report.js").read_text(encoding="utf-8")
    assert parsed.scripts == [script]
    assert parsed.styles == [(PAGE_FILES / "report.css").read_text(encoding="utf-8")]
    (meta,) = [m for m in parsed.tags("meta") if m.get("http-equiv") == "Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    assert f"script-src 'sha256-{digest}';" in (meta["content"] or "")  # the hash of report.js's text


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node on PATH")
def test_the_script_is_valid_javascript() -> None:
    result = subprocess.run(["node", "--check", str(PAGE_FILES / "report.js")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _options(page: str, select: str) -> list[tuple[str, str]]:
    start = page.index(f'<select id="{select}">')
    body = page[start : page.index("</select>", start)]
    return re.findall(r'<option value="([^"]*)">([^<]*)</option>', body)


def test_the_filters_count_over_the_whole_corpus(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled  # the differing cases only: the counts still come from the whole corpus
    page = render_html(report, as_lines(lines), cases_truncated=report.corpus.cases - len(lines))
    total = report.corpus.cases
    outcomes = _options(page, "f-outcome")
    assert outcomes[:2] == [("all", f"all ({total})"), ("differing", f"differing ({len(lines)})")]
    assert dict(outcomes[2:]) == {name: f"{name} ({n})" for name, n in report.outcomes.items() if n}
    assert ("match", f"match ({report.outcomes['match']})") in outcomes  # matches can be filtered too
    causes = dict(_options(page, "f-cause"))
    assert causes["all"] == "any cause" and causes["none"] == f"none: match ({report.outcomes['match']})"
    assert {name for name in causes} - {"all", "none"} == {row.cause for row in report.causes}
    tags = dict(_options(page, "f-tag"))
    assert {name for name in tags} - {"all"} == {row.tag for row in report.cohorts}
    assert f'<output id="visible-count">{len(lines)}</output> of {total} cases' in page
    assert len(_rows(Page(page))) == len(lines)


def test_a_held_subset_says_where_the_rest_is(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    page = render_html(report, as_lines(lines[:10]), cases_truncated=report.corpus.cases - 10)
    assert f"The page holds 10 of the {report.corpus.cases} cases" in page
    assert f"{report.corpus.cases - 10} more are in <code>cases.jsonl</code>" in page
    assert "more are in" not in render_html(report, as_lines(lines))


def test_no_cases_still_renders_the_explorer(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, _ = bundled
    parsed = Page(render_html(report, []))
    assert _rows(parsed) == []
    assert parsed.scripts  # the script copes with an empty list


def test_the_histograms_have_one_bar_per_bin(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    report = report.model_copy(update={"decomposition": None, "noise": None})  # their own charts: tested apart
    page = render_html(report, as_lines(lines))
    # Two delta histograms: the first screen's and the Deltas section's.
    charts = re.findall(r"<svg class=\"histogram\".*?</svg>", page, flags=re.S)
    assert len(charts) == 2
    for chart in charts:
        parsed = Page(chart)
        bars = [attrs for attrs in parsed.tags("rect") if "bar" in (attrs.get("class") or "").split()]
        assert len(bars) == len(report.deltas.histogram) > 0
        assert [int(bar["data-count"] or "") for bar in bars] == [b.count for b in report.deltas.histogram]
        tallest = max(report.deltas.histogram, key=lambda b: b.count)
        heights = [float(bar["height"] or "") for bar in bars]
        assert heights[report.deltas.histogram.index(tallest)] == max(heights) > 0


PANEL = DecisionPanel(
    verdict="HOLD",
    move="stay at off",
    advice="stay at off: gather more cases",
    criteria=(
        PanelCriterion("unexplained drift", "0", "<= 0", True, "NO-GO"),
        PanelCriterion(
            name="fail->pass flip rate",
            measured="0.0673",
            threshold="<= 0.0500",
            holds=False,
            blocks="HOLD",
            note=f"21 cases {IMG_TAG}",
        ),
        PanelCriterion("agreement", "0.2440", ">= 0.5000", False, "HOLD"),
    ),
    why=(f"the parser step {SCRIPT_TAG}",),
)


def test_the_first_screen_shows_the_verdict_and_the_criteria_that_decided_it(
    bundled: tuple[DriftReport, list[CaseLine]],
) -> None:
    report, lines = bundled
    page = render_html(report, as_lines(lines), decision=PANEL)
    header = page[page.index("<header>") : page.index("</header>")]
    assert '<div class="badge hold">HOLD</div>' in header
    assert "Decided by 2 of 3 criteria failing." in header
    # The failing criteria come first, each with its measure, threshold and what failing means.
    items = re.findall(r'<li class="(failed|held)"', header)
    assert items == ["failed", "failed", "held"]
    assert "fail-&gt;pass flip rate: <b>0.0673</b>" in header and "(needs &lt;= 0.0500)" in header
    assert ESCAPED_IMG in header and ESCAPED_SCRIPT in header and IMG_TAG not in page
    # The charts follow: outcomes, causes, deltas and the flip matrix as a heat map.
    glance = page[page.index('<div class="glance">') :]
    assert [re.search(rf'aria-label="{name}"', glance) is not None for name in ("Outcomes", "Causes")] == [True] * 2
    assert 'id="flip-matrix"' in glance
    flips = report.flip_matrix["pass"]["fail"]
    shaded = rf'<td style="background:color-mix\(in srgb, var\(--bad\)[^"]*" title="[^"]*">{flips}</td>'
    assert re.search(shaded, glance)


def test_without_a_decision_the_diff_verdict_heads_the_page(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    page = render_html(report, as_lines(lines))
    assert '<div class="badge info">EXPLAINED</div>' in page
    assert report.verdict in page
    unexplained = report.model_copy(update={"unexplained": 3})
    assert '<div class="badge no-go">INVESTIGATE</div>' in render_html(unexplained, as_lines(lines))


def test_the_largest_drifts_open_their_case(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    page = render_html(report, as_lines(lines))
    section = page[page.index('id="s-largest"') : page.index('id="s-cases"')]
    links = re.findall(r'<a href="#case=([^"]+)"><code>', section)
    assert len(links) == len(report.largest_drifts) > 0
    assert links[0] == report.largest_drifts[0].id.replace(":", "%3A")


def test_long_grader_texts_are_cut_in_the_page_only(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    line = next(line for line in lines if line.detail is not None and line.detail.control_texts is not None)
    assert line.detail is not None and line.detail.control_texts is not None
    texts = line.detail.control_texts.model_copy(update={"grader_output": "Yes. " * 2000})
    long = line.model_copy(update={"detail": line.detail.model_copy(update={"control_texts": texts})})
    (row,) = _rows(Page(render_html(report, as_lines([long]))))
    shown = row["detail"]["control_texts"]["grader_output"]  # type: ignore[index]
    assert shown.startswith("Yes. " * 800) and shown.endswith("more characters: cases.jsonl has the whole text]")
    assert "6,000 more characters" in shown


def test_held_cases_keep_differing_ones_first_in_corpus_order() -> None:
    def line(n: int) -> str:
        return json.dumps({**BASE_LINE, "id": f"c{n}"}) + "\n"

    held = HeldCases(limit=3)
    held.add([line(0), line(1), line(2)], ["match", "drift", "match"])
    held.add([line(3), line(4), line(5)], ["flip", "match", "drift"])
    assert [json.loads(line)["id"] for line in held.lines()] == [
        "c1",
        "c3",
        "c5",
    ]  # three differing: no room for a match
    roomy = HeldCases(limit=4)
    roomy.add([line(0), line(1), line(2)], ["match", "drift", "match"])
    roomy.add([line(3)], ["match"])
    assert [json.loads(line)["id"] for line in roomy.lines()] == ["c0", "c1", "c2", "c3"]
    assert roomy.seen == 4


def test_held_cases_stop_at_the_byte_cap() -> None:
    def line(n: int, size: int) -> str:
        return json.dumps({**BASE_LINE, "id": f"c{n}", "control_reason": "x" * size}) + "\n"

    lines = [line(n, 1000) for n in range(6)]
    held = HeldCases(limit=100, max_bytes=3 * len(lines[0]))
    held.add(lines, ["drift", "match", "drift", "drift", "drift", "match"])
    # Three lines fit: the first three differing ones; no room is left for a match.
    assert [json.loads(kept)["id"] for kept in held.lines()] == ["c0", "c2", "c3"]
    roomy = HeldCases(limit=100, max_bytes=5 * len(lines[0]))  # the four differing ones, then one match
    roomy.add(lines, ["drift", "match", "drift", "drift", "drift", "match"])
    assert [json.loads(kept)["id"] for kept in roomy.lines()] == ["c0", "c1", "c2", "c3", "c4"]


BASE_LINE = {
    "id": "",
    "tags": [],
    "outcome": "drift",
    "cause": None,
    "delta": None,
    "control_score": 1.0,
    "control_passed": True,
    "control_reason": "",
    "candidate_score": 1.0,
    "candidate_passed": True,
    "candidate_status": "scored",
    "candidate_cause": None,
    "candidate_format": None,
    "candidate_warnings": [],
    "candidate_reason": "",
}


def test_the_waterfall_walks_the_mean_through_each_step(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    steps = report.decomposition
    assert steps is not None and steps.effects is not None
    parsed = Page(render_html(report, as_lines(lines)))
    bars = [attrs for attrs in parsed.tags("rect") if attrs.get("data-step")]
    assert [bar["data-step"] for bar in bars] == ["legacy", "parser", "prompts", "noise", "ragas"]
    heading = [attrs for attrs in parsed.tags("h2") if attrs.get("id") == "s-steps"]
    assert heading, "the decomposition has its section"


def test_the_noise_histogram_has_a_bar_per_floor_bin(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    report, lines = bundled
    assert report.noise is not None
    page = render_html(report, as_lines(lines))
    start = page.index('aria-labelledby="noise-histogram-title"')
    svg = page[start : page.index("</svg>", start)]
    counts = [int(n) for n in re.findall(r'class="bar" [^>]*data-count="(\d+)"', svg)]
    assert counts == [b.count for b in report.noise.histogram] and len(counts) == 11


def _card(page: str, name: str) -> str:
    start = page.index(f'<section class="card" aria-label="{name}">')
    return page[start : page.index("</section>", start)]


def _numbers(text: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", text)]


def test_the_page_figures_agree_with_each_other(bundled: tuple[DriftReport, list[CaseLine]]) -> None:
    """The headline, the outcomes chart, the flips figure and the flip matrix count the same cases:
    the flips the headline names are the chart's, and the matrix's red cells are the flips, the
    within-noise and the legacy-invalid cases whose pass/fail changed, as its caption says."""
    report, lines = bundled
    page = render_html(report, as_lines(lines))
    cases = report.corpus.cases
    headline = re.match(r"(\d+) cases: (.*?) \(", report.verdict)
    assert headline is not None and int(headline[1]) == cases
    assert sum(_numbers(headline[2])) == cases  # every outcome named, grader errors included
    bars = dict(
        re.findall(r'<th scope="row" title="([a-z_]+)">.*?<td class="num">([\d,]+)</td>', _card(page, "Outcomes"))
    )
    assert sum(int(n.replace(",", "")) for n in bars.values()) == cases
    assert {name: int(n) for name, n in bars.items()} == {name: n for name, n in report.outcomes.items() if n}
    flips = re.search(r'<b id="figure-flips">([\d,]+)</b> flips', page)
    assert flips is not None and int(flips[1]) == int(bars["flip"]) == report.outcomes["flip"]
    matrix = _card(page, "Pass/fail")
    cells = {
        (row, column): int(n)
        for row, column, n in re.findall(
            r'title="legacy (pass|fail), ragas (pass|fail|undetermined): \d+ cases">(\d+)<', matrix
        )
    }
    caption = re.search(
        r"the ([\d,]+) cases legacy scored \(not the ([\d,]+) it did not\); red: pass/fail changed \((.*?)\)<", matrix
    )
    assert caption is not None
    assert sum(cells.values()) == int(caption[1]) and int(caption[1]) + int(caption[2]) == cases
    red = cells["pass", "fail"] + cells["fail", "pass"]
    assert red == sum(_numbers(caption[3])) and caption[3].startswith(f"{bars['flip']} flips, ")
    assert red > int(bars["flip"])  # the bundled corpus has within-noise and legacy-invalid cases among them


def test_a_differing_case_carries_what_was_graded_cut_like_other_texts(tmp_path: Path) -> None:
    long_answer = "The answer goes on. " * 400  # 8,000 characters
    case = {
        "id": "long",
        "question": "What does the context say?",
        "answer": long_answer,
        "contexts": [f"Context {i}." for i in range(30)],
        "statements_output": "A.\nB.\nC.",
        "grader_output": "Final verdict for each statement in order: Yes. No.",
    }
    lines: list[str] = []

    def collect(batch: ComparedBatch) -> None:
        lines.extend(batch.lines)

    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps(case) + "\n", encoding="utf-8")
    report = run_diff([corpus], DiffSettings(), on_comparisons=collect)
    detail = parse_case_line(lines[0]).detail
    assert detail is not None  # a statement without a verdict: legacy counts it supported, they differ
    assert (detail.question, detail.answer, len(detail.contexts)) == (case["question"], long_answer, 30)
    held = json.loads(Page(render_html(report, lines)).data[0])[0]["detail"]
    assert held["question"] == case["question"]
    assert (
        held["answer"].startswith(long_answer[:TEXT_CHARS])
        and "4,000 more characters: cases.jsonl has" in held["answer"]
    )
    assert held["contexts"][:20] == case["contexts"][:20] and len(held["contexts"]) == 21
    assert held["contexts"][20] == "… [10 more contexts: cases.jsonl has them all]"


def test_a_long_ground_truth_is_cut_in_the_page_only(tmp_path: Path) -> None:
    from compat.composite import load_rule

    reference = "The policy says nothing about it. " * 200  # 6,800 characters
    case = {
        "id": "long-reference",
        "statements": ["A."],
        "grader_output": "Final verdict for each statement in order: Yes.",
        "reference": reference,
        "metrics": {"answer_correctness": 1.0, "context_relevancy": 0.0, "context_recall": 1.0},
    }
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps(case) + "\n", encoding="utf-8")
    lines: list[str] = []
    settings = DiffSettings(composite=(load_rule("mean-3"), load_rule("unanswerable-aware")))
    report = run_diff([corpus], settings, on_comparisons=lambda batch: lines.extend(batch.lines))
    assert json.loads(lines[0])["composite"]["reference"] == reference  # cases.jsonl: whole
    held = json.loads(Page(render_html(report, lines)).data[0])[0]["composite"]
    assert held["reference"].startswith(reference[:TEXT_CHARS]) and "2,800 more characters" in held["reference"]


def test_a_report_of_no_cases_says_there_were_none_not_that_every_case_matches(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    page = render_html(run_diff([empty], DiffSettings()), [])
    assert "No cases: the corpus holds none" in page and "every case matches" not in page


def test_a_report_whose_cases_all_match_says_so(tmp_path: Path) -> None:
    matching = tmp_path / "matching.jsonl"
    case = {
        "id": "c1",
        "statements_output": "The sky is blue.",
        "grader_output": "Final verdict for each statement in order: Yes.",
    }
    matching.write_text(json.dumps(case) + "\n", encoding="utf-8")
    page = render_html(run_diff([matching], DiffSettings()), [])
    assert "No differences: every case matches." in page and "No cases" not in page
