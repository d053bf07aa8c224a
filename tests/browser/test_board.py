"""The living board in Chromium: the arrow walks, bars fly, stones slide, dice tumble; a press
finishes them; none under reduced motion or at the instant pace; Skip shows a computer's turn
at once; picked bars are raised and ticked; no piece hides a bar's value.

One page, started from a saved position (set up in CPython), so nothing waits for a set-up.
Animations are not waited for: every call to ``Element.animate`` is logged by an init script
(its id and its target), and running ones are read from ``document.getAnimations()``.
"""

from __future__ import annotations

import json
import re

from helpers import STORED_JS, position_record
from pages.gold_connection.ai_service import AiService
from pages.gold_connection.controller import App
from pages.gold_connection.panel import panel
from pages.gold_connection.session import Session
from playwright.sync_api import Page
from shell.store import MemoryBackend

SAVE_KEY = "gold-connection:save"
LOG_ANIMATIONS = """
window.__anims = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const target = this.id || this.getAttribute('data-bar') || this.getAttribute('class') || '';
  const where = this.closest('#motion-layer') ? 'clone' : '';
  window.__anims.push([(options && options.id) || '', target, where]);
  return animate.call(this, frames, options);
};
"""
ANIMS = "window.__anims.splice(0)"
RUNNING = (
    "document.getAnimations().filter((a) => a.playState === 'running')"
    ".map((a) => a.id || a.animationName)"
)
HUMAN = "document.querySelector('#panel .panel-inner:not(.waiting)') !== null"


def set_up(seed: int) -> Session:
    """Ada (a person) and a greedy computer, played to Ada's first move."""
    app = App(MemoryBackend(), f"?players=human,ai:greedy&names=Ada,Bot&seed={seed}")
    brain = AiService()
    while not (app.session.humans_turn() and app.session.game.prompt == "move"):
        s = app.session
        if s.waiting() == "ai-roll":
            app.computer_plays(None)
        elif s.waiting() == "ai":
            app.computer_plays(brain.decide(app.record_json()))
        else:
            p = panel(s)
            b = next(b for b in p.actions + [b for g in p.groups for b in g.buttons])
            app.intent(b.intent, b.arg)
    return app.session


def plan(session: Session) -> tuple[str, str]:
    """A field at least two steps away whose cheapest bar the seeded dice then win."""
    save = session.save()
    for field, tokens in session.destinations().items():
        if int(tokens[0].split()[1]) < 2:
            continue
        s = Session.from_record(save["record"])
        s.intent("field", field)
        bars = s.safe_bars()
        if not bars:
            continue
        bar = min(bars, key=lambda b: int(b[1:]))
        s.intent("bar", bar)
        s.intent("roll")
        if s.game.prompt == "move" and s.game.turn.storage:
            return field, bar
    raise AssertionError("no winning walk in this deal")


def anims(page: Page) -> list[tuple[str, str, str]]:
    return [tuple(a) for a in page.evaluate(ANIMS)]


