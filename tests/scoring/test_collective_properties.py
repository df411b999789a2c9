"""Verdicts said of sets of statements, over every verdict vector (reader 11).

Whatever the verdicts, a summary that names every statement once by the sets people use (a list
of numbers or positions, the rest, an exception to the whole, only some) reads as the verdicts;
a summary that leaves one statement unnamed reads as no number. The sets are rendered the ways
people list things: "1, 3 and 4", "the first, third and fourth", "#1, #3 and #4".
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import assume, example, given
from hypothesis import strategies as st

from compat import get_scorer
from compat.cases import parse_case
from compat.scoring import Status

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _listed(numbers: Sequence[int], style: str) -> str:
    """Statements (from 1) listed: "statements 1, 3 and 4", "the first and third", "#2"."""
    if style == "ordinals":
        words = [_ORDINALS[number - 1] for number in numbers]
    elif style == "hashes":
        words = [f"#{number}" for number in numbers]
    else:
        words = [str(number) for number in numbers]
    joined = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    if style == "ordinals":
        return "the " + joined
    if style == "hashes":
        return joined
    return ("statement " if len(numbers) == 1 else "statements ") + joined


def _be(numbers: Sequence[int]) -> str:
    return "is" if len(numbers) == 1 else "are"


@st.composite
def summaries(draw: st.DrawFn) -> tuple[list[bool], str]:
    truth = draw(st.lists(st.booleans(), min_size=2, max_size=10))
    yes = [at + 1 for at, supported in enumerate(truth) if supported]
    no = [at + 1 for at, supported in enumerate(truth) if not supported]
    style = draw(st.sampled_from(("digits", "ordinals", "hashes")))
    if not no:
        return truth, draw(st.sampled_from(("All of the statements are supported.", "Supported for every statement.")))
    if not yes:
        return truth, draw(
            st.sampled_from(("None of the statements is supported.", "Not supported for all statements."))
        )
    # Two sentences of one statement each are prose, not a summary of sets (the prose reader's).
    forms = ("rest", "except", "for", "only") + (("both ways",) if max(len(yes), len(no)) >= 2 else ())
    form = draw(st.sampled_from(forms))
    if form == "rest":
        return truth, f"{_listed(yes, style).capitalize()} {_be(yes)} supported; the rest are not supported."
    if form == "except":
        return truth, f"All statements are supported except {_listed(no, style)}."
    if form == "for":
        return truth, f"Supported for {_listed(yes, style)}; not supported for {_listed(no, style)}."
    if form == "only":
        return truth, f"Only {_listed(yes, style)} {_be(yes)} supported by the context."
    return truth, (
        f"{_listed(yes, style).capitalize()} {_be(yes)} supported. "
        f"{_listed(no, style).capitalize()} {_be(no)} not supported."
    )


def _score(truth: Sequence[bool], output: str) -> tuple[float | None, Status]:
    statements = [f"Statement number {at + 1} is about something else." for at in range(len(truth))]
    scored = get_scorer("ragas").score(parse_case({"id": "c", "statements": statements, "grader_output": output}))
    return scored.value, scored.status


@given(summaries())
def test_a_summary_that_names_every_statement_reads_as_its_verdicts(summary: tuple[list[bool], str]) -> None:
    truth, output = summary
    value, status = _score(truth, output)
    assert status is Status.SCORED, output
    assert value == sum(truth) / len(truth), output


@st.composite
def left_out(draw: st.DrawFn) -> tuple[list[bool], int]:
    truth = draw(st.lists(st.booleans(), min_size=3, max_size=10))
    return truth, draw(st.integers(0, len(truth) - 1))


@example(([False, False, True, True], 0))
@given(left_out())
def test_a_summary_of_sets_that_leaves_a_statement_unnamed_is_no_number(case: tuple[list[bool], int]) -> None:
    truth, left = case
    named = [at + 1 for at in range(len(truth)) if at != left]
    yes = [number for number in named if truth[number - 1]]
    no = [number for number in named if not truth[number - 1]]
    assume(max(len(yes), len(no)) >= 2)  # one statement a sentence is prose (below)
    parts = [f"{_listed(group, 'digits').capitalize()} {_be(group)} {word}." for group, word in
             ((yes, "supported"), (no, "not supported")) if group]  # fmt: skip
    value, status = _score(truth, " ".join(parts))
    assert status is Status.UNDETERMINED, (" ".join(parts), value)


def test_sentences_of_one_statement_each_leave_the_one_left_out_to_the_fewer_verdicts_policy() -> None:
    # Prose, not a summary of sets: the grader judged two of three statements, which is its finding.
    value, status = _score([False, False, True], "Statement 3 is supported. Statement 2 is not supported.")
    assert (value, status) == (1 / 3, Status.SCORED)
