"""Every token in words, for the log: ``describe(before, token, after)`` -> lines.

A line is ``(message id, params, kind)``.  Params keep bars as lists (``["b2", "y3"]``) and
headings as letters, so the log is worded at drawing time in the language then in force.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gold_connection import Game
from gold_connection.material import row_bars, sort_bars

Line = tuple[str, dict[str, Any], str]


def describe(before: Game, token: str, after: Game) -> list[Line]:
    """What ``token`` did to ``before`` (giving ``after``), in one or more lines."""
    seat = before.to_move
    name = before.players[seat]["name"]
    kind, _, rest = token.partition(" ")
    lines = _MAIN[kind](before, rest, after, name)
    if _turn_sorted(before, after, kind, rest):
        lines.append(_sorted_line(before, after, seat, name))
    if after.is_over():
        lines.append(("log.over", {}, "over"))
    return lines


def _dice(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    a, b = map(int, rest.split())
    t = before.turn
    if t is None:
        if after.prompt == "place":
            return [
                (
                    "log.setup_roll",
                    {"name": name, "a": a, "b": b, "fields": after.place_options()},
                    "roll",
                )
            ]
        return [("log.setup_roll_again", {"name": name, "a": a, "b": b}, "roll")]
    assert t.target is not None and t.action is not None  # a roll is pending
    params = {"name": name, "a": a, "b": b, "sum": a + b, "target": t.target}
    if a + b < t.target:
        return [("log.roll_short", {**params, "missing": t.target - a - b}, "short")]
    return [("log.roll_ok_" + t.action[0], params, "ok")]


def _place(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    return [("log.place", {"name": name, "field": rest}, "setup")]


def _face(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    if before.turn is None:
        return [
            (
                "log.face_setup",
                {"name": name, "heading": rest, "field": before.stone[before.to_move]},
                "setup",
            )
        ]
    return [
        (
            "log.face_end",
            {"name": name, "corridor": rest, "field": before.stone[before.to_move]},
            "move",
        )
    ]


def _move(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    words = rest.split()
    t = after.turn
    assert t is not None  # a move goes on within the turn
    params = {"name": name, "steps": int(words[0]), "field": t.arrow, "total": t.steps}
    if len(words) > 1:
        return [("log.move_via", {**params, "corridors": words[1:]}, "move")]
    return [("log.move", params, "move")]


def _take(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    t = after.turn
    assert t is not None  # the roll is still to come
    chips = after.chips[after.to_move]
    return [
        (
            "log.take",
            {
                "name": name,
                "bars": rest.split(),
                "field": t.arrow,
                "target": t.target,
                "chance": after.success_chance(False),
                "chance_chips": after.success_chance(True),
                "chips": chips,
            },
            "act",
        )
    ]


def _rob(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    t = after.turn
    assert t is not None and t.action is not None  # the robbery waits for its roll
    victim = t.action[1]
    taken: list[str] = []
    for row, n in t.action[2]:
        k = before.rows[victim][row]
        taken.extend(reversed(row_bars(row, k)[k - n :]))
    return [
        (
            "log.rob",
            {
                "name": name,
                "victim": before.players[victim]["name"],
                "bars": taken,
                "field": t.arrow,
                "target": t.target,
                "chance": after.success_chance(False),
                "chance_chips": after.success_chance(True),
                "chips": after.chips[after.to_move],
            },
            "act",
        )
    ]


def _end(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    t = after.turn
    assert t is not None  # the roll is still to come
    return [
        (
            "log.end",
            {
                "name": name,
                "field": t.arrow,
                "target": t.target,
                "chance": after.success_chance(False),
            },
            "act",
        )
    ]


def _spend(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    return [("log.spend", {"name": name, "chips_n": int(rest)}, "ok")]


def _accept(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    t = before.turn
    assert t is not None  # a failed roll is accepted within the turn
    seat = before.to_move
    receiver = t.action[1] if t.action and t.action[0] == "rob" else seat
    gain = after.chips[receiver] - before.chips[receiver]
    params = {
        "name": name,
        "field": t.arrow,
        "bars": sort_bars(t.storage),
        "receiver": before.players[receiver]["name"],
        "chips_n": gain,
        "n": len(t.storage),
    }
    return [("log.fail" if t.storage else "log.fail_empty", params, "fail")]


def _stop(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    assert before.turn is not None  # a turn is stopped while it goes on
    return [("log.stop", {"name": name, "field": before.turn.arrow}, "bank")]


def _sort(before: Game, rest: str, after: Game, name: str) -> list[Line]:
    return []  # the sorted line says it all


_MAIN = {
    "dice": _dice,
    "place": _place,
    "face": _face,
    "move": _move,
    "take": _take,
    "rob": _rob,
    "end": _end,
    "spend": _spend,
    "accept": _accept,
    "stop": _stop,
    "sort": _sort,
}


def _turn_sorted(before: Game, after: Game, kind: str, rest: str) -> bool:
    """Whether this token ended a turn by choice and the storage went into the rows (GC-6)."""
    t = before.turn
    if t is None:
        return False
    if kind == "dice":
        ended = (
            t.action is not None
            and t.action[0] == "end"
            and sum(map(int, rest.split())) >= t.goal()
        )
    elif kind == "spend":
        assert t.action is not None  # chips are spent on a pending roll
        ended = t.action[0] == "end"
    else:
        ended = kind in ("stop", "sort", "face")
    waiting = after.prompt in ("sort", "face") and after.to_move == before.to_move
    return ended and not waiting


def _sorted_line(before: Game, after: Game, seat: int, name: str) -> Line:
    assert before.turn is not None  # only a turn ends sorted (_turn_sorted)
    storage = list(before.turn.storage)
    placed: list[str] = []
    for row, k in after.rows[seat].items():
        placed.extend(row_bars(row, k)[before.rows[seat][row] :])
    back = sort_bars((Counter(storage) - Counter(placed)).elements())
    params = {
        "name": name,
        "placed": sort_bars(placed),
        "back": back,
        "field": after.stone[seat],
        "gain": after.score(seat) - before.score(seat),
        "score": after.score(seat),
        "n": len(back),
    }
    if not storage:
        return ("log.sorted_nothing", params, "bank")
    return ("log.sorted_back" if back else "log.sorted", params, "bank")
