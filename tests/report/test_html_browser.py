"""report.html in a real browser: it renders, its explorer works, injected markup stays text.

Playwright drives the system's headless Chromium (no browser download): the tests click,
choose filters, sort and open cases as a person would, and take screenshots of the
first screen, a filtered and a sorted table and an opened case (set
``FAITHCOMPAT_SCREENSHOTS=DIR`` to keep them; docs/screenshots/ holds the bundled
corpus's). The hostile corpus puts markup that would set ``document.title`` to PWNED or
add an ``<img onerror>`` if it ever became markup in case ids, tags, grader outputs,
the reasons that quote them and the source name. The control scorer quotes the grader
output in its reason and is not ``legacy`` by name, so the comparison cannot name the
cause of its differences: they come out ``unexplained``.

Needs Chromium (``apt-get install -y chromium``) and the ``playwright`` package (in the
``test`` extra); skipped, with the reason, when either is missing.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from compat import Case, LegacyScorer, Score, bundled_corpus, register_scorer, temporary_scorers
from compat.diff import CaseLine, ComparedBatch, DiffSettings, DriftReport, parse_case_line, run_diff
from compat.report import DecisionPanel, ReportCases, write_report_directory
from compat.report.html import PAGE_ROWS
from compat.rollout import decide, decision_panel, load_policy
from tests.diff.graded import unreached_corpus

pytestmark = pytest.mark.browser

PWN_SCRIPT = "<script>window.__pwned=1;document.title='PWNED'</script>"
PWN_IMG = "<img src=x onerror=\"document.title='PWNED'\">"
PWN_ATTR = '"><img src=x onerror="document.title=\'PWNED\'">'
FINAL = "Final verdict for each statement in order:"
ROOT = Path(__file__).resolve().parents[2]

CASES = [
    {  # both arms agree: a match
        "id": PWN_SCRIPT,
        "tags": [PWN_IMG, "text"],
        "statements_output": "A.\nB.",
        "grader_output": f"{PWN_SCRIPT}\n{PWN_IMG}\n{FINAL} Yes. No.",
    },
    {  # JSON verdicts, unseen by legacy: a drift the echo control leaves unexplained
        "id": PWN_ATTR,
        "tags": [PWN_SCRIPT, "json"],
        "statements_output": "A.\nB.\nC.",
        "grader_output": json.dumps(
            [
                {"statement": "A.", "reason": PWN_SCRIPT, "verdict": 1},
                {"statement": "B.", "reason": PWN_IMG, "verdict": 1},
                {"statement": "C.", "reason": PWN_ATTR, "verdict": 0},
            ]
        ),
    },
    {  # a refusal: candidate undetermined, cause named; what was graded, hostile and long
        "id": f"refusal {PWN_IMG}",
        "tags": ["refusal", PWN_ATTR],
        "question": f"What happened? {PWN_SCRIPT}",
        "answer": f"It happened. {PWN_IMG}",
        "contexts": [f"The first context. {PWN_ATTR}", "The second context goes on. " * 40],
        "statements_output": "A.\nB.",
        "grader_output": f"I apologize, but I cannot evaluate these statements. {PWN_SCRIPT}",
    },
    {  # a missing verdict: legacy passes, the fixed scorer fails; cause named
        "id": "fewer-verdicts",
        "tags": ["text"],
        "statements_output": "A.\nB.\nC.",
        "grader_output": f"{FINAL} Yes. No.",
    },
    {  # JSON verdicts in a wrapping object: another unexplained drift
        "id": f"json-object {PWN_ATTR}",
        "tags": ["json"],
        "statements_output": "A.\nB.",
        "grader_output": json.dumps(
            {
                "statements": [
                    {"statement": "A.", "reason": PWN_ATTR, "verdict": 1},
                    {"statement": "B.", "reason": PWN_IMG, "verdict": 0},
                ]
            }
        ),
    },
]


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = _chromium()

Compared = Callable[[Callable[[ComparedBatch], None]], DriftReport]  # a run, given where its batches go


def the_default_decision(report: DriftReport) -> DecisionPanel:
    return decision_panel(decide(report, load_policy(None).rollout, invariant_violations=None))


def written(out: Path, compared: Compared, *, decided: bool = True) -> tuple[Path, DriftReport, list[str]]:
    """report.html as `faithcompat diff` writes it (its report directory in ``out``), and the run's case lines.

    ``decided``: the first screen carries the rollout decision under the default policy, as `diff`'s does.
    """
    lines: list[str] = []

    def run(cases: ReportCases) -> DriftReport:
        def keep(batch: ComparedBatch) -> None:
            cases.keep(batch)
            lines.extend(batch.lines)

        return compared(keep)

    report = write_report_directory(out, run, decision=the_default_decision if decided else lambda _report: None)
    return out / "report.html", report, lines


class EchoLegacy:
    """The legacy scorer under another name, whose reason quotes the grader output verbatim."""

    name = "echo-legacy"

    def __init__(self) -> None:
        self._legacy = LegacyScorer()

    def score(self, case: Case) -> Score:
        score = self._legacy.score(case)
        return score._replace(scorer=self.name, reason=f"{score.reason}; the grader said: {case.grader_output}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("headless Chromium not found (install it: apt-get update && apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed (pip install -e '.[test]')")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


class Tab:
    """One page of report.html in the browser, with what its script reported."""

    def __init__(self, browser: Any, path: Path, fragment: str = "", height: int = 768) -> None:
        self.page = browser.new_page(viewport={"width": 1366, "height": height})
        self.page.set_default_timeout(10_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.goto(path.as_uri() + (f"#{fragment}" if fragment else ""))

    def ids(self) -> list[str]:
        script = "cells => cells.map(c => c.textContent)"
        ids: list[str] = self.page.eval_on_selector_all("#case-rows tr th code", script)
        return ids

    def shown(self) -> int:
        return int(self.page.text_content("#visible-count").replace(",", ""))

    def assert_inert(self) -> None:
        assert self.page.title() != "PWNED"
        assert self.page.evaluate("window.__pwned") is None
        assert self.page.locator("img").count() == 0
        assert self.page.locator("script").count() == 2  # the JSON data block and the page's own script
        assert self.errors == []

    def screenshot(self, directory: Path, name: str) -> Path:
        path = directory / f"{name}.png"
        self.page.screenshot(path=str(path))
        assert path.read_bytes().startswith(b"\x89PNG") and path.stat().st_size > 10_000
        return path


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, DriftReport, list[CaseLine]]:
    tmp = tmp_path_factory.mktemp("html")
    corpus = tmp / "hostile.jsonl"
    corpus.write_text("".join(json.dumps(case) + "\n" for case in CASES), encoding="utf-8")

    def compared(keep: Callable[[ComparedBatch], None]) -> DriftReport:
        settings = DiffSettings(control=EchoLegacy.name)
        return run_diff([corpus], settings, on_comparisons=keep, source_names=[PWN_SCRIPT + PWN_IMG])

    with temporary_scorers():
        register_scorer(EchoLegacy.name, EchoLegacy)
        page, report, lines = written(tmp / "report", compared, decided=False)
    return page, report, [parse_case_line(line) for line in lines]


@pytest.fixture(scope="module")
def bundled_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, DriftReport, list[CaseLine]]:
    out = tmp_path_factory.mktemp("bundled") / "report"
    page, report, lines = written(out, lambda keep: run_diff(bundled_corpus(), DiffSettings(), on_comparisons=keep))
    return page, report, [parse_case_line(line) for line in lines]


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = os.environ.get("FAITHCOMPAT_SCREENSHOTS")
    if kept:
        Path(kept).mkdir(parents=True, exist_ok=True)
        return Path(kept)
    return tmp_path_factory.mktemp("screenshots")


def test_the_hostile_report_has_what_the_browser_test_needs(
    rendered: tuple[Path, DriftReport, list[CaseLine]],
) -> None:
    _, report, lines = rendered
    assert len(lines) == len(CASES)
    assert report.unexplained == 2
    assert [line.outcome for line in lines] == ["match", "drift", "candidate_undetermined", "flip", "drift"]
    assert sum(line.cause == "unexplained" for line in lines) == 2
    assert any(PWN_SCRIPT in line.control_reason for line in lines)
    assert all((line.detail is None) == (line.outcome == "match") for line in lines)


def test_the_page_renders_and_injected_markup_stays_text(
    browser: Any, rendered: tuple[Path, DriftReport, list[CaseLine]]
) -> None:
    path, report, lines = rendered
    tab = Tab(browser, path)
    tab.assert_inert()
    assert tab.page.title() == f"{report.tool} drift report: echo-legacy → ragas"
    assert tab.page.is_visible("#case-controls")  # the script ran (the CSP hash admits it)
    assert sorted(tab.ids()) == sorted(line.id for line in lines)  # hostile ids, as text
    assert tab.shown() == len(lines)
    assert PWN_SCRIPT in tab.page.inner_text("section[aria-labelledby=s-summary]")  # the source name, as text


def test_an_opened_case_shows_the_grader_texts_as_text(
    browser: Any, rendered: tuple[Path, DriftReport, list[CaseLine]]
) -> None:
    path, _, lines = rendered
    tab = Tab(browser, path)
    refusal = next(line for line in lines if line.outcome == "candidate_undetermined")
    tab.page.locator("#case-rows tr", has_text="refusal").first.click()
    dialog = tab.page.locator("#case-dialog")
    assert dialog.is_visible()
    text = dialog.inner_text()
    assert refusal.id in text
    assert "I apologize, but I cannot evaluate these statements." in text and PWN_SCRIPT in text
    assert "control echo-legacy" in text and "candidate ragas" in text
    # What was graded, above both sides: the question, the answer, the contexts (folded: they are long).
    graded = dialog.locator("#case-graded")
    assert graded.is_visible() and text.index("What was graded") < text.index("control echo-legacy")
    assert f"What happened? {PWN_SCRIPT}" in graded.inner_text() and f"It happened. {PWN_IMG}" in graded.inner_text()
    contexts = graded.locator("details")
    assert contexts.locator("summary").inner_text().startswith("Contexts (2)")
    assert not contexts.locator("ol.contexts").is_visible()  # folded until asked for
    contexts.locator("summary").click()
    assert contexts.locator("ol.contexts li").count() == 2 and f"The first context. {PWN_ATTR}" in contexts.inner_text()
    tab.assert_inert()
    tab.page.click("#case-dialog-close")
    assert not dialog.is_visible()


def test_the_hash_selects_filters_and_opens_a_case(
    browser: Any, rendered: tuple[Path, DriftReport, list[CaseLine]]
) -> None:
    path, _, lines = rendered
    tab = Tab(browser, path, "cause=unexplained")
    unexplained = [line.id for line in lines if line.cause == "unexplained"]
    assert sorted(tab.ids()) == sorted(unexplained) and tab.shown() == 2
    assert tab.page.input_value("#f-cause") == "unexplained"
    flip = next(line for line in lines if line.outcome == "flip")
    tab.page.evaluate("id => { location.hash = 'case=' + encodeURIComponent(id); }", flip.id)
    tab.page.wait_for_selector("#case-dialog[open]")
    assert "fewer-verdicts" in tab.page.inner_text("#case-dialog")
    tab.assert_inert()


def test_the_first_screen_says_whether_to_switch_and_why(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]], shots: Path
) -> None:
    path, _, _ = bundled_page
    tab = Tab(browser, path)
    tab.assert_inert()
    for selector in (".badge", "ul.criteria", "[aria-label=Outcomes]", "[aria-label=Causes]", "#flip-matrix"):
        box = tab.page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] + min(box["height"], 120) <= 768, selector  # no scrolling needed
    assert tab.page.inner_text(".badge") == "HOLD"  # the bundled corpus is built to show every difference
    criteria = tab.page.inner_text("ul.criteria")
    assert "agreement (Wilson 95% lower bound)" in criteria and "unexplained drift: 0" in criteria
    tab.screenshot(shots, "1-first-screen")


def test_filtering_by_outcome_cause_tag_and_text(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]], shots: Path
) -> None:
    path, report, lines = bundled_page
    tab = Tab(browser, path, height=900)
    assert tab.shown() == len(lines) == report.corpus.cases
    tab.page.select_option("#f-outcome", "flip")
    flips = [line for line in lines if line.outcome == "flip"]
    assert tab.shown() == len(flips) == report.outcomes["flip"]
    assert set(tab.ids()) <= {line.id for line in flips}
    tab.page.select_option("#f-outcome", "match")
    assert tab.shown() == report.outcomes["match"] > 0
    tab.page.select_option("#f-outcome", "all")
    tab.page.select_option("#f-cause", "refusal_scored_as_faithful")
    refusals = [line for line in lines if line.cause == "refusal_scored_as_faithful"]
    assert tab.shown() == len(refusals)
    tab.page.select_option("#f-cause", "all")
    tab.page.select_option("#f-tag", "json")
    assert tab.shown() == sum("json" in line.tags for line in lines)
    tab.page.select_option("#f-tag", "all")
    tab.page.fill("#f-search", "think")
    assert tab.shown() == sum("think" in f"{line.id} {' '.join(line.tags)}".lower() for line in lines) > 0
    tab.page.fill("#f-search", "")
    tab.page.select_option("#f-outcome", "flip")
    assert "outcome=flip" in tab.page.evaluate("location.hash")  # a filtered view is a link to share
    tab.page.locator("#case-controls").scroll_into_view_if_needed()
    tab.screenshot(shots, "2-filtered-flips")
    tab.assert_inert()


def test_sorting_and_paging(browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]], shots: Path) -> None:
    path, _, lines = bundled_page
    tab = Tab(browser, path, height=900)
    by_id = {line.id: line for line in lines}
    # By default the largest |delta| comes first, cases without a delta last.
    sizes = [abs(by_id[i].delta or 0) for i in tab.ids()]
    assert len(sizes) == PAGE_ROWS and sizes == sorted(sizes, reverse=True)
    assert sizes[0] == max(abs(line.delta) for line in lines if line.delta is not None)
    assert tab.page.text_content("#page-info") == f"page 1 of {-(-len(lines) // PAGE_ROWS)}"
    tab.page.click("#page-next")
    assert tab.page.text_content("#page-info") == f"page 2 of {-(-len(lines) // PAGE_ROWS)}"
    assert len(tab.ids()) == PAGE_ROWS
    tab.page.click("thead button[data-sort=id]")
    assert tab.page.text_content("#page-info").startswith("page 1 of")  # a new order starts at its first page
    assert tab.ids() == sorted(by_id)[:PAGE_ROWS]
    tab.page.click("thead button[data-sort=tags]")
    shown_tags = [" ".join(by_id[i].tags) for i in tab.ids()]
    assert shown_tags == sorted(shown_tags) and shown_tags[0] == min(" ".join(line.tags) for line in lines)
    tab.page.click("thead button[data-sort=delta]")  # numbers sort largest first
    deltas = [by_id[i].delta for i in tab.ids()]
    assert deltas == sorted((d for d in deltas if d is not None), reverse=True)
    tab.page.click("thead button[data-sort=delta]")
    deltas = [by_id[i].delta for i in tab.ids()]
    assert deltas == sorted(d for d in deltas if d is not None) and deltas[0] == min(
        line.delta for line in lines if line.delta is not None
    )
    header = tab.page.locator("th", has=tab.page.locator("button[data-sort=delta]"))
    assert header.get_attribute("aria-sort") == "ascending"
    tab.page.locator("#case-controls").scroll_into_view_if_needed()
    tab.screenshot(shots, "3-sorted-by-delta")
    # Cohorts sort too.
    tab.page.click("section[aria-labelledby=s-cohorts] thead button[data-col='1']")
    cells = "section[aria-labelledby=s-cohorts] tbody tr td:nth-child(2)"
    counts = tab.page.eval_on_selector_all(cells, "cells => cells.map(c => Number(c.dataset.value))")
    assert counts == sorted(counts, reverse=True) and len(counts) > 1
    tab.assert_inert()


def test_the_worst_flip_is_two_clicks_away(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]], shots: Path
) -> None:
    path, _, lines = bundled_page
    tab = Tab(browser, path, height=900)
    tab.page.select_option("#f-outcome", "flip")  # one
    tab.page.locator("#case-rows tr").first.click()  # two
    worst = max((line for line in lines if line.outcome == "flip"), key=lambda line: abs(line.delta or 0))
    dialog = tab.page.locator("#case-dialog")
    assert dialog.is_visible()
    text = dialog.inner_text()
    assert worst.id in text
    assert worst.detail is not None and worst.detail.control_texts is not None
    assert worst.detail.control_texts.grader_output.strip().splitlines()[0] in text  # its grader output
    assert "Verdicts as legacy read them" in text and "Verdicts as ragas read them" in text
    assert worst.control_reason in text and worst.candidate_reason in text
    graded = dialog.locator("#case-graded").inner_text()  # what was graded, to tell which grader was right
    assert worst.detail.question is not None and worst.detail.question in graded
    assert worst.detail.answer is not None and worst.detail.answer in graded and "Context" in graded
    tab.screenshot(shots, "4-case-opened")
    tab.assert_inert()


def test_the_check_would_catch_markup_that_runs(browser: Any, tmp_path: Path) -> None:
    """A positive control: the same strings, unescaped and without the policy, do run."""
    page = tmp_path / "unsafe.html"
    page.write_text(
        f"<!DOCTYPE html><html><head><title>ok</title></head><body>{PWN_SCRIPT}{PWN_IMG}</body></html>",
        encoding="utf-8",
    )
    tab = Tab(browser, page)
    assert tab.page.title() == "PWNED"
    assert tab.page.locator("img").count() == 1


def test_why_the_numbers_move_is_drawn_and_says_what_to_do(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]], shots: Path
) -> None:
    """The decomposition's waterfall and the noise histogram are drawn by the browser (not only
    present as markup), and the decision's reasons open to say what would settle the noise."""
    path, report, _ = bundled_page
    assert report.decomposition is not None and report.decomposition.effects is not None and report.noise is not None
    tab = Tab(browser, path, height=900)
    tab.assert_inert()
    steps = tab.page.locator("section[aria-labelledby=s-steps]")
    steps.scroll_into_view_if_needed()
    bars = steps.locator("svg.waterfall rect.bar")
    assert bars.count() >= 4  # control, three steps, candidate (a step of 0 may draw flat)
    drawn = [bars.nth(index).bounding_box() for index in range(bars.count())]
    assert all(box is not None and box["width"] > 10 for box in drawn)
    assert sum(box is not None and box["height"] > 1 for box in drawn) >= 3  # the levels and the moving steps
    labels = steps.locator("svg.waterfall text").all_text_contents()
    assert f"{report.decomposition.means['control']:.3f}" in " ".join(labels)
    noise = tab.page.locator("section[aria-labelledby=s-noise]")
    assert noise.locator("svg").count() >= 1 and noise.locator("svg").first.bounding_box() is not None
    reasons = tab.page.locator("#decision details")
    assert not reasons.locator("ul").is_visible()  # folded on the first screen
    reasons.locator("summary").click()
    said = reasons.locator("ul").inner_text()
    assert "parser" in said and "prompts" in said and "noise" in said
    assert "grade again with --samples 3" in said
    steps.screenshot(path=str(shots / "5-why-the-numbers-move.png"))


