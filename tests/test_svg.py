"""The SVG renderer draws every part of a state summary (rules §9) with stable hooks."""

import ast
import doctest
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from gold_connection import svg

NS = "{http://www.w3.org/2000/svg}"
FIELDS = ["W", *map(str, range(1, 13)), "E"]
COPIES = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
ALL_BARS = [f"{c}{v}" for c in "bygr" for v, n in COPIES.items() for _ in range(n)]
STONES = ["7", "2", "11", "5"]


def deal(seed: int = 0) -> dict[str, list[str]]:
    """The 84 bars shuffled by ``seed`` and dealt 6 to each field (GC-3.1)."""
    bars = list(ALL_BARS)
    random.Random(seed).shuffle(bars)
    return {f: sorted(bars[6 * i : 6 * i + 6]) for i, f in enumerate(FIELDS)}


def summary(players: int = 4, **changes) -> dict:
    """A state summary at the start of turn 5, player 1 to move."""
    view = {
        "format": "gold-connection/1",
        "over": False,
        "winners": [],
        "counter": 5,
        "to_move": 1,
        "supply": 20,
        "fields": deal(),
        "players": [
            {
                "name": f"P{i}",
                "stone": STONES[i],
                "heading": "e",
                "chips": 0,
                "rows": {},
                "bars": 0,
                "score": 0,
            }
            for i in range(players)
        ],
        "turn": None,
        "legal": [],
        "options": {"ending": "counter"},
    }
    view.update(changes)
    return view


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def by_id(root: ET.Element, ident: str) -> ET.Element | None:
    return next((el for el in root.iter() if el.get("id") == ident), None)


def named(field: ET.Element) -> ET.Element:
    """The part of a field that screen readers name (its box and label, not its bars)."""
    return next(el for el in field.iter() if el.get("role") == "button")


def drawn_bars(root: ET.Element) -> dict[str, Counter]:
    """Per field, the multiset of bars drawn (a group counts ``data-count`` times)."""
    drawn: dict[str, Counter] = {}
    for el in with_class(root, "bar"):
        if el.get("data-field"):
            drawn.setdefault(el.get("data-field"), Counter())[el.get("data-bar")] += int(
                el.get("data-count")
            )
    return drawn


def test_doctests():
    assert doctest.testmod(svg).failed == 0


def test_board_is_well_formed_svg_that_scales():
    root = parse(svg.board(summary()))
    assert root.tag == NS + "svg"
    assert root.get("viewBox").startswith("0 0 ")
    assert root.get("width") is None
    assert root.find(NS + "title").text.startswith("Gold Connection, Turn 5 of 36, P1 to move")
    sized = parse(svg.board(summary(), size=800))
    width, height = map(float, sized.get("viewBox").split()[2:])
    assert sized.get("width") == "800"
    assert float(sized.get("height")) == pytest.approx(800 * height / width, abs=0.1)


@pytest.mark.parametrize("draw", [svg.board, svg.vault])
def test_gc_2_1_every_field_has_stable_id_class_data_and_label(draw):
    root = parse(draw(summary()))
    for field in FIELDS:
        el = by_id(root, f"field-{field}")
        assert el is not None, field
        assert "field" in classes(el)
        assert el.get("data-field") == field
        box = named(el)
        assert box.get("role") == "button"
        assert box.get("aria-label").startswith(f"Safe {field}: 6 bars: ")
        assert box.find(NS + "title").text == box.get("aria-label")
        # the named part shows only the field's label: its name holds all its text (WCAG 2.5.3)
        assert "".join(box.itertext()).replace(box.get("aria-label"), "") == field
    ends = {el.get("data-field") for el in with_class(root, "end")}
    assert ends == {"W", "E"}


def test_gc_2_1_figure_eight_links_and_two_walls():
    root = parse(svg.vault(summary()))
    links = {el.get("class") for el in with_class(root, "link")}
    assert links == {"link corridor-n", "link corridor-m", "link corridor-s"}
    assert len(with_class(root, "wall")) == 2


def test_gc_3_1_every_bar_of_the_view_is_drawn_in_its_field():
    view = summary()
    drawn = drawn_bars(parse(svg.board(view)))
    assert drawn == {f: Counter(bars) for f, bars in view["fields"].items()}
    assert sum(sum(c.values()) for c in drawn.values()) == 84


def test_equal_bars_are_grouped_with_their_count():
    view = summary(fields={"3": ["g3", "g3", "g3", "b1"]})
    root = parse(svg.vault(view))
    (group,) = [el for el in with_class(root, "bar-g") if el.get("data-field") == "3"]
    assert group.get("data-bar") == "g3" and group.get("data-count") == "3"
    assert "×3" in "".join(group.itertext())


