"""Games between players, for any game package here: one game, or many with the seats rotated,
and their statistics (win rates with 95 % Wilson intervals, decision times).

A game package says how to set up its game in its ``match`` module's ``KIND`` (a :class:`Kind`);
series name the package by its import name, so games can run in worker processes.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .files import replace_file
from .players import Player
from .records import MAX_NAME
from .safejson import clip, one_line

CHANCE = -1
"""``current_player()`` at a roll of the dice, in every game here."""


class PlayerError(RuntimeError):
    """A player answered with an illegal token or raised: the game cannot go on.

    The message is one line of at most 200 characters, whatever the player answered.
    """

    def __init__(self, message: str):
        super().__init__(one_line(message))


@dataclass(frozen=True)
class Kind:
    """What the match runner needs to know about a game."""

    new_game: Callable[[list[str], random.Random, dict[str, Any]], Any]
    """``(names, rng, options) -> game``: a fresh game (the rng deals or seeds it)."""
    make_player: Callable[[str, random.Random], Player]
    turns: Callable[[Any], int]
    """How long a finished game was, in the game's own turns or rounds."""


def kind_of(package: str) -> Kind:
    return importlib.import_module(package + ".match").KIND  # type: ignore[no-any-return]


@dataclass
class GameResult:
    seats: list[int]  # entrant index sitting in each seat
    scores: list[int]
    winners: list[int]  # seats
    moves: int
    turns: int
    times: dict[int, list[float]] = field(default_factory=dict)  # entrant -> decision seconds
    record: dict[str, Any] | None = None  # the game's record, when the series keeps them


def play_game(
    game: Any,
    players: list[Player],
    rng: random.Random,
    *,
    on_decision: Callable[[int, float], object] | None = None,
) -> Any:
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
                f"{players[seat].name} (seat {seat}) raised {clip(e, 80)} at move {len(game.moves)}"
            ) from e
        if on_decision:
            on_decision(seat, time.perf_counter() - started)
        if token not in legal:
            raise PlayerError(
                f"{players[seat].name} (seat {seat}) answered {clip(token)}, not legal at move "
                f"{len(game.moves)} (prompt {game.prompt}; legal: {', '.join(legal[:8])}"
                f"{' …' if len(legal) > 8 else ''})"
            )
        game.push(token)
    return game


def seat_name(spec: str, entrant: int) -> str:
    """The player's name in a game's record: ``spec#entrant``, its end kept within the
    records' limit (a long ``file:`` path would make a record nobody can load again)."""
    name = f"{spec}#{entrant}"
    return name if len(name) <= MAX_NAME else "…" + name[len(name) - MAX_NAME + 1 :]


def one_game(
    package: str,
    specs: list[str],
    index: int,
    seed: int,
    options: dict[str, Any] | None = None,
    factory: Callable[[str, random.Random], Player] | None = None,
    keep_record: bool = False,
) -> GameResult:
    """Game ``index`` of a series: the entrants rotated by ``index``, everything seeded;
    ``keep_record`` keeps the game's record (``game.record()``) in the result."""
    kind = kind_of(package)
    factory = factory or kind.make_player
    k = len(specs)
    seats = [(index + s) % k for s in range(k)]
    rng = random.Random(seed * 1_000_003 + index)
    players = [factory(specs[e], random.Random(rng.random())) for e in seats]
    game = kind.new_game(
        [seat_name(specs[e], e) for e in seats], random.Random(rng.random()), options or {}
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
        kind.turns(game),
        times,
        game.record() if keep_record else None,
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


def _run_one(args: tuple[str, list[str], int, int, dict[str, Any] | None, bool]) -> GameResult:
    package, specs, index, seed, options, keep = args
    return one_game(package, specs, index, seed, options, keep_record=keep)


def record_path(directory: str, index: int) -> str:
    """Where a series keeps game ``index``'s record: ``DIR/game-0001.json`` for the first."""
    return os.path.join(directory, f"game-{index + 1:04d}.json")


def save_record(directory: str, index: int, record: dict[str, Any]) -> None:
    """Write one game's record as JSON (the format ``replay`` reads), creating ``directory``;
    a record is written whole or not at all."""
    os.makedirs(directory, exist_ok=True)
    replace_file(record_path(directory, index), json.dumps(record) + "\n")


@contextmanager
def worker_pool(jobs: int) -> Iterator[Any]:
    """A pool of ``jobs`` fresh processes that leave Ctrl-C to this one: they start with it
    ignored (a disposition a new process inherits), so an interrupted run stops here with one
    KeyboardInterrupt instead of a traceback from every worker; leaving the block ends them."""
    import multiprocessing
    import signal
    import threading

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    with pool:
        yield pool


def series(
    package: str,
    specs: list[str],
    games: int,
    *,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], object] | None = None,
    record_dir: str | None = None,
) -> tuple[list[Standing], list[GameResult]]:
    """``games`` games with the entrants rotated so each sits in each seat equally often;
    with ``record_dir`` every game's record is written there as it finishes (see
    :func:`record_path`), and dropped from the result to keep memory flat."""
    keep = record_dir is not None
    tasks = [(package, specs, i, seed, options, keep) for i in range(games)]
    results: list[GameResult] = []

    def done(r: GameResult) -> None:
        if record_dir is not None and r.record is not None:
            save_record(record_dir, len(results), r.record)
            r.record = None
        results.append(r)
        if progress:
            progress(len(results))

    if jobs > 1:
        with worker_pool(jobs) as pool:
            for r in pool.imap(_run_one, tasks, chunksize=4):
                done(r)
    else:
        for t in tasks:
            done(_run_one(t))
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


def random_playout(game: Any, rng: random.Random) -> Any:
    """Play ``game`` to its end with every decision and roll drawn uniformly from ``rng``."""
    while not game.is_over():
        if game.current_player() == CHANCE:
            game.roll(rng)
        else:
            game.push(rng.choice(game.legal()))
    return game


def bench(
    new_game: Callable[[int], Any], counts: Iterable[int], games: int, seconds: float, seed: int
) -> None:
    """Print random full games per second on one core, for each player count in ``counts``
    (at least ``games`` games and ``seconds`` each): the engine's own speed."""
    rng = random.Random(seed)
    for players in counts:
        started = time.perf_counter()
        n = 0
        while n < games or time.perf_counter() - started < seconds:
            random_playout(new_game(players), rng)
            n += 1
        elapsed = time.perf_counter() - started
        print(
            f"{players} players: {n / elapsed:8.1f} random games/s ({n} games in {elapsed:.2f} s)"
        )
