"""Settings and saves in a key-value store (the browser's localStorage, or a dict in tests).

Game-agnostic: each game (or the site shell) gets its own namespace, and every value is JSON.

Every value is written with its kind's version, as ``{"v": N, "value": …}``; a value without
one was written before versions (up to 4a5e87c) and reads as version 1. A value that cannot be
read is never simply dropped: it is moved to its key plus ``:corrupt``, a list of such values
(the newest last, bounded, the oldest dropped first) where a bug report can find them, and the
page says so. A refused write (storage full, a private window, storage disabled) returns False
and leaves every value already stored as it was.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from gamekit.safejson import InputError, one_line, read

MAX_VALUE = 2_000_000
"""The longest stored value read (a long series game's save is about 60 000 characters)."""
CORRUPT = ":corrupt"
"""Values that cannot be read are kept under their key plus this, for a bug report."""
MAX_ASIDE = 8
"""The most values kept aside under one key; the oldest goes first."""
MAX_ASIDE_CHARS = 400_000
"""The most characters kept aside under one key; the oldest go first."""


class Backend(Protocol):
    """The part of the Web Storage API we use; ``localStorage`` has it."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the Web Storage name)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802

    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryBackend:
    """A dict with the Web Storage methods, for tests and for browsers that refuse storage;
    ``quota``: the most characters it holds (keys and values, as Chromium counts), beyond which
    ``setItem`` raises as a full localStorage does."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None):
        self.data = dict(data or {})
        self.quota = quota

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise OSError("QuotaExceededError: the quota has been exceeded")
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class Unreadable(ValueError):
    """A stored value that cannot be read; the message says why in one line."""


def encode(value: Any) -> str:
    """JSON as stored: compact, and non-ASCII text as itself (an emoji is 2 UTF-16 units, not
    12 of escapes), unless it holds a lone surrogate that storage could not keep."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":"))
    return text


class Store:
    """JSON values under ``namespace:key``, each with its version.

    >>> s = Store(MemoryBackend(), "demo")
    >>> s.set("settings", {"speed": "fast"}) and s.get("settings")
    {'speed': 'fast'}
    >>> s.backend.data["demo:settings"]
    '{"v":1,"value":{"speed":"fast"}}'
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
        self.refused: set[str] = set()
        """The names whose last write the browser refused (full or blocked storage)."""

    def key(self, name: str) -> str:
        return f"{self.namespace}:{name}"

    def raw(self, name: str) -> str | None:
        try:
            value = self.backend.getItem(self.key(name))
        except Exception:  # storage disabled (private mode, blocked cookies)
            return None
        return value if isinstance(value, str) else None  # JS null arrives as None or JsNull

    def get(self, name: str, default: Any = None, newest: int = 1) -> Any:
        """The stored value, or ``default`` when there is none or it cannot be read (then it is
        moved aside, see :meth:`load`)."""
        try:
            return self.load(name, default, newest)
        except Unreadable:
            return default

    def load(self, name: str, default: Any = None, newest: int = 1) -> Any:
        """Like :meth:`get`, but raises :class:`Unreadable` for a value that cannot be read.

        Such a value (not JSON, nested too deep, too long, of a version newer than ``newest``…)
        is read with the limits of :func:`gamekit.safejson.read`, then moved aside (see
        :meth:`put_aside`) so the next start is clean; :attr:`set_aside` names it.

        >>> s = Store(MemoryBackend({"demo:save": "[" * 10_000}), "demo")
        >>> s.get("save", "fresh")
        'fresh'
        >>> s.set_aside[0][1]
        'the stored save is nested 10000 levels deep; at most 32 are read'
        >>> sorted(s.backend.data)
        ['demo:save:corrupt']
        """
        found = self.load_version(name, newest)
        return default if found is None else found[1]

    def load_version(self, name: str, newest: int = 1) -> tuple[int, Any] | None:
        """``(version, value)`` of a stored value (None if there is none); :class:`Unreadable`
        as :meth:`load` says."""
        text = self.raw(name)
        if text is None:
            return None
        try:
            data = read(text, what=f"the stored {name}", max_chars=MAX_VALUE)
        except InputError as e:
            self.put_aside(name, str(e), text)
            raise Unreadable(str(e)) from None
        version, value = unwrap(data)
        if not 1 <= version <= newest:
            why = f"the stored {name} is of version {version}; this page reads up to {newest}"
            self.put_aside(name, why, text)
            raise Unreadable(why)
        return version, value

    def put_aside(self, name: str, reason: str, text: str | None = None) -> bool:
        """Keep a stored value that cannot be used under ``key:corrupt`` (see
        :meth:`keep_aside`) and remove it from ``key``. False when there was no room for it:
        then the value stays where it is, so nothing is lost."""
        text = self.raw(name) if text is None else text
        if text is not None and not self.keep_aside(name, reason, text):
            return False
        if text is None:
            self.set_aside.append((self.key(name), reason))
        self.remove(name)
        return True

    def keep_aside(self, name: str, reason: str, text: str) -> bool:
        """Add ``text`` (a value or part of one that cannot be used) to those kept under
        ``key:corrupt``, beside the ones kept there before (the oldest go first beyond
        :data:`MAX_ASIDE` values or :data:`MAX_ASIDE_CHARS`), and note it for the page."""
        self.set_aside.append((self.key(name), reason))
        kept = self.aside(name)
        kept.append({"reason": one_line(reason, 300), "text": text})
        while len(kept) > 1 and (
            len(kept) > MAX_ASIDE or sum(len(k["text"]) for k in kept) > MAX_ASIDE_CHARS
        ):
            del kept[0]
        return self.replace_aside(name, kept)

    def replace_aside(self, name: str, kept: list[dict[str, str]]) -> bool:
        """Store the values kept aside under ``name`` (none: the key goes); when there is no
        room, the oldest give way to the newest. False if even the newest found none."""
        if not kept:
            self.remove(name + CORRUPT)
            return True
        kept = list(kept)
        while kept:
            if self._write(name + CORRUPT, encode({"v": 1, "value": kept})):
                return True
            del kept[0]
        return False

    def keep_readable(
        self, name: str, kept: Any, bad: list[Any] | dict[str, Any], why: str, version: int = 1
    ) -> None:
        """Part of a stored value could not be read: keep ``bad`` aside and store ``kept`` in
        its place (told once); with no room for the aside copy the value stays as it was."""
        if bad and self.keep_aside(name, why, json.dumps(bad, ensure_ascii=False)):
            self.set(name, kept, version)

    def aside(self, name: str) -> list[dict[str, str]]:
        """What was set aside under ``name``, oldest first: ``{"reason", "text"}`` each. A
        single text (as 4a5e87c kept one) is one entry."""
        text = self.raw(name + CORRUPT)
        if text is None:
            return []
        try:
            version, data = unwrap(read(text, what="the values set aside", max_chars=MAX_VALUE))
        except InputError:
            version, data = 0, None
        if version == 1 and isinstance(data, list) and all(
            isinstance(d, dict)
            and set(d) == {"reason", "text"}
            and all(isinstance(v, str) for v in d.values())
            for d in data
        ):
            return list(data)
        return [{"reason": "set aside by an earlier version of the site", "text": text}]

    def set(self, name: str, value: Any, version: int = 1) -> bool:
        """Store ``value`` as ``version``; False when the browser refuses (quota, storage
        disabled): the value stored before stays. A refusal for lack of room first gives up
        the values set aside under ``name`` (kept for bug reports, worth less than a game)."""
        text = encode({"v": version, "value": value})
        if not self._write(name, text) and not (self._drop_aside(name) and self._write(name, text)):
            self.refused.add(name)
            return False
        self.refused.discard(name)
        self.written[name] = text
        return True

    def _write(self, name: str, text: str) -> bool:
        try:
            self.backend.setItem(self.key(name), text)
        except Exception:
            return False
        return True

    def _drop_aside(self, name: str) -> bool:
        had = self.raw(name + CORRUPT)
        self.remove(name + CORRUPT)
        return had is not None

    def remove(self, name: str) -> None:
        try:
            self.backend.removeItem(self.key(name))
        except Exception:
            pass


def unwrap(data: Any) -> tuple[int, Any]:
    """``(version, value)`` of stored JSON: a value written with its version, or one written
    before versions (version 1).

    >>> unwrap({"v": 2, "value": [1]}), unwrap({"speed": "fast"}), unwrap("fast")
    ((2, [1]), (1, {'speed': 'fast'}), (1, 'fast'))
    """
    if isinstance(data, dict) and set(data) == {"v", "value"}:
        v = data["v"]
        if isinstance(v, int) and not isinstance(v, bool):
            return v, data["value"]
        return 0, data["value"]
    return 1, data
