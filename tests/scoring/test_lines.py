"""The readers' shared arithmetic on long texts (``compat.scoring.reader.lines``): blanking keeps
every place where it was, whether spans are blanked one by one or joined where only spaces stand
between them (a megabyte of legends on one line is blanked in one piece)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from compat.scoring.reader.lines import LineStarts, blanked, blanked_spans, line_start


@st.composite
def text_and_spans(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    text = draw(st.text(alphabet=" ab\n(", max_size=60))
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=10, unique=True)))
    return text, list(zip(cuts[::2], cuts[1::2], strict=False))


@given(text_and_spans())
def test_blanked_spans_blank_each_character_in_a_span_but_line_breaks(case: tuple[str, list[tuple[int, int]]]) -> None:
    text, spans = case
    inside = {at for start, end in spans for at in range(start, end)}
    expected = "".join(" " if at in inside and char != "\n" else char for at, char in enumerate(text))
    assert blanked_spans(text, spans) == expected


@given(st.text(alphabet=" ab\n", max_size=40))
def test_blanked_keeps_line_breaks_and_length(text: str) -> None:
    assert blanked(text) == "".join("\n" if char == "\n" else " " for char in text)


@given(st.text(alphabet="ab\n", max_size=40), st.lists(st.integers(0, 40), max_size=8))
def test_line_starts_agree_with_line_start_in_any_order(text: str, places: list[int]) -> None:
    starts = LineStarts(text)
    for at in [min(place, len(text)) for place in places]:
        assert starts(at) == line_start(text, at)
