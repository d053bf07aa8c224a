"""Tokens: the text form of every action, parsed and printed in canonical form (rules GG-7).

>>> canonical("PATH  F2 f3 E4")
'path f2 f3 e4'
>>> canonical("die 5")
'die 5'
>>> canonical("jump c8")
'jump c8'
"""

from __future__ import annotations

from gamekit.errors import IllegalMoveError, number_arg, token_words
from gamekit.safejson import clip

from .board import parse_field

MAX_TOKEN = 200
"""No legal move is longer (the longest, a path of 6 fields, has 23 characters)."""
SIMPLE = ("search", "explore", "pass")
MAX_SPEND = 7
"""The most shovels a search can need: treasure 8 after a roll of 1."""

__all__ = ["IllegalMoveError", "canonical"]


def _field(token: str, word: str) -> str:
    if parse_field(word) is None:
        raise IllegalMoveError(token, f"{clip(word)} is not a field (column a-z, row 1-99: g1)")
    return word


def canonical(token: object) -> str:
    """The canonical form of a token; IllegalMoveError when it cannot be read.

    Only the form is checked here; whether it is legal depends on the state.
    """
    words = token_words(token, MAX_TOKEN, SIMPLE)
    assert isinstance(token, str)  # token_words refuses anything else
    kind, args = words[0], words[1:]
    if kind in SIMPLE:
        return kind
    if kind in ("die", "foot", "spend"):
        if len(args) != 1:
            raise IllegalMoveError(token, f"'{kind}' needs one number, e.g. '{kind} 3'")
        high = MAX_SPEND if kind == "spend" else 6
        what = {"die": "a die", "foot": "a foot's length", "spend": "the shovels"}[kind]
        return f"{kind} {number_arg(token, args[0], 1, high, what)}"
    if kind in ("start", "jump"):
        if len(args) != 1:
            raise IllegalMoveError(token, f"'{kind}' needs one harbour, e.g. '{kind} g1'")
        return f"{kind} {_field(token, args[0])}"
    if kind == "path":
        if not 1 <= len(args) <= 6:
            raise IllegalMoveError(token, "'path' needs 1 to 6 fields, e.g. 'path f2 f3'")
        return " ".join(["path", *(_field(token, w) for w in args)])
    raise IllegalMoveError(token, f"unknown move {clip(kind)}")
