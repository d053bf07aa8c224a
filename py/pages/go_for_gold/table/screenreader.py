"""The table page in screen-reader mode: its news (what to call out, each new round's die)
and its command line, for ``browser.ScreenReaderMode``. Pure: a seat can be played whole by
typed lines in CPython.

Typed: a field's name takes a step (``f2``), ``d`` draws the path, ``u`` takes a step back;
the game's own words play (``foot 3``, ``jump g11``, ``search``, ``explore``, ``pass``,
``spend 2``, ``next``); a call heard at the table is ``closed red`` (or ``closed R``),
``last``, ``out Bob``; ``r CODE`` adds another player's result code at the end.

>>> from shell.store import MemoryBackend
>>> from go_for_gold.table import Table
>>> from pages.go_for_gold.table.app import TableApp
>>> app = TableApp(MemoryBackend(), "?" + Table(4242, "a", 3, 0, ("Ada", "Bob", "Cy")).query())
>>> app.intent("seat", "0")
True
>>> commands(app).run("w").lines
['Round 1, the die shows 2. Draw a path of 2 steps from g1: next steps f2, g2.']
"""

from __future__ import annotations

from collections.abc import Callable

from go_for_gold.board import TEMPLES, parse_field
from shell.i18n import t, tn
from shell.screenreader import Command, CommandLine, Reply

from pages.go_for_gold import phrases as words
from pages.go_for_gold.table.app import TableApp

WORDS = ("foot", "jump", "search", "explore", "pass", "spend", "next")


def say_lines(app: TableApp) -> list[str]:
    dev = app.dev
    if dev is None:
        return []
    return [t(f"gt.say.{k}" + (f".{a}" if a else "")) for k, a in dev.say]


def news(app: TableApp) -> list[tuple[object, str]]:
    """Each new round's die, then what to call out, each said once."""
    dev = app.dev
    if dev is None or app.screen != "play":
        return []
    out: list[tuple[object, str]] = []
    if dev.die and dev.prompt == "move":
        out.append((("die", dev.table.code, dev.round), where(app)))
    for line in say_lines(app):
        out.append((("say", dev.table.code, len(dev.events), line), t("gt.say.title") + " " + line))
    if dev.over:
        out.append((("over", dev.table.code), t("gt.over.title", score=dev.score())))
    return out


def where(app: TableApp) -> str:
    """The round, the die and what is asked."""
    dev = app.dev
    if app.screen != "play" or dev is None:
        return t("gt.sr.no_seat")
    if dev.over:
        return t("gt.over.title", score=dev.score()) + " " + t("gt.sr.code", code=dev.result_code())
    g = dev.game
    head = t("gt.sr.round", n=app.round_now(), die=dev.die or "–")
    p = dev.prompt
    if p == "move":
        at = app.building[-1] if app.building else g.sheets[0].at
        steps = ", ".join(app.next_steps()) or "–"
        ask = tn("gt.sr.move", app.steps_left(), at=at, next=steps)
        if app.path_done():
            ask += " " + t("gt.sr.done")
    elif p == "jump":
        ask = t("gt.sr.jump", harbours=", ".join(tok.split()[1] for tok in g.legal()))
    elif p == "special":
        end = g.ended_on[0]
        n = g.island.treasure(end)
        ask = (
            t("gt.special.treasure", n=n)
            if n
            else t("gt.special.temple", colour=t("gt.colour." + (g.island.temple(end) or "R")))
            + " "
            + t("gt.order", order=", ".join(app.name(s) for s in dev.order()))
        )
    elif p == "spend":
        ask = t("gt.spend", roll=g.rolled, n=g.island.treasure(g.ended_on[0])) + " "
        ask += t("gt.sr.spend", k=g._shortfall())
    else:
        ask = t("gt.next", n=app.round_now()) + " " + t("gt.sr.next")
    return head + " " + ask


def sheet_text(app: TableApp) -> str:
    dev = app.dev
    assert dev is not None
    s = dev.game.sheets[0]
    return t(
        "gt.sr.sheet",
        at=s.at,
        score=dev.score(),
        shovels=tn("gg.shovels", s.shovels),
        feet=tn("gg.feet", s.feet),
        entries=", ".join(map(str, s.entries)) or "–",
    )


def calls_text(app: TableApp) -> str:
    dev = app.dev
    assert dev is not None and app.table is not None
    colours = ", ".join(t("gt.colour." + c) for c in dev.open_temples())
    others = ", ".join(
        app.name(s) for s in range(app.table.players) if s != dev.seat and s not in dev.outs
    )
    return t("gt.sr.calls", colours=colours or "–", names=others or "–")


