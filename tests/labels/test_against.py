"""People's labels against the scorers and the arms: the statistics' properties, the section, diff --labels."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat import bundled_corpus, load_cases
from compat.cases import Case, parse_case
from compat.cli import main
from compat.diff import CaseComparer
from compat.labels import against_people, binary_kappa, check_labels, people_section, share
from compat.scoring import get_scorer
from tests.labels.test_labels import FINAL, T0, label_on, shared_case

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "fixtures" / "labels" / "bundled.jsonl"
COMPARER = CaseComparer(get_scorer("legacy"), get_scorer("ragas"))
WORDS = {1: "Yes", 0: "No"}


def graded(case_id: str, verdicts: list[int]) -> Case:
    """A case whose grader gave ``verdicts`` on its final line, one statement each."""
    statements = "\n".join(f"Statement {index} holds." for index in range(len(verdicts)))
    line = " ".join(f"{WORDS[verdict]}." for verdict in verdicts)
    return parse_case({"id": case_id, "statements_output": statements, "grader_output": f"{FINAL} {line}"})


@settings(max_examples=150)  # each example scores a few cases: about 5 ms
@given(st.lists(st.lists(st.sampled_from([0, 1]), min_size=1, max_size=5), min_size=1, max_size=4))
@example([[1]])
def test_labels_that_agree_with_a_scorer_everywhere_give_accuracy_one_with_its_upper_bound_one(
    verdicts: list[list[int]],
) -> None:
    cases = [graded(f"c{index}", row) for index, row in enumerate(verdicts)]
    labels = [
        label_on(case, None, index, reading="yes" if verdict else "no", judgement="supported")
        for case, row in zip(cases, verdicts, strict=True)
        for index, verdict in enumerate(row)
    ]
    section = people_section(labels, cases, COMPARER, files=["x"])
    ragas = next(reader for reader in section.readers if reader.scorer == "ragas")
    assert ragas.statements is not None and ragas.statements.rate == 1.0 and ragas.statements.wilson_high == 1.0
    assert ragas.cases.of == len(cases) and ragas.cases.rate == 1.0 and ragas.cases.wilson_high == 1.0
    assert ragas.misread_count == 0
    legacy = next(reader for reader in section.readers if reader.scorer == "legacy")
    assert legacy.statements is None  # legacy reads a count, not statements
    assert legacy.cases.rate == 1.0  # clean output: 1 - no/n is yes/n


@settings(max_examples=300)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
@example(0, 1)
@example(5, 5)
def test_the_wilson_interval_contains_the_estimate_and_stays_in_zero_one(agreed: int, extra: int) -> None:
    value = share(agreed, agreed + extra)
    if value.of == 0:
        assert value.rate is None and value.wilson_low is None
        return
    assert value.rate is not None and value.wilson_low is not None and value.wilson_high is not None
    assert 0.0 <= value.wilson_low <= value.rate <= value.wilson_high <= 1.0
    assert (value.wilson_high == 1.0) == (extra == 0)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(["supported", "not_supported"]), min_size=1, max_size=60))
def test_kappa_of_identical_raters_is_one_when_there_is_variation(judgements: list[str]) -> None:
    _observed, kappa, low, high = binary_kappa([(judged, judged) for judged in judgements])
    if len(set(judgements)) == 2:
        assert kappa == 1.0 and low is not None and high == 1.0
    else:
        assert kappa is None  # one class throughout: kappa is 0/0


def test_relabelling_replaces_and_stale_labels_never_count() -> None:
    case = shared_case()  # "Yes. No."
    first = label_on(case, None, 1, reading="yes")  # a slip, relabelled a minute later
    again = label_on(case, None, 1, reading="no", labelled_at=T0 + timedelta(minutes=1))
    stale = label_on(case, None, 0, text_hash="sha256:" + "0" * 64, labeller="carol")  # given before a regrade
    section = people_section([first, again, stale, label_on(case, None, 0)], [case], COMPARER, files=["x"])
    assert (section.labels, section.stale, section.replaced) == (2, 1, 1)
    ragas = next(reader for reader in section.readers if reader.scorer == "ragas")
    assert ragas.statements is not None and (ragas.statements.agreed, ragas.statements.of) == (2, 2)
    assert (ragas.cases.agreed, ragas.cases.of) == (1, 1)


def test_two_labellers_give_the_ceiling_and_split_statements_are_left_out() -> None:
    case = shared_case()
    labels = [
        label_on(case, None, 0, judgement="supported"),
        label_on(case, None, 0, judgement="supported", labeller="bob"),
        label_on(case, None, 1, reading="no", judgement="not_supported"),
        label_on(case, None, 1, reading="no", judgement="supported", labeller="bob"),
    ]
    section = against_people(check_labels(labels, [case]), [case], COMPARER, files=["x"])
    people = section.people
    assert people is not None and people.statements == 2 and people.disagreement_count == 1
    assert people.judgements is not None and (people.judgements.agreed, people.judgements.of) == (1, 2)
    assert section.split == 1
    arm = section.arms[0]
    assert arm.matrix["supported"]["supported"] == 1 and sum(map(sum, (r.values() for r in arm.matrix.values()))) == 1


def test_a_grader_that_parts_from_people_is_listed_beside_the_contexts() -> None:
    case = parse_case(
        {
            "id": "p1",
            "contexts": ["Grass is green."],
            "statements_output": "Grass is green.\nGrass is red.",
            "grader_output": f"{FINAL} No. No.",
        }
    )
    labels = [
        label_on(case, None, 0, reading="no", judgement="supported"),
        label_on(case, None, 1, reading="no", judgement="not_supported"),
    ]
    arm = people_section(labels, [case], COMPARER, files=["x"]).arms[0]
    assert arm.matrix["supported"]["not_supported"] == 1 and arm.parted_count == 1
    assert arm.parted[0].statement == "Grass is green." and arm.parted[0].contexts == ["Grass is green."]


def test_the_shipped_labels_read_back_on_the_bundled_corpus() -> None:
    from compat.labels import read_labels

    labels = read_labels([SHIPPED])
    section = people_section(labels, load_cases(bundled_corpus()), COMPARER, files=[str(SHIPPED)])
    assert section.stale == 0 and section.labellers == ["alice", "bob"] and section.cases == 12
    readers = {reader.scorer: reader for reader in section.readers}
    assert (readers["legacy"].cases.agreed, readers["legacy"].cases.of) == (4, 12)
    assert (readers["ragas"].cases.agreed, readers["ragas"].cases.of) == (10, 11)
    assert section.people is not None and section.people.disagreement_count == 2
    confirmed = {row.cause: row.confirmed for row in section.excused}
    assert (confirmed["verdict_spelling_variant"].agreed, confirmed["verdict_spelling_variant"].of) == (2, 2)


def test_diff_with_labels_writes_the_section_and_without_them_none(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    cases = [shared_case("c1"), shared_case("c2", f"{FINAL} Yes. Yes.")]
    corpus.write_text("".join(case.model_dump_json(exclude_none=True) + "\n" for case in cases), encoding="utf-8")
    labels = tmp_path / "labels.jsonl"
    rows = [label_on(cases[0], None, 0), label_on(cases[0], None, 1, reading="no", judgement="not_supported")]
    labels.write_text("".join(row.model_dump_json() + "\n" for row in rows), encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(tmp_path / "with"), "--labels", str(labels)])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "with" / "report.json").read_text(encoding="utf-8"))
    ragas = next(reader for reader in report["against_people"]["readers"] if reader["scorer"] == "ragas")
    assert ragas["cases"]["agreed"] == 1 and ragas["cases"]["of"] == 1
    assert "### Against people" in (tmp_path / "with" / "report.md").read_text(encoding="utf-8")
    assert 'id="s-people-readings"' in (tmp_path / "with" / "report.html").read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(tmp_path / "without")])
    assert result.exit_code == 0, result.output
    assert "against_people" not in json.loads((tmp_path / "without" / "report.json").read_text(encoding="utf-8"))


def test_a_bad_labels_file_is_named_before_the_corpus_is_read(tmp_path: Path) -> None:
    bad = tmp_path / "labels.jsonl"
    bad.write_text('{"case_id": "c1"}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", "--out", str(tmp_path / "out"), "--labels", str(bad)])
    assert result.exit_code == 2 and f"{bad}:1:" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_the_section_keeps_hostile_corpus_text_as_text(tmp_path: Path) -> None:
    pwn = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    case = parse_case(
        {
            "id": f"c {pwn}",
            "contexts": [f"Grass is green. {pwn}"],
            "statements_output": f"Grass is green {pwn}.\nGrass is red.",
            "grader_output": f"{FINAL} No. No.",
        }
    )
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(case.model_dump_json(exclude_none=True) + "\n", encoding="utf-8")
    labels = tmp_path / "labels.jsonl"
    rows = [label_on(case, None, 0, reading="no", labeller=f"eve {pwn}")]
    labels.write_text("".join(row.model_dump_json() + "\n" for row in rows), encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(tmp_path / "out"), "--labels", str(labels)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    start = page.index('id="s-people-readings"')
    section = page[start : page.index("</section>", page.index('id="s-people-judgements"'))]
    assert "Grass is green &lt;script&gt;" in section and "eve &lt;script&gt;" in section
    assert "<script>" not in section and "<img" not in section
    markdown = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    people = markdown[markdown.index("### Against people") :]
    assert "<script>" not in people and "<img" not in people
