"""The rollout stage as a flagd flag definition: written into a team's flag file, and read back.

    flagd_file_with_stage(old_bytes, "live:25")   # the file with the scorer flag at live:25, nothing else changed
    stage_in_flagd_file(data)                      # "live:25"

The scorer flag's value, per key, is that key's mode (``compat.rollout._openfeature``):

    off         defaultVariant legacy
    shadow      defaultVariant shadow
    live:N      defaultVariant shadow, targeting {"fractional": [["live", N], ["shadow", 100 - N]]}
    complete    defaultVariant candidate

Only the scorer flag's value is replaced, spliced into the original text: every other
flag, key, space and line ending of the file stays byte for byte. The scorer flag's own
keys other than ``state``, ``variants``, ``defaultVariant`` and ``targeting`` (its
``metadata``, say) are kept.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compat._errors import FlagConfigError
from compat.rollout._modes import Mode
from compat.rollout._openfeature import DEFAULT_FLAG_KEY

FLAGD_SCHEMA = "https://flagd.dev/schema/v0/flags.json"
VARIANTS = {mode.value: mode.value for mode in Mode}
_STAGE_DEFAULT = {"off": Mode.LEGACY, "shadow": Mode.SHADOW, "complete": Mode.CANDIDATE}
_SPACE = " \t\n\r"
_MAX_DECIMALS = 6  # live:0.000001 is the finest share a weight pair writes exactly


class FlagFileError(FlagConfigError):
    """A flag file that cannot be read or changed as a flagd flag definition: exit 2."""


def flagd_flag(stage: str) -> dict[str, Any]:
    """The scorer flag's definition for ``stage`` (off, shadow, live:N, complete)."""
    flag: dict[str, Any] = {"state": "ENABLED", "variants": dict(VARIANTS)}
    if stage in _STAGE_DEFAULT:
        flag["defaultVariant"] = _STAGE_DEFAULT[stage].value
        return flag
    if not stage.startswith("live:"):
        raise FlagFileError(f"{stage!r} is not a stage: off, shadow, live:N or complete")
    live, rest = _weights(float(stage[5:]))
    flag["defaultVariant"] = Mode.SHADOW.value
    flag["targeting"] = {"fractional": [[Mode.LIVE.value, live], [Mode.SHADOW.value, rest]]}
    return flag


def _weights(percent: float) -> tuple[int, int]:
    """Integer weights (flagd's fractional takes no fractions) whose ratio is exactly ``percent`` %."""
    if not 0 < percent < 100 or not math.isfinite(percent):
        raise FlagFileError(f"live:{percent:g}: a live stage's share is above 0 and below 100")
    for decimals in range(_MAX_DECIMALS + 1):
        scaled = percent * 10**decimals
        if abs(scaled - round(scaled)) < 1e-9 * max(1.0, scaled):
            return round(scaled), 100 * 10**decimals - round(scaled)
    raise FlagFileError(f"live:{percent:g}: flagd's integer weights hold at most {_MAX_DECIMALS} decimals")


def stage_of_flag(flag: Any, where: str) -> str:
    """The stage a scorer flag's definition holds; a definition faithcompat would not write is an error."""
    if not isinstance(flag, Mapping):
        raise FlagFileError(f"{where}: the flag is not an object")
    if flag.get("state", "ENABLED") == "DISABLED":
        return "off"  # a disabled flag evaluates to the caller's default: the control
    variants = flag.get("variants")
    default = flag.get("defaultVariant")
    if not isinstance(variants, Mapping) or not isinstance(default, str) or default not in variants:
        raise FlagFileError(f"{where}: no defaultVariant among the flag's variants")

    def mode_of(variant: Any) -> Mode:
        value = variants.get(variant) if isinstance(variant, str) else None
        try:
            return Mode(value)
        except ValueError:
            names = ", ".join(m.value for m in Mode)
            raise FlagFileError(f"{where}: variant {variant!r} is {value!r}, not a mode ({names})") from None

    targeting = flag.get("targeting")
    if not targeting:
        stage = {Mode.LEGACY: "off", Mode.SHADOW: "shadow", Mode.CANDIDATE: "complete"}.get(mode_of(default))
        if stage is None:
            raise FlagFileError(f"{where}: live for every key is no stage: use candidate (complete) or a fractional")
        return stage
    fractional = targeting.get("fractional") if isinstance(targeting, Mapping) and len(targeting) == 1 else None
    if not isinstance(fractional, list):
        raise FlagFileError(
            f"{where}: its targeting is not a fractional split between live and shadow, as faithcompat writes: "
            "give the stage with --stage"
        )
    shares = {Mode.LIVE: 0, Mode.SHADOW: 0}
    for bucket in fractional:
        if not isinstance(bucket, list):
            continue  # the bucketing expression (by default the flag key and the targeting key)
        weight = bucket[1] if len(bucket) == 2 else 1
        mode = mode_of(bucket[0]) if bucket else None
        if mode not in shares or not isinstance(weight, int) or isinstance(weight, bool) or weight < 0:
            raise FlagFileError(f"{where}: fractional bucket {bucket!r} is not live or shadow with a weight")
        shares[mode] += weight
    total = shares[Mode.LIVE] + shares[Mode.SHADOW]
    if shares[Mode.LIVE] == 0 or total == 0:
        return "shadow"
    if shares[Mode.SHADOW] == 0:
        raise FlagFileError(f"{where}: live for every key is no stage: use candidate (complete)")
    return f"live:{100 * shares[Mode.LIVE] / total:g}"


