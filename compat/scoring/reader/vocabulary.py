"""Verdict words a team's grader uses, added to the built-in ones from a TOML file.

    [vocabulary]
    yes = ["affirmative", "checks out"]
    no = ["debunked", "does not check out"]
    none = ["cannot tell"]

Words are added, never replace the built-in ones, and are normalised as the readers
normalise what they read (NFKC, lower case, spaces folded, punctuation around a word
dropped). Only scorers that take the ``vocabulary`` option read them (``ragas``); the
legacy scorer and the other upstream ports are exact copies and never do.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compat._errors import VocabularyError
from compat._file_kind import FileKind
from compat._toml import read_toml
from compat.scoring.reader.words import MAX_WORD_CHARS, WORD_VALUES, normalise_word

KINDS = ("yes", "no", "none")
_MEANINGS = {"yes": "a yes word", "no": "a no word", "none": "a place without a verdict"}
_BUILT_IN_KIND = {word: {1: "yes", 0: "no", None: "none"}[value] for word, value in WORD_VALUES.items()}


@dataclass(frozen=True)
class Vocabulary:
    """Words added to the built-in verdict words, each normalised, each list in file order."""

    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    none: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.yes or self.no or self.none)

    def as_dict(self) -> dict[str, list[str]]:
        return {"yes": list(self.yes), "no": list(self.no), "none": list(self.none)}


def load_vocabulary(path: str | Path) -> Vocabulary:
    """The ``[vocabulary]`` table of the TOML file at ``path``, checked word by word."""
    data = read_toml(path, VocabularyError, FileKind.VOCABULARY)
    try:
        return vocabulary_from(data)
    except ValueError as error:
        raise VocabularyError(f"{path}: {error}") from None


def vocabulary_from(data: dict[str, Any]) -> Vocabulary:
    """A vocabulary from a parsed TOML document; ``ValueError`` names the key at fault."""
    unknown = sorted(set(data) - {"vocabulary"})
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (the words go in a [vocabulary] table)")
    table = data.get("vocabulary")
    if not isinstance(table, dict):
        raise ValueError("no [vocabulary] table" if table is None else "'vocabulary' must be a table")
    unknown = sorted(set(table) - set(KINDS))
    if unknown:
        raise ValueError(f"unknown key 'vocabulary.{unknown[0]}' (the keys are yes, no and none)")
    words: dict[str, list[str]] = {kind: [] for kind in KINDS}
    kind_of: dict[str, str] = {}
    for kind in KINDS:
        listed = table.get(kind, [])
        if not isinstance(listed, list):
            raise ValueError(f"vocabulary.{kind}: must be a list of strings")
        for index, raw in enumerate(listed):
            where = f"vocabulary.{kind}[{index}]"
            word = _checked_word(raw, where)
            built_in = _BUILT_IN_KIND.get(word)
            if built_in is not None and built_in != kind:
                raise ValueError(f"{where}: {word!r} is a built-in {built_in} word; it cannot be {_MEANINGS[kind]}")
            earlier = kind_of.setdefault(word, kind)
            if earlier != kind:
                raise ValueError(f"{where}: {word!r} is in both vocabulary.{earlier} and vocabulary.{kind}")
            if built_in is None and word not in words[kind]:
                words[kind].append(word)
    return Vocabulary(tuple(words["yes"]), tuple(words["no"]), tuple(words["none"]))


def _checked_word(raw: object, where: str) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"{where}: must be a string, not {type(raw).__name__}")
    word = normalise_word(raw)
    if not word:
        raise ValueError(f"{where}: an empty word")
    if len(word) > MAX_WORD_CHARS:
        raise ValueError(f"{where}: longer than {MAX_WORD_CHARS} characters (a sentence, not a verdict)")
    if word.isdigit():
        raise ValueError(f"{where}: {word!r} is a number, not a word (numbers enumerate statements)")
    if not any(char.isalnum() or unicodedata.category(char).startswith("S") for char in word):
        raise ValueError(f"{where}: {word!r} holds no letter, digit or symbol")
    return word
