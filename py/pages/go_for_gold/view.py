"""HTML for every part of Go for Gold's page, drawn from the app's state alone.

:func:`parts` gives each stable container of ``go-for-gold.html`` by id; the page writes only
those that changed. Clickable things carry ``data-intent`` (and ``data-arg``), form fields
``data-setting``; focusable things a ``data-focus`` key so focus survives a redraw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games import GAMES
from go_for_gold import odds, svg
from go_for_gold.board import names as map_names
from shell.html import button, die, esc, modal, tag, void
from shell.i18n import language, t, tn, touch
from shell.links import embed_href, replace_dialog
from shell.settings import SPEEDS
from shell.site import link_problems
from shell.toolbar import Tool, header, tool_row, welcome

from pages.go_for_gold import phrases as words
from pages.go_for_gold.settings import LEVELS, level_name

if TYPE_CHECKING:
    from pages.go_for_gold.controller import App


TABLE_HREF = "go-for-gold.html?table=new"  # the table page: each player on their own phone


def other_game() -> tuple[str, str] | None:
    """The registry's other game (the first that is not this one): its title and link."""
    return next(((g.title, g.href) for g in GAMES if g.key != "go_for_gold"), None)


def shell() -> str:
    """The page's frame; its containers are filled by :func:`parts`."""
    top = header(t("gg.title"), t("gg.tagline"), other_game())
    return (
        top  # first: screen-reader mode's switch, the page's first control
        + tag("div", "", id="notices")
        + tag(
            "div",
            tag(
                "div",
                tag("section", "", id="status", cls="gg-status", aria_label=t("gg.die"))
                + tag("section", "", id="decision", cls="gg-decision", tabindex="-1")
                + tag("section", "", id="others", cls="gg-others")
                + tag("section", "", id="log", cls="gg-log"),
                cls="gg-side",
            )
            + tag("section", "", id="sheet", cls="gg-sheetbox"),
            cls="gg-main",
        )
        + tag("div", "", id="live", cls="sr-only", aria_live="polite", role="status")
        + tag("div", "", id="dialog")
    )


def parts(app: App) -> dict[str, str]:
    """Every part, each made once per distinct input (issue #59): a tap hands the page the very
    strings it drew before for the parts whose inputs it left alone (the page writes none of
    them), and makes a part again when one of its inputs changed. A key names everything its
    part reads (tests/test_gg_taps.py fails for a key that leaves one out). The notices and the
    dialog are made each time: cheap, and read from lists and forms."""
    g = app.game
    words = (language(), touch())  # every t(): the language, and "tap" words on a touch screen
    # the game as it stands: the object (a new game, an Undo to the roll) and its moves; what a
    # move sets goes with them (the last roll, the round's summary, the log, the latest path)
    at = (g, len(g.moves))
    seats = tuple(p.get("ai") for p in g.players)  # a failed computer seat goes to a person
    waiting, shown = app.waiting(), app.shown()
    turn = (tuple(app.building), app.foot)  # the path being drawn and its foot
    plan = tuple(app.hint_plan()) if app.hint else ()
    chance = app.hint.get("chance") if app.hint else None
    return {
        "tools": _once(
            "tools", (*words, app.speed, app.can_undo(), waiting, app.hint_busy),
            lambda: tools(app),
        ),
        "notices": notices(app),
        "status": _once(
            "status", (*words, *at, waiting, shown, turn, app.pointed, app.today),
            lambda: status(app),
        ),
        # the island shown is read only in the path's question, where it is the mover's (at)
        "decision": _once(
            "decision",
            (*words, *at, seats, waiting, turn, app.pointed, app.hint_busy, plan, chance,
             app.skipping, app.daily_note),
            lambda: decision(app),
        ),
        "sheet": _once(
            "sheet",
            (*words, *at, waiting, shown, turn, app.pointed, app.cursor, app.labels, plan),
            lambda: sheet(app),
        ),
        "others": _once("others", (*words, *at, seats, shown), lambda: others(app)),
        "log": _once("log", (*words, *at), lambda: log(app)),
        "dialog": dialog(app),
    }


