"""The grader-output generator (tests/scoring/graders.py), and the reader's properties over it (issue 23).

First the generator itself: it renders each dimension as graders write it, its truth has
one entry per statement, its two drivers draw the same logic, its JSON parses to its
truth. Then the properties issue 23 names, over the whole product of dimensions: the
fixed scorer reads each output as a careful person does.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from compat import Cause, Score, Status, get_scorer
from tests.scoring import _grader_phrases as P
from tests.scoring.graders import (
    DIMENSIONS,
    Forced,
    GraderOutput,
    RandomChooser,
    Recorder,
    Replay,
    ReplayError,
    StatementsOutput,
    Truth,
    build_grader_output,
    grader_outputs,
    misread,
    render_statements_output,
    statements_outputs,
    unknown_pairs,
    with_unknowns_as_no,
)
from tests.scoring.reader_fuzz import render, run

HEADER = "Final verdict for each statement in order:"
GENERATOR = settings(max_examples=100)
PROPERTY = settings(max_examples=300)

NO_YES_YES: tuple[Truth, ...] = (False, True, True)
FINAL_LINE: dict[str, Any] = {
    "shape": "final_line",
    "vocabulary": "yes_no",
    "casing": "sentence",
    "reasoning": "none",
    "header": HEADER,
    "layout": "inline",
    "enumeration": "none",
    "separator": "dot",
    "decoration": "none",
    "annotation": "none",
    "terminal": ".",
    "lead_in": "none",
    "overall": "none",
}
LIST = {**FINAL_LINE, "shape": "list"}
JOHN = ("John is majoring in Computer Science.", "John is taking a course on Artificial Intelligence.")
# Found by the ci profile: "<Yes>" is a verdict in angle brackets, not an element to drop.


def about_john(grader_output: str, truth: tuple[Truth, ...]) -> GraderOutput:
    """A pinned grader output about JOHN's statements, call 1 one statement a line."""
    return GraderOutput(
        statements=JOHN,
        statements_output="\n".join(JOHN),
        grader_output=grader_output,
        truth=truth,
        refusal=False,
        dimensions={},
    )


ANGLED_YES = GraderOutput(
    statements=JOHN[:1],
    statements_output=JOHN[0],
    grader_output="Final verdict for each statement in order: <Yes>.",
    truth=(True,),
    refusal=False,
    dimensions={},
)


def rendered(force: Mapping[str, Any], truth: tuple[Truth, ...] = NO_YES_YES, *, seed: int = 0) -> GraderOutput:
    """One output with the named choices pinned and the given truths (call 1: plain lines)."""
    return build_grader_output(Forced(RandomChooser(random.Random(seed)), force), len(truth), truth=truth, call1=False)


def ragas_score(output: GraderOutput) -> Score:
    return get_scorer("ragas").score(output.case())


# ----------------------------------------------------------------- the generator renders each dimension


