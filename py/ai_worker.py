"""The computer players' worker: decisions and hints off the main thread (PyScript worker).

The page starts it once the board is playable (``create_named_worker``) and awaits
``decide(record_json)`` / ``hint(record_json)``; both return strings.
"""

from app.brain import Brain

brain = Brain()


def decide(record_json):
    return brain.decide(str(record_json))


def hint(record_json):
    return brain.hint(str(record_json))


def ping():
    return "ok"


__export__ = ["decide", "hint", "ping"]
