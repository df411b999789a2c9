"""Verdict items: what one item says, and how a region is cut into one item per statement."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat import Case, get_scorer
from compat.scoring import Cause, Status, Vocabulary, verdict_words
from compat.scoring.reader.items import (
    _ENUMERATOR,
    MAX_ITEM_CHARS,
    Item,
    _enumeration_starts,
    _numbers,
    _plain_run,
    read_item,
    read_run,
)
from compat.scoring.reader.prepare import _replace_echo
from compat.scoring.reader.text_sources import _follows_a_non_marker, read_markers
from compat.scoring.reader.verdict_words import BUILT_IN, MAX_VERDICTS


@pytest.mark.parametrize(
    ("part", "value"),
    [
        ("no", 0),
        ("1. no - not mentioned in the context", 0),
        ("(2) **yes** (explicitly stated)", 1),
        ("statement 3 → no", 0),
        ("s4 - supported", 1),
        ("#5 <not entailed>", 0),
        ("verdict: contradicted", 0),
        ("the verdict is yes", 1),
        ("supported? no", 0),
        ("✅ yes", 1),
        ("yes ✅", 1),
        ("❌", 0),
        ("§0§ - no", 0),  # an echoed statement, then its verdict
        ("to summarize: (1) pass", 1),
        ("after careful consideration, correct - directly stated", 1),
        ("supported by the context", 1),
        ("not sure", None),
        ("n/a", None),
        ("❓ cannot be determined", None),
    ],
)
def test_an_item_reads_as_its_verdict_word_whatever_stands_around_it(part: str, value: int | None) -> None:
    item = read_item(part, BUILT_IN)
    assert item is not None and item.value == value


@pytest.mark.parametrize(
    "part",
    [
        "no context was provided, so i cannot judge",  # a determiner, then a refusal
        "there is no mention of this in the context",
        "explanation: the context says exactly this",
        "| 1 | §0§ | yes |",  # a table's row: the table source reads its column
        "supported?",  # a question, not an answer
        "x" * (MAX_ITEM_CHARS + 1) + " yes",
    ],
)
def test_text_without_a_verdict_of_its_own_is_not_an_item(part: str) -> None:
    assert read_item(part, BUILT_IN) is None


def test_one_and_zero_are_verdicts_only_where_a_verdict_stands() -> None:
    assert read_item("1", BUILT_IN, numbers=True) == Item(1, "1")
    assert read_item("verdict: 0. explanation: not stated.", BUILT_IN, numbers=True) == Item(0, "0")
    assert read_item("1. no", BUILT_IN, numbers=True) == Item(0, "no")  # an enumeration, then the verdict
    assert read_item("1) §0§ - 0", BUILT_IN, numbers=True) == Item(0, "0")
    assert read_item("1", BUILT_IN) is None  # a bare enumeration where numbers are not verdicts
    assert read_item("statement 2: 0", BUILT_IN, numbers=None) == Item(0, "0")  # named: a verdict
    assert read_item("0.5", BUILT_IN, numbers=True) is None


def test_an_added_word_is_read_wherever_a_built_in_one_is() -> None:
    words = verdict_words(Vocabulary(yes=("checks out",), no=("debunked",), none=("undecidable",)))
    assert read_item("1. debunked - not in the context", words) == Item(0, "debunked")
    assert read_item("§0§ → checks out", words) == Item(1, "checks out")
    assert read_item("undecidable", words) == Item(None, "undecidable")
    assert read_item("debunked", BUILT_IN) is None


def values(region: str, expected: int | None, numbers: bool = False) -> tuple[int | None, ...]:
    return tuple(item.value for item in read_run(region, BUILT_IN, expected, numbers).items)


@pytest.mark.parametrize(
    ("region", "expected", "read"),
    [
        (" in summary, no. yes. yes.", 3, (0, 1, 1)),  # a lead-in
        (" no - not in the context. yes (stated). yes (stated).", 3, (0, 1, 1)),  # annotations
        ("\n1. no\n2. yes\n3. yes", 3, (0, 1, 1)),  # one a line
        (" 1. no, 2. yes, 3. yes", 3, (0, 1, 1)),  # an inline enumeration
        (" 1. no 2. yes 3. yes", 3, (0, 1, 1)),
        (" no ⋅ yes ⋅ yes.", 3, (0, 1, 1)),
        (" yes. \ufeff. no.", 2, (1, 0)),  # an invisible piece has no place of its own
        (" yes.\x0byes.\x0cno.", 3, (1, 1, 0)),
        (" 0, 1, 1.", 3, (0, 1, 1)),
        (" a) yes b) no", 2, (1, 0)),
        (" i. yes ii. no", 2, (1, 0)),
        (" \\boxed{yes} \\boxed{no}", 2, (1, 0)),
    ],
)
def test_a_region_is_cut_into_one_item_per_statement(region: str, expected: int, read: tuple[int, ...]) -> None:
    assert values(region, expected, numbers=True) == read


def test_an_item_without_a_verdict_keeps_its_place() -> None:
    # issue 23: "1. Not sure." dropped, statement 2's Yes moved up and the score rose to 1.0
    assert values("\n1. not sure.\n2. yes.\n3. yes.", 2, numbers=True) == (None, 1, 1)
    assert values(" yes. n/a. no.", 3) == (1, None, 0)
    assert values(" yes. i think so. no.", 3) == (1, None, 0)  # no verdict word, yet a place between two


def test_an_overall_verdict_is_never_an_item_and_ends_the_items() -> None:
    assert values("overall: no\n\nno. yes.", 2) == (0, 1)
    run = read_run(" no. yes.\n\noverall verdict: no", BUILT_IN, 2)
    assert [item.value for item in run.items] == [0, 1]


def test_trailing_text_is_not_read_and_is_noted() -> None:
    run = read_run(" yes. no.\n\nI hope this helps, let me know.", BUILT_IN, 2)
    assert [item.value for item in run.items] == [1, 0] and run.trailing


def test_the_count_chooses_the_cut_and_a_person_sees_every_verdict() -> None:
    assert values(" yes. no, not in the context. yes.", 3) == (1, 0, 1)  # ". " fits; ", " would not
    assert values(" yes. no. no. no.", 2) == (1, 0, 0, 0)  # none fits: all four are read


VERDICT_PIECES = st.sampled_from(["Yes", "No", "N/A", "✅ Yes", "❌ No", "Supported", "Not entailed", "Fail"])
FRAMES = st.sampled_from(["{}", "**{}**", "<{}>", "{} (explicitly stated)", "{} - not in the context", "`{}`"])
SEPARATORS = st.sampled_from([". ", "; ", ", ", " ⋅ ", " | ", "\n"])


@given(
    pieces=st.lists(st.tuples(VERDICT_PIECES, FRAMES), min_size=1, max_size=8),
    separator=SEPARATORS,
    enumerate_them=st.booleans(),
)
@example(pieces=[("No", "{} - not in the context"), ("Yes", "{}")], separator=", ", enumerate_them=False)
def test_a_run_of_decorated_verdicts_reads_one_item_each(
    pieces: list[tuple[str, str]], separator: str, enumerate_them: bool
) -> None:
    texts = [frame.format(word) for word, frame in pieces]
    if enumerate_them:
        texts = [f"{k}. {text}" for k, text in enumerate(texts, 1)]
    run = read_run(" " + separator.join(texts).lower() + ".", BUILT_IN, len(texts))
    expected = {"yes": 1, "no": 0, "n/a": None, "✅ yes": 1, "❌ no": 0, "supported": 1, "not entailed": 0, "fail": 0}
    assert [item.value for item in run.items] == [expected[word.lower()] for word, _frame in pieces]


def test_no_more_items_than_any_output_is_read_for() -> None:
    run = read_run(" yes." * (MAX_VERDICTS + 50), BUILT_IN, 3)
    assert len(run.items) == MAX_VERDICTS


def test_a_run_of_ones_and_zeros_reads_after_a_header_and_never_bare() -> None:
    # Found by the reader property (dev profile): "1.\n1.\n1." with nothing naming it is an
    # enumeration as much as verdicts, so the reader leaves it undetermined; after a header
    # the same lines are verdicts. The generator no longer draws the bare form as readable.
    statements = "A first statement here.\nA second statement here.\nA third statement here."
    scorer = get_scorer("ragas")
    bare = scorer.score(Case(id="bare", statements_output=statements, grader_output="1.\n0.\n1."))
    headed = scorer.score(
        Case(
            id="headed",
            statements_output=statements,
            grader_output="Final verdict for each statement in order:\n1.\n0.\n1.",
        )
    )
    assert (bare.status, bare.cause) == (Status.UNDETERMINED, Cause.NO_VERDICTS)
    assert (headed.status, headed.value) == (Status.SCORED, 2 / 3)


# The fast paths read what the general reader reads: the same words with the fast paths off.
GENERAL_ONLY = BUILT_IN._replace(plain_run=False, read={})
_MARKER_WORDS = (
    "verdict",
    "verdict is",
    "answer",
    "conclusion",
    "judgement",
    "judgment",
    "final verdict",
    "overall verdict",
)
_MARKER_LINES = st.tuples(
    st.sampled_from(("", "explanation: the context says so.  ", "1. ", "**", "- ")),
    st.sampled_from(_MARKER_WORDS),
    st.from_regex(r"[ \t]*:[ \t]*(yes|no)[ \t]*\.?[ \t]*", fullmatch=True),
)


@given(st.lists(_MARKER_LINES, min_size=1, max_size=6))
def test_plain_markers_read_as_the_item_reader_reads_them(lines: list[tuple[str, str, str]]) -> None:
    text = "\n".join("".join(line) for line in lines)
    assert read_markers(text, BUILT_IN) == read_markers(text, GENERAL_ONLY)


@given(
    st.lists(st.sampled_from(("yes", "no")), min_size=1, max_size=8),
    st.sampled_from((". ", ", ", "; ", ".  ", ",  ")),
    st.sampled_from(("", " ", "\n")),
    st.sampled_from(("", ".", ".\n", " ", "!")),
    st.booleans(),
)
def test_a_plain_run_reads_as_the_cuts_read_it(
    words: list[str], separator: str, before: str, after: str, counted: bool
) -> None:
    # Against another count the cuts may read "Yes, yes." as one item; the fast path reads
    # the words as written and lets the alignment note the surplus, as a person would.
    region = before + separator.join(words) + after
    expected = len(words) if counted else None
    fast, general = read_run(region, BUILT_IN, expected, True), read_run(region, GENERAL_ONLY, expected, True)
    # Where the run ends may differ by its final punctuation; what it reads may not.
    assert (fast.items, fast.trailing, fast.unreadable) == (general.items, general.trailing, general.unreadable)


@given(st.from_regex(r"[ \t\n]*(?:yes|no)(?:[ \t\n.,;!]+(?:yes|no)){0,7}[ \t\n.,;!]*", fullmatch=True))
def test_a_plain_run_reads_its_words_in_order(region: str) -> None:
    # Words apart by white space alone ("No No Yes") the fast path reads and the cuts, which
    # never cut at a bare space, do not: a person reads them, so the fast path is kept.
    read = _plain_run(region)
    if read is not None:
        assert [item.word for item in read.items] == re.findall(r"yes|no", region)


# What _follows_a_non_marker reads, as a regular expression (the readable statement of it).
_NOT_A_MARKER = re.compile(r"(?:[\w-]|(?:overall|final|in)[ \t]*(?:\*\*)?[ \t]*)\Z")


@given(
    st.lists(
        st.sampled_from(("overall", "final", "in", "**", " ", "\t", "-", "_", "x", "1", "é", "\u0301", ".")), max_size=8
    )
)
def test_what_makes_a_keyword_no_marker_reads_as_its_pattern(pieces: list[str]) -> None:
    before = "".join(pieces)[-12:]
    assert _follows_a_non_marker(before) == (_NOT_A_MARKER.search(before) is not None)


def _replaced_twice(text: str, echo: str, token: str) -> str:
    """Echo blanking as two ``str.replace`` calls: the echo with its full stop, then without."""
    bare = echo.rstrip(" .")
    if echo != bare:
        text = text.replace(echo, token)
    return text.replace(bare, token)


@given(
    echo=st.sampled_from(("john is a student.", "the museum opens on mondays", "it rained in 1889 . .")),
    pieces=st.lists(
        st.sampled_from(("john is a student", "the museum opens on mondays", "it rained in 1889", ".", " ", " .")),
        max_size=8,
    ),
)
@example(echo="john is a student.", pieces=["john is a student", ".", " ", "john is a student", " ."])
def test_an_echo_is_blanked_as_two_replaces_would_blank_it(echo: str, pieces: list[str]) -> None:
    # The echoes here cannot overlap themselves: the one case where a single scan and two
    # replaces may blank different text.
    text = "1. " + "".join(pieces) + " - no"
    assert _replace_echo(text, echo, " §0§ ") == _replaced_twice(text, echo, " §0§ ")


def _enumeration_starts_unfiltered(region: str) -> tuple[int, ...]:
    """Where an enumeration 1, 2, 3... begins, by the enumerator's pattern alone (no prefilter)."""
    starts: list[int] = []
    for match in _ENUMERATOR.finditer(region):
        if match.start() - (starts[-1] if starts else 0) > MAX_ITEM_CHARS:
            break
        if len(starts) + 1 in _numbers(match.group("e")):
            starts.append(match.start())
            if len(starts) >= MAX_VERDICTS:
                break
    return tuple(starts)


