"""Repeated ids across a whole corpus or dataset, found in flat memory (16 bytes an id, not ~190 for a dict)."""

from __future__ import annotations

from array import array

from compat._errors import CaseError
from compat.cases._parse import LoadedCase


class DuplicateIds:
    """Remembers every id seen and turns a repeat into a ``CaseError``; flat in memory.

    The first ``EXACT_IDS`` ids keep their location, so the error can say where the
    first one was. Beyond that only a 64-bit hash of each id is kept, in an
    open-addressing table (16 bytes a case at a million cases, against ~190 for a
    dict of strings); two distinct ids collide with probability about n^2 / 2^65,
    i.e. 3e-8 at a million cases.
    """

    EXACT_IDS = 100_000

    def __init__(self) -> None:
        self._first: dict[str, tuple[str, int]] = {}
        self._hashes = _HashTable()

    def check(self, loaded: LoadedCase) -> LoadedCase | CaseError:
        return self.check_id(loaded.case.id, loaded.source, loaded.line) or loaded

    def check_id(self, case_id: str, source: str, line: int) -> CaseError | None:
        first = self._first.get(case_id)
        if first is not None:
            return CaseError(source, line, f"duplicate id {case_id!r} (first at {first[0]}:{first[1]})")
        if not self._hashes.add(case_id):
            return CaseError(source, line, f"duplicate id {case_id!r} (seen earlier in the corpus)")
        if len(self._first) < self.EXACT_IDS:
            self._first[case_id] = (source, line)
        return None


class _HashTable:
    """A set of 64-bit string hashes in one array: linear probing, doubled at half full."""

    def __init__(self) -> None:
        self._slots = array("Q", bytes(8 * 1024))
        self._mask = 1023
        self._count = 0

    def add(self, text: str) -> bool:
        """Add ``text``'s hash; False when it was there already."""
        key = (hash(text) & 0xFFFF_FFFF_FFFF_FFFF) or 1  # 0 marks an empty slot
        if self._insert(key):
            self._count += 1
            if 2 * self._count > self._mask:
                self._grow()
            return True
        return False

    def _insert(self, key: int) -> bool:
        slots, mask = self._slots, self._mask
        index = key & mask
        while True:
            found = slots[index]
            if found == 0:
                slots[index] = key
                return True
            if found == key:
                return False
            index = (index + 1) & mask

    def _grow(self) -> None:
        old = self._slots
        self._mask = 2 * len(old) - 1
        self._slots = array("Q", bytes(16 * len(old)))
        for key in old:
            if key:
                self._insert(key)