def test_the_board_moves_and_never_holds_up_input(page: Page, site_url, wait_ready, screenshot):
    session = set_up(seed=11)
    field, bar = plan(session)
    save = json.dumps(session.save())
    page.add_init_script(
        LOG_ANIMATIONS
        + f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)});"
        " localStorage.setItem('gold-connection:speed', '\"normal\"'); }"
    )
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site_url + "index.html?lang=en")
    wait_ready(page)
    assert page.get_attribute("html", "data-motion") == "on"

    # the arrow walks field by field; a press in the middle finishes it at once
    walk = page.evaluate(
        """(field) => {
          document.querySelector(`#board .field-box[data-field="${field}"]`)
            .dispatchEvent(new MouseEvent('click', {bubbles: true}));
          const during = document.getAnimations().map((a) => a.id);
          document.dispatchEvent(new PointerEvent('pointerdown'));
          const after = document.getAnimations().filter((a) => a.playState === 'running'
            && a.id.startsWith('gc-')).length;
          return [during, after];
        }""",
        field,
    )
    assert "gc-walk" in walk[0], walk
    assert walk[1] == 0, "a press finishes every animation of the board"
    walked = anims(page)
    assert ("gc-walk", "arrow-0", "") in walked

    # a picked bar is raised, glowing and ticked
    page.locator(f'#panel [data-intent="bar"][data-arg="{bar}:0"]').click()
    picked = page.locator(f'#board .bar.sel[data-bar="{bar}"]')
    assert picked.count() == 1 and picked.locator(".tick").count() == 1
    assert picked.locator(".sel-ring").get_attribute("filter")

    # rolled and won: the named bars fly from the safe into the storage, the dice tumble
    page.evaluate(  # the tumble lasts 0.5 s: a busy machine may read after it ended
        "window.__started = []; document.addEventListener('animationstart',"
        " (e) => window.__started.push(e.animationName))"
    )
    page.locator('#panel [data-intent="roll"]').click()
    flown = anims(page)
    assert ("gc-fly", bar, "clone") in flown, flown
    assert ("gc-hold", bar, "") in flown, "the bar in the storage shows once its flight lands"
    page.wait_for_function("window.__started.includes('tumble')", timeout=5_000)
    screenshot(page, "board-1366-bars-flying")

    # stop: the stone slides to the arrow's field; sorting: the bars fly into the rows
    page.keyboard.press("s")
    page.wait_for_function(
        "document.querySelector('#panel .panel-inner').dataset.prompt !== 'move'"
    )
    slid = anims(page)
    assert ("gc-slide", "stone-0", "") in slid, slid
    if page.get_attribute("#panel .panel-inner", "data-prompt") == "face":
        page.locator('#panel [data-intent="face"]').first.click()
    if page.get_attribute("#panel .panel-inner", "data-prompt") == "sort":
        page.locator('#panel [data-intent="sort"]').click()  # else sorted at once (one way)
    sorted_ = slid + anims(page)
    assert ("gc-fly", bar, "clone") in sorted_, sorted_

    # the computer's turn: Skip shows where it leads at once, with nothing moving
    skip = page.locator('#panel [data-intent="skip"]')
    skip.wait_for()
    assert "Skip" in (skip.inner_text() or "")
    page.evaluate(  # in one task, so no step of the computer comes between the two
        "window.__anims = []; document.querySelector('#panel [data-intent=\"skip\"]').click()"
    )
    page.wait_for_function(HUMAN, timeout=60_000)
    assert not [a for a in anims(page) if a[0].startswith("gc-")], "a skipped turn does not move"
    assert page.evaluate("document.activeElement !== document.body")
    assert page.get_attribute("html", "data-skipping") is None

    # no piece ever covers a bar's value
    covered = page.evaluate(
        """() => {
          const hit = (a, b) =>
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const values = [...document.querySelectorAll('#board .bar text')]
            .map((t) => t.getBoundingClientRect());
          return [...document.querySelectorAll('#board .pieces > g')].filter((p) =>
            values.some((v) => hit(p.getBoundingClientRect(), v))).map((p) => p.id);
        }"""
    )
    assert covered == []

    # reduced motion: nothing moves, not even the dice
    page.emulate_media(reduced_motion="reduce")
    page.locator("#board .field.hl").first.click()
    assert page.get_attribute("html", "data-motion") == "off"
    assert not [a for a in anims(page) if a[0].startswith("gc-")]
    assert "tumble" not in page.evaluate(RUNNING)
    page.emulate_media(reduced_motion="no-preference")

    # the instant pace: nothing moves either
    page.select_option('select[data-setting="speed"]', "instant")
    page.keyboard.press("Control+z")
    page.locator("#board .field.hl").nth(1).click()
    assert page.get_attribute("html", "data-motion") == "off"
    assert not [a for a in anims(page) if a[0].startswith("gc-")]


def test_on_a_phone_the_named_bars_fly_from_the_safe_s_tiles(
    page: Page, site_url, wait_ready, screenshot
):
    """At phone width the safes are drawn as tiles (svg.py's small drawing, the ingots hidden):
    the named bars still fly from their tile into the storage, not appear there."""
    session = set_up(seed=11)
    field, bar = plan(session)
    page.add_init_script(LOG_ANIMATIONS)
    page.set_viewport_size({"width": 360, "height": 740})
    seeded(page, site_url, session, "normal")
    wait_ready(page)
    assert page.locator(f'#board .tile[data-bar][data-field="{field}"]').first.is_visible()
    page.evaluate(
        """(field) => document.querySelector(`#board .field-box[data-field="${field}"]`)
          .dispatchEvent(new MouseEvent('click', {bubbles: true}))""",
        field,
    )
    page.locator(f'#panel [data-intent="bar"][data-arg="{bar}:0"]').click()
    anims(page)
    page.locator('#panel [data-intent="roll"]').click()
    flown = anims(page)
    assert ("gc-fly", bar, "clone") in flown, flown
    assert ("gc-hold", bar, "") in flown, "the bar in the storage shows once its flight lands"
    screenshot(page, "board-360-bars-flying")


def seeded(page: Page, site_url: str, session: Session, speed: str) -> None:
    save = json.dumps(session.save())
    page.add_init_script(
        f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)});"
        f" localStorage.setItem('gold-connection:speed', {json.dumps(json.dumps(speed))});"
    )
    page.goto(site_url + "index.html?lang=en")


