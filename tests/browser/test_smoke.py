"""The shell boots offline-capable: runtime from the site itself, ready signal, service worker."""

from urllib.request import urlopen

from gold_connection import Game, share


def test_page_reaches_ready_without_leaving_the_site(page, site_url, wait_ready, screenshot):
    said = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
    page.goto(site_url)
    wait_ready(page)
    assert page.title()
    screenshot(page, "smoke-ready")
    # the AI worker is up (it starts after ready) and nobody warned on the way: PyScript
    # warned that a worker cannot reach the DOM without SharedArrayBuffer until the config
    # said the worker never does (sync_main_only)
    page.wait_for_function("document.documentElement.dataset.ai === 'worker'", timeout=60_000)
    assert not [m for m in said if m.startswith(("warning", "error"))], said


def test_reload_offline_after_one_visit(page, context, site_url, wait_ready, screenshot):
    page.goto(site_url)
    wait_ready(page)
    # The worker registers after ready, precaches the site and claims the page.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    failed: list[str] = []
    # (a visit left for the next address aborts what it was still reading: not a failure)
    page.on("requestfailed", lambda request: request.failure == "net::ERR_ABORTED"
            or failed.append(f"{request.url}: {request.failure}"))
    page.reload()
    wait_ready(page)
    screenshot(page, "smoke-offline-reload")
    # the precache holds the Python snapshot too: offline is not the slow start
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    # every page and every address it is reachable by works offline too (#9: /index.html
    # did not), and none of them asks the network for anything (#23: offline, every file
    # the page needs, the loading pictures and the whole standard library too, was cached)
    game = "#g=" + share.encode(Game.new(["Ada", "Bob"], seed=1).record())
    for address in (
        "index.html",
        "index.html?seed=3",
        "go-for-gold.html",
        "go-for-gold?seed=3",
        "howto.html",
        "howto",
        "embed.html",
        "embed",
    ):
        page.goto(site_url + address + (game if address.startswith("embed") else ""))
        wait_ready(page)
        assert page.locator("html[data-state=ready]").count() == 1, address
    assert not failed, failed


def test_headers_match_netlify_toml(site_url):
    with urlopen(site_url) as response:
        csp = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    # 'unsafe-eval' (Pyodide's EM_ASM) also covers WebAssembly: 'wasm-unsafe-eval' is redundant
    assert "'unsafe-eval'" in csp and "'wasm-unsafe-eval'" not in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    with urlopen(site_url + "embed.html") as response:
        # framable: X-Frame-Options would forbid it in browsers without CSP level 2
        assert "frame-ancestors *" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Frame-Options"] is None
    for pretty in ("howto", "embed", "go-for-gold"):  # Netlify's pretty URLs, served locally too
        with urlopen(site_url + pretty) as response:
            assert response.headers["Content-Type"].startswith("text/html"), pretty
            assert "Content-Security-Policy" in response.headers, pretty
    with urlopen(site_url + "vendor/pyodide/pyodide.asm.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert "immutable" in response.headers["Cache-Control"]