def test_crowded_safe_lists_every_bar_in_a_line_per_colour():
    crowded = sorted(ALL_BARS[::4])  # 21 bars, every colour, many values
    view = summary(fields={"6": crowded, "W": []})
    root = parse(svg.vault(view))
    assert drawn_bars(root)["6"] == Counter(crowded)
    field = by_id(root, "field-6")
    assert with_class(field, "lines")
    assert named(by_id(root, "field-W")).get("aria-label") == "Safe W: empty"


def test_gc_1_1_each_colour_has_its_own_mark_shape():
    root = parse(svg.vault(summary()))
    shapes = {}
    for colour in "bygr":
        ingot = by_id(root, f"gc-ingot-{colour}")
        (mark,) = with_class(ingot, f"mark-{colour}")
        shapes[colour] = (mark.tag, tuple(sorted(mark.attrib.items())))
    assert len({tag for tag, _ in shapes.values()}) >= 3  # circle, polygon(s), rect
    assert len(set(shapes.values())) == 4
    bars = with_class(root, "bar")
    for colour in "bygr":
        uses = {
            u.get("href") for b in bars if f"bar-{colour}" in classes(b) for u in b.iter(NS + "use")
        }
        assert uses == {f"#gc-ingot-{colour}"}


@pytest.mark.parametrize("players,out", [(2, False), (3, False), (4, True)])
def test_gc_1_3_four_rows_out_of_play_with_four_players(players, out):
    root = parse(svg.board(summary(players)))
    for i in range(players):
        crate = by_id(root, f"crate-{i}")
        rows = {el.get("data-row"): el for el in crate.iter() if el.get("data-row")}
        assert set(rows) == {f"{c}{n}" for c in "bygr" for n in (6, 5, 4)}
        for row, el in rows.items():
            assert ("out" in classes(el)) == (out and row.endswith("4")), row


def test_gc_1_3_rows_show_bars_one_to_k_and_complete_rows():
    view = summary(2)
    view["players"][0].update(rows={"g6": 2, "b5": 5, "r4": 4}, bars=11, score=33)
    crate = by_id(parse(svg.crate(view, 0)), "crate-0")
    rows = {el.get("data-row"): el for el in crate.iter() if el.get("data-row")}
    assert rows["g6"].get("data-count") == "2"
    assert [b.find(NS + "text").text for b in with_class(rows["g6"], "filled")] == ["1", "2"]
    assert "complete" in classes(rows["b5"]) and "complete" in classes(rows["r4"])
    assert "complete" not in classes(rows["g6"])
    assert "33 pts" in "".join(crate.itertext())


def test_a_count_of_one_reads_in_the_singular():
    """'1 chip, 1 bar, 1 pt' (it read '1 chips, 1 bars, 1 pts'); a translation without a
    singular of its own keeps its one form (no English word in a Hungarian picture)."""
    view = summary(2)
    view["players"][0].update(rows={"g6": 1}, bars=1, score=1, chips=1)
    text = "".join(by_id(parse(svg.crate(view, 0)), "crate-0").itertext())
    assert "1 chip," in text and "1 bar," in text and "1 pt" in text
    assert "1 chips" not in text and "1 bars" not in text and "1 pts" not in text
    view["players"][0].update(chips=2)
    assert "2 chips" in "".join(parse(svg.crate(view, 0)).itertext())
    hungarian = {"chips": "{chips} korong", "bar_count": "{bars} rúd", "score": "{score} pont"}
    text = "".join(parse(svg.crate(view, 0, labels=hungarian)).itertext())
    assert "1 rúd" in text and "1 pont" in text and "bar" not in text


def test_highlight_marks_the_given_fields_only():
    root = parse(svg.vault(summary(), highlight=["3", "E"]))
    assert {el.get("data-field") for el in with_class(root, "hl")} == {"3", "E"}
    assert len(with_class(root, "hl-ring")) == 2


def test_selected_bars_are_a_multiset_in_the_arrows_safe():
    turn = {"arrow": "9", "heading": "e", "steps": 2, "storage": [], "target": None,
            "dice": None, "plundered": [], "robbed": []}  # fmt: skip
    view = summary(turn=turn, fields={"9": ["g3", "g3", "g3", "b1"], "2": ["g3"]})
    root = parse(svg.vault(view, selected=["g3", "g3"]))
    picked = [(el.get("data-field"), el.get("data-bar"), el.get("data-count"))
              for el in with_class(root, "sel")]  # fmt: skip
    assert picked == [("9", "g3", "2")]
    assert drawn_bars(root)["9"] == Counter({"g3": 3, "b1": 1})


