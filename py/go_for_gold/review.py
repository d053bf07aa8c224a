"""Game review: every real decision of a record graded against the strongest level.

A decision is a state where a player (never the dice) has two or more legal tokens: the start
harbour, a path or a foot, search/explore or pass, spend or pass, the jump. The reviewer asks
:meth:`.ai.AIPlayer.option_values` of ``expert`` (no noise, no clock) for the value of every
option it weighs and of the one played:

- ``value``: in the decision's ``unit``. ``"points"``: the expected points of the option as the
  level sees them (what the walk's end pays, what it collects, the treasures left within reach
  and the walks left open; a search or a temple with the shovels it costs). ``"win"``: the
  chance to win, where the level plays to win a round that may be the last (someone holds 5
  entries, GG-6.1).
- ``loss``: the best option's value minus the played one's, never negative, in points; a lost
  chance to win counts ``4 * spread`` = 24 points per whole game (the slope of the level's own
  chance-to-win model at a tie, so 10 % is 2.4 points).
- a grade from the loss, and per player ``accuracy = 100 * exp(-mean loss)``, both as Gold
  Connection's review (:mod:`gamekit.grading`, docs/review.md).

The expert decides by exactly these values (``tests/test_gg_review.py`` checks it on whole
games), so its hints and this review agree on the best option, and its own games review at 100.

The result is data (:class:`Review`, :class:`Decision`) with the reasons as message ids and
parameters (:data:`REASONS`); the English text (:func:`format_review`) is one rendering of it.

>>> g = record.replay({"format": "go-for-gold/1", "players": [{"name": "Ada"}], "moves": []})
>>> d = Reviewer().decision(g, 0, "start g1")  # island A: a6 has the most treasures near
>>> d.best.token, d.loss > 0, d.reasons
('start a6', True, (Reason(id='harbour', params={'field': 'a6'}),))
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gamekit.grading import ACCURACY_SCALE, GRADES, THRESHOLDS, accuracy, costliest, grade, plain

from . import odds, record
from .ai import JUDGE, LEVELS, AIPlayer
from .board import SHOVEL, TEMPLE_POINTS
from .game import Game

LEVEL = JUDGE
"""The level the hint decides by (:data:`.ai.JUDGE`): the reviewer by default."""
COSTLIEST = 5

Params = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One option at a decision and what the reviewer makes of it, in the decision's unit."""

    token: str
    value: float

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Option:
        return cls(str(d["token"]), float(d["value"]))


@dataclass(frozen=True)
class Reason:
    """Why the best option beats the one played: a message id of :data:`REASONS` and the
    parameters its words take (fields, numbers), so every language can word it."""

    id: str
    params: Params = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Reason:
        return cls(str(d["id"]), dict(d.get("params", {})))


REASONS = {
    "same": "the same decision",
    "as_good": "as good as the best option",
    "harbour": "{field} has more treasures within reach",
    "foot": "a foot to walk {length} reaches a better field than the die",
    "keep_foot": "the die's walk is as good, and the foot is worth keeping",
    "dead_end": "the walk played leaves {dice} of the 6 dice with no walk next round",
    "richer_end": "a search or temple at {field} pays {points} points on average",
    "more_shovels": "it collects more shovels (+{shovels})",
    "future": "it leaves better treasures within reach",
    "search": "a search costs nothing when it fails",
    "explore": "the temple succeeds {chance} of the time with {shovels} shovels held",
    "skip_temple": "the temple succeeds only {chance} of the time with {shovels} shovels held",
    "spend": "{points} points are worth {shovels} shovels",
    "keep_shovels": "{shovels} shovels are worth more than {points} points now",
    "last_round": "the game may end this round, so the values are chances to win",
}
"""Reason ids and their English words; ``{name}`` is a parameter (chances are 0 to 1 and shown
as percentages)."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the state before ``moves[index]`` and what was played there."""

    index: int
    seat: int
    round: int
    prompt: str
    unit: str
    """``"points"`` or ``"win"`` (the options' values are chances to win)."""
    played: Option
    best: Option
    loss: float
    """Points given away against the best option (see the module's doc)."""
    grade: str
    reasons: tuple[Reason, ...]
    options: tuple[Option, ...] = ()
    """Every option weighed, best first (paths far down the level's ranking are missing)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; :meth:`from_dict` reads it back."""
        return dict(plain(asdict(self)))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        return cls(
            index=int(d["index"]),
            seat=int(d["seat"]),
            round=int(d["round"]),
            prompt=str(d["prompt"]),
            unit=str(d["unit"]),
            played=Option.from_dict(d["played"]),
            best=Option.from_dict(d["best"]),
            loss=float(d["loss"]),
            grade=str(d["grade"]),
            reasons=tuple(Reason.from_dict(r) for r in d["reasons"]),
            options=tuple(Option.from_dict(o) for o in d.get("options", ())),
        )