_MADE: dict[str, dict[tuple[object, ...], str]] = {}
KEEP = 24  # a part's latest drawings kept (a pointer crossing the island makes one a field)


def _once(part: str, key: tuple[object, ...], make: Callable[[], str]) -> str:
    """``make()``, or the string it made before for the same ``key``."""
    made = _MADE.setdefault(part, {})
    html = made.get(key)
    if html is None:
        if len(made) >= KEEP:
            del made[next(iter(made))]  # the oldest
        html = made[key] = make()
    return html


def tools(app: App) -> str:
    """The site's tool row with the tools this game has: Undo takes back a step of the path
    being drawn, else every decision since the last roll; Hint asks the strongest level."""
    asking = app.waiting() == "human" and not app.hint_busy
    return tool_row(
        [
            Tool("new", t("gg.new_game")),
            Tool("undo", t("gg.undo"), key="⌫", disabled=not app.can_undo()),
            Tool("hint", t("gg.hint"), key="H", disabled=not asking),
            Tool("howto", value="go-for-gold"),
            Tool("daily"),
            Tool("speed", value=app.speed),
            Tool("share", t("gg.share")),
            Tool("lang"),
        ]
    )


def notices(app: App) -> str:
    items = "".join(
        tag(
            "li",
            tag("span", esc(t(key, **params)))
            + button("dismiss", t("gg.notice.dismiss"), arg=str(i), kind="small"),
            cls="notice",
        )
        for i, (key, params) in enumerate(app.notices)
    )
    if app.other_tab:  # lasting: it goes with the player's choice
        actions = button("keep-here", t("btn.keep_here"), kind="small") + button(
            "load-other", t("btn.load_other"), kind="small"
        )
        items = (
            tag(
                "li",
                tag("span", esc(t("notice.save_other_tab"))) + tag("span", actions, cls="row"),
                cls="notice lasting",
            )
            + items
        )
    # the list keeps its semantics inside the alert (role on the <ul> would orphan its items)
    return tag("div", tag("ul", items, cls="notices"), role="alert") if items else ""


def status(app: App) -> str:
    """The round, the last roll of any kind (a die face, whose roll it was and what it did),
    the steps left, and the odds of the field pointed at."""
    g = app.game
    bits = [tag("span", esc(t("gg.round", n=max(g.round, 1))), cls="round")]
    seen = app.roll_seen
    if seen is None:
        bits.append(tag("span", "–", cls="die none", role="img", aria_label=t("gg.die_none")))
    else:
        name = g.players[seen.seat]["name"] if seen.seat >= 0 else ""
        what = t("gg.roll." + seen.kind, name=name)
        if seen.round < g.round:  # a new round, its die not yet rolled: whose roll this was
            what = t("gg.roll.earlier", what=what, n=seen.round)
        good = ("gg.outcome.found", "gg.outcome.spent", "gg.outcome.temple_won")
        tone = " good" if seen.outcome[0] in good else " bad" if seen.kind != "move" else ""
        bits.append(die(seen.n, t("gg.die_value", n=seen.n)))
        bits.append(
            tag(
                "span",
                tag("span", esc(what), cls="roll-kind")
                + tag("span", esc(words.text(seen.outcome)), cls="roll-outcome" + tone),
                cls="roll",
                data_roll=f"{seen.kind}:{seen.n}",
            )
        )
    if app.waiting() == "human" and g.prompt == "move":
        left = app.length() - len(app.building)
        bits.append(tag("span", esc(tn("gg.steps_left", left)), cls="steps-left"))
    line = tag("div", "".join(bits), cls="status-line") + daily_label(app)
    return line + pointed(app)


def pointed(app: App) -> str:
    """The odds of the field pointed at, as a line: drawn beside the die and under the path's
    question; the page's width shows one (css/go-for-gold.css): in a phone's one column, under
    the question, where they cover no heading and move no field."""
    said = pointed_odds(app)
    return tag("p", esc(said), cls="pointed") if said else ""


