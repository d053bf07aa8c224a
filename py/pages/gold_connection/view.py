"""HTML for every part of the page, drawn from the state alone (never read back).

Each function returns a string for one stable container of ``index.html``; ``page``
writes it only when it changed.  Clickable things carry ``data-intent`` (and ``data-arg``):
the one event path maps them back to intents.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from games import GAMES
from gold_connection import Game, odds, svg
from gold_connection.material import bar_value
from shell.html import button, die, esc, modal, tag, void
from shell.i18n import Message, has, language, t, tn, tn_agree, touch
from shell.links import embed_href, replace_dialog
from shell.settings import SPEEDS
from shell.site import link_problems
from shell.toolbar import Tool, header, tool_row, welcome

from pages.gold_connection import boardplay, hints
from pages.gold_connection import phrases as words
from pages.gold_connection.newgame import NewGameForm
from pages.gold_connection.panel import Button, Panel, odds_text, panel, turns, way_text
from pages.gold_connection.session import Entry, Session, walk_path
from pages.gold_connection.settings import (
    BUDGETS,
    MAX_SEATS,
    MIN_SEATS,
    RISKS,
    ai_levels,
    ai_parts,
    ai_text,
    budget_name,
    daily_day,
    knob_levels,
    level_name,
    risk_name,
)

if TYPE_CHECKING:  # the review and the expert it asks load with the first review
    from pages.gold_connection.review import ReviewRun

MARKS = "ABCD"


def svg_labels() -> dict[str, str]:
    """The pictures' texts from the message table."""
    return {k: t("svg." + k) for k in svg.DEFAULT_LABELS if has("svg." + k)}


def panel_button(b: Button) -> str:
    """A panel's :class:`Button` (data) as the site's button; a bar is named by its words
    ("blue 4"), not by an aria-label the key hint would contradict."""
    chip = bar_chip(b.bar, large=True, spoken=True) if b.bar else None
    return button(
        b.intent,
        b.label,
        arg=b.arg,
        kind=b.kind,
        key=b.key,
        pressed=b.pressed,
        disabled=b.disabled,
        note=b.note,
        aria=b.aria,
        label_html=chip,
    )


def bar_chip(bar: str, large: bool = False, spoken: bool = False) -> str:
    """A bar as an HTML chip: colour, a shape per colour (so no colour is needed), value.

    ``spoken``: screen readers read the bar in words ("blue 4") instead of its digit."""
    value = tag("span", esc(bar[1]), cls="val", aria_hidden="true" if spoken else None)
    if spoken:
        value = tag("span", esc(words.bar(bar)), cls="vh") + value
    return tag(
        "span",
        tag("span", "", cls="shape", aria_hidden="true") + value,
        cls=f"chip bar-{bar[0]}" + (" large" if large else ""),
        title=words.bar(bar),
    )


def chips_inline(bars: Iterable[str]) -> str:
    return "".join(bar_chip(b) for b in bars)


# ---- the top bar ------------------------------------------------------------------------------


class Seated(Protocol):
    """What :func:`status` reads: a Session, or a replay's game at one move."""

    @property
    def game(self) -> Game: ...

    def is_ai(self, seat: int) -> bool: ...


class Logged(Protocol):
    """What :func:`log_html` reads: a Session, or a replay's game and log up to one move."""

    @property
    def game(self) -> Game: ...

    @property
    def log(self) -> list[Entry]: ...


def status(s: Seated, today: str = "") -> str:
    """The turn and who plays; a daily duel says so while it is played (``today``: the local
    date, to tell today's duel from an older one played again)."""
    g = s.game
    day = daily_day(g.seed, g.players)
    label = ""
    if day is not None:
        text = t("status.daily_today") if day == today else t("status.daily_day", day=day)
        label = tag("span", esc(text), cls="daily")
    if g.counter == 0:  # the placement, before turn 1: not "Turn 0 of 36"
        counter = t("log.setup")
    elif g.ending == "counter":
        counter = t("status.counter", counter=g.counter, limit=36)
    else:
        counter = t("status.series", counter=g.counter)
    if g.is_over():
        who = t("status.over")
    else:
        seat = g.to_move
        key = "status.to_move_ai" if s.is_ai(seat) else "status.to_move"
        who = t(key, name=words.name(g, seat))
        who = f'<span class="pmark p{seat}" aria-hidden="true">{MARKS[seat]}</span>{esc(who)}'
        return f'{label}<span class="counter">{esc(counter)}</span><span class="who">{who}</span>'
    return f'{label}<span class="counter">{esc(counter)}</span><span class="who">{esc(who)}</span>'


def goal(s: Session) -> str:
    return t("goal.counter") if s.game.ending == "counter" else t("goal.series")


_TOOLS: dict[tuple[str, bool, str, bool, bool, bool], str] = {}


