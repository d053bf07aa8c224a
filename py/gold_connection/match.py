"""Games between players: one game, or many with the seats rotated, and their statistics."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .game import CHANCE, Game
from .players import Player, make_player

PlayerFactory = Callable[[str, random.Random], Player]


class PlayerError(RuntimeError):
    """A player answered with an illegal token or raised: the game cannot go on."""


@dataclass
class GameResult:
    seats: list[int]  # entrant index sitting in each seat
    scores: list[int]
    winners: list[int]  # seats
    moves: int
    turns: int
    times: dict[int, list[float]] = field(default_factory=dict)  # entrant -> decision seconds


def play_game(game: Game, players: list[Player], rng: random.Random, *, on_decision=None) -> Game:
    """Play ``game`` to its end; ``players[seat]`` decides, ``rng`` rolls the dice."""
    while not game.is_over():
        seat = game.current_player()
        if seat == CHANCE:
            game.roll(rng)
            continue
        legal = game.legal()
        started = time.perf_counter()
        try:
            token = players[seat].decide(game.clone(), list(legal))
        except PlayerError:
            raise  # it names the player and the state already (a plugin bot)
        except Exception as e:  # a broken player ends the game with a clear message
            raise PlayerError(
                f"{players[seat].name} (seat {seat}) raised {e!r} at move {len(game.moves)}"
            ) from e
        if on_decision:
            on_decision(seat, time.perf_counter() - started)
        if token not in legal:
            raise PlayerError(
                f"{players[seat].name} (seat {seat}) answered {token!r}, not legal at move "
                f"{len(game.moves)} (prompt {game.prompt}; legal: {', '.join(legal[:8])}"
                f"{' …' if len(legal) > 8 else ''})"
            )
        game.push(token)
    return game


def one_game(
    specs: list[str],
    index: int,
    seed: int,
    ending: str = "counter",
    factory: PlayerFactory | None = None,
) -> GameResult:
    """Game ``index`` of a series: the entrants rotated by ``index``, everything seeded."""
    factory = factory or make_player
    k = len(specs)
    seats = [(index + s) % k for s in range(k)]
    rng = random.Random(seed * 1_000_003 + index)
    players = [factory(specs[e], random.Random(rng.random())) for e in seats]
    game = Game.new(
        [f"{specs[e]}#{e}" for e in seats], ending=ending, rng=random.Random(rng.random())
    )
    times: dict[int, list[float]] = {e: [] for e in range(k)}
    play_game(
        game,
        players,
        random.Random(rng.random()),
        on_decision=lambda seat, dt: times[seats[seat]].append(dt),
    )
    return GameResult(
        seats,
        [game.score(s) for s in range(k)],
        list(game.winners),
        len(game.moves),
        game.counter,
        times,
    )


@dataclass
class Standing:
    spec: str
    games: int = 0
    wins: float = 0.0  # ties split
    score_sum: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """95 % Wilson interval of the win rate."""
        n, p, z = self.games, self.win_rate, 1.96
        if not n:
            return (0.0, 1.0)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def time_stats(self) -> tuple[float, float]:
        """Mean and 95th percentile decision time in milliseconds."""
        if not self.times:
            return (0.0, 0.0)
        ordered = sorted(self.times)
        p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        return (1000 * sum(ordered) / len(ordered), 1000 * p95)


def _run_one(args):
    return one_game(*args)


def series(
    specs: list[str],
    games: int,
    *,
    seed: int = 0,
    ending: str = "counter",
    jobs: int = 1,
    progress=None,
) -> tuple[list[Standing], list[GameResult]]:
    """``games`` games with the entrants rotated so each sits in each seat equally often."""
    tasks = [(specs, i, seed, ending) for i in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = []
            for r in pool.imap(_run_one, tasks, chunksize=4):
                results.append(r)
                if progress:
                    progress(len(results))
    else:
        results = []
        for t in tasks:
            results.append(_run_one(t))
            if progress:
                progress(len(results))
    standings = [Standing(spec) for spec in specs]
    for r in results:
        for seat, e in enumerate(r.seats):
            st = standings[e]
            st.games += 1
            st.score_sum += r.scores[seat]
            if seat in r.winners:
                st.wins += 1 / len(r.winners)
            st.times.extend(r.times.get(e, []))
    return standings, results
