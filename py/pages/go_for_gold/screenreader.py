"""Go for Gold in screen-reader mode (:mod:`shell.screenreader`): its news and its command line.

News: every log line once, then what the person to move is asked, and the winners. Commands:
``n`` (the fields around the end of my path), ``f g4`` (a field), ``m`` (my sheet), ``s`` (every
player's score), ``l`` (what I may do), ``w`` (the round, the die, who plays), ``u`` (a step
back), ``d`` (draw the path), ``hint`` (a hint; ``hint play`` plays it); a field's name alone
steps onto it; the game's own tokens (``path f2 g2``, ``foot 3``, ``search``, ``spend 2``,
``jump a6`` …) are checked with the engine's one-line errors. Pure: no browser.

>>> from shell.store import MemoryBackend
>>> from pages.go_for_gold.controller import App
>>> app = App(MemoryBackend(), "?players=human&names=Ada&seed=3")
>>> line = commands(app)
>>> line.run("start g1").changed, app.game.sheets[0].at
(True, 'g1')
>>> app.roll() and line.run("n").lines[0].startswith("You are on g1")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gamekit.errors import IllegalMoveError
from go_for_gold import odds
from go_for_gold.board import parse_field
from go_for_gold.notation import canonical
from shell.i18n import t, tn
from shell.screenreader import Command, CommandLine, HintLine, Reply, hint_command

from pages.go_for_gold import phrases as words
from pages.go_for_gold import view

if TYPE_CHECKING:
    from pages.go_for_gold.controller import App

KINDS = ("start", "die", "path", "foot", "search", "explore", "pass", "spend", "jump")
NEWS_KEPT = 40  # the newest log lines offered for saying (the rest were said before)


def news(app: App) -> list[tuple[tuple[object, ...], str]]:
    """``(key, text)`` for the newest log lines, then what the person to move is asked."""
    base = app.logged - len(app.log)
    start = max(0, len(app.log) - NEWS_KEPT)
    out: list[tuple[tuple[object, ...], str]] = [
        (("log", app.games, base + i), words.text(app.log[i])) for i in range(start, len(app.log))
    ]
    if app.waiting() == "human":
        out.append((("ask", app.games, len(app.game.moves)), asked_text(app)))
        hint = hint_text(app)
        if hint:  # the hint asked for by `hint`, once it is worked out
            out.append((("hint", app.games, len(app.game.moves)), hint))
    if app.game.over:
        out.append((("over", app.games), over_text(app)))
    return out


def name(app: App, seat: int) -> str:
    return str(app.game.players[seat]["name"])


def asked_text(app: App) -> str:
    g = app.game
    who = name(app, g.to_move)
    if g.prompt == "start":
        harbours = ", ".join(tok.split()[1] for tok in g.legal())
        return t("gg.sr.ask.start", name=who, harbours=harbours)
    if g.prompt == "move":
        steps = tn("gg.steps", app.length())
        if not app.foot and not app.paths():  # the die cannot be walked: a foot (GG-3.3)
            lengths = ", ".join(str(k) for k in g.foot_options(g.to_move))
            return t("gg.prompt.move_stuck", name=who, steps=steps) + ": " + f"foot {lengths}."
        return t("gg.sr.ask.move", name=who, steps=steps, at=g.sheets[g.to_move].at)
    if g.prompt == "jump":
        harbours = ", ".join(tok.split()[1] for tok in g.legal())
        return t("gg.sr.ask.jump", name=who, harbours=harbours)
    return legal_text(app)


def over_text(app: App) -> str:
    g = app.game
    names = ", ".join(name(app, s) for s in g.winners)
    best = max(g.score(s) for s in range(g.n))
    key = words.over_key(g)
    return t(key, names=names, n=tn("gg.points", best)) + " " + scores_text(app)


def scores_text(app: App) -> str:
    g = app.game
    return " ".join(
        t(
            "gg.sr.score",
            name=name(app, s),
            score=tn("gg.points", g.score(s)),
            entries=len(g.sheets[s].entries),
        )
        for s in range(g.n)
    )


def field_state(app: App, f: str) -> str:
    """A field, what is on it and what it is to the player to move (or shown)."""
    g = app.game
    seat = app.shown()
    parts = [words.field_label(g, f)]
    sheet = g.sheets[seat]
    if f == sheet.at:
        parts.append(t("gg.field.here"))
    elif f in app.building:
        parts.append(t("gg.field.path"))
    elif f in sheet.visited:
        parts.append(t("gg.field.visited"))
    if app.waiting() == "human" and seat == g.to_move and g.prompt == "move":
        if f in app.next_steps():
            parts.append(t("gg.field.next"))
        elif f in app.dead_ends():
            parts.append(t("gg.field.dead"))
    return ", ".join(parts)


def around_text(app: App) -> str:
    """``n``: the fields next to the end of my path, and the steps left."""
    g = app.game
    seat = app.shown()
    end = app.building[-1] if app.building and seat == g.to_move else g.sheets[seat].at
    if end is None:
        return t("gg.sr.nowhere")
    near = "; ".join(field_state(app, f) for f in g.island.neighbours[end])
    building = bool(app.building) and seat == g.to_move
    text = t("gg.sr.around_path" if building else "gg.sr.around", field=end, near=near)
    if app.waiting() == "human" and g.prompt == "move":
        text += " " + tn("gg.steps_left", app.length() - len(app.building)) + "."
    return text


def sheet_text(app: App, seat: int) -> str:
    g = app.game
    s = g.sheets[seat]
    facts = [
        t("gg.score", n=g.score(seat)),
        tn("gg.shovels", s.shovels),
        tn("gg.feet", s.feet),
        t("gg.entries_of", count=len(s.entries)),
        t("gg.jump_used" if s.jumped else "gg.jump_open"),
    ]
    if s.out:
        facts.append(t("gg.out"))
    return t("gg.sr.sheet", name=name(app, seat), at=s.at or "–", facts=", ".join(facts))


def legal_text(app: App) -> str:
    g = app.game
    if g.over:
        return t("sr.over")
    if app.waiting() != "human":
        return t("sr.wait", name=name(app, g.to_move)) if g.to_move >= 0 else t("gg.rolling")
    if g.prompt in ("start", "jump"):
        return asked_text(app)
    if g.prompt == "move":
        nxt = ", ".join(sorted(app.next_steps())) or "–"
        text = t("gg.sr.legal.move", n=app.length() - len(app.building), next=nxt)
        if app.complete():
            text = t("gg.sr.legal.done", path=words.path_text(app.building))
        feet = g.foot_options(g.to_move)
        if feet and not app.building:
            text += " " + t("gg.sr.legal.foot", lengths=", ".join(map(str, feet)))
        return text
    seat = g.to_move
    end = g.ended_on.get(seat, "")
    shovels = g.sheets[seat].shovels
    if g.prompt == "special":
        need = g.island.treasure(end)
        if need:
            p = words.pct(odds.search(need, shovels))
            return t("gg.sr.legal.search", n=need, field=end, p=p)
        return t("gg.sr.legal.explore", field=end, p=words.pct(odds.temple(shovels)))
    if g.prompt == "spend":
        k = int(g.legal()[0].split()[1])
        return t("gg.sr.legal.spend", k=k)
    return ""


def hint_text(app: App) -> str:
    """The hint in words ("Hint: the strongest computer would walk …."); "" when there is none."""
    said = view.hint_said(app)
    return t("gg.hint.title") + " " + ", ".join(said) + "." if said else ""


def where_text(app: App) -> str:
    g = app.game
    if g.over:
        return over_text(app)
    die = t("gg.die_value", n=g.die) if g.die else t("gg.die_none")
    text = t("gg.round", n=max(g.round, 1)) + ". " + die + "."
    return text + " " + (asked_text(app) if app.waiting() == "human" else legal_text(app))


def commands(app: App, ask_hint: Callable[[], None] | None = None) -> CommandLine:
    """The command line of the Go for Gold page; ``app`` is read at each command.
    ``ask_hint()`` asks the page for a hint (worked out in the AI worker; the news says it
    once it is there)."""

    def reading(say: Callable[[App], str]) -> Callable[[list[str]], Reply]:
        return lambda args: Reply([say(app)])

    def field(args: list[str]) -> Reply:
        f = args[0].lower() if len(args) == 1 else ""
        if f not in app.game.island.marks:
            return Reply([t("gg.sr.field_bad", value=" ".join(args)[:20])])
        return Reply([field_state(app, f)])

    def sheet(args: list[str]) -> Reply:
        g = app.game
        if args:
            if not args[0].isdigit() or not 1 <= int(args[0]) <= g.n:
                return Reply([t("sr.player.bad", n=g.n)])
            return Reply([sheet_text(app, int(args[0]) - 1)])
        return Reply([sheet_text(app, app.shown())])

    def undo(args: list[str]) -> Reply:
        if not app.intent("undo"):
            return Reply([t("gg.sr.no_undo")])
        return Reply([around_text(app)], changed=True)

    def draw(args: list[str]) -> Reply:
        if not app.intent("confirm"):
            return Reply([legal_text(app)])
        return Reply([t("sr.played", token=app.game.moves[-1])], changed=True, quiet=True)

    def refused() -> Reply | None:
        g = app.game
        if g.over:
            return Reply([t("sr.over")])
        if app.waiting() == "handoff":
            app.intent("handoff")  # typing at the device is taking it
        if app.waiting() != "human":
            return Reply([legal_text(app)])
        return None

    def play(text: str) -> Reply | None:
        first = text.split()[0].lower()
        if parse_field(first) is not None and len(text.split()) == 1:
            return step(first)
        if first not in KINDS:
            return None
        try:
            token = canonical(text)
        except IllegalMoveError as e:
            return Reply([t("sr.illegal", error=str(e))])
        if first == "die":
            return Reply([t("gg.sr.no_dice")])
        no = refused()
        if no:
            return no
        g = app.game
        tokens = [token]
        if first == "path" and app.foot is not None:
            tokens = [f"foot {app.foot}", token]  # the foot chosen on the page goes with it
        trial = g.clone()
        try:
            for tok in tokens:
                trial.apply(tok)
        except IllegalMoveError as e:
            return Reply([t("sr.illegal", error=str(e))])  # nothing applied
        for tok in tokens:
            app.play(tok)
        return Reply([t("sr.played", token=token)], changed=True, quiet=True)

    def step(f: str) -> Reply:
        no = refused()
        if no:
            return no
        g = app.game
        if g.prompt in ("start", "jump"):
            return play(f"{g.prompt} {f}") or Reply([legal_text(app)])
        if g.prompt != "move" or f not in app.next_steps():
            why = field_state(app, f) if f in g.island.marks else f
            return Reply([t("gg.sr.not_next", field=why), legal_text(app)])
        app.intent("field", f)
        return Reply([around_text(app)], changed=True)

    hint = HintLine(
        refused, app.hint_plan, lambda: app.intent("play_hint"), lambda: hint_text(app), ask_hint,
        busy="gg.hint.busy", none="gg.sr.no_hint",
    )

    table = [
        Command(("n", "near"), "gg.sr.cmd.near", reading(around_text)),
        Command(("f", "field"), "gg.sr.cmd.field", field),
        Command(("m", "me", "sheet"), "gg.sr.cmd.sheet", sheet),
        Command(("s", "scores"), "gg.sr.cmd.scores", reading(scores_text)),
        Command(("l", "legal"), "gg.sr.cmd.legal", reading(legal_text)),
        Command(("w", "where"), "gg.sr.cmd.where", reading(where_text)),
        Command(("u", "undo"), "gg.sr.cmd.undo", undo),
        Command(("d", "draw"), "gg.sr.cmd.draw", draw),
        hint_command(hint, "gg.sr.cmd.hint"),
    ]
    return CommandLine(table, fallback=play, moves_usage="gg.sr.cmd.moves")
