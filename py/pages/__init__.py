"""One page package per game, named for the game (see games.py)."""
