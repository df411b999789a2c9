"""The committed JSON Schema matches the model, and the fixtures match the schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from compat.report import case_schema, schema_text

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "fixtures" / "schema" / "case.schema.json"
CORPUS = sorted((ROOT / "fixtures" / "corpus").glob("*.jsonl"))


def test_committed_case_schema_is_current() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(case_schema()), (
        "fixtures/schema/case.schema.json is stale: run `faithcompat schema case > fixtures/schema/case.schema.json`"
    )


def test_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_fixture_files_validate_against_the_schema(path: Path) -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    with path.open(encoding="utf-8") as handle:
        for number, text in enumerate(handle, 1):
            errors = sorted(validator.iter_errors(json.loads(text)), key=str)
            assert not errors, f"{path.name}:{number}: {errors[0].message}"


def test_schema_rejects_what_the_model_rejects() -> None:
    validator = jsonschema.Draft202012Validator(case_schema())
    assert not validator.is_valid({"id": "a", "statements": ["x"], "grader_output": "", "typo": 1})
    assert not validator.is_valid({"id": "a", "statements": ["x"], "grader_output": "", "threshold": "0.5"})
    assert validator.is_valid({"id": "a", "statements": ["x"], "grader_output": ""})
