"""label.html as written: its policy allows its own script only, and no corpus text can end its data block."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

from compat.cases import parse_case
from compat.diff import CaseComparer
from compat.labels import draw_sample
from compat.report import render_label_page
from compat.scoring import get_scorer

SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
DATA = re.compile(r'<script type="application/json" id="label-data">(.*?)</script>', re.DOTALL)


def page_of(*cases: dict[str, Any]) -> str:
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas"), detail=False)
    sample = draw_sample([parse_case(case) for case in cases], comparer, size=len(cases))
    return render_label_page(sample, [], corpus="</script><script>alert(1)</script>")


def test_the_policy_allows_the_page_s_own_script_by_its_hash_and_nothing_else() -> None:
    page = page_of({"id": "a", "statements": ["x"], "grader_output": "[1]"})
    (script,) = SCRIPT.findall(page)
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)  # type: ignore[union-attr]
    assert f"script-src 'sha256-{digest}';" in policy and policy.startswith("default-src 'none';")
    assert "connect-src" not in policy and "http" not in policy


def test_no_corpus_text_can_end_the_data_block_or_become_markup() -> None:
    hostile = "</script><img src=x onerror=alert(1)><!--"
    page = page_of({"id": hostile, "question": hostile, "statements": [hostile], "grader_output": hostile})
    (data,) = DATA.findall(page)
    assert "<" not in data
    record = json.loads(data)["cases"][0]
    assert record["id"] == record["question"] == record["arms"][0]["output"] == hostile
    assert page.count("<script") == 2 and "<img" not in page
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the corpus's name, escaped


def test_the_highlighted_region_is_counted_as_the_page_s_script_counts() -> None:
    """The page slices JavaScript strings (UTF-16 code units): a character beyond the BMP counts two."""
    output = "😀 1. The sky is blue. Verdict: Yes"
    page = page_of({"id": "e", "statements": ["The sky is blue."], "grader_output": output})
    (arm,) = json.loads(DATA.findall(page)[0])["cases"][0]["arms"]
    start, end = arm["regions"][0]
    units = output.encode("utf-16-le")
    assert units[2 * start : 2 * end].decode("utf-16-le") == "The sky is blue. Verdict: Yes"
