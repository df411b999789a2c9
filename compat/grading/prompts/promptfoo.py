"""A team's promptfoo faithfulness prompts as a faithcompat prompts file (``prompts --from-promptfoo``).

promptfoo's context-faithfulness asks two prompts: ``CONTEXT_FAITHFULNESS_LONGFORM``
(call 1: statements from ``{{question}}`` and ``{{answer}}``) and
``CONTEXT_FAITHFULNESS_NLI_STATEMENTS`` (call 2: verdicts on ``{{context}}`` and the
statements, ``{{statements|join("\\n")}}``), both nunjucks templates. They are read from
an installed promptfoo (its package directory: the built JavaScript that defines them) or
from a config's custom prompts (``rubricPrompt``: call 1's then call 2's, on a
context-faithfulness assertion or in ``defaultTest.options``), and become the legacy
arm's templates with faithcompat's placeholders, so the legacy arm asks exactly what the
team's promptfoo asked.
"""

from __future__ import annotations

import importlib
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from compat._errors import PromptError
from compat.grading.prompts.sets import BUILT_IN, PromptPair, PromptSets, check_template

_NAMES = ("CONTEXT_FAITHFULNESS_LONGFORM", "CONTEXT_FAITHFULNESS_NLI_STATEMENTS")
# `exports.NAME = `...`` or `const NAME = `...``: a template literal, or a double-quoted string.
_DEFINITION = r"(?:exports\.|\bconst\s+|\bvar\s+|\blet\s+){name}\s*=\s*(`(?:[^`\\]|\\.)*`|\"(?:[^\"\\]|\\.)*\")"
_JS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_JS_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])")
# What faithcompat fills, and promptfoo's way of handing call 2 its statements.
_PLACEHOLDER = re.compile(r"\{\{-?\s*(\w+)\s*-?\}\}")
_JOINED = re.compile(r"""\{\{-?\s*statements\s*\|\s*join\(\s*(?:"\\n"|'\\n')\s*\)\s*-?\}\}""")
_NUNJUCKS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)


def promptfoo_prompts(path: str | Path) -> PromptSets:
    """The prompt sets with promptfoo's faithfulness prompts as the legacy arm's (the ragas arm's built in).

    ``path``: an installed promptfoo's package directory (``node_modules/promptfoo``) or a
    promptfoo config file (JSON, or YAML where PyYAML is installed) with custom prompts.
    """
    path = Path(path)
    if path.is_dir():
        statements, verdicts, origin = _from_package(path)
    elif path.is_file():
        statements, verdicts, origin = _from_config(path)
    else:
        raise PromptError(f"{path}: no such file or directory (give node_modules/promptfoo or a promptfoo config)")
    pair = PromptPair(
        statements=_translated(statements, f"{origin}: call 1 (statements)", "statements"),
        verdicts=_translated(verdicts, f"{origin}: call 2 (verdicts)", "verdicts"),
    )
    return replace(BUILT_IN, legacy=pair, origin=origin)


