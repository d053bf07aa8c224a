"""The shell boots offline-capable: runtime from the site itself, ready signal, service worker."""

from urllib.request import urlopen


def test_page_reaches_ready_without_leaving_the_site(page, site_url, wait_ready, screenshot):
    page.goto(site_url)
    wait_ready(page)
    assert page.title()
    screenshot(page, "smoke-ready")


def test_reload_offline_after_one_visit(page, context, site_url, wait_ready, screenshot):
    page.goto(site_url)
    wait_ready(page)
    # The worker registers after ready, precaches the site and claims the page.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    screenshot(page, "smoke-offline-reload")


def test_headers_match_netlify_toml(site_url):
    with urlopen(site_url) as response:
        csp = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    assert "'wasm-unsafe-eval'" in csp
    with urlopen(site_url + "vendor/pyodide/pyodide.asm.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert "immutable" in response.headers["Cache-Control"]