@pytest.mark.parametrize(
    ("force", "truth", "text"),
    [
        # the classes issue 23 lists, each as one dimension value
        ({"lead_in": "in summary,"}, NO_YES_YES, f"{HEADER} in summary, No. Yes. Yes."),
        ({"lead_in": "after reviewing the context,"}, NO_YES_YES,
         f"{HEADER} after reviewing the context, No. Yes. Yes."),
        ({"layout": "inline_next_line", "lead_in": "based on the analysis above:"}, (False, True),
         f"{HEADER}\nBased on the analysis above: No. Yes."),
        ({"annotation": "dash", "annotation_no": "not mentioned in the context", "annotation_yes": "explicitly stated"},
         (False, True), f"{HEADER} No - not mentioned in the context. Yes - explicitly stated."),
        ({"annotation": "paren", "annotation_yes": "explicitly stated"}, (True,), f"{HEADER} Yes (explicitly stated)."),
        ({"decoration": "angle"}, NO_YES_YES, f"{HEADER} <No>. <Yes>. <Yes>."),
        ({"decoration": "bold"}, (False,), f"{HEADER} **No**."),
        ({"decoration": "backtick"}, (False,), f"{HEADER} `No`."),
        ({**LIST, "enumeration": "statement", "decoration": "arrow"}, (False, True),
         "Statement 1 → No. Statement 2 → Yes."),
        ({**LIST, "separator": "dot_operator"}, NO_YES_YES, "No ⋅ Yes ⋅ Yes."),
        ({**LIST, "separator": "pipe", "terminal": "none"}, NO_YES_YES, "No | Yes | Yes"),
        ({**LIST, "enumeration": "dot", "separator": "comma", "terminal": "none"}, NO_YES_YES, "1. No, 2. Yes, 3. Yes"),
        ({**LIST, "enumeration": "dot", "separator": "semicolon", "terminal": "none"}, (False, True), "1. No; 2. Yes"),
        ({**LIST, "enumeration": "dot", "separator": "space", "terminal": "none"}, NO_YES_YES, "1. No 2. Yes 3. Yes"),
        ({**LIST, "enumeration": "paren", "layout": "lines", "terminal": "none"}, (False, True), "1) No\n2) Yes"),
        ({**LIST, "enumeration": "parens", "separator": "comma"}, (False, True), "(1) No, (2) Yes."),
        ({**LIST, "enumeration": "s_dash", "separator": "comma"}, (False, True), "S1 - No, S2 - Yes."),
        ({**LIST, "vocabulary": "entailed", "separator": "comma"}, (False, True), "Not entailed, Entailed."),
        ({**LIST, "vocabulary": "supported", "no_word": "Contradicted", "separator": "comma"}, (True, False),
         "Supported, Contradicted."),
        ({**LIST, "vocabulary": "pass_fail", "casing": "upper"}, (True, False), "PASS. FAIL."),
        ({**LIST, "vocabulary": "correct", "casing": "lower"}, (True, False), "correct. incorrect."),
        ({**LIST, "vocabulary": "true_false"}, (True, False), "True. False."),
        ({"vocabulary": "numeric", "separator": "comma"}, NO_YES_YES, f"{HEADER} 0, 1, 1."),
        ({**LIST, "vocabulary": "numeric", "enumeration": "statement", "separator": "comma"}, (False, True),
         "Statement 1: 0, Statement 2: 1."),
        ({**LIST, "vocabulary": "entailed", "casing": "title"}, (False,), "Not Entailed."),
        ({**LIST, "decoration": "emoji_before", "emoji": "check_cross"}, (True, False), "✅ Yes. ❌ No."),
        ({**LIST, "decoration": "emoji_after", "emoji": "check_cross"}, (True, False), "Yes ✅. No ❌."),
        ({**LIST, "decoration": "emoji_only", "emoji": "check_cross"}, (True, False), "✅. ❌."),
        ({"header": "Final answer:"}, (False, True), "Final answer: No. Yes."),
        ({"header": "Final verdict per statement, in order:"}, (False, True),
         "Final verdict per statement, in order: No. Yes."),
        ({"header": "### Final verdicts", "layout": "lines"}, (False, True), "### Final verdicts\nNo.\nYes."),
        ({"overall": "after", "overall_line": "Overall verdict: {v}"}, (False, True),
         f"{HEADER} No. Yes.\n\nOverall verdict: No"),
        # items without a verdict keep their place
        ({"unknown_word": "Not sure"}, (None, True, True), f"{HEADER} Not sure. Yes. Yes."),
        ({**LIST, "unknown_word": "N/A"}, (None, True, True), "N/A. Yes. Yes."),
        ({**LIST, "unknown_word": "Cannot determine", "decoration": "emoji_only", "emoji": "check_cross"}, (None, True),
         "❓ Cannot determine. ✅."),
    ],
)  # fmt: skip
def test_each_dimension_renders_as_graders_write_it(force: dict[str, Any], truth: tuple[Truth, ...], text: str) -> None:
    output = rendered({**FINAL_LINE, **force}, truth)
    assert output.grader_output == text
    assert output.truth == truth and not output.refusal


