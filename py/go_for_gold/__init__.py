"""Go for Gold (Steffen Benndorf and Kaddy Arendt, NSV 2021): the rules engine, pure standard
library, the same in CPython and Pyodide. Rules: docs/rules/go-for-gold.md (GG-1 to GG-7).
"""

from gamekit.errors import IllegalMoveError, RecordError

from .game import CHANCE, FORMAT, TERMINAL, Game
from .notation import canonical

__all__ = ["CHANCE", "FORMAT", "TERMINAL", "Game", "IllegalMoveError", "RecordError", "canonical"]
