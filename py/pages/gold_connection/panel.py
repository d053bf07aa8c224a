"""What the action panel offers in a state: a title, lines of text and buttons, as data.

``panel(session)`` decides everything shown for the current prompt; ``view`` only turns it
into HTML.  Every text is already worded through :func:`shell.i18n.t`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gold_connection import Game, odds
from gold_connection.board import CORRIDORS, ENDS, MAX_STEPS, exits
from gold_connection.game import sort_options
from gold_connection.material import bar_value, sort_bars
from shell.i18n import t, tn, tn_agree

from pages.gold_connection import phrases as words
from pages.gold_connection.session import Entry, Session


@dataclass
class Button:
    intent: str
    arg: str = ""
    label: str = ""
    kind: str = "secondary"  # primary, secondary, choice, bar, row-bar
    key: str | None = None  # keyboard shortcut shown on the button
    pressed: bool | None = None  # a toggle's state (aria-pressed)
    disabled: bool = False
    note: str = ""  # a second, smaller line
    aria: str | None = None
    bar: str | None = None  # drawn as a bar chip


@dataclass
class Group:
    title: str
    buttons: list[Button]
    cls: str = ""


@dataclass
class Odds:
    target: int
    plain: Fraction
    chips: int
    with_chips: Fraction


@dataclass
class Panel:
    title: str
    lines: list[str] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    # what the choices made so far give (the odds, what goes back), drawn under the choices:
    # naming a bar must not move the buttons still to be tapped
    below: list[str] = field(default_factory=list)
    actions: list[Button] = field(default_factory=list)
    odds: Odds | None = None
    dice: tuple[int, int] | None = None
    dice_note: str = ""
    waiting: bool = False  # the computer's turn: no buttons
    tone: str = ""  # success, short, over


def chance(target: int, chips: int) -> Odds:
    return Odds(target, odds.success(target), chips, odds.success(target, chips))


def odds_text(o: Odds) -> str:
    plain = words.pct(o.plain)
    if not o.with_chips:
        return t("odds.impossible", target=o.target, chips=tn("count.chips", o.chips))
    if o.chips and o.with_chips != o.plain:
        return t(
            "odds.with_chips",
            target=o.target,
            pct=plain,
            chips_pct=words.pct(o.with_chips),
            chips=tn("count.chips", o.chips),
        )
    return t("odds.plain", target=o.target, pct=plain)


def panel(s: Session) -> Panel:
    g = s.game
    computer = g.prompt != "over" and s.is_ai(g.to_move)
    p = _computer(s) if computer else _PROMPTS[g.prompt](s)
    if s.notice:
        key, params = s.notice
        p.lines.append(t(key, **params))
    return p


def _computer(s: Session) -> Panel:
    """A computer seat's turn, told in the third person, without buttons."""
    g = s.game
    t_ = g.turn
    name = words.name(g, g.to_move)
    dice = _last_dice(s)
    note = t("dice.success", sum=sum(dice)) if dice else ""
    if g.prompt == "place":
        dice = g.setup_dice
        assert dice is not None  # the placement roll came first
        title = t("panel.ai.place", name=name, a=dice[0], b=dice[1])
        note = ""
    elif t_ is None:  # the placement roll, or where the arrow points (GC-3.3, GC-3.4)
        key = "panel.ai.setup_roll" if g.prompt == "roll" else "panel.ai.face"
        title = t(key, name=name)
        note = t("panel.setup_roll.again") if dice and g.prompt == "roll" else ""
    elif g.prompt == "chips":
        assert t_.dice is not None and t_.target is not None  # a roll fell short
        a, b = dice = t_.dice
        missing = t_.target - a - b
        title = t("panel.ai.chips", name=name, sum=a + b, missing=missing, target=t_.target)
        note = t("dice.short", sum=a + b, target=t_.target)
    elif g.prompt == "roll":
        title = t("panel.ai.roll", name=name, target=t_.target)
    elif g.prompt in ("sort", "face"):
        title = t("panel.ai.sort", name=name)
    elif t_.moved:
        title = t("panel.watch.title", name=name, field=words.field(t_.arrow))
    else:
        title = t("panel.ai.move", name=name, counter=g.counter)
    p = Panel(title, [t("panel.ai_thinking", name=name)], waiting=True, dice=dice, dice_note=note)
    did = _computer_did(s)
    if did:
        p.lines.append(did)
    if t_ is not None and t_.moved and g.prompt in ("move", "act"):
        p.lines.append(
            t("panel.watch.text", bars=words.bars(t_.storage), steps=tn("count.steps", t_.steps))
        )
    if g.prompt == "roll" and t_ is not None:
        p.odds = chance(t_.goal(), 0)  # no "your chips": the computer's are on its crate
    if OFFER_SKIP:  # the page plays the computer's moves at once and shows where they lead
        p.actions = [Button("skip", label=t("btn.skip"), kind="secondary", key="K")]
    return p


