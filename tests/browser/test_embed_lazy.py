"""An explainer page's embed frames out of view start nothing (js/embed-boot.js): no PyScript,
no Pyodide, no request for the runtime, until they are scrolled near; then they start. Each
frame shows its own scenario's position meanwhile (js/embed-picture.js, build/embed/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phones import keep_to_site
from playwright.sync_api import Browser, Page

REPO = Path(__file__).resolve().parents[2]
TIMEOUT_MS = 120_000
# one frame on the first screen, two far below it (a rules page's later examples: a Gold
# Connection scenario at its second move, a Go for Gold one at its start)
FAR = {
    "far": ("scenarios/gc-8-4-robbery.json", "&at=2", 2),
    "far-gg": ("scenarios/go-for-gold/mia.json", "", 0),
}
EXPLAINER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Explainer</title>
</head><body style="margin:0">
<iframe id="near" src="embed.html#src=scenarios/gc-8-3-sorting.json" title="near"
  style="display:block;width:400px;height:400px;border:0"></iframe>
<div style="height:6000px">Text between the examples.</div>
<iframe id="far" src="embed.html#src=scenarios/gc-8-4-robbery.json&at=2" title="far"
  style="display:block;width:400px;height:400px;border:0"></iframe>
<div style="height:6000px">More text.</div>
<iframe id="far-gg" src="embed.html#src=scenarios/go-for-gold/mia.json" title="far-gg"
  style="display:block;width:400px;height:400px;border:0"></iframe>
</body></html>"""
RUNTIME = ("vendor/pyscript/core.js", "vendor/pyodide/", "js/loading.js", "build/engine.zip")


def frame_state(page: Page, frame_id: str) -> dict:
    return page.evaluate(
        """(id) => {
          const w = document.getElementById(id).contentWindow;
          const html = w.document.documentElement;
          const img = w.document.querySelector(".boot-picture");
          return {state: html.dataset.state, runtime: html.dataset.runtime || null,
                  python: html.dataset.pythonStart || null,
                  fetched: w.performance.getEntriesByType("resource").map((e) => e.name),
                  picture: img && {src: img.getAttribute("src"), complete: img.complete,
                                   natural: img.naturalWidth, width: img.getAttribute("width"),
                                   height: img.getAttribute("height")}};
        }""",
        frame_id,
    )


@pytest.fixture(scope="module")
def explainer(browser: Browser, site_url: str):
    """The explainer page once its first frame is ready; the tests that only read share it."""
    context = browser.new_context()
    foreign: list[str] = []
    keep_to_site(context, site_url, foreign)
    page = context.new_page()
    url = site_url + "explainer-lazy.html"
    page.route(url, lambda route: route.fulfill(content_type="text/html", body=EXPLAINER))
    page.set_viewport_size({"width": 440, "height": 800})
    page.goto(url)
    page.wait_for_function(
        "document.getElementById('near').contentDocument?.documentElement.dataset.state"
        " === 'ready'", timeout=TIMEOUT_MS)
    page.wait_for_timeout(1000)  # anything the far frames would start has had their chance
    yield page
    context.close()
    assert not foreign, foreign


@pytest.mark.parametrize("frame_id", sorted(FAR))
def test_an_embed_out_of_view_starts_nothing(explainer: Page, frame_id: str):
    far = frame_state(explainer, frame_id)
    assert far["state"] == "loading" and far["runtime"] is None and far["python"] is None, far
    assert not [u for u in far["fetched"] if any(part in u for part in RUNTIME)], far["fetched"]
    assert far["fetched"], "the far frame's own page did load (its picture, its scripts)"
    near = frame_state(explainer, "near")
    assert near["runtime"] == "started" and near["python"] in ("snapshot", "fresh"), near


@pytest.mark.parametrize("frame_id", sorted(FAR))
def test_an_embed_out_of_view_shows_its_own_position(explainer: Page, frame_id: str):
    """The build's picture of the scenario at the step the frame opens on, loaded, with the
    size the picture has (no layout shift when it arrives), not the game's generic one."""
    src, _, step = FAR[frame_id]
    text = (REPO / "build" / "embed" / "pictures.js").read_text()
    table = json.loads(text[text.index("{"):text.rindex("}") + 1])
    url, width, height = table[src]["steps"][step]
    picture = frame_state(explainer, frame_id)["picture"]
    assert picture["natural"] > 0, picture  # drawn (an SVG's natural size is the frame's own)
    del picture["natural"]
    assert picture == {"src": url, "complete": True, "width": str(width),
                       "height": str(height)}, picture
    assert any(name.endswith(url) for name in frame_state(explainer, frame_id)["fetched"])


def test_an_embed_starts_once_scrolled_near(explainer: Page):
    explainer.locator("#far").scroll_into_view_if_needed()
    explainer.wait_for_function(
        "document.getElementById('far').contentDocument?.documentElement.dataset.state"
        " === 'ready'", timeout=TIMEOUT_MS)
    assert frame_state(explainer, "far")["runtime"] == "started"
