"""The final line's fast path (plain yes/no words to the end) reads what the token loop reads."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from compat.scoring._finalline import _plain_run, _token_run
from compat.scoring._verdictwords import TRAILING

PIECES = st.sampled_from(
    ["yes", "no", " ", ".", ",", ";", "\t", "  ", "\n", "(x)", "()", "1.", " and ", "not", "yesno", "!", "supported"]
)


@given(st.lists(PIECES, max_size=14).map("".join))
@example(" yes. no. yes.")
@example(" yes ()")
@example(" yes. no. 3) yes")
@example(" yesno")
@example(" no, and yes")
def test_the_plain_run_reads_exactly_what_the_token_loop_reads(line: str) -> None:
    plain = _plain_run(line, 0)
    if plain is None:
        return  # not plain: the token loop alone reads it
    tokens = _token_run(line, 0)
    assert (plain.values, plain.words) == (tokens.values, tokens.words)
    # Both stop where only separators are left: the same "trailing text" verdict.
    assert TRAILING.match(line, plain.end) is not None
    assert TRAILING.match(line, tokens.end) is not None


def test_the_plain_run_takes_the_common_final_line() -> None:
    run = _plain_run(" no. yes. yes.", 0)
    assert run is not None and run.values == [0, 1, 1] and run.words == ["no", "yes", "yes"]


def test_anything_but_plain_words_to_the_end_goes_to_the_token_loop() -> None:
    assert _plain_run(" yes. no. Statement 3: yes", 0) is None
    assert _plain_run(" yes (not in the context). no.", 0) is None
