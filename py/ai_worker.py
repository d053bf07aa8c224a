"""The computer players' worker: decisions and hints off the main thread (PyScript worker).

One worker serves every game of the site: the record's ``format`` says whose engine answers.
The page starts it once the board is playable (``create_named_worker``) and awaits
``decide(record_json)`` / ``hint(record_json)``; both return strings.
"""

import json

BRAINS = {}


def brain_for(record_json):
    fmt = json.loads(record_json).get("format", "")
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


def ping():
    return "ok"


__export__ = ["decide", "hint", "ping"]
