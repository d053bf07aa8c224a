"""Accessibility in Chromium: a whole game by the screen-reader command line, with every roll
announced once and in order; keyboard focus (rings, dialogs, computer turns); 200 % zoom.

axe-core's checks of the other screens run inside the flows that reach them anyway
(test_game.py, test_embed.py), through the ``axe`` fixture of conftest.py.
"""

from __future__ import annotations

import random

import pytest
from gold_connection import record
from helpers import stored_value
from pages.gold_connection import phrases as words
from pages.gold_connection.session import Session
from playwright.sync_api import Page, expect

TIMEOUT_MS = 60_000
HUMAN_OR_OVER = (
    "document.documentElement.dataset.state === 'over'"
    " || document.querySelector('#panel .panel-inner:not(.waiting)') !== null"
)
# Every line added to the live region, in order (the target of a childList record is the
# region itself, even for a line that a later batch removed before the observer ran).
COLLECT_SAID = """window.__said = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.id !== 'sr-live') continue;
    for (const n of r.addedNodes) if (n.nodeType === 1) window.__said.push(n.textContent);
  }
}).observe(document, {childList: true, subtree: true});"""
SAVE = "gold-connection:save"
ROBBERY = "scenarios/gc-8-4-robbery.json"


WAIT_FOR_PERSON = f"""() => ({HUMAN_OR_OVER}) && [
  document.documentElement.dataset.state === 'over' ? 'over'
    : document.querySelector('#panel .panel-inner').dataset.prompt,
  localStorage.getItem('{SAVE}')]"""
SUBMIT = """(text) => {
  const input = document.getElementById('sr-command');
  input.value = text;
  input.form.requestSubmit();
}"""


def wait_for_person(page: Page) -> tuple[str, dict]:
    """Wait until the person must act (or the game is over): the prompt and the saved record."""
    prompt, save = page.wait_for_function(WAIT_FOR_PERSON, timeout=TIMEOUT_MS).json_value()
    return prompt, stored_value(save)["record"]


def command(page: Page, text: str) -> str:
    """Type a command and Enter, as a person does; the answer as the output log shows it."""
    page.fill("#sr-command", text)
    page.press("#sr-command", "Enter")
    return page.inner_text(".sr-output li:last-child")


def saved_record(page: Page) -> dict:
    return stored_value(page.evaluate(f"localStorage.getItem('{SAVE}')"))["record"]


def choose(rec: dict, rng: random.Random) -> str:
    """The person's decision, worked out from the saved game as a player would from the text."""
    g = record.replay(rec)
    if g.prompt == "roll":
        return "r"
    legal = g.legal()
    if "stop" in legal and rng.random() < 0.6:
        return "stop"
    if g.prompt == "act":
        takes = [tok for tok in legal if tok.startswith(("take", "rob"))]
        return min(takes, key=len) if takes and rng.random() < 0.8 else "end"
    return rng.choice(legal)


def test_a_whole_game_against_two_computers_by_the_screen_reader_command_line(
    page, site_url, wait_ready, screenshot, axe
):
    page.add_init_script(COLLECT_SAID)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(
        site_url + "?players=human,ai:greedy,ai:random&names=Ada,Bot,Rnd&seed=5&speed=instant&sr=1"
    )
    wait_ready(page)
    assert page.get_attribute("html", "data-sr") == "on"
    first = page.locator("#app :is(input, button, select, a)").first
    assert first.get_attribute("id") == "sr-toggle" and first.is_checked()
    assert page.locator("#board svg").is_visible()  # the picture stays on screen

    rng = random.Random(2)
    read = False
    for _ in range(1500):
        prompt, rec = wait_for_person(page)
        if prompt == "over":
            break
        if prompt == "move" and not read:  # the reading commands, once, mid-game
            assert command(page, "h").splitlines()[1] == "Commands:"
            assert command(page, "f 7").splitlines()[1].startswith(("Safe 7, ", "Safe 7 is empty"))
            assert "Bot, Computer · greedy: " in command(page, "p 2")
            assert command(page, "s").count("stone") >= 3
            assert "No roll is at stake" in command(page, "o")
            assert command(page, "l").splitlines()[1].startswith("Moves: move ")
            assert "Not possible: 'take b1'" in command(page, "take b1")
            command(page, "hint")  # worked out in the AI worker, said once it is there
            expect(page.locator("#sr-live")).to_contain_text("Hint: Walk ")
            axe.check(page, "in screen-reader mode, a person to move")
            screenshot(page, "screen-reader-mode")
            read = True
        page.evaluate(SUBMIT, choose(rec, rng))  # the form as Enter submits it, in one call
    else:
        pytest.fail("the game did not end")
    assert read

    said = page.evaluate("window.__said")
    session = Session.from_record(saved_record(page))
    lines = [words.log_text(k, p) for e in session.log for k, p, _ in e.lines]
    rolls = [words.log_text(*e.lines[0][:2]) for e in session.log if e.token.startswith("dice")]
    assert len(rolls) == sum(m.startswith("dice") for m in session.game.moves) > 36
    expected = set(lines)
    assert [x for x in said if x in set(rolls)] == rolls  # every roll and result, once, in order
    assert [x for x in said if x in expected] == lines  # and every other line of the log
    assert "Turn 36 · " in " ".join(said)
    assert said[-1].startswith(("Ada wins", "Bot wins", "Rnd wins")) or "share the win" in said[-1]
    assert page.locator("#board .field.hl").count() == 0  # nothing was clicked there


