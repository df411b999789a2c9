"""report.html in a real browser: it renders, its filter script runs, injected markup does not.

Headless Chromium loads the page from a file and prints the DOM after its scripts ran
(``--dump-dom``). The corpus is hostile: markup that would set ``document.title`` to
PWNED or add an ``<img onerror>`` if it ever became markup sits in case ids, tags,
grader outputs, the reasons that quote them, and the source name. The control scorer
quotes the grader output in its reason, and it is not ``legacy`` by name, so the
comparison cannot name the cause of its differences: they come out ``unexplained``,
which gives the ``#unexplained`` filter rows to keep and rows to hide.

CI needs Chromium: ``apt-get update && apt-get install -y chromium`` (Debian).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from compat import Case, LegacyScorer, Score, register_scorer
from compat.diff._aggregate import parse_case_line
from compat.diff._report import CaseLine, DriftReport
from compat.diff._run import ComparedBatch, DiffSettings, run_diff
from compat.report._html import render_html
from compat.scoring import _registry as registry

pytestmark = pytest.mark.browser

PWN_SCRIPT = "<script>window.__pwned=1;document.title='PWNED'</script>"
PWN_IMG = "<img src=x onerror=\"document.title='PWNED'\">"
PWN_ATTR = '"><img src=x onerror="document.title=\'PWNED\'">'
FINAL = "Final verdict for each statement in order:"

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
    {  # a refusal: candidate undetermined, cause named
        "id": f"refusal {PWN_IMG}",
        "tags": ["refusal", PWN_ATTR],
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
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


CHROMIUM = _chromium()
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="headless Chromium not found (install it: apt-get update && apt-get install -y chromium)",
)


class EchoLegacy:
    """The legacy scorer under another name, whose reason quotes the grader output verbatim."""

    name = "echo-legacy"

    def __init__(self) -> None:
        self._legacy = LegacyScorer()

    def score(self, case: Case) -> Score:
        score = self._legacy.score(case)
        return score._replace(scorer=self.name, reason=f"{score.reason}; the grader said: {case.grader_output}")


def dump_dom(page: Path, tmp_path: Path, fragment: str = "") -> str:
    assert CHROMIUM is not None
    profile = tmp_path / f"profile-{fragment or 'plain'}"
    command = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-extensions",
        "--disable-sync",
        "--no-first-run",
        "--no-default-browser-check",
        f"--user-data-dir={profile}",
        "--virtual-time-budget=3000",
        "--dump-dom",
        page.as_uri() + (f"#{fragment}" if fragment else ""),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "<html" in result.stdout, result.stderr[-2000:]
    return result.stdout


class Dom:
    """Elements of a dumped DOM, with the text of the ones we look into."""

    def __init__(self, text: str) -> None:
        from html.parser import HTMLParser

        elements: list[tuple[str, dict[str, str | None]]] = []
        texts: dict[str, str] = {}
        stack: list[str] = []

        class Parser(HTMLParser):
            def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
                attributes = dict(attrs)
                elements.append((tag, attributes))
                key = tag if tag in ("title", "h1") else attributes.get("id") or ""
                if key in ("title", "h1", "visible-count") and key not in texts:  # the first <title>, not SVG's
                    stack.append(key)
                    texts[key] = ""

            def handle_endtag(self, tag: str) -> None:
                if stack and tag == {"title": "title", "h1": "h1", "visible-count": "output"}[stack[-1]]:
                    stack.pop()

            def handle_data(self, data: str) -> None:
                if stack:
                    texts[stack[-1]] += data

        parser = Parser(convert_charrefs=True)
        parser.feed(text)
        parser.close()
        self.elements, self.texts = elements, texts

    def tags(self, name: str) -> list[dict[str, str | None]]:
        return [attrs for tag, attrs in self.elements if tag == name]

    def case_rows(self) -> list[dict[str, str | None]]:
        return [attrs for attrs in self.tags("tr") if "data-outcome" in attrs]


def assert_inert(dom: Dom) -> None:
    assert dom.texts["title"] != "PWNED"
    assert "PWNED" not in dom.texts["title"]
    assert dom.tags("img") == []
    assert len(dom.tags("script")) == 1
    assert all(not name.startswith("on") for _, attrs in dom.elements for name in attrs)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, DriftReport, list[CaseLine]]:
    tmp = tmp_path_factory.mktemp("html")
    corpus = tmp / "hostile.jsonl"
    corpus.write_text("".join(json.dumps(case) + "\n" for case in CASES), encoding="utf-8")
    lines: list[CaseLine] = []

    def collect(batch: ComparedBatch) -> None:
        lines.extend(parse_case_line(line) for line in batch.lines)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))  # restored on exit
        register_scorer(EchoLegacy.name, EchoLegacy)
        report = run_diff(
            [corpus], DiffSettings(control=EchoLegacy.name), on_comparisons=collect, source_names=[PWN_SCRIPT + PWN_IMG]
        )
    page = tmp / "report.html"
    page.write_text(render_html(report, lines), encoding="utf-8")
    return page, report, lines


def test_the_hostile_report_has_what_the_browser_test_needs(
    rendered: tuple[Path, DriftReport, list[CaseLine]],
) -> None:
    _, report, lines = rendered
    assert len(lines) == len(CASES)
    assert report.unexplained == 2
    assert [line.outcome for line in lines] == ["match", "drift", "candidate_undetermined", "flip", "drift"]
    assert sum(line.cause == "unexplained" for line in lines) == 2
    assert any(line.cause != "unexplained" for line in lines)
    assert any(PWN_SCRIPT in line.control_reason for line in lines)


@needs_chromium
def test_the_page_renders_and_injected_markup_stays_text(
    rendered: tuple[Path, DriftReport, list[CaseLine]], tmp_path: Path
) -> None:
    page, report, lines = rendered
    dom_text = dump_dom(page, tmp_path)
    dom = Dom(dom_text)
    assert dom.texts["h1"] == report.verdict
    assert dom.texts["title"] == f"{report.tool} drift report"
    assert_inert(dom)
    rows = dom.case_rows()
    assert len(rows) == len(lines)
    # The page's own script ran (the CSP hash admits it): it showed the toolbar and marked every row.
    (toolbar,) = [attrs for attrs in dom.tags("div") if attrs.get("id") == "case-filters"]
    assert "hidden" not in toolbar
    assert [row.get("data-visible") for row in rows] == ["true"] * len(lines)
    assert dom.texts["visible-count"] == str(len(lines))
    # The hostile strings are on the page, as text.
    assert "&lt;script&gt;window.__pwned=1;document.title='PWNED'&lt;/script&gt;" in dom_text


@needs_chromium
def test_the_hash_selects_a_filter(rendered: tuple[Path, DriftReport, list[CaseLine]], tmp_path: Path) -> None:
    page, _, lines = rendered
    dom = Dom(dump_dom(page, tmp_path, "unexplained"))
    assert_inert(dom)
    rows = dom.case_rows()
    assert len(rows) == len(lines)
    kept = [row for row in rows if row["data-cause"] == "unexplained"]
    dropped = [row for row in rows if row["data-cause"] != "unexplained"]
    assert kept and dropped
    assert all(row.get("data-visible") == "true" and "hidden" not in row for row in kept)
    assert all(row.get("data-visible") == "false" and "hidden" in row for row in dropped)
    assert dom.texts["visible-count"] == str(len(kept))
    pressed = [b["data-filter"] for b in dom.tags("button") if b.get("aria-pressed") == "true"]
    assert pressed == ["unexplained"]


@needs_chromium
def test_the_check_would_catch_markup_that_runs(tmp_path: Path) -> None:
    """A positive control: the same strings, unescaped and without the policy, do run."""
    page = tmp_path / "unsafe.html"
    page.write_text(
        f"<!DOCTYPE html><html><head><title>ok</title></head><body>{PWN_SCRIPT}{PWN_IMG}</body></html>",
        encoding="utf-8",
    )
    dom = Dom(dump_dom(page, tmp_path))
    assert dom.texts["title"] == "PWNED"
    assert dom.tags("img")
