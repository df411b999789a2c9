"""JavaScript string and number semantics that the legacy port must reproduce exactly.

Python's built-ins differ from JavaScript's in small ways that change the legacy
scorer's output: which characters ``trim`` removes, how ``toFixed`` rounds ties and
how a number is printed. Each function here is the JavaScript behaviour, named after
the JavaScript operation it reproduces.
"""

from __future__ import annotations

import functools
import math
from decimal import ROUND_HALF_UP, Decimal

# ECMAScript WhiteSpace + LineTerminator: what String.prototype.trim removes.
# Unlike str.strip(), this includes U+FEFF and excludes U+001C-U+001F and U+0085.
JS_WHITESPACE = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)

NUMBER_EPSILON = 2.220446049250313e-16  # Number.EPSILON == 2**-52

_HUNDREDTH = Decimal("0.01")


def js_trim(text: str) -> str:
    """``String.prototype.trim``."""
    return text.strip(JS_WHITESPACE)


@functools.lru_cache(maxsize=4096)  # scores and thresholds repeat: small ratios
def js_number_to_string(x: float) -> str:
    """``Number.prototype.toString()`` (ECMAScript Number::toString, radix 10).

    Python's ``repr`` yields the same shortest round-trip digits; only the layout
    differs (``1.0`` vs ``1``, ``1e-07`` vs ``1e-7``, ``1e+16`` vs ``10000000000000000``).
    """
    if math.isnan(x):
        return "NaN"
    if x == 0:
        return "0"  # also for -0
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x < 0:
        return "-" + js_number_to_string(-x)
    digits, exponent = _shortest_digits(x)
    k = len(digits)
    n = exponent + k  # position of the decimal point relative to the digits
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + digits
    sign = "+" if n - 1 >= 0 else "-"
    mantissa = digits[0] if k == 1 else digits[0] + "." + digits[1:]
    return f"{mantissa}e{sign}{abs(n - 1)}"


def _shortest_digits(x: float) -> tuple[str, int]:
    """The shortest round-trip decimal digits of positive finite ``x`` and their exponent."""
    _sign, digit_tuple, exponent = Decimal(repr(x)).normalize().as_tuple()
    assert isinstance(exponent, int)
    return "".join(map(str, digit_tuple)), exponent


@functools.lru_cache(maxsize=4096)
def js_to_fixed_2(x: float) -> str:
    """``Number.prototype.toFixed(2)``: exact binary value, ties away from zero."""
    if not math.isfinite(x):
        return js_number_to_string(x)
    if abs(x) >= 1e21:
        return js_number_to_string(x)
    if x == 0:
        return "0.00"  # toFixed drops the sign of -0
    rounded = Decimal(x).quantize(_HUNDREDTH, rounding=ROUND_HALF_UP)
    return format(rounded, "f")


def js_divide(numerator: int, denominator: int) -> float:
    """JavaScript ``/`` on two non-negative integer counts: never raises."""
    if denominator == 0:
        return math.nan if numerator == 0 else math.inf
    return numerator / denominator