def test_selected_before_the_first_move_is_in_the_stones_safe():
    view = summary(fields={"2": ["y1", "y2"]})  # player 1's stone is on 2
    root = parse(svg.vault(view, selected=["y2"]))
    assert [el.get("data-bar") for el in with_class(root, "sel")] == ["y2"]


@pytest.mark.parametrize(
    "field,heading,angle",
    [("7", "e", 0), ("7", "w", 180), ("W", "n", -45), ("W", "m", 0), ("W", "s", 45),
     ("E", "n", -135), ("E", "m", 180), ("E", "s", 135)],
)  # fmt: skip
def test_gc_2_2_arrows_point_along_their_heading(field, heading, angle):
    view = summary(2)
    view["players"][0].update(stone=field, heading=heading)
    arrow = by_id(parse(svg.vault(view)), "arrow-0")
    assert arrow.get("data-field") == field and arrow.get("data-heading") == heading
    assert {"on-stone", f"heading-{heading}"} <= classes(arrow)
    assert with_class(arrow, "arrow-shape")[0].get("transform") == f"rotate({angle})"


def test_gc_4_2_during_a_turn_the_arrow_walks_and_the_stone_stays():
    turn = {"arrow": "10", "heading": "w", "steps": 3, "storage": ["b2", "b3"], "target": 7,
            "dice": [2, 4], "plundered": ["8"], "robbed": []}  # fmt: skip
    root = parse(svg.board(summary(turn=turn)))
    assert by_id(root, "stone-1").get("data-field") == STONES[1]
    arrow = by_id(root, "arrow-1")
    assert arrow.get("data-field") == "10" and "walking" in classes(arrow)
    assert with_class(arrow, "arrow-shape")[0].get("transform") == "rotate(180)"
    storage = with_class(by_id(root, "crate-1"), "storage")[0]
    assert [b.get("data-bar") for b in with_class(storage, "bar")] == ["b2", "b3"]
    (info,) = with_class(by_id(root, "crate-1"), "turn-info")
    assert info.text == "Steps 3 · Target 7 · Dice 2+4"
    assert not with_class(by_id(root, "crate-0"), "storage")


def test_gc_2_3_arrow_resting_on_an_end_field_has_no_direction_yet():
    turn = {"arrow": "E", "heading": None, "steps": 1, "storage": [], "target": None,
            "dice": None, "plundered": [], "robbed": []}  # fmt: skip
    arrow = by_id(parse(svg.vault(summary(turn=turn))), "arrow-1")
    assert "undirected" in classes(arrow) and arrow.get("data-heading") == ""
    assert with_class(arrow, "arrow-shape")[0].get("transform") is None


def test_gc_3_3_setup_draws_only_placed_stones_and_arrows():
    view = summary(3, counter=0, to_move=1)
    view["players"][0].update(heading=None)  # placed, not faced yet
    view["players"][1].update(stone=None, heading=None)
    view["players"][2].update(stone=None, heading=None)
    root = parse(svg.board(view))
    assert by_id(root, "stone-0") is not None and by_id(root, "arrow-0") is None
    assert by_id(root, "stone-1") is None and by_id(root, "arrow-1") is None
    assert with_class(by_id(root, "crate-1"), "not-placed")
    assert not with_class(root, "current")  # the counter has not started


def test_to_move_and_winners_are_marked():
    root = parse(svg.board(summary()))
    marked = {el.get("id") for el in with_class(root, "to-move") if el.get("id")}
    assert marked == {"crate-1", "stone-1"}
    over = parse(svg.board(summary(over=True, winners=[0, 2])))
    assert {el.get("id") for el in with_class(over, "winner") if el.get("id")} == {
        "crate-0",
        "crate-2",
    }
    assert not with_class(over, "to-move")


def test_gc_1_2_counter_track_of_36_marks_the_current_turn():
    counter = by_id(parse(svg.vault(summary(counter=12))), "counter")
    pips = with_class(counter, "pip")
    assert [p.get("data-step") for p in pips] == [str(k) for k in range(1, 37)]
    assert [p.get("data-step") for p in with_class(counter, "current")] == ["12"]
    assert counter.find(NS + "title").text == "Turn 12 of 36"


def test_gc_7_2_series_counter_is_a_number_without_the_track():
    view = summary(counter=57, options={"ending": "series"})
    counter = by_id(parse(svg.vault(view)), "counter")
    assert "series" in classes(counter) and not with_class(counter, "pip")
    assert "Turn 57" in "".join(counter.itertext())


