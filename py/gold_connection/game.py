"""The state of a game and its rules (GC-3 to GC-7).

A :class:`Game` is a start (a dealt set-up or a position) plus a list of tokens.  Every
decision and every roll of the dice is a token, so ``Game.from_record(g.record())``
reaches the same state as ``g``.

>>> g = Game.new(["Ada", "Bob"], seed=1)
>>> g.prompt, g.current_player() == CHANCE
('roll', True)
>>> g.apply("dice 3 5")
'dice 3 5'
>>> g.legal()
['place 3', 'place 5', 'place 8']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sized
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from gamekit.records import seat_players

from . import odds
from .board import ENDS, FIELDS, MAX_STEPS, NUMBERED, Walk, exits, walks
from .material import (
    ALL_BARS,
    BAR_KEY,
    CHIPS,
    COLOURS,
    MAX_CHIPS,
    ROW_KEY,
    bar_value,
    row_bars,
    row_ids,
    sort_bars,
)
from .notation import IllegalMoveError, canonical, parse_rob, parse_sort

FORMAT = "gold-connection/1"
CHANCE = -1
"""``current_player()`` while the dice are to be rolled."""
TERMINAL = -2
"""``current_player()`` once the game is over."""
SERIES_SAFEGUARD = 200
"""The series variant also ends after this turn (GC-7.2)."""

DICE_TOKENS = tuple(f"dice {a} {b}" for a, b, _ in odds.DICE_OUTCOMES)


class Turn:
    """What the player to move has done so far this turn."""

    __slots__ = (
        "arrow",
        "heading",
        "arrived_from",
        "steps",
        "storage",
        "plundered",
        "robbed",
        "robbed_rows",
        "action",
        "target",
        "dice",
        "must_move",
        "moved",
    )

    def __init__(self, arrow: str, heading: str | None):
        self.arrow = arrow
        self.heading: str | None = heading
        self.arrived_from: str | None = None
        self.steps = 0
        self.storage: list[str] = []
        self.plundered: list[str] = []
        self.robbed: list[int] = []
        self.robbed_rows: list[tuple[int, str, int]] = []  # (victim, row, bars), as robbed
        # ("take", bars) | ("rob", victim, [(row, n), ...]) | ("end",) while a roll is pending
        self.action: tuple[Any, ...] | None = None
        self.target: int | None = None
        self.dice: tuple[int, int] | None = None
        self.must_move = False  # after a robbery (GC-5.3)
        self.moved = False

    def goal(self) -> int:
        """The target of the roll pending now (GC-5.1)."""
        assert self.target is not None, "no roll is pending"
        return self.target

    def shortfall(self) -> int:
        """How far the roll fell short of the target (GC-5.2)."""
        assert self.target is not None and self.dice is not None, "no roll was made"
        return self.target - sum(self.dice)

    def pending(self) -> tuple[Any, ...]:
        """The action whose roll is pending: take, rob or end."""
        assert self.action is not None, "no action is pending"
        return self.action

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        for name in Turn.__slots__:
            setattr(t, name, getattr(self, name))
        t.storage = list(self.storage)
        t.plundered = list(self.plundered)
        t.robbed = list(self.robbed)
        t.robbed_rows = list(self.robbed_rows)
        return t


class Game:
    """A game of Gold Connection: a start plus every token since."""

    def __init__(
        self, players: list[dict[str, Any]], *, ending: str = "counter", seed: int | None = None
    ):
        self.players = [dict(p) for p in players]
        self.ending = ending
        self.seed = seed
        self.start: dict[str, Any] = {}
        self.moves: list[str] = []
        n = len(players)
        self.rows_in_play = row_ids(n)
        self.fields: dict[str, list[str]] = {f: [] for f in FIELDS}
        self.stone: list[str | None] = [None] * n
        self.heading: list[str | None] = [None] * n
        self.chips = [0] * n
        self.rows = [dict.fromkeys(self.rows_in_play, 0) for _ in range(n)]
        self.supply = CHIPS
        self.counter = 0
        self.to_move = 0
        self.prompt = "roll"
        self.turn: Turn | None = None
        self.order: list[int] = list(range(n))  # turn order, from the start player
        self.setup_dice: tuple[int, int] | None = None
        self.winners: list[int] = []
        self._legal: list[str] | None = None

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        names: list[str],
        *,
        seed: int | None = None,
        ending: str = "counter",
        rng: random.Random | None = None,
        ais: list[str | None] | None = None,
    ) -> Game:
        """A new game with the bars shuffled and dealt, 6 to each field (GC-3.1)."""
        if rng is None:
            rng = random.Random(seed)
        bars = list(ALL_BARS)
        rng.shuffle(bars)
        setup = {f: sort_bars(bars[6 * i : 6 * i + 6]) for i, f in enumerate(FIELDS)}
        players = seat_players(names, ais)
        return cls.from_setup(players, setup, ending=ending, seed=seed)

    @classmethod
    def from_setup(
        cls, players: list[dict[str, Any]], setup: dict[str, list[str]], **kw: Any
    ) -> Game:
        """A game at the placement roll of seat 0, with ``setup`` as dealt (checked by records)."""
        g = cls(players, **kw)
        g.start = {"setup": {f: list(setup[f]) for f in FIELDS}}
        g.fields = {f: sort_bars(setup[f]) for f in FIELDS}
        return g

    @classmethod
    def from_position(
        cls, players: list[dict[str, Any]], position: dict[str, Any], **kw: Any
    ) -> Game:
        """A game at the start of a turn (a checked position, see ``record.read_position``)."""
        g = cls(players, **kw)
        g.start = {"position": position}
        g.fields = {f: sort_bars(position["fields"].get(f, [])) for f in FIELDS}
        g.supply = position["supply"]
        for i, p in enumerate(position["players"]):
            g.stone[i], g.heading[i], g.chips[i] = p["stone"], p["heading"], p["chips"]
            g.rows[i].update(p.get("rows", {}))
        g.counter = position["counter"]
        g.to_move = position["to_move"]
        g.order = [(g.to_move + k) % len(players) for k in range(len(players))]
        g._begin_turn(advance=False)
        return g

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.moves = list(self.moves)
        g.fields = {f: list(b) for f, b in self.fields.items()}
        g.stone, g.heading, g.chips = list(self.stone), list(self.heading), list(self.chips)
        g.rows = [dict(r) for r in self.rows]
        g.turn = self.turn.copy() if self.turn else None
        g.winners = list(self.winners)
        return g

    # ---- questions ---------------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.players)

    def stone_of(self, seat: int) -> str:
        """The field of a placed stone; asked for only once the stones are placed (GC-3.3)."""
        field = self.stone[seat]
        if field is None:
            raise RuntimeError(f"seat {seat}'s stone is not placed yet")
        return field

    @property
    def live(self) -> Turn:
        """The turn in progress; asked for only where there is one."""
        if self.turn is None:
            raise RuntimeError("no turn is in progress")
        return self.turn

    def current_player(self) -> int:
        """The seat to decide, ``CHANCE`` when the dice roll, ``TERMINAL`` when over."""
        if self.prompt == "over":
            return TERMINAL
        if self.prompt == "roll":
            return CHANCE
        return self.to_move

    def is_over(self) -> bool:
        return self.prompt == "over"

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """The dice tokens and their probabilities at a roll."""
        return [(f"dice {a} {b}", p) for a, b, p in odds.DICE_OUTCOMES]

    def bar_count(self, seat: int) -> int:
        return sum(self.rows[seat].values())

    def score(self, seat: int) -> int:
        """Values in the rows, +5 per full 5-row, +10 per full 6-row (GC-7.3)."""
        total = 0
        for row, k in self.rows[seat].items():
            total += k * (k + 1) // 2
            length = int(row[1])
            if k == length and length >= 5:
                total += 5 if length == 5 else 10
        return total

    def turns_left(self, seat: int) -> int | None:
        """The turns ``seat`` has yet to finish, one in progress included (GC-7.1); None in
        the series variant (GC-7.2) and before the stones are placed (GC-3.4).

        >>> g = Game.new(["Ada", "Bob"], seed=1)
        >>> g.turns_left(0) is None
        True
        """
        if self.ending != "counter" or self.prompt in ("roll", "place") and self.turn is None:
            return None
        if self.prompt == "over":
            return 0
        if self.turn is None:  # choosing headings: the start player's first turn is turn 1
            return (36 - 1 - self.order.index(seat)) // self.n + 1
        delta = (self.order.index(seat) - self.order.index(self.to_move)) % self.n
        left = 36 - self.counter  # turns after the current one
        return left // self.n + 1 if delta == 0 else max(0, (left - delta) // self.n + 1)

    def stone_at(self, field: str) -> int | None:
        """The other player's stone on a field, if any (stones never share a field)."""
        for seat, f in enumerate(self.stone):
            if f == field and seat != self.to_move:
                return seat
        return None

    def success_chance(self, with_chips: bool = True) -> Fraction | None:
        """Exact chance that the pending roll succeeds (with the chips in hand if asked)."""
        t = self.turn
        if t is None or t.target is None or self.prompt != "roll":
            return None
        return odds.success(t.target, self.chips[self.to_move] if with_chips else 0)

    # ---- legal tokens ------------------------------------------------------------------

    def legal(self) -> list[str]:
        """Every legal token, canonical, in a stable order (rules §9)."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[str]:
        p = self.prompt
        if p == "roll":
            return list(DICE_TOKENS)
        if p == "place":
            return [f"place {f}" for f in self.place_options()]
        if p == "face":
            return [f"face {h}" for h in self._face_options()]
        if p == "move":
            out = [w.token for w in self.legal_walks()]
            if not self.live.must_move and self.live.moved:
                out.append("stop")
            return out or ["accept"]  # nowhere to go after a robbery: the turn fails
        if p == "act":
            return self._act_options()
        if p == "chips":
            t = self.live
            missing = t.shortfall()
            return ([f"spend {missing}"] if self.chips[self.to_move] >= missing else []) + [
                "accept"
            ]
        if p == "sort":
            return [_sort_token(o) for o in self._sort_options()]
        return []

    def place_options(self) -> list[str]:
        """The free safes the set-up roll allows (GC-3.3)."""
        assert self.setup_dice is not None, "no placement roll yet"
        a, b = self.setup_dice
        taken = set(self.stone)
        return [str(v) for v in sorted({a, b, a + b}) if str(v) not in taken]

    def _face_options(self) -> tuple[str, ...]:
        if self.turn is None:  # set-up: the arrow lies on the stone (GC-3.4)
            f = self.stone[self.to_move]
            return ("w", "e") if f in NUMBERED else ("n", "m", "s")
        return exits(self.turn.arrived_from)

    def legal_walks(self) -> list[Walk]:
        """The walks the mover may take now (GC-4.2): within 17 steps, ending where it may act."""
        t = self.live
        budget = MAX_STEPS - t.steps
        out = []
        for w in walks(t.arrow, t.heading, t.arrived_from):
            if w.steps > budget:
                break
            if self._can_act(w.field, t.steps + w.steps):
                out.append(w)
        return out

    def _can_act(self, field: str, steps: int) -> bool:
        """Whether a move may end here: some of GC-4.4 to GC-4.6 is allowed (GC-4.2)."""
        victim = self.stone_at(field)
        if victim is None:
            return True  # ending here is always allowed (GC-4.6)
        if victim in self.live.robbed or self.bar_count(victim) < 10:
            return False
        # the cheapest robbery takes the top bar of the shortest filled row (GC-4.5)
        return min((k for k in self.rows[victim].values() if k), default=99) <= MAX_STEPS - steps

    def can_take(self) -> bool:
        """Whether some plunder is legal now (GC-4.4), without listing them all."""
        t = self.live
        return (
            self.prompt == "act"
            and self.stone_at(t.arrow) is None
            and t.arrow != self.stone[self.to_move]
            and t.arrow not in t.plundered
            and any(bar_value(b) <= MAX_STEPS - t.steps for b in self.fields[t.arrow])
        )

    def victim(self) -> int | None:
        """The seat that may be robbed now (GC-4.5), or None; without listing the robberies."""
        return self.stone_at(self.live.arrow) if self.prompt == "act" else None

    def _act_options(self) -> list[str]:
        t = self.live
        victim = self.stone_at(t.arrow)
        if victim is not None:
            if victim in t.robbed or self.bar_count(victim) < 10:
                return []
            rows = tuple((r, k) for r, k in self.rows[victim].items() if k)
            return rob_tokens(rows, MAX_STEPS - t.steps)
        out = []
        if (
            t.arrow != self.stone[self.to_move]
            and t.arrow not in t.plundered
            and self.fields[t.arrow]
        ):
            out = take_tokens(self.fields[t.arrow], MAX_STEPS - t.steps)
        out.append("end")
        return out

    def _rob_options(self, victim: int, steps: int) -> list[tuple[tuple[str, int], ...]]:
        """Robberies of a crate with 10+ bars not yet robbed this turn (GC-4.5)."""
        if victim in self.live.robbed or self.bar_count(victim) < 10:
            return []
        rows = tuple((r, k) for r, k in self.rows[victim].items() if k)
        return rob_options(rows, MAX_STEPS - steps)

    def _sort_options(self) -> list[tuple[tuple[str, str], ...]]:
        return sort_options(
            tuple(sort_bars(self.live.storage)), tuple(self.rows[self.to_move].items())
        )

    # ---- applying tokens ---------------------------------------------------------------

    def apply(self, token: str) -> str:
        """Apply a token after checking it; returns its canonical form.

        Raises :class:`IllegalMoveError` naming the reason; the state is then unchanged.
        """
        tok = canonical(token)
        if not self.is_legal(tok):
            raise IllegalMoveError(token, self._why_illegal(tok))
        self.push(tok)
        return tok

    def is_legal(self, tok: str) -> bool:
        """Whether a canonical token is legal now; ``take`` and ``rob`` without listing them."""
        if self.prompt == "act":  # checked directly: a crowded safe has ~700 000 plunders
            kind = tok.partition(" ")[0]
            if kind == "take":
                return self._take_ok(tok)
            if kind == "rob":
                return self._rob_ok(tok)
            return tok == "end"
        return tok in self.legal()

    def _take_ok(self, tok: str) -> bool:
        t = self.live
        field = t.arrow
        if (
            self.stone_at(field) is not None
            or field == self.stone[self.to_move]
            or field in t.plundered
        ):
            return False
        bars = tok.split()[1:]
        if not bars or Counter(bars) - Counter(self.fields[field]):
            return False
        return t.steps + sum(map(bar_value, bars)) <= MAX_STEPS

    def _rob_ok(self, tok: str) -> bool:
        t = self.live
        victim = self.stone_at(t.arrow)
        if victim is None or victim in t.robbed or self.bar_count(victim) < 10:
            return False
        rows = self.rows[victim]
        value = 0
        for row, n in parse_rob(tok, tok.split()[1:]):
            k = rows.get(row, 0)
            if n > k:
                return False
            value += sum(range(k - n + 1, k + 1))  # the top bars (GC-4.5)
        return t.steps + value <= MAX_STEPS

    def push(self, token: str) -> None:
        """Apply a canonical legal token without checking it (for search and replays)."""
        self._legal = None
        self.moves.append(token)
        kind, _, rest = token.partition(" ")
        getattr(self, "_do_" + kind)(rest)

    def roll(self, rng: random.Random) -> str:
        """Roll the dice with ``rng`` and apply the result."""
        a, b = sorted((rng.randint(1, 6), rng.randint(1, 6)))
        token = f"dice {a} {b}"
        self.push(token)
        return token

    def _do_dice(self, rest: str) -> None:
        a, b = map(int, rest.split())
        if self.turn is None:  # set-up roll (GC-3.3)
            self.setup_dice = (a, b)
            self.prompt = "place" if self.place_options() else "roll"
            return
        t = self.live
        t.dice = (a, b)
        if a + b >= t.goal():
            self._succeed()
        else:
            self.prompt = "chips"

    def _do_place(self, rest: str) -> None:
        self.stone[self.to_move] = rest
        self.setup_dice = None
        if self.to_move + 1 < self.n:
            self.to_move += 1
            self.prompt = "roll"
            return
        start = max(range(self.n), key=lambda s: int(self.stone[s] or 0))  # GC-3.4
        self.order = [(start + k) % self.n for k in range(self.n)]
        self.to_move = start
        self.prompt = "face"

    def _do_face(self, rest: str) -> None:
        if self.turn is not None:  # at an end field after a turn (GC-6.1)
            self.heading[self.to_move] = rest
            self._sort_or_finish()
            return
        self.heading[self.to_move] = rest
        i = self.order.index(self.to_move)
        if i + 1 < self.n:
            self.to_move = self.order[i + 1]
        else:
            self.to_move = self.order[0]
            self._begin_turn()

    def _do_move(self, rest: str) -> None:
        t = self.live
        words = rest.split()
        steps, choices = int(words[0]), tuple(words[1:])
        for w in walks(t.arrow, t.heading, t.arrived_from):
            if w.steps == steps and w.choices == choices:
                break
        t.arrow, t.heading, t.arrived_from = w.field, w.heading, w.arrived_from
        t.steps += steps
        t.moved = True
        t.must_move = False
        t.action = t.target = t.dice = None
        self.prompt = "act"

    def _do_take(self, rest: str) -> None:
        t = self.live
        bars = rest.split()
        t.action = ("take", bars)
        t.target = t.steps + sum(map(bar_value, bars))  # GC-4.4
        t.dice = None
        self.prompt = "roll"

    def _do_rob(self, rest: str) -> None:
        t = self.live
        taken = parse_rob(rest, rest.split())
        victim = self.stone_at(t.arrow)
        assert victim is not None, "a robbery needs a victim (checked by is_legal)"
        t.action = ("rob", victim, taken)
        values = sum(
            sum(range(self.rows[victim][r] - n + 1, self.rows[victim][r] + 1)) for r, n in taken
        )
        t.target = t.steps + values  # GC-4.5
        t.dice = None
        self.prompt = "roll"

    def _do_end(self, rest: str) -> None:
        t = self.live
        t.action = ("end",)
        t.target = t.steps  # GC-4.6
        t.dice = None
        self.prompt = "roll"

    def _do_spend(self, rest: str) -> None:
        k = int(rest)
        self.chips[self.to_move] -= k  # GC-5.2
        self.supply += k
        self._succeed()

    def _do_accept(self, rest: str) -> None:
        self._fail()

    def _do_stop(self, rest: str) -> None:
        self._end_turn()

    def _do_sort(self, rest: str) -> None:
        pairs = parse_sort(rest, rest.split())
        self._place_bars(pairs)
        self._finish_turn()

    # ---- turn flow ---------------------------------------------------------------------

    def _begin_turn(self, advance: bool = True) -> None:
        if advance:
            self.counter += 1  # GC-4.1
        s = self.to_move
        stone = self.stone[s]
        assert stone is not None, "every stone is placed before the first turn"
        self.turn = Turn(stone, self.heading[s])
        self.prompt = "move"

    def _succeed(self) -> None:
        """GC-5.3."""
        t = self.live
        kind = t.pending()[0]
        if kind == "take":
            field = self.fields[t.arrow]
            for bar in t.pending()[1]:
                field.remove(bar)
            t.storage.extend(t.pending()[1])
            t.plundered.append(t.arrow)
            self.prompt = "move"
        elif kind == "rob":
            _, victim, taken = t.pending()
            for row, n in taken:
                k = self.rows[victim][row]
                t.storage.extend(row_bars(row, k)[k - n :])
                self.rows[victim][row] = k - n
                t.robbed_rows.append((victim, row, n))
            t.robbed.append(victim)
            t.must_move = True
            self.prompt = "move"
        else:
            self._end_turn()
        if self.prompt == "move":
            t.action = None

    def _fail(self) -> None:
        """GC-5.4 and GC-5.5."""
        t = self.live
        receiver = self.to_move
        if t.action and t.action[0] == "rob":
            receiver = t.action[1]  # the victim is consoled
        self.fields[t.arrow] = sort_bars(self.fields[t.arrow] + t.storage)
        gain = min(2, MAX_CHIPS - self.chips[receiver], self.supply)
        self.chips[receiver] += gain
        self.supply -= gain
        t.storage = []
        self._next_turn()

    def _end_turn(self) -> None:
        """The stone moves to the arrow (GC-6.1), then the heading and the sorting."""
        t = self.live
        s = self.to_move
        self.stone[s] = t.arrow
        if t.arrow in ENDS:
            self.prompt = "face"
            return
        self.heading[s] = t.heading
        self._sort_or_finish()

    def _sort_or_finish(self) -> None:
        options = self._sort_options()
        if len(options) > 1:
            self.prompt = "sort"  # some bar has a choice of rows (GC-6.2)
            return
        self._place_bars(options[0])
        self._finish_turn()

    def _place_bars(self, pairs: Iterable[tuple[str, str]]) -> None:
        t = self.live
        rows = self.rows[self.to_move]
        left = Counter(t.storage)
        for bar, row in pairs:
            rows[row] += 1
            left[bar] -= 1
        back = list(left.elements())
        if back:  # bars no row accepts go into the safe under the stone
            field = self.stone[self.to_move]
            assert field is not None
            self.fields[field] = sort_bars(self.fields[field] + back)
        t.storage = []

    def _finish_turn(self) -> None:
        self._next_turn()

    def _next_turn(self) -> None:
        if self._game_ends():
            self.turn = None
            self.prompt = "over"
            self.winners = self._winners()
            return
        i = self.order.index(self.to_move)
        self.to_move = self.order[(i + 1) % self.n]
        self._begin_turn()

    def _game_ends(self) -> bool:
        """GC-7.1 and GC-7.2."""
        if self.ending == "counter":
            return self.counter >= 36
        if self.counter >= SERIES_SAFEGUARD:
            return True
        for rows in self.rows:
            six = sum(1 for r, k in rows.items() if r[1] == "6" and k == 6)
            five_six = six + sum(1 for r, k in rows.items() if r[1] == "5" and k == 5)
            if six >= 2 or five_six >= 3:
                return True
        return False

    def _winners(self) -> list[int]:
        """Highest score, then most chips; players still tied share the win (GC-7.4)."""
        key = [(self.score(s), self.chips[s]) for s in range(self.n)]
        best = max(key)
        return [s for s in range(self.n) if key[s] == best]

    # ---- explanations ------------------------------------------------------------------

    PROMPTS = {
        "roll": "a roll of the dice",
        "place": "a stone to be placed",
        "face": "a heading to be chosen",
        "move": "a move",
        "act": "take, rob or end on this field",
        "chips": "spend chips or accept the failure",
        "sort": "the bars to be sorted into rows",
        "over": "nothing: the game is over",
    }
    KINDS = {
        "dice": "roll",
        "place": "place",
        "face": "face",
        "move": "move",
        "stop": "move",
        "take": "act",
        "rob": "act",
        "end": "act",
        "spend": "chips",
        "accept": "chips",
        "sort": "sort",
    }

    def _why_illegal(self, tok: str) -> str:
        kind = tok.split()[0]
        if self.KINDS[kind] != self.prompt and not (kind == "accept" and self.prompt == "move"):
            return f"the game waits for {self.PROMPTS[self.prompt]}, not '{kind}'"
        t = self.turn
        if kind == "take" and t is not None:  # a take is read at the act prompt, in a turn
            field = t.arrow
            if self.stone_at(field) is not None:
                return f"another player's stone stands on {field} (GC-4.4)"
            if field == self.stone[self.to_move]:
                return f"the turn began on {field}: its safe cannot be plundered (GC-4.4)"
            if field in t.plundered:
                return f"safe {field} was already plundered this turn (GC-4.4)"
            missing = Counter(tok.split()[1:]) - Counter(self.fields[field])
            if missing:
                return f"safe {field} does not hold {' '.join(sorted(missing.elements()))}"
            target = t.steps + sum(map(bar_value, tok.split()[1:]))
            return f"target {target} is above 17 and can never succeed"
        if kind == "rob" and t is not None:
            victim = self.stone_at(t.arrow)
            if victim is None:
                return f"no other player's stone stands on {t.arrow} (GC-4.5)"
            if self.bar_count(victim) < 10:
                return (
                    f"{self.players[victim]['name']} has fewer than 10 bars in their rows (GC-4.5)"
                )
            if victim in t.robbed:
                return "that crate was already robbed this turn (GC-4.5)"
            return "those are not top bars of the victim's rows, or the target is above 17"
        if kind == "end" and t is not None:
            return f"another player's stone stands on {t.arrow} (GC-4.6)"
        if kind == "move" and t is not None:
            steps = int(tok.split()[1])
            if t.steps + steps > MAX_STEPS:
                return f"the turn would walk {t.steps + steps} steps; at most {MAX_STEPS} (GC-4.2)"
            return "no such walk ends on a field where take, rob or end is allowed (GC-2.3, GC-4.2)"
        if kind == "stop":
            return "stopping needs a successful plunder just before (GC-5.3)"
        if kind == "spend" and t is not None:
            short = t.shortfall()
            if self.chips[self.to_move] < short:
                return f"{short} chips are missing and the player holds {self.chips[self.to_move]}"
            return f"exactly the missing {short} chips must be spent (GC-5.2)"
        if kind == "place":
            return f"the stone goes on a free safe among {self.place_options() or 'none'} (GC-3.3)"
        if kind == "face":
            return f"the heading here is one of {', '.join(self._face_options())} (GC-2.2, GC-6.1)"
        if kind == "sort":
            return (
                "every bar that a row accepts must be placed, in ascending order, "
                "in a row that accepts it (GC-6.2)"
            )
        return "not legal here"

    # ---- views -------------------------------------------------------------------------

    def summary(self, *, legal: bool = True) -> dict[str, Any]:
        """The state summary (rules §9): the one JSON view of this state.

        ``legal=False`` leaves out the list of legal tokens, for drawing: it is the one
        part that can be slow to work out.
        """
        t = self.turn
        turn = None
        if t is not None and t.moved and self.prompt != "over":
            turn = {
                "arrow": t.arrow,
                "heading": t.heading,
                "steps": t.steps,
                "storage": sort_bars(t.storage),
                "target": t.target,
                "dice": list(t.dice) if t.dice else None,
                "plundered": list(t.plundered),
                "robbed": list(t.robbed),
                "robbed_rows": [
                    {"victim": v, "row": row, "bars": n} for v, row, n in t.robbed_rows
                ],
                "arrived_from": t.arrived_from,
                "must_move": t.must_move,
                "pending": self._pending(t),
            }
        view = {
            "format": FORMAT,
            "over": self.prompt == "over",
            "winners": list(self.winners),
            "counter": self.counter,
            "to_move": self.to_move,
            "supply": self.supply,
            "fields": {f: list(self.fields[f]) for f in FIELDS},
            "players": [
                {
                    "name": p["name"],
                    "stone": self.stone[s],
                    "heading": self.heading[s],
                    "chips": self.chips[s],
                    "rows": {r: k for r, k in self.rows[s].items() if k},
                    "bars": self.bar_count(s),
                    "score": self.score(s),
                    "turns_left": self.turns_left(s),
                }
                for s, p in enumerate(self.players)
            ],
            "turn": turn,
            "prompt": self.prompt,
            "options": {"ending": self.ending},
            "setup_dice": list(self.setup_dice) if self.setup_dice else None,
        }
        if legal:
            view["legal"] = list(self.legal())
        return view

    def _pending(self, t: Turn) -> dict[str, Any] | None:
        """The action whose roll is pending or just failed: what ``spend``/``accept`` decide."""
        if t.action is None:
            return None
        kind = t.action[0]
        if kind == "take":
            return {"action": "take", "bars": sort_bars(t.action[1])}
        if kind == "rob":
            _, victim, taken = t.action
            rows = self.rows[victim]
            bars = [b for row, n in taken for b in row_bars(row, rows[row])[rows[row] - n :]]
            return {
                "action": "rob",
                "victim": victim,
                "rows": {row: n for row, n in taken},
                "bars": sort_bars(bars),
            }
        return {"action": "end"}

    def record(self) -> dict[str, Any]:
        """The game record (rules §9) that replays to this state."""
        rec: dict[str, Any] = {
            "format": FORMAT,
            "players": [dict(p) for p in self.players],
            "options": {"ending": self.ending},
        }
        if self.seed is not None:
            rec["seed"] = self.seed
        rec.update(self.start)
        rec["moves"] = list(self.moves)
        return rec

    def position(self) -> dict[str, Any]:
        """This state as a ``position`` (rules §9); only at the start of a turn."""
        if self.prompt != "move" or self.turn is None or self.turn.moved:
            raise ValueError("a position describes the start of a turn")
        return {
            "counter": self.counter,
            "to_move": self.to_move,
            "supply": self.supply,
            "fields": {f: list(self.fields[f]) for f in FIELDS},
            "players": [
                {
                    "stone": self.stone[s],
                    "heading": self.heading[s],
                    "chips": self.chips[s],
                    "rows": {r: k for r, k in self.rows[s].items() if k},
                }
                for s in range(self.n)
            ],
        }

    def __repr__(self) -> str:
        return (
            f"<Game {self.n} players, turn {self.counter}, {self.prompt}, {len(self.moves)} moves>"
        )


# ---- enumerations, cached (bounded, for long sessions) since the same shapes recur -------------


CACHED_OPTIONS = 4096
"""Enumerations longer than this are not kept: a crowded safe has ~700 000 plunders."""


def _multisets(bars: Iterable[str], budget: int, joiner: Callable[[Any, str], Any]) -> list[Any]:
    """Every distinct non-empty multiset of ``bars`` with values summing to at most ``budget``,
    as ``joiner(prefix, bar)`` chains, fewest bars first, then in canonical order.

    One depth-first walk in canonical order; bucketing by size keeps that order within each
    size, so nothing is sorted (the walk visits each multiset once: linear in the output).
    """
    kinds = sorted(Counter(bars).items(), key=lambda bc: BAR_KEY[bc[0]])
    names = [b for b, _ in kinds]
    counts = [c for _, c in kinds]
    values = [bar_value(b) for b in names]
    buckets: list[list[Any]] = [[] for _ in range(max(budget, 0) + 1)]

    def grow(first: int, used: int, size: int, left: int, prefix: Any) -> None:
        for j in range(first, len(names)):
            if values[j] > left or (used if j == first else 0) >= counts[j]:
                continue
            chosen = joiner(prefix, names[j])
            buckets[size + 1].append(chosen)
            grow(j, (used if j == first else 0) + 1, size + 1, left - values[j], chosen)

    grow(0, 0, 0, budget, None)
    return [m for bucket in buckets for m in bucket]


def take_tokens(bars: Iterable[str], budget: int) -> list[str]:
    """The ``take`` tokens of :func:`take_options`, built as strings directly (for ``legal``)."""
    return _multisets(bars, budget, lambda p, b: f"{p or 'take'} {b}")


def take_options(bars: tuple[str, ...], budget: int) -> tuple[tuple[str, ...], ...]:
    """Every distinct non-empty multiset of ``bars`` whose values sum to at most ``budget``.

    A plunder above target 17 could never succeed, so it is not offered (docs/rules, GC-4.2).
    """
    key = (tuple(bars), budget)
    found = _TAKES.get(key)
    if found is None:
        found = tuple(_multisets(bars, budget, lambda p, b: (*(p or ()), b)))
        _remember(_TAKES, key, found)
    return found


_TAKES: dict[Any, Any] = {}


def _remember(cache: dict[Any, Any], key: Any, value: Sized) -> None:
    """Keep small enumerations only, and at most 8 192 of them (oldest dropped first)."""
    if len(value) > CACHED_OPTIONS:
        return
    if len(cache) >= 1 << 13:
        del cache[next(iter(cache))]
    cache[key] = value


def rob_options(
    rows: tuple[tuple[str, int], ...], budget: int
) -> list[tuple[tuple[str, int], ...]]:
    """Every robbery of top bars from ``rows`` (row, count) with values summing to <= budget."""
    key = (rows, budget)
    found = _ROBS.get(key)
    if found is None:
        found = _rob_options(tuple(sorted(rows, key=lambda rk: ROW_KEY[rk[0]])), budget)
        _remember(_ROBS, key, found)
    return found


_ROBS: dict[Any, Any] = {}


def _rob_options(
    rows: tuple[tuple[str, int], ...],
    budget: int,
    joiner: Callable[[Any, tuple[str, int]], Any] | None = None,
) -> list[Any]:
    """Robberies in canonical order: a prefix-first walk over rows in row order, so nothing is
    sorted (linear in the output; a crowded crate has ~110 000)."""
    joiner = joiner or (lambda prefix, part: (*(prefix or ()), part))
    out: list[Any] = []

    def pick(first: int, left: int, prefix: Any) -> None:
        for i in range(first, len(rows)):
            row, k = rows[i]
            value = 0
            for n in range(1, k + 1):
                value += k - n + 1  # the top bars, highest first (GC-4.5)
                if value > left:
                    break
                chosen = joiner(prefix, (row, n))
                out.append(chosen)
                pick(i + 1, left - value, chosen)

    pick(0, budget, None)
    return out


def rob_tokens(rows: tuple[tuple[str, int], ...], budget: int) -> list[str]:
    """The ``rob`` tokens of :func:`rob_options`, built as strings directly (for ``legal``)."""
    rows = tuple(sorted(rows, key=lambda rk: ROW_KEY[rk[0]]))
    return _rob_options(rows, budget, lambda p, rn: f"{p or 'rob'} {rn[0]}:{rn[1]}")


def _pair_key(pair: tuple[str, str]) -> tuple[Any, Any]:
    return BAR_KEY[pair[0]], ROW_KEY[pair[1]]


def _sort_colour(bars: list[str], counts: dict[str, int]) -> list[tuple[tuple[str, str], ...]]:
    """Every way to place one colour's bars, ascending, each in a row that accepts it."""
    found: set[tuple[tuple[str, str], ...]] = set()

    def place(i: int, counts: dict[str, int], pairs: tuple[tuple[str, str], ...]) -> None:
        if i == len(bars):
            found.add(tuple(sorted(pairs, key=_pair_key)))
            return
        v = bar_value(bars[i])
        accepting = [r for r, k in counts.items() if k == v - 1 and k < int(r[1])]
        if not accepting:
            place(i + 1, counts, pairs)  # back to the safe
        for r in accepting:
            place(i + 1, {**counts, r: v}, (*pairs, (bars[i], r)))

    place(0, counts, ())
    return sorted(found, key=lambda pairs: [_pair_key(p) for p in pairs])


@lru_cache(maxsize=1 << 14)
def sort_options(
    storage: tuple[str, ...], rows: tuple[tuple[str, int], ...]
) -> list[tuple[tuple[str, str], ...]]:
    """Every way to sort the storage into the rows (GC-6.2), as canonical (bar, row) pairs."""
    per_colour = []
    for c in COLOURS:
        bars = [b for b in storage if b[0] == c]
        if bars:
            per_colour.append(_sort_colour(bars, {r: k for r, k in rows if r[0] == c}))
    return [tuple(p for part in combo for p in part) for combo in product(*per_colour)]


def _sort_token(pairs: tuple[tuple[str, str], ...]) -> str:
    return " ".join(("sort", *(f"{b}>{r}" for b, r in pairs)))