def daily_label(app: App) -> str:
    """A daily island says so while it is played: "Today's daily island", or its day."""
    day = app.daily_day()
    if day is None:
        return ""
    what = t("daily.what.island")
    said = t("daily.label", what=what) if day == app.today else t(
        "daily.label.day", what=what, day=day
    )
    return tag("p", esc(said), cls="daily-label")


def pointed_odds(app: App) -> str:
    """The odds of the treasure or temple pointed at, for the island drawn large: "e7,
    treasure 5: a search finds it with 67 % (with 2 shovels)"."""
    g = app.game
    f = app.pointed
    if not f or f not in g.island.marks:
        return ""
    sheet = g.sheets[app.shown()]
    if f in sheet.visited:
        return ""  # a treasure or temple already walked over is never searched again (GG-3.2)
    shovels = sheet.shovels
    need = g.island.treasure(f)
    k = tn("gg.shovels", shovels)
    if need:
        return t("gg.point.treasure", label=words.field_label(g, f),
                 p=words.pct(odds.search(need, shovels)), k=k)
    if g.island.temple(f) and f not in g.temples_closed:
        return t("gg.point.temple", label=words.field_label(g, f),
                 p=words.pct(odds.temple(shovels)), k=k)
    if g.island.temple(f):
        return words.field_label(g, f)
    return ""


def recap(app: App) -> str:
    """Each player's round since a person last decided, one line a player."""
    g = app.game
    if not app.recap or not app.humans():
        return ""
    items = "".join(
        tag("li", esc(words.summary(g.players[seat]["name"], pieces)),
            cls="mine" if not g.players[seat].get("ai") else None)
        for seat, pieces in app.recap.items()
    )
    return tag(
        "div",
        tag("h3", esc(t("gg.sum.title"))) + tag("ul", items),
        cls="recap",
    )


def hint_said(app: App) -> list[str]:
    """The hint's decisions in words ("walk f2 → e2 → d2", "search (finds it with 67 %)");
    empty when there is none or play moved on."""
    plan = app.hint_plan()
    g = app.game
    said = []
    for tok in plan:
        kind, _, rest = tok.partition(" ")
        if kind == "foot":
            continue
        if kind == "path":
            key = "gg.hint.foot" if plan[0].startswith("foot") else "gg.hint.path"
            said.append(t(key, path=words.path_text(rest.split())))
        elif kind in ("start", "jump"):
            said.append(t("gg.hint." + kind, field=rest))
        elif kind in ("search", "explore"):
            chance = (app.hint or {}).get("chance")
            said.append(t("gg.hint." + kind, p=words.pct(chance or 0)))
        elif kind == "spend":
            said.append(t("gg.hint.spend", k=tn("gg.shovels", int(rest))))
        elif kind == "pass":
            said.append(t("gg.hint.keep" if g.prompt == "spend" else "gg.hint.pass"))
    return said


def hint_box(app: App) -> str:
    """The hint in words, with Play it (or that it is being worked out)."""
    if app.hint_busy:
        return tag("p", esc(t("gg.hint.busy")), cls="hint busy", role="status")
    said = hint_said(app)
    if not said:
        return ""
    return tag(
        "div",
        tag("p", esc(t("gg.hint.title")) + " " + tag("strong", esc(", ".join(said))) + ".")
        + button("play_hint", t("gg.hint.play"), kind="small"),
        cls="hint",
        role="status",
    )


def decision(app: App) -> str:
    g = app.game
    waiting = app.waiting()
    seat = g.to_move
    name = g.players[seat]["name"] if seat >= 0 else ""
    if waiting == "over":
        return over_summary(app) + tag(
            "div",
            button("newgame", t("gg.new_game"), kind="primary")
            + button("review", t("gg.review.button")),
            cls="actions",
        )
    if waiting in ("chance", "ai"):
        return recap(app) + waiting_line(app) + skip_button(app)
    if waiting in ("dialog", "handoff"):
        return tag("p", esc(t("gg.new_game") if waiting == "dialog" else ""), cls="prompt")
    return recap(app) + hint_box(app) + prompt_panel(app, name)


