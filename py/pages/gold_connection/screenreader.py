"""Gold Connection in screen-reader mode: its news in words and its command table.

Plugs into :mod:`shell.screenreader` (game-agnostic). :class:`Narrator` turns the session's log
into ``(key, text)`` news, each log line worded as the visible log words it, with the turn,
what the person at the device is asked and the end; :func:`commands` builds the command line:
short reading commands (``f 7``, ``p 2``, ``s``, ``o``, ``l``, ``w``), ``r`` and ``u``, and
the game's own move tokens, checked by the engine with its one-line errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from gold_connection import Game, IllegalMoveError, canonical, odds
from gold_connection.board import FIELDS, MAX_STEPS
from gold_connection.material import bar_value, row_bars, sort_bars
from shell.i18n import t, tn, tn_agree
from shell.screenreader import Command, CommandLine, HintLine, Reply, hint_command

from pages.gold_connection import hints
from pages.gold_connection import phrases as words
from pages.gold_connection.panel import FIELD_ORDER, odds_text, panel
from pages.gold_connection.session import Entry, Session, walk_end
from pages.gold_connection.settings import ai_text

ACTING = ("take", "rob", "end")  # after these the page rolls at once, as the Roll button does


class Owner(Protocol):
    """What the commands need of the page's state (the controller's ``App`` has it)."""

    session: Session

    def check_over(self) -> None: ...

    def intent(self, name: str, arg: str = "") -> bool: ...


# ---- news -------------------------------------------------------------------------------------


class Narrator:
    """The session's news since it last spoke: every log line once, in order."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.done = 0  # log entries already told
        self.serial = 0  # bumped for a new session and after an undo, so keys never repeat
        self.headed: set[tuple[int, int]] = set()  # turns already named by what was asked

    def news(self, s: Session) -> list[tuple[tuple[object, ...], str]]:
        out: list[tuple[tuple[object, ...], str]] = []
        if s is not self.session:
            self.session, self.serial, self.headed = s, self.serial + 1, set()
            self.done = len(s.log)  # a resumed game: where it stands, not its history
            if s.log and not s.game.is_over():
                out.append(((self.serial, "status"), status_text(s)))
        if len(s.log) < self.done:  # undone
            self.serial += 1
            self.done = len(s.log)
        for i in range(self.done, len(s.log)):
            e = s.log[i]
            before = s.log[i - 1] if i else None
            new_group = before is None or _group(before) != _group(e)  # as the visible log
            if new_group and _group(e) not in self.headed:
                head = (
                    t("log.turn", turn=e.turn, name=words.name(s.game, e.seat))
                    if e.turn
                    else t("log.setup")
                )
                out.append(((self.serial, i, "turn"), head + "."))
            for j, (key, params, _kind) in enumerate(e.lines):
                out.append(((self.serial, i, j), words.log_text(key, params)))
        self.done = len(s.log)
        g = s.game
        if g.is_over():
            out.append(((self.serial, "over"), end_text(s)))
        elif s.humans_turn():
            if g.prompt == "move" and g.turn is not None and not g.turn.moved:
                self.headed.add((g.counter, g.to_move))  # "Turn 3 · Ada: move your arrow"
            out.append(((self.serial, len(s.log), "asked"), asked_text(s)))
            said = hints.text(s)
            if said:  # the hint asked for by `hint`, once the worker has it
                out.append(((self.serial, len(s.log), "hint", said), hint_line(said)))
        return out


def hint_line(said: str) -> str:
    return t("hint.title") + " " + said


def _group(e: Entry) -> tuple[int, int]:
    return (e.turn, e.seat if e.turn else -1)


def status_text(s: Session) -> str:
    g = s.game
    if g.turn is None and not g.is_over():
        counter = t("log.setup")
    elif g.ending == "counter":
        counter = t("status.counter", counter=g.counter, limit=36)
    else:
        counter = t("status.series", counter=g.counter)
    if g.is_over():
        return f"{counter}. {t('status.over')}."
    key = "status.to_move_ai" if s.is_ai(g.to_move) else "status.to_move"
    who = t(key, name=words.name(g, g.to_move))
    return f"{counter}. {who}."