def tools(s: Session, speed: str, hint_busy: bool) -> str:
    """The tool row, made once per distinct input (a tap rarely changes it): the words'
    language and touch wording, and what the buttons' states are made of."""
    key = (language(), touch(), speed, hint_busy, s.can_undo(), s.waiting() == "human")
    if key not in _TOOLS:
        if len(_TOOLS) > 32:
            _TOOLS.clear()
        _TOOLS[key] = _tools(speed, hint_busy, undo=key[4], asking=key[5])
    return _TOOLS[key]


def _tools(speed: str, hint_busy: bool, undo: bool, asking: bool) -> str:
    return tool_row(
        [
            Tool("new", t("btn.new"), key="N"),
            Tool("undo", t("btn.undo"), key="U", disabled=not undo),
            Tool(
                "hint",
                t("btn.hint_busy") if hint_busy else t("btn.hint"),
                key="H",
                disabled=hint_busy or not asking,
            ),
            Tool("howto"),
            Tool("daily"),
            Tool("speed", value=speed),
            Tool("share", t("btn.share")),
            Tool("lang"),
        ]
    )


# ---- the vault ----------------------------------------------------------------------------------


def highlights(s: Session) -> tuple[list[str], list[str], str | None]:
    """Fields to light up on the vault, bars shown as selected, and the field those bars are
    in (None: the arrow's). A hint lights up its field and bars."""
    g = s.game
    if not s.humans_turn():
        return [], [], None
    if g.prompt == "place":
        return [tok.split()[1] for tok in g.legal()], [], None
    field, bars = hints.marks(s)
    if g.prompt == "move":
        if field is not None:
            return [field], bars, field
        return list(s.reach()), [], None
    if g.prompt == "act":
        return [g.live.arrow], list(s.sel.picked) or bars, None
    return [], [], None


def choices(s: Session) -> dict[str, str]:
    """The destinations at the move prompt, by field, with what each offers in its accessible
    name, which starts with the field's visible label: "7 — safe 7, 3 steps, best odds 58%";
    and the corridors the way being built may enter next (``"via:s"``)."""
    g = s.game
    if g.prompt != "move" or not s.humans_turn():
        return {}
    out = {}
    for f, walk in s.reach().items():
        target = best_target(g, f, g.live.steps + walk.steps)
        out[f] = t(
            "field.aria",
            label=f,
            field=words.field(f),
            steps=tn("count.steps", walk.steps),
            target=target,
            pct=words.pct(odds.success(target)),
        )
    for c, b in zip(s.corridors(), turns(s), strict=True):
        out[f"via:{c}"] = t("via.aria", label=b.label, key=b.key, note=b.note)
    return out


def best_target(g: Game, field: str, steps: int) -> int:
    """The lowest target a walk of ``steps`` to ``field`` offers: its cheapest bar, or the
    turn's end there (GC-4.3 to GC-4.6)."""
    start, plundered = g.stone[g.to_move], g.live.plundered
    others = [i for i in range(g.n) if i != g.to_move and g.stone[i] == field]
    bars = g.fields[field] if field != start and field not in plundered and not others else []
    return steps + min((bar_value(b) for b in bars), default=0)


_PICTURES: dict[str, str] = {}


def _picture(key: str, draw: Callable[..., str]) -> str:
    """Pictures drawn once per distinct input: most clicks change only a part of the page."""
    if key not in _PICTURES:
        if len(_PICTURES) > 24:
            _PICTURES.clear()
        _PICTURES[key] = draw()
    return _PICTURES[key]


def way(s: Session) -> list[str]:
    """The way being built, as the fields it passes (just the end field where a corridor may
    be chosen, while none is chosen yet)."""
    if s.game.prompt != "move" or not s.humans_turn():
        return []
    path, came = s.route_end()
    if s.sel.route:
        return path
    return path[-1:] if came else []


def way_live(s: Session) -> str:
    """The live region's words for the way being built (said when a corridor is chosen)."""
    return esc(way_text(s))


def equal_bars(s: Session) -> dict[str, str]:
    """The vault's bars that may be named now, each with the panel's button for it, and the
    corridor buttons of a way being built (``"via:s"``) with the panel's: the equal control of
    a target the size of a finger (WCAG 2.2 2.5.8)."""
    if s.game.prompt == "move" and s.humans_turn():  # the corridor buttons of a way
        return {f"via:{c}": f"#panel [data-intent='via'][data-arg='{b.arg}']"
                for c, b in zip(s.corridors(), turns(s), strict=True)}
    if s.game.prompt != "act" or not s.humans_turn():
        return {}
    return {b: f"#panel [data-intent='bar'][data-arg^='{b}:']" for b in s.safe_bars()}


