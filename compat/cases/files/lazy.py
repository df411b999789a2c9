"""A corpus read for its ids first: each case parsed only when a caller asks for it.

``faithcompat label`` looks at every case's id (its place in the draw) and needs the
case itself only for the few thousand that enter its presample: parsing a line costs
twenty times finding its id. A JSONL line's id is read from its text
(``line_id``: the first ``"id": "..."`` whose value is a string, which only the case's own
id is: no other field of a case holds an ``id`` key with a string value); a line where it
is not found plainly is parsed at once. Repeated ids are still found, by the id read.
What is not read is not checked: ``faithcompat validate`` checks every case.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from compat._errors import CaseError
from compat.cases._case import Case
from compat.cases._parse import LoadedCase, RawCase
from compat.cases.files.blocks import DEFAULT_MAX_CASE_BYTES
from compat.cases.files.corpus import iter_records
from compat.cases.files.duplicate_ids import DuplicateIds

_ID = re.compile(r'"id"\s*:\s*"((?:[^"\\]|\\.)*)"')


class LazyCase:
    """A corpus line's id, and its case when asked for (``load``: parsed then, its error raised)."""

    __slots__ = ("_raw", "id")

    def __init__(self, case_id: str, raw: RawCase) -> None:
        self.id = case_id
        self._raw = raw

    def load(self) -> Case:
        loaded = self._raw.parse()
        if isinstance(loaded, CaseError):
            raise loaded
        return loaded.case


def line_id(text: str) -> str | None:
    """The id a JSONL case line holds, read from its text; None where it is not there plainly."""
    found = _ID.search(text)
    if found is None:
        return None
    raw = found.group(1)
    if "\\" not in raw:  # nothing escaped (the common case): the text is the id
        return raw or None
    try:
        value = json.loads(f'"{raw}"')
    except ValueError:
        return None
    return value if isinstance(value, str) and value else None


def iter_lazy_cases(
    sources: Iterable[str | Path], *, max_case_bytes: int = DEFAULT_MAX_CASE_BYTES
) -> Iterator[Case | LazyCase]:
    """Every case of ``sources``: a JSONL line as a ``LazyCase``, anything else parsed; the first
    error (a line that cannot be read, a repeated id, a case that does not parse) raised."""
    ids = DuplicateIds()
    for record in iter_records(sources, max_case_bytes=max_case_bytes):
        if isinstance(record, RawCase):
            case_id = line_id(record.text)
            if case_id is not None:
                repeated = ids.check_id(case_id, record.source, record.line)
                if repeated is not None:
                    raise repeated
                yield LazyCase(case_id, record)
                continue
            record = record.parse()
        if isinstance(record, CaseError):
            raise record
        checked = ids.check(record) if isinstance(record, LoadedCase) else record
        if isinstance(checked, CaseError):
            raise checked
        yield checked.case