@dataclass(frozen=True)
class PlayerReview:
    seat: int
    name: str
    decisions: int
    accuracy: float
    points_lost: float
    grades: dict[str, int]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerReview:
        grades = {str(k): int(v) for k, v in d["grades"].items()}
        return cls(
            int(d["seat"]),
            str(d["name"]),
            int(d["decisions"]),
            float(d["accuracy"]),
            float(d["points_lost"]),
            grades,
        )


Scores = tuple[tuple[int, tuple[int, ...]], ...]
"""``(round, every seat's score)`` at the end of each round, for a chart."""


@dataclass(frozen=True)
class Review:
    level: str
    players: tuple[PlayerReview, ...]
    decisions: tuple[Decision, ...]
    costliest: tuple[Decision, ...]
    scores: Scores = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: every decision with every option's value; :meth:`from_dict` reads
        it back.

        >>> r = summarize(Game.new(["Ada"]), "hard", [])
        >>> Review.from_dict(r.to_dict()) == r
        True
        """
        return {
            "level": self.level,
            "grades": {"names": list(GRADES), "thresholds": list(THRESHOLDS)},
            "accuracy_scale": ACCURACY_SCALE,
            "players": [plain(asdict(p)) for p in self.players],
            "costliest": [d.index for d in self.costliest],
            "decisions": [d.to_dict() for d in self.decisions],
            "scores": [{"round": r, "scores": list(s)} for r, s in self.scores],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Review:
        decisions = tuple(Decision.from_dict(x) for x in d["decisions"])
        by_index = {x.index: x for x in decisions}
        return cls(
            level=str(d["level"]),
            players=tuple(PlayerReview.from_dict(p) for p in d["players"]),
            decisions=decisions,
            costliest=tuple(by_index[int(i)] for i in d["costliest"]),
            scores=tuple(
                (int(s["round"]), tuple(int(x) for x in s["scores"])) for s in d.get("scores", ())
            ),
        )


# ---- one decision -------------------------------------------------------------------------


class Reviewer:
    """Grades decisions with a level's :meth:`~.ai.AIPlayer.option_values`."""

    def __init__(self, level: str = LEVEL):
        if level not in LEVELS or LEVELS[level].noise:
            choices = ", ".join(k for k, p in LEVELS.items() if not p.noise)
            raise ValueError(f"unknown reviewer {level!r}; choose from {choices}")
        self.level = level
        self.ai = AIPlayer(level, replace(LEVELS[level], budget_ms=math.inf))
        self.win_points = 4 * self.ai.params.spread
        """Points a whole chance to win is worth (the slope of the level's win model at a tie)."""

    def options(self, game: Game, also: str | None = None) -> tuple[str, tuple[Option, ...]] | None:
        """The unit and the options weighed at ``game``, best first (``also`` among them), or
        None for dice and forced moves. The first is the hint that the review agrees with.

        >>> unit, options = Reviewer().options(Game.new(["Ada"]))
        >>> unit, [o.token for o in options]  # island A: a6 has the most treasures near
        ('points', ['start a6', 'start g11', 'start m6', 'start g1'])
        """
        if game.current_player() < 0:
            return None
        legal = game.legal()
        if len(legal) < 2:
            return None
        unit, values = self.ai.option_values(game, legal, also=also)
        options = sorted(
            (Option(tok, v) for tok, v in values.items()),
            key=lambda o: (-o.value, legal.index(o.token)),
        )
        return unit, tuple(options)

    def decision(self, game: Game, index: int, played: str) -> Decision | None:
        """The review of ``played`` at ``game``, or None for dice and forced moves."""
        weighed = self.options(game, also=played)
        if weighed is None:
            return None
        unit, options = weighed
        best = options[0]
        mine = next(o for o in options if o.token == played)
        loss = max(0.0, best.value - mine.value) * (self.win_points if unit == "win" else 1.0)
        return Decision(
            index=index,
            seat=game.to_move,
            round=game.round,
            prompt=game.prompt,
            unit=unit,
            played=mine,
            best=best,
            loss=loss,
            grade=grade(loss),
            reasons=reasons(game, unit, mine, best),
            options=options,
        )