def test_echoed_statements_with_their_verdicts() -> None:
    force: dict[str, Any] = {
        "shape": "echo",
        "vocabulary": "yes_no",
        "casing": "sentence",
        "reasoning": "none",
        "header": "none",
    }
    force |= {"echo_form": "dash", "enumeration": "dot", "decoration": "none", "annotation": "none", "lead_in": "none"}
    force |= {"overall": "none", "statement": P.STATEMENTS.index("John is a dedicated student.")}
    assert rendered(force, (False,)).grader_output == "1. John is a dedicated student. - No"
    yes_first = P.STATEMENTS.index("Yes, the museum is open on Mondays.")
    output = rendered({**force, "header": HEADER, "statement": yes_first}, (False,))
    assert output.grader_output == f"{HEADER}\n1. Yes, the museum is open on Mondays. - No"
    # a statement that opens with a verdict word is never put after a verdict ("No: Yes, the museum...")
    with pytest.raises(ValueError, match="not among"):
        rendered({**force, "statement": yes_first, "echo_form": "verdict_first"}, (False,))


def test_per_statement_markers_as_promptfoo_legacy_asks() -> None:
    force: dict[str, Any] = {"shape": "markers", "vocabulary": "yes_no", "casing": "sentence", "decoration": "none"}
    force |= {"annotation": "none", "reasoning_label": "dot", "marker_layout": "one_line", "lead_in": "none"}
    force |= {
        "marker_order": "explanation_first",
        "explanation_no": "The context does not mention this.",
        "statement": 2,
    }
    for marker, said in [
        ("verdict", "Verdict: No."),
        ("conclusion", "Conclusion: No."),
        ("answer", "Answer: No."),
        ("judgement", "Judgement: No."),
        ("supported_q", "Supported? No."),
        ("verdict_arrow", "Verdict → No."),
    ]:
        output = rendered({**force, "marker": marker}, (False,))
        assert (
            output.grader_output
            == f"1. John is a dedicated student. Explanation: The context does not mention this. {said}"
        )


def test_reasoning_before_the_final_line() -> None:
    force = {**FINAL_LINE, "reasoning": "markers", "reasoning_label": "statement", "marker": "verdict"}
    output = rendered({**force, "marker_layout": "multi_line", "marker_order": "explanation_first"}, (False, True))
    blocks = output.grader_output.split("\n\n")
    assert blocks[0].startswith("Statement 1: ") and blocks[0].endswith("\nVerdict: No.")
    assert blocks[1].endswith("\nVerdict: Yes.") and blocks[2] == f"{HEADER} No. Yes."


def test_prose_table_and_refusals() -> None:
    prose = {"shape": "prose", "prose_form": "answer_is", "prose_join": "space", "lead_in": "none"}
    assert rendered(prose, (False, True)).grader_output == (
        "For statement 1, the answer is no. For statement 2, the answer is yes."
    )
    table: dict[str, Any] = {
        "shape": "table",
        "vocabulary": "yes_no",
        "casing": "sentence",
        "header": "none",
        "lead_in": "none",
    }
    table |= {"table_columns": "num_stmt_verdict", "table_align": "plain", "decoration": "none", "statement": 2}
    assert rendered(table, (False,)).grader_output == (
        "| # | Statement | Verdict |\n|---|---|---|\n| 1 | John is a dedicated student. | No |"
    )
    refusal = {"shape": "refusal", "refusal_kind": "after_header", "header": HEADER, "refusal_gap": " "}
    output = rendered({**refusal, "refusal": "no context was provided, so I cannot judge."})
    assert output.grader_output == f"{HEADER} no context was provided, so I cannot judge."
    assert output.refusal and output.truth is None and output.expected_score is None


