"""Game review: every decision of a record weighed by the expert's own search.

For each decision of each seat (never the dice, never a forced move with one legal token, and
not the set-up's placement, which the search does not cover) the review asks the turn search
of :mod:`.ai` for the value of every option it weighs and of the move played, then reports:

- ``points``: the expected margin at the end of the turn, in points, as the expert's evaluation
  sees it (own score and prospects minus the opponents' average, GC-7.3; chips and robbery
  threats included). The search is the expert's with ``Params.win = 0``, so values add up.
- ``win``: the chance to win this margin gives in the expert's model of the rest of the game,
  ``Phi((points - gap) / sigma)`` with ``sigma = 5 * sqrt(turns left in the game) + 1`` (as
  :meth:`.ai.Evaluator.utility`; ``gap`` is how far the strongest opponent is ahead of their
  average, 0 with two players). The expert's own four-player model (``Params.rivals``) is
  left out: a review's points stay margins against the opponents' average.
- ``loss``: the best option's points minus the played option's, never negative.
- a grade from the loss (:data:`GRADES`, :data:`THRESHOLDS`): up to 0.1 points is ``best``, up
  to 0.5 ``good``, up to 1.25 an ``inaccuracy``, up to 2.5 a ``mistake``, beyond a ``blunder``.
  Chosen on medium-against-medium games (about 95 decisions a player): 80 % of their decisions
  lose at most 0.1, 9 % lose more than 0.5, 4 % more than 1.25 and 1 % more than 2.5, so such
  a game shows a few mistakes and a blunder or two beside many good moves. A decision that
  costs less than half a percent of the chance to win (:data:`DECIDED`: the game is decided
  either way, and the expert itself then plays safe rather than for points) is graded at worst
  an inaccuracy, and counts as at most 1.25 points in the accuracy (:func:`counted_loss`).

Per player, ``accuracy = 100 * exp(-mean loss)`` over the graded decisions, the mean counted
loss in points per decision (:data:`ACCURACY_SCALE` is 1 point): 100 never gives a point away, and
every tenth of a point lost per decision on average costs about a tenth of what is left. It
reads like a percentage (medium players score 70 to 90, the expert above 90), never drops
below 0, and, being a mean per decision, compares games of different lengths.

The search runs with a work budget only (no clock), so a record always gets the same review.
The result is data (:class:`Review`, :class:`Decision`) with tokens for the reasons; the
English text (:func:`format_review`) is one rendering of it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gamekit.grading import (
    ACCURACY_SCALE,
    GRADES,
    THRESHOLDS,
    accuracy,
    costliest,
    counted,
    grade,
    plain,
)

from . import record
from .ai import (
    EMPTY,
    LEVELS,
    Evaluator,
    SearchPlayer,
    TurnSearch,
    _after,
    _target,
    add_bars,
    p_ge,
    search,
)
from .board import walks
from .game import CHANCE, Game
from .material import bar_value
from .notation import parse_rob

WIN_SPREAD = LEVELS["expert"].win
"""The expert's spread of the final margin per square root of a turn (see ``Params.win``)."""
REVIEWED = ("move", "act", "chips", "sort", "face")
FALLBACK_OPTIONS = 40
"""Options valued one by one where the search weighs none (no roll can succeed)."""
COSTLIEST = 5
FUTURE_POINTS = {2: (4.89, -0.048), 3: (3.77, 0.024), 4: (4.29, -0.067)}
"""``(a, b)`` by the number of players: a player with ``L`` turns left adds ``a*L + b*L*L``
points to its score on average. Fitted on 60 two-, 50 three- and 40 four-player games of
``medium`` against ``medium`` (``bench/expected_score.py``; the mean of two runs, as medium's
time limit makes its games vary with the machine's load). Its mean error early, midway and
late in the game stays within about 3 points, against a spread (mean absolute error) of 14
points with two players and 8 to 10 with three or four."""


