"""One game at the table: the engine's Game, the dice, the log, undo and what the person at the
device has picked but not yet played (the selection).

Every change goes through :meth:`Session.play`: a token is applied, described for the log
and the selection cleared.  Intents from clicks and keys arrive at :meth:`Session.intent`.
A session saves as its record, and the record is all a reload needs: dice are tokens, and
the next dice continue from the seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamekit.safejson import one_line
from gold_connection import Game, IllegalMoveError, RecordError, canonical, odds
from gold_connection import record as records
from gold_connection.board import MAX_STEPS, Walk, exits, step, walks
from gold_connection.material import bar_value, sort_bars
from shell.i18n import Later, Message

from pages.gold_connection.log_lines import Line, describe
from pages.gold_connection.phrases import field as words_field
from pages.gold_connection.settings import Setup

GAME_ID = "gold-connection"
SAVE_FORMAT = "site-save/1"


@dataclass
class Entry:
    """One token in the log: who played it, in which turn, and its lines in words."""

    seat: int
    turn: int
    token: str
    lines: list[Line]


@dataclass
class Selection:
    """Choices being made at the device that are not tokens yet."""

    picked: list[str] = field(default_factory=list)  # bars named in the safe (a multiset)
    rob: dict[str, int] = field(default_factory=dict)  # row -> how many top bars
    route: tuple[str, ...] = ()  # corridors chosen at W and E for a longer way, in order
    sort: dict[int, str] = field(default_factory=dict)  # storage index -> chosen row
    hint: dict[str, Any] | None = None
    typed: str = ""  # a field's name being typed at the move prompt ("1" may become "12")


class SaveError(ValueError):
    """A save that cannot be resumed; the message says why in words (English detail)."""


def dice_rng(seed: int, rolls: int) -> random.Random:
    """The dice of a game: seeded from its seed, advanced past the rolls already made."""
    rng = random.Random(f"dice:{seed}")
    for _ in range(2 * rolls):
        rng.randint(1, 6)
    return rng


def new_seed() -> int:
    return random.SystemRandom().randrange(2**32)


class Session:
    def __init__(self, game: Game):
        self.game = game
        if game.seed is None:
            game.seed = new_seed()
        self.rng = dice_rng(game.seed, sum(1 for m in game.moves if m.startswith("dice")))
        self.sel = Selection()
        self.log: list[Entry] = []
        self.version = 0  # bumped by every change, so a late computer answer can be dropped
        self.last_move: dict[str, Any] | None = None
        self.notice: Message | None = None
        # the player closed this finished game's end screen: a reload shows the final board with
        # the result in the panel, not the end screen again (kept in the save as "closed")
        self.closed = False
        self._offered: tuple[tuple[()] | tuple[Game, int], list[Walk]] = ((), [])

    # ---- starting, saving, resuming ---------------------------------------------------------

    @classmethod
    def new(cls, setup: Setup) -> Session:
        seed = setup.seed if setup.seed is not None else new_seed()
        game = Game.new(setup.names(), seed=seed, ending=setup.ending, ais=setup.ais())
        return cls(game)

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> Session:
        """Replay a record (RecordError if it does not replay), rebuilding the log."""
        session = cls(records.replay(rec, upto=0))  # checks the start and the list of moves
        game = session.game
        for i, token in enumerate(rec.get("moves", [])):
            before = game.clone()
            with records.naming_move(i, token):
                game.apply(token)
            session.log.append(
                Entry(before.to_move, before.counter, token, describe(before, token, game))
            )
        assert game.seed is not None  # Session() gave it one
        session.rng = dice_rng(game.seed, sum(1 for m in game.moves if m.startswith("dice")))
        return session

    def save(self) -> dict[str, Any]:
        closed = {"closed": True} if self.closed and self.game.is_over() else {}
        return {"format": SAVE_FORMAT, "game": GAME_ID, "record": self.game.record(), **closed}

    @classmethod
    def resume(cls, data: object) -> Session:
        """A session from a save; SaveError for a corrupt or foreign one."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a save of this site")
        if data.get("game") != GAME_ID:
            raise SaveError(f"a save of another game ({data.get('game')!r})")
        try:
            record: Any = data.get("record")  # a JSON value: the replay checks it
            session = cls.from_record(record)
            session.closed = session.game.is_over() and data.get("closed") is True
            return session
        except RecordError as e:
            raise SaveError(str(e)) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise SaveError(f"the record is damaged ({type(e).__name__})") from None

    # ---- who is to act ----------------------------------------------------------------------

    def is_ai(self, seat: int) -> bool:
        return bool(self.game.players[seat].get("ai"))

    def hand_to_person(self, seat: int) -> None:
        """A computer seat becomes a person's (its level cannot run here)."""
        self.game.players[seat] = {k: v for k, v in self.game.players[seat].items() if k != "ai"}
        self.version += 1

    def computer_failed(self, reason: str) -> Message | None:
        """The computer seat to move cannot play at all (not even on the page's own thread): a
        person takes that seat so the game goes on. The notice to show, or None."""
        seat = self.game.to_move
        if seat < 0 or not self.is_ai(seat):
            return None
        self.hand_to_person(seat)
        name = self.game.players[seat]["name"]
        return "notice.ai_failed", {"name": name, "reason": one_line(reason, 120)}

    def ai_spec(self, seat: int) -> str | None:
        return self.game.players[seat].get("ai")

    def waiting(self) -> str:
        """ "over", "ai" or "ai-roll" (the computer's turn), "human" or "human-roll"."""
        g = self.game
        if g.is_over():
            return "over"
        who = "ai" if self.is_ai(g.to_move) else "human"
        return who + "-roll" if g.prompt == "roll" else who

    def humans_turn(self) -> bool:
        return self.waiting() in ("human", "human-roll")

    # ---- playing tokens ---------------------------------------------------------------------

    def play(self, token: str, trusted: bool = False) -> str:
        """Apply a token (IllegalMoveError if it is not legal) and log it.

        ``trusted``: a token known to be legal (the page's own dice) is pushed unchecked.
        Everything else is checked; that is cheap even in a crowded vault (``Game.is_legal``).
        """
        g = self.game
        before = g.clone()
        if trusted:
            token = canonical(token)
            g.push(token)
        else:
            token = g.apply(token)
        self.log.append(Entry(before.to_move, before.counter, token, describe(before, token, g)))
        self.last_move = self._last_move(before, token)
        self.sel = Selection()
        self.notice = None
        self.version += 1
        return token

    def roll(self) -> str:
        a, b = sorted((self.rng.randint(1, 6), self.rng.randint(1, 6)))
        if self.game.prompt != "roll":
            raise IllegalMoveError("dice", "the game does not wait for a roll")
        return self.play(f"dice {a} {b}", trusted=True)

    def _last_move(self, before: Game, token: str) -> dict[str, Any] | None:
        """The path of this turn's latest move, for the vault; none once the turn is over."""
        if token.startswith("move"):
            return {"fields": walk_path(before, token)}
        t = self.game.turn
        return self.last_move if t is not None and t.moved else None

    # ---- undo -------------------------------------------------------------------------------

    def can_undo(self) -> bool:
        """The last corridor chosen for the way being built, or the decision just made by the
        person to act now, since the last roll of the dice, can be taken back: never while the
        computer plays, never another seat's action."""
        if not self.humans_turn():
            return False
        if self.sel.route:
            return True
        if not self.log:
            return False
        last = self.log[-1]
        return (
            not last.token.startswith("dice")
            and last.seat == self.game.to_move
            and not self.is_ai(last.seat)
        )

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        if self.sel.route:  # the way being built: one corridor back
            self.sel.route = self.sel.route[:-1]
            return self._changed()
        g = self.game
        self.game = records.replay(g.record(), upto=len(g.moves) - 1)
        self.log.pop()
        self.sel = Selection()
        self.notice = None
        self.last_move = None
        self.version += 1
        return True

    # ---- derived views of the state -----------------------------------------------------------

    def destinations(self) -> dict[str, list[str]]:
        """Field -> every legal move ending there, shortest first, at the move prompt."""
        out: dict[str, list[str]] = {}
        if self.game.prompt != "move":
            return out
        for tok in self.game.legal():
            if tok.startswith("move"):
                out.setdefault(walk_end(self.game, tok), []).append(tok)
        return out

    def offered(self) -> list[Walk]:
        """:func:`offered` for the game as it stands, worked out once per state."""
        # the game itself in the key (Game compares by identity), not its id(): a freed
        # game's id may be given to the next one
        key = (self.game, len(self.game.moves))
        if self._offered[0] != key:
            self._offered = (key, offered(self.game))
        return self._offered[1]

    def reach(self) -> dict[str, Walk]:
        """At the move prompt: field -> the walk a tap on it takes. With no way being built,
        the shortest walk to each field; else the shortest that follows the corridors chosen
        so far (it ends on the way built, or goes on beyond it). A walk longer than its
        field's shortest is left out when it is hopeless (:func:`offered`)."""
        g = self.game
        if g.prompt != "move":
            return {}
        route, out = self.sel.route, {}
        for w in self.offered():
            if w.field not in out and follows(w.choices, route):
                out[w.field] = w
        return out

    def route_end(self) -> tuple[list[str], str | None]:
        """The way built so far, as the fields it passes from the arrow up to the end field
        where the next corridor is chosen, and the corridor it arrives there from (None: the
        step limit comes first)."""
        t = self.game.live
        here, heading, came = t.arrow, t.heading, t.arrived_from
        path, left = [here], list(self.sel.route)
        for _ in range(MAX_STEPS - t.steps):
            if heading is None:
                if not left:
                    return path, came
                heading = left.pop(0)
            here, heading, came = step(here, heading)
            path.append(here)
        return path, None

    def corridors(self) -> list[str]:
        """The corridors that may be chosen next for the way being built: those through which
        some walk is offered (none when they are all hopeless)."""
        if self.game.prompt != "move":
            return []
        _, came = self.route_end()
        if came is None:
            return []
        route, k = self.sel.route, len(self.sel.route)
        found = {w.choices[k] for w in self.offered() if w.choices[:k] == route and w.choices[k:]}
        return [c for c in exits(came) if c in found]

    def safe_bars(self) -> list[str]:
        """The bars in the safe at the arrow, when they may be plundered now."""
        g = self.game
        if not g.can_take():  # not g.legal(): a crowded safe has ~700 000 plunders
            return []
        return list(g.fields[g.live.arrow])

    def victim(self) -> int | None:
        return self.game.victim()

    def take_token(self) -> str | None:
        return "take " + " ".join(sort_bars(self.sel.picked)) if self.sel.picked else None

    def rob_token(self) -> str | None:
        parts = [f"{row}:{n}" for row, n in self.sel.rob.items() if n]
        return "rob " + " ".join(parts) if parts else None

    def rob_bars(self) -> list[str]:
        """The bars the selected robbery takes, top bars first."""
        v = self.victim()
        out: list[str] = []
        for row, n in self.sel.rob.items():
            assert v is not None  # a robbery is picked only where there is a victim
            k = self.game.rows[v][row]
            out.extend(f"{row[0]}{value}" for value in range(k, k - n, -1))
        return out

    def pending_target(self) -> int | None:
        """The target of what is selected (or of the pending roll)."""
        g = self.game
        if g.prompt == "roll" and g.turn is not None and g.turn.target is not None:
            return g.turn.target
        if g.prompt != "act":
            return None
        bars = self.sel.picked or self.rob_bars()
        return g.live.steps + sum(map(bar_value, bars))

    def sort_plan(self) -> list[tuple[str, list[str], str | None]]:
        """At the sort prompt: each storage bar (ascending), the rows that accept it then,
        and the row it goes to under the current choices (None: back to the safe) (GC-6.2)."""
        g = self.game
        counts = dict(g.rows[g.to_move])
        plan = []
        for i, bar in enumerate(sort_bars(g.live.storage)):
            v = bar_value(bar)
            rows = [r for r, k in counts.items() if r[0] == bar[0] and k == v - 1 and k < int(r[1])]
            chosen = (
                self.sel.sort.get(i)
                if self.sel.sort.get(i) in rows
                else (rows[0] if rows else None)
            )
            if chosen:
                counts[chosen] += 1
            plan.append((bar, rows, chosen))
        return plan

    def sort_token(self) -> str:
        return " ".join(["sort"] + [f"{bar}>{row}" for bar, _, row in self.sort_plan() if row])

    # ---- intents: what a click or a key asks for ----------------------------------------------

    def intent(self, name: str, arg: str = "") -> bool:
        """Carry out an intent of the person at the device; True if anything changed.

        Intents that are not possible now are ignored (buttons may be clicked twice), and
        an illegal token leaves a notice instead of raising.
        """
        if name in ("undo",):
            return self.undo()
        if not self.humans_turn():
            return False
        handler = getattr(self, "_i_" + name, None)
        if handler is None:
            return False
        try:
            return bool(handler(arg))
        except IllegalMoveError as e:
            self.notice = ("notice.illegal", {"reason": e.reason})
            self.version += 1
            return True

    def _changed(self) -> bool:
        self.version += 1
        return True

    def _i_roll(self, arg: str) -> bool:
        g = self.game
        if g.prompt == "roll":
            self.roll()
            return True
        if g.prompt == "act":
            token = self.take_token() or self.rob_token()
            if token is None:
                return False
            self.play(token)
            self.roll()
            return True
        return False

    def _i_end(self, arg: str) -> bool:
        if self.game.prompt != "act":  # "end" is legal at every action (GC-4.6)
            return False
        self.play("end")
        self.roll()
        return True

    def _simple(self, token: str) -> bool:
        token = canonical(token)
        if token not in self.game.legal():
            return False
        self.play(token)
        return True

    def _i_stop(self, arg: str) -> bool:
        return self._simple("stop")

    def _i_accept(self, arg: str) -> bool:
        return self._simple("accept")

    def _i_spend(self, arg: str) -> bool:
        spend = [tok for tok in self.game.legal() if tok.startswith("spend")]
        return self._simple(spend[0]) if spend else False

    def _i_face(self, arg: str) -> bool:
        return self._simple(f"face {arg}")

    def _i_place(self, arg: str) -> bool:
        return self._simple(f"place {arg}")

    def _i_field(self, field: str) -> bool:
        """A click on a field of the vault: at the move prompt, the walk there that keeps to
        the way built so far (:meth:`reach`)."""
        g = self.game
        if g.prompt == "place":
            return self._simple(f"place {field}")
        if g.prompt != "move":
            return False
        walk = self.reach().get(field)
        if walk:
            return self._simple(walk.token)
        self.notice = ("notice.unreachable", {"field": Later(words_field, field)})
        return self._changed()

    def _i_via(self, corridor: str) -> bool:
        """The way being built enters ``corridor`` at the end field it has reached (GC-2.3);
        ``up``/``down``: the upper or lower of the two corridors that may be entered there."""
        if corridor in ("up", "down"):
            _, came = self.route_end() if self.game.prompt == "move" else ([], None)
            two = exits(came) if came else ()
            corridor = two[0 if corridor == "up" else -1] if two else ""
        if corridor not in self.corridors():
            return False
        self.sel.route = (*self.sel.route, corridor)
        self.sel.typed = ""
        return self._changed()

    def _i_type(self, char: str) -> bool:
        """A key typed at the move prompt: a field's number or letter walks there; "1" waits
        for a second digit while safes 10 to 12 are in reach too. At the placement, the
        same for the safes the dice allow (GC-3.3)."""
        g = self.game
        if g.prompt not in ("move", "place") or len(char) != 1:
            return False
        reach = self.reach() if g.prompt == "move" else {tok.split()[1]: tok for tok in g.legal()}
        typed = self.sel.typed + char.upper()
        if not any(f.startswith(typed) for f in reach):
            typed = char.upper()  # a fresh start: "1" then "7" goes to 7
        if not any(f.startswith(typed) for f in reach):
            self.sel.typed = ""
            if g.prompt == "place":  # the panel already lists the safes the dice allow
                return False
            self.notice = ("notice.unreachable", {"field": Later(words_field, typed)})
            return self._changed()
        if typed in reach and not any(f != typed and f.startswith(typed) for f in reach):
            return self._i_field(typed)
        self.sel.typed = typed
        return self._changed()

    def _i_enter(self, arg: str) -> bool:
        """Enter outside a button: go to the field typed so far, or roll for what is named."""
        g = self.game
        if g.prompt in ("move", "place"):
            return bool(self.sel.typed) and self._i_field(self.sel.typed)
        if g.prompt in ("roll", "act"):
            return self._i_roll(arg)
        return False

    def _i_cancel(self, arg: str) -> bool:
        """Escape: one corridor back on the way being built, else drop what is picked."""
        if self.sel.route:
            return self.undo()
        self.sel = Selection()
        self.notice = None
        return self._changed()

    def _i_bar(self, arg: str) -> bool:
        """Toggle a bar in the safe: ``g3`` cycles how many g3 are named; ``g3:1`` is the
        second g3 (it and the ones after it are dropped if named, else named up to it)."""
        bars = self.safe_bars()
        bar, _, index = arg.partition(":")
        have = bars.count(bar)
        if not have:
            return False
        named = self.sel.picked.count(bar)
        if index:
            i = int(index)
            if i >= have:
                return False
            count = i if named > i else i + 1
        else:
            count = (named + 1) % (have + 1)
        self.sel.picked = sort_bars([b for b in self.sel.picked if b != bar] + [bar] * count)
        self.sel.rob = {}
        return self._changed()

    def _i_all(self, arg: str) -> bool:
        bars = self.safe_bars()
        if not bars:
            return False
        self.sel.picked = [] if sorted(self.sel.picked) == sorted(bars) else sort_bars(bars)
        return self._changed()

    def _i_robbar(self, arg: str) -> bool:
        """``g6:2``: the second bar from the top of the victim's g6 row; top bars first."""
        v = self.victim()
        row, _, pos = arg.partition(":")
        if v is None or row not in self.game.rows[v] or not pos.isdigit():
            return False
        n, k = int(pos), self.game.rows[v][row]
        if not 1 <= n <= k:
            return False
        self.sel.rob[row] = n - 1 if self.sel.rob.get(row, 0) >= n else n
        self.sel.rob = {r: c for r, c in sorted(self.sel.rob.items()) if c}
        self.sel.picked = []
        return self._changed()

    def _i_row(self, arg: str) -> bool:
        """A tap on a crate's row: ``g6/4`` (on its bar 4) or ``g6``. Robbing, the victim's
        row: bar 4 and every bar above it are named (again: un-named), the row alone names one
        more bar from the top (after the last, none). Sorting, one's own row: the first bar
        that may go there and has a choice goes there."""
        g = self.game
        row, _, value = arg.partition("/")
        if g.prompt == "act" and (victim := self.victim()) is not None:
            k = g.rows[victim].get(row, 0)
            if not k:
                return False
            if value.isdigit() and 1 <= int(value) <= k:
                return self._i_robbar(f"{row}:{k - int(value) + 1}")
            n = (self.sel.rob.get(row, 0) + 1) % (k + 1)
            self.sel.rob = {r: c for r, c in sorted({**self.sel.rob, row: n}.items()) if c}
            self.sel.picked = []
            return self._changed()
        if g.prompt == "sort":
            for i, (_, rows, chosen) in enumerate(self.sort_plan()):
                if row in rows and len(rows) > 1 and chosen != row:
                    return self._i_sortpick(f"{i}:{row}")
        return False

    def _i_sortpick(self, arg: str) -> bool:
        index, _, row = arg.partition(":")
        if self.game.prompt != "sort" or not index.isdigit():
            return False
        self.sel.sort[int(index)] = row
        return self._changed()

    def _i_sort(self, arg: str) -> bool:
        return self._simple(self.sort_token())

    def set_hint(self, hint: dict[str, Any] | None) -> None:
        self.sel.hint = hint
        self.version += 1


