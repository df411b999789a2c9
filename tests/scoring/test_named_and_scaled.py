"""Reader 12: statements named otherwise than 1, 2, 3, and the formats evaluator models are trained to emit.

Two blind sets showed confident wrong numbers here. ``heldout39`` (statements named by letters,
indexes from 0, IDs; held out through reader 11): 0.8 - 1.0% wrong, nearly all a line
``Supported: A, C, D`` read as one statement's verdict and the rest counted "no", and DSPy's
``[[ ## verdict_0 ## ]]`` read as a verdict of 0. ``heldout40`` (fine-tuned judges: Prometheus,
Lynx, Granite Guardian, MiniCheck...): 1.3 - 1.9% wrong at first sight, from a guardrail whose
"Yes" means a risk, scales stated beside 1s and 0s, legends copied into every JSON line and a
Python session pasted whole.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat.scoring import Status
from tests.scoring._reading import THREE as STATEMENTS
from tests.scoring._reading import assert_unclear, score

FOUR = [*STATEMENTS, "Prices include VAT."]


# ------------------------------------------------------------------ groups named otherwise


@pytest.mark.parametrize(
    ("grader_output", "statements", "expected"),
    [
        ("- Not supported: B\n- Supported: A, C, D", FOUR, 3 / 4),
        ("Entailed: s0, s1\nNot entailed: s2", STATEMENTS, 2 / 3),
        (
            "Indices refer to the statements list (0-based).\n- Entailed: idx 2\n- Not entailed: idx 0, idx 1",
            STATEMENTS,
            1 / 3,
        ),
        ("Supported: i, iii\nNot supported: ii", STATEMENTS, 2 / 3),
        ("Supported: (a), (c)\nNot supported: (b)", STATEMENTS, 2 / 3),
        ("Supported: statement 0, statement 2\nNot supported: statement 1", STATEMENTS, 2 / 3),
        (
            'q14_s1 = "The store opens at 9 am."\nq14_s2 = "Refunds are possible for sale items."\n'
            'q14_s3 = "The claim was filed in March."\n\nSupported: q14_s2\nNot supported: q14_s1, q14_s3',
            STATEMENTS,
            1 / 3,
        ),
        (
            "Statements:\n- F1: The store opens at 9 am.\n- F2: Refunds are possible for sale items.\n"
            "- F3: The claim was filed in March.\n\nCannot tell: F1\nEntailed: F2, F3",
            STATEMENTS,
            2 / 3,
        ),
    ],
)
def test_groups_that_name_statements_by_letters_zero_based_indexes_numerals_or_given_names_are_read(
    grader_output: str, statements: list[str], expected: float
) -> None:
    scored = score(grader_output, statements)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("grader_output", "named"),
    [
        ("- Not supported: claim-9ec3\n- Supported: claim-2b16, claim-a90d", "supported: claim-2b16, claim-a90d"),
        ("Supported: B, C, Q\nNot supported: A", "supported: b, c, q"),
        ("stmt_1 = first\n- Entailed: none\n- Not entailed: stmt_x1", "not entailed: stmt x1"),
    ],
)
def test_groups_whose_names_are_not_read_are_undetermined_not_a_verdict_a_line(grader_output: str, named: str) -> None:
    # Read a line a verdict, "Supported: B, C, Q" is one "yes" and the rest count "no".
    assert_unclear(score(grader_output), "groups statements under verdicts", named)


def test_a_tally_of_three_that_counts_0_1_2_is_no_group_of_statements_counted_from_0() -> None:
    # Counts 2, 1, 0 name every index from 0 of three statements; only a name ("s0") or a group of
    # several says they are indexes.
    scored = score("Supported: 2\nNot supported: 1\nUnclear: 0")
    assert scored.status is Status.UNDETERMINED


# ------------------------------------------------------------------ markers named or numbered


def test_dspy_field_markers_give_each_field_its_value_not_its_index() -> None:
    output = "[[ ## reasoning ## ]]\nIndex 0: stated.\nIndex 1: stated.\n[[ ## verdict_0 ## ]]\nEntailed\n"
    output += "[[ ## verdict_1 ## ]]\nEntailed\n[[ ## completed ## ]]"
    scored = score(output, STATEMENTS[:2])
    assert (scored.status, scored.value) == (Status.SCORED, 1.0), scored.reason


def test_markers_that_number_their_statements_out_of_order_give_each_statement_its_own_verdict() -> None:
    # The score is the same either way; the verdict each statement is reported with is not.
    scored = score("Verdict 2: Supported\nVerdict 1: Not supported\nVerdict 3: Not supported")
    assert scored.status is Status.SCORED, scored.reason
    assert [verdict.verdict for verdict in scored.verdicts] == [0, 1, 0]
    zero_based = score("verdict_1: Supported\nverdict_0: Not supported\nverdict_2: Supported")
    assert [verdict.verdict for verdict in zero_based.verdicts] == [0, 1, 1]


def test_prometheus_results_in_words_are_read_and_its_points_are_not() -> None:
    words = "Feedback: stated in the context. [RESULT] PASS\nFeedback: not in the context. [RESULT] FAIL"
    scored = score(words, STATEMENTS[:2])
    assert (scored.status, scored.value) == (Status.SCORED, 0.5), scored.reason
    # "[RESULT] 1" is the worst point of Prometheus' 1-5 scale, not a "yes".
    point = score("Feedback: The context contradicts it. So the overall score is 1. [RESULT] 1", STATEMENTS[:1])
    assert (point.status, point.value) == (Status.UNDETERMINED, None), point.reason


def test_a_bracket_that_numbers_a_line_is_no_verdict_of_1() -> None:
    scored = score("[1] UNSUPPORTED | The store opens at 9 am.", STATEMENTS[:1])
    assert (scored.status, scored.value) == (Status.SCORED, 0.0), scored.reason


# ------------------------------------------------------------------ scales and words turned round


@pytest.mark.parametrize(
    "legend",
    [
        "Yes = risk detected (the claim is NOT grounded in the context), No = no risk (grounded)",
        "The guardian answers Yes when the claim is not supported by the context (a risk) and No when it is grounded.",
    ],
)
def test_a_guardrail_whose_yes_is_a_risk_is_undetermined(legend: str) -> None:
    output = f"{legend}\n### claim 1\nno\n### claim 2\nno\n### claim 3\nyes"
    assert_unclear(score(output), "defined the other way round")


def test_yes_defined_as_supported_in_words_is_read() -> None:
    scored = score(
        "The judge answers yes when the claim is supported and no when it is not supported.\n1. yes\n2. no\n3. yes"
    )
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


def test_a_field_asked_the_other_way_round_keeps_its_legend() -> None:
    # polarity turns "Hallucinated: yes" round; its legend says just that, and is no doubt.
    output = "Hallucinated: yes means the statement is NOT supported by the context; no means it is supported.\n"
    output += "1. Hallucinated: yes\n2. Hallucinated: no\n3. Hallucinated: no"
    scored = score(output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("grader_output", "scale"),
    [
        (
            "# ratings are 1-10, higher = better supported; supported if >= 8\n"
            "Claim 1: The store opens at 9 am.\nThe context contradicts the claim.\nFinal rating: [[1]]",
            "(ratings are 1-10)",
        ),
        (
            "Score 0: not supported\nScore 1: cannot be determined\nScore 2: The claim is supported.\n1. [RESULT] 1",
            "[result] 1",
        ),
    ],
)
def test_ones_and_zeros_beside_a_stated_scale_are_its_points_not_verdicts(grader_output: str, scale: str) -> None:
    assert_unclear(score(grader_output, STATEMENTS[:1]), "points of the grader's scale", scale)


def test_a_scale_whose_points_are_defined_under_its_heading_gives_no_verdict_of_its_1() -> None:
    output = "Scoring scale:\n0: The claim is not supported by the context.\n1: It cannot be determined.\n"
    output += "2: The claim is supported by the context.\nStatement 1: 1 — ambiguous."
    scored = score(output, STATEMENTS[:1])
    assert (scored.status, scored.value) == (Status.UNDETERMINED, None), scored.reason


# ------------------------------------------------------------------ legends, choices and code


def test_a_legend_in_every_json_line_is_no_verdict_of_its_line() -> None:
    scale = "Yes = supported, No = not supported, Unclear = cannot be determined"
    lines = [
        {"item": index + 1, "claim": claim, "scale": scale, "output": f"**Result:** {result}", "parsed": result}
        for index, (claim, result) in enumerate(zip(STATEMENTS, ("No", "Yes", "Yes"), strict=True))
    ]
    scored = score("\n".join(json.dumps(line) for line in lines))
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(2 / 3)


def test_the_field_a_legend_defines_is_no_verdict() -> None:
    # 'entailed="unknown" means ...': neither "unknown" nor the field's name "entailed" is a verdict.
    output = '<evaluation>\n  <item id="1" entailed="true"/>\n  <item id="2" entailed="false"/>\n'
    output += '  <item id="3" entailed="unknown"/>\n</evaluation>\n\n'
    output += 'entailed="unknown" means the context does not let me decide.'
    scored = score(output)
    assert scored.status is Status.UNDETERMINED  # the attributes are not read; nothing is read as a number
    assert scored.value is None


def test_the_choices_offered_are_no_verdicts() -> None:
    output = "Evaluation criteria: Is the claim supported by the context? (Yes / No / UNCLEAR)\n"
    output += "## Claim 1 of 2\n**Result:** YES\n## Claim 2 of 2\n**Result:** YES"
    scored = score(output, STATEMENTS[:2])
    assert (scored.status, scored.value) == (Status.SCORED, 1.0), scored.reason


def test_what_was_typed_in_a_python_session_is_no_verdict() -> None:
    output = ">>> label = lambda y: 'SUPPORTED' if y == 1 else 'UNSUPPORTED'\n"
    output += ">>> for idx, claim in enumerate(claims, 1):\n...     print(f'[{idx}] {label(y)} | {claim}')\n...\n"
    output += "[1] UNSUPPORTED | The store opens at 9 am."
    scored = score(output, STATEMENTS[:1])
    assert (scored.status, scored.value) == (Status.SCORED, 0.0), scored.reason


# ------------------------------------------------------------------ groups, over every verdict vector

_LETTERS = "abcdefghij"
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
_NAMING = {
    "letters": lambda index: _LETTERS[index].upper(),
    "bracketed letters": lambda index: f"({_LETTERS[index]})",
    "roman": lambda index: _ROMAN[index],
    "from 0": lambda index: f"s{index}",
    "indexes": lambda index: f"statement {index}",
    "from 1": lambda index: f"S{index + 1}",
}
_LABELS = {1: ("Supported", "Entailed", "Yes"), 0: ("Not supported", "Not entailed", "No")}
_STATEMENTS = [f"Fact number {index} holds for the store." for index in range(10)]


@st.composite
def _grouped_answers(draw: st.DrawFn) -> tuple[list[int], str]:
    verdicts = draw(st.lists(st.sampled_from((0, 1)), min_size=2, max_size=10))
    naming = _NAMING[draw(st.sampled_from(sorted(_NAMING)))]
    label = draw(st.integers(0, 2))
    lines = []
    for value in draw(st.permutations((0, 1))):
        named = [index for index, verdict in enumerate(verdicts) if verdict == value]
        named = draw(st.permutations(named)) if named else named
        names = ", ".join(naming(index) for index in named) or "none"
        lines.append(f"- {_LABELS[value][label]}: {names}")
    return verdicts, "\n".join(lines)


@given(_grouped_answers())
@example(([1, 0], "- Supported: s0\n- Not supported: s1"))
def test_any_verdicts_grouped_by_value_and_named_in_one_numbering_read_exactly(answer: tuple[list[int], str]) -> None:
    verdicts, output = answer
    scored = score(output, _STATEMENTS[: len(verdicts)])
    assert scored.status is Status.SCORED, (output, scored.reason)
    assert [verdict.verdict for verdict in scored.verdicts] == verdicts, output


# ------------------------------------------------------------------ counts, comments and rows


def test_votes_counted_by_verdict_before_the_decision_are_counts_and_the_decision_is_read() -> None:
    output = "Votes per statement (5 judges, majority rule):\n"
    output += "Statement 1: supported: 0, unsupported: 3, abstain: 2 => FAIL\n"
    output += "Statement 2: [supported 3 | unsupported 2 | abstain 0] ⇒ PASS\n"
    output += "Statement 3: supported: 4, unsupported: 1 => PASS"
    scored = score(output)
    assert scored.status is Status.SCORED, scored.reason
    assert [verdict.verdict for verdict in scored.verdicts] == [0, 1, 1]


@pytest.mark.parametrize(
    ("grader_output", "expected"),
    [
        # Groups, not counts: no decision follows them.
        ("Supported: 2, 3; Not Supported: 1", 2 / 3),
        ("1 unclear 2 true 3 true", 2 / 3),
    ],
)
def test_verdict_words_beside_numbers_without_a_decision_are_not_counted_away(
    grader_output: str, expected: float
) -> None:
    scored = score(grader_output)
    assert scored.status is Status.SCORED, scored.reason
    assert scored.value == pytest.approx(expected)


def test_a_markup_comment_is_no_verdict() -> None:
    output = '<report version="1">\n  <!-- verdict: one of SUPPORTED | NOT_SUPPORTED | UNDETERMINED -->\n'
    output += '  <statement id="1">\n    <verdict>SUPPORTED</verdict>\n  </statement>\n</report>'
    scored = score(output, STATEMENTS[:1])
    assert (scored.status, scored.value) == (Status.SCORED, 1.0), scored.reason


def test_a_latex_rows_number_is_no_verdict() -> None:
    output = "\\begin{tabular}{|c|p{0.5\\linewidth}|c|}\n\\hline\n\\# & Statement & Verdict \\\\\n\\hline\n"
    output += "1 & The store opens at 9 am. & not supported \\\\\n\\hline\n\\end{tabular}"
    scored = score(output, STATEMENTS[:1])
    assert (scored.status, scored.value) == (Status.SCORED, 0.0), scored.reason


# ------------------------------------------------------------------ chat templates decoded whole


def test_a_model_that_ran_on_past_its_end_of_turn_token_is_read_up_to_it() -> None:
    # Before, the next example it made up was read too: its "Pass" for the second statement.
    output = "Statement: a\nVerdict: Fail.\nStatement: b\nVerdict: Fail.<|eot_id|>Now here is another example.\n"
    output += (
        "Statements:\nWater freezes at 0 degrees.\nVerdicts:\nStatement: Water freezes at 0 degrees.\nVerdict: Pass."
    )
    scored = score(output, STATEMENTS[:2])
    assert (scored.status, scored.value) == (Status.SCORED, 0.0), scored.reason


def test_a_chat_template_decoded_whole_is_read_by_its_assistant_turn() -> None:
    output = "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n"
    output += "Answer exactly in this form:\nFinal verdict for each statement in order: Yes. No.\n<|eot_id|>"
    output += (
        "<|start_header_id|>assistant<|end_header_id|>\n\nFinal verdict for each statement in order: No. No.<|eot_id|>"
    )
    scored = score(output, STATEMENTS[:2])
    assert (scored.status, scored.value) == (Status.SCORED, 0.0), scored.reason


def test_a_struck_word_in_html_is_no_end_of_turn() -> None:
    # "</s>" closes a strikethrough in HTML as often as it ends a turn: it is not taken for one.
    scored = score("1. <s>Supported</s> Not supported\n2. Supported", STATEMENTS[:2])
    assert (scored.status, scored.value) == (Status.SCORED, 0.5), scored.reason
