"""Go for Gold's state and rules (GG-2 to GG-6): legal tokens, applying them, the summary.

A game is its start (players, map) plus a list of tokens, dice included, exactly like Gold
Connection's: dice are chance nodes (``current_player() == CHANCE``) whose tokens are ``die N``.

>>> g = Game.new(["Ada", "Bob"])
>>> g.legal()
['start g1', 'start m6', 'start g11', 'start a6']
>>> g.apply("start g1"); g.sheets[1].at
'start g1'
'm6'
>>> g.apply("die 2"); g.prompt, g.to_move, g.legal()[:3]
'die 2'
('move', 0, ['path f2 e2', 'path f2 g2', 'path f2 f3'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from gamekit.errors import IllegalMoveError
from gamekit.records import seat_players

from .board import FOOT, SHOVEL, TEMPLE_POINTS, Island, island
from .notation import canonical

FORMAT = "go-for-gold/1"
CHANCE = -1
TERMINAL = -2
MAX_PLAYERS = 6
ENTRIES = 6
"""The game ends after the round in which someone records this many entries (GG-6.1)."""
START_SHOVELS, START_FEET = 2, 1


@dataclass
class Sheet:
    """One player's copy of the island."""

    at: str | None = None
    trail: list[list[str]] = field(default_factory=list)
    """Each continuous line drawn on the sheet; a jump starts a new one."""
    shovels: int = START_SHOVELS
    feet: int = START_FEET
    shovels_collected: int = 0
    feet_collected: int = 0
    entries: list[int] = field(default_factory=list)
    jumped: bool = False
    out: bool = False

    @property
    def visited(self) -> list[str]:
        return [f for line in self.trail for f in line]

    def copy(self) -> Sheet:
        return replace(self, trail=[list(line) for line in self.trail], entries=list(self.entries))