def board(s: Session, view: dict[str, Any]) -> str:
    hl, selected, at = highlights(s)
    named = choices(s)
    labels = svg_labels()
    built = way(s)
    equal = equal_bars(s)
    key = json.dumps(
        ["vault", language(), {k: view[k] for k in _VAULT_KEYS}, hl, selected, at, named]
        + [s.last_move, built, equal],
        sort_keys=True,
    )
    return _picture(
        key,
        lambda: svg.vault(
            view,
            highlight=hl,
            selected=selected,
            selected_field=at,
            choices=named,
            lastmove=s.last_move,
            labels=labels,
            way=built,
            equal=equal,
        ),
    )


def summary(s: Session) -> dict[str, Any]:
    """The state summary the pictures are drawn from, default names in the language in force."""
    view = s.game.summary(legal=False)
    for i, p in enumerate(view["players"]):
        p["name"] = words.name(s.game, i)
    return view


_VAULT_KEYS = ("counter", "to_move", "fields", "players", "turn", "over", "options")


# ---- the action panel ---------------------------------------------------------------------------


def dice_html(dice: tuple[int, int], note: str, roll_id: int) -> str:
    faces = "".join(die(d, t("dice.face", n=d)) for d in dice)
    return tag(
        "div", faces + tag("span", esc(note), cls="dice-note"), cls="dice", data_roll=roll_id
    )


def panel_html(s: Session) -> str:
    p: Panel = panel(s)
    g = s.game
    parts = [
        tag(
            "h2",
            esc(p.title),
            cls="panel-title",
            id="panel-title",
            tabindex="-1",  # focus rests here when no button is the obvious next step
            data_focus=f"panel-title:{g.to_move}:{g.prompt}",  # a new prompt moves focus on
        )
    ]
    if p.dice:
        parts.append(dice_html(p.dice, p.dice_note, len(s.game.moves)))
    for line in p.lines:
        parts.append(tag("p", esc(line)))
    odds = (
        tag("p", esc(odds_text(p.odds)), cls="odds", data_target=p.odds.target) if p.odds else ""
    )
    picked = odds + "".join(tag("p", esc(line)) for line in p.below)
    if picked and not p.groups:
        parts.append(picked)
    if s.sel.hint and s.humans_turn():  # above the choices: in view as soon as it is asked for
        parts.append(hint_html(s))
    groups = []
    for group in p.groups:
        body = "".join(panel_button(b) for b in group.buttons)
        groups.append(
            tag(
                "div",
                tag("h3", esc(group.title)) + tag("div", body, cls="btns"),
                cls=f"group {group.cls}",
                role="group",
                aria_label=group.title,
            )
        )
    if groups:  # the choices scroll when there are many: the main buttons stay in view
        parts.append(tag("div", "".join(groups), cls="choices"))
    if picked and p.groups:  # under the choices: naming one moves none of them
        parts.append(tag("div", picked, cls="picked"))
    if p.actions:
        parts.append(tag("div", "".join(panel_button(b) for b in p.actions), cls="actions"))
    cls = "panel-inner" + (f" tone-{p.tone}" if p.tone else "") + (" waiting" if p.waiting else "")
    return tag("div", "".join(parts), cls=cls, data_prompt=s.game.prompt)


def hint_html(s: Session) -> str:
    """The hint in words, with a button that plays it; nothing once the state moved on."""
    text = hints.text(s)
    if not text:
        return ""
    body = tag("p", tag("strong", esc(t("hint.title"))) + " " + esc(text))
    # naming bars is naming a roll: the button that plays such a plan rolls too, and says so
    rolls = any(token.split()[0] in hints.NAMED for token in hints.plan(s))
    label = t("btn.play_hint_roll" if rolls else "btn.play_hint")
    play = panel_button(Button("play-hint", label=label, kind="secondary", key="P"))
    return tag("div", body + play, cls="hint", role="note")


# ---- crates -------------------------------------------------------------------------------------


def own_seat(s: Session) -> int:
    """The seat whose crate is drawn large: the one person's in a game against computers,
    else the player to move (the last one when the game is over)."""
    g = s.game
    people = [i for i in range(g.n) if not s.is_ai(i)]
    if len(people) == 1:
        return people[0]
    return g.to_move


def opened_seats(s: Session, opened: set[int]) -> set[int]:
    """Opponents shown as the full crate: those the player opened, and the crate the player
    may rob right now (its rows are the choice)."""
    victim = s.victim() if s.humans_turn() else None
    return opened | ({victim} if victim is not None else set())


def crate_slots(s: Session) -> str:
    """The own crate's frame: its slot and the chips' supply."""
    own = tag("div", "", id=f"seat-{own_seat(s)}", cls="seat-slot")
    return tag("div", own, cls="own-crate") + tag("p", "", id="supply", cls="supply")