OFFER_SKIP = False
"""Set by a page that can skip a computer's turn (its ``page``); the embed page cannot."""


def _computer_did(s: Session) -> str:
    """The computer's latest walk this turn and what it named there, in one sentence:
    "Bot moves 4 to safe 7 and names blue 2 + green 3: 58 %"."""
    g = s.game
    turn: list[Entry] = []
    for e in reversed(s.log):
        if e.turn != g.counter or e.seat != g.to_move:
            break
        turn.insert(0, e)
    walks = [i for i, e in enumerate(turn) if e.token.startswith("move")]
    if g.turn is None or not walks:
        return ""
    walk = turn[walks[-1]]
    params = walk.lines[0][1]
    base = {
        "name": words.name(g, g.to_move),
        "steps": params["steps"],
        "field": words.field(params["field"]),
    }
    after = turn[walks[-1] + 1 :]
    kind = after[0].token.split()[0] if after else ""
    if kind not in ("take", "rob", "end"):
        return t("panel.ai.did_move", **base)
    said = after[0].lines[0][1]
    extra = {"pct": words.pct(said["chance"])}
    if kind == "take":
        extra["bars"] = words.plus(said["bars"])
    elif kind == "rob":
        extra.update(bars=words.plus(said["bars"]), victim=said["victim"])
    return t("panel.ai.did_" + kind, **base, **extra)


def _last_dice(s: Session) -> tuple[int, int] | None:
    g = s.game
    if g.moves and g.moves[-1].startswith("dice"):
        a, b = map(int, g.moves[-1].split()[1:])
        return a, b
    return None


def _roll(s: Session) -> Panel:
    g = s.game
    name = words.name(g, g.to_move)
    if g.turn is None:  # the placement roll (GC-3.3)
        p = Panel(t("panel.setup_roll.title", name=name), [t("panel.setup_roll.text")])
        dice = _last_dice(s)
        if dice:
            p.dice = dice
            p.dice_note = t("panel.setup_roll.again")
        p.actions = [Button("roll", label=t("btn.roll"), kind="primary", key="R")]
        return p
    target = g.turn.goal()
    p = Panel(t("panel.roll.title", name=name, target=target))
    p.odds = chance(target, g.chips[g.to_move])
    p.lines.append(_stake_text(s))
    p.actions = [Button("roll", label=t("btn.roll_for", target=target), kind="primary", key="R")]
    return p


def _stake_text(s: Session) -> str:
    """What a failure would cost (GC-5.4)."""
    g = s.game
    storage = g.live.storage
    if storage:
        kept, _ = banked(g)  # its worth as sorting would bank it, as the Stop button says
        return t(
            "stake.storage",
            bars=words.bars(storage),
            value=sum(map(bar_value, kept)),
            field=words.field(g.live.arrow),
        )
    return t("stake.none")


def _place(s: Session) -> Panel:
    g = s.game
    assert g.setup_dice is not None  # the place prompt follows the placement roll
    a, b = g.setup_dice
    p = Panel(
        t("panel.place.title", name=words.name(g, g.to_move), a=a, b=b), [t("panel.place.text")]
    )
    p.dice = (a, b)
    p.actions = [
        Button("place", tok.split()[1], t("btn.safe", field=tok.split()[1]), "choice")
        for tok in g.legal()
    ]
    return p


def _face(s: Session) -> Panel:
    g = s.game
    seat = g.to_move
    name = words.name(g, seat)
    options = [tok.split()[1] for tok in g.legal()]
    if g.turn is None:
        field_ = g.stone_of(seat)
        p = Panel(
            t("panel.face.title", name=name), [t("panel.face.text", field=words.field(field_))]
        )
        p.actions = [
            Button("face", h, words.heading(h), "choice", key="←" if h == "w" else "→")
            for h in options
        ]
        return p
    field_ = g.stone_of(seat)
    p = Panel(
        t("panel.face_end.title", name=name, field=words.field(field_)), [t("panel.face_end.text")]
    )
    options.sort(key="nms".index)  # north to south: the upper corridor on ↑, the lower on ↓
    p.actions = [
        Button(
            "face",
            h,
            words.heading(h),
            "choice",
            key="↑" if i == 0 else "↓",
            note=words.corridor_span(h),
        )
        for i, h in enumerate(options)
    ]
    return p


