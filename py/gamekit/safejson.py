"""One defensive JSON reader for everything that comes from outside: record files, stdin, links,
stored browser values, bot answers.

The limits (size, nesting depth, number length, string length) are checked **before** the JSON
decoder runs, where they can be: Pyodide's decoder overflows the JavaScript stack on 10 000
nested ``[`` and CPython's raises ``RecursionError``; a 5 000-digit number hits Python's
int-string limit with a ``ValueError``. Every failure is an :class:`InputError` whose message is
one line of at most :data:`MAX_MESSAGE` characters.

>>> read('{"a": [1, 2]}')
{'a': [1, 2]}
>>> try:
...     read("[" * 100 + "]" * 100)
... except InputError as e:
...     print(e)
the data is nested 100 levels deep; at most 32 are read
>>> read(b"\\xef\\xbb\\xbf[1]")   # a UTF-8 byte-order mark is fine
[1]
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import NoReturn

MAX_MESSAGE = 200
"""Every error message is one line of at most this many characters."""


class InputError(ValueError):
    """Data from outside that cannot be read; the message is one short line."""

    def __init__(self, message: str):
        super().__init__(one_line(message))


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line, cut in the middle to at most ``limit`` characters.

    >>> one_line("a\\nb")
    'a b'
    >>> len(one_line("x" * 10_000))
    200
    """
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    keep = limit - 3
    return text[: keep - keep // 3] + "..." + text[len(text) - keep // 3 :]


def clip(value: object, limit: int = 40) -> str:
    """``repr(value)`` for a message, at most about ``limit`` characters, a long text's length
    named (a 10 MB name must not make a 10 MB message).

    >>> clip("move 1")
    "'move 1'"
    >>> clip("x" * 10_000_000, 10)
    "'xxxxxxxxxx'... (10000000 characters)"
    >>> clip(list(range(1000)))
    '<list of 1000 items>'
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > 8:
        return f"<{type(value).__name__} of {len(value)} items>"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# a JSON string literal (a possessive loop: no backtracking, linear time)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def read(
    data: str | bytes,
    *,
    what: str = "the data",
    max_chars: int = 4_000_000,
    max_depth: int = 32,
    max_digits: int = 40,
    max_string: int = 100_000,
) -> object:
    """Parse JSON ``data`` within the limits, or raise :class:`InputError` naming what is wrong.

    ``what`` names the data in messages ("the record", "the link"). A leading byte-order mark
    is skipped; bytes must be UTF-8.
    """
    if isinstance(data, (bytes, bytearray)):
        if len(data) > max_chars * 4:
            raise InputError(f"{what} is {len(data)} bytes long; at most {max_chars} are read")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(
                f"{what} is not UTF-8 text (byte 0x{data[e.start]:02x} at position {e.start})"
            ) from None
    if not isinstance(data, str):
        raise InputError(f"{what} must be text, not {type(data).__name__}")
    text = data[1:] if data.startswith("\ufeff") else data
    if len(text) > max_chars:
        raise InputError(f"{what} is {len(text)} characters long; at most {max_chars} are read")
    check_shape(text, what=what, max_depth=max_depth, max_digits=max_digits, max_string=max_string)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except InputError:
        raise
    except json.JSONDecodeError as e:
        raise InputError(
            f"{what} is not JSON: {e.msg} at line {e.lineno} column {e.colno}"
        ) from None
    except (RecursionError, ValueError) as e:  # a safety net: check_shape should catch these
        raise InputError(f"{what} cannot be read: {e}") from None


def check_shape(text: str, *, what: str, max_depth: int, max_digits: int, max_string: int) -> None:
    """The pre-decoding checks of :func:`read` (linear time, no recursion)."""
    longest = 0
    for m in _STRING.finditer(text):
        longest = max(longest, m.end() - m.start() - 2)
    if longest > max_string:
        raise InputError(f"{what} holds a text of {longest} characters; at most {max_string}")
    bare = _STRING.sub('""', text)
    depth = max(accumulate(_STEP[b] for b in _BRACKETS.findall(bare)), default=0)
    if depth > max_depth:
        raise InputError(f"{what} is nested {depth} levels deep; at most {max_depth} are read")
    digits = re.search(rf"\d{{{max_digits + 1},}}", bare)
    if digits:
        raise InputError(
            f"{what} holds a number of {len(digits.group())}+ digits; at most {max_digits}"
        )


def _no_constant(name: str) -> NoReturn:
    raise InputError(f"{name} is not a JSON number")
