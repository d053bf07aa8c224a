"""An explainer page's embed frames out of view start nothing (js/embed-boot.js): no PyScript,
no Pyodide, no request for the runtime, until they are scrolled near; then they start."""

from __future__ import annotations

from playwright.sync_api import Page

TIMEOUT_MS = 120_000
# one frame on the first screen, one far below it (a rules page's later example)
EXPLAINER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Explainer</title>
</head><body style="margin:0">
<iframe id="near" src="embed.html#src=scenarios/gc-8-3-sorting.json" title="near"
  style="display:block;width:400px;height:400px;border:0"></iframe>
<div style="height:6000px">Text between the examples.</div>
<iframe id="far" src="embed.html#src=scenarios/gc-8-4-robbery.json" title="far"
  style="display:block;width:400px;height:400px;border:0"></iframe>
</body></html>"""
RUNTIME = ("vendor/pyscript/core.js", "vendor/pyodide/", "js/loading.js", "build/engine.zip")


def frame_state(page: Page, frame_id: str) -> dict:
    return page.evaluate(
        """(id) => {
          const w = document.getElementById(id).contentWindow;
          const html = w.document.documentElement;
          return {state: html.dataset.state, runtime: html.dataset.runtime || null,
                  python: html.dataset.pythonStart || null,
                  fetched: w.performance.getEntriesByType("resource").map((e) => e.name)};
        }""",
        frame_id,
    )


def test_an_embed_out_of_view_starts_nothing_until_scrolled_near(page: Page, site_url: str):
    url = site_url + "explainer-lazy.html"
    page.route(url, lambda route: route.fulfill(content_type="text/html", body=EXPLAINER))
    page.set_viewport_size({"width": 440, "height": 800})
    page.goto(url)
    page.wait_for_function(
        "document.getElementById('near').contentDocument?.documentElement.dataset.state"
        " === 'ready'", timeout=TIMEOUT_MS)
    page.wait_for_timeout(1000)  # anything the far frame would start has had its chance
    far = frame_state(page, "far")
    assert far["state"] == "loading" and far["runtime"] is None and far["python"] is None, far
    assert not [u for u in far["fetched"] if any(part in u for part in RUNTIME)], far["fetched"]
    assert far["fetched"], "the far frame's own page did load (its picture, its scripts)"
    near = frame_state(page, "near")
    assert near["runtime"] == "started" and near["python"] in ("snapshot", "fresh"), near

    page.locator("#far").scroll_into_view_if_needed()
    page.wait_for_function(
        "document.getElementById('far').contentDocument?.documentElement.dataset.state"
        " === 'ready'", timeout=TIMEOUT_MS)
    assert frame_state(page, "far")["runtime"] == "started"
