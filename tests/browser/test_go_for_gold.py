"""Go for Gold's page in Chromium: whole games by clicks and by keys, computers in the
worker, reloads that resume, bad links and saves named. Every request stays on the site
(the ``context`` fixture fails a test otherwise)."""

from __future__ import annotations

import re

from helpers import STORED_JS, stored_value
from playwright.sync_api import Page, expect

OVER = "html[data-state=over]"
STEP_LIMIT = 600


def decision_in_view(page: Page) -> None:
    """The prompt and the main button sit inside the viewport without scrolling."""
    vw = page.viewport_size
    box = page.locator("#decision").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + min(box["height"], 160) <= vw["height"] + 1, box


def play_person_turns(page: Page, check_layout: bool = False) -> int:
    """Click through a game as a person would, until it is over; the number of clicks."""
    clicks = 0
    while clicks < STEP_LIMIT:
        if page.locator(OVER).count():
            return clicks
        handoff = page.locator('#dialog [data-intent="handoff"]')
        harbour = page.locator("#decision button.harbour")
        nxt = page.locator("#island.playing .field.next")
        confirm = page.locator('#decision [data-intent="confirm"]:not([disabled])')
        special = page.locator('#decision [data-intent="play"]')
        foot = page.locator('#decision [data-intent="foot"]')
        if handoff.count():
            handoff.click()
        elif harbour.count():
            harbour.first.click()
        elif confirm.count():
            if check_layout:
                decision_in_view(page)
            confirm.click()
        elif nxt.count():
            nxt.first.click()
        elif special.count():
            if check_layout:
                decision_in_view(page)
            special.first.click()
        elif foot.count():
            foot.first.click()
        else:
            page.wait_for_timeout(50)  # the dice or a computer
            continue
        clicks += 1
    raise AssertionError(f"no end after {STEP_LIMIT} clicks")


def test_a_solo_game_by_clicks_to_the_end_screen_then_a_reload_resumes_it(
    page: Page, site_url: str, wait_ready, screenshot, axe
):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "go-for-gold.html?players=human&names=Ada&seed=21&speed=instant")
    wait_ready(page)
    expect(page.locator("#decision")).to_contain_text("Ada: choose the harbour")
    decision_in_view(page)
    axe.check(page, "choosing the start harbour")
    # every number on the sheet you play is at least 11 CSS px tall, even on a phone
    heights = page.evaluate(
        "[...document.querySelectorAll('#island .num')]"
        ".map((n) => n.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 11, heights
    page.locator("#decision button.harbour").first.click()
    page.locator("#island.playing .field.next").first.click()
    axe.check(page, "drawing a path")
    clicks = play_person_turns(page, check_layout=True)
    assert clicks > 10
    dialog = page.locator('#dialog [data-dialog="over"]')
    expect(dialog).to_contain_text("Game over")
    expect(dialog.locator("table.results")).to_contain_text("Ada")
    axe.check(page, "on the end screen")
    screenshot(page, "gfg-solo-over-360")
    moves = stored_value(page.evaluate("localStorage.getItem('go-for-gold:save')"))["record"]
    page.reload()
    page.wait_for_selector(OVER)
    again = stored_value(page.evaluate("localStorage.getItem('go-for-gold:save')"))["record"]
    assert again["moves"] == moves["moves"]
    expect(page.locator('#dialog [data-dialog="over"]')).to_be_visible()
    # the end screen's replay opens the game on the embed page, every move a step
    page.locator('#dialog a.btn[href^="embed.html#g="]').click()
    wait_ready(page)
    expect(page.locator(".vw-step")).to_contain_text(f"Move 0 of {len(moves['moves'])}")
    page.locator('[data-intent="next"]').click()
    expect(page.locator(".vw-caption")).to_contain_text("Ada starts at harbour")
    expect(page.locator(".gg-sheet")).to_have_count(1)
    axe.check(page, "on the embed page replaying a Go for Gold game")


def test_one_person_two_computers_by_keys_and_a_reload_mid_round(
    page: Page, site_url: str, wait_ready, screenshot
):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site_url + "go-for-gold.html?players=human,medium,easy&seed=8&speed=normal")
    wait_ready(page)
    page.keyboard.press("Enter")  # focus is on the first start harbour
    page.wait_for_selector("#island.playing .field.next")
    expect(page.locator("#live")).to_contain_text("the die shows")
    # a whole path with the keyboard: from the harbour, step by step onto lit fields
    n = int(page.locator(".steps-left").inner_text().split()[0])
    focused = page.evaluate("document.activeElement.getAttribute('data-field')")
    assert focused, "focus is on the island"
    for _ in range(n):
        target = page.locator("#island .field.next").first.get_attribute("data-field")
        page.focus(f'#island [data-field="{target}"]')
        page.keyboard.press("Enter")
        if page.locator('#decision [data-intent="confirm"]:not([disabled])').count():
            break
    screenshot(page, "gfg-3p-path-1366")
    decision_in_view(page)
    page.keyboard.press("Enter")  # the end of the finished path: draw it
    page.wait_for_function("document.querySelectorAll('#others .card-sheet').length === 2")
    page.wait_for_selector(".gg-decision .thinking, #island.playing", timeout=30_000)
    page.wait_for_function(
        "() => " + STORED_JS + "(\'go-for-gold:save\').record.moves.length > 4"
    )
    page.locator('#app [data-intent="share"]').click()  # Share: the replay link, selected
    link = page.locator("#dialog .share-link")
    expect(link).to_be_focused()
    assert "embed.html#g=" in link.input_value()
    page.keyboard.press("Escape")
    expect(page.locator("#dialog .overlay")).to_have_count(0)
    before = stored_value(page.evaluate("localStorage.getItem('go-for-gold:save')"))
    page.reload()
    wait_ready(page)
    after = stored_value(page.evaluate("localStorage.getItem('go-for-gold:save')"))
    assert after["record"]["moves"][: len(before["record"]["moves"])] == before["record"]["moves"]
    # the round goes on after the reload: the computers answer (in the worker) until Ada's turn
    page.wait_for_function(
        "() => " + STORED_JS + "(\'go-for-gold:save\').record.moves.length"
        f" > {len(after['record']['moves'])}",
        timeout=30_000,
    )
    page.wait_for_selector("#island.playing .field.next, " + OVER, timeout=30_000)
    # the page answers while the worker still boots (at most 1 s each); then the worker does
    page.wait_for_function("document.documentElement.dataset.ai === 'worker'", timeout=60_000)