def asked_text(s: Session) -> str:
    """What the person at the device is asked now: the panel's title, and the odds."""
    p = panel(s)
    parts = [_sentence(p.title)]
    if p.odds:
        parts.append(odds_text(p.odds))
    if s.notice:
        key, params = s.notice
        parts.append(t(key, **params))
    return " ".join(parts)


def end_text(s: Session) -> str:
    from pages.gold_connection.view import tie_text

    g = s.game
    names = words.names([words.name(g, w) for w in g.winners])
    scores = words.join(
        [t("sr.score", name=words.name(g, i), score=g.score(i)) for i in range(g.n)]
    )
    return f"{tn_agree('end.title', len(g.winners), names=names)} {tie_text(s)} {scores}."


def _cap(text: str) -> str:
    """A sentence that begins with a field's name ("safe 7") begins with a capital."""
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    return text if text[-1:] in ".!?…:" else text + "."


# ---- reading ------------------------------------------------------------------------------------


def field_text(g: Game, field: str) -> str:
    """``f 7``: the bars in a field, and the stones and arrow standing there."""
    bars = g.fields[field]
    name = words.field(field)
    if bars:
        text = t(
            "sr.field",
            field=name,
            bars_n=tn("count.bars", len(bars)),
            bars=words.bars(_sorted(bars)),
        )
    else:
        text = t("sr.field.empty", field=name)
    extra = []
    for seat in range(g.n):
        if g.stone[seat] == field:
            extra.append(t("sr.field.stone", name=words.name(g, seat)))
    if g.turn is not None and g.turn.arrow == field and g.turn.arrow != g.stone[g.to_move]:
        extra.append(t("sr.field.arrow", name=words.name(g, g.to_move)))
    return " ".join([_cap(text), *extra])


def player_text(s: Session, seat: int) -> str:
    """``p 2``: a player's score, rows, chips, and where their stone stands."""
    g = s.game
    spec = g.players[seat].get("ai")
    kind = t("crate.computer", level=ai_text(spec)) if spec else t("crate.person")
    parts = [
        t(
            "sr.player",
            name=words.name(g, seat),
            kind=kind,
            score=tn("count.points", g.score(seat)),
            bars=tn("count.bars", g.bar_count(seat)),
            chips=tn("count.chips", g.chips[seat]),
        )
    ]
    rows = [_row_text(r, k) for r, k in g.rows[seat].items() if k]
    parts.append(t("sr.player.rows", rows=words.join(rows)) if rows else t("sr.player.no_rows"))
    parts.append(_cap(_stone_text(g, seat)))
    if g.turn is not None and seat == g.to_move and not g.is_over():
        parts.append(
            t(
                "sr.player.turn",
                steps=tn("count.steps", g.turn.steps),
                field=words.field(g.turn.arrow),
                bars=words.bars(_sorted(g.turn.storage)),
            )
        )
    return " ".join(parts)


def _row_text(row: str, k: int) -> str:
    values = row_bars(row, k)
    top = bar_value(values[-1])
    span = t("sr.row.first") if top == 1 else t("sr.row.upto", top=top)
    return f"{words.row(row)} {span}"


def _stone_text(g: Game, seat: int) -> str:
    field = g.stone[seat]
    if field is None:
        return t("sr.stone.none")
    heading = g.heading[seat]
    facing = t(f"sr.facing.{heading}") if heading else ""
    return t("sr.stone", field=words.field(field), facing=facing).replace(" ,", ",").strip()


def stones_text(g: Game) -> str:
    """``s``: every robber's stone, and the arrow of the one in their turn."""
    parts = []
    for seat in range(g.n):
        text = t("sr.stones.player", name=words.name(g, seat), where=_stone_text(g, seat))
        if g.turn is not None and seat == g.to_move and not g.is_over():
            text += " " + t("sr.stones.arrow", field=words.field(g.turn.arrow))
        parts.append(text)
    return " ".join(parts)