HOPELESS_BELOW = Fraction(1, 6)
"""A walk longer than its field's shortest is offered only if its easiest roll succeeds this
often, chips included."""


def best_chance(g: Game, field_: str, steps: int) -> Fraction:
    """The chance of the easiest roll after walking ``steps`` more to ``field_``: its cheapest
    bar, or the turn's end there (GC-4.3 to GC-4.6), with every chip the player holds."""
    start, plundered = g.stone[g.to_move], g.live.plundered
    others = [i for i in range(g.n) if i != g.to_move and g.stone[i] == field_]
    bars = g.fields[field_] if field_ != start and field_ not in plundered and not others else []
    target = g.live.steps + steps + min((bar_value(b) for b in bars), default=0)
    return odds.success(target, g.chips[g.to_move])


def offered(g: Game) -> list[Walk]:
    """The legal walks worth offering, shortest first: each field's shortest, and the longer
    ones (they arrive with another heading) unless hopeless."""
    shortest: dict[str, int] = {}
    out = []
    for w in g.legal_walks():
        least = shortest.setdefault(w.field, w.steps)
        if w.steps == least or best_chance(g, w.field, w.steps) >= HOPELESS_BELOW:
            out.append(w)
    return out


def follows(choices: tuple[str, ...], route: tuple[str, ...]) -> bool:
    """A walk with these corridor choices keeps to the way built: it ends on it (its choices
    begin the route) or goes on beyond it (the route begins its choices)."""
    k = min(len(choices), len(route))
    return choices[:k] == route[:k]


def walk_path(game: Game, token: str) -> list[str]:
    """The fields a move passes, from the arrow to where it ends (GC-2.3)."""
    return [f for f, _ in walk_steps(game, token)]


def walk_steps(game: Game, token: str) -> list[tuple[str, str | None]]:
    """Each field of a move with the corridor chosen on leaving it (None: no choice there)."""
    t = game.live
    words = token.split()
    steps, choices = int(words[1]), list(words[2:])
    here, heading, came = t.arrow, t.heading, t.arrived_from
    out: list[tuple[str, str | None]] = []
    for _ in range(steps):
        chosen = None
        if heading is None:
            heading = chosen = choices.pop(0)
        out.append((here, chosen))
        here, heading, came = step(here, heading)
    out.append((here, None))
    return out


def walk_end(game: Game, token: str) -> str:
    t = game.live
    for w in walks(t.arrow, t.heading, t.arrived_from):
        if w.token == token:
            return w.field
    return walk_path(game, token)[-1]