def test_six_computers_play_an_instant_game_to_the_end(
    page: Page, site_url: str, wait_ready, screenshot
):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(
        site_url
        + "go-for-gold.html?players=easy,medium,greedy,random,medium,easy&seed=5&speed=instant"
    )
    wait_ready(page)
    page.wait_for_selector(OVER, timeout=120_000)
    expect(page.locator("#dialog table.results tbody tr")).to_have_count(6)
    assert page.evaluate("document.documentElement.dataset.ai") == "worker"
    # the log's numbers (two digits by now) fit in the list's padding, none cut off
    count, marker, padding = page.evaluate(
        """() => { const ol = document.querySelector('#log .log-lines');
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(ol.firstElementChild).font;
        const n = ol.children.length, pad = parseFloat(getComputedStyle(ol).paddingLeft);
        return [n, ctx.measureText(n + '. ').width, pad]; }"""
    )
    assert count >= 10 and marker <= padding, (count, marker, padding)
    screenshot(page, "gfg-6-computers-over-1920")


def test_bad_links_and_a_corrupt_save_are_named_and_nothing_hangs(
    page: Page, site_url: str, wait_ready, axe
):
    page.goto(site_url + "go-for-gold.html?players=human,wizard&map=z")
    wait_ready(page)
    notices = page.locator("#notices")
    expect(notices).to_contain_text("players=human,wizard")
    # the new-game form the address opened says it too, over the notices it hides
    expect(page.locator("#dialog .link-problems")).to_contain_text("players=human,wizard")
    expect(notices).to_contain_text("map=z")
    expect(page.locator('#dialog [data-dialog="newgame"]')).to_be_visible()
    axe.check(page, "in the new-game dialog with notices")
    # offline after one visit: the service worker answers, and a game in progress resumes
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.context.set_offline(True)
    page.goto(site_url + "go-for-gold.html?players=human&seed=4&speed=instant")
    wait_ready(page)
    page.locator("#decision button.harbour").first.click()
    page.wait_for_selector("#island.playing .field.next")
    page.reload()
    wait_ready(page)
    expect(page.locator("#island.playing .field.next").first).to_be_visible()
    page.context.set_offline(False)
    page.evaluate("localStorage.setItem('go-for-gold:save', '['.repeat(10000))")
    page.goto(site_url + "go-for-gold.html")
    wait_ready(page)
    expect(page.locator("#notices")).to_contain_text("could not be resumed")
    assert page.evaluate("localStorage.getItem('go-for-gold:save:corrupt')") is not None
    # each game's page links to the other
    assert page.locator("a.other-game").get_attribute("href") == "./"  # the registry's link
    page.goto(site_url + "index.html")
    wait_ready(page)
    link = page.locator("a.other-game")
    assert "Go for Gold" in link.inner_text() and link.get_attribute("href") == "go-for-gold.html"