def waiting_line(app: App) -> str:
    """What the page waits for, in words: a computer thinking, or whose die is rolled and
    why (a temple explored, a treasure searched: not just "the die is rolled")."""
    g = app.game
    seat = g.to_move
    name = g.players[seat]["name"] if seat >= 0 else ""
    if app.waiting() == "ai":
        return tag("p", esc(t("gg.thinking", name=name)), cls="prompt thinking", role="status")
    end = g.ended_on.get(seat, "") if seat >= 0 else ""
    if g.prompt == "roll_search" and end:
        said = t("gg.rolling.search", name=name, n=g.island.treasure(end))
    elif g.prompt == "roll_temple" and end:
        temple = t("gg.temple_acc." + (g.island.temple(end) or "R"))
        said = t("gg.rolling.temple", name=name, temple=temple)
    else:
        said = t("gg.rolling")
    return tag("p", esc(said), cls="prompt", role="status")


def skip_button(app: App) -> str:
    """Skip (K): the computers' moves at once, until a person is to act."""
    if app.skipping or not app.humans() or len(app.humans()) == app.game.n:
        return ""
    return tag("div", button("skip", t("gg.skip"), key="K"), cls="actions")


def prompt_panel(app: App, name: str) -> str:
    g = app.game
    seat = g.to_move
    sheet = g.sheets[seat]
    end = g.ended_on.get(seat, "")
    if g.prompt == "move":
        return move_panel(app, name)
    if g.prompt in ("jump", "start"):
        harbours = [tok.split()[1] for tok in g.legal()]
        label = "gg.jump_to" if g.prompt == "jump" else "gg.start_at"
        title = t(words.prompt_key(g), name=name)
        return tag("h2", esc(title), cls="prompt", id="prompt") + tag(
            "div",
            "".join(
                button("play", t(label, field=h), arg=f"{g.prompt} {h}", kind="harbour")
                for h in harbours
            ),
            cls="actions",
        )
    if g.prompt == "special":
        need = g.island.treasure(end)
        if need:
            title = t("gg.prompt.special_search", name=name, n=need, field=end)
            chance = odds.search(need, sheet.shovels)
            if not chance:
                why = t("gg.odds.search_never", n=need, k=tn("gg.shovels", sheet.shovels))
            elif sheet.shovels:
                why = t("gg.odds.search", p=words.pct(chance), p0=words.pct(odds.search(need, 0)))
            else:
                why = t("gg.odds.none", n=need)
            verb = "search"
        else:
            temple = t("gg.temple_acc." + (g.island.temple(end) or "R"))  # "den roten Tempel"
            title = t("gg.prompt.special_explore", name=name, temple=temple, field=end)
            chance = odds.temple(sheet.shovels)
            key = "gg.odds.explore" if chance else "gg.odds.explore_never"
            why = t(key, p=words.pct(chance))
            verb = "explore"
        # a choice that cannot succeed is never the default: passing is (both optional, GG-4.3)
        main, other = ("primary", "") if chance else ("", "primary")
        go = button("play", t("gg." + verb), arg=verb, kind=main, key="Enter" if chance else None)
        skip = button("play", t("gg.pass"), arg="pass", kind=other, key="P" if chance else "Enter")
        return (
            tag("h2", esc(title), cls="prompt", id="prompt")
            + tag("p", esc(why), cls="odds")
            + tag("div", (go + skip) if chance else (skip + go), cls="actions")
        )
    if g.prompt == "spend":
        k = int(g.legal()[0].split()[1])
        need = g.island.treasure(end) or 0
        title = t("gg.prompt.spend", name=name, roll=g.rolled, k=tn("gg.shovels", k), n=need)
        return tag("h2", esc(title), cls="prompt", id="prompt") + tag(
            "div",
            button(
                "play",
                t("gg.spend", k=tn("gg.shovels", k)),
                arg=f"spend {k}",
                kind="primary",
                key="Enter",
            )
            + button("play", t("gg.keep"), arg="pass", key="P"),
            cls="actions",
        )
    return ""