def test_json_results_with_an_overall_verdict() -> None:
    force = {"shape": "json", "json_shape": "results_overall", "json_value": "int", "json_indent": "none"}
    force |= {"json_key_order": "statement_reason_verdict", "json_overall_position": "before", "json_wrap": "bare"}
    output = rendered(force)
    document = json.loads(output.grader_output)
    assert list(document) == ["overall", "results"] and document["overall"]["verdict"] == 0
    assert [item["verdict"] for item in document["results"]] == [0, 1, 1]
    assert [item["statement"] for item in document["results"]] == list(output.statements)
    fenced = rendered({**force, "json_wrap": "fence_json", "json_shape": "ragas"}).grader_output
    assert fenced.startswith('```json\n{"statements": [{"statement": ') and fenced.endswith("}]}\n```")


def _verdict_json(text: str) -> Any:
    start = min(i for i in (text.find("{"), text.find("[")) if i >= 0)
    end = max(text.rfind("}"), text.rfind("]")) + 1
    body = text[start:end]
    if "\n{" in body and not body.startswith("["):  # JSON lines
        return [json.loads(line) for line in body.splitlines()]
    return json.loads(body)


@GENERATOR
@given(grader_outputs(force={"shape": "json"}, refusals=False))
@example(rendered({"shape": "json", "json_shape": "jsonl", "json_value": "int"}, (True,)))  # one JSON line
def test_json_outputs_parse_to_their_truth(output: GraderOutput) -> None:
    document = _verdict_json(output.grader_output)
    if output.dimensions["json_shape"] == "jsonl" and isinstance(document, dict):
        document = [document]  # JSON lines holding a single item
    if isinstance(document, dict):
        document = document.get("statements") or document.get("results") or document.get("verdicts") or document
    if isinstance(document, dict):  # keyed by statement number
        values = list(document.values())
    else:
        values = [item["verdict"] if isinstance(item, dict) else item for item in document]
    expected_kind = output.dimensions["json_value"]
    assert output.truth is not None and len(values) == len(output.truth)
    for value, truth in zip(values, output.truth, strict=True):
        if truth is None:
            assert value is None or (isinstance(value, str) and value.lower() in DIMENSIONS["unknown_word"])
        elif expected_kind == "int":
            assert value == int(truth) and type(value) is int
        elif expected_kind == "bool":
            assert value is truth


# ----------------------------------------------------------------- the generator's contract


@GENERATOR
@given(grader_outputs())
def test_truth_has_one_entry_per_statement(output: GraderOutput) -> None:
    if output.refusal:
        assert output.truth is None and output.expected_score is None
        return
    assert output.truth is not None
    assert len(output.truth) == len(output.statements) == int(output.dimensions["n"])
    assert 1 <= len(output.statements) <= 8 and len(set(output.statements)) == len(output.statements)
    assert any(t is not None for t in output.truth), "a person reads a score only where something was judged"
    assert output.expected_score == sum(t is True for t in output.truth) / len(output.truth)
    for statement in output.statements:
        assert statement in output.statements_output


@GENERATOR
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), grader_outputs(n, refusals=False))))
def test_n_is_the_statement_count(drawn: tuple[int, GraderOutput]) -> None:
    n, output = drawn
    assert output.truth is not None and len(output.truth) == len(output.statements) == n


@GENERATOR
@given(grader_outputs(unknowns="none"), grader_outputs(unknowns="some"))
def test_unknown_items_on_request(without: GraderOutput, with_some: GraderOutput) -> None:
    assert without.truth is None or None not in without.truth
    assert with_some.truth is None or None in with_some.truth
    if with_some.truth is not None:
        assert with_some.dimensions["unknowns"] != "none" and with_some.dimensions["unknown_word"]


@GENERATOR
@given(grader_outputs(force={"call1": "refusal"}))
def test_a_call1_refusal_is_a_refusal(output: GraderOutput) -> None:
    assert output.refusal and output.truth is None and output.statements == ()
    assert output.statements_output in P.CALL1_REFUSALS


