"""Go for Gold in words: fields, paths and what each token did, as message ids with their
parameters (``(key, params)``), shown through :func:`shell.i18n.t`. Pure: no browser.

>>> from go_for_gold import Game
>>> g = Game.new(["Ada"]); before = g.clone(); _ = g.apply("start g1")
>>> describe(before, "start g1", g)
[('gg.log.start.solo', {'name': 'Ada', 'field': 'g1'})]
"""

from __future__ import annotations

from fractions import Fraction

from go_for_gold.board import FOOT, HARBOUR, SHOVEL, TEMPLE_POINTS, TREASURES
from go_for_gold.game import ENTRIES, Game
from shell.i18n import Later, Message, t, tn

Line = Message


def pct(p: Fraction | float) -> str:
    x = float(p) * 100
    return f"{round(x)} %"


def field_label(game: Game, f: str) -> str:
    """A field and what is on it: "g4, treasure 5"."""
    mark = game.island.marks[f]
    if mark == HARBOUR:
        return t("gg.field.harbour", field=f)
    if mark == SHOVEL:
        return t("gg.field.shovel", field=f)
    if mark == FOOT:
        return t("gg.field.foot", field=f)
    if mark in TREASURES:
        return t("gg.field.treasure", field=f, n=mark)
    temple = game.island.temple(f)
    if temple:
        key = "gg.field.temple_closed" if f in game.temples_closed else "gg.field.temple"
        return t(key, field=f, temple=t("gg.temple." + temple))
    return t("gg.field.plain", field=f)


def path_text(fields: list[str]) -> str:
    return " → ".join(fields)


def collected(game: Game, fields: list[str]) -> str | None:
    marks = [game.island.marks[f] for f in fields]
    parts = []
    if marks.count(SHOVEL):
        parts.append(tn("gg.shovels", marks.count(SHOVEL)))
    if marks.count(FOOT):
        parts.append(tn("gg.feet", marks.count(FOOT)))
    return ", ".join(parts) or None


def describe(before: Game, tok: str, after: Game) -> list[Line]:
    """What ``tok``, played in ``before``, did (``after`` is the state it led to)."""
    kind, _, rest = tok.partition(" ")
    seat = before.to_move
    name = before.players[seat]["name"] if seat >= 0 else ""
    out: list[Line] = []
    if kind == "start":
        key = "gg.log.start.solo" if before.n == 1 else "gg.log.start"  # no "others" alone
        out.append((key, {"name": before.players[0]["name"], "field": rest}))
    elif kind == "die" and before.prompt == "roll":
        out.append(("gg.log.die", {"round": before.round, "n": int(rest)}))
    elif kind == "die":
        out.append(_roll_result(before, int(rest), after))
    elif kind == "foot":
        out.append(("gg.log.foot", {"name": name, "n": int(rest)}))
    elif kind == "path":
        fields = rest.split()
        out.append(("gg.log.path", {"name": name, "path": path_text(fields)}))
        what = collected(before, fields)
        if what:
            out.append(("gg.log.collect", {"name": name, "what": what}))
    elif kind == "jump":
        out.append(("gg.log.jump", {"name": name, "field": rest}))
    elif kind == "search":
        need = before.island.treasure(before.ended_on[seat]) or 0
        out.append(("gg.log.search", {"name": name, "n": need}))
    elif kind == "explore":
        temple = before.island.temple(before.ended_on[seat]) or "R"
        out.append(("gg.log.explore", {"name": name, "temple": t("gg.temple_acc." + temple)}))
    elif kind == "spend":
        need = before.island.treasure(before.ended_on[seat]) or 0
        out.append(("gg.log.spend", {"name": name, "k": tn("gg.shovels", int(rest)), "n": need}))
    elif kind == "pass":
        out.append(("gg.log.keep" if before.prompt == "spend" else "gg.log.pass", {"name": name}))
    for s, (was, now) in enumerate(zip(before.sheets, after.sheets, strict=True)):
        if now.out and not was.out:
            n = after.die or 0
            out.append(("gg.log.out", {"name": after.players[s]["name"], "n": n}))
    if after.over and not before.over:
        out.append(("gg.log.over", {}))
    return out


def _roll_result(before: Game, roll: int, after: Game) -> Line:
    seat = before.to_move
    name = before.players[seat]["name"]
    if before.prompt == "roll_temple":
        won = after.sheets[seat].entries[-1:] == [TEMPLE_POINTS] and len(
            after.sheets[seat].entries
        ) > len(before.sheets[seat].entries)
        key = "gg.log.temple_lost" if not won else (
            "gg.log.temple_won.solo" if before.n == 1 else "gg.log.temple_won"  # closed for whom?
        )
        return (key, {"name": name, "roll": roll})
    need = before.island.treasure(before.ended_on[seat]) or 0
    if roll >= need:
        return ("gg.log.roll_found", {"name": name, "roll": roll, "n": need})
    if after.prompt == "spend" and after.to_move == seat:
        return ("gg.log.roll_short", {"name": name, "roll": roll, "k": need - roll})
    return ("gg.log.roll_missed", {"name": name, "roll": roll})