def _move(s: Session) -> Panel:
    g = s.game
    t_ = g.live
    name = words.name(g, g.to_move)
    legal = g.legal()
    if legal == ["accept"]:
        p = Panel(t("panel.stuck.title"), [t("panel.stuck.text"), _stake_text(s)], tone="short")
        p.actions = [Button("accept", label=t("btn.accept"), kind="primary", key="A")]
        return p
    if not t_.moved:
        p = Panel(t("panel.move.title", name=name, counter=g.counter), [t("panel.move.text")])
    elif t_.must_move:
        p = Panel(
            t("panel.rob_ok.title"),
            [t("panel.rob_ok.text", bars=words.bars(t_.storage))],
            tone="success",
        )
    else:
        p = Panel(
            t("panel.success.title"),
            [
                t(
                    "panel.success.text",
                    bars=words.bars(t_.storage),
                    steps=tn("count.steps", t_.steps),
                )
            ],
            tone="success",
        )
    dice = _last_dice(s)
    if dice:
        p.dice = dice
        p.dice_note = t("dice.success", sum=sum(dice))
    if t_.moved:
        p.lines.append(t("panel.steps_so_far", steps=t_.steps, left=MAX_STEPS - t_.steps))
    if s.sel.typed:
        p.lines.append(t("keys.typed", typed=s.sel.typed))
    if "stop" in legal:
        kept, back = banked(g)
        if back:
            p.lines.append(tn_agree("keep.back_now", len(back), back=words.bars(back)))
        note = t("btn.stop.note", value=sum(map(bar_value, kept)))
        if back:
            note = tn_agree("btn.stop.note_back", len(back), note=note, back=words.bars(back))
        p.actions.append(Button("stop", label=t("btn.stop"), kind="primary", key="S", note=note))
    p.groups.append(_destinations(s))
    way = turns(s)
    if way:  # first while a way is being built: it is what the player is doing
        end = s.route_end()[0][-1]
        group = Group(t("group.way", end=words.field(end)), way, "way")
        p.groups.insert(len(p.groups) - 1 if s.sel.route else len(p.groups), group)
    if s.sel.route:
        p.lines.append(way_text(s, full=False))
    return p


def _destinations(s: Session) -> Group:
    g = s.game
    reach = s.reach()
    buttons = []
    for f in FIELD_ORDER:
        if f not in reach:
            continue
        note = tn("count.steps", reach[f].steps)
        buttons.append(
            Button(
                "field",
                f,
                words.field_short(f),
                "dest",
                note=note,
                aria=t("dest.aria", label=words.field_short(f), field=words.field(f), steps=note),
            )
        )
    return Group(t("group.destinations", steps=g.live.steps), buttons, "destinations")


def turns(s: Session) -> list[Button]:
    """The corridors the way being built may enter at the end field it has reached (GC-2.3),
    as buttons: the upper one on ↑ (arg ``up``), the lower on ↓ (``down``), so a button keeps
    its place, and focus, from one end field to the next."""
    offered = s.corridors()
    if not offered:
        return []
    path, came = s.route_end()
    end, upper = path[-1], exits(came)[0]
    steps = tn("count.steps", len(path) - 1)
    return [
        Button(
            "via",
            "up" if c == upper else "down",
            t("btn.via", corridor=t("corridor." + c)),
            "choice",
            key="↑" if c == upper else "↓",
            note=t("btn.via.note", end=words.field(end), steps=steps),
        )
        for c in offered
    ]


def way_text(s: Session, full: bool = True) -> str:
    """The way built so far in words: "Your way: E → south, W → middle; 13 steps so far, to
    the east end (E). Next corridor there: north or south. Esc or Undo goes one corridor back."
    (``full=False``: without the next corridors, which the panel lists as buttons). Empty
    while no corridor is chosen."""
    if not s.sel.route or s.game.prompt != "move":
        return ""
    path, _ = s.route_end()
    first = s.game.live.heading is None  # the arrow rests on an end field: it chooses there too
    ends = [f for k, f in enumerate(path[:-1]) if f in ENDS and (k or first)]
    out = t(
        "way.so_far",
        route=words.route(list(zip(ends, s.sel.route, strict=True))),
        steps=tn("count.steps", len(path) - 1),
        end=words.field(path[-1]),
    )
    offered = s.corridors()
    if offered and full:
        out += " " + t(
            "way.next",
            end=words.field(path[-1]),
            corridors=words.either([t("corridor." + c) for c in offered]),
        )
    return out + " " + t("way.back")


