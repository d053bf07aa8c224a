"""Tokens: the text form of every action, parsed and printed in canonical form (rules GG-7).

>>> canonical("PATH  F2 f3 E4")
'path f2 f3 e4'
>>> canonical("die 5")
'die 5'
>>> canonical("jump c8")
'jump c8'
"""

from __future__ import annotations

from gamekit.errors import IllegalMoveError
from gamekit.safejson import clip

from .board import parse_field

MAX_TOKEN = 200
"""No legal move is longer (the longest, a path of 6 fields, has 23 characters)."""
SIMPLE = ("search", "explore", "pass")
MAX_SPEND = 7
"""The most shovels a search can need: treasure 8 after a roll of 1."""

__all__ = ["IllegalMoveError", "canonical"]


def _number(token: str, word: str, low: int, high: int, what: str) -> int:
    if not (word.isascii() and word.isdigit() and len(word) <= 2) or not low <= int(word) <= high:
        raise IllegalMoveError(
            token, f"{what} must be a whole number from {low} to {high}, not {clip(word)}"
        )
    return int(word)


def _field(token: str, word: str) -> str:
    if parse_field(word) is None:
        raise IllegalMoveError(token, f"{clip(word)} is not a field (column a-z, row 1-99: g1)")
    return word


def canonical(token: object) -> str:
    """The canonical form of a token; IllegalMoveError when it cannot be read.

    Only the form is checked here; whether it is legal depends on the state.
    """
    if not isinstance(token, str):
        raise IllegalMoveError(clip(token), "a move must be a string")
    if len(token) > MAX_TOKEN:
        raise IllegalMoveError(
            token, f"a move has at most {MAX_TOKEN} characters, not {len(token)}"
        )
    words = token.lower().split()
    if not words:
        raise IllegalMoveError(token, "empty move")
    kind, args = words[0], words[1:]
    if kind in SIMPLE:
        if args:
            raise IllegalMoveError(token, f"'{kind}' takes no arguments")
        return kind
    if kind in ("die", "foot", "spend"):
        if len(args) != 1:
            raise IllegalMoveError(token, f"'{kind}' needs one number, e.g. '{kind} 3'")
        high = MAX_SPEND if kind == "spend" else 6
        what = {"die": "a die", "foot": "a foot's length", "spend": "the shovels"}[kind]
        return f"{kind} {_number(token, args[0], 1, high, what)}"
    if kind in ("start", "jump"):
        if len(args) != 1:
            raise IllegalMoveError(token, f"'{kind}' needs one harbour, e.g. '{kind} g1'")
        return f"{kind} {_field(token, args[0])}"
    if kind == "path":
        if not 1 <= len(args) <= 6:
            raise IllegalMoveError(token, "'path' needs 1 to 6 fields, e.g. 'path f2 f3'")
        return " ".join(["path", *(_field(token, w) for w in args)])
    raise IllegalMoveError(token, f"unknown move {clip(kind)}")
