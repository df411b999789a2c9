"""label.html in a real headless Chromium: labelled by keyboard, kept across a reload, saved and read back.

The browser, the ``Tab`` helper and the hostile strings are report.html's
(tests/report/test_html_browser.py): the same policy, the same escaping, the same check
that injected markup stays text. The file the page saves is read back with the labels
loader against the corpus it was drawn from, as `diff --labels` will read it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compat.cases import iter_cases
from compat.cli import main
from compat.labels import check_labels, read_labels
from tests.report.test_html_browser import PWN_ATTR, PWN_IMG, PWN_SCRIPT, Tab
from tests.report.test_html_browser import browser as browser  # the fixture

pytestmark = pytest.mark.browser

FINAL = "Final verdict for each statement in order:"
HOSTILE = [
    {
        "id": f"flip {PWN_SCRIPT}",
        "question": f"What? {PWN_IMG}",
        "answer": f"This. {PWN_ATTR}",
        "contexts": [f"Context {PWN_SCRIPT}", "Another context."],
        "statements_output": f"The sky is blue {PWN_IMG}.\nGrass is green.",
        "grader_output": f"The sky is blue {PWN_IMG}. Verdict: Yes\n{FINAL} Yes. Yes. {PWN_SCRIPT}",
    },
    {
        "id": f"json {PWN_ATTR}",
        "statements_output": "Water is wet.\nFire is cold.\nIce melts.",
        "grader_output": json.dumps(
            [
                {"statement": "Water is wet.", "reason": PWN_SCRIPT, "verdict": 1},
                {"statement": "Fire is cold.", "reason": PWN_IMG, "verdict": 0},
                {"statement": "Ice melts.", "reason": PWN_ATTR, "verdict": 1},
            ]
        ),
    },
    {
        "id": "match-3",
        "statements_output": "One.\nTwo.",
        "grader_output": f"{FINAL} Yes. No.",
    },
    {
        "id": "match-4",
        "statements_output": "Three.\nFour.",
        "grader_output": f"{FINAL} Yes. Yes.",
    },
]


def labelled_page(tmp_path: Path, *options: str, regraded: bool = False) -> tuple[Path, Path]:
    """The hostile corpus's label.html (``regraded``: every case's grader text changed since)."""
    corpus = tmp_path / "corpus.jsonl"
    cases = [{**case, "grader_output": case["grader_output"] + "\n"} if regraded else case for case in HOSTILE]
    corpus.write_text("".join(json.dumps(case) + "\n" for case in cases), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["label", str(corpus), "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    return corpus, out / "label.html"


def statements_of(tab: Tab) -> int:
    return int(tab.page.locator("#case li[data-row]").count())


def test_three_cases_labelled_by_keyboard_survive_a_reload_and_save_as_labels_the_loader_reads(
    browser: Any, tmp_path: Path
) -> None:
    corpus, page = labelled_page(tmp_path)
    tab = Tab(browser, page)
    tab.page.fill("#labeller", "alice")
    tab.page.keyboard.press("Escape")  # leave the name field: keys now label
    answered = 0
    for case in range(3):
        assert tab.page.text_content("#case h2").startswith(f"Case {case + 1} of 4: ")
        for _ in range(statements_of(tab)):
            tab.page.keyboard.press("n" if answered % 2 else "y")
            tab.page.keyboard.press("s")  # both answered: the page moves on by itself
            answered += 1
    assert tab.page.text_content("#case h2").startswith("Case 4 of 4: ")
    assert (
        tab.page.text_content("#progress")
        == f"case 4 of 4 · 3 case(s) and {answered} of {answered + 2} statement(s) answered"
    )

    tab.page.reload()  # nothing lost: local storage, and the page opens on the first statement left
    # The page's script restores the name from local storage; wait for it rather than race it (one CI
    # run of many read the field empty right after the reload).
    tab.page.wait_for_function("() => document.getElementById('labeller').value !== ''")
    assert tab.page.input_value("#labeller") == "alice"
    assert tab.page.text_content("#case h2").startswith("Case 4 of 4: ")
    assert "3 case(s) and" in tab.page.text_content("#progress")
    tab.page.keyboard.press("[")  # back a case: its answers are shown pressed
    assert tab.page.locator("#case button[aria-pressed=true][data-judgement=supported]").count() == statements_of(tab)

    tab.page.keyboard.press("k")  # relabel a statement: the new answer replaces the old
    tab.page.keyboard.press("x")
    with tab.page.expect_download() as download:
        tab.page.keyboard.press("Control+s")
    saved = tmp_path / "labels.jsonl"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "labels.jsonl"
    assert tab.errors == []  # no policy violation: the blob: download is allowed

    labels = read_labels([saved])
    checked = check_labels(labels, (loaded.case for loaded in iter_cases([corpus])))
    assert checked.stale == () and len(checked.current) == answered
    assert {label.labeller for label in checked.current} == {"alice"}
    assert sorted(label.judgement for label in checked.current) == ["supported"] * answered
    readings = [label.reading for label in checked.current]
    assert readings.count("none") == 1 and readings.count("yes") + readings.count("no") == answered - 1
    assert len({label.case_id for label in checked.current}) == 3

    # diff --labels reads the saved file back: every label counted, each statement judged supported
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(out), "--labels", str(saved)])
    assert result.exit_code == 0, result.output
    people = json.loads((out / "report.json").read_text(encoding="utf-8"))["against_people"]
    assert (people["labels"], people["stale"], people["cases"], people["labellers"]) == (answered, 0, 3, ["alice"])
    ragas = next(reader for reader in people["readers"] if reader["scorer"] == "ragas")
    assert ragas["statements"]["of"] == answered  # every statement has a reading, the one relabelled "none" too
    assert sum(people["arms"][0]["matrix"]["supported"].values()) == answered


def test_labels_given_back_are_shown_and_stale_ones_are_not(browser: Any, tmp_path: Path) -> None:
    _corpus, page = labelled_page(tmp_path)
    tab = Tab(browser, page)
    tab.page.fill("#labeller", "bob")
    tab.page.keyboard.press("Escape")
    for key in ("y", "u", "n", "c"):
        tab.page.keyboard.press(key)
    with tab.page.expect_download() as download:
        tab.page.click("#save")
    saved = tmp_path / "labels.jsonl"
    download.value.save_as(saved)
    lines = saved.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    stale = {**first, "labeller": "dave", "text_hash": "sha256:" + "0" * 64}  # given against other texts
    saved.write_text("\n".join([*lines, json.dumps(stale)]) + "\n", encoding="utf-8")

    _corpus, again = labelled_page(tmp_path, "--labels", str(saved))
    fresh = Tab(browser, again)  # a new browser context: no local storage, only the file
    assert "1 label(s) given are stale" in fresh.page.text_content("header")
    fresh.page.fill("#labeller", "bob")
    assert "0 case(s) and 2 of" in fresh.page.text_content("#progress")
    fresh.page.fill("#labeller", "carol")  # another person's labels are theirs: carol starts afresh
    assert "0 case(s) and 0 of" in fresh.page.text_content("#progress")

    labelled_page(tmp_path, regraded=True)  # the corpus graded again, the page written again in its place
    tab.page.reload()  # the browser still holds bob's labels, given against the old texts: not shown
    assert "0 case(s) and 0 of" in tab.page.text_content("#progress")
    assert tab.page.locator("#case button[aria-pressed=true]").count() == 0


def test_everything_the_page_shows_from_the_corpus_stays_text(browser: Any, tmp_path: Path) -> None:
    _corpus, page = labelled_page(tmp_path)
    tab = Tab(browser, page)
    tab.page.fill("#labeller", PWN_SCRIPT)
    tab.page.keyboard.press("Escape")
    titles, texts, marks = [], [], []
    for _ in range(4):
        tab.assert_inert()
        titles.append(tab.page.text_content("#case h2"))
        texts.append(tab.page.text_content("#case"))
        marks += tab.page.eval_on_selector_all("mark", "nodes => nodes.map(n => n.textContent)")
        tab.page.keyboard.press("y")
        tab.page.keyboard.press("s")
        tab.page.keyboard.press("]")
    tab.page.reload()
    tab.assert_inert()
    assert any(PWN_SCRIPT in title for title in titles) and any(PWN_ATTR in title for title in titles)
    assert all(pwn in "".join(texts) for pwn in (PWN_SCRIPT, PWN_IMG, PWN_ATTR))
    assert f"The sky is blue {PWN_IMG}. Verdict: Yes" in marks  # the statement's region, as text