def test_a_page_with_nothing_to_decide_says_so_and_still_opens_its_cases(browser: Any, tmp_path: Path) -> None:
    """The grader was never reached: no verdict on the first screen, and each case still shows what was graded."""
    corpus = unreached_corpus(tmp_path / "graded.jsonl")
    page, report, _ = written(tmp_path / "report", lambda keep: run_diff([corpus], DiffSettings(), on_comparisons=keep))
    assert report.no_decision is not None
    tab = Tab(browser, page)
    tab.assert_inert()
    assert tab.page.inner_text("#decision .badge") == "NO DECISION"
    assert tab.page.inner_text("#no-decision").startswith("No decision: none of the 3 cases has a valid score")
    assert tab.page.locator("#decision ul.criteria").count() == 0
    tab.page.locator("#case-rows tr").first.click()
    graded = tab.page.locator("#case-graded").inner_text()
    assert "When was the first Super Bowl held?" in graded and "Super Bowl I was played" in graded
    assert "the grader call failed; nothing was read" in tab.page.inner_text("#case-dialog")


def test_the_per_statement_agreement_shows_each_disagreement_beside_its_context(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    """Cases whose RAGAS arm holds both call 2 and HHEM's checks: kappa, the matrix, and each statement
    the two disagree on in a row with the contexts both judged it against (hostile text stays text)."""
    from tests.diff.graded import ROWS, verified_case, write

    rows = [dict(ROWS[0], contexts=[*ROWS[0]["contexts"], f"A hostile passage {PWN_IMG}"]), ROWS[1], ROWS[2]]
    llm, hhem = ["YN", "YY", "YN"], [[0.93, 0.71], [0.88, 0.12], [0.64, 0.08]]
    lines = [verified_case(i, *case) for i, case in enumerate(zip(rows, llm, hhem, strict=True))]
    corpus = write(tmp_path / "verified.jsonl", lines)
    out = tmp_path / "report"
    page, report, _ = written(out, lambda keep: run_diff([corpus], DiffSettings(), on_comparisons=keep), decided=False)
    agreement = report.statement_agreement
    assert agreement is not None and agreement.disagreement_count == 2
    tab = Tab(browser, page, height=900)
    tab.assert_inert()
    part = tab.page.locator("section[aria-labelledby=s-statements]")
    part.scroll_into_view_if_needed()
    assert part.is_visible()
    said = part.locator("p").first.inner_text()
    assert "6 statements of 3 cases judged by both LLM (call 2) and HHEM" in said and "kappa" in said
    cells = part.locator("table.agreement-matrix td").all_inner_texts()
    assert cells == ["3", "1", "1", "1"]  # LLM supported: HHEM too 3, not 1; LLM unsupported: HHEM supported 1, not 1
    rows_shown = part.locator("table.disagreements tbody tr")
    assert rows_shown.count() == 2
    first = rows_shown.nth(0).locator("td").all_inner_texts()
    assert first[1] == "The first Super Bowl was held in Florida." and first[2] == "unsupported"
    assert first[3].startswith("supported") and "p=0.710" in first[3]
    assert "Los Angeles Memorial Coliseum" in first[4] and PWN_IMG in first[4]  # the context, beside it, as text
    box_statement = rows_shown.nth(0).locator("td").nth(1).bounding_box()
    box_context = rows_shown.nth(0).locator("td").nth(4).bounding_box()
    assert box_statement is not None and box_context is not None
    assert box_context["x"] > box_statement["x"] and abs(box_context["y"] - box_statement["y"]) < 5  # side by side
    part.screenshot(path=str(shots / "6-per-statement-agreement.png"))


def test_graded_with_an_hhem_arm_the_page_draws_the_verifier_step_and_opens_the_agreement(
    browser: Any, hhem_local: Path, tmp_path: Path
) -> None:
    """Issue 25's end to end: the bundled dataset graded with the presets plus `--hhem` (the
    loopback grader, the tiny checkpoint), diffed with the HHEM arm as the candidate's: the
    waterfall draws a verifier bar and the per-statement agreement section opens."""
    from tests.grading.server import GraderServer
    from tests.grading.test_hhem_end_to_end import grade_and_diff_with_hhem

    # Grading runs its own event loop, so not on this thread, where Playwright's runs.
    with GraderServer() as grader, ThreadPoolExecutor(1) as thread:
        _, report_dir = thread.submit(grade_and_diff_with_hhem, grader, hhem_local, tmp_path, "ragas-hhem").result()
    report = json.loads((report_dir / "report.json").read_text(encoding="utf-8"))
    tab = Tab(browser, report_dir / "report.html", height=900)
    tab.assert_inert()
    steps = tab.page.locator("section[aria-labelledby=s-steps]")
    steps.scroll_into_view_if_needed()
    drawn = [bar.get_attribute("data-step") for bar in steps.locator("svg.waterfall rect.bar").all()]
    assert drawn == ["legacy", "parser", "prompts", "verifier", "noise", "ragas"]
    verifier = steps.locator("svg.waterfall rect.bar[data-step=verifier]").bounding_box()
    assert verifier is not None and verifier["width"] > 10 and verifier["height"] > 10  # a step that moves the mean
    labels = steps.locator("svg.waterfall text").all_text_contents()
    assert f"{report['decomposition']['effects']['verifier']:+.4f}" in labels
    part = tab.page.locator("section[aria-labelledby=s-statements]")
    part.scroll_into_view_if_needed()
    assert part.is_visible()
    cells = [int(cell) for cell in part.locator("table.agreement-matrix td").all_inner_texts()]
    assert sum(cells) == report["statement_agreement"]["statements"]
    assert part.locator("table.disagreements tbody tr").count() == len(report["statement_agreement"]["disagreements"])


def test_the_composite_section_shows_its_drift_by_cause(browser: Any, tmp_path: Path) -> None:
    """diff --composite: the second rule change's causes, flips and cases are on the page, and a
    rule named with markup stays text."""
    from compat.cases import load_cases
    from compat.composite import CompositeRule, load_rule
    from compat.diff import composite_drift, line_composite

    hostile = CompositeRule.model_validate({**load_rule("unanswerable-aware").model_dump(), "name": PWN_IMG})

    def compared(keep: Callable[[ComparedBatch], None]) -> DriftReport:
        lines: list[str] = []

        def both(batch: ComparedBatch) -> None:
            keep(batch)
            lines.extend(batch.lines)

        report = run_diff(bundled_corpus(), DiffSettings(), on_comparisons=both)
        drift = composite_drift(
            load_cases(bundled_corpus()),
            {item.case_id: item.faithfulness for item in map(line_composite, lines)},
            load_rule("mean-3"),
            hostile,
        )
        return report.model_copy(update={"composite": drift})

    path, report, _ = written(tmp_path / "report", compared)
    drift = report.composite
    assert drift is not None
    tab = Tab(browser, path, height=900)
    tab.assert_inert()
    section = tab.page.locator("section[aria-labelledby=s-composite]")
    section.scroll_into_view_if_needed()
    assert section.is_visible()
    assert PWN_IMG in section.locator("h2").inner_text()  # the rule's name, as text
    assert drift.verdict in section.locator("caption").inner_text()
    causes = section.locator("tbody tr td:first-child").all_text_contents()
    assert causes == [row.cause for row in drift.causes] and "relevancy_overridden" in causes
    flips = tab.page.locator("section[aria-labelledby=s-composite-flips] tbody tr")
    expected = ["fail", *(str(drift.flip_matrix["fail"][side]) for side in ("pass", "fail", "undetermined"))]
    assert flips.nth(1).locator("td").all_text_contents() == expected == ["fail", "9", "4", "0"]
    listed = tab.page.locator("section[aria-labelledby=s-composite-cases] tbody tr")
    assert listed.count() == len(drift.differing) == 12  # one of them undetermined under both rules
    assert "unexplained composite change: 0 (needs <= 0)" in tab.page.locator("#decision").inner_text()
    section.screenshot(path=str(tmp_path / "composite.png"))  # a hostile rule name: not for the docs


def composite_run(tmp_path: Path, *options: str) -> tuple[Path, dict[str, Any], dict[str, dict[str, Any]]]:
    """`diff` on the bundled corpus as a user runs it: its page, report.json and each line's composite by id."""
    from click.testing import CliRunner

    from compat.cli import main

    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["diff", "--out", str(out), *options])
    assert result.exit_code == 0, result.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    lines = [json.loads(line) for line in (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
    return out / "report.html", report, {line["id"]: line.get("composite") for line in lines}


def test_the_explorer_filters_by_a_composite_cause_sorts_its_delta_and_opens_it(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    """diff --composite: the explorer's composite filter, its sortable delta and the opened case's two
    composites with their parts, as cases.jsonl has them."""
    path, report, composites = composite_run(tmp_path, "--composite", "mean-3,unanswerable-aware")
    tab = Tab(browser, path, height=900)
    tab.assert_inert()
    adjusted = {case_id for case_id, c in composites.items() if c and c["cause"] == "unanswerable_adjusted"}
    counted = {row["cause"]: row["count"] for row in report["composite"]["causes"]}
    tab.page.select_option("#f-composite", "c:unanswerable_adjusted")
    assert tab.shown() == len(adjusted) == counted["unanswerable_adjusted"] == 9
    assert set(tab.ids()) == adjusted
    assert "comp=c%3Aunanswerable_adjusted" in tab.page.evaluate("location.hash")
    tab.page.select_option("#f-composite", "without")
    assert tab.shown() == report["composite"]["without_metrics"] == sum(c is None for c in composites.values())
    tab.page.select_option("#f-composite", "moved")
    moved = [case_id for case_id, c in composites.items() if c and c["outcome"] != "match"]
    assert tab.shown() == len(moved) == 12  # one of them undetermined under both rules
    tab.page.click("button[data-sort=composite]")  # the largest composite change first
    deltas = sorted((c["delta"] for c in composites.values() if c and c["delta"] is not None), reverse=True)
    first = tab.ids()[0]
    assert composites[first]["delta"] == deltas[0] > 0
    tab.page.select_option("#f-composite", "c:relevancy_overridden")
    [overridden] = tab.ids()
    tab.page.locator("#case-rows tr").first.click()
    box = tab.page.locator("#case-composite")
    assert box.is_visible()
    text = box.inner_text()
    line = composites[overridden]
    assert box.locator("h3").inner_text() == "Composite: mean-3 → unanswerable-aware"
    assert "relevancy_overridden" in text and "not only when it was 0" in text  # the cause, and what it means
    assert f"{line['old']['score']:.4f} pass" in text and f"{line['new']['score']:.4f} pass" in text
    relevancy = next(part for part in line["new"]["parts"] if part["metric"] == "context_relevancy")
    assert relevancy["before"] == 0.5 and relevancy["value"] == 1.0
    row = box.locator("tbody tr", has_text="context_relevancy").locator("td").all_inner_texts()
    assert row == ["0.5000 × 1", "0.5000 → 1.0000 × 1"]
    assert line["reference"] in text and "unanswerable · adjusted" in text
    tab.screenshot(shots, "8-composite-case")
    tab.assert_inert()


def test_a_composite_rule_named_with_markup_stays_text_in_the_explorer(browser: Any, tmp_path: Path) -> None:
    rule = tmp_path / "hostile.toml"
    aware = (ROOT / "compat" / "composite" / "rules" / "unanswerable-aware.toml").read_text(encoding="utf-8")
    rule.write_text(aware.replace('name = "unanswerable-aware"', f"name = {json.dumps(PWN_ATTR)}"), encoding="utf-8")
    path, _, composites = composite_run(tmp_path, "--composite", f"mean-3,{rule}")
    tab = Tab(browser, path)
    tab.page.select_option("#f-composite", "c:relevancy_overridden")
    assert tab.ids() == [case_id for case_id, c in composites.items() if c and c["cause"] == "relevancy_overridden"]
    tab.page.locator("#case-rows tr").first.click()
    assert tab.page.locator("#case-composite h3").inner_text() == f"Composite: mean-3 → {PWN_ATTR}"
    tab.assert_inert()


def test_without_composite_the_explorer_has_no_composite_filter_column_or_section(browser: Any, tmp_path: Path) -> None:
    path, report, composites = composite_run(tmp_path)
    assert report["composite"] is None and set(composites.values()) == {None}
    tab = Tab(browser, path)
    assert tab.page.locator("#f-composite").count() == 0
    assert tab.page.locator("button[data-sort=composite]").count() == 0
    assert tab.page.locator("#cases-table thead th").count() == 7
    assert tab.page.locator("#case-rows tr").first.locator("td").count() == 6
    tab.page.locator("#case-rows tr").first.click()
    assert tab.page.locator("#case-dialog").is_visible() and tab.page.locator("#case-composite").count() == 0
    assert "no metrics" not in tab.page.locator("#case-dialog-body").inner_text()
    tab.assert_inert()


# Issue 34, item 10: the page as a person reads it at 1366 px.

# Each SVG text's size as drawn: its font size times the scale its chart is drawn at.
DRAWN_TEXT = """svg => Array.from(svg.querySelectorAll('text')).map(t => {
    const m = t.getScreenCTM();  // a rotated label scales by the same length
    return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) };
})"""
# A label's text cut (an ellipsis, or hidden past its box), and the text a person sees.
CUT_LABELS = """cells => cells.map(c => ({
    label: c.getAttribute('title'), shown: c.innerText, cut: c.scrollWidth > c.clientWidth }))"""


def test_the_charts_labels_are_readable_and_whole(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]], shots: Path
) -> None:
    """Every chart's text drawn at 10 px or more (the first screen's deltas were drawn at 5), and
    every bar's label whole (`candidate_undetermi…`, `verdict_spelling_var…` were cut)."""
    path, report, _ = bundled_page
    tab = Tab(browser, path)
    charts = tab.page.locator("svg.histogram, svg.waterfall")
    assert charts.count() >= 4  # the first screen's deltas, the decomposition, the noise floors, the deltas section
    for index in range(charts.count()):
        chart = charts.nth(index)
        chart.scroll_into_view_if_needed()
        drawn = chart.evaluate(DRAWN_TEXT)
        assert drawn and all(text["px"] >= 10 for text in drawn), (chart.get_attribute("class"), drawn[:3])
    glance = tab.page.locator("[aria-label=Deltas] svg.histogram text").all_text_contents()
    assert "0" in glance and "cases" in glance  # the axis is labelled
    tab.page.evaluate("window.scrollTo(0, 0)")
    labels = tab.page.locator("table.bars th").evaluate_all(CUT_LABELS)
    assert {"candidate_undetermined", "verdict_spelling_variant"} <= {label["label"] for label in labels}
    for label in labels:
        assert not label["cut"] and label["shown"].replace("\n", "") == label["label"], label
    causes = [row.cause for row in report.causes[:8]]
    assert [label["label"] for label in labels if label["label"] in causes] == causes
    tab.page.locator(".glance").screenshot(path=str(shots / "9-charts.png"))
    tab.assert_inert()


# A browser whose own stylesheet does not scroll a modal dialog (the page must say it itself):
# author rules of no specificity, below the page's own.
UNSCROLLED_DIALOG = ":where(dialog) { overflow: visible; }"
LAST_DRAWN = """dialog => {
    dialog.scrollTop = dialog.scrollHeight;
    const box = dialog.getBoundingClientRect();
    const inside = Array.from(dialog.querySelectorAll('h2, h3, h4, h5, p, pre, li, dt, dd, td, th'))
      .map(e => e.getBoundingClientRect()).filter(r => r.height > 0);
    const below = document.elementFromPoint(box.left + box.width / 2, Math.min(box.bottom + 8, innerHeight - 1));
    return { bottom: box.bottom, last: Math.max(...inside.map(r => r.bottom)),
             below: below === null ? '' : (dialog.contains(below) && below !== dialog ? below.tagName : '') };
}"""
HEADINGS_OVERLAP = """dialog => {
    const boxes = Array.from(dialog.querySelectorAll('h2, h3, h4, h5, caption, p'))
      .filter(e => e.getBoundingClientRect().height > 0)
      .map(e => [e.textContent.slice(0, 40), e.getBoundingClientRect()]);
    const hits = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, r] = boxes[i], [b, s] = boxes[j];
      const rows = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      const columns = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      if (rows > 1 && columns > 1) {
        hits.push([a, b]);
      }
    }
    return hits;
}"""


def test_the_case_dialog_ends_inside_itself(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]]
) -> None:
    """A long case scrolls within its dialog: at its bottom nothing of it is drawn past the dialog's
    edge over the page (a heading of it printed over the page's caption), whatever the browser's
    own stylesheet does with a modal dialog, and no two of its headings or lines overlap."""
    path, _, lines = bundled_page
    longest = max((line for line in lines if line.detail is not None), key=lambda line: len(repr(line.detail)))
    for height in (768, 600):
        tab = Tab(browser, path, height=height)
        tab.page.add_style_tag(content=UNSCROLLED_DIALOG)
        tab.page.evaluate("id => { location.hash = 'case=' + encodeURIComponent(id); }", longest.id)
        dialog = tab.page.locator("#case-dialog")
        tab.page.wait_for_selector("#case-dialog[open]")
        end = dialog.evaluate(LAST_DRAWN)
        assert end["last"] <= end["bottom"] + 0.5 and end["below"] == "", (height, end)
        assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # long enough to scroll
        assert dialog.evaluate(HEADINGS_OVERLAP) == []
        tab.assert_inert()


