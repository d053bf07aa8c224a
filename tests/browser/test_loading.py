"""The loading screen (js/loading.js): its steps in the visitor's language, the download's
bytes on a first visit, an error with Retry when the runtime cannot be fetched, and no layout
shift when the game replaces it. One page load after the failed one: the test is cheap."""

from __future__ import annotations

import gzip
import re
from fnmatch import fnmatch
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# What the loading screen showed, in order, and the layout shifts until the game was ready.
HISTORY = """
window.__boot = [];
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (document.documentElement.dataset.state === "loading") window.__cls += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
new MutationObserver(() => {
  for (const el of document.querySelectorAll("#boot [data-boot=step], #boot [data-boot=bytes]")) {
    const text = el.textContent;
    if (text && window.__boot.at(-1) !== text) window.__boot.push(text);
  }
}).observe(document, { childList: true, characterData: true, subtree: true });
"""


def test_a_runtime_that_cannot_load_offers_retry_then_the_steps_show_in_german(
    page, site_url, wait_ready, axe, screenshot
):
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(HISTORY)
    # the first visit loses its connection before the runtime arrives
    page.route("**/pyodide.asm.wasm", lambda route: route.abort("internetdisconnected"))
    page.goto(site_url + "?lang=de&players=human,ai:easy&seed=3")
    alert = page.locator("#boot [role=alert]")
    alert.wait_for(timeout=30_000)
    assert "konnte nicht geladen werden" in alert.inner_text()
    retry = alert.get_by_role("button", name="Noch einmal")
    assert retry.evaluate("el => el === document.activeElement")  # focus is not on the body
    assert page.get_attribute("html", "data-state") == "error"
    assert page.get_attribute("html", "lang") == "de"
    screenshot(page, "loading-error-360")
    axe.check(page, "the loading error")

    page.unroute("**/pyodide.asm.wasm")
    retry.click()
    wait_ready(page)
    seen = page.evaluate("window.__boot")
    assert "Das Spiel wird heruntergeladen …" in seen, seen  # the step; below it the bytes
    download = _counts(seen, "von")
    assert download, seen
    done, total = download[-1]
    assert done == total and total > 10, seen
    first = next(text for text in seen if text.endswith(" MB"))
    assert "Python startet …" in seen and seen.index("Python startet …") > seen.index(first)
    assert page.evaluate("window.__cls") == 0


# The link as js/pyodide-snapshot.mjs measures it reads as fast (1 MB in 1 ms), whatever a
# busy machine makes of localhost: a first visit downloads the snapshot.
FAST_LINK = """
const entries = performance.getEntriesByType.bind(performance);
performance.getEntriesByType = (type) => type !== "resource" ? entries(type) : [...entries(type),
  { transferSize: 1e6, encodedBodySize: 1e6, responseStart: 0, responseEnd: 1 }];
"""
# The page's interpreter, for a test to run Python in (PyScript's hooks, before it starts).
INTERPRETER = """
import(location.origin + "/vendor/pyscript/core.js").then(({ hooks }) =>
  hooks.main.onReady.add((wrap) => { window.__py = wrap.interpreter; }));
"""


def test_python_starts_from_its_snapshot_or_without_it(browser, site_url, wait_ready):
    """js/pyodide-snapshot.mjs: the page restores build/python.snapshot; a snapshot that is
    missing or is not one (another build's, a damaged file) costs time, not the game. No
    service worker: it would answer from its cache, past the test's routes."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
    page.add_init_script(INTERPRETER)
    page.add_init_script(FAST_LINK)
    page.goto(site_url + "?seed=3")
    wait_ready(page)
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    assert not [m for m in said if m.startswith(("warning", "error"))
                and "Service Worker registration blocked" not in m], said
    # a module that build/stdlib.zip lacks (a package's too) still imports, from the whole
    # python_stdlib.zip, fetched then, and the console names it
    where = page.evaluate("window.__py.runPython('import wave, xml.dom.minidom; "
                          "[wave.__file__, xml.dom.minidom.__file__]').toJs()")
    assert all(path.startswith("/lib/python_stdlib_whole.zip/") for path in where), where
    assert [m for m in said if "wave is not in build/stdlib.zip" in m], said

    damaged = gzip.compress(b"not a snapshot" * 1000)
    for answer in ({"status": 404, "body": "gone"}, {"status": 200, "body": damaged}):
        said.clear()
        page.route("**/build/python.snapshot", _answer(answer))
        page.goto(site_url + "?seed=3&lang=en")
        wait_ready(page)
        assert page.get_attribute("html", "data-python-start") == "fresh", answer["status"]
        assert page.locator("#boot [role=alert]").count() == 0
        assert page.locator("#app svg").count() > 0  # the vault is drawn: the game is on
        assert [m for m in said if "without its snapshot" in m], said
        page.unroute("**/build/python.snapshot")
    context.close()


# The files a first visit of index.html may ask for before it is ready: the page, its styles
# and scripts, its picture, the runtime (without its lock file and whole standard library),
# the site's standard library and archive, and the page's Python. Nothing else.
FIRST_SCREEN = (
    "", "index.html", "css/site.css", "css/game.css", "js/*.js", "js/*.mjs", "build/boot.js",
    "build/vault.svg", "pyscript.toml", "vendor/pyscript/core.css", "vendor/pyscript/core.js",
    "vendor/pyscript/core-*.js", "vendor/pyscript/py-*.js", "vendor/pyscript/toml-*.js",
    "vendor/pyscript/deprecations-manager-*.js", "vendor/pyscript/donkey-*.js",
    "vendor/pyscript/error-*.js",
    "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs",
    "vendor/pyodide/pyodide.asm.wasm", "build/stdlib.zip", "build/engine.zip", "py/*.py",
)
READY_AT = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.state === "ready") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ["data-state"], subtree: true });
"""