def opponent_slots(s: Session) -> str:
    """The opponents' frame: a slot per seat (each drawn apart, as only one changes at a
    time)."""
    own = own_seat(s)
    return "".join(
        tag("div", "", id=f"seat-{i}", cls="seat-slot") for i in range(s.game.n) if i != own
    )


def supply(s: Session) -> str:
    return esc(t("crates.supply", n=s.game.supply))


def seat_kind(s: Session, i: int) -> str:
    spec = s.game.players[i].get("ai")
    return t("crate.computer", level=ai_text(spec)) if spec else t("crate.person")


def crates(s: Session, view: dict[str, Any], opened: Iterable[int] = ()) -> dict[str, str]:
    """Each seat's crate by slot id: the own crate large, the opponents as compact cards that
    open to the full crate (a disclosure button)."""
    g = s.game
    labels = svg_labels()
    own = own_seat(s)
    shown = opened_seats(s, set(opened))
    victim = s.victim() if s.humans_turn() else None
    out = {}
    for i in range(g.n):
        kind = seat_kind(s, i)
        classes = f"crate-card p{i}" + (" to-move" if i == g.to_move and not g.is_over() else "")
        if g.is_over() and i in g.winners:
            classes += " winner"
        aria = crate_aria(view["players"][i], kind)
        mine = i == view["to_move"]
        marks = boardplay.crate_marks(s, i)  # rows to tap: to rob from, to sort into
        key = json.dumps(
            [
                "crate",
                language(),
                i,
                view["players"],
                mine and view["turn"],
                mine,
                view["over"],
                view["winners"],
                marks,
            ],
            sort_keys=True,
        )
        full = i == own or i in shown
        picture = (
            _picture(
                key,
                lambda i=i, m=marks: svg.crate(view, i, labels=labels, id_prefix=f"c{i}-", **m),
            )
            if full
            else ""
        )
        if i == own:
            counts = [tn("count.chips", g.chips[i]), tn("count.bars", g.bar_count(i))]
            caption = tag("p", esc(" · ".join([kind, *counts])), cls="crate-kind")
            out[f"seat-{i}"] = tag(
                "article", picture + caption, cls=classes + " own", aria_label=aria, data_player=i
            )
            continue
        body = tag(
            "div",
            picture,
            id=f"crate-body-{i}",
            cls="crate-body",
            hidden=not full,
        )
        out[f"seat-{i}"] = tag(
            "article",
            opponent_card(s, i, kind, full) + body,
            cls=classes + " opp" + (" open" if full else "") + (" victim" if i == victim else ""),
            aria_label=aria,
            data_player=i,
        )
    return out


def opponent_card(s: Session, i: int, kind: str, open_: bool) -> str:
    """An opponent at a glance, as the button that opens their crate: who, score, bars, chips,
    whether they can be robbed (GC-4.5) and the bonuses reached (GC-7.3)."""
    g = s.game
    bars = g.bar_count(i)
    _, fives, sixes = breakdown(g.rows[i])
    bonus = [tn("count.fives", fives)] if fives else []
    bonus += [tn("count.sixes", sixes)] if sixes else []
    rob = "opp.robbable" if bars >= 10 else "opp.safe"
    head = (
        f'<span class="pmark p{i}" aria-hidden="true">{MARKS[i]}</span>'
        + tag("span", esc(words.name(g, i)), cls="opp-name")
        + tag("span", esc(tn("count.points", g.score(i))), cls="opp-score")
        + tag("span", "", cls="opp-chevron", aria_hidden="true")
    )
    stats = (
        tag("span", esc(tn("count.bars", bars)))
        + tag("span", esc(tn("count.chips", g.chips[i])))
        + tag("span", esc(t(rob)), cls="opp-rob" + (" yes" if bars >= 10 else ""))
        + tag("span", esc(words.names(bonus) if bonus else t("opp.no_bonus")), cls="opp-bonus")
        + tag("span", esc(kind), cls="opp-kind")
    )
    return tag(
        "button",
        tag("span", head, cls="opp-head") + tag("span", stats, cls="opp-stats"),
        type="button",
        cls="opp-toggle",
        data_intent="crate",
        data_arg=i,
        data_focus=f"crate:{i}",
        aria_expanded=str(open_).lower(),
        aria_controls=f"crate-body-{i}",
    )


def crate_aria(player: dict[str, Any], kind: str) -> str:
    """A crate card's name: who, person or computer, points, bars and chips, each counted."""
    return t(
        "crate.aria",
        name=player["name"],
        kind=kind,
        score=tn("count.points", player["score"]),
        bars=tn("count.bars", player["bars"]),
        chips=tn("count.chips", player["chips"]),
    )


# ---- the log ------------------------------------------------------------------------------------

