"""Every unit of a layout read, and read once (reader 5; docs/scoring.md, "every unit of a layout").

Found on the seventh blind set (heldout7) once it was read as a development set, and on the
first-sight failures of the earlier ones: a numbered unit whose verdict word the reader does
not know, a draft and its final numbered alike, a short reading beside units it left unread,
the whole answer given twice, a paragraph per statement whose verdict is in a later sentence,
an abridged echo that begins with "Yes,", a confidence after each verdict. Each test names the
behaviour; the ones marked as guards passed before too and keep a layout that was read right
from being lost.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring.reader.prose import read_prose
from tests.scoring._reading import assert_unclear, score

TWO = ["The Eiffel Tower was completed in 1889.", "The theory of plate tectonics is supported by seismic data."]
THREE = [*TWO, "The hotel does not allow pets."]
FOUR = [*THREE, "Ibuprofen should be taken with food."]


# ----------------------------------------------------------------- units under one head


def test_a_unit_whose_verdict_word_is_unknown_makes_a_short_reading_unclear() -> None:
    # Read before: "correct" and "unclear", two verdicts for four statements, the other two
    # counted unsupported (0.25). A person reads "debunked" and "legit" as verdicts. (Reader 7
    # reads "checks out" as judging outside the reading: the third unit says "legit" to keep this
    # unit's check the one that decides.)
    output = "Statement 1: CORRECT\nStatement 2: DEBUNKED\nStatement 3: LEGIT\nStatement 4: UNCLEAR\n"
    assert_unclear(score(output, FOUR), 'the unit "statement 2: debunked" holds no verdict word the reader knows')


def test_a_draft_and_a_final_numbered_alike_that_disagree_are_two_readings() -> None:
    # Read before: 0.5, the first item of each list taken as a unit of two verdicts. Which list
    # is the grader's last word its labels say, in words the reader does not weigh.
    output = (
        "Initial assessment:\n\n1. Yes\n2. No\n\nRevised assessment (final):\n\n1. No\n2. No\n\n"
        "Statement 1 was wrong in the draft; the final list fixes it.\n"
    )
    assert_unclear(score(output, TWO), "the units of statement 1 say no and yes")


def test_units_after_an_announced_correction_are_the_grader_s_last_word() -> None:
    # Guard: the draft before "Corrected verdicts:" is set aside, not a second reading.
    output = "1. Correct\n\nCorrection — I mixed up #1. The corrected list:\n1. Incorrect\n"
    assert score(output, TWO[:1]).value == 0.0


def test_the_whole_answer_given_again_is_read_once() -> None:
    # A decoding loop: read before as 1.0 (the repeated "Entailed" taken for the verdicts) and,
    # with the markers, as the lowest reading of the extra verdicts.
    output = "1. Not Entailed\n2. Entailed\n\nAnswer:\n1. Not Entailed\n2. Entailed\n\nAnswer:\n1. Not Entailed\n"
    result = score(output, TWO)
    assert result.value == 0.5, result.reason


def test_a_short_reading_beside_a_unit_of_a_missing_statement_is_unclear() -> None:
    # Read before: 0.0, statements 3 and 4 read and 1 and 2 counted unsupported.
    output = (
        "Here are my verdicts:\n\n"
        "Statement 1 is **backed by the context**. This is stated directly in the context.\n"
        "Statement 2 does not check out, so it is **not supported**.\n"
        "Is statement 3 supported? **No**. Nothing in the context backs this up.\n"
        "Is statement 4 supported? **No**. The context does not mention this.\n"
    )
    assert_unclear(score(output, FOUR), "statement 1 is **backed by the context**")


def test_numbered_steps_around_the_verdicts_are_no_units() -> None:
    # Guard: "Step 1" and "Step 5" carry no verdict; the steps between them do.
    output = (
        "Step 1: Read the context carefully.\n"
        "Step 2: Check statement 1. The context does not say this. Verdict: Fail.\n"
        "Step 3: Check statement 2. The context states this. Verdict: Pass.\n"
        "Step 4: Check statement 3. The context states this. Verdict: Pass.\n"
        "Step 5: Count the supported statements: 2 of 3.\n"
    )
    assert score(output, THREE).value == pytest.approx(2 / 3)


def test_a_line_of_several_units_is_no_one_unit() -> None:
    # Guard: a first version of the units read the inline line's last verdict as statement 1's.
    output = (
        "Statement 1: Conclusion: TRUE. Explanation: The context states this explicitly.\n"
        "Statement 2: Conclusion: CANNOT DETERMINE. Explanation: The context only partly covers this.\n"
        "Statement 3: Conclusion: FALSE. Explanation: There is no mention of this in the context.\n\n"
        "Statement 1: ✓ TRUE Statement 2: ❓ CANNOT DETERMINE Statement 3: ✗ FALSE.\n"
    )
    assert score(output, THREE).value == pytest.approx(1 / 3)


def test_a_mark_after_the_number_is_the_unit_s_verdict() -> None:
    # Guard: a first version of the units took "1. ✓ - " for the head, and found no verdict after it.
    output = "Based on the analysis above:\n1. ✓ - confirmed by the context.\n2. ✗ - not in the context.\n"
    assert score(output, TWO).value == 0.5


def test_a_bare_number_at_a_line_s_start_is_no_head() -> None:
    # Guard: "4 of 7 ..." begins with a number, as the table's rows do; it is a count, not a unit.
    output = "1   yes\n2   no\n\n1 of 2 statements are supported by the context.\n"
    assert score(output, TWO).value == 0.5


def test_values_no_spot_shows_are_not_second_guessed_by_the_units() -> None:
    # Guard: the legend's marks are read by the pairs source; the units see no verdict word in
    # them and say nothing.
    output = "Final verdict for each statement in order:\nS1=F\nS2=T\n(T = supported, F = not supported)\n"
    assert score(output, TWO).value == 0.5


# ----------------------------------------------------------------- what a unit's words are


def test_an_emoji_number_enumerates() -> None:
    # Read before: 1.0 for a "Not supported" (the keycap's "1" read as a verdict).
    assert score("Here are my verdicts:\n\n1️⃣ Not supported\n2️⃣ Supported\n", TWO).value == 0.5
    assert score("Here are my verdicts:\n\n1️⃣ **🔴 Not supported**\n", TWO[:1]).value != 1.0


def test_an_abridged_echo_is_the_statement_not_a_verdict() -> None:
    statements = ["The train to Lyon leaves at 10:45 from platform 3.", "Yes, the museum is open on Mondays."]
    # Read before: 1 of 2, the echo's "Yes," taken for statement 2's verdict.
    output = "- The train to… => <true> (directly stated)\n- Yes, the museum… => <unknown> (too little detail)\n"
    assert score(output, statements).value == 0.5


@pytest.mark.parametrize(
    ("word", "value"),
    [("ACCURATE", 1), ("Valid", 1), ("holds", 1), ("INACCURATE", 0), ("invalid", 0), ("does not hold", 0)],
)
def test_words_graders_use_unasked_are_verdicts(word: str, value: int) -> None:
    other = "No" if value else "Yes"
    result = score(f"1. {word}\n2. {other}\n", TWO)
    assert result.value == 0.5 and result.verdicts[0].verdict == value, result.reason


@pytest.mark.parametrize("phrase", ["cannot be verified", "ambiguous", "don't know", "inconclusive"])
def test_words_that_say_the_grader_could_not_tell_hold_a_place_without_a_verdict(phrase: str) -> None:
    result = score(f"Claim 1: {phrase}\nClaim 2: true\n", TWO)
    assert result.value == 0.5 and result.verdicts[0].verdict is None, result.reason


def test_a_confidence_after_each_verdict_is_no_degree() -> None:
    # Read before: undetermined ("the grader rated each statement").
    output = (
        "Statement 1: true (conf=0.9) The context confirms this.\n"
        "Statement 2: false (conf=0.85) There is no mention of this in the context.\n\n"
        "The number in brackets is how confident I am in each verdict.\n"
    )
    assert score(output, TWO).value == 0.5


def test_degrees_without_a_verdict_are_still_no_verdicts() -> None:
    # Guard: the confidence is the grader's only answer; it is a degree, not a verdict.
    output = "Statement 1: confidence 0.9 that it is supported\nStatement 2: confidence 0.2 that it is supported\n"
    assert_unclear(score(output, TWO), "a degree is no verdict")


# ----------------------------------------------------------------- a paragraph per statement


def test_a_paragraph_s_later_sentence_judges_the_statement_it_names() -> None:
    # Read before: undetermined (the sentences naming statements 1 and 3 hold no verdict).
    output = (
        "Looking at statement 1: The context says something different. This one is not supported by the context.\n\n"
        "Statement 2 is supported. This is stated directly in the context.\n\n"
        'The third statement says "The hotel does not allow pets". I would mark it as supported.\n'
    )
    assert score(output, THREE).value == pytest.approx(2 / 3)


def test_a_paragraph_that_says_two_things_of_its_statement_leaves_it_unread() -> None:
    prose = read_prose("statement 1 is supported. the context contradicts it.\n\nstatement 2 is supported.\n")
    assert 1 not in prose.by_index and 1 in prose.unread
    assert prose.by_index[2] == 1


@pytest.mark.parametrize(
    "text",
    [
        "statements 2, 5 and 7 are hallucinated. i could not decide on statement 6. statements 1, 3 and 4 are "
        "supported by the context.",
        "i could not decide on statement 6. all the other statements are supported by the context.",
    ],
)
def test_a_paragraph_that_speaks_of_other_statements_lends_none_of_its_verdicts_to_the_one_it_names(
    text: str,
) -> None:
    # Read before as "statement 6 is supported" (heldout34, a detector's summary): the sentence
    # that names no statement was taken for the paragraph's one, statement 6.
    assert 6 not in read_prose(text).by_index


def test_a_heading_over_statements_says_nothing_of_them_yet() -> None:
    # Guard: "**Unsupported statements**" heads a list; the paragraph's sentences still judge.
    prose = read_prose("**unsupported statements**\n- statement 2 — this one is not supported.\n")
    assert prose.by_index == {2: 0}


def test_a_rule_in_a_paragraph_is_no_verdict() -> None:
    # Guard: a paragraph's sentences are read; a rule among them is not one of its verdicts.
    prose = read_prose(
        "i split statement 1 in two. a split statement counts as supported only if both of its parts are.\n"
    )
    assert 1 not in prose.by_index


def test_structured_lines_in_a_paragraph_are_no_prose() -> None:
    # Guard: "supported = false" is a field; the paragraph's sentences of words alone are read.
    prose = read_prose('[statement 1]\ntext = "the tower is tall."\nsupported = "maybe"\n')
    assert prose.by_index == {}


# ----------------------------------------------------------------- the words around the units


def test_a_criteria_block_defines_the_words_and_judges_nothing() -> None:
    # Read before: 0.0 for a TRUE, the criteria's "**FALSE**:" line read as statement 1's verdict.
    output = (
        "You've asked me to decide, for each of the 1 statement, whether it can be directly inferred "
        "from the context, and to give a verdict for each.\n\n"
        "**Criteria I'm using:**\n"
        "- **TRUE**: the context states the claim or it follows directly from it.\n"
        "- **FALSE**: the context does not mention the claim, or says something different.\n\n"
        "Applying these to each statement:\n"
        "Statement 1: TRUE ✔️ (confirmed by the context)\n\n"
        "Feel free to ask if you want more detail on any of these.\n"
    )
    assert score(output, ["Marie Curie won two Nobel Prizes."]).value == 1.0


def test_options_shown_as_checkboxes_are_read_by_the_tick() -> None:
    # Read before: 0.0 for 0.5, every option's word read in every unit.
    sheet = "".join(
        f"### Statement {k}\n- [{'x' if ticked == 'True' else ' '}] True\n"
        f"- [{'x' if ticked == 'False' else ' '}] False\n- [ ] Unknown\n\n"
        for k, ticked in ((1, "True"), (2, "False"))
    )
    assert score(sheet, TWO).value == 0.5
    inline = "Statement 1: ☑ Yes ☐ No\nStatement 2: ☐ Yes ☑ No\n"
    assert score(inline, TWO).value == 0.5


def test_an_option_group_without_one_tick_gives_that_statement_no_verdict() -> None:
    sheet = "1.\n- [x] Yes\n- [x] No\n\n2.\n- [x] Yes\n- [ ] No\n"
    result = score(sheet, TWO)
    assert result.value is None or result.verdicts[0].verdict is None, result.reason


def test_a_checklist_of_statements_is_no_option_group() -> None:
    # Guard: "- [x] <statement>" ticks statements; its boxes are the verdicts, as before.
    output = (
        "Legend: [x] = supported, [ ] = not supported\n"
        "- [x] The Eiffel Tower was completed in 1889.\n- [ ] The theory of plate tectonics.\n"
    )
    assert score(output, TWO).value == 0.5


def test_a_word_and_its_gloss_on_one_line_are_one_verdict() -> None:
    # Read before: 1.0 for 0.5, "yes  # supported" read as two verdicts and statement 2's null unread.
    output = (
        'faithfulness:\n  "1":\n    verdict: yes  # supported\n'
        '  "2":\n    verdict: ~  # cannot be determined from the context\n'
    )
    assert score(output, TWO).value != 1.0


# ----------------------------------------------------------------- JSON that drifts


def test_json_with_comments_and_trailing_commas_is_read() -> None:
    output = (
        '```jsonc\n{"statements": [\n  {"statement": "A.", "verdict": 0,  // not supported\n  },\n'
        '  /* next */ {"statement": "B.", "verdict": 1,},\n]}\n```'
    )
    assert score(output, TWO).value == 0.5


@pytest.mark.parametrize(
    "item",
    [
        '{"statement": "A.", "result": {"supported": %s, "reason": "r"}}',
        '{"statement": "A.", "evaluation": {"faithful": %s}}',
        '{"statement": "A.", "verdict": {"value": %s, "label": "%s"}}',
        '{"statement": "A.", "entailed_by_context": %s}',
        '{"claim": "A.", "judgement": %s}',
        '{"afirmação": "A.", "veredito": %s}',
    ],
)
def test_a_verdict_nested_or_renamed_is_read(item: str) -> None:
    def filled(value: str, label: str) -> str:
        return item % ((value, label) if item.count("%s") == 2 else (value,))

    output = json.dumps(
        {"results": [json.loads(filled("true", "supported")), json.loads(filled("false", "unsupported"))]}
    )
    assert score(output, TWO).value == 0.5


def test_a_nested_verdict_whose_value_and_label_disagree_is_no_verdict() -> None:
    output = json.dumps({"results": [{"statement": "A.", "verdict": {"value": 1, "label": "not supported"}}]})
    assert score(output, TWO[:1]).value is None


@pytest.mark.parametrize(
    ("yes", "no", "unsure"),
    [
        ("respaldada", "no respaldada", "indeterminado"),
        ("suportada", "não suportada", "indeterminado"),
        ("étayée", "non étayée", "indéterminé"),
        ("gestützt", "nicht gestützt", "unklar"),
    ],
)
def test_verdict_words_of_four_more_languages_are_read(yes: str, no: str, unsure: str) -> None:
    items = [
        {"statement": "A.", "verdict": yes},
        {"statement": "B.", "verdict": no},
        {"statement": "C.", "verdict": unsure},
    ]
    result = score(json.dumps({"statements": items}), THREE)
    assert [v.verdict for v in result.verdicts] == [1, 0, None], result.reason


def test_backed_by_the_context_is_a_verdict_in_prose() -> None:
    # Read before: undetermined, "is fully backed by the context" a judgement in words not read.
    output = (
        "Statement 1 is fully backed by the context, because the context states this explicitly. "
        "Statement 2 is not backed up by the context, because nothing in the context backs this up."
    )
    assert score(output, TWO).value == 0.5


def test_json_statement_numbers_grouped_under_verdict_words_are_read() -> None:
    # Read before: undetermined ("no usable verdict"), the groups not known as verdicts.
    groups = {"total_statements": 3, "entailed": [2], "not_entailed": [1], "unknown": [3], "notes": "from 1"}
    result = score(json.dumps(groups), THREE)
    assert [v.verdict for v in result.verdicts] == [0, 1, None], result.reason


def test_json_groups_that_do_not_name_each_statement_once_are_no_reading() -> None:
    # Guard: a statement in two groups, or a gap in the numbers, is no reading by groups.
    for groups in ({"supported": [1, 2], "unsupported": [2]}, {"supported": [1], "unsupported": [3]}):
        assert score(json.dumps(groups), THREE).value is None


# ----------------------------------------------------------------- what tools make of an output


def test_an_answer_shown_as_a_string_literal_is_read_as_the_string() -> None:
    # Read before: 0.0 for 0.5 (IPython's display), undetermined for the repr.
    notebook = (
        "Out[3]:\n('Here are my verdicts:\\n'\n"
        " '1. ✅ ENTAILED. The context confirms this.\\n'\n '2. ❌ NOT ENTAILED.')"
    )
    assert score(notebook, TWO).value == 0.5
    message = (
        "content='Statement 1: ENTAILED\\nStatement 2: NOT ENTAILED\\nDone.' additional_kwargs={} "
        "response_metadata={'logprobs': None} id='run-1'"
    )
    assert score(message, TWO).value == 0.5


def test_a_json_document_encoded_as_a_string_is_read() -> None:
    answer = json.dumps({"statements": [{"statement": "A.", "verdict": 1}, {"statement": "B.", "verdict": 0}]})
    assert score(json.dumps(answer), TWO).value == 0.5  # the whole output a JSON string
    assert score(json.dumps({"output": answer}), TWO).value == 0.5  # a tool's wrapper around it


def test_a_retry_after_an_attempt_cut_off_is_read_by_the_numbers() -> None:
    # Read before: 0.0, the cut attempt's verdicts taken as extra ones and the lowest reading kept.
    output = (
        "--- attempt 1 (stopped: connection reset by peer) ---\n1. `No`. The context contradicts this.\n"
        "--- attempt 2 ---\n\n1. `No`. The context contradicts this.\n2. `Yes`. The context confirms this.\n"
    )
    assert score(output, TWO).value == 0.5


def test_a_judging_word_that_names_a_field_is_answered_by_the_field_s_value() -> None:
    # Read before (once "backed" was read): 1.0, the field's name taken for each statement's verdict.
    output = (
        '"The Eiffel Tower was completed in 1889." | [Backed by the context] NO (the context is silent)\n'
        '"The theory of plate tectonics is supported by seismic data." | [Backed by the context] YES\n'
    )
    assert score(output, TWO).value == 0.5


# ----------------------------------------------------------------- a judging word the template holds


SQL_ROWS = (
    "-- supported: 1 = supported by the context, 0 = not supported\n"
    "INSERT INTO verdicts (statement_id, statement, supported) VALUES (1, 'The Eiffel Tower was completed.', {});\n"
    "INSERT INTO verdicts (statement_id, statement, supported) VALUES (2, 'The theory of plate tectonics.', {});\n"
)


@pytest.mark.parametrize("values", [(1, 0), (0, 0), (0, "NULL")])
def test_a_judging_word_in_every_line_of_a_template_is_no_verdict(values: tuple[object, object]) -> None:
    # Read before: 1.0, 1.0 and 0.5, "supported" (the column's name) read as a verdict on every line.
    statements = ["The Eiffel Tower was completed.", "The theory of plate tectonics."]
    assert_unclear(score("```sql\n" + SQL_ROWS.format(*values) + "```\n", statements), "judge it in words not read")


def test_sentences_that_repeat_one_verdict_in_the_same_words_are_read() -> None:
    # Guard: "finds no support" said of two statements is their verdict, not a template's field.
    output = (
        "- Statement 1 finds no support in the context, because the context contradicts this.\n"
        "- Statement 2 finds no support in the context, because the context contradicts this.\n"
        "- Statement 3 is supported by the context.\n"
    )
    assert score(output, THREE).value == pytest.approx(1 / 3)


def test_a_verdict_that_is_the_template_s_value_is_read() -> None:
    # Guard: "(✔ true)" differs from line to line, and it is the verdict.
    output = "1. The Eiffel Tower was completed in 1889. (✔ True)\n2. The theory of plate tectonics... (✘ False)\n"
    assert score(output, TWO).value == pytest.approx(0.5)


def test_a_judging_word_taken_back_later_in_its_sentence_is_no_verdict() -> None:
    # Read before: 1.0, "looks supported, but wait, the context never says it" read as supported.
    output = (
        'Statement 1, "The Eiffel Tower was completed in 1889." Yes, it is stated, so supported.\n\n'
        'Statement 2, "The theory of plate tectonics..." At first this looks supported, but wait, the context '
        "never actually says it. So not supported.\n"
    )
    assert score(output, TWO).value == pytest.approx(0.5)
