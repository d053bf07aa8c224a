"""The names of PyScript's ``pyscript`` module the page layer uses; JavaScript objects are Any."""

from collections.abc import Awaitable
from typing import Any

document: Any
"""The page's ``document`` (a JsProxy)."""

window: Any
"""The page's ``window`` (a JsProxy)."""

def fetch(url: str, **options: Any) -> Any:
    """``fetch`` with PyScript's awaitable response (``.ok``, ``.status``, ``.text()`` …)."""

def create_named_worker(
    src: str, name: str, config: Any = ..., type: str = ...
) -> Awaitable[Any]:
    """Start a PyScript worker; awaits to the worker's exported names (a JsProxy)."""