LOG_SHOWN = 150
# (id, language) -> (entry, html): the entry is kept, so its id is never another's meanwhile
_ENTRIES: dict[tuple[int, str], tuple[object, str]] = {}


def entry_html(e: Entry) -> str:
    """One log entry; entries never change, so each is worded once per language."""
    key = (id(e), language())
    if key not in _ENTRIES:
        if len(_ENTRIES) > 4 * LOG_SHOWN:
            _ENTRIES.clear()
        lines = "".join(
            tag("span", esc(words.log_text(k, p)), cls=f"line {kind}") for k, p, kind in e.lines
        )
        _ENTRIES[key] = (
            e,
            tag(
                "li",
                f'<span class="pmark p{e.seat}" aria-hidden="true">{MARKS[e.seat]}</span>'
                + tag("span", lines, cls="lines")
                + tag("code", esc(e.token), cls="tok"),
                cls="entry",
            ),
        )
    return _ENTRIES[key][1]


def log_html(s: Logged, opened: bool | None = None) -> str:
    """The log, newest first; ``opened``: the game's page, where a desktop window's log can
    take the own crate's place for a while (its heading is then a button; None: no button)."""
    g = s.game
    entries = s.log[-LOG_SHOWN:]
    groups: list[tuple[tuple[int, int], list[Entry]]] = []
    for e in entries:
        key = (e.turn, e.seat if e.turn else -1)
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(e)
    out = []
    for (turn, seat), items in reversed(groups):
        head = t("log.turn", turn=turn, name=words.name(g, seat)) if turn else t("log.setup")
        rows: list[str] = []
        rows.extend(entry_html(e) for e in reversed(items))
        out.append(tag("li", tag("h3", esc(head)) + tag("ol", "".join(rows)), cls="turn"))
    earlier = len(s.log) - len(entries)
    more = tag("p", esc(tn("log.earlier", earlier)), cls="earlier") if earlier else ""
    title = tag("h2", esc(t("log.title")))
    if opened is not None:  # the button on a desktop window, the plain heading on a phone
        toggle = tag(
            "button",
            esc(t("log.title")) + tag("span", "", cls="opp-chevron", aria_hidden="true"),
            type="button",
            cls="log-toggle",
            data_intent="log",
            data_focus="log-toggle",
            aria_expanded=str(opened).lower(),
        )
        title = tag("h2", tag("span", esc(t("log.title")), cls="log-head") + toggle)
    return title + tag("ol", "".join(out), cls="log-list", reversed=True) + more


# ---- the end screen -----------------------------------------------------------------------------