FIELD_ORDER = ("W", *CORRIDORS["n"], *CORRIDORS["m"], *CORRIDORS["s"], "E")


def _act(s: Session) -> Panel:
    g = s.game
    t_ = g.live
    chips = g.chips[g.to_move]
    p = Panel(t("panel.act.title", field=words.field(t_.arrow), steps=tn("count.steps", t_.steps)))
    target = s.pending_target()
    assert target is not None  # at the act prompt there is one
    bars = s.safe_bars()
    victim = s.victim()
    if bars:
        p.lines.append(t("panel.act.take_text"))
        buttons = []
        seen: dict[str, int] = {}
        for i, bar in enumerate(bars):
            k = seen.get(bar, 0)
            seen[bar] = k + 1
            buttons.append(
                Button(
                    "bar",
                    f"{bar}:{k}",
                    words.bar(bar),
                    "bar",
                    key=str(i + 1) if i < 9 else None,
                    pressed=s.sel.picked.count(bar) > k,
                    bar=bar,
                )
            )
        everything = sorted(s.sel.picked) == sorted(bars)
        buttons.append(
            Button(
                "all", label=t("btn.none" if everything else "btn.all"), kind="secondary", key="A"
            )
        )
        p.groups.append(Group(t("group.safe", field=words.field(t_.arrow)), buttons, "safe"))
    elif victim is not None:
        p.lines.append(t("panel.act.rob_text", victim=words.name(g, victim)))
        for row, k in g.rows[victim].items():
            if not k:
                continue
            n = s.sel.rob.get(row, 0)
            buttons = [
                Button(
                    "robbar",
                    f"{row}:{pos}",
                    words.bar(f"{row[0]}{k - pos + 1}"),
                    "bar",
                    pressed=pos <= n,
                    bar=f"{row[0]}{k - pos + 1}",
                )
                for pos in range(1, k + 1)
            ]
            p.groups.append(Group(words.row(row), buttons, "rob-row"))
    else:
        p.lines.append(t(_why_no_loot(s)))
    if bars or victim is not None:
        chosen = s.sel.picked or s.sel.rob
        if chosen:
            p.odds = chance(target, chips)
            p.below.extend(keep_text(g, s.sel.picked or s.rob_bars()))
        if chosen and target > MAX_STEPS:
            p.below.append(t("panel.act.too_far", target=target, max=MAX_STEPS))
        label = t("btn.roll_for", target=target) if chosen else t("btn.roll_pick")
        # what no row takes, on the button itself: on a phone the lines above the bars may be
        # scrolled under the vault while bars are named on it
        back = banked(g, s.sel.picked or s.rob_bars())[1] if chosen else []
        note = tn_agree("btn.roll.note_back", len(back), back=words.bars(back)) if back else ""
        p.actions.append(
            Button(
                "roll",
                label=label,
                kind="primary",
                key="R",
                disabled=not chosen or target > MAX_STEPS,
                note=note,
            )
        )
    # ending here is legal unless another stone stands here (GC-4.6); not g.legal(): it may
    # list ~700 000 plunders
    if victim is None:
        p.actions.append(
            Button(
                "end",
                label=t("btn.end"),
                kind="secondary" if bars else "primary",
                key="E",
                note=t("btn.end.note", target=t_.steps, pct=words.pct(odds.success(t_.steps))),
            )
        )
    if t_.storage:
        p.lines.append(_stake_text(s))
    return p