def move_panel(app: App, name: str) -> str:
    g = app.game
    n = app.length()
    done = app.complete()
    # the die cannot be walked: a foot must be crossed off for another length (GG-3.3, GG-3.6)
    stuck = not done and not app.foot and not app.paths()
    if done:
        title = t("gg.prompt.move_done", name=name)
    elif stuck:
        title = t("gg.prompt.move_stuck", name=name, steps=tn("gg.steps", n))
    elif app.foot:
        title = t("gg.prompt.move_foot", name=name, steps=tn("gg.steps", n))
    else:
        title = t("gg.prompt.move", name=name, steps=tn("gg.steps", n))
    out = tag("h2", esc(title), cls="prompt", id="prompt")
    if stuck:
        out += tag("p", esc(t("gg.prompt.move_stuck_hint")), cls="help")
    elif not done:
        out += tag("p", esc(t("gg.prompt.move_hint")), cls="help")
    if app.building:
        out += tag("p", esc(words.path_text(app.building)), cls="path-so-far")
    out += pointed(app)  # a phone's column shows this one, in view as the path grows
    if not stuck:  # Undo step is in the tool row, as every game's Undo
        actions = button(
            "confirm", t("gg.confirm_path"), kind="primary", key="Enter", disabled=not done
        )
        out += tag("div", actions, cls="actions")
    feet = g.foot_options(g.to_move)
    if feet or app.foot:
        choices = "".join(
            tag(
                "button",
                esc(k),
                type="button",
                cls="btn small" + (" on" if k == app.foot else ""),
                data_intent="foot",
                data_arg=str(k),
                data_focus=f"foot:{k}",
                aria_pressed="true" if k == app.foot else "false",
                aria_label=t("gg.foot_len", n=k),
            )
            for k in feet
            if k != (g.length or 0)
        )
        sheet = g.sheets[g.to_move]
        out += tag(
            "div",
            tag("h3", esc(t("gg.use_foot")) + " · " + esc(tn("gg.feet", sheet.feet)))
            + tag("div", choices, cls="foot-choices"),
            cls="feet",
            role="group",
            aria_label=t("gg.use_foot"),
        )
    keys = [t("gg.keys"), t("gg.keys.hint")]
    if len(app.humans()) < g.n:
        keys.append(t("gg.keys.skip"))
    out += tag("p", esc(" ".join(keys)), cls="keys")
    return out


def field_states(app: App) -> dict[str, list[str]]:
    g = app.game
    out: dict[str, list[str]] = {}
    if app.waiting() == "human" and g.prompt == "move":
        for f in app.next_steps():
            out.setdefault(f, []).append("next")
        for f in app.dead_ends():
            out.setdefault(f, []).append("dead")
    if app.waiting() == "human" and g.prompt in ("jump", "start"):
        for tok in g.legal():
            out.setdefault(tok.split()[1], []).append("next")
    for f in app.hint_path():
        out.setdefault(f, []).append("hint")
    if app.pointed:
        out.setdefault(app.pointed, []).append("pointed")
    if app.cursor:
        out.setdefault(app.cursor, []).append("cursor")
    return out


def field_labels(app: App, seat: int, states: dict[str, list[str]]) -> dict[str, str]:
    g = app.game
    sheet = g.sheets[seat]
    visited = set(sheet.visited)
    building = set(app.building)
    labels = {}
    for f in g.island.marks:
        extra = []
        if f == sheet.at:
            extra.append(t("gg.field.here"))
        elif f in building:
            extra.append(t("gg.field.path"))
        elif f in visited:
            extra.append(t("gg.field.visited"))
        kinds = states.get(f, ())
        if "next" in kinds:
            extra.append(t("gg.field.next"))
        if "dead" in kinds:
            extra.append(t("gg.field.dead"))
        labels[f] = ", ".join([words.field_label(g, f), *extra])
    return labels


