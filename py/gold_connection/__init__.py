"""Gold Connection (Sid Sackson, 1992): the rules engine, pure standard-library Python.

The core is :class:`Game` (state and rules); :mod:`.record` reads and replays game records,
:mod:`.odds` gives exact dice odds, :mod:`.svg` draws states, :mod:`.players` builds the
players a seat names (:mod:`.baselines`, :mod:`.ai`) and :mod:`.cli` is the command line.
Nothing here imports a browser module.
"""

from .game import CHANCE, FORMAT, TERMINAL, Game
from .notation import IllegalMoveError, canonical
from .record import RecordError

__all__ = ["CHANCE", "FORMAT", "TERMINAL", "Game", "IllegalMoveError", "RecordError", "canonical"]