def commands(app: TableApp) -> CommandLine:
    """The table page's command line; ``app`` is read at each command."""

    def reading(say: Callable[[], str]) -> Callable[[list[str]], Reply]:
        return lambda args: Reply([say()])

    def playing() -> Reply | None:
        if app.screen != "play" or app.dev is None:
            return Reply([t("gt.sr.no_seat")])
        return None

    def acted(before: int, rolled: object) -> Reply:
        if app.notices and len(app.notices) > before:
            return Reply([t("sr.illegal", error=app.notices.pop())])
        roll = app.dev.last_roll if app.dev is not None else None
        if roll is not None and roll is not rolled:  # a search or temple: say the roll first
            said = t("gt.sr.rolled", n=roll[1], what=words.text(words.outcome(*roll)))
            return Reply([said, where(app)], changed=True)
        return Reply([where(app)], changed=True)

    def intent(name: str, arg: str = "") -> Reply:
        no = playing()
        if no:
            return no
        before = len(app.notices)
        rolled = app.dev.last_roll if app.dev is not None else None
        if not app.intent(name, arg):
            return Reply([where(app)])
        return acted(before, rolled)

    def sheet(args: list[str]) -> Reply:
        return playing() or Reply([sheet_text(app)])

    def calls(args: list[str]) -> Reply:
        return playing() or Reply([calls_text(app)])

    def standings(args: list[str]) -> Reply:
        rows = app.standing_rows() if app.table is not None and app.dev is not None else []
        if not rows:
            return Reply([t("gt.sr.no_results")])
        return Reply([t("gt.sr.standing", place=p, name=n, score=s) for p, n, s, _, _ in rows])

    def result(args: list[str]) -> Reply:
        no = playing()
        if no:
            return no
        app.add_result(" ".join(args))
        if app.result_error:
            return Reply([t("gt.results.bad", reason=app.result_error)], changed=True)
        return Reply([t("gt.sr.added")] + standings([]).lines, changed=True)

    def call(kind: str, args: list[str]) -> Reply:
        dev = app.dev
        if dev is None or app.table is None:
            return Reply([t("gt.sr.no_seat")])
        arg = " ".join(args).strip()
        if kind == "closed":
            by_word = {t("gt.colour." + c).lower(): c for c in TEMPLES}
            by_word |= {name: c for c, name in TEMPLES.items()} | {c.lower(): c for c in TEMPLES}
            colour = by_word.get(arg.lower())
            if colour is None:
                return Reply([calls_text(app)])
            return intent("tell", f"closed {colour}")
        if kind == "out":
            seats = {app.name(s).lower(): s for s in range(app.table.players)}
            seats |= {str(s + 1): s for s in range(app.table.players)}
            seat = seats.get(arg.lower())
            if seat is None:
                return Reply([calls_text(app)])
            return intent("tell", f"out {seat}")
        return intent("tell", "last")

    def fallback(text: str) -> Reply | None:
        parts = text.split()
        first = parts[0].lower()
        if parse_field(first) is not None and len(parts) == 1:
            no = playing()
            if no:
                return no
            if first not in app.next_steps():
                return Reply([t("gt.sr.not_next", field=first) + " " + where(app)])
            app.intent("step", first)
            return Reply([words.field_label(app.dev.game, first), where(app)], changed=True)  # type: ignore[union-attr]
        if first in ("closed", "last", "out"):
            return call(first, parts[1:])
        if first in WORDS:
            return intent("play", " ".join([first, *parts[1:]]).lower())
        return None

    return CommandLine(
        [
            Command(("w", "where"), "gt.sr.cmd.where", reading(lambda: where(app))),
            Command(("m", "sheet"), "gt.sr.cmd.sheet", sheet),
            Command(("d", "draw"), "gt.sr.cmd.draw", lambda args: intent("draw")),
            Command(("u", "undo"), "gt.sr.cmd.undo", lambda args: intent("undo_step")),
            Command(("t", "takeback"), "gt.sr.cmd.take_back", lambda args: intent("take_back")),
            Command(("c", "calls"), "gt.sr.cmd.calls", calls),
            Command(("r", "result"), "gt.sr.cmd.result", result),
            Command(("s", "standings"), "gt.sr.cmd.standings", standings),
        ],
        fallback,
        moves_usage="gt.sr.cmd.moves",
    )
