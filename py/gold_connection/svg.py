"""SVG pictures of a Gold Connection state, drawn from the state summary (rules §9).

Pure functions from the summary dict to an SVG string, built with :mod:`xml.etree` and the
standard library only, so the same code runs in CPython and in Pyodide.  The engine's classes
are never imported: whatever produces a summary can be drawn.

>>> picture = vault({"counter": 3, "fields": {"W": ["b1", "g3", "g3"]}, "players": []})
>>> picture.startswith("<svg") and 'data-bar="g3"' in picture and 'data-count="2"' in picture
True

Stable hooks for a browser layer: every field is ``<g id="field-7" class="field"
data-field="7">``, every bar group ``<g class="bar bar-g" data-bar="g3" data-field="7"
data-count="2">``, every crate ``<g id="crate-0" class="crate" data-player="0">`` with rows
``data-row="g6"``, pieces ``id="stone-0"`` and ``id="arrow-0"``, the turn counter
``id="counter"``.  ``id_prefix`` prefixes every id, so several pictures can share a page.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["DEFAULT_COLORS", "DEFAULT_LABELS", "board", "crate", "vault"]

# ---- the material and the board, as the summary names them (GC-1, GC-2) ---------------------

COLOURS = "bygr"
ROW_LENGTHS = (6, 5, 4)
CORRIDORS = {"n": ("1", "2", "3", "4"), "m": ("5", "6", "7", "8"), "s": ("9", "10", "11", "12")}
FIELDS = ("W", *CORRIDORS["n"], *CORRIDORS["m"], *CORRIDORS["s"], "E")
COUNTER_LIMIT = 36
PLAYER_MARKS = "ABCD"
"""A letter per seat, so players are told apart without their colour."""

DEFAULT_COLORS = {
    # bars (GC-1.1); each colour also has its own mark shape
    "b": "#2f6fdb",
    "y": "#f2c230",
    "g": "#2e9d55",
    "r": "#d8433b",
    # players: hues unlike the bars', each with a letter too
    "player0": "#a463e0",
    "player1": "#f0882a",
    "player2": "#2fbfca",
    "player3": "#e6e1d6",
    "background": "#1d2026",
    "floor": "#323843",
    "walkway": "#4b5466",
    "wall": "#7a5340",
    "mortar": "#4a3226",
    "safe": "#5a6271",
    "safe_header": "#3f4651",
    "safe_edge": "#8f9aac",
    "ink": "#16181d",
    "text": "#eef1f5",
    "muted": "#aab3c2",  # 4.5:1 or more on pip, slot, floor and crate (WCAG 1.4.3)
    "pip": "#3a404b",
    "pip_done": "#6f6240",
    "counter": "#f5c542",
    "highlight": "#58e1ff",
    "selected": "#ffffff",
    "lastmove": "#ffd166",
    "to_move": "#ffd166",
    "crate": "#2a2e36",
    "crate_edge": "#4b5260",
    "slot": "#353b46",
    "out": "#7b8390",
}
"""Every colour drawn; ``colors={...}`` overrides any of them."""

DEFAULT_LABELS = {
    "field": "Safe {field}",
    "bars": "{count} bars",
    "bars.one": "{count} bar",
    "empty": "empty",
    "counter": "Turn {counter} of {limit}",
    "counter_series": "Turn {counter}",
    "player": "Player {mark}",
    "to_move": "to move",
    "winner": "winner",
    "stone": "Stone of {name}",
    "arrow": "Arrow of {name}",
    "not_placed": "not placed",
    "chips": "{chips} chips",
    "chips.one": "{chips} chip",
    "bar_count": "{bars} bars",
    "bar_count.one": "{bars} bar",
    "score": "{score} pts",
    "score.one": "{score} pt",
    "storage": "Storage",
    "steps": "Steps {steps}",
    "target": "Target {target}",
    "dice": "Dice {dice}",
    "out": "out of play",
}
"""Every text drawn, as ``str.format`` templates; ``labels={...}`` overrides (translations).
A count of exactly 1 takes ``KEY.one`` where there is one ("1 chip", not "1 chips")."""

# ---- layout, in user units (the vault is drawn for 360-400 px wide) ---------------------------

TRACK = 13  # the counter track band around the vault
PAD = 4  # floor between the track and the fields
END_W, END_H = 46, 124  # the end fields W and E, level with corridor m
LINK = 12  # room between an end field and the safes for the links
SAFE_W, SAFE_H = 56, 60
SAFE_R, END_R = 5, 9  # corner radii of the safes' and the end fields' doors
HEAD = 15  # a field's header strip: its name and the pieces on it
GAP = 5  # between the safes of a corridor
AISLE = 14  # between corridors; the wall runs along its middle
WALL = 7
WALKWAY = 10  # width of the corridors' floor
INGOT_W, INGOT_H = 22, 13  # one bar
CELL_W, CELL_H = 26, 14.5  # one group of equal bars in a safe
RAISE = (
    2.5  # a picked bar stands this much above its place (no more: the bar above keeps its value)
)
CROWDED = 0.7  # below this scale a safe lists its bars in a line per colour instead
# a phone's tile for a group of equal bars (_safe_tiles): 3 x 3 in a safe, 2 x 7 in an end field
TILE_W, TILE_H, TILE_GAP, TILE_FONT = 16.5, 14, 0.9, 14.5
LINE_H, LINE_DIGIT = 10, 7.5  # one colour's line in a crowded safe, and a value's width
PIECE = 19  # room for one stone or arrow
STONE_R = 6.2
PIP_R = 5.2  # one step of the counter track

VAULT_W = 2 * (TRACK + PAD + END_W + LINK) + 4 * SAFE_W + 3 * GAP
VAULT_H = 2 * (TRACK + PAD) + 3 * SAFE_H + 2 * AISLE

CRATE_PAD = 8
CRATE_HEAD = 22  # token, name and score
CRATE_STATS = 18  # chips, bar count and tags
MARK_W = 11  # the colour mark left of a colour's rows
SLOT_W, SLOT_H = 23, 16  # one place in a row, and the row pitch
BLOCK_W = MARK_W + 6 * SLOT_W  # one colour's three rows
BLOCK_GAP = 10
STORE_H = 20  # the storage line under the rows
STORE_LABEL = 58  # room for the word "Storage" at 12 units
CRATE_W = 2 * CRATE_PAD + 2 * BLOCK_W + BLOCK_GAP
CRATE_H = 2 * CRATE_PAD + CRATE_HEAD + CRATE_STATS + 6 * SLOT_H + BLOCK_GAP + STORE_H
BOARD_GAP = 10

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

# Headings as angles in degrees (y down): w/e along a corridor, n/m/s into a corridor (GC-2.2).
ANGLES = {"e": 0, "w": 180}
END_ANGLES = {"W": {"n": -45, "m": 0, "s": 45}, "E": {"n": -135, "m": 180, "s": 135}}


def _layout() -> dict[str, tuple[float, float, float, float]]:
    """Each field's box ``(x, y, width, height)`` in the vault."""
    boxes: dict[str, tuple[float, float, float, float]] = {}
    top = TRACK + PAD
    left = TRACK + PAD + END_W + LINK
    for row, safes in enumerate(CORRIDORS.values()):
        for col, field in enumerate(safes):
            boxes[field] = (
                left + col * (SAFE_W + GAP),
                top + row * (SAFE_H + AISLE),
                SAFE_W,
                SAFE_H,
            )
    end_y = (VAULT_H - END_H) / 2
    boxes["W"] = (TRACK + PAD, end_y, END_W, END_H)
    boxes["E"] = (VAULT_W - TRACK - PAD - END_W, end_y, END_W, END_H)
    return boxes


BOXES = _layout()


def _n(x: float) -> str:
    """A number as short text."""
    return f"{x:.2f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


def _el(parent: ET.Element, tag: str, attrs: dict[str, Any], text: str | None = None) -> ET.Element:
    """A child element; numbers become short text and ``None`` values are left out."""
    el = ET.SubElement(
        parent,
        tag,
        {k: v if isinstance(v, str) else _n(v) for k, v in attrs.items() if v is not None},
    )
    if text is not None:
        el.text = text
    return el


def _bar_key(bar: str) -> tuple[int, str]:
    """Canonical bar order: colour (b, y, g, r), then value; anything else last."""
    return (COLOURS.find(bar[:1]) % 5, bar[1:].zfill(3))


