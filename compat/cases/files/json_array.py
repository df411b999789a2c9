"""A corpus written as one JSON array: each case located by the line its object starts on, none lost silently."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

from compat._errors import CaseError, CorpusError
from compat._file_kind import HEAD_BYTES, FileKind, wrong_file_in_head
from compat.cases._parse import TOO_DEEP, LoadedCase, json_problem, parse_case, reject_constant, unique_keys
from compat.cases.files.blocks import Prefixed
from compat.cases.files.dataset_hint import dataset_problem
from compat.cases.files.measures import CorpusDigest


def iter_json_array(
    stream: Prefixed, name: str, max_case_bytes: int, digest: CorpusDigest | None
) -> Iterator[LoadedCase | CaseError]:
    """A JSON array of cases; each case is located by the line its object starts on."""
    raw = stream.read()
    if digest is not None:
        digest.update(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = raw.rfind(b"\n", 0, error.start) + 1
        bad = raw[error.start : error.start + 4]
        line_number = 1 + raw.count(b"\n", 0, error.start)
        raise CorpusError(
            f"{name}:{line_number}: invalid UTF-8 at byte {error.start - line_start + 1} "
            f"of the line ({bad!r}); {_REST_UNREAD}"
        ) from None
    text = text.lstrip("\ufeff")
    decoder = json.JSONDecoder(parse_constant=reject_constant, object_pairs_hook=unique_keys)
    pos = text.index("[") + 1
    line, counted = 1, 0  # line numbers are counted incrementally: linear in the file

    def line_at(offset: int) -> int:
        nonlocal line, counted
        line += text.count("\n", counted, offset)
        counted = offset
        return line

    # An error inside a case is that case's (skippable); an error that hides where the
    # next case starts leaves the rest of the array unread, so it stops the run whatever
    # --skip-invalid says: no case may vanish silently.
    pos = _skip_space(text, pos)
    if pos < len(text) and text[pos] == "]":
        return _after_array(text, pos + 1, name, line_at)
    first = True
    while True:
        element_line = line_at(pos)
        try:
            data, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as error:
            # Not even the first case reads: a TOML file ([vocabulary], [gate]) rather than an array?
            other = wrong_file_in_head(raw[:HEAD_BYTES], name, FileKind.CORPUS) if first else None
            raise (CorpusError(other) if other else _unreadable(name, error)) from None
        except ValueError as error:  # a repeated key, NaN, a too long integer: the case alone is bad
            end = _plain_end(text, pos, name, element_line)
            yield CaseError(name, element_line, str(error))
        except RecursionError:
            raise _too_deep(name, element_line) from None
        else:
            problem = dataset_problem(data, name) if first else None
            if problem is not None:  # an array of dataset rows: one error, not one a row
                raise CorpusError(problem)
            if len(text[pos:end].encode("utf-8", "surrogatepass")) > max_case_bytes:
                yield CaseError(name, element_line, f"case is over the limit of {max_case_bytes:,} bytes")
            else:
                try:
                    yield LoadedCase(parse_case(data, name, element_line), name, element_line)
                except CaseError as error:
                    yield error
        first = False
        pos = _skip_space(text, end)
        if pos < len(text) and text[pos] == "]":
            return _after_array(text, pos + 1, name, line_at)
        if pos < len(text) and text[pos] == ",":
            pos = _skip_space(text, pos + 1)
            if pos < len(text) and text[pos] != "]":
                continue
            problem = "a ',' after the last case" if pos < len(text) else "the array is not closed with ']'"
        else:
            problem = "expected ',' or ']' after a case" if pos < len(text) else "the array is not closed with ']'"
        raise CorpusError(f"{name}:{line_at(min(pos, len(text)))}: invalid JSON: {problem}; {_REST_UNREAD}")


_REST_UNREAD = "the rest of the array cannot be read"


def _after_array(text: str, pos: int, name: str, line_at: Callable[[int], int]) -> None:
    """Only whitespace may follow the array: a second array or a stray case would be lost."""
    rest = _skip_space(text, pos)
    if rest < len(text):
        raise CorpusError(f"{name}:{line_at(rest)}: invalid JSON: content after the array's closing ']'")


def _unreadable(name: str, error: json.JSONDecodeError) -> CorpusError:
    return CorpusError(f"{name}:{error.lineno}: invalid JSON: {json_problem(error)}; {_REST_UNREAD}")


def _too_deep(name: str, line: int) -> CorpusError:
    return CorpusError(f"{name}:{line}: {TOO_DEEP}; {_REST_UNREAD}")


def _plain_end(text: str, pos: int, name: str, line: int) -> int:
    """Where the value at ``pos`` ends, read without the checks that rejected it.

    The first check to fail stops the strict decoder early, so the rest of the value
    is unread: it may still hold a syntax error or nest too deeply, and then the next
    case cannot be found either.
    """
    try:
        return int(_SPAN_DECODER.raw_decode(text, pos)[1])
    except json.JSONDecodeError as error:
        raise _unreadable(name, error) from None
    except RecursionError:
        raise _too_deep(name, line) from None


# Reads any JSON value to its end: repeated keys and NaN are kept, integers stay strings
# (int() refuses more than 4,300 digits, and that refusal is what sent us here).
_SPAN_DECODER = json.JSONDecoder(parse_int=str)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos
