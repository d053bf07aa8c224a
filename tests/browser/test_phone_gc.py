"""Gold Connection on a phone (360 x 740, touch), issue #58: the states a player met there, each
loaded from a save in one shared page: a robbery with a hint open late in a game, plundering a
safe, the end screen. Checked as the player sees them: the decision in no small scroll box, the
log's lines whole (and on a desktop window the whole log a click away), the vault's small ingots
with an equal control, the scores unbroken."""

from __future__ import annotations

import json
import random

from gold_connection import Game, record
from gold_connection.players import make_player
from phones import PHONE, keep_to_site
from playwright.sync_api import Page

SETTLED = "html[data-state=ready], html[data-state=over], .py-error"


def late_robbery() -> dict:
    """Three players, greedy play from seed 1 until Ada (a person) may walk to a crate to rob
    after turn 20: the record up to that walk (turn 22, Cy's 13 bars on safe 4)."""
    rng = random.Random(1)
    g = Game.new(["Ada", "Bot", "Cy"], seed=1)
    greedy = make_player("greedy", rng)
    while not g.is_over():
        if g.prompt == "move" and g.to_move == 0 and g.counter > 20:
            for tok in g.legal():
                after = g.clone()
                after.apply(tok)
                if after.prompt == "act" and after.victim() is not None:
                    g.apply(tok)
                    rec = g.record()
                    for seat in rec["players"][1:]:
                        seat["ai"] = "medium"
                    return rec
        if g.current_player() < 0:
            g.roll(rng)
        else:
            g.apply(greedy.decide(g, g.legal()))
    raise AssertionError("no robbery in reach")


def load(page: Page, rec: dict) -> None:
    save = {"format": "site-save/1", "game": "gold-connection", "record": rec}
    page.evaluate(
        "(s) => { localStorage.setItem('gold-connection:save', s);"
        " localStorage.setItem('gold-connection:speed', '\"instant\"'); }",
        json.dumps(save),
    )
    page.reload()
    page.wait_for_selector(SETTLED, state="attached", timeout=60_000)
    assert page.locator(".py-error").count() == 0


# The decision's scroll boxes: every ancestor of a choice or main button that scrolls, with its
# height; and whether each main button is inside the window and on top.
DECISION = """() => {
  const boxes = new Set(), out = {boxes: [], hidden: []};
  for (const el of document.querySelectorAll('#panel .choices .btn, #panel .actions .btn')) {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a).overflowY;
      if ((s === 'auto' || s === 'scroll') && a.scrollHeight > a.clientHeight + 1) boxes.add(a);
    }
  }
  out.boxes = [...boxes].map((a) => [a.id || a.className, a.clientHeight]);
  for (const el of document.querySelectorAll('#panel .actions .btn')) {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (r.bottom > innerHeight + 0.5 || r.top < 0 || !hit || !el.contains(hit))
      out.hidden.push(el.textContent.trim());
  }
  return out;
}"""

# Log lines wider than the log (cut at its right edge).
LOG_CUT = """() => {
  const log = document.querySelector('#log').getBoundingClientRect();
  return [...document.querySelectorAll('#log .line, #log .tok')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1
      || el.getBoundingClientRect().right > log.right + 0.5)
    .map((el) => el.textContent.slice(0, 60));
}"""

# Each ingot that may be named: its size and the size of its equal control.
EQUAL = """() => [...document.querySelectorAll('#board [data-equal]')].map((bar) => {
  const r = bar.getBoundingClientRect(), twin = document.querySelector(bar.dataset.equal);
  const t = twin && twin.getBoundingClientRect();
  return [bar.dataset.bar, r.width, r.height, t ? t.width : 0, t ? t.height : 0];
})"""

# Score cells taller than one line: a name or a sum broken over two.
SCORES_BROKEN = """() => [...document.querySelectorAll('.scores tbody th, .scores tbody td')]
  .filter((el) => { const r = document.createRange(); r.selectNodeContents(el);
    const rects = [...r.getClientRects()].filter((x) => x.width);
    return rects.some((a) => rects.some((b) => b.top >= a.bottom - 1)); })
  .map((el) => el.textContent)"""