def odds_now(s: Session) -> str:
    """``o``: the chance of the roll pending now (with and without chips)."""
    g = s.game
    p = panel(s)
    if g.prompt == "chips":
        a, b = g.live.dice or (0, 0)
        return t(
            "sr.odds.short",
            sum=a + b,
            missing=g.live.shortfall(),
            target=g.live.goal(),
            chips=tn("count.chips", g.chips[g.to_move]),
        )
    if p.odds:
        return odds_text(p.odds)
    if g.prompt == "act":
        return t("sr.odds.act", steps=g.live.steps, max=MAX_STEPS) + " " + _end_option(g)
    return t("sr.odds.none")


def _end_option(g: Game) -> str:
    steps = g.live.steps
    return t("sr.legal.end", target=steps, pct=words.pct(odds.success(steps)))


def legal_text(s: Session, everything: bool = False) -> str:
    """``l``: the options of the person to act, each with the move that plays it; ``l all``
    adds the longer ways to each field."""
    g = s.game
    if g.is_over():
        return t("sr.over")
    if not s.humans_turn():
        return t("sr.wait", name=words.name(g, g.to_move))
    prompt = g.prompt
    if prompt == "roll":
        return t("sr.legal.roll")
    legal = g.legal() if prompt != "act" else []  # act: a crowded safe has ~700 000 plunders
    if prompt == "place":
        return t("sr.legal.choose", options=words.either(legal))
    if prompt == "face":
        return t(
            "sr.legal.choose",
            options=words.either(
                [f"{tok} ({words.heading(tok.split()[1]).strip('←→ ')})" for tok in legal]
            ),
        )
    if prompt == "move":
        parts = []
        ways = s.destinations()  # field -> its moves, shortest first
        if ways:
            options = [
                f"{ways[f][0]}: {words.field(f)}" for f in FIELD_ORDER if f in ways
            ]  # the shortest way; longer ones arrive facing another way
            parts.append(t("sr.legal.moves", options=words.join(options)))
            longer = [tok for tokens in ways.values() for tok in tokens[1:]]
            if longer and everything:
                parts.append(
                    t(
                        "sr.legal.longer",
                        options=words.join(
                            [f"{tok}: {words.field(walk_end(g, tok))}" for tok in longer]
                        ),
                    )
                )
            elif longer:
                parts.append(t("sr.legal.more", n=len(longer)))
        if "stop" in legal:
            parts.append(t("sr.legal.stop", bars=words.bars(_sorted(g.live.storage))))
        if "accept" in legal:
            parts.append(t("sr.legal.accept"))
        return " ".join(parts)
    if prompt == "act":
        parts = []
        bars = s.safe_bars()
        victim = s.victim()
        if bars:
            parts.append(
                t(
                    "sr.legal.take",
                    field=words.field(g.live.arrow),
                    bars=" ".join(_sorted(bars)),
                    steps=g.live.steps,
                    max=MAX_STEPS,
                )
            )
        elif victim is not None and g.bar_count(victim) >= 10 and victim not in g.live.robbed:
            rows = [f"{r} ({_row_text(r, k)})" for r, k in g.rows[victim].items() if k]
            parts.append(
                t(
                    "sr.legal.rob",
                    victim=words.name(g, victim),
                    rows=words.join(rows),
                    steps=g.live.steps,
                    max=MAX_STEPS,
                )
            )
        if g.stone_at(g.live.arrow) is None:
            parts.append(_end_option(g))
        return " ".join(parts) or t("sr.legal.stuck")
    if prompt == "chips":
        parts = [t("sr.legal.spend", token=tok) for tok in legal if tok.startswith("spend")]
        parts.append(t("sr.legal.accept"))
        return " ".join(parts)
    if prompt == "sort":
        return t("sr.legal.sort", options=words.either(legal[:8]))
    return t("sr.odds.none")


def _sorted(bars: Iterable[str]) -> list[str]:
    return sort_bars(list(bars))


# ---- the command table ------------------------------------------------------------------------


def _field_arg(args: list[str]) -> str | None:
    if len(args) != 1:
        return None
    word = args[0].upper()
    return word if word in FIELDS else None


