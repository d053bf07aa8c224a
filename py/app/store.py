"""Settings and saves in a key-value store (the browser's localStorage, or a dict in tests).

Game-agnostic: each game (or the site shell) gets its own namespace, and every value is JSON.
"""

from __future__ import annotations

import json
from typing import Any, Protocol


class Backend(Protocol):
    """The part of the Web Storage API we use; ``localStorage`` has it."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the Web Storage name)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802

    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryBackend:
    """A dict with the Web Storage methods, for tests and for browsers that refuse storage."""

    def __init__(self, data: dict[str, str] | None = None):
        self.data = dict(data or {})

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class Unreadable(ValueError):
    """A stored value that is not JSON; the message says so in words."""


class Store:
    """JSON values under ``namespace:key``.

    >>> s = Store(MemoryBackend(), "demo")
    >>> s.set("settings", {"speed": "fast"}); s.get("settings")
    {'speed': 'fast'}
    >>> s.get("missing", 1)
    1
    """

    def __init__(self, backend: Backend, namespace: str):
        self.backend = backend
        self.namespace = namespace

    def key(self, name: str) -> str:
        return f"{self.namespace}:{name}"

    def raw(self, name: str) -> str | None:
        try:
            value = self.backend.getItem(self.key(name))
        except Exception:  # storage disabled (private mode, blocked cookies)
            return None
        return value if isinstance(value, str) else None  # JS null arrives as None or JsNull

    def get(self, name: str, default: Any = None) -> Any:
        """The stored value, or ``default`` when there is none or it is not JSON."""
        try:
            return self.load(name, default)
        except Unreadable:
            return default

    def load(self, name: str, default: Any = None) -> Any:
        """Like :meth:`get`, but raises :class:`Unreadable` for a value that is not JSON."""
        text = self.raw(name)
        if text is None:
            return default
        try:
            return json.loads(text)
        except ValueError as e:
            raise Unreadable(str(e)) from None

    def set(self, name: str, value: Any) -> bool:
        """Store ``value``; False when the browser refuses (quota, storage disabled)."""
        try:
            self.backend.setItem(self.key(name), json.dumps(value, separators=(",", ":")))
        except Exception:
            return False
        return True

    def remove(self, name: str) -> None:
        try:
            self.backend.removeItem(self.key(name))
        except Exception:
            pass