def test_a_first_visit_asks_only_for_the_first_screen_and_the_next_costs_no_byte(
    context, site_url, wait_ready
):
    """Over a link slower than js/pyodide-snapshot.mjs's FAST_LINK (here 30 Mbit/s, 20 ms)
    the first visit downloads only what its first screen needs: no snapshot (Python starts
    as usual), no whole standard library, no lock file, nothing of the other game. Once the
    service worker has its copy, a visit restores the snapshot and takes nothing from the
    network."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 30e6 / 8,
        "uploadThroughput": 30e6 / 8})
    page.add_init_script(READY_AT)
    page.add_init_script(HISTORY)
    page.goto(site_url + "?lang=en")
    wait_ready(page)
    assert page.get_attribute("html", "data-python-start") == "fresh"
    # what crossed the network (a look into the caches for the snapshot does not)
    asked = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter((e) => e.startTime < window.__readyAt && e.transferSize > 0)
        .map((e) => e.name)""")
    paths = {url.removeprefix(site_url).split("?")[0].split("#")[0] for url in asked}
    stray = sorted(p for p in paths if not any(fnmatch(p, pattern) for pattern in FIRST_SCREEN))
    assert not stray, f"asked for before ready, not needed for the first screen: {stray}"
    assert "build/stdlib.zip" in paths and "vendor/pyodide/pyodide.asm.wasm" in paths, paths
    # the loading screen counted the files the visit downloaded, not the snapshot
    done, total = _counts(page.evaluate("window.__boot"), "of")[-1]
    assert done == total and total < 16, (done, total)

    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    network: list[tuple[str, int]] = []
    responses: dict[str, str] = {}

    def received(event):
        response = event["response"]
        if not (response.get("fromServiceWorker") or response.get("fromDiskCache")
                or response["url"].startswith(("data:", "blob:"))):
            responses[event["requestId"]] = response["url"]

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", lambda event: network.append(
        (responses[event["requestId"]], event["encodedDataLength"]))
        if event["requestId"] in responses else None)
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    page.wait_for_timeout(200)
    assert not network, f"a repeat visit took these from the network: {network}"


# Our archive's body arrives in small pieces (as over a slow connection), so that the loading
# screen sees it part by part, on each of the two requests for it (ours at once, PyScript's
# before the interpreter is ready).
PIECEMEAL_ARCHIVE = """
const realFetch = window.fetch;
window.fetch = async function (input, init) {
  const response = await realFetch.call(window, input, init);
  const url = String(input instanceof Request ? input.url : input);
  if (!url.endsWith("/build/engine.zip") || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      for (let at = 0; at < value.length; at += 65536) {
        controller.enqueue(value.slice(at, at + 65536));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
};
"""


def test_the_byte_count_never_goes_back(context, site_url, wait_ready):
    """A file counted whole (its download has ended) stays whole when a copy of it is read
    more slowly, or when it is asked for again from the HTTP cache: the count only rises."""
    page = context.new_page()
    page.add_init_script(PIECEMEAL_ARCHIVE)
    page.add_init_script(HISTORY)
    page.goto(site_url + "?lang=en")
    wait_ready(page)
    done = [size[0] for size in _counts(page.evaluate("window.__boot"), "of")]
    assert len(done) > 10 and done[-1] > 10, done
    backwards = [(done[i], done[i + 1]) for i in range(len(done) - 1) if done[i + 1] < done[i]]
    assert not backwards, backwards


def test_the_loading_title_is_in_the_visitor_s_language_before_the_runtime_s_script(
    context, site_url, wait_ready
):
    """The boot box's title is written in English in the page; it is said in the visitor's
    language as soon as the page is parsed, not only once PyScript's script (136 kB) has
    arrived: on a first visit that came ~0.13 s after the English title was painted. Here
    PyScript's module is held back until the title has been checked."""
    core = (REPO / "vendor/pyscript/core.js").read_text()
    held = core + "\nawait new Promise((resolve) => { window.releaseCore = resolve; });\n"
    page = context.new_page()
    page.route("**/vendor/pyscript/core.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript; charset=utf-8", body=held))
    page.goto(site_url + "?lang=de", wait_until="domcontentloaded")
    page.wait_for_function("typeof window.releaseCore === 'function'", timeout=30_000)
    title = page.locator("#boot .loading")
    assert title.text_content() == "Gold Connection wird geladen …"
    assert page.get_attribute("html", "lang") == "de"
    page.evaluate("window.releaseCore()")
    wait_ready(page)


def _counts(seen: list[str], between: str) -> list[tuple[float, float]]:
    """(done, total) in MB of each byte count the loading screen showed ("6,1 von 20,9 MB")."""
    found = [re.fullmatch(rf"([\d.,]+) {between} ([\d.,]+) MB", text) for text in seen]
    return [(float(m[1].replace(",", ".")), float(m[2].replace(",", "."))) for m in found if m]


def _answer(answer: dict):
    return lambda route: route.fulfill(**answer)
