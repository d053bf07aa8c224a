"""The computer players' worker: decisions and hints off the main thread (PyScript worker).

One worker serves every game of the site: the record's ``format`` says whose engine answers.
The page starts it once the board is playable (``create_named_worker``) and awaits
``decide(record_json)`` / ``hint(record_json)``; both return strings. ``review(request_json)``
(Gold Connection's only) reviews a record a step at a time (see ``app.brain.Brain.review``).
"""

import json

import stdlib_bytecode  # noqa: F401  (first of ours: the standard library's bytecode)

BRAINS = {}


REVIEW_STEP_S = 0.25
"""A review step's budget here: the page shows progress a few times a second."""


def brain_for(record_json):
    return brain_of(json.loads(record_json).get("format", ""))


def brain_of(fmt):
    if fmt not in BRAINS:
        if fmt.startswith("go-for-gold/"):
            from gfgapp.brain import GfgBrain

            BRAINS[fmt] = GfgBrain()
        else:
            from app.brain import Brain

            BRAINS[fmt] = Brain()
    return BRAINS[fmt]


def decide(record_json):
    text = str(record_json)
    return brain_for(text).decide(text)


def hint(record_json):
    text = str(record_json)
    return brain_for(text).hint(text)


def review(request_json):
    text = str(request_json)
    fmt = json.loads(text)["record"].get("format", "")
    return brain_of(fmt).review(text, REVIEW_STEP_S)


def ping():
    return "ok"


__export__ = ["decide", "hint", "review", "ping"]