def text(line: Line) -> str:
    return t(line[0], **line[1])


def prompt_key(g: Game) -> str:
    """The message of the prompt in force; a solo game's start names no other players."""
    return "gg.prompt.start.solo" if g.prompt == "start" and g.n == 1 else "gg.prompt." + g.prompt


def over_key(g: Game) -> str:
    """The end's line: one winner, a shared win, or a solo game's score (nobody to beat)."""
    if g.n == 1:
        return "gg.over.solo"
    return "gg.over.winner" if len(g.winners) == 1 else "gg.over.winners"


def _steps(n: str) -> str:
    return tn("gg.steps", int(n))


def _shovels(n: str) -> str:
    return tn("gg.shovels", int(n))


def outcome(before: Game, roll: int, after: Game) -> Line:
    """What a roll did, short, for the die box: "5 steps for everyone", "Found! +6",
    "Cursed: −1", "Not found", "2 short"."""
    seat = before.to_move
    if before.prompt == "roll":
        return ("gg.outcome.move", {"steps": Later(_steps, str(roll))})
    if before.prompt == "roll_temple":
        won = len(after.sheets[seat].entries) > len(before.sheets[seat].entries) and (
            after.sheets[seat].entries[-1] == TEMPLE_POINTS
        )
        return ("gg.outcome.temple_won", {}) if won else ("gg.outcome.temple_lost", {})
    need = before.island.treasure(before.ended_on[seat]) or 0
    if roll >= need:
        return ("gg.outcome.found", {"n": need})
    if after.prompt == "spend" and after.to_move == seat:
        return ("gg.outcome.short", {"k": need - roll})
    return ("gg.outcome.missed", {})


def settled(before: Game, tok: str) -> Line:
    """How a short search roll was settled (``spend k`` or ``pass`` at the spend prompt), for
    the die box: "Found with 2 shovels! +5", "2 short: not dug up"."""
    seat = before.to_move
    need = before.island.treasure(before.ended_on[seat]) or 0
    k = need - (before.rolled or 0)
    if tok.startswith("spend "):
        return ("gg.outcome.spent", {"k": Later(_shovels, str(k)), "n": need})
    return ("gg.outcome.kept", {"k": k})


def end_reason(g: Game) -> Line:
    """Why the game ended (GG-6.1): a 6th entry, every player out, or nothing left to score
    within anyone's reach."""
    sixth = [g.players[s]["name"] for s in range(g.n) if len(g.sheets[s].entries) >= ENTRIES]
    if sixth:
        return ("gg.end.sixth", {"names": ", ".join(sixth)})
    if all(s.out for s in g.sheets):
        if g.n == 1:
            return ("gg.end.out.solo", {"name": g.players[0]["name"], "n": g.die or 0})
        return ("gg.end.out", {})
    return ("gg.end.unreachable.solo" if g.n == 1 else "gg.end.unreachable", {})


def piece(before: Game, tok: str, after: Game) -> Line | None:
    """One part of a seat's round in a few words ("walks 4 to e7, treasure 5"), for the
    panel's one-line summary of each player's round; None for what needs no words there."""
    kind, _, rest = tok.partition(" ")
    if kind == "path":
        fields = rest.split()
        return ("gg.sum.walk", {"steps": tn("gg.steps", len(fields)),
                                "field": field_label(before, fields[-1])})
    if kind == "foot":
        return ("gg.sum.foot", {})
    if kind == "jump":
        return ("gg.sum.jump", {"field": rest})
    if kind == "die" and before.prompt in ("roll_search", "roll_temple"):
        said = text(outcome(before, int(rest), after))
        return ("gg.sum.rolled", {"roll": int(rest), "what": said})
    if kind == "spend":
        need = before.island.treasure(before.ended_on[before.to_move]) or 0
        return ("gg.sum.spend", {"k": tn("gg.shovels", int(rest)), "n": need})
    if kind == "pass":
        return ("gg.sum.keep", {}) if before.prompt == "spend" else ("gg.sum.pass", {})
    return None


def summary(name: str, pieces: list[Line]) -> str:
    """A seat's round in one line: "Bot 2: walks 4 to e7, treasure 5; rolls 6: Found! +5"."""
    return t("gg.sum.line", name=name, what="; ".join(text(p) for p in pieces))
