"""Reading back what ``faithcompat diff`` wrote (report.json, cases.jsonl), validated; the bundled baseline."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from compat._errors import InputError
from compat._file_kind import HEAD_BYTES, FileKind, wrong_file_in_head
from compat.diff._outcomes import Outcome
from compat.diff.model.case_line import CaseLine
from compat.diff.model.report import (
    FLIP_COLUMNS,
    FLIP_KINDS,
    FLIP_ROWS,
    INVALID_KINDS,
    SCHEMA_VERSIONS,
    DriftReport,
    TrustedAgreement,
)


def load_report(path: str | Path) -> DriftReport:
    """A ``report.json`` written by ``faithcompat diff``, validated."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror or error}") from None
    _check_version(raw, str(path))
    try:
        report = _parse_as(DriftReport, raw, str(path), "a faithcompat report")
    except InputError as error:  # a corpus, a dataset, cases.jsonl given for it? Say which, and what to run
        other = wrong_file_in_head(raw[:HEAD_BYTES], str(path), FileKind.REPORT)
        raise (InputError(other) if other else error) from None
    added = {outcome.value: 0 for outcome in OUTCOMES_ADDED_LATER if outcome.value not in report.outcomes}
    if added:  # a report written before these outcomes existed had none of them
        report = report.model_copy(update={"outcomes": {**report.outcomes, **added}})
    problem = _inconsistency(report)
    if problem is not None:  # an edited or foreign file: the gate and rollout would trip over it
        raise InputError(f"{path}: not a faithcompat report: {problem}")
    return report