@GENERATOR
@given(statements_outputs())
def test_call1_as_graders_write_it(call1: StatementsOutput) -> None:
    if call1.refusal:
        assert call1.statements == () and call1.text in P.CALL1_REFUSALS
        return
    assert 1 <= len(call1.statements) <= 8
    style = call1.dimensions["call1"]
    if style.startswith("json"):
        assert _verdict_json(call1.text) == {"statements": list(call1.statements)}
    else:
        lines = [line for line in call1.text.splitlines() if line.strip()]
        lead_in = style == "lead_in"
        assert len(lines) == len(call1.statements) + lead_in
        assert not lead_in or lines[0] in P.CALL1_LEAD_INS
        for line, statement in zip(lines[lead_in:], call1.statements, strict=True):
            assert line.endswith(statement)


def test_call1_styles() -> None:
    statements = ["A cat sat.", "A dog ran."]
    chooser = RandomChooser(random.Random(0))

    def call1(**force: Any) -> str:
        return render_statements_output(Forced(chooser, force), statements).text

    assert call1(call1="lines") == "A cat sat.\nA dog ran."
    assert call1(call1="numbered") == "1. A cat sat.\n2. A dog ran."
    assert call1(call1="bulleted", call1_bullet="-") == "- A cat sat.\n- A dog ran."
    assert call1(
        call1="lead_in", call1_lead_in="Here are the statements:", call1_lead_in_gap="\n", call1_list="lines"
    ) == ("Here are the statements:\nA cat sat.\nA dog ran.")
    assert call1(call1="json", call1_json_indent="none") == '{"statements": ["A cat sat.", "A dog ran."]}'
    refusal = render_statements_output(
        Forced(chooser, {"call1": "refusal", "call1_refusal": P.CALL1_REFUSALS[0]}), statements
    )
    assert refusal.refusal and refusal.text == "I'm sorry, but I can't help with breaking down this answer."


def test_every_value_of_every_dimension_is_drawn() -> None:
    chooser = RandomChooser(random.Random(20250))
    seen: dict[str, set[str]] = {name: set() for name in DIMENSIONS}
    for _ in range(2000):
        for name, value in build_grader_output(chooser).dimensions.items():
            name = name.removeprefix("call2_")
            if name in seen:
                seen[name].add(value)
    assert {name: set(values) - seen[name] for name, values in DIMENSIONS.items() if set(values) - seen[name]} == {}


def test_one_logic_two_drivers_and_a_replay() -> None:
    first = [build_grader_output(RandomChooser(random.Random(11))) for _ in range(3)]
    again = [build_grader_output(RandomChooser(random.Random(11))) for _ in range(3)]
    assert first == again
    for seed in range(40):
        recorder = Recorder(RandomChooser(random.Random(seed)))
        original = build_grader_output(recorder)
        assert build_grader_output(Replay(recorder.log)) == original
    with pytest.raises(ReplayError):
        build_grader_output(Replay(recorder.log[:3]))


@GENERATOR
@given(unknown_pairs())
def test_unknown_pairs_differ_only_in_the_unknown_items(pair: tuple[GraderOutput, GraderOutput]) -> None:
    original, variant = pair
    assert original.truth is not None and variant.truth is not None and None in original.truth
    assert variant.truth == tuple(False if t is None else t for t in original.truth)
    assert variant.statements == original.statements and variant.statements_output == original.statements_output
    unchanged = {k: v for k, v in original.dimensions.items() if k not in ("unknowns", "unknown_word")}
    assert {k: v for k, v in variant.dimensions.items() if k not in ("unknowns", "unknown_word")} == unchanged


