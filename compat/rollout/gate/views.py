"""The gate's result shown: JUnit XML for CI, Markdown for a pull request, lines for a terminal."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from compat._text import printable
from compat.report import markdown_fence
from compat.rollout.gate.checks import GateResult


def render_junit(result: GateResult) -> str:
    """JUnit XML: one testsuite per kind of check, one testcase per check."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites>"]
    for kind in ("corpus", "property", "golden", "budget"):
        checks = [c for c in result.checks if c.kind == kind]
        if not checks:
            continue
        failures = sum(not c.passed for c in checks)
        lines.append(f'  <testsuite name="faithcompat.{kind}" tests="{len(checks)}" failures="{failures}">')
        for check in checks:
            name = quoteattr(check.name)
            if check.passed:
                lines.append(f'    <testcase classname="faithcompat.{kind}" name={name}/>')
            else:
                body = escape("\n".join((check.message, *check.details)), {"\x00": ""})
                lines.append(f'    <testcase classname="faithcompat.{kind}" name={name}>')
                lines.append(
                    f"      <failure message={quoteattr(_xml_safe(check.message))}>{_xml_safe(body)}</failure>"
                )
                lines.append("    </testcase>")
        lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return "\n".join(lines) + "\n"


def _xml_safe(text: str) -> str:
    """XML 1.0 cannot carry control characters or lone surrogates: escape them visibly."""
    return "".join(
        c
        if c in "\t\n\r" or (c >= " " and not 0xD800 <= ord(c) <= 0xDFFF and c not in "\ufffe\uffff")
        else f"\\u{ord(c):04x}"
        for c in text
    )


def render_summary(result: GateResult) -> str:
    """Markdown for a pull request or ``$GITHUB_STEP_SUMMARY``."""
    verdict = "passed" if result.passed else f"FAILED ({len(result.failures)} check(s))"
    lines = [f"## faithcompat gate: {verdict}", "", "| check | kind | result | detail |", "|---|---|---|---|"]
    for check in result.checks:
        mark = "pass" if check.passed else "**FAIL**"
        detail = printable(check.message).replace("|", "\\|")  # printable: corpus ids end no row
        lines.append(f"| `{check.name}` | {check.kind} | {mark} | {detail} |")
    for check in result.failures:
        if check.details:
            details = [printable(detail) for detail in check.details]
            fence = markdown_fence(details, shortest=3)  # a corpus id cannot close it
            lines += ["", f"### `{check.name}`", "", f"{fence}jsonl", *details, fence]
    return "\n".join(lines) + "\n"


def render_terminal(result: GateResult) -> str:
    lines = []
    for check in result.checks:
        message = printable(check.message)  # corpus ids reach the terminal here: no raw escapes
        lines.append(f"{'ok  ' if check.passed else 'FAIL'}  {check.kind:8} {check.name}: {message}")
        if not check.passed:
            lines += [f"        {printable(detail)}" for detail in check.details]
    verdict = "gate passed" if result.passed else f"gate FAILED: {len(result.failures)} check(s)"
    return "\n".join([*lines, verdict]) + "\n"