def test_hover_rob_and_sort_on_the_pictures(page: Page, site_url, wait_ready, axe, screenshot):
    players = [
        {"stone": "1", "heading": "e"},
        {"stone": "2", "heading": "w", "rows": {"g6": 1, "y6": 5, "b5": 4}},
    ]
    rec = position_record(players, fields={"2": [], "3": ["r6"]})
    rec["players"] = [{"name": "Ada"}, {"name": "Bob"}]
    rec["seed"] = 1
    page.set_viewport_size({"width": 1366, "height": 768})
    seeded(page, site_url, Session.from_record(rec), "instant")
    wait_ready(page)

    # pointing at a reachable field, or focusing it, shows its steps, target and best odds
    field = page.locator('#board .field-box[data-field="4"]')
    field.hover()
    tip = page.locator("#fieldtip")
    assert tip.is_visible()
    assert tip.inner_text() == field.get_attribute("aria-label")
    assert re.fullmatch(r"4 — safe 4, 3 steps, target \d+, best odds \d+%", tip.inner_text())
    page.mouse.move(2, 2)
    assert not tip.is_visible()
    page.locator("#board #field-4 .bar").first.hover(force=True)  # its bars are the field too
    assert tip.is_visible() and tip.inner_text().startswith("4 — safe 4")
    page.locator('#board .field-box[data-field="3"]').focus()
    assert tip.is_visible() and tip.inner_text().startswith("3 — safe 3, 2 steps")
    screenshot(page, "board-1366-field-tip")

    # a longer way, built on the vault (GC-2.3): at E, where Ada's way first turns, a button
    # per corridor; ↓ enters the lower one, the way is drawn with its step counts and said
    # in the live region; Esc goes back; Tab + Enter, a click and Undo do the same
    turn = '#board [data-via="{}"]'
    assert page.locator(turn.format("m")).count() == page.locator(turn.format("s")).count() == 1
    assert page.locator("#board .way-path").count() == 0
    page.keyboard.press("ArrowDown")
    assert page.locator("#board .way-path").count() == 1
    said = "Your way: E → south; 9 steps so far, to the west end (W). Next corridor there: "
    assert page.inner_text("#way").startswith(said)
    assert page.locator('#board .field-box[data-field="8"][tabindex]').count() == 0, "not on it"
    assert page.locator('#panel .group.way [data-intent="via"]').count() >= 1
    box = page.locator('#panel [data-intent="stop"], #panel .panel-title').first.bounding_box()
    assert box and box["y"] >= 0, "the decision stays in view"
    screenshot(page, "board-1366-way")
    axe.check(page, "a longer way being built")
    page.keyboard.press("Escape")
    assert page.locator("#board .way-path").count() == 0 and page.inner_text("#way") == ""
    page.locator(turn.format("m")).focus()
    page.keyboard.press("Enter")
    assert "E → middle" in page.inner_text("#way")
    focused = page.evaluate("document.activeElement.getAttribute('data-via')")
    assert focused in ("n", "s"), "focus moves on to a corridor where the way now turns"
    page.locator('#tools [data-intent="undo"]').click()
    assert page.inner_text("#way") == ""
    page.locator(turn.format("s")).click()
    page.locator('#board .field-box[data-field="10"]').click()  # by the way built: 7 steps
    saved = page.evaluate(STORED_JS + "(\'gold-connection:save\').record")
    assert saved["moves"][-1] == "move 7 s"
    page.keyboard.press("u")  # the walk back, to rob on 2 below
    assert page.get_attribute("#panel .panel-inner", "data-prompt") == "move"

    # robbing: tap the victim's rows on their crate (a bar: it and those above it)
    page.locator('#board .field-box[data-field="2"]').click()
    rows = page.locator("#app [data-choice]")
    assert rows.count() == 3
    page.locator('#app [data-choice="y6"] .choice-ring').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert page.locator('#app [data-row="y6"] .slot.sel').count() == 2
    page.locator('#app [data-choice="y6"] .slot.filled[data-bar="y4"]').click()
    assert page.locator('#app [data-row="y6"] .slot.sel').count() == 1, "y4 tapped: un-named"
    page.locator('#app [data-choice="y6"] .slot.filled[data-bar="y5"]').click()
    assert page.locator('#app [data-row="y6"] .slot.sel').count() == 0
    page.locator('#app [data-choice="g6"] .slot.filled[data-bar="g1"]').click()
    pressed = page.locator('#panel [data-intent="robbar"][aria-pressed="true"]')
    assert pressed.count() == 1 and "green 1" in pressed.inner_text()
    screenshot(page, "board-1366-rob")  # the victim's crate open over the vault
    axe.check(page, "robbing on the victim's crate")
    page.locator('#panel [data-intent="roll"]').click()  # target 2: it always succeeds

    # sorting: a faint bar where green 1 lands; a tap on another row moves it there
    page.locator('#board .field-box[data-field="3"]').click()  # a robber must walk on
    page.keyboard.press("e")  # and ends the turn there: target 2, always reached
    assert page.get_attribute("#panel .panel-inner", "data-prompt") == "sort"
    ghost = '#crates [data-row="{}"] [data-ghost="g1"]'
    assert page.locator(ghost.format("g6")).count() == 1
    page.locator('#crates [data-choice="g5"]').click()
    assert page.locator(ghost.format("g5")).count() == 1
    assert page.locator(ghost.format("g6")).count() == 0
    screenshot(page, "board-1366-sort-ghost")
    axe.check(page, "sorting on one's crate")
    page.locator('#panel [data-intent="sort"]').click()
    # the turn passes to Bob, whose crate is now the large one: Ada's sort is in the record
    saved = page.evaluate(STORED_JS + "(\'gold-connection:save\').record")
    assert [m for m in saved["moves"] if m.startswith("sort")][-1] == "sort g1>g5"