def _from_package(directory: Path) -> tuple[str, str, str]:
    try:
        package = json.loads((directory / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise PromptError(f"{directory}: no readable package.json: not an installed package directory") from None
    if not isinstance(package, dict) or package.get("name") != "promptfoo":
        raise PromptError(f"{directory}: package.json names {package.get('name')!r}, not promptfoo")
    origin = f"promptfoo {package.get('version', '?')} ({directory})"
    found: dict[str, str] = {}
    for script in sorted((directory / "dist").rglob("*.js")) if (directory / "dist").is_dir() else []:
        text = script.read_text(encoding="utf-8", errors="replace")
        if "CONTEXT_FAITHFULNESS" not in text:
            continue
        for name in _NAMES:
            match = re.search(_DEFINITION.format(name=name), text)
            if match is not None and name not in found:
                found[name] = _js_string(match.group(1), f"{script}: {name}")
        if len(found) == len(_NAMES):
            return found[_NAMES[0]], found[_NAMES[1]], origin
    missing = ", ".join(name for name in _NAMES if name not in found)
    raise PromptError(f"{directory}: the built JavaScript (dist/**/*.js) defines no {missing}")


def _js_string(literal: str, where: str) -> str:
    """The value of a JavaScript string or template literal (no ``${...}`` in it)."""
    body = literal[1:-1]
    if literal[0] == "`" and re.search(r"(?<!\\)\$\{", body):
        raise PromptError(f"{where}: the template literal computes a part (${{...}}): not a fixed prompt")

    def unescape(match: re.Match[str]) -> str:
        escape = match.group(1)
        if escape[0] == "u":
            return chr(int(escape.strip("u{}"), 16))
        if escape[0] == "x":
            return chr(int(escape[1:], 16))
        if escape in ("\n", "\r\n"):
            return ""  # a line continuation
        return _JS_ESCAPES.get(escape, escape)

    return _JS_ESCAPE.sub(unescape, body)


def _from_config(config: Path) -> tuple[str, str, str]:
    data = _read_config(config)
    pairs: list[tuple[str, Any]] = []
    default_test = _mapping(data.get("defaultTest"))
    options = _mapping(default_test.get("options"))
    if "rubricPrompt" in options:
        pairs.append(("defaultTest.options.rubricPrompt", options["rubricPrompt"]))
    tests = data.get("tests")
    listed = [(f"tests[{i}]", _mapping(t)) for i, t in enumerate(tests)] if isinstance(tests, list) else []
    for where, test in [("defaultTest", default_test), *listed]:
        asserts = test.get("assert")
        for index, assertion in enumerate(asserts if isinstance(asserts, list) else []):
            faithfulness = isinstance(assertion, dict) and assertion.get("type") == "context-faithfulness"
            if faithfulness and "rubricPrompt" in assertion:
                pairs.append((f"{where}.assert[{index}].rubricPrompt", assertion["rubricPrompt"]))
    if not pairs:
        raise PromptError(
            f"{config}: no custom context-faithfulness prompts (rubricPrompt) in it: it asks promptfoo's own; "
            "give the promptfoo package directory instead (node_modules/promptfoo)"
        )
    read = {where: _rubric_pair(config, where, value) for where, value in pairs}
    distinct = sorted(set(read.values()))
    if len(distinct) > 1:
        raise PromptError(f"{config}: {len(distinct)} different prompt pairs ({', '.join(read)}): grade one at a time")
    statements, verdicts = distinct[0]
    return statements, verdicts, f"promptfoo config {config} ({next(iter(read))})"


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _read_config(config: Path) -> dict[str, Any]:
    text = config.read_text(encoding="utf-8")
    if config.suffix == ".json":
        try:
            data = json.loads(text)
        except ValueError as error:
            raise PromptError(f"{config}: not JSON: {error}") from None
    else:
        try:
            yaml = importlib.import_module("yaml")  # not a dependency: where it is installed
        except ImportError:
            raise PromptError(
                f"{config}: reading YAML needs PyYAML (pip install pyyaml), or give the config as JSON"
            ) from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise PromptError(f"{config}: not YAML: {' '.join(str(error).split())}") from None
    if not isinstance(data, dict):
        raise PromptError(f"{config}: not a promptfoo config (a mapping at its top)")
    return data


def _rubric_pair(config: Path, where: str, value: Any) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise PromptError(
            f"{config}: {where}: context-faithfulness takes two prompts (call 1's, then call 2's); "
            "with fewer, promptfoo fills in its own: give the promptfoo package directory for those"
        )
    texts = []
    for index, item in enumerate(value):
        content = item.get("content") if isinstance(item, dict) else item
        if not isinstance(content, str) or not content:
            raise PromptError(f"{config}: {where}[{index}]: a prompt is a string (or a message with content)")
        if content.startswith("file://"):
            raise PromptError(f"{config}: {where}[{index}]: {content}: copy the file's text into the config")
        texts.append(content)
    return texts[0], texts[1]


def _translated(template: str, where: str, call: str) -> str:
    """``template`` with faithcompat's placeholders; what nunjucks does beyond them is refused, named."""
    text = _JOINED.sub("{{statements}}", template)
    text = _PLACEHOLDER.sub(lambda match: "{{" + match.group(1) + "}}", text)
    for found in _NUNJUCKS.finditer(text):
        if not _PLACEHOLDER.fullmatch(found.group(0)):
            raise PromptError(
                f"{where}: {found.group(0)!r} cannot be translated (faithcompat fills {{{{question}}}}, "
                '{{answer}}, {{context}}, {{statements}}, and {{statements|join("\\n")}} as {{statements}})'
            )
    return check_template(where, call, text)
