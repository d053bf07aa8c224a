"""Pictures of a player's island sheet as SVG: a pure function of the state summary.

Original artwork: hex fields with their symbols (a shovel, a foot print, a treasure chest with
its number, a temple whose colour also has its own shape — red triangle, blue square, green
diamond, yellow circle — so colour is never needed, an anchor for a harbour); the player's path
as one continuous line per stretch through field centres (a jump starts a new stretch);
collected symbols circled; spent shovels and feet crossed in the supplies; closed temples
struck through; the entries column and the shared die. Every field has a stable id
(``{prefix}f-g1``), ``data-field`` and classes by kind, for the browser.

>>> from go_for_gold import Game
>>> g = Game.new(["Ada"]); _ = g.apply("start g1")
>>> picture = sheet(g.summary(), 0)
>>> picture.startswith("<svg") and 'id="f-g1"' in picture and "Ada" in picture
True
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any

from .board import FOOT, HARBOUR, SHOVEL, TEMPLES, TREASURES, island


def escape(text: str) -> str:
    """As ``html.escape``; the browser's start-up need not import ``html.entities``."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


R = 20.0  # hex circumradius
W = math.sqrt(3) * R
MARGIN = 12.0
SIDE = 150.0  # the column of supplies, entries and the die
TEMPLE_SHAPES = {"R": "triangle", "B": "square", "G": "diamond", "Y": "circle"}
TEMPLE_FILL = {"R": "#c8372d", "B": "#2f5fb3", "G": "#2e8b4e", "Y": "#e0b21a"}


def _centre(col: int, row: int) -> tuple[float, float]:
    return MARGIN + W / 2 + (col + 0.5 * (row % 2)) * W, MARGIN + R + row * 1.5 * R


@cache
def _hex(x: float, y: float, r: float = R) -> str:
    """A hex's corners, as ``points``: the same few fields on every sheet, so worked out once
    each (six sines and cosines a field were most of a sheet's time)."""
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 30)
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return " ".join(pts)


def _shovel(x: float, y: float, s: float = 1.0) -> str:
    return (
        f'<g class="sym shovel" transform="translate({x:.1f},{y:.1f}) scale({s})">'
        '<path d="M0,-9 L0,3" stroke-width="2.4"/><path d="M-4,3 L4,3 L3,9 L0,11 L-3,9 Z"/>'
        '<path d="M-3,-9 L3,-9" stroke-width="2.4"/></g>'
    )


def _foot(x: float, y: float, s: float = 1.0) -> str:
    return (
        f'<g class="sym foot" transform="translate({x:.1f},{y:.1f}) scale({s})">'
        '<ellipse cx="0" cy="2" rx="4.5" ry="7"/><circle cx="-3" cy="-8" r="1.6"/>'
        '<circle cx="0" cy="-9" r="1.7"/><circle cx="3" cy="-8" r="1.6"/></g>'
    )


def _outline(points: list[tuple[float, float]]) -> str:
    # a path, not a polygon: the sheet's CSS paints every ``.field polygon`` (the hex) sand
    return '<path d="M' + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + ' Z"/>'


def _temple(mark: str, x: float, y: float) -> str:
    fill = TEMPLE_FILL[mark]
    shape = TEMPLE_SHAPES[mark]
    if shape == "triangle":
        body = _outline([(x, y - 10), (x + 10, y + 8), (x - 10, y + 8)])
    elif shape == "square":
        body = f'<rect x="{x - 8:.1f}" y="{y - 8:.1f}" width="16" height="16"/>'
    elif shape == "diamond":
        body = _outline([(x, y - 11), (x + 10, y), (x, y + 11), (x - 10, y)])
    else:
        body = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9"/>'
    return f'<g class="sym temple temple-{TEMPLES[mark]}" fill="{fill}">{body}</g>'