def test_lastmove_marks_from_and_to_or_a_path():
    root = parse(svg.vault(summary(), lastmove={"from": "5", "to": "8"}))
    marks = {el.get("data-field"): el.get("class") for el in with_class(root, "lastmove")[0]}
    assert marks == {"5": "lastmove-from", "8": "lastmove-to"}
    root = parse(svg.vault(summary(), lastmove={"fields": ["3", "4", "E", "8"]}))
    layer = with_class(root, "lastmove")[0]
    assert [
        el.get("data-field") for el in with_class(layer, "lastmove-path") if el.get("data-field")
    ] == [
        "3",
        "4",
        "E",
        "8",
    ]
    assert layer.find(NS + "polyline") is not None


def _bar_areas() -> list[tuple[float, float, float, float]]:
    return [(x + 2, y + svg.HEAD + 1, w - 4, h - svg.HEAD - 2) for x, y, w, h in svg.BOXES.values()]


@pytest.mark.parametrize(
    "fields",
    [["3", "4", "E", "8", "7"], ["5", "W", "1", "2"], ["12", "E", "4"], ["9", "W", "5", "6"]],
)
def test_the_walks_line_runs_beside_the_bars_never_over_them(fields):
    root = parse(svg.vault(summary(), lastmove={"fields": fields}))
    line = with_class(root, "lastmove-path")[0]
    points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    assert len(points) >= len(fields)
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        assert x0 == x1 or y0 == y1, "the line runs along aisles and gaps, square to them"
        for k in range(21):
            x, y = x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20
            for ax, ay, aw, ah in _bar_areas():
                assert not (ax - 1.5 < x < ax + aw + 1.5 and ay - 1.5 < y < ay + ah + 1.5), (x, y)


def test_picked_bars_are_raised_glowing_and_ticked():
    turn = {"arrow": "9", "heading": "e", "steps": 2, "storage": [], "target": None,
            "dice": None, "plundered": [], "robbed": []}  # fmt: skip
    view = summary(turn=turn, fields={"9": ["g3", "g3", "b1"]})
    root = parse(svg.vault(view, selected=["g3"]))
    (picked,) = with_class(root, "sel")
    other = next(el for el in with_class(root, "bar") if el.get("data-bar") == "b1")
    y = lambda el: float(re.search(r"translate\([-\d.]+,([-\d.]+)\)", el.get("transform"))[1])  # noqa: E731
    assert y(picked) < y(other), "raised above its row"
    assert with_class(picked, "tick") and with_class(picked, "sel-ring")[0].get("filter")
    assert not with_class(other, "tick")
    crowded = summary(turn=turn, fields={"9": [f"{c}{v}" for c in "bygr" for v in (1, 2, 3, 4)]})
    root = parse(svg.vault(crowded, selected=["y2"]))
    ring = with_class(with_class(root, "sel")[0], "sel-ring")[0]
    assert ring.get("filter"), "a crowded safe's picked value glows too"


def test_colors_and_labels_override_the_defaults():
    text = svg.board(
        summary(turn={"arrow": "7", "heading": "e", "steps": 1, "storage": ["r1"]}),
        colors={"g": "#123456", "player0": "#abcdef"},
        labels={"storage": "Tresor", "field": "Kluis {field}", "counter": "Beurt {counter}"},
    )
    assert 'fill="#123456"' in text and 'fill="#abcdef"' in text
    assert svg.DEFAULT_COLORS["g"] not in text
    root = parse(text)
    assert "Tresor" in "".join(root.itertext())
    assert named(by_id(root, "field-7")).get("aria-label").startswith("Kluis 7: ")
    assert by_id(root, "counter").find(NS + "title").text == "Beurt 5"


@pytest.mark.parametrize("prefix", ["", "left-"])
def test_ids_are_unique_prefixed_and_every_reference_resolves(prefix):
    root = parse(svg.board(summary(), id_prefix=prefix, selected=["b1"]))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(prefix) for i in ids)
    assert (
        by_id(root, f"{prefix}field-W") is not None and by_id(root, f"{prefix}counter") is not None
    )
    refs = {el.get("href")[1:] for el in root.iter() if el.get("href")}
    refs |= {
        m
        for el in root.iter()
        for v in el.attrib.values()
        for m in re.findall(r"url\(#([^)]+)\)", v)
    }
    assert refs and refs <= set(ids)


def test_vault_and_crate_alone_for_a_responsive_page():
    view = summary(3)
    vault = parse(svg.vault(view))
    assert by_id(vault, "counter") is not None and not with_class(vault, "crate")
    crate = parse(svg.crate(view, 2))
    assert [el.get("id") for el in with_class(crate, "crate")] == ["crate-2"]
    assert by_id(crate, "field-W") is None
    assert crate.get("viewBox") and vault.get("viewBox")