def test_the_criteria_over_the_trusted_cases_say_over_how_many(
    browser: Any, bundled_page: tuple[Path, DriftReport, list[CaseLine]]
) -> None:
    """ "45 flips" and "29.8% agree" beside "pass->fail flip rate 0.0000" and "agreement 0.9367": each
    criterion measured over the cases where legacy is trusted says so, and over how many."""
    path, report, _ = bundled_page
    assert report.trusted_agreement is not None and report.trusted_agreement.cases < report.corpus.cases
    over = f"over the {report.trusted_agreement.cases:,} cases where legacy is trusted"
    tab = Tab(browser, path)
    items = tab.page.locator("ul.criteria li")
    said = {item.split(":")[0].lstrip("✓✗ "): item for item in items.all_inner_texts()}
    trusted = {"pass->fail flip rate", "fail->pass flip rate", "agreement (Wilson 95% lower bound)"}
    assert trusted <= set(said)
    for name, text in said.items():
        assert (over in text) == (name in trusted), text
    for index in range(items.count()):  # said on the first screen, without scrolling
        box = items.nth(index).locator(".over").bounding_box() if items.nth(index).locator(".over").count() else None
        assert box is None or box["y"] + box["height"] <= 768
    tab.assert_inert()


def test_a_page_of_no_cases_says_there_are_none(browser: Any, tmp_path: Path) -> None:
    """Not "No differences: every case matches": there is no case to match."""
    corpus = tmp_path / "empty.jsonl"
    corpus.write_text("", encoding="utf-8")
    page, report, _ = written(tmp_path / "report", lambda keep: run_diff([corpus], DiffSettings(), on_comparisons=keep))
    assert report.corpus.cases == 0
    tab = Tab(browser, page)
    tab.assert_inert()
    text = tab.page.inner_text("main")
    assert "every case matches" not in text
    said = "No cases: the corpus holds none, so there is nothing to compare."
    assert tab.page.inner_text("[aria-label=Causes]").endswith(said)
    assert said in tab.page.inner_text("section[aria-labelledby=s-causes]")