def _check_version(raw: bytes, where: str) -> None:
    """A report of a schema this version does not know (a newer faithcompat's) is refused by name."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return  # _parse_as says what is wrong with it
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, str) and version not in SCHEMA_VERSIONS:
        raise InputError(
            f"{where}: report schema {version!r} is not one this faithcompat reads ({', '.join(SCHEMA_VERSIONS)}): "
            "made by a newer faithcompat? Upgrade, or make the report again with this one (faithcompat diff)"
        )


# Outcomes that reports written before them lack: read as 0.
OUTCOMES_ADDED_LATER = (Outcome.SCORER_ERROR, Outcome.GRADER_ERROR, Outcome.WITHIN_NOISE, Outcome.NOT_RECORDED)


def _inconsistency(report: DriftReport) -> str | None:
    """What the schema cannot say about a report: keys every reader needs, counts that
    cannot be negative, rates that must lie in [0, 1]."""
    for name, mapping, keys in (
        ("outcomes", report.outcomes, tuple(outcome.value for outcome in Outcome)),
        ("legacy_invalid", report.legacy_invalid, INVALID_KINDS),
        ("flip_matrix", report.flip_matrix, FLIP_ROWS),
        ("means", report.means, ("control", "candidate")),
    ):
        missing = [key for key in keys if key not in mapping]
        if missing:
            return f"{name} lacks {', '.join(map(repr, missing))}"
    for row in FLIP_ROWS:
        missing = [key for key in FLIP_COLUMNS if key not in report.flip_matrix[row]]
        if missing:
            return f"flip_matrix.{row} lacks {', '.join(map(repr, missing))}"
    trusted = report.trusted_agreement
    for name, kinds in (
        ("trusted_agreement.flips", trusted.flips if trusted else None),
        ("trusted_agreement.within_noise_flips", trusted.within_noise_flips if trusted else None),
    ):
        missing = [key for key in FLIP_KINDS if kinds is not None and key not in kinds]
        if missing:
            return f"{name} lacks {', '.join(map(repr, missing))}"
    counts = {
        "corpus.cases": report.corpus.cases,
        "corpus.skipped_invalid": report.corpus.skipped_invalid,
        "explained": report.explained,
        "unexplained": report.unexplained,
        "agreement.matches": report.agreement.matches,
        "agreement.cases": report.agreement.cases,
        "deltas.count": report.deltas.count,
        "expectations.checked": report.expectations.checked,
        "expectations.failed": report.expectations.failed,
        **{f"outcomes.{key}": value for key, value in report.outcomes.items()},
        **{f"legacy_invalid.{key}": value for key, value in report.legacy_invalid.items()},
        **{f"means.{arm}.count": mean.count for arm, mean in report.means.items()},
        **{
            f"flip_matrix.{row}.{column}": value
            for row, columns in report.flip_matrix.items()
            for column, value in columns.items()
        },
        **{f"causes[{row.cause!r}].count": row.count for row in report.causes},
        **{f"cohorts[{row.tag!r}].cases": row.cases for row in report.cohorts},
        **{f"causes[{row.cause!r}].flips.{kind}": n for row in report.causes for kind, n in (row.flips or {}).items()},
        **_trusted_counts(report.trusted_agreement),
        **{f"flip_outcomes.{key}": n for key, n in (report.flip_outcomes or {}).items()},
        **{
            f"causes[{row.cause!r}].trusted_flips.{kind}": n
            for row in report.causes
            for kind, n in (row.trusted_flips or {}).items()
        },
    }
    for name, value in counts.items():
        if value < 0:
            return f"{name} is {value}, a negative count"
    rates = {
        "agreement.rate": report.agreement.rate,
        "agreement.wilson_low": report.agreement.wilson_low,
        "agreement.wilson_high": report.agreement.wilson_high,
        **{f"cohorts[{row.tag!r}].agreement": row.agreement for row in report.cohorts},
        **_trusted_rates(report.trusted_agreement),
    }
    for name, rate in rates.items():
        if rate is not None and not 0.0 <= rate <= 1.0:  # NaN fails this too
            return f"{name} is {rate}, not a rate in [0, 1]"
    return None


def _trusted_counts(trusted: TrustedAgreement | None) -> dict[str, int]:
    if trusted is None:
        return {}
    return {
        "trusted_agreement.cases": trusted.cases,
        "trusted_agreement.control_invalid": trusted.control_invalid,
        **{f"trusted_agreement.flips.{kind}": n for kind, n in (trusted.flips or {}).items()},
        **{f"trusted_agreement.within_noise_flips.{kind}": n for kind, n in (trusted.within_noise_flips or {}).items()},
        "trusted_agreement.control_bug": trusted.control_bug,
        "trusted_agreement.agreement.matches": trusted.agreement.matches,
    }


def _trusted_rates(trusted: TrustedAgreement | None) -> dict[str, float | None]:
    if trusted is None:
        return {}
    agreements = {"agreement": trusted.agreement, "agreement_beyond_noise": trusted.agreement_beyond_noise}
    return {
        f"trusted_agreement.{name}.{field}": getattr(agreement, field)
        for name, agreement in agreements.items()
        if agreement is not None
        for field in ("rate", "wilson_low", "wilson_high")
    }


def load_case_lines(path: str | Path) -> Iterator[CaseLine]:
    """The lines of a ``cases.jsonl`` written by ``faithcompat diff``, validated one by one."""
    try:
        with Path(path).open("rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if raw.strip():  # a blank line (a trailing one, say) holds no case
                    yield _parse_as(CaseLine, raw, f"{path}:{number}", "a cases.jsonl line")
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror or error}") from None


_Model = TypeVar("_Model", bound=BaseModel)


def _parse_as(model: type[_Model], raw: bytes, where: str, what: str) -> _Model:
    """``raw`` as JSON validated by ``model``; an ``InputError`` naming ``where`` and the problem."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise InputError(f"{where}: invalid UTF-8 at byte {error.start + 1}") from None
    except ValueError as error:
        raise InputError(f"{where}: not {what}: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: not {what}: nested too deeply to read") from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in first["loc"]) or "the top level"
        raise InputError(f"{where}: not {what} ({field}: {first['msg']})") from None


def bundled_baseline() -> Path:
    """The committed ``reports/report.json``: inside the wheel, or in a source checkout."""
    packaged = Path(str(resources.files("compat"))) / "reports" / "report.json"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "reports" / "report.json"