LISTEN = """() => {
  window.__said = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) window.__said.push(n.textContent);
  }).observe(document.getElementById("sr-live"), { childList: true });
}"""


def test_a_solo_game_through_the_screen_reader_command_line_only(
    page: Page, site_url: str, wait_ready, axe
):
    page.goto(site_url + "go-for-gold.html?players=human&names=Ada&seed=33&speed=instant&sr=1")
    wait_ready(page)
    assert page.locator("#a11y input[type=checkbox]").is_checked()
    page.evaluate(LISTEN)
    command = page.locator("#sr-command")

    def say(text: str) -> None:
        command.fill(text)
        command.press("Enter")

    say("h")
    expect(page.locator(".sr-output")).to_contain_text("n: the fields around")
    say("start z9")  # not a harbour: one line, nothing played
    expect(page.locator(".sr-output li").last).to_contain_text("Not possible")
    say("hint")  # worked out in the worker, said once it is there, then played
    expect(page.locator("#sr-live")).to_contain_text("Hint: the strongest computer would start at")
    say("hint play")
    expect(page.locator(".sr-output li").last).to_contain_text("start ")
    expect(page.locator("#decision button.harbour")).to_have_count(0)  # started: no harbours
    for _ in range(STEP_LIMIT):
        if page.locator(OVER).count():
            break
        harbour = page.locator("#decision button.harbour")
        nxt = page.locator("#island.playing .field.next")
        done = page.locator('#decision [data-intent="confirm"]:not([disabled])')
        choice = page.locator('#decision [data-intent="play"]')
        foot = page.locator('#decision [data-intent="foot"]')
        if harbour.count():
            say(harbour.first.get_attribute("data-arg"))
        elif done.count():
            say("d")
        elif nxt.count():
            say(nxt.first.get_attribute("data-field"))
        elif choice.count():
            say(choice.first.get_attribute("data-arg"))
        elif foot.count():
            say("foot " + foot.first.get_attribute("data-arg"))
        else:
            page.wait_for_timeout(50)
    page.wait_for_selector(OVER)
    axe.check(page, "in screen-reader mode at the end")
    said = page.evaluate("window.__said")
    record = stored_value(page.evaluate("localStorage.getItem('go-for-gold:save')"))["record"]
    rounds = [line for line in said if "the die shows" in line]
    moves = record["moves"]
    dice = [tok for i, tok in enumerate(moves) if tok.startswith("die") and _is_round_die(moves, i)]
    expected = [f"Round {r}: the die shows {tok.split()[1]}." for r, tok in enumerate(dice, 1)]
    assert rounds == expected  # every movement roll said once, in order
    assert any("Ada walks" in line for line in said)
    assert any(("Ada scores" in line) for line in said), said[-5:]


def _is_round_die(moves: list[str], i: int) -> bool:
    """A movement roll: the first die of the game or one after a round's last move."""
    from go_for_gold.game import Game

    g = Game([{"name": "Ada"}])
    for tok in moves[:i]:
        g.push(tok)
    return g.prompt == "roll"