# ---- keyboard focus ---------------------------------------------------------------------------

ACTIVE = """() => {
  const el = document.activeElement;
  return {tag: el.tagName.toLowerCase(), id: el.id, intent: el.dataset.intent || null,
          inPanel: !!el.closest('#panel'), inDialog: !!el.closest('#dialog .overlay'),
          visible: el.checkVisibility() && el.getClientRects().length > 0};
}"""
KEYS = {"roll": "r", "act": "e", "chips": "a", "sort": "s"}  # the panel's shortcuts
CHOICE = {p: f'#panel [data-intent="{i}"]' for p, i in (("place", "place"), ("face", "face"))}
CHOICE["move"] = '#panel [data-intent="field"]'


def active(page: Page) -> dict:
    return page.evaluate(ACTIVE)


def test_focus_stays_on_the_panel_through_the_computer_s_turns(page, site_url, wait_ready):
    page.goto(site_url + "?players=human,ai:greedy&seed=7&speed=instant")
    wait_ready(page)
    page.focus('#panel [data-intent="roll"]')
    computer_turns = 0
    for _ in range(40):
        prompt, _rec = wait_for_person(page)
        now = active(page)  # after the computer's turns: on the panel's action or its title
        assert now["inPanel"] and now["visible"] and now["tag"] in ("button", "h2"), (prompt, now)
        computer_turns = page.locator("#log .turn h3:has-text('Bot')").count()
        if computer_turns >= 2:
            break
        if prompt in CHOICE:  # a choice among several: Tab to one, Enter
            page.focus(CHOICE[prompt])
            page.keyboard.press("Enter")
        else:
            page.keyboard.press(KEYS.get(prompt, "Enter"))
        now = active(page)  # right after the action: in the panel, never lost
        assert now["inPanel"] and now["visible"], (prompt, now)
    assert computer_turns >= 2


def test_a_dialog_keeps_focus_inside_and_gives_it_back(page, site_url, wait_ready):
    page.goto(site_url + "?players=human,human&seed=3&speed=instant")
    wait_ready(page)
    page.focus('#tools [data-intent="new"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#dialog [data-dialog="newgame"]')
    assert active(page)["inDialog"]
    seen = set()
    for key in ["Tab"] * 24 + ["Shift+Tab"] * 4:
        page.keyboard.press(key)
        now = active(page)
        assert now["inDialog"] and now["visible"], (key, now)
        seen.add((now["tag"], now["intent"]))
    assert ("button", "start") in seen and ("button", "quick") in seen  # it cycles
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog .overlay", state="detached")
    assert active(page)["intent"] == "new"  # back on the button that opened it


FOCUS_RING = """() => {
  const el = document.activeElement, style = getComputedStyle(el);
  if (el === document.body) return null;  // Tab went past the last control, to the browser
  return {what: el.outerHTML.slice(0, 80),
          visible: el.checkVisibility() && el.getClientRects().length > 0,
          ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2};
}"""


@pytest.mark.parametrize(
    "path", ["?players=human,ai:greedy&seed=7&speed=instant&sr=1", "embed.html#src=" + ROBBERY]
)
def test_every_control_shows_a_focus_ring_and_focus_lands_only_on_what_is_shown(
    page, site_url, wait_ready, path
):
    page.goto(site_url + path)
    wait_ready(page)
    page.locator("body").focus()
    stops = []
    for _ in range(45):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUS_RING)
        if now is None:
            continue
        assert now["visible"] and now["ring"], now
        stops.append(now["what"])
    assert len(set(stops)) >= 6  # it went round the page's controls


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("game-sr", "?players=human,ai:greedy&seed=7&speed=instant&sr=1"),
        ("howto", "howto.html"),
        ("embed-play", "embed.html#src=" + ROBBERY + "&mode=play"),
        ("gfg-sr", "go-for-gold.html?players=human,medium,easy&seed=3&speed=instant&sr=1"),
    ],
)
def test_at_200_percent_zoom_nothing_scrolls_sideways_or_is_cut_off(
    page, site_url, wait_ready, screenshot, name, path
):
    """1366 CSS px at zoom 2 is a 683 px wide viewport (WCAG 1.4.4 and 1.4.10)."""
    page.set_viewport_size({"width": 683, "height": 384})
    page.goto(site_url + path)
    wait_ready(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 683
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#app *')].filter((el) => {
             const r = el.getBoundingClientRect();
             return el.checkVisibility() && r.width > 0 && (r.left < -1 || r.right > innerWidth + 1)
               && !el.closest('.sr-live, .vh');
           }).map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert cut == []
    screenshot(page, f"zoom-200-{name}")
