"""Saves, settings and links made before the page layer moved (issue #24) still work.

tests/fixtures/before-restructure/ holds what the site stored and showed at commit 86cd85b, the
last one before the move (its README.md says how make.py there made them). Each test gives a
fresh profile that commit's localStorage before any script of the page runs, or opens one of
its links, and checks the page shows what it showed then: the same position of a game in
progress, the same settings, the same step of a replay.

What a page showed is kept as facts that outlive its markup, so no selector of the old pages is
needed here: attributes of ``<html>`` (``lang``, ``data-state``, ``data-at`` …), phrases of the
visible text (compared with every space removed, so a line break moved by a new layout does not
matter), accessible names (``aria-label``) and the values of form fields. A changed wording is a
changed behaviour, and fails.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest
from helpers import stored_value
from playwright.sync_api import BrowserContext, Page, expect

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "before-restructure"
VIEWPORT = {"width": 1366, "height": 768}  # the size they were made at
SETTLED = "html:not([data-state=loading]), .py-error"
READY_TIMEOUT_MS = 60_000
SETTLE_S = 10  # a page may still be drawing (or its log filling) just after data-state=ready

SEEN_JS = """() => ({
  html: Object.fromEntries([...document.documentElement.attributes].map(a => [a.name, a.value])),
  text: document.body.innerText.replace(/\\s+/g, ''),
  labels: [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')),
  values: [...document.querySelectorAll('input, select')]
    .filter(e => !['checkbox', 'radio', 'hidden', 'button', 'submit'].includes(e.type))
    .map(e => e.value).filter(Boolean),
})"""
STORAGE_JS = "() => Object.fromEntries(Object.entries(localStorage))"


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def seeded_page(context: BrowserContext, items: dict[str, str]) -> Page:
    """A page whose first document on the site finds exactly ``items`` in localStorage, set
    before the page's own scripts run; once per tab, so a reload keeps what the page saved."""
    script = f"""try {{
  if (!sessionStorage.getItem('compat:seeded')) {{
    localStorage.clear();
    for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);
    sessionStorage.setItem('compat:seeded', '1');
  }}
}} catch (e) {{}}  // about:blank and other opaque origins have no storage"""
    context.add_init_script(script)
    page = context.new_page()
    page.set_viewport_size(VIEWPORT)
    return page


def _flat(group: dict) -> list[tuple[str, str]]:
    out = []
    for name, value in group.items():
        for one in value if isinstance(value, list) else [value]:
            out.append((name, one))
    return out


def differences(seen: dict, shows: dict) -> list[str]:
    problems = []
    if "data-error" in seen["html"]:
        problems.append(f"the page reports the error {seen['html']['data-error']!r}")
    for attr, value in shows.get("html", {}).items():
        if seen["html"].get(attr) != value:
            problems.append(f"<html {attr}>: {seen['html'].get(attr)!r}, was {value!r}")
    for name, phrase in _flat(shows.get("texts", {})):
        if "".join(phrase.split()) not in seen["text"]:
            problems.append(f"text {name}: {phrase!r} is not shown")
    for name, label in _flat(shows.get("labels", {})):
        if label not in seen["labels"]:
            problems.append(f"label {name}: no element is named {label!r}")
    missing = Counter(v for _, v in _flat(shows.get("values", {}))) - Counter(seen["values"])
    problems.extend(f"value: no field holds {v!r}" for v in missing.elements())
    return problems


def unlike(page: Page, shows: dict) -> list[str]:
    """How ``page`` differs from ``shows`` (nothing: it shows it all), waiting a little for the
    drawing to catch up."""
    deadline = time.monotonic() + SETTLE_S
    while True:
        problems = differences(page.evaluate(SEEN_JS), shows)
        if not problems or time.monotonic() > deadline:
            return problems
        page.wait_for_timeout(200)


def shows_the_same(page: Page, shows: dict, where: str) -> None:
    problems = unlike(page, shows)
    if problems:
        pytest.fail(f"{where} does not show what it showed before:\n  " + "\n  ".join(problems))


def storage(page: Page) -> dict[str, str]:
    return page.evaluate(STORAGE_JS)


def resumes(page: Page, site_url: str, wait_ready, made: dict) -> None:
    """Open the game's page on the stored save: the same position, and the save kept."""
    page.goto(site_url + made["page"])
    wait_ready(page)
    shows_the_same(page, made["shows"], f"{made['page']} resuming the old save")
    now = storage(page)
    assert not [k for k in now if k.endswith(":corrupt")], f"a stored value was set aside: {now}"
    for key, text in made["localStorage"].items():
        if key.endswith(":save"):
            assert key in now, f"the save {key} is gone"
            moves = stored_value(now[key])["record"]["moves"]
            assert moves == json.loads(text)["record"]["moves"], f"{key} holds another game"


def remembers_the_set_up(page: Page, form: dict) -> None:
    """New game opens the form filled with the set-up remembered before."""
    page.get_by_role("button", name=form["button"], exact=True).first.click()
    shows_the_same(page, {"values": {"form": form["values"]}}, "the New game form")


def test_a_gold_connection_game_saved_before_resumes_with_its_settings(
    context, site_url, wait_ready
):
    made = fixture("gold-connection.json")
    page = seeded_page(context, made["localStorage"])
    resumes(page, site_url, wait_ready, made)  # German, the fast pace, Ada to walk in turn 4
    remembers_the_set_up(page, made["new_game_form"])  # Ada and Bot (medium, bold)


def test_a_go_for_gold_game_saved_before_resumes_with_its_settings(context, site_url, wait_ready):
    made = fixture("go-for-gold.json")
    page = seeded_page(context, made["localStorage"])
    resumes(page, site_url, wait_ready, made)  # Dutch, Ada to draw a path in round 3
    remembers_the_set_up(page, made["new_game_form"])  # Ada and Bo (medium), island B, fast


def test_the_site_settings_stored_before_apply_to_both_games(context, site_url, wait_ready):
    made = fixture("site-settings.json")
    page = seeded_page(context, made["localStorage"])
    for name, shows in made["shows"].items():  # Hungarian, screen-reader mode on
        page.goto(site_url + name)
        wait_ready(page)
        shows_the_same(page, shows, name)
        expect(page.get_by_label(shows["switch"], exact=True)).to_be_checked()
        expect(page.get_by_role("textbox", name=shows["command"], exact=True)).to_have_count(1)
    prefs = stored_value(storage(page)["site:prefs"])
    assert prefs == json.loads(made["localStorage"]["site:prefs"])


def test_the_links_made_before_show_what_they_showed(page, site_url):
    """Each link in turn, in one fresh profile; every link that fails is named."""
    page.set_viewport_size(VIEWPORT)
    problems = []
    for name, link in fixture("links.json")["links"].items():
        page.goto("about:blank")  # else a link that differs only after # would not load anew
        page.goto(site_url + link["path"])
        # ready, or an error the comparison below names (data-state, data-error): not a timeout
        page.wait_for_selector(SETTLED, state="attached", timeout=READY_TIMEOUT_MS)
        problems += [f"{name} ({link['made_by']}): {p}" for p in unlike(page, link["shows"])]
    if problems:
        pytest.fail("links made before show something else now:\n  " + "\n  ".join(problems))
