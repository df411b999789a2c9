"""A team's verdict words (`--vocabulary`): added to the built-in ones, read like them by
the fixed scorer only, checked word by word when the file is loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compat import Case, bundled_corpus, get_scorer, load_cases
from compat.diff import CaseComparer, DriftCause
from compat.scoring import (
    Cause,
    Status,
    Vocabulary,
    VocabularyError,
    load_vocabulary,
    parse_verdicts,
    scorer_names,
    scorer_options,
    verdict_words,
)
from compat.scoring._statements import fixed_statements
from compat.scoring.reader.verdict_words import _compile
from compat.scoring.reader.words import NO_WORDS, NONE_WORDS, YES_WORDS, word_table

TEAM = Vocabulary(
    yes=("affirmative", "checks", "no problem", "成立", "👍"),
    no=("debunked", "does not check out", "不成立", "👎"),
    none=("undecidable",),
)
HEADER = "Final verdict for each statement in order:"

# Each output uses only the team's words, in every place a verdict is read.
ONLY_TEAM_WORDS = {
    "final line": f"{HEADER} Checks. Does not check out. Undecidable.",
    "markers": "1. A is stated. Verdict: Affirmative.\n2. B is not. Verdict: Debunked.\n3. Verdict: undecidable",
    "list": "1. Checks\n2. Debunked\n3. Undecidable",
    "table": "| # | Verdict |\n|---|---|\n| 1 | Checks |\n| 2 | Does not check out |\n| 3 | Undecidable |",
    "json items": json.dumps(
        {
            "statements": [
                {"statement": "A.", "reason": "r", "verdict": "Affirmative"},
                {"statement": "B.", "reason": "r", "verdict": "debunked"},
                {"statement": "C.", "reason": "r", "verdict": "Undecidable."},
            ]
        }
    ),
    "json words": json.dumps({"verdicts": ["checks", "does not check out"]}),  # the third one missing
    "marks": "1. 👍\n2. 👎\n3. undecidable",
    "cjk": "Final verdicts: 成立，不成立，undecidable",
}


def case(grader_output: str, statements: int = 3) -> Case:
    return Case(id="c", statements=[f"S{i}." for i in range(statements)], grader_output=grader_output)


@pytest.mark.parametrize("where", sorted(ONLY_TEAM_WORDS))
def test_the_team_words_read_as_their_verdicts_with_the_vocabulary_and_as_nothing_without(where: str) -> None:
    output = case(ONLY_TEAM_WORDS[where])
    with_words = get_scorer("ragas", vocabulary=TEAM).score(output)
    assert [verdict.verdict for verdict in with_words.verdicts] == [1, 0, None]  # "undecidable": no verdict
    assert with_words.value == pytest.approx(1 / 3) and with_words.status is Status.SCORED
    without = get_scorer("ragas").score(output)
    assert without.status is Status.UNDETERMINED and without.cause is Cause.NO_VERDICTS


def test_an_added_phrase_is_read_before_a_built_in_word_it_starts_with() -> None:
    text = f"{HEADER} No problem. No."
    assert parse_verdicts(text, None, verdict_words(TEAM)).values == (1, 0)  # type: ignore[union-attr]
    assert parse_verdicts(text).values == (0,)  # type: ignore[union-attr]  # "no", then unreadable text


def test_an_added_word_is_a_whole_word_and_the_built_in_ones_still_read() -> None:
    words = verdict_words(TEAM)
    assert parse_verdicts("Verdict: Checksum.", None, words) is None  # not "checks"
    assert parse_verdicts(f"{HEADER} Yes. Supported. No. Nope.", None, words).values == (1, 1, 0, 0)  # type: ignore[union-attr]
    # A word made only of CJK characters is found inside CJK text, as the built-in ones are.
    assert parse_verdicts("Final verdicts: 成立。不成立。", None, words).values == (1, 0)  # type: ignore[union-attr]


def test_only_the_fixed_scorer_takes_a_vocabulary_and_the_legacy_port_does_not_change() -> None:
    assert [name for name in scorer_names() if "vocabulary" in scorer_options(name)] == ["ragas"]
    with pytest.raises(TypeError, match="takes no option vocabulary"):
        get_scorer("legacy", vocabulary=TEAM)


def test_the_cause_of_a_drift_is_found_reading_the_output_as_the_candidate_did() -> None:
    # Legacy counts both "debunked" as "no" and the third statement as supported (1/3);
    # the candidate reads the same two "no"s and a missing verdict (0): a counting rule.
    output = case(f"{HEADER} Debunked. Debunked.")
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas", vocabulary=TEAM))
    assert comparer.compare(output).cause is DriftCause.MISSING_VERDICTS
    plain = CaseComparer(get_scorer("legacy"), get_scorer("ragas"))
    assert plain.compare(output).cause is DriftCause.NO_VERDICTS_SCORED_AS_FAITHFUL


# ---------------------------------------------------------------- the built-in reading is kept

BUILT_IN_PIECES = st.sampled_from(
    [*YES_WORDS, *NO_WORDS, *NONE_WORDS, "✓", "❌", "是", " ", ". ", ", ", "; ", "\n", "1. ", "(2) ", "verdict: "]
)
FRAMES = st.sampled_from(
    [HEADER + " {}", "Verdicts: {}", "{}", "Statement 1: x. Verdict: {}", "| Verdict |\n|---|\n| {} |"]
)
# Added words that never occur in the generated text; one of them no letter at all, so the
# one-call reading of plain yes/no runs is switched off.
UNUSED = (Vocabulary(yes=("qqholds",), no=("✪",)), Vocabulary(none=("zzunclear",)))


@given(FRAMES, st.lists(BUILT_IN_PIECES, max_size=12).map("".join), st.sampled_from(UNUSED))
def test_added_words_change_nothing_where_they_do_not_occur(frame: str, body: str, unused: Vocabulary) -> None:
    text = frame.format(body)
    expected = parse_verdicts(text)
    assert parse_verdicts(text, None, verdict_words(unused)) == expected
    # The built-in words through the general builder: the default pattern, rebuilt.
    assert parse_verdicts(text, None, _compile(word_table((), (), ()))) == expected


def test_every_bundled_output_reads_the_same_with_an_unrelated_vocabulary() -> None:
    words = verdict_words(UNUSED[0])
    for loaded in load_cases(bundled_corpus()):
        statements = fixed_statements(loaded) or None
        assert parse_verdicts(loaded.grader_output, statements, words) == parse_verdicts(
            loaded.grader_output, statements
        ), loaded.id


# ---------------------------------------------------------------- the file


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "words.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_is_normalised_like_the_readers_normalise_and_adds_only_new_words(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[vocabulary]\nyes = [" Ｃｈｅｃｋｓ. ", "checks", "supported", "Does  Check Out"]\nno = ["debunked"]\n',
    )
    assert load_vocabulary(path) == Vocabulary(yes=("checks", "does check out"), no=("debunked",))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[vocabulary]\nyes = [""]', "vocabulary.yes[0]: an empty word"),
        ('[vocabulary]\nyes = ["ok", " ... "]', "vocabulary.yes[1]: an empty word"),
        ('[vocabulary]\nyes = ["checks"]\nno = ["Checks"]', "vocabulary.no[0]: 'checks' is in both vocabulary.yes and"),
        ('[vocabulary]\nno = ["yes"]', "vocabulary.no[0]: 'yes' is a built-in yes word; it cannot be a no word"),
        ('[vocabulary]\nnone = ["nope"]', "vocabulary.none[0]: 'nope' is a built-in no word"),
        ("[vocabulary]\nyes = [1]", "vocabulary.yes[0]: must be a string, not int"),
        ('[vocabulary]\nyes = "checks"', "vocabulary.yes: must be a list of strings"),
        ('[vocabulary]\nmaybe = ["x"]', "unknown key 'vocabulary.maybe'"),
        ('[words]\nyes = ["x"]', "unknown key 'words'"),
        ("", "no [vocabulary] table"),
        ('[vocabulary]\nyes = ["42"]', "'42' is a number, not a word"),
        ('[vocabulary]\nyes = ["-"]', "'-' holds no letter, digit or symbol"),
        ('[vocabulary]\nyes = ["' + "a" * 41 + '"]', "longer than 40 characters"),
        ("[vocabulary\n", "invalid TOML"),
    ],
)
def test_a_word_that_cannot_be_one_is_refused_naming_the_file_and_key(tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(VocabularyError) as raised:
        load_vocabulary(path)
    assert str(raised.value).startswith(f"{path}: ") and problem in str(raised.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(VocabularyError, match=r"missing\.toml: cannot read"):
        load_vocabulary(tmp_path / "missing.toml")
