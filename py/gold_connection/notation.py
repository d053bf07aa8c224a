"""Tokens: the text form of every action, parsed and printed in canonical form (rules §9).

>>> canonical("take  g3 b2 b1")
'take b1 b2 g3'
>>> canonical("dice 5 3")
'dice 3 5'
>>> canonical("rob g6:2 b5:1")
'rob b5:1 g6:2'
>>> canonical("sort g3>g6 g1>g5")
'sort g1>g5 g3>g6'
"""

from __future__ import annotations

from gamekit.errors import IllegalMoveError as IllegalMoveError
from gamekit.errors import number_arg, token_words
from gamekit.safejson import clip

from .board import FIELDS, MAX_STEPS, NUMBERED
from .material import BAR_KEY, ROW_KEY

MAX_TOKEN = 400
"""No legal move is longer (the longest, a sort of 17 bars, has about 110 characters)."""


SIMPLE = {"end", "stop", "accept"}
HEADINGS = {"w", "e", "n", "m", "s"}


def _bars(token: str, words: list[str]) -> list[str]:
    for w in words:
        if w not in BAR_KEY:
            raise IllegalMoveError(
                token, f"{clip(w)} is not a bar (colour b/y/g/r and value 1-6, e.g. g3)"
            )
    return sorted(words, key=BAR_KEY.__getitem__)


def canonical(token: str) -> str:
    """The canonical form of a token; raises IllegalMoveError when it cannot be read.

    Only the token's form is checked here; whether it is legal depends on the state.
    """
    words = token_words(token, MAX_TOKEN, SIMPLE)
    kind, args = words[0], words[1:]
    if kind in SIMPLE:
        return kind
    if kind == "dice":
        if len(args) != 2:
            raise IllegalMoveError(token, "'dice' needs two dice, e.g. 'dice 3 5'")
        a, b = sorted(number_arg(token, w, 1, 6, "a die") for w in args)
        return f"dice {a} {b}"
    if kind == "place":
        if len(args) != 1:
            raise IllegalMoveError(token, "'place' needs one numbered safe, 1 to 12")
        return f"place {number_arg(token, args[0], 1, len(NUMBERED), 'the numbered safe')}"
    if kind == "face":
        if len(args) != 1 or args[0] not in HEADINGS:
            raise IllegalMoveError(
                token, "'face' needs one heading: w or e, or n, m or s on an end field"
            )
        return f"face {args[0]}"
    if kind == "spend":
        if len(args) != 1:
            raise IllegalMoveError(token, "'spend' needs one number of chips")
        return f"spend {number_arg(token, args[0], 1, 5, 'the number of chips')}"
    if kind == "move":
        if not args:
            raise IllegalMoveError(token, "'move' needs a number of steps")
        steps = number_arg(token, args[0], 1, MAX_STEPS, "the number of steps")
        for c in args[1:]:
            if c not in ("n", "m", "s"):
                raise IllegalMoveError(token, f"corridor {clip(c)} is not n, m or s")
        return " ".join(("move", str(steps), *args[1:]))
    if kind == "take":
        if not args:
            raise IllegalMoveError(token, "'take' needs at least one bar")
        return " ".join(("take", *_bars(token, args)))
    if kind == "rob":
        return " ".join(("rob", *(f"{r}:{n}" for r, n in parse_rob(token, args))))
    if kind == "sort":
        return " ".join(("sort", *(f"{b}>{r}" for b, r in parse_sort(token, args))))
    raise IllegalMoveError(token, f"unknown move {clip(kind)}")


def parse_rob(token: str, args: list[str]) -> list[tuple[str, int]]:
    """``["g6:2", "b5:1"]`` -> ``[("b5", 1), ("g6", 2)]`` in canonical row order."""
    if not args:
        raise IllegalMoveError(token, "'rob' needs at least one row, e.g. 'rob g6:2'")
    taken: dict[str, int] = {}
    for w in args:
        row, _, n = w.partition(":")
        if row not in ROW_KEY:
            raise IllegalMoveError(
                token, f"{clip(row)} is not a row (colour b/y/g/r and length 6/5/4)"
            )
        if row in taken:
            raise IllegalMoveError(token, f"row {row} is named twice")
        taken[row] = number_arg(token, n, 1, 6, f"the number of bars from {row}")
    return sorted(taken.items(), key=lambda rn: ROW_KEY[rn[0]])


def parse_sort(token: str, args: list[str]) -> list[tuple[str, str]]:
    """``["g3>g6", "g1>g5"]`` -> ``[("g1", "g5"), ("g3", "g6")]`` in canonical order."""
    pairs = []
    for w in args:
        bar, _, row = w.partition(">")
        if bar not in BAR_KEY or row not in ROW_KEY:
            raise IllegalMoveError(token, f"{clip(w)} is not bar>row, e.g. g1>g5")
        pairs.append((bar, row))
    return sorted(pairs, key=lambda br: (BAR_KEY[br[0]], ROW_KEY[br[1]]))


def field_id(text: object) -> str:
    """A field id from JSON (``"W"``, ``"7"``, or the number 7); ValueError if it is none."""
    f = str(text).upper() if isinstance(text, (str, int)) and not isinstance(text, bool) else ""
    if f not in FIELDS:
        raise ValueError(f"{clip(text)} is not a field (W, 1-12 or E)")
    return f