class Game:
    def __init__(
        self,
        players: list[dict[str, Any]],
        *,
        map_name: str = "a",
        seed: int | None = None,
        table: bool = False,
    ):
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"Go for Gold is for 1 to {MAX_PLAYERS} players, not {len(players)}")
        self.players = [dict(p) for p in players]
        self.n = len(players)
        self.map_name = map_name
        self.island: Island = island(map_name)
        self.seed = seed
        self.table = table
        """Played at a table, each player on their own device (``go_for_gold.table``): a player
        who can score no more is out when the round's move comes to them, since nobody at the
        table can see another's sheet to end the game for them (GG-3.6, GG-6.1)."""
        self.sheets = [Sheet() for _ in range(self.n)]
        self.moves: list[str] = []
        self.round = 0
        self.active = 0
        self.die: int | None = None  # this round's movement roll
        self.prompt = "start"
        self.to_move = 0
        self.order: list[int] = []  # this round's players, from the active one
        self.step = 0  # whose turn within the phase, as an index into order
        self.length: int | None = None  # the length this mover must walk (die, or a foot's)
        self.footed = False  # the mover crossed off a foot this round
        self.ended_on: dict[int, str] = {}  # where each move of this round ended (special?)
        self.temples_closed: list[str] = []
        self.rolled: int | None = None  # the resolving player's own roll
        self.over = False
        self.winners: list[int] = []
        self._legal: list[str] | None = None

    # ---- set-up ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        names: list[str],
        *,
        map_name: str = "a",
        seed: int | None = None,
        ais: list[str | None] | None = None,
    ) -> Game:
        players = seat_players(names, ais)
        return cls(players, map_name=map_name, seed=seed)

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.players = [dict(p) for p in self.players]
        g.sheets = [s.copy() for s in self.sheets]
        g.moves = list(self.moves)
        g.order = list(self.order)
        g.ended_on = dict(self.ended_on)
        g.temples_closed = list(self.temples_closed)
        g.winners = list(self.winners)
        g._legal = None
        return g

    # ---- who acts -------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.prompt in ("roll", "roll_search", "roll_temple"):
            return CHANCE
        return self.to_move

    def is_over(self) -> bool:
        return self.over

    # ---- paths (GG-3.2, GG-3.5) -----------------------------------------------------------

    def paths(self, seat: int, length: int) -> list[tuple[str, ...]]:
        """Every legal path of ``length`` steps for ``seat``, or shorter ending on a harbour."""
        out: list[tuple[str, ...]] = []
        self._walk(seat, length, out, first_only=False)
        return out

    def can_walk(self, seat: int, length: int) -> bool:
        found: list[tuple[str, ...]] = []
        self._walk(seat, length, found, first_only=True)
        return bool(found)

    def _walk(self, seat: int, length: int, out: list[tuple[str, ...]], first_only: bool) -> None:
        sheet = self.sheets[seat]
        if sheet.at is None:
            return
        isl = self.island
        seen = set(sheet.visited)
        path: list[str] = []

        def grow(here: str) -> bool:
            for nxt in isl.neighbours[here]:
                if nxt in seen:
                    continue
                path.append(nxt)
                if len(path) == length or isl.is_harbour(nxt):
                    out.append(tuple(path))  # a harbour ends the move at once (GG-3.5)
                    if first_only:
                        return True
                else:
                    seen.add(nxt)
                    if grow(nxt):
                        return True
                    seen.discard(nxt)
                path.pop()
            return False

        grow(sheet.at)

    def path_ok(self, seat: int, fields: list[str]) -> str | None:
        """Why ``fields`` is not a legal path for ``seat`` now, or None (no listing needed)."""
        sheet = self.sheets[seat]
        isl = self.island
        seen = set(sheet.visited)
        here = sheet.at
        for i, f in enumerate(fields):
            if f not in isl.marks:
                return f"{f} is not land on island {self.map_name}"
            if here is None or f not in isl.neighbours[here]:
                return f"{f} is not next to {here}"
            if f in seen:
                return f"{f} was visited already (GG-3.2)"
            if isl.is_harbour(f) and i != len(fields) - 1:
                return f"the move ends on harbour {f} (GG-3.5)"
            seen.add(f)
            here = f
        if len(fields) != self.length and not isl.is_harbour(fields[-1]):
            return f"the path must have {self.length} steps, not {len(fields)}"
        return None

    def foot_options(self, seat: int) -> list[int]:
        """Lengths a foot could be used for now (GG-3.3): a path of that length must exist."""
        if self.footed or self.sheets[seat].feet <= 0:
            return []
        return [k for k in range(1, 7) if self.can_walk(seat, k)]

    # ---- legal tokens ---------------------------------------------------------------------

    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = self._options()
        return list(self._legal)

    def _options(self) -> list[str]:
        p = self.prompt
        if self.over:
            return []
        if p == "start":
            return [f"start {h}" for h in self.island.harbours]
        if p in ("roll", "roll_search", "roll_temple"):
            return [f"die {k}" for k in range(1, 7)]
        seat = self.to_move
        sheet = self.sheets[seat]
        if p == "move":
            out = [f"foot {k}" for k in self.foot_options(seat)]
            return [" ".join(("path", *path)) for path in self.paths(seat, self.length or 0)] + out
        if p == "jump":
            seen = set(sheet.visited)
            return [f"jump {h}" for h in self.island.harbours if h not in seen]
        if p == "special":
            kind = "search" if self.island.treasure(self.ended_on[seat]) else "explore"
            return [kind, "pass"]
        if p == "spend":
            return [f"spend {self._shortfall()}", "pass"]
        raise AssertionError(p)

    def _shortfall(self) -> int:
        need = self.island.treasure(self.ended_on[self.to_move]) or 0
        return need - (self.rolled or 0)

    def is_legal(self, tok: str) -> bool:
        """Whether a canonical token is legal now; a path is checked without listing them."""
        if self.over:
            return False
        if self.prompt == "move" and tok.startswith("path "):
            return self.path_ok(self.to_move, tok.split()[1:]) is None
        if self.prompt == "move" and tok.startswith("foot "):
            k = int(tok.split()[1])
            sheet = self.sheets[self.to_move]
            return not self.footed and sheet.feet > 0 and self.can_walk(self.to_move, k)
        return tok in self.legal()

    def apply(self, token: str) -> str:
        """Apply a token after checking it; its canonical form. IllegalMoveError names the
        reason and leaves the state unchanged."""
        tok = canonical(token)
        if not self.is_legal(tok):
            raise IllegalMoveError(token, self._why_illegal(tok))
        self.push(tok)
        return tok

    def _why_illegal(self, tok: str) -> str:
        if self.over:
            return "the game is over"
        kind = tok.split()[0]
        if self.prompt == "move" and kind == "path":
            return self.path_ok(self.to_move, tok.split()[1:]) or "not legal now"
        if self.prompt == "move" and kind == "foot":
            if self.footed or self.sheets[self.to_move].feet <= 0:
                return "no foot to cross off (GG-3.3)"
            return f"no path of {tok.split()[1]} steps (GG-3.3)"
        wanted = {
            "start": "a start harbour",
            "roll": "a movement roll",
            "roll_search": "the search roll",
            "roll_temple": "the temple roll",
            "move": "a path or a foot",
            "jump": "a harbour to jump to",
            "special": "search, explore or pass",
            "spend": "spend or pass",
        }[self.prompt]
        return f"the game waits for {wanted}: {', '.join(self.legal()[:6])}"

    # ---- applying -------------------------------------------------------------------------

    def push(self, tok: str) -> None:
        """Apply a canonical legal token without checking it (replays, search)."""
        self._legal = None
        self.moves.append(tok)
        kind, _, rest = tok.partition(" ")
        p = self.prompt
        if kind == "start":
            self._start(rest)
        elif kind == "die" and p == "roll":
            self.die = int(rest)
            self._begin_moves()
        elif kind == "die":
            self._resolve_roll(int(rest))
        elif kind == "foot":
            self.sheets[self.to_move].feet -= 1
            self.footed = True
            self.length = int(rest)
        elif kind == "path":
            self._walk_path(rest.split())
        elif kind == "jump":
            self._jump(rest)
        elif kind in ("search", "explore"):
            self.prompt = "roll_search" if kind == "search" else "roll_temple"
        elif kind == "spend":
            seat = self.to_move
            self.sheets[seat].shovels -= int(rest)
            self._score(seat, self.island.treasure(self.ended_on[seat]) or 0)
            self._next_special()
        elif kind == "pass":
            self._next_special()
        else:
            raise AssertionError(tok)

    def roll(self, rng: random.Random) -> str:
        """Roll the die at a chance node (GG-3.1, GG-4.1, GG-4.2)."""
        tok = f"die {rng.randint(1, 6)}"
        self.push(tok)
        return tok

    def _start(self, harbour: str) -> None:
        for seat in range(self.n):  # GG-2.2: the next harbours clockwise, wrapping around
            h = self.island.next_harbour(harbour, seat)
            self.sheets[seat].at = h
            self.sheets[seat].trail = [[h]]
        self._new_round(0)

    def _new_round(self, active: int) -> None:
        self.round += 1
        self.active = active
        self.die = None
        self.order = [
            s for s in ((active + k) % self.n for k in range(self.n)) if not self.sheets[s].out
        ]
        self.prompt = "roll"
        self.to_move = active

    def _begin_moves(self) -> None:
        self.step = -1
        self.ended_on = {}
        self._next_mover()

    def _next_mover(self) -> None:
        """The next player still in who can move; one who cannot is out (GG-3.6)."""
        while True:
            self.step += 1
            if self.step >= len(self.order):
                self._begin_specials()
                return
            seat = self.order[self.step]
            self.to_move = seat
            self.length = self.die
            self.footed = False
            done = self.table and not self.can_still_score(seat)
            if not done and (self.can_walk(seat, self.die or 0) or self.foot_options(seat)):
                self.prompt = "move"
                return
            self.sheets[seat].out = True

    def _walk_path(self, fields: list[str]) -> None:
        seat = self.to_move
        sheet = self.sheets[seat]
        sheet.trail[-1].extend(fields)
        sheet.at = fields[-1]
        for f in fields:  # GG-3.4: the symbols of every field entered, the last one included
            mark = self.island.marks[f]
            if mark == SHOVEL:
                sheet.shovels += 1
                sheet.shovels_collected += 1
            elif mark == FOOT:
                sheet.feet += 1
                sheet.feet_collected += 1
        end = fields[-1]
        if self.island.is_harbour(end):
            seen = set(sheet.visited)
            if not sheet.jumped and any(h not in seen for h in self.island.harbours):
                self.prompt = "jump"  # GG-5.2
                return
        else:
            self.ended_on[seat] = end
        self._next_mover()

    def _jump(self, harbour: str) -> None:
        sheet = self.sheets[self.to_move]
        sheet.jumped = True
        sheet.at = harbour
        sheet.trail.append([harbour])
        self._next_mover()

    # ---- special fields (GG-4) ------------------------------------------------------------

    def _begin_specials(self) -> None:
        self.step = -1
        self._next_special()

    def _special_open(self, seat: int) -> bool:
        end = self.ended_on.get(seat)
        if end is None:
            return False
        if self.island.treasure(end):
            return True
        return self.island.temple(end) is not None and end not in self.temples_closed

    def _next_special(self) -> None:
        self.rolled = None
        while True:
            self.step += 1
            if self.step >= len(self.order):
                self._end_round()
                return
            seat = self.order[self.step]
            if self._special_open(seat):
                self.to_move = seat
                self.prompt = "special"
                return

    def _resolve_roll(self, roll: int) -> None:
        seat = self.to_move
        sheet = self.sheets[seat]
        end = self.ended_on[seat]
        if self.prompt == "roll_temple":  # GG-4.2
            if sheet.shovels >= roll:
                self._score(seat, TEMPLE_POINTS)
                sheet.shovels = 0
                self.temples_closed.append(end)
            else:
                self._score(seat, -1)
            self._next_special()
            return
        need = self.island.treasure(end) or 0  # GG-4.1
        if roll >= need:
            self._score(seat, need)
            self._next_special()
        elif need - roll <= sheet.shovels:
            self.rolled = roll
            self.prompt = "spend"
        else:
            self._next_special()

    def close_temple(self, field: str) -> None:
        """At a table: another player explored the temple on ``field`` (GG-4.2). If this
        player stands on it waiting to explore, the chance is gone."""
        if self.island.temple(field) is None or field in self.temples_closed:
            raise ValueError(f"{field} is no open temple")
        self._legal = None
        self.temples_closed.append(field)
        if self.prompt == "special" and self.ended_on.get(self.to_move) == field:
            self._next_special()

    def _score(self, seat: int, points: int) -> None:
        self.sheets[seat].entries.append(points)

    # ---- the end (GG-6) -------------------------------------------------------------------

    def _end_round(self) -> None:
        self.ended_on = {}
        if any(len(s.entries) >= ENTRIES for s in self.sheets) or not self.anyone_can_score():
            self._finish()
            return
        nxt = next(
            (
                (self.active + k) % self.n
                for k in range(1, self.n + 1)
                if not self.sheets[(self.active + k) % self.n].out
            ),
            None,
        )
        if nxt is None:
            self._finish()
        else:
            self._new_round(nxt)

    def can_still_score(self, seat: int) -> bool:
        """Whether an unvisited treasure or an open temple is still reachable on ``seat``'s
        sheet through fields never visited (a harbour ends a walk; one not yet used for the
        jump also leads on from every other unvisited harbour)."""
        sheet = self.sheets[seat]
        if sheet.out or sheet.at is None:
            return False
        isl = self.island
        seen = set(sheet.visited)
        starts = [sheet.at]
        if not sheet.jumped:
            starts += [h for h in isl.harbours if h not in seen]
        reach: set[str] = set()
        todo = list(starts)
        while todo:
            here = todo.pop()
            for nxt in isl.neighbours[here]:
                if nxt in seen or nxt in reach:
                    continue
                reach.add(nxt)
                if isl.treasure(nxt) or (isl.temple(nxt) and nxt not in self.temples_closed):
                    return True
                if not isl.is_harbour(nxt):
                    todo.append(nxt)
        return False

    def anyone_can_score(self) -> bool:
        return any(self.can_still_score(s) for s in range(self.n))

    def finish(self) -> None:
        """End the game now: at a table, another player had their 6th entry (GG-6.1)."""
        self._legal = None
        self._finish()

    def _finish(self) -> None:
        self.over = True
        self.prompt = "over"
        self.to_move = TERMINAL
        best = max(self.rank(s) for s in range(self.n))
        self.winners = [s for s in range(self.n) if self.rank(s) == best]

    def score(self, seat: int) -> int:
        return sum(self.sheets[seat].entries)

    def rank(self, seat: int) -> tuple[int, int]:
        """GG-6.2: the score, then the shovel symbols collected."""
        return self.score(seat), self.sheets[seat].shovels_collected

    # ---- records and summaries ------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "format": FORMAT,
            "players": [dict(p) for p in self.players],
            "options": {"map": self.map_name, **({"table": True} if self.table else {})},
        }
        if self.seed is not None:
            rec["seed"] = self.seed
        rec["moves"] = list(self.moves)
        return rec

    def summary(self, legal: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "over": self.over,
            "winners": list(self.winners),
            "round": self.round,
            "active": self.active,
            "to_move": self.current_player(),
            "prompt": self.prompt,
            "die": self.die,
            "roll": self.rolled,
            "length": self.length if self.prompt == "move" else None,
            "map": self.map_name,
            "temples_closed": list(self.temples_closed),
            "players": [
                {
                    "name": p["name"],
                    **({"ai": p["ai"]} if p.get("ai") else {}),
                    "at": s.at,
                    "visited": s.visited,
                    "trail": [list(line) for line in s.trail],
                    "shovels": s.shovels,
                    "feet": s.feet,
                    "shovels_collected": s.shovels_collected,
                    "feet_collected": s.feet_collected,
                    "entries": list(s.entries),
                    "jumped": s.jumped,
                    "out": s.out,
                    "score": self.score(i),
                }
                for i, (p, s) in enumerate(zip(self.players, self.sheets, strict=True))
            ],
        }
        if legal:
            out["legal"] = self.legal()
        return out