@given(
    st.lists(
        st.sampled_from(
            ("1", "01", "2", "3", "11", "a", "b", "i", "ii", "x", "first", "second", "statement", "s", "#", "(",
             ")", ".", ",", ":", " ", "\t", "\n", "yes", "no", "١", "٢", "-", "→")
        ),
        max_size=14,
    )
)  # fmt: skip
@example(pieces=["a", ")", " ", "yes", " ", "b", ")", " ", "no"])
@example(pieces=["١", ".", " ", "yes", " ", "٢", ".", " ", "no"])
def test_the_enumeration_prefilter_never_drops_an_enumeration(pieces: list[str]) -> None:
    region = "".join(pieces)
    assert _enumeration_starts(region) == _enumeration_starts_unfiltered(region)


@pytest.mark.parametrize(
    ("output", "value"), [("\u00b9:YES", 1.0), ("\u2460 No", 0.0), ("\u00b9. Yes\n\u00b2. No", 0.5)]
)
def test_a_superscript_or_circled_number_enumerates_as_its_digit(output: str, value: float) -> None:
    statements = "The tower is tall." if value != 0.5 else "The tower is tall.\nIt opened in 1889."
    assert get_scorer("ragas").score(Case(id="c", statements_output=statements, grader_output=output)).value == value


@pytest.mark.parametrize(
    ("part", "value"),
    [
        # Votes, then what they conclude (blind heldout30: read by the first vote, 17% of a
        # self-consistency layout scored too high).
        ("statement 6: yes ×2, no ×3 → no", 0),
        ("s1 votes: [pass, pass, fail, fail, fail] → majority: fail (3/5)", 0),
        ("s4 votes: [yes, no, no, unknown, unknown] → no majority: unknown", None),
        ("statement 4: supported ×2, unsupported ×1, undetermined ×2 → no majority, so undetermined", None),
        ("no -> yes", 1),  # a verdict changed: its last word
        # Guards: an arrow with no verdict after it leaves the item's verdict as it was.
        ("yes → stated in the context", 1),
        ("no (see the context) -> moving on", 0),
        # Guard: arrows that map a statement's parts to their verdicts conclude nothing.
        ("statement 1 — “the largest rainforest” → not supported; “spans nine countries” → supported.", 0),
    ],
)
def test_a_verdict_after_an_items_last_arrow_is_its_conclusion(part: str, value: int | None) -> None:
    item = read_item(part, BUILT_IN)
    assert item is not None and item.value == value, item
