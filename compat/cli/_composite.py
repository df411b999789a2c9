"""``--composite OLD,NEW``: the two composite rules ``faithcompat diff`` compares, read before the corpus."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from compat.composite import BUILTIN_RULES, CompositeRule, load_rule

F = TypeVar("F", bound=Callable[..., object])


def composite_option(function: F) -> F:
    return click.option(
        "--composite",
        metavar="OLD,NEW",
        help="Also compare a composite score of the cases' metrics under two rules: built-in "
        f"({', '.join(BUILTIN_RULES)}) or TOML files, e.g. mean-3,unanswerable-aware.",
    )(function)


def composite_rules(value: str | None) -> tuple[CompositeRule, CompositeRule] | None:
    """The old and the new rule, or None without --composite."""
    if value is None:
        return None
    names = [name.strip() for name in value.split(",")]
    if len(names) != 2 or not all(names):
        raise click.BadParameter(f"give two rules, OLD,NEW (got {value!r})", param_hint="--composite")
    return load_rule(names[0]), load_rule(names[1])