@dataclass(frozen=True)
class _Member:
    key: str
    key_start: int
    value_start: int
    value_end: int


@dataclass(frozen=True)
class _Object:
    members: tuple[_Member, ...]
    close: int  # the index of its "}"


def _skip(text: str, index: int) -> int:
    while index < len(text) and text[index] in _SPACE:
        index += 1
    return index


def _object_at(text: str, start: int, decoder: json.JSONDecoder) -> _Object:
    """The members of the JSON object at ``start``, with where each key and value is in ``text``."""
    if text[start] != "{":
        raise ValueError("not an object")
    members: list[_Member] = []
    index = _skip(text, start + 1)
    if text[index] == "}":
        return _Object((), index)
    while True:
        key_start = index
        key, index = decoder.raw_decode(text, index)
        if not isinstance(key, str):
            raise ValueError("a key that is not a string")
        index = _skip(text, index)
        if text[index] != ":":
            raise ValueError("no colon after a key")
        value_start = _skip(text, index + 1)
        _, value_end = decoder.raw_decode(text, value_start)
        members.append(_Member(key, key_start, value_start, value_end))
        index = _skip(text, value_end)
        if text[index] == "}":
            return _Object(tuple(members), index)
        if text[index] != ",":
            raise ValueError("no comma between members")
        index = _skip(text, index + 1)


def _one(members: tuple[_Member, ...], key: str, where: str) -> _Member | None:
    found = [member for member in members if member.key == key]
    if len(found) > 1:
        raise FlagFileError(f"{where}: {key!r} is defined {len(found)} times: which one flagd reads is not said")
    return found[0] if found else None


def _line_indent(text: str, index: int) -> str | None:
    """The whitespace before ``index`` on its line, or ``None`` if something else precedes it there."""
    line_start = text.rfind("\n", 0, index) + 1
    before = text[line_start:index]
    return before if before.strip(" \t") == "" else None


