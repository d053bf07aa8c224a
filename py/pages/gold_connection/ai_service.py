"""The computer seats' decisions and the hint, from a record: what the AI worker runs.

The worker is sent the whole record each time; :class:`AiService` keeps the game it reached
and only plays the new moves, so a call costs the decision, not a replay.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from gamekit.records import ReplayCache
from gold_connection import Game, players
from gold_connection import record as records
from gold_connection.players import Player, make_player
from gold_connection.review import Stepper
from shell.review import resume

FALLBACK_HINT = "greedy"
REVIEW_STEP_S = 0.03
"""A review step's budget on the page's own thread (when the worker is lost): under 50 ms."""


class AiService:
    def __init__(self) -> None:
        self.cache = ReplayCache(records.replay)
        self.players: dict[str, Player] = {}
        self.reviewing: tuple[str, Stepper] | None = None  # the record under review, its steps

    def game_for(self, record_json: str) -> Game:
        game: Game = self.cache.game_for(record_json)
        return game

    def player(self, spec: str, game: Game) -> Player:
        """One player object per spec, its randomness seeded from the game and the move."""
        if spec not in self.players:
            self.players[spec] = make_player(spec, random.Random())
        p = self.players[spec]
        if hasattr(p, "rng"):
            p.rng.seed(f"ai:{game.seed}:{len(game.moves)}")
        return p

    def decide(self, record_json: str) -> str:
        """The token the computer seat to move plays."""
        g = self.game_for(record_json)
        spec = g.players[g.to_move].get("ai") or FALLBACK_HINT
        return self.player(spec, g).decide(g.clone(), list(g.legal()))

    def hint(self, record_json: str) -> str:
        """JSON ``{"token", "chance", "gain", "source", "then"}``: what a strong player would do
        now; after a walk, ``then`` is what to name where it ends (so the hint is a whole plan)."""
        g = self.game_for(record_json)
        h = self._hint(g)
        token = h.get("token")
        if isinstance(token, str) and token.startswith("move"):
            after = g.clone()
            after.apply(token)
            h["then"] = self._hint(after).get("token")
        return json.dumps({k: float(v) if isinstance(v, Fraction) else v for k, v in h.items()})

    def review(self, request_json: str, budget_s: float = REVIEW_STEP_S) -> str:
        """One step of a game's review. The request is JSON ``{"record", "begin"}``; the answer
        ``{"next", "total", "decisions", "expected"}``: the decisions of moves ``begin`` to
        ``next - 1`` (as :meth:`Decision.to_dict`), found within ``budget_s`` seconds, and the
        expected final scores after the turns that ended among them (``[turn, scores]``). The
        page asks again from ``next`` until it reaches ``total``; the steps go on from where the
        last ended."""
        self.reviewing = resume(
            self.reviewing, request_json, lambda record, begin: Stepper(record, begin=begin)
        )
        stepper = self.reviewing[1]
        found = stepper.step(budget_s)
        return json.dumps(
            {
                "next": stepper.position,
                "total": stepper.total,
                "decisions": [d.to_dict() for d in found],
                "expected": [[turn, list(scores)] for turn, scores in stepper.expected],
            }
        )

    def _hint(self, g: Game) -> dict[str, Any]:
        if hasattr(players, "hint"):
            return {**players.hint(g.clone()), "source": "engine"}
        token = self.player(FALLBACK_HINT, g).decide(g.clone(), list(g.legal()))
        return {"token": token, "source": FALLBACK_HINT}
