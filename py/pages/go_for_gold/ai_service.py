"""Go for Gold's computer seats from a record: what the AI worker (or, failing it, the page)
runs. The game reached is kept, so a call costs the decision, not a replay.
"""

from __future__ import annotations

import json
import random
from typing import Any

from gamekit.records import ReplayCache
from go_for_gold import ai
from go_for_gold import record as records
from go_for_gold.game import Game
from go_for_gold.players import make_player
from go_for_gold.review import Stepper
from shell.review import resume

FORMAT = "go-for-gold/1"
REVIEW_STEP_S = 0.03
"""A review step's budget on the page's own thread (when the worker is lost): under 50 ms."""


class AiService:
    def __init__(self) -> None:
        self.cache = ReplayCache(records.replay)
        self.players: dict[str, Any] = {}
        self.reviewing: tuple[str, Stepper] | None = None  # the record under review, its steps

    def game_for(self, record_json: str) -> Game:
        game: Game = self.cache.game_for(record_json)
        return game

    def decide(self, record_json: str) -> str:
        """The token the computer seat to move plays, its randomness seeded from the game."""
        g = self.game_for(record_json)
        spec = g.players[g.to_move].get("ai") or "greedy"
        if spec not in self.players:
            self.players[spec] = make_player(spec, random.Random())
        p = self.players[spec]
        if hasattr(p, "rng"):
            p.rng.seed(f"ai:{g.seed}:{len(g.moves)}")
        return str(p.decide(g.clone(), list(g.legal())))

    def hint(self, record_json: str) -> str:
        """The strongest level's choice and its chance; after a foot, the path it then walks
        (``then``), so that "Play it" plays the whole move."""
        g = self.game_for(record_json)
        advice = ai.hint(g)
        token = advice.get("token")
        if isinstance(token, str) and token.startswith("foot "):
            after = g.clone()
            after.push(token)
            advice["then"] = ai.hint(after).get("token")
        return json.dumps(advice)

    def review(self, request_json: str, budget_s: float = REVIEW_STEP_S) -> str:
        """One step of a game's review. The request is JSON ``{"record", "begin"}``; the answer
        ``{"next", "total", "decisions", "scores"}``: the decisions of moves ``begin`` to
        ``next - 1`` (as :meth:`Decision.to_dict`), found within ``budget_s`` seconds, and the
        scores at the ends of the rounds among them (``[round, scores]``). The page asks again
        from ``next`` until it reaches ``total``; the steps go on from where the last ended."""
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
                "scores": [[rnd, list(scores)] for rnd, scores in stepper.scores],
            }
        )
