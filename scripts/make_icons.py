"""Draw the site's app icons from the engines' own pictures and rasterise them: run
`.venv/bin/python scripts/make_icons.py` after changing a picture, and commit img/icons/.

The icon is a sand field of Go for Gold's island (go_for_gold.svg's hexagon) with three of Gold
Connection's gold bars stacked on it (the ingots gold_connection.svg draws on the vault, taken
from the vault's own <defs>), on the site's background colour (css/site.css's --bg):

- img/icons/icon.svg: the icon for any use (a rounded square);
- img/icons/maskable.svg: the same picture inside the maskable safe zone (a circle of 40 % of
  the size round the centre) on a full-bleed background, for launchers that cut their own
  shape;
- PNGs rasterised by Chromium (Playwright with Debian's /usr/bin/chromium, no network): 192
  and 512 px of each (what Android asks for) and 180 px for iOS's apple-touch-icon, which
  draws its own rounded corners (so the full-bleed one).

The SVGs are the same on every machine (tests/test_manifest.py checks the committed ones
against this drawing); the PNGs are Chromium's rendering of them, committed.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "py"), str(REPO / "scripts")]
ICONS = REPO / "img" / "icons"
BACKGROUND = "#101217"  # css/site.css --bg
SAND, SAND_EDGE = "#f3e6c4", "#8a7a55"  # css/go-for-gold-sheet.css: a field of the island
SIZE = 512
PNGS = {
    "icon-192.png": ("icon.svg", 192),
    "icon-512.png": ("icon.svg", 512),
    "maskable-192.png": ("maskable.svg", 192),
    "maskable-512.png": ("maskable.svg", 512),
    "apple-touch-icon.png": ("maskable.svg", 180),
}
SVG_NS = "http://www.w3.org/2000/svg"


def ingot_defs() -> str:
    """The vault's gradients and gold, blue and red ingots, as gold_connection.svg draws
    them (its <defs>, trimmed to what the icon uses)."""
    from gold_connection import Game
    from gold_connection import svg as gc_svg

    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(gc_svg.vault(Game.new(["1", "2"], seed=1).summary()))
    defs = root.find(f"{{{SVG_NS}}}defs")
    assert defs is not None, "the vault has no <defs>"
    keep = {"gc-sheen", "gc-ingot-y", "gc-ingot-b", "gc-ingot-r"}
    kept = [el for el in defs if el.get("id") in keep]
    assert len(kept) == len(keep), f"the vault's defs lack {keep - {e.get('id') for e in kept}}"
    for el in kept:
        el.attrib.pop("class", None)
        for sub in el.iter():
            sub.attrib.pop("class", None)
    body = "".join(ET.tostring(el, encoding="unicode") for el in kept)
    return body.replace(f' xmlns="{SVG_NS}"', "")


def hexagon(x: float, y: float, r: float) -> str:
    """Go for Gold's field (go_for_gold.svg's hexagon, pointy side up) of radius ``r``."""
    from go_for_gold import svg as gg_svg

    return gg_svg._hex(x, y, r)


def picture(scale: float) -> str:
    """The field and the bars, centred on the 512 square, ``scale`` of its full size."""
    c = SIZE / 2
    r = 230 * scale
    k = 6.2 * scale  # an ingot is 22 x 13 units: 136 x 81 px at full size
    w, h = 22 * k, 13 * k
    gap = 6 * scale
    base_y = c + h / 2 + gap / 2  # the stack centred
    bars = [
        ("y", c - w - gap / 2, base_y - h / 2),
        ("b", c + gap / 2, base_y - h / 2),
        ("r", c - w / 2, base_y - 1.5 * h - gap),
    ]
    uses = "".join(
        f'<use href="#gc-ingot-{colour}" transform="translate({x:.1f} {y:.1f}) scale({k:.3f})"/>'
        for colour, x, y in bars
    )
    return (
        f'<polygon points="{hexagon(c, c, r)}" fill="{SAND}" stroke="{SAND_EDGE}" '
        f'stroke-width="{10 * scale:.1f}" stroke-linejoin="round"/>' + uses
    )


def icon_svg(maskable: bool) -> str:
    """``maskable``: a full-bleed background and the picture within the safe zone (a circle of
    radius 0.4 x size); else a rounded square and the picture larger."""
    if maskable:
        back = f'<rect width="{SIZE}" height="{SIZE}" fill="{BACKGROUND}"/>'
        # the hexagon's corners reach r from the centre: 230 x 0.85 = 196 < 204.8
        body = picture(0.85)
    else:
        rx = f"{SIZE * 0.18:.0f}"
        back = f'<rect width="{SIZE}" height="{SIZE}" rx="{rx}" fill="{BACKGROUND}"/>'
        body = picture(1.0)
    title = "Gold Connection and Go for Gold"
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}">'
        f"<title>{title}</title><defs>{ingot_defs()}</defs>{back}{body}</svg>\n"
    )


def svgs() -> dict[str, str]:
    return {"icon.svg": icon_svg(False), "maskable.svg": icon_svg(True)}


def rasterise(files: dict[str, str]) -> dict[str, bytes]:
    """Each PNG of :data:`PNGS`, the SVG drawn by Chromium at its size on a transparent page."""
    from chromium import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    out = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, (source, px) in PNGS.items():
            page = browser.new_page(viewport={"width": px, "height": px})
            sized = f'width="{px}" height="{px}"'
            svg = files[source].replace(f'width="{SIZE}" height="{SIZE}"', sized, 1)  # the <svg>'s
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block}</style>" + svg
            )
            whole = {"x": 0, "y": 0, "width": px, "height": px}
            out[name] = page.screenshot(omit_background=True, clip=whole)
            page.close()
        browser.close()
    return out


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    files = svgs()
    for name, text in files.items():
        (ICONS / name).write_text(text, encoding="utf-8")
    for name, data in rasterise(files).items():
        (ICONS / name).write_bytes(data)
    for path in sorted(ICONS.iterdir()):
        print(f"{path.relative_to(REPO)}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