def _stuck(game: Game, seat: int, path: list[str]) -> int:
    """How many of the six dice leave no walk after ``path`` (GG-3.6), a foot aside."""
    g = game.clone()
    sheet = g.sheets[seat]
    sheet.trail[-1].extend(path)
    sheet.at = path[-1]
    if g.island.is_harbour(path[-1]) and not sheet.jumped:
        return 0  # a jump to fresh land follows (GG-5.2)
    return sum(1 for d in range(1, 7) if not g.can_walk(seat, d))


def reasons(game: Game, unit: str, played: Option, best: Option) -> tuple[Reason, ...]:
    """Why ``best`` beats ``played`` at ``game``, as :data:`REASONS`."""
    if played.token == best.token:
        return (Reason("same"),)
    if best.value <= played.value:
        return (Reason("as_good"),)
    seat = game.to_move
    sheet = game.sheets[seat]
    kind, _, rest = best.token.partition(" ")
    out: list[Reason] = []
    if unit == "win":
        out.append(Reason("last_round"))
    if kind in ("start", "jump"):
        out.append(Reason("harbour", {"field": rest}))
    elif game.prompt == "move":
        out.extend(_path_reasons(game, seat, played.token, best.token))
    elif game.prompt == "special":
        end = game.ended_on[seat]
        chance = {"shovels": sheet.shovels, "chance": float(odds.temple(sheet.shovels))}
        if kind == "search":
            out.append(Reason("search"))
        elif kind == "explore":
            out.append(Reason("explore", chance))
        elif game.island.temple(end):
            out.append(Reason("skip_temple", chance))
    elif game.prompt == "spend":
        points = game.island.treasure(game.ended_on[seat]) or 0
        spend = {"points": points, "shovels": int(game.legal()[0].split()[1])}
        out.append(Reason("spend" if kind == "spend" else "keep_shovels", spend))
    return tuple(out) or (Reason("future"),)


def _path_reasons(game: Game, seat: int, played: str, best: str) -> list[Reason]:
    if best.startswith("foot"):
        return [Reason("foot", {"length": int(best.split()[1])})]
    if played.startswith("foot"):
        return [Reason("keep_foot")]
    mine, good = played.split()[1:], best.split()[1:]
    out = []
    stuck = _stuck(game, seat, mine)
    if stuck > _stuck(game, seat, good):
        out.append(Reason("dead_end", {"dice": stuck}))
    isl = game.island
    held = game.sheets[seat].shovels

    def end_value(path: list[str]) -> float:
        """What the walk's end pays on average: a search, or a temple's 9 (GG-4)."""
        shovels, end = held + sum(isl.marks[f] == SHOVEL for f in path), path[-1]
        t = isl.treasure(end)
        if t:
            return float(odds.search(t, shovels)) * t
        if isl.temple(end) and end not in game.temples_closed:
            return float(odds.temple(shovels)) * TEMPLE_POINTS
        return 0.0

    if end_value(good) > end_value(mine) + 0.05:
        out.append(Reason("richer_end", {"field": good[-1], "points": round(end_value(good), 1)}))
    more = sum(isl.marks[f] == SHOVEL for f in good) - sum(isl.marks[f] == SHOVEL for f in mine)
    if more > 0:
        out.append(Reason("more_shovels", {"shovels": more}))
    return out


# ---- a whole record -----------------------------------------------------------------------


