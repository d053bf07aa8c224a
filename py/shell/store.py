"""Settings and saves in a key-value store (the browser's localStorage, or a dict in tests).

Game-agnostic: each game (or the site shell) gets its own namespace, and every value is JSON.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from gamekit.safejson import InputError, read

MAX_VALUE = 2_000_000
"""The longest stored value read (a long series game's save is about 60 000 characters)."""
CORRUPT = ":corrupt"
"""A value that cannot be read is moved to its key plus this, kept for a bug report."""


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
    """A stored value that cannot be read; the message says why in one line."""


class Store:
    """JSON values under ``namespace:key``.

    >>> s = Store(MemoryBackend(), "demo")
    >>> s.set("settings", {"speed": "fast"}) and s.get("settings")
    {'speed': 'fast'}
    >>> s.get("missing", 1)
    1
    """

    def __init__(self, backend: Backend, namespace: str):
        self.backend = backend
        self.namespace = namespace
        self.set_aside: list[tuple[str, str]] = []
        """``(key, reason)`` of each unreadable value moved aside, for the page to tell once."""
        self.written: dict[str, str] = {}
        """The text this store last wrote under each name (to tell another tab's writes)."""

    def key(self, name: str) -> str:
        return f"{self.namespace}:{name}"

    def raw(self, name: str) -> str | None:
        try:
            value = self.backend.getItem(self.key(name))
        except Exception:  # storage disabled (private mode, blocked cookies)
            return None
        return value if isinstance(value, str) else None  # JS null arrives as None or JsNull

    def get(self, name: str, default: Any = None) -> Any:
        """The stored value, or ``default`` when there is none or it cannot be read (then it is
        moved aside, see :meth:`load`)."""
        try:
            return self.load(name, default)
        except Unreadable:
            return default

    def load(self, name: str, default: Any = None) -> Any:
        """Like :meth:`get`, but raises :class:`Unreadable` for a value that cannot be read.

        Such a value (not JSON, nested too deep, too long...) is read with the limits of
        :func:`gamekit.safejson.read`, then moved to ``key:corrupt`` (or dropped when even that
        does not fit) so the next start is clean; :attr:`set_aside` names it.

        >>> s = Store(MemoryBackend({"demo:save": "[" * 10_000}), "demo")
        >>> s.get("save", "fresh")
        'fresh'
        >>> s.set_aside[0][1]
        'the stored save is nested 10000 levels deep; at most 32 are read'
        >>> sorted(s.backend.data)
        ['demo:save:corrupt']
        """
        text = self.raw(name)
        if text is None:
            return default
        try:
            return read(text, what=f"the stored {name}", max_chars=MAX_VALUE)
        except InputError as e:
            self.put_aside(name, str(e), text)
            raise Unreadable(str(e)) from None

    def put_aside(self, name: str, reason: str, text: str | None = None) -> None:
        """Move a stored value that cannot be used to ``key:corrupt`` and note it."""
        key = self.key(name)
        text = self.raw(name) if text is None else text
        if text is not None:
            try:
                self.backend.setItem(key + CORRUPT, text)
            except Exception:
                pass  # no room even for that: the value is dropped
        self.remove(name)
        self.set_aside.append((key, reason))

    def set(self, name: str, value: Any) -> bool:
        """Store ``value``; False when the browser refuses (quota, storage disabled)."""
        text = json.dumps(value, separators=(",", ":"))
        try:
            self.backend.setItem(self.key(name), text)
        except Exception:
            return False
        self.written[name] = text
        return True

    def remove(self, name: str) -> None:
        try:
            self.backend.removeItem(self.key(name))
        except Exception:
            pass
