"""JSON Schemas generated from the models, and committed under ``fixtures/schema/``."""

from __future__ import annotations

import json
from typing import Any

from compat.cases import Case
from compat.diff import DriftReport
from compat.labels import Label

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def case_schema() -> dict[str, Any]:
    """The JSON Schema of one case (one line of a JSONL corpus)."""
    schema = Case.model_json_schema()
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": "faithcompat/case.schema.json", **schema}


def schema_text(schema: dict[str, Any]) -> str:
    """The committed, byte-stable form of a schema."""
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def report_schema() -> dict[str, Any]:
    """The JSON Schema of ``report.json`` (``faithcompat diff``)."""
    schema = DriftReport.model_json_schema()
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": "faithcompat/report.schema.json", **schema}


def label_schema() -> dict[str, Any]:
    """The JSON Schema of one label (one line of labels.jsonl, the labelling page's download)."""
    schema = Label.model_json_schema()
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": "faithcompat/label.schema.json", **schema}


SCHEMAS = {"case": case_schema, "label": label_schema, "report": report_schema}
