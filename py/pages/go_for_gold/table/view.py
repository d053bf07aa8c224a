"""HTML of the table page (``go-for-gold.html?table=…``), drawn from ``TableApp`` alone.

:func:`parts` gives each container of :func:`shell` by id. Clickable things carry
``data-intent``/``data-arg``, form fields ``data-setting``; ``data-copy`` marks a text the page
copies (or shares) when its button is pressed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from go_for_gold import svg
from go_for_gold.game import Game
from go_for_gold.table import TableSeat
from shell.html import button, esc, tag, void
from shell.html import die as die_html
from shell.i18n import t, tn
from shell.qr import svg as qr_svg
from shell.toolbar import Tool, header, tool_row

from pages.go_for_gold import phrases as words

if TYPE_CHECKING:
    from pages.go_for_gold.table.app import TableApp

PARTS = ("tools", "notices", "say", "status", "panel", "sheet", "calls", "end")


def shell() -> str:
    top = header(t("gg.title"), t("gt.title"), (t("gt.one_device"), "go-for-gold.html"))
    return (
        top
        + tag("div", "", id="notices")
        + tag(
            "div",
            tag(
                "div",
                tag("section", "", id="status", cls="gt-status")
                + tag("div", "", id="say")
                + tag("section", "", id="panel", cls="gt-panel", tabindex="-1")
                + tag("section", "", id="calls", cls="gt-calls"),
                cls="gt-side",
            )
            + tag("section", "", id="sheet", cls="gt-sheet"),
            cls="gt-main",
        )
        + tag("section", "", id="end", cls="gt-end")
        + tag("div", "", id="live", cls="sr-only", aria_live="polite", role="status")
    )


def parts(app: TableApp, page_url: str) -> dict[str, str]:
    return {
        "tools": tool_row(
            [Tool("new", t("gt.new_table")), Tool("howto", value="go-for-gold"), Tool("lang")]
        ),
        "notices": notices(app),
        "say": say(app),
        "status": status(app),
        "panel": panel(app, page_url),
        "sheet": sheet(app),
        "calls": calls(app),
        "end": end(app, page_url),
    }


def notices(app: TableApp) -> str:
    items = "".join(
        tag(
            "li",
            tag("span", esc(text))
            + button("dismiss", t("gg.notice.dismiss"), arg=str(i), kind="small"),
            cls="notice",
        )
        for i, text in enumerate(app.notices)
    )
    return tag("div", tag("ul", items, cls="notices"), role="alert") if items else ""


def copy_box(text: str, label: str, key: str, copied: bool) -> str:
    """A read-only text with its Copy button (the page copies it, or shares it on a phone)."""
    return tag(
        "div",
        tag(
            "label",
            tag("span", esc(label), cls="lbl")
            + void(
                "input", type="text", readonly=True, value=text, id=f"copy-{key}", cls="code-text"
            ),
        )
        + button("copy", t("gt.copy"), arg=key)
        + tag("span", esc(t("gt.copied")) if copied else "", cls="copied", role="status"),
        cls="copy-box",
        data_copy=text,
    )


# ---- set-up and seats -----------------------------------------------------------------------


def setup(app: TableApp) -> str:
    names = "".join(
        tag(
            "li",
            tag(
                "label",
                tag("span", esc(t("gt.setup.name_label", n=k + 1)), cls="lbl")
                + void(
                    "input",
                    type="text",
                    value=name,
                    maxlength="24",
                    data_setting="name",
                    data_seat=str(k),
                    data_focus=f"name:{k}",
                    autocomplete="off",
                ),
            ),
        )
        for k, name in enumerate(app.names)
    )
    sides = "".join(
        tag("option", esc(t(f"gt.setup.map_{m}")), value=m, selected=m == app.map_name)
        for m in "ab"
    )
    harbours = "".join(
        tag("option", esc(h), value=str(k), selected=k == app.start)
        for k, h in enumerate(app.harbours())
    )
    form = (
        tag("h2", esc(t("gt.setup.title")), id="panel-title")
        + tag("p", esc(t("gt.intro")))
        + tag("p", esc(t("gt.friends")), cls="help")
        + tag("h3", esc(t("gt.setup.names")))
        + tag("ol", names, cls="names")
        + tag(
            "div",
            button("add_player", t("gt.setup.add"), disabled=len(app.names) >= 6, kind="small")
            + button(
                "remove_player", t("gt.setup.remove"), disabled=len(app.names) <= 1, kind="small"
            ),
            cls="row",
        )
        + tag(
            "label",
            tag("span", esc(t("gt.setup.map")), cls="lbl")
            + tag("select", sides, data_setting="map", data_focus="map"),
        )
        + tag(
            "label",
            tag("span", esc(t("gt.setup.start")), cls="lbl")
            + tag("select", harbours, data_setting="start", data_focus="start"),
        )
        + button("make", t("gt.setup.make"), kind="primary")
    )
    join = tag(
        "div",
        tag("h3", esc(t("gt.join.title")))
        + tag(
            "label",
            tag("span", esc(t("gt.join.label")), cls="lbl")
            + void(
                "input",
                type="text",
                value=app.code_typed,
                data_setting="code",
                data_focus="code",
                autocomplete="off",
                autocapitalize="characters",
                spellcheck="false",
                placeholder="ABCD-EFG",
                cls="code-input",
            ),
        )
        + button("join", t("gt.join.button")),
        cls="join",
    )
    return form + join


def seats(app: TableApp, page_url: str) -> str:
    table = app.table
    assert table is not None
    link = app.link(page_url)
    return (
        tag("h2", esc(t("gt.seat.title", code=table.shown_code)), id="panel-title")
        + tag("p", esc(t("gt.seat.how")))
        + tag("div", qr_svg(link, label=t("gt.seat.qr")), cls="qr-box")
        + tag(
            "p",
            tag("span", esc(t("gt.seat.code")) + " ", cls="lbl")
            + tag("strong", esc(table.shown_code), cls="table-code"),
        )
        + copy_box(link, t("gt.seat.link"), "table", app.copied == "table")
        + tag("h3", esc(t("gt.seat.who")))
        + tag(
            "div",
            "".join(
                button("seat", t("gt.seat.i_am", name=app.name(s)), arg=str(s), kind="primary")
                for s in range(table.players)
            ),
            cls="seat-choices",
        )
        # joined by a typed code: "I am Player 1" read as a fault (a new player's table)
        + (tag("p", esc(t("gt.seat.no_names")), cls="help") if not table.names else "")
        + tag("p", esc(t("gt.friends")), cls="help")
    )


# ---- playing ---------------------------------------------------------------------------------


def status(app: TableApp) -> str:
    dev = app.dev
    if app.screen != "play" or dev is None:
        return ""
    die = dev.die
    face = (
        tag("span", die_html(die, t("gt.status.die", n=die)), data_die=str(die), cls="table-die")
        if die
        else ""
    )
    bits = [
        tag("span", esc(t("gg.round", n=app.round_now())), cls="round"),
        face,
        tag("span", esc(t("gt.status.you", name=app.name(dev.seat))), cls="you"),
    ]
    if dev.last_roll is not None:
        bits.append(own_roll(app, dev.last_roll))
    if dev.prompt == "move" and not dev.over:
        bits.append(tag("span", esc(tn("gg.steps_left", app.steps_left())), cls="steps-left"))
    return "".join(bits)


def own_roll(app: TableApp, roll: tuple[Game, int, Game]) -> str:
    """This round's search or temple roll, as the single-device page shows it: the die, whose
    roll, and what it did ("Found! +5", "2 short", "Cursed: −1")."""
    before, n, after = roll
    kind = "search" if before.prompt == "roll_search" else "temple"
    outcome = words.outcome(before, n, after)
    tone = " good" if outcome[0] in ("gg.outcome.found", "gg.outcome.temple_won") else " bad"
    assert app.dev is not None
    caption = tag(
        "span",
        tag("span", esc(t("gg.roll." + kind, name=app.name(app.dev.seat))), cls="roll-kind")
        + tag("span", esc(words.text(outcome)), cls="roll-outcome" + tone),
        cls="roll",
    )
    return tag(
        "span",
        die_html(n, t("gg.die_value", n=n)) + caption,
        cls="own-roll",
        data_roll=f"{kind}:{n}",
    )


def say(app: TableApp) -> str:
    dev = app.dev
    if app.screen != "play" or dev is None or not dev.say:
        return ""
    lines = "".join(
        tag("li", esc(t(f"gt.say.{kind}" + (f".{arg}" if arg else "")))) for kind, arg in dev.say
    )
    return tag(
        "div",
        tag("h2", esc(t("gt.say.title"))) + tag("ul", lines),
        cls="gt-say",
        role="alert",
    )


def names_list(app: TableApp, seats: list[int]) -> str:
    return ", ".join(app.name(s) for s in seats)


def panel(app: TableApp, page_url: str) -> str:
    if app.screen == "setup":
        return setup(app)
    if app.screen == "seat":
        return seats(app, page_url)
    dev = app.dev
    assert dev is not None
    g = dev.game
    if dev.over:
        return tag("h2", esc(t("gt.over.title", score=dev.score())), id="panel-title", cls="prompt")
    p = dev.prompt
    out = []
    if p == "move":
        steps = app.next_steps()
        feet = g.foot_options(0) if not app.building else []
        # the die cannot be walked: a foot must be crossed off for another length (GG-3.3,
        # GG-3.6); the prompt to draw a path, no field lit and Draw disabled, said nothing
        if not app.building and not steps and feet:
            title = tn("gt.move.stuck", g.length or 0)
            out.append(tag("h2", esc(title), cls="prompt", id="panel-title"))
        else:
            out.append(
                tag("h2", esc(tn("gt.move", g.length or 0)), cls="prompt", id="panel-title")
            )
        if app.building:
            out.append(
                tag(
                    "p",
                    esc(words.path_text([g.sheets[0].at or "", *app.building])),
                    cls="path-so-far",
                )
            )
        if steps:
            out.append(
                tag(
                    "div",
                    "".join(
                        button("step", t("gt.step_to", field=words.field_label(g, f)), arg=f)
                        for f in steps
                    ),
                    cls="steps",
                    role="group",
                    aria_label=t("gt.steps"),
                )
            )
        if steps or app.building:
            row = button("draw", t("gt.draw"), kind="primary", disabled=not app.path_done())
            row += button("undo_step", t("gt.undo_step"), disabled=not app.building)
            out.append(tag("div", row, cls="row"))
        if feet:
            out.append(
                tag(
                    "div",
                    tag("h3", esc(t("gt.move.foot")))
                    + "".join(
                        button("play", t("gt.foot_n", n=k), arg=f"foot {k}", kind="small")
                        for k in feet
                    ),
                    cls="feet",
                )
            )
    elif p == "jump":
        out.append(tag("h2", esc(t("gt.jump")), cls="prompt", id="panel-title"))
        out.append(
            tag(
                "div",
                "".join(
                    button("play", t("gt.jump_to", field=tok.split()[1]), arg=tok, kind="primary")
                    for tok in g.legal()
                ),
                cls="row",
            )
        )
    elif p == "special":
        end = g.ended_on[0]
        n = g.island.treasure(end)
        if n:
            out.append(
                tag("h2", esc(t("gt.special.treasure", n=n)), cls="prompt", id="panel-title")
            )
            go = button("play", t("gt.search"), arg="search", kind="primary")
        else:
            colour = t("gt.colour." + (g.island.temple(end) or "R"))
            out.append(
                tag(
                    "h2", esc(t("gt.special.temple", colour=colour)), cls="prompt", id="panel-title"
                )
            )
            before = dev.before_me()
            out.append(tag("p", esc(t("gt.order", order=names_list(app, dev.order())))))
            if before:
                out.append(
                    tag("p", esc(t("gt.before_you", names=names_list(app, before))), cls="help")
                )
            go = button("play", t("gt.explore"), arg="explore", kind="primary")
        out.append(tag("div", go + button("play", t("gt.pass"), arg="pass"), cls="row"))
    elif p == "spend":
        k = g._shortfall()
        out.append(
            tag(
                "h2",
                esc(t("gt.spend", roll=g.rolled, n=g.island.treasure(g.ended_on[0]))),
                cls="prompt",
                id="panel-title",
            )
        )
        out.append(
            tag(
                "div",
                button("play", tn("gt.spend_k", k), arg=f"spend {k}", kind="primary")
                + button("play", t("gt.pass"), arg="pass"),
                cls="row",
            )
        )
    elif p == "next":
        out.append(tag("h2", esc(t("gt.next", n=app.round_now())), cls="prompt", id="panel-title"))
        out.append(tag("p", esc(t("gt.next_help")), cls="help"))
        out.append(button("play", t("gt.next_round"), arg="next", kind="primary"))
    if dev.last_told and not dev.over:
        out.append(tag("p", esc(t("gt.last_told")), cls="last"))
    if not dev.events:
        out.append(button("other_seat", t("gt.seat.other"), kind="small"))
    return "".join(out)


def sheet(app: TableApp) -> str:
    dev = app.dev
    if app.screen != "play" or dev is None:
        return ""
    g = dev.game
    summary = g.summary(legal=False)
    summary["players"][0]["name"] = app.name(dev.seat)
    nxt = app.next_steps()
    labels = {f: words.field_label(g, f) for f in g.island.marks}
    for f in nxt:
        labels[f] += ", " + t("gg.field.next")
    picture = svg.sheet(
        summary,
        0,
        highlight=nxt,
        building=app.building,
        side=False,
        classes={f: ["next"] for f in nxt},
        labels=labels,
        tab=nxt[0] if nxt else None,
        name=t("gg.your_sheet", name=app.name(dev.seat)),
    )
    return sheet_head(app, dev) + tag(
        "div", picture, cls="island" + (" playing" if nxt else ""), id="island"
    )


def sheet_head(app: TableApp, dev: TableSeat) -> str:
    """The score, supplies and entries above the island (the sheet's side column, as text)."""
    s = dev.game.sheets[0]
    facts = [
        tag("span", esc(t("gg.score", n=dev.score())), cls="score"),
        tag("span", esc(tn("gg.shovels", s.shovels)), cls="shovels"),
        tag("span", esc(tn("gg.feet", s.feet)), cls="feet-held"),
        tag("span", esc(t("gg.jump_used" if s.jumped else "gg.jump_open")), cls="jump"),
    ]
    entries = "".join(tag("li", esc(v)) for v in s.entries) + "".join(
        tag("li", "", cls="empty") for _ in range(6 - len(s.entries))
    )
    return tag(
        "div",
        tag("h2", esc(t("gg.your_sheet", name=app.name(dev.seat))), id="sheet-title")
        + tag("p", " · ".join(facts), cls="facts")
        + tag(
            "ol",
            entries,
            cls="entries",
            aria_label=t("gg.entries") + ": " + t("gg.entries_of", count=len(s.entries)),
        ),
        cls="sheet-head",
    )


def calls(app: TableApp) -> str:
    dev = app.dev
    if app.screen != "play" or dev is None:
        return ""
    out = []
    if not dev.over:
        buttons = [
            button("tell", t(f"gt.call.closed.{c}"), arg=f"closed {c}") for c in dev.open_temples()
        ]
        if not dev.last_told:
            buttons.append(button("tell", t("gt.call.last"), arg="last"))
        assert app.table is not None
        buttons += [
            button("tell", t("gt.call.out", name=app.name(s)), arg=f"out {s}")
            for s in range(app.table.players)
            if s != dev.seat and s not in dev.outs
        ]
        out.append(
            tag("h2", esc(t("gt.calls.title"))) + tag("p", esc(t("gt.calls.help")), cls="help")
        )
        out.append(tag("div", "".join(buttons), cls="call-choices"))
    if dev.events:
        out.append(button("take_back", t("gt.take_back"), kind="small"))
    return "".join(out)


# ---- the end ---------------------------------------------------------------------------------


def end(app: TableApp, page_url: str) -> str:
    dev = app.dev
    if app.screen != "play" or dev is None or not dev.over:
        return ""
    code = dev.result_code()
    link = app.result_link(page_url)
    own = tag(
        "div",
        tag("h2", esc(t("gt.over.code")))
        + tag("p", tag("strong", esc(group_code(code)), cls="result-code"))
        + tag("p", esc(t("gt.over.code_help")), cls="help")
        + tag("div", qr_svg(link, label=t("gt.over.qr")), cls="qr-box")
        + copy_box(link, t("gt.over.link"), "result", app.copied == "result"),
        cls="own-result",
    )
    entry = tag(
        "div",
        tag("h2", esc(t("gt.results.title")))
        + tag(
            "label",
            tag("span", esc(t("gt.results.label")), cls="lbl")
            + void(
                "input",
                type="text",
                value=app.result_typed,
                data_setting="result",
                data_focus="result",
                autocomplete="off",
                autocapitalize="characters",
                spellcheck="false",
                cls="code-input",
            ),
        )
        + button("add_result", t("gt.results.add"), kind="primary")
        + answer(app),
        cls="others",
    )
    return own + entry + table_standings(app)


def group_code(code: str) -> str:
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def answer(app: TableApp) -> str:
    if app.result_error:
        return tag(
            "p", esc(t("gt.results.bad", reason=app.result_error)), cls="refused", role="alert"
        )
    if app.result_added is not None:
        s: TableSeat = app.results[app.result_added]
        return tag(
            "p",
            esc(t("gt.results.added", name=app.name(s.seat), score=s.score())),
            cls="accepted",
            role="status",
        )
    return ""


def table_standings(app: TableApp) -> str:
    assert app.table is not None
    rows = app.standing_rows()
    merged, misfit = app.final()
    missing = [s for s in range(app.table.players) if s not in app.all_results()]
    if merged is not None:
        head = tag("p", esc(t("gt.standings.final")), cls="final")
    elif misfit:
        head = tag("p", esc(t("gt.standings.misfit", reason=misfit)), cls="refused")
    else:
        head = tag("p", esc(t("gt.results.waiting", names=names_list(app, missing))), cls="help")
    body = "".join(
        tag(
            "tr",
            tag("td", esc(place))
            + tag("th", esc(name), scope="row")
            + tag("td", esc(score))
            + tag("td", esc(shovels)),
            cls="first" if place == 1 and merged is not None else None,
        )
        for place, name, score, shovels, _ in rows
    )
    heads = "".join(
        tag("th", esc(t(k)), scope="col") for k in ("gt.col.place", "gt.col.player", "gt.col.score")
    )
    full = t("gt.col.shovels")  # short on a phone, whole for screen readers
    heads += tag(
        "th",
        tag("span", esc(t("gg.over.tiebreak_short")), aria_hidden="true")
        + tag("span", esc(full), cls="sr-only"),
        scope="col",
        title=full,
    )
    return tag(
        "div",
        tag("h2", esc(t("gt.standings.title")), id="standings-title")
        + head
        + tag(
            "table",
            tag("thead", tag("tr", heads)) + tag("tbody", body),
            cls="standings",
            aria_labelledby="standings-title",
        ),
        cls="standings-box",
        data_final="1" if merged is not None else None,
    )
