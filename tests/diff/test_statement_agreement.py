"""Per-statement agreement of the LLM's verdicts and HHEM's: kappa, its interval, the matrix, the disagreements."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat.cases import Case
from compat.diff import AgreementCounter, DriftReport, StatementPair, cohen_kappa, statement_agreement, verified_pairs
from tests.diff.graded import ROWS, arm, graded_case, legacy_sample, ragas_sample, verified_case, write
from tests.diff.test_diff_cli import invoke


def test_kappa_of_a_textbook_matrix() -> None:
    # 50 items: both yes 20, first yes only 5, second yes only 10, both no 15 -> p_o 0.7, p_e 0.5, kappa 0.4.
    result = cohen_kappa(20, 5, 10, 15)
    assert result is not None
    assert result.observed == pytest.approx(0.7) and result.expected == pytest.approx(0.5)
    assert result.kappa == pytest.approx(0.4)
    assert result.low is not None and result.high is not None and result.low < 0.4 < result.high


def test_perfect_agreement_is_one_and_chance_agreement_is_zero() -> None:
    perfect = cohen_kappa(30, 0, 0, 20)
    assert perfect is not None and perfect.kappa == pytest.approx(1.0) and perfect.high == 1.0
    independent = cohen_kappa(25, 25, 25, 25)
    assert independent is not None and independent.kappa == pytest.approx(0.0)


def test_one_verdict_throughout_leaves_kappa_undefined_and_no_statements_nothing() -> None:
    same = cohen_kappa(12, 0, 0, 0)
    assert same is not None and same.kappa is None and same.observed == 1.0
    assert cohen_kappa(0, 0, 0, 0) is None


def test_the_interval_has_the_spread_of_kappa_over_repeated_samples() -> None:
    """The analytic standard error against the spread of kappa over 4000 draws of 200 statements."""
    cells = (0.45, 0.08, 0.12, 0.35)
    n = 200
    generator = random.Random(7)
    kappas = []
    for _ in range(4000):
        counts = [0, 0, 0, 0]
        for cell in generator.choices(range(4), weights=cells, k=n):
            counts[cell] += 1
        drawn = cohen_kappa(*counts)
        assert drawn is not None and drawn.kappa is not None
        kappas.append(drawn.kappa)
    mean = sum(kappas) / len(kappas)
    spread = math.sqrt(sum((k - mean) ** 2 for k in kappas) / (len(kappas) - 1))
    at_truth = cohen_kappa(*(round(c * n) for c in cells))
    assert at_truth is not None and at_truth.kappa is not None and at_truth.high is not None
    analytic = (at_truth.high - at_truth.kappa) / 1.959963984540054
    assert analytic == pytest.approx(spread, rel=0.1)


def pair(case: str, control: bool, candidate: bool, index: int = 0) -> StatementPair:
    return StatementPair(
        case_id=case,
        statement=f"statement {index}",
        control=control,
        candidate=candidate,
        probability=0.9 if candidate else 0.1,
        contexts=("the context",),
    )


@given(
    verdicts=st.lists(st.tuples(st.integers(0, 5), st.booleans(), st.booleans()), max_size=60),
    cut=st.integers(0, 60),
)
@example(verdicts=[(0, True, False)] * 60, cut=30)
def test_merging_two_halves_equals_counting_the_whole(verdicts: list[tuple[int, bool, bool]], cut: int) -> None:
    pairs = [pair(f"case-{c}", a, b, i) for i, (c, a, b) in enumerate(sorted(verdicts, key=lambda v: v[0]))]
    by_case: dict[str, list[StatementPair]] = {}
    for p in pairs:
        by_case.setdefault(p.case_id, []).append(p)
    cases = list(by_case.values())
    first, second = AgreementCounter(), AgreementCounter()
    for index, case_pairs in enumerate(cases):
        (first if index < cut % (len(cases) + 1) else second).add(case_pairs)
    first.merge(second)
    assert first.section() == statement_agreement(pairs)


def test_the_matrix_and_the_disagreements_in_corpus_order() -> None:
    pairs = [pair("a", True, True), pair("a", True, False, 1), pair("b", False, True), pair("b", False, False, 1)]
    section = statement_agreement(pairs)
    assert section is not None
    assert section.matrix == {
        "supported": {"supported": 1, "unsupported": 1},
        "unsupported": {"supported": 1, "unsupported": 1},
    }
    assert section.cases == 2 and section.statements == 4 and section.disagreement_count == 2
    assert [(d.case_id, d.control, d.candidate) for d in section.disagreements] == [
        ("a", True, False),
        ("b", False, True),
    ]
    assert section.disagreements[0].contexts == ["the context"]


def verified(row: dict[str, Any], llm: str, hhem: list[float], index: int = 0) -> dict[str, Any]:
    return verified_case(index, row, llm, hhem)


def test_pairs_come_from_call_2_as_the_fixed_scorer_reads_it_and_from_the_checks() -> None:
    case = Case.model_validate(verified(ROWS[0], "YN", [0.8, 0.7]))
    pairs, unpaired = verified_pairs(case)
    assert unpaired == 0
    assert [(p.control, p.candidate, p.probability) for p in pairs] == [(True, True, 0.8), (False, True, 0.7)]
    assert pairs[1].contexts == tuple(ROWS[0]["contexts"])


def test_a_statement_call_2_left_without_a_verdict_is_unpaired_not_guessed() -> None:
    line = verified(ROWS[0], "YN", [0.8, 0.7])
    items = json.loads(line["arms"]["ragas"]["grader_output"])["statements"][:1]  # the LLM judged only one
    line["arms"]["ragas"]["grader_output"] = json.dumps({"statements": items})
    pairs, unpaired = verified_pairs(Case.model_validate(line))
    assert len(pairs) == 1 and unpaired == 1


def test_a_failed_verifier_gives_no_pairs() -> None:
    line = verified(ROWS[0], "YN", [0.8, 0.7])
    hhem = line["arms"]["ragas-hhem"]
    del hhem["grader_output"], hhem["checks"]
    hhem["error"] = {"call": "verdicts", "kind": "too_long", "message": "HHEM: 9000 tokens, over the limit"}
    assert verified_pairs(Case.model_validate(line)) == ((), 0)


def test_arms_with_different_statements_are_not_paired() -> None:
    line = verified(ROWS[0], "YN", [0.8, 0.7])
    line["arms"]["ragas-hhem"]["statements_output"] = json.dumps({"statements": ["Something else."] * 2})
    assert verified_pairs(Case.model_validate(line)) == ((), 0)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_diff_reports_the_statement_agreement(tmp_path: Path, jobs: str) -> None:
    lines = [
        verified(ROWS[0], "YN", [0.9, 0.2], 0),
        verified(ROWS[1], "YY", [0.9, 0.3], 1),
        verified(ROWS[2], "YN", [0.6, 0.5], 2),
    ]
    corpus = write(tmp_path / "graded.jsonl", lines)
    code, _out, err = invoke("diff", str(corpus), "--out", str(tmp_path / "out"), "--jobs", jobs)
    assert code in (0, 1), err
    report = DriftReport.model_validate_json((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    section = report.statement_agreement
    assert section is not None and section.statements == 6 and section.cases == 3
    # LLM: Y N / Y Y / Y N; HHEM: Y N / Y N / Y N (0.5 is unsupported, as ragas rounds it)
    assert section.matrix == {
        "supported": {"supported": 3, "unsupported": 1},
        "unsupported": {"supported": 0, "unsupported": 2},
    }
    assert [(d.case_id, d.statement) for d in section.disagreements] == [("row-2", "Buzz Aldrin landed on the Moon.")]
    markdown = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "Per-statement agreement" in markdown and "kappa" in markdown


def test_a_corpus_without_verifications_has_no_section(tmp_path: Path) -> None:
    lines = [
        graded_case(
            0,
            ROWS[0],
            arm("legacy", [legacy_sample(ROWS[0]["statements"], "YN")]),
            arm("ragas", [ragas_sample(ROWS[0]["statements"], "YN")]),
        )
    ]
    corpus = write(tmp_path / "graded.jsonl", lines)
    invoke("diff", str(corpus), "--out", str(tmp_path / "out"))
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert report["statement_agreement"] is None