class Stepper:
    """A review done a little at a time, for a page that shows progress between the steps.

    ``step(budget_s)`` reviews moves from :attr:`position` until ``budget_s`` seconds have
    passed (at least one move) and returns the decisions found; decisions do not depend on one
    another, so where the steps fall changes nothing. ``begin`` starts at a later move.
    :attr:`scores` holds the round ends the last step passed (see :attr:`Review.scores`).
    """

    def __init__(
        self,
        data: object,
        *,
        level: str = LEVEL,
        begin: int = 0,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.reviewer = Reviewer(level)
        self.final = record.replay(data)  # every check, before any search
        self.rec = self.final.record()
        self.moves: list[str] = self.rec["moves"]
        self.total = len(self.moves)
        self.begin = self.position = max(0, min(begin, self.total))
        self.game = record.replay(self.rec, upto=self.position)
        self.clock = clock
        self.scores: list[tuple[int, tuple[int, ...]]] = []

    @property
    def done(self) -> bool:
        return self.position >= self.total

    def step(self, budget_s: float = 0.0) -> list[Decision]:
        out: list[Decision] = []
        started = self.clock()
        self.scores = []
        while not self.done:
            i = self.position
            game = self.game
            d = self.reviewer.decision(game, i, self.moves[i])
            if d is not None:
                out.append(d)
            before, over = game.round, game.is_over()
            game.push(self.moves[i])
            if (game.round != before and before) or game.is_over() != over:  # a round ended
                self.scores.append((before, tuple(game.score(s) for s in range(game.n))))
            self.position = i + 1
            if self.clock() - started >= budget_s:
                break
        return out


def review(
    data: object,
    *,
    level: str = LEVEL,
    progress: Callable[[int, int], object] | None = None,
) -> Review:
    """Review a record (its JSON data). Raises the record's errors for a bad record.

    ``progress(done, total)`` is called as moves are reviewed.
    """
    stepper = Stepper(data, level=level)
    decisions: list[Decision] = []
    scores: list[tuple[int, tuple[int, ...]]] = []
    while not stepper.done:
        decisions += stepper.step(0.25)
        scores += stepper.scores
        if progress:
            progress(stepper.position, stepper.total)
    return summarize(stepper.final, level, decisions, tuple(scores))


def summarize(game: Game, level: str, decisions: Sequence[Decision], scores: Scores = ()) -> Review:
    """The review of ``decisions`` of ``game``'s players (only their names are read)."""
    players = []
    for seat, p in enumerate(game.players):
        mine = [d for d in decisions if d.seat == seat]
        players.append(
            PlayerReview(
                seat=seat,
                name=str(p["name"]),
                decisions=len(mine),
                accuracy=accuracy([d.loss for d in mine]),
                points_lost=sum(d.loss for d in mine),
                grades={g: sum(1 for d in mine if d.grade == g) for g in GRADES},
            )
        )
    return Review(level, tuple(players), tuple(decisions), costliest(decisions, COSTLIEST), scores)


# ---- English -----------------------------------------------------------------------------


def reason_words(r: Reason) -> str:
    """A reason in English: its :data:`REASONS` words with the parameters filled in."""
    params = {k: f"{v:.0%}" if k == "chance" else v for k, v in r.params.items()}
    return REASONS[r.id].format(**params)


def _option_words(o: Option, unit: str) -> str:
    value = f"{o.value:.0%} to win" if unit == "win" else f"{o.value:.1f} points"
    return f"'{o.token}' ({value})"


def format_review(r: Review) -> str:
    """The review as English text: a table per player, then the costliest decisions."""
    names = [p.name for p in r.players]
    width = max(8, *(len(n) for n in names))
    lines = [
        f"Review by the {r.level} level: loss is what a decision gave away against the best "
        "option, in expected points.",
        "",
        f"{'player':<{width}}  decisions  accuracy  points lost  "
        + "  ".join(f"{g:>{max(4, len(g))}}" for g in GRADES),
    ]
    for p in r.players:
        lines.append(
            f"{p.name:<{width}}  {p.decisions:>9}  {p.accuracy:>8.1f}  {p.points_lost:>11.1f}  "
            + "  ".join(f"{p.grades[g]:>{max(4, len(g))}}" for g in GRADES)
        )
    if r.costliest:
        lines += ["", "Costliest decisions:"]
    for k, d in enumerate(r.costliest, 1):
        why = "; ".join(reason_words(x) for x in d.reasons)
        lines.append(
            f"{k}. move {d.index}, round {d.round}, {names[d.seat]} ({d.grade}, "
            f"-{d.loss:.1f} points):"
        )
        lines.append(f"   played {_option_words(d.played, d.unit)}")
        lines.append(f"   the {r.level} level prefers {_option_words(d.best, d.unit)}: {why}")
    return "\n".join(lines)