@lru_cache(maxsize=4096)
def _field(
    name: str,
    mark: str,
    x: float,
    y: float,
    classes: tuple[str, ...],
    prefix: str,
    aria: str | None = None,
    tab: bool = False,
) -> str:
    """A field's group: made once per distinct look (its classes, its name, whether Tab
    reaches it). A tap changes a few fields of a sheet; the others come out of this cache."""
    kind = {
        ".": "plain",
        HARBOUR: "harbour",
        SHOVEL: "shovel",
        FOOT: "foot",
    }.get(mark, "treasure" if mark in TREASURES else "temple")
    cls = " ".join(["field", kind, *classes])
    label = {
        "plain": name,
        "harbour": f"{name}, harbour",
        "shovel": f"{name}, shovel",
        "foot": f"{name}, foot",
        "treasure": f"{name}, treasure {mark}",
        "temple": f"{name}, {TEMPLES.get(mark, '')} temple",
    }[kind]
    if aria is not None:  # a button: its name, which holds the visible number, says it all
        head = (
            f'<g id="{prefix}f-{name}" class="{cls}" data-field="{name}" role="button" '
            f'tabindex="{0 if tab else -1}" aria-label="{escape(aria)}" '
            f'data-focus="field:{name}">'
        )
    else:
        head = (
            f'<g id="{prefix}f-{name}" class="{cls}" data-field="{name}">'
            f"<title>{escape(label)}</title>"
        )
    out = [
        head +
        f'<polygon points="{_hex(x, y)}"/>'
    ]
    if kind == "harbour":
        out.append(
            f'<g class="sym anchor"><circle cx="{x:.1f}" cy="{y - 8:.1f}" r="3"/>'
            f'<path d="M{x:.1f},{y - 5:.1f} L{x:.1f},{y + 9:.1f} M{x - 8:.1f},{y + 3:.1f} '
            f'Q{x:.1f},{y + 14:.1f} {x + 8:.1f},{y + 3:.1f}"/></g>'
        )
    elif kind == "shovel":
        out.append(_shovel(x, y))
    elif kind == "foot":
        out.append(_foot(x, y))
    elif kind == "temple":
        out.append(_temple(mark, x, y))
    out.append("</g>")
    return "".join(out)


def _chest(mark: str, x: float, y: float, number: bool = True) -> str:
    """A treasure's chest and number, drawn above the path's lines (they never cross it)."""
    chest = f'<rect class="sym chest" x="{x - 10:.1f}" y="{y - 8:.1f}" width="20" height="16" '
    chest += 'rx="3"/>'
    if not number:
        return chest
    text = f'<text class="num" x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle">{mark}</text>'
    return chest + text


PAWN_OFFSET = (0.0, -13.5)
"""Where the pawn stands on a treasure: at the field's top, above the chest and clear of its
number (elsewhere it stands in the middle)."""