def breakdown(rows: dict[str, int]) -> tuple[int, int, int]:
    """Bar values in the rows, complete 5-rows, complete 6-rows (GC-7.3)."""
    values = sum(k * (k + 1) // 2 for k in rows.values())
    fives = sum(1 for r, k in rows.items() if r[1] == "5" and k == 5)
    sixes = sum(1 for r, k in rows.items() if r[1] == "6" and k == 6)
    return values, fives, sixes


def tie_text(s: Session) -> str:
    """How the winner was found (GC-7.4)."""
    g = s.game
    best = max(g.score(i) for i in range(g.n))
    top = [i for i in range(g.n) if g.score(i) == best]
    if len(top) == 1:
        return t("end.clear", name=words.name(g, top[0]), score=best)
    names = words.names([words.name(g, i) for i in top])
    if len(g.winners) == 1:
        w = g.winners[0]
        others = max(g.chips[i] for i in top if i != w)
        return t(
            "end.tie_chips",
            names=names,
            score=best,
            name=words.name(g, w),
            chips=g.chips[w],
            others=others,
        )
    return t("end.tie_shared", names=names, score=best, chips=g.chips[top[0]])


def cell(column: str, html: str) -> str:
    """A score cell that names its column: a phone stacks each player's cells under the
    name, each with its label (css/game.css), so no sum is broken over two lines."""
    return tag("td", html, cls="c-" + column, data_label=t("end." + column))


def end_screen(s: Session, daily_note: str = "") -> str:
    """The end screen; ``daily_note``: on a daily game, what it counted for (HTML)."""
    g = s.game
    order = sorted(range(g.n), key=lambda i: (-g.score(i), -g.chips[i], i))
    head = "".join(
        tag("th", esc(t(k)), scope="col")
        for k in ("end.player", "end.bars", "end.fives", "end.sixes", "end.total", "end.chips")
    )
    body = []
    for i in order:
        values, fives, sixes = breakdown(g.rows[i])
        star = tag("span", esc(t("end.winner_mark")), cls="star") if i in g.winners else ""
        cells = [
            tag(
                "th",
                f'<span class="pmark p{i}" aria-hidden="true">{MARKS[i]}</span>'
                + esc(words.name(g, i))
                + star,
                scope="row",
            ),
            cell("bars", esc(values)),
            cell("fives", esc(t("end.bonus", n=fives, each=5, points=5 * fives)) if fives else "–"),
            cell(
                "sixes", esc(t("end.bonus", n=sixes, each=10, points=10 * sixes)) if sixes else "–"
            ),
            cell("total", tag("strong", esc(g.score(i)))),
            cell("chips", esc(g.chips[i])),
        ]
        body.append(tag("tr", "".join(cells), cls="winner" if i in g.winners else None))
    names = words.names([words.name(g, w) for w in g.winners])
    title = tn_agree("end.title", len(g.winners), names=names)
    table = tag("table", tag("thead", tag("tr", head)) + tag("tbody", "".join(body)), cls="scores")
    actions = tag(
        "div",
        panel_button(Button("again", label=t("btn.again"), kind="primary"))
        + panel_button(Button("review", label=t("btn.review")))
        + tag("a", esc(t("btn.replay")), href=embed_href(g.record()), cls="btn", data_replay="")
        + panel_button(Button("new", label=t("btn.new"), key="N"))
        + panel_button(Button("close", label=t("btn.see_board"), key="Esc")),
        cls="actions",
    )
    card = (
        tag("h2", esc(title), id="dialog-title")
        + tag("p", esc(tie_text(s)), cls="tie")
        + table
        + daily_note
        + tag("p", esc(t("end.rule")), cls="rule")
        + actions
    )
    return modal("end", card, data_dialog="over")


def _review_args(s: Session, run: ReviewRun) -> tuple[list[str], None]:
    """The players' names, and no link: each reviewed position is shown in this page
    (``review-at``, :func:`review_position`), the review a step away."""
    return [words.name(s.game, i) for i in range(s.game.n)], None


def prepare_review(s: Session, run: ReviewRun) -> Iterator[None]:
    """The finished review's HTML built in pieces (:func:`review_view.prepare`)."""
    from pages.gold_connection import (
        review as review_view,  # with the review only: it imports the expert's search
    )

    return review_view.prepare(run, *_review_args(s, run))


def review_dialog(s: Session, run: ReviewRun) -> str:
    """The review of the game just over: progress, then chart, accuracy and the costliest
    decisions, each a link to its position in the replay viewer (a tab of its own)."""
    from pages.gold_connection import review as review_view

    card = (
        tag("h2", esc(t("review.title")), id="dialog-title")
        + tag("p", esc(t("review.intro")), cls="rv-intro")
        + tag(
            "div",
            review_view.body(run, *_review_args(s, run)),
            cls="rv-body",
            aria_busy="true" if not run.finished else None,
        )
        + tag(
            "div",
            panel_button(Button("over", label=t("btn.back"), kind="primary"))
            + panel_button(Button("close", label=t("btn.see_board"), key="Esc")),
            cls="actions",
        )
    )
    return modal(
        "review",
        card,
        data_dialog="review",
        data_review="done" if run.result is not None else "error" if run.error else "working",
    )


def review_position(s: Session, run: ReviewRun, index: int) -> str:
    """A reviewed decision's position in the page, over the review it came from: the vault
    and the crate of the player to decide before move ``index``, what was played (its walk
    drawn, its bars raised) and what the expert prefers; back to the review, or on to the
    replay viewer to play on from there."""
    from pages.gold_connection import review as review_view

    g = review_view.positions(run.rec, [index])[index]
    shown = g.summary(legal=False)
    for i, p in enumerate(shown["players"]):
        p["name"] = words.name(g, i)
    decision = (
        next((d for d in run.result.decisions if d.index == index), None) if run.result else None
    )
    token = decision.played.token if decision else run.rec["moves"][index]
    kind = token.split()[0]
    arrow = g.turn.arrow if g.turn is not None else None
    walk = {"fields": walk_path(g, token)} if kind == "move" else None
    bars = token.split()[1:] if kind == "take" else []
    labels = svg_labels()
    seat = g.to_move
    vault = svg.vault(
        shown,
        highlight=[arrow] if arrow and kind != "move" else [],
        selected=bars,
        lastmove=walk,
        labels=labels,
        id_prefix="rv-",
    )
    # in a box that is a container: drawn small (a phone) the vault shows its small drawing
    picture = tag("div", vault, cls="vault-box") + tag(
        "div", svg.crate(shown, seat, labels=labels, id_prefix="rv-c-"), cls="crate-card own"
    )
    said = [
        t(
            "review.played",
            move=review_view.option_text(token, decision.played.chance if decision else None, g),
        )
    ]
    if decision is not None and decision.best.token != token:
        better = review_view.option_text(decision.best.token, decision.best.chance, g)
        said.append(t("review.position.best", move=better))
    head = t("review.position.title", move=index, turn=g.counter, name=words.name(g, seat))
    card = (
        tag("h2", esc(head), id="dialog-title")
        + "".join(tag("p", esc(line)) for line in said)
        + tag("div", picture, cls="rv-position")
        + tag(
            "div",
            panel_button(
                Button("review-back", label=t("btn.back_review"), kind="primary", key="Esc")
            )
            + tag(
                "a",
                esc(t("review.position.viewer")),
                href=embed_href(run.rec, at=index),
                cls="btn",
                target="_blank",
                rel="noopener",
            ),
            cls="actions",
        )
    )
    return modal("position", card, data_dialog="position")


# ---- the new-game form --------------------------------------------------------------------------


def knobs(i: int, spec: str | None) -> str:
    """A searching computer's risk appetite and think time, under its seat."""
    level, risk, budget = ai_parts(spec or "")
    if level not in knob_levels():
        return ""

    def select(
        setting: str, choices: tuple[str, ...], current: str, label: Callable[[str], str]
    ) -> str:
        values = choices if current in choices else (*choices, current)  # e.g. risk=0.3 from a link
        opts = "".join(tag("option", esc(label(v)), value=v, selected=v == current) for v in values)
        return tag(
            "label",
            tag("span", esc(t(f"form.{setting}")), cls="lbl")
            + tag(
                "select",
                opts,
                data_setting=setting,
                data_seat=i,
                aria_label=t(f"form.{setting}_aria", n=i + 1),
            ),
        )

    return tag(
        "div",
        select("risk", RISKS, risk, risk_name) + select("budget", BUDGETS, budget, budget_name),
        cls="seat-knobs",
    )


def bylink_choice(form: NewGameForm) -> str:
    """Play by link: each player on their own device (pages.gold_connection.bylink)."""
    box = void(
        "input",
        type="checkbox",
        data_setting="bylink",
        value="off" if form.bylink else "on",
        checked=form.bylink,
        id="form-bylink",
    )
    note = ""
    if form.bylink:
        note = tag("p", esc(t("bylink.people")) + " " + esc(t("bylink.friends")), cls="help")
    return tag(
        "div",
        tag("label", box + " " + esc(t("bylink.choice")), for_="form-bylink") + note,
        cls="bylink-choice",
    )


def new_game(
    form: NewGameForm, can_close: bool, problems: Sequence[Message] = (), first: bool = False
) -> str:
    """The new-game form; ``problems``: what the address got wrong, when it opened the form;
    ``first``: a first visit, told what the game is (:func:`shell.toolbar.welcome`)."""
    levels = ai_levels()
    seats = []
    for i, seat in enumerate(form.seats):
        current = "human" if seat.ai is None else ai_parts(seat.ai)[0]
        opts = tag("option", esc(t("kind.human")), value="human", selected=current == "human")
        for lv in levels:
            opts += tag(
                "option",
                esc(t("kind.ai", level=level_name(lv))),
                value=lv,
                selected=current == lv,
            )
        name_in = void(
            "input",
            type="text",
            value=seat.name,
            maxlength=20,
            data_setting="name",
            data_seat=i,
            aria_label=t("form.name_aria", n=i + 1),
            autocomplete="off",
            spellcheck="false",
        )
        kind_in = tag(
            "select",
            opts,
            data_setting="kind",
            data_seat=i,
            aria_label=t("form.kind_aria", n=i + 1),
        )
        remove = panel_button(
            Button(
                "seat-remove",
                str(i),
                t("form.remove"),
                "icon",
                aria=t("form.remove_aria", n=i + 1),
                disabled=len(form.seats) <= MIN_SEATS,
            )
        )
        seats.append(
            tag(
                "div",
                f'<span class="pmark p{i}" aria-hidden="true">{MARKS[i]}</span>'
                + name_in
                + kind_in
                + remove,
                cls="seat-row",
            )
            + knobs(i, seat.ai)
        )
    full = len(form.seats) >= MAX_SEATS
    add = panel_button(Button("seat-add", label=t("form.add"), disabled=full))
    endings = "".join(
        tag(
            "label",
            void(
                "input",
                type="radio",
                name="ending",
                value=e,
                data_setting="ending",
                checked=form.ending == e,
            )
            + tag("span", esc(t("form.ending." + e)), cls="lbl")
            + tag("span", esc(t("form.ending." + e + ".note")), cls="note"),
            cls="radio",
        )
        for e in ("counter", "series")
    )
    speed_opts = "".join(
        tag("option", esc(t("speed." + sp)), value=sp, selected=sp == form.speed) for sp in SPEEDS
    )
    errors = "".join(tag("p", esc(t(k, **p)), cls="error", role="alert") for k, p in form.errors)
    body = (
        tag("h2", esc(t("form.title")), id="dialog-title")
        + (welcome(t("form.welcome"), "", other_game()) if first else "")
        + link_problems(problems)
        + tag(
            "div",
            panel_button(
                Button("quick", label=t("btn.quick"), kind="primary", note=t("btn.quick.note"))
            ),
            cls="quick",
        )
        + tag("fieldset", tag("legend", esc(t("form.players"))) + "".join(seats) + add, cls="seats")
        + tag("fieldset", tag("legend", esc(t("form.ending"))) + endings, cls="endings")
        + tag(
            "div",
            tag(
                "label",
                tag("span", esc(t("form.seed")), cls="lbl")
                + void(
                    "input",
                    type="text",
                    inputmode="numeric",
                    value=form.seed_text,
                    data_setting="seed",
                    placeholder=t("form.seed_placeholder"),
                    autocomplete="off",
                ),
            )
            + tag(
                "label",
                tag("span", esc(t("tools.speed")), cls="lbl")
                + tag("select", speed_opts, data_setting="speed"),
            ),
            cls="row2",
        )
        + errors
        + bylink_choice(form)
        + tag(
            "div",
            panel_button(Button("start", label=t("btn.start"), kind="primary"))
            + (
                panel_button(Button("close", label=t("btn.cancel"), key="Esc")) if can_close else ""
            ),
            cls="actions",
        )
    )
    return modal("newgame", body, data_dialog="newgame")


def confirm(counter: int, link: bool, daily_kind: str | None = None) -> str:
    """Asks before a new game replaces the one in progress (from this page or from a link);
    today's daily duel by link is the default choice (``shell.links.replace_dialog``)."""
    which = "link_" if link else ""
    when = t("confirm.when", counter=counter) if counter else t("confirm.when_setup")
    return replace_dialog(
        "confirm",
        t(f"confirm.{which}title"),
        t(f"confirm.{which}text", when=when),
        ("keep-game", t("btn.keep_game")),
        ("confirm-start", t("btn.confirm_start")),
        daily_kind=daily_kind if link else None,
    )


SAVE_PROBLEM_ACTIONS = {
    "failed": [("share", "btn.copy_game_link")],
    "other-tab": [("keep-here", "btn.keep_here"), ("load-other", "btn.load_other")],
}


def notices(items: list[Message], save_problem: str | None = None) -> str:
    """The dismissable notices, after a lasting one about saving when saving does not work."""
    out = []
    if save_problem:
        actions = "".join(
            panel_button(Button(intent, label=t(label), kind="secondary"))
            for intent, label in SAVE_PROBLEM_ACTIONS[save_problem]
        )
        out.append(
            tag(
                "div",
                tag("p", esc(t(f"notice.save_{save_problem.replace('-', '_')}")))
                + tag("div", actions, cls="notice-actions"),
                cls="notice lasting",
                role="alert",
            )
        )
    for i, (key, params) in enumerate(items):
        good = key in GOOD_NEWS
        out.append(
            tag(
                "div",
                tag("p", esc(t(key, **params)))
                + panel_button(
                    Button("dismiss", str(i), t("btn.dismiss"), "icon", aria=t("btn.dismiss_aria"))
                ),
                cls="notice good" if good else "notice",
                role="status" if good else "alert",
            )
        )
    return "".join(out)


GOOD_NEWS = {"bylink.your_turn"}
"""Notices that tell the player what to do, not what went wrong: drawn without the alarm."""


def other_game() -> tuple[str, str] | None:
    """The registry's other game (the first that is not this one): its title and link."""
    return next(((g.title, g.href) for g in GAMES if g.key != "gold_connection"), None)


def shell() -> str:
    """The page's frame: the stable containers that the parts above are drawn into."""
    top = header(t("app.title"), t("app.tagline"), other_game(), status=True)
    vault = tag(
        "section",
        tag("div", "", id="board", cls="board")
        + tag("p", "", id="goal", cls="goal")
        + tag("p", "", id="way", cls="vh", aria_live="polite"),  # the way being built, said
        cls="vault-wrap",
        aria_label=t("shell.vault"),
    )
    opponents = tag("section", "", id="opponents", cls="opponents", aria_label=t("shell.others"))
    side = (
        tag("section", "", id="panel", cls="panel", aria_label=t("shell.panel"))
        + tag("section", "", id="crates", cls="crates", aria_label=t("shell.crates"))
        + tag("section", "", id="log", cls="log", aria_label=t("shell.log"), tabindex=0)
    )
    table = tag(
        "div",
        tag("div", vault + opponents, cls="col-main") + tag("div", side, cls="col-side"),
        cls="table",
    )
    return (
        top  # first: screen-reader mode's switch, the page's first control
        + tag("div", "", id="notices", cls="notices")
        + table
        + tag("div", "", id="dialog")
    )