def sheet_header(app: App, seat: int, toggle: bool = False) -> str:
    g = app.game
    s = g.sheets[seat]
    facts = [
        tag("span", esc(t("gg.score", n=g.score(seat))), cls="score"),
        tag("span", esc(tn("gg.shovels", s.shovels)), cls="shovels"),
        tag("span", esc(tn("gg.feet", s.feet)), cls="feet-held"),
        tag("span", esc(t("gg.jump_used" if s.jumped else "gg.jump_open")), cls="jump"),
    ]
    if s.out:
        facts.append(tag("span", esc(t("gg.out")), cls="out"))
    entries = "".join(tag("li", esc(v)) for v in s.entries) + "".join(
        tag("li", "", cls="empty") for _ in range(6 - len(s.entries))
    )
    names = (
        button("labels", t("gg.labels"), kind="small labels", pressed=app.labels)
        if toggle
        else ""
    )
    return tag(
        "div",
        tag("h2", esc(t("gg.your_sheet", name=g.players[seat]["name"])), id="sheet-title")
        + names
        + tag("p", " · ".join(facts), cls="facts")
        + tag(
            "ol",
            entries,
            cls="entries",
            aria_label=t("gg.entries") + ": " + t("gg.entries_of", count=len(s.entries)),
        ),
        cls="sheet-head",
    )


def sheet(app: App) -> str:
    g = app.game
    seat = app.shown()
    summary = g.summary(legal=False)
    states = field_states(app)
    playing = app.waiting() == "human" and seat == g.to_move
    building = app.building if playing else []
    tab = app.cursor if app.cursor in g.island.marks else (building[-1] if building else None)
    tab = tab or g.sheets[seat].at
    fresh = app.fresh[1] if app.fresh and app.fresh[0] == seat else []
    picture = svg.sheet(
        summary,
        seat,
        building=building,
        side=False,
        classes=states,
        labels=field_labels(app, seat, states),
        tab=tab,
        fresh=fresh,
        name=t("gg.your_sheet", name=g.players[seat]["name"]),
        names=app.labels,
    )
    return sheet_header(app, seat, toggle=True) + tag(
        "div", picture, cls="island" + (" playing" if playing else ""), id="island"
    )


def others(app: App) -> str:
    g = app.game
    if g.n == 1:
        return ""
    shown = app.shown()
    summary = g.summary(legal=False)
    cards = []
    for seat in range(g.n):
        if seat == shown:
            continue
        s = g.sheets[seat]
        p = g.players[seat]
        who = p["name"] + (f" ({level_name(p['ai'])})" if p.get("ai") else "")
        facts = " · ".join(
            [t("gg.score", n=g.score(seat)), tn("gg.shovels", s.shovels), tn("gg.feet", s.feet)]
            + ([t("gg.out")] if s.out else [])
        )
        # a thumbnail's treasure numbers would be drawn at 5 px: left out, as the player's own
        # sheet above shows the same island's numbers at a readable size (issue #58)
        picture = svg.sheet(summary, seat, side=False, prefix=f"s{seat}-", numbers=False)
        # the thumbnail lies outside the button (a click on it opens the sheet too): its
        # numbers are no part of the button's text, which its name holds in order (WCAG 2.5.3)
        button_ = tag(
            "button",
            tag("span", esc(who), cls="who")
            + " "  # the name is read "Bob (medium) Score 5 · …", as the card shows it
            + tag("span", esc(facts), cls="facts"),
            type="button",
            cls="sheet-open",
            data_intent="view",
            data_arg=str(seat),
            data_focus=f"view:{seat}",
            aria_label=t("gg.open_sheet", name=p["name"]) + ": " + who + " " + facts,
        )
        thumb = tag(
            "div", picture, cls="thumb", aria_hidden="true", data_intent="view", data_arg=str(seat)
        )
        classes = "card-sheet" + (" to-move" if seat == g.to_move else "")
        cards.append(tag("div", button_ + thumb, cls=classes))
    return "".join(cards)


def log(app: App) -> str:
    lines = "".join(tag("li", esc(words.text(line))) for line in app.log[-60:][::-1])
    # it scrolls: keyboard users reach it (WCAG 2.1.1)
    return tag("h2", esc(t("gg.log")), id="log-title") + tag(
        "ol", lines, cls="log-lines", reversed=True, tabindex="0", aria_labelledby="log-title"
    )


