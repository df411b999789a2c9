"""Repeated ids across a Dask run's pieces: hashed on the workers, bucketed, and checked in corpus order."""

from __future__ import annotations

import hashlib
import operator
from array import array
from collections import Counter
from typing import Any

from compat._errors import CaseError
from compat.cases import DuplicateIds
from compat.diff.dask.pieces import Piece, PieceResult

ID_BUCKETS = 16


def id_hashes(result: PieceResult) -> list[array[int]]:
    """The piece's id hashes, one array per bucket."""
    buckets: list[array[int]] = [array("Q") for _ in range(ID_BUCKETS)]
    for case_id in result.batch.case_ids:
        key = _hash(case_id)
        buckets[key % ID_BUCKETS].append(key)
    return buckets


def repeated_hashes(*buckets: array[int]) -> set[int]:
    """The hashes that occur more than once across one bucket of every piece."""
    counts = Counter(key for bucket in buckets for key in bucket)
    return {key for key, count in counts.items() if count > 1}


def ids_with_hashes(result: PieceResult, candidates: set[int]) -> list[tuple[int, str, int]]:
    """(position, id, line from 1) of the piece's cases whose id hash is a candidate.

    The first pass skips nothing, so a case's position among the compared cases is its
    index in the batch.
    """
    return [
        (position, case_id, result.line_numbers[position])
        for position, case_id in enumerate(result.batch.case_ids)
        if _hash(case_id) in candidates
    ]


def _hash(case_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(case_id.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


def repeated_ids(
    client: Any,  # distributed.Client: the library has no type hints
    results: list[Any],
    pieces: list[Piece],
    offsets: list[int],
    counts: list[tuple[int, int, bool]],
) -> dict[int, list[tuple[int, CaseError]]]:
    """Per piece, its cases whose id came earlier in the corpus: (position, the error)."""
    hashes = [client.submit(id_hashes, result, pure=False) for result in results]
    parts = [[client.submit(operator.getitem, h, b, pure=False) for h in hashes] for b in range(ID_BUCKETS)]
    repeated = client.gather([client.submit(repeated_hashes, *bucket, pure=False) for bucket in parts])
    candidates = set().union(*repeated)
    if not candidates:
        return {}
    found = client.gather([client.submit(ids_with_hashes, result, candidates, pure=False) for result in results])
    # Replay the local engine's check (DuplicateIds) in corpus order, over the candidates
    # only: the same errors and messages. It keeps the place of the first EXACT_IDS
    # distinct ids; a repeat of a later one is "seen earlier in the corpus".
    located = sorted(
        (index, position, case_id, line + (0 if counts[index][2] else offsets[index]))
        for index, hits in enumerate(found)
        for position, case_id, line in hits
    )
    before = [0]
    for _, compared, _ in counts:
        before.append(before[-1] + compared)
    first: dict[str, tuple[str, int, int]] = {}
    repeats: dict[int, list[tuple[int, CaseError]]] = {}
    repeated_so_far = 0
    for index, position, case_id, line in located:
        source = pieces[index].source
        if case_id not in first:
            distinct_before = before[index] + position - repeated_so_far
            first[case_id] = (source, line, distinct_before)
            continue
        where, first_line, ordinal = first[case_id]
        place = f"first at {where}:{first_line}" if ordinal < DuplicateIds.EXACT_IDS else "seen earlier in the corpus"
        repeats.setdefault(index, []).append((position, CaseError(source, line, f"duplicate id {case_id!r} ({place})")))
        repeated_so_far += 1
    return repeats
