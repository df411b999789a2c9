"""Reader 13: the context quoted as evidence is the context's words, and taxonomies' forms are forms.

``heldout41`` (verdicts given with their evidence; held out through reader 12) showed 0.3 - 0.4%
wrong numbers, every one a quotation of the context read as verdicts: ``- Failed: 12`` in a
quoted rollout report, ``iOS 15: no`` in a cited FAQ, ``TRUE negative`` in a LangChain
citation's ``quote='…'``. ``heldout42`` (error categories) showed a taxonomy's checkbox form read
by its tick (``☑ Temporal error`` as a check mark, so "supported"), a codebook's line read as a
verdict (``OK: no error.``) and a line of label counts read as one.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat.scoring import Status
from compat.scoring.reader.prepare import prepare
from compat.scoring.reader.quotations import blank_quoted_sentences
from tests.scoring._reading import THREE as STATEMENTS
from tests.scoring._reading import assert_unclear, score

# What real contexts say, verdict words and list markers included.
CONTEXT_LINES = (
    "Rollout test results:\n- Devices updated: 40\n- Succeeded: 28\n- Failed: 12 (error E-17)",
    "Compatibility:\n- iOS 16 or later: yes\n- iOS 15: no\n- Android 11 or later: yes",
    "Sample B-12: lead NEGATIVE.\nResult confirmed on re-test: TRUE negative.",
    "Returns & refunds\n1. Full-price items: refund within 30 days.\n2. Sale items: no refunds; exchange only.",
    "Decision: REJECTED (score 61/100; threshold 70).",
    "Exclusions. This warranty does not cover:\n(a) water damage;\n(b) accidental drops.",
)
WORDS = {1: "Supported", 0: "Not supported"}


# ------------------------------------------------------------------ quotations of the context


@pytest.mark.parametrize(
    "grader_output",
    [
        # An element that holds a quotation.
        "<statement_1>\n<quote>- Failed: 12\n- iOS 15: no</quote>\n<verdict>supported</verdict>\n</statement_1>\n"
        "<statement_2>\n<quotes>No relevant quotes found.</quotes>\n<verdict>not supported</verdict>\n</statement_2>\n"
        "<statement_3>\n<quote>Result: TRUE negative.</quote>\n<verdict>supported</verdict>\n</statement_3>",
        # A field that names a quotation, its value quoted (a LangChain citation's repr).
        "Judgements(items=[Judgement(statement_id=1, verdict='supported', citations=[Citation(source_id=10, "
        "quote='Rollout test results:\\n- Failed: 12\\n- iOS 15: no')]), Judgement(statement_id=2, "
        "verdict='not_supported', citations=[]), Judgement(statement_id=3, verdict='supported', "
        "citations=[Citation(source_id=1, quote='Result confirmed on re-test: TRUE negative.')])])",
        # Lines the grader numbered as the context's, under the line that cites them.
        "1. PASS (L21-L24)\n    21: Rollout test results:\n    22: - Devices updated: 40\n    24: - Failed: 12\n\n"
        "2. FAIL (L124)\n    124: Safety: no serious adverse events were reported.\n\n"
        "3. PASS (lines 7-8)\n     7 | Compatibility:\n     8 | - iOS 15: no",
        # A footnote's reference beside each verdict, the passages quoted under each footnote.
        "## Verdicts\n\n1. **YES**[^ev1]\n2. **NO**[^ev2]\n3. **YES**[^ev3]\n\n"
        "[^ev1]: *rollout.md*, p. 9. This passage backs the statement:\n\n    > - Failed: 12 (error E-17)\n\n"
        "[^ev2]: *faq.md*, p. 2. This passage says otherwise:\n\n    > - iOS 15: no\n\n"
        "[^ev3]: *lab.pdf*, p. 1. This passage backs the statement:\n\n    > Result: TRUE negative.",
        # Numbered sources appended below the verdicts.
        "1. `CORRECT` [2]\n2. `INCORRECT` (none of the sources mention this)\n3. `CORRECT` [1]\n\n**Sources**\n"
        "Source 1:\nSample B-12: lead NEGATIVE.\n\nSource 2:\nRollout test results:\n- Devices updated: 40\n"
        "- Failed: 12 (error E-17)",
        # A fenced excerpt under its lead-in, the verdict after it.
        "Statement 1:\nEvidence:\n```text\n- iOS 15: no\n- Failed: 12\n```\n=> `PASS`\n\nStatement 2:\nEvidence:\n"
        "```text\nDecision: REJECTED.\n```\n=> `FAIL`\n\n"
        "Statement 3:\nEvidence:\n```text\nTRUE negative.\n```\n=> `PASS`",
        # Sentences quoted in prose.
        '1. Supported — faq.md states "Compatibility: - iOS 16 or later: yes - iOS 15: no - Android 11 or later: yes"\n'
        "2. Unsupported — No supporting evidence found in the context.\n"
        '3. Supported — news.html states "Update (2 June): the bridge is open again; the closure failed to hold."',
    ],
)
def test_the_context_a_grader_quotes_as_evidence_is_not_read_as_verdicts(grader_output: str) -> None:
    result = score(grader_output)
    assert result.value == pytest.approx(2 / 3), result.reason


def test_a_grader_notes_under_a_source_label_are_its_own_words() -> None:
    # "[Doc 3]:" heads the grader's notes about that passage, verdicts included: no quotation.
    grader_output = (
        "[Doc 1]:\n- It contradicts statement 1. Verdict: NOT ENTAILED.\n- It backs statement 3. Verdict: ENTAILED.\n\n"
        "[Doc 2]:\n- It contradicts statement 2. Verdict: NOT ENTAILED."
    )
    assert score(grader_output).value == pytest.approx(1 / 3)


def test_a_line_that_introduces_a_verdict_introduces_no_quotation() -> None:
    grader_output = "Final answer based on the evidence:\n    1. Yes\n    2. No\n    3. Yes"
    assert score(grader_output).value == pytest.approx(2 / 3)


def test_a_quoted_run_of_verdict_words_and_a_field_s_quoted_value_stay() -> None:
    assert score('The verdicts are "Supported, Not supported, Supported".').value == pytest.approx(2 / 3)
    field = '"reason": "the context says nothing of the opening hours"'
    assert blank_quoted_sentences(field) == field
    assert "opening" not in blank_quoted_sentences('states "the context says nothing of the opening hours"')


def test_a_source_s_id_names_no_statement() -> None:
    # "source_id=1" once read as "statement 1", so statement 1 seemed judged twice.
    grader_output = (
        "Judgement(statement_id=1, verdict='supported', source_id=3)\n"
        "Judgement(statement_id=2, verdict='not_supported', source_id=1)\n"
        "Judgement(statement_id=3, verdict='supported', source_id=2)"
    )
    assert score(grader_output).value == pytest.approx(2 / 3)


@given(
    verdicts=st.lists(st.sampled_from([0, 1]), min_size=3, max_size=3),
    quoted=st.lists(st.sampled_from(CONTEXT_LINES), min_size=3, max_size=3),
    form=st.sampled_from(["element", "blockquote", "fence", "indented"]),
)
@example(verdicts=[1, 0, 1], quoted=[CONTEXT_LINES[0], CONTEXT_LINES[1], CONTEXT_LINES[2]], form="blockquote")
def test_any_verdicts_beside_any_quoted_context_read_as_the_verdicts(
    verdicts: list[int], quoted: list[str], form: str
) -> None:
    units = []
    for number, (verdict, passage) in enumerate(zip(verdicts, quoted, strict=True), start=1):
        if form == "element":
            evidence = f"<quote>{passage}</quote>"
        elif form == "blockquote":
            evidence = "Supporting quote:\n" + "\n".join(f"> {line}" for line in passage.split("\n"))
        elif form == "fence":
            evidence = f"Evidence:\n```\n{passage}\n```"
        else:
            evidence = "Relevant excerpt:\n" + "\n".join(f"    {line}" for line in passage.split("\n"))
        units.append(f"Statement {number}:\n{evidence}\nVerdict: {WORDS[verdict]}")
    result = score("\n\n".join(units))
    assert result.value == pytest.approx(sum(verdicts) / 3), result.reason


# ------------------------------------------------------------------ taxonomies' forms


def test_a_taxonomy_s_checkbox_form_is_read_by_the_option_ticked_not_by_its_tick() -> None:
    form = "\n".join(
        [
            "**1. The store opens at 9 am.**",
            "☐ No error\n☐ Temporal error\n☑ Cannot determine",
            "**2. Refunds are possible for sale items.**",
            "☐ No error\n☑ Temporal error\n☐ Cannot determine",
        ]
    )
    # "☑ Temporal error" was read as a check mark: a statement with an error scored supported (0.5).
    result = score(form, STATEMENTS[:2])
    assert result.value == 0.0, result.reason
    assert [verdict.verdict for verdict in result.verdicts] == [None, 0]


def test_a_taxonomy_s_checkbox_form_ticking_an_unknown_option_leaves_its_statement_unread() -> None:
    form = "Statement 1:\n☐ No error\n☑ Predicate slip\n☐ Cannot determine\nStatement 2:\n☑ No error\n☐ Predicate slip"
    result = score(form, STATEMENTS[:2])
    assert result.status is Status.UNDETERMINED, result.reason


def test_a_taxonomy_s_checkbox_form_whose_ticks_fall_on_verdict_words_is_read() -> None:
    form = "\n\n".join(
        f"Statement {number}:\n- [{tick}] No error\n- [ ] Entity error\n- [{cross}] Contradiction"
        for number, (tick, cross) in enumerate([("x", " "), (" ", "x"), ("x", " ")], start=1)
    )
    assert score(form).value == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    "codebook",
    [
        "(OK: no error. E1: conflicts with the context. ND: not determinable.)",
        "Codebook: OK: faithful. E1: conflicts with the context. ND: not determinable.",
        "Error codes used — OK: no error. ERR-C: conflicts with the context. ND: not determinable.",
    ],
)
def test_a_codebook_s_line_gives_no_verdict(codebook: str) -> None:
    # Only the codes answer, and they are no verdict words: nothing is read, not "OK: no error".
    result = score(f"Codes in statement order: E1, OK, ND\n\n{codebook}")
    assert result.status is Status.UNDETERMINED, result.reason


def test_statements_verdicts_keyed_on_one_line_are_no_codebook() -> None:
    assert score("S1: supported. S2: not supported, the context says otherwise. S3: supported.").value == pytest.approx(
        2 / 3
    )


def test_a_line_of_label_counts_gives_no_verdict() -> None:
    result = score("Codes in statement order: E2\n\nLabel counts — E2: 1.", STATEMENTS[:1])
    assert result.status is Status.UNDETERMINED, result.reason


def test_no_error_is_a_taxonomy_s_entry_for_a_supported_statement() -> None:
    grader_output = "Claim 1 → ✅ none — no error (the context says exactly this)\nClaim 2 → ❌ temporal error\n"
    grader_output += "Claim 3 → ✅ none — no error (this matches the context)"
    assert score(grader_output).value == pytest.approx(2 / 3)


# ------------------------------------------------------------------ records asked the other way round


@pytest.mark.parametrize(
    "grader_output",
    [
        'statement_id=1 policy="grounded" violated=true rationale="Nothing in the context covers this."\n'
        'statement_id=2 policy="grounded" violated=false rationale="The context says exactly this."\n'
        'statement_id=3 policy="grounded" violated=false rationale="The context says exactly this."',
        "statement 1 violated: true\nstatement 2 violated: false\nstatement 3 violated: false",
    ],
)
def test_a_record_s_field_asked_the_other_way_round_is_unclear(grader_output: str) -> None:
    # "violated=true" read as a verdict is the wrong way round: a statement not supported scored supported.
    assert_unclear(score(grader_output), "violated")


# ------------------------------------------------------------------ partial reads and taxonomies' words


@pytest.mark.parametrize(
    "grader_output",
    [
        # Each unit's code is no verdict word: the "1" that numbers the first was read as a verdict.
        "Here are my verdicts:\n\n1 - X\n2 - E2\n3 - E1",
        "Final verdict: 1 - foo, 2 - bar, 3 - baz",
        # JSON the JSON reader does not read: six labels read, the seventh statement's empty list not.
        '[{"statement_id": 1, "hallucination_list": [{"label_type": "Subtle Conflict"}]}, '
        '{"statement_id": 2, "hallucination_list": [{"label_type": "Evident Conflict"}]}, '
        '{"statement_id": 3, "hallucination_list": []}]',
    ],
)
def test_a_short_reading_beside_units_the_grader_numbers_is_no_number(grader_output: str) -> None:
    result = score(grader_output)
    assert result.status is Status.UNDETERMINED, result.reason


def test_a_short_final_block_is_still_the_grader_s_finding_where_no_unit_is_left() -> None:
    result = score("Final verdict: 1. Yes 2. No")  # three statements, two verdicts given
    assert result.value == pytest.approx(1 / 3), result.reason


@pytest.mark.parametrize(
    ("grader_output", "expected"),
    [
        ("Statement 1: Evident Conflict\nStatement 2: No hallucination\nStatement 3: Subtle Baseless Info", 1 / 3),
        ("1. Temporal error\n2. No error\n3. Entity error", 1 / 3),
        ("Claim 1 → intrinsic hallucination\nClaim 2 → extrinsic hallucination\nClaim 3 → no error", 1 / 3),
    ],
)
def test_a_taxonomy_s_categories_are_verdicts(grader_output: str, expected: float) -> None:
    assert score(grader_output).value == pytest.approx(expected)


def test_groups_that_hold_no_statement_name_none() -> None:
    # "No error — no statements" was read as one statement's "no error": 1.0 for a statement in error.
    lone = "Intrinsic hallucination — no statements\nExtrinsic hallucination — statement 1\nNo error — no statements"
    assert score(lone, STATEMENTS[:1]).value == 0.0


def test_the_choices_a_refusal_names_are_no_verdicts() -> None:
    refusal = (
        "Unable to apply the taxonomy (Evident Conflict / Subtle Conflict / Evident Baseless Info / none): "
        "the context appears to belong to a different document. I won't guess."
    )
    result = score(refusal)
    assert result.status is Status.UNDETERMINED, result.reason


def test_an_xml_declaration_is_no_verdict() -> None:
    declared = prepare('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<evaluation>', None)
    assert "yes" not in declared


def test_a_tool_s_result_an_agent_printed_is_the_context() -> None:
    grader_output = (
        "[FunctionExecutionResult(content=\"Only 31% answered Yes to 'I feel supported'; 58% answered No.\", "
        "name='search_context', is_error=False)]\n"
        "[FunctionExecutionResult(content='Pregnancy: Yes, considered safe in all trimesters.', name='search')]\n"
        "**Verdicts**\n1. no\n2. no\n3. yes"
    )
    assert score(grader_output).value == pytest.approx(1 / 3)


def test_a_final_block_s_line_of_fields_is_read_by_its_fields_not_by_its_number() -> None:
    # "1: Incorrect: not supported." read as a verdict "1": a statement not supported scored supported.
    grader_output = (
        "Here are my verdicts:\n\n1: Incorrect: not supported.\n2: Correct: supported.\n3: Incorrect: contradicted."
    )
    assert score(grader_output).value == pytest.approx(1 / 3)
