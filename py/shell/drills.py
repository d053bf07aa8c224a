"""Drills from the player's own mistakes (lichess's "learn from your mistakes"): the costliest
decisions a review found in the person's finished games become positions to solve. Pure and
game-agnostic: a game's page makes the drills from its review (``pages.<game>.daily.drills``)
and shows one (``drill_view``); this module keeps them in the site's store, checked.

A drill is plain data: the game, an id, the record up to the decision (the position), the
options with the judge's values (best first), the move the player made, why the best beats
it (the review's reason tokens), the loss and the grade, and the answer once given.

>>> d = {"game": "g", "id": "x:4", "record": {"moves": []}, "index": 4, "seat": 0,
...      "turn": 2, "options": [["stop", 3.0], ["move 2", 1.0]], "best": "stop",
...      "played": "move 2", "reasons": ["bank"], "loss": 2.0, "grade": "mistake",
...      "answer": None}
>>> store = Store(MemoryBackend(), "site")
>>> add(store, [d]), add(store, [d])
(1, 0)
>>> pending(load(store))[0]["id"], answer(store, "x:4", "move 2"), pending(load(store))
('x:4', False, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from shell.store import MemoryBackend, Store  # noqa: F401 (the doctest)

STORE_KEY = "drills"
MAX_DRILLS = 60
"""The most drills kept (the oldest solved ones go first)."""
GRADES = ("inaccuracy", "mistake", "blunder")
"""The grades a decision needs to become a drill."""
KEYS = {
    "game",
    "id",
    "record",
    "index",
    "seat",
    "turn",
    "options",
    "best",
    "played",
    "reasons",
    "loss",
    "grade",
    "answer",
}


@dataclass(frozen=True)
class DrillView:
    """A drill as a game shows it: the position's picture (SVG), the question, each option's
    words by token, and why the best option beats the one played."""

    picture: str
    question: str
    labels: dict[str, str]
    why: str


Viewer = Callable[[dict[str, Any]], DrillView]


def valid(d: object) -> bool:
    """Whether ``d`` is a drill as :func:`add` stores it (a stored value is checked again)."""
    if not isinstance(d, dict) or set(d) != KEYS:
        return False
    options = d["options"]
    return (
        all(isinstance(d[k], str) for k in ("game", "id", "best", "played", "grade"))
        and isinstance(d["record"], dict)
        and all(isinstance(d[k], int) and not isinstance(d[k], bool) for k in ("index", "seat"))
        and isinstance(d["turn"], (int, type(None)))
        and isinstance(options, list)
        and 2 <= len(options) <= 8
        and all(
            isinstance(o, list)
            and len(o) == 2
            and isinstance(o[0], str)
            and isinstance(o[1], (int, float))
            and not isinstance(o[1], bool)
            for o in options
        )
        and d["best"] in [o[0] for o in options]
        and isinstance(d["reasons"], list)
        and all(_reason(r) for r in d["reasons"])
        and isinstance(d["loss"], (int, float))
        and (d["answer"] is None or d["answer"] in [o[0] for o in options])
    )


def _reason(r: object) -> bool:
    """A reason: an id, or an id with the values its words take (Go for Gold's)."""
    if isinstance(r, str):
        return True
    return (
        isinstance(r, dict)
        and set(r) == {"id", "params"}
        and isinstance(r["id"], str)
        and isinstance(r["params"], dict)
        and all(isinstance(v, (str, int, float)) for v in r["params"].values())
    )


def load(store: Store) -> list[dict[str, Any]]:
    """The stored drills; one that cannot be read is kept aside alone, the others stay."""
    value = store.get(STORE_KEY)
    if value is None:
        return []
    if not isinstance(value, list):
        store.put_aside(STORE_KEY, "the stored drills are not a list")
        return []
    good = [d for d in value if valid(d)]
    bad = [d for d in value if not valid(d)]
    why = f"{len(bad)} of the stored drills are not drills of this site"
    store.keep_readable(STORE_KEY, good, bad, why)
    return good


def add(store: Store, drills: Iterable[dict[str, Any]]) -> int:
    """Keep new drills (a drill already kept is left as it is); returns how many were added."""
    kept = load(store)
    ids = {d["id"] for d in kept}
    new = [d for d in drills if valid(d) and d["id"] not in ids]
    if not new:
        return 0
    kept += new
    while len(kept) > MAX_DRILLS:
        solved = next((i for i, d in enumerate(kept) if d["answer"] is not None), 0)
        del kept[solved]
    store.set(STORE_KEY, kept)
    return len(new)


def drop(store: Store, drill_id: str) -> None:
    """Forget a drill (one whose position its game can no longer set up)."""
    store.set(STORE_KEY, [d for d in load(store) if d["id"] != drill_id])


def pending(drills: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The drills still to solve, the costliest first."""
    return sorted((d for d in drills if d["answer"] is None), key=lambda d: -float(d["loss"]))


def answer(store: Store, drill_id: str, token: str) -> bool | None:
    """Answer a drill: True when ``token`` is the judge's best, False otherwise, None when
    there is no such drill or option."""
    kept = load(store)
    d = next((d for d in kept if d["id"] == drill_id), None)
    if d is None or token not in [o[0] for o in d["options"]]:
        return None
    d["answer"] = token
    store.set(STORE_KEY, kept)
    return bool(token == d["best"])


def options_for(
    values: Iterable[tuple[str, float]], best: str, played: str, n: int = 4
) -> list[list[Any]]:
    """The options a drill offers: the best ones by value, the best and the one played always
    among them, best first.

    >>> options_for([("a", 1.0), ("b", 3.0), ("c", 2.0), ("d", 0.5)], "b", "d", n=3)
    [['b', 3.0], ['c', 2.0], ['d', 0.5]]
    """
    ranked = sorted(dict(values).items(), key=lambda kv: -kv[1])
    keep = [kv for kv in ranked if kv[0] in (best, played)]
    for kv in ranked:
        if len(keep) >= n:
            break
        if kv not in keep:
            keep.append(kv)
    return [[k, round(v, 2)] for k, v in sorted(keep, key=lambda kv: -kv[1])]
