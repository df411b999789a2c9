"""Graders that revise themselves (reader 8; found on the blind set ``heldout21``, 16% wrong numbers
at first sight): the verdict a person reads is the one the grader ends with. Where the reader can
tell which that is (a word struck through, a column the grader names final, a JSON it says it
corrected) it reads that one; where a revision stands among or after the verdicts it read and
says something else, the case is undetermined (``unclear_reading``), never the first verdict."""

from __future__ import annotations

import json

import pytest

from compat.scoring import Status
from compat.scoring.reader.prepare import prepare
from tests.scoring._reading import assert_unclear, score

TWO = ["The hotel does not allow pets.", "The store opens at 9 am on weekdays."]
THREE = [*TWO, "Refunds are not possible for sale items."]


# ------------------------------------------------------------------ taken back in passing


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("1: true\n2: false. no wait, true, the last paragraph does say this\n3: true", "no wait"),
        ("1: yes\n2: unsure\nscratch that last one, 2 is yes\n3: no", "scratch that"),
        ("#1 entailed\n#2 not entailed — strike that, entailed; the second passage confirms it\n#3 entailed", "strike"),
        (
            "1. Yes. Explanation: stated.\n2. Yes. Second look: the context gives another figure. "
            "Verdict after re-check: no.\n3. Yes.",
            "second look",
        ),
    ],
)
def test_a_verdict_taken_back_on_its_line_is_no_reading(text: str, cue: str) -> None:
    # The first verdict of the line is not the grader's last word: reading it would be a wrong number.
    assert_unclear(score(text, THREE), cue)


def test_a_single_verdict_taken_back_is_no_reading() -> None:
    text = "1 - entailed. actually never mind, it's not entailed: the passage I relied on is about something else"
    assert_unclear(score(text, TWO[:1]), "never mind")


def test_a_note_on_the_verdict_read_is_no_revision() -> None:
    # "(changed from NO: on re-reading ...)" names the verdict replaced; the one read is the new one.
    text = (
        "### Revised assessment\n\nStatement 1: YES (unchanged)\n"
        "Statement 2: YES (changed from NO: on re-reading, the context states this in other words)\n"
        "Statement 3: NO (unchanged)"
    )
    result = score(text, THREE)
    assert result.value == pytest.approx(2 / 3), result.reason


# ------------------------------------------------------------------ revised after the verdicts


def test_verdicts_retracted_after_them_are_no_score() -> None:
    text = (
        "Here are my verdicts:\n\n1. Pass — likely true\n2. Fail — sounds off\n\n"
        "Scratch everything above. The context block only holds an unfilled placeholder, so there is "
        "nothing to check the statements against. I can't give a verdict for any of them."
    )
    result = score(text, TWO)
    assert result.status is Status.UNDETERMINED, result.reason
    assert result.value is None


def test_a_summary_of_changes_after_the_verdicts_is_no_reading_of_them() -> None:
    text = "1. NO\n2. YES\n3. NO\n\nRevisions after re-reading: #1: NO -> YES. All other verdicts stand."
    assert_unclear(score(text, THREE), "revisions after")


def test_a_final_block_that_names_what_it_changed_is_read() -> None:
    # The note looks back on the block it follows: the final verdicts are the grader's last word.
    text = (
        "Draft verdicts:\n\n1. Supported\n2. Supported\n3. Supported\n\n"
        "Final verdicts:\n\n1. Supported\n2. Unsupported\n3. Supported\n\n"
        "I changed statement 2 after re-reading the context."
    )
    result = score(text, THREE)
    assert result.value == pytest.approx(2 / 3), result.reason


def test_a_revision_that_gives_the_same_verdicts_again_is_read() -> None:
    text = "- 1: PASS\n- 2: FAIL\n\nFinal answer (on re-checking the context):\n\n- 1: PASS\n- 2: FAIL"
    result = score(text, TWO)
    assert result.value == pytest.approx(0.5), result.reason


# ------------------------------------------------------------------ what a person reads as the last word


@pytest.mark.parametrize(
    "text",
    [
        "1. ~~Supported~~ **Not supported**\n2. Supported",
        "| # | Statement | Verdict |\n|---|---|---|\n| 1 | pets | <del>Pass</del> <ins>Fail</ins> |\n| 2 | 9 | Yes |",
        "1. <s>Yes</s> No\n2. Yes",
    ],
)
def test_a_verdict_struck_through_is_withdrawn(text: str) -> None:
    result = score(text, TWO)
    assert result.value == pytest.approx(0.5), result.reason


