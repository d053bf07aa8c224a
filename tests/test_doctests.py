"""The examples in the engine's docstrings are true."""

import doctest
import importlib

import pytest

MODULES = ["game", "notation", "odds", "board", "material", "record", "players", "match"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"gold_connection.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