def entries_sum(values: list[int]) -> str:
    """A sheet's entries as the sum they make, with a true minus: "4 − 1 + 5" (it read
    "4 + -1 + 5"), "−3"; "–" when there are none. A sign keeps to its number (a no-break
    space): a narrow table wraps before "− 1", never after the minus.

    >>> entries_sum([4, -1, 5]).replace("\\u00a0", "_")
    '4 −_1 +_5'
    """
    if not values:
        return "–"
    out = str(values[0]).replace("-", "−")
    for value in values[1:]:
        out += f" −\u00a0{-value}" if value < 0 else f" +\u00a0{value}"
    return out


def short_head(short: str, full: str) -> str:
    """A column heading short enough for a phone, its full name for screen readers."""
    return tag(
        "th",
        tag("span", esc(short), aria_hidden="true") + tag("span", esc(full), cls="sr-only"),
        scope="col",
        title=full,
    )


def over_summary(app: App) -> str:
    g = app.game
    best = max(g.score(s) for s in range(g.n))
    names = ", ".join(g.players[s]["name"] for s in g.winners)
    key = words.over_key(g)
    out = tag("h2", esc(t("gg.over.title")), cls="prompt", id="over-title")
    out += tag("p", esc(t(key, names=names, n=tn("gg.points", best))), cls="winner")
    out += tag("p", esc(words.text(words.end_reason(g))), cls="why-over")
    tied = [s for s in range(g.n) if g.score(s) == best]
    if len(tied) > 1:
        out += tag("p", esc(t("gg.over.tie")))
    rows = ""
    for s in sorted(range(g.n), key=g.rank, reverse=True):
        sheet = g.sheets[s]
        rows += tag(
            "tr",
            tag("th", esc(g.players[s]["name"]), scope="row")
            + tag("td", esc(entries_sum(sheet.entries)), cls="sum")
            + tag("td", esc(g.score(s)))
            + tag("td", esc(sheet.shovels_collected)),
        )
    head = tag(
        "tr",
        tag("th", tag("span", esc(t("gg.over.player")), cls="sr-only"), scope="col")
        + tag("th", esc(t("gg.entries")), scope="col")
        + tag("th", esc(t("gg.score", n="")).strip(), scope="col")
        + short_head(t("gg.over.tiebreak_short"), t("gg.over.tiebreak")),
    )
    table = tag("table", tag("thead", head) + tag("tbody", rows), cls="results")
    return out + table + app.daily_note


def overlay(name: str, title_id: str, body: str) -> str:
    """The site's dialog (:func:`shell.html.modal`), its card of kind ``name``."""
    return modal(name, body, labelled_by=title_id, data_dialog=name)


def dialog(app: App) -> str:
    g = app.game
    d = app.dialog
    if app.waiting() == "handoff" and d is None:
        name = g.players[g.to_move]["name"]
        return overlay(
            "handoff",
            "handoff-title",
            tag("h2", esc(t("gg.handoff.title", name=name)), id="handoff-title")
            + tag("p", esc(t("gg.handoff.body", name=name, steps=tn("gg.steps", g.length or 0))))
            + tag(
                "div",
                button("handoff", t("gg.handoff.ready", name=name), kind="primary"),
                cls="actions",
            ),
        )
    if d == "newgame":
        return overlay("newgame", "newgame-title", newgame_form(app))
    if d in ("confirm", "link"):
        return replace_dialog(
            d,
            t("gg.confirm_new.title" if d == "confirm" else "gg.link.title"),
            t("gg.confirm_new.body" if d == "confirm" else "gg.link.body", n=g.round),
            ("close", t("gg.confirm_new.no")),
            ("yes", t("gg.confirm_new.yes")),
            daily_kind=app.pending_daily(),
            title_id="confirm-title",
        )
    if d == "sheet" and app.viewing is not None:
        seat = app.viewing
        picture = svg.sheet(
            g.summary(legal=False),
            seat,
            side=False,
            prefix="v-",
            name=t("gg.your_sheet", name=g.players[seat]["name"]),
        )
        return overlay(
            "sheet",
            "sheet-title-v",
            sheet_header(app, seat).replace('id="sheet-title"', 'id="sheet-title-v"')
            + tag("div", picture, cls="island")
            + tag(
                "div", button("close", t("gg.close"), kind="primary", key="Escape"), cls="actions"
            ),
        )
    if d == "share" and app.shared is not None:
        from shell.share import share_dialog

        return share_dialog(*app.shared)  # its replay plays on from any step on this page
    if d == "over" and g.over:
        return overlay(
            "over",
            "over-title",
            over_summary(app)
            + tag(
                "div",
                button("newgame", t("gg.over.again"), kind="primary")
                + button("review", t("gg.review.button"))
                + tag("a", esc(t("gg.over.replay")), href=embed_href(g.record()), cls="btn")
                + button("close", t("gg.close"), key="Escape"),
                cls="actions",
            ),
        )
    if d == "review" and g.over and app.review is not None:
        from pages.go_for_gold.review import dialog as review_dialog

        return review_dialog(app.review, g)
    return ""