def sheet(
    summary: dict[str, Any],
    seat: int,
    *,
    highlight: list[str] | tuple[str, ...] = (),
    building: list[str] | tuple[str, ...] = (),
    prefix: str = "",
    size: int | None = None,
    side: bool = True,
    classes: dict[str, list[str]] | None = None,
    labels: dict[str, str] | None = None,
    tab: str | None = None,
    fresh: list[str] | tuple[str, ...] = (),
    name: str | None = None,
    names: bool = False,
    numbers: bool = True,
) -> str:
    """The island sheet of ``seat``: ``highlight`` lights up fields (where a path may go next),
    ``building`` draws a path being built (from the player's field).

    For a page: ``side=False`` leaves out the supplies column (the page shows it as text);
    ``classes`` adds classes per field; ``labels`` makes every field a button named by its
    label (``tab`` is the one reachable with Tab, the others by arrow keys); ``fresh`` draws
    the latest move as a line of its own (to animate it); ``names`` writes each field's name
    in it. Treasure numbers and names lie above the lines, and the pawn beside a number.
    ``numbers=False`` draws the chests without their numbers, for a thumbnail too small to
    read them (every player's island is the same map: the big sheet shows them)."""
    isl = island(summary["map"])
    player = summary["players"][seat]
    visited = set(player["visited"])
    closed = set(summary.get("temples_closed", []))
    centres = _centres(summary["map"])  # not ``name``: the sheet's own, below
    width = MARGIN * 2 + (isl.columns + 0.5) * W + (SIDE if side else 0)
    height = MARGIN * 2 + R * 2 + (isl.rows - 1) * 1.5 * R
    attrs = f'width="{size}" height="{size * height / width:.0f}"' if size else ""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" {attrs} '
        f'class="gg-sheet" role="{"img" if labels is None else "group"}" '
        f'aria-label="{escape(name or player["name"] + ": island " + summary["map"])}">'
        f"<title>{escape(player['name'])}</title>"
        f'<rect class="sea" x="0" y="0" width="{width:.0f}" height="{height:.0f}"/>'
    ]
    lit, built, extra = set(highlight), set(building), classes
    for f, mark in isl.marks.items():
        x, y = centres[f]
        kinds: list[str] = []
        if f in visited:
            kinds.append("visited")
        if f == player["at"]:
            kinds.append("here")
        if f in lit:
            kinds.append("hl")
        if f in built:
            kinds.append("building")
        if mark in TEMPLES and f in closed:
            kinds.append("closed")
        if extra is not None:
            kinds.extend(extra.get(f, ()))
        label = labels.get(f) if labels is not None else None
        out.append(_field(f, mark, x, y, tuple(kinds), prefix, label, f == tab))
        if mark in (SHOVEL, FOOT) and f in visited:
            out.append(f'<circle class="collected" cx="{x:.1f}" cy="{y:.1f}" r="{R * 0.72:.1f}"/>')
        if mark in TEMPLES and f in closed:
            out.append(
                f'<path class="struck" d="M{x - 12:.1f},{y + 12:.1f} L{x + 12:.1f},{y - 12:.1f}"/>'
            )
    for i, line in enumerate(player.get("trail", [])):
        pts = " ".join(f"{centres[f][0]:.1f},{centres[f][1]:.1f}" for f in line if f in centres)
        out.append(f'<polyline id="{prefix}trail-{i}" class="trail" points="{pts}"/>')
    if building and player["at"] in centres:
        pts = " ".join(
            f"{centres[f][0]:.1f},{centres[f][1]:.1f}"
            for f in [player["at"], *building]
            if f in centres
        )
        out.append(f'<polyline id="{prefix}building" class="trail building" points="{pts}"/>')
    if len(fresh) > 1:
        pts = " ".join(f"{centres[f][0]:.1f},{centres[f][1]:.1f}" for f in fresh if f in centres)
        out.append(
            f'<polyline id="{prefix}fresh" class="trail fresh" pathLength="1" points="{pts}"/>'
        )
    out.append(_over(summary["map"], numbers, names))
    if player["at"] in centres:
        x, y = centres[player["at"]]
        if isl.marks[player["at"]] in TREASURES:
            x, y = x + PAWN_OFFSET[0], y + PAWN_OFFSET[1]
        out.append(f'<circle id="{prefix}pawn" class="pawn" cx="{x:.1f}" cy="{y:.1f}" r="6"/>')
    if side:
        out.append(_side(summary, player, width - SIDE, prefix))
    out.append("</svg>")
    return "".join(out)


@cache
def _centres(map_name: str) -> dict[str, tuple[float, float]]:
    """Where each field of a map is drawn (read only: shared by every sheet of the map)."""
    return {f: centre(f) for f in island(map_name).marks}


@cache
def _over(map_name: str, numbers: bool, names: bool) -> str:
    """The layer above the path's lines: the chests (with their numbers) and the fields'
    names, the same on every sheet of a map."""
    centres = _centres(map_name)
    out = ['<g class="over" aria-hidden="true">']
    for f, mark in island(map_name).marks.items():
        x, y = centres[f]
        if mark in TREASURES:
            out.append(_chest(mark, x, y, numbers))
        if names:
            out.append(
                f'<text class="fname" x="{x:.1f}" y="{y + 16:.1f}" text-anchor="middle">{f}</text>'
            )
    out.append("</g>")
    return "".join(out)