class _Ctx:
    """The options of one picture, resolved once."""

    def __init__(
        self,
        view: Mapping[str, Any],
        highlight: Iterable[str],
        selected: Iterable[str],
        lastmove: Mapping[str, Any] | None,
        colors: Mapping[str, Any] | None,
        labels: Mapping[str, Any] | None,
        id_prefix: str,
        selected_field: str | None = None,
        choices: Mapping[str, str] | None = None,
    ):
        self.view = view
        self.players = list(view.get("players") or [])
        self.turn: dict[str, Any] = view.get("turn") or {}
        to_move = view.get("to_move")
        self.to_move = (
            to_move if isinstance(to_move, int) and 0 <= to_move < len(self.players) else None
        )
        self.over = bool(view.get("over"))
        self.series = (view.get("options") or {}).get("ending") == "series"
        self.highlight = frozenset(str(f) for f in highlight)
        self.selected = Counter(selected)
        self.selected_field = selected_field
        self.choices = dict(choices or {})
        self.lastmove = lastmove
        self.c: dict[str, str] = {**DEFAULT_COLORS, **(colors or {})}
        given = labels or {}
        # a translation that words KEY but not KEY.one keeps its own word for one too
        defaults = {k: v for k, v in DEFAULT_LABELS.items()
                    if not (k.endswith(".one") and k.removesuffix(".one") in given)}
        self.labels: dict[str, str] = {**defaults, **given}
        self.p = id_prefix
        self.way: list[str] = []  # the fields of a way being built, ending where it turns
        self.ghosts: frozenset[str] = frozenset()  # crate places "g6/3" a sorted bar lands on
        self.equal: dict[str, str] = {}  # the arrow's bars that are targets: their equal control
        self.defs: ET.Element | None = None  # set by _defs; rows add their empty places there
        self.empty_rows: set[str] = set()

    def label(self, key: str, **values: Any) -> str:
        if list(values.values()) == [1] and f"{key}.one" in self.labels:
            key += ".one"
        return self.labels[key].format(**values)

    def player_color(self, i: int) -> str:
        return self.c.get(f"player{i}", self.c["player0"])

    def name(self, i: int) -> str:
        return str(self.players[i].get("name") or self.label("player", mark=PLAYER_MARKS[i % 4]))

    def url(self, name: str) -> str:
        return f"url(#{self.p}gc-{name})"

    def counter_text(self) -> str:
        counter = self.view.get("counter") or 0
        return self.label(
            "counter_series" if self.series else "counter", counter=counter, limit=COUNTER_LIMIT
        )


# ---- shared definitions ---------------------------------------------------------------------

_INGOT = "M0 13H22L19.6 3.6L17.4 .6H4.6L2.4 3.6Z"
_INGOT_TOP = "M2.4 3.6H19.6L17.4 .6H4.6Z"
_MARKS = {  # a shape per colour, centred at (5.8, 8.4), so colours differ without colour
    "b": ("circle", {"cx": "5.8", "cy": "8.4", "r": "2.7"}),
    "y": ("polygon", {"points": "5.8,5.2 9,10.9 2.6,10.9"}),
    "g": ("rect", {"x": "3.3", "y": "5.9", "width": "5", "height": "5"}),
    "r": ("polygon", {"points": "5.8,4.9 9.3,8.4 5.8,11.9 2.3,8.4"}),
}
# Bar values: light figures with a dark halo read on every bar colour.
_FIGURES = {
    "font-size": "10",
    "font-weight": "700",
    "text-anchor": "middle",
    "stroke-width": "2.2",
    "paint-order": "stroke",
    "stroke-linejoin": "round",
}


def _defs(root: ET.Element, ctx: _Ctx) -> None:
    c, p = ctx.c, ctx.p
    defs = ctx.defs = _el(root, "defs", {})
    for name, stops in (
        ("sheen", ((0, "#fff", 0.65), (0.3, "#fff", 0.12), (0.55, "#fff", 0), (1, "#000", 0.3))),
        ("steel", ((0, "#fff", 0.16), (0.5, "#fff", 0), (1, "#000", 0.22))),
    ):
        gradient = _el(
            defs, "linearGradient", {"id": f"{p}gc-{name}", "x1": 0, "y1": 0, "x2": 0, "y2": 1}
        )
        for offset, colour, opacity in stops:
            _el(gradient, "stop", {"offset": offset, "stop-color": colour, "stop-opacity": opacity})
    # the fields' doors: drawn once, used by every field
    for name, w, h, radius in (("safe", SAFE_W, SAFE_H, SAFE_R), ("end", END_W, END_H, END_R)):
        door = _el(defs, "g", {"id": f"{p}gc-{name}"})
        _el(door, "rect", {"width": w, "height": h, "rx": radius, "fill": c["safe"]})
        _el(
            door,
            "path",
            {
                "fill": c["safe_header"],
                "d": f"M0 {HEAD}V{radius}a{radius} {radius} 0 0 1 {radius} {-radius}"
                f"H{w - radius}a{radius} {radius} 0 0 1 {radius} {radius}V{HEAD}Z",
            },
        )
        _el(
            door,
            "rect",
            {
                "width": w,
                "height": h,
                "rx": radius,
                "fill": ctx.url("steel"),
                "stroke": c["safe_edge"],
                "stroke-width": 1.2,
            },
        )
    for colour in COLOURS:
        ingot = _el(defs, "g", {"id": f"{p}gc-ingot-{colour}", "class": f"ingot ingot-{colour}"})
        _el(ingot, "path", {"d": _INGOT, "fill": c[colour]})
        _el(ingot, "path", {"d": _INGOT_TOP, "fill": "#fff", "fill-opacity": ".35"})
        _el(
            ingot,
            "path",
            {"d": _INGOT, "fill": ctx.url("sheen"), "stroke": c["ink"], "stroke-width": ".8"},
        )
        _mark(ingot, ctx, colour, "#fff")
    # picked bars glow (a soft halo in the highlight colour around their ring)
    glow = _el(
        defs,
        "filter",
        {"id": f"{p}gc-glow", "x": "-50%", "y": "-50%", "width": "200%", "height": "200%"},
    )
    _el(
        glow,
        "feDropShadow",
        {"dx": 0, "dy": 0, "stdDeviation": 1.6, "flood-color": c["highlight"], "flood-opacity": 1},
    )
    hatch = _el(
        defs,
        "pattern",
        {
            "id": f"{p}gc-hatch",
            "width": 5,
            "height": 5,
            "patternUnits": "userSpaceOnUse",
            "patternTransform": "rotate(45)",
        },
    )
    _el(hatch, "rect", {"width": 5, "height": 5, "fill": c["slot"]})
    _el(hatch, "path", {"d": "M0 0V5", "stroke": c["out"], "stroke-width": 1.6})
    brick = _el(
        defs,
        "pattern",
        {"id": f"{p}gc-brick", "width": 14, "height": WALL, "patternUnits": "userSpaceOnUse"},
    )
    _el(brick, "rect", {"width": 14, "height": WALL, "fill": c["wall"]})
    _el(
        brick,
        "path",
        {
            "d": f"M0 {WALL / 2}H14M4 0V{WALL / 2}M11 {WALL / 2}V{WALL}",
            "stroke": c["mortar"],
            "stroke-width": 0.9,
        },
    )


def _mark(parent: ET.Element, ctx: _Ctx, colour: str, fill: str) -> ET.Element:
    """The colour-blind mark of a bar colour: blue ●, yellow ▲, green ■, red ◆."""
    tag, attrs = _MARKS[colour]
    return _el(
        parent,
        tag,
        {
            **attrs,
            "class": f"mark mark-{colour}",
            "fill": fill,
            "stroke": ctx.c["ink"],
            "stroke-width": ".7",
        },
    )


def _svg(width: float, height: float, size: int | None, title: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {_n(width)} {_n(height)}",
            "class": "gold-connection",
            "font-family": FONT,
        },
    )
    if size is not None:
        root.set("width", str(size))
        root.set("height", _n(round(size * height / width, 1)))
    _el(root, "title", {}, title)
    return root


_ATTR_SPECIAL = re.compile(r'[&<>"\n\r\t]').search