def test_text_from_the_view_is_escaped():
    view = summary(2)
    view["players"][0]["name"] = 'Ann & <Bo> "the bold"'
    root = parse(svg.board(view))
    assert by_id(root, "crate-0").get("aria-label").startswith('Ann & <Bo> "the bold": ')


def test_missing_optional_keys_are_tolerated():
    for view in (
        {},
        {"fields": {"3": ["b1"]}, "players": [{}, {"stone": "W"}]},
        summary(to_move=None),
    ):
        root = parse(svg.board(view))
        assert (
            len([el for el in root.iter() if el.get("data-field") and "field" in classes(el)]) == 14
        )


def test_serializer_writes_what_elementtree_would():
    ctx = svg._Ctx(summary(), ["3"], ["b1"], {"from": "5", "to": "8"}, None, {"field": "<&>"}, "")
    root = svg._svg(svg.VAULT_W, svg.VAULT_H, 360, 'a "title" & more')
    svg._defs(root, ctx)
    svg._vault(root, ctx)
    svg._crate(root, ctx, 1)
    assert svg._xml(root) == ET.tostring(root, encoding="unicode")


def test_renderer_imports_only_the_standard_library():
    source = Path(svg.__file__).read_text(encoding="utf-8")
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            modules.add("." if node.level else node.module.split(".")[0])
    assert modules <= {"__future__", "collections", "re", "typing", "xml"}
    assert not modules & {"js", "pyodide", "pyscript", "."}


def tiles(root: ET.Element) -> dict[str, Counter]:
    """Per field, the bars of the small drawing (a tile counts ``data-count`` times)."""
    drawn: dict[str, Counter] = {}
    for el in with_class(root, "tile"):
        drawn.setdefault(el.get("data-field"), Counter())[el.get("data-bar")] += int(
            el.get("data-count")
        )
    return drawn


def tile_scale(tile: ET.Element) -> float:
    found = re.search(r"scale\(([\d.]+)\)", tile.get("transform") or "")
    return float(found.group(1)) if found else 1.0


@pytest.mark.parametrize("seed", range(4))
def test_the_small_drawing_shows_every_bar_with_a_value_of_14_5_units(seed):
    """Drawn under ~760 px wide (a phone) the ingots' values would be under 12 CSS px; the
    small drawing (hidden unless the page's CSS shows it) has every bar of every field, its
    value 14.5 units tall (12.8 px on a 344 px vault), a tile per group of equal bars."""
    view = summary(fields=deal(seed))
    root = parse(svg.vault(view))
    layers = with_class(root, "bars-phone")
    assert layers and all(layer.get("display") == "none" for layer in layers)
    assert all(float(layer.get("font-size")) >= svg.TILE_FONT == 14.5 for layer in layers)
    assert tiles(root) == drawn_bars(root) == {f: Counter(b) for f, b in deal(seed).items() if b}
    # six bars a field: the tiles keep their full size (and their values 14.5 units)
    assert all(tile_scale(t) > 0.97 for t in with_class(root, "tile"))
    # a tile fits its safe: inside the box under the safe's header
    for t in with_class(root, "tile"):
        x, y, w, h = svg.BOXES[t.get("data-field")]
        at = re.search(r"translate\(([-\d.]+),([-\d.]+)\)", t.get("transform"))
        tx, ty = float(at.group(1)), float(at.group(2))
        assert x < tx and tx + svg.TILE_W * tile_scale(t) < x + w
        assert y + svg.HEAD < ty and ty + svg.TILE_H * tile_scale(t) < y + h


def test_the_small_drawing_stacks_equal_bars_and_marks_the_named_ones():
    view = summary(fields={"3": ["g3", "g3", "g3", "b1"]}, to_move=0)
    view["players"][0]["stone"] = "3"
    root = parse(svg.vault(view, selected=["b1"], equal={"b1": "#panel [data-arg^='b1:']"}))
    (g3,) = [t for t in with_class(root, "tile-g") if t.get("data-field") == "3"]
    assert g3.get("data-count") == "3" and len(with_class(g3, "stacked")) == 2
    assert "".join(g3.itertext()) == "3"  # one value: no "×3" to read at 5.8 px
    (b1,) = [t for t in with_class(root, "tile-b") if t.get("data-field") == "3"]
    assert "picked" in classes(b1) and b1.get("data-equal") == "#panel [data-arg^='b1:']"