def newgame_form(app: App) -> str:
    form = app.form
    seats = form.seats
    count = tag(
        "label",
        esc(t("gg.seats"))
        + tag(
            "select",
            "".join(
                tag("option", str(n), value=str(n), selected=n == len(seats)) for n in range(1, 7)
            ),
            data_setting="seats",
            data_focus="set:seats",
        ),
    )
    rows = ""
    for i, seat in enumerate(seats):
        kinds = tag("option", esc(t("gg.person")), value="person", selected=seat.ai is None)
        kinds += "".join(
            tag(
                "option",
                esc(t("gg.computer", level=level_name(lv))),
                value=lv,
                selected=seat.ai == lv,
            )
            for lv in LEVELS
        )
        rows += tag(
            "li",
            tag(
                "label",
                tag("span", esc(t("gg.seat_name", n=i + 1)), cls="sr-only")
                + void(
                    "input",
                    type="text",
                    value=seat.name,
                    maxlength="20",
                    data_setting="name",
                    data_seat=str(i),
                    data_focus=f"name:{i}",
                    autocomplete="off",
                ),
            )
            + tag(
                "label",
                tag("span", esc(t("gg.seat_kind", n=i + 1)), cls="sr-only")
                + tag(
                    "select",
                    kinds,
                    data_setting="kind",
                    data_seat=str(i),
                    data_focus=f"kind:{i}",
                ),
            ),
            cls="seat-row",
        )
    maps = tag(
        "label",
        esc(t("gg.map"))
        + tag(
            "select",
            "".join(
                tag("option", esc(t("gg.map." + m)), value=m, selected=m == form.map)
                for m in map_names()
            ),
            data_setting="map",
            data_focus="set:map",
        ),
    )
    seed = tag(
        "label",
        esc(t("gg.seed"))
        + void(
            "input",
            type="text",
            inputmode="numeric",
            value=app.form_seed,
            data_setting="seed",
            data_focus="set:seed",
            autocomplete="off",
        ),
    )
    speed = tag(
        "label",
        esc(t("gg.speed"))
        + tag(
            "select",
            "".join(
                tag("option", esc(t("speed." + s)), value=s, selected=s == app.speed)
                for s in SPEEDS
            ),
            data_setting="speed",
            data_focus="set:speed",
        ),
    )
    actions = button("start", t("gg.start"), kind="primary") + button("quick", t("gg.quick_game"))
    if app.in_progress():
        actions += button("close", t("gg.cancel"), key="Escape")
    return (
        tag("h2", esc(t("gg.new_game")), id="newgame-title")
        + (welcome(t("gg.form.welcome"), "go-for-gold", other_game()) if app.first else "")
        + link_problems(app.link_errors)
        + count
        + tag("ol", rows, cls="seats")
        + tag("div", maps + seed + speed, cls="options")
        + tag("div", actions, cls="actions")
        + tag("p", tag("a", esc(t("gt.entry")), href=TABLE_HREF), cls="table-entry")
    )
