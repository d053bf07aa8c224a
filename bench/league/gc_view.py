"""A Gold Connection ``Game`` rebuilt from the state summary a ``file:`` bot is given (rules §9),
so a bot can search with the engine's rules: everything the rules need is in the summary."""

from __future__ import annotations

from typing import Any

from gold_connection.game import Game, Turn


def game_from_view(view: dict[str, Any]) -> Game:
    """The state ``view`` shows, ready for ``legal()``, ``clone()`` and ``push()``."""
    players = view["players"]
    n = len(players)
    g = Game([{"name": p["name"]} for p in players], ending=view["options"]["ending"])
    g.fields = {f: list(bars) for f, bars in view["fields"].items()}
    g.supply = view["supply"]
    for s, p in enumerate(players):
        g.stone[s], g.heading[s], g.chips[s] = p["stone"], p["heading"], p["chips"]
        g.rows[s].update(p["rows"])
    g.counter, g.to_move, g.prompt = view["counter"], view["to_move"], view["prompt"]
    g.setup_dice = tuple(view["setup_dice"]) if view.get("setup_dice") else None  # type: ignore[assignment]
    # turn order is seat order from the start player (GC-3.4): only its rotation matters later,
    # and while headings are chosen the start player is the highest stone
    placed = all(p["stone"] is not None for p in players)
    start = 0
    if placed and g.counter == 0:
        start = max(range(n), key=lambda s: int(players[s]["stone"]))
    g.order = [(start + k) % n for k in range(n)]
    t = view["turn"]
    if t is not None:
        turn = Turn(t["arrow"], t["heading"])
        turn.arrived_from = t["arrived_from"]
        turn.steps = t["steps"]
        turn.storage = list(t["storage"])
        turn.plundered = list(t["plundered"])
        turn.robbed = list(t["robbed"])
        turn.robbed_rows = [(r["victim"], r["row"], r["bars"]) for r in t["robbed_rows"]]
        turn.must_move = t["must_move"]
        turn.moved = True
        turn.target = t["target"]
        turn.dice = tuple(t["dice"]) if t["dice"] else None  # type: ignore[assignment]
        pending = t["pending"]
        if pending is not None:
            if pending["action"] == "take":
                turn.action = ("take", list(pending["bars"]))
            elif pending["action"] == "rob":
                turn.action = ("rob", pending["victim"], list(pending["rows"].items()))
            else:
                turn.action = ("end",)
        g.turn = turn
    elif g.prompt == "move" or g.prompt == "act":
        stone = g.stone[g.to_move]
        g.turn = Turn(stone, g.heading[g.to_move])  # type: ignore[arg-type]
    return g
