"""The corpus shipped with faithcompat (what commands read when given none), in the wheel or the checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from compat._errors import CorpusError


def bundled_corpus() -> list[Path]:
    """The corpus files shipped with faithcompat, in a stable order."""
    root = bundled_fixtures_dir() / "corpus"
    files = sorted(root.glob("*.jsonl"))
    if not files:
        raise CorpusError(f"the bundled corpus is missing: no *.jsonl under {root}")
    return files


def bundled_fixtures_dir() -> Path:
    """``fixtures/`` inside the installed wheel, or the repository's in a source checkout."""
    packaged = Path(str(resources.files("compat"))) / "fixtures"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "fixtures"
