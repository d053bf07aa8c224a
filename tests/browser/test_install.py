"""The site installs as an app (issue #58, point 11): Chromium parses its manifest and finds
nothing against installing it, and the app's ``start_url`` opens offline after a first visit.

Lighthouse 12 has no installability audit any more (12.0 removed the PWA category), so this asks
Chromium's own check over the DevTools protocol, as that audit did: ``Page.getAppManifest`` and
``Page.getInstallabilityErrors``. An incognito-like context is never installable ("in-incognito"),
so the test runs in a persistent profile of its own."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

from chromium import CHROMIUM, CHROMIUM_ARGS
from phones import keep_to_site

REPO = Path(__file__).resolve().parents[2]


def test_chromium_finds_the_site_installable_and_its_start_url_opens_offline(
    playwright, site_url, wait_ready, tmp_path, request
):
    manifest = json.loads((REPO / "manifest.webmanifest").read_text(encoding="utf-8"))
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        viewport={"width": 412, "height": 915},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2.625,
    )
    try:
        keep_to_site(context, site_url, foreign)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site_url + "go-for-gold.html?lang=en")  # any page: they all link it
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        cdp = context.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
        assert got["url"] == site_url + "manifest.webmanifest"
        assert not got["errors"], got["errors"]
        parsed = got.get("manifest") or {}
        if parsed:  # newer Chromium: the manifest as it understood it (its enum's names)
            assert parsed["startUrl"] == urljoin(site_url, manifest["start_url"])
            assert parsed["display"] in ("standalone", "kStandalone"), parsed["display"]
            assert parsed["scope"] == urljoin(site_url, manifest["scope"])
            assert parsed["themeColor"] == "rgba(16,18,23,1)"  # #101217, css/site.css --bg
            assert {"192x192", "512x512"} <= {icon["sizes"] for icon in parsed["icons"]}
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert not errors, [e["errorId"] for e in errors]

        # offline, as from the home screen's icon: the start_url and what the app shows of it
        context.set_offline(True)
        page.goto(urljoin(site_url, manifest["start_url"]))
        wait_ready(page)
        assert page.title() == "Gold Connection"
        assets = ["manifest.webmanifest"] + [icon["src"] for icon in manifest["icons"]]
        fetched = page.evaluate(
            "async (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status))", assets
        )
        assert fetched == [200] * len(assets), dict(zip(assets, fetched, strict=True))
    finally:
        context.close()