def _render(value: Any, indent: str | None, unit: str) -> str:
    """``value`` as JSON: on one line where ``indent`` is None, else one key a line under ``indent`` (a list
    of plain values, a fractional bucket, on one line)."""
    if indent is None or not value or not isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list) and not any(isinstance(item, (dict, list)) for item in value):
        return json.dumps(value, ensure_ascii=False)
    inner = indent + unit
    if isinstance(value, dict):
        items = [f"{json.dumps(k, ensure_ascii=False)}: {_render(v, inner, unit)}" for k, v in value.items()]
        opening, closing = "{", "}"
    else:
        items = [_render(item, inner, unit) for item in value]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(inner + item for item in items) + "\n" + indent + closing


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def flagd_file_with_stage(
    existing: bytes | None, stage: str, flag_key: str = DEFAULT_FLAG_KEY, name: str = "flags.json"
) -> bytes:
    """``existing`` (a flagd flag file's bytes; ``None``: no file yet) with the scorer flag ``flag_key`` at
    ``stage``, spliced in: the rest of the file byte for byte. Pure: ``name`` is for messages only."""
    new_flag = flagd_flag(stage)
    if existing is None or not existing.strip():
        document = {"$schema": FLAGD_SCHEMA, "flags": {flag_key: new_flag}}
        return (_render(document, "", "  ") + "\n").encode("utf-8")
    text = _decoded(existing, name)
    decoder = json.JSONDecoder()
    start = _skip(text, 1 if text.startswith("\ufeff") else 0)
    try:
        top = _object_at(text, start, decoder)
        flags_member = _one(top.members, "flags", name)
        flags = _object_at(text, flags_member.value_start, decoder) if flags_member is not None else None
    except (ValueError, IndexError) as error:
        raise FlagFileError(f'{name}: not a flagd flag file (a JSON object with "flags"): {error}') from None
    newline = _newline(text)
    if flags_member is None or flags is None:
        raise FlagFileError(f'{name}: no "flags" object: not a flagd flag file')
    member = _one(flags.members, flag_key, f"{name}: flags")
    if member is not None:
        old = json.loads(text[member.value_start : member.value_end])
        kept = {k: v for k, v in old.items() if k not in new_flag and k != "targeting"} if isinstance(old, dict) else {}
        merged = {**new_flag, **kept}
        if isinstance(old, dict):  # the flag's own key order, its new keys after
            merged = {k: merged[k] for k in [*(k for k in old if k in merged), *(k for k in merged if k not in old)]}
        old_text = text[member.value_start : member.value_end]
        indent = _line_indent(text, member.key_start) if "\n" in old_text else None
        unit = _inner_unit(text, member, decoder) or _unit(text, flags_member, member)
        rendered = _render(merged, indent, unit)
        if newline == "\r\n":
            rendered = rendered.replace("\n", "\r\n")
        return (text[: member.value_start] + rendered + text[member.value_end :]).encode("utf-8")
    # A new member, after the last flag (or alone in an empty "flags").
    last = flags.members[-1] if flags.members else None
    if last is not None:
        indent = _line_indent(text, last.key_start)
        unit = _unit(text, flags_member, last)
        lead = f",{newline}{indent}" if indent is not None else ", "
        addition = lead + json.dumps(flag_key) + ": " + _render(new_flag, indent, unit)
        insert_at = last.value_end
    else:
        outer = _line_indent(text, flags_member.key_start)
        indent = None if outer is None else outer + "  "
        addition = (
            (f"{newline}{indent}" if indent is not None else "")
            + json.dumps(flag_key)
            + ": "
            + _render(new_flag, indent, "  ")
            + (f"{newline}{outer}" if outer is not None else "")
        )
        insert_at = flags.close
    if newline == "\r\n":
        addition = addition.replace("\r\n", "\n").replace("\n", "\r\n")
    return (text[:insert_at] + addition + text[insert_at:]).encode("utf-8")


def _unit(text: str, parent: _Member, member: _Member) -> str:
    """One level of the file's indentation: a member's indent less its parent's (two spaces if unknown)."""
    outer, inner = _line_indent(text, parent.key_start), _line_indent(text, member.key_start)
    if outer is not None and inner is not None and inner.startswith(outer) and len(inner) > len(outer):
        return inner[len(outer) :]
    return "  "


def _inner_unit(text: str, member: _Member, decoder: json.JSONDecoder) -> str | None:
    """The indentation the flag's own keys have under its key, where they are one a line."""
    if text[member.value_start] != "{":
        return None
    inner = _object_at(text, member.value_start, decoder).members
    outer, first = _line_indent(text, member.key_start), _line_indent(text, inner[0].key_start) if inner else None
    if outer is not None and first is not None and first.startswith(outer) and len(first) > len(outer):
        return first[len(outer) :]
    return None


def _decoded(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FlagFileError(f"{name}: not UTF-8 (byte {error.start})") from None


def stage_in_flagd_file(data: bytes, flag_key: str = DEFAULT_FLAG_KEY, name: str = "flags.json") -> str:
    """The stage the scorer flag ``flag_key`` of a flagd flag file holds; a file without it is an error."""
    text = _decoded(data, name)
    try:
        document = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise FlagFileError(f"{name}:{error.lineno}: not JSON: {error.msg}") from None
    flags = document.get("flags") if isinstance(document, dict) else None
    if not isinstance(flags, dict):
        raise FlagFileError(f'{name}: no "flags" object: not a flagd flag file')
    if flag_key not in flags:
        raise FlagFileError(f"{name}: no flag {flag_key!r} (its flags: {', '.join(sorted(flags)) or 'none'})")
    return stage_of_flag(flags[flag_key], f"{name}: flag {flag_key!r}")