def test_gold_connection_at_phone_size(browser, site_url, screenshot):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    foreign: list[str] = []
    keep_to_site(context, site_url, foreign)
    try:
        page = context.new_page()
        page.goto(site_url + "index.html")
        page.wait_for_selector(SETTLED, state="attached", timeout=60_000)
        rec = late_robbery()

        # a robbery late in the game, the hint open: the rows scroll with the page, Roll in view
        load(page, rec)
        page.tap('#tools [data-intent="hint"]')
        page.wait_for_selector("#panel .hint p", timeout=60_000)
        assert page.locator('#panel [data-intent="robbar"]').count() >= 6
        found = page.evaluate(DECISION)
        screenshot(page, "phone-gc-robbery-hint")
        small = [(box, h) for box, h in found["boxes"] if h < 200]
        assert not small, f"the decision sits in a scroll box under 200 px: {small}"
        page.evaluate("document.querySelector('#app .table').scrollTop = 0")
        assert not page.evaluate(DECISION)["hidden"], "a main button is out of the window"
        assert page.evaluate(LOG_CUT) == [], "log lines are cut at the log's right edge"

        # the same game on a desktop window: the log's heading opens the whole log
        page.set_viewport_size({"width": 1366, "height": 768})
        toggle = page.locator("#log .log-toggle")
        assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
        height = "document.querySelector('#log').getBoundingClientRect().height"
        closed = page.evaluate(height)
        toggle.click()
        page.wait_for_selector('#log .log-toggle[aria-expanded="true"]')
        opened = page.evaluate(height)
        screenshot(page, "desktop-gc-log-open")
        assert opened >= max(200, closed + 150), (
            f"the log opens from {closed:.0f} to {opened:.0f} px"
        )
        page.keyboard.press("Escape")
        page.set_viewport_size(PHONE)

        # plundering a safe: the ingots that may be named point to panel buttons >= 24 px
        before_walk = {**rec, "moves": rec["moves"][:-1]}
        load(page, before_walk)
        page.tap('#panel [data-intent="field"][data-arg="3"]')
        page.wait_for_selector("#panel [data-intent='bar']")
        ingots = page.evaluate(EQUAL)
        screenshot(page, "phone-gc-plunder")
        assert ingots, "no ingot of the arrow's safe is marked as a target"
        for bar, w, h, tw, th in ingots:
            assert w < 24 or h < 24  # why it needs an equal control at all
            assert tw >= 24 and th >= 24, f"{bar}: its panel button is {tw:.0f} x {th:.0f} px"

        # the end screen: each player a block, no name or sum broken over two lines
        game = record.replay(before_walk)
        rng, greedy = random.Random(2), make_player("greedy", random.Random(2))
        while not game.is_over():
            if game.current_player() < 0:
                game.roll(rng)
            else:
                game.apply(greedy.decide(game, game.legal()))
        load(page, game.record())
        page.wait_for_selector(".scores")
        screenshot(page, "phone-gc-end")
        assert page.evaluate(SCORES_BROKEN) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()
    assert not foreign, foreign


# Each bar button still to be named in the panel: where it is, and whether the point at its
# centre is the button itself (not the sticky Roll/End footer drawn over it).
BAR_BUTTONS = """() => [...document.querySelectorAll('#panel [data-intent="bar"]')].map((el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return [el.dataset.arg, r.left, r.top, !!hit && el.contains(hit)];
})"""


def test_naming_a_bar_on_a_phone_moves_no_bar_button(browser, site_url, screenshot):
    """A new player's bug: the first bar named made the odds and what goes back appear above
    the bar buttons, pushing the second row under the sticky Roll/End footer, so the next tap
    where a bar was landed beside Roll (a roll cannot be undone)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    foreign: list[str] = []
    keep_to_site(context, site_url, foreign)
    try:
        page = context.new_page()
        page.goto(site_url + "index.html")
        page.wait_for_selector(SETTLED, state="attached", timeout=60_000)
        rec = late_robbery()
        load(page, {**rec, "moves": rec["moves"][:-1]})
        page.tap('#panel [data-intent="field"][data-arg="3"]')
        page.wait_for_selector("#panel [data-intent='bar']")
        before = page.evaluate(BAR_BUTTONS)
        assert len(before) >= 3, before
        hidden = [arg for arg, _, _, shown in before if not shown]
        assert not hidden, f"bar buttons under the footer before any is named: {hidden}"
        screenshot(page, "phone-gc-bars-before")
        first = before[0][0]
        page.tap(f'#panel [data-intent="bar"][data-arg="{first}"]')
        page.wait_for_selector(f'#panel [data-intent="bar"][data-arg="{first}"][aria-pressed=true]')
        page.wait_for_timeout(300)  # the scroll to the decision runs in the next frame
        after = page.evaluate(BAR_BUTTONS)
        screenshot(page, "phone-gc-bars-after")
        moved = [
            (a[0], round(a[2] - b[2], 1))
            for a, b in zip(after, before, strict=True)
            if a[0] != first and (abs(a[1] - b[1]) > 1 or abs(a[2] - b[2]) > 1)
        ]  # the named bar itself is lifted 3 px on purpose (css/game.css)
        assert not moved, f"naming {first} moved the bar buttons (arg, px): {moved}"
        hidden = [arg for arg, _, _, shown in after if not shown]
        assert not hidden, f"naming {first} put bar buttons under the footer: {hidden}"
        page.set_viewport_size({"width": 1366, "height": 768})
        screenshot(page, "desktop-gc-bars-named")
    finally:
        context.close()
    assert not foreign, foreign
