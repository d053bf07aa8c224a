"""The examples in the engine's docstrings are true."""

import doctest
import importlib

import pytest

ENGINE = [
    "game",
    "notation",
    "odds",
    "board",
    "material",
    "record",
    "players",
    "match",
    "share",
    "review",
]
GG = ["board", "game", "notation", "odds", "record", "svg"]
MODULES = (
    [f"gold_connection.{name}" for name in ENGINE]
    + [f"go_for_gold.{name}" for name in GG]
    + ["gamekit.safejson", "gamekit.seats"]
    + [f"gfgapp.{name}" for name in ("app", "setup", "words", "keys", "spoken")]
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
