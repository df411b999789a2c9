"""The reader remembers short texts and items once read: the memory is invisible in what it reads."""

from __future__ import annotations

import pytest

from compat.scoring import Vocabulary, forget_read_items, verdict_words
from compat.scoring.reader import text_verdicts as textverdicts
from compat.scoring.reader.prepare import prepare
from compat.scoring.reader.text_verdicts import read_text

FINAL = "Final verdict for each statement in order: Yes. Checks out. No."


def test_a_text_read_again_reads_the_same_and_is_not_read_twice() -> None:
    words = verdict_words(Vocabulary(yes=("checks out",)))
    forget_read_items(words)
    first = read_text(prepare(FINAL, None, words), 3, words)
    assert first is not None and first.values == (1, 1, 0)
    assert len(words.texts) == 1
    assert read_text(prepare(FINAL, None, words), 3, words) is first
    # The statement count is part of what was read: the same text for two statements is read afresh.
    assert read_text(prepare(FINAL, None, words), 2, words) is not first
    assert len(words.texts) == 2


def test_each_vocabulary_remembers_its_own_readings() -> None:
    plain = verdict_words(None)
    added = verdict_words(Vocabulary(yes=("checks out",)))
    forget_read_items(plain)
    forget_read_items(added)
    with_holds = read_text(prepare(FINAL, None, added), 3, added)
    without = read_text(prepare(FINAL, None, plain), 3, plain)
    assert with_holds is not None and with_holds.values == (1, 1, 0)
    assert without is None or without.values != (1, 1, 0)  # "checks out" is no built-in word


def test_long_texts_are_not_remembered_and_the_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    words = verdict_words(Vocabulary(yes=("checks out",)))
    forget_read_items(words)
    long_text = prepare("Verdict: Yes.\n" + "An explanation that goes on. " * 20 + "\nVerdict: No.", None, words)
    assert len(long_text) > textverdicts.MAX_REMEMBERED_TEXT_CHARS
    assert read_text(long_text, 2, words) is not None
    assert not words.texts
    monkeypatch.setattr(textverdicts, "MAX_REMEMBERED_TEXTS", 3)
    for count in range(1, 8):
        read_text(prepare(FINAL, None, words), count, words)
        assert len(words.texts) <= 3


def test_forgetting_empties_every_memory() -> None:
    words = verdict_words(Vocabulary(yes=("checks out",)))
    read_text(prepare(FINAL, None, words), 3, words)
    assert words.texts and words.read
    forget_read_items(words)
    assert not words.texts and not words.read