# Issue 34, item 11: what each arm's verdict call was sent, beside the verdicts read.


def test_an_opened_case_shows_what_each_verdict_call_was_sent_beside_the_verdicts(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    """Graded per arm (`grade`), the fixed scorer reading the legacy arm: the legacy arm's verdict
    call was sent call 1's lines, its heading too, so its verdicts are one place off the statements
    the fixed scorer reads them against. Each side lists what its arm's verdict call was sent, the
    candidate's beside the verdicts read in each place, and the places that do not line up are marked."""
    from tests.diff.graded import HEADER, arm, write

    said = ["Photosynthesis uses sunlight to make food.", "It happens in chloroplasts.", "It releases carbon dioxide."]
    legacy = arm(
        "legacy",
        [
            {
                "seed": 0,
                "statements_output": "Statements:\n" + "\n".join(said),
                "grader_output": f"{HEADER} No. Yes. Yes. No.",
            }
        ],
    )
    case = {
        "id": "photosynthesis-heading-sent",
        "question": "How does photosynthesis work?",
        "answer": "Photosynthesis uses sunlight to make food. It happens in chloroplasts. It releases carbon dioxide.",
        "contexts": ["Plants use sunlight in their chloroplasts to make food, releasing oxygen."],
        "arms": {"legacy": legacy},
    }
    corpus = write(tmp_path / "graded.jsonl", [case])
    settings = DiffSettings(candidate_arm="legacy")
    page, _, lines = written(tmp_path / "report", lambda keep: run_diff([corpus], settings, on_comparisons=keep))
    [line] = [parse_case_line(text) for text in lines]
    assert line.detail is not None
    assert line.detail.control_sent == line.detail.candidate_sent == ["Statements:", *said]  # the heading was sent too
    read = [verdict.text for verdict in line.detail.candidate_read]
    tab = Tab(browser, page, height=900)
    tab.page.locator("#case-rows tr").first.click()
    sides = tab.page.locator("#case-dialog .side")
    legacy_side, fixed_side = sides.nth(0), sides.nth(1)
    assert legacy_side.locator("ol.sent li").all_inner_texts() == ["Statements:", *said]
    assert "Sent to the verdict call (4 statements)" in legacy_side.inner_text()
    rows = fixed_side.locator("table.sent tbody tr")
    assert rows.count() == max(4, len(read))
    cells = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
    assert [cell[1] for cell in cells[:4]] == ["Statements:", *said]
    marked = [rows.nth(i).get_attribute("class") or "" for i in range(rows.count())]
    off = [
        i >= len(read) or i >= 4 or read[i].lower().rstrip(".") != ["statements:", *said][i].lower().rstrip(".")
        for i in range(rows.count())
    ]
    assert off[0] and [mark == "misaligned" for mark in marked] == off  # one place off from the first
    assert f"Sent 4 statements; {len(read)} verdicts read: {sum(off)} of them do not line up (marked)." in (
        fixed_side.inner_text()
    )
    fixed_side.locator("table.sent").evaluate("table => table.scrollIntoView({block: 'center'})")
    tab.screenshot(shots, "10-case-statements-sent")
    tab.assert_inert()
