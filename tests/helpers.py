"""Building blocks for engine tests: positions written compactly, games played to a prompt."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from gold_connection import Game, record
from gold_connection.board import FIELDS
from gold_connection.material import ALL_BARS, row_bars


def position_record(
    players,
    *,
    fields=None,
    counter=1,
    to_move=0,
    supply=None,
    ending="counter",
    moves=(),
    rest=None,
):
    """A record starting from a position; the bars not placed anywhere are spread over the safes.

    ``players`` are dicts with stone, heading and optionally chips and rows; ``fields`` pins the
    bars of some fields; the rest of the 84 go onto the field ``rest``, or else in turn onto the
    fields not pinned.
    """
    fields = {f: list(b) for f, b in (fields or {}).items()}
    used = Counter(b for bars in fields.values() for b in bars)
    for p in players:
        for row, k in p.get("rows", {}).items():
            used.update(row_bars(row, k))
    left = list((Counter(ALL_BARS) - used).elements())
    spread = [rest] if rest else [f for f in FIELDS if f not in fields]
    for i, bar in enumerate(left):
        fields.setdefault(spread[i % len(spread)], []).append(bar)
    for f in FIELDS:
        fields.setdefault(f, [])
    chips = sum(p.get("chips", 0) for p in players)
    return {
        "format": "gold-connection/1",
        "players": [{"name": f"P{i}"} for i in range(len(players))],
        "options": {"ending": ending},
        "position": {
            "counter": counter,
            "to_move": to_move,
            "supply": 20 - chips if supply is None else supply,
            "fields": fields,
            "players": [{"chips": 0, **p} for p in players],
        },
        "moves": list(moves),
    }


def game_at(players, moves=(), **kw):
    return record.replay(position_record(players, moves=moves, **kw))


def random_record(names: list[str], seed: int, dice_seed: int, moves: int | None = None) -> dict:
    """The record of a game of uniformly random legal moves: to its end, or ``moves`` long."""
    g = Game.new(names, seed=seed)
    rng = random.Random(dice_seed)
    while not g.is_over() and (moves is None or len(g.moves) < moves):
        g.roll(rng) if g.prompt == "roll" else g.apply(rng.choice(g.legal()))
    return g.record()


PY = Path(__file__).resolve().parent.parent / "py"
BLOCK_BROWSER = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in ('js', 'pyodide', 'pyscript'):\n"
    "            raise ImportError('blocked: ' + name)\n"
    "sys.meta_path.insert(0, Block())\n"
)
"""Code that makes any import of a browser module fail (prefix it to a fresh_python script)."""


def fresh_python(code: str) -> str:
    """What ``code`` prints in a new interpreter with only py/ on the path (so what it imports
    is not hidden by the test run's own imports); fails the test if it raises."""
    out = subprocess.run(
        [sys.executable, "-c", code], env={"PYTHONPATH": str(PY)}, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def gg_expert(**knobs):
    """Go for Gold's expert with ``knobs`` turned and no clock, as the review judges
    (:func:`go_for_gold.ai.judge`): the same choices on any machine."""
    from go_for_gold.ai import judge

    player = judge()
    player.params = replace(player.params, **knobs)
    return player


def stored_value(text: str | None) -> object:
    """A value as the site stores it in localStorage (``{"v": N, "value": …}`` since issue #57,
    the bare value before): the value."""
    if text is None:
        return None
    data = json.loads(text)
    if isinstance(data, dict) and set(data) == {"v", "value"}:
        return data["value"]
    return data


STORED_JS = (
    "(k => (d => d && d.v !== undefined && 'value' in d ? d.value : d)"
    "(JSON.parse(localStorage.getItem(k))))"
)
"""The same in the page's JavaScript: ``STORED_JS + "('go-for-gold:save')"``."""


def gg_step(app: Any, rng: random.Random, choose: Any = None) -> None:
    """One action as Go for Gold's page takes it (``app``: its controller): a roll, or a
    person's click (``choose`` may pick the token of a decision)."""
    g = app.game
    if app.waiting() == "chance":
        app.roll()
    elif g.prompt == "move":
        if app.complete():
            app.intent("confirm")
        elif app.next_steps():
            app.intent("field", rng.choice(sorted(app.next_steps())))
        else:
            app.intent("foot", str(g.foot_options(g.to_move)[0]))
    elif g.prompt in ("jump", "start"):
        app.intent("field", g.legal()[0].split()[1])
    else:
        legal = g.legal()
        app.intent("play", choose(legal) if choose else rng.choice(legal))
