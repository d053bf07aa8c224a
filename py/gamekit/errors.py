"""The errors both engines raise for moves, with messages of one short line."""

from __future__ import annotations

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
def naming_move(index: int, token: str):
    """Turn an IllegalMoveError raised inside into a RecordError naming move ``index``."""
    try:
        yield
    except IllegalMoveError as e:
        raise RecordError(
            f"move {index} {clip(token)}: {e.reason}", index=index, token=token, reason=e.reason
        ) from None
