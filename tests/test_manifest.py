"""The web app manifest (issue #58, point 11): its fields, its names in the four languages as
far as the format goes, its icons at the sizes phones ask for and drawn from the engines'
pictures, linked from every page, precached by the service worker and served with its type.
In the browser: tests/browser/test_install.py."""

from __future__ import annotations

import json
import re
import struct
import sys
from pathlib import Path

import pytest
from serve import headers_for, load_header_rules

REPO = Path(__file__).resolve().parent.parent
MANIFEST = REPO / "manifest.webmanifest"
PAGES = ("index.html", "go-for-gold.html", "daily.html", "howto.html", "embed.html")
LANGS = ("de", "nl", "hu")


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def site_token(name: str) -> str:
    """A colour token of css/site.css's :root."""
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", (REPO / "css/site.css").read_text())
    assert found, name
    return found.group(1).lower()


def test_the_manifest_starts_the_site_standalone_in_its_own_colours(manifest):
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["id"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].lower() == site_token("bg")
    assert manifest["background_color"].lower() == site_token("bg")
    assert manifest["lang"] == "en" and manifest["dir"] == "ltr"
    assert len(manifest["short_name"]) <= 12  # what a launcher shows under the icon


def test_names_in_every_language_the_format_allows(manifest):
    """``name``, ``short_name`` and ``description`` in English (``lang``), the others in the
    manifest's ``*_localized`` members; the shortcuts' names are the pages' own words."""
    from shell.messages import TABLES

    for member in ("name", "short_name", "description"):
        assert set(manifest[member + "_localized"]) == set(LANGS), member
        assert all(v.strip() for v in manifest[member + "_localized"].values())
    words = {
        "daily.html": "daily.title",
        "howto.html": "viewer.howto",
    }
    shortcuts = {s["url"]: s for s in manifest["shortcuts"]}
    assert set(shortcuts) == {"go-for-gold.html", *words}
    for url, key in words.items():
        for lang in ("en", *LANGS):
            said = TABLES[lang][key]
            got = shortcuts[url]["name"] if lang == "en" else shortcuts[url]["name_localized"][lang]
            assert got == said, (url, lang)


def test_the_icons_exist_at_their_sizes_with_a_maskable_one(manifest):
    sizes = set()
    for icon in manifest["icons"]:
        path = REPO / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
            sizes.add((w, icon["purpose"]))
        else:
            assert icon["type"] == "image/svg+xml" and icon["sizes"] == "any"
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    assert png_size(REPO / "img/icons/apple-touch-icon.png") == (180, 180)
    for shortcut in manifest["shortcuts"]:
        assert all((REPO / i["src"]).is_file() for i in shortcut["icons"])


def test_the_committed_icons_are_the_engines_pictures_drawn_now():
    """scripts/make_icons.py's SVGs, drawn from the vault's ingots and the island's field;
    the committed files are what it draws (run it and commit after changing a picture)."""
    sys.path.insert(0, str(REPO / "scripts"))
    import make_icons

    for name, text in make_icons.svgs().items():
        assert (REPO / "img/icons" / name).read_text(encoding="utf-8") == text, name
    assert 'id="gc-ingot-y"' in make_icons.svgs()["icon.svg"]


def test_every_page_links_the_manifest_the_icons_and_the_theme_colour():
    for page in PAGES:
        head = (REPO / page).read_text(encoding="utf-8").split("</head>")[0]
        assert '<link rel="manifest" href="manifest.webmanifest">' in head, page
        assert f'<meta name="theme-color" content="{site_token("bg")}">' in head, page
        assert '<link rel="apple-touch-icon" href="img/icons/apple-touch-icon.png">' in head
        # no favicon request on a first visit (tests/browser/test_loading.py counts them)
        assert '<link rel="icon" href="data:,">' in head


def test_the_service_worker_precaches_the_manifest_and_icons(manifest):
    sys.path.insert(0, str(REPO / "scripts"))
    import build_site

    urls = {build_site.site_url(p) for p in build_site.precache_files()}
    wanted = {"manifest.webmanifest", "img/icons/apple-touch-icon.png", manifest["start_url"]}
    wanted |= {icon["src"] for icon in manifest["icons"]}
    assert wanted <= urls, wanted - urls


def test_the_manifest_is_served_as_a_manifest():
    """netlify.toml's rule (scripts/serve.py applies the same)."""
    headers = headers_for(load_header_rules(), "/manifest.webmanifest")
    assert headers["content-type"] == "application/manifest+json"
