"""The draw behind `faithcompat label`: deterministic, order-blind, unchecked readings first, every stratum, flat."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from compat.cases import Case, bundled_corpus, iter_cases, iter_lazy_cases
from compat.cli import main
from compat.diff import CaseComparer
from compat.labels import (
    DEFAULT_CASES,
    UNCHECKED_SHARE,
    Label,
    LabelSample,
    draw_sample,
    label_targets,
    priority,
)
from compat.scoring import get_scorer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus() -> list[Case]:
    return [loaded.case for loaded in iter_cases(bundled_corpus())]


def comparer() -> CaseComparer:
    return CaseComparer(get_scorer("legacy"), get_scorer("ragas"), detail=False)


def drawn(cases: list[Case], **options: object) -> LabelSample:
    return draw_sample(cases, comparer(), **options)  # type: ignore[arg-type]


def ids(sample: LabelSample) -> list[str]:
    return [item.case.id for item in sample.cases]


def test_the_same_seed_draws_the_same_cases_whatever_the_corpus_order(corpus: list[Case]) -> None:
    first = drawn(corpus, seed=3)
    assert len(first.cases) == DEFAULT_CASES and first.read == len(corpus)
    assert ids(drawn(list(reversed(corpus)), seed=3)) == ids(first)
    assert ids(drawn(corpus, seed=4)) != ids(first)


def test_unchecked_readings_come_first_then_every_other_stratum(corpus: list[Case]) -> None:
    sample = drawn(corpus, size=30, seed=1)
    unchecked = [item for item in sample.cases if item.why.startswith("unchecked: ")]
    share = math.ceil(30 * UNCHECKED_SHARE)
    assert sample.unchecked > share  # the bundled corpus has more than the share: the cap holds
    assert sample.cases[: len(unchecked)] == tuple(unchecked) and len(unchecked) == share
    checked_strata = {item.stratum for item in drawn(corpus, size=len(corpus)).cases if not item.why.startswith("u")}
    assert {item.stratum for item in sample.cases[share:]} == checked_strata  # each stratum has its case


def test_an_excused_flip_is_an_unchecked_reading_and_a_match_is_not(corpus: list[Case]) -> None:
    sample = drawn(corpus, size=len(corpus))
    by_id = {item.case.id: item for item in sample.cases}
    assert by_id["text-trailing-prose"].why == (
        "unchecked: flip excused as legacy's bug (trailing_text_counted_as_no): is that the reading?"
    )
    assert by_id["recorded-prompts-differ-drift"].why == "unchecked: the arms' graders judge differently (prompts)"
    assert all(item.why == "stratum: match" for item in sample.cases if item.outcome == "match")


def test_the_draw_keeps_a_bounded_presample_and_compares_only_it(corpus: list[Case]) -> None:
    sample = drawn(corpus, size=5, presample=20, seed=9)
    lowest = sorted(corpus, key=lambda case: priority(9, case.id))[:20]
    assert set(ids(sample)) <= {case.id for case in lowest}
    assert sample.presampled == sample.compared == 20 and sample.read == len(corpus)


def test_a_lazy_case_outside_the_presample_is_never_parsed(tmp_path: Path) -> None:
    """A line that does not parse, read for its id only: it cannot be in the draw, so it costs nothing."""
    corpus = tmp_path / "corpus.jsonl"
    lines = [json.dumps({"id": f"c{n}", "statements": ["x"], "grader_output": "[1]"}) for n in range(30)]
    broken = json.dumps({"id": "broken", "statements": "not a list", "grader_output": ""})
    key = priority(0, "broken")
    assert sum(priority(0, f"c{n}") < key for n in range(30)) >= 5  # five cases come before it in the draw
    corpus.write_text("\n".join([broken, *lines]) + "\n", encoding="utf-8")
    sample = draw_sample(iter_lazy_cases([corpus]), comparer(), size=3, presample=5)
    assert sample.read == 31 and sample.compared == 5 and "broken" not in ids(sample)


def test_labelled_cases_are_added_beyond_the_draw(corpus: list[Case]) -> None:
    base = drawn(corpus, size=5, seed=2)
    outside = next(case for case in corpus if case.id not in ids(base) and label_targets(case)[0].statements)
    target = label_targets(outside)[0]
    made = {
        "case_id": outside.id,
        "arm": target.arm,
        "statement": 0,
        "reading": "yes",
        "labeller": "alice",
        "labelled_at": "2026-11-28T12:00:00Z",
    }
    current = Label.model_validate({**made, "text_hash": target.text_hash})
    stale = Label.model_validate({**made, "case_id": "not-in-the-corpus", "text_hash": target.text_hash})
    sample = drawn(corpus, size=5, seed=2, labels=[current, stale])
    assert ids(sample) == [*ids(base), outside.id]
    assert sample.resumed == 1 and sample.cases[-1].why.startswith("labelled already; ")
    assert sample.labels.current == (current,) and [item.label for item in sample.labels.stale] == [stale]


def test_label_writes_the_page_and_says_what_it_drew(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["label", "--out", str(tmp_path), "--cases", "12", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{tmp_path / 'label.html'}: 12 case(s) to label (8 with a reading nobody checked")
    page = (tmp_path / "label.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="label-data">(.*?)</script>', page).group(1))  # type: ignore[union-attr]
    assert len(data["cases"]) == 12 and data["seed"] == 5 and data["labels"] == []


def test_label_help_says_how_many_cases_and_why() -> None:
    result = CliRunner().invoke(main, ["label", "--help"])
    assert "40 is what one person labels in about half an hour" in " ".join(result.output.split())


def test_a_bad_labels_file_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text('{"case_id": "x"}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["label", "--out", str(tmp_path / "out"), "--labels", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"faithcompat: error: {path}:1: missing required field 'arm'")
    assert not (tmp_path / "out").exists()
