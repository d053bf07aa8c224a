"""The computer players' worker: decisions, hints and reviews off the main thread (PyScript).

One worker serves every game of the site: the record's ``format`` says whose AI service
answers (:class:`games.AiServices`). The page starts it once the board is playable
(``create_named_worker``) and awaits ``decide(record_json)`` / ``hint(record_json)`` /
``review(request_json)``; each returns a string.
"""

import games

SERVICES = games.AiServices()

REVIEW_STEP_S = 0.25
"""A review step's budget here: the page shows progress a few times a second."""


def decide(record_json: object) -> str:
    return SERVICES.decide(str(record_json))


def hint(record_json: object) -> str:
    return SERVICES.hint(str(record_json))


def review(request_json: object) -> str:
    return SERVICES.review(str(request_json), REVIEW_STEP_S)


def ping() -> str:
    return "ok"


__export__ = ["decide", "hint", "review", "ping"]