def test_with_unknowns_as_no_replays_the_seeded_driver() -> None:
    recorder = Recorder(RandomChooser(random.Random(3)))
    original = build_grader_output(recorder, unknowns="some", n=4, refusals=False)
    variant = with_unknowns_as_no(recorder.log, original, unknowns="some", n=4, refusals=False)
    assert variant.truth == tuple(False if t is None else t for t in original.truth or ())


def _score(value: float | None, status: Status = Status.SCORED, cause: Cause | None = None) -> Score:
    return Score(scorer="ragas", value=value, status=status, passed=False, threshold=0.5, reason="", cause=cause)


def test_what_counts_as_a_misread() -> None:
    output = rendered(FINAL_LINE, (True, None, False))
    assert output.expected_score == pytest.approx(1 / 3)
    assert misread(output, _score(1 / 3)) is None
    assert misread(output, _score(0.0)) == "scored_too_low"
    assert misread(output, _score(2 / 3)) == "scored_too_high"
    assert misread(output, _score(None, Status.UNDETERMINED, Cause.NO_VERDICTS)) == "undetermined"
    refusal = rendered({"shape": "refusal"})
    assert misread(refusal, _score(None, Status.UNDETERMINED, Cause.REFUSAL)) is None
    assert misread(refusal, _score(None, Status.UNDETERMINED, Cause.NO_VERDICTS)) == "refusal_wrong_cause"
    assert misread(refusal, _score(1.0)) == "refusal_scored"


def test_the_fuzz_script_reports() -> None:
    report = run(seed=1, count=150, examples=1)
    assert report.outputs == 150 and 0 < report.refusals < 150
    assert sum(report.misreads.values()) == report.misread_total <= 150
    text = render(report, min_count=10)
    assert text.startswith("reader fuzz: seed 1, 150 outputs") and "misread:" in text
    assert "\n  shape: " in text  # every value of every dimension, with its misread count


# ----------------------------------------------------------------- the reader, as a person reads (issue 23)


@PROPERTY
@given(grader_outputs(unknowns="none", refusals=False))
# Found by the dev profile: a lead-in ending in a colon before numbers read them as enumerations.
@example(
    rendered({**FINAL_LINE, "vocabulary": "numeric", "separator": "comma", "lead_in": "based on the analysis above:"})
)
# Found by the dev profile: "1. <statement>" cut at ". " left the echo as a place before the verdicts.
@example(
    about_john(
        (
            f"Here are my verdicts:\n1. {JOHN[0]}\nVerdict: Yes.\nExplanation: The context states this explicitly.\n\n"
            f"2. {JOHN[1]}\nVerdict: Yes.\nExplanation: The context states this explicitly."
        ),
        (True, True),
    )
)
@example(ANGLED_YES)
# Found by the ci profile (reader 11): the echo "Statement 2: No, ..." after its key was taken for a
# verdict, and the verdicts below for a second one: "several verdicts". An echo is the statement's.
@example(
    GraderOutput(
        statements=(JOHN[0], "No, the bridge was not completed in 1935."),
        statements_output=f"{JOHN[0]}\nNo, the bridge was not completed in 1935.",
        grader_output=(
            f"Statement 1: {JOHN[0]}\nExplanation: The context states this explicitly.\n\n"
            "Statement 2: No, the bridge was not completed in 1935.\nExplanation: The context states this explicitly."
            "\n\nStatement 1: Yes.\nStatement 2: Yes."
        ),
        truth=(True, True),
        refusal=False,
        dimensions={},
    )
)
def test_an_output_built_from_known_verdicts_reads_as_those_verdicts(output: GraderOutput) -> None:
    score = ragas_score(output)
    assert output.truth is not None
    assert score.status is Status.SCORED, (score.cause, output.grader_output)
    assert [v.verdict for v in score.verdicts] == [int(bool(t)) for t in output.truth]
    assert score.value == pytest.approx(output.expected_score, abs=1e-9)