def commands(owner: Owner, ask_hint: Callable[[], None] | None = None) -> CommandLine:
    """The command line of a Gold Connection page; ``owner.session`` is read at each command.
    ``ask_hint()`` asks the page for a hint (worked out in the AI worker; the news says it
    once it is there)."""

    def f(args: list[str]) -> Reply:
        field = _field_arg(args)
        if field is None:
            return Reply([t("sr.field.bad", value=" ".join(args)[:20])])
        return Reply([field_text(owner.session.game, field)])

    def p(args: list[str]) -> Reply:
        g = owner.session.game
        if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= g.n:
            return Reply([t("sr.player.bad", n=g.n)])
        return Reply([player_text(owner.session, int(args[0]) - 1)])

    def reading(say: Callable[[Session], str]) -> Callable[[list[str]], Reply]:
        return lambda args: Reply([say(owner.session)])

    def roll(args: list[str]) -> Reply:
        s = owner.session
        refused = _refusal(s)
        if refused:
            return refused
        if s.game.prompt != "roll":
            return Reply([t("sr.no_roll"), legal_text(s)])
        s.roll()
        owner.check_over()
        return Reply([t("sr.played", token="r")], changed=True, quiet=True)

    def undo(args: list[str]) -> Reply:
        s = owner.session
        if not s.can_undo():
            return Reply([t("sr.no_undo")])
        entry = s.log[-1]
        s.undo()
        what = " ".join(words.log_text(k, p) for k, p, _ in entry.lines)
        return Reply([t("sr.undone", what=what)], changed=True)

    def play(text: str) -> Reply | None:
        kind = text.split()[0].lower()
        if kind not in Game.KINDS:
            return None
        s = owner.session
        try:
            token = canonical(text)
        except IllegalMoveError as e:
            return Reply([t("sr.illegal", error=str(e))])
        if kind == "dice":
            return Reply([t("sr.no_dice")])
        refused = _refusal(s)
        if refused:
            return refused
        try:
            token = s.play(token)
        except IllegalMoveError as e:
            return Reply([t("sr.illegal", error=str(e))])
        if kind in ACTING and s.game.prompt == "roll":
            s.roll()
        owner.check_over()
        return Reply([t("sr.played", token=token)], changed=True, quiet=True)

    def hint_words() -> str:
        said = hints.text(owner.session)
        return hint_line(said) if said else ""

    hint = HintLine(
        lambda: _refusal(owner.session),
        lambda: hints.plan(owner.session),
        lambda: owner.intent("play-hint"),
        hint_words,
        ask_hint,
        busy="btn.hint_busy",
        none="sr.no_hint",
    )

    table = [
        Command(("f", "field"), "sr.cmd.field", f),
        Command(("p", "player"), "sr.cmd.player", p),
        Command(("s", "stones"), "sr.cmd.stones", reading(lambda s: stones_text(s.game))),
        Command(("o", "odds"), "sr.cmd.odds", reading(odds_now)),
        Command(
            ("l", "legal"),
            "sr.cmd.legal",
            lambda args: Reply([legal_text(owner.session, everything=args[:1] == ["all"])]),
        ),
        Command(("w", "where"), "sr.cmd.where", reading(lambda s: where_text(s))),
        Command(("r", "roll"), "sr.cmd.roll", roll),
        Command(("u", "undo"), "sr.cmd.undo", undo),
        hint_command(hint, "sr.cmd.hint"),
    ]
    return CommandLine(table, fallback=play, moves_usage="sr.cmd.moves")


def where_text(s: Session) -> str:
    """``w``: the turn, who is to play and what is asked."""
    if s.game.is_over():
        return end_text(s)
    text = status_text(s)
    return text + " " + asked_text(s) if s.humans_turn() else text


def _refusal(s: Session) -> Reply | None:
    g = s.game
    if g.is_over():
        return Reply([t("sr.over")])
    if not s.humans_turn():
        return Reply([t("sr.wait", name=words.name(g, g.to_move))])
    return None