def _side(summary: dict[str, Any], player: dict[str, Any], x0: float, prefix: str) -> str:
    """Supplies (circled = held, crossed = spent), the entries column and the shared die."""
    out = [f'<g id="{prefix}side" class="side" transform="translate({x0:.1f},{MARGIN})">']
    out.append(f'<text class="name" x="4" y="14">{escape(player["name"])}</text>')
    total_sh = 2 + player["shovels_collected"]
    spent_sh = total_sh - player["shovels"]
    total_ft = 1 + player.get("feet_collected", 0)
    spent_ft = total_ft - player["feet"]
    for row, (total, spent, draw, what) in enumerate(
        ((total_sh, spent_sh, _shovel, "shovels"), (total_ft, spent_ft, _foot, "feet"))
    ):
        y = 38 + row * 30
        out.append(
            f'<g class="supply {what}" data-held="{total - spent}"><title>{what}: '
            f"{total - spent} of {total}</title>"
        )
        for k in range(min(total, 12)):
            x = 12 + k * 11
            out.append(draw(x, y, 0.6))
            if k < spent:
                out.append(f'<path class="spent" d="M{x - 5},{y - 6} L{x + 5},{y + 6}"/>')
        out.append("</g>")
    out.append('<g class="entries"><title>entries</title>')
    for k in range(6):
        y = 110 + k * 24
        value = player["entries"][k] if k < len(player["entries"]) else ""
        out.append(
            f'<rect x="8" y="{y}" width="40" height="20" rx="3"/>'
            f'<text x="28" y="{y + 15}" text-anchor="middle">{value}</text>'
        )
    out.append(f'<text class="score" x="56" y="{110 + 6 * 24 + 2}">= {player["score"]}</text></g>')
    die = summary.get("die")
    out.append(
        f'<g id="{prefix}die" class="die" data-die="{die or ""}">'
        f'<rect x="70" y="110" width="36" height="36" rx="6"/>'
        f'<text x="88" y="135" text-anchor="middle">{die or "–"}</text></g>'
    )
    if player.get("out"):
        out.append('<text class="out" x="60" y="175">out</text>')
    out.append("</g>")
    return "".join(out)


STYLE = """
.gg-sheet .sea { fill: #cfe6f2 } .gg-sheet .field polygon { fill: #f3e6c4; stroke: #8a7a55 }
.gg-sheet .field.visited polygon { fill: #e2d2a8 } .gg-sheet .field.hl polygon { fill: #fff3a0 }
.gg-sheet .sym { fill: #5b4a2e; stroke: #5b4a2e } .gg-sheet .trail { fill: none;
stroke: #b22; stroke-width: 3; stroke-linejoin: round } .gg-sheet .collected { fill: none;
stroke: #b22; stroke-width: 2 } .gg-sheet .struck, .gg-sheet .spent { stroke: #000;
stroke-width: 2.5 } .gg-sheet .chest { fill: #d9a441 } .gg-sheet .num { fill: #fff;
font: bold 12px sans-serif } .gg-sheet .pawn { fill: #222 } .gg-sheet .side rect { fill: #fff;
stroke: #555 } .gg-sheet text { font: 12px sans-serif }
.gg-sheet .temple-red { fill: #c8372d } .gg-sheet .temple-blue { fill: #2f5fb3 }
.gg-sheet .temple-green { fill: #2e8b4e } .gg-sheet .temple-yellow { fill: #e0b21a }
"""


def standalone(summary: dict[str, Any], seat: int, size: int | None = None) -> str:
    """:func:`sheet` with its own style, for files (``render``)."""
    picture = sheet(summary, seat, size=size)
    head, _, rest = picture.partition(">")
    return f"{head}><style>{STYLE}</style>{rest}"


def centre(field: str) -> tuple[float, float]:
    """Where :func:`sheet` draws a field (named by its column letter and row number, ``a6``),
    for pictures drawn over a sheet."""
    return _centre(ord(field[0]) - 97, int(field[1:]) - 1)