def test_a_first_visit_from_a_german_link_is_german_and_its_form_lines_up(
    page, site_url, wait_ready
):
    """?lang=de from an English browser: the players were "Player 1" (the form's names were
    made before the link's language), and the seed's label, two lines in German, pushed its
    field below the island's and the pace's selects. Behind the form, the island fits the
    1366×768 window."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site_url + "go-for-gold.html?lang=de")
    wait_ready(page)
    assert page.locator('[data-setting="name"]').first.input_value() == "Spieler 1"
    bottoms = page.evaluate("""() => [...document.querySelectorAll('.options > label')]
        .map((label) => label.querySelector('select, input').getBoundingClientRect().bottom)""")
    assert len(bottoms) == 3 and max(bottoms) - min(bottoms) < 2, bottoms  # it was 17 px
    # the whole island in the 768 px window: its bottom harbour row was 38 px below it
    island = page.locator(".island svg").first.bounding_box()
    assert island and island["y"] + island["height"] <= 768, island


def saved_moves(page: Page) -> list[str]:
    save = stored_value(page.evaluate("localStorage.getItem('go-for-gold:save')"))
    return save["record"]["moves"]


def in_view(page: Page, selector: str) -> None:
    """The element lies wholly inside the window, and the page itself does not scroll."""
    box = page.locator(selector).bounding_box()
    vw = page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= vw["height"] + 1, (selector, box)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")


def test_a_round_against_two_computers_keeps_every_roll_hint_undo_skip_and_odds_in_view(
    page: Page, site_url: str, wait_ready, axe
):
    """Issue #26 at 1366×768 in one round: the harbour lit from its Start button, a hint played
    with Play it, Skip (K), Undo back to the last roll, the search roll's die and outcome in
    the panel, each computer's round in one line, odds on a pointed treasure, field names,
    the log on screen with no page scroll, and the person's island kept throughout."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site_url + "go-for-gold.html?players=human,medium,easy&names=Ada&seed=4&speed=fast")
    wait_ready(page)
    start = page.locator("#decision button.harbour").first
    harbour = start.get_attribute("data-arg").split()[1]
    start.hover()
    expect(page.locator(f'#island [data-field="{harbour}"]')).to_have_class(re.compile("pointed"))
    start.click()
    page.wait_for_selector("#island.playing .field.next")
    in_view(page, "#log")
    in_view(page, "#status")
    expect(page.locator("#status .roll")).to_contain_text("Movement roll")
    # Hint (H): the strongest level's move, lit on the island, then played with Play it
    page.keyboard.press("h")
    play_it = page.locator('#decision .hint [data-intent="play_hint"]')
    expect(play_it).to_be_visible(timeout=30_000)
    assert page.locator("#island .field.hint").count() >= 2
    axe.check(page, "with a hint on the island")
    at_roll = len(saved_moves(page))
    play_it.click()
    # the computers play on their cards; Ada's island stays drawn large, her path on it
    expect(page.locator("#decision .thinking")).to_be_visible()
    expect(page.locator("#sheet-title")).to_have_text("The island of Ada")
    expect(page.locator("#decision .recap li.mine")).to_contain_text("Ada: uses a foot; walks")
    page.keyboard.press("k")  # Skip: at once to Ada's next decision
    page.wait_for_selector('#decision [data-intent="play"]', timeout=10_000)
    expect(page.locator("#decision .recap")).to_contain_text("Bot 2: walks")
    expect(page.locator("#decision .recap")).to_contain_text("Bot 3: walks")
    axe.check(page, "with the round summed up")
    # Undo goes back to the last roll: her path and the computers' after it
    page.locator('#tools [data-intent="undo"]').click()
    page.wait_for_selector("#island.playing .field.next")
    moves = saved_moves(page)
    assert len(moves) == at_roll and moves[-1].startswith("die ")
    expect(page.locator('#tools [data-intent="undo"]')).to_be_disabled()
    # the treasure's odds where it is pointed at, and the field names on the map
    treasure = page.locator("#island .field.treasure").first
    treasure.hover()
    expect(page.locator("#status .pointed")).to_contain_text("a search finds it with")
    page.locator('[data-intent="labels"]').click()
    expect(page.locator('[data-intent="labels"]')).to_have_attribute("aria-pressed", "true")
    assert page.locator("#island text.fname").count() > 50
    axe.check(page, "with the field names and a treasure's odds")
    # play the hint again, search, and see the search roll in the panel
    page.keyboard.press("h")
    page.locator('#decision .hint [data-intent="play_hint"]').click()
    page.keyboard.press("k")
    search = page.locator('#decision [data-intent="play"][data-arg="search"]')
    expect(search).to_be_visible(timeout=10_000)
    search.click()
    roll = page.locator('#status .roll[data-roll^="search:"]')
    expect(roll).to_be_visible()
    expect(roll).to_contain_text("Search roll: Ada")
    outcome = roll.locator(".roll-outcome").inner_text()
    assert re.fullmatch(r"Found! \+\d|Not found|\d short", outcome), outcome
    axe.check(page, "with a search roll in the panel")
    page.wait_for_selector("#island.playing", timeout=30_000)  # Ada's next decision
    expect(page.locator("#decision .recap li.mine")).to_contain_text("Ada: rolls")
    in_view(page, "#log")
    expect(page.locator("#log")).to_contain_text("Ada rolls")
    assert page.evaluate("document.activeElement.closest('#others') === null")
    # on a phone an opponent's thumbnail opens their island and closing it leaves the page
    # where it was (it scrolled, and a click on the thumbnail itself did nothing)
    page.set_viewport_size({"width": 360, "height": 740})
    thumb = page.locator("#others .thumb").first
    thumb.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    thumb.click()
    expect(page.locator('#dialog [data-dialog="sheet"]')).to_contain_text("The island of Bot")
    axe.check(page, "with an opponent's island open")
    page.keyboard.press("Escape")
    expect(page.locator("#dialog .overlay")).to_have_count(0)
    assert page.evaluate("scrollY") == before