def _text(text: str) -> str:
    """Character data escaped as ElementTree does."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attr(value: str) -> str:
    """An attribute value escaped as ElementTree does; most need nothing."""
    if not _ATTR_SPECIAL(value):
        return value
    value = _text(value).replace('"', "&quot;")
    return value.replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;")


def _xml(root: ET.Element) -> str:
    """The same text as ``ET.tostring(root, encoding="unicode")``, twice as fast: these
    trees have no namespaces and no tails, and the browser redraws on every click."""
    out: list[str] = []

    def write(el: ET.Element) -> None:
        attrs = "".join([f' {k}="{_attr(v)}"' for k, v in el.attrib.items()])
        if el.text or len(el):
            out.append(f"<{el.tag}{attrs}>{_text(el.text) if el.text else ''}")
            for child in el:
                write(child)
            out.append(f"</{el.tag}>")
        else:
            out.append(f"<{el.tag}{attrs} />")

    write(root)
    return "".join(out)


# ---- bars -----------------------------------------------------------------------------------


def _groups(bars: Iterable[str], selected: Counter[str] | None) -> list[tuple[str, int, bool]]:
    """Equal bars as ``(bar, count, selected)``, the selected ones split off (a multiset)."""
    counts = Counter(bars)
    groups = []
    for bar in sorted(counts, key=_bar_key):
        n = counts[bar]
        s = min(n, selected[bar]) if selected else 0
        if s:
            groups.append((bar, s, True))
        if n > s:
            groups.append((bar, n - s, False))
    return groups


def _grid(count: int, width: float, height: float) -> tuple[int, float]:
    """Columns and scale that fit ``count`` cells into a box, as large as possible."""
    best = (1, 0.0)
    for cols in range(1, count + 1):
        scale = min(1.0, width / (cols * CELL_W), height / (-(-count // cols) * CELL_H))
        if scale > best[1]:
            best = (cols, scale)
    return best


def _ingot(parent: ET.Element, ctx: _Ctx, bar: str, attrs: dict[str, Any]) -> ET.Element:
    """A bar: the ingot of its colour and its value (text style comes from the parent)."""
    g = _el(parent, "g", attrs)
    ET.SubElement(g, "use", {"href": f"#{ctx.p}gc-ingot-{bar[:1]}"})
    ET.SubElement(g, "text", {"x": "12.8", "y": "11.8"}).text = bar[1:]
    return g


def _safe_bars(
    parent: ET.Element, ctx: _Ctx, field: str, bars: list[str], area: tuple[float, ...]
) -> None:
    """A safe's bars: a grid of ingots, equal ones grouped ("g3 ×2"); a line per colour when
    the grid would be too small to read."""
    selected = ctx.selected if field == (ctx.selected_field or _arrow_field(ctx)) else None
    groups = _groups(bars, selected)
    if not groups:
        return
    x, y, w, h = area
    cols, scale = _grid(len(groups), w, h)
    if scale < CROWDED:
        _bar_lines(parent, ctx, field, bars, selected, area)
        return
    rows = -(-len(groups) // cols)
    x += (w - cols * CELL_W * scale) / 2 + (CELL_W - INGOT_W) / 2 * scale
    y += (h - rows * CELL_H * scale) / 2 + (CELL_H - INGOT_H) / 2 * scale
    zoom = f" scale({_n(scale)})" if scale < 1 else ""
    # hidden from assistive technology: the field's name lists the bars
    layer = _el(
        parent,
        "g",
        {
            "class": "bars",
            "fill": ctx.c["text"],
            "stroke": ctx.c["ink"],
            "aria-hidden": "true",
            **_FIGURES,
        },
    )
    for i, (bar, count, sel) in enumerate(groups):
        gx = x + (i % cols) * CELL_W * scale
        gy = y + (i // cols) * CELL_H * scale
        g = _ingot(
            layer,
            ctx,
            bar,
            {
                "class": f"bar bar-{bar[:1]} sel" if sel else f"bar bar-{bar[:1]}",
                "data-bar": bar,
                "data-field": field,
                "data-count": str(count),
                "data-equal": _equal(ctx, field, bar),
                "transform": f"translate({_n(gx)},{_n(gy - (RAISE * scale if sel else 0))}){zoom}",
            },
        )
        if count > 1:  # a pill on the bar's lower right corner, so it clearly belongs to it
            badge = _el(g, "g", {"class": "count", "font-size": "6.6", "stroke": "none"})
            _el(
                badge,
                "rect",
                {
                    "x": "15.8",
                    "y": "6.6",
                    "width": "10.8",
                    "height": "7.8",
                    "rx": "3.9",
                    "fill": ctx.c["ink"],
                    "stroke": ctx.c["text"],
                    "stroke-width": ".6",
                },
            )
            _el(badge, "text", {"x": "21.2", "y": "12.8"}, f"×{count}")
        if sel:
            _el(
                g,
                "rect",
                {
                    "class": "sel-ring",
                    "x": "-2",
                    "y": "-2",
                    "width": "26",
                    "height": "17",
                    "rx": "3",
                    "fill": "none",
                    "stroke": ctx.c["selected"],
                    "stroke-width": "1.8",
                    "filter": ctx.url("glow"),
                },
            )
            _tick(g, ctx, 23, 0)


def _safe_tiles(
    parent: ET.Element, ctx: _Ctx, field: str, bars: list[str], area: tuple[float, ...]
) -> None:
    """A safe's bars drawn for a phone (class ``bars-phone``, hidden unless the page's CSS shows
    it there): a tile per group of equal bars in the bar's colour, its colour's mark and one
    large value, equal bars stacked (one edge behind it per further bar, up to three). The
    values are 14.5 units, 12.8 CSS px on a vault 344 px wide, where an ingot's are 8.8 px."""
    selected = ctx.selected if field == (ctx.selected_field or _arrow_field(ctx)) else None
    groups = _groups(bars, selected)
    if not groups:
        return
    x, y, w, h = area
    cols = max(1, int((w + TILE_GAP) // (TILE_W + TILE_GAP)))
    rows = -(-len(groups) // cols)
    # many groups: the grid shrinks to fit (the values with it), never past the safe
    scale = min(1.0, h / (rows * (TILE_H + TILE_GAP) - TILE_GAP))
    pitch_x, pitch_y = (TILE_W + TILE_GAP) * scale, (TILE_H + TILE_GAP) * scale
    used = min(cols, len(groups))
    x += (w - used * pitch_x + TILE_GAP * scale) / 2
    y += (h - rows * pitch_y + TILE_GAP * scale) / 2
    zoom = f" scale({_n(scale)})" if scale < 1 else ""
    layer = _el(
        parent,
        "g",
        {
            "class": "bars-phone",
            "display": "none",  # shown by the page's CSS on a phone, in place of the ingots
            "fill": ctx.c["text"],
            "stroke": ctx.c["ink"],
            "aria-hidden": "true",  # as the ingots: the field's name lists the bars
            **_FIGURES,
        },
    )
    layer.set("font-size", _n(TILE_FONT))
    layer.set("stroke-width", "2.6")
    for i, (bar, count, sel) in enumerate(groups):
        colour = bar[:1]
        gx = x + (i % cols) * pitch_x
        gy = y + (i // cols) * pitch_y
        g = _el(
            layer,
            "g",
            {
                "class": f"tile tile-{colour} picked" if sel else f"tile tile-{colour}",
                "data-field": field,
                "data-bar": bar,
                "data-count": str(count),
                "data-equal": _equal(ctx, field, bar),
                "transform": f"translate({_n(gx)},{_n(gy)}){zoom}",
            },
        )
        fill = ctx.c.get(colour, ctx.c["muted"])
        for k in range(min(count, 3) - 1, 0, -1):  # the stack's edges, behind the tile
            _el(
                g,
                "rect",
                {
                    "class": "stacked",
                    "x": 2.2 * k,
                    "y": -2.2 * k,
                    "width": TILE_W,
                    "height": TILE_H,
                    "rx": 2.5,
                    "fill": fill,
                    "stroke-width": 0.9,
                },
            )
        _el(
            g,
            "rect",
            {
                "width": TILE_W,
                "height": TILE_H,
                "rx": 2.5,
                "fill": fill,
                "stroke": ctx.c["selected"] if sel else ctx.c["ink"],
                "stroke-width": 2 if sel else 0.9,
                "filter": ctx.url("glow") if sel else None,
            },
        )
        if colour in _MARKS:
            mark = _mark(g, ctx, colour, "#fff")
            mark.set("transform", f"translate(-2,{_n(TILE_H / 2 - 8.4)})")
        _el(g, "text", {"x": TILE_W - 5.4, "y": TILE_H / 2 + 5.2}, bar[1:])


def _tick(parent: ET.Element, ctx: _Ctx, x: float, y: float, r: float = 4.2) -> None:
    """A picked bar's tick: a white disc with a check mark, on the ingot's top right corner,
    clear of its value and colour mark."""
    g = _el(parent, "g", {"class": "tick", "transform": f"translate({_n(x)},{_n(y)})"})
    _el(
        g,
        "circle",
        {"r": r, "fill": ctx.c["selected"], "stroke": ctx.c["ink"], "stroke-width": 0.8},
    )
    k = r / 4.2
    _el(
        g,
        "path",
        {
            "d": f"M{_n(-2.1 * k)} {_n(0.1 * k)}L{_n(-0.6 * k)} {_n(1.6 * k)}"
            f"L{_n(2.2 * k)} {_n(-1.5 * k)}",
            "fill": "none",
            "stroke": ctx.c["ink"],
            "stroke-width": 1.3,
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )


def _bar_lines(
    parent: ET.Element,
    ctx: _Ctx,
    field: str,
    bars: list[str],
    selected: Counter[str] | None,
    area: tuple[float, ...],
) -> None:
    """A crowded safe: one strip per colour, with its mark and the values of its bars."""
    x, y, w, h = area
    by_colour: dict[str, list[str]] = {}
    for bar in sorted(bars, key=_bar_key):
        by_colour.setdefault(bar[:1], []).append(bar)
    pitch = min(LINE_H + 2, h / len(by_colour))
    y += (h - pitch * len(by_colour)) / 2
    layer = _el(
        parent,
        "g",
        {
            "class": "bars lines",
            "fill": ctx.c["text"],
            "stroke": ctx.c["ink"],
            "aria-hidden": "true",  # as in _safe_bars: the field's name lists them
            **_FIGURES,
        },
    )
    layer.set("font-size", "8")
    layer.set("stroke-width", "1.6")
    chosen = Counter(selected)
    for colour, line in by_colour.items():
        _el(
            layer,
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": LINE_H,
                "rx": 3,
                "fill": ctx.c.get(colour, ctx.c["muted"]),
                "stroke-width": ".8",
            },
        )
        if colour in _MARKS:
            _mark(layer, ctx, colour, "#fff").set(
                "transform", f"translate({_n(x - 1.3)},{_n(y + LINE_H / 2 - 8.4)})"
            )
        step = min(LINE_DIGIT, (w - 12) / len(line))
        for k, bar in enumerate(line):
            sel = chosen[bar] > 0
            chosen[bar] -= 1
            g = _el(
                layer,
                "g",
                {
                    "class": f"bar bar-{colour} sel" if sel else f"bar bar-{colour}",
                    "data-bar": bar,
                    "data-field": field,
                    "data-count": "1",
                    "data-equal": _equal(ctx, field, bar),
                    "transform": f"translate({_n(x + 12 + (k + 0.5) * step)},{_n(y - sel)})",
                },
            )
            _el(  # a tile per value, so "1 1 2" never reads as 112
                g,
                "rect",
                {
                    "class": "sel-ring" if sel else "tile",
                    "x": -step / 2 + 0.5,
                    "y": 0.8,
                    "width": step - 1,
                    "height": LINE_H - 1.6,
                    "rx": 1.5,
                    "fill": ctx.c["ink"],
                    "fill-opacity": ".3",
                    "stroke": ctx.c["selected"] if sel else "none",
                    "stroke-width": "1.4",
                    "filter": ctx.url("glow") if sel else None,
                },
            )
            _el(g, "text", {"y": LINE_H - 2.2}, bar[1:])
        y += pitch


def _equal(ctx: _Ctx, field: str, bar: str) -> str | None:
    """A bar of the arrow's safe that may be named now: the selector of the control elsewhere
    on the page that names it too, a target of its own size (WCAG 2.2 2.5.8, equivalent)."""
    return ctx.equal.get(bar) if field == _arrow_field(ctx) else None


def _arrow_field(ctx: _Ctx) -> str | None:
    """Where the player to move plunders: the arrow's field (the stone's before moving)."""
    if ctx.turn:
        arrow = ctx.turn.get("arrow")
        return str(arrow) if arrow is not None else None
    return ctx.players[ctx.to_move].get("stone") if ctx.to_move is not None else None


# ---- the vault ------------------------------------------------------------------------------


def _vault(parent: ET.Element, ctx: _Ctx) -> None:
    c = ctx.c
    _el(
        parent,
        "rect",
        {
            "class": "vault-bg",
            "width": VAULT_W,
            "height": VAULT_H,
            "rx": 12,
            "fill": c["background"],
        },
    )
    inset = TRACK + 1
    _el(
        parent,
        "rect",
        {
            "class": "floor",
            "x": inset,
            "y": inset,
            "width": VAULT_W - 2 * inset,
            "height": VAULT_H - 2 * inset,
            "rx": 40,
            "ry": 70,
            "fill": c["floor"],
            "stroke": c["ink"],
            "stroke-width": 2,
        },
    )
    _walkways(parent, ctx)
    _walls(parent, ctx)
    fields = ctx.view.get("fields") or {}
    for field in FIELDS:
        _field(parent, ctx, field, list(fields.get(field) or []))
    _lastmove(parent, ctx)
    _way(parent, ctx)
    _pieces(parent, ctx)
    _counter(parent, ctx)
    _turns(parent, ctx)


def _centre(field: str) -> tuple[float, float]:
    x, y, w, h = BOXES[field]
    return x + w / 2, y + h / 2


def _walkways(parent: ET.Element, ctx: _Ctx) -> None:
    """The corridors' floors, W to E: corridors n and s curve out of the end fields, so the
    vault reads as a figure-eight (GC-2.1)."""
    g = _el(
        parent,
        "g",
        {
            "class": "links",
            "fill": "none",
            "stroke": ctx.c["walkway"],
            "stroke-width": WALKWAY,
            "stroke-linecap": "round",
        },
    )
    _, cy = _centre("5")
    west = BOXES["W"][0] + END_W * 0.7  # where n and s leave W
    east = VAULT_W - west
    for name, safes in CORRIDORS.items():
        _, y = _centre(safes[0])
        if name == "m":
            d = f"M{_n(west)} {_n(cy)}H{_n(east)}"
        else:
            r = BOXES["1"][0] - west  # the curve's radius
            toward = 1 if y > cy else -1
            bend = _n(y - toward * r)
            d = (
                f"M{_n(west)} {_n(cy)}V{bend}Q{_n(west)} {_n(y)} {_n(west + r)} {_n(y)}"
                f"H{_n(east - r)}Q{_n(east)} {_n(y)} {_n(east)} {bend}V{_n(cy)}"
            )
        _el(g, "path", {"class": f"link corridor-{name}", "d": d})


def _walls(parent: ET.Element, ctx: _Ctx) -> None:
    """The two walls between neighbouring corridors: solid, never crossed (GC-2.1)."""
    g = _el(
        parent,
        "g",
        {"class": "walls", "fill": ctx.url("brick"), "stroke": ctx.c["ink"], "stroke-width": 1},
    )
    x0 = BOXES["1"][0] - 2
    x1 = BOXES["4"][0] + SAFE_W + 2
    for upper in ("1", "5"):
        y = BOXES[upper][1] + SAFE_H + (AISLE - WALL) / 2
        _el(
            g, "rect", {"class": "wall", "x": x0, "y": y, "width": x1 - x0, "height": WALL, "rx": 2}
        )


def _field(parent: ET.Element, ctx: _Ctx, field: str, bars: list[str]) -> None:
    c = ctx.c
    x, y, w, h = BOXES[field]
    summary = (
        ctx.label("field", field=field)
        + ": "
        + (
            ctx.label("bars", count=len(bars)) + ": " + " ".join(sorted(bars, key=_bar_key))
            if bars
            else ctx.label("empty")
        )
    )
    classes = "field end" if field in ("W", "E") else "field"
    outer = _el(
        parent,
        "g",
        {
            "id": f"{ctx.p}field-{field}",
            "class": f"{classes} hl" if field in ctx.highlight else classes,
            "data-field": field,
        },
    )
    # The named part holds the box and its label but not the bars: a name must contain all
    # the visible text of its element (WCAG 2.5.3), and the bars' values are listed in it.
    named = {"class": "field-box", "role": "button", "aria-label": summary}
    if field in ctx.choices:  # a field to choose now: in the tab order, named by the choice
        named.update({"tabindex": "0", "aria-label": ctx.choices[field], "data-field": field})
    g = _el(outer, "g", named)
    _el(g, "title", {}, summary)
    radius = END_R if field in ("W", "E") else SAFE_R
    _el(
        g,
        "use",
        {
            "class": "safe",
            "href": f"#{ctx.p}gc-{'end' if field in ('W', 'E') else 'safe'}",
            "x": x,
            "y": y,
        },
    )
    _el(
        g,
        "text",
        {
            "class": "field-label",
            "x": x + 4.5,
            "y": y + 11.5,
            "font-size": 10.5,
            "font-weight": 700,
            "fill": c["text"],
        },
        field,
    )
    if field in ctx.highlight:
        _el(
            g,
            "rect",
            {
                "class": "hl-ring",
                "x": x - 2,
                "y": y - 2,
                "width": w + 4,
                "height": h + 4,
                "rx": radius + 2,
                "fill": "none",
                "stroke": c["highlight"],
                "stroke-width": 2.4,
            },
        )
    _safe_bars(outer, ctx, field, bars, (x + 2, y + HEAD + 1, w - 4, h - HEAD - 2))
    _safe_tiles(outer, ctx, field, bars, (x + 2, y + HEAD + 1, w - 4, h - HEAD - 2))


def _lastmove(parent: ET.Element, ctx: _Ctx) -> None:
    """The last move: a dashed ring on ``from`` and a ring on ``to``, or a path of ``fields``."""
    move = ctx.lastmove
    if not move:
        return
    path = "fields" in move
    marks = (
        [(str(f), "path") for f in move["fields"]]
        if path
        else [(str(move[k]), k) for k in ("from", "to") if move.get(k) is not None]
    )
    marks = [(f, kind) for f, kind in marks if f in BOXES]
    g = _el(
        parent,
        "g",
        {
            "class": "lastmove",
            "fill": "none",
            "stroke": ctx.c["lastmove"],
            "pointer-events": "none",
        },
    )
    if path and len(marks) > 1:
        points = " ".join(f"{_n(px)},{_n(py)}" for px, py in path_points([f for f, _ in marks]))
        _el(
            g,
            "polyline",
            {
                "class": "lastmove-path",
                "points": points,
                "stroke-width": 3,
                "stroke-dasharray": "0.1 6",
                "stroke-linecap": "round",
            },
        )
    for field, kind in marks:
        x, y, w, h = BOXES[field]
        _el(
            g,
            "rect",
            {
                "class": f"lastmove-{kind}",
                "data-field": field,
                "x": x + 1.5,
                "y": y + 1.5,
                "width": w - 3,
                "height": h - 3,
                "rx": 4,
                "stroke-width": 1.8,
                "stroke-dasharray": "4 3" if kind == "from" else None,
            },
        )


def _way(parent: ET.Element, ctx: _Ctx) -> None:
    """The way being built: a line in the highlight colour from the arrow to the end field
    where the next corridor is chosen, with each field's step count on it."""
    if len(ctx.way) < 2 or not all(f in BOXES for f in ctx.way):
        return
    points = path_points(ctx.way)
    line = " ".join(f"{_n(px)},{_n(py)}" for px, py in points)
    g = _el(
        parent,
        "g",
        {
            "class": "way",
            "fill": "none",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
            "pointer-events": "none",
        },
    )
    _el(g, "polyline", {"points": line, "stroke": ctx.c["ink"], "stroke-width": 6.5})
    _el(
        g,
        "polyline",
        {"class": "way-path", "points": line, "stroke": ctx.c["highlight"], "stroke-width": 3.5},
    )
    for k, field in enumerate(ctx.way[1:], 1):  # each field's step count on this way
        px, py = _anchor(field)
        if field in ("W", "E"):  # up the line a little: a corridor's button sits at the end
            py += 13 if _anchor(ctx.way[k - 1])[1] > py else -13
        badge = _el(g, "g", {"class": "way-step", "transform": f"translate({_n(px)},{_n(py)})"})
        _el(badge, "circle", {"r": 6, "fill": ctx.c["highlight"], "stroke": ctx.c["ink"]})
        _el(
            badge,
            "text",
            {
                "y": 2.6,
                "font-size": 7.5,
                "font-weight": 700,
                "text-anchor": "middle",
                "fill": ctx.c["ink"],
                "stroke": "none",
            },
            str(k),
        )


def turn_spot(end: str, corridor: str) -> tuple[float, float, float]:
    """Where a corridor leaves an end field, for its button: centre and the way it points
    (degrees, y down). Corridors n and s in the corners beside the end field, m in the gap
    between it and safe 5 or 8; never over a bar."""
    x, y, w, h = BOXES[end]
    west = end == "W"
    if corridor == "m":
        cx = x + w + LINK / 2 if west else x - LINK / 2
        return cx, y + h / 2, 0 if west else 180
    up = corridor == "n"
    cx = x + w * (0.78 if west else 0.22)
    return cx, (y - 9 if up else y + h + 9), -90 if up else 90


def _turns(parent: ET.Element, ctx: _Ctx) -> None:
    """The corridors the way being built may enter next, at the end field it has reached:
    buttons (``choices`` keyed ``"via:s"``) with a chevron pointing into the corridor."""
    end = ctx.way[-1] if ctx.way else None
    if end not in ("W", "E"):
        return
    for corridor in "nms":
        name = ctx.choices.get(f"via:{corridor}")
        if name is None:
            continue
        cx, cy, angle = turn_spot(end, corridor)
        r = 5.6 if corridor == "m" else 8
        g = _el(
            parent,
            "g",
            {
                "class": f"turn corridor-{corridor}",
                "role": "button",
                "tabindex": "0",
                "aria-label": name,
                "data-via": corridor,
                # the page's own button for this corridor, a target of a finger's size
                "data-equivalent": ctx.equal.get(f"via:{corridor}"),
                "transform": f"translate({_n(cx)},{_n(cy)})",
            },
        )
        _el(g, "title", {}, name)
        _el(
            g,
            "circle",
            {
                "class": "turn-disc",
                "r": r,
                "fill": ctx.c["highlight"],
                "stroke": ctx.c["ink"],
                "stroke-width": 1.2,
            },
        )
        k = r * 0.45
        _el(
            g,
            "path",
            {
                "class": "turn-chevron",
                "d": f"M{_n(-k * 0.6)} {_n(-k)}L{_n(k * 0.7)} 0L{_n(-k * 0.6)} {_n(k)}",
                "fill": "none",
                "stroke": ctx.c["ink"],
                "stroke-width": 1.8,
                "stroke-linecap": "round",
                "stroke-linejoin": "round",
                "transform": f"rotate({angle})",
            },
        )


def _anchor(field: str) -> tuple[float, float]:
    """Where a walk's line passes a field: in the aisle under a safe of corridors n and m, over
    a safe of corridor s, in the gap beside an end field; never over the bars."""
    x, y, w, h = BOXES[field]
    edge = (AISLE - WALL) / 4
    if field == "W":
        return x + w + LINK / 2, y + h / 2
    if field == "E":
        return x - LINK / 2, y + h / 2
    if field in CORRIDORS["s"]:
        return x + w / 2, y - edge
    return x + w / 2, y + h + edge


def path_points(fields: list[str]) -> list[tuple[float, float]]:
    """The corners of a walk's line through ``fields``, drawn beside the bars, not through
    them: along the aisles, turning in the gaps beside the end fields."""
    points: list[tuple[float, float]] = []
    for k, field in enumerate(fields):
        px, py = _anchor(field)
        if k and (field in ("W", "E")) != (fields[k - 1] in ("W", "E")):
            if field in ("W", "E"):  # safe -> end: along the aisle to the gap, then to the end
                points.append((px, points[-1][1]))
            else:  # end -> safe: along the gap to the safe's aisle first
                points.append((points[-1][0], py))
        points.append((px, py))
    return points


def piece_spot(field: str, count: int = 1, k: int = 0) -> tuple[float, float]:
    """The centre of the ``k``-th of ``count`` pieces in a field's header (for animations)."""
    return _piece_spots(field, count)[k]


def _pieces(parent: ET.Element, ctx: _Ctx) -> None:
    """Stones, and arrows: lying on their stone, or walking during a turn (GC-1.3, GC-2.2)."""
    on: dict[str, list[tuple[str, int]]] = {}
    for i, player in enumerate(ctx.players):
        if player.get("stone") in BOXES:
            on.setdefault(player["stone"], []).append(("stone", i))
    if ctx.turn and ctx.turn.get("arrow") in BOXES and ctx.to_move is not None:
        on.setdefault(ctx.turn["arrow"], []).append(("arrow", ctx.to_move))
    layer = _el(
        parent,
        "g",
        {
            "class": "pieces",
            "font-weight": 700,
            "text-anchor": "middle",
            "stroke-linejoin": "round",
        },
    )
    for field, pieces in on.items():
        for (kind, i), (px, py) in zip(pieces, _piece_spots(field, len(pieces)), strict=True):
            if kind == "arrow":
                _arrow(layer, ctx, i, field, ctx.turn.get("heading"), px, py, walking=True)
                continue
            heading = ctx.players[i].get("heading")
            walking = ctx.turn and i == ctx.to_move  # else the arrow lies on its stone
            if heading and not walking:
                _arrow(layer, ctx, i, field, heading, px, py, walking=False)
            _stone(layer, ctx, i, field, px, py)


def _piece_spots(field: str, count: int) -> list[tuple[float, float]]:
    """Centres for ``count`` pieces in a field's header, right of its name, closer when many."""
    x, y, w, _ = BOXES[field]
    step = min(PIECE, (w - 22) / count)
    right = x + w - PIECE / 2
    return [(right - (count - 1 - k) * step, y + HEAD / 2) for k in range(count)]


def _heading_angle(field: str, heading: str | None) -> int | None:
    """The arrow's direction in degrees, or None if it has none yet."""
    return (END_ANGLES.get(field) or ANGLES).get(heading or "")


def _arrow(
    parent: ET.Element,
    ctx: _Ctx,
    i: int,
    field: str,
    heading: str | None,
    x: float,
    y: float,
    walking: bool,
) -> None:
    """An arrow: walking on its own during a turn, or a pointer under its stone."""
    angle = _heading_angle(field, heading)
    classes = (
        f"arrow player-{i}"
        + (" walking" if walking else " on-stone")
        + (f" heading-{heading}" if angle is not None else " undirected")
    )
    g = _el(
        parent,
        "g",
        {
            "id": f"{ctx.p}arrow-{i}",
            "class": classes,
            "data-player": str(i),
            "data-field": field,
            "data-heading": heading if angle is not None else "",
            "transform": f"translate({_n(x)},{_n(y)})",
        },
    )
    _el(g, "title", {}, ctx.label("arrow", name=ctx.name(i)))
    style = {
        "class": "arrow-shape",
        "fill": ctx.player_color(i),
        "stroke": ctx.c["ink"],
        "stroke-width": 1.1,
        "transform": None if angle is None else f"rotate({angle})",
    }
    if not walking:  # a pointer peeking out from under the stone
        _el(g, "path", {**style, "d": "M4 -4.8L11.2 0L4 4.8Z"})
        return
    _el(
        g,
        "path",
        {
            **style,
            "d": "M-9 -3.6H1V-7.4L10 0L1 7.4V3.6H-9Z"
            if angle is not None
            else "M-7 -5H7A5 5 0 0 1 7 5H-7A5 5 0 0 1 -7 -5Z",
        },
    )
    _el(g, "text", {"y": 2.8, "font-size": 7.5, "fill": ctx.c["ink"]}, PLAYER_MARKS[i % 4])


def _stone(parent: ET.Element, ctx: _Ctx, i: int, field: str, x: float, y: float) -> None:
    to_move = i == ctx.to_move and not ctx.over
    g = _el(
        parent,
        "g",
        {
            "id": f"{ctx.p}stone-{i}",
            "class": f"stone player-{i} to-move" if to_move else f"stone player-{i}",
            "data-player": str(i),
            "data-field": field,
            "transform": f"translate({_n(x)},{_n(y)})",
        },
    )
    _el(g, "title", {}, ctx.label("stone", name=ctx.name(i)))
    body = _el(g, "g", {"class": "stone-body"})  # a phone's CSS draws it larger, round (0, 0)
    if to_move:
        _el(
            body,
            "circle",
            {"r": STONE_R + 1.9, "fill": "none", "stroke": ctx.c["to_move"], "stroke-width": 1.6},
        )
    _token(body, ctx, i, STONE_R)


def _token(parent: ET.Element, ctx: _Ctx, i: int, r: float, font: float | None = None) -> None:
    """A player's round token: their colour and their letter (``font`` units, r × 1.3)."""
    _el(
        parent,
        "circle",
        {"r": r, "fill": ctx.player_color(i), "stroke": ctx.c["ink"], "stroke-width": 1.2},
    )
    _el(
        parent,
        "circle",
        {
            "r": r - 1.8,
            "fill": "none",
            "stroke": "#fff",
            "stroke-opacity": 0.4,
            "stroke-width": 0.7,
        },
    )
    _el(
        parent,
        "text",
        {
            "y": r * 0.45,
            "font-size": font or r * 1.3,
            "font-weight": 700,
            "text-anchor": "middle",
            "fill": ctx.c["ink"],
        },
        PLAYER_MARKS[i % 4],
    )


def _counter(parent: ET.Element, ctx: _Ctx) -> None:
    """The turn counter: 36 pips round the vault (GC-1.2), or just a number in series (GC-7.2)."""
    counter = ctx.view.get("counter") or 0
    text = ctx.counter_text()
    g = _el(
        parent,
        "g",
        {
            "id": f"{ctx.p}counter",
            "class": "counter series" if ctx.series else "counter",
            "data-counter": str(counter),
            "text-anchor": "middle",
            "font-weight": 700,
        },
    )
    _el(g, "title", {}, text)
    if ctx.series:
        _el(
            g,
            "rect",
            {
                "x": VAULT_W / 2 - 36,
                "y": 1,
                "width": 72,
                "height": TRACK - 2,
                "rx": 5.5,
                "fill": ctx.c["counter"],
            },
        )
        _el(
            g,
            "text",
            {"x": VAULT_W / 2, "y": TRACK - 3.6, "font-size": 8.5, "fill": ctx.c["ink"]},
            text,
        )
        return
    c = ctx.c
    for step, (px, py) in enumerate(PIPS, start=1):
        if step == counter:
            _el(
                g,
                "circle",
                {
                    "class": "pip current",
                    "data-step": str(step),
                    "cx": px,
                    "cy": py,
                    "r": PIP_R + 1.5,
                    "fill": c["counter"],
                    "stroke": c["ink"],
                },
            )
            _el(g, "text", {"x": px, "y": py + 3, "font-size": 8.5, "fill": c["ink"]}, str(step))
        else:
            _el(
                g,
                "circle",
                {
                    "class": "pip",
                    "data-step": str(step),
                    "cx": px,
                    "cy": py,
                    "r": PIP_R,
                    "fill": c["pip_done"] if step < counter else c["pip"],
                },
            )
            number = c["text"] if step < counter else c["muted"]  # legible on either pip
            _el(g, "text", {"x": px, "y": py + 2.2, "font-size": 6.2, "fill": number}, str(step))


def _pips() -> list[tuple[float, float]]:
    """36 points evenly round the track's centre line, clockwise from the top-left corner."""
    half = TRACK / 2
    w, h = VAULT_W - TRACK, VAULT_H - TRACK
    perimeter = 2 * (w + h)
    points = []
    for k in range(COUNTER_LIMIT):
        s = (k + 0.5) * perimeter / COUNTER_LIMIT
        if s < w:
            points.append((half + s, half))
        elif s < w + h:
            points.append((half + w, half + s - w))
        elif s < 2 * w + h:
            points.append((half + w - (s - w - h), half + h))
        else:
            points.append((half, half + h - (s - 2 * w - h)))
    return points


PIPS = _pips()


# ---- crates ---------------------------------------------------------------------------------


def _crate(parent: ET.Element, ctx: _Ctx, i: int) -> None:
    c = ctx.c
    player = ctx.players[i]
    name = ctx.name(i)
    to_move = i == ctx.to_move and not ctx.over
    winner = ctx.over and i in (ctx.view.get("winners") or [])
    rows = player.get("rows") or {}
    chips = player.get("chips") or 0
    bars = player.get("bars", sum(rows.values()))
    score = ctx.label("score", score=player.get("score") or 0)
    summary = (
        f"{name}: {ctx.label('chips', chips=chips)}, {ctx.label('bar_count', bars=bars)}, {score}"
    )
    classes = "crate" + (" to-move" if to_move else "") + (" winner" if winner else "")
    g = _el(
        parent,
        "g",
        {"id": f"{ctx.p}crate-{i}", "class": classes, "data-player": str(i), "aria-label": summary},
    )
    _el(g, "title", {}, summary)
    _el(
        g,
        "rect",
        {
            "class": "crate-box",
            "x": 1,
            "y": 1,
            "width": CRATE_W - 2,
            "height": CRATE_H - 2,
            "rx": 8,
            "fill": c["crate"],
            "stroke": c["to_move"] if to_move else c["counter"] if winner else c["crate_edge"],
            "stroke-width": 2.4 if to_move or winner else 1.2,
        },
    )
    # token, name and score
    token = _el(
        g,
        "g",
        {
            "class": "token",
            "transform": f"translate({CRATE_PAD + 9},{CRATE_PAD + 10})",
            "opacity": None if player.get("stone") else ".6",
        },
    )
    _token(token, ctx, i, 9, 13)  # 12.7 px on a crate 316 px wide
    _el(
        g,
        "text",
        {
            "class": "name",
            "x": CRATE_PAD + 23,
            "y": CRATE_PAD + 14.5,
            "font-size": 13,
            "font-weight": 700,
            "fill": c["text"],
        },
        name if len(name) <= 16 else name[:15] + "…",
    )
    _el(
        g,
        "text",
        {
            "class": "score",
            "x": CRATE_W - CRATE_PAD,
            "y": CRATE_PAD + 15,
            "font-size": 15,
            "font-weight": 700,
            "text-anchor": "end",
            "fill": c["counter"],
        },
        score,
    )
    # chips as coins, the bar count, and tags
    y = CRATE_PAD + CRATE_HEAD
    coins = _el(
        g,
        "g",
        {"class": "chips", "data-chips": str(chips), "stroke": c["ink"], "stroke-width": 0.8},
    )
    _el(coins, "title", {}, ctx.label("chips", chips=chips))
    for k in range(max(5, chips)):
        _el(
            coins,
            "circle",
            {
                "cx": CRATE_PAD + 5 + k * 11,
                "cy": y + 7,
                "r": 4.4,
                "fill": c["counter"] if k < chips else c["slot"],
            },
        )
    _el(
        g,
        "text",
        {
            "class": "bar-count",
            "x": CRATE_PAD + 6 + max(5, chips) * 11,
            "y": y + 10.5,
            "font-size": 10,
            "fill": c["muted"],
        },
        ctx.label("bar_count", bars=bars),
    )
    if to_move and ctx.turn:  # the turn's numbers take the place of the tags
        _turn_info(g, ctx, y)
        tags = []
    else:
        tags = [("to-move", ctx.label("to_move"), c["to_move"])] if to_move else []
    if winner:
        tags.append(("winner", "★ " + ctx.label("winner"), c["counter"]))
    if not player.get("stone"):
        tags.append(("not-placed", ctx.label("not_placed"), c["muted"]))
    # the tags right of the bar count; "to play" gives way where both would not fit (the crate's
    # frame and the page's status say whose turn it is too)
    count_end = CRATE_PAD + 6 + max(5, chips) * 11 + 6.8 * len(ctx.label("bar_count", bars=bars))
    room = CRATE_W - CRATE_PAD - count_end
    while len(tags) > 1 and sum(7.7 * len(text) + 15 for _, text, _ in tags) > room:
        tags = tags[1:]
    tx: float = CRATE_W - CRATE_PAD
    for cls, text, colour in tags:
        width = 7.7 * len(text) + 10  # roughly the text's width at 12.5 units, bold
        tx -= width
        tag = _el(g, "g", {"class": f"tag {cls}"})
        pill = {"x": tx, "y": y - 1, "width": width, "height": 17, "rx": 8.5, "fill": colour}
        _el(tag, "rect", pill)
        _el(
            tag,
            "text",
            {
                "x": tx + width / 2,
                "y": y + 11.8,
                "font-size": 12.5,
                "font-weight": 700,
                "text-anchor": "middle",
                "fill": c["ink"],
            },
            text,
        )
        tx -= 5
    # the rows: b and y side by side, g and r under them
    top = y + CRATE_STATS
    layer = _el(g, "g", {"class": "rows", "fill": c["text"], "stroke": c["ink"], **_FIGURES})
    four_out = len(ctx.players) == 4
    for b, colour in enumerate(COLOURS):
        bx = CRATE_PAD + (b % 2) * (BLOCK_W + BLOCK_GAP)
        by = top + (b // 2) * (3 * SLOT_H + BLOCK_GAP)
        _mark(layer, ctx, colour, c[colour]).set(
            "transform",
            f"translate({_n(bx + 4.5)},{_n(by + 1.5 * SLOT_H)}) scale(1.3) translate(-5.8,-8.4)",
        )
        for r, length in enumerate(ROW_LENGTHS):
            row = f"{colour}{length}"
            _row(
                layer,
                ctx,
                row,
                int(rows.get(row) or 0),
                bx + MARK_W,
                by + r * SLOT_H,
                out=four_out and length == 4,
            )
    if to_move and ctx.turn:
        _storage(g, ctx, top + 6 * SLOT_H + BLOCK_GAP + 2)


def _row(
    parent: ET.Element, ctx: _Ctx, row: str, count: int, x: float, y: float, out: bool
) -> None:
    """A crate row: places 1..L holding bars 1..count (GC-1.3, GC-6.2); a 4-row may be out."""
    colour, length = row[0], int(row[1:])
    classes = f"row row-{colour}" + (" out" if out else " complete" if count >= length else "")
    choice = ctx.choices.get(f"row:{row}") if not out else None
    attrs = {
        "class": classes + (" choice" if choice else ""),
        "data-row": row,
        "data-count": str(count),
        "transform": f"translate({_n(x)},{_n(y)})",
    }
    if choice:  # a row to choose now (to rob from, to sort into); a tap on a bar names it
        attrs["data-choice"] = row
    g = _el(parent, "g", attrs)
    if out:
        _el(g, "title", {}, f"{row}: {ctx.label('out')}")
        _el(
            g,
            "rect",
            {
                "y": 1,
                "width": length * SLOT_W - 1,
                "height": SLOT_H - 3,
                "rx": 2.5,
                "fill": ctx.url("hatch"),
                "stroke": "none",
                "opacity": ".75",
            },
        )
        return
    ET.SubElement(g, "use", {"href": _empty_row(ctx, row)})
    if choice:
        # the button in the tab order is the row's frame: it holds no text, so its name in
        # words ("green 6-row: put green 1 here") is all there is to read (WCAG 2.5.3)
        _el(
            g,
            "rect",
            {
                "class": "choice-ring",
                "role": "button",
                "tabindex": "0",
                "aria-label": choice,
                "data-focus": f"{ctx.p}row-{row}",  # found again when the crate is redrawn
                "data-equivalent": ctx.equal.get(f"row:{row}"),  # the page's button for it
                "x": -1.5,
                "y": -0.5,
                "width": length * SLOT_W + 1.5,
                "height": SLOT_H + 1,
                "rx": 3.5,
                "fill": "transparent",
                "stroke": ctx.c["highlight"],
                "stroke-width": 1.2,
                "stroke-dasharray": "3 2",
            },
        )
    for v in range(1, min(count, length) + 1):  # each bar sits in its numbered place
        sel = f"{row}/{v}" in ctx.selected
        slot = _ingot(
            g,
            ctx,
            f"{colour}{v}",
            {
                "class": "slot filled sel" if sel else "slot filled",
                "data-bar": f"{colour}{v}",
                "transform": f"translate({(v - 1) * SLOT_W},{1 - RAISE if sel else 1})",
            },
        )
        if sel:  # a bar named to rob: raised, glowing and ticked as in a safe
            _el(
                slot,
                "rect",
                {
                    "class": "sel-ring",
                    "x": "-1.5",
                    "y": "-1.5",
                    "width": "25",
                    "height": "16",
                    "rx": "3",
                    "fill": "none",
                    "stroke": ctx.c["selected"],
                    "stroke-width": "1.6",
                    "filter": ctx.url("glow"),
                },
            )
            _tick(slot, ctx, 22, 0, 3.6)
    for v in range(count + 1, length + 1):  # where a bar being sorted would land
        if f"{row}/{v}" in ctx.ghosts:
            ghost = _ingot(
                g,
                ctx,
                f"{colour}{v}",
                {
                    "class": "slot ghost",
                    "data-ghost": f"{colour}{v}",
                    "opacity": ".55",
                    "transform": f"translate({(v - 1) * SLOT_W},1)",
                },
            )
            _el(
                ghost,
                "rect",
                {
                    "x": "-1",
                    "y": "-1",
                    "width": "24",
                    "height": "15",
                    "rx": "3",
                    "fill": "none",
                    "stroke": ctx.c["selected"],
                    "stroke-width": "1.2",
                    "stroke-dasharray": "2 1.5",
                },
            )
    if count >= length:
        _el(
            g,
            "rect",
            {
                "class": "complete-ring",
                "x": -1.5,
                "y": -0.5,
                "width": length * SLOT_W + 1.5,
                "height": SLOT_H + 1,
                "rx": 3.5,
                "fill": "none",
                "stroke": ctx.c["counter"],
                "stroke-width": 1.2,
            },
        )


def _empty_row(ctx: _Ctx, row: str) -> str:
    """A reference to the row's empty places, defined once per picture (crates redraw often)."""
    ref = f"{ctx.p}gc-row-{row}"
    if row not in ctx.empty_rows:
        ctx.empty_rows.add(row)
        assert ctx.defs is not None, "_defs runs first"
        g = _el(
            ctx.defs,
            "g",
            {
                "id": ref,
                "fill": ctx.c["slot"],
                "stroke": ctx.c[row[0]],
                "stroke-opacity": ".6",
                "stroke-width": ".8",
                "font-size": "8",
                "font-weight": "700",
                "text-anchor": "middle",
            },
        )
        for v in range(int(row[1:])):
            _el(
                g,
                "rect",
                {
                    "x": v * SLOT_W + 0.5,
                    "y": 1.5,
                    "width": SLOT_W - 2,
                    "height": SLOT_H - 4,
                    "rx": 2.5,
                },
            )
            _el(
                g,
                "text",
                {
                    "x": v * SLOT_W + SLOT_W / 2 - 0.5,
                    "y": 11.6,
                    "fill": ctx.c["muted"],
                    "stroke": "none",
                },
                str(v + 1),
            )
    return f"#{ref}"


def _turn_info(parent: ET.Element, ctx: _Ctx, y: float) -> None:
    """The turn's steps, target and dice so far (GC-4.2, GC-5.1)."""
    turn = ctx.turn
    parts = []
    if turn.get("steps") is not None:
        parts.append(ctx.label("steps", steps=turn["steps"]))
    if turn.get("target") is not None:
        parts.append(ctx.label("target", target=turn["target"]))
    if turn.get("dice"):
        parts.append(ctx.label("dice", dice="+".join(str(d) for d in turn["dice"])))
    _el(
        parent,
        "text",
        {
            "class": "turn-info",
            "x": CRATE_W - CRATE_PAD,
            "y": y + 10.5,
            "text-anchor": "end",
            "font-size": 10,
            "font-weight": 700,
            "fill": ctx.c["text"],
        },
        " · ".join(parts),
    )


def _storage(parent: ET.Element, ctx: _Ctx, y: float) -> None:
    """The loot of the turn so far (GC-5.3), closer together when there is much."""
    g = _el(parent, "g", {"class": "storage"})
    _el(
        g,
        "text",
        {"x": CRATE_PAD, "y": y + 11.5, "font-size": 12.5, "fill": ctx.c["muted"]},
        ctx.label("storage"),
    )
    bars = sorted(ctx.turn.get("storage") or [], key=_bar_key)
    left = CRATE_PAD + STORE_LABEL
    step = min(SLOT_W, (CRATE_W - CRATE_PAD - INGOT_W - left) / max(1, len(bars) - 1))
    layer = _el(
        g, "g", {"class": "stored", "fill": ctx.c["text"], "stroke": ctx.c["ink"], **_FIGURES}
    )
    for k, bar in enumerate(bars):
        _ingot(
            layer,
            ctx,
            bar,
            {
                "class": f"bar bar-{bar[:1]}",
                "data-bar": bar,
                "transform": f"translate({_n(left + k * step)},{_n(y + 1)})",
            },
        )


# ---- the public functions -------------------------------------------------------------------


def _title(ctx: _Ctx) -> str:
    text = "Gold Connection, " + ctx.counter_text()
    if ctx.to_move is not None and not ctx.over:
        text += f", {ctx.name(ctx.to_move)} {ctx.label('to_move')}"
    return text


def vault(
    view: Mapping[str, Any],
    *,
    highlight: Iterable[str] = (),
    selected: Iterable[str] = (),
    lastmove: Mapping[str, Any] | None = None,
    size: int | None = None,
    colors: Mapping[str, Any] | None = None,
    labels: Mapping[str, Any] | None = None,
    id_prefix: str = "",
    selected_field: str | None = None,
    choices: Mapping[str, str] | None = None,
    way: Sequence[str] = (),
    equal: Mapping[str, str] | None = None,
) -> str:
    """The vault alone: fields and their bars, pieces and the turn counter.

    ``highlight`` fields get class ``hl``; ``selected`` bars in the arrow's safe (a multiset:
    ``["g3", "g3"]`` selects two), or in ``selected_field``, get class ``sel``; ``choices``
    maps the fields a player may choose now to their accessible names (they join the tab
    order); ``lastmove`` is ``{"from": f, "to": f}``
    or ``{"fields": [...]}``; ``size`` is the width in px (the viewBox scales anyway).
    ``way`` is a walk being built, drawn as a line through its fields; where it ends on W or
    E, ``choices`` keyed ``"via:n"`` (``m``, ``s``) are buttons to enter that corridor next.
    ``equal`` maps the bars of the arrow's safe that may be named now to a CSS selector of the
    page's own control for the same bar (``data-equal``): the ingots are smaller than a finger;
    keyed ``"via:s"``, the page's control for a corridor button (``data-equivalent``).
    """
    ctx = _Ctx(
        view, highlight, selected, lastmove, colors, labels, id_prefix, selected_field, choices
    )
    ctx.way = [str(f) for f in way]
    ctx.equal = dict(equal or {})
    root = _svg(VAULT_W, VAULT_H, size, _title(ctx))
    _defs(root, ctx)
    _vault(root, ctx)
    return _xml(root)


def crate(
    view: Mapping[str, Any],
    player: int,
    *,
    highlight: Iterable[str] = (),
    selected: Iterable[str] = (),
    lastmove: Mapping[str, Any] | None = None,
    size: int | None = None,
    colors: Mapping[str, Any] | None = None,
    labels: Mapping[str, Any] | None = None,
    id_prefix: str = "",
    selected_field: str | None = None,
    choices: Mapping[str, str] | None = None,
    ghosts: Iterable[str] = (),
    equal: Mapping[str, str] | None = None,
) -> str:
    """One player's crate alone, for a side panel; takes :func:`board`'s options, so one
    dict of options serves all three functions.

    In a crate, ``choices`` keyed ``"row:g6"`` make that row a button named by the value (a
    row to rob from or to sort into), ``selected`` places ``"g6/4"`` (row / value) stand
    raised and ticked (bars named to rob), and ``ghosts`` places show a faint bar (where a bar
    being sorted lands); ``equal`` maps a row choice (``"row:g6"``) to a CSS selector of the
    page's own control for it (``data-equivalent``: a row is less than a finger tall)."""
    ctx = _Ctx(
        view, highlight, selected, lastmove, colors, labels, id_prefix, selected_field, choices
    )
    ctx.ghosts = frozenset(ghosts)
    ctx.equal = dict(equal or {})
    root = _svg(CRATE_W, CRATE_H, size, ctx.name(player))
    _defs(root, ctx)
    _crate(root, ctx, player)
    return _xml(root)


def board(
    view: Mapping[str, Any],
    *,
    highlight: Iterable[str] = (),
    selected: Iterable[str] = (),
    lastmove: Mapping[str, Any] | None = None,
    size: int | None = None,
    colors: Mapping[str, Any] | None = None,
    labels: Mapping[str, Any] | None = None,
    id_prefix: str = "",
    selected_field: str | None = None,
    choices: Mapping[str, str] | None = None,
) -> str:
    """The whole table: the vault on top, the players' crates two by two under it.

    Options as for :func:`vault`; the vault is scaled to the width of two crates.
    """
    ctx = _Ctx(
        view, highlight, selected, lastmove, colors, labels, id_prefix, selected_field, choices
    )
    n = len(ctx.players)
    width = 2 * CRATE_W + BOARD_GAP
    scale = width / VAULT_W
    lines = -(-n // 2)
    root = _svg(width, VAULT_H * scale + lines * (CRATE_H + BOARD_GAP), size, _title(ctx))
    _defs(root, ctx)
    _vault(_el(root, "g", {"class": "vault", "transform": f"scale({_n(scale)})"}), ctx)
    for i in range(n):
        x = (i % 2) * (CRATE_W + BOARD_GAP)
        y = VAULT_H * scale + BOARD_GAP + (i // 2) * (CRATE_H + BOARD_GAP)
        _crate(_el(root, "g", {"transform": f"translate({_n(x)},{_n(y)})"}), ctx, i)
    return _xml(root)
