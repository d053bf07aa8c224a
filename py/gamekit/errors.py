"""The errors both engines raise for moves, with messages of one short line."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .safejson import InputError, clip, one_line, read


class IllegalMoveError(ValueError):
    """A token that is malformed, or not legal in the state it was applied to.

    The message is one line of at most 200 characters, however long the token.
    """

    def __init__(self, token: str, reason: str):
        self.token = token
        self.reason = one_line(reason, 160)
        super().__init__(one_line(f"{clip(token)}: {self.reason}"))


class RecordError(InputError):
    """A record that cannot be read, or a move in it that is not legal.

    For a move, ``index``, ``token`` and ``reason`` name it. The message is one short line.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        token: str | None = None,
        reason: str | None = None,
    ):
        super().__init__(message)
        self.index, self.token, self.reason = index, token, reason


def parse_record(text: str | bytes, what: str = "the record", max_chars: int = 4_000_000) -> object:
    """The JSON value of a record's text, read within the limits of
    :func:`gamekit.safejson.read`; RecordError (one line) if it cannot be read."""
    try:
        return read(text, what=what, max_chars=max_chars)
    except RecordError:
        raise
    except InputError as e:
        raise RecordError(str(e)) from None


@contextmanager
def naming_move(index: int, token: str) -> Iterator[None]:
    """Turn an IllegalMoveError raised inside into a RecordError naming move ``index``."""
    try:
        yield
    except IllegalMoveError as e:
        raise RecordError(
            f"move {index} {clip(token)}: {e.reason}", index=index, token=token, reason=e.reason
        ) from None


def token_words(token: object, max_len: int, simple: tuple[str, ...] | set[str]) -> list[str]:
    """The lower-case words of a move token, checked for what every game refuses: not a
    string, longer than ``max_len``, empty, or a ``simple`` word with arguments."""
    if not isinstance(token, str):
        raise IllegalMoveError(clip(token), "a move must be a string")
    if len(token) > max_len:
        raise IllegalMoveError(token, f"a move has at most {max_len} characters, not {len(token)}")
    words = token.lower().split()
    if not words:
        raise IllegalMoveError(token, "empty move")
    if words[0] in simple and len(words) > 1:
        raise IllegalMoveError(token, f"'{words[0]}' takes no arguments")
    return words


def number_arg(token: str, word: str, low: int, high: int, what: str) -> int:
    """A whole number ``low..high`` in a token: ASCII digits only (``isdigit`` alone accepts
    superscripts that ``int`` refuses), three at most."""
    if not (word.isascii() and word.isdigit() and len(word) <= 3) or not low <= int(word) <= high:
        raise IllegalMoveError(
            token, f"{what} must be a whole number from {low} to {high}, not {clip(word)}"
        )
    return int(word)