def banked(g: Game, named: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """What sorting would keep of the storage plus ``named`` if the turn stopped after them,
    and what would go back to the safe: the engine's own sortings (GC-6.2), the one that
    keeps the most."""
    loot = tuple(sort_bars([*g.live.storage, *named]))
    ways = sort_options(loot, tuple(g.rows[g.to_move].items()))
    best = max(ways, key=lambda pairs: (sum(bar_value(b) for b, _ in pairs), len(pairs)))
    kept = sort_bars([b for b, _ in best])
    return kept, sort_bars((Counter(loot) - Counter(kept)).elements())


def keep_text(g: Game, named: Sequence[str]) -> list[str]:
    """Before the roll: the loot that no row would take, and what stopping after it keeps."""
    kept, back = banked(g, named)
    if not back:
        return []
    value = sum(map(bar_value, kept))
    said = {"back": words.bars(back), "kept": words.bars(kept), "value": value}
    return [tn_agree("keep.back", len(back), **said)]


def _why_no_loot(s: Session) -> str:
    g = s.game
    t_ = g.live
    if t_.arrow == g.stone[g.to_move]:
        return "noloot.start"
    if t_.arrow in t_.plundered:
        return "noloot.plundered"
    if not g.fields[t_.arrow]:
        return "noloot.empty"
    return "noloot.far"


def _chips(s: Session) -> Panel:
    g = s.game
    t_ = g.live
    assert t_.dice is not None and t_.target is not None  # a roll fell short
    a, b = t_.dice
    missing = t_.target - a - b
    held = g.chips[g.to_move]
    p = Panel(t("panel.chips.title", sum=a + b, missing=missing, target=t_.target), tone="short")
    p.dice = (a, b)
    p.dice_note = t("dice.short", sum=a + b, target=t_.target)
    p.lines.append(_failure_text(s))
    spend = [tok for tok in g.legal() if tok.startswith("spend")]
    if spend:
        p.actions.append(
            Button(
                "spend",
                label=tn("btn.spend", missing),
                kind="primary",
                key="C",
                note=t("btn.spend.note", left=held - missing),
            )
        )
    else:
        p.lines.append(t("panel.chips.too_few", held=tn("count.chips", held), missing=missing))
    gain_to = t_.pending()[1] if t_.pending()[0] == "rob" else g.to_move
    gain = min(2, 5 - g.chips[gain_to], g.supply)
    note = (
        t("btn.accept.note_victim", victim=words.name(g, gain_to), chips=tn("count.chips", gain))
        if gain_to != g.to_move
        else tn("btn.accept.note", gain)
    )
    p.actions.append(
        Button(
            "accept",
            label=t("btn.accept"),
            kind="secondary" if spend else "primary",
            key="A",
            note=note,
        )
    )
    return p


def _failure_text(s: Session) -> str:
    g = s.game
    t_ = g.live
    assert t_.action is not None  # the roll that failed was for it
    kind = t_.action[0]
    lost = t_.storage
    if kind == "take":
        named = tn_agree("stake.named_take", len(t_.action[1]), bars=words.bars(t_.action[1]))
    elif kind == "rob":
        named = t("stake.named_rob", victim=words.name(g, t_.action[1]))
    else:
        named = ""
    if lost:
        return t(
            "stake.at_risk", bars=words.bars(lost), field=words.field(t_.arrow), named=named
        ).strip()
    return t("stake.at_risk_empty", named=named).strip()


def _sort(s: Session) -> Panel:
    g = s.game
    p = Panel(t("panel.sort.title"), [t("panel.sort.text")])
    for i, (bar, rows, chosen) in enumerate(s.sort_plan()):
        if len(rows) > 1:
            buttons = [
                Button("sortpick", f"{i}:{r}", words.row(r), "choice", pressed=r == chosen)
                for r in rows
            ]
        elif rows:
            buttons = [
                Button(
                    "sortpick",
                    f"{i}:{rows[0]}",
                    words.row(rows[0]),
                    "choice",
                    pressed=True,
                    disabled=True,
                )
            ]
        else:
            buttons = [
                Button(
                    "none",
                    "",
                    t("sort.back", field=words.field(g.stone_of(g.to_move))),
                    "choice",
                    disabled=True,
                )
            ]
        p.groups.append(Group(words.bar(bar), buttons, "sort-bar " + bar))
    p.actions = [Button("sort", label=t("btn.sort"), kind="primary", key="S")]
    return p


def _over(s: Session) -> Panel:
    g = s.game
    names = words.names([words.name(g, w) for w in g.winners])
    p = Panel(tn_agree("panel.over.title", len(g.winners), names=names), tone="over")
    p.actions = [
        Button("again", label=t("btn.again"), kind="primary"),
        Button("new", label=t("btn.new"), kind="secondary", key="N"),
        # the end screen, once closed, stays closed on reloads: its scores and review stay here
        Button("over", label=t("btn.scores"), kind="secondary"),
        Button("review", label=t("btn.review"), kind="secondary"),
    ]
    return p


_PROMPTS = {
    "roll": _roll,
    "place": _place,
    "face": _face,
    "move": _move,
    "act": _act,
    "chips": _chips,
    "sort": _sort,
    "over": _over,
}