def test_a_statement_struck_whole_stays_the_grader_s_mark() -> None:
    # Struck text is withdrawn only where it is a few words: a statement struck whole is how the
    # grader marks it, and stays for the reader to see.
    prepared = prepare("1. ~~The hotel does not allow pets.~~ (the context says otherwise)", None)
    assert "the hotel does not allow pets." in prepared
    assert "supported" not in prepare("1. ~~Supported~~ Not supported", None).replace("not supported", "")


def test_an_element_named_s_is_no_strike() -> None:
    # "<s id=...>" names an element (a statement's), not the strike-through tag.
    assert "pets" in prepare('<s id="1" faithful="1" reason="Stated.">No pets</s>', None)
    assert "pets" not in prepare("<s>No pets</s> Pets allowed".replace("Pets", "Cats"), None)


def test_the_column_the_grader_names_final_is_read() -> None:
    text = (
        "| Statement | Initial | Final | Changed? |\n|---|---|---|---|\n"
        "| The hotel does not allow pets. | Yes | No | Yes |\n"
        "| The store opens at 9 am on weekdays. | No | No | No |"
    )
    result = score(text, TWO)
    assert result.value == pytest.approx(0.0), result.reason


def test_a_json_the_grader_corrected_is_read_not_merged_with_its_draft() -> None:
    statement = "The hotel does not allow pets."
    text = (
        f'{{"statements": [{{"statement": "{statement}", "reason": "Stated.", "verdict": 1}}]}}\n\n'
        "Let me fix statement 1; the corrected JSON is below.\n\n"
        f'{{"statements": [{{"statement": "{statement}", "reason": "Not mentioned.", "verdict": 0}}]}}'
    )
    result = score(text, [statement])
    assert result.value == pytest.approx(0.0), result.reason


@pytest.mark.parametrize(
    "sentence",
    [
        "Nothing in the reference text supports this.",
        "No passage in the context confirms this.",
        "None of the documents entail it.",
    ],
)
def test_a_subject_that_is_nobody_s_denies_the_verb(sentence: str) -> None:
    result = score(f"The hotel does not allow pets. {sentence}", TWO[:1])
    assert result.value != pytest.approx(1.0), result.reason


def test_a_corrected_json_is_read_where_call_1_numbers_its_statements() -> None:
    # Call 1's lines keep their marks ("1. ..."); the echoes in both JSON answers match them all the
    # same, and the last of two equally matching answers is the grader's final one.
    statements = ["1. The hotel does not allow pets.", "2. The store opens at 9 am on weekdays."]

    def answer(second: str) -> str:
        items = [("The hotel does not allow pets.", "supported"), ("The store opens at 9 am on weekdays.", second)]
        return json.dumps({"statements": [{"statement": text, "verdict": verdict} for text, verdict in items]})

    fix = "Let me fix statement 2; the corrected JSON is below."
    text = f"{answer('cannot be determined')}\n\n{fix}\n\n{answer('supported')}"
    result = score(text, statements)
    assert result.value == pytest.approx(1.0), result.reason


def test_a_revised_verdict_under_the_same_statement_is_no_reading_by_echo() -> None:
    text = (
        "**Statement 1:** The hotel does not allow pets.\nExplanation: No mention.\nVerdict: Fail.\n"
        "Second look: I missed the sentence that states this.\nRevised verdict: Pass."
    )
    assert_unclear(score(text, TWO[:1]), "revised verdict")


def test_a_tool_s_result_that_echoes_the_statements_is_no_answer() -> None:
    # An agent's lookup returns the statement with its passages, and judges nothing: the answer is
    # the JSON that gives verdicts, though it names statements by number only.
    statements = ["1. The hotel does not allow pets.", "2. The store opens at 9 am on weekdays."]
    lookups = "\n".join(
        f'[turn {n}] tool(lookup) <- {{"statement_id": {n}, "statement": "{s[3:]}", "passages": []}}'
        for n, s in enumerate(statements, 1)
    )
    answer = json.dumps({"verdicts": [{"statement": 1, "verdict": "yes"}, {"statement": 2, "verdict": "no"}]})
    result = score(f"{lookups}\n[turn 3] assistant:\n{answer}", statements)
    assert result.value == pytest.approx(0.5), result.reason


def test_a_list_of_changes_after_the_verdicts_is_a_revision() -> None:
    text = "(1) supported\n(2) supported\n(3) supported\n\nChanges: #2: supported -> not supported. The rest stay."
    assert_unclear(score(text, THREE), "changes:")


def test_no_changes_is_no_revision() -> None:
    text = "1. supported\n2. not supported\n3. supported\n\nSecond pass: No changes: the verdicts above are final."
    result = score(text, THREE)
    assert result.value == pytest.approx(2 / 3), result.reason
