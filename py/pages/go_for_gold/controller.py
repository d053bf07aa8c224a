"""Go for Gold's page as state: the game, the path being drawn, dialogs, notices, the log.

``App.intent(name, arg)`` is the single entry of every click and key; the page
(``page``) forwards events here and draws ``view.parts(app)``; this module never imports the
view. Pure:
no browser, so a whole game can be played in CPython tests.

>>> from shell.store import MemoryBackend
>>> a = App(MemoryBackend(), "?players=human&seed=3")
>>> a.waiting(), a.game.prompt
('human', 'start')
>>> a.intent("field", "g1"), a.waiting()
(True, 'chance')
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import parse_qsl

from gamekit import daily
from gamekit.safejson import clip, one_line
from go_for_gold import record as records
from go_for_gold.game import CHANCE, Game
from shell import i18n, links, site
from shell.i18n import Message
from shell.settings import SEED_MAX, SPEEDS, parse_seed
from shell.store import Backend, Store, Unreadable

from pages.go_for_gold import phrases as words
from pages.go_for_gold.settings import (
    Seat,
    Setup,
    ai_error,
    clean_name,
    parse_query,
    quick_setup,
    unique,
)


class Roll(NamedTuple):
    """A roll as the die box shows it: its kind (move, search, temple), its face, whose it was
    (-1: the movement roll, everyone's) and what it did (a message id and its parameters)."""

    kind: str
    n: int
    seat: int
    outcome: words.Line
    at: int  # its place in the game's moves: a new roll, even of the same face
    round: int  # the round it was rolled in: the status says so once the next round began


if TYPE_CHECKING:  # the review and the expert it asks load with the first review
    from pages.go_for_gold.review import ReviewRun

Path = tuple[str, ...]
Steps = tuple[list[Path], Path, frozenset[str]]
"""The paths, a path so far, and its next steps."""

NAMESPACE = "go-for-gold"
LOG_KEEP = 400  # log lines kept on screen (a six-player game has ~300)


class App:
    def __init__(
        self,
        backend: Backend,
        query: str = "",
        languages: Iterable[str] = (),
        touch: bool = False,
        fragment: str = "",
    ):
        """``touch``: the page is used by touch (its texts name no keys); ``fragment``: the
        address's ``#…``, a record to play on from."""
        self.site = Store(backend, "site")
        self.store = Store(backend, NAMESPACE)
        site.choose_language(self.site, None, languages)
        speed = self.store.get("speed")
        self.speed = speed if speed in SPEEDS else "normal"
        self.notices: list[Message] = []
        self.dialog: str | None = None  # newgame, confirm, link, sheet, over or review
        self.review: ReviewRun | None = None  # the finished game's review, once asked for
        self.daily_note = ""  # on a daily game's end screen: what it counted for (the page's)
        self.today = ""  # the player's local date (the page's clock): which daily is today's
        self.link_errors: list[Message] = []  # what the address got wrong, if it opened the form
        self.form: Setup = self._stored_form()
        self.form_seed = ""  # what the player typed in the seed box
        self.shared: tuple[str, bool] | None = None  # the Share dialog's link, and if copied
        # a set-up, or a game played on from a replay, waiting for "leave the game?"
        self.pending: Setup | Game | None = None
        self.viewing: int | None = None  # a seat whose sheet is open full size
        self.url_consumed = False
        self.save_failed = False
        self.other_tab = False  # another tab saved its game: this one saves nothing until asked
        self.first = False  # a first visit: the New game form says what the game is
        self.version = 0
        self.building: list[str] = []
        self.foot: int | None = None  # a foot about to be crossed off for this length
        self.cursor: str | None = None  # the field the keyboard is on
        self.holder: int | None = None  # the person holding the device (hot seat)
        self.fresh: tuple[int, list[str]] | None = None  # the latest path, to animate
        self.log: list[words.Line] = []
        self.games = 0  # games shown since the page opened (news keys start again with each)
        self.sr_asked: bool | None = None  # the address's sr=1 / sr=0
        self.logged = 0  # log lines ever written in this game (the log keeps the newest)
        self.over_shown = False
        # the finished game whose end screen the player closed: a reload shows its final board,
        # the result in the panel, not the end screen again (kept in the save as "closed")
        self.closed_for: Game | None = None
        self.roll_seen: Roll | None = None  # the last roll of any kind, as the die box shows it
        # since a person last decided: each seat's doings in words, as the panel sums them up
        self.recap: dict[int, list[words.Line]] = {}
        self._actor = -1  # the seat of the last move (a search roll is its searcher's)
        self._undo_at: int | None = None  # the first move a person made since the last roll
        self.hint: dict[str, Any] | None = None  # the strongest level's advice, asked by Hint
        self.hint_busy = False
        self.skipping = False  # Skip: the computers' moves at once until a person acts
        self.pointed: str | None = None  # the field pointed at or focused (its odds shown)
        self.labels = self.store.get("labels") is True  # field names written on the island
        self.touch = touch
        i18n.set_touch(touch)
        self._paths: tuple[Game, tuple[int, int], list[tuple[str, ...]]] | None = None
        self._steps: Steps | None = None  # next_steps() for the path so far
        self._path_set: tuple[list[Path], frozenset[Path]] | None = None
        self._drawing: tuple[Game, object, object] | None = None  # a saved path being drawn
        self.game = self._boot(query, fragment)
        self._redraw_path()
        for key, reason in self.site.set_aside + self.store.set_aside:
            if key != self.store.key("save"):
                self.notices.append(("gg.notice.stored_bad", {"key": key, "reason": reason}))

    # ---- start-up -----------------------------------------------------------------------------

    def _boot(self, query: str, fragment: str = "") -> Game:
        q = None
        if query.strip("?"):
            q = parse_query(query, self.form, i18n.languages())
            if q.lang:
                i18n.set_language(q.lang)
                self.form = self._stored_form()  # its default names ("Player 1") in it too
                q = parse_query(query, self.form, i18n.languages())  # names in that language
            self.url_consumed = True
            if q.speed:
                self.set_speed(q.speed)
            self.sr_asked = q.sr
            self.notices.extend(q.errors)
            self.link_errors = list(q.errors)  # the form, if it opens for them, says them too
        game = self._resume()
        linked = self._linked(fragment)
        if linked is not None:
            if game is not None and self.in_progress(game):
                self.pending = linked  # a link never silently replaces a game
                self.dialog = "link"
                return self._adopt(game)
            return self._adopt(linked)
        if q is not None and q.setup is not None:
            if game is not None and self.in_progress(game):
                self.pending = q.setup  # a link never silently replaces a game
                self.dialog = "link"
                self._adopt(game)
                return game
            return self._adopt(self._new_game(q.setup))
        if game is None:
            game = self._new_game(self.form)
            self.dialog = "newgame"
            self.first = self.store.get("setup") is None  # no game ever started here
        elif game.over:
            self.over_shown = True
            self.dialog = None if self.closed_for is game else "over"  # the end screen once
        return self._adopt(game)

    def _redraw_path(self) -> None:
        """The path being drawn when the game was saved, step by step as far as it still
        fits (a reload mid-path keeps the steps already tapped)."""
        found, self._drawing = self._drawing, None
        if found is None or found[0] is not self.game:
            return
        _, foot, path = found
        if isinstance(foot, int) and not isinstance(foot, bool):
            self.do_foot(str(foot))
        for f in path if isinstance(path, list) else []:
            if not (isinstance(f, str) and f in self.next_steps()):
                break
            self.building.append(f)

    def _check_seats(self, game: Game) -> None:
        """A computer seat this page cannot run is played by a person, and said so."""
        for p in game.players:
            why = ai_error(p["ai"]) if isinstance(p.get("ai"), str) and p["ai"] else None
            if why:
                name, spec = p["name"], p["ai"]
                p.pop("ai")
                self.notices.append(
                    (
                        "gg.notice.ai_seat_bad",
                        {"name": name, "spec": clip(spec), "reason": one_line(why, 120)},
                    )
                )

    def _linked(self, fragment: str) -> Game | None:
        """The game a replay's "Play from here" carries (``#g=…``: a record cut at a step),
        to play on with fresh dice; a broken link is named and starts nothing."""
        payload = dict(parse_qsl(fragment.lstrip("#"))).get("g")
        if not payload:
            return None
        self.url_consumed = True
        try:
            game = records.replay(links.record_from_payload(payload))
        except Exception as e:  # any refusal of the link or record reader, in one line
            self.notices.append(links.problem(e))
            return None
        game.seed = random.SystemRandom().randrange(SEED_MAX)  # its own dice would repeat
        self._check_seats(game)
        return game

    def _stored_form(self) -> Setup:
        """The New game form as last left, its default names in the language in force."""
        return Setup.from_dict(self.store.get("setup"))

    def _resume(self) -> Game | None:
        try:
            data = self.store.load("save")
        except Unreadable as e:
            self.notices.append(("gg.notice.save_bad", {"reason": str(e)}))
            return None
        if data is None:
            return None
        try:
            if not isinstance(data, dict) or "record" not in data:
                raise ValueError("the save holds no game record")
            game = records.replay(data["record"])
            self._check_seats(game)
            self._drawing = (game, data.get("foot"), data.get("path"))
            if game.over and data.get("closed") is True:
                self.closed_for = game
            return game
        except Exception as e:  # any refusal of the record reader, in one line
            reason = one_line(str(e) or type(e).__name__, 200)
            self.notices.append(("gg.notice.save_bad", {"reason": reason}))
            self.store.put_aside("save", reason)
            return None

    def _new_game(self, setup: Setup) -> Game:
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(SEED_MAX)
        return Game.new(
            [s.name for s in setup.seats],
            ais=[s.ai for s in setup.seats],
            map_name=setup.map,
            seed=seed,
        )

    def _adopt(self, game: Game) -> Game:
        """Make ``game`` the one on screen: its log replayed from the start."""
        self.game = game
        self.games += 1
        self.log = []
        self.recap = {}
        self._actor = -1
        self._undo_at = None
        self.roll_seen = None
        self.hint = None
        self.skipping = False
        self.pointed = self.cursor = None  # a ring left by the last game reads as a marker
        replay = Game(game.players, map_name=game.map_name, seed=game.seed)
        for tok in game.moves:
            before = replay.clone()
            replay.push(tok)
            self.log.extend(words.describe(before, tok, replay))
            self._note(before, tok, replay)
        self.logged = len(self.log)
        self.log = self.log[-LOG_KEEP:]
        self.reset_turn()
        self.fresh = None
        self.holder = None
        self.version += 1
        return game

    def pending_daily(self) -> str | None:
        """``island`` when the game a link asks for is today's daily island, else None."""
        p = self.pending
        seed = p.seed if isinstance(p, (Setup, Game)) else None
        return links.todays_daily(seed, self.today) if self.dialog == "link" else None

    def daily_day(self) -> str | None:
        """The day of the daily island being played (its seed names it), None for any other
        game."""
        found = daily.day_of(self.game.seed)
        return found[0] if found is not None and found[1] == "island" else None

    def in_progress(self, game: Game | None = None) -> bool:
        g = game or self.game
        return not g.over and len(g.moves) > 1

    # ---- who acts -----------------------------------------------------------------------------

    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.game.players) if not p.get("ai")]

    def waiting(self) -> str:
        """ "dialog", "over", "chance" (the page rolls), "ai", "handoff" or "human"."""
        g = self.game
        if self.dialog in ("newgame", "confirm", "link"):
            return "dialog"
        if g.over:
            return "over"
        if g.current_player() == CHANCE:
            return "chance"
        seat = g.to_move
        if g.players[seat].get("ai"):
            return "ai"
        if len(self.humans()) > 1 and self.holder != seat:
            return "handoff"
        return "human"

    def shown(self) -> int:
        """The seat whose sheet is drawn large: the person to move, else the person holding
        the device (a computer's turn never takes a person's island away: the computers' moves
        show on their cards), else the computer to move."""
        g = self.game
        people = self.humans()
        moving = not g.over and g.to_move >= 0 and g.prompt != "roll"
        if moving and (g.to_move in people or not people):
            return g.to_move
        if self.holder is not None:
            return self.holder
        if people:
            return people[0]
        return max(range(g.n), key=g.rank)

    def state(self) -> str:
        return "over" if self.game.over else "ready"

    # ---- the path being drawn -----------------------------------------------------------------

    def length(self) -> int:
        return self.foot or self.game.length or 0

    def paths(self) -> list[tuple[str, ...]]:
        g = self.game
        key = (len(g.moves), self.length())
        # the game itself in the key: a new game may reach the same length and die
        if self._paths is None or self._paths[0] is not g or self._paths[1] != key:
            self._paths = (g, key, g.paths(g.to_move, key[1]))
        return self._paths[2]

    def next_steps(self) -> set[str]:
        paths, steps = self.paths(), tuple(self.building)
        found = self._steps
        # a drawing asks several times (the fields' classes, the dead ends, the panel): worked
        # out once a path so far; the list of paths in the key (a new one each game and length)
        if found is None or found[0] is not paths or found[1] != steps:
            n = len(steps)
            nxt = frozenset(p[n] for p in paths if len(p) > n and p[:n] == steps)
            found = self._steps = (paths, steps, nxt)
        return set(found[2])

    def complete(self) -> bool:
        paths = self.paths()
        if self._path_set is None or self._path_set[0] is not paths:
            self._path_set = (paths, frozenset(paths))
        return tuple(self.building) in self._path_set[1]

    def dead_ends(self) -> set[str]:
        """Fields next to the path's end that could be entered but lead to no full path."""
        g = self.game
        sheet = g.sheets[g.to_move]
        end = self.building[-1] if self.building else sheet.at
        if end is None or self.complete():
            return set()
        blocked = set(sheet.visited) | set(self.building)
        near = {f for f in g.island.neighbours[end] if f not in blocked}
        return near - self.next_steps()

    def reset_turn(self) -> None:
        self.building = []
        self.foot = None

    # ---- intents ------------------------------------------------------------------------------

    def intent(self, name: str, arg: str = "") -> bool:
        """Do what a click or key asks; True if the screen should be drawn again."""
        handler = getattr(self, "do_" + name.replace("-", "_"), None)
        if handler is None:
            return False
        changed = handler(arg)
        return changed is not False

    def do_field(self, f: str) -> bool:
        g = self.game
        if f not in g.island.marks or self.waiting() != "human":
            return False
        self.cursor = f
        if g.prompt in ("jump", "start"):
            if f"{g.prompt} {f}" in g.legal():
                self.play(f"{g.prompt} {f}")
            return True
        if g.prompt != "move":
            return True
        if f in self.next_steps():
            self.building.append(f)
        elif self.building and f == self.building[-1] and self.complete():
            return self.do_confirm()  # the end of a finished path again: draw it
        elif self.building and f == self.building[-1]:
            self.building.pop()
        elif f in self.building:
            del self.building[self.building.index(f) + 1 :]
        elif f == g.sheets[g.to_move].at:
            self.building = []
        return True

    def do_cursor(self, f: str) -> bool:
        if f in self.game.island.marks:
            self.cursor = f
        return False

    def do_undo(self, _: str = "") -> bool:
        """Undo: a step of the path being drawn, the foot chosen for it, else every decision
        since the last roll (a person's and the computers' after it; what a roll showed stays)."""
        if self.waiting() == "human" and self.building:
            self.building.pop()
            self.cursor = None  # the undone end keeps no ring: it is no longer where you are
        elif self.waiting() == "human" and self.foot is not None:
            self.foot = None
        else:
            point = self.undo_point()
            if point is None:
                return False
            game = self.game
            back = Game(game.players, map_name=game.map_name, seed=game.seed)
            for tok in game.moves[:point]:
                back.push(tok)
            self._adopt(back)
            self.holder = back.to_move  # the person who undid holds the device
            self.save()
        return True

    def can_undo(self) -> bool:
        return self.waiting() == "human" and bool(self.building or self.foot) or (
            self.undo_point() is not None
        )

    def undo_point(self) -> int | None:
        """How many moves stay when Undo goes back to the last roll: up to the first decision
        a person made after it (None: no such decision, or the page is not waiting on play)."""
        if self.waiting() not in ("human", "ai", "chance"):
            return None
        return self._undo_at

    def do_clear(self, _: str = "") -> bool:
        self.building = []
        return True

    def do_foot(self, arg: str) -> bool:
        g = self.game
        if self.waiting() != "human" or g.prompt != "move":
            return False
        k = int(arg) if arg.isdigit() else 0
        if k == 0 or k == self.foot:
            self.foot = None
        elif k in g.foot_options(g.to_move):
            self.foot = k
        else:
            return False
        self.building = []
        return True

    def do_confirm(self, _: str = "") -> bool:
        if self.waiting() != "human" or self.game.prompt != "move" or not self.complete():
            return False
        path = "path " + " ".join(self.building)
        if self.foot is not None:
            self.play(f"foot {self.foot}")
        self.play(path)
        return True

    def do_play(self, tok: str) -> bool:
        """A decision button: search, explore, pass, spend k, jump h."""
        if self.waiting() != "human" or tok.split(" ")[0] in ("path", "foot", "die"):
            return False
        if tok not in self.game.legal():
            return False
        self.play(tok)
        return True

    def do_skip(self, _: str = "") -> bool:
        """Skip: the computers play on at once until a person is to act (the page's pace
        returns then)."""
        if self.waiting() not in ("ai", "chance") or not self.humans():
            return False
        self.skipping = True
        return True

    def do_labels(self, _: str = "") -> bool:
        """Field names on the island, on or off (remembered)."""
        self.labels = not self.labels
        self.store.set("labels", self.labels)
        return True

    def do_point(self, f: str) -> bool:
        """A field pointed at or focused (or a harbour's Start button): its odds and its
        light; an empty ``f`` when the pointer leaves."""
        f = f if f in self.game.island.marks else ""
        if (self.pointed or "") == f:
            return False
        self.pointed = f or None
        return True

    # ---- the hint -----------------------------------------------------------------------------

    def hint_asked(self) -> bool:
        """Hint was pressed: the page asks the worker (False: nothing to advise now)."""
        if self.waiting() != "human" or self.hint_busy:
            return False
        self.hint_busy = True
        self.hint = None
        return True

    def set_hint(self, hint: dict[str, Any] | None, moves: int) -> None:
        """The worker's answer for the position after ``moves`` moves (dropped if play went
        on meanwhile)."""
        self.hint_busy = False
        if hint is not None and moves == len(self.game.moves) and self.waiting() == "human":
            self.hint = {**hint, "moves": moves}
        self.version += 1

    def hint_plan(self) -> list[str]:
        """The hint's tokens that still apply now, in order (empty once play moved on)."""
        h = self.hint
        if not h or h.get("moves") != len(self.game.moves) or self.waiting() != "human":
            return []
        token, then = h.get("token"), h.get("then")
        if not isinstance(token, str) or not self.game.is_legal(token):
            return []
        if not isinstance(then, str):
            return [token]
        after = self.game.clone()
        after.push(token)
        return [token, then] if after.is_legal(then) else [token]

    def hint_path(self) -> list[str]:
        """The fields of the path the hint walks (empty if it walks none)."""
        tokens = [tok for tok in self.hint_plan() if tok.startswith("path ")]
        return tokens[0].split()[1:] if tokens else []

    def do_play_hint(self, _: str = "") -> bool:
        """Play it: the hint's decisions, as if chosen by hand."""
        plan = self.hint_plan()
        if not plan:
            return False
        self.reset_turn()
        for tok in plan:
            self.play(tok)
        return True

    def do_handoff(self, _: str = "") -> bool:
        if self.waiting() != "handoff":
            return False
        self.holder = self.game.to_move
        return True

    def do_view(self, arg: str) -> bool:
        if arg.isdigit() and int(arg) < self.game.n:
            self.viewing = int(arg)
            self.dialog = "sheet"
            return True
        return False

    def do_review(self, _: str = "") -> bool:
        """Open the review of the game just over (the page asks the worker for it in steps);
        a review made or under way for this very game is shown again."""
        if not self.game.over:
            return False
        rec = self.game.record()
        if self.review is None or self.review.rec != rec or self.review.error:
            from pages.go_for_gold.review import ReviewRun

            self.review = ReviewRun(rec)
        self.dialog = "review"
        return True

    def do_over(self, _: str = "") -> bool:
        """Back from the review to the end screen."""
        if not self.game.over:
            return False
        self.dialog = "over"
        return True

    def do_close(self, _: str = "") -> bool:
        if self.dialog in ("sheet", "over", "share", "review"):
            ended = self.dialog in ("over", "review") and self.game.over
            if ended and self.closed_for is not self.game:
                self.closed_for = self.game  # closed stays closed for this game, reloads too
                self.save()
            self.dialog = None
            self.viewing = None
            return True
        if self.dialog == "newgame" and self.in_progress():
            self.dialog = None
            return True
        if self.dialog in ("confirm", "link"):
            self.pending = None
            self.dialog = None
            return True
        return False

    do_escape = do_close

    def do_newgame(self, _: str = "") -> bool:
        self.form = Setup.from_dict(self.store.get("setup"))
        self.form_seed = ""
        self.dialog = "newgame"
        self.link_errors = []  # asked for by the person, not opened by a broken address
        return True

    do_new = do_newgame  # the site's tool row names it as every game's New game

    def do_quick(self, _: str = "") -> bool:
        return self.begin(quick_setup())

    def do_start(self, _: str = "") -> bool:
        setup = Setup([Seat(s.name, s.ai) for s in self.form.seats], self.form.map, None)
        if self.form_seed.strip():
            try:
                setup.seed = parse_seed(self.form_seed)
            except ValueError:
                self.notices.append(
                    ("url.seed", {"value": clip(self.form_seed, 40), "max": SEED_MAX})
                )
                return True
        setup.seats = unique(
            [Seat(clean_name(s.name, i, s.ai), s.ai) for i, s in enumerate(setup.seats)]
        )
        self.first = False
        self.store.set("setup", {**setup.to_dict(), "seed": None})
        return self.begin(setup)

    def begin(self, setup: Setup) -> bool:
        """Start ``setup``, after asking if a game is in progress."""
        if self.in_progress() and self.dialog not in ("confirm", "link"):
            self.pending = setup
            self.dialog = "confirm"
            return True
        self.pending = None
        self.dialog = None
        self.viewing = None
        self.over_shown = False
        self._adopt(self._new_game(setup))
        self.save()
        return True

    def do_yes(self, _: str = "") -> bool:
        if self.dialog in ("confirm", "link") and self.pending is not None:
            setup = self.pending
            self.dialog = "confirm"
            return self.begin_now(setup)
        return False

    def begin_now(self, setup: Setup | Game) -> bool:
        self.dialog = None
        self.pending = None
        self.over_shown = False
        self._adopt(setup if isinstance(setup, Game) else self._new_game(setup))
        self.save()
        return True

    def do_dismiss(self, arg: str) -> bool:
        if arg.isdigit() and int(arg) < len(self.notices):
            del self.notices[int(arg)]
            return True
        return False

    # ---- settings (the new-game form, the pace, the language) --------------------------------

    def setting(self, name: str, seat: str | None, value: str) -> bool:
        seats = self.form.seats
        i = int(seat) if seat and seat.isdigit() and int(seat) < len(seats) else None
        if name == "lang":
            return site.remember_language(self.site, value)
        if name == "speed":
            return self.set_speed(value)
        if name == "map" and value in ("a", "b"):
            self.form.map = value
            return False
        if name == "seed":
            self.form_seed = value[:40]
            return False
        if name == "name" and i is not None:
            seats[i].name = " ".join(value.split())[:20]
            return False
        if name == "kind" and i is not None:
            ai = None if value == "person" else value
            if ai is None or ai_error(ai) is None:
                was_default = seats[i].name in ("", _default(i, seats[i].ai))
                seats[i].ai = ai
                if was_default:
                    seats[i].name = _default(i, ai)
            return True
        if name == "seats":
            n = int(value) if value.isdigit() else len(seats)
            n = max(1, min(6, n))
            while len(seats) < n:
                seats.append(Seat(_default(len(seats), "medium"), "medium"))
            del seats[n:]
            return True
        return False

    def set_speed(self, value: str) -> bool:
        if value not in SPEEDS:
            return False
        self.speed = value
        self.store.set("speed", value)
        return True

    # ---- playing ------------------------------------------------------------------------------

    def play(self, tok: str) -> None:
        """Apply a legal token (checked), log it, and reset what the turn was building."""
        g = self.game
        before = g.clone()
        seat = g.to_move
        canonical = g.apply(tok)
        lines = words.describe(before, canonical, g)
        self._note(before, canonical, g)
        self.log.extend(lines)
        self.logged += len(lines)
        del self.log[:-LOG_KEEP]
        if canonical.startswith("path "):
            start = before.sheets[seat].at
            self.fresh = (seat, [start, *canonical.split()[1:]] if start else [])
        elif canonical.startswith("die ") and before.prompt == "roll":
            self.fresh = None
        self.reset_turn()
        self.hint = None
        self.pointed = None
        if self.waiting() in ("human", "over", "handoff", "dialog"):
            self.skipping = False  # a person acts: the pace returns
        self.version += 1
        if g.over and not self.over_shown:
            self.over_shown = True
            self.dialog = "over"

    def _note(self, before: Game, tok: str, after: Game) -> None:
        """Keep the last roll for the die box, and each seat's doings since a person last
        decided for the panel's summary."""
        seat = -1 if before.prompt == "roll" else before.to_move  # the movement roll: nobody's
        person = seat >= 0 and not before.players[seat].get("ai")
        if tok.startswith("die "):
            n = int(tok.split()[1])
            kind = {"roll": "move", "roll_search": "search"}.get(before.prompt, "temple")
            self.roll_seen = Roll(
                kind, n, seat, words.outcome(before, n, after), len(before.moves), before.round
            )
            self._undo_at = None  # what a roll showed is never taken back
        elif person and self._undo_at is None and self.roll_seen is not None:
            self._undo_at = len(before.moves)
        if before.prompt == "spend" and self.roll_seen is not None:
            # the die box shows how the search ended, not the shortfall that was settled
            self.roll_seen = self.roll_seen._replace(outcome=words.settled(before, tok))
        if person and seat != self._actor and not tok.startswith("die "):
            self.recap = {}  # a person's turn begins: the summary starts again
        self._actor = seat
        piece = words.piece(before, tok, after)
        if piece is not None and seat >= 0:
            self.recap.setdefault(seat, []).append(piece)
        for s, (was, now) in enumerate(zip(before.sheets, after.sheets, strict=True)):
            if now.out and not was.out:
                self.recap.setdefault(s, []).append(("gg.sum.out", {"n": after.die or 0}))

    def roll(self) -> str:
        """Roll the die at a chance node, from the game's seed and its length (so a resumed
        game rolls the same)."""
        g = self.game
        rng = random.Random(f"{g.seed}:{len(g.moves)}")
        tok = f"die {rng.randint(1, 6)}"
        self.play(tok)
        return tok

    def computer_plays(self, token: str) -> None:
        self.play(str(token))

    def computer_failed(self, reason: str) -> None:
        """The computer seat could not play: a person plays it from now on."""
        g = self.game
        seat = g.to_move
        if seat >= 0 and g.players[seat].get("ai"):
            g.players[seat].pop("ai")
        self.notices.append(("gg.notice.computer_failed", {"reason": one_line(reason, 160)}))
        self.version += 1

    def open_share(self, url: str, copied: bool) -> None:
        self.shared = (url, copied)
        self.dialog = "share"

    def share_url(self, page_url: str) -> str:
        """The embed page's address replaying this game (its record in the fragment)."""
        from shell.share import share_url

        return share_url(page_url, self.game.record())

    def news(self, since: int) -> list[str]:
        """The log lines written after the first ``since`` of this game, in words."""
        fresh = self.logged - since
        if fresh <= 0 or since < 0:
            return []
        return [words.text(line) for line in self.log[-min(fresh, len(self.log)) :]]

    def record_json(self) -> str:
        return json.dumps(self.game.record(), separators=(",", ":"))

    def save(self) -> None:
        """Autosave; a refusal is told once and its notice goes when a save works again;
        nothing is written while another tab's game holds the save."""
        if self.other_tab:
            return
        drawing = {"path": self.building, "foot": self.foot} if self.building or self.foot else {}
        closed = {"closed": True} if self.game.over and self.closed_for is self.game else {}
        ok = self.store.set("save", {"record": self.game.record(), **drawing, **closed})
        if not ok and not self.save_failed:
            self.save_failed = True
            self.notices.append(("gg.notice.save_failed", {}))
        elif ok and self.save_failed:
            self.save_failed = False
            self.notices = [n for n in self.notices if n[0] != "gg.notice.save_failed"]


    def other_tab_saved(self, text: str | None) -> bool:
        """Another tab wrote the save (the ``storage`` event): stop saving here and say so,
        unless it wrote what this tab wrote last (two tabs of one game wrote over each other's
        game unseen: a reload showed only the last one). True if the page should redraw."""
        if self.other_tab or text == self.store.written.get("save"):
            return False
        self.other_tab = True
        return True

    def do_keep_here(self, arg: str) -> bool:
        """Save this tab's game after all (the other tab then stops saving)."""
        if not self.other_tab:
            return False
        self.other_tab = False
        self.save()
        return True

    def do_load_other(self, arg: str) -> bool:
        """Switch to the game the other tab saved, as a reload would show it."""
        if not self.other_tab:
            return False
        self.other_tab = False
        resumed = self._resume()
        if resumed is None:
            return True
        self.dialog = None
        if resumed.over:
            self.over_shown = True
            self.dialog = None if self.closed_for is resumed else "over"
        self._adopt(resumed)
        self._redraw_path()
        return True


def _default(i: int, ai: str | None) -> str:
    from pages.go_for_gold.settings import default_name

    return default_name(i, ai)
