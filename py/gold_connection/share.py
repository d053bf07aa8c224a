"""Gold Connection's game links: the shared codec (:mod:`gamekit.share`), and a payload
replayed into a game and checked by :mod:`.record`.

>>> from gold_connection import Game
>>> text = encode(Game.new(["Ada", "Bob"], seed=1).record())
>>> text[:1], load(text).players[0]["name"]
('1', 'Ada')
"""

from __future__ import annotations

from gamekit.share import MAX_JSON as MAX_JSON
from gamekit.share import MAX_TEXT as MAX_TEXT
from gamekit.share import VERSION as VERSION
from gamekit.share import LinkError as LinkError
from gamekit.share import decode as decode
from gamekit.share import encode as encode

from .game import Game
from .record import replay


def load(text: str, *, upto: int | None = None) -> Game:
    """The game a link payload describes, replayed and checked (RecordError if not)."""
    return replay(decode(text), upto=upto)