@PROPERTY
@given(grader_outputs())
# Found by a stored example: 1 and 0 after an echoed statement name their statement's verdict.
@example(ANGLED_YES)
# Found by the dev profile: a table's row "Cannot determine" answered its statement; no refusal.
@example(
    about_john(
        (f"| # | Statement | Verdict |\n|---|---|---|\n| 1 | {JOHN[0]} | Cannot determine |\n| 2 | {JOHN[1]} | Yes |"),
        (None, True),
    )
)
@example(about_john(f"1. {JOHN[0]} - 1\n2. {JOHN[1]} - 0", (True, False)))
# Found by the dev profile (2026-11-29): a lead-in line before one line a statement answers no statement.
@example(about_john("In summary,\nYes.\nCannot determine.", (True, None)))
@example(about_john("Overall verdict: No\n\nYes.\nCannot determine.", (True, None)))
@example(about_john("In summary, 1. Yes. 2. Cannot determine.", (True, None)))
# Found by the dev profile (2026-11-29): "1: <statement>" gives the verdict before the echo; a row's
# number before it ("1   <statement>   Incorrect") does not.
@example(about_john(f"Final verdict for each statement in order:\n1. 1: {JOHN[0]}\n2. 1: {JOHN[1]}", (True, True)))
# Found by the dev profile: "Cannot determine." as a statement's item is an unknown, not a refusal of the task.
@example(
    GraderOutput(
        statements=(*JOHN, "John is a dedicated student."),
        statements_output="\n".join((*JOHN, "John is a dedicated student.")),
        grader_output="Final verdict for each statement in order: Yes. N/A. Cannot determine.",
        truth=(True, None, None),
        refusal=False,
        dimensions={},
    )
)
def test_every_output_reads_as_a_careful_person_reads_it(output: GraderOutput) -> None:
    score = ragas_score(output)
    assert misread(output, score) is None, (score.value, score.cause, output.expected_score, output.grader_output)


@PROPERTY
@given(st.one_of(grader_outputs(force={"shape": "refusal"}), grader_outputs(force={"call1": "refusal"})))
def test_a_refusal_in_either_call_is_undetermined_refusal(output: GraderOutput) -> None:
    score = ragas_score(output)
    assert (score.status, score.cause, score.value) == (Status.UNDETERMINED, Cause.REFUSAL, None)


def _pair(n: int, items: str, replaced: str) -> tuple[GraderOutput, GraderOutput]:
    statements = tuple(P.STATEMENTS[:n])
    call1 = "\n".join(statements)
    return (
        GraderOutput(statements, call1, f"{HEADER}\n{items}", None, False, {}),
        GraderOutput(statements, call1, f"{HEADER}\n{replaced}", None, False, {}),
    )


@PROPERTY
@given(unknown_pairs())
# issue 23's example (an unreleased promptfoo change's test): a surplus item, which the generator never
# draws (a person cannot tell which item is whose), yet the rule holds for any output
@example(_pair(2, "1. Not sure.\n2. Yes.\n3. Yes.", "1. No.\n2. Yes.\n3. Yes."))
def test_an_unknown_item_never_raises_the_score(pair: tuple[GraderOutput, GraderOutput]) -> None:
    original, with_no = ragas_score(pair[0]), ragas_score(pair[1])
    if original.value is not None and with_no.value is not None:
        assert original.value <= with_no.value + 1e-9, (pair[0].grader_output, pair[1].grader_output)


@PROPERTY
@given(statements_outputs())
def test_call1_reads_as_its_statements(call1: StatementsOutput) -> None:
    n = max(len(call1.statements), 1)
    verdicts = " ".join(["Yes."] * n) if not call1.refusal else "No."
    score = get_scorer("ragas").score(
        GraderOutput(call1.statements, call1.text, f"{HEADER} {verdicts}", None, call1.refusal, {}).case()
    )
    if call1.refusal:
        assert (score.status, score.cause) == (Status.UNDETERMINED, Cause.REFUSAL)
    else:
        assert score.statement_count == len(call1.statements) and score.value == 1.0