@dataclass(frozen=True)
class Option:
    """One option at a decision and what it is worth."""

    token: str
    points: float
    """Expected margin in points at the end of the turn (see the module's doc)."""
    win: float
    """Chance to win, 0 to 1."""
    chance: float | None = None
    """Chance that the roll this option leads to succeeds, chips included; None if no roll."""
    risk: float | None = None
    """For an option that ends the turn: points a robber is expected to take before it comes
    round again (GC-4.5); None otherwise."""

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Option:
        """Back from :func:`dataclasses.asdict` (what :meth:`Review.to_dict` writes)."""
        return cls(
            str(d["token"]), float(d["points"]), float(d["win"]), d.get("chance"), d.get("risk")
        )


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the state before ``moves[index]`` and what was played there."""

    index: int
    seat: int
    turn: int
    prompt: str
    chips: int
    played: Option
    best: Option
    loss: float
    win_loss: float
    grade: str
    reasons: tuple[str, ...]
    """Why the best option is better, as tokens (see :data:`REASONS`)."""
    options: tuple[Option, ...] = field(default=())
    """Every option weighed, best first (options the search proved worse may be missing)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; :meth:`from_dict` reads it back.

        >>> d = Decision(3, 0, 1, "move", 0, Option("stop", 1.0, 0.5), Option("stop", 1.0, 0.5),
        ...              0.0, 0.0, "best", ("same",))
        >>> Decision.from_dict(d.to_dict()) == d
        True
        """
        return dict(plain(asdict(self)))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        return cls(
            index=int(d["index"]),
            seat=int(d["seat"]),
            turn=int(d["turn"]),
            prompt=str(d["prompt"]),
            chips=int(d["chips"]),
            played=Option.from_dict(d["played"]),
            best=Option.from_dict(d["best"]),
            loss=float(d["loss"]),
            win_loss=float(d["win_loss"]),
            grade=str(d["grade"]),
            reasons=tuple(map(str, d["reasons"])),
            options=tuple(Option.from_dict(o) for o in d.get("options", ())),
        )


REASONS = {
    "same": "the same move",
    "safer_roll": "its roll is likelier to succeed",
    "bigger_loot": "a riskier roll whose loot is worth it",
    "bank": "stopping banks the loot",
    "press_on": "continuing is worth more than stopping",
    "robbery_risk": "ending the turn there leaves bars for a robber to take",
    "save_loot": "spending the chips saves the loot",
    "keep_chips": "the chips are worth more than this loot",
    "better_rows": "the bars go into better rows",
    "better_heading": "a better heading for the next turn",
    "more_expected": "more points on average",
}
"""Reason tokens and their English words (the browser translates the tokens)."""


@dataclass(frozen=True)
class PlayerReview:
    seat: int
    name: str
    decisions: int
    accuracy: float
    points_lost: float
    win_lost: float
    grades: dict[str, int]


Expected = tuple[tuple[int, tuple[float, ...]], ...]
"""``(turn, every seat's expected final score)`` after each turn (0: before the first)."""


@dataclass(frozen=True)
class Review:
    level: str
    players: tuple[PlayerReview, ...]
    decisions: tuple[Decision, ...]
    costliest: tuple[Decision, ...]
    expected: Expected = ()
    """Every seat's expected final score turn by turn (:func:`expected_final`)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: every decision with every option's values."""
        return {
            "level": self.level,
            "grades": {"names": list(GRADES), "thresholds": list(THRESHOLDS)},
            "accuracy_scale": ACCURACY_SCALE,
            "players": [asdict(p) for p in self.players],
            "costliest": [d.index for d in self.costliest],
            "decisions": [d.to_dict() for d in self.decisions],
            "expected": [{"turn": turn, "scores": list(s)} for turn, s in self.expected],
        }


def counted_loss(d: Decision) -> float:
    """The loss the accuracy counts: as graded, so at most an inaccuracy's in a decided game."""
    return counted(d.loss, d.win_loss)


# ---- one decision -------------------------------------------------------------------------


class Reviewer:
    """Reviews decisions in the order played; keeps the search's tables through a turn."""

    def __init__(self, level: str = "expert"):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        self.level = level
        self.params = replace(LEVELS[level], win=0.0, rivals=False)  # margins, as documented
        self.win_caches: dict[Any, Any] = {}
        self.turn: tuple[int, int] | None = None  # (counter, seat) of the search kept
        self.ts: TurnSearch | None = None
        self.robbed_at_start = 0

    def search_for(self, game: Game) -> TurnSearch:
        """The turn's search, built at its first reviewed decision and kept to its end: the
        later decisions of the turn are subtrees of it, so its tables answer most of them.
        Robberies since it was built are told to it as ``robbed0`` (its crates predate them)."""
        seat, t = game.to_move, game.live
        if self.ts is None or self.turn != (game.counter, seat):
            ev = Evaluator(game, seat, self.params)
            self.ts = TurnSearch(game, ev, slack=self.params.slack)
            self.turn = (game.counter, seat)
            self.robbed_at_start = len(t.robbed_rows)
        self.ts.robbed0 = tuple(t.robbed_rows[self.robbed_at_start :])
        self.ts.node_limit = None
        return self.ts

    def decision(self, game: Game, index: int, played: str) -> Decision | None:
        """The review of ``played`` at ``game``, or None for dice, set-up and forced moves."""
        if not reviewed(game):
            return None
        seat = game.to_move
        options = self.options(game, played)
        best = options[0]
        mine = next(o for o in options if o.token == played)
        loss = max(0.0, best.points - mine.points)
        win_loss = max(0.0, best.win - mine.win)
        return Decision(
            index=index,
            seat=seat,
            turn=game.counter,
            prompt=game.prompt,
            chips=game.chips[seat],
            played=mine,
            best=best,
            loss=loss,
            win_loss=win_loss,
            grade=grade(loss, win_loss),
            reasons=reasons(game.prompt, mine, best),
            options=tuple(options),
        )

    def options(self, game: Game, played: str | None = None) -> list[Option]:
        """The options weighed at a reviewed decision, best first (``played`` among them)."""
        legal = game.legal()
        raw = self._values(game, played, legal)
        win_of = self._win_model(game, game.to_move)
        return sorted(
            (Option(tok, pts, win_of(pts), ch, rk) for tok, (pts, ch, rk) in raw.items()),
            key=lambda o: (-o.points, legal.index(o.token)),
        )

    def _win_model(self, game: Game, seat: int) -> Callable[[float], float]:
        ev = Evaluator(game, seat, replace(self.params, win=WIN_SPREAD), self.win_caches)
        sigma, gap = ev.sigma, ev.gap
        return lambda v: 0.5 * (1.0 + math.erf((v - gap) / (sigma * math.sqrt(2))))

    def _values(
        self, game: Game, played: str | None, legal: list[str]
    ) -> dict[str, tuple[float, float | None, float | None]]:
        """``token -> (points, roll chance, robbery risk)`` for the options weighed."""
        seat, t = game.to_move, game.live
        storage = add_bars(EMPTY, t.storage)
        chips = game.chips[seat]
        if game.prompt in ("sort", "face"):  # the turn is over: judged as it stands
            ev = Evaluator(game, seat, self.params)
            if game.prompt == "sort":
                return {tok: (_after(game, tok, ev), None, None) for tok in legal}
            ts = TurnSearch(game, ev)  # on W or E (GC-6.1): which corridor next
            stone = game.stone_of(seat)
            risk = self._risk(ts, stone, storage)
            return {
                tok: (ts.stop_value(stone, tok[5:], None, storage, chips, ()), None, risk)
                for tok in legal
            }
        ts = self.search_for(game)
        opts, depth = search(game, ts.ev, self.params, ts=ts, timed=False)
        out: dict[str, tuple[float, float | None, float | None]] = {
            tok: (v, ch, None) for tok, v, ch in opts if tok in legal
        }
        if played is not None and played not in out:  # proved worse: value it all the same
            ts.node_limit = None
            out[played] = self._played(game, ts, played, max(1, depth))
        if not out:  # nothing can succeed (a long walk): the first options, valued one by one
            ts.node_limit = None
            for tok in legal[:FALLBACK_OPTIONS]:
                out[tok] = self._played(game, ts, tok, max(1, depth))
        if "stop" in out:
            v, ch, _ = out["stop"]
            out["stop"] = (v, ch, self._risk(ts, t.arrow, storage))
        return out

    def _risk(self, ts: TurnSearch, field: str, storage: tuple[Any, ...]) -> float:
        return ts.ev.exposure(field, ts.entries(storage, ts.robbed0))

    def _played(
        self, game: Game, ts: TurnSearch, token: str, depth: int
    ) -> tuple[float, float | None, float | None]:
        """The value of one option the search left out, by the search's own rules."""
        t = game.live
        chips = game.chips[game.to_move]
        storage = add_bars(EMPTY, t.storage)
        plundered = frozenset(t.plundered)
        place = (t.arrow, t.heading, t.arrived_from)
        robbed0 = ts.robbed0
        fail = ts.fail_value(chips, robbed0)
        if token == "stop":
            return ts.stop_value(*place, storage, chips, robbed0), None, None
        if game.prompt == "move":
            walk = next(w for w in walks(*place) if w.token == token)
            dest = (walk.field, walk.heading, walk.arrived_from, walk.steps, walk.token)
            best: tuple[float, float | None] = (fail, 0.0)  # nothing can succeed there
            for c in ts.candidates(
                place, t.steps, storage, plundered, chips, robbed0, depth, -math.inf, dests=(dest,)
            ):
                v = ts.chance(c, chips, depth, storage, plundered, robbed0)
                if v > best[0]:
                    best = (v, p_ge(_target(c) - chips))
            return best[0], best[1], None
        here = (*place, 0, None)
        words = token.split()
        cand: tuple[Any, ...]
        pay: tuple[Any, ...]
        if words[0] == "take":
            bars = tuple(words[1:])
            after = add_bars(storage, bars)
            points = sum(map(bar_value, bars))
            pay = (bars, after, points, ts.colour_sum(after, robbed0))
            cand = (0.0, "take", here, t.steps, pay, fail)
        elif words[0] == "rob":
            victim = game.stone_at(t.arrow)
            assert victim is not None
            rows = game.rows[victim]
            rob = tuple(parse_rob(token, words[1:]))
            taken = [f"{r[0]}{v}" for r, n in rob for v in range(rows[r] - n + 1, rows[r] + 1)]
            after = add_bars(storage, taken)
            robbed = (*robbed0, *((victim, r, n) for r, n in rob))
            pay = (rob, after, sum(map(bar_value, taken)), robbed)
            cand = (0.0, "rob", here, t.steps, pay, ts.fail_value(chips, robbed0, victim))
        else:  # end (GC-4.6)
            cand = (0.0, "end", here, t.steps, None, fail)
        v = ts.chance(cand, chips, depth, storage, plundered, robbed0)
        return v, p_ge(_target(cand) - chips), None


def reviewed(game: Game) -> bool:
    """Whether the review grades the decision at ``game``: a choice within a turn."""
    return (
        game.current_player() != CHANCE
        and game.prompt in REVIEWED
        and game.turn is not None
        and len(game.legal()) > 1
    )


def options_at(game: Game, level: str = "expert") -> tuple[list[Option], Game] | None:
    """The options the review weighs at ``game``'s decision, best first, and the game at the
    start of this turn; None where the review grades nothing.

    The turn is reviewed from its start with the moves played, as :func:`review` does (its
    search is kept through a turn), so this names the same best option as the review of the
    finished game (the hint is this).
    """
    if not reviewed(game):
        return None
    rec = game.record()
    moves = rec["moves"]
    starts = _turn_starts(record.replay(rec, upto=0), moves)
    start = max(s for s in starts if s <= len(moves))
    g = record.replay(rec, upto=start)
    begin = g.clone()
    reviewer = Reviewer(level)
    for i in range(start, len(moves)):
        reviewer.decision(g, i, moves[i])
        g.push(moves[i])
    return reviewer.options(g), begin


def reasons(prompt: str, played: Option, best: Option) -> tuple[str, ...]:
    """Why ``best`` beats ``played``, as tokens of :data:`REASONS`."""
    if played.token == best.token:
        return ("same",)
    out: list[str] = []
    if prompt == "chips":
        out.append("save_loot" if best.token.startswith("spend") else "keep_chips")
    elif prompt == "sort":
        out.append("better_rows")
    elif prompt == "face":
        out.append("better_heading")
    elif best.token == "stop":
        out.append("bank")
    elif played.token == "stop":
        out.append("press_on")
    if played.chance is not None and best.chance is not None:
        if best.chance >= played.chance + 0.1:
            out.append("safer_roll")
        elif best.chance <= played.chance - 0.1:
            out.append("bigger_loot")
    if (played.risk or 0.0) > (best.risk or 0.0) + 0.5:
        out.append("robbery_risk")
    return tuple(out) or ("more_expected",)


# ---- a whole record -----------------------------------------------------------------------


def expected_final(game: Game) -> tuple[float, ...]:
    """Every seat's expected final score: the points in its rows now plus what a player adds
    on average in the turns it has still to play (:data:`FUTURE_POINTS`, GC-7.1); the score
    itself once the game is over, and in the series variant (GC-7.2), whose end is not
    counted in turns.

    >>> expected_final(Game.new(["Ada", "Bob"], seed=1))  # no turns counted before the set-up
    (0.0, 0.0)
    """
    a, b = FUTURE_POINTS[game.n]
    out = []
    for s in range(game.n):
        left = game.turns_left(s) or 0
        out.append(float(game.score(s)) + a * left + b * left * left)
    return tuple(out)


class _Trend:
    """Collects :func:`expected_final` after each turn while a game is played forward."""

    def __init__(self, game: Game):
        self.counter = game.counter
        self.points: list[tuple[int, tuple[float, ...]]] = []
        self.ended = game.is_over()

    def after_push(self, game: Game) -> None:
        if game.counter != self.counter:  # turn ``counter`` is over (0: the set-up)
            self.points.append((self.counter, expected_final(game)))
            self.counter = game.counter
        if game.is_over() and not self.ended:
            self.ended = True
            self.points.append((game.counter, expected_final(game)))


def _turn_starts(game: Game, moves: Sequence[str], trend: _Trend | None = None) -> list[int]:
    """The indices where a turn (or the set-up) begins: where a review may start afresh."""
    starts = [0]
    counter = game.counter
    for i, tok in enumerate(moves):
        game.push(tok)
        if trend is not None:
            trend.after_push(game)
        if game.counter != counter:
            counter = game.counter
            starts.append(i + 1)
    return starts


def _review_span(args: tuple[dict[str, Any], str, int, int]) -> list[Decision]:
    """The decisions among ``moves[begin:end]``; ``begin`` is a turn's start (for workers)."""
    data, level, begin, end = args
    game = record.replay(data, upto=begin)
    reviewer = Reviewer(level)
    out = []
    for i in range(begin, end):
        token = data["moves"][i]
        d = reviewer.decision(game, i, token)
        if d is not None:
            out.append(d)
        game.push(token)
    return out


class Stepper:
    """A review done a little at a time, for a page that shows progress between the steps.

    ``step(budget_s)`` reviews moves from :attr:`position` until ``budget_s`` seconds have
    passed (at least one move) and returns the decisions found; the values do not depend on
    where the steps fall, as the reviewer is kept from one step to the next. ``begin`` starts
    at a later move: the review then begins afresh at the start of that turn, as
    :func:`review` does for its spans, and the decisions before ``begin`` are not returned.
    """

    def __init__(
        self,
        data: object,
        *,
        level: str = "expert",
        begin: int = 0,
        clock: Callable[[], float] = time.perf_counter,
    ):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        self.final = record.replay(data)  # every check, before any search
        self.rec = self.final.record()
        self.moves: list[str] = self.rec["moves"]
        self.total = len(self.moves)
        self.begin = max(0, min(begin, self.total))
        starts = _turn_starts(record.replay(self.rec, upto=0), self.moves)
        self.position = max(s for s in starts if s <= self.begin)
        self.game = record.replay(self.rec, upto=self.position)
        self.reviewer = Reviewer(level)
        self.clock = clock
        self.trend = _Trend(self.game)
        self.expected: list[tuple[int, tuple[float, ...]]] = []
        """The expected final scores the last :meth:`step` found (see :attr:`Review.expected`)."""

    @property
    def done(self) -> bool:
        return self.position >= self.total

    def step(self, budget_s: float = 0.0) -> list[Decision]:
        out: list[Decision] = []
        started = self.clock()
        del self.trend.points[:]
        while not self.done:
            i = self.position
            token = self.moves[i]
            d = self.reviewer.decision(self.game, i, token)
            if d is not None and i >= self.begin:
                out.append(d)
            self.game.push(token)
            self.trend.after_push(self.game)
            self.position = i + 1
            if self.clock() - started >= budget_s and i >= self.begin:
                break
        self.expected = list(self.trend.points)
        return out


def review(
    data: object,
    *,
    level: str = "expert",
    jobs: int = 1,
    progress: Callable[[int, int], object] | None = None,
) -> Review:
    """Review a record (its JSON data). Raises the record's errors for a bad record.

    ``progress(done, total)`` is called as moves are reviewed; ``jobs`` > 1 shares the turns
    among worker processes, with the same result.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    final = record.replay(data)  # every check, before any search
    rec = final.record()
    moves = rec["moves"]
    first = record.replay(rec, upto=0)
    trend = _Trend(first)
    starts = _turn_starts(first, moves, trend)
    # spans of whole turns, small enough to share out and to show progress
    size = max(1, len(moves) // max(20, 4 * jobs))
    bounds = [0]
    for s in starts[1:]:
        if s - bounds[-1] >= size:
            bounds.append(s)
    bounds.append(len(moves))
    tasks = [(rec, level, a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]
    decisions: list[Decision] = []
    if jobs > 1 and len(tasks) > 1:
        from gamekit.match import worker_pool

        with worker_pool(jobs) as pool:
            for task, found in zip(tasks, pool.imap(_review_span, tasks), strict=True):
                decisions.extend(found)
                if progress:
                    progress(task[3], len(moves))
    else:
        for task in tasks:
            decisions.extend(_review_span(task))
            if progress:
                progress(task[3], len(moves))
    return summarize(final, level, decisions, tuple(trend.points))


def summarize(
    game: Game, level: str, decisions: Sequence[Decision], expected: Expected = ()
) -> Review:
    """The review of ``decisions`` of ``game``'s players (only their names are read)."""
    players = []
    for seat, p in enumerate(game.players):
        mine = [d for d in decisions if d.seat == seat]
        players.append(
            PlayerReview(
                seat=seat,
                name=str(p["name"]),
                decisions=len(mine),
                accuracy=accuracy([counted_loss(d) for d in mine]),
                points_lost=sum(d.loss for d in mine),
                win_lost=sum(d.win_loss for d in mine),
                grades={g: sum(1 for d in mine if d.grade == g) for g in GRADES},
            )
        )
    worst = costliest(decisions, COSTLIEST)
    return Review(level, tuple(players), tuple(decisions), worst, expected)


# ---- English -----------------------------------------------------------------------------


def _option_words(o: Option) -> str:
    extra = []
    if o.chance is not None:
        extra.append(f"roll succeeds {o.chance:.0%}")
    if o.risk:
        extra.append(f"robbers take {o.risk:.1f} on average")
    return f"'{o.token}'" + (f" ({', '.join(extra)})" if extra else "")


def format_review(r: Review) -> str:
    """The review as English text: a table per player, then the costliest decisions."""
    names = [p.name for p in r.players]
    width = max(8, *(len(n) for n in names))
    lines = [
        f"Review by the {r.level} search: points are the expected final margin, "
        "loss is what a decision gave away against the best option.",
        "",
        f"{'player':<{width}}  decisions  accuracy  points lost  win lost  "
        + "  ".join(f"{g:>{max(4, len(g))}}" for g in GRADES),
    ]
    for p in r.players:
        lines.append(
            f"{p.name:<{width}}  {p.decisions:>9}  {p.accuracy:>8.1f}  {p.points_lost:>11.1f}"
            f"  {p.win_lost:>8.1%}  "
            + "  ".join(f"{p.grades[g]:>{max(4, len(g))}}" for g in GRADES)
        )
    if r.costliest:
        lines += ["", "Costliest decisions:"]
    for k, d in enumerate(r.costliest, 1):
        why = "; ".join(REASONS[x] for x in d.reasons)
        lines.append(
            f"{k}. move {d.index}, turn {d.turn}, {names[d.seat]} ({d.grade}, "
            f"-{d.loss:.1f} points, win chance {d.played.win:.1%} instead of {d.best.win:.1%}):"
        )
        lines.append(f"   played {_option_words(d.played)}")
        lines.append(f"   the expert prefers {_option_words(d.best)}: {why}")
    return "\n".join(lines)


# ---- the hint -------------------------------------------------------------------------


def hint(game: Game) -> dict[Any, Any]:
    """What ``expert`` advises now: ``{"token", "chance", "gain"}``.

    Within a turn it is the review's best option (:func:`options_at`: the expert's
    search judging margins, with its work budget and no clock), so the review of the game
    never grades a hint played as a mistake; for the set-up it is the expert's choice.
    ``chance`` is the success chance of the roll the move leads to (None without a roll);
    ``gain`` is what the plan is worth, in points of the evaluation, against leaving the
    position as it stood before this turn.
    """
    legal = game.legal()
    if game.current_player() < 0 or not legal:
        return {"token": None, "chance": None, "gain": 0.0}
    found = options_at(game)
    if found is None:
        token = SearchPlayer("expert", LEVELS["expert"]).decide(game, legal)
        return {"token": token, "chance": None, "gain": 0.0}
    options, begin = found
    best = options[0]
    seat = game.to_move
    # the stone's place before this turn: on W or E after a turn the stone has moved already
    # and its heading is the old corridor's (GC-6.1), which no walk from there may take
    ev = Evaluator(game, seat, replace(LEVELS["expert"], win=0.0, rivals=False))
    base = ev.leaf(
        TurnSearch(game, ev).entries(EMPTY, ()),
        game.chips[seat],
        begin.stone_of(seat),
        begin.heading[seat],
    )
    return {
        "token": best.token,
        "chance": None if best.chance is None else float(best.chance),
        "gain": round(best.points - base, 2),
    }
